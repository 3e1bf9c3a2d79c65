#version 450
#extension GL_EXT_nonuniform_qualifier : require
// Descriptor indexing of image-type arrays (driver tests). Invocation i (of 16) reads
// texel i % 4 of storage image imgs[i % 3], of sampled image texs[i % 2] (nearest
// sampler), of uniform texel buffer tbs[(i + 1) % 3] and of run-time array element
// rt[i % n] (n = pc.n, sampled with smp), all with non-uniform indices, and writes
// img + 10 tex + 100 tb + 1000 rt to element i of storage texel buffer outs[pc.k]
// (a uniform index) and, as an integer, adds it to texel i % 4 of r32ui storage image
// sums[i % 2] with an atomic (non-uniform index).
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, r32f) uniform readonly image2D imgs[3];
layout(set = 0, binding = 1) uniform sampler2D texs[2];
layout(set = 0, binding = 2) uniform samplerBuffer tbs[3];
layout(set = 0, binding = 3, r32f) uniform writeonly imageBuffer outs[2];
layout(set = 0, binding = 4, r32ui) uniform uimage2D sums[2];
layout(set = 0, binding = 5) uniform sampler smp;
layout(set = 0, binding = 6) uniform texture2D rt[];
layout(push_constant) uniform P { int k; int n; } pc;
void main() {
    int i = int(gl_LocalInvocationID.x);
    int x = i % 4;
    float v = imageLoad(imgs[nonuniformEXT(i % 3)], ivec2(x, 0)).x;
    v += 10.0 * textureLod(texs[nonuniformEXT(i % 2)], vec2((float(x) + 0.5) / 4.0, 0.5), 0.0).x;
    v += 100.0 * texelFetch(tbs[nonuniformEXT((i + 1) % 3)], x).x;
    v += 1000.0 * texelFetch(sampler2D(rt[nonuniformEXT(i % pc.n)], smp), ivec2(x, 0), 0).x;
    imageStore(outs[pc.k], i, vec4(v));
    imageAtomicAdd(sums[nonuniformEXT(i % 2)], ivec2(x, 0), uint(v));
}

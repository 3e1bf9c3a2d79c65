#version 450
// Null descriptors (driver tests): every image-type binding is written with
// VK_NULL_HANDLE. The shader writes, reads, queries and atomically updates the null
// storage images, samples the null combined image sampler and the null sampled image
// (with a real sampler), reads and writes the null texel buffers, and reports it all.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, rgba8) uniform image2D img;
layout(set = 0, binding = 1, r32ui) uniform uimage2D counts;
layout(set = 0, binding = 2) uniform sampler2D tex;
layout(set = 0, binding = 3) uniform texture2D sep;
layout(set = 0, binding = 4) uniform sampler smp;
layout(set = 0, binding = 5) uniform samplerBuffer utb;
layout(set = 0, binding = 6, rgba32f) uniform imageBuffer stb;
layout(set = 0, binding = 7) buffer Out {
    vec4 v[6];
    ivec4 sizes;
    ivec4 sizes2;
    uint atom[4];
    uint after;
} o;
void main() {
    uint i = gl_LocalInvocationID.x;
    imageStore(img, ivec2(1, 1), vec4(1.0));
    imageStore(stb, 2, vec4(5.0));
    // The atomics' return values (per invocation), and the texel they updated.
    o.atom[i] = imageAtomicAdd(counts, ivec2(0, 0), 5u);
    barrier();
    if (i != 0) return;
    o.v[0] = imageLoad(img, ivec2(1, 1));
    o.v[1] = textureLod(tex, vec2(0.5), 0.0);
    o.v[2] = textureLod(sampler2D(sep, smp), vec2(0.5), 0.0);
    o.v[3] = texelFetch(utb, 3);
    o.v[4] = imageLoad(stb, 2);
    o.v[5] = texelFetch(tex, ivec2(0, 0), 0);
    o.sizes = ivec4(imageSize(img), imageSize(counts));
    o.sizes2 = ivec4(textureSize(tex, 0), textureSize(utb), imageSize(stb));
    o.after = imageLoad(counts, ivec2(0, 0)).x;
}

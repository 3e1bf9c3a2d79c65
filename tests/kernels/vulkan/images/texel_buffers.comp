#version 460
// Texel buffers: out_texels[i] = texelFetch(uniform texel buffer, i) * 2 written to a
// storage texel buffer; counts[i % 4] += 1 by image atomics on a uint storage texel buffer;
// sizes = (textureSize, imageSize).
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) uniform samplerBuffer src;
layout(set = 0, binding = 1, rgba32f) uniform writeonly imageBuffer dst;
layout(set = 0, binding = 2, r32ui) uniform uimageBuffer counts;
layout(set = 0, binding = 3) buffer Sizes { ivec2 sizes; };
void main() {
    int i = int(gl_GlobalInvocationID.x);
    imageStore(dst, i, texelFetch(src, i) * 2.0);
    imageAtomicAdd(counts, i % 4, 1u);
    if (i == 0) sizes = ivec2(textureSize(src), imageSize(dst));
}

#version 450
// Texel buffers (driver tests): read a uniform texel buffer (rgba8 unorm), write twice
// each texel to a storage texel buffer (rgba32f), and report both buffers' sizes.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform samplerBuffer src;
layout(set = 0, binding = 1, rgba32f) uniform writeonly imageBuffer dst;
layout(set = 0, binding = 2) writeonly buffer Sizes { int sizes[2]; };
void main() {
    int i = int(gl_GlobalInvocationID.x);
    imageStore(dst, i, texelFetch(src, i) * 2.0);
    if (i == 0) {
        sizes[0] = textureSize(src);
        sizes[1] = imageSize(dst);
    }
}

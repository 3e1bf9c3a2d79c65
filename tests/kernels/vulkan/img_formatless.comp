#version 450
#extension GL_EXT_shader_image_load_formatted : require
// Storage images without a declared format (driver tests): the formats are the bound
// views'. dst = src.abgr + 0.25.
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0) uniform readonly image2D src;
layout(set = 0, binding = 1) uniform writeonly image2D dst;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    imageStore(dst, p, imageLoad(src, p).abgr + 0.25);
}

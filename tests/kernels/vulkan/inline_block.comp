#version 450
// env: vulkan1.3
// An inline uniform block (descriptor type INLINE_UNIFORM_BLOCK: its bytes live in the
// descriptor set) read as a uniform block: out[i] = in[i] * scale[i % 4] + add.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) uniform Block {
    vec4 scale;
    uint add;
} blk;
layout(set = 0, binding = 1) buffer Data { float data[]; } d;
void main() {
    uint i = gl_GlobalInvocationID.x;
    d.data[i] = d.data[i] * blk.scale[i % 4] + float(blk.add);
}

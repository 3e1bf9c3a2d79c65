#version 450
#extension GL_EXT_nonuniform_qualifier : require
// env: vulkan1.2
// A run-time sized descriptor array of buffers, which spirjit refuses as unsupported
// (the interface needs a fixed number of descriptors).
layout(local_size_x = 4) in;
layout(std430, set = 0, binding = 0) buffer B { float v[]; } bufs[];
layout(std430, set = 1, binding = 0) buffer O { float o[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    o[i] = bufs[nonuniformEXT(i % 4u)].v[i];
}

#version 450
#extension GL_EXT_nonuniform_qualifier : require
// env: vulkan1.2
// Descriptor arrays of buffers: an array of four storage Blocks and one of two uniform
// Blocks, indexed by constants, by a uniform index (push constant) and by a
// non-uniform one (nonuniformEXT). Invocation i adds in bufs[i % 4] and writes
// o[4 i .. 4 i + 3]; it then increments bufs[(i + k) % 4].v[i] (the buffers are also
// written through the array).
layout(local_size_x = 4) in;
layout(std430, set = 0, binding = 0) buffer B { float v[]; } bufs[4];
layout(std140, set = 0, binding = 1) uniform U { vec4 scale; } us[2];
layout(std430, set = 1, binding = 0) buffer O { float o[]; };
layout(push_constant) uniform P { uint k; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    o[4 * i + 0] = bufs[0].v[i] + bufs[3].v[i];
    o[4 * i + 1] = bufs[pc.k].v[i] * us[1].scale.y;
    o[4 * i + 2] = bufs[nonuniformEXT(i % 4u)].v[i] + us[nonuniformEXT(i & 1u)].scale.x;
    o[4 * i + 3] = float(bufs[nonuniformEXT((i + 1u) % 4u)].v.length());
    bufs[nonuniformEXT((i + pc.k) % 4u)].v[i] += 1.0;
}

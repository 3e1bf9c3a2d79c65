#version 450
#extension GL_EXT_nonuniform_qualifier : require
// env: vulkan1.2
// A run-time sized descriptor array of buffers (runtimeDescriptorArray): as many
// storage Blocks as the dispatch binds (pc.n of them), indexed by a uniform index
// (pc.k), by non-uniform ones (nonuniformEXT) and by a constant. Invocation i writes
// o[4 i .. 4 i + 3] and then increments bufs[(i + k) % n].v[i]. With pc.bad != 0,
// invocation 0 also reads bufs[pc.bad] (past the last buffer bound when bad >= n: an
// error, or 0 under robust buffer access) into o[4 * gl_NumWorkGroups.x * 4].
layout(local_size_x = 4) in;
layout(std430, set = 0, binding = 0) buffer B { float v[]; } bufs[];
layout(std430, set = 1, binding = 0) buffer O { float o[]; };
layout(push_constant) uniform P { uint n; uint k; uint bad; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    o[4 * i + 0] = bufs[pc.k].v[i] + bufs[0].v[i];
    o[4 * i + 1] = bufs[nonuniformEXT(i % pc.n)].v[i];
    o[4 * i + 2] = float(bufs[nonuniformEXT((i + 1u) % pc.n)].v.length());
    o[4 * i + 3] = float(bufs[pc.n - 1u].v.length());
    if (i == 0u && pc.bad != 0u) {
        o[4u * gl_NumWorkGroups.x * 4u] = bufs[pc.bad].v[0];
    }
    bufs[nonuniformEXT((i + pc.k) % pc.n)].v[i] += 1.0;
}

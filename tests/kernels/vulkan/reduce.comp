#version 450
// Work-group sum in shared memory with barrier(); one partial sum per work-group, plus
// each invocation's ids so the test can check the builtin variables.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { float data[]; };
layout(set = 0, binding = 1) writeonly buffer Sums { float sums[]; };
layout(set = 0, binding = 2) writeonly buffer Ids { uvec4 ids[]; };

shared float tmp[64];

void main() {
    uint l = gl_LocalInvocationIndex;
    tmp[l] = data[gl_GlobalInvocationID.x];
    barrier();
    for (uint s = gl_WorkGroupSize.x / 2u; s > 0u; s >>= 1u) {
        if (l < s) {
            tmp[l] += tmp[l + s];
        }
        barrier();
    }
    if (l == 0u) {
        sums[gl_WorkGroupID.x] = tmp[0];
    }
    ids[gl_GlobalInvocationID.x] = uvec4(gl_LocalInvocationID.x, gl_WorkGroupID.x, gl_NumWorkGroups.x, l);
}

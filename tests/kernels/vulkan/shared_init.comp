#version 450
// env: vulkan1.2
// Shared variables with a null initializer (zeroed per work-group), module-scope private
// variables and function variables with initializers.
#extension GL_EXT_null_initializer : require
layout(local_size_x = 8) in;
layout(std430, set = 0, binding = 0) buffer O { uint o[]; };   // 5 per invocation
shared uint zeroed[8] = {};
shared uint zcount = {};
const uint table[4] = uint[](7u, 11u, 13u, 17u);
uint counter = 5u;

uint bump() { counter += 3u; return counter; }

void main() {
    uint l = gl_LocalInvocationID.x, i = gl_GlobalInvocationID.x;
    uint before = zeroed[l] + zcount;     // zero in every work-group
    barrier();
    zeroed[l] = l + 1u + gl_WorkGroupID.x;
    atomicAdd(zcount, 1u);
    barrier();
    uint local_arr[3] = uint[](table[l & 3u], 2u, 3u);
    local_arr[i % 3u] += 100u;
    o[5 * i + 0] = before;
    o[5 * i + 1] = zeroed[7u - l] + zcount;
    o[5 * i + 2] = bump() + bump();
    o[5 * i + 3] = local_arr[0] + local_arr[1] * 10u + local_arr[2] * 1000u;
    o[5 * i + 4] = table[i & 3u];
}

#version 450
// env: vulkan1.2
// Structured control flow of the shapes glslang emits (nested loops with continue
// blocks, do-while, switch with fall-through and default in the middle, early return
// inside a loop, break out of a switch inside a loop) and barriers with every scope and
// semantics combination a compute shader can name.
#pragma use_vulkan_memory_model
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 16) in;
layout(std430, set = 0, binding = 0) readonly buffer In { int v[]; };
layout(std430, set = 0, binding = 1) buffer O { int o[]; };     // 4 per invocation
shared int sh[16];

int walk(int x) {
    int acc = 0;
    for (int j = 0; j < 6; j++) {
        if (j == x % 5) continue;
        for (int k = j; k < 5; k += 2) {
            if (k * j > x) break;
            acc += k ^ j;
        }
        int n = 0;
        do {
            n++;
            if (n == 3) continue;
            acc += n;
        } while (n < (x & 3));
        if (acc > 40 + x) return -acc;   // early return inside a loop
    }
    return acc;
}

int sw(int x) {
    int r = 0;
    for (int j = 0; j < 4; j++) {
        switch ((x + j) % 6) {
        case 0:
            r += 1;
        case 1:          // fall-through from 0
            r += 10;
            break;
        default:
            r -= 3;
        case 2:          // fall-through from default
            r *= 2;
            break;
        case 4:
            if (r > 5) break;
            r += 100;
        case 5:
            r += x;
        }
    }
    return r;
}

void main() {
    uint i = gl_GlobalInvocationID.x, l = gl_LocalInvocationID.x;
    int x = v[i];
    o[4 * i + 0] = walk(x);
    o[4 * i + 1] = sw(x);
    sh[l] = x;
    controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquireRelease);
    int a = sh[(l + 1) & 15u];
    controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared | gl_StorageSemanticsBuffer,
        gl_SemanticsAcquireRelease | gl_SemanticsMakeAvailable | gl_SemanticsMakeVisible);
    sh[l] = a + 1;
    memoryBarrier(gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsRelease);
    barrier();
    memoryBarrier(gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);
    memoryBarrierShared();
    memoryBarrierBuffer();
    groupMemoryBarrier();
    controlBarrier(gl_ScopeSubgroup, gl_ScopeSubgroup, 0, 0);
    controlBarrier(gl_ScopeWorkgroup, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquireRelease);
    controlBarrier(gl_ScopeWorkgroup, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer | gl_StorageSemanticsShared,
        gl_SemanticsRelease | gl_SemanticsMakeAvailable);
    o[4 * i + 2] = sh[15u - l];
    int t = 0;
    for (int j = 0; j < 3; j++) {
        barrier();            // a barrier inside a uniform loop
        t += sh[(l + uint(j)) & 15u];
        barrier();
        sh[l] = t;
    }
    o[4 * i + 3] = t;
}

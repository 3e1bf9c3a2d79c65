#version 450
// env: vulkan1.2
// Every atomic on a storage buffer and on shared memory, 32- and 64-bit, float add /
// min / max, and loads and stores with Vulkan memory model scopes and semantics.
#pragma use_vulkan_memory_model
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_EXT_shader_atomic_float : require
#extension GL_EXT_shader_atomic_float2 : require
layout(local_size_x = 16) in;
layout(std430, set = 0, binding = 0) buffer A32 { uint u[8]; int s[4]; float f[4]; } a;
layout(std430, set = 0, binding = 1) buffer A64 { uint64_t u[6]; int64_t s[2]; double f[4]; } b;
layout(std430, set = 0, binding = 2) buffer Old { uint old[]; };      // 5 per invocation
layout(std430, set = 0, binding = 3) buffer G { uint g[]; };          // 8 per work-group
shared uint su[4];
shared int ss[2];
shared uint64_t s64[2];
shared float sf[3];

void main() {
    uint i = gl_GlobalInvocationID.x, l = gl_LocalInvocationID.x, wg = gl_WorkGroupID.x;
    if (l == 0) {
        su[0] = 0; su[1] = 0xFFFFFFFFu; su[2] = 0; su[3] = 0;
        ss[0] = 0; ss[1] = 0;
        s64[0] = 0; s64[1] = 0;
        sf[0] = 0.0; sf[1] = 1e30; sf[2] = -1e30;
    }
    barrier();
    // Storage buffer, 32-bit.
    old[5 * i + 0] = atomicAdd(a.u[0], 1u);
    atomicAdd(a.u[1], i * 3u);
    atomicAnd(a.u[2], ~(1u << (i & 31u)));
    atomicOr(a.u[3], 1u << (i & 31u));
    atomicXor(a.u[4], i * 0x01010101u);
    atomicMin(a.u[5], i + 100u);
    atomicMax(a.u[6], i * 7u);
    old[5 * i + 1] = atomicExchange(a.u[7], i);
    atomicMin(a.s[0], -int(i));
    atomicMax(a.s[1], int(i) - 1000);
    atomicAdd(a.s[2], -int(i));
    old[5 * i + 2] = uint(atomicCompSwap(a.s[3], 0, int(i) + 1));   // one invocation wins
    atomicAdd(a.f[0], 0.5);
    atomicMin(a.f[1], float(i) - 3.0);
    atomicMax(a.f[2], float(i) * 2.0);
    atomicStore(a.f[3], 4.0, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease | gl_SemanticsMakeAvailable);
    // Storage buffer, 64-bit.
    atomicAdd(b.u[0], uint64_t(i) << 32);
    atomicMax(b.u[1], uint64_t(i) * 0x100000001ul);
    atomicMin(b.u[2], uint64_t(i + 5u) << 40);
    atomicOr(b.u[3], 1ul << (i & 63u));
    atomicXor(b.u[4], uint64_t(i) << 20);
    atomicAnd(b.u[5], ~(1ul << ((i & 31u) + 32u)));
    atomicMin(b.s[0], -int64_t(i) << 35);
    int64_t prev = atomicCompSwap(b.s[1], 0l, int64_t(i) + 1l);
    atomicAdd(b.f[0], 0.25lf);
    atomicMin(b.f[1], double(i) * -1.5);
    atomicMax(b.f[2], double(i) + 0.5);
    old[5 * i + 3] = uint(atomicExchange(b.f[3], double(i)));
    old[5 * i + 4] = uint(prev);
    // Shared memory.
    atomicAdd(su[0], l + 1u);
    atomicAnd(su[1], ~(1u << l));
    atomicOr(su[2], 1u << (l * 2u));
    atomicMax(su[3], l * 5u);
    atomicMin(ss[0], -int(l));
    atomicXor(ss[1], int(l) << 4);
    atomicAdd(s64[0], uint64_t(l) << 33);
    atomicCompSwap(s64[1], uint64_t(l), uint64_t(l) + 1ul);
    atomicAdd(sf[0], 0.125);
    atomicMin(sf[1], float(l) + 0.5);
    atomicMax(sf[2], -float(l));
    barrier();
    if (l == 0) {
        g[8 * wg + 0] = atomicLoad(su[0], gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquire | gl_SemanticsMakeVisible);
        g[8 * wg + 1] = su[1];
        g[8 * wg + 2] = su[2] ^ su[3];
        g[8 * wg + 3] = uint(ss[0]) + uint(ss[1]);
        g[8 * wg + 4] = uint(s64[0] >> 32);
        g[8 * wg + 5] = uint(s64[1]);
        g[8 * wg + 6] = floatBitsToUint(sf[0] + sf[1]);
        g[8 * wg + 7] = floatBitsToUint(sf[2]);
    }
}

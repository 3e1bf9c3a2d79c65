// validate-env: spv1.0
// Atomics on __local int, uint and long; each work-group reduces its items in local
// memory and writes the results for its group: out[g*13 + k], lout[g*4 + k]; out[g*13+12]
// is the sum of the tickets atomic_inc handed out (n*(n-1)/2 when each was unique).
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void atomics_local(__global const int *v, __global int *out, __global long *lout)
{
    __local int s[8];
    __local uint u[4];
    __local long l[4];
    __local int ticket;
    __local int tsum;
    int lid = get_local_id(0);
    int x = v[get_global_id(0)];
    if (lid == 0) {
        s[0] = 0; s[1] = 0; s[2] = INT_MAX; s[3] = INT_MIN; s[4] = -1; s[5] = 0; s[6] = 0; s[7] = 0;
        u[0] = 0xffffffffu; u[1] = 0; u[2] = 100; u[3] = 0;
        l[0] = 0; l[1] = LONG_MAX; l[2] = LONG_MIN; l[3] = 0;
        ticket = 0;
        tsum = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&s[0], x);
    atomic_sub(&s[1], x);
    atomic_min(&s[2], x);
    atomic_max(&s[3], x);
    atomic_and(&s[4], x | 0x10);
    atomic_or(&s[5], x & 0xff);
    atomic_xor(&s[6], x);
    atomic_inc(&s[7]);
    atomic_min(&u[0], (uint)x);
    atomic_max(&u[1], (uint)x);
    atomic_dec(&u[2]);
    int old;
    do {
        old = u[3];
    } while (atomic_cmpxchg(&u[3], old, old + 2) != old);
    atom_add(&l[0], (long)x * 1000003L);
    atom_min(&l[1], (long)x);
    atom_max(&l[2], (long)x << 20);
    atom_xchg(&l[3], 5L);
    int mine = atomic_inc(&ticket);
    atomic_add(&tsum, mine);
    barrier(CLK_LOCAL_MEM_FENCE);
    int g = get_group_id(0);
    if (lid < 8)
        out[g * 13 + lid] = s[lid];
    if (lid < 4) {
        out[g * 13 + 8 + lid] = (int)u[lid];
        lout[g * 4 + lid] = l[lid];
    }
    if (lid == 0)
        out[g * 13 + 12] = tsum;
}

// build-spir32
// 32-bit atomics on unsigned int in global memory (unsigned min/max see values above
// 2^31 as large). Counters: 0 add 1 sub 2 min 3 max 4 and 5 or 6 xor 7 inc 8 dec
// 9 cmpxchg-loop max. rets[i] = value returned by atomic_inc on counter 10.
__kernel void atomics_uint(__global const uint *v, __global uint *c, __global uint *rets)
{
    uint i = get_global_id(0);
    uint x = v[i];
    atomic_add(&c[0], x);
    atomic_sub(&c[1], x);
    atomic_min(&c[2], x);
    atomic_max(&c[3], x);
    atomic_and(&c[4], ~(1u << (x % 32)));
    atomic_or(&c[5], 1u << (x % 32));
    atomic_xor(&c[6], x);
    atomic_inc(&c[7]);
    atomic_dec(&c[8]);
    uint old = c[9];
    while (x > old) {
        uint prev = atomic_cmpxchg(&c[9], old, x);
        if (prev == old)
            break;
        old = prev;
    }
    rets[i] = atomic_inc(&c[10]);
}

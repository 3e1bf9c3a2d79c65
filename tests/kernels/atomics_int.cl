// Every 32-bit atomic on signed int in global memory. Counters (c[]):
//  0 add  1 sub  2 xchg  3 cmpxchg-loop increment  4 min  5 max  6 and  7 or  8 xor
//  9 inc  10 dec. Per-item results: olds[i] = old value of the xchg,
//  own[2*i] = atomic_cmpxchg on the item's own slot (succeeds), own[2*i+1] = a failing one.
__kernel void atomics_int(__global const int *v, __global int *c, __global int *olds, __global int *own)
{
    int i = get_global_id(0);
    int x = v[i];
    atomic_add(&c[0], x);
    atomic_sub(&c[1], x);
    olds[i] = atomic_xchg(&c[2], x);
    int old;
    do {
        old = c[3];
    } while (atomic_cmpxchg(&c[3], old, old + 1) != old);
    atomic_min(&c[4], x);
    atomic_max(&c[5], x);
    atomic_and(&c[6], x | (1 << (i % 31)));
    atomic_or(&c[7], x & 0x0f0f0f0f);
    atomic_xor(&c[8], x);
    atomic_inc(&c[9]);
    atomic_dec(&c[10]);
    own[2 * i] = atomic_cmpxchg(&own[2 * i], i, -i);
    own[2 * i + 1] = atomic_cmpxchg(&own[2 * i + 1], i + 1, 7);
}

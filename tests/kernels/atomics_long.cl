// validate-env: spv1.0
// 64-bit atomics on long and ulong in global memory (cl_khr_int64_base_atomics and
// cl_khr_int64_extended_atomics). Counters c[]: 0 add 1 sub 2 xchg 3 cmpxchg-loop add
// 4 min 5 max 6 and 7 or 8 xor 9 inc 10 dec; u[]: 0 umin 1 umax 2 add.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void atomics_long(__global const long *v, __global long *c, __global ulong *u, __global long *olds)
{
    int i = get_global_id(0);
    long x = v[i];
    atom_add(&c[0], x);
    atom_sub(&c[1], x);
    olds[i] = atom_xchg(&c[2], x);
    long old;
    do {
        old = c[3];
    } while (atom_cmpxchg(&c[3], old, old + x) != old);
    atom_min(&c[4], x);
    atom_max(&c[5], x);
    atom_and(&c[6], x | (1L << (i % 63)));
    atom_or(&c[7], x & 0x00ff00ff00ff00ffL);
    atom_xor(&c[8], x);
    atom_inc(&c[9]);
    atom_dec(&c[10]);
    atom_min(&u[0], (ulong)x);
    atom_max(&u[1], (ulong)x);
    atom_add(&u[2], (ulong)x);
}

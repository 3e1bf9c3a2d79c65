// build-flags: -cl-std=CL2.0
// llvm-spirv-flags: --spirv-ext=+SPV_EXT_shader_atomic_float_add,+SPV_EXT_shader_atomic_float_min_max
// validate-env: spv1.0
// OpenCL C 2.0 atomics: cl_ext_float_atomics (atomic_fetch_add/min/max on float and
// double, global and local: OpAtomicFAddEXT, OpAtomicFMinEXT, OpAtomicFMaxEXT), the
// C11-style functions with memory_order / memory_scope arguments, atomic_flag, and
// 64-bit atom_* on long / ulong in global and local memory.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

// f[0..3]: add, min, max of in; f[3 + group]: the group's sum through a local atomic;
// d[] the same in double.
kernel void float_atomics(global const float *in, global float *f, global double *d, local float *lf,
                          local double *ld)
{
    size_t i = get_global_id(0);
    float x = in[i];
    atomic_fetch_add((volatile global atomic_float *)&f[0], x);
    atomic_fetch_min((volatile global atomic_float *)&f[1], x);
    atomic_fetch_max_explicit((volatile global atomic_float *)&f[2], x, memory_order_relaxed, memory_scope_device);
    atomic_fetch_add((volatile global atomic_double *)&d[0], (double)x);
    atomic_fetch_min((volatile global atomic_double *)&d[1], (double)x);
    atomic_fetch_max((volatile global atomic_double *)&d[2], (double)x);
    if (get_local_id(0) == 0) {
        lf[0] = 0.0f;
        ld[0] = 0.0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add((volatile local atomic_float *)lf, x);
    atomic_fetch_add_explicit((volatile local atomic_double *)ld, (double)x, memory_order_relaxed,
                              memory_scope_work_group);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        f[3 + get_group_id(0)] = lf[0];
        d[3 + get_group_id(0)] = ld[0];
    }
}

// a[]: 0 add 1 sub 2 or 3 and 4 xor 5 min 6 max 7 cas-weak loop (+3 each) 8 cas-strong
// from 0 (one winner) 9 store 10 exchange 11 load; l[]: 0 add 1 max; out[i] = whether
// work-item i won the strong exchange, out[n + i] = the value its exchange returned,
// out[2n + i] = atomic_flag_test_and_set; out[3n + group] = the local counter.
kernel void c11_atomics(global atomic_int *a, global atomic_long *l, global int *out, global atomic_flag *flag,
                        local atomic_int *la)
{
    size_t i = get_global_id(0);
    size_t n = get_global_size(0);
    atomic_fetch_add_explicit(&a[0], 1, memory_order_relaxed, memory_scope_device);
    atomic_fetch_sub_explicit(&a[1], 2, memory_order_acq_rel, memory_scope_work_group);
    atomic_fetch_or(&a[2], 1 << (i % 31));
    atomic_fetch_and(&a[3], ~(1 << (i % 31)));
    atomic_fetch_xor(&a[4], (int)i);
    atomic_fetch_min(&a[5], (int)i - 7);
    atomic_fetch_max_explicit(&a[6], (int)i, memory_order_seq_cst);
    int expected = atomic_load_explicit(&a[7], memory_order_acquire);
    while (!atomic_compare_exchange_weak(&a[7], &expected, expected + 3))
        ;
    int zero = 0;
    out[i] = atomic_compare_exchange_strong_explicit(&a[8], &zero, (int)i + 1, memory_order_acq_rel,
                                                     memory_order_acquire, memory_scope_device);
    atomic_store_explicit(&a[9], 42, memory_order_release);
    out[n + i] = atomic_exchange(&a[10], (int)i);
    atomic_fetch_add(&l[0], (long)i << 33);
    atomic_fetch_max(&l[1], -(long)i);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    out[2 * n + i] = atomic_flag_test_and_set(&flag[0]);
    if (get_local_id(0) == 0)
        atomic_init(la, 7);
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add_explicit(la, 2, memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        out[3 * n + get_group_id(0)] = atomic_load(la);
        atomic_store(&a[11], atomic_load(&a[9]) + 1);
    }
    if (i == 0)
        atomic_flag_clear(&flag[1]);
}

// l[]: 0 add 1 xchg 2 cmpxchg from 0 3 min 4 max 5 inc 6 dec; u[]: 0 and 1 or 2 xor 3 min
// 4 max 5 sub; l[7 + group]: the group's sum through a local 64-bit atomic.
kernel void long_atomics(global long *l, global ulong *u, local long *ll)
{
    size_t i = get_global_id(0);
    atom_add(&l[0], (long)i << 32);
    atom_xchg(&l[1], (long)i);
    atom_cmpxchg(&l[2], 0L, (long)i + 1);
    atom_min(&l[3], -((long)i << 35));
    atom_max(&l[4], (long)i << 35);
    atom_inc(&l[5]);
    atom_dec(&l[6]);
    atom_and(&u[0], ~(1UL << (i % 64)));
    atom_or(&u[1], 1UL << (i % 64));
    atom_xor(&u[2], (ulong)i << 40);
    atom_min(&u[3], (ulong)i << 50);
    atom_max(&u[4], (ulong)i << 50);
    atom_sub(&u[5], 3UL);
    if (get_local_id(0) == 0)
        ll[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atom_add(&ll[0], (long)i << 31);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        l[7 + get_group_id(0)] = ll[0];
}

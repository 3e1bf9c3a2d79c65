// OpenCL C 2.0 atomics as clang writes them into SPIR 1.2-style LLVM IR (mangled calls
// of atomic_fetch_add_explicit & co.); every result is independent of the order the
// work-items run in. Rebuilt by build.sh; run by tests/llvm_features.rs.
kernel void atomics20(global atomic_int *ai, global atomic_uint *au, global atomic_long *al,
                      global atomic_int *slots, global atomic_flag *flags, global int *out,
                      local atomic_int *counter) {
  int i = get_global_id(0);
  atomic_fetch_add_explicit(&ai[0], 1, memory_order_relaxed, memory_scope_device);
  atomic_fetch_sub(&ai[1], 2);
  atomic_fetch_min(&ai[2], -i);
  atomic_fetch_or_explicit(&au[0], 1u << (i & 31), memory_order_acq_rel);
  atomic_fetch_xor(&au[1], (uint)i);
  atomic_fetch_and(&au[2], ~(1u << (i & 7)));
  atomic_fetch_max_explicit(&au[3], (uint)i * 3u, memory_order_seq_cst, memory_scope_work_group);
  atomic_fetch_add(&al[0], (long)i << 33);
  // A compare-and-swap loop: *expected is updated on failure.
  int e = atomic_load(&ai[3]);
  while (!atomic_compare_exchange_weak_explicit(&ai[3], &e, e + 3, memory_order_seq_cst,
                                                memory_order_relaxed, memory_scope_device)) {
  }
  int five = 5;
  int won = atomic_compare_exchange_strong(&ai[4], &five, 100 + i) ? 1 : 0;
  atomic_fetch_add(&ai[5], won);
  atomic_store_explicit(&slots[i], i * 7, memory_order_release, memory_scope_device);
  int v = atomic_load_explicit(&slots[i], memory_order_acquire) + atomic_exchange(&slots[i], 1);
  int first = atomic_flag_test_and_set(&flags[i]);
  int second = atomic_flag_test_and_set_explicit(&flags[i], memory_order_relaxed);
  atomic_flag_clear_explicit(&flags[i], memory_order_release, memory_scope_device);
  int third = atomic_flag_test_and_set(&flags[i]);
  if (get_local_id(0) == 0) atomic_init(counter, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add(counter, 1);
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_seq_cst, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = v + 1000 * (first + 2 * second + 4 * third) + 10000 * atomic_load(counter);
}

kernel void ids(global ulong* o) {
  size_t k = get_global_id(0) + get_global_id(1) * 7;
  o[k] = get_global_id(0) + get_local_id(1) + get_group_id(2) + get_global_size(0) + get_local_size(1)
       + get_enqueued_local_size(0) + get_num_groups(2) + get_global_offset(1) + get_work_dim()
       + get_global_linear_id() + get_local_linear_id();
  uint d = o[0] & 3;
  o[k + 1] = get_global_id(d) + get_local_size(d);
}
kernel void __attribute__((reqd_work_group_size(8, 2, 1))) sized(global int* o) { o[get_global_id(0)] = 1; }

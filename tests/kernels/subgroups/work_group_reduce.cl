// A work-group collective (OpGroupIAdd with execution scope Workgroup): sums over the
// whole work-group.
kernel void wg(global int *a) {
    size_t g = get_global_id(0);
    a[g] = work_group_reduce_add(a[g]);
}

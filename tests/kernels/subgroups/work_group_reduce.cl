// A work-group collective (OpGroupIAdd with execution scope Workgroup): rejected with
// an error naming it (only sub-group scope is supported).
kernel void wg(global int *a) {
    size_t g = get_global_id(0);
    a[g] = work_group_reduce_add(a[g]);
}

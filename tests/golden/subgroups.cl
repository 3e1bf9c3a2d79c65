// build-flags: -cl-std=CL2.0 -Xclang -cl-ext=+cl_khr_subgroups
// Sub-group collectives (a sub-group is a lane group).
kernel void subgroups(global int *a) {
    size_t i = get_global_id(0);
    int x = a[i];
    a[i] = sub_group_reduce_add(x) + sub_group_broadcast(x, 0) + (int)get_sub_group_local_id()
         + sub_group_scan_inclusive_max(x);
}

// Kernels that require a sub-group size (cl_intel_required_subgroup_size).
__attribute__((intel_reqd_sub_group_size(8)))
kernel void size8(global int *a) {
    size_t i = get_global_id(0);
    a[i] = (int)get_sub_group_size() * 1000 + sub_group_reduce_add(1);
}

__attribute__((intel_reqd_sub_group_size(32)))
kernel void size32(global int *a) {
    a[get_global_id(0)] = (int)get_sub_group_size();
}

// Sub-group queries: 8 values per work-item (size, max size, count, enqueued count,
// id, local id, local linear id, the SubgroupLocalInvocationId-derived lane of the
// item before it in the sub-group or -1). Run in 2-D to check the local linear id.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
kernel void queries(global uint *o) {
    size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
    global uint *p = o + g * 7;
    p[0] = get_sub_group_size();
    p[1] = get_max_sub_group_size();
    p[2] = get_num_sub_groups();
    p[3] = get_enqueued_num_sub_groups();
    p[4] = get_sub_group_id();
    p[5] = get_sub_group_local_id();
    p[6] = (uint)get_local_linear_id();
}

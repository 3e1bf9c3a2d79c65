// build-flags: -cl-std=CL3.0
// validate-env: opencl2.0
// Sub-group functions under OpenCL C 3.0 (the __opencl_c_subgroups feature): out[i * 7 + k]
// = get_sub_group_size, get_max_sub_group_size, get_num_sub_groups, get_sub_group_id,
// get_sub_group_local_id, sub_group_reduce_add(in), sub_group_broadcast(in, 0).
kernel void cl30_sub_groups(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    global int *o = out + i * 7;
    o[0] = get_sub_group_size();
    o[1] = get_max_sub_group_size();
    o[2] = get_num_sub_groups();
    o[3] = get_sub_group_id();
    o[4] = get_sub_group_local_id();
    o[5] = sub_group_reduce_add(in[i]);
    o[6] = sub_group_broadcast(in[i], 0);
}

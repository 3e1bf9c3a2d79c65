// build-spir32
// Every OpenCL 1.2 work-item query, for all three dimensions (a dynamic dimension
// argument), written to out[linear * 24 + k] where linear is the item's global linear
// index (without offset): k = 3*q + d for q in (global_id, local_id, group_id,
// global_size, local_size, num_groups, global_offset), then k = 21 work_dim,
// 22 the global linear index computed by hand, 23 the local linear id.
__kernel void workitem(__global uint *out)
{
    size_t lin = (get_global_id(2) - get_global_offset(2)) * get_global_size(1) * get_global_size(0)
               + (get_global_id(1) - get_global_offset(1)) * get_global_size(0)
               + (get_global_id(0) - get_global_offset(0));
    __global uint *o = out + lin * 24;
    for (uint d = 0; d < 3; ++d) {
        o[0 + d] = get_global_id(d);
        o[3 + d] = get_local_id(d);
        o[6 + d] = get_group_id(d);
        o[9 + d] = get_global_size(d);
        o[12 + d] = get_local_size(d);
        o[15 + d] = get_num_groups(d);
        o[18 + d] = get_global_offset(d);
    }
    o[21] = get_work_dim();
    o[22] = lin;
    o[23] = (get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0) + get_local_id(0);
}

// The same queries with constant dimensions (SPIR-V builtin variables read as vec3
// with a constant component index).
__kernel void workitem_const(__global uint *out)
{
    size_t lin = (get_global_id(2) - get_global_offset(2)) * get_global_size(1) * get_global_size(0)
               + (get_global_id(1) - get_global_offset(1)) * get_global_size(0)
               + (get_global_id(0) - get_global_offset(0));
    __global uint *o = out + lin * 8;
    o[0] = get_global_id(0);
    o[1] = get_global_id(1);
    o[2] = get_global_id(2);
    o[3] = get_local_id(0) + 100 * get_local_id(1) + 10000 * get_local_id(2);
    o[4] = get_group_id(0) + 100 * get_group_id(1) + 10000 * get_group_id(2);
    o[5] = get_global_size(0) + 100 * get_global_size(1) + 10000 * get_global_size(2);
    o[6] = get_global_offset(0) + 100 * get_global_offset(1) + 10000 * get_global_offset(2);
    o[7] = get_work_dim();
}

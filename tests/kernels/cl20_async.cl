// build-flags: -cl-std=CL2.0
// validate-env: opencl2.0
// prefetch, async_work_group_copy, async_work_group_strided_copy and wait_group_events
// under OpenCL C 2.0, with two copies in flight waited for together, and a copy whose
// event comes from an earlier one (the event argument).

// Each group copies its n elements of `in` to local memory (prefetched first), reverses
// them into `out`, and copies its elements of `in` scaled by 2 to column g of `cols`
// (a matrix `groups` wide) with a strided copy out of local memory, and contiguously to
// `back`.
kernel void async_cl20(global const float *in, global float *out, global float *cols, global float *back,
                       local float *tmp, local float *tmp2)
{
    size_t g = get_group_id(0), n = get_local_size(0), l = get_local_id(0);
    size_t groups = get_num_groups(0);
    prefetch(in + g * n, n);
    event_t e1 = async_work_group_copy(tmp, in + g * n, n, 0);
    event_t e2 = async_work_group_strided_copy(tmp2, in + g, n, groups, 0);
    event_t both[2] = {e1, e2};
    wait_group_events(2, both);
    out[g * n + l] = tmp[n - 1 - l] + tmp2[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    tmp[l] *= 2.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e3 = async_work_group_strided_copy(cols + g, tmp, n, groups, 0);
    e3 = async_work_group_copy(back + g * n, tmp, n, e3);
    wait_group_events(1, &e3);
}

// Error fixture (tests/errors.rs): the two halves of a work-group reach different
// barriers, which the runtime must report instead of hanging or mixing them up.
__kernel void err_barrier_divergent(__global int *out)
{
    __local int tmp[64];
    int l = get_local_id(0);
    tmp[l] = l;
    if (l < (int)get_local_size(0) / 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        out[get_global_id(0)] = tmp[l + 1];
    } else {
        barrier(CLK_LOCAL_MEM_FENCE);
        out[get_global_id(0)] = -tmp[l - 1];
    }
}

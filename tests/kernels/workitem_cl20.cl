// build-flags: -cl-std=CL2.0
// validate-env: opencl2.0
// OpenCL 2.0 work-item queries (built with -cl-std=CL2.0): get_enqueued_local_size next
// to get_local_size (they differ in the last group of a non-uniform NDRange),
// get_global_linear_id and get_local_linear_id. out[linear * 8 + k].
__kernel void workitem_cl20(__global uint *out)
{
    size_t lin = get_global_linear_id();
    __global uint *o = out + lin * 8;
    for (uint d = 0; d < 3; ++d) {
        o[d] = get_enqueued_local_size(d);
        o[3 + d] = get_local_size(d);
    }
    o[6] = lin;
    o[7] = get_local_linear_id();
}

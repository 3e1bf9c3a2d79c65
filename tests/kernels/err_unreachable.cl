// Error fixture (tests/errors.rs): negative inputs execute OpUnreachable in the -O0
// build, which the runtime must report as a kernel error naming the work-item.
__kernel void err_unreachable(__global const int *in, __global int *out)
{
    int x = in[get_global_id(0)];
    if (x < 0)
        __builtin_unreachable();
    out[get_global_id(0)] = x * 2;
}

// Arguments with every OpenCL type qualifier spirjit records, for clGetKernelArgInfo
// (CL_KERNEL_ARG_TYPE_QUALIFIER) and the parameter records of the front ends.
__kernel void qualifiers(__global float *restrict out, __global volatile int *flags,
                         __global const float *in, __constant float *scale,
                         __global const volatile float *restrict both, int n) {
    size_t i = get_global_id(0);
    if (i < n) {
        out[i] = in[i] * scale[0] + both[i];
        flags[i] = 1;
    }
}

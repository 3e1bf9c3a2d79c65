// Half-precision functions that computing in f32 would round wrongly: fma (rounded
// twice) and nextafter (the next f32 rounds back to the same half). Scalar and half4.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void half_exact(__global const half *a, __global const half *b, __global const half *c,
                         __global half *fma_out, __global half *next_out)
{
    size_t i = get_global_id(0);
    fma_out[i] = fma(a[i], b[i], c[i]);
    next_out[i] = nextafter(a[i], b[i]);
}

__kernel void half_exact4(__global const half *a, __global const half *b, __global const half *c,
                          __global half *fma_out, __global half *next_out)
{
    size_t i = get_global_id(0);
    vstore4(fma(vload4(i, a), vload4(i, b), vload4(i, c)), i, fma_out);
    vstore4(nextafter(vload4(i, a), vload4(i, b)), i, next_out);
}

// Double precision (cl_khr_fp64): + - * / sqrt fma (all correctly rounded), comparisons,
// fmin/fmax/fabs/floor/ceil, and a loop accumulating in double.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void double_arith(__global const double *a, __global const double *b, __global double *out,
                           __global long *flags)
{
    size_t i = get_global_id(0);
    double x = a[i], y = b[i];
    __global double *o = out + i * 10;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = x / y;
    o[4] = sqrt(fabs(x));
    o[5] = fma(x, y, -x);
    o[6] = fmin(x, y) + fmax(x, y) * 0.5;
    o[7] = floor(x) - ceil(y);
    double acc = 0.0;
    for (int k = 1; k <= 16; ++k)
        acc += x / (double)k;
    o[8] = acc;
    o[9] = -x;
    flags[i] = (x < y) | (x == y) << 1 | isnan(x / y) << 2;
}

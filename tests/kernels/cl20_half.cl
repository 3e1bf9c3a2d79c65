// build-flags: -cl-std=CL2.0
// validate-env: opencl2.0
// `half` as an arithmetic type (cl_khr_fp16): scalar and vector arithmetic, comparisons,
// conversions and math builtins on half, and double arithmetic (cl_khr_fp64) next to it.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// o[i * 10 + k]: a+b, a*b, a-b, a/b, fma(a, b, 1), sqrt(|a|), fmax(a, b), fmin(a, b),
// -a, (half)(2 * (float)a). f[i * 6 + k]: (float)(a*b), a<b, (int)a, (half)i, floor(a),
// fabs(a) + 0.25h.
kernel void half_scalar(global const half *a, global const half *b, global half *o, global float *f)
{
    size_t i = get_global_id(0);
    half x = a[i], y = b[i];
    global half *r = o + i * 10;
    r[0] = x + y;
    r[1] = x * y;
    r[2] = x - y;
    r[3] = x / y;
    r[4] = fma(x, y, (half)1.0h);
    r[5] = sqrt(fabs(x));
    r[6] = fmax(x, y);
    r[7] = fmin(x, y);
    r[8] = -x;
    r[9] = (half)(2.0f * (float)x);
    global float *g = f + i * 6;
    g[0] = (float)(x * y);
    g[1] = x < y ? 1.0f : 0.0f;
    g[2] = (float)convert_int_rtz(x);
    g[3] = (float)(half)(int)i;
    g[4] = floor(x);
    g[5] = fabs(x) + 0.25h;
}

// half4 arithmetic: v * w + 0.5, and half8 through vload8 / vstore8; o[i * 12 + k].
kernel void half_vector(global const half *a, global const half *b, global half *o)
{
    size_t i = get_global_id(0);
    half4 v = vload4(i, a);
    half4 w = vload4(i, b);
    vstore4(v * w + (half4)(0.5h), 0, o + i * 12);
    half8 p = (half8)(v, w);
    half8 q = (half8)(w, v);
    half8 m = max(p, q) - min(p, q);
    vstore8(m, 0, o + i * 12 + 4);
}

// Math builtins on half, compared with the float builtins within a tolerance:
// exp, log, sin, cos, pow(|a|, 1.5), rsqrt(|a| + 1); f[i * 6 + k].
kernel void half_math(global const half *a, global float *f)
{
    size_t i = get_global_id(0);
    half x = a[i];
    global float *g = f + i * 6;
    g[0] = exp(x * 0.125h);
    g[1] = log(fabs(x) + 1.0h);
    g[2] = sin(x);
    g[3] = cos(x);
    g[4] = pow(fabs(x), 1.5h);
    g[5] = rsqrt(fabs(x) + 1.0h);
}

// double: d[i * 4 + k] = a*b + c (two roundings unless contracted), a/b, sqrt(|a|),
// (double)(float)a.
kernel void double_ops(global const double *a, global const double *b, global double *d)
{
    size_t i = get_global_id(0);
    double x = a[i], y = b[i];
    d[i * 4 + 0] = fma(x, y, 1.0);
    d[i * 4 + 1] = x / y;
    d[i * 4 + 2] = sqrt(fabs(x));
    d[i * 4 + 3] = (double)(float)x;
}

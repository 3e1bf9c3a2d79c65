// build-spir32
// Float math builtins: fabs, fmin, fmax, sqrt, floor, ceil, fma, mad, clamp, trunc, rint,
// round, copysign, and mix/step-like expressions.
__kernel void math_builtins(__global const float *a, __global const float *b, __global const float *c,
                            __global float *out)
{
    size_t i = get_global_id(0);
    float x = a[i], y = b[i], z = c[i];
    __global float *o = out + i * 13;
    o[0] = fabs(x);
    o[1] = fmin(x, y);
    o[2] = fmax(x, y);
    o[3] = sqrt(fabs(x));
    o[4] = floor(x);
    o[5] = ceil(x);
    o[6] = fma(x, y, z);
    o[7] = mad(x, y, z);
    o[8] = clamp(x, -1.0f, 1.0f);
    o[9] = trunc(y);
    o[10] = rint(y);
    o[11] = round(y);
    o[12] = copysign(z, x);
}

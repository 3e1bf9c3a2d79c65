// Transcendental math builtins compared with a tolerance: sin, cos, exp, log, pow, tanh,
// atan2, native_ and half_-free forms only.
__kernel void math_transcendental(__global const float *a, __global const float *b, __global float *out)
{
    size_t i = get_global_id(0);
    float x = a[i], y = b[i];
    __global float *o = out + i * 8;
    o[0] = sin(x);
    o[1] = cos(x);
    o[2] = exp(y);
    o[3] = log(fabs(x) + 1.0f);
    o[4] = pow(fabs(x) + 0.5f, y);
    o[5] = tanh(x);
    o[6] = atan2(x, y);
    o[7] = exp2(y) + log2(fabs(y) + 2.0f);
}

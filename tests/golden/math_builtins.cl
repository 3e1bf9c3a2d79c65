// Math builtins: vector forms and inline operations.
kernel void math_builtins(global float *a) {
    size_t i = get_global_id(0);
    float x = a[i];
    a[i] = sin(x) + exp(x) + sqrt(fabs(x)) + fma(x, x, 1.0f);
}

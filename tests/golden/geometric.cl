// Geometric builtins.
kernel void geometric(global const float4 *a, global float *d, global float4 *n) {
    size_t i = get_global_id(0);
    d[i] = dot(a[i], a[i + 1]);
    n[i] = normalize(a[i]);
}

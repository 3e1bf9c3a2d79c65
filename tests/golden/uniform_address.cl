// A load from the same address in every lane.
kernel void uniform_address(global float *a, global const float *scale, int k) {
    size_t i = get_global_id(0);
    a[i] *= scale[k];
}

// A gather and a scatter through an index buffer.
kernel void gather(global const float *src, global const int *idx, global float *dst) {
    size_t i = get_global_id(0);
    dst[idx[i]] = src[idx[i] + 1];
}

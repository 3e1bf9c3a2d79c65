// Kernels of tests/python/test_dask.py (spirjit.dask). Rebuild the .spv with ./build.sh.

// Element-wise: out = a * x + y, one work-item per element of the chunk.
kernel void saxpy(global const float* x, global const float* y, global float* out, float a) {
    size_t i = get_global_id(0);
    out[i] = a * x[i] + y[i];
}

// The global index of every element, with the NDRange offset at the chunk's start.
kernel void global_index(global float* out) {
    size_t g = get_global_id(0);
    out[g - get_global_offset(0)] = (float)g;
}

// 3x3 box filter of a w x h image (row-major; x = id 0, y = id 1); the outermost ring
// copies the input (map_overlap trims it off).
kernel void box3(global const float* in, global float* out, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if ((uint)(x - 1) >= (uint)(w - 2) || (uint)(y - 1) >= (uint)(h - 2)) {
        out[y * w + x] = in[y * w + x];
        return;
    }
    global const float* r0 = in + (y - 1) * w + x;
    global const float* r1 = r0 + w;
    global const float* r2 = r1 + w;
    float s = (r0[-1] + r0[0] + r0[1]) + (r1[-1] + r1[0] + r1[1]) + (r2[-1] + r2[0] + r2[1]);
    out[y * w + x] = s / 9.0f;
}

// Histogram of n values into nbins bins with global atomics.
kernel void histogram(global const uint* data, global uint* hist, uint nbins, uint n) {
    size_t i = get_global_id(0);
    if (i < n)
        atomic_inc(&hist[data[i] % nbins]);
}

// Histogram through a work-group's local sub-histogram, merged with atomic_add.
kernel void histogram_local(global const uint* data, global uint* hist, local uint* sub, uint nbins, uint n) {
    size_t i = get_global_id(0);
    size_t l = get_local_id(0);
    for (size_t b = l; b < nbins; b += get_local_size(0))
        sub[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        atomic_inc(&sub[data[i] % nbins]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t b = l; b < nbins; b += get_local_size(0))
        if (sub[b] != 0)
            atomic_add(&hist[b], sub[b]);
}

// Largest value, with atomic_max.
kernel void maximum(global const int* data, global int* best) {
    atomic_max(best, data[get_global_id(0)]);
}

// Stream compaction: uses the value atomic_inc returns (cannot be split).
kernel void compact(global const int* x, global int* out, global uint* count) {
    int v = x[get_global_id(0)];
    if (v > 0)
        out[atomic_inc(count)] = v;
}

// One flag per work-group (get_group_id changes when the NDRange is split).
kernel void per_group(global int* out) {
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = 1;
}

// Writes its input too (map_blocks refuses it unless both are outputs).
kernel void scale_in_place(global float* x, global float* y) {
    size_t i = get_global_id(0);
    y[i] = x[i] * 2.0f;
    x[i] = 0.0f;
}

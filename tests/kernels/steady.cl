// build-O2: -O2 -fno-slp-vectorize
// Guards decided once per call: edge tests and consecutive accesses whose ranges the
// entry of a call bounds over the work-group (every lane group agrees), next to groups
// that straddle the edge, offsets, and indices whose arithmetic wraps.

__kernel void edge_guard(__global const float *a, __global const float *b, __global float *out, int n, int k)
{
    int i = get_global_id(0);
    if (i < n)
        out[i] = a[i + k] * 2.0f + b[i];
}

__kernel void interior2d(__global const float *in, __global float *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    int c = y * w + x;
    if (x > 0 && y > 0 && x < w - 1 && y < h - 1)
        out[c] = in[c - 1] + in[c + 1] + in[c - w] + in[c + w] - 4.0f * in[c];
    else
        out[c] = in[c];
}

__kernel void local_cond(__global const int *a, __global int *out, int lim)
{
    size_t i = get_global_id(0);
    if ((int)get_local_id(0) < lim)
        out[i] = a[i] + 1;
    else
        out[i] = -1;
}

__kernel void masked_bounds(__global const int *a, __global int *out, int n)
{
    int i = get_global_id(0);
    // Always true (i & 15 is at most 15); i % 7 < 3 splits every lane group.
    if ((i & 15) < 20 && i < n)
        out[i] = (i % 7 < 3) ? a[i] : -a[i];
}

__kernel void shifted(__global const int *a, __global int *out, int k)
{
    int i = get_global_id(0);
    out[i] = a[i - k] + a[i + k];
}

__kernel void wrapped(__global const int *a, __global int *out, int s, int base)
{
    int i = get_global_id(0);
    // i * s wraps for large s; the index is what the wrapped arithmetic gives.
    out[i] = a[i * s + base];
}

__kernel void bytes(__global const uchar *a, __global uchar *out, int alpha, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int v = (a[i] * alpha + out[i] * (256 - alpha)) >> 8;
    out[i] = convert_uchar_sat(v);
}

// A barrier between a guarded edge load and the edge store: values (the id, the lane's
// tile slot) live across it, and the work-group containing n takes another loop than the
// ones before it.
__kernel void barrier_edge(__global const float *in, __global float *out, int n)
{
    __local float tile[64];
    int i = get_global_id(0);
    int l = get_local_id(0);
    tile[l] = i < n ? in[i] : -1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    float v = tile[(l + 1) & 63] + 2.0f * tile[l];
    if (i < n)
        out[i] = v;
}

// Reduction with barriers: each work-group sums its slice (grid-stride loop, then a tree in
// local memory) and writes one partial sum. Local size 256.
#define WG 256
__kernel void reduce(__global const float *in, __global float *partial, int n)
{
    __local float s[WG];
    int lid = get_local_id(0);
    float acc = 0.0f;
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        acc += in[i];
    s[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = WG / 2; k > 0; k >>= 1) {
        if (lid < k)
            s[lid] += s[lid + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = s[0];
}

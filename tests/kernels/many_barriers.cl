// Eight barriers in straight-line code, with private values that must survive each one
// (live across barriers) and local values exchanged between work-items in between.
// Local size 16.
__kernel void many_barriers(__global const int *in, __global int *out)
{
    __local int a[16];
    __local int b[16];
    int l = get_local_id(0);
    int g = get_global_id(0);
    int keep = in[g] * 3;
    float fkeep = (float)in[g] * 0.5f;
    a[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    b[l] = a[(l + 1) & 15] + keep;
    barrier(CLK_LOCAL_MEM_FENCE);
    a[l] = b[(l + 2) & 15] - a[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    b[l] = a[15 - l] ^ l;
    barrier(CLK_LOCAL_MEM_FENCE);
    a[l] = b[(l * 5) & 15] + (int)fkeep;
    barrier(CLK_LOCAL_MEM_FENCE);
    b[l] = a[(l + 8) & 15] * 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    a[l] = b[l] + b[(l + 15) & 15];
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    b[l] = a[(l + 3) & 15];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = b[l] + keep;
}

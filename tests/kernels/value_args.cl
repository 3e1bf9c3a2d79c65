// build-spir32
// By-value arguments of every scalar width, float/double, and vectors (float4, int3,
// int2, uchar4, double2): each work-item writes them all, offset by its id, so the
// values must reach every lane group.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void value_args(char c, uchar uc, short s, ushort us, int i, uint ui, long l, ulong ul, float f,
                         double d, float4 v4, int3 v3, int2 v2, uchar4 u4, double2 d2, __global long *out,
                         __global double *fout)
{
    int g = get_global_id(0);
    __global long *o = out + g * 14;
    o[0] = c + g;
    o[1] = uc + g;
    o[2] = s + g;
    o[3] = us + g;
    o[4] = i + g;
    o[5] = ui + g;
    o[6] = l + g;
    o[7] = (long)(ul + g);
    o[8] = v3.x + g;
    o[9] = v3.y;
    o[10] = v3.z;
    o[11] = v2.x * g;
    o[12] = v2.y;
    o[13] = u4.x | u4.y << 8 | u4.z << 16 | (long)u4.w << 24;
    __global double *fo = fout + g * 8;
    fo[0] = f + g;
    fo[1] = d + g;
    fo[2] = v4.x;
    fo[3] = v4.y;
    fo[4] = v4.z;
    fo[5] = v4.w * g;
    fo[6] = d2.x;
    fo[7] = d2.y + g;
}

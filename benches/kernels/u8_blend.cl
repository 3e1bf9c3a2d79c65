// char/short data: alpha-blend two 8-bit images with 16-bit intermediate arithmetic.
__kernel void u8_blend(__global const uchar *a, __global const uchar *b, __global uchar *out,
                       int alpha, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    ushort pa = a[i], pb = b[i];
    int v = (pa * alpha + pb * (256 - alpha)) >> 8;
    out[i] = convert_uchar_sat(v);
}

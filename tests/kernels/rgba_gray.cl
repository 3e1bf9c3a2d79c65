// Image-like processing on uchar4 pixels in a 2-D range: weighted grey with
// convert_uchar_sat_rte, a channel swizzle, and a brightness adjustment with saturation.
__kernel void rgba_gray(__global const uchar4 *img, __global uchar *gray, __global uchar4 *swz, int width,
                        int add)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * width + x;
    uchar4 p = img[i];
    float4 f = convert_float4(p);
    gray[i] = convert_uchar_sat_rte(0.25f * f.x + 0.5f * f.y + 0.125f * f.z + 0.125f * f.w);
    swz[i] = convert_uchar4_sat(convert_int4(p.zyxw) + (int4)(add, add, add, 0));
}

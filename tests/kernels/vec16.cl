// 16-component vectors: uchar16 saturating and wrapping arithmetic, float16 arithmetic,
// .s0123456789abcdef-style swizzles and vload16/vstore16.
__kernel void vec16(__global const uchar *a, __global const uchar *b, __global uchar *out,
                    __global const float *f, __global float *fout)
{
    size_t i = get_global_id(0);
    uchar16 x = vload16(i, a), y = vload16(i, b);
    uchar16 s = add_sat(x, y);
    uchar16 w = x + y;
    uchar16 sw = s.sfedcba9876543210 ^ w.s02468ace13579bdf;
    vstore16(sw, 3 * i, out);
    vstore16(w - (uchar16)(7), 3 * i + 1, out);
    vstore16((uchar16)(x.lo, y.hi), 3 * i + 2, out);
    float16 v = vload16(i, f);
    float16 r = v * 0.5f + v.s89abcdef01234567;
    r.s05af = (float4)(1.0f, -2.0f, 3.5f, 0.25f);
    vstore16(r, i, fout);
}

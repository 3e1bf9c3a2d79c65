// Vector comparisons (true is -1 per component), select() on the sign bit of an integer
// vector mask, the vector ?: operator, any()/all(), and short2 / double2 widths.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void vec_select(__global const int4 *a, __global const int4 *b, __global int4 *out,
                         __global const float4 *f, __global float4 *fout, __global short2 *sout,
                         __global double2 *dout)
{
    size_t i = get_global_id(0);
    int4 x = a[i], y = b[i];
    int4 lt = x < y;
    int4 eq = x == y;
    out[4 * i] = lt;
    out[4 * i + 1] = select(x, y, lt);
    out[4 * i + 2] = eq ? (int4)(7) : x - y;
    out[4 * i + 3] = (int4)(any(lt), all(lt), any(eq), all(x >= y));
    float4 p = f[2 * i], q = f[2 * i + 1];
    fout[i] = select(p, q, isgreater(p, q));
    short2 s = convert_short2(x.xy);
    sout[i] = s > (short2)(0) ? s : -s;
    double2 d = convert_double2(x.zw);
    dout[i] = d < convert_double2(y.zw) ? d * 0.5 : d + 1.0;
}

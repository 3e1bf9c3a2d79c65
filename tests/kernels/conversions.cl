// Conversions: convert_int_sat (NaN -> 0, clamps), convert_uchar_sat_rte, convert_float_rtz
// and _rtn/_rtp from int and uint, plain float<->int casts (truncation), as_type bitcasts,
// and double conversions (convert_int_sat_rtn, convert_float from double with rounding).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void conversions(__global const float *f, __global const int *n, __global const double *d,
                          __global int *iout, __global float *fout, __global uchar *bout, __global double *dout)
{
    size_t i = get_global_id(0);
    float x = f[i];
    int k = n[i];
    double z = d[i];
    __global int *io = iout + i * 6;
    io[0] = convert_int_sat(x);
    io[1] = (int)fmin(fmax(x, -1e9f), 1e9f);       // plain truncating cast, in range
    io[2] = as_int(x);
    io[3] = convert_int_sat_rtn(z);
    io[4] = convert_int_rte(fmin(fmax(x, -1e9f), 1e9f));
    io[5] = (int)convert_uint_sat(x);
    __global float *fo = fout + i * 7;
    fo[0] = convert_float_rtz(k);
    fo[1] = convert_float_rtn(k);
    fo[2] = convert_float_rtp(k);
    fo[3] = (float)k;
    fo[4] = convert_float((uint)k);
    fo[5] = as_float(k);
    fo[6] = (float)z;
    __global uchar *bo = bout + i * 3;
    bo[0] = convert_uchar_sat_rte(x);
    bo[1] = convert_uchar_sat(k);
    bo[2] = convert_uchar(k);
    __global double *dout_i = dout + i * 3;
    dout_i[0] = (double)x;
    dout_i[1] = (double)k;
    dout_i[2] = convert_double((ulong)(uint)k << 20);
}

// Integer builtins on several widths: min, max, abs (result unsigned), clz, popcount,
// mul_hi, rotate, add_sat, sub_sat, hadd, rhadd, upsample, abs_diff.
__kernel void int_builtins(__global const int *a, __global const int *b, __global uint *out,
                           __global const long *la, __global ulong *lout,
                           __global const char *ca, __global uchar *cout)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i];
    __global uint *o = out + i * 14;
    o[0] = (uint)min(x, y);
    o[1] = (uint)max(x, y);
    o[2] = min((uint)x, (uint)y);
    o[3] = abs(x);
    o[4] = clz(x);
    o[5] = popcount(x);
    o[6] = (uint)mul_hi(x, y);
    o[7] = mul_hi((uint)x, (uint)y);
    o[8] = (uint)rotate(x, y);
    o[9] = (uint)add_sat(x, y);
    o[10] = (uint)sub_sat(x, y);
    o[11] = (uint)hadd(x, y);
    o[12] = (uint)rhadd(x, y);
    o[13] = abs_diff(x, y);
    long lx = la[2 * i], ly = la[2 * i + 1];
    __global ulong *lo = lout + i * 5;
    lo[0] = (ulong)max(lx, ly);
    lo[1] = abs(lx);
    lo[2] = clz(lx);
    lo[3] = popcount(lx);
    lo[4] = upsample((uint)x, (uint)y);
    char cx = ca[2 * i], cy = ca[2 * i + 1];
    __global uchar *co = cout + i * 5;
    co[0] = (uchar)min(cx, cy);
    co[1] = abs(cx);
    co[2] = (uchar)clz(cx);
    co[3] = (uchar)popcount(cx);
    co[4] = (uchar)add_sat(cx, cy);
}

// int8 / uint8: arithmetic, .lo/.hi/.odd/.even, vload8/vstore8 at element offsets
// (not 32-byte aligned), and shifts with per-component counts.
__kernel void vec_int8(__global const int *a, __global const int *b, __global int *out)
{
    size_t i = get_global_id(0);
    int8 x = vload8(0, a + i * 3);        // overlapping, 4-byte-aligned loads
    int8 y = vload8(i, b);
    int8 r = x + y * 3;
    uint8 u = as_uint8(x) >> (as_uint8(y) & 7u);
    int4 lo = r.lo, hi = r.hi, ev = r.even, od = r.odd;
    int8 m = (int8)(lo.s3, hi.s0, ev.s1, od.s2, lo.s0 - hi.s3, ev.s3, od.s0, lo.s1 ^ od.s3);
    vstore8(r, 0, out + i * 24);
    vstore8(as_int8(u), 1, out + i * 24);
    vstore8(m, 2, out + i * 24);
}

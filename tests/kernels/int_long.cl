// build-spir32
// Integer arithmetic on long/ulong: wrapping add/sub/mul (done unsigned, as C defines
// only unsigned overflow), signed and unsigned division and remainder (divisor 0 made 1
// for division and 3 for remainder, so that the two are not a div/rem pair that
// llvm-spirv-14 cannot translate at -O2; MIN / -1 and MIN % -1 avoided), shifts
// with the count masked to the width, bitwise ops, negation, and a bit mask of signed and unsigned comparisons.
__kernel void int_long(__global const long *a, __global const long *b, __global long *out, __global int *cmp)
{
    size_t i = get_global_id(0);
    long x = a[i], y = b[i];
    ulong ux = (ulong)x, uy = (ulong)y;
    long ny = y == 0 ? (long)1 : y;
    if (ny == (long)-1 && x == (long)((ulong)1 << (64 - 1)))
        ny = 1;
    long ry = y == 0 ? (long)3 : y;
    if (ry == (long)-1 && x == (long)((ulong)1 << (64 - 1)))
        ry = 1;
    ulong nuy = uy == 0 ? (ulong)1 : uy;
    ulong ruy = uy == 0 ? (ulong)3 : uy;
    __global long *o = out + i * 12;
    o[0] = (long)(ux + uy);
    o[1] = (long)(ux - uy);
    o[2] = (long)(ux * uy);
    o[3] = x / ny;
    o[4] = x % ry;
    o[5] = (long)(ux / nuy);
    o[6] = (long)(ux % ruy);
    o[7] = (long)(ux << (uy & (64 - 1)));
    o[8] = x >> (uy & (64 - 1));
    o[9] = (long)(ux >> (uy & (64 - 1)));
    o[10] = (x & y) ^ (~x | (long)(uy >> 1));
    o[11] = (long)((ulong)0 - ux);
    cmp[i] = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 | (x != y) << 5
           | (ux < uy) << 6 | (ux <= uy) << 7 | (ux > uy) << 8 | (ux >= uy) << 9;
}

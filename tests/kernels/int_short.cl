// Integer arithmetic on short/ushort: wrapping add/sub/mul (done unsigned, as C defines
// only unsigned overflow), signed and unsigned division and remainder (divisor 0 made 1
// for division and 3 for remainder, so that the two are not a div/rem pair that
// llvm-spirv-14 cannot translate at -O2; MIN / -1 and MIN % -1 avoided), shifts
// with the count masked to the width, bitwise ops, negation, and a bit mask of signed and unsigned comparisons.
__kernel void int_short(__global const short *a, __global const short *b, __global short *out, __global int *cmp)
{
    size_t i = get_global_id(0);
    short x = a[i], y = b[i];
    ushort ux = (ushort)x, uy = (ushort)y;
    short ny = y == 0 ? (short)1 : y;
    if (ny == (short)-1 && x == (short)((ushort)1 << (16 - 1)))
        ny = 1;
    short ry = y == 0 ? (short)3 : y;
    if (ry == (short)-1 && x == (short)((ushort)1 << (16 - 1)))
        ry = 1;
    ushort nuy = uy == 0 ? (ushort)1 : uy;
    ushort ruy = uy == 0 ? (ushort)3 : uy;
    __global short *o = out + i * 12;
    o[0] = (short)(ux + uy);
    o[1] = (short)(ux - uy);
    o[2] = (short)(ux * uy);
    o[3] = x / ny;
    o[4] = x % ry;
    o[5] = (short)(ux / nuy);
    o[6] = (short)(ux % ruy);
    o[7] = (short)(ux << (uy & (16 - 1)));
    o[8] = x >> (uy & (16 - 1));
    o[9] = (short)(ux >> (uy & (16 - 1)));
    o[10] = (x & y) ^ (~x | (short)(uy >> 1));
    o[11] = (short)((ushort)0 - ux);
    cmp[i] = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 | (x != y) << 5
           | (ux < uy) << 6 | (ux <= uy) << 7 | (ux > uy) << 8 | (ux >= uy) << 9;
}

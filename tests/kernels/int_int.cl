// build-spir32
// Integer arithmetic on int/uint: wrapping add/sub/mul (done unsigned, as C defines
// only unsigned overflow), signed and unsigned division and remainder (divisor 0 made 1
// for division and 3 for remainder, so that the two are not a div/rem pair that
// llvm-spirv-14 cannot translate at -O2; MIN / -1 and MIN % -1 avoided), shifts
// with the count masked to the width, bitwise ops, negation, and a bit mask of signed and unsigned comparisons.
__kernel void int_int(__global const int *a, __global const int *b, __global int *out, __global int *cmp)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i];
    uint ux = (uint)x, uy = (uint)y;
    int ny = y == 0 ? (int)1 : y;
    if (ny == (int)-1 && x == (int)((uint)1 << (32 - 1)))
        ny = 1;
    int ry = y == 0 ? (int)3 : y;
    if (ry == (int)-1 && x == (int)((uint)1 << (32 - 1)))
        ry = 1;
    uint nuy = uy == 0 ? (uint)1 : uy;
    uint ruy = uy == 0 ? (uint)3 : uy;
    __global int *o = out + i * 12;
    o[0] = (int)(ux + uy);
    o[1] = (int)(ux - uy);
    o[2] = (int)(ux * uy);
    o[3] = x / ny;
    o[4] = x % ry;
    o[5] = (int)(ux / nuy);
    o[6] = (int)(ux % ruy);
    o[7] = (int)(ux << (uy & (32 - 1)));
    o[8] = x >> (uy & (32 - 1));
    o[9] = (int)(ux >> (uy & (32 - 1)));
    o[10] = (x & y) ^ (~x | (int)(uy >> 1));
    o[11] = (int)((uint)0 - ux);
    cmp[i] = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 | (x != y) << 5
           | (ux < uy) << 6 | (ux <= uy) << 7 | (ux > uy) << 8 | (ux >= uy) << 9;
}

// Integer arithmetic on char/uchar: wrapping add/sub/mul (done unsigned, as C defines
// only unsigned overflow), signed and unsigned division and remainder (divisor 0 made 1
// for division and 3 for remainder, so that the two are not a div/rem pair that
// llvm-spirv-14 cannot translate at -O2; MIN / -1 and MIN % -1 avoided), shifts
// with the count masked to the width, bitwise ops, negation, and a bit mask of signed and unsigned comparisons.
__kernel void int_char(__global const char *a, __global const char *b, __global char *out, __global int *cmp)
{
    size_t i = get_global_id(0);
    char x = a[i], y = b[i];
    uchar ux = (uchar)x, uy = (uchar)y;
    char ny = y == 0 ? (char)1 : y;
    if (ny == (char)-1 && x == (char)((uchar)1 << (8 - 1)))
        ny = 1;
    char ry = y == 0 ? (char)3 : y;
    if (ry == (char)-1 && x == (char)((uchar)1 << (8 - 1)))
        ry = 1;
    uchar nuy = uy == 0 ? (uchar)1 : uy;
    uchar ruy = uy == 0 ? (uchar)3 : uy;
    __global char *o = out + i * 12;
    o[0] = (char)(ux + uy);
    o[1] = (char)(ux - uy);
    o[2] = (char)(ux * uy);
    o[3] = x / ny;
    o[4] = x % ry;
    o[5] = (char)(ux / nuy);
    o[6] = (char)(ux % ruy);
    o[7] = (char)(ux << (uy & (8 - 1)));
    o[8] = x >> (uy & (8 - 1));
    o[9] = (char)(ux >> (uy & (8 - 1)));
    o[10] = (x & y) ^ (~x | (char)(uy >> 1));
    o[11] = (char)((uchar)0 - ux);
    cmp[i] = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 | (x != y) << 5
           | (ux < uy) << 6 | (ux <= uy) << 7 | (ux > uy) << 8 | (ux >= uy) << 9;
}

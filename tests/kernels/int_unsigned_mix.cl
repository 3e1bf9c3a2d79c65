// Mixed-width integer expressions: widening and narrowing casts, signed/unsigned
// promotion rules of C, 64-bit products of 32-bit values and byte extraction.
__kernel void int_unsigned_mix(__global const uchar *b, __global const ushort *h, __global const int *w,
                               __global ulong *out)
{
    size_t i = get_global_id(0);
    uchar c = b[i];
    ushort s = h[i];
    int x = w[i];
    __global ulong *o = out + i * 8;
    o[0] = (ulong)(c + s);                    // int arithmetic, never negative
    o[1] = (ulong)(long)(char)c;              // sign extension through char
    o[2] = (ulong)(long)(short)s * 3;         // sign extension through short
    o[3] = (ulong)((long)x * (long)s);        // 64-bit product
    o[4] = (ulong)((uint)x * (uint)s);        // 32-bit wrapping product, zero-extended
    o[5] = (ulong)(uchar)(x >> 8) | ((ulong)(ushort)x << 40);
    o[6] = (ulong)(x < 0 ? -(long)x : (long)x);
    o[7] = (ulong)((uint)x > (uint)s) + ((ulong)(x > (int)s) << 1);
}

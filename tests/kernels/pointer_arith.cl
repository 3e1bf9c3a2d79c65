// Pointer arithmetic on global and private pointers: walking with ++, pointer
// differences, pointer comparisons, and a pointer selected by a condition.
__kernel void pointer_arith(__global const int *in, __global int *out, int n)
{
    int g = get_global_id(0);
    __global const int *p = in + g;
    __global const int *end = in + n;
    int s = 0;
    int steps = 0;
    while (p < end) {
        s += *p;
        p += 3;
        ++steps;
    }
    int priv[4] = {g, g * 2, g * 3, g * 4};
    int *q = (g & 1) ? &priv[1] : &priv[3];
    *q += 100;
    out[4 * g] = s;
    out[4 * g + 1] = steps;
    out[4 * g + 2] = (int)(p - (in + g));
    out[4 * g + 3] = priv[0] + priv[1] + priv[2] + priv[3] + (int)(q - priv);
}

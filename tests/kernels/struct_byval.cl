// A struct passed by value (mixed member types, padding, a nested struct and an array)
// and applied to every element of a buffer.
typedef struct { float lo; float hi; } Range;
typedef struct {
    float scale;
    int offset;
    char flag;        // 3 bytes of padding follow
    Range clampr;
    short weights[3];
    long bias;
} Params;

__kernel void struct_byval(Params p, __global const float *in, __global float *out, __global long *extra)
{
    size_t i = get_global_id(0);
    float v = in[i] * p.scale + (float)p.offset;
    if (p.flag)
        v = clamp(v, p.clampr.lo, p.clampr.hi);
    out[i] = v + (float)p.weights[i % 3];
    if (i == 0) {
        extra[0] = p.bias;
        extra[1] = (long)p.weights[0] + p.weights[1] + p.weights[2];
        extra[2] = p.flag;
    }
}

// Kernels for the Python binding tests (tests/python): one per argument kind, NDRange
// shape and failure mode. Rebuild the .spv with ./build.sh after editing.

typedef struct { float lo; float hi; } Range;
typedef struct {
    float scale;
    int offset;
    char flag;
    Range clampr;
    short weights[3];
    long bias;
} Params;

__kernel void scalars(__global long *out, char c, uchar uc, short s, ushort us, int i, uint ui, long l, ulong ul)
{
    out[0] = c; out[1] = uc; out[2] = s; out[3] = us;
    out[4] = i; out[5] = ui; out[6] = l; out[7] = (long)ul;
}

__kernel void floats(__global double *out, float f, double d)
{
    out[0] = f;
    out[1] = d;
}

__kernel void vectors(__global float *out, float4 v, int3 w, float2 p)
{
    out[0] = v.x; out[1] = v.y; out[2] = v.z; out[3] = v.w;
    out[4] = w.x; out[5] = w.y; out[6] = w.z;
    out[7] = p.x; out[8] = p.y;
}

__kernel void byval(__global float *out, Params p)
{
    out[0] = p.scale; out[1] = p.offset; out[2] = p.flag;
    out[3] = p.clampr.lo; out[4] = p.clampr.hi;
    out[5] = p.weights[0]; out[6] = p.weights[1]; out[7] = p.weights[2];
    out[8] = p.bias;
}

__kernel void vec_ptr(__global const float4 *in, __global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = in[i] * 2.0f + (float4)(0.0f, 1.0f, 2.0f, 3.0f);
}

__kernel void constant_ptr(__constant int *table, __global int *out)
{
    size_t i = get_global_id(0);
    out[i] = table[i % 4];
}

__kernel void bytes_ptr(__global uchar *buf)
{
    size_t i = get_global_id(0);
    buf[i] += 1;
}

__kernel void reverse_local(__global const int *in, __global int *out, __local int *tmp)
{
    size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    tmp[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = tmp[n - 1 - l];
}

__kernel void ids(__global int *out)
{
    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    size_t w = get_global_size(0), h = get_global_size(1);
    size_t idx = ((z - get_global_offset(2)) * h + (y - get_global_offset(1))) * w + (x - get_global_offset(0));
    out[idx] = (int)(x + 1000 * y + 1000000 * z);
}

__kernel void dtypes(__global short *s, __global ulong *u, __global double *d, __global half *h)
{
    size_t i = get_global_id(0);
    s[i] = s[i] * 2;
    u[i] = u[i] + 1;
    d[i] = d[i] * 0.5;
    vstore_half(vload_half(i, h) + 1.0f, i, h);
}

__kernel void spin(__global uint *out, int n)
{
    uint acc = (uint)get_global_id(0);
    for (int i = 0; i < n; ++i)
        acc = acc * 1664525u + 1013904223u + (uint)i;
    out[get_global_id(0)] = acc;
}

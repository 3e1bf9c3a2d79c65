// Geometric builtins on extreme inputs (±0, subnormals, 0x1p±64-ish, values near the
// largest finite one, infinities, NaNs), for the scalar and the 2-, 3- and 4-component
// forms, float, double and half. tests/builtins.rs runs them at W = 1 and W = 16 and checks
// both against a reference and against each other bit for bit. Written by hand (not by
// gen.py).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Outputs per work-item: dot, length, distance, normalize (N), then for float
// fast_length, fast_distance, fast_normalize (N).
#define GEOM_FLOAT(NAME, T, N, LOAD, STORE)                                                \
    __kernel void NAME(__global const float *a, __global const float *b, __global float *out) \
    {                                                                                      \
        size_t i = get_global_id(0);                                                       \
        T x = LOAD(i, a), y = LOAD(i, b);                                                  \
        __global float *o = out + i * (5 + 2 * N);                                         \
        o[0] = dot(x, y);                                                                  \
        o[1] = length(x);                                                                  \
        o[2] = distance(x, y);                                                             \
        STORE(normalize(x), o + 3);                                                        \
        o[3 + N] = fast_length(x);                                                         \
        o[4 + N] = fast_distance(x, y);                                                    \
        STORE(fast_normalize(x), o + 5 + N);                                               \
    }

// The geometric builtins without the fast_* forms (double and half have none), for
// element type S.
#define GEOM_PLAIN(NAME, S, T, N, LOAD, STORE)                                         \
    __kernel void NAME(__global const S *a, __global const S *b, __global S *out)      \
    {                                                                                  \
        size_t i = get_global_id(0);                                                   \
        T x = LOAD(i, a), y = LOAD(i, b);                                              \
        __global S *o = out + i * (3 + N);                                             \
        o[0] = dot(x, y);                                                              \
        o[1] = length(x);                                                              \
        o[2] = distance(x, y);                                                         \
        STORE(normalize(x), o + 3);                                                    \
    }

#define LOAD1(i, p) (p)[i]
#define STORE1(v, p) (*(p) = (v))
#define STORE2(v, p) vstore2((v), 0, (p))
#define STORE3(v, p) vstore3((v), 0, (p))
#define STORE4(v, p) vstore4((v), 0, (p))

GEOM_FLOAT(geom_extreme_float1, float, 1, LOAD1, STORE1)
GEOM_FLOAT(geom_extreme_float2, float2, 2, vload2, STORE2)
GEOM_FLOAT(geom_extreme_float3, float3, 3, vload3, STORE3)
GEOM_FLOAT(geom_extreme_float4, float4, 4, vload4, STORE4)
GEOM_PLAIN(geom_extreme_double1, double, double, 1, LOAD1, STORE1)
GEOM_PLAIN(geom_extreme_double2, double, double2, 2, vload2, STORE2)
GEOM_PLAIN(geom_extreme_double3, double, double3, 3, vload3, STORE3)
GEOM_PLAIN(geom_extreme_double4, double, double4, 4, vload4, STORE4)

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

GEOM_PLAIN(geom_extreme_half1, half, half, 1, LOAD1, STORE1)
GEOM_PLAIN(geom_extreme_half2, half, half2, 2, vload2, STORE2)
GEOM_PLAIN(geom_extreme_half3, half, half3, 3, vload3, STORE3)
GEOM_PLAIN(geom_extreme_half4, half, half4, 4, vload4, STORE4)

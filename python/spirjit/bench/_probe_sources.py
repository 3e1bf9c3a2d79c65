"""Sources of the roofline probe kernels of spirjit.bench: a streaming triad
(``c = a + s * b`` over float4, 48 bytes per work-item; over float in CUDA) for peak bandwidth, and eight
independent FMA chains of ``iters`` steps (16 * iters float32 FLOPs per work-item; in
OpenCL C also a float4 variant, 64 * iters) for the peak FLOP rate, in OpenCL C, GLSL (Vulkan) and CUDA. _probe_kernels.py holds the
SPIR-V built from them (benches/make_probe_kernels.py). Text only.
"""

OPENCL_C = r"""// Roofline probes of spirjit.bench (OpenCL C): a streaming triad for bandwidth and
// independent FMA chains for the float32 FLOP rate.
__kernel void probe_triad(__global const float4* a, __global const float4* b, __global float4* c, float s) {
    size_t i = get_global_id(0);
    c[i] = a[i] + s * b[i];
}

__kernel void probe_fma(__global float* out, float y, int iters) {
    size_t i = get_global_id(0);
    float x0 = (float)(i & 1023) * 1e-3f;
    float a = x0, b = x0 + 0.1f, c = x0 + 0.2f, d = x0 + 0.3f;
    float e = x0 + 0.4f, f = x0 + 0.5f, g = x0 + 0.6f, h = x0 + 0.7f;
    for (int k = 0; k < iters; k++) {
        a = fma(a, y, 0.5f); b = fma(b, y, 0.5f); c = fma(c, y, 0.5f); d = fma(d, y, 0.5f);
        e = fma(e, y, 0.5f); f = fma(f, y, 0.5f); g = fma(g, y, 0.5f); h = fma(h, y, 0.5f);
    }
    out[i] = ((a + b) + (c + d)) + ((e + f) + (g + h));
}

// The same with float4 chains (64 FLOPs per step), for implementations that vectorize
// within a work-item rather than across work-items.
__kernel void probe_fma4(__global float4* out, float y, int iters) {
    size_t i = get_global_id(0);
    float4 x0 = (float4)((float)(i & 1023) * 1e-3f) + (float4)(0.0f, 0.01f, 0.02f, 0.03f);
    float4 a = x0, b = x0 + 0.1f, c = x0 + 0.2f, d = x0 + 0.3f;
    float4 e = x0 + 0.4f, f = x0 + 0.5f, g = x0 + 0.6f, h = x0 + 0.7f;
    float4 yy = (float4)(y), hh = (float4)(0.5f);
    for (int k = 0; k < iters; k++) {
        a = fma(a, yy, hh); b = fma(b, yy, hh); c = fma(c, yy, hh); d = fma(d, yy, hh);
        e = fma(e, yy, hh); f = fma(f, yy, hh); g = fma(g, yy, hh); h = fma(h, yy, hh);
    }
    out[i] = ((a + b) + (c + d)) + ((e + f) + (g + h));
}
"""

GLSL_TRIAD = r"""#version 450
// Roofline probe of spirjit.bench (Vulkan): a streaming triad for bandwidth.
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer A { vec4 a[]; };
layout(std430, set = 0, binding = 1) readonly buffer B { vec4 b[]; };
layout(std430, set = 0, binding = 2) writeonly buffer C { vec4 c[]; };
layout(push_constant) uniform P { float s; } p;
void main() {
    uint i = gl_GlobalInvocationID.x;
    c[i] = a[i] + p.s * b[i];
}
"""

GLSL_FMA = r"""#version 450
// Roofline probe of spirjit.bench (Vulkan): independent FMA chains for the float32 FLOP rate.
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) writeonly buffer O { float o[]; };
layout(push_constant) uniform P { float y; int iters; } p;
void main() {
    uint i = gl_GlobalInvocationID.x;
    float x0 = float(i & 1023u) * 1e-3;
    float a = x0, b = x0 + 0.1, c = x0 + 0.2, d = x0 + 0.3;
    float e = x0 + 0.4, f = x0 + 0.5, g = x0 + 0.6, h = x0 + 0.7;
    float y = p.y;
    for (int k = 0; k < p.iters; k++) {
        a = fma(a, y, 0.5); b = fma(b, y, 0.5); c = fma(c, y, 0.5); d = fma(d, y, 0.5);
        e = fma(e, y, 0.5); f = fma(f, y, 0.5); g = fma(g, y, 0.5); h = fma(h, y, 0.5);
    }
    o[i] = ((a + b) + (c + d)) + ((e + f) + (g + h));
}
"""

CUDA = r"""// Roofline probes of spirjit.bench (CUDA): a streaming triad and independent FMA chains.
// One float per thread (GPUs coalesce the loads): 12 bytes per thread.
extern "C" __global__ void probe_triad(const float* a, const float* b, float* c, float s) {
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    c[i] = a[i] + s * b[i];
}

extern "C" __global__ void probe_fma(float* out, float y, int iters) {
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    float x0 = (float)(i & 1023) * 1e-3f;
    float a = x0, b = x0 + 0.1f, c = x0 + 0.2f, d = x0 + 0.3f;
    float e = x0 + 0.4f, f = x0 + 0.5f, g = x0 + 0.6f, h = x0 + 0.7f;
    for (int k = 0; k < iters; k++) {
        a = fmaf(a, y, 0.5f); b = fmaf(b, y, 0.5f); c = fmaf(c, y, 0.5f); d = fmaf(d, y, 0.5f);
        e = fmaf(e, y, 0.5f); f = fmaf(f, y, 0.5f); g = fmaf(g, y, 0.5f); h = fmaf(h, y, 0.5f);
    }
    out[i] = ((a + b) + (c + d)) + ((e + f) + (g + h));
}
"""

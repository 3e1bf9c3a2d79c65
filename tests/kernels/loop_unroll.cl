// Loops with constant trip counts that clang unrolls at -O2 (a 16-tap filter and a
// fully unrolled bit permutation), next to the same loop with a runtime trip count.
// (A plain bit reversal would become llvm.bitreverse, which llvm-spirv-14 turns into
// invalid SPIR-V.)
__kernel void loop_unroll(__global const float *in, __global const float *taps, __global float *out,
                          __global uint *bits, int ntaps)
{
    int i = get_global_id(0);
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < 16; ++k)
        acc += in[i + k] * taps[k];
    float acc2 = 0.0f;
    for (int k = 0; k < ntaps; ++k)
        acc2 += in[i + k] * taps[k];
    out[2 * i] = acc;
    out[2 * i + 1] = acc2;
    uint v = (uint)i * 2654435761u;
    uint r = 0;
#pragma unroll
    for (int k = 0; k < 32; ++k)
        r |= ((v >> k) & 1u) << ((k * 7) & 31);
    bits[i] = r;
}

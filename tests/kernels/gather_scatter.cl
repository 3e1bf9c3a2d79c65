// build-spir32
// Indirect addressing: gather through an index buffer and scatter through a
// permutation (no two items write the same element).
__kernel void gather_scatter(__global const float *src, __global const uint *idx, __global const uint *perm,
                             __global float *gathered, __global float *scattered)
{
    uint i = get_global_id(0);
    float v = src[idx[i]];
    gathered[i] = v;
    scattered[perm[i]] = v * 2.0f + (float)i;
}

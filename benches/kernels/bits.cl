// Integer and bit work: 16 rounds of a xorshift-multiply hash per element, then popcount,
// count-leading-zeros and a rotate folded into the result.
__kernel void bits(__global const uint *in, __global uint *out, int rounds)
{
    int i = get_global_id(0);
    uint h = in[i] ^ 0x9e3779b9u;
    for (int r = 0; r < rounds; ++r) {
        h ^= h >> 16;
        h *= 0x85ebca6bu;
        h ^= h >> 13;
        h *= 0xc2b2ae35u;
        h ^= h >> 16;
        h = rotate(h, (uint)(r + 1));
    }
    out[i] = h + popcount(h) + (clz(h | 1u) << 8);
}

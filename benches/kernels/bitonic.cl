// One pass of a global bitonic sort (host loops over stage and pass): each work-item
// compares and swaps one pair.
__kernel void bitonic(__global uint *a, uint stage, uint pass)
{
    uint i = get_global_id(0);
    uint dist = 1u << (stage - pass);
    uint left = (i % dist) + (i / dist) * 2 * dist;
    uint right = left + dist;
    uint x = a[left], y = a[right];
    bool up = ((i >> stage) & 1) == 0;
    if ((x > y) == up) {
        a[left] = y;
        a[right] = x;
    }
}

// build-spir32
// Control flow: nested loops with data-dependent trip counts, break and continue,
// and a do-while loop.
__kernel void cf_loops(__global const int *in, __global int *out)
{
    size_t g = get_global_id(0);
    int v = in[g];
    int n = (v & 15) + 1;
    int acc = 0;
    for (int i = 0; i < n; ++i) {
        if (i % 3 == 1)
            continue;
        for (int j = 0; j <= i; ++j) {
            if (j * i > (v & 63))
                break;
            acc += i * 7 + j;
        }
        if (acc > 1000)
            break;
    }
    int steps = 0;
    uint c = (uint)v | 1u;
    do {
        c = (c & 1u) ? 3u * c + 1u : c >> 1;
        ++steps;
    } while (c != 1u && steps < 200);
    out[2 * g] = acc;
    out[2 * g + 1] = steps;
}

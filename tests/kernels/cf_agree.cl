// Control flow: divergent branches whose lanes agree for most lane groups of a launch
// and split for a few (all-lanes-agree copy vs masked chain, and the switches between
// them): a 2-D stencil with an interior `if`, regions holding loops, nested ifs and
// early returns, a barrier after such a region, and a varying switch.

// 2-D 5-point stencil on a width x height grid; only interior points are written, the
// others get a marker. Lane groups on the border split, the others agree.
__kernel void agree_stencil(__global const float *in, __global float *out, int width, int height)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x > 0 && x < width - 1 && y > 0 && y < height - 1) {
        int i = y * width + x;
        out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - width] + in[i + width]);
    } else if (x < width && y < height) {
        out[y * width + x] = -1.0f;
    }
}

// `mode` is constant over runs of work-items (so whole lane groups agree) with a few
// mixed spots: a loop with a varying trip count, a nested if, an early return, and a
// value that leaves the region.
__kernel void agree_regions(__global const int *mode, __global const int *val, __global int *out,
                            __global int *aux)
{
    size_t g = get_global_id(0);
    int m = mode[g];
    int v = val[g];
    int acc = v;
    aux[g] = -7;
    if (m > 0) {
        int k = 0;
        do {
            acc = acc * 3 + k;
            if ((acc & 3) == 1)
                aux[g] = acc;
            ++k;
        } while (k < m);
        if (m > 5) {
            if (v < 0) {
                out[g] = acc;
                return;
            }
            acc += 1000;
        }
    } else {
        acc = -acc;
        if (m < -3)
            return;
    }
    out[g] = acc;
    aux[g] = m + acc;
}

// A divergent region before a barrier (every work-item reaches it), then neighbours
// read through local memory; a uniform loop around a divergent if after it.
__kernel void agree_barrier(__global const int *mode, __global int *out, __local int *tmp)
{
    size_t l = get_local_id(0);
    size_t g = get_global_id(0);
    size_t n = get_local_size(0);
    int m = mode[g];
    int t;
    if (m > 0)
        t = m * 2;
    else
        t = 1 - m;
    tmp[l] = t;
    barrier(CLK_LOCAL_MEM_FENCE);
    int s = tmp[(l + 1) % n];
    for (int k = 0; k < 3; ++k) {
        if (m + k > 1)
            s += k;
        else
            s -= tmp[(l + k) % n];
    }
    out[g] = s;
}

// A switch on a value that is the same across most lane groups.
__kernel void agree_switch(__global const int *mode, __global int *out)
{
    size_t g = get_global_id(0);
    int r;
    switch (mode[g]) {
    case 0: r = 10; break;
    case 1: r = (int)g; break;
    case 2: r = -(int)g; break;
    default: r = 7; break;
    }
    out[g] = r;
}

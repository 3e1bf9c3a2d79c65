// Loop induction variables that keep the lane stride they enter with: a grid-stride
// loop (lanes leave at different iterations when n is not a multiple of the global
// size), a pointer stepped by a uniform amount, and a counter whose step differs
// between two back edges (lanes that took different edges are no longer consecutive).
__kernel void grid_stride(__global const float *in, __global float *out, __global float *sums, int n)
{
    float acc = 0.0f;
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        acc += in[i];
        out[i] = in[i] * 2.0f + 1.0f;
    }
    sums[get_global_id(0)] = acc;
}

__kernel void pointer_walk(__global const int *in, __global int *out, int rows, int cols)
{
    __global const int *p = in + get_global_id(0);
    int acc = 0;
    for (int r = 0; r < rows; r++) {
        acc = acc * 3 + *p;
        p += cols;
    }
    out[get_global_id(0)] = acc;
}

__kernel void uneven_steps(__global const int *in, __global int *out, int n)
{
    int acc = 0;
    int i = get_global_id(0);
    while (i < n) {
        acc += in[i];
        if (in[i] & 1)
            i += 3;
        else
            i += 2;
    }
    out[get_global_id(0)] = acc;
}

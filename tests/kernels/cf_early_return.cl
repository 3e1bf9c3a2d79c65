// Control flow: early returns inside divergent code (some work-items leave before the
// others store), nested ifs and short-circuit && / || chains with side effects guarded
// by them.
__kernel void cf_early_return(__global const int *in, __global int *out, __global int *aux)
{
    size_t g = get_global_id(0);
    int v = in[g];
    aux[g] = -1;
    if (v < 0) {
        out[g] = -v;
        return;
    }
    if ((v & 1) && (v % 3 == 0 || v % 5 == 0)) {
        out[g] = 1;
        if (v > 1000)
            return;
        aux[g] = 2;
        return;
    }
    int i = 0;
    while (i < 32 && ((v >> i) & 1) == 0)
        ++i;
    if (i >= 32 || (v > 50000 && i > 2))
        return;
    out[g] = i * 100 + (v % 7 == 0 || (v & 6) == 6);
    aux[g] = v >> i;
}

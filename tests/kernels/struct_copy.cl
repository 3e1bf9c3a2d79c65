// Whole-struct copies: assignment between global structs (a memcpy in the module),
// struct-valued private variables selected by a condition, and arrays of structs in
// private memory indexed by a variable.
typedef struct { int a[5]; float f; char c; } Rec;    // 28 bytes
__kernel void struct_copy(__global const Rec *in, __global Rec *out, __global int *sums)
{
    size_t i = get_global_id(0);
    Rec local_recs[3];
    for (int k = 0; k < 3; ++k)
        local_recs[k] = in[(i + k) % get_global_size(0)];
    Rec r = local_recs[in[i].a[0] & 1 ? 2 : 1];
    r.c = (char)(r.c + 1);
    out[i] = r;
    int s = 0;
    for (int k = 0; k < 3; ++k)
        for (int j = 0; j < 5; ++j)
            s += local_recs[k].a[j];
    sums[i] = s;
}

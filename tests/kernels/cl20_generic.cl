// build-flags: -cl-std=CL2.0
// validate-env: opencl2.0
// The OpenCL C 2.0 generic address space: functions taking pointers without an address
// space, called with global, local and private pointers (and a pointer chosen at run
// time between them); to_global / to_local / to_private (OpGenericCastToPtrExplicit)
// and get_fence (OpGenericPtrMemSemantics). out[i * 12 + k].

global int gdata[4] = {10, 20, 30, 40};

__attribute__((noinline)) int sum3(const int *p) { return p[0] + p[1] + p[2]; }
__attribute__((noinline)) void bump(int *p, int by) { *p += by; }

// 1 global, 2 local, 4 private, as the casts see the pointer.
__attribute__((noinline)) int spaces(int *p)
{
    return (to_global(p) != NULL) + 2 * (to_local(p) != NULL) + 4 * (to_private(p) != NULL);
}

kernel void generic_ptrs(global int *g, global int *out, local int *l)
{
    size_t i = get_global_id(0);
    size_t li = get_local_id(0);
    int priv[3] = {(int)i, 1, 2};
    l[li] = g[i] * 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    int *pg = g + i;
    int *pl = l + li;
    int *pp = priv;
    global int *o = out + i * 12;
    o[0] = sum3(pp);
    o[1] = li + 2 < get_local_size(0) ? sum3(pl) : -1;
    bump(pp, 5);
    o[2] = priv[0];
    barrier(CLK_LOCAL_MEM_FENCE); // every o[1] is read before any local value changes
    o[3] = spaces(pg);
    o[4] = spaces(pl);
    o[5] = spaces(pp);
    o[6] = spaces(gdata + (i & 3));
    // A pointer chosen at run time: odd work-items a global one, even ones local.
    int *which = (i & 1) ? pg : pl;
    bump(which, 100);
    o[7] = *which;
    o[8] = get_fence(which);
    o[9] = get_fence(pp);
    // The casts give back the same pointer.
    global int *back = to_global(pg);
    o[10] = back == g + i;
    local int *lback = to_local(pl);
    o[11] = lback[0];
}

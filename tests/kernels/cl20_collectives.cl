// build-flags: -cl-std=CL2.0
// validate-env: opencl2.0
// OpenCL C 2.0 work-group collectives (OpGroup* with execution scope Workgroup). For each
// type T, kernel `wg_<T>` writes 12 results per work-item (out[lin * 12 + k]):
// reduce add/min/max, inclusive scan add/min/max, exclusive scan add/min/max, a 1-D
// broadcast from the last work-item of the group, work_group_any(x > t) and
// work_group_all(x > t) (as 0/1), where t = in[0]. The collectives run one after another
// with nothing between them, so each reuses the scratch memory of the one before.
// `bcast_2d` / `bcast_3d`: 2- and 3-D broadcasts from a work-item chosen per group.
// `wg_loop`: collectives in a uniform loop whose trip count comes from a reduction.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define WG(T)                                                                          \
    kernel void wg_##T(global const T *in, global T *out)                              \
    {                                                                                  \
        size_t i = get_global_linear_id();                                             \
        T x = in[i];                                                                   \
        T t = in[0];                                                                   \
        global T *o = out + i * 12;                                                    \
        o[0] = work_group_reduce_add(x);                                               \
        o[1] = work_group_reduce_min(x);                                               \
        o[2] = work_group_reduce_max(x);                                               \
        o[3] = work_group_scan_inclusive_add(x);                                       \
        o[4] = work_group_scan_inclusive_min(x);                                       \
        o[5] = work_group_scan_inclusive_max(x);                                       \
        o[6] = work_group_scan_exclusive_add(x);                                       \
        o[7] = work_group_scan_exclusive_min(x);                                       \
        o[8] = work_group_scan_exclusive_max(x);                                       \
        o[9] = work_group_broadcast(x, get_local_size(0) - 1);                         \
        o[10] = (T)work_group_any(x > t);                                              \
        o[11] = (T)work_group_all(x > t);                                              \
    }

WG(int)
WG(uint)
WG(long)
WG(ulong)
WG(float)
WG(double)

// Broadcast from local id (lx - 1, ly / 2) of each work-group (lx, ly its size).
kernel void bcast_2d(global const int *in, global const double *din, global int *out, global double *dout)
{
    size_t i = get_global_linear_id();
    size_t bx = get_local_size(0) - 1, by = get_local_size(1) / 2;
    out[i] = work_group_broadcast(in[i], bx, by);
    dout[i] = work_group_broadcast(din[i], bx, by);
}

// Broadcast from local id (lx / 2, ly - 1, lz - 1).
kernel void bcast_3d(global const long *in, global const float *fin, global long *out, global float *fout)
{
    size_t i = get_global_linear_id();
    size_t bx = get_local_size(0) / 2, by = get_local_size(1) - 1, bz = get_local_size(2) - 1;
    out[i] = work_group_broadcast(in[i], bx, by, bz);
    fout[i] = work_group_broadcast(fin[i], bx, by, bz);
}

// n = the group's largest input (0..7); n rounds of acc = scan_inclusive_add(acc) + 1,
// then the group's any/all of acc being odd. out[i * 2 + 0/1].
kernel void wg_loop(global const int *in, global int *out)
{
    size_t i = get_global_linear_id();
    int n = work_group_reduce_max(in[i]);
    int acc = in[i];
    for (int r = 0; r < n; ++r)
        acc = work_group_scan_inclusive_add(acc) + 1;
    out[i * 2] = acc;
    out[i * 2 + 1] = work_group_any(acc & 1) + 2 * work_group_all(acc & 1);
}

// Collectives next to a __local variable and a __local argument (the collectives' scratch
// memory must not overlap them): out[i] = reduce_add(in) + exclusive_add(reversed in)
// + fixed[l % 4], where the reversed values are read from `tmp` after the reduction.
kernel void wg_with_local(global const int *in, global int *out, local int *tmp)
{
    local int fixed[4];
    size_t i = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
    tmp[l] = in[i];
    if (l < 4)
        fixed[l] = (int)l * 100;
    int s = work_group_reduce_add(tmp[l]);
    int e = work_group_scan_exclusive_add(tmp[n - 1 - l]);
    out[i] = s + e + (l % 4 < n ? fixed[l % 4] : 0);
}

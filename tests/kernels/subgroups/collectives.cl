// OpenCL 2.0 sub-group collectives (SPIR-V `Groups`, execution scope Subgroup):
// all/any, broadcast, and reduce / inclusive scan / exclusive scan of add, min and
// max on int, uint and float. Each work-item writes its results at a fixed stride.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

kernel void votes(global const int *a, global int *o) {
    size_t g = get_global_id(0);
    int x = a[g];
    uint last = get_sub_group_size() - 1;
    global int *p = o + g * 5;
    p[0] = sub_group_all(x > 0);
    p[1] = sub_group_any(x > 40);
    p[2] = sub_group_broadcast(x, 0u);
    p[3] = sub_group_broadcast(x, last);
    p[4] = sub_group_broadcast(x * 3, last / 2);
}

kernel void scans_int(global const int *a, global int *o) {
    size_t g = get_global_id(0);
    int x = a[g];
    global int *p = o + g * 9;
    p[0] = sub_group_reduce_add(x);
    p[1] = sub_group_scan_inclusive_add(x);
    p[2] = sub_group_scan_exclusive_add(x);
    p[3] = sub_group_reduce_min(x);
    p[4] = sub_group_scan_inclusive_min(x);
    p[5] = sub_group_scan_exclusive_min(x);
    p[6] = sub_group_reduce_max(x);
    p[7] = sub_group_scan_inclusive_max(x);
    p[8] = sub_group_scan_exclusive_max(x);
}

kernel void scans_uint(global const uint *a, global uint *o) {
    size_t g = get_global_id(0);
    uint x = a[g];
    global uint *p = o + g * 9;
    p[0] = sub_group_reduce_add(x);
    p[1] = sub_group_scan_inclusive_add(x);
    p[2] = sub_group_scan_exclusive_add(x);
    p[3] = sub_group_reduce_min(x);
    p[4] = sub_group_scan_inclusive_min(x);
    p[5] = sub_group_scan_exclusive_min(x);
    p[6] = sub_group_reduce_max(x);
    p[7] = sub_group_scan_inclusive_max(x);
    p[8] = sub_group_scan_exclusive_max(x);
}

kernel void scans_float(global const float *a, global float *o) {
    size_t g = get_global_id(0);
    float x = a[g];
    global float *p = o + g * 9;
    p[0] = sub_group_reduce_add(x);
    p[1] = sub_group_scan_inclusive_add(x);
    p[2] = sub_group_scan_exclusive_add(x);
    p[3] = sub_group_reduce_min(x);
    p[4] = sub_group_scan_inclusive_min(x);
    p[5] = sub_group_scan_exclusive_min(x);
    p[6] = sub_group_reduce_max(x);
    p[7] = sub_group_scan_inclusive_max(x);
    p[8] = sub_group_scan_exclusive_max(x);
}

// Collectives under divergent control flow: only work-items with lid % 3 != 0 take
// part; the others write -1.
kernel void divergent(global const int *a, global int *o) {
    size_t g = get_global_id(0);
    int x = a[g];
    global int *p = o + g * 6;
    if (get_local_id(0) % 3) {
        p[0] = sub_group_reduce_add(x);
        p[1] = sub_group_scan_inclusive_add(x);
        p[2] = sub_group_scan_exclusive_max(x);
        p[3] = sub_group_all(x > 2);
        p[4] = sub_group_any(x > 45);
        p[5] = sub_group_scan_exclusive_min(x);
    } else {
        for (int i = 0; i < 6; i++)
            p[i] = -1;
    }
}

// Collectives after a barrier (the lane group resumes from its saved state).
kernel void after_barrier(global const int *a, global int *o, local int *tmp) {
    size_t l = get_local_id(0), g = get_global_id(0);
    tmp[l] = a[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = tmp[(l + 1) % get_local_size(0)];
    o[g * 2] = sub_group_reduce_add(x);
    o[g * 2 + 1] = sub_group_scan_exclusive_add(x);
}

// A sub-group barrier that only some sub-groups reach (the first one of each
// work-group): allowed, since it waits only for the work-items of its own sub-group.
kernel void partial_sub_group_barrier(global int *o) {
    size_t g = get_global_id(0);
    int v = (int)get_sub_group_local_id();
    if (get_sub_group_id() == 0) {
        sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
        v += 100;
    }
    o[g] = v;
}

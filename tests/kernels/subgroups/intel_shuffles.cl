// cl_intel_subgroups shuffles (OpSubgroupShuffle*INTEL, with
// --spirv-ext=+SPV_INTEL_subgroups). clang-14's default declarations lack them, so they
// are declared here.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#define OVL __attribute__((overloadable))
int OVL intel_sub_group_shuffle(int x, uint c);
float OVL intel_sub_group_shuffle(float x, uint c);
int OVL intel_sub_group_shuffle_xor(int x, uint c);
int OVL intel_sub_group_shuffle_down(int cur, int next, uint c);
int OVL intel_sub_group_shuffle_up(int prev, int cur, uint c);

kernel void intel_shuffles(global const int *a, global const uint *d, global int *o, global float *f) {
    size_t g = get_global_id(0);
    int x = a[g];
    uint k = d[g];
    global int *p = o + g * 5;
    p[0] = intel_sub_group_shuffle(x, k);
    p[1] = intel_sub_group_shuffle_xor(x, k);
    p[2] = intel_sub_group_shuffle_down(x, x + 1000, k);
    p[3] = intel_sub_group_shuffle_up(x + 1000, x, k);
    p[4] = intel_sub_group_shuffle(x, 1u);
    f[g] = intel_sub_group_shuffle((float)x * 0.5f, get_max_sub_group_size() - 1 - get_sub_group_local_id());
}

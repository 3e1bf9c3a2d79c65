// OpenCL cl_khr_subgroup_* extensions (SPIR-V 1.3 OpGroupNonUniform*): elect, votes,
// broadcast-first, ballots, shuffles, arithmetic with the bitwise and logical
// operations, clustered reductions; inside divergent code (lid % 3 != 0).
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

kernel void non_uniform(global const int *a, global const uint *d, global int *o) {
    size_t g = get_global_id(0);
    int x = a[g];
    uint k = d[g];
    global int *p = o + g * 24;
    for (int i = 0; i < 24; i++)
        p[i] = -7;
    if (get_local_id(0) % 3) {
        uint4 b = sub_group_ballot(x > 20);
        p[0] = sub_group_elect();
        p[1] = sub_group_non_uniform_all(x > 2);
        p[2] = sub_group_non_uniform_any(x > 45);
        p[3] = sub_group_non_uniform_all_equal(x / 20);
        p[4] = sub_group_broadcast_first(x);
        p[5] = b.x;
        p[6] = sub_group_ballot_bit_count(b);
        p[7] = sub_group_ballot_inclusive_scan(b);
        p[8] = sub_group_ballot_exclusive_scan(b);
        p[9] = sub_group_ballot_find_lsb(b);
        p[10] = sub_group_ballot_find_msb(b);
        p[11] = sub_group_inverse_ballot(b);
        p[12] = sub_group_ballot_bit_extract(b, k);
        p[13] = sub_group_shuffle(x, k);
        p[14] = sub_group_shuffle_xor(x, k);
        p[15] = sub_group_shuffle_up(x, k);
        p[16] = sub_group_shuffle_down(x, k);
        p[17] = sub_group_non_uniform_reduce_mul(x % 5 + 1);
        p[18] = sub_group_non_uniform_scan_inclusive_and(x | 0x100);
        p[19] = sub_group_non_uniform_scan_exclusive_or(x);
        p[20] = sub_group_non_uniform_reduce_xor(x);
        p[21] = sub_group_non_uniform_reduce_logical_or(x > 30);
        p[22] = sub_group_clustered_reduce_add(x, 2u);
        p[23] = sub_group_clustered_reduce_max(x, 4u);
    }
}

// cl_khr_subgroup_extended_types: 8-, 16- and 64-bit integers and doubles.
kernel void extended(global const int *a, global long *o, global double *f) {
    size_t g = get_global_id(0);
    int x = a[g];
    global long *p = o + g * 6;
    p[0] = sub_group_reduce_add((char)x);
    p[1] = sub_group_scan_inclusive_max((short)(x * 300));
    p[2] = sub_group_scan_exclusive_add((long)x * 100000000L);
    p[3] = sub_group_reduce_min((ulong)(x + 20) << 40);
    p[4] = sub_group_broadcast((uchar)x, 0u);
    p[5] = sub_group_non_uniform_reduce_mul((char)(x % 3 + 1));
    f[g] = sub_group_scan_inclusive_add((double)x * 0.1);
}

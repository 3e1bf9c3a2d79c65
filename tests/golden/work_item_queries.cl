// Work-item queries in two dimensions.
kernel void work_item_queries(global int *out) {
    size_t x = get_global_id(0), y = get_global_id(1);
    out[y * get_global_size(0) + x] = (int)(get_local_id(0) + 10 * get_group_id(1) + 100 * get_num_groups(0));
}

// A loop whose trip count differs between work-items.
kernel void varying_loop(global int *a) {
    int i = get_global_id(0);
    int s = 1;
    for (int k = 0; k < i % 7; k++) s = s * 3 + a[i + k];
    a[i] = s;
}

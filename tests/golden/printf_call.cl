// printf from one work-item.
kernel void printf_call(global const int *a) {
    if (get_global_id(0) == 3) printf("a[3] = %d\n", a[3]);
}

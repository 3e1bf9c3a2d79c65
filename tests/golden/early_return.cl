// An early return of some work-items.
kernel void early_return(global float *a, int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    a[i] = sqrt(a[i]);
}

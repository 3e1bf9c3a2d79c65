// A private array indexed by a varying value.
kernel void private_array(global int *a) {
    int t[8];
    int i = get_global_id(0);
    for (int k = 0; k < 8; k++) t[k] = a[i] + k;
    a[i] = t[i & 7];
}

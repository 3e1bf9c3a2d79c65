// A switch on the work-item id.
kernel void switch_divergent(global int *a) {
    int i = get_global_id(0);
    switch (i % 4) {
    case 0: a[i] = 10; break;
    case 1: a[i] += 20; break;
    case 3: a[i] *= 3; break;
    default: a[i] = -1;
    }
}

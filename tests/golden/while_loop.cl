// A data-dependent while loop (Collatz steps).
kernel void while_loop(global uint *a) {
    size_t i = get_global_id(0);
    uint x = a[i], steps = 0;
    while (x > 1) { x = (x & 1) ? 3 * x + 1 : x / 2; steps++; }
    a[i] = steps;
}

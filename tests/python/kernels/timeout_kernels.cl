// Kernels of the time-limit tests (tests/python/test_timeout.py, tests/python/test_dask.py).

// Waits until flag[0] is not zero, then writes it to out: with a zero flag the kernel never
// finishes (the flag is volatile, so the loop keeps reading it).
kernel void wait_for_flag(global const volatile uint* flag, global uint* out) {
    while (flag[0] == 0) {
    }
    out[get_global_id(0)] = flag[0];
}

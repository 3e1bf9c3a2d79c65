// Global atomics: add and compare-exchange.
kernel void atomics_global(global int *counter, global int *slots) {
    int i = get_global_id(0);
    atomic_add(counter, i);
    atomic_cmpxchg(&slots[i % 8], 0, i);
}

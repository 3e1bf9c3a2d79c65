// build-spir32
// Stream compaction: items whose value passes a predicate take a slot with atomic_inc on
// a global counter and write (index, value) there. The order of slots is not defined;
// the set of written pairs is.
__kernel void compact(__global const int *in, __global int *out, __global uint *count, int threshold)
{
    int i = get_global_id(0);
    int v = in[i];
    if (v > threshold) {
        uint slot = atomic_inc(count);
        out[2 * slot] = i;
        out[2 * slot + 1] = v;
    }
}

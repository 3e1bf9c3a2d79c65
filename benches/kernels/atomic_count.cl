// One atomic_inc on a global counter per work-item whose value passes a test (a filter's
// output count), plus the per-element work around it.
__kernel void atomic_count(__global const uint *x, __global uint *count, uint threshold)
{
    uint v = x[get_global_id(0)];
    if (v > threshold)
        atomic_inc(count);
}

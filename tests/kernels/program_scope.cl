// build-flags: -cl-std=CL2.0
// validate-env: opencl2.0
// A writable program-scope variable: it keeps its value from one launch to the next
// within a program, and each loaded program has its own.
global int counter = 0;

kernel void bump(global int *out)
{
    if (get_global_id(0) == 0)
        out[0] = atomic_inc(&counter);
}

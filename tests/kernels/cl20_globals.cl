// build-flags: -cl-std=CL2.0
// validate-env: opencl2.0
// Program-scope variables of OpenCL C 2.0: initialized and zero-initialized `global`
// scalars and arrays, read and written by kernels; their values persist from one launch
// of the program to the next and are shared by the program's kernels.

global int counter = 3;
global float table[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
global long zeros[8];
global struct { int a; float b; } pair = {7, 0.5f};
constant int k = 5;

// Reads everything, then work-item 0 adds 10 to counter, every work-item i < 16 adds 1
// to table[i] and i < 8 adds i to zeros[i]; pair.a += 1, pair.b *= 2.
kernel void globals_step(global float *out)
{
    size_t i = get_global_id(0);
    out[i * 4 + 0] = counter + k;
    out[i * 4 + 1] = table[i % 16];
    out[i * 4 + 2] = zeros[i % 8];
    out[i * 4 + 3] = pair.a + pair.b;
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (i == 0) {
        counter += 10;
        pair.a += 1;
        pair.b *= 2.0f;
    }
    if (i < 16)
        table[i] += 1.0f;
    if (i < 8)
        zeros[i] += i;
}

// A second kernel of the same program sees the first one's writes.
kernel void globals_read(global float *out)
{
    size_t i = get_global_id(0);
    out[i] = table[i % 16] + counter + zeros[i % 8];
}

// Atomics on a program-scope variable.
kernel void globals_atomic(void)
{
    atomic_add(&counter, 1);
}

// Program-scope pointers initialized with addresses of other variables; the pointer
// variables are themselves writable. Work-item 0 alone: out[0..3] = *global_ptr,
// *table_ptr, *generic_ptr; then counter += 1, table_ptr[1] += 2 and table_ptr moves to
// the next element (back to table[3] after table[14]).
global int *global_ptr = &counter;
global float *table_ptr = &table[3];
int *generic_ptr = &counter;
kernel void globals_ptrs(global float *out)
{
    if (get_global_id(0) != 0)
        return;
    out[0] = *global_ptr;
    out[1] = *table_ptr;
    out[2] = *generic_ptr;
    *global_ptr += 1;
    table_ptr[1] += 2.0f;
    table_ptr = table_ptr - table >= 14 ? &table[3] : table_ptr + 1;
}

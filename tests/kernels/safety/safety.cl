// Kernels that go one element out of bounds, one per kind of access; used by
// tests/safety.rs (run with a buffer one element short, or an index one too far).

__constant int table[4] = {10, 20, 30, 40};

__kernel void oob_global_load(__global const float* in, __global float* out) {
    size_t i = get_global_id(0);
    out[i] = in[i + 1];
}

__kernel void oob_global_store(__global const float* in, __global float* out) {
    size_t i = get_global_id(0);
    out[i + 1] = in[i];
}

__kernel void oob_vector_load(__global const float4* in, __global float4* out) {
    size_t i = get_global_id(0);
    out[i] = in[i + 1];
}

__kernel void oob_vector_store(__global const float4* in, __global float4* out) {
    size_t i = get_global_id(0);
    out[i + 1] = in[i];
}

__kernel void oob_vload4(__global const float* in, __global float* out) {
    size_t i = get_global_id(0);
    vstore4(vload4(i + 1, in), i, out);
}

__kernel void oob_vstore4(__global const float* in, __global float* out) {
    size_t i = get_global_id(0);
    vstore4(vload4(i, in), i + 1, out);
}

__kernel void oob_atomic(__global int* counters) {
    size_t i = get_global_id(0);
    atomic_add(&counters[i + 1], 1);
}

__kernel void oob_local_static(__global int* out) {
    __local int tmp[64];
    size_t l = get_local_id(0);
    tmp[l + 1] = (int)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[l];
}

__kernel void oob_local_arg(__global int* out, __local int* tmp) {
    size_t l = get_local_id(0);
    tmp[l + 1] = (int)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[l];
}

__kernel void oob_private(__global const int* idx, __global int* out) {
    int arr[8];
    for (int k = 0; k < 8; k++) {
        arr[k] = k * k + idx[0];
    }
    size_t i = get_global_id(0);
    out[i] = arr[idx[i]];
}

// A tile sized by reqd_work_group_size, read one past its row: accesses by local ids
// below the required size need no check, this one does (the last work-item of the last
// row reads one element past the tile).
__kernel __attribute__((reqd_work_group_size(8, 2, 1)))
void oob_local_tile(__global int* out) {
    __local int tile[2][8];
    int x = get_local_id(0), y = get_local_id(1);
    tile[y][x] = x + 10 * y;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = tile[y][x] + tile[y][x + 1];
}

// A gather and a scatter through indices read from memory. Work-items with a negative
// index skip the gather (their lanes are masked off: the address they would use lies far
// outside the buffer and must not count).
__kernel void oob_gather(__global const float* in, __global const int* idx, __global float* out) {
    size_t i = get_global_id(0);
    int j = idx[i];
    if (j >= 0)
        out[i] = in[j];
}

__kernel void oob_scatter(__global const int* idx, __global float* out) {
    size_t i = get_global_id(0);
    out[idx[i]] = (float)i;
}

__kernel void oob_constant_table(__global const int* idx, __global int* out) {
    size_t i = get_global_id(0);
    out[i] = table[idx[i]];
}

__kernel void oob_constant_arg(__constant float* c, __global float* out) {
    size_t i = get_global_id(0);
    out[i] = c[i + 1];
}

// A buffer may end in a partial element (tests/safety.rs passes an int4 buffer of 20
// bytes): element k + i is read or written; k = 1 goes into the partial element.
__kernel void int4_read(__global const int4* in, __global int4* out, int k) {
    size_t i = get_global_id(0);
    out[i] = in[i + k];
}

__kernel void int4_write(__global int4* out, int k) {
    size_t i = get_global_id(0);
    out[i + k] = (int4)(1, 2, 3, 4) + (int)i;
}

__kernel void spin_forever(__global int* out) {
    out[get_global_id(0)] = 1;
    for (;;) {
    }
}

__kernel void spin_on_memory(__global volatile int* flag, __global int* out) {
    while (flag[0] == 0) {
        out[get_global_id(0)] += 1;
    }
}

__kernel void spin_on_barriers(__global int* out, int n) {
    __local int tmp[16];
    int k = 0;
    while (k != n) {
        tmp[get_local_id(0)] = k;
        barrier(CLK_LOCAL_MEM_FENCE);
        k++;
    }
    out[get_global_id(0)] = tmp[0];
}

__kernel void copy(__global const float* in, __global float* out) {
    size_t i = get_global_id(0);
    out[i] = in[i];
}

// One undefined operation per work-item; the runtime gives each a defined result.
__kernel void undefined_ops(__global int* a, __global int* b, __global int* out) {
    size_t i = get_global_id(0);
    int x = a[i], y = b[i];
    int r;
    switch (i) {
    case 0: r = x / y; break;
    case 1: r = x % y; break;
    case 2: r = x / y; break;
    case 3: r = x << y; break;
    case 4: r = x << y; break;
    case 5: r = (int)(0.0f / (float)y); break;
    default: r = (int)(1e20f + (float)y); break;
    }
    out[i] = r;
}

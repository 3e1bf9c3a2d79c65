// A kernel using async_work_group_copy (events), which spirjit does not support yet: the
// Python tests check it raises spirjit.UnsupportedError.
__kernel void copy_async(__global const float* src, __global float* dst, __local float* tmp) {
    event_t e = async_work_group_copy(tmp, src + get_group_id(0) * 64, 64, 0);
    wait_group_events(1, &e);
    dst[get_global_id(0)] = tmp[get_local_id(0)];
}

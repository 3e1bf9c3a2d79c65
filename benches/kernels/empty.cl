// Dispatch latency: a kernel that does nothing.
__kernel void empty(__global float *a)
{
}

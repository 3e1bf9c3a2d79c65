// Reverse each block's elements through dynamic shared memory sized at launch
// (blockDim.x floats), plus a static shared counter.
extern "C" __global__ void reverse_blocks(const float *in, float *out, int n) {
  extern __shared__ float buf[];
  __shared__ int count;
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (t == 0) count = 0;
  __syncthreads();
  if (i < n) {
    buf[t] = in[i];
    atomicAdd(&count, 1);
  }
  __syncthreads();
  int r = blockDim.x - 1 - t;
  int j = blockIdx.x * blockDim.x + r;
  if (j < n && i < n) out[i] = buf[r] + 0.0f * count;
}

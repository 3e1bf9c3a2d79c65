// Sum of each block's elements by a tree in static shared memory (blocks of at most 256).
extern "C" __global__ void reduce_shared(const float *in, float *partial, int n) {
  __shared__ float tile[256];
  unsigned int t = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + t;
  tile[t] = i < (unsigned int)n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) tile[t] += tile[t + s];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = tile[0];
}

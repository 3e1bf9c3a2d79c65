// Sum of each warp's elements with __shfl_down_sync, then of the block's warps through
// shared memory and one atomic per block. Written for any warpSize, not only 32.
extern "C" __global__ void reduce_shfl(const int *in, int *total, int n) {
  __shared__ int warp_sums[1024];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int off = warpSize / 2; off > 0; off /= 2) v += __shfl_down_sync(0xffffffffu, v, off);
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / warpSize;
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    int warps = (blockDim.x + warpSize - 1) / warpSize;
    for (int w = 0; w < warps; ++w) s += warp_sums[w];
    atomicAdd(total, s);
  }
}

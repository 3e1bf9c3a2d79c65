// printf from the first thread of each block: an int, an unsigned, a float (promoted to
// double) and a string.
extern "C" __global__ void hello(int tag, float x) {
  if (threadIdx.x == 0) printf("block %d of %u: tag=%d x=%.2f %s\n", (int)blockIdx.x, gridDim.x, tag, x, "ok");
}

// Warp votes and shuffles: per element, whether every/any lane of its warp is positive,
// the population of the ballot, and the value of the warp's first lane and its xor-1
// neighbour.
extern "C" __global__ void warp_vote(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int all = __all_sync(0xffffffffu, v > 0);
  int any = __any_sync(0xffffffffu, v > 0);
  unsigned int ballot = __ballot_sync(__activemask(), v > 0);
  int first = __shfl_sync(0xffffffffu, v, 0);
  int neighbour = __shfl_xor_sync(0xffffffffu, v, 1);
  if (i < n) {
    out[5 * i + 0] = all;
    out[5 * i + 1] = any;
    out[5 * i + 2] = __popc(ballot);
    out[5 * i + 3] = first;
    out[5 * i + 4] = neighbour;
  }
}

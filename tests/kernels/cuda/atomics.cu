// Every atomic of the prelude on global memory: integer add/max/min/or/and/xor, the
// wrapping increment and decrement, a float add and a compare-and-swap loop.
extern "C" __global__ void atomics(int *counters, unsigned int *wrap, float *fsum, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  atomicAdd(&counters[0], v);
  atomicMax(&counters[1], v);
  atomicMin(&counters[2], v);
  atomicOr(&counters[3], 1 << (v & 31));
  atomicAnd(&counters[4], ~(1 << (v & 7)));
  atomicXor(&counters[5], v);
  atomicInc(&wrap[0], 16u);
  atomicDec(&wrap[1], 16u);
  atomicAdd(fsum, 0.5f);
  int old;
  do {
    old = counters[6];
  } while (atomicCAS(&counters[6], old, old + 2) != old);
}

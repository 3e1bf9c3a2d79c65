// C = alpha * A * B + beta * C for row-major M x K and K x N matrices, 16 x 16 tiles in
// shared memory; blocks are (16, 16).
#define TILE 16
extern "C" __global__ void sgemm(int m, int n, int k, float alpha, const float *a, const float *b, float beta,
                                 float *c) {
  __shared__ float ta[TILE][TILE];
  __shared__ float tb[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t0 = 0; t0 < k; t0 += TILE) {
    int ak = t0 + threadIdx.x;
    int bk = t0 + threadIdx.y;
    ta[threadIdx.y][threadIdx.x] = row < m && ak < k ? a[row * k + ak] : 0.0f;
    tb[threadIdx.y][threadIdx.x] = bk < k && col < n ? b[bk * n + col] : 0.0f;
    __syncthreads();
    for (int j = 0; j < TILE; ++j) acc = fmaf(ta[threadIdx.y][j], tb[j][threadIdx.x], acc);
    __syncthreads();
  }
  if (row < m && col < n) c[row * n + col] = alpha * acc + beta * c[row * n + col];
}

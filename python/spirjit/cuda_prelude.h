/* spirjit's CUDA prelude: what a CUDA kernel file needs from the CUDA headers, for
 * clang's device-only compile without a CUDA installation:
 *
 *   clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70 \
 *         -include cuda_prelude.h -O2 -S -emit-llvm kernel.cu
 *
 * It defines the CUDA keywords, the thread/block/grid ids and sizes, barriers, atomics,
 * warp functions, printf and the single-precision math library, all through builtins
 * clang knows (__nvvm_*), so the NVVM IR clang writes uses the intrinsics and libdevice
 * (__nv_*) functions spirjit translates. It declares nothing of the host runtime API. */
#ifndef SPIRJIT_CUDA_PRELUDE_H
#define SPIRJIT_CUDA_PRELUDE_H

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict

#ifndef CUDA_VERSION
#define CUDA_VERSION 11000
#endif

typedef __SIZE_TYPE__ size_t;

struct uint3 {
  unsigned int x, y, z;
};
struct dim3 {
  unsigned int x, y, z;
};

#define SPIRJIT_BUILTIN3(NAME, T, SREG)                                                                       \
  static __device__ __forceinline__ T __spirjit_##NAME(void) {                                                  \
    return T{(unsigned int)__nvvm_read_ptx_sreg_##SREG##_x(), (unsigned int)__nvvm_read_ptx_sreg_##SREG##_y(),  \
             (unsigned int)__nvvm_read_ptx_sreg_##SREG##_z()};                                                  \
  }
SPIRJIT_BUILTIN3(threadIdx, uint3, tid)
SPIRJIT_BUILTIN3(blockIdx, uint3, ctaid)
SPIRJIT_BUILTIN3(blockDim, dim3, ntid)
SPIRJIT_BUILTIN3(gridDim, dim3, nctaid)
#undef SPIRJIT_BUILTIN3
#define threadIdx (__spirjit_threadIdx())
#define blockIdx (__spirjit_blockIdx())
#define blockDim (__spirjit_blockDim())
#define gridDim (__spirjit_gridDim())
/* The number of threads of a warp; in spirjit a warp is a sub-group, see docs/cuda.md.
   Not llvm.nvvm.read.ptx.sreg.warpsize: LLVM 19 and later fold that intrinsic to 32. */
extern "C" __device__ __attribute__((const)) int __spirjit_warpsize(void);
#define warpSize (__spirjit_warpsize())

/* Barriers and fences. */
/* __syncthreads() is a clang builtin (llvm.nvvm.barrier0). */
static __device__ __forceinline__ int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
static __device__ __forceinline__ int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
static __device__ __forceinline__ int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
static __device__ __forceinline__ void __syncwarp(unsigned int mask = 0xffffffffu) { __nvvm_bar_warp_sync(mask); }
static __device__ __forceinline__ void __threadfence_block(void) { __nvvm_membar_cta(); }
static __device__ __forceinline__ void __threadfence(void) { __nvvm_membar_gl(); }
static __device__ __forceinline__ void __threadfence_system(void) { __nvvm_membar_sys(); }

/* Atomics: relaxed read-modify-write at device scope, as CUDA's are. */
#define SPIRJIT_ATOMIC(NAME, OP, T)                                                                          \
  static __device__ __forceinline__ T NAME(T *p, T v) { return __atomic_##OP(p, v, __ATOMIC_RELAXED); }
SPIRJIT_ATOMIC(atomicAdd, fetch_add, int)
SPIRJIT_ATOMIC(atomicAdd, fetch_add, unsigned int)
SPIRJIT_ATOMIC(atomicAdd, fetch_add, unsigned long long)
SPIRJIT_ATOMIC(atomicSub, fetch_sub, int)
SPIRJIT_ATOMIC(atomicSub, fetch_sub, unsigned int)
SPIRJIT_ATOMIC(atomicExch, exchange_n, int)
SPIRJIT_ATOMIC(atomicExch, exchange_n, unsigned int)
SPIRJIT_ATOMIC(atomicExch, exchange_n, unsigned long long)
SPIRJIT_ATOMIC(atomicMin, fetch_min, int)
SPIRJIT_ATOMIC(atomicMin, fetch_min, unsigned int)
SPIRJIT_ATOMIC(atomicMax, fetch_max, int)
SPIRJIT_ATOMIC(atomicMax, fetch_max, unsigned int)
SPIRJIT_ATOMIC(atomicAnd, fetch_and, int)
SPIRJIT_ATOMIC(atomicAnd, fetch_and, unsigned int)
SPIRJIT_ATOMIC(atomicOr, fetch_or, int)
SPIRJIT_ATOMIC(atomicOr, fetch_or, unsigned int)
SPIRJIT_ATOMIC(atomicXor, fetch_xor, int)
SPIRJIT_ATOMIC(atomicXor, fetch_xor, unsigned int)
#undef SPIRJIT_ATOMIC
static __device__ __forceinline__ float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ __forceinline__ float atomicExch(float *p, float v) {
  return __builtin_bit_cast(float, __atomic_exchange_n((int *)p, __builtin_bit_cast(int, v), __ATOMIC_RELAXED));
}
static __device__ __forceinline__ int atomicCAS(int *p, int expected, int desired) {
  __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return expected;
}
static __device__ __forceinline__ unsigned int atomicCAS(unsigned int *p, unsigned int expected, unsigned int desired) {
  __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return expected;
}
/* atomicInc/atomicDec wrap at `limit`; SPIR-V has no such atomic, so they are
 * compare-and-swap loops. */
static __device__ __forceinline__ unsigned int atomicInc(unsigned int *p, unsigned int limit) {
  unsigned int old = *(volatile unsigned int *)p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, assumed >= limit ? 0u : assumed + 1u);
  } while (old != assumed);
  return old;
}
static __device__ __forceinline__ unsigned int atomicDec(unsigned int *p, unsigned int limit) {
  unsigned int old = *(volatile unsigned int *)p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, (assumed == 0u || assumed > limit) ? limit : assumed - 1u);
  } while (old != assumed);
  return old;
}

/* Warp functions. A warp is a sub-group: warpSize lanes, not necessarily 32. */
#define SPIRJIT_SHFL(NAME, I, F, C, OFF)                                                                     \
  static __device__ __forceinline__ int NAME(unsigned int m, int v, OFF o, int w = warpSize) {                \
    return I(m, v, o, ((warpSize - w) << 8) | (C));                                                          \
  }                                                                                                          \
  static __device__ __forceinline__ unsigned int NAME(unsigned int m, unsigned int v, OFF o, int w = warpSize) { \
    return (unsigned int)I(m, (int)v, o, ((warpSize - w) << 8) | (C));                                       \
  }                                                                                                          \
  static __device__ __forceinline__ float NAME(unsigned int m, float v, OFF o, int w = warpSize) {            \
    return F(m, v, o, ((warpSize - w) << 8) | (C));                                                          \
  }
SPIRJIT_SHFL(__shfl_sync, __nvvm_shfl_sync_idx_i32, __nvvm_shfl_sync_idx_f32, 0x1f, int)
SPIRJIT_SHFL(__shfl_up_sync, __nvvm_shfl_sync_up_i32, __nvvm_shfl_sync_up_f32, 0, unsigned int)
SPIRJIT_SHFL(__shfl_down_sync, __nvvm_shfl_sync_down_i32, __nvvm_shfl_sync_down_f32, 0x1f, unsigned int)
SPIRJIT_SHFL(__shfl_xor_sync, __nvvm_shfl_sync_bfly_i32, __nvvm_shfl_sync_bfly_f32, 0x1f, int)
#undef SPIRJIT_SHFL
static __device__ __forceinline__ int __all_sync(unsigned int m, int p) { return __nvvm_vote_all_sync(m, p); }
static __device__ __forceinline__ int __any_sync(unsigned int m, int p) { return __nvvm_vote_any_sync(m, p); }
static __device__ __forceinline__ int __uni_sync(unsigned int m, int p) { return __nvvm_vote_uni_sync(m, p); }
static __device__ __forceinline__ unsigned int __ballot_sync(unsigned int m, int p) {
  return __nvvm_vote_ballot_sync(m, p);
}
/* The lanes of the warp that are active: a ballot of every active lane. */
static __device__ __forceinline__ unsigned int __activemask(void) { return __nvvm_vote_ballot_sync(0xffffffffu, 1); }
static __device__ __forceinline__ unsigned int __lane_id(void) { return __nvvm_read_ptx_sreg_laneid(); }

/* Bit and conversion helpers. */
static __device__ __forceinline__ int __popc(unsigned int x) { return __builtin_popcount(x); }
static __device__ __forceinline__ int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned int)x); }
static __device__ __forceinline__ int __ffs(int x) { return __builtin_ffs(x); }
static __device__ __forceinline__ float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
static __device__ __forceinline__ int __float_as_int(float x) { return __builtin_bit_cast(int, x); }

/* printf: clang packs the arguments into a buffer and calls vprintf(fmt, buffer). */
extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ int vprintf(const char *, void *);

/* Math: libdevice's __nv_* functions, which spirjit maps to its math library. */
#define SPIRJIT_MATH1(NAME)                                                                                  \
  extern "C" __device__ float __nv_##NAME(float);                                                            \
  static __device__ __forceinline__ float NAME(float x) { return __nv_##NAME(x); }
#define SPIRJIT_MATH2(NAME)                                                                                  \
  extern "C" __device__ float __nv_##NAME(float, float);                                                     \
  static __device__ __forceinline__ float NAME(float x, float y) { return __nv_##NAME(x, y); }
SPIRJIT_MATH1(sqrtf) SPIRJIT_MATH1(rsqrtf) SPIRJIT_MATH1(cbrtf) SPIRJIT_MATH1(expf) SPIRJIT_MATH1(exp2f)
SPIRJIT_MATH1(exp10f) SPIRJIT_MATH1(expm1f) SPIRJIT_MATH1(logf) SPIRJIT_MATH1(log2f) SPIRJIT_MATH1(log10f)
SPIRJIT_MATH1(log1pf) SPIRJIT_MATH1(sinf) SPIRJIT_MATH1(cosf) SPIRJIT_MATH1(tanf) SPIRJIT_MATH1(asinf)
SPIRJIT_MATH1(acosf) SPIRJIT_MATH1(atanf) SPIRJIT_MATH1(sinhf) SPIRJIT_MATH1(coshf) SPIRJIT_MATH1(tanhf)
SPIRJIT_MATH1(asinhf) SPIRJIT_MATH1(acoshf) SPIRJIT_MATH1(atanhf) SPIRJIT_MATH1(fabsf) SPIRJIT_MATH1(floorf)
SPIRJIT_MATH1(ceilf) SPIRJIT_MATH1(truncf) SPIRJIT_MATH1(roundf) SPIRJIT_MATH1(rintf) SPIRJIT_MATH1(erff)
SPIRJIT_MATH1(erfcf) SPIRJIT_MATH1(tgammaf) SPIRJIT_MATH1(lgammaf) SPIRJIT_MATH1(sinpif) SPIRJIT_MATH1(cospif)
SPIRJIT_MATH2(powf) SPIRJIT_MATH2(atan2f) SPIRJIT_MATH2(fmodf) SPIRJIT_MATH2(fminf) SPIRJIT_MATH2(fmaxf)
SPIRJIT_MATH2(hypotf) SPIRJIT_MATH2(copysignf) SPIRJIT_MATH2(fdimf) SPIRJIT_MATH2(remainderf)
#undef SPIRJIT_MATH1
#undef SPIRJIT_MATH2
/* The fast intrinsics: libdevice's __nv_fast_* functions. */
#define SPIRJIT_FAST1(NAME)                                                                                  \
  extern "C" __device__ float __nv_fast_##NAME(float);                                                       \
  static __device__ __forceinline__ float __##NAME(float x) { return __nv_fast_##NAME(x); }
#define SPIRJIT_FAST2(NAME)                                                                                  \
  extern "C" __device__ float __nv_fast_##NAME(float, float);                                                \
  static __device__ __forceinline__ float __##NAME(float x, float y) { return __nv_fast_##NAME(x, y); }
SPIRJIT_FAST1(expf) SPIRJIT_FAST1(exp10f) SPIRJIT_FAST1(logf) SPIRJIT_FAST1(log2f) SPIRJIT_FAST1(log10f)
SPIRJIT_FAST1(sinf) SPIRJIT_FAST1(cosf) SPIRJIT_FAST1(tanf) SPIRJIT_FAST2(powf) SPIRJIT_FAST2(fdividef)
#undef SPIRJIT_FAST1
#undef SPIRJIT_FAST2
extern "C" __device__ float __nv_fmaf(float, float, float);
static __device__ __forceinline__ float fmaf(float x, float y, float z) { return __nv_fmaf(x, y, z); }
extern "C" __device__ void __nv_sincosf(float, float *, float *);
static __device__ __forceinline__ void sincosf(float x, float *s, float *c) { __nv_sincosf(x, s, c); }
static __device__ __forceinline__ int min(int a, int b) { return a < b ? a : b; }
static __device__ __forceinline__ int max(int a, int b) { return a > b ? a : b; }
static __device__ __forceinline__ unsigned int min(unsigned int a, unsigned int b) { return a < b ? a : b; }
static __device__ __forceinline__ unsigned int max(unsigned int a, unsigned int b) { return a > b ? a : b; }

#endif

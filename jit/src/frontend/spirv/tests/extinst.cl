#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void math(global float* f, global double* d, global int* i, global float4* v) {
  size_t g = get_global_id(0);
  float x = f[g];
  f[g] = fabs(x) + fmin(x, 1.0f) + fmax(x, 2.0f) + floor(x) + ceil(x) + trunc(x) + rint(x) + round(x)
       + fma(x, x, 1.0f) + mad(x, 2.0f, 3.0f) + copysign(x, -1.0f) + clamp(x, 0.0f, 1.0f) + mix(x, 1.0f, 0.5f)
       + step(0.5f, x) + smoothstep(0.0f, 1.0f, x) + degrees(x) + radians(x) + sign(x)
       + sin(x) + native_sin(x) + half_cos(x) + rsqrt(x) + native_recip(x) + native_divide(x, 3.0f);
  d[g] = sqrt(d[g]) + fmax(d[g], 0.0) + floor(d[g]);
  i[g] = abs(i[g]) + clz(i[g]) + popcount(i[g]) + min(i[g], 3) + max(i[g], 4) + clamp(i[g], 0, 9)
       + mad24(i[g], 2, 3) + mul24(i[g], 5) + mad_hi(i[g], 7, 1) + (int)bitselect((uint)i[g], 3u, 5u) + ctz(i[g]);
  v[g] = clamp(v[g], 0.0f, 1.0f) + fmin(v[g], 2.0f) + normalize(v[g]) + (float4)(length(v[g]));
}

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void ints(global char* c, global short* s, global int* i, global long* l, global uint* u, int k) {
  size_t g = get_global_id(0);
  c[g] = (char)(c[g] * 3 / (c[g+1] | 1)) % 5;
  s[g] = (short)((s[g] << 2) >> 1) ^ (short)~s[g+1];
  i[g] = i[g] / (k | 1) + i[g] % 7 - (-i[g]) + mul_hi(i[g], k) + (i[g] < k ? 1 : 0) + rotate(i[g], k);
  l[g] = l[g] * l[g+1] + (long)u[g] + (l[g] >> (k & 63)) + (l[g] != 0 && k > 2);
  u[g] = u[g] / (uint)(k | 1) + (u[g] >> 3) + max(u[g], (uint)k) + add_sat(u[g], 5u) + hadd(u[g], (uint)k);
}
kernel void floats(global float* f, global double* d, global half* h, global int* o) {
  size_t g = get_global_id(0);
  float x = f[g];
  f[g] = x * 2.0f - x / 3.0f + fmod(x, 1.5f) + (float)(int)x + convert_float_rtz(o[g]);
  d[g] = d[g] * (double)x + sqrt(d[g]);
  vstore_half(x, g, h);
  f[g] += vload_half(g + 1, h);
  o[g] = isnan(x) + isinf(x) + isfinite(x) + isnormal(x) + signbit(x) + (x < 1.0f) + (x >= 2.0f) + (x != x)
       + isordered(x, 1.0f) + isunordered(x, 1.0f) + islessgreater(x, 2.0f) + convert_int_sat(x) + convert_uchar_sat_rte(x);
}
kernel void vectors(global float4* a, global int4* b, global float3* c, global float8* d, global uchar16* e) {
  size_t g = get_global_id(0);
  float4 v = a[g];
  a[g] = v.wzyx * v.x + (float4)(v.xy, 1.0f, 2.0f) + dot(v, v) + cross(v, v);
  b[g] = (v < 1.0f) + b[g].s3210 + (int4)(any(b[g] > 0), all(b[g] > 1), 0, 1) + select(b[g], b[g]+1, b[g] < 2);
  c[g] = c[g] * length(c[g]) + normalize(c[g]) + distance(c[g], c[g+1]);
  d[g] = d[g] + (float8)(d[g].lo, d[g].hi) + vload8(g, (global float*)a) + shuffle(d[g], (uint8)(7,6,5,4,3,2,1,0));
  e[g] = e[g] + e[g].sfedcba9876543210 + shuffle2(e[g], e[g+1], (uchar16)(0,17,2,19,4,21,6,23,8,25,10,27,12,29,14,31));
  vstore4(v, g + 1, (global float*)a);
}

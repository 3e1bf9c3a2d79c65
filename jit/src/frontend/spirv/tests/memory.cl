typedef struct { int a; float b; char c; float4 d; } S;
typedef struct __attribute__((packed)) { char x; int y; } P;
__constant float tbl[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__constant int2 pairs[2] = {(int2)(1, 2), (int2)(3, 4)};
kernel void mem(global float* out, global S* ss, global P* ps, S byval, local float* scratch, constant int* c) {
  __local float tile[16];
  __local int counter;
  size_t l = get_local_id(0);
  size_t g = get_global_id(0);
  float priv[8];
  for (int i = 0; i < 8; i++) priv[i] = out[g] * i;
  tile[l % 16] = priv[g % 8] + ss[g].d.z + ss[g].b + ps[g].y + byval.b + byval.d.w;
  scratch[l] = tile[0];
  if (l == 0) counter = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&counter);
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  out[g] = tile[(l + 1) % 16] + scratch[l] + tbl[g & 3] + pairs[g & 1].y + c[1] + counter;
  ss[g].a = byval.a;
  ps[g].x = 'x';
}
kernel void atomics(global int* i, global uint* u, global long* l, local int* li, global float* f) {
  atomic_add(i, 1); atomic_sub(i, 2); atomic_xchg(i, 3); atomic_min(i, 4); atomic_max(i, 5);
  atomic_and(i, 6); atomic_or(i, 7); atomic_xor(i, 8); atomic_inc(i); atomic_dec(i);
  atomic_cmpxchg(i, 9, 10); atomic_min(u, 1u); atomic_max(u, 2u);
  atomic_add(li, 1);
  atomic_xchg(f, 1.0f);
  i[1] = li[0];
}

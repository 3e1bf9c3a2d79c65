int helper(int x, int y) {
  int acc = 0;
  for (int i = 0; i < y; i++) { if (i & 1) continue; acc += x * i; if (acc > 1000) break; }
  return acc;
}
int twice(int x) { return helper(x, 2) + helper(x, 3); }
kernel void flow(global int* a, int n) {
  size_t g = get_global_id(0);
  int v = a[g];
  switch (v) { case 0: v += 1; break; case 100: v *= 3; break; case 77777: v = twice(v); break; default: v -= 2; }
  while (v > 100) v /= 2;
  do { v += n; } while (v < 0);
  a[g] = v > n ? helper(v, n) : twice(n);
}
kernel void other(global int* a) { flow(a, 3); a[0] += 1; }
kernel void longswitch(global long* a) {
  long v = a[get_global_id(0)];
  switch (v) { case 0: a[0] = 1; break; case 0x100000000L: a[1] = 2; break; case -5: a[2] = 3; break; default: a[3] = 4; }
}

kernel void p(global int* a) { printf("%d\n", a[0]); }

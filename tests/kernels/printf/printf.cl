// printf through real modules: conversions, flags, width and precision, vectors,
// strings, and the order of output across work-items.
kernel void scalars(global const int* a) {
    printf("i=%d u=%u x=%x X=%#X o=%o c=%c neg=%+d pad=[%5d|%-5d|%05d]\n", a[0], (uint)a[1], a[2], a[2], a[3],
           (char)a[4], a[5], a[0], a[0], a[5]);
}
kernel void lengths(global const long* a) {
    printf("%ld %lu %lx %hd %hhd %hu\n", a[0], (ulong)a[1], a[2], (short)a[3], (char)a[3], (ushort)a[3]);
}
kernel void floats(global const float* f, global const double* d) {
    printf("%f %.3f [%10.2f] [%-8.1f] %e %E %g %g %G\n", f[0], f[1], f[2], f[3], f[4], f[4], f[5], f[6], f[7]);
    printf("%a %A %.2a %f %.12f %e\n", f[8], f[9], f[8], d[0], d[1], d[2]);
}
kernel void specials(global const float* f) {
    printf("%f %f %f %F %+.1f % .1f\n", f[0], f[1], f[2], f[0], f[3], f[3]);
}
kernel void vectors(global const float4* f, global const int2* i) {
    float4 v = f[0];
    int2 w = i[0];
    char3 c = (char3)(1, -2, 3);
    long2 l = (long2)(-5, 1L << 40);
    ushort4 us = (ushort4)(1, 2, 65535, 4);
    printf("f=%v4hlf w=%v2hld c=%v3hhd l=%v2ld x=%#v2lx us=%v4hu p=%.1v4hlf\n", v, w, c, l, l, us, v);
}
kernel void strings(global const int* a) {
    printf("%s|%10s|%-6s|%.2s|%c%c\n", "hello", "right", "left", "trunc", 'o', 'k');
    printf("100%% done: %d%%\n", a[0]);
    printf("no args\n");
}
kernel void order(global int* a) {
    int i = get_global_id(0);
    printf("item %d first\n", i);
    a[i] = i;
    printf("item %d second\n", i);
}
kernel void order2d(global int* a) {
    int x = get_global_id(0), y = get_global_id(1);
    printf("(%d,%d)\n", x, y);
}
kernel void divergent(global const int* a) {
    int i = get_global_id(0);
    if (a[i] > 0) {
        printf("pos %d = %d\n", i, a[i]);
    } else {
        printf("neg %d\n", i);
    }
}

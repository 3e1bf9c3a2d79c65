// A 3-D NDRange: 7-point box filter over an X x Y x Z int volume, clamped borders,
// with a global offset honoured through get_global_offset.
__kernel void box3d(__global const int *in, __global int *out, int X, int Y, int Z)
{
    int x = get_global_id(0) - get_global_offset(0);
    int y = get_global_id(1) - get_global_offset(1);
    int z = get_global_id(2) - get_global_offset(2);
    if (x >= X || y >= Y || z >= Z)
        return;
#define AT(i, j, k) in[((k) * Y + (j)) * X + (i)]
    int s = 6 * AT(x, y, z);
    s += AT(max(x - 1, 0), y, z) + AT(min(x + 1, X - 1), y, z);
    s += AT(x, max(y - 1, 0), z) + AT(x, min(y + 1, Y - 1), z);
    s += AT(x, y, max(z - 1, 0)) + AT(x, y, min(z + 1, Z - 1));
    out[(z * Y + y) * X + x] = s;
}

// Control flow: a switch with fall-through, a default in the middle, and cases that
// break out of an enclosing loop. `key` is 0 at run time; XOR-ing it into the selectors
// keeps clang from narrowing them to i3/i2, which llvm-spirv-14 cannot translate.
__kernel void cf_switch(__global const int *in, __global int *out, int key)
{
    size_t g = get_global_id(0);
    int v = in[g];
    int r = 0;
    switch ((v & 7) ^ key) {
    case 0:
        r += 1;
    case 1:
        r += 10;
        break;
    case 2:
    case 3:
        r += 100;
    default:
        r += 1000;
        break;
    case 6:
        r -= 5;
    case 7:
        r *= 3;
    }
    int k = 0;
    for (int i = 0; i < 10; ++i) {
        switch (((v >> i) & 3) ^ key) {
        case 0: k += 1; continue;
        case 1: k += 2; break;
        case 2: k *= 2; /* fall through */
        case 3: k ^= i; break;
        }
        if (k > 40)
            break;
    }
    out[2 * g] = r;
    out[2 * g + 1] = k;
}

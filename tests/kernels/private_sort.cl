// build-spir32
// Private arrays indexed by variables: each work-item insertion-sorts 8 values, runs a
// sorting network with data-dependent swaps over another copy, and reverses through a
// dynamically indexed private table.
#define N 8
__kernel void private_sort(__global const int *in, __global int *sorted, __global int *net, __global int *perm)
{
    size_t g = get_global_id(0);
    int a[N], b[N];
    for (int i = 0; i < N; ++i) {
        a[i] = in[g * N + i];
        b[i] = a[i];
    }
    for (int i = 1; i < N; ++i) {
        int key = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > key) {
            a[j + 1] = a[j];
            --j;
        }
        a[j + 1] = key;
    }
    // odd-even transposition network
    for (int round = 0; round < N; ++round) {
        for (int i = round & 1; i + 1 < N; i += 2) {
            if (b[i] > b[i + 1]) {
                int t = b[i];
                b[i] = b[i + 1];
                b[i + 1] = t;
            }
        }
    }
    int idx[N];
    for (int i = 0; i < N; ++i)
        idx[i] = (in[g * N + i] & 0x7fffffff) % N;
    for (int i = 0; i < N; ++i) {
        sorted[g * N + i] = a[i];
        net[g * N + i] = b[N - 1 - i];
        perm[g * N + i] = a[idx[i]];
    }
}

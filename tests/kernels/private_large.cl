// build-O2: -Oz
// A large private array per work-item (a 512-byte sieve of Eratosthenes with a
// data-dependent limit) and a private float array used as a per-item histogram.
// Built with -Oz for the .O2 variant: at -O1..-O3 llvm-spirv-14 emits a loop exit block
// before its dominator, or a block that is the merge block of two headers.
__kernel void private_large(__global int *out, __global float *fout, int base)
{
    int gid = get_global_id(0);
    int limit = base + gid * 7;
    uchar sieve[512];
    for (int i = 0; i < 512; ++i)
        sieve[i] = 1;
    sieve[0] = 0;
    sieve[1] = 0;
    for (int p = 2; p < 23; ++p) {
        int q = sieve[p] ? p * p : limit;
        while (q < limit) {
            sieve[q] = 0;
            q += p;
        }
    }
    float bins[16];
    for (int b = 0; b < 16; ++b)
        bins[b] = 0.0f;
    int count = 0, last = 0;
    for (int i = 0; i < limit; ++i) {
        int prime = sieve[i];
        count += prime;
        last = prime ? i : last;
        bins[i % 16] += prime ? 0.5f : 0.0f;
    }
    out[2 * gid] = count;
    out[2 * gid + 1] = last;
    for (int b = 0; b < 16; ++b)
        fout[gid * 16 + b] = bins[b];
}

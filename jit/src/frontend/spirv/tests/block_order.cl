// Nested loops whose inner loop's exit block uses a value the middle loop's body
// computes before the inner loop: llvm-spirv 14 keeps LLVM's block layout, which puts
// that exit block before the body (spirv-val rejects the module).
kernel void block_order(global int *data, int n) {
    int i = get_global_id(0);
    int acc = data[i];
    for (int outer = 1; outer <= n; outer <<= 1) {
        for (int len = 1; len < outer; len <<= 1) {
            int dir = i & (len << 1);
            for (int inc = len; inc > 0; inc >>= 1) {
                acc = (acc ^ dir) * 3 + inc;
            }
        }
    }
    data[i] = acc;
}

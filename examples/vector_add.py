"""Add two float vectors on the CPU with spirjit: the smallest complete example.

Run: python examples/vector_add.py [N]
"""

import sys

import numpy as np

from _load import load_program


def main(n=1_000_000):
    prog = load_program("vector_add")
    k = prog.vector_add
    print(k)
    a = np.random.default_rng(0).random(n, dtype=np.float32)
    b = np.arange(n, dtype=np.float32)
    c = np.empty_like(a)
    # Round the global size up to a multiple of 64; the kernel ignores items past n.
    k(a, b, c, n, global_size=(n + 63) // 64 * 64, local_size=64)
    assert np.array_equal(c, a + b), "vector_add gave a wrong result"
    info = k.last_run
    print(f"{n} elements in {info.elapsed * 1e3:.2f} ms ({info.work_groups} work-groups of {info.local_size[0]}), "
          f"{3 * 4 * n / info.elapsed / 1e9:.2f} GB/s")
    return c


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)

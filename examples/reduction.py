"""Sum a large array with a work-group reduction in __local memory (LocalMemory).

Run: python examples/reduction.py [N]
"""

import sys

import numpy as np

import spirjit
from _load import load_program

LOCAL = 256


def main(n=1 << 20):
    prog = load_program("reduction")
    x = np.random.default_rng(2).random(n, dtype=np.float32)
    groups = (n + LOCAL - 1) // LOCAL
    partial = np.zeros(groups, dtype=np.float32)
    prog.reduce(x, partial, n, spirjit.LocalMemory(LOCAL * 4), global_size=groups * LOCAL, local_size=LOCAL)
    total = float(partial.sum(dtype=np.float64))
    expected = float(x.sum(dtype=np.float64))
    assert abs(total - expected) <= 1e-4 * expected, f"reduction: {total} != {expected}"
    print(f"sum of {n} floats = {total:.3f} (NumPy {expected:.3f}) in {prog.reduce.last_run.elapsed * 1e3:.2f} ms")
    return total


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 20)

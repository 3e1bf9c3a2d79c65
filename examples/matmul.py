"""Tiled matrix multiply with __local tiles and barriers, checked against NumPy.

Run: python examples/matmul.py [M N K]
"""

import sys

import numpy as np

from _load import load_program

TILE = 16


def main(m=256, n=192, k=320):
    prog = load_program("matmul")
    rng = np.random.default_rng(1)
    a = rng.standard_normal((m, k), dtype=np.float32)
    b = rng.standard_normal((k, n), dtype=np.float32)
    c = np.zeros((m, n), dtype=np.float32)
    rounded = ((n + TILE - 1) // TILE * TILE, (m + TILE - 1) // TILE * TILE)
    prog.matmul[rounded, (TILE, TILE)](a, b, c, m, n, k)
    expected = a @ b
    err = float(np.max(np.abs(c - expected)))
    assert err < 1e-3 * k, f"matmul: max error {err}"
    t = prog.matmul.last_run.elapsed
    print(f"{m}x{k} @ {k}x{n} in {t * 1e3:.2f} ms ({2 * m * n * k / t / 1e9:.2f} GFLOP/s), max error {err:.2e}")
    return c


if __name__ == "__main__":
    main(*map(int, sys.argv[1:4])) if len(sys.argv) >= 4 else main()

"""The benchmark suite: for every kernel in benches/kernels, how to make its inputs, how
to launch it, what it moves and computes, and how to check its outputs.

Used by compare.py. This module only describes the cases; it must not run kernels.
"""

import os
from dataclasses import dataclass, field

import numpy as np

KERNELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernels")


@dataclass
class Case:
    """One launch of one kernel with its data.

    ``args``: NumPy arrays (buffers), NumPy scalars (by-value; int32/uint32/float32) or
    tuples of four float32 (float4 by value). ``outputs``: indices of the buffers the kernel
    writes. ``reference``: a function of the input args returning the expected outputs
    (dict index -> array), or None when no cheap NumPy reference exists.
    """

    args: list
    global_size: tuple
    local_size: tuple
    outputs: list
    bytes: float = 0.0
    flops: float = 0.0
    reference: object = None
    # Outputs compared with this relative / absolute tolerance (0: bit-exact).
    rtol: float = 0.0
    atol: float = 0.0
    # Fraction of elements allowed to differ beyond tolerance (fp contraction at escape
    # boundaries in Mandelbrot).
    mismatch: float = 0.0
    # Derived after the run: flops that depend on the output.
    flops_from_output: object = None
    # Buffers that accumulate over runs (checked only after the first run).
    accumulates: bool = False
    # A custom check of the outputs (dict index -> array): an error text or None.
    check: object = None
    extra: dict = field(default_factory=dict)


@dataclass
class Bench:
    name: str
    kind: str
    make: object  # make(small: bool) -> Case

    @property
    def cl(self):
        return os.path.join(KERNELS, self.name + ".cl")

    @property
    def spv(self):
        return os.path.join(KERNELS, self.name + ".spv")


def _rng():
    return np.random.default_rng(12345)


def _round_up(n, m):
    return (n + m - 1) // m * m


def vadd(small):
    n = 4096 if small else 1 << 25
    r = _rng()
    a, b = r.random(n, dtype=np.float32), r.random(n, dtype=np.float32)
    c = np.zeros(n, np.float32)
    return Case([a, b, c, np.int32(n)], (n,), (256,), [2], bytes=12 * n, flops=n,
                reference=lambda a, b, c, n: {2: a + b})


def triad(small):
    n = 4096 if small else 1 << 25
    r = _rng()
    a = np.zeros(n, np.float32)
    b, c = r.random(n, dtype=np.float32), r.random(n, dtype=np.float32)
    s = np.float32(3.0)
    return Case([a, b, c, s, np.int32(n)], (n,), (256,), [0], bytes=12 * n, flops=2 * n,
                reference=lambda a, b, c, s, n: {0: b + s * c}, rtol=1e-6)


def empty(small):
    return Case([np.zeros(1, np.float32)], (1,), (1,), [])


def _matmul(small, local):
    n = 64 if small else 512
    r = _rng()
    a = r.random((n, n), dtype=np.float32) - 0.5
    b = r.random((n, n), dtype=np.float32) - 0.5
    c = np.zeros((n, n), np.float32)
    ref = lambda a, b, c, n: {2: (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)}  # noqa: E731
    return Case([a, b, c, np.int32(n)], (n, n), local, [2], bytes=12 * n * n, flops=2 * n**3,
                reference=ref, rtol=1e-4, atol=1e-4)


def matmul_naive(small):
    return _matmul(small, (16, 16))


def matmul_tiled(small):
    return _matmul(small, (16, 16))


def nbody(small):
    n = 256 if small else 4096
    r = _rng()
    pos = np.empty((n, 4), np.float32)
    pos[:, :3] = r.random((n, 3), dtype=np.float32) * 10
    pos[:, 3] = r.random(n, dtype=np.float32) + 0.5
    acc = np.zeros((n, 4), np.float32)
    eps2 = np.float32(0.01)

    def ref(pos, acc, n, eps2, m=128):
        p = pos[:m, :3].astype(np.float64)
        q = pos[:, :3].astype(np.float64)
        d = q[None, :, :] - p[:, None, :]
        r2 = (d * d).sum(-1) + float(eps2)
        s = pos[:, 3].astype(np.float64)[None, :] / r2**1.5
        out = np.zeros((m, 4), np.float32)
        out[:, :3] = (d * s[:, :, None]).sum(1)
        return {1: out}

    return Case([pos, acc, np.int32(n), eps2], (n,), (64,), [1], bytes=32 * n, flops=20 * n * n,
                reference=ref, rtol=2e-3, atol=1e-3, extra={"ref_rows": 128})


def mandelbrot(small):
    w, h = (64, 48) if small else (1024, 768)
    out = np.zeros((h, w), np.int32)
    return Case([out, np.int32(w), np.int32(h), np.int32(256)], (w, h), (16, 16), [0], bytes=4 * w * h,
                flops_from_output=lambda outs: 9.0 * float(outs[0].astype(np.int64).sum()), mismatch=5e-3)


def blackscholes(small):
    n = 4096 if small else 1 << 21
    r = _rng()
    price = (r.random(n, dtype=np.float32) * 25 + 5).astype(np.float32)
    strike = (r.random(n, dtype=np.float32) * 99 + 1).astype(np.float32)
    years = (r.random(n, dtype=np.float32) * 9.75 + 0.25).astype(np.float32)
    call, put = np.zeros(n, np.float32), np.zeros(n, np.float32)
    rate, vol = np.float32(0.02), np.float32(0.30)

    def ref(call, put, s, x, t, rr, v, n):
        # The same cumulative-normal polynomial as the kernel, in float64.
        s, x, t = (z.astype(np.float64) for z in (s, x, t))
        rr, v = float(rr), float(v)

        def cnd(d):
            k = 1 / (1 + 0.2316419 * np.abs(d))
            poly = k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))))
            c = 0.39894228040143267794 * np.exp(-0.5 * d * d) * poly
            return np.where(d > 0, 1 - c, c)

        sq = np.sqrt(t)
        d1 = (np.log(s / x) + (rr + 0.5 * v * v) * t) / (v * sq)
        d2 = d1 - v * sq
        e = np.exp(-rr * t)
        c1, c2 = cnd(d1), cnd(d2)
        return {0: (s * c1 - x * e * c2).astype(np.float32), 1: (x * e * (1 - c2) - s * (1 - c1)).astype(np.float32)}

    # ~ 70 operations per option counting exp, log, sqrt and the division as one each.
    return Case([call, put, price, strike, years, rate, vol, np.int32(n)], (n,), (256,), [0, 1],
                bytes=20 * n, flops=70 * n, reference=ref, rtol=1e-3, atol=2e-3)


def reduce(small):
    n = 1 << 14 if small else 1 << 24
    groups = 16 if small else 256
    r = _rng()
    x = r.random(n, dtype=np.float32)
    partial = np.zeros(groups, np.float32)
    total = float(x.astype(np.float64).sum())

    def check(outs):
        got = float(outs[1].astype(np.float64).sum())
        return None if abs(got - total) <= 1e-5 * abs(total) else f"sum {got} != {total}"

    # The partial sums depend on the summation order, so only their total is checked.
    return Case([x, partial, np.int32(n)], (256 * groups,), (256,), [1], bytes=4 * n, flops=n, check=check,
                rtol=1e-5)


def scan(small):
    n = 1 << 12 if small else 1 << 22
    r = _rng()
    x = r.integers(0, 100, n, dtype=np.int32)
    out, sums = np.zeros(n, np.int32), np.zeros(n // 256, np.int32)

    def ref(x, out, sums):
        blocks = x.reshape(-1, 256).cumsum(axis=1, dtype=np.int32)
        return {1: blocks.reshape(-1), 2: blocks[:, -1].copy()}

    return Case([x, out, sums], (n,), (256,), [1, 2], bytes=8 * n, flops=8 * n, reference=ref)


def transpose(small):
    rows, cols = (64, 128) if small else (2048, 2048)
    r = _rng()
    x = r.random((rows, cols), dtype=np.float32)
    out = np.zeros((cols, rows), np.float32)
    return Case([x, out, np.int32(rows), np.int32(cols)], (cols, rows), (16, 16), [1], bytes=8 * rows * cols,
                reference=lambda x, out, r_, c_: {1: np.ascontiguousarray(x.T)})


def histogram(small):
    n = 1 << 14 if small else 1 << 24
    groups = 4 if small else 64
    r = _rng()
    data = r.integers(0, 256, n, dtype=np.uint8)
    bins = np.zeros(256, np.uint32)
    ref = lambda d, b, n: {1: np.bincount(d, minlength=256).astype(np.uint32)}  # noqa: E731
    return Case([data, bins, np.int32(n)], (256 * groups,), (256,), [1], bytes=n, reference=ref, accumulates=True)


def stencil(small):
    w, h = (64, 64) if small else (2048, 2048)
    r = _rng()
    x = r.random((h, w), dtype=np.float32)
    out = np.zeros((h, w), np.float32)
    wts = np.array([0.0625, 0.125, 0.0625, 0.125, 0.25, 0.125, 0.0625, 0.125, 0.0625], np.float32)

    def ref(x, out, wts, w_, h_):
        x64 = x.astype(np.float64)
        y = x64.copy()
        acc = np.zeros((h - 2, w - 2))
        for dy in range(3):
            for dx in range(3):
                acc += wts[dy * 3 + dx] * x64[dy:dy + h - 2, dx:dx + w - 2]
        y[1:-1, 1:-1] = acc
        return {1: y.astype(np.float32)}

    return Case([x, out, wts, np.int32(w), np.int32(h)], (w, h), (16, 16), [1], bytes=8 * w * h,
                flops=18 * w * h, reference=ref, rtol=1e-5, atol=1e-6)


def bits(small):
    n = 4096 if small else 1 << 22
    rounds = 16
    r = _rng()
    x = r.integers(0, 2**32, n, dtype=np.uint32)
    out = np.zeros(n, np.uint32)

    def ref(x, out, rounds):
        with np.errstate(over="ignore"):
            h = x ^ np.uint32(0x9E3779B9)
            for k in range(int(rounds)):
                h ^= h >> np.uint32(16)
                h *= np.uint32(0x85EBCA6B)
                h ^= h >> np.uint32(13)
                h *= np.uint32(0xC2B2AE35)
                h ^= h >> np.uint32(16)
                s = np.uint32(k + 1)
                h = (h << s) | (h >> np.uint32(32 - (k + 1)))
            _, e = np.frexp((h | np.uint32(1)).astype(np.float64))
            clz = (32 - e).astype(np.uint32)
            return {1: h + np.bitwise_count(h).astype(np.uint32) + (clz << np.uint32(8))}

    # ~ 10 integer operations per round.
    return Case([x, out, np.int32(rounds)], (n,), (256,), [1], bytes=8 * n, reference=ref,
                extra={"int_ops": 10 * rounds * n})


def float4_ops(small):
    n = 4096 if small else 1 << 21
    r = _rng()
    a = r.random((n, 4), dtype=np.float32) - 0.5
    b = r.random((n, 4), dtype=np.float32) - 0.5
    out, dots = np.zeros((n, 4), np.float32), np.zeros(n, np.float32)
    w = (np.float32(0.5), np.float32(1.5), np.float32(-1.0), np.float32(2.0))

    def ref(a, b, out, dots, w):
        a64, b64 = a.astype(np.float64), b.astype(np.float64)
        nx = a64 / np.sqrt((a64 * a64).sum(1, keepdims=True) + 1e-6)
        rr = nx * np.array(w, np.float64) + b64 * 0.5
        return {2: rr.astype(np.float32), 3: (rr * b64).sum(1).astype(np.float32)}

    return Case([a, b, out, dots, w], (n,), (256,), [2, 3], bytes=52 * n, flops=32 * n, reference=ref,
                rtol=1e-3, atol=1e-4)


def color_matrix(small):
    n = 4096 if small else 1 << 22
    r = _rng()
    x = r.random((n, 4), dtype=np.float32)
    out = np.zeros((n, 4), np.float32)
    m = (r.random((4, 4), dtype=np.float32) - 0.25).astype(np.float32)
    bias = (r.random(4, dtype=np.float32) * 0.1).astype(np.float32)
    rows = [tuple(np.float32(v) for v in m[k]) for k in range(4)]

    def ref(x, out, r0, r1, r2, r3, b, n_):
        y = x.astype(np.float64) @ m.astype(np.float64).T + bias
        return {1: np.clip(y, 0, 1).astype(np.float32)}

    return Case([x, out, *rows, tuple(np.float32(v) for v in bias), np.int32(n)], (n,), (256,), [1],
                bytes=32 * n, flops=36 * n, reference=ref, rtol=1e-5, atol=1e-6)


def _grid(small, big=4096):
    w, h = (64, 48) if small else (big, big)
    return w, h, _rng().random((h, w), dtype=np.float32)


def jacobi(small):
    w, h, x = _grid(small)
    out = np.zeros((h, w), np.float32)

    def ref(x, out, w_, h_):
        y = np.zeros_like(x)
        y[1:-1, 1:-1] = 0.25 * (x[1:-1, :-2] + x[1:-1, 2:] + x[:-2, 1:-1] + x[2:, 1:-1])
        return {1: y}

    return Case([x, out, np.int32(w), np.int32(h)], (w, h), (16, 16), [1], bytes=8 * w * h,
                flops=4 * w * h, reference=ref, rtol=1e-6, atol=1e-7)


def conv_clamp(small):
    w, h, x = _grid(small)
    out = np.zeros((h, w), np.float32)
    wts = np.array([1, 2, 1, 2, 4, 2, 1, 2, 1], np.float32) / np.float32(16)

    def ref(x, out, wts, w_, h_):
        p = np.pad(x.astype(np.float64), 1, mode="edge")
        acc = sum(wts[dy * 3 + dx] * p[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3))
        return {1: acc.astype(np.float32)}

    return Case([x, out, wts, np.int32(w), np.int32(h)], (w, h), (16, 16), [1], bytes=8 * w * h,
                flops=18 * w * h, reference=ref, rtol=1e-5, atol=1e-6)


def sgemm_reqd(small):
    n = 64 if small else 1024
    r = _rng()
    a, b = r.random((n, n), dtype=np.float32), r.random((n, n), dtype=np.float32)
    c = np.zeros((n, n), np.float32)
    return Case([np.int32(n), a, b, c], (n, n), (16, 16), [3], bytes=12 * n * n, flops=2 * n**3,
                reference=lambda n_, a, b, c: {3: (a.astype(np.float64) @ b).astype(np.float32)},
                rtol=1e-4, atol=1e-4)


def atomic_count(small):
    n = 4096 if small else 1 << 24
    x = _rng().integers(0, 1 << 20, n, dtype=np.uint32)
    count = np.zeros(1, np.uint32)
    t = np.uint32(1 << 19)
    return Case([x, count, t], (n,), (256,), [1], bytes=4 * n, accumulates=True,
                reference=lambda x, c, t: {1: np.array([np.count_nonzero(x > t)], np.uint32)})


def spmv_csr(small):
    rows = 4096 if small else 1 << 20
    per = 16
    r = _rng()
    counts = r.integers(per // 2, per * 3 // 2 + 1, rows)
    rowptr = np.zeros(rows + 1, np.int32)
    rowptr[1:] = np.cumsum(counts)
    nnz = int(rowptr[-1])
    cols = r.integers(0, rows, nnz, dtype=np.int32)
    vals = r.random(nnz, dtype=np.float32)
    x = r.random(rows, dtype=np.float32)
    y = np.zeros(rows, np.float32)

    def ref(rowptr, cols, vals, x, y, n_):
        prod = vals.astype(np.float64) * x[cols]
        return {4: np.add.reduceat(prod, rowptr[:-1]).astype(np.float32)}

    return Case([rowptr, cols, vals, x, y, np.int32(rows)], (rows,), (128,), [4], bytes=12 * nnz + 12 * rows,
                flops=2 * nnz, reference=ref, rtol=1e-4, atol=1e-5)


def bitonic(small):
    n = 1 << 12 if small else 1 << 24
    a = _rng().integers(0, 2**32, n, dtype=np.uint32)
    stage, pss = np.uint32(12), np.uint32(5)

    def ref(a, stage, pss):
        i = np.arange(n // 2, dtype=np.int64)
        dist = 1 << int(stage - pss)
        left = (i % dist) + (i // dist) * 2 * dist
        right = left + dist
        x, y = a[left], a[right]
        up = ((i >> int(stage)) & 1) == 0
        swap = (x > y) == up
        b = a.copy()
        b[left[swap]], b[right[swap]] = y[swap], x[swap]
        return {0: b}

    return Case([a, stage, pss], (n // 2,), (256,), [0], bytes=8 * n, reference=ref)


def dgemv(small):
    n = 128 if small else 4096
    r = _rng()
    a, x, y = r.random((n, n)), r.random(n), r.random(n)
    alpha, beta = np.float64(1.5), np.float64(0.5)
    return Case([a, x, y, alpha, beta, np.int32(n)], (n,), (64,), [2], bytes=8 * n * n, flops=2 * n * n,
                reference=lambda a, x, y, al, be, n_: {2: al * (a @ x) + be * y}, rtol=1e-12, atol=1e-12)


def u8_blend(small):
    n = 4096 if small else 1 << 25
    r = _rng()
    a, b = r.integers(0, 256, n, dtype=np.uint8), r.integers(0, 256, n, dtype=np.uint8)
    out = np.zeros(n, np.uint8)
    alpha = np.int32(77)

    def ref(a, b, out, al, n_):
        v = (a.astype(np.int32) * int(al) + b.astype(np.int32) * (256 - int(al))) >> 8
        return {2: np.clip(v, 0, 255).astype(np.uint8)}

    return Case([a, b, out, alpha, np.int32(n)], (n,), (256,), [2], bytes=3 * n, flops=4 * n, reference=ref)


SUITE = [
    Bench("vadd", "streaming", vadd),
    Bench("triad", "streaming", triad),
    Bench("matmul_naive", "compute", matmul_naive),
    Bench("matmul_tiled", "compute, local+barrier", matmul_tiled),
    Bench("nbody", "compute, rsqrt", nbody),
    Bench("mandelbrot", "divergent loop", mandelbrot),
    Bench("blackscholes", "transcendental", blackscholes),
    Bench("reduce", "reduction, barriers", reduce),
    Bench("scan", "scan, barriers", scan),
    Bench("transpose", "local tiles", transpose),
    Bench("histogram", "atomics", histogram),
    Bench("stencil", "2-D stencil", stencil),
    Bench("bits", "integer/bit", bits),
    Bench("float4_ops", "float4 vectors", float4_ops),
    Bench("color_matrix", "float4 by-value args, clamp", color_matrix),
    Bench("jacobi", "2-D 5-point, interior if", jacobi),
    Bench("conv_clamp", "2-D 3x3, clamp-to-edge", conv_clamp),
    Bench("sgemm_reqd", "tiled GEMM, reqd size", sgemm_reqd),
    Bench("atomic_count", "global atomic_inc", atomic_count),
    Bench("spmv_csr", "sparse CSR", spmv_csr),
    Bench("bitonic", "bitonic pass", bitonic),
    Bench("dgemv", "double precision", dgemv),
    Bench("u8_blend", "uchar/short data", u8_blend),
]

EMPTY = Bench("empty", "dispatch", empty)

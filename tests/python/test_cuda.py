"""CUDA kernels: the corpus of tests/kernels/cuda (NVVM IR from clang, as typed-pointer
text, bitcode and opaque-pointer text) against NumPy at every lane width, the CUDA
launch forms ``k[grid, block]`` / ``k[grid, block, shared_bytes]``, and
``Program.from_cuda`` (skipped when clang is missing)."""

import os
import shutil

import numpy as np
import pytest

import spirjit
from spirjit._ndrange import split_cuda_subscript

from conftest import CORPUS

CUDA = os.path.join(CORPUS, "cuda")
VARIANTS = [v for v in (".ll", ".bc", ".o.ll")]
LANES = [1, 4, 8, 16]


def _incomplete(e):
    """Whether `e` says the LLVM IR front end is not complete in this build (its reader
    or writer stubs), rather than a real failure."""
    msg = str(e)
    return "not implemented yet" in msg or "not a SPIR-V module" in msg or "not a multiple of 4" in msg


def load(name, variant, lanes):
    path = os.path.join(CUDA, name + variant)
    if not os.path.exists(path):
        pytest.skip(f"{name}{variant} is not built (tests/kernels/cuda/build.sh makes .o.ll only with clang-19)")
    try:
        prog = spirjit.Program(path, lanes=lanes)
    except spirjit.Error as e:
        if _incomplete(e):
            pytest.skip(f"the LLVM IR front end cannot load {name}{variant} in this build: {e}")
        raise
    assert prog.dialect == "nvvm"
    return prog


def warp_size(kernel):
    """The warp size a kernel runs with: its sub-group size, the lane count W."""
    return kernel.path.lanes


corpus = pytest.mark.parametrize("variant,lanes", [(v, w) for v in VARIANTS for w in LANES])

# Known failures, each with what goes wrong (checked before loading: remove an entry once fixed).
_XFAIL = {}


def known_failure(name, variant):
    reason = _XFAIL.get((name, variant))
    if reason:
        pytest.xfail(f"{name}{variant}: {reason}")


@corpus
def test_vadd(variant, lanes):
    k = load("vadd", variant, lanes).vadd
    assert k.is_cuda
    n = 1000
    rng = np.random.default_rng(1)
    a, b = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    c = np.zeros(n, np.float32)
    k[(n + 127) // 128, 128](a, b, c, n)
    np.testing.assert_array_equal(c, a + b)


@corpus
def test_saxpy_grid_stride(variant, lanes):
    k = load("saxpy", variant, lanes).saxpy
    n = 5000
    rng = np.random.default_rng(2)
    x, y = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    want = np.float32(2.5) * x + y
    k[4, 64](n, 2.5, x, y)  # 256 threads stride over 5000 elements
    np.testing.assert_allclose(y, want, rtol=1e-6)


@corpus
def test_reduce_shared(variant, lanes):
    k = load("reduce_shared", variant, lanes).reduce_shared
    n, block = 3000, 256
    groups = (n + block - 1) // block
    rng = np.random.default_rng(3)
    a = rng.random(n, dtype=np.float32)
    partial = np.zeros(groups, np.float32)
    k[groups, block](a, partial, n)
    padded = np.zeros(groups * block, np.float32)
    padded[:n] = a
    np.testing.assert_allclose(partial, padded.reshape(groups, block).sum(axis=1), rtol=1e-5)


@corpus
def test_reduce_shfl(variant, lanes):
    known_failure("reduce_shfl", variant)
    k = load("reduce_shfl", variant, lanes).reduce_shfl
    n = 4099
    a = np.random.default_rng(4).integers(-1000, 1000, n, dtype=np.int32)
    total = np.zeros(1, np.int32)
    k[(n + 127) // 128, 128](a, total, n)
    assert total[0] == a.sum()


@corpus
def test_scan(variant, lanes):
    known_failure("scan", variant)
    k = load("scan", variant, lanes).scan
    n, block = 1000, 128
    a = np.random.default_rng(5).integers(-50, 50, n, dtype=np.int32)
    out = np.zeros(n, np.int32)
    k[(n + block - 1) // block, block](a, out, n)
    want = np.concatenate([np.cumsum(a[s:s + block]) for s in range(0, n, block)]).astype(np.int32)
    np.testing.assert_array_equal(out, want)


@corpus
def test_sgemm(variant, lanes):
    known_failure("sgemm", variant)
    k = load("sgemm", variant, lanes).sgemm
    m, n, kk = 37, 29, 45
    rng = np.random.default_rng(6)
    a = rng.random((m, kk), dtype=np.float32)
    b = rng.random((kk, n), dtype=np.float32)
    c = rng.random((m, n), dtype=np.float32)
    want = 1.5 * (a @ b) + 0.5 * c
    k[((n + 15) // 16, (m + 15) // 16), (16, 16)](m, n, kk, 1.5, a, b, 0.5, c)
    np.testing.assert_allclose(c, want, rtol=1e-4)


@corpus
def test_histogram(variant, lanes):
    k = load("histogram", variant, lanes).histogram
    n = 10000
    data = np.random.default_rng(7).integers(0, 256, n, dtype=np.uint8)
    bins = np.zeros(64, np.uint32)
    k[8, 128](data, bins, n)
    np.testing.assert_array_equal(bins, np.bincount(data % 64, minlength=64).astype(np.uint32))


@corpus
def test_stencil(variant, lanes):
    k = load("stencil", variant, lanes).stencil
    nx, ny = 40, 30
    a = np.random.default_rng(8).random((ny, nx), dtype=np.float32)
    out = np.zeros_like(a)
    k[((nx + 7) // 8, (ny + 7) // 8), (8, 8)](a, out, nx, ny)
    want = a.copy()
    want[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])
    np.testing.assert_allclose(out, want, rtol=1e-5)


@corpus
def test_dynamic_shared(variant, lanes):
    k = load("dynamic_shared", variant, lanes).reverse_blocks
    assert k.params[-1].name == "__dynamic_shared" and k.params[-1].space == "local"
    n, block = 1000, 64
    a = np.arange(n, dtype=np.float32)
    out = np.full(n, -1.0, np.float32)
    k[(n + block - 1) // block, block, block * 4](a, out, n)
    want = np.full(n, -1.0, np.float32)
    for s in range(0, n, block):
        for t in range(block):
            i, j = s + t, s + block - 1 - t
            if i < n and j < n:
                want[i] = a[j]
    np.testing.assert_array_equal(out, want)
    # Too little dynamic shared memory is caught by the bounds checks.
    with pytest.raises(spirjit.KernelError):
        k[(n + block - 1) // block, block, 16](a, out, n)


@corpus
def test_warp_vote(variant, lanes):
    k = load("warp_vote", variant, lanes).warp_vote
    n, block = 512, 64
    a = np.random.default_rng(9).integers(-3, 20, n, dtype=np.int32)
    a[64:128] = np.abs(a[64:128]) + 1  # a block where every lane votes yes
    out = np.zeros((n, 5), np.int32)
    k[n // block, block](a, out, n)
    w = warp_size(k)
    want = np.zeros_like(out)
    for s in range(0, n, w):
        v = a[s:s + w]
        for l in range(w):
            want[s + l] = (int(np.all(v > 0)), int(np.any(v > 0)), int(np.sum(v > 0)), v[0], v[l ^ 1] if w > 1 else v[l])
    np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize("lanes", [1, 8])
def test_printf(lanes, capfd):
    k = load("printf", ".ll", lanes).hello
    k[3, 32](7, 1.5)
    out = capfd.readouterr().out
    lines = sorted(line for line in out.splitlines() if line.startswith("block"))
    assert lines == [f"block {b} of 3: tag=7 x=1.50 ok" for b in range(3)]


def test_cuda_subscript_is_grid_times_block():
    assert split_cuda_subscript((4, 64)) == ({"global": (256,), "local": (64,)}, 0)
    assert split_cuda_subscript(((2, 3), (16, 8), 512)) == ({"global": (32, 24), "local": (16, 8)}, 512)
    # The shorter of grid and block is padded with 1s.
    assert split_cuda_subscript((5, (8, 2))) == ({"global": (40, 2), "local": (8, 2)}, 0)
    assert split_cuda_subscript(((2, 2, 2), 4)) == ({"global": (8, 2, 2), "local": (4, 1, 1)}, 0)


@pytest.mark.parametrize(
    "key,message",
    [
        (64, "kernel[grid, block]"),
        ((1, 2, 3, 4), "kernel[grid, block]"),
        ((4, 0), "block entries must be at least 1"),
        ((4, 64, -1), "shared_bytes must be 0 or more"),
        ((4, 64, 1.5), "shared_bytes must be an int"),
        ((4, (1, 2, 3, 4)), "block must have 1 to 3 entries"),
    ],
)
def test_cuda_subscript_errors(key, message):
    with pytest.raises(spirjit.LaunchError, match=message.replace("[", r"\[").replace("]", r"\]")):
        split_cuda_subscript(key)


def test_cuda_source_is_refused_with_a_hint():
    with pytest.raises(spirjit.CompileError, match="from_cuda"):
        spirjit.Program(b'extern "C" __global__ void k(float* x) { x[threadIdx.x] = 1; }')


def _clang():
    return any(shutil.which(f"clang-{v}") for v in range(14, 20)) or shutil.which("clang")


@pytest.mark.skipif(not _clang(), reason="Program.from_cuda needs clang (14 to 19) on PATH")
def test_from_cuda_compiles_and_runs():
    src = """
    extern "C" __global__ void scale(float *x, float s, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) x[i] = sqrtf(x[i]) * s;
    }
    """
    try:
        prog = spirjit.Program.from_cuda(src)
    except spirjit.Error as e:
        if _incomplete(e):
            pytest.skip(f"the LLVM IR front end cannot load clang's NVVM IR in this build: {e}")
        raise
    assert prog.dialect == "nvvm" and prog.kernels == ["scale"]
    x = np.arange(100, dtype=np.float32)
    want = np.sqrt(x) * 3
    prog.scale[4, 32](x, 3.0, 100)
    np.testing.assert_allclose(x, want, rtol=1e-6)


@pytest.mark.skipif(not _clang(), reason="Program.from_cuda needs clang (14 to 19) on PATH")
def test_from_cuda_reports_compiler_errors():
    with pytest.raises(spirjit.CompileError, match="expected ';'"):
        spirjit.Program.from_cuda('extern "C" __global__ void k(float *x) { x[0] = 1 }')


def test_from_cuda_says_what_to_install(monkeypatch):
    import spirjit._cuda as cuda

    monkeypatch.setattr(cuda, "find_clang", lambda: None)
    with pytest.raises(spirjit.CompileError, match="apt-get install clang"):
        spirjit.Program.from_cuda('extern "C" __global__ void k() {}')


def test_cuda_launch_path_on_an_opencl_kernel(vadd):
    # The launch path itself, on a kernel wrapped as a CUDA one: grid 4 x block 64.
    k = spirjit.Kernel(vadd._native, vadd.program, cuda=True)
    assert k.is_cuda and not vadd.is_cuda
    n = 250
    a = np.arange(n, dtype=np.float32)
    b = np.ones(n, np.float32)
    c = np.zeros(n, np.float32)
    k[4, 64](a, b, c, n)
    np.testing.assert_array_equal(c, a + b)
    assert k.last_run.local_size == (64, 1, 1) and k.last_run.work_groups == 4
    k[(2, 1), (128, 1)](a, b, c, n)
    assert k.last_run.local_size == (128, 1, 1)
    with pytest.raises(spirjit.LaunchError, match="grid"):
        k[256](a, b, c, n)


@corpus
def test_atomics(variant, lanes):
    k = load("atomics", variant, lanes).atomics
    n = 999
    a = np.random.default_rng(10).integers(-500, 500, n, dtype=np.int32)
    counters = np.array([0, -(1 << 30), 1 << 30, 0, -1, 0, 0], np.int32)
    wrap = np.zeros(2, np.uint32)
    fsum = np.zeros(1, np.float32)
    k[(n + 63) // 64, 64](counters, wrap, fsum, a, n)
    x = np.bitwise_xor.reduce(a)
    o = np.bitwise_or.reduce(np.left_shift(np.int32(1), a & 31).astype(np.int32))
    an = np.bitwise_and.reduce(~np.left_shift(np.int32(1), a & 7).astype(np.int32))
    np.testing.assert_array_equal(counters, [a.sum(), a.max(), a.min(), o, an, x, 2 * n])
    np.testing.assert_array_equal(wrap, [n % 17, (17 - n % 17) % 17])
    assert fsum[0] == 0.5 * n

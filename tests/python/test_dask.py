"""spirjit.dask: kernels over Dask arrays, chunk-wise (map_blocks, map_overlap) and by
splitting one NDRange into tasks (ndrange), each checked against NumPy on the whole
array, on the threads and processes schedulers and on a LocalCluster of two worker
processes; pickling
of programs and kernels; errors in tasks; time limits per task (a kernel that runs away
in one chunk fails that task, named); refusals before anything runs."""

import os
import pickle

import numpy as np
import pytest

import spirjit
from conftest import HERE

da = pytest.importorskip("dask.array", reason="Dask is not installed (pip install 'spirjit[dask]')")
distributed = pytest.importorskip("distributed", reason="dask.distributed is not installed "
                                  "(pip install 'spirjit[dask]')")
import dask  # noqa: E402

import spirjit.dask as sd  # noqa: E402

SPV = os.path.join(HERE, "kernels", "dask_kernels.spv")


@pytest.fixture(scope="module")
def prog():
    return spirjit.Program(SPV)


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes, one thread each, with a low memory limit."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, memory_limit="400MiB",
                                  dashboard_address=None, silence_logs=40) as c:
        with distributed.Client(c) as client:
            yield client


@pytest.fixture(params=["threads", "processes", "distributed"])
def scheduler(request):
    """Compute with the threads or the processes scheduler, or on the LocalCluster."""
    if request.param in ("threads", "processes"):
        with dask.config.set(scheduler=request.param, num_workers=2):
            yield request.param
    else:
        client = request.getfixturevalue("cluster")
        yield client


def compute(x, scheduler):
    if scheduler in ("threads", "processes"):
        return x.compute()
    return scheduler.compute(x).result()


# ---- pickling ---------------------------------------------------------------------


def test_program_and_kernel_pickle(prog):
    p2 = pickle.loads(pickle.dumps(prog))
    assert p2.kernels == prog.kernels and p2.options == prog.options
    k = pickle.loads(pickle.dumps(prog.saxpy))
    assert k.name == "saxpy"
    x = np.arange(16, dtype=np.float32)
    out = np.empty_like(x)
    k(x, x, out, 2.0, global_size=16)
    np.testing.assert_array_equal(out, 3 * x)
    # Unpickling the same bytes and options again in one process shares the program.
    assert pickle.loads(pickle.dumps(prog)) is p2
    assert pickle.loads(pickle.dumps(prog.saxpy)) is k


def test_memory_effects(prog):
    fx = prog.histogram.memory_effects()
    assert fx["params"][1]["atomics"] in (["add"], ["inc"]) and not fx["params"][1]["atomic_result_used"]
    assert fx["params"][0]["reads"] and not fx["params"][0]["writes"]
    assert "global_id" in fx["queries"] and not fx["unknown_writes"]
    assert prog.compact.memory_effects()["params"][2]["atomic_result_used"]
    assert "group_id" in prog.per_group.memory_effects()["queries"]


# ---- map_blocks / map_overlap ---------------------------------------------------------


def test_map_blocks_elementwise(prog, scheduler):
    rng = np.random.default_rng(1)
    x = rng.random(100_003, dtype=np.float32)
    y = rng.random(100_003, dtype=np.float32)
    dx, dy = da.from_array(x, chunks=30_000), da.from_array(y, chunks=17_000)
    r = sd.map_blocks(prog.saxpy, dx, dy, None, 2.5, out="out")
    assert r.shape == x.shape and r.dtype == np.float32 and r.chunks == dx.chunks
    np.testing.assert_allclose(compute(r, scheduler), 2.5 * x + y, rtol=1e-6)


def test_map_blocks_global_offset(prog, scheduler):
    r = sd.map_blocks(prog.global_index, da.zeros(50_000, dtype=np.float32, chunks=12_000), out=0,
                      global_offset=True)
    np.testing.assert_array_equal(compute(r, scheduler), np.arange(50_000, dtype=np.float32))


def test_map_overlap_stencil(prog, scheduler):
    rng = np.random.default_rng(2)
    img = rng.random((300, 410), dtype=np.float32)
    d = da.from_array(img, chunks=(128, 100))
    r = sd.map_overlap(prog.box3, d, None, None, None, out="out", depth=1, boundary="nearest",
                       block_args={"w": "shape[1]", "h": "shape[0]"})
    assert r.shape == img.shape and r.chunks == d.chunks
    p = np.pad(img, 1, mode="edge")
    want = sum(p[1 + dy:1 + dy + 300, 1 + dx:1 + dx + 410] for dy in (-1, 0, 1) for dx in (-1, 0, 1)) / 9
    np.testing.assert_allclose(compute(r, scheduler), want, rtol=1e-5)


def test_larger_than_worker_memory(prog, cluster):
    # 2 x 150M float32 = 1.2 GB of input, each worker limited to 400 MiB: the chunks
    # stream through and only the per-chunk sums come back.
    n = 150_000_000
    x = da.ones(n, dtype=np.float32, chunks=5_000_000)
    y = (da.arange(n, dtype=np.int64, chunks=5_000_000) % 4).astype(np.float32)
    r = sd.map_blocks(prog.saxpy, x, y, None, 2.0, out=2)
    total = cluster.compute(r.sum(dtype=np.float64)).result()
    assert total == pytest.approx(2.0 * n + 1.5 * n)


# ---- the general mode -----------------------------------------------------------------


def test_ndrange_histogram(prog, scheduler):
    rng = np.random.default_rng(3)
    n, nbins = 1_000_003, 37
    data = rng.integers(0, 1 << 30, n, dtype=np.uint32)
    hist0 = np.full(nbins, 5, dtype=np.uint32)
    h = sd.ndrange(prog.histogram, da.from_array(data, chunks=250_000), hist0, nbins, n, global_size=n, tasks=5)
    got = compute(h, scheduler)
    np.testing.assert_array_equal(got, 5 + np.bincount(data % nbins, minlength=nbins))


def test_ndrange_histogram_local_memory(prog, scheduler):
    rng = np.random.default_rng(4)
    n, nbins = 64 * 1000, 16
    data = rng.integers(0, 1000, n, dtype=np.uint32)
    h = sd.ndrange(prog.histogram_local, data, np.zeros(nbins, np.uint32), spirjit.LocalMemory(4 * nbins), nbins,
                   n, global_size=n, local_size=64, tasks=3)
    np.testing.assert_array_equal(compute(h, scheduler), np.bincount(data % nbins, minlength=nbins))


def test_ndrange_disjoint_writes_and_max(prog, scheduler):
    rng = np.random.default_rng(5)
    x = rng.random(40_000, dtype=np.float32)
    y = rng.random(40_000, dtype=np.float32)
    out = sd.ndrange(prog.saxpy, x, da.from_array(y, chunks=10_000), np.full_like(x, -1), 3.0, global_size=x.size,
                     tasks=4)
    np.testing.assert_allclose(compute(out, scheduler), 3 * x + y, rtol=1e-6)
    v = rng.integers(-10**6, 10**6, 4096, dtype=np.int32)
    best = sd.ndrange(prog.maximum, v, np.array([-2**31], np.int32), global_size=v.size, tasks=4)
    assert compute(best, scheduler)[0] == v.max()


def test_ndrange_refuses_unmergeable(prog):
    z = np.zeros(64, np.int32)
    with pytest.raises(spirjit.UnsupportedError, match="uses the value an atomic"):
        sd.ndrange(prog.compact, z, z, np.zeros(1, np.uint32), global_size=64)
    with pytest.raises(spirjit.UnsupportedError, match="get_group_id"):
        sd.ndrange(prog.per_group, z, global_size=64, local_size=8)
    assert sd.merge_plan(prog.histogram) == {1: ("sum", 32)}
    assert sd.merge_plan(prog.saxpy) == {2: ("bytes",)}


# ---- errors -------------------------------------------------------------------------


def test_map_blocks_refuses_lost_writes(prog):
    x = da.ones(10, dtype=np.float32, chunks=5)
    with pytest.raises(spirjit.ArgumentError, match="writes `x`"):
        sd.map_blocks(prog.scale_in_place, x, None, out="y")
    y, x2 = sd.map_blocks(prog.scale_in_place, x, None, out=["y", "x"])
    np.testing.assert_array_equal(y.compute(scheduler="threads"), 2 * np.ones(10))
    np.testing.assert_array_equal(x2.compute(scheduler="threads"), np.zeros(10))


def test_bad_arguments_refused_before_running(prog):
    x = da.ones(10, dtype=np.float64, chunks=5)
    with pytest.raises(spirjit.ArgumentError, match="dtype float32"):
        sd.map_blocks(prog.saxpy, x, x, None, 1.0, out="out")
    with pytest.raises(spirjit.ArgumentError, match="no parameter named"):
        sd.map_blocks(prog.saxpy, x, x, None, 1.0, out="nope")


def test_kernel_error_names_the_chunk(prog, scheduler):
    x = da.ones(1000, dtype=np.float32, chunks=300)
    r = sd.map_blocks(prog.saxpy, x, x, None, 1.0, out="out", global_size=lambda b: b.size + 8)
    with pytest.raises(spirjit.KernelError, match=r"chunk \(\d+,\) of spirjit-saxpy, elements \[\d+:\d+\]"):
        compute(r, scheduler)


# ---- time limits ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def wait_for_flag():
    """wait_for_flag(global const volatile uint* flag, global uint* out): spins while flag[0] is 0."""
    return spirjit.Program(os.path.join(HERE, "kernels", "timeout_kernels.spv")).wait_for_flag


def test_timeout_fails_the_runaway_chunk(wait_for_flag, scheduler):
    import time

    flags = np.ones(64, np.uint32)
    flags[32:48] = 0  # chunk (2,) never finishes
    d = da.from_array(flags, chunks=16)
    r = sd.map_blocks(wait_for_flag, d, None, out="out", timeout=0.2)
    start = time.monotonic()
    with pytest.raises(spirjit.KernelError, match=r"time limit of 0\.200 s.*\[in chunk \(2,\) of "
                       r"spirjit-wait_for_flag, elements \[32:48\]\]"):
        compute(r, scheduler)
    assert time.monotonic() - start < 30
    # A generous limit changes nothing.
    ok = sd.map_blocks(wait_for_flag, da.from_array(flags + 1, chunks=16), None, out="out", timeout=60)
    np.testing.assert_array_equal(compute(ok, scheduler), flags + 1)


def test_timeout_in_map_overlap_and_ndrange(wait_for_flag, scheduler):
    flags = np.ones(64, np.uint32)
    flags[30:47] = 0  # the grown chunk (2,) starts at 31 (halo 1, no boundary)
    r = sd.map_overlap(wait_for_flag, da.from_array(flags, chunks=16), None, out="out", depth=1, boundary="none",
                       timeout=0.2)
    with pytest.raises(spirjit.KernelError, match=r"time limit.*\[in chunk \(2,\) of spirjit-wait_for_flag"):
        compute(r, scheduler)
    out = sd.ndrange(wait_for_flag, np.zeros(1, np.uint32), np.zeros(256, np.uint32), global_size=256, local_size=16,
                     tasks=4, timeout=0.2)
    with pytest.raises(spirjit.KernelError, match=r"time limit.*\[in task \d of wait_for_flag"):
        compute(out, scheduler)
    out = sd.ndrange(wait_for_flag, np.full(1, 7, np.uint32), np.zeros(256, np.uint32), global_size=256,
                     local_size=16, tasks=4, timeout=60)
    np.testing.assert_array_equal(compute(out, scheduler), 7)
    with pytest.raises(spirjit.ArgumentError, match="timeout must be"):
        sd.map_blocks(wait_for_flag, da.from_array(flags, chunks=16), None, out="out", timeout=0)


# ---- the example --------------------------------------------------------------------


def test_volume_example(tmp_path):
    import subprocess
    import sys

    from conftest import EXAMPLES

    pkg_parent = os.path.dirname(os.path.dirname(os.path.abspath(spirjit.__file__)))
    env = dict(os.environ, SPIRJIT_EXAMPLES_SPV="1")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (pkg_parent, env.get("PYTHONPATH")) if p)
    r = subprocess.run([sys.executable, os.path.join(EXAMPLES, "dask_volume.py"), "s.png", "48", "2", "300MiB"],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, f"dask_volume.py failed:\n{r.stdout}\n{r.stderr}"
    png = (tmp_path / "s.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and b"IEND" in png

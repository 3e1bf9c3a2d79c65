"""Launching: NDRange spellings and shapes, offsets, launch and kernel errors, last_run,
concurrency from Python threads (GIL released) and Ctrl-C cancellation."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import spirjit


def expected_ids(shape, offset=(0, 0, 0)):
    w, h, d = (tuple(shape) + (1, 1))[:3]
    z, y, x = np.meshgrid(np.arange(d), np.arange(h), np.arange(w), indexing="ij")
    return ((x + offset[0]) + 1000 * (y + offset[1]) + 1000000 * (z + offset[2])).astype(np.int32).reshape(-1)


@pytest.mark.parametrize("shape,local", [((37,), None), ((64,), (16,)), ((12, 10), None), ((16, 8), (4, 4)),
                                         ((6, 5, 4), None), ((8, 4, 2), (2, 2, 2))])
def test_1d_2d_3d_ranges(tk, shape, local):
    out = np.full(int(np.prod(shape)), -1, dtype=np.int32)
    tk.ids(out, global_size=shape, local_size=local)
    np.testing.assert_array_equal(out, expected_ids(shape))
    info = tk.ids.last_run
    assert info.elapsed > 0 and info.work_groups >= 1 and len(info.local_size) == 3
    if local is not None:
        assert info.local_size[: len(local)] == local


def test_global_offset(tk):
    out = np.zeros(6 * 5, dtype=np.int32)
    tk.ids(out, global_size=(6, 5), global_offset=(3, 7))
    np.testing.assert_array_equal(out, expected_ids((6, 5), (3, 7, 0)))


def test_spellings(tk):
    ref = expected_ids((32, 4))
    forms = [
        lambda o: tk.ids(o, global_size=(32, 4)),
        lambda o: tk.ids(o, **{"global": (32, 4), "local": (8, 2)}),
        lambda o: tk.ids(o, **{"global": [32, 4]}),
        lambda o: tk.ids[32, 4](o),
        lambda o: tk.ids[(32, 4), (8, 4)](o),
        lambda o: tk.ids[(32, 4), None, (0, 0)](o),
        lambda o: tk.ids[(32, 4)](o, local_size=(16, 1)),
        lambda o: tk.ids(o, global_size=np.array([32, 4])),
    ]
    for f in forms:
        out = np.zeros(128, dtype=np.int32)
        f(out)
        np.testing.assert_array_equal(out, ref)
    out = np.zeros(100, dtype=np.int32)
    tk.ids[100](out)  # an int for a 1-D size
    tk.ids(out, global_size=np.int64(100), local_size=10)
    np.testing.assert_array_equal(out, expected_ids((100,)))
    assert tk.ids.last_run.local_size == (10, 1, 1)


def test_launch_errors(tk, vadd):
    out = np.zeros(64, dtype=np.int32)
    with pytest.raises(spirjit.LaunchError, match="missing global size"):
        tk.ids(out)
    with pytest.raises(spirjit.LaunchError, match="1 to 3 entries"):
        tk.ids(out, global_size=(2, 2, 2, 2))
    with pytest.raises(spirjit.LaunchError, match="local_size has 1 entries but global_size has 2"):
        tk.ids(out, global_size=(8, 8), local_size=4)
    with pytest.raises(spirjit.LaunchError, match="at least 1"):
        tk.ids(out, global_size=8, local_size=0)
    with pytest.raises(spirjit.LaunchError, match="at least 0"):
        tk.ids(out, global_size=-1)
    with pytest.raises(spirjit.LaunchError, match="ints"):
        tk.ids(out, global_size=(8.0,))
    with pytest.raises(spirjit.ArgumentError, match="unexpected keyword argument 'global_sz'"):
        tk.ids(out, global_sz=8)
    with pytest.raises(spirjit.ArgumentError, match="given both"):
        tk.ids[8](out, global_size=8)
    with pytest.raises(spirjit.LaunchError):  # local size that does not divide (runtime check)
        tk.ids(out, global_size=(64,), local_size=(100000,))


def test_kernel_error_out_of_bounds(vadd):
    a = np.zeros(16, np.float32)
    backing = np.full(16, 7.0, np.float32)
    c = backing[:8]
    with pytest.raises(spirjit.KernelError, match="out-of-bounds access of 4 bytes at byte offset 32 of argument 2"):
        vadd(a, a, c, 16, global_size=16)
    assert (backing[8:] == 7.0).all(), "the kernel wrote past the end of `c`"


@pytest.mark.parametrize("lanes", [1, 16])
def test_buffers_need_not_hold_whole_elements(lanes):
    # vec_ptr(global const float4* in, global float4* out): 5 floats are one whole float4
    # and one float more; reading the second float4 is out of bounds, not a bad argument.
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernels", "pytest_kernels.spv")
    k = spirjit.Program(path, lanes=lanes).vec_ptr
    a = np.arange(5, dtype=np.float32)
    out = np.zeros(8, np.float32)
    k(a, out, global_size=1)
    assert (out[:4] == a[:4] * 2 + np.array([0, 1, 2, 3], np.float32)).all()
    with pytest.raises(spirjit.KernelError, match="out-of-bounds access .*at byte offset 16 of argument 0 `in`"):
        k(a, out, global_size=2)


def test_empty_range_runs_nothing(vadd):
    a = np.zeros(4, np.float32)
    vadd(a, a, a, 4, global_size=0)
    assert vadd.last_run.work_groups == 0


def test_threads_run_concurrently_and_correctly(vadd):
    n = 1 << 16
    errors = []

    def work(seed):
        try:
            rng = np.random.default_rng(seed)
            a = rng.random(n, dtype=np.float32)
            b = rng.random(n, dtype=np.float32)
            for _ in range(5):
                c = np.zeros(n, np.float32)
                vadd(a, b, c, n, global_size=n)
                np.testing.assert_array_equal(c, a + b)
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(s,)) for s in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_gil_is_released_while_a_kernel_runs(tk):
    out = np.zeros(64, np.uint32)
    done = threading.Event()
    ticks = 0

    def run():
        # Long enough at any W (at W = 16 the 64 work-items are 4 lane groups: ~0.1 s).
        tk.spin(out, 20_000_000, global_size=64)
        done.set()

    t = threading.Thread(target=run)
    t.start()
    time.sleep(0.02)
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    t.join()
    assert ticks >= 20, f"the main thread ran only {ticks} times while the kernel ran"


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="needs the main thread")
def test_ctrl_c_cancels_a_long_kernel(tk):
    out = np.zeros(64, np.uint32)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            tk.spin(out, 300_000_000, global_size=64)  # about 30 s or more without cancellation
    finally:
        timer.cancel()
    elapsed = time.monotonic() - start
    assert elapsed < 10, f"cancellation took {elapsed:.1f} s"
    # the kernel object is still usable afterwards
    tk.spin(out, 10, global_size=64)

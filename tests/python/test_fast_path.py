"""The native fast path of kernel calls (python/src/fast.rs) against the full conversion
in Python: the common call forms take it and launch exactly what the full path would;
everything else (errors included) falls through to the full path and behaves as before.
Also Ctrl-C and the GIL for kernels that run on the calling thread."""

import enum
import os
import signal
import threading
import time

import numpy as np
import pytest

import spirjit
from spirjit._ndrange import split_kwargs

SCALAR_HI = [127, 255, 32767, 65535, 2**31 - 1, 2**32 - 1, 2**63 - 1, 2**64 - 1]
SCALAR_LO = [-128, 0, -32768, 0, -(2**31), 0, -(2**63), 0]


def full_path(kernel, args, kwargs):
    """Launch through the full Python conversion only."""
    kernel._launch(tuple(args), split_kwargs(kwargs))


def outcome(run):
    try:
        run()
    except spirjit.Error as e:
        return type(e), str(e)
    return None


def both_paths(kernel, make_args, kwargs):
    """Run the call through `kernel(...)` and through the full path on fresh arguments;
    return (outputs or error) for each."""
    results = []
    for run in (lambda a: kernel(*a, **kwargs), lambda a: full_path(kernel, a, kwargs)):
        args = make_args()
        err = outcome(lambda: run(args))
        outs = [a.copy() for a in args if isinstance(a, np.ndarray)]
        results.append((err, outs))
    return results


def assert_same(results):
    (e1, o1), (e2, o2) = results
    assert e1 == e2
    assert len(o1) == len(o2)
    for a, b in zip(o1, o2):
        np.testing.assert_array_equal(a, b)


class Small(enum.IntEnum):
    SEVEN = 7


INT_VALUES = [0, 1, -1, True, Small.SEVEN, np.int8(-5), np.uint8(200), np.int16(-300), np.uint16(60000),
              np.int32(-7), np.uint32(4000000000), np.int64(-(2**40)), np.uint64(2**63), np.longlong(3),
              2**63, 2**64, -(2**63) - 1, 3.0, 3.5, np.float32(2.0), np.bool_(True), "4", None, 1 + 0j,
              np.array(9), np.array([9])]


@pytest.mark.parametrize("index", range(8))
@pytest.mark.parametrize("value", INT_VALUES, ids=repr)
def test_integer_scalars_same_on_both_paths(tk, index, value):
    def make():
        vals = [0] * 8
        vals[index] = value
        return [np.zeros(8, np.int64)] + vals

    assert_same(both_paths(tk.scalars, make, {"global_size": 1}))


@pytest.mark.parametrize("index", range(8))
def test_integer_scalar_bounds(tk, index):
    for value in (SCALAR_LO[index], SCALAR_HI[index], SCALAR_LO[index] - 1, SCALAR_HI[index] + 1):
        def make():
            vals = [0] * 8
            vals[index] = value
            return [np.zeros(8, np.int64)] + vals

        assert_same(both_paths(tk.scalars, make, {"global_size": 1}))


FLOAT_VALUES = [0.0, -2.5, 1e-45, 3.4028235677973366e38, 3.5e38, -1e300, float("inf"), float("-inf"),
                float("nan"), np.float16(1.5), np.float32(0.1), np.float64(0.1), np.longdouble(0.25), 3,
                2**1024, True, "1.0", np.array(0.5), None]


@pytest.mark.parametrize("value", FLOAT_VALUES, ids=repr)
def test_float_scalars_same_on_both_paths(tk, value):
    for pos in (1, 2):
        def make():
            args = [np.zeros(2, np.float64), 1.0, 1.0]
            args[pos] = value
            return args

        (e1, o1), (e2, o2) = both_paths(tk.floats, make, {"global_size": 1})
        assert e1 == e2
        np.testing.assert_array_equal(o1[0].view(np.uint64), o2[0].view(np.uint64))


BUFFERS = {
    "float32": lambda: np.arange(8, dtype=np.float32),
    "float64": lambda: np.arange(8, dtype=np.float64),
    "int32": lambda: np.arange(8, dtype=np.int32),
    "big-endian": lambda: np.arange(8, dtype=">f4"),
    "non-contiguous": lambda: np.arange(16, dtype=np.float32)[::2],
    "read-only": lambda: np.frombuffer(np.arange(8, dtype=np.float32).tobytes(), np.float32),
    "2-d": lambda: np.arange(8, dtype=np.float32).reshape(2, 4),
    "structured": lambda: np.zeros(8, [("x", np.float32)]),
    "subarray": lambda: np.zeros(2, (np.float32, (4,))),
    "list": lambda: [1.0] * 8,
    "bytearray": lambda: bytearray(32),
    "object": lambda: np.array([1.0] * 8, dtype=object),
    "empty": lambda: np.zeros(0, np.float32),
}


@pytest.mark.parametrize("name", sorted(BUFFERS))
@pytest.mark.parametrize("which", ["a", "c"])
def test_buffers_same_on_both_paths(vadd, name, which):
    def make():
        a, b, c = np.ones(8, np.float32), np.full(8, 2.0, np.float32), np.zeros(8, np.float32)
        if which == "a":
            a = BUFFERS[name]()
        else:
            c = BUFFERS[name]()
        return [a, b, c, 8]

    assert_same(both_paths(vadd, make, {"global_size": 8}))


def test_vector_and_constant_pointers_same_on_both_paths(tk):
    def vec():
        return [np.arange(16, dtype=np.float32), np.zeros(16, np.float32)]

    assert_same(both_paths(tk.vec_ptr, vec, {"global_size": 4}))

    def const():
        table = np.arange(4, dtype=np.int32)
        table.flags.writeable = False
        return [table, np.zeros(8, np.int32)]

    assert_same(both_paths(tk.constant_ptr, const, {"global_size": 8}))


SIZES = [
    {"global_size": 8},
    {"global_size": (8,)},
    {"global_size": [8]},
    {"global": (8,), "local": (4,)},
    {"global_size": (8,), "local_size": (4,), "global_offset": (2,)},
    {"global_size": (8,), "local_size": None, "global_offset": None},
    {"global_size": (4, 2)},
    {"global_size": (2, 2, 2), "local_size": [1, 2, 2]},
    {"global_size": 0},
    {"global_size": np.int64(8)},
    {"global_size": (np.int32(8),)},
    {"global_size": 8.0},
    {"global_size": True},
    {"global_size": -1},
    {"global_size": 2**64},
    {"global_size": (8,), "local_size": (0,)},
    {"global_size": (8,), "local_size": (3,)},
    {"global_size": (8,), "local_size": (4, 1)},
    {"global_size": (8,), "global_offset": (1, 1)},
    {"global_size": (8,), "global": (8,)},
    {"global_size": ()},
    {"global_size": (1, 1, 1, 1)},
    {"local_size": (4,)},
    {},
    {"globl_size": 8},
]


@pytest.mark.parametrize("kwargs", SIZES, ids=repr)
def test_sizes_same_on_both_paths(tk, kwargs):
    assert_same(both_paths(tk.ids, lambda: [np.full(64, -1, np.int32)], kwargs))


def test_common_calls_take_the_fast_path(tk, vadd):
    a = np.ones(8, np.float32)
    c = np.zeros(8, np.float32)
    assert vadd._fast_call((a, a, c, 8), {"global_size": (8,)}) is not None
    assert vadd._fast_call((a, a, c, np.int32(8)), {"global": 8, "local": 4}) is not None
    assert tk.floats._fast_call((np.zeros(2), np.float32(1.0), 2.0), {"global_size": 1}) is not None
    np.testing.assert_array_equal(c, 2.0)
    # the full path's cases answer None without launching
    c[:] = 0
    assert vadd._fast_call((a, a, c, 8.0), {"global_size": 8}) is None
    assert vadd._fast_call((a, a, c), {"global_size": 8}) is None
    assert vadd._fast_call((a, a, c, 8), {"global_size": np.int64(8)}) is None
    assert vadd._fast_call((a, a, c[::2], 4), {"global_size": 4}) is None
    assert (c == 0).all()
    out = np.zeros(4, np.int32)
    assert tk.reverse_local._fast_call((out, out, spirjit.LocalMemory(16)), {"global_size": 4}) is None


def test_last_run_after_fast_calls(vadd):
    a = np.ones(64, np.float32)
    vadd(a, a, a, 64, global_size=64, local_size=16)
    info = vadd.last_run
    assert isinstance(info, spirjit.RunInfo)
    assert info.work_groups == 4 and info.local_size == (16, 1, 1) and info.elapsed > 0
    assert vadd.last_run is info
    vadd[(32,), (8,)](a, a, a, 32)
    assert vadd.last_run.work_groups == 4 and vadd.last_run.local_size == (8, 1, 1)


def test_launch_errors_on_the_fast_path(vadd):
    a = np.ones(10, np.float32)
    with pytest.raises(spirjit.LaunchError, match="at most"):
        vadd(a, a, a, 10, global_size=10, local_size=100000)
    with pytest.raises(spirjit.LaunchError, match="overflows"):
        vadd(a, a, a, 10, global_size=10, global_offset=2**64 - 1)
    with pytest.raises(spirjit.KernelError):
        vadd(a, a, np.zeros(4, np.float32), 10, global_size=10)


def _spin_then_interrupt(tk, n, delay):
    """Run tk.spin(n) on the main thread and send SIGINT after `delay` seconds; return
    the seconds from the signal to KeyboardInterrupt."""
    out = np.zeros(64, np.uint32)
    sent = []

    def fire():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(delay, fire)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            tk.spin(out, n, global_size=64)
    finally:
        timer.cancel()
    return time.monotonic() - sent[0]


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="needs the main thread")
def test_ctrl_c_cancels_a_kernel_on_the_main_thread(tk):
    out = np.zeros(64, np.uint32)
    for _ in range(3):
        tk.spin(out, 10, global_size=64)  # short runs: the next one runs on this thread
    late = _spin_then_interrupt(tk, 300_000_000, 0.2)
    assert late < 2, f"cancellation took {late:.2f} s"
    tk.spin(out, 10, global_size=64)
    # a custom SIGINT handler that raises is honoured too (kernel handed off)
    def handler(signum, frame):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGINT, handler)
    try:
        tk.spin(out, 10, global_size=64)
        late = _spin_then_interrupt(tk, 300_000_000, 0.2)
        assert late < 2, f"cancellation with a custom handler took {late:.2f} s"
    finally:
        signal.signal(signal.SIGINT, old)
    tk.spin(out, 10, global_size=64)
    late = _spin_then_interrupt(tk, 300_000_000, 0.2)
    assert late < 2, f"cancellation after restoring the handler took {late:.2f} s"


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="needs the main thread")
def test_gil_is_released_while_a_kernel_runs_on_the_main_thread(tk):
    out = np.zeros(64, np.uint32)
    tk.spin(out, 10, global_size=64)
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    try:
        time.sleep(0.01)
        before = len(ticks)
        tk.spin(out, 20_000_000, global_size=64)  # ~0.1 s at W = 16
        during = len(ticks) - before
    finally:
        stop.set()
        t.join()
    assert during >= 10, f"the other thread ran only {during} times while the kernel ran"

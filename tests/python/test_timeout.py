"""Time limits on launches (`timeout=`): a kernel that never finishes is stopped with
KernelError on every launch form and on every way a launch runs (on the calling thread
with or without the Ctrl-C watch, on a helper thread), a generous limit changes nothing,
malformed limits are refused before anything runs, and Ctrl-C still cancels a kernel
that has a limit. The same through spirjit.dask is in test_dask.py."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import spirjit
from conftest import CORPUS, HERE

TIMEOUT_SPV = os.path.join(HERE, "kernels", "timeout_kernels.spv")
# Generous bound for "stopped quickly" on a loaded machine; without the limit the kernel
# never returns.
QUICK = 10.0


@pytest.fixture(scope="module")
def wait_for_flag():
    """wait_for_flag(global const volatile uint* flag, global uint* out): spins while flag[0] is 0."""
    return spirjit.Program(TIMEOUT_SPV).wait_for_flag


class SafetyNet:
    """Sets flag[0] after QUICK seconds, ending the kernel that waits for it (so that a
    time limit that does not work fails the test instead of hanging it)."""

    def __init__(self, flag):
        self.timer = threading.Timer(QUICK, flag.__setitem__, (0, 9))

    def __enter__(self):
        self.timer.start()
        return self

    def __exit__(self, *exc):
        self.timer.cancel()


def stopped(launch, flag, limit=0.2):
    """Run `launch` (which waits for `flag` and must time out after `limit` seconds)."""
    start = time.monotonic()
    with SafetyNet(flag), pytest.raises(spirjit.KernelError, match=rf"wait_for_flag.*time limit of {limit:.3f} s"):
        launch()
    elapsed = time.monotonic() - start
    assert elapsed < QUICK, f"the kernel was stopped only after {elapsed:.1f} s"


FORMS = {
    "keywords": lambda k, flag, out, t: k(flag, out, global_size=64, timeout=t),
    "subscript": lambda k, flag, out, t: k[64](flag, out, timeout=t),
    "subscript and local size": lambda k, flag, out, t: k[64](flag, out, local_size=16, timeout=t),
    "dict": lambda k, flag, out, t: k(flag, out, **{"global": (64,), "timeout": t}),
    # Not the native fast path: a NumPy float limit, a NumPy int size.
    "numpy float": lambda k, flag, out, t: k(flag, out, global_size=64, timeout=np.float32(t)),
    "numpy size": lambda k, flag, out, t: k(flag, out, global_size=np.int64(64), timeout=t),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_timeout_stops_a_kernel_that_never_finishes(wait_for_flag, form):
    flag = np.zeros(1, np.uint32)
    out = np.zeros(64, np.uint32)
    stopped(lambda: FORMS[form](wait_for_flag, flag, out, 0.2), flag, limit=float(np.float32(0.2)))
    # The kernel is still usable afterwards.
    flag[0] = 3
    FORMS[form](wait_for_flag, flag, out, 30.0)
    np.testing.assert_array_equal(out, 3)


def test_cuda_launch_form_takes_a_timeout(wait_for_flag):
    # The CUDA launch path, on the kernel wrapped as a CUDA one: grid 4 x block 16.
    k = spirjit.Kernel(wait_for_flag._native, wait_for_flag.program, cuda=True)
    flag = np.zeros(1, np.uint32)
    out = np.zeros(64, np.uint32)
    stopped(lambda: k[4, 16](flag, out, timeout=0.2), flag)
    stopped(lambda: k[4, 16](flag, out, timeout=np.float64(0.2)), flag)  # not the native fast path
    flag[0] = 2
    k[4, 16](flag, out, timeout=60)
    np.testing.assert_array_equal(out, 2)


def test_generous_timeout_changes_nothing(wait_for_flag, vadd):
    flag = np.ones(1, np.uint32)
    out = np.zeros(1000, np.uint32)
    wait_for_flag(flag, out, global_size=1000, timeout=60)
    np.testing.assert_array_equal(out, 1)
    a = np.arange(1000, dtype=np.float32)
    c = np.zeros_like(a)
    for t in (60, 60.0, np.float64(60), None, float("inf")):
        c[:] = 0
        vadd(a, a, c, a.size, global_size=a.size, timeout=t)
        np.testing.assert_array_equal(c, 2 * a)
    vadd[a.size](a, a, c, a.size, timeout=1e300)  # too long for any clock: no limit
    vadd[a.size](a, a, c, a.size, timeout=10**400)
    assert vadd.last_run.work_groups > 0


@pytest.mark.parametrize("bad", [0, -1, float("nan"), "1", True, [1.0]])
def test_malformed_timeout_is_refused(vadd, bad):
    a = np.arange(16, dtype=np.float32)
    c = np.zeros_like(a)
    with pytest.raises(spirjit.ArgumentError, match="timeout must be"):
        vadd(a, a, c, a.size, global_size=a.size, timeout=bad)
    with pytest.raises(spirjit.ArgumentError, match="timeout must be"):
        vadd[a.size](a, a, c, a.size, timeout=bad)
    assert not c.any()


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="needs the main thread")
def test_timeout_on_the_main_thread_watched_and_handed_off(wait_for_flag):
    flag = np.zeros(1, np.uint32)
    out = np.zeros(64, np.uint32)
    # After a short run the next launch runs on this thread with Ctrl-C watched.
    flag[0] = 1
    wait_for_flag(flag, out, global_size=64)
    flag[0] = 0
    stopped(lambda: wait_for_flag(flag, out, global_size=64, timeout=0.2), flag)
    # With a custom SIGINT handler the launch goes to a helper thread.
    previous = signal.signal(signal.SIGINT, lambda sig, frame: None)
    try:
        stopped(lambda: wait_for_flag(flag, out, global_size=64, timeout=0.2), flag)
    finally:
        signal.signal(signal.SIGINT, previous)


def test_timeout_on_another_thread(wait_for_flag):
    flag = np.zeros(1, np.uint32)
    out = np.zeros(64, np.uint32)
    errors = []

    def run():
        try:
            stopped(lambda: wait_for_flag(flag, out, global_size=64, timeout=0.2), flag)
        except BaseException as e:  # reported by the main thread
            errors.append(e)

    t = threading.Thread(target=run)
    t.start()
    t.join(QUICK * 2)
    assert not t.is_alive(), "the launch on the other thread was not stopped"
    assert not errors, errors


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="needs the main thread")
@pytest.mark.parametrize("short_before", [False, True])
def test_ctrl_c_cancels_a_kernel_with_a_time_limit(wait_for_flag, short_before):
    flag = np.zeros(1, np.uint32)
    out = np.zeros(64, np.uint32)
    if short_before:  # the launch then runs on this thread, with Ctrl-C watched
        flag[0] = 1
        wait_for_flag(flag, out, global_size=64)
        flag[0] = 0
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with SafetyNet(flag), pytest.raises(KeyboardInterrupt):
            wait_for_flag(flag, out, global_size=64, timeout=60)
    finally:
        timer.cancel()
    elapsed = time.monotonic() - start
    assert elapsed < QUICK, f"cancellation took {elapsed:.1f} s"


def test_pipeline_dispatch_timeout():
    prog = spirjit.Program(os.path.join(CORPUS, "vulkan", "wait_for_flag.spv"))
    pipe = prog.pipeline("main")
    flag = np.zeros(1, np.uint32)
    out = np.zeros(64, np.uint32)
    with SafetyNet(flag), pytest.raises(spirjit.KernelError, match=r"time limit of 0\.200 s"):
        pipe.dispatch(4, bindings={(0, 0): flag, (0, 1): out}, timeout=0.2)
    flag[0] = 5
    pipe.dispatch(4, bindings={(0, 0): flag, (0, 1): out}, timeout=60)
    np.testing.assert_array_equal(out, 5)
    with pytest.raises(spirjit.ArgumentError, match="timeout must be"):
        pipe.dispatch(4, bindings={(0, 0): flag, (0, 1): out}, timeout=-1)

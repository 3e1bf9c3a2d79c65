#!/usr/bin/env python3
"""The cost of one launch of an empty kernel from Python, without and with a time limit
(`timeout=`), median of many launches. A limit is kept by the runtime's one timer thread
(src/watchdog.rs), so the two should differ by a few microseconds.

Usage: python3 benches/launch_overhead.py [--launches N]
Needs the spirjit module (`pip install .`) and clang + llvm-spirv for the kernel.
"""

import argparse
import time

import numpy as np

import spirjit


def median_launch(kernel, a, launches, timeout):
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(launches):
            kernel(a, global_size=1, timeout=timeout)
        times.append((time.perf_counter() - t0) / launches)
    return float(np.median(times))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--launches", type=int, default=2000)
    args = ap.parse_args()
    prog = spirjit.Program.from_opencl("__kernel void empty(__global float *a) { }")
    a = np.zeros(4, np.float32)
    prog.empty(a, global_size=1)  # compile
    for timeout in (None, 5.0):
        t = median_launch(prog.empty, a, args.launches, timeout)
        print(f"timeout={timeout}: {t * 1e6:.2f} us per launch")


if __name__ == "__main__":
    main()

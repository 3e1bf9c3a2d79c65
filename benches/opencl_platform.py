#!/usr/bin/env python3
"""spirjit's OpenCL platform against PoCL, both through PyOpenCL and the ICD loader, in
one process and one run: the same OpenCL C kernels (benches/kernels) built, launched and
timed on each platform's CPU device.

Per kernel: the build time of a fresh program (clBuildProgram, PyOpenCL's binary cache
off), the median time of a launch (enqueue + finish) and the ratio PoCL / spirjit, with
each platform's outputs checked against the NumPy reference. Then the enqueue latency of
an empty kernel: one launch waited for (enqueue + finish), and one launch in a stream of
1,000 enqueued back to back.

Usage: python3 benches/opencl_platform.py [--only a,b] [--small] [--json FILE]
Setup: benches/setup.sh (PoCL, PyOpenCL, NumPy) and
       cargo build --release -p spirjit -p spirjit-opencl
"""

import argparse
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)


def vendors_dir():
    """A folder with the .icd files of spirjit's platform and PoCL, for OCL_ICD_VENDORS."""
    exe = os.path.join(ROOT, "target", "release", "spirjit")
    if not os.path.exists(exe):
        sys.exit("build spirjit first: cargo build --release -p spirjit -p spirjit-opencl")
    r = subprocess.run([exe, "opencl-icd"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(r.stderr.strip())
    d = tempfile.mkdtemp(prefix="spirjit-vendors-")
    atexit.register(shutil.rmtree, d, True)
    shutil.copy(r.stdout.strip(), os.path.join(d, "spirjit.icd"))
    pocl = "/etc/OpenCL/vendors/pocl.icd"
    if os.path.exists(pocl):
        shutil.copy(pocl, os.path.join(d, "pocl.icd"))
    return d


os.environ["OCL_ICD_VENDORS"] = vendors_dir()
os.environ["PYOPENCL_NO_CACHE"] = "1"  # every build compiles: PyOpenCL's binary cache off,
os.environ["POCL_KERNEL_CACHE"] = "0"  # and PoCL's own kernel cache

import numpy as np  # noqa: E402

from backends import Pocl, SpirjitOpenCL, time_runs  # noqa: E402
from compare import check_outputs, load_average  # noqa: E402
from suite import EMPTY, SUITE  # noqa: E402


def build_time(dev, bench):
    t0 = time.perf_counter()
    prog = dev.load(bench)
    return time.perf_counter() - t0, prog


def latency(dev):
    """(one launch waited for, one launch in a stream of 1,000) in seconds."""
    cl = dev.cl
    prog = dev.load(EMPTY)
    case = EMPTY.make(True)
    launch = dev.prepare(EMPTY, case, prog)
    one = time_runs(launch.run, min_reps=50, max_reps=2000, budget=0.5)
    knl = cl.Kernel(prog, "empty")
    buf = cl.Buffer(dev.ctx, cl.mem_flags.READ_WRITE, 4)
    knl.set_args(buf)
    q = dev.queue
    stream = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(1000):
            cl.enqueue_nd_range_kernel(q, knl, (1,), (1,))
        q.finish()
        stream.append((time.perf_counter() - t0) / 1000)
    return one, float(np.median(stream))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="")
    ap.add_argument("--small", action="store_true", help="the small problem sizes (quick)")
    ap.add_argument("--json", default="")
    args = ap.parse_args()
    benches = [b for b in SUITE if not args.only or b.name in args.only.split(",")]
    devices = [SpirjitOpenCL(), Pocl()]
    print(f"load average {' '.join(load_average())}; "
          + "; ".join(f"{d.name}: {d.device.name} ({d.version})" for d in devices))
    rows = []
    print(f"{'kernel':14} {'build spirjit':>14} {'build PoCL':>11} {'run spirjit':>12} {'run PoCL':>10} "
          f"{'PoCL/spirjit':>13}  checks")
    for bench in benches:
        case = bench.make(args.small)
        reference = case.reference(*[a.copy() if isinstance(a, np.ndarray) else a for a in case.args]) \
            if case.reference else None
        row = {"name": bench.name}
        notes = []
        for dev in devices:
            try:
                bt, prog = build_time(dev, bench)
                launch = dev.prepare(bench, case, prog)
                t = time_runs(launch.run)
                problems = [] if case.accumulates else check_outputs(launch.outputs(), case, reference)
                row[dev.name] = {"build_s": bt, "run_s": t, "problems": problems}
                if problems:
                    notes.append(f"{dev.name}: {'; '.join(problems)}")
            except Exception as e:  # a failure is a result too
                row[dev.name] = {"error": str(e).splitlines()[0][:200]}
                notes.append(f"{dev.name}: {row[dev.name]['error']}")
        rows.append(row)
        s, p = row.get("spirjit OpenCL", {}), row.get("PoCL", {})

        def ms(d, k):
            return f"{d[k] * 1e3:.2f} ms" if k in d else "-"

        ratio = f"{p['run_s'] / s['run_s']:.2f}" if "run_s" in s and "run_s" in p else "-"
        print(f"{bench.name:14} {ms(s, 'build_s'):>14} {ms(p, 'build_s'):>11} {ms(s, 'run_s'):>12} "
              f"{ms(p, 'run_s'):>10} {ratio:>13}  {'ok' if not notes else ' | '.join(notes)}")
    ratios = [r["PoCL"]["run_s"] / r["spirjit OpenCL"]["run_s"] for r in rows
              if "run_s" in r.get("PoCL", {}) and "run_s" in r.get("spirjit OpenCL", {})]
    builds = [r["PoCL"]["build_s"] / r["spirjit OpenCL"]["build_s"] for r in rows
              if "build_s" in r.get("PoCL", {}) and "build_s" in r.get("spirjit OpenCL", {})]
    if ratios:
        print(f"geometric mean PoCL/spirjit: run {float(np.exp(np.mean(np.log(ratios)))):.2f}, "
              f"build {float(np.exp(np.mean(np.log(builds)))):.2f} (above 1: spirjit faster)")
    lat = {}
    for dev in devices:
        one, stream = latency(dev)
        lat[dev.name] = {"one_s": one, "stream_s": stream}
        print(f"empty kernel on {dev.name}: {one * 1e6:.1f} us enqueue + finish; "
              f"{stream * 1e6:.2f} us per launch in a stream of 1,000")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": rows, "latency": lat, "load": load_average()}, f, indent=1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Compare spirjit with PoCL on the benchmark suite (benches/kernels), in one run.

For every kernel: run it on spirjit (W = 1, the automatic W, and the automatic W without
bounds checks) and on PoCL's CPU device, check that the results agree with each other and
with a NumPy reference, and print the median time per launch, the ratio PoCL / spirjit,
GB/s and GFLOP/s. Then: dispatch latency (an empty kernel, median of many launches),
first-call compile time (a fresh process per side, PoCL with its kernel cache off), and
this machine's memory bandwidth from a STREAM-style triad in C (benches/stream/triad.c).

Usage: python3 benches/compare.py [--rounds N] [--only a,b] [--lanes W] [--quick]
                                  [--no-cold] [--no-stream] [--json FILE]
Setup: benches/setup.sh (PoCL, PyOpenCL, NumPy; `pip install .` for the spirjit module).
Without the spirjit Python module, spirjit is driven through `target/release/spirjit run`.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from backends import Pocl, SpirjitCli, SpirjitPy, spirjit_module, time_runs  # noqa: E402
from suite import EMPTY, SUITE  # noqa: E402


def load_average():
    try:
        with open("/proc/loadavg") as f:
            return f.read().split()[:3]
    except OSError:
        return ["?", "?", "?"]


# ---------------------------------------------------------------- correctness


def compare_arrays(got, want, case):
    """None when `got` matches `want` within the case's tolerance, else a short reason."""
    got = np.asarray(got)
    want = np.asarray(want)
    if want.shape[0] < got.shape[0]:  # a reference for the first rows only
        got = got[: want.shape[0]]
    got, want = got.reshape(-1), want.reshape(-1)
    if got.shape != want.shape:
        return f"shape {got.shape} != {want.shape}"
    if case.rtol == 0 and case.atol == 0:
        bad = got != want
    else:
        g, w = got.astype(np.float64), want.astype(np.float64)
        bad = ~(np.abs(g - w) <= case.atol + case.rtol * np.abs(w))
        bad &= ~(np.isnan(g) & np.isnan(w))
    frac = float(bad.mean()) if bad.size else 0.0
    if frac > case.mismatch:
        i = int(np.argmax(bad))
        return f"{int(bad.sum())} of {bad.size} differ (first at {i}: {got[i]} vs {want[i]})"
    return None


def check_outputs(outs, case, reference):
    """Problems of one device's outputs against the reference and custom check."""
    problems = []
    if case.check is not None:
        p = case.check(outs)
        if p:
            problems.append(p)
    if reference:
        for i, want in reference.items():
            p = compare_arrays(outs[i], want, case)
            if p:
                problems.append(f"arg {i}: {p}")
    return problems


# ---------------------------------------------------------------- measurement


def measure_suite(benches, devices, rounds, budget):
    """Per kernel: times[device] (median over rounds of per-round medians) and checks."""
    results = []
    for bench in benches:
        case = bench.make(False)
        reference = case.reference(*[a.copy() if isinstance(a, np.ndarray) else a for a in case.args]) \
            if case.reference else None
        row = {"name": bench.name, "kind": bench.kind, "bytes": case.bytes, "flops": case.flops,
               "times": {}, "problems": {}, "agree": {}}
        launches, outs = {}, {}
        for dev in devices:
            try:
                if isinstance(dev, SpirjitCli):
                    outs[dev.name] = dev.outputs_of(bench, case)
                    launches[dev.name] = None
                else:
                    launch = dev.prepare(bench, case)
                    launch.run()
                    outs[dev.name] = {i: a.copy() for i, a in launch.outputs().items()}
                    launches[dev.name] = launch
            except Exception as e:  # a device that fails is reported, the others still run
                row["problems"][dev.name] = [f"failed: {str(e).splitlines()[0][:160]}"]
                continue
            row["problems"][dev.name] = check_outputs(outs[dev.name], case, reference)
        if case.flops_from_output and outs:
            row["flops"] = case.flops_from_output(next(iter(outs.values())))
        # Cross-checks: every device against PoCL (tolerance), spirjit W=1 against the others (bits).
        names = list(outs)
        base = "PoCL" if "PoCL" in outs else (names[0] if names else None)
        for n in names:
            if n == base:
                continue
            ps = [f"arg {i}: {p}" for i in case.outputs
                  if (p := compare_arrays(outs[n][i], outs[base][i], case)) is not None]
            if case.check is not None and not ps:  # order-dependent outputs: compare totals
                ps = [] if not case.check(outs[n]) else ["custom check failed"]
            row["agree"][n] = "yes" if not ps else "; ".join(ps)
        w1 = next((n for n in names if "W=1" in n and "unchecked" not in n), None)
        for n in names:
            if n != w1 and w1 and n.startswith("spirjit") and case.check is None:
                same = all(np.array_equal(outs[n][i].view(np.uint8), outs[w1][i].view(np.uint8))
                           for i in case.outputs)
                row["agree"][n + " bits==W1"] = "yes" if same else "NO"
        samples = {n: [] for n in launches}
        for _ in range(rounds):
            for dev in devices:
                if dev.name not in launches:
                    continue
                if isinstance(dev, SpirjitCli):
                    samples[dev.name].append(dev.run_cli(bench, case, 10))
                else:
                    samples[dev.name].append(time_runs(launches[dev.name].run, budget=budget))
        row["times"] = {n: float(np.median(s)) for n, s in samples.items() if s}
        results.append(row)
        print(f"  {bench.name:14s} " + "  ".join(f"{n}: {t * 1e3:.3f} ms" for n, t in row["times"].items()),
              file=sys.stderr, flush=True)
    return results


def dispatch_latency(devices, calls):
    """Median seconds per launch of the empty kernel over `calls` launches, per device."""
    out = {}
    case = EMPTY.make(False)
    for dev in devices:
        if isinstance(dev, SpirjitCli):
            out[dev.name] = dev.run_cli(EMPTY, case, calls)
            continue
        launch = dev.prepare(EMPTY, case)
        for _ in range(50):
            launch.run()
        ts = []
        for _ in range(calls):
            t0 = time.perf_counter()
            launch.run()
            ts.append(time.perf_counter() - t0)
        out[dev.name] = float(np.median(ts))
    return out


def cold_worker(side, lanes, only):
    """Run in a fresh process: per kernel, load/build the program and launch it once at a
    small size; print {name: seconds} as JSON."""
    benches = [b for b in SUITE if not only or b.name in only]
    dev = Pocl() if side == "pocl" else SpirjitPy(lanes)
    # Warm the process up (thread pool, ICD loading) on the empty kernel, not reported.
    # Launches are kept alive until the end: PoCL 3.1 fails the next command
    # ("PTHREAD ERROR in can_run_command") when a finished launch's objects are freed.
    keep = [dev.prepare(EMPTY, EMPTY.make(True))]
    keep[0].run()
    res = {}
    for b in benches:
        case = b.make(True)
        t0 = time.perf_counter()
        launch = dev.prepare(b, case)
        launch.run()
        res[b.name] = time.perf_counter() - t0
        keep.append(launch)
    print(json.dumps(res))


def cold_compile(lanes, only, rounds):
    """First calls in fresh processes: spirjit compiling (its on-disk code cache off),
    spirjit with a warm code cache (filled by one run not counted), PoCL with its kernel
    cache off."""
    base = dict(os.environ, POCL_KERNEL_CACHE="0", PYOPENCL_NO_CACHE="1")
    cache_dir = tempfile.mkdtemp(prefix="spirjit-compare-cache-")
    sides = {
        "spirjit": ("spirjit", dict(base, SPIRJIT_CACHE_DIR="off"), 0),
        "spirjit-cached": ("spirjit", dict(base, SPIRJIT_CACHE_DIR=cache_dir), 1),
        "pocl": ("pocl", base, 0),
    }
    out = {}
    try:
        for name, (side, env, priming) in sides.items():
            runs = []
            for k in range(priming + rounds):
                cmd = [sys.executable, os.path.abspath(__file__), "--cold-worker", side, "--lanes", str(lanes)]
                if only:
                    cmd += ["--only", ",".join(only)]
                r = subprocess.run(cmd, capture_output=True, text=True, env=env)
                if r.returncode != 0:
                    print(f"cold compile on {name} failed: {r.stderr.strip()[-400:]}", file=sys.stderr)
                    break
                if k >= priming:
                    runs.append(json.loads(r.stdout.strip().splitlines()[-1]))
            if runs:
                out[name] = {k: float(np.median([r[k] for r in runs])) for k in runs[0]}
    finally:
        shutil.rmtree(cache_dir, ignore_errors=True)
    return out


def stream_triad():
    """(best, median) GB/s of benches/stream/triad.c built now with OpenMP, 2 threads."""
    src = os.path.join(HERE, "stream", "triad.c")
    exe = os.path.join(tempfile.gettempdir(), "spirjit-stream-triad")
    cc = os.environ.get("CC", "cc")
    r = subprocess.run([cc, "-O3", "-march=native", "-fopenmp", src, "-o", exe], capture_output=True, text=True)
    if r.returncode != 0:
        print(f"cannot build {src}: {r.stderr.strip()}", file=sys.stderr)
        return None
    env = dict(os.environ)
    env.setdefault("OMP_NUM_THREADS", str(os.cpu_count() or 2))
    r = subprocess.run([exe], capture_output=True, text=True, env=env)
    vals = dict(line.split("=", 1) for line in r.stdout.split() if "=" in line)
    try:
        return float(vals["best_gbs"]), float(vals["median_gbs"])
    except KeyError:
        print(f"unexpected output of the triad: {r.stdout} {r.stderr}", file=sys.stderr)
        return None


# ---------------------------------------------------------------- report


def fmt_ms(t):
    return "-" if t is None else (f"{t * 1e3:.3f}" if t < 0.01 else f"{t * 1e3:.2f}")


def rate(x, t):
    return "-" if not x or not t else f"{x / t / 1e9:.1f}"


def print_report(results, main, w1, unchecked, pocl, lat, cold, triad, meta):
    print(f"# spirjit vs PoCL — {meta['date']}, {meta['cpus']} CPUs, load before/after "
          f"{meta['load_before']} / {meta['load_after']}")
    print(f"# PoCL: {meta.get('pocl', '?')}; spirjit via {meta['spirjit_via']}; median of {meta['rounds']} rounds")
    print()
    hdr = ["kernel", "kind", f"{pocl} ms", f"{w1} ms", f"{main} ms", f"{unchecked} ms", "PoCL/spirjit",
           "GB/s sj", "GB/s PoCL", "GFLOP/s sj", "GFLOP/s PoCL", "check"]
    rows = []
    ratios = []
    for r in results:
        t = r["times"]
        tm, tp = t.get(main), t.get(pocl)
        ratio = tp / tm if tm and tp else None
        if ratio:
            ratios.append((ratio, r["name"]))
        problems = [f"{d}: {'; '.join(p)}" for d, p in r["problems"].items() if p]
        problems += [f"{d} vs PoCL: {a}" for d, a in r["agree"].items() if a != "yes"]
        rows.append([r["name"], r["kind"], fmt_ms(tp), fmt_ms(t.get(w1)), fmt_ms(tm), fmt_ms(t.get(unchecked)),
                     "-" if ratio is None else f"{ratio:.2f}", rate(r["bytes"], tm), rate(r["bytes"], tp),
                     rate(r["flops"], tm), rate(r["flops"], tp), "ok" if not problems else "FAIL"])
        r["problem_text"] = problems
    widths = [max(len(str(x[i])) for x in [hdr] + rows) for i in range(len(hdr))]
    line = lambda cells: "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"  # noqa: E731
    print(line(hdr))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print(line(row))
    print()
    if ratios:
        gm = math.exp(sum(math.log(x) for x, _ in ratios) / len(ratios))
        worst = min(ratios)
        print(f"geometric mean PoCL time / spirjit time ({main}): {gm:.2f} over {len(ratios)} kernels; "
              f"worst: {worst[1]} {worst[0]:.2f}")
        r1 = [(r["times"][pocl] / r["times"][w1]) for r in results if r["times"].get(w1) and r["times"].get(pocl)]
        if r1:
            print(f"geometric mean PoCL time / spirjit time ({w1}): "
                  f"{math.exp(sum(map(math.log, r1)) / len(r1)):.2f}")
        ru = [(r["times"][pocl] / r["times"][unchecked]) for r in results
              if r["times"].get(unchecked) and r["times"].get(pocl)]
        if ru:
            print(f"geometric mean PoCL time / spirjit time ({unchecked}): "
                  f"{math.exp(sum(map(math.log, ru)) / len(ru)):.2f}")
        cu = [(r["times"][main] / r["times"][unchecked]) for r in results
              if r["times"].get(unchecked) and r["times"].get(main)]
        if cu:
            print(f"checked / unchecked memory (spirjit time ratio, geometric mean): "
                  f"{math.exp(sum(map(math.log, cu)) / len(cu)):.2f}")
    if lat:
        print("dispatch latency (empty kernel, median): " +
              ", ".join(f"{d} {v * 1e6:.1f} µs" for d, v in lat.items()))
    if cold:
        sj, pc = cold.get("spirjit", {}), cold.get("pocl", {})
        names = [n for n in sj if n in pc]
        if names:
            print("first-call compile (fresh process, load/build + first small launch), ms:")
            print("  " + "  ".join(f"{n} {sj[n] * 1e3:.1f}/{pc[n] * 1e3:.1f}" for n in names) + "   (spirjit/PoCL)")
            g = math.exp(sum(math.log(pc[n] / sj[n]) for n in names) / len(names))
            print(f"  median spirjit {np.median([sj[n] for n in names]) * 1e3:.1f} ms, "
                  f"PoCL {np.median([pc[n] for n in names]) * 1e3:.1f} ms; geometric mean PoCL/spirjit {g:.1f}")
        warm = cold.get("spirjit-cached", {})
        if warm:
            print("  with spirjit's on-disk code cache warm: median "
                  f"{np.median(list(warm.values())) * 1e3:.1f} ms, largest "
                  f"{max(warm.values()) * 1e3:.1f} ms ({max(warm, key=warm.get)})")
    if triad:
        best, med = triad
        print(f"STREAM-style triad in C: best {best:.1f} GB/s, median {med:.1f} GB/s")
        for r in results:
            if r["kind"] == "streaming" and r["times"].get(main):
                bw = r["bytes"] / r["times"][main] / 1e9
                bp = r["bytes"] / r["times"][pocl] / 1e9 if r["times"].get(pocl) else float("nan")
                print(f"  {r['name']}: spirjit {bw:.1f} GB/s = {bw / best:.0%} of the triad's best; "
                      f"PoCL {bp:.1f} GB/s = {bp / best:.0%}")
    fails = [(r["name"], p) for r in results for p in r["problem_text"]]
    if fails:
        print("\nproblems:")
        for n, p in fails:
            print(f"  {n}: {p}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="measurement rounds (median taken), default 3")
    ap.add_argument("--only", default="", help="comma-separated kernel names")
    ap.add_argument("--lanes", type=int, default=0, help="spirjit's W for the main column (0: automatic)")
    ap.add_argument("--budget", type=float, default=0.5, help="seconds per timing sample, default 0.5")
    ap.add_argument("--quick", action="store_true", help="1 round, short samples, no cold compile")
    ap.add_argument("--no-cold", action="store_true", help="skip the first-call compile measurement")
    ap.add_argument("--no-stream", action="store_true", help="skip the C triad")
    ap.add_argument("--cli", action="store_true", help="drive spirjit through the command line")
    ap.add_argument("--json", help="also write the raw results to this file")
    ap.add_argument("--cold-worker", choices=["spirjit", "pocl"], help=argparse.SUPPRESS)
    a = ap.parse_args()
    only = [s for s in a.only.split(",") if s]
    if a.cold_worker:
        return cold_worker(a.cold_worker, a.lanes, only)
    if a.quick:
        a.rounds, a.budget, a.no_cold = 1, 0.2, True
    benches = [b for b in SUITE if not only or b.name in only]
    meta = {"date": time.strftime("%Y-%m-%d %H:%M"), "cpus": os.cpu_count(), "load_before": load_average(),
            "rounds": a.rounds}
    use_cli = a.cli or spirjit_module() is None
    make = SpirjitCli if use_cli else SpirjitPy
    meta["spirjit_via"] = "the CLI (target/release/spirjit)" if use_cli else "the Python module"
    w_main = make(a.lanes)
    w1 = make(1)
    unchecked = make(a.lanes, checked=False)
    devices = [w1, w_main, unchecked]
    try:
        pocl = Pocl()
        devices.append(pocl)
        meta["pocl"] = pocl.version
    except Exception as e:
        print(f"PoCL not available ({e}); spirjit only", file=sys.stderr)
        pocl = None
    triad = None if a.no_stream else stream_triad()
    print("measuring kernels ...", file=sys.stderr, flush=True)
    results = measure_suite(benches, devices, a.rounds, a.budget)
    lat_devs = [w_main] + ([pocl] if pocl else [])
    lat = dispatch_latency(lat_devs, 2000)
    cold = {} if a.no_cold or use_cli else cold_compile(a.lanes, only, 3)
    meta["load_after"] = load_average()
    print_report(results, w_main.name, w1.name, unchecked.name, "PoCL", lat, cold, triad, meta)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"meta": meta, "results": results, "latency": lat, "cold": cold, "triad": triad}, f,
                      indent=1, default=str)


if __name__ == "__main__":
    main()

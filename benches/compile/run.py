#!/usr/bin/env python3
"""Compile cost of large kernels: time and peak memory per stage at W = 1, 4, 8, 16.

Each measurement is one fresh `spirjit info MODULE --lanes W --timings` process (the
module's kernels are all compiled, as `info` reports each kernel's path): the wall time
and peak resident memory of the process come from the OS (wait4), the time per stage
(front end, planning and analyses, lowering to Cranelift IR, Cranelift code generation)
from spirjit itself. A second table times what a user of a many-kernel module waits
for: `spirjit run` of one kernel (load, compile that kernel, run).

Usage: benches/compile/run.py [--spirjit PATH] [--out DIR] [--all]
  --all   also build and measure the kernels build.sh does not commit (needs clang-14,
          llvm-spirv-14, spirv-val)
Writes DIR/compile-cost.md (tables) and DIR/compile-cost.svg (growth curves); DIR
defaults to benches/compile/results.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
WIDTHS = [1, 4, 8, 16]
COMMITTED = ["intcheck.O1", "intcheck64.O1", "inlined.O0", "table", "many1000"]
EXTRA = ["intcheck.O0", "intcheck.O2", "intcheck64.O0", "intcheck64.O2", "many100", "inlined9.O0"]
FRONT_RE = re.compile(r"^\s*front end ([\d.]+) ms")
STAGE_RE = re.compile(r"^\s*(\S+)\s+plan ([\d.]+) ms, lower ([\d.]+) ms, codegen ([\d.]+) ms")


def measure(cmd):
    """(wall seconds, peak RSS in MB, exit status, stdout) of one process."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return wall, usage.ru_maxrss / 1024, p.returncode, out


def stages(out):
    """Sum of each stage over the module's kernels (ms), and the path notes."""
    total = [0.0, 0.0, 0.0, 0.0]
    for line in out.splitlines():
        m = FRONT_RE.match(line)
        if m:
            total[0] += float(m.group(1))
        m = STAGE_RE.match(line)
        if m:
            for i in range(3):
                total[i + 1] += float(m.group(i + 2))
    section = out.split("\npaths")[-1].split("\ntimings")[0]
    paths = [line.strip() for line in section.splitlines()[1:] if line.strip()]
    return total, paths


def svg(results, path):
    """Growth curves: compile time and peak memory against W, one line per kernel."""
    w, h, pad = 460, 300, 50
    colors = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
              "#bcbd22", "#17becf"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * w + 20}" height="{h + 90}" '
             'font-family="sans-serif" font-size="11">']
    for panel, (key, label) in enumerate([("wall", "compile time (s)"), ("rss", "peak memory (MB)")]):
        x0 = panel * (w + 20)
        ymax = max((r[key] for rs in results.values() for r in rs), default=1) * 1.1 or 1
        parts.append(f'<text x="{x0 + w / 2}" y="15" text-anchor="middle">{label} vs W</text>')
        parts.append(f'<line x1="{x0 + pad}" y1="{h}" x2="{x0 + w - 10}" y2="{h}" stroke="black"/>')
        parts.append(f'<line x1="{x0 + pad}" y1="25" x2="{x0 + pad}" y2="{h}" stroke="black"/>')
        for k in range(5):
            v = ymax * k / 4
            y = h - (h - 25) * k / 4
            parts.append(f'<text x="{x0 + pad - 4}" y="{y + 4}" text-anchor="end">{v:.3g}</text>')
        # x proportional to W, so that linear growth draws a straight line.
        xs = {wd: x0 + pad + (w - pad - 20) * (wd - WIDTHS[0]) / (WIDTHS[-1] - WIDTHS[0]) for wd in WIDTHS}
        for wd, x in xs.items():
            parts.append(f'<text x="{x}" y="{h + 14}" text-anchor="middle">{wd}</text>')
        for i, (name, rs) in enumerate(results.items()):
            pts = " ".join(f"{xs[r['w']]:.1f},{h - (h - 25) * r[key] / ymax:.1f}" for r in rs)
            parts.append(f'<polyline fill="none" stroke="{colors[i % len(colors)]}" stroke-width="2" points="{pts}"/>')
    for i, name in enumerate(results):
        parts.append(f'<text x="{10 + (i % 4) * 230}" y="{h + 40 + 16 * (i // 4)}" '
                     f'fill="{colors[i % len(colors)]}">■ {name}</text>')
    parts.append("</svg>")
    path.write_text("\n".join(parts) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spirjit", default=str(ROOT / "target/release/spirjit"))
    ap.add_argument("--out", default=str(HERE / "results"))
    ap.add_argument("--all", action="store_true")
    a = ap.parse_args()
    exe = a.spirjit
    if not os.path.exists(exe):
        sys.exit(f"{exe} not found: build it with `cargo build --release --bin spirjit` or pass --spirjit")
    modules = {name: HERE / f"{name}.spv" for name in COMMITTED}
    tmp = None
    if a.all:
        if not all(shutil.which(t) for t in ["clang-14", "llvm-spirv-14", "spirv-val"]):
            sys.exit("--all needs clang-14, llvm-spirv-14 and spirv-val")
        tmp = tempfile.mkdtemp()
        subprocess.run(["bash", str(HERE / "build.sh"), "--all"], env={**os.environ, "OUT": tmp}, check=True,
                       stdout=subprocess.DEVNULL)
        modules.update({name: Path(tmp) / f"{name}.spv" for name in EXTRA})
    rows, results = [], {}
    for name, path in modules.items():
        size = path.stat().st_size
        for w in WIDTHS:
            wall, rss, code, out = measure([exe, "info", str(path), "--lanes", str(w), "--timings"])
            st, paths = stages(out)
            note = "; ".join(sorted(set(p.split(None, 1)[-1] for p in paths)))[:120] if code == 0 else out.strip()[-120:]
            rows.append((name, size, w, wall, rss, st, note))
            results.setdefault(name, []).append({"w": w, "wall": wall, "rss": rss})
            print(f"{name:16} {size / 1024:7.0f} KB  W={w:<2} {wall:6.2f} s {rss:7.0f} MB  "
                  f"fe {st[0]:7.1f} plan {st[1]:7.1f} lower {st[2]:7.1f} codegen {st[3]:8.1f} ms  {note}", flush=True)
    first = []
    for name in ["many1000", "many100"]:
        if name in modules:
            wall, rss, code, _ = measure([exe, "run", str(modules[name]), "--kernel", "k5", "--global", "4096",
                                          "--arg", "f32[4096]=iota", "--arg", "f32[4096]=ones",
                                          "--arg", "f32[4096]=zeros", "--arg", "f32=2"])
            first.append((name, wall, rss, code))
            print(f"{name}: load + compile + run one kernel: {wall * 1000:.0f} ms, {rss:.0f} MB (exit {code})")
    out_dir = Path(a.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    md = ["| module | SPIR-V | W | wall (s) | peak RSS (MB) | front end (ms) | plan (ms) | lower (ms) | codegen (ms) | path |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for name, size, w, wall, rss, st, note in rows:
        md.append(f"| {name} | {size // 1024} KB | {w} | {wall:.2f} | {rss:.0f} | {st[0]:.0f} | {st[1]:.0f} | "
                  f"{st[2]:.0f} | {st[3]:.0f} | {note} |")
    md.append("")
    md.append("| module | load + compile one kernel + run (ms) | peak RSS (MB) |")
    md.append("|---|---:|---:|")
    for name, wall, rss, code in first:
        md.append(f"| {name} | {wall * 1000:.0f} | {rss:.0f} |")
    (out_dir / "compile-cost.md").write_text("\n".join(md) + "\n")
    svg(results, out_dir / "compile-cost.svg")
    print(f"wrote {out_dir / 'compile-cost.md'} and {out_dir / 'compile-cost.svg'}")
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

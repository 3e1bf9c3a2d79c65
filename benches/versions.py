"""Two spirjit builds on the benchmark suite, side by side: `python3 benches/versions.py OLD NEW`
(paths of two `spirjit` binaries, e.g. a release build of an earlier commit made in a git
worktree) runs every kernel of suite.py through `spirjit run --repeat 5` at the default W,
the two binaries alternating, and prints the minimum time of each and their ratio.

Only the ratio of two binaries measured in the same minute means anything on a shared
machine; run again with more `--rounds` for kernels whose ratio looks off. This module
prints the table and checks nothing (compare.py checks results).

`--instructions` counts instead of timing: each binary runs each kernel once on one thread
under callgrind (`valgrind` must be installed; about 50 times slower than a normal run) and
the table gives the instructions executed in the compiled kernel code (the unnamed address
range callgrind reports for JIT code), per work-item. Counts do not depend on the load of a
shared machine, so they judge changes to the generated code where times cannot; they say
nothing about memory stalls.
"""

import argparse
import os
import re
import subprocess
import tempfile

import backends
import suite


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", help="the spirjit binary to compare against")
    ap.add_argument("new", help="the spirjit binary being measured")
    ap.add_argument("--only", default="", help="comma-separated kernel names")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds per kernel (minimum taken)")
    ap.add_argument("--instructions", action="store_true",
                    help="count the instructions of the compiled kernel code under callgrind instead of timing")
    ap.add_argument("--lanes", type=int, default=0, help="lane width W for both builds (default: their own choice)")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    cli = backends.SpirjitCli(args.lanes)
    for b in suite.SUITE:
        if only and b.name not in only:
            continue
        case = b.make(False)
        if args.instructions:
            items = 1
            for g in case.global_size:
                items *= g
            old, new = (jit_instructions(cli, exe, b, case) / items for exe in (args.old, args.new))
            print(f"{b.name:14s} old {old:8.2f}  new {new:8.2f} instructions per work-item  old/new {old / new:5.2f}",
                  flush=True)
            continue
        times = {args.old: [], args.new: []}
        for _ in range(args.rounds):
            for exe in (args.old, args.new):
                cli.exe = exe
                times[exe].append(cli.run_cli(b, case, 5))
        old, new = min(times[args.old]) * 1e3, min(times[args.new]) * 1e3
        print(f"{b.name:14s} old {old:9.2f} ms  new {new:9.2f} ms  old/new {old / new:5.2f}", flush=True)


def jit_instructions(cli, exe, bench, case):
    """Instructions executed in compiled kernel code by one launch of `bench` (one thread)."""
    cli.exe = exe
    with tempfile.TemporaryDirectory(prefix="spirjit-cg-") as tmp:
        out = os.path.join(tmp, "cg.out")
        cmd = ["valgrind", "--tool=callgrind", "--smc-check=all-non-file", f"--callgrind-out-file={out}"]
        cmd += cli._command(bench, case, 1, ()) + ["--threads", "1"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"callgrind on {bench.name} failed: {r.stderr.strip()[-400:]}")
        ann = subprocess.run(["callgrind_annotate", "--inclusive=no", out], capture_output=True, text=True).stdout
    # JIT code has no symbols: callgrind names it by address ("???:0x...").
    return sum(int(m.group(1).replace(",", "")) for m in re.finditer(r"^\s*([0-9,]+) \([^)]*\)\s+\?\?\?:0x", ann, re.M))


if __name__ == "__main__":
    main()

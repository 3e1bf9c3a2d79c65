"""Two spirjit builds on the benchmark suite, side by side: `python3 benches/versions.py OLD NEW`
(paths of two `spirjit` binaries, e.g. a release build of an earlier commit made in a git
worktree) runs every kernel of suite.py through `spirjit run --repeat 5` at the default W,
the two binaries alternating, and prints the minimum time of each and their ratio.

Only the ratio of two binaries measured in the same minute means anything on a shared
machine; run again with more `--rounds` for kernels whose ratio looks off. This module
prints the table and checks nothing (compare.py checks results).
"""

import argparse

import backends
import suite


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", help="the spirjit binary to compare against")
    ap.add_argument("new", help="the spirjit binary being measured")
    ap.add_argument("--only", default="", help="comma-separated kernel names")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds per kernel (minimum taken)")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    cli = backends.SpirjitCli(0)
    for b in suite.SUITE:
        if only and b.name not in only:
            continue
        case = b.make(False)
        times = {args.old: [], args.new: []}
        for _ in range(args.rounds):
            for exe in (args.old, args.new):
                cli.exe = exe
                times[exe].append(cli.run_cli(b, case, 5))
        old, new = min(times[args.old]) * 1e3, min(times[args.new]) * 1e3
        print(f"{b.name:14s} old {old:9.2f} ms  new {new:9.2f} ms  old/new {old / new:5.2f}", flush=True)


if __name__ == "__main__":
    main()

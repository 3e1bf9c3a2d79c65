"""Command line of spirjit.bench (``python -m spirjit.bench``, and what ``spirjit bench``
runs): list the devices, or run one kernel (``KERNEL_FILE --kernel K --global N --arg
SPEC ...``, the SPECs of ``spirjit run``) or a suite (a ``.py`` / ``.toml`` file or a
folder of them) on them, print the table and write JSON, PNG and HTML. This module only
parses arguments and prints."""

import argparse
import os
import sys

from . import Case, devices, load_cases, run
from ._spec import parse_args, parse_size


def _list():
    for d in devices():
        if d.available:
            extra = ", ".join(f"{k}={v}" for k, v in d.info.items() if k not in ("device", "platform"))
            state = "listed only" if not d.runnable else "available"
            runs = "/".join(sorted(d.flavors))
            print(f"{d.name}  [{state}]  runs {runs}  {extra}")
        else:
            print(f"{d.name}  [missing]  {d.hint}")
    return 0


def _parser():
    ap = argparse.ArgumentParser(prog="python -m spirjit.bench",
                                 description="Run kernels on spirjit and every other device, side by side.")
    ap.add_argument("target", nargs="?", help="a kernel file (.cl, .spv, .cu) with --kernel, or a suite: a .py "
                                              "file defining CASES, a .toml file of [[case]] tables, or a folder")
    ap.add_argument("--suite", help="a suite file or folder")
    ap.add_argument("--list-devices", action="store_true", help="list the devices and exit")
    k = ap.add_argument_group("one kernel")
    k.add_argument("--kernel", help="the kernel (entry point) name")
    k.add_argument("--global", dest="global_size", help="global size in work-items: X[,Y[,Z]]")
    k.add_argument("--local", help="work-group size: X[,Y[,Z]]")
    k.add_argument("--arg", action="append", default=[], help="one argument SPEC as for `spirjit run` (repeat)")
    k.add_argument("--out-index", action="append", default=[], help="buffers compared across devices: I[,J...] "
                                                                     "(default: every buffer)")
    k.add_argument("--bytes", type=float, default=0.0, help="bytes one launch moves")
    k.add_argument("--flops", type=float, default=0.0, help="floating-point operations of one launch")
    k.add_argument("--name", help="the case's label")
    ap.add_argument("--options", default=None, help="build options of OpenCL C / CUDA sources")
    ap.add_argument("--devices", default="all", help="comma-separated device names or substrings (default: all)")
    ap.add_argument("--only", help="comma-separated case names to run")
    ap.add_argument("--budget", type=float, default=0.5, help="seconds per timing loop (default 0.5)")
    ap.add_argument("--rtol", type=float, help="relative tolerance of the cross-check (overrides the cases')")
    ap.add_argument("--atol", type=float, help="absolute tolerance of the cross-check (overrides the cases')")
    ap.add_argument("--json", help="also write the results as JSON to this file")
    ap.add_argument("--plot", help="also write a PNG (bar charts and rooflines; needs matplotlib)")
    ap.add_argument("--html", help="also write a self-contained HTML report")
    ap.add_argument("--no-probes", action="store_true", help="skip the peak bandwidth/FLOP probes (no roofline)")
    ap.add_argument("--progress", action="store_true", help="draw the progress bar even when stderr is no terminal")
    return ap


def _single(a):
    if not a.global_size:
        raise ValueError("`--global X[,Y[,Z]]` is required with --kernel")
    outputs = None
    if a.out_index:
        outputs = [int(i) for s in a.out_index for i in s.split(",") if i.strip()]
    return [Case(a.target, a.kernel, parse_size(a.global_size), None if a.local is None else parse_size(a.local),
                 args=parse_args(a.arg), outputs=outputs, bytes=a.bytes, flops=a.flops, name=a.name,
                 options=a.options or "")]


def main(argv=None):
    ap = _parser()
    a = ap.parse_args(argv)
    if a.list_devices:
        return _list()
    if a.suite and a.target:
        ap.error("give either --suite or a kernel file, not both")
    if not (a.suite or a.target):
        ap.error("give a kernel file with --kernel, a suite (--suite FILE|DIR) or --list-devices")
    try:
        if a.kernel:
            if a.suite:
                ap.error("--kernel is for a single kernel file, not a suite")
            cases = _single(a)
        else:
            target = a.suite or a.target
            if not (os.path.isdir(target) or target.endswith((".py", ".toml"))):
                ap.error(f"{target} is a kernel file: give --kernel, --global and --arg")
            cases = load_cases(target)
            if a.options is not None:
                for c in cases:
                    c.options = a.options
        if a.only:
            keep = set(a.only.split(","))
            cases = [c for c in cases if c.label in keep]
        for c in cases:
            c.rtol = c.rtol if a.rtol is None else a.rtol
            c.atol = c.atol if a.atol is None else a.atol
        res = run(cases, devices=a.devices, budget=a.budget, probes=not a.no_probes,
                  progress=True if a.progress else None)
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(res.table())
    if a.json:
        res.to_json(a.json)
    try:
        if a.plot:
            res.plot(a.plot)
        if a.html:
            res.html(a.html)
    except ImportError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 1 if res.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())

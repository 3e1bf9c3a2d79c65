"""Command line of spirjit.bench: list the devices, or run a suite file's CASES on them
and print the table (and write JSON). This module only parses arguments and prints."""

import argparse
import sys

from . import devices, load_cases, run


def _list():
    for d in devices():
        if d.available:
            extra = ", ".join(f"{k}={v}" for k, v in d.info.items() if k not in ("device", "platform"))
            state = "listed only" if not d.runnable else "available"
            print(f"{d.name}  [{state}]  {extra}")
        else:
            print(f"{d.name}  [missing]  {d.hint}")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m spirjit.bench",
                                 description="Run kernels on spirjit and every other device, side by side.")
    ap.add_argument("suite", nargs="?", help="a Python file defining CASES (a list of spirjit.bench.Case)")
    ap.add_argument("--list-devices", action="store_true", help="list the devices and exit")
    ap.add_argument("--devices", default="all", help="comma-separated device names or substrings (default: all)")
    ap.add_argument("--only", help="comma-separated case names to run")
    ap.add_argument("--budget", type=float, default=0.5, help="seconds per timing loop (default 0.5)")
    ap.add_argument("--json", help="also write the results as JSON to this file")
    a = ap.parse_args(argv)
    if a.list_devices:
        return _list()
    if not a.suite:
        ap.error("give a suite file or --list-devices")
    try:
        cases = load_cases(a.suite)
        if a.only:
            keep = set(a.only.split(","))
            cases = [c for c in cases if c.label in keep]
        res = run(cases, devices=a.devices, budget=a.budget,
                  progress=lambda s: print(f"  {s}", file=sys.stderr, flush=True))
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(res.table())
    if a.json:
        res.to_json(a.json)
    return 1 if res.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())

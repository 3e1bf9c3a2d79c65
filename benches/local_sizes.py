"""One kernel of the suite at several work-group shapes, through the spirjit Python module:
`python3 benches/local_sizes.py jacobi,stencil --local 16x16,32x16,64x16,128x8` runs each
2-D kernel of suite.py on its full-size data at the automatic W with each local size
(the same launch otherwise) and prints the minimum and median of 9 timed launches.

It measures what the shape of a work-group costs spirjit (per-call overhead against the
lane-group loop, cache reuse of tiles); results are not checked (compare.py checks them).
"""

import argparse
import sys
import time

import backends
import suite


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kernels", help="comma-separated kernel names of suite.py")
    ap.add_argument("--local", default="16x16,32x16,64x16,128x8", help="comma-separated local sizes, XxY")
    ap.add_argument("--repeat", type=int, default=9, help="timed launches per shape")
    args = ap.parse_args()
    sj = backends.spirjit_module()
    if sj is None:
        sys.exit("the spirjit Python module is not installed; run `pip install .` in the repository")
    shapes = [tuple(int(x) for x in s.split("x")) for s in args.local.split(",")]
    for name in args.kernels.split(","):
        bench = next((b for b in suite.SUITE if b.name == name), None)
        if bench is None:
            sys.exit(f"no kernel {name!r} in suite.py")
        case = bench.make(False)
        if len(case.global_size) != len(shapes[0]):
            sys.exit(f"{name}: a {len(case.global_size)}-D launch; give {len(case.global_size)}-D local sizes")
        k = sj.Program(bench.spv)[name]
        launch_args = backends._copy_args(case.args)
        for local in shapes:
            k(*launch_args, global_size=case.global_size, local_size=local)
            times = []
            for _ in range(args.repeat):
                t = time.perf_counter()
                k(*launch_args, global_size=case.global_size, local_size=local)
                times.append(time.perf_counter() - t)
            times.sort()
            print(f"{name:12s} local {'x'.join(map(str, local)):8s} min {times[0] * 1e3:8.2f} ms  "
                  f"median {times[len(times) // 2] * 1e3:8.2f} ms", flush=True)


if __name__ == "__main__":
    main()

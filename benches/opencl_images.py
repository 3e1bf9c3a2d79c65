#!/usr/bin/env python3
"""Image-heavy launches through spirjit's OpenCL platform and PyOpenCL: a 3x3 box filter
over a 2048x2048 RGBA float image (read_imagef with a clamp-to-edge sampler, write_imagef
into a second image) and a plain image copy (one read_imagef and one write_imagef per
pixel), each timed per launch (enqueue + finish, median of --runs) and checked against
NumPy. What a launch costs beyond the kernel itself (copying image arguments in and out,
for instance) shows up most in the copy.

Usage: OCL_ICD_VENDORS=<folder or .icd of the platform> python3 benches/opencl_images.py
           [--size 2048] [--runs 20] [--only box3,copy]
Setup: cargo build --release -p spirjit -p spirjit-opencl; target/release/spirjit opencl-icd
       prints the .icd file to name in OCL_ICD_VENDORS; PyOpenCL and NumPy installed.
"""

import argparse
import os
import statistics
import time

import numpy as np
import pyopencl as cl

SOURCE = """
kernel void copy(read_only image2d_t src, write_only image2d_t dst) {
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(dst, p, read_imagef(src, p));
}
const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
kernel void box3(read_only image2d_t src, write_only image2d_t dst) {
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 s = (float4)(0.0f);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            s += read_imagef(src, smp, p + (int2)(dx, dy));
    write_imagef(dst, p, s / 9.0f);
}
"""


def reference(img):
    """The box filter with clamp-to-edge addressing, in NumPy."""
    h, w, _ = img.shape
    pad = np.pad(img, ((1, 1), (1, 1), (0, 0)), mode="edge")
    out = np.zeros_like(img)
    for dy in range(3):
        for dx in range(3):
            out += pad[dy : dy + h, dx : dx + w]
    return out / 9.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=2048)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--only", default="box3,copy", help="kernels to time, comma-separated")
    args = ap.parse_args()
    platform = next((p for p in cl.get_platforms() if "spirjit" in p.name.lower()), None)
    if platform is None:
        raise SystemExit("no spirjit platform: set OCL_ICD_VENDORS (see the module docs)")
    ctx = cl.Context(platform.get_devices())
    queue = cl.CommandQueue(ctx)
    n = args.size
    rng = np.random.default_rng(1)
    host = rng.random((n, n, 4), dtype=np.float32)
    fmt = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.FLOAT)
    mf = cl.mem_flags
    src = cl.create_image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, fmt, shape=(n, n), hostbuf=host)
    dst = cl.create_image(ctx, mf.WRITE_ONLY, fmt, shape=(n, n))
    prog = cl.Program(ctx, SOURCE).build()
    failed = False
    for name in args.only.split(","):
        knl = getattr(prog, name)
        knl(queue, (n, n), None, src, dst)  # compile for this launch shape and warm up
        queue.finish()
        times = []
        for _ in range(args.runs):
            t = time.perf_counter()
            knl(queue, (n, n), None, src, dst)
            queue.finish()
            times.append(time.perf_counter() - t)
        out = np.empty_like(host)
        cl.enqueue_copy(queue, out, dst, origin=(0, 0), region=(n, n))
        err = float(np.max(np.abs(out - (reference(host) if name == "box3" else host))))
        failed |= err > 1e-5
        print(
            f"{name} {n}x{n} RGBA float: median {statistics.median(times) * 1e3:.1f} ms, "
            f"min {min(times) * 1e3:.1f} ms over {args.runs} launches; max error {err:.2e}"
        )
    if failed:
        raise SystemExit("a result differs from NumPy's")

if __name__ == "__main__":
    os.environ.setdefault("PYOPENCL_NO_CACHE", "1")
    main()

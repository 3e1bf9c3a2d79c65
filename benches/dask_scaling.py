"""spirjit.dask on this machine: the speed-up from 1 to 2 Dask worker processes, and the
overhead of the Dask path against one direct launch on the same data.

Two kernels of examples/kernels/:
- ``phantom`` (compute-bound: three exp() and a hash per voxel, no input), as
  spirjit.dask.map_blocks over an n^3 float32 volume reduced to its sum on the workers;
- ``vector_add`` (memory-bound, c = a + b) over N floats, also reduced to a sum.

Each configuration runs once to warm up (compile on every worker), then ``--repeat``
times; the best time is reported. Worker processes run one kernel thread each
(SPIRJIT_NUM_THREADS=1), so 1 -> 2 workers is 1 -> 2 cores. The direct launch runs on
one thread too, and on every core ("direct, all threads").

Needs the [dask] extra. Run: python benches/dask_scaling.py [--n 256] [--vec 32000000]
"""

import argparse
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(os.path.dirname(HERE), "examples", "kernels")


def best(fn, repeat):
    fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=256, help="edge of the phantom volume (default 256)")
    ap.add_argument("--vec", type=int, default=32_000_000, help="length of the vector_add vectors")
    ap.add_argument("--chunks", type=int, default=16, help="chunks per array (default 16)")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    os.environ["SPIRJIT_NUM_THREADS"] = "1"  # inherited by the worker processes

    import dask
    import dask.array as da
    from dask.distributed import Client, LocalCluster

    import spirjit
    import spirjit.dask as sd

    vol = spirjit.Program(os.path.join(KERNELS, "dask_volume.spv"))
    vadd = spirjit.Program(os.path.join(KERNELS, "vector_add.spv")).vector_add
    n, m = args.n, args.vec

    # Direct launches on the same data.
    out = np.empty((n, n, n), dtype=np.float32)
    a = np.random.default_rng(0).random(m, dtype=np.float32)
    b = np.ones(m, dtype=np.float32)
    c = np.empty_like(a)

    def direct_phantom():
        vol.phantom(out, float(n), global_size=(n, n, n))
        return out.sum(dtype=np.float64)

    def direct_vadd():
        vadd(a, b, c, m, global_size=m)
        return c.sum(dtype=np.float64)

    rows = []
    for threads in (1, 0):
        spirjit.set_num_threads(threads)
        label = "direct, 1 thread" if threads == 1 else f"direct, all threads ({spirjit.num_threads()})"
        rows.append((label, best(direct_phantom, args.repeat), best(direct_vadd, args.repeat)))
    spirjit.set_num_threads(1)
    want_phantom, want_vadd = direct_phantom(), direct_vadd()

    zchunk = max(1, n // args.chunks)
    vchunk = -(-m // args.chunks)

    def dask_phantom():
        zeros = da.zeros((n, n, n), dtype=np.float32, chunks=(zchunk, n, n))
        return sd.map_blocks(vol.phantom, zeros, float(n), out="out", global_offset=True).sum(dtype=np.float64)

    def dask_vadd(da_a, da_b):
        return sd.map_blocks(vadd, da_a, da_b, None, None, out="c", block_args={"n": "size"}).sum(dtype=np.float64)

    # The threads scheduler in this process (chunks launched one at a time per thread).
    da_a, da_b = da.from_array(a, chunks=vchunk), da.from_array(b, chunks=vchunk)
    with dask.config.set(scheduler="threads", num_workers=1):
        t_p = best(lambda: dask_phantom().compute(), args.repeat)
        t_v = best(lambda: dask_vadd(da_a, da_b).compute(), args.repeat)
    rows.append(("dask threads scheduler, 1 thread", t_p, t_v))

    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                          silence_logs=40) as cluster, Client(cluster) as client:
            # The vectors live on the workers already (as after loading them there).
            pa = client.persist(da.from_array(a, chunks=vchunk))
            pb = client.persist(da.from_array(b, chunks=vchunk))
            got_p = client.compute(dask_phantom()).result()
            got_v = client.compute(dask_vadd(pa, pb)).result()
            assert np.isclose(got_p, want_phantom, rtol=1e-6) and np.isclose(got_v, want_vadd, rtol=1e-9)
            t_p = best(lambda: client.compute(dask_phantom()).result(), args.repeat)
            t_v = best(lambda: client.compute(dask_vadd(pa, pb)).result(), args.repeat)
            rows.append((f"distributed, {workers} worker process{'es' if workers > 1 else ''}", t_p, t_v))

    print(f"phantom: {n}^3 float32 voxels, {args.chunks} chunks; vector_add: {m} floats, {args.chunks} chunks; "
          f"best of {args.repeat}; {os.cpu_count()} CPUs")
    print(f"{'configuration':40s} {'phantom (s)':>12s} {'vector_add (s)':>15s}")
    for label, tp, tv in rows:
        print(f"{label:40s} {tp:12.3f} {tv:15.3f}")
    d1 = rows[0]
    w1, w2 = rows[-2], rows[-1]
    print(f"speed-up 1 -> 2 worker processes: phantom {w1[1] / w2[1]:.2f}x, vector_add {w1[2] / w2[2]:.2f}x")
    print(f"Dask overhead vs one direct launch on 1 thread: threads scheduler phantom "
          f"{rows[2][1] / d1[1]:.2f}x, vector_add {rows[2][2] / d1[2]:.2f}x; 1 worker process phantom "
          f"{w1[1] / d1[1]:.2f}x, vector_add {w1[2] / d1[2]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Process a volume larger than the cluster's memory with spirjit kernels on a Dask
cluster, chunk by chunk, and write a PNG of one slice of the result (a tiny zlib-based
PNG writer; no Pillow needed).

A procedural n^3 float32 "scan" is computed chunk-wise on the workers
(spirjit.dask.map_blocks with the NDRange offset at each chunk's start), smoothed with
a 3x3x3 mean (spirjit.dask.map_overlap, one-voxel halo), and reduced to the volume's
mean and maximum and the middle z-slice — the whole volume never exists in one place.
The slice is checked against the same kernels run directly on a slab of the volume.

Needs the [dask] extra: pip install 'spirjit[dask]'.
Run: python examples/dask_volume.py [out.png [N [WORKERS [MEMORY_LIMIT]]]]
     (defaults: slice.png, N = 512 (512 MiB of float32), 2 workers of 200MiB each)
"""

import struct
import sys
import time
import zlib

import numpy as np

from _load import load_program


def write_png(path, gray):
    """Write an (H, W) uint8 array as an 8-bit grayscale PNG."""
    h, w = gray.shape
    raw = b"".join(b"\0" + gray[y].tobytes() for y in range(h))  # filter type 0 per row

    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def volume(prog, n, chunk):
    """The lazy pipeline: phantom, then smoothed (both Dask arrays of shape (n, n, n))."""
    import dask.array as da

    import spirjit.dask as sd

    zeros = da.zeros((n, n, n), dtype=np.float32, chunks=chunk)
    raw = sd.map_blocks(prog.phantom, zeros, float(n), out="out", global_offset=True)
    smooth = sd.map_overlap(prog.smooth3, raw, None, out="out", depth=1, boundary="nearest")
    return raw, smooth


def check_slice(prog, n, z, got):
    """The same kernels run directly (no Dask) on the slab z-1..z+1; compare the
    interior of slice z."""
    slab = np.empty((3, n, n), dtype=np.float32)
    prog.phantom(slab, float(n), global_size=(n, n, 3), global_offset=(0, 0, z - 1))
    out = np.empty_like(slab)
    prog.smooth3(slab, out, global_size=(n, n, 3))
    np.testing.assert_allclose(got[1:-1, 1:-1], out[1, 1:-1, 1:-1], rtol=1e-5, atol=1e-6)


def main(path="slice.png", n=512, workers=2, memory_limit="200MiB"):
    import dask
    from dask.distributed import Client, LocalCluster

    prog = load_program("dask_volume")
    chunk = (min(n, 32), min(n, 128), n)
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, memory_limit=memory_limit,
                      dashboard_address=None, silence_logs=40) as cluster, Client(cluster):
        _, smooth = volume(prog, n, chunk)
        t0 = time.perf_counter()
        mean, peak, mid = dask.compute(smooth.mean(dtype=np.float64), smooth.max(), smooth[n // 2])
        elapsed = time.perf_counter() - t0
    check_slice(prog, n, n // 2, mid)
    lo, hi = np.percentile(mid, [1, 99.5])
    write_png(path, (np.clip((mid - lo) / (hi - lo), 0, 1) * 255).astype(np.uint8))
    gib = n**3 * 4 / 2**30
    print(f"{n}^3 float32 volume ({gib:.2f} GiB) on {workers} workers of {memory_limit}: "
          f"phantom + 3x3x3 smoothing in {elapsed:.2f} s; mean {mean:.4f}, max {peak:.4f}; "
          f"slice z = {n // 2} written to {path}")


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0] if a else "slice.png", int(a[1]) if len(a) > 1 else 512, int(a[2]) if len(a) > 2 else 2,
         a[3] if len(a) > 3 else "200MiB")

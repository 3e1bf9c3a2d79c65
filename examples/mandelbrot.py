"""Render the Mandelbrot set on the CPU with spirjit and write it as a PNG (a tiny
zlib-based PNG writer; no Pillow needed).

Run: python examples/mandelbrot.py [out.png [WIDTH HEIGHT]]
"""

import struct
import sys
import zlib

import numpy as np

from _load import load_program


def write_png(path, rgb):
    """Write an (H, W, 3) uint8 array as an 8-bit RGB PNG."""
    h, w, _ = rgb.shape
    raw = b"".join(b"\0" + rgb[y].tobytes() for y in range(h))  # filter type 0 per row

    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def colorize(iters, max_iter):
    t = np.where(iters >= max_iter, 0.0, np.sqrt(iters / max_iter))
    rgb = np.stack([9 * (1 - t) * t**3, 15 * (1 - t) ** 2 * t**2, 8.5 * (1 - t) ** 3 * t], axis=-1)
    return (np.clip(rgb, 0, 1) * 255).astype(np.uint8)


def main(path="mandelbrot.png", width=640, height=480, max_iter=256):
    prog = load_program("mandelbrot")
    iters = np.zeros((height, width), dtype=np.int32)
    x0, x1, y0 = -2.2, 1.0, -1.2
    dx = (x1 - x0) / width
    prog.mandelbrot(iters, x0, y0, dx, dx, max_iter, global_size=(width, height), local_size=(16, 16))
    write_png(path, colorize(iters, max_iter))
    t = prog.mandelbrot.last_run.elapsed
    print(f"{width}x{height} in {t * 1e3:.1f} ms; {int((iters >= max_iter).sum())} points inside; wrote {path}")
    return iters


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0] if a else "mandelbrot.png", *(map(int, a[1:3]) if len(a) >= 3 else ()))

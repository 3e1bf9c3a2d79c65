"""Roofline probes: each device's own peak bandwidth (a streaming triad ``c = a + s * b``
over float4) and peak float32 FLOP rate (eight independent FMA chains per work-item),
measured with the same loop as the cases, once per device per run.

The probe kernels come embedded (_probe_sources.py, _probe_kernels.py) and are written
to a temporary folder on first use, as OpenCL C (OpenCL devices), OpenCL SPIR-V
(spirjit), Vulkan SPIR-V (Vulkan devices) and CUDA (CuPy). Sizes are past the caches of
a CPU, and bigger on GPUs. This module must not format reports.
"""

import atexit
import base64
import os
import shutil
import tempfile

import numpy as np

from . import _probe_kernels, _probe_sources
from ._case import Case
from ._measure import measure

__all__ = ["probe", "roofline"]

_FILES = {}
_FMA_ITERS = {False: 256, True: 1024}
_TRIAD_N4 = {False: 1 << 20, True: 1 << 24}  # float4 elements: 48 MiB / 768 MiB in all
_FMA_ITEMS = {False: 1 << 15, True: 1 << 22}


def _files():
    if not _FILES:
        folder = tempfile.mkdtemp(prefix="spirjit-bench-probes-")
        atexit.register(shutil.rmtree, folder, True)

        def put(name, data):
            path = os.path.join(folder, name)
            with open(path, "wb") as f:
                f.write(data if isinstance(data, bytes) else data.encode())
            return path

        _FILES.update(
            cl=put("probe.cl", _probe_sources.OPENCL_C),
            spv=put("probe.spv", base64.b64decode("".join(_probe_kernels.OPENCL_SPIRV))),
            vk_triad=put("probe_triad_vk.spv", base64.b64decode("".join(_probe_kernels.VULKAN_TRIAD))),
            vk_fma=put("probe_fma_vk.spv", base64.b64decode("".join(_probe_kernels.VULKAN_FMA))),
            cu=put("probe.cu", _probe_sources.CUDA),
        )
    return _FILES


def probe_cases(flavor, gpu=False):
    """The probe :class:`Case` list for a device running ``flavor`` cases: the triad,
    then the FMA kernels (scalar chains, and for OpenCL float4 chains too)."""
    f = _files()
    n4, items, iters = _TRIAD_N4[gpu], _FMA_ITEMS[gpu], _FMA_ITERS[gpu]
    a = np.full(4 * n4, 1.0, np.float32)
    b = np.full(4 * n4, 2.0, np.float32)
    c = np.zeros(4 * n4, np.float32)
    out = np.zeros(items, np.float32)
    triad_bytes, fma_flops = 48.0 * n4, 16.0 * iters * items
    kw = {"local_size": 64}
    if flavor == "vulkan":
        triad = Case(f["vk_triad"], "main", n4, args=[a, b, c, np.float32(3.0)], outputs=[2], bytes=triad_bytes,
                     name="probe: triad")
        fma = Case(f["vk_fma"], "main", items, args=[out, np.float32(0.999), np.int32(iters)], outputs=[0],
                   flops=fma_flops, name="probe: fma")
        return [triad, fma]
    src = {"cuda": {"source": f["cu"]}, "opencl": {"source": f["spv"], "opencl": f["cl"]}}[flavor]
    triad = Case(src["source"], "probe_triad", 4 * n4 if flavor == "cuda" else n4, args=[a, b, c, np.float32(3.0)],
                 outputs=[2], bytes=triad_bytes, name="probe: triad", opencl=src.get("opencl"), **kw)
    fma = Case(src["source"], "probe_fma", items, args=[out, np.float32(0.999), np.int32(iters)], outputs=[0],
               flops=fma_flops, name="probe: fma", opencl=src.get("opencl"), **kw)
    if flavor != "opencl":
        return [triad, fma]
    n4 = items // 4
    fma4 = Case(src["source"], "probe_fma4", n4, args=[np.zeros(4 * n4, np.float32), np.float32(0.999),
                                                       np.int32(iters // 4)], outputs=[0],
                flops=64.0 * (iters // 4) * n4, name="probe: fma4", opencl=src.get("opencl"), **kw)
    return [triad, fma, fma4]


def _flavor(device):
    for f in ("opencl", "vulkan", "cuda"):
        if f in device.flavors:
            return f
    return None


def probe(device, budget=0.5):
    """``{"bandwidth": bytes/s, "flops": FLOP/s, "timer": ..., "triad_ms", "fma_ms"}``
    of ``device`` from its probe kernels (``{"error": ...}`` when they fail)."""
    flavor = _flavor(device)
    if flavor is None:
        return {"error": f"{device.name} runs no probe kernel flavour"}
    try:
        triad, *fmas = probe_cases(flavor, device.gpu)
        mt = measure(device, triad, budget=budget)
        rates = {}
        for c in fmas:
            k = measure(device, c, budget=budget)["kernel"]["median"]
            rates[c.kernel] = c.flops / k if k > 0 else None
    except Exception as e:  # noqa: BLE001 - a device without probes has no roofline, and still runs cases
        return {"error": f"{type(e).__name__}: {e}".strip()}
    tk = mt["kernel"]["median"]
    known = [r for r in rates.values() if r]
    return {"bandwidth": triad.bytes / tk if tk > 0 else None, "flops": max(known) if known else None,
            "timer": mt["kernel_timer"], "triad_ms": tk * 1e3, "triad_bytes": triad.bytes,
            "fma_rates": rates}


def roofline(peak, case_bytes, case_flops, seconds):
    """The case's place on a device's roofline: ``{"ai": FLOP/byte, "attainable":
    FLOP/s, "fraction": achieved / attainable, "bound": "memory" or "compute"}``; for
    a case without flops, bandwidth over the peak bandwidth (``"fraction"``, ``"bound":
    "memory"``). None when the probes or the case's sizes are missing."""
    if not peak or "error" in peak or not seconds or seconds <= 0:
        return None
    bw, fl = peak.get("bandwidth"), peak.get("flops")
    if case_flops and case_bytes and bw and fl:
        ai = case_flops / case_bytes
        attainable = min(fl, ai * bw)
        return {"ai": ai, "attainable": attainable, "fraction": case_flops / seconds / attainable,
                "bound": "memory" if ai * bw < fl else "compute"}
    if case_bytes and bw:
        return {"ai": None, "attainable": bw, "fraction": case_bytes / seconds / bw,
                "bound": "memory"}
    if case_flops and fl:
        return {"ai": None, "attainable": fl, "fraction": case_flops / seconds / fl, "bound": "compute"}
    return None

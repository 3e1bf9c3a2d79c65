"""NVIDIA GPUs of spirjit.bench through CuPy: CUDA sources (``Case.flavor == "cuda"``)
compiled with ``cupy.RawKernel`` (NVRTC) and timed with CUDA events; spirjit runs the
same source through ``Program.from_cuda``.

Used only when ``cupy`` imports and a GPU is there; otherwise one unavailable entry says
what to install. The grid is the global size over the block (the case's local size,
default 256), rounded up. A trailing ``local=BYTES`` argument is the kernel's dynamic
shared memory (``extern __shared__``), passed as ``shared_mem``. This module measures
nothing and prints nothing.
"""

import shlex

import numpy as np

from ._device import Device, Prepared
from ._spec import Local

__all__ = ["CupyDevice", "cupy_devices"]

_HINT = "`pip install cupy-cuda12x` (or the cupy wheel for your CUDA version) and an NVIDIA GPU with its driver"


def _s(v):
    return v.decode(errors="replace") if isinstance(v, bytes) else str(v)


class CupyDevice(Device):
    """CUDA GPU number ``index`` through CuPy."""

    kind = "cuda"
    flavors = frozenset({"cuda"})
    gpu = True

    def __init__(self, cupy, index):
        rt = cupy.cuda.runtime
        props = rt.getDeviceProperties(index)
        name = _s(props.get("name", f"GPU {index}"))
        info = {"device": name, "index": index, "compute_capability": f"{props.get('major')}.{props.get('minor')}",
                "multiprocessors": props.get("multiProcessorCount"), "memory_bytes": props.get("totalGlobalMem"),
                "cupy": getattr(cupy, "__version__", "?")}
        for key, fn in (("driver_version", "driverGetVersion"), ("runtime_version", "runtimeGetVersion")):
            try:
                info[key] = getattr(rt, fn)()
            except Exception:  # noqa: BLE001 - details only
                pass
        super().__init__(f"cuda:{name}" + (f" #{index}" if index else ""), True, "", info)
        self.cupy, self.index = cupy, index

    def prepare(self, case):
        if case.flavor != "cuda":
            raise ValueError(f"case {case.label}: {self.name} runs CUDA sources (.cu) only")
        return _CupyPrepared(self, case)


class _CupyPrepared(Prepared):
    def __init__(self, dev, case):
        cp = self.cp = dev.cupy
        self.case, self.dev = case, dev
        with open(case.cuda, encoding="utf-8") as f:
            source = f.read()
        self.shared = 0
        args = case.fresh_args()
        if args and isinstance(args[-1], Local):
            self.shared = args.pop().nbytes
        if any(isinstance(a, Local) for a in args):
            raise ValueError(f"case {case.label}: CUDA kernels take local memory only as the last argument "
                             "(dynamic shared memory)")
        self.hosts = args
        with cp.cuda.Device(dev.index):
            self.kernel = cp.RawKernel(source, case.kernel, options=tuple(shlex.split(case.options or "")))
            self.bufs = {i: cp.asarray(a) for i, a in enumerate(args) if isinstance(a, np.ndarray)}
            self.start, self.end = cp.cuda.Event(), cp.cuda.Event()
        self.call = tuple(self.bufs.get(i, a) for i, a in enumerate(args))
        glob = tuple(case.global_size)
        block = tuple(case.local_size) if case.local_size else (min(256, glob[0]),) + (1,) * (len(glob) - 1)
        self.block = block
        self.grid = tuple(-(-g // b) for g, b in zip(glob, block))

    def _launch(self):
        self.kernel(self.grid, self.block, self.call, shared_mem=self.shared)

    def launch(self):
        cp = self.cp
        with cp.cuda.Device(self.dev.index):
            self.start.record()
            self._launch()
            self.end.record()
            self.end.synchronize()
            return cp.cuda.get_elapsed_time(self.start, self.end) * 1e-3

    def end_to_end(self):
        cp = self.cp
        with cp.cuda.Device(self.dev.index):
            for i, d in self.bufs.items():
                d.set(self.hosts[i])
            self._launch()
            for i in self.case.outputs:
                self.hosts[i][...] = self.bufs[i].get()
            cp.cuda.runtime.deviceSynchronize()

    def outputs(self):
        with self.cp.cuda.Device(self.dev.index):
            return {i: np.asarray(self.bufs[i].get()).copy() for i in self.case.outputs}


def cupy_devices():
    """Every CUDA GPU CuPy sees, or one unavailable entry saying what is missing."""
    try:
        import cupy
    except ImportError:
        return [Device("cuda", False, f"CuPy is not installed: {_HINT}")]
    except Exception as e:  # noqa: BLE001 - a broken CUDA installation
        return [Device("cuda", False, f"CuPy does not import ({type(e).__name__}: {e}); {_HINT}")]
    try:
        count = cupy.cuda.runtime.getDeviceCount()
    except Exception as e:  # noqa: BLE001 - no driver, no GPU
        return [Device("cuda", False, f"no CUDA GPU ({type(e).__name__}: {e}); {_HINT}")]
    if not count:
        return [Device("cuda", False, f"no CUDA GPU; {_HINT}")]
    out = []
    for i in range(count):
        try:
            out.append(CupyDevice(cupy, i))
        except Exception as e:  # noqa: BLE001 - one broken GPU is listed, not fatal
            out.append(Device(f"cuda:{i}", False, f"its properties cannot be read ({type(e).__name__}: {e})"))
    return out

"""The devices spirjit.bench measures and how each one runs a case: spirjit itself
(the Python module: OpenCL kernels, Vulkan shaders through its pipeline API, CUDA through
``Program.from_cuda``), every OpenCL device through PyOpenCL (PoCL, GPUs and spirjit's
own OpenCL platform), and, from _vulkan.py and _cupy.py, the Vulkan devices and the
NVIDIA GPUs (CuPy).

A device whose software is missing is still listed, unavailable, with a hint of what to
install: discovery never raises for that. This module measures nothing and prints nothing.
"""

import atexit
import glob
import os
import shutil
import sys
import tempfile

import numpy as np

from ._cupy import cupy_devices
from ._device import Device, Prepared
from ._spec import Local
from ._vulkan import VulkanDevice, vulkan_devices, vulkan_layout

__all__ = ["Device", "Prepared", "devices", "SpirjitDevice", "OpenCLDevice", "VulkanDevice"]


# ------------------------------------------------------------------ spirjit


class _SpirjitPrepared(Prepared):
    def __init__(self, case, program, local_memory):
        self.case, self.kernel = case, program[case.kernel]
        self.args = case.fresh_args()
        self.call_args = [local_memory(a.nbytes) if isinstance(a, Local) else a for a in self.args]

    def launch(self):
        c = self.case
        self.kernel(*self.call_args, global_size=c.global_size, local_size=c.local_size)
        r = self.kernel.last_run
        return r.elapsed if r is not None else None

    def end_to_end(self):
        # spirjit runs on the NumPy arrays themselves: there is no transfer to add, so the
        # end-to-end time is the wall time of the call (argument binding included).
        self.launch()

    def outputs(self):
        return {i: self.args[i].copy() for i in self.case.outputs}


class _SpirjitPipelinePrepared(_SpirjitPrepared):
    """A Vulkan compute shader on spirjit, through ``Program.pipeline(...).dispatch``."""

    def __init__(self, case, program):
        self.case, self.pipe = case, program.pipeline(case.kernel)
        self.args = case.fresh_args()
        layout, self.push, self.groups = vulkan_layout(case, self.pipe)
        self.bindings = {(s, b): self.args[i] for s, b, _, i in layout}

    def launch(self):
        self.pipe.dispatch(self.groups, self.bindings, push_constants=self.push or None)
        r = self.pipe.last_run
        return r.elapsed if r is not None else None


class _Threads:
    """Runs a prepared case with ``threads`` worker threads, restoring the count after."""

    def __init__(self, sj, inner, threads):
        self.sj, self.inner, self.before = sj, inner, sj.num_threads()
        sj.set_num_threads(threads)

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def close(self):
        self.inner.close()
        self.sj.set_num_threads(self.before)


class SpirjitDevice(Device):
    """spirjit through its Python module: ``lanes`` 0 is the automatic W; ``threads``
    None the process's thread count, else that many worker threads while it runs."""

    kind = "spirjit"

    def __init__(self, lanes=0, checked=True, threads=None):
        name = "spirjit" + ("" if lanes == 0 else f" W={lanes}") + ("" if checked else " unchecked")
        if threads is not None:
            name += f" {threads} thread" + ("" if threads == 1 else "s")
        try:
            import spirjit
        except ImportError as e:
            super().__init__(name, False, f"the spirjit module does not import ({e}); `pip install spirjit`")
            return
        super().__init__(name, True, "", {"version": spirjit.__version__, "lanes": lanes or "auto",
                                          "checked": checked, "threads": threads or spirjit.num_threads()})
        self.sj, self.lanes, self.checked, self.threads = spirjit, lanes, checked, threads

    def prepare(self, case):
        if self.threads is None:
            return self._prepare(case)
        inner = None
        guard = _Threads(self.sj, None, self.threads)
        try:
            inner = self._prepare(case)
        finally:
            if inner is None:
                self.sj.set_num_threads(guard.before)
        guard.inner = inner
        return guard

    def _prepare(self, case):
        kw = {"lanes": self.lanes or None, "checked": self.checked}
        flavor = case.flavor
        if flavor == "cuda":
            prog = self.sj.Program.from_cuda(case.cuda, case.options, **kw)
        elif case.spirv:
            prog = self.sj.Program(case.spirv, **kw)
        elif case.opencl:
            prog = self.sj.Program.from_opencl(case.opencl, case.options, **kw)
        else:
            raise ValueError(f"case {case.label}: no .spv, .cl or .cu source")
        if flavor == "vulkan":
            return _SpirjitPipelinePrepared(case, prog)
        return _SpirjitPrepared(case, prog, self.sj.LocalMemory)


# ------------------------------------------------------------------ OpenCL


_ICDS = {"done": False}


def setup_opencl_icds():
    """Point the OpenCL ICD loader at the system's vendors and spirjit's platform, once,
    before PyOpenCL is first used (the loader reads OCL_ICD_VENDORS once per process).
    Returns why spirjit's platform is not registered, or None."""
    if _ICDS["done"]:
        return _ICDS.get("note")
    _ICDS["done"] = True
    # Importing PyOpenCL does not read the vendors yet, but listing platforms does: when
    # spirjit's platform is then missing, that is why.
    _ICDS["early"] = "pyopencl" in sys.modules
    try:
        import spirjit

        mine = spirjit.opencl_icd()
    except Exception as e:  # noqa: BLE001 - an old or broken module: list the rest
        _ICDS["note"] = f"spirjit's OpenCL platform is not registered ({e})"
        return _ICDS["note"]
    current = os.environ.get("OCL_ICD_VENDORS", "")
    if os.path.isfile(current):
        theirs = [current]
    else:
        theirs = sorted(glob.glob(os.path.join(current or "/etc/OpenCL/vendors", "*.icd")))
    folder = tempfile.mkdtemp(prefix="spirjit-bench-icd-")
    atexit.register(shutil.rmtree, folder, True)
    with open(mine, encoding="utf-8") as f:
        library = f.read().strip()
    theirs = [t for t in theirs if _icd_library(t) != library]  # spirjit's, listed already
    for i, src in enumerate(theirs + [mine]):
        shutil.copyfile(src, os.path.join(folder, f"{i:02d}-{os.path.basename(src)}"))
    os.environ["OCL_ICD_VENDORS"] = folder
    return None


def _icd_library(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().strip()
    except OSError:
        return None


class _OpenCLPrepared(Prepared):
    def __init__(self, dev, case, program):
        cl = dev.cl
        self.cl, self.case, self.queue = cl, case, dev.queue
        self.knl = getattr(program, case.kernel)
        self.hosts, self.bufs, args = {}, {}, []
        mf = cl.mem_flags
        for i, a in enumerate(case.fresh_args()):
            if isinstance(a, Local):
                args.append(cl.LocalMemory(a.nbytes))
            elif isinstance(a, np.ndarray):
                self.hosts[i] = a
                self.bufs[i] = cl.Buffer(dev.ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
                args.append(self.bufs[i])
            else:
                args.append(a)
        self.knl.set_args(*args)

    def _enqueue(self):
        return self.cl.enqueue_nd_range_kernel(self.queue, self.knl, self.case.global_size, self.case.local_size)

    def launch(self):
        ev = self._enqueue()
        ev.wait()
        try:
            return (ev.profile.end - ev.profile.start) * 1e-9
        except self.cl.Error:
            return None

    def end_to_end(self):
        cl, q = self.cl, self.queue
        for i, buf in self.bufs.items():
            cl.enqueue_copy(q, buf, self.hosts[i], is_blocking=False)
        self._enqueue()
        for i in self.case.outputs:
            cl.enqueue_copy(q, self.hosts[i], self.bufs[i], is_blocking=False)
        q.finish()

    def outputs(self):
        for i in self.case.outputs:
            self.cl.enqueue_copy(self.queue, self.hosts[i], self.bufs[i])
        self.queue.finish()
        return {i: self.hosts[i].copy() for i in self.case.outputs}


# Short names of long platform names, for device names in tables.
_PLATFORM_SHORT = {"Portable Computing Language": "pocl", "NVIDIA CUDA": "nvidia", "Intel(R) OpenCL": "intel",
                   "Intel(R) OpenCL Graphics": "intel-gpu", "AMD Accelerated Parallel Processing": "amd"}


class OpenCLDevice(Device):
    """One OpenCL device through PyOpenCL, building the case's OpenCL C source, with a
    profiling queue (kernel time from the event's start and end)."""

    kind = "opencl"
    flavors = frozenset({"opencl"})

    def __init__(self, cl, device):
        p = device.platform
        info = {"platform": p.name.strip(), "platform_version": p.version.strip(), "device": device.name.strip(),
                "driver_version": device.driver_version.strip(), "device_version": device.version.strip(),
                "type": cl.device_type.to_string(device.type), "compute_units": device.max_compute_units}
        short = _PLATFORM_SHORT.get(info["platform"], info["platform"])
        super().__init__(f"opencl:{short}:{info['device']}", True, "", info)
        self.cl, self.device = cl, device
        self.gpu = bool(device.type & cl.device_type.GPU)
        self._ctx = None

    @property
    def is_spirjit(self):
        return "spirjit" in self.info["platform"].lower()

    def _open(self):
        if self._ctx is None:
            cl = self.cl
            self._ctx = cl.Context(devices=[self.device])
            self._queue = cl.CommandQueue(self._ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)

    @property
    def ctx(self):
        self._open()
        return self._ctx

    @property
    def queue(self):
        self._open()
        return self._queue

    def prepare(self, case):
        if not case.opencl:
            raise ValueError(f"case {case.label}: no OpenCL C source (.cl) for {self.name}")
        with open(case.opencl, encoding="utf-8") as f:
            src = f.read()
        prog = self.cl.Program(self.ctx, src).build(options=case.options or [])
        return _OpenCLPrepared(self, case, prog)


def _opencl_devices():
    note = setup_opencl_icds()
    try:
        import pyopencl as cl
    except ImportError:
        return [Device("opencl", False, "PyOpenCL is not installed: `pip install pyopencl` (and an OpenCL driver, "
                                         "e.g. `apt install pocl-opencl-icd`)")]
    try:
        platforms = cl.get_platforms()
    except cl.Error as e:
        return [Device("opencl", False, f"no OpenCL platform ({e}); install one, e.g. `apt install pocl-opencl-icd`")]
    out = []
    for p in platforms:
        try:
            devs = p.get_devices()
        except cl.Error as e:
            out.append(Device(f"opencl:{p.name.strip()}", False, f"its devices cannot be listed ({e})"))
            continue
        out += [OpenCLDevice(cl, d) for d in devs]
    if not any(d.info.get("platform") == "spirjit" for d in out):
        why = note or ("PyOpenCL listed the platforms before spirjit.bench could register it; call "
                       "spirjit.bench.devices() or run() first" if _ICDS.get("early") else "the ICD loader skipped it")
        out.append(Device("opencl:spirjit", False, f"spirjit's OpenCL platform is missing: {why}"))
    if not any(d.info.get("platform") == "Portable Computing Language" for d in out):
        out.append(Device("opencl:PoCL", False, "PoCL is not installed: `apt install pocl-opencl-icd`"))
    return out


def devices():
    """Every device this machine has, available or not: spirjit (automatic W, W = 1,
    unchecked, one thread), the OpenCL devices, the Vulkan devices and the CUDA GPUs (CuPy)."""
    out = [SpirjitDevice(0), SpirjitDevice(1), SpirjitDevice(0, checked=False)]
    if (os.cpu_count() or 1) > 1:
        out.append(SpirjitDevice(0, threads=1))
    out += _opencl_devices()
    out += vulkan_devices()
    out += cupy_devices()
    return out

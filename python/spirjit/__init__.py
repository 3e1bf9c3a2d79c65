"""spirjit: run GPU compute kernels (SPIR-V) natively on the CPU, on NumPy arrays.

Example::

    import numpy as np
    import spirjit

    prog = spirjit.Program("vadd.spv")          # or Program.from_opencl(source)
    a = np.arange(1024, dtype=np.float32)
    b = np.ones_like(a)
    c = np.empty_like(a)
    prog.vadd(a, b, c, global_size=a.size)     # or prog.vadd[a.size](a, b, c)
    print(prog.vadd.last_run.elapsed)

Arrays are used in place (zero-copy); work-groups run in parallel on all cores
(:func:`set_num_threads`); the GIL is released while a kernel runs and Ctrl-C cancels
it. Images and samplers are :class:`Image` (a copy of an array; read results back with
``Image.to_numpy()``; OpenCL and Vulkan formats, cube maps) and :class:`Sampler` (OpenCL
or Vulkan sampler state); :class:`SampledImage` pairs them for a Vulkan combined image
sampler. Every error is a :class:`spirjit.Error` subclass with a message saying what was
wrong and what to do.
"""

from . import _spirjit
from ._args import LocalMemory, Param
from ._errors import (
    ArgumentError,
    CompileError,
    Error,
    InternalError,
    KernelError,
    LaunchError,
    LimitError,
    UnsupportedError,
)
from ._drivers import opencl_icd, vulkan_icd
from ._image import Image, SampledImage, Sampler
from ._kernel import Kernel, KernelPath, RunInfo
from ._pipeline import BindingInfo, Pipeline, SpecConstantInfo
from ._program import Program

__all__ = [
    "Program",
    "opencl_icd",
    "vulkan_icd",
    "Kernel",
    "Pipeline",
    "BindingInfo",
    "SpecConstantInfo",
    "Param",
    "RunInfo",
    "KernelPath",
    "LocalMemory",
    "Image",
    "Sampler",
    "SampledImage",
    "Error",
    "CompileError",
    "UnsupportedError",
    "LimitError",
    "InternalError",
    "ArgumentError",
    "LaunchError",
    "KernelError",
    "set_num_threads",
    "num_threads",
    "set_code_cache_dir",
    "code_cache_dir",
    "__version__",
]

__version__ = _spirjit.__version__


def set_num_threads(n):
    """Set the number of worker threads kernels run on (0 = one per core). The
    environment variable ``SPIRJIT_NUM_THREADS`` sets the initial value."""
    import operator

    n = operator.index(n)
    if n < 0:
        raise ValueError(f"set_num_threads needs a count of 0 or more, got {n}")
    _spirjit.set_num_threads(n)


def num_threads():
    """The number of worker threads kernels run on."""
    return _spirjit.num_threads()


def set_code_cache_dir(path):
    """Keep compiled kernels in directory ``path`` (made private to the user) for the
    rest of the process, or turn the on-disk code cache off with ``None``. By default the
    cache is ``$SPIRJIT_CACHE_DIR`` (``off`` turns it off), else
    ``$XDG_CACHE_HOME/spirjit`` or ``~/.cache/spirjit``: a kernel compiled by one process
    is loaded, not compiled, by the next."""
    import os

    _spirjit.set_code_cache_dir(None if path is None else os.fspath(path))


def code_cache_dir():
    """The on-disk code cache directory in effect, or None when the cache is off."""
    d = _spirjit.code_cache_dir()
    return None if d is None else str(d)

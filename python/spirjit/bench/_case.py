"""What a benchmark case is: one launch of one kernel with its data, where its sources
are, and how a suite file (a Python file defining ``CASES``) is loaded.

This module only describes cases; it must not run kernels or look for devices.
"""

import os
import runpy
from dataclasses import dataclass, field

import numpy as np

__all__ = ["Case", "load_cases"]


@dataclass
class Case:
    """One launch of one kernel with its data.

    ``source``: an OpenCL C (``.cl``) or SPIR-V (``.spv``) file. spirjit runs the SPIR-V
    when there is one (``source`` itself, or ``spirv=``), else compiles the ``.cl``
    (``spirjit.Program.from_opencl``). OpenCL devices build the ``.cl`` (``source``,
    ``opencl=``, or the ``.cl`` next to the ``.spv``: ``k.spv`` and ``k.O2.spv`` both find
    ``k.cl``), since not every OpenCL implementation takes SPIR-V.

    ``args``: NumPy arrays (buffers) and NumPy scalars (by value), in kernel parameter
    order. ``outputs``: indices of the buffers the kernel writes; they are compared
    across devices after the first launch from fresh inputs. ``bytes`` / ``flops``: what
    one launch moves and computes (for GB/s and GFLOP/s; 0 leaves them out).
    ``rtol`` / ``atol``: tolerance of the cross-check (both 0: bit-exact).
    """

    source: str
    kernel: str
    global_size: tuple
    local_size: tuple = None
    args: list = field(default_factory=list)
    outputs: list = field(default_factory=list)
    bytes: float = 0.0
    flops: float = 0.0
    rtol: float = 0.0
    atol: float = 0.0
    name: str = None
    options: str = ""
    spirv: str = None
    opencl: str = None

    def __post_init__(self):
        self.source = os.fspath(self.source)
        self.global_size = _size(self.global_size)
        self.local_size = None if self.local_size is None else _size(self.local_size)
        if len(self.local_size or self.global_size) != len(self.global_size):
            raise ValueError(f"case {self.label}: local_size {self.local_size} and global_size "
                             f"{self.global_size} have different dimensions")
        for i, a in enumerate(self.args):
            if not isinstance(a, (np.ndarray, np.generic)):
                raise ValueError(f"case {self.label}: argument {i} is a {type(a).__name__}; give NumPy arrays and "
                                 "NumPy scalars (np.int32(n), np.float32(x)) so every device sees the same type")
        for i in self.outputs:
            if not (0 <= i < len(self.args)) or not isinstance(self.args[i], np.ndarray):
                raise ValueError(f"case {self.label}: output {i} is not a NumPy array argument")
        if self.spirv is None and self.source.endswith(".spv"):
            self.spirv = self.source
        if self.opencl is None:
            self.opencl = self.source if self.source.endswith(".cl") else _sibling_cl(self.source)

    @property
    def label(self):
        return self.name or self.kernel

    def fresh_args(self):
        """Copies of the arguments (each device starts from the same inputs)."""
        return [np.ascontiguousarray(a).copy() if isinstance(a, np.ndarray) else a for a in self.args]


def _size(s):
    if isinstance(s, (int, np.integer)):
        return (int(s),)
    return tuple(int(v) for v in s)


def _sibling_cl(path):
    base = path[: -len(".spv")] if path.endswith(".spv") else path
    for cand in (base + ".cl", base.rsplit(".", 1)[0] + ".cl"):
        if os.path.exists(cand):
            return cand
    return None


def load_cases(path):
    """The ``CASES`` list of a Python suite file (run with its own folder on ``sys.path``
    as ``__file__`` would suggest; relative sources are resolved against that folder)."""
    ns = runpy.run_path(os.fspath(path), run_name="__spirjit_bench__")
    cases = ns.get("CASES")
    if cases is None:
        raise ValueError(f"{path} defines no CASES (a list of spirjit.bench.Case)")
    folder = os.path.dirname(os.path.abspath(path))
    out = []
    for c in cases:
        if not isinstance(c, Case):
            raise ValueError(f"{path}: CASES holds {type(c).__name__}, not spirjit.bench.Case")
        for attr in ("source", "spirv", "opencl"):
            p = getattr(c, attr)
            if p and not os.path.isabs(p):
                setattr(c, attr, os.path.join(folder, p))
        if c.opencl is None and c.spirv:
            c.opencl = _sibling_cl(c.spirv)
        out.append(c)
    return out

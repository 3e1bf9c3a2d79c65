"""What a benchmark case is: one launch of one kernel with its data, where its sources
are, and which flavour of kernel it is (OpenCL C / OpenCL SPIR-V, a Vulkan compute
shader, CUDA), which decides the devices that can run it.

This module only describes cases; it must not run kernels or look for devices (suite
files are read by _suite.py).
"""

import os
from dataclasses import dataclass, field

import numpy as np

from ._spec import Local, parse_args

__all__ = ["Case", "Local", "spirv_capabilities"]


@dataclass
class Case:
    """One launch of one kernel with its data.

    ``source``: an OpenCL C (``.cl``), SPIR-V (``.spv``) or CUDA (``.cu``) file. spirjit runs the SPIR-V
    when there is one (``source`` itself, or ``spirv=``), else compiles the ``.cl``
    (``spirjit.Program.from_opencl``). OpenCL devices build the ``.cl`` (``source``,
    ``opencl=``, or the ``.cl`` next to the ``.spv``: ``k.spv`` and ``k.O2.spv`` both find
    ``k.cl``), since not every OpenCL implementation takes SPIR-V.

    A SPIR-V module declaring ``OpCapability Shader`` is a Vulkan compute shader
    (``flavor == "vulkan"``): ``kernel`` is its entry point, ``args`` are its buffers in
    (set, binding) order and then its push constants (their bytes, concatenated), and
    ``global_size`` counts invocations (the work-group count is global / the shader's
    local size). A ``.cu`` file is CUDA (``flavor == "cuda"``): spirjit compiles it with
    ``Program.from_cuda``, NVIDIA GPUs run it through CuPy; global = grid x block,
    local = block.

    ``args``: NumPy arrays (buffers), NumPy scalars (by value; structured scalars for
    vectors and raw bytes), :class:`Local` (local memory), or SPEC strings as ``spirjit run
    --arg`` takes them (``"f32[1024]=rand:1"``, ``"i32=5"``, ``"local=256"``), in kernel
    parameter order. ``outputs``: indices of the buffers the kernel writes (None: every
    buffer argument); they are compared across devices after the first launch from fresh
    inputs. ``bytes`` / ``flops``: what one launch moves and computes (for GB/s,
    GFLOP/s and the roofline; 0 leaves them out). ``rtol`` / ``atol``: tolerance of the
    cross-check (both 0: bit-exact).
    """

    source: str
    kernel: str
    global_size: tuple
    local_size: tuple = None
    args: list = field(default_factory=list)
    outputs: list = None
    bytes: float = 0.0
    flops: float = 0.0
    rtol: float = 0.0
    atol: float = 0.0
    name: str = None
    options: str = ""
    spirv: str = None
    opencl: str = None
    cuda: str = None

    def __post_init__(self):
        self.source = os.fspath(self.source)
        self.args = parse_args(self.args)
        self.global_size = _size(self.global_size)
        self.local_size = None if self.local_size is None else _size(self.local_size)
        if len(self.local_size or self.global_size) != len(self.global_size):
            raise ValueError(f"case {self.label}: local_size {self.local_size} and global_size "
                             f"{self.global_size} have different dimensions")
        for i, a in enumerate(self.args):
            if not isinstance(a, (np.ndarray, np.generic, Local)):
                raise ValueError(f"case {self.label}: argument {i} is a {type(a).__name__}; give NumPy arrays and "
                                 "NumPy scalars (np.int32(n), np.float32(x)) so every device sees the same type")
        if self.outputs is None:
            self.outputs = [i for i, a in enumerate(self.args) if isinstance(a, np.ndarray)]
        self.outputs = [int(i) for i in self.outputs]
        for i in self.outputs:
            if not (0 <= i < len(self.args)) or not isinstance(self.args[i], np.ndarray):
                raise ValueError(f"case {self.label}: output {i} is not a NumPy array argument")
        if self.cuda is None and self.source.endswith(".cu"):
            self.cuda = self.source
        if self.spirv is None and self.source.endswith(".spv"):
            self.spirv = self.source
        if self.opencl is None and self.cuda is None:
            self.opencl = self.source if self.source.endswith(".cl") else _sibling_cl(self.source)
        self._flavor = None

    @property
    def flavor(self):
        """``"cuda"`` (a ``.cu`` source), ``"vulkan"`` (a SPIR-V compute shader) or
        ``"opencl"`` (OpenCL C and OpenCL SPIR-V kernels)."""
        if self._flavor is None:
            if self.cuda:
                self._flavor = "cuda"
            elif self.spirv and 1 in spirv_capabilities(self.spirv):
                self._flavor = "vulkan"
                self.opencl = None
            else:
                self._flavor = "opencl"
        return self._flavor

    @property
    def label(self):
        return self.name or self.kernel

    def resolve(self, folder):
        """Make relative source paths relative to ``folder`` (a suite file's)."""
        for attr in ("source", "spirv", "opencl", "cuda"):
            p = getattr(self, attr)
            if p and not os.path.isabs(p):
                setattr(self, attr, os.path.join(folder, p))
        if self.opencl is None and self.spirv and self.cuda is None:
            self.opencl = _sibling_cl(self.spirv)
        self._flavor = None

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


def spirv_capabilities(path):
    """The OpCapability operands of the SPIR-V file at ``path`` (empty when it is not
    SPIR-V or cannot be read)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return []
    if len(data) < 20 or len(data) % 4:
        return []
    words = np.frombuffer(data, dtype="<u4")
    if words[0] != 0x07230203:
        words = words.byteswap()
        if words[0] != 0x07230203:
            return []
    caps, i = [], 5
    while i < len(words):
        count, opcode = int(words[i]) >> 16, int(words[i]) & 0xFFFF
        if count == 0:
            break
        if opcode == 17 and count >= 2:
            caps.append(int(words[i + 1]))
        elif opcode not in (17, 10, 11, 14, 15, 16):  # the capabilities come first
            break
        i += count
    return caps

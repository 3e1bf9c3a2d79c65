"""CUDA C++ → NVVM IR (text) through the system's clang (19 down to 14), for
:meth:`Program.from_cuda`: a device-only compile against spirjit's CUDA prelude
(``cuda_prelude.h``, shipped next to this module), without a CUDA installation.

This module must not load or run modules; it only produces LLVM IR bytes.
"""

import os
import shlex
import shutil
import tempfile

from ._errors import CompileError
from ._opencl import _run

__all__ = ["compile_cuda", "find_clang", "prelude_path", "CUDA_FLAGS"]

_VERSIONS = range(19, 13, -1)
_INSTALL_HINT = (
    "install clang (any of LLVM 14 to 19), e.g. on Debian/Ubuntu `apt-get install clang-14`; no CUDA "
    "installation is needed. Or compile the kernel yourself to NVVM IR (clang -x cuda --cuda-device-only "
    "-emit-llvm) and load the .ll or .bc with spirjit.Program(path)"
)

# Device-only NVVM IR for sm_70, against the prelude instead of the CUDA headers and
# libdevice. +ptx70 enables the *_sync warp builtins (clang ties them to the PTX version
# of a CUDA installation, which there is none of).
CUDA_FLAGS = [
    "-x",
    "cuda",
    "--cuda-device-only",
    "-nocudainc",
    "-nocudalib",
    "--cuda-gpu-arch=sm_70",
    "-Xclang",
    "-target-feature",
    "-Xclang",
    "+ptx70",
    "-O2",
    "-fno-discard-value-names",
]


def prelude_path():
    """The path of ``cuda_prelude.h``: ``__global__``, ``threadIdx`` and friends,
    ``__syncthreads``, atomics, warp functions, ``printf`` and math for clang."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "cuda_prelude.h")


def find_clang():
    """The path of a clang able to compile CUDA (clang-19 down to clang-14, then
    ``clang``), or None."""
    for v in _VERSIONS:
        clang = shutil.which(f"clang-{v}")
        if clang:
            return clang
    return shutil.which("clang")


def compile_cuda(source, options=""):
    """Compile CUDA C++ ``source`` (text) with extra clang ``options`` (a string or a
    list); returns NVVM IR text as bytes. Raises :class:`CompileError` with the
    compiler's messages, or saying what to install when clang is missing."""
    clang = find_clang()
    if clang is None:
        raise CompileError(f"Program.from_cuda needs clang on PATH, and it was not found: {_INSTALL_HINT}")
    prelude = prelude_path()
    if not os.path.exists(prelude):
        raise CompileError(f"the CUDA prelude is missing from the spirjit package ({prelude}); reinstall spirjit")
    extra = shlex.split(options) if isinstance(options, str) else [str(o) for o in options]
    with tempfile.TemporaryDirectory(prefix="spirjit-") as tmp:
        cu = os.path.join(tmp, "kernel.cu")
        ll = os.path.join(tmp, "kernel.ll")
        with open(cu, "w", encoding="utf-8") as f:
            f.write(source)
        cmd = [clang, *CUDA_FLAGS, "-include", prelude, *extra, "-S", "-emit-llvm", "-o", ll, cu]
        _run(cmd, "clang", cu, language="CUDA", hint=_INSTALL_HINT)
        with open(ll, "rb") as f:
            return f.read()

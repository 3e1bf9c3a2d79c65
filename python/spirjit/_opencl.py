"""OpenCL C → SPIR-V through the system's clang (14 to 19) and the matching
llvm-spirv, for :meth:`Program.from_opencl`.

This module must not load or run modules; it only produces SPIR-V bytes.
"""

import os
import shlex
import shutil
import subprocess
import tempfile

from ._errors import CompileError

__all__ = ["compile_opencl", "find_tools"]

_VERSIONS = range(19, 13, -1)
_INSTALL_HINT = (
    "install clang and the SPIR-V translator of the same LLVM version, e.g. on Debian/Ubuntu "
    "`apt-get install clang-14 llvm-spirv-14` (any of LLVM 14 to 19 works), or load a "
    "SPIR-V binary with spirjit.Program(path) instead"
)


def _clang_major(clang):
    try:
        out = subprocess.run([clang, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    for word in out.replace("-", " ").split():
        head = word.split(".")[0]
        if "." in word and head.isdigit():
            return int(head)
    return None


def find_tools():
    """``(clang, llvm_spirv)`` paths of a matching pair on PATH, or None."""
    for v in _VERSIONS:
        clang = shutil.which(f"clang-{v}")
        spirv = shutil.which(f"llvm-spirv-{v}")
        if clang and spirv:
            return clang, spirv
    clang = shutil.which("clang")
    spirv = shutil.which("llvm-spirv")
    if clang and spirv:
        return clang, spirv
    if clang:
        v = _clang_major(clang)
        if v is not None and shutil.which(f"llvm-spirv-{v}"):
            return clang, shutil.which(f"llvm-spirv-{v}")
    for v in _VERSIONS:
        clang = shutil.which(f"clang-{v}")
        if clang and spirv:
            return clang, spirv
    return None


def compile_opencl(source, options=""):
    """Compile OpenCL C ``source`` (text) with extra clang ``options`` (a string or a
    list); returns the SPIR-V binary as bytes. Raises :class:`CompileError` with the
    compiler's messages, or saying what to install when the tools are missing."""
    tools = find_tools()
    if tools is None:
        raise CompileError(f"Program.from_opencl needs clang and llvm-spirv on PATH, and they were not found: "
                           f"{_INSTALL_HINT}")
    clang, spirv = tools
    extra = shlex.split(options) if isinstance(options, str) else [str(o) for o in options]
    with tempfile.TemporaryDirectory(prefix="spirjit-") as tmp:
        cl = os.path.join(tmp, "kernel.cl")
        bc = os.path.join(tmp, "kernel.bc")
        spv = os.path.join(tmp, "kernel.spv")
        with open(cl, "w", encoding="utf-8") as f:
            f.write(source)
        # Beyond the usual flags: keep parameter names (for signatures and messages).
        # No SLP vectorization: spirjit vectorizes across work-items itself, and
        # llvm-spirv cannot take some of what it makes (`freeze`, blocks out of order).
        flags = ["-c", "-target", "spir64", "-cl-std=CL1.2", "-O2", "-fno-slp-vectorize", "-fno-discard-value-names",
                 "-cl-kernel-arg-info"]
        _run([clang, *flags, *extra, "-emit-llvm", "-o", bc, cl], "clang", cl)
        _run([spirv, "--spirv-max-version=1.0", bc, "-o", spv], "llvm-spirv", cl)
        with open(spv, "rb") as f:
            return f.read()


def _run(cmd, what, source_path, language="OpenCL C", hint=_INSTALL_HINT):
    """Run compiler `cmd` (`what` names it) on `source_path`; a CompileError saying what
    failed, with `hint` (what to install) when the compiler cannot be run."""
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except OSError as e:
        raise CompileError(f"cannot run {what} ({cmd[0]}): {e}; {hint}") from None
    except subprocess.TimeoutExpired:
        raise CompileError(f"{what} did not finish within 300 s: {shlex.join(cmd)}") from None
    if r.returncode != 0:
        msg = (r.stderr or r.stdout).strip().replace(source_path, "<source>")
        raise CompileError(f"{what} failed (exit code {r.returncode}) on the {language} source:\n{msg}")

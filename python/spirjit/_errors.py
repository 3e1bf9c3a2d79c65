"""The exception hierarchy of spirjit.

Every error spirjit raises is a :class:`spirjit.Error`; the native module raises these
classes too. This module only defines classes; it must not raise anything itself.
"""

__all__ = [
    "Error",
    "CompileError",
    "UnsupportedError",
    "LimitError",
    "InternalError",
    "ArgumentError",
    "LaunchError",
    "KernelError",
]


class Error(Exception):
    """Base class of every spirjit error."""


class CompileError(Error):
    """The module could not be read, translated or compiled (also OpenCL C that
    clang rejects, and missing compiler tools for :meth:`Program.from_opencl`)."""


class UnsupportedError(CompileError):
    """The module is valid but uses something spirjit does not implement; the message
    names the construct."""


class LimitError(CompileError):
    """The module or a kernel exceeds one of spirjit's limits (sizes, inlining, the
    compile budget even on the scalar path); the message names the limit."""


class InternalError(CompileError):
    """A bug in spirjit's compiler (the module may be fine); please report it with the
    module attached."""


class ArgumentError(Error, TypeError, ValueError):
    """A kernel argument does not fit its parameter: wrong count, wrong dtype,
    non-contiguous or read-only array, scalar out of range, wrong value size.

    It is both a :class:`TypeError` and a :class:`ValueError`, so code that catches
    either keeps working."""


class LaunchError(Error, ValueError):
    """The NDRange cannot be launched: missing or malformed global size, a local size
    that does not fit the kernel or the global size, an offset that overflows."""


class KernelError(Error, RuntimeError):
    """The kernel failed while running (out-of-bounds access, unreachable code,
    work-items reaching different barriers); the message names the work-item."""

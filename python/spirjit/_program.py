"""The :class:`Program` class: loading SPIR-V or LLVM IR (SPIR 1.2, NVVM) from a path,
bytes or a uint32 array (or OpenCL C through :meth:`Program.from_opencl`, CUDA through
:meth:`Program.from_cuda`) and looking up kernels.

This module must not check kernel arguments (see ``_args``) or launch kernels.
"""

import collections
import hashlib
import operator
import os
import threading

import numpy as np

from . import _spirjit
from ._errors import ArgumentError, CompileError
from ._cuda import compile_cuda
from ._kernel import Kernel
from ._opencl import compile_opencl
from ._pipeline import Pipeline, SpecConstantInfo

__all__ = ["Program"]

_SPIRV_MAGIC = (b"\x03\x02\x23\x07", b"\x07\x23\x02\x03")
# Raw LLVM bitcode, and the bitcode wrapper header.
_BITCODE_MAGIC = (b"BC\xc0\xde", b"\xde\xc0\x17\x0b")
_LLVM_TEXT_STARTS = (b"define ", b"declare ", b"target ", b"source_filename", b"; ModuleID")


def _looks_like_llvm(data):
    if data[:4] in _BITCODE_MAGIC:
        return True
    return any(line.lstrip().startswith(_LLVM_TEXT_STARTS) for line in data[:4096].splitlines())

# Programs rebuilt from pickles in this process, by (SHA-256 of the SPIR-V, options): a
# program that travels to a worker many times is translated and its kernels compiled
# once there. Bounded, least recently used first out.
_UNPICKLED = collections.OrderedDict()
_UNPICKLED_MAX = 32
_UNPICKLED_LOCK = threading.Lock()


def _unpickle_program(data, lanes, checked, robust_buffer_access):
    """Rebuild a pickled :class:`Program`, shared with earlier identical ones in this
    process."""
    key = (hashlib.sha256(data).digest(), lanes, checked, robust_buffer_access)
    with _UNPICKLED_LOCK:
        prog = _UNPICKLED.get(key)
        if prog is not None:
            _UNPICKLED.move_to_end(key)
            return prog
    prog = Program(data, lanes=lanes, checked=checked, robust_buffer_access=robust_buffer_access)
    with _UNPICKLED_LOCK:
        prog = _UNPICKLED.setdefault(key, prog)
        _UNPICKLED.move_to_end(key)
        while len(_UNPICKLED) > _UNPICKLED_MAX:
            _UNPICKLED.popitem(last=False)
    return prog


def _text_hint(what):
    return (f"{what} is SPIR-V assembly text, not a binary; assemble it first with "
            f"`spirv-as --target-env spv1.0 kernel.spvasm -o kernel.spv` (from SPIRV-Tools) and load the .spv")


def _looks_like_text(data):
    head = data[:4096].lstrip()
    return head.startswith(b";") or b"OpCapability" in head or b"OpMemoryModel" in head


def _check_bytes(data, what):
    if data[:4] in _SPIRV_MAGIC or _looks_like_llvm(data):
        return data
    if _looks_like_text(data):
        raise CompileError(_text_hint(what))
    if b"__kernel" in data[:65536] or b"kernel void" in data[:65536]:
        raise CompileError(f"{what} looks like OpenCL C source; compile it with spirjit.Program.from_opencl(source)")
    if b"__global__" in data[:65536]:
        raise CompileError(f"{what} looks like CUDA source; compile it with spirjit.Program.from_cuda(source)")
    return data  # let the translator report what is wrong


class Program:
    """A loaded and compiled SPIR-V or LLVM IR module.

    ``source`` is a path (``str`` or ``os.PathLike``) to a ``.spv``, ``.ll`` or ``.bc``
    file, the binary (or LLVM IR text) as ``bytes``/``bytearray``, LLVM IR text as a
    ``str``, or a NumPy array of uint32 words. LLVM IR is SPIR 1.2 or NVVM IR (CUDA);
    kernels of NVVM IR also launch the CUDA way, ``prog.saxpy[grid, block](...)``. SPIR-V
    assembly text is refused with a hint to assemble it with ``spirv-as``. Keyword options:
    ``lanes`` — work-items per SIMD lane group (None: the runtime's default);
    ``checked`` — bounds-check every memory access (default True; False is faster);
    ``robust_buffer_access`` — with checks, out-of-bounds reads give zero and writes are
    dropped instead of raising KernelError (Vulkan's robust buffer access).

    Kernels are attributes and items: ``prog.vadd``, ``prog["vadd"]``;
    ``prog.kernels`` lists their names.

    Programs and their kernels pickle as the SPIR-V bytes and options; unpickling in
    another process translates the module there, once per process for the same bytes
    and options, so they can be sent to Dask workers or multiprocessing pools.
    """

    def __init__(self, source, *, lanes=None, checked=True, robust_buffer_access=False):
        data = self._read(source)
        self._spirv = bytes(data)
        self._lanes_option = lanes
        self._native = _spirjit.NativeProgram(bytes(data), lanes, checked, robust_buffer_access)
        self._dialect = _spirjit.llvm_dialect(bytes(data)) or "spirv"
        self._kernels = {}
        self._names = list(self._native.kernel_names())

    def __reduce__(self):
        o = self.options
        return (_unpickle_program, (self._spirv, self._lanes_option, o["checked"], o["robust_buffer_access"]))

    def __dask_tokenize__(self):
        # What identifies the program for Dask's task names: its bytes and options.
        digest = getattr(self, "_digest", None)
        if digest is None:
            digest = self._digest = hashlib.sha256(self._spirv).hexdigest()
        o = self.options
        return ("spirjit.Program", digest, self._lanes_option, o["checked"], o["robust_buffer_access"])

    @staticmethod
    def _read(source):
        if isinstance(source, np.ndarray):
            if source.dtype != np.uint32:
                raise CompileError(f"a SPIR-V word array must have dtype uint32, got {source.dtype}; "
                                   f"pass words.astype(np.uint32) or the binary as bytes")
            return _check_bytes(np.ascontiguousarray(source).astype("<u4").tobytes(), "the word array")
        if isinstance(source, (bytes, bytearray, memoryview)):
            return _check_bytes(bytes(source), "the data")
        if isinstance(source, str) and _looks_like_llvm(source[:4096].encode("utf-8", "replace")):
            return source.encode("utf-8")
        if isinstance(source, str) and ("\n" in source or source.lstrip().startswith(";")
                                        or "OpCapability" in source):
            if "OpCapability" in source or source.lstrip().startswith(";"):
                raise CompileError(_text_hint("the string"))
            raise CompileError("the string is not a file path; pass a path to a .spv file, the binary as bytes, "
                               "or OpenCL C source to spirjit.Program.from_opencl(source)")
        if isinstance(source, (str, os.PathLike)):
            path = os.fspath(source)
            with open(path, "rb") as f:
                data = f.read()
            return _check_bytes(data, f"`{path}`")
        raise TypeError(f"Program(source) takes a path, bytes or a uint32 NumPy array, got {type(source).__name__}")

    @classmethod
    def from_opencl(cls, source, options="", *, lanes=None, checked=True, robust_buffer_access=False):
        """Compile OpenCL C ``source`` (text, or a path to a ``.cl`` file) with the
        system's clang (14 to 19) and llvm-spirv — ``clang -c -target spir64
        -cl-std=CL1.2 -O2 -emit-llvm`` then ``llvm-spirv --spirv-max-version=1.0`` —
        and load the result. ``options`` are extra clang flags (e.g. ``"-DN=64"``).
        Raises :class:`CompileError` with the compiler's messages, or saying what to
        install when the tools are missing."""
        if isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source
                                               and source.endswith(".cl") and os.path.exists(source)):
            with open(os.fspath(source), encoding="utf-8") as f:
                source = f.read()
        if not isinstance(source, str):
            raise TypeError(f"Program.from_opencl(source) takes OpenCL C text, got {type(source).__name__}")
        return cls(compile_opencl(source, options), lanes=lanes, checked=checked,
                   robust_buffer_access=robust_buffer_access)

    @classmethod
    def from_cuda(cls, source, options="", *, lanes=None, checked=True, robust_buffer_access=False):
        """Compile CUDA C++ ``source`` (text, or a path to a ``.cu`` file) with the
        system's clang (19 down to 14) to NVVM IR — ``clang -x cuda --cuda-device-only
        -nocudainc -nocudalib --cuda-gpu-arch=sm_70 -O2 -emit-llvm`` with spirjit's CUDA
        prelude (``threadIdx``/``blockIdx``/``blockDim``/``gridDim``, ``__syncthreads``,
        atomics, warp functions, ``printf``, math), no CUDA installation needed — and load
        the result. Kernels are best declared ``extern "C"`` (their names are then
        unmangled). ``options`` are extra clang flags (e.g. ``"-DN=64"``). Raises
        :class:`CompileError` with the compiler's messages, or saying what to install
        when clang is missing."""
        if isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source
                                               and source.endswith(".cu") and os.path.exists(source)):
            with open(os.fspath(source), encoding="utf-8") as f:
                source = f.read()
        if not isinstance(source, str):
            raise TypeError(f"Program.from_cuda(source) takes CUDA C++ text, got {type(source).__name__}")
        return cls(compile_cuda(source, options), lanes=lanes, checked=checked,
                   robust_buffer_access=robust_buffer_access)

    @property
    def dialect(self):
        """What the program was loaded from: ``"spirv"``, ``"spir"`` (SPIR 1.2 or clang's
        spir/spir64 LLVM IR) or ``"nvvm"`` (NVVM IR, CUDA)."""
        return self._dialect

    @property
    def kernels(self):
        """Names of the module's kernels, in module order."""
        return list(self._names)

    @property
    def capabilities(self):
        """SPIR-V capabilities the module declares."""
        return list(self._native.capabilities())

    @property
    def pointer_bits(self):
        """Pointer width of the module's addressing model (32 or 64)."""
        return self._native.pointer_bits()

    @property
    def options(self):
        """``{"lanes": ..., "checked": ..., "robust_buffer_access": ...}`` the program was
        compiled with."""
        lanes, checked, robust = self._native.options()
        return {"lanes": lanes, "checked": checked, "robust_buffer_access": robust}

    def compile_all(self):
        """Compile every kernel now, in parallel, instead of on first use (loading a
        module only translates it; each kernel compiles when it first runs). Raises
        CompileError for the first kernel, in module order, that does not compile."""
        self._native.compile_all()

    @property
    def compiled_kernel_count(self):
        """How many of the program's kernels have been compiled so far."""
        return self._native.compiled_kernel_count()

    def dump_ir(self):
        """The module's kernel IR (KIR) as text."""
        return self._native.dump_ir()

    @property
    def spec_constants(self):
        """The module's specialization constants (:class:`SpecConstantInfo`: id, name,
        type, default, value), by SpecId."""
        return [SpecConstantInfo(*c) for c in self._native.spec_constants()]

    def pipeline(self, name, specialization=None, *, required_subgroup_size=None):
        """The :class:`Pipeline` of Vulkan compute entry point ``name`` with the
        specialization constants ``specialization`` gives (``{spec_id: value}``; bools,
        ints and floats, converted to each constant's type; the others keep their
        defaults). The module is translated again for each distinct specialization
        (and kept for the next identical one); raises CompileError for an unknown id or
        a value that does not fit its constant. ``required_subgroup_size`` (1, 2, 4, 8 or
        16) compiles the entry point at that many lanes, so ``gl_SubgroupSize`` is that
        size; ArgumentError when the entry point cannot run at that width."""
        spec = []
        for k, v in (specialization or {}).items():
            try:
                spec.append((operator.index(k), v))
            except TypeError:
                raise ArgumentError(f"specialization keys are SpecIds (ints), got {k!r}") from None
        native = self._native
        if required_subgroup_size is not None:
            n = operator.index(required_subgroup_size)
            if n not in (1, 2, 4, 8, 16):
                raise ArgumentError(f"required_subgroup_size must be 1, 2, 4, 8 or 16, got {n}")
            native = native.with_lanes(n)
        native = native.specialized(spec) if spec else native
        if name not in self._names:
            available = ", ".join(f"'{n}'" for n in self._names) or "none"
            raise KeyError(f"no entry point named {name!r}; the module has {available}")
        nk = native.kernel(name)
        interface = nk.interface()
        if interface is None:
            raise ArgumentError(f"`{name}` is an OpenCL kernel, which takes its arguments in order: call it as "
                                f"prog.{name}(...) (pipelines are for Vulkan compute entry points)")
        if nk.reqd_work_group_size() is None:
            raise ArgumentError(f"compute entry point `{name}` declares no work-group size")
        kernel = Kernel(nk, self)
        if required_subgroup_size is not None and kernel.path.lanes != required_subgroup_size:
            raise ArgumentError(f"entry point `{name}` cannot run with the required sub-group size "
                                f"{required_subgroup_size}: {kernel.path.note}")
        return Pipeline(kernel, interface, native.spec_constants(), native=native, program=self)

    def kernel(self, name):
        """The :class:`Kernel` called ``name``; raises KeyError listing the names."""
        k = self._kernels.get(name)
        if k is None:
            if name not in self._names:
                available = ", ".join(f"'{n}'" for n in self._names) or "none"
                raise KeyError(f"no kernel named {name!r}; the module has {available}")
            k = Kernel(self._native.kernel(name), self, cuda=self._dialect == "nvvm")
            k._picklable = True  # found by name: a pickle names it the same way
            self._kernels[name] = k
        return k

    def __getitem__(self, name):
        return self.kernel(name)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self.kernel(name)
        except KeyError as e:
            raise AttributeError(e.args[0]) from None

    def __contains__(self, name):
        return name in self._names

    def __iter__(self):
        return (self.kernel(n) for n in self._names)

    def __dir__(self):
        return sorted(set(super().__dir__()) | {n for n in self._names if n.isidentifier()})

    def __repr__(self):
        return f"<spirjit.Program kernels={self._names}>"

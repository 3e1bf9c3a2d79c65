"""The :class:`Kernel` class: one kernel of a program, callable on NumPy arrays.

This module must not parse modules or compile anything; it checks calls and hands
them to the native launch.
"""

import collections

from ._args import FAST_FLOAT_TYPES, FAST_INT_TYPES, LocalMemory, Param, convert, fast_plan
from ._errors import ArgumentError
from ._ndrange import normalize, split_cuda_subscript, split_kwargs, split_subscript, time_limit

__all__ = ["Kernel", "KernelPath", "RunInfo", "DYNAMIC_SHARED_PARAM"]

# The name of the implicit last parameter of a CUDA kernel that uses `extern __shared__`
# memory: a `local` pointer to the dynamic shared memory, sized at launch.
DYNAMIC_SHARED_PARAM = "__dynamic_shared"

KernelPath = collections.namedtuple("KernelPath", ["lanes", "vectorized", "note"])
KernelPath.__doc__ = """The lowering path a kernel got: ``lanes`` (work-items per lane group,
1 on the scalar path), ``vectorized`` (True when work-items run in SIMD lanes) and
``note``, e.g. ``"vector, W = 16"``, ``"vector, W = 8 (W = 16 is over the compile
budget (...))"`` or ``"scalar (W = 1): <reason>"``."""

RunInfo = collections.namedtuple("RunInfo", ["elapsed", "work_groups", "local_size"])
RunInfo.__doc__ = """What the last launch of a kernel did: ``elapsed`` (seconds, argument
binding included), ``work_groups`` (number run) and ``local_size`` (the work-group size
used, a 3-tuple)."""


def _kernel_of(program, name):
    """Unpickle a kernel: ``program.kernel(name)``."""
    return program.kernel(name)


class Kernel:
    """One kernel of a :class:`Program`. Call it like a function::

        k(a, b, c, global_size=(n,), local_size=None, global_offset=None)
        k[n](a, b, c)                    # short form
        k[(n, m), (16, 16)](a, b, c)     # global and local size
        k(a, b, c, **{"global": (n,), "local": (64,)})
        k(a, b, c, global_size=n, timeout=2.0)   # stopped after 2 s: KernelError

    Pointer arguments take C-contiguous NumPy arrays, used in place (zero-copy): the
    kernel writes into the arrays you pass. Scalars take Python or NumPy numbers,
    range-checked against the parameter type; vectors take tuples, lists or small
    arrays; structs take a tuple of members, a NumPy structured scalar or bytes;
    ``__local`` pointers take :class:`LocalMemory`. The GIL is released while the
    kernel runs; Ctrl-C cancels it and raises KeyboardInterrupt.

    Every launch form takes ``timeout=``, a time limit in seconds (None, the default:
    none): a kernel still running when it passes is stopped and :class:`KernelError`
    raised (its output arrays are then partly written). The limit counts the dispatch,
    not the compilation before a kernel's first launch.

    Kernels of CUDA programs (NVVM IR) launch the CUDA way, numba-style::

        k[grid, block](n, a, x, y)                  # grid in blocks, block in threads
        k[(gx, gy), (bx, by), shared_bytes](...)    # dynamic shared memory in bytes

    The global size is ``grid * block`` and the work-group size ``block``. A kernel with
    ``extern __shared__`` memory has an implicit last parameter for it
    (``__dynamic_shared``), which the subscript fills; called with ``global_size=`` it
    may be left out (one byte) or given as :class:`LocalMemory`.
    """

    def __init__(self, native, program=None, cuda=False):
        self._native = native
        self._program = program
        self._name = native.name()
        self._signature = native.signature()
        self._params = tuple(Param(d) for d in native.params())
        self._cuda = bool(cuda)
        last = self._params[-1] if self._params else None
        self._dynamic_shared = (
            self._cuda and last is not None and last.space == "local" and last.name == DYNAMIC_SHARED_PARAM
        )
        if any(p.kind in ("image", "sampler") for p in self._params) and native.interface() is not None:
            # Descriptors of a Vulkan shader: samplers follow Vulkan's rules.
            for p in self._params:
                p.vulkan = True
        native.set_fast_plan([fast_plan(p) for p in self._params], FAST_INT_TYPES, FAST_FLOAT_TYPES)
        self._fast_call = native.fast_call
        # The last launch's RunInfo, or the plain tuple the native launch returned (made
        # a RunInfo when read, to keep that off the launch path).
        self._last_run = None

    @property
    def name(self):
        """The kernel's name."""
        return self._name

    @property
    def params(self):
        """The parameters (:class:`spirjit.Param`), in order."""
        return self._params

    @property
    def signature(self):
        """The signature in OpenCL spelling: ``vadd(global const float* a, ...)``."""
        return self._signature

    @property
    def reqd_work_group_size(self):
        """The work-group size the kernel requires (``reqd_work_group_size``), or None."""
        r = self._native.reqd_work_group_size()
        return tuple(r) if r is not None else None

    @property
    def path(self):
        """The lowering path (:class:`KernelPath`): W and why. Reading it compiles the
        kernel if it has not run yet (kernels compile on first use)."""
        return KernelPath(*self._native.path())

    @property
    def is_cuda(self):
        """True for a kernel of a CUDA program (NVVM IR), which ``k[grid, block]`` launches
        the CUDA way."""
        return self._cuda

    @property
    def program(self):
        """The :class:`Program` this kernel belongs to."""
        return self._program

    @property
    def last_run(self):
        """A :class:`RunInfo` for the last finished call (None before the first)."""
        r = self._last_run
        if r is not None and type(r) is not RunInfo:
            r = RunInfo(*r)
            self._last_run = r
        return r

    def __repr__(self):
        return f"<spirjit.Kernel {self._signature}>"

    def __reduce__(self):
        if not getattr(self, "_picklable", False) or self._program is None:
            raise TypeError(f"kernel `{self._name}` of a pipeline cannot be pickled; pickle its Program and "
                            f"build the pipeline again after unpickling")
        return (_kernel_of, (self._program, self._name))

    def __dask_tokenize__(self):
        # What identifies the kernel for Dask's task names: its program and name.
        return ("spirjit.Kernel", self._program.__dask_tokenize__() if self._program is not None else id(self),
                self._name)

    def memory_effects(self):
        """What the kernel does to the memory of each pointer parameter, read off its
        kernel IR: a dict with ``params`` (per parameter: ``reads``, ``writes``,
        ``atomics`` — the atomic read-modify-write operations, e.g. ``["add", "inc"]`` —,
        ``atomic_bits``, ``atomic_result_used`` and ``opaque``, passed to a builtin),
        ``unknown_writes`` (writes through pointers of unproven origin) and
        ``module_data_writes``. Used by :mod:`spirjit.dask` to merge outputs of split
        launches."""
        return self._native.memory_effects()

    def __call__(self, *args, **kwargs):
        """Run the kernel over the NDRange given by ``global_size=`` (required),
        ``local_size=`` and ``global_offset=`` on ``args`` (one per parameter), stopped
        after ``timeout=`` seconds if given; returns None once every work-item has
        finished. See the class doc."""
        # The common call forms are checked and launched natively in one step; the rest
        # (and every error) takes the full path below.
        r = self._fast_call(args, kwargs)
        if r is None:
            timeout = kwargs.pop("timeout", None)
            return self._launch(args, split_kwargs(kwargs), timeout)
        self._last_run = r

    def __getitem__(self, key):
        """``k[global]``, ``k[global, local]`` or ``k[global, local, offset]``: a
        callable that runs the kernel over that NDRange (keywords: ``timeout=``, and sizes
        not given in ``[]``). For a CUDA kernel: ``k[grid, block]`` or
        ``k[grid, block, shared_bytes]`` (keyword: ``timeout=``)."""
        if self._cuda:
            return self._cuda_launcher(key)
        sizes = split_subscript(key)
        normalize(sizes)  # report malformed sizes here, not at the call

        fast_call = self._fast_call

        def launch(*args, **kwargs):
            if not kwargs or (len(kwargs) == 1 and "timeout" in kwargs):
                r = fast_call(args, {**sizes, **kwargs} if kwargs else sizes)
                if r is not None:
                    self._last_run = r
                    return None
            timeout = kwargs.pop("timeout", None)
            extra = split_kwargs(kwargs)
            both = sorted(k for k in extra if k in sizes and extra[k] is not None)
            if both:
                raise ArgumentError(f"the {both[0]} size is given both in [] and as a keyword")
            merged = dict(sizes)
            merged.update({k: v for k, v in extra.items() if v is not None})
            return self._launch(args, merged, timeout)

        launch.__doc__ = f"Run {self._signature} over {key!r}."
        return launch

    def _cuda_launcher(self, key):
        sizes, shared = split_cuda_subscript(key)
        normalize(sizes)
        fast_call = self._fast_call
        implicit = len(self._params) - 1 if self._dynamic_shared else None
        extra_arg = (LocalMemory(max(1, shared)),)

        def launch(*args, timeout=None):
            if len(args) == implicit:
                args = args + extra_arg
            r = fast_call(args, sizes if timeout is None else {**sizes, "timeout": timeout})
            if r is not None:
                self._last_run = r
                return None
            return self._launch(args, sizes, timeout)

        launch.__doc__ = f"Run {self._signature} over grid x block = {key!r}."
        return launch

    def _launch(self, args, sizes, timeout=None):
        limit = time_limit(timeout)
        if self._dynamic_shared and len(args) == len(self._params) - 1:
            args = tuple(args) + (LocalMemory(1),)
        if len(args) != len(self._params):
            raise ArgumentError(
                f"kernel `{self._name}` takes {len(self._params)} argument(s), got {len(args)}: {self._signature}"
            )
        dims, glob, loc, off = normalize(sizes)
        converted = [convert(self._name, p, a) for p, a in zip(self._params, args)]
        self._launch_converted(dims, glob, loc, off, converted, limit)

    def _launch_converted(self, dims, glob, loc, off, converted, limit=None):
        """Launch with already converted arguments over a normalised NDRange, stopped
        after ``limit`` seconds (a float from :func:`time_limit`, or None)."""
        self._last_run = self._native.run(dims, glob, loc, off, converted, limit)

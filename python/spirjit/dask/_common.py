"""What the chunk-wise and the split-NDRange modes share: resolving ``out=`` to
parameters, sorting the call's arguments into Dask arrays, whole arrays and scalars,
preparing arrays for a launch inside a task, and re-raising a task's spirjit error with
the chunk named.

This module must not build task graphs; ``_blocks`` and ``_split`` do.
"""

import collections
import operator

import numpy as np

from .._errors import ArgumentError, Error
from .._kernel import Kernel

__all__ = ["BlockInfo", "check_kernel", "out_params", "is_dask_array", "prepare_array", "named_error",
           "launch"]

BlockInfo = collections.namedtuple("BlockInfo", ["shape", "start", "location", "size"])
BlockInfo.__doc__ = """The chunk a task works on: ``shape`` (the chunk's shape, halo included
for :func:`map_overlap`), ``start`` (index of its first element in the whole array, per
axis; negative where a halo reaches past the array's start), ``location`` (the chunk's
index in the grid of chunks) and ``size`` (its number of elements)."""


def check_kernel(kernel):
    if not isinstance(kernel, Kernel):
        raise TypeError(f"spirjit.dask needs a spirjit.Kernel (prog.name or prog['name']), got "
                        f"{type(kernel).__name__}")
    if not getattr(kernel, "_picklable", False):
        raise ArgumentError(f"kernel `{kernel.name}` is a pipeline's kernel, which cannot travel to workers; "
                            f"use a kernel looked up by name on its Program")


def param_index(kernel, key):
    """The index of the parameter ``key`` names (a name or an index)."""
    params = kernel.params
    if isinstance(key, str):
        for p in params:
            if p.name == key:
                return p.index
        names = ", ".join(p.name for p in params)
        raise ArgumentError(f"kernel `{kernel.name}` has no parameter named {key!r}; its parameters are {names}")
    try:
        i = operator.index(key)
    except TypeError:
        raise ArgumentError(f"parameters are named by name or index, got {type(key).__name__}") from None
    if not 0 <= i < len(params):
        raise ArgumentError(f"kernel `{kernel.name}` has {len(params)} parameters; index {i} is out of range")
    return i


def out_params(kernel, out):
    """``out=`` (a parameter name or index, or a list of them) as a list of indices, and
    whether a single one was given (then a single array is returned)."""
    if out is None:
        raise ArgumentError("out= is required: name the parameter(s) the kernel writes its results to")
    single = isinstance(out, (str, int, np.integer))
    keys = [out] if single else list(out)
    if not keys:
        raise ArgumentError("out= names no parameter")
    idx = [param_index(kernel, k) for k in keys]
    for i in idx:
        p = kernel.params[i]
        if p.kind != "pointer" or p.space == "local":
            raise ArgumentError(f"out= names `{p.name}` ({p.text}), which is not a global buffer")
        if p.read_only:
            raise ArgumentError(f"out= names `{p.name}` ({p.text}), which the kernel never writes (it is const)")
    if len(set(idx)) != len(idx):
        raise ArgumentError("out= names a parameter twice")
    return idx, single


def is_dask_array(x):
    import dask.array as da

    return isinstance(x, da.Array)


def check_dtype(kernel, i, dtype):
    """Refuse, before anything runs, an array whose dtype does not fit parameter ``i``."""
    p = kernel.params[i]
    if p.kind != "pointer" or p.dtype is None or p.untyped:
        return
    dtype = np.dtype(dtype)
    if p.signed is None and dtype.kind in "iu" and p.dtype.kind in "iu" and dtype.itemsize == p.dtype.itemsize:
        return  # an integer of unknown signedness takes either
    if dtype != p.dtype:
        raise ArgumentError(f"kernel `{kernel.name}` argument {i} (`{p.name}`, {p.text}) needs elements of dtype "
                            f"{p.dtype}, got an array of {dtype}; convert it with .astype()")


def prepare_array(kernel, i, a):
    """A chunk as a launch takes it: C-contiguous, and writable where the kernel may write."""
    p = kernel.params[i]
    a = np.ascontiguousarray(a)
    if not p.read_only and not a.flags.writeable:
        a = a.copy()
    return a


def named_error(e, where):
    """The spirjit error ``e`` again, its message saying which chunk or task raised it."""
    msg = str(e.args[0]) if e.args else str(e)
    try:
        return type(e)(f"{msg} [in {where}]")
    except Exception:  # an unusual constructor: keep the class, say where in a note
        return Error(f"{msg} [in {where}]")


def launch(kernel, call_args, sizes, where):
    """Run ``kernel`` once; a spirjit error comes back naming ``where``."""
    try:
        kernel(*call_args, **sizes)
    except Error as e:
        raise named_error(e, where) from None

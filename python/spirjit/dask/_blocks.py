"""Chunk-wise launches: :func:`map_blocks` runs a kernel once per chunk of the Dask array
arguments; :func:`map_overlap` does the same on chunks grown by a halo (Dask's
``overlap``/``trim_internal``, with its depth and boundary rules).

This module must not split NDRanges or merge outputs of several launches (see
``_split``); every output chunk here is written by exactly one launch.
"""

import operator
import re

import numpy as np

from .._errors import ArgumentError
from .._ndrange import time_limit
from . import _common
from ._common import BlockInfo

__all__ = ["map_blocks", "map_overlap"]

_BLOCK_ARG = re.compile(r"^(shape|start|location)\[(-?\d+)\]$")


def _block_arg_getter(kernel, name, spec):
    if callable(spec):
        return spec
    if spec == "size":
        return operator.attrgetter("size")
    m = _BLOCK_ARG.match(spec) if isinstance(spec, str) else None
    if m is None:
        raise ArgumentError(f"block_args[{name!r}] must be a callable taking a spirjit.dask.BlockInfo, or one of "
                            f"'size', 'shape[k]', 'start[k]', 'location[k]'; got {spec!r}")
    field, axis = m.group(1), int(m.group(2))
    return _FieldGetter(field, axis)


class _FieldGetter:
    """``block.<field>[axis]`` (a class rather than a lambda, so that it pickles)."""

    def __init__(self, field, axis):
        self.field = field
        self.axis = axis

    def __call__(self, block):
        return getattr(block, self.field)[self.axis]

    def __repr__(self):
        return f"{self.field}[{self.axis}]"


class _Spec:
    """Everything a chunk task needs besides the chunks: picklable, built once."""

    def __init__(self, kernel, roles, out_idx, out_dtypes, global_size, local_size, global_offset, starts, name,
                 timeout):
        self.kernel = kernel
        # Per parameter: ("chunk", position) | ("whole", array) | ("value", v) |
        # ("out", position or None) | ("block", getter)
        self.roles = roles
        self.out_idx = out_idx
        self.out_dtypes = out_dtypes
        self.global_size = global_size
        self.local_size = local_size
        self.global_offset = global_offset
        self.starts = starts  # per axis: the start of each chunk in the whole array
        self.name = name
        self.timeout = timeout  # seconds per launch, or None


def _run_block(*chunks, block_info=None, spec=None):
    """One task: the kernel over one chunk; returns the output chunk(s)."""
    loc = tuple(block_info[None]["chunk-location"])
    shape = tuple(block_info[None]["chunk-shape"])
    start = tuple(spec.starts[ax][k] for ax, k in enumerate(loc))
    block = BlockInfo(shape, start, loc, int(np.prod(shape, dtype=np.int64)))
    kernel = spec.kernel
    call_args = []
    outs = {}
    for i, (role, v) in enumerate(spec.roles):
        if role == "chunk":
            call_args.append(_common.prepare_array(kernel, i, chunks[v]))
        elif role == "out":
            if v is None:
                a = np.zeros(shape, dtype=spec.out_dtypes[i])
            else:
                a = np.array(chunks[v], order="C", copy=True)
            outs[i] = a
            call_args.append(a)
        elif role == "block":
            call_args.append(v(block))
        else:  # "whole", "value"
            call_args.append(v)
    if spec.global_size is None:
        gsize = shape[::-1]
    elif callable(spec.global_size):
        gsize = spec.global_size(block)
    else:
        gsize = spec.global_size
    sizes = {"global_size": gsize, "local_size": spec.local_size}
    if spec.global_offset:
        sizes["global_offset"] = start[::-1]
    if spec.timeout is not None:
        sizes["timeout"] = spec.timeout
    span = ", ".join(f"{s}:{s + n}" for s, n in zip(start, shape))
    _common.launch(kernel, call_args, sizes, f"chunk {loc} of {spec.name}, elements [{span}]")
    results = tuple(outs[i] for i in spec.out_idx)  # in the order out= names them
    return results[0] if len(results) == 1 else results


def _map(kernel, args, out, global_size, local_size, global_offset, block_args, dtype, depth, boundary, timeout,
         what):
    import dask.array as da
    from dask.base import tokenize

    _common.check_kernel(kernel)
    timeout = time_limit(timeout)
    params = kernel.params
    if len(args) != len(params):
        raise ArgumentError(f"kernel `{kernel.name}` takes {len(params)} argument(s), got {len(args)}: "
                            f"{kernel.signature} (pass None for out= and block_args= parameters)")
    out_idx, single = _common.out_params(kernel, out)
    getters = {}
    for key, spec in (block_args or {}).items():
        i = _common.param_index(kernel, key)
        if params[i].kind != "value":
            raise ArgumentError(f"block_args names `{params[i].name}` ({params[i].text}), which is not a scalar")
        getters[i] = _block_arg_getter(kernel, params[i].name, spec)
    _refuse_unlisted_writes(kernel, out_idx)

    arrays = [a for i, a in enumerate(args) if _common.is_dask_array(a) and i not in getters]
    if not arrays:
        raise ArgumentError(f"{what} needs at least one Dask array argument to take chunks from; for NumPy arrays "
                            f"call the kernel directly")
    template = arrays[0]
    if template.ndim > 3 and global_size is None:
        raise ArgumentError(f"a {template.ndim}-D array has no default NDRange; pass global_size= (a callable "
                            f"taking a BlockInfo)")
    for a in arrays[1:]:
        if a.shape != template.shape:
            raise ArgumentError(f"the Dask arrays must have one shape, got {template.shape} and {a.shape}; "
                                f"pass other arrays whole as NumPy arrays")

    depth_map = boundary_map = None
    if depth is not None:
        from dask.array.overlap import coerce_boundary, coerce_depth

        depth_map = coerce_depth(template.ndim, depth)
        boundary_map = coerce_boundary(template.ndim, boundary)
        if global_offset and any(boundary_map[ax] != "none" and depth_map[ax] for ax in range(template.ndim)):
            raise ArgumentError("global_offset=True needs boundary='none' with map_overlap: a halo past the "
                                "array's start would need a negative offset")

    roles, chunked, out_dtypes = [], [], {}
    for i, a in enumerate(args):
        p = params[i]
        if i in getters:
            if a is not None:
                raise ArgumentError(f"argument {i} (`{p.name}`) comes from block_args=; pass None in its place")
            roles.append(("block", getters[i]))
        elif i in out_idx:
            dt = np.dtype(dtype[p.name] if isinstance(dtype, dict) and p.name in dtype else
                          (dtype if dtype is not None and not isinstance(dtype, dict) else p.dtype))
            if a is None:
                roles.append(("out", None))
            elif _common.is_dask_array(a):
                dt = a.dtype
                roles.append(("out", len(chunked)))
                chunked.append(a)
            else:
                raise ArgumentError(f"argument {i} (`{p.name}`) is an output: pass None (a new array of zeros) or a "
                                    f"Dask array of its initial contents, got {type(a).__name__}")
            _common.check_dtype(kernel, i, dt)
            out_dtypes[i] = dt
        elif _common.is_dask_array(a):
            _common.check_dtype(kernel, i, a.dtype)
            roles.append(("chunk", len(chunked)))
            chunked.append(a)
        else:
            if a is None:
                raise ArgumentError(f"argument {i} (`{p.name}`) is None but is neither in out= nor in block_args=")
            roles.append(("value" if not isinstance(a, np.ndarray) else "whole", a))

    grid = template.chunks
    if depth_map is not None:
        from dask.array.overlap import ensure_minimum_chunksize

        # Chunks at least as large as the halo, as Dask's overlap would rechunk them.
        grid = tuple(ensure_minimum_chunksize(depth_map[ax], c) if depth_map[ax] else c for ax, c in enumerate(grid))
    chunked = [c.rechunk(grid) for c in chunked]
    if depth_map is not None:
        chunked = [da.overlap.overlap(c, depth=depth_map, boundary=boundary_map, allow_rechunk=False)
                   for c in chunked]
        starts = _overlap_starts(grid, depth_map, boundary_map)
    else:
        starts = [tuple(np.cumsum((0,) + c[:-1]).tolist()) for c in template.chunks]

    name = f"spirjit-{kernel.name}"
    spec = _Spec(kernel, roles, out_idx, out_dtypes, global_size, local_size, global_offset, starts, name, timeout)
    token = tokenize(kernel, [r if r[0] != "block" else ("block", repr(r[1])) for r in roles], out_idx, out_dtypes,
                     global_size if not callable(global_size) else repr(global_size), local_size, global_offset,
                     depth_map, boundary_map, timeout, *chunked)
    ndim = template.ndim
    dtypes = [out_dtypes[i] for i in out_idx]
    if len(dtypes) == 1:
        result = da.map_blocks(_run_block, *chunked, spec=spec, dtype=dtypes[0],
                               meta=np.empty((0,) * ndim, dtype=dtypes[0]), name=f"{name}-{token}")
        results = [result]
    else:
        both = da.map_blocks(_run_block, *chunked, spec=spec, dtype=object,
                             meta=np.empty((0,) * ndim, dtype=object), name=f"{name}-{token}")
        results = [da.map_blocks(operator.getitem, both, k, dtype=dt, meta=np.empty((0,) * ndim, dtype=dt),
                                 name=f"{name}-out{k}-{token}")
                   for k, dt in enumerate(dtypes)]
    if depth_map is not None:
        results = [da.overlap.trim_internal(r, depth_map, boundary=boundary_map) for r in results]
    return results[0] if single else tuple(results)


def _overlap_starts(chunks, depth, boundary):
    starts = []
    for ax, c in enumerate(chunks):
        s = np.cumsum((0,) + c[:-1]).tolist()
        d = depth[ax]
        out = []
        for k, v in enumerate(s):
            left = d if (k > 0 or boundary[ax] != "none") else 0
            out.append(v - left)
        starts.append(tuple(out))
    return starts


def _refuse_unlisted_writes(kernel, out_idx):
    """A kernel writing a buffer that is not an output would write into a copy of a chunk
    that is then thrown away: refuse it before anything runs."""
    fx = kernel.memory_effects()
    for p in kernel.params:
        if p.index in out_idx or p.kind != "pointer" or p.space == "local":
            continue
        e = fx["params"][p.index]
        if e["writes"] or e["atomics"] or (e["opaque"] and not p.read_only):
            raise ArgumentError(f"kernel `{kernel.name}` writes `{p.name}` ({p.text}), which out= does not name; "
                                f"its writes would be lost: add it to out=")


def map_blocks(kernel, *args, out, global_size=None, local_size=None, global_offset=False, block_args=None,
               dtype=None, timeout=None):
    """Run ``kernel`` once per chunk of the Dask array arguments; returns the Dask
    array(s) of the parameter(s) ``out=`` names (a name or index: one array; a list:
    a tuple).

    ``args`` holds one entry per kernel parameter: a Dask array is split into chunks
    (all Dask arrays must have one shape; they are rechunked like the first one); a
    NumPy array goes whole to every chunk's launch (tables, weights); numbers, tuples
    and :class:`spirjit.LocalMemory` pass through. An output takes None (a new array of
    zeros, dtype from the parameter or ``dtype=``) or a Dask array of its initial
    contents; a ``block_args`` parameter takes None.

    The NDRange of a chunk is ``global_size`` — None: the chunk's shape, last axis
    first (``get_global_id(0)`` runs along the last axis), an int/tuple, or a callable
    taking a :class:`BlockInfo` — with ``local_size``; ``global_offset=True`` sets the
    NDRange offset to the chunk's start (last axis first) so ``get_global_id`` is
    the global index (the kernel indexes its buffers with ``get_global_id(0) -
    get_global_offset(0)``). ``block_args`` maps scalar parameters to what they receive
    per chunk: ``"size"``, ``"shape[k]"``, ``"start[k]"``, ``"location[k]"`` or a
    callable taking a :class:`BlockInfo`.

    ``timeout``: a time limit in seconds for each chunk's launch (None: none); a launch
    still running when it passes is stopped, failing its task with
    :class:`spirjit.KernelError`.

    A spirjit error in a task is raised in the client as the same exception class, its
    message naming the chunk. Kernels that write a buffer not named in ``out=`` are
    refused before anything runs."""
    return _map(kernel, args, out, global_size, local_size, global_offset, block_args, dtype, None, None, timeout,
                "map_blocks")


def map_overlap(kernel, *args, out, depth, boundary="reflect", global_size=None, local_size=None,
                global_offset=False, block_args=None, dtype=None, timeout=None):
    """:func:`map_blocks` on chunks grown by a halo of ``depth`` elements (an int, a
    tuple per axis or a dict ``{axis: depth}``), filled at the array's edges as
    ``boundary`` says (``"reflect"``, ``"periodic"``, ``"nearest"``, ``"none"`` or a
    constant; per axis as a dict) — Dask's rules. The kernel sees the grown chunk (its
    ``BlockInfo.shape`` includes the halo and ``BlockInfo.start`` is the halo's first
    element); the halo is trimmed off its outputs. ``timeout`` applies to each chunk's
    launch, as in :func:`map_blocks`."""
    return _map(kernel, args, out, global_size, local_size, global_offset, block_args, dtype, depth, boundary,
                timeout, "map_overlap")

"""The general mode: one NDRange whose work-groups are split into ranges run as separate
tasks, each on its own copy of the outputs, and the copies merged into the result.

How an output merges follows from what the kernel does to it (its memory effects, read
off the kernel IR before anything runs): plain writes merge as the bytes each task
changed (work-groups of a race-free kernel write disjoint bytes); atomic add, sub, inc
and dec merge as sums of each task's deltas; atomic min, max, and, or and xor combine
with the same operation. Anything else — a value an atomic returns being used, plain
reads or writes mixed with atomics, writes through pointers of unknown origin,
``get_group_id``/``get_global_size``/``get_num_groups``/``get_global_offset``, which
a split launch changes — is refused with an error saying why.

This module must not run kernels chunk-wise (see ``_blocks``).
"""

import numpy as np

from .._errors import ArgumentError, Error, UnsupportedError
from .._ndrange import normalize, time_limit
from . import _common

__all__ = ["ndrange", "merge_plan"]

_SUMS = {"add", "sub", "inc", "dec"}
_COMBINE = {"smin", "smax", "umin", "umax", "and", "or", "xor"}
# Queries whose value a launch of part of the NDRange would change.
_SPLIT_CHANGES = {
    "group_id": "get_group_id",
    "num_groups": "get_num_groups",
    "global_size": "get_global_size",
    "global_offset": "get_global_offset",
}


def merge_plan(kernel, outputs=None):
    """How each output of ``kernel`` merges when its NDRange is split: a dict
    ``{parameter index: ("bytes",) | ("sum", bits) | (op, bits)}``, ``op`` one of
    ``smin smax umin umax and or xor``. ``outputs`` (indices) defaults to every buffer
    the kernel writes. Raises :class:`spirjit.UnsupportedError` saying why when the
    kernel's outputs cannot be merged safely."""
    fx = kernel.memory_effects()
    name = kernel.name
    why = f"kernel `{name}` cannot be split over tasks: "
    for q, spelled in _SPLIT_CHANGES.items():
        if q in fx["queries"]:
            raise UnsupportedError(why + f"it calls {spelled}(), whose value differs when its work-groups run in "
                                   f"separate launches; pass sizes as arguments, or use map_blocks")
    if fx["unknown_writes"]:
        raise UnsupportedError(why + "it writes through a pointer whose buffer spirjit cannot tell, so the "
                               "writes cannot be merged")
    if fx["module_data_writes"]:
        raise UnsupportedError(why + "it writes program-scope variables, which each task would change on its own")
    written = []
    for p in kernel.params:
        e = fx["params"][p.index]
        if p.kind == "image" and p.access in ("write_only", "read_write"):
            raise UnsupportedError(why + f"it writes image `{p.name}`; images are not split")
        if p.kind != "pointer" or p.space == "local":
            continue
        if e["writes"] or e["atomics"] or (e["opaque"] and not p.read_only):
            written.append(p.index)
    if outputs is None:
        outputs = written
    missing = [i for i in written if i not in outputs]
    if missing:
        p = kernel.params[missing[0]]
        raise ArgumentError(f"kernel `{name}` writes `{p.name}` ({p.text}), which out= does not name; its writes "
                            f"would be lost: add it to out=")
    plan = {}
    for i in outputs:
        p = kernel.params[i]
        e = fx["params"][i]
        ops = set(e["atomics"])
        if e["opaque"] and not p.read_only:
            raise UnsupportedError(why + f"`{p.name}` is passed to a builtin that may write it in ways that cannot "
                                   f"be merged")
        if not ops:
            plan[i] = ("bytes",)
            continue
        if e["writes"] or e["reads"]:
            raise UnsupportedError(why + f"it reads or writes `{p.name}` plainly as well as atomically; what it "
                                   f"reads would depend on how the work-groups are split")
        if e["atomic_result_used"]:
            raise UnsupportedError(why + f"it uses the value an atomic on `{p.name}` returns (e.g. to reserve "
                                   f"slots), which depends on how the work-groups are split")
        if len(e["atomic_bits"]) != 1:
            raise UnsupportedError(why + f"it updates `{p.name}` atomically at several widths")
        bits = e["atomic_bits"][0]
        if ops <= _SUMS:
            plan[i] = ("sum", bits)
        elif len(ops) == 1 and ops <= _COMBINE:
            plan[i] = (next(iter(ops)), bits)
        else:
            listed = ", ".join(sorted(ops))
            raise UnsupportedError(why + f"its atomics on `{p.name}` ({listed}) do not merge: add/sub/inc/dec merge "
                                   f"as sums, and min, max, and, or, xor each alone")
    return plan


def _int_view(a, bits, signed=False):
    return a.reshape(-1).view(np.dtype(f"<{'i' if signed else 'u'}{bits // 8}"))


def _run_part(kernel, base_args, out_idx, plan, dims, glob, loc, off, timeout, where):
    """One task: the kernel over a range of work-groups on fresh copies of the outputs,
    stopped after ``timeout`` seconds (None: no limit); returns each output's partial
    result in the form its merge takes."""
    args = list(base_args)
    initial = {}
    for i in out_idx:
        initial[i] = np.ascontiguousarray(args[i])
        args[i] = initial[i].copy()
    for i, a in enumerate(args):
        if isinstance(a, np.ndarray) and i not in out_idx:
            args[i] = _common.prepare_array(kernel, i, a)
    sizes = {"global_size": glob[:dims], "global_offset": off[:dims]}
    if loc is not None:
        sizes["local_size"] = loc[:dims]
    if timeout is not None:
        sizes["timeout"] = timeout
    _common.launch(kernel, args, sizes, where)
    parts = []
    for i in out_idx:
        kind = plan[i][0]
        new, old = args[i].reshape(-1).view(np.uint8), initial[i].reshape(-1).view(np.uint8)
        if kind == "bytes":
            changed = new != old
            parts.append((np.packbits(changed), new[changed]))
        elif kind == "sum":
            bits = plan[i][1]
            parts.append(_int_view(args[i], bits) - _int_view(initial[i], bits))
        else:
            parts.append(args[i])
    return parts


def _merge(initials, out_idx, plan, names, *parts):
    """The outputs' initial contents (in ``out_idx`` order) merged with every task's part."""
    results = []
    for k, i in enumerate(out_idx):
        init = np.ascontiguousarray(initials[k])
        result = init.copy()
        kind = plan[i][0]
        if kind == "bytes":
            flat = result.reshape(-1).view(np.uint8)
            written = np.zeros(flat.size, dtype=bool)
            for part in parts:
                packed, values = part[k]
                mask = np.unpackbits(packed, count=flat.size).astype(bool)
                both = written & mask
                if both.any():
                    pos = np.flatnonzero(mask)
                    clash = both[pos]
                    if np.any(flat[pos[clash]] != values[clash]):
                        raise Error(f"work-groups in different tasks wrote different values to the same bytes of "
                                    f"`{names[i]}` (the kernel races); its result is undefined")
                flat[mask] = values
                written |= mask
        elif kind == "sum":
            acc = _int_view(result, plan[i][1])
            for part in parts:
                acc += part[k]
        else:
            op, bits = plan[i]
            signed = op in ("smin", "smax")
            acc = _int_view(result, bits, signed)
            fn = {"smin": np.minimum, "umin": np.minimum, "smax": np.maximum, "umax": np.maximum,
                  "and": np.bitwise_and, "or": np.bitwise_or}.get(op)
            for part in parts:
                v = _int_view(np.ascontiguousarray(part[k]), bits, signed)
                if op == "xor":
                    acc ^= v ^ _int_view(init, bits, signed)
                else:
                    fn(acc, v, out=acc)
        results.append(result)
    return results


def _split_points(total, quantum, tasks):
    """At most ``tasks`` ranges of ``[0, total)`` that start at multiples of ``quantum``."""
    units = -(-total // quantum)
    tasks = max(1, min(tasks, units))
    bounds = [min(total, (units * t // tasks) * quantum) for t in range(tasks + 1)]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


def ndrange(kernel, *args, global_size, local_size=None, global_offset=None, out=None, tasks=8, timeout=None):
    """Run ``kernel`` over one NDRange split into ``tasks`` ranges of whole work-groups
    (along the NDRange's last dimension with more than one work-group), each a task
    with its own copy of the outputs; the copies are merged into the result (see the
    module rules: disjoint writes, atomic add/sub/inc/dec as sums of deltas). Returns
    the Dask array(s) of the outputs — ``out=`` (names or indices; default every
    buffer the kernel writes), one array when a single name is given or the kernel
    writes one buffer, else a tuple in parameter order.

    ``args``: one per parameter. NumPy or Dask arrays go whole to every task (a Dask
    array is computed into one array first); an output's argument is its initial
    contents. Kernels whose outputs cannot be merged safely raise
    :class:`spirjit.UnsupportedError` before anything runs. Without ``local_size``
    (and no ``reqd_work_group_size``) the ranges start at multiples of 64 work-items
    and each task's launch chooses its own work-group size.

    ``timeout``: a time limit in seconds for each task's launch (None: none); a launch
    still running when it passes is stopped, failing its task with
    :class:`spirjit.KernelError`."""
    import dask
    import dask.array as da

    _common.check_kernel(kernel)
    timeout = time_limit(timeout)
    params = kernel.params
    if len(args) != len(params):
        raise ArgumentError(f"kernel `{kernel.name}` takes {len(params)} argument(s), got {len(args)}: "
                            f"{kernel.signature}")
    if out is not None:
        out_idx, single = _common.out_params(kernel, out)
    else:
        out_idx, single = None, None
    plan = merge_plan(kernel, out_idx)
    if out_idx is None:
        out_idx = sorted(plan)
        single = len(out_idx) == 1
    if not out_idx:
        raise ArgumentError(f"kernel `{kernel.name}` writes no buffer: there is nothing to return")
    dims, glob, loc, off = normalize({"global": global_size, "local": local_size, "offset": global_offset})
    if loc is None and kernel.reqd_work_group_size is not None:
        loc = tuple(kernel.reqd_work_group_size)
    for i, a in enumerate(args):
        if i in out_idx and not (isinstance(a, np.ndarray) or _common.is_dask_array(a)):
            raise ArgumentError(f"argument {i} (`{params[i].name}`) is an output: pass its initial contents as a "
                                f"NumPy or Dask array")
        if isinstance(a, np.ndarray) or _common.is_dask_array(a):
            _common.check_dtype(kernel, i, a.dtype)

    quantum = loc if loc is not None else (64, 1, 1)
    groups = [-(-glob[d] // quantum[d]) for d in range(3)]
    axis = max([d for d in range(dims) if groups[d] > 1], default=0)
    ranges = _split_points(glob[axis], quantum[axis], int(tasks))

    # Arrays go into the graph once (persisted Dask arrays stay where they are).
    base = [dask.delayed(a) if _common.is_dask_array(a) else a for a in args]
    for i, a in enumerate(base):
        if isinstance(a, np.ndarray):
            base[i] = dask.delayed(a)
    base_list = dask.delayed(list)(base)
    parts = []
    for t, (lo, hi) in enumerate(ranges):
        g = list(glob)
        o = list(off)
        g[axis] = hi - lo
        o[axis] = off[axis] + lo
        where = f"task {t} of {kernel.name} (work-items {lo}..{hi} of dimension {axis})"
        parts.append(dask.delayed(_run_part, pure=True)(kernel, base_list, out_idx, plan, dims, tuple(g), loc,
                                                        tuple(o), timeout, where))
    names = {p.index: p.name for p in params}
    # Only the outputs' initial contents go to the merge, not the inputs.
    initials = dask.delayed(list)([base[i] for i in out_idx])
    merged = dask.delayed(_merge, pure=True)(initials, out_idx, plan, names, *parts)
    results = []
    for k, i in enumerate(out_idx):
        a = args[i]
        results.append(da.from_delayed(merged[k], shape=a.shape, dtype=a.dtype))
    return results[0] if single else tuple(results)

"""NDRange spellings: ``global_size=`` / ``local_size=`` / ``global_offset=`` keywords,
the ``**{"global": ..., "local": ..., "offset": ...}`` dictionary form, the
``kernel[global]`` / ``kernel[global, local]`` subscript form, normalised to
``(dims, global, local, offset)`` with 3-entry tuples, and the CUDA launch
``kernel[grid, block]`` / ``kernel[grid, block, shared_bytes]`` of CUDA kernels; and the
``timeout=`` time limit every launch form takes.

This module must not launch anything; it only validates and normalises sizes and time
limits.
"""

import math
import numbers
import operator

from ._errors import ArgumentError, LaunchError

__all__ = ["normalize", "split_subscript", "split_cuda_subscript", "time_limit", "SIZE_KEYWORDS"]

# Accepted keyword spellings -> canonical name.
SIZE_KEYWORDS = {
    "global_size": "global",
    "global": "global",
    "local_size": "local",
    "local": "local",
    "global_offset": "offset",
    "offset": "offset",
}


def _sizes(what, value, allow_zero):
    if isinstance(value, bool):
        raise LaunchError(f"{what} must be an int or a tuple of 1 to 3 ints, got a bool")
    try:
        return (_one(what, value, allow_zero),)
    except TypeError:
        pass
    try:
        items = list(value)
    except TypeError:
        raise LaunchError(f"{what} must be an int or a tuple of 1 to 3 ints, got {type(value).__name__}") from None
    if not 1 <= len(items) <= 3:
        raise LaunchError(f"{what} must have 1 to 3 entries, got {len(items)}")
    out = []
    for v in items:
        try:
            out.append(_one(what, v, allow_zero))
        except TypeError:
            raise LaunchError(f"{what} entries must be ints, got {type(v).__name__}") from None
    return tuple(out)


def _one(what, v, allow_zero):
    if isinstance(v, bool):
        raise TypeError
    n = operator.index(v)
    if n < 0 or (n == 0 and not allow_zero):
        smallest = 0 if allow_zero else 1
        raise LaunchError(f"{what} entries must be at least {smallest}, got {n}")
    if n >= 1 << 64:
        raise LaunchError(f"{what} entry {n} does not fit in 64 bits")
    return n


def _pad(t, fill):
    return tuple(t) + (fill,) * (3 - len(t))


def normalize(sizes):
    """``sizes``: dict with optional ``global``, ``local``, ``offset`` entries.
    Returns ``(dims, global3, local3 or None, offset3)``."""
    glob = sizes.get("global")
    if glob is None:
        raise LaunchError("missing global size: pass global_size=(N,) (or an int), or use kernel[N](...)")
    g = _sizes("global_size", glob, allow_zero=True)
    dims = len(g)
    local = sizes.get("local")
    loc = None
    if local is not None:
        loc_t = _sizes("local_size", local, allow_zero=False)
        if len(loc_t) != dims:
            raise LaunchError(f"local_size has {len(loc_t)} entries but global_size has {dims}; give one per dimension")
        loc = _pad(loc_t, 1)
    offset = sizes.get("offset")
    off = (0, 0, 0)
    if offset is not None:
        off_t = _sizes("global_offset", offset, allow_zero=True)
        if len(off_t) != dims:
            raise LaunchError(
                f"global_offset has {len(off_t)} entries but global_size has {dims}; give one per dimension"
            )
        off = _pad(off_t, 0)
    return dims, _pad(g, 1), loc, off


def split_subscript(key):
    """``kernel[key]``: ``N``, ``(N, M)`` (a 2-D global size), ``((N, M), (16, 16))``
    (global and local) or ``(global, local, offset)``. Returns a dict of sizes."""
    if isinstance(key, tuple) and key and any(isinstance(k, (tuple, list)) or k is None for k in key):
        if len(key) > 3:
            raise LaunchError("kernel[global, local, offset] takes at most 3 entries")
        names = ("global", "local", "offset")
        return {n: v for n, v in zip(names, key) if v is not None}
    return {"global": key}


def time_limit(timeout):
    """``timeout=``: None (no limit) or a positive number of seconds, as a float or None
    (infinity is no limit too)."""
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, numbers.Real):
        raise ArgumentError(f"timeout must be a number of seconds or None, got {type(timeout).__name__}")
    try:
        seconds = float(timeout)
    except OverflowError:  # an int too large for a float: longer than any clock runs
        seconds = math.inf
    if math.isnan(seconds) or seconds <= 0:
        raise ArgumentError(f"timeout must be a positive number of seconds (or None for no limit), got {timeout!r}")
    return None if math.isinf(seconds) else seconds


def split_kwargs(kwargs):
    """Pull the size keywords out of ``kwargs`` (``timeout`` taken out before); anything
    else is an error."""
    sizes = {}
    for k, v in kwargs.items():
        canon = SIZE_KEYWORDS.get(k)
        if canon is None:
            raise ArgumentError(
                f"unexpected keyword argument {k!r}; kernels take global_size=, local_size=, global_offset= "
                f"(or 'global', 'local', 'offset' through **dict) and timeout="
            )
        if canon in sizes and v is not None and sizes[canon] is not None:
            raise ArgumentError(f"the {canon} size is given twice")
        if v is not None or canon not in sizes:
            sizes[canon] = v
    return sizes


def split_cuda_subscript(key):
    """``kernel[grid, block]`` or ``kernel[grid, block, shared_bytes]`` of a CUDA kernel,
    numba-style: ``grid`` in blocks and ``block`` in threads, each an int or a tuple of 1
    to 3 ints (the shorter one is padded with 1s); the global size is ``grid * block``
    and the work-group size ``block``. Returns ``(sizes, shared_bytes)``."""
    if not isinstance(key, tuple) or len(key) not in (2, 3):
        raise LaunchError(
            "a CUDA kernel is launched as kernel[grid, block](...) or kernel[grid, block, shared_bytes](...) "
            "(grid in blocks, block in threads; ints or tuples of 1 to 3 ints), or with global_size= and "
            "local_size= in work-items"
        )
    grid = _sizes("grid", key[0], allow_zero=True)
    block = _sizes("block", key[1], allow_zero=False)
    dims = max(len(grid), len(block))
    grid = grid + (1,) * (dims - len(grid))
    block = block + (1,) * (dims - len(block))
    shared = 0
    if len(key) == 3 and key[2] is not None:
        if isinstance(key[2], bool):
            raise LaunchError("shared_bytes must be an int, got a bool")
        try:
            shared = operator.index(key[2])
        except TypeError:
            raise LaunchError(f"shared_bytes must be an int, got {type(key[2]).__name__}") from None
        if shared < 0:
            raise LaunchError(f"shared_bytes must be 0 or more, got {shared}")
    glob = tuple(g * b for g, b in zip(grid, block))
    return {"global": glob, "local": block}, shared

"""Kernel argument conversion: NumPy arrays, Python/NumPy scalars, vectors, structs and
:class:`LocalMemory` checked against a parameter and turned into the classified form the
native module launches with (``("buffer", ndarray)``, ``("value", bytes)``,
``("local", nbytes)``, and for images and samplers the pairs of ``_image.convert``).

Type encodings come from the native module (see ``python/src/types.rs``):
``("scalar", s)``, ``("vector", s, n, size)``, ``("array", elem, len, stride)``,
``("struct", size, align, [(offset, type), ...])``.

This module must not launch kernels; it only checks and converts.
"""

import operator
import numpy as np

from . import _image
from ._errors import ArgumentError

__all__ = ["LocalMemory", "Param", "convert", "fast_plan", "FAST_INT_TYPES", "FAST_FLOAT_TYPES"]

_FLOAT_DTYPES = {"f16": np.float16, "f32": np.float32, "f64": np.float64}
_INT_BITS = {"i8": 8, "i16": 16, "i32": 32, "i64": 64, "bool": 8, "ptr": 64}
_SCALAR_SIZE = {"bool": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "f16": 2, "f32": 4, "f64": 8, "ptr": 8}


class LocalMemory:
    """``nbytes`` bytes of work-group local memory for a ``__local`` pointer argument.

    Each work-group gets its own uninitialised block of this size::

        k(src, dst, spirjit.LocalMemory(256 * 4), global_size=n, local_size=256)
    """

    __slots__ = ("nbytes",)

    def __init__(self, nbytes):
        try:
            n = operator.index(nbytes)
        except TypeError:
            raise ArgumentError(
                f"LocalMemory(nbytes) needs an integer byte count, got {type(nbytes).__name__}"
            ) from None
        if n <= 0:
            raise ArgumentError(f"LocalMemory(nbytes) needs at least 1 byte, got {n}")
        self.nbytes = n

    def __repr__(self):
        return f"LocalMemory({self.nbytes})"


class Param:
    """One kernel parameter: ``index``, ``name``, ``kind`` (``"pointer"``, ``"value"``,
    ``"sampler"``, ``"image"``), ``space`` (``"global"``, ``"constant"``, ``"local"``
    for pointers, else None), ``type`` (pointee or value type, encoded as tuples),
    ``read_only`` (the kernel never writes through it), ``qualifiers`` (the OpenCL type
    qualifiers the module records, a tuple such as ``("const", "restrict")``), ``text`` (``global float*``)
    ``dtype`` (the NumPy dtype of one element / of the value, when there is one),
    ``host`` (the host type as the native module describes it: ``global u32*``, ``int32``
    for an integer of unknown sign), ``signed`` (True, False or None: unknown),
    ``int_range`` (``(lo, hi)`` of integer scalars and elements), ``untyped`` (a pointer
    whose elements may be any bytes), and for images ``dim`` (``"2d"``, ``"2d_array"``, ``"cube"``, ...) and
    ``access`` (``"read_only"``, ``"write_only"``, ``"read_write"``, ``"sampled"`` for a Vulkan combined
    image sampler; None for other kinds), ``vulkan`` (the parameter is a Vulkan shader's descriptor)."""

    __slots__ = ("index", "name", "kind", "space", "type", "read_only", "qualifiers", "type_name", "text",
                 "host", "signed", "int_range", "untyped", "dtype", "dim", "access", "vulkan")

    def __init__(self, d):
        self.index = d["index"]
        self.name = d["name"]
        self.kind = d["kind"]
        self.space = d["space"]
        self.type = d["type"]
        self.read_only = d["read_only"] or d["space"] == "constant"
        self.qualifiers = tuple(d["qualifiers"])
        self.type_name = d["type_name"]
        self.text = d["text"]
        self.host = d["host"]
        self.signed = d["signed"]
        self.int_range = d["int_range"]
        self.untyped = d["untyped"]
        self.dtype = _dtype_of(self.type, self.signed) if self.type is not None else None
        self.dim = d.get("dim")
        self.access = d.get("access")
        self.vulkan = bool(d.get("vulkan", False))

    def __repr__(self):
        return f"<Param {self.index} {self.text} {self.name}>"


def _scalar_dtype(s, signed):
    if s in _FLOAT_DTYPES:
        return np.dtype(_FLOAT_DTYPES[s])
    if s == "bool":
        return np.dtype(np.bool_)
    bits = _INT_BITS[s]
    return np.dtype(f"{'u' if signed is False or s == 'ptr' else 'i'}{bits // 8}")


def _dtype_of(t, signed):
    """The NumPy dtype of a KIR type (structs get fields f0, f1, ... at their offsets)."""
    tag = t[0]
    if tag == "scalar":
        return _scalar_dtype(t[1], signed)
    if tag == "vector":
        return np.dtype((_scalar_dtype(t[1], signed), (t[3] // _SCALAR_SIZE[t[1]],)))
    if tag == "array":
        elem = _dtype_of(t[1], signed)
        if t[1][0] == "vector" and t[3] < elem.itemsize and t[3] % elem.base.itemsize == 0:
            # Vectors packed closer than their size (scalar block layout: vec3 12 bytes
            # apart): each element is the components that fit in the stride.
            elem = np.dtype((elem.base, (t[3] // elem.base.itemsize,)))
        if t[3] == elem.itemsize:
            return np.dtype((elem, (t[2],)))
        return np.dtype({"names": [f"f{i}" for i in range(t[2])], "formats": [elem] * t[2],
                         "offsets": [i * t[3] for i in range(t[2])], "itemsize": t[2] * t[3]})
    size, _align, members = t[1], t[2], t[3]
    return np.dtype({"names": [f"f{i}" for i in range(len(members))],
                     "formats": [_dtype_of(m, None) for _, m in members],
                     "offsets": [o for o, _ in members], "itemsize": size})


def _describe_dtype(dt):
    if dt.fields is not None:
        return f"structured ({dt.itemsize}-byte)"
    if dt.subdtype is not None:
        return f"{dt.subdtype[0].name}{dt.subdtype[1]}"
    return dt.name


def _np_name(dt):
    return f"np.{dt.name}" if dt.fields is None and dt.subdtype is None else "the matching dtype"


class _Where:
    """Message prefix for one argument: kernel `k` argument 1 'b' is `global float*`
    (or ``label`` instead of "kernel `k` argument 1 'b'")."""

    def __init__(self, kernel, p, label=None):
        self.kernel = kernel
        self.p = p
        self.label = label

    def fail(self, msg):
        p = self.p
        where = self.label or f"kernel `{self.kernel}` argument {p.index} '{p.name}'"
        return ArgumentError(f"{where} is `{p.text}`; {msg}")


def convert(kernel, p, value, label=None):
    """Check ``value`` against parameter ``p`` of kernel ``kernel``; return the
    ``(kind, object)`` pair for the native launch. ``label`` names the argument in
    messages instead of its position (e.g. a pipeline's binding)."""
    w = _Where(kernel, p, label)
    if p.kind == "pointer" and p.space == "local":
        if isinstance(value, LocalMemory):
            return ("local", value.nbytes)
        raise w.fail(f"got {_what(value)} — pass spirjit.LocalMemory(nbytes)")
    if isinstance(value, LocalMemory):
        raise w.fail("got LocalMemory, which only fits `local` pointer parameters")
    if p.kind == "pointer":
        return ("buffer", _buffer(w, p, value))
    if p.kind == "value":
        return ("value", _value_bytes(w, p.type, p.int_range, value))
    if p.kind in ("image", "sampler"):
        return _image.convert(w, p, value)
    raise w.fail(f"{p.kind} arguments are not supported by spirjit yet")


# NumPy scalar types the native fast path takes for integer and float parameters (each
# converts exactly as ``.item()`` does in :func:`convert`); Python ints, bools and floats
# are always taken.
FAST_INT_TYPES = tuple({np.dtype(c).type for c in "bBhHiIlLqQ"})
FAST_FLOAT_TYPES = (np.float16, np.float32, np.float64)


def fast_plan(p):
    """The native fast path's plan entry for parameter ``p``: ``("buffer", float,
    itemsize, writable)`` for pointers to scalars or vectors, ``("int", size, lo, hi)``
    and ``("float", size)`` for scalars, else ``("slow",)``. The fast path accepts only
    what :func:`convert` accepts for that entry (see ``python/src/fast.rs``); everything
    else comes here."""
    t = p.type
    if p.kind == "pointer" and p.space != "local":
        s = _scalar_leaf(t)
        if s is None:
            return ("slow",)
        return ("buffer", s in _FLOAT_DTYPES, _SCALAR_SIZE[s], not p.read_only)
    if p.kind == "value" and t[0] == "scalar":
        s = t[1]
        if s in ("f32", "f64"):
            return ("float", _SCALAR_SIZE[s])
        if s in _INT_BITS:
            lo, hi = p.int_range
            return ("int", _SCALAR_SIZE[s], lo, hi)
    return ("slow",)


def _a(word):
    """`word` with its indefinite article: "a float64", "an int32"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _what(value):
    if isinstance(value, np.ndarray):
        return _a(f"{_describe_dtype(value.dtype)} array")
    return _a(type(value).__name__)


def _buffer(w, p, value):
    if not isinstance(value, np.ndarray):
        if isinstance(value, (bytearray, memoryview)) or hasattr(value, "__array_interface__"):
            value = np.asarray(value)
        elif isinstance(value, (bytes, list, tuple)) and p.read_only:
            try:
                value = np.array(value, dtype=p.dtype if not isinstance(value, bytes) else np.uint8)
            except (TypeError, ValueError, OverflowError) as e:
                raise w.fail(f"got {_a(type(value).__name__)} that does not convert to {p.dtype}: {e}") from None
        else:
            hint = " (the kernel writes its results into the array you pass)" if not p.read_only else ""
            raise w.fail(f"got {_what(value)} — pass a NumPy array{hint}")
    dt = value.dtype
    if dt.hasobject:
        raise w.fail("got an array of Python objects — pass an array of numbers")
    if not dt.isnative:
        raise w.fail(f"got an array of non-native byte order ({dt.str}) — pass "
                     f"{p.name}.astype({p.name}.dtype.newbyteorder('='))")
    _check_elem_dtype(w, p, dt)
    if not value.flags.c_contiguous:
        raise w.fail(f"got a non-contiguous array (strides {value.strides}) — pass "
                     f"np.ascontiguousarray({p.name}) (and copy results back if the kernel writes them)")
    if not value.flags.writeable and not p.read_only:
        raise w.fail(f"got a read-only array, and the kernel may write through it — pass a writable array "
                     f"(e.g. {p.name}.copy())")
    return value


def _scalar_leaf(t):
    """The scalar of a scalar or vector type, else None."""
    return t[1] if t[0] in ("scalar", "vector") else None


def _dtype_matches_scalar(dt, s):
    if s in _FLOAT_DTYPES:
        return dt.kind == "f" and dt.itemsize == _SCALAR_SIZE[s]
    return dt.kind in "iub" and dt.itemsize == _SCALAR_SIZE[s]


def _check_elem_dtype(w, p, dt):
    t = p.type
    base = dt
    while base.subdtype is not None:
        base = base.subdtype[0]
    s = _scalar_leaf(t)
    if s is not None:
        if p.untyped:
            return  # `void*` (or a byte pointer of unknown sign): any bytes
        if base.fields is None and _dtype_matches_scalar(base, s):
            return
        if dt.fields is not None and dt.itemsize == _size(t):
            return  # a structured dtype laid out as the element (e.g. float4 as 4 fields)
        want = _scalar_dtype(s, p.signed)
        raise w.fail(f"got {_a(_describe_dtype(dt))} array — pass {p.name}.astype({_np_name(want)})")
    size = _size(t)
    if dt.itemsize == size or (base.fields is None and base.kind in "iubV" and base.itemsize == 1):
        return
    raise w.fail(f"got {_a(_describe_dtype(dt))} array of {dt.itemsize}-byte elements; the element type has "
                 f"{size} bytes — pass an array of dtype {p.dtype} (see kernel.params[{p.index}].dtype) "
                 f"or raw uint8 bytes")


def _size(t):
    tag = t[0]
    if tag == "scalar":
        return _SCALAR_SIZE[t[1]]
    if tag == "vector":
        return t[3]
    if tag == "array":
        return t[2] * t[3]
    return t[1]


def _any_sign_range(s):
    """The range of an integer whose sign nobody records (struct members): both readings."""
    bits = _INT_BITS[s]
    return (0, 1) if s == "bool" else (-(1 << (bits - 1)), (1 << bits) - 1)


def _int_value(w, s, rng, v):
    if isinstance(v, (bool, np.bool_)):
        v = int(v)
    elif isinstance(v, (float, np.floating)):
        fv = float(v)
        if not fv.is_integer():
            raise w.fail(f"got the float {v!r}, which is not an integer — pass an int")
        v = int(fv)
    else:
        try:
            v = operator.index(v)
        except TypeError:
            raise w.fail(f"got {_what(v)} — pass an int") from None
    lo, hi = rng if rng is not None else _any_sign_range(s)
    if not lo <= v <= hi:
        raise w.fail(f"the value {v} is out of range [{lo}, {hi}]")
    size = _SCALAR_SIZE[s]
    return (v & ((1 << (8 * size)) - 1)).to_bytes(size, "little")


def _float_value(w, s, v):
    if isinstance(v, (np.ndarray, np.generic)) and np.ndim(v) == 0:
        v = v.item()
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise w.fail(f"got {_what(v)} — pass a float")
    try:
        fv = float(v)
    except OverflowError:
        raise w.fail(f"the value {v} is out of range of {s}") from None
    dt = np.dtype(_FLOAT_DTYPES[s])
    with np.errstate(over="ignore"):
        out = np.array(fv, dtype=dt)
    if np.isinf(out) and not np.isinf(fv):
        raise w.fail(f"the value {v!r} is out of range of {dt.name} (max {np.finfo(dt).max})")
    return out.astype(dt.newbyteorder("<")).tobytes()


def _scalar_bytes(w, s, rng, v):
    if isinstance(v, np.ndarray):
        if v.size != 1:
            raise w.fail(f"got an array of {v.size} elements where one value is expected")
        v = v.reshape(()).item()
    elif isinstance(v, np.generic):
        v = v.item()
    if s in _FLOAT_DTYPES:
        return _float_value(w, s, v)
    if isinstance(v, complex):
        raise w.fail("got a complex number — pass a real number")
    return _int_value(w, s, rng, v)


def _value_bytes(w, t, rng, v):
    """The bytes of ``v`` as a value of type ``t``; ``rng`` is the range of its integer
    scalars (from the native module; None: either sign)."""
    tag = t[0]
    if tag == "scalar":
        if isinstance(v, (list, tuple)):
            raise w.fail(f"got a {type(v).__name__} where one value is expected")
        return _scalar_bytes(w, t[1], rng, v)
    raw = _raw_bytes(v)
    if raw is not None:
        size = _size(t)
        ok = len(raw) == size or (tag == "vector" and t[2] == 3 and len(raw) == 3 * _SCALAR_SIZE[t[1]])
        if not ok:
            raise w.fail(f"got {len(raw)} bytes; it takes {size} bytes")
        return raw.ljust(size, b"\0")
    if tag == "vector":
        s, n, size = t[1], t[2], t[3]
        items = _sequence(w, v)
        if len(items) != n and not (n == 3 and len(items) == 4):
            raise w.fail(f"got {len(items)} components; it takes {n}")
        out = b"".join(_scalar_bytes(w, s, rng, x) for x in items)
        return out.ljust(size, b"\0")
    if tag == "array":
        elem, n, stride = t[1], t[2], t[3]
        items = _sequence(w, v)
        if len(items) != n:
            raise w.fail(f"got {len(items)} elements; it takes {n}")
        out = bytearray(n * stride)
        for i, x in enumerate(items):
            b = _value_bytes(w, elem, rng, x)
            out[i * stride:i * stride + len(b)] = b
        return bytes(out)
    size, members = t[1], t[3]
    if isinstance(v, dict):
        raise w.fail("got a dict; struct members have no names here — pass a tuple with one entry per member, "
                     "a NumPy structured scalar, or bytes")
    items = _sequence(w, v)
    if len(items) != len(members):
        raise w.fail(f"got {len(items)} members; the struct has {len(members)} — pass a tuple with one entry "
                     f"per member, a NumPy structured scalar, or {size} bytes")
    out = bytearray(size)
    for (off, mt), x in zip(members, items):
        b = _value_bytes(w, mt, None, x)
        out[off:off + len(b)] = b
    return bytes(out)


def _raw_bytes(v):
    """Bytes of a bytes-like object, a structured scalar or a one-element array."""
    if isinstance(v, (bytes, bytearray, memoryview)):
        return bytes(v)
    if isinstance(v, np.void):
        return v.tobytes()
    if isinstance(v, np.ndarray) and (v.dtype.fields is not None or v.dtype.kind == "V"):
        return np.ascontiguousarray(v).tobytes()
    return None


def _sequence(w, v):
    if isinstance(v, np.ndarray):
        return list(v.reshape(-1))
    if isinstance(v, (list, tuple)):
        return list(v)
    raise w.fail(f"got {_what(v)} — pass a tuple, list or array of components")

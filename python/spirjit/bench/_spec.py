"""Argument SPECs, the same text ``spirjit run --arg`` takes, turned into the NumPy values
a :class:`Case` holds: ``f32[1024]=rand:1`` (a buffer: zeros, ones, iota, rand:SEED, a
number, @FILE.npy), ``f32=@a.npy``, ``i32=5`` (a scalar), ``f32x4=1,2,3,4`` (a vector by
value), ``bytes=0000803f`` (raw bytes by value) and ``local=256`` (local memory).

``rand:SEED`` gives the same numbers as ``spirjit run`` (SplitMix64: integers uniform in
[0, 100), floats in [0, 1)). Images and samplers are not supported in benchmark cases.

This module only turns text into values; it must not run kernels or look for devices.
"""

import os
import re

import numpy as np

__all__ = ["Local", "parse_arg", "parse_args", "parse_size"]

_TYPES = {"i8": np.int8, "u8": np.uint8, "i16": np.int16, "u16": np.uint16, "i32": np.int32, "u32": np.uint32,
          "i64": np.int64, "u64": np.uint64, "f32": np.float32, "f64": np.float64}
_TYPE_LIST = ", ".join(_TYPES)


class Local:
    """``nbytes`` bytes of work-group local memory for a ``__local`` pointer argument
    (``local=BYTES`` in a SPEC); each device passes its own kind of local memory."""

    __slots__ = ("nbytes",)

    def __init__(self, nbytes):
        n = int(nbytes)
        if n <= 0:
            raise ValueError(f"local memory needs at least 1 byte, got {nbytes}")
        self.nbytes = n

    def __repr__(self):
        return f"Local({self.nbytes})"

    def __eq__(self, other):
        return isinstance(other, Local) and other.nbytes == self.nbytes

    def __hash__(self):
        return hash(("Local", self.nbytes))


def _dtype(name, spec):
    t = _TYPES.get(name.strip())
    if t is None:
        raise ValueError(f"unknown type `{name}` in `--arg {spec}`; use one of {_TYPE_LIST}")
    return np.dtype(t)


def _int(text):
    t = text.strip()
    neg = t.startswith("-")
    body = t.lstrip("+-")
    try:
        v = int(body, 16) if body.lower().startswith("0x") else int(body, 10)
    except ValueError:
        raise ValueError(f"`{text}` is not an integer") from None
    return -v if neg else v


def _scalar(dt, text, spec):
    if dt.kind == "f":
        try:
            return dt.type(float(text))
        except ValueError:
            raise ValueError(f"`--arg {spec}`: `{text}` is not a number") from None
    try:
        v = _int(text)
    except ValueError as e:
        raise ValueError(f"`--arg {spec}`: {e}") from None
    info = np.iinfo(dt)
    if not info.min <= v <= info.max:
        raise ValueError(f"`--arg {spec}`: {text} is out of range for {dt.name} ({info.min} to {info.max})")
    return dt.type(v)


def _splitmix(seed, n):
    """The first ``n`` outputs of SplitMix64 seeded with ``seed`` (as ``spirjit run``)."""
    with np.errstate(over="ignore"):
        i = np.arange(1, n + 1, dtype=np.uint64)
        z = np.uint64(seed & (2**64 - 1)) + i * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def _fill(dt, count, init, spec, base):
    if init in ("zeros", "zero", "0"):
        return np.zeros(count, dt)
    if init in ("ones", "one"):
        return np.ones(count, dt)
    if init == "iota":
        return np.arange(count).astype(dt)
    if init == "rand" or init.startswith("rand:"):
        seed_text = init[5:].strip() if init.startswith("rand:") else "0"
        try:
            seed = int(seed_text)
        except ValueError:
            raise ValueError(f"`--arg {spec}`: rand:SEED needs a number seed") from None
        r = _splitmix(seed, count)
        if dt.kind == "f":
            return ((r >> np.uint64(11)).astype(np.float64) * (1.0 / (1 << 53))).astype(dt)
        return (r % np.uint64(100)).astype(dt)
    if init.startswith("@"):
        return _npy(init[1:], dt, count, spec, base)
    try:
        value = _scalar(dt, init, spec)
    except ValueError:
        raise ValueError(f"`--arg {spec}`: unknown initializer `{init}`; use zeros, ones, iota, rand:SEED, "
                         "a number or @FILE.npy") from None
    return np.full(count, value, dt)


def _npy(path, dt, count, spec, base):
    full = path if os.path.isabs(path) or base is None else os.path.join(base, path)
    try:
        a = np.load(full, allow_pickle=False)
    except (OSError, ValueError) as e:
        raise ValueError(f"`--arg {spec}`: cannot read `{full}`: {e}") from None
    if a.dtype != dt:
        raise ValueError(f"`--arg {spec}`: `{full}` holds {a.dtype.name} elements but the argument says {dt.name}; "
                         f"use {_name_of(a.dtype)}=@{path} or convert the file")
    a = np.ascontiguousarray(a).reshape(-1)
    if count is not None and a.size != count:
        raise ValueError(f"`--arg {spec}`: `{full}` holds {a.size} elements but the argument asks for {count}; "
                         "leave the count out to use the file's")
    return a.copy()


def _name_of(dt):
    return next((k for k, v in _TYPES.items() if np.dtype(v) == dt), dt.name)


def _vector(dt, values, lanes, spec):
    if len(values) != lanes:
        raise ValueError(f"`--arg {spec}`: expected {lanes} value(s), got {len(values)}")
    stored = 4 if lanes == 3 else lanes  # a 3-component vector takes the room of 4
    fields = [(f"s{i}", dt) for i in range(stored)]
    v = np.zeros((), dtype=np.dtype(fields))
    for i, text in enumerate(values):
        v[f"s{i}"] = _scalar(dt, text, spec)
    return v[()]


def parse_arg(spec, base=None):
    """The value of one SPEC: an ndarray (buffer), a NumPy scalar, a structured NumPy
    scalar (a vector or raw bytes by value) or :class:`Local`. ``base``: the folder
    relative ``@FILE.npy`` paths are read from (None: the working directory)."""
    spec = str(spec)
    if "=" not in spec:
        raise ValueError(f"`--arg {spec}` has no `=`; write TYPE[COUNT]=INIT for a buffer, TYPE=VALUE for a scalar "
                         "or local=BYTES for local memory")
    left, right = (s.strip() for s in spec.split("=", 1))
    if left == "sampler" or left.startswith("image"):
        raise ValueError(f"`--arg {spec}`: images and samplers are not supported in benchmark cases")
    if left == "local":
        try:
            return Local(int(right))
        except ValueError:
            raise ValueError(f"`--arg {spec}`: local memory needs a positive byte count, like local=256") from None
    if left == "bytes":
        digits = re.sub(r"[_ :]", "", right)
        if not digits or len(digits) % 2 or not re.fullmatch(r"[0-9a-fA-F]+", digits):
            raise ValueError(f"`--arg {spec}`: bytes=HEX needs an even number of hex digits, like bytes=0000803f")
        raw = bytes.fromhex(digits)
        return np.frombuffer(raw, dtype=f"V{len(raw)}")[0]
    m = re.fullmatch(r"(\w+)\s*\[\s*(\w*)\s*\]", left)
    if "[" in left:
        if not m:
            raise ValueError(f"`--arg {spec}`: missing `]` after the count")
        dt = _dtype(m.group(1), spec)
        count = None
        if m.group(2):
            try:
                count = int(m.group(2))
            except ValueError:
                raise ValueError(f"`--arg {spec}`: the count `{m.group(2)}` is not a number") from None
        if count is None and not right.startswith("@"):
            raise ValueError(f"`--arg {spec}`: give the element count, like {m.group(1)}[1024]={right}")
        return _fill(dt, count, right, spec, base)
    if right.startswith("@"):
        return _npy(right[1:], _dtype(left, spec), None, spec, base)
    vm = re.fullmatch(r"([a-z]\d+)x(\d+)", left)
    if vm and vm.group(1) in _TYPES:
        lanes = int(vm.group(2))
        if lanes not in (2, 3, 4, 8, 16):
            raise ValueError(f"`--arg {spec}`: vectors have 2, 3, 4, 8 or 16 components")
        return _vector(_dtype(vm.group(1), spec), [v.strip() for v in right.split(",")], lanes, spec)
    dt = _dtype(left, spec)
    values = [v.strip() for v in right.split(",")]
    if len(values) != 1:
        raise ValueError(f"`--arg {spec}`: expected 1 value(s), got {len(values)}")
    return _scalar(dt, values[0], spec)


def parse_args(specs, base=None):
    """``[parse_arg(s) for s in specs]`` (a value that is not text is kept as it is)."""
    return [parse_arg(s, base) if isinstance(s, str) else s for s in specs]


def parse_size(text):
    """``"64"``, ``"16,16"`` or ``"16x16"`` (or an int or a list) as a tuple of ints."""
    if isinstance(text, (int, np.integer)):
        return (int(text),)
    if isinstance(text, (list, tuple)):
        return tuple(int(v) for v in text)
    parts = [p.strip() for p in re.split(r"[,x]", str(text))]
    try:
        out = tuple(int(p) for p in parts)
    except ValueError:
        raise ValueError(f"a size is 1 to 3 numbers like 64 or 16,16, got `{text}`") from None
    if not 1 <= len(out) <= 3:
        raise ValueError(f"a size is 1 to 3 numbers like 64 or 16,16, got `{text}`")
    return out

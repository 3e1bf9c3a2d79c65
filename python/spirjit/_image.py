"""Images and samplers for ``image2d_t`` / ``sampler_t`` kernel parameters.

:class:`Image` copies a NumPy array into an image the kernels read and write (the
runtime's images own their texels, so this is a copy, not a view); read the texels back
with :meth:`Image.to_numpy` (or :meth:`Image.copy_to`). :class:`Sampler` holds the
addressing mode, filter and coordinate normalization of ``read_image*`` calls with a
sampler.

This module must not convert or sample texels; kernels do that.
"""

import numpy as np

from . import _spirjit
from ._errors import ArgumentError

__all__ = ["Image", "Sampler"]

# Stored channels per channel order (as the runtime lays elements out).
_CHANNELS = {
    "r": 1, "a": 1, "intensity": 1, "luminance": 1, "depth": 1,
    "rg": 2, "ra": 2, "rx": 2,
    "rgb": 3, "rgx": 3, "srgb": 3,
    "rgba": 4, "bgra": 4, "argb": 4, "abgr": 4, "rgbx": 4, "srgbx": 4, "srgba": 4, "sbgra": 4,
}

# User spellings of channel types -> (runtime name, element dtype, packed).
_TYPES = {
    "snorm8": ("snorm8", np.int8, False),
    "snorm16": ("snorm16", np.int16, False),
    "unorm8": ("unorm8", np.uint8, False),
    "unorm16": ("unorm16", np.uint16, False),
    "unorm565": ("unorm565", np.uint16, True),
    "unorm555": ("unorm555", np.uint16, True),
    "unorm101010": ("unorm101010", np.uint32, True),
    "sint8": ("sint8", np.int8, False),
    "sint16": ("sint16", np.int16, False),
    "sint32": ("sint32", np.int32, False),
    "uint8": ("uint8", np.uint8, False),
    "uint16": ("uint16", np.uint16, False),
    "uint32": ("uint32", np.uint32, False),
    "half": ("half", np.float16, False),
    "float": ("float", np.float32, False),
}
_TYPE_ALIASES = {
    "snorm_int8": "snorm8", "snorm_int16": "snorm16", "unorm_int8": "unorm8", "unorm_int16": "unorm16",
    "unorm_short_565": "unorm565", "unorm_short_555": "unorm555", "unorm_int_101010": "unorm101010",
    "unorm_int101010": "unorm101010", "signed_int8": "sint8", "signed_int16": "sint16",
    "signed_int32": "sint32", "unsigned_int8": "uint8", "unsigned_int16": "uint16",
    "unsigned_int32": "uint32", "half_float": "half", "float16": "half", "float32": "float",
}
_ADDRESSING = ("none", "clamp", "clamp_to_edge", "repeat", "mirrored_repeat")
_FILTERS = ("nearest", "linear")


def _norm(name, what):
    if not isinstance(name, str):
        raise ArgumentError(f"{what} must be a string, got {type(name).__name__}")
    n = name.strip().lower()
    return n[3:] if n.startswith("cl_") else n


def _channel_type(name):
    n = _norm(name, "channel_type")
    n = _TYPE_ALIASES.get(n, n)
    if n not in _TYPES:
        raise ArgumentError(f"unknown channel_type {name!r}; use one of {', '.join(sorted(_TYPES))} "
                            f"(or the OpenCL spelling, e.g. 'unorm_int8')")
    return _TYPES[n]


def _channel_order(name):
    n = _norm(name, "channel_order")
    if n not in _CHANNELS:
        raise ArgumentError(f"unknown channel_order {name!r}; use one of {', '.join(_CHANNELS)}")
    return n


class Image:
    """An image argument (``image1d_t``, ``image2d_t``, ``image3d_t``, image arrays).

    ``array`` is a NumPy array laid out as OpenCL stores images: spatial axes slowest
    first (``(height, width)``, ``(depth, height, width)``), then one axis of channels
    when the channel order has more than one (``(h, w, 4)`` for ``rgba``; no channel
    axis for one-channel orders and the packed types ``unorm_short_565``,
    ``unorm_short_555``, ``unorm_int_101010``). Its dtype must match ``channel_type``:
    ``unorm_int8``/``unsigned_int8`` → uint8, ``snorm_int8``/``signed_int8`` → int8,
    the 16-bit types → (u)int16, ``signed_int32``/``unsigned_int32`` → (u)int32,
    ``half_float`` → float16, ``float`` → float32, the packed types → uint16 / uint32.

    The spatial axes choose the image type: 1 → ``image1d_t`` (``buffer=True``:
    ``image1d_buffer_t``), 2 → ``image2d_t`` (``layered=True``: ``image1d_array_t``
    with ``(layers, width)``), 3 → ``image3d_t`` (``layered=True``:
    ``image2d_array_t`` with ``(layers, height, width)``).

    The image holds a copy of the array: kernels write into the image, not into
    ``array``. Read the results with :meth:`to_numpy` (a new array of the original
    shape and dtype) or :meth:`copy_to`. Example::

        img = spirjit.Image(np.zeros((480, 640, 4), np.uint8))   # rgba, unorm_int8
        prog.fill[640, 480](img)
        pixels = img.to_numpy()
    """

    __slots__ = ("_native", "shape", "dtype", "channel_order", "channel_type", "dim")

    def __init__(self, array, channel_order="rgba", channel_type="unorm_int8", *, layered=False, buffer=False):
        order = _channel_order(channel_order)
        ctype, dtype, packed = _channel_type(channel_type)
        a = np.asarray(array)
        if a.dtype != np.dtype(dtype):
            raise ArgumentError(
                f"an image of channel type {channel_type!r} needs a {np.dtype(dtype).name} array, got "
                f"{a.dtype.name} — pass array.astype(np.{np.dtype(dtype).name})")
        channels = 1 if packed else _CHANNELS[order]
        spatial = a.shape
        if channels > 1:
            if a.ndim < 2 or a.shape[-1] != channels:
                raise ArgumentError(
                    f"channel order {order!r} has {channels} channels, so the array's last axis must have "
                    f"length {channels}; got shape {a.shape}")
            spatial = a.shape[:-1]
        n = len(spatial)
        if buffer and (n != 1 or layered):
            raise ArgumentError(f"buffer=True makes an image1d_buffer_t from a 1-D array of elements; got "
                                f"{n} spatial axes (shape {a.shape})")
        if layered and n not in (2, 3):
            raise ArgumentError(f"layered=True needs 2 spatial axes (layers, width) or 3 (layers, height, "
                                f"width); got shape {a.shape}")
        if n == 1:
            dim, size = ("1d_buffer" if buffer else "1d"), (spatial[0], 1, 1)
        elif n == 2:
            dim = "1d_array" if layered else "2d"
            size = (spatial[1], spatial[0], 1)
        elif n == 3:
            dim = "2d_array" if layered else "3d"
            size = (spatial[2], spatial[1], spatial[0])
        else:
            raise ArgumentError(f"an image has 1 to 3 spatial axes (plus a channel axis); got shape {a.shape}")
        if 0 in spatial:
            raise ArgumentError(f"an image needs at least one element along every axis; got shape {a.shape}")
        data = np.ascontiguousarray(a).tobytes()
        self._native = _spirjit.NativeImage(dim, order, ctype, size, data)
        self.shape = a.shape
        self.dtype = a.dtype
        self.channel_order = order
        self.channel_type = ctype
        self.dim = dim

    @property
    def width(self):
        """Width in elements."""
        return self._native.size[0]

    @property
    def height(self):
        """Height in elements (1 for 1-D images; the layer count of 1-D arrays)."""
        return self._native.size[1] if self.dim != "1d_array" else 1

    @property
    def depth(self):
        """Depth in elements (1 unless 3-D)."""
        return self._native.size[2] if self.dim == "3d" else 1

    @property
    def array_size(self):
        """Layers of an image array (1 otherwise)."""
        return {"1d_array": self._native.size[1], "2d_array": self._native.size[2]}.get(self.dim, 1)

    def to_numpy(self):
        """A new array (original shape and dtype) holding the image's current texels."""
        return np.frombuffer(self._native.to_bytes(), dtype=self.dtype).reshape(self.shape).copy()

    def copy_to(self, out):
        """Copy the texels into array ``out`` (same shape and dtype); returns ``out``."""
        if not isinstance(out, np.ndarray) or out.shape != self.shape or out.dtype != self.dtype:
            raise ArgumentError(f"copy_to needs an array of shape {self.shape} and dtype {self.dtype.name}")
        out[...] = np.frombuffer(self._native.to_bytes(), dtype=self.dtype).reshape(self.shape)
        return out

    def update(self, array):
        """Replace the texels with those of ``array`` (same shape and dtype as at creation)."""
        a = np.asarray(array)
        if a.shape != self.shape or a.dtype != self.dtype:
            raise ArgumentError(f"update needs an array of shape {self.shape} and dtype {self.dtype.name}; "
                                f"got {a.shape} {a.dtype.name}")
        self._native.set_bytes(np.ascontiguousarray(a).tobytes())

    def __repr__(self):
        return (f"Image(image{self.dim}_t, shape={self.shape}, channel_order={self.channel_order!r}, "
                f"channel_type={self.channel_type!r})")


class Sampler:
    """A sampler argument (``sampler_t``).

    ``normalized``: coordinates in 0..1 span the image (else element coordinates);
    ``addressing``: ``"none"``, ``"clamp"`` (border color outside), ``"clamp_to_edge"``,
    ``"repeat"``, ``"mirrored_repeat"`` (the last two need ``normalized=True``);
    ``filter``: ``"nearest"`` or ``"linear"``. OpenCL ``CLK_`` / ``CL_`` spellings are
    accepted in any case (``"CLK_ADDRESS_CLAMP_TO_EDGE"``, ``"CLK_FILTER_LINEAR"``).
    """

    __slots__ = ("normalized", "addressing", "filter")

    def __init__(self, normalized=False, addressing="clamp_to_edge", filter="nearest"):
        a = _norm(addressing, "addressing").removeprefix("clk_").removeprefix("address_")
        f = _norm(filter, "filter").removeprefix("clk_").removeprefix("filter_")
        if a not in _ADDRESSING:
            raise ArgumentError(f"unknown addressing {addressing!r}; use one of {', '.join(_ADDRESSING)}")
        if f not in _FILTERS:
            raise ArgumentError(f"unknown filter {filter!r}; use 'nearest' or 'linear'")
        if a in ("repeat", "mirrored_repeat") and not normalized:
            raise ArgumentError(f"addressing {a!r} needs normalized=True (OpenCL defines it only for "
                                f"normalized coordinates)")
        self.normalized = bool(normalized)
        self.addressing = a
        self.filter = f

    def _native(self):
        return (self.normalized, self.addressing, self.filter)

    def __eq__(self, other):
        return isinstance(other, Sampler) and self._native() == other._native()

    def __hash__(self):
        return hash(self._native())

    def __repr__(self):
        return f"Sampler(normalized={self.normalized}, addressing={self.addressing!r}, filter={self.filter!r})"


def convert(w, p, value):
    """The ``(kind, object)`` launch pair for image/sampler parameter ``p`` (``w`` makes
    messages: ``w.fail(msg)``)."""
    if p.kind == "sampler":
        if isinstance(value, Sampler):
            return ("sampler", value._native())
        raise w.fail(f"got {type(value).__name__} — pass spirjit.Sampler(normalized=..., addressing=..., "
                     f"filter=...)")
    if not isinstance(value, Image):
        hint = " (wrap the array: spirjit.Image(array, channel_order=..., channel_type=...))" \
            if isinstance(value, np.ndarray) else ""
        raise w.fail(f"got {type(value).__name__} — pass a spirjit.Image{hint}")
    want = getattr(p, "dim", None)
    if want is not None and want != value.dim:
        raise w.fail(f"got an image{value.dim}_t (array shape {value.shape}) — pass an image{want}_t"
                     + (" (layered=True for image arrays)" if want.endswith("_array") else ""))
    return ("image", value._native)

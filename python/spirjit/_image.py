"""Images and samplers for image and sampler kernel parameters: OpenCL ``image2d_t`` /
``sampler_t`` and Vulkan storage images, sampled images, samplers, combined image
samplers and texel buffers.

:class:`Image` copies a NumPy array into an image the kernels read and write (the
runtime's images own their texels, so this is a copy, not a view); read the texels back
with :meth:`Image.to_numpy` (or :meth:`Image.copy_to`). Its format is a channel order
and channel type, or a Vulkan / SPIR-V format name (``format="rgba8"``). :class:`Sampler`
holds the addressing, filter and coordinate normalization of sampling, plus the state
only Vulkan samplers have (per-axis addressing, border colour, depth compare).
:class:`SampledImage` pairs an image with a sampler for a combined image sampler.

This module must not convert or sample texels; kernels do that.
"""

import numpy as np

from . import _spirjit
from ._errors import ArgumentError

__all__ = ["Image", "Sampler", "SampledImage"]

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
    # Vulkan formats only.
    "unorm2101010": ("unorm2101010", np.uint32, True),
    "uint2101010": ("uint2101010", np.uint32, True),
    "ufloat111110": ("ufloat111110", np.uint32, True),
    "sint64": ("sint64", np.int64, False),
    "uint64": ("uint64", np.uint64, False),
}
_TYPE_ALIASES = {
    "snorm_int8": "snorm8", "snorm_int16": "snorm16", "unorm_int8": "unorm8", "unorm_int16": "unorm16",
    "unorm_short_565": "unorm565", "unorm_short_555": "unorm555", "unorm_int_101010": "unorm101010",
    "unorm_int101010": "unorm101010", "signed_int8": "sint8", "signed_int16": "sint16",
    "signed_int32": "sint32", "unsigned_int8": "uint8", "unsigned_int16": "uint16",
    "unsigned_int32": "uint32", "half_float": "half", "float16": "half", "float32": "float",
    "unorm_int_2101010": "unorm2101010", "unorm_int2101010": "unorm2101010",
    "unsigned_int_2101010": "uint2101010", "unsigned_int2101010": "uint2101010",
    "unsigned_float_111110": "ufloat111110", "unsigned_float111110": "ufloat111110",
    "signed_int64": "sint64", "unsigned_int64": "uint64",
}
# Packed Vulkan types: the channel order they need and the format that says it at once.
_PACKED_ORDERS = {
    "unorm2101010": (("rgba",), "rgb10_a2"),
    "uint2101010": (("rgba",), "rgb10_a2ui"),
    "ufloat111110": (("rgb", "rgbx"), "r11f_g11f_b10f"),
}


def _formats():
    """Format names (lower case, underscores removed) -> (channel order, channel type):
    GLSL / SPIR-V storage formats (``rgba8``, ``r32ui``, ``rgb10_a2``, ``Rgba8Snorm``)
    and VkFormat names (``R8G8B8A8_UNORM``, ``VK_FORMAT_R32_SFLOAT``)."""
    kinds = {  # GLSL suffix, VkFormat suffix, channel type per bit width
        "f": ("f", "sfloat", {16: "half", 32: "float"}),
        "unorm": ("", "unorm", {8: "unorm8", 16: "unorm16"}),
        "snorm": ("_snorm", "snorm", {8: "snorm8", 16: "snorm16"}),
        "i": ("i", "sint", {8: "sint8", 16: "sint16", 32: "sint32", 64: "sint64"}),
        "ui": ("ui", "uint", {8: "uint8", 16: "uint16", 32: "uint32", 64: "uint64"}),
    }
    out = {}
    for order in ("r", "rg", "rgb", "rgba"):
        for glsl, vk, types in kinds.values():
            for bits, ty in types.items():
                if bits == 64 and order != "r":
                    continue
                if order != "rgb":  # GLSL has no three-channel storage formats
                    out[f"{order}{bits}{glsl}".replace("_", "")] = (order, ty)
                out["".join(f"{c}{bits}" for c in order) + vk] = (order, ty)
    for names, fmt in (
        (("rgb10a2", "a2b10g10r10unormpack32"), ("rgba", "unorm2101010")),
        (("rgb10a2ui", "a2b10g10r10uintpack32"), ("rgba", "uint2101010")),
        (("r11fg11fb10f", "r11g11b10f", "b10g11r11ufloatpack32"), ("rgb", "ufloat111110")),
        (("bgra8", "b8g8r8a8unorm"), ("bgra", "unorm8")),
        (("rgba8srgb", "r8g8b8a8srgb"), ("srgba", "unorm8")),
        (("bgra8srgb", "b8g8r8a8srgb"), ("sbgra", "unorm8")),
        (("d32sfloat",), ("r", "float")),
        (("d16unorm",), ("r", "unorm16")),
    ):
        for n in names:
            out[n] = fmt
    return out


_FORMATS = _formats()

# Dimensionalities: spatial axes of the array (the layer axes of arrays and cube maps
# counted), and the ImageDim names.
_DIMS = {"1d": 1, "1d_buffer": 1, "1d_array": 2, "2d": 2, "2d_array": 3, "3d": 3, "cube": 3, "cube_array": 3}
_DIM_ALIASES = {"buffer": "1d_buffer", "texel_buffer": "1d_buffer", "cube_map": "cube",
                "cube_map_array": "cube_array"}

_ADDRESSING = ("none", "clamp", "clamp_to_edge", "repeat", "mirrored_repeat", "clamp_to_border",
               "mirror_clamp_to_edge")
# Modes that only make sense with normalized coordinates (OpenCL and Vulkan agree).
_NORMALIZED_ONLY = ("repeat", "mirrored_repeat", "mirror_clamp_to_edge")
_FILTERS = ("nearest", "linear")
_BORDERS = ("transparent_black", "opaque_black", "opaque_white")
_COMPARE = ("never", "less", "equal", "less_or_equal", "greater", "not_equal", "greater_or_equal", "always")
_COMPARE_ALIASES = {"<": "less", "==": "equal", "<=": "less_or_equal", ">": "greater", "!=": "not_equal",
                    ">=": "greater_or_equal", "less_equal": "less_or_equal", "greater_equal": "greater_or_equal"}


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


def _format(name):
    """(channel order, channel type) of a Vulkan / SPIR-V format name."""
    n = _norm(name, "format").removeprefix("vk_format_").replace("_", "")
    if n not in _FORMATS:
        raise ArgumentError(
            f"unknown format {name!r}; use a GLSL / SPIR-V image format (rgba32f, rgba16f, r32f, rgba8, "
            f"rgba8_snorm, rg16f, r11f_g11f_b10f, rgb10_a2, rgb10_a2ui, rgba32i, r32ui, r64ui, ...) or a "
            f"VkFormat name (R8G8B8A8_UNORM, B10G11R11_UFLOAT_PACK32, ...)")
    return _FORMATS[n]


def _dim(name):
    n = _norm(name, "dim").removeprefix("image").removesuffix("_t")
    n = _DIM_ALIASES.get(n, n)
    if n not in _DIMS:
        raise ArgumentError(f"unknown dim {name!r}; use one of {', '.join(_DIMS)}")
    return n


def _layout(a, dim, layered, buffer, order, channels):
    """(dimensionality, native size) of array ``a`` whose last axis holds the channels
    when ``channels`` > 1; ``dim`` None: chosen from the spatial axes as OpenCL does."""
    spatial = a.shape
    if channels > 1:
        if a.ndim < 2 or a.shape[-1] != channels:
            raise ArgumentError(
                f"channel order {order!r} has {channels} channels, so the array's last axis must have length "
                f"{channels}; got shape {a.shape}")
        spatial = a.shape[:-1]
    if 0 in spatial:
        raise ArgumentError(f"an image needs at least one element along every axis; got shape {a.shape}")
    n = len(spatial)
    if dim is not None:
        if layered or buffer:
            raise ArgumentError("give either dim= or layered= / buffer=, not both")
        if dim == "cube_array" and n == 4 and spatial[1] == 6:
            spatial = (spatial[0] * 6,) + spatial[2:]  # (cubes, 6, h, w)
            n = 3
        if n != _DIMS[dim]:
            axes = {"1d": "(width,)", "1d_buffer": "(width,)", "1d_array": "(layers, width)",
                    "2d": "(height, width)", "2d_array": "(layers, height, width)",
                    "3d": "(depth, height, width)", "cube": "(6, height, width)",
                    "cube_array": "(6 * cubes, height, width) or (cubes, 6, height, width)"}[dim]
            raise ArgumentError(f"an image{dim}_t takes spatial axes {axes} (then the channel axis); got "
                                f"shape {a.shape}")
        if dim in ("cube", "cube_array"):
            if (dim == "cube" and spatial[0] != 6) or spatial[0] % 6:
                raise ArgumentError(f"a cube map has 6 faces (layers +X, -X, +Y, -Y, +Z, -Z) per cube; got "
                                    f"{spatial[0]} layers (shape {a.shape})")
            if spatial[1] != spatial[2]:
                raise ArgumentError(f"cube map faces are square; got faces of {spatial[1]}x{spatial[2]}")
            return dim, (spatial[2], spatial[1], spatial[0] // 6 if dim == "cube_array" else 1)
    elif buffer and (n != 1 or layered):
        raise ArgumentError(f"buffer=True makes an image1d_buffer_t from a 1-D array of elements; got "
                            f"{n} spatial axes (shape {a.shape})")
    elif layered and n not in (2, 3):
        raise ArgumentError(f"layered=True needs 2 spatial axes (layers, width) or 3 (layers, height, "
                            f"width); got shape {a.shape}")
    elif n == 1:
        dim = "1d_buffer" if buffer else "1d"
    elif n == 2:
        dim = "1d_array" if layered else "2d"
    elif n == 3:
        dim = "2d_array" if layered else "3d"
    else:
        raise ArgumentError(f"an image has 1 to 3 spatial axes (plus a channel axis); got shape {a.shape}")
    if n == 1:
        return dim, (spatial[0], 1, 1)
    if n == 2:
        return dim, (spatial[1], spatial[0], 1)
    return dim, (spatial[2], spatial[1], spatial[0])


class Image:
    """An image argument: OpenCL ``image1d_t`` ... ``image3d_t`` and image arrays, Vulkan
    storage images, sampled images and texel buffers of any dimensionality, cube maps
    included.

    ``array`` is a NumPy array laid out as the runtime stores images: spatial axes slowest
    first (``(height, width)``, ``(depth, height, width)``), then one axis of channels
    when the channel order has more than one (``(h, w, 4)`` for ``rgba``; no channel
    axis for one-channel orders and the packed types). Its dtype must match the channel
    type: ``unorm8``/``uint8`` → uint8, ``snorm8``/``sint8`` → int8, the 16-bit types →
    (u)int16, ``sint32``/``uint32`` → (u)int32, ``sint64``/``uint64`` → (u)int64,
    ``half`` → float16, ``float`` → float32; the packed types hold one element per
    integer: ``unorm565``, ``unorm555`` → uint16, ``unorm101010`` (order ``rgb``),
    ``unorm2101010`` and ``uint2101010`` (A2B10G10R10: r in bits 0..10, a in bits 30..32;
    order ``rgba``) and ``ufloat111110`` (B10G11R11 unsigned floats; order ``rgb``) →
    uint32. OpenCL spellings (``unorm_int8``, ``signed_int32``, ``half_float``,
    ``unsigned_int_2101010``, ...) are accepted too.

    ``format`` sets order and type at once from a Vulkan format name instead: GLSL /
    SPIR-V image formats (``"rgba32f"``, ``"rgba16f"``, ``"r32f"``, ``"rgba8"``,
    ``"rgba8_snorm"``, ``"r32ui"``, ``"rgba16i"``, ``"r64ui"``, ``"rgb10_a2"``,
    ``"rgb10_a2ui"``, ``"r11f_g11f_b10f"`` or ``"r11g11b10f"``; SPIR-V's ``"Rgba8Snorm"``
    spelling too) and VkFormat names (``"R8G8B8A8_UNORM"``, ``"R16G16_SFLOAT"``,
    ``"A2B10G10R10_UNORM_PACK32"``, ``"B8G8R8A8_UNORM"``, ``"R8G8B8A8_SRGB"``,
    ``"D32_SFLOAT"``, ...), in any case.

    The spatial axes choose the dimensionality: 1 → ``1d`` (``buffer=True``: ``1d_buffer``,
    also a Vulkan texel buffer), 2 → ``2d`` (``layered=True``: ``1d_array`` with
    ``(layers, width)``), 3 → ``3d`` (``layered=True``: ``2d_array`` with
    ``(layers, height, width)``). ``dim`` names it instead: ``"1d"``, ``"1d_array"``,
    ``"1d_buffer"``, ``"2d"``, ``"2d_array"``, ``"3d"``, ``"cube"`` (``(6, size, size)``:
    faces +X, -X, +Y, -Y, +Z, -Z) or ``"cube_array"`` (``(6 * cubes, size, size)`` or
    ``(cubes, 6, size, size)``).

    The image holds a copy of the array: kernels write into the image, not into
    ``array``. Read the results with :meth:`to_numpy` (a new array of the original
    shape and dtype) or :meth:`copy_to`. Example::

        img = spirjit.Image(np.zeros((480, 640, 4), np.uint8))   # rgba, unorm_int8
        prog.fill[640, 480](img)
        pixels = img.to_numpy()
        hdr = spirjit.Image(np.zeros((64, 64, 4), np.float16), format="rgba16f")
        sky = spirjit.Image(np.zeros((6, 32, 32, 4), np.float32), format="rgba32f", dim="cube")
    """

    __slots__ = ("_native", "shape", "dtype", "channel_order", "channel_type", "dim")

    def __init__(self, array, channel_order=None, channel_type=None, *, layered=False, buffer=False,
                 format=None, dim=None):
        if format is not None:
            if channel_order is not None or channel_type is not None:
                raise ArgumentError(f"format={format!r} sets the channel order and type; do not also pass "
                                    f"channel_order or channel_type")
            order, channel_type = _format(format)
        else:
            order = _channel_order("rgba" if channel_order is None else channel_order)
            channel_type = "unorm_int8" if channel_type is None else channel_type
        ctype, dtype, packed = _channel_type(channel_type)
        if ctype in _PACKED_ORDERS and order not in _PACKED_ORDERS[ctype][0]:
            orders, fmt = _PACKED_ORDERS[ctype]
            raise ArgumentError(f"channel type {channel_type!r} packs a whole element into one uint32 and needs "
                                f"channel order {' or '.join(map(repr, orders))}, not {order!r} (or pass "
                                f"format={fmt!r})")
        a = np.asarray(array)
        if a.dtype != np.dtype(dtype):
            what = f"format {format!r}" if format is not None else f"channel type {channel_type!r}"
            raise ArgumentError(
                f"an image of {what} needs a {np.dtype(dtype).name} array, got "
                f"{a.dtype.name} — pass array.astype(np.{np.dtype(dtype).name})")
        dim = None if dim is None else _dim(dim)
        dim, size = _layout(a, dim, layered, buffer, order, 1 if packed else _CHANNELS[order])
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
        """Layers of an image array (6 per cube of a cube map; 1 otherwise)."""
        size = self._native.size
        return {"1d_array": size[1], "2d_array": size[2], "cube": 6, "cube_array": 6 * size[2]}.get(self.dim, 1)

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


def _addressing(mode):
    a = _norm(mode, "addressing").removeprefix("clk_").removeprefix("address_")
    a = a.removeprefix("vk_sampler_address_mode_")
    if a not in _ADDRESSING:
        raise ArgumentError(f"unknown addressing {mode!r}; use one of {', '.join(_ADDRESSING)}")
    return a


def _border(name):
    b = _norm(name, "border").removeprefix("vk_border_color_")
    kind, _, rest = b.partition("_")
    if kind in ("float", "int") and rest in _BORDERS:
        return b
    if b in _BORDERS:
        return "float_" + b
    raise ArgumentError(f"unknown border {name!r}; use one of {', '.join(_BORDERS)} (float colours; "
                        f"'int_opaque_white' etc. for the integer ones)")


def _compare(name):
    c = _norm(name, "compare").removeprefix("vk_compare_op_")
    c = _COMPARE_ALIASES.get(c, c)
    if c not in _COMPARE:
        raise ArgumentError(f"unknown compare {name!r}; use None or one of {', '.join(_COMPARE)}")
    return c


class Sampler:
    """A sampler: an OpenCL ``sampler_t`` argument, a Vulkan sampler binding, or the
    sampler of a combined image sampler (see :class:`SampledImage`).

    ``normalized``: coordinates in 0..1 span the image (else element coordinates);
    ``addressing``: one mode for every axis or a tuple of 1 to 3 modes for u, v, w
    (missing ones repeat the last): ``"clamp_to_edge"``, ``"clamp"`` or
    ``"clamp_to_border"`` (the border colour outside), ``"repeat"``,
    ``"mirrored_repeat"``, ``"mirror_clamp_to_edge"`` (Vulkan only), ``"none"`` (OpenCL
    only); the repeating and mirroring modes need ``normalized=True``. ``filter``:
    ``"nearest"`` or ``"linear"``. OpenCL ``CLK_`` / ``CL_`` and Vulkan ``VK_`` spellings are
    accepted in any case (``"CLK_ADDRESS_CLAMP_TO_EDGE"``, ``"CLK_FILTER_LINEAR"``).

    Vulkan state: ``border`` — ``"transparent_black"`` (the default),
    ``"opaque_black"``, ``"opaque_white"``, or with a ``float_`` / ``int_`` prefix as
    ``VkBorderColor`` spells them (``"int_opaque_white"``); ``compare`` — None (no depth
    comparison) or ``"never"``, ``"less"``, ``"equal"``, ``"less_or_equal"``,
    ``"greater"``, ``"not_equal"``, ``"greater_or_equal"``, ``"always"`` (or ``"<"``,
    ``"<="``, ...): depth reference `op` texel, for ``sampler2DShadow`` (needs
    ``normalized=True``). Images have one mip level, so LOD settings do not exist here.

    A sampler bound to a Vulkan shader follows Vulkan's sampling rules; an OpenCL
    ``sampler_t`` takes only samplers without Vulkan state (:attr:`is_vulkan` False).
    Example::

        s = spirjit.Sampler(True, ("repeat", "clamp_to_edge"), "linear", border="opaque_white")
    """

    __slots__ = ("normalized", "addressing", "filter", "border", "compare", "_uvw")

    def __init__(self, normalized=False, addressing="clamp_to_edge", filter="nearest", *,
                 border="transparent_black", compare=None):
        if isinstance(addressing, (tuple, list)):
            if not 1 <= len(addressing) <= 3:
                raise ArgumentError(f"addressing takes one mode or 1 to 3 modes (u, v, w); got {len(addressing)}")
            modes = [_addressing(m) for m in addressing]
            uvw = tuple(modes + [modes[-1]] * (3 - len(modes)))
        else:
            uvw = (_addressing(addressing),) * 3
        f = _norm(filter, "filter").removeprefix("clk_").removeprefix("filter_").removeprefix("vk_filter_")
        if f not in _FILTERS:
            raise ArgumentError(f"unknown filter {filter!r}; use 'nearest' or 'linear'")
        for a in uvw:
            if a in _NORMALIZED_ONLY and not normalized:
                raise ArgumentError(f"addressing {a!r} needs normalized=True (OpenCL and Vulkan define it only "
                                    f"for normalized coordinates)")
        if "none" in uvw and "mirror_clamp_to_edge" in uvw:
            raise ArgumentError("addressing 'none' is OpenCL's and 'mirror_clamp_to_edge' Vulkan's; a sampler "
                                "cannot have both")
        cmp = None if compare is None else _compare(compare)
        if cmp is not None and not normalized:
            raise ArgumentError("a depth-compare sampler needs normalized=True (Vulkan has no compare with "
                                "unnormalized coordinates)")
        self.normalized = bool(normalized)
        self._uvw = uvw
        self.addressing = uvw[0] if len(set(uvw)) == 1 else uvw
        self.filter = f
        self.border = _border(border)
        self.compare = cmp

    @property
    def addressing_uvw(self):
        """The addressing modes of u, v and w."""
        return self._uvw

    @property
    def is_vulkan(self):
        """True when the sampler uses state only Vulkan samplers have (per-axis
        addressing, ``mirror_clamp_to_edge``, a border colour other than transparent
        black, a compare op); such samplers bind only to Vulkan shaders."""
        return (len(set(self._uvw)) > 1 or "mirror_clamp_to_edge" in self._uvw
                or self.border != "float_transparent_black" or self.compare is not None)

    def _key(self):
        modes = tuple("clamp" if a == "clamp_to_border" else a for a in self._uvw)
        return (self.normalized, modes, self.filter, self.border, self.compare)

    def _native(self):
        """The OpenCL sampler tuple (normalized, addressing, filter)."""
        a = self._uvw[0]
        return (self.normalized, "clamp" if a == "clamp_to_border" else a, self.filter)

    def _vulkan(self):
        """The Vulkan sampler tuple (normalized, filter, (u, v, w), border, compare)."""
        return (self.normalized, self.filter, self._uvw, self.border, self.compare)

    def __eq__(self, other):
        return isinstance(other, Sampler) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        extra = ""
        if self.border != "float_transparent_black":
            extra += f", border={self.border!r}"
        if self.compare is not None:
            extra += f", compare={self.compare!r}"
        return (f"Sampler(normalized={self.normalized}, addressing={self.addressing!r}, "
                f"filter={self.filter!r}{extra})")


class SampledImage:
    """An image with the sampler it is sampled with, for a Vulkan combined image
    sampler binding (GLSL ``sampler2D``, ``samplerCube``, ``sampler2DShadow``, ...). A
    tuple ``(image, sampler)`` binds the same way::

        pipe.dispatch(n, bindings={(0, 0): spirjit.SampledImage(img, smp), ...})
        pipe.dispatch(n, bindings={(0, 0): (img, smp), ...})
    """

    __slots__ = ("image", "sampler")

    def __init__(self, image, sampler):
        if not isinstance(image, Image):
            raise ArgumentError(f"SampledImage(image, sampler) needs a spirjit.Image first, got "
                                f"{type(image).__name__}")
        if not isinstance(sampler, Sampler):
            raise ArgumentError(f"SampledImage(image, sampler) needs a spirjit.Sampler second, got "
                                f"{type(sampler).__name__}")
        self.image = image
        self.sampler = sampler

    def __repr__(self):
        return f"SampledImage({self.image!r}, {self.sampler!r})"


def is_pair(value):
    """True for an ``(Image, Sampler)`` tuple: one combined image sampler descriptor."""
    return (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], Image)
            and isinstance(value[1], Sampler))


_DIM_HINTS = {"1d_array": " (layered=True or dim='1d_array')", "2d_array": " (layered=True or dim='2d_array')",
              "1d_buffer": " (buffer=True or dim='1d_buffer')", "cube": " (dim='cube')",
              "cube_array": " (dim='cube_array')"}


def _check_dim(w, p, image):
    want = getattr(p, "dim", None)
    if want is not None and want != image.dim:
        raise w.fail(f"got an image{image.dim}_t (array shape {image.shape}) — pass an image{want}_t"
                     + _DIM_HINTS.get(want, ""))


def _check_vulkan_sampler(w, sampler):
    if "none" in sampler.addressing_uvw:
        raise w.fail("got a sampler with addressing 'none', an OpenCL mode; Vulkan samplers take "
                     "clamp_to_edge, clamp_to_border, repeat, mirrored_repeat or mirror_clamp_to_edge")


def convert(w, p, value):
    """The ``(kind, object)`` launch pair for image/sampler parameter ``p`` (``w`` makes
    messages: ``w.fail(msg)``). ``p.vulkan`` says whether the parameter is a Vulkan
    descriptor (its samplers follow Vulkan's rules)."""
    vulkan = getattr(p, "vulkan", False)
    if p.kind == "sampler":
        if isinstance(value, Sampler):
            if vulkan:
                _check_vulkan_sampler(w, value)
                return ("vulkan_sampler", value._vulkan())
            if value.is_vulkan:
                raise w.fail(f"got {value!r}, which uses Vulkan sampler state (per-axis addressing, "
                             f"mirror_clamp_to_edge, a border colour or a compare op) — an OpenCL sampler_t "
                             f"takes one addressing mode, a filter and normalized=")
            return ("sampler", value._native())
        raise w.fail(f"got {type(value).__name__} — pass spirjit.Sampler(normalized=..., addressing=..., "
                     f"filter=...)")
    if getattr(p, "access", None) == "sampled":
        if is_pair(value):
            value = SampledImage(*value)
        if not isinstance(value, SampledImage):
            hint = " (this binding takes the image with its sampler)" if isinstance(value, Image) else ""
            raise w.fail(f"got {type(value).__name__} — pass spirjit.SampledImage(image, sampler) or a tuple "
                         f"(image, sampler){hint}")
        _check_dim(w, p, value.image)
        _check_vulkan_sampler(w, value.sampler)
        return ("sampled_image", (value.image._native, value.sampler._vulkan()))
    if isinstance(value, SampledImage) or is_pair(value):
        raise w.fail("got an image with a sampler, but this is not a combined image sampler — pass the "
                     "spirjit.Image alone (a separate sampler binds to its own binding)")
    if not isinstance(value, Image):
        hint = " (wrap the array: spirjit.Image(array, format=...) or channel_order=..., channel_type=...)" \
            if isinstance(value, np.ndarray) else ""
        raise w.fail(f"got {type(value).__name__} — pass a spirjit.Image{hint}")
    _check_dim(w, p, value)
    return ("image", value._native)


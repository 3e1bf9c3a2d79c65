"""The :class:`Pipeline` class: a Vulkan compute entry point with its specialization
constants applied, dispatched over work-group counts with buffers, images and samplers
bound by ``(set, binding)`` and push constants, as ``vkCmdDispatchBase`` does.

This module maps bindings onto the kernel's parameters (the native module says which
parameter each binding became) and hands the launch to :class:`Kernel`; it must not
convert values itself (``_args`` does).
"""

import collections
import copy
import operator

import numpy as np

from ._args import convert
from ._image import is_pair as is_sampled_pair
from ._errors import ArgumentError, LaunchError
from ._ndrange import time_limit

__all__ = ["Pipeline", "BindingInfo", "SpecConstantInfo"]

BindingInfo = collections.namedtuple("BindingInfo", ["set", "binding", "kind", "dtype", "count", "name", "read_only"])
BindingInfo.__doc__ = """One descriptor binding of a pipeline: ``set``, ``binding``, ``kind``
(``"storage_buffer"``, ``"uniform_buffer"``, ``"storage_image"``, ``"sampled_image"``,
``"sampler"``, ``"combined_image_sampler"``, ``"uniform_texel_buffer"``,
``"storage_texel_buffer"``), ``dtype`` (the NumPy dtype of a buffer's element — of the
run-time array that ends the block, else of the whole block; None for images and samplers),
``count`` (descriptors: more than 1 for an array binding; None for a run-time sized
array, ``bufs[]``, which takes as many as a dispatch binds), ``name`` and ``read_only``."""

SpecConstantInfo = collections.namedtuple("SpecConstantInfo", ["id", "name", "type", "default", "value"])
SpecConstantInfo.__doc__ = """A specialization constant: ``id`` (its SpecId), ``name``,
``type`` (``"float32"``, ``"int32"``, ``"uint32"``, ``"bool"``, ...), ``default`` and
``value`` (the value in effect in this pipeline)."""


def _triple(what, value, pad):
    """``value`` (an int or 1 to 3 ints, each in [0, 2**32)) as 3 ints, missing ones ``pad``."""
    if isinstance(value, bool):
        raise LaunchError(f"{what} must be an int or a tuple of 1 to 3 ints, got a bool")
    try:
        items = [operator.index(value)]
    except TypeError:
        try:
            items = [operator.index(v) for v in value]
        except TypeError:
            raise LaunchError(f"{what} must be an int or a tuple of 1 to 3 ints, got {value!r}") from None
    if not 1 <= len(items) <= 3:
        raise LaunchError(f"{what} must have 1 to 3 entries, got {len(items)}")
    if any(v < 0 or v >= 1 << 32 for v in items):
        raise LaunchError(f"{what} entries must be in [0, 2**32), got {tuple(items)}")
    return tuple(items) + (pad,) * (3 - len(items))


# Translations for other descriptor counts one pipeline keeps (oldest out first).
_SIZED_KEPT = 16


def _base_name(name):
    """A descriptor array's name from its first element's parameter name (``bufs[0]``)."""
    return name[:-3] if name is not None and name.endswith("[0]") else name


class _Layout:
    """One translation of a pipeline's entry point: its kernel, bindings as
    ``(set, binding, kind, count, first_param, runtime_sized)``, push constants as
    ``(param, size)`` or None, and parameters (buffers typed as bytes)."""

    def __init__(self, kernel, interface):
        self.kernel = kernel
        bindings, push = interface
        self.bindings = [tuple(b) for b in bindings]
        self.runtime = any(b[5] for b in self.bindings)
        self.push = push
        # Buffer parameters bind any bytes, as Vulkan buffers do.
        self.params = []
        for p in kernel.params:
            if p.kind == "pointer":
                p = copy.copy(p)
                p.untyped = True
            self.params.append(p)


class Pipeline:
    """A compute pipeline: entry point ``name`` of a Vulkan compute module, its
    specialization constants set (by SpecId) when the program made it. Buffers bind as
    bytes, as in Vulkan: any C-contiguous array of any dtype (its size is checked by
    the kernel's bounds checks), used in place::

        pipe = prog.pipeline("main", specialization={0: 64, 1: 2.5})
        pipe.bindings            # [BindingInfo(set=0, binding=0, kind='storage_buffer', ...), ...]
        pipe.local_size          # (64, 1, 1), after specialization
        pipe.dispatch((n // 64, 1, 1),
                      bindings={(0, 0): a, (0, 1): b},
                      push_constants=np.array([1.5, 2.0], dtype=np.float32),
                      base=(0, 0, 0))

    Buffers are NumPy arrays used in place (zero-copy); images are :class:`Image` objects
    (storage images, sampled images and texel buffers), samplers :class:`Sampler` objects,
    and combined image samplers ``(image, sampler)`` or :class:`SampledImage`; array
    bindings take lists::

        pipe.dispatch(n, bindings={(0, 0): (img, spirjit.Sampler(True, "repeat", "linear")),
                                   (0, 1): spirjit.Image(out, format="rgba8")})
    """

    def __init__(self, kernel, interface, spec_constants, native=None, program=None):
        self._kernel = kernel
        self._native = native
        self._program = program
        self._layout = _Layout(kernel, interface)
        # Translations for the descriptor counts of run-time sized arrays, by counts.
        self._sized = {}
        self._infos = []
        for s, b, kind, count, first, runtime in self._layout.bindings:
            params = kernel.params
            if runtime:
                # No parameter in this translation: the one with a descriptor there says
                # what each descriptor is.
                one = self._sized_layout({(s, b): 1})
                params = one.kernel.params
                first = next(f for s1, b1, _, _, f, _ in one.bindings if (s1, b1) == (s, b))
            p = params[first]
            dtype = p.dtype if kind in ("storage_buffer", "uniform_buffer") else None
            name = _base_name(p.name) if runtime else p.name
            self._infos.append(BindingInfo(s, b, kind, dtype, None if runtime else count, name, p.read_only))
        self._spec = [SpecConstantInfo(*c) for c in spec_constants]

    def _sized_layout(self, counts):
        """The layout of the translation with ``counts`` ({(set, binding): n}) descriptors in
        the run-time sized arrays (those left out: none)."""
        key = tuple(sorted((k, n) for k, n in counts.items() if n))
        if not key:
            return self._layout
        layout = self._sized.get(key)
        if layout is None:
            from ._kernel import Kernel
            native = self._native.with_descriptor_counts(list(key))
            nk = native.kernel(self._kernel.name)
            layout = _Layout(Kernel(nk, self._program), nk.interface())
            if len(self._sized) >= _SIZED_KEPT:
                self._sized.pop(next(iter(self._sized)))
            self._sized[key] = layout
        return layout

    @property
    def name(self):
        """The entry point's name."""
        return self._kernel.name

    @property
    def kernel(self):
        """The :class:`Kernel` the pipeline runs (path, parameters, last run)."""
        return self._kernel

    @property
    def bindings(self):
        """The descriptor bindings the entry point uses (:class:`BindingInfo`), sorted
        by (set, binding)."""
        return list(self._infos)

    @property
    def push_constant_size(self):
        """Bytes of the push-constant block the entry point reads (0 when none)."""
        push = self._layout.push
        return push[1] if push is not None else 0

    @property
    def local_size(self):
        """The work-group size (x, y, z), after specialization."""
        return tuple(self._kernel.reqd_work_group_size)

    @property
    def spec_constants(self):
        """The module's specialization constants (:class:`SpecConstantInfo`), with the
        values in effect in this pipeline."""
        return list(self._spec)

    @property
    def last_run(self):
        """The :class:`RunInfo` of the last finished dispatch (None before the first)."""
        return self._kernel.last_run

    def __repr__(self):
        return f"<spirjit.Pipeline {self.name} local_size={self.local_size} bindings={len(self._infos)}>"

    def dispatch(self, groups, bindings=None, push_constants=None, base=(0, 0, 0), device_buffers=(), timeout=None):
        """Run ``groups`` work-groups (an int or up to 3 ints) starting at group
        ``base``, with ``bindings`` a dict ``{(set, binding): value}`` — a NumPy array for
        a buffer, a :class:`Image` for a storage or sampled image or a texel buffer, a
        :class:`Sampler`, a :class:`SampledImage` or ``(image, sampler)`` tuple for a
        combined image sampler, or a list of them for an array binding — and ``push_constants`` as bytes or a NumPy
        array (its bytes, from offset 0; a shorter range leaves the rest zero).
        ``device_buffers`` are writable C-contiguous arrays the shader reaches only through
        buffer device addresses (``PhysicalStorageBuffer`` pointers; pass
        ``array.ctypes.data`` in push constants or buffers): accesses through such
        pointers are checked against them. ``timeout``: a time limit in seconds (None:
        none), past which the dispatch is stopped and :class:`KernelError` raised.
        Returns None once every work-item has finished."""
        limit = time_limit(timeout)
        groups = _triple("groups", groups, 1)
        base = _triple("base", base, 0)
        given = dict(bindings or {})
        name = self.name
        layout = self._layout
        if self._layout.runtime:
            counts = {}
            for s, b, kind, _, _, runtime in self._layout.bindings:
                value = given.get((s, b))
                if runtime and isinstance(value, (list, tuple)) and not is_sampled_pair(value):
                    counts[(s, b)] = len(value)
            layout = self._sized_layout(counts)
        args = [None] * len(layout.kernel.params)
        for (s, b, kind, count, first, runtime), info in zip(layout.bindings, self._infos):
            label = f"pipeline `{name}` binding ({s}, {b}) '{info.name}'"
            if (s, b) not in given:
                raise ArgumentError(f"{label} ({kind}) is not bound; pass bindings={{({s}, {b}): ...}}")
            value = given.pop((s, b))
            one = not isinstance(value, (list, tuple)) or is_sampled_pair(value)
            values = [value] if one else list(value)
            if runtime and one:
                raise ArgumentError(f"{label} is a run-time sized descriptor array; pass a list (of any length)")
            if count == 1 and len(values) != 1 and not runtime:
                raise ArgumentError(f"{label} takes one descriptor, got a list of {len(values)}")
            if len(values) != count:
                raise ArgumentError(f"{label} is an array of {count} descriptors; got {len(values)}")
            for i, v in enumerate(values):
                p = layout.params[first + i]
                where = label if count == 1 and not runtime else f"{label}[{i}]"
                if kind in ("storage_buffer", "uniform_buffer") and isinstance(v, np.ndarray):
                    # Vulkan buffers are bytes: any C-contiguous array binds, whatever its dtype.
                    if not v.flags.c_contiguous:
                        raise ArgumentError(f"{where} needs a C-contiguous array (np.ascontiguousarray(a)); "
                                            f"its data is used in place")
                    v = v.reshape(-1).view(np.uint8)
                args[first + i] = convert(name, p, v, where)
        if given:
            used = ", ".join(f"({s}, {b})" for s, b, *_ in layout.bindings) or "none"
            extra = ", ".join(str(k) for k in given)
            raise ArgumentError(f"pipeline `{name}` does not use binding(s) {extra}; it uses {used}")
        if layout.push is not None:
            param, size = layout.push
            if push_constants is None:
                raise ArgumentError(f"pipeline `{name}` reads {size} bytes of push constants; pass push_constants=")
            if isinstance(push_constants, np.ndarray):
                data = np.ascontiguousarray(push_constants).tobytes()
            elif isinstance(push_constants, (bytes, bytearray, memoryview)):
                data = bytes(push_constants)
            else:
                raise ArgumentError(f"push_constants must be bytes or a NumPy array, got {type(push_constants).__name__}")
            data = data[:size].ljust(size, b"\0")
            args[param] = ("value", data)
        elif push_constants is not None:
            raise ArgumentError(f"pipeline `{name}` reads no push constants")
        for i, d in enumerate(device_buffers):
            if not isinstance(d, np.ndarray) or not d.flags.c_contiguous or not d.flags.writeable:
                raise ArgumentError(f"pipeline `{name}` device_buffers[{i}] must be a writable C-contiguous NumPy "
                                    f"array, got {type(d).__name__}")
            args.append(("device", d.reshape(-1).view(np.uint8)))
        local = self.local_size
        glob = tuple(g * l for g, l in zip(groups, local))
        off = tuple(b * l for b, l in zip(base, local))
        dims = 3 if groups[2] > 1 or local[2] > 1 else 2 if groups[1] > 1 or local[1] > 1 else 1
        layout.kernel._launch_converted(dims, glob, local, off, args, limit)
        if layout.kernel is not self._kernel:
            self._kernel._last_run = layout.kernel._last_run

"""Differential tests of spirjit's Vulkan compute path against a real Vulkan driver
(lavapipe, through vkref.py): every module under tests/kernels/vulkan/ (recursively) is
dispatched on both with the same deterministic pseudo-random buffers and push constants,
and every writable buffer must come back the same — integers bit for bit, floats within
the module's tolerance (exact unless SPECIAL says otherwise).

A new module needs no code here unless it needs special inputs: add an entry to SPECIAL
(inputs, groups, tolerance with its reason, order-dependent results to ignore, skip or
known difference). Modules binding images, samplers or texel buffers, modules needing a
capability lavapipe lacks and entry points spirjit refuses as unsupported are skipped
with the reason; without lavapipe every test here is skipped saying why.
"""

import dataclasses
import glob
import os
import struct
import zlib

import numpy as np
import pytest

import spirjit
import vkref
from conftest import CORPUS

VULKAN = os.path.join(CORPUS, "vulkan")
BUFFER_KINDS = ("storage_buffer", "uniform_buffer")
BUFFER_BYTES = 64 * 1024        # every buffer binding, unless SPECIAL says otherwise
SUBGROUP_CAPS = set(range(61, 69))  # GroupNonUniform*: results depend on the sub-group size
OP_SMOD = 139


@dataclasses.dataclass
class Special:
    """How to run one module when the defaults do not fit (see the module docstring)."""
    skip: str = None                # reason the module cannot be compared at all
    xfail: str = None               # a known difference between spirjit and lavapipe
    groups: tuple = (3, 1, 1)       # work-groups dispatched
    buffer_bytes: int = BUFFER_BYTES
    float_range: tuple = (-8.0, 8.0)   # floats are multiples of float_step in [lo, hi)
    float_step: float = 1 / 16      # few significant bits: sums and products (fused or not) are exact
    int_range: tuple = None         # (lo, hi) for every integer, else the element type's whole range
    dtypes: dict = None             # {(set, binding): dtype} filling a binding with another type
    push: bytes = None              # push constants, else random words (see random_push)
    ulps: object = 0                # float tolerance: ulps of the larger magnitude ...
    atol: object = 0                # ... plus an absolute error (numbers, or fn(n) -> per-element array)
    tolerance_reason: str = None
    ignore: dict = None             # {(set, binding): fn(n_bytes) -> bool mask of bytes not compared}


def words_at(stride, *indices, size=4):
    """An `ignore` mask: 4-byte words `indices` of every `stride`-word record."""
    def mask(nbytes):
        m = np.zeros(nbytes, dtype=bool)
        for i in indices:
            for b in range(size):
                m[i * size + b::stride * size] = True
        return m
    return mask


def per_record(length, default, ranges):
    """A per-element tolerance: `default`, and `value` for elements [start, stop) of every
    `length`-element record, for each (start, stop, value) of `ranges`."""
    def tolerance(n):
        t = np.full(n, float(default))
        for start, stop, value in ranges:
            for r in range(start, stop):
                t[r::length] = value
        return t
    return tolerance


SPECIAL = {
    # Buffer device addresses travel in the push constants: random ones are wild pointers.
    "bda": Special(skip="its push constants hold buffer device addresses, which random data cannot give"),
    # OpArrayLength of { uint header; float data[] }: spirjit types the block as bytes; fill floats.
    "array_length": Special(dtypes={(0, 0): np.float32}),
    # GLSL.std.450: x in [0, 1) mapped into each function's domain; every function writes 10
    # results (at float, vec2, vec3, vec4) per 1024-float record (tolerances by function below).
    "glsl_std450_p1": Special(float_range=(0.0, 1.0), float_step=2.0**-12, int_range=(0, 1000),
                              buffer_bytes=256 * 1024,
                              ulps=per_record(1024, 0, [(80, 130, 2), (130, 160, 4096), (160, 220, 8)]),
                              atol=per_record(1024, 0, [(160, 220, 2.0**-20)]),
                              tolerance_reason="round..fract exact; radians, degrees, sin, cos, tan 2 ULP; asin, "
                                               "acos, atan 4096 ULP (Vulkan: inherited from atan2, llvmpipe is "
                                               "~3600 ULP off); sinh..atanh 8 ULP + 2^-20 absolute (inherited "
                                               "from exp, which cancels near 0)"),
    "glsl_std450_p2": Special(float_range=(0.0, 1.0), float_step=2.0**-12, int_range=(0, 1000),
                              buffer_bytes=256 * 1024,
                              ulps=per_record(1024, 0, [(0, 10, 4096), (10, 60, 16), (60, 80, 2), (110, 120, 2),
                                                        (130, 213, 2)]),
                              atol=per_record(1024, 0, [(10, 60, 2.0**-21)]),
                              tolerance_reason="atan2 4096 ULP; pow, exp, log, exp2, log2 16 ULP + 2^-21 absolute "
                                               "(Vulkan: exp 3 + 2|x| ULP, log 3 ULP or 2^-21 absolute in [0.5, 2]); "
                                               "sqrt, inversesqrt, mix, smoothstep, fma, geometric functions and "
                                               "cross 2 ULP (may fuse); min, max, clamp, step, modf, frexp, ldexp "
                                               "exact"),
    "glsl_std450_p3": Special(float_range=(0.0, 1.0), float_step=2.0**-12, buffer_bytes=256 * 1024,
                              ulps=16, atol=2.0**-20,
                              tolerance_reason="determinant and inverse: sums of products in another order"),
    "glsl_std450_p4": Special(float_range=(0.0, 1.0), float_step=2.0**-12, buffer_bytes=256 * 1024),
    "glsl_std450_p5": Special(float_range=(0.0, 1.0), float_step=2.0**-12, int_range=(0, 1000),
                              buffer_bytes=256 * 1024, ulps=2, atol=0,
                              tolerance_reason="double sqrt, inversesqrt, normalize, inverse: 2 ULP"),
    # GLSL's % is OpSMod (result takes the divisor's sign). llvmpipe (Mesa 22.3) computes
    # OpSRem instead when an operand is negative: -7 % 6 gives -1, not 5. Compared on
    # non-negative inputs; the negative ones are the known difference.
    "control": {
        "": Special(int_range=(0, 2**30)),
        "negative": Special(xfail="llvmpipe computes OpSMod as OpSRem for negative operands (-7 % 6 = -1, "
                                  "SPIR-V says 5); spirjit follows the SPIR-V specification"),
    },
    # Half conversions of large ints overflow and float-to-int conversion of out-of-range
    # values is undefined: keep the ints where every conversion is exact. Non-negative 8-bit
    # values for the comparison (x8 % 7 and x64 % 5 are OpSMod, see control).
    "widths": {
        "": Special(int_range=(0, 127)),
        "negative": Special(int_range=(-2048, 2048),
                            xfail="llvmpipe computes OpSMod as OpSRem for negative operands (see control)"),
    },
    # Atomic results that depend on the order invocations ran in: values returned by
    # atomics, the last exchange, the winning compare-exchange.
    "atomics": Special(ignore={(0, 0): words_at(16, 7, 11), (0, 1): words_at(12, 7, 11, size=8),
                               (0, 2): words_at(1, 0), (0, 3): words_at(8, 5)}),
    # The values atomicIIncrement returned.
    "asm/memory_misc": Special(ignore={(0, 1): words_at(1, 0)}),
    # OpSelect and OpPhi between pointers into matrices of different layouts: llvmpipe
    # (Mesa 22.3) reads and writes through the chosen pointer as if its columns were at one
    # address (columns 1 and 2 of the natural matrix come back equal). spirjit's results
    # are checked against the layout rules by tests/vulkan_rest.rs.
    "asm/matrix_select": Special(xfail="llvmpipe loses the matrix layout of a pointer chosen by OpSelect between "
                                       "members of different layouts; spirjit follows the member decorations"),
    "asm/matrix_phi": Special(xfail="llvmpipe loses the matrix layout of a pointer chosen by OpPhi between "
                                    "members of different layouts; spirjit follows the member decorations"),
    # Indexes its four-element arrays by the invocation id: one work-group stays in them.
    "scalar_layout": Special(groups=(1, 1, 1)),
    "uniform_control_flow": Special(skip="llvmpipe (Mesa 22.3) has no VK_KHR_shader_subgroup_uniform_control_flow "
                                         "(pipeline creation fails); spirjit runs it in test_vulkan_driver_core.py"),
    "asm/bits_widths": Special(skip="bit fields of 8, 16 and 64 bits are not valid Vulkan SPIR-V "
                                    "(VUID-StandaloneSpirv-Base-04781), and random offsets and counts are out of range"),
}


def modules():
    """Every committed Vulkan module, as its path relative to tests/kernels/vulkan without .spv."""
    paths = glob.glob(os.path.join(VULKAN, "**", "*.spv"), recursive=True)
    return sorted(os.path.relpath(p, VULKAN)[:-4].replace(os.sep, "/") for p in paths)


def read(name):
    with open(os.path.join(VULKAN, name + ".spv"), "rb") as f:
        return f.read()


def variants(name):
    """{variant id: Special} of a module: SPECIAL's entry (one Special, or several by id,
    "" the unnamed one) or the defaults."""
    sp = SPECIAL.get(name, SPECIAL.get(os.path.basename(name), Special()))
    return sp if isinstance(sp, dict) else {"": sp}


def special(name, variant=""):
    return variants(name)[variant]


def require_reference(spv):
    """Skip (saying why) when lavapipe is missing or cannot run the module."""
    try:
        why = vkref.unsupported(spv)
    except vkref.VulkanUnavailable as e:
        pytest.skip(f"Vulkan reference unavailable: {e}")
    if why:
        pytest.skip(f"the reference cannot run it: {why}")


def make_pipeline(name, spv, lanes, specialization=None):
    size = None
    if SUBGROUP_CAPS & set(vkref.capabilities(spv)):
        size = vkref.device_info()["subgroup_size"]
    try:
        prog = spirjit.Program(os.path.join(VULKAN, name + ".spv"), lanes=lanes)
        entries = prog.kernels
        if len(entries) != 1:
            pytest.skip(f"{len(entries)} entry points; the comparison runs modules with one")
        pipe = prog.pipeline(entries[0], specialization, required_subgroup_size=size)
    except spirjit.UnsupportedError as e:
        pytest.skip(f"spirjit refuses it as unsupported: {e}")
    except spirjit.ArgumentError as e:
        if size is None:
            raise
        pytest.skip(f"spirjit cannot run it at lavapipe's sub-group size {size}: {e}")
    other = [f"({b.set}, {b.binding}) {b.kind}" for b in pipe.bindings if b.kind not in BUFFER_KINDS]
    if other:
        pytest.skip("binds " + ", ".join(other) + "; the reference binds storage and uniform buffers only")
    if any(b.count != 1 for b in pipe.bindings):
        pytest.skip("binds descriptor arrays: test_descriptor_arrays_match_lavapipe compares them")
    return entries[0], pipe


def scalar_leaves(dtype, offset=0):
    """(scalar dtype, byte offset, count) of every scalar an element of `dtype` holds."""
    if dtype.fields:
        for name in dtype.names:
            field, off = dtype.fields[name][:2]
            yield from scalar_leaves(field, offset + off)
    elif dtype.subdtype:
        base, shape = dtype.subdtype
        n = int(np.prod(shape))
        for i in range(n):
            yield from scalar_leaves(base, offset + i * base.itemsize)
    else:
        yield dtype, offset, 1


def leaf_views(array):
    """Every scalar of a buffer as strided views, grouped by element type."""
    raw = array.reshape(-1).view(np.uint8)
    count = raw.size // array.dtype.itemsize
    for dtype, off, _ in scalar_leaves(array.dtype):
        yield off, np.ndarray((count,), dtype=dtype, buffer=raw.data, offset=off, strides=(array.dtype.itemsize,))


def fill(rng, dtype, nbytes, sp):
    """A buffer of `dtype` elements with pseudo-random scalars suited to their types."""
    dtype = np.dtype(dtype)
    array = np.zeros(max(nbytes // dtype.itemsize, 1), dtype=dtype)
    for _, view in leaf_views(array):
        t = view.dtype
        if t.kind == "f":
            lo, hi = sp.float_range
            steps = rng.integers(int(lo / sp.float_step), int(hi / sp.float_step), size=view.size)
            view[...] = (steps * sp.float_step).astype(t)
        elif t.kind in "iu":
            info = np.iinfo(t)
            lo, hi = sp.int_range or (info.min, info.max)
            view[...] = rng.integers(max(lo, info.min), min(hi, info.max), size=view.size, endpoint=True,
                                     dtype=np.int64 if t.kind == "i" or t.itemsize < 8 else np.uint64).astype(t)
        elif t.kind == "b":
            view[...] = rng.integers(0, 2, size=view.size).astype(bool)
    return array


def random_push(rng, size, sp):
    """Push constants: each 4-byte word either a small int in [0, 256) or a float as the
    buffers get theirs, so both branches of bounds like `i < pc.n` are taken and floats are
    finite."""
    words = []
    for _ in range(-(-size // 4)):
        if rng.integers(0, 2):
            words.append(struct.pack("<I", int(rng.integers(0, 256))))
        else:
            lo, hi = sp.float_range
            words.append(struct.pack("<f", int(rng.integers(int(lo / sp.float_step), int(hi / sp.float_step)))
                                     * sp.float_step))
    return b"".join(words)[:size]


def inputs(name, pipe, sp, seed_extra=""):
    rng = np.random.default_rng(zlib.crc32((name + seed_extra).encode()))
    arrays = {}
    for b in pipe.bindings:
        dtype = (sp.dtypes or {}).get((b.set, b.binding), b.dtype)
        nbytes = sp.buffer_bytes if b.kind == "storage_buffer" else min(sp.buffer_bytes, BUFFER_BYTES)
        arrays[(b.set, b.binding)] = fill(rng, dtype, nbytes, sp)
    push = None
    if pipe.push_constant_size:
        push = sp.push if sp.push is not None else random_push(rng, pipe.push_constant_size, sp)
    return arrays, push


def close(got, want, ulps, atol):
    """Elementwise: equal (any NaN equals any NaN and +0 equals -0: Vulkan preserves
    neither NaN payloads nor the sign of zero unless a module asks), or within `ulps` units
    in the last place of the larger magnitude plus `atol`."""
    both_nan = np.isnan(got) & np.isnan(want)
    if np.all(ulps == 0) and np.all(atol == 0):
        return (got == want) | both_nan
    with np.errstate(invalid="ignore", over="ignore"):
        g, w = got.astype(np.float64), want.astype(np.float64)
        scale = np.spacing(np.maximum(np.abs(g), np.abs(w)).astype(got.dtype)).astype(np.float64)
        ok = (g == w) | (np.abs(g - w) <= ulps * scale + atol)
    return ok | both_nan


def compare(name, pipe, inputs_, ref, got, sp, label):
    """Every writable binding of `got` (spirjit) against `ref` (lavapipe)."""
    problems = []
    written = [b for b in pipe.bindings if not b.read_only]
    if written and all(np.array_equal(ref[(b.set, b.binding)].view(np.uint8), inputs_[(b.set, b.binding)].view(np.uint8))
                       for b in written):
        pytest.fail(f"{name} ({label}): lavapipe changed no buffer, so the comparison would prove nothing",
                    pytrace=False)
    for b in pipe.bindings:
        key = (b.set, b.binding)
        if b.read_only:
            continue
        want, have = ref[key], got[key]
        skip_bytes = None
        if sp.ignore and key in sp.ignore:
            skip_bytes = sp.ignore[key](have.nbytes)
        stride = have.dtype.itemsize
        for (off, w), (_, h) in zip(leaf_views(want), leaf_views(have)):
            keep = np.ones(w.size, dtype=bool)
            if skip_bytes is not None:
                keep = ~skip_bytes[off::stride][:w.size]
            if w.dtype.kind == "f":
                ulps, atol = (t(w.size) if callable(t) else t for t in (sp.ulps, sp.atol))
                bad = ~close(h, w, ulps, atol) & keep
            else:
                bad = (h != w) & keep
            if bad.any():
                idx = np.flatnonzero(bad)
                shown = ", ".join(f"[{i}] spirjit {h[i]!r} lavapipe {w[i]!r}" for i in idx[:4])
                problems.append(f"binding {key} '{b.name}' {w.dtype} at byte {off} of each {stride}-byte element: "
                                f"{idx.size} of {w.size} differ; first at byte {idx[0] * stride + off}: {shown}")
    if problems:
        hint = ""
        if OP_SMOD in vkref.opcodes(read(name)):
            hint = ("\n  (the module uses OpSMod, which llvmpipe computes as OpSRem when an operand is negative: "
                    "if the differences come from %, give it non-negative inputs in SPECIAL)")
        pytest.fail(f"{name} ({label}) differs from lavapipe:\n  " + "\n  ".join(problems) + hint, pytrace=False)


def bytewise_copy(a):
    """A copy of every byte of `a`: NumPy copies structured arrays field by field, leaving
    the padding between fields (std140 gaps a shader may read) uninitialised."""
    return a.reshape(-1).view(np.uint8).copy().view(a.dtype).reshape(a.shape)


def run_both(name, spv, entry, pipe, arrays, push, groups, base=(0, 0, 0), specialization=None):
    kinds = {(b.set, b.binding): b.kind for b in pipe.bindings}
    spec_bytes = None
    if specialization:
        types = {c.id: c.type for c in pipe.spec_constants}
        spec_bytes = {k: vkref.spec_value(types[k], v) for k, v in specialization.items()}
    ref = vkref.run(spv, entry, {k: (kinds[k], a) for k, a in arrays.items()}, push_constants=push,
                    specialization=spec_bytes, groups=groups, base=base)
    got = {k: bytewise_copy(a) for k, a in arrays.items()}
    pipe.dispatch(groups, bindings=got, push_constants=push, base=base)
    return ref, got


def params():
    out = []
    for name in modules():
        for variant, sp in variants(name).items():
            marks = [pytest.mark.xfail(reason=sp.xfail, strict=True)] if sp.xfail else []
            label = f"{name}[{variant}]" if variant else name
            for lanes in (1, 4):
                out.append(pytest.param(name, variant, lanes, id=f"{label}-lanes{lanes}", marks=marks))
    return out


@pytest.mark.parametrize("name, variant, lanes", params())
def test_module_matches_lavapipe(name, variant, lanes):
    sp = special(name, variant)
    if sp.skip:
        pytest.skip(sp.skip)
    spv = read(name)
    require_reference(spv)
    entry, pipe = make_pipeline(name, spv, lanes)
    arrays, push = inputs(name, pipe, sp)
    ref, got = run_both(name, spv, entry, pipe, arrays, push, sp.groups)
    compare(name, pipe, arrays, ref, got, sp, f"lanes={lanes}, groups={sp.groups}")


SPECIALIZATIONS = [
    ({}, (0, 0, 0), (5, 1, 1)),
    ({0: 32, 1: 2.5, 2: 5, 3: True, 4: 3}, (2, 0, 0), (3, 1, 1)),
    ({0: 16, 1: -0.75, 2: 11, 4: 7}, (1, 0, 0), (4, 1, 1)),
    ({0: 64, 2: -4, 3: False, 4: 0xFFFFFFFF}, (0, 0, 0), (2, 1, 1)),
    ({0: 8, 1: 4.0, 3: True}, (7, 0, 0), (1, 1, 1)),
]


@pytest.mark.parametrize("case", range(len(SPECIALIZATIONS)), ids=lambda c: f"case{c}")
@pytest.mark.parametrize("lanes", [1, 4], ids=lambda n: f"lanes{n}")
@pytest.mark.parametrize("name", ["spec", "spec_id"])
def test_specialization_and_base_match_lavapipe(name, lanes, case):
    specialization, base, groups = SPECIALIZATIONS[case]
    spv = read(name)
    require_reference(spv)
    entry, pipe = make_pipeline(name, spv, lanes, specialization)
    sp = special(name)
    arrays, push = inputs(name, pipe, sp, seed_extra=str(case))
    ref, got = run_both(name, spv, entry, pipe, arrays, push, groups, base, specialization)
    compare(name, pipe, arrays, ref, got, sp, f"lanes={lanes}, specialization={specialization}, base={base}, groups={groups}")


# Descriptor arrays of buffers, fixed and run-time sized: (module, push constants as a
# function of the count, counts bound to (0, 0), words of each 4-word record of the output
# (1, 0) not compared). Lavapipe (Mesa 22.3) gives every invocation the first one's
# buffer for a non-uniform index into a uniform-buffer array and for OpArrayLength of a
# non-uniformly indexed buffer; spirjit's values there are checked by tests/vulkan_rest.rs.
ARRAY_CASES = [
    ("buffer_arrays", lambda n: np.array([2], np.uint32), [4], (2, 3)),
    ("buffer_arrays_runtime", lambda n: np.array([n, n - 1, 0], np.uint32), [1, 3, 6], (2,)),
]


@pytest.mark.parametrize("lanes", [1, 4], ids=lambda n: f"lanes{n}")
@pytest.mark.parametrize("case", range(len(ARRAY_CASES)), ids=lambda c: ARRAY_CASES[c][0])
def test_descriptor_arrays_match_lavapipe(case, lanes):
    name, push_of, counts, skipped = ARRAY_CASES[case]
    spv = read(name)
    require_reference(spv)
    pipe = spirjit.Program(os.path.join(VULKAN, name + ".spv"), lanes=lanes).pipeline("main")
    kinds = {(b.set, b.binding): b.kind for b in pipe.bindings}
    rng = np.random.default_rng(7)
    n = 16
    for count in counts:
        arrays = {}
        for b in pipe.bindings:
            k = (b.set, b.binding)
            one = b.count == 1
            many = count if b.count is None or k == (0, 0) else b.count
            make = lambda j: (rng.integers(-64, 64, (4 if b.kind == "uniform_buffer" else n + 3 * j) + (
                4 * n + 1 if one else 0)) / 4).astype(np.float32)
            arrays[k] = make(0) if one else [make(j) for j in range(many)]
        push = push_of(count)
        ref = vkref.run(spv, "main", {k: (kinds[k], a) for k, a in arrays.items()}, push_constants=push.tobytes(),
                        groups=(n // 4, 1, 1))
        got = {k: [x.copy() for x in a] if isinstance(a, list) else a.copy() for k, a in arrays.items()}
        pipe.dispatch(n // 4, bindings=got, push_constants=push)
        for k in arrays:
            want = ref[k] if isinstance(ref[k], list) else [ref[k]]
            have = got[k] if isinstance(got[k], list) else [got[k]]
            for j, (w, h) in enumerate(zip(want, have)):
                keep = np.ones(h.size, bool)
                if k == (1, 0):
                    for word in skipped:
                        keep[word:4 * n:4] = False
                np.testing.assert_array_equal(h[keep], w[keep], err_msg=f"{name}, {count} buffers, binding {k}[{j}]")


def test_reference_runs_a_known_shader():
    """vkref itself: vadd from base group 1, read-only inputs untouched, other elements kept."""
    spv = read("vadd")
    require_reference(spv)
    a = np.arange(256, dtype=np.float32)
    b = np.full(256, 0.5, dtype=np.float32)
    c = np.full(256, -1.0, dtype=np.float32)
    out = vkref.run(spv, "main", {(0, 0): ("storage_buffer", a), (0, 1): ("storage_buffer", b),
                                  (0, 2): ("storage_buffer", c)}, groups=(2, 1, 1), base=(1, 0, 0))
    want = np.where((np.arange(256) >= 64) & (np.arange(256) < 192), a + b, -1.0).astype(np.float32)
    np.testing.assert_array_equal(out[(0, 2)], want)
    np.testing.assert_array_equal(out[(0, 0)], a)
    assert (c == -1.0).all()

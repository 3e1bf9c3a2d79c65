"""Vulkan images from Python through the pipeline API, with the shaders of
tests/kernels/vulkan/images (the expected results follow tests/vulkan_images.rs): storage
images in several formats, sampling against a NumPy reference of Vulkan's rules,
combined image samplers, cube maps, depth compares, descriptor arrays, texel buffers,
image atomics, and the errors for a wrong kind of value."""

import os

import numpy as np
import pytest

import spirjit
from conftest import CORPUS

IMAGES = os.path.join(CORPUS, "vulkan", "images")
W, H = 8, 2


def pipeline(name, lanes=4):
    return spirjit.Program(os.path.join(IMAGES, name + ".spv"), lanes=lanes).pipeline("main")


# --- storage images ---------------------------------------------------------------------

def run_formats(part, img, stored, loaded):
    pipe = pipeline(f"formats_p{part}")
    assert [b.kind for b in pipe.bindings] == ["storage_image", "storage_buffer", "storage_buffer"]
    pipe.dispatch((2, 1), bindings={(0, 0): img, (0, 1): stored, (0, 2): loaded})


def four(channels, fill=(0, 0, 1)):
    """Channels (..., n) as what an image load returns: missing ones 0, 0, 1."""
    n = channels.shape[-1]
    pad = np.broadcast_to(np.array(fill[n - 1:], channels.dtype), channels.shape[:-1] + (4 - n,))
    return np.concatenate([channels, pad], axis=-1)


def test_storage_image_float_formats():
    rng = np.random.default_rng(1)
    # rgba32f: values read and written exactly.
    init = (rng.integers(-40, 40, (H, W, 4)) * 0.25).astype(np.float32)
    put = (rng.integers(-40, 40, (H, W, 4)) * 0.25).astype(np.float32)
    img = spirjit.Image(init, format="rgba32f")
    assert (img.channel_order, img.channel_type, img.dim) == ("rgba", "float", "2d")
    loaded = np.zeros((H * W, 4), np.float32)
    run_formats(1, img, put.reshape(-1, 4), loaded)
    np.testing.assert_array_equal(loaded, init.reshape(-1, 4))
    np.testing.assert_array_equal(img.to_numpy(), put)
    # r32f: one channel, no channel axis; loads give (r, 0, 0, 1).
    init = (rng.integers(-40, 40, (H, W)) * 0.25).astype(np.float32)
    put = (rng.integers(-40, 40, (H * W, 4)) * 0.25).astype(np.float32)
    img = spirjit.Image(init, format="R32_SFLOAT")
    run_formats(3, img, put, loaded)
    np.testing.assert_array_equal(loaded, four(init.reshape(-1, 1)))
    np.testing.assert_array_equal(img.to_numpy(), put[:, 0].reshape(H, W))


def test_storage_image_unorm8():
    rng = np.random.default_rng(2)
    init = rng.integers(0, 256, (H, W, 4), dtype=np.uint8)
    put = rng.integers(0, 256, (H, W, 4), dtype=np.uint8)
    img = spirjit.Image(init, format="rgba8")
    assert (img.channel_order, img.channel_type) == ("rgba", "unorm8")
    loaded = np.zeros((H * W, 4), np.float32)
    run_formats(4, img, (put.astype(np.float32) / 255).reshape(-1, 4), loaded)
    np.testing.assert_allclose(loaded, init.reshape(-1, 4) / 255.0, rtol=1e-6)
    np.testing.assert_array_equal(img.to_numpy(), put)


@pytest.mark.parametrize("lanes", [1, 4])
def test_storage_image_r32ui_and_r64ui(lanes):
    rng = np.random.default_rng(3)
    init = rng.integers(0, 2**32, (H, W), dtype=np.uint32)
    put = rng.integers(0, 2**32, (H * W, 4), dtype=np.uint32)
    img = spirjit.Image(init, format="r32ui")
    assert (img.channel_order, img.channel_type) == ("r", "uint32")
    loaded = np.zeros((H * W, 4), np.uint32)
    pipe = pipeline("formats_p33", lanes)
    pipe.dispatch((2, 1), bindings={(0, 0): img, (0, 1): put, (0, 2): loaded})
    np.testing.assert_array_equal(loaded, four(init.reshape(-1, 1)))
    np.testing.assert_array_equal(img.to_numpy(), put[:, 0].reshape(H, W))
    # r64ui: 64-bit texels, loaded as u64vec4.
    init = rng.integers(0, 2**63, (H, W), dtype=np.uint64)
    put = rng.integers(0, 2**63, (H * W, 4), dtype=np.uint64)
    img = spirjit.Image(init, format="r64ui")
    assert img.channel_type == "uint64"
    loaded = np.zeros((H * W, 4), np.uint64)
    pipeline("formats_p40", lanes).dispatch((2, 1), bindings={(0, 0): img, (0, 1): put, (0, 2): loaded})
    np.testing.assert_array_equal(loaded, four(init.reshape(-1, 1)))
    np.testing.assert_array_equal(img.to_numpy(), put[:, 0].reshape(H, W))


def pack2101010(q):
    q = q.astype(np.uint32)
    return q[..., 0] | q[..., 1] << 10 | q[..., 2] << 20 | q[..., 3] << 30


def test_storage_image_rgb10_a2():
    rng = np.random.default_rng(4)
    maxes = np.array([1023, 1023, 1023, 3])
    q_init = rng.integers(0, maxes + 1, (H, W, 4))
    q_put = rng.integers(0, maxes + 1, (H, W, 4))
    # One uint32 per texel: r in bits 0..10, g 10..20, b 20..30, a 30..32.
    img = spirjit.Image(pack2101010(q_init), format="rgb10a2")
    assert (img.channel_order, img.channel_type, img.shape) == ("rgba", "unorm2101010", (H, W))
    loaded = np.zeros((H * W, 4), np.float32)
    run_formats(11, img, (q_put / maxes).astype(np.float32).reshape(-1, 4), loaded)
    np.testing.assert_allclose(loaded, (q_init / maxes).reshape(-1, 4), rtol=1e-6)
    np.testing.assert_array_equal(img.to_numpy(), pack2101010(q_put))
    # The unnormalized variant, by channel type.
    img = spirjit.Image(pack2101010(q_init), "rgba", "unsigned_int_2101010")
    loaded = np.zeros((H * W, 4), np.uint32)
    pipeline("formats_p34").dispatch((2, 1), bindings={
        (0, 0): img, (0, 1): q_put.astype(np.uint32).reshape(-1, 4), (0, 2): loaded})
    np.testing.assert_array_equal(loaded, q_init.reshape(-1, 4))
    np.testing.assert_array_equal(img.to_numpy(), pack2101010(q_put))


def test_format_names_and_cube_images():
    spellings = {
        "rgba16f": ("rgba", "half"), "Rgba8Snorm": ("rgba", "snorm8"), "R11fG11fB10f": ("rgb", "ufloat111110"),
        "r11g11b10f": ("rgb", "ufloat111110"), "VK_FORMAT_B10G11R11_UFLOAT_PACK32": ("rgb", "ufloat111110"),
        "rgb10_a2ui": ("rgba", "uint2101010"), "A2B10G10R10_UNORM_PACK32": ("rgba", "unorm2101010"),
        "r64i": ("r", "sint64"), "R16G16_SINT": ("rg", "sint16"), "B8G8R8A8_UNORM": ("bgra", "unorm8"),
        "rg8ui": ("rg", "uint8"),
    }
    dtypes = {"half": np.float16, "snorm8": np.int8, "ufloat111110": np.uint32, "uint2101010": np.uint32,
              "unorm2101010": np.uint32, "sint64": np.int64, "sint16": np.int16, "unorm8": np.uint8,
              "uint8": np.uint8}
    channels = {"rgba": 4, "bgra": 4, "rg": 2, "rgb": 1, "r": 1}
    for name, (order, ty) in spellings.items():
        packed = ty in ("ufloat111110", "uint2101010", "unorm2101010")
        shape = (2, 3) if packed or channels[order] == 1 else (2, 3, channels[order])
        img = spirjit.Image(np.zeros(shape, dtypes[ty]), format=name)
        assert (img.channel_order, img.channel_type) == (order, ty), name
    # Cube maps: six square faces per cube, as layers.
    faces = np.arange(6 * 3 * 3 * 4, dtype=np.float32).reshape(6, 3, 3, 4)
    cube = spirjit.Image(faces, format="rgba32f", dim="cube")
    assert (cube.dim, cube.width, cube.height, cube.array_size) == ("cube", 3, 3, 6)
    np.testing.assert_array_equal(cube.to_numpy(), faces)
    cubes = spirjit.Image(np.zeros((2, 6, 4, 4), np.float32), format="r32f", dim="cube_array")
    assert (cubes.dim, cubes.array_size, cubes.shape) == ("cube_array", 12, (2, 6, 4, 4))
    assert spirjit.Image(np.zeros((12, 4, 4), np.float32), format="r32f", dim="cube_array").array_size == 12
    assert spirjit.Image(np.zeros((2, 4, 4), np.float32), format="r32f", dim="2d_array").array_size == 2


# --- sampling ---------------------------------------------------------------------------

COORDS = np.array([
    [-0.3, 0.1, 0.0, 0.4], [0.0, 0.0, 1.0, 0.5], [0.37, 0.62, 0.0, 0.2], [0.99, 0.5, 1.0, 0.9],
    [1.2, -0.6, 0.0, 0.6], [2.7, 1.1, 1.0, 0.3], [-1.45, 0.8, 0.0, 0.7], [0.5, 0.5, 1.0, 0.55],
], np.float32)


def ref_image(w, h):
    v = (np.arange(w * h) * 5 % 13).astype(np.float32) / 13
    return np.stack([v, 1 - v, v * 0.5, (np.arange(w * h) % 3).astype(np.float32)], -1).reshape(h, w, 4)


def wrap(i, size, mode):
    """Vulkan's wrapping of integer texel coordinate ``i`` (-1 or ``size``: the border)."""
    def mirror(a):
        return a if a >= 0 else -(1 + a)
    if mode == "repeat":
        return i % size
    if mode == "mirrored_repeat":
        return (size - 1) - mirror(i % (2 * size) - size)
    if mode == "clamp_to_border":
        return min(max(i, -1), size)
    if mode == "mirror_clamp_to_edge":
        return min(mirror(i), size - 1)
    return min(max(i, 0), size - 1)


def sample_ref(img, c, modes, normalized, linear, border, offset=(0, 0)):
    """Vulkan sampling of an (h, w, 4) float image at float coordinates ``c`` (x, y)."""
    h, w = img.shape[:2]

    def at(x, y):
        return img[y, x] if 0 <= x < w and 0 <= y < h else np.asarray(border, np.float32)
    foot = []
    for k, size in enumerate((w, h)):
        u = np.float32(c[k]) * np.float32(size) if normalized else np.float32(c[k])
        if linear:
            x = u - np.float32(0.5)
            i0 = int(np.floor(x)) + offset[k]
            foot.append((wrap(i0, size, modes[k]), wrap(i0 + 1, size, modes[k]), x - np.floor(x)))
        else:
            i = wrap(int(np.floor(u)) + offset[k], size, modes[k])
            foot.append((i, i, 0.0))
    (i0, i1, a), (j0, j1, b) = foot
    if not linear:
        return at(i0, j0)
    return ((1 - a) * (1 - b) * at(i0, j0) + a * (1 - b) * at(i1, j0) + (1 - a) * b * at(i0, j1)
            + a * b * at(i1, j1))


MODES = ["repeat", "mirrored_repeat", "clamp_to_edge", "clamp_to_border", "mirror_clamp_to_edge"]
BORDERS = {"transparent_black": (0, 0, 0, 0), "opaque_black": (0, 0, 0, 1), "opaque_white": (1, 1, 1, 1)}


def samplers():
    """Each filter with every mode on u (the next mode on v), normalized; and the clamp
    modes unnormalized."""
    out = []
    for f in ("nearest", "linear"):
        for k, m in enumerate(MODES):
            out.append(spirjit.Sampler(True, (m, MODES[(k + 1) % len(MODES)]), f, border="opaque_white"))
        for m in ("clamp_to_edge", "clamp_to_border"):
            out.append(spirjit.Sampler(False, m, f, border="opaque_black"))
    return out


def check_samples(got, coords, ref, s, offset=(0, 0)):
    border = BORDERS[s.border.removeprefix("float_")]
    for c, g in zip(coords, got):
        want = sample_ref(ref, c, s.addressing_uvw, s.normalized, s.filter == "linear", border, offset)
        np.testing.assert_allclose(g, want, atol=1e-4, err_msg=f"{s} at {c}")


@pytest.mark.parametrize("lanes", [1, 4])
@pytest.mark.parametrize("part", [1, 2, 4])
def test_sampling_filters_and_per_axis_addressing(part, lanes):
    """Part 1: combined image sampler; 2: separate image and sampler; 4: with a texel offset."""
    ref = ref_image(4, 4)
    pipe = pipeline(f"sample_p{part}", lanes)
    kinds = [b.kind for b in pipe.bindings]
    assert kinds[0] == ("sampled_image" if part == 2 else "combined_image_sampler")
    for s in samplers():
        img = spirjit.Image(ref, format="rgba32f")
        coords = COORDS * (np.array([1, 1, 1, 1], np.float32) if s.normalized else np.array([4, 4, 1, 1], np.float32))
        out = np.zeros((len(coords), 4), np.float32)
        if part == 2:
            bindings = {(0, 0): img, (0, 1): s}
        elif s.filter == "linear":
            bindings = {(0, 0): spirjit.SampledImage(img, s)}
        else:
            bindings = {(0, 0): (img, s)}
        bindings.update({(0, 2): coords, (0, 3): out})
        pipe.dispatch(2, bindings=bindings)
        check_samples(out, coords, ref, s, (1, -1) if part == 4 else (0, 0))


@pytest.mark.parametrize("op", ["less", ">=", "always"])
def test_depth_compare(op):
    depth = ref_image(4, 4)[..., 0].copy()
    passes = {"less": np.less, ">=": np.greater_equal, "always": lambda r, d: np.ones_like(d, bool)}[op]
    pipe = pipeline("sample_p5")
    for f in ("nearest", "linear"):
        s = spirjit.Sampler(True, "repeat", f, compare=op)
        out = np.zeros((len(COORDS), 4), np.float32)
        pipe.dispatch(2, bindings={(0, 0): (spirjit.Image(depth, format="D32_SFLOAT"), s), (0, 2): COORDS,
                                   (0, 3): out})
        for c, g in zip(COORDS, out):
            cmp = passes(np.float32(c[3]), depth).astype(np.float32)
            want = sample_ref(np.stack([cmp] * 4, -1), c, ("repeat",) * 2, True, f == "linear", (0, 0, 0, 0))
            assert abs(g[0] - want[0]) < 1e-4, (f, op, c, g, want)


def test_cube_map_selects_faces():
    # Texel (x, y) of face f holds 10 f + 2 y + x.
    faces = np.zeros((6, 2, 2, 4), np.float32)
    faces[..., 0] = np.arange(6)[:, None, None] * 10 + np.arange(2)[None, :, None] * 2 + np.arange(2)
    faces[..., 3] = 1
    cube = spirjit.Image(faces, format="rgba32f", dim="cube")
    coords = np.array([
        [1.0, -0.2, -0.2, 0.0], [-1.0, -0.2, 0.2, 0.0], [0.2, 1.0, 0.2, 0.0], [0.2, -1.0, -0.2, 0.0],
        [0.2, -0.2, 1.0, 0.0], [-0.2, -0.2, -1.0, 0.0], [0.9, 0.1, -0.1, 0.0], [-0.1, 0.1, -0.9, 0.0],
    ], np.float32)
    out = np.zeros((8, 4), np.float32)
    pipeline("sample_p9").dispatch(2, bindings={
        (0, 0): spirjit.SampledImage(cube, spirjit.Sampler(True)), (0, 2): coords, (0, 3): out})
    np.testing.assert_array_equal(out[:, 0], [3, 13, 23, 33, 43, 53, 1, 51])


@pytest.mark.parametrize("lanes", [1, 4])
def test_descriptor_arrays_of_images(lanes):
    pipe = pipeline("arrays", lanes)
    assert [(b.set, b.binding, b.kind, b.count) for b in pipe.bindings] == [
        (0, 0, "combined_image_sampler", 3), (0, 1, "storage_image", 2), (1, 0, "storage_buffer", 1)]

    def one(v):
        return spirjit.Image(np.full((1, 1), v, np.float32), format="r32f")
    s = spirjit.Sampler()
    outs = np.zeros((12, 4), np.float32)
    pipe.dispatch(1, bindings={(0, 0): [(one(10), s), spirjit.SampledImage(one(11), s), (one(12), s)],
                               (0, 1): [one(20), one(21)], (1, 0): outs},
                  push_constants=np.array([2], np.int32))
    for i in range(4):
        np.testing.assert_array_equal(outs[3 * i], [12, 0, 0, 1])
        np.testing.assert_array_equal(outs[3 * i + 1], [10 + i % 3, 0, 0, 1])
        np.testing.assert_array_equal(outs[3 * i + 2], [21, 0, 0, 1])


@pytest.mark.parametrize("lanes", [1, 4])
def test_run_time_sized_descriptor_arrays_of_images(lanes):
    pipe = pipeline("arrays_runtime", lanes)
    assert [(b.set, b.binding, b.kind, b.count) for b in pipe.bindings] == [
        (0, 0, "combined_image_sampler", None), (0, 1, "storage_image", None),
        (0, 2, "uniform_texel_buffer", None), (1, 0, "storage_buffer", 1)]

    def one(v):
        return spirjit.Image(np.full((1, 1), v, np.float32), format="r32f")

    def texel(v):
        return spirjit.Image(np.full(2, v, np.float32), format="r32f", buffer=True)
    s = spirjit.Sampler()
    for n, index in [(1, 0), (3, 2), (5, 4)]:
        imgs = [one(20), one(21)]
        outs = np.zeros((17, 4), np.float32)
        pipe.dispatch(1, bindings={(0, 0): [(one(10 + t), s) for t in range(n)], (0, 1): imgs,
                                   (0, 2): [texel(30 + t) for t in range(n)], (1, 0): outs},
                      push_constants=np.array([index, n, -1], np.int32))
        for i in range(4):
            np.testing.assert_array_equal(outs[4 * i], [10 + index, 0, 0, 1])
            np.testing.assert_array_equal(outs[4 * i + 1], [10 + i % n, 0, 0, 1])
            np.testing.assert_array_equal(outs[4 * i + 2], [20 + i % 2, 0, 0, 1])
            np.testing.assert_array_equal(outs[4 * i + 3], [30 + index, 0, 0, 1])
        assert [im.to_numpy()[0, 0] for im in imgs] == [0, 1]
    # An index past the images bound: an error, or zeros under robust buffer access.
    args = {(0, 0): [(one(10), s)], (0, 1): [one(20), one(21)], (0, 2): [texel(30)],
            (1, 0): np.zeros((17, 4), np.float32)}
    with pytest.raises(spirjit.KernelError, match="out-of-bounds"):
        pipe.dispatch(1, bindings=args, push_constants=np.array([0, 1, 2], np.int32))
    robust = spirjit.Program(os.path.join(IMAGES, "arrays_runtime.spv"), lanes=lanes,
                             robust_buffer_access=True).pipeline("main")
    outs = np.full((17, 4), 7, np.float32)
    args[(1, 0)] = outs
    robust.dispatch(1, bindings=args, push_constants=np.array([0, 1, 5], np.int32))
    np.testing.assert_array_equal(outs[16], [0, 0, 0, 0])


def test_one_image_bound_to_several_read_only_bindings():
    pipe = pipeline("arrays")

    def one(v):
        return spirjit.Image(np.full((1, 1), v, np.float32), format="r32f")
    s = spirjit.Sampler()
    shared = one(7)
    outs = np.zeros((12, 4), np.float32)
    # The same image as two combined image samplers (with other samplers) and a
    # readonly storage image of the same dispatch.
    pipe.dispatch(1, bindings={(0, 0): [(shared, s), (one(8), s), (shared, spirjit.Sampler(True, "repeat"))],
                               (0, 1): [one(20), shared], (1, 0): outs},
                  push_constants=np.array([2], np.int32))
    for i in range(4):
        np.testing.assert_array_equal(outs[3 * i], [7, 0, 0, 1])
        np.testing.assert_array_equal(outs[3 * i + 1], [(7, 8, 7)[i % 3], 0, 0, 1])
        np.testing.assert_array_equal(outs[3 * i + 2], [7, 0, 0, 1])
    assert shared.to_numpy()[0, 0] == 7


def test_one_image_bound_where_the_shader_writes_it_twice_is_refused():
    pipe = pipeline("arrays_runtime")

    def one(v):
        return spirjit.Image(np.full((1, 1), v, np.float32), format="r32f")
    img = one(5)
    texel = spirjit.Image(np.zeros(2, np.float32), format="r32f", buffer=True)
    with pytest.raises(spirjit.ArgumentError, match="read-only in each"):
        pipe.dispatch(1, bindings={(0, 0): [(img, spirjit.Sampler())], (0, 1): [img, one(1)], (0, 2): [texel],
                                   (1, 0): np.zeros((17, 4), np.float32)},
                      push_constants=np.array([0, 1, -1], np.int32))
    # Nothing ran, and the image is usable again.
    assert img.to_numpy()[0, 0] == 5


# --- texel buffers and atomics ------------------------------------------------------------

@pytest.mark.parametrize("lanes", [1, 4])
def test_texel_buffers(lanes):
    pipe = pipeline("texel_buffers", lanes)
    assert [b.kind for b in pipe.bindings] == [
        "uniform_texel_buffer", "storage_texel_buffer", "storage_texel_buffer", "storage_buffer"]
    n = 12
    vals = np.arange(4 * n, dtype=np.float32).reshape(n, 4) * 0.25
    src = spirjit.Image(vals, format="rgba32f", buffer=True)
    dst = spirjit.Image(np.zeros((n, 4), np.float32), format="rgba32f", dim="1d_buffer")
    counts = spirjit.Image(np.zeros(4, np.uint32), format="r32ui", buffer=True)
    sizes = np.zeros(2, np.int32)
    pipe.dispatch(3, bindings={(0, 0): src, (0, 1): dst, (0, 2): counts, (0, 3): sizes})
    np.testing.assert_array_equal(dst.to_numpy(), vals * 2)
    np.testing.assert_array_equal(counts.to_numpy(), [3, 3, 3, 3])
    np.testing.assert_array_equal(sizes, [n, n])


@pytest.mark.parametrize("lanes", [1, 4])
def test_image_atomics(lanes):
    u = spirjit.Image(np.zeros((3, 4), np.uint32), format="r32ui")
    s = spirjit.Image(np.zeros((2, 4), np.int32), format="r32i")
    w = spirjit.Image(np.zeros((1, 4), np.uint64), format="r64ui")
    olds = np.zeros(16, np.uint32)
    pipeline("atomics", lanes).dispatch(2, bindings={(0, 0): u, (0, 1): s, (0, 2): w, (0, 3): olds})
    uv, sv, wv = u.to_numpy(), s.to_numpy(), w.to_numpy()
    for x in range(4):
        idx = np.arange(x, 16, 4)
        assert uv[0, x] == idx.sum()
        assert uv[1, x] == (idx * 7 % 13).max()
        assert sv[0, x] == -idx.max()
        assert sv[1, x] == np.bitwise_or.reduce(1 << idx)
        assert wv[0, x] == sum(int(i) << 33 for i in idx)
        zeros = [i for i in idx if olds[i] == 0]
        assert len(zeros) == 1 and uv[2, x] == zeros[0] + 1


# --- samplers and errors ------------------------------------------------------------------

def test_sampler_state():
    s = spirjit.Sampler(True, ("repeat", "clamp_to_edge", "mirrored_repeat"), "linear",
                        border="int_opaque_white", compare="<=")
    assert s.addressing == ("repeat", "clamp_to_edge", "mirrored_repeat") == s.addressing_uvw
    assert (s.border, s.compare, s.is_vulkan) == ("int_opaque_white", "less_or_equal", True)
    assert spirjit.Sampler(True, ("repeat",)).addressing == "repeat"
    assert spirjit.Sampler(True, ("repeat", "clamp_to_edge")).addressing_uvw[2] == "clamp_to_edge"
    assert spirjit.Sampler(False, "clamp") == spirjit.Sampler(False, "clamp_to_border")
    assert not spirjit.Sampler(True, "VK_SAMPLER_ADDRESS_MODE_REPEAT").is_vulkan
    assert "opaque_black" in repr(spirjit.Sampler(border="opaque_black"))
    with pytest.raises(spirjit.ArgumentError, match="normalized=True"):
        spirjit.Sampler(False, ("clamp_to_edge", "mirror_clamp_to_edge"))
    with pytest.raises(spirjit.ArgumentError, match="normalized=True"):
        spirjit.Sampler(False, compare="less")
    with pytest.raises(spirjit.ArgumentError, match="unknown border"):
        spirjit.Sampler(border="grey")
    with pytest.raises(spirjit.ArgumentError, match="unknown compare"):
        spirjit.Sampler(True, compare="about")
    with pytest.raises(spirjit.ArgumentError, match="1 to 3 modes"):
        spirjit.Sampler(True, ("repeat",) * 4)


def test_image_errors():
    with pytest.raises(spirjit.ArgumentError, match="unknown format 'rgba9'"):
        spirjit.Image(np.zeros((2, 2, 4), np.uint8), format="rgba9")
    with pytest.raises(spirjit.ArgumentError, match="do not also pass"):
        spirjit.Image(np.zeros((2, 2, 4), np.uint8), channel_type="unorm8", format="rgba8")
    with pytest.raises(spirjit.ArgumentError, match="needs a float16 array, got float32"):
        spirjit.Image(np.zeros((2, 2, 4), np.float32), format="rgba16f")
    with pytest.raises(spirjit.ArgumentError, match=r"needs channel order 'rgb'.*r11f_g11f_b10f"):
        spirjit.Image(np.zeros((2, 2), np.uint32), "rgba", "ufloat111110")
    with pytest.raises(spirjit.ArgumentError, match="6 faces"):
        spirjit.Image(np.zeros((4, 2, 2), np.float32), format="r32f", dim="cube")
    with pytest.raises(spirjit.ArgumentError, match="square"):
        spirjit.Image(np.zeros((6, 2, 3), np.float32), format="r32f", dim="cube")
    with pytest.raises(spirjit.ArgumentError, match="either dim= or layered="):
        spirjit.Image(np.zeros((6, 2, 2), np.float32), format="r32f", dim="cube", layered=True)
    with pytest.raises(spirjit.ArgumentError, match="unknown dim"):
        spirjit.Image(np.zeros((2, 2), np.float32), format="r32f", dim="4d")
    with pytest.raises(spirjit.ArgumentError, match="SampledImage"):
        spirjit.SampledImage(np.zeros(3), spirjit.Sampler())


def test_binding_errors_name_the_binding_and_the_fix():
    ref = ref_image(4, 4)
    coords, out = COORDS, np.zeros((8, 4), np.float32)
    combined = pipeline("sample_p1")
    where = r"pipeline `main` binding \(0, 0\) 'tex'"
    with pytest.raises(spirjit.ArgumentError, match=where + r".*got Image .*SampledImage\(image, sampler\)"):
        combined.dispatch(2, bindings={(0, 0): spirjit.Image(ref, format="rgba32f"), (0, 2): coords, (0, 3): out})
    with pytest.raises(spirjit.ArgumentError, match=r"got ndarray .*spirjit\.Image\(array, format="):
        pipeline("formats_p1").dispatch(2, bindings={(0, 0): ref, (0, 1): ref, (0, 2): out})
    with pytest.raises(spirjit.ArgumentError, match="not a combined image sampler"):
        pipeline("formats_p1").dispatch(2, bindings={
            (0, 0): (spirjit.Image(ref, format="rgba32f"), spirjit.Sampler()), (0, 1): ref, (0, 2): out})
    with pytest.raises(spirjit.ArgumentError, match=r"got an image2d_t .*pass an imagecube_t \(dim='cube'\)"):
        pipeline("sample_p9").dispatch(2, bindings={
            (0, 0): (spirjit.Image(ref, format="rgba32f"), spirjit.Sampler(True)), (0, 2): coords, (0, 3): out})
    with pytest.raises(spirjit.ArgumentError, match=r"binding \(0, 1\) 'smp'.*got Image .*spirjit\.Sampler"):
        pipeline("sample_p2").dispatch(2, bindings={
            (0, 0): spirjit.Image(ref, format="rgba32f"), (0, 1): spirjit.Image(ref, format="rgba32f"),
            (0, 2): coords, (0, 3): out})
    with pytest.raises(spirjit.ArgumentError, match="addressing 'none'"):
        combined.dispatch(2, bindings={(0, 0): (spirjit.Image(ref, format="rgba32f"), spirjit.Sampler(False, "none")),
                                       (0, 2): coords, (0, 3): out})
    with pytest.raises(spirjit.ArgumentError, match=r"binding \(0, 1\) 'smp'.*addressing 'none'"):
        pipeline("sample_p2").dispatch(2, bindings={
            (0, 0): spirjit.Image(ref, format="rgba32f"), (0, 1): spirjit.Sampler(False, "none"),
            (0, 2): coords, (0, 3): out})
    pair = (spirjit.Image(ref, format="rgba32f"), spirjit.Sampler())
    with pytest.raises(spirjit.ArgumentError, match=r"\(0, 0\) 'texs\[0\]' is an array of 3 descriptors; got 2"):
        pipeline("arrays").dispatch(1, bindings={(0, 0): [pair, pair]})


def test_opencl_sampler_refuses_vulkan_state():
    prog = spirjit.Program(os.path.join(CORPUS, "images", "images.O2.spv"))
    img = spirjit.Image(np.zeros((2, 2, 4), np.float32), "rgba", "float")
    out = np.zeros((1, 4), np.float32)
    with pytest.raises(spirjit.ArgumentError, match="Vulkan sampler state"):
        prog.sample2d(img, spirjit.Sampler(True, ("repeat", "clamp_to_edge")), np.zeros((1, 2), np.float32), out,
                      global_size=1)
    # Without Vulkan state a sampler still binds to sampler_t, and clamp_to_border is OpenCL's clamp.
    prog.sample2d(img, spirjit.Sampler(False, "clamp_to_border", "linear"), np.full((1, 2), -5, np.float32), out,
                  global_size=1)
    np.testing.assert_array_equal(out, 0)

"""The pipeline API over Vulkan compute shaders (tests/kernels/vulkan): specialization
constants by SpecId, bindings by (set, binding), push constants, dispatches from a base
group, and the errors each mistake gives."""

import os

import numpy as np
import pytest

import spirjit
from conftest import CORPUS

VULKAN = os.path.join(CORPUS, "vulkan")


def shader(name, **kw):
    return spirjit.Program(os.path.join(VULKAN, name + ".spv"), **kw)


def spec_reference(src, local, base, groups, scale=1.0, offset=0, flip=False, shift=1):
    dst = np.full_like(src, -1.0)
    info = np.full(4 * (src.size // local), 7, dtype=np.uint32)
    for w in range(base, base + groups):
        tile = src[w * local:(w + 1) * local]
        dst[w * local:(w + 1) * local] = (tile[::-1] if flip else tile) * np.float32(scale) + np.float32(offset * 3 - 7)
        either = flip or offset > 10
        info[w * 4:w * 4 + 4] = [local, w, (shift << 4) | (shift ^ 5), groups if either else 0]
    return dst, info


@pytest.mark.parametrize("lanes", [1, 4])
@pytest.mark.parametrize("name", ["spec", "spec_id"])
def test_specialization_sets_constants_and_local_size(name, lanes):
    prog = shader(name, lanes=lanes)
    assert [c.id for c in prog.spec_constants] == [0, 1, 2, 3, 4]
    scale = prog.spec_constants[1]
    assert (scale.name, scale.type, scale.default, scale.value) == ("SCALE", "float32", 1.0, 1.0)
    assert prog.spec_constants[2].type == "int32" and prog.spec_constants[4].type == "uint32"
    pipe = prog.pipeline("main", {0: 32, 1: 2.5, 2: np.int32(5), 3: True, 4: 3})
    assert pipe.local_size == (32, 1, 1)
    assert [c.value for c in pipe.spec_constants] == [32, 2.5, 5, True, 3]
    assert [(b.set, b.binding, b.kind, b.count) for b in pipe.bindings] == [
        (0, 0, "storage_buffer", 1), (0, 1, "storage_buffer", 1), (0, 2, "storage_buffer", 1)]
    assert pipe.bindings[0].dtype == np.float32 and pipe.bindings[0].read_only
    src = (np.arange(8 * 32) % 97).astype(np.float32) * 0.25
    dst = np.full_like(src, -1.0)
    info = np.full(4 * 8, 7, dtype=np.uint32)
    pipe.dispatch((3,), bindings={(0, 0): src, (0, 1): dst, (0, 2): info}, base=(2,))
    want_dst, want_info = spec_reference(src, 32, 2, 3, 2.5, 5, True, 3)
    np.testing.assert_array_equal(dst, want_dst)
    np.testing.assert_array_equal(info, want_info)
    assert pipe.last_run.work_groups == 3


def test_defaults_and_push_constants():
    prog = shader("push")
    pipe = prog.pipeline("main")
    assert pipe.push_constant_size == 8 and pipe.local_size == (16, 1, 1)
    assert [b.kind for b in pipe.bindings] == ["storage_buffer", "uniform_buffer", "storage_buffer"]
    n = 64
    inp = np.arange(n, dtype=np.float32)
    bias = np.array([0, 0, 0, 0.5], dtype=np.float32)
    out = np.zeros(n, dtype=np.float32)
    push = np.zeros(1, dtype=[("scale", np.float32), ("n", np.uint32)])
    push[0] = (2.5, 50)
    pipe.dispatch(4, bindings={(1, 0): out, (0, 1): bias, (0, 0): inp}, push_constants=push)
    want = np.where(np.arange(n) < 50, inp * 2.5 + 0.5, -1.0).astype(np.float32)
    np.testing.assert_array_equal(out, want)


def test_mistakes_say_what_to_do():
    prog = shader("push")
    pipe = prog.pipeline("main")
    inp = np.zeros(64, dtype=np.float32)
    out = np.zeros(64, dtype=np.float32)
    bias = np.zeros(4, dtype=np.float32)
    with pytest.raises(spirjit.ArgumentError, match=r"binding \(0, 1\).*not bound"):
        pipe.dispatch(4, bindings={(0, 0): inp, (1, 0): out}, push_constants=b"\0" * 8)
    with pytest.raises(spirjit.ArgumentError, match="8 bytes of push constants"):
        pipe.dispatch(4, bindings={(0, 0): inp, (0, 1): bias, (1, 0): out})
    with pytest.raises(spirjit.ArgumentError, match=r"does not use binding\(s\) \(3, 3\)"):
        pipe.dispatch(4, bindings={(0, 0): inp, (0, 1): bias, (1, 0): out, (3, 3): out}, push_constants=b"")
    with pytest.raises(spirjit.ArgumentError, match=r"binding \(1, 0\).*C-contiguous"):
        pipe.dispatch(4, bindings={(0, 0): inp, (0, 1): bias, (1, 0): out[::2]}, push_constants=b"")
    with pytest.raises(spirjit.ArgumentError, match=r"binding \(1, 0\).*read-only|binding \(1, 0\).*writ"):
        ro = out.copy()
        ro.flags.writeable = False
        pipe.dispatch(4, bindings={(0, 0): inp, (0, 1): bias, (1, 0): ro}, push_constants=b"")
    with pytest.raises(spirjit.KernelError, match="out-of-bounds access.*set1.binding0"):
        pipe.dispatch(4, bindings={(0, 0): inp, (0, 1): bias, (1, 0): out[:8]}, push_constants=b"")
    with pytest.raises(spirjit.CompileError, match="no specialization constant with SpecId 7"):
        shader("spec").pipeline("main", {7: 1})
    with pytest.raises(spirjit.CompileError, match="cannot take the float value"):
        shader("spec").pipeline("main", {2: 1.5})
    with pytest.raises(KeyError, match="no entry point named 'nope'"):
        prog.pipeline("nope")
    vadd = spirjit.Program(os.path.join(CORPUS, "vadd_float.O2.spv"))
    with pytest.raises(spirjit.ArgumentError, match="OpenCL kernel"):
        vadd.pipeline("vadd_float")


@pytest.mark.parametrize("lanes", [1, 4])
def test_robust_buffer_access(lanes):
    prog = shader("push", lanes=lanes, robust_buffer_access=True)
    assert prog.options["robust_buffer_access"] is True
    pipe = prog.pipeline("main")
    inp = np.arange(40, dtype=np.float32)
    out = np.zeros(48, dtype=np.float32)
    bias = np.array([0, 0, 0, 0.5], dtype=np.float32)
    pipe.dispatch(4, bindings={(0, 0): inp, (0, 1): bias, (1, 0): out},
                  push_constants=np.array([2.0], dtype=np.float32).tobytes() + np.uint32(64).tobytes())
    want = np.where(np.arange(48) < 40, np.arange(48) * 2.0 + 0.5, 0.5).astype(np.float32)
    np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize("size", [4, 8, 16])
def test_required_subgroup_size(size):
    prog = shader("quad", lanes=1)
    pipe = prog.pipeline("main", required_subgroup_size=size)
    assert pipe.kernel.path.lanes == size
    src = np.arange(32, dtype=np.uint32)
    q = np.zeros((32, 4), dtype=np.uint32)
    ids = np.zeros((32, 4), dtype=np.uint32)
    pipe.dispatch(1, bindings={(0, 0): src, (0, 1): q, (0, 2): ids})
    assert (ids[:, 0] == size).all() and (ids[:, 1] == 32 // size).all()
    i = np.arange(32)
    np.testing.assert_array_equal(q[:, 1], src[i ^ 1])
    with pytest.raises(spirjit.ArgumentError, match="1, 2, 4, 8 or 16"):
        prog.pipeline("main", required_subgroup_size=3)


@pytest.mark.parametrize("lanes", [1, 4])
def test_buffer_device_addresses(lanes):
    pipe = shader("bda", lanes=lanes).pipeline("main")
    n = 40
    src = np.arange(n, dtype=np.float32)
    dst = np.full(48, -1, dtype=np.float32)
    nodes = np.zeros(6, dtype=np.uint64)  # three nodes: {next: u64, value: f32, pad: u32}
    base = nodes.ctypes.data
    for k, value in enumerate([1.0, 2.0, 4.0]):
        nodes[2 * k] = base + 16 * (k + 1) if k < 2 else 0
        nodes[2 * k + 1] = np.float32(value).view(np.uint32)
    push = np.array([src.ctypes.data, dst.ctypes.data, base, n], dtype=np.uint64)
    pipe.dispatch(3, push_constants=push, device_buffers=[src, dst, nodes])
    want = np.where(np.arange(48) < n, np.arange(48) * 2.0 + 7.0, -1.0).astype(np.float32)
    np.testing.assert_array_equal(dst, want)
    # Without the buffers, the accesses are out of bounds (unknown memory), not wild.
    with pytest.raises(spirjit.KernelError, match="out-of-bounds"):
        pipe.dispatch(3, push_constants=push, device_buffers=[src])


def run_runtime_array(pipe, count, k, bad=0):
    """Dispatch buffer_arrays_runtime with `count` buffers (buffer b holds 16 + 3 b floats)."""
    n = 16
    bufs = [(np.arange(n + 3 * b, dtype=np.float32) + 1) * (b + 1.5) for b in range(count)]
    o = np.zeros(4 * n + 1, np.float32)
    pipe.dispatch(n // 4, bindings={(0, 0): bufs, (1, 0): o}, push_constants=np.array([count, k, bad], np.uint32))
    return bufs, o


@pytest.mark.parametrize("lanes", [1, 4])
def test_run_time_sized_descriptor_arrays(lanes):
    n = 16
    pipe = shader("buffer_arrays_runtime", lanes=lanes).pipeline("main")
    info = pipe.bindings[0]
    assert (info.set, info.binding, info.kind, info.count, info.name, info.dtype) == (
        0, 0, "storage_buffer", None, "bufs", np.float32)
    assert pipe.bindings[1].count == 1

    def init(b, x):
        return (x + 1.0) * (b + 1.5)
    for count, k in [(1, 0), (3, 2), (6, 5), (3, 1)]:
        bufs, o = run_runtime_array(pipe, count, k)
        i = np.arange(n)
        out = o[:4 * n].reshape(n, 4)
        np.testing.assert_array_equal(out[:, 0], init(k, i) + init(0, i))
        np.testing.assert_array_equal(out[:, 1], init(i % count, i))
        np.testing.assert_array_equal(out[:, 2], n + 3 * ((i + 1) % count))
        np.testing.assert_array_equal(out[:, 3], n + 3 * (count - 1))
        for b, buf in enumerate(bufs):
            x = np.arange(buf.size)
            bumped = (x < n) & ((x + k) % count == b)
            np.testing.assert_array_equal(buf, init(b, x) + bumped, err_msg=f"{count} buffers, buffer {b}")
    # An index past the buffers bound: an error, never a wild access; zero when robust.
    with pytest.raises(spirjit.KernelError, match="out-of-bounds"):
        run_runtime_array(pipe, 3, 1, bad=3)
    robust = shader("buffer_arrays_runtime", lanes=lanes, robust_buffer_access=True).pipeline("main")
    _, o = run_runtime_array(robust, 3, 1, bad=9)
    assert o[4 * n] == 0
    _, o = run_runtime_array(robust, 3, 1, bad=2)
    assert o[4 * n] == init(2, 0)
    # A run-time sized array takes a list.
    with pytest.raises(spirjit.ArgumentError, match="run-time sized descriptor array; pass a list"):
        pipe.dispatch(1, bindings={(0, 0): np.zeros(4, np.float32), (1, 0): np.zeros(4, np.float32)},
                      push_constants=np.array([1, 0, 0], np.uint32))

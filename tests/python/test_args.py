"""Argument kinds and conversions: buffers of every dtype, scalars with range checks,
vectors, structs, local memory, constant pointers, and the argument error messages."""

import numpy as np
import pytest

import spirjit
from conftest import corpus


def test_buffers_are_zero_copy(vadd):
    a = np.arange(64, dtype=np.float32)
    b = np.full(64, 0.5, dtype=np.float32)
    c = np.zeros(64, dtype=np.float32)
    c_id = id(c)
    vadd(a, b, c, 64, global_size=64)
    assert id(c) == c_id
    np.testing.assert_array_equal(c, a + 0.5)
    # a view into a bigger array: results land in the base array
    big = np.zeros(128, dtype=np.float32)
    vadd(a, b, big[64:], 64, global_size=64)
    np.testing.assert_array_equal(big[64:], a + 0.5)
    assert not big[:64].any()


def test_multidimensional_arrays_are_accepted(vadd):
    a = np.arange(64, dtype=np.float32).reshape(8, 8)
    c = np.zeros((4, 4, 4), dtype=np.float32)
    vadd(a, a, c, 64, global_size=64)
    np.testing.assert_array_equal(c.reshape(-1), 2 * a.reshape(-1))


def test_scalar_kinds(tk):
    out = np.zeros(8, dtype=np.int64)
    vals = (-128, 255, -32768, 65535, -(2**31), 2**32 - 1, -(2**63), 2**64 - 1)
    tk.scalars(out, *vals, global_size=1)
    expected = [-128, -1, -32768, -1, -(2**31), -1, -(2**63), -1]  # the kernel sees the bits (no sign info)
    assert out[0] == -128 and out[2] == -32768 and out[4] == -(2**31) and out[6] == -(2**63)
    assert [int(v) & 0xFF for v in out[1:2]] == [255]
    assert out.tolist()[7] == expected[7]
    # NumPy scalars and bools work too
    tk.scalars(out, np.int8(-5), np.uint8(7), np.int16(3), True, np.int64(9), np.uint32(4), 5, np.uint64(6),
               global_size=1)
    assert out.tolist() == [-5, 7, 3, 1, 9, 4, 5, 6]


@pytest.mark.parametrize("index,value", [(1, 256), (1, -129), (3, 70000), (5, 2**32), (5, -(2**31) - 1),
                                         (7, 2**64), (8, -(2**63) - 1)])
def test_scalar_out_of_range(tk, index, value):
    args = [np.zeros(8, dtype=np.int64), 0, 0, 0, 0, 0, 0, 0, 0]
    args[index] = value
    with pytest.raises(spirjit.ArgumentError, match=f"argument {index} .* out of range"):
        tk.scalars(*args, global_size=1)


def test_scalar_wrong_kind(tk):
    out = np.zeros(8, dtype=np.int64)
    with pytest.raises(spirjit.ArgumentError, match="argument 5 'i' .* not an integer"):
        tk.scalars(out, 0, 0, 0, 0, 2.5, 0, 0, 0, global_size=1)
    with pytest.raises(spirjit.ArgumentError, match="pass an int"):
        tk.scalars(out, 0, 0, 0, 0, "3", 0, 0, 0, global_size=1)
    tk.scalars(out, 0, 0, 0, 0, 3.0, 0, 0, 0, global_size=1)  # an integral float is fine
    assert out[4] == 3


def test_floats(tk):
    out = np.zeros(2, dtype=np.float64)
    tk.floats(out, 1.5, np.float64(1e300), global_size=1)
    assert out.tolist() == [1.5, 1e300]
    tk.floats(out, 3, np.float32(0.25), global_size=1)
    assert out.tolist() == [3.0, 0.25]
    with pytest.raises(spirjit.ArgumentError, match="argument 1 'f' .* out of range of float32"):
        tk.floats(out, 1e39, 0.0, global_size=1)
    with pytest.raises(spirjit.ArgumentError, match="pass a float"):
        tk.floats(out, "1.0", 0.0, global_size=1)
    tk.floats(out, float("inf"), float("nan"), global_size=1)
    assert np.isinf(out[0]) and np.isnan(out[1])


def test_vector_values(tk):
    out = np.zeros(9, dtype=np.float32)
    tk.vectors(out, (1, 2, 3, 4), [5, 6, 7], np.array([8, 9], dtype=np.float32), global_size=1)
    assert out.tolist() == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    tk.vectors(out, np.arange(4, dtype=np.float32), (1, 2, 3, 0), (0.5, 0.25), global_size=1)
    assert out.tolist() == [0, 1, 2, 3, 1, 2, 3, 0.5, 0.25]
    with pytest.raises(spirjit.ArgumentError, match="argument 1 'v' is `float4`; got 3 components; it takes 4"):
        tk.vectors(out, (1, 2, 3), (1, 2, 3), (1, 2), global_size=1)
    with pytest.raises(spirjit.ArgumentError, match="argument 2 'w' .* out of range"):
        tk.vectors(out, (1, 2, 3, 4), (1, 2, 2**40), (1, 2), global_size=1)


def test_struct_by_value(tk):
    out = np.zeros(9, dtype=np.float32)
    members = (2.5, -3, 1, (0.5, 1.5), (10, 20, 30), 2**40)
    expected = [2.5, -3, 1, 0.5, 1.5, 10, 20, 30, float(2**40)]
    tk.byval(out, members, global_size=1)
    assert out.tolist() == expected
    # a NumPy structured scalar of the parameter's dtype, and raw bytes
    dt = tk.byval.params[1].dtype
    assert dt.itemsize == 40
    rec = np.zeros((), dtype=dt)
    rec["f0"], rec["f1"], rec["f2"], rec["f3"], rec["f4"], rec["f5"] = 2.5, -3, 1, (0.5, 1.5), (10, 20, 30), 2**40
    out[:] = 0
    tk.byval(out, rec[()], global_size=1)
    assert out.tolist() == expected
    out[:] = 0
    tk.byval(out, rec.tobytes(), global_size=1)
    assert out.tolist() == expected
    out[:] = 0
    tk.byval(out, np.array([rec]), global_size=1)
    assert out.tolist() == expected
    with pytest.raises(spirjit.ArgumentError, match="got 39 bytes; it takes 40 bytes"):
        tk.byval(out, rec.tobytes()[:39], global_size=1)
    with pytest.raises(spirjit.ArgumentError, match="got 2 members; the struct has 6"):
        tk.byval(out, (1, 2), global_size=1)


def test_vector_pointer_takes_flat_or_shaped_arrays(tk):
    x = np.arange(32, dtype=np.float32).reshape(8, 4)
    y = np.zeros_like(x)
    tk.vec_ptr(x, y, global_size=8)
    np.testing.assert_array_equal(y, 2 * x + np.array([0, 1, 2, 3], dtype=np.float32))
    with pytest.raises(spirjit.ArgumentError, match="got a float64 array — pass in.astype\\(np.float32\\)"):
        tk.vec_ptr(x.astype(np.float64), y, global_size=8)


def test_constant_pointer_accepts_read_only_arrays_and_lists(tk):
    table = np.array([7, 8, 9, 10], dtype=np.int32)
    table.setflags(write=False)
    out = np.zeros(8, dtype=np.int32)
    tk.constant_ptr(table, out, global_size=8)
    assert out.tolist() == [7, 8, 9, 10] * 2
    tk.constant_ptr([1, 2, 3, 4], out, global_size=8)
    assert out.tolist() == [1, 2, 3, 4] * 2


def test_byte_buffers(tk):
    buf = np.arange(16, dtype=np.uint8)
    tk.bytes_ptr(buf, global_size=16)
    assert buf.tolist() == list(range(1, 17))
    ba = bytearray(range(16))
    tk.bytes_ptr(ba, global_size=16)  # writable buffer-protocol objects are used in place
    assert list(ba) == list(range(1, 17))


def test_dtype_mappings(tk):
    s = np.arange(8, dtype=np.int16)
    u = np.arange(8, dtype=np.uint64)
    d = np.arange(8, dtype=np.float64)
    h = np.arange(8, dtype=np.float16)
    tk.dtypes(s, u, d, h, global_size=8)
    assert s.tolist() == [2 * i for i in range(8)]
    assert u.tolist() == [i + 1 for i in range(8)]
    assert d.tolist() == [i / 2 for i in range(8)]
    assert h.tolist() == [i + 1 for i in range(8)]
    # same-size integers of the other signedness are accepted (the module has no sign info)
    tk.dtypes(s.view(np.uint16), u.view(np.int64), d, h, global_size=8)
    with pytest.raises(spirjit.ArgumentError, match="argument 0 's' is `global short\\*`; got an int32 array"):
        tk.dtypes(s.astype(np.int32), u, d, h, global_size=8)
    with pytest.raises(spirjit.ArgumentError, match="argument 3 'h' .* got a float32 array — pass h.astype\\(np.float16\\)"):
        tk.dtypes(s, u, d, h.astype(np.float32), global_size=8)


def test_local_memory(tk):
    x = np.arange(64, dtype=np.int32)
    y = np.zeros_like(x)
    tk.reverse_local(x, y, spirjit.LocalMemory(16 * 4), global_size=64, local_size=16)
    np.testing.assert_array_equal(y, x.reshape(4, 16)[:, ::-1].reshape(-1))
    with pytest.raises(spirjit.ArgumentError, match="argument 2 'tmp' is `local int\\*`; got an int32 array — pass spirjit.LocalMemory"):
        tk.reverse_local(x, y, np.zeros(16, np.int32), global_size=64, local_size=16)
    with pytest.raises(spirjit.ArgumentError, match="LocalMemory, which only fits `local`"):
        tk.reverse_local(spirjit.LocalMemory(4), y, spirjit.LocalMemory(4), global_size=64, local_size=16)
    with pytest.raises(spirjit.ArgumentError, match="at least 1 byte"):
        spirjit.LocalMemory(0)


def test_wrong_dtype_message(vadd):
    a = np.zeros(16, np.float32)
    with pytest.raises(spirjit.ArgumentError) as e:
        vadd(a, np.zeros(16), a, 16, global_size=16)
    assert "argument 1 'arg1' is `global const float*`; got a float64 array — pass arg1.astype(np.float32)" in str(e.value)
    assert isinstance(e.value, TypeError)


def test_wrong_argument_count_lists_signature(vadd):
    a = np.zeros(16, np.float32)
    with pytest.raises(spirjit.ArgumentError, match="takes 4 argument\\(s\\), got 3: vadd_float\\(global const float\\* arg0"):
        vadd(a, a, a, global_size=16)


def test_non_contiguous_array(vadd):
    a = np.zeros(32, np.float32)
    with pytest.raises(spirjit.ArgumentError, match="argument 2 .* non-contiguous .* np.ascontiguousarray"):
        vadd(a[:16], a[:16], a[::2], 16, global_size=16)


def test_read_only_array_where_kernel_writes(vadd):
    a = np.zeros(16, np.float32)
    ro = np.zeros(16, np.float32)
    ro.setflags(write=False)
    vadd(ro, ro, a, 16, global_size=16)  # read-only inputs are fine
    with pytest.raises(spirjit.ArgumentError, match="argument 2 .* read-only array, and the kernel may write"):
        vadd(a, a, ro, 16, global_size=16)
    with pytest.raises(spirjit.ArgumentError, match="pass a NumPy array"):
        vadd(a, a, [0.0] * 16, 16, global_size=16)


def test_object_and_other_bad_buffers(vadd):
    a = np.zeros(16, np.float32)
    with pytest.raises(spirjit.ArgumentError, match="Python objects"):
        vadd(np.array([None] * 16), a, a, 16, global_size=16)
    with pytest.raises(spirjit.ArgumentError, match="got an int"):
        vadd(a, a, 5, 16, global_size=16)
    with pytest.raises(spirjit.ArgumentError, match="non-native byte order"):
        vadd(a.astype(">f4"), a, a, 16, global_size=16)


def test_params_carry_the_native_host_type(vadd):
    a, _, c, n = vadd.params
    assert a.host == "global f32*" and a.read_only and not a.untyped
    assert c.host == "global f32*" and not c.read_only
    # the module records no argument type names: the sign of `n` is unknown, so both
    # readings of its bits are accepted
    assert n.host == "int32" and n.signed is None and n.int_range == (-(2**31), 2**32 - 1)


def test_params_carry_their_type_qualifiers():
    k = spirjit.Program(corpus("arg_qualifiers/qualifiers.strings")).qualifiers
    assert [p.qualifiers for p in k.params] == [
        ("restrict",), ("volatile",), ("const",), ("const",), ("const", "restrict", "volatile"), ()]

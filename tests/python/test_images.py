"""Images and samplers from Python: spirjit.Image / spirjit.Sampler with the kernels of
tests/kernels/images/images.cl (the expected results follow tests/images.rs)."""

import os
import threading

import numpy as np
import pytest

import spirjit
from conftest import CORPUS


@pytest.fixture(scope="module", params=["O0", "O2"])
def prog(request):
    return spirjit.Program(os.path.join(CORPUS, "images", f"images.{request.param}.spv"))


def rgba_float(h, w):
    return np.arange(h * w * 4, dtype=np.float32).reshape(h, w, 4)


def test_read_without_sampler(prog):
    data = np.arange(3 * 4 * 4, dtype=np.uint8).reshape(3, 4, 4)
    img = spirjit.Image(data, "rgba", "unorm_int8")
    out = np.zeros((3 * 4, 4), np.float32)
    prog.read2d_f(img, out, global_size=(4, 3))
    np.testing.assert_array_equal(out, data.reshape(12, 4).astype(np.float32) / 255.0)


def test_read_int_and_uint(prog):
    data = np.arange(-24, 24, dtype=np.int32).reshape(3, 4, 4)
    out = np.zeros((12, 4), np.int32)
    prog.read2d_i(spirjit.Image(data, "rgba", "signed_int32"), out, global_size=(4, 3))
    np.testing.assert_array_equal(out, data.reshape(12, 4))
    udata = np.arange(48, dtype=np.uint16).reshape(3, 4, 4)
    uout = np.zeros((12, 4), np.uint32)
    prog.read2d_ui[4, 3](spirjit.Image(udata, "CL_RGBA", "CL_UNSIGNED_INT16"), uout)
    np.testing.assert_array_equal(uout, udata.reshape(12, 4))


def test_sampled_reads_clamp_to_edge_nearest(prog):
    data = rgba_float(4, 4)
    img = spirjit.Image(data, channel_type="float")
    s = spirjit.Sampler(normalized=False, addressing="clamp_to_edge", filter="nearest")
    coords = np.array([[0.5, 0.5], [-3.0, 1.5], [9.0, 2.5], [2.5, 9.0]], np.float32)
    out = np.zeros((4, 4), np.float32)
    prog.sample2d(img, s, coords, out, global_size=4)
    want = [data[0, 0], data[1, 0], data[2, 3], data[3, 2]]
    np.testing.assert_array_equal(out, want)


def test_sampled_reads_clamp_gives_border_and_linear_interpolates(prog):
    data = rgba_float(2, 2)
    img = spirjit.Image(data, "rgba", "float")
    coords = np.array([[-5.0, -5.0], [1.0, 0.5]], np.float32)
    out = np.zeros((2, 4), np.float32)
    prog.sample2d(img, spirjit.Sampler(False, "clamp", "linear"), coords, out, global_size=2)
    np.testing.assert_array_equal(out[0], [0, 0, 0, 0])  # rgba border: transparent black
    np.testing.assert_allclose(out[1], (data[0, 0] + data[0, 1]) / 2)
    # Normalized coordinates with repeat: 1.25 wraps to 0.25.
    out2 = np.zeros((1, 4), np.float32)
    s = spirjit.Sampler(normalized=True, addressing="CLK_ADDRESS_REPEAT", filter="CLK_FILTER_NEAREST")
    prog.sample2d(img, s, np.array([[1.25, 0.25]], np.float32), out2, global_size=1)
    np.testing.assert_array_equal(out2[0], data[0, 0])


def test_write_then_to_numpy(prog):
    h, w = 3, 4
    colors = np.linspace(0, 1, h * w * 4, dtype=np.float32).reshape(h * w, 4)
    src = np.zeros((h, w, 4), np.uint8)
    img = spirjit.Image(src, "rgba", "unorm_int8")
    prog.write2d_f(img, colors, global_size=(w, h))
    got = img.to_numpy()
    assert got.shape == (h, w, 4) and got.dtype == np.uint8
    np.testing.assert_array_equal(got.reshape(h * w, 4), np.round(colors * 255).astype(np.uint8))
    # The image holds a copy: the array it was made from is untouched.
    assert not src.any()
    out = np.empty_like(src)
    assert img.copy_to(out) is out
    np.testing.assert_array_equal(out, got)


def test_write_3d_and_array_images(prog):
    d, h, w = 2, 3, 4
    vals = np.arange(d * h * w * 4, dtype=np.float32).reshape(d * h * w, 4)
    img3 = spirjit.Image(np.zeros((d, h, w, 4), np.float32), "rgba", "float")
    assert img3.dim == "3d" and (img3.width, img3.height, img3.depth) == (w, h, d)
    prog.write3d(img3, vals, global_size=(w, h, d))
    np.testing.assert_array_equal(img3.to_numpy().reshape(-1, 4), vals)
    arr = spirjit.Image(np.zeros((d, h, w, 4), np.float32), "rgba", "float", layered=True)
    assert arr.dim == "2d_array" and arr.array_size == d
    prog.write2d_array(arr, vals, global_size=(w, h, d))
    np.testing.assert_array_equal(arr.to_numpy().reshape(-1, 4), vals)


def test_one_channel_and_buffer_images(prog):
    data = np.arange(8, dtype=np.float32).reshape(8, 1).repeat(4, axis=1)
    img = spirjit.Image(data, "rgba", "float", buffer=True)
    out = np.zeros((8, 4), np.float32)
    prog.read1d_buffer(img, out, global_size=8)
    np.testing.assert_array_equal(out, data)


def test_queries(prog):
    a = spirjit.Image(np.zeros((5, 7, 4), np.uint8), "bgra", "unorm_int8")
    b = spirjit.Image(np.zeros((2, 3, 4), np.float32), "r", "float")
    c = spirjit.Image(np.zeros((9, 2, 6, 2), np.float16), "rg", "half_float", layered=True)
    d = spirjit.Image(np.zeros((3, 8, 4), np.int32), "rgba", "signed_int32", layered=True)
    e = spirjit.Image(np.zeros((100, 4), np.uint8), "rgba", "unsigned_int8", buffer=True)
    f = spirjit.Image(np.zeros(13, np.uint16), "a", "unorm_int16")
    out = np.zeros(20, np.int32)
    prog.queries(a, b, c, d, e, f, out, global_size=1)
    CL_BGRA, CL_R, CL_UNORM_INT8, CL_FLOAT = 0x10B6, 0x10B0, 0x10D2, 0x10DE
    want = [7, 5, CL_BGRA, CL_UNORM_INT8, 7, 5, 4, 3, 2, 0, 2, 9, 6, 2, 3, 8, 100, 13, CL_R, CL_FLOAT]
    assert out.tolist() == want


def test_argument_errors(prog):
    out = np.zeros((12, 4), np.float32)
    data = np.zeros((3, 4, 4), np.uint8)
    with pytest.raises(spirjit.ArgumentError, match=r"spirjit\.Image\(array"):
        prog.read2d_f(data, out, global_size=(4, 3))
    with pytest.raises(spirjit.ArgumentError, match=r"image2d_t.*got an image3d_t"):
        prog.read2d_f(spirjit.Image(np.zeros((2, 3, 4, 4), np.uint8)), out, global_size=(4, 3))
    img = spirjit.Image(data)
    with pytest.raises(spirjit.ArgumentError, match="spirjit.Sampler"):
        prog.sample2d(img, "clamp", np.zeros((1, 2), np.float32), out, global_size=1)
    with pytest.raises(spirjit.ArgumentError, match="got Sampler"):
        prog.read2d_f(spirjit.Sampler(), out, global_size=1)
    with pytest.raises(spirjit.ArgumentError, match=r"needs a uint8 array, got float32"):
        spirjit.Image(np.zeros((3, 4, 4), np.float32), "rgba", "unorm_int8")
    with pytest.raises(spirjit.ArgumentError, match="last axis must have length 4"):
        spirjit.Image(np.zeros((3, 5), np.uint8), "rgba", "unorm_int8")
    with pytest.raises(spirjit.ArgumentError, match="unknown channel_type"):
        spirjit.Image(data, "rgba", "unorm_int7")
    with pytest.raises(spirjit.ArgumentError, match="unknown channel_order"):
        spirjit.Image(data, "rgbz")
    with pytest.raises(spirjit.ArgumentError, match="normalized=True"):
        spirjit.Sampler(False, "repeat")
    with pytest.raises(spirjit.ArgumentError, match="unknown filter"):
        spirjit.Sampler(filter="cubic")


def test_the_same_image_read_and_written_in_one_call_is_refused(prog):
    img = spirjit.Image(np.zeros((4, 4, 4), np.uint8))
    with pytest.raises(spirjit.ArgumentError, match="read-only in each"):
        prog.copy_half(img, img, global_size=(4, 4))
    # The image is usable again afterwards.
    assert img.to_numpy().shape == (4, 4, 4)


def test_out_of_range_write_is_reported(prog):
    img = spirjit.Image(np.zeros((4, 4, 4), np.float32), "rgba", "float")
    colors = np.ones((32, 4), np.float32)
    with pytest.raises(spirjit.KernelError, match=r"byte offset 64 of argument 0 .*image2d_t"):
        prog.write2d_f(img, colors, global_size=(5, 1))
    assert img.to_numpy().shape == (4, 4, 4)


def test_images_from_several_threads(prog):
    errors = []

    def work(k):
        try:
            h, w = 8, 8
            colors = np.full((h * w, 4), k / 10, np.float32)
            img = spirjit.Image(np.zeros((h, w, 4), np.float32), "rgba", "float")
            for _ in range(5):
                prog.write2d_f(img, colors, global_size=(w, h))
            np.testing.assert_array_equal(img.to_numpy().reshape(-1, 4), colors)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors

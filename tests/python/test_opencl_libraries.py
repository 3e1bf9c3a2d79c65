"""Real OpenCL libraries from PyPI on spirjit's OpenCL platform, against NumPy: reikna
(FFT, matrix product), tinygrad's OpenCL device (matmul, convolution, softmax), pyvkfft
(VkFFT's OpenCL backend) and pyclesperanto-prototype (image filters and labelling on
OpenCL images). Each runs in a fresh interpreter whose ICD loader sees
only spirjit (`spirjit.opencl_icd()`). Skipped, saying why, when a library is not
installed (.ci/run installs reikna and tinygrad; pyvkfft and pyclesperanto-prototype, which
pins an older NumPy, are optional)."""

import importlib.util
import subprocess
import sys
import textwrap

import pytest

PRELUDE = """
import os
import numpy as np
import spirjit
os.environ["OCL_ICD_VENDORS"] = spirjit.opencl_icd()
rng = np.random.default_rng(7)
"""


def _needs(*modules):
    for m in ("pyopencl", *modules):
        if importlib.util.find_spec(m) is None:
            pytest.skip(f"{m} is not installed (pip install {m})")


def _run(code):
    src = textwrap.dedent(PRELUDE) + textwrap.dedent(code)
    r = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout


def test_reikna_fft_and_matrix_product():
    _needs("reikna")
    _run(
        """
        from reikna.cluda import ocl_api
        from reikna.fft import FFT
        from reikna.linalg import MatrixMul
        thr = ocl_api().Thread.create()
        x = (rng.random((64, 128)) + 1j * rng.random((64, 128))).astype(np.complex64)
        fft = FFT(x).compile(thr)
        xd = thr.to_device(x)
        yd = thr.empty_like(xd)
        fft(yd, xd)
        ref = np.fft.fftn(x)
        assert np.abs(yd.get() - ref).max() / np.abs(ref).max() < 1e-5
        a = rng.random((96, 40)).astype(np.float32)
        b = rng.random((40, 72)).astype(np.float32)
        ad, bd = thr.to_device(a), thr.to_device(b)
        cd = thr.array((96, 72), np.float32)
        MatrixMul(ad, bd, out_arr=cd).compile(thr)(cd, ad, bd)
        assert np.allclose(cd.get(), a @ b, rtol=1e-4, atol=1e-4)
        """
    )


def test_tinygrad_opencl_device():
    _needs("tinygrad")
    _run(
        """
        os.environ["DEV"] = "CL"
        os.environ["CL"] = "1"
        from tinygrad import Device, Tensor
        assert Device.DEFAULT == "CL", Device.DEFAULT
        a = rng.random((64, 32)).astype(np.float32)
        b = rng.random((32, 16)).astype(np.float32)
        r = (Tensor(a) @ Tensor(b)).relu().sum(axis=1).numpy()
        assert np.allclose(r, np.maximum(a @ b, 0).sum(1), rtol=1e-4)
        x = rng.random((1, 3, 12, 12)).astype(np.float32)
        w = rng.random((4, 3, 3, 3)).astype(np.float32)
        y = Tensor(x).conv2d(Tensor(w)).numpy()
        ref = np.zeros((1, 4, 10, 10), np.float32)
        for o in range(4):
            for i in range(10):
                for j in range(10):
                    ref[0, o, i, j] = (x[0, :, i:i + 3, j:j + 3] * w[o]).sum()
        assert np.allclose(y, ref, rtol=1e-4)
        s = Tensor(rng.random(1000).astype(np.float32)).softmax().numpy()
        assert abs(float(s.sum()) - 1) < 1e-4
        """
    )


def test_pyvkfft_opencl_backend():
    _needs("pyvkfft")
    _run(
        """
        import pyopencl as cl
        import pyopencl.array as cla
        from pyvkfft.opencl import VkFFTApp
        ctx = cl.Context(cl.get_platforms()[0].get_devices())
        q = cl.CommandQueue(ctx)
        for shape in [(256,), (64, 128), (16, 32, 32)]:
            x = (rng.random(shape) + 1j * rng.random(shape)).astype(np.complex64)
            d = cla.to_device(q, x)
            y = VkFFTApp(d.shape, d.dtype, queue=q, ndim=len(shape)).fft(d).get()
            ref = np.fft.fftn(x)
            assert np.abs(y - ref).max() / np.abs(ref).max() < 1e-5, shape
        """
    )


def test_pyclesperanto_image_filters_and_labels():
    _needs("pyclesperanto_prototype", "scipy")
    _run(
        """
        import pyclesperanto_prototype as cle
        from scipy import ndimage
        img = rng.random((64, 80)).astype(np.float32)
        m = cle.pull(cle.maximum_box(cle.push(img), radius_x=1, radius_y=1))
        assert np.array_equal(m, ndimage.maximum_filter(img, size=3, mode="nearest"))
        g = cle.pull(cle.gaussian_blur(cle.push(img), sigma_x=2, sigma_y=2))
        assert abs(float(g.mean()) - float(img.mean())) < 1e-2
        mask = img > 0.7
        labels = cle.pull(cle.connected_components_labeling_box(cle.push(mask.astype(np.float32))))
        assert int(labels.max()) == ndimage.label(mask, structure=np.ones((3, 3)))[1]
        """
    )

"""spirjit.opencl_icd() and spirjit.vulkan_icd(): the Python module's own library is an
OpenCL platform and a Vulkan driver for OpenCL / Vulkan software in the same process.

Each check runs in a fresh interpreter, because the ICD loaders read OCL_ICD_VENDORS /
VK_DRIVER_FILES once, when the process first asks for platforms or devices. Skipped,
saying why, when PyOpenCL or the `vulkan` package is not installed."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

import spirjit


def _run(code):
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_opencl_icd_file_names_the_module_library():
    path = spirjit.opencl_icd()
    with open(path, encoding="utf-8") as f:
        library = f.read().strip()
    assert os.path.samefile(library, spirjit._spirjit.__file__)


def test_vulkan_icd_manifest_names_the_module_library():
    with open(spirjit.vulkan_icd(), encoding="utf-8") as f:
        manifest = json.load(f)
    assert os.path.samefile(manifest["ICD"]["library_path"], spirjit._spirjit.__file__)
    assert manifest["file_format_version"] == "1.0.0"


def test_pyopencl_runs_a_kernel_on_the_in_process_platform():
    pytest.importorskip("pyopencl", reason="PyOpenCL is not installed (pip install pyopencl)")
    out = _run(
        """
        import os
        import numpy as np
        import spirjit
        os.environ["OCL_ICD_VENDORS"] = spirjit.opencl_icd()
        import pyopencl as cl
        platforms = cl.get_platforms()
        assert [p.name for p in platforms] == ["spirjit"], platforms
        ctx = cl.Context(platforms[0].get_devices())
        q = cl.CommandQueue(ctx)
        src = "__kernel void axpy(float a, __global const float *x, __global float *y)"
        src += "{ int i = get_global_id(0); y[i] += a * x[i]; }"
        prg = cl.Program(ctx, src).build()
        x = np.arange(1000, dtype=np.float32)
        y = np.ones(1000, dtype=np.float32)
        mf = cl.mem_flags
        dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
        dy = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y)
        prg.axpy(q, x.shape, None, np.float32(3), dx, dy)
        cl.enqueue_copy(q, y, dy)
        assert np.array_equal(y, 1 + 3 * x)
        print(ctx.devices[0].name)
        """
    )
    assert "spirjit" in out


def test_vulkan_loader_finds_the_in_process_driver():
    pytest.importorskip("vulkan", reason="the `vulkan` package is not installed (pip install vulkan)")
    out = _run(
        """
        import os
        import spirjit
        os.environ["VK_DRIVER_FILES"] = spirjit.vulkan_icd()
        os.environ["VK_ICD_FILENAMES"] = os.environ["VK_DRIVER_FILES"]
        os.environ["SPIRJIT_VK_QUIET"] = "1"
        try:
            import vulkan as vk
        except OSError as e:  # the loader library itself is missing
            print("NO-LOADER", e)
            raise SystemExit(0)
        app = vk.VkApplicationInfo(apiVersion=vk.VK_MAKE_VERSION(1, 1, 0))
        inst = vk.vkCreateInstance(vk.VkInstanceCreateInfo(pApplicationInfo=app), None)
        names = [vk.vkGetPhysicalDeviceProperties(d).deviceName for d in vk.vkEnumeratePhysicalDevices(inst)]
        print(names)
        vk.vkDestroyInstance(inst, None)
        """
    )
    if out.startswith("NO-LOADER"):
        pytest.skip(f"the Vulkan loader (libvulkan.so.1) is not installed: {out}")
    assert "spirjit" in out

"""Registration files that make this spirjit module an OpenCL platform and a Vulkan
driver for OpenCL and Vulkan software running in the same Python process.

The module's own library (``_spirjit``) exports the ICD loaders' entry points, so the
files written here name it. They serve programs in this process (PyOpenCL, the
``vulkan`` package, ...): the library needs the Python interpreter that loaded it. For
other processes (``clinfo``, C applications) use the standalone libraries and
``spirjit opencl-icd`` / ``spirjit vulkan-icd`` from a source build.

This module must not load or run kernels.
"""

import json
import os
import tempfile

from . import _spirjit

__all__ = ["opencl_icd", "vulkan_icd"]


def _library():
    _spirjit.driver_entry_points()  # the entry points are linked in
    return os.path.abspath(_spirjit.__file__)


def _write(name, text):
    folder = os.path.join(tempfile.gettempdir(), f"spirjit-{os.getuid() if hasattr(os, 'getuid') else 'user'}")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    return path


def opencl_icd():
    """Write an OpenCL ICD file naming spirjit's OpenCL platform and return its path.

    Point the ICD loader at it before the process first asks for OpenCL platforms::

        os.environ["OCL_ICD_VENDORS"] = spirjit.opencl_icd()
        import pyopencl as cl
        ctx = cl.Context(cl.get_platforms()[0].get_devices())   # the spirjit CPU device
    """
    return _write("spirjit.icd", _library() + "\n")


def vulkan_icd():
    """Write a Vulkan loader manifest naming spirjit's Vulkan driver and return its path
    (for ``VK_DRIVER_FILES``, set before the process creates its first Vulkan instance)."""
    manifest = {"file_format_version": "1.0.0", "ICD": {"library_path": _library(), "api_version": "1.3.0"}}
    return _write("spirjit_vulkan_icd.json", json.dumps(manifest, indent=4) + "\n")

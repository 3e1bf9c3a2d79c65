"""The base classes of spirjit.bench's devices: a :class:`Device` (what it is, whether
it is there, which cases it runs) prepares a case into a :class:`Prepared` (the case
loaded with its own copy of the data) that launches it.

This module holds the interface only; the devices themselves are in _devices.py,
_vulkan.py and _cupy.py.
"""

__all__ = ["Device", "Prepared"]


class Prepared:
    """A case loaded on one device with its own copy of the arguments.

    ``launch()`` runs the kernel once, synchronously, and returns the kernel time the
    device measured (seconds) or None when it has no such timer. ``end_to_end()`` copies
    the inputs to the device, launches and copies the outputs back. ``outputs()`` returns
    the output buffers as NumPy arrays (``{index: array}``)."""

    def launch(self):
        raise NotImplementedError

    def end_to_end(self):
        self.launch()
        self.outputs()

    def outputs(self):
        raise NotImplementedError

    def close(self):
        """Free what the device holds for this case (called once measuring is done)."""


class Device:
    """One device: ``name`` (unique, e.g. ``"spirjit"``, ``"opencl:Portable Computing
    Language:cpu-..."``), ``kind`` (``"spirjit"``, ``"opencl"``, ``"vulkan"``, ``"cuda"``), ``flavors`` (the kinds of case it runs),
    ``available``, ``hint`` (why not, and what to install) and ``info`` (driver and
    version details for the JSON report)."""

    kind = "other"
    runnable = True
    #: the case flavours (``Case.flavor``) the device runs
    flavors = frozenset({"opencl", "vulkan", "cuda"})
    #: a GPU (probes use bigger sizes there, past the caches)
    gpu = False

    def __init__(self, name, available=True, hint="", info=None):
        self.name, self.available, self.hint = name, available, hint
        self.info = dict(info or {})

    def prepare(self, case):
        raise NotImplementedError(f"{self.name} cannot run kernels")

    def __repr__(self):
        state = "available" if self.available else f"unavailable: {self.hint}"
        return f"<{type(self).__name__} {self.name!r} ({state})>"

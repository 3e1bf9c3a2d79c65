"""spirjit.bench: one kernel on every device, side by side.

Runs benchmark cases (an OpenCL C / SPIR-V kernel, a Vulkan compute shader or a CUDA
source, with its arguments) on spirjit and on every other device the machine has
(OpenCL devices through PyOpenCL: PoCL, GPUs, spirjit's own OpenCL platform; Vulkan
devices through the `vulkan` package: lavapipe, GPUs, spirjit's Vulkan driver; NVIDIA
GPUs through CuPy), measures first launch, kernel time and end-to-end time, places each
result on the device's roofline (built-in bandwidth and FMA probes), and checks every
device's outputs against spirjit's::

    import numpy as np
    from spirjit import bench

    n = 1 << 20
    a, b = np.random.rand(n).astype(np.float32), np.random.rand(n).astype(np.float32)
    case = bench.Case("vadd.cl", "vadd", global_size=n, local_size=64,
                      args=[a, b, np.zeros_like(a), np.int32(n)], outputs=[2], bytes=12 * n, flops=n)
    res = bench.run([case])
    print(res.table())
    res.plot("vadd.png")          # needs matplotlib

``python -m spirjit.bench --list-devices`` lists the devices; ``python -m spirjit.bench
SUITE`` runs a suite (a ``.py`` file defining ``CASES``, a ``.toml`` file of ``[[case]]``
tables, or a folder of them); ``python -m spirjit.bench KERNEL --kernel K --global N
--arg SPEC ...`` runs one kernel with the argument SPECs of ``spirjit run`` (which is
what ``spirjit bench`` calls). See docs/bench.md.

Importing this package does not touch any device; ``devices()`` and ``run()`` do.
"""

from ._case import Case
from ._devices import Device, Prepared, devices
from ._measure import compare, stats
from ._results import Results, run
from ._spec import Local, parse_arg
from ._suite import load_cases

__all__ = ["Case", "Device", "Local", "Prepared", "Results", "compare", "devices", "load_cases", "parse_arg", "run",
           "stats"]

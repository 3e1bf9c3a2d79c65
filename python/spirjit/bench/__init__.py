"""spirjit.bench: one kernel on every device, side by side.

Runs benchmark cases (an OpenCL C or SPIR-V kernel with its arguments) on spirjit and
on every other device the machine has (OpenCL devices through PyOpenCL: PoCL, GPUs,
spirjit's own OpenCL platform; Vulkan devices are listed), measures first launch, kernel
time and end-to-end time, and checks every device's outputs against spirjit's::

    import numpy as np
    from spirjit import bench

    n = 1 << 20
    a, b = np.random.rand(n).astype(np.float32), np.random.rand(n).astype(np.float32)
    case = bench.Case("vadd.cl", "vadd", global_size=n, local_size=64,
                      args=[a, b, np.zeros_like(a), np.int32(n)], outputs=[2], bytes=12 * n, flops=n)
    print(bench.run([case]).table())

``python -m spirjit.bench --list-devices`` lists the devices; ``python -m spirjit.bench
SUITE.py`` runs a file that defines ``CASES``. See docs/bench.md.

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

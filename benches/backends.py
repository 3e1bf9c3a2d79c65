"""The devices compare.py measures: spirjit through its Python module (or, when that is
not installed, through the `spirjit run` command line) and PoCL through PyOpenCL.

Each backend loads a benchmark's program and prepares a launch: `prepare(bench, case)`
returns a `Launch` with `run()` (one synchronous launch) and `outputs()` (the output
buffers as NumPy arrays). This module measures nothing and prints nothing.
"""

import atexit
import os
import re
import shutil
import subprocess
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Launch:
    def __init__(self, run, outputs, note=""):
        self.run = run
        self.outputs = outputs
        self.note = note


def _copy_args(args):
    return [a.copy() if isinstance(a, np.ndarray) else a for a in args]


def spirjit_module():
    """The spirjit Python module, or None when it is not installed."""
    try:
        import spirjit
    except ImportError:
        return None
    return spirjit


class SpirjitPy:
    """spirjit through `import spirjit` (zero-copy on NumPy arrays)."""

    def __init__(self, lanes, checked=True):
        self.sj = spirjit_module()
        if self.sj is None:
            raise RuntimeError("the spirjit Python module is not installed; run `pip install .` in the repository")
        self.lanes, self.checked = lanes, checked
        self.name = f"spirjit W={'auto' if lanes == 0 else lanes}{'' if checked else ' unchecked'}"

    def load(self, bench):
        return self.sj.Program(bench.spv, lanes=self.lanes, checked=self.checked)

    def prepare(self, bench, case, program=None):
        prog = program or self.load(bench)
        k = prog[bench.name]
        args = _copy_args(case.args)
        g, l_ = case.global_size, case.local_size

        def run():
            k(*args, global_size=g, local_size=l_)

        return Launch(run, lambda: {i: args[i] for i in case.outputs})


_DTYPE_SPEC = {np.dtype(np.float32): "f32", np.dtype(np.float64): "f64", np.dtype(np.int32): "i32",
               np.dtype(np.uint32): "u32", np.dtype(np.uint8): "u8", np.dtype(np.int8): "i8",
               np.dtype(np.int64): "i64", np.dtype(np.uint64): "u64"}


def cli_path():
    """$SPIRJIT_BIN when set (e.g. an earlier build, to compare two versions), else
    target/release/spirjit when built, else `spirjit` on PATH, else None."""
    if os.environ.get("SPIRJIT_BIN"):
        return os.environ["SPIRJIT_BIN"]
    p = os.path.join(ROOT, "target", "release", "spirjit")
    return p if os.path.exists(p) else shutil.which("spirjit")


class SpirjitCli:
    """spirjit through `spirjit run ... --repeat K` on .npy files (times parsed from its
    report; the launch time it reports excludes process start and file I/O)."""

    def __init__(self, lanes, checked=True):
        self.exe = cli_path()
        if self.exe is None:
            raise RuntimeError("no spirjit binary; build it with `cargo build --release`")
        self.lanes, self.checked = lanes, checked
        # `spirjit run` has no automatic W: lanes 0 means its default (--lanes left out).
        self.name = f"spirjit-cli W={'default' if lanes == 0 else lanes}{'' if checked else ' unchecked'}"
        self.tmp = tempfile.mkdtemp(prefix="spirjit-bench-")
        atexit.register(shutil.rmtree, self.tmp, True)  # the .npy files are large

    def _command(self, bench, case, repeat, outs):
        cmd = [self.exe, "run", bench.spv, "--kernel", bench.name,
               "--global", ",".join(map(str, case.global_size)),
               "--local", ",".join(map(str, case.local_size)), "--repeat", str(repeat)]
        if self.lanes:
            cmd += ["--lanes", str(self.lanes)]
        if not self.checked:
            cmd.append("--unchecked")
        for i, a in enumerate(case.args):
            if isinstance(a, np.ndarray):
                path = os.path.join(self.tmp, f"{bench.name}_{i}.npy")
                np.save(path, np.ascontiguousarray(a).reshape(-1))
                cmd += ["--arg", f"{_DTYPE_SPEC[a.dtype]}=@{path}"]
            elif isinstance(a, tuple):
                cmd += ["--arg", f"{_DTYPE_SPEC[np.dtype(type(a[0]))]}x{len(a)}=" + ",".join(repr(float(v)) for v in a)]
            else:
                cmd += ["--arg", f"{_DTYPE_SPEC[np.dtype(type(a))]}={a}"]
        for i in outs:
            cmd += ["--out", f"{i}={os.path.join(self.tmp, f'{bench.name}_out{i}.npy')}"]
        return cmd

    def run_cli(self, bench, case, repeat, outs=()):
        r = subprocess.run(self._command(bench, case, repeat, outs), capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"spirjit run {bench.name} failed: {r.stderr.strip()}")
        m = re.search(r"median ([0-9.]+) ms", r.stderr) or re.search(r": ([0-9.]+) ms", r.stderr)
        if not m:
            raise RuntimeError(f"cannot read the time from `spirjit run`: {r.stderr.strip()}")
        return float(m.group(1)) * 1e-3

    def outputs_of(self, bench, case):
        self.run_cli(bench, case, 1, case.outputs)
        outs = {}
        for i in case.outputs:
            a = np.load(os.path.join(self.tmp, f"{bench.name}_out{i}.npy"))
            outs[i] = a.reshape(case.args[i].shape)
        return outs


class OpenCLPlatform:
    """A platform's CPU device through PyOpenCL (PoCL, or spirjit's own OpenCL platform),
    built from the OpenCL C source. Arguments are set once; a launch is enqueue + finish."""

    def __init__(self, match, name, hint):
        import pyopencl as cl

        self.cl = cl
        devices = [d for p in cl.get_platforms() if match in p.name for d in p.get_devices()]
        if not devices:
            raise RuntimeError(f"no {name} device; {hint}")
        self.device = devices[0]
        self.ctx = cl.Context(devices=[self.device])
        self.queue = cl.CommandQueue(self.ctx)
        self.name = name
        self.version = self.device.platform.version


    def load(self, bench):
        with open(bench.cl) as f:
            src = f.read()
        return self.cl.Program(self.ctx, src).build(options="-cl-std=CL1.2")

    def prepare(self, bench, case, program=None):
        cl = self.cl
        prog = program or self.load(bench)
        knl = getattr(prog, bench.name)
        hosts, args = {}, []
        mf = cl.mem_flags
        for i, a in enumerate(case.args):
            if isinstance(a, np.ndarray):
                host = np.ascontiguousarray(a).copy()
                hosts[i] = host
                args.append(cl.Buffer(self.ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=host))
            elif isinstance(a, tuple):
                args.append(np.array(a, dtype=np.float32).view(cl.cltypes.float4)[0])
            else:
                args.append(a)
        knl.set_args(*args)
        g, l_ = case.global_size, case.local_size
        q = self.queue

        def run():
            cl.enqueue_nd_range_kernel(q, knl, g, l_)
            q.finish()

        def outputs():
            for i in case.outputs:
                cl.enqueue_copy(q, hosts[i], args[i])
            q.finish()
            return {i: hosts[i] for i in case.outputs}

        return Launch(run, outputs)


class Pocl(OpenCLPlatform):
    """PoCL's CPU device through PyOpenCL (PoCL 3.1 does not take SPIR-V)."""

    def __init__(self):
        super().__init__("Portable Computing Language", "PoCL", "install pocl-opencl-icd (benches/setup.sh)")


class SpirjitOpenCL(OpenCLPlatform):
    """spirjit's OpenCL platform (libspirjit_opencl.so through the ICD loader)."""

    def __init__(self):
        super().__init__("spirjit", "spirjit OpenCL",
                         "build it (cargo build --release -p spirjit -p spirjit-opencl) and list its .icd file in "
                         "OCL_ICD_VENDORS (benches/opencl_platform.py does)")


def time_runs(run, min_reps=3, max_reps=50, budget=0.6):
    """Median wall time of `run()` in seconds: one warm-up call, then enough calls to fill
    about `budget` seconds (at least `min_reps`, at most `max_reps`)."""
    t0 = time.perf_counter()
    run()
    first = time.perf_counter() - t0
    reps = int(min(max_reps, max(min_reps, budget / max(first, 1e-6))))
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    return float(np.median(times))

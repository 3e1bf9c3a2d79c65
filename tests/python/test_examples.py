"""The examples in examples/ run and produce correct results (each checks itself), both
from OpenCL C (when clang is installed) and from the committed SPIR-V."""

import os
import subprocess
import sys

import pytest

import spirjit
from conftest import EXAMPLES

PKG_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(spirjit.__file__)))


def run_example(name, args, tmp_path, spv_only):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (PKG_PARENT, env.get("PYTHONPATH")) if p)
    if spv_only:
        env["SPIRJIT_EXAMPLES_SPV"] = "1"
    r = subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *args], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, f"{name} failed:\n{r.stdout}\n{r.stderr}"
    return r.stdout


@pytest.mark.parametrize("spv_only", [False, True], ids=["auto", "spv"])
@pytest.mark.parametrize("name,args", [("vector_add.py", ["100000"]), ("matmul.py", ["70", "50", "90"]),
                                       ("reduction.py", ["100000"]), ("mandelbrot.py", ["m.png", "160", "120"])])
def test_example_runs(name, args, tmp_path, spv_only):
    out = run_example(name, args, tmp_path, spv_only)
    assert out.strip()
    if name == "mandelbrot.py":
        png = (tmp_path / "m.png").read_bytes()
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and b"IEND" in png

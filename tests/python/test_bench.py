"""spirjit.bench: cases, measurement, the cross-check (with a device that returns wrong
results), the table and JSON, and, in a fresh interpreter (the OpenCL ICD loader reads
OCL_ICD_VENDORS once per process), discovery and runs on PoCL and spirjit's OpenCL
platform through PyOpenCL, skipped saying why when those are missing."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import spirjit
from conftest import CORPUS
from spirjit import bench

CL = os.path.join(CORPUS, "vadd_float.cl")
SPV = os.path.join(CORPUS, "vadd_float.O2.spv")
N = 4099  # not a multiple of the work-group size: the guard matters


def vadd_case(source=SPV, **kw):
    rng = np.random.default_rng(7)
    a, b = rng.random(N, dtype=np.float32), rng.random(N, dtype=np.float32)
    return bench.Case(source, "vadd_float", global_size=N + 61, local_size=64,
                      args=[a, b, np.zeros_like(a), np.int32(N)], outputs=[2], bytes=12 * N, flops=N, **kw)


class Wrong(bench.Device):
    """Runs the case on spirjit, then spoils one output element."""

    kind = "fake"

    def __init__(self):
        super().__init__("fake wrong", True, "", {"note": "returns wrong results"})

    def prepare(self, case):
        inner = bench._devices.SpirjitDevice(1).prepare(case)

        class P(bench.Prepared):
            def launch(self):
                return inner.launch()

            def outputs(self):
                outs = inner.outputs()
                outs[2][5] += 1.0
                return outs

        return P()


def spirjit_devices():
    return [bench._devices.SpirjitDevice(0), bench._devices.SpirjitDevice(1)]


def test_case_finds_the_opencl_source_next_to_the_spirv():
    c = vadd_case()
    assert c.spirv == SPV and c.opencl == CL and c.label == "vadd_float"
    c = vadd_case(CL)
    assert c.spirv is None and c.opencl == CL


def test_case_rejects_an_output_that_is_not_an_array():
    with pytest.raises(ValueError, match="output 3"):
        bench.Case(SPV, "vadd_float", 64, args=[np.zeros(4), np.zeros(4), np.zeros(4), np.int32(4)], outputs=[3])


def test_case_wants_numpy_scalars():
    with pytest.raises(ValueError, match="argument 3 is a int"):
        bench.Case(SPV, "vadd_float", 64, args=[np.zeros(4), np.zeros(4), np.zeros(4), 4], outputs=[2])


def test_spirjit_devices_measure_and_agree():
    res = bench.run([vadd_case(), vadd_case(CL, name="vadd from .cl")], devices=spirjit_devices(), budget=0.02)
    assert not res.mismatches
    for r in res:
        assert r["status"] == "ok", r
        assert r["kernel_timer"] == "device" and r["kernel"]["n"] >= 5
        assert r["first_launch"] > 0 and r["end_to_end"]["median"] > 0 and r["gbps"] > 0
    row = res.row("vadd_float", "spirjit W=1")
    assert row["check"]["ok"] and row["check"]["max_ulp"] == 0
    assert res.row("vadd_float", "spirjit")["reference"]
    table = res.table()
    assert "vadd from .cl" in table and "ref" in table and "MISMATCH" not in table


def test_a_device_with_wrong_results_is_flagged():
    res = bench.run([vadd_case()], devices=[bench._devices.SpirjitDevice(0), Wrong()], budget=0.02)
    row = res.row("vadd_float", "fake wrong")
    assert row["status"] == "mismatch"
    assert row["check"]["bad"] == 1 and row["check"]["max_abs"] == pytest.approx(1.0, abs=1e-6)
    assert "first at 5" in row["check"]["reason"]
    assert res.mismatches == [row]
    assert "MISMATCH" in res.table()
    data = json.loads(res.to_json())
    assert data["reference"] == "spirjit" and data["machine"]["spirjit"] == spirjit.__version__
    assert [r["status"] for r in data["results"]] == ["ok", "mismatch"]


def test_without_a_reference_output_the_others_are_unchecked_not_passed():
    res = bench.run([vadd_case()], devices=[Wrong()], reference=bench.Device("ref", False, "gone"), budget=0.02)
    assert res.row("vadd_float", "fake wrong")["check"] is None and "unchecked" in res.table()


def test_a_device_that_fails_is_a_row_not_an_error():
    class Broken(bench.Device):
        def prepare(self, case):
            raise RuntimeError("no such kernel here")

    res = bench.run([vadd_case()], devices=[bench._devices.SpirjitDevice(0), Broken("broken")], budget=0.02)
    assert res.row("vadd_float", "broken")["status"] == "error"
    assert "no such kernel here" in res.table()


def test_unavailable_devices_are_listed_with_a_hint():
    res = bench.run([vadd_case()], devices=[bench._devices.SpirjitDevice(0), bench.Device("gpu", False, "install X")],
                    budget=0.02)
    assert res.row("vadd_float", "gpu")["status"] == "unavailable"
    assert "install X" in res.table()


def test_compare_reports_ulp_and_tolerance():
    want = {0: np.array([1.0, 2.0, np.nan, -0.0], dtype=np.float32)}
    got = {0: np.array([np.nextafter(np.float32(1), np.float32(2)), 2.0, np.nan, 0.0], dtype=np.float32)}
    c = bench.compare(got, want)
    assert not c["ok"] and c["bad"] == 1 and c["max_ulp"] == 1  # -0.0 == 0.0 and NaN == NaN
    assert bench.compare(got, want, rtol=1e-6)["ok"]
    ints = bench.compare({0: np.array([1, 2], np.int32)}, {0: np.array([1, 3], np.int32)})
    assert not ints["ok"] and ints["max_ulp"] is None and ints["max_abs"] == 1


def test_stats_median_and_iqr():
    s = bench.stats([1.0, 2.0, 3.0, 4.0, 100.0])
    assert s["median"] == 3.0 and s["iqr"] == 2.0 and s["n"] == 5


# ---------------------------------------------------------------- OpenCL, in a fresh interpreter

SUITE = f"""
import numpy as np
from spirjit.bench import Case
n = {N}
rng = np.random.default_rng(3)
a, b = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
CASES = [Case({SPV!r}, "vadd_float", n + 61, 64, args=[a, b, np.zeros_like(a), np.int32(n)], outputs=[2],
              bytes=12 * n, flops=n)]
"""


def _python(*args, cwd=None):
    env = dict(os.environ)
    env.pop("OCL_ICD_VENDORS", None)
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(spirjit.__file__)))
    env["PYTHONPATH"] = package_root + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=600)


@pytest.fixture(scope="module")
def listed():
    r = _python("-m", "spirjit.bench", "--list-devices")
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_list_devices_names_spirjit(listed):
    assert "spirjit  [available]" in listed and "spirjit W=1" in listed and "spirjit unchecked" in listed
    assert "opencl" in listed and "vulkan" in listed  # available, or missing with a hint


def test_suite_on_pocl_and_spirjits_opencl_platform(listed, tmp_path):
    if "[missing]  PyOpenCL is not installed" in listed:
        pytest.skip("PyOpenCL is not installed (pip install pyopencl)")
    if "opencl:pocl:" not in listed:
        pytest.skip("PoCL is not installed (apt install pocl-opencl-icd)")
    assert "opencl:spirjit:" in listed, listed
    suite = tmp_path / "suite.py"
    suite.write_text(SUITE)
    out = tmp_path / "out.json"
    r = _python("-m", "spirjit.bench", str(suite), "--devices", "spirjit,opencl:pocl,opencl:spirjit",
                "--budget", "0.05", "--json", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(out.read_text())
    rows = {row["device"].split(":")[0] + ":" + row["device"].split(":")[1] if ":" in row["device"] else row["device"]:
            row for row in data["results"]}
    assert set(rows) == {"spirjit", "opencl:pocl", "opencl:spirjit"}, rows.keys()
    for name in ("opencl:pocl", "opencl:spirjit"):
        row = rows[name]
        assert row["status"] == "ok" and row["check"]["ok"], row
        assert row["kernel_timer"] == "device"  # profiling events
    devs = {d["name"]: d for d in data["devices"]}
    assert any(d["info"].get("driver_version") for d in devs.values() if d["kind"] == "opencl")
    assert "vs ref" in r.stdout

"""spirjit.bench: cases, measurement, the cross-check (with a device that returns wrong
results), the table and JSON, and, in a fresh interpreter (the OpenCL ICD loader reads
OCL_ICD_VENDORS once per process), discovery and runs on PoCL and spirjit's OpenCL
platform through PyOpenCL, skipped saying why when those are missing."""

import importlib.util
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
    kw = {"bytes": 12 * N, "flops": N, **kw}
    return bench.Case(source, "vadd_float", global_size=N + 61, local_size=64,
                      args=[a, b, np.zeros_like(a), np.int32(N)], outputs=[2], **kw)


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


# ---------------------------------------------------------------- argument SPECs (as `spirjit run --arg`)

from spirjit.bench import _spec  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VK_PUSH = os.path.join(CORPUS, "vulkan", "push.spv")
CUDA_VADD = os.path.join(CORPUS, "cuda", "vadd.cu")


def _spirjit_binary():
    dirs = [os.environ.get("CARGO_TARGET_DIR"), os.path.join(ROOT, "target")]
    found = [os.path.join(d, profile, "spirjit") for d in filter(None, dirs) for profile in ("debug", "release")]
    found = [exe for exe in found if os.access(exe, os.X_OK)]
    return max(found, key=os.path.getmtime, default=None)  # the newest build


def test_spec_buffers_scalars_vectors_local_and_bytes(tmp_path):
    assert np.array_equal(bench.parse_arg("i16[5]=iota"), np.arange(5, dtype=np.int16))
    assert np.array_equal(bench.parse_arg("f64[3]=ones"), np.ones(3))
    assert np.array_equal(bench.parse_arg("i8[3]=-2"), np.full(3, -2, np.int8))
    assert bench.parse_arg("f32[4]=zeros").dtype == np.float32
    r = bench.parse_arg("f32[1000]=rand:3")
    assert r.dtype == np.float32 and (r >= 0).all() and (r < 1).all()
    assert np.array_equal(r, bench.parse_arg("f32[1000]=rand:3"))
    u = bench.parse_arg("u32[1000]=rand:3")
    assert u.dtype == np.uint32 and u.max() < 100
    assert bench.parse_arg("i32=-5") == np.int32(-5) and bench.parse_arg("i32=-5").dtype == np.int32
    assert bench.parse_arg("u32=0x10") == 16
    v = bench.parse_arg("f32x3=1,2,3")
    assert isinstance(v, np.void) and v.dtype.itemsize == 16 and v["s2"] == 3  # room of 4
    assert bench.parse_arg("bytes=0000_803f").tobytes() == bytes([0, 0, 0x80, 0x3F])
    assert bench.parse_arg("local=256") == bench.Local(256)
    np.save(tmp_path / "a.npy", np.arange(7, dtype=np.float32))
    assert np.array_equal(bench.parse_arg("f32=@a.npy", str(tmp_path)), np.arange(7, dtype=np.float32))
    assert bench.parse_arg(f"f32[7]=@{tmp_path / 'a.npy'}").size == 7
    for bad, why in [("nothing", "no `=`"), ("q7=1", "unknown type"), ("f32x4=1,2", "expected 4"),
                     ("u8=300", "out of range"), ("f32[]=zeros", "element count"), ("f32[4]=bogus", "initializer"),
                     ("bytes=0g", "hex digits"), ("local=0", "positive byte count"),
                     ("image2d:rgba:unorm8:4x4=zeros", "not supported"), ("i32=@a.npy", "cannot read"),
                     (f"i32=@{tmp_path / 'a.npy'}", "holds float32"), (f"f32[3]=@{tmp_path / 'a.npy'}", "asks for 3")]:
        with pytest.raises(ValueError, match=why):
            bench.parse_arg(bad)


def test_spec_random_data_is_that_of_spirjit_run(tmp_path):
    exe = _spirjit_binary()
    if exe is None:
        pytest.skip("the spirjit executable is not built (cargo build -p spirjit)")
    for spec in ("f32[4099]=rand:3", "f32[4099]=iota"):
        r = subprocess.run([exe, "run", SPV, "--kernel", "vadd_float", "--global", "4099", "--arg", spec,
                            "--arg", "f32[4099]=rand:9", "--arg", "f32[4099]=zeros", "--arg", "i32=4099",
                            "--out", f"0={tmp_path / 'a.npy'}"], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert np.array_equal(np.load(tmp_path / "a.npy"), bench.parse_arg(spec)), spec


def test_case_takes_spec_strings_and_checks_every_buffer_by_default():
    c = bench.Case(SPV, "vadd_float", 64, args=["f32[64]=rand:1", "f32[64]=rand:2", "f32[64]=zeros", "i32=64"])
    assert c.outputs == [0, 1, 2] and c.flavor == "opencl" and c.args[3] == np.int32(64)
    assert bench.Case(VK_PUSH, "main", 64, args=[]).flavor == "vulkan"
    assert bench.Case(CUDA_VADD, "vadd", 64, args=[]).flavor == "cuda"


# ---------------------------------------------------------------- suites: TOML, Python, folders

TOML = f"""
[[case]]
name = "vadd toml"
file = "{os.path.relpath(SPV, "/")}"
kernel = "vadd_float"
global = 4160
local = "64"
args = ["f32[4099]=rand:1", "f32=@b.npy", "f32[4099]=zeros", "i32=4099"]
outputs = [2]
bytes = 49188
flops = 4099
rtol = 1e-6

[[case]]
file = "{CL}"
kernel = "vadd_float"
global = [4160]
args = ["f32[4099]=rand:1", "f32[4099]=rand:2", "f32[4099]=zeros", "i32=4099"]
"""


def _toml_suite(folder):
    (folder / "b.npy").write_bytes(b"")
    np.save(folder / "b.npy", np.arange(4099, dtype=np.float32))
    # The first file is relative to the suite's folder: a path from / as seen from there.
    rel = os.path.relpath("/", folder)
    (folder / "suite.toml").write_text(TOML.replace('file = "' + os.path.relpath(SPV, "/"),
                                                    'file = "' + os.path.join(rel, os.path.relpath(SPV, "/"))))
    return folder / "suite.toml"


def test_toml_suite_resolves_paths_against_its_folder(tmp_path):
    cases = bench.load_cases(_toml_suite(tmp_path))
    assert [c.label for c in cases] == ["vadd toml", "vadd_float"]
    a = cases[0]
    assert os.path.samefile(a.spirv, SPV) and os.path.samefile(a.opencl, CL)
    assert a.global_size == (4160,) and a.local_size == (64,) and a.outputs == [2] and a.rtol == 1e-6
    assert np.array_equal(a.args[1], np.arange(4099, dtype=np.float32)) and a.bytes == 49188
    assert cases[1].outputs == [0, 1, 2] and cases[1].spirv is None


def test_a_folder_suite_holds_toml_and_python_files(tmp_path):
    _toml_suite(tmp_path)
    (tmp_path / "more.py").write_text(SUITE)
    cases = bench.load_cases(tmp_path)
    assert [c.label for c in cases] == ["vadd_float", "vadd toml", "vadd_float"]  # more.py, then suite.toml


def test_bad_suites_say_what_is_wrong(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[case]]\nfile = "x.cl"\nkernel = "k"\nglobal = 64\nsize = 3\n')
    with pytest.raises(ValueError, match="unknown key.*size"):
        bench.load_cases(bad)
    bad.write_text('[[case]]\nfile = "x.cl"\nkernel = "k"\n')
    with pytest.raises(ValueError, match="`global` is missing"):
        bench.load_cases(bad)
    bad.write_text("[[case]\n")
    with pytest.raises(ValueError, match="bad.toml"):
        bench.load_cases(bad)
    with pytest.raises(ValueError, match="no \\*.toml or \\*.py"):
        bench.load_cases(tmp_path / "empty" if (tmp_path / "empty").mkdir() is None else None)


# ---------------------------------------------------------------- probes, roofline, table, JSON

def test_roofline_arithmetic():
    peak = {"bandwidth": 100e9, "flops": 1000e9}
    r = bench._probes.roofline(peak, 1e9, 1e9, 0.1)  # AI 1: memory bound at 100 GFLOP/s, achieved 10
    assert r["ai"] == 1 and r["attainable"] == 100e9 and r["fraction"] == pytest.approx(0.1) and r["bound"] == "memory"
    r = bench._probes.roofline(peak, 1e9, 100e9, 1.0)  # AI 100: compute bound
    assert r["attainable"] == 1000e9 and r["fraction"] == pytest.approx(0.1) and r["bound"] == "compute"
    assert bench._probes.roofline(peak, 50e9, 0, 1.0)["fraction"] == pytest.approx(0.5)
    assert bench._probes.roofline({"error": "x"}, 1, 1, 1) is None and bench._probes.roofline(peak, 0, 0, 1) is None


@pytest.fixture(scope="module")
def probed():
    """One run with probes on spirjit (automatic W) and a device with wrong results."""
    return bench.run([vadd_case(), vadd_case(CL, name="no sizes", bytes=0, flops=0)],
                     devices=[bench._devices.SpirjitDevice(0), Wrong()], budget=0.02, progress=False)


def test_probes_give_each_device_its_peaks_and_each_case_its_place(probed):
    p = probed.peaks["spirjit"]
    assert p["bandwidth"] > 1e8 and p["flops"] > 1e8 and p["timer"] == "device", p
    assert set(p["fma_rates"]) == {"probe_fma", "probe_fma4"}
    row = probed.row("vadd_float", "spirjit")
    roof = row["roofline"]
    assert roof["ai"] == pytest.approx(1 / 12) and 0 < roof["fraction"]
    assert roof["fraction"] == pytest.approx(row["gflops"] * 1e9 / min(p["flops"], roof["ai"] * p["bandwidth"]))
    assert probed.row("no sizes", "spirjit")["roofline"] is None
    table = probed.table()
    assert "% peak" in table and "FLOP/B" in table and "spirjit: " in table and "GB/s" in table
    data = json.loads(probed.to_json())
    dev = {d["name"]: d for d in data["devices"]}
    assert dev["spirjit"]["peak"]["bandwidth"] == p["bandwidth"]
    assert data["results"][0]["roofline"]["fraction"] == roof["fraction"]


def test_without_probes_there_is_no_roofline():
    res = bench.run([vadd_case()], devices=[bench._devices.SpirjitDevice(0)], budget=0.02, probes=False)
    assert res.peaks == {} and res.row("vadd_float", "spirjit")["roofline"] is None
    assert "peaks" not in res.table()


def test_the_fastest_correct_device_is_marked(probed):
    assert probed.fastest("vadd_float")["device"] == "spirjit"  # the wrong one never wins
    assert "fastest" in probed.table()


def test_devices_that_do_not_run_a_flavour_are_skipped():
    class OnlyVulkan(bench.Device):
        flavors = frozenset({"vulkan"})

    res = bench.run([vadd_case()], devices=[bench._devices.SpirjitDevice(0), OnlyVulkan("vk only")], budget=0.02,
                    probes=False)
    row = res.row("vadd_float", "vk only")
    assert row["status"] == "skipped" and "not opencl" in row["error"]
    assert "vk only" not in res.table()


# ---------------------------------------------------------------- progress bar

def test_progress_bar_only_on_a_terminal_or_when_asked():
    import io

    from spirjit.bench._progress import Progress

    out = io.StringIO()
    p = Progress(True, 2, out)
    p.step("a on x")
    p.step("b on y")
    p.close()
    text = out.getvalue()
    assert "0/2 a on x" in text and "1/2 b on y" in text and "[############" in text and text.endswith("\r")
    quiet = io.StringIO()
    p = Progress(None, 2, quiet)  # StringIO is no terminal
    p.step("a")
    assert quiet.getvalue() == ""
    seen = []
    res = bench.run([vadd_case()], devices=[bench._devices.SpirjitDevice(0)], budget=0.02, progress=seen.append)
    assert seen == ["probing spirjit", "vadd_float on spirjit"] and res.rows


# ---------------------------------------------------------------- pictures and HTML

def test_plot_and_html(probed, tmp_path):
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (pip install matplotlib)")
    png = probed.plot(tmp_path / "r.png")
    data = open(png, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20000
    from spirjit.bench import _plot

    fig = _plot.figure(probed)
    axes = fig.get_axes()
    bars = axes[0]
    assert bars.get_title(loc="left") == "vadd_float"
    labels = [t.get_text() for t in bars.texts]
    assert any("reference" in t for t in labels) and any("WRONG RESULT" in t for t in labels)
    assert [t.get_text() for t in bars.get_yticklabels()] == ["spirjit", "fake wrong"]
    roof = axes[-1]
    assert roof.get_xscale() == "log" and roof.get_yscale() == "log" and "roofline: spirjit" in roof.get_title(loc="left")
    assert any(t.get_text().endswith("%") for t in roof.texts)  # each point: its fraction of the peak
    legend = [t.get_text() for t in roof.get_legend().get_texts()]
    assert "vadd_float" in legend
    page = open(probed.html(tmp_path / "r.html"), encoding="utf-8").read()
    assert "data:image/png;base64," in page and "<table>" in page and 'class="bad"' in page
    assert 'class="best"' in page and "MISMATCH" in page


def test_without_matplotlib_plot_says_what_to_install(probed, tmp_path, monkeypatch):
    for name in list(sys.modules):
        if name == "matplotlib" or name.startswith("matplotlib."):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(ImportError, match="pip install matplotlib"):
        probed.plot(tmp_path / "r.png")
    page = open(probed.html(tmp_path / "r.html"), encoding="utf-8").read()
    assert "<table>" in page and "pip install matplotlib" in page


# ---------------------------------------------------------------- the command line, in this process

def test_single_kernel_command_line(tmp_path, capsys, monkeypatch):
    from spirjit.bench.__main__ import main

    # Discovery would register spirjit's OpenCL platform and Vulkan driver in this process
    # (the loaders read their variables once); the fresh-interpreter tests cover that.
    monkeypatch.setattr(bench._results, "all_devices", spirjit_devices)
    out = tmp_path / "r.json"
    code = main([SPV, "--kernel", "vadd_float", "--global", "4160", "--local", "64", "--arg", "f32[4099]=rand:1",
                 "--arg", "f32[4099]=rand:2", "--arg", "f32[4099]=zeros", "--arg=i32=4099", "--out-index", "2",
                 "--bytes", "49188", "--flops", "4099", "--devices", "spirjit,spirjit W=1", "--budget", "0.02",
                 "--no-probes", "--json", str(out)])
    text = capsys.readouterr().out
    assert code == 0, text
    rows = json.loads(out.read_text())["results"]
    assert [r["device"] for r in rows] == ["spirjit", "spirjit W=1"] and rows[1]["check"]["ok"]
    assert rows[0]["gbps"] > 0 and "vadd_float" in text
    assert main([SPV, "--kernel", "vadd_float", "--global", "64", "--arg", "f32[4]=bogus", "--no-probes"]) == 2
    assert "unknown initializer" in capsys.readouterr().err


def test_spirjit_bench_runs_the_python_module(tmp_path):
    exe = _spirjit_binary()
    if exe is None:
        pytest.skip("the spirjit executable is not built (cargo build -p spirjit)")
    env = dict(os.environ, SPIRJIT_PYTHON=sys.executable)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(spirjit.__file__))) + os.pathsep + \
        env.get("PYTHONPATH", "")
    suite = _toml_suite(tmp_path)
    r = subprocess.run([exe, "bench", "--suite", str(suite), "--devices", "spirjit,W=1", "--budget", "0.02",
                        "--no-probes", "--json", str(tmp_path / "r.json")], capture_output=True, text=True, env=env,
                       timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    rows = json.loads((tmp_path / "r.json").read_text())["results"]
    assert {r["case"] for r in rows} == {"vadd toml", "vadd_float"} and all(r["status"] == "ok" for r in rows)


# ---------------------------------------------------------------- CUDA through a fake CuPy

class _FakeCupy:
    """Just enough of CuPy for spirjit.bench: one GPU, arrays that copy, events that
    report a fixed 0.25 ms, and a RawKernel that adds two vectors with NumPy (spoiling
    element 3 when ``wrong``)."""

    def __init__(self, wrong=False):
        import types

        fake = self
        self.__version__ = "13.0.0-fake"
        self.launches = []

        class Array:
            def __init__(self, a):
                self.data = np.array(a, copy=True)

            def set(self, a):
                self.data[...] = a

            def get(self):
                return self.data.copy()

        class Event:
            t = 0.0

            def record(self):
                Event.t += 0.125
                self.at = Event.t

            def synchronize(self):
                pass

        class Device:
            def __init__(self, i):
                pass

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                return False

        class RawKernel:
            def __init__(self, source, name, options=()):
                assert "__global__" in source
                self.name = name

            def __call__(self, grid, block, args, shared_mem=0):
                fake.launches.append((grid, block, shared_mem))
                a, b, c, n = args
                c.data[:n] = a.data[:n] + b.data[:n]
                if wrong:
                    c.data[3] += 1

        runtime = types.SimpleNamespace(
            getDeviceCount=lambda: 1, driverGetVersion=lambda: 12040, runtimeGetVersion=lambda: 12020,
            deviceSynchronize=lambda: None,
            getDeviceProperties=lambda i: {"name": b"Fake H100", "major": 9, "minor": 0, "multiProcessorCount": 132,
                                           "totalGlobalMem": 80 << 30})
        self.cuda = types.SimpleNamespace(runtime=runtime, Device=Device, Event=Event,
                                          get_elapsed_time=lambda a, b: (b.at - a.at) * 2)  # 0.25 ms
        self.RawKernel = RawKernel
        self.asarray = Array


def _cuda_case():
    rng = np.random.default_rng(5)
    a, b = rng.random(1000, dtype=np.float32), rng.random(1000, dtype=np.float32)
    return bench.Case(CUDA_VADD, "vadd", 1024, 128, args=[a, b, np.zeros_like(a), np.int32(1000)], outputs=[2],
                      bytes=12000, flops=1000)


def test_cupy_devices_are_listed_and_missing_cupy_is_a_hint(monkeypatch):
    from spirjit.bench._cupy import cupy_devices

    monkeypatch.setitem(sys.modules, "cupy", None)
    (d,) = cupy_devices()
    assert not d.available and "pip install cupy" in d.hint
    monkeypatch.setitem(sys.modules, "cupy", _FakeCupy())
    (d,) = cupy_devices()
    assert d.available and d.name == "cuda:Fake H100" and d.kind == "cuda" and d.gpu
    assert d.info["compute_capability"] == "9.0" and d.info["driver_version"] == 12040
    assert d.flavors == {"cuda"}


@pytest.mark.parametrize("wrong", [False, True])
def test_cuda_cases_on_a_fake_gpu_time_with_events_and_are_checked(monkeypatch, wrong):
    from spirjit.bench._cupy import cupy_devices

    fake = _FakeCupy(wrong)
    monkeypatch.setitem(sys.modules, "cupy", fake)
    (gpu,) = cupy_devices()
    ref = bench._devices.SpirjitDevice(0)
    res = bench.run([_cuda_case()], devices=[ref, gpu], budget=0.02, probes=False)
    sj = res.row("vadd", "spirjit")
    if sj["status"] == "error":
        pytest.skip(f"spirjit cannot compile CUDA here: {sj['error']}")
    row = res.row("vadd", "cuda:Fake H100")
    assert row["kernel_timer"] == "device" and row["kernel"]["median"] == pytest.approx(0.25e-3)
    assert row["gbps"] == pytest.approx(12000 / 0.25e-3 * 1e-9)
    assert fake.launches[0] == ((8,), (128,), 0)
    if wrong:
        assert row["status"] == "mismatch" and "first at 3" in row["check"]["reason"] and "MISMATCH" in res.table()
    else:
        assert row["status"] == "ok" and row["check"]["ok"], row


# ---------------------------------------------------------------- Vulkan, in a fresh interpreter

VK_SUITE = f"""
import numpy as np
from spirjit.bench import Case
n = 1000
rng = np.random.default_rng(4)
CASES = [
    # push.comp: out[i] = in[i] * scale + bias.w for i < n, -1 beyond; bindings (0,0) in,
    # (0,1) the uniform block, (1,0) out; push constants float scale, uint n.
    Case({VK_PUSH!r}, "main", 1024, args=[rng.random(1024, dtype=np.float32),
                                          np.array([0, 0, 0, 0.5], np.float32), np.zeros(1024, np.float32),
                                          np.float32(2.0), np.uint32(n)], outputs=[2], bytes=8 * n, flops=2 * n,
         name="push"),
    Case({VK_PUSH!r}, "main", 1024, args=[np.zeros(4, np.float32)], name="too few"),
]
"""


def test_vulkan_cases_on_lavapipe_and_spirjits_vulkan_driver(tmp_path):
    pytest.importorskip("vulkan", reason="the `vulkan` package is not installed (pip install vulkan)")
    listed = _python("-m", "spirjit.bench", "--list-devices").stdout
    if "vulkan:llvmpipe" not in listed:
        pytest.skip("lavapipe is not installed (apt install mesa-vulkan-drivers): " + listed)
    suite = tmp_path / "vk.py"
    suite.write_text(VK_SUITE)
    out = tmp_path / "out.json"
    r = _python("-m", "spirjit.bench", str(suite), "--devices", "spirjit,vulkan,pocl", "--budget", "0.05",
                "--json", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(out.read_text())
    rows = {(x["case"], x["device"].split(" ")[0]): x for x in data["results"]}
    ref = rows[("push", "spirjit")]
    assert ref["status"] == "ok" and ref["kernel_timer"] == "device"
    for dev in ("vulkan:llvmpipe", "vulkan:spirjit"):
        row = rows[("push", dev)]
        assert row["status"] == "ok" and row["check"]["ok"], row
        assert row["end_to_end"]["median"] > 0
    assert rows[("push", "vulkan:llvmpipe")]["kernel_timer"] == "device"  # timestamp queries
    assert next(x for x in data["results"] if x["device"].startswith("opencl:pocl"))["status"] == "skipped"
    assert rows[("too few", "spirjit")]["status"] == "error" and "(set, binding) order" in rows[("too few", "spirjit")]["error"]
    peaks = {d["name"]: d["peak"] for d in data["devices"] if d.get("peak")}
    assert peaks["vulkan:llvmpipe (LLVM 15.0.6, 256 bits)" if "vulkan:llvmpipe (LLVM 15.0.6, 256 bits)" in peaks
                 else next(k for k in peaks if k.startswith("vulkan:llvmpipe"))]["bandwidth"] > 0


def test_results_read_back_from_json_print_and_plot_again(probed, tmp_path):
    probed.to_json(tmp_path / "r.json")
    again = bench.Results.load(tmp_path / "r.json")
    assert again.table() == probed.table()
    assert again.peaks["spirjit"]["bandwidth"] == probed.peaks["spirjit"]["bandwidth"]
    assert [r["status"] for r in again] == [r["status"] for r in probed]
    if importlib.util.find_spec("matplotlib"):
        assert open(again.plot(tmp_path / "r.png"), "rb").read(4) == b"\x89PNG"


@pytest.mark.parametrize("flavor", ["opencl", "vulkan", "cuda"])
def test_probe_kernels_compute_what_they_claim(flavor):
    from spirjit.bench import _measure

    cases = bench._probes.probe_cases(flavor)
    assert [c.flavor for c in cases] == [flavor] * len(cases)
    dev = bench._devices.SpirjitDevice(0)
    try:
        triad = _measure.measure(dev, cases[0], budget=0.01, min_reps=1)
    except spirjit.CompileError as e:
        if flavor == "cuda":
            pytest.skip(f"Program.from_cuda needs clang: {e}")
        raise
    assert np.all(triad["outputs"][2] == np.float32(1 + 3 * 2)) and cases[0].bytes == 48 * (1 << 20)
    for fma in cases[1:]:
        out = _measure.measure(dev, fma, budget=0.01, min_reps=1)["outputs"][0]
        assert np.all(np.isfinite(out)) and out.std() > 0, fma.kernel  # the chains ran, and not folded away


def test_a_spirjit_device_with_its_own_thread_count_restores_the_process_count():
    before = spirjit.num_threads()
    seen = []

    class Spy(bench._devices.SpirjitDevice):
        def _prepare(self, case):
            seen.append(spirjit.num_threads())
            return super()._prepare(case)

    d = Spy(0, threads=1)
    assert d.name == "spirjit 1 thread" and d.info["threads"] == 1
    res = bench.run([vadd_case()], devices=[bench._devices.SpirjitDevice(0), d], budget=0.02, probes=False)
    assert res.row("vadd_float", "spirjit 1 thread")["check"]["ok"] and seen == [1]
    assert spirjit.num_threads() == before

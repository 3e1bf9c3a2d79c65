"""Loading programs: paths, bytes, word arrays, refused text, kernel lookup, OpenCL C."""

import os
import pathlib

import numpy as np
import pytest

import spirjit
from conftest import CORPUS, corpus, needs_clang


def test_load_from_str_path_pathlike_bytes_and_words():
    path = corpus("vadd_float.O2")
    data = open(path, "rb").read()
    words = np.frombuffer(data, dtype=np.uint32)
    for source in (path, pathlib.Path(path), data, bytearray(data), words):
        p = spirjit.Program(source)
        assert p.kernels == ["vadd_float"]
        assert p.pointer_bits == 64
        assert "Kernel" in p.capabilities


def test_big_endian_binary_loads():
    words = np.fromfile(corpus("vadd_float.O2"), dtype="<u4")
    p = spirjit.Program(words.astype(">u4").tobytes())
    assert p.kernels == ["vadd_float"]


def test_kernel_lookup_attribute_item_and_repr():
    p = spirjit.Program(corpus("two_kernels.O2"))
    assert len(p.kernels) == 2
    name = p.kernels[0]
    k = p[name]
    assert k is getattr(p, name) is p.kernel(name)
    assert repr(k).startswith(f"<spirjit.Kernel {name}(")
    assert k.signature in repr(k)
    assert name in dir(p) and name in p
    with pytest.raises(KeyError, match="no kernel named 'nope'.*" + name):
        p["nope"]
    with pytest.raises(AttributeError, match=name):
        p.nope


def test_signature_has_argument_names():
    k = spirjit.Program(os.path.join(os.path.dirname(__file__), "kernels", "pytest_kernels.spv")).reverse_local
    assert k.signature == "reverse_local(global const int* in, global int* out, local int* tmp)"
    assert [p.name for p in k.params] == ["in", "out", "tmp"]
    assert [p.space for p in k.params] == ["global", "global", "local"]
    assert k.params[0].read_only and not k.params[1].read_only


def test_spirv_text_is_refused_with_hint(tmp_path):
    text = "; SPIR-V\n; Version: 1.0\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\n"
    for source in (text, text.encode()):
        with pytest.raises(spirjit.CompileError, match="spirv-as"):
            spirjit.Program(source)
    f = tmp_path / "k.spvasm"
    f.write_text(text)
    with pytest.raises(spirjit.CompileError, match="spirv-as"):
        spirjit.Program(f)
    asm = sorted(pathlib.Path(CORPUS, "asm").glob("*.spvasm"))
    if asm:
        with pytest.raises(spirjit.CompileError, match="spirv-as"):
            spirjit.Program(asm[0])


def test_opencl_source_passed_to_program_gets_hint():
    with pytest.raises(spirjit.CompileError, match="from_opencl"):
        spirjit.Program(b"__kernel void k(__global int *a) { a[0] = 1; }")


def test_garbage_and_missing_file():
    with pytest.raises(spirjit.CompileError):
        spirjit.Program(b"\x00" * 64)
    with pytest.raises(FileNotFoundError):
        spirjit.Program("/nonexistent/k.spv")
    with pytest.raises(spirjit.CompileError, match="uint32"):
        spirjit.Program(np.zeros(8, dtype=np.int64))
    with pytest.raises(TypeError):
        spirjit.Program(42)


def test_options_and_dump():
    p = spirjit.Program(corpus("vadd_float.O2"), lanes=4, checked=False)
    assert p.options == {"lanes": 4, "checked": False, "robust_buffer_access": False}
    assert "vadd_float" in p.dump_ir()


@needs_clang
def test_from_opencl_compiles_and_runs():
    src = """
    __kernel void twice(__global const float *x, __global float *y, float k) {
        size_t i = get_global_id(0);
        y[i] = k * x[i] + OFFSET;
    }
    """
    p = spirjit.Program.from_opencl(src, options="-DOFFSET=1.0f")
    k = p.twice
    assert k.signature == "twice(global const float* x, global float* y, float k)"
    x = np.arange(100, dtype=np.float32)
    y = np.zeros_like(x)
    k[100](x, y, 3.0)
    np.testing.assert_array_equal(y, 3 * x + 1)


@needs_clang
def test_from_opencl_reports_clang_errors():
    with pytest.raises(spirjit.CompileError, match="(?s)clang failed.*<source>:1:43: error: use of undeclared"):
        spirjit.Program.from_opencl("__kernel void k(__global int *a) { a[0] = nope; }")


def test_from_opencl_without_tools_says_what_to_install(monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(spirjit.CompileError, match="apt-get install clang-14 llvm-spirv-14"):
        spirjit.Program.from_opencl("__kernel void k(__global int *a) { a[0] = 1; }")


def test_exception_hierarchy():
    for cls in (spirjit.CompileError, spirjit.ArgumentError, spirjit.LaunchError, spirjit.KernelError):
        assert issubclass(cls, spirjit.Error)
    assert issubclass(spirjit.ArgumentError, TypeError) and issubclass(spirjit.ArgumentError, ValueError)


def test_threads_setting():
    old = spirjit.num_threads()
    spirjit.set_num_threads(2)
    assert spirjit.num_threads() == 2
    spirjit.set_num_threads(old)
    with pytest.raises(ValueError):
        spirjit.set_num_threads(-1)


COMPILE_KERNELS = pathlib.Path(__file__).resolve().parents[2] / "benches" / "compile"


def test_kernels_compile_on_first_use_and_compile_all_compiles_the_rest():
    prog = spirjit.Program(COMPILE_KERNELS / "many1000.spv")
    assert len(prog.kernels) == 1000
    assert prog.compiled_kernel_count == 0
    x = np.arange(64, dtype=np.float32)
    y = np.ones(64, dtype=np.float32)
    z = np.zeros(64, dtype=np.float32)
    prog.k1(x, y, z, np.float32(0.5), global_size=(64,))  # z = x * (y + 1) - 0.5
    np.testing.assert_array_equal(z, x * 2 - 0.5)
    assert prog.compiled_kernel_count == 1
    prog.compile_all()
    assert prog.compiled_kernel_count == 1000


def test_kernel_path_says_when_the_compile_budget_lowered_w():
    prog = spirjit.Program(COMPILE_KERNELS / "inlined.O0.spv", lanes=16)
    path = prog.inlined.path
    assert isinstance(path, spirjit.KernelPath)
    assert not path.vectorized and path.lanes == 1
    assert "over the compile budget" in path.note
    small = spirjit.Program(corpus("vadd_float.O2"), lanes=16).vadd_float.path
    assert small.lanes == 16 and small.vectorized and small.note.startswith("vector, W = 16")
    assert "budget" not in small.note


def test_compile_errors_say_whose_fault_by_class():
    assert issubclass(spirjit.UnsupportedError, spirjit.CompileError)
    assert issubclass(spirjit.LimitError, spirjit.CompileError)
    assert issubclass(spirjit.InternalError, spirjit.CompileError)
    # A module cut in the middle of an instruction is invalid input: plain CompileError.
    with open(corpus("vadd_float.O2"), "rb") as f:
        data = f.read()[:-8]
    with pytest.raises(spirjit.CompileError) as e:
        spirjit.Program(data)
    assert type(e.value) is spirjit.CompileError, e.value


def test_an_unsupported_construct_raises_unsupported_error():
    # A kernel taking a pipe (OpenCL 2.0), which spirjit does not support.
    path = pathlib.Path(__file__).resolve().parents[1] / "golden" / "errors" / "pipe_unsupported.spv"
    with pytest.raises(spirjit.UnsupportedError) as e:
        spirjit.Program(path)
    assert "OpTypePipe" in str(e.value)


def test_compiled_kernels_are_kept_on_disk_for_the_next_process(tmp_path):
    import subprocess
    import sys

    script = (
        "import numpy as np, spirjit\n"
        f"k = spirjit.Program({corpus('vadd_float.O2')!r}).vadd_float\n"
        "a = np.arange(100, dtype=np.float32); b = np.ones(100, np.float32); c = np.zeros_like(a)\n"
        "k(a, b, c, np.int32(100), global_size=(100,))\n"
        "print(spirjit.code_cache_dir(), float(c.sum()))\n"
    )
    env = dict(os.environ, SPIRJIT_CACHE_DIR=str(tmp_path / "cache"))
    runs = [subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True) for _ in range(2)]
    for r in runs:
        assert r.returncode == 0, r.stderr
    assert runs[0].stdout == runs[1].stdout == f"{tmp_path / 'cache'} {sum(range(100)) + 100.0}\n"
    assert len(list((tmp_path / "cache").glob("*.code"))) == 1
    off = subprocess.run([sys.executable, "-c", script], env=dict(env, SPIRJIT_CACHE_DIR="off"),
                         capture_output=True, text=True)
    assert off.stdout.startswith("None "), off.stderr


def test_code_cache_dir_can_be_set_for_the_process(tmp_path):
    before = spirjit.code_cache_dir()
    try:
        spirjit.set_code_cache_dir(tmp_path)
        assert spirjit.code_cache_dir() == str(tmp_path)
        spirjit.set_code_cache_dir(None)
        assert spirjit.code_cache_dir() is None
    finally:
        spirjit.set_code_cache_dir(before)

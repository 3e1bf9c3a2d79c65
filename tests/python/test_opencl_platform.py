"""The OpenCL platform (opencl/, libspirjit_opencl.so) through PyOpenCL and its ICD loader.

PyOpenCL's bundled loader (ocl-icd) finds only spirjit's platform, through OCL_ICD_VENDORS
pointing at an `.icd` file written here for the built library: `$SPIRJIT_OPENCL_LIB` when
set, else the newest `libspirjit_opencl.so` under `$CARGO_TARGET_DIR` or `target/`
(`cargo build -p spirjit-opencl`). Skipped, saying why, when PyOpenCL or the library is
missing; the tests that build OpenCL C also need clang (14-19) and llvm-spirv on PATH.

Covered: buffers, sub-buffers, rectangular copies, fills and maps; events (user events,
callbacks, markers, wait lists, profiling); out-of-order queues; programs from source, IL
and binaries, build logs, separate compilation and linking; kernel and argument queries;
SVM; a kernel that writes out of bounds (its event fails, the process lives); and a
pyopencl.array workout (elementwise, sum, dot, scan, sort)."""

import atexit
import glob
import os
import shutil
import tempfile
import threading

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "tests", "kernels")
LIB_ENV = "SPIRJIT_OPENCL_LIB"


def _library():
    """The platform library to test, or None."""
    if os.environ.get(LIB_ENV):
        lib = os.environ[LIB_ENV]
        return lib if os.path.isfile(lib) else None
    dirs = [os.environ["CARGO_TARGET_DIR"]] if os.environ.get("CARGO_TARGET_DIR") else []
    dirs.append(os.path.join(ROOT, "target"))
    found = [
        p for d in dirs for profile in ("debug", "release") for p in [os.path.join(d, profile, "libspirjit_opencl.so")]
        if os.path.isfile(p)
    ]
    return max(found, key=os.path.getmtime) if found else None


LIBRARY = _library()
if LIBRARY is None:
    pytest.skip(
        f"the OpenCL platform is not built: run `cargo build -p spirjit-opencl` (or set {LIB_ENV})",
        allow_module_level=True,
    )
_ICD_DIR = tempfile.mkdtemp(prefix="spirjit-icd-")
atexit.register(shutil.rmtree, _ICD_DIR, True)
_ICD = os.path.join(_ICD_DIR, "spirjit.icd")
with open(_ICD, "w") as f:
    f.write(os.path.abspath(LIBRARY) + "\n")
# The loader reads these when the first OpenCL call enumerates platforms; PyOpenCL reads
# PYOPENCL_NO_CACHE when imported (its binary cache would outlive a rebuilt library).
os.environ["OCL_ICD_VENDORS"] = _ICD
os.environ["PYOPENCL_NO_CACHE"] = "1"

try:
    import numpy as np
    import pyopencl as cl
    import pyopencl.array as cl_array
except ImportError as e:
    pytest.skip(f"PyOpenCL is not installed ({e}); pip install pyopencl mako", allow_module_level=True)



def _has_compiler():
    """Whether the platform finds clang and llvm-spirv (its `compiler` module's search)."""
    if os.environ.get("SPIRJIT_CLANG") and os.environ.get("SPIRJIT_LLVM_SPIRV"):
        return True
    versions = [f"-{v}" for v in range(19, 13, -1)] + [""]
    return any(shutil.which(f"clang{v}") and shutil.which(f"llvm-spirv{v}") for v in versions)


needs_clang = pytest.mark.skipif(
    not _has_compiler(), reason="clang (14-19) and llvm-spirv are not on PATH; OpenCL C cannot be built"
)
mf = cl.mem_flags
# CL_PROGRAM_BUILD_STATUS values (PyOpenCL has no enum for them).
BUILD_SUCCESS, BUILD_ERROR = 0, -2


def _platform():
    try:
        platforms = cl.get_platforms()
    except cl.Error as e:
        return None, f"no OpenCL platform loads from {LIBRARY}: {e}"
    for p in platforms:
        if p.name == "spirjit":
            return p, None
    return None, f"the loader did not offer spirjit's platform (found {[p.name for p in platforms]})"


PLATFORM, _WHY = _platform()
if PLATFORM is None:
    pytest.skip(_WHY, allow_module_level=True)


@pytest.fixture(scope="module")
def ctx():
    return cl.Context(PLATFORM.get_devices())


@pytest.fixture(scope="module")
def dev(ctx):
    return ctx.devices[0]


@pytest.fixture
def queue(ctx):
    q = cl.CommandQueue(ctx)
    yield q
    q.finish()


def _build(ctx, source, options=""):
    return cl.Program(ctx, source).build(options=options)


# ---- platform and device -----------------------------------------------------------------


def test_platform_and_device_report_opencl_3(dev):
    assert PLATFORM.version.startswith("OpenCL 3.0")
    assert "cl_khr_icd" in PLATFORM.extensions
    assert dev.type & cl.device_type.CPU
    assert dev.version.startswith("OpenCL 3.0")
    assert dev.max_work_group_size >= 256
    assert dev.address_bits == 64
    assert dev.svm_capabilities & cl.device_svm_capabilities.COARSE_GRAIN_BUFFER


# ---- buffers -------------------------------------------------------------------------------


def test_buffer_write_read_copy_and_fill(ctx, queue):
    a = np.arange(1000, dtype=np.int32)
    src = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    dst = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    cl.enqueue_copy(queue, dst, src, byte_count=400 * 4, src_offset=100 * 4, dst_offset=0)
    cl.enqueue_fill_buffer(queue, dst, np.int32(-7), 400 * 4, 600 * 4)
    out = np.empty_like(a)
    cl.enqueue_copy(queue, out, dst)
    assert (out[:400] == a[100:500]).all()
    assert (out[400:] == -7).all()
    # A two-int pattern.
    cl.enqueue_fill_buffer(queue, dst, np.array([1, 2], np.int32), 0, a.nbytes)
    cl.enqueue_copy(queue, out, dst)
    assert (out == np.tile([1, 2], 500)).all()


def test_use_host_ptr_is_zero_copy_and_maps(ctx, queue):
    host = np.zeros(256, np.float32)
    buf = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=host)
    mapped, _ = cl.enqueue_map_buffer(queue, buf, cl.map_flags.WRITE, 0, host.shape, host.dtype)
    mapped[:] = np.arange(256)
    mapped.base.release(queue)
    queue.finish()
    out = np.empty_like(host)
    cl.enqueue_copy(queue, out, buf)
    assert (out == np.arange(256)).all()
    assert (host == np.arange(256)).all(), "USE_HOST_PTR shares the application's memory"


def test_sub_buffers(ctx, queue, dev):
    align = dev.mem_base_addr_align // 8
    n = align * 4 // 4
    a = np.arange(n, dtype=np.int32)
    buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    sub = buf.get_sub_region(align, align)
    assert sub.size == align
    assert sub.offset == align
    part = np.empty(align // 4, np.int32)
    cl.enqueue_copy(queue, part, sub)
    assert (part == a[align // 4 : align // 2]).all()
    cl.enqueue_fill_buffer(queue, sub, np.int32(0), 0, align)
    out = np.empty_like(a)
    cl.enqueue_copy(queue, out, buf)
    assert (out[align // 4 : align // 2] == 0).all() and out[0] == 0 and out[-1] == n - 1
    with pytest.raises(cl.Error) as e:
        buf.get_sub_region(4, 8)
    assert e.value.code == cl.status_code.MISALIGNED_SUB_BUFFER_OFFSET


def test_rectangular_copies(ctx, queue):
    a = np.arange(8 * 6, dtype=np.float32).reshape(6, 8)
    buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    # A 3x2 block (bytes x rows) from (2, 1) in the buffer to the host.
    block = np.zeros((2, 3), np.float32)
    cl.enqueue_copy(
        queue, block, buf, buffer_origin=(2 * 4, 1), host_origin=(0, 0), region=(3 * 4, 2),
        buffer_pitches=(8 * 4,), host_pitches=(3 * 4,),
    )
    assert (block == a[1:3, 2:5]).all()
    # Buffer to buffer: the same block to (0, 0) of another 8-wide buffer.
    dst = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros_like(a))
    cl.enqueue_copy(
        queue, dst, buf, src_origin=(2 * 4, 1), dst_origin=(0, 0), region=(3 * 4, 2),
        src_pitches=(8 * 4, 0), dst_pitches=(8 * 4, 0),
    )
    out = np.empty_like(a)
    cl.enqueue_copy(queue, out, dst)
    assert (out[0:2, 0:3] == a[1:3, 2:5]).all() and out[2:].sum() == 0
    # Host to buffer.
    cl.enqueue_copy(
        queue, dst, np.full((2, 2), 9, np.float32), buffer_origin=(4 * 4, 4), host_origin=(0, 0),
        region=(2 * 4, 2), buffer_pitches=(8 * 4,), host_pitches=(2 * 4,),
    )
    cl.enqueue_copy(queue, out, dst)
    assert (out[4:6, 4:6] == 9).all()


def test_bad_buffer_arguments_are_errors(ctx, queue):
    with pytest.raises(cl.Error):
        cl.Buffer(ctx, mf.READ_WRITE, 0)
    buf = cl.Buffer(ctx, mf.READ_WRITE, 64)
    with pytest.raises(cl.Error) as e:
        cl.enqueue_copy(queue, np.empty(32, np.int32), buf)  # 128 bytes from a 64-byte buffer
    assert e.value.code == cl.status_code.INVALID_VALUE


# ---- events and queues -----------------------------------------------------------------------


def test_user_event_gates_commands_and_callbacks_run(ctx, queue):
    gate = cl.UserEvent(ctx)
    buf = cl.Buffer(ctx, mf.READ_WRITE, 4 * 16)
    fill = cl.enqueue_fill_buffer(queue, buf, np.int32(5), 0, 64, wait_for=[gate])
    seen = []
    done = threading.Event()

    def callback(status):
        seen.append(status)
        done.set()

    fill.set_callback(cl.command_execution_status.COMPLETE, callback)
    assert fill.command_execution_status > cl.command_execution_status.COMPLETE
    gate.set_status(cl.command_execution_status.COMPLETE)
    fill.wait()
    assert done.wait(10)
    assert seen == [cl.command_execution_status.COMPLETE]
    marker = cl.enqueue_marker(queue, wait_for=[fill])
    marker.wait()
    assert marker.command_type == cl.command_type.MARKER
    out = np.empty(16, np.int32)
    cl.enqueue_copy(queue, out, buf, wait_for=[marker])
    assert (out == 5).all()


def test_failed_user_event_fails_its_dependents(ctx, queue):
    gate = cl.UserEvent(ctx)
    buf = cl.Buffer(ctx, mf.READ_WRITE, 64)
    fill = cl.enqueue_fill_buffer(queue, buf, np.int32(1), 0, 64, wait_for=[gate])
    gate.set_status(-1)
    with pytest.raises(cl.Error):
        fill.wait()
    assert fill.command_execution_status < 0


def test_profiling_times_are_ordered(ctx):
    q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
    buf = cl.Buffer(ctx, mf.READ_WRITE, 1 << 20)
    ev = cl.enqueue_fill_buffer(q, buf, np.int32(3), 0, 1 << 20)
    ev.wait()
    p = ev.profile
    assert p.queued <= p.submit <= p.start <= p.end
    plain = cl.enqueue_fill_buffer(cl.CommandQueue(ctx), buf, np.int32(3), 0, 4)
    plain.wait()
    with pytest.raises(cl.Error) as e:
        plain.profile.start
    assert e.value.code == cl.status_code.PROFILING_INFO_NOT_AVAILABLE


def test_out_of_order_queue_follows_wait_lists(ctx):
    q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.OUT_OF_ORDER_EXEC_MODE_ENABLE)
    assert q.properties & cl.command_queue_properties.OUT_OF_ORDER_EXEC_MODE_ENABLE
    n = 1 << 16
    a = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
    b = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
    e1 = cl.enqueue_fill_buffer(q, a, np.int32(11), 0, 4 * n)
    e2 = cl.enqueue_copy(q, b, a, byte_count=4 * n, wait_for=[e1])
    e3 = cl.enqueue_fill_buffer(q, a, np.int32(0), 0, 4 * n, wait_for=[e2])
    barrier = cl.enqueue_barrier(q, wait_for=[e3])
    out = np.empty(n, np.int32)
    cl.enqueue_copy(q, out, b, wait_for=[barrier])
    assert (out == 11).all()
    cl.wait_for_events([e1, e2, e3])
    q.finish()


# ---- programs and kernels --------------------------------------------------------------------

SCALE = """
kernel void scale(global float *restrict x, const float by, local float *scratch) {
    size_t i = get_global_id(0);
    scratch[get_local_id(0)] = x[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    x[i] = scratch[get_local_id(0)] * by;
}
"""


@needs_clang
def test_program_from_source_and_its_binary(ctx, queue, dev):
    prg = _build(ctx, SCALE, "-DUNUSED=1 -cl-mad-enable")
    assert prg.get_build_info(dev, cl.program_build_info.STATUS) == BUILD_SUCCESS
    assert prg.kernel_names == "scale"
    x = np.arange(64, dtype=np.float32)
    buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x)
    prg.scale(queue, (64,), (16,), buf, np.float32(2), cl.LocalMemory(16 * 4))
    out = np.empty_like(x)
    cl.enqueue_copy(queue, out, buf)
    assert (out == 2 * x).all()
    # The binary builds into the same kernel.
    (binary,) = prg.binaries
    again = cl.Program(ctx, [dev], [binary]).build()
    again.scale(queue, (64,), (16,), buf, np.float32(0.5), cl.LocalMemory(16 * 4))
    cl.enqueue_copy(queue, out, buf)
    assert (out == x).all()


@needs_clang
def test_build_errors_come_with_the_compiler_log(ctx, dev):
    prg = cl.Program(ctx, "kernel void broken(global int *x) { x[0] = undeclared_name; }")
    with pytest.raises(cl.RuntimeError) as e:
        prg.build()
    assert e.value.code == cl.status_code.BUILD_PROGRAM_FAILURE
    assert "undeclared_name" in str(e.value)
    assert prg.get_build_info(dev, cl.program_build_info.STATUS) == BUILD_ERROR
    assert "undeclared_name" in prg.get_build_info(dev, cl.program_build_info.LOG)


def test_program_from_il(ctx, queue):
    with open(os.path.join(CORPUS, "vadd_float.O2.spv"), "rb") as f:
        il = f.read()
    prg = cl.Program(ctx, il).build()
    n = 100
    a, b = np.random.default_rng(1).random((2, n), dtype=np.float32)
    bufs = [cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=v) for v in (a, b)]
    c = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    prg.vadd_float(queue, (n,), None, *bufs, c, np.int32(n))
    out = np.empty_like(a)
    cl.enqueue_copy(queue, out, c)
    assert (out == a + b).all()


@needs_clang
def test_compile_and_link(ctx, queue, dev):
    header = cl.Program(ctx, "#define TWO 2.0f\n")
    lib = cl.Program(ctx, '#include "two.h"\nfloat twice(float x) { return TWO * x; }').compile(
        headers=[("two.h", header)]
    )
    assert lib.get_build_info(dev, cl.program_build_info.BINARY_TYPE) == cl.program_binary_type.COMPILED_OBJECT
    main = cl.Program(ctx, "float twice(float);\nkernel void k(global float *x) { x[get_global_id(0)] = "
                      "twice(x[get_global_id(0)]); }").compile()
    linked = cl.link_program(ctx, [lib, main])
    x = np.arange(8, dtype=np.float32)
    buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x)
    linked.k(queue, (8,), None, buf)
    out = np.empty_like(x)
    cl.enqueue_copy(queue, out, buf)
    assert (out == 2 * x).all()


@needs_clang
def test_kernel_and_argument_info(ctx, dev):
    k = cl.Kernel(_build(ctx, SCALE), "scale")
    assert k.function_name == "scale"
    assert k.num_args == 3
    ai = cl.kernel_arg_info
    assert [k.get_arg_info(i, ai.NAME) for i in range(3)] == ["x", "by", "scratch"]
    assert k.get_arg_info(0, ai.TYPE_NAME) == "float*"
    assert k.get_arg_info(0, ai.ADDRESS_QUALIFIER) == cl.kernel_arg_address_qualifier.GLOBAL
    assert k.get_arg_info(2, ai.ADDRESS_QUALIFIER) == cl.kernel_arg_address_qualifier.LOCAL
    assert k.get_arg_info(1, ai.ADDRESS_QUALIFIER) == cl.kernel_arg_address_qualifier.PRIVATE
    wg = cl.kernel_work_group_info
    assert k.get_work_group_info(wg.WORK_GROUP_SIZE, dev) >= 1
    assert k.get_work_group_info(wg.PREFERRED_WORK_GROUP_SIZE_MULTIPLE, dev) >= 1
    with pytest.raises(cl.Error) as e:
        k.set_arg(1, np.float64(1))  # 8 bytes for a float
    assert e.value.code == cl.status_code.INVALID_ARG_SIZE


@needs_clang
def test_unset_arguments_and_bad_ranges_are_errors(ctx, queue):
    k = cl.Kernel(_build(ctx, SCALE), "scale")
    with pytest.raises(cl.Error) as e:
        cl.enqueue_nd_range_kernel(queue, k, (64,), (16,))
    assert e.value.code == cl.status_code.INVALID_KERNEL_ARGS
    k.set_args(cl.Buffer(ctx, mf.READ_WRITE, 256), np.float32(1), cl.LocalMemory(64))
    with pytest.raises(cl.Error) as e:
        cl.enqueue_nd_range_kernel(queue, k, (64,), (100000,))
    assert e.value.code == cl.status_code.INVALID_WORK_GROUP_SIZE


@needs_clang
def test_svm(ctx, queue, dev):
    prg = _build(ctx, "kernel void inc(global int *p) { p[get_global_id(0)] += 1; }", "-cl-std=CL2.0")
    n = 64
    ary = cl.svm_empty(ctx, cl.svm_mem_flags.READ_WRITE, n, np.int32, alignment=64)
    assert isinstance(ary.base, cl.SVMAllocation)
    svm = cl.SVM(ary)
    with svm.map_rw(queue) as host:
        host[:] = np.arange(n)
    prg.inc(queue, (n,), None, svm)
    with svm.map_ro(queue) as host:
        assert (host == np.arange(n) + 1).all()
    cl.enqueue_svm_memfill(queue, svm, np.int32(41))
    prg.inc(queue, (n,), None, svm)
    out = np.empty(n, np.int32)
    cl.enqueue_copy(queue, out, svm)
    assert (out == 42).all()


@needs_clang
def test_out_of_bounds_write_fails_the_event_and_the_process_lives(ctx, queue):
    prg = _build(ctx, "kernel void oob(global int *a, int far) { a[get_global_id(0) + far] = 1; }")
    k = prg.oob
    k.set_args(cl.Buffer(ctx, mf.READ_WRITE, 64), np.int32(1 << 20))
    ev = cl.enqueue_nd_range_kernel(queue, k, (16,), None)
    with pytest.raises(cl.Error):
        ev.wait()
    assert ev.command_execution_status < 0
    # The queue and the platform go on.
    buf = cl.Buffer(ctx, mf.READ_WRITE, 64)
    k.set_args(buf, np.int32(0))
    cl.enqueue_nd_range_kernel(queue, k, (16,), None).wait()
    out = np.empty(16, np.int32)
    cl.enqueue_copy(queue, out, buf)
    assert (out == 1).all()


# The middle loop's body computes `len << 1` before the inner loop, and the inner loop's
# exit tests it: clang -O2 + llvm-spirv 14 lay that exit block out before the body.
BLOCK_ORDER = """
kernel void block_order(global int *data, int n) {
    int i = get_global_id(0);
    int acc = data[i];
    for (int outer = 1; outer <= n; outer <<= 1)
        for (int len = 1; len < outer; len <<= 1) {
            int dir = i & (len << 1);
            for (int inc = len; inc > 0; inc >>= 1)
                acc = (acc ^ dir) * 3 + inc;
        }
    data[i] = acc;
}
"""


@needs_clang
def test_loops_laid_out_out_of_dominance_order(ctx, queue):
    n = 64
    data = np.arange(n, dtype=np.int32) * 7
    buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
    _build(ctx, BLOCK_ORDER).block_order(queue, (n,), None, buf, np.int32(16))
    out = np.empty_like(data)
    cl.enqueue_copy(queue, out, buf)
    want = []
    for i, acc in enumerate(data.tolist()):
        outer = 1
        while outer <= 16:
            length = 1
            while length < outer:
                d = i & (length << 1)
                inc = length
                while inc > 0:
                    acc = ((acc ^ d) * 3 + inc) & 0xFFFFFFFF
                    acc = acc - (1 << 32) if acc >= 1 << 31 else acc
                    inc >>= 1
                length <<= 1
            outer <<= 1
        want.append(acc)
    assert out.tolist() == want


# ---- pyopencl.array --------------------------------------------------------------------------


@needs_clang
def test_array_workout(ctx, queue):
    from pyopencl.elementwise import ElementwiseKernel
    from pyopencl.scan import GenericScanKernel

    rng = np.random.default_rng(7)
    a = rng.random(10000).astype(np.float32)
    b = rng.random(10000).astype(np.float32)
    ga, gb = cl_array.to_device(queue, a), cl_array.to_device(queue, b)
    assert np.allclose((2 * ga + gb * gb).get(), 2 * a + b * b, rtol=1e-6)
    assert np.isclose(cl_array.sum(ga).get(), a.sum(dtype=np.float64), rtol=1e-4)
    assert np.isclose(cl_array.dot(ga, gb).get(), np.dot(a.astype(np.float64), b), rtol=1e-4)
    assert cl_array.max(ga).get() == a.max()
    lin = ElementwiseKernel(ctx, "float *z, const float *x, float k", "z[i] = k * x[i] + 1")
    gz = cl_array.empty_like(ga)
    lin(gz, ga, np.float32(3))
    assert np.allclose(gz.get(), 3 * a + 1, rtol=1e-6)
    ints = rng.integers(0, 100, 5000).astype(np.int32)
    gi = cl_array.to_device(queue, ints)
    scan = GenericScanKernel(
        ctx, np.int32, arguments="__global int *ary, __global int *out", input_expr="ary[i]",
        scan_expr="a+b", neutral="0", output_statement="out[i] = item;",
    )
    gout = cl_array.empty_like(gi)
    scan(gi, gout)
    assert (gout.get() == np.cumsum(ints)).all()


@needs_clang
def test_array_sorts(ctx, queue):
    from pyopencl.algorithm import RadixSort
    from pyopencl.bitonic_sort import BitonicSort

    rng = np.random.default_rng(3)
    keys = rng.integers(0, 1 << 30, 4096).astype(np.int32)
    radix = RadixSort(ctx, "int *ary", key_expr="ary[i]", sort_arg_names=["ary"])
    (got,), _ = radix(cl_array.to_device(queue, keys), key_bits=30)
    assert (got.get() == np.sort(keys)).all()
    g = cl_array.to_device(queue, keys)
    BitonicSort(ctx)(g)
    assert (g.get() == np.sort(keys)).all()


def test_loader_finds_only_spirjit():
    assert glob.glob(os.path.join(_ICD_DIR, "*.icd")) == [_ICD]
    assert [p.name for p in cl.get_platforms()] == ["spirjit"]

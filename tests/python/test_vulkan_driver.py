"""The Vulkan driver (vulkan/, libspirjit_vulkan.so) through the real Khronos loader.

The `vulkan` package (cffi bindings of libvulkan.so.1) drives the loader; the loader
finds only one driver, through VK_DRIVER_FILES pointing at its manifest (for spirjit,
the one `spirjit vulkan-icd` writes next to the built library). Every test that
computes results runs on spirjit's driver and on lavapipe (the `gpu` fixture of
vkdevice.py) and checks the same expected values on both. Skipped, saying why, when
the loader, the package or a driver is missing."""

import os
import shutil
import struct
import subprocess
import threading

import pytest

from vkdevice import (CS, MANIFESTS, SB, UB, WHOLE, WHY_MISSING, Gpu, ffi, f32, rerun_under_validation,
                      skip_unless_validation_rerun_possible, unf32, vk)
from vkdevice import driver, gpu  # noqa: F401 (fixtures: every test taking `gpu` runs on each driver)
from vkdevice import spv as _spv
# Used by the other driver test files, which import them from here.
from vkdevice import SHADERS  # noqa: F401
from vkdevice import validation_layer_installed as _validation_layer_installed  # noqa: F401

MANIFEST = MANIFESTS["spirjit"]
needs_spirjit = pytest.mark.skipif(MANIFEST is None, reason=WHY_MISSING["spirjit"])


@needs_spirjit
def test_enumerates_the_spirjit_device():
    g = Gpu()
    try:
        props = vk.vkGetPhysicalDeviceProperties(g.physical)
        name = ffi.string(props.deviceName).decode() if not isinstance(props.deviceName, str) else props.deviceName
        assert name.startswith("spirjit (CPU, ") and name.endswith(" threads)"), name
        assert props.deviceType == vk.VK_PHYSICAL_DEVICE_TYPE_CPU
        assert vk.VK_VERSION_MINOR(props.apiVersion) >= 1
        exts = {e.extensionName for e in vk.vkEnumerateDeviceExtensionProperties(g.physical, None)}
        for e in ("VK_KHR_storage_buffer_storage_class", "VK_KHR_variable_pointers", "VK_KHR_spirv_1_4",
                  "VK_KHR_8bit_storage", "VK_KHR_16bit_storage", "VK_KHR_shader_float16_int8",
                  "VK_KHR_shader_non_semantic_info"):
            assert e in exts
        mem = vk.vkGetPhysicalDeviceMemoryProperties(g.physical)
        assert mem.memoryTypeCount == 1
        want = (vk.VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT
                | vk.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT | vk.VK_MEMORY_PROPERTY_HOST_CACHED_BIT)
        assert mem.memoryTypes[0].propertyFlags == want
        fam = vk.vkGetPhysicalDeviceQueueFamilyProperties(g.physical)
        assert len(fam) == 1 and fam[0].queueFlags & vk.VK_QUEUE_COMPUTE_BIT
    finally:
        g.close()


def test_vector_add_end_to_end(gpu):
    n = 256
    a = [float(i) for i in range(n)]
    b = [0.5 * i for i in range(n)]
    ba, _ = gpu.buffer(f32(a))
    bb, _ = gpu.buffer(f32(b))
    bc, mc = gpu.buffer(bytes(4 * n))
    pipe, playout, (layout,) = gpu.pipeline(_spv("vadd.spv"), [[(0, SB), (1, SB), (2, SB)]])
    ds = gpu.descriptor_set(layout, [(0, SB, ba, 0, WHOLE), (1, SB, bb, 0, 4 * n), (2, SB, bc, 0, 4 * n)])

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
        vk.vkCmdDispatch(cb, n // 64, 1, 1)

    gpu.submit(record)
    assert unf32(gpu.read(mc, 4 * n)) == [x + y for x, y in zip(a, b)]


def test_timestamp_queries_around_a_dispatch(gpu):
    props = vk.vkGetPhysicalDeviceProperties(gpu.physical)
    if gpu.is_spirjit:
        assert props.limits.timestampPeriod == 1.0 and props.limits.timestampComputeAndGraphics
        assert vk.vkGetPhysicalDeviceQueueFamilyProperties(gpu.physical)[0].timestampValidBits == 64
    info = vk.VkQueryPoolCreateInfo(queryType=vk.VK_QUERY_TYPE_TIMESTAMP, queryCount=3)
    pool = vk.vkCreateQueryPool(gpu.device, info, None)
    n = 4096
    ba, _ = gpu.buffer(f32([1.0] * n))
    bb, _ = gpu.buffer(f32([2.0] * n))
    bc, mc = gpu.buffer(bytes(4 * n))
    bq, mq = gpu.buffer(bytes(32))
    pipe, playout, (layout,) = gpu.pipeline(_spv("vadd.spv"), [[(0, SB), (1, SB), (2, SB)]])
    ds = gpu.descriptor_set(layout, [(0, SB, ba, 0, WHOLE), (1, SB, bb, 0, 4 * n), (2, SB, bc, 0, 4 * n)])
    # WAIT: without it a driver may copy before the timestamps are available (lavapipe does).
    flags = vk.VK_QUERY_RESULT_64_BIT | vk.VK_QUERY_RESULT_WITH_AVAILABILITY_BIT | vk.VK_QUERY_RESULT_WAIT_BIT

    def record(cb):
        vk.vkCmdResetQueryPool(cb, pool, 0, 3)
        vk.vkCmdWriteTimestamp(cb, vk.VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pool, 0)
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
        vk.vkCmdDispatch(cb, n // 64, 1, 1)
        vk.vkCmdWriteTimestamp(cb, vk.VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 1)
        vk.vkCmdCopyQueryPoolResults(cb, pool, 0, 2, bq, 0, 16, flags)

    try:
        gpu.submit(record)
        assert unf32(gpu.read(mc, 16)) == [3.0] * 4
        t0, avail0, t1, avail1 = struct.unpack("<4Q", gpu.read(mq, 32))
        assert avail0 == avail1 == 1 and 0 < t0 <= t1, (t0, t1)
        data = ffi.new("uint64_t[3]")
        vk.vkGetQueryPoolResults(gpu.device, pool, 0, 2, 16, data, 8, vk.VK_QUERY_RESULT_64_BIT)
        assert (data[0], data[1]) == (t0, t1)
        # Query 2 was reset and never written: not ready, and its slot is left alone.
        data[2] = 12345
        with pytest.raises(vk.VkNotReady):
            vk.vkGetQueryPoolResults(gpu.device, pool, 0, 3, 24, data, 8, vk.VK_QUERY_RESULT_64_BIT)
        assert data[2] == 12345
    finally:
        vk.vkDestroyQueryPool(gpu.device, pool, None)


def test_push_constants_and_uniform_buffer(gpu):
    n = 32
    bin_, _ = gpu.buffer(f32([float(i) for i in range(n)]))
    bu, _ = gpu.buffer(f32([0.0, 0.0, 0.0, 10.0]))
    bout, mout = gpu.buffer(bytes(4 * n))
    pipe, playout, (l0, l1) = gpu.pipeline(_spv("push.spv"), [[(0, SB), (1, UB)], [(0, SB)]], push_size=8)
    s0 = gpu.descriptor_set(l0, [(0, SB, bin_, 0, WHOLE), (1, UB, bu, 0, 16)])
    s1 = gpu.descriptor_set(l1, [(0, SB, bout, 0, WHOLE)])
    push = struct.pack("<fI", 2.0, 20)

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 2, [s0, s1], 0, None)
        vk.vkCmdPushConstants(cb, playout, vk.VK_SHADER_STAGE_COMPUTE_BIT, 0, len(push), ffi.from_buffer(push))
        vk.vkCmdDispatch(cb, n // 16, 1, 1)

    gpu.submit(record)
    got = unf32(gpu.read(mout, 4 * n))
    assert got == [i * 2.0 + 10.0 if i < 20 else -1.0 for i in range(n)]


def _spec_pipeline(gpu, local):
    spec = [
        (0, struct.pack("<I", local)),
        (1, struct.pack("<f", 3.0)),
        (2, struct.pack("<i", 4)),
        (3, struct.pack("<I", 1)),  # FLIP (a VkBool32)
        (4, struct.pack("<I", 2)),
    ]
    return gpu.pipeline(_spv("spec.spv"), [[(0, SB), (1, SB), (2, SB)]], spec=spec)


def test_specialization_and_dispatch_base(gpu):
    local, groups, base = 16, 2, 1
    total = local * (base + groups)
    src = [float(i) for i in range(total)]
    bsrc, _ = gpu.buffer(f32(src))
    bdst, mdst = gpu.buffer(bytes(4 * total))
    binfo, minfo = gpu.buffer(bytes(16 * (base + groups)))
    pipe, playout, (layout,) = _spec_pipeline(gpu, local)
    ds = gpu.descriptor_set(
        layout, [(0, SB, bsrc, 0, WHOLE), (1, SB, bdst, 0, WHOLE), (2, SB, binfo, 0, WHOLE)]
    )

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
        vk.vkCmdDispatchBase(cb, base, 0, 0, groups, 1, 1)

    gpu.submit(record)
    dst = unf32(gpu.read(mdst, 4 * total))
    derived = 4 * 3 - 7
    for g in range(base, base + groups):
        for l in range(local):
            assert dst[g * local + l] == src[g * local + (local - 1 - l)] * 3.0 + derived
    assert dst[:local] == [0.0] * local  # group 0 is before the base
    info = struct.unpack(f"<{4 * (base + groups)}I", gpu.read(minfo, 16 * (base + groups)))
    masked = (2 << 4) | (2 ^ 5)
    for g in range(base, base + groups):
        assert info[4 * g: 4 * g + 4] == (local, g, masked, groups)


def test_dispatch_indirect(gpu):
    n = 128
    ba, _ = gpu.buffer(f32([1.0] * n))
    bb, _ = gpu.buffer(f32([2.0] * n))
    bc, mc = gpu.buffer(bytes(4 * n))
    bind, _ = gpu.buffer(struct.pack("<4I", 0, 1, 1, 1) + struct.pack("<3I", 1, 1, 1))
    pipe, playout, (layout,) = gpu.pipeline(_spv("vadd.spv"), [[(0, SB), (1, SB), (2, SB)]])
    ds = gpu.descriptor_set(layout, [(0, SB, ba, 0, WHOLE), (1, SB, bb, 0, WHOLE), (2, SB, bc, 0, WHOLE)])

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
        vk.vkCmdDispatchIndirect(cb, bind, 16)  # (1, 1, 1): one group of 64

    gpu.submit(record)
    assert unf32(gpu.read(mc, 4 * n)) == [3.0] * 64 + [0.0] * 64


def test_copy_fill_update_buffer(gpu):
    src, _ = gpu.buffer(bytes(range(64)))
    dst, mdst = gpu.buffer(bytes(64))
    patch = struct.pack("<2I", 0xDEADBEEF, 0x01020304)

    def record(cb):
        vk.vkCmdFillBuffer(cb, dst, 0, WHOLE, 0x11223344)
        barrier = vk.VkMemoryBarrier(
            srcAccessMask=vk.VK_ACCESS_TRANSFER_WRITE_BIT, dstAccessMask=vk.VK_ACCESS_TRANSFER_WRITE_BIT
        )
        vk.vkCmdPipelineBarrier(
            cb, vk.VK_PIPELINE_STAGE_TRANSFER_BIT, vk.VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, [barrier], 0, None, 0, None
        )
        vk.vkCmdCopyBuffer(cb, src, dst, 1, [vk.VkBufferCopy(srcOffset=8, dstOffset=16, size=16)])
        vk.vkCmdUpdateBuffer(cb, dst, 40, len(patch), ffi.from_buffer(patch))

    gpu.submit(record)
    want = bytearray(struct.pack("<I", 0x11223344) * 16)
    want[16:32] = bytes(range(8, 24))
    want[40:48] = patch
    assert gpu.read(mdst, 64) == bytes(want)


def test_two_threads_submitting(gpu):
    n = 64 * 8
    pipe, playout, (layout,) = gpu.pipeline(_spv("vadd.spv"), [[(0, SB), (1, SB), (2, SB)]])
    jobs = []
    for t in range(2):
        ba, _ = gpu.buffer(f32([float(t)] * n))
        bb, _ = gpu.buffer(f32([float(i) for i in range(n)]))
        bc, mc = gpu.buffer(bytes(4 * n))
        ds = gpu.descriptor_set(
            layout, [(0, SB, ba, 0, WHOLE), (1, SB, bb, 0, WHOLE), (2, SB, bc, 0, WHOLE)]
        )
        jobs.append((ds, mc))
    pools = [vk.vkCreateCommandPool(gpu.device, vk.VkCommandPoolCreateInfo(queueFamilyIndex=gpu.family), None)
             for _ in jobs]
    errors = []

    def work(t):
        try:
            ds, _ = jobs[t]
            for _ in range(10):
                cb = vk.vkAllocateCommandBuffers(
                    gpu.device,
                    vk.VkCommandBufferAllocateInfo(
                        commandPool=pools[t], level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount=1
                    ),
                )[0]
                vk.vkBeginCommandBuffer(cb, vk.VkCommandBufferBeginInfo())
                vk.vkCmdBindPipeline(cb, CS, pipe)
                vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
                vk.vkCmdDispatch(cb, n // 64, 1, 1)
                vk.vkEndCommandBuffer(cb)
                fence = vk.vkCreateFence(gpu.device, vk.VkFenceCreateInfo(), None)
                # Two queues where the driver has them (spirjit), else one shared under its lock.
                q = t % len(gpu.queues)
                with gpu.queue_locks[q]:
                    vk.vkQueueSubmit(gpu.queues[q], 1, [vk.VkSubmitInfo(pCommandBuffers=[cb])], fence)
                vk.vkWaitForFences(gpu.device, 1, [fence], vk.VK_TRUE, 10**10)
                vk.vkDestroyFence(gpu.device, fence, None)
                vk.vkFreeCommandBuffers(gpu.device, pools[t], 1, [cb])
        except Exception as e:  # noqa: BLE001 - reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    for t, (_, mc) in enumerate(jobs):
        assert unf32(gpu.read(mc, 4 * n)) == [float(t) + i for i in range(n)]
    for p in pools:
        vk.vkDestroyCommandPool(gpu.device, p, None)


@needs_spirjit
@pytest.mark.skipif("VK_LAYER_KHRONOS_validation" in os.environ.get("VK_INSTANCE_LAYERS", ""),
                    reason="an invalid module is undefined behaviour under the validation layer, which crashes on it")
def test_bad_shader_module_fails_pipeline_creation():
    # spirjit only: an invalid module is undefined behaviour for a driver, which need not check it.
    g = Gpu()
    try:
        bad = b"\x03\x02\x23\x07" + b"\x00" * 16
        with pytest.raises(vk.VkError):
            g.pipeline(bad, [[]])
    finally:
        g.close()


@needs_spirjit
@pytest.mark.skipif(shutil.which("vulkaninfo") is None, reason="vulkaninfo (vulkan-tools) is not installed")
def test_vulkaninfo_lists_the_device():
    env = dict(os.environ, VK_DRIVER_FILES=MANIFEST)
    out = subprocess.run(["vulkaninfo", "--summary"], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "spirjit (CPU, " in out.stdout
    assert "PHYSICAL_DEVICE_TYPE_CPU" in out.stdout


def test_dynamic_offsets_and_one_buffer_bound_twice(gpu):
    # One allocation holds a, b and c; the descriptors are dynamic, each at offset 0 with
    # its place given as a dynamic offset. Then a and b are the same range (bound twice).
    n = 64
    block = f32([1.0] * n) + f32([float(i) for i in range(n)]) + bytes(4 * n)
    buf, mem = gpu.buffer(block)
    SD = vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC
    pipe, playout, (layout,) = gpu.pipeline(_spv("vadd.spv"), [[(0, SD), (1, SD), (2, SD)]])
    ds = gpu.descriptor_set(layout, [(0, SD, buf, 0, 4 * n), (1, SD, buf, 0, 4 * n), (2, SD, buf, 0, 4 * n)])

    def run(offsets):
        def record(cb):
            vk.vkCmdBindPipeline(cb, CS, pipe)
            vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 3, offsets)
            vk.vkCmdDispatch(cb, 1, 1, 1)

        gpu.submit(record)

    run([0, 4 * n, 8 * n])
    assert unf32(gpu.read(mem, 12 * n)[8 * n:]) == [1.0 + i for i in range(n)]
    # c = b + b, b bound twice (the second binding gets a copy).
    run([4 * n, 4 * n, 8 * n])
    assert unf32(gpu.read(mem, 12 * n)[8 * n:]) == [2.0 * i for i in range(n)]
    # In place: b = b + a, with b both read and written through two bindings.
    run([4 * n, 0, 4 * n])
    assert unf32(gpu.read(mem, 12 * n)[4 * n: 8 * n]) == [1.0 + i for i in range(n)]


def test_the_driver_tests_are_clean_under_the_validation_layer():
    skip_unless_validation_rerun_possible()
    rerun_under_validation(__file__)


def _pipeline_cache_data(gpu, cache):
    """vkGetPipelineCacheData through the loader's export (the `vulkan` package lacks it)."""
    import ctypes

    lib = ctypes.CDLL("libvulkan.so.1")
    fn = lib.vkGetPipelineCacheData
    fn.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.POINTER(ctypes.c_size_t), ctypes.c_void_p]
    fn.restype = ctypes.c_int
    device = int(ffi.cast("uintptr_t", gpu.device))
    handle = int(ffi.cast("uint64_t", cache))
    size = ctypes.c_size_t(0)
    assert fn(device, handle, ctypes.byref(size), None) == 0
    buf = ctypes.create_string_buffer(size.value)
    assert fn(device, handle, ctypes.byref(size), buf) == 0
    return buf.raw[: size.value]


def _pipeline_cache(gpu, data=b""):
    blob = ffi.from_buffer(data) if data else None
    info = vk.VkPipelineCacheCreateInfo(initialDataSize=len(data), pInitialData=blob)
    return vk.vkCreatePipelineCache(gpu.device, info, None)


@needs_spirjit
def test_pipeline_cache_data_carries_the_compiled_code():
    g = Gpu()
    try:
        uuid = bytes(vk.vkGetPhysicalDeviceProperties(g.physical).pipelineCacheUUID)
        empty = _pipeline_cache(g)
        header = _pipeline_cache_data(g, empty)
        assert len(header) > 32 and header[16:32] == uuid
        cache = _pipeline_cache(g)
        g.pipeline(_spv("vadd.spv"), [[(0, SB), (1, SB), (2, SB)]], cache=cache)
        data = _pipeline_cache_data(g, cache)
        assert data[:32] == header[:32] and len(data) > len(header) + 256, "no code in the cache data"
        # The data given back holds the same entries; a pipeline made with it runs.
        again = _pipeline_cache(g, data)
        assert _pipeline_cache_data(g, again) == data
        n = 256
        ba, _ = g.buffer(f32(range(n)))
        bb, _ = g.buffer(f32([2.0] * n))
        bc, mc = g.buffer(bytes(4 * n))
        pipe, playout, (layout,) = g.pipeline(_spv("vadd.spv"), [[(0, SB), (1, SB), (2, SB)]], cache=again)
        ds = g.descriptor_set(layout, [(0, SB, ba, 0, WHOLE), (1, SB, bb, 0, WHOLE), (2, SB, bc, 0, WHOLE)])

        def record(cb):
            vk.vkCmdBindPipeline(cb, CS, pipe)
            vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
            vk.vkCmdDispatch(cb, n // 64, 1, 1)

        g.submit(record)
        assert unf32(g.read(mc, 4 * n)) == [i + 2.0 for i in range(n)]
        # A damaged entry is left out; data of another build or CPU is ignored.
        damaged = bytearray(data)
        damaged[-10] ^= 0xFF
        damaged = _pipeline_cache(g, bytes(damaged))
        assert _pipeline_cache_data(g, damaged) == header
        foreign = bytearray(data)
        foreign[16] ^= 0xFF
        foreign = _pipeline_cache(g, bytes(foreign))
        assert _pipeline_cache_data(g, foreign) == header
        # Merging gathers the entries.
        merged = _pipeline_cache(g)
        vk.vkMergePipelineCaches(g.device, merged, 1, [again])
        assert _pipeline_cache_data(g, merged) == data
        for c in (empty, cache, again, damaged, foreign, merged):
            vk.vkDestroyPipelineCache(g.device, c, None)
    finally:
        g.close()

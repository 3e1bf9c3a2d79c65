"""The Vulkan driver's external memory, fences and semaphores, through the real loader:
host memory imported from a NumPy array (VK_EXT_external_memory_host) that a dispatch
writes in place, memory exported as a file descriptor (VK_KHR_external_memory_fd) and
imported by a second device and by a child process, fences and semaphores exported and
imported (VK_KHR_external_fence_fd, VK_KHR_external_semaphore_fd; permanent and
temporary imports, binary and timeline semaphores, a child process waiting on a fence),
the external-handle queries agreeing with that behaviour, and what is refused.

Each test runs on lavapipe too where lavapipe has the extension (Mesa 22.3 has the memory
ones, not the fence and semaphore ones), checking the same results; the file reruns itself
under the Khronos validation layer. Uses the helpers of test_vulkan_driver_sync.py."""

import contextlib
import mmap
import os
import struct
import subprocess
import sys
import tempfile
import time

import pytest

import vkdevice
from test_vulkan_driver import CS, SB, WHOLE, _spv, f32, ffi, unf32, vk
from test_vulkan_driver_sync import SECOND, SyncGpu, _fence_pending
from vkdevice import driver  # noqa: F401 (fixture: each test runs on spirjit and on lavapipe)

UNDER_LAYER = "VK_INSTANCE_LAYERS" in os.environ
HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = mmap.PAGESIZE

OPAQUE = vk.VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT
HOST = vk.VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT
FOREIGN = vk.VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_MAPPED_FOREIGN_MEMORY_BIT_EXT
DMA_BUF = vk.VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT
EXPORTABLE = vk.VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT
IMPORTABLE = vk.VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT
FENCE_OPAQUE = vk.VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT
FENCE_SYNC = vk.VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT
SEM_OPAQUE = vk.VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT
SEM_SYNC = vk.VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT
STORAGE = (vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | vk.VK_BUFFER_USAGE_TRANSFER_SRC_BIT
           | vk.VK_BUFFER_USAGE_TRANSFER_DST_BIT)

MEMORY_EXTENSIONS = ("VK_KHR_external_memory", "VK_KHR_external_memory_fd", "VK_EXT_external_memory_host")
SYNC_FD_EXTENSIONS = ("VK_KHR_external_fence", "VK_KHR_external_fence_fd", "VK_KHR_external_semaphore",
                      "VK_KHR_external_semaphore_fd")

INVALID_EXTERNAL_HANDLE = -1000072003
_offered = {}


@contextlib.contextmanager
def refused():
    """The call in the block fails with VK_ERROR_INVALID_EXTERNAL_HANDLE (which the
    `vulkan` package lacks an exception for: it raises a KeyError of the code)."""
    try:
        yield
    except KeyError as e:
        assert e.args == (INVALID_EXTERNAL_HANDLE,), e
    except getattr(vk, "VkErrorInvalidExternalHandle", KeyError):
        pass
    else:
        pytest.fail("not refused with VK_ERROR_INVALID_EXTERNAL_HANDLE")


def offered(driver):
    """The device extensions `driver` offers (asked once)."""
    if driver not in _offered:
        with vkdevice.only_driver(driver):
            inst = vk.vkCreateInstance(vk.VkInstanceCreateInfo(), None)
        try:
            pd = vk.vkEnumeratePhysicalDevices(inst)[0]
            _offered[driver] = {vkdevice.text(e.extensionName)
                                for e in vk.vkEnumerateDeviceExtensionProperties(pd, None)}
        finally:
            vk.vkDestroyInstance(inst, None)
    return _offered[driver]


def needs(driver, *extensions):
    """Skip unless `driver` offers every extension named."""
    missing = [e for e in extensions if e not in offered(driver)]
    if missing:
        pytest.skip(f"{driver} lacks {', '.join(missing)}")


class ExtGpu(SyncGpu):
    """A device with the synchronization extensions and every external memory, fence and
    semaphore extension the driver offers, and their commands."""

    def __init__(self, driver, **kw):
        have = offered(driver)
        exts = tuple(e for e in MEMORY_EXTENSIONS + SYNC_FD_EXTENSIONS if e in have)
        super().__init__(driver, extra_extensions=exts, **kw)
        self.exts = set(exts)
        fn = lambda name: vk.vkGetDeviceProcAddr(self.device, name) if name in self._cmds(exts) else None  # noqa: E731
        self.get_memory_fd = fn("vkGetMemoryFdKHR")
        self.get_memory_fd_properties = fn("vkGetMemoryFdPropertiesKHR")
        self.host_pointer_properties = fn("vkGetMemoryHostPointerPropertiesEXT")
        self.get_fence_fd = fn("vkGetFenceFdKHR")
        self.import_fence_fd = fn("vkImportFenceFdKHR")
        self.get_semaphore_fd = fn("vkGetSemaphoreFdKHR")
        self.import_semaphore_fd = fn("vkImportSemaphoreFdKHR")
        self.memories = []

    @staticmethod
    def _cmds(exts):
        names = set()
        if "VK_KHR_external_memory_fd" in exts:
            names |= {"vkGetMemoryFdKHR", "vkGetMemoryFdPropertiesKHR"}
        if "VK_EXT_external_memory_host" in exts:
            names.add("vkGetMemoryHostPointerPropertiesEXT")
        if "VK_KHR_external_fence_fd" in exts:
            names |= {"vkGetFenceFdKHR", "vkImportFenceFdKHR"}
        if "VK_KHR_external_semaphore_fd" in exts:
            names |= {"vkGetSemaphoreFdKHR", "vkImportSemaphoreFdKHR"}
        return names

    def external_buffer(self, size, handle_type):
        """A buffer that may be bound to memory of `handle_type`."""
        info = vk.VkBufferCreateInfo(pNext=vk.VkExternalMemoryBufferCreateInfo(handleTypes=handle_type),
                                     size=size, usage=STORAGE)
        buf = vk.vkCreateBuffer(self.device, info, None)
        self.objects.append((vk.vkDestroyBuffer, buf))
        return buf

    def allocate(self, size, type_index, next):
        mem = vk.vkAllocateMemory(
            self.device, vk.VkMemoryAllocateInfo(pNext=next, allocationSize=size, memoryTypeIndex=type_index), None)
        self.memories.append(mem)
        return mem

    def exportable_memory(self, size):
        """Memory of `size` bytes that exports as OPAQUE_FD, and its type index."""
        t = self.memory_types[0]
        return self.allocate(size, t, vk.VkExportMemoryAllocateInfo(handleTypes=OPAQUE)), t

    def memory_fd(self, mem):
        return self.get_memory_fd(self.device, vk.VkMemoryGetFdInfoKHR(memory=mem, handleType=OPAQUE))

    def import_memory_fd(self, fd, size, type_index):
        return self.allocate(size, type_index, vk.VkImportMemoryFdInfoKHR(handleType=OPAQUE, fd=fd))

    def exportable_fence(self):
        f = vk.vkCreateFence(self.device, vk.VkFenceCreateInfo(
            pNext=vk.VkExportFenceCreateInfo(handleTypes=FENCE_OPAQUE)), None)
        self.objects.append((vk.vkDestroyFence, f))
        return f

    def fence_fd(self, fence):
        return self.get_fence_fd(self.device, vk.VkFenceGetFdInfoKHR(fence=fence, handleType=FENCE_OPAQUE))

    def import_fence(self, fence, fd, temporary=False):
        flags = vk.VK_FENCE_IMPORT_TEMPORARY_BIT if temporary else 0
        self.import_fence_fd(self.device, vk.VkImportFenceFdInfoKHR(fence=fence, flags=flags,
                                                                   handleType=FENCE_OPAQUE, fd=fd))

    def exportable_semaphore(self, timeline=None):
        nxt = vk.VkExportSemaphoreCreateInfo(handleTypes=SEM_OPAQUE)
        if timeline is not None:
            nxt = vk.VkSemaphoreTypeCreateInfo(pNext=nxt, semaphoreType=vk.VK_SEMAPHORE_TYPE_TIMELINE,
                                               initialValue=timeline)
        s = vk.vkCreateSemaphore(self.device, vk.VkSemaphoreCreateInfo(pNext=nxt), None)
        self.objects.append((vk.vkDestroySemaphore, s))
        return s

    def semaphore_fd(self, sem):
        return self.get_semaphore_fd(self.device, vk.VkSemaphoreGetFdInfoKHR(semaphore=sem, handleType=SEM_OPAQUE))

    def import_semaphore(self, sem, fd, temporary=False):
        flags = vk.VK_SEMAPHORE_IMPORT_TEMPORARY_BIT if temporary else 0
        self.import_semaphore_fd(self.device, vk.VkImportSemaphoreFdInfoKHR(semaphore=sem, flags=flags,
                                                                           handleType=SEM_OPAQUE, fd=fd))

    def gated_submit(self, gate, fence=None, signal=(), signal_values=None):
        """Submit work that waits for timeline semaphore `gate` to reach 1 (the host
        releases it), then signals `signal` (binary, or timeline with `signal_values`) and
        `fence`."""
        values = vk.VkTimelineSemaphoreSubmitInfo(pWaitSemaphoreValues=[1],
                                                  pSignalSemaphoreValues=signal_values or [0] * len(signal) or None)
        info = vk.VkSubmitInfo(pNext=values, pWaitSemaphores=[gate],
                               pWaitDstStageMask=[vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT],
                               pSignalSemaphores=list(signal) or None)
        vk.vkQueueSubmit(self.queues[0], 1, [info], fence or vk.VK_NULL_HANDLE)

    def close(self):
        vk.vkDeviceWaitIdle(self.device)
        for destroy, obj in reversed(self.objects):
            destroy(self.device, obj, None)
        self.objects = []
        for mem in self.memories:
            vk.vkFreeMemory(self.device, mem, None)
        super().close()


@contextlib.contextmanager
def two_devices(driver, extension):
    """Two devices of `driver` (skipped unless it offers `extension`), closed afterwards."""
    a, b = ExtGpu(driver), None
    try:
        needs(driver, extension)
        b = ExtGpu(driver)
        yield a, b
    finally:
        if b is not None:
            b.close()
        a.close()


def _vadd(g, buffers, n):
    """Run vadd (c = a + b) on `n` floats over the three (buffer, offset) pairs."""
    pipe, playout, (layout,) = g.pipeline(_spv("vadd.spv"), [[(0, SB), (1, SB), (2, SB)]])
    ds = g.descriptor_set(layout, [(i, SB, b, off, 4 * n) for i, (b, off) in enumerate(buffers)])

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
        vk.vkCmdDispatch(cb, n // 64, 1, 1)

    g.submit(record)


def _uuids(g):
    ids = vk.VkPhysicalDeviceIDProperties()
    vk.vkGetPhysicalDeviceProperties2(g.physical, vk.VkPhysicalDeviceProperties2(pNext=ids))
    return bytes(ids.deviceUUID), bytes(ids.driverUUID)


def test_the_queries_say_what_the_driver_offers(driver):
    g = ExtGpu(driver)
    try:
        have = offered(driver)
        if driver == "spirjit":
            assert set(MEMORY_EXTENSIONS + SYNC_FD_EXTENSIONS) <= have
            assert "VK_EXT_external_memory_dma_buf" not in have
        # Buffers: what each memory handle type can do.
        feats = {}
        for t in (OPAQUE, HOST, FOREIGN, DMA_BUF):
            p = vk.vkGetPhysicalDeviceExternalBufferProperties(
                g.physical, vk.VkPhysicalDeviceExternalBufferInfo(usage=STORAGE, handleType=t), vk.VkExternalBufferProperties())
            feats[t] = p.externalMemoryProperties.externalMemoryFeatures
            if feats[t]:
                assert p.externalMemoryProperties.compatibleHandleTypes & t
        assert feats[OPAQUE] & (EXPORTABLE | IMPORTABLE) == EXPORTABLE | IMPORTABLE
        assert feats[HOST] & IMPORTABLE and not feats[HOST] & EXPORTABLE
        if driver == "spirjit":
            assert feats == {OPAQUE: EXPORTABLE | IMPORTABLE, HOST: IMPORTABLE, FOREIGN: IMPORTABLE, DMA_BUF: 0}
        # The host pointer alignment is a page on both drivers.
        hp = vk.VkPhysicalDeviceExternalMemoryHostPropertiesEXT()
        vk.vkGetPhysicalDeviceProperties2(g.physical, vk.VkPhysicalDeviceProperties2(pNext=hp))
        assert hp.minImportedHostPointerAlignment == PAGE
        # Fences and semaphores: OPAQUE_FD exactly when the fd extensions are offered; no sync files.
        fence = vk.vkGetPhysicalDeviceExternalFenceProperties(
            g.physical, vk.VkPhysicalDeviceExternalFenceInfo(handleType=FENCE_OPAQUE), vk.VkExternalFenceProperties())
        sync_fence = vk.vkGetPhysicalDeviceExternalFenceProperties(
            g.physical, vk.VkPhysicalDeviceExternalFenceInfo(handleType=FENCE_SYNC), vk.VkExternalFenceProperties())
        both = vk.VK_EXTERNAL_FENCE_FEATURE_EXPORTABLE_BIT | vk.VK_EXTERNAL_FENCE_FEATURE_IMPORTABLE_BIT
        if "VK_KHR_external_fence_fd" in have:
            assert fence.externalFenceFeatures == both and fence.compatibleHandleTypes == FENCE_OPAQUE
            assert fence.exportFromImportedHandleTypes == FENCE_OPAQUE
        if driver == "spirjit":
            # Sync files import (temporarily), never export.
            assert sync_fence.externalFenceFeatures == vk.VK_EXTERNAL_FENCE_FEATURE_IMPORTABLE_BIT
            assert sync_fence.compatibleHandleTypes == FENCE_SYNC and sync_fence.exportFromImportedHandleTypes == 0
        sem_both = vk.VK_EXTERNAL_SEMAPHORE_FEATURE_EXPORTABLE_BIT | vk.VK_EXTERNAL_SEMAPHORE_FEATURE_IMPORTABLE_BIT
        for timeline in (False, True):
            nxt = vk.VkSemaphoreTypeCreateInfo(semaphoreType=vk.VK_SEMAPHORE_TYPE_TIMELINE) if timeline else None
            sem = vk.vkGetPhysicalDeviceExternalSemaphoreProperties(
                g.physical, vk.VkPhysicalDeviceExternalSemaphoreInfo(pNext=nxt, handleType=SEM_OPAQUE), vk.VkExternalSemaphoreProperties())
            sync_sem = vk.vkGetPhysicalDeviceExternalSemaphoreProperties(
                g.physical, vk.VkPhysicalDeviceExternalSemaphoreInfo(pNext=nxt, handleType=SEM_SYNC), vk.VkExternalSemaphoreProperties())
            if "VK_KHR_external_semaphore_fd" in have:
                assert sem.externalSemaphoreFeatures == sem_both and sem.compatibleHandleTypes == SEM_OPAQUE
            if driver == "spirjit":
                # Sync files are binary payloads: importable into binary semaphores only.
                want = 0 if timeline else vk.VK_EXTERNAL_SEMAPHORE_FEATURE_IMPORTABLE_BIT
                assert sync_sem.externalSemaphoreFeatures == want
        # Two instances of the driver are the same device and driver for importers.
        other = ExtGpu(driver)
        try:
            assert _uuids(g) == _uuids(other)
            assert all(any(u) for u in _uuids(g))
        finally:
            other.close()
    finally:
        g.close()


def _image_format(g, handle_type):
    """The external memory properties of a 2D R32_SFLOAT storage image of `handle_type`,
    or the error the query raises."""
    ext = vk.VkExternalImageFormatProperties()
    out = vk.VkImageFormatProperties2(pNext=ext)
    info = vk.VkPhysicalDeviceImageFormatInfo2(
        pNext=vk.VkPhysicalDeviceExternalImageFormatInfo(handleType=handle_type),
        format=vk.VK_FORMAT_R32_SFLOAT, type=vk.VK_IMAGE_TYPE_2D, tiling=vk.VK_IMAGE_TILING_LINEAR,
        usage=vk.VK_IMAGE_USAGE_STORAGE_BIT)
    vk.vkGetPhysicalDeviceImageFormatProperties2(g.physical, info, out)
    return ext.externalMemoryProperties


def test_image_format_queries_with_external_memory(driver):
    g = ExtGpu(driver)
    try:
        p = _image_format(g, OPAQUE)
        assert p.externalMemoryFeatures & (EXPORTABLE | IMPORTABLE) == EXPORTABLE | IMPORTABLE
        assert p.compatibleHandleTypes & OPAQUE
        if driver == "spirjit":
            assert _image_format(g, HOST).externalMemoryFeatures == IMPORTABLE
            with pytest.raises(vk.VkErrorFormatNotSupported):
                _image_format(g, DMA_BUF)
    finally:
        g.close()


def _aligned_floats(np, n):
    """A page-aligned float32 NumPy array of `n` elements (n * 4 a multiple of a page),
    and the array that owns its bytes."""
    raw = np.zeros(n * 4 + PAGE, dtype=np.uint8)
    off = (-raw.ctypes.data) % PAGE
    return raw[off:off + n * 4].view(np.float32), raw


def test_a_dispatch_writes_into_imported_host_memory(driver):
    np = pytest.importorskip("numpy")
    g = ExtGpu(driver)
    try:
        needs(driver, "VK_EXT_external_memory_host")
        n = PAGE // 4  # one page per array
        arrays = []
        for values in (np.arange(n, dtype=np.float32), np.full(n, 0.5, dtype=np.float32), np.zeros(n, np.float32)):
            a, owner = _aligned_floats(np, n)
            a[:] = values
            arrays.append((a, owner))
        buffers = []
        for a, _ in arrays:
            ptr = ffi.cast("void*", a.ctypes.data)
            props = g.host_pointer_properties(g.device, HOST, ptr, vk.VkMemoryHostPointerPropertiesEXT())
            types = [i for i in g.memory_types if props.memoryTypeBits & (1 << i)]
            assert types, props.memoryTypeBits
            mem = g.allocate(4 * n, types[0], vk.VkImportMemoryHostPointerInfoEXT(handleType=HOST, pHostPointer=ptr))
            # Mapping gives the application's own pointer: no copy.
            mapped = vk.vkMapMemory(g.device, mem, 0, 4 * n, 0)
            assert int(ffi.cast("uintptr_t", ffi.from_buffer(mapped))) == a.ctypes.data
            vk.vkUnmapMemory(g.device, mem)
            buf = g.external_buffer(4 * n, HOST)
            vk.vkBindBufferMemory(g.device, buf, mem, 0)
            buffers.append((buf, 0))
        _vadd(g, buffers, n)
        # The result is in the third NumPy array itself.
        assert (arrays[2][0] == np.arange(n, dtype=np.float32) + 0.5).all()
        # And the first two are inputs the kernel saw: change one in place and run again.
        arrays[1][0][:] = 2.0
        _vadd(g, buffers, n)
        assert (arrays[2][0] == np.arange(n, dtype=np.float32) + 2.0).all()
    finally:
        g.close()


def test_host_pointer_refusals(driver):
    if UNDER_LAYER:
        pytest.skip("hands the driver invalid host pointers on purpose")
    np = pytest.importorskip("numpy")
    g = ExtGpu(driver)
    try:
        needs(driver, "VK_EXT_external_memory_host")
        a, _owner = _aligned_floats(np, PAGE // 4)
        ptr = ffi.cast("void*", a.ctypes.data)
        with refused():
            g.host_pointer_properties(g.device, OPAQUE, ptr)
        if driver == "spirjit":
            with refused():
                g.host_pointer_properties(g.device, HOST, ffi.cast("void*", a.ctypes.data + 4))
            with refused():
                g.allocate(PAGE, 0, vk.VkImportMemoryHostPointerInfoEXT(
                    handleType=HOST, pHostPointer=ffi.cast("void*", a.ctypes.data + 64)))
            with refused():
                g.allocate(PAGE, 0, vk.VkImportMemoryHostPointerInfoEXT(handleType=OPAQUE, pHostPointer=ptr))
            # HOST_MAPPED_FOREIGN_MEMORY is memory the CPU reaches like any other.
            props = g.host_pointer_properties(g.device, FOREIGN, ptr, vk.VkMemoryHostPointerPropertiesEXT())
            assert props.memoryTypeBits == 1
    finally:
        g.close()


def test_exported_memory_is_shared_with_a_second_device(driver):
    with two_devices(driver, "VK_KHR_external_memory_fd") as (a, b):
        n = 256
        size = 3 * 4 * n
        mem, t = a.exportable_memory(size)
        a.write(mem, f32([float(i) for i in range(n)]) + f32([1.5] * n) + bytes(4 * n))
        # Two descriptors of the same memory: each import takes ownership of its own.
        fd1, fd2 = a.memory_fd(mem), a.memory_fd(mem)
        assert fd1 != fd2
        imported = b.import_memory_fd(fd1, size, t)
        os.close(fd2)
        buf = b.external_buffer(size, OPAQUE)
        vk.vkBindBufferMemory(b.device, buf, imported, 0)
        # The second device computes into the shared bytes; the first sees the result.
        _vadd(b, [(buf, 0), (buf, 4 * n), (buf, 8 * n)], n)
        assert unf32(a.read(mem, 4 * n, 8 * n)) == [i + 1.5 for i in range(n)]
        # And the other way round: the first device's buffer over its own memory.
        abuf = a.external_buffer(size, OPAQUE)
        vk.vkBindBufferMemory(a.device, abuf, mem, 0)
        a.write(mem, f32([3.0] * n), 4 * n)
        _vadd(a, [(abuf, 0), (abuf, 4 * n), (abuf, 8 * n)], n)
        assert unf32(b.read(imported, 4 * n, 8 * n)) == [i + 3.0 for i in range(n)]
        # Memory imported from a descriptor exports again (exportFromImportedHandleTypes).
        fd3 = b.memory_fd(imported)
        try:
            again = a.import_memory_fd(fd3, size, t)
        except KeyError as e:
            if driver == "lavapipe" and e.args == (INVALID_EXTERNAL_HANDLE,):
                with contextlib.suppress(OSError):  # lavapipe closed it
                    os.close(fd3)
                pytest.xfail("lavapipe (Mesa 22.3) reports exportFromImportedHandleTypes OPAQUE_FD but refuses "
                             "the descriptor it exports from imported memory")
            raise
        assert unf32(a.read(again, 4 * n, 8 * n)) == [i + 3.0 for i in range(n)]


def _image_over(g, mem, extent=16):
    """A 2D R32_UINT image that may live in OPAQUE_FD memory, bound to `mem`, in GENERAL."""
    info = vk.VkImageCreateInfo(
        pNext=vk.VkExternalMemoryImageCreateInfo(handleTypes=OPAQUE), imageType=vk.VK_IMAGE_TYPE_2D,
        format=vk.VK_FORMAT_R32_UINT, extent=vk.VkExtent3D(width=extent, height=extent, depth=1), mipLevels=1,
        arrayLayers=1, samples=vk.VK_SAMPLE_COUNT_1_BIT, tiling=vk.VK_IMAGE_TILING_OPTIMAL,
        usage=vk.VK_IMAGE_USAGE_TRANSFER_SRC_BIT | vk.VK_IMAGE_USAGE_TRANSFER_DST_BIT,
        sharingMode=vk.VK_SHARING_MODE_EXCLUSIVE, initialLayout=vk.VK_IMAGE_LAYOUT_UNDEFINED)
    img = vk.vkCreateImage(g.device, info, None)
    g.objects.append((vk.vkDestroyImage, img))
    if mem is None:
        return img
    vk.vkBindImageMemory(g.device, img, mem, 0)
    return img


def _image_copy(g, img, buf, to_image, extent=16):
    whole = vk.VkImageSubresourceRange(aspectMask=vk.VK_IMAGE_ASPECT_COLOR_BIT, baseMipLevel=0, levelCount=1,
                                       baseArrayLayer=0, layerCount=1)
    layers = vk.VkImageSubresourceLayers(aspectMask=vk.VK_IMAGE_ASPECT_COLOR_BIT, mipLevel=0, baseArrayLayer=0,
                                         layerCount=1)
    region = vk.VkBufferImageCopy(bufferOffset=0, bufferRowLength=0, bufferImageHeight=0, imageSubresource=layers,
                                  imageOffset=vk.VkOffset3D(x=0, y=0, z=0),
                                  imageExtent=vk.VkExtent3D(width=extent, height=extent, depth=1))
    general = vk.VK_IMAGE_LAYOUT_GENERAL
    # Each image is fresh (UNDEFINED) on its device; both drivers keep the bytes in
    # memory as they are through that transition.
    barrier = vk.VkImageMemoryBarrier(
        srcAccessMask=0, dstAccessMask=vk.VK_ACCESS_TRANSFER_READ_BIT | vk.VK_ACCESS_TRANSFER_WRITE_BIT,
        oldLayout=vk.VK_IMAGE_LAYOUT_UNDEFINED, newLayout=general,
        srcQueueFamilyIndex=vk.VK_QUEUE_FAMILY_IGNORED, dstQueueFamilyIndex=vk.VK_QUEUE_FAMILY_IGNORED, image=img,
        subresourceRange=whole)
    stage = vk.VK_PIPELINE_STAGE_ALL_COMMANDS_BIT

    def record(cb):
        vk.vkCmdPipelineBarrier(cb, stage, stage, 0, 0, None, 0, None, 1, [barrier])
        if to_image:
            vk.vkCmdCopyBufferToImage(cb, buf, img, general, 1, [region])
        else:
            vk.vkCmdCopyImageToBuffer(cb, img, general, buf, 1, [region])

    g.submit(record)


def test_an_image_in_exported_memory_is_seen_by_the_importer(driver):
    with two_devices(driver, "VK_KHR_external_memory_fd") as (a, b):
        probe = _image_over(a, None)
        req = vk.vkGetImageMemoryRequirements(a.device, probe)
        t = next(i for i in a.memory_types if req.memoryTypeBits & (1 << i))
        mem = a.allocate(req.size, t, vk.VkExportMemoryAllocateInfo(handleTypes=OPAQUE))
        vk.vkBindImageMemory(a.device, probe, mem, 0)
        texels = struct.pack("<256I", *[3 * i + 1 for i in range(256)])
        src, _ = a.buffer(texels)
        _image_copy(a, probe, src, to_image=True)
        imported = b.import_memory_fd(a.memory_fd(mem), req.size, t)
        img = _image_over(b, imported)
        dst, mdst = b.buffer(bytes(len(texels)))
        # An image of the same parameters over the same memory has the same texels.
        _image_copy(b, img, dst, to_image=False)
        assert b.read(mdst, len(texels)) == texels


CHILD = r"""
import os, struct, sys
sys.path.insert(0, {here!r})
from test_vulkan_driver_external import ExtGpu, OPAQUE
from test_vulkan_driver_sync import SECOND
import vulkan as vk
kind, driver, fd = sys.argv[1], sys.argv[2], int(sys.argv[3])
g = ExtGpu(driver)
try:
    if kind == "memory":
        size = int(sys.argv[4])
        mem = g.import_memory_fd(fd, size, g.memory_types[0])
        seen = g.read(mem, 16)
        g.write(mem, struct.pack("<4I", *[x + 100 for x in struct.unpack("<4I", seen)]))
        print("saw", *struct.unpack("<4I", seen), flush=True)
    else:
        fence = g.fence()
        g.import_fence(fence, fd)
        print("ready", flush=True)
        vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, 20 * SECOND)
        print("signaled", flush=True)
finally:
    g.close()
"""


def _child(kind, driver, fd, *args):
    """A child process running CHILD with descriptor `fd` (closed here once passed)."""
    env = dict(os.environ, VK_DRIVER_FILES=vkdevice.MANIFESTS[driver], VK_ICD_FILENAMES=vkdevice.MANIFESTS[driver])
    p = subprocess.Popen([sys.executable, "-c", CHILD.format(here=HERE), kind, driver, str(fd), *map(str, args)],
                         pass_fds=[fd], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                         cwd=HERE)
    os.close(fd)
    return p


def _finish(p, timeout=60):
    out, _ = p.communicate(timeout=timeout)
    # The child's output (validation messages too) goes to this test's output.
    print(out)
    assert p.returncode == 0, out
    return out


def test_exported_memory_is_shared_with_a_child_process(driver):
    g = ExtGpu(driver)
    try:
        needs(driver, "VK_KHR_external_memory_fd")
        mem, _ = g.exportable_memory(PAGE)
        g.write(mem, struct.pack("<4I", 1, 2, 3, 4))
        out = _finish(_child("memory", driver, g.memory_fd(mem), PAGE))
        assert "saw 1 2 3 4" in out
        assert struct.unpack("<4I", g.read(mem, 16)) == (101, 102, 103, 104)
    finally:
        g.close()


def test_foreign_descriptors_are_refused(driver):
    if UNDER_LAYER:
        pytest.skip("hands the driver invalid descriptors on purpose")
    g = ExtGpu(driver)
    try:
        needs(driver, "VK_KHR_external_memory_fd")
        if driver != "spirjit":
            pytest.skip("what lavapipe accepts as opaque descriptors is its own business")
        with tempfile.TemporaryFile() as f:
            f.write(bytes(PAGE))
            f.flush()
            fd = os.dup(f.fileno())
            with refused():
                g.import_memory_fd(fd, PAGE, 0)
            os.close(fd)  # refused: still ours
        # A fence's descriptor is not memory, nor a binary semaphore's a fence.
        fd = g.fence_fd(g.exportable_fence())
        with refused():
            g.import_memory_fd(fd, 8, 0)
        os.close(fd)
        fd = g.semaphore_fd(g.exportable_semaphore())
        with refused():
            g.import_fence(g.fence(), fd)
        # A timeline semaphore's payload is not a binary one's, and is never temporary.
        with refused():
            g.import_semaphore(g.semaphore(timeline=0), fd)
        os.close(fd)
        fd = g.semaphore_fd(g.exportable_semaphore(timeline=0))
        with refused():
            g.import_semaphore(g.semaphore(timeline=0), fd, temporary=True)
        os.close(fd)
        # Memory larger than the file; handle types the device does not have.
        mem, _ = g.exportable_memory(PAGE)
        fd = g.memory_fd(mem)
        with refused():
            g.import_memory_fd(fd, 2 * PAGE, 0)
        with refused():
            g.allocate(PAGE, 0, vk.VkImportMemoryFdInfoKHR(handleType=DMA_BUF, fd=fd))
        with refused():
            g.get_memory_fd_properties(g.device, DMA_BUF, fd)
        os.close(fd)
        # Sync files: only temporarily, only into binary semaphores, and only pollable things.
        with refused():
            g.import_fence_fd(g.device, vk.VkImportFenceFdInfoKHR(fence=g.fence(), handleType=FENCE_SYNC, fd=-1))
        with refused():
            g.import_semaphore_fd(g.device, vk.VkImportSemaphoreFdInfoKHR(
                semaphore=g.semaphore(timeline=0), handleType=SEM_SYNC, fd=-1))
        with tempfile.TemporaryFile() as f:
            fd = os.dup(f.fileno())
            with refused():
                g.import_fence_fd(g.device, vk.VkImportFenceFdInfoKHR(
                    fence=g.fence(), flags=vk.VK_FENCE_IMPORT_TEMPORARY_BIT, handleType=FENCE_SYNC, fd=fd))
            os.close(fd)
    finally:
        g.close()


def test_an_imported_fence_signals_when_the_exporters_work_finishes(driver):
    with two_devices(driver, "VK_KHR_external_fence_fd") as (a, b):
        fa = a.exportable_fence()
        fb = b.fence()
        b.import_fence(fb, a.fence_fd(fa))
        gate = a.semaphore(timeline=0)
        if UNDER_LAYER:
            # The layer cannot see an exported fence signal, so it waits in vkQueueSubmit
            # for the work to finish: here the work must not wait for the host.
            a.signal(gate, 1)
        a.gated_submit(gate, fence=fa)
        if not UNDER_LAYER:
            _fence_pending(b, fb)
            a.signal(gate, 1)
        vk.vkWaitForFences(b.device, 1, [fb], vk.VK_TRUE, 20 * SECOND)
        vk.vkGetFenceStatus(a.device, fa)
        # A permanent import shares the payload: resetting the importer resets the exporter.
        vk.vkResetFences(b.device, 1, [fb])
        with pytest.raises(vk.VkNotReady):
            vk.vkGetFenceStatus(a.device, fa)
        vk.vkResetFences(a.device, 1, [fa])
        # The importer's own submissions signal the shared payload too.
        vk.vkQueueSubmit(b.queues[0], 0, None, fb)
        vk.vkWaitForFences(a.device, 1, [fa], vk.VK_TRUE, 20 * SECOND)
        vk.vkDeviceWaitIdle(b.device)


def test_a_temporary_fence_import_lasts_until_the_reset(driver):
    with two_devices(driver, "VK_KHR_external_fence_fd") as (a, b):
        fa = a.exportable_fence()
        fb = b.fence()
        b.import_fence(fb, a.fence_fd(fa), temporary=True)
        vk.vkQueueSubmit(a.queues[0], 0, None, fa)
        vk.vkWaitForFences(b.device, 1, [fb], vk.VK_TRUE, 20 * SECOND)
        # Resetting restores the importer's own (unsignaled) payload and leaves the
        # exporter's alone.
        vk.vkResetFences(b.device, 1, [fb])
        with pytest.raises(vk.VkNotReady):
            vk.vkGetFenceStatus(b.device, fb)
        vk.vkGetFenceStatus(a.device, fa)
        vk.vkQueueSubmit(b.queues[0], 0, None, fb)
        vk.vkWaitForFences(b.device, 1, [fb], vk.VK_TRUE, 20 * SECOND)
        vk.vkDeviceWaitIdle(a.device)
        vk.vkDeviceWaitIdle(b.device)


def test_a_child_process_waits_on_an_exported_fence(driver):
    g = ExtGpu(driver)
    try:
        needs(driver, "VK_KHR_external_fence_fd")
        fence = g.exportable_fence()
        p = _child("fence", driver, g.fence_fd(fence))
        try:
            assert p.stdout.readline().strip() == "ready"
            time.sleep(0.1)
            assert p.poll() is None  # still waiting
            start = time.monotonic()
            vk.vkQueueSubmit(g.queues[0], 0, None, fence)
            out = _finish(p)
            assert "signaled" in out
            assert time.monotonic() - start < 10
        finally:
            if p.poll() is None:
                p.kill()
        vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, 20 * SECOND)
    finally:
        g.close()


def _import_sync_file(g, fence=None, semaphore=None, fd=-1):
    if fence is not None:
        g.import_fence_fd(g.device, vk.VkImportFenceFdInfoKHR(
            fence=fence, flags=vk.VK_FENCE_IMPORT_TEMPORARY_BIT, handleType=FENCE_SYNC, fd=fd))
    else:
        g.import_semaphore_fd(g.device, vk.VkImportSemaphoreFdInfoKHR(
            semaphore=semaphore, flags=vk.VK_SEMAPHORE_IMPORT_TEMPORARY_BIT, handleType=SEM_SYNC, fd=fd))


def test_sync_files_import_into_fences_and_semaphores(driver):
    """Sync files are kernel fences no process here can make (that takes a GPU driver or
    sw_sync), so an eventfd stands in for a pending one: both are readable once signaled,
    which is all an importer may rely on (poll)."""
    g = ExtGpu(driver)
    try:
        needs(driver, "VK_KHR_external_fence_fd", "VK_KHR_external_semaphore_fd")
        if not hasattr(os, "eventfd"):
            pytest.skip("os.eventfd needs Python 3.10 on Linux")
        fence = g.fence()
        # -1 is a sync file that has signaled; the reset restores the fence's own payload.
        _import_sync_file(g, fence=fence)
        vk.vkGetFenceStatus(g.device, fence)
        vk.vkResetFences(g.device, 1, [fence])
        with pytest.raises(vk.VkNotReady):
            vk.vkGetFenceStatus(g.device, fence)
        # A pending one signals the fence when it becomes readable.
        efd = os.eventfd(0, os.EFD_CLOEXEC)
        try:
            _import_sync_file(g, fence=fence, fd=os.dup(efd))
            _fence_pending(g, fence)
            os.eventfd_write(efd, 1)
            vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, 20 * SECOND)
            vk.vkResetFences(g.device, 1, [fence])
            with pytest.raises(vk.VkNotReady):
                vk.vkGetFenceStatus(g.device, fence)
        finally:
            os.close(efd)
        # A semaphore wait on a pending sync file holds the submission until it signals.
        sem, done = g.semaphore(), g.fence()
        efd = os.eventfd(0, os.EFD_CLOEXEC)
        try:
            _import_sync_file(g, semaphore=sem, fd=os.dup(efd))
            vk.vkQueueSubmit(g.queues[0], 1, [vk.VkSubmitInfo(
                pWaitSemaphores=[sem], pWaitDstStageMask=[vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT])], done)
            _fence_pending(g, done)
            os.eventfd_write(efd, 1)
            vk.vkWaitForFences(g.device, 1, [done], vk.VK_TRUE, 20 * SECOND)
        finally:
            os.close(efd)
        # And one that has signaled (-1) lets it through at once.
        vk.vkResetFences(g.device, 1, [done])
        _import_sync_file(g, semaphore=sem)
        vk.vkQueueSubmit(g.queues[0], 1, [vk.VkSubmitInfo(
            pWaitSemaphores=[sem], pWaitDstStageMask=[vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT])], done)
        vk.vkWaitForFences(g.device, 1, [done], vk.VK_TRUE, 20 * SECOND)
    finally:
        g.close()


def test_a_temporarily_imported_binary_semaphore_orders_two_devices(driver):
    with two_devices(driver, "VK_KHR_external_semaphore_fd") as (a, b):
        sa = a.exportable_semaphore()
        sb = b.semaphore()
        b.import_semaphore(sb, a.semaphore_fd(sa), temporary=True)
        gate = a.semaphore(timeline=0)
        fa, fb = a.fence(), b.fence()
        a.gated_submit(gate, fence=fa, signal=[sa])
        # The second device's work waits for the first device's signal.
        n = 64
        out, mout = b.buffer(bytes(4 * n))
        ina, _ = b.buffer(f32([2.0] * n))
        pipe, playout, (layout,) = b.pipeline(_spv("vadd.spv"), [[(0, SB), (1, SB), (2, SB)]])
        ds = b.descriptor_set(layout, [(0, SB, ina, 0, WHOLE), (1, SB, ina, 0, WHOLE), (2, SB, out, 0, WHOLE)])

        def record(cb):
            vk.vkCmdBindPipeline(cb, CS, pipe)
            vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
            vk.vkCmdDispatch(cb, 1, 1, 1)

        cb = b.record(record)
        vk.vkQueueSubmit(b.queues[0], 1, [vk.VkSubmitInfo(
            pWaitSemaphores=[sb], pWaitDstStageMask=[vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT],
            pCommandBuffers=[cb])], fb)
        _fence_pending(b, fb)
        assert b.read(mout, 4 * n) == bytes(4 * n)
        a.signal(gate, 1)
        vk.vkWaitForFences(b.device, 1, [fb], vk.VK_TRUE, 20 * SECOND)
        assert unf32(b.read(mout, 4 * n)) == [4.0] * n
        vk.vkWaitForFences(a.device, 1, [fa], vk.VK_TRUE, 20 * SECOND)
        if not UNDER_LAYER:
            # The wait used the temporary payload up: the semaphore is its own again, so a
            # signal of it on the second device leaves the first device's semaphore alone.
            vk.vkResetFences(b.device, 1, [fb])
            vk.vkQueueSubmit(b.queues[0], 1, [vk.VkSubmitInfo(pSignalSemaphores=[sb])], fb)
            vk.vkWaitForFences(b.device, 1, [fb], vk.VK_TRUE, 20 * SECOND)
            vk.vkResetFences(a.device, 1, [fa])
            vk.vkQueueSubmit(a.queues[0], 1, [vk.VkSubmitInfo(
                pWaitSemaphores=[sa], pWaitDstStageMask=[vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT])], fa)
            _fence_pending(a, fa)
            # Signalling the first device's semaphore itself ends its wait.
            vk.vkQueueSubmit(a.queues[-1], 1, [vk.VkSubmitInfo(pSignalSemaphores=[sa])], vk.VK_NULL_HANDLE)
            vk.vkWaitForFences(a.device, 1, [fa], vk.VK_TRUE, 20 * SECOND)
        vk.vkDeviceWaitIdle(a.device)
        vk.vkDeviceWaitIdle(b.device)


def test_an_imported_timeline_semaphore_shares_its_counter(driver):
    with two_devices(driver, "VK_KHR_external_semaphore_fd") as (a, b):
        ta = a.exportable_semaphore(timeline=3)
        tb = b.semaphore(timeline=0)
        b.import_semaphore(tb, a.semaphore_fd(ta))
        assert b.counter(b.device, tb) == 3
        # A queue of the first device signals; a host wait on the second device ends.
        gate = a.semaphore(timeline=0)
        a.gated_submit(gate, signal=[ta], signal_values=[7])
        with pytest.raises(vk.VkTimeout):
            b.wait_value(tb, 7, SECOND // 20)
        a.signal(gate, 1)
        b.wait_value(tb, 7, 20 * SECOND)
        assert a.counter(a.device, ta) == 7
        # The host of the second device signals; the first device's queue waits for it.
        fa = a.fence()
        values = vk.VkTimelineSemaphoreSubmitInfo(pWaitSemaphoreValues=[9])
        vk.vkQueueSubmit(a.queues[0], 1, [vk.VkSubmitInfo(
            pNext=values, pWaitSemaphores=[ta], pWaitDstStageMask=[vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT])], fa)
        _fence_pending(a, fa)
        b.signal(tb, 9)
        vk.vkWaitForFences(a.device, 1, [fa], vk.VK_TRUE, 20 * SECOND)
        assert a.counter(a.device, ta) == 9
        vk.vkDeviceWaitIdle(a.device)


def test_the_external_tests_are_clean_under_the_validation_layer():
    vkdevice.rerun_under_validation(__file__)

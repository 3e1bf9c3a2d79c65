"""The Vulkan driver's asynchronous queues and synchronization, through the real loader:
submission returning before the work is done, fences, binary semaphores across queues,
timeline semaphores (host waits and signals, wait-before-signal), vkQueueSubmit2 and the
synchronization2 commands, events set by the host, host query reset and calibrated
timestamps, the time limit making the device lost with a VK_EXT_debug_utils message, and
destroying objects while work is in flight.

Each test that lavapipe can run also runs there (the `driver` parameter), so the driver's
behaviour is compared with Mesa's; the file reruns itself under the Khronos validation
layer. Uses the helpers of test_vulkan_driver.py."""

import os
import struct
import threading
import time

import pytest

import vkdevice

from test_vulkan_driver import CS, SB, WHOLE, Gpu, _spv, f32, ffi, unf32, vk

UNDER_LAYER = "VK_INSTANCE_LAYERS" in os.environ
SYNC_EXTENSIONS = ("VK_KHR_timeline_semaphore", "VK_KHR_synchronization2")
SECOND = 10**9


def _features():
    """The features chain enabling timeline semaphores, synchronization2 and host query reset."""
    return vk.VkPhysicalDeviceTimelineSemaphoreFeatures(
        timelineSemaphore=vk.VK_TRUE,
        pNext=vk.VkPhysicalDeviceSynchronization2Features(
            synchronization2=vk.VK_TRUE,
            pNext=vk.VkPhysicalDeviceHostQueryResetFeatures(hostQueryReset=vk.VK_TRUE),
        ),
    )


class SyncGpu(Gpu):
    """A device with the synchronization extensions enabled, on spirjit or lavapipe, and
    their commands."""

    def __init__(self, driver, queues=2, extra_extensions=(), **kw):
        exts = SYNC_EXTENSIONS + ("VK_EXT_host_query_reset",) + tuple(extra_extensions)
        super().__init__(driver, queues=queues, extensions=exts, next=_features(), **kw)
        self.driver = driver
        fn = lambda name: vk.vkGetDeviceProcAddr(self.device, name)  # noqa: E731
        self.submit2 = fn("vkQueueSubmit2KHR")
        self.wait_semaphores = fn("vkWaitSemaphoresKHR")
        self.signal_semaphore = fn("vkSignalSemaphoreKHR")
        self.counter = fn("vkGetSemaphoreCounterValueKHR")
        self.barrier2 = fn("vkCmdPipelineBarrier2KHR")
        self.set_event2 = fn("vkCmdSetEvent2KHR")
        self.wait_events2 = fn("vkCmdWaitEvents2KHR")
        self.timestamp2 = fn("vkCmdWriteTimestamp2KHR")
        self.reset_query_pool = fn("vkResetQueryPoolEXT")
        self.objects = []

    def semaphore(self, timeline=None):
        """A binary semaphore, or a timeline one starting at `timeline`."""
        nxt = None
        if timeline is not None:
            nxt = vk.VkSemaphoreTypeCreateInfo(semaphoreType=vk.VK_SEMAPHORE_TYPE_TIMELINE, initialValue=timeline)
        s = vk.vkCreateSemaphore(self.device, vk.VkSemaphoreCreateInfo(pNext=nxt), None)
        self.objects.append((vk.vkDestroySemaphore, s))
        return s

    def fence(self):
        f = vk.vkCreateFence(self.device, vk.VkFenceCreateInfo(), None)
        self.objects.append((vk.vkDestroyFence, f))
        return f

    def event(self):
        e = vk.vkCreateEvent(self.device, vk.VkEventCreateInfo(), None)
        self.objects.append((vk.vkDestroyEvent, e))
        return e

    def record(self, record):
        """A command buffer recorded by `record(cb)`."""
        cb = vk.vkAllocateCommandBuffers(
            self.device,
            vk.VkCommandBufferAllocateInfo(
                commandPool=self.pool, level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount=1
            ),
        )[0]
        vk.vkBeginCommandBuffer(cb, vk.VkCommandBufferBeginInfo())
        record(cb)
        vk.vkEndCommandBuffer(cb)
        return cb

    def wait_value(self, sem, value, timeout):
        info = vk.VkSemaphoreWaitInfo(semaphoreCount=1, pSemaphores=[sem], pValues=[value])
        self.wait_semaphores(self.device, info, timeout)

    def signal(self, sem, value):
        self.signal_semaphore(self.device, vk.VkSemaphoreSignalInfo(semaphore=sem, value=value))

    def close(self):
        vk.vkDeviceWaitIdle(self.device)
        for destroy, obj in self.objects:
            destroy(self.device, obj, None)
        super().close()


@pytest.fixture(params=["spirjit", "lavapipe"])
def driver(request):
    return request.param


class Spin:
    """Work that lasts until the host releases it: the wait_for_flag kernel, which spins
    until its flag (written by the host through the mapped memory) is not zero and then
    writes the flag to its 16 outputs. lavapipe's compiler drops the spin loop, so there
    the flag is written at once and the submission instead waits on a timeline semaphore
    (`gate`) that `release` signals from the host."""

    def __init__(self, g, value):
        self.g, self.value = g, value
        bflag, self.mflag = g.buffer(bytes(4))
        self.bout, self.mout = g.buffer(bytes(4 * 16))
        pipe, playout, (layout,) = g.pipeline(_spv("wait_for_flag.spv"), [[(0, SB), (1, SB)]])
        ds = g.descriptor_set(layout, [(0, SB, bflag, 0, WHOLE), (1, SB, self.bout, 0, WHOLE)])
        self.gate = None
        if g.driver == "lavapipe":
            g.write(self.mflag, struct.pack("<I", value))
            self.gate = g.semaphore(timeline=0)

        def record(cb):
            vk.vkCmdBindPipeline(cb, CS, pipe)
            vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
            vk.vkCmdDispatch(cb, 1, 1, 1)

        self.cb = g.record(record)

    def submit_info(self, signal=None):
        """A VkSubmitInfo of the spinning command buffer (signalling `signal`, binary)."""
        if self.gate is None:
            return vk.VkSubmitInfo(pCommandBuffers=[self.cb], pSignalSemaphores=signal)
        values = vk.VkTimelineSemaphoreSubmitInfo(pWaitSemaphoreValues=[1],
                                                  pSignalSemaphoreValues=[0] * len(signal or []) or None)
        return vk.VkSubmitInfo(pNext=values, pWaitSemaphores=[self.gate],
                               pWaitDstStageMask=[vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT],
                               pCommandBuffers=[self.cb], pSignalSemaphores=signal)

    def release(self):
        if self.gate is None:
            self.g.write(self.mflag, struct.pack("<I", self.value))
        else:
            self.g.signal(self.gate, 1)

    def output(self):
        return struct.unpack("<16I", self.g.read(self.mout, 64))


def _fence_pending(g, fence, for_s=0.05):
    """The fence stays unsignaled for a while (a timed wait times out)."""
    with pytest.raises(vk.VkTimeout):
        vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, int(for_s * SECOND))
    with pytest.raises(vk.VkNotReady):
        vk.vkGetFenceStatus(g.device, fence)


def test_the_device_reports_the_sync_features(driver):
    g = SyncGpu(driver)
    try:
        exts = {e.extensionName for e in vk.vkEnumerateDeviceExtensionProperties(g.physical, None)}
        assert {"VK_KHR_timeline_semaphore", "VK_KHR_synchronization2", "VK_EXT_host_query_reset"} <= exts
        tl = vk.VkPhysicalDeviceTimelineSemaphoreFeatures()
        s2 = vk.VkPhysicalDeviceSynchronization2Features(pNext=tl)
        hq = vk.VkPhysicalDeviceHostQueryResetFeatures(pNext=s2)
        vk.vkGetPhysicalDeviceFeatures2(g.physical, vk.VkPhysicalDeviceFeatures2(pNext=hq))
        assert tl.timelineSemaphore and s2.synchronization2 and hq.hostQueryReset
        props = vk.VkPhysicalDeviceTimelineSemaphoreProperties()
        vk.vkGetPhysicalDeviceProperties2(g.physical, vk.VkPhysicalDeviceProperties2(pNext=props))
        assert props.maxTimelineSemaphoreValueDifference >= 2**31 - 1
    finally:
        g.close()


def test_submit_returns_before_the_kernel_finishes(driver):
    g = SyncGpu(driver)
    try:
        spin = Spin(g, 7)
        fence = g.fence()
        start = time.monotonic()
        vk.vkQueueSubmit(g.queues[0], 1, [spin.submit_info()], fence)
        assert time.monotonic() - start < 5.0
        _fence_pending(g, fence, 0.2)
        spin.release()
        vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, 20 * SECOND)
        vk.vkGetFenceStatus(g.device, fence)
        assert spin.output() == (7,) * 16
        vk.vkQueueWaitIdle(g.queues[0])
    finally:
        g.close()


def test_wait_for_fences_any_and_all(driver):
    g = SyncGpu(driver)
    try:
        if len(g.queues) < 2:
            pytest.skip(f"{driver} has one queue")
        spin = Spin(g, 1)
        quick = g.record(lambda cb: None)
        f_spin, f_quick = g.fence(), g.fence()
        vk.vkQueueSubmit(g.queues[0], 1, [spin.submit_info()], f_spin)
        vk.vkQueueSubmit(g.queues[1], 1, [vk.VkSubmitInfo(pCommandBuffers=[quick])], f_quick)
        vk.vkWaitForFences(g.device, 2, [f_spin, f_quick], vk.VK_FALSE, 20 * SECOND)
        with pytest.raises(vk.VkTimeout):
            vk.vkWaitForFences(g.device, 2, [f_spin, f_quick], vk.VK_TRUE, SECOND // 20)
        with pytest.raises(vk.VkTimeout):
            vk.vkWaitForFences(g.device, 1, [f_spin], vk.VK_TRUE, 0)
        # A waiter on another thread wakes when the work ends.
        threading.Timer(0.1, spin.release).start()
        vk.vkWaitForFences(g.device, 2, [f_spin, f_quick], vk.VK_TRUE, 20 * SECOND)
        vk.vkResetFences(g.device, 1, [f_spin])
        with pytest.raises(vk.VkNotReady):
            vk.vkGetFenceStatus(g.device, f_spin)
    finally:
        g.close()


def test_binary_semaphore_orders_work_across_queues(driver):
    g = SyncGpu(driver)
    try:
        spin = Spin(g, 9)
        bcopy, mcopy = g.buffer(bytes(64))
        sem = g.semaphore()
        second = g.record(lambda cb: vk.vkCmdCopyBuffer(cb, spin.bout, bcopy, 1, [vk.VkBufferCopy(0, 0, 64)]))
        f1, f2 = g.fence(), g.fence()
        # lavapipe's vkQueueSubmit blocks while a binary semaphore it waits on depends on a
        # timeline value not yet signalled, so the release comes from another thread.
        release = threading.Timer(0.5, spin.release)
        release.start()
        vk.vkQueueSubmit(g.queues[0], 1, [spin.submit_info(signal=[sem])], f1)
        stage = [vk.VK_PIPELINE_STAGE_TRANSFER_BIT]
        wait = vk.VkSubmitInfo(pWaitSemaphores=[sem], pWaitDstStageMask=stage, pCommandBuffers=[second])
        vk.vkQueueSubmit(g.queues[-1], 1, [wait], f2)  # the same queue on lavapipe (it has one)
        if driver == "spirjit":
            _fence_pending(g, f2, 0.2)
        release.join()
        vk.vkWaitForFences(g.device, 2, [f1, f2], vk.VK_TRUE, 20 * SECOND)
        assert struct.unpack("<16I", g.read(mcopy, 64)) == (9,) * 16
    finally:
        g.close()


def test_timeline_wait_before_signal_from_the_host(driver):
    g = SyncGpu(driver)
    try:
        data = f32([float(i) for i in range(16)])
        bsrc, _ = g.buffer(data)
        bdst, mdst = g.buffer(bytes(64))
        t = g.semaphore(timeline=0)
        cb = g.record(lambda cb: vk.vkCmdCopyBuffer(cb, bsrc, bdst, 1, [vk.VkBufferCopy(0, 0, 64)]))
        fence = g.fence()
        values = vk.VkTimelineSemaphoreSubmitInfo(pWaitSemaphoreValues=[2], pSignalSemaphoreValues=[3])
        submit = vk.VkSubmitInfo(pNext=values, pWaitSemaphores=[t], pWaitDstStageMask=[vk.VK_PIPELINE_STAGE_TRANSFER_BIT],
                                 pCommandBuffers=[cb], pSignalSemaphores=[t])
        vk.vkQueueSubmit(g.queues[0], 1, [submit], fence)
        assert g.counter(g.device, t) == 0
        g.signal(t, 1)
        _fence_pending(g, fence, 0.1)
        assert g.read(mdst, 64) == bytes(64)
        with pytest.raises(vk.VkTimeout):
            g.wait_value(t, 3, SECOND // 20)
        g.signal(t, 2)
        g.wait_value(t, 3, 20 * SECOND)
        assert g.counter(g.device, t) == 3
        vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, 20 * SECOND)
        assert g.read(mdst, 64) == data
    finally:
        g.close()


def test_image_transfers_in_a_secondary_run_on_the_queue(driver):
    """A secondary command buffer copying a buffer into an image and back, executed by a
    primary whose submission waits for a timeline value the host signals later: nothing
    runs before the signal, and the queue runs the image copies after it."""
    g = SyncGpu(driver)
    try:
        data = bytes(range(64))
        bsrc, _ = g.buffer(data)
        bdst, mdst = g.buffer(bytes(64))
        usage = vk.VK_IMAGE_USAGE_TRANSFER_SRC_BIT | vk.VK_IMAGE_USAGE_TRANSFER_DST_BIT
        img = vk.vkCreateImage(g.device, vk.VkImageCreateInfo(
            imageType=vk.VK_IMAGE_TYPE_2D, format=vk.VK_FORMAT_R8G8B8A8_UINT,
            extent=vk.VkExtent3D(width=4, height=4, depth=1), mipLevels=1, arrayLayers=1,
            samples=vk.VK_SAMPLE_COUNT_1_BIT, tiling=vk.VK_IMAGE_TILING_OPTIMAL, usage=usage,
            initialLayout=vk.VK_IMAGE_LAYOUT_UNDEFINED), None)
        req = vk.vkGetImageMemoryRequirements(g.device, img)
        kind = next(i for i in g.memory_types if req.memoryTypeBits & (1 << i))
        mem = vk.vkAllocateMemory(g.device, vk.VkMemoryAllocateInfo(allocationSize=req.size, memoryTypeIndex=kind),
                                  None)
        g.objects.append((vk.vkFreeMemory, mem))
        g.objects.insert(0, (vk.vkDestroyImage, img))
        vk.vkBindImageMemory(g.device, img, mem, 0)
        layers = vk.VkImageSubresourceLayers(aspectMask=vk.VK_IMAGE_ASPECT_COLOR_BIT, mipLevel=0, baseArrayLayer=0,
                                             layerCount=1)
        region = vk.VkBufferImageCopy(bufferOffset=0, bufferRowLength=0, bufferImageHeight=0, imageSubresource=layers,
                                      imageOffset=vk.VkOffset3D(x=0, y=0, z=0),
                                      imageExtent=vk.VkExtent3D(width=4, height=4, depth=1))
        general = vk.VK_IMAGE_LAYOUT_GENERAL
        rng = vk.VkImageSubresourceRange(aspectMask=vk.VK_IMAGE_ASPECT_COLOR_BIT, baseMipLevel=0, levelCount=1,
                                         baseArrayLayer=0, layerCount=1)
        to_general = vk.VkImageMemoryBarrier(
            srcAccessMask=0, dstAccessMask=vk.VK_ACCESS_TRANSFER_WRITE_BIT, oldLayout=vk.VK_IMAGE_LAYOUT_UNDEFINED,
            newLayout=general, srcQueueFamilyIndex=vk.VK_QUEUE_FAMILY_IGNORED,
            dstQueueFamilyIndex=vk.VK_QUEUE_FAMILY_IGNORED, image=img, subresourceRange=rng)
        written = vk.VkImageMemoryBarrier(
            srcAccessMask=vk.VK_ACCESS_TRANSFER_WRITE_BIT, dstAccessMask=vk.VK_ACCESS_TRANSFER_READ_BIT,
            oldLayout=general, newLayout=general, srcQueueFamilyIndex=vk.VK_QUEUE_FAMILY_IGNORED,
            dstQueueFamilyIndex=vk.VK_QUEUE_FAMILY_IGNORED, image=img, subresourceRange=rng)
        transfer = vk.VK_PIPELINE_STAGE_TRANSFER_BIT
        sec = vk.vkAllocateCommandBuffers(g.device, vk.VkCommandBufferAllocateInfo(
            commandPool=g.pool, level=vk.VK_COMMAND_BUFFER_LEVEL_SECONDARY, commandBufferCount=1))[0]
        vk.vkBeginCommandBuffer(sec, vk.VkCommandBufferBeginInfo(pInheritanceInfo=vk.VkCommandBufferInheritanceInfo()))
        vk.vkCmdPipelineBarrier(sec, vk.VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, transfer, 0, 0, None, 0, None, 1,
                                [to_general])
        vk.vkCmdCopyBufferToImage(sec, bsrc, img, general, 1, [region])
        vk.vkCmdPipelineBarrier(sec, transfer, transfer, 0, 0, None, 0, None, 1, [written])
        vk.vkCmdCopyImageToBuffer(sec, img, general, bdst, 1, [region])
        vk.vkEndCommandBuffer(sec)
        cb = g.record(lambda cb: vk.vkCmdExecuteCommands(cb, 1, [sec]))
        t = g.semaphore(timeline=0)
        fence = g.fence()
        values = vk.VkTimelineSemaphoreSubmitInfo(pWaitSemaphoreValues=[1])
        submit = vk.VkSubmitInfo(pNext=values, pWaitSemaphores=[t], pWaitDstStageMask=[transfer],
                                 pCommandBuffers=[cb])
        vk.vkQueueSubmit(g.queues[0], 1, [submit], fence)
        _fence_pending(g, fence, 0.1)
        assert g.read(mdst, 64) == bytes(64)
        g.signal(t, 1)
        vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, 20 * SECOND)
        assert g.read(mdst, 64) == data
    finally:
        g.close()


def test_wait_semaphores_any_all_and_timeouts(driver):
    g = SyncGpu(driver)
    try:
        a, b = g.semaphore(timeline=0), g.semaphore(timeline=10)
        assert g.counter(g.device, b) == 10

        def wait(values, any_, timeout):
            flags = vk.VK_SEMAPHORE_WAIT_ANY_BIT if any_ else 0
            info = vk.VkSemaphoreWaitInfo(flags=flags, semaphoreCount=2, pSemaphores=[a, b], pValues=values)
            g.wait_semaphores(g.device, info, timeout)

        with pytest.raises(vk.VkTimeout):
            wait([1, 11], True, 0)
        start = time.monotonic()
        with pytest.raises(vk.VkTimeout):
            wait([1, 11], False, SECOND // 10)
        assert time.monotonic() - start >= 0.09
        wait([1, 10], True, 0)  # b has reached 10
        g.signal(a, 5)
        wait([5, 10], False, 0)
        with pytest.raises(vk.VkTimeout):
            wait([6, 11], True, SECOND // 50)
        # A host signal from another thread wakes a waiter.
        threading.Timer(0.1, lambda: g.signal(b, 12)).start()
        start = time.monotonic()
        wait([100, 12], True, 20 * SECOND)
        assert time.monotonic() - start < 10
    finally:
        g.close()


def test_submit2_with_binary_and_timeline_semaphores(driver):
    g = SyncGpu(driver)
    try:
        n = 256
        a = [float(i) for i in range(n)]
        ba, _ = g.buffer(f32(a))
        bb, _ = g.buffer(f32([1.0] * n))
        bc, mc = g.buffer(bytes(4 * n))
        bcopy, mcopy = g.buffer(bytes(4 * n))
        pipe, playout, (layout,) = g.pipeline(_spv("vadd.spv"), [[(0, SB), (1, SB), (2, SB)]])
        ds = g.descriptor_set(layout, [(0, SB, ba, 0, WHOLE), (1, SB, bb, 0, WHOLE), (2, SB, bc, 0, WHOLE)])
        pool = vk.vkCreateQueryPool(g.device, vk.VkQueryPoolCreateInfo(queryType=vk.VK_QUERY_TYPE_TIMESTAMP,
                                                                       queryCount=2), None)
        g.objects.append((vk.vkDestroyQueryPool, pool))
        g.reset_query_pool(g.device, pool, 0, 2)
        event = g.event()
        all_cmds = vk.VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT
        barrier = vk.VkMemoryBarrier2(srcStageMask=all_cmds, srcAccessMask=vk.VK_ACCESS_2_MEMORY_WRITE_BIT,
                                      dstStageMask=all_cmds, dstAccessMask=vk.VK_ACCESS_2_MEMORY_READ_BIT)
        dep = vk.VkDependencyInfo(memoryBarrierCount=1, pMemoryBarriers=[barrier])

        def first(cb):
            g.timestamp2(cb, vk.VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT, pool, 0)
            vk.vkCmdBindPipeline(cb, CS, pipe)
            vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
            vk.vkCmdDispatch(cb, n // 64, 1, 1)
            g.barrier2(cb, dep)
            g.timestamp2(cb, vk.VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT, pool, 1)
            g.set_event2(cb, event, dep)

        def second(cb):
            vk.vkCmdCopyBuffer(cb, bc, bcopy, 1, [vk.VkBufferCopy(0, 0, 4 * n)])

        binary, timeline = g.semaphore(), g.semaphore(timeline=0)
        cb1, cb2 = g.record(first), g.record(second)
        s1 = vk.VkSubmitInfo2(
            pCommandBufferInfos=[vk.VkCommandBufferSubmitInfo(commandBuffer=cb1)],
            pSignalSemaphoreInfos=[vk.VkSemaphoreSubmitInfo(semaphore=binary, stageMask=all_cmds),
                                   vk.VkSemaphoreSubmitInfo(semaphore=timeline, value=4, stageMask=all_cmds)],
        )
        s2 = vk.VkSubmitInfo2(
            pWaitSemaphoreInfos=[vk.VkSemaphoreSubmitInfo(semaphore=binary, stageMask=all_cmds),
                                 vk.VkSemaphoreSubmitInfo(semaphore=timeline, value=4, stageMask=all_cmds)],
            pCommandBufferInfos=[vk.VkCommandBufferSubmitInfo(commandBuffer=cb2)],
            pSignalSemaphoreInfos=[vk.VkSemaphoreSubmitInfo(semaphore=timeline, value=5, stageMask=all_cmds)],
        )
        g.submit2(g.queues[0], 1, [s1], vk.VK_NULL_HANDLE)
        fence = g.fence()
        g.submit2(g.queues[-1], 1, [s2], fence)
        vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, 20 * SECOND)
        g.wait_value(timeline, 5, 20 * SECOND)
        want = f32([x + 1.0 for x in a])
        assert g.read(mc, 4 * n) == want and g.read(mcopy, 4 * n) == want
        with pytest.raises(vk.VkEventSet):
            vk.vkGetEventStatus(g.device, event)
        data = ffi.new("uint64_t[2]")
        vk.vkGetQueryPoolResults(g.device, pool, 0, 2, 16, data, 8,
                                 vk.VK_QUERY_RESULT_64_BIT | vk.VK_QUERY_RESULT_WAIT_BIT)
        assert 0 < data[0] <= data[1]
        # Host reset: the queries are unavailable again.
        g.reset_query_pool(g.device, pool, 0, 2)
        with pytest.raises(vk.VkNotReady):
            vk.vkGetQueryPoolResults(g.device, pool, 0, 2, 16, data, 8, vk.VK_QUERY_RESULT_64_BIT)
        vk.vkDeviceWaitIdle(g.device)
    finally:
        g.close()


def test_host_set_event_unblocks_a_queued_wait_events(driver):
    g = SyncGpu(driver)
    try:
        bdst, mdst = g.buffer(bytes(64))
        event = g.event()

        def record(cb):
            vk.vkCmdWaitEvents(cb, 1, [event], vk.VK_PIPELINE_STAGE_HOST_BIT, vk.VK_PIPELINE_STAGE_TRANSFER_BIT,
                               0, None, 0, None, 0, None)
            vk.vkCmdFillBuffer(cb, bdst, 0, 64, 0x01020304)

        cb = g.record(record)
        fence = g.fence()
        vk.vkQueueSubmit(g.queues[0], 1, [vk.VkSubmitInfo(pCommandBuffers=[cb])], fence)
        _fence_pending(g, fence, 0.2)
        assert g.read(mdst, 64) == bytes(64)
        vk.vkSetEvent(g.device, event)
        vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, 20 * SECOND)
        assert g.read(mdst, 64) == struct.pack("<I", 0x01020304) * 16
    finally:
        g.close()


def test_several_threads_submitting(driver):
    g = SyncGpu(driver, queues=4)
    try:
        if len(g.queues) < 4:
            pytest.skip(f"{driver} has {len(g.queues)} queue(s)")
        n = 64
        pipe, playout, (layout,) = g.pipeline(_spv("vadd.spv"), [[(0, SB), (1, SB), (2, SB)]])
        work = []
        for t in range(4):
            ba, _ = g.buffer(f32([float(t)] * n))
            bb, _ = g.buffer(f32([1.0] * n))
            bc, mc = g.buffer(bytes(4 * n))
            ds = g.descriptor_set(layout, [(0, SB, ba, 0, WHOLE), (1, SB, bb, 0, WHOLE), (2, SB, bc, 0, WHOLE)])

            def record(cb, ds=ds):
                vk.vkCmdBindPipeline(cb, CS, pipe)
                vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
                vk.vkCmdDispatch(cb, 1, 1, 1)

            work.append((g.record(record), g.fence(), mc))
        errors = []

        def run(t):
            cb, fence, _ = work[t]
            try:
                for _ in range(10):
                    vk.vkQueueSubmit(g.queues[t], 1, [vk.VkSubmitInfo(pCommandBuffers=[cb])], fence)
                    vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, 20 * SECOND)
                    vk.vkResetFences(g.device, 1, [fence])
            except Exception as e:  # reported below
                errors.append(e)

        threads = [threading.Thread(target=run, args=(t,)) for t in range(4)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        vk.vkDeviceWaitIdle(g.device)
        assert not errors
        for t, (_, _, mc) in enumerate(work):
            assert unf32(g.read(mc, 4 * n)) == [t + 1.0] * n
    finally:
        g.close()


def test_calibrated_timestamps_are_the_monotonic_clock():
    g = SyncGpu("spirjit", extra_extensions=("VK_EXT_calibrated_timestamps",))
    try:
        domains = vk.vkGetInstanceProcAddr(g.instance, "vkGetPhysicalDeviceCalibrateableTimeDomainsEXT")
        got = set(domains(g.physical))
        device_domain, monotonic = 0, 1  # VK_TIME_DOMAIN_DEVICE_KHR, VK_TIME_DOMAIN_CLOCK_MONOTONIC_KHR
        assert got == {device_domain, monotonic}
        calibrated = vk.vkGetDeviceProcAddr(g.device, "vkGetCalibratedTimestampsEXT")
        # The EXT structure type (the package names the KHR one; the extension enabled is EXT's).
        stype = 1000184000  # VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_EXT
        infos = [vk.VkCalibratedTimestampInfoKHR(sType=stype, timeDomain=device_domain),
                 vk.VkCalibratedTimestampInfoKHR(sType=stype, timeDomain=monotonic)]
        stamps = ffi.new("uint64_t[2]")
        before = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        deviation = calibrated(g.device, 2, infos, stamps)
        after = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        assert stamps[0] == stamps[1] and before <= stamps[0] <= after and deviation >= 1
        # A timestamp written by a submission lies on the same clock.
        pool = vk.vkCreateQueryPool(g.device, vk.VkQueryPoolCreateInfo(queryType=vk.VK_QUERY_TYPE_TIMESTAMP,
                                                                       queryCount=1), None)
        g.objects.append((vk.vkDestroyQueryPool, pool))
        g.reset_query_pool(g.device, pool, 0, 1)
        g.submit(lambda cb: vk.vkCmdWriteTimestamp(cb, vk.VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 0))
        data = ffi.new("uint64_t[1]")
        vk.vkGetQueryPoolResults(g.device, pool, 0, 1, 8, data, 8, vk.VK_QUERY_RESULT_64_BIT)
        assert after <= data[0] <= time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    finally:
        g.close()


@pytest.mark.skipif(UNDER_LAYER, reason="a lost device is reported by the layer as well")
def test_kernel_past_the_time_limit_loses_the_device_with_a_debug_message(monkeypatch):
    messages = []

    def callback(severity, types, data, user_data):
        messages.append((severity, ffi.string(data.pMessage).decode()))
        return vk.VK_FALSE

    severities = (vk.VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT | vk.VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT)
    types = (vk.VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | vk.VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT)
    info = vk.VkDebugUtilsMessengerCreateInfoEXT(messageSeverity=severities, messageType=types,
                                                 pfnUserCallback=callback)
    monkeypatch.setenv("SPIRJIT_VK_TIMEOUT_MS", "300")
    g = SyncGpu("spirjit", instance_extensions=("VK_EXT_debug_utils",))
    create = vk.vkGetInstanceProcAddr(g.instance, "vkCreateDebugUtilsMessengerEXT")
    destroy = vk.vkGetInstanceProcAddr(g.instance, "vkDestroyDebugUtilsMessengerEXT")
    messenger = create(g.instance, info, None)
    try:
        spin = Spin(g, 1)
        cb = spin.cb
        fence = g.fence()
        vk.vkQueueSubmit(g.queues[0], 1, [spin.submit_info()], fence)
        start = time.monotonic()
        with pytest.raises(vk.VkErrorDeviceLost):
            vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, 30 * SECOND)
        assert time.monotonic() - start < 10
        with pytest.raises(vk.VkErrorDeviceLost):
            vk.vkQueueSubmit(g.queues[0], 1, [vk.VkSubmitInfo(pCommandBuffers=[cb])], vk.VK_NULL_HANDLE)
        with pytest.raises(vk.VkErrorDeviceLost):
            vk.vkQueueWaitIdle(g.queues[0])
        lost = [m for s, m in messages if s == vk.VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT and "device lost" in m]
        assert lost and "time limit" in lost[0], messages
    finally:
        for destroy_obj, obj in g.objects:
            destroy_obj(g.device, obj, None)
        g.objects = []
        for pipe, playout, layouts in g.pipelines:
            vk.vkDestroyPipeline(g.device, pipe, None)
            vk.vkDestroyPipelineLayout(g.device, playout, None)
            for layout in layouts:
                vk.vkDestroyDescriptorSetLayout(g.device, layout, None)
        g.pipelines = []
        for buf, mem in g.buffers:
            vk.vkDestroyBuffer(g.device, buf, None)
            vk.vkFreeMemory(g.device, mem, None)
        g.buffers = []
        vk.vkDestroyDescriptorPool(g.device, g.dpool, None)
        vk.vkDestroyCommandPool(g.device, g.pool, None)
        vk.vkDestroyDevice(g.device, None)
        destroy(g.instance, messenger, None)
        vk.vkDestroyInstance(g.instance, None)


def test_destroying_layouts_while_work_is_in_flight(driver):
    g = SyncGpu(driver)
    try:
        spin = Spin(g, 3)
        # The pipeline and set layouts may go once recorded (Vulkan allows it).
        for _, playout, layouts in g.pipelines:
            vk.vkDestroyPipelineLayout(g.device, playout, None)
            for layout in layouts:
                vk.vkDestroyDescriptorSetLayout(g.device, layout, None)
        g.pipelines = [(pipe, None, []) for pipe, _, _ in g.pipelines]
        fence = g.fence()
        vk.vkQueueSubmit(g.queues[0], 1, [spin.submit_info()], fence)
        time.sleep(0.05)
        spin.release()
        vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, 20 * SECOND)
        assert spin.output() == (3,) * 16
    finally:
        vk.vkDeviceWaitIdle(g.device)
        for pipe, _, _ in g.pipelines:
            vk.vkDestroyPipeline(g.device, pipe, None)
        g.pipelines = []
        g.close()


@pytest.mark.skipif(UNDER_LAYER, reason="invalid usage on purpose (the layer would report it)")
def test_freeing_objects_in_use_and_destroying_a_busy_device_do_not_crash():
    """Invalid usage, but the driver keeps what a running submission uses alive: memory,
    buffers and the pipeline freed while the kernel runs stay valid until it ends, and a
    device destroyed while a kernel spins stops it."""
    g = SyncGpu("spirjit")
    spin = Spin(g, 5)
    flag_ptr = vk.vkMapMemory(g.device, spin.mflag, 0, 4, 0)
    fence = g.fence()
    vk.vkQueueSubmit(g.queues[0], 1, [spin.submit_info()], fence)
    for pipe, playout, layouts in g.pipelines:
        vk.vkDestroyPipeline(g.device, pipe, None)
        vk.vkDestroyPipelineLayout(g.device, playout, None)
        for layout in layouts:
            vk.vkDestroyDescriptorSetLayout(g.device, layout, None)
    g.pipelines = []
    for buf, mem in g.buffers:
        vk.vkDestroyBuffer(g.device, buf, None)
        vk.vkFreeMemory(g.device, mem, None)
    g.buffers = []
    # The memory is still alive (the submission holds it): the kernel sees the flag.
    ffi.memmove(flag_ptr, struct.pack("<I", 5), 4)
    vk.vkWaitForFences(g.device, 1, [fence], vk.VK_TRUE, 20 * SECOND)
    # Now a kernel that never ends, and the device destroyed under it.
    spin2 = Spin(g, 1)
    vk.vkResetFences(g.device, 1, [fence])
    vk.vkQueueSubmit(g.queues[1], 1, [spin2.submit_info()], fence)
    time.sleep(0.05)
    start = time.monotonic()
    vk.vkDestroyDevice(g.device, None)
    assert time.monotonic() - start < 5
    vk.vkDestroyInstance(g.instance, None)




def test_the_sync_tests_are_clean_under_the_validation_layer():
    vkdevice.rerun_under_validation(__file__)

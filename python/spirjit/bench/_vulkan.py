"""Vulkan devices of spirjit.bench: every physical device the Vulkan loader finds (GPUs,
lavapipe, and spirjit's own Vulkan driver, registered through ``VK_DRIVER_FILES``),
running Vulkan compute shaders (``Case.flavor == "vulkan"``) through the ``vulkan``
package (cffi bindings of the loader).

A case's buffers live in device-local memory; end to end adds the copies through
host-visible staging buffers. Kernel time comes from timestamp queries around the
dispatch when the queue supports them, else from the host (``None``).

Also here: how a Vulkan case's arguments map onto the shader's interface
(``vulkan_layout``), which spirjit's own pipeline path uses too. This module measures
nothing and prints nothing.
"""

import atexit
import glob
import os

import numpy as np

from ._device import Device, Prepared

__all__ = ["VulkanDevice", "vulkan_devices", "vulkan_layout", "setup_vulkan_icds"]

_BUFFER_KINDS = {"storage_buffer": "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER",
                 "uniform_buffer": "VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER"}
_TIMEOUT_NS = 120 * 10**9
_ICD_DIRS = ("/usr/share/vulkan/icd.d", "/etc/vulkan/icd.d", "/usr/local/share/vulkan/icd.d")
_STATE = {}


def vulkan_layout(case, pipeline):
    """How ``case``'s arguments bind to ``pipeline`` (a spirjit :class:`Pipeline` of the
    case's module and entry point): ``(bindings, push, groups)`` with ``bindings`` a list
    of ``(set, binding, kind, arg_index)``, ``push`` the push-constant bytes (the
    arguments after the buffers, concatenated) and ``groups`` the work-group counts
    (global size / the shader's local size, rounded up)."""
    infos = pipeline.bindings
    bindings = []
    for i, b in enumerate(infos):
        if b.kind not in _BUFFER_KINDS or b.count != 1:
            raise ValueError(f"case {case.label}: binding ({b.set}, {b.binding}) is a {b.kind}"
                             f"{'' if b.count == 1 else f' array of {b.count}'}; benchmark cases bind single "
                             "storage and uniform buffers only")
        if i >= len(case.args) or not isinstance(case.args[i], np.ndarray):
            raise ValueError(f"case {case.label}: argument {i} must be a buffer for binding ({b.set}, {b.binding}) "
                             f"'{b.name}'; give the buffers in (set, binding) order, then the push constants")
        bindings.append((b.set, b.binding, b.kind, i))
    rest = case.args[len(infos):]
    push = b"".join(np.asarray(a).tobytes() for a in rest)
    need = pipeline.push_constant_size
    if need and len(push) < need:
        raise ValueError(f"case {case.label}: the shader reads {need} bytes of push constants; the arguments after "
                         f"the {len(infos)} buffer(s) give {len(push)}")
    if not need and push:
        raise ValueError(f"case {case.label}: {len(rest)} argument(s) after the {len(infos)} buffer(s), but the "
                         "shader reads no push constants")
    local = pipeline.local_size
    if case.local_size is not None and tuple(case.local_size) != tuple(local[:len(case.local_size)]):
        raise ValueError(f"case {case.label}: local size {case.local_size} differs from the shader's {local}; "
                         "a Vulkan shader fixes its own (leave local out)")
    glob_ = tuple(case.global_size) + (1,) * (3 - len(case.global_size))
    groups = tuple(-(-g // max(l, 1)) for g, l in zip(glob_, local))
    return bindings, push[:need] if need else b"", groups


def _text(ffi, value):
    return value if isinstance(value, str) else ffi.string(value).decode()


def setup_vulkan_icds():
    """Point the Vulkan loader at the system's drivers and spirjit's, once, before the
    first instance (``VK_DRIVER_FILES`` / ``VK_ICD_FILENAMES``). Returns why spirjit's
    driver is not registered, or None."""
    if "icd_done" in _STATE:
        return _STATE.get("icd_note")
    _STATE["icd_done"] = True
    try:
        import spirjit

        mine = spirjit.vulkan_icd()
    except Exception as e:  # noqa: BLE001 - an old or broken module: list the rest
        _STATE["icd_note"] = f"spirjit's Vulkan driver is not registered ({e})"
        return _STATE["icd_note"]
    given = os.environ.get("VK_DRIVER_FILES") or os.environ.get("VK_ICD_FILENAMES")
    if given:
        files = [f for f in given.split(os.pathsep) if f]
    else:
        files = sorted(f for d in _ICD_DIRS for f in glob.glob(os.path.join(d, "*.json")))
    if mine not in files:
        files.append(mine)
    os.environ["VK_DRIVER_FILES"] = os.environ["VK_ICD_FILENAMES"] = os.pathsep.join(files)
    os.environ.setdefault("SPIRJIT_VK_QUIET", "1")
    return None


def _instance(vk):
    if "instance" not in _STATE:
        app = vk.VkApplicationInfo(sType=vk.VK_STRUCTURE_TYPE_APPLICATION_INFO, pApplicationName="spirjit.bench",
                                   apiVersion=vk.VK_MAKE_VERSION(1, 1, 0))
        inst = vk.vkCreateInstance(vk.VkInstanceCreateInfo(sType=vk.VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                                           pApplicationInfo=app), None)
        _STATE["instance"] = inst
        _STATE["devices"] = []
        atexit.register(_close_all, vk)
    return _STATE["instance"]


def _close_all(vk):
    for d in _STATE.get("devices", []):
        d.close()
    inst = _STATE.pop("instance", None)
    if inst is not None:
        vk.vkDestroyInstance(inst, None)


class VulkanDevice(Device):
    """One Vulkan physical device, running Vulkan compute shaders through the ``vulkan``
    package with a logical device of its own (made on first use)."""

    kind = "vulkan"
    flavors = frozenset({"vulkan"})

    def __init__(self, vk, physical, props, name_suffix=""):
        ffi = vk.ffi
        api = props.apiVersion
        name = _text(ffi, props.deviceName)
        info = {"device": name, "api_version": f"{api >> 22}.{(api >> 12) & 0x3FF}.{api & 0xFFF}",
                "driver_version": props.driverVersion, "vendor_id": props.vendorID, "device_id": props.deviceID,
                "type": {vk.VK_PHYSICAL_DEVICE_TYPE_CPU: "cpu", vk.VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: "gpu",
                         vk.VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: "integrated gpu"}.get(props.deviceType, "other"),
                "timestamp_period_ns": float(props.limits.timestampPeriod)}
        super().__init__(f"vulkan:{name}{name_suffix}", True, "", info)
        # Numbers only: the properties struct is freed once this returns.
        self.vk, self.physical = vk, physical
        self.timestamp_period = float(props.limits.timestampPeriod)
        self.gpu = info["type"] in ("gpu", "integrated gpu")
        self.device = None

    @property
    def is_spirjit(self):
        return "spirjit" in self.info["device"].lower()

    def _open(self):
        if self.device is not None:
            return
        vk = self.vk
        families = vk.vkGetPhysicalDeviceQueueFamilyProperties(self.physical)
        fam = next((i for i, f in enumerate(families) if f.queueFlags & vk.VK_QUEUE_COMPUTE_BIT), None)
        if fam is None:
            raise RuntimeError(f"{self.name} has no compute queue")
        self.family = fam
        self.timestamps = bool(families[fam].timestampValidBits) and self.timestamp_period > 0
        self.timestamp_mask = (1 << families[fam].timestampValidBits) - 1 if self.timestamps else 0
        qinfo = vk.VkDeviceQueueCreateInfo(sType=vk.VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, queueFamilyIndex=fam,
                                           queueCount=1, pQueuePriorities=[1.0])
        # Every core feature the device has (shaderFloat64, shaderInt64, ...), for the shaders that use them.
        features = vk.vkGetPhysicalDeviceFeatures(self.physical)
        self.device = vk.vkCreateDevice(self.physical, vk.VkDeviceCreateInfo(
            sType=vk.VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, queueCreateInfoCount=1, pQueueCreateInfos=[qinfo],
            pEnabledFeatures=features), None)
        _STATE["devices"].append(self)
        self.queue = vk.vkGetDeviceQueue(self.device, fam, 0)
        self.memory = vk.vkGetPhysicalDeviceMemoryProperties(self.physical)

    def memory_type(self, bits, want):
        """The first memory type allowed by ``bits`` with every property of ``want``."""
        m = self.memory
        for i in range(m.memoryTypeCount):
            if bits & (1 << i) and m.memoryTypes[i].propertyFlags & want == want:
                return i
        return None

    def close(self):
        if self.device is not None:
            self.vk.vkDeviceWaitIdle(self.device)
            self.vk.vkDestroyDevice(self.device, None)
            self.device = None

    def prepare(self, case):
        self._open()
        return _VulkanPrepared(self, case)


class _VulkanPrepared(Prepared):
    def __init__(self, dev, case):
        import spirjit

        self.dev, self.vk, self.case = dev, dev.vk, case
        self._undo = []
        try:
            with open(case.spirv, "rb") as f:
                code = f.read()
            pipe = spirjit.Program(code).pipeline(case.kernel)
            self.layout, self.push, self.groups = vulkan_layout(case, pipe)
            self.hosts = case.fresh_args()
            self._build(code)
        except BaseException:
            self.close()
            raise

    def _later(self, fn, *args):
        self._undo.append((fn, args))

    def _buffer(self, size, usage, host):
        vk, d = self.vk, self.dev.device
        buf = vk.vkCreateBuffer(d, vk.VkBufferCreateInfo(sType=vk.VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, size=size,
                                                         usage=usage, sharingMode=vk.VK_SHARING_MODE_EXCLUSIVE), None)
        self._later(vk.vkDestroyBuffer, d, buf, None)
        req = vk.vkGetBufferMemoryRequirements(d, buf)
        if host:
            want = vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | vk.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
            t = self.dev.memory_type(req.memoryTypeBits, want)
        else:
            t = self.dev.memory_type(req.memoryTypeBits, vk.VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)
            t = t if t is not None else self.dev.memory_type(req.memoryTypeBits, 0)
        if t is None:
            raise RuntimeError(f"{self.dev.name} has no suitable memory for a buffer")
        mem = vk.vkAllocateMemory(d, vk.VkMemoryAllocateInfo(sType=vk.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                                             allocationSize=req.size, memoryTypeIndex=t), None)
        self._later(vk.vkFreeMemory, d, mem, None)
        vk.vkBindBufferMemory(d, buf, mem, 0)
        mapped = None
        if host:
            mapped = np.frombuffer(vk.vkMapMemory(d, mem, 0, size, 0), dtype=np.uint8)
            self._later(vk.vkUnmapMemory, d, mem)
        return buf, mapped

    def _build(self, code):
        vk, ffi, d = self.vk, self.vk.ffi, self.dev.device
        transfer = vk.VK_BUFFER_USAGE_TRANSFER_SRC_BIT | vk.VK_BUFFER_USAGE_TRANSFER_DST_BIT
        self.buffers = {}  # arg index -> (device buffer, staging buffer, mapped staging, size, kind)
        for s, b, kind, i in self.layout:
            size = max(self.hosts[i].nbytes, 4)
            use = (vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT if kind == "storage_buffer"
                   else vk.VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT)
            dbuf, _ = self._buffer(size, use | transfer, host=False)
            sbuf, mapped = self._buffer(size, transfer, host=True)
            self.buffers[i] = (dbuf, sbuf, mapped, size, kind)
        nsets = max((s for s, *_ in self.layout), default=-1) + 1
        layouts = []
        for s in range(nsets):
            entries = [vk.VkDescriptorSetLayoutBinding(binding=b, descriptorType=getattr(vk, _BUFFER_KINDS[k]),
                                                       descriptorCount=1, stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT)
                       for ss, b, k, _ in self.layout if ss == s]
            lay = vk.vkCreateDescriptorSetLayout(d, vk.VkDescriptorSetLayoutCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, bindingCount=len(entries),
                pBindings=entries or None), None)
            self._later(vk.vkDestroyDescriptorSetLayout, d, lay, None)
            layouts.append(lay)
        push = self.push
        ranges = [vk.VkPushConstantRange(stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT, offset=0, size=len(push))]
        playout = vk.vkCreatePipelineLayout(d, vk.VkPipelineLayoutCreateInfo(
            sType=vk.VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, setLayoutCount=len(layouts),
            pSetLayouts=layouts or None, pushConstantRangeCount=1 if push else 0,
            pPushConstantRanges=ranges if push else None), None)
        self._later(vk.vkDestroyPipelineLayout, d, playout, None)
        module = vk.vkCreateShaderModule(d, vk.VkShaderModuleCreateInfo(
            sType=vk.VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, codeSize=len(code), pCode=code), None)
        self._later(vk.vkDestroyShaderModule, d, module, None)
        stage = vk.VkPipelineShaderStageCreateInfo(sType=vk.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                                                   stage=vk.VK_SHADER_STAGE_COMPUTE_BIT, module=module,
                                                   pName=self.case.kernel)
        pipeline = vk.vkCreateComputePipelines(d, vk.VK_NULL_HANDLE, 1, [vk.VkComputePipelineCreateInfo(
            sType=vk.VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO, stage=stage, layout=playout,
            basePipelineIndex=-1)], None)[0]
        self._later(vk.vkDestroyPipeline, d, pipeline, None)
        sets = []
        if self.layout:
            counts = {}
            for *_, k, _i in self.layout:
                counts[k] = counts.get(k, 0) + 1
            pool = vk.vkCreateDescriptorPool(d, vk.VkDescriptorPoolCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, maxSets=nsets, poolSizeCount=len(counts),
                pPoolSizes=[vk.VkDescriptorPoolSize(type=getattr(vk, _BUFFER_KINDS[k]), descriptorCount=n)
                            for k, n in counts.items()]), None)
            self._later(vk.vkDestroyDescriptorPool, d, pool, None)
            sets = vk.vkAllocateDescriptorSets(d, vk.VkDescriptorSetAllocateInfo(
                sType=vk.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, descriptorPool=pool,
                descriptorSetCount=nsets, pSetLayouts=layouts))
            writes = [vk.VkWriteDescriptorSet(
                sType=vk.VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, dstSet=sets[s], dstBinding=b, descriptorCount=1,
                descriptorType=getattr(vk, _BUFFER_KINDS[k]),
                pBufferInfo=[vk.VkDescriptorBufferInfo(buffer=self.buffers[i][0], offset=0,
                                                       range=self.buffers[i][3])])
                for s, b, k, i in self.layout]
            vk.vkUpdateDescriptorSets(d, len(writes), writes, 0, None)
        cpool = vk.vkCreateCommandPool(d, vk.VkCommandPoolCreateInfo(
            sType=vk.VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, queueFamilyIndex=self.dev.family), None)
        self._later(vk.vkDestroyCommandPool, d, cpool, None)
        self.upload, self.kernel, self.download = vk.vkAllocateCommandBuffers(d, vk.VkCommandBufferAllocateInfo(
            sType=vk.VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, commandPool=cpool,
            level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount=3))
        self.query = None
        if self.dev.timestamps:
            self.query = vk.vkCreateQueryPool(d, vk.VkQueryPoolCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO, queryType=vk.VK_QUERY_TYPE_TIMESTAMP,
                queryCount=2), None)
            self._later(vk.vkDestroyQueryPool, d, self.query, None)
        begin = vk.VkCommandBufferBeginInfo(sType=vk.VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO)
        region = lambda size: [vk.VkBufferCopy(srcOffset=0, dstOffset=0, size=size)]  # noqa: E731
        # Upload: staging -> device for every buffer, then make the writes visible to the shader.
        vk.vkBeginCommandBuffer(self.upload, begin)
        for dbuf, sbuf, _, size, _k in self.buffers.values():
            vk.vkCmdCopyBuffer(self.upload, sbuf, dbuf, 1, region(size))
        self._barrier(self.upload, vk.VK_PIPELINE_STAGE_TRANSFER_BIT, vk.VK_ACCESS_TRANSFER_WRITE_BIT,
                      vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                      vk.VK_ACCESS_SHADER_READ_BIT | vk.VK_ACCESS_SHADER_WRITE_BIT)
        vk.vkEndCommandBuffer(self.upload)
        # The dispatch, between two timestamps.
        k = self.kernel
        vk.vkBeginCommandBuffer(k, begin)
        if self.query is not None:
            vk.vkCmdResetQueryPool(k, self.query, 0, 2)
            vk.vkCmdWriteTimestamp(k, vk.VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, self.query, 0)
        vk.vkCmdBindPipeline(k, vk.VK_PIPELINE_BIND_POINT_COMPUTE, pipeline)
        for s in range(len(sets)):
            vk.vkCmdBindDescriptorSets(k, vk.VK_PIPELINE_BIND_POINT_COMPUTE, playout, s, 1, [sets[s]], 0, None)
        if push:
            self._push_data = ffi.from_buffer(push)
            vk.vkCmdPushConstants(k, playout, vk.VK_SHADER_STAGE_COMPUTE_BIT, 0, len(push), self._push_data)
        vk.vkCmdDispatch(k, *self.groups)
        if self.query is not None:
            vk.vkCmdWriteTimestamp(k, vk.VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, self.query, 1)
        self._barrier(k, vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, vk.VK_ACCESS_SHADER_WRITE_BIT,
                      vk.VK_PIPELINE_STAGE_TRANSFER_BIT | vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                      vk.VK_ACCESS_TRANSFER_READ_BIT | vk.VK_ACCESS_SHADER_READ_BIT | vk.VK_ACCESS_SHADER_WRITE_BIT)
        vk.vkEndCommandBuffer(k)
        # Download: device -> staging for the outputs, visible to the host.
        vk.vkBeginCommandBuffer(self.download, begin)
        for i in self.case.outputs:
            if i in self.buffers:
                dbuf, sbuf, _, size, _k = self.buffers[i]
                vk.vkCmdCopyBuffer(self.download, dbuf, sbuf, 1, region(size))
        self._barrier(self.download, vk.VK_PIPELINE_STAGE_TRANSFER_BIT, vk.VK_ACCESS_TRANSFER_WRITE_BIT,
                      vk.VK_PIPELINE_STAGE_HOST_BIT, vk.VK_ACCESS_HOST_READ_BIT)
        vk.vkEndCommandBuffer(self.download)
        self.fence = vk.vkCreateFence(d, vk.VkFenceCreateInfo(sType=vk.VK_STRUCTURE_TYPE_FENCE_CREATE_INFO), None)
        self._later(vk.vkDestroyFence, d, self.fence, None)
        self._stage_in()
        self._submit([self.upload])

    def _barrier(self, cmd, src_stage, src_access, dst_stage, dst_access):
        vk = self.vk
        b = vk.VkMemoryBarrier(sType=vk.VK_STRUCTURE_TYPE_MEMORY_BARRIER, srcAccessMask=src_access,
                               dstAccessMask=dst_access)
        vk.vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 1, [b], 0, None, 0, None)

    def _stage_in(self):
        for i, (_, _, mapped, _, _) in self.buffers.items():
            a = self.hosts[i]
            mapped[:a.nbytes] = a.reshape(-1).view(np.uint8)

    def _submit(self, cmds):
        vk, d = self.vk, self.dev.device
        vk.vkResetFences(d, 1, [self.fence])
        vk.vkQueueSubmit(self.dev.queue, 1, [vk.VkSubmitInfo(sType=vk.VK_STRUCTURE_TYPE_SUBMIT_INFO,
                                                             commandBufferCount=len(cmds), pCommandBuffers=cmds)],
                         self.fence)
        try:
            vk.vkWaitForFences(d, 1, [self.fence], vk.VK_TRUE, _TIMEOUT_NS)
        except vk.VkTimeout:
            raise TimeoutError(f"{self.dev.name}: the dispatch did not finish in {_TIMEOUT_NS // 10**9} s") from None

    def _kernel_time(self):
        if self.query is None:
            return None
        vk = self.vk
        data = vk.ffi.new("uint64_t[2]")
        vk.vkGetQueryPoolResults(self.dev.device, self.query, 0, 2, 16, data, 8,
                                 vk.VK_QUERY_RESULT_64_BIT | vk.VK_QUERY_RESULT_WAIT_BIT)
        ticks = (int(data[1]) - int(data[0])) & self.dev.timestamp_mask
        return ticks * self.dev.timestamp_period * 1e-9

    def launch(self):
        self._submit([self.kernel])
        return self._kernel_time()

    def end_to_end(self):
        self._stage_in()
        self._submit([self.upload, self.kernel, self.download])
        self._read()

    def _read(self):
        out = {}
        for i in self.case.outputs:
            a = self.hosts[i]
            mapped = self.buffers[i][2]
            out[i] = np.frombuffer(bytes(mapped[:a.nbytes]), dtype=a.dtype).reshape(a.shape).copy()
        return out

    def outputs(self):
        self._submit([self.download])
        return self._read()

    def close(self):
        vk = self.vk
        if self._undo and self.dev.device is not None:
            vk.vkQueueWaitIdle(self.dev.queue)
        while self._undo:
            fn, args = self._undo.pop()
            fn(*args)


def vulkan_devices():
    """Every Vulkan physical device (spirjit's driver included when it registers), or one
    unavailable entry saying what to install."""
    note = setup_vulkan_icds()
    try:
        import vulkan as vk
    except ImportError:
        return [Device("vulkan", False, "the `vulkan` package is not installed: `pip install vulkan`")]
    except OSError as e:
        return [Device("vulkan", False, f"no Vulkan loader ({e}): `apt install libvulkan1 mesa-vulkan-drivers`")]
    try:
        inst = _instance(vk)
    except Exception as e:  # noqa: BLE001 - the vulkan package raises its own classes
        return [Device("vulkan", False, f"no Vulkan driver ({type(e).__name__}); "
                                        "`apt install mesa-vulkan-drivers` for lavapipe")]
    out, seen = [], {}
    for pd in vk.vkEnumeratePhysicalDevices(inst):
        props = vk.vkGetPhysicalDeviceProperties(pd)
        name = _text(vk.ffi, props.deviceName)
        seen[name] = seen.get(name, 0) + 1
        out.append(VulkanDevice(vk, pd, props, "" if seen[name] == 1 else f" #{seen[name]}"))
    if not any(d.is_spirjit for d in out):
        out.append(Device("vulkan:spirjit", False, f"spirjit's Vulkan driver is missing: "
                                                   f"{note or 'the loader did not list it'}"))
    if not any("llvmpipe" in d.name for d in out):
        out.append(Device("vulkan:lavapipe", False, "lavapipe is not installed: `apt install mesa-vulkan-drivers`"))
    return out

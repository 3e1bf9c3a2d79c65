"""A small Vulkan compute runner on lavapipe (Mesa's CPU Vulkan driver), the reference the
differential tests compare spirjit's Vulkan compute path against.

    import vkref
    out = vkref.run(spv_bytes, "main",
                    {(0, 0): ("storage_buffer", a), (0, 1): ("uniform_buffer", u)},
                    push_constants=b"...", specialization={0: struct.pack("<I", 64)},
                    groups=(4, 1, 1), base=(0, 0, 0))
    out[(0, 0)]   # the buffer's contents after the dispatch, same dtype and shape as `a`

Every buffer is copied into its own host-visible, coherent Vulkan buffer, the dispatch runs
on one compute queue, and every buffer is read back; the inputs are not modified. The
device is created once (with every feature lavapipe has enabled) and every other object is
destroyed after each run.

When the reference cannot run — no `vulkan` Python package, no Vulkan loader, no lavapipe
device, or a module needing a capability lavapipe lacks — the functions raise
:class:`VulkanUnavailable` (or its subclass :class:`UnsupportedByDriver`) saying why; the
tests turn that into a skip. This module must not know about spirjit: it only runs SPIR-V.
"""

import atexit
import contextlib
import struct

import numpy as np

__all__ = ["VulkanUnavailable", "UnsupportedByDriver", "run", "unsupported", "device_info"]


class VulkanUnavailable(Exception):
    """The Vulkan reference cannot run here (package, loader or lavapipe missing)."""


class UnsupportedByDriver(VulkanUnavailable):
    """The module needs a capability or feature the reference driver does not have."""


_DESCRIPTOR_TYPES = {"storage_buffer": "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER",
                     "uniform_buffer": "VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER"}
_DISPATCH_BASE_BIT = 0x10          # VK_PIPELINE_CREATE_DISPATCH_BASE_BIT (Vulkan 1.1)
_TIMEOUT_NS = 120 * 10**9          # a dispatch that takes longer is reported, not waited for

# Feature structs queried and enabled: (C type, sType constant name, extension needed or None).
_FEATURE_STRUCTS = [
    ("VkPhysicalDeviceVulkan11Features", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES", None),
    ("VkPhysicalDeviceVulkan12Features", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES", None),
    ("VkPhysicalDeviceVulkan13Features", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES", None),
    ("VkPhysicalDeviceShaderAtomicFloatFeaturesEXT",
     "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT", "VK_EXT_shader_atomic_float"),
    ("VkPhysicalDeviceShaderAtomicFloat2FeaturesEXT",
     "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_2_FEATURES_EXT", "VK_EXT_shader_atomic_float2"),
    ("VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR",
     "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_WORKGROUP_MEMORY_EXPLICIT_LAYOUT_FEATURES_KHR",
     "VK_KHR_workgroup_memory_explicit_layout"),
    ("VkPhysicalDeviceShaderImageAtomicInt64FeaturesEXT",
     "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_IMAGE_ATOMIC_INT64_FEATURES_EXT",
     "VK_EXT_shader_image_atomic_int64"),
]
# Extensions enabled when the driver has them (besides those of _FEATURE_STRUCTS).
_EXTENSIONS = ["VK_KHR_shader_non_semantic_info", "VK_EXT_robustness2"]

# SPIR-V capability -> features of which at least one must be true ("any": capabilities
# that do not say the storage class they apply to). Capabilities not listed are core.
_CAPABILITY_FEATURES = {
    9: ("Float16", ["shaderFloat16"]),
    10: ("Float64", ["shaderFloat64"]),
    11: ("Int64", ["shaderInt64"]),
    12: ("Int64Atomics", ["shaderBufferInt64Atomics", "shaderSharedInt64Atomics"]),
    22: ("Int16", ["shaderInt16"]),
    39: ("Int8", ["shaderInt8"]),
    4428: ("WorkgroupMemoryExplicitLayoutKHR", ["workgroupMemoryExplicitLayout"]),
    4429: ("WorkgroupMemoryExplicitLayout8BitAccessKHR", ["workgroupMemoryExplicitLayout8BitAccess"]),
    4430: ("WorkgroupMemoryExplicitLayout16BitAccessKHR", ["workgroupMemoryExplicitLayout16BitAccess"]),
    4433: ("StorageBuffer16BitAccess", ["storageBuffer16BitAccess"]),
    4434: ("UniformAndStorageBuffer16BitAccess", ["uniformAndStorageBuffer16BitAccess"]),
    4435: ("StoragePushConstant16", ["storagePushConstant16"]),
    4441: ("VariablePointersStorageBuffer", ["variablePointersStorageBuffer"]),
    4442: ("VariablePointers", ["variablePointers"]),
    4448: ("StorageBuffer8BitAccess", ["storageBuffer8BitAccess"]),
    4449: ("UniformAndStorageBuffer8BitAccess", ["uniformAndStorageBuffer8BitAccess"]),
    4450: ("StoragePushConstant8", ["storagePushConstant8"]),
    5345: ("VulkanMemoryModel", ["vulkanMemoryModel"]),
    5346: ("VulkanMemoryModelDeviceScope", ["vulkanMemoryModelDeviceScope"]),
    5347: ("PhysicalStorageBufferAddresses", ["bufferDeviceAddress"]),
    5612: ("AtomicFloat32MinMaxEXT", ["shaderBufferFloat32AtomicMinMax", "shaderSharedFloat32AtomicMinMax"]),
    5613: ("AtomicFloat64MinMaxEXT", ["shaderBufferFloat64AtomicMinMax", "shaderSharedFloat64AtomicMinMax"]),
    5616: ("AtomicFloat16MinMaxEXT", ["shaderBufferFloat16AtomicMinMax", "shaderSharedFloat16AtomicMinMax"]),
    6033: ("AtomicFloat32AddEXT", ["shaderBufferFloat32AtomicAdd", "shaderSharedFloat32AtomicAdd"]),
    6034: ("AtomicFloat64AddEXT", ["shaderBufferFloat64AtomicAdd", "shaderSharedFloat64AtomicAdd"]),
    6095: ("AtomicFloat16AddEXT", ["shaderBufferFloat16AtomicAdd", "shaderSharedFloat16AtomicAdd"]),
    5016: ("Int64ImageEXT", ["shaderImageInt64Atomics"]),
}
# Sub-group capabilities -> VkSubgroupFeatureFlagBits.
_SUBGROUP_CAPABILITIES = {61: ("GroupNonUniform", 0x1), 62: ("GroupNonUniformVote", 0x2),
                          63: ("GroupNonUniformArithmetic", 0x4), 64: ("GroupNonUniformBallot", 0x8),
                          65: ("GroupNonUniformShuffle", 0x10), 66: ("GroupNonUniformShuffleRelative", 0x20),
                          67: ("GroupNonUniformClustered", 0x40), 68: ("GroupNonUniformQuad", 0x80)}


def _words(spv):
    if len(spv) < 20 or len(spv) % 4:
        raise ValueError("not a SPIR-V module: its size is not a multiple of 4 bytes over a 5-word header")
    words = np.frombuffer(spv, dtype="<u4")
    if words[0] != 0x07230203:
        words = words.byteswap()
        if words[0] != 0x07230203:
            raise ValueError("not a SPIR-V module: bad magic number")
    return words


def opcodes(spv):
    """The set of opcodes SPIR-V module ``spv`` (bytes) uses."""
    words = _words(spv)
    found = set()
    i = 5
    while i < len(words):
        count = int(words[i]) >> 16
        if count == 0:
            raise ValueError(f"malformed SPIR-V: instruction of word count 0 at word {i}")
        found.add(int(words[i]) & 0xFFFF)
        i += count
    return found


def capabilities(spv):
    """The OpCapability operands of SPIR-V module ``spv`` (bytes)."""
    words = _words(spv)
    caps = []
    i = 5
    while i < len(words):
        count, opcode = int(words[i]) >> 16, int(words[i]) & 0xFFFF
        if count == 0:
            raise ValueError(f"malformed SPIR-V: instruction of word count 0 at word {i}")
        if opcode == 17 and count >= 2:
            caps.append(int(words[i + 1]))
        elif opcode not in (17, 10, 11, 14, 15, 16):   # capabilities come first, then these
            break
        i += count
    return caps


def _text(ffi, value):
    """A C string the bindings return either as str or as a char array."""
    return value if isinstance(value, str) else ffi.string(value).decode()


class _Device:
    """The Vulkan instance, the lavapipe physical device, a logical device with every
    feature it has enabled, and one compute queue."""

    def __init__(self, vk):
        self.vk = vk
        self.instance = None
        self.device = None
        try:
            self._open()
        except BaseException:
            self.close()
            raise

    def _open(self):
        vk = self.vk
        ffi = vk.ffi
        try:
            app = vk.VkApplicationInfo(sType=vk.VK_STRUCTURE_TYPE_APPLICATION_INFO, pApplicationName="vkref",
                                       apiVersion=vk.VK_MAKE_VERSION(1, 3, 0))
            self.instance = vk.vkCreateInstance(
                vk.VkInstanceCreateInfo(sType=vk.VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, pApplicationInfo=app), None)
        except vk.VkError as e:
            raise VulkanUnavailable(f"vkCreateInstance failed ({type(e).__name__}): no usable Vulkan driver "
                                    f"(install mesa-vulkan-drivers for lavapipe)") from None
        found = []
        self.physical = None
        for pd in vk.vkEnumeratePhysicalDevices(self.instance):
            props = vk.vkGetPhysicalDeviceProperties(pd)
            name = _text(ffi, props.deviceName)
            found.append(name)
            if props.deviceType == vk.VK_PHYSICAL_DEVICE_TYPE_CPU and "llvmpipe" in name:
                self.physical, self.name, self.api = pd, name, props.apiVersion
                self.limits = props.limits
                break
        if self.physical is None:
            raise VulkanUnavailable("no lavapipe (llvmpipe) Vulkan device; found " + (", ".join(found) or "none")
                                    + " (install mesa-vulkan-drivers)")
        if vk.VK_VERSION_MINOR(self.api) < 1:
            raise VulkanUnavailable(f"{self.name} is Vulkan 1.0; vkCmdDispatchBase needs 1.1")
        exts = {_text(ffi, e.extensionName)
                for e in vk.vkEnumerateDeviceExtensionProperties(self.physical, None)}
        self.extensions = [e for e in _EXTENSIONS if e in exts]
        # Query every feature struct the driver knows and enable all it has.
        self._keep = []
        head = ffi.new("VkPhysicalDeviceFeatures2*")
        head.sType = vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2
        chain = []
        prev = head
        for ctype, stype, ext in _FEATURE_STRUCTS:
            if ext is not None and ext not in exts:
                continue
            if ext is not None:
                self.extensions.append(ext)
            s = ffi.new(ctype + "*")
            s.sType = getattr(vk, stype)
            prev.pNext = ffi.cast("void*", s)
            prev = s
            chain.append((ctype, s))
            self._keep.append(s)
        self._keep.append(head)
        vk.vkGetPhysicalDeviceFeatures2(self.physical, head)
        self.features = {}
        for name, _ in ffi.typeof("VkPhysicalDeviceFeatures").fields:
            self.features[name] = bool(getattr(head.features, name))
        for ctype, s in chain:
            for name, _ in ffi.typeof(ctype).fields:
                if name not in ("sType", "pNext"):
                    self.features[name] = self.features.get(name, False) or bool(getattr(s, name))
        # Sub-group properties.
        sub = ffi.new("VkPhysicalDeviceSubgroupProperties*")
        sub.sType = vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES
        props2 = ffi.new("VkPhysicalDeviceProperties2*")
        props2.sType = vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2
        props2.pNext = ffi.cast("void*", sub)
        vk.vkGetPhysicalDeviceProperties2(self.physical, props2)
        self.subgroup_size = int(sub.subgroupSize)
        self.subgroup_ops = int(sub.supportedOperations)
        # One compute queue.
        families = vk.vkGetPhysicalDeviceQueueFamilyProperties(self.physical)
        self.family = next((i for i, f in enumerate(families) if f.queueFlags & vk.VK_QUEUE_COMPUTE_BIT), None)
        if self.family is None:
            raise VulkanUnavailable(f"{self.name} has no compute queue")
        queue_info = vk.VkDeviceQueueCreateInfo(sType=vk.VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                                queueFamilyIndex=self.family, queueCount=1, pQueuePriorities=[1.0])
        info = vk.VkDeviceCreateInfo(sType=vk.VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, pNext=head,
                                     queueCreateInfoCount=1, pQueueCreateInfos=[queue_info],
                                     enabledExtensionCount=len(self.extensions),
                                     ppEnabledExtensionNames=self.extensions)
        try:
            self.device = vk.vkCreateDevice(self.physical, info, None)
        except vk.VkError as e:
            raise VulkanUnavailable(f"vkCreateDevice on {self.name} failed: {type(e).__name__}")
        self.queue = vk.vkGetDeviceQueue(self.device, self.family, 0)
        mem = vk.vkGetPhysicalDeviceMemoryProperties(self.physical)
        want = vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | vk.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
        self.memory_types = [i for i in range(mem.memoryTypeCount)
                             if mem.memoryTypes[i].propertyFlags & want == want]

    def close(self):
        vk = self.vk
        if self.device is not None:
            vk.vkDeviceWaitIdle(self.device)
            vk.vkDestroyDevice(self.device, None)
            self.device = None
        if self.instance is not None:
            vk.vkDestroyInstance(self.instance, None)
            self.instance = None

    def unsupported(self, spv):
        """Why this device cannot run module ``spv``, or None when it can."""
        missing = []
        for cap in capabilities(spv):
            if cap in _CAPABILITY_FEATURES:
                name, features = _CAPABILITY_FEATURES[cap]
                if not any(self.features.get(f, False) for f in features):
                    missing.append(f"{name} (needs {' or '.join(features)})")
            elif cap in _SUBGROUP_CAPABILITIES:
                name, bit = _SUBGROUP_CAPABILITIES[cap]
                if not self.subgroup_ops & bit:
                    missing.append(f"{name} (sub-group operations)")
        if missing:
            return f"{self.name} lacks " + ", ".join(missing)
        return None

    def _memory(self, stack, buffer, size):
        vk = self.vk
        req = vk.vkGetBufferMemoryRequirements(self.device, buffer)
        types = [i for i in self.memory_types if req.memoryTypeBits & (1 << i)]
        if not types:
            raise VulkanUnavailable(f"{self.name} has no host-visible coherent memory for a buffer")
        memory = vk.vkAllocateMemory(self.device, vk.VkMemoryAllocateInfo(
            sType=vk.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, allocationSize=req.size, memoryTypeIndex=types[0]), None)
        stack.callback(vk.vkFreeMemory, self.device, memory, None)
        vk.vkBindBufferMemory(self.device, buffer, memory, 0)
        mapped = vk.vkMapMemory(self.device, memory, 0, size, 0)
        stack.callback(vk.vkUnmapMemory, self.device, memory)
        return mapped

    def run(self, spv, entry, bindings, push_constants, specialization, groups, base):
        vk = self.vk
        ffi = vk.ffi
        why = self.unsupported(spv)
        if why is not None:
            raise UnsupportedByDriver(why)
        dev = self.device
        with contextlib.ExitStack() as stack:
            # Buffers, filled with the arrays' bytes; a list of arrays is a descriptor array.
            buffers = {}
            for key, (kind, given) in sorted(bindings.items()):
                if kind not in _DESCRIPTOR_TYPES:
                    raise UnsupportedByDriver(f"binding {key} is a {kind}; the reference binds only "
                                              + " and ".join(_DESCRIPTOR_TYPES))
                arrays = [np.ascontiguousarray(a) for a in given] if isinstance(given, list) else [
                    np.ascontiguousarray(given)]
                made = []
                for array in arrays:
                    size = max(array.nbytes, 4)
                    usage = (vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT if kind == "storage_buffer"
                             else vk.VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT)
                    buf = vk.vkCreateBuffer(dev, vk.VkBufferCreateInfo(
                        sType=vk.VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, size=size, usage=usage,
                        sharingMode=vk.VK_SHARING_MODE_EXCLUSIVE), None)
                    stack.callback(vk.vkDestroyBuffer, dev, buf, None)
                    mapped = self._memory(stack, buf, size)
                    data = array.reshape(-1).view(np.uint8).tobytes()
                    mapped[:len(data)] = data
                    made.append((array, buf, mapped))
                buffers[key] = (kind, made, isinstance(given, list))
            # Descriptor set layouts, one per set number up to the highest (empty ones between).
            nsets = max((s for s, _ in buffers), default=-1) + 1
            layouts = []
            for s in range(nsets):
                entries = [vk.VkDescriptorSetLayoutBinding(
                    binding=b, descriptorType=getattr(vk, _DESCRIPTOR_TYPES[kind]), descriptorCount=len(made),
                    stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT)
                    for (ss, b), (kind, made, _) in sorted(buffers.items()) if ss == s]
                layout = vk.vkCreateDescriptorSetLayout(dev, vk.VkDescriptorSetLayoutCreateInfo(
                    sType=vk.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                    bindingCount=len(entries), pBindings=entries or None), None)
                stack.callback(vk.vkDestroyDescriptorSetLayout, dev, layout, None)
                layouts.append(layout)
            push = bytes(push_constants or b"")
            push = push.ljust(-(-len(push) // 4) * 4, b"\0")
            ranges = [vk.VkPushConstantRange(stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT, offset=0, size=len(push))]
            pipeline_layout = vk.vkCreatePipelineLayout(dev, vk.VkPipelineLayoutCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, setLayoutCount=len(layouts),
                pSetLayouts=layouts or None, pushConstantRangeCount=1 if push else 0,
                pPushConstantRanges=ranges if push else None), None)
            stack.callback(vk.vkDestroyPipelineLayout, dev, pipeline_layout, None)
            # The pipeline, with the specialization constants.
            try:
                module = vk.vkCreateShaderModule(dev, vk.VkShaderModuleCreateInfo(
                    sType=vk.VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, codeSize=len(spv), pCode=spv), None)
            except vk.VkError as e:
                raise UnsupportedByDriver(f"{self.name} refused the module: {type(e).__name__}") from None
            stack.callback(vk.vkDestroyShaderModule, dev, module, None)
            spec_info = None
            if specialization:
                entries, blob = [], b""
                for spec_id, value in sorted(specialization.items()):
                    value = bytes(value)
                    entries.append(vk.VkSpecializationMapEntry(constantID=spec_id, offset=len(blob), size=len(value)))
                    blob += value
                spec_info = vk.VkSpecializationInfo(mapEntryCount=len(entries), pMapEntries=entries,
                                                    dataSize=len(blob), pData=ffi.from_buffer(blob))
            stage = vk.VkPipelineShaderStageCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, stage=vk.VK_SHADER_STAGE_COMPUTE_BIT,
                module=module, pName=entry, pSpecializationInfo=spec_info)
            flags = _DISPATCH_BASE_BIT if any(base) else 0
            try:
                pipeline = vk.vkCreateComputePipelines(dev, vk.VK_NULL_HANDLE, 1, [vk.VkComputePipelineCreateInfo(
                    sType=vk.VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO, flags=flags, stage=stage,
                    layout=pipeline_layout, basePipelineIndex=-1)], None)[0]
            except vk.VkError as e:
                raise UnsupportedByDriver(f"{self.name} could not create the pipeline: {type(e).__name__}") from None
            stack.callback(vk.vkDestroyPipeline, dev, pipeline, None)
            # Descriptor sets.
            sets = []
            if buffers:
                counts = {}
                for kind, made, _ in buffers.values():
                    counts[kind] = counts.get(kind, 0) + len(made)
                pool = vk.vkCreateDescriptorPool(dev, vk.VkDescriptorPoolCreateInfo(
                    sType=vk.VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, maxSets=nsets,
                    poolSizeCount=len(counts), pPoolSizes=[
                        vk.VkDescriptorPoolSize(type=getattr(vk, _DESCRIPTOR_TYPES[k]), descriptorCount=n)
                        for k, n in counts.items()]), None)
                stack.callback(vk.vkDestroyDescriptorPool, dev, pool, None)
                sets = vk.vkAllocateDescriptorSets(dev, vk.VkDescriptorSetAllocateInfo(
                    sType=vk.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, descriptorPool=pool,
                    descriptorSetCount=nsets, pSetLayouts=layouts))
                writes = []
                for (s, b), (kind, made, _) in sorted(buffers.items()):
                    if not made:
                        continue
                    writes.append(vk.VkWriteDescriptorSet(
                        sType=vk.VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, dstSet=sets[s], dstBinding=b,
                        descriptorCount=len(made), descriptorType=getattr(vk, _DESCRIPTOR_TYPES[kind]),
                        pBufferInfo=[vk.VkDescriptorBufferInfo(buffer=buf, offset=0, range=max(array.nbytes, 4))
                                     for array, buf, _ in made]))
                vk.vkUpdateDescriptorSets(dev, len(writes), writes, 0, None)
            # Record, submit, wait.
            cmd_pool = vk.vkCreateCommandPool(dev, vk.VkCommandPoolCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, queueFamilyIndex=self.family), None)
            stack.callback(vk.vkDestroyCommandPool, dev, cmd_pool, None)
            cmd = vk.vkAllocateCommandBuffers(dev, vk.VkCommandBufferAllocateInfo(
                sType=vk.VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, commandPool=cmd_pool,
                level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount=1))[0]
            vk.vkBeginCommandBuffer(cmd, vk.VkCommandBufferBeginInfo(
                sType=vk.VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                flags=vk.VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT))
            vk.vkCmdBindPipeline(cmd, vk.VK_PIPELINE_BIND_POINT_COMPUTE, pipeline)
            for s in range(len(sets)):
                vk.vkCmdBindDescriptorSets(cmd, vk.VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_layout, s, 1,
                                           [sets[s]], 0, None)
            if push:
                vk.vkCmdPushConstants(cmd, pipeline_layout, vk.VK_SHADER_STAGE_COMPUTE_BIT, 0, len(push),
                                      ffi.from_buffer(push))
            if any(base):
                vk.vkCmdDispatchBase(cmd, *base, *groups)
            else:
                vk.vkCmdDispatch(cmd, *groups)
            barrier = vk.VkMemoryBarrier(sType=vk.VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                         srcAccessMask=vk.VK_ACCESS_SHADER_WRITE_BIT,
                                         dstAccessMask=vk.VK_ACCESS_HOST_READ_BIT)
            vk.vkCmdPipelineBarrier(cmd, vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, vk.VK_PIPELINE_STAGE_HOST_BIT,
                                    0, 1, [barrier], 0, None, 0, None)
            vk.vkEndCommandBuffer(cmd)
            fence = vk.vkCreateFence(dev, vk.VkFenceCreateInfo(sType=vk.VK_STRUCTURE_TYPE_FENCE_CREATE_INFO), None)
            stack.callback(vk.vkDestroyFence, dev, fence, None)
            vk.vkQueueSubmit(self.queue, 1, [vk.VkSubmitInfo(
                sType=vk.VK_STRUCTURE_TYPE_SUBMIT_INFO, commandBufferCount=1, pCommandBuffers=[cmd])], fence)
            # Whatever happens from here, the queue is idle before the objects go.
            stack.callback(vk.vkQueueWaitIdle, self.queue)
            try:
                vk.vkWaitForFences(dev, 1, [fence], vk.VK_TRUE, _TIMEOUT_NS)
            except vk.VkTimeout:
                raise TimeoutError(f"the dispatch did not finish in {_TIMEOUT_NS // 10**9} s") from None
            out = {}
            for key, (kind, made, is_list) in buffers.items():
                # Byte for byte (a structured copy would drop the padding between fields).
                got = [np.frombuffer(bytearray(bytes(mapped[:array.nbytes])), dtype=array.dtype).reshape(array.shape)
                       for array, _, mapped in made]
                out[key] = got if is_list else got[0]
            return out


_state = {}


def _device():
    """The shared device, created on first use; raises VulkanUnavailable (the same reason
    every time) when it cannot be."""
    if "device" in _state:
        return _state["device"]
    if "error" in _state:
        raise VulkanUnavailable(_state["error"])
    try:
        try:
            import vulkan as vk
        except ImportError:
            raise VulkanUnavailable("the `vulkan` Python package is not installed (pip install vulkan)") from None
        except OSError as e:     # raised by the package when libvulkan.so.1 is missing
            raise VulkanUnavailable(f"the Vulkan loader (libvulkan.so.1) is missing: {e} "
                                    f"(install libvulkan1)") from None
        try:
            dev = _Device(vk)
        except vk.VkError as e:
            raise VulkanUnavailable(f"setting up the Vulkan device failed: {type(e).__name__}") from None
    except VulkanUnavailable as e:
        _state["error"] = str(e)
        raise
    _state["device"] = dev
    atexit.register(dev.close)
    return dev


def device_info():
    """``{"name", "api", "subgroup_size"}`` of the reference device (raises VulkanUnavailable)."""
    dev = _device()
    vk = dev.vk
    api = f"{vk.VK_VERSION_MAJOR(dev.api)}.{vk.VK_VERSION_MINOR(dev.api)}.{vk.VK_VERSION_PATCH(dev.api)}"
    return {"name": dev.name, "api": api, "subgroup_size": dev.subgroup_size}


def unsupported(spv):
    """Why the reference cannot run module ``spv`` (bytes), or None (raises
    VulkanUnavailable when there is no reference at all)."""
    return _device().unsupported(bytes(spv))


def run(spv, entry, bindings, push_constants=None, specialization=None, groups=(1, 1, 1), base=(0, 0, 0)):
    """Dispatch entry point ``entry`` of SPIR-V module ``spv`` (bytes) on lavapipe:
    ``groups`` work-groups from group ``base`` (``vkCmdDispatchBase``), with ``bindings``
    ``{(set, binding): (kind, ndarray)}`` (kind ``"storage_buffer"`` or
    ``"uniform_buffer"``; each buffer is exactly the array's bytes; a list of arrays binds
    a descriptor array of that many buffers), ``push_constants``
    bytes from offset 0 and ``specialization`` ``{spec_id: value bytes}`` (VkBool32 is 4
    bytes). Returns ``{(set, binding): ndarray}``: every buffer's contents afterwards (a
    list of them for a descriptor array)."""
    groups = tuple(groups) + (1,) * (3 - len(groups))
    base = tuple(base) + (0,) * (3 - len(base))
    return _device().run(bytes(spv), entry, dict(bindings), push_constants, specialization or {}, groups, base)


def spec_value(type_name, value):
    """The bytes of specialization constant ``value`` of spirjit's type name
    (``"float32"``, ``"int32"``, ``"uint32"``, ``"bool"``, ...)."""
    if type_name == "bool":
        return struct.pack("<I", 1 if value else 0)
    return np.asarray(value, dtype=np.dtype(type_name)).tobytes()

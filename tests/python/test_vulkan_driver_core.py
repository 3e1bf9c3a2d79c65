"""The Vulkan driver's 1.2 core and extensions through the real loader: descriptor update
templates, push descriptors, secondary command buffers, descriptor indexing (run-time
sized, variable-count, partially bound, updated after bind), required sub-group sizes,
sub-group extended types, 64-bit and float atomics, host query reset, and the feature
and property chains. Each API test runs on spirjit's driver and, where lavapipe has the
feature, on lavapipe too, and both must give the expected results. Skipped, saying why,
when the loader, the `vulkan` package or the built driver is missing."""

import glob
import os
import shutil
import struct
import subprocess

import pytest

import vkdevice

from test_vulkan_driver import MANIFEST, SHADERS, f32, unf32

import vulkan as vk  # noqa: E402  (test_vulkan_driver skipped the module when it is missing)

ffi = vk.ffi
LAVAPIPE = next(iter(sorted(glob.glob("/usr/share/vulkan/icd.d/lvp_icd*.json"))), None)
DRIVERS = ["spirjit", "lavapipe"]
SB = vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
UB = vk.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
CS = vk.VK_PIPELINE_BIND_POINT_COMPUTE
WHOLE = (1 << 64) - 1
COMPUTE = vk.VK_SHADER_STAGE_COMPUTE_BIT

# Structure types by number (some are missing from the `vulkan` package's constants).
ST_FEATURES_2 = 1000059000
ST_PROPERTIES_2 = 1000059001
ST_V11_FEATURES = 49
ST_V11_PROPERTIES = 50
ST_V12_FEATURES = 51
ST_V12_PROPERTIES = 52
ST_V13_FEATURES = 53
ST_SUBGROUP_PROPERTIES = 1000094000
ST_DRIVER_PROPERTIES = 1000196000
ST_FLOAT_CONTROLS_PROPERTIES = 1000197000
ST_DESCRIPTOR_INDEXING_FEATURES = 1000161001
ST_DESCRIPTOR_INDEXING_PROPERTIES = 1000161002
ST_ATOMIC_INT64_FEATURES = 1000180000
ST_SUBGROUP_SIZE_CONTROL_FEATURES = 1000225002
ST_SUBGROUP_SIZE_CONTROL_PROPERTIES = 1000225000
ST_REQUIRED_SUBGROUP_SIZE = 1000225001
ST_PUSH_DESCRIPTOR_PROPERTIES = 1000080000
ST_ATOMIC_FLOAT_FEATURES = 1000260000
ST_ATOMIC_FLOAT2_FEATURES = 1000273000
ST_ROBUSTNESS2_FEATURES = 1000286000
ST_ZERO_INIT_FEATURES = 1000325000
ST_EXPLICIT_LAYOUT_FEATURES = 1000336000
ST_UNIFORM_CONTROL_FLOW_FEATURES = 1000323000
ST_INTEGER_DOT_PRODUCT_FEATURES = 1000280000
ST_LAYOUT_BINDING_FLAGS = 1000161000
ST_VARIABLE_COUNT_ALLOCATE = 1000161003
ST_UPDATE_TEMPLATE_CREATE_INFO = 1000085000

PUSH_DESCRIPTOR_LAYOUT = 0x1  # VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR
UPDATE_AFTER_BIND_POOL = 0x2  # ..._LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT / _POOL_CREATE_UPDATE_AFTER_BIND_BIT
BINDING_UPDATE_AFTER_BIND = 0x1
BINDING_PARTIALLY_BOUND = 0x4
BINDING_VARIABLE_COUNT = 0x8
TEMPLATE_DESCRIPTOR_SET = 0
TEMPLATE_PUSH_DESCRIPTORS = 1


def _spv(name):
    with open(os.path.join(SHADERS, name), "rb") as f:
        return f.read()


_only = vkdevice.only_manifest


_text = vkdevice.text


# Feature structures queried and enabled: (C type, sType, extension or None, subsumed by 1.3).
_FEATURES = [
    ("VkPhysicalDeviceVulkan11Features", ST_V11_FEATURES, None, False),
    ("VkPhysicalDeviceVulkan12Features", ST_V12_FEATURES, None, False),
    ("VkPhysicalDeviceShaderAtomicFloatFeaturesEXT", ST_ATOMIC_FLOAT_FEATURES, "VK_EXT_shader_atomic_float", False),
    ("VkPhysicalDeviceShaderAtomicFloat2FeaturesEXT", ST_ATOMIC_FLOAT2_FEATURES, "VK_EXT_shader_atomic_float2",
     False),
    ("VkPhysicalDeviceSubgroupSizeControlFeaturesEXT", ST_SUBGROUP_SIZE_CONTROL_FEATURES,
     "VK_EXT_subgroup_size_control", True),
    ("VkPhysicalDeviceZeroInitializeWorkgroupMemoryFeaturesKHR", ST_ZERO_INIT_FEATURES,
     "VK_KHR_zero_initialize_workgroup_memory", True),
    ("VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR", ST_EXPLICIT_LAYOUT_FEATURES,
     "VK_KHR_workgroup_memory_explicit_layout", False),
    ("VkPhysicalDeviceShaderSubgroupUniformControlFlowFeaturesKHR", ST_UNIFORM_CONTROL_FLOW_FEATURES,
     "VK_KHR_shader_subgroup_uniform_control_flow", False),
    ("VkPhysicalDeviceRobustness2FeaturesEXT", ST_ROBUSTNESS2_FEATURES, "VK_EXT_robustness2", False),
    ("VkPhysicalDeviceShaderIntegerDotProductFeaturesKHR", ST_INTEGER_DOT_PRODUCT_FEATURES,
     "VK_KHR_shader_integer_dot_product", True),
]
_EXTENSIONS = [e for _, _, e, _ in _FEATURES if e] + ["VK_KHR_push_descriptor"]


class Dev:
    """An instance of one driver (spirjit or lavapipe), a device with every feature of
    `_FEATURES` it has enabled (robust buffer access only with `robust`, null descriptors
    only with `null`), and helpers."""

    def __init__(self, driver, robust=False, null=False):
        manifest = MANIFEST if driver == "spirjit" else LAVAPIPE
        if manifest is None:
            pytest.skip("lavapipe (mesa-vulkan-drivers) is not installed")
        self.driver = driver
        self.keep = []
        app = vk.VkApplicationInfo(pApplicationName="spirjit-test", apiVersion=vk.VK_MAKE_VERSION(1, 3, 0))
        with _only(manifest):
            self.instance = vk.vkCreateInstance(vk.VkInstanceCreateInfo(pApplicationInfo=app), None)
        self.physical = vk.vkEnumeratePhysicalDevices(self.instance)[0]
        props = vk.vkGetPhysicalDeviceProperties(self.physical)
        self.api = props.apiVersion
        self.exts = {_text(e.extensionName) for e in vk.vkEnumerateDeviceExtensionProperties(self.physical, None)}
        v13 = vk.VK_VERSION_MINOR(self.api) >= 3
        head = self.new("VkPhysicalDeviceFeatures2", ST_FEATURES_2)
        prev, self.chain = head, {}
        structs = list(_FEATURES) + ([("VkPhysicalDeviceVulkan13Features", ST_V13_FEATURES, None, False)]
                                     if v13 else [])
        for ctype, stype, ext, core13 in structs:
            if (ext is not None and ext not in self.exts) or (core13 and v13):
                continue
            s = self.new(ctype, stype)
            prev.pNext = ffi.cast("void*", s)
            prev = s
            self.chain[ctype] = s
        vk.vkGetPhysicalDeviceFeatures2(self.physical, head)
        self.features = {}
        for ctype, s in self.chain.items():
            for name, _ in ffi.typeof(ctype).fields:
                if name not in ("sType", "pNext"):
                    self.features[name] = self.features.get(name, False) or bool(getattr(s, name))
        for name, _ in ffi.typeof("VkPhysicalDeviceFeatures").fields:
            self.features[name] = bool(getattr(head.features, name))
        # Robust access changes what out-of-bounds accesses do: off unless asked for.
        head.features.robustBufferAccess = head.features.robustBufferAccess and robust
        if "VkPhysicalDeviceRobustness2FeaturesEXT" in self.chain:
            r2 = self.chain["VkPhysicalDeviceRobustness2FeaturesEXT"]
            r2.robustBufferAccess2 = r2.robustBufferAccess2 and robust
            r2.robustImageAccess2 = 0
            r2.nullDescriptor = r2.nullDescriptor and null
        self.extensions = [e for e in _EXTENSIONS if e in self.exts]
        qinfo = vk.VkDeviceQueueCreateInfo(queueFamilyIndex=0, queueCount=1, pQueuePriorities=[1.0])
        info = vk.VkDeviceCreateInfo(pNext=head, pQueueCreateInfos=[qinfo], ppEnabledExtensionNames=self.extensions)
        self.device = vk.vkCreateDevice(self.physical, info, None)
        self.queue = vk.vkGetDeviceQueue(self.device, 0, 0)
        self.pool = vk.vkCreateCommandPool(self.device, vk.VkCommandPoolCreateInfo(queueFamilyIndex=0), None)
        sizes = [vk.VkDescriptorPoolSize(type=SB, descriptorCount=256),
                 vk.VkDescriptorPoolSize(type=UB, descriptorCount=16)]
        self.dpool = vk.vkCreateDescriptorPool(
            self.device, vk.VkDescriptorPoolCreateInfo(flags=UPDATE_AFTER_BIND_POOL if self.features.get(
                "descriptorBindingStorageBufferUpdateAfterBind") else 0, maxSets=32, pPoolSizes=sizes), None)
        self.objects = []

    def proc(self, name):
        return vk.vkGetDeviceProcAddr(self.device, name)

    def new(self, ctype, stype=None):
        s = ffi.new(ctype + "*")
        if stype is not None:
            s.sType = stype
        self.keep.append(s)
        return s

    def close(self):
        vk.vkDeviceWaitIdle(self.device)
        for kind, obj in reversed(self.objects):
            getattr(vk, "vkDestroy" + kind)(self.device, obj, None) if kind != "Memory" else \
                vk.vkFreeMemory(self.device, obj, None)
        vk.vkDestroyDescriptorPool(self.device, self.dpool, None)
        vk.vkDestroyCommandPool(self.device, self.pool, None)
        vk.vkDestroyDevice(self.device, None)
        vk.vkDestroyInstance(self.instance, None)

    def buffer(self, data):
        usage = (vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | vk.VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
                 | vk.VK_BUFFER_USAGE_TRANSFER_SRC_BIT | vk.VK_BUFFER_USAGE_TRANSFER_DST_BIT)
        buf = vk.vkCreateBuffer(self.device, vk.VkBufferCreateInfo(size=len(data), usage=usage), None)
        req = vk.vkGetBufferMemoryRequirements(self.device, buf)
        mprops = vk.vkGetPhysicalDeviceMemoryProperties(self.physical)
        want = vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | vk.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
        index = next(i for i in range(mprops.memoryTypeCount)
                     if req.memoryTypeBits & (1 << i) and mprops.memoryTypes[i].propertyFlags & want == want)
        mem = vk.vkAllocateMemory(self.device, vk.VkMemoryAllocateInfo(allocationSize=req.size,
                                                                       memoryTypeIndex=index), None)
        vk.vkBindBufferMemory(self.device, buf, mem, 0)
        self.objects += [("Memory", mem), ("Buffer", buf)]
        self.write(mem, data)
        return buf, mem

    def write(self, mem, data):
        ptr = vk.vkMapMemory(self.device, mem, 0, len(data), 0)
        ffi.memmove(ptr, data, len(data))
        vk.vkUnmapMemory(self.device, mem)

    def read(self, mem, size):
        ptr = vk.vkMapMemory(self.device, mem, 0, size, 0)
        data = bytes(ptr[0:size])
        vk.vkUnmapMemory(self.device, mem)
        return data

    def set_layout(self, bindings, flags=0, binding_flags=None):
        """`bindings`: (binding, type, count) triples."""
        lb = [vk.VkDescriptorSetLayoutBinding(binding=b, descriptorType=t, descriptorCount=n, stageFlags=COMPUTE)
              for b, t, n in bindings]
        next_ = None
        if binding_flags is not None:
            f = self.new("VkDescriptorSetLayoutBindingFlagsCreateInfo", ST_LAYOUT_BINDING_FLAGS)
            arr = ffi.new("VkDescriptorBindingFlags[]", binding_flags)
            self.keep.append(arr)
            f.bindingCount = len(binding_flags)
            f.pBindingFlags = arr
            next_ = f
        layout = vk.vkCreateDescriptorSetLayout(
            self.device, vk.VkDescriptorSetLayoutCreateInfo(pNext=next_, flags=flags, pBindings=lb), None)
        self.objects.append(("DescriptorSetLayout", layout))
        return layout

    def pipeline(self, spv, layouts, push_size=0, stage_next=None, stage_flags=0):
        module = vk.vkCreateShaderModule(self.device, vk.VkShaderModuleCreateInfo(codeSize=len(spv), pCode=spv), None)
        ranges = [vk.VkPushConstantRange(stageFlags=COMPUTE, offset=0, size=push_size)] if push_size else None
        playout = vk.vkCreatePipelineLayout(
            self.device, vk.VkPipelineLayoutCreateInfo(pSetLayouts=layouts, pPushConstantRanges=ranges), None)
        self.objects.append(("PipelineLayout", playout))
        stage = vk.VkPipelineShaderStageCreateInfo(pNext=stage_next, flags=stage_flags, stage=COMPUTE,
                                                   module=module, pName="main")
        try:
            pipe = vk.vkCreateComputePipelines(self.device, vk.VK_NULL_HANDLE, 1,
                                               [vk.VkComputePipelineCreateInfo(stage=stage, layout=playout)], None)[0]
        finally:
            vk.vkDestroyShaderModule(self.device, module, None)
        self.objects.append(("Pipeline", pipe))
        return pipe, playout

    def allocate_set(self, layout, variable=None):
        next_ = None
        if variable is not None:
            v = self.new("VkDescriptorSetVariableDescriptorCountAllocateInfo", ST_VARIABLE_COUNT_ALLOCATE)
            counts = ffi.new("uint32_t[]", [variable])
            self.keep.append(counts)
            v.descriptorSetCount = 1
            v.pDescriptorCounts = counts
            next_ = v
        return vk.vkAllocateDescriptorSets(
            self.device, vk.VkDescriptorSetAllocateInfo(pNext=next_, descriptorPool=self.dpool,
                                                        pSetLayouts=[layout]))[0]

    def write_set(self, ds, binding, buffers, ty=SB, element=0):
        w = vk.VkWriteDescriptorSet(
            dstSet=ds, dstBinding=binding, dstArrayElement=element, descriptorCount=len(buffers), descriptorType=ty,
            pBufferInfo=[vk.VkDescriptorBufferInfo(buffer=b, offset=0, range=WHOLE) for b in buffers])
        vk.vkUpdateDescriptorSets(self.device, 1, [w], 0, None)

    def command_buffer(self, level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY):
        return vk.vkAllocateCommandBuffers(
            self.device, vk.VkCommandBufferAllocateInfo(commandPool=self.pool, level=level, commandBufferCount=1))[0]

    def record(self, record, level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY, flags=0):
        cb = self.command_buffer(level)
        inherit = vk.VkCommandBufferInheritanceInfo() if level == vk.VK_COMMAND_BUFFER_LEVEL_SECONDARY else None
        vk.vkBeginCommandBuffer(cb, vk.VkCommandBufferBeginInfo(flags=flags, pInheritanceInfo=inherit))
        record(cb)
        vk.vkEndCommandBuffer(cb)
        return cb

    def run(self, cb):
        fence = vk.vkCreateFence(self.device, vk.VkFenceCreateInfo(), None)
        vk.vkQueueSubmit(self.queue, 1, [vk.VkSubmitInfo(pCommandBuffers=[cb])], fence)
        vk.vkWaitForFences(self.device, 1, [fence], vk.VK_TRUE, 10**10)
        vk.vkDestroyFence(self.device, fence, None)

    def submit(self, record):
        cb = self.record(record)
        self.run(cb)
        vk.vkFreeCommandBuffers(self.device, self.pool, 1, [cb])


@pytest.fixture(params=DRIVERS)
def dev(request):
    d = Dev(request.param)
    yield d
    d.close()


@pytest.fixture
def spirjit():
    d = Dev("spirjit")
    yield d
    d.close()


def _barrier(cb):
    b = vk.VkMemoryBarrier(srcAccessMask=vk.VK_ACCESS_SHADER_WRITE_BIT | vk.VK_ACCESS_TRANSFER_WRITE_BIT,
                           dstAccessMask=vk.VK_ACCESS_SHADER_READ_BIT | vk.VK_ACCESS_TRANSFER_READ_BIT
                           | vk.VK_ACCESS_SHADER_WRITE_BIT | vk.VK_ACCESS_TRANSFER_WRITE_BIT)
    stages = vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | vk.VK_PIPELINE_STAGE_TRANSFER_BIT
    vk.vkCmdPipelineBarrier(cb, stages, stages, 0, 1, [b], 0, None, 0, None)


def _vadd(d, n=64, push=False):
    """Buffers a, b, c (c zero) and the vadd pipeline with one set of three storage buffers."""
    a = [float(i) for i in range(n)]
    b = [0.25 * i for i in range(n)]
    bufs = [d.buffer(f32(a)), d.buffer(f32(b)), d.buffer(bytes(4 * n))]
    layout = d.set_layout([(0, SB, 1), (1, SB, 1), (2, SB, 1)], flags=PUSH_DESCRIPTOR_LAYOUT if push else 0)
    pipe, playout = d.pipeline(_spv("vadd.spv"), [layout])
    return a, b, bufs, layout, pipe, playout


def _template(d, layout, kind, playout=None, set_=0):
    """An update template writing bindings 0..2 from an array of three VkDescriptorBufferInfo
    (entry 0 binding 0 alone; entry 1 bindings 1 and 2, rolling over)."""
    size = ffi.sizeof("VkDescriptorBufferInfo")
    entries = ffi.new("VkDescriptorUpdateTemplateEntry[2]")
    self_keep = [entries]
    for e, (binding, count, offset) in zip(entries, [(0, 1, 0), (1, 2, size)]):
        e.dstBinding, e.dstArrayElement, e.descriptorCount = binding, 0, count
        e.descriptorType, e.offset, e.stride = SB, offset, size
    info = d.new("VkDescriptorUpdateTemplateCreateInfo", ST_UPDATE_TEMPLATE_CREATE_INFO)
    info.descriptorUpdateEntryCount = 2
    info.pDescriptorUpdateEntries = entries
    info.templateType = kind
    info.descriptorSetLayout = layout
    info.pipelineBindPoint = CS
    if playout is not None:
        info.pipelineLayout = playout
    info.set = set_
    d.keep += self_keep
    return vk.vkCreateDescriptorUpdateTemplate(d.device, info, None)


def _infos(bufs):
    arr = ffi.new("VkDescriptorBufferInfo[3]")
    for i, (buf, _) in enumerate(bufs):
        arr[i].buffer, arr[i].offset, arr[i].range = buf, 0, WHOLE
    return arr


def test_update_template_writes_a_set(dev):
    n = 64
    a, b, bufs, layout, pipe, playout = _vadd(dev, n)
    template = _template(dev, layout, TEMPLATE_DESCRIPTOR_SET)
    ds = dev.allocate_set(layout)
    data = _infos(bufs)
    vk.vkUpdateDescriptorSetWithTemplate(dev.device, ds, template, data)

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
        vk.vkCmdDispatch(cb, n // 64, 1, 1)

    dev.submit(record)
    assert unf32(dev.read(bufs[2][1], 4 * n)) == [x + y for x, y in zip(a, b)]
    vk.vkDestroyDescriptorUpdateTemplate(dev.device, template, None)


def test_push_descriptors_and_push_templates(dev):
    if "VK_KHR_push_descriptor" not in dev.exts:
        pytest.skip(f"{dev.driver} has no VK_KHR_push_descriptor")
    n = 64
    a, b, bufs, layout, pipe, playout = _vadd(dev, n, push=True)
    d2, m2 = dev.buffer(bytes(4 * n))
    template = _template(dev, layout, TEMPLATE_PUSH_DESCRIPTORS, playout=playout)
    data = _infos(bufs)
    push = dev.proc("vkCmdPushDescriptorSetKHR")
    push_template = dev.proc("vkCmdPushDescriptorSetWithTemplateKHR")

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        push_template(cb, template, playout, 0, data)
        vk.vkCmdDispatch(cb, n // 64, 1, 1)
        # Push binding 2 only: bindings 0 and 1 keep what was pushed before.
        writes = ffi.new("VkWriteDescriptorSet[1]")
        info = ffi.new("VkDescriptorBufferInfo*")
        info.buffer, info.offset, info.range = d2, 0, WHOLE
        w = writes[0]
        w.sType = vk.VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
        w.dstBinding, w.descriptorCount, w.descriptorType, w.pBufferInfo = 2, 1, SB, info
        push(cb, CS, playout, 0, 1, writes)
        dev.keep.extend([writes, info])
        vk.vkCmdDispatch(cb, n // 64, 1, 1)

    dev.submit(record)
    want = [x + y for x, y in zip(a, b)]
    assert unf32(dev.read(bufs[2][1], 4 * n)) == want
    assert unf32(dev.read(m2, 4 * n)) == want
    vk.vkDestroyDescriptorUpdateTemplate(dev.device, template, None)


def test_secondary_command_buffers_run_in_place(dev):
    n = 64
    a, b, bufs, layout, pipe, playout = _vadd(dev, n)
    ds = dev.allocate_set(layout)
    for i, (buf, _) in enumerate(bufs):
        dev.write_set(ds, i, [buf])

    # The secondary binds its own state (secondaries inherit none): c = a + b; a = c.
    def secondary(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
        vk.vkCmdDispatch(cb, n // 64, 1, 1)
        _barrier(cb)
        vk.vkCmdCopyBuffer(cb, bufs[2][0], bufs[0][0], 1, [vk.VkBufferCopy(srcOffset=0, dstOffset=0, size=4 * n)])

    # Executed twice in one primary: SIMULTANEOUS_USE.
    sec = dev.record(secondary, vk.VK_COMMAND_BUFFER_LEVEL_SECONDARY, vk.VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT)

    def primary(cb):
        vk.vkCmdFillBuffer(cb, bufs[2][0], 0, WHOLE, 0)
        _barrier(cb)
        vk.vkCmdExecuteCommands(cb, 1, [sec])
        _barrier(cb)
        vk.vkCmdExecuteCommands(cb, 1, [sec])  # the same secondary again

    dev.submit(primary)
    assert unf32(dev.read(bufs[0][1], 4 * n)) == [x + 2 * y for x, y in zip(a, b)]
    vk.vkFreeCommandBuffers(dev.device, dev.pool, 1, [sec])


def _runtime_array_expect(bufs, n, k, groups):
    """What buffer_arrays_runtime.comp computes (see its header) with `n` buffers."""
    bufs = [list(b) for b in bufs]
    o = [0.0] * (16 * groups)
    for i in range(4 * groups):
        o[4 * i + 0] = bufs[k][i] + bufs[0][i]
        o[4 * i + 1] = bufs[i % n][i]
        o[4 * i + 2] = float(len(bufs[(i + 1) % n]))
        o[4 * i + 3] = float(len(bufs[n - 1]))
    for i in range(4 * groups):
        bufs[(i + k) % n][i] += 1.0
    return o, bufs


def test_variable_count_partially_bound_update_after_bind(spirjit):
    d = spirjit
    for f in ("runtimeDescriptorArray", "descriptorBindingVariableDescriptorCount",
              "descriptorBindingPartiallyBound", "descriptorBindingStorageBufferUpdateAfterBind",
              "shaderStorageBufferArrayNonUniformIndexing"):
        assert d.features[f], f
    groups = 4
    datas = [[100.0 * j + i for i in range(16 + 4 * j)] for j in range(4)]
    bufs = [d.buffer(f32(v)) for v in datas]
    out, mout = d.buffer(bytes(4 * (16 * groups + 1)))
    flags = BINDING_PARTIALLY_BOUND | BINDING_VARIABLE_COUNT | BINDING_UPDATE_AFTER_BIND
    l0 = d.set_layout([(0, SB, 1024)], flags=UPDATE_AFTER_BIND_POOL, binding_flags=[flags])
    l1 = d.set_layout([(0, SB, 1)])
    pipe, playout = d.pipeline(_spv("buffer_arrays_runtime.spv"), [l0, l1], push_size=12)
    s0 = d.allocate_set(l0, variable=8)
    s1 = d.allocate_set(l1)
    d.write_set(s1, 0, [out])
    d.write_set(s0, 0, [b for b, _ in bufs[:3]])  # elements 3..7 left unwritten (partially bound)
    pc = ffi.new("uint32_t[3]")

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 2, [s0, s1], 0, None)
        vk.vkCmdPushConstants(cb, playout, COMPUTE, 0, 12, pc)
        vk.vkCmdDispatch(cb, groups, 1, 1)

    pc[0], pc[1], pc[2] = 3, 1, 0
    d.submit(record)
    want, datas3 = _runtime_array_expect(datas[:3], 3, 1, groups)
    assert unf32(d.read(mout, 4 * 16 * groups)) == want
    for j in range(3):
        assert unf32(d.read(bufs[j][1], 4 * len(datas[j]))) == datas3[j]
    # Update after bind: record first, then write element 3, then submit: the dispatch sees it.
    pc[0], pc[1] = 4, 2
    cb = d.record(record)
    d.write_set(s0, 0, [bufs[3][0]], element=3)
    d.run(cb)
    want, datas4 = _runtime_array_expect(datas3 + [datas[3]], 4, 2, groups)
    assert unf32(d.read(mout, 4 * 16 * groups)) == want
    for j in range(4):
        assert unf32(d.read(bufs[j][1], 4 * len(datas[j]))) == datas4[j]
    vk.vkFreeCommandBuffers(d.device, d.pool, 1, [cb])


def _too_divergent_for_the_vector_path(tmp_path):
    """A shader that reads gl_SubgroupSize and has more divergent branches than the
    masked vector path takes (over 1024 blocks), so it runs at W = 1: o[i] = SubgroupSize."""
    body = "".join(f"    if (x % {3 + k % 5}u == {k % 3}u) x = x * {k + 7}u + {k}u;\n" for k in range(600))
    src = tmp_path / "divergent.comp"
    src.write_text("#version 450\n#extension GL_KHR_shader_subgroup_basic : require\n"
                   "layout(local_size_x = 8) in;\n"
                   "layout(std430, set = 0, binding = 0) buffer O { uint o[]; };\n"
                   "void main() {\n    uint i = gl_GlobalInvocationID.x;\n    uint x = i;\n" + body
                   + "    o[i] = gl_SubgroupSize;\n    o[8u + i] = x;\n}\n")
    out = tmp_path / "divergent.spv"
    subprocess.run(["glslangValidator", "-V", "--target-env", "vulkan1.2", "-o", str(out), str(src)],
                   check=True, capture_output=True)
    return out.read_bytes()


@pytest.mark.skipif(shutil.which("glslangValidator") is None, reason="glslangValidator (glslang-tools) is missing")
def test_a_shader_at_another_width_needs_allow_varying(spirjit, tmp_path):
    d = spirjit
    spv = _too_divergent_for_the_vector_path(tmp_path)
    layout = d.set_layout([(0, SB, 1)])
    # SubgroupSize would be 1, not the reported 8: refused without ALLOW_VARYING, and with
    # a required size of 8.
    with pytest.raises(vk.VkError):
        d.pipeline(spv, [layout])
    r = d.new("VkPipelineShaderStageRequiredSubgroupSizeCreateInfoEXT", ST_REQUIRED_SUBGROUP_SIZE)
    r.requiredSubgroupSize = 8
    with pytest.raises(vk.VkError):
        d.pipeline(spv, [layout], stage_next=r)
    pipe, playout = d.pipeline(spv, [layout], stage_flags=0x1)  # ALLOW_VARYING_SUBGROUP_SIZE
    out, mout = d.buffer(bytes(64))
    ds = d.allocate_set(layout)
    d.write_set(ds, 0, [out])

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
        vk.vkCmdDispatch(cb, 1, 1, 1)

    d.submit(record)
    _, lo, hi = _subgroup_properties(d)
    sizes = struct.unpack("<16I", d.read(mout, 64))[:8]
    assert all(lo <= v <= hi for v in sizes) and sizes == (1,) * 8, sizes


def _subgroup_run(d, size=None, varying=False):
    """subgroup_types.spv, 2 work-groups of 32, with a required sub-group size or not."""
    out, mout = d.buffer(bytes(4 * 8 * 64))
    layout = d.set_layout([(0, SB, 1)])
    stage_next = None
    if size is not None:
        r = d.new("VkPipelineShaderStageRequiredSubgroupSizeCreateInfoEXT", ST_REQUIRED_SUBGROUP_SIZE)
        r.requiredSubgroupSize = size
        stage_next = r
    flags = 0x1 if varying else 0  # VK_PIPELINE_SHADER_STAGE_CREATE_ALLOW_VARYING_SUBGROUP_SIZE_BIT
    pipe, playout = d.pipeline(_spv("subgroup_types.spv"), [layout], stage_next=stage_next, stage_flags=flags)
    ds = d.allocate_set(layout)
    d.write_set(ds, 0, [out])

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
        vk.vkCmdDispatch(cb, 2, 1, 1)

    d.submit(record)
    return list(struct.unpack("<512I", d.read(mout, 4 * 8 * 64)))


def _subgroup_expect(w):
    o = []
    for i in range(64):
        lane, wg = i % w, i // 32
        o += [w, w * (w + 1) // 2, 300 * w * (w - 1) // 2, w - 1, w * (w - 1) // 2, w * (w - 1) // 2,
              3 * (i - lane + wg % w), 32 // w]
    return o


def _subgroup_properties(d):
    sub = d.new("VkPhysicalDeviceSubgroupProperties", ST_SUBGROUP_PROPERTIES)
    ctl = d.new("VkPhysicalDeviceSubgroupSizeControlPropertiesEXT", ST_SUBGROUP_SIZE_CONTROL_PROPERTIES)
    sub.pNext = ffi.cast("void*", ctl)
    p2 = d.new("VkPhysicalDeviceProperties2", ST_PROPERTIES_2)
    p2.pNext = ffi.cast("void*", sub)
    vk.vkGetPhysicalDeviceProperties2(d.physical, p2)
    return sub.subgroupSize, ctl.minSubgroupSize, ctl.maxSubgroupSize


def test_subgroup_extended_types_and_the_default_size(dev):
    for f in ("shaderSubgroupExtendedTypes", "subgroupBroadcastDynamicId", "shaderInt8", "shaderFloat16",
              "shaderInt64", "shaderFloat64"):
        if not dev.features.get(f):
            pytest.skip(f"{dev.driver} lacks {f}")
    size, _, _ = _subgroup_properties(dev)
    assert _subgroup_run(dev) == _subgroup_expect(size)


@pytest.mark.parametrize("size", [4, 8, 16])
def test_required_subgroup_size_is_what_the_shader_sees(dev, size):
    if not dev.features.get("subgroupSizeControl") or "VK_EXT_subgroup_size_control" not in dev.exts:
        pytest.skip(f"{dev.driver} has no subgroup size control")
    _, lo, hi = _subgroup_properties(dev)
    if not lo <= size <= hi:
        pytest.skip(f"{dev.driver} runs sub-groups of {lo} to {hi}")
    if not dev.features.get("shaderSubgroupExtendedTypes"):
        pytest.skip(f"{dev.driver} lacks shaderSubgroupExtendedTypes")
    assert _subgroup_run(dev, size=size) == _subgroup_expect(size)


def _atomics(d):
    """atomics.spv (2 work-groups of 16): the words whose final value does not depend on
    the order the invocations ran in."""
    a32 = struct.pack("<8I4i4f", 0, 0, 0xFFFFFFFF, 0, 0, 0xFFFFFFFF, 0, 0, 0, 0, 0, 0, 0.0, 1e30, -1e30, 0.0)
    a64 = struct.pack("<6Q2q4d", 0, 0, (1 << 64) - 1, 0, 0, (1 << 64) - 1, 0, 0, 0.0, 1e300, -1e300, 0.0)
    bufs = [d.buffer(a32), d.buffer(a64), d.buffer(bytes(4 * 5 * 32)), d.buffer(bytes(4 * 8 * 2))]
    layout = d.set_layout([(i, SB, 1) for i in range(4)])
    pipe, playout = d.pipeline(_spv("atomics.spv"), [layout])
    ds = d.allocate_set(layout)
    for i, (b, _) in enumerate(bufs):
        d.write_set(ds, i, [b])

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
        vk.vkCmdDispatch(cb, 2, 1, 1)

    d.submit(record)
    a = struct.unpack("<8I4i4f", d.read(bufs[0][1], 64))
    b = struct.unpack("<6Q2q4d", d.read(bufs[1][1], 96))
    g = struct.unpack("<16I", d.read(bufs[3][1], 64))
    old = struct.unpack("<160I", d.read(bufs[2][1], 640))
    # a.u[7], a.s[3], b.s[1], b.f[3] and g[5] (shared compare-swap chain) depend on order.
    keep_a = [None if i in (7, 11) else a[i] for i in range(16)]
    keep_b = [None if i in (7, 11) else b[i] for i in range(12)]
    keep_g = [None if i % 8 == 5 else g[i] for i in range(16)]
    return keep_a, keep_b, keep_g, sorted(old[5 * i] for i in range(32))


def test_int64_and_float_atomics(dev):
    for f in ("shaderBufferInt64Atomics", "shaderSharedInt64Atomics", "shaderBufferFloat32AtomicAdd",
              "shaderBufferFloat64AtomicAdd", "shaderSharedFloat32AtomicAdd", "shaderBufferFloat32AtomicMinMax",
              "shaderBufferFloat64AtomicMinMax", "shaderSharedFloat32AtomicMinMax", "vulkanMemoryModel"):
        if not dev.features.get(f):
            pytest.skip(f"{dev.driver} lacks {f}")
    a, b, g, old = _atomics(dev)
    n = 32
    # 32-bit: u[0..6], s[0..2], f[0..3]; 64-bit: u[0..5], s[0], f[0..2].
    assert a[0:7] == [n, 3 * sum(range(n)), 0, 0xFFFFFFFF, 0, 100, 7 * (n - 1)]
    assert a[8:11] == [-(n - 1), 0, -sum(range(n))] and a[12:16] == [0.5 * n, -3.0, 2.0 * (n - 1), 4.0]
    assert b[0] == sum(range(n)) << 32 and b[1] == (n - 1) * 0x100000001 and b[2] == 5 << 40
    assert b[8:11] == [0.25 * n, -1.5 * (n - 1), n - 0.5]
    assert old == list(range(n))  # atomicAdd(a.u[0], 1) handed out 0..31
    assert g[0] == g[8] == sum(range(1, 17))


def _run_shader(d, spv, datas, groups=1):
    """Dispatch `spv` with set 0 bindings 0.. holding `datas` (bytes each); the contents after."""
    bufs = [d.buffer(x) for x in datas]
    layout = d.set_layout([(i, SB, 1) for i in range(len(bufs))])
    pipe, playout = d.pipeline(spv, [layout])
    ds = d.allocate_set(layout)
    for i, (b, _) in enumerate(bufs):
        d.write_set(ds, i, [b])

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
        vk.vkCmdDispatch(cb, groups, 1, 1)

    d.submit(record)
    return [d.read(m, len(x)) for (_, m), x in zip(bufs, datas)]


def _float_controls(d):
    fc = d.new("VkPhysicalDeviceFloatControlsProperties", ST_FLOAT_CONTROLS_PROPERTIES)
    p2 = d.new("VkPhysicalDeviceProperties2", ST_PROPERTIES_2)
    p2.pNext = ffi.cast("void*", fc)
    vk.vkGetPhysicalDeviceProperties2(d.physical, p2)
    return fc


def test_float_controls_the_device_reports(dev):
    fc = _float_controls(dev)
    for name in ("shaderDenormPreserveFloat32", "shaderDenormPreserveFloat64", "shaderRoundingModeRTEFloat32",
                 "shaderRoundingModeRTEFloat64", "shaderSignedZeroInfNanPreserveFloat32"):
        if not getattr(fc, name):
            pytest.skip(f"{dev.driver} does not report {name}")
    tiny = struct.unpack("<f", struct.pack("<I", 0x00000400))[0]  # a float denormal
    x = struct.pack("<8f2d", 1e-30, 1e-10, tiny, -0.0, float("inf"), 1.0, 1.0, 2.0 ** -24, 1e-300, 1e-10)
    _, out = _run_shader(dev, _spv("asm/float_controls.spv"), [x, bytes(40)])
    o = struct.unpack("<6f2d", out)
    f = lambda v: struct.unpack("<f", struct.pack("<f", v))[0]  # noqa: E731 - round to float
    assert o[0] == f(f(1e-30) * f(1e-10)) and o[0] != 0.0
    assert o[1] == 2 * tiny and o[5] == tiny / 2
    assert o[2] == 0.0 and str(o[2]) == "-0.0"
    assert o[3] == float("inf") and o[4] == 1.0
    assert o[6] == 1e-300 * 1e-10 and o[6] != 0.0 and o[7] == -1e-300


def test_uniform_control_flow_scalar_layout_and_shared_memory(dev):
    for f in ("scalarBlockLayout", "workgroupMemoryExplicitLayout", "shaderZeroInitializeWorkgroupMemory"):
        if not dev.features.get(f):
            pytest.skip(f"{dev.driver} lacks {f}")
    if dev.features.get("shaderSubgroupUniformControlFlow"):
        (o,) = _run_shader(dev, _spv("uniform_control_flow.spv"), [bytes(4 * 32)], groups=2)
        size, _, _ = _subgroup_properties(dev)
        o = struct.unpack("<32I", o)
        for i in range(32):
            first = i - i % size
            assert o[i] == sum(j + 1 for j in range(first, first + size)), (i, o)
    s = struct.pack("<16f", *[float(v) for k in range(4) for v in (k, k + 1, k + 2, k + 3)])
    t = struct.pack("<12f", *[float(v) for v in range(12)])
    ins, out = _run_shader(dev, _spv("scalar_layout.spv"), [s + t, bytes(16)])
    assert unf32(out) == [k + (k + 1) * 10 + (k + 2) * 100 + (k + 3) * 1000 for k in range(4)]
    assert unf32(ins[64:]) == [2.0 * v for v in range(12)]
    # Shared-memory blocks that alias, and zero-initialized shared memory: what lavapipe
    # gives, or the values the fixtures' headers describe.
    (blocks,) = _run_shader(dev, _spv("shared_block.spv"), [bytes(4 * 2 * 16)], groups=2)
    (init,) = _run_shader(dev, _spv("shared_init.spv"), [bytes(4 * 5 * 16)], groups=2)
    o = struct.unpack("<80I", init)
    assert all(o[5 * i] == 0 for i in range(16))  # zeroed in every work-group
    o = struct.unpack("<32I", blocks)
    for i in range(16):
        wg, lane = i // 8, i % 8
        words = [0x04030201 * (k + 1) + wg for k in range(4)]
        halves = [(0x1111 * k + 8 * wg + k) & 0xFFFF for k in range(8)]
        byte = lambda n: (words[n // 4] >> (8 * (n % 4))) & 0xFF  # noqa: E731
        assert o[2 * i] == byte(2 * lane) | byte(15 - lane) << 8 | halves[7 - lane] << 16, i
        assert o[2 * i + 1] == halves[2 * (lane & 3)] | halves[2 * (lane & 3) + 1] << 16, i


def test_shared_memory_fixtures_agree_with_lavapipe():
    outs = []
    for driver in DRIVERS:
        d = Dev(driver)
        try:
            if not d.features.get("workgroupMemoryExplicitLayout") or not d.features.get(
                    "shaderZeroInitializeWorkgroupMemory"):
                pytest.skip(f"{driver} lacks explicit shared layouts or zero-initialized shared memory")
            (blocks,) = _run_shader(d, _spv("shared_block.spv"), [bytes(4 * 2 * 16)], groups=2)
            (init,) = _run_shader(d, _spv("shared_init.spv"), [bytes(4 * 5 * 16)], groups=2)
            outs.append((blocks, init))
        finally:
            d.close()
    assert outs[0] == outs[1]


@pytest.fixture
def robust():
    d = Dev("spirjit", robust=True)
    yield d
    d.close()


@pytest.fixture(params=DRIVERS)
def nulls(request):
    d = Dev(request.param, null=True)
    yield d
    d.close()


def test_null_descriptors_read_zero_and_drop_writes(nulls):
    d = nulls
    if not d.features.get("nullDescriptor"):
        pytest.skip(f"{d.driver} lacks nullDescriptor")
    n = 64
    ba, ma = d.buffer(f32([float(i) for i in range(n)]))
    bc, mc = d.buffer(f32([-1.0] * n))
    layout = d.set_layout([(0, SB, 1), (1, SB, 1), (2, SB, 1)])
    pipe, playout = d.pipeline(_spv("vadd.spv"), [layout])
    s1 = d.allocate_set(layout)  # c = a + null
    s2 = d.allocate_set(layout)  # null = a + a
    for ds, bufs in ((s1, (ba, vk.VK_NULL_HANDLE, bc)), (s2, (ba, ba, vk.VK_NULL_HANDLE))):
        for i, b in enumerate(bufs):
            d.write_set(ds, i, [b])

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        for ds in (s1, s2):
            vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
            vk.vkCmdDispatch(cb, 1, 1, 1)

    d.submit(record)
    assert unf32(d.read(mc, 4 * n)) == [float(i) for i in range(n)]
    assert unf32(d.read(ma, 4 * n)) == [float(i) for i in range(n)]


def _xorshift(seed, n):
    out = []
    for _ in range(n):
        seed ^= (seed << 13) & 0xFFFFFFFF
        seed ^= seed >> 17
        seed ^= (seed << 5) & 0xFFFFFFFF
        out.append(seed)
    return out


def test_integer_dot_products(dev):
    if not dev.features.get("shaderIntegerDotProduct") or not dev.features.get("shaderInt8"):
        pytest.skip(f"{dev.driver} lacks shaderIntegerDotProduct")
    n = 16
    words = _xorshift(77, 2 * n)
    words[0:4] = [0x80808080, 0x80808080, 0xFFFFFFFF, 0xFFFFFFFF]
    accs = _xorshift(99, n)
    accs[0:4] = [2**31 - 1 - 5, 2**32 - 1 - 3, 2**31 + 2, 0]
    name = "asm/int_dot_khr.spv" if vk.VK_VERSION_MINOR(dev.api) < 3 else "asm/int_dot.spv"
    _, _, out = _run_shader(dev, _spv(name), [struct.pack(f"<{2 * n}I", *words),
                                              struct.pack(f"<{n}I", *accs), bytes(4 * 9 * n)], groups=n // 4)
    out = struct.unpack(f"<{9 * n}I", out)
    s8 = lambda v: v - 256 if v >= 128 else v  # noqa: E731
    sat_i = lambda v: max(-2**31, min(2**31 - 1, v)) & 0xFFFFFFFF  # noqa: E731
    for i in range(n):
        a, b, acc = words[2 * i].to_bytes(4, "little"), words[2 * i + 1].to_bytes(4, "little"), accs[i]
        sdot = sum(s8(x) * s8(y) for x, y in zip(a, b))
        udot = sum(x * y for x, y in zip(a, b))
        sudot = sum(s8(x) * y for x, y in zip(a, b))
        signed_acc = acc - 2**32 if acc >= 2**31 else acc
        want = [sdot & 0xFFFFFFFF, udot, sudot & 0xFFFFFFFF] * 2 + [
            sat_i(sdot + signed_acc), min(udot + acc, 2**32 - 1), sat_i(sudot + signed_acc)]
        assert list(out[9 * i: 9 * i + 9]) == want, i


def test_robust_buffer_access2_reads_zero_past_the_range(robust):
    d = robust
    r2 = d.new("VkPhysicalDeviceRobustness2FeaturesEXT", ST_ROBUSTNESS2_FEATURES)
    f2 = d.new("VkPhysicalDeviceFeatures2", ST_FEATURES_2)
    f2.pNext = ffi.cast("void*", r2)
    vk.vkGetPhysicalDeviceFeatures2(d.physical, f2)
    assert r2.robustBufferAccess2 and r2.nullDescriptor and not r2.robustImageAccess2
    # The device enabled robust access: vadd over 64 invocations with a of 48 floats
    # reads zero past a's range and drops writes past c's.
    n = 64
    ba, _ = d.buffer(f32([1.0] * 48))
    bb, _ = d.buffer(f32([2.0] * n))
    bc, mc = d.buffer(f32([-1.0] * n))
    layout = d.set_layout([(0, SB, 1), (1, SB, 1), (2, SB, 1)])
    pipe, playout = d.pipeline(_spv("vadd.spv"), [layout])
    ds = d.allocate_set(layout)
    for i, b in enumerate((ba, bb)):
        d.write_set(ds, i, [b])
    w = vk.VkWriteDescriptorSet(dstSet=ds, dstBinding=2, descriptorCount=1, descriptorType=SB,
                                pBufferInfo=[vk.VkDescriptorBufferInfo(buffer=bc, offset=0, range=4 * 40)])
    vk.vkUpdateDescriptorSets(d.device, 1, [w], 0, None)

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
        vk.vkCmdDispatch(cb, 1, 1, 1)

    d.submit(record)
    assert unf32(d.read(mc, 4 * n)) == [3.0] * 40 + [-1.0] * 24


def test_host_query_reset(dev):
    if not dev.features.get("hostQueryReset"):
        pytest.skip(f"{dev.driver} lacks hostQueryReset")
    pool = vk.vkCreateQueryPool(dev.device, vk.VkQueryPoolCreateInfo(queryType=vk.VK_QUERY_TYPE_TIMESTAMP,
                                                                       queryCount=2), None)
    reset = vk.vkResetQueryPool
    reset(dev.device, pool, 0, 2)
    dev.submit(lambda cb: vk.vkCmdWriteTimestamp(cb, vk.VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 0))
    data = ffi.new("uint64_t[2]")
    vk.vkGetQueryPoolResults(dev.device, pool, 0, 1, 8, data, 8, vk.VK_QUERY_RESULT_64_BIT)
    assert data[0] > 0
    reset(dev.device, pool, 0, 1)
    with pytest.raises(vk.VkNotReady):
        vk.vkGetQueryPoolResults(dev.device, pool, 0, 1, 8, data, 8, vk.VK_QUERY_RESULT_64_BIT)
    vk.vkDestroyQueryPool(dev.device, pool, None)


def test_feature_and_property_chains_agree(spirjit):
    d = spirjit
    assert vk.VK_VERSION_MAJOR(d.api) == 1 and vk.VK_VERSION_MINOR(d.api) == 3
    for e in ("VK_KHR_push_descriptor", "VK_KHR_descriptor_update_template", "VK_KHR_vulkan_memory_model",
              "VK_KHR_shader_float_controls", "VK_KHR_shader_subgroup_extended_types", "VK_KHR_shader_atomic_int64",
              "VK_EXT_shader_atomic_float", "VK_EXT_subgroup_size_control", "VK_KHR_driver_properties",
              "VK_KHR_shader_subgroup_uniform_control_flow", "VK_KHR_workgroup_memory_explicit_layout",
              "VK_KHR_zero_initialize_workgroup_memory", "VK_EXT_robustness2"):
        assert e in d.exts, e
    # Features: the 1.2 structure and the per-extension ones say the same.
    v12 = d.new("VkPhysicalDeviceVulkan12Features", ST_V12_FEATURES)
    di = d.new("VkPhysicalDeviceDescriptorIndexingFeatures", ST_DESCRIPTOR_INDEXING_FEATURES)
    i64 = d.new("VkPhysicalDeviceShaderAtomicInt64Features", ST_ATOMIC_INT64_FEATURES)
    v12.pNext = ffi.cast("void*", di)
    di.pNext = ffi.cast("void*", i64)
    f2 = d.new("VkPhysicalDeviceFeatures2", ST_FEATURES_2)
    f2.pNext = ffi.cast("void*", v12)
    vk.vkGetPhysicalDeviceFeatures2(d.physical, f2)
    assert v12.pNext == ffi.cast("void*", di) and di.pNext == ffi.cast("void*", i64)  # the chain is kept
    for name, _ in ffi.typeof("VkPhysicalDeviceDescriptorIndexingFeatures").fields:
        if name not in ("sType", "pNext"):
            assert getattr(di, name) == getattr(v12, name), name
    assert (i64.shaderBufferInt64Atomics, i64.shaderSharedInt64Atomics) == (1, 1) == (
        v12.shaderBufferInt64Atomics, v12.shaderSharedInt64Atomics)
    assert v12.runtimeDescriptorArray and v12.descriptorBindingPartiallyBound and v12.vulkanMemoryModel
    assert v12.descriptorIndexing  # buffers, images, samplers and texel buffers alike
    # Properties: 1.1 / 1.2 against the older structures.
    v11p = d.new("VkPhysicalDeviceVulkan11Properties", ST_V11_PROPERTIES)
    v12p = d.new("VkPhysicalDeviceVulkan12Properties", ST_V12_PROPERTIES)
    sub = d.new("VkPhysicalDeviceSubgroupProperties", ST_SUBGROUP_PROPERTIES)
    drv = d.new("VkPhysicalDeviceDriverProperties", ST_DRIVER_PROPERTIES)
    fc = d.new("VkPhysicalDeviceFloatControlsProperties", ST_FLOAT_CONTROLS_PROPERTIES)
    pd = d.new("VkPhysicalDevicePushDescriptorPropertiesKHR", ST_PUSH_DESCRIPTOR_PROPERTIES)
    ctl = d.new("VkPhysicalDeviceSubgroupSizeControlPropertiesEXT", ST_SUBGROUP_SIZE_CONTROL_PROPERTIES)
    chain = [v11p, v12p, sub, drv, fc, pd, ctl]
    for x, y in zip(chain, chain[1:]):
        x.pNext = ffi.cast("void*", y)
    p2 = d.new("VkPhysicalDeviceProperties2", ST_PROPERTIES_2)
    p2.pNext = ffi.cast("void*", v11p)
    vk.vkGetPhysicalDeviceProperties2(d.physical, p2)
    assert p2.properties.apiVersion == d.api
    assert v11p.subgroupSize == sub.subgroupSize == 8
    assert v11p.subgroupSupportedOperations == sub.supportedOperations
    assert ctl.minSubgroupSize == 1 and ctl.maxSubgroupSize == 16 and ctl.requiredSubgroupSizeStages == COMPUTE
    assert ctl.minSubgroupSize <= sub.subgroupSize <= ctl.maxSubgroupSize
    assert _text(drv.driverName) == _text(v12p.driverName) == "spirjit"
    for name, _ in ffi.typeof("VkPhysicalDeviceFloatControlsProperties").fields:
        if name not in ("sType", "pNext"):
            assert getattr(fc, name) == getattr(v12p, name), name
    assert fc.shaderDenormPreserveFloat32 and fc.shaderRoundingModeRTEFloat32 and not fc.shaderDenormFlushToZeroFloat32
    assert pd.maxPushDescriptors >= 32


@pytest.mark.skipif(shutil.which("vulkaninfo") is None, reason="vulkaninfo (vulkan-tools) is not installed")
def test_vulkaninfo_lists_the_extensions_without_errors():
    env = dict(os.environ, VK_DRIVER_FILES=MANIFEST, VK_ICD_FILENAMES=MANIFEST)
    out = subprocess.run(["vulkaninfo"], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr[-4000:]
    assert "ERROR" not in out.stderr, out.stderr[-4000:]
    for e in ("VK_KHR_push_descriptor", "VK_EXT_subgroup_size_control", "VK_KHR_vulkan_memory_model",
              "VK_KHR_shader_float_controls", "VK_EXT_shader_atomic_float"):
        assert e in out.stdout, e
    assert "apiVersion" in out.stdout and "1.3." in out.stdout


def test_the_core_tests_are_clean_under_the_validation_layer():
    vkdevice.rerun_under_validation(__file__)

"""The Vulkan 1.3 core of the driver through the real loader, on a Vulkan 1.3 instance:
the version and the 1.3 feature and property structures (with the structures they were
promoted from), private data, device memory requirements (maintenance4), a work-group
size from `LocalSizeId`, inline uniform blocks written, copied and templated, pipeline
creation cache control and feedback, robust image access, a module declaring
`DemoteToHelperInvocation`, the core names of the copy_commands2 and synchronization2
commands, format properties 3 and tool properties, and the graphics-queue commands 1.3
requires failing recording.

Each test runs on spirjit's driver and on lavapipe (a Vulkan 1.3 device), both checked
against values computed here, so the results are compared; the few spirjit-only checks
say why. Shaders: tests/kernels/vulkan/inline_block.comp, local_size_id.comp,
robust_image.comp, asm/demote_capability.spvasm. The file reruns itself under the
Khronos validation layer, which must report no error."""

import os
import shutil
import struct
import subprocess

import pytest

import test_vulkan_driver as drv
import test_vulkan_driver_images as imgs
import vkdevice
from vkdevice import driver  # noqa: F401  (the fixture: spirjit and lavapipe)

vk = drv.vk
ffi = drv.ffi
SB = vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
SI = vk.VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
INLINE = vk.VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK
CS = vk.VK_PIPELINE_BIND_POINT_COMPUTE
COMPUTE = vk.VK_SHADER_STAGE_COMPUTE_BIT
GENERAL = imgs.GENERAL
FAIL_ON_COMPILE_REQUIRED = 0x100  # VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT
EARLY_RETURN_ON_FAILURE = 0x200  # VK_PIPELINE_CREATE_EARLY_RETURN_ON_FAILURE_BIT
COMPILE_REQUIRED = 1000297000  # VK_PIPELINE_COMPILE_REQUIRED (the package has no exception for it)
EXTERNALLY_SYNCHRONIZED = 0x1  # VK_PIPELINE_CACHE_CREATE_EXTERNALLY_SYNCHRONIZED_BIT
FEEDBACK_VALID = 0x1
FEEDBACK_CACHE_HIT = 0x2
UNDER_LAYER = "VK_INSTANCE_LAYERS" in os.environ

# The features Vulkan 1.3 requires of every device (VkPhysicalDeviceVulkan13Features).
REQUIRED_13 = ("robustImageAccess", "inlineUniformBlock", "pipelineCreationCacheControl", "privateData",
               "shaderDemoteToHelperInvocation", "shaderTerminateInvocation", "subgroupSizeControl",
               "computeFullSubgroups", "synchronization2", "shaderZeroInitializeWorkgroupMemory",
               "dynamicRendering", "shaderIntegerDotProduct", "maintenance4")


def new(ctype, stype, **fields):
    s = ffi.new(ctype + "*")
    s.sType = stype
    for k, v in fields.items():
        setattr(s, k, v)
    return s


def chain(*structs):
    for a, b in zip(structs, structs[1:]):
        a.pNext = ffi.cast("void*", b)
    return structs[0]


def handle(h):
    return int(ffi.cast("uintptr_t", h)) if h else 0


class Dev(imgs.Dev):
    """`test_vulkan_driver_images.Dev` on a Vulkan 1.3 instance, with the 1.3 features
    `features` (names of VkPhysicalDeviceVulkan13Features) and `maintenance4` enabled
    (glslang's SPIR-V 1.6 gives every work-group size as LocalSizeId, which needs it)."""

    def __init__(self, driver, features=(), next=None):
        self.v13 = new("VkPhysicalDeviceVulkan13Features", vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                       maintenance4=1, **{f: 1 for f in features})
        if next is not None:
            self.v13.pNext = ffi.cast("void*", next)
        self.g = drv.Gpu(driver, queues=1, api=(1, 3), next=self.v13)
        self.device = self.g.device
        self.name = vkdevice.text(vk.vkGetPhysicalDeviceProperties(self.g.physical).deviceName)
        self.memory_types = vk.vkGetPhysicalDeviceMemoryProperties(self.g.physical)
        sizes = [vk.VkDescriptorPoolSize(type=t, descriptorCount=32)
                 for t in (SB, SI, imgs.SAMPLED, imgs.SMP, imgs.CIS)]
        self.pool = vk.vkCreateDescriptorPool(self.device, vk.VkDescriptorPoolCreateInfo(maxSets=16, pPoolSizes=sizes),
                                              None)
        self.objects = []

    def module(self, name):
        code = drv._spv(name)
        return vk.vkCreateShaderModule(self.device, vk.VkShaderModuleCreateInfo(codeSize=len(code), pCode=code), None)


@pytest.fixture
def dev(driver):  # noqa: F811
    d = Dev(driver)
    yield d
    d.close()


def _features13(physical):
    v13 = new("VkPhysicalDeviceVulkan13Features", vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES)
    f2 = new("VkPhysicalDeviceFeatures2", vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2)
    f2.pNext = ffi.cast("void*", v13)
    vk.vkGetPhysicalDeviceFeatures2(physical, f2)
    return v13


def test_the_device_is_vulkan_1_3(dev):
    props = vk.vkGetPhysicalDeviceProperties(dev.g.physical)
    assert vk.VK_VERSION_MAJOR(props.apiVersion) == 1 and vk.VK_VERSION_MINOR(props.apiVersion) >= 3
    v13 = _features13(dev.g.physical)
    for name in REQUIRED_13:
        assert getattr(v13, name), name
    p13 = new("VkPhysicalDeviceVulkan13Properties", vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES)
    p2 = new("VkPhysicalDeviceProperties2", vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2)
    p2.pNext = ffi.cast("void*", p13)
    vk.vkGetPhysicalDeviceProperties2(dev.g.physical, p2)
    # The minimums Vulkan 1.3 requires.
    assert p13.maxInlineUniformBlockSize >= 256 and p13.maxPerStageDescriptorInlineUniformBlocks >= 4
    assert p13.maxDescriptorSetInlineUniformBlocks >= 4 and p13.maxInlineUniformTotalSize >= 256
    assert p13.maxBufferSize >= 1 << 30
    assert p13.minSubgroupSize <= p13.maxSubgroupSize and p13.requiredSubgroupSizeStages & COMPUTE
    # The core names of the 1.3 commands are there on a 1.3 device, without extensions.
    for name in ("vkCmdPipelineBarrier2", "vkQueueSubmit2", "vkCmdCopyBuffer2", "vkCmdCopyImage2",
                 "vkCmdBlitImage2", "vkSetPrivateData", "vkGetDeviceBufferMemoryRequirements",
                 "vkCmdBeginRendering", "vkCmdSetCullMode", "vkCmdBindVertexBuffers2"):
        assert _device_proc(dev.device, name), name


def _device_proc(device, name):
    lib = ffi.dlopen("libvulkan.so.1")
    fn = ffi.cast("PFN_vkVoidFunction (*)(VkDevice, const char*)", lib.vkGetDeviceProcAddr)
    return int(ffi.cast("uintptr_t", fn(device, name.encode())))


# (promoted struct, its sType, fields it shares with VkPhysicalDeviceVulkan13Features/Properties)
PROMOTED_FEATURES = (
    ("VkPhysicalDevicePrivateDataFeatures", "PRIVATE_DATA_FEATURES", ("privateData",)),
    ("VkPhysicalDeviceMaintenance4Features", "MAINTENANCE_4_FEATURES", ("maintenance4",)),
    ("VkPhysicalDeviceInlineUniformBlockFeatures", "INLINE_UNIFORM_BLOCK_FEATURES",
     ("inlineUniformBlock", "descriptorBindingInlineUniformBlockUpdateAfterBind")),
    ("VkPhysicalDevicePipelineCreationCacheControlFeatures", "PIPELINE_CREATION_CACHE_CONTROL_FEATURES",
     ("pipelineCreationCacheControl",)),
    ("VkPhysicalDeviceImageRobustnessFeatures", "IMAGE_ROBUSTNESS_FEATURES", ("robustImageAccess",)),
    ("VkPhysicalDeviceShaderDemoteToHelperInvocationFeatures", "SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES",
     ("shaderDemoteToHelperInvocation",)),
    ("VkPhysicalDeviceShaderTerminateInvocationFeatures", "SHADER_TERMINATE_INVOCATION_FEATURES",
     ("shaderTerminateInvocation",)),
    ("VkPhysicalDeviceDynamicRenderingFeatures", "DYNAMIC_RENDERING_FEATURES", ("dynamicRendering",)),
    ("VkPhysicalDeviceSynchronization2Features", "SYNCHRONIZATION_2_FEATURES", ("synchronization2",)),
    ("VkPhysicalDeviceZeroInitializeWorkgroupMemoryFeatures", "ZERO_INITIALIZE_WORKGROUP_MEMORY_FEATURES",
     ("shaderZeroInitializeWorkgroupMemory",)),
    ("VkPhysicalDeviceShaderIntegerDotProductFeatures", "SHADER_INTEGER_DOT_PRODUCT_FEATURES",
     ("shaderIntegerDotProduct",)),
    ("VkPhysicalDeviceSubgroupSizeControlFeatures", "SUBGROUP_SIZE_CONTROL_FEATURES",
     ("subgroupSizeControl", "computeFullSubgroups")),
)
PROMOTED_PROPERTIES = (
    ("VkPhysicalDeviceInlineUniformBlockProperties", "INLINE_UNIFORM_BLOCK_PROPERTIES",
     ("maxInlineUniformBlockSize", "maxPerStageDescriptorInlineUniformBlocks",
      "maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks", "maxDescriptorSetInlineUniformBlocks",
      "maxDescriptorSetUpdateAfterBindInlineUniformBlocks")),
    ("VkPhysicalDeviceMaintenance4Properties", "MAINTENANCE_4_PROPERTIES", ("maxBufferSize",)),
    ("VkPhysicalDeviceSubgroupSizeControlProperties", "SUBGROUP_SIZE_CONTROL_PROPERTIES",
     ("minSubgroupSize", "maxSubgroupSize", "maxComputeWorkgroupSubgroups", "requiredSubgroupSizeStages")),
    ("VkPhysicalDeviceTexelBufferAlignmentProperties", "TEXEL_BUFFER_ALIGNMENT_PROPERTIES",
     ("storageTexelBufferOffsetAlignmentBytes", "storageTexelBufferOffsetSingleTexelAlignment",
      "uniformTexelBufferOffsetAlignmentBytes", "uniformTexelBufferOffsetSingleTexelAlignment")),
    ("VkPhysicalDeviceShaderIntegerDotProductProperties", "SHADER_INTEGER_DOT_PRODUCT_PROPERTIES", None),
)


def _query_chain(physical, head_ctype, head_stype, v13_ctype, v13_stype, promoted):
    v13 = new(v13_ctype, getattr(vk, "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_" + v13_stype))
    structs = [new(c, getattr(vk, "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_" + s)) for c, s, _ in promoted]
    head = new(head_ctype, getattr(vk, head_stype))
    chain(head, v13, *structs)
    fn = vk.vkGetPhysicalDeviceFeatures2 if "Features" in head_ctype else vk.vkGetPhysicalDeviceProperties2
    fn(physical, head)
    return v13, structs


def test_the_promoted_structures_agree_with_the_1_3_ones(dev):
    v13, structs = _query_chain(dev.g.physical, "VkPhysicalDeviceFeatures2",
                                "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2", "VkPhysicalDeviceVulkan13Features",
                                "VULKAN_1_3_FEATURES", PROMOTED_FEATURES)
    for (ctype, _, fields), s in zip(PROMOTED_FEATURES, structs):
        for f in fields:
            assert getattr(s, f) == getattr(v13, f), (ctype, f)
    p13, structs = _query_chain(dev.g.physical, "VkPhysicalDeviceProperties2",
                                "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2", "VkPhysicalDeviceVulkan13Properties",
                                "VULKAN_1_3_PROPERTIES", PROMOTED_PROPERTIES)
    for (ctype, _, fields), s in zip(PROMOTED_PROPERTIES, structs):
        if fields is None:  # every field but the header
            fields = [n for n, _ in ffi.typeof(s[0]).fields if n not in ("sType", "pNext")]
        for f in fields:
            assert getattr(s, f) == getattr(p13, f), (ctype, f)


def test_format_properties_3_and_tool_properties(dev):
    p3 = new("VkFormatProperties3", vk.VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3)
    p2 = new("VkFormatProperties2", vk.VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2)
    p2.pNext = ffi.cast("void*", p3)
    for fmt in (vk.VK_FORMAT_R32_UINT, vk.VK_FORMAT_R8G8B8A8_UNORM, vk.VK_FORMAT_R32G32B32A32_SFLOAT):
        vk.vkGetPhysicalDeviceFormatProperties2(dev.g.physical, fmt, p2)
        f1 = p2.formatProperties
        # The 32-bit flags are the 64-bit ones below bit 31 (where the 2-only bits start).
        assert (p3.optimalTilingFeatures & 0x7FFFFFFF) == f1.optimalTilingFeatures
        assert (p3.linearTilingFeatures & 0x7FFFFFFF) == f1.linearTilingFeatures
        assert (p3.bufferFeatures & 0x7FFFFFFF) == f1.bufferFeatures
        if dev.g.is_spirjit:  # every storage format is read and written without a declared format
            both = vk.VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT | \
                vk.VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT
            assert (p3.optimalTilingFeatures & both) == both
    tools = list(vk.vkGetPhysicalDeviceToolProperties(dev.g.physical))
    if dev.g.is_spirjit and not UNDER_LAYER:
        assert len(tools) == 0  # the driver itself is no tool; a layer would list itself
    for t in tools:
        assert vkdevice.text(t.name)


def test_private_data_round_trip(driver):  # noqa: F811
    reserve = new("VkDevicePrivateDataCreateInfo", vk.VK_STRUCTURE_TYPE_DEVICE_PRIVATE_DATA_CREATE_INFO,
                  privateDataSlotRequestCount=2)
    d = Dev(driver, features=["privateData"], next=reserve)
    try:
        slots = [vk.vkCreatePrivateDataSlot(d.device, vk.VkPrivateDataSlotCreateInfo(), None) for _ in range(3)]
        buf, _ = d.buffer(64)
        fence = d.keep(vk.vkDestroyFence, vk.vkCreateFence(d.device, vk.VkFenceCreateInfo(), None))
        layout = d.keep(vk.vkDestroyDescriptorSetLayout, vk.vkCreateDescriptorSetLayout(
            d.device, vk.VkDescriptorSetLayoutCreateInfo(), None))
        cb = d.g.command_buffer()
        objects = [
            (vk.VK_OBJECT_TYPE_DEVICE, handle(d.device)),
            (vk.VK_OBJECT_TYPE_QUEUE, handle(d.g.queues[0])),
            (vk.VK_OBJECT_TYPE_COMMAND_BUFFER, handle(cb)),
            (vk.VK_OBJECT_TYPE_BUFFER, handle(buf)),
            (vk.VK_OBJECT_TYPE_FENCE, handle(fence)),
            (vk.VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, handle(layout)),
            (vk.VK_OBJECT_TYPE_PRIVATE_DATA_SLOT, handle(slots[2])),
        ]
        # Nothing set yet: 0.
        for ty, h in objects:
            assert vk.vkGetPrivateData(d.device, ty, h, slots[0]) == 0
        for i, (ty, h) in enumerate(objects):
            vk.vkSetPrivateData(d.device, ty, h, slots[0], 0x1234_5678_9ABC_0000 + i)
            vk.vkSetPrivateData(d.device, ty, h, slots[1], (1 << 64) - 1 - i)
        for i, (ty, h) in enumerate(objects):
            assert vk.vkGetPrivateData(d.device, ty, h, slots[0]) == 0x1234_5678_9ABC_0000 + i
            assert vk.vkGetPrivateData(d.device, ty, h, slots[1]) == (1 << 64) - 1 - i
        # Overwriting one value leaves the other slot's.
        ty, h = objects[3]
        vk.vkSetPrivateData(d.device, ty, h, slots[0], 7)
        assert vk.vkGetPrivateData(d.device, ty, h, slots[0]) == 7
        assert vk.vkGetPrivateData(d.device, ty, h, slots[1]) == (1 << 64) - 4
        vk.vkFreeCommandBuffers(d.device, d.g.pool, 1, [cb])
        for s in slots:
            vk.vkDestroyPrivateDataSlot(d.device, s, None)
    finally:
        d.close()


def _requirements(fn, device, query):
    """A VkMemoryRequirements2 from `fn` (the package leaves the output's sType unset)."""
    out = new("VkMemoryRequirements2", vk.VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2)
    fn(device, query, out)
    return out


def test_device_memory_requirements_equal_the_created_objects(dev):
    usage = imgs.BUFFER_USAGE
    for size in (1, 100, 4096, 12345):
        info = vk.VkBufferCreateInfo(size=size, usage=usage)
        got = _requirements(vk.vkGetDeviceBufferMemoryRequirements, dev.device,
                            vk.VkDeviceBufferMemoryRequirements(pCreateInfo=info))
        buf = dev.keep(vk.vkDestroyBuffer, vk.vkCreateBuffer(dev.device, info, None))
        want = vk.vkGetBufferMemoryRequirements(dev.device, buf)
        r = got.memoryRequirements
        assert (r.size, r.alignment, r.memoryTypeBits) == (want.size, want.alignment, want.memoryTypeBits), size
    for ty, fmt, extent, layers in ((vk.VK_IMAGE_TYPE_2D, vk.VK_FORMAT_R8G8B8A8_UNORM, (17, 9, 1), 1),
                                    (vk.VK_IMAGE_TYPE_2D, vk.VK_FORMAT_R32_SFLOAT, (8, 8, 1), 3),
                                    (vk.VK_IMAGE_TYPE_3D, vk.VK_FORMAT_R16G16B16A16_SFLOAT, (4, 5, 6), 1)):
        w, h, depth = extent
        info = vk.VkImageCreateInfo(
            imageType=ty, format=fmt, extent=vk.VkExtent3D(width=w, height=h, depth=depth), mipLevels=1,
            arrayLayers=layers, samples=vk.VK_SAMPLE_COUNT_1_BIT, tiling=vk.VK_IMAGE_TILING_OPTIMAL,
            usage=imgs.IMAGE_USAGE, sharingMode=vk.VK_SHARING_MODE_EXCLUSIVE,
            initialLayout=vk.VK_IMAGE_LAYOUT_UNDEFINED)
        query = vk.VkDeviceImageMemoryRequirements(pCreateInfo=info)
        got = _requirements(vk.vkGetDeviceImageMemoryRequirements, dev.device, query)
        img = dev.keep(vk.vkDestroyImage, vk.vkCreateImage(dev.device, info, None))
        want = vk.vkGetImageMemoryRequirements(dev.device, img)
        r = got.memoryRequirements
        assert (r.size, r.alignment, r.memoryTypeBits) == (want.size, want.alignment, want.memoryTypeBits), fmt
        assert len(vk.vkGetDeviceImageSparseMemoryRequirements(dev.device, query)) == 0


def test_local_size_id_with_a_specialization_constant(driver):  # noqa: F811
    dev = Dev(driver)
    try:
        _local_size_id(dev)
    finally:
        dev.close()


def _local_size_id(dev):
    for local in (None, 32):
        spec = [(0, struct.pack("<I", local))] if local else None
        pipe, playout, (layout,) = dev.g.pipeline(drv._spv("local_size_id.spv"), [[(0, SB)]], spec=spec)
        n = 96
        buf, mem = dev.g.buffer(bytes(4 * n))
        ds = dev.g.descriptor_set(layout, [(0, SB, buf, 0, drv.WHOLE)])
        size = local or 1
        groups = n // size

        def record(cb):
            vk.vkCmdBindPipeline(cb, CS, pipe)
            vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
            vk.vkCmdDispatch(cb, groups, 1, 1)
        dev.g.submit(record)
        got = struct.unpack(f"<{n}I", dev.g.read(mem, 4 * n))
        assert list(got) == [size * 100000 + (i // size) * 1000 + i % size for i in range(n)], local


def test_push_constants_never_set_with_maintenance4(driver):  # noqa: F811
    """maintenance4 lets a dispatch read push constants no vkCmdPushConstants set
    (their values are undefined; spirjit's are zeros, so push.comp's `n` is 0 and every
    element gets -1)."""
    d = Dev(driver)
    try:
        g = d.g
        n = 32
        bin_, _ = g.buffer(imgs.f32([float(i) for i in range(n)]))
        bu, _ = g.buffer(imgs.f32([0.0, 0.0, 0.0, 10.0]))
        bout, mout = g.buffer(bytes(4 * n))
        pipe, playout, (l0, l1) = g.pipeline(drv._spv("push.spv"), [[(0, SB), (1, vkdevice.UB)], [(0, SB)]],
                                             push_size=8)
        s0 = g.descriptor_set(l0, [(0, SB, bin_, 0, drv.WHOLE), (1, vkdevice.UB, bu, 0, 16)])
        s1 = g.descriptor_set(l1, [(0, SB, bout, 0, drv.WHOLE)])

        def record(cb):
            vk.vkCmdBindPipeline(cb, CS, pipe)
            vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 2, [s0, s1], 0, None)
            vk.vkCmdDispatch(cb, n // 16, 1, 1)
        g.submit(record)
        got = imgs.unf32(g.read(mout, 4 * n))
    finally:
        d.close()
    if driver == "spirjit":
        assert got == [-1.0] * n


def _inline_layout(d):
    bindings = [vk.VkDescriptorSetLayoutBinding(binding=0, descriptorType=INLINE, descriptorCount=32,
                                                stageFlags=COMPUTE),
                vk.VkDescriptorSetLayoutBinding(binding=1, descriptorType=SB, descriptorCount=1, stageFlags=COMPUTE)]
    layout = d.keep(vk.vkDestroyDescriptorSetLayout, vk.vkCreateDescriptorSetLayout(
        d.device, vk.VkDescriptorSetLayoutCreateInfo(pBindings=bindings), None))
    playout = d.keep(vk.vkDestroyPipelineLayout, vk.vkCreatePipelineLayout(
        d.device, vk.VkPipelineLayoutCreateInfo(pSetLayouts=[layout]), None))
    module = d.module("inline_block.spv")
    stage = vk.VkPipelineShaderStageCreateInfo(stage=COMPUTE, module=module, pName="main")
    pipe = vk.vkCreateComputePipelines(d.device, vk.VK_NULL_HANDLE, 1,
                                       [vk.VkComputePipelineCreateInfo(stage=stage, layout=playout)], None)[0]
    vk.vkDestroyShaderModule(d.device, module, None)
    d.keep(vk.vkDestroyPipeline, pipe)
    return layout, playout, pipe


def _write_inline(d, ds, offset, data):
    block = vk.VkWriteDescriptorSetInlineUniformBlock(dataSize=len(data), pData=ffi.from_buffer(data))
    w = vk.VkWriteDescriptorSet(pNext=block, dstSet=ds, dstBinding=0, dstArrayElement=offset,
                                descriptorCount=len(data), descriptorType=INLINE)
    vk.vkUpdateDescriptorSets(d.device, 1, [w], 0, None)


def test_inline_uniform_blocks_written_copied_and_templated(driver):  # noqa: F811
    d = Dev(driver, features=["inlineUniformBlock"])
    try:
        layout, playout, pipe = _inline_layout(d)
        pool_inline = vk.VkDescriptorPoolInlineUniformBlockCreateInfo(maxInlineUniformBlockBindings=3)
        sizes = [vk.VkDescriptorPoolSize(type=INLINE, descriptorCount=3 * 32),
                 vk.VkDescriptorPoolSize(type=SB, descriptorCount=3)]
        pool = d.keep(vk.vkDestroyDescriptorPool, vk.vkCreateDescriptorPool(
            d.device, vk.VkDescriptorPoolCreateInfo(pNext=pool_inline, maxSets=3, pPoolSizes=sizes), None))
        sets = vk.vkAllocateDescriptorSets(
            d.device, vk.VkDescriptorSetAllocateInfo(descriptorPool=pool, pSetLayouts=[layout] * 3))
        n = 32
        data = [float(i) for i in range(n)]
        bufs = [d.buffer(imgs.f32(data)) for _ in range(3)]
        sets = [sets[i] for i in range(3)]
        for ds, (buf, _) in zip(sets[0:2], bufs):
            w = vk.VkWriteDescriptorSet(dstSet=ds, dstBinding=1, descriptorCount=1, descriptorType=SB,
                                        pBufferInfo=[vk.VkDescriptorBufferInfo(buffer=buf, offset=0, range=drv.WHOLE)])
            vk.vkUpdateDescriptorSets(d.device, 1, [w], 0, None)
        # Set 0: two writes, the scale at byte 0 and `add` at byte 16.
        _write_inline(d, sets[0], 0, imgs.f32([1, 2, 3, 4]))
        _write_inline(d, sets[0], 16, struct.pack("<I", 10))
        # Set 1: the block copied from set 0 (20 bytes), then `add` overwritten.
        copy = vk.VkCopyDescriptorSet(srcSet=sets[0], srcBinding=0, srcArrayElement=0, dstSet=sets[1], dstBinding=0,
                                      dstArrayElement=0, descriptorCount=20)
        vk.vkUpdateDescriptorSets(d.device, 0, None, 1, [copy])
        _write_inline(d, sets[1], 16, struct.pack("<I", 20))
        # Set 2: a template writing the block's 20 bytes at offset 0 of the data and the
        # storage buffer's info at offset 32.
        entries = [vk.VkDescriptorUpdateTemplateEntry(dstBinding=0, dstArrayElement=0, descriptorCount=20,
                                                      descriptorType=INLINE, offset=0, stride=0),
                   vk.VkDescriptorUpdateTemplateEntry(dstBinding=1, dstArrayElement=0, descriptorCount=1,
                                                      descriptorType=SB, offset=32, stride=24)]
        template = vk.vkCreateDescriptorUpdateTemplate(d.device, vk.VkDescriptorUpdateTemplateCreateInfo(
            pDescriptorUpdateEntries=entries, templateType=vk.VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
            descriptorSetLayout=layout), None)
        d.keep(vk.vkDestroyDescriptorUpdateTemplate, template)
        blob = imgs.f32([0.5, 0.5, -1, 2]) + struct.pack("<I", 1) + bytes(12) + \
            struct.pack("<QQQ", handle(bufs[2][0]), 0, drv.WHOLE)
        raw = ffi.new("char[]", blob)
        vk.vkUpdateDescriptorSetWithTemplate(d.device, sets[2], template, raw)

        def record(cb):
            vk.vkCmdBindPipeline(cb, CS, pipe)
            for ds in sets:
                vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
                vk.vkCmdDispatch(cb, n // 16, 1, 1)
        d.submit(record)
        results = [imgs.unf32(d.read(mem, 4 * n)) for _, mem in bufs]
    finally:
        d.close()
    for (scale, add), got in zip((([1, 2, 3, 4], 10), ([1, 2, 3, 4], 20), ([0.5, 0.5, -1, 2], 1)), results):
        assert got == [x * scale[i % 4] + add for i, x in enumerate(data)], (scale, add)


def _create_pipelines(d, cache, infos):
    """vkCreateComputePipelines through cffi (the package raises on the success code
    VK_PIPELINE_COMPILE_REQUIRED): (result, [handles], null ones None)."""
    out = ffi.new("VkPipeline[]", len(infos))
    arr = ffi.new("VkComputePipelineCreateInfo[]", len(infos))
    for i, info in enumerate(infos):
        arr[i] = info[0] if isinstance(info, ffi.CData) and ffi.typeof(info).kind == "pointer" else info
    result = vk.lib.vkCreateComputePipelines(d.device, cache, len(infos), arr, ffi.NULL, out)
    return result, [out[i] if handle(out[i]) else None for i in range(len(infos))]


def test_pipeline_creation_cache_control_and_feedback(driver):  # noqa: F811
    d = Dev(driver, features=["pipelineCreationCacheControl"])
    try:
        layout = d.keep(vk.vkDestroyDescriptorSetLayout, vk.vkCreateDescriptorSetLayout(
            d.device, vk.VkDescriptorSetLayoutCreateInfo(pBindings=[vk.VkDescriptorSetLayoutBinding(
                binding=0, descriptorType=SB, descriptorCount=1, stageFlags=COMPUTE)]), None))
        playout = d.keep(vk.vkDestroyPipelineLayout, vk.vkCreatePipelineLayout(
            d.device, vk.VkPipelineLayoutCreateInfo(pSetLayouts=[layout]), None))
        module = d.module("local_size_id.spv")
        # A work-group size no other test uses, so no earlier pipeline shares the code.
        spec_data = ffi.new("uint32_t*", 48)
        entry = vk.VkSpecializationMapEntry(constantID=0, offset=0, size=4)
        spec = vk.VkSpecializationInfo(mapEntryCount=1, pMapEntries=[entry], dataSize=4, pData=spec_data)
        stage = vk.VkPipelineShaderStageCreateInfo(stage=COMPUTE, module=module, pName="main", pSpecializationInfo=spec)
        cache = d.keep(vk.vkDestroyPipelineCache, vk.vkCreatePipelineCache(
            d.device, vk.VkPipelineCacheCreateInfo(flags=EXTERNALLY_SYNCHRONIZED),
            None))

        def info(flags, feedback=None):
            return vk.VkComputePipelineCreateInfo(pNext=feedback, flags=flags, stage=stage, layout=playout)

        # An empty cache: compiling is required, so no pipeline; with early return, the
        # second pipeline is not attempted either (both handles null).
        result, handles = _create_pipelines(d, cache, [info(FAIL_ON_COMPILE_REQUIRED)])
        assert (result, handles) == (COMPILE_REQUIRED, [None])
        flags = FAIL_ON_COMPILE_REQUIRED | EARLY_RETURN_ON_FAILURE
        result, handles = _create_pipelines(d, cache, [info(flags), info(flags)])
        assert (result, handles) == (COMPILE_REQUIRED, [None, None])
        # Created normally with the cache, with feedback.
        whole = ffi.new("VkPipelineCreationFeedback*")
        stages = ffi.new("VkPipelineCreationFeedback[1]")
        feedback = vk.VkPipelineCreationFeedbackCreateInfo(pPipelineCreationFeedback=whole,
                                                           pipelineStageCreationFeedbackCount=1,
                                                           pPipelineStageCreationFeedbacks=stages)
        result, (first,) = _create_pipelines(d, cache, [info(0, feedback)])
        assert result == vk.VK_SUCCESS and first
        d.keep(vk.vkDestroyPipeline, first)
        assert whole.flags & FEEDBACK_VALID
        if d.g.is_spirjit:
            assert not whole.flags & FEEDBACK_CACHE_HIT and whole.duration > 0
        # Now the cache holds the code: spirjit makes the pipeline from it, saying it was a
        # hit (lavapipe answers VK_PIPELINE_COMPILE_REQUIRED whenever the flag is given).
        result, (second,) = _create_pipelines(d, cache, [info(FAIL_ON_COMPILE_REQUIRED, feedback)])
        if d.g.is_spirjit:
            assert result == vk.VK_SUCCESS and second
            assert whole.flags & FEEDBACK_VALID and whole.flags & FEEDBACK_CACHE_HIT
            assert stages[0].flags & FEEDBACK_VALID and stages[0].flags & FEEDBACK_CACHE_HIT
        else:
            assert result in (vk.VK_SUCCESS, COMPILE_REQUIRED)
        if second:
            d.keep(vk.vkDestroyPipeline, second)
            buf, mem = d.buffer(4 * 96)
            ds = d.descriptor_set(layout, [(0, SB, (buf, 0, drv.WHOLE))])
            d.dispatch(second, playout, ds, (2, 1, 1))
            got = struct.unpack("<96I", d.read(mem, 4 * 96))
            assert list(got) == [48 * 100000 + (i // 48) * 1000 + i % 48 for i in range(96)]
        vk.vkDestroyShaderModule(d.device, module, None)
    finally:
        d.close()


def test_robust_image_access(driver):  # noqa: F811
    d = Dev(driver, features=["robustImageAccess"])
    try:
        img, _ = d.image(vk.VK_FORMAT_R32_UINT, (4, 4))
        d.upload(img, struct.pack("<16I", *[100 + i for i in range(16)]), (4, 4))
        buf, mem = d.buffer(4 * 8)
        pipe, playout, layout = d.pipeline("robust_image.spv", [(0, SI), (1, SB)])
        ds = d.descriptor_set(layout, [(0, SI, (d.view(img, vk.VK_FORMAT_R32_UINT), None)),
                                       (1, SB, (buf, 0, drv.WHOLE))])
        d.dispatch(pipe, playout, ds, (1, 1, 1))
        read = struct.unpack("<8I", d.read(mem, 32))
        texels = struct.unpack("<16I", d.download(img, 64, (4, 4)))
    finally:
        d.close()
    # Reads of (i - 2, 1): outside for i = 0, 1, 6, 7.
    assert list(read) == [104 + i - 2 if 0 <= i - 2 < 4 else 0 for i in range(8)]
    # Writes of (i - 2, 2) = i + 1: only the four inside landed; the rest is untouched.
    want = [100 + i for i in range(16)]
    for x in range(4):
        want[8 + x] = x + 3
    assert list(texels) == want


def test_a_module_declaring_demote_to_helper_invocation(driver):  # noqa: F811
    d = Dev(driver, features=["shaderDemoteToHelperInvocation"])
    try:
        pipe, playout, layout = d.pipeline("asm/demote_capability.spv", [(0, SB)])
        buf, mem = d.buffer(4 * 8)
        d.dispatch(pipe, playout, d.descriptor_set(layout, [(0, SB, (buf, 0, drv.WHOLE))]), (2, 1, 1))
        assert list(struct.unpack("<8I", d.read(mem, 32))) == [3 * i for i in range(8)]
    finally:
        d.close()


@pytest.mark.parametrize("fmt,order", [(vk.VK_FORMAT_A4R4G4B4_UNORM_PACK16, "argb"),
                                       (vk.VK_FORMAT_A4B4G4R4_UNORM_PACK16, "abgr")])
def test_4444_formats_are_sampled(driver, fmt, order):  # noqa: F811
    """The 16-bit formats Vulkan 1.3 requires to be sampled: texels read through a
    sampler (nearest) and fetched, as normalized (r, g, b, a)."""
    d = Dev(driver)
    try:
        props = d.format_properties(fmt)
        assert props.optimalTilingFeatures & vk.VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT
        assert props.optimalTilingFeatures & vk.VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT
        rgba = [(1, 2, 3, 15), (15, 0, 7, 8), (4, 9, 14, 0), (10, 11, 12, 13)]

        def pack(r, g, b, a):
            hi = (r, g, b) if order == "argb" else (b, g, r)
            return a << 12 | hi[0] << 8 | hi[1] << 4 | hi[2]
        img, _ = d.image(fmt, (4, 1), usage=vk.VK_IMAGE_USAGE_SAMPLED_BIT | vk.VK_IMAGE_USAGE_TRANSFER_DST_BIT)
        d.upload(img, struct.pack("<4H", *[pack(*t) for t in rgba]), (4, 1))
        view = d.view(img, fmt)
        smp = d.sampler(vk.VK_FILTER_NEAREST, vk.VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE)
        n = 16
        coords, _ = d.buffer(imgs.f32([c for i in range(n) for c in ((i % 4 + 0.5) / 4, 0.5)]))
        out, mem = d.buffer(16 * 3 * n)
        pipe, playout, layout = d.pipeline("img_sample.spv", [(0, imgs.SAMPLED), (1, imgs.SMP), (2, imgs.CIS),
                                                              (3, SB), (4, SB)])
        ds = d.descriptor_set(layout, [(0, imgs.SAMPLED, (view, None)), (1, imgs.SMP, (None, smp)),
                                       (2, imgs.CIS, (view, smp)), (3, SB, (coords, 0, drv.WHOLE)),
                                       (4, SB, (out, 0, drv.WHOLE))])
        d.dispatch(pipe, playout, ds, (1, 1, 1))
        got = imgs.unf32(d.read(mem, 16 * 3 * n))
    finally:
        d.close()
    for i in range(n):
        want = [c / 15 for c in rgba[i % 4]]
        for k in range(3):
            assert got[12 * i + 4 * k:12 * i + 4 * k + 4] == pytest.approx(want, abs=1e-6), (i, k)


def test_core_names_of_copy_commands2_and_synchronization2(driver):  # noqa: F811
    d = Dev(driver, features=["synchronization2"])
    try:
        src, _ = d.buffer(bytes(range(64)))
        dst, mem = d.buffer(64)

        def record(cb):
            region = vk.VkBufferCopy2(srcOffset=8, dstOffset=4, size=32)
            vk.vkCmdCopyBuffer2(cb, vk.VkCopyBufferInfo2(srcBuffer=src, dstBuffer=dst, pRegions=[region]))
            barrier = vk.VkMemoryBarrier2(srcStageMask=vk.VK_PIPELINE_STAGE_2_COPY_BIT,
                                          srcAccessMask=vk.VK_ACCESS_2_TRANSFER_WRITE_BIT,
                                          dstStageMask=vk.VK_PIPELINE_STAGE_2_HOST_BIT,
                                          dstAccessMask=vk.VK_ACCESS_2_HOST_READ_BIT)
            vk.vkCmdPipelineBarrier2(cb, vk.VkDependencyInfo(pMemoryBarriers=[barrier]))
        d.submit(record)
        assert d.read(mem, 64) == bytes(4) + bytes(range(8, 40)) + bytes(28)
    finally:
        d.close()


@pytest.mark.skipif(UNDER_LAYER, reason="records graphics-queue commands on a compute queue on purpose")
def test_graphics_queue_commands_fail_recording():
    """Vulkan 1.3 requires the dynamic rendering and extended dynamic state commands; the
    device has no graphics queue, so recording one fails the command buffer (spirjit only:
    lavapipe has a graphics queue)."""
    d = Dev("spirjit")
    try:
        for record in (lambda cb: vk.vkCmdSetCullMode(cb, vk.VK_CULL_MODE_BACK_BIT),
                       lambda cb: vk.vkCmdSetPrimitiveRestartEnable(cb, vk.VK_TRUE),
                       lambda cb: vk.vkCmdEndRendering(cb)):
            cb = d.g.command_buffer()
            vk.vkBeginCommandBuffer(cb, vk.VkCommandBufferBeginInfo())
            record(cb)
            with pytest.raises(vk.VkError):
                vk.vkEndCommandBuffer(cb)
            vk.vkFreeCommandBuffers(d.device, d.g.pool, 1, [cb])
    finally:
        d.close()


@pytest.mark.skipif(shutil.which("vulkaninfo") is None, reason="vulkaninfo (vulkan-tools) is not installed")
def test_vulkaninfo_lists_vulkan_1_3():
    env = dict(os.environ, VK_DRIVER_FILES=drv.MANIFEST, VK_ICD_FILENAMES=drv.MANIFEST)
    out = subprocess.run(["vulkaninfo", "--summary"], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr[-4000:]
    assert "spirjit" in out.stdout and "apiVersion" in out.stdout
    device = out.stdout[out.stdout.index("Devices:"):]
    assert "= 1.3." in device, device


def test_the_1_3_tests_are_clean_under_the_validation_layer():
    vkdevice.rerun_under_validation(__file__)

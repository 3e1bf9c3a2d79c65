"""Null descriptors and descriptor indexing of image-type descriptors (storage and sampled
images, samplers, combined image samplers, texel buffers) in the Vulkan driver, and the
filtering of procedure addresses by enabled extensions and versions, through the real
loader (helpers from test_vulkan_driver_images.py).

Null descriptors (`VK_EXT_robustness2` `nullDescriptor`) run on spirjit and on lavapipe,
which has them, and the results are compared. Lavapipe has neither partially bound
bindings nor descriptor indexing, so those scenarios check spirjit against values
computed here. Shaders: tests/kernels/vulkan/img_null.comp, img_partial.comp and
images/img_indexing.comp. The file reruns itself under the Khronos validation layer,
which must report no error."""

import struct

import pytest

import test_vulkan_driver as drv
import vkdevice
import test_vulkan_driver_images as imgs

vk = drv.vk
ffi = drv.ffi
WHOLE = drv.WHOLE
SB, SI, SAMPLED, SMP, CIS, UTB, STB = imgs.SB, imgs.SI, imgs.SAMPLED, imgs.SMP, imgs.CIS, imgs.UTB, imgs.STB
GENERAL = imgs.GENERAL
R32F = vk.VK_FORMAT_R32_SFLOAT
NEAREST = vk.VK_FILTER_NEAREST
CLAMP = vk.VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE
# Constants and structure types by number (some are missing from the `vulkan` package).
PARTIALLY_BOUND = 0x4  # VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT
UPDATE_AFTER_BIND = 0x1  # VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT
UPDATE_AFTER_BIND_POOL = 0x2  # ..._SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT / _POOL_CREATE_UPDATE_AFTER_BIND_BIT
POOL_UPDATE_AFTER_BIND = 0x2
ST_FEATURES_2 = 1000059000
ST_V12_FEATURES = 51
ST_ROBUSTNESS2_FEATURES = 1000286000
ST_LAYOUT_BINDING_FLAGS = 1000161000


class Dev(imgs.Dev):
    """`test_vulkan_driver_images.Dev` on a Vulkan 1.2 instance (for the 1.2 feature
    structure), with a descriptor pool that allows update-after-bind sets."""

    def __init__(self, manifest=None, extensions=(), next=None):
        self.g = drv.Gpu("lavapipe" if manifest else "spirjit", queues=1, extensions=extensions, next=next,
                         api=(1, 2))
        self.device = self.g.device
        self.name = vk.vkGetPhysicalDeviceProperties(self.g.physical).deviceName
        self.memory_types = vk.vkGetPhysicalDeviceMemoryProperties(self.g.physical)
        sizes = [vk.VkDescriptorPoolSize(type=t, descriptorCount=32) for t in (SB, SI, SAMPLED, SMP, CIS, UTB, STB)]
        uab = POOL_UPDATE_AFTER_BIND if manifest is None else 0
        self.pool = vk.vkCreateDescriptorPool(
            self.device, vk.VkDescriptorPoolCreateInfo(flags=uab, maxSets=16, pPoolSizes=sizes), None)
        self.objects = []

    def layout_pipeline(self, name, bindings, layout_flags=0, push=0):
        """A pipeline of shader `name` with one set of `bindings` [(binding, type, count,
        binding flags)]: (pipeline, pipeline layout, set layout)."""
        lb = [vk.VkDescriptorSetLayoutBinding(binding=b, descriptorType=t, descriptorCount=n,
                                              stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT)
              for b, t, n, _ in bindings]
        flags = ffi.new("VkDescriptorSetLayoutBindingFlagsCreateInfo*")
        flags.sType = ST_LAYOUT_BINDING_FLAGS
        arr = ffi.new("VkDescriptorBindingFlags[]", [f for _, _, _, f in bindings])
        flags.bindingCount = len(bindings)
        flags.pBindingFlags = arr
        self._keep = getattr(self, "_keep", []) + [flags, arr]
        layout = vk.vkCreateDescriptorSetLayout(
            self.device, vk.VkDescriptorSetLayoutCreateInfo(pNext=flags, flags=layout_flags, pBindings=lb), None)
        self.keep(vk.vkDestroyDescriptorSetLayout, layout)
        ranges = [vk.VkPushConstantRange(stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT, offset=0, size=push)]
        playout = vk.vkCreatePipelineLayout(
            self.device, vk.VkPipelineLayoutCreateInfo(pSetLayouts=[layout], pPushConstantRanges=ranges if push
                                                       else None), None)
        self.keep(vk.vkDestroyPipelineLayout, playout)
        spv = drv._spv(name)
        module = vk.vkCreateShaderModule(self.device, vk.VkShaderModuleCreateInfo(codeSize=len(spv), pCode=spv), None)
        stage = vk.VkPipelineShaderStageCreateInfo(stage=vk.VK_SHADER_STAGE_COMPUTE_BIT, module=module, pName="main")
        pipe = vk.vkCreateComputePipelines(self.device, vk.VK_NULL_HANDLE, 1,
                                           [vk.VkComputePipelineCreateInfo(stage=stage, layout=playout)], None)[0]
        vk.vkDestroyShaderModule(self.device, module, None)
        self.keep(vk.vkDestroyPipeline, pipe)
        return pipe, playout, layout

    def allocate(self, layout):
        return vk.vkAllocateDescriptorSets(
            self.device, vk.VkDescriptorSetAllocateInfo(descriptorPool=self.pool, pSetLayouts=[layout]))[0]

    def write_set(self, ds, binding, t, items, element=0):
        """Write `items` into `binding` of `ds` from array element `element`: (buffer,
        offset, range) for buffers, a buffer view (or None) for texel buffers, (view,
        sampler) for the image types (either may be None)."""
        kw = {}
        if t == SB:
            kw["pBufferInfo"] = [vk.VkDescriptorBufferInfo(buffer=b, offset=o, range=r) for b, o, r in items]
        elif t in (UTB, STB):
            kw["pTexelBufferView"] = [v or vk.VK_NULL_HANDLE for v in items]
        else:
            kw["pImageInfo"] = [vk.VkDescriptorImageInfo(sampler=s or vk.VK_NULL_HANDLE,
                                                         imageView=v or vk.VK_NULL_HANDLE, imageLayout=GENERAL)
                                for v, s in items]
        w = vk.VkWriteDescriptorSet(dstSet=ds, dstBinding=binding, dstArrayElement=element,
                                    descriptorCount=len(items), descriptorType=t, **kw)
        vk.vkUpdateDescriptorSets(self.device, 1, [w], 0, None)

    def r32f_image(self, values):
        """A 1-row R32_SFLOAT image of `values` and its view."""
        img, _ = self.image(R32F, (len(values), 1))
        self.upload(img, imgs.f32(values), (len(values), 1))
        return self.view(img, R32F)


def _robustness2(null):
    r2 = ffi.new("VkPhysicalDeviceRobustness2FeaturesEXT*")
    r2.sType = ST_ROBUSTNESS2_FEATURES
    r2.nullDescriptor = null
    return r2


def _vulkan12(**features):
    v12 = ffi.new("VkPhysicalDeviceVulkan12Features*")
    v12.sType = ST_V12_FEATURES
    for name, value in features.items():
        setattr(v12, name, value)
    return v12


def _on_both(scenario, extensions=(), next=None):
    """`scenario(dev)` on spirjit, then on lavapipe when it is installed and has what
    the scenario needs: (spirjit's result, lavapipe's or None)."""
    d = Dev(extensions=extensions, next=next)
    try:
        mine = scenario(d)
    finally:
        d.close()
    if not imgs.LAVAPIPE:
        return mine, None
    try:
        d = Dev(imgs.LAVAPIPE[0], extensions, next)
    except (vk.VkErrorExtensionNotPresent, vk.VkErrorFeatureNotPresent):
        return mine, None
    try:
        assert "llvmpipe" in d.name, d.name
        ref = scenario(d)
    finally:
        d.close()
    return mine, ref


def test_null_image_descriptors_read_zero_drop_writes_and_report_size_zero():
    def scenario(d):
        out, omem = d.buffer(256)
        smp = d.sampler(NEAREST, CLAMP)
        pipe, playout, layout = d.layout_pipeline("img_null.spv", [
            (0, SI, 1, 0), (1, SI, 1, 0), (2, CIS, 1, 0), (3, SAMPLED, 1, 0), (4, SMP, 1, 0), (5, UTB, 1, 0),
            (6, STB, 1, 0), (7, SB, 1, 0)])
        ds = d.allocate(layout)
        d.write_set(ds, 0, SI, [(None, None)])
        d.write_set(ds, 1, SI, [(None, None)])
        d.write_set(ds, 2, CIS, [(None, smp)])
        d.write_set(ds, 3, SAMPLED, [(None, None)])
        d.write_set(ds, 4, SMP, [(None, smp)])
        d.write_set(ds, 5, UTB, [None])
        d.write_set(ds, 6, STB, [None])
        d.write_set(ds, 7, SB, [(out, 0, WHOLE)])
        d.write(omem, bytes([0xAB]) * 256)
        d.dispatch(pipe, playout, ds, (1, 1, 1))
        raw = d.read(omem, 24 * 4 + 32 + 20)
        return (imgs.unf32(raw[:96]), struct.unpack("<8i", raw[96:128]), struct.unpack("<5I", raw[128:148]))

    mine, ref = _on_both(scenario, ["VK_EXT_robustness2"], _robustness2(1))
    v, sizes, atoms = mine
    assert v == [0.0] * 24
    assert sizes == (0,) * 8
    # The atomics are dropped (the texel reads 0 after them) and each returns 0.
    assert atoms == (0,) * 5
    if ref is not None:
        assert ref == mine


def test_partially_bound_image_arrays_with_unwritten_elements_the_shader_does_not_use():
    d = Dev(next=_vulkan12(descriptorBindingPartiallyBound=1))
    try:
        smp = d.sampler(NEAREST, CLAMP)
        out, omem = d.buffer(16)
        pipe, playout, layout = d.layout_pipeline("img_partial.spv", [
            (0, SI, 4, PARTIALLY_BOUND), (1, CIS, 3, PARTIALLY_BOUND), (2, UTB, 3, PARTIALLY_BOUND),
            (3, SAMPLED, 3, PARTIALLY_BOUND), (4, SMP, 3, PARTIALLY_BOUND), (5, SB, 1, 0)])
        ds = d.allocate(layout)
        vals = {k: [float(k + 1 + 0.25 * x) for x in range(4)] for k in range(12)}
        views = {k: d.r32f_image(vals[k]) for k in range(8)}
        tb = {k: d.buffer_view(d.buffer(imgs.f32(vals[k]))[0], R32F) for k in (8, 9)}
        for e, k in ((0, 0), (2, 1)):
            d.write_set(ds, 0, SI, [(views[k], None)], e)
        for e, k in ((0, 2), (2, 3)):
            d.write_set(ds, 1, CIS, [(views[k], smp)], e)
        for e, k in ((0, 8), (2, 9)):
            d.write_set(ds, 2, UTB, [tb[k]], e)
        for e, k in ((0, 4), (2, 5)):
            d.write_set(ds, 3, SAMPLED, [(views[k], None)], e)
        d.write_set(ds, 4, SMP, [(None, smp)], 0)
        d.write_set(ds, 4, SMP, [(None, smp)], 2)
        d.write_set(ds, 5, SB, [(out, 0, WHOLE)])
        d.dispatch(pipe, playout, ds, (1, 1, 1))
        got = imgs.unf32(d.read(omem, 16))
        want = [vals[0][x] + 2 * vals[1][x] + 10 * (vals[2][x] + 2 * vals[3][x])
                + 100 * (vals[8][x] + 2 * vals[9][x]) + 1000 * (vals[4][x] + 2 * vals[5][x]) for x in range(4)]
        assert got == pytest.approx(want, rel=1e-6)
    finally:
        d.close()


INDEXING_FEATURES = dict(
    descriptorIndexing=1, runtimeDescriptorArray=1, descriptorBindingPartiallyBound=1,
    shaderUniformTexelBufferArrayDynamicIndexing=1, shaderStorageTexelBufferArrayDynamicIndexing=1,
    shaderSampledImageArrayNonUniformIndexing=1, shaderStorageImageArrayNonUniformIndexing=1,
    shaderUniformTexelBufferArrayNonUniformIndexing=1, shaderStorageTexelBufferArrayNonUniformIndexing=1,
    descriptorBindingSampledImageUpdateAfterBind=1, descriptorBindingStorageImageUpdateAfterBind=1,
    descriptorBindingUniformTexelBufferUpdateAfterBind=1, descriptorBindingStorageTexelBufferUpdateAfterBind=1)


def test_the_device_reports_descriptor_indexing_for_every_descriptor_type():
    d = Dev()
    try:
        v12 = _vulkan12()
        f2 = ffi.new("VkPhysicalDeviceFeatures2*")
        f2.sType = ST_FEATURES_2
        f2.pNext = ffi.cast("void*", v12)
        vk.vkGetPhysicalDeviceFeatures2(d.g.physical, f2)
        for name in list(INDEXING_FEATURES) + ["descriptorBindingVariableDescriptorCount",
                                               "descriptorBindingUpdateUnusedWhilePending"]:
            assert getattr(v12, name), name
        assert f2.features.shaderSampledImageArrayDynamicIndexing
        assert f2.features.shaderStorageImageArrayDynamicIndexing
        exts = {vkdevice.text(e.extensionName) for e in vk.vkEnumerateDeviceExtensionProperties(d.g.physical, None)}
        assert "VK_EXT_descriptor_indexing" in exts
    finally:
        d.close()


def test_image_sampler_and_texel_buffer_arrays_with_non_uniform_indices_updated_after_bind():
    d = Dev(next=_vulkan12(**INDEXING_FEATURES))
    try:
        smp = d.sampler(NEAREST, CLAMP)
        n_rt = 3
        flags = PARTIALLY_BOUND | UPDATE_AFTER_BIND
        pipe, playout, layout = d.layout_pipeline("images/img_indexing.spv", [
            (0, SI, 3, flags), (1, CIS, 2, flags), (2, UTB, 3, flags), (3, STB, 2, flags), (4, SI, 2, flags),
            (5, SMP, 1, flags), (6, SAMPLED, 4, flags)], layout_flags=UPDATE_AFTER_BIND_POOL, push=8)
        ds = d.allocate(layout)
        img_vals = [[float(10 * a + x) / 16.0 for x in range(4)] for a in range(3)]
        tex_vals = [[float(20 + 4 * b + x) / 64.0 for x in range(4)] for b in range(2)]
        tb_vals = [[float(3 * c + x) / 32.0 for x in range(4)] for c in range(3)]
        rt_vals = [[float(7 * r + x) / 128.0 for x in range(4)] for r in range(n_rt)]
        outs = [d.buffer(64) for _ in range(2)]
        sums = []
        for _ in range(2):
            img, _ = d.image(vk.VK_FORMAT_R32_UINT, (4, 1))
            d.upload(img, bytes(16), (4, 1))
            sums.append((img, d.view(img, vk.VK_FORMAT_R32_UINT)))
        k = 1

        def record(cb):
            vk.vkCmdBindPipeline(cb, imgs.CS, pipe)
            vk.vkCmdBindDescriptorSets(cb, imgs.CS, playout, 0, 1, [ds], 0, None)
            vk.vkCmdPushConstants(cb, playout, vk.VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, ffi.new("int[]", [k, n_rt]))
            vk.vkCmdDispatch(cb, 1, 1, 1)
            # Every descriptor is written after the set was bound (update after bind);
            # outs[0] and rt[3] stay unwritten (partially bound, not used).
            d.write_set(ds, 0, SI, [(d.r32f_image(v), None) for v in img_vals])
            d.write_set(ds, 1, CIS, [(d.r32f_image(v), smp) for v in tex_vals])
            d.write_set(ds, 2, UTB, [d.buffer_view(d.buffer(imgs.f32(v))[0], R32F) for v in tb_vals])
            d.write_set(ds, 3, STB, [d.buffer_view(outs[k][0], R32F)], k)
            d.write_set(ds, 4, SI, [(view, None) for _, view in sums])
            d.write_set(ds, 5, SMP, [(None, smp)])
            d.write_set(ds, 6, SAMPLED, [(d.r32f_image(v), None) for v in rt_vals])

        d.submit(record)
        got = imgs.unf32(d.read(outs[k][1], 64))
        want, want_sums = [], [[0] * 4, [0] * 4]
        for i in range(16):
            x = i % 4
            v = (img_vals[i % 3][x] + 10 * tex_vals[i % 2][x] + 100 * tb_vals[(i + 1) % 3][x]
                 + 1000 * rt_vals[i % n_rt][x])
            want.append(v)
            want_sums[i % 2][x] += int(struct.unpack("<f", struct.pack("<f", v))[0])
        assert got == pytest.approx(want, rel=1e-6)
        for (img, _), w in zip(sums, want_sums):
            assert list(struct.unpack("<4I", d.download(img, 16, (4, 1)))) == w
    finally:
        d.close()


def _loader_proc(handle, getter, name):
    """The loader's `getter` (vkGetDeviceProcAddr or vkGetInstanceProcAddr) for `name`,
    as an address (0 for NULL): called through cffi, as the `vulkan` package's wrappers
    raise on NULL."""
    lib = ffi.dlopen("libvulkan.so.1")
    kind = "VkDevice" if getter == "vkGetDeviceProcAddr" else "VkInstance"
    fn = ffi.cast(f"PFN_vkVoidFunction (*)({kind}, const char*)", getattr(lib, getter))
    return int(ffi.cast("uintptr_t", fn(handle, name.encode())))


def test_proc_addresses_follow_enabled_extensions_and_versions():
    """vkGetDeviceProcAddr returns NULL for commands of device extensions not enabled and
    of core versions above the instance's apiVersion; vkGetInstanceProcAddr likewise for
    instance extensions."""
    plain = drv.Gpu("spirjit", api=(1, 0))
    try:
        dev = lambda n: _loader_proc(plain.device, "vkGetDeviceProcAddr", n)  # noqa: E731
        inst = lambda n: _loader_proc(plain.instance, "vkGetInstanceProcAddr", n)  # noqa: E731
        assert dev("vkCmdDispatch") and dev("vkQueueSubmit")
        assert dev("vkCmdPushDescriptorSetKHR") == 0
        assert dev("vkTrimCommandPool") == 0 and dev("vkTrimCommandPoolKHR") == 0  # 1.1 / VK_KHR_maintenance1
        assert dev("vkWaitSemaphores") == 0 and dev("vkQueueSubmit2KHR") == 0
        assert inst("vkCreateDebugUtilsMessengerEXT") == 0
    finally:
        plain.close()
    dbg = ["VK_EXT_debug_utils"]
    full = drv.Gpu("spirjit", api=(1, 1), extensions=["VK_KHR_push_descriptor", "VK_KHR_maintenance1"],
                   instance_extensions=dbg)
    try:
        dev = lambda n: _loader_proc(full.device, "vkGetDeviceProcAddr", n)  # noqa: E731
        inst = lambda n: _loader_proc(full.instance, "vkGetInstanceProcAddr", n)  # noqa: E731
        assert dev("vkCmdPushDescriptorSetKHR") and dev("vkTrimCommandPool") and dev("vkTrimCommandPoolKHR")
        assert dev("vkWaitSemaphores") == 0 and dev("vkWaitSemaphoresKHR") == 0  # 1.2 / not enabled
        assert dev("vkQueueSubmit2") == 0  # core 1.3, above the instance's 1.1
        assert inst("vkCreateDebugUtilsMessengerEXT") and inst("vkDestroyDebugUtilsMessengerEXT")
        assert dev("vkSetDebugUtilsObjectNameEXT")
    finally:
        full.close()


def test_the_descriptor_tests_are_clean_under_the_validation_layer():
    vkdevice.rerun_under_validation(__file__)

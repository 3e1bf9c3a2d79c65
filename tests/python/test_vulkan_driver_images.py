"""Images, image views, buffer views and samplers in the Vulkan driver, through the real
loader (helpers from test_vulkan_driver.py).

Every scenario runs on spirjit's driver and, when Mesa's lavapipe is installed, on
lavapipe too; the results are checked against values computed here and against
lavapipe's (tolerances only where linear filtering may round differently). Shaders are
GLSL in tests/kernels/vulkan/img_*.comp. The file reruns itself under the Khronos
validation layer, which must report no error."""

import glob
import math
import os
import struct

import pytest

import vkdevice

import test_vulkan_driver as drv

vk = drv.vk
ffi = drv.ffi

LAVAPIPE = sorted(glob.glob("/usr/share/vulkan/icd.d/lvp_icd*.json"))
CS = vk.VK_PIPELINE_BIND_POINT_COMPUTE
WHOLE = drv.WHOLE
GENERAL = vk.VK_IMAGE_LAYOUT_GENERAL
COLOR = vk.VK_IMAGE_ASPECT_COLOR_BIT

SB = vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
SI = vk.VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
SAMPLED = vk.VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE
SMP = vk.VK_DESCRIPTOR_TYPE_SAMPLER
CIS = vk.VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
UTB = vk.VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
STB = vk.VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER

BUFFER_USAGE = (vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | vk.VK_BUFFER_USAGE_TRANSFER_SRC_BIT
                | vk.VK_BUFFER_USAGE_TRANSFER_DST_BIT | vk.VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT
                | vk.VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT)
IMAGE_USAGE = (vk.VK_IMAGE_USAGE_STORAGE_BIT | vk.VK_IMAGE_USAGE_SAMPLED_BIT
               | vk.VK_IMAGE_USAGE_TRANSFER_SRC_BIT | vk.VK_IMAGE_USAGE_TRANSFER_DST_BIT)
HOST_MEMORY = vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | vk.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT


def _layers(base=0, count=1):
    return vk.VkImageSubresourceLayers(aspectMask=COLOR, mipLevel=0, baseArrayLayer=base, layerCount=count)


def _range(base=0, count=1):
    return vk.VkImageSubresourceRange(aspectMask=COLOR, baseMipLevel=0, levelCount=1, baseArrayLayer=base,
                                      layerCount=count)


class Dev:
    """A device (spirjit's, or the first of the driver `manifest` names) and the objects
    a scenario makes, destroyed at `close`."""

    def __init__(self, manifest=None, extensions=(), features=None, next=None):
        self.g = drv.Gpu("lavapipe" if manifest else "spirjit", queues=1, extensions=extensions, features=features,
                         next=next)
        self.device = self.g.device
        self.name = vk.vkGetPhysicalDeviceProperties(self.g.physical).deviceName
        self.memory_types = vk.vkGetPhysicalDeviceMemoryProperties(self.g.physical)
        sizes = [vk.VkDescriptorPoolSize(type=t, descriptorCount=32) for t in (SB, SI, SAMPLED, SMP, CIS, UTB, STB)]
        self.pool = vk.vkCreateDescriptorPool(self.device, vk.VkDescriptorPoolCreateInfo(maxSets=16, pPoolSizes=sizes),
                                              None)
        self.objects = []

    def close(self):
        vk.vkDeviceWaitIdle(self.device)
        for destroy, handle in reversed(self.objects):
            destroy(self.device, handle, None)
        vk.vkDestroyDescriptorPool(self.device, self.pool, None)
        self.g.close()

    def keep(self, destroy, handle):
        self.objects.append((destroy, handle))
        return handle

    def format_properties(self, fmt):
        return vk.vkGetPhysicalDeviceFormatProperties(self.g.physical, fmt)

    def memory(self, req):
        for i in range(self.memory_types.memoryTypeCount):
            flags = self.memory_types.memoryTypes[i].propertyFlags
            if req.memoryTypeBits & (1 << i) and flags & HOST_MEMORY == HOST_MEMORY:
                info = vk.VkMemoryAllocateInfo(allocationSize=req.size, memoryTypeIndex=i)
                return self.keep(vk.vkFreeMemory, vk.vkAllocateMemory(self.device, info, None))
        raise AssertionError("no host-visible memory type")

    def buffer(self, data):
        """A buffer holding `data` (bytes, or a size for zeros): (buffer, memory)."""
        data = bytes(data) if isinstance(data, int) else data
        buf = vk.vkCreateBuffer(self.device, vk.VkBufferCreateInfo(size=len(data), usage=BUFFER_USAGE), None)
        mem = self.memory(vk.vkGetBufferMemoryRequirements(self.device, buf))
        self.keep(vk.vkDestroyBuffer, buf)
        vk.vkBindBufferMemory(self.device, buf, mem, 0)
        self.write(mem, data)
        return buf, mem

    def write(self, mem, data, offset=0):
        ptr = vk.vkMapMemory(self.device, mem, offset, len(data), 0)
        ffi.memmove(ptr, data, len(data))
        vk.vkUnmapMemory(self.device, mem)

    def read(self, mem, size, offset=0):
        ptr = vk.vkMapMemory(self.device, mem, offset, size, 0)
        data = bytes(ptr[0:size])
        vk.vkUnmapMemory(self.device, mem)
        return data

    def image(self, fmt, extent, layers=1, ty=vk.VK_IMAGE_TYPE_2D, tiling=vk.VK_IMAGE_TILING_OPTIMAL,
              usage=IMAGE_USAGE, flags=0, preinitialized=False):
        """An image with its own memory, moved to the GENERAL layout: (image, memory)."""
        w, h, d = (list(extent) + [1, 1])[:3]
        initial = vk.VK_IMAGE_LAYOUT_PREINITIALIZED if preinitialized else vk.VK_IMAGE_LAYOUT_UNDEFINED
        info = vk.VkImageCreateInfo(
            flags=flags, imageType=ty, format=fmt, extent=vk.VkExtent3D(width=w, height=h, depth=d), mipLevels=1,
            arrayLayers=layers, samples=vk.VK_SAMPLE_COUNT_1_BIT, tiling=tiling, usage=usage,
            sharingMode=vk.VK_SHARING_MODE_EXCLUSIVE, initialLayout=initial)
        img = vk.vkCreateImage(self.device, info, None)
        mem = self.memory(vk.vkGetImageMemoryRequirements(self.device, img))
        self.keep(vk.vkDestroyImage, img)
        vk.vkBindImageMemory(self.device, img, mem, 0)
        self.submit(lambda cb: self.barrier(cb, img, initial, layers))
        return img, mem

    def barrier(self, cb, img, old=GENERAL, layers=1):
        b = vk.VkImageMemoryBarrier(
            srcAccessMask=vk.VK_ACCESS_HOST_WRITE_BIT | vk.VK_ACCESS_SHADER_WRITE_BIT
            | vk.VK_ACCESS_TRANSFER_WRITE_BIT,
            dstAccessMask=vk.VK_ACCESS_SHADER_READ_BIT | vk.VK_ACCESS_SHADER_WRITE_BIT
            | vk.VK_ACCESS_TRANSFER_READ_BIT | vk.VK_ACCESS_TRANSFER_WRITE_BIT | vk.VK_ACCESS_HOST_READ_BIT,
            oldLayout=old, newLayout=GENERAL, srcQueueFamilyIndex=vk.VK_QUEUE_FAMILY_IGNORED,
            dstQueueFamilyIndex=vk.VK_QUEUE_FAMILY_IGNORED, image=img, subresourceRange=_range(0, layers))
        all_cmds = vk.VK_PIPELINE_STAGE_ALL_COMMANDS_BIT | vk.VK_PIPELINE_STAGE_HOST_BIT
        vk.vkCmdPipelineBarrier(cb, all_cmds, all_cmds, 0, 0, None, 0, None, 1, [b])

    def view(self, img, fmt, view_type=vk.VK_IMAGE_VIEW_TYPE_2D, base=0, layers=1):
        info = vk.VkImageViewCreateInfo(image=img, viewType=view_type, format=fmt,
                                        components=vk.VkComponentMapping(), subresourceRange=_range(base, layers))
        return self.keep(vk.vkDestroyImageView, vk.vkCreateImageView(self.device, info, None))

    def buffer_view(self, buf, fmt, offset=0, size=WHOLE):
        info = vk.VkBufferViewCreateInfo(buffer=buf, format=fmt, offset=offset, range=size)
        return self.keep(vk.vkDestroyBufferView, vk.vkCreateBufferView(self.device, info, None))

    def sampler(self, filt, mode, unnormalized=False, border=vk.VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE):
        info = vk.VkSamplerCreateInfo(
            magFilter=filt, minFilter=filt, mipmapMode=vk.VK_SAMPLER_MIPMAP_MODE_NEAREST, addressModeU=mode,
            addressModeV=mode, addressModeW=mode, mipLodBias=0.0, anisotropyEnable=vk.VK_FALSE, maxAnisotropy=1.0,
            compareEnable=vk.VK_FALSE, compareOp=vk.VK_COMPARE_OP_NEVER, minLod=0.0, maxLod=0.0, borderColor=border,
            unnormalizedCoordinates=vk.VK_TRUE if unnormalized else vk.VK_FALSE)
        return self.keep(vk.vkDestroySampler, vk.vkCreateSampler(self.device, info, None))

    def pipeline(self, name, bindings, immutable=None, flags=0):
        """A pipeline of shader `name` with one set of `bindings` [(binding, type)];
        `immutable` gives immutable samplers by binding, `flags` the set layout's flags.
        Returns (pipeline, layout, set layout)."""
        immutable = immutable or {}
        lb = [vk.VkDescriptorSetLayoutBinding(binding=b, descriptorType=t, descriptorCount=1,
                                              stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT,
                                              pImmutableSamplers=[immutable[b]] if b in immutable else None)
              for b, t in bindings]
        layout = vk.vkCreateDescriptorSetLayout(
            self.device, vk.VkDescriptorSetLayoutCreateInfo(flags=flags, pBindings=lb), None)
        self.keep(vk.vkDestroyDescriptorSetLayout, layout)
        playout = vk.vkCreatePipelineLayout(self.device, vk.VkPipelineLayoutCreateInfo(pSetLayouts=[layout]), None)
        self.keep(vk.vkDestroyPipelineLayout, playout)
        spv = drv._spv(name)
        module = vk.vkCreateShaderModule(self.device, vk.VkShaderModuleCreateInfo(codeSize=len(spv), pCode=spv), None)
        stage = vk.VkPipelineShaderStageCreateInfo(stage=vk.VK_SHADER_STAGE_COMPUTE_BIT, module=module, pName="main")
        pipe = vk.vkCreateComputePipelines(self.device, vk.VK_NULL_HANDLE, 1,
                                           [vk.VkComputePipelineCreateInfo(stage=stage, layout=playout)], None)[0]
        vk.vkDestroyShaderModule(self.device, module, None)
        self.keep(vk.vkDestroyPipeline, pipe)
        return pipe, playout, layout

    def descriptor_set(self, layout, writes):
        """A set with `writes` [(binding, type, what)]: what is (buffer, offset, range) for
        buffers, a buffer view for texel buffers, (view, sampler) for images and samplers
        (either may be None)."""
        ds = vk.vkAllocateDescriptorSets(
            self.device, vk.VkDescriptorSetAllocateInfo(descriptorPool=self.pool, pSetLayouts=[layout]))[0]
        w = []
        for b, t, what in writes:
            kw = {}
            if t == SB:
                kw["pBufferInfo"] = [vk.VkDescriptorBufferInfo(buffer=what[0], offset=what[1], range=what[2])]
            elif t in (UTB, STB):
                kw["pTexelBufferView"] = [what]
            else:
                view, smp = what
                kw["pImageInfo"] = [vk.VkDescriptorImageInfo(sampler=smp or vk.VK_NULL_HANDLE,
                                                             imageView=view or vk.VK_NULL_HANDLE, imageLayout=GENERAL)]
            w.append(vk.VkWriteDescriptorSet(dstSet=ds, dstBinding=b, descriptorCount=1, descriptorType=t, **kw))
        vk.vkUpdateDescriptorSets(self.device, len(w), w, 0, None)
        return ds

    def submit(self, record):
        self.g.submit(record)

    def dispatch(self, pipe, playout, ds, groups):
        def record(cb):
            vk.vkCmdBindPipeline(cb, CS, pipe)
            vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, 1, [ds], 0, None)
            vk.vkCmdDispatch(cb, *groups)
        self.submit(record)

    def upload(self, img, data, extent, layers=1):
        """Copy `data` (tightly packed texels) into `img` through a staging buffer."""
        buf, _ = self.buffer(data)
        w, h, d = (list(extent) + [1, 1])[:3]
        region = vk.VkBufferImageCopy(bufferOffset=0, bufferRowLength=0, bufferImageHeight=0,
                                      imageSubresource=_layers(0, layers), imageOffset=vk.VkOffset3D(x=0, y=0, z=0),
                                      imageExtent=vk.VkExtent3D(width=w, height=h, depth=d))
        self.submit(lambda cb: vk.vkCmdCopyBufferToImage(cb, buf, img, GENERAL, 1, [region]))

    def download(self, img, size, extent, layers=1):
        """The texels of `img` (tightly packed), copied out through a buffer."""
        buf, mem = self.buffer(size)
        w, h, d = (list(extent) + [1, 1])[:3]
        region = vk.VkBufferImageCopy(bufferOffset=0, bufferRowLength=0, bufferImageHeight=0,
                                      imageSubresource=_layers(0, layers), imageOffset=vk.VkOffset3D(x=0, y=0, z=0),
                                      imageExtent=vk.VkExtent3D(width=w, height=h, depth=d))
        self.submit(lambda cb: vk.vkCmdCopyImageToBuffer(cb, img, GENERAL, buf, 1, [region]))
        return self.read(mem, size)


def on_both(scenario, extensions=(), features=None, next=None):
    """`scenario(dev)` on spirjit, then on lavapipe when it is installed and has what
    the scenario needs (devices with `extensions`, `features` and the `next` chain
    enabled): (spirjit's result, lavapipe's or None)."""
    d = Dev(extensions=extensions, features=features, next=next)
    try:
        mine = scenario(d)
    finally:
        d.close()
    if not LAVAPIPE:
        return mine, None
    try:
        d = Dev(LAVAPIPE[0], extensions, features, next)
    except (vk.VkErrorExtensionNotPresent, vk.VkErrorFeatureNotPresent):
        return mine, None  # lavapipe lacks what the scenario needs
    try:
        assert "llvmpipe" in d.name, d.name
        ref = scenario(d)
    finally:
        d.close()
    return mine, ref


def f32(values):
    return struct.pack(f"<{len(values)}f", *values)


def unf32(data):
    return list(struct.unpack(f"<{len(data) // 4}f", data))


def test_format_properties_are_truthful():
    d = Dev()
    try:
        p = d.format_properties(vk.VK_FORMAT_R8G8B8A8_UNORM)
        want = (vk.VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT | vk.VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT
                | vk.VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT | 0x4000
                | 0x8000)  # TRANSFER_SRC, TRANSFER_DST (Vulkan 1.1)
        assert p.optimalTilingFeatures & want == want and p.linearTilingFeatures & want == want
        assert not p.optimalTilingFeatures & vk.VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT
        assert p.bufferFeatures & vk.VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT
        r32 = d.format_properties(vk.VK_FORMAT_R32_UINT)
        assert r32.optimalTilingFeatures & vk.VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT
        assert r32.bufferFeatures & vk.VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT
        assert not r32.optimalTilingFeatures & vk.VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT
        r64 = d.format_properties(vk.VK_FORMAT_R64_UINT)
        assert r64.optimalTilingFeatures & vk.VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT
        assert not r64.optimalTilingFeatures & vk.VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT
        # Formats the device has no support for report nothing.
        for fmt in (vk.VK_FORMAT_BC1_RGB_UNORM_BLOCK, vk.VK_FORMAT_D32_SFLOAT, vk.VK_FORMAT_R8G8B8A8_SRGB):
            none = d.format_properties(fmt)
            assert (none.optimalTilingFeatures, none.linearTilingFeatures, none.bufferFeatures) == (0, 0, 0)
        props = vk.vkGetPhysicalDeviceImageFormatProperties(
            d.g.physical, vk.VK_FORMAT_R32_SFLOAT, vk.VK_IMAGE_TYPE_3D, vk.VK_IMAGE_TILING_OPTIMAL, IMAGE_USAGE, 0)
        assert props.maxMipLevels == 1 and props.maxArrayLayers == 1 and props.maxExtent.depth >= 256
        with pytest.raises(vk.VkErrorFormatNotSupported):
            vk.vkGetPhysicalDeviceImageFormatProperties(
                d.g.physical, vk.VK_FORMAT_R8G8B8A8_UNORM, vk.VK_IMAGE_TYPE_2D, vk.VK_IMAGE_TILING_OPTIMAL,
                vk.VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0)
        f = vk.vkGetPhysicalDeviceFeatures(d.g.physical)
        assert f.shaderStorageImageExtendedFormats and f.shaderStorageImageReadWithoutFormat
        limits = vk.vkGetPhysicalDeviceProperties(d.g.physical).limits
        assert limits.maxImageDimension2D >= 4096 and limits.maxTexelBufferElements >= 65536
    finally:
        d.close()


STORAGE_CASES = [
    # (part, format, bytes per texel)
    (1, vk.VK_FORMAT_R8G8B8A8_UNORM, 4),
    (2, vk.VK_FORMAT_R32_SFLOAT, 4),
    (3, vk.VK_FORMAT_R32G32B32A32_UINT, 16),
]


def _storage_input(part, w, h):
    n = w * h
    if part == 1:
        return bytes((i * 37 + 11) % 256 for i in range(4 * n))
    if part == 2:
        return f32([i * 0.25 - 3.0 for i in range(n)])
    return struct.pack(f"<{4 * n}I", *[i * 1000 + 7 for i in range(4 * n)])


def _storage_expected(part, data, w, h):
    if part == 1:
        return bytes(255 - data[4 * (i // 4) + 3 - i % 4] for i in range(len(data)))
    if part == 2:
        return f32([v * 2.0 + 1.0 for v in unf32(data)])
    words = struct.unpack(f"<{len(data) // 4}I", data)
    out = []
    for t in range(w * h):
        x, y = t % w, t // w
        src = words[4 * t: 4 * t + 4]
        out += [src[3] + x, src[2] + y, src[1], src[0] + 1]
    return struct.pack(f"<{len(out)}I", *out)


@pytest.mark.parametrize("part,fmt,texel", STORAGE_CASES)
def test_storage_images_upload_kernel_and_download(part, fmt, texel):
    w, h = 8, 8
    data = _storage_input(part, w, h)

    def scenario(d):
        src, _ = d.image(fmt, (w, h))
        dst, _ = d.image(fmt, (w, h))
        d.upload(src, data, (w, h))
        pipe, playout, layout = d.pipeline(f"img_storage_p{part}.spv", [(0, SI), (1, SI)])
        ds = d.descriptor_set(layout, [(0, SI, (d.view(src, fmt), None)), (1, SI, (d.view(dst, fmt), None))])
        d.dispatch(pipe, playout, ds, (w // 4, h // 4, 1))
        return d.download(dst, w * h * texel, (w, h))

    mine, ref = on_both(scenario)
    assert mine == _storage_expected(part, data, w, h)
    if ref is not None:
        assert mine == ref


def _f16(h):
    return struct.unpack("<e", struct.pack("<H", h))[0]


def test_storage_images_without_a_declared_format():
    # The shader declares no formats: bgra8 unorm read, rgba16f written (lavapipe cannot
    # read images without a format, so this runs on spirjit only).
    w, h = 4, 4
    texels = bytes((i * 41 + 9) % 256 for i in range(4 * w * h))
    features = vk.VkPhysicalDeviceFeatures(shaderStorageImageReadWithoutFormat=vk.VK_TRUE,
                                           shaderStorageImageWriteWithoutFormat=vk.VK_TRUE)
    d = Dev(features=features)
    try:
        src, _ = d.image(vk.VK_FORMAT_B8G8R8A8_UNORM, (w, h))
        dst, _ = d.image(vk.VK_FORMAT_R16G16B16A16_SFLOAT, (w, h))
        d.upload(src, texels, (w, h))
        pipe, playout, layout = d.pipeline("img_formatless.spv", [(0, SI), (1, SI)])
        ds = d.descriptor_set(layout, [(0, SI, (d.view(src, vk.VK_FORMAT_B8G8R8A8_UNORM), None)),
                                       (1, SI, (d.view(dst, vk.VK_FORMAT_R16G16B16A16_SFLOAT), None))])
        d.dispatch(pipe, playout, ds, (1, 1, 1))
        got = [_f16(x) for x in struct.unpack(f"<{4 * w * h}H", d.download(dst, 8 * w * h, (w, h)))]
    finally:
        d.close()
    for t in range(w * h):
        b, g, r, a = (texels[4 * t + c] / 255.0 for c in range(4))
        assert got[4 * t: 4 * t + 4] == pytest.approx([a + 0.25, b + 0.25, g + 0.25, r + 0.25], abs=1e-3), t


def test_image_atomics():
    def scenario(d):
        counts, _ = d.image(vk.VK_FORMAT_R32_UINT, (4, 2))
        mins, _ = d.image(vk.VK_FORMAT_R32_SINT, (4, 2))

        def clear(cb):
            vk.vkCmdClearColorImage(cb, counts, GENERAL, vk.VkClearColorValue(uint32=[5, 0, 0, 0]), 1, [_range()])
            vk.vkCmdClearColorImage(cb, mins, GENERAL, vk.VkClearColorValue(int32=[1000, 0, 0, 0]), 1, [_range()])
            d.barrier(cb, counts)
            d.barrier(cb, mins)
        d.submit(clear)
        pipe, playout, layout = d.pipeline("img_atomics.spv", [(0, SI), (1, SI)])
        ds = d.descriptor_set(layout, [(0, SI, (d.view(counts, vk.VK_FORMAT_R32_UINT), None)),
                                       (1, SI, (d.view(mins, vk.VK_FORMAT_R32_SINT), None))])
        d.dispatch(pipe, playout, ds, (1, 1, 1))
        return (struct.unpack("<8I", d.download(counts, 32, (4, 2))),
                struct.unpack("<8i", d.download(mins, 32, (4, 2))))

    mine, ref = on_both(scenario)
    assert mine == ((13,) * 8, tuple(-(56 + j) for j in range(8)))
    if ref is not None:
        assert mine == ref


def test_64_bit_image_atomics():
    usage = vk.VK_IMAGE_USAGE_STORAGE_BIT | vk.VK_IMAGE_USAGE_TRANSFER_SRC_BIT | vk.VK_IMAGE_USAGE_TRANSFER_DST_BIT
    int64 = vk.VkPhysicalDeviceShaderImageAtomicInt64FeaturesEXT(shaderImageInt64Atomics=vk.VK_TRUE)
    features = vk.VkPhysicalDeviceFeatures(shaderInt64=vk.VK_TRUE)

    def scenario(d):
        sums, _ = d.image(vk.VK_FORMAT_R64_UINT, (4, 2), usage=usage)
        maxes, _ = d.image(vk.VK_FORMAT_R64_SINT, (4, 2), usage=usage)

        def clear(cb):
            vk.vkCmdClearColorImage(cb, sums, GENERAL, vk.VkClearColorValue(uint32=[3, 0, 0, 0]), 1, [_range()])
            vk.vkCmdClearColorImage(cb, maxes, GENERAL, vk.VkClearColorValue(int32=[-(1 << 31), 0, 0, 0]), 1,
                                    [_range()])
            d.barrier(cb, sums)
            d.barrier(cb, maxes)
        d.submit(clear)
        pipe, playout, layout = d.pipeline("img_atomics64.spv", [(0, SI), (1, SI)])
        ds = d.descriptor_set(layout, [(0, SI, (d.view(sums, vk.VK_FORMAT_R64_UINT), None)),
                                       (1, SI, (d.view(maxes, vk.VK_FORMAT_R64_SINT), None))])
        d.dispatch(pipe, playout, ds, (1, 1, 1))
        return (struct.unpack("<8Q", d.download(sums, 64, (4, 2))),
                struct.unpack("<8q", d.download(maxes, 64, (4, 2))))

    mine, ref = on_both(scenario, extensions=["VK_EXT_shader_image_atomic_int64"], features=features, next=int64)
    # Texel j gets the invocations i = j + 8k; the clear values are zero- and sign-extended.
    assert mine[0] == tuple(3 + sum((j + 8 * k) << 33 for k in range(8)) for j in range(8))
    assert mine[1] == tuple(-(1 << 31) for _ in range(8))
    if ref is not None:
        assert mine == ref


SAMPLE_W, SAMPLE_H = 4, 4
COORDS = [(-0.6 + 0.137 * i, 1.3 - 0.113 * i) for i in range(16)]
SAMPLERS = [
    # (filter, address mode, unnormalized)
    (vk.VK_FILTER_NEAREST, vk.VK_SAMPLER_ADDRESS_MODE_REPEAT, False),
    (vk.VK_FILTER_NEAREST, vk.VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, False),
    (vk.VK_FILTER_NEAREST, vk.VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT, False),
    (vk.VK_FILTER_LINEAR, vk.VK_SAMPLER_ADDRESS_MODE_REPEAT, False),
    (vk.VK_FILTER_LINEAR, vk.VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, False),
    (vk.VK_FILTER_LINEAR, vk.VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER, False),
    (vk.VK_FILTER_NEAREST, vk.VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, True),
    (vk.VK_FILTER_LINEAR, vk.VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, True),
]
SAMPLE_TEXELS = bytes((i * 53 + 17) % 256 for i in range(4 * SAMPLE_W * SAMPLE_H))


def _wrap(i, size, mode):
    if mode == vk.VK_SAMPLER_ADDRESS_MODE_REPEAT:
        return i % size
    if mode == vk.VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT:
        m = i % (2 * size)
        return m if m < size else 2 * size - 1 - m
    return min(max(i, 0), size - 1)


def _nearest(u, v, mode, unnormalized):
    if not unnormalized:
        u, v = u * SAMPLE_W, v * SAMPLE_H
    x, y = _wrap(math.floor(u), SAMPLE_W, mode), _wrap(math.floor(v), SAMPLE_H, mode)
    t = 4 * (y * SAMPLE_W + x)
    return [SAMPLE_TEXELS[t + c] / 255.0 for c in range(4)]


@pytest.mark.parametrize("filt,mode,unnormalized", SAMPLERS)
def test_sampled_images_and_samplers(filt, mode, unnormalized):
    fmt = vk.VK_FORMAT_R8G8B8A8_UNORM
    coords = [(u * SAMPLE_W, v * SAMPLE_H) if unnormalized else (u, v) for u, v in COORDS]

    def scenario(d):
        img, _ = d.image(fmt, (SAMPLE_W, SAMPLE_H))
        d.upload(img, SAMPLE_TEXELS, (SAMPLE_W, SAMPLE_H))
        smp = d.sampler(filt, mode, unnormalized)
        view = d.view(img, fmt)
        cbuf, _ = d.buffer(f32([c for uv in coords for c in uv]))
        obuf, omem = d.buffer(16 * 3 * len(coords))
        pipe, playout, layout = d.pipeline("img_sample.spv", [(0, SAMPLED), (1, SMP), (2, CIS), (3, SB), (4, SB)])
        ds = d.descriptor_set(layout, [(0, SAMPLED, (view, None)), (1, SMP, (None, smp)), (2, CIS, (view, smp)),
                                       (3, SB, (cbuf, 0, WHOLE)), (4, SB, (obuf, 0, WHOLE))])
        d.dispatch(pipe, playout, ds, (1, 1, 1))
        out = unf32(d.read(omem, 16 * 3 * len(coords)))
        return [out[12 * i: 12 * i + 12] for i in range(len(coords))]

    mine, ref = on_both(scenario)
    for i, ((u, v), got) in enumerate(zip(coords, mine)):
        separate, combined, fetched = got[0:4], got[4:8], got[8:12]
        assert separate == combined, i
        t = 4 * ((i % SAMPLE_H) * SAMPLE_W + i % SAMPLE_W)
        assert fetched == pytest.approx([SAMPLE_TEXELS[t + c] / 255.0 for c in range(4)], abs=1e-6)
        if filt == vk.VK_FILTER_NEAREST:
            assert separate == pytest.approx(_nearest(u, v, mode, unnormalized), abs=1e-6), i
        if ref is not None:
            # Linear filtering: lavapipe weighs texels with 8 fractional bits.
            tol = 1e-6 if filt == vk.VK_FILTER_NEAREST else 2.0 / 256
            assert got == pytest.approx(ref[i], abs=tol), (i, got, ref[i])


def _handle(h):
    return int(ffi.cast("uintptr_t", h)) if h else 0


def _info_bytes(t, what):
    """The 24 bytes of one descriptor's info as an update template reads them: a
    VkDescriptorBufferInfo, a VkDescriptorImageInfo, or a VkBufferView (padded)."""
    if t in (SB,):
        return struct.pack("<QQQ", _handle(what[0]), what[1], what[2])
    if t in (UTB, STB):
        return struct.pack("<QQQ", _handle(what), 0, 0)
    view, smp = what
    return struct.pack("<QQI4x", _handle(smp), _handle(view), GENERAL)


def _write_everywhere(d, how, pipe, playout, layout, writes, groups):
    """Write `writes` [(binding, type, what)] into set 0 `how`: "update" (a set and
    vkUpdateDescriptorSets), "template" (a set and an update template), "push"
    (vkCmdPushDescriptorSetKHR) or "push_template"; then dispatch."""
    if how == "update":
        d.dispatch(pipe, playout, d.descriptor_set(layout, writes), groups)
        return
    if how in ("template", "push_template"):
        data = ffi.new("char[]", b"".join(_info_bytes(t, what) for _, t, what in writes))
        entries = ffi.new("VkDescriptorUpdateTemplateEntry[]", len(writes))
        for i, (e, (b, t, _)) in enumerate(zip(entries, writes)):
            e.dstBinding, e.dstArrayElement, e.descriptorCount = b, 0, 1
            e.descriptorType, e.offset, e.stride = t, 24 * i, 24
        push = how == "push_template"
        info = vk.VkDescriptorUpdateTemplateCreateInfo(
            descriptorUpdateEntryCount=len(writes), pDescriptorUpdateEntries=entries, templateType=1 if push else 0,
            descriptorSetLayout=layout, pipelineBindPoint=CS, pipelineLayout=playout, set=0)
        template = d.keep(vk.vkDestroyDescriptorUpdateTemplate,
                          vk.vkCreateDescriptorUpdateTemplate(d.device, info, None))
        if not push:
            ds = vk.vkAllocateDescriptorSets(
                d.device, vk.VkDescriptorSetAllocateInfo(descriptorPool=d.pool, pSetLayouts=[layout]))[0]
            vk.vkUpdateDescriptorSetWithTemplate(d.device, ds, template, data)
            d.dispatch(pipe, playout, ds, groups)
            return
        push_template = vk.vkGetDeviceProcAddr(d.device, "vkCmdPushDescriptorSetWithTemplateKHR")

        def record(cb):
            vk.vkCmdBindPipeline(cb, CS, pipe)
            push_template(cb, template, playout, 0, data)
            vk.vkCmdDispatch(cb, *groups)
        d.submit(record)
        return
    w = []
    for b, t, what in writes:
        kw = {}
        if t == SB:
            kw["pBufferInfo"] = [vk.VkDescriptorBufferInfo(buffer=what[0], offset=what[1], range=what[2])]
        elif t in (UTB, STB):
            kw["pTexelBufferView"] = [what]
        else:
            view, smp = what
            kw["pImageInfo"] = [vk.VkDescriptorImageInfo(sampler=smp or vk.VK_NULL_HANDLE,
                                                         imageView=view or vk.VK_NULL_HANDLE, imageLayout=GENERAL)]
        w.append(vk.VkWriteDescriptorSet(dstBinding=b, descriptorCount=1, descriptorType=t, **kw))
    push = vk.vkGetDeviceProcAddr(d.device, "vkCmdPushDescriptorSetKHR")

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        push(cb, CS, playout, 0, len(w), w)
        vk.vkCmdDispatch(cb, *groups)
    d.submit(record)


@pytest.mark.parametrize("how", ["update", "template", "push", "push_template"])
def test_image_descriptors_through_templates_and_push_descriptors(how):
    """Sampled images, samplers, combined image samplers and texel buffers written by an
    update template and by push descriptors (plain and through a template) give what
    vkUpdateDescriptorSets gives."""
    fmt = vk.VK_FORMAT_R8G8B8A8_UNORM
    coords = COORDS
    n = 16
    texels = bytes((i * 29 + 3) % 256 for i in range(4 * n))
    flags = 0 if how in ("update", "template") else 0x1  # ..._CREATE_PUSH_DESCRIPTOR_BIT_KHR

    def scenario(d):
        img, _ = d.image(fmt, (SAMPLE_W, SAMPLE_H))
        d.upload(img, SAMPLE_TEXELS, (SAMPLE_W, SAMPLE_H))
        smp = d.sampler(vk.VK_FILTER_NEAREST, vk.VK_SAMPLER_ADDRESS_MODE_REPEAT)
        view = d.view(img, fmt)
        cbuf, _ = d.buffer(f32([c for uv in coords for c in uv]))
        obuf, omem = d.buffer(16 * 3 * len(coords))
        pipe, playout, layout = d.pipeline("img_sample.spv", [(0, SAMPLED), (1, SMP), (2, CIS), (3, SB), (4, SB)],
                                           flags=flags)
        _write_everywhere(d, how, pipe, playout, layout, [
            (0, SAMPLED, (view, None)), (1, SMP, (None, smp)), (2, CIS, (view, smp)), (3, SB, (cbuf, 0, WHOLE)),
            (4, SB, (obuf, 0, WHOLE))], (1, 1, 1))
        sampled = unf32(d.read(omem, 16 * 3 * len(coords)))
        src, _ = d.buffer(texels)
        dst, dmem = d.buffer(16 * n)
        sizes, smem = d.buffer(8)
        pipe, playout, layout = d.pipeline("img_texel_buffers.spv", [(0, UTB), (1, STB), (2, SB)], flags=flags)
        _write_everywhere(d, how, pipe, playout, layout, [
            (0, UTB, d.buffer_view(src, fmt)), (1, STB, d.buffer_view(dst, vk.VK_FORMAT_R32G32B32A32_SFLOAT)),
            (2, SB, (sizes, 0, WHOLE))], (n // 8, 1, 1))
        return sampled, unf32(d.read(dmem, 16 * n)), struct.unpack("<2i", d.read(smem, 8))

    extensions = () if how in ("update", "template") else ("VK_KHR_push_descriptor",)
    mine, ref = on_both(scenario, extensions=extensions)
    for i, (u, v) in enumerate(coords):
        assert mine[0][12 * i: 12 * i + 4] == pytest.approx(_nearest(u, v, vk.VK_SAMPLER_ADDRESS_MODE_REPEAT, False),
                                                            abs=1e-6), i
        assert mine[0][12 * i: 12 * i + 4] == mine[0][12 * i + 4: 12 * i + 8], i
    assert mine[1] == pytest.approx([2.0 * b / 255.0 for b in texels], abs=1e-6)
    assert mine[2] == (n, n)
    if ref is not None:
        assert mine[0] == pytest.approx(ref[0], abs=1e-6)
        assert mine[1] == pytest.approx(ref[1], abs=1e-6) and mine[2] == ref[2]


def test_cube_maps_and_cube_arrays():
    fmt = vk.VK_FORMAT_R8G8B8A8_UNORM
    size, cubes = 2, 2
    layers = 6 * cubes
    texels = bytes((i * 19 + 1) % 256 for i in range(4 * size * size * layers))
    # Directions toward every face, away from edges and texel boundaries.
    dirs = []
    for k, (x, y, z) in enumerate([(1, 0.3, -0.2), (-1, -0.35, 0.1), (0.2, 1, 0.4), (-0.3, -1, -0.1),
                                   (0.25, -0.3, 1), (-0.1, 0.2, -1), (0.9, -0.2, 0.3), (-0.3, 0.2, 0.8)]):
        dirs.append((x, y, z, float(k % cubes)))

    def scenario(d):
        img, _ = d.image(fmt, (size, size), layers=layers, flags=vk.VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT)
        d.upload(img, texels, (size, size), layers)
        smp = d.sampler(vk.VK_FILTER_NEAREST, vk.VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE)
        dbuf, _ = d.buffer(f32([c for v in dirs for c in v]))
        obuf, omem = d.buffer(32 * len(dirs))
        pipe, playout, layout = d.pipeline("img_cube.spv", [(0, CIS), (1, CIS), (2, SB), (3, SB)])
        ds = d.descriptor_set(layout, [
            (0, CIS, (d.view(img, fmt, vk.VK_IMAGE_VIEW_TYPE_CUBE, 6, 6), smp)),
            (1, CIS, (d.view(img, fmt, vk.VK_IMAGE_VIEW_TYPE_CUBE_ARRAY, 0, layers), smp)),
            (2, SB, (dbuf, 0, WHOLE)), (3, SB, (obuf, 0, WHOLE))])
        d.dispatch(pipe, playout, ds, (1, 1, 1))
        return unf32(d.read(omem, 32 * len(dirs)))

    features = vk.VkPhysicalDeviceFeatures(imageCubeArray=vk.VK_TRUE)
    mine, ref = on_both(scenario, features=features)
    # (1, 0.3, -0.2) is +X at s = 0.6, t = 0.35: texel (1, 0) of the second cube's +X
    # face (the cube view starts at layer 6).
    t = 4 * (6 * size * size + 0 * size + 1)
    assert mine[0:4] == pytest.approx([texels[t + c] / 255.0 for c in range(4)], abs=1e-6)
    if ref is not None:
        assert mine == pytest.approx(ref, abs=1e-6)


def test_texel_buffers():
    n = 16
    texels = bytes((i * 29 + 3) % 256 for i in range(4 * n))

    def scenario(d):
        src, _ = d.buffer(texels)
        dst, dmem = d.buffer(256 + 16 * n)
        sizes, smem = d.buffer(8)
        pipe, playout, layout = d.pipeline("img_texel_buffers.spv", [(0, UTB), (1, STB), (2, SB)])
        ds = d.descriptor_set(layout, [
            (0, UTB, d.buffer_view(src, vk.VK_FORMAT_R8G8B8A8_UNORM)),
            (1, STB, d.buffer_view(dst, vk.VK_FORMAT_R32G32B32A32_SFLOAT, 256, 16 * n)),
            (2, SB, (sizes, 0, WHOLE))])
        d.dispatch(pipe, playout, ds, (n // 8, 1, 1))
        return unf32(d.read(dmem, 16 * n, 256)), struct.unpack("<2i", d.read(smem, 8))

    mine, ref = on_both(scenario)
    assert mine[1] == (n, n)
    assert mine[0] == pytest.approx([2.0 * b / 255.0 for b in texels], abs=1e-6)
    if ref is not None:
        assert mine[1] == ref[1] and mine[0] == pytest.approx(ref[0], abs=1e-6)


def test_image_queries_and_immutable_samplers():
    fmt = vk.VK_FORMAT_R8G8B8A8_UNORM

    def scenario(d):
        arr, _ = d.image(fmt, (5, 3), layers=4)
        vol, _ = d.image(fmt, (4, 3, 2), ty=vk.VK_IMAGE_TYPE_3D)
        lines, _ = d.image(fmt, (7,), layers=3, ty=vk.VK_IMAGE_TYPE_1D)
        cube, _ = d.image(fmt, (4, 4), layers=6, flags=vk.VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT)
        smp = d.sampler(vk.VK_FILTER_NEAREST, vk.VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE)
        out, omem = d.buffer(64)
        pipe, playout, layout = d.pipeline("img_queries.spv", [(0, SI), (1, CIS), (2, CIS), (3, CIS), (4, SB)],
                                           immutable={1: smp, 2: smp, 3: smp})
        ds = d.descriptor_set(layout, [
            (0, SI, (d.view(arr, fmt, vk.VK_IMAGE_VIEW_TYPE_2D_ARRAY, 0, 4), None)),
            (1, CIS, (d.view(vol, fmt, vk.VK_IMAGE_VIEW_TYPE_3D), None)),
            (2, CIS, (d.view(lines, fmt, vk.VK_IMAGE_VIEW_TYPE_1D_ARRAY, 1, 2), None)),
            (3, CIS, (d.view(cube, fmt, vk.VK_IMAGE_VIEW_TYPE_CUBE, 0, 6), None)),
            (4, SB, (out, 0, WHOLE))])
        d.dispatch(pipe, playout, ds, (1, 1, 1))
        return struct.unpack("<16i", d.read(omem, 64))

    mine, ref = on_both(scenario)
    assert mine == (5, 3, 4, 0, 4, 3, 2, 1, 7, 2, 0, 1, 4, 4, 0, 0)
    if ref is not None:
        assert mine == ref


def test_copies_between_buffers_and_images_and_clear():
    fmt = vk.VK_FORMAT_R8G8B8A8_UINT
    w, h = 8, 4
    row_length = 10
    layer0 = bytes((i * 7 + 1) % 256 for i in range(4 * row_length * h))
    layer1 = bytes((i * 13 + 5) % 256 for i in range(4 * w * h))

    def scenario(d):
        a, _ = d.image(fmt, (w, h), layers=2)
        b, _ = d.image(fmt, (w, h))
        staging, _ = d.buffer(layer0 + layer1)
        out, omem = d.buffer(16 + 4 * w * h)
        extent = vk.VkExtent3D(width=w, height=h, depth=1)
        origin = vk.VkOffset3D(x=0, y=0, z=0)

        def record(cb):
            # Layer 0 from rows of 10 texels, layer 1 tightly packed after them.
            vk.vkCmdCopyBufferToImage(cb, staging, a, GENERAL, 2, [
                vk.VkBufferImageCopy(bufferOffset=0, bufferRowLength=row_length, bufferImageHeight=0,
                                     imageSubresource=_layers(0), imageOffset=origin, imageExtent=extent),
                vk.VkBufferImageCopy(bufferOffset=len(layer0), bufferRowLength=0, bufferImageHeight=0,
                                     imageSubresource=_layers(1), imageOffset=origin, imageExtent=extent)])
            vk.vkCmdClearColorImage(cb, b, GENERAL, vk.VkClearColorValue(uint32=[1, 2, 3, 400]), 1, [_range()])
            d.barrier(cb, a, layers=2)
            d.barrier(cb, b)
            # A 4x2 block of layer 1 at (2, 1) to (3, 2), and row 0 of layer 0 to row 3.
            vk.vkCmdCopyImage(cb, a, GENERAL, b, GENERAL, 2, [
                vk.VkImageCopy(srcSubresource=_layers(1), srcOffset=vk.VkOffset3D(x=2, y=1, z=0),
                               dstSubresource=_layers(0), dstOffset=vk.VkOffset3D(x=3, y=2, z=0),
                               extent=vk.VkExtent3D(width=4, height=2, depth=1)),
                vk.VkImageCopy(srcSubresource=_layers(0), srcOffset=origin, dstSubresource=_layers(0),
                               dstOffset=vk.VkOffset3D(x=0, y=3, z=0), extent=vk.VkExtent3D(width=w, height=1,
                                                                                            depth=1))])
            d.barrier(cb, b)
            vk.vkCmdCopyImageToBuffer(cb, b, GENERAL, out, 1, [
                vk.VkBufferImageCopy(bufferOffset=16, bufferRowLength=0, bufferImageHeight=0,
                                     imageSubresource=_layers(0), imageOffset=origin, imageExtent=extent)])
        d.submit(record)
        return d.read(omem, 16 + 4 * w * h)

    mine, ref = on_both(scenario)
    want = bytearray(16) + bytearray(bytes([1, 2, 3, 255]) * (w * h))  # 400 saturates to 255
    for y in range(2):
        for x in range(4):
            src = 4 * ((1 + y) * w + 2 + x)
            dst = 16 + 4 * ((2 + y) * w + 3 + x)
            want[dst: dst + 4] = layer1[src: src + 4]
    want[16 + 4 * 3 * w: 16 + 4 * 4 * w] = layer0[: 4 * w]
    assert mine == bytes(want)
    if ref is not None:
        assert mine == ref


def test_linear_image_mapped_directly():
    fmt = vk.VK_FORMAT_R32_SFLOAT
    w, h = 8, 4
    vals = [i * 0.5 for i in range(w * h)]
    usage = vk.VK_IMAGE_USAGE_STORAGE_BIT | vk.VK_IMAGE_USAGE_TRANSFER_SRC_BIT

    def scenario(d):
        if not d.format_properties(fmt).linearTilingFeatures & vk.VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT:
            return None
        imgs = []
        for _ in range(2):
            img, mem = d.image(fmt, (w, h), tiling=vk.VK_IMAGE_TILING_LINEAR, usage=usage, preinitialized=True)
            sub = vk.VkImageSubresource(aspectMask=COLOR, mipLevel=0, arrayLayer=0)
            layout = vk.vkGetImageSubresourceLayout(d.device, img, sub)
            assert layout.rowPitch >= 4 * w
            imgs.append((img, mem, layout))
        (src, smem, sl), (dst, dmem, dl) = imgs
        for y in range(h):
            d.write(smem, f32(vals[y * w: (y + 1) * w]), sl.offset + y * sl.rowPitch)
        pipe, playout, layout = d.pipeline("img_storage_p2.spv", [(0, SI), (1, SI)])
        ds = d.descriptor_set(layout, [(0, SI, (d.view(src, fmt), None)), (1, SI, (d.view(dst, fmt), None))])
        d.dispatch(pipe, playout, ds, (w // 4, h // 4, 1))
        return [v for y in range(h) for v in unf32(d.read(dmem, 4 * w, dl.offset + y * dl.rowPitch))]

    mine, ref = on_both(scenario)
    assert mine == [v * 2.0 + 1.0 for v in vals]
    if ref is not None:
        assert mine == ref


def test_views_reinterpret_formats_and_one_image_bound_twice():
    def scenario(d):
        # r32ui and r32i views of rgba8ui and r32ui images created MUTABLE_FORMAT.
        mutable = vk.VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT
        counts, _ = d.image(vk.VK_FORMAT_R8G8B8A8_UINT, (4, 2), flags=mutable)
        mins, _ = d.image(vk.VK_FORMAT_R32_UINT, (4, 2), flags=mutable)
        d.upload(counts, struct.pack("<8I", *range(8)), (4, 2))
        d.upload(mins, struct.pack("<8i", *([7] * 8)), (4, 2))
        pipe, playout, layout = d.pipeline("img_atomics.spv", [(0, SI), (1, SI)])
        ds = d.descriptor_set(layout, [(0, SI, (d.view(counts, vk.VK_FORMAT_R32_UINT), None)),
                                       (1, SI, (d.view(mins, vk.VK_FORMAT_R32_SINT), None))])
        d.dispatch(pipe, playout, ds, (1, 1, 1))
        atomics = (d.download(counts, 32, (4, 2)), d.download(mins, 32, (4, 2)))
        # One r32f image read through binding 0 and written through binding 1; the set is
        # written by copying the descriptors of another set.
        img, _ = d.image(vk.VK_FORMAT_R32_SFLOAT, (8, 4))
        d.upload(img, f32([float(i) for i in range(32)]), (8, 4))
        pipe, playout, layout = d.pipeline("img_storage_p2.spv", [(0, SI), (1, SI)])
        view = d.view(img, vk.VK_FORMAT_R32_SFLOAT)
        first = d.descriptor_set(layout, [(0, SI, (view, None)), (1, SI, (view, None))])
        second = vk.vkAllocateDescriptorSets(
            d.device, vk.VkDescriptorSetAllocateInfo(descriptorPool=d.pool, pSetLayouts=[layout]))[0]
        copy = vk.VkCopyDescriptorSet(srcSet=first, srcBinding=0, srcArrayElement=0, dstSet=second, dstBinding=0,
                                      dstArrayElement=0, descriptorCount=2)
        vk.vkUpdateDescriptorSets(d.device, 0, None, 1, [copy])
        d.dispatch(pipe, playout, second, (2, 1, 1))
        return atomics + (unf32(d.download(img, 128, (8, 4))),)

    mine, ref = on_both(scenario)
    counts = bytes(struct.pack("<8I", *range(8)))
    want_counts = struct.pack("<8I", *[c + 8 for c in struct.unpack("<8I", counts)])
    assert mine[0] == want_counts
    assert mine[1] == struct.pack("<8i", *[-(56 + j) for j in range(8)])
    assert mine[2] == [2.0 * i + 1.0 for i in range(32)]
    if ref is not None:
        assert mine == ref


def test_views_of_one_layer_of_array_images():
    fmt = vk.VK_FORMAT_R32_SFLOAT
    w, h, layers = 4, 4, 3
    vals = [float(i) for i in range(w * h * layers)]

    def scenario(d):
        src, _ = d.image(fmt, (w, h), layers=layers)
        dst, _ = d.image(fmt, (w, h), layers=layers)
        d.upload(src, f32(vals), (w, h), layers)
        d.submit(lambda cb: vk.vkCmdClearColorImage(cb, dst, GENERAL, vk.VkClearColorValue(float32=[-1.0, 0, 0, 0]),
                                                    1, [_range(0, layers)]))
        pipe, playout, layout = d.pipeline("img_storage_p2.spv", [(0, SI), (1, SI)])
        # Layer 2 of src to layer 1 of dst.
        ds = d.descriptor_set(layout, [(0, SI, (d.view(src, fmt, base=2), None)),
                                       (1, SI, (d.view(dst, fmt, base=1), None))])
        d.dispatch(pipe, playout, ds, (1, 1, 1))
        return unf32(d.download(dst, 4 * w * h * layers, (w, h), layers))

    mine, ref = on_both(scenario)
    n = w * h
    assert mine == [-1.0] * n + [v * 2.0 + 1.0 for v in vals[2 * n:]] + [-1.0] * n
    if ref is not None:
        assert mine == ref


def test_3d_images_copy_with_buffer_image_height():
    fmt = vk.VK_FORMAT_R16G16_SFLOAT
    w, h, depth, padded = 4, 3, 2, 5
    data = bytes((i * 11 + 3) % 256 for i in range(4 * w * padded * depth))

    def scenario(d):
        img, _ = d.image(fmt, (w, h, depth), ty=vk.VK_IMAGE_TYPE_3D)
        staging, _ = d.buffer(data)
        out, omem = d.buffer(4 * w * h * depth)
        origin = vk.VkOffset3D(x=0, y=0, z=0)
        extent = vk.VkExtent3D(width=w, height=h, depth=depth)

        def record(cb):
            vk.vkCmdCopyBufferToImage(cb, staging, img, GENERAL, 1, [
                vk.VkBufferImageCopy(bufferOffset=0, bufferRowLength=0, bufferImageHeight=padded,
                                     imageSubresource=_layers(), imageOffset=origin, imageExtent=extent)])
            d.barrier(cb, img)
            # Slice 1 only, to the start of the buffer; then slice 0 after it.
            vk.vkCmdCopyImageToBuffer(cb, img, GENERAL, out, 2, [
                vk.VkBufferImageCopy(bufferOffset=0, bufferRowLength=0, bufferImageHeight=0,
                                     imageSubresource=_layers(), imageOffset=vk.VkOffset3D(x=0, y=0, z=1),
                                     imageExtent=vk.VkExtent3D(width=w, height=h, depth=1)),
                vk.VkBufferImageCopy(bufferOffset=4 * w * h, bufferRowLength=0, bufferImageHeight=0,
                                     imageSubresource=_layers(), imageOffset=origin,
                                     imageExtent=vk.VkExtent3D(width=w, height=h, depth=1))])
        d.submit(record)
        return d.read(omem, 4 * w * h * depth)

    mine, ref = on_both(scenario)
    slice_bytes = 4 * w * padded
    want = data[slice_bytes: slice_bytes + 4 * w * h] + data[: 4 * w * h]
    assert mine == want
    if ref is not None:
        assert mine == ref


def test_copy_commands2():
    fmt = vk.VK_FORMAT_R32G32_UINT
    w, h = 4, 4
    data = struct.pack(f"<{2 * w * h}I", *range(100, 100 + 2 * w * h))

    def scenario(d):
        ext = {n: vk.vkGetDeviceProcAddr(d.device, n + "KHR")
               for n in ("vkCmdCopyBufferToImage2", "vkCmdCopyImageToBuffer2", "vkCmdCopyImage2", "vkCmdCopyBuffer2")}
        a, _ = d.image(fmt, (w, h))
        b, _ = d.image(fmt, (w, h))
        staging, _ = d.buffer(data)
        out, omem = d.buffer(8 * w * h)
        last, lmem = d.buffer(8 * w * h)
        origin = vk.VkOffset3D(x=0, y=0, z=0)
        whole = vk.VkExtent3D(width=w, height=h, depth=1)

        def record(cb):
            ext["vkCmdCopyBufferToImage2"](cb, vk.VkCopyBufferToImageInfo2(
                srcBuffer=staging, dstImage=a, dstImageLayout=GENERAL, pRegions=[vk.VkBufferImageCopy2(
                    bufferOffset=0, bufferRowLength=0, bufferImageHeight=0, imageSubresource=_layers(),
                    imageOffset=origin, imageExtent=whole)]))
            vk.vkCmdClearColorImage(cb, b, GENERAL, vk.VkClearColorValue(uint32=[0, 0, 0, 0]), 1, [_range()])
            d.barrier(cb, a)
            d.barrier(cb, b)
            # The right half of a to the left half of b (b is zero elsewhere).
            ext["vkCmdCopyImage2"](cb, vk.VkCopyImageInfo2(
                srcImage=a, srcImageLayout=GENERAL, dstImage=b, dstImageLayout=GENERAL, pRegions=[vk.VkImageCopy2(
                    srcSubresource=_layers(), srcOffset=vk.VkOffset3D(x=2, y=0, z=0), dstSubresource=_layers(),
                    dstOffset=origin, extent=vk.VkExtent3D(width=2, height=h, depth=1))]))
            d.barrier(cb, b)
            ext["vkCmdCopyImageToBuffer2"](cb, vk.VkCopyImageToBufferInfo2(
                srcImage=b, srcImageLayout=GENERAL, dstBuffer=out, pRegions=[vk.VkBufferImageCopy2(
                    bufferOffset=0, bufferRowLength=0, bufferImageHeight=0, imageSubresource=_layers(),
                    imageOffset=origin, imageExtent=whole)]))
            b_barrier = vk.VkMemoryBarrier(srcAccessMask=vk.VK_ACCESS_TRANSFER_WRITE_BIT,
                                           dstAccessMask=vk.VK_ACCESS_TRANSFER_READ_BIT)
            stage = vk.VK_PIPELINE_STAGE_TRANSFER_BIT
            vk.vkCmdPipelineBarrier(cb, stage, stage, 0, 1, [b_barrier], 0, None, 0, None)
            ext["vkCmdCopyBuffer2"](cb, vk.VkCopyBufferInfo2(srcBuffer=out, dstBuffer=last, pRegions=[
                vk.VkBufferCopy2(srcOffset=0, dstOffset=0, size=8 * w * h)]))
        d.submit(record)
        return d.read(lmem, 8 * w * h)

    mine, ref = on_both(scenario, extensions=["VK_KHR_copy_commands2"])
    words = struct.unpack(f"<{2 * w * h}I", data)
    want = []
    for y in range(h):
        for x in range(w):
            want += list(words[2 * (y * w + x + 2): 2 * (y * w + x + 2) + 2]) if x < 2 else [0, 0]
    assert struct.unpack(f"<{2 * w * h}I", mine) == tuple(want)
    if ref is not None:
        assert mine == ref


def _create_image(d, **changes):
    args = dict(imageType=vk.VK_IMAGE_TYPE_2D, format=vk.VK_FORMAT_R8G8B8A8_UNORM,
                extent=vk.VkExtent3D(width=4, height=4, depth=1), mipLevels=1, arrayLayers=1,
                samples=vk.VK_SAMPLE_COUNT_1_BIT, tiling=vk.VK_IMAGE_TILING_OPTIMAL, usage=IMAGE_USAGE,
                sharingMode=vk.VK_SHARING_MODE_EXCLUSIVE, initialLayout=vk.VK_IMAGE_LAYOUT_UNDEFINED)
    args.update(changes)
    return vk.vkCreateImage(d.device, vk.VkImageCreateInfo(**args), None)


@pytest.mark.skipif("VK_INSTANCE_LAYERS" in os.environ,
                    reason="asks for what the device does not report (invalid usage the layer flags)")
def test_what_the_device_does_not_support_is_refused():
    d = Dev()
    try:
        img = d.keep(vk.vkDestroyImage, _create_image(d))
        req = vk.vkGetImageMemoryRequirements(d.device, img)
        assert req.size == 64 and req.memoryTypeBits == 1
        # Images have one mip level (maxMipLevels is 1).
        with pytest.raises(vk.VkErrorOutOfHostMemory):
            _create_image(d, mipLevels=2)
        with pytest.raises(vk.VkErrorOutOfHostMemory):
            _create_image(d, format=vk.VK_FORMAT_D32_SFLOAT)
        # Swizzles other than the identity.
        swizzled = vk.VkImageViewCreateInfo(
            image=img, viewType=vk.VK_IMAGE_VIEW_TYPE_2D, format=vk.VK_FORMAT_R8G8B8A8_UNORM,
            components=vk.VkComponentMapping(r=vk.VK_COMPONENT_SWIZZLE_B, b=vk.VK_COMPONENT_SWIZZLE_R),
            subresourceRange=_range())
        with pytest.raises(vk.VkErrorOutOfHostMemory):
            vk.vkCreateImageView(d.device, swizzled, None)
        # Another format on an image not created MUTABLE_FORMAT.
        other = vk.VkImageViewCreateInfo(image=img, viewType=vk.VK_IMAGE_VIEW_TYPE_2D,
                                         format=vk.VK_FORMAT_R32_UINT, components=vk.VkComponentMapping(),
                                         subresourceRange=_range())
        with pytest.raises(vk.VkErrorOutOfHostMemory):
            vk.vkCreateImageView(d.device, other, None)
        # One filter for magnification and minification.
        info = vk.VkSamplerCreateInfo(magFilter=vk.VK_FILTER_LINEAR, minFilter=vk.VK_FILTER_NEAREST,
                                      maxAnisotropy=1.0, borderColor=vk.VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK)
        with pytest.raises(vk.VkErrorOutOfHostMemory):
            vk.vkCreateSampler(d.device, info, None)
    finally:
        d.close()




def test_the_image_tests_are_clean_under_the_validation_layer():
    vkdevice.rerun_under_validation(__file__)

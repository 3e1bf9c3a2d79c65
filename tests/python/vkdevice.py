"""Vulkan devices for the driver tests: spirjit's driver and lavapipe (Mesa's CPU Vulkan
driver), each through the real Khronos loader with the `vulkan` package (cffi).

A test file that takes the ``gpu`` fixture runs each of its tests once per driver:

    from vkdevice import gpu, driver  # noqa: F401 (pytest fixtures)

    def test_something(gpu):          # test_something[spirjit], test_something[lavapipe]
        buf, mem = gpu.buffer(data)
        ...

Both runs check the same expected values, so a test that passes on both is a comparison
of the two drivers. A driver that is not there (spirjit not built, lavapipe not
installed) gives a skip with the reason, per test. `Gpu(driver)` opens a device of its
own for tests that need something else (fewer or more queues, a device per thread).

The loader sees exactly one driver while an instance is created (`VK_DRIVER_FILES` names
its manifest; the environment is restored after). This module must not know about the
tests that use it: it only opens devices and offers helpers for buffers, pipelines,
descriptor sets and submissions.
"""

import contextlib
import glob
import json
import os
import platform
import struct
import subprocess
import sys
import threading

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHADERS = os.path.join(ROOT, "tests", "kernels", "vulkan")


def _spirjit_manifest():
    """The spirjit driver manifest, from the spirjit executable built beside the driver."""
    dirs = []
    if os.environ.get("CARGO_TARGET_DIR"):
        dirs.append(os.environ["CARGO_TARGET_DIR"])
    dirs.append(os.path.join(ROOT, "target"))
    for d in dirs:
        for profile in ("debug", "release"):
            exe = os.path.join(d, profile, "spirjit")
            lib = os.path.join(d, profile, "libspirjit_vulkan.so")
            if os.path.isfile(exe) and os.path.isfile(lib):
                out = subprocess.run([exe, "vulkan-icd"], capture_output=True, text=True, check=True)
                return out.stdout.strip()
    return None


def _lavapipe_manifest():
    """lavapipe's manifest whose library is installed (the machine's architecture first)."""
    found = sorted(glob.glob("/usr/share/vulkan/icd.d/lvp_icd*.json"), key=lambda p: platform.machine() not in p)
    for path in found:
        try:
            with open(path) as f:
                lib = json.load(f)["ICD"]["library_path"]
        except (OSError, ValueError, KeyError):
            continue
        if not os.path.isabs(lib) or os.path.isfile(lib):
            return path
    return None


MANIFESTS = {"spirjit": _spirjit_manifest(), "lavapipe": _lavapipe_manifest()}
WHY_MISSING = {
    "spirjit": "the spirjit driver is not built: run `cargo build -p spirjit -p spirjit-vulkan` first",
    "lavapipe": "lavapipe is not installed (/usr/share/vulkan/icd.d/lvp_icd*.json; apt-get install "
                "mesa-vulkan-drivers)",
}
DRIVERS = ("spirjit", "lavapipe")

os.environ.setdefault("VK_LOADER_DEBUG", "error")
os.environ.setdefault("SPIRJIT_VK_QUIET", "1")

try:
    import vulkan as vk
except ImportError:
    pytest.skip("the `vulkan` Python package is not installed (pip install vulkan)", allow_module_level=True)
except OSError as e:
    pytest.skip(f"the Vulkan loader (libvulkan.so.1) cannot be loaded: {e}", allow_module_level=True)

ffi = vk.ffi
# VK_PIPELINE_CREATE_DISPATCH_BASE_BIT (the `vulkan` package leaves the constant as None).
DISPATCH_BASE = 0x10
SB = vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
UB = vk.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
SBD = vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC
UBD = vk.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
CS = vk.VK_PIPELINE_BIND_POINT_COMPUTE
WHOLE = (1 << 64) - 1  # VK_WHOLE_SIZE (the package defines it as -1)


# With `Gpu(features=True)`: these extensions when the device has them, and every feature
# of these structs (C type, sType name, extension needed or None) the device reports.
OPTIONAL_EXTENSIONS = ("VK_KHR_shader_non_semantic_info", "VK_KHR_storage_buffer_storage_class",
                       "VK_KHR_variable_pointers", "VK_KHR_16bit_storage", "VK_KHR_8bit_storage",
                       "VK_KHR_shader_float16_int8")
FEATURE_STRUCTS = (
    ("VkPhysicalDevice16BitStorageFeatures", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES", None),
    ("VkPhysicalDeviceVariablePointersFeatures", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VARIABLE_POINTERS_FEATURES", None),
    ("VkPhysicalDevice8BitStorageFeatures", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES",
     "VK_KHR_8bit_storage"),
    ("VkPhysicalDeviceShaderFloat16Int8Features", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES",
     "VK_KHR_shader_float16_int8"),
)


def driver_params():
    """`pytest.param`s of the drivers, each skipped with the reason when it is missing."""
    return [
        pytest.param(d, id=d, marks=pytest.mark.skipif(MANIFESTS[d] is None, reason=WHY_MISSING[d]))
        for d in DRIVERS
    ]


@pytest.fixture(params=driver_params())
def driver(request):
    """The name of the driver a test runs on: "spirjit" or "lavapipe"."""
    return request.param


@pytest.fixture
def gpu(driver):
    """A device of `driver` with up to two queues, closed after the test."""
    g = Gpu(driver, queues=2)
    yield g
    g.close()


@contextlib.contextmanager
def only_driver(driver):
    """The loader sees only `driver` while an instance is created."""
    manifest = MANIFESTS[driver]
    if manifest is None:
        pytest.skip(WHY_MISSING[driver])
    with only_manifest(manifest):
        yield


@contextlib.contextmanager
def only_manifest(manifest):
    """The loader sees only the driver of ICD manifest `manifest` meanwhile."""
    keys = ("VK_DRIVER_FILES", "VK_ICD_FILENAMES")
    saved = {k: os.environ.get(k) for k in keys}
    for k in keys:
        os.environ[k] = manifest
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def text(value):
    """A C string the bindings return either as str or as a char array."""
    return value if isinstance(value, str) else ffi.string(value).decode()


def spv(name):
    """The bytes of module `name` of tests/kernels/vulkan."""
    with open(os.path.join(SHADERS, name), "rb") as f:
        return f.read()


class Gpu:
    """An instance of one driver, its first device, and helpers over them. Every object
    made through the helpers is destroyed by `close`."""

    def __init__(self, driver="spirjit", queues=1, extensions=(), api=(1, 1), features=False, next=None,
                 instance_extensions=(), instance_next=None):
        """`features`: True to enable every feature the device has (and the optional
        extensions), or a VkPhysicalDeviceFeatures to enable; `next`: a chain of feature
        structures for the device's create info; `instance_extensions`/`instance_next`: the
        instance's extensions and chain."""
        self.driver = driver
        self.is_spirjit = driver == "spirjit"
        app = vk.VkApplicationInfo(pApplicationName="spirjit-test", apiVersion=vk.VK_MAKE_VERSION(*api, 0))
        info = vk.VkInstanceCreateInfo(pNext=instance_next, pApplicationInfo=app,
                                       ppEnabledExtensionNames=list(instance_extensions) or None)
        with only_driver(driver):
            self.instance = vk.vkCreateInstance(info, None)
        self.device = None
        try:
            self._open(queues, list(extensions), features, chain=next)
        except BaseException:
            self._close_device()
            raise

    def _features(self, extensions):
        """Every feature the device has, as a VkPhysicalDeviceFeatures2 chain to enable,
        adding the optional extensions it has to `extensions`."""
        have = {text(e.extensionName) for e in vk.vkEnumerateDeviceExtensionProperties(self.physical, None)}
        extensions += [e for e in OPTIONAL_EXTENSIONS if e in have and e not in extensions]
        head = ffi.new("VkPhysicalDeviceFeatures2*")
        head.sType = vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2
        self._keep = [head]
        prev = head
        for ctype, stype, ext in FEATURE_STRUCTS:
            if ext is not None and ext not in have:
                continue
            s = ffi.new(ctype + "*")
            s.sType = getattr(vk, stype)
            prev.pNext = ffi.cast("void*", s)
            prev = s
            self._keep.append(s)
        vk.vkGetPhysicalDeviceFeatures2(self.physical, head)
        # Robust access changes what out-of-bounds accesses do: leave it as a program would.
        head.features.robustBufferAccess = 0
        self.features = {name: bool(getattr(head.features, name))
                         for name, _ in ffi.typeof("VkPhysicalDeviceFeatures").fields}
        for s in self._keep[1:]:
            for name, _ in ffi.typeof(s[0]).fields:
                if name not in ("sType", "pNext"):
                    self.features[name] = bool(getattr(s, name))
        return head

    def _open(self, queues, extensions, features, chain=None):
        self.physical = vk.vkEnumeratePhysicalDevices(self.instance)[0]
        self._keep = []
        self.features = {}
        extra = chain
        chain = self._features(extensions) if features is True else None
        enabled = None if features is True or not features else features
        if extra is not None:
            if chain is None:
                chain = extra
            else:
                self._keep[-1].pNext = ffi.cast("void*", extra)
                self._keep.append(extra)
        props = vk.vkGetPhysicalDeviceProperties(self.physical)
        self.name = text(props.deviceName)
        self.limits = props.limits
        families = vk.vkGetPhysicalDeviceQueueFamilyProperties(self.physical)
        self.family = next(i for i, f in enumerate(families) if f.queueFlags & vk.VK_QUEUE_COMPUTE_BIT)
        count = min(queues, families[self.family].queueCount)
        qinfo = vk.VkDeviceQueueCreateInfo(queueFamilyIndex=self.family, queueCount=count,
                                           pQueuePriorities=[1.0] * count)
        self.device = vk.vkCreateDevice(
            self.physical,
            vk.VkDeviceCreateInfo(pNext=chain, pQueueCreateInfos=[qinfo], pEnabledFeatures=enabled,
                                  ppEnabledExtensionNames=extensions or None, enabledExtensionCount=len(extensions)),
            None,
        )
        self.queues = [vk.vkGetDeviceQueue(self.device, self.family, i) for i in range(count)]
        # A queue is externally synchronized: threads sharing one (lavapipe has one) take its lock.
        self.queue_locks = [threading.Lock() for _ in self.queues]
        mem = vk.vkGetPhysicalDeviceMemoryProperties(self.physical)
        want = vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | vk.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
        self.memory_types = [i for i in range(mem.memoryTypeCount) if mem.memoryTypes[i].propertyFlags & want == want]
        self.pool = vk.vkCreateCommandPool(
            self.device, vk.VkCommandPoolCreateInfo(queueFamilyIndex=self.family), None
        )
        sizes = [vk.VkDescriptorPoolSize(type=t, descriptorCount=64) for t in (SB, UB, SBD, UBD)]
        self.dpool = vk.vkCreateDescriptorPool(
            self.device, vk.VkDescriptorPoolCreateInfo(maxSets=16, pPoolSizes=sizes), None
        )
        self.buffers = []
        self.pipelines = []

    def _close_device(self):
        if self.device is not None:
            vk.vkDestroyDevice(self.device, None)
            self.device = None
        if self.instance is not None:
            vk.vkDestroyInstance(self.instance, None)
            self.instance = None

    def close(self):
        if self.device is None:
            return
        vk.vkDeviceWaitIdle(self.device)
        for pipe, playout, layouts in self.pipelines:
            vk.vkDestroyPipeline(self.device, pipe, None)
            vk.vkDestroyPipelineLayout(self.device, playout, None)
            for layout in layouts:
                vk.vkDestroyDescriptorSetLayout(self.device, layout, None)
        for buf, mem in self.buffers:
            vk.vkDestroyBuffer(self.device, buf, None)
            vk.vkFreeMemory(self.device, mem, None)
        vk.vkDestroyDescriptorPool(self.device, self.dpool, None)
        vk.vkDestroyCommandPool(self.device, self.pool, None)
        self._close_device()

    def buffer(self, data):
        """A buffer with its own host-visible memory, holding `data` (bytes)."""
        size = max(len(data), 4)
        usage = (
            vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT
            | vk.VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
            | vk.VK_BUFFER_USAGE_TRANSFER_SRC_BIT
            | vk.VK_BUFFER_USAGE_TRANSFER_DST_BIT
            | vk.VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT
        )
        buf = vk.vkCreateBuffer(self.device, vk.VkBufferCreateInfo(size=size, usage=usage), None)
        req = vk.vkGetBufferMemoryRequirements(self.device, buf)
        types = [i for i in self.memory_types if req.memoryTypeBits & (1 << i)]
        assert types, f"{self.name} has no host-visible coherent memory for a buffer"
        mem = vk.vkAllocateMemory(
            self.device, vk.VkMemoryAllocateInfo(allocationSize=req.size, memoryTypeIndex=types[0]), None
        )
        vk.vkBindBufferMemory(self.device, buf, mem, 0)
        self.buffers.append((buf, mem))
        if data:
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

    def pipeline(self, code, sets, push_size=0, spec=None, entry="main", cache=None):
        """A compute pipeline; `sets` lists, per set, its (binding, descriptor type) pairs;
        `spec` lists (constant id, value bytes); `cache` a pipeline cache to create it with."""
        module = vk.vkCreateShaderModule(
            self.device, vk.VkShaderModuleCreateInfo(codeSize=len(code), pCode=code), None
        )
        try:
            layouts = []
            for bindings in sets:
                lb = [
                    vk.VkDescriptorSetLayoutBinding(
                        binding=b, descriptorType=t, descriptorCount=1, stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT
                    )
                    for b, t in bindings
                ]
                layouts.append(
                    vk.vkCreateDescriptorSetLayout(
                        self.device, vk.VkDescriptorSetLayoutCreateInfo(pBindings=lb or None), None
                    )
                )
            ranges = (
                [vk.VkPushConstantRange(stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT, offset=0, size=push_size)]
                if push_size
                else None
            )
            playout = vk.vkCreatePipelineLayout(
                self.device, vk.VkPipelineLayoutCreateInfo(pSetLayouts=layouts or None, pPushConstantRanges=ranges),
                None,
            )
            self.pipelines.append((vk.VK_NULL_HANDLE, playout, layouts))
            spec_info = None
            if spec:
                entries, data = [], b""
                for cid, raw in spec:
                    entries.append(vk.VkSpecializationMapEntry(constantID=cid, offset=len(data), size=len(raw)))
                    data += raw
                blob = ffi.new("char[]", data)
                self._keep.append(blob)
                spec_info = vk.VkSpecializationInfo(
                    mapEntryCount=len(entries), pMapEntries=entries, dataSize=len(data), pData=blob
                )
            stage = vk.VkPipelineShaderStageCreateInfo(
                stage=vk.VK_SHADER_STAGE_COMPUTE_BIT, module=module, pName=entry, pSpecializationInfo=spec_info
            )
            pipe = vk.vkCreateComputePipelines(
                self.device,
                cache or vk.VK_NULL_HANDLE,
                1,
                # Every pipeline may be dispatched from a base group.
                [vk.VkComputePipelineCreateInfo(flags=DISPATCH_BASE, stage=stage, layout=playout)],
                None,
            )[0]
        finally:
            vk.vkDestroyShaderModule(self.device, module, None)
        self.pipelines[-1] = (pipe, playout, layouts)
        return pipe, playout, layouts

    def descriptor_pool(self, sets, counts):
        """A descriptor pool of `sets` sets and `counts` {descriptor type: count}; the
        caller destroys it."""
        sizes = [vk.VkDescriptorPoolSize(type=t, descriptorCount=n) for t, n in counts.items() if n]
        return vk.vkCreateDescriptorPool(
            self.device, vk.VkDescriptorPoolCreateInfo(maxSets=max(sets, 1), pPoolSizes=sizes or None), None
        )

    def descriptor_set(self, layout, writes, pool=None):
        """A set of `layout` with (binding, type, buffer, offset, range) written, from
        `pool` (default: the device's pool of 16 sets)."""
        ds = vk.vkAllocateDescriptorSets(
            self.device, vk.VkDescriptorSetAllocateInfo(descriptorPool=pool or self.dpool, pSetLayouts=[layout])
        )[0]
        w = [
            vk.VkWriteDescriptorSet(
                dstSet=ds,
                dstBinding=b,
                descriptorCount=1,
                descriptorType=t,
                pBufferInfo=[vk.VkDescriptorBufferInfo(buffer=buf, offset=off, range=rng)],
            )
            for b, t, buf, off, rng in writes
        ]
        if w:
            vk.vkUpdateDescriptorSets(self.device, len(w), w, 0, None)
        return ds

    def command_buffer(self, pool=None):
        return vk.vkAllocateCommandBuffers(
            self.device,
            vk.VkCommandBufferAllocateInfo(
                commandPool=pool or self.pool, level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount=1
            ),
        )[0]

    def submit(self, record, queue=0, pool=None):
        """Record a command buffer with `record(cb)`, submit it with a fence, wait. The
        commands are followed by a barrier making shader and transfer writes visible to
        the host, as a program reading results must record."""
        pool = pool or self.pool
        cb = self.command_buffer(pool)
        vk.vkBeginCommandBuffer(cb, vk.VkCommandBufferBeginInfo())
        record(cb)
        host = vk.VkMemoryBarrier(
            srcAccessMask=vk.VK_ACCESS_SHADER_WRITE_BIT | vk.VK_ACCESS_TRANSFER_WRITE_BIT,
            dstAccessMask=vk.VK_ACCESS_HOST_READ_BIT,
        )
        vk.vkCmdPipelineBarrier(
            cb, vk.VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, vk.VK_PIPELINE_STAGE_HOST_BIT, 0, 1, [host], 0, None, 0, None
        )
        vk.vkEndCommandBuffer(cb)
        fence = vk.vkCreateFence(self.device, vk.VkFenceCreateInfo(), None)
        q = queue % len(self.queues)
        try:
            with self.queue_locks[q]:
                vk.vkQueueSubmit(self.queues[q], 1, [vk.VkSubmitInfo(pCommandBuffers=[cb])], fence)
            vk.vkWaitForFences(self.device, 1, [fence], vk.VK_TRUE, 10**10)  # raises on failure or timeout
        finally:
            vk.vkDestroyFence(self.device, fence, None)
            vk.vkFreeCommandBuffers(self.device, pool, 1, [cb])


def f32(values):
    return struct.pack(f"<{len(values)}f", *values)


def unf32(data):
    return list(struct.unpack(f"<{len(data) // 4}f", data))


def validation_layer_installed():
    return any(
        os.path.isfile(os.path.join(d, "VkLayer_khronos_validation.json"))
        for d in ("/usr/share/vulkan/explicit_layer.d", "/etc/vulkan/explicit_layer.d")
    )


def skip_unless_validation_rerun_possible():
    """Skip reasons of a test that reruns its file under the validation layer."""
    if "VK_INSTANCE_LAYERS" in os.environ:
        pytest.skip("already running under a layer")
    if not validation_layer_installed():
        pytest.skip("the Khronos validation layer (vulkan-validationlayers) is not installed")


def rerun_under_validation(path, timeout=900):
    """Run test file `path` again under the Khronos validation layer; it must pass and the
    layer must report no error. Returns the output."""
    skip_unless_validation_rerun_possible()
    env = dict(os.environ, VK_INSTANCE_LAYERS="VK_LAYER_KHRONOS_validation")
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", os.path.abspath(path)],
        capture_output=True, text=True, env=env, timeout=timeout, cwd=os.path.dirname(os.path.abspath(path)),
    )
    output = out.stdout + out.stderr
    assert out.returncode == 0, output[-4000:]
    assert "Validation Error" not in output, output[-4000:]
    return output

"""The hidden cost of a Vulkan driver layer: spirjit's driver (vulkan/) against lavapipe,
in the same run, through the real loader.

    python3 benches/vulkan_driver.py [--submits 2000] [--dispatches 10000]

Measures, for each driver, with tests/kernels/vulkan/vadd.spv (64 invocations, one
work-group):
* submit + fence wait of a command buffer holding one tiny dispatch (median of
  --submits runs, recorded once);
* one command buffer holding --dispatches tiny dispatches, submitted and waited for
  (median of 5 runs), per dispatch.

Needs the `vulkan` package (pip install vulkan), the Khronos loader (libvulkan1),
lavapipe (mesa-vulkan-drivers) and the driver built (`cargo build --release -p spirjit
-p spirjit-vulkan`; `spirjit vulkan-icd` prints its manifest).
"""

import argparse
import glob
import os
import statistics
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def spirjit_manifest():
    for profile in ("release", "debug"):
        exe = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), profile, "spirjit")
        if os.path.isfile(exe):
            return subprocess.run([exe, "vulkan-icd"], capture_output=True, text=True, check=True).stdout.strip()
    raise SystemExit("build the driver first: cargo build --release -p spirjit -p spirjit-vulkan")


def lavapipe_manifest():
    found = sorted(glob.glob("/usr/share/vulkan/icd.d/lvp_icd*.json"))
    if not found:
        raise SystemExit("lavapipe is not installed (apt-get install mesa-vulkan-drivers)")
    return found[0]


def run(vk, manifest, submits, dispatches):
    ffi = vk.ffi
    for k in ("VK_DRIVER_FILES", "VK_ICD_FILENAMES"):
        os.environ[k] = manifest
    app = vk.VkApplicationInfo(pApplicationName="bench", apiVersion=vk.VK_MAKE_VERSION(1, 1, 0))
    instance = vk.vkCreateInstance(vk.VkInstanceCreateInfo(pApplicationInfo=app), None)
    physical = vk.vkEnumeratePhysicalDevices(instance)[0]
    name = vk.vkGetPhysicalDeviceProperties(physical).deviceName
    name = name if isinstance(name, str) else ffi.string(name).decode()
    q = vk.VkDeviceQueueCreateInfo(queueFamilyIndex=0, queueCount=1, pQueuePriorities=[1.0])
    device = vk.vkCreateDevice(physical, vk.VkDeviceCreateInfo(pQueueCreateInfos=[q]), None)
    queue = vk.vkGetDeviceQueue(device, 0, 0)
    props = vk.vkGetPhysicalDeviceMemoryProperties(physical)
    mtype = next(i for i in range(props.memoryTypeCount)
                 if props.memoryTypes[i].propertyFlags & vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)
    bufs = []
    for _ in range(3):
        b = vk.vkCreateBuffer(device, vk.VkBufferCreateInfo(size=256, usage=vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
                              None)
        req = vk.vkGetBufferMemoryRequirements(device, b)
        m = vk.vkAllocateMemory(device, vk.VkMemoryAllocateInfo(allocationSize=req.size, memoryTypeIndex=mtype), None)
        vk.vkBindBufferMemory(device, b, m, 0)
        bufs.append((b, m))
    with open(os.path.join(ROOT, "tests", "kernels", "vulkan", "vadd.spv"), "rb") as f:
        spv = f.read()
    module = vk.vkCreateShaderModule(device, vk.VkShaderModuleCreateInfo(codeSize=len(spv), pCode=spv), None)
    lb = [vk.VkDescriptorSetLayoutBinding(binding=i, descriptorType=vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                          descriptorCount=1, stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT)
          for i in range(3)]
    dsl = vk.vkCreateDescriptorSetLayout(device, vk.VkDescriptorSetLayoutCreateInfo(pBindings=lb), None)
    layout = vk.vkCreatePipelineLayout(device, vk.VkPipelineLayoutCreateInfo(pSetLayouts=[dsl]), None)
    stage = vk.VkPipelineShaderStageCreateInfo(stage=vk.VK_SHADER_STAGE_COMPUTE_BIT, module=module, pName="main")
    pipe = vk.vkCreateComputePipelines(device, vk.VK_NULL_HANDLE, 1,
                                       [vk.VkComputePipelineCreateInfo(stage=stage, layout=layout)], None)[0]
    pool_sizes = [vk.VkDescriptorPoolSize(type=vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptorCount=3)]
    dpool = vk.vkCreateDescriptorPool(device, vk.VkDescriptorPoolCreateInfo(maxSets=1, pPoolSizes=pool_sizes), None)
    ds = vk.vkAllocateDescriptorSets(device, vk.VkDescriptorSetAllocateInfo(descriptorPool=dpool,
                                                                            pSetLayouts=[dsl]))[0]
    writes = [vk.VkWriteDescriptorSet(dstSet=ds, dstBinding=i, descriptorCount=1,
                                      descriptorType=vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                      pBufferInfo=[vk.VkDescriptorBufferInfo(buffer=b, offset=0, range=256)])
              for i, (b, _) in enumerate(bufs)]
    vk.vkUpdateDescriptorSets(device, len(writes), writes, 0, None)
    cpool = vk.vkCreateCommandPool(device, vk.VkCommandPoolCreateInfo(queueFamilyIndex=0), None)
    fence = vk.vkCreateFence(device, vk.VkFenceCreateInfo(), None)

    def record(n):
        cb = vk.vkAllocateCommandBuffers(device, vk.VkCommandBufferAllocateInfo(
            commandPool=cpool, level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount=1))[0]
        vk.vkBeginCommandBuffer(cb, vk.VkCommandBufferBeginInfo())
        vk.vkCmdBindPipeline(cb, vk.VK_PIPELINE_BIND_POINT_COMPUTE, pipe)
        vk.vkCmdBindDescriptorSets(cb, vk.VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, [ds], 0, None)
        for _ in range(n):
            vk.vkCmdDispatch(cb, 1, 1, 1)
        vk.vkEndCommandBuffer(cb)
        return cb

    def submit(cb):
        t = time.perf_counter()
        vk.vkQueueSubmit(queue, 1, [vk.VkSubmitInfo(pCommandBuffers=[cb])], fence)
        vk.vkWaitForFences(device, 1, [fence], vk.VK_TRUE, 10**10)
        vk.vkResetFences(device, 1, [fence])
        return time.perf_counter() - t

    one = record(1)
    for _ in range(20):
        submit(one)
    single = statistics.median(submit(one) for _ in range(submits))
    many = record(dispatches)
    submit(many)
    stream = statistics.median(submit(many) for _ in range(5))
    vk.vkDeviceWaitIdle(device)
    for obj, destroy in ((fence, vk.vkDestroyFence), (cpool, vk.vkDestroyCommandPool),
                         (dpool, vk.vkDestroyDescriptorPool), (pipe, vk.vkDestroyPipeline),
                         (layout, vk.vkDestroyPipelineLayout), (dsl, vk.vkDestroyDescriptorSetLayout),
                         (module, vk.vkDestroyShaderModule)):
        destroy(device, obj, None)
    for b, m in bufs:
        vk.vkDestroyBuffer(device, b, None)
        vk.vkFreeMemory(device, m, None)
    vk.vkDestroyDevice(device, None)
    vk.vkDestroyInstance(instance, None)
    return name, single, stream / dispatches


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--submits", type=int, default=2000)
    ap.add_argument("--dispatches", type=int, default=10000)
    a = ap.parse_args()
    os.environ["SPIRJIT_VK_QUIET"] = "1"
    import vulkan as vk

    rows = [run(vk, m, a.submits, a.dispatches) for m in (spirjit_manifest(), lavapipe_manifest())]
    print(f"{'driver':40} {'submit+wait (1 dispatch)':>26} {'per dispatch in a stream of ' + str(a.dispatches):>36}")
    for name, single, per in rows:
        print(f"{name:40} {single * 1e6:>23.1f} us {per * 1e6:>33.2f} us")
    (_, s0, p0), (_, s1, p1) = rows
    print(f"lavapipe / spirjit: submit {s1 / s0:.2f}x, stream {p1 / p0:.2f}x")


if __name__ == "__main__":
    main()

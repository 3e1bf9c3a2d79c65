//! The loader–driver interface: interface version negotiation, the procedure-address
//! queries, and the table of every entry point the driver implements (name → function,
//! and which query may return it). The three `vk_icd*` functions are the library's only
//! exports (see `lib.rs`); this module must not implement Vulkan commands itself.

use std::ffi::{c_char, CStr};

use ash::vk;

use crate::handles::guard_value;
use crate::{
    command as cmd, debug_utils as du, descriptor as ds, device as dev, format, image as img, instance as inst,
    pipeline as pl, query, queue as q, sync, template as tpl, transfer as xfer,
};

/// The newest loader–driver interface version the driver speaks.
pub const INTERFACE_VERSION: u32 = 7;
/// The oldest: version 5 (any `apiVersion` accepted at instance creation).
pub const MIN_INTERFACE_VERSION: u32 = 5;

/// Which query returns an entry point.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Callable without an instance (`vkCreateInstance`, `vkEnumerateInstance*`).
    Global,
    /// Instance-level, taking an instance.
    Instance,
    /// Instance-level, taking a physical device (also from `vk_icdGetPhysicalDeviceProcAddr`).
    Physical,
    /// Device-level (also from `vkGetDeviceProcAddr`).
    Device,
}

struct Proc {
    name: &'static str,
    kind: Kind,
    f: unsafe extern "system" fn(),
}

macro_rules! procs {
    ($($name:literal $kind:ident $pfn:ident = $f:path;)*) => {
        &[$(Proc {
            name: $name,
            kind: Kind::$kind,
            f: {
                let f: vk::$pfn = $f;
                // SAFETY: a function pointer cast to the untyped PFN_vkVoidFunction; the
                // caller casts it back to the type its name says (checked here by `vk::$pfn`).
                unsafe { std::mem::transmute::<vk::$pfn, unsafe extern "system" fn()>(f) }
            },
        },)*]
    };
}

static PROCS: &[Proc] = procs! {
    "vkCreateInstance" Global PFN_vkCreateInstance = inst::create_instance;
    "vkEnumerateInstanceVersion" Global PFN_vkEnumerateInstanceVersion = inst::enumerate_instance_version;
    "vkEnumerateInstanceExtensionProperties" Global PFN_vkEnumerateInstanceExtensionProperties = inst::enumerate_instance_extension_properties;
    "vkEnumerateInstanceLayerProperties" Global PFN_vkEnumerateInstanceLayerProperties = inst::enumerate_instance_layer_properties;
    "vkGetInstanceProcAddr" Global PFN_vkGetInstanceProcAddr = vk_icd_get_instance_proc_addr;
    "vkDestroyInstance" Instance PFN_vkDestroyInstance = inst::destroy_instance;
    "vkEnumeratePhysicalDevices" Instance PFN_vkEnumeratePhysicalDevices = inst::enumerate_physical_devices;
    "vkEnumeratePhysicalDeviceGroups" Instance PFN_vkEnumeratePhysicalDeviceGroups = inst::enumerate_physical_device_groups;
    "vkEnumeratePhysicalDeviceGroupsKHR" Instance PFN_vkEnumeratePhysicalDeviceGroups = inst::enumerate_physical_device_groups;
    "vkGetPhysicalDeviceProperties" Physical PFN_vkGetPhysicalDeviceProperties = inst::get_physical_device_properties;
    "vkGetPhysicalDeviceProperties2" Physical PFN_vkGetPhysicalDeviceProperties2 = inst::get_physical_device_properties2;
    "vkGetPhysicalDeviceProperties2KHR" Physical PFN_vkGetPhysicalDeviceProperties2 = inst::get_physical_device_properties2;
    "vkGetPhysicalDeviceFeatures" Physical PFN_vkGetPhysicalDeviceFeatures = inst::get_physical_device_features;
    "vkGetPhysicalDeviceFeatures2" Physical PFN_vkGetPhysicalDeviceFeatures2 = inst::get_physical_device_features2;
    "vkGetPhysicalDeviceFeatures2KHR" Physical PFN_vkGetPhysicalDeviceFeatures2 = inst::get_physical_device_features2;
    "vkGetPhysicalDeviceMemoryProperties" Physical PFN_vkGetPhysicalDeviceMemoryProperties = inst::get_physical_device_memory_properties;
    "vkGetPhysicalDeviceMemoryProperties2" Physical PFN_vkGetPhysicalDeviceMemoryProperties2 = inst::get_physical_device_memory_properties2;
    "vkGetPhysicalDeviceMemoryProperties2KHR" Physical PFN_vkGetPhysicalDeviceMemoryProperties2 = inst::get_physical_device_memory_properties2;
    "vkGetPhysicalDeviceQueueFamilyProperties" Physical PFN_vkGetPhysicalDeviceQueueFamilyProperties = inst::get_physical_device_queue_family_properties;
    "vkGetPhysicalDeviceQueueFamilyProperties2" Physical PFN_vkGetPhysicalDeviceQueueFamilyProperties2 = inst::get_physical_device_queue_family_properties2;
    "vkGetPhysicalDeviceQueueFamilyProperties2KHR" Physical PFN_vkGetPhysicalDeviceQueueFamilyProperties2 = inst::get_physical_device_queue_family_properties2;
    "vkGetPhysicalDeviceFormatProperties" Physical PFN_vkGetPhysicalDeviceFormatProperties = inst::get_physical_device_format_properties;
    "vkGetPhysicalDeviceFormatProperties2" Physical PFN_vkGetPhysicalDeviceFormatProperties2 = inst::get_physical_device_format_properties2;
    "vkGetPhysicalDeviceFormatProperties2KHR" Physical PFN_vkGetPhysicalDeviceFormatProperties2 = inst::get_physical_device_format_properties2;
    "vkGetPhysicalDeviceImageFormatProperties" Physical PFN_vkGetPhysicalDeviceImageFormatProperties = format::get_physical_device_image_format_properties;
    "vkGetPhysicalDeviceImageFormatProperties2" Physical PFN_vkGetPhysicalDeviceImageFormatProperties2 = format::get_physical_device_image_format_properties2;
    "vkGetPhysicalDeviceImageFormatProperties2KHR" Physical PFN_vkGetPhysicalDeviceImageFormatProperties2 = format::get_physical_device_image_format_properties2;
    "vkGetPhysicalDeviceSparseImageFormatProperties" Physical PFN_vkGetPhysicalDeviceSparseImageFormatProperties = inst::get_physical_device_sparse_image_format_properties;
    "vkGetPhysicalDeviceSparseImageFormatProperties2" Physical PFN_vkGetPhysicalDeviceSparseImageFormatProperties2 = inst::get_physical_device_sparse_image_format_properties2;
    "vkGetPhysicalDeviceSparseImageFormatProperties2KHR" Physical PFN_vkGetPhysicalDeviceSparseImageFormatProperties2 = inst::get_physical_device_sparse_image_format_properties2;
    "vkGetPhysicalDeviceExternalBufferProperties" Physical PFN_vkGetPhysicalDeviceExternalBufferProperties = inst::get_physical_device_external_buffer_properties;
    "vkGetPhysicalDeviceExternalFenceProperties" Physical PFN_vkGetPhysicalDeviceExternalFenceProperties = inst::get_physical_device_external_fence_properties;
    "vkGetPhysicalDeviceExternalSemaphoreProperties" Physical PFN_vkGetPhysicalDeviceExternalSemaphoreProperties = inst::get_physical_device_external_semaphore_properties;
    "vkEnumerateDeviceExtensionProperties" Physical PFN_vkEnumerateDeviceExtensionProperties = inst::enumerate_device_extension_properties;
    "vkEnumerateDeviceLayerProperties" Physical PFN_vkEnumerateDeviceLayerProperties = inst::enumerate_device_layer_properties;
    "vkCreateDevice" Physical PFN_vkCreateDevice = dev::create_device;
    "vkGetDeviceProcAddr" Device PFN_vkGetDeviceProcAddr = get_device_proc_addr;
    "vkDestroyDevice" Device PFN_vkDestroyDevice = dev::destroy_device;
    "vkGetDeviceQueue" Device PFN_vkGetDeviceQueue = dev::get_device_queue;
    "vkGetDeviceQueue2" Device PFN_vkGetDeviceQueue2 = dev::get_device_queue2;
    "vkDeviceWaitIdle" Device PFN_vkDeviceWaitIdle = q::device_wait_idle;
    "vkAllocateMemory" Device PFN_vkAllocateMemory = dev::allocate_memory;
    "vkFreeMemory" Device PFN_vkFreeMemory = dev::free_memory;
    "vkMapMemory" Device PFN_vkMapMemory = dev::map_memory;
    "vkUnmapMemory" Device PFN_vkUnmapMemory = dev::unmap_memory;
    "vkFlushMappedMemoryRanges" Device PFN_vkFlushMappedMemoryRanges = dev::flush_ranges;
    "vkInvalidateMappedMemoryRanges" Device PFN_vkInvalidateMappedMemoryRanges = dev::flush_ranges;
    "vkGetDeviceMemoryCommitment" Device PFN_vkGetDeviceMemoryCommitment = dev::get_device_memory_commitment;
    "vkCreateBuffer" Device PFN_vkCreateBuffer = dev::create_buffer;
    "vkDestroyBuffer" Device PFN_vkDestroyBuffer = dev::destroy_buffer;
    "vkGetBufferMemoryRequirements" Device PFN_vkGetBufferMemoryRequirements = dev::get_buffer_memory_requirements;
    "vkGetBufferMemoryRequirements2" Device PFN_vkGetBufferMemoryRequirements2 = dev::get_buffer_memory_requirements2;
    "vkGetBufferMemoryRequirements2KHR" Device PFN_vkGetBufferMemoryRequirements2 = dev::get_buffer_memory_requirements2;
    "vkBindBufferMemory" Device PFN_vkBindBufferMemory = dev::bind_buffer_memory;
    "vkBindBufferMemory2" Device PFN_vkBindBufferMemory2 = dev::bind_buffer_memory2;
    "vkBindBufferMemory2KHR" Device PFN_vkBindBufferMemory2 = dev::bind_buffer_memory2;
    "vkGetBufferDeviceAddress" Device PFN_vkGetBufferDeviceAddress = dev::get_buffer_device_address;
    "vkGetBufferDeviceAddressKHR" Device PFN_vkGetBufferDeviceAddress = dev::get_buffer_device_address;
    "vkCreateImage" Device PFN_vkCreateImage = img::create_image;
    "vkDestroyImage" Device PFN_vkDestroyImage = img::destroy_image;
    "vkGetImageMemoryRequirements" Device PFN_vkGetImageMemoryRequirements = img::get_image_memory_requirements;
    "vkGetImageMemoryRequirements2" Device PFN_vkGetImageMemoryRequirements2 = img::get_image_memory_requirements2;
    "vkGetImageMemoryRequirements2KHR" Device PFN_vkGetImageMemoryRequirements2 = img::get_image_memory_requirements2;
    "vkGetImageSparseMemoryRequirements" Device PFN_vkGetImageSparseMemoryRequirements = img::get_image_sparse_memory_requirements;
    "vkGetImageSparseMemoryRequirements2" Device PFN_vkGetImageSparseMemoryRequirements2 = img::get_image_sparse_memory_requirements2;
    "vkGetImageSparseMemoryRequirements2KHR" Device PFN_vkGetImageSparseMemoryRequirements2 = img::get_image_sparse_memory_requirements2;
    "vkBindImageMemory" Device PFN_vkBindImageMemory = img::bind_image_memory;
    "vkBindImageMemory2" Device PFN_vkBindImageMemory2 = img::bind_image_memory2;
    "vkBindImageMemory2KHR" Device PFN_vkBindImageMemory2 = img::bind_image_memory2;
    "vkGetImageSubresourceLayout" Device PFN_vkGetImageSubresourceLayout = img::get_image_subresource_layout;
    "vkCreateImageView" Device PFN_vkCreateImageView = img::create_image_view;
    "vkDestroyImageView" Device PFN_vkDestroyImageView = img::destroy_image_view;
    "vkCreateBufferView" Device PFN_vkCreateBufferView = img::create_buffer_view;
    "vkDestroyBufferView" Device PFN_vkDestroyBufferView = img::destroy_buffer_view;
    "vkCreateSampler" Device PFN_vkCreateSampler = img::create_sampler;
    "vkDestroySampler" Device PFN_vkDestroySampler = img::destroy_sampler;
    "vkCmdCopyBufferToImage" Device PFN_vkCmdCopyBufferToImage = xfer::cmd_copy_buffer_to_image;
    "vkCmdCopyImageToBuffer" Device PFN_vkCmdCopyImageToBuffer = xfer::cmd_copy_image_to_buffer;
    "vkCmdCopyImage" Device PFN_vkCmdCopyImage = xfer::cmd_copy_image;
    "vkCmdClearColorImage" Device PFN_vkCmdClearColorImage = xfer::cmd_clear_color_image;
    "vkCmdCopyBuffer2KHR" Device PFN_vkCmdCopyBuffer2 = xfer::cmd_copy_buffer2;
    "vkCmdCopyImage2KHR" Device PFN_vkCmdCopyImage2 = xfer::cmd_copy_image2;
    "vkCmdCopyBufferToImage2KHR" Device PFN_vkCmdCopyBufferToImage2 = xfer::cmd_copy_buffer_to_image2;
    "vkCmdCopyImageToBuffer2KHR" Device PFN_vkCmdCopyImageToBuffer2 = xfer::cmd_copy_image_to_buffer2;
    "vkCmdBlitImage2KHR" Device PFN_vkCmdBlitImage2 = xfer::cmd_blit_image2;
    "vkCmdResolveImage2KHR" Device PFN_vkCmdResolveImage2 = xfer::cmd_resolve_image2;
    "vkGetBufferDeviceAddressEXT" Device PFN_vkGetBufferDeviceAddress = dev::get_buffer_device_address;
    "vkGetBufferOpaqueCaptureAddress" Device PFN_vkGetBufferOpaqueCaptureAddress = dev::get_buffer_opaque_capture_address;
    "vkGetBufferOpaqueCaptureAddressKHR" Device PFN_vkGetBufferOpaqueCaptureAddress = dev::get_buffer_opaque_capture_address;
    "vkGetDeviceMemoryOpaqueCaptureAddress" Device PFN_vkGetDeviceMemoryOpaqueCaptureAddress = dev::get_device_memory_opaque_capture_address;
    "vkGetDeviceMemoryOpaqueCaptureAddressKHR" Device PFN_vkGetDeviceMemoryOpaqueCaptureAddress = dev::get_device_memory_opaque_capture_address;
    "vkCreateShaderModule" Device PFN_vkCreateShaderModule = pl::create_shader_module;
    "vkDestroyShaderModule" Device PFN_vkDestroyShaderModule = pl::destroy_shader_module;
    "vkCreateComputePipelines" Device PFN_vkCreateComputePipelines = pl::create_compute_pipelines;
    "vkDestroyPipeline" Device PFN_vkDestroyPipeline = pl::destroy_pipeline;
    "vkCreatePipelineCache" Device PFN_vkCreatePipelineCache = pl::create_pipeline_cache;
    "vkDestroyPipelineCache" Device PFN_vkDestroyPipelineCache = pl::destroy_pipeline_cache;
    "vkGetPipelineCacheData" Device PFN_vkGetPipelineCacheData = pl::get_pipeline_cache_data;
    "vkMergePipelineCaches" Device PFN_vkMergePipelineCaches = pl::merge_pipeline_caches;
    "vkCreateDescriptorSetLayout" Device PFN_vkCreateDescriptorSetLayout = ds::create_descriptor_set_layout;
    "vkDestroyDescriptorSetLayout" Device PFN_vkDestroyDescriptorSetLayout = ds::destroy_descriptor_set_layout;
    "vkGetDescriptorSetLayoutSupport" Device PFN_vkGetDescriptorSetLayoutSupport = ds::get_descriptor_set_layout_support;
    "vkGetDescriptorSetLayoutSupportKHR" Device PFN_vkGetDescriptorSetLayoutSupport = ds::get_descriptor_set_layout_support;
    "vkCreatePipelineLayout" Device PFN_vkCreatePipelineLayout = ds::create_pipeline_layout;
    "vkDestroyPipelineLayout" Device PFN_vkDestroyPipelineLayout = ds::destroy_pipeline_layout;
    "vkCreateDescriptorPool" Device PFN_vkCreateDescriptorPool = ds::create_descriptor_pool;
    "vkDestroyDescriptorPool" Device PFN_vkDestroyDescriptorPool = ds::destroy_descriptor_pool;
    "vkResetDescriptorPool" Device PFN_vkResetDescriptorPool = ds::reset_descriptor_pool;
    "vkAllocateDescriptorSets" Device PFN_vkAllocateDescriptorSets = ds::allocate_descriptor_sets;
    "vkFreeDescriptorSets" Device PFN_vkFreeDescriptorSets = ds::free_descriptor_sets;
    "vkUpdateDescriptorSets" Device PFN_vkUpdateDescriptorSets = ds::update_descriptor_sets;
    "vkCreateDescriptorUpdateTemplate" Device PFN_vkCreateDescriptorUpdateTemplate = tpl::create_descriptor_update_template;
    "vkCreateDescriptorUpdateTemplateKHR" Device PFN_vkCreateDescriptorUpdateTemplate = tpl::create_descriptor_update_template;
    "vkDestroyDescriptorUpdateTemplate" Device PFN_vkDestroyDescriptorUpdateTemplate = tpl::destroy_descriptor_update_template;
    "vkDestroyDescriptorUpdateTemplateKHR" Device PFN_vkDestroyDescriptorUpdateTemplate = tpl::destroy_descriptor_update_template;
    "vkUpdateDescriptorSetWithTemplate" Device PFN_vkUpdateDescriptorSetWithTemplate = tpl::update_descriptor_set_with_template;
    "vkUpdateDescriptorSetWithTemplateKHR" Device PFN_vkUpdateDescriptorSetWithTemplate = tpl::update_descriptor_set_with_template;
    "vkCmdPushDescriptorSetKHR" Device PFN_vkCmdPushDescriptorSetKHR = tpl::cmd_push_descriptor_set;
    "vkCmdPushDescriptorSetWithTemplateKHR" Device PFN_vkCmdPushDescriptorSetWithTemplateKHR = tpl::cmd_push_descriptor_set_with_template;
    "vkCreateCommandPool" Device PFN_vkCreateCommandPool = cmd::create_command_pool;
    "vkDestroyCommandPool" Device PFN_vkDestroyCommandPool = cmd::destroy_command_pool;
    "vkResetCommandPool" Device PFN_vkResetCommandPool = cmd::reset_command_pool;
    "vkTrimCommandPool" Device PFN_vkTrimCommandPool = cmd::trim_command_pool;
    "vkTrimCommandPoolKHR" Device PFN_vkTrimCommandPool = cmd::trim_command_pool;
    "vkAllocateCommandBuffers" Device PFN_vkAllocateCommandBuffers = cmd::allocate_command_buffers;
    "vkFreeCommandBuffers" Device PFN_vkFreeCommandBuffers = cmd::free_command_buffers;
    "vkBeginCommandBuffer" Device PFN_vkBeginCommandBuffer = cmd::begin_command_buffer;
    "vkEndCommandBuffer" Device PFN_vkEndCommandBuffer = cmd::end_command_buffer;
    "vkResetCommandBuffer" Device PFN_vkResetCommandBuffer = cmd::reset_command_buffer;
    "vkCmdExecuteCommands" Device PFN_vkCmdExecuteCommands = cmd::cmd_execute_commands;
    "vkCmdBindPipeline" Device PFN_vkCmdBindPipeline = cmd::cmd_bind_pipeline;
    "vkCmdBindDescriptorSets" Device PFN_vkCmdBindDescriptorSets = cmd::cmd_bind_descriptor_sets;
    "vkCmdPushConstants" Device PFN_vkCmdPushConstants = cmd::cmd_push_constants;
    "vkCmdDispatch" Device PFN_vkCmdDispatch = cmd::cmd_dispatch;
    "vkCmdDispatchBase" Device PFN_vkCmdDispatchBase = cmd::cmd_dispatch_base;
    "vkCmdDispatchBaseKHR" Device PFN_vkCmdDispatchBase = cmd::cmd_dispatch_base;
    "vkCmdDispatchIndirect" Device PFN_vkCmdDispatchIndirect = cmd::cmd_dispatch_indirect;
    "vkCmdCopyBuffer" Device PFN_vkCmdCopyBuffer = cmd::cmd_copy_buffer;
    "vkCmdFillBuffer" Device PFN_vkCmdFillBuffer = cmd::cmd_fill_buffer;
    "vkCmdUpdateBuffer" Device PFN_vkCmdUpdateBuffer = cmd::cmd_update_buffer;
    "vkCmdPipelineBarrier" Device PFN_vkCmdPipelineBarrier = cmd::cmd_pipeline_barrier;
    "vkCmdSetEvent" Device PFN_vkCmdSetEvent = cmd::cmd_set_event;
    "vkCmdResetEvent" Device PFN_vkCmdResetEvent = cmd::cmd_reset_event;
    "vkCmdWaitEvents" Device PFN_vkCmdWaitEvents = cmd::cmd_wait_events;
    "vkQueueSubmit" Device PFN_vkQueueSubmit = q::queue_submit;
    "vkQueueWaitIdle" Device PFN_vkQueueWaitIdle = q::queue_wait_idle;
    "vkCreateFence" Device PFN_vkCreateFence = sync::create_fence;
    "vkDestroyFence" Device PFN_vkDestroyFence = sync::destroy_fence;
    "vkResetFences" Device PFN_vkResetFences = sync::reset_fences;
    "vkGetFenceStatus" Device PFN_vkGetFenceStatus = sync::get_fence_status;
    "vkWaitForFences" Device PFN_vkWaitForFences = sync::wait_for_fences;
    "vkCreateSemaphore" Device PFN_vkCreateSemaphore = sync::create_semaphore;
    "vkDestroySemaphore" Device PFN_vkDestroySemaphore = sync::destroy_semaphore;
    "vkCreateEvent" Device PFN_vkCreateEvent = sync::create_event;
    "vkCreateQueryPool" Device PFN_vkCreateQueryPool = query::create_query_pool;
    "vkDestroyQueryPool" Device PFN_vkDestroyQueryPool = query::destroy_query_pool;
    "vkGetQueryPoolResults" Device PFN_vkGetQueryPoolResults = query::get_query_pool_results;
    "vkCmdResetQueryPool" Device PFN_vkCmdResetQueryPool = cmd::cmd_reset_query_pool;
    "vkResetQueryPool" Device PFN_vkResetQueryPool = query::reset_query_pool;
    "vkResetQueryPoolEXT" Device PFN_vkResetQueryPool = query::reset_query_pool;
    "vkCmdWriteTimestamp" Device PFN_vkCmdWriteTimestamp = cmd::cmd_write_timestamp;
    "vkCmdCopyQueryPoolResults" Device PFN_vkCmdCopyQueryPoolResults = cmd::cmd_copy_query_pool_results;
    "vkDestroyEvent" Device PFN_vkDestroyEvent = sync::destroy_event;
    "vkGetEventStatus" Device PFN_vkGetEventStatus = sync::get_event_status;
    "vkSetEvent" Device PFN_vkSetEvent = sync::set_event;
    "vkResetEvent" Device PFN_vkResetEvent = sync::reset_event;
    "vkGetSemaphoreCounterValue" Device PFN_vkGetSemaphoreCounterValue = sync::get_semaphore_counter_value;
    "vkGetSemaphoreCounterValueKHR" Device PFN_vkGetSemaphoreCounterValue = sync::get_semaphore_counter_value;
    "vkWaitSemaphores" Device PFN_vkWaitSemaphores = sync::wait_semaphores;
    "vkWaitSemaphoresKHR" Device PFN_vkWaitSemaphores = sync::wait_semaphores;
    "vkSignalSemaphore" Device PFN_vkSignalSemaphore = sync::signal_semaphore;
    "vkSignalSemaphoreKHR" Device PFN_vkSignalSemaphore = sync::signal_semaphore;
    "vkQueueSubmit2" Device PFN_vkQueueSubmit2 = q::queue_submit2;
    "vkQueueSubmit2KHR" Device PFN_vkQueueSubmit2 = q::queue_submit2;
    "vkCmdPipelineBarrier2" Device PFN_vkCmdPipelineBarrier2 = cmd::cmd_pipeline_barrier2;
    "vkCmdPipelineBarrier2KHR" Device PFN_vkCmdPipelineBarrier2 = cmd::cmd_pipeline_barrier2;
    "vkCmdSetEvent2" Device PFN_vkCmdSetEvent2 = cmd::cmd_set_event2;
    "vkCmdSetEvent2KHR" Device PFN_vkCmdSetEvent2 = cmd::cmd_set_event2;
    "vkCmdResetEvent2" Device PFN_vkCmdResetEvent2 = cmd::cmd_reset_event2;
    "vkCmdResetEvent2KHR" Device PFN_vkCmdResetEvent2 = cmd::cmd_reset_event2;
    "vkCmdWaitEvents2" Device PFN_vkCmdWaitEvents2 = cmd::cmd_wait_events2;
    "vkCmdWaitEvents2KHR" Device PFN_vkCmdWaitEvents2 = cmd::cmd_wait_events2;
    "vkCmdWriteTimestamp2" Device PFN_vkCmdWriteTimestamp2 = cmd::cmd_write_timestamp2;
    "vkCmdWriteTimestamp2KHR" Device PFN_vkCmdWriteTimestamp2 = cmd::cmd_write_timestamp2;
    "vkGetPhysicalDeviceCalibrateableTimeDomainsKHR" Physical PFN_vkGetPhysicalDeviceCalibrateableTimeDomainsKHR = query::get_physical_device_calibrateable_time_domains;
    "vkGetPhysicalDeviceCalibrateableTimeDomainsEXT" Physical PFN_vkGetPhysicalDeviceCalibrateableTimeDomainsKHR = query::get_physical_device_calibrateable_time_domains;
    "vkGetCalibratedTimestampsKHR" Device PFN_vkGetCalibratedTimestampsKHR = query::get_calibrated_timestamps;
    "vkGetCalibratedTimestampsEXT" Device PFN_vkGetCalibratedTimestampsKHR = query::get_calibrated_timestamps;
    "vkCreateDebugUtilsMessengerEXT" Instance PFN_vkCreateDebugUtilsMessengerEXT = du::create_debug_utils_messenger;
    "vkDestroyDebugUtilsMessengerEXT" Instance PFN_vkDestroyDebugUtilsMessengerEXT = du::destroy_debug_utils_messenger;
    "vkSubmitDebugUtilsMessageEXT" Instance PFN_vkSubmitDebugUtilsMessageEXT = du::submit_debug_utils_message;
    "vkSetDebugUtilsObjectNameEXT" Device PFN_vkSetDebugUtilsObjectNameEXT = du::set_debug_utils_object_name;
    "vkSetDebugUtilsObjectTagEXT" Device PFN_vkSetDebugUtilsObjectTagEXT = du::set_debug_utils_object_tag;
    "vkQueueBeginDebugUtilsLabelEXT" Device PFN_vkQueueBeginDebugUtilsLabelEXT = du::queue_begin_label;
    "vkQueueEndDebugUtilsLabelEXT" Device PFN_vkQueueEndDebugUtilsLabelEXT = du::queue_end_label;
    "vkQueueInsertDebugUtilsLabelEXT" Device PFN_vkQueueInsertDebugUtilsLabelEXT = du::queue_insert_label;
    "vkCmdBeginDebugUtilsLabelEXT" Device PFN_vkCmdBeginDebugUtilsLabelEXT = du::cmd_begin_label;
    "vkCmdEndDebugUtilsLabelEXT" Device PFN_vkCmdEndDebugUtilsLabelEXT = du::cmd_end_label;
    "vkCmdInsertDebugUtilsLabelEXT" Device PFN_vkCmdInsertDebugUtilsLabelEXT = du::cmd_insert_label;
};

/// The entry point named `name` if `accept` takes its kind.
///
/// # Safety
/// `name` must be null or a valid C string.
unsafe fn lookup(name: *const c_char, accept: impl Fn(Kind) -> bool) -> vk::PFN_vkVoidFunction {
    if name.is_null() {
        return None;
    }
    // SAFETY: the caller's contract.
    let name = unsafe { CStr::from_ptr(name) }.to_bytes();
    PROCS.iter().find(|p| p.name.as_bytes() == name && accept(p.kind)).map(|p| p.f)
}

/// The names of every entry point the driver implements (for tests and docs).
pub fn entry_point_names() -> impl Iterator<Item = &'static str> {
    PROCS.iter().map(|p| p.name)
}

/// `vk_icdNegotiateLoaderICDInterfaceVersion`.
///
/// # Safety
/// `version` must be null or valid for reads and writes.
pub unsafe extern "system" fn vk_icd_negotiate(version: *mut u32) -> vk::Result {
    // SAFETY: the caller's pointer.
    let Some(v) = (unsafe { version.as_mut() }) else { return vk::Result::ERROR_INCOMPATIBLE_DRIVER };
    if *v < MIN_INTERFACE_VERSION {
        return vk::Result::ERROR_INCOMPATIBLE_DRIVER;
    }
    *v = (*v).min(INTERFACE_VERSION);
    vk::Result::SUCCESS
}

/// `vk_icdGetInstanceProcAddr`: every entry point (the loader asks for global ones with a
/// null instance), plus the `vk_icd*` functions themselves (interface version 7).
///
/// # Safety
/// `name` must be null or a valid C string.
pub unsafe extern "system" fn vk_icd_get_instance_proc_addr(
    _instance: vk::Instance,
    name: *const c_char,
) -> vk::PFN_vkVoidFunction {
    guard_value(None, || {
        if name.is_null() {
            return None;
        }
        // SAFETY: the caller's string.
        let bytes = unsafe { CStr::from_ptr(name) }.to_bytes();
        let icd: Option<unsafe extern "system" fn()> = match bytes {
            b"vk_icdNegotiateLoaderICDInterfaceVersion" => {
                let f: unsafe extern "system" fn(*mut u32) -> vk::Result = vk_icd_negotiate;
                // SAFETY: an untyped function pointer, cast back by the caller.
                Some(unsafe {
                    std::mem::transmute::<unsafe extern "system" fn(*mut u32) -> vk::Result, unsafe extern "system" fn()>(
                        f,
                    )
                })
            }
            b"vk_icdGetInstanceProcAddr" => {
                let f: vk::PFN_vkGetInstanceProcAddr = vk_icd_get_instance_proc_addr;
                // SAFETY: as above.
                Some(unsafe { std::mem::transmute::<vk::PFN_vkGetInstanceProcAddr, unsafe extern "system" fn()>(f) })
            }
            b"vk_icdGetPhysicalDeviceProcAddr" => {
                let f: vk::PFN_vkGetInstanceProcAddr = vk_icd_get_physical_device_proc_addr;
                // SAFETY: as above.
                Some(unsafe { std::mem::transmute::<vk::PFN_vkGetInstanceProcAddr, unsafe extern "system" fn()>(f) })
            }
            _ => None,
        };
        // SAFETY: the caller's string.
        icd.or_else(|| unsafe { lookup(name, |_| true) })
    })
}

/// `vk_icdGetPhysicalDeviceProcAddr`: the physical-device-level entry points; null for
/// any other name, so the loader knows the driver does not implement it.
///
/// # Safety
/// `name` must be null or a valid C string.
pub unsafe extern "system" fn vk_icd_get_physical_device_proc_addr(
    _instance: vk::Instance,
    name: *const c_char,
) -> vk::PFN_vkVoidFunction {
    // SAFETY: the caller's string.
    guard_value(None, || unsafe { lookup(name, |k| k == Kind::Physical) })
}

/// `vkGetDeviceProcAddr`: device-level entry points only.
pub unsafe extern "system" fn get_device_proc_addr(_device: vk::Device, name: *const c_char) -> vk::PFN_vkVoidFunction {
    // SAFETY: the caller's string.
    guard_value(None, || unsafe { lookup(name, |k| k == Kind::Device) })
}

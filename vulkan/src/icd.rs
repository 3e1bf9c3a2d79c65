//! The loader–driver interface: interface version negotiation, the procedure-address
//! queries, and the table of every entry point the driver implements (name → function,
//! which query may return it, and the core version or extension that provides it). The
//! three `vk_icd*` functions are the library's only exports (see `lib.rs`); this module
//! must not implement Vulkan commands itself.
//!
//! Filtering (the Vulkan rules for `vkGetInstanceProcAddr` and `vkGetDeviceProcAddr`,
//! as Mesa's drivers apply them): with an instance, an instance-level command is
//! returned when its core version is at most the instance's `apiVersion` (1.0 when the
//! application gave none) or its instance extension was enabled, or, for a
//! physical-device command of a device extension, when the device offers that extension;
//! a device-level command asked of `vk_icdGetInstanceProcAddr` (the loader builds its
//! device tables that way) is returned for its core version up to the instance's
//! `apiVersion` and for every device extension the device offers (which ones a device
//! enables is not known there). `vkGetDeviceProcAddr` returns a device-level command
//! only when its core version is at most the device's version (the instance's
//! `apiVersion`, capped at the device's 1.3) or its extension was enabled on the device
//! (or, for the debug-utils commands, on the instance). With no instance only the global
//! commands are returned.

use std::ffi::{c_char, CStr};

use ash::vk;

use crate::handles::guard_value;
use crate::{
    command as cmd, debug_utils as du, descriptor as ds, device as dev, format, graphics as gfx, image as img,
    instance as inst, pipeline as pl, private_data as pd, query, queue as q, sync, template as tpl, transfer as xfer,
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

/// What provides an entry point: a core version (minor number of 1.x) or an extension.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Req {
    Core(u32),
    Ext(&'static str),
}

const V1_0: Req = Req::Core(0);
const V1_1: Req = Req::Core(1);
const V1_2: Req = Req::Core(2);
const V1_3: Req = Req::Core(3);
use Req::Ext;

/// What an instance or a device enabled, for the procedure-address queries.
#[derive(Clone, Debug, Default)]
pub struct Enabled {
    /// The minor number of the Vulkan 1.x version whose core commands are returned.
    pub minor: u32,
    /// The extensions enabled.
    pub extensions: Vec<String>,
}

impl Enabled {
    fn has(&self, ext: &str) -> bool {
        self.extensions.iter().any(|e| e == ext)
    }
}

/// Whether `ext` is one of the driver's instance extensions (otherwise a device one).
fn is_instance_extension(ext: &str) -> bool {
    crate::physical::INSTANCE_EXTENSIONS.iter().any(|(e, _)| *e == ext)
}

/// Whether the device offers device extension `ext`.
fn device_offers(ext: &str) -> bool {
    crate::physical::DEVICE_EXTENSIONS.iter().any(|(e, _)| *e == ext)
}

struct Proc {
    name: &'static str,
    kind: Kind,
    req: Req,
    f: unsafe extern "system" fn(),
}

macro_rules! procs {
    ($($name:literal $kind:ident ($req:expr) $pfn:ident = $f:path;)*) => {
        &[$(Proc {
            name: $name,
            kind: Kind::$kind,
            req: $req,
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
    "vkCreateInstance" Global (V1_0) PFN_vkCreateInstance = inst::create_instance;
    "vkEnumerateInstanceVersion" Global (V1_0) PFN_vkEnumerateInstanceVersion = inst::enumerate_instance_version;
    "vkEnumerateInstanceExtensionProperties" Global (V1_0) PFN_vkEnumerateInstanceExtensionProperties = inst::enumerate_instance_extension_properties;
    "vkEnumerateInstanceLayerProperties" Global (V1_0) PFN_vkEnumerateInstanceLayerProperties = inst::enumerate_instance_layer_properties;
    "vkGetInstanceProcAddr" Global (V1_0) PFN_vkGetInstanceProcAddr = vk_icd_get_instance_proc_addr;
    "vkDestroyInstance" Instance (V1_0) PFN_vkDestroyInstance = inst::destroy_instance;
    "vkEnumeratePhysicalDevices" Instance (V1_0) PFN_vkEnumeratePhysicalDevices = inst::enumerate_physical_devices;
    "vkEnumeratePhysicalDeviceGroups" Instance (V1_1) PFN_vkEnumeratePhysicalDeviceGroups = inst::enumerate_physical_device_groups;
    "vkEnumeratePhysicalDeviceGroupsKHR" Instance (Ext("VK_KHR_device_group_creation")) PFN_vkEnumeratePhysicalDeviceGroups = inst::enumerate_physical_device_groups;
    "vkGetPhysicalDeviceProperties" Physical (V1_0) PFN_vkGetPhysicalDeviceProperties = inst::get_physical_device_properties;
    "vkGetPhysicalDeviceProperties2" Physical (V1_1) PFN_vkGetPhysicalDeviceProperties2 = inst::get_physical_device_properties2;
    "vkGetPhysicalDeviceProperties2KHR" Physical (Ext("VK_KHR_get_physical_device_properties2")) PFN_vkGetPhysicalDeviceProperties2 = inst::get_physical_device_properties2;
    "vkGetPhysicalDeviceFeatures" Physical (V1_0) PFN_vkGetPhysicalDeviceFeatures = inst::get_physical_device_features;
    "vkGetPhysicalDeviceFeatures2" Physical (V1_1) PFN_vkGetPhysicalDeviceFeatures2 = inst::get_physical_device_features2;
    "vkGetPhysicalDeviceFeatures2KHR" Physical (Ext("VK_KHR_get_physical_device_properties2")) PFN_vkGetPhysicalDeviceFeatures2 = inst::get_physical_device_features2;
    "vkGetPhysicalDeviceMemoryProperties" Physical (V1_0) PFN_vkGetPhysicalDeviceMemoryProperties = inst::get_physical_device_memory_properties;
    "vkGetPhysicalDeviceMemoryProperties2" Physical (V1_1) PFN_vkGetPhysicalDeviceMemoryProperties2 = inst::get_physical_device_memory_properties2;
    "vkGetPhysicalDeviceMemoryProperties2KHR" Physical (Ext("VK_KHR_get_physical_device_properties2")) PFN_vkGetPhysicalDeviceMemoryProperties2 = inst::get_physical_device_memory_properties2;
    "vkGetPhysicalDeviceQueueFamilyProperties" Physical (V1_0) PFN_vkGetPhysicalDeviceQueueFamilyProperties = inst::get_physical_device_queue_family_properties;
    "vkGetPhysicalDeviceQueueFamilyProperties2" Physical (V1_1) PFN_vkGetPhysicalDeviceQueueFamilyProperties2 = inst::get_physical_device_queue_family_properties2;
    "vkGetPhysicalDeviceQueueFamilyProperties2KHR" Physical (Ext("VK_KHR_get_physical_device_properties2")) PFN_vkGetPhysicalDeviceQueueFamilyProperties2 = inst::get_physical_device_queue_family_properties2;
    "vkGetPhysicalDeviceFormatProperties" Physical (V1_0) PFN_vkGetPhysicalDeviceFormatProperties = inst::get_physical_device_format_properties;
    "vkGetPhysicalDeviceFormatProperties2" Physical (V1_1) PFN_vkGetPhysicalDeviceFormatProperties2 = inst::get_physical_device_format_properties2;
    "vkGetPhysicalDeviceFormatProperties2KHR" Physical (Ext("VK_KHR_get_physical_device_properties2")) PFN_vkGetPhysicalDeviceFormatProperties2 = inst::get_physical_device_format_properties2;
    "vkGetPhysicalDeviceImageFormatProperties" Physical (V1_0) PFN_vkGetPhysicalDeviceImageFormatProperties = format::get_physical_device_image_format_properties;
    "vkGetPhysicalDeviceImageFormatProperties2" Physical (V1_1) PFN_vkGetPhysicalDeviceImageFormatProperties2 = format::get_physical_device_image_format_properties2;
    "vkGetPhysicalDeviceImageFormatProperties2KHR" Physical (Ext("VK_KHR_get_physical_device_properties2")) PFN_vkGetPhysicalDeviceImageFormatProperties2 = format::get_physical_device_image_format_properties2;
    "vkGetPhysicalDeviceSparseImageFormatProperties" Physical (V1_0) PFN_vkGetPhysicalDeviceSparseImageFormatProperties = inst::get_physical_device_sparse_image_format_properties;
    "vkGetPhysicalDeviceSparseImageFormatProperties2" Physical (V1_1) PFN_vkGetPhysicalDeviceSparseImageFormatProperties2 = inst::get_physical_device_sparse_image_format_properties2;
    "vkGetPhysicalDeviceSparseImageFormatProperties2KHR" Physical (Ext("VK_KHR_get_physical_device_properties2")) PFN_vkGetPhysicalDeviceSparseImageFormatProperties2 = inst::get_physical_device_sparse_image_format_properties2;
    "vkGetPhysicalDeviceToolProperties" Physical (V1_3) PFN_vkGetPhysicalDeviceToolProperties = inst::get_physical_device_tool_properties;
    "vkGetPhysicalDeviceToolPropertiesEXT" Physical (Ext("VK_EXT_tooling_info")) PFN_vkGetPhysicalDeviceToolProperties = inst::get_physical_device_tool_properties;
    "vkGetPhysicalDeviceExternalBufferProperties" Physical (V1_1) PFN_vkGetPhysicalDeviceExternalBufferProperties = inst::get_physical_device_external_buffer_properties;
    "vkGetPhysicalDeviceExternalFenceProperties" Physical (V1_1) PFN_vkGetPhysicalDeviceExternalFenceProperties = inst::get_physical_device_external_fence_properties;
    "vkGetPhysicalDeviceExternalSemaphoreProperties" Physical (V1_1) PFN_vkGetPhysicalDeviceExternalSemaphoreProperties = inst::get_physical_device_external_semaphore_properties;
    "vkEnumerateDeviceExtensionProperties" Physical (V1_0) PFN_vkEnumerateDeviceExtensionProperties = inst::enumerate_device_extension_properties;
    "vkEnumerateDeviceLayerProperties" Physical (V1_0) PFN_vkEnumerateDeviceLayerProperties = inst::enumerate_device_layer_properties;
    "vkCreateDevice" Physical (V1_0) PFN_vkCreateDevice = dev::create_device;
    "vkGetDeviceProcAddr" Device (V1_0) PFN_vkGetDeviceProcAddr = get_device_proc_addr;
    "vkDestroyDevice" Device (V1_0) PFN_vkDestroyDevice = dev::destroy_device;
    "vkGetDeviceQueue" Device (V1_0) PFN_vkGetDeviceQueue = dev::get_device_queue;
    "vkGetDeviceQueue2" Device (V1_1) PFN_vkGetDeviceQueue2 = dev::get_device_queue2;
    "vkDeviceWaitIdle" Device (V1_0) PFN_vkDeviceWaitIdle = q::device_wait_idle;
    "vkAllocateMemory" Device (V1_0) PFN_vkAllocateMemory = dev::allocate_memory;
    "vkFreeMemory" Device (V1_0) PFN_vkFreeMemory = dev::free_memory;
    "vkMapMemory" Device (V1_0) PFN_vkMapMemory = dev::map_memory;
    "vkUnmapMemory" Device (V1_0) PFN_vkUnmapMemory = dev::unmap_memory;
    "vkFlushMappedMemoryRanges" Device (V1_0) PFN_vkFlushMappedMemoryRanges = dev::flush_ranges;
    "vkInvalidateMappedMemoryRanges" Device (V1_0) PFN_vkInvalidateMappedMemoryRanges = dev::flush_ranges;
    "vkGetDeviceMemoryCommitment" Device (V1_0) PFN_vkGetDeviceMemoryCommitment = dev::get_device_memory_commitment;
    "vkCreateBuffer" Device (V1_0) PFN_vkCreateBuffer = dev::create_buffer;
    "vkDestroyBuffer" Device (V1_0) PFN_vkDestroyBuffer = dev::destroy_buffer;
    "vkGetBufferMemoryRequirements" Device (V1_0) PFN_vkGetBufferMemoryRequirements = dev::get_buffer_memory_requirements;
    "vkGetBufferMemoryRequirements2" Device (V1_1) PFN_vkGetBufferMemoryRequirements2 = dev::get_buffer_memory_requirements2;
    "vkGetBufferMemoryRequirements2KHR" Device (Ext("VK_KHR_get_memory_requirements2")) PFN_vkGetBufferMemoryRequirements2 = dev::get_buffer_memory_requirements2;
    "vkBindBufferMemory" Device (V1_0) PFN_vkBindBufferMemory = dev::bind_buffer_memory;
    "vkBindBufferMemory2" Device (V1_1) PFN_vkBindBufferMemory2 = dev::bind_buffer_memory2;
    "vkBindBufferMemory2KHR" Device (Ext("VK_KHR_bind_memory2")) PFN_vkBindBufferMemory2 = dev::bind_buffer_memory2;
    "vkGetBufferDeviceAddress" Device (V1_2) PFN_vkGetBufferDeviceAddress = dev::get_buffer_device_address;
    "vkGetBufferDeviceAddressKHR" Device (Ext("VK_KHR_buffer_device_address")) PFN_vkGetBufferDeviceAddress = dev::get_buffer_device_address;
    "vkCreateImage" Device (V1_0) PFN_vkCreateImage = img::create_image;
    "vkDestroyImage" Device (V1_0) PFN_vkDestroyImage = img::destroy_image;
    "vkGetImageMemoryRequirements" Device (V1_0) PFN_vkGetImageMemoryRequirements = img::get_image_memory_requirements;
    "vkGetImageMemoryRequirements2" Device (V1_1) PFN_vkGetImageMemoryRequirements2 = img::get_image_memory_requirements2;
    "vkGetImageMemoryRequirements2KHR" Device (Ext("VK_KHR_get_memory_requirements2")) PFN_vkGetImageMemoryRequirements2 = img::get_image_memory_requirements2;
    "vkGetImageSparseMemoryRequirements" Device (V1_0) PFN_vkGetImageSparseMemoryRequirements = img::get_image_sparse_memory_requirements;
    "vkGetImageSparseMemoryRequirements2" Device (V1_1) PFN_vkGetImageSparseMemoryRequirements2 = img::get_image_sparse_memory_requirements2;
    "vkGetImageSparseMemoryRequirements2KHR" Device (Ext("VK_KHR_get_memory_requirements2")) PFN_vkGetImageSparseMemoryRequirements2 = img::get_image_sparse_memory_requirements2;
    "vkGetDeviceBufferMemoryRequirements" Device (V1_3) PFN_vkGetDeviceBufferMemoryRequirements = dev::get_device_buffer_memory_requirements;
    "vkGetDeviceBufferMemoryRequirementsKHR" Device (Ext("VK_KHR_maintenance4")) PFN_vkGetDeviceBufferMemoryRequirements = dev::get_device_buffer_memory_requirements;
    "vkGetDeviceImageMemoryRequirements" Device (V1_3) PFN_vkGetDeviceImageMemoryRequirements = img::get_device_image_memory_requirements;
    "vkGetDeviceImageMemoryRequirementsKHR" Device (Ext("VK_KHR_maintenance4")) PFN_vkGetDeviceImageMemoryRequirements = img::get_device_image_memory_requirements;
    "vkGetDeviceImageSparseMemoryRequirements" Device (V1_3) PFN_vkGetDeviceImageSparseMemoryRequirements = img::get_device_image_sparse_memory_requirements;
    "vkGetDeviceImageSparseMemoryRequirementsKHR" Device (Ext("VK_KHR_maintenance4")) PFN_vkGetDeviceImageSparseMemoryRequirements = img::get_device_image_sparse_memory_requirements;
    "vkBindImageMemory" Device (V1_0) PFN_vkBindImageMemory = img::bind_image_memory;
    "vkBindImageMemory2" Device (V1_1) PFN_vkBindImageMemory2 = img::bind_image_memory2;
    "vkBindImageMemory2KHR" Device (Ext("VK_KHR_bind_memory2")) PFN_vkBindImageMemory2 = img::bind_image_memory2;
    "vkGetImageSubresourceLayout" Device (V1_0) PFN_vkGetImageSubresourceLayout = img::get_image_subresource_layout;
    "vkCreateImageView" Device (V1_0) PFN_vkCreateImageView = img::create_image_view;
    "vkDestroyImageView" Device (V1_0) PFN_vkDestroyImageView = img::destroy_image_view;
    "vkCreateBufferView" Device (V1_0) PFN_vkCreateBufferView = img::create_buffer_view;
    "vkDestroyBufferView" Device (V1_0) PFN_vkDestroyBufferView = img::destroy_buffer_view;
    "vkCreateSampler" Device (V1_0) PFN_vkCreateSampler = img::create_sampler;
    "vkDestroySampler" Device (V1_0) PFN_vkDestroySampler = img::destroy_sampler;
    "vkCmdCopyBufferToImage" Device (V1_0) PFN_vkCmdCopyBufferToImage = xfer::cmd_copy_buffer_to_image;
    "vkCmdCopyImageToBuffer" Device (V1_0) PFN_vkCmdCopyImageToBuffer = xfer::cmd_copy_image_to_buffer;
    "vkCmdCopyImage" Device (V1_0) PFN_vkCmdCopyImage = xfer::cmd_copy_image;
    "vkCmdClearColorImage" Device (V1_0) PFN_vkCmdClearColorImage = xfer::cmd_clear_color_image;
    "vkCmdCopyBuffer2" Device (V1_3) PFN_vkCmdCopyBuffer2 = xfer::cmd_copy_buffer2;
    "vkCmdCopyImage2" Device (V1_3) PFN_vkCmdCopyImage2 = xfer::cmd_copy_image2;
    "vkCmdCopyBufferToImage2" Device (V1_3) PFN_vkCmdCopyBufferToImage2 = xfer::cmd_copy_buffer_to_image2;
    "vkCmdCopyImageToBuffer2" Device (V1_3) PFN_vkCmdCopyImageToBuffer2 = xfer::cmd_copy_image_to_buffer2;
    "vkCmdBlitImage2" Device (V1_3) PFN_vkCmdBlitImage2 = xfer::cmd_blit_image2;
    "vkCmdResolveImage2" Device (V1_3) PFN_vkCmdResolveImage2 = xfer::cmd_resolve_image2;
    "vkCmdCopyBuffer2KHR" Device (Ext("VK_KHR_copy_commands2")) PFN_vkCmdCopyBuffer2 = xfer::cmd_copy_buffer2;
    "vkCmdCopyImage2KHR" Device (Ext("VK_KHR_copy_commands2")) PFN_vkCmdCopyImage2 = xfer::cmd_copy_image2;
    "vkCmdCopyBufferToImage2KHR" Device (Ext("VK_KHR_copy_commands2")) PFN_vkCmdCopyBufferToImage2 = xfer::cmd_copy_buffer_to_image2;
    "vkCmdCopyImageToBuffer2KHR" Device (Ext("VK_KHR_copy_commands2")) PFN_vkCmdCopyImageToBuffer2 = xfer::cmd_copy_image_to_buffer2;
    "vkCmdBlitImage2KHR" Device (Ext("VK_KHR_copy_commands2")) PFN_vkCmdBlitImage2 = xfer::cmd_blit_image2;
    "vkCmdResolveImage2KHR" Device (Ext("VK_KHR_copy_commands2")) PFN_vkCmdResolveImage2 = xfer::cmd_resolve_image2;
    "vkGetBufferDeviceAddressEXT" Device (Ext("VK_EXT_buffer_device_address")) PFN_vkGetBufferDeviceAddress = dev::get_buffer_device_address;
    "vkGetBufferOpaqueCaptureAddress" Device (V1_2) PFN_vkGetBufferOpaqueCaptureAddress = dev::get_buffer_opaque_capture_address;
    "vkGetBufferOpaqueCaptureAddressKHR" Device (Ext("VK_KHR_buffer_device_address")) PFN_vkGetBufferOpaqueCaptureAddress = dev::get_buffer_opaque_capture_address;
    "vkGetDeviceMemoryOpaqueCaptureAddress" Device (V1_2) PFN_vkGetDeviceMemoryOpaqueCaptureAddress = dev::get_device_memory_opaque_capture_address;
    "vkGetDeviceMemoryOpaqueCaptureAddressKHR" Device (Ext("VK_KHR_buffer_device_address")) PFN_vkGetDeviceMemoryOpaqueCaptureAddress = dev::get_device_memory_opaque_capture_address;
    "vkCreateShaderModule" Device (V1_0) PFN_vkCreateShaderModule = pl::create_shader_module;
    "vkDestroyShaderModule" Device (V1_0) PFN_vkDestroyShaderModule = pl::destroy_shader_module;
    "vkCreateComputePipelines" Device (V1_0) PFN_vkCreateComputePipelines = pl::create_compute_pipelines;
    "vkDestroyPipeline" Device (V1_0) PFN_vkDestroyPipeline = pl::destroy_pipeline;
    "vkCreatePipelineCache" Device (V1_0) PFN_vkCreatePipelineCache = pl::create_pipeline_cache;
    "vkDestroyPipelineCache" Device (V1_0) PFN_vkDestroyPipelineCache = pl::destroy_pipeline_cache;
    "vkGetPipelineCacheData" Device (V1_0) PFN_vkGetPipelineCacheData = pl::get_pipeline_cache_data;
    "vkMergePipelineCaches" Device (V1_0) PFN_vkMergePipelineCaches = pl::merge_pipeline_caches;
    "vkCreateDescriptorSetLayout" Device (V1_0) PFN_vkCreateDescriptorSetLayout = ds::create_descriptor_set_layout;
    "vkDestroyDescriptorSetLayout" Device (V1_0) PFN_vkDestroyDescriptorSetLayout = ds::destroy_descriptor_set_layout;
    "vkGetDescriptorSetLayoutSupport" Device (V1_1) PFN_vkGetDescriptorSetLayoutSupport = ds::get_descriptor_set_layout_support;
    "vkGetDescriptorSetLayoutSupportKHR" Device (Ext("VK_KHR_maintenance3")) PFN_vkGetDescriptorSetLayoutSupport = ds::get_descriptor_set_layout_support;
    "vkCreatePipelineLayout" Device (V1_0) PFN_vkCreatePipelineLayout = ds::create_pipeline_layout;
    "vkDestroyPipelineLayout" Device (V1_0) PFN_vkDestroyPipelineLayout = ds::destroy_pipeline_layout;
    "vkCreateDescriptorPool" Device (V1_0) PFN_vkCreateDescriptorPool = ds::create_descriptor_pool;
    "vkDestroyDescriptorPool" Device (V1_0) PFN_vkDestroyDescriptorPool = ds::destroy_descriptor_pool;
    "vkResetDescriptorPool" Device (V1_0) PFN_vkResetDescriptorPool = ds::reset_descriptor_pool;
    "vkAllocateDescriptorSets" Device (V1_0) PFN_vkAllocateDescriptorSets = ds::allocate_descriptor_sets;
    "vkFreeDescriptorSets" Device (V1_0) PFN_vkFreeDescriptorSets = ds::free_descriptor_sets;
    "vkUpdateDescriptorSets" Device (V1_0) PFN_vkUpdateDescriptorSets = ds::update_descriptor_sets;
    "vkCreateDescriptorUpdateTemplate" Device (V1_1) PFN_vkCreateDescriptorUpdateTemplate = tpl::create_descriptor_update_template;
    "vkCreateDescriptorUpdateTemplateKHR" Device (Ext("VK_KHR_descriptor_update_template")) PFN_vkCreateDescriptorUpdateTemplate = tpl::create_descriptor_update_template;
    "vkDestroyDescriptorUpdateTemplate" Device (V1_1) PFN_vkDestroyDescriptorUpdateTemplate = tpl::destroy_descriptor_update_template;
    "vkDestroyDescriptorUpdateTemplateKHR" Device (Ext("VK_KHR_descriptor_update_template")) PFN_vkDestroyDescriptorUpdateTemplate = tpl::destroy_descriptor_update_template;
    "vkUpdateDescriptorSetWithTemplate" Device (V1_1) PFN_vkUpdateDescriptorSetWithTemplate = tpl::update_descriptor_set_with_template;
    "vkUpdateDescriptorSetWithTemplateKHR" Device (Ext("VK_KHR_descriptor_update_template")) PFN_vkUpdateDescriptorSetWithTemplate = tpl::update_descriptor_set_with_template;
    "vkCmdPushDescriptorSetKHR" Device (Ext("VK_KHR_push_descriptor")) PFN_vkCmdPushDescriptorSetKHR = tpl::cmd_push_descriptor_set;
    "vkCmdPushDescriptorSetWithTemplateKHR" Device (Ext("VK_KHR_push_descriptor")) PFN_vkCmdPushDescriptorSetWithTemplateKHR = tpl::cmd_push_descriptor_set_with_template;
    "vkCreateCommandPool" Device (V1_0) PFN_vkCreateCommandPool = cmd::create_command_pool;
    "vkDestroyCommandPool" Device (V1_0) PFN_vkDestroyCommandPool = cmd::destroy_command_pool;
    "vkResetCommandPool" Device (V1_0) PFN_vkResetCommandPool = cmd::reset_command_pool;
    "vkTrimCommandPool" Device (V1_1) PFN_vkTrimCommandPool = cmd::trim_command_pool;
    "vkTrimCommandPoolKHR" Device (Ext("VK_KHR_maintenance1")) PFN_vkTrimCommandPool = cmd::trim_command_pool;
    "vkAllocateCommandBuffers" Device (V1_0) PFN_vkAllocateCommandBuffers = cmd::allocate_command_buffers;
    "vkFreeCommandBuffers" Device (V1_0) PFN_vkFreeCommandBuffers = cmd::free_command_buffers;
    "vkBeginCommandBuffer" Device (V1_0) PFN_vkBeginCommandBuffer = cmd::begin_command_buffer;
    "vkEndCommandBuffer" Device (V1_0) PFN_vkEndCommandBuffer = cmd::end_command_buffer;
    "vkResetCommandBuffer" Device (V1_0) PFN_vkResetCommandBuffer = cmd::reset_command_buffer;
    "vkCmdExecuteCommands" Device (V1_0) PFN_vkCmdExecuteCommands = cmd::cmd_execute_commands;
    "vkCmdBindPipeline" Device (V1_0) PFN_vkCmdBindPipeline = cmd::cmd_bind_pipeline;
    "vkCmdBindDescriptorSets" Device (V1_0) PFN_vkCmdBindDescriptorSets = cmd::cmd_bind_descriptor_sets;
    "vkCmdPushConstants" Device (V1_0) PFN_vkCmdPushConstants = cmd::cmd_push_constants;
    "vkCmdDispatch" Device (V1_0) PFN_vkCmdDispatch = cmd::cmd_dispatch;
    "vkCmdDispatchBase" Device (V1_1) PFN_vkCmdDispatchBase = cmd::cmd_dispatch_base;
    "vkCmdDispatchBaseKHR" Device (Ext("VK_KHR_device_group")) PFN_vkCmdDispatchBase = cmd::cmd_dispatch_base;
    "vkCmdDispatchIndirect" Device (V1_0) PFN_vkCmdDispatchIndirect = cmd::cmd_dispatch_indirect;
    "vkCmdCopyBuffer" Device (V1_0) PFN_vkCmdCopyBuffer = cmd::cmd_copy_buffer;
    "vkCmdFillBuffer" Device (V1_0) PFN_vkCmdFillBuffer = cmd::cmd_fill_buffer;
    "vkCmdUpdateBuffer" Device (V1_0) PFN_vkCmdUpdateBuffer = cmd::cmd_update_buffer;
    "vkCmdPipelineBarrier" Device (V1_0) PFN_vkCmdPipelineBarrier = cmd::cmd_pipeline_barrier;
    "vkCmdSetEvent" Device (V1_0) PFN_vkCmdSetEvent = cmd::cmd_set_event;
    "vkCmdResetEvent" Device (V1_0) PFN_vkCmdResetEvent = cmd::cmd_reset_event;
    "vkCmdWaitEvents" Device (V1_0) PFN_vkCmdWaitEvents = cmd::cmd_wait_events;
    "vkQueueSubmit" Device (V1_0) PFN_vkQueueSubmit = q::queue_submit;
    "vkQueueWaitIdle" Device (V1_0) PFN_vkQueueWaitIdle = q::queue_wait_idle;
    "vkCreateFence" Device (V1_0) PFN_vkCreateFence = sync::create_fence;
    "vkDestroyFence" Device (V1_0) PFN_vkDestroyFence = sync::destroy_fence;
    "vkResetFences" Device (V1_0) PFN_vkResetFences = sync::reset_fences;
    "vkGetFenceStatus" Device (V1_0) PFN_vkGetFenceStatus = sync::get_fence_status;
    "vkWaitForFences" Device (V1_0) PFN_vkWaitForFences = sync::wait_for_fences;
    "vkCreateSemaphore" Device (V1_0) PFN_vkCreateSemaphore = sync::create_semaphore;
    "vkDestroySemaphore" Device (V1_0) PFN_vkDestroySemaphore = sync::destroy_semaphore;
    "vkCreateEvent" Device (V1_0) PFN_vkCreateEvent = sync::create_event;
    "vkCreateQueryPool" Device (V1_0) PFN_vkCreateQueryPool = query::create_query_pool;
    "vkDestroyQueryPool" Device (V1_0) PFN_vkDestroyQueryPool = query::destroy_query_pool;
    "vkGetQueryPoolResults" Device (V1_0) PFN_vkGetQueryPoolResults = query::get_query_pool_results;
    "vkCmdResetQueryPool" Device (V1_0) PFN_vkCmdResetQueryPool = cmd::cmd_reset_query_pool;
    "vkResetQueryPool" Device (V1_2) PFN_vkResetQueryPool = query::reset_query_pool;
    "vkResetQueryPoolEXT" Device (Ext("VK_EXT_host_query_reset")) PFN_vkResetQueryPool = query::reset_query_pool;
    "vkCmdWriteTimestamp" Device (V1_0) PFN_vkCmdWriteTimestamp = cmd::cmd_write_timestamp;
    "vkCmdCopyQueryPoolResults" Device (V1_0) PFN_vkCmdCopyQueryPoolResults = cmd::cmd_copy_query_pool_results;
    "vkDestroyEvent" Device (V1_0) PFN_vkDestroyEvent = sync::destroy_event;
    "vkGetEventStatus" Device (V1_0) PFN_vkGetEventStatus = sync::get_event_status;
    "vkSetEvent" Device (V1_0) PFN_vkSetEvent = sync::set_event;
    "vkResetEvent" Device (V1_0) PFN_vkResetEvent = sync::reset_event;
    "vkGetSemaphoreCounterValue" Device (V1_2) PFN_vkGetSemaphoreCounterValue = sync::get_semaphore_counter_value;
    "vkGetSemaphoreCounterValueKHR" Device (Ext("VK_KHR_timeline_semaphore")) PFN_vkGetSemaphoreCounterValue = sync::get_semaphore_counter_value;
    "vkWaitSemaphores" Device (V1_2) PFN_vkWaitSemaphores = sync::wait_semaphores;
    "vkWaitSemaphoresKHR" Device (Ext("VK_KHR_timeline_semaphore")) PFN_vkWaitSemaphores = sync::wait_semaphores;
    "vkSignalSemaphore" Device (V1_2) PFN_vkSignalSemaphore = sync::signal_semaphore;
    "vkSignalSemaphoreKHR" Device (Ext("VK_KHR_timeline_semaphore")) PFN_vkSignalSemaphore = sync::signal_semaphore;
    "vkGetPhysicalDeviceExternalBufferPropertiesKHR" Physical (Ext("VK_KHR_external_memory_capabilities")) PFN_vkGetPhysicalDeviceExternalBufferProperties = inst::get_physical_device_external_buffer_properties;
    "vkGetPhysicalDeviceExternalFencePropertiesKHR" Physical (Ext("VK_KHR_external_fence_capabilities")) PFN_vkGetPhysicalDeviceExternalFenceProperties = inst::get_physical_device_external_fence_properties;
    "vkGetPhysicalDeviceExternalSemaphorePropertiesKHR" Physical (Ext("VK_KHR_external_semaphore_capabilities")) PFN_vkGetPhysicalDeviceExternalSemaphoreProperties = inst::get_physical_device_external_semaphore_properties;
    "vkGetMemoryHostPointerPropertiesEXT" Device (Ext("VK_EXT_external_memory_host")) PFN_vkGetMemoryHostPointerPropertiesEXT = crate::external::get_memory_host_pointer_properties;
    "vkGetMemoryFdKHR" Device (Ext("VK_KHR_external_memory_fd")) PFN_vkGetMemoryFdKHR = crate::external::get_memory_fd;
    "vkGetMemoryFdPropertiesKHR" Device (Ext("VK_KHR_external_memory_fd")) PFN_vkGetMemoryFdPropertiesKHR = crate::external::get_memory_fd_properties;
    "vkGetFenceFdKHR" Device (Ext("VK_KHR_external_fence_fd")) PFN_vkGetFenceFdKHR = crate::external::get_fence_fd;
    "vkImportFenceFdKHR" Device (Ext("VK_KHR_external_fence_fd")) PFN_vkImportFenceFdKHR = crate::external::import_fence_fd;
    "vkGetSemaphoreFdKHR" Device (Ext("VK_KHR_external_semaphore_fd")) PFN_vkGetSemaphoreFdKHR = crate::external::get_semaphore_fd;
    "vkImportSemaphoreFdKHR" Device (Ext("VK_KHR_external_semaphore_fd")) PFN_vkImportSemaphoreFdKHR = crate::external::import_semaphore_fd;
    "vkQueueSubmit2" Device (V1_3) PFN_vkQueueSubmit2 = q::queue_submit2;
    "vkQueueSubmit2KHR" Device (Ext("VK_KHR_synchronization2")) PFN_vkQueueSubmit2 = q::queue_submit2;
    "vkCmdPipelineBarrier2" Device (V1_3) PFN_vkCmdPipelineBarrier2 = cmd::cmd_pipeline_barrier2;
    "vkCmdPipelineBarrier2KHR" Device (Ext("VK_KHR_synchronization2")) PFN_vkCmdPipelineBarrier2 = cmd::cmd_pipeline_barrier2;
    "vkCmdSetEvent2" Device (V1_3) PFN_vkCmdSetEvent2 = cmd::cmd_set_event2;
    "vkCmdSetEvent2KHR" Device (Ext("VK_KHR_synchronization2")) PFN_vkCmdSetEvent2 = cmd::cmd_set_event2;
    "vkCmdResetEvent2" Device (V1_3) PFN_vkCmdResetEvent2 = cmd::cmd_reset_event2;
    "vkCmdResetEvent2KHR" Device (Ext("VK_KHR_synchronization2")) PFN_vkCmdResetEvent2 = cmd::cmd_reset_event2;
    "vkCmdWaitEvents2" Device (V1_3) PFN_vkCmdWaitEvents2 = cmd::cmd_wait_events2;
    "vkCmdWaitEvents2KHR" Device (Ext("VK_KHR_synchronization2")) PFN_vkCmdWaitEvents2 = cmd::cmd_wait_events2;
    "vkCmdWriteTimestamp2" Device (V1_3) PFN_vkCmdWriteTimestamp2 = cmd::cmd_write_timestamp2;
    "vkCmdWriteTimestamp2KHR" Device (Ext("VK_KHR_synchronization2")) PFN_vkCmdWriteTimestamp2 = cmd::cmd_write_timestamp2;
    "vkCmdBeginRendering" Device (V1_3) PFN_vkCmdBeginRendering = gfx::cmd_begin_rendering;
    "vkCmdEndRendering" Device (V1_3) PFN_vkCmdEndRendering = gfx::cmd_end_rendering;
    "vkCmdSetCullMode" Device (V1_3) PFN_vkCmdSetCullMode = gfx::cmd_set_cull_mode;
    "vkCmdSetFrontFace" Device (V1_3) PFN_vkCmdSetFrontFace = gfx::cmd_set_front_face;
    "vkCmdSetPrimitiveTopology" Device (V1_3) PFN_vkCmdSetPrimitiveTopology = gfx::cmd_set_primitive_topology;
    "vkCmdSetViewportWithCount" Device (V1_3) PFN_vkCmdSetViewportWithCount = gfx::cmd_set_viewport_with_count;
    "vkCmdSetScissorWithCount" Device (V1_3) PFN_vkCmdSetScissorWithCount = gfx::cmd_set_scissor_with_count;
    "vkCmdBindVertexBuffers2" Device (V1_3) PFN_vkCmdBindVertexBuffers2 = gfx::cmd_bind_vertex_buffers2;
    "vkCmdSetDepthTestEnable" Device (V1_3) PFN_vkCmdSetDepthTestEnable = gfx::cmd_set_depth_test_enable;
    "vkCmdSetDepthWriteEnable" Device (V1_3) PFN_vkCmdSetDepthWriteEnable = gfx::cmd_set_depth_write_enable;
    "vkCmdSetDepthCompareOp" Device (V1_3) PFN_vkCmdSetDepthCompareOp = gfx::cmd_set_depth_compare_op;
    "vkCmdSetDepthBoundsTestEnable" Device (V1_3) PFN_vkCmdSetDepthBoundsTestEnable = gfx::cmd_set_depth_bounds_test_enable;
    "vkCmdSetStencilTestEnable" Device (V1_3) PFN_vkCmdSetStencilTestEnable = gfx::cmd_set_stencil_test_enable;
    "vkCmdSetStencilOp" Device (V1_3) PFN_vkCmdSetStencilOp = gfx::cmd_set_stencil_op;
    "vkCmdSetRasterizerDiscardEnable" Device (V1_3) PFN_vkCmdSetRasterizerDiscardEnable = gfx::cmd_set_rasterizer_discard_enable;
    "vkCmdSetDepthBiasEnable" Device (V1_3) PFN_vkCmdSetDepthBiasEnable = gfx::cmd_set_depth_bias_enable;
    "vkCmdSetPrimitiveRestartEnable" Device (V1_3) PFN_vkCmdSetPrimitiveRestartEnable = gfx::cmd_set_primitive_restart_enable;
    "vkGetPhysicalDeviceCalibrateableTimeDomainsKHR" Physical (Ext("VK_KHR_calibrated_timestamps")) PFN_vkGetPhysicalDeviceCalibrateableTimeDomainsKHR = query::get_physical_device_calibrateable_time_domains;
    "vkGetPhysicalDeviceCalibrateableTimeDomainsEXT" Physical (Ext("VK_EXT_calibrated_timestamps")) PFN_vkGetPhysicalDeviceCalibrateableTimeDomainsKHR = query::get_physical_device_calibrateable_time_domains;
    "vkGetCalibratedTimestampsKHR" Device (Ext("VK_KHR_calibrated_timestamps")) PFN_vkGetCalibratedTimestampsKHR = query::get_calibrated_timestamps;
    "vkGetCalibratedTimestampsEXT" Device (Ext("VK_EXT_calibrated_timestamps")) PFN_vkGetCalibratedTimestampsKHR = query::get_calibrated_timestamps;
    "vkCreatePrivateDataSlot" Device (V1_3) PFN_vkCreatePrivateDataSlot = pd::create_private_data_slot;
    "vkCreatePrivateDataSlotEXT" Device (Ext("VK_EXT_private_data")) PFN_vkCreatePrivateDataSlot = pd::create_private_data_slot;
    "vkDestroyPrivateDataSlot" Device (V1_3) PFN_vkDestroyPrivateDataSlot = pd::destroy_private_data_slot;
    "vkDestroyPrivateDataSlotEXT" Device (Ext("VK_EXT_private_data")) PFN_vkDestroyPrivateDataSlot = pd::destroy_private_data_slot;
    "vkSetPrivateData" Device (V1_3) PFN_vkSetPrivateData = pd::set_private_data;
    "vkSetPrivateDataEXT" Device (Ext("VK_EXT_private_data")) PFN_vkSetPrivateData = pd::set_private_data;
    "vkGetPrivateData" Device (V1_3) PFN_vkGetPrivateData = pd::get_private_data;
    "vkGetPrivateDataEXT" Device (Ext("VK_EXT_private_data")) PFN_vkGetPrivateData = pd::get_private_data;
    "vkCreateDebugUtilsMessengerEXT" Instance (Ext("VK_EXT_debug_utils")) PFN_vkCreateDebugUtilsMessengerEXT = du::create_debug_utils_messenger;
    "vkDestroyDebugUtilsMessengerEXT" Instance (Ext("VK_EXT_debug_utils")) PFN_vkDestroyDebugUtilsMessengerEXT = du::destroy_debug_utils_messenger;
    "vkSubmitDebugUtilsMessageEXT" Instance (Ext("VK_EXT_debug_utils")) PFN_vkSubmitDebugUtilsMessageEXT = du::submit_debug_utils_message;
    "vkSetDebugUtilsObjectNameEXT" Device (Ext("VK_EXT_debug_utils")) PFN_vkSetDebugUtilsObjectNameEXT = du::set_debug_utils_object_name;
    "vkSetDebugUtilsObjectTagEXT" Device (Ext("VK_EXT_debug_utils")) PFN_vkSetDebugUtilsObjectTagEXT = du::set_debug_utils_object_tag;
    "vkQueueBeginDebugUtilsLabelEXT" Device (Ext("VK_EXT_debug_utils")) PFN_vkQueueBeginDebugUtilsLabelEXT = du::queue_begin_label;
    "vkQueueEndDebugUtilsLabelEXT" Device (Ext("VK_EXT_debug_utils")) PFN_vkQueueEndDebugUtilsLabelEXT = du::queue_end_label;
    "vkQueueInsertDebugUtilsLabelEXT" Device (Ext("VK_EXT_debug_utils")) PFN_vkQueueInsertDebugUtilsLabelEXT = du::queue_insert_label;
    "vkCmdBeginDebugUtilsLabelEXT" Device (Ext("VK_EXT_debug_utils")) PFN_vkCmdBeginDebugUtilsLabelEXT = du::cmd_begin_label;
    "vkCmdEndDebugUtilsLabelEXT" Device (Ext("VK_EXT_debug_utils")) PFN_vkCmdEndDebugUtilsLabelEXT = du::cmd_end_label;
    "vkCmdInsertDebugUtilsLabelEXT" Device (Ext("VK_EXT_debug_utils")) PFN_vkCmdInsertDebugUtilsLabelEXT = du::cmd_insert_label;
};

/// The entry point named `name` if `accept` takes it.
///
/// # Safety
/// `name` must be null or a valid C string.
unsafe fn lookup(name: *const c_char, accept: impl Fn(Kind, Req) -> bool) -> vk::PFN_vkVoidFunction {
    if name.is_null() {
        return None;
    }
    // SAFETY: the caller's contract.
    let name = unsafe { CStr::from_ptr(name) }.to_bytes();
    PROCS.iter().find(|p| p.name.as_bytes() == name && accept(p.kind, p.req)).map(|p| p.f)
}

/// Whether `vk_icdGetInstanceProcAddr` on an instance that enabled `inst` returns an
/// entry point of `kind` provided by `req` (see the module documentation).
fn instance_returns(inst: &Enabled, kind: Kind, req: Req) -> bool {
    match (kind, req) {
        (Kind::Global, _) => true,
        (_, Req::Core(minor)) => minor <= inst.minor,
        (_, Req::Ext(e)) if is_instance_extension(e) => inst.has(e),
        (Kind::Physical | Kind::Device, Req::Ext(e)) => device_offers(e),
        (Kind::Instance, Req::Ext(_)) => false,
    }
}

/// Whether `vkGetDeviceProcAddr` on a device that enabled `dev`, of an instance that
/// enabled `inst`, returns an entry point of `kind` provided by `req`.
fn device_returns(dev: &Enabled, inst: &Enabled, kind: Kind, req: Req) -> bool {
    kind == Kind::Device
        && match req {
            Req::Core(minor) => minor <= dev.minor,
            Req::Ext(e) if is_instance_extension(e) => inst.has(e),
            Req::Ext(e) => dev.has(e),
        }
}

/// The core version or extension that provides entry point `name`.
#[cfg(test)]
pub fn requirement(name: &str) -> Option<Req> {
    PROCS.iter().find(|p| p.name == name).map(|p| p.req)
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

/// `vk_icdGetInstanceProcAddr`: the entry points `instance` may call (filtered as the
/// module documentation says; global ones only with a null instance), plus the `vk_icd*`
/// functions themselves (interface version 7).
///
/// # Safety
/// `name` must be null or a valid C string.
pub unsafe extern "system" fn vk_icd_get_instance_proc_addr(
    instance: vk::Instance,
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
        let enabled = crate::instance::enabled(instance);
        // SAFETY: the caller's string.
        icd.or_else(|| unsafe {
            lookup(name, |kind, req| match &enabled {
                Some(e) => instance_returns(e, kind, req),
                None => kind == Kind::Global,
            })
        })
    })
}

/// `vk_icdGetPhysicalDeviceProcAddr`: the physical-device-level entry points; null for
/// any other name, so the loader knows the driver does not implement it.
///
/// # Safety
/// `name` must be null or a valid C string.
pub unsafe extern "system" fn vk_icd_get_physical_device_proc_addr(
    instance: vk::Instance,
    name: *const c_char,
) -> vk::PFN_vkVoidFunction {
    guard_value(None, || {
        let enabled = crate::instance::enabled(instance);
        // SAFETY: the caller's string.
        unsafe {
            lookup(name, |kind, req| {
                kind == Kind::Physical && enabled.as_ref().is_none_or(|e| instance_returns(e, kind, req))
            })
        }
    })
}

/// `vkGetDeviceProcAddr`: the device-level entry points `device` may call (see the module
/// documentation); null for an invalid device.
pub unsafe extern "system" fn get_device_proc_addr(device: vk::Device, name: *const c_char) -> vk::PFN_vkVoidFunction {
    guard_value(None, || {
        let d = crate::device::device(device).ok()?;
        // SAFETY: the caller's string.
        unsafe { lookup(name, |kind, req| device_returns(&d.enabled, &d.instance_enabled, kind, req)) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Extensions whose commands the table has though the driver does not offer them
    /// (their commands are aliases of ones it has): never enabled, so never returned.
    const NOT_OFFERED: &[&str] =
        &["VK_KHR_device_group", "VK_KHR_device_group_creation", "VK_EXT_buffer_device_address"];

    #[test]
    fn every_extension_command_names_its_extension() {
        for p in PROCS {
            let suffixed = p.name.ends_with("KHR") || p.name.ends_with("EXT");
            match p.req {
                Req::Ext(e) => {
                    assert!(suffixed, "{}", p.name);
                    assert!(
                        is_instance_extension(e) || device_offers(e) || NOT_OFFERED.contains(&e),
                        "{}: {e}",
                        p.name
                    );
                }
                Req::Core(minor) => assert!(!suffixed && minor <= 3, "{}", p.name),
            }
        }
    }

    #[test]
    fn filtering_follows_versions_and_extensions() {
        let inst = Enabled { minor: 1, extensions: vec![] };
        let dev = Enabled { minor: 1, extensions: vec!["VK_KHR_push_descriptor".into()] };
        let req = |n| requirement(n).unwrap();
        assert!(device_returns(&dev, &inst, Kind::Device, req("vkCmdPushDescriptorSetKHR")));
        assert!(!device_returns(&Enabled::default(), &inst, Kind::Device, req("vkCmdPushDescriptorSetKHR")));
        assert!(device_returns(&dev, &inst, Kind::Device, req("vkTrimCommandPool")));
        assert!(!device_returns(&dev, &inst, Kind::Device, req("vkTrimCommandPoolKHR")));
        assert!(!device_returns(&dev, &inst, Kind::Device, req("vkWaitSemaphores")));
        assert!(!device_returns(&dev, &inst, Kind::Device, req("vkSetDebugUtilsObjectNameEXT")));
        assert!(!instance_returns(&inst, Kind::Instance, req("vkCreateDebugUtilsMessengerEXT")));
        let du = Enabled { minor: 0, extensions: vec!["VK_EXT_debug_utils".into()] };
        assert!(instance_returns(&du, Kind::Instance, req("vkCreateDebugUtilsMessengerEXT")));
        assert!(device_returns(&dev, &du, Kind::Device, req("vkSetDebugUtilsObjectNameEXT")));
        assert!(!instance_returns(&du, Kind::Physical, req("vkGetPhysicalDeviceProperties2")));
        assert!(instance_returns(&du, Kind::Physical, req("vkGetPhysicalDeviceCalibrateableTimeDomainsKHR")));
        assert!(instance_returns(&du, Kind::Global, req("vkEnumerateInstanceVersion")));
    }

    #[test]
    fn core_1_3_commands_need_a_1_3_device() {
        let req = |n| requirement(n).unwrap();
        let inst = Enabled { minor: 3, extensions: vec![] };
        let v12 = Enabled { minor: 2, extensions: vec![] };
        let v13 = Enabled { minor: 3, extensions: vec![] };
        for name in ["vkCmdPipelineBarrier2", "vkCmdCopyBuffer2", "vkSetPrivateData", "vkCmdBeginRendering"] {
            assert!(device_returns(&v13, &inst, Kind::Device, req(name)), "{name}");
            assert!(!device_returns(&v12, &inst, Kind::Device, req(name)), "{name}");
        }
        // Extension names still need their extension on a 1.3 device.
        assert!(!device_returns(&v13, &inst, Kind::Device, req("vkSetPrivateDataEXT")));
        let ext = Enabled { minor: 2, extensions: vec!["VK_EXT_private_data".into()] };
        assert!(device_returns(&ext, &inst, Kind::Device, req("vkSetPrivateDataEXT")));
        assert!(instance_returns(&inst, Kind::Physical, req("vkGetPhysicalDeviceToolProperties")));
        assert!(!instance_returns(&v12, Kind::Physical, req("vkGetPhysicalDeviceToolProperties")));
    }
}

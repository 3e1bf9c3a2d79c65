//! What the physical device says about itself: properties, limits, features, memory
//! types, queue families, format support and the extensions it offers. Everything here
//! must be true of the device the rest of the driver implements (a feature or extension
//! is listed only when it works); this module must not create or run anything.

use std::ffi::c_char;

use ash::vk;

/// The sub-group size: the SIMD width the driver compiles kernels at.
pub const LANES: u32 = 8;

/// The Vulkan version the device implements: 1.3 (see `caps::vulkan12_features` and
/// `caps::vulkan13_features` for what it reports false, and the docs for why).
pub const API_VERSION: u32 = vk::make_api_version(0, 1, 3, 0);

/// The driver's version (the crate's).
pub const DRIVER_VERSION: u32 = vk::make_api_version(0, 0, 1, 0);

/// Largest total work-group size.
pub const MAX_WORK_GROUP_INVOCATIONS: u32 = spirjit::MAX_WORK_GROUP_SIZE as u32;

/// Bytes of push constants a pipeline layout may have.
pub const MAX_PUSH_CONSTANTS: u32 = 256;

/// Descriptors a set (and a variable-count binding) may have.
pub const MAX_DESCRIPTORS_PER_SET: u32 = 1 << 16;

/// Alignment of every allocation (and so of mapped pointers and device addresses).
pub const MEMORY_ALIGNMENT: u64 = 64;

/// Largest allocation.
pub const MAX_ALLOCATION: u64 = 1 << 40;

/// Device extensions, each (name, spec version).
pub const DEVICE_EXTENSIONS: &[(&str, u32)] = &[
    ("VK_EXT_calibrated_timestamps", 2),
    ("VK_EXT_descriptor_indexing", 2),
    ("VK_EXT_external_memory_host", 1),
    ("VK_EXT_host_query_reset", 1),
    ("VK_EXT_image_robustness", 1),
    ("VK_EXT_inline_uniform_block", 1),
    ("VK_EXT_pipeline_creation_cache_control", 3),
    ("VK_EXT_pipeline_creation_feedback", 1),
    ("VK_EXT_private_data", 1),
    ("VK_EXT_robustness2", 1),
    ("VK_EXT_scalar_block_layout", 1),
    ("VK_EXT_shader_atomic_float", 1),
    ("VK_EXT_shader_atomic_float2", 1),
    ("VK_EXT_shader_demote_to_helper_invocation", 1),
    ("VK_EXT_shader_image_atomic_int64", 1),
    ("VK_EXT_subgroup_size_control", 2),
    ("VK_EXT_tooling_info", 1),
    ("VK_KHR_16bit_storage", 1),
    ("VK_KHR_8bit_storage", 1),
    ("VK_KHR_bind_memory2", 1),
    ("VK_KHR_buffer_device_address", 1),
    ("VK_KHR_calibrated_timestamps", 1),
    ("VK_KHR_copy_commands2", 1),
    ("VK_KHR_dedicated_allocation", 3),
    ("VK_KHR_descriptor_update_template", 1),
    ("VK_KHR_driver_properties", 1),
    ("VK_KHR_external_fence", 1),
    ("VK_KHR_external_fence_fd", 1),
    ("VK_KHR_external_memory", 1),
    ("VK_KHR_external_memory_fd", 1),
    ("VK_KHR_external_semaphore", 1),
    ("VK_KHR_external_semaphore_fd", 1),
    ("VK_KHR_format_feature_flags2", 2),
    ("VK_KHR_get_memory_requirements2", 1),
    ("VK_KHR_maintenance1", 2),
    ("VK_KHR_maintenance3", 1),
    ("VK_KHR_maintenance4", 2),
    ("VK_KHR_push_descriptor", 2),
    ("VK_KHR_relaxed_block_layout", 1),
    ("VK_KHR_shader_atomic_int64", 1),
    ("VK_KHR_shader_float16_int8", 1),
    ("VK_KHR_shader_float_controls", 4),
    ("VK_KHR_shader_integer_dot_product", 1),
    ("VK_KHR_shader_non_semantic_info", 1),
    ("VK_KHR_shader_subgroup_extended_types", 1),
    ("VK_KHR_shader_subgroup_uniform_control_flow", 1),
    ("VK_KHR_shader_terminate_invocation", 1),
    ("VK_KHR_spirv_1_4", 1),
    ("VK_KHR_storage_buffer_storage_class", 1),
    ("VK_KHR_synchronization2", 1),
    ("VK_KHR_timeline_semaphore", 2),
    ("VK_KHR_uniform_buffer_standard_layout", 1),
    ("VK_KHR_variable_pointers", 1),
    ("VK_KHR_vulkan_memory_model", 3),
    ("VK_KHR_workgroup_memory_explicit_layout", 1),
    ("VK_KHR_zero_initialize_workgroup_memory", 1),
];

/// Instance extensions.
pub const INSTANCE_EXTENSIONS: &[(&str, u32)] = &[
    ("VK_EXT_debug_utils", 2),
    ("VK_KHR_external_fence_capabilities", 1),
    ("VK_KHR_external_memory_capabilities", 1),
    ("VK_KHR_external_semaphore_capabilities", 1),
    ("VK_KHR_get_physical_device_properties2", 2),
];

/// `VkExtensionProperties` for a list.
pub fn extension_properties(list: &[(&str, u32)]) -> Vec<vk::ExtensionProperties> {
    list.iter()
        .map(|(name, version)| {
            let mut p = vk::ExtensionProperties { spec_version: *version, ..Default::default() };
            copy_name(&mut p.extension_name, name);
            p
        })
        .collect()
}

/// Copy `text` into a fixed C string array (truncated, always terminated).
pub fn copy_name(dst: &mut [c_char], text: &str) {
    let n = text.len().min(dst.len().saturating_sub(1));
    for (d, s) in dst.iter_mut().zip(&text.as_bytes()[..n]) {
        *d = *s as c_char;
    }
    if let Some(end) = dst.get_mut(n) {
        *end = 0;
    }
}

/// "spirjit (CPU, N threads)".
pub fn device_name() -> String {
    format!("spirjit (CPU, {} threads)", spirjit::num_threads())
}

fn limits() -> vk::PhysicalDeviceLimits {
    let wg = MAX_WORK_GROUP_INVOCATIONS;
    vk::PhysicalDeviceLimits {
        max_image_dimension1_d: crate::format::MAX_DIMENSION_2D,
        max_image_dimension2_d: crate::format::MAX_DIMENSION_2D,
        max_image_dimension3_d: crate::format::MAX_DIMENSION_3D,
        max_image_dimension_cube: crate::format::MAX_DIMENSION_2D,
        max_image_array_layers: crate::format::MAX_ARRAY_LAYERS,
        max_texel_buffer_elements: crate::format::MAX_TEXEL_BUFFER_ELEMENTS,
        max_per_stage_descriptor_samplers: 1 << 16,
        max_per_stage_descriptor_sampled_images: 1 << 16,
        max_per_stage_descriptor_storage_images: 1 << 16,
        max_descriptor_set_samplers: 1 << 16,
        max_descriptor_set_sampled_images: 1 << 16,
        max_descriptor_set_storage_images: 1 << 16,
        max_sampler_anisotropy: 1.0,
        min_texel_offset: -8,
        max_texel_offset: 7,
        min_texel_gather_offset: -8,
        max_texel_gather_offset: 7,
        sub_texel_precision_bits: 8,
        mipmap_precision_bits: 4,
        sampled_image_color_sample_counts: vk::SampleCountFlags::TYPE_1,
        sampled_image_integer_sample_counts: vk::SampleCountFlags::TYPE_1,
        storage_image_sample_counts: vk::SampleCountFlags::TYPE_1,
        max_uniform_buffer_range: u32::MAX,
        max_storage_buffer_range: u32::MAX,
        max_push_constants_size: MAX_PUSH_CONSTANTS,
        max_memory_allocation_count: u32::MAX,
        max_sampler_allocation_count: 1 << 20,
        buffer_image_granularity: 1,
        max_bound_descriptor_sets: 8,
        max_per_stage_descriptor_uniform_buffers: 1 << 16,
        max_per_stage_descriptor_storage_buffers: 1 << 16,
        max_per_stage_resources: 1 << 17,
        max_descriptor_set_uniform_buffers: 1 << 16,
        max_descriptor_set_uniform_buffers_dynamic: 64,
        max_descriptor_set_storage_buffers: 1 << 16,
        max_descriptor_set_storage_buffers_dynamic: 64,
        max_compute_shared_memory_size: 64 * 1024,
        max_compute_work_group_count: [u32::MAX; 3],
        max_compute_work_group_invocations: wg,
        max_compute_work_group_size: [wg, wg, 64],
        min_memory_map_alignment: MEMORY_ALIGNMENT as usize,
        min_texel_buffer_offset_alignment: 16,
        min_uniform_buffer_offset_alignment: 16,
        min_storage_buffer_offset_alignment: 16,
        timestamp_compute_and_graphics: vk::TRUE,
        timestamp_period: 1.0,
        discrete_queue_priorities: 2,
        optimal_buffer_copy_offset_alignment: 1,
        optimal_buffer_copy_row_pitch_alignment: 1,
        non_coherent_atom_size: 1,
        ..Default::default()
    }
}

/// `VkPhysicalDeviceProperties`.
pub fn properties() -> vk::PhysicalDeviceProperties {
    let mut p = vk::PhysicalDeviceProperties {
        api_version: API_VERSION,
        driver_version: DRIVER_VERSION,
        // No PCI or Khronos-registered vendor id.
        vendor_id: 0,
        device_id: 0,
        device_type: vk::PhysicalDeviceType::CPU,
        limits: limits(),
        pipeline_cache_uuid: spirjit::build_identity(),
        ..Default::default()
    };
    copy_name(&mut p.device_name, &device_name());
    p
}

/// `VkPhysicalDeviceFeatures`: what a compute-only device of spirjit has.
pub fn features() -> vk::PhysicalDeviceFeatures {
    vk::PhysicalDeviceFeatures {
        robust_buffer_access: vk::TRUE,
        shader_float64: vk::TRUE,
        shader_int64: vk::TRUE,
        shader_int16: vk::TRUE,
        // Storage images: every storage format; formats come from the bound view.
        shader_storage_image_extended_formats: vk::TRUE,
        shader_storage_image_read_without_format: vk::TRUE,
        shader_storage_image_write_without_format: vk::TRUE,
        image_cube_array: vk::TRUE,
        shader_uniform_buffer_array_dynamic_indexing: vk::TRUE,
        shader_storage_buffer_array_dynamic_indexing: vk::TRUE,
        shader_sampled_image_array_dynamic_indexing: vk::TRUE,
        shader_storage_image_array_dynamic_indexing: vk::TRUE,
        ..Default::default()
    }
}

/// Fill the structures of a `VkPhysicalDeviceProperties2` chain that the driver knows
/// (`caps` holds their values).
///
/// # Safety
/// `next` must be a valid `pNext` chain of output structures.
pub unsafe fn fill_properties_chain(mut next: *mut vk::BaseOutStructure<'_>) {
    while !next.is_null() {
        // SAFETY: a valid chain (the caller's contract).
        unsafe {
            crate::caps::fill_properties(next);
            next = (*next).p_next;
        }
    }
}

/// Fill the structures of a `VkPhysicalDeviceFeatures2` chain that the driver knows.
///
/// # Safety
/// `next` must be a valid `pNext` chain of output structures.
pub unsafe fn fill_features_chain(mut next: *mut vk::BaseOutStructure<'_>) {
    while !next.is_null() {
        // SAFETY: a valid chain (the caller's contract).
        unsafe {
            crate::caps::fill_features(next);
            next = (*next).p_next;
        }
    }
}

/// The one memory heap and type: host memory, which the device uses in place.
pub fn memory_properties() -> vk::PhysicalDeviceMemoryProperties {
    let mut m = vk::PhysicalDeviceMemoryProperties { memory_type_count: 1, memory_heap_count: 1, ..Default::default() };
    m.memory_types[0] = vk::MemoryType {
        property_flags: vk::MemoryPropertyFlags::DEVICE_LOCAL
            | vk::MemoryPropertyFlags::HOST_VISIBLE
            | vk::MemoryPropertyFlags::HOST_COHERENT
            | vk::MemoryPropertyFlags::HOST_CACHED,
        heap_index: 0,
    };
    m.memory_heaps[0] = vk::MemoryHeap { size: heap_size(), flags: vk::MemoryHeapFlags::DEVICE_LOCAL };
    m
}

/// The heap: the machine's physical memory (from /proc/meminfo; 4 GiB when unknown).
fn heap_size() -> u64 {
    let total = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
        let line = s.lines().find(|l| l.starts_with("MemTotal:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    });
    total.unwrap_or(4 << 30)
}

/// Number of queues in the one queue family.
pub const QUEUE_COUNT: u32 = 4;

/// The one queue family: compute and transfer.
pub fn queue_family() -> vk::QueueFamilyProperties {
    vk::QueueFamilyProperties {
        queue_flags: vk::QueueFlags::COMPUTE | vk::QueueFlags::TRANSFER,
        queue_count: QUEUE_COUNT,
        timestamp_valid_bits: 64,
        min_image_transfer_granularity: vk::Extent3D { width: 1, height: 1, depth: 1 },
    }
}

/// The `VkFormatFeatureFlags2` of `flags` (`VK_KHR_format_feature_flags2`): the same bits,
/// and reads and writes of storage images and texel buffers without a format wherever
/// storage is supported (kernels take the format from the bound view).
pub fn format_features2(flags: vk::FormatFeatureFlags) -> vk::FormatFeatureFlags2 {
    let mut f = vk::FormatFeatureFlags2::from_raw(u64::from(flags.as_raw()));
    if flags.intersects(vk::FormatFeatureFlags::STORAGE_IMAGE | vk::FormatFeatureFlags::STORAGE_TEXEL_BUFFER) {
        f |= vk::FormatFeatureFlags2::STORAGE_READ_WITHOUT_FORMAT
            | vk::FormatFeatureFlags2::STORAGE_WRITE_WITHOUT_FORMAT;
    }
    f
}

/// Format support: the formats of `format`'s table.
pub fn format_properties(format: vk::Format) -> vk::FormatProperties {
    crate::format::properties(format)
}

//! The device's features and properties as `…2` chain structures: the Vulkan 1.1, 1.2
//! and 1.3 structures, and every per-extension structure they subsume or the device's
//! extensions add. Each value is stated once — in [`vulkan11_features`],
//! [`vulkan12_features`], [`vulkan13_features`], [`vulkan11_properties`],
//! [`vulkan12_properties`], [`vulkan13_properties`] or the extension's own function — and
//! the other structures copy their fields from those, so the chains always agree.
//! Everything must be true of the driver (`physical`'s rule); this module must not
//! create or run anything.

use ash::vk;

use crate::physical::{self, LANES, MAX_ALLOCATION, MAX_DESCRIPTORS_PER_SET};

const T: vk::Bool32 = vk::TRUE;
const F: vk::Bool32 = vk::FALSE;

/// The smallest and largest sub-group sizes a pipeline can run with (`W`): 1 (the scalar
/// path, for kernels the vector path does not take) to 16.
pub const MIN_SUBGROUP_SIZE: u32 = 1;
pub const MAX_SUBGROUP_SIZE: u32 = 16;

/// Descriptors a push-descriptor set may have.
pub const MAX_PUSH_DESCRIPTORS: u32 = 32;

/// Sub-group operations, in the compute stage.
pub fn subgroup_ops() -> vk::SubgroupFeatureFlags {
    vk::SubgroupFeatureFlags::BASIC
        | vk::SubgroupFeatureFlags::VOTE
        | vk::SubgroupFeatureFlags::ARITHMETIC
        | vk::SubgroupFeatureFlags::BALLOT
        | vk::SubgroupFeatureFlags::SHUFFLE
        | vk::SubgroupFeatureFlags::SHUFFLE_RELATIVE
        | vk::SubgroupFeatureFlags::CLUSTERED
        | vk::SubgroupFeatureFlags::QUAD
}

/// A stable id for the device and driver (`VkPhysicalDeviceIDProperties`). Importers of
/// external memory, fences and semaphores match on it, so the format of those payloads
/// (`memfd`) is part of what it names: change the digit when that format changes.
pub fn uuid(tag: u8) -> [u8; 16] {
    let mut u = *b"spirjit-vulkan-0";
    u[15] = tag;
    u
}

pub fn vulkan11_features() -> vk::PhysicalDeviceVulkan11Features<'static> {
    vk::PhysicalDeviceVulkan11Features {
        storage_buffer16_bit_access: T,
        uniform_and_storage_buffer16_bit_access: T,
        storage_push_constant16: T,
        variable_pointers_storage_buffer: T,
        variable_pointers: T,
        ..Default::default()
    }
}

/// The Vulkan 1.2 features. Descriptor indexing covers every descriptor type the driver
/// has (buffers, images, samplers, texel buffers: arrays with uniform and non-uniform
/// indices, run-time arrays, partially bound and update-after-bind bindings; an
/// unwritten element is bound to nothing), so the `descriptorIndexing` umbrella is true
/// (`VK_EXT_descriptor_indexing`); input attachments do not exist in compute, so their
/// indexing features are false. `imagelessFramebuffer` and
/// `separateDepthStencilLayouts` are false: the driver has no framebuffers or depth
/// images at all.
pub fn vulkan12_features() -> vk::PhysicalDeviceVulkan12Features<'static> {
    vk::PhysicalDeviceVulkan12Features {
        storage_buffer8_bit_access: T,
        uniform_and_storage_buffer8_bit_access: T,
        storage_push_constant8: T,
        shader_buffer_int64_atomics: T,
        shader_shared_int64_atomics: T,
        shader_float16: T,
        shader_int8: T,
        descriptor_indexing: T,
        shader_uniform_texel_buffer_array_dynamic_indexing: T,
        shader_storage_texel_buffer_array_dynamic_indexing: T,
        shader_uniform_buffer_array_non_uniform_indexing: T,
        shader_sampled_image_array_non_uniform_indexing: T,
        shader_storage_buffer_array_non_uniform_indexing: T,
        shader_storage_image_array_non_uniform_indexing: T,
        shader_uniform_texel_buffer_array_non_uniform_indexing: T,
        shader_storage_texel_buffer_array_non_uniform_indexing: T,
        descriptor_binding_uniform_buffer_update_after_bind: T,
        descriptor_binding_sampled_image_update_after_bind: T,
        descriptor_binding_storage_image_update_after_bind: T,
        descriptor_binding_storage_buffer_update_after_bind: T,
        descriptor_binding_uniform_texel_buffer_update_after_bind: T,
        descriptor_binding_storage_texel_buffer_update_after_bind: T,
        descriptor_binding_update_unused_while_pending: T,
        descriptor_binding_partially_bound: T,
        descriptor_binding_variable_descriptor_count: T,
        runtime_descriptor_array: T,
        scalar_block_layout: T,
        uniform_buffer_standard_layout: T,
        shader_subgroup_extended_types: T,
        host_query_reset: T,
        buffer_device_address: T,
        vulkan_memory_model: T,
        vulkan_memory_model_device_scope: T,
        subgroup_broadcast_dynamic_id: T,
        timeline_semaphore: T,
        ..Default::default()
    }
}

/// The Vulkan 1.3 features (each also the feature of the extension it was promoted from).
pub fn vulkan13_features() -> vk::PhysicalDeviceVulkan13Features<'static> {
    vk::PhysicalDeviceVulkan13Features {
        // Out-of-bounds image reads give zero and writes are dropped: enabling it makes the
        // device compile kernels with robust access (as robustBufferAccess does).
        robust_image_access: T,
        // Fragment-shader instructions: a compute module may declare the capability
        // (`DemoteToHelperInvocation`) but cannot use them; nothing to do.
        shader_demote_to_helper_invocation: T,
        shader_terminate_invocation: T,
        // Vulkan 1.3 requires it: the entry points exist and fail recording (`graphics`),
        // as no queue family of the device can run them.
        dynamic_rendering: T,
        // Private data slots over every handle of the driver (`private_data`).
        private_data: T,
        subgroup_size_control: T,
        compute_full_subgroups: T,
        // Commands run one after another, each to completion: every barrier holds.
        synchronization2: T,
        shader_zero_initialize_workgroup_memory: T,
        shader_integer_dot_product: T,
        // Device memory requirements without objects, `LocalSizeId`, `maxBufferSize`.
        maintenance4: T,
        // Inline uniform blocks live in the set, read when a dispatch runs (so they may
        // be updated after binding too).
        inline_uniform_block: T,
        descriptor_binding_inline_uniform_block_update_after_bind: T,
        // FAIL_ON_PIPELINE_COMPILE_REQUIRED answered from the pipeline cache's keys,
        // EARLY_RETURN_ON_FAILURE, externally synchronized caches (`pipeline`).
        pipeline_creation_cache_control: T,
        ..Default::default()
    }
}

/// Bytes of one inline uniform block (`maxInlineUniformBlockSize`); a set keeps each
/// byte as a descriptor (`descriptor`).
pub const MAX_INLINE_UNIFORM_BLOCK_SIZE: u32 = 4096;

/// Inline uniform blocks a stage or a set may have (the driver sets no limit of its own).
pub const MAX_INLINE_UNIFORM_BLOCKS: u32 = 64;

/// Largest buffer (`maxBufferSize`): the largest allocation.
pub const MAX_BUFFER_SIZE: u64 = MAX_ALLOCATION;

/// The Vulkan 1.3 properties (each also the property of the extension it was promoted
/// from). Integer dot products are computed from their definition (multiplies and adds),
/// none with a dedicated instruction, so no "accelerated" property holds.
pub fn vulkan13_properties() -> vk::PhysicalDeviceVulkan13Properties<'static> {
    let l = physical::properties().limits;
    vk::PhysicalDeviceVulkan13Properties {
        min_subgroup_size: MIN_SUBGROUP_SIZE,
        max_subgroup_size: MAX_SUBGROUP_SIZE,
        max_compute_workgroup_subgroups: physical::MAX_WORK_GROUP_INVOCATIONS / MIN_SUBGROUP_SIZE,
        required_subgroup_size_stages: vk::ShaderStageFlags::COMPUTE,
        storage_texel_buffer_offset_alignment_bytes: l.min_texel_buffer_offset_alignment,
        uniform_texel_buffer_offset_alignment_bytes: l.min_texel_buffer_offset_alignment,
        max_buffer_size: MAX_BUFFER_SIZE,
        max_inline_uniform_block_size: MAX_INLINE_UNIFORM_BLOCK_SIZE,
        max_per_stage_descriptor_inline_uniform_blocks: MAX_INLINE_UNIFORM_BLOCKS,
        max_per_stage_descriptor_update_after_bind_inline_uniform_blocks: MAX_INLINE_UNIFORM_BLOCKS,
        max_descriptor_set_inline_uniform_blocks: MAX_INLINE_UNIFORM_BLOCKS,
        max_descriptor_set_update_after_bind_inline_uniform_blocks: MAX_INLINE_UNIFORM_BLOCKS,
        max_inline_uniform_total_size: MAX_INLINE_UNIFORM_BLOCKS * MAX_INLINE_UNIFORM_BLOCK_SIZE,
        ..Default::default()
    }
}

pub fn vulkan11_properties() -> vk::PhysicalDeviceVulkan11Properties<'static> {
    vk::PhysicalDeviceVulkan11Properties {
        device_uuid: uuid(b'd'),
        driver_uuid: uuid(b'r'),
        device_luid_valid: F,
        subgroup_size: LANES,
        subgroup_supported_stages: vk::ShaderStageFlags::COMPUTE,
        subgroup_supported_operations: subgroup_ops(),
        subgroup_quad_operations_in_all_stages: F,
        point_clipping_behavior: vk::PointClippingBehavior::ALL_CLIP_PLANES,
        max_multiview_view_count: 0,
        max_multiview_instance_index: 0,
        protected_no_fault: F,
        max_per_set_descriptors: MAX_DESCRIPTORS_PER_SET,
        max_memory_allocation_size: MAX_ALLOCATION,
        ..Default::default()
    }
}

/// The Vulkan 1.2 properties. Float controls say what the generated code does: IEEE
/// arithmetic in the default rounding (to nearest even) with denormals kept and signed
/// zeros, infinities and NaNs preserved, for 32- and 64-bit floats; no flush to zero and
/// no round-toward-zero mode (the execution modes asking for them are not honoured).
/// Half floats are left out (their arithmetic goes through wider types).
pub fn vulkan12_properties() -> vk::PhysicalDeviceVulkan12Properties<'static> {
    let l = physical::properties().limits;
    let mut p = vk::PhysicalDeviceVulkan12Properties {
        driver_id: vk::DriverId::from_raw(0),
        conformance_version: vk::ConformanceVersion::default(),
        denorm_behavior_independence: vk::ShaderFloatControlsIndependence::ALL,
        rounding_mode_independence: vk::ShaderFloatControlsIndependence::ALL,
        shader_signed_zero_inf_nan_preserve_float32: T,
        shader_signed_zero_inf_nan_preserve_float64: T,
        shader_denorm_preserve_float32: T,
        shader_denorm_preserve_float64: T,
        shader_rounding_mode_rte_float32: T,
        shader_rounding_mode_rte_float64: T,
        // Descriptors are read when a dispatch runs: updating after binding costs nothing.
        max_update_after_bind_descriptors_in_all_pools: u32::MAX,
        robust_buffer_access_update_after_bind: T,
        max_per_stage_descriptor_update_after_bind_samplers: l.max_per_stage_descriptor_samplers,
        max_per_stage_descriptor_update_after_bind_uniform_buffers: l.max_per_stage_descriptor_uniform_buffers,
        max_per_stage_descriptor_update_after_bind_storage_buffers: l.max_per_stage_descriptor_storage_buffers,
        max_per_stage_descriptor_update_after_bind_sampled_images: l.max_per_stage_descriptor_sampled_images,
        max_per_stage_descriptor_update_after_bind_storage_images: l.max_per_stage_descriptor_storage_images,
        max_per_stage_descriptor_update_after_bind_input_attachments: l.max_per_stage_descriptor_input_attachments,
        max_per_stage_update_after_bind_resources: l.max_per_stage_resources,
        max_descriptor_set_update_after_bind_samplers: l.max_descriptor_set_samplers,
        max_descriptor_set_update_after_bind_uniform_buffers: l.max_descriptor_set_uniform_buffers,
        max_descriptor_set_update_after_bind_uniform_buffers_dynamic: l.max_descriptor_set_uniform_buffers_dynamic,
        max_descriptor_set_update_after_bind_storage_buffers: l.max_descriptor_set_storage_buffers,
        max_descriptor_set_update_after_bind_storage_buffers_dynamic: l.max_descriptor_set_storage_buffers_dynamic,
        max_descriptor_set_update_after_bind_sampled_images: l.max_descriptor_set_sampled_images,
        max_descriptor_set_update_after_bind_storage_images: l.max_descriptor_set_storage_images,
        max_descriptor_set_update_after_bind_input_attachments: l.max_descriptor_set_input_attachments,
        max_timeline_semaphore_value_difference: u64::MAX,
        ..Default::default()
    };
    physical::copy_name(&mut p.driver_name, "spirjit");
    physical::copy_name(&mut p.driver_info, "spirjit Vulkan compute driver (CPU SIMD)");
    p
}

/// `VK_EXT_shader_atomic_float`: add and exchange on 32- and 64-bit floats in buffers and
/// shared memory (not on images).
fn atomic_float() -> vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT<'static> {
    vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT {
        shader_buffer_float32_atomics: T,
        shader_buffer_float32_atomic_add: T,
        shader_buffer_float64_atomics: T,
        shader_buffer_float64_atomic_add: T,
        shader_shared_float32_atomics: T,
        shader_shared_float32_atomic_add: T,
        shader_shared_float64_atomics: T,
        shader_shared_float64_atomic_add: T,
        ..Default::default()
    }
}

/// `VK_EXT_shader_atomic_float2`: min and max on 32- and 64-bit floats.
fn atomic_float2() -> vk::PhysicalDeviceShaderAtomicFloat2FeaturesEXT<'static> {
    vk::PhysicalDeviceShaderAtomicFloat2FeaturesEXT {
        shader_buffer_float32_atomic_min_max: T,
        shader_buffer_float64_atomic_min_max: T,
        shader_shared_float32_atomic_min_max: T,
        shader_shared_float64_atomic_min_max: T,
        ..Default::default()
    }
}

/// Write `value` over the chain structure at `at`, keeping its `pNext`.
///
/// # Safety
/// `at` must point at a structure of type `V` (its sType says so).
unsafe fn put<V>(at: *mut vk::BaseOutStructure<'_>, value: V) {
    // SAFETY: the caller's contract.
    unsafe {
        let next = (*at).p_next;
        std::ptr::write(at as *mut V, value);
        (*at).p_next = next;
    }
}

/// Copy the named fields of `$from` into a new `$ty` (the rest default).
macro_rules! from {
    ($ty:ident, $from:expr, $($f:ident),* $(,)?) => {{
        let src = $from;
        vk::$ty { $($f: src.$f,)* ..Default::default() }
    }};
}

/// Fill the feature structure at `at` if the driver knows its type.
///
/// # Safety
/// `at` must point at a valid output structure of the type its sType names.
pub unsafe fn fill_features(at: *mut vk::BaseOutStructure<'_>) {
    use vk::StructureType as S;
    let v11 = vulkan11_features();
    let v12 = vulkan12_features();
    let v13 = vulkan13_features();
    // SAFETY: each arm writes the structure its sType names (the caller's contract).
    unsafe {
        match (*at).s_type {
            S::PHYSICAL_DEVICE_VULKAN_1_1_FEATURES => put(at, v11),
            S::PHYSICAL_DEVICE_VULKAN_1_2_FEATURES => put(at, v12),
            S::PHYSICAL_DEVICE_VULKAN_1_3_FEATURES => put(at, v13),
            S::PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES => {
                put(at, from!(PhysicalDeviceMaintenance4Features, v13, maintenance4))
            }
            S::PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_FEATURES => put(
                at,
                from!(
                    PhysicalDeviceInlineUniformBlockFeatures,
                    v13,
                    inline_uniform_block,
                    descriptor_binding_inline_uniform_block_update_after_bind
                ),
            ),
            S::PHYSICAL_DEVICE_PIPELINE_CREATION_CACHE_CONTROL_FEATURES => {
                put(at, from!(PhysicalDevicePipelineCreationCacheControlFeatures, v13, pipeline_creation_cache_control))
            }
            S::PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES => {
                put(at, from!(PhysicalDeviceImageRobustnessFeatures, v13, robust_image_access))
            }
            S::PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES => put(
                at,
                from!(PhysicalDeviceShaderDemoteToHelperInvocationFeatures, v13, shader_demote_to_helper_invocation),
            ),
            S::PHYSICAL_DEVICE_SHADER_TERMINATE_INVOCATION_FEATURES => {
                put(at, from!(PhysicalDeviceShaderTerminateInvocationFeatures, v13, shader_terminate_invocation))
            }
            S::PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES => {
                put(at, from!(PhysicalDeviceDynamicRenderingFeatures, v13, dynamic_rendering))
            }
            S::PHYSICAL_DEVICE_TEXTURE_COMPRESSION_ASTC_HDR_FEATURES => {
                put(at, from!(PhysicalDeviceTextureCompressionASTCHDRFeatures, v13, texture_compression_astc_hdr))
            }
            S::PHYSICAL_DEVICE_PRIVATE_DATA_FEATURES => {
                put(at, from!(PhysicalDevicePrivateDataFeatures, v13, private_data))
            }
            S::PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES => put(
                at,
                from!(
                    PhysicalDevice16BitStorageFeatures,
                    v11,
                    storage_buffer16_bit_access,
                    uniform_and_storage_buffer16_bit_access,
                    storage_push_constant16,
                    storage_input_output16
                ),
            ),
            S::PHYSICAL_DEVICE_VARIABLE_POINTERS_FEATURES => put(
                at,
                from!(PhysicalDeviceVariablePointersFeatures, v11, variable_pointers_storage_buffer, variable_pointers),
            ),
            S::PHYSICAL_DEVICE_MULTIVIEW_FEATURES => put(at, vk::PhysicalDeviceMultiviewFeatures::default()),
            S::PHYSICAL_DEVICE_PROTECTED_MEMORY_FEATURES => {
                put(at, vk::PhysicalDeviceProtectedMemoryFeatures::default())
            }
            S::PHYSICAL_DEVICE_SAMPLER_YCBCR_CONVERSION_FEATURES => {
                put(at, vk::PhysicalDeviceSamplerYcbcrConversionFeatures::default())
            }
            S::PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES => {
                put(at, vk::PhysicalDeviceShaderDrawParametersFeatures::default())
            }
            S::PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES => put(
                at,
                from!(
                    PhysicalDevice8BitStorageFeatures,
                    v12,
                    storage_buffer8_bit_access,
                    uniform_and_storage_buffer8_bit_access,
                    storage_push_constant8
                ),
            ),
            S::PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES => put(
                at,
                from!(
                    PhysicalDeviceShaderAtomicInt64Features,
                    v12,
                    shader_buffer_int64_atomics,
                    shader_shared_int64_atomics
                ),
            ),
            S::PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES => {
                put(at, from!(PhysicalDeviceShaderFloat16Int8Features, v12, shader_float16, shader_int8))
            }
            S::PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_FEATURES => put(
                at,
                from!(
                    PhysicalDeviceDescriptorIndexingFeatures,
                    v12,
                    shader_input_attachment_array_dynamic_indexing,
                    shader_uniform_texel_buffer_array_dynamic_indexing,
                    shader_storage_texel_buffer_array_dynamic_indexing,
                    shader_uniform_buffer_array_non_uniform_indexing,
                    shader_sampled_image_array_non_uniform_indexing,
                    shader_storage_buffer_array_non_uniform_indexing,
                    shader_storage_image_array_non_uniform_indexing,
                    shader_input_attachment_array_non_uniform_indexing,
                    shader_uniform_texel_buffer_array_non_uniform_indexing,
                    shader_storage_texel_buffer_array_non_uniform_indexing,
                    descriptor_binding_uniform_buffer_update_after_bind,
                    descriptor_binding_sampled_image_update_after_bind,
                    descriptor_binding_storage_image_update_after_bind,
                    descriptor_binding_storage_buffer_update_after_bind,
                    descriptor_binding_uniform_texel_buffer_update_after_bind,
                    descriptor_binding_storage_texel_buffer_update_after_bind,
                    descriptor_binding_update_unused_while_pending,
                    descriptor_binding_partially_bound,
                    descriptor_binding_variable_descriptor_count,
                    runtime_descriptor_array
                ),
            ),
            S::PHYSICAL_DEVICE_SCALAR_BLOCK_LAYOUT_FEATURES => {
                put(at, from!(PhysicalDeviceScalarBlockLayoutFeatures, v12, scalar_block_layout))
            }
            S::PHYSICAL_DEVICE_UNIFORM_BUFFER_STANDARD_LAYOUT_FEATURES => {
                put(at, from!(PhysicalDeviceUniformBufferStandardLayoutFeatures, v12, uniform_buffer_standard_layout))
            }
            S::PHYSICAL_DEVICE_SHADER_SUBGROUP_EXTENDED_TYPES_FEATURES => {
                put(at, from!(PhysicalDeviceShaderSubgroupExtendedTypesFeatures, v12, shader_subgroup_extended_types))
            }
            S::PHYSICAL_DEVICE_HOST_QUERY_RESET_FEATURES => {
                put(at, from!(PhysicalDeviceHostQueryResetFeatures, v12, host_query_reset))
            }
            S::PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES => {
                put(at, from!(PhysicalDeviceTimelineSemaphoreFeatures, v12, timeline_semaphore))
            }
            S::PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES => {
                put(at, from!(PhysicalDeviceSynchronization2Features, v13, synchronization2))
            }
            S::PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES => put(
                at,
                from!(
                    PhysicalDeviceBufferDeviceAddressFeatures,
                    v12,
                    buffer_device_address,
                    buffer_device_address_capture_replay,
                    buffer_device_address_multi_device
                ),
            ),
            S::PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES => put(
                at,
                from!(
                    PhysicalDeviceVulkanMemoryModelFeatures,
                    v12,
                    vulkan_memory_model,
                    vulkan_memory_model_device_scope,
                    vulkan_memory_model_availability_visibility_chains
                ),
            ),
            S::PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT => put(at, atomic_float()),
            // 64-bit integer atomics on storage images (R64_UINT / R64_SINT); no sparse images.
            S::PHYSICAL_DEVICE_SHADER_IMAGE_ATOMIC_INT64_FEATURES_EXT => put(
                at,
                vk::PhysicalDeviceShaderImageAtomicInt64FeaturesEXT {
                    shader_image_int64_atomics: T,
                    ..Default::default()
                },
            ),
            S::PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_2_FEATURES_EXT => put(at, atomic_float2()),
            S::PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES => put(
                at,
                from!(PhysicalDeviceSubgroupSizeControlFeatures, v13, subgroup_size_control, compute_full_subgroups),
            ),
            S::PHYSICAL_DEVICE_SHADER_SUBGROUP_UNIFORM_CONTROL_FLOW_FEATURES_KHR => put(
                at,
                vk::PhysicalDeviceShaderSubgroupUniformControlFlowFeaturesKHR {
                    shader_subgroup_uniform_control_flow: T,
                    ..Default::default()
                },
            ),
            S::PHYSICAL_DEVICE_WORKGROUP_MEMORY_EXPLICIT_LAYOUT_FEATURES_KHR => put(
                at,
                vk::PhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR {
                    workgroup_memory_explicit_layout: T,
                    workgroup_memory_explicit_layout_scalar_block_layout: T,
                    workgroup_memory_explicit_layout8_bit_access: T,
                    workgroup_memory_explicit_layout16_bit_access: T,
                    ..Default::default()
                },
            ),
            S::PHYSICAL_DEVICE_ZERO_INITIALIZE_WORKGROUP_MEMORY_FEATURES => put(
                at,
                from!(
                    PhysicalDeviceZeroInitializeWorkgroupMemoryFeatures,
                    v13,
                    shader_zero_initialize_workgroup_memory
                ),
            ),
            S::PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES => {
                put(at, from!(PhysicalDeviceShaderIntegerDotProductFeatures, v13, shader_integer_dot_product))
            }
            // Out-of-bounds buffer accesses read zero and drop writes, exactly at the
            // descriptor's range, when robust access is enabled; a null buffer descriptor
            // is an empty range (enabling nullDescriptor enables robust access). No images.
            S::PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT => put(
                at,
                vk::PhysicalDeviceRobustness2FeaturesEXT {
                    robust_buffer_access2: T,
                    null_descriptor: T,
                    ..Default::default()
                },
            ),
            _ => {}
        }
    }
}

/// Fill the property structure at `at` if the driver knows its type.
///
/// # Safety
/// `at` must point at a valid output structure of the type its sType names.
pub unsafe fn fill_properties(at: *mut vk::BaseOutStructure<'_>) {
    use vk::StructureType as S;
    let v11 = vulkan11_properties();
    let v12 = vulkan12_properties();
    let v13 = vulkan13_properties();
    // SAFETY: each arm writes the structure its sType names (the caller's contract).
    unsafe {
        match (*at).s_type {
            S::PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES => put(at, v11),
            S::PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES => put(at, v12),
            S::PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES => put(at, v13),
            S::PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_PROPERTIES => put(
                at,
                from!(
                    PhysicalDeviceInlineUniformBlockProperties,
                    v13,
                    max_inline_uniform_block_size,
                    max_per_stage_descriptor_inline_uniform_blocks,
                    max_per_stage_descriptor_update_after_bind_inline_uniform_blocks,
                    max_descriptor_set_inline_uniform_blocks,
                    max_descriptor_set_update_after_bind_inline_uniform_blocks
                ),
            ),
            S::PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES => {
                put(at, from!(PhysicalDeviceMaintenance4Properties, v13, max_buffer_size))
            }
            S::PHYSICAL_DEVICE_SUBGROUP_PROPERTIES => put(
                at,
                vk::PhysicalDeviceSubgroupProperties {
                    subgroup_size: v11.subgroup_size,
                    supported_stages: v11.subgroup_supported_stages,
                    supported_operations: v11.subgroup_supported_operations,
                    quad_operations_in_all_stages: v11.subgroup_quad_operations_in_all_stages,
                    ..Default::default()
                },
            ),
            S::PHYSICAL_DEVICE_ID_PROPERTIES => put(
                at,
                from!(
                    PhysicalDeviceIDProperties,
                    v11,
                    device_uuid,
                    driver_uuid,
                    device_luid,
                    device_node_mask,
                    device_luid_valid
                ),
            ),
            S::PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT => {
                put(at, crate::external::memory_host_properties())
            }
            S::PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES => put(
                at,
                from!(PhysicalDeviceMaintenance3Properties, v11, max_per_set_descriptors, max_memory_allocation_size),
            ),
            S::PHYSICAL_DEVICE_POINT_CLIPPING_PROPERTIES => {
                put(at, from!(PhysicalDevicePointClippingProperties, v11, point_clipping_behavior))
            }
            S::PHYSICAL_DEVICE_MULTIVIEW_PROPERTIES => put(
                at,
                from!(PhysicalDeviceMultiviewProperties, v11, max_multiview_view_count, max_multiview_instance_index),
            ),
            S::PHYSICAL_DEVICE_PROTECTED_MEMORY_PROPERTIES => {
                put(at, from!(PhysicalDeviceProtectedMemoryProperties, v11, protected_no_fault))
            }
            S::PHYSICAL_DEVICE_DRIVER_PROPERTIES => put(
                at,
                from!(PhysicalDeviceDriverProperties, v12, driver_id, driver_name, driver_info, conformance_version),
            ),
            S::PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_PROPERTIES => {
                put(at, from!(PhysicalDeviceTimelineSemaphoreProperties, v12, max_timeline_semaphore_value_difference))
            }
            S::PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES => put(
                at,
                from!(
                    PhysicalDeviceFloatControlsProperties,
                    v12,
                    denorm_behavior_independence,
                    rounding_mode_independence,
                    shader_signed_zero_inf_nan_preserve_float16,
                    shader_signed_zero_inf_nan_preserve_float32,
                    shader_signed_zero_inf_nan_preserve_float64,
                    shader_denorm_preserve_float16,
                    shader_denorm_preserve_float32,
                    shader_denorm_preserve_float64,
                    shader_denorm_flush_to_zero_float16,
                    shader_denorm_flush_to_zero_float32,
                    shader_denorm_flush_to_zero_float64,
                    shader_rounding_mode_rte_float16,
                    shader_rounding_mode_rte_float32,
                    shader_rounding_mode_rte_float64,
                    shader_rounding_mode_rtz_float16,
                    shader_rounding_mode_rtz_float32,
                    shader_rounding_mode_rtz_float64
                ),
            ),
            S::PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_PROPERTIES => put(
                at,
                from!(
                    PhysicalDeviceDescriptorIndexingProperties,
                    v12,
                    max_update_after_bind_descriptors_in_all_pools,
                    shader_uniform_buffer_array_non_uniform_indexing_native,
                    shader_sampled_image_array_non_uniform_indexing_native,
                    shader_storage_buffer_array_non_uniform_indexing_native,
                    shader_storage_image_array_non_uniform_indexing_native,
                    shader_input_attachment_array_non_uniform_indexing_native,
                    robust_buffer_access_update_after_bind,
                    quad_divergent_implicit_lod,
                    max_per_stage_descriptor_update_after_bind_samplers,
                    max_per_stage_descriptor_update_after_bind_uniform_buffers,
                    max_per_stage_descriptor_update_after_bind_storage_buffers,
                    max_per_stage_descriptor_update_after_bind_sampled_images,
                    max_per_stage_descriptor_update_after_bind_storage_images,
                    max_per_stage_descriptor_update_after_bind_input_attachments,
                    max_per_stage_update_after_bind_resources,
                    max_descriptor_set_update_after_bind_samplers,
                    max_descriptor_set_update_after_bind_uniform_buffers,
                    max_descriptor_set_update_after_bind_uniform_buffers_dynamic,
                    max_descriptor_set_update_after_bind_storage_buffers,
                    max_descriptor_set_update_after_bind_storage_buffers_dynamic,
                    max_descriptor_set_update_after_bind_sampled_images,
                    max_descriptor_set_update_after_bind_storage_images,
                    max_descriptor_set_update_after_bind_input_attachments
                ),
            ),
            S::PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES => put(
                at,
                from!(
                    PhysicalDeviceSubgroupSizeControlProperties,
                    v13,
                    min_subgroup_size,
                    max_subgroup_size,
                    max_compute_workgroup_subgroups,
                    required_subgroup_size_stages
                ),
            ),
            S::PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR => put(
                at,
                vk::PhysicalDevicePushDescriptorPropertiesKHR {
                    max_push_descriptors: MAX_PUSH_DESCRIPTORS,
                    ..Default::default()
                },
            ),
            // No "accelerated" property (see `vulkan13_properties`): all false, as in v13.
            S::PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_PROPERTIES => {
                put(at, vk::PhysicalDeviceShaderIntegerDotProductProperties::default())
            }
            S::PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_PROPERTIES => put(
                at,
                from!(
                    PhysicalDeviceTexelBufferAlignmentProperties,
                    v13,
                    storage_texel_buffer_offset_alignment_bytes,
                    storage_texel_buffer_offset_single_texel_alignment,
                    uniform_texel_buffer_offset_alignment_bytes,
                    uniform_texel_buffer_offset_single_texel_alignment
                ),
            ),
            // Robust accesses are bounded by the descriptor's range to the byte.
            S::PHYSICAL_DEVICE_ROBUSTNESS_2_PROPERTIES_EXT => put(
                at,
                vk::PhysicalDeviceRobustness2PropertiesEXT {
                    robust_storage_buffer_access_size_alignment: 1,
                    robust_uniform_buffer_access_size_alignment: 1,
                    ..Default::default()
                },
            ),
            _ => {}
        }
    }
}

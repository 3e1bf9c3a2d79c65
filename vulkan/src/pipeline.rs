//! Shader modules, compute pipelines and pipeline caches.
//!
//! A shader module keeps its SPIR-V; a compute pipeline loads it with the device's options
//! (SIMD width [`physical::LANES`], checked accesses, robust access when enabled), applies
//! the stage's specialization constants (each map entry's bytes as `SpecValue::Bits`) and
//! compiles the entry point at once, so a bad module fails `vkCreateComputePipelines` with
//! the reason logged.
//!
//! Sub-group size (`VK_EXT_subgroup_size_control`): a stage with a required size is
//! compiled at that width (or fails). Otherwise the kernel runs at [`physical::LANES`]
//! when the vector path takes it and at 1 when it does not; Vulkan lets `SubgroupSize`
//! vary (between the device's minimum 1 and maximum 16) only with
//! `ALLOW_VARYING_SUBGROUP_SIZE` or a SPIR-V 1.6 module, so a module that can observe its
//! sub-groups (a `GroupNonUniform*` or `Subgroup*KHR` capability) and would run at another
//! width without either fails pipeline creation with the reason, rather than see a size
//! the device does not report. Compiled programs are shared through the runtime's program
//! cache; pipeline caches hold the compiled code of their pipelines, which their data
//! carries to a later process (the runtime's on-disk code cache does the same without
//! them). Pipeline creation cache control (Vulkan 1.3): with
//! `FAIL_ON_PIPELINE_COMPILE_REQUIRED` a pipeline whose compiled code the given pipeline
//! cache does not hold is not made (`VK_PIPELINE_COMPILE_REQUIRED`, found from the code's
//! key without compiling), with `EARLY_RETURN_ON_FAILURE` the first failure ends the call
//! (the remaining handles null), and a cache's `EXTERNALLY_SYNCHRONIZED` flag changes
//! nothing (a cache locks itself, briefly). `VkPipelineCreationFeedbackCreateInfo` gets
//! the time creation took and whether the cache held the code. This module must not run
//! kernels.

use std::sync::{Arc, Mutex, PoisonError};

use ash::vk::{self, Handle};

use crate::descriptor::PipelineLayout;
use crate::device::device;
use crate::handles::{self, guard, guard_void, put, slice, OK};
use crate::physical;

/// A shader module: its SPIR-V bytes.
pub struct ShaderModule {
    bytes: Vec<u8>,
}

/// A compute pipeline.
pub struct ComputePipeline {
    pub pipeline: spirjit::Pipeline,
    /// The module declares `PhysicalStorageBufferAddresses`: dispatches make every
    /// allocation of the device reachable through its address.
    pub uses_addresses: bool,
}

/// A pipeline cache: the compiled code of the pipelines created with it (and of the
/// data it was created from), which `vkGetPipelineCacheData` serializes.
#[derive(Default)]
pub struct PipelineCache {
    codes: Mutex<Vec<spirjit::CompiledCode>>,
}

impl PipelineCache {
    /// Keep `codes` (replacing entries of the same key).
    fn add(&self, codes: impl IntoIterator<Item = spirjit::CompiledCode>) {
        let mut kept = self.codes.lock().unwrap_or_else(PoisonError::into_inner);
        for c in codes {
            kept.retain(|k| k.key != c.key);
            kept.push(c);
        }
    }

    fn codes(&self) -> Vec<spirjit::CompiledCode> {
        self.codes.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

pub unsafe extern "system" fn create_shader_module(
    raw: vk::Device,
    info: *const vk::ShaderModuleCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::ShaderModule,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        if info.code_size % 4 != 0 || info.p_code.is_null() {
            handles::log(&format!("vkCreateShaderModule: codeSize {} is not a whole number of words", info.code_size));
            return Err(vk::Result::ERROR_INVALID_SHADER_NV);
        }
        // SAFETY: `p_code` points at `code_size` bytes (the caller's contract).
        let bytes = unsafe { std::slice::from_raw_parts(info.p_code as *const u8, info.code_size) }.to_vec();
        let id = handles::new_object(Arc::new(ShaderModule { bytes }), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::ShaderModule::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_shader_module(
    _raw: vk::Device,
    module: vk::ShaderModule,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<ShaderModule>(module.as_raw());
    })
}

/// The specialization of a stage: each map entry's bytes, little-endian, as raw bits.
///
/// # Safety
/// `info`, when not null, must be valid.
unsafe fn specialization(info: *const vk::SpecializationInfo<'_>) -> Result<spirjit::Specialization, String> {
    let mut spec = spirjit::Specialization::new();
    // SAFETY: the caller's contract.
    let Some(info) = (unsafe { info.as_ref() }) else { return Ok(spec) };
    // SAFETY: as above: `map_entry_count` entries and `data_size` bytes of data.
    let (entries, data) = unsafe {
        let entries = slice(info.p_map_entries, info.map_entry_count).map_err(|_| "a null pMapEntries")?;
        let data: &[u8] = if info.data_size == 0 {
            &[]
        } else {
            std::slice::from_raw_parts(info.p_data as *const u8, info.data_size)
        };
        (entries, data)
    };
    for e in entries {
        let start = e.offset as usize;
        let bytes = data.get(start..start.saturating_add(e.size)).filter(|b| b.len() <= 8).ok_or_else(|| {
            format!("specialization constant {}: {} bytes at offset {}", e.constant_id, e.size, e.offset)
        })?;
        let mut word = [0u8; 8];
        word[..bytes.len()].copy_from_slice(bytes);
        spec.insert(e.constant_id, spirjit::SpecValue::Bits(u64::from_le_bytes(word)));
    }
    Ok(spec)
}

/// `OpCapability PhysicalStorageBufferAddresses` in the module's words.
fn declares_addresses(bytes: &[u8]) -> bool {
    const OP_CAPABILITY: u32 = (2 << 16) | 17;
    const PHYSICAL_STORAGE_BUFFER_ADDRESSES: u32 = 5347;
    let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    words.windows(2).any(|w| w[0] == OP_CAPABILITY && w[1] == PHYSICAL_STORAGE_BUFFER_ADDRESSES)
}

/// Whether the module declares a capability through which a shader sees its sub-groups
/// (`GroupNonUniform*`, `SubgroupBallotKHR`, `SubgroupVoteKHR`), and its SPIR-V version.
fn subgroup_use(bytes: &[u8]) -> (bool, u32) {
    const OP_CAPABILITY: u32 = (2 << 16) | 17;
    let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let observes = words.windows(2).any(|w| w[0] == OP_CAPABILITY && (matches!(w[1], 61..=68 | 4423 | 4431)));
    (observes, words.get(1).copied().unwrap_or(0))
}

/// The stage's `VkPipelineShaderStageRequiredSubgroupSizeCreateInfo`, if any.
///
/// # Safety
/// The stage's chain must be valid.
unsafe fn required_subgroup_size(stage: &vk::PipelineShaderStageCreateInfo<'_>) -> Option<u32> {
    let ty = vk::StructureType::PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO;
    // SAFETY: the caller's contract; the structure is the type its sType names.
    unsafe {
        let s = handles::find_in_chain(stage.p_next, ty)?;
        Some((*(s as *const vk::PipelineShaderStageRequiredSubgroupSizeCreateInfo<'_>)).required_subgroup_size)
    }
}

/// Why a pipeline was not made.
enum Failure {
    /// `FAIL_ON_PIPELINE_COMPILE_REQUIRED` and the cache does not hold the code.
    CompileRequired,
    Error(String),
}

impl From<String> for Failure {
    fn from(m: String) -> Failure {
        Failure::Error(m)
    }
}

impl From<&str> for Failure {
    fn from(m: &str) -> Failure {
        Failure::Error(m.to_string())
    }
}

/// Whether `cache` holds the compiled code of the pipeline `program`'s `entry` makes
/// with `spec` (at sub-group size `required`); if so, hand the code to the runtime, so
/// that the pipeline loads it rather than compiles it. Finding the key compiles nothing.
fn cache_hit(
    cache: &PipelineCache,
    program: &spirjit::Program,
    entry: &str,
    spec: &spirjit::Specialization,
    required: Option<u32>,
) -> bool {
    let key = (|| {
        let program = match required {
            Some(n) => program.with_lanes(n).ok()?,
            None => program.clone(),
        };
        program.specialized(spec).ok()?.kernel(entry).ok()?.code_key()
    })();
    let Some(key) = key else { return false };
    let found: Vec<_> = cache.codes().into_iter().filter(|c| c.key == key).collect();
    let hit = !found.is_empty();
    spirjit::preload_compiled_code(found);
    hit
}

/// Make the pipeline of `info`; also whether `cache` held its compiled code.
fn build(
    info: &vk::ComputePipelineCreateInfo<'_>,
    robust: bool,
    cache: Option<&PipelineCache>,
) -> Result<(ComputePipeline, bool), Failure> {
    let stage = &info.stage;
    if stage.stage != vk::ShaderStageFlags::COMPUTE {
        return Err(format!("stage {:?} is not COMPUTE", stage.stage).into());
    }
    let module = handles::object::<ShaderModule>(stage.module.as_raw()).ok_or("an invalid shader module")?;
    let layout = handles::object::<PipelineLayout>(info.layout.as_raw()).ok_or("an invalid pipeline layout")?;
    if stage.p_name.is_null() {
        return Err("no entry point name".into());
    }
    // SAFETY: a valid C string (the caller's contract).
    let entry = unsafe { std::ffi::CStr::from_ptr(stage.p_name) }.to_string_lossy().into_owned();
    // SAFETY: the stage's specialization info (the caller's contract).
    let spec = unsafe { specialization(stage.p_specialization_info) }?;
    // SAFETY: the stage's chain (the caller's contract).
    let required = unsafe { required_subgroup_size(stage) };
    let options = spirjit::Options { lanes: physical::LANES, checked: true, robust_buffer_access: robust };
    let program = spirjit::Program::with_options(&module.bytes, &options).map_err(|e| e.to_string())?;
    let hit = cache.is_some_and(|c| cache_hit(c, &program, &entry, &spec, required));
    if !hit && info.flags.contains(vk::PipelineCreateFlags::FAIL_ON_PIPELINE_COMPILE_REQUIRED) {
        return Err(Failure::CompileRequired);
    }
    let pipeline_options = spirjit::PipelineOptions { required_subgroup_size: required };
    let pipeline = program.pipeline_with(&entry, &spec, &pipeline_options).map_err(|e| e.to_string())?;
    // Compile now, so that errors surface here rather than at the first dispatch.
    let path = pipeline.kernel().path().map_err(|e| e.to_string())?;
    let (observes, version) = subgroup_use(&module.bytes);
    let varying = stage.flags.contains(vk::PipelineShaderStageCreateFlags::ALLOW_VARYING_SUBGROUP_SIZE_EXT)
        || version >= 0x0001_0600;
    if required.is_none() && !varying && observes && path.lanes != physical::LANES {
        return Err(Failure::Error(format!(
            "the shader uses sub-group operations and runs with sub-groups of {} ({}), not the device's {}; create \
             the stage with VK_PIPELINE_SHADER_STAGE_CREATE_ALLOW_VARYING_SUBGROUP_SIZE_BIT to run it so",
            path.lanes,
            path.note,
            physical::LANES
        )));
    }
    check_layout(&pipeline, &layout)?;
    let uses_addresses = declares_addresses(&module.bytes);
    Ok((ComputePipeline { pipeline, uses_addresses }, hit))
}

/// Fill the `VkPipelineCreationFeedbackCreateInfo` chained to `info`, if any: valid, the
/// time creation took, and whether the pipeline cache held the code (the one stage gets
/// the same).
///
/// # Safety
/// `info`'s chain must be valid.
unsafe fn give_feedback(info: &vk::ComputePipelineCreateInfo<'_>, took: std::time::Duration, hit: bool) {
    let mut flags = vk::PipelineCreationFeedbackFlags::VALID;
    if hit {
        flags |= vk::PipelineCreationFeedbackFlags::APPLICATION_PIPELINE_CACHE_HIT;
    }
    let feedback = vk::PipelineCreationFeedback { flags, duration: took.as_nanos().min(u128::from(u64::MAX)) as u64 };
    // SAFETY: the caller's contract; the structure is the type its sType names, and its
    // pointers are null or point at one feedback and `count` stage feedbacks.
    unsafe {
        let Some(f) = handles::find_in_chain(info.p_next, vk::StructureType::PIPELINE_CREATION_FEEDBACK_CREATE_INFO)
        else {
            return;
        };
        let f = &*(f as *const vk::PipelineCreationFeedbackCreateInfo<'_>);
        if !f.p_pipeline_creation_feedback.is_null() {
            *f.p_pipeline_creation_feedback = feedback;
        }
        for i in 0..f.pipeline_stage_creation_feedback_count as usize {
            if !f.p_pipeline_stage_creation_feedbacks.is_null() {
                *f.p_pipeline_stage_creation_feedbacks.add(i) = feedback;
            }
        }
    }
}

/// The shader's interface must be in the pipeline layout: each binding it uses, with a
/// descriptor type that fits it and enough descriptors, and its push constants within the layout's ranges.
fn check_layout(pipeline: &spirjit::Pipeline, layout: &PipelineLayout) -> Result<(), String> {
    for b in pipeline.bindings() {
        // A run-time sized array (count 0 here) takes what each dispatch's set has.
        let found = layout.sets.get(b.set as usize).and_then(|s| s.bindings.get(&b.binding));
        match found {
            Some(l) if !crate::descriptor::fits(b.kind, l.ty) => {
                return Err(format!(
                    "binding ({}, {}) is a {} in the shader and {:?} in the layout",
                    b.set,
                    b.binding,
                    b.kind.name(),
                    l.ty
                ))
            }
            Some(l) if l.count >= b.count => {}
            Some(l) => {
                return Err(format!(
                    "binding ({}, {}) has {} descriptors in the layout; the shader uses {}",
                    b.set, b.binding, l.count, b.count
                ))
            }
            None => {
                return Err(format!(
                    "the shader uses binding ({}, {}), which the pipeline layout lacks",
                    b.set, b.binding
                ))
            }
        }
    }
    let push = pipeline.push_constant_range();
    if push > u64::from(layout.push_size) {
        return Err(format!("the shader reads {push} bytes of push constants; the layout has {}", layout.push_size));
    }
    Ok(())
}

pub unsafe extern "system" fn create_compute_pipelines(
    raw: vk::Device,
    cache: vk::PipelineCache,
    count: u32,
    infos: *const vk::ComputePipelineCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Pipeline,
) -> vk::Result {
    guard(|| {
        let d = device(raw)?;
        // SAFETY: the caller's array.
        let infos = unsafe { slice(infos, count)? };
        if out.is_null() && count > 0 {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        let cache = handles::object::<PipelineCache>(cache.as_raw());
        let mut result = vk::Result::SUCCESS;
        // Every handle starts null: after an early return the rest stay so.
        for i in 0..infos.len() {
            // SAFETY: `out` has room for `count` handles (the caller's contract).
            unsafe { out.add(i).write(vk::Pipeline::null()) };
        }
        for (i, info) in infos.iter().enumerate() {
            let started = std::time::Instant::now();
            match build(info, d.state.robust, cache.as_deref()) {
                Ok((p, hit)) => {
                    if let (Some(cache), Ok(Some(code))) = (&cache, p.pipeline.kernel().compiled_code()) {
                        cache.add([code]);
                    }
                    // SAFETY: the info's chain (the caller's contract).
                    unsafe { give_feedback(info, started.elapsed(), hit) };
                    let handle = handles::new_object(Arc::new(p), raw.as_raw());
                    // SAFETY: `out` has room for `count` handles (the caller's contract).
                    unsafe { out.add(i).write(vk::Pipeline::from_raw(handle)) };
                    continue;
                }
                Err(Failure::CompileRequired) => {
                    if result == vk::Result::SUCCESS {
                        result = vk::Result::PIPELINE_COMPILE_REQUIRED;
                    }
                }
                Err(Failure::Error(m)) => {
                    handles::log(&format!("vkCreateComputePipelines: pipeline {i}: {m}"));
                    result = vk::Result::ERROR_UNKNOWN;
                }
            }
            if info.flags.contains(vk::PipelineCreateFlags::EARLY_RETURN_ON_FAILURE) {
                break;
            }
        }
        Ok(result)
    })
}

pub unsafe extern "system" fn destroy_pipeline(
    _raw: vk::Device,
    pipeline: vk::Pipeline,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<ComputePipeline>(pipeline.as_raw());
    })
}

pub unsafe extern "system" fn create_pipeline_cache(
    raw: vk::Device,
    info: *const vk::PipelineCacheCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::PipelineCache,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let cache = PipelineCache::default();
        if info.initial_data_size > 0 && !info.p_initial_data.is_null() {
            // SAFETY: `p_initial_data` points at `initial_data_size` bytes (the caller's
            // contract).
            let data = unsafe { std::slice::from_raw_parts(info.p_initial_data as *const u8, info.initial_data_size) };
            // Data of another driver, build or CPU is ignored, as Vulkan asks; entries
            // whose checksum fails are left out.
            if let Some(entries) = data.strip_prefix(&cache_header()[..]) {
                let codes = spirjit::decode_compiled_code(entries);
                spirjit::preload_compiled_code(codes.iter().cloned());
                cache.add(codes);
            }
        }
        let id = handles::new_object(Arc::new(cache), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::PipelineCache::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_pipeline_cache(
    _raw: vk::Device,
    cache: vk::PipelineCache,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<PipelineCache>(cache.as_raw());
    })
}

/// The header Vulkan specifies for pipeline cache data (version one); the UUID names
/// this build of spirjit and this CPU ([`spirjit::build_identity`]), so data from
/// another is recognised and ignored.
fn cache_header() -> Vec<u8> {
    let p = physical::properties();
    let mut h = Vec::with_capacity(32);
    h.extend_from_slice(&32u32.to_le_bytes());
    h.extend_from_slice(&1u32.to_le_bytes()); // VK_PIPELINE_CACHE_HEADER_VERSION_ONE
    h.extend_from_slice(&p.vendor_id.to_le_bytes());
    h.extend_from_slice(&p.device_id.to_le_bytes());
    h.extend_from_slice(&p.pipeline_cache_uuid);
    h
}

pub unsafe extern "system" fn get_pipeline_cache_data(
    _raw: vk::Device,
    cache: vk::PipelineCache,
    size: *mut usize,
    data: *mut std::ffi::c_void,
) -> vk::Result {
    guard(|| {
        let cache = handles::get::<PipelineCache>(cache.as_raw())?;
        let mut header = cache_header();
        header.extend_from_slice(&spirjit::encode_compiled_code(&cache.codes()));
        if size.is_null() {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        // SAFETY: the caller's size and buffer of `*size` bytes.
        unsafe {
            if data.is_null() {
                *size = header.len();
                return OK;
            }
            if *size < header.len() {
                *size = 0;
                return Ok(vk::Result::INCOMPLETE);
            }
            std::ptr::copy_nonoverlapping(header.as_ptr(), data as *mut u8, header.len());
            *size = header.len();
        }
        OK
    })
}

pub unsafe extern "system" fn merge_pipeline_caches(
    _raw: vk::Device,
    dst: vk::PipelineCache,
    count: u32,
    src: *const vk::PipelineCache,
) -> vk::Result {
    guard(|| {
        let dst = handles::get::<PipelineCache>(dst.as_raw())?;
        // SAFETY: the caller's array of `count` caches.
        let srcs = unsafe { slice(src, count)? };
        for s in srcs {
            let s = handles::get::<PipelineCache>(s.as_raw())?;
            if !Arc::ptr_eq(&s, &dst) {
                dst.add(s.codes());
            }
        }
        OK
    })
}

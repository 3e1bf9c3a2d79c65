//! Descriptor set layouts, pipeline layouts, descriptor pools and sets, and descriptor
//! updates (writes and copies). Every descriptor type of compute is supported: storage
//! and uniform buffers (dynamic too), storage and sampled images, samplers (immutable
//! ones in layouts too), combined image samplers and uniform and storage texel buffers;
//! other types (input attachments, inline uniform blocks, ...) are refused when a layout
//! names them. A set holds its descriptors by value (buffer, offset, range; or the view
//! and sampler objects), read when a dispatch runs. This module must not touch memory.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use ash::vk::{self, Handle};

use crate::device::{device, Buffer};
use crate::handles::{self, guard, guard_void, put, slice, OK};
use crate::image::{BufferView, ImageView, Sampler};

/// One binding of a set layout.
#[derive(Clone)]
pub struct LayoutBinding {
    pub ty: vk::DescriptorType,
    pub count: u32,
    /// For a dynamic binding: the index of its first dynamic offset within the set's.
    pub dynamic_index: Option<u32>,
    /// Immutable samplers (sampler and combined image sampler bindings), one per element.
    pub immutable: Vec<Arc<Sampler>>,
}

/// A descriptor set layout.
pub struct SetLayout {
    pub bindings: BTreeMap<u32, LayoutBinding>,
    /// Dynamic offsets the set takes (by binding number, then array element).
    pub dynamic_count: u32,
}

/// A pipeline layout: the set layouts and push-constant bytes.
pub struct PipelineLayout {
    pub sets: Vec<Arc<SetLayout>>,
    pub push_size: u32,
}

/// One buffer descriptor.
#[derive(Clone)]
pub struct BufferDescriptor {
    pub buffer: Arc<Buffer>,
    pub offset: u64,
    pub range: u64,
}

/// One descriptor.
#[derive(Clone)]
pub enum Descriptor {
    Buffer(BufferDescriptor),
    /// A storage or sampled image, or (with its sampler) a combined image sampler.
    Image {
        view: Arc<ImageView>,
        sampler: Option<Arc<Sampler>>,
    },
    Sampler(Arc<Sampler>),
    TexelBuffer(Arc<BufferView>),
}

/// The descriptors of a set: per binding, per array element (`None`: never written).
pub type Slots = BTreeMap<u32, Vec<Option<Descriptor>>>;

/// A descriptor set.
pub struct DescriptorSet {
    pub layout: Arc<SetLayout>,
    pub slots: Mutex<Slots>,
}

impl DescriptorSet {
    fn new(layout: Arc<SetLayout>) -> DescriptorSet {
        let slots = layout
            .bindings
            .iter()
            .map(|(&b, l)| {
                let mut v = vec![None; l.count as usize];
                if l.ty == vk::DescriptorType::SAMPLER {
                    for (slot, s) in v.iter_mut().zip(&l.immutable) {
                        *slot = Some(Descriptor::Sampler(s.clone()));
                    }
                }
                (b, v)
            })
            .collect();
        DescriptorSet { layout, slots: Mutex::new(slots) }
    }

    pub fn lock(&self) -> std::sync::MutexGuard<'_, Slots> {
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A descriptor pool: the sets allocated from it.
pub struct DescriptorPool {
    sets: Mutex<Vec<u64>>,
}

fn is_buffer(ty: vk::DescriptorType) -> bool {
    matches!(
        ty,
        vk::DescriptorType::STORAGE_BUFFER
            | vk::DescriptorType::UNIFORM_BUFFER
            | vk::DescriptorType::STORAGE_BUFFER_DYNAMIC
            | vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC
    )
}

fn is_supported(ty: vk::DescriptorType) -> bool {
    is_buffer(ty)
        || matches!(
            ty,
            vk::DescriptorType::STORAGE_IMAGE
                | vk::DescriptorType::SAMPLED_IMAGE
                | vk::DescriptorType::SAMPLER
                | vk::DescriptorType::COMBINED_IMAGE_SAMPLER
                | vk::DescriptorType::UNIFORM_TEXEL_BUFFER
                | vk::DescriptorType::STORAGE_TEXEL_BUFFER
        )
}

/// Whether descriptors of type `ty` may back a shader binding of `kind` (a combined
/// image sampler may also be read as its image or its sampler).
pub fn fits(kind: spirjit::DescriptorKind, ty: vk::DescriptorType) -> bool {
    use spirjit::DescriptorKind as K;
    use vk::DescriptorType as T;
    match kind {
        K::StorageBuffer => matches!(ty, T::STORAGE_BUFFER | T::STORAGE_BUFFER_DYNAMIC),
        K::UniformBuffer => matches!(ty, T::UNIFORM_BUFFER | T::UNIFORM_BUFFER_DYNAMIC),
        K::StorageImage => ty == T::STORAGE_IMAGE,
        K::SampledImage => matches!(ty, T::SAMPLED_IMAGE | T::COMBINED_IMAGE_SAMPLER),
        K::Sampler => matches!(ty, T::SAMPLER | T::COMBINED_IMAGE_SAMPLER),
        K::CombinedImageSampler => ty == T::COMBINED_IMAGE_SAMPLER,
        K::UniformTexelBuffer => ty == T::UNIFORM_TEXEL_BUFFER,
        K::StorageTexelBuffer => ty == T::STORAGE_TEXEL_BUFFER,
    }
}

fn is_dynamic(ty: vk::DescriptorType) -> bool {
    matches!(ty, vk::DescriptorType::STORAGE_BUFFER_DYNAMIC | vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC)
}

/// The layout of `info`, or why the driver cannot make it.
///
/// # Safety
/// `info` must be valid.
unsafe fn set_layout(info: &vk::DescriptorSetLayoutCreateInfo<'_>) -> Result<SetLayout, String> {
    // SAFETY: the caller's contract.
    let list = unsafe { slice(info.p_bindings, info.binding_count) }.map_err(|_| "a null pBindings".to_string())?;
    let mut bindings = BTreeMap::new();
    for b in list {
        if b.descriptor_count > 0 && !is_supported(b.descriptor_type) {
            return Err(format!(
                "binding {} has descriptor type {:?}; the driver supports buffers, images, samplers and texel \
                 buffers",
                b.binding, b.descriptor_type
            ));
        }
        let takes_samplers =
            matches!(b.descriptor_type, vk::DescriptorType::SAMPLER | vk::DescriptorType::COMBINED_IMAGE_SAMPLER);
        let immutable = if takes_samplers && !b.p_immutable_samplers.is_null() {
            // SAFETY: `descriptor_count` samplers (the caller's contract).
            let list = unsafe { slice(b.p_immutable_samplers, b.descriptor_count) }.map_err(|_| "a null array")?;
            list.iter()
                .map(|s| handles::object::<Sampler>(s.as_raw()).ok_or("an invalid immutable sampler".to_string()))
                .collect::<Result<Vec<_>, _>>()?
        } else {
            Vec::new()
        };
        let binding =
            LayoutBinding { ty: b.descriptor_type, count: b.descriptor_count, dynamic_index: None, immutable };
        bindings.insert(b.binding, binding);
    }
    let mut dynamic_count = 0;
    for l in bindings.values_mut() {
        if is_dynamic(l.ty) {
            l.dynamic_index = Some(dynamic_count);
            dynamic_count += l.count;
        }
    }
    Ok(SetLayout { bindings, dynamic_count })
}

pub unsafe extern "system" fn create_descriptor_set_layout(
    raw: vk::Device,
    info: *const vk::DescriptorSetLayoutCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::DescriptorSetLayout,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        // SAFETY: as above.
        let layout = unsafe { set_layout(info) }.map_err(|m| {
            handles::log(&format!("vkCreateDescriptorSetLayout: {m}"));
            vk::Result::ERROR_OUT_OF_HOST_MEMORY
        })?;
        let id = handles::new_object(Arc::new(layout), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::DescriptorSetLayout::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_descriptor_set_layout(
    _raw: vk::Device,
    layout: vk::DescriptorSetLayout,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<SetLayout>(layout.as_raw());
    })
}

pub unsafe extern "system" fn get_descriptor_set_layout_support(
    _raw: vk::Device,
    info: *const vk::DescriptorSetLayoutCreateInfo<'_>,
    out: *mut vk::DescriptorSetLayoutSupport<'_>,
) {
    guard_void(|| {
        // SAFETY: the caller's info and output structure.
        unsafe {
            if let (Some(info), Some(out)) = (info.as_ref(), out.as_mut()) {
                out.supported = if set_layout(info).is_ok() { vk::TRUE } else { vk::FALSE };
            }
        }
    })
}

pub unsafe extern "system" fn create_pipeline_layout(
    raw: vk::Device,
    info: *const vk::PipelineLayoutCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::PipelineLayout,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info and its arrays.
        let (info, set_handles, ranges) = unsafe {
            let info = info.as_ref().ok_or(vk::Result::ERROR_UNKNOWN)?;
            (
                info,
                slice(info.p_set_layouts, info.set_layout_count)?,
                slice(info.p_push_constant_ranges, info.push_constant_range_count)?,
            )
        };
        let _ = info;
        let sets = set_handles.iter().map(|s| handles::get::<SetLayout>(s.as_raw())).collect::<Result<Vec<_>, _>>()?;
        let push_size = ranges.iter().map(|r| r.offset.saturating_add(r.size)).max().unwrap_or(0);
        let id = handles::new_object(Arc::new(PipelineLayout { sets, push_size }), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::PipelineLayout::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_pipeline_layout(
    _raw: vk::Device,
    layout: vk::PipelineLayout,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<PipelineLayout>(layout.as_raw());
    })
}

pub unsafe extern "system" fn create_descriptor_pool(
    raw: vk::Device,
    info: *const vk::DescriptorPoolCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::DescriptorPool,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        if info.is_null() {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        let id = handles::new_object(Arc::new(DescriptorPool { sets: Mutex::new(Vec::new()) }), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::DescriptorPool::from_raw(id)) }
    })
}

fn release_pool_sets(pool: &DescriptorPool) {
    for id in pool.sets.lock().unwrap_or_else(|e| e.into_inner()).drain(..) {
        handles::free_object::<DescriptorSet>(id);
    }
}

pub unsafe extern "system" fn destroy_descriptor_pool(
    _raw: vk::Device,
    pool: vk::DescriptorPool,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        if let Some(p) = handles::free_object::<DescriptorPool>(pool.as_raw()) {
            release_pool_sets(&p);
        }
    })
}

pub unsafe extern "system" fn reset_descriptor_pool(
    _raw: vk::Device,
    pool: vk::DescriptorPool,
    _flags: vk::DescriptorPoolResetFlags,
) -> vk::Result {
    guard(|| {
        release_pool_sets(&*handles::get::<DescriptorPool>(pool.as_raw())?);
        OK
    })
}

pub unsafe extern "system" fn allocate_descriptor_sets(
    raw: vk::Device,
    info: *const vk::DescriptorSetAllocateInfo<'_>,
    out: *mut vk::DescriptorSet,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's allocate info and its array.
        let (info, layouts) = unsafe {
            let info = info.as_ref().ok_or(vk::Result::ERROR_UNKNOWN)?;
            (info, slice(info.p_set_layouts, info.descriptor_set_count)?)
        };
        if out.is_null() {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        let pool = handles::get::<DescriptorPool>(info.descriptor_pool.as_raw())?;
        let layouts = layouts.iter().map(|l| handles::get::<SetLayout>(l.as_raw())).collect::<Result<Vec<_>, _>>()?;
        let mut sets = pool.sets.lock().unwrap_or_else(|e| e.into_inner());
        for (i, layout) in layouts.into_iter().enumerate() {
            let id = handles::new_object(Arc::new(DescriptorSet::new(layout)), raw.as_raw());
            sets.push(id);
            // SAFETY: `out` has room for `descriptor_set_count` handles (the caller's contract).
            unsafe { out.add(i).write(vk::DescriptorSet::from_raw(id)) };
        }
        OK
    })
}

pub unsafe extern "system" fn free_descriptor_sets(
    _raw: vk::Device,
    pool: vk::DescriptorPool,
    count: u32,
    sets: *const vk::DescriptorSet,
) -> vk::Result {
    guard(|| {
        let pool = handles::get::<DescriptorPool>(pool.as_raw())?;
        // SAFETY: the caller's array.
        let sets = unsafe { slice(sets, count)? };
        let mut owned = pool.sets.lock().unwrap_or_else(|e| e.into_inner());
        for s in sets.iter().filter(|s| !s.is_null()) {
            owned.retain(|&id| id != s.as_raw());
            handles::free_object::<DescriptorSet>(s.as_raw());
        }
        OK
    })
}

/// The (binding, element) that `n` descriptors on from (`binding`, `element`) reach,
/// rolling over into the following bindings as consecutive-binding updates do.
fn advance(layout: &SetLayout, mut binding: u32, mut element: u32) -> Option<(u32, u32)> {
    loop {
        let count = layout.bindings.get(&binding).map_or(0, |b| b.count);
        if element < count {
            return Some((binding, element));
        }
        element -= count;
        binding = *layout.bindings.range(binding + 1..).next()?.0;
    }
}

pub unsafe extern "system" fn update_descriptor_sets(
    _raw: vk::Device,
    write_count: u32,
    writes: *const vk::WriteDescriptorSet<'_>,
    copy_count: u32,
    copies: *const vk::CopyDescriptorSet<'_>,
) {
    guard_void(|| {
        // SAFETY: the caller's arrays.
        let (Ok(writes), Ok(copies)) = (unsafe { slice(writes, write_count) }, unsafe { slice(copies, copy_count) })
        else {
            return;
        };
        for w in writes {
            if let Err(m) = write(w) {
                handles::log(&format!("vkUpdateDescriptorSets: {m}"));
            }
        }
        for c in copies {
            if let Err(m) = copy(c) {
                handles::log(&format!("vkUpdateDescriptorSets: {m}"));
            }
        }
    })
}

fn write(w: &vk::WriteDescriptorSet<'_>) -> Result<(), String> {
    let set = handles::object::<DescriptorSet>(w.dst_set.as_raw()).ok_or("an invalid descriptor set")?;
    if !is_supported(w.descriptor_type) {
        return Err(format!("descriptor type {:?} is not supported", w.descriptor_type));
    }
    let ty = w.descriptor_type;
    let n = w.descriptor_count;
    let mut slots = set.lock();
    for i in 0..n {
        let (b, e) = advance(&set.layout, w.dst_binding, w.dst_array_element + i)
            .ok_or_else(|| format!("binding {} element {} is outside the set", w.dst_binding, w.dst_array_element))?;
        let immutable = set.layout.bindings.get(&b).and_then(|l| l.immutable.get(e as usize)).cloned();
        // SAFETY (each arm): the caller's arrays, `descriptor_count` entries of the one
        // the descriptor type reads.
        let desc = if is_buffer(ty) {
            let info = unsafe { slice(w.p_buffer_info, n) }.map_err(|_| "a null pBufferInfo")?[i as usize];
            if info.buffer.is_null() {
                None
            } else {
                let buffer = handles::object::<Buffer>(info.buffer.as_raw()).ok_or("an invalid buffer")?;
                Some(Descriptor::Buffer(BufferDescriptor { buffer, offset: info.offset, range: info.range }))
            }
        } else if matches!(ty, vk::DescriptorType::UNIFORM_TEXEL_BUFFER | vk::DescriptorType::STORAGE_TEXEL_BUFFER) {
            let view = unsafe { slice(w.p_texel_buffer_view, n) }.map_err(|_| "a null pTexelBufferView")?[i as usize];
            if view.is_null() {
                None
            } else {
                Some(Descriptor::TexelBuffer(
                    handles::object::<BufferView>(view.as_raw()).ok_or("an invalid buffer view")?,
                ))
            }
        } else {
            let info = unsafe { slice(w.p_image_info, n) }.map_err(|_| "a null pImageInfo")?[i as usize];
            let sampler = || -> Result<Option<Arc<Sampler>>, String> {
                if immutable.is_some() {
                    return Ok(immutable.clone());
                }
                if info.sampler.is_null() {
                    return Ok(None);
                }
                Ok(Some(handles::object::<Sampler>(info.sampler.as_raw()).ok_or("an invalid sampler")?))
            };
            let view = || -> Result<Option<Arc<ImageView>>, String> {
                if info.image_view.is_null() {
                    return Ok(None);
                }
                Ok(Some(handles::object::<ImageView>(info.image_view.as_raw()).ok_or("an invalid image view")?))
            };
            match ty {
                vk::DescriptorType::SAMPLER => sampler()?.map(Descriptor::Sampler),
                vk::DescriptorType::COMBINED_IMAGE_SAMPLER => match (view()?, sampler()?) {
                    (Some(view), Some(s)) => Some(Descriptor::Image { view, sampler: Some(s) }),
                    _ => None,
                },
                _ => view()?.map(|view| Descriptor::Image { view, sampler: None }),
            }
        };
        if let Some(slot) = slots.get_mut(&b).and_then(|v| v.get_mut(e as usize)) {
            *slot = desc;
        }
    }
    Ok(())
}

fn copy(c: &vk::CopyDescriptorSet<'_>) -> Result<(), String> {
    let src = handles::object::<DescriptorSet>(c.src_set.as_raw()).ok_or("an invalid source set")?;
    let dst = handles::object::<DescriptorSet>(c.dst_set.as_raw()).ok_or("an invalid destination set")?;
    let mut taken = Vec::with_capacity(c.descriptor_count as usize);
    {
        let slots = src.lock();
        for i in 0..c.descriptor_count {
            let (b, e) =
                advance(&src.layout, c.src_binding, c.src_array_element + i).ok_or("a source outside the set")?;
            taken.push(slots.get(&b).and_then(|v| v.get(e as usize)).cloned().flatten());
        }
    }
    let mut slots = dst.lock();
    for (i, d) in taken.into_iter().enumerate() {
        let (b, e) = advance(&dst.layout, c.dst_binding, c.dst_array_element + i as u32)
            .ok_or("a destination outside the set")?;
        if let Some(slot) = slots.get_mut(&b).and_then(|v| v.get_mut(e as usize)) {
            *slot = d;
        }
    }
    Ok(())
}

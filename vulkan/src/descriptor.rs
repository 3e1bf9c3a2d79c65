//! Descriptor set layouts, pipeline layouts, descriptor pools and sets, and descriptor
//! updates (writes and copies). Every descriptor type of compute is supported: storage
//! and uniform buffers (dynamic too), storage and sampled images, samplers (immutable
//! ones in layouts too), combined image samplers, uniform and storage texel buffers and
//! inline uniform blocks; other types (input attachments, ...) are refused when a layout
//! names them. An inline uniform block binding's bytes live in the set: Vulkan counts
//! its descriptors in bytes (`descriptorCount` a size, `dstArrayElement` an offset), and
//! so does the set, one [`Descriptor::InlineByte`] per byte, so writes, copies, templates
//! and rolling over into the next binding work on them as on any descriptors. A set holds its descriptors by value (buffer, offset, range; or the view
//! and sampler objects), read when a dispatch runs, so
//! an update after binding (`UPDATE_AFTER_BIND`) is seen by the submissions that follow
//! it. Descriptor indexing: per-binding flags (`VkDescriptorSetLayoutBindingFlagsCreateInfo`)
//! and variable descriptor counts (`VkDescriptorSetVariableDescriptorCountAllocateInfo`).
//!
//! Every way of writing descriptors — `vkUpdateDescriptorSets`, update templates and
//! push descriptors (`template`) — goes through [`resolve`], which turns a write (where,
//! what type, a [`WriteSource`] of the infos) into placed descriptors, and [`apply`].
//! This module must not touch memory.

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
    /// Descriptors in the binding (for a `VARIABLE_DESCRIPTOR_COUNT` binding: the most a
    /// set may have; each set says how many it has).
    pub count: u32,
    /// For a dynamic binding: the index of its first dynamic offset within the set's.
    pub dynamic_index: Option<u32>,
    /// Descriptor indexing flags (`PARTIALLY_BOUND`, `UPDATE_AFTER_BIND`, ...).
    pub flags: vk::DescriptorBindingFlags,
    /// Immutable samplers (sampler and combined image sampler bindings), one per element.
    pub immutable: Vec<Arc<Sampler>>,
}

impl LayoutBinding {
    /// Descriptors that may be left unwritten when a dispatch does not use them.
    pub fn partially_bound(&self) -> bool {
        self.flags.contains(vk::DescriptorBindingFlags::PARTIALLY_BOUND)
    }
}

/// A descriptor set layout.
pub struct SetLayout {
    pub bindings: BTreeMap<u32, LayoutBinding>,
    /// Dynamic offsets the set takes (by binding number, then array element).
    pub dynamic_count: u32,
    /// A layout for push descriptors (`VK_KHR_push_descriptor`): no sets are allocated
    /// with it.
    pub push: bool,
}

impl SetLayout {
    /// The binding whose count each set chooses (`VARIABLE_DESCRIPTOR_COUNT`, the last).
    fn variable_binding(&self) -> Option<u32> {
        let (&b, l) = self.bindings.iter().next_back()?;
        l.flags.contains(vk::DescriptorBindingFlags::VARIABLE_DESCRIPTOR_COUNT).then_some(b)
    }
}

/// A pipeline layout: the set layouts and push-constant bytes.
pub struct PipelineLayout {
    pub sets: Vec<Arc<SetLayout>>,
    pub push_size: u32,
}

/// One buffer descriptor.
#[derive(Clone)]
pub struct BufferDescriptor {
    /// `None`: a null descriptor (`VK_NULL_HANDLE` written, `nullDescriptor`): reads give
    /// zero and writes are dropped (the device compiles kernels with robust access).
    pub buffer: Option<Arc<Buffer>>,
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
    /// A null image or texel-buffer descriptor (`VK_NULL_HANDLE` view written,
    /// `nullDescriptor`): bound to nothing, read as zeros, writes dropped, size 0.
    Null,
    /// One byte of an inline uniform block (`VK_EXT_inline_uniform_block`).
    InlineByte(u8),
}

/// A descriptor set.
pub struct DescriptorSet {
    pub layout: Arc<SetLayout>,
    /// Per binding, per array element (`None`: never written).
    pub slots: Mutex<Slots>,
}

/// The descriptors of a set: per binding, per array element (`None`: never written).
pub type Slots = BTreeMap<u32, Vec<Option<Descriptor>>>;

impl DescriptorSet {
    /// An empty set of `layout`; its variable-count binding (if any) has `variable`
    /// descriptors (the layout's count when `None`).
    pub fn new(layout: Arc<SetLayout>, variable: Option<u32>) -> DescriptorSet {
        let var = layout.variable_binding();
        let slots = layout
            .bindings
            .iter()
            .map(|(&b, l)| {
                let n = if Some(b) == var { variable.unwrap_or(l.count).min(l.count) } else { l.count };
                let mut v = vec![None; n as usize];
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

    /// A set of the same layout holding the same descriptors.
    pub fn duplicate(&self) -> DescriptorSet {
        DescriptorSet { layout: self.layout.clone(), slots: Mutex::new(self.lock().clone()) }
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

fn is_texel_buffer(ty: vk::DescriptorType) -> bool {
    matches!(ty, vk::DescriptorType::UNIFORM_TEXEL_BUFFER | vk::DescriptorType::STORAGE_TEXEL_BUFFER)
}

fn is_supported(ty: vk::DescriptorType) -> bool {
    is_buffer(ty)
        || is_texel_buffer(ty)
        || matches!(
            ty,
            vk::DescriptorType::STORAGE_IMAGE
                | vk::DescriptorType::SAMPLED_IMAGE
                | vk::DescriptorType::SAMPLER
                | vk::DescriptorType::COMBINED_IMAGE_SAMPLER
                | vk::DescriptorType::INLINE_UNIFORM_BLOCK
        )
}

/// Whether descriptors of type `ty` may back a shader binding of `kind` (a combined
/// image sampler may also be read as its image or its sampler).
pub fn fits(kind: spirjit::DescriptorKind, ty: vk::DescriptorType) -> bool {
    use spirjit::DescriptorKind as K;
    use vk::DescriptorType as T;
    match kind {
        K::StorageBuffer => matches!(ty, T::STORAGE_BUFFER | T::STORAGE_BUFFER_DYNAMIC),
        K::UniformBuffer => matches!(ty, T::UNIFORM_BUFFER | T::UNIFORM_BUFFER_DYNAMIC | T::INLINE_UNIFORM_BLOCK),
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
/// `info` and its chain must be valid.
unsafe fn set_layout(info: &vk::DescriptorSetLayoutCreateInfo<'_>) -> Result<SetLayout, String> {
    // SAFETY: the caller's contract.
    let list = unsafe { slice(info.p_bindings, info.binding_count) }.map_err(|_| "a null pBindings".to_string())?;
    // SAFETY: as above: the chain, and its flags array of `binding_count` entries.
    let flags = unsafe {
        match handles::find_in_chain(info.p_next, vk::StructureType::DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO) {
            Some(f) => {
                let f = &*(f as *const vk::DescriptorSetLayoutBindingFlagsCreateInfo<'_>);
                let flags = slice(f.p_binding_flags, f.binding_count).map_err(|_| "a null pBindingFlags")?;
                if !flags.is_empty() && flags.len() != list.len() {
                    return Err(format!("{} binding flags for {} bindings", flags.len(), list.len()));
                }
                flags
            }
            None => &[],
        }
    };
    let push = info.flags.contains(vk::DescriptorSetLayoutCreateFlags::PUSH_DESCRIPTOR_KHR);
    let mut bindings = BTreeMap::new();
    for (i, b) in list.iter().enumerate() {
        if b.descriptor_count > 0 && !is_supported(b.descriptor_type) {
            return Err(format!(
                "binding {} has descriptor type {:?}; the driver supports buffers, images, samplers and texel \
                 buffers",
                b.binding, b.descriptor_type
            ));
        }
        let inline_limit = crate::caps::MAX_INLINE_UNIFORM_BLOCK_SIZE;
        if b.descriptor_type == vk::DescriptorType::INLINE_UNIFORM_BLOCK && b.descriptor_count > inline_limit {
            return Err(format!(
                "binding {} is an inline uniform block of {} bytes; maxInlineUniformBlockSize is {inline_limit}",
                b.binding, b.descriptor_count
            ));
        }
        if push && is_dynamic(b.descriptor_type) {
            return Err(format!("binding {} of a push descriptor layout is dynamic", b.binding));
        }
        let flags = flags.get(i).copied().unwrap_or_default();
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
        let layout =
            LayoutBinding { ty: b.descriptor_type, count: b.descriptor_count, dynamic_index: None, flags, immutable };
        if bindings.insert(b.binding, layout).is_some() {
            return Err(format!("binding {} is given twice", b.binding));
        }
    }
    let total: u64 = bindings.values().map(|l: &LayoutBinding| u64::from(l.count)).sum();
    if push && total > u64::from(crate::caps::MAX_PUSH_DESCRIPTORS) {
        return Err(format!(
            "a push descriptor layout of {total} descriptors; maxPushDescriptors is {}",
            crate::caps::MAX_PUSH_DESCRIPTORS
        ));
    }
    let variable = vk::DescriptorBindingFlags::VARIABLE_DESCRIPTOR_COUNT;
    let last = bindings.keys().next_back().copied();
    if let Some((&b, _)) = bindings.iter().find(|(&b, l)| l.flags.contains(variable) && Some(b) != last) {
        return Err(format!("binding {b} has a variable descriptor count but is not the last binding"));
    }
    let mut dynamic_count = 0;
    for l in bindings.values_mut() {
        if is_dynamic(l.ty) {
            l.dynamic_index = Some(dynamic_count);
            dynamic_count += l.count;
        }
    }
    Ok(SetLayout { bindings, dynamic_count, push })
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
        // SAFETY: the caller's info and output structure (and its chain).
        unsafe {
            if let (Some(info), Some(out)) = (info.as_ref(), out.as_mut()) {
                let layout = set_layout(info);
                out.supported = if layout.is_ok() { vk::TRUE } else { vk::FALSE };
                let mut next = out.p_next as *mut vk::BaseOutStructure<'_>;
                while let Some(s) = next.as_mut() {
                    if s.s_type == vk::StructureType::DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_LAYOUT_SUPPORT {
                        let v = &mut *(next as *mut vk::DescriptorSetVariableDescriptorCountLayoutSupport<'_>);
                        let variable = layout.as_ref().ok().and_then(|l| l.variable_binding().map(|_| l));
                        v.max_variable_descriptor_count =
                            variable.map_or(0, |_| crate::physical::MAX_DESCRIPTORS_PER_SET);
                    }
                    next = s.p_next;
                }
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
        // SAFETY: the caller's allocate info, its array and its chain.
        let (info, layouts, variable) = unsafe {
            let info = info.as_ref().ok_or(vk::Result::ERROR_UNKNOWN)?;
            let kind = vk::StructureType::DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_ALLOCATE_INFO;
            let variable = match handles::find_in_chain(info.p_next, kind) {
                Some(v) => {
                    let v = &*(v as *const vk::DescriptorSetVariableDescriptorCountAllocateInfo<'_>);
                    slice(v.p_descriptor_counts, v.descriptor_set_count)?
                }
                None => &[],
            };
            (info, slice(info.p_set_layouts, info.descriptor_set_count)?, variable)
        };
        if out.is_null() {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        let pool = handles::get::<DescriptorPool>(info.descriptor_pool.as_raw())?;
        let layouts = layouts.iter().map(|l| handles::get::<SetLayout>(l.as_raw())).collect::<Result<Vec<_>, _>>()?;
        let mut sets = pool.sets.lock().unwrap_or_else(|e| e.into_inner());
        for (i, layout) in layouts.into_iter().enumerate() {
            // Without the structure (or with 0 sets in it), a variable-count binding has none.
            let count = Some(variable.get(i).copied().unwrap_or(0));
            let id = handles::new_object(Arc::new(DescriptorSet::new(layout, count)), raw.as_raw());
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

/// The (binding, element) that `element` descriptors on from `binding`'s first reach,
/// rolling over into the following bindings as consecutive-binding updates do (by the
/// set's own counts, so a variable-count binding counts what the set has).
fn advance(slots: &Slots, mut binding: u32, mut element: u32) -> Option<(u32, u32)> {
    loop {
        let count = slots.get(&binding).map_or(0, |v| v.len() as u32);
        if element < count {
            return Some((binding, element));
        }
        element -= count;
        binding = *slots.range(binding + 1..).next()?.0;
    }
}

/// Where the infos of one descriptor write come from: a `VkWriteDescriptorSet`'s arrays
/// or an update template's entries over the application's data.
pub trait WriteSource {
    /// The info of the `i`-th descriptor of a buffer write (`None`: no such info).
    fn buffer_info(&self, i: u32) -> Option<vk::DescriptorBufferInfo>;
    /// The info of the `i`-th descriptor of an image or sampler write.
    fn image_info(&self, i: u32) -> Option<vk::DescriptorImageInfo>;
    /// The view of the `i`-th descriptor of a texel buffer write.
    fn texel_buffer_view(&self, i: u32) -> Option<vk::BufferView>;
    /// The `i`-th byte of an inline uniform block write.
    fn inline_byte(&self, i: u32) -> Option<u8>;
}

/// One write: `count` descriptors of type `ty` from (`binding`, `element`) on.
pub struct Write<'a> {
    pub binding: u32,
    pub element: u32,
    pub ty: vk::DescriptorType,
    pub count: u32,
    pub source: &'a dyn WriteSource,
}

/// A descriptor and where it goes: (binding, array element, descriptor).
pub type Placed = (u32, u32, Option<Descriptor>);

/// The `i`-th descriptor of a write of type `ty`, into an element whose immutable
/// sampler (if any) is `immutable`. A null buffer is a null descriptor (an empty range),
/// a null image view or buffer view a null image descriptor (`Descriptor::Null`); a null
/// sampler leaves the element unwritten (`None`).
fn descriptor(
    ty: vk::DescriptorType,
    source: &dyn WriteSource,
    i: u32,
    immutable: Option<&Arc<Sampler>>,
) -> Result<Option<Descriptor>, String> {
    if is_buffer(ty) {
        let info = source.buffer_info(i).ok_or("a null pBufferInfo")?;
        let buffer = match info.buffer.is_null() {
            true => None,
            false => Some(handles::object::<Buffer>(info.buffer.as_raw()).ok_or("an invalid buffer")?),
        };
        return Ok(Some(Descriptor::Buffer(BufferDescriptor { buffer, offset: info.offset, range: info.range })));
    }
    if is_texel_buffer(ty) {
        let view = source.texel_buffer_view(i).ok_or("a null pTexelBufferView")?;
        if view.is_null() {
            return Ok(Some(Descriptor::Null));
        }
        let view = handles::object::<BufferView>(view.as_raw()).ok_or("an invalid buffer view")?;
        return Ok(Some(Descriptor::TexelBuffer(view)));
    }
    if ty == vk::DescriptorType::INLINE_UNIFORM_BLOCK {
        let byte = source.inline_byte(i).ok_or("no VkWriteDescriptorSetInlineUniformBlock with the bytes")?;
        return Ok(Some(Descriptor::InlineByte(byte)));
    }
    if !is_supported(ty) {
        return Err(format!("descriptor type {ty:?} is not supported"));
    }
    let info = source.image_info(i).ok_or("a null pImageInfo")?;
    let sampler = || -> Result<Option<Arc<Sampler>>, String> {
        if let Some(s) = immutable {
            return Ok(Some(s.clone()));
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
    Ok(match ty {
        vk::DescriptorType::SAMPLER => sampler()?.map(Descriptor::Sampler),
        vk::DescriptorType::COMBINED_IMAGE_SAMPLER => match (view()?, sampler()?) {
            (Some(view), Some(s)) => Some(Descriptor::Image { view, sampler: Some(s) }),
            (None, _) => Some(Descriptor::Null),
            (Some(_), None) => None,
        },
        _ => Some(view()?.map_or(Descriptor::Null, |view| Descriptor::Image { view, sampler: None })),
    })
}

/// The descriptors `w` writes into a set of `layout` whose descriptors are `slots`, each
/// with its place, or why the write is wrong. The one path of every descriptor write.
pub fn resolve(layout: &SetLayout, slots: &Slots, w: &Write<'_>) -> Result<Vec<Placed>, String> {
    let mut placed = Vec::with_capacity(w.count as usize);
    for i in 0..w.count {
        let at = w.element.checked_add(i).and_then(|e| advance(slots, w.binding, e));
        let (b, e) = at.ok_or_else(|| format!("binding {} element {} is outside the set", w.binding, w.element))?;
        let l = layout.bindings.get(&b);
        if let Some(l) = l.filter(|l| l.ty != w.ty) {
            return Err(format!("binding {b} has type {:?}; the write gives {:?}", l.ty, w.ty));
        }
        let immutable = l.and_then(|l| l.immutable.get(e as usize));
        placed.push((b, e, descriptor(w.ty, w.source, i, immutable)?));
    }
    Ok(placed)
}

/// Store resolved descriptors.
pub fn apply(slots: &mut Slots, placed: Vec<Placed>) {
    for (b, e, d) in placed {
        if let Some(slot) = slots.get_mut(&b).and_then(|v| v.get_mut(e as usize)) {
            *slot = d;
        }
    }
}

/// Resolve `w` against `set` and store it.
pub fn write_set(set: &DescriptorSet, w: &Write<'_>) -> Result<(), String> {
    let mut slots = set.lock();
    let placed = resolve(&set.layout, &slots, w)?;
    apply(&mut slots, placed);
    Ok(())
}

/// A `VkWriteDescriptorSet`'s arrays.
struct WriteArrays<'a>(&'a vk::WriteDescriptorSet<'a>);

impl WriteSource for WriteArrays<'_> {
    fn buffer_info(&self, i: u32) -> Option<vk::DescriptorBufferInfo> {
        if i >= self.0.descriptor_count || self.0.p_buffer_info.is_null() {
            return None;
        }
        // SAFETY: `descriptor_count` infos at `p_buffer_info` (the caller's contract), `i` below it.
        Some(unsafe { *self.0.p_buffer_info.add(i as usize) })
    }

    fn image_info(&self, i: u32) -> Option<vk::DescriptorImageInfo> {
        if i >= self.0.descriptor_count || self.0.p_image_info.is_null() {
            return None;
        }
        // SAFETY: `descriptor_count` infos at `p_image_info` (the caller's contract), `i` below it.
        Some(unsafe { *self.0.p_image_info.add(i as usize) })
    }

    fn texel_buffer_view(&self, i: u32) -> Option<vk::BufferView> {
        if i >= self.0.descriptor_count || self.0.p_texel_buffer_view.is_null() {
            return None;
        }
        // SAFETY: `descriptor_count` views at `p_texel_buffer_view` (the caller's contract), `i` below it.
        Some(unsafe { *self.0.p_texel_buffer_view.add(i as usize) })
    }

    fn inline_byte(&self, i: u32) -> Option<u8> {
        let ty = vk::StructureType::WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK;
        // SAFETY: the write's chain (the caller's contract); the structure is the type its
        // sType names, with `data_size` bytes at `p_data`, and `i` is below that.
        unsafe {
            let block =
                &*(handles::find_in_chain(self.0.p_next, ty)? as *const vk::WriteDescriptorSetInlineUniformBlock<'_>);
            if i >= block.data_size || block.p_data.is_null() {
                return None;
            }
            Some(*(block.p_data as *const u8).add(i as usize))
        }
    }
}

/// A `VkWriteDescriptorSet` as a [`Write`] (for `vkUpdateDescriptorSets` and push
/// descriptors).
pub fn with_write<R>(w: &vk::WriteDescriptorSet<'_>, f: impl FnOnce(&Write<'_>) -> R) -> R {
    let source = WriteArrays(w);
    f(&Write {
        binding: w.dst_binding,
        element: w.dst_array_element,
        ty: w.descriptor_type,
        count: w.descriptor_count,
        source: &source,
    })
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
            let done = match handles::object::<DescriptorSet>(w.dst_set.as_raw()) {
                Some(set) => with_write(w, |w| write_set(&set, w)),
                None => Err("an invalid descriptor set".to_string()),
            };
            if let Err(m) = done {
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

fn copy(c: &vk::CopyDescriptorSet<'_>) -> Result<(), String> {
    let src = handles::object::<DescriptorSet>(c.src_set.as_raw()).ok_or("an invalid source set")?;
    let dst = handles::object::<DescriptorSet>(c.dst_set.as_raw()).ok_or("an invalid destination set")?;
    let mut taken = Vec::with_capacity(c.descriptor_count as usize);
    {
        let slots = src.lock();
        for i in 0..c.descriptor_count {
            let (b, e) = advance(&slots, c.src_binding, c.src_array_element + i).ok_or("a source outside the set")?;
            taken.push(slots.get(&b).and_then(|v| v.get(e as usize)).cloned().flatten());
        }
    }
    let mut slots = dst.lock();
    let mut placed = Vec::with_capacity(taken.len());
    for (i, d) in taken.into_iter().enumerate() {
        let (b, e) =
            advance(&slots, c.dst_binding, c.dst_array_element + i as u32).ok_or("a destination outside the set")?;
        placed.push((b, e, d));
    }
    apply(&mut slots, placed);
    Ok(())
}

//! Descriptor update templates (Vulkan 1.1) and push descriptors (`VK_KHR_push_descriptor`).
//!
//! A template keeps its entries (where each write goes, and where in the application's
//! data its infos are: offset and stride; an inline uniform block's entry is its bytes at
//! the offset); `vkUpdateDescriptorSetWithTemplate` reads the
//! infos from that data and writes them through the one descriptor-write path of
//! `descriptor` ([`descriptor::resolve`]). Push descriptors resolve their writes when
//! they are recorded (the buffers, views and samplers are looked up then, and the recorded command holds
//! them) into a [`Command::PushDescriptors`], which `execute` applies to the set of that
//! number. This module must not touch memory or run commands.

use std::ffi::c_void;
use std::sync::Arc;

use ash::vk::{self, Handle};

use crate::command::{self, Command};
use crate::descriptor::{self, DescriptorSet, PipelineLayout, Placed, SetLayout, Slots, Write, WriteSource};
use crate::device::device;
use crate::handles::{self, guard, guard_void, put, slice};

/// A descriptor update template.
pub struct UpdateTemplate {
    entries: Vec<vk::DescriptorUpdateTemplateEntry>,
    /// For a push-descriptor template: the set number and its layout.
    push: Option<(u32, Arc<SetLayout>)>,
}

/// The infos of one template entry, read from the application's data.
struct TemplateData {
    data: *const u8,
    entry: vk::DescriptorUpdateTemplateEntry,
}

impl TemplateData {
    /// The `i`-th info of the entry, a `T` at `offset + i * stride` of the data.
    fn read<T>(&self, i: u32) -> Option<T> {
        if self.data.is_null() || i >= self.entry.descriptor_count {
            return None;
        }
        let at = self.entry.offset.checked_add(self.entry.stride.checked_mul(i as usize)?)?;
        // SAFETY: the template's entry says an info of the write's kind (a
        // VkDescriptorBufferInfo, VkDescriptorImageInfo or VkBufferView, which the caller
        // picks by the descriptor type) lies at `offset + i * stride` of the application's
        // data (the caller's contract with vkUpdateDescriptorSetWithTemplate); it need not
        // be aligned.
        Some(unsafe { (self.data.add(at) as *const T).read_unaligned() })
    }
}

impl WriteSource for TemplateData {
    fn buffer_info(&self, i: u32) -> Option<vk::DescriptorBufferInfo> {
        self.read(i)
    }

    fn image_info(&self, i: u32) -> Option<vk::DescriptorImageInfo> {
        self.read(i)
    }

    fn texel_buffer_view(&self, i: u32) -> Option<vk::BufferView> {
        self.read(i)
    }

    /// An inline uniform block's entry: `descriptorCount` bytes at `offset` (no stride).
    fn inline_byte(&self, i: u32) -> Option<u8> {
        if self.data.is_null() || i >= self.entry.descriptor_count {
            return None;
        }
        let at = self.entry.offset.checked_add(i as usize)?;
        // SAFETY: the entry says `descriptor_count` bytes of the block lie at `offset` of
        // the application's data (the caller's contract), and `i` is below that count.
        Some(unsafe { *self.data.add(at) })
    }
}

impl UpdateTemplate {
    /// Each entry's write over `data`, resolved against `layout` and `slots`.
    fn resolve(&self, layout: &SetLayout, slots: &Slots, data: *const c_void) -> Result<Vec<Placed>, String> {
        let mut placed = Vec::new();
        for e in &self.entries {
            let source = TemplateData { data: data as *const u8, entry: *e };
            let w = Write {
                binding: e.dst_binding,
                element: e.dst_array_element,
                ty: e.descriptor_type,
                count: e.descriptor_count,
                source: &source,
            };
            placed.extend(descriptor::resolve(layout, slots, &w)?);
        }
        Ok(placed)
    }
}

pub unsafe extern "system" fn create_descriptor_update_template(
    raw: vk::Device,
    info: *const vk::DescriptorUpdateTemplateCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::DescriptorUpdateTemplate,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info and its entries.
        let (info, entries) = unsafe {
            let info = info.as_ref().ok_or(vk::Result::ERROR_UNKNOWN)?;
            (info, slice(info.p_descriptor_update_entries, info.descriptor_update_entry_count)?)
        };
        let push = match info.template_type {
            vk::DescriptorUpdateTemplateType::PUSH_DESCRIPTORS_KHR => {
                let layout = handles::get::<PipelineLayout>(info.pipeline_layout.as_raw())?;
                let Some(set) = layout.sets.get(info.set as usize) else {
                    handles::log(&format!("vkCreateDescriptorUpdateTemplate: the layout has no set {}", info.set));
                    return Err(vk::Result::ERROR_UNKNOWN);
                };
                Some((info.set, set.clone()))
            }
            _ => {
                handles::get::<SetLayout>(info.descriptor_set_layout.as_raw())?;
                None
            }
        };
        let template = UpdateTemplate { entries: entries.to_vec(), push };
        let id = handles::new_object(Arc::new(template), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::DescriptorUpdateTemplate::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_descriptor_update_template(
    _raw: vk::Device,
    template: vk::DescriptorUpdateTemplate,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<UpdateTemplate>(template.as_raw());
    })
}

pub unsafe extern "system" fn update_descriptor_set_with_template(
    _raw: vk::Device,
    set: vk::DescriptorSet,
    template: vk::DescriptorUpdateTemplate,
    data: *const c_void,
) {
    guard_void(|| {
        let done = (|| {
            let set = handles::object::<DescriptorSet>(set.as_raw()).ok_or("an invalid descriptor set")?;
            let t = handles::object::<UpdateTemplate>(template.as_raw()).ok_or("an invalid update template")?;
            let mut slots = set.lock();
            let placed = t.resolve(&set.layout, &slots, data)?;
            descriptor::apply(&mut slots, placed);
            Ok::<(), String>(())
        })();
        if let Err(m) = done {
            handles::log(&format!("vkUpdateDescriptorSetWithTemplate: {m}"));
        }
    })
}

/// The layout of set `set` of a pipeline layout, which must be a push-descriptor one.
fn push_layout(layout: vk::PipelineLayout, set: u32) -> Result<Arc<SetLayout>, String> {
    let l = handles::object::<PipelineLayout>(layout.as_raw()).ok_or("an invalid pipeline layout")?;
    let s = l.sets.get(set as usize).ok_or_else(|| format!("the pipeline layout has no set {set}"))?;
    if !s.push {
        return Err(format!("set {set} of the pipeline layout was not made for push descriptors"));
    }
    Ok(s.clone())
}

/// The empty descriptors of a set of `layout`, to resolve writes against.
fn empty_slots(layout: &Arc<SetLayout>) -> Slots {
    DescriptorSet::new(layout.clone(), None).lock().clone()
}

pub unsafe extern "system" fn cmd_push_descriptor_set(
    raw: vk::CommandBuffer,
    bind_point: vk::PipelineBindPoint,
    layout: vk::PipelineLayout,
    set: u32,
    count: u32,
    writes: *const vk::WriteDescriptorSet<'_>,
) {
    command::record(raw, "vkCmdPushDescriptorSetKHR", || {
        if bind_point != vk::PipelineBindPoint::COMPUTE {
            return Err(format!("bind point {bind_point:?}; the device has compute pipelines only"));
        }
        let set_layout = push_layout(layout, set)?;
        // SAFETY: the caller's array.
        let writes = unsafe { slice(writes, count) }.map_err(|_| "a null pDescriptorWrites")?;
        let slots = empty_slots(&set_layout);
        let mut placed = Vec::new();
        for w in writes {
            placed.extend(descriptor::with_write(w, |w| descriptor::resolve(&set_layout, &slots, w))?);
        }
        Ok(Command::PushDescriptors { set, layout: set_layout, placed })
    })
}

pub unsafe extern "system" fn cmd_push_descriptor_set_with_template(
    raw: vk::CommandBuffer,
    template: vk::DescriptorUpdateTemplate,
    layout: vk::PipelineLayout,
    set: u32,
    data: *const c_void,
) {
    command::record(raw, "vkCmdPushDescriptorSetWithTemplateKHR", || {
        let t = handles::object::<UpdateTemplate>(template.as_raw()).ok_or("an invalid update template")?;
        if t.push.as_ref().is_none_or(|(s, _)| *s != set) {
            return Err(format!("the template was not made to push set {set}"));
        }
        let set_layout = push_layout(layout, set)?;
        let slots = empty_slots(&set_layout);
        let placed = t.resolve(&set_layout, &slots, data)?;
        Ok(Command::PushDescriptors { set, layout: set_layout, placed })
    })
}

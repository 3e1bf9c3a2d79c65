//! Running recorded commands: dispatches, buffer copies, fills and updates (image
//! transfers are `transfer`'s).
//!
//! State: a command buffer starts with nothing bound. A secondary command buffer run by
//! `vkCmdExecuteCommands` starts from nothing bound too (Vulkan: secondaries inherit no
//! compute state), and the primary's state is left as it was (Vulkan leaves it undefined
//! after the secondaries, so an application binds again). Push descriptors update a set
//! of their own at their set number, copied on write so that a dispatch recorded
//! earlier keeps what it saw.
//!
//! A dispatch gives the kernel, for each binding the pipeline uses, the bytes of the
//! bound descriptor's range (memory + buffer offset + descriptor offset + dynamic offset,
//! `range` bytes) as `Arg::buffer`; an image view's layers or a texel buffer's range as
//! `Arg::image_view` (with its sampler for a combined image sampler), a sampler as
//! `Arg::sampler`, an inline uniform block's bytes (kept in the set) as a buffer holding
//! a copy of them, and a null descriptor (or an unwritten one of a partially bound
//! binding) as `Arg::Null`. Aliasing rule: the driver never makes two live `&mut`
//! slices over overlapping bytes. The first range over some bytes is given in place; a
//! later range overlapping one already given (the same buffer or image bound twice, two
//! views of one allocation, or two memory objects importing the same host bytes: ranges
//! are compared by address) is given as a private copy, and after the dispatch the bytes the kernel
//! changed in the copy are written back. A kernel that writes the same bytes through two
//! overlapping bindings in one dispatch therefore sees each binding's own writes only (such
//! a shader races on any device). For a module that uses device addresses, every
//! allocation of the device is given in place first (`Bindings::device_buffer`), so its
//! descriptors' ranges are copies. The host must not touch memory a running submission
//! uses, as Vulkan requires (from `vkQueueSubmit` until the submission's fence or
//! semaphores signal); if it does, that is the application's race on those bytes, never a
//! dangling reference (the commands hold the memory). Dispatches run with the device's
//! time limit (`sync::DeviceSync`). This module must not create or destroy handles.

use std::collections::BTreeMap;
use std::sync::Arc;

use ash::vk;

use crate::command::Command;
use crate::descriptor::{Descriptor, DescriptorSet};
use crate::device::{Buffer, DeviceState, Memory};
use crate::image::Texels;
use crate::physical;
use crate::pipeline::ComputePipeline;

/// The state commands run in.
struct State {
    pipeline: Option<Arc<ComputePipeline>>,
    sets: BTreeMap<u32, (Arc<DescriptorSet>, Vec<u32>)>,
    push: Vec<u8>,
}

impl State {
    fn new() -> State {
        State { pipeline: None, sets: BTreeMap::new(), push: vec![0; physical::MAX_PUSH_CONSTANTS as usize] }
    }
}

/// Run `commands` in order; the first failure stops them.
pub fn run(device: &DeviceState, commands: &[Command]) -> Result<(), String> {
    run_in(device, commands, &mut State::new())
}

fn run_in(device: &DeviceState, commands: &[Command], s: &mut State) -> Result<(), String> {
    for c in commands {
        match c {
            Command::BindPipeline(p) => s.pipeline = Some(p.clone()),
            Command::BindSets { first, sets, dynamic_offsets } => {
                let mut offsets = dynamic_offsets.iter();
                for (i, set) in sets.iter().enumerate() {
                    let mine: Vec<u32> = offsets.by_ref().take(set.layout.dynamic_count as usize).copied().collect();
                    s.sets.insert(first + i as u32, (set.clone(), mine));
                }
            }
            Command::PushConstants { offset, bytes } => {
                let at = *offset as usize;
                if let Some(dst) = s.push.get_mut(at..at + bytes.len()) {
                    dst.copy_from_slice(bytes);
                }
            }
            Command::Dispatch { base, groups } => dispatch(device, s, *base, *groups)?,
            Command::DispatchIndirect { buffer, offset } => {
                let mut words = [0u8; 12];
                read(buffer, *offset, &mut words)?;
                let g = |i: usize| u32::from_le_bytes([words[i], words[i + 1], words[i + 2], words[i + 3]]);
                dispatch(device, s, [0; 3], [g(0), g(4), g(8)])?
            }
            Command::CopyBuffer { src, dst, regions } => {
                for r in regions {
                    let (sm, so, _) =
                        src.range(r.src_offset, r.size).map_err(|m| format!("vkCmdCopyBuffer source: {m}"))?;
                    let (dm, d_o, _) =
                        dst.range(r.dst_offset, r.size).map_err(|m| format!("vkCmdCopyBuffer destination: {m}"))?;
                    // SAFETY: both ranges were checked to lie inside their buffers, which lie
                    // inside their allocations; `copy` allows overlap.
                    unsafe { std::ptr::copy(sm.base().add(so as usize), dm.base().add(d_o as usize), r.size as usize) };
                }
            }
            Command::FillBuffer { dst, offset, size, data } => {
                let size = if *size == vk::WHOLE_SIZE { dst.size.saturating_sub(*offset) & !3 } else { *size };
                let (m, at, len) = dst.range(*offset, size).map_err(|e| format!("vkCmdFillBuffer: {e}"))?;
                let bytes = data.to_le_bytes();
                for i in 0..(len / 4) as usize {
                    // SAFETY: inside the checked range.
                    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), m.base().add(at as usize + 4 * i), 4) };
                }
            }
            Command::UpdateBuffer { dst, offset, bytes } => {
                let (m, at, _) =
                    dst.range(*offset, bytes.len() as u64).map_err(|e| format!("vkCmdUpdateBuffer: {e}"))?;
                // SAFETY: inside the checked range; `bytes` is the driver's own copy.
                unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), m.base().add(at as usize), bytes.len()) };
            }
            Command::SetEvent { event, set } => event.set(*set),
            Command::WaitEvents { events } => crate::sync::wait_events(device, events)?,
            Command::ResetQueries { pool, first, count } => {
                pool.reset(*first, *count).map_err(|m| format!("vkCmdResetQueryPool: {m}"))?
            }
            Command::WriteTimestamp { pool, query } => {
                pool.write_timestamp(*query).map_err(|m| format!("vkCmdWriteTimestamp: {m}"))?
            }
            Command::CopyQueryResults { pool, first, count, dst, offset, stride, flags } => {
                crate::query::copy_results(pool, *first, *count, dst, *offset, *stride, *flags)?
            }
            Command::Image(c) => c.run()?,
            Command::PushDescriptors { set, layout, placed } => {
                // The set pushed before at this number, if it has this layout, is the base
                // (push descriptors update the set); otherwise an empty one.
                let next = match s.sets.get(set) {
                    Some((old, _)) if Arc::ptr_eq(&old.layout, layout) => old.duplicate(),
                    _ => DescriptorSet::new(layout.clone(), None),
                };
                crate::descriptor::apply(&mut next.lock(), placed.clone());
                s.sets.insert(*set, (Arc::new(next), Vec::new()));
            }
            Command::ExecuteCommands(secondaries) => {
                for b in secondaries {
                    let r = b.lock();
                    run_in(device, &r.commands, &mut State::new())?;
                }
            }
        }
    }
    Ok(())
}

fn read(buffer: &Buffer, offset: u64, out: &mut [u8]) -> Result<(), String> {
    let (m, at, _) = buffer.range(offset, out.len() as u64).map_err(|e| format!("vkCmdDispatchIndirect: {e}"))?;
    // SAFETY: inside the checked range.
    unsafe { std::ptr::copy_nonoverlapping(m.base().add(at as usize), out.as_mut_ptr(), out.len()) };
    Ok(())
}

/// One range a dispatch binds.
struct Range {
    memory: Arc<Memory>,
    start: u64,
    len: u64,
}

/// What one descriptor gives the kernel: bytes (a buffer, or an image's texels read
/// through `Texels`), a sampler, or nothing (a null descriptor, or an unwritten one of a
/// partially bound binding): `spirjit::Arg::Null`, an empty buffer for a buffer binding
/// and an image of no texels (zeros read, writes dropped, size 0) for the image types.
enum Item {
    Buffer(Range),
    Image(Range, Texels, Option<spirjit::Sampler>),
    Sampler(spirjit::Sampler),
    /// An inline uniform block: the set's bytes (unwritten ones 0), given as a copy.
    Inline(Vec<u8>),
    Empty,
}

impl Item {
    fn range(&self) -> Option<&Range> {
        match self {
            Item::Buffer(r) | Item::Image(r, ..) => Some(r),
            Item::Sampler(_) | Item::Inline(_) | Item::Empty => None,
        }
    }
}

/// How a range is given to the kernel.
enum View {
    InPlace,
    /// A copy: (snapshot before, working copy).
    Copy(Vec<u8>, Vec<u8>),
    /// Not memory (a sampler, an empty buffer).
    None,
}

/// The item descriptor `d` gives a binding of `kind`, with `extra` (a dynamic offset)
/// added to a buffer's. A combined image sampler read as a sampler gives its sampler.
fn item(kind: spirjit::DescriptorKind, d: &Descriptor, extra: u64) -> Result<Item, String> {
    if let (spirjit::DescriptorKind::Sampler, Descriptor::Image { sampler: Some(s), .. }) = (kind, d) {
        return Ok(Item::Sampler(s.sampler));
    }
    let image = |t: Texels, s: Option<spirjit::Sampler>| {
        Item::Image(Range { memory: t.memory.clone(), start: t.start, len: t.len }, t, s)
    };
    Ok(match d {
        Descriptor::Buffer(b) => match &b.buffer {
            Some(buffer) => {
                let (memory, start, len) = buffer.range(b.offset + extra, b.range)?;
                Item::Buffer(Range { memory, start, len })
            }
            // A null descriptor: an empty buffer, which robust access reads as zeros.
            None => Item::Empty,
        },
        Descriptor::Null => Item::Empty,
        Descriptor::Image { view, sampler } => image(view.texels()?, sampler.as_ref().map(|s| s.sampler)),
        Descriptor::TexelBuffer(view) => image(view.texels()?, None),
        Descriptor::Sampler(s) => Item::Sampler(s.sampler),
        Descriptor::InlineByte(_) => return Err("an inline uniform block byte read as a descriptor".to_string()),
    })
}

fn dispatch(device: &DeviceState, s: &State, base: [u32; 3], groups: [u32; 3]) -> Result<(), String> {
    let p = s.pipeline.as_ref().ok_or("a dispatch with no pipeline bound")?;
    if groups.contains(&0) {
        return Ok(());
    }
    let pipe = &p.pipeline;
    // The descriptors of the bindings, in the pipeline's binding order.
    let mut per_binding: Vec<(u32, u32, Vec<Item>)> = Vec::new();
    for b in pipe.bindings() {
        let (set, dynamic) = s.sets.get(&b.set).ok_or_else(|| format!("set {} is not bound", b.set))?;
        let layout = set.layout.bindings.get(&b.binding).ok_or_else(|| {
            format!("the shader uses binding {} of set {}, which its layout does not have", b.binding, b.set)
        })?;
        let slots = set.lock();
        let descs = slots.get(&b.binding).ok_or_else(|| format!("binding ({}, {}) is empty", b.set, b.binding))?;
        if layout.ty == vk::DescriptorType::INLINE_UNIFORM_BLOCK {
            let bytes = descs.iter().map(|d| if let Some(Descriptor::InlineByte(v)) = d { *v } else { 0 }).collect();
            per_binding.push((b.set, b.binding, vec![Item::Inline(bytes)]));
            continue;
        }
        // A run-time sized array takes the set's descriptors up to the last one written.
        let count = match b.runtime_sized {
            true => descs.iter().rposition(Option::is_some).map_or(0, |i| i as u32 + 1),
            false => b.count,
        };
        let mut items = Vec::new();
        for e in 0..count {
            let Some(d) = descs.get(e as usize).and_then(|d| d.as_ref()) else {
                // A partially bound binding may leave descriptors the shader does not
                // use unwritten: they are bound to nothing there (a buffer access faults).
                if layout.partially_bound() {
                    items.push(Item::Empty);
                    continue;
                }
                return Err(format!("descriptor ({}, {}) element {e} was never written", b.set, b.binding));
            };
            let extra = match layout.dynamic_index {
                Some(first) => *dynamic.get((first + e) as usize).ok_or("a missing dynamic offset")? as u64,
                None => 0,
            };
            items.push(
                item(b.kind, d, extra)
                    .map_err(|m| format!("descriptor ({}, {}) element {e}: {m}", b.set, b.binding))?,
            );
        }
        per_binding.push((b.set, b.binding, items));
    }
    // Decide which ranges are given in place: first come, first served.
    // Ranges are compared by address, not by memory object: two memory objects may be the
    // same bytes (host pointers imported twice, `VK_EXT_external_memory_host`).
    let mut live: Vec<(u64, u64)> = Vec::new(); // [start, end) addresses given in place
    let address_memory = if p.uses_addresses { device.addressable_memory() } else { Vec::new() };
    for m in &address_memory {
        live.push((m.base() as u64, m.base() as u64 + m.size()));
    }
    let mut views: Vec<Vec<View>> = Vec::new();
    for (_, _, items) in &per_binding {
        let mut v = Vec::new();
        for it in items {
            let Some(r) = it.range() else {
                v.push(match it {
                    Item::Inline(bytes) => View::Copy(Vec::new(), bytes.clone()),
                    _ => View::None,
                });
                continue;
            };
            let start = r.memory.base() as u64 + r.start;
            let end = start + r.len;
            let overlaps = live.iter().any(|&(s0, e0)| start < e0 && s0 < end);
            if overlaps {
                // SAFETY: the range lies inside the allocation (checked by `Buffer::range`
                // or the image's binding); reading it makes no reference.
                let snapshot =
                    unsafe { std::slice::from_raw_parts(r.memory.base().add(r.start as usize), r.len as usize) }
                        .to_vec();
                v.push(View::Copy(snapshot.clone(), snapshot));
            } else {
                live.push((start, end));
                v.push(View::InPlace);
            }
        }
        views.push(v);
    }
    {
        let mut bindings = spirjit::Bindings::new();
        for m in &address_memory {
            // SAFETY: the whole allocation, live and overlapping no other slice made here
            // (every descriptor range in it is a copy).
            let bytes = unsafe { std::slice::from_raw_parts_mut(m.base(), m.size() as usize) };
            bindings = bindings.device_buffer(bytes);
        }
        for ((set, binding, items), v) in per_binding.iter().zip(views.iter_mut()) {
            let mut args = Vec::new();
            for (it, view) in items.iter().zip(v.iter_mut()) {
                let bytes: Option<&mut [u8]> = match (view, it.range()) {
                    // SAFETY: inside the allocation (checked), which the range keeps alive
                    // for the dispatch, and overlapping no other slice made here (see the
                    // module docs); the application does not access it meanwhile (Vulkan's rule).
                    (View::InPlace, Some(r)) => Some(unsafe {
                        std::slice::from_raw_parts_mut(r.memory.base().add(r.start as usize), r.len as usize)
                    }),
                    (View::Copy(_, work), _) => Some(work.as_mut_slice()),
                    _ => None,
                };
                let arg = match (it, bytes) {
                    (Item::Buffer(_) | Item::Inline(_), Some(bytes)) => spirjit::Arg::buffer(bytes),
                    (Item::Image(_, t, None), Some(bytes)) => spirjit::Arg::image_view(t.view(bytes)?),
                    (Item::Image(_, t, Some(smp)), Some(bytes)) => {
                        spirjit::Arg::sampled_image_view(t.view(bytes)?, *smp)
                    }
                    (Item::Sampler(smp), _) => spirjit::Arg::sampler(*smp),
                    (Item::Empty, _) => spirjit::Arg::Null,
                    _ => return Err("a descriptor without its memory (a spirjit bug)".to_string()),
                };
                args.push(arg);
            }
            bindings = bindings.bind_array(*set, *binding, args);
        }
        let push = pipe.push_constant_size() as usize;
        bindings = bindings.push_constants(&s.push[..push.min(s.push.len())]);
        pipe.dispatch_base(base, groups, bindings, &device.sync.run_options()).map_err(|e| e.to_string())?;
    }
    // Write back what the kernel changed in copies.
    for ((_, _, items), v) in per_binding.iter().zip(views) {
        for (it, view) in items.iter().zip(v) {
            if let (View::Copy(before, after), Some(r)) = (view, it.range()) {
                for (i, (a, b)) in before.iter().zip(&after).enumerate() {
                    if a != b {
                        // SAFETY: inside the range (checked); no slice over it is alive now.
                        unsafe { *r.memory.base().add(r.start as usize + i) = *b };
                    }
                }
            }
        }
    }
    Ok(())
}

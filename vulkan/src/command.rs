//! Command pools and command buffers: allocation, begin/end/reset, and recording. A
//! command buffer records [`Command`]s holding the objects they use (so destroying one
//! after recording cannot leave a dangling reference); `execute` runs them at submit.
//! Recording errors (a wrong handle) are remembered and reported by
//! `vkEndCommandBuffer`. Secondary command buffers record like primaries; a primary's
//! `vkCmdExecuteCommands` records the secondaries themselves, so `execute` runs what they
//! hold when the primary runs. This module must not run commands.

use std::sync::{Arc, Mutex};

use ash::vk::{self, Handle};

use crate::descriptor::{DescriptorSet, Placed, SetLayout};
use crate::device::{device, Buffer};
use crate::handles::{self, guard, guard_void, slice, OK};
use crate::pipeline::ComputePipeline;
use crate::query::{self, QueryPool};
use crate::queue::Event;

/// One recorded command.
pub enum Command {
    BindPipeline(Arc<ComputePipeline>),
    BindSets {
        first: u32,
        sets: Vec<Arc<DescriptorSet>>,
        dynamic_offsets: Vec<u32>,
    },
    PushConstants {
        offset: u32,
        bytes: Vec<u8>,
    },
    Dispatch {
        base: [u32; 3],
        groups: [u32; 3],
    },
    DispatchIndirect {
        buffer: Arc<Buffer>,
        offset: u64,
    },
    CopyBuffer {
        src: Arc<Buffer>,
        dst: Arc<Buffer>,
        regions: Vec<vk::BufferCopy>,
    },
    FillBuffer {
        dst: Arc<Buffer>,
        offset: u64,
        size: u64,
        data: u32,
    },
    UpdateBuffer {
        dst: Arc<Buffer>,
        offset: u64,
        bytes: Vec<u8>,
    },
    SetEvent {
        event: Arc<Event>,
        set: bool,
    },
    /// `vkCmdWaitEvents`: wait until every event is set (by the host or another queue).
    WaitEvents {
        events: Vec<Arc<Event>>,
    },
    ResetQueries {
        pool: Arc<QueryPool>,
        first: u32,
        count: u32,
    },
    WriteTimestamp {
        pool: Arc<QueryPool>,
        query: u32,
    },
    CopyQueryResults {
        pool: Arc<QueryPool>,
        first: u32,
        count: u32,
        dst: Arc<Buffer>,
        offset: u64,
        stride: u64,
        flags: vk::QueryResultFlags,
    },
    /// An image copy or clear (`transfer`).
    Image(crate::transfer::ImageCommand),
    /// Push descriptors (`vkCmdPushDescriptorSet*KHR`): the descriptors, resolved, into
    /// set number `set` of layout `layout`.
    PushDescriptors {
        set: u32,
        layout: Arc<SetLayout>,
        placed: Vec<Placed>,
    },
    /// `vkCmdExecuteCommands`: secondary command buffers, run in order in place.
    ExecuteCommands(Vec<Arc<CommandBuffer>>),
}

/// What a command buffer holds.
#[derive(Default)]
pub struct Recording {
    pub commands: Vec<Command>,
    /// The first recording error, reported by `vkEndCommandBuffer`.
    pub error: Option<String>,
}

/// A command buffer.
pub struct CommandBuffer {
    pub recording: Mutex<Recording>,
    /// Primary or secondary.
    pub level: vk::CommandBufferLevel,
}

impl CommandBuffer {
    pub fn lock(&self) -> std::sync::MutexGuard<'_, Recording> {
        self.recording.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A command pool: the command buffers allocated from it.
pub struct CommandPool {
    buffers: Mutex<Vec<u64>>,
}

fn cmd(raw: vk::CommandBuffer) -> Option<Arc<CommandBuffer>> {
    handles::dispatchable::<CommandBuffer>(raw.as_raw())
}

pub unsafe extern "system" fn create_command_pool(
    raw: vk::Device,
    info: *const vk::CommandPoolCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::CommandPool,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        if info.queue_family_index != 0 {
            handles::log("vkCreateCommandPool: the device has one queue family (0)");
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        let id = handles::new_object(Arc::new(CommandPool { buffers: Mutex::new(Vec::new()) }), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { handles::put(out, vk::CommandPool::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_command_pool(
    _raw: vk::Device,
    pool: vk::CommandPool,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        if let Some(p) = handles::free_object::<CommandPool>(pool.as_raw()) {
            for b in p.buffers.lock().unwrap_or_else(|e| e.into_inner()).drain(..) {
                handles::free_dispatchable::<CommandBuffer>(b);
            }
        }
    })
}

pub unsafe extern "system" fn reset_command_pool(
    _raw: vk::Device,
    pool: vk::CommandPool,
    _flags: vk::CommandPoolResetFlags,
) -> vk::Result {
    guard(|| {
        let p = handles::get::<CommandPool>(pool.as_raw())?;
        for &b in p.buffers.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            if let Some(c) = handles::dispatchable::<CommandBuffer>(b) {
                *c.lock() = Recording::default();
            }
        }
        OK
    })
}

pub unsafe extern "system" fn trim_command_pool(
    _raw: vk::Device,
    _pool: vk::CommandPool,
    _flags: vk::CommandPoolTrimFlags,
) {
}

pub unsafe extern "system" fn allocate_command_buffers(
    raw: vk::Device,
    info: *const vk::CommandBufferAllocateInfo<'_>,
    out: *mut vk::CommandBuffer,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's allocate info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        if !matches!(info.level, vk::CommandBufferLevel::PRIMARY | vk::CommandBufferLevel::SECONDARY) {
            handles::log(&format!("vkAllocateCommandBuffers: level {:?}", info.level));
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        if out.is_null() {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        let pool = handles::get::<CommandPool>(info.command_pool.as_raw())?;
        let mut owned = pool.buffers.lock().unwrap_or_else(|e| e.into_inner());
        for i in 0..info.command_buffer_count as usize {
            let b = CommandBuffer { recording: Mutex::new(Recording::default()), level: info.level };
            let h = handles::new_dispatchable(Arc::new(b), raw.as_raw());
            owned.push(h);
            // SAFETY: room for `command_buffer_count` handles (the caller's contract).
            unsafe { out.add(i).write(vk::CommandBuffer::from_raw(h)) };
        }
        OK
    })
}

pub unsafe extern "system" fn free_command_buffers(
    _raw: vk::Device,
    pool: vk::CommandPool,
    count: u32,
    buffers: *const vk::CommandBuffer,
) {
    guard_void(|| {
        let Ok(pool) = handles::get::<CommandPool>(pool.as_raw()) else { return };
        // SAFETY: the caller's array.
        let Ok(buffers) = (unsafe { slice(buffers, count) }) else { return };
        let mut owned = pool.buffers.lock().unwrap_or_else(|e| e.into_inner());
        for b in buffers.iter().filter(|b| !b.is_null()) {
            owned.retain(|&h| h != b.as_raw());
            handles::free_dispatchable::<CommandBuffer>(b.as_raw());
        }
    })
}

pub unsafe extern "system" fn begin_command_buffer(
    raw: vk::CommandBuffer,
    info: *const vk::CommandBufferBeginInfo<'_>,
) -> vk::Result {
    guard(|| {
        let c = handles::get_dispatchable::<CommandBuffer>(raw.as_raw())?;
        if info.is_null() {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        *c.lock() = Recording::default();
        OK
    })
}

pub unsafe extern "system" fn end_command_buffer(raw: vk::CommandBuffer) -> vk::Result {
    guard(|| {
        let c = handles::get_dispatchable::<CommandBuffer>(raw.as_raw())?;
        let r = c.lock();
        match &r.error {
            Some(m) => {
                handles::log(&format!("vkEndCommandBuffer: recording failed: {m}"));
                Err(vk::Result::ERROR_OUT_OF_HOST_MEMORY)
            }
            None => OK,
        }
    })
}

pub unsafe extern "system" fn reset_command_buffer(
    raw: vk::CommandBuffer,
    _flags: vk::CommandBufferResetFlags,
) -> vk::Result {
    guard(|| {
        *handles::get_dispatchable::<CommandBuffer>(raw.as_raw())?.lock() = Recording::default();
        OK
    })
}

/// Record the command `make` builds, or remember why it could not be.
pub(crate) fn record(raw: vk::CommandBuffer, what: &str, make: impl FnOnce() -> Result<Command, String>) {
    guard_void(|| {
        let Some(c) = cmd(raw) else {
            handles::log(&format!("{what}: an invalid command buffer"));
            return;
        };
        let command = make();
        let mut r = c.lock();
        match command {
            Ok(command) => r.commands.push(command),
            Err(m) => {
                if r.error.is_none() {
                    r.error = Some(format!("{what}: {m}"));
                }
            }
        }
    })
}

fn buffer(b: vk::Buffer) -> Result<Arc<Buffer>, String> {
    handles::object::<Buffer>(b.as_raw()).ok_or_else(|| format!("an invalid buffer handle {:#x}", b.as_raw()))
}

pub unsafe extern "system" fn cmd_bind_pipeline(
    raw: vk::CommandBuffer,
    bind_point: vk::PipelineBindPoint,
    pipeline: vk::Pipeline,
) {
    record(raw, "vkCmdBindPipeline", || {
        if bind_point != vk::PipelineBindPoint::COMPUTE {
            return Err(format!("bind point {bind_point:?}; the device has compute pipelines only"));
        }
        let p = handles::object::<ComputePipeline>(pipeline.as_raw()).ok_or("an invalid pipeline")?;
        Ok(Command::BindPipeline(p))
    })
}

pub unsafe extern "system" fn cmd_bind_descriptor_sets(
    raw: vk::CommandBuffer,
    _bind_point: vk::PipelineBindPoint,
    _layout: vk::PipelineLayout,
    first: u32,
    count: u32,
    sets: *const vk::DescriptorSet,
    dynamic_count: u32,
    dynamic: *const u32,
) {
    record(raw, "vkCmdBindDescriptorSets", || {
        // SAFETY: the caller's arrays.
        let (sets, dynamic) = unsafe { (slice(sets, count), slice(dynamic, dynamic_count)) };
        let (Ok(sets), Ok(dynamic)) = (sets, dynamic) else { return Err("a null array".to_string()) };
        let sets = sets
            .iter()
            .map(|s| handles::object::<DescriptorSet>(s.as_raw()).ok_or("an invalid descriptor set"))
            .collect::<Result<Vec<_>, _>>()?;
        let needed: u32 = sets.iter().map(|s| s.layout.dynamic_count).sum();
        if needed != dynamic_count {
            return Err(format!("the sets take {needed} dynamic offsets; {dynamic_count} were given"));
        }
        Ok(Command::BindSets { first, sets, dynamic_offsets: dynamic.to_vec() })
    })
}

pub unsafe extern "system" fn cmd_push_constants(
    raw: vk::CommandBuffer,
    _layout: vk::PipelineLayout,
    _stages: vk::ShaderStageFlags,
    offset: u32,
    size: u32,
    values: *const std::ffi::c_void,
) {
    record(raw, "vkCmdPushConstants", || {
        // SAFETY: `size` bytes at `values` (the caller's contract).
        let bytes = unsafe { slice(values as *const u8, size) }.map_err(|_| "null values")?;
        if offset.checked_add(size).is_none_or(|e| e > crate::physical::MAX_PUSH_CONSTANTS) {
            return Err(format!(
                "bytes {offset} + {size} are past the {} push-constant bytes",
                crate::physical::MAX_PUSH_CONSTANTS
            ));
        }
        Ok(Command::PushConstants { offset, bytes: bytes.to_vec() })
    })
}

pub unsafe extern "system" fn cmd_dispatch(raw: vk::CommandBuffer, x: u32, y: u32, z: u32) {
    record(raw, "vkCmdDispatch", || Ok(Command::Dispatch { base: [0; 3], groups: [x, y, z] }))
}

pub unsafe extern "system" fn cmd_dispatch_base(
    raw: vk::CommandBuffer,
    bx: u32,
    by: u32,
    bz: u32,
    x: u32,
    y: u32,
    z: u32,
) {
    record(raw, "vkCmdDispatchBase", || Ok(Command::Dispatch { base: [bx, by, bz], groups: [x, y, z] }))
}

pub unsafe extern "system" fn cmd_dispatch_indirect(raw: vk::CommandBuffer, b: vk::Buffer, offset: u64) {
    record(raw, "vkCmdDispatchIndirect", || Ok(Command::DispatchIndirect { buffer: buffer(b)?, offset }))
}

pub unsafe extern "system" fn cmd_copy_buffer(
    raw: vk::CommandBuffer,
    src: vk::Buffer,
    dst: vk::Buffer,
    count: u32,
    regions: *const vk::BufferCopy,
) {
    record(raw, "vkCmdCopyBuffer", || {
        // SAFETY: the caller's array.
        let regions = unsafe { slice(regions, count) }.map_err(|_| "a null pRegions")?.to_vec();
        Ok(Command::CopyBuffer { src: buffer(src)?, dst: buffer(dst)?, regions })
    })
}

pub unsafe extern "system" fn cmd_fill_buffer(
    raw: vk::CommandBuffer,
    dst: vk::Buffer,
    offset: u64,
    size: u64,
    data: u32,
) {
    record(raw, "vkCmdFillBuffer", || Ok(Command::FillBuffer { dst: buffer(dst)?, offset, size, data }))
}

pub unsafe extern "system" fn cmd_update_buffer(
    raw: vk::CommandBuffer,
    dst: vk::Buffer,
    offset: u64,
    size: u64,
    data: *const std::ffi::c_void,
) {
    record(raw, "vkCmdUpdateBuffer", || {
        let n = u32::try_from(size).ok().filter(|&n| n <= 65536).ok_or("more than 65536 bytes")?;
        // SAFETY: `size` bytes at `data` (the caller's contract).
        let bytes = unsafe { slice(data as *const u8, n) }.map_err(|_| "null data")?.to_vec();
        Ok(Command::UpdateBuffer { dst: buffer(dst)?, offset, bytes })
    })
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "system" fn cmd_pipeline_barrier(
    _raw: vk::CommandBuffer,
    _src: vk::PipelineStageFlags,
    _dst: vk::PipelineStageFlags,
    _deps: vk::DependencyFlags,
    _mc: u32,
    _m: *const vk::MemoryBarrier<'_>,
    _bc: u32,
    _b: *const vk::BufferMemoryBarrier<'_>,
    _ic: u32,
    _i: *const vk::ImageMemoryBarrier<'_>,
) {
    // Commands run one after another, each to completion: every barrier holds already.
}

pub unsafe extern "system" fn cmd_set_event(raw: vk::CommandBuffer, event: vk::Event, _stage: vk::PipelineStageFlags) {
    record(raw, "vkCmdSetEvent", || {
        Ok(Command::SetEvent { event: handles::object::<Event>(event.as_raw()).ok_or("an invalid event")?, set: true })
    })
}

pub unsafe extern "system" fn cmd_reset_event(
    raw: vk::CommandBuffer,
    event: vk::Event,
    _stage: vk::PipelineStageFlags,
) {
    record(raw, "vkCmdResetEvent", || {
        Ok(Command::SetEvent { event: handles::object::<Event>(event.as_raw()).ok_or("an invalid event")?, set: false })
    })
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "system" fn cmd_wait_events(
    raw: vk::CommandBuffer,
    count: u32,
    events: *const vk::Event,
    _src: vk::PipelineStageFlags,
    _dst: vk::PipelineStageFlags,
    _mc: u32,
    _m: *const vk::MemoryBarrier<'_>,
    _bc: u32,
    _b: *const vk::BufferMemoryBarrier<'_>,
    _ic: u32,
    _i: *const vk::ImageMemoryBarrier<'_>,
) {
    // SAFETY: the caller's array.
    record(raw, "vkCmdWaitEvents", || unsafe { wait_events(events, count) })
}

/// The events of a wait.
///
/// # Safety
/// `events` must point at `count` handles.
unsafe fn wait_events(events: *const vk::Event, count: u32) -> Result<Command, String> {
    // SAFETY: the caller's contract.
    let events = unsafe { slice(events, count) }.map_err(|_| "a null pEvents")?;
    let events = events
        .iter()
        .map(|e| handles::object::<Event>(e.as_raw()).ok_or("an invalid event"))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Command::WaitEvents { events })
}

pub unsafe extern "system" fn cmd_pipeline_barrier2(_raw: vk::CommandBuffer, _info: *const vk::DependencyInfo<'_>) {
    // Commands run one after another, each to completion: every barrier holds already.
}

pub unsafe extern "system" fn cmd_set_event2(
    raw: vk::CommandBuffer,
    event: vk::Event,
    _info: *const vk::DependencyInfo<'_>,
) {
    record(raw, "vkCmdSetEvent2", || {
        Ok(Command::SetEvent { event: handles::object::<Event>(event.as_raw()).ok_or("an invalid event")?, set: true })
    })
}

pub unsafe extern "system" fn cmd_reset_event2(
    raw: vk::CommandBuffer,
    event: vk::Event,
    _stage: vk::PipelineStageFlags2,
) {
    record(raw, "vkCmdResetEvent2", || {
        Ok(Command::SetEvent { event: handles::object::<Event>(event.as_raw()).ok_or("an invalid event")?, set: false })
    })
}

pub unsafe extern "system" fn cmd_wait_events2(
    raw: vk::CommandBuffer,
    count: u32,
    events: *const vk::Event,
    _infos: *const vk::DependencyInfo<'_>,
) {
    // SAFETY: the caller's array.
    record(raw, "vkCmdWaitEvents2", || unsafe { wait_events(events, count) })
}

pub unsafe extern "system" fn cmd_write_timestamp2(
    raw: vk::CommandBuffer,
    _stage: vk::PipelineStageFlags2,
    pool: vk::QueryPool,
    query: u32,
) {
    // As vkCmdWriteTimestamp: every stage of earlier commands is done.
    record(raw, "vkCmdWriteTimestamp2", || Ok(Command::WriteTimestamp { pool: query::pool(pool)?, query }))
}

pub unsafe extern "system" fn cmd_reset_query_pool(
    raw: vk::CommandBuffer,
    pool: vk::QueryPool,
    first: u32,
    count: u32,
) {
    record(raw, "vkCmdResetQueryPool", || Ok(Command::ResetQueries { pool: query::pool(pool)?, first, count }))
}

pub unsafe extern "system" fn cmd_write_timestamp(
    raw: vk::CommandBuffer,
    _stage: vk::PipelineStageFlags,
    pool: vk::QueryPool,
    query: u32,
) {
    // Commands run one after another, each to completion: every stage is done.
    record(raw, "vkCmdWriteTimestamp", || Ok(Command::WriteTimestamp { pool: query::pool(pool)?, query }))
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "system" fn cmd_copy_query_pool_results(
    raw: vk::CommandBuffer,
    pool: vk::QueryPool,
    first: u32,
    count: u32,
    dst: vk::Buffer,
    offset: vk::DeviceSize,
    stride: vk::DeviceSize,
    flags: vk::QueryResultFlags,
) {
    record(raw, "vkCmdCopyQueryPoolResults", || {
        Ok(Command::CopyQueryResults {
            pool: query::pool(pool)?,
            first,
            count,
            dst: buffer(dst)?,
            offset,
            stride,
            flags,
        })
    })
}

pub unsafe extern "system" fn cmd_execute_commands(
    raw: vk::CommandBuffer,
    count: u32,
    buffers: *const vk::CommandBuffer,
) {
    record(raw, "vkCmdExecuteCommands", || {
        if cmd(raw).is_none_or(|c| c.level != vk::CommandBufferLevel::PRIMARY) {
            return Err("recorded in a secondary command buffer".to_string());
        }
        // SAFETY: the caller's array.
        let buffers = unsafe { slice(buffers, count) }.map_err(|_| "a null pCommandBuffers")?;
        let secondaries = buffers
            .iter()
            .map(|b| match cmd(*b) {
                Some(c) if c.level == vk::CommandBufferLevel::SECONDARY => Ok(c),
                Some(_) => Err("a primary command buffer in pCommandBuffers".to_string()),
                None => Err("an invalid command buffer in pCommandBuffers".to_string()),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Command::ExecuteCommands(secondaries))
    })
}

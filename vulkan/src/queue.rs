//! Queues, submission and synchronization objects: `vkQueueSubmit` runs the submitted
//! command buffers on the calling thread, in order, before it returns, then signals the
//! fence. Semaphores are therefore always satisfied (binary semaphores are accepted and
//! need no state); fences and events have host-visible state. A failing command (a kernel
//! fault, an invalid binding) makes the device lost, as Vulkan specifies: the submission
//! and every later one return `ERROR_DEVICE_LOST`, with the reason logged.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use ash::vk::{self, Handle};

use crate::command::CommandBuffer;
use crate::device::{device, Queue};
use crate::handles::{self, guard, guard_void, put, slice, OK};

/// A fence.
pub struct Fence {
    signaled: Mutex<bool>,
    changed: Condvar,
}

impl Fence {
    fn set(&self, value: bool) {
        *self.signaled.lock().unwrap_or_else(|e| e.into_inner()) = value;
        self.changed.notify_all();
    }

    fn is_set(&self) -> bool {
        *self.signaled.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A binary semaphore: nothing to track, as submissions complete before they return.
pub struct Semaphore;

/// An event.
pub struct Event {
    state: AtomicBool,
}

impl Event {
    pub fn set(&self, value: bool) {
        self.state.store(value, Ordering::SeqCst);
    }
}

pub unsafe extern "system" fn queue_submit(
    queue: vk::Queue,
    count: u32,
    submits: *const vk::SubmitInfo<'_>,
    fence: vk::Fence,
) -> vk::Result {
    guard(|| {
        let q = handles::get_dispatchable::<Queue>(queue.as_raw())?;
        // SAFETY: the caller's array.
        let submits = unsafe { slice(submits, count)? };
        let fence = if fence.is_null() { None } else { Some(handles::get::<Fence>(fence.as_raw())?) };
        let _busy = q.busy.lock().unwrap_or_else(|e| e.into_inner());
        if q.device.lost.load(Ordering::SeqCst) {
            return Err(vk::Result::ERROR_DEVICE_LOST);
        }
        for s in submits {
            // SAFETY: the submit's command buffer array.
            for &cb in unsafe { slice(s.p_command_buffers, s.command_buffer_count)? } {
                let c = handles::get_dispatchable::<CommandBuffer>(cb.as_raw())?;
                let r = c.lock();
                if let Err(m) = crate::execute::run(&q.device, &r.commands) {
                    handles::log(&format!("device lost: {m}"));
                    q.device.lost.store(true, Ordering::SeqCst);
                    return Err(vk::Result::ERROR_DEVICE_LOST);
                }
            }
        }
        if let Some(f) = fence {
            f.set(true);
        }
        OK
    })
}

pub unsafe extern "system" fn queue_wait_idle(queue: vk::Queue) -> vk::Result {
    guard(|| {
        let q = handles::get_dispatchable::<Queue>(queue.as_raw())?;
        drop(q.busy.lock().unwrap_or_else(|e| e.into_inner()));
        if q.device.lost.load(Ordering::SeqCst) {
            return Err(vk::Result::ERROR_DEVICE_LOST);
        }
        OK
    })
}

pub unsafe extern "system" fn device_wait_idle(raw: vk::Device) -> vk::Result {
    guard(|| {
        let d = device(raw)?;
        for q in d.queue_objects() {
            drop(q.busy.lock().unwrap_or_else(|e| e.into_inner()));
        }
        if d.state.lost.load(Ordering::SeqCst) {
            return Err(vk::Result::ERROR_DEVICE_LOST);
        }
        OK
    })
}

pub unsafe extern "system" fn create_fence(
    raw: vk::Device,
    info: *const vk::FenceCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Fence,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let signaled = info.flags.contains(vk::FenceCreateFlags::SIGNALED);
        let id = handles::new_object(
            Arc::new(Fence { signaled: Mutex::new(signaled), changed: Condvar::new() }),
            raw.as_raw(),
        );
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::Fence::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_fence(
    _raw: vk::Device,
    fence: vk::Fence,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<Fence>(fence.as_raw());
    })
}

pub unsafe extern "system" fn reset_fences(_raw: vk::Device, count: u32, fences: *const vk::Fence) -> vk::Result {
    guard(|| {
        // SAFETY: the caller's array.
        for f in unsafe { slice(fences, count)? } {
            handles::get::<Fence>(f.as_raw())?.set(false);
        }
        OK
    })
}

pub unsafe extern "system" fn get_fence_status(raw: vk::Device, fence: vk::Fence) -> vk::Result {
    guard(|| {
        let d = device(raw)?;
        if d.state.lost.load(Ordering::SeqCst) {
            return Err(vk::Result::ERROR_DEVICE_LOST);
        }
        Ok(if handles::get::<Fence>(fence.as_raw())?.is_set() { vk::Result::SUCCESS } else { vk::Result::NOT_READY })
    })
}

pub unsafe extern "system" fn wait_for_fences(
    raw: vk::Device,
    count: u32,
    fences: *const vk::Fence,
    wait_all: vk::Bool32,
    timeout: u64,
) -> vk::Result {
    guard(|| {
        let d = device(raw)?;
        // SAFETY: the caller's array.
        let fences = unsafe { slice(fences, count)? }
            .iter()
            .map(|f| handles::get::<Fence>(f.as_raw()))
            .collect::<Result<Vec<_>, _>>()?;
        let deadline = Instant::now().checked_add(Duration::from_nanos(timeout));
        loop {
            if d.state.lost.load(Ordering::SeqCst) {
                return Err(vk::Result::ERROR_DEVICE_LOST);
            }
            let done = if wait_all == vk::TRUE {
                fences.iter().all(|f| f.is_set())
            } else {
                fences.iter().any(|f| f.is_set())
            };
            if done {
                return OK;
            }
            let now = Instant::now();
            if deadline.is_some_and(|t| now >= t) {
                return Ok(vk::Result::TIMEOUT);
            }
            // Wait on the first unsignaled fence, a short while at a time (another fence
            // of a wait-any may be the one that signals).
            let Some(f) = fences.iter().find(|f| !f.is_set()) else { continue };
            let step = Duration::from_millis(5);
            let guard = f.signaled.lock().unwrap_or_else(|e| e.into_inner());
            if !*guard {
                let _ = f.changed.wait_timeout(guard, step);
            }
        }
    })
}

pub unsafe extern "system" fn create_semaphore(
    raw: vk::Device,
    info: *const vk::SemaphoreCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Semaphore,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info and its chain.
        unsafe {
            let info = info.as_ref().ok_or(vk::Result::ERROR_UNKNOWN)?;
            let mut next = info.p_next as *const vk::BaseInStructure<'_>;
            while let Some(s) = next.as_ref() {
                if s.s_type == vk::StructureType::SEMAPHORE_TYPE_CREATE_INFO {
                    let t = &*(next as *const vk::SemaphoreTypeCreateInfo<'_>);
                    if t.semaphore_type == vk::SemaphoreType::TIMELINE {
                        handles::log("vkCreateSemaphore: timeline semaphores are not supported yet");
                        return Err(vk::Result::ERROR_OUT_OF_HOST_MEMORY);
                    }
                }
                next = s.p_next;
            }
        }
        let id = handles::new_object(Arc::new(Semaphore), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::Semaphore::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_semaphore(
    _raw: vk::Device,
    semaphore: vk::Semaphore,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<Semaphore>(semaphore.as_raw());
    })
}

pub unsafe extern "system" fn create_event(
    raw: vk::Device,
    info: *const vk::EventCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Event,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        if info.is_null() {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        let id = handles::new_object(Arc::new(Event { state: AtomicBool::new(false) }), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::Event::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_event(
    _raw: vk::Device,
    event: vk::Event,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<Event>(event.as_raw());
    })
}

pub unsafe extern "system" fn get_event_status(_raw: vk::Device, event: vk::Event) -> vk::Result {
    guard(|| {
        let e = handles::get::<Event>(event.as_raw())?;
        Ok(if e.state.load(Ordering::SeqCst) { vk::Result::EVENT_SET } else { vk::Result::EVENT_RESET })
    })
}

pub unsafe extern "system" fn set_event(_raw: vk::Device, event: vk::Event) -> vk::Result {
    guard(|| {
        handles::get::<Event>(event.as_raw())?.set(true);
        OK
    })
}

pub unsafe extern "system" fn reset_event(_raw: vk::Device, event: vk::Event) -> vk::Result {
    guard(|| {
        handles::get::<Event>(event.as_raw())?.set(false);
        OK
    })
}

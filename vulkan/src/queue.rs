//! Queues and submission: `vkQueueSubmit` and `vkQueueSubmit2` check the submission,
//! append it to the queue's ordered list and return at once; the queue's worker thread
//! (started at the first submission) runs the submissions one after another — waits on
//! their semaphores (binary semaphores are taken, timeline semaphores reach a value, also
//! one the host signals later), runs their command buffers (`execute`), signals their
//! semaphores, then the fence. `vkQueueWaitIdle` and `vkDeviceWaitIdle` sleep until the
//! list is empty.
//!
//! A submission holds what it uses (command buffers, which hold the pipelines, descriptor
//! sets, buffers and memory they name), so an object destroyed while it runs stays alive
//! until the submission ends. A failing command — a kernel that faults or runs past the
//! time limit — makes the device lost (`sync::lose`): later submissions and waits return
//! `ERROR_DEVICE_LOST`. This module must not record commands or define the
//! synchronization objects (that is `sync`).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use ash::vk::{self, Handle};

use crate::command::CommandBuffer;
use crate::device::{device, Device, DeviceState, Queue};
use crate::handles::{self, guard, slice, OK};
use crate::sync::{self, Fence, Payload, Semaphore, Waited};

pub use crate::sync::Event;

/// One batch of a submission (one `VkSubmitInfo`).
struct Batch {
    /// Semaphore payloads to wait for, with the value (timeline) to reach.
    waits: Vec<(Arc<Payload>, u64)>,
    commands: Vec<Arc<CommandBuffer>>,
    /// Semaphore payloads to signal, with the value (timeline) to set.
    signals: Vec<(Arc<Payload>, u64)>,
}

/// One submission: its batches, then the fence.
struct Job {
    batches: Vec<Batch>,
    fence: Option<Arc<Fence>>,
}

/// The submissions of a queue not finished yet.
#[derive(Default)]
struct Pending {
    jobs: VecDeque<Job>,
    submitted: u64,
    finished: u64,
    stop: bool,
}

/// A queue's worker: its ordered list of submissions and the thread that runs them.
pub struct Worker {
    device: Arc<DeviceState>,
    pending: Mutex<Pending>,
    changed: Condvar,
    /// Submissions so far, readable without the lock (an idle worker spins on it briefly).
    queued: AtomicU64,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Worker {
    /// The worker of a new queue of `device` (its thread starts at the first submission).
    pub fn new(device: Arc<DeviceState>) -> Worker {
        Worker {
            device,
            pending: Mutex::new(Pending::default()),
            changed: Condvar::new(),
            queued: AtomicU64::new(0),
            thread: Mutex::new(None),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Pending> {
        // Every change of `Pending` is a single step, so a poisoned lock is still consistent.
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Append a submission, starting the thread if needed.
    fn push(self: &Arc<Self>, job: Job) -> Result<(), vk::Result> {
        {
            let mut t = self.thread.lock().unwrap_or_else(|e| e.into_inner());
            if t.is_none() {
                let me = self.clone();
                let handle = std::thread::Builder::new()
                    .name("spirjit-vk-queue".into())
                    .spawn(move || me.serve())
                    .map_err(|e| {
                        handles::log(&format!("cannot start a queue thread: {e}"));
                        vk::Result::ERROR_OUT_OF_HOST_MEMORY
                    })?;
                *t = Some(handle);
            }
        }
        let mut p = self.lock();
        p.jobs.push_back(job);
        p.submitted += 1;
        self.queued.store(p.submitted, Ordering::SeqCst);
        drop(p);
        self.changed.notify_all();
        Ok(())
    }

    /// The thread: run submissions in order until stopped.
    fn serve(&self) {
        loop {
            let job = {
                let mut p = self.lock();
                let mut spun = false;
                loop {
                    if let Some(j) = p.jobs.pop_front() {
                        break j;
                    }
                    if p.stop {
                        return;
                    }
                    if !spun {
                        // The next submission of a submit-and-wait loop usually comes within
                        // microseconds; waking a sleeping thread costs tens of them.
                        spun = true;
                        let seen = p.submitted;
                        drop(p);
                        sync::spin_until(|| self.queued.load(Ordering::SeqCst) != seen);
                        p = self.lock();
                        continue;
                    }
                    p = self.changed.wait(p).unwrap_or_else(|e| e.into_inner());
                }
            };
            // A panic here is a driver bug: it must not take the process down, and the
            // submission must still count as finished so waits end.
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.run(job)));
            if run.is_err() {
                sync::lose(&self.device, "internal error (a spirjit bug) while running a submission");
            }
            let mut p = self.lock();
            p.finished += 1;
            drop(p);
            self.changed.notify_all();
        }
    }

    /// Run one submission; stop at the first failure (the device is then lost) or when the
    /// device is lost or destroyed meanwhile.
    fn run(&self, job: Job) {
        let d = &*self.device;
        for b in job.batches {
            for (s, value) in &b.waits {
                if sync::wait(None, || s.take(*value), || sync::stopped(d)) != Waited::Done {
                    return;
                }
            }
            for c in &b.commands {
                if sync::stopped(d) {
                    return;
                }
                // The recording is locked while it runs, not while the loss is reported (the
                // application's debug callback may touch the command buffer).
                let result = crate::execute::run(d, &c.lock().commands);
                if let Err(m) = result {
                    if !d.sync.shutting_down() {
                        sync::lose(d, &m);
                    }
                    return;
                }
            }
            sync::change(|| b.signals.iter().for_each(|(s, v)| s.signal(*v)));
        }
        if let Some(f) = job.fence {
            if !sync::stopped(d) {
                f.signal();
            }
        }
    }

    /// Sleep until every submission so far has finished.
    fn wait_idle(&self) {
        let mut p = self.lock();
        while p.finished < p.submitted {
            p = self.changed.wait(p).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Stop the thread (after `sync::shut_down`, so what it waits for ends) and join it.
    fn stop(&self) {
        self.lock().stop = true;
        self.changed.notify_all();
        let handle = self.thread.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(h) = handle {
            if h.thread().id() != std::thread::current().id() {
                let _ = h.join();
            }
        }
    }
}

/// Stop the workers of a device being destroyed.
pub fn stop_workers(d: &Device) {
    sync::shut_down(&d.state);
    for q in d.queue_objects() {
        q.worker.stop();
    }
}

fn semaphore(raw: vk::Semaphore) -> Result<Arc<Semaphore>, vk::Result> {
    handles::get::<Semaphore>(raw.as_raw())
}

/// The payload (with its value) of a semaphore of a submission, to wait on (`wait`: a
/// temporarily imported payload is used up) or signal; a timeline semaphore needs a value.
fn with_value(
    s: Arc<Semaphore>,
    value: Option<u64>,
    wait: bool,
    what: &str,
) -> Result<(Arc<Payload>, u64), vk::Result> {
    let payload = || if wait { s.payload_for_wait() } else { s.payload() };
    match (s.timeline, value) {
        (false, _) => Ok((payload(), 0)),
        (true, Some(v)) => Ok((payload(), v)),
        (true, None) => {
            handles::log(&format!("{what}: a timeline semaphore without a value (VkTimelineSemaphoreSubmitInfo)"));
            Err(vk::Result::ERROR_UNKNOWN)
        }
    }
}

fn command_buffer(raw: vk::CommandBuffer) -> Result<Arc<CommandBuffer>, vk::Result> {
    handles::get_dispatchable::<CommandBuffer>(raw.as_raw())
}

/// The timeline values chained to a `VkSubmitInfo`.
///
/// # Safety
/// `s` and its chain must be valid.
unsafe fn timeline_values<'a>(s: &vk::SubmitInfo<'a>) -> Result<(&'a [u64], &'a [u64]), vk::Result> {
    // SAFETY: the caller's contract; each struct is read as the type its sType names.
    unsafe {
        let mut next = s.p_next as *const vk::BaseInStructure<'_>;
        while let Some(n) = next.as_ref() {
            if n.s_type == vk::StructureType::TIMELINE_SEMAPHORE_SUBMIT_INFO {
                let t = &*(next as *const vk::TimelineSemaphoreSubmitInfo<'_>);
                return Ok((
                    slice(t.p_wait_semaphore_values, t.wait_semaphore_value_count)?,
                    slice(t.p_signal_semaphore_values, t.signal_semaphore_value_count)?,
                ));
            }
            next = n.p_next;
        }
    }
    Ok((&[], &[]))
}

/// A `VkSubmitInfo` as a batch.
///
/// # Safety
/// `s` and its arrays and chain must be valid.
unsafe fn batch(s: &vk::SubmitInfo<'_>) -> Result<Batch, vk::Result> {
    // SAFETY: the caller's contract.
    let (wait_values, signal_values) = unsafe { timeline_values(s)? };
    // SAFETY: as above.
    let (waits, commands, signals) = unsafe {
        (
            slice(s.p_wait_semaphores, s.wait_semaphore_count)?,
            slice(s.p_command_buffers, s.command_buffer_count)?,
            slice(s.p_signal_semaphores, s.signal_semaphore_count)?,
        )
    };
    let what = "vkQueueSubmit";
    Ok(Batch {
        waits: waits
            .iter()
            .enumerate()
            .map(|(i, &w)| with_value(semaphore(w)?, wait_values.get(i).copied(), true, what))
            .collect::<Result<_, _>>()?,
        commands: commands.iter().map(|&c| command_buffer(c)).collect::<Result<_, _>>()?,
        signals: signals
            .iter()
            .enumerate()
            .map(|(i, &w)| with_value(semaphore(w)?, signal_values.get(i).copied(), false, what))
            .collect::<Result<_, _>>()?,
    })
}

/// A `VkSubmitInfo2` as a batch.
///
/// # Safety
/// `s` and its arrays must be valid.
unsafe fn batch2(s: &vk::SubmitInfo2<'_>) -> Result<Batch, vk::Result> {
    // SAFETY: the caller's contract.
    let (waits, commands, signals) = unsafe {
        (
            slice(s.p_wait_semaphore_infos, s.wait_semaphore_info_count)?,
            slice(s.p_command_buffer_infos, s.command_buffer_info_count)?,
            slice(s.p_signal_semaphore_infos, s.signal_semaphore_info_count)?,
        )
    };
    let what = "vkQueueSubmit2";
    let sem = |wait: bool| {
        move |i: &vk::SemaphoreSubmitInfo<'_>| with_value(semaphore(i.semaphore)?, Some(i.value), wait, what)
    };
    Ok(Batch {
        waits: waits.iter().map(sem(true)).collect::<Result<_, _>>()?,
        commands: commands.iter().map(|c| command_buffer(c.command_buffer)).collect::<Result<_, _>>()?,
        signals: signals.iter().map(sem(false)).collect::<Result<_, _>>()?,
    })
}

/// Queue a submission of `batches` with `fence`.
fn submit(
    queue: vk::Queue,
    fence: vk::Fence,
    batches: impl FnOnce() -> Result<Vec<Batch>, vk::Result>,
) -> Result<vk::Result, vk::Result> {
    let q = handles::get_dispatchable::<Queue>(queue.as_raw())?;
    let fence = if fence.is_null() { None } else { Some(handles::get::<Fence>(fence.as_raw())?) };
    let batches = batches()?;
    if sync::stopped(&q.device) {
        return Err(vk::Result::ERROR_DEVICE_LOST);
    }
    q.worker.push(Job { batches, fence })?;
    OK
}

pub unsafe extern "system" fn queue_submit(
    queue: vk::Queue,
    count: u32,
    submits: *const vk::SubmitInfo<'_>,
    fence: vk::Fence,
) -> vk::Result {
    guard(|| {
        submit(queue, fence, || {
            // SAFETY: the caller's array, each submit's arrays and chain.
            unsafe { slice(submits, count)? }.iter().map(|s| unsafe { batch(s) }).collect()
        })
    })
}

pub unsafe extern "system" fn queue_submit2(
    queue: vk::Queue,
    count: u32,
    submits: *const vk::SubmitInfo2<'_>,
    fence: vk::Fence,
) -> vk::Result {
    guard(|| {
        submit(queue, fence, || {
            // SAFETY: the caller's array and each submit's arrays.
            unsafe { slice(submits, count)? }.iter().map(|s| unsafe { batch2(s) }).collect()
        })
    })
}

fn lost(d: &DeviceState) -> Result<vk::Result, vk::Result> {
    if d.lost.load(std::sync::atomic::Ordering::SeqCst) {
        Err(vk::Result::ERROR_DEVICE_LOST)
    } else {
        OK
    }
}

pub unsafe extern "system" fn queue_wait_idle(queue: vk::Queue) -> vk::Result {
    guard(|| {
        let q = handles::get_dispatchable::<Queue>(queue.as_raw())?;
        q.worker.wait_idle();
        lost(&q.device)
    })
}

pub unsafe extern "system" fn device_wait_idle(raw: vk::Device) -> vk::Result {
    guard(|| {
        let d = device(raw)?;
        for q in d.queue_objects() {
            q.worker.wait_idle();
        }
        lost(&d.state)
    })
}

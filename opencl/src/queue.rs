//! Command queues: creation and queries, and the worker that runs each queue's commands.
//!
//! Every queue has one worker thread (started with its first command) that takes
//! commands in the order they were enqueued, waits for each one's wait list, runs it and
//! completes its event. Commands therefore run in order on every queue, which an
//! out-of-order queue also allows; the work inside a command (a kernel's work-groups)
//! runs in parallel on spirjit's thread pool. A command whose wait list holds a failed
//! event does not run and fails with `CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST`.
//! This module must not know what a command does (see `memory`, `kernel`).

use std::ffi::c_void;
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};

use crate::api::{self, cl_int, cl_uint, ClError, ClResult, Handle};
use crate::context::{self, Ctx};
use crate::event::{self, Ev, Event};
use crate::handles::{lock, Obj};
use crate::info::{self, Value};
use crate::platform;
use crate::tables::*;

/// What a command does when it runs.
pub type Work = Box<dyn FnOnce() -> ClResult<()> + Send>;

struct Job {
    event: Ev,
    waits: Vec<Ev>,
    work: Work,
}

/// A command queue.
pub struct Queue {
    pub context: Ctx,
    pub properties: u64,
    /// The properties as given to `clCreateCommandQueueWithProperties` (zero-terminated).
    property_list: Vec<u64>,
    worker: Mutex<Option<Sender<Job>>>,
    /// The last command's event (for `clFinish`).
    last: Mutex<Option<Ev>>,
    /// Every kernel's time limit ([`TIMEOUT_ENV`], read when the queue is made).
    timeout: Option<std::time::Duration>,
}

/// The environment variable that limits every kernel's run time (seconds): a kernel that
/// runs longer is stopped and its event fails (a runaway kernel does not hang the queue).
/// Read when a command queue is created.
pub const TIMEOUT_ENV: &str = "SPIRJIT_KERNEL_TIMEOUT";

fn timeout_from_env() -> Option<std::time::Duration> {
    let secs = std::env::var(TIMEOUT_ENV).ok().and_then(|v| v.trim().parse::<f64>().ok()).filter(|s| *s > 0.0)?;
    std::time::Duration::try_from_secs_f64(secs).ok()
}

pub type Q = Arc<Obj<Queue>>;

/// The queue behind `h`.
pub fn get(h: Handle) -> ClResult<Q> {
    Obj::<Queue>::get(h, CL_INVALID_COMMAND_QUEUE, "command queue")
}

fn run_job(job: Job) {
    Event::set_status(&job.event, CL_SUBMITTED as cl_int, None);
    let mut failed = None;
    for w in &job.waits {
        if w.v.wait() < 0 {
            failed = Some(w.v.message());
        }
    }
    if let Some(m) = failed {
        let message = format!("not run: a command it waited for failed ({m})");
        Event::finish(&job.event, Err(ClError::new(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, message)));
        return;
    }
    Event::set_status(&job.event, CL_RUNNING as cl_int, None);
    let work = job.work;
    let result = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
        Ok(r) => r,
        Err(_) => Err(ClError::new(CL_OUT_OF_RESOURCES, "internal error (a spirjit bug) while running a command")),
    };
    Event::finish(&job.event, result);
}

impl Queue {
    /// How kernels of this queue run (their time limit).
    pub fn run_options(&self) -> spirjit::RunOptions {
        spirjit::RunOptions { timeout: self.timeout, cancel: None }
    }

    pub fn profiling(&self) -> bool {
        self.properties & CL_QUEUE_PROFILING_ENABLE != 0
    }

    /// Commands run as soon as their worker reaches them; flushing has nothing to do.
    pub fn flush(&self) {}

    fn send(&self, job: Job) -> ClResult<()> {
        let mut w = lock(&self.worker);
        if w.is_none() {
            let (tx, rx) = channel::<Job>();
            std::thread::Builder::new()
                .name("spirjit-opencl-queue".into())
                .spawn(move || {
                    while let Ok(job) = rx.recv() {
                        run_job(job);
                    }
                })
                .map_err(|e| ClError::new(CL_OUT_OF_HOST_MEMORY, format!("cannot start the queue's thread: {e}")))?;
            *w = Some(tx);
        }
        match w.as_ref().map(|tx| tx.send(job)) {
            Some(Ok(())) => Ok(()),
            _ => Err(ClError::new(CL_OUT_OF_RESOURCES, "the queue's thread has stopped")),
        }
    }

    /// Enqueue `work` as a command of `command_type` after `waits`; returns its event.
    pub fn enqueue(q: &Q, command_type: u64, waits: Vec<Ev>, work: Work) -> ClResult<Ev> {
        let ev = Event::new(q.v.context.clone(), Some(q.clone()), command_type as u32, CL_QUEUED as cl_int);
        q.v.send(Job { event: ev.clone(), waits, work })?;
        *lock(&q.v.last) = Some(ev.clone());
        Ok(ev)
    }

    /// Wait for every command enqueued so far.
    pub fn finish(&self) -> cl_int {
        let last = lock(&self.last).clone();
        match last {
            Some(e) => e.v.wait(),
            None => CL_SUCCESS,
        }
    }
}

/// The end of every `clEnqueue*`: hand the event to the application (when it asked for
/// it) and, for a blocking command, wait for it.
///
/// # Safety
/// `out` must be null or valid for a write.
pub unsafe fn deliver(ev: Ev, out: *mut Handle, blocking: bool) -> ClResult<()> {
    if blocking {
        let status = ev.v.wait();
        if status < 0 {
            let message = ev.v.message();
            if !out.is_null() {
                // SAFETY: the caller's event output.
                unsafe { *out = Obj::handle(&ev) };
            } else {
                Obj::release(&ev, CL_INVALID_EVENT, "event")?;
            }
            let code = if status == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST { status } else { status.min(-1) };
            return Err(ClError::new(code, message));
        }
    }
    if out.is_null() {
        Obj::release(&ev, CL_INVALID_EVENT, "event")?;
    } else {
        // SAFETY: the caller's event output (valid for a write).
        unsafe { *out = Obj::handle(&ev) };
    }
    Ok(())
}

/// Check the common arguments of a `clEnqueue*` and enqueue `work`.
///
/// # Safety
/// `wait` must point at `n_wait` handles (or be null with 0); `out` null or writable.
#[allow(clippy::too_many_arguments)]
pub unsafe fn submit(
    queue: Handle,
    command_type: u64,
    blocking: bool,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
    prepare: impl FnOnce(&Q) -> ClResult<Work>,
) -> ClResult<()> {
    let q = get(queue)?;
    // SAFETY: the caller's wait list.
    let waits = unsafe { event::wait_list(n_wait, wait, Some(&q.v.context)) }?;
    let work = prepare(&q)?;
    let ev = Queue::enqueue(&q, command_type, waits, work)?;
    // SAFETY: the caller's event output.
    unsafe { deliver(ev, out, blocking) }
}

fn check_properties(properties: u64) -> ClResult<()> {
    let known = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
    if properties & CL_QUEUE_ON_DEVICE != 0 {
        return Err(ClError::new(CL_INVALID_QUEUE_PROPERTIES, "on-device queues are not supported"));
    }
    if properties & !known != 0 {
        return Err(ClError::value(format!("unknown queue properties {:#x}", properties & !known)));
    }
    Ok(())
}

fn make(c: Handle, device: Handle, properties: u64, property_list: Vec<u64>) -> ClResult<Handle> {
    let ctx = context::get(c)?;
    platform::check_device(device)?;
    check_properties(properties)?;
    Ok(Obj::create(Queue {
        context: ctx,
        properties,
        property_list,
        worker: Mutex::new(None),
        last: Mutex::new(None),
        timeout: timeout_from_env(),
    }))
}

pub(crate) unsafe extern "C" fn create_command_queue(
    c: Handle,
    device: Handle,
    properties: u64,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateCommandQueue", errcode_ret, || make(c, device, properties, Vec::new()))
}

pub(crate) unsafe extern "C" fn create_command_queue_with_properties(
    c: Handle,
    device: Handle,
    props: *const u64,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateCommandQueueWithProperties", errcode_ret, || {
        // SAFETY: the caller's zero-terminated property list.
        let pairs = unsafe { api::properties(props) }?;
        let mut properties = 0;
        let mut list = Vec::new();
        for (name, value) in pairs {
            match name {
                CL_QUEUE_PROPERTIES => properties = value,
                CL_QUEUE_SIZE => {
                    return Err(ClError::value("CL_QUEUE_SIZE is for on-device queues, which are not supported"))
                }
                _ => return Err(ClError::value(format!("unknown queue property {name:#x}"))),
            }
            list.extend([name, value]);
        }
        if !list.is_empty() {
            list.push(0);
        }
        make(c, device, properties, list)
    })
}

pub(crate) unsafe extern "C" fn retain_command_queue(h: Handle) -> cl_int {
    api::status("clRetainCommandQueue", || {
        Obj::retain(&get(h)?);
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn release_command_queue(h: Handle) -> cl_int {
    api::status("clReleaseCommandQueue", || {
        let q = get(h)?;
        if q.ref_count() == 1 {
            q.v.finish();
        }
        Obj::release(&q, CL_INVALID_COMMAND_QUEUE, "command queue")
    })
}

pub(crate) unsafe extern "C" fn get_command_queue_info(
    h: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetCommandQueueInfo", || {
        let q = get(h)?;
        let v = match param as u64 {
            CL_QUEUE_CONTEXT => Ok(Value::handle(Obj::handle(&q.v.context))),
            CL_QUEUE_DEVICE => Ok(Value::handle(platform::device_handle())),
            CL_QUEUE_REFERENCE_COUNT => Ok(Value::u32(q.ref_count())),
            CL_QUEUE_PROPERTIES => Ok(Value::u64(q.v.properties)),
            CL_QUEUE_PROPERTIES_ARRAY => Ok(Value::u64s(&q.v.property_list)),
            CL_QUEUE_SIZE => Err(ClError::new(CL_INVALID_COMMAND_QUEUE, "not an on-device queue")),
            CL_QUEUE_DEVICE_DEFAULT => Ok(Value::handle(std::ptr::null_mut())),
            _ => Err(info::unknown("command queue", param)),
        };
        // SAFETY: the query's output pointers.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

pub(crate) unsafe extern "C" fn set_command_queue_property(
    h: Handle,
    _properties: u64,
    _enable: cl_uint,
    _old: *mut u64,
) -> cl_int {
    api::status("clSetCommandQueueProperty", || {
        get(h)?;
        Err(ClError::new(CL_INVALID_OPERATION, "clSetCommandQueueProperty was removed in OpenCL 1.1"))
    })
}

pub(crate) unsafe extern "C" fn flush(h: Handle) -> cl_int {
    api::status("clFlush", || {
        get(h)?.v.flush();
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn finish(h: Handle) -> cl_int {
    api::status("clFinish", || {
        get(h)?.v.finish();
        Ok(())
    })
}

fn marker(queue: Handle, n: cl_uint, wait: *const Handle, out: *mut Handle, barrier: bool) -> ClResult<()> {
    let q = get(queue)?;
    // Commands run in order, so a marker or barrier also comes after everything enqueued
    // before it.
    // SAFETY: the caller's wait list.
    let waits = unsafe { event::wait_list(n, wait, Some(&q.v.context)) }?;
    let kind = if barrier { CL_COMMAND_BARRIER } else { CL_COMMAND_MARKER };
    let ev = Queue::enqueue(&q, kind, waits, Box::new(|| Ok(())))?;
    // SAFETY: the caller's event output.
    unsafe { deliver(ev, out, false) }
}

pub(crate) unsafe extern "C" fn enqueue_marker_with_wait_list(
    queue: Handle,
    n: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueMarkerWithWaitList", || marker(queue, n, wait, out, false))
}

pub(crate) unsafe extern "C" fn enqueue_barrier_with_wait_list(
    queue: Handle,
    n: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueBarrierWithWaitList", || marker(queue, n, wait, out, true))
}

pub(crate) unsafe extern "C" fn enqueue_marker(queue: Handle, out: *mut Handle) -> cl_int {
    api::status("clEnqueueMarker", || {
        if out.is_null() {
            return Err(ClError::value("event is null"));
        }
        marker(queue, 0, std::ptr::null(), out, false)
    })
}

pub(crate) unsafe extern "C" fn enqueue_barrier(queue: Handle) -> cl_int {
    api::status("clEnqueueBarrier", || marker(queue, 0, std::ptr::null(), std::ptr::null_mut(), true))
}

pub(crate) unsafe extern "C" fn enqueue_wait_for_events(queue: Handle, n: cl_uint, list: *const Handle) -> cl_int {
    api::status("clEnqueueWaitForEvents", || {
        if n == 0 || list.is_null() {
            return Err(ClError::value("no events to wait for"));
        }
        marker(queue, n, list, std::ptr::null_mut(), true)
    })
}

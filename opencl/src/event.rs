//! Events: the status of one command (or a user event), its profiling times, waiting,
//! and status callbacks. A failed command's event ends with a negative status and keeps
//! the message saying what went wrong (`CL_EVENT_SPIRJIT_MESSAGE`, printed when
//! `SPIRJIT_LOG` is set). This module must not run commands (see `queue`).

use std::ffi::c_void;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Instant;

use crate::api::{self, cl_int, cl_uint, ClError, ClResult, Handle};
use crate::context::{self, Ctx};
use crate::handles::{lock, Obj};
use crate::info::{self, Value};
use crate::queue::Queue;
use crate::tables::*;

/// A vendor event query: the message of a failed command (a string; empty when none).
pub const CL_EVENT_SPIRJIT_MESSAGE: u32 = 0x4E00;

/// `void (*)(cl_event, cl_int status, void *user_data)`.
pub type CallbackFn = unsafe extern "C" fn(Handle, cl_int, *mut c_void);

/// Nanoseconds on the platform's clock (device and host share it).
pub fn now_ns() -> u64 {
    static START: OnceLock<(Instant, u64)> = OnceLock::new();
    let (start, base) = START.get_or_init(|| {
        let wall = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        (Instant::now(), wall)
    });
    base + start.elapsed().as_nanos() as u64
}

struct State {
    status: cl_int,
    message: String,
    /// queued, submitted, started, ended (ns).
    times: [u64; 4],
    callbacks: Vec<(cl_int, CallbackFn, usize)>,
}

/// One event.
pub struct Event {
    pub context: Ctx,
    /// The queue of a command's event (none for user events).
    pub queue: Option<Arc<Obj<Queue>>>,
    pub command_type: u32,
    state: Mutex<State>,
    changed: Condvar,
}

pub type Ev = Arc<Obj<Event>>;

/// The event behind `h`.
pub fn get(h: Handle) -> ClResult<Ev> {
    Obj::<Event>::get(h, CL_INVALID_EVENT, "event")
}

impl Event {
    pub fn new(context: Ctx, queue: Option<Arc<Obj<Queue>>>, command_type: u32, status: cl_int) -> Ev {
        let t = now_ns();
        Obj::new(Event {
            context,
            queue,
            command_type,
            state: Mutex::new(State { status, message: String::new(), times: [t, t, t, t], callbacks: Vec::new() }),
            changed: Condvar::new(),
        })
    }

    pub fn status(&self) -> cl_int {
        lock(&self.state).status
    }

    pub fn message(&self) -> String {
        lock(&self.state).message.clone()
    }

    /// Move to `status` (`CL_SUBMITTED`, `CL_RUNNING`, `CL_COMPLETE` or an error), record
    /// the time, wake waiters and call the callbacks this change triggers.
    pub fn set_status(obj: &Ev, status: cl_int, message: Option<String>) {
        let due: Vec<(cl_int, CallbackFn, usize)> = {
            let mut s = lock(&obj.v.state);
            if s.status <= CL_COMPLETE as cl_int {
                return; // finished already: the first end stands
            }
            let t = now_ns();
            match status as u64 {
                x if x == CL_SUBMITTED => s.times[1] = t,
                x if x == CL_RUNNING => s.times[2] = t,
                _ => {
                    if s.times[2] < s.times[1] {
                        s.times[2] = t;
                    }
                    s.times[3] = t
                }
            }
            s.status = status;
            if let Some(m) = message {
                s.message = m;
            }
            let (due, keep): (Vec<_>, Vec<_>) = s.callbacks.drain(..).partition(|(at, _, _)| status <= *at);
            s.callbacks = keep;
            due
        };
        if status <= CL_COMPLETE as cl_int {
            // Waiters wait for the end only.
            obj.v.changed.notify_all();
        }
        let h = Obj::handle(obj);
        for (_, f, user) in due {
            // SAFETY: the application's callback, with this event and its own data.
            api::void("event callback", || unsafe { f(h, status, user as *mut c_void) });
        }
    }

    /// Mark the end of the work, with `result`'s error when it failed.
    pub fn finish(obj: &Ev, result: ClResult<()>) {
        match result {
            Ok(()) => Event::set_status(obj, CL_COMPLETE as cl_int, None),
            Err(e) => {
                let code = if e.code < 0 { e.code } else { CL_OUT_OF_RESOURCES };
                api::log(&format!("command failed: {} ({})", e.message, api::error_name(code)));
                obj.v.context.v.notify(&e.message);
                Event::set_status(obj, code, Some(e.message));
            }
        }
    }

    /// Block until the event is complete or failed; its final status.
    pub fn wait(&self) -> cl_int {
        let mut s = lock(&self.state);
        while s.status > CL_COMPLETE as cl_int {
            s = self.changed.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        s.status
    }
}

/// The events of a wait list, checked: live events of `context` (when given).
///
/// # Safety
/// `list` must be null or point at `n` handles.
pub unsafe fn wait_list(n: cl_uint, list: *const Handle, context: Option<&Ctx>) -> ClResult<Vec<Ev>> {
    if (n == 0) != list.is_null() {
        return Err(ClError::new(CL_INVALID_EVENT_WAIT_LIST, "event_wait_list and num_events_in_wait_list disagree"));
    }
    // SAFETY: forwarded with the caller's contract.
    let handles = unsafe { api::slice(list, n as usize, "event_wait_list") }?;
    let mut out = Vec::with_capacity(handles.len());
    for h in handles {
        let e = Obj::<Event>::get(*h, CL_INVALID_EVENT_WAIT_LIST, "event")?;
        if let Some(c) = context {
            if !Arc::ptr_eq(c, &e.v.context) {
                return Err(ClError::new(CL_INVALID_CONTEXT, "an event in the wait list belongs to another context"));
            }
        }
        out.push(e);
    }
    Ok(out)
}

pub(crate) unsafe extern "C" fn wait_for_events(n: cl_uint, list: *const Handle) -> cl_int {
    api::status("clWaitForEvents", || {
        if n == 0 || list.is_null() {
            return Err(ClError::value("no events to wait for"));
        }
        // SAFETY: the caller's list.
        let events = unsafe { wait_list(n, list, None) }.map_err(|e| ClError::new(CL_INVALID_EVENT, e.message))?;
        if events.iter().any(|e| !Arc::ptr_eq(&e.v.context, &events[0].v.context)) {
            return Err(ClError::new(CL_INVALID_CONTEXT, "the events belong to different contexts"));
        }
        for e in &events {
            if let Some(q) = &e.v.queue {
                q.v.flush();
            }
        }
        let mut failed = false;
        for e in &events {
            failed |= e.v.wait() < 0;
        }
        if failed {
            return Err(ClError::new(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "a command waited for failed"));
        }
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn get_event_info(
    h: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetEventInfo", || {
        let e = get(h)?;
        let v = match param {
            p if p as u64 == CL_EVENT_COMMAND_QUEUE => {
                Ok(Value::handle(e.v.queue.as_ref().map(Obj::handle).unwrap_or(std::ptr::null_mut())))
            }
            p if p as u64 == CL_EVENT_CONTEXT => Ok(Value::handle(Obj::handle(&e.v.context))),
            p if p as u64 == CL_EVENT_COMMAND_TYPE => Ok(Value::u32(e.v.command_type)),
            p if p as u64 == CL_EVENT_COMMAND_EXECUTION_STATUS => Ok(Value::i32(e.v.status())),
            p if p as u64 == CL_EVENT_REFERENCE_COUNT => Ok(Value::u32(e.ref_count())),
            CL_EVENT_SPIRJIT_MESSAGE => Ok(Value::str(&e.v.message())),
            _ => Err(info::unknown("event", param)),
        };
        // SAFETY: the query's output pointers.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

pub(crate) unsafe extern "C" fn get_event_profiling_info(
    h: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetEventProfilingInfo", || {
        let e = get(h)?;
        let profiled = e.v.queue.as_ref().is_some_and(|q| q.v.profiling());
        if !profiled || e.v.status() > CL_COMPLETE as cl_int {
            return Err(ClError::new(
                CL_PROFILING_INFO_NOT_AVAILABLE,
                "profiling needs a queue made with CL_QUEUE_PROFILING_ENABLE and a finished command",
            ));
        }
        let t = lock(&e.v.state).times;
        let v = match param as u64 {
            CL_PROFILING_COMMAND_QUEUED => Ok(Value::u64(t[0])),
            CL_PROFILING_COMMAND_SUBMIT => Ok(Value::u64(t[1])),
            CL_PROFILING_COMMAND_START => Ok(Value::u64(t[2])),
            CL_PROFILING_COMMAND_END | CL_PROFILING_COMMAND_COMPLETE => Ok(Value::u64(t[3])),
            _ => Err(info::unknown("event profiling", param)),
        };
        // SAFETY: the query's output pointers.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

pub(crate) unsafe extern "C" fn retain_event(h: Handle) -> cl_int {
    api::status("clRetainEvent", || {
        Obj::retain(&get(h)?);
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn release_event(h: Handle) -> cl_int {
    api::status("clReleaseEvent", || Obj::release(&get(h)?, CL_INVALID_EVENT, "event"))
}

pub(crate) unsafe extern "C" fn create_user_event(c: Handle, errcode_ret: *mut cl_int) -> Handle {
    api::create("clCreateUserEvent", errcode_ret, || {
        let ctx = context::get(c)?;
        Ok(Obj::handle(&Event::new(ctx, None, CL_COMMAND_USER as u32, CL_SUBMITTED as cl_int)))
    })
}

pub(crate) unsafe extern "C" fn set_user_event_status(h: Handle, status: cl_int) -> cl_int {
    api::status("clSetUserEventStatus", || {
        let e = get(h)?;
        if e.v.command_type != CL_COMMAND_USER as u32 {
            return Err(ClError::new(CL_INVALID_EVENT, "not a user event"));
        }
        if status > CL_COMPLETE as cl_int {
            return Err(ClError::value("a user event's status can only be set to CL_COMPLETE or an error"));
        }
        if e.v.status() <= CL_COMPLETE as cl_int {
            return Err(ClError::new(CL_INVALID_OPERATION, "the user event's status was already set"));
        }
        let message = (status < 0).then(|| format!("the user event was set to {status}"));
        Event::set_status(&e, status, message);
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn set_event_callback(
    h: Handle,
    at: cl_int,
    f: Option<CallbackFn>,
    user: *mut c_void,
) -> cl_int {
    api::status("clSetEventCallback", || {
        let e = get(h)?;
        let f = f.ok_or_else(|| ClError::value("pfn_notify is null"))?;
        if ![CL_SUBMITTED, CL_RUNNING, CL_COMPLETE].contains(&(at as u64)) {
            return Err(ClError::value(format!("{at} is not CL_SUBMITTED, CL_RUNNING or CL_COMPLETE")));
        }
        let now = {
            let mut s = lock(&e.v.state);
            if s.status <= at {
                Some(s.status)
            } else {
                s.callbacks.push((at, f, user as usize));
                None
            }
        };
        if let Some(status) = now {
            let status = if status < 0 { status } else { at };
            // SAFETY: the application's callback, with this event and its own data.
            api::void("event callback", || unsafe { f(h, status, user) });
        }
        Ok(())
    })
}

//! Contexts: creation (from a device list or a device type), properties, queries,
//! reference counting and destructor callbacks. This module must not allocate memory
//! objects or queues (they keep their context alive, not the other way round).

use std::ffi::{c_char, c_void};
use std::sync::{Arc, Mutex};

use crate::api::{self, cl_int, cl_uint, ClError, ClResult, Handle};
use crate::handles::{lock, Obj};
use crate::info::{self, Value};
use crate::platform;
use crate::tables::*;

/// `void (*)(const char *errinfo, const void *private_info, size_t cb, void *user_data)`.
pub type NotifyFn = unsafe extern "C" fn(*const c_char, *const c_void, usize, *mut c_void);
/// `void (*)(cl_context, void *user_data)`.
pub type DestructorFn = unsafe extern "C" fn(Handle, *mut c_void);

/// A context: the one device, its properties, and callbacks.
pub struct Context {
    /// The properties as given (zero-terminated when non-empty), for `CL_CONTEXT_PROPERTIES`.
    pub properties: Vec<isize>,
    notify: Option<(NotifyFn, usize)>,
    destructors: Mutex<Vec<(DestructorFn, usize)>>,
    /// This context's handle, for the destructor callbacks.
    me: std::sync::OnceLock<usize>,
}

impl Context {
    /// Tell the application about an error through its notify callback.
    pub fn notify(&self, message: &str) {
        if let Some((f, user)) = self.notify {
            let text = std::ffi::CString::new(message.replace('\0', " ")).unwrap_or_default();
            // SAFETY: the application's callback with a valid C string and its own data.
            unsafe { f(text.as_ptr(), std::ptr::null(), 0, user as *mut c_void) };
        }
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        let list = std::mem::take(&mut *lock(&self.destructors));
        // The handle is only a key to the application now; it is not looked up again.
        let me = self.me.get().copied().unwrap_or(0) as Handle;
        for (f, user) in list.into_iter().rev() {
            // SAFETY: the application's callback, called once as the context is deleted.
            unsafe { f(me, user as *mut c_void) };
        }
    }
}

pub type Ctx = Arc<Obj<Context>>;

/// The context behind `h`.
pub fn get(h: Handle) -> ClResult<Ctx> {
    Obj::<Context>::get(h, CL_INVALID_CONTEXT, "context")
}

/// Check properties; returns them as given (with the terminating 0).
///
/// # Safety
/// `props` must be null or a zero-terminated property list.
unsafe fn check_properties(props: *const isize) -> ClResult<Vec<isize>> {
    // SAFETY: forwarded with the caller's contract.
    let pairs = unsafe { api::properties(props as *const u64) }?;
    let mut out = Vec::new();
    for (name, value) in &pairs {
        match *name {
            CL_CONTEXT_PLATFORM => platform::check_platform(*value as Handle)?,
            CL_CONTEXT_INTEROP_USER_SYNC => {}
            _ => return Err(ClError::new(CL_INVALID_PROPERTY, format!("unknown context property {name:#x}"))),
        }
        if pairs.iter().filter(|(n, _)| n == name).count() > 1 {
            return Err(ClError::new(CL_INVALID_PROPERTY, format!("context property {name:#x} given twice")));
        }
        out.push(*name as isize);
        out.push(*value as isize);
    }
    if !out.is_empty() {
        out.push(0);
    }
    Ok(out)
}

fn make(properties: Vec<isize>, notify: Option<NotifyFn>, user: *mut c_void) -> Handle {
    let ctx = Obj::new(Context {
        properties,
        notify: notify.map(|f| (f, user as usize)),
        destructors: Mutex::new(Vec::new()),
        me: std::sync::OnceLock::new(),
    });
    let h = Obj::handle(&ctx);
    let _ = ctx.v.me.set(h as usize);
    h
}

pub(crate) unsafe extern "C" fn create_context(
    props: *const isize,
    num_devices: cl_uint,
    devices: *const Handle,
    notify: Option<NotifyFn>,
    user: *mut c_void,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateContext", errcode_ret, || {
        if num_devices == 0 || devices.is_null() {
            return Err(ClError::value("no devices given"));
        }
        if notify.is_none() && !user.is_null() {
            return Err(ClError::value("user_data without pfn_notify"));
        }
        // SAFETY: `devices` points at `num_devices` handles (the caller's contract).
        unsafe { platform::check_device_list(devices, num_devices) }?;
        // SAFETY: the caller's property list.
        let properties = unsafe { check_properties(props) }?;
        Ok(make(properties, notify, user))
    })
}

pub(crate) unsafe extern "C" fn create_context_from_type(
    props: *const isize,
    device_type: u64,
    notify: Option<NotifyFn>,
    user: *mut c_void,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateContextFromType", errcode_ret, || {
        if notify.is_none() && !user.is_null() {
            return Err(ClError::value("user_data without pfn_notify"));
        }
        // SAFETY: the caller's property list.
        let properties = unsafe { check_properties(props) }?;
        let mut n = 0u32;
        // SAFETY: valid local output pointers.
        let code =
            unsafe { platform::get_device_ids(std::ptr::null_mut(), device_type, 0, std::ptr::null_mut(), &mut n) };
        if code != CL_SUCCESS {
            return Err(ClError::new(code, format!("no device of type {device_type:#x}")));
        }
        Ok(make(properties, notify, user))
    })
}

pub(crate) unsafe extern "C" fn retain_context(c: Handle) -> cl_int {
    api::status("clRetainContext", || {
        Obj::retain(&get(c)?);
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn release_context(c: Handle) -> cl_int {
    api::status("clReleaseContext", || Obj::release(&get(c)?, CL_INVALID_CONTEXT, "context"))
}

pub(crate) unsafe extern "C" fn get_context_info(
    c: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetContextInfo", || {
        let ctx = get(c)?;
        let v = match param as u64 {
            CL_CONTEXT_REFERENCE_COUNT => Ok(Value::u32(ctx.ref_count())),
            CL_CONTEXT_NUM_DEVICES => Ok(Value::u32(1)),
            CL_CONTEXT_DEVICES => Ok(Value::handles(&[platform::device_handle()])),
            CL_CONTEXT_PROPERTIES => {
                Ok(Value::usizes(&ctx.v.properties.iter().map(|p| *p as usize).collect::<Vec<_>>()))
            }
            _ => Err(info::unknown("context", param)),
        };
        // SAFETY: the query's output pointers, forwarded with the caller's contract.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

pub(crate) unsafe extern "C" fn set_context_destructor_callback(
    c: Handle,
    f: Option<DestructorFn>,
    user: *mut c_void,
) -> cl_int {
    api::status("clSetContextDestructorCallback", || {
        let ctx = get(c)?;
        let f = f.ok_or_else(|| ClError::value("pfn_notify is null"))?;
        lock(&ctx.v.destructors).push((f, user as usize));
        Ok(())
    })
}

//! The C side of the API: OpenCL's scalar types, the error value every entry point body
//! returns ([`ClError`]: a status code and a message), and the guards that turn a body's
//! result — or a panic — into what the C caller expects. This module must not know any
//! OpenCL object.

use std::any::Any;
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::tables::*;

#[allow(non_camel_case_types)]
pub type cl_int = i32;
#[allow(non_camel_case_types)]
pub type cl_uint = u32;
/// Every OpenCL object handle (`cl_platform_id`, `cl_mem`, ...) is a pointer.
pub type Handle = *mut c_void;

/// The environment variable that makes the platform print every error it returns.
pub const LOG_ENV: &str = "SPIRJIT_LOG";

/// A failed entry point: the status code the caller gets and what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClError {
    pub code: cl_int,
    pub message: String,
}

impl ClError {
    pub fn new(code: cl_int, message: impl Into<String>) -> Self {
        ClError { code, message: message.into() }
    }

    /// `CL_INVALID_VALUE` with a message.
    pub fn value(message: impl Into<String>) -> Self {
        ClError::new(CL_INVALID_VALUE, message)
    }
}

pub type ClResult<T> = Result<T, ClError>;

/// Whether errors are printed (`SPIRJIT_LOG` set and not `0`).
pub fn logging() -> bool {
    std::env::var_os(LOG_ENV).is_some_and(|v| v != "0" && !v.is_empty())
}

/// Print `message` when logging is on.
pub fn log(message: &str) {
    if logging() {
        eprintln!("spirjit opencl: {message}");
    }
}

fn report(entry: &str, e: &ClError) {
    if logging() {
        eprintln!("spirjit opencl: {entry}: {} ({})", e.message, error_name(e.code));
    }
}

fn panic_text(payload: &Box<dyn Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".to_string()
    }
}

fn internal(entry: &str, payload: &Box<dyn Any + Send>) -> ClError {
    let e = ClError::new(CL_OUT_OF_HOST_MEMORY, format!("internal error (a spirjit bug): {}", panic_text(payload)));
    report(entry, &e);
    e
}

/// Run the body of an entry point returning a status code.
pub fn status(entry: &str, f: impl FnOnce() -> ClResult<()>) -> cl_int {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => CL_SUCCESS,
        Ok(Err(e)) => {
            report(entry, &e);
            e.code
        }
        Err(payload) => internal(entry, &payload).code,
    }
}

/// Run the body of an entry point returning a handle (or pointer) and a status through
/// `errcode_ret` (may be null).
pub fn create(entry: &str, errcode_ret: *mut cl_int, f: impl FnOnce() -> ClResult<*mut c_void>) -> *mut c_void {
    let (handle, code) = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(h)) => (h, CL_SUCCESS),
        Ok(Err(e)) => {
            report(entry, &e);
            (std::ptr::null_mut(), e.code)
        }
        Err(payload) => (std::ptr::null_mut(), internal(entry, &payload).code),
    };
    if !errcode_ret.is_null() {
        // SAFETY: the caller passes null or a pointer to a writable cl_int (the API's
        // contract for `errcode_ret`).
        unsafe { *errcode_ret = code };
    }
    handle
}

/// Run the body of an entry point returning nothing; a panic is logged and swallowed.
pub fn void(entry: &str, f: impl FnOnce()) {
    if let Err(payload) = catch_unwind(AssertUnwindSafe(f)) {
        internal(entry, &payload);
    }
}

/// A slice from a (pointer, count) pair of the API; null with count 0 is empty, null
/// with a count is `CL_INVALID_VALUE` naming `what`.
///
/// # Safety
/// A non-null `ptr` must point at `count` valid `T`s (the API's contract with the caller).
pub unsafe fn slice<'a, T>(ptr: *const T, count: usize, what: &str) -> ClResult<&'a [T]> {
    if count == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(ClError::value(format!("{what} is null but its count is {count}")));
    }
    // SAFETY: non-null and, by the caller's contract, valid for `count` elements.
    Ok(unsafe { std::slice::from_raw_parts(ptr, count) })
}

/// A zero-terminated property list (`cl_context_properties`, `cl_queue_properties`,
/// ...) as (name, value) pairs; null is empty.
///
/// # Safety
/// A non-null `ptr` must point at a zero-terminated list of pairs.
pub unsafe fn properties<T: Copy + Into<u64> + PartialEq + Default>(ptr: *const T) -> ClResult<Vec<(u64, u64)>> {
    let mut out = Vec::new();
    if ptr.is_null() {
        return Ok(out);
    }
    let mut i = 0;
    loop {
        // SAFETY: within the zero-terminated list (the caller's contract).
        let name = unsafe { *ptr.add(i) };
        if name == T::default() {
            return Ok(out);
        }
        // SAFETY: as above; a name is always followed by its value.
        let value = unsafe { *ptr.add(i + 1) };
        out.push((name.into(), value.into()));
        i += 2;
        if i > 2048 {
            return Err(ClError::new(CL_INVALID_PROPERTY, "property list without its terminating 0"));
        }
    }
}

/// The name of a status code (`CL_INVALID_VALUE`), for messages.
pub fn error_name(code: cl_int) -> &'static str {
    match code {
        CL_SUCCESS => "CL_SUCCESS",
        CL_DEVICE_NOT_FOUND => "CL_DEVICE_NOT_FOUND",
        CL_DEVICE_NOT_AVAILABLE => "CL_DEVICE_NOT_AVAILABLE",
        CL_COMPILER_NOT_AVAILABLE => "CL_COMPILER_NOT_AVAILABLE",
        CL_MEM_OBJECT_ALLOCATION_FAILURE => "CL_MEM_OBJECT_ALLOCATION_FAILURE",
        CL_OUT_OF_RESOURCES => "CL_OUT_OF_RESOURCES",
        CL_OUT_OF_HOST_MEMORY => "CL_OUT_OF_HOST_MEMORY",
        CL_PROFILING_INFO_NOT_AVAILABLE => "CL_PROFILING_INFO_NOT_AVAILABLE",
        CL_MEM_COPY_OVERLAP => "CL_MEM_COPY_OVERLAP",
        CL_IMAGE_FORMAT_MISMATCH => "CL_IMAGE_FORMAT_MISMATCH",
        CL_IMAGE_FORMAT_NOT_SUPPORTED => "CL_IMAGE_FORMAT_NOT_SUPPORTED",
        CL_BUILD_PROGRAM_FAILURE => "CL_BUILD_PROGRAM_FAILURE",
        CL_MAP_FAILURE => "CL_MAP_FAILURE",
        CL_MISALIGNED_SUB_BUFFER_OFFSET => "CL_MISALIGNED_SUB_BUFFER_OFFSET",
        CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST => "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
        CL_COMPILE_PROGRAM_FAILURE => "CL_COMPILE_PROGRAM_FAILURE",
        CL_LINKER_NOT_AVAILABLE => "CL_LINKER_NOT_AVAILABLE",
        CL_LINK_PROGRAM_FAILURE => "CL_LINK_PROGRAM_FAILURE",
        CL_DEVICE_PARTITION_FAILED => "CL_DEVICE_PARTITION_FAILED",
        CL_KERNEL_ARG_INFO_NOT_AVAILABLE => "CL_KERNEL_ARG_INFO_NOT_AVAILABLE",
        CL_INVALID_VALUE => "CL_INVALID_VALUE",
        CL_INVALID_DEVICE_TYPE => "CL_INVALID_DEVICE_TYPE",
        CL_INVALID_PLATFORM => "CL_INVALID_PLATFORM",
        CL_INVALID_DEVICE => "CL_INVALID_DEVICE",
        CL_INVALID_CONTEXT => "CL_INVALID_CONTEXT",
        CL_INVALID_QUEUE_PROPERTIES => "CL_INVALID_QUEUE_PROPERTIES",
        CL_INVALID_COMMAND_QUEUE => "CL_INVALID_COMMAND_QUEUE",
        CL_INVALID_HOST_PTR => "CL_INVALID_HOST_PTR",
        CL_INVALID_MEM_OBJECT => "CL_INVALID_MEM_OBJECT",
        CL_INVALID_IMAGE_FORMAT_DESCRIPTOR => "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR",
        CL_INVALID_IMAGE_SIZE => "CL_INVALID_IMAGE_SIZE",
        CL_INVALID_SAMPLER => "CL_INVALID_SAMPLER",
        CL_INVALID_BINARY => "CL_INVALID_BINARY",
        CL_INVALID_BUILD_OPTIONS => "CL_INVALID_BUILD_OPTIONS",
        CL_INVALID_PROGRAM => "CL_INVALID_PROGRAM",
        CL_INVALID_PROGRAM_EXECUTABLE => "CL_INVALID_PROGRAM_EXECUTABLE",
        CL_INVALID_KERNEL_NAME => "CL_INVALID_KERNEL_NAME",
        CL_INVALID_KERNEL_DEFINITION => "CL_INVALID_KERNEL_DEFINITION",
        CL_INVALID_KERNEL => "CL_INVALID_KERNEL",
        CL_INVALID_ARG_INDEX => "CL_INVALID_ARG_INDEX",
        CL_INVALID_ARG_VALUE => "CL_INVALID_ARG_VALUE",
        CL_INVALID_ARG_SIZE => "CL_INVALID_ARG_SIZE",
        CL_INVALID_KERNEL_ARGS => "CL_INVALID_KERNEL_ARGS",
        CL_INVALID_WORK_DIMENSION => "CL_INVALID_WORK_DIMENSION",
        CL_INVALID_WORK_GROUP_SIZE => "CL_INVALID_WORK_GROUP_SIZE",
        CL_INVALID_WORK_ITEM_SIZE => "CL_INVALID_WORK_ITEM_SIZE",
        CL_INVALID_GLOBAL_OFFSET => "CL_INVALID_GLOBAL_OFFSET",
        CL_INVALID_EVENT_WAIT_LIST => "CL_INVALID_EVENT_WAIT_LIST",
        CL_INVALID_EVENT => "CL_INVALID_EVENT",
        CL_INVALID_OPERATION => "CL_INVALID_OPERATION",
        CL_INVALID_BUFFER_SIZE => "CL_INVALID_BUFFER_SIZE",
        CL_INVALID_GLOBAL_WORK_SIZE => "CL_INVALID_GLOBAL_WORK_SIZE",
        CL_INVALID_PROPERTY => "CL_INVALID_PROPERTY",
        CL_INVALID_IMAGE_DESCRIPTOR => "CL_INVALID_IMAGE_DESCRIPTOR",
        CL_INVALID_COMPILER_OPTIONS => "CL_INVALID_COMPILER_OPTIONS",
        CL_INVALID_LINKER_OPTIONS => "CL_INVALID_LINKER_OPTIONS",
        CL_INVALID_DEVICE_PARTITION_COUNT => "CL_INVALID_DEVICE_PARTITION_COUNT",
        CL_INVALID_PIPE_SIZE => "CL_INVALID_PIPE_SIZE",
        CL_INVALID_DEVICE_QUEUE => "CL_INVALID_DEVICE_QUEUE",
        CL_INVALID_SPEC_ID => "CL_INVALID_SPEC_ID",
        _ => "an OpenCL error",
    }
}

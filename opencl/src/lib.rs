//! spirjit as an OpenCL platform: an ICD the OpenCL ICD loader (`libOpenCL.so`) loads from
//! `/etc/OpenCL/vendors/*.icd` or `OCL_ICD_VENDORS` (`spirjit opencl-icd` writes one), offering one OpenCL 3.0 CPU device
//! that runs kernels with spirjit.
//!
//! The library exports only the loader's entry points (`clIcdGetPlatformIDsKHR`,
//! `clGetExtensionFunctionAddress`, `clGetPlatformInfo`); every other call reaches the
//! platform through the dispatch table that is the first word of each object (`icd`).
//! Handles are checked against a registry (`handles`) and every entry point runs under a
//! guard (`api`), so a wrong or released handle is a `CL_INVALID_*` code and an internal
//! error is a status, never a crash or a panic across the C boundary. Modules:
//! `platform` (what the platform and device report), `context`, `queue` (command queues
//! and their worker threads), `event`, `memory` (buffers), `transfer` (buffer commands),
//! `image` (images and image commands), `sampler`, `svm`, `program` and `compiler`
//! (building programs), `kernel` (arguments, queries, NDRange launches).

mod api;
mod compiler;
mod context;
mod event;
mod handles;
mod icd;
mod image;
mod info;
mod kernel;
mod memory;
mod platform;
mod program;
mod queue;
mod sampler;
mod svm;
pub mod tables;
mod transfer;

use std::ffi::{c_char, c_void};

pub use api::LOG_ENV;
pub use event::CL_EVENT_SPIRJIT_MESSAGE;
pub use platform::{device_name, PLATFORM_NAME};
pub use queue::TIMEOUT_ENV;

/// The loader's platform enumeration (`cl_khr_icd`).
///
/// # Safety
/// `platforms` must be null or valid for `num_entries` handles; `num_platforms` null or
/// valid for a write.
#[no_mangle]
pub unsafe extern "C" fn clIcdGetPlatformIDsKHR(
    num_entries: u32,
    platforms: *mut *mut c_void,
    num_platforms: *mut u32,
) -> i32 {
    icd::icd_get_platform_ids(num_entries, platforms, num_platforms)
}

/// The loader finds `clIcdGetPlatformIDsKHR` through this.
///
/// # Safety
/// `name` must be null or a C string.
#[no_mangle]
pub unsafe extern "C" fn clGetExtensionFunctionAddress(name: *const c_char) -> *mut c_void {
    // SAFETY: forwarded with the caller's contract.
    unsafe { icd::get_extension_function_address(name) }
}

/// The loader may query the platform through this before it uses the dispatch table.
///
/// # Safety
/// The output pointers must be null or valid for `size` bytes / a write.
#[no_mangle]
pub unsafe extern "C" fn clGetPlatformInfo(
    platform: *mut c_void,
    param: u32,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> i32 {
    // SAFETY: forwarded with the caller's contract.
    unsafe { platform::get_platform_info(platform, param, size, value, size_ret) }
}

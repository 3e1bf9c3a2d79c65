//! spirjit as a Vulkan driver (an ICD the Khronos loader loads from a JSON manifest): a
//! compute-only Vulkan 1.3 device that runs compute shaders with spirjit on the CPU.
//!
//! The library exports exactly the three functions of the loader–driver interface
//! (`vk_icdNegotiateLoaderICDInterfaceVersion`, `vk_icdGetInstanceProcAddr`,
//! `vk_icdGetPhysicalDeviceProcAddr`); every Vulkan command is reached through them
//! (`icd`). Handles are checked against a registry (`handles`), and every entry point runs
//! under a guard, so a wrong handle or an internal error is an error code, never a crash or
//! a panic across the C boundary. Modules: `physical` (what the device reports; `caps`
//! its `…2` feature and property structures), `format` (the supported image formats and
//! their features), `instance`, `device` (memory, buffers), `image` (images, views,
//! samplers), `descriptor`, `pipeline`, `command` (recording), `transfer` (image copies
//! and clears), `queue` (submission, the queues' worker threads), `sync` (fences,
//! semaphores, events and waits), `debug_utils` (`VK_EXT_debug_utils` messengers),
//! `query` (timestamp query pools), `private_data` (private data slots), `graphics`
//! (the graphics-queue commands 1.3 requires, which fail recording), `template` (descriptor update templates, push
//! descriptors) and `execute` (running commands).
//! External memory, fences and semaphores are `external`'s (with `memfd`, the shared files
//! and sync files behind them).
//! The manifest is written by `spirjit vulkan-icd` ([`manifest_json`]).

mod caps;
mod command;
mod debug_utils;
mod descriptor;
mod device;
mod execute;
mod external;
mod format;
mod graphics;
mod handles;
mod icd;
mod image;
mod instance;
mod memfd;
mod physical;
mod pipeline;
mod private_data;
mod query;
mod queue;
mod sync;
mod template;
mod transfer;

use std::ffi::c_char;

use ash::vk;

pub use icd::{entry_point_names, INTERFACE_VERSION, MIN_INTERFACE_VERSION};
pub use physical::{device_name, API_VERSION, LANES};

/// The file name of the manifest, written next to the library.
pub const MANIFEST_NAME: &str = "spirjit_vulkan_icd.json";

/// The ICD manifest for the driver library at `library_path`.
pub fn manifest_json(library_path: &str) -> String {
    let escaped = library_path.replace('\\', "\\\\").replace('"', "\\\"");
    format!(
        "{{\n    \"file_format_version\": \"1.0.0\",\n    \"ICD\": {{\n        \"library_path\": \"{escaped}\",\n        \
         \"api_version\": \"{}.{}.{}\"\n    }}\n}}\n",
        vk::api_version_major(API_VERSION),
        vk::api_version_minor(API_VERSION),
        vk::api_version_patch(API_VERSION)
    )
}

/// Negotiate the loader–driver interface version (5 to [`INTERFACE_VERSION`]).
///
/// # Safety
/// `version` must be null or valid for reads and writes.
#[no_mangle]
pub unsafe extern "system" fn vk_icdNegotiateLoaderICDInterfaceVersion(version: *mut u32) -> vk::Result {
    // SAFETY: forwarded with the caller's contract.
    unsafe { icd::vk_icd_negotiate(version) }
}

/// The driver's `vkGetInstanceProcAddr`.
///
/// # Safety
/// `name` must be null or a valid C string.
#[no_mangle]
pub unsafe extern "system" fn vk_icdGetInstanceProcAddr(
    instance: vk::Instance,
    name: *const c_char,
) -> vk::PFN_vkVoidFunction {
    // SAFETY: forwarded with the caller's contract.
    unsafe { icd::vk_icd_get_instance_proc_addr(instance, name) }
}

/// The physical-device-level entry points, for the loader's unknown-function support.
///
/// # Safety
/// `name` must be null or a valid C string.
#[no_mangle]
pub unsafe extern "system" fn vk_icdGetPhysicalDeviceProcAddr(
    instance: vk::Instance,
    name: *const c_char,
) -> vk::PFN_vkVoidFunction {
    // SAFETY: forwarded with the caller's contract.
    unsafe { icd::vk_icd_get_physical_device_proc_addr(instance, name) }
}

//! Instance-level entry points: the instance, its one physical device, and the queries
//! about that device (properties, features, memory, queue families, formats, extensions).
//! The answers come from `physical`; this module only checks handles and copies them out.

use std::ffi::{c_char, CStr};
use std::sync::Arc;

use ash::vk::{self, Handle};

use crate::debug_utils::{self, Messengers};
use crate::handles::{self, guard, guard_void, put, slice, write_array, OK};
use crate::icd::Enabled;
use crate::physical;

// The external memory, fence and semaphore queries are `external`'s.
pub use crate::external::{
    get_physical_device_external_buffer_properties, get_physical_device_external_fence_properties,
    get_physical_device_external_semaphore_properties,
};

/// An instance: it owns one physical device.
pub struct Instance {
    physical: u64,
    /// Its `VK_EXT_debug_utils` messengers.
    pub messengers: Arc<Messengers>,
    /// Its `apiVersion` and extensions (what `vkGetInstanceProcAddr` returns).
    pub enabled: Arc<Enabled>,
}

/// The physical device (one per instance).
pub struct PhysicalDevice {
    /// The messengers of its instance (devices made from it report there).
    pub messengers: Arc<Messengers>,
    /// What its instance enabled.
    pub instance_enabled: Arc<Enabled>,
}

/// What `instance` enabled, if it is a live instance of the driver.
pub(crate) fn enabled(instance: vk::Instance) -> Option<Arc<Enabled>> {
    if instance == vk::Instance::null() {
        return None;
    }
    handles::dispatchable::<Instance>(instance.as_raw()).map(|i| i.enabled.clone())
}

/// The minor number of Vulkan version `version` (a major above 1 counts as every 1.x).
pub(crate) fn api_minor(version: u32) -> u32 {
    match vk::api_version_major(version) {
        0 => 0,
        1 => vk::api_version_minor(version),
        _ => u32::MAX,
    }
}

pub(crate) fn physical(raw: vk::PhysicalDevice) -> Result<Arc<PhysicalDevice>, vk::Result> {
    handles::get_dispatchable::<PhysicalDevice>(raw.as_raw())
}

pub unsafe extern "system" fn enumerate_instance_version(out: *mut u32) -> vk::Result {
    // SAFETY: `out` is the caller's output pointer.
    guard(|| unsafe { put(out, physical::API_VERSION) })
}

pub unsafe extern "system" fn enumerate_instance_extension_properties(
    layer: *const c_char,
    count: *mut u32,
    out: *mut vk::ExtensionProperties,
) -> vk::Result {
    guard(|| {
        if !layer.is_null() {
            return Err(vk::Result::ERROR_LAYER_NOT_PRESENT);
        }
        // SAFETY: the caller's output array.
        unsafe { write_array(&physical::extension_properties(physical::INSTANCE_EXTENSIONS), count, out) }
    })
}

pub unsafe extern "system" fn enumerate_instance_layer_properties(
    count: *mut u32,
    out: *mut vk::LayerProperties,
) -> vk::Result {
    // SAFETY: the caller's output array.
    guard(|| unsafe { write_array(&[], count, out) })
}

/// The extension names `names`, or `ERROR_EXTENSION_NOT_PRESENT` when it asks for one
/// not in `offered`.
///
/// # Safety
/// `names` must be `count` valid C strings.
pub(crate) unsafe fn check_extensions(
    names: *const *const c_char,
    count: u32,
    offered: &[(&str, u32)],
) -> Result<Vec<String>, vk::Result> {
    let mut out = Vec::new();
    // SAFETY: the caller's contract.
    for &name in unsafe { slice(names, count)? } {
        if name.is_null() {
            return Err(vk::Result::ERROR_EXTENSION_NOT_PRESENT);
        }
        // SAFETY: a valid C string (the caller's contract).
        let name = unsafe { CStr::from_ptr(name) }.to_string_lossy();
        if !offered.iter().any(|(n, _)| *n == name) {
            handles::log(&format!("extension {name} is not supported"));
            return Err(vk::Result::ERROR_EXTENSION_NOT_PRESENT);
        }
        out.push(name.into_owned());
    }
    Ok(out)
}

pub unsafe extern "system" fn create_instance(
    info: *const vk::InstanceCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Instance,
) -> vk::Result {
    guard(|| {
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_INITIALIZATION_FAILED)?;
        // SAFETY: the caller's chain.
        let creation_messengers = unsafe { debug_utils::chained(info.p_next) };
        // SAFETY: the names are the caller's.
        let extensions = unsafe {
            check_extensions(
                info.pp_enabled_extension_names,
                info.enabled_extension_count,
                physical::INSTANCE_EXTENSIONS,
            )
        }
        .inspect_err(|_| {
            debug_utils::creation_error(&creation_messengers, "vkCreateInstance: an extension is not supported")
        })?;
        // SAFETY: the caller's application info, if any.
        let api = unsafe { info.p_application_info.as_ref() }.map_or(0, |a| a.api_version);
        let enabled = Arc::new(Enabled { minor: api_minor(api), extensions });
        // Interface version 5: any apiVersion is accepted (the loader and the application
        // see the device's version in its properties).
        let messengers = Arc::new(Messengers::default());
        let physical = handles::new_dispatchable(
            Arc::new(PhysicalDevice { messengers: messengers.clone(), instance_enabled: enabled.clone() }),
            0,
        );
        let instance = handles::new_dispatchable(Arc::new(Instance { physical, messengers, enabled }), 0);
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::Instance::from_raw(instance)) }
    })
}

pub unsafe extern "system" fn destroy_instance(instance: vk::Instance, _alloc: *const vk::AllocationCallbacks<'_>) {
    guard_void(|| {
        if let Some(i) = handles::free_dispatchable::<Instance>(instance.as_raw()) {
            handles::free_dispatchable::<PhysicalDevice>(i.physical);
        }
    })
}

pub unsafe extern "system" fn enumerate_physical_devices(
    instance: vk::Instance,
    count: *mut u32,
    out: *mut vk::PhysicalDevice,
) -> vk::Result {
    guard(|| {
        let i = handles::get_dispatchable::<Instance>(instance.as_raw())?;
        // SAFETY: the caller's output array.
        unsafe { write_array(&[vk::PhysicalDevice::from_raw(i.physical)], count, out) }
    })
}

pub unsafe extern "system" fn enumerate_physical_device_groups(
    instance: vk::Instance,
    count: *mut u32,
    out: *mut vk::PhysicalDeviceGroupProperties<'_>,
) -> vk::Result {
    guard(|| {
        let i = handles::get_dispatchable::<Instance>(instance.as_raw())?;
        if count.is_null() {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        // SAFETY: the caller's count and output array (whose sType/pNext the caller set).
        unsafe {
            if out.is_null() {
                *count = 1;
                return OK;
            }
            if *count == 0 {
                return Ok(vk::Result::INCOMPLETE);
            }
            let g = &mut *out;
            g.physical_device_count = 1;
            g.physical_devices[0] = vk::PhysicalDevice::from_raw(i.physical);
            g.subset_allocation = vk::FALSE;
            *count = 1;
        }
        OK
    })
}

pub unsafe extern "system" fn get_physical_device_properties(
    pd: vk::PhysicalDevice,
    out: *mut vk::PhysicalDeviceProperties,
) {
    guard_void(|| {
        if physical(pd).is_ok() {
            // SAFETY: the caller's output pointer.
            let _ = unsafe { put(out, physical::properties()) };
        }
    })
}

pub unsafe extern "system" fn get_physical_device_properties2(
    pd: vk::PhysicalDevice,
    out: *mut vk::PhysicalDeviceProperties2<'_>,
) {
    guard_void(|| {
        if physical(pd).is_err() || out.is_null() {
            return;
        }
        // SAFETY: the caller's output structure and its chain.
        unsafe {
            (*out).properties = physical::properties();
            physical::fill_properties_chain((*out).p_next as *mut vk::BaseOutStructure<'_>);
        }
    })
}

pub unsafe extern "system" fn get_physical_device_features(
    pd: vk::PhysicalDevice,
    out: *mut vk::PhysicalDeviceFeatures,
) {
    guard_void(|| {
        if physical(pd).is_ok() {
            // SAFETY: the caller's output pointer.
            let _ = unsafe { put(out, physical::features()) };
        }
    })
}

pub unsafe extern "system" fn get_physical_device_features2(
    pd: vk::PhysicalDevice,
    out: *mut vk::PhysicalDeviceFeatures2<'_>,
) {
    guard_void(|| {
        if physical(pd).is_err() || out.is_null() {
            return;
        }
        // SAFETY: the caller's output structure and its chain.
        unsafe {
            (*out).features = physical::features();
            physical::fill_features_chain((*out).p_next as *mut vk::BaseOutStructure<'_>);
        }
    })
}

pub unsafe extern "system" fn get_physical_device_memory_properties(
    pd: vk::PhysicalDevice,
    out: *mut vk::PhysicalDeviceMemoryProperties,
) {
    guard_void(|| {
        if physical(pd).is_ok() {
            // SAFETY: the caller's output pointer.
            let _ = unsafe { put(out, physical::memory_properties()) };
        }
    })
}

pub unsafe extern "system" fn get_physical_device_memory_properties2(
    pd: vk::PhysicalDevice,
    out: *mut vk::PhysicalDeviceMemoryProperties2<'_>,
) {
    guard_void(|| {
        if physical(pd).is_ok() && !out.is_null() {
            // SAFETY: the caller's output structure.
            unsafe { (*out).memory_properties = physical::memory_properties() };
        }
    })
}

pub unsafe extern "system" fn get_physical_device_queue_family_properties(
    pd: vk::PhysicalDevice,
    count: *mut u32,
    out: *mut vk::QueueFamilyProperties,
) {
    guard_void(|| {
        if physical(pd).is_ok() {
            // SAFETY: the caller's output array.
            let _ = unsafe { write_array(&[physical::queue_family()], count, out) };
        }
    })
}

pub unsafe extern "system" fn get_physical_device_queue_family_properties2(
    pd: vk::PhysicalDevice,
    count: *mut u32,
    out: *mut vk::QueueFamilyProperties2<'_>,
) {
    guard_void(|| {
        if physical(pd).is_err() || count.is_null() {
            return;
        }
        // SAFETY: the caller's count and output array.
        unsafe {
            if out.is_null() {
                *count = 1;
            } else if *count > 0 {
                (*out).queue_family_properties = physical::queue_family();
                *count = 1;
            }
        }
    })
}

pub unsafe extern "system" fn get_physical_device_format_properties(
    pd: vk::PhysicalDevice,
    format: vk::Format,
    out: *mut vk::FormatProperties,
) {
    guard_void(|| {
        if physical(pd).is_ok() {
            // SAFETY: the caller's output pointer.
            let _ = unsafe { put(out, physical::format_properties(format)) };
        }
    })
}

pub unsafe extern "system" fn get_physical_device_format_properties2(
    pd: vk::PhysicalDevice,
    format: vk::Format,
    out: *mut vk::FormatProperties2<'_>,
) {
    guard_void(|| {
        if physical(pd).is_ok() && !out.is_null() {
            let props = physical::format_properties(format);
            // SAFETY: the caller's output structure and its chain.
            unsafe {
                (*out).format_properties = props;
                let mut next = (*out).p_next as *mut vk::BaseOutStructure<'_>;
                while let Some(s) = next.as_mut() {
                    if s.s_type == vk::StructureType::FORMAT_PROPERTIES_3 {
                        let p3 = &mut *(next as *mut vk::FormatProperties3<'_>);
                        p3.linear_tiling_features = physical::format_features2(props.linear_tiling_features);
                        p3.optimal_tiling_features = physical::format_features2(props.optimal_tiling_features);
                        p3.buffer_features = physical::format_features2(props.buffer_features);
                    }
                    next = s.p_next;
                }
            }
        }
    })
}

/// `vkGetPhysicalDeviceToolProperties`: no tools (the driver is not a layer or a tool).
pub unsafe extern "system" fn get_physical_device_tool_properties(
    pd: vk::PhysicalDevice,
    count: *mut u32,
    out: *mut vk::PhysicalDeviceToolProperties<'_>,
) -> vk::Result {
    guard(|| {
        physical(pd)?;
        // SAFETY: the caller's count and array.
        unsafe { write_array::<vk::PhysicalDeviceToolProperties<'_>>(&[], count, out) }
    })
}

pub unsafe extern "system" fn get_physical_device_sparse_image_format_properties(
    _pd: vk::PhysicalDevice,
    _format: vk::Format,
    _ty: vk::ImageType,
    _samples: vk::SampleCountFlags,
    _usage: vk::ImageUsageFlags,
    _tiling: vk::ImageTiling,
    count: *mut u32,
    _out: *mut vk::SparseImageFormatProperties,
) {
    if !count.is_null() {
        // SAFETY: the caller's count pointer.
        unsafe { *count = 0 };
    }
}

pub unsafe extern "system" fn get_physical_device_sparse_image_format_properties2(
    _pd: vk::PhysicalDevice,
    _info: *const vk::PhysicalDeviceSparseImageFormatInfo2<'_>,
    count: *mut u32,
    _out: *mut vk::SparseImageFormatProperties2<'_>,
) {
    if !count.is_null() {
        // SAFETY: the caller's count pointer.
        unsafe { *count = 0 };
    }
}

pub unsafe extern "system" fn enumerate_device_extension_properties(
    pd: vk::PhysicalDevice,
    layer: *const c_char,
    count: *mut u32,
    out: *mut vk::ExtensionProperties,
) -> vk::Result {
    guard(|| {
        physical(pd)?;
        if !layer.is_null() {
            return Err(vk::Result::ERROR_LAYER_NOT_PRESENT);
        }
        // SAFETY: the caller's output array.
        unsafe { write_array(&physical::extension_properties(physical::DEVICE_EXTENSIONS), count, out) }
    })
}

pub unsafe extern "system" fn enumerate_device_layer_properties(
    _pd: vk::PhysicalDevice,
    count: *mut u32,
    out: *mut vk::LayerProperties,
) -> vk::Result {
    // SAFETY: the caller's output array.
    guard(|| unsafe { write_array(&[], count, out) })
}

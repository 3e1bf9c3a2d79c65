//! External memory, fences and semaphores: what the device shares with other devices and
//! processes, and the queries that say so.
//!
//! * `VK_EXT_external_memory_host`: device memory imported from a host pointer
//!   (`HOST_ALLOCATION` or `HOST_MAPPED_FOREIGN_MEMORY`) is the application's bytes in
//!   place, never copied and never freed by the driver.
//! * `VK_KHR_external_memory_fd` (`OPAQUE_FD`): exportable memory lives in a shared file
//!   (`memfd`); `vkGetMemoryFdKHR` hands out a new descriptor of it, and an import maps
//!   the file, so exporter and importers — devices of this process or of another one —
//!   share the bytes.
//! * `VK_KHR_external_fence_fd` and `VK_KHR_external_semaphore_fd` (`OPAQUE_FD`): the
//!   state word of an exportable fence or semaphore lives in a shared file likewise, so an
//!   importer sees (and makes) every signal and reset of the shared payload; imports are
//!   permanent or temporary, as the specification says. Sync files (`SYNC_FD`) can be
//!   imported (temporarily, as their copy transference requires) into fences and binary
//!   semaphores: the payload is signaled once the file is readable (`-1`: at once). They
//!   cannot be exported: a sync file is a kernel object the driver cannot make.
//!
//! This module must not run commands or decide how waits work (that is `sync`).

use std::ffi::c_void;
use std::sync::Arc;

use ash::vk::{self, Handle};

use crate::device::{device, Memory};
use crate::handles::{self, find_in_chain, guard, put, OK};
use crate::memfd::{self, Content, Mapping};
use crate::sync::{self, Fence, Payload, Semaphore};

type MemoryType = vk::ExternalMemoryHandleTypeFlags;

/// The host pointer handle types (`VK_EXT_external_memory_host`).
fn host_types() -> MemoryType {
    MemoryType::HOST_ALLOCATION_EXT | MemoryType::HOST_MAPPED_FOREIGN_MEMORY_EXT
}

/// `minImportedHostPointerAlignment`: a page, as host pointers are imported in pages.
pub fn host_pointer_alignment() -> u64 {
    memfd::page_size() as u64
}

/// What the device can do with memory of external handle type `ty` (buffers and images
/// alike: both are bytes of memory in place); None when it cannot.
pub fn memory_properties(ty: MemoryType) -> Option<vk::ExternalMemoryProperties> {
    if ty == MemoryType::OPAQUE_FD {
        Some(vk::ExternalMemoryProperties {
            external_memory_features: vk::ExternalMemoryFeatureFlags::EXPORTABLE
                | vk::ExternalMemoryFeatureFlags::IMPORTABLE,
            export_from_imported_handle_types: MemoryType::OPAQUE_FD,
            compatible_handle_types: MemoryType::OPAQUE_FD,
        })
    } else if ty == MemoryType::HOST_ALLOCATION_EXT || ty == MemoryType::HOST_MAPPED_FOREIGN_MEMORY_EXT {
        Some(vk::ExternalMemoryProperties {
            external_memory_features: vk::ExternalMemoryFeatureFlags::IMPORTABLE,
            export_from_imported_handle_types: MemoryType::empty(),
            compatible_handle_types: ty,
        })
    } else {
        None
    }
}

/// The error code of a failure of the system to make or map a shared file.
pub fn system_error(e: memfd::Error) -> vk::Result {
    match e {
        memfd::Error::Foreign(m) => {
            handles::log(&m);
            vk::Result::ERROR_INVALID_EXTERNAL_HANDLE
        }
        memfd::Error::System(m) => {
            handles::log(&m);
            vk::Result::ERROR_OUT_OF_HOST_MEMORY
        }
    }
}

/// The memory `vkAllocateMemory` makes for an import or an exportable allocation
/// (`VkImportMemoryHostPointerInfoEXT`, `VkImportMemoryFdInfoKHR`,
/// `VkExportMemoryAllocateInfo`); None for plain memory.
///
/// # Safety
/// `info`'s chain must be valid.
pub unsafe fn allocation(info: &vk::MemoryAllocateInfo<'_>) -> Result<Option<Memory>, vk::Result> {
    let size = info.allocation_size;
    // SAFETY: the caller's chain; each structure is read as the type its sType names.
    unsafe {
        if let Some(s) = find_in_chain(info.p_next, vk::StructureType::IMPORT_MEMORY_HOST_POINTER_INFO_EXT) {
            let i = &*(s as *const vk::ImportMemoryHostPointerInfoEXT<'_>);
            if !i.handle_type.is_empty() {
                return import_host(i, size).map(Some);
            }
        }
        if let Some(s) = find_in_chain(info.p_next, vk::StructureType::IMPORT_MEMORY_FD_INFO_KHR) {
            let i = &*(s as *const vk::ImportMemoryFdInfoKHR<'_>);
            if !i.handle_type.is_empty() {
                if i.handle_type != MemoryType::OPAQUE_FD {
                    handles::log(&format!("vkAllocateMemory: memory handle type {:?} is not supported", i.handle_type));
                    return Err(vk::Result::ERROR_INVALID_EXTERNAL_HANDLE);
                }
                let mapping = Mapping::import(Content::Memory, i.fd, size).map_err(system_error)?;
                return Ok(Some(Memory::shared(mapping, size)));
            }
        }
        if let Some(s) = find_in_chain(info.p_next, vk::StructureType::EXPORT_MEMORY_ALLOCATE_INFO) {
            let e = &*(s as *const vk::ExportMemoryAllocateInfo<'_>);
            if e.handle_types.is_empty() {
                return Ok(None);
            }
            if e.handle_types != MemoryType::OPAQUE_FD {
                handles::log(&format!("vkAllocateMemory: memory cannot be exported as {:?}", e.handle_types));
                return Err(vk::Result::ERROR_INVALID_EXTERNAL_HANDLE);
            }
            let mapping = Mapping::create(Content::Memory, size).map_err(|e| match e {
                memfd::Error::System(m) => {
                    handles::log(&format!("vkAllocateMemory: {m}"));
                    vk::Result::ERROR_OUT_OF_DEVICE_MEMORY
                }
                e => system_error(e),
            })?;
            return Ok(Some(Memory::shared(mapping, size)));
        }
    }
    Ok(None)
}

/// Memory that is the application's bytes at a host pointer.
fn import_host(i: &vk::ImportMemoryHostPointerInfoEXT<'_>, size: u64) -> Result<Memory, vk::Result> {
    if !host_types().contains(i.handle_type) || i.handle_type.as_raw().count_ones() != 1 {
        handles::log(&format!("vkAllocateMemory: {:?} is not a host pointer handle type", i.handle_type));
        return Err(vk::Result::ERROR_INVALID_EXTERNAL_HANDLE);
    }
    let align = host_pointer_alignment();
    let p = i.p_host_pointer as u64;
    if p == 0 || !p.is_multiple_of(align) || !size.is_multiple_of(align) {
        handles::log(&format!(
            "vkAllocateMemory: a host pointer {p:#x} of {size} bytes is not aligned to {align} bytes \
             (minImportedHostPointerAlignment)"
        ));
        return Err(vk::Result::ERROR_INVALID_EXTERNAL_HANDLE);
    }
    Ok(Memory::host(i.p_host_pointer as *mut u8, size))
}

pub unsafe extern "system" fn get_memory_host_pointer_properties(
    raw: vk::Device,
    ty: MemoryType,
    pointer: *const c_void,
    out: *mut vk::MemoryHostPointerPropertiesEXT<'_>,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        if !host_types().contains(ty) || ty.as_raw().count_ones() != 1 {
            handles::log(&format!("vkGetMemoryHostPointerPropertiesEXT: {ty:?} is not a host pointer handle type"));
            return Err(vk::Result::ERROR_INVALID_EXTERNAL_HANDLE);
        }
        if pointer.is_null() || !(pointer as u64).is_multiple_of(host_pointer_alignment()) {
            handles::log("vkGetMemoryHostPointerPropertiesEXT: the pointer is not aligned to a page");
            return Err(vk::Result::ERROR_INVALID_EXTERNAL_HANDLE);
        }
        // SAFETY: the caller's output structure.
        let out = unsafe { out.as_mut() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        out.memory_type_bits = 1;
        OK
    })
}

pub unsafe extern "system" fn get_memory_fd(
    raw: vk::Device,
    info: *const vk::MemoryGetFdInfoKHR<'_>,
    fd: *mut i32,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let m = handles::get::<Memory>(info.memory.as_raw())?;
        let Some(file) = m.file().filter(|_| info.handle_type == MemoryType::OPAQUE_FD) else {
            handles::log(&format!(
                "vkGetMemoryFdKHR: the memory was not allocated exportable as {:?} (VkExportMemoryAllocateInfo)",
                info.handle_type
            ));
            return Err(vk::Result::ERROR_UNKNOWN);
        };
        let new = file.export().map_err(|_| vk::Result::ERROR_TOO_MANY_OBJECTS)?;
        // SAFETY: the caller's output pointer.
        unsafe { put(fd, new) }
    })
}

/// `vkGetMemoryFdPropertiesKHR`: only for handle types other than `OPAQUE_FD` (the
/// specification's rule), and the device has none.
pub unsafe extern "system" fn get_memory_fd_properties(
    raw: vk::Device,
    ty: MemoryType,
    _fd: i32,
    _out: *mut vk::MemoryFdPropertiesKHR<'_>,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        handles::log(&format!("vkGetMemoryFdPropertiesKHR: handle type {ty:?} is not supported"));
        Err(vk::Result::ERROR_INVALID_EXTERNAL_HANDLE)
    })
}

/// Whether a fence create info asks for an exportable fence (`OPAQUE_FD`).
///
/// # Safety
/// `info`'s chain must be valid.
pub unsafe fn fence_exportable(info: &vk::FenceCreateInfo<'_>) -> Result<bool, vk::Result> {
    // SAFETY: the caller's chain; the structure its sType names.
    let types = unsafe {
        find_in_chain(info.p_next, vk::StructureType::EXPORT_FENCE_CREATE_INFO)
            .map(|s| (*(s as *const vk::ExportFenceCreateInfo<'_>)).handle_types)
    };
    match types {
        None => Ok(false),
        Some(t) if t.is_empty() => Ok(false),
        Some(t) if t == vk::ExternalFenceHandleTypeFlags::OPAQUE_FD => Ok(true),
        Some(t) => {
            handles::log(&format!("vkCreateFence: fences cannot be exported as {t:?}"));
            Err(vk::Result::ERROR_UNKNOWN)
        }
    }
}

/// Whether a semaphore create info asks for an exportable semaphore (`OPAQUE_FD`).
///
/// # Safety
/// `info`'s chain must be valid.
pub unsafe fn semaphore_exportable(info: &vk::SemaphoreCreateInfo<'_>) -> Result<bool, vk::Result> {
    // SAFETY: the caller's chain; the structure its sType names.
    let types = unsafe {
        find_in_chain(info.p_next, vk::StructureType::EXPORT_SEMAPHORE_CREATE_INFO)
            .map(|s| (*(s as *const vk::ExportSemaphoreCreateInfo<'_>)).handle_types)
    };
    match types {
        None => Ok(false),
        Some(t) if t.is_empty() => Ok(false),
        Some(t) if t == vk::ExternalSemaphoreHandleTypeFlags::OPAQUE_FD => Ok(true),
        Some(t) => {
            handles::log(&format!("vkCreateSemaphore: semaphores cannot be exported as {t:?}"));
            Err(vk::Result::ERROR_UNKNOWN)
        }
    }
}

/// The content of the shared file of a semaphore's payload.
pub fn semaphore_content(timeline: bool) -> Content {
    if timeline {
        Content::TimelineSemaphore
    } else {
        Content::BinarySemaphore
    }
}

/// The payload of sync file `fd` (`-1`: one already signaled), imported by `command`;
/// sync files are copied, so only a temporary import is allowed.
fn sync_file(command: &str, fd: i32, temporary: bool) -> Result<Payload, vk::Result> {
    if !temporary {
        handles::log(&format!("{command}: a sync file is imported temporarily only (the TEMPORARY flag)"));
        return Err(vk::Result::ERROR_INVALID_EXTERNAL_HANDLE);
    }
    if fd == -1 {
        return Ok(Payload::sync_file(None));
    }
    let fd = memfd::import_sync_file(fd).map_err(system_error)?;
    Ok(Payload::sync_file(Some(fd)))
}

/// A new descriptor of `payload`'s shared file, for `command`.
fn export(payload: &Payload, command: &str, fd: *mut i32) -> Result<vk::Result, vk::Result> {
    let Some(file) = payload.file() else {
        handles::log(&format!("{command}: the object was not created exportable as OPAQUE_FD"));
        return Err(vk::Result::ERROR_UNKNOWN);
    };
    let new = file.export().map_err(|_| vk::Result::ERROR_TOO_MANY_OBJECTS)?;
    // SAFETY: the caller's output pointer.
    unsafe { put(fd, new) }
}

pub unsafe extern "system" fn get_fence_fd(
    raw: vk::Device,
    info: *const vk::FenceGetFdInfoKHR<'_>,
    fd: *mut i32,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let f = handles::get::<Fence>(info.fence.as_raw())?;
        if info.handle_type != vk::ExternalFenceHandleTypeFlags::OPAQUE_FD {
            handles::log(&format!("vkGetFenceFdKHR: fence handle type {:?} is not supported", info.handle_type));
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        export(&f.payload(), "vkGetFenceFdKHR", fd)
    })
}

pub unsafe extern "system" fn import_fence_fd(
    raw: vk::Device,
    info: *const vk::ImportFenceFdInfoKHR<'_>,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let f = handles::get::<Fence>(info.fence.as_raw())?;
        let temporary = info.flags.contains(vk::FenceImportFlags::TEMPORARY);
        let payload = match info.handle_type {
            vk::ExternalFenceHandleTypeFlags::OPAQUE_FD => {
                let mapping = Mapping::import(Content::Fence, info.fd, 8).map_err(system_error)?;
                Payload::imported(Content::Fence, mapping)
            }
            vk::ExternalFenceHandleTypeFlags::SYNC_FD => sync_file("vkImportFenceFdKHR", info.fd, temporary)?,
            t => {
                handles::log(&format!("vkImportFenceFdKHR: fence handle type {t:?} is not supported"));
                return Err(vk::Result::ERROR_INVALID_EXTERNAL_HANDLE);
            }
        };
        let payload = Arc::new(payload);
        sync::change(|| {
            let mut p = f.payloads();
            if temporary {
                p.temporary = Some(payload);
            } else {
                p.permanent = payload;
                p.temporary = None;
            }
        });
        OK
    })
}

pub unsafe extern "system" fn get_semaphore_fd(
    raw: vk::Device,
    info: *const vk::SemaphoreGetFdInfoKHR<'_>,
    fd: *mut i32,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let s = handles::get::<Semaphore>(info.semaphore.as_raw())?;
        if info.handle_type != vk::ExternalSemaphoreHandleTypeFlags::OPAQUE_FD {
            handles::log(&format!(
                "vkGetSemaphoreFdKHR: semaphore handle type {:?} is not supported",
                info.handle_type
            ));
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        export(&s.payload(), "vkGetSemaphoreFdKHR", fd)
    })
}

pub unsafe extern "system" fn import_semaphore_fd(
    raw: vk::Device,
    info: *const vk::ImportSemaphoreFdInfoKHR<'_>,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let s = handles::get::<Semaphore>(info.semaphore.as_raw())?;
        let temporary = info.flags.contains(vk::SemaphoreImportFlags::TEMPORARY);
        if temporary && s.timeline {
            handles::log("vkImportSemaphoreFdKHR: a timeline semaphore's payload cannot be imported temporarily");
            return Err(vk::Result::ERROR_INVALID_EXTERNAL_HANDLE);
        }
        let payload = match info.handle_type {
            vk::ExternalSemaphoreHandleTypeFlags::OPAQUE_FD => {
                // The file names its semaphore type: a payload of the other type is refused.
                let content = semaphore_content(s.timeline);
                let mapping = Mapping::import(content, info.fd, 8).map_err(system_error)?;
                Payload::imported(content, mapping)
            }
            vk::ExternalSemaphoreHandleTypeFlags::SYNC_FD if !s.timeline => {
                sync_file("vkImportSemaphoreFdKHR", info.fd, temporary)?
            }
            t => {
                handles::log(&format!("vkImportSemaphoreFdKHR: semaphore handle type {t:?} is not supported here"));
                return Err(vk::Result::ERROR_INVALID_EXTERNAL_HANDLE);
            }
        };
        let payload = Arc::new(payload);
        sync::change(|| {
            let mut p = s.payloads();
            if temporary {
                p.temporary = Some(payload);
            } else {
                p.permanent = payload;
                p.temporary = None;
            }
        });
        OK
    })
}

pub unsafe extern "system" fn get_physical_device_external_buffer_properties(
    pd: vk::PhysicalDevice,
    info: *const vk::PhysicalDeviceExternalBufferInfo<'_>,
    out: *mut vk::ExternalBufferProperties<'_>,
) {
    handles::guard_void(|| {
        // SAFETY: the caller's info and output structure.
        let (Ok(_), Some(info), Some(out)) =
            (crate::instance::physical(pd), unsafe { info.as_ref() }, unsafe { out.as_mut() })
        else {
            return;
        };
        // Sparse buffers do not exist on the device.
        let sparse = info.flags.intersects(
            vk::BufferCreateFlags::SPARSE_BINDING
                | vk::BufferCreateFlags::SPARSE_RESIDENCY
                | vk::BufferCreateFlags::SPARSE_ALIASED,
        );
        out.external_memory_properties =
            if sparse { None } else { memory_properties(info.handle_type) }.unwrap_or_default();
    })
}

pub unsafe extern "system" fn get_physical_device_external_fence_properties(
    pd: vk::PhysicalDevice,
    info: *const vk::PhysicalDeviceExternalFenceInfo<'_>,
    out: *mut vk::ExternalFenceProperties<'_>,
) {
    handles::guard_void(|| {
        // SAFETY: the caller's info and output structure.
        let (Ok(_), Some(info), Some(out)) =
            (crate::instance::physical(pd), unsafe { info.as_ref() }, unsafe { out.as_mut() })
        else {
            return;
        };
        use vk::ExternalFenceFeatureFlags as F;
        use vk::ExternalFenceHandleTypeFlags as T;
        let t = info.handle_type;
        let (features, export_from) = match t {
            T::OPAQUE_FD => (F::EXPORTABLE | F::IMPORTABLE, T::OPAQUE_FD),
            T::SYNC_FD => (F::IMPORTABLE, T::empty()),
            _ => (F::empty(), T::empty()),
        };
        out.export_from_imported_handle_types = export_from;
        out.compatible_handle_types = if features.is_empty() { T::empty() } else { t };
        out.external_fence_features = features;
    })
}

pub unsafe extern "system" fn get_physical_device_external_semaphore_properties(
    pd: vk::PhysicalDevice,
    info: *const vk::PhysicalDeviceExternalSemaphoreInfo<'_>,
    out: *mut vk::ExternalSemaphoreProperties<'_>,
) {
    handles::guard_void(|| {
        // SAFETY: the caller's info and output structure.
        let (Ok(_), Some(info), Some(out)) =
            (crate::instance::physical(pd), unsafe { info.as_ref() }, unsafe { out.as_mut() })
        else {
            return;
        };
        use vk::ExternalSemaphoreFeatureFlags as F;
        use vk::ExternalSemaphoreHandleTypeFlags as T;
        // A `VkSemaphoreTypeCreateInfo` may say the semaphore is a timeline one.
        // SAFETY: the caller's chain; the structure its sType names.
        let timeline = unsafe {
            find_in_chain(info.p_next, vk::StructureType::SEMAPHORE_TYPE_CREATE_INFO).is_some_and(|s| {
                (*(s as *const vk::SemaphoreTypeCreateInfo<'_>)).semaphore_type == vk::SemaphoreType::TIMELINE
            })
        };
        let t = info.handle_type;
        let (features, export_from) = match t {
            T::OPAQUE_FD => (F::EXPORTABLE | F::IMPORTABLE, T::OPAQUE_FD),
            // Sync files are binary payloads.
            T::SYNC_FD if !timeline => (F::IMPORTABLE, T::empty()),
            _ => (F::empty(), T::empty()),
        };
        out.export_from_imported_handle_types = export_from;
        out.compatible_handle_types = if features.is_empty() { T::empty() } else { t };
        out.external_semaphore_features = features;
    })
}

/// `VkPhysicalDeviceExternalMemoryHostPropertiesEXT`.
pub fn memory_host_properties() -> vk::PhysicalDeviceExternalMemoryHostPropertiesEXT<'static> {
    vk::PhysicalDeviceExternalMemoryHostPropertiesEXT {
        min_imported_host_pointer_alignment: host_pointer_alignment(),
        ..Default::default()
    }
}

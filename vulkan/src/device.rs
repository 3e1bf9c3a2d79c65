//! The logical device, its queues, device memory and buffers.
//!
//! Device memory is host memory: an allocation is one zeroed, 64-byte-aligned block that
//! `vkMapMemory` hands out in place (zero-copy) and kernels read and write in place — the
//! driver's own block, the application's (an imported host pointer) or a shared file
//! (exportable or imported memory; `external` makes those). A
//! buffer is a (memory, offset, size) window; it keeps its memory alive, so freeing memory
//! that a buffer still uses cannot leave the buffer dangling. This module must not run
//! commands (that is `execute`).

use std::alloc::Layout;
use std::ffi::c_void;
use std::sync::{Arc, Mutex, OnceLock, Weak};

use ash::vk::{self, Handle};

use crate::handles::{self, guard, guard_value, guard_void, put, slice, OK};
use crate::instance;
use crate::physical;

/// A logical device.
pub struct Device {
    pub state: Arc<DeviceState>,
    /// Its version and extensions, and its instance's (what `vkGetDeviceProcAddr` returns).
    pub enabled: crate::icd::Enabled,
    pub instance_enabled: Arc<crate::icd::Enabled>,
    /// Queue handles, `[index]` of the one family.
    queues: Vec<u64>,
}

/// What a device's queues and commands need of it.
pub struct DeviceState {
    /// Robust buffer access (or null descriptors, which the driver makes with it) was
    /// enabled: out-of-bounds accesses are dropped, not errors.
    pub robust: bool,
    /// A command failed: the device is lost (every later submission fails).
    pub lost: std::sync::atomic::AtomicBool,
    /// Every allocation made with a device address, for kernels that reach memory through
    /// addresses (`VK_KHR_buffer_device_address`).
    addressable: Mutex<Vec<Weak<Memory>>>,
    /// The time limit, shutdown and messengers its queues share.
    pub sync: crate::sync::DeviceSync,
}

impl Device {
    /// The device's queues.
    pub fn queue_objects(&self) -> Vec<Arc<Queue>> {
        self.queues.iter().filter_map(|&q| handles::dispatchable::<Queue>(q)).collect()
    }
}

impl DeviceState {
    /// The live allocations that have device addresses.
    pub fn addressable_memory(&self) -> Vec<Arc<Memory>> {
        let mut list = self.addressable.lock().unwrap_or_else(|e| e.into_inner());
        list.retain(|w| w.strong_count() > 0);
        list.iter().filter_map(Weak::upgrade).collect()
    }
}

/// A queue: submissions to it run one at a time, in order, on its worker thread.
pub struct Queue {
    pub device: Arc<DeviceState>,
    pub worker: Arc<crate::queue::Worker>,
}

/// One block of device memory.
pub struct Memory {
    ptr: *mut u8,
    size: u64,
    backing: Backing,
}

/// Where the bytes of a [`Memory`] come from, and so what freeing it does.
enum Backing {
    /// The driver's own block, freed with this layout.
    Heap(Layout),
    /// The application's (`VK_EXT_external_memory_host`): never freed by the driver.
    Host,
    /// A shared file (`VK_KHR_external_memory_fd`, `OPAQUE_FD`): exportable, and shared
    /// with every importer.
    Shared(crate::memfd::Mapping),
}

// SAFETY: `Memory` owns its block (or borrows the application's for its lifetime, as
// Vulkan requires); the raw pointer is only a handle to it. Access to the bytes is
// synchronized by the application, as Vulkan requires (see `execute` for the rule the
// driver itself follows when it makes slices of it).
unsafe impl Send for Memory {}
// SAFETY: as above.
unsafe impl Sync for Memory {}

impl Memory {
    fn new(size: u64) -> Option<Memory> {
        let layout =
            Layout::from_size_align(usize::try_from(size.max(1)).ok()?, physical::MEMORY_ALIGNMENT as usize).ok()?;
        // SAFETY: `layout` has a non-zero size.
        let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
        (!ptr.is_null()).then_some(Memory { ptr, size, backing: Backing::Heap(layout) })
    }

    /// Memory that is the application's `size` bytes at `ptr`.
    pub(crate) fn host(ptr: *mut u8, size: u64) -> Memory {
        Memory { ptr, size, backing: Backing::Host }
    }

    /// Memory that is the first `size` bytes of a shared file's mapping.
    pub(crate) fn shared(mapping: crate::memfd::Mapping, size: u64) -> Memory {
        Memory { ptr: mapping.ptr(), size, backing: Backing::Shared(mapping) }
    }

    /// The shared file of exportable or imported file memory.
    pub(crate) fn file(&self) -> Option<&crate::memfd::Mapping> {
        match &self.backing {
            Backing::Shared(m) => Some(m),
            _ => None,
        }
    }

    /// Bytes of the allocation.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The address of the first byte.
    pub fn base(&self) -> *mut u8 {
        self.ptr
    }
}

impl Drop for Memory {
    fn drop(&mut self) {
        if let Backing::Heap(layout) = self.backing {
            // SAFETY: allocated in `Memory::new` with this layout, freed once.
            unsafe { std::alloc::dealloc(self.ptr, layout) }
        }
        // Host memory is the application's; a shared mapping unmaps itself.
    }
}

/// A buffer: a window of `size` bytes into memory once bound.
pub struct Buffer {
    pub size: u64,
    bound: OnceLock<(Arc<Memory>, u64)>,
}

impl Buffer {
    /// The memory and offset the buffer is bound to.
    pub fn memory(&self) -> Option<&(Arc<Memory>, u64)> {
        self.bound.get()
    }

    /// The memory, and the byte range in it, of `[offset, offset + len)` of this buffer
    /// (`len` `VK_WHOLE_SIZE`: to the end), checked to lie inside the buffer.
    pub fn range(&self, offset: u64, len: u64) -> Result<(Arc<Memory>, u64, u64), String> {
        let Some((memory, at)) = self.bound.get() else {
            return Err("a buffer with no memory bound".to_string());
        };
        let len = if len == vk::WHOLE_SIZE { self.size.saturating_sub(offset) } else { len };
        match offset.checked_add(len) {
            Some(end) if end <= self.size => Ok((memory.clone(), at + offset, len)),
            _ => Err(format!("range {offset} + {len} is outside a buffer of {} bytes", self.size)),
        }
    }
}

pub(crate) fn device(raw: vk::Device) -> Result<Arc<Device>, vk::Result> {
    handles::get_dispatchable::<Device>(raw.as_raw())
}

pub unsafe extern "system" fn create_device(
    pd: vk::PhysicalDevice,
    info: *const vk::DeviceCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Device,
) -> vk::Result {
    guard(|| {
        let physical_device = instance::physical(pd)?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_INITIALIZATION_FAILED)?;
        // SAFETY: the caller's arrays.
        let extensions = unsafe {
            instance::check_extensions(
                info.pp_enabled_extension_names,
                info.enabled_extension_count,
                physical::DEVICE_EXTENSIONS,
            )?
        };
        let instance_enabled = physical_device.instance_enabled.clone();
        let minor = instance_enabled.minor.min(instance::api_minor(physical::API_VERSION));
        let enabled = crate::icd::Enabled { minor, extensions };
        // SAFETY: the caller's queue create infos.
        let queue_infos = unsafe { slice(info.p_queue_create_infos, info.queue_create_info_count)? };
        let mut queue_count = 0;
        for q in queue_infos {
            if q.queue_family_index != 0 || q.queue_count == 0 || q.queue_count > physical::QUEUE_COUNT {
                handles::log("vkCreateDevice: the device has one queue family (0) of 4 queues");
                return Err(vk::Result::ERROR_INITIALIZATION_FAILED);
            }
            queue_count = q.queue_count;
        }
        // SAFETY: the caller's features, in `pEnabledFeatures` or a chained
        // VkPhysicalDeviceFeatures2.
        let robust = unsafe { robust_enabled(info) };
        let sync = crate::sync::DeviceSync::new(physical_device.messengers.clone());
        let state =
            Arc::new(DeviceState { robust, lost: Default::default(), addressable: Mutex::new(Vec::new()), sync });
        let queues: Vec<u64> = (0..queue_count)
            .map(|_| {
                let worker = Arc::new(crate::queue::Worker::new(state.clone()));
                handles::new_dispatchable(Arc::new(Queue { device: state.clone(), worker }), 0)
            })
            .collect();
        let raw = handles::new_dispatchable(Arc::new(Device { state, enabled, instance_enabled, queues }), 0);
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::Device::from_raw(raw)) }
    })
}

/// Whether `info` enables `robustBufferAccess` (in `pEnabledFeatures` or a chained
/// `VkPhysicalDeviceFeatures2`), `robustImageAccess` (Vulkan 1.3, `VK_EXT_image_robustness`:
/// out-of-bounds image reads give zero and writes are dropped, which robust kernels do),
/// `robustBufferAccess2` or `nullDescriptor` (`VK_EXT_robustness2`): the driver's robust access is the stricter
/// `robustBufferAccess2` behaviour either way, and a null descriptor is an empty buffer
/// under it.
///
/// # Safety
/// `info` and its chain must be valid.
unsafe fn robust_enabled(info: &vk::DeviceCreateInfo<'_>) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        if info.p_enabled_features.as_ref().is_some_and(|f| f.robust_buffer_access == vk::TRUE) {
            return true;
        }
        let mut next = info.p_next as *const vk::BaseInStructure<'_>;
        while let Some(s) = next.as_ref() {
            if s.s_type == vk::StructureType::PHYSICAL_DEVICE_FEATURES_2 {
                let f = &*(next as *const vk::PhysicalDeviceFeatures2<'_>);
                if f.features.robust_buffer_access == vk::TRUE {
                    return true;
                }
            }
            if s.s_type == vk::StructureType::PHYSICAL_DEVICE_VULKAN_1_3_FEATURES {
                let f = &*(next as *const vk::PhysicalDeviceVulkan13Features<'_>);
                if f.robust_image_access == vk::TRUE {
                    return true;
                }
            }
            if s.s_type == vk::StructureType::PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES {
                let f = &*(next as *const vk::PhysicalDeviceImageRobustnessFeatures<'_>);
                if f.robust_image_access == vk::TRUE {
                    return true;
                }
            }
            if s.s_type == vk::StructureType::PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT {
                let f = &*(next as *const vk::PhysicalDeviceRobustness2FeaturesEXT<'_>);
                if f.robust_buffer_access2 == vk::TRUE || f.null_descriptor == vk::TRUE {
                    return true;
                }
            }
            next = s.p_next;
        }
    }
    false
}

pub unsafe extern "system" fn destroy_device(raw: vk::Device, _alloc: *const vk::AllocationCallbacks<'_>) {
    guard_void(|| {
        if let Some(d) = handles::free_dispatchable::<Device>(raw.as_raw()) {
            // Stop the queues' workers first (Vulkan requires the device to be idle; if it
            // is not, waits end and running dispatches are cancelled).
            crate::queue::stop_workers(&d);
            for &q in &d.queues {
                handles::free_dispatchable::<Queue>(q);
            }
            handles::free_owned_by(raw.as_raw());
        }
    })
}

pub unsafe extern "system" fn get_device_queue(raw: vk::Device, family: u32, index: u32, out: *mut vk::Queue) {
    guard_void(|| {
        let Ok(d) = device(raw) else { return };
        let q = match d.queues.get(index as usize) {
            Some(&q) if family == 0 => q,
            _ => {
                handles::log(&format!("vkGetDeviceQueue: no queue {index} in family {family}"));
                0
            }
        };
        // SAFETY: the caller's output pointer.
        let _ = unsafe { put(out, vk::Queue::from_raw(q)) };
    })
}

pub unsafe extern "system" fn get_device_queue2(
    raw: vk::Device,
    info: *const vk::DeviceQueueInfo2<'_>,
    out: *mut vk::Queue,
) {
    // SAFETY: the caller's info.
    if let Some(info) = unsafe { info.as_ref() } {
        // SAFETY: forwarded.
        unsafe { get_device_queue(raw, info.queue_family_index, info.queue_index, out) }
    }
}

pub unsafe extern "system" fn allocate_memory(
    raw: vk::Device,
    info: *const vk::MemoryAllocateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::DeviceMemory,
) -> vk::Result {
    guard(|| {
        let d = device(raw)?;
        // SAFETY: the caller's allocate info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        if info.memory_type_index != 0 {
            handles::log(&format!("vkAllocateMemory: memory type {} does not exist", info.memory_type_index));
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        if info.allocation_size > physical::MAX_ALLOCATION {
            return Err(vk::Result::ERROR_OUT_OF_DEVICE_MEMORY);
        }
        // SAFETY: the caller's chain.
        let memory = match unsafe { crate::external::allocation(info)? } {
            Some(m) => Arc::new(m),
            None => Arc::new(Memory::new(info.allocation_size).ok_or(vk::Result::ERROR_OUT_OF_DEVICE_MEMORY)?),
        };
        d.state.addressable.lock().unwrap_or_else(|e| e.into_inner()).push(Arc::downgrade(&memory));
        let id = handles::new_object(memory, raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::DeviceMemory::from_raw(id)) }
    })
}

pub unsafe extern "system" fn free_memory(
    _raw: vk::Device,
    memory: vk::DeviceMemory,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<Memory>(memory.as_raw());
    })
}

pub unsafe extern "system" fn map_memory(
    _raw: vk::Device,
    memory: vk::DeviceMemory,
    offset: u64,
    size: u64,
    _flags: vk::MemoryMapFlags,
    out: *mut *mut c_void,
) -> vk::Result {
    guard(|| {
        let m = handles::get::<Memory>(memory.as_raw())?;
        let in_range =
            offset <= m.size && (size == vk::WHOLE_SIZE || offset.checked_add(size).is_some_and(|e| e <= m.size));
        if !in_range {
            handles::log(&format!("vkMapMemory: range {offset} + {size} is outside {} bytes", m.size));
            return Err(vk::Result::ERROR_MEMORY_MAP_FAILED);
        }
        // SAFETY: `offset <= size` of the block, so the pointer is inside it or one past it.
        let p = unsafe { m.ptr.add(offset as usize) };
        // SAFETY: the caller's output pointer.
        unsafe { put(out, p as *mut c_void) }
    })
}

pub unsafe extern "system" fn unmap_memory(_raw: vk::Device, _memory: vk::DeviceMemory) {}

pub unsafe extern "system" fn flush_ranges(
    _raw: vk::Device,
    _count: u32,
    _ranges: *const vk::MappedMemoryRange<'_>,
) -> vk::Result {
    // Memory is coherent: nothing to flush or invalidate.
    vk::Result::SUCCESS
}

pub unsafe extern "system" fn get_device_memory_commitment(_raw: vk::Device, memory: vk::DeviceMemory, out: *mut u64) {
    guard_void(|| {
        if let Ok(m) = handles::get::<Memory>(memory.as_raw()) {
            // SAFETY: the caller's output pointer.
            let _ = unsafe { put(out, m.size) };
        }
    })
}

pub unsafe extern "system" fn create_buffer(
    raw: vk::Device,
    info: *const vk::BufferCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Buffer,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        if info.flags.contains(vk::BufferCreateFlags::SPARSE_BINDING) {
            handles::log("vkCreateBuffer: sparse buffers are not supported");
            return Err(vk::Result::ERROR_FEATURE_NOT_PRESENT);
        }
        let id = handles::new_object(Arc::new(Buffer { size: info.size, bound: OnceLock::new() }), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::Buffer::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_buffer(
    _raw: vk::Device,
    buffer: vk::Buffer,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<Buffer>(buffer.as_raw());
    })
}

/// Write `r` into `out` and answer a chained `VkMemoryDedicatedRequirements` (no
/// dedicated allocation preferred or required: every resource lives in plain memory).
///
/// # Safety
/// `out` must be a valid `VkMemoryRequirements2` whose chain is valid.
pub(crate) unsafe fn put_requirements2(out: *mut vk::MemoryRequirements2<'_>, r: vk::MemoryRequirements) {
    // SAFETY: the caller's contract.
    unsafe {
        (*out).memory_requirements = r;
        let mut next = (*out).p_next as *mut vk::BaseOutStructure<'_>;
        while let Some(s) = next.as_mut() {
            if s.s_type == vk::StructureType::MEMORY_DEDICATED_REQUIREMENTS {
                let d = &mut *(next as *mut vk::MemoryDedicatedRequirements<'_>);
                d.prefers_dedicated_allocation = vk::FALSE;
                d.requires_dedicated_allocation = vk::FALSE;
            }
            next = s.p_next;
        }
    }
}

/// The memory requirements of a buffer of `size` bytes.
fn size_requirements(size: u64) -> vk::MemoryRequirements {
    vk::MemoryRequirements { size: size.max(1), alignment: 16, memory_type_bits: 1 }
}

fn buffer_requirements(buffer: vk::Buffer) -> Result<vk::MemoryRequirements, vk::Result> {
    Ok(size_requirements(handles::get::<Buffer>(buffer.as_raw())?.size))
}

/// `vkGetDeviceBufferMemoryRequirements` (maintenance4): what a buffer created with the
/// info would report, without creating it.
pub unsafe extern "system" fn get_device_buffer_memory_requirements(
    _raw: vk::Device,
    info: *const vk::DeviceBufferMemoryRequirements<'_>,
    out: *mut vk::MemoryRequirements2<'_>,
) {
    guard_void(|| {
        // SAFETY: the caller's info (with its create info) and output structure (and its chain).
        unsafe {
            let (Some(create), false) = (info.as_ref().and_then(|i| i.p_create_info.as_ref()), out.is_null()) else {
                return;
            };
            put_requirements2(out, size_requirements(create.size));
        }
    })
}

pub unsafe extern "system" fn get_buffer_memory_requirements(
    _raw: vk::Device,
    buffer: vk::Buffer,
    out: *mut vk::MemoryRequirements,
) {
    guard_void(|| {
        if let Ok(r) = buffer_requirements(buffer) {
            // SAFETY: the caller's output pointer.
            let _ = unsafe { put(out, r) };
        }
    })
}

pub unsafe extern "system" fn get_buffer_memory_requirements2(
    _raw: vk::Device,
    info: *const vk::BufferMemoryRequirementsInfo2<'_>,
    out: *mut vk::MemoryRequirements2<'_>,
) {
    guard_void(|| {
        // SAFETY: the caller's info and output structure (and its chain).
        unsafe {
            let (Some(info), false) = (info.as_ref(), out.is_null()) else { return };
            let Ok(r) = buffer_requirements(info.buffer) else { return };
            put_requirements2(out, r);
        }
    })
}

fn bind_buffer(buffer: vk::Buffer, memory: vk::DeviceMemory, offset: u64) -> Result<(), vk::Result> {
    let b = handles::get::<Buffer>(buffer.as_raw())?;
    bind_memory("vkBindBufferMemory", "buffer", &b.bound, b.size, memory, offset)
}

/// Bind `size` bytes of a resource (`what`, for messages of `command`) whose binding is
/// `bound` to `memory` at `offset`: they must fit, and a resource is bound once.
pub(crate) fn bind_memory(
    command: &str,
    what: &str,
    bound: &OnceLock<(Arc<Memory>, u64)>,
    size: u64,
    memory: vk::DeviceMemory,
    offset: u64,
) -> Result<(), vk::Result> {
    let m = handles::get::<Memory>(memory.as_raw())?;
    if offset.checked_add(size).is_none_or(|end| end > m.size) {
        handles::log(&format!("{command}: {size} bytes at {offset} do not fit {} bytes of memory", m.size));
        return Err(vk::Result::ERROR_UNKNOWN);
    }
    if bound.set((m, offset)).is_err() {
        handles::log(&format!("{command}: the {what} is already bound"));
        return Err(vk::Result::ERROR_UNKNOWN);
    }
    Ok(())
}

pub unsafe extern "system" fn bind_buffer_memory(
    _raw: vk::Device,
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    offset: u64,
) -> vk::Result {
    guard(|| bind_buffer(buffer, memory, offset).map(|()| vk::Result::SUCCESS))
}

pub unsafe extern "system" fn bind_buffer_memory2(
    _raw: vk::Device,
    count: u32,
    infos: *const vk::BindBufferMemoryInfo<'_>,
) -> vk::Result {
    guard(|| {
        // SAFETY: the caller's array.
        for i in unsafe { slice(infos, count)? } {
            bind_buffer(i.buffer, i.memory, i.memory_offset)?;
        }
        OK
    })
}

pub unsafe extern "system" fn get_buffer_device_address(
    _raw: vk::Device,
    info: *const vk::BufferDeviceAddressInfo<'_>,
) -> vk::DeviceAddress {
    guard_value(0, || {
        // SAFETY: the caller's info.
        let Some(info) = (unsafe { info.as_ref() }) else { return 0 };
        match handles::get::<Buffer>(info.buffer.as_raw()).ok().as_deref().and_then(Buffer::memory) {
            Some((m, offset)) => m.ptr as u64 + offset,
            None => 0,
        }
    })
}

/// `vkGetBufferOpaqueCaptureAddress`: 0, as capture and replay of addresses
/// (`bufferDeviceAddressCaptureReplay`) is not offered.
pub unsafe extern "system" fn get_buffer_opaque_capture_address(
    _raw: vk::Device,
    _info: *const vk::BufferDeviceAddressInfo<'_>,
) -> u64 {
    0
}

/// `vkGetDeviceMemoryOpaqueCaptureAddress`: 0, as above.
pub unsafe extern "system" fn get_device_memory_opaque_capture_address(
    _raw: vk::Device,
    _info: *const vk::DeviceMemoryOpaqueCaptureAddressInfo<'_>,
) -> u64 {
    0
}

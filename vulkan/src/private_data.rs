//! Private data (Vulkan 1.3 core, `VK_EXT_private_data`): slots, and one 64-bit value per
//! (slot, object) that the application sets and reads back.
//!
//! A slot is a non-dispatchable handle like any other. The values live with the objects
//! in the handle registry (`handles::set_private`), so they go when the object is
//! destroyed and a handle that is not a live object of the driver is refused (set) or
//! reads 0 (get) — never dereferenced. Dispatchable objects are named by their pointer
//! value, non-dispatchable ones by their 64-bit id, as the application passes them.
//! `VkDevicePrivateDataCreateInfo` (slots reserved at device creation) needs nothing:
//! slots cost nothing to make. This module must not know any object's contents.

use std::sync::Arc;

use ash::vk::{self, Handle};

use crate::device::device;
use crate::handles::{self, guard, guard_void, put, OK};

/// A private data slot (no state of its own: the values are kept with the objects).
pub struct PrivateDataSlot;

/// Whether objects of `ty` have dispatchable handles.
fn dispatchable(ty: vk::ObjectType) -> bool {
    matches!(
        ty,
        vk::ObjectType::INSTANCE
            | vk::ObjectType::PHYSICAL_DEVICE
            | vk::ObjectType::DEVICE
            | vk::ObjectType::QUEUE
            | vk::ObjectType::COMMAND_BUFFER
    )
}

pub unsafe extern "system" fn create_private_data_slot(
    raw: vk::Device,
    info: *const vk::PrivateDataSlotCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::PrivateDataSlot,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        if info.is_null() {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        let id = handles::new_object(Arc::new(PrivateDataSlot), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::PrivateDataSlot::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_private_data_slot(
    _raw: vk::Device,
    slot: vk::PrivateDataSlot,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        if handles::free_object::<PrivateDataSlot>(slot.as_raw()).is_some() {
            handles::forget_private_slot(slot.as_raw());
        }
    })
}

pub unsafe extern "system" fn set_private_data(
    raw: vk::Device,
    object_type: vk::ObjectType,
    object: u64,
    slot: vk::PrivateDataSlot,
    data: u64,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        handles::get::<PrivateDataSlot>(slot.as_raw())?;
        if !handles::set_private(dispatchable(object_type), object, slot.as_raw(), data) {
            handles::log(&format!("vkSetPrivateData: {object:#x} is not a live {object_type:?} of the driver"));
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        OK
    })
}

pub unsafe extern "system" fn get_private_data(
    _raw: vk::Device,
    object_type: vk::ObjectType,
    object: u64,
    slot: vk::PrivateDataSlot,
    out: *mut u64,
) {
    guard_void(|| {
        let value = handles::get_private(dispatchable(object_type), object, slot.as_raw());
        // SAFETY: the caller's output pointer.
        let _ = unsafe { put(out, value) };
    })
}

//! `VK_EXT_debug_utils`: the instance's messengers, through which the driver tells the
//! application why the device was lost (besides stderr), and the object-naming and label
//! commands, which the driver accepts and ignores.
//!
//! The loader implements the extension too: it forwards `vkCreateDebugUtilsMessengerEXT`
//! to every driver that offers the extension, with the application's create info, so the
//! driver calls the application's callback itself. Messengers chained to
//! `VkInstanceCreateInfo` hear about instance creation only. This module must not know
//! about devices or queues; others call [`Messengers::send`].

use std::ffi::{c_void, CString};
use std::sync::{Arc, Mutex, Weak};

use ash::vk::{self, Handle};

use crate::handles::{self, guard, guard_void, put};

/// One messenger: what it wants to hear and its callback.
#[derive(Clone, Copy)]
struct Messenger {
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    types: vk::DebugUtilsMessageTypeFlagsEXT,
    callback: vk::PFN_vkDebugUtilsMessengerCallbackEXT,
    user_data: usize,
}

impl Messenger {
    fn from_info(info: &vk::DebugUtilsMessengerCreateInfoEXT<'_>) -> Messenger {
        Messenger {
            severity: info.message_severity,
            types: info.message_type,
            callback: info.pfn_user_callback,
            user_data: info.p_user_data as usize,
        }
    }

    fn send(
        &self,
        severity: vk::DebugUtilsMessageSeverityFlagsEXT,
        types: vk::DebugUtilsMessageTypeFlagsEXT,
        data: &vk::DebugUtilsMessengerCallbackDataEXT<'_>,
    ) {
        let (Some(f), true) = (self.callback, self.severity.intersects(severity) && self.types.intersects(types))
        else {
            return;
        };
        // SAFETY: the application's callback with the arguments its type names; `data` and
        // its strings live for the call.
        unsafe { f(severity, types, data, self.user_data as *mut c_void) };
    }
}

/// The messengers of one instance.
#[derive(Default)]
pub struct Messengers {
    list: Mutex<Vec<(u64, Messenger)>>,
}

impl Messengers {
    /// Send a message to every messenger that listens to its severity and type.
    pub fn send(
        &self,
        severity: vk::DebugUtilsMessageSeverityFlagsEXT,
        types: vk::DebugUtilsMessageTypeFlagsEXT,
        id_name: &str,
        message: &str,
    ) {
        let listeners: Vec<Messenger> =
            self.list.lock().unwrap_or_else(|e| e.into_inner()).iter().map(|(_, m)| *m).collect();
        send_to(&listeners, severity, types, id_name, message);
    }
}

fn send_to(
    listeners: &[Messenger],
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    types: vk::DebugUtilsMessageTypeFlagsEXT,
    id_name: &str,
    message: &str,
) {
    if listeners.is_empty() {
        return;
    }
    let id = CString::new(id_name.replace('\0', " ")).unwrap_or_default();
    let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
    let data = vk::DebugUtilsMessengerCallbackDataEXT {
        p_message_id_name: id.as_ptr(),
        p_message: text.as_ptr(),
        ..Default::default()
    };
    for m in listeners {
        m.send(severity, types, &data);
    }
}

/// The messengers chained to a create info (`VkInstanceCreateInfo.pNext`).
///
/// # Safety
/// `next` must be a valid `pNext` chain.
pub unsafe fn chained(mut next: *const c_void) -> Vec<vk::DebugUtilsMessengerCreateInfoEXT<'static>> {
    let mut out = Vec::new();
    // SAFETY: the caller's contract; each struct is read as the type its sType names.
    unsafe {
        while let Some(s) = (next as *const vk::BaseInStructure<'_>).as_ref() {
            if s.s_type == vk::StructureType::DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT {
                let m = *(next as *const vk::DebugUtilsMessengerCreateInfoEXT<'_>);
                out.push(vk::DebugUtilsMessengerCreateInfoEXT { p_next: std::ptr::null(), ..m });
            }
            next = s.p_next as *const c_void;
        }
    }
    out
}

/// Send an error about instance creation to the messengers chained to its create info.
pub fn creation_error(chain: &[vk::DebugUtilsMessengerCreateInfoEXT<'_>], message: &str) {
    let listeners: Vec<Messenger> = chain.iter().map(Messenger::from_info).collect();
    let general = vk::DebugUtilsMessageTypeFlagsEXT::GENERAL;
    send_to(&listeners, vk::DebugUtilsMessageSeverityFlagsEXT::ERROR, general, "spirjit-instance", message);
}

/// A messenger handle: which instance's list holds it.
struct MessengerHandle {
    owner: Weak<Messengers>,
}

pub unsafe extern "system" fn create_debug_utils_messenger(
    instance: vk::Instance,
    info: *const vk::DebugUtilsMessengerCreateInfoEXT<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::DebugUtilsMessengerEXT,
) -> vk::Result {
    guard(|| {
        let i = handles::get_dispatchable::<crate::instance::Instance>(instance.as_raw())?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let id = handles::new_object(Arc::new(MessengerHandle { owner: Arc::downgrade(&i.messengers) }), 0);
        i.messengers.list.lock().unwrap_or_else(|e| e.into_inner()).push((id, Messenger::from_info(info)));
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::DebugUtilsMessengerEXT::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_debug_utils_messenger(
    _instance: vk::Instance,
    messenger: vk::DebugUtilsMessengerEXT,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        let id = messenger.as_raw();
        if let Some(owner) = handles::free_object::<MessengerHandle>(id).and_then(|h| h.owner.upgrade()) {
            owner.list.lock().unwrap_or_else(|e| e.into_inner()).retain(|(m, _)| *m != id);
        }
    })
}

pub unsafe extern "system" fn submit_debug_utils_message(
    instance: vk::Instance,
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    types: vk::DebugUtilsMessageTypeFlagsEXT,
    data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
) {
    guard_void(|| {
        let Ok(i) = handles::get_dispatchable::<crate::instance::Instance>(instance.as_raw()) else { return };
        // SAFETY: the caller's callback data.
        let Some(data) = (unsafe { data.as_ref() }) else { return };
        let listeners: Vec<Messenger> =
            i.messengers.list.lock().unwrap_or_else(|e| e.into_inner()).iter().map(|(_, m)| *m).collect();
        for m in &listeners {
            m.send(severity, types, data);
        }
    })
}

pub unsafe extern "system" fn set_debug_utils_object_name(
    _device: vk::Device,
    _info: *const vk::DebugUtilsObjectNameInfoEXT<'_>,
) -> vk::Result {
    // Names are accepted and not kept: the driver's messages do not name objects.
    vk::Result::SUCCESS
}

pub unsafe extern "system" fn set_debug_utils_object_tag(
    _device: vk::Device,
    _info: *const vk::DebugUtilsObjectTagInfoEXT<'_>,
) -> vk::Result {
    vk::Result::SUCCESS
}

pub unsafe extern "system" fn queue_begin_label(_queue: vk::Queue, _label: *const vk::DebugUtilsLabelEXT<'_>) {}

pub unsafe extern "system" fn queue_end_label(_queue: vk::Queue) {}

pub unsafe extern "system" fn queue_insert_label(_queue: vk::Queue, _label: *const vk::DebugUtilsLabelEXT<'_>) {}

pub unsafe extern "system" fn cmd_begin_label(_cb: vk::CommandBuffer, _label: *const vk::DebugUtilsLabelEXT<'_>) {}

pub unsafe extern "system" fn cmd_end_label(_cb: vk::CommandBuffer) {}

pub unsafe extern "system" fn cmd_insert_label(_cb: vk::CommandBuffer, _label: *const vk::DebugUtilsLabelEXT<'_>) {}

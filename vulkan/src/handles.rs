//! Handles: how the driver's objects are named to the application and the loader, and the
//! guard every entry point runs in.
//!
//! Dispatchable handles (instance, physical device, device, queue, command buffer) are
//! pointers to a one-word [`LoaderWord`] the loader owns (set to `ICD_LOADER_MAGIC` at
//! creation, then overwritten with the loader's dispatch table). Non-dispatchable handles
//! are 64-bit ids, never reused. Both are looked up in a registry that holds the object
//! itself (`Arc<T>`), so a wrong, foreign or destroyed handle is an error
//! ([`vk::Result::ERROR_UNKNOWN`] or the caller's choice), never a dereference of memory
//! the driver does not own. This module must not know any Vulkan object's contents.

use std::any::Any;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use ash::vk;

/// What the loader expects in the first word of a dispatchable object at creation.
pub const ICD_LOADER_MAGIC: usize = 0x01CD_C0DE;

/// The memory a dispatchable handle points at: one word, the loader's.
#[repr(C)]
pub struct LoaderWord {
    loader_data: usize,
}

type Object = Arc<dyn Any + Send + Sync>;

struct Entry {
    object: Object,
    /// The dispatchable handle of the device that made it (0: none), so destroying a device
    /// releases what the application left behind.
    owner: u64,
    /// Private data (`VK_EXT_private_data`): (slot id, value), freed with the object.
    private: Vec<(u64, u64)>,
}

#[derive(Default)]
struct Registry {
    /// Dispatchable objects by address of their loader word.
    dispatchable: HashMap<u64, Entry>,
    /// Non-dispatchable objects by id.
    objects: HashMap<u64, Entry>,
}

fn registry() -> MutexGuard<'static, Registry> {
    static REGISTRY: OnceLock<Mutex<Registry>> = OnceLock::new();
    // A panic while the registry is locked cannot leave it inconsistent (every change is
    // one map operation), so a poisoned lock is still usable.
    REGISTRY.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// Make a dispatchable object: returns the handle value (a pointer to a fresh loader word).
pub fn new_dispatchable<T: Any + Send + Sync>(object: Arc<T>, owner: u64) -> u64 {
    let word = Box::into_raw(Box::new(LoaderWord { loader_data: ICD_LOADER_MAGIC })) as u64;
    registry().dispatchable.insert(word, Entry { object, owner, private: Vec::new() });
    word
}

/// The object behind dispatchable handle `raw`, if it is a live one of type `T`.
pub fn dispatchable<T: Any + Send + Sync>(raw: u64) -> Option<Arc<T>> {
    let object = registry().dispatchable.get(&raw)?.object.clone();
    object.downcast::<T>().ok()
}

/// Destroy dispatchable handle `raw` (if it is a live `T`), returning its object.
pub fn free_dispatchable<T: Any + Send + Sync>(raw: u64) -> Option<Arc<T>> {
    let mut reg = registry();
    if !reg.dispatchable.get(&raw)?.object.is::<T>() {
        return None;
    }
    let entry = reg.dispatchable.remove(&raw)?;
    // SAFETY: `raw` was made by `Box::into_raw` in `new_dispatchable` and was still in the
    // registry, so it has not been freed; it is removed now, so it is freed once.
    drop(unsafe { Box::from_raw(raw as *mut LoaderWord) });
    entry.object.downcast::<T>().ok()
}

/// Make a non-dispatchable object owned by device `owner`; returns its handle value.
pub fn new_object<T: Any + Send + Sync>(object: Arc<T>, owner: u64) -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    registry().objects.insert(id, Entry { object, owner, private: Vec::new() });
    id
}

/// The object behind non-dispatchable handle `id`, if it is a live `T`.
pub fn object<T: Any + Send + Sync>(id: u64) -> Option<Arc<T>> {
    let object = registry().objects.get(&id)?.object.clone();
    object.downcast::<T>().ok()
}

/// Destroy non-dispatchable handle `id` (if it is a live `T`), returning its object.
pub fn free_object<T: Any + Send + Sync>(id: u64) -> Option<Arc<T>> {
    let mut reg = registry();
    if !reg.objects.get(&id)?.object.is::<T>() {
        return None;
    }
    reg.objects.remove(&id)?.object.downcast::<T>().ok()
}

/// Store private data `value` of `slot` on the live object `handle` (dispatchable or
/// not); false when there is no such object.
pub fn set_private(dispatchable: bool, handle: u64, slot: u64, value: u64) -> bool {
    let mut reg = registry();
    let map = if dispatchable { &mut reg.dispatchable } else { &mut reg.objects };
    let Some(entry) = map.get_mut(&handle) else { return false };
    match entry.private.iter_mut().find(|(s, _)| *s == slot) {
        Some(kept) => kept.1 = value,
        None => entry.private.push((slot, value)),
    }
    true
}

/// The private data of `slot` on object `handle` (0 when none was set or no such object).
pub fn get_private(dispatchable: bool, handle: u64, slot: u64) -> u64 {
    let reg = registry();
    let map = if dispatchable { &reg.dispatchable } else { &reg.objects };
    map.get(&handle).and_then(|e| e.private.iter().find(|(s, _)| *s == slot)).map_or(0, |(_, v)| *v)
}

/// Forget every object's private data of `slot` (the slot is destroyed).
pub fn forget_private_slot(slot: u64) {
    let mut reg = registry();
    let reg = &mut *reg;
    for e in reg.dispatchable.values_mut().chain(reg.objects.values_mut()) {
        e.private.retain(|(s, _)| *s != slot);
    }
}

/// Release every object device `owner` made that is still alive (at `vkDestroyDevice`).
pub fn free_owned_by(owner: u64) {
    let mut reg = registry();
    reg.objects.retain(|_, e| e.owner != owner);
    let words: Vec<u64> = reg.dispatchable.iter().filter(|(_, e)| e.owner == owner).map(|(k, _)| *k).collect();
    for w in words {
        reg.dispatchable.remove(&w);
        // SAFETY: as in `free_dispatchable`: a live word made by `new_dispatchable`,
        // removed from the registry before it is freed.
        drop(unsafe { Box::from_raw(w as *mut LoaderWord) });
    }
}

/// Look a handle up or fail with `ERROR_UNKNOWN` (a wrong or destroyed handle).
pub fn get<T: Any + Send + Sync>(id: u64) -> Result<Arc<T>, vk::Result> {
    object(id).ok_or_else(|| bad_handle::<T>(id))
}

/// Look a dispatchable handle up or fail with `ERROR_UNKNOWN`.
pub fn get_dispatchable<T: Any + Send + Sync>(raw: u64) -> Result<Arc<T>, vk::Result> {
    dispatchable(raw).ok_or_else(|| bad_handle::<T>(raw))
}

fn bad_handle<T>(raw: u64) -> vk::Result {
    let kind = std::any::type_name::<T>().rsplit("::").next().unwrap_or("object");
    log(&format!("invalid or destroyed {kind} handle {raw:#x}"));
    vk::Result::ERROR_UNKNOWN
}

/// Report a problem the application should know about (stderr; `SPIRJIT_VK_QUIET` silences it).
pub fn log(message: &str) {
    if std::env::var_os("SPIRJIT_VK_QUIET").is_none() {
        eprintln!("spirjit-vulkan: {message}");
    }
}

/// Run an entry point's body: its error becomes the return code, and a panic becomes
/// `ERROR_UNKNOWN` instead of unwinding into C.
pub fn guard(f: impl FnOnce() -> Result<vk::Result, vk::Result>) -> vk::Result {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(r)) | Ok(Err(r)) => r,
        Err(payload) => {
            log(&format!("internal error (a spirjit bug): {}", panic_text(&payload)));
            vk::Result::ERROR_UNKNOWN
        }
    }
}

/// Run the body of an entry point that returns nothing; a panic is logged and swallowed.
pub fn guard_void(f: impl FnOnce()) {
    if let Err(payload) = catch_unwind(AssertUnwindSafe(f)) {
        log(&format!("internal error (a spirjit bug): {}", panic_text(&payload)));
    }
}

/// Run the body of an entry point that returns a value; a panic gives `fallback`.
pub fn guard_value<R>(fallback: R, f: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            log(&format!("internal error (a spirjit bug): {}", panic_text(&payload)));
            fallback
        }
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

/// `SUCCESS`, for the end of an entry point's body.
pub const OK: Result<vk::Result, vk::Result> = Ok(vk::Result::SUCCESS);

/// A slice from a (pointer, count) pair of the API; a null pointer with count 0 is empty.
///
/// # Safety
/// `ptr` must point at `count` valid `T`s (the API's contract with the caller).
pub unsafe fn slice<'a, T>(ptr: *const T, count: u32) -> Result<&'a [T], vk::Result> {
    if count == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        log("a null array pointer with a non-zero count");
        return Err(vk::Result::ERROR_UNKNOWN);
    }
    // SAFETY: the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr, count as usize) })
}

/// Write `items` to an output array in the API's two-call style: a null `out` asks for the
/// count; otherwise up to `*count` are written and `INCOMPLETE` says some did not fit.
///
/// # Safety
/// `count` must be valid; `out`, when not null, must have room for `*count` items.
pub unsafe fn write_array<T: Copy>(items: &[T], count: *mut u32, out: *mut T) -> Result<vk::Result, vk::Result> {
    if count.is_null() {
        return Err(vk::Result::ERROR_UNKNOWN);
    }
    // SAFETY: the caller's contract.
    unsafe {
        if out.is_null() {
            *count = items.len() as u32;
            return OK;
        }
        let n = (*count as usize).min(items.len());
        std::ptr::copy_nonoverlapping(items.as_ptr(), out, n);
        *count = n as u32;
        Ok(if n < items.len() { vk::Result::INCOMPLETE } else { vk::Result::SUCCESS })
    }
}

/// Store `value` through an output pointer.
///
/// # Safety
/// `out` must be null or valid for a write of `T`.
pub unsafe fn put<T>(out: *mut T, value: T) -> Result<vk::Result, vk::Result> {
    if out.is_null() {
        log("a null output pointer");
        return Err(vk::Result::ERROR_UNKNOWN);
    }
    // SAFETY: the caller's contract.
    unsafe { out.write(value) };
    OK
}

/// The structure of type `ty` in the input chain `next`.
///
/// # Safety
/// `next` must be null or a valid input chain.
pub unsafe fn find_in_chain(
    mut next: *const std::ffi::c_void,
    ty: vk::StructureType,
) -> Option<*const vk::BaseInStructure<'static>> {
    // SAFETY: the caller's contract.
    while let Some(s) = unsafe { (next as *const vk::BaseInStructure<'_>).as_ref() } {
        if s.s_type == ty {
            return Some(next as *const vk::BaseInStructure<'static>);
        }
        next = s.p_next as *const std::ffi::c_void;
    }
    None
}

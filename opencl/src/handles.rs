//! Handles: how the platform's objects are named to the application and the ICD loader.
//!
//! Every handle is a pointer to an [`Obj`], whose first field is the address of the ICD
//! dispatch table (the loader reads it to route each call). An `Obj` lives in an `Arc`;
//! the application's reference count (`clRetain*`/`clRelease*`) holds one strong
//! reference while it is above zero, and other objects hold their own (a kernel keeps its
//! program, a buffer its context, a command its memory), so an object lives as long as
//! anything uses it, as OpenCL defines. Handles are looked up in a registry of weak
//! references: a wrong, foreign or deleted handle is a `CL_INVALID_*` error, never a
//! dereference of memory the platform does not own. This module must not know any
//! object's contents.

use std::any::Any;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, Weak};

use crate::api::{ClError, ClResult, Handle};

/// One object as the application sees it.
#[repr(C)]
pub struct Obj<T> {
    /// The ICD dispatch table; must stay the first field.
    dispatch: *const c_void,
    /// The application's reference count.
    refs: AtomicU32,
    /// The strong reference the application's count holds while it is above zero.
    keep: Mutex<Option<Arc<Obj<T>>>>,
    /// The object itself.
    pub v: T,
}

// SAFETY: `dispatch` points at the immutable static dispatch table; everything else is
// `Send + Sync` when `T` is.
unsafe impl<T: Send + Sync> Send for Obj<T> {}
// SAFETY: as above.
unsafe impl<T: Send + Sync> Sync for Obj<T> {}

type Entry = Weak<dyn Any + Send + Sync>;

fn registry() -> MutexGuard<'static, HashMap<usize, Entry>> {
    static REGISTRY: OnceLock<Mutex<HashMap<usize, Entry>>> = OnceLock::new();
    // Every change is one map operation, so a poisoned lock is still consistent.
    REGISTRY.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// Lock `m`, ignoring poisoning (objects stay consistent: a panic is an internal error
/// already reported, and state changes are single assignments).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl<T: Send + Sync + 'static> Obj<T> {
    /// Make an object with an application reference count of 1.
    pub fn new(v: T) -> Arc<Obj<T>> {
        let obj = Arc::new(Obj {
            dispatch: crate::icd::dispatch_table(),
            refs: AtomicU32::new(1),
            keep: Mutex::new(None),
            v,
        });
        *lock(&obj.keep) = Some(obj.clone());
        let weak: Weak<Obj<T>> = Arc::downgrade(&obj);
        registry().insert(Arc::as_ptr(&obj) as usize, weak);
        obj
    }

    /// The handle naming `obj`.
    pub fn handle(obj: &Arc<Obj<T>>) -> Handle {
        Arc::as_ptr(obj) as Handle
    }

    /// Make an object and return its handle (the object lives on through the
    /// application's reference).
    pub fn create(v: T) -> Handle {
        Obj::handle(&Obj::new(v))
    }

    /// The live object of type `T` behind `handle`, or `error` (`CL_INVALID_CONTEXT`, ...).
    pub fn get(handle: Handle, error: i32, what: &str) -> ClResult<Arc<Obj<T>>> {
        let bad = || ClError::new(error, format!("{what} {handle:p} is not a valid {what} (released, or not one)"));
        if handle.is_null() {
            return Err(ClError::new(error, format!("the {what} is null")));
        }
        let weak = registry().get(&(handle as usize)).cloned().ok_or_else(bad)?;
        let any = weak.upgrade().ok_or_else(bad)?;
        any.downcast::<Obj<T>>().map_err(|_| bad())
    }

    /// `clRetain*`.
    pub fn retain(obj: &Arc<Obj<T>>) {
        if obj.refs.fetch_add(1, Ordering::AcqRel) == 0 {
            *lock(&obj.keep) = Some(obj.clone());
        }
    }

    /// `clRelease*`: `error` when the application holds no reference.
    pub fn release(obj: &Arc<Obj<T>>, error: i32, what: &str) -> ClResult<()> {
        let prev = obj.refs.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1));
        match prev {
            Err(_) => Err(ClError::new(error, format!("the {what} was already released"))),
            Ok(1) => {
                // Dropped after the lock is released: the drop may delete the object,
                // which unregisters it.
                let kept = lock(&obj.keep).take();
                drop(kept);
                Ok(())
            }
            Ok(_) => Ok(()),
        }
    }

    /// The application's reference count (`CL_*_REFERENCE_COUNT`).
    pub fn ref_count(&self) -> u32 {
        self.refs.load(Ordering::Acquire)
    }
}

impl<T> Drop for Obj<T> {
    fn drop(&mut self) {
        let key = self as *const Obj<T> as usize;
        let mut reg = registry();
        // Only this object's entry: a dead weak reference (a new object cannot have this
        // address before the memory is freed, which happens after this drop).
        if reg.get(&key).is_some_and(|w| w.strong_count() == 0) {
            reg.remove(&key);
        }
    }
}

/// Objects that live for the whole process (the platform and its device): never deleted.
pub fn leak<T: Send + Sync + 'static>(v: T) -> &'static Arc<Obj<T>> {
    Box::leak(Box::new(Obj::new(v)))
}

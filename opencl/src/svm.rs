//! Shared virtual memory, coarse-grained buffers: `clSVMAlloc`/`clSVMFree`, the SVM
//! enqueue commands (free, memcpy, fill, map, unmap, migrate) and the lookup kernels use
//! to reach an SVM pointer argument. Host and device share memory, so map and unmap only
//! order commands. This module must not know kernels.

use std::collections::BTreeMap;
use std::ffi::c_void;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use crate::api::{self, cl_int, cl_uint, ClError, ClResult, Handle};
use crate::context;
use crate::handles::lock;
use crate::memory::Storage;
use crate::platform;
use crate::queue;
use crate::tables::*;

fn allocations() -> MutexGuard<'static, BTreeMap<usize, Arc<Storage>>> {
    static A: OnceLock<Mutex<BTreeMap<usize, Arc<Storage>>>> = OnceLock::new();
    lock(A.get_or_init(Default::default))
}

/// The SVM allocation containing `addr`, if any.
pub fn storage_containing(addr: usize) -> Option<Arc<Storage>> {
    if addr == 0 {
        return None;
    }
    let a = allocations();
    let (start, s) = a.range(..=addr).next_back()?;
    (addr < start + s.len().max(1)).then(|| s.clone())
}

/// The SVM allocation containing `addr` and the offset of `addr` in it.
pub fn locate(addr: usize) -> Option<(Arc<Storage>, usize)> {
    let s = storage_containing(addr)?;
    let off = addr - s.ptr() as usize;
    Some((s, off))
}

pub(crate) unsafe extern "C" fn svm_alloc(c: Handle, flags: u64, size: usize, alignment: cl_uint) -> *mut c_void {
    let mut code = 0;
    api::create("clSVMAlloc", &mut code, || {
        context::get(c)?;
        let known = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
        if flags & !known != 0 {
            return Err(ClError::value(
                "fine-grained SVM (CL_MEM_SVM_FINE_GRAIN_BUFFER / ATOMICS) is not supported; the device offers coarse-grained SVM",
            ));
        }
        if size == 0 || size as u64 > platform::max_alloc() {
            return Err(ClError::value(format!("an SVM allocation of {size} bytes")));
        }
        if alignment != 0 && (!alignment.is_power_of_two() || alignment as usize > 4096) {
            return Err(ClError::value(format!("alignment {alignment}")));
        }
        // Storage alignment is BASE_ALIGN; larger alignments get a larger allocation.
        let s = if (alignment as usize) <= platform::BASE_ALIGN {
            Storage::alloc(size)?
        } else {
            let outer = Arc::new(Storage::alloc(size + alignment as usize)?);
            let base = outer.ptr() as usize;
            let aligned = (base + alignment as usize - 1) & !(alignment as usize - 1);
            // SAFETY: inside `outer`, which the new storage keeps alive.
            unsafe { Storage::borrowed(aligned as *mut u8, size, Some(outer)) }
        };
        let p = s.ptr();
        allocations().insert(p as usize, Arc::new(s));
        Ok(p as *mut c_void)
    })
}

fn free(ptr: *mut c_void) {
    let removed = allocations().remove(&(ptr as usize));
    drop(removed);
}

pub(crate) unsafe extern "C" fn svm_free(c: Handle, ptr: *mut c_void) {
    api::void("clSVMFree", || {
        if context::get(c).is_ok() && !ptr.is_null() {
            free(ptr);
        }
    })
}

/// `void (*)(cl_command_queue, cl_uint, void *[], void *user_data)`.
type FreeFn = unsafe extern "C" fn(Handle, cl_uint, *mut *mut c_void, *mut c_void);

pub(crate) unsafe extern "C" fn enqueue_svm_free(
    queue: Handle,
    n: cl_uint,
    pointers: *mut *mut c_void,
    f: Option<FreeFn>,
    user: *mut c_void,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueSVMFree", || {
        // SAFETY: the caller's pointer list.
        let list: Vec<usize> =
            unsafe { api::slice(pointers, n as usize, "svm_pointers") }?.iter().map(|p| *p as usize).collect();
        let user = user as usize;
        let list_ptr = pointers as usize;
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, CL_COMMAND_SVM_FREE, false, n_wait, wait, out, |q| {
                let qh = crate::handles::Obj::handle(q) as usize;
                Ok(Box::new(move || {
                    match f {
                        // SAFETY: the application's callback with its own arguments.
                        Some(f) => f(qh as Handle, n, list_ptr as *mut *mut c_void, user as *mut c_void),
                        None => list.iter().for_each(|p| free(*p as *mut c_void)),
                    }
                    Ok(())
                }))
            })
        }
    })
}

/// Check that `[ptr, ptr + len)` is host memory the application vouches for: an SVM
/// allocation's range when `ptr` is in one (checked), else any host memory.
fn check_svm_range(ptr: usize, len: usize, what: &str) -> ClResult<()> {
    if ptr == 0 {
        return Err(ClError::value(format!("{what} is null")));
    }
    if let Some((s, off)) = locate(ptr) {
        if off + len > s.len() {
            return Err(ClError::value(format!("{what}: {len} bytes run past the end of its SVM allocation")));
        }
    }
    Ok(())
}

pub(crate) unsafe extern "C" fn enqueue_svm_memcpy(
    queue: Handle,
    blocking: cl_uint,
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueSVMMemcpy", || {
        check_svm_range(dst as usize, size, "dst_ptr")?;
        check_svm_range(src as usize, size, "src_ptr")?;
        let (d, s) = (dst as usize, src as usize);
        if d < s + size && s < d + size {
            return Err(ClError::new(CL_MEM_COPY_OVERLAP, "source and destination overlap"));
        }
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, CL_COMMAND_SVM_MEMCPY, blocking != 0, n_wait, wait, out, |_| {
                Ok(Box::new(move || {
                    // SAFETY: both ranges are the application's memory of `size` bytes
                    // (checked against SVM allocations), not overlapping.
                    std::ptr::copy_nonoverlapping(s as *const u8, d as *mut u8, size);
                    Ok(())
                }))
            })
        }
    })
}

pub(crate) unsafe extern "C" fn enqueue_svm_mem_fill(
    queue: Handle,
    dst: *mut c_void,
    pattern: *const c_void,
    pattern_size: usize,
    size: usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueSVMMemFill", || {
        check_svm_range(dst as usize, size, "svm_ptr")?;
        // SAFETY: the caller's pattern of `pattern_size` bytes.
        let pat = unsafe { api::slice(pattern as *const u8, pattern_size, "pattern") }?.to_vec();
        if pat.is_empty() || !pattern_size.is_power_of_two() || pattern_size > 128 || !size.is_multiple_of(pattern_size)
        {
            return Err(ClError::value("pattern_size must be 1..128, a power of two, dividing size"));
        }
        let d = dst as usize;
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, CL_COMMAND_SVM_MEMFILL, false, n_wait, wait, out, |_| {
                Ok(Box::new(move || {
                    // SAFETY: the application's memory of `size` bytes (checked above).
                    let bytes = std::slice::from_raw_parts_mut(d as *mut u8, size);
                    for chunk in bytes.chunks_mut(pat.len()) {
                        chunk.copy_from_slice(&pat[..chunk.len()]);
                    }
                    Ok(())
                }))
            })
        }
    })
}

fn order_only(
    queue: Handle,
    kind: u64,
    blocking: bool,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> ClResult<()> {
    // SAFETY: the caller's wait list and event output.
    unsafe { queue::submit(queue, kind, blocking, n_wait, wait, out, |_| Ok(Box::new(|| Ok(())))) }
}

pub(crate) unsafe extern "C" fn enqueue_svm_map(
    queue: Handle,
    blocking: cl_uint,
    _flags: u64,
    ptr: *mut c_void,
    size: usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueSVMMap", || {
        check_svm_range(ptr as usize, size, "svm_ptr")?;
        order_only(queue, CL_COMMAND_SVM_MAP, blocking != 0, n_wait, wait, out)
    })
}

pub(crate) unsafe extern "C" fn enqueue_svm_unmap(
    queue: Handle,
    ptr: *mut c_void,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueSVMUnmap", || {
        check_svm_range(ptr as usize, 0, "svm_ptr")?;
        order_only(queue, CL_COMMAND_SVM_UNMAP, false, n_wait, wait, out)
    })
}

pub(crate) unsafe extern "C" fn enqueue_svm_migrate_mem(
    queue: Handle,
    _n: cl_uint,
    _ptrs: *const *const c_void,
    _sizes: *const usize,
    _flags: u64,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueSVMMigrateMem", || order_only(queue, CL_COMMAND_SVM_MIGRATE_MEM, false, n_wait, wait, out))
}

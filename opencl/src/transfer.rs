//! Buffer commands: read, write, copy and fill (plain and `_rect`), map and unmap, and
//! migrate. Each checks its arguments when enqueued (so errors come back from the
//! `clEnqueue*` call) and copies bytes when it runs. This module must not create memory
//! objects.

use std::ffi::c_void;
use std::sync::atomic::Ordering;

use crate::api::{self, cl_int, cl_uint, ClError, ClResult, Handle};
use crate::memory::{self, M};
use crate::queue;
use crate::tables::*;

/// A pointer as a value commands can carry to the queue's thread.
#[derive(Clone, Copy)]
pub struct Addr(pub usize);

impl Addr {
    pub fn ptr(self) -> *mut u8 {
        self.0 as *mut u8
    }
}

/// `CL_INVALID_CONTEXT` unless `m` belongs to the queue's context.
pub(crate) fn same_context(q: &queue::Q, m: &M) -> ClResult<()> {
    if std::sync::Arc::ptr_eq(&q.v.context, &m.v.context) {
        Ok(())
    } else {
        Err(ClError::new(CL_INVALID_CONTEXT, "the memory object belongs to another context than the queue"))
    }
}

/// `CL_INVALID_OPERATION` when `m`'s host-access flags forbid a host read (or write).
pub(crate) fn host_can(m: &M, read: bool) -> ClResult<()> {
    let f = m.v.flags;
    let bad = f & CL_MEM_HOST_NO_ACCESS != 0
        || (read && f & CL_MEM_HOST_WRITE_ONLY != 0)
        || (!read && f & CL_MEM_HOST_READ_ONLY != 0);
    if bad {
        let what = if read { "read" } else { "write" };
        return Err(ClError::new(
            CL_INVALID_OPERATION,
            format!("the memory object's host-access flags forbid a host {what}"),
        ));
    }
    Ok(())
}

/// `clEnqueueReadBuffer` (`read`) and `clEnqueueWriteBuffer`: `size` bytes between the
/// buffer at `offset` and the host memory at `ptr` (a one-row box of the `_rect` forms).
#[allow(clippy::too_many_arguments)]
fn host_transfer(
    queue: Handle,
    buffer: Handle,
    read: bool,
    blocking: cl_uint,
    offset: usize,
    size: usize,
    ptr: *mut c_void,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> ClResult<()> {
    let m = memory::buffer(buffer)?;
    m.v.check_range(offset, size, if read { "the read" } else { "the write" })?;
    host_can(&m, read)?;
    let b = Rect { origin: [offset, 0, 0], row_pitch: size, slice_pitch: size };
    let h = Rect { origin: [0, 0, 0], row_pitch: size, slice_pitch: size };
    let kind = if read { CL_COMMAND_READ_BUFFER } else { CL_COMMAND_WRITE_BUFFER };
    // SAFETY: the caller's wait list and event output.
    unsafe { submit_host_boxes(queue, m, read, blocking, (b, h, [size, 1, 1]), ptr, kind, (n_wait, wait, out)) }
}

/// Submit the copy of `region` between box `b` of buffer `m` (checked to lie inside it)
/// and box `h` of the host memory at `ptr`, read (buffer → host) or write.
///
/// # Safety
/// `events` is the caller's wait list and event output.
#[allow(clippy::too_many_arguments)]
unsafe fn submit_host_boxes(
    queue: Handle,
    m: M,
    read: bool,
    blocking: cl_uint,
    (b, h, region): (Rect, Rect, [usize; 3]),
    ptr: *mut c_void,
    kind: u64,
    (n_wait, wait, out): (cl_uint, *const Handle, *mut Handle),
) -> ClResult<()> {
    if ptr.is_null() {
        return Err(ClError::value("ptr is null"));
    }
    let host = Addr(ptr as usize);
    // SAFETY: the caller's wait list and event output.
    unsafe {
        queue::submit(queue, kind, blocking != 0, n_wait, wait, out, |q| {
            same_context(q, &m)?;
            Ok(Box::new(move || {
                // SAFETY: the buffer box is inside the buffer (checked); the host box is
                // the application's memory (its contract); `copy_rect` allows overlap.
                if read {
                    copy_rect(m.v.base(), b, host.ptr(), h, region);
                } else {
                    copy_rect(host.ptr(), h, m.v.base(), b, region);
                }
                Ok(())
            }))
        })
    }
}

pub(crate) unsafe extern "C" fn enqueue_read_buffer(
    queue: Handle,
    buffer: Handle,
    blocking: cl_uint,
    offset: usize,
    size: usize,
    ptr: *mut c_void,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueReadBuffer", || {
        host_transfer(queue, buffer, true, blocking, offset, size, ptr, n_wait, wait, out)
    })
}

pub(crate) unsafe extern "C" fn enqueue_write_buffer(
    queue: Handle,
    buffer: Handle,
    blocking: cl_uint,
    offset: usize,
    size: usize,
    ptr: *const c_void,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueWriteBuffer", || {
        host_transfer(queue, buffer, false, blocking, offset, size, ptr as *mut c_void, n_wait, wait, out)
    })
}

fn overlap(a: &M, a_off: usize, b: &M, b_off: usize, size: usize) -> bool {
    std::sync::Arc::ptr_eq(&a.v.storage, &b.v.storage) && {
        let x = a.v.offset + a_off;
        let y = b.v.offset + b_off;
        x < y + size && y < x + size
    }
}

pub(crate) unsafe extern "C" fn enqueue_copy_buffer(
    queue: Handle,
    src: Handle,
    dst: Handle,
    src_offset: usize,
    dst_offset: usize,
    size: usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueCopyBuffer", || {
        let s = memory::buffer(src)?;
        let d = memory::buffer(dst)?;
        s.v.check_range(src_offset, size, "the copy's source")?;
        d.v.check_range(dst_offset, size, "the copy's destination")?;
        if overlap(&s, src_offset, &d, dst_offset, size) {
            return Err(ClError::new(CL_MEM_COPY_OVERLAP, "source and destination ranges overlap"));
        }
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, CL_COMMAND_COPY_BUFFER, false, n_wait, wait, out, |q| {
                same_context(q, &s)?;
                same_context(q, &d)?;
                Ok(Box::new(move || {
                    // SAFETY: both ranges inside their buffers (checked), not overlapping.
                    std::ptr::copy_nonoverlapping(s.v.base().add(src_offset), d.v.base().add(dst_offset), size);
                    Ok(())
                }))
            })
        }
    })
}

pub(crate) unsafe extern "C" fn enqueue_fill_buffer(
    queue: Handle,
    buffer: Handle,
    pattern: *const c_void,
    pattern_size: usize,
    offset: usize,
    size: usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueFillBuffer", || {
        let m = memory::buffer(buffer)?;
        m.v.check_range(offset, size, "the fill")?;
        // SAFETY: the caller's pattern.
        let pat = unsafe { api::slice(pattern as *const u8, pattern_size, "pattern") }?.to_vec();
        if pat.is_empty()
            || !pattern_size.is_power_of_two()
            || pattern_size > 128
            || !offset.is_multiple_of(pattern_size)
            || !size.is_multiple_of(pattern_size)
        {
            return Err(ClError::value("pattern_size must be a power of two up to 128 dividing both offset and size"));
        }
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, CL_COMMAND_FILL_BUFFER, false, n_wait, wait, out, |q| {
                same_context(q, &m)?;
                Ok(Box::new(move || {
                    // SAFETY: inside the buffer (checked).
                    let bytes = std::slice::from_raw_parts_mut(m.v.base().add(offset), size);
                    for chunk in bytes.chunks_mut(pat.len()) {
                        chunk.copy_from_slice(&pat[..chunk.len()]);
                    }
                    Ok(())
                }))
            })
        }
    })
}

/// A 3-D box of bytes in linear memory: origin (bytes, rows, slices) and pitches.
#[derive(Clone, Copy, Debug)]
pub struct Rect {
    pub origin: [usize; 3],
    pub row_pitch: usize,
    pub slice_pitch: usize,
}

impl Rect {
    /// From the API's pointers, with the default pitches for `region`.
    ///
    /// # Safety
    /// `origin` must point at 3 values.
    pub unsafe fn from_api(origin: *const usize, row: usize, slice: usize, region: [usize; 3]) -> ClResult<Rect> {
        // SAFETY: 3 values (the caller's contract).
        let o = unsafe { api::slice(origin, 3, "origin") }?;
        let row_pitch = if row == 0 { region[0] } else { row };
        let slice_pitch = if slice == 0 { region[1] * row_pitch } else { slice };
        if row_pitch < region[0] || slice_pitch < region[1] * row_pitch {
            return Err(ClError::value("a row or slice pitch is smaller than the region"));
        }
        if row != 0 && slice != 0 && !slice.is_multiple_of(row) {
            return Err(ClError::value("the slice pitch is not a multiple of the row pitch"));
        }
        Ok(Rect { origin: [o[0], o[1], o[2]], row_pitch, slice_pitch })
    }

    fn at(&self, x: usize, y: usize, z: usize) -> usize {
        (self.origin[2] + z) * self.slice_pitch + (self.origin[1] + y) * self.row_pitch + self.origin[0] + x
    }

    /// One past the last byte the box reaches.
    pub fn end(&self, region: [usize; 3]) -> ClResult<usize> {
        let last = |o: usize, r: usize, p: usize| o.checked_add(r - 1).and_then(|v| v.checked_mul(p));
        let e = last(self.origin[2], region[2], self.slice_pitch)
            .zip(last(self.origin[1], region[1], self.row_pitch))
            .and_then(|(a, b)| a.checked_add(b))
            .and_then(|v| v.checked_add(self.origin[0]))
            .and_then(|v| v.checked_add(region[0]));
        e.ok_or_else(|| ClError::value("the region's extent overflows"))
    }
}

/// The region from the API: three non-zero sizes.
///
/// # Safety
/// `region` must point at 3 values.
pub unsafe fn region(region: *const usize) -> ClResult<[usize; 3]> {
    // SAFETY: 3 values.
    let r = unsafe { api::slice(region, 3, "region") }?;
    if r.contains(&0) {
        return Err(ClError::value("a region size is 0"));
    }
    Ok([r[0], r[1], r[2]])
}

/// Copy a box of `region` bytes from `src` to `dst`.
///
/// # Safety
/// Both boxes must lie in memory valid for them.
pub unsafe fn copy_rect(src: *const u8, s: Rect, dst: *mut u8, d: Rect, region: [usize; 3]) {
    for z in 0..region[2] {
        for y in 0..region[1] {
            // SAFETY: inside both boxes (the caller's contract); `copy` allows overlap.
            unsafe { std::ptr::copy(src.add(s.at(0, y, z)), dst.add(d.at(0, y, z)), region[0]) };
        }
    }
}

#[allow(clippy::too_many_arguments)]
unsafe fn rect_command(
    entry: &str,
    queue: Handle,
    buffer: Handle,
    read: bool,
    blocking: cl_uint,
    buffer_origin: *const usize,
    host_origin: *const usize,
    region_ptr: *const usize,
    buffer_row: usize,
    buffer_slice: usize,
    host_row: usize,
    host_slice: usize,
    ptr: *mut c_void,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status(entry, || {
        let m = memory::buffer(buffer)?;
        host_can(&m, read)?;
        // SAFETY: the caller's 3-value arrays.
        let region = unsafe { region(region_ptr) }?;
        // SAFETY: as above.
        let b = unsafe { Rect::from_api(buffer_origin, buffer_row, buffer_slice, region) }?;
        // SAFETY: as above.
        let h = unsafe { Rect::from_api(host_origin, host_row, host_slice, region) }?;
        if b.end(region)? > m.v.size {
            return Err(ClError::value("the buffer region runs past the end of the buffer"));
        }
        h.end(region)?;
        let kind = if read { CL_COMMAND_READ_BUFFER_RECT } else { CL_COMMAND_WRITE_BUFFER_RECT };
        // SAFETY: the caller's wait list and event output.
        unsafe { submit_host_boxes(queue, m, read, blocking, (b, h, region), ptr, kind, (n_wait, wait, out)) }
    })
}

pub(crate) unsafe extern "C" fn enqueue_read_buffer_rect(
    queue: Handle,
    buffer: Handle,
    blocking: cl_uint,
    buffer_origin: *const usize,
    host_origin: *const usize,
    region: *const usize,
    buffer_row: usize,
    buffer_slice: usize,
    host_row: usize,
    host_slice: usize,
    ptr: *mut c_void,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    // SAFETY: forwarded with the caller's contract.
    unsafe {
        rect_command(
            "clEnqueueReadBufferRect",
            queue,
            buffer,
            true,
            blocking,
            buffer_origin,
            host_origin,
            region,
            buffer_row,
            buffer_slice,
            host_row,
            host_slice,
            ptr,
            n_wait,
            wait,
            out,
        )
    }
}

pub(crate) unsafe extern "C" fn enqueue_write_buffer_rect(
    queue: Handle,
    buffer: Handle,
    blocking: cl_uint,
    buffer_origin: *const usize,
    host_origin: *const usize,
    region: *const usize,
    buffer_row: usize,
    buffer_slice: usize,
    host_row: usize,
    host_slice: usize,
    ptr: *const c_void,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    // SAFETY: forwarded with the caller's contract.
    unsafe {
        rect_command(
            "clEnqueueWriteBufferRect",
            queue,
            buffer,
            false,
            blocking,
            buffer_origin,
            host_origin,
            region,
            buffer_row,
            buffer_slice,
            host_row,
            host_slice,
            ptr as *mut c_void,
            n_wait,
            wait,
            out,
        )
    }
}

pub(crate) unsafe extern "C" fn enqueue_copy_buffer_rect(
    queue: Handle,
    src: Handle,
    dst: Handle,
    src_origin: *const usize,
    dst_origin: *const usize,
    region_ptr: *const usize,
    src_row: usize,
    src_slice: usize,
    dst_row: usize,
    dst_slice: usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueCopyBufferRect", || {
        let s = memory::buffer(src)?;
        let d = memory::buffer(dst)?;
        // SAFETY: the caller's 3-value arrays.
        let region = unsafe { region(region_ptr) }?;
        // SAFETY: as above.
        let sr = unsafe { Rect::from_api(src_origin, src_row, src_slice, region) }?;
        // SAFETY: as above.
        let dr = unsafe { Rect::from_api(dst_origin, dst_row, dst_slice, region) }?;
        let (s_end, d_end) = (sr.end(region)?, dr.end(region)?);
        if s_end > s.v.size || d_end > d.v.size {
            return Err(ClError::value("a region runs past the end of its buffer"));
        }
        if std::sync::Arc::ptr_eq(&s.v.storage, &d.v.storage) {
            let s_start = s.v.offset + sr.at(0, 0, 0);
            let d_start = d.v.offset + dr.at(0, 0, 0);
            if s_start < d.v.offset + d_end && d_start < s.v.offset + s_end {
                return Err(ClError::new(CL_MEM_COPY_OVERLAP, "source and destination regions overlap"));
            }
        }
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, CL_COMMAND_COPY_BUFFER_RECT, false, n_wait, wait, out, |q| {
                same_context(q, &s)?;
                same_context(q, &d)?;
                Ok(Box::new(move || {
                    // SAFETY: both boxes inside their buffers (checked).
                    copy_rect(s.v.base(), sr, d.v.base(), dr, region);
                    Ok(())
                }))
            })
        }
    })
}

/// Check map flags: known ones, `WRITE_INVALIDATE_REGION` alone, and host access allowing
/// the reads and writes they ask for.
pub(crate) fn check_map_flags(m: &M, flags: u64) -> ClResult<()> {
    let known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    if flags & !known != 0
        || (flags & CL_MAP_WRITE_INVALIDATE_REGION != 0 && flags & !CL_MAP_WRITE_INVALIDATE_REGION != 0)
    {
        return Err(ClError::value(format!("map flags {flags:#x}")));
    }
    if flags & CL_MAP_READ != 0 {
        host_can(m, true)?;
    }
    if flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION) != 0 {
        host_can(m, false)?;
    }
    Ok(())
}

/// Enqueue a map of `m` (a buffer or an image): storage is host memory, so the mapped
/// pointer is the object's own bytes at `offset` and the command only orders the map
/// after its wait list. The map count rises now and falls again if enqueuing fails.
///
/// # Safety
/// `offset` must lie inside the object; `wait` and `out` as for every `clEnqueue*`.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn enqueue_map(
    queue: Handle,
    m: &M,
    kind: u64,
    offset: usize,
    blocking: bool,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> ClResult<*mut c_void> {
    // SAFETY: inside the object's storage (the caller's contract).
    let ptr = unsafe { m.v.base().add(offset) } as *mut c_void;
    m.v.maps.fetch_add(1, Ordering::AcqRel);
    // SAFETY: the caller's wait list and event output.
    let r = unsafe {
        queue::submit(queue, kind, blocking, n_wait, wait, out, |q| {
            same_context(q, m)?;
            Ok(Box::new(|| Ok(())))
        })
    };
    if r.is_err() {
        m.v.maps.fetch_sub(1, Ordering::AcqRel);
    }
    r.map(|()| ptr)
}

pub(crate) unsafe extern "C" fn enqueue_map_buffer(
    queue: Handle,
    buffer: Handle,
    blocking: cl_uint,
    flags: u64,
    offset: usize,
    size: usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
    errcode_ret: *mut cl_int,
) -> *mut c_void {
    api::create("clEnqueueMapBuffer", errcode_ret, || {
        let m = memory::buffer(buffer)?;
        m.v.check_range(offset, size, "the map")?;
        check_map_flags(&m, flags)?;
        // SAFETY: the caller's wait list and event output; `offset` is inside the buffer.
        unsafe { enqueue_map(queue, &m, CL_COMMAND_MAP_BUFFER, offset, blocking != 0, n_wait, wait, out) }
    })
}

pub(crate) unsafe extern "C" fn enqueue_unmap_mem_object(
    queue: Handle,
    mem: Handle,
    mapped: *mut c_void,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueUnmapMemObject", || {
        let m = memory::get(mem)?;
        let base = m.v.base() as usize;
        let p = mapped as usize;
        if p < base || p > base + m.v.size || m.v.maps.load(Ordering::Acquire) == 0 {
            return Err(ClError::value("mapped_ptr is not a mapping of this memory object"));
        }
        let unmap = m.clone();
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, CL_COMMAND_UNMAP_MEM_OBJECT, false, n_wait, wait, out, |q| {
                same_context(q, &m)?;
                Ok(Box::new(move || {
                    let _ = unmap.v.maps.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1));
                    Ok(())
                }))
            })
        }
    })
}

pub(crate) unsafe extern "C" fn enqueue_migrate_mem_objects(
    queue: Handle,
    n: cl_uint,
    objects: *const Handle,
    flags: u64,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueMigrateMemObjects", || {
        // SAFETY: the caller's list.
        let list = unsafe { api::slice(objects, n as usize, "mem_objects") }?;
        if list.is_empty() {
            return Err(ClError::value("no memory objects to migrate"));
        }
        let mut mems = Vec::new();
        for h in list {
            mems.push(memory::get(*h)?);
        }
        if flags & !(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED) != 0 {
            return Err(ClError::value(format!("migration flags {flags:#x}")));
        }
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, CL_COMMAND_MIGRATE_MEM_OBJECTS, false, n_wait, wait, out, |q| {
                for m in &mems {
                    same_context(q, m)?;
                }
                Ok(Box::new(move || {
                    drop(mems);
                    Ok(())
                }))
            })
        }
    })
}

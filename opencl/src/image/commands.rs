//! Image commands: `clEnqueueReadImage`, `clEnqueueWriteImage`, `clEnqueueCopyImage`,
//! `clEnqueueFillImage`, `clEnqueueCopyImageToBuffer`, `clEnqueueCopyBufferToImage` and
//! `clEnqueueMapImage` (unmapping is `clEnqueueUnmapMemObject` in `transfer`). Each
//! checks its arguments when enqueued and moves bytes row by row when it runs; a map
//! returns a pointer into the image's storage (no copy). This module must not create
//! memory objects.
//!
//! Regions are given as the API counts them: (x, y, z) with y the layer of a 1-D image
//! array and z the slice or layer of 3-D images and 2-D arrays.

use std::ffi::c_void;
use std::sync::Arc;

use spirjit::{ChannelOrder, ChannelType, ImageDim};

use super::{dim, image};
use crate::api::{self, cl_int, cl_uint, ClError, ClResult, Handle};
use crate::memory::{self, ImageDesc};
use crate::queue;
use crate::tables::*;
use crate::transfer::{check_map_flags, enqueue_map, host_can, same_context, Addr};

pub fn entry_points() -> Vec<(&'static str, usize)> {
    vec![
        ("clEnqueueReadImage", enqueue_read_image as *const () as usize),
        ("clEnqueueWriteImage", enqueue_write_image as *const () as usize),
        ("clEnqueueCopyImage", enqueue_copy_image as *const () as usize),
        ("clEnqueueFillImage", enqueue_fill_image as *const () as usize),
        ("clEnqueueCopyImageToBuffer", enqueue_copy_image_to_buffer as *const () as usize),
        ("clEnqueueCopyBufferToImage", enqueue_copy_buffer_to_image as *const () as usize),
        ("clEnqueueMapImage", enqueue_map_image as *const () as usize),
    ]
}

/// A checked box of an image: origin and region as the API gives them.
#[derive(Clone, Copy, Debug)]
struct Box3 {
    origin: [usize; 3],
    region: [usize; 3],
}

impl Box3 {
    /// Read and check `origin` / `region` against image `d`.
    ///
    /// # Safety
    /// Non-null pointers must point at 3 values.
    unsafe fn from_api(d: &ImageDesc, origin: *const usize, region: *const usize, what: &str) -> ClResult<Box3> {
        // SAFETY: 3 values each (the caller's contract).
        let (o, r) = unsafe { (api::slice(origin, 3, "origin")?, api::slice(region, 3, "region")?) };
        let (o, r) = ([o[0], o[1], o[2]], [r[0], r[1], r[2]]);
        if r.contains(&0) {
            return Err(ClError::value(format!("{what}: region {r:?} has a 0")));
        }
        let dm = dim(d);
        let limits = match dm {
            ImageDim::D1 | ImageDim::D1Buffer => [d.width, 1, 1],
            ImageDim::D1Array => [d.width, d.array_size, 1],
            ImageDim::D2 => [d.width, d.height, 1],
            ImageDim::D2Array => [d.width, d.height, d.array_size],
            _ => [d.width, d.height, d.depth],
        };
        let outside = (0..3).any(|i| o[i].checked_add(r[i]).is_none_or(|end| end > limits[i]));
        if outside {
            return Err(ClError::value(format!(
                "{what}: origin {o:?} + region {r:?} lies outside the image{}_t of {limits:?}",
                dm.name()
            )));
        }
        Ok(Box3 { origin: o, region: r })
    }

    /// Bytes of one row.
    fn row_bytes(&self, d: &ImageDesc) -> usize {
        self.region[0] * d.element_size
    }

    /// Rows in API order (z outer, y inner).
    fn rows(&self) -> usize {
        self.region[1] * self.region[2]
    }

    /// Storage offset of the `i`-th row (API order) of the box in image `d`.
    fn row(&self, d: &ImageDesc, i: usize) -> usize {
        let (y, z) = (self.origin[1] + i % self.region[1], self.origin[2] + i / self.region[1]);
        let x = self.origin[0] * d.element_size;
        if dim(d) == ImageDim::D1Array {
            x + y * d.slice_pitch
        } else {
            x + y * d.row_pitch + z * d.slice_pitch
        }
    }

    /// Whether two boxes of the same image share an element.
    fn intersects(&self, other: &Box3) -> bool {
        (0..3).all(|i| {
            self.origin[i] < other.origin[i] + other.region[i] && other.origin[i] < self.origin[i] + self.region[i]
        })
    }
}

/// Host memory laid out for a box: bytes between rows (API y) and slices (API z).
#[derive(Clone, Copy)]
struct HostLayout {
    y: usize,
    z: usize,
}

impl HostLayout {
    /// From the API's `row_pitch` / `slice_pitch` (0: tightly packed) for box `b`.
    fn new(d: &ImageDesc, b: &Box3, row_pitch: usize, slice_pitch: usize) -> ClResult<HostLayout> {
        let row = b.row_bytes(d);
        let row_pitch = if row_pitch == 0 { row } else { row_pitch };
        if row_pitch < row {
            return Err(ClError::value(format!(
                "row_pitch {row_pitch} is less than a row of the region ({row} bytes)"
            )));
        }
        if dim(d) == ImageDim::D1Array {
            // The rows of a 1-D array region are its layers, `slice_pitch` apart.
            let layer = if slice_pitch == 0 { row_pitch } else { slice_pitch };
            if layer < row {
                return Err(ClError::value(format!("slice_pitch {layer} is less than a layer of the region")));
            }
            layer.checked_mul(b.region[1]).ok_or_else(|| ClError::value("the host region's extent overflows"))?;
            return Ok(HostLayout { y: layer, z: 0 });
        }
        let min_slice = row_pitch.checked_mul(b.region[1]).ok_or_else(|| ClError::value("row_pitch is too large"))?;
        let slice = if slice_pitch == 0 { min_slice } else { slice_pitch };
        if b.region[2] > 1 && slice < min_slice {
            return Err(ClError::value(format!(
                "slice_pitch {slice} is less than a slice of the region ({min_slice})"
            )));
        }
        // The host box must be addressable.
        slice
            .checked_mul(b.region[2] - 1)
            .and_then(|v| v.checked_add(min_slice))
            .ok_or_else(|| ClError::value("the host region's extent overflows"))?;
        Ok(HostLayout { y: row_pitch, z: slice })
    }

    fn row(&self, b: &Box3, i: usize) -> usize {
        (i % b.region[1]) * self.y + (i / b.region[1]) * self.z
    }
}

/// Read or write image rows from or to host memory.
#[allow(clippy::too_many_arguments)]
unsafe fn read_write(
    entry: &str,
    queue: Handle,
    img: Handle,
    read: bool,
    blocking: cl_uint,
    origin: *const usize,
    region: *const usize,
    row_pitch: usize,
    slice_pitch: usize,
    ptr: *mut c_void,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status(entry, || {
        let (m, d) = image(img)?;
        host_can(&m, read)?;
        // SAFETY: the caller's 3-value arrays.
        let b = unsafe { Box3::from_api(&d, origin, region, entry) }?;
        let host = HostLayout::new(&d, &b, row_pitch, slice_pitch)?;
        if ptr.is_null() {
            return Err(ClError::value("ptr is null"));
        }
        let p = Addr(ptr as usize);
        let kind = if read { CL_COMMAND_READ_IMAGE } else { CL_COMMAND_WRITE_IMAGE };
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, kind, blocking != 0, n_wait, wait, out, |q| {
                same_context(q, &m)?;
                Ok(Box::new(move || {
                    let (base, n) = (m.v.base(), b.row_bytes(&d));
                    for i in 0..b.rows() {
                        let (at, h) = (b.row(&d, i), host.row(&b, i));
                        // SAFETY: the image row is inside its storage (checked); the host
                        // row is the application's memory (its contract).
                        if read {
                            std::ptr::copy(base.add(at), p.ptr().add(h), n);
                        } else {
                            std::ptr::copy(p.ptr().add(h), base.add(at), n);
                        }
                    }
                    Ok(())
                }))
            })
        }
    })
}

pub(crate) unsafe extern "C" fn enqueue_read_image(
    queue: Handle,
    img: Handle,
    blocking: cl_uint,
    origin: *const usize,
    region: *const usize,
    row_pitch: usize,
    slice_pitch: usize,
    ptr: *mut c_void,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    // SAFETY: forwarded with the caller's contract.
    unsafe {
        read_write(
            "clEnqueueReadImage",
            queue,
            img,
            true,
            blocking,
            origin,
            region,
            row_pitch,
            slice_pitch,
            ptr,
            n_wait,
            wait,
            out,
        )
    }
}

pub(crate) unsafe extern "C" fn enqueue_write_image(
    queue: Handle,
    img: Handle,
    blocking: cl_uint,
    origin: *const usize,
    region: *const usize,
    row_pitch: usize,
    slice_pitch: usize,
    ptr: *const c_void,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    // SAFETY: forwarded with the caller's contract.
    unsafe {
        read_write(
            "clEnqueueWriteImage",
            queue,
            img,
            false,
            blocking,
            origin,
            region,
            row_pitch,
            slice_pitch,
            ptr as *mut c_void,
            n_wait,
            wait,
            out,
        )
    }
}

pub(crate) unsafe extern "C" fn enqueue_copy_image(
    queue: Handle,
    src: Handle,
    dst: Handle,
    src_origin: *const usize,
    dst_origin: *const usize,
    region: *const usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueCopyImage", || {
        let (s, sd) = image(src)?;
        let (t, td) = image(dst)?;
        if sd.format != td.format {
            return Err(ClError::new(CL_IMAGE_FORMAT_MISMATCH, "the source and destination formats differ"));
        }
        // SAFETY: the caller's 3-value arrays.
        let sb = unsafe { Box3::from_api(&sd, src_origin, region, "the copy's source") }?;
        // SAFETY: as above.
        let tb = unsafe { Box3::from_api(&td, dst_origin, region, "the copy's destination") }?;
        if Arc::ptr_eq(&s, &t) && sb.intersects(&tb) {
            return Err(ClError::new(CL_MEM_COPY_OVERLAP, "the source and destination regions overlap"));
        }
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, CL_COMMAND_COPY_IMAGE, false, n_wait, wait, out, |q| {
                same_context(q, &s)?;
                same_context(q, &t)?;
                Ok(Box::new(move || {
                    let n = sb.row_bytes(&sd);
                    for i in 0..sb.rows() {
                        // SAFETY: both rows inside their images' storage (checked).
                        std::ptr::copy(s.v.base().add(sb.row(&sd, i)), t.v.base().add(tb.row(&td, i)), n);
                    }
                    Ok(())
                }))
            })
        }
    })
}

/// One element of image format `d` holding the fill colour at `color` (four floats,
/// ints or unsigned ints by the format's data type), converted as `write_image*` would.
///
/// # Safety
/// `color` must be null or point at 16 bytes.
unsafe fn fill_element(d: &ImageDesc, color: *const c_void) -> ClResult<Vec<u8>> {
    // SAFETY: 4 values (the caller's contract).
    let words = unsafe { api::slice(color as *const u32, 4, "fill_color") }?;
    if words.is_empty() {
        return Err(ClError::value("fill_color is null"));
    }
    let (Some(order), Some(ty)) = (ChannelOrder::from_u32(d.format.0), ChannelType::from_u32(d.format.1)) else {
        return Err(ClError::new(CL_INVALID_MEM_OBJECT, "the image's format is not known (a spirjit bug)"));
    };
    let mut element = vec![0u8; d.element_size];
    let rgba = [words[0], words[1], words[2], words[3]];
    if ty.is_signed_int() || ty.is_unsigned_int() {
        spirjit_builtins::image::format::encode_i32(order, ty, rgba, &mut element);
    } else {
        spirjit_builtins::image::format::encode_f32(order, ty, rgba.map(f32::from_bits), &mut element);
    }
    Ok(element)
}

pub(crate) unsafe extern "C" fn enqueue_fill_image(
    queue: Handle,
    img: Handle,
    color: *const c_void,
    origin: *const usize,
    region: *const usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueFillImage", || {
        let (m, d) = image(img)?;
        // SAFETY: the caller's 16-byte colour.
        let element = unsafe { fill_element(&d, color) }?;
        // SAFETY: the caller's 3-value arrays.
        let b = unsafe { Box3::from_api(&d, origin, region, "the fill") }?;
        let row: Vec<u8> = element.iter().copied().cycle().take(b.row_bytes(&d)).collect();
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, CL_COMMAND_FILL_IMAGE, false, n_wait, wait, out, |q| {
                same_context(q, &m)?;
                Ok(Box::new(move || {
                    for i in 0..b.rows() {
                        // SAFETY: the row is inside the image's storage (checked).
                        std::ptr::copy_nonoverlapping(row.as_ptr(), m.v.base().add(b.row(&d, i)), row.len());
                    }
                    Ok(())
                }))
            })
        }
    })
}

/// Copy between an image box and tightly packed bytes of a buffer from `offset`.
#[allow(clippy::too_many_arguments)]
unsafe fn image_buffer(
    entry: &str,
    queue: Handle,
    img: Handle,
    buf: Handle,
    to_buffer: bool,
    origin: *const usize,
    region: *const usize,
    offset: usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status(entry, || {
        let (m, d) = image(img)?;
        let b = memory::buffer(buf)?;
        // SAFETY: the caller's 3-value arrays.
        let bx = unsafe { Box3::from_api(&d, origin, region, entry) }?;
        let n = bx.row_bytes(&d);
        let total = n.checked_mul(bx.rows()).ok_or_else(|| ClError::value("the region's size overflows"))?;
        b.v.check_range(offset, total, entry)?;
        let kind = if to_buffer { CL_COMMAND_COPY_IMAGE_TO_BUFFER } else { CL_COMMAND_COPY_BUFFER_TO_IMAGE };
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, kind, false, n_wait, wait, out, |q| {
                same_context(q, &m)?;
                same_context(q, &b)?;
                Ok(Box::new(move || {
                    let (ib, bb) = (m.v.base(), b.v.base().add(offset));
                    for i in 0..bx.rows() {
                        // SAFETY: the image row is inside its storage and the buffer range
                        // inside the buffer (checked); `copy` allows overlap.
                        if to_buffer {
                            std::ptr::copy(ib.add(bx.row(&d, i)), bb.add(i * n), n);
                        } else {
                            std::ptr::copy(bb.add(i * n), ib.add(bx.row(&d, i)), n);
                        }
                    }
                    Ok(())
                }))
            })
        }
    })
}

pub(crate) unsafe extern "C" fn enqueue_copy_image_to_buffer(
    queue: Handle,
    src: Handle,
    dst: Handle,
    origin: *const usize,
    region: *const usize,
    offset: usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    // SAFETY: forwarded with the caller's contract.
    unsafe {
        image_buffer("clEnqueueCopyImageToBuffer", queue, src, dst, true, origin, region, offset, n_wait, wait, out)
    }
}

pub(crate) unsafe extern "C" fn enqueue_copy_buffer_to_image(
    queue: Handle,
    src: Handle,
    dst: Handle,
    offset: usize,
    origin: *const usize,
    region: *const usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    // SAFETY: forwarded with the caller's contract.
    unsafe {
        image_buffer("clEnqueueCopyBufferToImage", queue, dst, src, false, origin, region, offset, n_wait, wait, out)
    }
}

pub(crate) unsafe extern "C" fn enqueue_map_image(
    queue: Handle,
    img: Handle,
    blocking: cl_uint,
    flags: u64,
    origin: *const usize,
    region: *const usize,
    row_pitch: *mut usize,
    slice_pitch: *mut usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
    errcode_ret: *mut cl_int,
) -> *mut c_void {
    api::create("clEnqueueMapImage", errcode_ret, || {
        let (m, d) = image(img)?;
        check_map_flags(&m, flags)?;
        // SAFETY: the caller's 3-value arrays.
        let b = unsafe { Box3::from_api(&d, origin, region, "the map") }?;
        if row_pitch.is_null() {
            return Err(ClError::value("image_row_pitch is null"));
        }
        let dm = dim(&d);
        let has_slices = matches!(dm, ImageDim::D1Array | ImageDim::D2Array | ImageDim::D3);
        if has_slices && slice_pitch.is_null() {
            return Err(ClError::value("image_slice_pitch is null for a 3-D image or an image array"));
        }
        // SAFETY: writable outputs (checked non-null, the caller's contract).
        unsafe {
            *row_pitch = d.row_pitch;
            if !slice_pitch.is_null() {
                *slice_pitch = if has_slices { d.slice_pitch } else { 0 };
            }
        }
        // SAFETY: the caller's wait list and event output; the box is inside the image.
        unsafe { enqueue_map(queue, &m, CL_COMMAND_MAP_IMAGE, b.row(&d, 0), blocking != 0, n_wait, wait, out) }
    })
}

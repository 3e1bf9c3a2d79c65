//! Images: creation (`clCreateImage`, `clCreateImageWithProperties`, `clCreateImage2D`,
//! `clCreateImage3D`), the supported formats, `clGetImageInfo`, the device's image
//! limits, and what an image becomes as a kernel argument. The image commands (read,
//! write, copy, fill, map, copies between images and buffers) are in `commands`.
//!
//! Storage: an image's texels live in its memory object's `memory::Storage`, element
//! (x, y) of slice or layer z at `x * element_size + y * row_pitch + z * slice_pitch`
//! (`memory::ImageDesc`). Images the platform allocates are tightly packed;
//! `CL_MEM_USE_HOST_PTR` images use the application's memory with its pitches; 1-D image
//! buffers and 2-D images from a buffer use the buffer's storage. Every command and map
//! works on those bytes in place.
//!
//! A kernel uses an image argument in place: a `spirjit::ImageView` over its storage
//! with its pitches ([`kernel_view`]). Only when the image shares bytes with an argument
//! given earlier in place (the same image passed twice, a 1-D image buffer with its
//! buffer) does a launch copy its texels into a `spirjit::Image` ([`KernelImage`]) and,
//! for parameters the kernel may write, copy back afterwards the elements that changed,
//! so two arguments never hold `&mut` to the same bytes and neither undoes the other's
//! writes. This module must not know kernels beyond the argument an image becomes, and
//! must not enqueue commands (see `commands`).

mod commands;

use std::ffi::c_void;
use std::sync::Arc;

use spirjit::{ChannelOrder, ChannelType, ImageDim};

use crate::api::{self, cl_int, cl_uint, ClError, ClResult, Handle};
use crate::context::{self, Ctx};
use crate::handles::Obj;
use crate::info::{self, Value};
use crate::memory::{self, ImageDesc, Mem, Storage, M};
use crate::platform;
use crate::tables::*;

/// Whether the device reports image support.
pub const SUPPORTED: bool = true;
/// Largest width of 1-D, 1-D array, 2-D and 2-D array images, and height of 2-D ones
/// (`CL_DEVICE_IMAGE2D_MAX_WIDTH` / `_HEIGHT`); larger ones are refused.
pub const MAX_2D: usize = 16384;
/// Largest width, height and depth of 3-D images.
pub const MAX_3D: usize = 2048;
/// Most layers of an image array.
pub const MAX_ARRAY: usize = 2048;
/// Row pitch alignment of a 2-D image from a buffer, in pixels; any pitch that is a
/// whole number of elements works.
pub const PITCH_ALIGNMENT: u32 = 1;
/// Base address alignment of the buffer of a 2-D image from a buffer, in pixels.
pub const BASE_ADDRESS_ALIGNMENT: u32 = 1;

/// Most pixels of a 1-D image buffer (`CL_DEVICE_IMAGE_MAX_BUFFER_SIZE`): what fits in
/// the largest allocation with the largest element (16 bytes).
pub fn max_buffer_pixels() -> usize {
    (platform::max_alloc() / 16).min(usize::MAX as u64) as usize
}

/// The image entry points.
pub fn entry_points() -> Vec<(&'static str, usize)> {
    let mut v = vec![
        ("clCreateImage", create_image as *const () as usize),
        ("clCreateImageWithProperties", create_image_with_properties as *const () as usize),
        ("clCreateImage2D", create_image_2d as *const () as usize),
        ("clCreateImage3D", create_image_3d as *const () as usize),
        ("clGetSupportedImageFormats", get_supported_image_formats as *const () as usize),
        ("clGetImageInfo", get_image_info as *const () as usize),
    ];
    v.extend(commands::entry_points());
    v
}

/// `cl_image_format`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ClImageFormat {
    pub order: cl_uint,
    pub data_type: cl_uint,
}

/// `cl_image_desc`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ClImageDesc {
    pub image_type: cl_uint,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub array_size: usize,
    pub row_pitch: usize,
    pub slice_pitch: usize,
    pub num_mip_levels: cl_uint,
    pub num_samples: cl_uint,
    /// `buffer` / `mem_object`.
    pub buffer: Handle,
}

/// The OpenCL 1.2 channel orders (the later depth, sRGB and ABGR orders are not offered).
const ORDERS: [ChannelOrder; 13] = {
    use ChannelOrder::*;
    [R, A, RG, RA, RGB, RGBA, BGRA, ARGB, Intensity, Luminance, Rx, RGx, RGBx]
};

/// Whether OpenCL 1.2 allows `order` with `ty` (its table of image formats).
fn valid_combination(order: ChannelOrder, ty: ChannelType) -> bool {
    use ChannelOrder::*;
    use ChannelType::*;
    let packed = matches!(ty, UnormShort565 | UnormShort555 | UnormInt101010);
    match order {
        RGB | RGBx => packed,
        Intensity | Luminance => matches!(ty, UnormInt8 | UnormInt16 | SnormInt8 | SnormInt16 | HalfFloat | Float),
        BGRA | ARGB => matches!(ty, UnormInt8 | SnormInt8 | SignedInt8 | UnsignedInt8),
        _ => !packed,
    }
}

/// Every supported format: the OpenCL 1.2 orders and data types in the combinations
/// OpenCL 1.2 allows that `spirjit::Image` can hold (all of them).
pub fn formats() -> Vec<(ChannelOrder, ChannelType)> {
    ORDERS
        .iter()
        .flat_map(|&o| ChannelType::ALL.iter().map(move |&t| (o, t)))
        .filter(|&(o, t)| valid_combination(o, t) && element_size(o, t).is_some())
        .collect()
}

/// Bytes of one element in spirjit's layout (`None`: spirjit cannot hold the format).
fn element_size(order: ChannelOrder, ty: ChannelType) -> Option<usize> {
    spirjit_abi::image::element_size(order, ty).map(|s| s as usize)
}

/// The format behind a `cl_image_format`, checked.
fn format(f: Option<&ClImageFormat>) -> ClResult<(ChannelOrder, ChannelType)> {
    let f = f.ok_or_else(|| ClError::new(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "image_format is null"))?;
    let order = ChannelOrder::from_u32(f.order);
    let ty = ChannelType::ALL.into_iter().find(|t| *t as u32 == f.data_type);
    let known_order = (CL_R as u32..=0x10c3).contains(&f.order);
    let known_type = (0x10d0..=CL_UNORM_INT_101010_2 as u32).contains(&f.data_type);
    let text = format!("channel order {:#x} with channel data type {:#x}", f.order, f.data_type);
    match (order, ty) {
        (Some(o), Some(t)) if formats().contains(&(o, t)) => Ok((o, t)),
        (Some(o), Some(t)) if ORDERS.contains(&o) && !valid_combination(o, t) => Err(ClError::new(
            CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
            format!("{text}: OpenCL does not allow this combination"),
        )),
        _ if known_order && known_type => {
            Err(ClError::new(CL_IMAGE_FORMAT_NOT_SUPPORTED, format!("{text}: not supported")))
        }
        _ => Err(ClError::new(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, format!("{text}: unknown values"))),
    }
}

/// The dimensionality of an image memory object type.
pub fn dim_of(mem_type: u32) -> Option<ImageDim> {
    Some(match mem_type as u64 {
        CL_MEM_OBJECT_IMAGE1D => ImageDim::D1,
        CL_MEM_OBJECT_IMAGE1D_BUFFER => ImageDim::D1Buffer,
        CL_MEM_OBJECT_IMAGE1D_ARRAY => ImageDim::D1Array,
        CL_MEM_OBJECT_IMAGE2D => ImageDim::D2,
        CL_MEM_OBJECT_IMAGE2D_ARRAY => ImageDim::D2Array,
        CL_MEM_OBJECT_IMAGE3D => ImageDim::D3,
        _ => return None,
    })
}

fn desc_error(message: impl Into<String>) -> ClError {
    ClError::new(CL_INVALID_IMAGE_DESCRIPTOR, message)
}

fn size_error(message: impl Into<String>) -> ClError {
    ClError::new(CL_INVALID_IMAGE_SIZE, message)
}

/// Width, height, depth and layers the descriptor gives for `dim` (unused ones 1),
/// checked against the device's limits.
fn sizes(dim: ImageDim, d: &ClImageDesc) -> ClResult<[usize; 4]> {
    let s = match dim {
        ImageDim::D1 | ImageDim::D1Buffer => [d.width, 1, 1, 1],
        ImageDim::D1Array => [d.width, 1, 1, d.array_size],
        ImageDim::D2 => [d.width, d.height, 1, 1],
        ImageDim::D2Array => [d.width, d.height, 1, d.array_size],
        _ => [d.width, d.height, d.depth, 1],
    };
    if s.contains(&0) {
        return Err(desc_error(format!("image{}_t of size {s:?}: every size must be at least 1", dim.name())));
    }
    let max = match dim {
        ImageDim::D1Buffer => [max_buffer_pixels(), 1, 1, 1],
        ImageDim::D3 => [MAX_3D, MAX_3D, MAX_3D, 1],
        _ => [MAX_2D, MAX_2D, 1, MAX_ARRAY],
    };
    if s.iter().zip(max).any(|(v, m)| *v > m) {
        return Err(size_error(format!(
            "image{}_t of (width, height, depth, layers) {s:?} exceeds the device's limits {max:?}",
            dim.name()
        )));
    }
    Ok(s)
}

/// Default the access flags to `CL_MEM_READ_WRITE`.
fn with_access(flags: u64) -> u64 {
    if flags & memory::ACCESS == 0 {
        flags | CL_MEM_READ_WRITE
    } else {
        flags
    }
}

/// An image's flags from those given and its buffer's (an image from a buffer): what is
/// not given is inherited; what contradicts the buffer is refused.
fn flags_from_buffer(flags: u64, b: &Mem) -> ClResult<u64> {
    if flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0 {
        return Err(ClError::value("an image from a buffer takes no host pointer flags"));
    }
    memory::check_flags(flags, std::ptr::null_mut())?;
    let pf = b.flags;
    let conflict = (pf & CL_MEM_WRITE_ONLY != 0 && flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY) != 0)
        || (pf & CL_MEM_READ_ONLY != 0 && flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY) != 0)
        || (pf & CL_MEM_HOST_WRITE_ONLY != 0 && flags & CL_MEM_HOST_READ_ONLY != 0)
        || (pf & CL_MEM_HOST_READ_ONLY != 0 && flags & CL_MEM_HOST_WRITE_ONLY != 0)
        || (pf & CL_MEM_HOST_NO_ACCESS != 0 && flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY) != 0);
    if conflict {
        return Err(ClError::value("the image's flags conflict with its buffer's"));
    }
    let access = if flags & memory::ACCESS == 0 { pf & memory::ACCESS } else { flags & memory::ACCESS };
    let host = if flags & memory::HOST_ACCESS == 0 { pf & memory::HOST_ACCESS } else { flags & memory::HOST_ACCESS };
    let inherited = pf & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR);
    Ok(with_access(access | host | inherited | (flags & CL_MEM_KERNEL_READ_AND_WRITE)))
}

/// A 1-D image buffer or a 2-D image over the buffer `bh`.
fn create_from_buffer(
    ctx: Ctx,
    flags: u64,
    mut desc: ImageDesc,
    bh: Handle,
    given_row_pitch: usize,
    host_ptr: *mut c_void,
    properties: Vec<u64>,
) -> ClResult<Handle> {
    let b = memory::get(bh).map_err(|e| desc_error(format!("the image's buffer: {}", e.message)))?;
    if b.v.is_image() {
        return Err(desc_error("an image's buffer must be a buffer object, not an image"));
    }
    if !Arc::ptr_eq(&b.v.context, &ctx) {
        return Err(ClError::new(CL_INVALID_CONTEXT, "the image's buffer belongs to another context"));
    }
    if !host_ptr.is_null() {
        return Err(ClError::new(CL_INVALID_HOST_PTR, "an image from a buffer takes no host_ptr"));
    }
    let flags = flags_from_buffer(flags, &b.v)?;
    let tight = desc.width * desc.element_size;
    let row_pitch = match given_row_pitch {
        0 => tight,
        p if desc.mem_type as u64 == CL_MEM_OBJECT_IMAGE2D
            && p >= tight
            && p.is_multiple_of(desc.element_size * PITCH_ALIGNMENT as usize) =>
        {
            p
        }
        p => {
            return Err(desc_error(format!(
                "image_row_pitch {p}: it must be 0, or for a 2-D image from a buffer at least {tight} and a multiple \
                 of the element size ({} bytes)",
                desc.element_size
            )))
        }
    };
    let needed = row_pitch.checked_mul(desc.height - 1).and_then(|v| v.checked_add(tight));
    if needed.is_none_or(|n| n > b.v.size) {
        return Err(size_error(format!(
            "the image needs {} bytes; its buffer has {}",
            needed.map(|n| n.to_string()).unwrap_or_else(|| "more than 2^64".into()),
            b.v.size
        )));
    }
    // At most a row pitch more than the buffer holds (checked just above).
    let whole = row_pitch * desc.height;
    let size = whole.min(b.v.size);
    desc.row_pitch = row_pitch;
    desc.slice_pitch = whole;
    let (storage, offset, hp) = (b.v.storage.clone(), b.v.offset, b.v.host_ptr);
    desc.buffer = Some(b);
    Ok(memory::new_image_object(ctx, flags, storage, offset, size, hp as *mut c_void, desc, properties))
}

/// Create an image (every `clCreateImage*` ends here).
fn create(
    ctx: Ctx,
    flags: u64,
    fmt: Option<&ClImageFormat>,
    d: Option<&ClImageDesc>,
    host_ptr: *mut c_void,
    properties: Vec<u64>,
) -> ClResult<Handle> {
    let (order, ty) = format(fmt)?;
    let d = d.ok_or_else(|| desc_error("image_desc is null"))?;
    let dim = dim_of(d.image_type)
        .ok_or_else(|| desc_error(format!("image_type {:#x} is not an image type", d.image_type)))?;
    if d.num_mip_levels != 0 || d.num_samples != 0 {
        return Err(desc_error("num_mip_levels and num_samples must be 0 (no mipmaps or multisampling)"));
    }
    let elem = element_size(order, ty)
        .ok_or_else(|| ClError::new(CL_IMAGE_FORMAT_NOT_SUPPORTED, "the format has no element size"))?;
    let [w, h, depth, layers] = sizes(dim, d)?;
    let mut desc = ImageDesc {
        mem_type: d.image_type,
        format: (order as u32, ty as u32),
        width: w,
        height: h,
        depth,
        array_size: layers,
        row_pitch: 0,
        slice_pitch: 0,
        element_size: elem,
        buffer: None,
    };
    match (dim, d.buffer.is_null()) {
        (ImageDim::D1Buffer, true) => return Err(desc_error("a 1-D image buffer needs a buffer")),
        (ImageDim::D1Buffer | ImageDim::D2, false) => {
            return create_from_buffer(ctx, flags, desc, d.buffer, d.row_pitch, host_ptr, properties)
        }
        (_, false) => return Err(desc_error(format!("an image{}_t cannot be made from a buffer", dim.name()))),
        _ => {}
    }
    memory::check_flags(flags, host_ptr)?;
    let flags = with_access(flags);
    if host_ptr.is_null() && (d.row_pitch != 0 || d.slice_pitch != 0) {
        return Err(desc_error("image_row_pitch and image_slice_pitch must be 0 without a host_ptr"));
    }
    let tight = w * elem;
    let row_pitch = match d.row_pitch {
        0 => tight,
        p if p >= tight && p.is_multiple_of(elem) => p,
        p => {
            return Err(desc_error(format!(
                "image_row_pitch {p}: it must be at least {tight} and a multiple of the element size ({elem} bytes)"
            )))
        }
    };
    // Slices (3-D), layers (arrays): how many and the bytes between them.
    let plane = row_pitch.checked_mul(h).ok_or_else(|| size_error("image_row_pitch × height overflows"))?;
    let (count, min_slice) = match dim {
        ImageDim::D1Array => (layers, row_pitch),
        ImageDim::D2Array => (layers, plane),
        ImageDim::D3 => (depth, plane),
        _ => (1, plane),
    };
    let slice_pitch = match d.slice_pitch {
        0 => min_slice,
        _ if count == 1 => min_slice,
        p if p >= min_slice && p.is_multiple_of(row_pitch) => p,
        p => {
            return Err(desc_error(format!(
                "image_slice_pitch {p}: it must be at least {min_slice} and a multiple of the row pitch {row_pitch}"
            )))
        }
    };
    let host_bytes = slice_pitch.checked_mul(count).ok_or_else(|| size_error("the image's size overflows"))?;
    let bytes = tight * h * count;
    if bytes as u64 > platform::max_alloc() {
        return Err(size_error(format!(
            "the image needs {bytes} bytes; the largest allocation is {} bytes",
            platform::max_alloc()
        )));
    }
    let storage = if flags & CL_MEM_USE_HOST_PTR != 0 {
        desc.row_pitch = row_pitch;
        desc.slice_pitch = slice_pitch;
        // SAFETY: the application's memory holds the image with its pitches
        // (`host_bytes`) while the image lives (its contract for USE_HOST_PTR).
        unsafe { memory::storage_for(flags, host_bytes, host_ptr) }?
    } else {
        desc.row_pitch = tight;
        desc.slice_pitch = tight * h;
        let s = Storage::alloc(bytes)?;
        if flags & CL_MEM_COPY_HOST_PTR != 0 {
            let (ys, zs) = if dim == ImageDim::D1Array { (0, slice_pitch) } else { (row_pitch, slice_pitch) };
            for z in 0..count {
                for y in 0..h {
                    // SAFETY: the host rows lie in the application's image (its contract);
                    // the storage rows in `s` (`bytes` = tight rows × h × count).
                    unsafe {
                        std::ptr::copy_nonoverlapping(
                            (host_ptr as *const u8).add(y * ys + z * zs),
                            s.ptr().add((z * h + y) * tight),
                            tight,
                        )
                    };
                }
            }
        }
        Arc::new(s)
    };
    let size = storage.len();
    Ok(memory::new_image_object(ctx, flags, storage, 0, size, host_ptr, desc, properties))
}

pub(crate) unsafe extern "C" fn create_image(
    c: Handle,
    flags: u64,
    format: *const ClImageFormat,
    desc: *const ClImageDesc,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateImage", errcode_ret, || {
        let ctx = context::get(c)?;
        // SAFETY: null or the caller's structures.
        let (f, d) = unsafe { (format.as_ref(), desc.as_ref()) };
        create(ctx, flags, f, d, host_ptr, Vec::new())
    })
}

pub(crate) unsafe extern "C" fn create_image_with_properties(
    c: Handle,
    props: *const u64,
    flags: u64,
    format: *const ClImageFormat,
    desc: *const ClImageDesc,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateImageWithProperties", errcode_ret, || {
        let ctx = context::get(c)?;
        // SAFETY: the caller's zero-terminated property list.
        let list = unsafe { memory::no_properties(props, "image") }?;
        // SAFETY: null or the caller's structures.
        let (f, d) = unsafe { (format.as_ref(), desc.as_ref()) };
        create(ctx, flags, f, d, host_ptr, list)
    })
}

fn legacy_desc(image_type: u64, size: [usize; 3], row_pitch: usize, slice_pitch: usize) -> ClImageDesc {
    ClImageDesc {
        image_type: image_type as cl_uint,
        width: size[0],
        height: size[1],
        depth: size[2],
        array_size: 0,
        row_pitch,
        slice_pitch,
        num_mip_levels: 0,
        num_samples: 0,
        buffer: std::ptr::null_mut(),
    }
}

pub(crate) unsafe extern "C" fn create_image_2d(
    c: Handle,
    flags: u64,
    format: *const ClImageFormat,
    width: usize,
    height: usize,
    row_pitch: usize,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateImage2D", errcode_ret, || {
        let ctx = context::get(c)?;
        if width == 0 || height == 0 {
            return Err(size_error("image_width and image_height must be at least 1"));
        }
        let d = legacy_desc(CL_MEM_OBJECT_IMAGE2D, [width, height, 1], row_pitch, 0);
        // SAFETY: null or the caller's format.
        create(ctx, flags, unsafe { format.as_ref() }, Some(&d), host_ptr, Vec::new())
    })
}

pub(crate) unsafe extern "C" fn create_image_3d(
    c: Handle,
    flags: u64,
    format: *const ClImageFormat,
    width: usize,
    height: usize,
    depth: usize,
    row_pitch: usize,
    slice_pitch: usize,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateImage3D", errcode_ret, || {
        let ctx = context::get(c)?;
        if width == 0 || height == 0 || depth <= 1 {
            return Err(size_error("clCreateImage3D needs width and height of at least 1 and a depth above 1"));
        }
        let d = legacy_desc(CL_MEM_OBJECT_IMAGE3D, [width, height, depth], row_pitch, slice_pitch);
        // SAFETY: null or the caller's format.
        create(ctx, flags, unsafe { format.as_ref() }, Some(&d), host_ptr, Vec::new())
    })
}

pub(crate) unsafe extern "C" fn get_supported_image_formats(
    c: Handle,
    flags: u64,
    image_type: cl_uint,
    n: cl_uint,
    out: *mut ClImageFormat,
    n_ret: *mut cl_uint,
) -> cl_int {
    api::status("clGetSupportedImageFormats", || {
        context::get(c)?;
        if dim_of(image_type).is_none() {
            return Err(ClError::value(format!("image_type {image_type:#x} is not an image type")));
        }
        let known = memory::ACCESS
            | memory::HOST_ACCESS
            | CL_MEM_USE_HOST_PTR
            | CL_MEM_ALLOC_HOST_PTR
            | CL_MEM_COPY_HOST_PTR
            | CL_MEM_KERNEL_READ_AND_WRITE;
        if flags & !known != 0 {
            return Err(ClError::value(format!("unknown memory flags {:#x}", flags & !known)));
        }
        if !out.is_null() && n == 0 {
            return Err(ClError::value("num_entries is 0 but image_formats is not null"));
        }
        let list = formats();
        if !out.is_null() {
            for (i, (o, t)) in list.iter().take(n as usize).enumerate() {
                // SAFETY: `n` writable entries (the caller's contract).
                unsafe { *out.add(i) = ClImageFormat { order: *o as u32, data_type: *t as u32 } };
            }
        }
        if !n_ret.is_null() {
            // SAFETY: a writable count.
            unsafe { *n_ret = list.len() as cl_uint };
        }
        Ok(())
    })
}

/// The image behind `h` and its description.
pub fn image(h: Handle) -> ClResult<(M, ImageDesc)> {
    let m = memory::get(h)?;
    let d = m.v.image.clone().ok_or_else(|| ClError::new(CL_INVALID_MEM_OBJECT, "a buffer given for an image"))?;
    Ok((m, d))
}

/// The dimensionality of an image description.
pub fn dim(d: &ImageDesc) -> ImageDim {
    dim_of(d.mem_type).unwrap_or(ImageDim::D2)
}

pub(crate) unsafe extern "C" fn get_image_info(
    h: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetImageInfo", || {
        let (_m, d) = image(h)?;
        let dm = dim(&d);
        let v = match param as u64 {
            CL_IMAGE_FORMAT => {
                Ok(Value(d.format.0.to_ne_bytes().iter().chain(&d.format.1.to_ne_bytes()).copied().collect()))
            }
            CL_IMAGE_ELEMENT_SIZE => Ok(Value::usize(d.element_size)),
            CL_IMAGE_ROW_PITCH => Ok(Value::usize(d.row_pitch)),
            CL_IMAGE_SLICE_PITCH => {
                Ok(Value::usize(if matches!(dm, ImageDim::D1Array | ImageDim::D2Array | ImageDim::D3) {
                    d.slice_pitch
                } else {
                    0
                }))
            }
            CL_IMAGE_WIDTH => Ok(Value::usize(d.width)),
            CL_IMAGE_HEIGHT => Ok(Value::usize(if dm.spatial() >= 2 { d.height } else { 0 })),
            CL_IMAGE_DEPTH => Ok(Value::usize(if dm == ImageDim::D3 { d.depth } else { 0 })),
            CL_IMAGE_ARRAY_SIZE => Ok(Value::usize(if dm.is_array() { d.array_size } else { 0 })),
            CL_IMAGE_BUFFER => Ok(Value::handle(d.buffer.as_ref().map(Obj::handle).unwrap_or(std::ptr::null_mut()))),
            CL_IMAGE_NUM_MIP_LEVELS | CL_IMAGE_NUM_SAMPLES => Ok(Value::u32(0)),
            _ => Err(info::unknown("image", param)),
        };
        // SAFETY: the query's output pointers.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

/// Check that the image `m` fits a kernel parameter declared `<access> image<dim>_t`:
/// the dimensionality matches, and a `read_only` parameter gets no image made
/// `CL_MEM_WRITE_ONLY`, a `write_only` one none made `CL_MEM_READ_ONLY`.
pub fn check_kernel_arg(m: &Mem, param_dim: &str, access: &str) -> ClResult<()> {
    let Some(d) = &m.image else {
        return Err(ClError::new(CL_INVALID_ARG_VALUE, "a buffer given for an image argument"));
    };
    let have = dim(d).name();
    if have != param_dim {
        return Err(ClError::new(
            CL_INVALID_ARG_VALUE,
            format!("an image{have}_t given for an image{param_dim}_t argument"),
        ));
    }
    let refused = match access {
        "read_only" => m.flags & CL_MEM_WRITE_ONLY != 0,
        "write_only" => m.flags & CL_MEM_READ_ONLY != 0,
        _ => false,
    };
    if refused {
        return Err(ClError::new(
            CL_INVALID_ARG_VALUE,
            format!("a {access} image argument cannot take an image the kernel may not access that way (its flags)"),
        ));
    }
    Ok(())
}

/// The storage bytes an image spans: (address, length).
pub fn span(m: &Mem) -> (usize, usize) {
    (m.base() as usize, m.size)
}

/// Where row `y` of slice or layer `z` of the image starts in its storage.
fn row_offset(d: &ImageDesc, y: usize, z: usize) -> usize {
    y * d.row_pitch + z * d.slice_pitch
}

/// Rows and slices (or layers) of an image as stored.
fn rows_slices(d: &ImageDesc) -> (usize, usize) {
    let z = if dim(d).is_array() { d.array_size } else { d.depth };
    (d.height, z)
}

/// Image `m` as a kernel argument over `bytes`, its storage (`span`): the view checks
/// that the image's shape and pitches fit in them.
pub fn kernel_view<'a>(m: &Mem, bytes: &'a mut [u8]) -> ClResult<spirjit::ImageView<'a>> {
    let d = m.image.as_ref().ok_or_else(|| ClError::new(CL_INVALID_MEM_OBJECT, "not an image"))?;
    let (order, ty) = spirjit_format(d)?;
    let dm = dim(d);
    spirjit::ImageView::new(dm, order, ty, spirjit_size(d), [d.row_pitch, d.slice_pitch], bytes)
        .map_err(|e| ClError::new(CL_OUT_OF_RESOURCES, format!("the image argument (a spirjit bug): {e}")))
}

/// The image's format as spirjit names it.
fn spirjit_format(d: &ImageDesc) -> ClResult<(ChannelOrder, ChannelType)> {
    match (ChannelOrder::from_u32(d.format.0), ChannelType::from_u32(d.format.1)) {
        (Some(order), Some(ty)) => Ok((order, ty)),
        _ => Err(ClError::new(CL_INVALID_MEM_OBJECT, "the image's format is not known (a spirjit bug)")),
    }
}

/// The image's sizes in the convention of `spirjit::Image::new`.
fn spirjit_size(d: &ImageDesc) -> [usize; 3] {
    match dim(d) {
        ImageDim::D1Array => [d.width, d.array_size, 1],
        ImageDim::D2Array => [d.width, d.height, d.array_size],
        _ => [d.width, d.height, d.depth],
    }
}

/// An image argument of one launch that shares bytes with another argument: a copy of
/// its texels as a `spirjit::Image`.
pub struct KernelImage {
    mem: M,
    pub image: spirjit::Image,
    /// The texels before the run, when the kernel may write them (only the elements it
    /// changed are written back); `None` for a parameter the kernel only reads.
    before: Option<Vec<u8>>,
}

impl KernelImage {
    /// Copy image `m`'s texels for a launch. `write_back`: the kernel may write them.
    pub fn new(m: &M, write_back: bool) -> ClResult<KernelImage> {
        let d = m.v.image.as_ref().ok_or_else(|| ClError::new(CL_INVALID_MEM_OBJECT, "not an image"))?;
        let (order, ty) = spirjit_format(d)?;
        let mut image = spirjit::Image::new(dim(d), order, ty, spirjit_size(d))
            .map_err(|e| ClError::new(CL_OUT_OF_RESOURCES, format!("the image argument: {e}")))?;
        let tight = d.width * d.element_size;
        let (h, n) = rows_slices(d);
        let base = m.v.base();
        let bytes = image.bytes_mut();
        for z in 0..n {
            for y in 0..h {
                let at = (z * h + y) * tight;
                if let Some(dst) = bytes.get_mut(at..at + tight) {
                    // SAFETY: row (y, z) lies inside the image's storage (checked at
                    // creation); no mutable reference to it is alive.
                    let src = unsafe { std::slice::from_raw_parts(base.add(row_offset(d, y, z)), tight) };
                    dst.copy_from_slice(src);
                }
            }
        }
        let before = write_back.then(|| image.bytes().to_vec());
        Ok(KernelImage { mem: m.clone(), image, before })
    }

    /// Copy the elements the kernel changed back into the image's storage.
    pub fn finish(self) {
        let (Some(d), Some(before)) = (self.mem.v.image.as_ref(), self.before.as_ref()) else { return };
        let e = d.element_size;
        let tight = d.width * e;
        let (h, n) = rows_slices(d);
        let base = self.mem.v.base();
        let after = self.image.bytes();
        for z in 0..n {
            for y in 0..h {
                let at = (z * h + y) * tight;
                let (Some(row), Some(old)) = (after.get(at..at + tight), before.get(at..at + tight)) else { continue };
                let dst = row_offset(d, y, z);
                for (x, (a, b)) in row.chunks(e).zip(old.chunks(e)).enumerate() {
                    if a != b {
                        // SAFETY: element x of row (y, z) lies inside the storage; no
                        // reference to it is alive after the run.
                        unsafe { std::ptr::copy_nonoverlapping(a.as_ptr(), base.add(dst + x * e), e) };
                    }
                }
            }
        }
    }
}

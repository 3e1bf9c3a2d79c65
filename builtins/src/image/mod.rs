//! Image builtins: `read_image{f,i,ui,h}` with and without samplers, `write_image{f,i,ui,h}`
//! and the image queries, for every dimensionality, channel order and channel data type
//! of OpenCL 1.2 (layouts in `spirjit_abi::image`).
//!
//! Calling convention (whole-value calls from compiled code): coordinates and colors
//! arrive as pointers to four 32-bit components (the front end pads shorter
//! coordinates); results are written through the out pointer. An invalid descriptor
//! reads as zeros and ignores writes; no access ever leaves the image's buffer.
//!
//! * `format` — element encode/decode; `sample` — addressing and filtering.
//!
//! This module must not allocate or keep state.

pub mod format;
pub mod sample;

use spirjit_abi::image::{query, read_flags, CHANNEL_ORDER_BASE, CHANNEL_TYPE_BASE};
use spirjit_abi::ImageDesc;

use crate::half::{f32_to_half, half_to_f32, Rounding};
use sample::{read, Coord, Texel, Texels};

/// Four 32-bit words at `p` (unaligned).
///
/// # Safety
/// `p` must be valid for reading 16 bytes.
unsafe fn words(p: *const u8) -> [u32; 4] {
    let mut out = [0u32; 4];
    for (k, o) in out.iter_mut().enumerate() {
        // SAFETY: the caller guarantees 16 readable bytes.
        *o = unsafe { (p.add(4 * k) as *const u32).read_unaligned() };
    }
    out
}

/// Read an image.
///
/// `out`: four f32, i32 or f16 (by `flags & RESULT_MASK`); `img`: an [`ImageDesc`];
/// `sampler`: the sampler bits (0 for sampler-less reads); `coord`: four i32 or f32
/// (`flags & FLOAT_COORDS`).
///
/// # Safety
/// `out` must be writable (16 bytes, 8 for f16), `coord` readable (16 bytes), `img` a
/// valid descriptor whose data covers `buffer_size` bytes.
pub unsafe extern "C" fn spirjit_image_read(out: *mut u8, img: *const u8, sampler: i32, coord: *const u8, flags: i32) {
    let flags = flags as u32;
    let kind = flags & read_flags::RESULT_MASK;
    // SAFETY: the caller guarantees 16 readable bytes.
    let w = unsafe { words(coord) };
    let coord = if flags & read_flags::FLOAT_COORDS != 0 {
        Coord::Float(w.map(f32::from_bits))
    } else {
        Coord::Int(w.map(|x| x as i32))
    };
    // SAFETY: the caller passes a valid descriptor (or null).
    let desc = unsafe { (img as *const ImageDesc).as_ref() };
    let texel = match desc.and_then(Texels::new) {
        Some(t) => read(&t, sampler as u32, coord, kind == read_flags::RESULT_I32),
        None => Texel::I32([0; 4]),
    };
    let bits: [u32; 4] = match texel {
        Texel::F32(f) => f.map(f32::to_bits),
        Texel::I32(i) => i,
    };
    if kind == read_flags::RESULT_F16 {
        for (k, b) in bits.iter().enumerate() {
            let h = f32_to_half(f32::from_bits(*b), Rounding::Rte);
            // SAFETY: the caller guarantees 8 writable bytes for f16 results.
            unsafe { (out.add(2 * k) as *mut u16).write_unaligned(h) };
        }
    } else {
        for (k, b) in bits.iter().enumerate() {
            // SAFETY: the caller guarantees 16 writable bytes.
            unsafe { (out.add(4 * k) as *mut u32).write_unaligned(*b) };
        }
    }
}

/// Write an image: `coord` is four i32 (x, y, z or layer); `color` four f32, i32 or f16
/// (`kind` as the result kinds of [`spirjit_image_read`]). Out-of-range writes are
/// ignored.
///
/// # Safety
/// As [`spirjit_image_read`]; `color` readable (16 bytes, 8 for f16).
pub unsafe extern "C" fn spirjit_image_write(img: *const u8, coord: *const u8, color: *const u8, kind: i32) {
    // SAFETY: the caller passes a valid descriptor (or null).
    let Some(t) = (unsafe { (img as *const ImageDesc).as_ref() }).and_then(Texels::new) else { return };
    // SAFETY: 16 readable bytes.
    let c = unsafe { words(coord) }.map(|x| x as i32 as i64);
    let n = t.dim.spatial();
    let mut idx = [0i64; 3];
    idx[..n].copy_from_slice(&c[..n]);
    let layer = if t.dim.is_array() { c[n] } else { 0 };
    let Some(el) = t.element_mut(idx, layer) else { return };
    match kind as u32 & read_flags::RESULT_MASK {
        read_flags::RESULT_I32 => {
            // SAFETY: 16 readable bytes.
            let v = unsafe { words(color) };
            format::encode_i32(t.order, t.ty, v, el);
        }
        read_flags::RESULT_F16 => {
            let mut v = [0f32; 4];
            for (k, x) in v.iter_mut().enumerate() {
                // SAFETY: 8 readable bytes for f16 colors.
                *x = half_to_f32(unsafe { (color.add(2 * k) as *const u16).read_unaligned() });
            }
            format::encode_f32(t.order, t.ty, v, el);
        }
        _ => {
            // SAFETY: 16 readable bytes.
            let v = unsafe { words(color) }.map(f32::from_bits);
            format::encode_f32(t.order, t.ty, v, el);
        }
    }
}

/// An image query (`spirjit_abi::image::query`): sizes, or the SPIR-V channel order /
/// data type enumerant. An invalid descriptor gives 0.
///
/// # Safety
/// `img` must be a valid descriptor or null.
pub unsafe extern "C" fn spirjit_image_query(img: *const u8, what: i32) -> i32 {
    // SAFETY: the caller passes a valid descriptor (or null).
    let Some(t) = (unsafe { (img as *const ImageDesc).as_ref() }).and_then(Texels::new) else { return 0 };
    let sizes = t.sizes();
    let v = match what as u32 {
        query::WIDTH => sizes[0],
        query::HEIGHT => sizes[1],
        query::DEPTH => sizes[2],
        query::ARRAY_SIZE => t.layers(),
        query::ORDER => (t.order as u32 - CHANNEL_ORDER_BASE) as i64,
        query::FORMAT => (t.ty as u32 - CHANNEL_TYPE_BASE) as i64,
        _ => 0,
    };
    v.clamp(0, i32::MAX as i64) as i32
}

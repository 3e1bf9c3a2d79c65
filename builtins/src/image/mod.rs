//! Image builtins: `read_image{f,i,ui,h}` with and without samplers, `write_image{f,i,ui,h}`
//! and the image queries, for every dimensionality, channel order and channel data type
//! of OpenCL 1.2 (layouts in `spirjit_abi::image`).
//!
//! Calling convention (whole-value calls from compiled code): coordinates and colors
//! arrive as pointers to four 32-bit components (the front end pads shorter
//! coordinates); results are written through the out pointer. An invalid descriptor
//! reads as zeros and ignores writes; no access ever leaves the image's buffer.
//!
//! Reads and writes return an access status (`spirjit_abi::image::access_status`): 0,
//! or — when the caller set `read_flags::REPORT_OUT_OF_RANGE` and the coordinate lies
//! outside the image — the element's would-be byte offset and size, which checked
//! kernels report as an out-of-bounds access. The out-of-range read still returns zeros
//! and the write is still dropped.
//!
//! * `format` — element encode/decode; `sample` — addressing and filtering.
//!
//! This module must not allocate or keep state.

pub mod format;
pub mod sample;

use spirjit_abi::image::{access_status, query, read_flags, CHANNEL_ORDER_BASE, CHANNEL_TYPE_BASE};
use spirjit_abi::ImageDesc;

use crate::half::{f32_to_half, half_to_f32, Rounding};
use sample::{read, vk_sample, Coord, Texel, Texels};

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

/// Spatial index and layer addressed by integer coordinate `c` of image `t`.
fn int_index(t: &Texels, c: [u32; 4]) -> ([i64; 3], i64) {
    let c = c.map(|x| x as i32 as i64);
    let n = t.dim.spatial();
    let mut idx = [0i64; 3];
    idx[..n].copy_from_slice(&c[..n]);
    let layer = if t.dim.is_array() { c[n] } else { 0 };
    (idx, layer)
}

/// The access status of element (`idx`, `layer`) of `t`: 0 in range, otherwise the
/// encoded byte offset and element size (`access_status`).
fn range_status(t: &Texels, idx: [i64; 3], layer: i64) -> i64 {
    let sizes = t.sizes();
    let inside = idx.iter().zip(sizes).all(|(i, s)| *i >= 0 && *i < s) && layer >= 0 && layer < t.layers();
    if inside {
        return 0;
    }
    let d = t.desc;
    let z = if t.dim.is_array() { layer } else { idx[2] };
    let off = idx[0] as i128 * d.element_size as i128
        + idx[1] as i128 * d.row_pitch as i128
        + z as i128 * d.slice_pitch as i128;
    let lim = access_status::OFFSET_LIMIT as i128;
    let off = off.clamp(-lim, lim) as i64;
    let size = (d.element_size as i64).min(access_status::SIZE_MASK);
    access_status::OUT_OF_RANGE | size << access_status::SIZE_SHIFT | off << access_status::OFFSET_SHIFT
}

/// Read an image.
///
/// `out`: four f32, i32 or f16 (by `flags & RESULT_MASK`); `img`: an [`ImageDesc`];
/// `sampler`: the sampler bits (0 for sampler-less reads); `coord`: four i32 or f32
/// (`flags & FLOAT_COORDS`). Returns the access status (see the module documentation).
///
/// # Safety
/// `out` must be writable (16 bytes, 8 for f16, 32 for i64), `coord` readable (16 bytes), `img` a
/// valid descriptor whose data covers `buffer_size` bytes.
pub unsafe extern "C" fn spirjit_image_read(
    out: *mut u8,
    img: *const u8,
    sampler: i32,
    coord: *const u8,
    flags: i32,
) -> i64 {
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
    let mut status = 0;
    if kind == read_flags::RESULT_I64 {
        let mut v = [0u64; 4];
        if let (Some(t), Coord::Int(c)) = (desc.and_then(Texels::new), coord) {
            let (idx, layer) = int_index(&t, c.map(|x| x as u32));
            if flags & read_flags::REPORT_OUT_OF_RANGE != 0 {
                status = range_status(&t, idx, layer);
            }
            if let Some(p) = t.element(idx, layer) {
                v = format::decode_i64(t.order, t.ty, p);
            }
        }
        for (k, x) in v.iter().enumerate() {
            // SAFETY: the caller guarantees 32 writable bytes for i64 results.
            unsafe { (out.add(8 * k) as *mut u64).write_unaligned(*x) };
        }
        return status;
    }
    let texel = match desc.and_then(Texels::new) {
        Some(t) => {
            if let (true, Coord::Int(c)) = (flags & read_flags::REPORT_OUT_OF_RANGE != 0, coord) {
                let (idx, layer) = int_index(&t, c.map(|x| x as u32));
                status = range_status(&t, idx, layer);
            }
            if status != 0 {
                Texel::I32([0; 4])
            } else {
                read(&t, sampler as u32, coord, kind == read_flags::RESULT_I32)
            }
        }
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
    status
}

/// Write an image: `coord` is four i32 (x, y, z or layer); `color` four f32, i32 or f16
/// (`kind` as the result kinds of [`spirjit_image_read`], plus
/// `read_flags::REPORT_OUT_OF_RANGE`). Out-of-range writes are ignored. Returns the
/// access status (see the module documentation).
///
/// # Safety
/// As [`spirjit_image_read`]; `color` readable (16 bytes, 8 for f16, 32 for i64).
pub unsafe extern "C" fn spirjit_image_write(img: *const u8, coord: *const u8, color: *const u8, kind: i32) -> i64 {
    // SAFETY: the caller passes a valid descriptor (or null).
    let Some(t) = (unsafe { (img as *const ImageDesc).as_ref() }).and_then(Texels::new) else { return 0 };
    // SAFETY: 16 readable bytes.
    let (idx, layer) = int_index(&t, unsafe { words(coord) });
    let Some(el) = t.element_mut(idx, layer) else {
        return if kind as u32 & read_flags::REPORT_OUT_OF_RANGE != 0 { range_status(&t, idx, layer) } else { 0 };
    };
    match kind as u32 & read_flags::RESULT_MASK {
        read_flags::RESULT_I32 => {
            // SAFETY: 16 readable bytes.
            let v = unsafe { words(color) };
            format::encode_i32(t.order, t.ty, v, el);
        }
        read_flags::RESULT_I64 => {
            let mut v = [0u64; 4];
            for (k, x) in v.iter_mut().enumerate() {
                // SAFETY: 32 readable bytes for i64 colors.
                *x = unsafe { (color.add(8 * k) as *const u64).read_unaligned() };
            }
            format::encode_i64(t.order, t.ty, v, el);
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
    0
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
        query::CUBES => t.layers() / 6,
        query::ORDER => (t.order as u32).wrapping_sub(CHANNEL_ORDER_BASE) as i64,
        query::FORMAT => (t.ty as u32).wrapping_sub(CHANNEL_TYPE_BASE) as i64,
        query::SAMPLER => t.desc.sampler as i64,
        _ => 0,
    };
    v.clamp(0, i32::MAX as i64) as i32
}

/// Sample an image by the Vulkan rules (`OpImageSample*ExplicitLod`, `OpImageGather`,
/// `OpImageDrefGather`): `out` receives four f32 or i32 (`flags & RESULT_MASK`), `coord`
/// is four f32, `extra` four 32-bit words: the texel offset (three i32) and the depth
/// reference (f32); `flags` also holds `spirjit_abi::image::sample_flags`. Images have
/// one level: every level of detail samples level 0. An invalid descriptor gives zeros.
///
/// # Safety
/// `out` writable (16 bytes, 8 for f16), `coord` and `extra` readable (16 bytes), `img` a
/// valid descriptor or null.
pub unsafe extern "C" fn spirjit_image_sample(
    out: *mut u8,
    img: *const u8,
    sampler: i32,
    coord: *const u8,
    extra: *const u8,
    flags: i32,
) {
    let flags = flags as u32;
    // SAFETY: the caller guarantees 16 readable bytes each.
    let (c, e) = unsafe { (words(coord), words(extra)) };
    // SAFETY: the caller passes a valid descriptor (or null).
    let desc = unsafe { (img as *const ImageDesc).as_ref() };
    let texel = match desc.and_then(Texels::new) {
        Some(t) => vk_sample(
            &t,
            sampler as u32,
            c.map(f32::from_bits),
            [e[0] as i32, e[1] as i32, e[2] as i32],
            f32::from_bits(e[3]),
            flags,
        ),
        None => Texel::I32([0; 4]),
    };
    let bits: [u32; 4] = match texel {
        Texel::F32(f) => f.map(f32::to_bits),
        Texel::I32(i) => i,
    };
    for (k, b) in bits.iter().enumerate() {
        if flags & read_flags::RESULT_MASK == read_flags::RESULT_F16 {
            let h = f32_to_half(f32::from_bits(*b), Rounding::Rte);
            // SAFETY: 8 writable bytes for f16 results.
            unsafe { (out.add(2 * k) as *mut u16).write_unaligned(h) };
        } else {
            // SAFETY: 16 writable bytes.
            unsafe { (out.add(4 * k) as *mut u32).write_unaligned(*b) };
        }
    }
}

/// Where atomics on a texel that lies outside its image go: the access is dropped
/// there (Vulkan leaves it undefined; this keeps it harmless).
static ATOMIC_SINK: [std::sync::atomic::AtomicU64; 2] =
    [std::sync::atomic::AtomicU64::new(0), std::sync::atomic::AtomicU64::new(0)];

/// The address of the texel at integer coordinate `coord` (four i32) of `img`, for image
/// atomics (`OpImageTexelPointer`); a scratch location when the texel lies outside the
/// image or the descriptor is invalid.
///
/// # Safety
/// `coord` readable (16 bytes), `img` a valid descriptor or null.
pub unsafe extern "C" fn spirjit_image_texel_address(img: *const u8, coord: *const u8) -> i64 {
    let sink = ATOMIC_SINK.as_ptr() as i64;
    // SAFETY: the caller passes a valid descriptor (or null).
    let Some(t) = (unsafe { (img as *const ImageDesc).as_ref() }).and_then(Texels::new) else { return sink };
    // SAFETY: 16 readable bytes.
    let (idx, layer) = int_index(&t, unsafe { words(coord) });
    match t.element_mut(idx, layer) {
        Some(el) => el.as_mut_ptr() as i64,
        None => sink,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use spirjit_abi::{ChannelOrder, ChannelType, ImageDim};

    /// A 2×2 RGBA8 image inside a buffer with 16 guard bytes on each side.
    fn guarded() -> (Vec<u8>, ImageDesc) {
        let mut raw = vec![0xA5u8; 16 + 16 + 16];
        raw[16..32].iter_mut().enumerate().for_each(|(i, b)| *b = i as u8);
        // SAFETY: 16 is inside `raw`, which outlives every use of the descriptor below.
        let data = unsafe { raw.as_mut_ptr().add(16) };
        let desc = ImageDesc {
            data,
            width: 2,
            height: 2,
            depth: 1,
            array_size: 1,
            row_pitch: 8,
            slice_pitch: 16,
            channel_order: ChannelOrder::RGBA as u32,
            channel_type: ChannelType::UnsignedInt8 as u32,
            element_size: 4,
            dim: ImageDim::D2 as u32,
            buffer_size: 16,
            sampler: 0,
            reserved: 0,
        };
        (raw, desc)
    }

    fn decode(status: i64) -> (i64, i64) {
        assert_eq!(status & access_status::OUT_OF_RANGE, 1);
        (status >> access_status::OFFSET_SHIFT, (status >> access_status::SIZE_SHIFT) & access_status::SIZE_MASK)
    }

    #[test]
    fn out_of_range_writes_touch_nothing_and_report_when_asked() {
        let (raw, desc) = guarded();
        let before = raw.clone();
        let color = [7u32; 4];
        let report = (read_flags::RESULT_I32 | read_flags::REPORT_OUT_OF_RANGE) as i32;
        for (coord, offset) in [([2i32, 0, 0, 0], 8i64), ([0, 2, 0, 0], 16), ([-1, 0, 0, 0], -4), ([1, -1, 0, 0], -4)] {
            let d = &desc as *const ImageDesc as *const u8;
            // SAFETY: valid descriptor, 16-byte coordinate and color.
            let st = unsafe { spirjit_image_write(d, coord.as_ptr() as _, color.as_ptr() as _, report) };
            assert_eq!(decode(st), (offset, 4), "{coord:?}");
            // SAFETY: as above.
            let st = unsafe { spirjit_image_write(d, coord.as_ptr() as _, color.as_ptr() as _, report & 0xF0) };
            assert_eq!(st, 0, "{coord:?} without REPORT_OUT_OF_RANGE");
            let mut out = [1u32; 4];
            // SAFETY: as above, 16-byte result.
            let st = unsafe { spirjit_image_read(out.as_mut_ptr() as _, d, 0, coord.as_ptr() as _, report) };
            assert_eq!(decode(st), (offset, 4), "{coord:?}");
            assert_eq!(out, [0; 4]);
        }
        assert_eq!(raw, before, "memory changed");
        // In range: written, status 0.
        let d = &desc as *const ImageDesc as *const u8;
        let coord = [1i32, 1, 0, 0];
        // SAFETY: as above.
        let st = unsafe { spirjit_image_write(d, coord.as_ptr() as _, color.as_ptr() as _, report) };
        assert_eq!(st, 0);
        assert_eq!(&raw[28..32], &[7, 7, 7, 7]);
        assert!(raw[..16].iter().chain(&raw[32..]).all(|b| *b == 0xA5));
    }
}

//! The image formats the device supports, in one table: each Vulkan format with the
//! runtime's channel order and channel data type, its texel size, and the features it
//! has (storage image, image atomics, sampling, linear filtering, texel buffers,
//! transfers). `vkGetPhysicalDeviceFormatProperties`, `vkGetPhysicalDeviceImageFormatProperties`
//! and image, view and buffer view creation all read this table, so the device reports
//! exactly what it runs. Also the encoding of a clear colour into a format's texel bytes.
//! This module must not touch images or memory.

use ash::vk;
use spirjit::{ChannelOrder, ChannelType};

use crate::handles::{self, guard, put};

/// How a format's channels hold numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numeric {
    /// Floats, or normalized integers (read as floats).
    Float,
    Uint,
    Sint,
}

/// One supported format.
#[derive(Clone, Copy, Debug)]
pub struct FormatInfo {
    pub format: vk::Format,
    pub order: ChannelOrder,
    pub ty: ChannelType,
    /// Bytes of one texel.
    pub size: u32,
    pub numeric: Numeric,
}

impl FormatInfo {
    /// Whether storage images (and storage texel buffers, for 32 bits) of this format
    /// support atomics.
    fn atomic(&self) -> bool {
        matches!(self.format, vk::Format::R32_UINT | vk::Format::R32_SINT) || self.is_64_bit()
    }

    /// The 64-bit integer formats (`VK_EXT_shader_image_atomic_int64`): storage images
    /// and transfers only.
    fn is_64_bit(&self) -> bool {
        matches!(self.format, vk::Format::R64_UINT | vk::Format::R64_SINT)
    }
}

macro_rules! formats {
    ($($f:ident $o:ident $t:ident $n:ident;)*) => {
        &[$(FormatInfo {
            format: vk::Format::$f,
            order: ChannelOrder::$o,
            ty: ChannelType::$t,
            size: texel_size(ChannelOrder::$o, ChannelType::$t),
            numeric: Numeric::$n,
        },)*]
    };
}

const fn texel_size(order: ChannelOrder, ty: ChannelType) -> u32 {
    let channels = match order {
        ChannelOrder::R => 1,
        ChannelOrder::RG => 2,
        ChannelOrder::RGB => 3,
        _ => 4,
    };
    match ty {
        ChannelType::UnormInt8 | ChannelType::SnormInt8 | ChannelType::UnsignedInt8 | ChannelType::SignedInt8 => {
            channels
        }
        ChannelType::UnormInt16
        | ChannelType::SnormInt16
        | ChannelType::UnsignedInt16
        | ChannelType::SignedInt16
        | ChannelType::HalfFloat => 2 * channels,
        ChannelType::UnormInt2101010 | ChannelType::UnsignedInt2101010 | ChannelType::UnsignedFloat111110 => 4,
        ChannelType::UnormShort4444 => 2,
        ChannelType::UnsignedInt64 | ChannelType::SignedInt64 => 8 * channels,
        _ => 4 * channels,
    }
}

/// Every format the device supports for images and texel buffers.
pub static FORMATS: &[FormatInfo] = formats! {
    R8_UNORM R UnormInt8 Float;
    R8_SNORM R SnormInt8 Float;
    R8_UINT R UnsignedInt8 Uint;
    R8_SINT R SignedInt8 Sint;
    R8G8_UNORM RG UnormInt8 Float;
    R8G8_SNORM RG SnormInt8 Float;
    R8G8_UINT RG UnsignedInt8 Uint;
    R8G8_SINT RG SignedInt8 Sint;
    R8G8B8A8_UNORM RGBA UnormInt8 Float;
    R8G8B8A8_SNORM RGBA SnormInt8 Float;
    R8G8B8A8_UINT RGBA UnsignedInt8 Uint;
    R8G8B8A8_SINT RGBA SignedInt8 Sint;
    B8G8R8A8_UNORM BGRA UnormInt8 Float;
    R16_UNORM R UnormInt16 Float;
    R16_SNORM R SnormInt16 Float;
    R16_UINT R UnsignedInt16 Uint;
    R16_SINT R SignedInt16 Sint;
    R16_SFLOAT R HalfFloat Float;
    R16G16_UNORM RG UnormInt16 Float;
    R16G16_SNORM RG SnormInt16 Float;
    R16G16_UINT RG UnsignedInt16 Uint;
    R16G16_SINT RG SignedInt16 Sint;
    R16G16_SFLOAT RG HalfFloat Float;
    R16G16B16A16_UNORM RGBA UnormInt16 Float;
    R16G16B16A16_SNORM RGBA SnormInt16 Float;
    R16G16B16A16_UINT RGBA UnsignedInt16 Uint;
    R16G16B16A16_SINT RGBA SignedInt16 Sint;
    R16G16B16A16_SFLOAT RGBA HalfFloat Float;
    R32_UINT R UnsignedInt32 Uint;
    R32_SINT R SignedInt32 Sint;
    R32_SFLOAT R Float Float;
    R32G32_UINT RG UnsignedInt32 Uint;
    R32G32_SINT RG SignedInt32 Sint;
    R32G32_SFLOAT RG Float Float;
    R32G32B32A32_UINT RGBA UnsignedInt32 Uint;
    R32G32B32A32_SINT RGBA SignedInt32 Sint;
    R32G32B32A32_SFLOAT RGBA Float Float;
    A2B10G10R10_UNORM_PACK32 RGBA UnormInt2101010 Float;
    A2B10G10R10_UINT_PACK32 RGBA UnsignedInt2101010 Uint;
    B10G11R11_UFLOAT_PACK32 RGB UnsignedFloat111110 Float;
    A4R4G4B4_UNORM_PACK16 ARGB UnormShort4444 Float;
    A4B4G4R4_UNORM_PACK16 ABGR UnormShort4444 Float;
    R64_UINT R UnsignedInt64 Uint;
    R64_SINT R SignedInt64 Sint;
};

/// The table entry of `format`, if the device supports it.
pub fn info(format: vk::Format) -> Option<&'static FormatInfo> {
    FORMATS.iter().find(|f| f.format == format)
}

/// The features of an image of `f` (linear and optimal tiling are the same layout).
fn image_features(f: &FormatInfo) -> vk::FormatFeatureFlags {
    if f.is_64_bit() {
        return vk::FormatFeatureFlags::STORAGE_IMAGE
            | vk::FormatFeatureFlags::STORAGE_IMAGE_ATOMIC
            | vk::FormatFeatureFlags::TRANSFER_SRC
            | vk::FormatFeatureFlags::TRANSFER_DST;
    }
    let mut x = vk::FormatFeatureFlags::SAMPLED_IMAGE
        | vk::FormatFeatureFlags::STORAGE_IMAGE
        | vk::FormatFeatureFlags::TRANSFER_SRC
        | vk::FormatFeatureFlags::TRANSFER_DST;
    if f.numeric == Numeric::Float {
        x |= vk::FormatFeatureFlags::SAMPLED_IMAGE_FILTER_LINEAR;
    }
    if f.atomic() {
        x |= vk::FormatFeatureFlags::STORAGE_IMAGE_ATOMIC;
    }
    x
}

/// The features of a texel buffer of `f`.
fn buffer_features(f: &FormatInfo) -> vk::FormatFeatureFlags {
    if f.is_64_bit() {
        return vk::FormatFeatureFlags::empty();
    }
    let mut x = vk::FormatFeatureFlags::UNIFORM_TEXEL_BUFFER | vk::FormatFeatureFlags::STORAGE_TEXEL_BUFFER;
    if f.atomic() {
        x |= vk::FormatFeatureFlags::STORAGE_TEXEL_BUFFER_ATOMIC;
    }
    x
}

/// `VkFormatProperties` of `format` (none for formats outside the table).
pub fn properties(format: vk::Format) -> vk::FormatProperties {
    match info(format) {
        Some(f) => vk::FormatProperties {
            linear_tiling_features: image_features(f),
            optimal_tiling_features: image_features(f),
            buffer_features: buffer_features(f),
        },
        None => vk::FormatProperties::default(),
    }
}

/// Largest width and height of 1D, 2D and cube images.
pub const MAX_DIMENSION_2D: u32 = 16384;
/// Largest side of 3D images.
pub const MAX_DIMENSION_3D: u32 = 2048;
/// Largest number of array layers.
pub const MAX_ARRAY_LAYERS: u32 = 2048;
/// Largest number of texels of a texel buffer.
pub const MAX_TEXEL_BUFFER_ELEMENTS: u32 = 1 << 27;
/// Largest image, in bytes.
pub const MAX_RESOURCE_SIZE: u64 = 1 << 40;

/// The usages an image may have on this device (no attachments: compute only).
pub fn usage_supported(f: &FormatInfo, usage: vk::ImageUsageFlags) -> Result<(), String> {
    let known = vk::ImageUsageFlags::TRANSFER_SRC
        | vk::ImageUsageFlags::TRANSFER_DST
        | vk::ImageUsageFlags::SAMPLED
        | vk::ImageUsageFlags::STORAGE;
    if !known.contains(usage) {
        return Err(format!("usage {usage:?}: the device is compute-only (no attachments)"));
    }
    let features = image_features(f);
    if usage.contains(vk::ImageUsageFlags::STORAGE) && !features.contains(vk::FormatFeatureFlags::STORAGE_IMAGE) {
        return Err(format!("{:?} has no storage image support", f.format));
    }
    if usage.contains(vk::ImageUsageFlags::SAMPLED) && !features.contains(vk::FormatFeatureFlags::SAMPLED_IMAGE) {
        return Err(format!("{:?} has no sampled image support", f.format));
    }
    Ok(())
}

/// The create flags images may have.
pub fn flags_supported(flags: vk::ImageCreateFlags) -> Result<(), String> {
    let known = vk::ImageCreateFlags::MUTABLE_FORMAT | vk::ImageCreateFlags::CUBE_COMPATIBLE;
    if known.contains(flags) {
        Ok(())
    } else {
        Err(format!("image flags {flags:?}: only MUTABLE_FORMAT and CUBE_COMPATIBLE are supported"))
    }
}

/// `VkImageFormatProperties` of an image of this kind, or why there is none.
pub fn image_format_properties(
    format: vk::Format,
    ty: vk::ImageType,
    tiling: vk::ImageTiling,
    usage: vk::ImageUsageFlags,
    flags: vk::ImageCreateFlags,
) -> Result<vk::ImageFormatProperties, String> {
    let f = info(format).ok_or_else(|| format!("format {format:?} is not supported"))?;
    if !matches!(tiling, vk::ImageTiling::LINEAR | vk::ImageTiling::OPTIMAL) {
        return Err(format!("tiling {tiling:?} is not supported"));
    }
    usage_supported(f, usage)?;
    flags_supported(flags)?;
    let max_extent = match ty {
        vk::ImageType::TYPE_1D => vk::Extent3D { width: MAX_DIMENSION_2D, height: 1, depth: 1 },
        vk::ImageType::TYPE_2D => vk::Extent3D { width: MAX_DIMENSION_2D, height: MAX_DIMENSION_2D, depth: 1 },
        vk::ImageType::TYPE_3D => {
            vk::Extent3D { width: MAX_DIMENSION_3D, height: MAX_DIMENSION_3D, depth: MAX_DIMENSION_3D }
        }
        _ => return Err(format!("image type {ty:?} is not supported")),
    };
    if flags.contains(vk::ImageCreateFlags::CUBE_COMPATIBLE) && ty != vk::ImageType::TYPE_2D {
        return Err("cube-compatible images must be 2D".to_string());
    }
    Ok(vk::ImageFormatProperties {
        max_extent,
        // Images have one mip level: the runtime samples level 0 only.
        max_mip_levels: 1,
        max_array_layers: if ty == vk::ImageType::TYPE_3D { 1 } else { MAX_ARRAY_LAYERS },
        sample_counts: vk::SampleCountFlags::TYPE_1,
        max_resource_size: MAX_RESOURCE_SIZE,
    })
}

pub unsafe extern "system" fn get_physical_device_image_format_properties(
    pd: vk::PhysicalDevice,
    format: vk::Format,
    ty: vk::ImageType,
    tiling: vk::ImageTiling,
    usage: vk::ImageUsageFlags,
    flags: vk::ImageCreateFlags,
    out: *mut vk::ImageFormatProperties,
) -> vk::Result {
    guard(|| {
        crate::instance::physical(pd)?;
        match image_format_properties(format, ty, tiling, usage, flags) {
            // SAFETY: the caller's output pointer.
            Ok(p) => unsafe { put(out, p) },
            Err(_) => {
                // SAFETY: as above; the structure is zeroed when the format is unsupported.
                let _ = unsafe { put(out, vk::ImageFormatProperties::default()) };
                Err(vk::Result::ERROR_FORMAT_NOT_SUPPORTED)
            }
        }
    })
}

pub unsafe extern "system" fn get_physical_device_image_format_properties2(
    pd: vk::PhysicalDevice,
    info: *const vk::PhysicalDeviceImageFormatInfo2<'_>,
    out: *mut vk::ImageFormatProperties2<'_>,
) -> vk::Result {
    guard(|| {
        crate::instance::physical(pd)?;
        // SAFETY: the caller's info and output structure.
        let (info, out) = unsafe { (info.as_ref(), out.as_mut()) };
        let (Some(info), Some(out)) = (info, out) else { return Err(vk::Result::ERROR_UNKNOWN) };
        // SAFETY: the caller's input chain.
        let Ok(external) = (unsafe { external_input(info.p_next as *const vk::BaseInStructure<'_>) }) else {
            out.image_format_properties = vk::ImageFormatProperties::default();
            return Err(vk::Result::ERROR_FORMAT_NOT_SUPPORTED);
        };
        match image_format_properties(info.format, info.ty, info.tiling, info.usage, info.flags) {
            Ok(p) => {
                out.image_format_properties = p;
                // SAFETY: the caller's output chain.
                unsafe { fill_output_chain(out.p_next as *mut vk::BaseOutStructure<'_>, external.unwrap_or_default()) };
                handles::OK
            }
            Err(_) => {
                out.image_format_properties = vk::ImageFormatProperties::default();
                Err(vk::Result::ERROR_FORMAT_NOT_SUPPORTED)
            }
        }
    })
}

/// What the device can do with an image of the external memory handle type an image
/// format query's input chain asks about (None: no handle type); an error for a handle
/// type the device does not have (such images are not supported). Images, like buffers,
/// are bytes of memory in place, so every handle type of `external` serves both.
///
/// # Safety
/// `next` must be a valid `pNext` chain.
unsafe fn external_input(mut next: *const vk::BaseInStructure<'_>) -> Result<Option<vk::ExternalMemoryProperties>, ()> {
    // SAFETY: the caller's contract.
    while let Some(s) = unsafe { next.as_ref() } {
        if s.s_type == vk::StructureType::PHYSICAL_DEVICE_EXTERNAL_IMAGE_FORMAT_INFO {
            // SAFETY: the structure its sType names.
            let e = unsafe { &*(next as *const vk::PhysicalDeviceExternalImageFormatInfo<'_>) };
            if !e.handle_type.is_empty() {
                return crate::external::memory_properties(e.handle_type).map(Some).ok_or(());
            }
        }
        next = s.p_next;
    }
    Ok(None)
}

/// Fill the output structures of an image format query the driver knows (`external`: the
/// external memory properties of the handle type asked about).
///
/// # Safety
/// `next` must be a valid `pNext` chain of output structures.
unsafe fn fill_output_chain(mut next: *mut vk::BaseOutStructure<'_>, external: vk::ExternalMemoryProperties) {
    // SAFETY: the caller's contract; each structure is cast to the type its sType names.
    unsafe {
        while let Some(s) = next.as_mut() {
            if s.s_type == vk::StructureType::EXTERNAL_IMAGE_FORMAT_PROPERTIES {
                let e = &mut *(next as *mut vk::ExternalImageFormatProperties<'_>);
                e.external_memory_properties = external;
            }
            next = s.p_next;
        }
    }
}

/// The bytes of one texel of `f` holding `color` (`VkClearColorValue`: floats for float
/// and normalized formats, integers for integer formats), as a shader write would store
/// it (normalized values clamped and rounded to nearest).
pub fn encode_clear(f: &FormatInfo, color: &vk::ClearColorValue) -> Vec<u8> {
    // SAFETY: every member of the union is four 32-bit words; which one the application
    // meant is given by the format (Vulkan's rule), and all bit patterns are valid.
    let (floats, words) = unsafe { (color.float32, color.uint32) };
    let channel = |c: usize| match f.order {
        ChannelOrder::BGRA => [2, 1, 0, 3][c],
        _ => c,
    };
    let n = match f.order {
        ChannelOrder::R => 1,
        ChannelOrder::RG => 2,
        ChannelOrder::RGB => 3,
        _ => 4,
    };
    let mut out = Vec::with_capacity(f.size as usize);
    match f.ty {
        ChannelType::UnormInt2101010 => {
            let q = |c: usize, bits: u32| unorm(floats[c], bits) as u32;
            let v = q(0, 10) | q(1, 10) << 10 | q(2, 10) << 20 | q(3, 2) << 30;
            out.extend_from_slice(&v.to_le_bytes());
        }
        ChannelType::UnsignedInt2101010 => {
            let q = |c: usize, bits: u32| words[c].min((1 << bits) - 1);
            let v = q(0, 10) | q(1, 10) << 10 | q(2, 10) << 20 | q(3, 2) << 30;
            out.extend_from_slice(&v.to_le_bytes());
        }
        ChannelType::UnormShort4444 => {
            // The order's channels (a first) from the most significant nibble down.
            let order = if f.order == ChannelOrder::ARGB { [3, 0, 1, 2] } else { [3, 2, 1, 0] };
            let v = order.iter().enumerate().fold(0u16, |v, (k, &c)| v | (unorm(floats[c], 4) as u16) << (12 - 4 * k));
            out.extend_from_slice(&v.to_le_bytes());
        }
        ChannelType::UnsignedFloat111110 => {
            let v = small_float(floats[0], 6) | small_float(floats[1], 6) << 11 | small_float(floats[2], 5) << 22;
            out.extend_from_slice(&v.to_le_bytes());
        }
        ty => {
            for c in 0..n {
                let src = channel(c);
                let (x, w) = (floats[src], words[src]);
                let s = w as i32;
                match ty {
                    ChannelType::UnormInt8 => out.push(unorm(x, 8) as u8),
                    ChannelType::SnormInt8 => out.push(snorm(x, 8) as i8 as u8),
                    ChannelType::UnormInt16 => out.extend_from_slice(&(unorm(x, 16) as u16).to_le_bytes()),
                    ChannelType::SnormInt16 => out.extend_from_slice(&(snorm(x, 16) as i16).to_le_bytes()),
                    ChannelType::HalfFloat => out.extend_from_slice(&f32_to_f16(x).to_le_bytes()),
                    ChannelType::Float => out.extend_from_slice(&x.to_le_bytes()),
                    ChannelType::UnsignedInt8 => out.push(w.min(0xff) as u8),
                    ChannelType::UnsignedInt16 => out.extend_from_slice(&(w.min(0xffff) as u16).to_le_bytes()),
                    ChannelType::UnsignedInt32 => out.extend_from_slice(&w.to_le_bytes()),
                    ChannelType::SignedInt8 => out.push(s.clamp(-128, 127) as i8 as u8),
                    ChannelType::SignedInt16 => out.extend_from_slice(&(s.clamp(-32768, 32767) as i16).to_le_bytes()),
                    // A clear value has 32 bits per channel: zero- or sign-extended.
                    ChannelType::UnsignedInt64 => out.extend_from_slice(&u64::from(w).to_le_bytes()),
                    ChannelType::SignedInt64 => out.extend_from_slice(&i64::from(s).to_le_bytes()),
                    _ => out.extend_from_slice(&s.to_le_bytes()),
                }
            }
        }
    }
    out.resize(f.size as usize, 0);
    out
}

/// `x` as an unsigned normalized integer of `bits` bits.
fn unorm(x: f32, bits: u32) -> i64 {
    let max = ((1u64 << bits) - 1) as f32;
    let x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
    (x * max).round_ties_even() as i64
}

/// `x` as a signed normalized integer of `bits` bits.
fn snorm(x: f32, bits: u32) -> i64 {
    let max = ((1u64 << (bits - 1)) - 1) as f32;
    let x = if x.is_nan() { 0.0 } else { x.clamp(-1.0, 1.0) };
    (x * max).round_ties_even() as i64
}

/// `x` as an IEEE half float (round to nearest even).
pub fn f32_to_f16(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let mid = 1 << (shift - 1);
        let round = rem > mid || (rem == mid && half & 1 == 1);
        return sign | (half + round as u32) as u16;
    }
    let half = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1fff;
    let round = rem > 0x1000 || (rem == 0x1000 && half & 1 == 1);
    sign | (half + round as u32) as u16
}

/// `x` as an unsigned small float with a 5-bit exponent and `mbits` of mantissa
/// (B10G11R11: 6 for r and g, 5 for b); negative values and NaN's sign become 0,
/// rounding toward zero.
fn small_float(x: f32, mbits: u32) -> u32 {
    let max_man = (1 << mbits) - 1;
    if x.is_nan() {
        return 0x1f << mbits | 1;
    }
    if x <= 0.0 {
        return 0;
    }
    if x.is_infinite() {
        return 0x1f << mbits;
    }
    let b = x.to_bits();
    let exp = ((b >> 23) & 0xff) as i32 - 127 + 15;
    let man = b & 0x7f_ffff;
    if exp >= 31 {
        return (0x1e << mbits) | max_man;
    }
    if exp <= 0 {
        let shift = 23 - mbits as i32 + 1 - exp;
        if shift >= 32 {
            return 0;
        }
        return (man | 0x80_0000) >> shift;
    }
    (exp as u32) << mbits | man >> (23 - mbits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texel_sizes_match_the_runtime() {
        for f in FORMATS {
            let img = spirjit::Image::new(spirjit::ImageDim::D2, f.order, f.ty, [1, 1, 1])
                .unwrap_or_else(|e| panic!("{:?}: {e}", f.format));
            assert_eq!(img.element_size(), f.size as usize, "{:?}", f.format);
        }
    }

    #[test]
    fn clear_colors_encode_as_shader_writes() {
        let c = vk::ClearColorValue { float32: [1.0, 0.5, 0.0, -1.0] };
        assert_eq!(encode_clear(info(vk::Format::R8G8B8A8_UNORM).unwrap(), &c), [255, 128, 0, 0]);
        assert_eq!(encode_clear(info(vk::Format::B8G8R8A8_UNORM).unwrap(), &c), [0, 128, 255, 0]);
        assert_eq!(encode_clear(info(vk::Format::R16_SFLOAT).unwrap(), &c), 0x3c00u16.to_le_bytes());
        let i = vk::ClearColorValue { int32: [-300, 7, 0, 0] };
        assert_eq!(encode_clear(info(vk::Format::R8G8_SINT).unwrap(), &i), [0x80, 7]);
        assert_eq!(encode_clear(info(vk::Format::R64_SINT).unwrap(), &i), (-300i64).to_le_bytes());
        assert_eq!(f32_to_f16(0.1), 0x2e66);
        assert_eq!(small_float(1.0, 6), 15 << 6);
    }
}

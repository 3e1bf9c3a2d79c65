//! Images and samplers as compiled kernels see them: the [`ImageDesc`] an image
//! argument's slot points to, the channel orders and channel data types (OpenCL 1.2
//! `CL_*` values), and the sampler bit field a sampler argument's slot holds.
//!
//! Encodings:
//! * An image kernel argument's 8-byte slot holds a pointer to an [`ImageDesc`] that
//!   stays valid for the whole dispatch.
//! * A sampler kernel argument's slot holds the sampler bit field (SPIR 1.2 table 4) in
//!   its low 32 bits: addressing mode in bits 0..3 ([`sampler::ADDRESS_MASK`]),
//!   [`sampler::NORMALIZED_COORDS`] and [`sampler::FILTER_LINEAR`].
//! * Channel orders and data types are stored as their OpenCL 1.2 `CL_*` values; SPIR-V
//!   `OpImageQueryOrder` / `OpImageQueryFormat` return the value minus
//!   [`CHANNEL_ORDER_BASE`] / [`CHANNEL_TYPE_BASE`] (the SPIR-V enumerants), and modules
//!   produced from OpenCL C add the base back.
//!
//! This module is layout only: no pixel conversion, no addressing logic.

/// Added to a SPIR-V `ImageChannelOrder` enumerant to get the `CL_*` value.
pub const CHANNEL_ORDER_BASE: u32 = 0x10B0;
/// Added to a SPIR-V `ImageChannelDataType` enumerant to get the `CL_*` value.
pub const CHANNEL_TYPE_BASE: u32 = 0x10D0;

/// Image channel orders (`cl_channel_order`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChannelOrder {
    R = 0x10B0,
    A = 0x10B1,
    RG = 0x10B2,
    RA = 0x10B3,
    RGB = 0x10B4,
    RGBA = 0x10B5,
    BGRA = 0x10B6,
    ARGB = 0x10B7,
    Intensity = 0x10B8,
    Luminance = 0x10B9,
    Rx = 0x10BA,
    RGx = 0x10BB,
    RGBx = 0x10BC,
    Depth = 0x10BD,
    SRGB = 0x10BF,
    SRGBx = 0x10C0,
    SRGBA = 0x10C1,
    SBGRA = 0x10C2,
    ABGR = 0x10C3,
}

impl ChannelOrder {
    /// Every channel order, in `CL_*` value order.
    pub const ALL: [ChannelOrder; 19] = [
        ChannelOrder::R,
        ChannelOrder::A,
        ChannelOrder::RG,
        ChannelOrder::RA,
        ChannelOrder::RGB,
        ChannelOrder::RGBA,
        ChannelOrder::BGRA,
        ChannelOrder::ARGB,
        ChannelOrder::Intensity,
        ChannelOrder::Luminance,
        ChannelOrder::Rx,
        ChannelOrder::RGx,
        ChannelOrder::RGBx,
        ChannelOrder::Depth,
        ChannelOrder::SRGB,
        ChannelOrder::SRGBx,
        ChannelOrder::SRGBA,
        ChannelOrder::SBGRA,
        ChannelOrder::ABGR,
    ];

    /// The order with `CL_*` value `v`.
    pub fn from_u32(v: u32) -> Option<ChannelOrder> {
        Self::ALL.into_iter().find(|o| *o as u32 == v)
    }

    /// Stored channels per element for non-packed data types (padding channels of the
    /// `x` orders included).
    pub fn channels(self) -> u32 {
        use ChannelOrder::*;
        match self {
            R | A | Intensity | Luminance | Depth => 1,
            RG | RA | Rx => 2,
            RGB | RGx | SRGB => 3,
            RGBA | BGRA | ARGB | ABGR | RGBx | SRGBx | SRGBA | SBGRA => 4,
        }
    }

    /// True for the sRGB orders (stored values are sRGB-encoded).
    pub fn is_srgb(self) -> bool {
        matches!(self, ChannelOrder::SRGB | ChannelOrder::SRGBx | ChannelOrder::SRGBA | ChannelOrder::SBGRA)
    }

    /// Lower-case name as the CLI spells it (`rgba`, `bgra`, `srgba`, ...).
    pub fn name(self) -> &'static str {
        use ChannelOrder::*;
        match self {
            R => "r",
            A => "a",
            RG => "rg",
            RA => "ra",
            RGB => "rgb",
            RGBA => "rgba",
            BGRA => "bgra",
            ARGB => "argb",
            Intensity => "intensity",
            Luminance => "luminance",
            Rx => "rx",
            RGx => "rgx",
            RGBx => "rgbx",
            Depth => "depth",
            SRGB => "srgb",
            SRGBx => "srgbx",
            SRGBA => "srgba",
            SBGRA => "sbgra",
            ABGR => "abgr",
        }
    }
}

/// Image channel data types (`cl_channel_type`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChannelType {
    SnormInt8 = 0x10D0,
    SnormInt16 = 0x10D1,
    UnormInt8 = 0x10D2,
    UnormInt16 = 0x10D3,
    UnormShort565 = 0x10D4,
    UnormShort555 = 0x10D5,
    UnormInt101010 = 0x10D6,
    SignedInt8 = 0x10D7,
    SignedInt16 = 0x10D8,
    SignedInt32 = 0x10D9,
    UnsignedInt8 = 0x10DA,
    UnsignedInt16 = 0x10DB,
    UnsignedInt32 = 0x10DC,
    HalfFloat = 0x10DD,
    Float = 0x10DE,
}

impl ChannelType {
    /// Every channel data type, in `CL_*` value order.
    pub const ALL: [ChannelType; 15] = [
        ChannelType::SnormInt8,
        ChannelType::SnormInt16,
        ChannelType::UnormInt8,
        ChannelType::UnormInt16,
        ChannelType::UnormShort565,
        ChannelType::UnormShort555,
        ChannelType::UnormInt101010,
        ChannelType::SignedInt8,
        ChannelType::SignedInt16,
        ChannelType::SignedInt32,
        ChannelType::UnsignedInt8,
        ChannelType::UnsignedInt16,
        ChannelType::UnsignedInt32,
        ChannelType::HalfFloat,
        ChannelType::Float,
    ];

    /// The type with `CL_*` value `v`.
    pub fn from_u32(v: u32) -> Option<ChannelType> {
        Self::ALL.into_iter().find(|t| *t as u32 == v)
    }

    /// Bytes of one channel, or `None` for the packed types (one element holds r, g, b).
    pub fn channel_size(self) -> Option<u32> {
        use ChannelType::*;
        match self {
            SnormInt8 | UnormInt8 | SignedInt8 | UnsignedInt8 => Some(1),
            SnormInt16 | UnormInt16 | SignedInt16 | UnsignedInt16 | HalfFloat => Some(2),
            SignedInt32 | UnsignedInt32 | Float => Some(4),
            UnormShort565 | UnormShort555 | UnormInt101010 => None,
        }
    }

    /// True for the types `read_imagei` / `write_imagei` use.
    pub fn is_signed_int(self) -> bool {
        matches!(self, ChannelType::SignedInt8 | ChannelType::SignedInt16 | ChannelType::SignedInt32)
    }

    /// True for the types `read_imageui` / `write_imageui` use.
    pub fn is_unsigned_int(self) -> bool {
        matches!(self, ChannelType::UnsignedInt8 | ChannelType::UnsignedInt16 | ChannelType::UnsignedInt32)
    }

    /// Lower-case name as the CLI spells it (`unorm8`, `sint16`, `float`, ...).
    pub fn name(self) -> &'static str {
        use ChannelType::*;
        match self {
            SnormInt8 => "snorm8",
            SnormInt16 => "snorm16",
            UnormInt8 => "unorm8",
            UnormInt16 => "unorm16",
            UnormShort565 => "unorm565",
            UnormShort555 => "unorm555",
            UnormInt101010 => "unorm101010",
            SignedInt8 => "sint8",
            SignedInt16 => "sint16",
            SignedInt32 => "sint32",
            UnsignedInt8 => "uint8",
            UnsignedInt16 => "uint16",
            UnsignedInt32 => "uint32",
            HalfFloat => "half",
            Float => "float",
        }
    }
}

/// Bytes of one element of `order` × `ty`, or `None` when the combination is invalid
/// (packed types need `RGB` or `RGBx`).
pub fn element_size(order: ChannelOrder, ty: ChannelType) -> Option<u32> {
    match ty.channel_size() {
        Some(s) => Some(s * order.channels()),
        None => match (order, ty) {
            (ChannelOrder::RGB | ChannelOrder::RGBx, ChannelType::UnormInt101010) => Some(4),
            (ChannelOrder::RGB | ChannelOrder::RGBx, _) => Some(2),
            _ => None,
        },
    }
}

/// Image dimensionality ([`ImageDesc::dim`]).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageDim {
    D1 = 1,
    D1Array = 2,
    D1Buffer = 3,
    D2 = 4,
    D2Array = 5,
    D3 = 6,
}

impl ImageDim {
    pub const ALL: [ImageDim; 6] =
        [ImageDim::D1, ImageDim::D1Array, ImageDim::D1Buffer, ImageDim::D2, ImageDim::D2Array, ImageDim::D3];

    pub fn from_u32(v: u32) -> Option<ImageDim> {
        Self::ALL.into_iter().find(|d| *d as u32 == v)
    }

    /// The KIR / OpenCL spelling: `1d`, `1d_array`, `1d_buffer`, `2d`, `2d_array`, `3d`.
    pub fn name(self) -> &'static str {
        match self {
            ImageDim::D1 => "1d",
            ImageDim::D1Array => "1d_array",
            ImageDim::D1Buffer => "1d_buffer",
            ImageDim::D2 => "2d",
            ImageDim::D2Array => "2d_array",
            ImageDim::D3 => "3d",
        }
    }

    pub fn from_name(s: &str) -> Option<ImageDim> {
        Self::ALL.into_iter().find(|d| d.name() == s)
    }

    /// True for the array dimensionalities (the last coordinate selects a layer).
    pub fn is_array(self) -> bool {
        matches!(self, ImageDim::D1Array | ImageDim::D2Array)
    }

    /// Number of spatial coordinates (1, 2 or 3), the layer not counted.
    pub fn spatial(self) -> usize {
        match self {
            ImageDim::D1 | ImageDim::D1Array | ImageDim::D1Buffer => 1,
            ImageDim::D2 | ImageDim::D2Array => 2,
            ImageDim::D3 => 3,
        }
    }
}

/// What an image argument's slot points to.
///
/// Element (x, y, z) of layer `l` lives at `data + x * element_size + y * row_pitch +
/// (z or l) * slice_pitch`. Unused sizes are 1 (`height` of 1D images, `depth` of
/// non-3D images, `array_size` of non-array images).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ImageDesc {
    pub data: *mut u8,
    pub width: u64,
    pub height: u64,
    pub depth: u64,
    pub array_size: u64,
    pub row_pitch: u64,
    pub slice_pitch: u64,
    /// A [`ChannelOrder`] value.
    pub channel_order: u32,
    /// A [`ChannelType`] value.
    pub channel_type: u32,
    pub element_size: u32,
    /// An [`ImageDim`] value.
    pub dim: u32,
    /// Bytes the data pointer covers; accesses never leave `[data, data + buffer_size)`.
    pub buffer_size: u64,
}

/// The sampler bit field (SPIR 1.2 table 4).
pub mod sampler {
    /// Bits holding the addressing mode.
    pub const ADDRESS_MASK: u32 = 0x7;
    pub const ADDRESS_NONE: u32 = 0;
    pub const ADDRESS_CLAMP: u32 = 1;
    pub const ADDRESS_CLAMP_TO_EDGE: u32 = 2;
    pub const ADDRESS_REPEAT: u32 = 3;
    pub const ADDRESS_MIRRORED_REPEAT: u32 = 4;
    /// Coordinates are normalized (0..1 spans the image).
    pub const NORMALIZED_COORDS: u32 = 0x8;
    /// Linear filtering (otherwise nearest).
    pub const FILTER_LINEAR: u32 = 0x10;
}

/// What `spirjit_image_query` returns for each selector.
pub mod query {
    pub const WIDTH: u32 = 0;
    pub const HEIGHT: u32 = 1;
    pub const DEPTH: u32 = 2;
    pub const ARRAY_SIZE: u32 = 3;
    /// The SPIR-V `ImageChannelOrder` enumerant (CL value − `CHANNEL_ORDER_BASE`).
    pub const ORDER: u32 = 4;
    /// The SPIR-V `ImageChannelDataType` enumerant (CL value − `CHANNEL_TYPE_BASE`).
    pub const FORMAT: u32 = 5;
}

/// Flags of `spirjit_image_read`: how to read the coordinate and write the result.
pub mod read_flags {
    /// The coordinates are `f32` (otherwise `i32`).
    pub const FLOAT_COORDS: u32 = 1;
    /// An out-of-range coordinate is undefined behaviour (OpenCL reads without a sampler
    /// and writes; also accepted in the `kind` of `spirjit_image_write`): the builtin
    /// still touches no memory and returns a non-zero access status (see
    /// [`super::access_status`]) so checked kernels can report it.
    pub const REPORT_OUT_OF_RANGE: u32 = 2;
    /// Result kinds (bits 4..8): four `f32`, four `i32` or four `f16` bit patterns.
    pub const RESULT_F32: u32 = 0;
    pub const RESULT_I32: u32 = 0x10;
    pub const RESULT_F16: u32 = 0x20;
    pub const RESULT_MASK: u32 = 0xF0;
}

/// What `spirjit_image_read` and `spirjit_image_write` return (an `i64`): 0 when the
/// access was in range or out-of-range accesses are defined (samplers); otherwise
/// `OUT_OF_RANGE | element_size << SIZE_SHIFT | byte_offset << OFFSET_SHIFT`, where
/// `byte_offset` (signed, clamped to ±2^56) is where the element would lie from the
/// start of the image's data.
pub mod access_status {
    /// Bit set when the coordinate was outside the image.
    pub const OUT_OF_RANGE: i64 = 1;
    /// Element size in bytes: `(status >> SIZE_SHIFT) & SIZE_MASK`.
    pub const SIZE_SHIFT: u32 = 1;
    pub const SIZE_MASK: i64 = 0x1F;
    /// Signed byte offset: `status >> OFFSET_SHIFT` (arithmetic shift).
    pub const OFFSET_SHIFT: u32 = 6;
    /// Largest magnitude of a reported offset.
    pub const OFFSET_LIMIT: i64 = 1 << 56;
}

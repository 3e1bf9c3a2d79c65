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
    /// Vulkan `A2B10G10R10_UNORM_PACK32` (SPIR-V `Rgb10A2`), order `RGBA`: r in bits
    /// 0..10, g in 10..20, b in 20..30, a in 30..32. Not an OpenCL type.
    UnormInt2101010 = 0x1100,
    /// Vulkan `A2B10G10R10_UINT_PACK32` (SPIR-V `Rgb10a2ui`), order `RGBA`, laid out as
    /// [`ChannelType::UnormInt2101010`]. Not an OpenCL type.
    UnsignedInt2101010 = 0x1101,
    /// Vulkan `B10G11R11_UFLOAT_PACK32` (SPIR-V `R11fG11fB10f`), order `RGB`: unsigned
    /// 11-bit floats r (bits 0..11) and g (11..22), 10-bit float b (22..32). Not an
    /// OpenCL type.
    UnsignedFloat111110 = 0x1102,
    /// 64-bit signed integers (SPIR-V `R64i`). Not an OpenCL type.
    SignedInt64 = 0x1103,
    /// 64-bit unsigned integers (SPIR-V `R64ui`). Not an OpenCL type.
    UnsignedInt64 = 0x1104,
    /// Four normalized 4-bit channels in 16 bits, the order's channels from the most
    /// significant bits down: order `ARGB` is Vulkan `A4R4G4B4_UNORM_PACK16` (a in bits
    /// 12..16, r 8..12, g 4..8, b 0..4), `ABGR` is `A4B4G4R4_UNORM_PACK16`. Not an OpenCL
    /// type (no SPIR-V image format names it: it is sampled, or read and written through
    /// a view without a declared format).
    UnormShort4444 = 0x1105,
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

    /// The channel types only Vulkan formats use (values after the OpenCL ones).
    pub const VULKAN: [ChannelType; 6] = [
        ChannelType::UnormInt2101010,
        ChannelType::UnsignedInt2101010,
        ChannelType::UnsignedFloat111110,
        ChannelType::SignedInt64,
        ChannelType::UnsignedInt64,
        ChannelType::UnormShort4444,
    ];

    /// The type with value `v` (a `CL_*` value or one of [`ChannelType::VULKAN`]).
    pub fn from_u32(v: u32) -> Option<ChannelType> {
        Self::ALL.into_iter().chain(Self::VULKAN).find(|t| *t as u32 == v)
    }

    /// Bytes of one channel, or `None` for the packed types (one element holds every
    /// channel).
    pub fn channel_size(self) -> Option<u32> {
        use ChannelType::*;
        match self {
            SnormInt8 | UnormInt8 | SignedInt8 | UnsignedInt8 => Some(1),
            SnormInt16 | UnormInt16 | SignedInt16 | UnsignedInt16 | HalfFloat => Some(2),
            SignedInt32 | UnsignedInt32 | Float => Some(4),
            SignedInt64 | UnsignedInt64 => Some(8),
            UnormShort565 | UnormShort555 | UnormInt101010 | UnormInt2101010 | UnsignedInt2101010
            | UnsignedFloat111110 | UnormShort4444 => None,
        }
    }

    /// True for the signed integer types (`read_imagei` / `write_imagei`).
    pub fn is_signed_int(self) -> bool {
        matches!(
            self,
            ChannelType::SignedInt8 | ChannelType::SignedInt16 | ChannelType::SignedInt32 | ChannelType::SignedInt64
        )
    }

    /// True for the unsigned integer types (`read_imageui` / `write_imageui`).
    pub fn is_unsigned_int(self) -> bool {
        matches!(
            self,
            ChannelType::UnsignedInt8
                | ChannelType::UnsignedInt16
                | ChannelType::UnsignedInt32
                | ChannelType::UnsignedInt64
                | ChannelType::UnsignedInt2101010
        )
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
            UnormInt2101010 => "unorm2101010",
            UnsignedInt2101010 => "uint2101010",
            UnsignedFloat111110 => "ufloat111110",
            SignedInt64 => "sint64",
            UnsignedInt64 => "uint64",
            UnormShort4444 => "unorm4444",
        }
    }
}

/// Bytes of one element of `order` × `ty`, or `None` when the combination is invalid
/// (packed types need `RGB` or `RGBx`, the 2-10-10-10 types `RGBA`).
pub fn element_size(order: ChannelOrder, ty: ChannelType) -> Option<u32> {
    match ty.channel_size() {
        Some(s) => Some(s * order.channels()),
        None => match (order, ty) {
            (ChannelOrder::RGBA, ChannelType::UnormInt2101010 | ChannelType::UnsignedInt2101010) => Some(4),
            (ChannelOrder::ARGB | ChannelOrder::ABGR, ChannelType::UnormShort4444) => Some(2),
            (_, ChannelType::UnormShort4444) => None,
            (_, ChannelType::UnormInt2101010 | ChannelType::UnsignedInt2101010) => None,
            (
                ChannelOrder::RGB | ChannelOrder::RGBx,
                ChannelType::UnormInt101010 | ChannelType::UnsignedFloat111110,
            ) => Some(4),
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
    /// A cube map (Vulkan): six 2D faces stored as layers 0..6 (+X, -X, +Y, -Y, +Z, -Z).
    Cube = 7,
    /// An array of cube maps (Vulkan): face `f` of cube `c` is layer `6 * c + f`.
    CubeArray = 8,
}

impl ImageDim {
    pub const ALL: [ImageDim; 6] =
        [ImageDim::D1, ImageDim::D1Array, ImageDim::D1Buffer, ImageDim::D2, ImageDim::D2Array, ImageDim::D3];

    /// The dimensionalities only Vulkan images have.
    pub const VULKAN: [ImageDim; 2] = [ImageDim::Cube, ImageDim::CubeArray];

    pub fn from_u32(v: u32) -> Option<ImageDim> {
        Self::ALL.into_iter().chain(Self::VULKAN).find(|d| *d as u32 == v)
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
            ImageDim::Cube => "cube",
            ImageDim::CubeArray => "cube_array",
        }
    }

    pub fn from_name(s: &str) -> Option<ImageDim> {
        Self::ALL.into_iter().chain(Self::VULKAN).find(|d| d.name() == s)
    }

    /// True for the dimensionalities whose texels are stored as layers (the last
    /// integer coordinate selects a layer): arrays and cube maps (a layer per face).
    pub fn is_array(self) -> bool {
        matches!(self, ImageDim::D1Array | ImageDim::D2Array | ImageDim::Cube | ImageDim::CubeArray)
    }

    /// True for cube maps and cube-map arrays.
    pub fn is_cube(self) -> bool {
        matches!(self, ImageDim::Cube | ImageDim::CubeArray)
    }

    /// Number of spatial coordinates (1, 2 or 3), the layer not counted.
    pub fn spatial(self) -> usize {
        match self {
            ImageDim::D1 | ImageDim::D1Array | ImageDim::D1Buffer => 1,
            ImageDim::D2 | ImageDim::D2Array | ImageDim::Cube | ImageDim::CubeArray => 2,
            ImageDim::D3 => 3,
        }
    }
}

/// What an image argument's slot points to.
///
/// Element (x, y, z) of layer `l` lives at `data + x * element_size + y * row_pitch +
/// (z or l) * slice_pitch`. Unused sizes are 1 (`height` of 1D images, `depth` of
/// non-3D images, `array_size` of non-array images); cube maps have 6 layers per cube.
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
    /// The sampler bits of a Vulkan combined image sampler bound with this image (0
    /// otherwise); `OpLoad` of such a descriptor reads them.
    pub sampler: u32,
    /// Zero (keeps the struct free of padding).
    pub reserved: u32,
}

/// The sampler bit field (SPIR 1.2 table 4), extended for Vulkan samplers.
///
/// Bits 0..5 are OpenCL's. A Vulkan sampler sets [`VULKAN`] and then also uses: the
/// addressing modes of v and w (bits 6..9 and 9..12, same values; bits 0..3 are u's),
/// the border colour (bits 12..15, `VkBorderColor`), and a compare op (bit 15 enables,
/// bits 16..19 hold `VkCompareOp`). Every Vulkan field fits in 19 bits, so the field is
/// a non-negative `i32`.
pub mod sampler {
    /// Bits holding the addressing mode (of u, for Vulkan samplers).
    pub const ADDRESS_MASK: u32 = 0x7;
    pub const ADDRESS_NONE: u32 = 0;
    /// OpenCL `CLAMP`; Vulkan `CLAMP_TO_BORDER`.
    pub const ADDRESS_CLAMP: u32 = 1;
    pub const ADDRESS_CLAMP_TO_EDGE: u32 = 2;
    pub const ADDRESS_REPEAT: u32 = 3;
    pub const ADDRESS_MIRRORED_REPEAT: u32 = 4;
    /// Vulkan `MIRROR_CLAMP_TO_EDGE`.
    pub const ADDRESS_MIRROR_CLAMP_TO_EDGE: u32 = 5;
    /// Coordinates are normalized (0..1 spans the image).
    pub const NORMALIZED_COORDS: u32 = 0x8;
    /// Linear filtering (otherwise nearest).
    pub const FILTER_LINEAR: u32 = 0x10;
    /// Vulkan sampling rules and the fields below.
    pub const VULKAN: u32 = 0x20;
    /// Shift of v's addressing mode (w's is at `ADDRESS_V_SHIFT + 3`).
    pub const ADDRESS_V_SHIFT: u32 = 6;
    pub const ADDRESS_W_SHIFT: u32 = 9;
    /// Shift of the border colour (`VkBorderColor`: 0 float transparent black, 1 int
    /// transparent black, 2 float opaque black, 3 int opaque black, 4 float opaque
    /// white, 5 int opaque white).
    pub const BORDER_SHIFT: u32 = 12;
    pub const BORDER_MASK: u32 = 0x7;
    /// Depth comparison enabled.
    pub const COMPARE_ENABLE: u32 = 0x8000;
    /// Shift of the compare op (`VkCompareOp`: never, less, equal, less or equal,
    /// greater, not equal, greater or equal, always).
    pub const COMPARE_SHIFT: u32 = 16;
    pub const COMPARE_MASK: u32 = 0x7;
}

/// Vulkan's format for SPIR-V `Image Format` enumerant `format` (storage images and
/// texel buffers) as the channel order and type that describe it; `None` for `Unknown`
/// (0) and formats spirjit has no layout for.
pub fn spirv_format(format: u32) -> Option<(ChannelOrder, ChannelType)> {
    use ChannelOrder::{R, RG, RGB, RGBA};
    use ChannelType::*;
    Some(match format {
        1 => (RGBA, Float),
        2 => (RGBA, HalfFloat),
        3 => (R, Float),
        4 => (RGBA, UnormInt8),
        5 => (RGBA, SnormInt8),
        6 => (RG, Float),
        7 => (RG, HalfFloat),
        8 => (RGB, UnsignedFloat111110),
        9 => (R, HalfFloat),
        10 => (RGBA, UnormInt16),
        11 => (RGBA, UnormInt2101010),
        12 => (RG, UnormInt16),
        13 => (RG, UnormInt8),
        14 => (R, UnormInt16),
        15 => (R, UnormInt8),
        16 => (RGBA, SnormInt16),
        17 => (RG, SnormInt16),
        18 => (RG, SnormInt8),
        19 => (R, SnormInt16),
        20 => (R, SnormInt8),
        21 => (RGBA, SignedInt32),
        22 => (RGBA, SignedInt16),
        23 => (RGBA, SignedInt8),
        24 => (R, SignedInt32),
        25 => (RG, SignedInt32),
        26 => (RG, SignedInt16),
        27 => (RG, SignedInt8),
        28 => (R, SignedInt16),
        29 => (R, SignedInt8),
        30 => (RGBA, UnsignedInt32),
        31 => (RGBA, UnsignedInt16),
        32 => (RGBA, UnsignedInt8),
        33 => (R, UnsignedInt32),
        34 => (RGBA, UnsignedInt2101010),
        35 => (RG, UnsignedInt32),
        36 => (RG, UnsignedInt16),
        37 => (RG, UnsignedInt8),
        38 => (R, UnsignedInt16),
        39 => (R, UnsignedInt8),
        40 => (R, UnsignedInt64),
        41 => (R, SignedInt64),
        _ => return None,
    })
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
    /// The sampler bits stored in the descriptor ([`super::ImageDesc::sampler`]).
    pub const SAMPLER: u32 = 6;
    /// Cube maps of a cube-map array (layers / 6).
    pub const CUBES: u32 = 7;
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
    /// Result kinds (bits 4..8): four `f32`, four `i32`, four `f16` or four `i64` bit
    /// patterns (`i64`: 32 bytes, for 64-bit integer images).
    pub const RESULT_F32: u32 = 0;
    pub const RESULT_I32: u32 = 0x10;
    pub const RESULT_F16: u32 = 0x20;
    pub const RESULT_I64: u32 = 0x30;
    pub const RESULT_MASK: u32 = 0xF0;
}

/// Flags of `spirjit_image_sample` (Vulkan sampling): the result kind as in
/// [`read_flags`] (bits 4..8), and what to compute.
pub mod sample_flags {
    /// `OpImageGather`: the given component of the four texels of the linear footprint.
    pub const GATHER: u32 = 0x100;
    /// Depth comparison against the reference in the extra operand (the sampler's
    /// compare op; `OpImageSampleDref*`, `OpImageDrefGather`).
    pub const DREF: u32 = 0x200;
    /// Gather component in bits 12..14.
    pub const COMPONENT_SHIFT: u32 = 12;
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

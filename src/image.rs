//! Images and samplers on the host: [`Image`] (created from host data with a channel
//! order, channel data type and dimensions; read back after a run), [`ImageView`] (an
//! image over bytes the caller owns, with its own pitches) and [`Sampler`] (normalized
//! coordinates, addressing mode, filter; for Vulkan also per-axis addressing, border
//! colour and compare op), and the descriptor an image argument binds to
//! (`spirjit_abi::ImageDesc`).
//!
//! An [`Image`] owns its memory, tightly packed (row pitch = width × element size, slice
//! pitch = row pitch × height); an [`ImageView`] borrows memory laid out with any pitches
//! at least that large, checked against the slice it borrows. Kernels use both in place.
//! This module must not convert texels or sample; kernels do that through the image
//! builtins.

pub use spirjit_abi::{ChannelOrder, ChannelType, ImageDim};

use spirjit_abi::image::{element_size, sampler};
use spirjit_abi::ImageDesc;

use crate::error::{Error, Result};

/// An image: dimensionality, format, sizes and its texels.
#[derive(Clone, Debug, PartialEq)]
pub struct Image {
    shape: ImageShape,
    data: Vec<u8>,
}

/// What [`Image`] and [`ImageView`] share: dimensionality, format, sizes and element
/// size (both dereference to it, so `image.width()` works on either).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageShape {
    dim: ImageDim,
    order: ChannelOrder,
    channel_type: ChannelType,
    /// Width, height, depth (unused ones 1).
    size: [usize; 3],
    /// Layers of an array image (1 otherwise).
    array_size: usize,
    element_size: usize,
}

impl ImageShape {
    pub fn dim(&self) -> ImageDim {
        self.dim
    }
    pub fn channel_order(&self) -> ChannelOrder {
        self.order
    }
    pub fn channel_type(&self) -> ChannelType {
        self.channel_type
    }
    pub fn width(&self) -> usize {
        self.size[0]
    }
    pub fn height(&self) -> usize {
        self.size[1]
    }
    pub fn depth(&self) -> usize {
        self.size[2]
    }
    /// Layers of an array image (faces of a cube map: 6 per cube; 1 otherwise).
    pub fn array_size(&self) -> usize {
        self.array_size
    }
    /// Bytes of one element.
    pub fn element_size(&self) -> usize {
        self.element_size
    }

    /// The descriptor a kernel sees of `len` bytes at `data` laid out with `pitches`
    /// (row, slice or layer); `sampler` is the sampler of a combined image sampler (0
    /// otherwise).
    fn descriptor(&self, data: *mut u8, len: usize, pitches: [usize; 2], sampler: u32) -> ImageDesc {
        ImageDesc {
            data,
            width: self.size[0] as u64,
            height: self.size[1] as u64,
            depth: self.size[2] as u64,
            array_size: self.array_size as u64,
            row_pitch: pitches[0] as u64,
            slice_pitch: pitches[1] as u64,
            channel_order: self.order as u32,
            channel_type: self.channel_type as u32,
            element_size: self.element_size as u32,
            dim: self.dim as u32,
            buffer_size: len as u64,
            sampler,
            reserved: 0,
        }
    }

    /// Row and slice (or layer) pitches of tightly packed texels.
    fn packed_pitches(&self) -> [usize; 2] {
        let row = self.size[0] * self.element_size;
        [row, row * rows(self.dim, self.size)]
    }
}

impl std::ops::Deref for Image {
    type Target = ImageShape;
    fn deref(&self) -> &ImageShape {
        &self.shape
    }
}

impl std::ops::Deref for ImageView<'_> {
    type Target = ImageShape;
    fn deref(&self) -> &ImageShape {
        &self.shape
    }
}

fn bad(message: String) -> Error {
    Error::data(None, message)
}

/// The shape of an image: (width, height, depth) with unused ones 1, layers, and
/// element size, from the `size` convention of [`Image::new`], checked.
fn shape(dim: ImageDim, order: ChannelOrder, channel_type: ChannelType, size: [usize; 3]) -> Result<ImageShape> {
    let elem = element_size(order, channel_type).ok_or_else(|| {
        bad(format!(
            "channel order {} cannot be combined with channel type {} (the packed types 565, 555 and \
             101010 need order rgb or rgbx)",
            order.name(),
            channel_type.name()
        ))
    })? as usize;
    let (spatial, array_size) = match dim {
        ImageDim::D1 | ImageDim::D1Buffer => ([size[0], 1, 1], 1),
        ImageDim::D1Array => ([size[0], 1, 1], size[1]),
        ImageDim::D2 => ([size[0], size[1], 1], 1),
        ImageDim::D2Array => ([size[0], size[1], 1], size[2]),
        ImageDim::D3 => (size, 1),
        ImageDim::Cube => ([size[0], size[1], 1], 6),
        ImageDim::CubeArray => ([size[0], size[1], 1], size[2].saturating_mul(6)),
    };
    if spatial.contains(&0) || array_size == 0 {
        return Err(bad(format!(
            "image{}_t of size {size:?} has no elements; every size must be at least 1",
            dim.name()
        )));
    }
    Ok(ImageShape { dim, order, channel_type, size: spatial, array_size, element_size: elem })
}

/// Rows per slice or layer as stored (1-D arrays keep one row per layer).
fn rows(dim: ImageDim, size: [usize; 3]) -> usize {
    if dim == ImageDim::D1Array {
        1
    } else {
        size[1]
    }
}

/// Slices (3-D) or layers (arrays and cube maps) as stored.
fn slices(dim: ImageDim, size: [usize; 3], array_size: usize) -> usize {
    if dim.is_array() {
        array_size
    } else {
        size[2]
    }
}

impl Image {
    /// A zero-filled image. `size` is (width, height, depth) for 1D/2D/3D images,
    /// (width, layers) / (width, height, layers) for 1D / 2D arrays, (width, height) for
    /// cube maps (six faces, stored as layers +X, -X, +Y, -Y, +Z, -Z) and (width, height,
    /// cubes) for cube-map arrays; unused entries are ignored (give 1).
    pub fn new(dim: ImageDim, order: ChannelOrder, channel_type: ChannelType, size: [usize; 3]) -> Result<Image> {
        let shape = shape(dim, order, channel_type, size)?;
        let bytes = shape
            .size
            .iter()
            .chain(std::iter::once(&shape.array_size))
            .try_fold(shape.element_size, |acc, &d| acc.checked_mul(d))
            .filter(|b| *b <= isize::MAX as usize)
            .ok_or_else(|| bad(format!("image of size {size:?} is too large")))?;
        Ok(Image { shape, data: vec![0; bytes] })
    }

    /// An image holding `data` (tightly packed elements, x fastest, then y, then z or
    /// layer). `data.len()` must be exactly the image's byte size.
    pub fn from_bytes(
        dim: ImageDim,
        order: ChannelOrder,
        channel_type: ChannelType,
        size: [usize; 3],
        data: &[u8],
    ) -> Result<Image> {
        let mut img = Image::new(dim, order, channel_type, size)?;
        if data.len() != img.data.len() {
            return Err(bad(format!(
                "image{}_t of size {size:?} with {} {} elements of {} bytes needs {} bytes of data, got {}",
                dim.name(),
                order.name(),
                channel_type.name(),
                img.element_size,
                img.data.len(),
                data.len()
            )));
        }
        img.data.copy_from_slice(data);
        Ok(img)
    }

    /// A 2D image of `width` × `height` elements from `data`.
    pub fn image2d(
        order: ChannelOrder,
        channel_type: ChannelType,
        width: usize,
        height: usize,
        data: &[u8],
    ) -> Result<Image> {
        Image::from_bytes(ImageDim::D2, order, channel_type, [width, height, 1], data)
    }

    /// The texels, tightly packed.
    pub fn bytes(&self) -> &[u8] {
        &self.data
    }
    /// The texels, writable.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        &mut self.data
    }
    /// The bytes of element (x, y, z-or-layer), if in range.
    pub fn element(&self, x: usize, y: usize, z: usize) -> Option<&[u8]> {
        let zl = if self.dim.is_array() { self.array_size } else { self.size[2] };
        let yl = if self.dim == ImageDim::D1Array { 1 } else { self.size[1] };
        if x >= self.size[0] || y >= yl || z >= zl {
            return None;
        }
        let off = ((z * yl + y) * self.size[0] + x) * self.element_size;
        self.data.get(off..off + self.element_size)
    }

    /// The image as a view of its own texels (tightly packed), for as long as it is
    /// borrowed.
    pub fn view(&mut self) -> ImageView<'_> {
        ImageView { shape: self.shape, pitches: self.shape.packed_pitches(), data: &mut self.data }
    }

    /// The descriptor of a shared borrow of the image, for parameters that only read it
    /// (the texels must not be written through it); valid while the borrow lasts.
    pub(crate) fn read_only_descriptor(&self, sampler: u32) -> ImageDesc {
        self.shape.descriptor(self.data.as_ptr().cast_mut(), self.data.len(), self.shape.packed_pitches(), sampler)
    }
}

/// An image over bytes the caller owns, borrowed for `'a`: the same dimensionality,
/// format and sizes as an [`Image`], plus the row and slice (or layer) pitches of the
/// memory. Element (x, y) of slice or layer z is at `x * element_size + y * row_pitch +
/// z * slice_pitch`; [`ImageView::new`] checks that every element lies inside `data`.
/// A kernel given one ([`crate::Arg::image_view`]) reads and writes `data` in place.
#[derive(Debug)]
pub struct ImageView<'a> {
    shape: ImageShape,
    /// Row pitch, slice (or layer) pitch in bytes.
    pitches: [usize; 2],
    data: &'a mut [u8],
}

impl<'a> ImageView<'a> {
    /// A view of `data` as an image: `size` as for [`Image::new`]; `pitches` are the row
    /// pitch and the slice (or layer) pitch in bytes, 0 for tightly packed. Pitches below
    /// the packed ones and data too short for the last element are refused.
    pub fn new(
        dim: ImageDim,
        order: ChannelOrder,
        channel_type: ChannelType,
        size: [usize; 3],
        pitches: [usize; 2],
        data: &'a mut [u8],
    ) -> Result<ImageView<'a>> {
        let shape = shape(dim, order, channel_type, size)?;
        let (spatial, array_size, elem) = (shape.size, shape.array_size, shape.element_size);
        let what = || format!("image{}_t of size {size:?} ({} {})", dim.name(), order.name(), channel_type.name());
        let too_large = || bad(format!("{} is too large", what()));
        let tight_row = spatial[0].checked_mul(elem).ok_or_else(too_large)?;
        let row = if pitches[0] == 0 { tight_row } else { pitches[0] };
        let tight_slice = row.checked_mul(rows(dim, spatial)).ok_or_else(too_large)?;
        let slice = if pitches[1] == 0 { tight_slice } else { pitches[1] };
        if row < tight_row || slice < tight_slice {
            return Err(bad(format!(
                "{}: row pitch {row} and slice pitch {slice} are below the packed {tight_row} and {tight_slice} bytes",
                what()
            )));
        }
        // The end of the last element.
        let end = (slices(dim, spatial, array_size) - 1)
            .checked_mul(slice)
            .and_then(|s| (rows(dim, spatial) - 1).checked_mul(row).and_then(|r| r.checked_add(s)))
            .and_then(|o| o.checked_add(tight_row))
            .ok_or_else(too_large)?;
        if data.len() < end {
            return Err(bad(format!(
                "{} with row pitch {row} and slice pitch {slice} needs {end} bytes of data, got {}",
                what(),
                data.len()
            )));
        }
        Ok(ImageView { shape, pitches: [row, slice], data })
    }

    /// The view for the duration of a borrow of it.
    pub fn reborrow(&mut self) -> ImageView<'_> {
        ImageView { data: self.data, ..*self }
    }

    /// Bytes from one row to the next.
    pub fn row_pitch(&self) -> usize {
        self.pitches[0]
    }
    /// Bytes from one slice (3-D) or layer (arrays) to the next.
    pub fn slice_pitch(&self) -> usize {
        self.pitches[1]
    }
    /// The bytes the view spans.
    pub fn bytes(&self) -> &[u8] {
        self.data
    }

    /// The descriptor a kernel sees; valid while the view's borrow lasts.
    /// `sampler` is the sampler of a combined image sampler (0 otherwise).
    pub(crate) fn descriptor(&mut self, sampler: u32) -> ImageDesc {
        let (data, len) = (self.data.as_mut_ptr(), self.data.len());
        self.shape.descriptor(data, len, self.pitches, sampler)
    }
}

/// How a sampler treats coordinates outside the image.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddressingMode {
    None,
    Clamp,
    ClampToEdge,
    Repeat,
    MirroredRepeat,
    /// Vulkan `MIRROR_CLAMP_TO_EDGE` (Vulkan samplers only).
    MirrorClampToEdge,
}

/// A Vulkan sampler's border colour (`VkBorderColor`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BorderColor {
    FloatTransparentBlack = 0,
    IntTransparentBlack = 1,
    FloatOpaqueBlack = 2,
    IntOpaqueBlack = 3,
    FloatOpaqueWhite = 4,
    IntOpaqueWhite = 5,
}

/// A Vulkan sampler's depth compare op (`VkCompareOp`): the reference `op` the texel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompareOp {
    Never = 0,
    Less = 1,
    Equal = 2,
    LessOrEqual = 3,
    Greater = 4,
    NotEqual = 5,
    GreaterOrEqual = 6,
    Always = 7,
}

/// The state only Vulkan samplers have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VulkanSampler {
    /// Addressing of the v and w coordinates (u's is [`Sampler::addressing`]).
    pub addressing_vw: [AddressingMode; 2],
    pub border: BorderColor,
    /// Depth comparison (`compareEnable` and `compareOp`).
    pub compare: Option<CompareOp>,
}

/// How a sampler combines elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FilterMode {
    Nearest,
    Linear,
}

/// A sampler argument (`sampler_t`, or a Vulkan sampler).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sampler {
    pub normalized_coords: bool,
    /// Addressing of every coordinate (OpenCL), of u (Vulkan).
    pub addressing: AddressingMode,
    pub filter: FilterMode,
    /// Vulkan sampler state; `None` for OpenCL samplers.
    pub vulkan: Option<VulkanSampler>,
}

impl Sampler {
    /// An OpenCL sampler.
    pub fn new(normalized_coords: bool, addressing: AddressingMode, filter: FilterMode) -> Sampler {
        Sampler { normalized_coords, addressing, filter, vulkan: None }
    }

    /// A Vulkan sampler (`VkSamplerCreateInfo`): filter (mag = min), addressing of u, v
    /// and w (`Clamp` is `CLAMP_TO_BORDER`), unnormalized coordinates when
    /// `normalized_coords` is false, border colour, and the compare op when comparison
    /// is enabled. Images have one mip level, so LOD and mipmap settings have no effect.
    pub fn vulkan(
        normalized_coords: bool,
        filter: FilterMode,
        addressing: [AddressingMode; 3],
        border: BorderColor,
        compare: Option<CompareOp>,
    ) -> Sampler {
        Sampler {
            normalized_coords,
            addressing: addressing[0],
            filter,
            vulkan: Some(VulkanSampler { addressing_vw: [addressing[1], addressing[2]], border, compare }),
        }
    }

    /// The sampler bit field (SPIR 1.2 encoding, extended for Vulkan samplers:
    /// `spirjit_abi::image::sampler`).
    pub fn bits(&self) -> u32 {
        let mode = |a: AddressingMode| match a {
            AddressingMode::None => sampler::ADDRESS_NONE,
            AddressingMode::Clamp => sampler::ADDRESS_CLAMP,
            AddressingMode::ClampToEdge => sampler::ADDRESS_CLAMP_TO_EDGE,
            AddressingMode::Repeat => sampler::ADDRESS_REPEAT,
            AddressingMode::MirroredRepeat => sampler::ADDRESS_MIRRORED_REPEAT,
            AddressingMode::MirrorClampToEdge => sampler::ADDRESS_MIRROR_CLAMP_TO_EDGE,
        };
        let n = if self.normalized_coords { sampler::NORMALIZED_COORDS } else { 0 };
        let f = if self.filter == FilterMode::Linear { sampler::FILTER_LINEAR } else { 0 };
        let mut bits = mode(self.addressing) | n | f;
        if let Some(v) = self.vulkan {
            bits |= sampler::VULKAN
                | mode(v.addressing_vw[0]) << sampler::ADDRESS_V_SHIFT
                | mode(v.addressing_vw[1]) << sampler::ADDRESS_W_SHIFT
                | (v.border as u32) << sampler::BORDER_SHIFT;
            if let Some(op) = v.compare {
                bits |= sampler::COMPARE_ENABLE | (op as u32) << sampler::COMPARE_SHIFT;
            }
        }
        bits
    }
}

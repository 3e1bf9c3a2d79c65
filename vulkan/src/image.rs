//! Images, image views, buffer views and samplers.
//!
//! An image is a window of device memory, like a buffer, laid out the same way for
//! linear and optimal tiling: texels tightly packed, x fastest, then rows, then depth
//! slices (3D), then array layers; one mip level (the runtime samples level 0 only, so
//! `maxMipLevels` is 1). `vkGetImageSubresourceLayout` reports that layout, so a mapped
//! LINEAR image shows the host exactly the texels kernels see, and a dispatch gives a
//! kernel the memory in place through `spirjit::ImageView`. An image view selects a view
//! type, a format of the same texel size (with `MUTABLE_FORMAT`) and a range of layers; a
//! buffer view is a texel buffer over a buffer's range; a sampler is a `spirjit::Sampler`.
//! This module checks and describes; it must not run commands (that is `execute` and
//! `transfer`).

use std::sync::{Arc, OnceLock};

use ash::vk::{self, Handle};
use spirjit::{AddressingMode, BorderColor, CompareOp, FilterMode, ImageDim};

use crate::device::{device, Buffer, Memory};
use crate::format::{self, FormatInfo};
use crate::handles::{self, guard, guard_void, put, slice, OK};
use crate::physical;

/// An image: its shape, format and layout, and the memory it is bound to.
pub struct Image {
    pub ty: vk::ImageType,
    pub format: &'static FormatInfo,
    pub flags: vk::ImageCreateFlags,
    /// Width, height, depth.
    pub extent: [u32; 3],
    pub layers: u32,
    /// Bytes from one row, depth slice, array layer to the next.
    pub row_pitch: u64,
    pub slice_pitch: u64,
    pub layer_pitch: u64,
    /// Bytes of the whole image.
    pub size: u64,
    bound: OnceLock<(Arc<Memory>, u64)>,
}

impl Image {
    /// The memory and offset the image is bound to.
    pub fn memory(&self) -> Result<&(Arc<Memory>, u64), String> {
        self.bound.get().ok_or_else(|| "an image with no memory bound".to_string())
    }

    /// The layers `[base, base + count)` of `what` (`VK_REMAINING_ARRAY_LAYERS` allowed),
    /// checked to lie inside the image.
    pub fn layer_range(&self, base: u32, count: u32, what: &str) -> Result<(u32, u32), String> {
        let count = if count == vk::REMAINING_ARRAY_LAYERS { self.layers.saturating_sub(base) } else { count };
        match base.checked_add(count) {
            Some(end) if end <= self.layers && count > 0 => Ok((base, count)),
            _ => Err(format!("{what}: layers {base} + {count} are outside an image of {} layers", self.layers)),
        }
    }
}

/// An image view.
pub struct ImageView {
    pub image: Arc<Image>,
    pub dim: ImageDim,
    pub format: &'static FormatInfo,
    pub base_layer: u32,
    pub layer_count: u32,
}

/// A texel buffer view.
pub struct BufferView {
    pub buffer: Arc<Buffer>,
    pub format: &'static FormatInfo,
    pub offset: u64,
    /// Texels in the view.
    pub texels: u64,
}

/// A sampler.
pub struct Sampler {
    pub sampler: spirjit::Sampler,
}

/// What a kernel gets of an image view or texel buffer: the bytes (memory, start, length)
/// and how to read them.
pub struct Texels {
    pub memory: Arc<Memory>,
    pub start: u64,
    pub len: u64,
    pub dim: ImageDim,
    pub format: &'static FormatInfo,
    /// The size convention of `spirjit::ImageView::new`.
    pub size: [usize; 3],
    /// Row pitch, slice (3D) or layer pitch.
    pub pitches: [usize; 2],
}

impl Texels {
    /// The kernel's view of `bytes` (this range's bytes, in place or a copy).
    pub fn view<'a>(&self, bytes: &'a mut [u8]) -> Result<spirjit::ImageView<'a>, String> {
        spirjit::ImageView::new(self.dim, self.format.order, self.format.ty, self.size, self.pitches, bytes)
            .map_err(|e| e.to_string())
    }
}

impl ImageView {
    /// The bytes of the view's layers.
    pub fn texels(&self) -> Result<Texels, String> {
        let img = &self.image;
        let (memory, at) = img.memory()?;
        let [w, h, d] = img.extent.map(|x| x as usize);
        let layers = self.layer_count as usize;
        let size = match self.dim {
            ImageDim::D1 | ImageDim::D2 | ImageDim::D3 | ImageDim::Cube => [w, h, d],
            ImageDim::D1Array => [w, layers, 1],
            ImageDim::D2Array => [w, h, layers],
            ImageDim::CubeArray => [w, h, layers / 6],
            ImageDim::D1Buffer => return Err("a texel buffer dimension for an image view (a spirjit bug)".into()),
        };
        let second = if self.dim == ImageDim::D3 { img.slice_pitch } else { img.layer_pitch };
        Ok(Texels {
            memory: memory.clone(),
            start: at + u64::from(self.base_layer) * img.layer_pitch,
            len: u64::from(self.layer_count) * img.layer_pitch,
            dim: self.dim,
            format: self.format,
            size,
            pitches: [img.row_pitch as usize, second as usize],
        })
    }
}

impl BufferView {
    /// The bytes of the texel buffer.
    pub fn texels(&self) -> Result<Texels, String> {
        let len = self.texels * u64::from(self.format.size);
        let (memory, start, len) = self.buffer.range(self.offset, len)?;
        Ok(Texels {
            memory,
            start,
            len,
            dim: ImageDim::D1Buffer,
            format: self.format,
            size: [self.texels as usize, 1, 1],
            pitches: [len as usize, len as usize],
        })
    }
}

fn refuse(what: &str, message: String) -> vk::Result {
    handles::log(&format!("{what}: {message}"));
    vk::Result::ERROR_OUT_OF_HOST_MEMORY
}

/// The image `info` describes, or why the device cannot make it.
fn new_image(info: &vk::ImageCreateInfo<'_>) -> Result<Image, String> {
    let f = format::info(info.format).ok_or_else(|| format!("format {:?} is not supported", info.format))?;
    let props = format::image_format_properties(info.format, info.image_type, info.tiling, info.usage, info.flags)?;
    let e = info.extent;
    let m = props.max_extent;
    if e.width == 0 || e.height == 0 || e.depth == 0 || e.width > m.width || e.height > m.height || e.depth > m.depth {
        return Err(format!("extent {e:?} is outside the device's {m:?} for {:?}", info.image_type));
    }
    if info.mip_levels != 1 {
        return Err(format!("{} mip levels: images have one level on this device (maxMipLevels 1)", info.mip_levels));
    }
    if info.array_layers == 0 || info.array_layers > props.max_array_layers {
        return Err(format!("{} array layers (the most is {})", info.array_layers, props.max_array_layers));
    }
    if info.samples != vk::SampleCountFlags::TYPE_1 {
        return Err(format!("{:?} samples: images have one sample", info.samples));
    }
    let row_pitch = u64::from(e.width) * u64::from(f.size);
    let slice_pitch = row_pitch * u64::from(e.height);
    let layer_pitch = slice_pitch * u64::from(e.depth);
    let size = layer_pitch * u64::from(info.array_layers);
    if size > props.max_resource_size {
        return Err(format!("{size} bytes is more than the largest image ({} bytes)", props.max_resource_size));
    }
    Ok(Image {
        ty: info.image_type,
        format: f,
        flags: info.flags,
        extent: [e.width, e.height, e.depth],
        layers: info.array_layers,
        row_pitch,
        slice_pitch,
        layer_pitch,
        size,
        bound: OnceLock::new(),
    })
}

pub unsafe extern "system" fn create_image(
    raw: vk::Device,
    info: *const vk::ImageCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Image,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let image = new_image(info).map_err(|m| refuse("vkCreateImage", m))?;
        let id = handles::new_object(Arc::new(image), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::Image::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_image(
    _raw: vk::Device,
    image: vk::Image,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<Image>(image.as_raw());
    })
}

fn image_requirements(image: vk::Image) -> Result<vk::MemoryRequirements, vk::Result> {
    Ok(size_requirements(&*handles::get::<Image>(image.as_raw())?))
}

fn size_requirements(i: &Image) -> vk::MemoryRequirements {
    vk::MemoryRequirements { size: i.size.max(1), alignment: physical::MEMORY_ALIGNMENT, memory_type_bits: 1 }
}

/// `vkGetDeviceImageMemoryRequirements` (maintenance4): what an image created with the
/// info would report (the same computation as `vkCreateImage`), without creating it.
pub unsafe extern "system" fn get_device_image_memory_requirements(
    _raw: vk::Device,
    info: *const vk::DeviceImageMemoryRequirements<'_>,
    out: *mut vk::MemoryRequirements2<'_>,
) {
    guard_void(|| {
        // SAFETY: the caller's info (with its create info) and output structure (and its chain).
        unsafe {
            let (Some(create), false) = (info.as_ref().and_then(|i| i.p_create_info.as_ref()), out.is_null()) else {
                return;
            };
            match new_image(create) {
                Ok(image) => crate::device::put_requirements2(out, size_requirements(&image)),
                Err(m) => handles::log(&format!("vkGetDeviceImageMemoryRequirements: {m}")),
            }
        }
    })
}

/// `vkGetDeviceImageSparseMemoryRequirements`: none (no sparse images), as for a created image.
pub unsafe extern "system" fn get_device_image_sparse_memory_requirements(
    _raw: vk::Device,
    _info: *const vk::DeviceImageMemoryRequirements<'_>,
    count: *mut u32,
    _out: *mut vk::SparseImageMemoryRequirements2<'_>,
) {
    if !count.is_null() {
        // SAFETY: the caller's count pointer.
        unsafe { *count = 0 };
    }
}

pub unsafe extern "system" fn get_image_memory_requirements(
    _raw: vk::Device,
    image: vk::Image,
    out: *mut vk::MemoryRequirements,
) {
    guard_void(|| {
        if let Ok(r) = image_requirements(image) {
            // SAFETY: the caller's output pointer.
            let _ = unsafe { put(out, r) };
        }
    })
}

pub unsafe extern "system" fn get_image_memory_requirements2(
    _raw: vk::Device,
    info: *const vk::ImageMemoryRequirementsInfo2<'_>,
    out: *mut vk::MemoryRequirements2<'_>,
) {
    guard_void(|| {
        // SAFETY: the caller's info and output structure (and its chain).
        unsafe {
            let (Some(info), false) = (info.as_ref(), out.is_null()) else { return };
            let Ok(r) = image_requirements(info.image) else { return };
            crate::device::put_requirements2(out, r);
        }
    })
}

pub unsafe extern "system" fn get_image_sparse_memory_requirements(
    _raw: vk::Device,
    _image: vk::Image,
    count: *mut u32,
    _out: *mut vk::SparseImageMemoryRequirements,
) {
    // No sparse images.
    if !count.is_null() {
        // SAFETY: the caller's count pointer.
        unsafe { *count = 0 };
    }
}

pub unsafe extern "system" fn get_image_sparse_memory_requirements2(
    _raw: vk::Device,
    _info: *const vk::ImageSparseMemoryRequirementsInfo2<'_>,
    count: *mut u32,
    _out: *mut vk::SparseImageMemoryRequirements2<'_>,
) {
    if !count.is_null() {
        // SAFETY: the caller's count pointer.
        unsafe { *count = 0 };
    }
}

fn bind_image(image: vk::Image, memory: vk::DeviceMemory, offset: u64) -> Result<(), vk::Result> {
    let i = handles::get::<Image>(image.as_raw())?;
    crate::device::bind_memory("vkBindImageMemory", "image", &i.bound, i.size, memory, offset)
}

pub unsafe extern "system" fn bind_image_memory(
    _raw: vk::Device,
    image: vk::Image,
    memory: vk::DeviceMemory,
    offset: u64,
) -> vk::Result {
    guard(|| bind_image(image, memory, offset).map(|()| vk::Result::SUCCESS))
}

pub unsafe extern "system" fn bind_image_memory2(
    _raw: vk::Device,
    count: u32,
    infos: *const vk::BindImageMemoryInfo<'_>,
) -> vk::Result {
    guard(|| {
        // SAFETY: the caller's array.
        for i in unsafe { slice(infos, count)? } {
            bind_image(i.image, i.memory, i.memory_offset)?;
        }
        OK
    })
}

pub unsafe extern "system" fn get_image_subresource_layout(
    _raw: vk::Device,
    image: vk::Image,
    sub: *const vk::ImageSubresource,
    out: *mut vk::SubresourceLayout,
) {
    guard_void(|| {
        let Ok(i) = handles::get::<Image>(image.as_raw()) else { return };
        // SAFETY: the caller's subresource.
        let Some(sub) = (unsafe { sub.as_ref() }) else { return };
        let layout = vk::SubresourceLayout {
            offset: u64::from(sub.array_layer) * i.layer_pitch,
            size: i.layer_pitch,
            row_pitch: i.row_pitch,
            array_pitch: i.layer_pitch,
            depth_pitch: i.slice_pitch,
        };
        // SAFETY: the caller's output pointer.
        let _ = unsafe { put(out, layout) };
    })
}

/// Whether swizzle `s` of channel `c` (0..4) of a format with `n` channels reads the
/// channel itself (identity, or the value a missing channel reads anyway).
fn identity_swizzle(s: vk::ComponentSwizzle, c: usize, n: usize) -> bool {
    let own = [vk::ComponentSwizzle::R, vk::ComponentSwizzle::G, vk::ComponentSwizzle::B, vk::ComponentSwizzle::A][c];
    let missing = if c == 3 { vk::ComponentSwizzle::ONE } else { vk::ComponentSwizzle::ZERO };
    s == vk::ComponentSwizzle::IDENTITY || s == own || (c >= n && s == missing)
}

/// The view `info` describes, or why the device cannot make it.
fn new_view(info: &vk::ImageViewCreateInfo<'_>) -> Result<ImageView, String> {
    let image = handles::object::<Image>(info.image.as_raw()).ok_or("an invalid image")?;
    let f = format::info(info.format).ok_or_else(|| format!("format {:?} is not supported", info.format))?;
    if f.format != image.format.format {
        if !image.flags.contains(vk::ImageCreateFlags::MUTABLE_FORMAT) {
            return Err(format!(
                "format {:?} differs from the image's {:?}, which was not created MUTABLE_FORMAT",
                f.format, image.format.format
            ));
        }
        if f.size != image.format.size {
            return Err(format!(
                "format {:?} ({} bytes) is not size-compatible with the image's {:?} ({} bytes)",
                f.format, f.size, image.format.format, image.format.size
            ));
        }
    }
    let channels = f.order.channels() as usize;
    let c = info.components;
    for (i, s) in [c.r, c.g, c.b, c.a].into_iter().enumerate() {
        if !identity_swizzle(s, i, channels) {
            return Err(format!("component swizzle {c:?}: only the identity is supported"));
        }
    }
    let r = info.subresource_range;
    if r.aspect_mask != vk::ImageAspectFlags::COLOR {
        return Err(format!("aspect {:?}: color images only", r.aspect_mask));
    }
    if r.base_mip_level != 0 || !(r.level_count == 1 || r.level_count == vk::REMAINING_MIP_LEVELS) {
        return Err(format!("mip levels {} + {}: images have one level", r.base_mip_level, r.level_count));
    }
    let (base, count) = image.layer_range(r.base_array_layer, r.layer_count, "the view")?;
    let t = image.ty;
    let cube = image.flags.contains(vk::ImageCreateFlags::CUBE_COMPATIBLE);
    let (dim, ok) = match info.view_type {
        vk::ImageViewType::TYPE_1D => (ImageDim::D1, t == vk::ImageType::TYPE_1D && count == 1),
        vk::ImageViewType::TYPE_1D_ARRAY => (ImageDim::D1Array, t == vk::ImageType::TYPE_1D),
        vk::ImageViewType::TYPE_2D => (ImageDim::D2, t == vk::ImageType::TYPE_2D && count == 1),
        vk::ImageViewType::TYPE_2D_ARRAY => (ImageDim::D2Array, t == vk::ImageType::TYPE_2D),
        vk::ImageViewType::TYPE_3D => (ImageDim::D3, t == vk::ImageType::TYPE_3D),
        vk::ImageViewType::CUBE => (ImageDim::Cube, cube && count == 6),
        vk::ImageViewType::CUBE_ARRAY => (ImageDim::CubeArray, cube && count % 6 == 0),
        other => return Err(format!("view type {other:?} is not supported")),
    };
    if !ok {
        return Err(format!("view type {:?} of {count} layer(s) does not fit a {t:?} image", info.view_type));
    }
    Ok(ImageView { image, dim, format: f, base_layer: base, layer_count: count })
}

pub unsafe extern "system" fn create_image_view(
    raw: vk::Device,
    info: *const vk::ImageViewCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::ImageView,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let view = new_view(info).map_err(|m| refuse("vkCreateImageView", m))?;
        let id = handles::new_object(Arc::new(view), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::ImageView::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_image_view(
    _raw: vk::Device,
    view: vk::ImageView,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<ImageView>(view.as_raw());
    })
}

fn new_buffer_view(info: &vk::BufferViewCreateInfo<'_>) -> Result<BufferView, String> {
    let buffer = handles::object::<Buffer>(info.buffer.as_raw()).ok_or("an invalid buffer")?;
    let f = format::info(info.format).ok_or_else(|| format!("format {:?} is not supported", info.format))?;
    let range = if info.range == vk::WHOLE_SIZE {
        let rest = buffer.size.saturating_sub(info.offset);
        rest - rest % u64::from(f.size)
    } else {
        info.range
    };
    if info.offset.checked_add(range).is_none_or(|end| end > buffer.size) {
        return Err(format!("range {} + {range} is outside a buffer of {} bytes", info.offset, buffer.size));
    }
    let texels = range / u64::from(f.size);
    if texels == 0 || texels > u64::from(format::MAX_TEXEL_BUFFER_ELEMENTS) {
        return Err(format!(
            "{texels} texels (1 to maxTexelBufferElements {} are allowed)",
            format::MAX_TEXEL_BUFFER_ELEMENTS
        ));
    }
    Ok(BufferView { buffer, format: f, offset: info.offset, texels })
}

pub unsafe extern "system" fn create_buffer_view(
    raw: vk::Device,
    info: *const vk::BufferViewCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::BufferView,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let view = new_buffer_view(info).map_err(|m| refuse("vkCreateBufferView", m))?;
        let id = handles::new_object(Arc::new(view), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::BufferView::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_buffer_view(
    _raw: vk::Device,
    view: vk::BufferView,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<BufferView>(view.as_raw());
    })
}

fn address_mode(m: vk::SamplerAddressMode) -> Result<AddressingMode, String> {
    Ok(match m {
        vk::SamplerAddressMode::REPEAT => AddressingMode::Repeat,
        vk::SamplerAddressMode::MIRRORED_REPEAT => AddressingMode::MirroredRepeat,
        vk::SamplerAddressMode::CLAMP_TO_EDGE => AddressingMode::ClampToEdge,
        vk::SamplerAddressMode::CLAMP_TO_BORDER => AddressingMode::Clamp,
        vk::SamplerAddressMode::MIRROR_CLAMP_TO_EDGE => AddressingMode::MirrorClampToEdge,
        other => return Err(format!("address mode {other:?} is not supported")),
    })
}

fn filter(f: vk::Filter) -> Result<FilterMode, String> {
    match f {
        vk::Filter::NEAREST => Ok(FilterMode::Nearest),
        vk::Filter::LINEAR => Ok(FilterMode::Linear),
        other => Err(format!("filter {other:?} is not supported")),
    }
}

/// The runtime's sampler for `info`, or why the device cannot make it.
fn new_sampler(info: &vk::SamplerCreateInfo<'_>) -> Result<Sampler, String> {
    if !info.p_next.is_null() {
        return Err("extension structures (YCbCr conversion, reduction modes, custom borders) are not supported".into());
    }
    // Images have one level, so the filter of magnification (LOD 0 and below) is the
    // one that applies; a different minification filter would apply at a positive
    // explicit LOD, which the runtime does not tell apart.
    if info.mag_filter != info.min_filter {
        return Err(format!(
            "magFilter {:?} differs from minFilter {:?}: the device samples with one filter",
            info.mag_filter, info.min_filter
        ));
    }
    let border = match info.border_color {
        vk::BorderColor::FLOAT_TRANSPARENT_BLACK => BorderColor::FloatTransparentBlack,
        vk::BorderColor::INT_TRANSPARENT_BLACK => BorderColor::IntTransparentBlack,
        vk::BorderColor::FLOAT_OPAQUE_BLACK => BorderColor::FloatOpaqueBlack,
        vk::BorderColor::INT_OPAQUE_BLACK => BorderColor::IntOpaqueBlack,
        vk::BorderColor::FLOAT_OPAQUE_WHITE => BorderColor::FloatOpaqueWhite,
        vk::BorderColor::INT_OPAQUE_WHITE => BorderColor::IntOpaqueWhite,
        other => return Err(format!("border colour {other:?} is not supported")),
    };
    let compare = if info.compare_enable == vk::TRUE {
        Some(match info.compare_op {
            vk::CompareOp::NEVER => CompareOp::Never,
            vk::CompareOp::LESS => CompareOp::Less,
            vk::CompareOp::EQUAL => CompareOp::Equal,
            vk::CompareOp::LESS_OR_EQUAL => CompareOp::LessOrEqual,
            vk::CompareOp::GREATER => CompareOp::Greater,
            vk::CompareOp::NOT_EQUAL => CompareOp::NotEqual,
            vk::CompareOp::GREATER_OR_EQUAL => CompareOp::GreaterOrEqual,
            vk::CompareOp::ALWAYS => CompareOp::Always,
            other => return Err(format!("compare op {other:?} is not supported")),
        })
    } else {
        None
    };
    let modes =
        [address_mode(info.address_mode_u)?, address_mode(info.address_mode_v)?, address_mode(info.address_mode_w)?];
    let sampler = spirjit::Sampler::vulkan(
        info.unnormalized_coordinates != vk::TRUE,
        filter(info.mag_filter)?,
        modes,
        border,
        compare,
    );
    Ok(Sampler { sampler })
}

pub unsafe extern "system" fn create_sampler(
    raw: vk::Device,
    info: *const vk::SamplerCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Sampler,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let s = new_sampler(info).map_err(|m| refuse("vkCreateSampler", m))?;
        let id = handles::new_object(Arc::new(s), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::Sampler::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_sampler(
    _raw: vk::Device,
    sampler: vk::Sampler,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<Sampler>(sampler.as_raw());
    })
}

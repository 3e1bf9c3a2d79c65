//! Transfer commands on images: `vkCmdCopyBufferToImage`, `vkCmdCopyImageToBuffer`,
//! `vkCmdCopyImage` and `vkCmdClearColorImage` — recorded as [`ImageCommand`]s holding
//! the objects they use, and run (row by row over the images' layout, see `image`) when
//! the command buffer executes. Every region is checked against the image and buffer it
//! touches before a byte moves; a bad region fails the command (and so the submission).
//! Image layouts are not tracked: every layout is the same bytes on this device.
//! This module must not create or destroy handles.

use std::sync::Arc;

use ash::vk::{self, Handle};

use crate::command::{record, Command};
use crate::device::{Buffer, Memory};
use crate::format;
use crate::handles::{self, slice};
use crate::image::Image;

/// One recorded image transfer.
pub enum ImageCommand {
    BufferToImage { src: Arc<Buffer>, dst: Arc<Image>, regions: Vec<vk::BufferImageCopy> },
    ImageToBuffer { src: Arc<Image>, dst: Arc<Buffer>, regions: Vec<vk::BufferImageCopy> },
    ImageToImage { src: Arc<Image>, dst: Arc<Image>, regions: Vec<vk::ImageCopy> },
    Clear { image: Arc<Image>, color: vk::ClearColorValue, ranges: Vec<vk::ImageSubresourceRange> },
}

/// Rows of texels to move: (memory, first byte) of each row's start, `row_bytes` long.
struct Rows {
    memory: Arc<Memory>,
    starts: Vec<u64>,
    row_bytes: u64,
}

/// The rows of `image` a region covers: `offset` and `extent` in texels, layers
/// `[base, base + count)` (3D images: depth slices instead).
fn image_rows(
    image: &Image,
    offset: vk::Offset3D,
    extent: vk::Extent3D,
    sub: &vk::ImageSubresourceLayers,
    what: &str,
) -> Result<Rows, String> {
    if sub.aspect_mask != vk::ImageAspectFlags::COLOR || sub.mip_level != 0 {
        return Err(format!("{what}: aspect {:?} level {}: color level 0 only", sub.aspect_mask, sub.mip_level));
    }
    let (base, count) = image.layer_range(sub.base_array_layer, sub.layer_count, what)?;
    let o = [offset.x, offset.y, offset.z];
    let e = [extent.width, extent.height, extent.depth];
    for d in 0..3 {
        let inside = o[d] >= 0
            && (o[d] as u64).checked_add(u64::from(e[d])).is_some_and(|end| end <= u64::from(image.extent[d]));
        if !inside {
            return Err(format!("{what}: offset {o:?} extent {e:?} is outside the image's {:?}", image.extent));
        }
    }
    let (memory, at) = image.memory().map_err(|m| format!("{what}: {m}"))?;
    let t = u64::from(image.format.size);
    let mut starts = Vec::new();
    for layer in base..base + count {
        for z in 0..u64::from(e[2]) {
            for y in 0..u64::from(e[1]) {
                starts.push(
                    at + u64::from(layer) * image.layer_pitch
                        + (o[2] as u64 + z) * image.slice_pitch
                        + (o[1] as u64 + y) * image.row_pitch
                        + o[0] as u64 * t,
                );
            }
        }
    }
    Ok(Rows { memory: memory.clone(), starts, row_bytes: u64::from(e[0]) * t })
}

/// The rows of `buffer` a buffer–image copy region covers (`bufferRowLength` and
/// `bufferImageHeight` 0: tightly packed), for an image of `texel` bytes per texel; the
/// region was checked against the image first (so `slices` and the extent are in range).
fn buffer_rows(buffer: &Buffer, r: &vk::BufferImageCopy, texel: u64, slices: u64) -> Result<Rows, String> {
    let e = r.image_extent;
    let row_len = u64::from(if r.buffer_row_length == 0 { e.width } else { r.buffer_row_length });
    let height = u64::from(if r.buffer_image_height == 0 { e.height } else { r.buffer_image_height });
    if row_len < u64::from(e.width) || height < u64::from(e.height) {
        return Err(format!("bufferRowLength {row_len} or bufferImageHeight {height} is below the extent {e:?}"));
    }
    let row_pitch = row_len * texel;
    let slice_pitch = height * row_pitch;
    let rows = u64::from(e.height);
    let mut starts = Vec::new();
    for s in 0..slices {
        for y in 0..rows {
            starts.push(s * slice_pitch + y * row_pitch);
        }
    }
    let row_bytes = u64::from(e.width) * texel;
    let end = starts.last().map_or(0, |&s| s + row_bytes);
    let (memory, at, _) = buffer.range(r.buffer_offset, end).map_err(|m| format!("the buffer: {m}"))?;
    Ok(Rows { memory, starts: starts.into_iter().map(|s| s + at).collect(), row_bytes })
}

/// Move each row of `src` to the matching row of `dst`.
fn copy_rows(src: &Rows, dst: &Rows) -> Result<(), String> {
    if src.starts.len() != dst.starts.len() || src.row_bytes != dst.row_bytes {
        return Err(format!(
            "the source has {} rows of {} bytes, the destination {} of {}",
            src.starts.len(),
            src.row_bytes,
            dst.starts.len(),
            dst.row_bytes
        ));
    }
    for (&s, &d) in src.starts.iter().zip(&dst.starts) {
        // SAFETY: every row was checked to lie inside its image or buffer range, which
        // lies inside its allocation (kept alive by `Rows`); `copy` allows overlap.
        unsafe {
            std::ptr::copy(src.memory.base().add(s as usize), dst.memory.base().add(d as usize), src.row_bytes as usize)
        };
    }
    Ok(())
}

/// Slices a region of `image` spans: depth slices of a 3D image, else layers.
fn slices(image: &Image, extent: vk::Extent3D, sub: &vk::ImageSubresourceLayers) -> u64 {
    if image.ty == vk::ImageType::TYPE_3D {
        u64::from(extent.depth)
    } else if sub.layer_count == vk::REMAINING_ARRAY_LAYERS {
        u64::from(image.layers.saturating_sub(sub.base_array_layer))
    } else {
        u64::from(sub.layer_count)
    }
}

impl ImageCommand {
    /// Run the command.
    pub fn run(&self) -> Result<(), String> {
        match self {
            ImageCommand::BufferToImage { src, dst, regions } => {
                for (i, r) in regions.iter().enumerate() {
                    let fail = |m: String| format!("vkCmdCopyBufferToImage region {i}: {m}");
                    let im = image_rows(dst, r.image_offset, r.image_extent, &r.image_subresource, "the image")
                        .map_err(fail)?;
                    let n = slices(dst, r.image_extent, &r.image_subresource);
                    let b = buffer_rows(src, r, u64::from(dst.format.size), n).map_err(fail)?;
                    copy_rows(&b, &im).map_err(fail)?;
                }
            }
            ImageCommand::ImageToBuffer { src, dst, regions } => {
                for (i, r) in regions.iter().enumerate() {
                    let fail = |m: String| format!("vkCmdCopyImageToBuffer region {i}: {m}");
                    let im = image_rows(src, r.image_offset, r.image_extent, &r.image_subresource, "the image")
                        .map_err(fail)?;
                    let n = slices(src, r.image_extent, &r.image_subresource);
                    let b = buffer_rows(dst, r, u64::from(src.format.size), n).map_err(fail)?;
                    copy_rows(&im, &b).map_err(fail)?;
                }
            }
            ImageCommand::ImageToImage { src, dst, regions } => {
                for (i, r) in regions.iter().enumerate() {
                    let fail = |m: String| format!("vkCmdCopyImage region {i}: {m}");
                    if src.format.size != dst.format.size {
                        return Err(fail(format!(
                            "formats {:?} and {:?} have different texel sizes",
                            src.format.format, dst.format.format
                        )));
                    }
                    // A 3D image's depth slices pair with the other's layers.
                    let mut src_extent = r.extent;
                    let mut dst_extent = r.extent;
                    if src.ty == vk::ImageType::TYPE_3D && dst.ty != vk::ImageType::TYPE_3D {
                        dst_extent.depth = 1;
                    }
                    if dst.ty == vk::ImageType::TYPE_3D && src.ty != vk::ImageType::TYPE_3D {
                        src_extent.depth = 1;
                    }
                    let s =
                        image_rows(src, r.src_offset, src_extent, &r.src_subresource, "the source").map_err(fail)?;
                    let d = image_rows(dst, r.dst_offset, dst_extent, &r.dst_subresource, "the destination")
                        .map_err(fail)?;
                    copy_rows(&s, &d).map_err(fail)?;
                }
            }
            ImageCommand::Clear { image, color, ranges } => {
                let texel = format::encode_clear(image.format, color);
                let extent = vk::Extent3D { width: image.extent[0], height: image.extent[1], depth: image.extent[2] };
                for (i, r) in ranges.iter().enumerate() {
                    let fail = |m: String| format!("vkCmdClearColorImage range {i}: {m}");
                    if r.base_mip_level != 0 || !(r.level_count == 1 || r.level_count == vk::REMAINING_MIP_LEVELS) {
                        return Err(fail(format!(
                            "levels {} + {}: images have one level",
                            r.base_mip_level, r.level_count
                        )));
                    }
                    let sub = vk::ImageSubresourceLayers {
                        aspect_mask: r.aspect_mask,
                        mip_level: 0,
                        base_array_layer: r.base_array_layer,
                        layer_count: r.layer_count,
                    };
                    let rows = image_rows(image, vk::Offset3D::default(), extent, &sub, "the image").map_err(fail)?;
                    let row: Vec<u8> = texel.iter().copied().cycle().take(rows.row_bytes as usize).collect();
                    for &s in &rows.starts {
                        // SAFETY: the row lies inside the image's memory (checked).
                        unsafe {
                            std::ptr::copy_nonoverlapping(row.as_ptr(), rows.memory.base().add(s as usize), row.len())
                        };
                    }
                }
            }
        }
        Ok(())
    }
}

fn buffer(b: vk::Buffer) -> Result<Arc<Buffer>, String> {
    handles::object::<Buffer>(b.as_raw()).ok_or_else(|| format!("an invalid buffer handle {:#x}", b.as_raw()))
}

fn image(i: vk::Image) -> Result<Arc<Image>, String> {
    handles::object::<Image>(i.as_raw()).ok_or_else(|| format!("an invalid image handle {:#x}", i.as_raw()))
}

pub unsafe extern "system" fn cmd_copy_buffer_to_image(
    raw: vk::CommandBuffer,
    src: vk::Buffer,
    dst: vk::Image,
    _layout: vk::ImageLayout,
    count: u32,
    regions: *const vk::BufferImageCopy,
) {
    record(raw, "vkCmdCopyBufferToImage", || {
        // SAFETY: the caller's array.
        let regions = unsafe { slice(regions, count) }.map_err(|_| "a null pRegions")?.to_vec();
        Ok(Command::Image(ImageCommand::BufferToImage { src: buffer(src)?, dst: image(dst)?, regions }))
    })
}

pub unsafe extern "system" fn cmd_copy_image_to_buffer(
    raw: vk::CommandBuffer,
    src: vk::Image,
    _layout: vk::ImageLayout,
    dst: vk::Buffer,
    count: u32,
    regions: *const vk::BufferImageCopy,
) {
    record(raw, "vkCmdCopyImageToBuffer", || {
        // SAFETY: the caller's array.
        let regions = unsafe { slice(regions, count) }.map_err(|_| "a null pRegions")?.to_vec();
        Ok(Command::Image(ImageCommand::ImageToBuffer { src: image(src)?, dst: buffer(dst)?, regions }))
    })
}

pub unsafe extern "system" fn cmd_copy_image(
    raw: vk::CommandBuffer,
    src: vk::Image,
    _src_layout: vk::ImageLayout,
    dst: vk::Image,
    _dst_layout: vk::ImageLayout,
    count: u32,
    regions: *const vk::ImageCopy,
) {
    record(raw, "vkCmdCopyImage", || {
        // SAFETY: the caller's array.
        let regions = unsafe { slice(regions, count) }.map_err(|_| "a null pRegions")?.to_vec();
        Ok(Command::Image(ImageCommand::ImageToImage { src: image(src)?, dst: image(dst)?, regions }))
    })
}

pub unsafe extern "system" fn cmd_clear_color_image(
    raw: vk::CommandBuffer,
    img: vk::Image,
    _layout: vk::ImageLayout,
    color: *const vk::ClearColorValue,
    count: u32,
    ranges: *const vk::ImageSubresourceRange,
) {
    record(raw, "vkCmdClearColorImage", || {
        // SAFETY: the caller's colour and array.
        let (color, ranges) = unsafe { (color.as_ref(), slice(ranges, count)) };
        let color = *color.ok_or("a null pColor")?;
        let ranges = ranges.map_err(|_| "a null pRanges")?.to_vec();
        Ok(Command::Image(ImageCommand::Clear { image: image(img)?, color, ranges }))
    })
}

/// The regions of a `VK_KHR_copy_commands2` command as the 1.0 structures (their only
/// difference is the `sType`/`pNext` header; an extension structure in a region's chain,
/// such as a copy transform, is refused).
///
/// # Safety
/// `ptr` must point at `count` valid regions.
unsafe fn regions2<R, T>(
    ptr: *const R,
    count: u32,
    next: impl Fn(&R) -> *const std::ffi::c_void,
    convert: impl Fn(&R) -> T,
) -> Result<Vec<T>, String> {
    // SAFETY: the caller's contract.
    let list = unsafe { slice(ptr, count) }.map_err(|_| "a null pRegions")?;
    if list.iter().any(|r| !next(r).is_null()) {
        return Err("a region with an extension structure (copy transforms are not supported)".to_string());
    }
    Ok(list.iter().map(convert).collect())
}

fn buffer_image_copy(r: &vk::BufferImageCopy2<'_>) -> vk::BufferImageCopy {
    vk::BufferImageCopy {
        buffer_offset: r.buffer_offset,
        buffer_row_length: r.buffer_row_length,
        buffer_image_height: r.buffer_image_height,
        image_subresource: r.image_subresource,
        image_offset: r.image_offset,
        image_extent: r.image_extent,
    }
}

pub unsafe extern "system" fn cmd_copy_buffer2(raw: vk::CommandBuffer, info: *const vk::CopyBufferInfo2<'_>) {
    record(raw, "vkCmdCopyBuffer2KHR", || {
        // SAFETY: the caller's info and its regions.
        let info = unsafe { info.as_ref() }.ok_or("a null pCopyBufferInfo")?;
        let regions = unsafe {
            regions2(
                info.p_regions,
                info.region_count,
                |r| r.p_next,
                |r| vk::BufferCopy { src_offset: r.src_offset, dst_offset: r.dst_offset, size: r.size },
            )
        }?;
        Ok(Command::CopyBuffer { src: buffer(info.src_buffer)?, dst: buffer(info.dst_buffer)?, regions })
    })
}

pub unsafe extern "system" fn cmd_copy_buffer_to_image2(
    raw: vk::CommandBuffer,
    info: *const vk::CopyBufferToImageInfo2<'_>,
) {
    record(raw, "vkCmdCopyBufferToImage2KHR", || {
        // SAFETY: the caller's info and its regions.
        let info = unsafe { info.as_ref() }.ok_or("a null pCopyBufferToImageInfo")?;
        let regions = unsafe { regions2(info.p_regions, info.region_count, |r| r.p_next, buffer_image_copy) }?;
        let (src, dst) = (buffer(info.src_buffer)?, image(info.dst_image)?);
        Ok(Command::Image(ImageCommand::BufferToImage { src, dst, regions }))
    })
}

pub unsafe extern "system" fn cmd_copy_image_to_buffer2(
    raw: vk::CommandBuffer,
    info: *const vk::CopyImageToBufferInfo2<'_>,
) {
    record(raw, "vkCmdCopyImageToBuffer2KHR", || {
        // SAFETY: the caller's info and its regions.
        let info = unsafe { info.as_ref() }.ok_or("a null pCopyImageToBufferInfo")?;
        let regions = unsafe { regions2(info.p_regions, info.region_count, |r| r.p_next, buffer_image_copy) }?;
        let (src, dst) = (image(info.src_image)?, buffer(info.dst_buffer)?);
        Ok(Command::Image(ImageCommand::ImageToBuffer { src, dst, regions }))
    })
}

pub unsafe extern "system" fn cmd_copy_image2(raw: vk::CommandBuffer, info: *const vk::CopyImageInfo2<'_>) {
    record(raw, "vkCmdCopyImage2KHR", || {
        // SAFETY: the caller's info and its regions.
        let info = unsafe { info.as_ref() }.ok_or("a null pCopyImageInfo")?;
        let regions = unsafe {
            regions2(
                info.p_regions,
                info.region_count,
                |r| r.p_next,
                |r| vk::ImageCopy {
                    src_subresource: r.src_subresource,
                    src_offset: r.src_offset,
                    dst_subresource: r.dst_subresource,
                    dst_offset: r.dst_offset,
                    extent: r.extent,
                },
            )
        }?;
        Ok(Command::Image(ImageCommand::ImageToImage {
            src: image(info.src_image)?,
            dst: image(info.dst_image)?,
            regions,
        }))
    })
}

pub unsafe extern "system" fn cmd_blit_image2(raw: vk::CommandBuffer, _info: *const vk::BlitImageInfo2<'_>) {
    record(raw, "vkCmdBlitImage2KHR", || Err("blits need a graphics queue; the device has compute queues only".into()))
}

pub unsafe extern "system" fn cmd_resolve_image2(raw: vk::CommandBuffer, _info: *const vk::ResolveImageInfo2<'_>) {
    record(raw, "vkCmdResolveImage2KHR", || {
        Err("resolves need a graphics queue and multisampled images; the device has neither".into())
    })
}

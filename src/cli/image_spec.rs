//! `--arg` specifications of images and samplers for `spirjit run`:
//!
//! * `image2d:rgba:unorm8:WxH=INIT` (also `image1d`, `image1d_array` (`W x LAYERS`),
//!   `image1d_buffer`, `image2d_array` (`WxHxLAYERS`), `image3d` (`WxHxD`)); INIT is
//!   `zeros`, `rand:SEED` (random texels: floats in [0, 1) for float and half formats) or
//!   `@FILE.npy` (the texels' raw bytes, any dtype, exactly the image's size);
//! * `sampler=normalized,repeat,linear` (in any order: `normalized`/`unnormalized`,
//!   `none`/`clamp`/`clamp_to_edge`/`repeat`/`mirrored_repeat`, `nearest`/`linear`;
//!   defaults unnormalized, clamp_to_edge, nearest).
//!
//! Channel orders and types are spelled as `ChannelOrder::name` / `ChannelType::name`.
//! This module only parses and creates host objects; it runs nothing.

use std::path::PathBuf;

use crate::image::{AddressingMode, ChannelOrder, ChannelType, FilterMode, Image, ImageDim, Sampler};

/// How an image's texels start.
#[derive(Clone, Debug, PartialEq)]
pub enum ImageInit {
    Zeros,
    Rand(u64),
    File(PathBuf),
}

/// A parsed image argument.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageSpec {
    pub dim: ImageDim,
    pub order: ChannelOrder,
    pub channel_type: ChannelType,
    pub size: [usize; 3],
    pub init: ImageInit,
}

/// Parse `left=right` when `left` names an image (`image...:order:type:size`).
pub fn parse_image(left: &str, right: &str, spec: &str) -> Option<Result<ImageSpec, String>> {
    let rest = left.strip_prefix("image")?;
    Some(parse_image_inner(rest, right, spec))
}

fn parse_image_inner(rest: &str, right: &str, spec: &str) -> Result<ImageSpec, String> {
    let parts: Vec<&str> = rest.split(':').map(str::trim).collect();
    let [dim, order, ty, size] = parts.as_slice() else {
        return Err(format!(
            "`--arg {spec}`: an image is imageDIM:ORDER:TYPE:SIZE=INIT, like image2d:rgba:unorm8:64x32=rand:1"
        ));
    };
    let dim = ImageDim::from_name(dim).ok_or_else(|| {
        format!("`--arg {spec}`: unknown image kind `image{dim}`; use image1d, image1d_array, image1d_buffer, image2d, image2d_array or image3d")
    })?;
    let order = ChannelOrder::ALL.into_iter().find(|o| o.name() == *order).ok_or_else(|| {
        let all: Vec<&str> = ChannelOrder::ALL.iter().map(|o| o.name()).collect();
        format!("`--arg {spec}`: unknown channel order `{order}`; use one of {}", all.join(", "))
    })?;
    let channel_type = ChannelType::ALL.into_iter().find(|t| t.name() == *ty).ok_or_else(|| {
        let all: Vec<&str> = ChannelType::ALL.iter().map(|t| t.name()).collect();
        format!("`--arg {spec}`: unknown channel type `{ty}`; use one of {}", all.join(", "))
    })?;
    let dims: Vec<usize> =
        size.split('x').map(|d| d.trim().parse::<usize>().ok().filter(|d| *d > 0)).collect::<Option<_>>().ok_or_else(
            || format!("`--arg {spec}`: the size `{size}` should be positive numbers joined by x, like 64x32"),
        )?;
    let want = match dim {
        ImageDim::D1 | ImageDim::D1Buffer => 1,
        ImageDim::D1Array | ImageDim::D2 | ImageDim::Cube => 2,
        ImageDim::D2Array | ImageDim::D3 | ImageDim::CubeArray => 3,
    };
    if dims.len() != want {
        return Err(format!("`--arg {spec}`: image{} takes {want} size(s), got {}", dim.name(), dims.len()));
    }
    let mut s = [1usize; 3];
    s[..dims.len()].copy_from_slice(&dims);
    let init = match right {
        "zeros" | "zero" | "0" => ImageInit::Zeros,
        "rand" => ImageInit::Rand(0),
        r => {
            if let Some(seed) = r.strip_prefix("rand:") {
                ImageInit::Rand(
                    seed.trim().parse().map_err(|_| format!("`--arg {spec}`: rand:SEED needs a number seed"))?,
                )
            } else if let Some(path) = r.strip_prefix('@') {
                ImageInit::File(path.into())
            } else {
                return Err(format!(
                    "`--arg {spec}`: unknown image initializer `{r}`; use zeros, rand:SEED or @FILE.npy"
                ));
            }
        }
    };
    Ok(ImageSpec { dim, order, channel_type, size: s, init })
}

/// Parse the value of `sampler=...`.
pub fn parse_sampler(right: &str, spec: &str) -> Result<Sampler, String> {
    let mut s = Sampler::new(false, AddressingMode::ClampToEdge, FilterMode::Nearest);
    for word in right.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        match word {
            "normalized" => s.normalized_coords = true,
            "unnormalized" => s.normalized_coords = false,
            "none" => s.addressing = AddressingMode::None,
            "clamp" => s.addressing = AddressingMode::Clamp,
            "clamp_to_edge" => s.addressing = AddressingMode::ClampToEdge,
            "repeat" => s.addressing = AddressingMode::Repeat,
            "mirrored_repeat" => s.addressing = AddressingMode::MirroredRepeat,
            "nearest" => s.filter = FilterMode::Nearest,
            "linear" => s.filter = FilterMode::Linear,
            other => {
                return Err(format!(
                    "`--arg {spec}`: unknown sampler property `{other}`; use normalized/unnormalized, \
                     none/clamp/clamp_to_edge/repeat/mirrored_repeat and nearest/linear"
                ))
            }
        }
    }
    Ok(s)
}

/// Create the image a spec describes.
pub fn materialize_image(s: &ImageSpec) -> Result<Image, String> {
    let mut img = Image::new(s.dim, s.order, s.channel_type, s.size).map_err(|e| e.to_string())?;
    match &s.init {
        ImageInit::Zeros => {}
        ImageInit::Rand(seed) => {
            let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut next = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            };
            let bytes = img.bytes_mut();
            match s.channel_type {
                ChannelType::Float => {
                    for c in bytes.chunks_exact_mut(4) {
                        c.copy_from_slice(&((next() >> 40) as f32 / (1u64 << 24) as f32).to_le_bytes());
                    }
                }
                ChannelType::HalfFloat => {
                    for c in bytes.chunks_exact_mut(2) {
                        // Halves in [0, 1): exponent 0..14 of the 15 biased ones below 1.
                        let h = ((next() % 15) as u16) << 10 | (next() as u16 & 0x3FF);
                        c.copy_from_slice(&h.to_le_bytes());
                    }
                }
                _ => bytes.iter_mut().for_each(|b| *b = next() as u8),
            }
        }
        ImageInit::File(path) => {
            let a = crate::npy::read(path).map_err(|e| e.to_string())?;
            let want = img.bytes().len();
            if a.data.len() != want {
                return Err(format!(
                    "`{}` holds {} bytes but the image needs {want} ({} elements of {} bytes)",
                    path.display(),
                    a.data.len(),
                    want / img.element_size(),
                    img.element_size()
                ));
            }
            img.bytes_mut().copy_from_slice(&a.data);
        }
    }
    Ok(img)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_and_sampler_specs() {
        let s = parse_image("image2d:rgba:unorm8:4x3", "rand:7", "x").unwrap().unwrap();
        assert_eq!((s.dim, s.size, s.init.clone()), (ImageDim::D2, [4, 3, 1], ImageInit::Rand(7)));
        assert_eq!(materialize_image(&s).unwrap().bytes().len(), 48);
        assert!(parse_image("image2d:rgba:unorm8:4", "zeros", "x").unwrap().is_err());
        assert!(parse_image("image4d:rgba:unorm8:4", "zeros", "x")
            .unwrap()
            .unwrap_err()
            .contains("unknown image kind"));
        assert!(parse_image("float", "1", "x").is_none());
        let smp = parse_sampler("normalized,repeat,linear", "x").unwrap();
        assert_eq!(smp, Sampler::new(true, AddressingMode::Repeat, FilterMode::Linear));
        assert!(parse_sampler("bogus", "x").is_err());
    }
}

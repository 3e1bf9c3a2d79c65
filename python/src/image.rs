//! The native `Image` class (a `spirjit::Image` the Python `spirjit.Image` wraps) and
//! the parsing of sampler settings for launches.
//!
//! An image owns its texels (the runtime's `Image` cannot borrow a NumPy array): the
//! Python layer copies the array in when it creates the image and reads the texels back
//! with `to_bytes`. While a kernel runs, the image is taken out of its cell and moved to
//! the launch thread ([`TakenImage`]); it returns to the cell when the launch is over,
//! whatever happened. Use of the image by a call running concurrently on another thread
//! is refused with an argument error; several uses in one call share one take (see
//! `launch`).
//!
//! Samplers come as plain tuples of names: OpenCL ones as `(normalized, addressing,
//! filter)`, Vulkan ones as `(normalized, filter, (u, v, w), border, compare)`.
//!
//! This module must not convert or sample texels; names are checked, not translated
//! (the Python layer maps user spellings to the runtime's names).

use std::sync::{Arc, Mutex, PoisonError};

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use spirjit::{
    AddressingMode, BorderColor, ChannelOrder, ChannelType, CompareOp, FilterMode, Image, ImageDim, Sampler,
};

use crate::errors::{argument, to_py};

/// Where an image lives between launches; `None` while a launch holds it.
type Cell = Arc<Mutex<Option<Image>>>;

/// A host image (native; use `spirjit.Image`).
#[pyclass(name = "NativeImage", module = "spirjit._spirjit", frozen)]
pub struct NativeImage {
    cell: Cell,
    /// Dimensionality, for messages and properties while a launch holds the image.
    dim: ImageDim,
    order: ChannelOrder,
    channel_type: ChannelType,
    /// Width, height, depth-or-layers as given.
    size: [usize; 3],
    element_size: usize,
}

fn one_of<T: Copy>(all: &[T], name: fn(T) -> &'static str, given: &str, what: &str) -> PyResult<T> {
    all.iter().copied().find(|x| name(*x) == given).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|x| name(*x)).collect();
        argument(format!("unknown {what} {given:?}; use one of {}", names.join(", ")))
    })
}

#[pymethods]
impl NativeImage {
    /// Create an image holding `data` (tightly packed, x fastest). `dim`: `1d`, `1d_array`,
    /// `1d_buffer`, `2d`, `2d_array`, `3d`, `cube`, `cube_array`; `order` and
    /// `channel_type`: the runtime's names (`rgba`, `unorm8`, `uint2101010`, ...); `size`:
    /// (width, height or layers, depth or layers or cubes), unused entries 1.
    #[new]
    fn new(dim: &str, order: &str, channel_type: &str, size: [usize; 3], data: &Bound<'_, PyBytes>) -> PyResult<Self> {
        let dims: Vec<ImageDim> = ImageDim::ALL.into_iter().chain(ImageDim::VULKAN).collect();
        let types: Vec<ChannelType> = ChannelType::ALL.into_iter().chain(ChannelType::VULKAN).collect();
        let dim = one_of(&dims, ImageDim::name, dim, "image dimensionality")?;
        let order = one_of(&ChannelOrder::ALL, ChannelOrder::name, order, "channel order")?;
        let channel_type = one_of(&types, ChannelType::name, channel_type, "channel type")?;
        let img = Image::from_bytes(dim, order, channel_type, size, data.as_bytes()).map_err(to_py)?;
        let element_size = img.element_size();
        Ok(NativeImage { cell: Arc::new(Mutex::new(Some(img))), dim, order, channel_type, size, element_size })
    }

    /// The texels as bytes (a copy; raises while a kernel using the image runs).
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let guard = self.cell.lock().unwrap_or_else(PoisonError::into_inner);
        let img = guard.as_ref().ok_or_else(|| self.busy())?;
        Ok(PyBytes::new(py, img.bytes()))
    }

    /// Replace the texels with `data` (exactly the image's byte size).
    fn set_bytes(&self, data: &Bound<'_, PyBytes>) -> PyResult<()> {
        let mut guard = self.cell.lock().unwrap_or_else(PoisonError::into_inner);
        let img = guard.as_mut().ok_or_else(|| self.busy())?;
        let b = data.as_bytes();
        if b.len() != img.bytes().len() {
            return Err(argument(format!(
                "the image holds {} bytes; got {} bytes of data",
                img.bytes().len(),
                b.len()
            )));
        }
        img.bytes_mut().copy_from_slice(b);
        Ok(())
    }

    /// The dimensionality name (`2d`, ...).
    #[getter]
    fn dim(&self) -> &'static str {
        self.dim.name()
    }

    /// The channel order name.
    #[getter]
    fn channel_order(&self) -> &'static str {
        self.order.name()
    }

    /// The channel type name.
    #[getter]
    fn channel_type(&self) -> &'static str {
        self.channel_type.name()
    }

    /// (width, height or layers, depth or layers) as given at creation.
    #[getter]
    fn size(&self) -> [usize; 3] {
        self.size
    }

    /// Bytes per element.
    #[getter]
    fn element_size(&self) -> usize {
        self.element_size
    }
}

impl NativeImage {
    fn busy(&self) -> PyErr {
        argument(format!(
            "this image{}_t is in use by a kernel call that has not finished (an image can be passed to one \
             call at a time)",
            self.dim.name()
        ))
    }

    /// Take the image out for one launch.
    pub fn take(&self) -> PyResult<TakenImage> {
        let img = self.cell.lock().unwrap_or_else(PoisonError::into_inner).take().ok_or_else(|| self.busy())?;
        Ok(TakenImage { cell: self.cell.clone(), image: Some(img) })
    }
}

/// An image held by a launch; dropping it puts the image back into its cell.
pub struct TakenImage {
    cell: Cell,
    image: Option<Image>,
}

impl TakenImage {
    /// The image, for `Arg::image`.
    pub fn image_mut(&mut self) -> Option<&mut Image> {
        self.image.as_mut()
    }

    /// The image, for `Arg::read_only_image`.
    pub fn image(&self) -> Option<&Image> {
        self.image.as_ref()
    }
}

impl Drop for TakenImage {
    fn drop(&mut self) {
        if let Some(img) = self.image.take() {
            *self.cell.lock().unwrap_or_else(PoisonError::into_inner) = Some(img);
        }
    }
}

/// An addressing mode from its `spirjit.Sampler` name (`clamp_to_border` is OpenCL's
/// `clamp`; `mirror_clamp_to_edge` exists only in Vulkan samplers).
fn addressing_mode(name: &str) -> PyResult<AddressingMode> {
    Ok(match name {
        "none" => AddressingMode::None,
        "clamp" | "clamp_to_border" => AddressingMode::Clamp,
        "clamp_to_edge" => AddressingMode::ClampToEdge,
        "repeat" => AddressingMode::Repeat,
        "mirrored_repeat" => AddressingMode::MirroredRepeat,
        "mirror_clamp_to_edge" => AddressingMode::MirrorClampToEdge,
        other => {
            return Err(argument(format!(
                "unknown addressing mode {other:?}; use none, clamp, clamp_to_edge, clamp_to_border, repeat, \
                 mirrored_repeat or mirror_clamp_to_edge"
            )))
        }
    })
}

fn filter_mode(name: &str) -> PyResult<FilterMode> {
    match name {
        "nearest" => Ok(FilterMode::Nearest),
        "linear" => Ok(FilterMode::Linear),
        other => Err(argument(format!("unknown filter mode {other:?}; use nearest or linear"))),
    }
}

/// An OpenCL sampler from `(normalized, addressing, filter)` with the names of
/// `spirjit.Sampler` (`none`, `clamp`, `clamp_to_edge`, `repeat`, `mirrored_repeat`;
/// `nearest`, `linear`).
pub fn sampler(normalized: bool, addressing: &str, filter: &str) -> PyResult<Sampler> {
    let a = addressing_mode(addressing)?;
    if a == AddressingMode::MirrorClampToEdge {
        return Err(argument("mirror_clamp_to_edge exists only in Vulkan samplers"));
    }
    Ok(Sampler::new(normalized, a, filter_mode(filter)?))
}

/// A Vulkan sampler from `(normalized, filter, (u, v, w), border, compare)`: addressing
/// names as for [`sampler`] (`none` refused), `border` one of `float_transparent_black`,
/// `int_transparent_black`, `float_opaque_black`, `int_opaque_black`,
/// `float_opaque_white`, `int_opaque_white`, `compare` None or one of `never`, `less`,
/// `equal`, `less_or_equal`, `greater`, `not_equal`, `greater_or_equal`, `always`.
pub fn vulkan_sampler(
    normalized: bool,
    filter: &str,
    addressing: [String; 3],
    border: &str,
    compare: Option<&str>,
) -> PyResult<Sampler> {
    let mut modes = [AddressingMode::ClampToEdge; 3];
    for (m, name) in modes.iter_mut().zip(&addressing) {
        *m = addressing_mode(name)?;
        if *m == AddressingMode::None {
            return Err(argument("Vulkan samplers have no addressing mode `none`; use clamp_to_edge"));
        }
    }
    let border = match border {
        "float_transparent_black" => BorderColor::FloatTransparentBlack,
        "int_transparent_black" => BorderColor::IntTransparentBlack,
        "float_opaque_black" => BorderColor::FloatOpaqueBlack,
        "int_opaque_black" => BorderColor::IntOpaqueBlack,
        "float_opaque_white" => BorderColor::FloatOpaqueWhite,
        "int_opaque_white" => BorderColor::IntOpaqueWhite,
        other => return Err(argument(format!("unknown border colour {other:?}"))),
    };
    let compare = match compare {
        None => None,
        Some(op) => Some(match op {
            "never" => CompareOp::Never,
            "less" => CompareOp::Less,
            "equal" => CompareOp::Equal,
            "less_or_equal" => CompareOp::LessOrEqual,
            "greater" => CompareOp::Greater,
            "not_equal" => CompareOp::NotEqual,
            "greater_or_equal" => CompareOp::GreaterOrEqual,
            "always" => CompareOp::Always,
            other => return Err(argument(format!("unknown compare op {other:?}"))),
        }),
    };
    Ok(Sampler::vulkan(normalized, filter_mode(filter)?, modes, border, compare))
}

//! The native `Image` class (a `spirjit::Image` the Python `spirjit.Image` wraps) and
//! the parsing of sampler settings for launches.
//!
//! An image owns its texels (the runtime's `Image` cannot borrow a NumPy array): the
//! Python layer copies the array in when it creates the image and reads the texels back
//! with `to_bytes`. While a kernel runs, the image is taken out of its cell and moved to
//! the launch thread ([`TakenImage`]); it returns to the cell when the launch is over,
//! whatever happened. A second use of the same image in the same call, or in a call
//! running concurrently on another thread, is refused with an argument error.
//!
//! This module must not convert or sample texels; names are checked, not translated
//! (the Python layer maps user spellings to the runtime's names).

use std::sync::{Arc, Mutex, PoisonError};

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use spirjit::{AddressingMode, ChannelOrder, ChannelType, FilterMode, Image, ImageDim, Sampler};

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
    /// `1d_buffer`, `2d`, `2d_array`, `3d`; `order` and `channel_type`: the runtime's
    /// names (`rgba`, `unorm8`, ...); `size`: (width, height or layers, depth or
    /// layers), unused entries 1.
    #[new]
    fn new(dim: &str, order: &str, channel_type: &str, size: [usize; 3], data: &Bound<'_, PyBytes>) -> PyResult<Self> {
        let dim = one_of(&ImageDim::ALL, ImageDim::name, dim, "image dimensionality")?;
        let order = one_of(&ChannelOrder::ALL, ChannelOrder::name, order, "channel order")?;
        let channel_type = one_of(&ChannelType::ALL, ChannelType::name, channel_type, "channel type")?;
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
             call at a time, once per call)",
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
}

impl Drop for TakenImage {
    fn drop(&mut self) {
        if let Some(img) = self.image.take() {
            *self.cell.lock().unwrap_or_else(PoisonError::into_inner) = Some(img);
        }
    }
}

/// A sampler from `(normalized, addressing, filter)` with the names of `spirjit.Sampler`
/// (`none`, `clamp`, `clamp_to_edge`, `repeat`, `mirrored_repeat`; `nearest`, `linear`).
pub fn sampler(normalized: bool, addressing: &str, filter: &str) -> PyResult<Sampler> {
    let a = match addressing {
        "none" => AddressingMode::None,
        "clamp" => AddressingMode::Clamp,
        "clamp_to_edge" => AddressingMode::ClampToEdge,
        "repeat" => AddressingMode::Repeat,
        "mirrored_repeat" => AddressingMode::MirroredRepeat,
        other => {
            return Err(argument(format!(
                "unknown addressing mode {other:?}; use none, clamp, clamp_to_edge, repeat or mirrored_repeat"
            )))
        }
    };
    let f = match filter {
        "nearest" => FilterMode::Nearest,
        "linear" => FilterMode::Linear,
        other => return Err(argument(format!("unknown filter mode {other:?}; use nearest or linear"))),
    };
    Ok(Sampler::new(normalized, a, f))
}

//! Kernel arguments: the [`Arg`] values callers pass, the [`Pod`] marker for data that
//! may be viewed as bytes, and binding — checking each argument against its parameter
//! and filling the 8-byte argument slots the compiled kernel reads.
//!
//! A buffer may have any byte size, as with OpenCL drivers: an `int4*` parameter given
//! 20 bytes has one whole element and 4 bytes more. The bounds checks compare every
//! access with the buffer's byte size, so reading element 0 works and reading element 1
//! is an out-of-bounds error. With [`WARN_PARTIAL_ELEMENTS_ENV`] set, binding such a
//! buffer also prints a warning on stderr (once per kernel, argument and size).
//!
//! This module must not run kernels or allocate per-work-group memory; it only
//! produces the slots and the list of `__local` arguments for the driver.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock, PoisonError};

use spirjit_jit::ir::{AddressSpace, Param, ParamKind, Type};

use crate::arena::AlignedBuf;
use crate::error::{Error, Result};
use crate::kernel::{param_type_text, signature_text};

/// Plain old data: any bit pattern is a valid value and the type has no padding, so a
/// slice of it may be viewed as bytes and written by a kernel.
///
/// # Safety
/// Implement it only for `Copy` types without padding bytes whose every bit pattern is
/// valid (`#[repr(C)]` structs of `Pod` fields laid out without gaps).
pub unsafe trait Pod: Copy + Send + Sync + 'static {}

macro_rules! pod {
    ($($t:ty),*) => { $(
        // SAFETY: primitive numbers have no padding and no invalid bit patterns.
        unsafe impl Pod for $t {}
    )* };
}
pod!(i8, i16, i32, i64, i128, u8, u16, u32, u64, u128, f32, f64);
// SAFETY: an array of padding-free, any-bit-pattern elements has neither padding nor
// invalid bit patterns.
unsafe impl<T: Pod, const N: usize> Pod for [T; N] {}

/// View a slice of `Pod` values as bytes.
pub fn bytes_of<T: Pod>(data: &[T]) -> &[u8] {
    // SAFETY: `T: Pod` has no padding, so every byte of the slice is initialised.
    unsafe { std::slice::from_raw_parts(data.as_ptr() as *const u8, std::mem::size_of_val(data)) }
}

/// View a mutable slice of `Pod` values as bytes.
pub fn bytes_of_mut<T: Pod>(data: &mut [T]) -> &mut [u8] {
    // SAFETY: `T: Pod` has no padding and accepts any bit pattern, so writing arbitrary
    // bytes keeps every element valid.
    unsafe { std::slice::from_raw_parts_mut(data.as_mut_ptr() as *mut u8, std::mem::size_of_val(data)) }
}

/// One kernel argument, in parameter order.
#[derive(Debug)]
pub enum Arg<'a> {
    /// A buffer the kernel may read and write (global or constant pointer parameters).
    Buffer(&'a mut [u8]),
    /// A buffer the kernel only reads; rejected for parameters the kernel may write.
    ReadOnly(&'a [u8]),
    /// A by-value argument: the bytes of a scalar, vector or struct.
    Value(Vec<u8>),
    /// A `__local` pointer argument: this many bytes of local memory per work-group.
    Local(usize),
    /// An image argument (`image2d_t`, ...): the kernel reads and writes its texels.
    Image(&'a mut crate::Image),
    /// An image argument over memory the caller owns: the kernel reads and writes it in
    /// place, through the view's pitches.
    ImageView(crate::ImageView<'a>),
    /// A sampler argument (`sampler_t`).
    Sampler(crate::Sampler),
    /// A Vulkan combined image sampler: an image with the sampler it is sampled with.
    SampledImage(&'a mut crate::Image, crate::Sampler),
    /// A Vulkan combined image sampler over memory the caller owns (see
    /// [`Arg::ImageView`]).
    SampledImageView(crate::ImageView<'a>, crate::Sampler),
    /// An image the kernel only reads, borrowed shared: one image may be bound to several
    /// parameters of one launch this way. Rejected for parameters that may write the
    /// image (`write_only` and `read_write` images: Vulkan storage images and storage
    /// texel buffers not declared `readonly`).
    ReadOnlyImage(&'a crate::Image),
    /// A combined image sampler the kernel only reads (see [`Arg::ReadOnlyImage`]).
    ReadOnlySampledImage(&'a crate::Image, crate::Sampler),
    /// A null descriptor (Vulkan's `nullDescriptor`), bound to nothing: for an image or
    /// texel-buffer parameter, reads and samples give zero, writes are dropped and size
    /// queries give 0, and an atomic reaches no texel (an out-of-bounds access: an error
    /// in checked kernels, dropped under robust buffer access); for a sampler parameter,
    /// the default sampler; for a buffer parameter, an empty buffer (every access is out
    /// of bounds).
    Null,
}

impl<'a> Arg<'a> {
    /// A buffer the kernel may read and write.
    pub fn buffer<T: Pod>(data: &'a mut [T]) -> Self {
        Arg::Buffer(bytes_of_mut(data))
    }

    /// A buffer the kernel only reads.
    pub fn read_only<T: Pod>(data: &'a [T]) -> Self {
        Arg::ReadOnly(bytes_of(data))
    }

    /// A by-value argument: a scalar, `[f32; 4]` for a `float4`, or a `#[repr(C)]` struct.
    pub fn value<T: Pod>(v: T) -> Self {
        Arg::Value(bytes_of(std::slice::from_ref(&v)).to_vec())
    }

    /// A by-value argument given as raw bytes.
    pub fn bytes(b: &[u8]) -> Self {
        Arg::Value(b.to_vec())
    }

    /// A `__local` pointer argument of `bytes` bytes per work-group.
    pub fn local(bytes: usize) -> Self {
        Arg::Local(bytes)
    }

    /// An image argument.
    pub fn image(image: &'a mut crate::Image) -> Self {
        Arg::Image(image)
    }

    /// An image argument over the caller's memory (see [`crate::ImageView`]).
    pub fn image_view(view: crate::ImageView<'a>) -> Self {
        Arg::ImageView(view)
    }

    /// A sampler argument.
    pub fn sampler(sampler: crate::Sampler) -> Self {
        Arg::Sampler(sampler)
    }

    /// A Vulkan combined image sampler: `image` sampled with `sampler`.
    pub fn sampled_image(image: &'a mut crate::Image, sampler: crate::Sampler) -> Self {
        Arg::SampledImage(image, sampler)
    }

    /// A Vulkan combined image sampler over the caller's memory: `view` sampled with
    /// `sampler`.
    pub fn sampled_image_view(view: crate::ImageView<'a>, sampler: crate::Sampler) -> Self {
        Arg::SampledImageView(view, sampler)
    }

    /// An image argument the kernel only reads (see [`Arg::ReadOnlyImage`]).
    pub fn read_only_image(image: &'a crate::Image) -> Self {
        Arg::ReadOnlyImage(image)
    }

    /// A Vulkan combined image sampler the kernel only reads (see [`Arg::ReadOnlyImage`]).
    pub fn read_only_sampled_image(image: &'a crate::Image, sampler: crate::Sampler) -> Self {
        Arg::ReadOnlySampledImage(image, sampler)
    }

    /// A null descriptor (see [`Arg::Null`]).
    pub fn null() -> Self {
        Arg::Null
    }

    /// What this argument is, for messages ("a buffer of 16 bytes").
    pub fn describe(&self) -> String {
        match self {
            Arg::Buffer(b) => format!("a buffer of {} bytes", b.len()),
            Arg::ReadOnly(b) => format!("a read-only buffer of {} bytes", b.len()),
            Arg::Value(v) => format!("a value of {} bytes", v.len()),
            Arg::Local(n) => format!("local memory of {n} bytes"),
            Arg::Image(i) => format!("an image{}_t of {}x{}x{}", i.dim().name(), i.width(), i.height(), i.depth()),
            Arg::ImageView(i) => {
                format!("an image{}_t view of {}x{}x{}", i.dim().name(), i.width(), i.height(), i.depth())
            }
            Arg::Sampler(_) => "a sampler".to_string(),
            Arg::Null => "a null descriptor".to_string(),
            Arg::SampledImage(i, _) => {
                format!("an image{}_t of {}x{}x{} with a sampler", i.dim().name(), i.width(), i.height(), i.depth())
            }
            Arg::SampledImageView(i, _) => format!(
                "an image{}_t view of {}x{}x{} with a sampler",
                i.dim().name(),
                i.width(),
                i.height(),
                i.depth()
            ),
            Arg::ReadOnlyImage(i) => {
                format!("a read-only image{}_t of {}x{}x{}", i.dim().name(), i.width(), i.height(), i.depth())
            }
            Arg::ReadOnlySampledImage(i, _) => format!(
                "a read-only image{}_t of {}x{}x{} with a sampler",
                i.dim().name(),
                i.width(),
                i.height(),
                i.depth()
            ),
        }
    }
}

/// A `__local` pointer argument to place in each work-group's local memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LocalArg {
    /// The parameter index (its slot gets the pointer).
    pub index: usize,
    pub size: u64,
}

/// Arguments checked and turned into slots.
pub(crate) struct Bound {
    /// One slot per parameter (local-argument slots are filled per work-group).
    pub slots: Vec<u64>,
    pub locals: Vec<LocalArg>,
    /// Byte size of each argument's buffer, for error messages.
    pub sizes: Vec<Option<u64>>,
    /// Owned copies of by-value aggregates the slots point to.
    _owned: Vec<AlignedBuf>,
}

/// Check `args` against `params` of kernel `kernel` and build the slots.
pub(crate) fn bind(kernel: &str, params: &[Param], args: &mut [Arg<'_>]) -> Result<Bound> {
    if args.len() != params.len() {
        let index = args.len().min(params.len());
        let (name, message) = if args.len() < params.len() {
            let p = &params[index];
            (
                param_name(p, index),
                format!(
                    "is missing: {} takes {} argument(s) and {} were given; pass one argument per parameter",
                    signature_text(kernel, params),
                    params.len(),
                    args.len()
                ),
            )
        } else {
            (
                String::new(),
                format!(
                    "is one too many: {} takes {} argument(s) and {} were given; pass one argument per parameter",
                    signature_text(kernel, params),
                    params.len(),
                    args.len()
                ),
            )
        };
        return Err(Error::Argument { kernel: kernel.to_string(), index, name, message });
    }
    let mut bound =
        Bound { slots: vec![0; params.len()], locals: Vec::new(), sizes: vec![None; params.len()], _owned: Vec::new() };
    for (i, (p, a)) in params.iter().zip(args.iter_mut()).enumerate() {
        bind_one(kernel, i, p, a, &mut bound)?;
    }
    Ok(bound)
}

/// The environment variable that turns on a warning (on stderr) for a buffer whose byte
/// size is not a multiple of its parameter's element size: set to anything but empty or
/// `0`. Such buffers are accepted either way; an access to the partial element at the
/// end is out of bounds.
pub const WARN_PARTIAL_ELEMENTS_ENV: &str = "SPIRJIT_WARN_PARTIAL_ELEMENTS";

/// Whether [`WARN_PARTIAL_ELEMENTS_ENV`] is set (read once).
fn warn_partial_elements() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var(WARN_PARTIAL_ELEMENTS_ENV).is_ok_and(|v| !v.is_empty() && v.trim() != "0"))
}

/// Print the partial-element warning for argument `index` of `kernel`, once per kernel,
/// argument and size (and at most [`MAX_WARNINGS`] in all, so that a program that
/// launches with ever new sizes does not flood stderr).
fn warn_partial_element(kernel: &str, index: usize, p: &Param, len: u64, elem: u64) {
    const MAX_WARNINGS: usize = 64;
    static SEEN: OnceLock<Mutex<HashSet<(String, usize, u64)>>> = OnceLock::new();
    let mut seen = SEEN.get_or_init(Default::default).lock().unwrap_or_else(PoisonError::into_inner);
    if seen.len() >= MAX_WARNINGS || !seen.insert((kernel.to_string(), index, len)) {
        return;
    }
    eprintln!("{}", partial_element_warning(kernel, index, p, len, elem));
}

/// The text of the partial-element warning.
fn partial_element_warning(kernel: &str, index: usize, p: &Param, len: u64, elem: u64) -> String {
    format!(
        "spirjit: warning: kernel `{kernel}` argument {index} `{}` is `{}`: the buffer has {len} bytes, {} whole \
         {elem}-byte element(s) and {} byte(s) more; an access to the partial element is out of bounds \
         (unset {WARN_PARTIAL_ELEMENTS_ENV} to silence this)",
        param_name(p, index),
        param_type_text(p),
        len / elem,
        len % elem
    )
}

fn param_name(p: &Param, index: usize) -> String {
    p.name.clone().unwrap_or_else(|| format!("arg{index}"))
}

fn bind_one(kernel: &str, i: usize, p: &Param, a: &mut Arg<'_>, bound: &mut Bound) -> Result<()> {
    let fail = |message: String| Error::Argument {
        kernel: kernel.to_string(),
        index: i,
        name: param_name(p, i),
        message: format!("is `{}`: {message}", param_type_text(p)),
    };
    match &p.kind {
        ParamKind::Pointer { space: AddressSpace::Local, .. } => match a {
            Arg::Local(0) => Err(fail("got 0 bytes of local memory; give at least 1 byte".into())),
            Arg::Local(n) => {
                bound.locals.push(LocalArg { index: i, size: *n as u64 });
                bound.sizes[i] = Some(*n as u64);
                Ok(())
            }
            other => Err(fail(format!("expected local memory (Arg::local(bytes)), got {}", other.describe()))),
        },
        ParamKind::Pointer { space, pointee } => {
            let (ptr, len) = match a {
                Arg::Buffer(b) => (b.as_mut_ptr() as u64, b.len()),
                // An empty buffer: the address of no bytes.
                Arg::Null => (std::ptr::NonNull::<u8>::dangling().as_ptr() as u64, 0),
                Arg::ReadOnly(b) => {
                    if !p.read_only && *space != AddressSpace::Constant {
                        return Err(fail(format!(
                            "the kernel may write it, so it needs a writable buffer (Arg::buffer), got {}",
                            a.describe()
                        )));
                    }
                    (b.as_ptr() as u64, b.len())
                }
                other => {
                    return Err(fail(format!(
                        "expected a buffer (Arg::buffer or Arg::read_only), got {}",
                        other.describe()
                    )))
                }
            };
            let elem = pointee.size();
            if elem > 1 && !(len as u64).is_multiple_of(elem) && warn_partial_elements() {
                warn_partial_element(kernel, i, p, len as u64, elem);
            }
            bound.slots[i] = ptr;
            bound.sizes[i] = Some(len as u64);
            Ok(())
        }
        ParamKind::Value(ty) => {
            let Arg::Value(bytes) = a else {
                return Err(fail(format!("expected a value (Arg::value or Arg::bytes), got {}", a.describe())));
            };
            let size = ty.size();
            let accepted = match ty {
                Type::Vector(s, 3) => bytes.len() as u64 == 3 * s.size() || bytes.len() as u64 == size,
                _ => bytes.len() as u64 == size,
            };
            if !accepted {
                let hint = match ty {
                    Type::Vector(s, 3) => format!("{} or {size}", 3 * s.size()),
                    _ => size.to_string(),
                };
                return Err(fail(format!("expected {hint} bytes, got {} bytes", bytes.len())));
            }
            match ty {
                Type::Scalar(_) if size <= 8 => {
                    let mut slot = [0u8; 8];
                    slot[..bytes.len()].copy_from_slice(bytes);
                    bound.slots[i] = u64::from_le_bytes(slot);
                }
                _ => {
                    let align = (ty.align() as usize).max(16);
                    let copy = AlignedBuf::from_bytes(bytes, size as usize, align).map_err(fail)?;
                    bound.slots[i] = copy.as_ptr() as u64;
                    bound._owned.push(copy);
                }
            }
            bound.sizes[i] = Some(size);
            Ok(())
        }
        ParamKind::Sampler | ParamKind::Image { .. } => bind_image_or_sampler(p, a, i, bound).map_err(fail),
    }
}

/// The `access` of image parameters that are Vulkan combined image samplers (their
/// descriptor carries the sampler).
const COMBINED_ACCESS: &str = "sampled";

/// Bind an image argument (the slot points to a descriptor owned by `bound`) or a
/// sampler argument (the slot holds the sampler bits).
fn bind_image_or_sampler(p: &Param, a: &mut Arg<'_>, i: usize, bound: &mut Bound) -> std::result::Result<(), String> {
    match (&p.kind, a) {
        // A null descriptor: slot 0, which the image builtins read as an image of no
        // texels (zeros, dropped writes, sizes 0) and samplers as the default sampler.
        (ParamKind::Sampler | ParamKind::Image { .. }, Arg::Null) => {
            bound.slots[i] = 0;
            bound.sizes[i] = Some(0);
            Ok(())
        }
        (ParamKind::Sampler, Arg::Sampler(s)) => {
            bound.slots[i] = s.bits() as u64;
            bound.sizes[i] = Some(4);
            Ok(())
        }
        (
            ParamKind::Image { dim, access },
            a @ (Arg::Image(_)
            | Arg::ImageView(_)
            | Arg::SampledImage(..)
            | Arg::SampledImageView(..)
            | Arg::ReadOnlyImage(_)
            | Arg::ReadOnlySampledImage(..)),
        ) => {
            let shared = matches!(a, Arg::ReadOnlyImage(_) | Arg::ReadOnlySampledImage(..));
            let smp = match a {
                Arg::SampledImage(_, s) | Arg::SampledImageView(_, s) | Arg::ReadOnlySampledImage(_, s) => {
                    Some(s.bits())
                }
                _ => None,
            };
            if shared && matches!(access.as_str(), "write_only" | "read_write") {
                return Err(format!(
                    "got {}, but the kernel may write this image ({access}: a storage image not declared \
                     readonly); an image bound to several parameters of one launch must be read-only in each",
                    a.describe()
                ));
            }
            let smp = match (smp, access.as_str()) {
                (Some(s), _) => s,
                (None, COMBINED_ACCESS) => {
                    return Err(
                        "expected an image with its sampler (Arg::sampled_image) for a combined image sampler".into()
                    )
                }
                (None, _) => 0,
            };
            // Owned images bind as views of their own texels: one path for both; images
            // shared between read-only parameters bind through a shared borrow.
            let (img_dim, size_bytes, desc) = match a {
                Arg::Image(img) | Arg::SampledImage(img, _) => {
                    let mut v = img.view();
                    (v.dim(), v.bytes().len(), v.descriptor(smp))
                }
                Arg::ImageView(v) | Arg::SampledImageView(v, _) => (v.dim(), v.bytes().len(), v.descriptor(smp)),
                Arg::ReadOnlyImage(img) | Arg::ReadOnlySampledImage(img, _) => {
                    (img.dim(), img.bytes().len(), img.read_only_descriptor(smp))
                }
                _ => return Err("expected an image".to_string()),
            };
            if img_dim.name() != dim {
                return Err(format!(
                    "expected an image{dim}_t, got an image{}_t; create the image with ImageDim matching the \
                     parameter",
                    img_dim.name()
                ));
            }
            let size = std::mem::size_of::<spirjit_abi::ImageDesc>();
            // SAFETY: `ImageDesc` is `#[repr(C)]` plain data; viewing it as bytes reads
            // only initialised fields and padding-free words.
            let bytes = unsafe { std::slice::from_raw_parts(&desc as *const _ as *const u8, size) };
            let copy = AlignedBuf::from_bytes(bytes, size, 16)?;
            bound.slots[i] = copy.as_ptr() as u64;
            bound.sizes[i] = Some(size_bytes as u64);
            bound._owned.push(copy);
            Ok(())
        }
        (ParamKind::Sampler, other) => Err(format!("expected a sampler (Arg::sampler), got {}", other.describe())),
        (_, other) => Err(format!("expected an image (Arg::image), got {}", other.describe())),
    }
}

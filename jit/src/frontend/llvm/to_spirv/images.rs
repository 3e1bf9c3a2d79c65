//! Image builtins of SPIR 1.2: `read_image{f,i,ui,h}` with and without a sampler,
//! `write_image*`, `get_image_*` queries, and samplers — kernel parameters, or `i32`
//! constants (and clang's `__translate_sampler_initializer`) as `OpConstantSampler`.
//!
//! It emits what llvm-spirv does (`OpSampledImage` + `OpImageSampleExplicitLod`,
//! `OpImageRead`, `OpImageWrite`, `OpImageQuerySize(Lod)`, `OpImageQueryFormat/Order`);
//! it must not know how the SPIR-V front end implements them.

use rspirv::spirv::{AccessQualifier, Capability, Dim, ImageOperands, Op, SamplerAddressingMode, SamplerFilterMode};

use super::demangle::{Demangled, MangledType};
use super::func::{Call, Fx};
use crate::{CompileError, Result};

impl Fx<'_, '_> {
    /// `OpConstantSampler` of OpenCL sampler bits (`CLK_NORMALIZED_COORDS_TRUE` 1,
    /// addressing mode in bits 1..3, `CLK_FILTER_LINEAR` 0x20).
    pub(crate) fn constant_sampler(&mut self, bits: u64) -> u32 {
        constant_sampler(self, bits)
    }

    /// An image builtin: `Some(value)` (`None` inside for `void`), or `None` when `d`
    /// is not one.
    pub(crate) fn image_builtin(&mut self, c: &Call<'_>, d: &Demangled, rt: u32) -> Result<Option<Option<u32>>> {
        call(self, c, d, rt)
    }
}

fn constant_sampler(fx: &mut Fx<'_, '_>, bits: u64) -> u32 {
    let t = fx.w.t_sampler();
    let mode = match (bits >> 1) & 7 {
        1 => SamplerAddressingMode::ClampToEdge,
        2 => SamplerAddressingMode::Clamp,
        3 => SamplerAddressingMode::Repeat,
        4 => SamplerAddressingMode::RepeatMirrored,
        _ => SamplerAddressingMode::None,
    };
    let filter = if bits & 0x20 != 0 { SamplerFilterMode::Linear } else { SamplerFilterMode::Nearest };
    fx.w.constant_sampler(t, mode as u32, (bits & 1) as u32, filter as u32)
}

fn is_image(t: &MangledType) -> bool {
    matches!(t, MangledType::Named(n) if n.starts_with("ocl_image"))
}

fn call(fx: &mut Fx<'_, '_>, c: &Call<'_>, d: &Demangled, rt: u32) -> Result<Option<Option<u32>>> {
    if !d.args.first().is_some_and(is_image) {
        return Ok(None);
    }
    let name = d.name.as_str();
    let args = |fx: &mut Fx<'_, '_>| -> Result<Vec<(u32, u32)>> { c.args.iter().map(|&a| fx.val(a)).collect() };
    match name {
        "read_imagef" | "read_imagei" | "read_imageui" | "read_imageh" => {
            let a = args(fx)?;
            let with_sampler = d.args.get(1).is_some_and(|t| matches!(t, MangledType::Named(n) if n == "ocl_sampler"))
                || (a.len() == 3 && d.args.get(1).is_some_and(|t| t.scalar().is_some() && t.vec_len().is_none()));
            if with_sampler && a.len() >= 3 {
                let img = a[0];
                let sampler = match fx.const_int(c.args[1]) {
                    Some(bits) if !fx.w.is_sampler_type(a[1].1) => constant_sampler(fx, bits),
                    _ => a[1].0,
                };
                let st = fx.w.intern_pub(Op::TypeSampledImage, &[img.1]);
                let si = fx.op(Op::SampledImage, st, &[img.0, sampler]);
                let f32t = fx.w.t_float(32);
                let zero = fx.w.c_float(f32t, 32, 0);
                Ok(Some(Some(fx.op(Op::ImageSampleExplicitLod, rt, &[si, a[2].0, ImageOperands::LOD.bits(), zero]))))
            } else if a.len() >= 2 {
                Ok(Some(Some(fx.op(Op::ImageRead, rt, &[a[0].0, a[1].0]))))
            } else {
                Err(CompileError::invalid(format!("`{name}` is called with too few arguments")))
            }
        }
        "write_imagef" | "write_imagei" | "write_imageui" | "write_imageh" => {
            let a = args(fx)?;
            if a.len() < 3 {
                return Err(CompileError::invalid(format!("`{name}` is called with too few arguments")));
            }
            fx.op_void(Op::ImageWrite, &[a[0].0, a[1].0, a[2].0]);
            Ok(Some(None))
        }
        "get_image_width" | "get_image_height" | "get_image_depth" | "get_image_dim" | "get_image_array_size" => {
            let a = args(fx)?;
            let img = a[0];
            fx.w.cap(Capability::ImageQuery);
            let Some((dim, arrayed)) = fx.w.image_shape(img.1) else {
                return Err(CompileError::invalid(format!("`{name}` of a value that is not an image")));
            };
            let n = match dim {
                Dim::Dim1D | Dim::DimBuffer => 1,
                Dim::Dim3D => 3,
                _ => 2,
            } + u32::from(arrayed);
            let i32t = fx.w.t_int(32);
            let qt = if n == 1 { i32t } else { fx.w.t_vec(i32t, n) };
            let size = if dim == Dim::DimBuffer {
                fx.op(Op::ImageQuerySize, qt, &[img.0])
            } else {
                let lod = fx.w.c_u32(0);
                fx.op(Op::ImageQuerySizeLod, qt, &[img.0, lod])
            };
            let pick =
                |fx: &mut Fx<'_, '_>, k: u32| if n == 1 { size } else { fx.op(Op::CompositeExtract, i32t, &[size, k]) };
            let v = match name {
                "get_image_width" => pick(fx, 0),
                "get_image_height" => pick(fx, 1),
                "get_image_depth" => pick(fx, 2),
                "get_image_array_size" => {
                    let v = pick(fx, n - 1);
                    if rt == i32t {
                        v
                    } else {
                        fx.op(Op::UConvert, rt, &[v])
                    }
                }
                _ => {
                    // get_image_dim: int2 (width, height) or int4 (width, height, depth, 0).
                    if n == 2 && !arrayed {
                        size
                    } else {
                        let w = pick(fx, 0);
                        let h = pick(fx, 1);
                        let d3 = if dim == Dim::Dim3D { pick(fx, 2) } else { fx.w.c_u32(0) };
                        let z = fx.w.c_u32(0);
                        let parts = if dim == Dim::Dim3D { vec![w, h, d3, z] } else { vec![w, h] };
                        fx.op(Op::CompositeConstruct, rt, &parts)
                    }
                }
            };
            Ok(Some(Some(v)))
        }
        "get_image_channel_data_type" | "get_image_channel_order" => {
            let a = args(fx)?;
            fx.w.cap(Capability::ImageQuery);
            // SPIR-V enumerants from 0; OpenCL's constants from 0x10D0 (data types) and
            // 0x10B0 (orders), which llvm-spirv adds back.
            let (op, offset) = if name.ends_with("data_type") {
                (Op::ImageQueryFormat, 0x10D0)
            } else {
                (Op::ImageQueryOrder, 0x10B0)
            };
            let q = fx.op(op, rt, &[a[0].0]);
            let k = fx.w.c_int(rt, 32, offset);
            Ok(Some(Some(fx.op(Op::IAdd, rt, &[q, k]))))
        }
        _ => Ok(None),
    }
}

/// What an opaque `%opencl.*` struct (or pointer to one) stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OpaqueKind {
    Image { dim: Dim, arrayed: bool, depth: bool, access: Option<AccessQualifier> },
    Sampler,
    Event,
}

/// The `%opencl.*` type named `name` (`opencl.image2d_ro_t`, `opencl.sampler_t`, ...).
pub(crate) fn opaque_kind(name: &str) -> Option<OpaqueKind> {
    let rest = name.strip_prefix("opencl.")?;
    let rest = rest.strip_suffix("_t").unwrap_or(rest);
    match rest {
        "sampler" => return Some(OpaqueKind::Sampler),
        "event" | "clk_event" => return Some(OpaqueKind::Event),
        _ => {}
    }
    let (base, access) = if let Some(b) = rest.strip_suffix("_ro") {
        (b, Some(AccessQualifier::ReadOnly))
    } else if let Some(b) = rest.strip_suffix("_wo") {
        (b, Some(AccessQualifier::WriteOnly))
    } else if let Some(b) = rest.strip_suffix("_rw") {
        (b, Some(AccessQualifier::ReadWrite))
    } else {
        (rest, None)
    };
    let (dim, arrayed, depth) = match base {
        "image1d" => (Dim::Dim1D, false, false),
        "image1d_array" => (Dim::Dim1D, true, false),
        "image1d_buffer" => (Dim::DimBuffer, false, false),
        "image2d" => (Dim::Dim2D, false, false),
        "image2d_array" => (Dim::Dim2D, true, false),
        "image2d_depth" => (Dim::Dim2D, false, true),
        "image2d_array_depth" => (Dim::Dim2D, true, true),
        "image3d" => (Dim::Dim3D, false, false),
        _ => return None,
    };
    Some(OpaqueKind::Image { dim, arrayed, depth, access })
}

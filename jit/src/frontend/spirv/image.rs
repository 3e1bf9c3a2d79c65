//! Images and samplers (OpenCL flavor): image and sampler types as KIR values, image and
//! sampler kernel parameters, literal samplers (`OpConstantSampler`), and the image
//! instructions — `OpSampledImage`, `OpImageSampleExplicitLod`, `OpImageRead`,
//! `OpImageFetch`, `OpImageWrite`, `OpImageQuerySize(Lod)`, `OpImageQueryFormat/Order`
//! and `OpImage` — as whole-value calls of the image builtins.
//!
//! Representation (see `spirjit_abi::image`): an image is a pointer to its descriptor,
//! a sampler its `i32` bit field, a sampled image the struct `{ image, sampler }`.
//! Coordinates are padded to four 32-bit components before the call. This module must
//! not know how the builtins address or filter.

use rspirv::dr::Operand;
use rspirv::spirv::{AccessQualifier, Dim, Op, SamplerAddressingMode, SamplerFilterMode};
use spirjit_abi::image::{query, read_flags, sampler};
use spirjit_abi::ImageDim;

use super::function::{Frame, Translator};
use super::module::{op_name, SpvModule};
use super::reader::SpvInst;
use crate::ir::{AddressSpace, ConvOp, Conversion, InstKind, ParamKind, Scalar, Type, Value};
use crate::{CompileError, Result};

/// The KIR type of values of an opaque type (by its declaring opcode's name), when
/// spirjit gives such values one.
pub(crate) fn opaque_value_type(name: &str) -> Option<Type> {
    match name {
        "OpTypeImage" => Some(Type::ptr(AddressSpace::Global)),
        "OpTypeSampler" => Some(Type::I32),
        "OpTypeSampledImage" => Some(sampled_image_type()),
        _ => None,
    }
}

fn sampled_image_type() -> Type {
    Type::c_struct(vec![Type::ptr(AddressSpace::Global), Type::I32], false)
}

/// Dimensionality and access qualifier of image type `ty` (an `OpTypeImage`, or an
/// `OpTypeSampledImage` of one).
fn image_info(m: &SpvModule, ty: u32) -> Result<(ImageDim, Option<AccessQualifier>)> {
    let def = m.def(ty)?;
    if def.op == Op::TypeSampledImage {
        return image_info(m, def.id(0)?);
    }
    if def.op != Op::TypeImage {
        return Err(CompileError::invalid(format!("%{ty} is not an image type ({})", op_name(def.op))));
    }
    let dim = match def.operands.get(1) {
        Some(Operand::Dim(d)) => *d,
        _ => return Err(CompileError::invalid("OpTypeImage without a dimensionality")),
    };
    let arrayed = def.lit(3).unwrap_or(0) != 0;
    let multisampled = def.lit(4).unwrap_or(0) != 0;
    if multisampled {
        return Err(CompileError::unsupported("multisampled images are not supported"));
    }
    let d = match (dim, arrayed) {
        (Dim::Dim1D, false) => ImageDim::D1,
        (Dim::Dim1D, true) => ImageDim::D1Array,
        (Dim::DimBuffer, false) => ImageDim::D1Buffer,
        (Dim::Dim2D, false) => ImageDim::D2,
        (Dim::Dim2D, true) => ImageDim::D2Array,
        (Dim::Dim3D, false) => ImageDim::D3,
        (other, a) => {
            return Err(CompileError::unsupported(format!(
                "images of dimensionality {other:?}{} (OpenCL images are 1D, 1D array, 1D buffer, 2D, 2D array \
                 and 3D)",
                if a { " arrayed" } else { "" }
            )))
        }
    };
    let access = def.operands.iter().find_map(|o| match o {
        Operand::AccessQualifier(a) => Some(*a),
        _ => None,
    });
    Ok((d, access))
}

/// Kind, value type and read-only flag of an image or sampler kernel parameter of
/// opaque type `ty` (`what` is its declaring opcode's name).
pub(crate) fn opaque_param(m: &SpvModule, ty: u32, what: &str) -> Result<(ParamKind, Type, bool)> {
    match what {
        "OpTypeSampler" => Ok((ParamKind::Sampler, Type::I32, true)),
        "OpTypeImage" => {
            let (dim, access) = image_info(m, ty)?;
            let access = match access {
                Some(AccessQualifier::WriteOnly) => "write_only",
                Some(AccessQualifier::ReadWrite) => "read_write",
                _ => "read_only",
            };
            Ok((
                ParamKind::Image { dim: dim.name().to_string(), access: access.to_string() },
                Type::ptr(AddressSpace::Global),
                access == "read_only",
            ))
        }
        other => Err(CompileError::unsupported(format!(
            "kernel parameters of type {other} are not supported (images and samplers are)"
        ))),
    }
}

/// The sampler bit field of an `OpConstantSampler`.
pub(crate) fn constant_sampler_bits(inst: &SpvInst) -> Result<u64> {
    let mode = match inst.operands.first() {
        Some(Operand::SamplerAddressingMode(a)) => match a {
            SamplerAddressingMode::None => sampler::ADDRESS_NONE,
            SamplerAddressingMode::ClampToEdge => sampler::ADDRESS_CLAMP_TO_EDGE,
            SamplerAddressingMode::Clamp => sampler::ADDRESS_CLAMP,
            SamplerAddressingMode::Repeat => sampler::ADDRESS_REPEAT,
            SamplerAddressingMode::RepeatMirrored => sampler::ADDRESS_MIRRORED_REPEAT,
        },
        _ => return Err(CompileError::invalid("OpConstantSampler without an addressing mode")),
    };
    let normalized = match inst.operands.get(1) {
        Some(Operand::LiteralBit32(v)) => *v != 0,
        _ => return Err(CompileError::invalid("OpConstantSampler without the normalized-coordinates flag")),
    };
    let linear = match inst.operands.get(2) {
        Some(Operand::SamplerFilterMode(f)) => *f == SamplerFilterMode::Linear,
        _ => return Err(CompileError::invalid("OpConstantSampler without a filter mode")),
    };
    let mut bits = mode;
    if normalized {
        bits |= sampler::NORMALIZED_COORDS;
    }
    if linear {
        bits |= sampler::FILTER_LINEAR;
    }
    Ok(bits as u64)
}

impl Translator<'_> {
    /// Translate one image instruction.
    pub(crate) fn image_op(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        match inst.op {
            Op::SampledImage => {
                let img = self.op(fr, inst, 0)?;
                let smp = self.op(fr, inst, 1)?;
                let v = self.emit(InstKind::Construct(vec![img, smp]), sampled_image_type());
                self.set_v(fr, inst, v)
            }
            Op::Image => {
                let si = self.op(fr, inst, 0)?;
                let v = self.emit(InstKind::Extract(si, 0), Type::ptr(AddressSpace::Global));
                self.set_v(fr, inst, v)
            }
            Op::ImageSampleExplicitLod => {
                let si = self.op(fr, inst, 0)?;
                let img = self.emit(InstKind::Extract(si, 0), Type::ptr(AddressSpace::Global));
                let smp = self.emit(InstKind::Extract(si, 1), Type::I32);
                let coord = self.op(fr, inst, 1)?;
                let v = self.image_read(inst, img, smp, coord, 0)?;
                self.set_v(fr, inst, v)
            }
            Op::ImageRead | Op::ImageFetch => {
                let img = self.op(fr, inst, 0)?;
                let smp = self.i32c(0);
                let coord = self.op(fr, inst, 1)?;
                // Without a sampler an out-of-range coordinate is undefined: report it.
                let v = self.image_read(inst, img, smp, coord, read_flags::REPORT_OUT_OF_RANGE)?;
                self.set_v(fr, inst, v)
            }
            Op::ImageWrite => {
                let img = self.op(fr, inst, 0)?;
                let coord = self.op(fr, inst, 1)?;
                let texel = self.op(fr, inst, 2)?;
                let coord = self.pad4(coord)?;
                let (texel, kind) = match self.ty_of(texel) {
                    Type::Vector(s, 4) => (texel, result_kind(s)?),
                    Type::Scalar(s) => {
                        // Depth images take one component.
                        let z = self.konst(&Type::Scalar(s), &[0]);
                        (self.emit(InstKind::Construct(vec![texel, z, z, z]), Type::Vector(s, 4)), result_kind(s)?)
                    }
                    other => {
                        return Err(CompileError::invalid(format!(
                            "OpImageWrite texel of type {other}; expected 4 components"
                        )))
                    }
                };
                let kind = self.i32c(kind | read_flags::REPORT_OUT_OF_RANGE);
                self.emit_void(InstKind::CallWhole {
                    symbol: "spirjit_image_write".into(),
                    args: vec![img, coord, texel, kind],
                });
                Ok(())
            }
            Op::ImageQuerySizeLod | Op::ImageQuerySize => {
                let img_id = inst.id(0)?;
                let img = self.op(fr, inst, 0)?;
                let (dim, _) = image_info(self.m, self.m.type_of_value(img_id)?)?;
                let rt = self.rty(inst)?;
                let mut what = vec![query::WIDTH];
                if dim.spatial() >= 2 {
                    what.push(query::HEIGHT);
                }
                if dim.spatial() >= 3 {
                    what.push(query::DEPTH);
                }
                if dim.is_array() {
                    what.push(query::ARRAY_SIZE);
                }
                let (s, n) = match &rt {
                    Type::Scalar(s) => (*s, 1usize),
                    Type::Vector(s, n) => (*s, *n as usize),
                    other => return Err(CompileError::invalid(format!("image size query of type {other}"))),
                };
                let mut parts = Vec::with_capacity(n);
                for k in 0..n {
                    parts.push(match what.get(k) {
                        Some(w) => self.image_query(img, *w, s)?,
                        None => self.konst(&Type::Scalar(s), &[0]),
                    });
                }
                let v = if n == 1 { parts[0] } else { self.emit(InstKind::Construct(parts), rt) };
                self.set_v(fr, inst, v)
            }
            Op::ImageQueryFormat | Op::ImageQueryOrder => {
                let img = self.op(fr, inst, 0)?;
                let what = if inst.op == Op::ImageQueryFormat { query::FORMAT } else { query::ORDER };
                let s = match self.rty(inst)? {
                    Type::Scalar(s) => s,
                    other => return Err(CompileError::invalid(format!("image format query of type {other}"))),
                };
                let v = self.image_query(img, what, s)?;
                self.set_v(fr, inst, v)
            }
            op => Err(CompileError::unsupported(format!(
                "{} is not supported (OpenCL images use OpImageRead, OpImageWrite, OpImageSampleExplicitLod and \
                 the size and format queries)",
                op_name(op)
            ))),
        }
    }

    /// `spirjit_image_query(img, what)` converted to integer scalar `s`.
    fn image_query(&mut self, img: Value, what: u32, s: Scalar) -> Result<Value> {
        let w = self.i32c(what);
        let q = self.emit(InstKind::CallWhole { symbol: "spirjit_image_query".into(), args: vec![img, w] }, Type::I32);
        Ok(match s {
            Scalar::I32 => q,
            s if s.is_int() => self.emit(
                InstKind::Convert(Conversion { op: ConvOp::UToU, saturate: false, rounding: None }, q),
                Type::Scalar(s),
            ),
            other => return Err(CompileError::invalid(format!("image query result of type {other}"))),
        })
    }

    /// A read (with sampler bits `smp`, 0 for sampler-less reads, and `extra` read
    /// flags) of the result type of `inst`.
    fn image_read(&mut self, inst: &SpvInst, img: Value, smp: Value, coord: Value, extra: u32) -> Result<Value> {
        let rt = self.rty(inst)?;
        let float_coords = self.ty_of(coord).scalar().is_some_and(|s| s.is_float());
        let coord = self.pad4(coord)?;
        let (s, scalar_result) = match &rt {
            Type::Vector(s, 4) => (*s, false),
            Type::Scalar(s) => (*s, true),
            other => return Err(CompileError::invalid(format!("image read of type {other}; expected 4 components"))),
        };
        let mut flags = result_kind(s)? | extra;
        if float_coords {
            flags |= read_flags::FLOAT_COORDS;
        }
        let flags = self.i32c(flags);
        let vt = Type::Vector(s, 4);
        let v = self
            .emit(InstKind::CallWhole { symbol: "spirjit_image_read".into(), args: vec![img, smp, coord, flags] }, vt);
        Ok(if scalar_result { self.emit(InstKind::Extract(v, 0), rt) } else { v })
    }

    /// A coordinate as four 32-bit components (missing ones zero).
    fn pad4(&mut self, coord: Value) -> Result<Value> {
        let ty = self.ty_of(coord);
        let (s, n) = match &ty {
            Type::Scalar(s) => (*s, 1usize),
            Type::Vector(s, n) => (*s, *n as usize),
            other => return Err(CompileError::invalid(format!("image coordinate of type {other}"))),
        };
        let (s, coord) = match s {
            Scalar::I32 | Scalar::F32 => (s, coord),
            Scalar::I8 | Scalar::I16 | Scalar::I64 => {
                let t = if n == 1 { Type::I32 } else { Type::Vector(Scalar::I32, n as u8) };
                let conv = Conversion { op: ConvOp::SToS, saturate: false, rounding: None };
                (Scalar::I32, self.emit(InstKind::Convert(conv, coord), t))
            }
            Scalar::F16 | Scalar::F64 => {
                let t = if n == 1 { Type::F32 } else { Type::Vector(Scalar::F32, n as u8) };
                let conv = Conversion { op: ConvOp::FToF, saturate: false, rounding: None };
                (Scalar::F32, self.emit(InstKind::Convert(conv, coord), t))
            }
            other => return Err(CompileError::invalid(format!("image coordinate of type {other}"))),
        };
        if n == 4 {
            return Ok(coord);
        }
        let st = Type::Scalar(s);
        let mut parts = Vec::with_capacity(4);
        for k in 0..4usize {
            parts.push(if k >= n {
                self.konst(&st, &[0])
            } else if n == 1 {
                coord
            } else {
                self.emit(InstKind::Extract(coord, k as u32), st.clone())
            });
        }
        Ok(self.emit(InstKind::Construct(parts), Type::Vector(s, 4)))
    }
}

/// The read/write kind of texels of scalar `s`.
fn result_kind(s: Scalar) -> Result<u32> {
    Ok(match s {
        Scalar::F32 => read_flags::RESULT_F32,
        Scalar::I32 => read_flags::RESULT_I32,
        Scalar::F16 => read_flags::RESULT_F16,
        other => {
            return Err(CompileError::invalid(format!(
                "image texels of {other} (OpenCL uses float, int, uint and half)"
            )))
        }
    })
}

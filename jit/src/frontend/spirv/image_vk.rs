//! Image instructions of Vulkan modules — `OpImageSampleExplicitLod`,
//! `OpImageSampleDrefExplicitLod`, `OpImageGather`, `OpImageDrefGather`, `OpImageFetch`,
//! `OpImageRead`, `OpImageWrite`, `OpImageTexelPointer` and the size, level and sample
//! queries — as whole-value calls of the image builtins, with the image operands Vulkan
//! compute shaders use (`Lod`, `Grad`, `ConstOffset`, `Offset`, `Sample`).
//!
//! Images have a single level and a single sample: `Lod` and `Grad` select level 0,
//! `Sample` must be 0, and the level and sample queries give 1. Values of image,
//! sampler and sampled-image type are represented as `opaque` documents. This module
//! must not know how the builtins address, filter or convert texels.

use rspirv::dr::Operand;
use rspirv::spirv::{Dim, ImageOperands, Op};
use spirjit_abi::image::{query, read_flags, sample_flags};

use super::function::{Frame, Translator};
use super::module::op_name;
use super::reader::SpvInst;
use crate::ir::{AddressSpace, BinaryOp, ConvOp, Conversion, InstKind, Scalar, Type, Value};
use crate::{CompileError, Result};

/// The image operands of an instruction that spirjit uses (ids).
#[derive(Default)]
struct ImageOps {
    offset: Option<u32>,
}

/// Parse the optional image operands of `inst` starting at operand `at`.
fn image_ops(inst: &SpvInst, at: usize) -> Result<ImageOps> {
    let mut out = ImageOps::default();
    let Some(Operand::ImageOperands(mask)) = inst.operands.get(at) else { return Ok(out) };
    let mut next = at + 1;
    // Operand ids follow in the order of the mask's bits.
    let order: [(ImageOperands, usize); 10] = [
        (ImageOperands::BIAS, 1),
        (ImageOperands::LOD, 1),
        (ImageOperands::GRAD, 2),
        (ImageOperands::CONST_OFFSET, 1),
        (ImageOperands::OFFSET, 1),
        (ImageOperands::CONST_OFFSETS, 1),
        (ImageOperands::SAMPLE, 1),
        (ImageOperands::MIN_LOD, 1),
        (ImageOperands::MAKE_TEXEL_AVAILABLE, 1),
        (ImageOperands::MAKE_TEXEL_VISIBLE, 1),
    ];
    for (bit, n) in order {
        if !mask.contains(bit) {
            continue;
        }
        if bit == ImageOperands::CONST_OFFSET || bit == ImageOperands::OFFSET {
            out.offset = Some(inst.id(next)?);
        }
        if bit == ImageOperands::CONST_OFFSETS {
            return Err(CompileError::unsupported("the ConstOffsets image operand (textureGatherOffsets)"));
        }
        if bit == ImageOperands::BIAS {
            return Err(CompileError::invalid("the Bias image operand is only valid in fragment shaders"));
        }
        next += n;
    }
    Ok(out)
}

/// The read/write kind of texels of scalar `s` in a Vulkan module.
fn texel_kind(s: Scalar) -> Result<u32> {
    Ok(match s {
        Scalar::F32 => read_flags::RESULT_F32,
        Scalar::I32 => read_flags::RESULT_I32,
        Scalar::F16 => read_flags::RESULT_F16,
        Scalar::I64 => read_flags::RESULT_I64,
        other => {
            return Err(CompileError::unsupported(format!(
                "image texels of {other} (spirjit reads and writes 32-bit floats and integers, half floats and \
                 64-bit integers)"
            )))
        }
    })
}

impl Translator<'_> {
    /// Translate one image instruction of a Vulkan module (`OpSampledImage` and `OpImage`
    /// are shared with OpenCL and handled by `image`).
    pub(crate) fn vk_image_op(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        match inst.op {
            Op::ImageSampleExplicitLod | Op::ImageSampleDrefExplicitLod | Op::ImageGather | Op::ImageDrefGather => {
                let v = self.vk_sample(fr, inst)?;
                self.set_v(fr, inst, v)
            }
            Op::ImageRead | Op::ImageFetch => {
                let img = self.op(fr, inst, 0)?;
                let ops = image_ops(inst, 2)?;
                let coord = self.op(fr, inst, 1)?;
                let coord = self.vk_int_pad4(coord)?;
                let coord = match ops.offset {
                    Some(o) => {
                        let o = self.value(fr, o)?;
                        let o = self.vk_int_pad4(o)?;
                        self.emit(InstKind::Binary(BinaryOp::IAdd, coord, o), Type::Vector(Scalar::I32, 4))
                    }
                    None => coord,
                };
                let rt = self.rty(inst)?;
                let (s, n) = components(&rt, "image read")?;
                let flags = self.i32c(texel_kind(s)? | read_flags::REPORT_OUT_OF_RANGE);
                let smp = self.i32c(0);
                let v = self.emit(
                    InstKind::CallWhole {
                        builtin: super::builtin_id("spirjit_image_read")?,
                        args: vec![img, smp, coord, flags],
                    },
                    Type::Vector(s, 4),
                );
                let v = self.first_components(v, s, n, &rt);
                self.set_v(fr, inst, v)
            }
            Op::ImageWrite => {
                let img = self.op(fr, inst, 0)?;
                let coord = self.op(fr, inst, 1)?;
                let coord = self.vk_int_pad4(coord)?;
                let texel = self.op(fr, inst, 2)?;
                let tt = self.ty_of(texel);
                let (s, _) = components(&tt, "image write texel")?;
                let texel = self.widen4(texel, s)?;
                self.image_write(img, coord, texel, texel_kind(s)?)
            }
            Op::ImageQuerySize | Op::ImageQuerySizeLod => {
                let img_id = inst.id(0)?;
                let img = self.op(fr, inst, 0)?;
                let what = size_queries(self.m, self.m.type_of_value(img_id)?)?;
                let rt = self.rty(inst)?;
                let (s, n) = components(&rt, "image size query")?;
                let v = self.size_result(rt, s, n, &what, |t, w, s| t.vk_query(img, w, s))?;
                self.set_v(fr, inst, v)
            }
            Op::ImageQueryLevels | Op::ImageQuerySamples => {
                // One level, one sample per texel.
                let rt = self.rty(inst)?;
                let v = self.konst(&rt, &[1]);
                self.set_v(fr, inst, v)
            }
            Op::ImageTexelPointer => {
                let ptr = self.op(fr, inst, 0)?;
                self.expect_ptr(ptr)?;
                let img = self.emit(InstKind::Load { ptr, align: 8 }, Type::ptr(AddressSpace::Global));
                let coord = self.op(fr, inst, 1)?;
                let coord = self.vk_int_pad4(coord)?;
                let addr = self.emit(
                    InstKind::CallWhole {
                        builtin: super::builtin_id("spirjit_image_texel_address")?,
                        args: vec![img, coord],
                    },
                    Type::I64,
                );
                let c = Conversion { op: ConvOp::IntToPtr, saturate: false, rounding: None };
                let v = self.emit(InstKind::Convert(c, addr), Type::ptr(AddressSpace::Global));
                self.set_v(fr, inst, v)
            }
            Op::ImageSampleImplicitLod
            | Op::ImageSampleDrefImplicitLod
            | Op::ImageSampleProjImplicitLod
            | Op::ImageSampleProjDrefImplicitLod
            | Op::ImageQueryLod => Err(CompileError::invalid(format!(
                "{} needs implicit derivatives, which only fragment shaders have",
                op_name(inst.op)
            ))),
            op => Err(CompileError::unsupported(format!(
                "{} is not supported in Vulkan modules (spirjit supports explicit-LOD sampling, gathers, fetches, \
                 reads, writes, texel pointers and the size, level and sample queries)",
                op_name(op)
            ))),
        }
    }

    /// `OpImageSample(Dref)ExplicitLod`, `OpImage(Dref)Gather`.
    fn vk_sample(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<Value> {
        let si = self.op(fr, inst, 0)?;
        let img = self.emit(InstKind::Extract(si, 0), Type::ptr(AddressSpace::Global));
        let smp = self.emit(InstKind::Extract(si, 1), Type::I32);
        let coord = self.op(fr, inst, 1)?;
        let coord = self.vk_float_pad4(coord)?;
        let mut flags = 0;
        let mut dref = None;
        let ops_at = match inst.op {
            Op::ImageSampleExplicitLod => 2,
            Op::ImageSampleDrefExplicitLod => {
                flags |= sample_flags::DREF;
                dref = Some(self.op(fr, inst, 2)?);
                3
            }
            Op::ImageGather => {
                let c = self.m.const_u64(inst.id(2)?)?;
                if c > 3 {
                    return Err(CompileError::invalid(format!("OpImageGather of component {c}; components are 0..4")));
                }
                flags |= sample_flags::GATHER | (c as u32) << sample_flags::COMPONENT_SHIFT;
                3
            }
            _ => {
                flags |= sample_flags::GATHER | sample_flags::DREF;
                dref = Some(self.op(fr, inst, 2)?);
                3
            }
        };
        let ops = image_ops(inst, ops_at)?;
        // extra = (offset x, y, z, dref bits).
        let offset = match ops.offset {
            Some(o) => {
                let o = self.value(fr, o)?;
                Some(self.vk_int_pad4(o)?)
            }
            None => None,
        };
        let mut parts = Vec::with_capacity(4);
        for k in 0..3u32 {
            parts.push(match offset {
                Some(o) => self.emit(InstKind::Extract(o, k), Type::I32),
                None => self.i32c(0),
            });
        }
        parts.push(match dref {
            Some(d) => {
                let d = match self.ty_of(d) {
                    Type::Scalar(Scalar::F32) => d,
                    Type::Scalar(s) if s.is_float() => {
                        let c = Conversion { op: ConvOp::FToF, saturate: false, rounding: None };
                        self.emit(InstKind::Convert(c, d), Type::F32)
                    }
                    other => return Err(CompileError::invalid(format!("depth reference of type {other}"))),
                };
                self.emit(InstKind::Bitcast(d), Type::I32)
            }
            None => self.i32c(0),
        });
        let extra = self.emit(InstKind::Construct(parts), Type::Vector(Scalar::I32, 4));
        let rt = self.rty(inst)?;
        let (s, n) = components(&rt, "image sample")?;
        let kind = texel_kind(s)?;
        if kind == read_flags::RESULT_I64 {
            return Err(CompileError::unsupported("sampling 64-bit integer images"));
        }
        let flags = self.i32c(flags | kind);
        let v = self.emit(
            InstKind::CallWhole {
                builtin: super::builtin_id("spirjit_image_sample")?,
                args: vec![img, smp, coord, extra, flags],
            },
            Type::Vector(s, 4),
        );
        Ok(self.first_components(v, s, n, &rt))
    }

    /// `spirjit_image_query(img, what)` converted to integer scalar `s`.
    fn vk_query(&mut self, img: Value, what: u32, s: Scalar) -> Result<Value> {
        let w = self.i32c(what);
        let q = self.emit(
            InstKind::CallWhole { builtin: super::builtin_id("spirjit_image_query")?, args: vec![img, w] },
            Type::I32,
        );
        Ok(match s {
            Scalar::I32 => q,
            s if s.is_int() => self.int_cast(q, &Type::Scalar(s), false),
            other => return Err(CompileError::invalid(format!("image query result of type {other}"))),
        })
    }

    /// The first `n` components of four-component `v` as type `rt`.
    fn first_components(&mut self, v: Value, s: Scalar, n: usize, rt: &Type) -> Value {
        match n {
            4 => v,
            1 => self.emit(InstKind::Extract(v, 0), Type::Scalar(s)),
            _ => {
                let parts = (0..n as u32).map(|k| self.emit(InstKind::Extract(v, k), Type::Scalar(s))).collect();
                self.emit(InstKind::Construct(parts), rt.clone())
            }
        }
    }

    /// Scalar or vector `v` of scalar `s` as four components (missing ones zero).
    fn widen4(&mut self, v: Value, s: Scalar) -> Result<Value> {
        let ty = self.ty_of(v);
        let (_, n) = components(&ty, "image texel")?;
        if n == 4 {
            return Ok(v);
        }
        let st = Type::Scalar(s);
        let mut parts = Vec::with_capacity(4);
        for k in 0..4 {
            parts.push(if k >= n {
                self.konst(&st, &[0])
            } else if n == 1 {
                v
            } else {
                self.emit(InstKind::Extract(v, k as u32), st.clone())
            });
        }
        Ok(self.emit(InstKind::Construct(parts), Type::Vector(s, 4)))
    }

    /// An integer coordinate or offset as four i32 (missing components zero).
    fn vk_int_pad4(&mut self, v: Value) -> Result<Value> {
        let ty = self.ty_of(v);
        let (s, n) = components(&ty, "image coordinate")?;
        let v = match s {
            Scalar::I32 => v,
            s if s.is_int() => {
                let t = if n == 1 { Type::I32 } else { Type::Vector(Scalar::I32, n as u8) };
                let c = Conversion { op: ConvOp::SToS, saturate: false, rounding: None };
                self.emit(InstKind::Convert(c, v), t)
            }
            other => return Err(CompileError::invalid(format!("integer image coordinate of type {other}"))),
        };
        self.widen4(v, Scalar::I32)
    }

    /// A float coordinate as four f32 (missing components zero).
    fn vk_float_pad4(&mut self, v: Value) -> Result<Value> {
        let ty = self.ty_of(v);
        let (s, n) = components(&ty, "image coordinate")?;
        let v = match s {
            Scalar::F32 => v,
            s if s.is_float() => {
                let t = if n == 1 { Type::F32 } else { Type::Vector(Scalar::F32, n as u8) };
                let c = Conversion { op: ConvOp::FToF, saturate: false, rounding: None };
                self.emit(InstKind::Convert(c, v), t)
            }
            other => return Err(CompileError::invalid(format!("sampling coordinate of type {other}"))),
        };
        self.widen4(v, Scalar::F32)
    }
}

/// Scalar type and component count (1 for scalars) of `ty`.
fn components(ty: &Type, what: &str) -> Result<(Scalar, usize)> {
    match ty {
        Type::Scalar(s) => Ok((*s, 1)),
        Type::Vector(s, n) if *n <= 4 => Ok((*s, *n as usize)),
        other => Err(CompileError::invalid(format!("{what} of type {other}; expected 1 to 4 components"))),
    }
}

/// What `OpImageQuerySize(Lod)` returns for image type `ty`, component by component.
fn size_queries(m: &super::module::SpvModule, ty: u32) -> Result<Vec<u32>> {
    let mut def = m.def(ty)?;
    if def.op == Op::TypeSampledImage {
        def = m.def(def.id(0)?)?;
    }
    let dim = match def.operands.get(1) {
        Some(Operand::Dim(d)) => *d,
        _ => return Err(CompileError::invalid("OpImageQuerySize of a value that is not an image")),
    };
    let arrayed = def.lit(3).unwrap_or(0) != 0;
    let mut what = match dim {
        Dim::Dim1D | Dim::DimBuffer => vec![query::WIDTH],
        Dim::Dim2D | Dim::DimCube | Dim::DimRect => vec![query::WIDTH, query::HEIGHT],
        Dim::Dim3D => vec![query::WIDTH, query::HEIGHT, query::DEPTH],
        other => return Err(CompileError::unsupported(format!("size queries of {other:?} images"))),
    };
    if arrayed {
        what.push(if dim == Dim::DimCube { query::CUBES } else { query::ARRAY_SIZE });
    }
    Ok(what)
}

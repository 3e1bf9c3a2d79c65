//! Image instructions (OpenCL flavor) — `OpSampledImage`, `OpImageSampleExplicitLod`, `OpImageRead`,
//! `OpImageFetch`, `OpImageWrite`, `OpImageQuerySize(Lod)`, `OpImageQueryFormat/Order`
//! and `OpImage` — as whole-value calls of the image builtins. What image and sampler
//! types, parameters and literal samplers are is `opaque`'s (module analysis).
//!
//! Coordinates are padded to four 32-bit components before the call. This module must
//! not know how the builtins address or filter.

use rspirv::spirv::Op;
use spirjit_abi::image::{query, read_flags};

use super::function::{Frame, Translator};
use super::module::op_name;
use super::opaque::{image_info, sampled_image_type};
use super::reader::SpvInst;
use crate::ir::{AddressSpace, ConvOp, Conversion, InstKind, Scalar, Type, Value};
use crate::{CompileError, Result};

/// Kept here for `kernel`, which builds image and sampler parameters.
pub(crate) use super::opaque::opaque_param;

impl Translator<'_> {
    /// The value of a size query with result type `rt` (`n` components of `s`): component
    /// `k` is `query(what[k])`, zero beyond `what`.
    pub(crate) fn size_result(
        &mut self,
        rt: Type,
        s: Scalar,
        n: usize,
        what: &[u32],
        mut query: impl FnMut(&mut Self, u32, Scalar) -> Result<Value>,
    ) -> Result<Value> {
        let mut parts = Vec::with_capacity(n);
        for k in 0..n {
            parts.push(match what.get(k) {
                Some(w) => query(self, *w, s)?,
                None => self.konst(&Type::Scalar(s), &[0]),
            });
        }
        Ok(if n == 1 { parts[0] } else { self.emit(InstKind::Construct(parts), rt) })
    }

    /// Write `texel` (4 components) at `coord` of `img`; `kind` says how the texel's
    /// components are read (`read_flags`); out-of-range writes are reported.
    pub(crate) fn image_write(&mut self, img: Value, coord: Value, texel: Value, kind: u32) -> Result<()> {
        let kind = self.i32c(kind | read_flags::REPORT_OUT_OF_RANGE);
        self.emit_void(InstKind::CallWhole {
            builtin: super::builtin_id("spirjit_image_write")?,
            args: vec![img, coord, texel, kind],
        });
        Ok(())
    }

    /// Translate one image instruction.
    pub(crate) fn image_op(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        if self.m.capabilities.iter().any(|c| c == "Shader") && !matches!(inst.op, Op::SampledImage | Op::Image) {
            // Vulkan modules: `image_vk`.
            return self.vk_image_op(fr, inst);
        }
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
                self.image_write(img, coord, texel, kind)
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
                let v = self.size_result(rt, s, n, &what, |t, w, s| t.image_query(img, w, s))?;
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
        let q = self.emit(
            InstKind::CallWhole { builtin: super::builtin_id("spirjit_image_query")?, args: vec![img, w] },
            Type::I32,
        );
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
        let v = self.emit(
            InstKind::CallWhole {
                builtin: super::builtin_id("spirjit_image_read")?,
                args: vec![img, smp, coord, flags],
            },
            vt,
        );
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

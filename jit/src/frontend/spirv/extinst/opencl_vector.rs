//! OpenCL.std geometric functions, vector loads and stores (`vloadn`, `vstoren`, the
//! `half` forms with their conversions) and `shuffle`/`shuffle2`, one function per
//! family of the `opencl` table.
//!
//! `length`, `distance` and `normalize` are scaled against overflow and underflow (see
//! `geometric`); the `fast_*` forms keep the plain formula the OpenCL C specification
//! defines them by.

use super::opencl::{Geometric, VectorLoad, VectorStore};
use crate::frontend::spirv::function::{Frame, Translator};
use crate::frontend::spirv::memory::conv;
use crate::frontend::spirv::reader::SpvInst;
use crate::ir::{BinaryOp, ConvOp, Conversion, FloatCC, InstKind, IntCC, MathOp, Rounding, Scalar, Type, Value};
use crate::{CompileError, Result};

impl Translator<'_> {
    pub(super) fn cl_geometric(&mut self, fr: &Frame, inst: &SpvInst, g: Geometric, rt: &Type) -> Result<Value> {
        let a = self.arg(fr, inst, 0)?;
        match g {
            Geometric::Cross => {
                let b = self.arg(fr, inst, 1)?;
                self.cl_cross(a, b, rt)
            }
            Geometric::Length => self.geo_length(a),
            Geometric::Distance => {
                let b = self.arg(fr, inst, 1)?;
                self.geo_distance(a, b)
            }
            Geometric::Normalize => self.geo_normalize(a),
            Geometric::FastLength => {
                let d = self.dot(a, a)?;
                Ok(self.math(MathOp::Sqrt, vec![d], rt))
            }
            Geometric::FastDistance => {
                let b = self.arg(fr, inst, 1)?;
                let p = self.bin(BinaryOp::FSub, a, b);
                let d = self.dot(p, p)?;
                Ok(self.math(MathOp::Sqrt, vec![d], rt))
            }
            Geometric::FastNormalize => {
                let s = rt.scalar().ok_or_else(|| CompileError::invalid("normalize of a non-float type"))?;
                let st = Type::Scalar(s);
                let d = self.dot(a, a)?;
                let len = self.math(MathOp::Sqrt, vec![d], &st);
                let lv = self.splat(len, rt);
                let q = self.bin(BinaryOp::FDiv, a, lv);
                let zero = self.fconst(&st, 0.0)?;
                let is_zero = self.emit(InstKind::Fcmp(FloatCC::OrdEq, len, zero), Type::BOOL);
                Ok(self.emit(InstKind::Select(is_zero, a, q), rt.clone()))
            }
        }
    }

    /// `cross` of 3- or 4-component vectors (the fourth component of the result is 0).
    fn cl_cross(&mut self, a: Value, b: Value, rt: &Type) -> Result<Value> {
        let (s, n) = match rt {
            Type::Vector(s, n @ (3 | 4)) => (*s, *n),
            _ => return Err(CompileError::invalid("cross needs 3- or 4-component vectors")),
        };
        let st = Type::Scalar(s);
        let mut parts = self.cross3(a, b, &st);
        if n == 4 {
            parts.push(self.fconst(&st, 0.0)?);
        }
        Ok(self.emit(InstKind::Construct(parts), rt.clone()))
    }

    /// The three components of `a × b`, each of type `st`.
    pub(super) fn cross3(&mut self, a: Value, b: Value, st: &Type) -> Vec<Value> {
        let ex = |t: &mut Self, v: Value, i: u32| t.emit(InstKind::Extract(v, i), st.clone());
        let (ax, ay, az) = (ex(self, a, 0), ex(self, a, 1), ex(self, a, 2));
        let (bx, by, bz) = (ex(self, b, 0), ex(self, b, 1), ex(self, b, 2));
        let comp = |t: &mut Self, p: Value, q: Value, r: Value, u: Value| {
            let x = t.bin(BinaryOp::FMul, p, q);
            let y = t.bin(BinaryOp::FMul, r, u);
            t.bin(BinaryOp::FSub, x, y)
        };
        let cx = comp(self, ay, bz, az, by);
        let cy = comp(self, az, bx, ax, bz);
        let cz = comp(self, ax, by, ay, bx);
        vec![cx, cy, cz]
    }

    pub(super) fn cl_vector_load(&mut self, fr: &Frame, inst: &SpvInst, l: VectorLoad, rt: &Type) -> Result<Value> {
        let offset = self.arg(fr, inst, 0)?;
        let p = self.arg(fr, inst, 1)?;
        match l {
            VectorLoad::Whole => {
                let (s, n) = match rt {
                    Type::Vector(s, n) => (*s, *n as u64),
                    _ => return Err(CompileError::invalid("vloadn result is not a vector")),
                };
                let ptr = self.elem_ptr(p, offset, n * s.size())?;
                Ok(self.emit(InstKind::Load { ptr, align: s.size() as u32 }, rt.clone()))
            }
            VectorLoad::Half { aligned } => {
                let n = rt.lanes().unwrap_or(1) as u64;
                let stride_n = if aligned && n == 3 { 4 } else { n };
                let ht = rt.with_scalar(Scalar::F16);
                let align = if aligned { ht.size() as u32 } else { 2 };
                let ptr = self.elem_ptr(p, offset, stride_n * 2)?;
                let h = self.emit(InstKind::Load { ptr, align }, ht);
                Ok(self.emit(InstKind::Convert(conv(ConvOp::FToF), h), rt.clone()))
            }
        }
    }

    pub(super) fn cl_vector_store(&mut self, fr: &Frame, inst: &SpvInst, s: VectorStore) -> Result<()> {
        let data = self.arg(fr, inst, 0)?;
        let offset = self.arg(fr, inst, 1)?;
        let p = self.arg(fr, inst, 2)?;
        match s {
            VectorStore::Whole => {
                let (s, n) = match self.ty_of(data) {
                    Type::Vector(s, n) => (s, n as u64),
                    _ => return Err(CompileError::invalid("vstoren data is not a vector")),
                };
                let ptr = self.elem_ptr(p, offset, n * s.size())?;
                self.emit_void(InstKind::Store { ptr, value: data, align: s.size() as u32 });
            }
            VectorStore::Half { aligned, rounding } => {
                let rounding = if rounding {
                    match inst.lit(5)? {
                        0 => Rounding::NearestEven,
                        1 => Rounding::TowardZero,
                        2 => Rounding::Up,
                        3 => Rounding::Down,
                        m => return Err(CompileError::invalid(format!("rounding mode {m} is not an FPRoundingMode"))),
                    }
                } else {
                    Rounding::NearestEven
                };
                let dt = self.ty_of(data);
                let n = dt.lanes().unwrap_or(1) as u64;
                let stride_n = if aligned && n == 3 { 4 } else { n };
                let ht = dt.with_scalar(Scalar::F16);
                let align = if aligned { ht.size() as u32 } else { 2 };
                let h = self.emit(
                    InstKind::Convert(Conversion { op: ConvOp::FToF, saturate: false, rounding: Some(rounding) }, data),
                    ht,
                );
                let ptr = self.elem_ptr(p, offset, stride_n * 2)?;
                self.emit_void(InstKind::Store { ptr, value: h, align });
            }
        }
        Ok(())
    }

    /// `shuffle(x, mask)` and `shuffle2(x, y, mask)`: mask components select (modulo the
    /// number of source components) from `x`, then `y`.
    pub(super) fn cl_shuffle(&mut self, fr: &Frame, inst: &SpvInst, two: bool, rt: &Type) -> Result<Value> {
        let x = self.arg(fr, inst, 0)?;
        let y = if two { Some(self.arg(fr, inst, 1)?) } else { None };
        let mask = self.arg(fr, inst, if two { 2 } else { 1 })?;
        let n = self.f.ty(x).lanes().unwrap_or(1) as u64;
        let (s, m) = match rt {
            Type::Vector(s, m) => (*s, *m as u32),
            _ => return Err(CompileError::invalid("shuffle result is not a vector")),
        };
        let mt = self.ty_of(mask);
        let ms = Type::Scalar(mt.scalar().ok_or_else(|| CompileError::invalid("shuffle mask type"))?);
        let st = Type::Scalar(s);
        let wrap = self.konst(&ms, &[if two { 2 * n - 1 } else { n - 1 }]);
        let nn = self.konst(&ms, &[n]);
        let mut parts = Vec::new();
        for i in 0..m {
            let mi = self.emit(InstKind::Extract(mask, i), ms.clone());
            let idx = self.bin(BinaryOp::And, mi, wrap);
            let a = self.emit(InstKind::ExtractDyn(x, idx), st.clone());
            parts.push(match y {
                None => a,
                Some(y) => {
                    let j = self.bin(BinaryOp::ISub, idx, nn);
                    let b = self.emit(InstKind::ExtractDyn(y, j), st.clone());
                    let lt = self.emit(InstKind::Icmp(IntCC::Ult, idx, nn), Type::BOOL);
                    self.emit(InstKind::Select(lt, a, b), st.clone())
                }
            });
        }
        Ok(self.emit(InstKind::Construct(parts), rt.clone()))
    }
}

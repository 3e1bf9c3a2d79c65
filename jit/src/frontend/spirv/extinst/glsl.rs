//! The GLSL.std.450 table and one function per family. Functions with OpenCL.std
//! counterparts call the same builtins (`Sin` → `sin_f32`, `InverseSqrt` → `rsqrt_f64`,
//! ...); rounding, min/max/clamp, sign, mix/step and the geometric functions are KIR
//! sequences (`Length`, `Distance` and `Normalize` shared with OpenCL.std, scaled against
//! overflow and underflow: `geometric`); the packing functions call the `glsl_*`
//! builtins; `Determinant` and `MatrixInverse` are `glsl_matrix`'s.
//!
//! Precision follows the Vulkan rules: every function here is at least as accurate as
//! its OpenCL full-profile counterpart. The fragment-only `InterpolateAt*` functions are
//! rejected by name; nothing is guessed. Names and numbers are rspirv's
//! (`GlslStd450Op`), operand counts the grammar's.

use std::f64::consts::PI;

use rspirv::spirv::GlslStd450Op as G;

use crate::frontend::spirv::function::{Frame, Translator};
use crate::frontend::spirv::reader::SpvInst;
use crate::ir::{BinaryOp, FloatCC, InstKind, IntCC, MathOp, Scalar, Type, UnaryOp, Value};
use crate::{CompileError, Result};

/// What a GLSL.std.450 instruction becomes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Family {
    /// One KIR math operation of the first operand's type; a second operand is splatted
    /// to the first's shape.
    Math(MathOp),
    /// A component-wise call of builtin `<name>_<type>`.
    Builtin(&'static str),
    Common(Common),
    /// `Modf` and `Frexp`: two results, the second stored through a pointer or returned
    /// as the second member of a struct.
    Split(Split),
    /// Packing of an f32 vector of this many components into an `i32` by the builtin.
    Pack(&'static str, u8),
    /// Unpacking of an `i32` into this many f32 components, one builtin call each.
    Unpack(&'static str, u8),
    /// `PackDouble2x32` and `UnpackDouble2x32`: a bit cast.
    Double2x32,
    Geometric(Geometric),
    FindBit(FindBit),
    Matrix(Matrix),
    /// Rejected, with the reason.
    Unsupported(&'static str),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Common {
    FSign,
    SSign,
    Fract,
    /// `x * k` (`Radians`, `Degrees`).
    Scale(f64),
    /// `clamp(x, lo, hi)` as `hi_op(lo_op(x, lo), hi)`.
    Clamp(MathOp, MathOp),
    Mix,
    Step,
    SmoothStep,
    Fma,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Split {
    Modf { pointer: bool },
    Frexp { pointer: bool },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Geometric {
    Length,
    Distance,
    Normalize,
    Cross,
    FaceForward,
    Reflect,
    Refract,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum FindBit {
    ILsb,
    SMsb,
    UMsb,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Matrix {
    Determinant,
    Inverse,
}

use Family::*;

/// Every GLSL.std.450 instruction in the order of its number, with its family.
pub(super) const GLSL_STD_450: &[(G, Family)] = &[
    (G::Round, Math(MathOp::Round)),
    (G::RoundEven, Math(MathOp::Rint)),
    (G::Trunc, Math(MathOp::Trunc)),
    (G::FAbs, Math(MathOp::FAbs)),
    (G::SAbs, Math(MathOp::IAbs)),
    (G::FSign, Common(Common::FSign)),
    (G::SSign, Common(Common::SSign)),
    (G::Floor, Math(MathOp::Floor)),
    (G::Ceil, Math(MathOp::Ceil)),
    (G::Fract, Common(Common::Fract)),
    (G::Radians, Common(Common::Scale(PI / 180.0))),
    (G::Degrees, Common(Common::Scale(180.0 / PI))),
    (G::Sin, Builtin("sin")),
    (G::Cos, Builtin("cos")),
    (G::Tan, Builtin("tan")),
    (G::Asin, Builtin("asin")),
    (G::Acos, Builtin("acos")),
    (G::Atan, Builtin("atan")),
    (G::Sinh, Builtin("sinh")),
    (G::Cosh, Builtin("cosh")),
    (G::Tanh, Builtin("tanh")),
    (G::Asinh, Builtin("asinh")),
    (G::Acosh, Builtin("acosh")),
    (G::Atanh, Builtin("atanh")),
    (G::Atan2, Builtin("atan2")),
    (G::Pow, Builtin("pow")),
    (G::Exp, Builtin("exp")),
    (G::Log, Builtin("log")),
    (G::Exp2, Builtin("exp2")),
    (G::Log2, Builtin("log2")),
    (G::Sqrt, Math(MathOp::Sqrt)),
    (G::InverseSqrt, Builtin("rsqrt")),
    (G::Determinant, Matrix(Matrix::Determinant)),
    (G::MatrixInverse, Matrix(Matrix::Inverse)),
    (G::Modf, Split(Split::Modf { pointer: true })),
    (G::ModfStruct, Split(Split::Modf { pointer: false })),
    (G::FMin, Math(MathOp::FMin)),
    (G::UMin, Math(MathOp::UMin)),
    (G::SMin, Math(MathOp::SMin)),
    (G::FMax, Math(MathOp::FMax)),
    (G::UMax, Math(MathOp::UMax)),
    (G::SMax, Math(MathOp::SMax)),
    (G::FClamp, Common(Common::Clamp(MathOp::FMax, MathOp::FMin))),
    (G::UClamp, Common(Common::Clamp(MathOp::UMax, MathOp::UMin))),
    (G::SClamp, Common(Common::Clamp(MathOp::SMax, MathOp::SMin))),
    (G::FMix, Common(Common::Mix)),
    (G::IMix, Unsupported("IMix is not a GLSL function (it has no defined use)")),
    (G::Step, Common(Common::Step)),
    (G::SmoothStep, Common(Common::SmoothStep)),
    (G::Fma, Common(Common::Fma)),
    (G::Frexp, Split(Split::Frexp { pointer: true })),
    (G::FrexpStruct, Split(Split::Frexp { pointer: false })),
    (G::Ldexp, Builtin("ldexp")),
    (G::PackSnorm4x8, Pack("glsl_pack_snorm4x8", 4)),
    (G::PackUnorm4x8, Pack("glsl_pack_unorm4x8", 4)),
    (G::PackSnorm2x16, Pack("glsl_pack_snorm2x16", 2)),
    (G::PackUnorm2x16, Pack("glsl_pack_unorm2x16", 2)),
    (G::PackHalf2x16, Pack("glsl_pack_half2x16", 2)),
    (G::PackDouble2x32, Double2x32),
    (G::UnpackSnorm2x16, Unpack("glsl_unpack_snorm2x16", 2)),
    (G::UnpackUnorm2x16, Unpack("glsl_unpack_unorm2x16", 2)),
    (G::UnpackHalf2x16, Unpack("glsl_unpack_half2x16", 2)),
    (G::UnpackSnorm4x8, Unpack("glsl_unpack_snorm4x8", 4)),
    (G::UnpackUnorm4x8, Unpack("glsl_unpack_unorm4x8", 4)),
    (G::UnpackDouble2x32, Double2x32),
    (G::Length, Geometric(Geometric::Length)),
    (G::Distance, Geometric(Geometric::Distance)),
    (G::Cross, Geometric(Geometric::Cross)),
    (G::Normalize, Geometric(Geometric::Normalize)),
    (G::FaceForward, Geometric(Geometric::FaceForward)),
    (G::Reflect, Geometric(Geometric::Reflect)),
    (G::Refract, Geometric(Geometric::Refract)),
    (G::FindILsb, FindBit(FindBit::ILsb)),
    (G::FindSMsb, FindBit(FindBit::SMsb)),
    (G::FindUMsb, FindBit(FindBit::UMsb)),
    (G::InterpolateAtCentroid, Unsupported("interpolation functions exist only in fragment shaders")),
    (G::InterpolateAtSample, Unsupported("interpolation functions exist only in fragment shaders")),
    (G::InterpolateAtOffset, Unsupported("interpolation functions exist only in fragment shaders")),
    (G::NMin, Math(MathOp::FMin)),
    (G::NMax, Math(MathOp::FMax)),
    (G::NClamp, Common(Common::Clamp(MathOp::FMax, MathOp::FMin))),
];

/// The family of `op`.
pub(super) fn family_of(op: G) -> Option<Family> {
    GLSL_STD_450.iter().find(|(o, _)| *o == op).map(|(_, f)| *f)
}

impl Translator<'_> {
    /// Translate GLSL.std.450 instruction `op`.
    pub(super) fn glsl(&mut self, fr: &mut Frame, inst: &SpvInst, op: G) -> Result<Option<Value>> {
        let rt = self.rty(inst)?;
        let family = family_of(op)
            .ok_or_else(|| CompileError::internal("the instruction is missing from the GLSL.std.450 table"))?;
        let v = match family {
            Math(m) => {
                let x = self.arg(fr, inst, 0)?;
                if inst.operands.len() > 3 {
                    let y = self.arg(fr, inst, 1)?;
                    let y = self.splat_as(y, x);
                    self.math_like(m, vec![x, y])
                } else {
                    self.math_like(m, vec![x])
                }
            }
            Builtin(name) => {
                let n = inst.operands.len().saturating_sub(2);
                let args = (0..n).map(|i| self.arg(fr, inst, i)).collect::<Result<Vec<_>>>()?;
                self.call_builtin(name, args, &rt)?
            }
            Common(c) => self.glsl_common(fr, inst, c, &rt)?,
            Split(s) => self.glsl_split(fr, inst, s, &rt)?,
            Pack(symbol, n) => self.glsl_pack(fr, inst, symbol, n, &rt)?,
            Unpack(symbol, n) => self.glsl_unpack(fr, inst, symbol, n, &rt)?,
            Double2x32 => {
                let v = self.arg(fr, inst, 0)?;
                if self.ty_of(v).size() != 8 || rt.size() != 8 {
                    return Err(CompileError::invalid("expected a double and a 2-component 32-bit integer vector"));
                }
                self.emit(InstKind::Bitcast(v), rt.clone())
            }
            Geometric(g) => self.glsl_geometric(fr, inst, g, &rt)?,
            FindBit(f) => {
                let x = self.arg(fr, inst, 0)?;
                self.find_bit(x, f)?
            }
            Matrix(m) => {
                let x = self.arg(fr, inst, 0)?;
                let a = self.matrix_elements(x)?;
                match m {
                    Matrix::Determinant => self.determinant(&a),
                    Matrix::Inverse => self.inverse(&a, &rt)?,
                }
            }
            Unsupported(why) => return Err(CompileError::unsupported(why)),
        };
        Ok(Some(v))
    }

    fn glsl_common(&mut self, fr: &Frame, inst: &SpvInst, c: Common, rt: &Type) -> Result<Value> {
        let x = self.arg(fr, inst, 0)?;
        let t = self.ty_of(x);
        Ok(match c {
            Common::FSign => {
                let zero = self.fconst(&t, 0.0)?;
                let one = self.fconst(&t, 1.0)?;
                let minus = self.fconst(&t, -1.0)?;
                let gt = self.fcmp(FloatCC::OrdGt, x, zero);
                let lt = self.fcmp(FloatCC::OrdLt, x, zero);
                // ±0 and NaN are returned as they are.
                let neg = self.select(lt, minus, x);
                self.select(gt, one, neg)
            }
            Common::SSign => {
                let zero = self.iconst(&t, 0)?;
                let one = self.iconst(&t, 1)?;
                let minus = self.iconst(&t, -1)?;
                let gt = self.icmp(IntCC::Sgt, x, zero);
                let lt = self.icmp(IntCC::Slt, x, zero);
                let neg = self.select(lt, minus, zero);
                self.select(gt, one, neg)
            }
            Common::Fract => {
                let fl = self.math_like(MathOp::Floor, vec![x]);
                self.bin(BinaryOp::FSub, x, fl)
            }
            Common::Scale(k) => {
                let k = self.fconst(&t, k)?;
                self.bin(BinaryOp::FMul, x, k)
            }
            Common::Clamp(lo_op, hi_op) => {
                let lo = self.arg(fr, inst, 1)?;
                let hi = self.arg(fr, inst, 2)?;
                let lo = self.splat_as(lo, x);
                let hi = self.splat_as(hi, x);
                let m = self.math_like(lo_op, vec![x, lo]);
                self.math_like(hi_op, vec![m, hi])
            }
            Common::Mix => {
                // x + (y - x) * a
                let y = self.arg(fr, inst, 1)?;
                let a = self.arg(fr, inst, 2)?;
                let a = self.splat_as(a, x);
                let d = self.bin(BinaryOp::FSub, y, x);
                let p = self.bin(BinaryOp::FMul, d, a);
                self.bin(BinaryOp::FAdd, x, p)
            }
            Common::Step => {
                let edge = x;
                let x = self.arg(fr, inst, 1)?;
                let edge = self.splat_as(edge, x);
                let t = self.ty_of(x);
                let zero = self.fconst(&t, 0.0)?;
                let one = self.fconst(&t, 1.0)?;
                let lt = self.fcmp(FloatCC::OrdLt, x, edge);
                self.select(lt, zero, one)
            }
            Common::SmoothStep => {
                let e0 = x;
                let e1 = self.arg(fr, inst, 1)?;
                let x = self.arg(fr, inst, 2)?;
                let e0 = self.splat_as(e0, x);
                let e1 = self.splat_as(e1, x);
                self.smoothstep(e0, e1, x)?
            }
            Common::Fma => {
                let b = self.arg(fr, inst, 1)?;
                let c = self.arg(fr, inst, 2)?;
                self.emit(InstKind::Fma(x, b, c), rt.clone())
            }
        })
    }

    /// `Modf`, `ModfStruct`, `Frexp` and `FrexpStruct`.
    fn glsl_split(&mut self, fr: &Frame, inst: &SpvInst, s: Split, rt: &Type) -> Result<Value> {
        let x = self.arg(fr, inst, 0)?;
        let t = self.ty_of(x);
        let (first, second, pointer) = match s {
            Split::Modf { pointer } => {
                let whole = self.math_like(MathOp::Trunc, vec![x]);
                let diff = self.bin(BinaryOp::FSub, x, whole);
                let ax = self.math_like(MathOp::FAbs, vec![x]);
                let inf = self.fconst(&t, f64::INFINITY)?;
                let is_inf = self.fcmp(FloatCC::OrdEq, ax, inf);
                let zero = self.fconst(&t, 0.0)?;
                let fracv = self.select(is_inf, zero, diff);
                // The fraction keeps the sign of x (-0.0 for negative integers).
                let frac = self.math_like(MathOp::CopySign, vec![fracv, x]);
                (frac, whole, pointer)
            }
            Split::Frexp { pointer } => {
                let it = t.with_scalar(Scalar::I32);
                let mant = self.call_builtin("frexp_mant", vec![x], &t)?;
                let exp = self.call_builtin("frexp_exp", vec![x], &it)?;
                (mant, exp, pointer)
            }
        };
        if pointer {
            let ptr = self.arg(fr, inst, 1)?;
            self.expect_ptr(ptr)?;
            let align = self.ty_of(second).align().max(1);
            self.emit_void(InstKind::Store { ptr, value: second, align });
            Ok(first)
        } else {
            Ok(self.emit(InstKind::Construct(vec![first, second]), rt.clone()))
        }
    }

    fn glsl_pack(&mut self, fr: &Frame, inst: &SpvInst, symbol: &str, n: u8, rt: &Type) -> Result<Value> {
        let v = self.arg(fr, inst, 0)?;
        if self.ty_of(v) != Type::Vector(Scalar::F32, n) || rt != &Type::I32 {
            return Err(CompileError::invalid(format!(
                "expected a {n}-component f32 vector packed into a 32-bit integer"
            )));
        }
        let args = (0..n as u32).map(|i| self.emit(InstKind::Extract(v, i), Type::F32)).collect();
        Ok(self.emit(InstKind::Call { builtin: super::super::builtin_id(symbol)?, args }, Type::I32))
    }

    fn glsl_unpack(&mut self, fr: &Frame, inst: &SpvInst, symbol: &str, n: u8, rt: &Type) -> Result<Value> {
        let p = self.arg(fr, inst, 0)?;
        if self.ty_of(p) != Type::I32 || rt != &Type::Vector(Scalar::F32, n) {
            return Err(CompileError::invalid(format!(
                "expected a 32-bit integer unpacked into a {n}-component f32 vector"
            )));
        }
        let builtin = super::super::builtin_id(symbol)?;
        let mut parts = Vec::new();
        for i in 0..n as u32 {
            let idx = self.i32c(i);
            parts.push(self.emit(InstKind::Call { builtin, args: vec![p, idx] }, Type::F32));
        }
        Ok(self.emit(InstKind::Construct(parts), rt.clone()))
    }

    fn glsl_geometric(&mut self, fr: &Frame, inst: &SpvInst, g: Geometric, rt: &Type) -> Result<Value> {
        let a = self.arg(fr, inst, 0)?;
        match g {
            Geometric::Length => self.geo_length(a),
            Geometric::Distance => {
                let b = self.arg(fr, inst, 1)?;
                self.geo_distance(a, b)
            }
            Geometric::Normalize => self.geo_normalize(a),
            Geometric::Cross => {
                let b = self.arg(fr, inst, 1)?;
                let Type::Vector(s, 3) = rt else {
                    return Err(CompileError::invalid("cross needs 3-component vectors"));
                };
                let parts = self.cross3(a, b, &Type::Scalar(*s));
                Ok(self.emit(InstKind::Construct(parts), rt.clone()))
            }
            Geometric::FaceForward => {
                // dot(nref, i) < 0 ? n : -n
                let n = a;
                let i = self.arg(fr, inst, 1)?;
                let nref = self.arg(fr, inst, 2)?;
                let d = self.dot(nref, i)?;
                let st = self.ty_of(d);
                let zero = self.fconst(&st, 0.0)?;
                let lt = self.emit(InstKind::Fcmp(FloatCC::OrdLt, d, zero), Type::BOOL);
                let neg = self.emit(InstKind::Unary(UnaryOp::FNeg, n), rt.clone());
                Ok(self.emit(InstKind::Select(lt, n, neg), rt.clone()))
            }
            Geometric::Reflect => {
                // i - 2 dot(n, i) n
                let i = a;
                let n = self.arg(fr, inst, 1)?;
                let d = self.dot(n, i)?;
                let st = self.ty_of(d);
                let two = self.fconst(&st, 2.0)?;
                let k = self.bin(BinaryOp::FMul, two, d);
                let kv = self.splat_as(k, n);
                let s = self.bin(BinaryOp::FMul, kv, n);
                Ok(self.bin(BinaryOp::FSub, i, s))
            }
            Geometric::Refract => {
                let n = self.arg(fr, inst, 1)?;
                let eta = self.arg(fr, inst, 2)?;
                self.refract(a, n, eta, rt)
            }
        }
    }

    /// k = 1 - eta² (1 - dot(n, i)²); k < 0 ? 0 : eta i - (eta dot(n, i) + sqrt(k)) n
    fn refract(&mut self, i: Value, n: Value, eta: Value, rt: &Type) -> Result<Value> {
        let d = self.dot(n, i)?;
        let st = self.ty_of(d);
        if self.ty_of(eta) != st {
            return Err(CompileError::invalid("eta must be a scalar of the vectors' float type"));
        }
        let one = self.fconst(&st, 1.0)?;
        let dd = self.bin(BinaryOp::FMul, d, d);
        let t = self.bin(BinaryOp::FSub, one, dd);
        let ee = self.bin(BinaryOp::FMul, eta, eta);
        let et = self.bin(BinaryOp::FMul, ee, t);
        let k = self.bin(BinaryOp::FSub, one, et);
        let zero_s = self.fconst(&st, 0.0)?;
        let neg = self.emit(InstKind::Fcmp(FloatCC::OrdLt, k, zero_s), Type::BOOL);
        let sk = self.emit(InstKind::Math(MathOp::Sqrt, vec![k]), st.clone());
        let ed = self.bin(BinaryOp::FMul, eta, d);
        let coef = self.bin(BinaryOp::FAdd, ed, sk);
        let ev = self.splat_as(eta, i);
        let cv = self.splat_as(coef, n);
        let a = self.bin(BinaryOp::FMul, ev, i);
        let b = self.bin(BinaryOp::FMul, cv, n);
        let r = self.bin(BinaryOp::FSub, a, b);
        let zero = self.fconst(rt, 0.0)?;
        Ok(self.emit(InstKind::Select(neg, zero, r), rt.clone()))
    }

    /// `FindILsb`, `FindSMsb`, `FindUMsb`: the bit's index, or -1 when there is none.
    fn find_bit(&mut self, x: Value, f: FindBit) -> Result<Value> {
        let t = self.ty_of(x);
        let bits = t.scalar().map(|s| s.bits()).unwrap_or(32) as i64;
        let zero = self.iconst(&t, 0)?;
        let minus = self.iconst(&t, -1)?;
        let v = if f == FindBit::SMsb {
            let neg = self.icmp(IntCC::Slt, x, zero);
            let inv = self.emit(InstKind::Unary(UnaryOp::Not, x), t.clone());
            self.select(neg, inv, x)
        } else {
            x
        };
        let r = if f == FindBit::ILsb {
            self.math_like(MathOp::Ctz, vec![v])
        } else {
            let lz = self.math_like(MathOp::Clz, vec![v]);
            let top = self.iconst(&t, bits - 1)?;
            self.bin(BinaryOp::ISub, top, lz)
        };
        let is_zero = self.icmp(IntCC::Eq, v, zero);
        Ok(self.select(is_zero, minus, r))
    }
}

#[cfg(test)]
mod tests {
    use rspirv::grammar::{ExtInstOp, GLSL_STD_450_INSTRUCTION_TABLE};

    use super::*;

    #[test]
    fn the_table_lists_every_instruction_once_in_order() {
        let mut grammar: Vec<G> = GLSL_STD_450_INSTRUCTION_TABLE
            .iter()
            .filter_map(|i| match i.opcode {
                ExtInstOp::GlslStd450(op) => Some(op),
                _ => None,
            })
            .collect();
        grammar.sort_by_key(|op| *op as u32);
        let table: Vec<G> = GLSL_STD_450.iter().map(|(op, _)| *op).collect();
        assert_eq!(table, grammar);
    }
}

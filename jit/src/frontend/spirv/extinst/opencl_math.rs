//! OpenCL.std math, common, integer and relational functions, and those with a pointer
//! output (`frexp`, `lgamma_r`, `remquo`, `modf`, `fract`, `sincos`: two component-wise
//! computations and a store), one function per family of the `opencl` table.
//!
//! Functions without a KIR form call `"<name>_<f32|f64|i8|i16|i32|i64>"` from
//! `spirjit-builtins` (see `Translator::call_builtin`).

use super::opencl::{Common, Integer, PointerOut, Relational};
use crate::frontend::spirv::arith::{expect_kind, Kind};
use crate::frontend::spirv::function::{Frame, Translator};
use crate::frontend::spirv::memory::conv;
use crate::frontend::spirv::reader::SpvInst;
use crate::ir::{BinaryOp, ConvOp, FloatCC, InstKind, IntCC, MathOp, Scalar, Type, UnaryOp, Value};
use crate::{CompileError, Result};

impl Translator<'_> {
    /// One KIR math operation on operands of type `rt`.
    pub(super) fn cl_math(&mut self, fr: &Frame, inst: &SpvInst, m: MathOp, kind: Kind, rt: &Type) -> Result<Value> {
        expect_kind(rt, kind)?;
        let nargs = inst.operands.len().saturating_sub(2);
        let args = self.args_as(fr, inst, nargs, rt)?;
        Ok(self.math(m, args, rt))
    }

    /// A component-wise call of builtin `name`, scalar operands splatted to the result's
    /// component count.
    pub(super) fn cl_builtin(&mut self, fr: &Frame, inst: &SpvInst, name: &str, rt: &Type) -> Result<Value> {
        let nargs = inst.operands.len().saturating_sub(2);
        let args = (0..nargs).map(|i| self.arg(fr, inst, i)).collect::<Result<Vec<_>>>()?;
        let args = args.into_iter().map(|a| self.splat_lanes(a, rt)).collect::<Result<Vec<_>>>()?;
        self.call_builtin(name, args, rt)
    }

    pub(super) fn cl_common(&mut self, fr: &Frame, inst: &SpvInst, c: Common, rt: &Type) -> Result<Value> {
        Ok(match c {
            Common::Fma => {
                let a = self.arg_as(fr, inst, 0, rt)?;
                let b = self.arg_as(fr, inst, 1, rt)?;
                let c = self.arg_as(fr, inst, 2, rt)?;
                self.emit(InstKind::Fma(a, b, c), rt.clone())
            }
            Common::Clamp(lo_op, hi_op) => {
                let x = self.arg_as(fr, inst, 0, rt)?;
                let lo = self.arg_as(fr, inst, 1, rt)?;
                let hi = self.arg_as(fr, inst, 2, rt)?;
                let a = self.math(lo_op, vec![x, lo], rt);
                self.math(hi_op, vec![a, hi], rt)
            }
            Common::Mix => {
                let x = self.arg_as(fr, inst, 0, rt)?;
                let y = self.arg_as(fr, inst, 1, rt)?;
                let a = self.arg_as(fr, inst, 2, rt)?;
                let d = self.bin(BinaryOp::FSub, y, x);
                self.math(MathOp::Mad, vec![d, a, x], rt)
            }
            Common::Step => {
                let edge = self.arg_as(fr, inst, 0, rt)?;
                let x = self.arg_as(fr, inst, 1, rt)?;
                let lt = self.fcmp(FloatCC::OrdLt, x, edge);
                let zero = self.fconst(rt, 0.0)?;
                let one = self.fconst(rt, 1.0)?;
                self.emit(InstKind::Select(lt, zero, one), rt.clone())
            }
            Common::SmoothStep => {
                let e0 = self.arg_as(fr, inst, 0, rt)?;
                let e1 = self.arg_as(fr, inst, 1, rt)?;
                let x = self.arg_as(fr, inst, 2, rt)?;
                self.smoothstep(e0, e1, x)?
            }
            Common::Scale(k) => {
                let x = self.arg(fr, inst, 0)?;
                let c = self.fconst(rt, k)?;
                self.bin(BinaryOp::FMul, x, c)
            }
            Common::Sign => {
                let x = self.arg(fr, inst, 0)?;
                self.cl_sign(x, rt)?
            }
            Common::Rem | Common::Divide => {
                let x = self.arg_as(fr, inst, 0, rt)?;
                let y = self.arg_as(fr, inst, 1, rt)?;
                self.bin(if c == Common::Rem { BinaryOp::FRem } else { BinaryOp::FDiv }, x, y)
            }
            Common::Recip => {
                let x = self.arg(fr, inst, 0)?;
                let one = self.fconst(rt, 1.0)?;
                self.bin(BinaryOp::FDiv, one, x)
            }
            Common::Rsqrt => {
                let x = self.arg(fr, inst, 0)?;
                let s = self.math(MathOp::Sqrt, vec![x], rt);
                let one = self.fconst(rt, 1.0)?;
                self.bin(BinaryOp::FDiv, one, s)
            }
            Common::Nan => {
                let code = self.arg(fr, inst, 0)?;
                self.cl_nan(code, rt)?
            }
        })
    }

    /// `t * t * (3 - 2 t)` with `t = clamp((x - e0) / (e1 - e0), 0, 1)`, all operands of
    /// one type.
    pub(super) fn smoothstep(&mut self, e0: Value, e1: Value, x: Value) -> Result<Value> {
        let t = self.ty_of(x);
        let num = self.bin(BinaryOp::FSub, x, e0);
        let den = self.bin(BinaryOp::FSub, e1, e0);
        let q = self.bin(BinaryOp::FDiv, num, den);
        let zero = self.fconst(&t, 0.0)?;
        let one = self.fconst(&t, 1.0)?;
        let q = self.math(MathOp::FMax, vec![q, zero], &t);
        let q = self.math(MathOp::FMin, vec![q, one], &t);
        let two = self.fconst(&t, 2.0)?;
        let three = self.fconst(&t, 3.0)?;
        let tq = self.bin(BinaryOp::FMul, two, q);
        let s = self.bin(BinaryOp::FSub, three, tq);
        let qq = self.bin(BinaryOp::FMul, q, q);
        Ok(self.bin(BinaryOp::FMul, qq, s))
    }

    /// OpenCL `sign`: 1, -1, or `x` itself for ±0; 0 for NaN.
    fn cl_sign(&mut self, x: Value, rt: &Type) -> Result<Value> {
        let bt = rt.with_scalar(Scalar::Bool);
        let zero = self.fconst(rt, 0.0)?;
        let one = self.fconst(rt, 1.0)?;
        let minus = self.fconst(rt, -1.0)?;
        let gt = self.emit(InstKind::Fcmp(FloatCC::OrdGt, x, zero), bt.clone());
        let lt = self.emit(InstKind::Fcmp(FloatCC::OrdLt, x, zero), bt.clone());
        let nan = self.emit(InstKind::Fcmp(FloatCC::Unordered, x, x), bt);
        let a = self.emit(InstKind::Select(nan, zero, x), rt.clone());
        let b = self.emit(InstKind::Select(lt, minus, a), rt.clone());
        Ok(self.emit(InstKind::Select(gt, one, b), rt.clone()))
    }

    /// `nan(code)`: a quiet NaN carrying `code` in its mantissa.
    fn cl_nan(&mut self, code: Value, rt: &Type) -> Result<Value> {
        let s = rt.scalar().ok_or_else(|| CompileError::invalid("nan of a non-float type"))?;
        let it = rt.with_scalar(Scalar::int(s.bits()).ok_or_else(|| CompileError::invalid("nan type"))?);
        let code = if self.f.ty(code) == &it {
            code
        } else {
            self.emit(InstKind::Convert(conv(ConvOp::UToU), code), it.clone())
        };
        let q = match s {
            Scalar::F16 => 0x7e00,
            Scalar::F32 => 0x7fc0_0000,
            _ => 0x7ff8_0000_0000_0000,
        };
        let qv = self.konst(&it, &[q]);
        let bits = self.bin(BinaryOp::Or, code, qv);
        Ok(self.emit(InstKind::Bitcast(bits), rt.clone()))
    }

    pub(super) fn cl_integer(&mut self, fr: &Frame, inst: &SpvInst, i: Integer, rt: &Type) -> Result<Value> {
        Ok(match i {
            Integer::Unchanged => self.arg(fr, inst, 0)?,
            Integer::Mul24 { add } => {
                let a = self.arg_as(fr, inst, 0, rt)?;
                let b = self.arg_as(fr, inst, 1, rt)?;
                let p = self.bin(BinaryOp::IMul, a, b);
                if add {
                    let c = self.arg_as(fr, inst, 2, rt)?;
                    self.bin(BinaryOp::IAdd, p, c)
                } else {
                    p
                }
            }
            Integer::MadHi(mul_hi) => {
                let a = self.arg_as(fr, inst, 0, rt)?;
                let b = self.arg_as(fr, inst, 1, rt)?;
                let c = self.arg_as(fr, inst, 2, rt)?;
                let h = self.math(mul_hi, vec![a, b], rt);
                self.bin(BinaryOp::IAdd, h, c)
            }
            Integer::Rotate => {
                let v = self.arg_as(fr, inst, 0, rt)?;
                let i = self.arg_as(fr, inst, 1, rt)?;
                let zero = self.konst(rt, &[0]);
                let neg = self.bin(BinaryOp::ISub, zero, i);
                let l = self.bin(BinaryOp::Shl, v, i);
                let r = self.bin(BinaryOp::LShr, v, neg);
                self.bin(BinaryOp::Or, l, r)
            }
            Integer::Upsample(widen) => {
                let hi = self.arg(fr, inst, 0)?;
                let lo = self.arg(fr, inst, 1)?;
                let bits = self.f.ty(lo).scalar().map(|s| s.bits()).unwrap_or(0) as u64;
                let h = self.emit(InstKind::Convert(conv(widen), hi), rt.clone());
                let l = self.emit(InstKind::Convert(conv(ConvOp::UToU), lo), rt.clone());
                let sh = self.konst(rt, &[bits]);
                let hs = self.bin(BinaryOp::Shl, h, sh);
                self.bin(BinaryOp::Or, hs, l)
            }
        })
    }

    pub(super) fn cl_relational(&mut self, fr: &Frame, inst: &SpvInst, r: Relational, rt: &Type) -> Result<Value> {
        let a = self.arg_as(fr, inst, 0, rt)?;
        let b = self.arg_as(fr, inst, 1, rt)?;
        Ok(match r {
            Relational::Bitselect => {
                let c = self.arg_as(fr, inst, 2, rt)?;
                let s = rt.scalar().ok_or_else(|| CompileError::invalid("bitselect of a non-numeric type"))?;
                let it = rt.with_scalar(Scalar::int(s.bits()).ok_or_else(|| CompileError::invalid("bitselect type"))?);
                let [a, b, c] =
                    [a, b, c].map(|x| if s.is_float() { self.emit(InstKind::Bitcast(x), it.clone()) } else { x });
                let nc = self.emit(InstKind::Unary(UnaryOp::Not, c), it.clone());
                let x = self.bin(BinaryOp::And, a, nc);
                let y = self.bin(BinaryOp::And, b, c);
                let r = self.bin(BinaryOp::Or, x, y);
                if s.is_float() {
                    self.emit(InstKind::Bitcast(r), rt.clone())
                } else {
                    r
                }
            }
            Relational::Select => {
                let c = self.arg(fr, inst, 2)?;
                let ct = self.ty_of(c);
                let zero = self.konst(&ct, &[0]);
                let cond = if ct.lanes() == Some(1) {
                    self.emit(InstKind::Icmp(IntCC::Ne, c, zero), Type::BOOL)
                } else {
                    self.emit(InstKind::Icmp(IntCC::Slt, c, zero), ct.with_scalar(Scalar::Bool))
                };
                self.emit(InstKind::Select(cond, b, a), rt.clone())
            }
        })
    }

    pub(super) fn cl_pointer_out(&mut self, fr: &Frame, inst: &SpvInst, p: PointerOut, rt: &Type) -> Result<Value> {
        if let PointerOut::Calls { inputs, value, stored } = p {
            // Two component-wise calls: the result and the value stored through the
            // pointer operand (an integer vector of the result's shape).
            let ins = self.args_as(fr, inst, inputs, rt)?;
            let out = self.arg(fr, inst, inputs)?;
            self.expect_ptr(out)?;
            let it = rt.with_scalar(Scalar::I32);
            let value = self.call_builtin(value, ins.clone(), rt)?;
            let stored = self.call_builtin(stored, ins, &it)?;
            let align = it.align().max(1);
            self.emit_void(InstKind::Store { ptr: out, value: stored, align });
            return Ok(value);
        }
        let x = self.arg(fr, inst, 0)?;
        let out = self.arg(fr, inst, 1)?;
        self.expect_ptr(out)?;
        let align = rt.align().max(1);
        let (stored, result) = match p {
            PointerOut::Modf => self.cl_modf(x, rt)?,
            PointerOut::Fract => self.cl_fract(x, rt)?,
            _ => {
                let s = self.call_builtin("sin", vec![x], rt)?;
                let c = self.call_builtin("cos", vec![x], rt)?;
                (c, s)
            }
        };
        self.emit_void(InstKind::Store { ptr: out, value: stored, align });
        Ok(result)
    }

    /// `modf`: (the integral part, the fraction with the sign of `x`, ±0 for infinities).
    fn cl_modf(&mut self, x: Value, rt: &Type) -> Result<(Value, Value)> {
        let i = self.math(MathOp::Trunc, vec![x], rt);
        let f = self.bin(BinaryOp::FSub, x, i);
        let inf = self.fconst(rt, f64::INFINITY)?;
        let abs = self.math(MathOp::FAbs, vec![x], rt);
        let bt = rt.with_scalar(Scalar::Bool);
        let is_inf = self.emit(InstKind::Fcmp(FloatCC::OrdEq, abs, inf), bt);
        let zero = self.fconst(rt, 0.0)?;
        let signed_zero = self.math(MathOp::CopySign, vec![zero, x], rt);
        let f0 = self.math(MathOp::CopySign, vec![f, x], rt);
        Ok((i, self.emit(InstKind::Select(is_inf, signed_zero, f0), rt.clone())))
    }

    /// `fract`: (`floor(x)`, `x - floor(x)` kept below 1; NaN stays NaN).
    fn cl_fract(&mut self, x: Value, rt: &Type) -> Result<(Value, Value)> {
        let fl = self.math(MathOp::Floor, vec![x], rt);
        let f = self.bin(BinaryOp::FSub, x, fl);
        let s = rt.scalar().unwrap_or(Scalar::F32);
        let below_one = match s {
            Scalar::F16 => 0x3bff,
            Scalar::F32 => (1.0f32 - f32::EPSILON / 2.0).to_bits() as u64,
            _ => (1.0f64 - f64::EPSILON / 2.0).to_bits(),
        };
        let c = self.konst(rt, &[below_one]);
        let r = self.math(MathOp::FMin, vec![f, c], rt);
        let bt = rt.with_scalar(Scalar::Bool);
        let nan = self.emit(InstKind::Fcmp(FloatCC::Unordered, x, x), bt);
        Ok((fl, self.emit(InstKind::Select(nan, x, r), rt.clone())))
    }
}

//! Arithmetic, comparisons, selects, composite access and inline math, leaf by leaf.
//!
//! Integer division never traps (by zero gives 0, `MIN / -1` gives `MIN`), shifts take
//! their amount modulo the width, `f16` arithmetic is done in `f32` and rounded back.
//! This module must not touch memory or control flow.

use cranelift_codegen::ir::condcodes::{FloatCC as CFloatCC, IntCC as CIntCC};
use cranelift_codegen::ir::{types, InstBuilder, Value as ClifValue};

use super::leaf;
use super::leaf::At;
use super::state::FnLower;
use crate::ir::{self, BinaryOp, FloatCC, IntCC, MathOp, Scalar, Type, UnaryOp};
use crate::{CompileError, Result};

pub(crate) fn int_cc(cc: IntCC) -> CIntCC {
    match cc {
        IntCC::Eq => CIntCC::Equal,
        IntCC::Ne => CIntCC::NotEqual,
        IntCC::Slt => CIntCC::SignedLessThan,
        IntCC::Sle => CIntCC::SignedLessThanOrEqual,
        IntCC::Sgt => CIntCC::SignedGreaterThan,
        IntCC::Sge => CIntCC::SignedGreaterThanOrEqual,
        IntCC::Ult => CIntCC::UnsignedLessThan,
        IntCC::Ule => CIntCC::UnsignedLessThanOrEqual,
        IntCC::Ugt => CIntCC::UnsignedGreaterThan,
        IntCC::Uge => CIntCC::UnsignedGreaterThanOrEqual,
    }
}

pub(crate) fn float_cc(cc: FloatCC) -> CFloatCC {
    match cc {
        FloatCC::OrdEq => CFloatCC::Equal,
        FloatCC::OrdNe => CFloatCC::OrderedNotEqual,
        FloatCC::OrdLt => CFloatCC::LessThan,
        FloatCC::OrdLe => CFloatCC::LessThanOrEqual,
        FloatCC::OrdGt => CFloatCC::GreaterThan,
        FloatCC::OrdGe => CFloatCC::GreaterThanOrEqual,
        FloatCC::UnordEq => CFloatCC::UnorderedOrEqual,
        FloatCC::UnordNe => CFloatCC::NotEqual,
        FloatCC::UnordLt => CFloatCC::UnorderedOrLessThan,
        FloatCC::UnordLe => CFloatCC::UnorderedOrLessThanOrEqual,
        FloatCC::UnordGt => CFloatCC::UnorderedOrGreaterThan,
        FloatCC::UnordGe => CFloatCC::UnorderedOrGreaterThanOrEqual,
        FloatCC::Ordered => CFloatCC::Ordered,
        FloatCC::Unordered => CFloatCC::Unordered,
    }
}

impl FnLower<'_, '_> {
    /// `f16` bits → `f32`.
    pub(crate) fn widen_f16(&mut self, v: ClifValue) -> Result<ClifValue> {
        self.call_value("convert_f16_to_f32", &[v])
    }

    /// `f32` → `f16` bits, round to nearest even.
    pub(crate) fn narrow_f16(&mut self, v: ClifValue) -> Result<ClifValue> {
        self.call_value("convert_f32_to_f16_rte", &[v])
    }

    /// Apply a float operation to leaves of scalar `s`, going through `f32` for `f16`.
    fn float_op(
        &mut self,
        s: Scalar,
        args: &[ClifValue],
        f: impl FnOnce(&mut Self, &[ClifValue]) -> Result<ClifValue>,
    ) -> Result<ClifValue> {
        if s != Scalar::F16 {
            return f(self, args);
        }
        let mut wide = Vec::with_capacity(args.len());
        for a in args {
            wide.push(self.widen_f16(*a)?);
        }
        let r = f(self, &wide)?;
        self.narrow_f16(r)
    }

    pub(crate) fn unary(&mut self, op: UnaryOp, a: ir::Value, at: At) -> Result<Vec<ClifValue>> {
        let scalars = self.leaf_scalars(a)?;
        let av = self.get(a, at)?;
        let mut out = Vec::with_capacity(av.len());
        for (x, s) in av.into_iter().zip(scalars) {
            out.push(match (op, s) {
                (UnaryOp::INeg, _) => self.b.ins().ineg(x),
                (UnaryOp::Not, Scalar::Bool) => self.b.ins().bxor_imm_u(x, 1),
                (UnaryOp::Not, _) => self.b.ins().bnot(x),
                (UnaryOp::FNeg, Scalar::F16) => self.b.ins().bxor_imm_u(x, 0x8000),
                (UnaryOp::FNeg, _) => self.b.ins().fneg(x),
            });
        }
        Ok(out)
    }

    pub(crate) fn binary(&mut self, op: BinaryOp, a: ir::Value, b: ir::Value, at: At) -> Result<Vec<ClifValue>> {
        let scalars = self.leaf_scalars(a)?;
        let av = self.get(a, at)?;
        let bv = self.get(b, at)?;
        if av.len() != bv.len() {
            return Err(CompileError::internal(format!("operands {a} and {b} have different component counts")));
        }
        let mut out = Vec::with_capacity(av.len());
        for ((x, y), s) in av.into_iter().zip(bv).zip(scalars) {
            out.push(self.binary_leaf(op, s, x, y)?);
        }
        Ok(out)
    }

    /// For `a * b` with one operand the integer constant `2^k` (`k` below the type's
    /// width): whether the other operand is `a`, and `k`.
    pub(crate) fn pow2_factor(&self, a: ir::Value, b: ir::Value) -> Option<(bool, u32)> {
        let bits = self.func.ty(a).scalar().filter(|s| s.is_int())?.bits();
        let k = |v: ir::Value| {
            let c = self.func.scalar_const(v)?;
            let c = if bits < 64 { c & ((1u64 << bits) - 1) } else { c };
            Some(c.trailing_zeros()).filter(|k| c.is_power_of_two() && *k < bits)
        };
        match (k(a), k(b)) {
            (_, Some(s)) => Some((true, s)),
            (Some(s), _) => Some((false, s)),
            _ => None,
        }
    }

    /// For a signed division by `y` (of type `ty`): whether `y` is 0, whether it is -1,
    /// and a divisor that cannot trap (1 in place of 0 and -1).
    fn signed_divisor(&mut self, ty: types::Type, y: ClifValue) -> (ClifValue, ClifValue, ClifValue) {
        let is0 = self.b.ins().icmp_imm_s(CIntCC::Equal, y, 0);
        let m1 = self.iconst(ty, -1);
        let ism1 = self.b.ins().icmp(CIntCC::Equal, y, m1);
        let bad = self.b.ins().bor(is0, ism1);
        let one = self.iconst(ty, 1);
        let safe = self.b.ins().select(bad, one, y);
        (is0, ism1, safe)
    }

    pub(crate) fn binary_leaf(&mut self, op: BinaryOp, s: Scalar, x: ClifValue, y: ClifValue) -> Result<ClifValue> {
        Ok(match op {
            BinaryOp::IAdd => self.b.ins().iadd(x, y),
            BinaryOp::ISub => self.b.ins().isub(x, y),
            BinaryOp::IMul => self.b.ins().imul(x, y),
            BinaryOp::And => self.b.ins().band(x, y),
            BinaryOp::Or => self.b.ins().bor(x, y),
            BinaryOp::Xor => self.b.ins().bxor(x, y),
            BinaryOp::Shl => self.b.ins().ishl(x, y),
            BinaryOp::LShr => self.b.ins().ushr(x, y),
            BinaryOp::AShr => self.b.ins().sshr(x, y),
            BinaryOp::UDiv | BinaryOp::URem => {
                let ty = self.vty(x);
                let is0 = self.b.ins().icmp_imm_s(CIntCC::Equal, y, 0);
                let one = self.iconst(ty, 1);
                let safe = self.b.ins().select(is0, one, y);
                let r = if op == BinaryOp::UDiv { self.b.ins().udiv(x, safe) } else { self.b.ins().urem(x, safe) };
                let zero = self.iconst(ty, 0);
                self.b.ins().select(is0, zero, r)
            }
            BinaryOp::SDiv => {
                let ty = self.vty(x);
                let (is0, ism1, safe) = self.signed_divisor(ty, y);
                let q = self.b.ins().sdiv(x, safe);
                let neg = self.b.ins().ineg(x);
                let q = self.b.ins().select(ism1, neg, q);
                let zero = self.iconst(ty, 0);
                self.b.ins().select(is0, zero, q)
            }
            BinaryOp::SRem | BinaryOp::SMod => {
                let (_, _, safe) = self.signed_divisor(self.vty(x), y);
                let r = self.b.ins().srem(x, safe);
                if op == BinaryOp::SRem {
                    r
                } else {
                    // Adjust toward the divisor's sign.
                    let nz = self.b.ins().icmp_imm_s(CIntCC::NotEqual, r, 0);
                    let xr = self.b.ins().bxor(r, y);
                    let diff = self.b.ins().icmp_imm_s(CIntCC::SignedLessThan, xr, 0);
                    let adj = self.b.ins().band(nz, diff);
                    let sum = self.b.ins().iadd(r, y);
                    self.b.ins().select(adj, sum, r)
                }
            }
            BinaryOp::FAdd => self.float_op(s, &[x, y], |me, a| Ok(me.b.ins().fadd(a[0], a[1])))?,
            BinaryOp::FSub => self.float_op(s, &[x, y], |me, a| Ok(me.b.ins().fsub(a[0], a[1])))?,
            BinaryOp::FMul => self.float_op(s, &[x, y], |me, a| Ok(me.b.ins().fmul(a[0], a[1])))?,
            BinaryOp::FDiv => self.float_op(s, &[x, y], |me, a| Ok(me.b.ins().fdiv(a[0], a[1])))?,
            BinaryOp::FRem => self.float_op(s, &[x, y], |me, a| me.fmod(a[0], a[1]))?,
            BinaryOp::FMod => self.float_op(s, &[x, y], |me, a| {
                let r = me.fmod(a[0], a[1])?;
                let ty = me.vty(r);
                let zero = if ty == types::F32 { me.b.ins().f32const(0.0) } else { me.b.ins().f64const(0.0) };
                let nz = me.b.ins().fcmp(CFloatCC::NotEqual, r, zero);
                let ity = if ty == types::F32 { types::I32 } else { types::I64 };
                let flags = cranelift_codegen::ir::MemFlagsData::new();
                let rb = me.b.ins().bitcast(ity, flags, r);
                let yb = me.b.ins().bitcast(ity, flags, a[1]);
                let xr = me.b.ins().bxor(rb, yb);
                let diff = me.b.ins().icmp_imm_s(CIntCC::SignedLessThan, xr, 0);
                let adj = me.b.ins().band(nz, diff);
                let sum = me.b.ins().fadd(r, a[1]);
                Ok(me.b.ins().select(adj, sum, r))
            })?,
        })
    }

    /// C `fmod` of two `f32` or two `f64` values.
    fn fmod(&mut self, x: ClifValue, y: ClifValue) -> Result<ClifValue> {
        let sym = if self.vty(x) == types::F32 { "fmod_f32" } else { "fmod_f64" };
        self.call_value(sym, &[x, y])
    }

    pub(crate) fn fma(&mut self, a: ir::Value, b: ir::Value, c: ir::Value, at: At) -> Result<Vec<ClifValue>> {
        let scalars = self.leaf_scalars(a)?;
        let (av, bv, cv) = (self.get(a, at)?, self.get(b, at)?, self.get(c, at)?);
        let mut out = Vec::with_capacity(av.len());
        for i in 0..av.len() {
            let args = [av[i], bv[i], cv[i]];
            if scalars[i] == Scalar::F16 {
                // Rounded once, from the exact result (f32 would round twice).
                out.push(self.call_value("fma_f16", &args)?);
                continue;
            }
            out.push(self.float_op(scalars[i], &args, |me, a| Ok(me.b.ins().fma(a[0], a[1], a[2])))?);
        }
        Ok(out)
    }

    pub(crate) fn icmp(&mut self, cc: IntCC, a: ir::Value, b: ir::Value, at: At) -> Result<Vec<ClifValue>> {
        let (av, bv) = (self.get(a, at)?, self.get(b, at)?);
        Ok(av.into_iter().zip(bv).map(|(x, y)| self.b.ins().icmp(int_cc(cc), x, y)).collect())
    }

    pub(crate) fn fcmp(&mut self, cc: FloatCC, a: ir::Value, b: ir::Value, at: At) -> Result<Vec<ClifValue>> {
        let scalars = self.leaf_scalars(a)?;
        let (av, bv) = (self.get(a, at)?, self.get(b, at)?);
        let mut out = Vec::with_capacity(av.len());
        for ((mut x, mut y), s) in av.into_iter().zip(bv).zip(scalars) {
            if s == Scalar::F16 {
                x = self.widen_f16(x)?;
                y = self.widen_f16(y)?;
            }
            out.push(self.b.ins().fcmp(float_cc(cc), x, y));
        }
        Ok(out)
    }

    pub(crate) fn select(&mut self, c: ir::Value, a: ir::Value, b: ir::Value, at: At) -> Result<Vec<ClifValue>> {
        let cv = self.get(c, at)?;
        let (av, bv) = (self.get(a, at)?, self.get(b, at)?);
        if cv.len() != 1 && cv.len() != av.len() {
            return Err(CompileError::internal(format!("condition {c} does not match the operands' component count")));
        }
        let mut out = Vec::with_capacity(av.len());
        for (i, (x, y)) in av.into_iter().zip(bv).enumerate() {
            let ci = if cv.len() == 1 { cv[0] } else { cv[i] };
            out.push(self.b.ins().select(ci, x, y));
        }
        Ok(out)
    }

    pub(crate) fn extract(&mut self, a: ir::Value, i: u32, at: At) -> Result<Vec<ClifValue>> {
        let range = leaf::component_leaf_range(self.value_type(a)?, i)?;
        let av = self.get(a, at)?;
        Ok(av[range].to_vec())
    }

    pub(crate) fn insert(&mut self, agg: ir::Value, elem: ir::Value, i: u32, at: At) -> Result<Vec<ClifValue>> {
        let range = leaf::component_leaf_range(self.value_type(agg)?, i)?;
        let mut av = self.get(agg, at)?;
        let ev = self.get(elem, at)?;
        if ev.len() != range.len() {
            return Err(CompileError::internal(format!("{elem} does not have the type of component {i} of {agg}")));
        }
        av.splice(range, ev);
        Ok(av)
    }

    pub(crate) fn extract_dyn(&mut self, v: ir::Value, idx: ir::Value, ty: &Type, at: At) -> Result<Vec<ClifValue>> {
        let s = ty.scalar().ok_or_else(|| CompileError::internal("dynamic extract of a non-scalar"))?;
        let vv = self.get(v, at)?;
        let iv = self.get_scalar(idx, at)?;
        let mut acc = self.zero(s);
        for (i, x) in vv.into_iter().enumerate() {
            let hit = self.b.ins().icmp_imm_s(CIntCC::Equal, iv, i as i64);
            acc = self.b.ins().select(hit, x, acc);
        }
        Ok(vec![acc])
    }

    pub(crate) fn insert_dyn(
        &mut self,
        v: ir::Value,
        elem: ir::Value,
        idx: ir::Value,
        at: At,
    ) -> Result<Vec<ClifValue>> {
        let vv = self.get(v, at)?;
        let e = self.get_scalar(elem, at)?;
        let iv = self.get_scalar(idx, at)?;
        let mut out = Vec::with_capacity(vv.len());
        for (i, x) in vv.into_iter().enumerate() {
            let hit = self.b.ins().icmp_imm_s(CIntCC::Equal, iv, i as i64);
            out.push(self.b.ins().select(hit, e, x));
        }
        Ok(out)
    }

    pub(crate) fn shuffle(
        &mut self,
        a: ir::Value,
        b: ir::Value,
        indices: &[u32],
        ty: &Type,
        at: At,
    ) -> Result<Vec<ClifValue>> {
        let s = ty.scalar().ok_or_else(|| CompileError::internal("shuffle result is not a vector"))?;
        let mut all = self.get(a, at)?;
        all.extend(self.get(b, at)?);
        let mut out = Vec::with_capacity(indices.len());
        for &i in indices {
            out.push(match all.get(i as usize) {
                Some(v) => *v,
                None => self.zero(s),
            });
        }
        Ok(out)
    }

    pub(crate) fn math(&mut self, op: MathOp, args: &[ir::Value], ty: &Type, at: At) -> Result<Vec<ClifValue>> {
        let arity = match op {
            MathOp::FMin | MathOp::FMax | MathOp::CopySign | MathOp::SMin | MathOp::SMax => 2,
            MathOp::UMin | MathOp::UMax | MathOp::SMulHi | MathOp::UMulHi => 2,
            MathOp::Mad => 3,
            _ => 1,
        };
        if args.len() != arity {
            return Err(CompileError::internal(format!("{op:?} takes {arity} operands; {} given", args.len())));
        }
        let scalars = self.leaf_scalars(args[0])?;
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.get(*a, at)?);
        }
        if vals.iter().any(|v| v.len() != scalars.len()) || leaf::leaf_count(ty)? != scalars.len() {
            return Err(CompileError::internal(format!("{op:?} operands have different component counts")));
        }
        let mut out = Vec::with_capacity(scalars.len());
        for (i, s) in scalars.iter().enumerate() {
            let xs: Vec<ClifValue> = vals.iter().map(|v| v[i]).collect();
            out.push(self.math_leaf(op, *s, &xs)?);
        }
        Ok(out)
    }

    fn math_leaf(&mut self, op: MathOp, s: Scalar, x: &[ClifValue]) -> Result<ClifValue> {
        use MathOp::*;
        Ok(match op {
            FAbs if s == Scalar::F16 => self.b.ins().band_imm_u(x[0], 0x7fff),
            CopySign if s == Scalar::F16 => {
                let m = self.b.ins().band_imm_u(x[0], 0x7fff);
                let sign = self.b.ins().band_imm_u(x[1], 0x8000);
                self.b.ins().bor(m, sign)
            }
            FAbs => self.b.ins().fabs(x[0]),
            CopySign => self.b.ins().fcopysign(x[0], x[1]),
            // IEEE minNum/maxNum: a NaN operand loses. `b` is NaN ? `a` : (`a` < `b` ? `a`
            // : `b`) (fmin; `b` < `a` for fmax), the formula the SIMD path uses too, so
            // that both give the same zero of (-0, +0).
            FMin | FMax => self.float_op(s, x, |me, a| {
                let lt = if op == FMin {
                    me.b.ins().fcmp(CFloatCC::LessThan, a[0], a[1])
                } else {
                    me.b.ins().fcmp(CFloatCC::LessThan, a[1], a[0])
                };
                let r = me.b.ins().select(lt, a[0], a[1]);
                let b_nan = me.b.ins().fcmp(CFloatCC::Unordered, a[1], a[1]);
                Ok(me.b.ins().select(b_nan, a[0], r))
            })?,
            Sqrt => self.float_op(s, x, |me, a| Ok(me.b.ins().sqrt(a[0])))?,
            Floor => self.float_op(s, x, |me, a| Ok(me.b.ins().floor(a[0])))?,
            Ceil => self.float_op(s, x, |me, a| Ok(me.b.ins().ceil(a[0])))?,
            Trunc => self.float_op(s, x, |me, a| Ok(me.b.ins().trunc(a[0])))?,
            Rint => self.float_op(s, x, |me, a| Ok(me.b.ins().nearest(a[0])))?,
            Round => self.float_op(s, x, |me, a| {
                let sym = if me.vty(a[0]) == types::F32 { "round_f32" } else { "round_f64" };
                me.call_value(sym, &[a[0]])
            })?,
            Mad => self.float_op(s, x, |me, a| {
                let p = me.b.ins().fmul(a[0], a[1]);
                Ok(me.b.ins().fadd(p, a[2]))
            })?,
            SMin | SMax | UMin | UMax => {
                let cc = match op {
                    SMin => CIntCC::SignedLessThan,
                    SMax => CIntCC::SignedGreaterThan,
                    UMin => CIntCC::UnsignedLessThan,
                    _ => CIntCC::UnsignedGreaterThan,
                };
                let c = self.b.ins().icmp(cc, x[0], x[1]);
                self.b.ins().select(c, x[0], x[1])
            }
            IAbs => {
                let neg = self.b.ins().ineg(x[0]);
                let lt = self.b.ins().icmp_imm_s(CIntCC::SignedLessThan, x[0], 0);
                self.b.ins().select(lt, neg, x[0])
            }
            Clz | Ctz | Popcount => {
                let ty = self.vty(x[0]);
                if ty.bits() >= 32 {
                    match op {
                        Clz => self.b.ins().clz(x[0]),
                        Ctz => self.b.ins().ctz(x[0]),
                        _ => self.b.ins().popcnt(x[0]),
                    }
                } else {
                    let w = self.b.ins().uextend(types::I32, x[0]);
                    let r = match op {
                        Clz => {
                            let c = self.b.ins().clz(w);
                            self.b.ins().iadd_imm_s(c, -(32 - ty.bits() as i64))
                        }
                        Ctz => {
                            let guard = self.b.ins().bor_imm_u(w, 1i64 << ty.bits());
                            self.b.ins().ctz(guard)
                        }
                        _ => self.b.ins().popcnt(w),
                    };
                    self.b.ins().ireduce(ty, r)
                }
            }
            SMulHi | UMulHi => {
                let ty = self.vty(x[0]);
                let signed = op == SMulHi;
                if ty.bits() >= 64 {
                    if signed {
                        self.b.ins().smulhi(x[0], x[1])
                    } else {
                        self.b.ins().umulhi(x[0], x[1])
                    }
                } else {
                    let wide = types::I64;
                    let (a, b) = if signed {
                        (self.b.ins().sextend(wide, x[0]), self.b.ins().sextend(wide, x[1]))
                    } else {
                        (self.b.ins().uextend(wide, x[0]), self.b.ins().uextend(wide, x[1]))
                    };
                    let p = self.b.ins().imul(a, b);
                    let hi = self.b.ins().sshr_imm_u(p, ty.bits() as i64);
                    self.b.ins().ireduce(ty, hi)
                }
            }
        })
    }
}

//! OpenCL integer builtins as Cranelift vector code at W > 1: `add_sat`, `sub_sat`,
//! `hadd`, `rhadd` and `abs_diff` on lane vectors, instead of a call per lane.
//!
//! Each form gives, lane by lane, exactly the result of the scalar builtin it replaces
//! (`spirjit-builtins`' `s_add_sat_i8` and friends), using only operations Cranelift's
//! x86-64 backend lowers for the lane type: saturating adds and subtracts exist for
//! 8- and 16-bit lanes (wider ones wrap, then compares pick the bound on overflow),
//! minimum and maximum for 8- to 32-bit lanes (compares and bit selects for 64-bit
//! ones), logical shifts for every width and arithmetic ones below 64 bits. Every
//! integer lane type has a form; any other builtin (or operand shape) returns `None`,
//! and the caller calls the builtin. This module must not decide which instructions reach it
//! (`vector` does).

use cranelift_codegen::ir::{InstBuilder, Value as ClifValue};

use super::state::FnLower;
use crate::ir::{self, BuiltinId, Scalar};
use crate::Result;

/// An integer builtin with a vector form.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    AddSat,
    SubSat,
    Hadd,
    Rhadd,
    AbsDiff,
}

/// `s_add_sat_i8` → (signed, AddSat, I8).
fn parse(symbol: &str) -> Option<(bool, Op, Scalar)> {
    let (signed, rest) = match symbol.split_at_checked(2)? {
        ("s_", r) => (true, r),
        ("u_", r) => (false, r),
        _ => return None,
    };
    let (name, ty) = rest.rsplit_once('_')?;
    let s = match ty {
        "i8" => Scalar::I8,
        "i16" => Scalar::I16,
        "i32" => Scalar::I32,
        "i64" => Scalar::I64,
        _ => return None,
    };
    let op = match name {
        "add_sat" => Op::AddSat,
        "sub_sat" => Op::SubSat,
        "hadd" => Op::Hadd,
        "rhadd" => Op::Rhadd,
        "abs_diff" => Op::AbsDiff,
        _ => return None,
    };
    Some((signed, op, s))
}

impl FnLower<'_, '_> {
    /// The vector code of integer builtin `symbol` on `args`, when it has a form for the
    /// operands' lane type; `None` (nothing emitted) otherwise.
    pub(crate) fn int_builtin_vector(
        &mut self,
        builtin: BuiltinId,
        args: &[ir::Value],
        result: ir::Value,
    ) -> Result<Option<Vec<ClifValue>>> {
        let Some((signed, op, s)) = parse(builtin.symbol()) else { return Ok(None) };
        if args.len() != 2 || !self.is_varying(result) {
            return Ok(None);
        }
        let same = |me: &Self, v: ir::Value| me.leaf_scalars(v).is_ok_and(|l| l.iter().all(|x| *x == s));
        if !same(self, result) || !args.iter().all(|a| same(self, *a)) {
            return Ok(None);
        }
        let (a, b) = (self.bundles(args[0])?, self.bundles(args[1])?);
        let n = self.leaf_scalars(result)?.len();
        if !(a.len() == n || a.len() == 1) || !(b.len() == n || b.len() == 1) {
            return Ok(None);
        }
        let mut out = Vec::with_capacity(n * self.lanes.vectors(s));
        for i in 0..n {
            let (xa, xb) = (&a[if a.len() == 1 { 0 } else { i }], &b[if b.len() == 1 { 0 } else { i }]);
            for (x, y) in xa.iter().zip(xb) {
                out.push(self.int_form(signed, op, *x, *y));
            }
        }
        Ok(Some(out))
    }

    /// Each lane shifted right by one (arithmetic when `signed`).
    fn half_lanes(&mut self, v: ClifValue, signed: bool) -> ClifValue {
        let one = self.b.ins().iconst(cranelift_codegen::ir::types::I32, 1);
        let vt = self.vty(v);
        if signed && vt.lane_bits() == 64 {
            // No arithmetic shift of 64-bit lanes without AVX-512: shift logically and
            // keep the sign bit.
            let u = self.b.ins().ushr(v, one);
            let sign_s = self.b.ins().iconst(vt.lane_type(), i64::MIN);
            let sign = self.b.ins().splat(vt, sign_s);
            let s = self.b.ins().band(v, sign);
            return self.b.ins().bor(u, s);
        }
        if signed {
            self.b.ins().sshr(v, one)
        } else {
            self.b.ins().ushr(v, one)
        }
    }

    /// `add_sat`/`sub_sat` on 32- or 64-bit lanes (no saturating instruction there): the
    /// wrapping result, replaced where it overflowed by the bound it crossed.
    fn wide_sat(&mut self, op: Op, signed: bool, x: ClifValue, y: ClifValue) -> ClifValue {
        use cranelift_codegen::ir::condcodes::IntCC;
        let vt = self.vty(x);
        let r = if op == Op::AddSat { self.b.ins().iadd(x, y) } else { self.b.ins().isub(x, y) };
        if !signed {
            return if op == Op::AddSat {
                // Wrapped iff r < x: all ones then.
                let over = self.b.ins().icmp(IntCC::UnsignedLessThan, r, x);
                self.b.ins().bor(r, over)
            } else {
                // Wrapped iff x < y: zero then.
                let under = self.b.ins().icmp(IntCC::UnsignedLessThan, x, y);
                self.b.ins().band_not(r, under)
            };
        }
        // Signed overflow: the operands' signs agree (add) or differ (sub) and the
        // result's sign differs from x's.
        let rx = self.b.ins().bxor(r, x);
        let other = if op == Op::AddSat { self.b.ins().bxor(r, y) } else { self.b.ins().bxor(x, y) };
        let both = self.b.ins().band(rx, other);
        let zero_s = self.b.ins().iconst(vt.lane_type(), 0);
        let zero = self.b.ins().splat(vt, zero_s);
        let ovf = self.b.ins().icmp(IntCC::SignedLessThan, both, zero);
        let neg = self.b.ins().icmp(IntCC::SignedLessThan, x, zero);
        let bits = vt.lane_bits();
        let max_s = self.b.ins().iconst(vt.lane_type(), (u64::MAX >> (65 - bits)) as i64);
        let max = self.b.ins().splat(vt, max_s);
        let min = self.b.ins().bnot(max);
        let sat = self.b.ins().bitselect(neg, min, max);
        self.b.ins().bitselect(ovf, sat, r)
    }

    fn int_form(&mut self, signed: bool, op: Op, x: ClifValue, y: ClifValue) -> ClifValue {
        match (op, signed) {
            (Op::AddSat | Op::SubSat, _) if self.vty(x).lane_bits() >= 32 => self.wide_sat(op, signed, x, y),
            (Op::AddSat, true) => self.b.ins().sadd_sat(x, y),
            (Op::AddSat, false) => self.b.ins().uadd_sat(x, y),
            (Op::SubSat, true) => self.b.ins().ssub_sat(x, y),
            (Op::SubSat, false) => self.b.ins().usub_sat(x, y),
            // floor((x + y) / 2) = (x & y) + ((x ^ y) >> 1), without overflow.
            (Op::Hadd, _) => {
                let and = self.b.ins().band(x, y);
                let xor = self.b.ins().bxor(x, y);
                let half = self.half_lanes(xor, signed);
                self.b.ins().iadd(and, half)
            }
            // ceil((x + y) / 2) = (x | y) - ((x ^ y) >> 1), without overflow.
            (Op::Rhadd, _) => {
                let or = self.b.ins().bor(x, y);
                let xor = self.b.ins().bxor(x, y);
                let half = self.half_lanes(xor, signed);
                self.b.ins().isub(or, half)
            }
            // |x - y| as an unsigned value: max - min, wrapping.
            (Op::AbsDiff, _) if self.vty(x).lane_bits() == 64 => {
                use cranelift_codegen::ir::condcodes::IntCC;
                let cc = if signed { IntCC::SignedGreaterThan } else { IntCC::UnsignedGreaterThan };
                let gt = self.b.ins().icmp(cc, x, y);
                let hi = self.b.ins().bitselect(gt, x, y);
                let lo = self.b.ins().bitselect(gt, y, x);
                self.b.ins().isub(hi, lo)
            }
            (Op::AbsDiff, true) => {
                let (hi, lo) = (self.b.ins().smax(x, y), self.b.ins().smin(x, y));
                self.b.ins().isub(hi, lo)
            }
            (Op::AbsDiff, false) => {
                let (hi, lo) = (self.b.ins().umax(x, y), self.b.ins().umin(x, y));
                self.b.ins().isub(hi, lo)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_parse() {
        assert!(parse("s_add_sat_i8") == Some((true, Op::AddSat, Scalar::I8)));
        assert!(parse("u_abs_diff_i32") == Some((false, Op::AbsDiff, Scalar::I32)));
        assert!(parse("s_mul_hi_i32").is_none());
        assert!(parse("sin_f32").is_none());
    }
}

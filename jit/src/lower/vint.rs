//! OpenCL integer builtins as Cranelift vector code at W > 1: `add_sat`, `sub_sat`,
//! `hadd`, `rhadd` and `abs_diff` on lane vectors, instead of a call per lane.
//!
//! Each form gives, lane by lane, exactly the result of the scalar builtin it replaces
//! (`spirjit-builtins`' `s_add_sat_i8` and friends), using only operations Cranelift's
//! x86-64 backend lowers for the lane type: saturating adds and subtracts exist for
//! 8- and 16-bit lanes, minimum and maximum for 8- to 32-bit lanes, shifts for every
//! width. A builtin or lane type without a form here returns `None`, and the caller
//! calls the builtin. This module must not decide which instructions reach it
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

/// Whether the x86-64 backend lowers the form of `op` on lanes of `s`.
fn has_form(signed: bool, op: Op, s: Scalar) -> bool {
    match op {
        Op::AddSat | Op::SubSat => matches!(s, Scalar::I8 | Scalar::I16),
        Op::AbsDiff => matches!(s, Scalar::I8 | Scalar::I16 | Scalar::I32),
        // Arithmetic shifts of 64-bit lanes need AVX-512; logical ones do not.
        Op::Hadd | Op::Rhadd => !signed || s != Scalar::I64,
    }
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
        if args.len() != 2 || !has_form(signed, op, s) || !self.is_varying(result) {
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
        if signed {
            self.b.ins().sshr(v, one)
        } else {
            self.b.ins().ushr(v, one)
        }
    }

    fn int_form(&mut self, signed: bool, op: Op, x: ClifValue, y: ClifValue) -> ClifValue {
        match (op, signed) {
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
    fn symbols_parse_and_forms_match_the_backend() {
        assert!(parse("s_add_sat_i8") == Some((true, Op::AddSat, Scalar::I8)));
        assert!(parse("u_abs_diff_i32") == Some((false, Op::AbsDiff, Scalar::I32)));
        assert!(parse("s_mul_hi_i32").is_none());
        assert!(parse("sin_f32").is_none());
        assert!(has_form(false, Op::Hadd, Scalar::I64));
        assert!(!has_form(true, Op::Rhadd, Scalar::I64));
        assert!(!has_form(true, Op::AddSat, Scalar::I32));
    }
}

//! Component-wise KIR math (`InstKind::Math`) as Cranelift vector code at W > 1 for the
//! operations `vector` has no direct form of: `clz`, `ctz`, `popcount`, `mul_hi`,
//! 64-bit `min`/`max`/`abs`, `copysign`, and `round` (a call of its vector form).
//! Without these each lane would run the
//! scalar lowering on its own (extract, compute, insert).
//!
//! Each form gives, lane by lane, exactly what the scalar lowering (`arith::math_leaf`)
//! gives, using only operations Cranelift's x86-64 backend lowers without AVX-512: a
//! byte-wise `popcnt`, shifts by a uniform amount, widening multiplies, compares and
//! bit selects. An operation or lane type without a form here returns `None` and the
//! caller lowers it per lane. This module must not decide which instructions reach it
//! (`vector` does).

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, Type as ClifType, Value as ClifValue};

use super::leaf::vec_leaf_type;
use super::state::FnLower;
use crate::ir::{self, MathOp, Scalar};
use crate::Result;

impl FnLower<'_, '_> {
    /// The vector code of `Math(op, args)` with result lanes `rs`, when it has a form
    /// here; `None` (nothing emitted) otherwise.
    pub(crate) fn vector_math_more(
        &mut self,
        op: MathOp,
        args: &[ir::Value],
        rs: Scalar,
    ) -> Result<Option<Vec<ClifValue>>> {
        let int = matches!(rs, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64);
        let fl = matches!(rs, Scalar::F32 | Scalar::F64);
        let vt = vec_leaf_type(rs);
        Ok(Some(match (op, args.len()) {
            (MathOp::Popcount, 1) if int => self.map_vectors(args, |me, x| me.popcount_lanes(x[0], vt))?,
            (MathOp::Clz, 1) if int => self.map_vectors(args, |me, x| {
                // Smear the highest set bit down; the zeros left above it are the count.
                let mut v = x[0];
                let mut k = 1;
                while k < vt.lane_bits() {
                    let sh = me.shifted(v, k, false);
                    v = me.b.ins().bor(v, sh);
                    k *= 2;
                }
                let n = me.b.ins().bnot(v);
                me.popcount_lanes(n, vt)
            })?,
            (MathOp::Ctz, 1) if int => self.map_vectors(args, |me, x| {
                // The trailing zeros as ones: !x & (x - 1) (all ones for 0).
                let one = me.splat_int(vt, 1);
                let m = me.b.ins().isub(x[0], one);
                let n = me.b.ins().band_not(m, x[0]);
                me.popcount_lanes(n, vt)
            })?,
            (MathOp::SMulHi | MathOp::UMulHi, 2) if matches!(rs, Scalar::I8 | Scalar::I16 | Scalar::I32) => {
                let signed = op == MathOp::SMulHi;
                self.map_vectors(args, |me, x| me.mul_hi_lanes(x[0], x[1], signed, vt))?
            }
            (MathOp::SMin | MathOp::SMax | MathOp::UMin | MathOp::UMax, 2) if rs == Scalar::I64 => {
                let cc = match op {
                    MathOp::SMin => IntCC::SignedLessThan,
                    MathOp::SMax => IntCC::SignedGreaterThan,
                    MathOp::UMin => IntCC::UnsignedLessThan,
                    _ => IntCC::UnsignedGreaterThan,
                };
                self.map_vectors(args, |me, x| {
                    let c = me.b.ins().icmp(cc, x[0], x[1]);
                    me.b.ins().bitselect(c, x[0], x[1])
                })?
            }
            (MathOp::IAbs, 1) if rs == Scalar::I64 => self.map_vectors(args, |me, x| {
                let zero = me.splat_int(vt, 0);
                let neg = me.b.ins().isub(zero, x[0]);
                let lt = me.b.ins().icmp(IntCC::SignedLessThan, x[0], zero);
                me.b.ins().bitselect(lt, neg, x[0])
            })?,
            (MathOp::CopySign, 2) if fl => self.map_vectors(args, |me, x| {
                let it = if rs == Scalar::F32 { types::I32X4 } else { types::I64X2 };
                let sign = me.splat_int(it, 1i64 << (it.lane_bits() - 1));
                let (a, b) = (me.as_type(x[0], it), me.as_type(x[1], it));
                let mag = me.b.ins().band_not(a, sign);
                let s = me.b.ins().band(b, sign);
                let r = me.b.ins().bor(mag, s);
                me.as_type(r, vt)
            })?,
            (MathOp::Round, 1) if fl => return self.round_vector_form(args[0], rs),
            _ => return Ok(None),
        }))
    }

    /// `round` (the scalar lowering calls `round_f32`/`round_f64` per lane) as calls of
    /// the builtin's vector form, one per leaf vector; `None` where there is none.
    fn round_vector_form(&mut self, a: ir::Value, rs: Scalar) -> Result<Option<Vec<ClifValue>>> {
        let scalar = if rs == Scalar::F32 { "round_f32" } else { "round_f64" };
        let Some(vf) = ir::BuiltinId::of(scalar).and_then(|b| b.vector_form()) else { return Ok(None) };
        let xs: Vec<ClifValue> = self.bundles(a)?.into_iter().flatten().collect();
        let mut out = Vec::with_capacity(xs.len());
        for x in xs {
            let r = self.call_builtin(vf, &[x])?.ok_or_else(|| {
                crate::CompileError::internal(format!("the vector form of `{scalar}` returns nothing"))
            })?;
            out.push(r);
        }
        Ok(Some(out))
    }

    /// A vector of type `vt` with every lane `x`.
    fn splat_int(&mut self, vt: ClifType, x: i64) -> ClifValue {
        let c = self.b.ins().iconst(vt.lane_type(), x);
        self.b.ins().splat(vt, c)
    }

    /// Each lane shifted right by `k` bits (arithmetic when `signed`).
    fn shifted(&mut self, v: ClifValue, k: u32, signed: bool) -> ClifValue {
        let amt = self.b.ins().iconst(types::I32, i64::from(k));
        if signed {
            self.b.ins().sshr(v, amt)
        } else {
            self.b.ins().ushr(v, amt)
        }
    }

    /// The number of set bits of each lane of `v` (lanes of `vt`): bytes counted with
    /// the byte-wise `popcnt`, then the bytes of a lane summed by shifts.
    fn popcount_lanes(&mut self, v: ClifValue, vt: ClifType) -> ClifValue {
        let bytes = self.as_type(v, types::I8X16);
        let counts = self.b.ins().popcnt(bytes);
        let mut c = self.as_type(counts, vt);
        if vt.lane_bits() == 8 {
            return c;
        }
        let mut k = 8;
        while k < vt.lane_bits() {
            let sh = self.shifted(c, k, false);
            c = self.b.ins().iadd(c, sh);
            k *= 2;
        }
        // Each lane's low byte holds its count (at most 64); the rest is carries' junk.
        let mask = self.splat_int(vt, 0xff);
        self.b.ins().band(c, mask)
    }

    /// The high half of each lane's full product: the lanes widened to twice their
    /// width, multiplied, and the high halves picked.
    fn mul_hi_lanes(&mut self, x: ClifValue, y: ClifValue, signed: bool, vt: ClifType) -> ClifValue {
        let (xl, yl, xh, yh) = if signed {
            (
                self.b.ins().swiden_low(x),
                self.b.ins().swiden_low(y),
                self.b.ins().swiden_high(x),
                self.b.ins().swiden_high(y),
            )
        } else {
            (
                self.b.ins().uwiden_low(x),
                self.b.ins().uwiden_low(y),
                self.b.ins().uwiden_high(x),
                self.b.ins().uwiden_high(y),
            )
        };
        let lo = self.b.ins().imul(xl, yl);
        let hi = self.b.ins().imul(xh, yh);
        if vt.lane_bits() == 32 {
            // The high 32 bits of each 64-bit product are its odd 32-bit lane.
            let (lo, hi) = (self.as_type(lo, types::I32X4), self.as_type(hi, types::I32X4));
            return self.shuffle32(lo, hi, [1, 3, 5, 7]);
        }
        // 8/16-bit lanes: the shifted products fit the narrow type, so a saturating
        // narrow only packs them.
        let bits = vt.lane_bits();
        let (lo, hi) = (self.shifted(lo, bits, signed), self.shifted(hi, bits, signed));
        if signed {
            self.b.ins().snarrow(lo, hi)
        } else {
            self.b.ins().unarrow(lo, hi)
        }
    }
}

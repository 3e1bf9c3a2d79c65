//! Conversions between integer widths, and between narrow integers and `f32`, on lane
//! vectors at W > 1: `uchar` → `int`, `int` → `uchar` (saturating or not), `short` →
//! `float`, `float` → `uchar` and their signed forms, as widening, narrowing and
//! min/max instructions on whole vectors instead of one conversion per lane.
//!
//! Each form gives, lane by lane, exactly what the scalar conversion in `convert` gives:
//! widening extends by the source's signedness; narrowing keeps the low bits (after the
//! clamp to the destination's range when the conversion saturates); float → 8/16-bit
//! integers convert to `i32` with saturation after the rounding, then clamp. Lanes are in
//! order across a bundle's vectors (lane `l` of a leaf of `s` is lane `l % n` of vector
//! `l / n`, `n` lanes per 128-bit vector), so a widening step splits each vector into
//! its low and high halves and a narrowing step packs the low halves of two vectors into
//! one. Conversions without such a form (saturating from 64 bits, where x86-64 has no
//! vector minimum) return `None` and the caller converts lane by lane. This module must
//! not decide which instructions reach it (`vector` does).

use cranelift_codegen::ir::{types, InstBuilder, Value as ClifValue};

use super::convert::int_range;
use super::leaf::vec_leaf_type;
use super::state::FnLower;
use crate::ir::{self, ConvOp, Conversion, Rounding, Scalar};
use crate::Result;

impl FnLower<'_, '_> {
    /// Lower an integer ↔ integer conversion, or one between 8/16-bit integers and
    /// `f32`, of varying `a` (scalar `s`) to scalar `d`; `None` when it has no vector form.
    pub(crate) fn vector_convert_widths(
        &mut self,
        c: Conversion,
        a: ir::Value,
        s: Scalar,
        d: Scalar,
    ) -> Result<Option<Vec<ClifValue>>> {
        let int_ops = matches!(c.op, ConvOp::SToS | ConvOp::UToU | ConvOp::SToU | ConvOp::UToS);
        let small = |x: Scalar| matches!(x, Scalar::I8 | Scalar::I16);
        let form = match c.op {
            _ if int_ops && s.is_int() && d.is_int() && !(c.saturate && s.bits() == 64) => true,
            ConvOp::SToF | ConvOp::UToF => small(s) && d == Scalar::F32,
            ConvOp::FToS | ConvOp::FToU => s == Scalar::F32 && small(d),
            _ => false,
        };
        if !form {
            return Ok(None);
        }
        let mut out = Vec::new();
        for bundle in self.bundles(a)? {
            let vs = match c.op {
                ConvOp::SToF | ConvOp::UToF => {
                    // Exact: every 8/16-bit integer is an f32.
                    let signed = c.op == ConvOp::SToF;
                    let wide = self.resize_vectors(bundle, s, Scalar::I32, signed);
                    wide.into_iter()
                        .map(|v| {
                            if signed {
                                self.b.ins().fcvt_from_sint(types::F32X4, v)
                            } else {
                                self.b.ins().fcvt_from_uint(types::F32X4, v)
                            }
                        })
                        .collect()
                }
                ConvOp::FToS | ConvOp::FToU => {
                    let signed = c.op == ConvOp::FToS;
                    let ints: Vec<ClifValue> = bundle
                        .into_iter()
                        .map(|x| {
                            let f = match c.rounding {
                                None | Some(Rounding::TowardZero) => x,
                                Some(Rounding::Down) => self.b.ins().floor(x),
                                Some(Rounding::Up) => self.b.ins().ceil(x),
                                Some(Rounding::NearestEven) => self.b.ins().nearest(x),
                            };
                            if signed {
                                self.b.ins().fcvt_to_sint_sat(types::I32X4, f)
                            } else {
                                self.b.ins().fcvt_to_uint_sat(types::I32X4, f)
                            }
                        })
                        .collect();
                    let clamped = self.clamp_vectors(ints, 32, signed, d.bits(), signed);
                    self.resize_vectors(clamped, Scalar::I32, d, signed)
                }
                _ => {
                    let ss = matches!(c.op, ConvOp::SToS | ConvOp::SToU);
                    let ds = matches!(c.op, ConvOp::SToS | ConvOp::UToS);
                    if c.saturate && ss && d.bits() < s.bits() {
                        self.pack_saturating(bundle, s, d, ds)
                    } else {
                        let vs =
                            if c.saturate { self.clamp_vectors(bundle, s.bits(), ss, d.bits(), ds) } else { bundle };
                        self.resize_vectors(vs, s, d, ss)
                    }
                }
            };
            out.extend(vs);
        }
        Ok(Some(out))
    }

    /// Signed integer vectors of scalar `s` narrowed to `d` with saturation (to the range
    /// of `d`, signed when `ds`): each halving is one saturating pack of two vectors
    /// (`snarrow`, or `unarrow` for the last step to an unsigned type), which clamps as
    /// it packs — `clamp(v, 0, 255)` of 16 `int`s is three instructions.
    fn pack_saturating(&mut self, vs: Vec<ClifValue>, s: Scalar, d: Scalar, ds: bool) -> Vec<ClifValue> {
        let mut vs = vs;
        let mut cur = s;
        while cur.bits() > d.bits() {
            let Some(next) = Scalar::int(cur.bits() / 2) else { break };
            let last = next.bits() == d.bits();
            let mut out = Vec::with_capacity(vs.len().div_ceil(2));
            for pair in vs.chunks(2) {
                let a = self.as_type(pair[0], vec_leaf_type(cur));
                let b = pair.get(1).map_or(a, |b| self.as_type(*b, vec_leaf_type(cur)));
                out.push(if last && !ds { self.b.ins().unarrow(a, b) } else { self.b.ins().snarrow(a, b) });
            }
            out.truncate(self.lanes.vectors(next));
            vs = out;
            cur = next;
        }
        vs
    }

    /// Clamp integer vectors of `sb` bits (signedness `ss`) to the range of a `db`-bit
    /// integer of signedness `ds`, compared as the source's type (`sb` < 64).
    fn clamp_vectors(&mut self, vs: Vec<ClifValue>, sb: u32, ss: bool, db: u32, ds: bool) -> Vec<ClifValue> {
        let (smin, smax) = int_range(sb, ss);
        let (dmin, dmax) = int_range(db, ds);
        let Some(st) = Scalar::int(sb) else { return vs };
        let ty = vec_leaf_type(st);
        let lane = ty.lane_type();
        let lo = (dmin > smin).then(|| {
            let c = self.b.ins().iconst(lane, dmin as i64);
            self.b.ins().splat(ty, c)
        });
        let hi = (dmax < smax).then(|| {
            let c = self.b.ins().iconst(lane, dmax as i64);
            self.b.ins().splat(ty, c)
        });
        vs.into_iter()
            .map(|v| {
                let v = self.as_type(v, ty);
                let v = match lo {
                    Some(l) if ss => self.b.ins().smax(v, l),
                    Some(l) => self.b.ins().umax(v, l),
                    None => v,
                };
                match hi {
                    Some(h) if ss => self.b.ins().smin(v, h),
                    Some(h) => self.b.ins().umin(v, h),
                    None => v,
                }
            })
            .collect()
    }

    /// Integer vectors of scalar `s` (lanes in order) resized to `d`: extended by
    /// `signed` when widening, truncated to their low bits when narrowing.
    pub(crate) fn resize_vectors(&mut self, vs: Vec<ClifValue>, s: Scalar, d: Scalar, signed: bool) -> Vec<ClifValue> {
        let mut vs = vs;
        let mut cur = s;
        while cur.bits() < d.bits() {
            let Some(next) = Scalar::int(cur.bits() * 2) else { break };
            let want = self.lanes.vectors(next);
            let mut out = Vec::with_capacity(want);
            for v in vs {
                let v = self.as_type(v, vec_leaf_type(cur));
                for high in [false, true] {
                    if out.len() == want {
                        break;
                    }
                    out.push(match (high, signed) {
                        (false, true) => self.b.ins().swiden_low(v),
                        (false, false) => self.b.ins().uwiden_low(v),
                        (true, true) => self.b.ins().swiden_high(v),
                        (true, false) => self.b.ins().uwiden_high(v),
                    });
                }
            }
            vs = out;
            cur = next;
        }
        while cur.bits() > d.bits() {
            let Some(next) = Scalar::int(cur.bits() / 2) else { break };
            let bytes = cur.bits() / 8;
            // Byte k of lane i of `a ++ b` is byte `i * bytes + k`; keep the low half.
            let pick: Vec<u8> =
                (0..16 / (bytes / 2)).flat_map(|i| (0..bytes / 2).map(move |k| (i * bytes + k) as u8)).collect();
            let mut out = Vec::with_capacity(vs.len().div_ceil(2));
            for pair in vs.chunks(2) {
                let a = pair[0];
                let b = pair.get(1).copied().unwrap_or(a);
                let r = self.shuffle_bytes(a, b, pick.clone());
                out.push(self.as_type(r, vec_leaf_type(next)));
            }
            out.truncate(self.lanes.vectors(next));
            vs = out;
            cur = next;
        }
        vs
    }
}

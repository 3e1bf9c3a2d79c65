//! Numeric conversions (every [`ConvOp`] with saturation and rounding) and bitcasts.
//!
//! Float → integer never traps: Cranelift's saturating conversions are used after an
//! explicit floor/ceil/nearest for the directed roundings, and 8/16-bit results are
//! clamped through `i32`. `f16` and non-default roundings to float go through the
//! builtins' helper functions. This module must not touch memory except the stack slot
//! a multi-leaf bitcast goes through.

use cranelift_codegen::ir::condcodes::{FloatCC as CFloatCC, IntCC as CIntCC};
use cranelift_codegen::ir::{
    types, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Type as ClifType, Value as ClifValue,
};

use super::leaf::At;
use super::leaf::{self, leaf_type};
use super::state::FnLower;
use crate::ir::{self, ConvOp, Conversion, Rounding, Scalar, Type};
use crate::{CompileError, Result};

fn rounding_suffix(r: Rounding) -> &'static str {
    match r {
        Rounding::NearestEven => "rte",
        Rounding::TowardZero => "rtz",
        Rounding::Up => "rtp",
        Rounding::Down => "rtn",
    }
}

/// The smallest and largest value of a `bits`-bit integer (1..=64), signed or not.
pub(crate) fn int_range(bits: u32, signed: bool) -> (i128, i128) {
    if signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    }
}

impl FnLower<'_, '_> {
    pub(crate) fn convert(&mut self, conv: Conversion, a: ir::Value, ty: &Type, at: At) -> Result<Vec<ClifValue>> {
        let src = self.leaf_scalars(a)?;
        let dst: Vec<Scalar> = leaf::leaves(ty)?.into_iter().map(|(_, s)| s).collect();
        if src.len() != dst.len() {
            return Err(CompileError::internal(format!("conversion of {a} changes the component count")));
        }
        let av = self.get(a, at)?;
        let mut out = Vec::with_capacity(av.len());
        for ((x, s), d) in av.into_iter().zip(src).zip(dst) {
            out.push(self.convert_leaf(conv, x, s, d)?);
        }
        Ok(out)
    }

    /// Resize an integer leaf to `to`, sign- or zero-extending.
    pub(crate) fn resize(&mut self, x: ClifValue, to: ClifType, signed: bool) -> ClifValue {
        let from = self.vty(x);
        if from == to {
            x
        } else if from.bits() > to.bits() {
            self.b.ins().ireduce(to, x)
        } else if signed {
            self.b.ins().sextend(to, x)
        } else {
            self.b.ins().uextend(to, x)
        }
    }

    fn convert_leaf(&mut self, conv: Conversion, x: ClifValue, s: Scalar, d: Scalar) -> Result<ClifValue> {
        let dt = leaf_type(d);
        let bad = || CompileError::internal(format!("{:?} cannot convert {s} to {d}", conv.op));
        match conv.op {
            ConvOp::UToU | ConvOp::SToS | ConvOp::SToU | ConvOp::UToS => {
                if !s.is_int() || !d.is_int() {
                    return Err(bad());
                }
                let src_signed = matches!(conv.op, ConvOp::SToS | ConvOp::SToU);
                let dst_signed = matches!(conv.op, ConvOp::SToS | ConvOp::UToS);
                if !conv.saturate {
                    return Ok(self.resize(x, dt, src_signed));
                }
                self.int_saturate(x, s.bits(), src_signed, d.bits(), dst_signed)
            }
            ConvOp::FToS | ConvOp::FToU => {
                if !s.is_float() || !d.is_int() {
                    return Err(bad());
                }
                let mut f = if s == Scalar::F16 { self.widen_f16(x)? } else { x };
                f = match conv.rounding {
                    None | Some(Rounding::TowardZero) => f,
                    Some(Rounding::Down) => self.b.ins().floor(f),
                    Some(Rounding::Up) => self.b.ins().ceil(f),
                    Some(Rounding::NearestEven) => self.b.ins().nearest(f),
                };
                let signed = conv.op == ConvOp::FToS;
                if d.bits() >= 32 {
                    return Ok(if signed {
                        self.b.ins().fcvt_to_sint_sat(dt, f)
                    } else {
                        self.b.ins().fcvt_to_uint_sat(dt, f)
                    });
                }
                let w = if signed {
                    self.b.ins().fcvt_to_sint_sat(types::I32, f)
                } else {
                    self.b.ins().fcvt_to_uint_sat(types::I32, f)
                };
                let (lo, hi) = int_range(d.bits(), signed);
                let c = self.clamp(w, lo as i64, hi as i64, signed);
                Ok(self.b.ins().ireduce(dt, c))
            }
            ConvOp::SToF | ConvOp::UToF => {
                if !s.is_int() || !d.is_float() {
                    return Err(bad());
                }
                self.int_to_float(x, s, d, conv.op == ConvOp::SToF, conv.rounding)
            }
            ConvOp::FToF => {
                if !s.is_float() || !d.is_float() {
                    return Err(bad());
                }
                self.float_to_float(x, s, d, conv.rounding)
            }
            ConvOp::PtrToInt => Ok(self.resize(x, dt, false)),
            ConvOp::IntToPtr => Ok(self.resize(x, types::I64, false)),
            ConvOp::PtrToPtr => Ok(x),
            ConvOp::BoolToNum => match d {
                Scalar::F32 => {
                    let (one, zero) = (self.b.ins().f32const(1.0), self.b.ins().f32const(0.0));
                    Ok(self.b.ins().select(x, one, zero))
                }
                Scalar::F64 => {
                    let (one, zero) = (self.b.ins().f64const(1.0), self.b.ins().f64const(0.0));
                    Ok(self.b.ins().select(x, one, zero))
                }
                Scalar::F16 => {
                    let one = self.b.ins().iconst(types::I16, 0x3c00);
                    let zero = self.b.ins().iconst(types::I16, 0);
                    Ok(self.b.ins().select(x, one, zero))
                }
                _ => Ok(self.resize(x, dt, false)),
            },
            ConvOp::NumToBool => {
                if s.is_float() {
                    let f = if s == Scalar::F16 { self.widen_f16(x)? } else { x };
                    let zero =
                        if self.vty(f) == types::F32 { self.b.ins().f32const(0.0) } else { self.b.ins().f64const(0.0) };
                    Ok(self.b.ins().fcmp(CFloatCC::NotEqual, f, zero))
                } else {
                    Ok(self.b.ins().icmp_imm_s(CIntCC::NotEqual, x, 0))
                }
            }
        }
    }

    /// Clamp integer `x` (of its own type) to `[lo, hi]`.
    fn clamp(&mut self, x: ClifValue, lo: i64, hi: i64, signed: bool) -> ClifValue {
        let ty = self.vty(x);
        let (lt, gt) = if signed {
            (CIntCC::SignedLessThan, CIntCC::SignedGreaterThan)
        } else {
            (CIntCC::UnsignedLessThan, CIntCC::UnsignedGreaterThan)
        };
        let hi_v = self.iconst(ty, hi);
        let over = self.b.ins().icmp(gt, x, hi_v);
        let x = self.b.ins().select(over, hi_v, x);
        let lo_v = self.iconst(ty, lo);
        let under = self.b.ins().icmp(lt, x, lo_v);
        self.b.ins().select(under, lo_v, x)
    }

    /// Saturating integer → integer conversion from `sb` bits (signed when `ss`) to `db`
    /// bits (signed when `ds`).
    fn int_saturate(&mut self, x: ClifValue, sb: u32, ss: bool, db: u32, ds: bool) -> Result<ClifValue> {
        let width =
            |bits: u32| Scalar::int(bits).map(leaf_type).ok_or_else(|| CompileError::internal("bad integer width"));
        let dt = width(db)?;
        // Work at the wider width, where the source value is exact; compare with the
        // source's signedness.
        let wt = width(sb.max(db))?;
        let mut v = self.resize(x, wt, ss);
        let src_max = int_range(sb, ss).1;
        let (dst_min, dst_max) = int_range(db, ds);
        let (lt, gt) = if ss {
            (CIntCC::SignedLessThan, CIntCC::SignedGreaterThan)
        } else {
            (CIntCC::UnsignedLessThan, CIntCC::UnsignedGreaterThan)
        };
        if ss && (!ds || db < sb) {
            let lo_v = self.iconst(wt, dst_min as i64);
            let under = self.b.ins().icmp(lt, v, lo_v);
            v = self.b.ins().select(under, lo_v, v);
        }
        if src_max > dst_max {
            let hi_v = self.iconst(wt, dst_max as u64 as i64);
            let over = self.b.ins().icmp(gt, v, hi_v);
            v = self.b.ins().select(over, hi_v, v);
        }
        Ok(self.resize(v, dt, ss))
    }

    fn int_to_float(
        &mut self,
        x: ClifValue,
        s: Scalar,
        d: Scalar,
        signed: bool,
        r: Option<Rounding>,
    ) -> Result<ClifValue> {
        let sb = s.bits();
        // Small integers convert exactly; widen them first.
        let (x, sb) = if sb < 32 { (self.resize(x, types::I32, signed), 32) } else { (x, sb) };
        let default = matches!(r, None | Some(Rounding::NearestEven));
        let exact = match d {
            Scalar::F64 => sb <= 32,
            _ => false,
        } || (d == Scalar::F32 && s.bits() < 32);
        if d == Scalar::F16 {
            // Through f64 (exact for 32-bit sources), then round once to half.
            let f = if signed {
                self.b.ins().fcvt_from_sint(types::F64, x)
            } else {
                self.b.ins().fcvt_from_uint(types::F64, x)
            };
            let suffix = rounding_suffix(r.unwrap_or(Rounding::NearestEven));
            return self.call_value(&format!("convert_f64_to_f16_{suffix}"), &[f]);
        }
        let ft = leaf_type(d);
        if default || exact {
            return Ok(if signed { self.b.ins().fcvt_from_sint(ft, x) } else { self.b.ins().fcvt_from_uint(ft, x) });
        }
        let sym = format!(
            "convert_{}{}_to_f{}_{}",
            if signed { "i" } else { "u" },
            sb,
            d.bits(),
            rounding_suffix(r.unwrap_or(Rounding::NearestEven))
        );
        self.call_value(&sym, &[x])
    }

    fn float_to_float(&mut self, x: ClifValue, s: Scalar, d: Scalar, r: Option<Rounding>) -> Result<ClifValue> {
        let suffix = rounding_suffix(r.unwrap_or(Rounding::NearestEven));
        match (s, d) {
            (a, b) if a == b => Ok(x),
            (Scalar::F16, Scalar::F32) => self.call_value("convert_f16_to_f32", &[x]),
            (Scalar::F16, Scalar::F64) => self.call_value("convert_f16_to_f64", &[x]),
            (Scalar::F32, Scalar::F64) => Ok(self.b.ins().fpromote(types::F64, x)),
            (Scalar::F64, Scalar::F32) => {
                if suffix == "rte" {
                    Ok(self.b.ins().fdemote(types::F32, x))
                } else {
                    self.call_value(&format!("convert_f64_to_f32_{suffix}"), &[x])
                }
            }
            (Scalar::F32, Scalar::F16) => self.call_value(&format!("convert_f32_to_f16_{suffix}"), &[x]),
            (Scalar::F64, Scalar::F16) => self.call_value(&format!("convert_f64_to_f16_{suffix}"), &[x]),
            _ => Err(CompileError::internal(format!("cannot convert {s} to {d}"))),
        }
    }

    /// Reinterpret the bits of `a` as `ty`: leaves are packed back to back (a 3-component
    /// vector is 3 components here) and reassembled byte-wise.
    pub(crate) fn bitcast(&mut self, a: ir::Value, ty: &Type, at: At) -> Result<Vec<ClifValue>> {
        let src = self.leaf_scalars(a)?;
        let dst: Vec<Scalar> = leaf::leaves(ty)?.into_iter().map(|(_, s)| s).collect();
        let src_bytes: u64 = src.iter().map(|s| s.size()).sum();
        let dst_bytes: u64 = dst.iter().map(|s| s.size()).sum();
        if src_bytes != dst_bytes {
            return Err(CompileError::internal(format!(
                "bitcast of {a} ({src_bytes} bytes) to {ty} ({dst_bytes} bytes) changes the size"
            )));
        }
        let av = self.get(a, at)?;
        let flags = MemFlagsData::new();
        if src.len() == 1 && dst.len() == 1 {
            let (st, dt) = (self.vty(av[0]), leaf_type(dst[0]));
            return Ok(vec![if st == dt { av[0] } else { self.b.ins().bitcast(dt, flags, av[0]) }]);
        }
        let size = u32::try_from(src_bytes).map_err(|_| CompileError::limit("bitcast of a huge value"))?;
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, size, 4));
        let mut off = 0i32;
        for (v, s) in av.into_iter().zip(&src) {
            self.b.ins().stack_store(types::I64, v, slot, off);
            off += s.size() as i32;
        }
        let mut out = Vec::with_capacity(dst.len());
        let mut off = 0i32;
        for d in dst {
            let v = self.b.ins().stack_load(types::I64, leaf_type(d), slot, off);
            out.push(if d == Scalar::Bool { self.b.ins().icmp_imm_s(CIntCC::NotEqual, v, 0) } else { v });
            off += d.size() as i32;
        }
        Ok(out)
    }
}

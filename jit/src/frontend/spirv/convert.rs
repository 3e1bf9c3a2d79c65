//! Conversions and bitcasts, with the `SaturatedConversion` and `FPRoundingMode`
//! decorations of the result.
//!
//! Only numeric and pointer conversions live here; bool↔number conversions do not
//! exist in SPIR-V (producers use `OpSelect`).

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, FPRoundingMode, Op};

use super::function::{Frame, Translator};
use super::memory::conv;
use super::reader::SpvInst;
use crate::ir::{ConvOp, Conversion, InstKind, Rounding, Scalar, Type};
use crate::{CompileError, Result};

impl Translator<'_> {
    pub(crate) fn conversion(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        if inst.op == Op::GenericCastToPtrExplicit {
            return self.generic_cast_explicit(fr, inst);
        }
        let a = self.op(fr, inst, 0)?;
        let rt = self.rty(inst)?;
        let src = self.ty_of(a);
        let id = inst.rid()?;
        let saturate = self.m.has_deco(id, Decoration::SaturatedConversion);
        let rounding = self.m.decos_of(id, Decoration::FPRoundingMode).find_map(|d| match d.args.first() {
            Some(Operand::FPRoundingMode(m)) => Some(match m {
                FPRoundingMode::RTE => Rounding::NearestEven,
                FPRoundingMode::RTZ => Rounding::TowardZero,
                FPRoundingMode::RTP => Rounding::Up,
                FPRoundingMode::RTN => Rounding::Down,
            }),
            _ => None,
        });
        if inst.op == Op::Bitcast {
            let v = self.bitcast(a, &rt)?;
            return self.set_v(fr, inst, v);
        }
        let op = match inst.op {
            Op::ConvertFToU => ConvOp::FToU,
            Op::ConvertFToS => ConvOp::FToS,
            Op::ConvertSToF => ConvOp::SToF,
            Op::ConvertUToF => ConvOp::UToF,
            Op::UConvert => ConvOp::UToU,
            Op::SConvert => ConvOp::SToS,
            Op::FConvert => ConvOp::FToF,
            Op::SatConvertSToU => ConvOp::SToU,
            Op::SatConvertUToS => ConvOp::UToS,
            Op::ConvertPtrToU => ConvOp::PtrToInt,
            Op::ConvertUToPtr => ConvOp::IntToPtr,
            _ => ConvOp::PtrToPtr,
        };
        let is_ptr = |t: &Type| matches!(t, Type::Scalar(Scalar::Ptr(_)));
        let is = |t: &Type, k: char| match k {
            'i' => t.scalar().is_some_and(|s| s.is_int()),
            'f' => t.scalar().is_some_and(|s| s.is_float()),
            _ => is_ptr(t),
        };
        let (from, to) = match op {
            ConvOp::FToU | ConvOp::FToS => ('f', 'i'),
            ConvOp::SToF | ConvOp::UToF => ('i', 'f'),
            ConvOp::FToF => ('f', 'f'),
            ConvOp::PtrToInt => ('p', 'i'),
            ConvOp::IntToPtr => ('i', 'p'),
            ConvOp::PtrToPtr => ('p', 'p'),
            _ => ('i', 'i'),
        };
        if !is(&src, from) || !is(&rt, to) {
            return Err(CompileError::invalid(format!(
                "{} cannot convert {src} to {rt}",
                super::module::op_name(inst.op)
            )));
        }
        let saturate = saturate || matches!(inst.op, Op::SatConvertSToU | Op::SatConvertUToS);
        if src.lanes() != rt.lanes() {
            return Err(CompileError::invalid(format!("conversion from {src} to {rt} changes the component count")));
        }
        let identity = src == rt && matches!(op, ConvOp::UToU | ConvOp::SToS | ConvOp::FToF | ConvOp::PtrToPtr);
        let v = if identity && !saturate {
            a
        } else {
            self.emit(InstKind::Convert(Conversion { op, saturate, rounding }, a), rt)
        };
        self.set_v(fr, inst, v)
    }

    /// `OpQuantizeToF16`: `a` (f32 or a vector of them) rounded to half precision and
    /// back; results that are half denormals flush to zero of the same sign, infinities
    /// and NaNs stay.
    pub(crate) fn quantize_to_f16(&mut self, a: crate::ir::Value) -> Result<crate::ir::Value> {
        use crate::ir::{BinaryOp, IntCC};
        let ty = self.ty_of(a);
        if ty.scalar() != Some(Scalar::F32) {
            return Err(CompileError::invalid(format!("OpQuantizeToF16 of {ty}: the operand must be 32-bit floats")));
        }
        let rte = |op| Conversion { op, saturate: false, rounding: Some(Rounding::NearestEven) };
        let half = self.emit(InstKind::Convert(rte(ConvOp::FToF), a), ty.with_scalar(Scalar::F16));
        let back = self.emit(InstKind::Convert(rte(ConvOp::FToF), half), ty.clone());
        let ity = ty.with_scalar(Scalar::I32);
        let bits = self.emit(InstKind::Bitcast(back), ity.clone());
        let abs_mask = self.konst(&ity, &[0x7fff_ffff]);
        let sign_mask = self.konst(&ity, &[0x8000_0000]);
        // The smallest normal half, 2^-14, as f32 bits.
        let min_normal = self.konst(&ity, &[0x3880_0000]);
        let mag = self.emit(InstKind::Binary(BinaryOp::And, bits, abs_mask), ity.clone());
        let tiny = self.emit(InstKind::Icmp(IntCC::Ult, mag, min_normal), ty.with_scalar(Scalar::Bool));
        let sign = self.emit(InstKind::Binary(BinaryOp::And, bits, sign_mask), ity.clone());
        let flushed = self.emit(InstKind::Select(tiny, sign, bits), ity);
        Ok(self.emit(InstKind::Bitcast(flushed), ty))
    }

    /// Reinterpret `a` as `to` (pointer ↔ integer bitcasts become conversions).
    pub(crate) fn bitcast(&mut self, a: crate::ir::Value, to: &Type) -> Result<crate::ir::Value> {
        let src = self.ty_of(a);
        if &src == to {
            return Ok(a);
        }
        let is_ptr = |t: &Type| matches!(t, Type::Scalar(Scalar::Ptr(_)));
        let bits = |t: &Type| {
            t.scalar().map(|s| if matches!(s, Scalar::Ptr(_)) { 64 } else { s.bits() } * t.lanes().unwrap_or(1))
        };
        if bits(&src).is_none() || bits(&src) != bits(to) {
            return Err(CompileError::invalid(format!("OpBitcast from {src} to {to}: sizes differ")));
        }
        Ok(match (is_ptr(&src), is_ptr(to)) {
            (true, true) => self.emit(InstKind::Convert(conv(ConvOp::PtrToPtr), a), to.clone()),
            (true, false) => {
                let i = self.emit(InstKind::Convert(conv(ConvOp::PtrToInt), a), Type::I64);
                if to == &Type::I64 {
                    i
                } else {
                    self.emit(InstKind::Bitcast(i), to.clone())
                }
            }
            (false, true) => {
                let i = if src == Type::I64 { a } else { self.emit(InstKind::Bitcast(a), Type::I64) };
                self.emit(InstKind::Convert(conv(ConvOp::IntToPtr), i), to.clone())
            }
            (false, false) => self.emit(InstKind::Bitcast(a), to.clone()),
        })
    }
}

//! Bit-field instructions (`OpBitFieldInsert`, `OpBitFieldSExtract`,
//! `OpBitFieldUExtract`, `OpBitReverse`) on integer scalars and vectors of every width,
//! built from shifts, masks and selects; and the integer dot products (`OpSDot`,
//! `OpUDot`, `OpSUDot`, their `AccSat` forms, packed 4x8 operands).
//!
//! Values only; this module neither reads nor writes memory.

use rspirv::spirv::Op;

use super::arith::{expect_kind, Kind};
use super::function::{Frame, Translator};
use super::memory::conv;
use super::module::op_name;
use super::reader::SpvInst;
use crate::ir::{BinaryOp, ConvOp, InstKind, IntCC, Scalar, Type, Value};
use crate::{CompileError, Result};

impl Translator<'_> {
    /// One bit-field instruction.
    pub(crate) fn bit_field(&mut self, fr: &Frame, inst: &SpvInst) -> Result<Value> {
        let base = self.op(fr, inst, 0)?;
        let ty = self.ty_of(base);
        expect_kind(&ty, Kind::Int)?;
        if self.rty(inst)? != ty {
            return Err(CompileError::invalid(format!("{} of {ty} with another result type", op_name(inst.op))));
        }
        let width = ty.scalar().map(|s| s.bits()).unwrap_or(32) as u64;
        let bool_ty = match ty {
            Type::Vector(_, n) => Type::Vector(Scalar::Bool, n),
            _ => Type::BOOL,
        };
        // Offset and count are scalars of any integer type, taken modulo nothing: out of
        // range values give undefined results in SPIR-V, here those of the shifts.
        let operand = |t: &mut Self, i: usize| -> Result<Value> {
            let v = t.op(fr, inst, i)?;
            expect_kind(t.f.ty(v), Kind::Int)?;
            let st = Type::Scalar(ty.scalar().unwrap_or(Scalar::I32));
            let v = if t.f.ty(v) == &st { v } else { t.emit(InstKind::Convert(conv(ConvOp::UToU), v), st) };
            Ok(t.splat(v, &ty))
        };
        let zero = self.konst(&ty, &[0]);
        let ones = self.konst(&ty, &[u64::MAX >> (64 - width)]);
        let w = self.konst(&ty, &[width]);
        match inst.op {
            Op::BitReverse => Ok(self.bit_reverse(base, &ty, width)),
            Op::BitFieldInsert => {
                let insert = self.op(fr, inst, 1)?;
                if self.f.ty(insert) != &ty {
                    return Err(CompileError::invalid(format!(
                        "OpBitFieldInsert of a {} into {ty}",
                        self.f.ty(insert)
                    )));
                }
                let offset = operand(self, 2)?;
                let count = operand(self, 3)?;
                let low = self.low_mask(count, &ty, &bool_ty, zero, ones, w);
                let mask = self.emit(InstKind::Binary(BinaryOp::Shl, low, offset), ty.clone());
                let keep = self.emit(InstKind::Binary(BinaryOp::Xor, mask, ones), ty.clone());
                let kept = self.emit(InstKind::Binary(BinaryOp::And, base, keep), ty.clone());
                let moved = self.emit(InstKind::Binary(BinaryOp::Shl, insert, offset), ty.clone());
                let moved = self.emit(InstKind::Binary(BinaryOp::And, moved, mask), ty.clone());
                Ok(self.emit(InstKind::Binary(BinaryOp::Or, kept, moved), ty))
            }
            Op::BitFieldUExtract => {
                let offset = operand(self, 1)?;
                let count = operand(self, 2)?;
                let low = self.low_mask(count, &ty, &bool_ty, zero, ones, w);
                let shifted = self.emit(InstKind::Binary(BinaryOp::LShr, base, offset), ty.clone());
                Ok(self.emit(InstKind::Binary(BinaryOp::And, shifted, low), ty))
            }
            Op::BitFieldSExtract => {
                let offset = operand(self, 1)?;
                let count = operand(self, 2)?;
                // (base << (width - offset - count)) >>s (width - count); 0 when count is 0.
                let top = self.emit(InstKind::Binary(BinaryOp::ISub, w, count), ty.clone());
                let left = self.emit(InstKind::Binary(BinaryOp::ISub, top, offset), ty.clone());
                let up = self.emit(InstKind::Binary(BinaryOp::Shl, base, left), ty.clone());
                let down = self.emit(InstKind::Binary(BinaryOp::AShr, up, top), ty.clone());
                let none = self.emit(InstKind::Icmp(IntCC::Eq, count, zero), bool_ty);
                Ok(self.emit(InstKind::Select(none, zero, down), ty))
            }
            _ => Err(CompileError::internal("bit_field() called for another opcode")),
        }
    }

    /// `count` low bits set (all of them when `count` is the width, none when it is 0).
    fn low_mask(&mut self, count: Value, ty: &Type, bool_ty: &Type, zero: Value, ones: Value, w: Value) -> Value {
        let rest = self.emit(InstKind::Binary(BinaryOp::ISub, w, count), ty.clone());
        let low = self.emit(InstKind::Binary(BinaryOp::LShr, ones, rest), ty.clone());
        let none = self.emit(InstKind::Icmp(IntCC::Eq, count, zero), bool_ty.clone());
        self.emit(InstKind::Select(none, zero, low), ty.clone())
    }

    /// The bits of `v` in reverse order: swap halves of ever larger groups.
    fn bit_reverse(&mut self, v: Value, ty: &Type, width: u64) -> Value {
        const MASKS: [(u64, u64); 6] = [
            (1, 0x5555_5555_5555_5555),
            (2, 0x3333_3333_3333_3333),
            (4, 0x0f0f_0f0f_0f0f_0f0f),
            (8, 0x00ff_00ff_00ff_00ff),
            (16, 0x0000_ffff_0000_ffff),
            (32, 0x0000_0000_ffff_ffff),
        ];
        let all = u64::MAX >> (64 - width);
        let mut x = v;
        for (shift, mask) in MASKS.into_iter().filter(|(s, _)| *s < width) {
            let m = self.konst(ty, &[mask & all]);
            let s = self.konst(ty, &[shift]);
            let lo = self.emit(InstKind::Binary(BinaryOp::And, x, m), ty.clone());
            let lo = self.emit(InstKind::Binary(BinaryOp::Shl, lo, s), ty.clone());
            let hi = self.emit(InstKind::Binary(BinaryOp::LShr, x, s), ty.clone());
            let hi = self.emit(InstKind::Binary(BinaryOp::And, hi, m), ty.clone());
            x = self.emit(InstKind::Binary(BinaryOp::Or, lo, hi), ty.clone());
        }
        x
    }

    /// `OpSDot`, `OpUDot`, `OpSUDot` and their `AccSat` forms: the sum of the products
    /// of the components (each sign- or zero-extended to the result width), of 4x8-bit
    /// packed 32-bit scalars when the operands are scalars; the `AccSat` forms add the
    /// accumulator with saturation (signed for `S`/`SU`, unsigned for `U`).
    pub(crate) fn int_dot(&mut self, fr: &Frame, inst: &SpvInst) -> Result<Value> {
        let rt = self.rty(inst)?;
        expect_kind(&rt, Kind::Int)?;
        let (sa, sb, signed_acc) = match inst.op {
            Op::SDot | Op::SDotAccSat => (true, true, true),
            Op::UDot | Op::UDotAccSat => (false, false, false),
            _ => (true, false, true),
        };
        let acc_sat = matches!(inst.op, Op::SDotAccSat | Op::UDotAccSat | Op::SUDotAccSat);
        let a = self.op(fr, inst, 0)?;
        let b = self.op(fr, inst, 1)?;
        let ta = self.ty_of(a);
        expect_kind(&ta, Kind::Int)?;
        expect_kind(self.f.ty(b), Kind::Int)?;
        let xs = self.dot_components(a, sa, &rt)?;
        let ys = self.dot_components(b, sb, &rt)?;
        if xs.len() != ys.len() {
            return Err(CompileError::invalid(format!("{} of operands of different lengths", op_name(inst.op))));
        }
        let mut sum = self.konst(&rt, &[0]);
        for (x, y) in xs.into_iter().zip(ys) {
            let p = self.emit(InstKind::Binary(BinaryOp::IMul, x, y), rt.clone());
            sum = self.emit(InstKind::Binary(BinaryOp::IAdd, sum, p), rt.clone());
        }
        if !acc_sat {
            return Ok(sum);
        }
        let acc = self.op(fr, inst, 2)?;
        if self.f.ty(acc) != &rt {
            return Err(CompileError::invalid(format!("{} accumulator of type {}", op_name(inst.op), self.f.ty(acc))));
        }
        Ok(self.add_sat(sum, acc, &rt, signed_acc))
    }

    /// `a + b` clamped to the range of the integer scalar type `t`.
    fn add_sat(&mut self, a: Value, b: Value, t: &Type, signed: bool) -> Value {
        let bits = t.scalar().map(|s| s.bits()).unwrap_or(32) as u64;
        let sum = self.emit(InstKind::Binary(BinaryOp::IAdd, a, b), t.clone());
        let zero = self.konst(t, &[0]);
        if !signed {
            let wrapped = self.emit(InstKind::Icmp(IntCC::Ult, sum, a), Type::BOOL);
            let max = self.konst(t, &[u64::MAX >> (64 - bits)]);
            return self.emit(InstKind::Select(wrapped, max, sum), t.clone());
        }
        // Overflow when both operands' signs differ from the sum's.
        let x = self.emit(InstKind::Binary(BinaryOp::Xor, a, sum), t.clone());
        let y = self.emit(InstKind::Binary(BinaryOp::Xor, b, sum), t.clone());
        let both = self.emit(InstKind::Binary(BinaryOp::And, x, y), t.clone());
        let over = self.emit(InstKind::Icmp(IntCC::Slt, both, zero), Type::BOOL);
        let neg = self.emit(InstKind::Icmp(IntCC::Slt, a, zero), Type::BOOL);
        let min = self.konst(t, &[(1u64 << (bits - 1)) & (u64::MAX >> (64 - bits))]);
        let max = self.konst(t, &[(u64::MAX >> (64 - bits)) >> 1]);
        let limit = self.emit(InstKind::Select(neg, min, max), t.clone());
        self.emit(InstKind::Select(over, limit, sum), t.clone())
    }

    /// The components of an integer dot-product operand, each extended to `rt`: the
    /// components of a vector, or the four bytes of a packed 32-bit scalar.
    fn dot_components(&mut self, v: Value, signed: bool, rt: &Type) -> Result<Vec<Value>> {
        let t = self.ty_of(v);
        let ext = |t: &mut Self, x: Value| -> Value {
            if t.f.ty(x) == rt {
                x
            } else {
                let op = if signed { ConvOp::SToS } else { ConvOp::UToU };
                t.emit(InstKind::Convert(conv(op), x), rt.clone())
            }
        };
        match t {
            Type::Vector(s, n) => {
                if s.bits() > rt.scalar().map(|r| r.bits()).unwrap_or(0) {
                    return Err(CompileError::invalid(format!("integer dot product of {t} into a narrower {rt}")));
                }
                Ok((0..n as u32)
                    .map(|k| {
                        let c = self.emit(InstKind::Extract(v, k), Type::Scalar(s));
                        ext(self, c)
                    })
                    .collect())
            }
            Type::Scalar(Scalar::I32) => Ok((0..4u64)
                .map(|k| {
                    let s = self.konst(&Type::I32, &[8 * k]);
                    let shifted = self.emit(InstKind::Binary(BinaryOp::LShr, v, s), Type::I32);
                    let byte = self.emit(InstKind::Convert(conv(ConvOp::UToU), shifted), Type::I8);
                    ext(self, byte)
                })
                .collect()),
            _ => Err(CompileError::invalid(format!("integer dot product of {t}: vectors or packed 32-bit scalars"))),
        }
    }
}

//! Value instructions of function bodies: arithmetic, casts, comparisons, address
//! arithmetic and vector element operations, shared by instructions and constant
//! expressions (which `func` materializes with the same code).
//!
//! Each helper returns the id of a value of the SPIR-V type it is given; it must not
//! bind results to locals (`func` does).

use rspirv::spirv::Op;

use super::func::Fx;
use crate::frontend::llvm::model::{BinOp, CastOp, FloatPred, IntPred, Operand, Type, TypeId};
use crate::{CompileError, Result};

impl Fx<'_, '_> {
    /// The element type and lane count (`None` for scalars) of model type `ty`.
    pub fn shape(&self, ty: TypeId) -> (TypeId, Option<u32>) {
        match self.w.m.types.get(ty.0 as usize) {
            Some(Type::Vector { len, elem }) => (*elem, Some(*len)),
            _ => (ty, None),
        }
    }

    fn is_bool(&self, ty: TypeId) -> bool {
        let (e, _) = self.shape(ty);
        self.w.m.types.get(e.0 as usize) == Some(&Type::Int(1))
    }

    /// The integer (or float bit pattern) `value` in every lane of model type `ty`.
    pub fn splat(&mut self, ty: TypeId, value: u64) -> Result<u32> {
        let (e, len) = self.shape(ty);
        let et = self.w.ty(e)?;
        let t = self.w.ty(ty)?;
        let elem = match self.w.m.ty(e) {
            Type::Int(1) => self.w.c_bool(value & 1 == 1),
            Type::Int(w) => {
                let w = *w;
                self.w.c_int(et, w, value)
            }
            Type::Half => self.w.c_float(et, 16, value),
            Type::Float => self.w.c_float(et, 32, value),
            Type::Double => self.w.c_float(et, 64, value),
            _ => return Err(CompileError::internal("a splat of a non-scalar type")),
        };
        Ok(self.w.c_splat(t, elem, len))
    }

    pub fn binary(&mut self, op: BinOp, lhs: Operand, rhs: Operand, t: u32) -> Result<u32> {
        let mt = self.model_ty(lhs)?;
        let a = self.val_as(lhs, t)?;
        let b = self.val_as(rhs, t)?;
        let spv = if self.is_bool(mt) {
            match op {
                BinOp::And | BinOp::Mul => Op::LogicalAnd,
                BinOp::Or => Op::LogicalOr,
                BinOp::Xor | BinOp::Add | BinOp::Sub => Op::LogicalNotEqual,
                other => {
                    return Err(CompileError::unsupported(format!(
                        "{} of i1 values",
                        format!("{other:?}").to_lowercase()
                    )))
                }
            }
        } else {
            match op {
                BinOp::Add => Op::IAdd,
                BinOp::Sub => Op::ISub,
                BinOp::Mul => Op::IMul,
                BinOp::UDiv => Op::UDiv,
                BinOp::SDiv => Op::SDiv,
                BinOp::URem => Op::UMod,
                BinOp::SRem => Op::SRem,
                BinOp::Shl => Op::ShiftLeftLogical,
                BinOp::LShr => Op::ShiftRightLogical,
                BinOp::AShr => Op::ShiftRightArithmetic,
                BinOp::And => Op::BitwiseAnd,
                BinOp::Or => Op::BitwiseOr,
                BinOp::Xor => Op::BitwiseXor,
                BinOp::FAdd => Op::FAdd,
                BinOp::FSub => Op::FSub,
                BinOp::FMul => Op::FMul,
                BinOp::FDiv => Op::FDiv,
                BinOp::FRem => Op::FRem,
            }
        };
        Ok(self.op(spv, t, &[a, b]))
    }

    /// Cast `value` to model type `to` (SPIR-V type `t`).
    pub fn cast(&mut self, op: CastOp, value: Operand, to: TypeId, t: u32) -> Result<u32> {
        let from = self.model_ty(value)?;
        let from_bool = self.is_bool(from);
        let to_bool = self.is_bool(to);
        let v = self.val(value)?;
        let fbits = |w: Option<u32>, neg: bool| -> u64 {
            match (w, neg) {
                (Some(16), false) => 0x3C00,
                (Some(16), true) => 0xBC00,
                (Some(64), false) => 0x3FF0_0000_0000_0000,
                (Some(64), true) => 0xBFF0_0000_0000_0000,
                (_, false) => 0x3F80_0000,
                (_, true) => 0xBF80_0000,
            }
        };
        let to_w = self.w.scalar_width(to);
        let select = |fx: &mut Self, one: u64| -> Result<u32> {
            let a = fx.splat(to, one)?;
            let b = fx.splat(to, 0)?;
            Ok(fx.op(Op::Select, t, &[v.0, a, b]))
        };
        Ok(match op {
            CastOp::Trunc if to_bool => {
                let one = self.splat(from, 1)?;
                let zero = self.splat(from, 0)?;
                let and = self.op(Op::BitwiseAnd, v.1, &[v.0, one]);
                self.op(Op::INotEqual, t, &[and, zero])
            }
            CastOp::ZExt if from_bool => select(self, 1)?,
            CastOp::SExt if from_bool => select(self, u64::MAX)?,
            CastOp::UiToFp if from_bool => select(self, fbits(to_w, false))?,
            CastOp::SiToFp if from_bool => select(self, fbits(to_w, true))?,
            CastOp::FpToUi | CastOp::FpToSi if to_bool => {
                let zero = self.splat(from, 0)?;
                self.op(Op::FUnordNotEqual, t, &[v.0, zero])
            }
            CastOp::Trunc | CastOp::ZExt => self.op(Op::UConvert, t, &[v.0]),
            CastOp::SExt => self.op(Op::SConvert, t, &[v.0]),
            CastOp::FpTrunc | CastOp::FpExt => self.op(Op::FConvert, t, &[v.0]),
            CastOp::FpToUi => self.op(Op::ConvertFToU, t, &[v.0]),
            CastOp::FpToSi => self.op(Op::ConvertFToS, t, &[v.0]),
            CastOp::UiToFp => self.op(Op::ConvertUToF, t, &[v.0]),
            CastOp::SiToFp => self.op(Op::ConvertSToF, t, &[v.0]),
            CastOp::PtrToInt => self.op(Op::ConvertPtrToU, t, &[v.0]),
            CastOp::IntToPtr => self.op(Op::ConvertUToPtr, t, &[v.0]),
            CastOp::BitCast | CastOp::AddrSpaceCast if self.ptr_class(v.1).is_some() && self.ptr_class(t).is_some() => {
                self.coerce(v, t)?
            }
            CastOp::BitCast if v.1 == t => v.0,
            CastOp::BitCast => self.op(Op::Bitcast, t, &[v.0]),
            CastOp::AddrSpaceCast => {
                return Err(CompileError::invalid("addrspacecast of a value that is not a pointer"))
            }
        })
    }

    pub fn icmp(&mut self, pred: IntPred, lhs: Operand, rhs: Operand, t: u32) -> Result<u32> {
        let mt = self.model_ty(lhs)?;
        let mut a = self.val(lhs)?;
        let mut b = self.val_as(rhs, a.1)?;
        if self.ptr_class(a.1).is_some() {
            let st = self.w.t_size();
            a = (self.op(Op::ConvertPtrToU, st, &[a.0]), st);
            b = self.op(Op::ConvertPtrToU, st, &[b]);
        }
        if self.is_bool(mt) {
            let op = match pred {
                IntPred::Eq => Op::LogicalEqual,
                IntPred::Ne => Op::LogicalNotEqual,
                _ => {
                    // Ordered comparisons of i1: as integers.
                    let it = self.w.t_int(8);
                    let (_, len) = self.shape(mt);
                    let it = match len {
                        Some(n) => self.w.t_vec(it, n),
                        None => it,
                    };
                    let i8t = self.w.t_int(8);
                    let one = self.w.c_int(i8t, 8, 1);
                    let one = self.w.c_splat(it, one, len);
                    let zero = self.w.c_null(it);
                    let ai = self.op(Op::Select, it, &[a.0, one, zero]);
                    let bi = self.op(Op::Select, it, &[b, one, zero]);
                    a = (ai, it);
                    b = bi;
                    int_pred(pred)
                }
            };
            return Ok(self.op(op, t, &[a.0, b]));
        }
        Ok(self.op(int_pred(pred), t, &[a.0, b]))
    }

    pub fn fcmp(&mut self, pred: FloatPred, lhs: Operand, rhs: Operand, t: u32) -> Result<u32> {
        let op = match pred {
            FloatPred::False => return Ok(self.w.c_null(t)),
            FloatPred::True => {
                let mt = self.model_ty(lhs)?;
                let (_, len) = self.shape(mt);
                let tr = self.w.c_bool(true);
                return Ok(self.w.c_splat(t, tr, len));
            }
            FloatPred::Oeq => Op::FOrdEqual,
            FloatPred::Ogt => Op::FOrdGreaterThan,
            FloatPred::Oge => Op::FOrdGreaterThanEqual,
            FloatPred::Olt => Op::FOrdLessThan,
            FloatPred::Ole => Op::FOrdLessThanEqual,
            FloatPred::One => Op::FOrdNotEqual,
            FloatPred::Ord => Op::Ordered,
            FloatPred::Uno => Op::Unordered,
            FloatPred::Ueq => Op::FUnordEqual,
            FloatPred::Ugt => Op::FUnordGreaterThan,
            FloatPred::Uge => Op::FUnordGreaterThanEqual,
            FloatPred::Ult => Op::FUnordLessThan,
            FloatPred::Ule => Op::FUnordLessThanEqual,
            FloatPred::Une => Op::FUnordNotEqual,
        };
        let a = self.val(lhs)?;
        let b = self.val_as(rhs, a.1)?;
        Ok(self.op(op, t, &[a.0, b]))
    }

    /// `getelementptr`: `OpPtrAccessChain` over `source_ty`, cast to `t`.
    pub fn gep(
        &mut self,
        source_ty: TypeId,
        base: Operand,
        indices: &[Operand],
        inbounds: bool,
        t: u32,
    ) -> Result<u32> {
        let st = self.w.ty(source_ty)?;
        let b = self.val(base)?;
        let (p, _, sc) = self.ptr_to(b, st)?;
        let Some((&first, rest)) = indices.split_first() else {
            let pt = self.w.t_ptr(sc, st);
            return self.coerce((p, pt), t);
        };
        let element = self.val(first)?.0;
        let mut ids = Vec::with_capacity(rest.len());
        let mut cur = source_ty;
        for &idx in rest {
            match self.w.m.types.get(cur.0 as usize).cloned() {
                Some(Type::Struct { fields, .. }) => {
                    let k = self
                        .const_int(idx)
                        .ok_or_else(|| CompileError::invalid("a struct index of getelementptr is not a constant"))?;
                    cur = *fields.get(k as usize).ok_or_else(|| {
                        CompileError::invalid(format!(
                            "getelementptr indexes field {k} of a struct of {}",
                            fields.len()
                        ))
                    })?;
                    ids.push(self.w.c_u32(k as u32));
                }
                Some(Type::Array { elem, .. }) | Some(Type::Vector { elem, .. }) => {
                    cur = elem;
                    ids.push(self.val(idx)?.0);
                }
                _ => return Err(CompileError::invalid("getelementptr indexes into a scalar")),
            }
        }
        let pointee = self.w.ty(cur)?;
        let rt = self.w.t_ptr(sc, pointee);
        let mut ops = vec![p, element];
        ops.extend(ids);
        let op = if inbounds { Op::InBoundsPtrAccessChain } else { Op::PtrAccessChain };
        let r = self.op(op, rt, &ops);
        self.coerce((r, rt), t)
    }

    pub fn extract_element(&mut self, vec: Operand, index: Operand, t: u32) -> Result<u32> {
        let v = self.val(vec)?.0;
        Ok(match self.const_int(index) {
            Some(k) => self.op(Op::CompositeExtract, t, &[v, k as u32]),
            None => {
                let i = self.val(index)?.0;
                self.op(Op::VectorExtractDynamic, t, &[v, i])
            }
        })
    }

    pub fn insert_element(&mut self, vec: Operand, elem: Operand, index: Operand, t: u32) -> Result<u32> {
        let v = self.val_as(vec, t)?;
        let e = self.val(elem)?.0;
        Ok(match self.const_int(index) {
            Some(k) => self.op(Op::CompositeInsert, t, &[e, v, k as u32]),
            None => {
                let i = self.val(index)?.0;
                self.op(Op::VectorInsertDynamic, t, &[v, e, i])
            }
        })
    }

    pub fn shuffle(&mut self, a: Operand, b: Operand, mask: &[i32], t: u32) -> Result<u32> {
        let av = self.val(a)?.0;
        let bv = self.val(b)?.0;
        let mut ops = vec![av, bv];
        ops.extend(mask.iter().map(|&m| if m < 0 { u32::MAX } else { m as u32 }));
        Ok(self.op(Op::VectorShuffle, t, &ops))
    }
}

fn int_pred(p: IntPred) -> Op {
    match p {
        IntPred::Eq => Op::IEqual,
        IntPred::Ne => Op::INotEqual,
        IntPred::Ugt => Op::UGreaterThan,
        IntPred::Uge => Op::UGreaterThanEqual,
        IntPred::Ult => Op::ULessThan,
        IntPred::Ule => Op::ULessThanEqual,
        IntPred::Sgt => Op::SGreaterThan,
        IntPred::Sge => Op::SGreaterThanEqual,
        IntPred::Slt => Op::SLessThan,
        IntPred::Sle => Op::SLessThanEqual,
    }
}

//! Specialization: the value a `SpecId` map gives each `OpSpecConstant*`, `OpSpecConstantOp`
//! folded to a constant (every opcode the specification allows there, for `Shader` and
//! `Kernel` modules), work-group sizes given by `LocalSizeId` or by the `WorkgroupSize`
//! built-in, and the list of a module's specialization constants.
//!
//! Module analysis: it evaluates and never emits code. Results that SPIR-V leaves
//! undefined (division by zero, shifts by the width or more) fold to zero.

use rspirv::dr::Operand;
use rspirv::spirv::{BuiltIn, Decoration, Op};
use spirjit_builtins::half::{f64_to_half, half_to_f32, Rounding};

use super::constval::ConstVal;
use super::module::{err_at, SpvModule};
use crate::ir::{Scalar, SpecConstant, SpecValue, Type};
use crate::{CompileError, Result};

/// All bits of a `bits`-wide integer.
fn mask(v: u64, bits: u32) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

/// `v` sign-extended from `bits`.
fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 || bits == 0 {
        v as i64
    } else {
        let s = 64 - bits;
        ((v << s) as i64) >> s
    }
}

fn to_f64(bits: u64, s: Scalar) -> f64 {
    match s {
        Scalar::F16 => half_to_f32(bits as u16) as f64,
        Scalar::F32 => f32::from_bits(bits as u32) as f64,
        _ => f64::from_bits(bits),
    }
}

fn from_f64(x: f64, s: Scalar) -> u64 {
    match s {
        Scalar::F16 => f64_to_half(x, Rounding::Rte) as u64,
        Scalar::F32 => (x as f32).to_bits() as u64,
        _ => x.to_bits(),
    }
}

/// The bits of specialization value `v` for a constant of type `ty` (`signed`: an
/// `OpTypeInt` with signedness 1), or why it does not fit.
pub(crate) fn spec_bits(v: SpecValue, ty: Scalar, signed: bool, spec_id: u32) -> Result<u64> {
    let wrong = |what: &str| {
        CompileError::invalid(format!(
            "specialization constant {spec_id} is a {}{}; it cannot take {what} {v}",
            if ty.is_int() && !signed { "u" } else { "" },
            scalar_name(ty)
        ))
    };
    match (ty, v) {
        (_, SpecValue::Bits(b)) => Ok(if ty == Scalar::Bool { (b != 0) as u64 } else { mask(b, ty.bits()) }),
        (Scalar::Bool, SpecValue::Bool(b)) => Ok(b as u64),
        (Scalar::Bool, SpecValue::Int(i @ (0 | 1))) => Ok(i as u64),
        (Scalar::Bool, _) => Err(wrong("the value")),
        (s, SpecValue::Int(i)) if s.is_int() => {
            let w = s.bits();
            let lo = -(1i128 << (w - 1));
            let hi = (1i128 << w) - 1;
            if i < lo || i > hi {
                return Err(wrong("the out-of-range value"));
            }
            Ok(mask(i as u64, w))
        }
        (s, SpecValue::Bool(b)) if s.is_int() => Ok(b as u64),
        (s, SpecValue::Float(_)) if s.is_int() => Err(wrong("the float value")),
        (s, SpecValue::Float(bits)) if s.is_float() => Ok(from_f64(f64::from_bits(bits), s)),
        (s, SpecValue::Int(i)) if s.is_float() => {
            Ok(if s == Scalar::F32 { (i as f32).to_bits() as u64 } else { from_f64(i as f64, s) })
        }
        _ => Err(wrong("the value")),
    }
}

fn scalar_name(s: Scalar) -> &'static str {
    match s {
        Scalar::Bool => "bool",
        Scalar::I8 => "int8",
        Scalar::I16 => "int16",
        Scalar::I32 => "int32",
        Scalar::I64 => "int64",
        Scalar::F16 => "float16",
        Scalar::F32 => "float32",
        Scalar::F64 => "float64",
        Scalar::Ptr(_) => "pointer",
    }
}

/// The scalar of a scalar or vector type.
fn elem(ty: &Type) -> Option<Scalar> {
    match ty {
        Type::Scalar(s) | Type::Vector(s, _) => Some(*s),
        _ => None,
    }
}

/// How many members a composite of type `ty` has.
fn arity(ty: &Type) -> usize {
    match ty {
        Type::Vector(_, n) => *n as usize,
        Type::Array { len, .. } => *len as usize,
        Type::Struct(s) => s.members.len(),
        _ => 0,
    }
}

/// Replace the member of `v` (of type `ty`) at path `path` by `obj`.
fn insert(v: ConstVal, ty: &Type, path: &[u32], obj: ConstVal) -> Result<ConstVal> {
    let Some((&first, rest)) = path.split_first() else { return Ok(obj) };
    let n = arity(ty);
    let mut parts = match v {
        ConstVal::Composite(p) => p,
        ConstVal::Zero | ConstVal::Undef => vec![ConstVal::Zero; n],
        ConstVal::Bits(_) => return Err(CompileError::invalid("OpCompositeInsert into a scalar")),
    };
    let i = first as usize;
    let (Some(slot), Some(member_ty)) = (parts.get_mut(i), ty.component(first)) else {
        return Err(CompileError::invalid(format!("OpCompositeInsert index {first} is out of range")));
    };
    *slot = insert(slot.clone(), &member_ty, rest, obj)?;
    Ok(ConstVal::Composite(parts))
}

/// Fold `OpSpecConstantOp` `op` with result type `rty`, id operands `args` (value and
/// type, in order) and literal operands `lits`.
pub(crate) fn fold(op: Op, rty: &Type, args: &[(ConstVal, Type)], lits: &[u32]) -> Result<ConstVal> {
    let arg = |i: usize| {
        args.get(i).ok_or_else(|| CompileError::invalid(format!("OpSpecConstantOp {op:?} lacks operand {}", i + 1)))
    };
    match op {
        Op::CompositeExtract => {
            let mut v = arg(0)?.0.clone();
            for &i in lits {
                v = v
                    .component(i as usize)
                    .ok_or_else(|| CompileError::invalid(format!("OpCompositeExtract index {i} is out of range")))?;
            }
            Ok(v)
        }
        Op::CompositeInsert => {
            let (obj, _) = arg(0)?;
            let (comp, ty) = arg(1)?;
            insert(comp.clone(), ty, lits, obj.clone())
        }
        Op::VectorShuffle => {
            let (a, at) = arg(0)?;
            let (b, bt) = arg(1)?;
            let mut pool = lanes(a, at)?;
            pool.extend(lanes(b, bt)?);
            let parts = lits
                .iter()
                .map(|&i| {
                    if i == u32::MAX {
                        Ok(ConstVal::Bits(0))
                    } else {
                        pool.get(i as usize).map(|&b| ConstVal::Bits(b)).ok_or_else(|| {
                            CompileError::invalid(format!("OpVectorShuffle component {i} is out of range"))
                        })
                    }
                })
                .collect::<Result<Vec<_>>>()?;
            Ok(ConstVal::Composite(parts))
        }
        Op::Bitcast => {
            let (a, at) = arg(0)?;
            let (src, dst) = (scalar_of(op, at)?, scalar_of(op, rty)?);
            let mut bits: u128 = 0;
            let mut filled = 0;
            let mut out = Vec::new();
            for l in lanes(a, at)? {
                bits |= (l as u128) << filled;
                filled += src.bits();
                while filled >= dst.bits() {
                    out.push(mask(bits as u64, dst.bits()));
                    bits >>= dst.bits();
                    filled -= dst.bits();
                }
            }
            Ok(pack(out, rty))
        }
        op if !componentwise(op) => Err(CompileError::unsupported(format!(
            "OpSpecConstantOp {op:?} is not supported (pointer and other non-arithmetic operations)"
        ))),
        _ => {
            let n = match rty {
                Type::Vector(_, n) => *n as usize,
                _ => 1,
            };
            let dst = scalar_of(op, rty)?;
            let src = match args.first() {
                Some((_, t)) if op != Op::Select => scalar_of(op, t)?,
                _ => match args.get(1) {
                    Some((_, t)) => scalar_of(op, t)?,
                    None => dst,
                },
            };
            let per_arg = args.iter().map(|(v, t)| lanes(v, t)).collect::<Result<Vec<_>>>()?;
            let second_bits = args.get(1).and_then(|(_, t)| elem(t)).map_or(src.bits(), |s| s.bits());
            let mut out = Vec::with_capacity(n);
            for i in 0..n {
                let xs: Vec<u64> =
                    per_arg.iter().map(|l| if l.len() == 1 { l[0] } else { l.get(i).copied().unwrap_or(0) }).collect();
                out.push(scalar_op(op, dst, src, second_bits, &xs)?);
            }
            Ok(pack(out, rty))
        }
    }
}

fn scalar_of(op: Op, ty: &Type) -> Result<Scalar> {
    elem(ty).ok_or_else(|| CompileError::invalid(format!("OpSpecConstantOp {op:?} on a value of type {ty}")))
}

fn lanes(v: &ConstVal, ty: &Type) -> Result<Vec<u64>> {
    v.lanes(ty).ok_or_else(|| CompileError::invalid(format!("a constant of type {ty} has the wrong shape")))
}

fn pack(lanes: Vec<u64>, ty: &Type) -> ConstVal {
    match ty {
        Type::Vector(..) => ConstVal::Composite(lanes.into_iter().map(ConstVal::Bits).collect()),
        _ => ConstVal::Bits(lanes.first().copied().unwrap_or(0)),
    }
}

/// One component of a component-wise operation: `dst`, `src` the result's and first
/// operand's scalar types, `b_bits` the second operand's width (shift amounts).
fn scalar_op(op: Op, dst: Scalar, src: Scalar, b_bits: u32, xs: &[u64]) -> Result<u64> {
    let x = |i: usize| {
        xs.get(i).copied().ok_or_else(|| CompileError::invalid(format!("OpSpecConstantOp {op:?} lacks an operand")))
    };
    let w = src.bits();
    let dw = dst.bits();
    let a = x(0)?;
    let bool_of = |c: bool| c as u64;
    let sa = sext(a, w);
    let bin = |f: &dyn Fn(u64, u64) -> u64| -> Result<u64> { Ok(mask(f(a, x(1)?), dw)) };
    let cmp = |f: &dyn Fn(u64, u64, i64, i64) -> bool| -> Result<u64> {
        let b = x(1)?;
        Ok(bool_of(f(a, b, sa, sext(b, w))))
    };
    let fbin =
        |f: &dyn Fn(f64, f64) -> f64| -> Result<u64> { Ok(from_f64(f(to_f64(a, src), to_f64(x(1)?, src)), dst)) };
    Ok(match op {
        Op::SConvert => mask(sa as u64, dw),
        Op::UConvert => mask(a, dw),
        Op::FConvert => from_f64(to_f64(a, src), dst),
        Op::QuantizeToF16 => {
            let h = f64_to_half(to_f64(a, src), Rounding::Rte);
            // Results too small for a normal half flush to zero (keeping the sign).
            let h = if h & 0x7c00 == 0 { h & 0x8000 } else { h };
            from_f64(half_to_f32(h) as f64, dst)
        }
        Op::ConvertFToS => {
            let f = to_f64(a, src);
            mask((if dw == 64 { f as i64 } else { (f as i64).clamp(-(1 << (dw - 1)), (1 << (dw - 1)) - 1) }) as u64, dw)
        }
        Op::ConvertFToU => {
            let f = to_f64(a, src);
            if dw == 64 {
                f as u64
            } else {
                (f as u64).min((1u64 << dw) - 1)
            }
        }
        Op::ConvertSToF => {
            if dst == Scalar::F32 {
                (sa as f32).to_bits() as u64
            } else {
                from_f64(sa as f64, dst)
            }
        }
        Op::ConvertUToF => {
            if dst == Scalar::F32 {
                (a as f32).to_bits() as u64
            } else {
                from_f64(a as f64, dst)
            }
        }
        Op::SNegate => mask(a.wrapping_neg(), dw),
        Op::Not => mask(!a, dw),
        Op::IAdd => bin(&|a, b| a.wrapping_add(b))?,
        Op::ISub => bin(&|a, b| a.wrapping_sub(b))?,
        Op::IMul => bin(&|a, b| a.wrapping_mul(b))?,
        Op::UDiv => bin(&|a, b| a.checked_div(b).unwrap_or(0))?,
        Op::UMod => bin(&|a, b| a.checked_rem(b).unwrap_or(0))?,
        Op::SDiv => bin(&|_, b| sa.checked_div(sext(b, w)).map_or(0, |q| q as u64))?,
        Op::SRem => bin(&|_, b| sa.checked_rem(sext(b, w)).map_or(0, |r| r as u64))?,
        Op::SMod => bin(&|_, b| {
            let b = sext(b, w);
            match sa.checked_rem(b) {
                Some(r) if r != 0 && (r < 0) != (b < 0) => (r + b) as u64,
                Some(r) => r as u64,
                None => 0,
            }
        })?,
        Op::ShiftLeftLogical | Op::ShiftRightLogical | Op::ShiftRightArithmetic => {
            let b = mask(x(1)?, b_bits);
            if b >= w as u64 {
                0
            } else {
                let r = match op {
                    Op::ShiftLeftLogical => a << b,
                    Op::ShiftRightLogical => a >> b,
                    _ => (sa >> b) as u64,
                };
                mask(r, dw)
            }
        }
        Op::BitwiseOr => bin(&|a, b| a | b)?,
        Op::BitwiseXor => bin(&|a, b| a ^ b)?,
        Op::BitwiseAnd => bin(&|a, b| a & b)?,
        Op::LogicalOr => bool_of(a != 0 || x(1)? != 0),
        Op::LogicalAnd => bool_of(a != 0 && x(1)? != 0),
        Op::LogicalNot => bool_of(a == 0),
        Op::LogicalEqual => bool_of((a != 0) == (x(1)? != 0)),
        Op::LogicalNotEqual => bool_of((a != 0) != (x(1)? != 0)),
        Op::IEqual => cmp(&|a, b, _, _| a == b)?,
        Op::INotEqual => cmp(&|a, b, _, _| a != b)?,
        Op::ULessThan => cmp(&|a, b, _, _| a < b)?,
        Op::UGreaterThan => cmp(&|a, b, _, _| a > b)?,
        Op::ULessThanEqual => cmp(&|a, b, _, _| a <= b)?,
        Op::UGreaterThanEqual => cmp(&|a, b, _, _| a >= b)?,
        Op::SLessThan => cmp(&|_, _, a, b| a < b)?,
        Op::SGreaterThan => cmp(&|_, _, a, b| a > b)?,
        Op::SLessThanEqual => cmp(&|_, _, a, b| a <= b)?,
        Op::SGreaterThanEqual => cmp(&|_, _, a, b| a >= b)?,
        Op::Select => {
            if a != 0 {
                x(1)?
            } else {
                x(2)?
            }
        }
        Op::FNegate => from_f64(-to_f64(a, src), dst),
        Op::FAdd => fbin(&|a, b| a + b)?,
        Op::FSub => fbin(&|a, b| a - b)?,
        Op::FMul => fbin(&|a, b| a * b)?,
        Op::FDiv => fbin(&|a, b| a / b)?,
        Op::FRem => fbin(&|a, b| a % b)?,
        Op::FMod => fbin(&|a, b| {
            let r = a % b;
            if r != 0.0 && (r < 0.0) != (b < 0.0) {
                r + b
            } else {
                r
            }
        })?,
        other => return Err(CompileError::internal(format!("OpSpecConstantOp {other:?} reached the scalar folder"))),
    })
}

/// The opcodes [`scalar_op`] folds component by component.
fn componentwise(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        SConvert
            | UConvert
            | FConvert
            | QuantizeToF16
            | ConvertFToS
            | ConvertFToU
            | ConvertSToF
            | ConvertUToF
            | SNegate
            | Not
            | IAdd
            | ISub
            | IMul
            | UDiv
            | UMod
            | SDiv
            | SRem
            | SMod
            | ShiftLeftLogical
            | ShiftRightLogical
            | ShiftRightArithmetic
            | BitwiseOr
            | BitwiseXor
            | BitwiseAnd
            | LogicalOr
            | LogicalAnd
            | LogicalNot
            | LogicalEqual
            | LogicalNotEqual
            | IEqual
            | INotEqual
            | ULessThan
            | UGreaterThan
            | ULessThanEqual
            | UGreaterThanEqual
            | SLessThan
            | SGreaterThan
            | SLessThanEqual
            | SGreaterThanEqual
            | Select
            | FNegate
            | FAdd
            | FSub
            | FMul
            | FDiv
            | FRem
            | FMod
    )
}

impl SpvModule {
    /// The value in effect for specialization constant instruction `id`: the
    /// specialization's when its `SpecId` has one, else `None` (use the default).
    pub(crate) fn specialized_bits(&self, id: u32, ty: Scalar) -> Result<Option<u64>> {
        let Some(spec_id) = self.deco_lit(id, Decoration::SpecId) else { return Ok(None) };
        let Some(&v) = self.specialization.get(&spec_id) else { return Ok(None) };
        spec_bits(v, ty, self.int_signed(id), spec_id).map(Some)
    }

    /// Whether constant `id` has a signed integer type.
    fn int_signed(&self, id: u32) -> bool {
        let ty = self.def(id).and_then(|i| i.rtype()).and_then(|t| self.def(t));
        matches!(ty, Ok(t) if t.op == Op::TypeInt && t.lit(1).is_ok_and(|s| s == 1))
    }

    /// Fold `OpSpecConstantOp` instruction `id` given its operands' values.
    pub(crate) fn fold_spec_op(&self, id: u32, values: &[ConstVal]) -> Result<ConstVal> {
        let inst = self.def(id)?;
        let op = match inst.operands.first() {
            Some(Operand::LiteralSpecConstantOpInteger(op)) => *op,
            _ => return Err(err_at(CompileError::invalid("OpSpecConstantOp without an opcode"), inst)),
        };
        let rty = self.kir_type(inst.rtype()?).map_err(|e| err_at(e, inst))?;
        let mut args = Vec::new();
        let mut lits = Vec::new();
        for o in &inst.operands[1..] {
            match o {
                Operand::IdRef(a) => {
                    let v = values
                        .get(args.len())
                        .cloned()
                        .ok_or_else(|| CompileError::internal("OpSpecConstantOp operand values are missing"))?;
                    let t = self.kir_type(self.def(*a)?.rtype()?).map_err(|e| err_at(e, inst))?;
                    args.push((v, t));
                }
                Operand::LiteralBit32(l) => lits.push(*l),
                _ => return Err(err_at(CompileError::invalid("OpSpecConstantOp operand of an unexpected kind"), inst)),
            }
        }
        fold(op, &rty, &args, &lits).map_err(|e| err_at(e, inst))
    }

    /// The module's scalar specialization constants (those with a `SpecId`), by id.
    pub(crate) fn spec_constants(&self) -> Result<Vec<SpecConstant>> {
        let mut out: Vec<SpecConstant> = Vec::new();
        for inst in &self.insts {
            if !matches!(inst.op, Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse) {
                continue;
            }
            let id = inst.rid()?;
            let Some(spec_id) = self.deco_lit(id, Decoration::SpecId) else { continue };
            if out.iter().any(|c| c.id == spec_id) {
                continue;
            }
            let ty = match self.kir_type(inst.rtype()?).map_err(|e| err_at(e, inst))? {
                Type::Scalar(s) => s,
                other => {
                    return Err(err_at(CompileError::invalid(format!("specialization constant of type {other}")), inst))
                }
            };
            let default = match (inst.op, inst.operands.first()) {
                (Op::SpecConstantTrue, _) => 1,
                (Op::SpecConstantFalse, _) => 0,
                (_, Some(Operand::LiteralBit32(v))) => mask(*v as u64, ty.bits()),
                (_, Some(Operand::LiteralBit64(v))) => *v,
                _ => return Err(err_at(CompileError::invalid("OpSpecConstant without a literal value"), inst)),
            };
            let value = match self.const_value(id)? {
                Some(v) => v.bits().unwrap_or(default),
                None => default,
            };
            let signed = self.int_signed(id);
            out.push(SpecConstant { id: spec_id, name: self.names.get(&id).cloned(), ty, signed, default, value });
        }
        out.sort_by_key(|c| c.id);
        Ok(out)
    }

    /// Give each entry point the work-group size its `LocalSizeId` operands evaluate to,
    /// and every entry point the value of a constant decorated `BuiltIn WorkgroupSize`
    /// (which takes precedence over `LocalSize` and `LocalSizeId`).
    pub(crate) fn resolve_local_sizes(&mut self) -> Result<()> {
        let three = |m: &SpvModule, ids: [u32; 3]| -> Result<[u32; 3]> {
            let mut out = [0u32; 3];
            for (o, id) in out.iter_mut().zip(ids) {
                let v = m.const_u64(id)?;
                *o = u32::try_from(v).map_err(|_| {
                    CompileError::invalid(format!("a work-group size of {v} (constant %{id}) does not fit 32 bits"))
                })?;
            }
            Ok(out)
        };
        let mut sizes = Vec::with_capacity(self.entry_points.len());
        for ep in &self.entry_points {
            sizes.push(match ep.local_size_ids {
                Some(ids) => Some(three(self, ids)?),
                None => ep.local_size,
            });
        }
        let builtin = self.insts.iter().find_map(|inst| {
            let id = inst.result_id?;
            let is_const = matches!(inst.op, Op::ConstantComposite | Op::SpecConstantComposite);
            (is_const && self.builtin_of(id) == Some(BuiltIn::WorkgroupSize)).then_some(id)
        });
        if let Some(id) = builtin {
            let v = self.const_value(id)?;
            let parts: Vec<u64> = match v {
                Some(v) => (0..3).map(|i| v.component(i).and_then(|c| c.bits()).unwrap_or(0)).collect(),
                None => vec![0; 3],
            };
            let size = [parts[0], parts[1], parts[2]].map(|p| u32::try_from(p).unwrap_or(0));
            sizes.fill(Some(size));
        }
        for (ep, size) in self.entry_points.iter_mut().zip(sizes) {
            if let Some(s) = size {
                if s.contains(&0) && self.capabilities.iter().any(|c| c == "Shader") {
                    return Err(CompileError::invalid(format!(
                        "entry point `{}` has a work-group size of {}x{}x{}; every dimension must be at least 1",
                        ep.name, s[0], s[1], s[2]
                    )));
                }
            }
            ep.local_size = size;
        }
        Ok(())
    }
}

//! Arithmetic, logic, comparisons and float classification (`OpIsNan`, ...), plus the
//! dispatch of conversions and composite operations to their files.
//!
//! Everything here is expressed with KIR operations; no builtins are called.

use rspirv::spirv::Op;

use super::function::{Frame, Translator};
use super::memory::conv;
use super::module::op_name;
use super::reader::SpvInst;
use crate::ir::{BinaryOp, ConvOp, FloatCC, InstKind, IntCC, MathOp, Scalar, Type, UnaryOp, Value};
use crate::{CompileError, Result};

fn binary_op(op: Op) -> Option<BinaryOp> {
    use BinaryOp as B;
    Some(match op {
        Op::IAdd => B::IAdd,
        Op::ISub => B::ISub,
        Op::IMul => B::IMul,
        Op::UDiv => B::UDiv,
        Op::SDiv => B::SDiv,
        Op::UMod => B::URem,
        Op::SRem => B::SRem,
        Op::SMod => B::SMod,
        Op::BitwiseAnd | Op::LogicalAnd => B::And,
        Op::BitwiseOr | Op::LogicalOr => B::Or,
        Op::BitwiseXor | Op::LogicalNotEqual => B::Xor,
        Op::ShiftLeftLogical => B::Shl,
        Op::ShiftRightLogical => B::LShr,
        Op::ShiftRightArithmetic => B::AShr,
        Op::FAdd => B::FAdd,
        Op::FSub => B::FSub,
        Op::FMul => B::FMul,
        Op::FDiv => B::FDiv,
        Op::FRem => B::FRem,
        Op::FMod => B::FMod,
        _ => return None,
    })
}

fn int_cc(op: Op) -> Option<IntCC> {
    Some(match op {
        Op::IEqual => IntCC::Eq,
        Op::INotEqual => IntCC::Ne,
        Op::UGreaterThan => IntCC::Ugt,
        Op::SGreaterThan => IntCC::Sgt,
        Op::UGreaterThanEqual => IntCC::Uge,
        Op::SGreaterThanEqual => IntCC::Sge,
        Op::ULessThan => IntCC::Ult,
        Op::SLessThan => IntCC::Slt,
        Op::ULessThanEqual => IntCC::Ule,
        Op::SLessThanEqual => IntCC::Sle,
        _ => return None,
    })
}

fn float_cc(op: Op) -> Option<FloatCC> {
    Some(match op {
        Op::FOrdEqual => FloatCC::OrdEq,
        Op::FOrdNotEqual | Op::LessOrGreater => FloatCC::OrdNe,
        Op::FOrdLessThan => FloatCC::OrdLt,
        Op::FOrdGreaterThan => FloatCC::OrdGt,
        Op::FOrdLessThanEqual => FloatCC::OrdLe,
        Op::FOrdGreaterThanEqual => FloatCC::OrdGe,
        Op::FUnordEqual => FloatCC::UnordEq,
        Op::FUnordNotEqual => FloatCC::UnordNe,
        Op::FUnordLessThan => FloatCC::UnordLt,
        Op::FUnordGreaterThan => FloatCC::UnordGt,
        Op::FUnordLessThanEqual => FloatCC::UnordLe,
        Op::FUnordGreaterThanEqual => FloatCC::UnordGe,
        Op::Ordered => FloatCC::Ordered,
        Op::Unordered => FloatCC::Unordered,
        _ => return None,
    })
}

/// IEEE bits of `x` as a float of `s`'s width.
pub(crate) fn float_bits(s: Scalar, x: f64) -> u64 {
    match s {
        Scalar::F16 => f64_to_f16_bits(x) as u64,
        Scalar::F32 => (x as f32).to_bits() as u64,
        _ => x.to_bits(),
    }
}

/// Convert an f64 that is exactly representable (or infinite) in half precision.
fn f64_to_f16_bits(x: f64) -> u16 {
    if x.is_nan() {
        return 0x7e00;
    }
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs();
    if a.is_infinite() || a >= 65520.0 {
        return sign | 0x7c00;
    }
    if a < 6.103_515_625e-5 {
        // Subnormal: units of 2^-24.
        return sign | (a / 5.960_464_477_539_063e-8).round() as u16;
    }
    let e = a.log2().floor() as i32;
    let m = ((a / 2f64.powi(e) - 1.0) * 1024.0).round() as u16;
    sign | ((((e + 15) as u16) << 10) + m)
}

/// What kind of scalar an operation takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Int,
    Float,
    Bool,
}

/// Fail unless `ty` is a scalar or vector of `kind`.
pub(crate) fn expect_kind(ty: &Type, kind: Kind) -> Result<()> {
    let ok = match ty.scalar() {
        Some(s) => match kind {
            Kind::Int => s.is_int(),
            Kind::Float => s.is_float(),
            Kind::Bool => s == Scalar::Bool,
        },
        None => false,
    };
    if !ok {
        let want = match kind {
            Kind::Int => "an integer",
            Kind::Float => "a float",
            Kind::Bool => "a bool",
        };
        return Err(CompileError::invalid(format!("operand has type {ty}; expected {want} scalar or vector")));
    }
    Ok(())
}

/// Fail unless `rt` is the bool type with the shape of `operand`.
fn expect_bool_of(rt: &Type, operand: &Type) -> Result<()> {
    if rt != &operand.with_scalar(Scalar::Bool) {
        return Err(CompileError::invalid(format!(
            "a comparison of {operand} values has result type {rt}; expected {}",
            operand.with_scalar(Scalar::Bool)
        )));
    }
    Ok(())
}

impl Translator<'_> {
    pub(crate) fn arith(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let op = inst.op;
        if let Some(b) = binary_op(op) {
            let v = self.binary(fr, inst, b)?;
            return self.set_v(fr, inst, v);
        }
        if let Some(cc) = int_cc(op) {
            let a = self.op(fr, inst, 0)?;
            let c = self.op(fr, inst, 1)?;
            self.same_types(a, c)?;
            expect_kind(self.f.ty(a), Kind::Int)?;
            let rt = self.rty(inst)?;
            expect_bool_of(&rt, self.f.ty(a))?;
            let v = self.emit(InstKind::Icmp(cc, a, c), rt);
            return self.set_v(fr, inst, v);
        }
        if let Some(cc) = float_cc(op) {
            let a = self.op(fr, inst, 0)?;
            let c = self.op(fr, inst, 1)?;
            self.same_types(a, c)?;
            expect_kind(self.f.ty(a), Kind::Float)?;
            let rt = self.rty(inst)?;
            expect_bool_of(&rt, self.f.ty(a))?;
            let v = self.emit(InstKind::Fcmp(cc, a, c), rt);
            return self.set_v(fr, inst, v);
        }
        self.check_special(fr, inst)?;
        let v = match op {
            Op::SNegate
            | Op::FNegate
            | Op::Not
            | Op::LogicalNot
            | Op::LogicalEqual
            | Op::Select
            | Op::Any
            | Op::All => self.logic(fr, inst)?,
            Op::IsNan | Op::IsInf | Op::IsFinite | Op::IsNormal | Op::SignBitSet => self.float_class(fr, inst)?,
            Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended => self.extended(fr, inst)?,
            Op::BitCount => {
                let a = self.op(fr, inst, 0)?;
                let rt = self.rty(inst)?;
                let p = self.emit(InstKind::Math(MathOp::Popcount, vec![a]), self.ty_of(a));
                if self.f.ty(p) == &rt {
                    p
                } else {
                    self.emit(InstKind::Convert(conv(ConvOp::UToU), p), rt)
                }
            }
            Op::VectorTimesScalar => {
                let a = self.op(fr, inst, 0)?;
                let s = self.op(fr, inst, 1)?;
                let t = self.ty_of(a);
                let splat = self.splat(s, &t);
                self.emit(InstKind::Binary(BinaryOp::FMul, a, splat), t)
            }
            Op::Dot => {
                let a = self.op(fr, inst, 0)?;
                let b = self.op(fr, inst, 1)?;
                self.same_types(a, b)?;
                self.dot(a, b)?
            }
            Op::ConvertFToU
            | Op::ConvertFToS
            | Op::ConvertSToF
            | Op::ConvertUToF
            | Op::UConvert
            | Op::SConvert
            | Op::FConvert
            | Op::SatConvertSToU
            | Op::SatConvertUToS
            | Op::ConvertPtrToU
            | Op::ConvertUToPtr
            | Op::PtrCastToGeneric
            | Op::GenericCastToPtr
            | Op::GenericCastToPtrExplicit
            | Op::Bitcast => return self.conversion(fr, inst),
            Op::QuantizeToF16 => {
                let a = self.op(fr, inst, 0)?;
                self.quantize_to_f16(a)?
            }
            Op::VectorShuffle
            | Op::CompositeExtract
            | Op::CompositeInsert
            | Op::CompositeConstruct
            | Op::VectorExtractDynamic
            | Op::VectorInsertDynamic => return self.composite(fr, inst),
            Op::MatrixTimesScalar
            | Op::MatrixTimesVector
            | Op::VectorTimesMatrix
            | Op::MatrixTimesMatrix
            | Op::Transpose
            | Op::OuterProduct => self.matrix(fr, inst)?,
            Op::BitFieldInsert | Op::BitFieldSExtract | Op::BitFieldUExtract | Op::BitReverse => {
                self.bit_field(fr, inst)?
            }
            Op::SDot | Op::UDot | Op::SUDot | Op::SDotAccSat | Op::UDotAccSat | Op::SUDotAccSat => {
                self.int_dot(fr, inst)?
            }
            _ => return Err(CompileError::unsupported(format!("{} is not supported", op_name(op)))),
        };
        self.set_v(fr, inst, v)
    }

    /// A two-operand arithmetic or bitwise instruction (shift amounts take the shifted
    /// value's type).
    fn binary(&mut self, fr: &Frame, inst: &SpvInst, b: BinaryOp) -> Result<Value> {
        let op = inst.op;
        let a = self.op(fr, inst, 0)?;
        let mut c = self.op(fr, inst, 1)?;
        let ty = self.ty_of(a);
        if matches!(b, BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr) && self.f.ty(c) != &ty {
            c = self.emit(InstKind::Convert(conv(ConvOp::UToU), c), ty.clone());
        }
        self.same_types(a, c)?;
        let kind = match op {
            Op::LogicalAnd | Op::LogicalOr | Op::LogicalNotEqual => Kind::Bool,
            Op::FAdd | Op::FSub | Op::FMul | Op::FDiv | Op::FRem | Op::FMod => Kind::Float,
            _ => Kind::Int,
        };
        expect_kind(&ty, kind)?;
        Ok(self.emit(InstKind::Binary(b, a, c), ty))
    }

    /// Negation, logical operations, `OpSelect`, `OpAny` and `OpAll`.
    fn logic(&mut self, fr: &Frame, inst: &SpvInst) -> Result<Value> {
        let op = inst.op;
        Ok(match op {
            Op::SNegate | Op::FNegate | Op::Not | Op::LogicalNot => {
                let a = self.op(fr, inst, 0)?;
                let (u, kind) = match op {
                    Op::SNegate => (UnaryOp::INeg, Kind::Int),
                    Op::FNegate => (UnaryOp::FNeg, Kind::Float),
                    Op::Not => (UnaryOp::Not, Kind::Int),
                    _ => (UnaryOp::Not, Kind::Bool),
                };
                expect_kind(self.f.ty(a), kind)?;
                self.emit(InstKind::Unary(u, a), self.ty_of(a))
            }
            Op::LogicalEqual => {
                let a = self.op(fr, inst, 0)?;
                let c = self.op(fr, inst, 1)?;
                self.same_types(a, c)?;
                expect_kind(self.f.ty(a), Kind::Bool)?;
                let t = self.ty_of(a);
                let x = self.emit(InstKind::Binary(BinaryOp::Xor, a, c), t.clone());
                self.emit(InstKind::Unary(UnaryOp::Not, x), t)
            }
            Op::Select => {
                let cond = self.op(fr, inst, 0)?;
                let a = self.op(fr, inst, 1)?;
                let b = self.op(fr, inst, 2)?;
                self.same_types(a, b)?;
                let ct = self.f.ty(cond);
                if ct.scalar() != Some(Scalar::Bool) || (ct.lanes() != Some(1) && ct.lanes() != self.f.ty(a).lanes()) {
                    return Err(CompileError::invalid(format!(
                        "OpSelect condition has type {ct}; expected bool or a bool vector of the operands' size"
                    )));
                }
                // Pointers into laid-out matrices: the result has their layout, or one
                // chosen with the pointer when theirs differ.
                if matches!(self.f.ty(a), Type::Scalar(Scalar::Ptr(_))) {
                    self.select_layout(cond, inst.id(1)?, inst.id(2)?, inst.rid()?)?;
                }
                self.emit(InstKind::Select(cond, a, b), self.ty_of(a))
            }
            Op::Any | Op::All => {
                let a = self.op(fr, inst, 0)?;
                let n = self.f.ty(a).lanes().unwrap_or(1);
                let mut acc = if n == 1 { a } else { self.emit(InstKind::Extract(a, 0), Type::BOOL) };
                for i in 1..n {
                    let e = self.emit(InstKind::Extract(a, i), Type::BOOL);
                    let b = if op == Op::Any { BinaryOp::Or } else { BinaryOp::And };
                    acc = self.emit(InstKind::Binary(b, acc, e), Type::BOOL);
                }
                acc
            }
            _ => return Err(CompileError::internal(format!("{} is not a logical instruction", op_name(op)))),
        })
    }

    /// `OpIsNan`, `OpIsInf`, `OpIsFinite`, `OpIsNormal` and `OpSignBitSet`.
    fn float_class(&mut self, fr: &Frame, inst: &SpvInst) -> Result<Value> {
        let op = inst.op;
        Ok(match op {
            Op::IsNan => {
                let a = self.op(fr, inst, 0)?;
                let rt = self.rty(inst)?;
                self.emit(InstKind::Fcmp(FloatCC::Unordered, a, a), rt)
            }
            Op::IsInf | Op::IsFinite | Op::IsNormal => {
                let a = self.op(fr, inst, 0)?;
                let rt = self.rty(inst)?;
                let t = self.ty_of(a);
                let s = t
                    .scalar()
                    .filter(|s| s.is_float())
                    .ok_or_else(|| CompileError::invalid("operand is not a float"))?;
                let abs = self.emit(InstKind::Math(MathOp::FAbs, vec![a]), t.clone());
                let inf = self.konst(&t, &[float_bits(s, f64::INFINITY)]);
                match op {
                    Op::IsInf => self.emit(InstKind::Fcmp(FloatCC::OrdEq, abs, inf), rt),
                    Op::IsFinite => self.emit(InstKind::Fcmp(FloatCC::OrdLt, abs, inf), rt),
                    _ => {
                        let min = match s {
                            Scalar::F16 => 0x0400,
                            Scalar::F32 => (f32::MIN_POSITIVE).to_bits() as u64,
                            _ => f64::MIN_POSITIVE.to_bits(),
                        };
                        let minv = self.konst(&t, &[min]);
                        let ge = self.emit(InstKind::Fcmp(FloatCC::OrdGe, abs, minv), rt.clone());
                        let lt = self.emit(InstKind::Fcmp(FloatCC::OrdLt, abs, inf), rt.clone());
                        self.emit(InstKind::Binary(BinaryOp::And, ge, lt), rt)
                    }
                }
            }
            Op::SignBitSet => {
                let a = self.op(fr, inst, 0)?;
                let rt = self.rty(inst)?;
                let t = self.ty_of(a);
                let s = t.scalar().ok_or_else(|| CompileError::invalid("operand is not a float"))?;
                let it = t
                    .with_scalar(Scalar::int(s.bits()).ok_or_else(|| CompileError::invalid("operand is not a float"))?);
                let bits = self.emit(InstKind::Bitcast(a), it.clone());
                let zero = self.konst(&it, &[0]);
                self.emit(InstKind::Icmp(IntCC::Slt, bits, zero), rt)
            }
            _ => return Err(CompileError::internal(format!("{} is not a float classification", op_name(op)))),
        })
    }

    /// `OpIAddCarry`, `OpISubBorrow` and the extended multiplications: a struct of two halves.
    fn extended(&mut self, fr: &Frame, inst: &SpvInst) -> Result<Value> {
        let op = inst.op;
        Ok(match op {
            Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended => {
                let a = self.op(fr, inst, 0)?;
                let b = self.op(fr, inst, 1)?;
                self.same_types(a, b)?;
                let t = self.ty_of(a);
                let rt = self.rty(inst)?;
                let (lo, hi) = match op {
                    Op::IAddCarry | Op::ISubBorrow => {
                        let (bop, cc_lhs) =
                            if op == Op::IAddCarry { (BinaryOp::IAdd, true) } else { (BinaryOp::ISub, false) };
                        let r = self.emit(InstKind::Binary(bop, a, b), t.clone());
                        let bt = t.with_scalar(Scalar::Bool);
                        // carry: sum < a (unsigned); borrow: a < b (unsigned).
                        let flag = if cc_lhs {
                            self.emit(InstKind::Icmp(IntCC::Ult, r, a), bt)
                        } else {
                            self.emit(InstKind::Icmp(IntCC::Ult, a, b), bt)
                        };
                        let one = self.konst(&t, &[1]);
                        let zero = self.konst(&t, &[0]);
                        (r, self.emit(InstKind::Select(flag, one, zero), t.clone()))
                    }
                    _ => {
                        let lo = self.emit(InstKind::Binary(BinaryOp::IMul, a, b), t.clone());
                        let m = if op == Op::UMulExtended { MathOp::UMulHi } else { MathOp::SMulHi };
                        (lo, self.emit(InstKind::Math(m, vec![a, b]), t.clone()))
                    }
                };
                self.emit(InstKind::Construct(vec![lo, hi]), rt)
            }
            _ => {
                return Err(CompileError::internal(format!(
                    "{} is not an extended arithmetic instruction",
                    op_name(op)
                )))
            }
        })
    }

    /// Operand and result types of the tests, reductions and extended arithmetic that
    /// `arith` expands into several KIR instructions.
    fn check_special(&mut self, fr: &Frame, inst: &SpvInst) -> Result<()> {
        let op = inst.op;
        let first = || -> Result<u32> { inst.id(0) };
        let operand = |t: &mut Self| -> Result<Type> {
            let v = t.value(fr, first()?)?;
            Ok(t.ty_of(v))
        };
        match op {
            Op::IsNan | Op::IsInf | Op::IsFinite | Op::IsNormal | Op::SignBitSet => {
                let a = operand(self)?;
                expect_kind(&a, Kind::Float)?;
                expect_bool_of(&self.rty(inst)?, &a)
            }
            Op::Any | Op::All => {
                let a = operand(self)?;
                expect_kind(&a, Kind::Bool)?;
                let rt = self.rty(inst)?;
                if rt != Type::BOOL {
                    return Err(CompileError::invalid(format!("{} has result type {rt}; expected bool", op_name(op))));
                }
                Ok(())
            }
            Op::BitCount => {
                let a = operand(self)?;
                expect_kind(&a, Kind::Int)?;
                let rt = self.rty(inst)?;
                expect_kind(&rt, Kind::Int)?;
                if rt.lanes() != a.lanes() {
                    return Err(CompileError::invalid(format!("OpBitCount of {a} with result type {rt}")));
                }
                Ok(())
            }
            Op::VectorTimesScalar | Op::Dot => {
                let a = operand(self)?;
                let b = self.op(fr, inst, 1)?;
                expect_kind(&a, Kind::Float)?;
                let bt = self.ty_of(b);
                let ok = if op == Op::Dot { bt == a } else { bt.lanes() == Some(1) && bt.scalar() == a.scalar() };
                if !ok {
                    return Err(CompileError::invalid(format!("{} of {a} and {bt}", op_name(op))));
                }
                Ok(())
            }
            Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended => {
                let a = operand(self)?;
                expect_kind(&a, Kind::Int)?;
                let rt = self.rty(inst)?;
                if !matches!(rt, Type::Struct(_)) || rt.component_count() != 2 || rt.component(0) != Some(a.clone()) {
                    return Err(CompileError::invalid(format!("{} of {a} with result type {rt}", op_name(op))));
                }
                if rt.component(1) != Some(a) {
                    return Err(CompileError::invalid(format!("{} result type {rt} has mixed members", op_name(op))));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Fail unless `a` and `b` have the same type.
    pub(crate) fn same_types(&self, a: Value, b: Value) -> Result<()> {
        if self.f.ty(a) != self.f.ty(b) {
            return Err(CompileError::invalid(format!(
                "operands have different types: {} and {}",
                self.f.ty(a),
                self.f.ty(b)
            )));
        }
        Ok(())
    }

    /// A vector of type `ty` with every component `s` (or `s` itself for scalars).
    pub(crate) fn splat(&mut self, s: Value, ty: &Type) -> Value {
        match ty {
            Type::Vector(_, n) if self.f.ty(s) != ty => {
                self.emit(InstKind::Construct(vec![s; *n as usize]), ty.clone())
            }
            _ => s,
        }
    }

    /// Sum of the component-wise products of two float vectors (or the product of two
    /// scalars).
    pub(crate) fn dot(&mut self, a: Value, b: Value) -> Result<Value> {
        let t = self.ty_of(a);
        let s = t.scalar().ok_or_else(|| CompileError::invalid("dot of non-vectors"))?;
        let st = Type::Scalar(s);
        let p = self.emit(InstKind::Binary(BinaryOp::FMul, a, b), t.clone());
        let n = t.lanes().unwrap_or(1);
        if n == 1 {
            return Ok(p);
        }
        let mut acc = self.emit(InstKind::Extract(p, 0), st.clone());
        for i in 1..n {
            let e = self.emit(InstKind::Extract(p, i), st.clone());
            acc = self.emit(InstKind::Binary(BinaryOp::FAdd, acc, e), st.clone());
        }
        Ok(acc)
    }
}

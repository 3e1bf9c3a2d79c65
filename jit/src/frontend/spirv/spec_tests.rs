//! `OpSpecConstantOp` folding, opcode by opcode, and the conversion of specialization
//! values to their constants' types.

use rspirv::spirv::Op;

use super::constval::ConstVal;
use super::spec::{fold, spec_bits};
use crate::ir::{Scalar, SpecValue, Type};

fn s(x: Scalar) -> Type {
    Type::Scalar(x)
}

fn bits(v: u64) -> ConstVal {
    ConstVal::Bits(v)
}

fn f32c(v: f32) -> ConstVal {
    bits(v.to_bits() as u64)
}

/// Fold a component-wise `op` on scalars of `ty` giving `rty`.
fn scalar(op: Op, rty: Scalar, ty: Scalar, xs: &[u64]) -> u64 {
    let args: Vec<(ConstVal, Type)> = xs.iter().map(|&x| (bits(x), s(ty))).collect();
    match fold(op, &s(rty), &args, &[]) {
        Ok(ConstVal::Bits(b)) => b,
        other => panic!("{op:?} {xs:?}: {other:?}"),
    }
}

#[test]
fn integer_arithmetic_wraps_at_the_type_width() {
    use Scalar::*;
    let m8 = |v: i64| (v as u64) & 0xff;
    assert_eq!(scalar(Op::IAdd, I8, I8, &[200, 100]), 44);
    assert_eq!(scalar(Op::ISub, I32, I32, &[1, 2]), 0xffff_ffff);
    assert_eq!(scalar(Op::IMul, I16, I16, &[300, 300]), (90000 & 0xffff) as u64);
    assert_eq!(scalar(Op::SNegate, I8, I8, &[1]), 0xff);
    assert_eq!(scalar(Op::Not, I16, I16, &[0]), 0xffff);
    assert_eq!(scalar(Op::UDiv, I8, I8, &[m8(-2), 3]), 254 / 3);
    assert_eq!(scalar(Op::SDiv, I8, I8, &[m8(-7), 2]), m8(-3));
    assert_eq!(scalar(Op::UMod, I32, I32, &[7, 3]), 1);
    assert_eq!(scalar(Op::SRem, I8, I8, &[m8(-7), 3]), m8(-1));
    assert_eq!(scalar(Op::SMod, I8, I8, &[m8(-7), 3]), 2);
    assert_eq!(scalar(Op::SMod, I8, I8, &[7, m8(-3)]), m8(-2));
    // Undefined results fold to zero instead of failing.
    assert_eq!(scalar(Op::UDiv, I32, I32, &[7, 0]), 0);
    assert_eq!(scalar(Op::SDiv, I64, I64, &[i64::MIN as u64, u64::MAX]), 0);
    assert_eq!(scalar(Op::ShiftLeftLogical, I32, I32, &[1, 31]), 1 << 31);
    assert_eq!(scalar(Op::ShiftLeftLogical, I32, I32, &[1, 32]), 0);
    assert_eq!(scalar(Op::ShiftRightLogical, I8, I8, &[0x80, 7]), 1);
    assert_eq!(scalar(Op::ShiftRightArithmetic, I8, I8, &[0x80, 7]), 0xff);
    assert_eq!(scalar(Op::BitwiseAnd, I32, I32, &[0b1100, 0b1010]), 0b1000);
    assert_eq!(scalar(Op::BitwiseOr, I32, I32, &[0b1100, 0b1010]), 0b1110);
    assert_eq!(scalar(Op::BitwiseXor, I32, I32, &[0b1100, 0b1010]), 0b0110);
}

#[test]
fn conversions_extend_by_the_opcode_not_the_type() {
    use Scalar::*;
    assert_eq!(scalar(Op::SConvert, I32, I8, &[0xfe]), 0xffff_fffe);
    assert_eq!(scalar(Op::UConvert, I32, I8, &[0xfe]), 0xfe);
    assert_eq!(scalar(Op::SConvert, I8, I32, &[0x1234]), 0x34);
    assert_eq!(scalar(Op::FConvert, F64, F32, &[1.5f32.to_bits() as u64]), 1.5f64.to_bits());
    assert_eq!(scalar(Op::FConvert, F16, F32, &[1.5f32.to_bits() as u64]), 0x3e00);
    assert_eq!(scalar(Op::ConvertSToF, F32, I32, &[(-3i32) as u32 as u64]), (-3f32).to_bits() as u64);
    assert_eq!(scalar(Op::ConvertUToF, F32, I32, &[0xffff_ffff]), 4294967295f32.to_bits() as u64);
    assert_eq!(scalar(Op::ConvertFToS, I32, F32, &[(-2.7f32).to_bits() as u64]), (-2i32) as u32 as u64);
    assert_eq!(scalar(Op::ConvertFToU, I8, F32, &[300f32.to_bits() as u64]), 255);
    // QuantizeToF16: rounds to half precision, flushes half denormals, keeps infinities.
    let q = |x: f32| f32::from_bits(scalar(Op::QuantizeToF16, F32, F32, &[x.to_bits() as u64]) as u32);
    assert_eq!(q(1.0 + 1.0 / 4096.0), 1.0);
    assert_eq!(q(1e-6), 0.0);
    assert_eq!(q(1e6), f32::INFINITY);
    assert_eq!(q(-0.5), -0.5);
}

#[test]
fn comparisons_and_logic_give_booleans() {
    use Scalar::*;
    let m = |v: i64| (v as u64) & 0xffff_ffff;
    assert_eq!(scalar(Op::SLessThan, Bool, I32, &[m(-1), 0]), 1);
    assert_eq!(scalar(Op::ULessThan, Bool, I32, &[m(-1), 0]), 0);
    assert_eq!(scalar(Op::SGreaterThanEqual, Bool, I32, &[0, m(-1)]), 1);
    assert_eq!(scalar(Op::UGreaterThan, Bool, I32, &[m(-1), 0]), 1);
    assert_eq!(scalar(Op::SLessThanEqual, Bool, I32, &[3, 3]), 1);
    assert_eq!(scalar(Op::ULessThanEqual, Bool, I32, &[4, 3]), 0);
    assert_eq!(scalar(Op::UGreaterThanEqual, Bool, I32, &[3, 3]), 1);
    assert_eq!(scalar(Op::SGreaterThan, Bool, I32, &[m(-3), m(-4)]), 1);
    assert_eq!(scalar(Op::IEqual, Bool, I64, &[5, 5]), 1);
    assert_eq!(scalar(Op::INotEqual, Bool, I64, &[5, 5]), 0);
    assert_eq!(scalar(Op::LogicalAnd, Bool, Bool, &[1, 0]), 0);
    assert_eq!(scalar(Op::LogicalOr, Bool, Bool, &[1, 0]), 1);
    assert_eq!(scalar(Op::LogicalNot, Bool, Bool, &[1]), 0);
    assert_eq!(scalar(Op::LogicalEqual, Bool, Bool, &[0, 0]), 1);
    assert_eq!(scalar(Op::LogicalNotEqual, Bool, Bool, &[0, 1]), 1);
    let sel = fold(Op::Select, &s(I32), &[(bits(0), s(Bool)), (bits(10), s(I32)), (bits(20), s(I32))], &[]);
    assert_eq!(sel.ok(), Some(bits(20)));
}

#[test]
fn float_arithmetic_rounds_to_the_result_type() {
    use Scalar::*;
    let f =
        |op: Op, a: f32, b: f32| f32::from_bits(scalar(op, F32, F32, &[a.to_bits() as u64, b.to_bits() as u64]) as u32);
    assert_eq!(f(Op::FAdd, 0.1, 0.2), 0.1f32 + 0.2f32);
    assert_eq!(f(Op::FSub, 1.0, 0.25), 0.75);
    assert_eq!(f(Op::FMul, 3.0, 0.1), 3.0f32 * 0.1f32);
    assert_eq!(f(Op::FDiv, 1.0, 3.0), 1.0f32 / 3.0f32);
    assert_eq!(f(Op::FRem, -7.0, 3.0), -1.0);
    assert_eq!(f(Op::FMod, -7.0, 3.0), 2.0);
    assert_eq!(f32::from_bits(scalar(Op::FNegate, F32, F32, &[2f32.to_bits() as u64]) as u32), -2.0);
}

#[test]
fn composites_shuffle_extract_insert_and_bitcast() {
    use Scalar::*;
    let v4 = Type::Vector(I32, 4);
    let a = ConstVal::Composite((1..=4).map(bits).collect());
    let b = ConstVal::Composite((5..=8).map(bits).collect());
    let sh =
        fold(Op::VectorShuffle, &Type::Vector(I32, 3), &[(a.clone(), v4.clone()), (b, v4.clone())], &[7, 0, u32::MAX]);
    assert_eq!(sh.ok(), Some(ConstVal::Composite(vec![bits(8), bits(1), bits(0)])));
    assert_eq!(fold(Op::CompositeExtract, &s(I32), &[(a.clone(), v4.clone())], &[2]).ok(), Some(bits(3)));
    let ins = fold(Op::CompositeInsert, &v4, &[(bits(9), s(I32)), (ConstVal::Zero, v4.clone())], &[1]);
    assert_eq!(ins.ok(), Some(ConstVal::Composite(vec![ConstVal::Zero, bits(9), ConstVal::Zero, ConstVal::Zero])));
    // Component-wise on vectors, with a scalar shift amount per component.
    let shl = fold(Op::ShiftLeftLogical, &v4, &[(a.clone(), v4.clone()), (a.clone(), v4.clone())], &[]);
    assert_eq!(shl.ok(), Some(ConstVal::Composite(vec![bits(2), bits(8), bits(24), bits(64)])));
    // A bitcast between vectors of different component counts keeps the bytes.
    let two = ConstVal::Composite(vec![bits(0x1111_2222), bits(0x3333_4444)]);
    let one = fold(Op::Bitcast, &s(I64), &[(two, Type::Vector(I32, 2))], &[]);
    assert_eq!(one.ok(), Some(bits(0x3333_4444_1111_2222)));
    let f = fold(Op::Bitcast, &s(F32), &[(bits(1f32.to_bits() as u64), s(I32))], &[]);
    assert_eq!(f.ok(), Some(f32c(1.0)));
}

#[test]
fn pointer_operations_are_unsupported_not_wrong() {
    let e = fold(Op::AccessChain, &s(Scalar::I32), &[], &[]).unwrap_err();
    assert!(e.to_string().contains("not supported"), "{e}");
}

#[test]
fn specialization_values_are_converted_to_the_constant_type() {
    use Scalar::*;
    assert_eq!(spec_bits(SpecValue::Int(-1), I8, true, 0).ok(), Some(0xff));
    assert_eq!(spec_bits(SpecValue::Int(255), I8, false, 0).ok(), Some(0xff));
    assert!(spec_bits(SpecValue::Int(256), I8, false, 0).is_err());
    assert!(spec_bits(SpecValue::Int(-129), I8, true, 0).is_err());
    assert_eq!(spec_bits(SpecValue::float(0.1), F32, false, 0).ok(), Some(0.1f32.to_bits() as u64));
    assert_eq!(spec_bits(SpecValue::float(0.5), F16, false, 0).ok(), Some(0x3800));
    assert_eq!(spec_bits(SpecValue::Int(3), F64, false, 0).ok(), Some(3f64.to_bits()));
    assert_eq!(spec_bits(SpecValue::Bool(true), Bool, false, 0).ok(), Some(1));
    assert_eq!(spec_bits(SpecValue::Bits(0x1_0000_0005), I32, false, 0).ok(), Some(5));
    assert!(spec_bits(SpecValue::float(1.0), I32, true, 7).unwrap_err().to_string().contains("constant 7"));
    assert!(spec_bits(SpecValue::Int(2), Bool, false, 0).is_err());
}

//! Matrix arithmetic on matrices held as arrays of column vectors: `OpMatrixTimesScalar`,
//! `OpMatrixTimesVector`, `OpVectorTimesMatrix`, `OpMatrixTimesMatrix`, `OpTranspose`
//! and `OpOuterProduct`, built from vector multiplies and adds in column order.
//!
//! Values only; how matrices are laid out in memory is `types`' and `memory`'s.

use rspirv::spirv::Op;

use super::function::{Frame, Translator};
use super::module::op_name;
use super::reader::SpvInst;
use crate::ir::{BinaryOp, InstKind, Scalar, Type, Value};
use crate::{CompileError, Result};

/// A float matrix's shape: its component type, columns and rows.
fn shape(t: &Type) -> Option<(Scalar, u32, u8)> {
    match t {
        Type::Array { elem, len, .. } => match **elem {
            Type::Vector(s, rows) if s.is_float() => Some((s, *len as u32, rows)),
            _ => None,
        },
        _ => None,
    }
}

impl Translator<'_> {
    /// One matrix instruction.
    pub(crate) fn matrix(&mut self, fr: &Frame, inst: &SpvInst) -> Result<Value> {
        let rt = self.rty(inst)?;
        let a = self.op(fr, inst, 0)?;
        let b = self.op(fr, inst, 1);
        let ta = self.ty_of(a);
        let bad = |what: &str| CompileError::invalid(format!("{}: {what}", op_name(inst.op)));
        let v = match inst.op {
            Op::MatrixTimesScalar => {
                let (s, cols, rows) = shape(&ta).ok_or_else(|| bad("the first operand is not a float matrix"))?;
                let b = b?;
                if self.f.ty(b) != &Type::Scalar(s) {
                    return Err(bad("the scalar's type is not the matrix's component type"));
                }
                let col_ty = Type::Vector(s, rows);
                let k = self.splat(b, &col_ty);
                let out: Vec<Value> = (0..cols)
                    .map(|c| {
                        let col = self.emit(InstKind::Extract(a, c), col_ty.clone());
                        self.emit(InstKind::Binary(BinaryOp::FMul, col, k), col_ty.clone())
                    })
                    .collect();
                self.emit(InstKind::Construct(out), rt.clone())
            }
            Op::MatrixTimesVector => {
                let b = b?;
                self.times_vector(a, b).ok_or_else(|| bad("operands of mismatched shapes"))?
            }
            Op::VectorTimesMatrix => {
                let b = b?;
                let (s, cols, rows) = shape(&self.ty_of(b)).ok_or_else(|| bad("the second operand is not a matrix"))?;
                if ta != Type::Vector(s, rows) {
                    return Err(bad("the vector's length is not the matrix's row count"));
                }
                let col_ty = Type::Vector(s, rows);
                let mut out = Vec::new();
                for c in 0..cols {
                    let col = self.emit(InstKind::Extract(b, c), col_ty.clone());
                    out.push(self.dot(a, col)?);
                }
                self.emit(InstKind::Construct(out), rt.clone())
            }
            Op::MatrixTimesMatrix => {
                let b = b?;
                let (s, cols, _) = shape(&self.ty_of(b)).ok_or_else(|| bad("the second operand is not a matrix"))?;
                let (_, _, k) = shape(&self.ty_of(b)).ok_or_else(|| bad("the second operand is not a matrix"))?;
                let mut out = Vec::new();
                for c in 0..cols {
                    let col = self.emit(InstKind::Extract(b, c), Type::Vector(s, k));
                    out.push(self.times_vector(a, col).ok_or_else(|| bad("operands of mismatched shapes"))?);
                }
                self.emit(InstKind::Construct(out), rt.clone())
            }
            Op::Transpose => {
                let (s, cols, rows) = shape(&ta).ok_or_else(|| bad("the operand is not a float matrix"))?;
                let (_, rcols, rrows) = shape(&rt).ok_or_else(|| bad("the result is not a float matrix"))?;
                if rcols != rows as u32 || rrows as u32 != cols {
                    return Err(bad("the result's shape is not the operand's transposed"));
                }
                let mut elems = vec![Vec::new(); rows as usize];
                for c in 0..cols {
                    let col = self.emit(InstKind::Extract(a, c), Type::Vector(s, rows));
                    for (r, row) in elems.iter_mut().enumerate() {
                        row.push(self.emit(InstKind::Extract(col, r as u32), Type::Scalar(s)));
                    }
                }
                let out: Vec<Value> = elems
                    .into_iter()
                    .map(|row| self.emit(InstKind::Construct(row), Type::Vector(s, cols as u8)))
                    .collect();
                self.emit(InstKind::Construct(out), rt.clone())
            }
            Op::OuterProduct => {
                let b = b?;
                let (s, cols, rows) = shape(&rt).ok_or_else(|| bad("the result is not a float matrix"))?;
                if ta != Type::Vector(s, rows) || self.ty_of(b).lanes() != Some(cols) {
                    return Err(bad("the operands' lengths are not the result's rows and columns"));
                }
                let out: Vec<Value> = (0..cols)
                    .map(|c| {
                        let e = self.emit(InstKind::Extract(b, c), Type::Scalar(s));
                        let k = self.splat(e, &ta);
                        self.emit(InstKind::Binary(BinaryOp::FMul, a, k), ta.clone())
                    })
                    .collect();
                self.emit(InstKind::Construct(out), rt.clone())
            }
            _ => return Err(CompileError::internal("matrix() called for another opcode")),
        };
        if self.f.ty(v) != &rt {
            return Err(bad(&format!("the result type {rt} is not {}", self.f.ty(v))));
        }
        Ok(v)
    }

    /// Matrix `m` times column vector `v`: the columns scaled by `v`'s components and
    /// summed in column order; `None` when the shapes do not match.
    fn times_vector(&mut self, m: Value, v: Value) -> Option<Value> {
        let (s, cols, rows) = shape(&self.ty_of(m))?;
        if self.ty_of(v).lanes() != Some(cols) || self.ty_of(v).scalar() != Some(s) {
            return None;
        }
        let col_ty = Type::Vector(s, rows);
        let mut acc = None;
        for c in 0..cols {
            let col = self.emit(InstKind::Extract(m, c), col_ty.clone());
            let e = if cols == 1 { v } else { self.emit(InstKind::Extract(v, c), Type::Scalar(s)) };
            let k = self.splat(e, &col_ty);
            let p = self.emit(InstKind::Binary(BinaryOp::FMul, col, k), col_ty.clone());
            acc = Some(match acc {
                Some(a) => self.emit(InstKind::Binary(BinaryOp::FAdd, a, p), col_ty.clone()),
                None => p,
            });
        }
        acc
    }
}

//! `Determinant` and `MatrixInverse` of GLSL.std.450 on square float matrices held as
//! arrays of column vectors (n ≤ 4): cofactor expansion, and the adjugate divided by the
//! determinant.

use crate::frontend::spirv::function::Translator;
use crate::ir::{BinaryOp, InstKind, Type, UnaryOp, Value};
use crate::{CompileError, Result};

impl Translator<'_> {
    /// The elements `a[row][col]` of a square matrix held as an array of columns.
    pub(super) fn matrix_elements(&mut self, m: Value) -> Result<Vec<Vec<Value>>> {
        let t = self.ty_of(m);
        let (s, n) = match &t {
            Type::Array { elem, len, .. } => match **elem {
                Type::Vector(s, k) if s.is_float() && k as u64 == *len => (s, k as u32),
                _ => return Err(CompileError::invalid(format!("{t} is not a square float matrix"))),
            },
            _ => return Err(CompileError::invalid(format!("{t} is not a matrix"))),
        };
        let col_ty = Type::Vector(s, n as u8);
        let mut a = vec![Vec::with_capacity(n as usize); n as usize];
        for c in 0..n {
            let col = self.emit(InstKind::Extract(m, c), col_ty.clone());
            for (r, row) in a.iter_mut().enumerate() {
                row.push(self.emit(InstKind::Extract(col, r as u32), Type::Scalar(s)));
            }
        }
        Ok(a)
    }

    /// Determinant by cofactor expansion along the first row.
    pub(super) fn determinant(&mut self, a: &[Vec<Value>]) -> Value {
        let n = a.len();
        if n == 1 {
            return a[0][0];
        }
        if n == 2 {
            let p = self.bin(BinaryOp::FMul, a[0][0], a[1][1]);
            let q = self.bin(BinaryOp::FMul, a[0][1], a[1][0]);
            return self.bin(BinaryOp::FSub, p, q);
        }
        let mut acc: Option<Value> = None;
        for c in 0..n {
            let minor = minor_of(a, 0, c);
            let d = self.determinant(&minor);
            let term = self.bin(BinaryOp::FMul, a[0][c], d);
            acc = Some(match acc {
                None => term,
                Some(s) if c % 2 == 1 => self.bin(BinaryOp::FSub, s, term),
                Some(s) => self.bin(BinaryOp::FAdd, s, term),
            });
        }
        acc.unwrap_or(a[0][0])
    }

    /// The inverse as adjugate / determinant, built as an array of columns of type `rt`.
    pub(super) fn inverse(&mut self, a: &[Vec<Value>], rt: &Type) -> Result<Value> {
        let n = a.len();
        let st = self.ty_of(a[0][0]);
        let det = self.determinant(a);
        let one = self.fconst(&st, 1.0)?;
        let inv_det = self.bin(BinaryOp::FDiv, one, det);
        let col_ty = rt.component(0).ok_or_else(|| CompileError::invalid(format!("{rt} is not a matrix")))?;
        let mut cols = Vec::with_capacity(n);
        for c in 0..n {
            let mut col = Vec::with_capacity(n);
            for r in 0..n {
                // inverse[r][c] = cofactor(c, r) / det
                let cof = if n == 1 {
                    one
                } else {
                    let minor = minor_of(a, c, r);
                    let d = self.determinant(&minor);
                    if (r + c) % 2 == 1 {
                        self.emit(InstKind::Unary(UnaryOp::FNeg, d), st.clone())
                    } else {
                        d
                    }
                };
                col.push(self.bin(BinaryOp::FMul, cof, inv_det));
            }
            cols.push(self.emit(InstKind::Construct(col), col_ty.clone()));
        }
        Ok(self.emit(InstKind::Construct(cols), rt.clone()))
    }
}

/// `a` without row `row` and column `col`.
fn minor_of(a: &[Vec<Value>], row: usize, col: usize) -> Vec<Vec<Value>> {
    a.iter()
        .enumerate()
        .filter(|(r, _)| *r != row)
        .map(|(_, rv)| rv.iter().enumerate().filter(|(c, _)| *c != col).map(|(_, v)| *v).collect())
        .collect()
}

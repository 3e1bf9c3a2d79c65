//! Work-item builtin input variables (`BuiltIn` decorations): their loads become KIR
//! work-item queries; linear ids are computed from the vector queries.
//!
//! Only loads reach this module; the variables have no memory.

use rspirv::spirv::BuiltIn;

use super::function::Translator;
use super::memory::conv;
use crate::ir::{BinaryOp, ConvOp, InstKind, Type, Value, WorkItemQuery};
use crate::{CompileError, Result};

impl Translator<'_> {
    /// The value of builtin `b` (component `index` when given) as type `ty`.
    pub(crate) fn load_builtin(&mut self, b: BuiltIn, index: Option<Value>, ty: &Type) -> Result<Value> {
        let q = match b {
            BuiltIn::GlobalInvocationId => Some(WorkItemQuery::GlobalId),
            BuiltIn::LocalInvocationId => Some(WorkItemQuery::LocalId),
            BuiltIn::WorkgroupId => Some(WorkItemQuery::GroupId),
            BuiltIn::GlobalSize => Some(WorkItemQuery::GlobalSize),
            BuiltIn::WorkgroupSize => Some(WorkItemQuery::LocalSize),
            BuiltIn::EnqueuedWorkgroupSize => Some(WorkItemQuery::EnqueuedLocalSize),
            BuiltIn::NumWorkgroups => Some(WorkItemQuery::NumGroups),
            BuiltIn::GlobalOffset => Some(WorkItemQuery::GlobalOffset),
            _ => None,
        };
        if let Some(q) = q {
            let elem_ty = match ty {
                Type::Vector(s, _) => Type::Scalar(*s),
                t => t.clone(),
            };
            if let Some(i) = index {
                let v = self.emit(InstKind::WorkItem(q, i), self.size_ty.clone());
                return self.fit(v, &elem_ty);
            }
            return match ty {
                Type::Vector(_, n) => {
                    let mut parts = Vec::new();
                    for d in 0..*n as u32 {
                        let dim = self.i32c(d);
                        let v = self.emit(InstKind::WorkItem(q, dim), self.size_ty.clone());
                        parts.push(self.fit(v, &elem_ty)?);
                    }
                    Ok(self.emit(InstKind::Construct(parts), ty.clone()))
                }
                Type::Scalar(_) => {
                    let dim = self.i32c(0);
                    let v = self.emit(InstKind::WorkItem(q, dim), self.size_ty.clone());
                    self.fit(v, ty)
                }
                other => Err(CompileError::invalid(format!("builtin {b:?} loaded as {other}"))),
            };
        }
        if index.is_some() {
            return Err(CompileError::invalid(format!("builtin {b:?} is a scalar and cannot be indexed")));
        }
        let v = match b {
            BuiltIn::WorkDim => self.emit(InstKind::WorkDim, Type::I32),
            BuiltIn::GlobalLinearId => {
                // ((gid.z - off.z) * gsize.y + (gid.y - off.y)) * gsize.x + (gid.x - off.x)
                let mut ids = Vec::new();
                for d in 0..3 {
                    let g = self.query(WorkItemQuery::GlobalId, d);
                    let o = self.query(WorkItemQuery::GlobalOffset, d);
                    ids.push(self.emit(InstKind::Binary(BinaryOp::ISub, g, o), self.size_ty.clone()));
                }
                let sizes = [self.query(WorkItemQuery::GlobalSize, 0), self.query(WorkItemQuery::GlobalSize, 1)];
                self.linearize(ids, sizes)
            }
            BuiltIn::LocalInvocationIndex | BuiltIn::SubgroupId => {
                let ids = (0..3).map(|d| self.query(WorkItemQuery::LocalId, d)).collect();
                let sizes = [self.query(WorkItemQuery::LocalSize, 0), self.query(WorkItemQuery::LocalSize, 1)];
                self.linearize(ids, sizes)
            }
            BuiltIn::SubgroupSize | BuiltIn::SubgroupMaxSize => self.i32c(1),
            BuiltIn::SubgroupLocalInvocationId => self.i32c(0),
            BuiltIn::NumSubgroups | BuiltIn::NumEnqueuedSubgroups => {
                let q = if b == BuiltIn::NumSubgroups {
                    WorkItemQuery::LocalSize
                } else {
                    WorkItemQuery::EnqueuedLocalSize
                };
                let x = self.query(q, 0);
                let y = self.query(q, 1);
                let z = self.query(q, 2);
                let xy = self.emit(InstKind::Binary(BinaryOp::IMul, x, y), self.size_ty.clone());
                self.emit(InstKind::Binary(BinaryOp::IMul, xy, z), self.size_ty.clone())
            }
            other => {
                return Err(CompileError::unsupported(format!("builtin variable {other:?} is not supported")));
            }
        };
        self.fit(v, ty)
    }

    fn query(&mut self, q: WorkItemQuery, d: u32) -> Value {
        let dim = self.i32c(d);
        self.emit(InstKind::WorkItem(q, dim), self.size_ty.clone())
    }

    /// `(ids[2] * sizes[1] + ids[1]) * sizes[0] + ids[0]`.
    fn linearize(&mut self, ids: Vec<Value>, sizes: [Value; 2]) -> Value {
        let st = self.size_ty.clone();
        let a = self.emit(InstKind::Binary(BinaryOp::IMul, ids[2], sizes[1]), st.clone());
        let b = self.emit(InstKind::Binary(BinaryOp::IAdd, a, ids[1]), st.clone());
        let c = self.emit(InstKind::Binary(BinaryOp::IMul, b, sizes[0]), st.clone());
        self.emit(InstKind::Binary(BinaryOp::IAdd, c, ids[0]), st)
    }

    /// Zero-extend or truncate an integer to `ty`.
    fn fit(&mut self, v: Value, ty: &Type) -> Result<Value> {
        if self.f.ty(v) == ty {
            return Ok(v);
        }
        if !ty.scalar().is_some_and(|s| s.is_int()) {
            return Err(CompileError::invalid(format!("builtin variable loaded as {ty}, expected an integer type")));
        }
        Ok(self.emit(InstKind::Convert(conv(ConvOp::UToU), v), ty.clone()))
    }
}

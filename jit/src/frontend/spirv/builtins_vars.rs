//! Work-item builtin input variables (`BuiltIn` decorations): their loads become KIR
//! work-item queries (sub-group ones [`crate::ir::SubGroupOp`] queries); linear ids are
//! computed from the vector queries.
//!
//! Only loads reach this module; the variables have no memory.

use rspirv::spirv::BuiltIn;

use super::function::Translator;
use super::memory::conv;
use crate::ir::{BinaryOp, ConvOp, InstKind, IntCC, Scalar, SubGroupOp, Type, UnaryOp, Value, WorkItemQuery};
use crate::{CompileError, Result};

impl Translator<'_> {
    /// Work-item query `q` in dimension `dim` for builtin `b`. A Vulkan `WorkgroupId`
    /// counts from the dispatch's base group (`vkCmdDispatchBase`), which the runtime
    /// passes as a global offset of `base * local size`; OpenCL group ids do not.
    fn work_item(&mut self, b: BuiltIn, q: WorkItemQuery, dim: Value) -> Value {
        let v = self.emit(InstKind::WorkItem(q, dim), self.size_ty.clone());
        if b != BuiltIn::WorkgroupId || !super::vulkan::is_vulkan(self.m) {
            return v;
        }
        let offset = self.emit(InstKind::WorkItem(WorkItemQuery::GlobalOffset, dim), self.size_ty.clone());
        let size = self.emit(InstKind::WorkItem(WorkItemQuery::EnqueuedLocalSize, dim), self.size_ty.clone());
        let base = self.emit(InstKind::Binary(BinaryOp::UDiv, offset, size), self.size_ty.clone());
        self.emit(InstKind::Binary(BinaryOp::IAdd, v, base), self.size_ty.clone())
    }

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
                let v = self.work_item(b, q, i);
                return self.fit(v, &elem_ty);
            }
            return match ty {
                Type::Vector(_, n) => {
                    let mut parts = Vec::new();
                    for d in 0..*n as u32 {
                        let dim = self.i32c(d);
                        let v = self.work_item(b, q, dim);
                        parts.push(self.fit(v, &elem_ty)?);
                    }
                    Ok(self.emit(InstKind::Construct(parts), ty.clone()))
                }
                Type::Scalar(_) => {
                    let dim = self.i32c(0);
                    let v = self.work_item(b, q, dim);
                    self.fit(v, ty)
                }
                other => Err(CompileError::invalid(format!("builtin {b:?} loaded as {other}"))),
            };
        }
        let mask = matches!(
            b,
            BuiltIn::SubgroupEqMask
                | BuiltIn::SubgroupGeMask
                | BuiltIn::SubgroupGtMask
                | BuiltIn::SubgroupLeMask
                | BuiltIn::SubgroupLtMask
        );
        if let (Some(i), true) = (index, mask) {
            let m = self.sub_group_mask(b, &Type::Vector(Scalar::I32, 4))?;
            let v = self.emit(InstKind::ExtractDyn(m, i), Type::I32);
            return self.fit(v, ty);
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
            BuiltIn::LocalInvocationIndex => {
                let ids = (0..3).map(|d| self.query(WorkItemQuery::LocalId, d)).collect();
                let sizes = [self.query(WorkItemQuery::LocalSize, 0), self.query(WorkItemQuery::LocalSize, 1)];
                self.linearize(ids, sizes)
            }
            // Vulkan's SubgroupSize is the device's sub-group size; OpenCL's
            // get_sub_group_size() counts the work-items of this sub-group.
            BuiltIn::SubgroupSize if super::vulkan::is_vulkan(self.m) => self.sub_group_query(SubGroupOp::MaxSize),
            BuiltIn::SubgroupSize => self.sub_group_query(SubGroupOp::Size),
            BuiltIn::SubgroupMaxSize => self.sub_group_query(SubGroupOp::MaxSize),
            BuiltIn::SubgroupId => self.sub_group_query(SubGroupOp::Id),
            BuiltIn::SubgroupLocalInvocationId => self.sub_group_query(SubGroupOp::LocalId),
            BuiltIn::NumSubgroups => self.sub_group_query(SubGroupOp::Count),
            BuiltIn::NumEnqueuedSubgroups => self.sub_group_query(SubGroupOp::EnqueuedCount),
            BuiltIn::SubgroupEqMask
            | BuiltIn::SubgroupGeMask
            | BuiltIn::SubgroupGtMask
            | BuiltIn::SubgroupLeMask
            | BuiltIn::SubgroupLtMask => return self.sub_group_mask(b, ty),
            other => {
                return Err(CompileError::unsupported(format!("builtin variable {other:?} is not supported")));
            }
        };
        self.fit(v, ty)
    }

    /// A sub-group query as i32.
    fn sub_group_query(&mut self, op: SubGroupOp) -> Value {
        self.emit(InstKind::SubGroup { op, args: Vec::new() }, Type::I32)
    }

    /// `SubgroupEqMask` .. `SubgroupLtMask`: a 4 × i32 mask of the sub-group's work-items
    /// by local id compared with this one's (bits of ids past the sub-group's maximum
    /// size are clear).
    fn sub_group_mask(&mut self, b: BuiltIn, ty: &Type) -> Result<Value> {
        let mask_ty = Type::Vector(Scalar::I32, 4);
        if *ty != mask_ty {
            return Err(CompileError::invalid(format!("builtin {b:?} loaded as {ty}, expected a uvec4")));
        }
        let id = self.sub_group_query(SubGroupOp::LocalId);
        let max = self.sub_group_query(SubGroupOp::MaxSize);
        let one = self.i32c(1);
        let ones = self.i32c(u32::MAX);
        let i32t = Type::I32;
        // Bits below `n` (n <= 32): ~(~0 << n), with n = 32 giving all ones.
        let below = |me: &mut Self, n: Value| -> Value {
            let shifted = me.emit(InstKind::Binary(BinaryOp::Shl, ones, n), i32t.clone());
            let low = me.emit(InstKind::Unary(UnaryOp::Not, shifted), i32t.clone());
            let c32 = me.i32c(32);
            let full = me.emit(InstKind::Icmp(IntCC::Uge, n, c32), Type::BOOL);
            me.emit(InstKind::Select(full, ones, low), i32t.clone())
        };
        let all = below(self, max);
        let id1 = self.emit(InstKind::Binary(BinaryOp::IAdd, id, one), i32t.clone());
        let x = match b {
            BuiltIn::SubgroupEqMask => self.emit(InstKind::Binary(BinaryOp::Shl, one, id), i32t.clone()),
            BuiltIn::SubgroupLeMask => below(self, id1),
            BuiltIn::SubgroupLtMask => below(self, id),
            _ => {
                let at = if b == BuiltIn::SubgroupGeMask { id } else { id1 };
                let le = below(self, at);
                let ge = self.emit(InstKind::Unary(UnaryOp::Not, le), i32t.clone());
                self.emit(InstKind::Binary(BinaryOp::And, ge, all), i32t.clone())
            }
        };
        let zero = self.i32c(0);
        Ok(self.emit(InstKind::Construct(vec![x, zero, zero, zero]), mask_ty))
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

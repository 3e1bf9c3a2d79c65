//! The instruction dispatcher of the lowering, one for every W: which lowering each KIR
//! instruction gets. Effects (barriers, stores, atomics, calls) go to their families;
//! a value is computed for the whole lane group when it is uniform (scalars; at W = 1
//! every value is), and when it varies, by the vector form of its family where there is
//! one, else by the scalar lowering run once per lane ([`At::Lane`]) and packed.
//!
//! This module decides where an instruction goes, never how it is lowered.

use cranelift_codegen::ir::{InstBuilder, Value as ClifValue};

use super::leaf::At;
use super::state::FnLower;
use crate::ir::{self, BlockId, InstKind, Type};
use crate::{CompileError, Result};

impl FnLower<'_, '_> {
    /// Lower instruction `inst` (position `pos` of `blk`) and define its result.
    pub(crate) fn lower_inst(&mut self, blk: BlockId, pos: usize, inst: &ir::Inst) -> Result<()> {
        let vector = self.lanes.0 > 1;
        let result = inst.result;
        let uniform_operands = inst.kind.uses().iter().all(|v| !self.is_varying(*v));
        match &inst.kind {
            InstKind::Barrier => return self.barrier(blk, pos),
            InstKind::MemoryFence => {
                self.b.ins().fence();
                return Ok(());
            }
            InstKind::Store { ptr, value, .. } => {
                return if uniform_operands { self.store(*ptr, *value, At::Group) } else { self.vstore(*ptr, *value) };
            }
            // Every work-item stores, even to a uniform address (in lane order).
            InstKind::AtomicStore { ptr, value } if vector => {
                return self.per_lane_effect(|me, at| me.atomic_store(*ptr, *value, at));
            }
            InstKind::AtomicStore { ptr, value } => return self.atomic_store(*ptr, *value, At::Group),
            InstKind::CopyMemory { dst, src, size } => {
                return if uniform_operands {
                    self.copy_memory(*dst, *src, *size, At::Group)
                } else {
                    self.per_lane_effect(|me, at| me.copy_memory(*dst, *src, *size, at))
                };
            }
            InstKind::Call { builtin, args } if vector => return self.masked_call(*builtin, args, result),
            InstKind::Call { builtin, args } => {
                let vals = self.call_builtin_op(*builtin, args, result, At::Group)?;
                return self.define_result(result, vals);
            }
            InstKind::CallWhole { builtin, args } if vector => return self.masked_call_whole(*builtin, args, result),
            InstKind::CallWhole { builtin, args } => {
                let vals = self.call_whole(*builtin, args, result, At::Group)?;
                return self.define_result(result, vals);
            }
            InstKind::SubGroup { op, args } if vector => return self.sub_group_inst(*op, args, result),
            _ => {}
        }
        let r = result.ok_or_else(|| CompileError::internal("an instruction that computes a value has no result"))?;
        let ty = self.func.ty(r).clone();
        let vals = if self.id_unread(r) {
            // An id nothing reads: a placeholder of the right shape, removed by Cranelift
            // (no position arithmetic; divisions stay out of the code).
            let zeros = self.zeros(&ty)?;
            if self.is_varying(r) {
                let scalars = self.leaf_scalars(r)?;
                zeros.into_iter().zip(scalars).flat_map(|(z, s)| self.splat_leaf(z, s)).collect()
            } else {
                zeros
            }
        } else if let Some(c) = self.uniform_component(&inst.kind, r) {
            // A uniform component of a varying vector built in place (a y id of the
            // front end's id vector when lane groups lie within rows): that scalar.
            self.get(c, At::Group)?
        } else if !self.is_varying(r) {
            self.value_inst(&inst.kind, &ty, At::Group)?
        } else {
            self.varying_value(&inst.kind, &ty)?
        };
        self.set(r, vals)
    }

    /// For `r = extract(construct(..), i)` that is uniform while the vector varies: the
    /// component `i`.
    fn uniform_component(&self, kind: &InstKind, r: ir::Value) -> Option<ir::Value> {
        let InstKind::Extract(a, i) = kind else { return None };
        if self.is_varying(r) || !self.is_varying(*a) {
            return None;
        }
        match self.func.def_inst(*a).map(|d| &d.kind) {
            Some(InstKind::Construct(vs)) => vs.get(*i as usize).copied(),
            _ => None,
        }
    }

    /// The leaves of a varying value: the vector form of its family where there is one,
    /// else the scalar lowering per lane.
    fn varying_value(&mut self, kind: &InstKind, ty: &Type) -> Result<Vec<ClifValue>> {
        if let InstKind::Load { ptr, .. } = kind {
            return self.vload(*ptr, ty);
        }
        if let InstKind::AtomicRmw { op, ptr, value } = kind {
            if let Some(v) = self.aggregated_atomic(*op, *ptr, *value, ty)? {
                return Ok(v);
            }
        }
        if let Some(v) = self.vec_work_item(kind, ty)? {
            return Ok(v);
        }
        if let Some(v) = self.vector_op(kind, ty)? {
            return Ok(v);
        }
        self.per_lane_value(kind, ty)
    }

    /// Define `result` from `vals` (an instruction without a result must produce none).
    fn define_result(&mut self, result: Option<ir::Value>, vals: Option<Vec<ClifValue>>) -> Result<()> {
        match (result, vals) {
            (Some(r), Some(v)) => self.set(r, v),
            (None, _) => Ok(()),
            (Some(r), None) => Err(CompileError::internal(format!("{r} has no value after lowering"))),
        }
    }

    /// Instructions that compute a value of type `ty`.
    pub(crate) fn value_inst(&mut self, kind: &InstKind, ty: &Type, at: At) -> Result<Vec<ClifValue>> {
        use InstKind::*;
        match kind {
            Const(bits) => self.constant(ty, bits),
            Undef => self.zeros(ty),
            Param(n) => self.param(*n, ty),
            Unary(op, a) => self.unary(*op, *a, at),
            Binary(op, a, b) => self.binary(*op, *a, *b, at),
            Fma(a, b, c) => self.fma(*a, *b, *c, at),
            Icmp(cc, a, b) => self.icmp(*cc, *a, *b, at),
            Fcmp(cc, a, b) => self.fcmp(*cc, *a, *b, at),
            Select(c, a, b) => self.select(*c, *a, *b, at),
            Convert(conv, a) => self.convert(*conv, *a, ty, at),
            Bitcast(a) => self.bitcast(*a, ty, at),
            Extract(a, i) => self.extract(*a, *i, at),
            Insert { aggregate, element, index } => self.insert(*aggregate, *element, *index, at),
            ExtractDyn(a, i) => self.extract_dyn(*a, *i, ty, at),
            InsertDyn { vector, element, index } => self.insert_dyn(*vector, *element, *index, at),
            Shuffle { a, b, indices } => self.shuffle(*a, *b, indices, ty, at),
            Construct(parts) => {
                let mut out = Vec::new();
                for p in parts {
                    out.extend(self.get(*p, at)?);
                }
                Ok(out)
            }
            PtrAdd(p, off) => self.ptr_add(*p, *off, at),
            Load { ptr, .. } => self.load(*ptr, ty, at),
            AtomicRmw { op, ptr, value } => self.atomic_rmw(*op, *ptr, *value, ty, at),
            AtomicCmpXchg { ptr, expected, replacement } => self.atomic_cas(*ptr, *expected, *replacement, ty, at),
            AtomicLoad { ptr } => self.atomic_load(*ptr, ty, at),
            WorkItem(q, dim) => self.work_item(*q, *dim, ty, at),
            WorkDim => self.work_dim(ty),
            ArgSize(n) => self.arg_size(*n),
            VarAddr(v) => self.var_addr(*v, at),
            LocalAddr(off) => {
                let off = i64::try_from(*off).map_err(|_| CompileError::internal("local offset out of range"))?;
                Ok(vec![self.b.ins().iadd_imm_s(self.prologue.local_mem, off)])
            }
            DataAddr(d) => Ok(vec![self.data_address(d.0 as usize)?]),
            Math(op, args) => self.math(*op, args, ty, at),
            SubGroup { op, args } => match at {
                At::Group => self.sub_group(*op, args, ty),
                At::Lane(_) => {
                    Err(CompileError::internal(format!("sub-group {op:?} lowered for one lane; it needs the group")))
                }
            },
            CallWhole { builtin, .. } => {
                Err(CompileError::internal(format!("whole-value call `{builtin}` dispatched as a plain value")))
            }
            Barrier | MemoryFence | Store { .. } | AtomicStore { .. } | CopyMemory { .. } | Call { .. } => {
                Err(CompileError::internal("instruction without a value dispatched as a value"))
            }
        }
    }
}

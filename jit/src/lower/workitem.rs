//! Work-item queries: ids, sizes and offsets read from the launch context and the lane
//! group number, truncated to the module's size type.
//!
//! This module must not touch kernel memory.

use cranelift_codegen::ir::condcodes::IntCC as CIntCC;
use cranelift_codegen::ir::{types, InstBuilder, Value as ClifValue};
use spirjit_abi::context::offsets;

use super::function::{ctx_flags, FnLower};
use super::leaf::leaf_type;
use crate::ir::{self, InstKind, Type, WorkItemQuery};
use crate::{CompileError, Result};

impl FnLower<'_, '_> {
    fn ctx_u64(&mut self, field: usize, dim: usize) -> ClifValue {
        self.b.ins().load(types::I64, ctx_flags(), self.ctx, (field + 8 * dim) as i32)
    }

    /// Local linear id of this lane's work-item (W = 1: the lane group number; W > 1:
    /// the lane `cur_lane` of the group).
    fn local_linear_id(&mut self) -> ClifValue {
        if self.lanes.0 == 1 {
            self.lane_group
        } else {
            let first = self.b.ins().imul_imm_s(self.lane_group, self.lanes.0 as i64);
            self.b.ins().iadd_imm_s(first, self.cur_lane.unwrap_or(0) as i64)
        }
    }

    /// `local_size[d]`, at least 1 (so that divisions by it cannot trap).
    fn local_size_nz(&mut self, d: usize) -> ClifValue {
        let ls = self.ctx_u64(offsets::LOCAL_SIZE, d);
        let one = self.b.ins().iconst(types::I64, 1);
        let is0 = self.b.ins().icmp_imm_s(CIntCC::Equal, ls, 0);
        self.b.ins().select(is0, one, ls)
    }

    fn local_id(&mut self, d: usize) -> ClifValue {
        let l = self.local_linear_id();
        let sx = self.local_size_nz(0);
        match d {
            0 => self.b.ins().urem(l, sx),
            1 => {
                let sy = self.local_size_nz(1);
                let q = self.b.ins().udiv(l, sx);
                self.b.ins().urem(q, sy)
            }
            _ => {
                let sy = self.local_size_nz(1);
                let sxy = self.b.ins().imul(sx, sy);
                self.b.ins().udiv(l, sxy)
            }
        }
    }

    /// The query for a dimension known to be 0, 1 or 2, as i64.
    fn query_dim(&mut self, q: WorkItemQuery, d: usize) -> ClifValue {
        match q {
            WorkItemQuery::GlobalId => {
                let g = self.ctx_u64(offsets::GROUP_ID, d);
                let e = self.ctx_u64(offsets::ENQUEUED_LOCAL_SIZE, d);
                let l = self.local_id(d);
                let o = self.ctx_u64(offsets::GLOBAL_OFFSET, d);
                let ge = self.b.ins().imul(g, e);
                let s = self.b.ins().iadd(ge, l);
                self.b.ins().iadd(s, o)
            }
            WorkItemQuery::LocalId => self.local_id(d),
            WorkItemQuery::GroupId => self.ctx_u64(offsets::GROUP_ID, d),
            WorkItemQuery::GlobalSize => self.ctx_u64(offsets::GLOBAL_SIZE, d),
            WorkItemQuery::LocalSize => self.ctx_u64(offsets::LOCAL_SIZE, d),
            WorkItemQuery::EnqueuedLocalSize => self.ctx_u64(offsets::ENQUEUED_LOCAL_SIZE, d),
            WorkItemQuery::NumGroups => self.ctx_u64(offsets::NUM_GROUPS, d),
            WorkItemQuery::GlobalOffset => self.ctx_u64(offsets::GLOBAL_OFFSET, d),
        }
    }

    fn out_of_range_default(q: WorkItemQuery) -> i64 {
        match q {
            WorkItemQuery::GlobalSize
            | WorkItemQuery::LocalSize
            | WorkItemQuery::EnqueuedLocalSize
            | WorkItemQuery::NumGroups => 1,
            _ => 0,
        }
    }

    fn size_result(&mut self, v: ClifValue, ty: &Type) -> Result<ClifValue> {
        let s = ty
            .scalar()
            .filter(|s| s.is_int())
            .ok_or_else(|| CompileError::invalid(format!("a work-item query must have an integer type, not {ty}")))?;
        let t = leaf_type(s);
        Ok(if t.bits() < 64 { self.b.ins().ireduce(t, v) } else { v })
    }

    pub(crate) fn work_item(&mut self, q: WorkItemQuery, dim: ir::Value, ty: &Type) -> Result<Vec<ClifValue>> {
        let constant = match self.func.def_inst(dim).map(|i| &i.kind) {
            Some(InstKind::Const(bits)) => bits.first().copied(),
            _ => None,
        };
        let v = match constant {
            Some(d) if d < 3 => self.query_dim(q, d as usize),
            Some(_) => self.b.ins().iconst(types::I64, Self::out_of_range_default(q)),
            None => {
                let dv = self.get_scalar(dim)?;
                let mut acc = self.b.ins().iconst(types::I64, Self::out_of_range_default(q));
                for d in (0..3).rev() {
                    let val = self.query_dim(q, d);
                    let hit = self.b.ins().icmp_imm_s(CIntCC::Equal, dv, d as i64);
                    acc = self.b.ins().select(hit, val, acc);
                }
                acc
            }
        };
        Ok(vec![self.size_result(v, ty)?])
    }

    pub(crate) fn work_dim(&mut self, ty: &Type) -> Result<Vec<ClifValue>> {
        let v = self.b.ins().load(types::I64, ctx_flags(), self.ctx, offsets::WORK_DIM as i32);
        Ok(vec![self.size_result(v, ty)?])
    }
}

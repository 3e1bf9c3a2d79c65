//! Atomic additions to one address from a whole lane group at W > 1 (`atomic_inc(&count)`,
//! `atomic_add(&sum, x)`): one atomic of the active lanes' total instead of one per lane,
//! and per lane the old value it would have seen had the lanes run one after another in
//! lane order (lane 0's old value plus the values of the active lanes before it).
//!
//! That is one of the orders in which the work-items could have run, so every result is
//! one the kernel could observe from the per-lane form. Only integer add, subtract,
//! increment and decrement aggregate this way; other atomics, and atomics whose address
//! differs between lanes, stay per lane (`dispatch` sends only these here). This module
//! must not decide which instructions reach it.

use cranelift_codegen::ir::{AtomicRmwOp, InstBuilder, Value as ClifValue};

use super::bounds::{Access, AccessSize};
use super::leaf::{leaf_type, At};
use super::state::{mem_flags, FnLower};
use crate::ir::{self, AtomicOp, Scalar, Type};
use crate::Result;

impl FnLower<'_, '_> {
    /// The aggregated form of `op` at uniform `ptr`, or `None` when it has none.
    pub(crate) fn aggregated_atomic(
        &mut self,
        op: AtomicOp,
        ptr: ir::Value,
        value: ir::Value,
        ty: &Type,
    ) -> Result<Option<Vec<ClifValue>>> {
        let adds = matches!(op, AtomicOp::Add | AtomicOp::Inc);
        let aggregates = adds || matches!(op, AtomicOp::Sub | AtomicOp::Dec);
        let Type::Scalar(s) = ty else { return Ok(None) };
        if !aggregates || self.is_varying(ptr) || !matches!(s, Scalar::I32 | Scalar::I64) || self.lanes.0 < 2 {
            return Ok(None);
        }
        let it = leaf_type(*s);
        let active = self.lane_active();
        let w = self.lanes.0 as usize;
        let zero = self.iconst(it, 0);
        let mut before = Vec::with_capacity(w);
        let mut total = zero;
        for (l, act) in active.iter().enumerate().take(w) {
            let v = match op {
                AtomicOp::Inc | AtomicOp::Dec => self.iconst(it, 1),
                _ => {
                    let v = self.get_scalar(value, At::Lane(l as u32))?;
                    self.resize(v, it, false)
                }
            };
            before.push(total);
            let v = self.b.ins().select(*act, v, zero);
            total = self.b.ins().iadd(total, v);
        }
        // The block runs only when some lane is active: the access happens for at
        // least one work-item, so its check is the one W = 1 would make.
        let p = self.get_scalar(ptr, At::Group)?;
        let p = self.guard_access(ptr, p, AccessSize::Const(it.bytes() as u64), At::Group, Access::Write)?;
        let rop = if adds { AtomicRmwOp::Add } else { AtomicRmwOp::Sub };
        let old = if self.is_local(ptr)? {
            // Local memory belongs to this work-group's thread alone.
            let old = self.b.ins().load(it, mem_flags(), p, 0);
            let new = if adds { self.b.ins().iadd(old, total) } else { self.b.ins().isub(old, total) };
            self.b.ins().store(mem_flags(), new, p, 0);
            old
        } else {
            self.b.ins().atomic_rmw(it, mem_flags(), rop, p, total)
        };
        let mut per_lane = Vec::with_capacity(w);
        for b in before {
            let seen = if adds { self.b.ins().iadd(old, b) } else { self.b.ins().isub(old, b) };
            per_lane.push(vec![seen]);
        }
        self.pack(&[*s], &per_lane).map(Some)
    }
}

//! Loads and stores of varying values at W > 1.
//!
//! An access whose address has the lane stride of its element (the uniformity
//! analysis's hint) gets a vector access, guarded at run time by a check that every
//! lane is active and the addresses really are consecutive; otherwise, and when the
//! check fails, each lane accesses memory on its own (masked-off lanes touch scratch
//! memory instead). This module must not decide control flow beyond that guard.

use cranelift_codegen::ir::condcodes::IntCC as CIntCC;
use cranelift_codegen::ir::{types, ConstantData, InstBuilder, Value as ClifValue};

use super::function::{mem_flags, FnLower};
use super::leaf::vec_leaf_type;
use crate::ir::{self, InstKind, Scalar, Type};
use crate::Result;

impl FnLower<'_, '_> {
    /// The scalar a consecutive vector access of `ty` at `ptr` works on, when the
    /// analysis expects consecutive addresses and the vectors are exactly filled.
    fn consecutive_scalar(&self, ptr: ir::Value, ty: &Type) -> Option<Scalar> {
        let Type::Scalar(s) = ty else { return None };
        if *s == Scalar::Bool || !self.is_varying(ptr) {
            return None;
        }
        let stride = self.uni.as_ref()?.lane_stride(ptr)?;
        let bytes = s.size() * self.lanes.0 as u64;
        (stride == s.size() as i64 && bytes.is_multiple_of(16)).then_some(*s)
    }

    /// An `i8` that is 1 when every lane is active and the lane addresses of `ptr` are
    /// `a0, a0 + size, a0 + 2 * size, ...`; also returns `a0`.
    fn consecutive_guard(&mut self, ptr: ir::Value, size: u64) -> Result<(ClifValue, ClifValue)> {
        let addrs = self.bundles(ptr)?.remove(0);
        let a0 = self.b.ins().extractlane(addrs[0], 0);
        let base = self.b.ins().splat(types::I64X2, a0);
        let mut acc: Option<ClifValue> = None;
        for (k, v) in addrs.iter().enumerate() {
            let mut bytes = Vec::with_capacity(16);
            bytes.extend_from_slice(&((2 * k as u64) * size).to_le_bytes());
            bytes.extend_from_slice(&((2 * k as u64 + 1) * size).to_le_bytes());
            let c = self.b.func.dfg.constants.insert(ConstantData::from(bytes));
            let c = self.b.ins().vconst(types::I64X2, c);
            let want = self.b.ins().iadd(base, c);
            let eq = self.b.ins().icmp(CIntCC::Equal, *v, want);
            acc = Some(match acc {
                Some(a) => self.b.ins().band(a, eq),
                None => eq,
            });
        }
        let ok = match acc {
            Some(a) => self.b.ins().vall_true(a),
            None => self.b.ins().iconst(types::I8, 0),
        };
        let ok = match self.all_active {
            Some(all) => self.b.ins().band(ok, all),
            None => ok,
        };
        Ok((ok, a0))
    }

    /// Load a varying value of type `ty` from the varying address `ptr`.
    pub(crate) fn vload(&mut self, ptr: ir::Value, ty: &Type) -> Result<Vec<ClifValue>> {
        let kind = InstKind::Load { ptr, align: 1 };
        let Some(s) = self.consecutive_scalar(ptr, ty) else {
            return self.per_lane_value(&kind, ty);
        };
        let (ok, a0) = self.consecutive_guard(ptr, s.size())?;
        let vt = vec_leaf_type(s);
        let n = self.lanes.vectors(s);
        let vars: Vec<_> = (0..n).map(|_| self.b.declare_var(vt)).collect();
        let (fast, slow, join) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        for (k, var) in vars.iter().enumerate() {
            let v = self.b.ins().load(vt, mem_flags(), a0, 16 * k as i32);
            self.b.def_var(*var, v);
        }
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(slow);
        self.b.set_cold_block(slow);
        let vals = self.per_lane_value(&kind, ty)?;
        for (var, v) in vars.iter().zip(vals) {
            self.b.def_var(*var, v);
        }
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(join);
        Ok(vars.iter().map(|v| self.b.use_var(*v)).collect())
    }

    /// Store `value` at `ptr`, at least one of them varying.
    pub(crate) fn vstore(&mut self, ptr: ir::Value, value: ir::Value) -> Result<()> {
        let ty = self.value_type(value)?;
        let fast_scalar = self.consecutive_scalar(ptr, ty);
        let per_lane = |me: &mut Self| -> Result<()> {
            for l in 0..me.lanes.0 {
                me.cur_lane = Some(l);
                let r = me.store(ptr, value);
                me.cur_lane = None;
                r?;
            }
            Ok(())
        };
        let Some(s) = fast_scalar else { return per_lane(self) };
        let (ok, a0) = self.consecutive_guard(ptr, s.size())?;
        let vals = self.bundles(value)?.remove(0);
        let (fast, slow, join) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        for (k, v) in vals.iter().enumerate() {
            self.b.ins().store(mem_flags(), *v, a0, 16 * k as i32);
        }
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(slow);
        self.b.set_cold_block(slow);
        per_lane(self)?;
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(join);
        Ok(())
    }
}

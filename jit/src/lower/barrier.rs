//! Barriers as continuations: at barrier k a lane group saves every value live after
//! the barrier into its private area and ends with status k (the entry returns k once
//! every lane group of the call got there, see `entry`); the resume dispatch brings it
//! back to the continuation block, which reloads those values and carries on.
//!
//! Under masked control flow the lane group must reach a barrier with all its
//! work-items (checked at run time); the continuation then starts from the entry mask.
//!
//! Save slots follow the private variables; each value saved at any barrier has one
//! slot sized by the value's Cranelift representation (vectors at W > 1). This module
//! must not decide which values are live (that is `analysis`).

use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Type as ClifType};

use super::leaf::At;
use super::state::FnLower;
use crate::ir::BlockId;
use crate::{CompileError, Result};

impl FnLower<'_, '_> {
    /// Offsets (within the private area) of the saved pieces of `v`, whose Cranelift
    /// types are `tys` (scalars, or vectors for varying values at W > 1).
    fn save_slot(&mut self, v: crate::ir::Value, tys: &[ClifType]) -> Result<Vec<u64>> {
        let align = |t: &ClifType| (t.bytes() as u64).clamp(1, 16);
        let start = match self.save_slots.get(&v) {
            Some(s) => *s,
            None => {
                let s = self.private_end.div_ceil(16) * 16;
                let mut end = s;
                for t in tys {
                    end = end.div_ceil(align(t)) * align(t) + t.bytes() as u64;
                }
                self.private_end = end;
                self.save_slots.insert(v, s);
                s
            }
        };
        let mut offs = Vec::with_capacity(tys.len());
        let mut at = start;
        for t in tys {
            at = at.div_ceil(align(t)) * align(t);
            offs.push(at);
            at += t.bytes() as u64;
        }
        if at > i32::MAX as u64 {
            return Err(CompileError::limit("values saved across barriers exceed 2 GiB per lane group"));
        }
        Ok(offs)
    }

    /// Lower the barrier at instruction `pos` of `blk`.
    pub(crate) fn barrier(&mut self, blk: BlockId, pos: usize) -> Result<()> {
        let k =
            *self.barrier_ids.get(&(blk, pos)).ok_or_else(|| CompileError::internal("a barrier was not numbered"))?;
        self.check_barrier_mask()?;
        let live = match &self.liveness {
            Some(l) => l.live_after(self.func, blk, pos),
            None => return Err(CompileError::internal("a kernel with a barrier has no liveness")),
        };
        // A value defined before the previous barrier on every path is still in its slot
        // (each value has one slot per lane group, and SSA values never change).
        let fresh = crate::analysis::liveness::defined_since_barrier(self.func, self.cfg, blk, pos);
        let flags = MemFlagsData::trusted();
        let mut saved = Vec::with_capacity(live.len());
        for v in live {
            let vals = self.get(v, At::Group)?;
            let tys: Vec<ClifType> = vals.iter().map(|x| self.vty(*x)).collect();
            let offs = self.save_slot(v, &tys)?;
            if fresh.contains(v) {
                for (o, x) in offs.iter().zip(vals) {
                    self.b.ins().store(flags, x, self.private_base, *o as i32);
                }
            }
            saved.push((v, offs, tys));
        }
        self.end_lane_group(k as u64);

        let cont = self.resume_blocks[k as usize - 1];
        self.b.switch_to_block(cont);
        self.resume_masks()?;
        // The slots hold these values for the rest of the lane group's run: the loads
        // may move and are dropped when nothing uses them.
        let restore = flags.with_readonly().with_can_move();
        for (v, offs, tys) in saved {
            let mut vals = Vec::with_capacity(offs.len());
            for (o, t) in offs.iter().zip(tys) {
                vals.push(self.b.ins().load(t, restore, self.private_base, *o as i32));
            }
            self.set_raw(v, vals)?;
        }
        Ok(())
    }
}

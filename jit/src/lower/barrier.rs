//! Barriers as continuations: at barrier k a lane group saves every value live after
//! the barrier into its private area and ends with status k (the entry returns k once
//! every lane group of the call got there, see `entry`); the resume dispatch brings it
//! back to the continuation block, which reloads those values and carries on.
//!
//! Under masked control flow the lane group must reach a barrier with all its
//! work-items (checked at run time); the continuation then starts from the entry mask.
//!
//! Save slots follow the private variables; each value saved at any barrier has one
//! slot sized by the value's Cranelift representation (vectors at W > 1). A value
//! defined in a block that lies on no cycle is stored right after its definition
//! ([`saved_at_definition`]), once per lane group, instead of at the barriers after it:
//! a value defined before a loop with barriers (a tiled GEMM's tile pointers) would
//! otherwise be stored again at every iteration. This module must not decide which
//! values are live (that is `analysis`).

use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Type as ClifType};

use super::leaf::At;
use super::state::FnLower;
use crate::analysis::liveness::Liveness;
use crate::analysis::Cfg;
use crate::ir::{self, BlockId, InstKind, ValueOrigin};
use crate::{CompileError, Result};

/// Per value of `func`: it is live after some barrier and defined by an instruction of
/// a block on no cycle of `cfg`, so it is stored once, right after its definition.
/// Its definition dominates every use, so every path to a barrier it is live at passes
/// the definition first; off a cycle, the definition runs at most once per lane group,
/// so the slot holds the one value the barriers would have saved.
pub(crate) fn saved_at_definition(func: &ir::Function, cfg: &Cfg, liveness: Option<&Liveness>) -> Vec<bool> {
    let mut out = vec![false; func.values.len()];
    let Some(live) = liveness else { return out };
    let def_block = super::masked::def_blocks(func);
    let cyclic = cfg.cyclic_blocks();
    for (bi, block) in func.blocks.iter().enumerate() {
        for (pos, &ii) in block.insts.iter().enumerate() {
            if !matches!(func.inst(ii).kind, InstKind::Barrier) {
                continue;
            }
            for v in live.live_after(func, BlockId(bi as u32), pos) {
                let is_inst = matches!(func.values.get(v.0 as usize).map(|d| d.origin), Some(ValueOrigin::Inst(_)));
                let Some(Some(db)) = def_block.get(v.0 as usize).copied() else { continue };
                if is_inst && !cyclic.get(db as usize).copied().unwrap_or(true) {
                    out[v.0 as usize] = true;
                }
            }
        }
    }
    out
}

impl FnLower<'_, '_> {
    /// Store `v`'s leaves into its save slot; returns the slot's pieces and their types.
    ///
    /// Without `store` the value is not read at all: reading a value held in a variable
    /// makes the SSA builder carry it (a block parameter at every join, through loops)
    /// to this point, where nothing needs it (with barriers in a loop, every value saved
    /// anywhere in the loop became a parameter of the loop header, restored and spilled
    /// at every iteration).
    fn store_saved(&mut self, v: crate::ir::Value, store: bool) -> Result<(Vec<u64>, Vec<ClifType>)> {
        if !store {
            let tys = self.leaf_types(v)?;
            return Ok((self.save_slot(v, &tys)?, tys));
        }
        let vals = self.get(v, At::Group)?;
        let tys: Vec<ClifType> = vals.iter().map(|x| self.vty(*x)).collect();
        let offs = self.save_slot(v, &tys)?;
        for (o, x) in offs.iter().zip(vals) {
            self.b.ins().store(MemFlagsData::trusted(), x, self.private_base, *o as i32);
        }
        Ok((offs, tys))
    }

    /// After the instruction defining `v`: store it when it is saved at its definition.
    pub(crate) fn save_at_definition(&mut self, v: crate::ir::Value) -> Result<()> {
        if self.saved_at_def.get(v.0 as usize).copied().unwrap_or(false) {
            self.store_saved(v, true)?;
        }
        Ok(())
    }

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
            let at_def = self.saved_at_def.get(v.0 as usize).copied().unwrap_or(false);
            let (offs, tys) = self.store_saved(v, fresh.contains(v) && !at_def)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::parse::parse_function;
    use crate::ir::Value;

    #[test]
    fn values_defined_off_cycles_are_saved_at_their_definition() {
        // v1 is defined before a loop with a barrier and used in it; v3 is defined in
        // the loop and used after the barrier: only v1 is stored where it is defined.
        let f = parse_function(
            "block0():
    v0: i32 = const 0x1
    v1: i32 = IAdd v0, v0
    jump block1(v0)
block1(v2: i32):
    v3: i32 = IAdd v2, v1
    barrier
    v4: i32 = IAdd v3, v1
    v5: bool = icmp Slt v4, v1
    br v5, block1(v4), block2()
block2():
    return",
        )
        .unwrap();
        let cfg = Cfg::new(&f);
        let live = Liveness::new(&f, &cfg);
        let at_def = saved_at_definition(&f, &cfg, Some(&live));
        assert!(at_def[Value(1).0 as usize], "v1 is defined before the loop");
        assert!(!at_def[Value(3).0 as usize], "v3 changes every iteration");
        assert!(!at_def[Value(2).0 as usize], "block parameters are saved at the barrier");
        assert!(saved_at_definition(&f, &cfg, None).iter().all(|b| !b), "no barriers, no liveness");
    }
}

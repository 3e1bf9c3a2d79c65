//! The steady loop: a second lane-group loop, in the same function, for the calls whose
//! lane groups all run alike (W > 1).
//!
//! The entry of a call already decides, for the whole call, whether every lane group is
//! full and every covered consecutive access in bounds (the steady flag), and whether
//! each bounded branch condition holds or fails for every work-item (`steady`). The
//! general loop tests those flags in the lane group, next to the per-lane-group tests
//! and the masked code they fall back to; all of it shares one loop, so the register
//! allocator keeps the loop's values in the frame and the fast path reloads them. The
//! steady loop is the kernel lowered a second time taking those decisions for granted:
//! every lane active, covered accesses unguarded, decided branches taken on their flag
//! alone. The code that would handle anything else is unreachable there and dropped by
//! Cranelift, so the loop holds only what a steady lane group runs. The entry's
//! dispatch enters it when the flags the loop relied on hold, and the general loop
//! otherwise (an edge work-group, a partial one, a condition that splits the group).
//!
//! Only kernels of at most [`MAX_STEADY_LOOP_INSTS`] instructions get the loop (it
//! doubles their lowering), only when the entry bounds something the loop
//! can leave out, and not when a loop's varying exit is not among what it bounds (such a
//! branch splits lane groups in the steady loop as well: an escape-time loop runs its
//! masked code there too, and gains nothing; a forward `if` on data only splits them
//! until its join). Kernels with barriers get it too when it leaves out at least two
//! guards or branches: what the dispatch tests depends on the work-group alone, so
//! every barrier round of a work-group runs in the same loop, and each loop keeps its
//! own save slots. This module decides that, opens the loop and fills the dispatch;
//! it must not lower instructions (the families ask [`FnLower::assumes_in_bounds`] and
//! [`FnLower::assumed_cond`]).

use cranelift_codegen::ir::{types, InstBuilder, Value as ClifValue};

use super::facts::RemarkKind;
use super::leaf::Lanes;
use super::state::{Assumed, FnLower, LoopParts};
use crate::ir;
use crate::Result;

/// Most KIR instructions of a kernel that gets a steady loop.
pub(crate) const MAX_STEADY_LOOP_INSTS: usize = 512;

/// Whether `v` is computed from local ids and constants alone (within a few steps).
fn local_only(func: &ir::Function, v: ir::Value, depth: u32) -> bool {
    if depth > 16 {
        return false;
    }
    let Some(inst) = func.def_inst(v) else { return false };
    match &inst.kind {
        ir::InstKind::WorkItem(ir::WorkItemQuery::LocalId, _) | ir::InstKind::Const(_) => true,
        ir::InstKind::Unary(_, _)
        | ir::InstKind::Binary(_, _, _)
        | ir::InstKind::Icmp(_, _, _)
        | ir::InstKind::Select(_, _, _)
        | ir::InstKind::Convert(_, _)
        | ir::InstKind::Extract(_, _)
        | ir::InstKind::Construct(_) => inst.kind.uses().iter().all(|u| local_only(func, *u, depth + 1)),
        _ => false,
    }
}

impl<'a, 'f> FnLower<'a, 'f> {
    /// After the general loop: whether a steady loop pays (W > 1, at most
    /// [`MAX_STEADY_LOOP_INSTS`] instructions, and a steady flag that covers an access
    /// or a branch condition the entry bounds).
    pub(crate) fn steady_loop_pays(&mut self) -> bool {
        if self.lanes.0 <= 1 || self.fallback_loop.is_some() {
            return false;
        }
        let size: usize = self.cfg.rpo.iter().map(|b| self.func.block(*b).insts.len()).sum();
        if size > MAX_STEADY_LOOP_INSTS {
            return false;
        }
        let Some(uni) = self.uni else { return false };
        let func = self.func;
        let mut looping = Vec::new();
        let cyclic = self.cfg.cyclic_blocks();
        for &b in &self.cfg.rpo {
            match &func.block(b).term {
                ir::Terminator::Branch { cond, .. } if !uni.is_uniform(*cond) && cyclic[b.0 as usize] => {
                    looping.push(*cond)
                }
                ir::Terminator::Switch { value, .. } if !uni.is_uniform(*value) => return false,
                _ => {}
            }
        }
        let least = if self.facts.has_barriers { 2 } else { 1 };
        let Some(f) = self.steady_facts() else { return false };
        // A loop whose exit the entry cannot decide splits lane groups in the steady
        // loop too, and keeps them in the masked code it was meant to leave out.
        let decided = |c: &ir::Value| f.conds.contains_key(c) && !local_only(func, *c, 0);
        // A kernel with barriers re-enters its loop every barrier round: one guard left
        // out does not pay for compiling it twice (matmul_tiled and sgemm_reqd, one
        // covered store each: 1.03x fewer instructions for 3x the compile time).
        f.flag.is_some()
            && looping.iter().all(decided)
            && f.covered.len() + f.conds.keys().filter(|c| decided(c)).count() + self.certain_tile_accesses() >= least
    }

    /// Consecutive accesses in bounds for certain (`bounds::statically_in_bounds`: a tile
    /// of the required work-group size indexed by local ids): with every lane active and
    /// the lanes consecutive, as in the steady loop, their guards test nothing.
    fn certain_tile_accesses(&self) -> usize {
        let Some(uni) = self.uni else { return 0 };
        let local = self.bounds.local_bounds();
        let func = self.func;
        let mut n = 0;
        for &b in &self.cfg.rpo {
            for &ii in &func.block(b).insts {
                let (ptr, ty) = match &func.inst(ii).kind {
                    ir::InstKind::Load { ptr, .. } => match func.inst(ii).result {
                        Some(r) => (*ptr, func.ty(r)),
                        None => continue,
                    },
                    ir::InstKind::Store { ptr, value, .. } => (*ptr, func.ty(*value)),
                    _ => continue,
                };
                // Only consecutive accesses (a vector access whose guard becomes known).
                let consecutive = uni.lane_stride(ptr) == i64::try_from(ty.size()).ok();
                if local.required_size.is_some()
                    && !uni.is_uniform(ptr)
                    && consecutive
                    && super::bounds::statically_in_bounds(func, ptr, ty.size(), local)
                {
                    n += 1;
                }
            }
        }
        n
    }

    /// Open and translate the steady loop of `kernel` (lowered on `path`, as the
    /// general loop was); the returned lowering finishes the function.
    pub(crate) fn steady_loop(self, kernel: &'a ir::Kernel, path: (Lanes, bool)) -> Result<FnLower<'a, 'f>> {
        let general = self.loop_start;
        let tiles = self.certain_tile_accesses();
        let general_private_end = self.private_end;
        let collect = self.collect_remarks;
        let FnLower { b, jit, bounds, imports, lane_scratch, steady, remarks, facts, data_offsets, prologue, .. } =
            self;
        let func = &kernel.func;
        let (covered, conds) = steady
            .as_ref()
            .map(|f| (f.covered.len(), f.conds.keys().filter(|c| !local_only(func, **c, 0)).count()))
            .unwrap_or_default();
        let parts = LoopParts { b, jit, bounds, imports, lane_scratch };
        let mut lo = FnLower::open_loop(parts, kernel, facts, path, data_offsets, prologue, Some(Assumed::default()))?;
        lo.steady = steady;
        lo.remarks = remarks;
        lo.fallback_loop = Some(general);
        lo.translate_loop()?;
        // Each loop keeps its own save slots for values live across barriers: a
        // work-group runs every barrier round in the same loop (the dispatch depends on
        // the work-group only), so the slots may overlap; the private area fits both.
        lo.private_end = lo.private_end.max(general_private_end);
        lo.collect_remarks = collect;
        lo.cur_at = None;
        lo.remark(
            RemarkKind::Path,
            format!(
                "steady loop: calls whose lane groups are all full and in bounds for {covered} consecutive \
                 access(es), with {conds} varying branch(es) decided for the whole work-group, run a second copy \
                 of the kernel without those tests{}",
                if tiles > 0 {
                    format!(" (and without the guards of {tiles} tile access(es) in bounds for certain)")
                } else {
                    String::new()
                }
            ),
        );
        Ok(lo)
    }

    /// In the steady loop: whether the consecutive access at `ptr` may go unguarded
    /// here (every lane active, the steady flag covers it).
    pub(crate) fn assumes_in_bounds(&mut self, ptr: ir::Value) -> bool {
        if self.assumed.is_none() || !self.unmasked_here() {
            return false;
        }
        let covered = self.steady_facts().is_some_and(|f| f.covered.contains(&ptr));
        if covered {
            if let Some(a) = &mut self.assumed {
                a.flag = true;
            }
        }
        covered
    }

    /// In the steady loop: for varying branch condition `c` that the entry bounds, its
    /// "true for every work-item" flag, which decides the branch for the lane group
    /// (the dispatch requires one of its two flags); none for conditions on local ids
    /// and constants alone, which the steady loop tests as the general loop does.
    pub(crate) fn assumed_cond(&mut self, c: ir::Value) -> Option<ClifValue> {
        // Conditions on local ids and constants alone (a tree reduction's `lid < s`)
        // decide alike in every full work-group and, in the kernels that have them,
        // split it: assuming them decided would keep every call out of the loop.
        if self.assumed.is_none() || local_only(self.func, c, 0) {
            return None;
        }
        let (all_true, all_false) = self.steady_cond(c)?;
        let a = self.assumed.as_mut()?;
        a.conds.push((all_true, all_false));
        Some(all_true)
    }

    /// In the dispatch: an `i8` that is set when the steady loop's assumptions hold
    /// (the steady flag, which every steady loop relies on for full lane groups, and
    /// each decided condition's "all true or all false").
    pub(crate) fn assumptions_hold(&mut self) -> ClifValue {
        let assumed = self.assumed.take().unwrap_or_default();
        let mut holds = match self.steady.as_ref().and_then(|s| s.flag) {
            Some(f) => f,
            None => self.b.ins().iconst(types::I8, 0),
        };
        let mut seen = std::collections::HashSet::new();
        for (t, f) in assumed.conds {
            if seen.insert(t) {
                let either = self.b.ins().bor(t, f);
                holds = self.b.ins().band(holds, either);
            }
        }
        holds
    }
}

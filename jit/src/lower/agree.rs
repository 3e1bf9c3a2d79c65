//! The all-lanes-agree copy of a kernel with divergent control flow at W > 1.
//!
//! Masked lowering (`masked`) runs every block of the chain under its execution mask:
//! it tests the mask, blends escaping values and block parameters, guards stores lane
//! by lane, and keeps the masks of the blocks after a divergent branch up to date. Most
//! lane groups of a kernel whose branches vary only at the edges of its grid (a stencil's
//! interior `if`, a bounds test on the last work-group) never split: every lane takes
//! the same edge. For them this module lowers the kernel a second time, structured as on
//! the uniform path, in which every lane of the lane group is active:
//!
//! * no masks, no blends, no per-lane active flags (the guards of vector accesses see
//!   every lane active, so their stores are plain vector stores);
//! * a divergent branch tests its condition across the lanes: all true or all false
//!   goes on in this copy; lanes that disagree leave for the masked chain, which takes
//!   the branch's edges under the full mask and continues after the branch's block;
//! * the masked chain comes back at the entry of any block whose mask holds every lane
//!   of the lane group (then no lane is anywhere else, so every other mask is empty).
//!
//! Blocks with a barrier get no copy (a barrier's continuation is one block, in the
//! chain); the copy enters the chain at their start with the full mask. Lowering a kernel
//! twice doubles its code, so only kernels of at most [`MAX_AGREE_INSTS`] instructions
//! get the copy. This module lays out the copy and its edges; it must not lower
//! instructions or decide uniformity.

use cranelift_codegen::ir::{types, Block, InstBuilder, Value as ClifValue};

use super::leaf::At;
use super::state::{FnLower, MaskStore};
use crate::ir::{self, BlockCall, BlockId, InstKind, Scalar, Terminator};
use crate::{CompileError, Result};

/// Most KIR instructions of a kernel whose blocks get an all-lanes-agree copy.
pub(crate) const MAX_AGREE_INSTS: usize = 1024;

/// Per block of `func`: whether it gets an all-lanes-agree copy (`order` holds the
/// reachable blocks). None does when the kernel is over [`MAX_AGREE_INSTS`]; blocks
/// with a barrier never do.
pub(crate) fn agree_copies(func: &ir::Function, order: &[BlockId], always: &[bool]) -> Vec<bool> {
    let mut out = vec![false; func.blocks.len()];
    let total: usize = order.iter().map(|b| func.block(*b).insts.len()).sum();
    if total > MAX_AGREE_INSTS {
        return out;
    }
    for b in order {
        let insts = &func.block(*b).insts;
        let barrier = insts.iter().any(|&ii| matches!(func.inst(ii).kind, InstKind::Barrier));
        if let Some(o) = out.get_mut(b.0 as usize) {
            *o = !barrier && !always.get(b.0 as usize).copied().unwrap_or(false);
        }
    }
    out
}

impl FnLower<'_, '_> {
    /// The entry of `blk`'s all-lanes-agree copy, if it has one.
    fn agree_block(&self, blk: BlockId) -> Option<Block> {
        self.masks.as_ref().and_then(|m| m.agree.get(blk.0 as usize).copied().flatten())
    }

    /// At the start of `blk` in the masked chain (its mask already read and cleared):
    /// when `full` (an `i8`) is set, every lane of the lane group is here, so go on in
    /// the block's all-lanes-agree copy; otherwise fall through to the masked lowering.
    pub(crate) fn enter_agree_if(&mut self, full: ClifValue, blk: BlockId) -> Result<()> {
        let Some(ab) = self.agree_block(blk) else { return Ok(()) };
        let (go, stay) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(full, go, &[], stay, &[]);
        self.b.switch_to_block(go);
        self.clear_mask_variables()?;
        self.b.ins().jump(ab, &[]);
        self.b.switch_to_block(stay);
        Ok(())
    }

    /// At the end of `blk`, a block every lane runs once (lowered once, in the chain):
    /// when every lane of the lane group exists, take its edges as the agree copy does;
    /// otherwise fall through to the masked terminator. Only where an edge leads to a
    /// block with an agree copy.
    pub(crate) fn agree_end_if_full(&mut self, blk: BlockId) -> Result<()> {
        let func = self.func;
        let leads = func.block(blk).term.targets().any(|t| self.agree_block(t.block).is_some());
        let Some(all) = self.masks.as_ref().and_then(|m| m.group_all) else { return Ok(()) };
        if !leads {
            return Ok(());
        }
        let (go, stay) = (self.b.create_block(), self.b.create_block());
        if self.assumed.is_some() {
            // The steady loop runs only calls whose lane groups are all full.
            self.b.ins().jump(go, &[]);
            self.b.seal_block(stay);
        } else {
            // The call's steady flag says every lane group is full (`steady`).
            if let Some(steady) = self.steady_flag() {
                let test = self.b.create_block();
                self.b.ins().brif(steady, go, &[], test, &[]);
                self.b.seal_block(test);
                self.b.switch_to_block(test);
            }
            self.b.ins().brif(all, go, &[], stay, &[]);
        }
        self.b.switch_to_block(go);
        let saved = (
            self.active.clone(),
            self.all_active,
            self.masks.as_ref().map(|m| (m.cur.clone(), m.cur_full)).unwrap_or_default(),
        );
        self.clear_mask_variables()?;
        self.enter_agree_mode();
        self.agree_terminator(blk).map_err(|e| e.at(None, format!("terminator of {blk}"), None))?;
        (self.active, self.all_active) = (saved.0, saved.1);
        if let Some(m) = &mut self.masks {
            (m.cur, m.cur_full) = saved.2;
        }
        self.b.switch_to_block(stay);
        Ok(())
    }

    /// Give every mask variable the shared zero mask. The masks are empty at run time
    /// whenever the agree copy runs; defining them as one value keeps
    /// `cranelift-frontend` from merging different (equal) zero masks in the copy.
    fn clear_mask_variables(&mut self) -> Result<()> {
        let blocks: Vec<BlockId> = match self.masks.as_ref() {
            Some(m) if matches!(m.store, MaskStore::Variables(_)) => {
                m.slots.iter().enumerate().filter(|(_, s)| s.is_some()).map(|(b, _)| BlockId(b as u32)).collect()
            }
            _ => return Ok(()),
        };
        let zero = self.zero_mask();
        for blk in blocks {
            self.write_mask(blk, &zero)?;
        }
        Ok(())
    }

    /// The mask of every lane of a full lane group (lanes past W clear).
    pub(crate) fn group_mask(&mut self) -> Vec<ClifValue> {
        let w = self.lanes.0 as usize;
        (0..self.lanes.vectors(Scalar::Bool))
            .map(|k| {
                let used = w.saturating_sub(4 * k).min(4);
                self.i32x4_const(std::array::from_fn(|lane| if lane < used { u32::MAX } else { 0 }))
            })
            .collect()
    }

    /// Lower the all-lanes-agree copy of every block that has one (after the chain).
    pub(crate) fn translate_agree(&mut self) -> Result<()> {
        let order = self.masks.as_ref().map(|m| m.order.clone()).unwrap_or_default();
        let remarks = std::mem::replace(&mut self.collect_remarks, false);
        let out = (|| {
            for blk in order {
                let Some(ab) = self.agree_block(blk) else { continue };
                self.b.switch_to_block(ab);
                self.enter_agree_mode();
                self.translate_insts(blk)?;
                self.agree_terminator(blk).map_err(|e| e.at(None, format!("terminator of {blk}"), None))?;
            }
            Ok(())
        })();
        self.collect_remarks = remarks;
        out
    }

    /// Every lane active, known at compile time: the current mask is full, no blends.
    fn enter_agree_mode(&mut self) {
        let full = self.group_mask();
        let one = self.b.ins().iconst(types::I8, 1);
        self.active = vec![one; self.lanes.0 as usize];
        self.all_active = Some(one);
        if let Some(ms) = &mut self.masks {
            ms.cur = full;
            ms.cur_full = true;
        }
    }

    /// The chain block after `blk` (where lanes that left the agree copy at `blk`'s end
    /// go on), or the chain's exit.
    fn chain_next(&self, blk: BlockId) -> Result<Block> {
        let m = self.masks.as_ref().ok_or_else(|| CompileError::internal("no mask state"))?;
        let i = m.order_index.get(blk.0 as usize).copied().flatten();
        match i.and_then(|i| m.order.get(i + 1)) {
            Some(n) => self.clif_block(*n),
            None => Ok(m.exit),
        }
    }

    fn agree_terminator(&mut self, blk: BlockId) -> Result<()> {
        let func = self.func;
        match &func.block(blk).term {
            Terminator::Return => {
                let exit =
                    self.masks.as_ref().map(|m| m.exit).ok_or_else(|| CompileError::internal("no mask state"))?;
                self.b.ins().jump(exit, &[]);
            }
            Terminator::Jump(call) => self.agree_edge(blk, call)?,
            Terminator::Branch { cond, then_, else_ } => {
                let (t, e) = (self.b.create_block(), self.b.create_block());
                if let Some(all_true) = self.is_varying(*cond).then(|| self.assumed_cond(*cond)).flatten() {
                    // The steady loop runs only calls for which the branch is decided.
                    self.b.ins().brif(all_true, t, &[], e, &[]);
                } else if self.is_varying(*cond) {
                    // Decided for the whole call when its range allows (`steady`).
                    if let Some((all_true, all_false)) = self.steady_cond(*cond) {
                        let (test_false, test_lanes) = (self.b.create_block(), self.b.create_block());
                        self.b.ins().brif(all_true, t, &[], test_false, &[]);
                        self.b.seal_block(test_false);
                        self.b.switch_to_block(test_false);
                        self.b.ins().brif(all_false, e, &[], test_lanes, &[]);
                        self.b.seal_block(test_lanes);
                        self.b.switch_to_block(test_lanes);
                    }
                    let c = self.bundles(*cond)?.remove(0);
                    let all = self.mask_all(&c);
                    let full = self.group_mask();
                    let some: Vec<ClifValue> = c.iter().zip(&full).map(|(x, f)| self.b.ins().band(*x, *f)).collect();
                    let any = self.mask_any(&some);
                    let (not_all, split) = (self.b.create_block(), self.b.create_block());
                    self.b.ins().brif(all, t, &[], not_all, &[]);
                    self.b.switch_to_block(not_all);
                    self.b.ins().brif(any, split, &[], e, &[]);
                    self.b.switch_to_block(split);
                    self.leave_agree(blk)?;
                } else {
                    let c = self.get_scalar(*cond, At::Group)?;
                    self.b.ins().brif(c, t, &[], e, &[]);
                }
                self.b.switch_to_block(t);
                self.agree_edge(blk, then_)?;
                self.b.switch_to_block(e);
                self.agree_edge(blk, else_)?;
            }
            // Switches and unreachable ends take the masked lowering's way.
            Terminator::Switch { .. } | Terminator::Unreachable => self.leave_agree(blk)?,
        }
        Ok(())
    }

    /// Leave the agree copy at the end of `blk`: its terminator lowered as in the chain
    /// under the full mask (every other mask is empty), then on along the chain.
    fn leave_agree(&mut self, blk: BlockId) -> Result<()> {
        let next = self.chain_next(blk)?;
        self.masked_terminator(blk, next)
    }

    /// Take edge `call` out of `blk` with every lane: pass the arguments, then go to the
    /// target's agree copy, or (a block without one) to its start in the chain with the
    /// full mask.
    fn agree_edge(&mut self, blk: BlockId, call: &BlockCall) -> Result<()> {
        let params = &self.func.block(call.block).params;
        let mut vals = Vec::with_capacity(call.args.len());
        for (a, p) in call.args.iter().zip(params) {
            vals.push(self.get_like(*a, *p)?);
        }
        for (p, v) in params.iter().zip(vals) {
            self.set_raw(*p, v)?;
        }
        match self.agree_block(call.block) {
            Some(ab) => {
                if self.chain_retreating(blk, call.block) {
                    self.poll_cancel();
                }
                self.b.ins().jump(ab, &[]);
            }
            None => {
                if self.chain_retreating(blk, call.block) {
                    self.poll_cancel();
                }
                if !self.is_always(call.block) {
                    let full = self.group_mask();
                    self.write_mask(call.block, &full)?;
                }
                let target = self.clif_block(call.block)?;
                self.b.ins().jump(target, &[]);
            }
        }
        Ok(())
    }
}

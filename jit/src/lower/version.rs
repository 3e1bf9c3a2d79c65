//! Block versioning on the SIMD path: a block with several guarded vector accesses is
//! lowered twice.
//!
//! Each consecutive or strided access at W > 1 is guarded (every lane active, addresses
//! as expected, in bounds; `vmemory`). Guarded one by one, every access is a diamond
//! whose join keeps values in the stack frame, and a 5-point stencil pays five of them
//! per lane group. A versioned block instead runs a *fast copy* in which each guard,
//! up to the block's first side effect, only decides whether to leave for the *slow
//! copy*: the block lowered as before, entered from its start, which redoes what the
//! fast copy did (loads and arithmetic only, so nothing is observed twice). Accesses
//! after the first side effect keep their own diamonds in both copies.
//!
//! Values of a versioned block used by its terminator or by other blocks have two
//! definitions and become Cranelift variables (`needs_variable`). Lowering a block twice
//! doubles its code, so only blocks of at most [`MAX_VERSIONED_INSTS`] instructions with
//! at least two varying accesses and no barrier are versioned, and at most
//! [`MAX_VERSIONED_TOTAL`] instructions per kernel.
//!
//! This module decides which blocks are versioned and lays out the two copies; it must
//! not lower instructions or guards itself.

use cranelift_codegen::ir::{InstBuilder, Value as ClifValue};

use super::state::{FastCopy, FnLower};
use crate::analysis::uniformity::Uniformity;
use crate::ir::{self, BlockId, InstKind};
use crate::Result;

/// Largest block (in instructions) that is lowered twice.
pub(crate) const MAX_VERSIONED_INSTS: usize = 256;
/// Most instructions of one kernel lowered twice.
pub(crate) const MAX_VERSIONED_TOTAL: usize = 2048;

/// Per block of `func`: whether it is versioned at W > 1 (`uni` present).
pub(crate) fn versioned_blocks(func: &ir::Function, uni: Option<&Uniformity>) -> Vec<bool> {
    let mut out = vec![false; func.blocks.len()];
    let Some(uni) = uni else { return out };
    let mut budget = MAX_VERSIONED_TOTAL;
    for (bi, block) in func.blocks.iter().enumerate() {
        let n = block.insts.len();
        if n > MAX_VERSIONED_INSTS || n > budget {
            continue;
        }
        let mut accesses = 0;
        let mut barrier = false;
        for &ii in &block.insts {
            match &func.inst(ii).kind {
                InstKind::Load { ptr, .. } | InstKind::Store { ptr, .. } if !uni.is_uniform(*ptr) => accesses += 1,
                InstKind::Barrier => barrier = true,
                _ => {}
            }
        }
        if accesses >= 2 && !barrier {
            out[bi] = true;
            budget -= n;
        }
    }
    out
}

/// Mark the values of versioned blocks that are used by the block's terminator or
/// outside the block as needing a variable (they are defined in both copies).
pub(crate) fn mark_variables(func: &ir::Function, versioned: &[bool], needs: &mut [bool]) {
    let mut defined_in = vec![None; func.values.len()];
    for (bi, block) in func.blocks.iter().enumerate() {
        if !versioned.get(bi).copied().unwrap_or(false) {
            continue;
        }
        for &ii in &block.insts {
            if let Some(r) = func.inst(ii).result {
                defined_in[r.0 as usize] = Some(bi);
            }
        }
    }
    let mut mark = |v: ir::Value| {
        if defined_in.get(v.0 as usize).copied().flatten().is_some() {
            if let Some(n) = needs.get_mut(v.0 as usize) {
                *n = true;
            }
        }
    };
    for (bi, block) in func.blocks.iter().enumerate() {
        for &ii in &block.insts {
            for v in func.inst(ii).kind.uses() {
                if defined_in.get(v.0 as usize).copied().flatten() != Some(bi) {
                    mark(v);
                }
            }
        }
        for v in block.term.uses() {
            mark(v);
        }
    }
}

impl FnLower<'_, '_> {
    /// Translate the instructions of `blk`, as two copies when it is versioned; the
    /// current block on return is where both copies continue.
    pub(crate) fn translate_insts(&mut self, blk: BlockId) -> Result<()> {
        if !self.versioned.get(blk.0 as usize).copied().unwrap_or(false) {
            return self.translate_insts_once(blk);
        }
        let (slow, join) = (self.b.create_block(), self.b.create_block());
        self.fast_copy = Some(FastCopy { slow, effects: false });
        let fast = self.translate_insts_once(blk);
        self.fast_copy = None;
        fast?;
        self.b.ins().jump(join, &[]);
        self.b.seal_block(slow);
        self.b.switch_to_block(slow);
        self.b.set_cold_block(slow);
        // The slow copy says nothing the fast copy has not said.
        let remarks = std::mem::replace(&mut self.collect_remarks, false);
        let slow_copy = self.translate_insts_once(blk);
        self.collect_remarks = remarks;
        slow_copy?;
        self.b.ins().jump(join, &[]);
        self.b.seal_block(join);
        self.b.switch_to_block(join);
        Ok(())
    }

    /// In a fast copy before its first side effect: leave for the slow copy unless
    /// `ok` (an `i8`) is set, and return true; otherwise false (the caller guards the
    /// access itself).
    pub(crate) fn leave_unless(&mut self, ok: ClifValue) -> bool {
        let Some(FastCopy { slow, effects: false }) = self.fast_copy else { return false };
        let cont = self.b.create_block();
        self.b.ins().brif(ok, cont, &[], slow, &[]);
        self.b.seal_block(cont);
        self.b.switch_to_block(cont);
        true
    }

    /// Note that instruction `kind` was lowered: a side effect ends the fast copy's
    /// leaving.
    pub(crate) fn note_lowered(&mut self, kind: &InstKind) {
        if let Some(fc) = &mut self.fast_copy {
            fc.effects |= kind.has_side_effects();
        }
    }
}

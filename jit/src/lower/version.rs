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
//! A block is versioned piecewise between its barriers (a slow copy cannot go back
//! across one). Values of a versioned piece used after it have two definitions and
//! become Cranelift variables (`needs_variable`). Lowering a piece twice doubles its
//! code, so only pieces of at most [`MAX_VERSIONED_INSTS`] instructions with at least
//! two varying accesses are versioned, and at most [`MAX_VERSIONED_TOTAL`] instructions
//! per kernel.
//!
//! This module decides which blocks are versioned and lays out the two copies; it must
//! not lower instructions or guards itself.

use std::ops::Range;

use cranelift_codegen::ir::{InstBuilder, Value as ClifValue};

use super::state::{FastCopy, FnLower};
use crate::analysis::uniformity::Uniformity;
use crate::ir::{self, BlockId, InstKind};
use crate::Result;

/// Largest block (in instructions) that is lowered twice.
pub(crate) const MAX_VERSIONED_INSTS: usize = 256;
/// Most instructions of one kernel lowered twice.
pub(crate) const MAX_VERSIONED_TOTAL: usize = 2048;

/// Per block of `func`: the ranges of instruction positions lowered twice at W > 1
/// (`uni` present). A block is cut at its barriers (a slow copy cannot go back across
/// one); each piece with at least two varying accesses is versioned.
pub(crate) fn versioned_blocks(func: &ir::Function, uni: Option<&Uniformity>) -> Vec<Vec<Range<usize>>> {
    let mut out = vec![Vec::new(); func.blocks.len()];
    let Some(uni) = uni else { return out };
    let mut budget = MAX_VERSIONED_TOTAL;
    for (bi, block) in func.blocks.iter().enumerate() {
        let (mut start, mut accesses) = (0, 0);
        for pos in 0..=block.insts.len() {
            let kind = block.insts.get(pos).map(|&ii| &func.inst(ii).kind);
            match kind {
                Some(InstKind::Load { ptr, .. } | InstKind::Store { ptr, .. }) if !uni.is_uniform(*ptr) => {
                    accesses += 1
                }
                Some(InstKind::Barrier) | None => {
                    let n = pos - start;
                    if accesses >= 2 && n <= MAX_VERSIONED_INSTS && n <= budget {
                        out[bi].push(start..pos);
                        budget -= n;
                    }
                    (start, accesses) = (pos + 1, 0);
                }
                _ => {}
            }
        }
    }
    out
}

/// Mark the values defined in versioned ranges that are used outside their range (by
/// later instructions, the terminator or other blocks) as needing a variable: they are
/// defined in both copies.
pub(crate) fn mark_variables(func: &ir::Function, versioned: &[Vec<Range<usize>>], needs: &mut [bool]) {
    // (block, range index) of each value defined in a versioned range.
    let mut defined_in: Vec<Option<(usize, usize)>> = vec![None; func.values.len()];
    for (bi, ranges) in versioned.iter().enumerate() {
        let insts = &func.blocks[bi].insts;
        for (ri, r) in ranges.iter().enumerate() {
            for &ii in &insts[r.clone()] {
                if let Some(v) = func.inst(ii).result {
                    defined_in[v.0 as usize] = Some((bi, ri));
                }
            }
        }
    }
    let range_of = |bi: usize, pos: usize| {
        versioned.get(bi).and_then(|rs| rs.iter().position(|r| r.contains(&pos))).map(|ri| (bi, ri))
    };
    let mut mark = |v: ir::Value, at: Option<(usize, usize)>| {
        let def = defined_in.get(v.0 as usize).copied().flatten();
        if def.is_some() && def != at {
            if let Some(n) = needs.get_mut(v.0 as usize) {
                *n = true;
            }
        }
    };
    for (bi, block) in func.blocks.iter().enumerate() {
        for (pos, &ii) in block.insts.iter().enumerate() {
            let at = range_of(bi, pos);
            for v in func.inst(ii).kind.uses() {
                mark(v, at);
            }
        }
        for v in block.term.uses() {
            mark(v, None);
        }
    }
}

impl FnLower<'_, '_> {
    /// Translate the instructions of `blk`, as two copies when it is versioned; the
    /// current block on return is where both copies continue.
    pub(crate) fn translate_insts(&mut self, blk: BlockId) -> Result<()> {
        let ranges = self.versioned.get(blk.0 as usize).cloned().unwrap_or_default();
        let mut pos = 0;
        for r in ranges {
            self.translate_insts_once(blk, pos..r.start)?;
            self.translate_twice(blk, r.clone())?;
            pos = r.end;
        }
        self.translate_insts_once(blk, pos..self.func.block(blk).insts.len())
    }

    /// Translate positions `range` of `blk` as a fast and a slow copy.
    fn translate_twice(&mut self, blk: BlockId, range: Range<usize>) -> Result<()> {
        let (slow, join) = (self.b.create_block(), self.b.create_block());
        self.fast_copy = Some(FastCopy { slow, effects: false });
        let fast = self.translate_insts_once(blk, range.clone());
        self.fast_copy = None;
        fast?;
        self.b.ins().jump(join, &[]);
        self.b.seal_block(slow);
        self.b.switch_to_block(slow);
        self.b.set_cold_block(slow);
        // The slow copy says nothing the fast copy has not said.
        let remarks = std::mem::replace(&mut self.collect_remarks, false);
        let slow_copy = self.translate_insts_once(blk, range);
        self.collect_remarks = remarks;
        slow_copy?;
        self.b.ins().jump(join, &[]);
        self.b.seal_block(join);
        self.b.switch_to_block(join);
        Ok(())
    }

    /// In a fast copy before its first side effect: leave for the slow copy unless
    /// `ok` (an `i8`) is set, going on in `holds` (a block the code may already branch
    /// to, or a new one), and return true; otherwise false (the caller guards the
    /// access itself).
    pub(crate) fn leave_unless(&mut self, ok: ClifValue, holds: Option<cranelift_codegen::ir::Block>) -> bool {
        let Some(FastCopy { slow, effects: false }) = self.fast_copy else { return false };
        let cont = holds.unwrap_or_else(|| self.b.create_block());
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

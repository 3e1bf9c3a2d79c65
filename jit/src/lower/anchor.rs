//! Accumulation chains kept where the kernel computes them.
//!
//! Cranelift's optimiser places a pure instruction just before the first instruction
//! with a side effect that needs it. An unrolled dot product — `acc = fma(a[k], b[k],
//! acc)` sixteen times, each step fed by fresh loads — has one such use, at the end
//! (the store of `acc`, or its save at a barrier), so every step lands there, after all
//! the loads: each loaded value (a whole register of lanes) stays live until the end
//! and the register allocator spills them all, one store and one reload per load.
//!
//! A *link* of a chain is a floating-point `fma`, addition, subtraction or
//! multiplication that takes the previous link of the same block as an operand and a
//! value loaded in the block (directly or through at most [`FED_DEPTH`] pure
//! instructions) as another. Every link of a chain of at least [`MIN_LINKS`] links is
//! *anchored*: right after it is lowered, its leaves are stored to a scratch stack slot
//! nobody reads. The store is a side effect, so the optimiser places the link before it
//! and the loaded values die there: one store per link instead of a spill and a reload
//! per load. This module decides which values are anchored and emits the store; it
//! must not change what a value is.

use cranelift_codegen::ir::{types, InstBuilder, StackSlotData, StackSlotKind};

use super::leaf::At;
use super::state::FnLower;
use crate::ir::{self, BinaryOp, InstKind};
use crate::Result;

/// Fewest links a chain has for its links to be anchored: a short chain keeps few
/// loaded values live.
pub(crate) const MIN_LINKS: u32 = 4;

/// Most pure instructions between a load and the link it feeds (a conversion, a
/// multiplication by a weight).
pub(crate) const FED_DEPTH: u32 = 2;

/// The previous link of a chain among `kind`'s operands: a floating-point `fma` or
/// addition, subtraction or multiplication. Returns the operands.
fn link_operands(kind: &InstKind) -> Option<Vec<ir::Value>> {
    match kind {
        InstKind::Fma(a, b, c) => Some(vec![*a, *b, *c]),
        InstKind::Binary(BinaryOp::FAdd | BinaryOp::FSub | BinaryOp::FMul, a, b) => Some(vec![*a, *b]),
        _ => None,
    }
}

/// Per value of `func`: whether it is a link of a long accumulation chain (see the
/// module docs).
pub(crate) fn anchored_links(func: &ir::Function) -> Vec<bool> {
    let n = func.values.len();
    let mut out = vec![false; n];
    // Per value: the block position it was defined at, during the walk of one block.
    let mut links = vec![0u32; n];
    let mut loaded = vec![u32::MAX; n];
    let mut in_block = vec![u32::MAX; n];
    for (bi, block) in func.blocks.iter().enumerate() {
        let bi = bi as u32;
        let mut chain_vals = Vec::new();
        for &ii in &block.insts {
            let inst = func.inst(ii);
            let Some(r) = inst.result else { continue };
            let ri = r.0 as usize;
            in_block[ri] = bi;
            let here = |v: &ir::Value| in_block.get(v.0 as usize) == Some(&bi);
            // Distance (in pure instructions) from a load of this block.
            loaded[ri] = match &inst.kind {
                InstKind::Load { .. } => 0,
                k if k.has_side_effects() => u32::MAX,
                k => k
                    .uses()
                    .into_iter()
                    .filter(|u| here(u))
                    .map(|u| loaded[u.0 as usize].saturating_add(1))
                    .min()
                    .unwrap_or(u32::MAX),
            };
            let Some(ops) = link_operands(&inst.kind) else { continue };
            let prev =
                ops.iter().copied().filter(|u| here(u) && links[u.0 as usize] > 0).max_by_key(|u| links[u.0 as usize]);
            let fed = ops.iter().any(|u| Some(*u) != prev && here(u) && loaded[u.0 as usize] <= FED_DEPTH);
            links[ri] = match prev {
                _ if !fed => 0,
                Some(p) => links[p.0 as usize] + 1,
                None => 1,
            };
            if links[ri] > 0 {
                chain_vals.push((r, prev));
            }
        }
        // A link is anchored when the chain through it reaches MIN_LINKS links.
        let mut reach: std::collections::HashMap<ir::Value, u32> =
            chain_vals.iter().map(|(r, _)| (*r, links[r.0 as usize])).collect();
        for (r, prev) in chain_vals.iter().rev() {
            let mine = reach.get(r).copied().unwrap_or(0);
            if let Some(x) = prev.and_then(|p| reach.get_mut(&p)) {
                *x = (*x).max(mine);
            }
        }
        for (r, _) in &chain_vals {
            if reach.get(r).is_some_and(|&x| x >= MIN_LINKS) {
                out[r.0 as usize] = true;
            }
        }
    }
    out
}

impl FnLower<'_, '_> {
    /// After the instruction defining `v`: store its leaves to the anchor slot when it
    /// is an anchored link.
    pub(crate) fn anchor(&mut self, v: ir::Value) -> Result<()> {
        if !self.anchored.get(v.0 as usize).copied().unwrap_or(false) {
            return Ok(());
        }
        let leaves = self.get(v, At::Group)?;
        // One 16-byte place per leaf: consecutive stores to one place would let the
        // optimiser drop all but the last.
        let size = (leaves.len() as u32).saturating_mul(16);
        let slot = match self.anchor_slot {
            Some((s, sz)) if sz >= size => s,
            _ => {
                let s = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, size, 4));
                self.anchor_slot = Some((s, size));
                s
            }
        };
        for (i, x) in leaves.into_iter().enumerate() {
            self.b.ins().stack_store(types::I64, x, slot, (i * 16) as i32);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::parse::parse_function;

    #[test]
    fn links_of_long_load_fed_chains_are_anchored() {
        // v10..v13: four links, each fed by a load (v13's through a multiplication);
        // v6 only feeds a link; v20, v21: a chain of two; v30..v34: arithmetic on no load.
        let f = parse_function(
            "block0():
    v0: ptr<global> = param 0
    v1: f32 = param 1
    v2: f32 = load v0, align 4
    v10: f32 = fma v2, v2, v1
    v3: f32 = load v0, align 4
    v11: f32 = FAdd v10, v3
    v4: f32 = load v0, align 4
    v12: f32 = fma v4, v1, v11
    v5: f32 = load v0, align 4
    v6: f32 = FMul v5, v1
    v13: f32 = FAdd v12, v6
    v7: f32 = load v0, align 4
    v20: f32 = FAdd v7, v1
    v21: f32 = FAdd v20, v7
    v30: f32 = FMul v1, v1
    v31: f32 = FAdd v30, v1
    v32: f32 = FAdd v31, v1
    v33: f32 = FAdd v32, v1
    v34: f32 = FAdd v33, v1
    return",
        )
        .unwrap();
        let a = anchored_links(&f);
        for v in [10, 11, 12, 13] {
            assert!(a[v], "v{v} is a link of a chain of four");
        }
        for v in [2, 6, 20, 21, 30, 31, 32, 33, 34] {
            assert!(!a[v], "v{v} is not anchored");
        }
    }
}

//! The order a function's blocks are translated in.
//!
//! SPIR-V requires every block to come after the blocks that dominate it, and
//! translation relies on it: a value is known once its defining block was translated.
//! Some producers break the rule (llvm-spirv 14 keeps LLVM's block layout, where a loop's
//! exit block may come before the loop body that defines values it uses). When the
//! module's own order follows the rule it is kept; otherwise the reachable blocks are
//! taken in reverse postorder of the control-flow graph (which follows it), then the
//! unreachable ones in module order. This module must not emit code.

use std::collections::HashMap;

use rspirv::dr::Operand;
use rspirv::spirv::Op;

use super::module::{BlockDef, SpvModule};

/// The successor labels of block `b` (from its terminator; ids that are not labels of
/// this function are left out here and reported when the branch is translated).
fn successors(m: &SpvModule, b: &BlockDef) -> Vec<u32> {
    let Some(term) = b.body.clone().last().and_then(|i| m.insts.get(i)) else { return Vec::new() };
    let id = |i: usize| match term.operands.get(i) {
        Some(Operand::IdRef(id)) => Some(*id),
        _ => None,
    };
    match term.op {
        Op::Branch => id(0).into_iter().collect(),
        Op::BranchConditional => [id(1), id(2)].into_iter().flatten().collect(),
        Op::Switch => {
            let mut out: Vec<u32> = id(1).into_iter().collect();
            out.extend((3..term.operands.len()).step_by(2).filter_map(id));
            out
        }
        _ => Vec::new(),
    }
}

/// Indices into `blocks` in the order to translate them (see the module docs); the
/// entry block (index 0) always comes first.
pub(crate) fn block_order(m: &SpvModule, blocks: &[BlockDef]) -> Vec<usize> {
    let n = blocks.len();
    let index: HashMap<u32, usize> = blocks.iter().enumerate().map(|(i, b)| (b.label, i)).collect();
    let succ: Vec<Vec<usize>> =
        blocks.iter().map(|b| successors(m, b).iter().filter_map(|l| index.get(l).copied()).collect()).collect();
    if n == 0 {
        return Vec::new();
    }
    // Postorder by an iterative depth-first walk from the entry.
    let mut post = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    seen[0] = true;
    while let Some(top) = stack.last_mut() {
        let (b, next) = *top;
        if let Some(&s) = succ[b].get(next) {
            top.1 += 1;
            if !seen[s] {
                seen[s] = true;
                stack.push((s, 0));
            }
        } else {
            post.push(b);
            stack.pop();
        }
    }
    let rpo: Vec<usize> = post.iter().rev().copied().collect();
    if follows_dominance(&rpo, &succ, n) {
        return (0..n).collect();
    }
    let mut order = rpo;
    order.extend((0..n).filter(|&i| !seen[i]));
    order
}

/// Whether module order puts every reachable block after its immediate dominator
/// (dominators by Cooper, Harvey and Kennedy's iteration over the reverse postorder).
fn follows_dominance(rpo: &[usize], succ: &[Vec<usize>], n: usize) -> bool {
    const NONE: usize = usize::MAX;
    let mut rank = vec![NONE; n];
    for (r, &b) in rpo.iter().enumerate() {
        rank[b] = r;
    }
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, ss) in succ.iter().enumerate() {
        if rank[b] != NONE {
            for &s in ss {
                preds[s].push(b);
            }
        }
    }
    // idom by rank; the entry's is itself.
    let mut idom = vec![NONE; rpo.len()];
    idom[0] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for (r, &b) in rpo.iter().enumerate().skip(1) {
            let mut new = NONE;
            for &p in &preds[b] {
                let pr = rank[p];
                if idom[pr] == NONE {
                    continue;
                }
                new = if new == NONE {
                    pr
                } else {
                    let (mut x, mut y) = (new, pr);
                    while x != y {
                        while x > y {
                            x = idom[x];
                        }
                        while y > x {
                            y = idom[y];
                        }
                    }
                    x
                };
            }
            if new != idom[r] {
                idom[r] = new;
                changed = true;
            }
        }
    }
    // Module order is the block index.
    rpo.iter().enumerate().skip(1).all(|(r, &b)| idom[r] != NONE && rpo[idom[r]] < b)
}

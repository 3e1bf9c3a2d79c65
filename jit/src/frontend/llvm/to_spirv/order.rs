//! The order a function's blocks are written in.
//!
//! LLVM IR keeps blocks in any order that starts with the entry block: clang's
//! optimizer often places a loop's exit block before the loop body whose values it
//! uses. SPIR-V requires blocks to appear after the blocks that dominate them (and the
//! SPIR-V front end reads each value at its definition, in block order), so the writer
//! emits blocks in reverse post-order of the control-flow graph, which puts every
//! block after its dominators. Blocks unreachable from the entry follow, each group in
//! reverse post-order from its first block in the source. This module only orders
//! indices; it must not look at instructions.

use crate::frontend::llvm::model::{Block, Terminator};

/// The successors of a block, in the order its terminator names them.
fn successors(b: &Block) -> Vec<usize> {
    match &b.term {
        Terminator::Br(t) => vec![t.0 as usize],
        Terminator::CondBr { then, otherwise, .. } => vec![then.0 as usize, otherwise.0 as usize],
        Terminator::Switch { default, cases, .. } => {
            std::iter::once(default.0 as usize).chain(cases.iter().map(|&(_, t)| t.0 as usize)).collect()
        }
        Terminator::Ret(_) | Terminator::Unreachable => Vec::new(),
    }
}

/// Block indices in the order to write them: the entry block first, every reachable
/// block after its dominators, unreachable blocks last. A permutation of
/// `0..blocks.len()`; successors out of range are ignored (the writer reports them).
pub(crate) fn block_order(blocks: &[Block]) -> Vec<usize> {
    let n = blocks.len();
    let mut visited = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for root in 0..n {
        if visited[root] {
            continue;
        }
        // Iterative depth-first search; post-order of this tree, reversed, goes after
        // the blocks already placed (none of which it can reach unvisited).
        let mut post = Vec::new();
        let mut stack: Vec<(usize, Vec<usize>, usize)> = vec![(root, successors(&blocks[root]), 0)];
        visited[root] = true;
        while let Some((b, succ, next)) = stack.last_mut() {
            if let Some(&s) = succ.get(*next) {
                *next += 1;
                if s < n && !visited[s] {
                    visited[s] = true;
                    let ss = successors(&blocks[s]);
                    stack.push((s, ss, 0));
                }
            } else {
                post.push(*b);
                stack.pop();
            }
        }
        order.extend(post.into_iter().rev());
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::llvm::model::{BlockId, LocalId, Operand};

    fn block(term: Terminator) -> Block {
        Block { name: None, insts: Vec::new(), term }
    }

    fn br(t: u32) -> Terminator {
        Terminator::Br(BlockId(t))
    }

    fn cond(a: u32, b: u32) -> Terminator {
        Terminator::CondBr { cond: Operand::Local(LocalId(0)), then: BlockId(a), otherwise: BlockId(b) }
    }

    #[test]
    fn loop_exit_placed_before_the_loop_goes_after_it() {
        // 0 -> 2 (loop head) <-> 2; 2 -> 1 (exit) -> 3 (ret); 1 uses values of 2.
        let blocks = vec![block(cond(2, 3)), block(br(3)), block(cond(2, 1)), block(Terminator::Ret(None))];
        let order = block_order(&blocks);
        assert_eq!(order[0], 0);
        let pos = |b: usize| order.iter().position(|&x| x == b).unwrap();
        assert!(pos(2) < pos(1));
        assert!(pos(1) < pos(3));
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 2, 3]);
    }

    #[test]
    fn unreachable_blocks_and_bad_targets() {
        let blocks = vec![block(br(2)), block(br(9)), block(Terminator::Ret(None)), block(Terminator::Unreachable)];
        assert_eq!(block_order(&blocks), vec![0, 2, 1, 3]);
        assert_eq!(block_order(&[]), Vec::<usize>::new());
    }
}

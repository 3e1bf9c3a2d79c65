//! The control-flow graph of a KIR function: successors, predecessors and a reverse
//! post-order of the blocks reachable from the entry.
//!
//! Only reads the function; blocks unreachable from the entry get no order number.

use crate::ir::{BlockId, Function, Value};

/// Successor and predecessor lists plus a reverse post-order.
#[derive(Clone, Debug)]
pub struct Cfg {
    /// Successors of each block in terminator order (duplicates kept).
    pub succs: Vec<Vec<BlockId>>,
    /// Predecessors of each block (one entry per edge).
    pub preds: Vec<Vec<BlockId>>,
    /// Blocks reachable from the entry, in reverse post-order (entry first).
    pub rpo: Vec<BlockId>,
    /// Position of each block in `rpo`; `None` for unreachable blocks.
    pub rpo_index: Vec<Option<usize>>,
}

impl Cfg {
    /// Build the CFG of `func`.
    pub fn new(func: &Function) -> Cfg {
        let n = func.blocks.len();
        let succs: Vec<Vec<BlockId>> = (0..n).map(|b| func.successors(BlockId(b as u32))).collect();
        let mut preds = vec![Vec::new(); n];
        for (b, ss) in succs.iter().enumerate() {
            for s in ss {
                if let Some(p) = preds.get_mut(s.0 as usize) {
                    p.push(BlockId(b as u32));
                }
            }
        }
        // Iterative depth-first search for the post-order.
        let mut post = Vec::with_capacity(n);
        let mut visited = vec![false; n];
        if n > 0 {
            let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
            visited[0] = true;
            while let Some(&mut (b, ref mut next)) = stack.last_mut() {
                if let Some(s) = succs[b].get(*next) {
                    *next += 1;
                    let s = s.0 as usize;
                    if s < n && !visited[s] {
                        visited[s] = true;
                        stack.push((s, 0));
                    }
                } else {
                    post.push(BlockId(b as u32));
                    stack.pop();
                }
            }
        }
        post.reverse();
        let mut rpo_index = vec![None; n];
        for (i, b) in post.iter().enumerate() {
            rpo_index[b.0 as usize] = Some(i);
        }
        Cfg { succs, preds, rpo: post, rpo_index }
    }

    /// True when `b` is reachable from the entry.
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.rpo_index.get(b.0 as usize).copied().flatten().is_some()
    }

    /// Per block: true when every path from the entry to a block without successors
    /// passes through it and it lies on no cycle, so a work-item that finishes runs it
    /// exactly once. (Under masked execution such a block always runs with every lane
    /// of the lane group.)
    pub fn unavoidable_acyclic(&self) -> Vec<bool> {
        let n = self.succs.len();
        let mut out = vec![false; n];
        let mut seen = vec![false; n];
        let mut stack = Vec::new();
        // Visit from `starts`, never entering `skip`; true when `target(b)` holds for a
        // visited block.
        let mut search = |starts: &[BlockId], skip: usize, target: &dyn Fn(usize) -> bool| -> bool {
            seen.iter_mut().for_each(|x| *x = false);
            stack.clear();
            for s in starts {
                let s = s.0 as usize;
                if s < n && s != skip && !seen[s] {
                    seen[s] = true;
                    stack.push(s);
                }
            }
            while let Some(b) = stack.pop() {
                if target(b) {
                    return true;
                }
                for s in &self.succs[b] {
                    let s = s.0 as usize;
                    if s < n && s != skip && !seen[s] {
                        seen[s] = true;
                        stack.push(s);
                    }
                }
            }
            false
        };
        let cyclic = self.cyclic_blocks();
        for &b in &self.rpo {
            let bi = b.0 as usize;
            let on_cycle = cyclic[bi];
            let avoidable = bi != 0 && search(&[BlockId(0)], bi, &|x| self.succs[x].is_empty());
            out[bi] = !on_cycle && !avoidable;
        }
        out
    }

    /// Per block: it lies on a cycle (a path from one of its successors leads back to
    /// it). Strongly connected components of the reachable blocks (Kosaraju: `rpo` is
    /// the first pass's finishing order, the second walks predecessors), so linear in
    /// the size of the graph for all blocks at once.
    pub fn cyclic_blocks(&self) -> Vec<bool> {
        let n = self.succs.len();
        let mut component = vec![usize::MAX; n];
        let mut size = Vec::new();
        for &root in &self.rpo {
            if component[root.0 as usize] != usize::MAX {
                continue;
            }
            let c = size.len();
            size.push(0usize);
            let mut stack = vec![root.0 as usize];
            component[root.0 as usize] = c;
            while let Some(x) = stack.pop() {
                size[c] += 1;
                for p in &self.preds[x] {
                    let pi = p.0 as usize;
                    if self.rpo_index[pi].is_some() && component[pi] == usize::MAX {
                        component[pi] = c;
                        stack.push(pi);
                    }
                }
            }
        }
        (0..n)
            .map(|b| {
                let c = component[b];
                c != usize::MAX && (size[c] > 1 || self.succs[b].iter().any(|s| s.0 as usize == b))
            })
            .collect()
    }

    /// The value each edge into `blk` passes for its parameter number `i`, one per edge
    /// (a predecessor whose terminator targets `blk` twice gives two); `None` when an
    /// edge passes none.
    pub fn edge_args(&self, func: &Function, blk: BlockId, i: usize) -> Option<Vec<Value>> {
        let mut preds = self.preds.get(blk.0 as usize)?.clone();
        preds.sort_unstable_by_key(|p| p.0);
        preds.dedup(); // each edge is visited through its block's targets
        let mut out = Vec::new();
        for pred in preds {
            for call in func.block(pred).term.targets().filter(|c| c.block == blk) {
                out.push(*call.args.get(i)?);
            }
        }
        Some(out)
    }

    /// True when the edge `from → to` goes back in reverse post-order (to the same or an
    /// earlier block). Every loop back-edge is such an edge.
    pub fn is_retreating(&self, from: BlockId, to: BlockId) -> bool {
        match (self.rpo_index[from.0 as usize], self.rpo_index[to.0 as usize]) {
            (Some(f), Some(t)) => t <= f,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// entry → (then | else) → join → loop head ⟲ → exit, plus an early return from
    /// `then_` in the second function.
    fn diamond_then_loop(early_return: bool) -> (Function, [BlockId; 6]) {
        let then_end = if early_return { "br v0, block3(), block5()" } else { "jump block3()" };
        let f = crate::ir::parse::parse_function(&format!(
            "block0():
    v0: bool = const 0x1
    br v0, block1(), block2()
block1():
    {then_end}
block2():
    jump block3()
block3():
    jump block4()
block4():
    br v0, block4(), block5()
block5():
    return"
        ))
        .unwrap();
        (f, std::array::from_fn(|i| BlockId(i as u32)))
    }

    #[test]
    fn cyclic_blocks_are_the_loop_blocks() {
        let (f, [entry, then_, else_, join, head, exit]) = diamond_then_loop(false);
        let c = Cfg::new(&f).cyclic_blocks();
        assert!(c[head.0 as usize], "a block branching to itself");
        assert!([entry, then_, else_, join, exit].iter().all(|b| !c[b.0 as usize]));
        // A loop of three blocks, and a block after it that reaches none of them.
        let f = crate::ir::parse::parse_function(
            "block0():
    v0: bool = const 0x1
    jump block1()
block1():
    jump block2()
block2():
    br v0, block3(), block4()
block3():
    jump block1()
block4():
    return",
        )
        .unwrap();
        assert_eq!(Cfg::new(&f).cyclic_blocks(), vec![false, true, true, true, false]);
    }

    #[test]
    fn unavoidable_acyclic_blocks_are_those_every_finishing_path_runs_once() {
        let (f, [entry, then_, else_, join, head, exit]) = diamond_then_loop(false);
        let u = Cfg::new(&f).unavoidable_acyclic();
        let at = |b: BlockId| u[b.0 as usize];
        assert!(at(entry) && at(join) && at(exit));
        assert!(!at(then_) && !at(else_), "one side of a branch is avoidable");
        assert!(!at(head), "a loop body runs any number of times");

        let (f, [entry, _, _, join, _, exit]) = diamond_then_loop(true);
        let u = Cfg::new(&f).unavoidable_acyclic();
        assert!(u[entry.0 as usize] && u[exit.0 as usize]);
        assert!(!u[join.0 as usize], "an early return avoids the join");
    }
}

//! The control-flow graph of a KIR function: successors, predecessors and a reverse
//! post-order of the blocks reachable from the entry.
//!
//! Only reads the function; blocks unreachable from the entry get no order number.

use crate::ir::{BlockId, Function};

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

    /// True when the edge `from → to` goes back in reverse post-order (to the same or an
    /// earlier block). Every loop back-edge is such an edge.
    pub fn is_retreating(&self, from: BlockId, to: BlockId) -> bool {
        match (self.rpo_index[from.0 as usize], self.rpo_index[to.0 as usize]) {
            (Some(f), Some(t)) => t <= f,
            _ => false,
        }
    }
}

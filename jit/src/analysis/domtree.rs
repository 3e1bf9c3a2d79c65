//! Dominator tree of a KIR function (Cooper, Harvey & Kennedy, "A Simple, Fast
//! Dominance Algorithm").
//!
//! Only reads the CFG; unreachable blocks have no immediate dominator.

use super::Cfg;
use crate::ir::BlockId;

/// Immediate dominators of the reachable blocks.
#[derive(Clone, Debug)]
pub struct DomTree {
    idom: Vec<Option<BlockId>>,
    rpo_index: Vec<Option<usize>>,
}

impl DomTree {
    /// Compute the dominator tree from `cfg`.
    pub fn new(cfg: &Cfg) -> DomTree {
        let n = cfg.succs.len();
        let mut idom: Vec<Option<usize>> = vec![None; n];
        if let Some(entry) = cfg.rpo.first() {
            let e = entry.0 as usize;
            idom[e] = Some(e);
            let order = |b: usize| cfg.rpo_index[b].unwrap_or(usize::MAX);
            let mut changed = true;
            while changed {
                changed = false;
                for b in cfg.rpo.iter().skip(1) {
                    let b = b.0 as usize;
                    let mut new_idom: Option<usize> = None;
                    for p in &cfg.preds[b] {
                        let p = p.0 as usize;
                        if idom[p].is_none() {
                            continue;
                        }
                        new_idom = Some(match new_idom {
                            None => p,
                            Some(mut a) => {
                                let mut c = p;
                                while a != c {
                                    while order(a) > order(c) {
                                        a = idom[a].unwrap_or(e);
                                    }
                                    while order(c) > order(a) {
                                        c = idom[c].unwrap_or(e);
                                    }
                                }
                                a
                            }
                        });
                    }
                    if new_idom.is_some() && idom[b] != new_idom {
                        idom[b] = new_idom;
                        changed = true;
                    }
                }
            }
        }
        DomTree {
            idom: idom.into_iter().map(|d| d.map(|d| BlockId(d as u32))).collect(),
            rpo_index: cfg.rpo_index.clone(),
        }
    }

    /// The immediate dominator of `b` (the entry is its own).
    pub fn idom(&self, b: BlockId) -> Option<BlockId> {
        self.idom.get(b.0 as usize).copied().flatten()
    }

    /// True when `a` dominates `b` (every block dominates itself).
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let (Some(ai), Some(_)) = (self.rpo_index[a.0 as usize], self.rpo_index[b.0 as usize]) else {
            return false;
        };
        let mut cur = b;
        loop {
            if cur == a {
                return true;
            }
            match self.idom(cur) {
                Some(d) if d != cur => {
                    if self.rpo_index[d.0 as usize].is_some_and(|di| di < ai) {
                        return false;
                    }
                    cur = d;
                }
                _ => return false,
            }
        }
    }
}

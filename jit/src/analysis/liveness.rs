//! Liveness of KIR values, used to find what a work-item must save at a barrier.
//!
//! Classic backward data flow over blocks with block parameters: a block parameter is
//! defined at the top of its block, and the arguments a terminator passes are uses in
//! the block that jumps. Only reads the function.

use super::Cfg;
use crate::ir::{BlockId, Function, Value};

/// A dense set of values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ValueSet {
    words: Vec<u64>,
}

impl ValueSet {
    fn with_capacity(n: usize) -> ValueSet {
        ValueSet { words: vec![0; n.div_ceil(64)] }
    }
    pub fn insert(&mut self, v: Value) {
        let (w, b) = (v.0 as usize / 64, v.0 % 64);
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << b;
    }
    pub fn remove(&mut self, v: Value) {
        if let Some(w) = self.words.get_mut(v.0 as usize / 64) {
            *w &= !(1 << (v.0 % 64));
        }
    }
    pub fn contains(&self, v: Value) -> bool {
        self.words.get(v.0 as usize / 64).is_some_and(|w| w & (1 << (v.0 % 64)) != 0)
    }
    /// Add every member of `other`; returns true when `self` grew.
    fn union_with(&mut self, other: &ValueSet) -> bool {
        if other.words.len() > self.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        let mut changed = false;
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            let n = *a | *b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }
    /// Members in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            (0..64u32).filter(move |b| w & (1u64 << b) != 0).map(move |b| Value(wi as u32 * 64 + b))
        })
    }
}

/// Live-in and live-out sets of every block.
#[derive(Clone, Debug)]
pub struct Liveness {
    live_in: Vec<ValueSet>,
    live_out: Vec<ValueSet>,
}

impl Liveness {
    /// Compute liveness for the blocks reachable in `cfg`.
    pub fn new(func: &Function, cfg: &Cfg) -> Liveness {
        let n = func.blocks.len();
        let nv = func.values.len();
        let mut live_in = vec![ValueSet::with_capacity(nv); n];
        let mut live_out = vec![ValueSet::with_capacity(nv); n];
        let mut changed = true;
        while changed {
            changed = false;
            for &b in cfg.rpo.iter().rev() {
                let bi = b.0 as usize;
                let mut out = ValueSet::with_capacity(nv);
                for s in &cfg.succs[bi] {
                    let mut s_in = live_in[s.0 as usize].clone();
                    for p in &func.block(*s).params {
                        s_in.remove(*p);
                    }
                    out.union_with(&s_in);
                }
                let inn = Self::transfer(func, b, out.clone());
                if live_out[bi].union_with(&out) | live_in[bi].union_with(&inn) {
                    changed = true;
                }
            }
        }
        Liveness { live_in, live_out }
    }

    /// Walk `block` backward from its live-out set `live` to its live-in set.
    fn transfer(func: &Function, block: BlockId, mut live: ValueSet) -> ValueSet {
        let b = func.block(block);
        for u in b.term.uses() {
            live.insert(u);
        }
        for &ii in b.insts.iter().rev() {
            let inst = func.inst(ii);
            if let Some(r) = inst.result {
                live.remove(r);
            }
            for u in inst.kind.uses() {
                live.insert(u);
            }
        }
        for p in &b.params {
            live.remove(*p);
        }
        live
    }

    /// Values live on entry to `b` (block parameters excluded).
    pub fn live_in(&self, b: BlockId) -> &ValueSet {
        &self.live_in[b.0 as usize]
    }

    /// Values live on exit from `b` (before the arguments its terminator passes).
    pub fn live_out(&self, b: BlockId) -> &ValueSet {
        &self.live_out[b.0 as usize]
    }

    /// Values live just after instruction number `pos` of `block` (an index into
    /// `Block::insts`): the values a barrier at that position must save.
    pub fn live_after(&self, func: &Function, block: BlockId, pos: usize) -> Vec<Value> {
        let b = func.block(block);
        let mut live = self.live_out[block.0 as usize].clone();
        for u in b.term.uses() {
            live.insert(u);
        }
        for &ii in b.insts.iter().skip(pos + 1).rev() {
            let inst = func.inst(ii);
            if let Some(r) = inst.result {
                live.remove(r);
            }
            for u in inst.kind.uses() {
                live.insert(u);
            }
        }
        live.iter().collect()
    }
}

/// Values that may be defined after the last barrier before instruction `pos` of
/// `block`: those defined on some path to that point that passes no barrier (block
/// parameters count as defined at their block's start). A value outside this set that is
/// live at a barrier was saved at an earlier barrier and still is, so that barrier need
/// not save it again.
pub fn defined_since_barrier(func: &Function, cfg: &Cfg, block: BlockId, pos: usize) -> ValueSet {
    let mut out = ValueSet::with_capacity(func.values.len());
    // Scan `b` backwards from just before `end`: true when the scan reached its start.
    let scan = |b: BlockId, end: usize, out: &mut ValueSet| -> bool {
        let blk = func.block(b);
        for &ii in blk.insts[..end.min(blk.insts.len())].iter().rev() {
            let inst = func.inst(ii);
            if matches!(inst.kind, crate::ir::InstKind::Barrier) {
                return false;
            }
            if let Some(r) = inst.result {
                out.insert(r);
            }
        }
        for p in &blk.params {
            out.insert(*p);
        }
        true
    };
    let mut seen = vec![false; func.blocks.len()];
    let mut work = Vec::new();
    if scan(block, pos, &mut out) {
        work.extend(cfg.preds[block.0 as usize].iter().copied());
    }
    while let Some(b) = work.pop() {
        if std::mem::replace(&mut seen[b.0 as usize], true) {
            continue;
        }
        if scan(b, usize::MAX, &mut out) {
            work.extend(cfg.preds[b.0 as usize].iter().copied());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::parse::parse_function;

    #[test]
    fn values_saved_at_an_earlier_barrier_are_not_fresh() {
        let f = parse_function(
            "block0():
    v0: i32 = const 0x1
    barrier
    v1: i32 = IAdd v0, v0
    barrier
    v2: i32 = IAdd v0, v1
    return",
        )
        .unwrap();
        let (entry, a, b, c) = (BlockId(0), Value(0), Value(1), Value(2));
        let cfg = Cfg::new(&f);
        let first = defined_since_barrier(&f, &cfg, entry, 1);
        assert!(first.contains(a));
        let second = defined_since_barrier(&f, &cfg, entry, 3);
        assert!(second.contains(b) && !second.contains(a), "a was saved at the first barrier");
        assert!(!second.contains(c));
        let live = Liveness::new(&f, &cfg);
        assert_eq!(live.live_after(&f, entry, 3), vec![a, b]);
    }

    #[test]
    fn loop_carried_value_is_live_across_barrier() {
        let f = parse_function(
            "block0():
    v0: i32 = const 0xa
    v1: i32 = const 0x0
    jump block1(v1)
block1(v2: i32):
    barrier
    v3: i32 = const 0x1
    v4: i32 = IAdd v2, v3
    v5: bool = icmp Ult v4, v0
    br v5, block1(v4), block2()
block2():
    return",
        )
        .unwrap();
        let (entry, head, exit) = (BlockId(0), BlockId(1), BlockId(2));
        let (n, i) = (Value(0), Value(2));
        let cfg = Cfg::new(&f);
        let live = Liveness::new(&f, &cfg);
        assert_eq!(live.live_after(&f, head, 0), vec![n, i]);
        assert!(live.live_in(head).contains(n));
        assert!(!live.live_in(head).contains(i));
        assert!(cfg.is_retreating(head, head));
        let dt = crate::analysis::DomTree::new(&cfg);
        assert!(dt.dominates(entry, exit));
        assert!(dt.dominates(head, exit));
        assert!(!dt.dominates(exit, head));
    }
}

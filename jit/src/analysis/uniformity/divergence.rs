//! Control-flow facts for the uniformity analysis under masked execution: which blocks
//! are joins of a divergent branch, and which loops lanes may leave in different
//! iterations ("temporal" divergence).
//!
//! A divergent branch `d` splits the lanes that run it; the blocks where lanes coming
//! from different successors of `d` meet again in one visit are its *joins* (found by
//! propagating one label per successor along forward edges, a join starting a label of
//! its own, and counting the labels that arrive along back-edges). A loop is left
//! divergently when, from a divergent branch inside it, some exiting block can be
//! reached that the lanes of `d` do not all pass through (or `d` itself exits).
//! Only reads the CFG; emits nothing and decides nothing about values.

use crate::analysis::Cfg;
use crate::ir::{BlockId, Function, Value};

/// One natural loop (back-edges to the same header merged).
struct Loop {
    header: usize,
    body: Vec<bool>,
}

/// The natural loops of a function.
pub(super) struct Divergence {
    loops: Vec<Loop>,
}

impl Divergence {
    pub fn new(cfg: &Cfg) -> Divergence {
        let n = cfg.succs.len();
        let mut latches: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &b in &cfg.rpo {
            for s in &cfg.succs[b.0 as usize] {
                if cfg.is_retreating(b, *s) && !latches[s.0 as usize].contains(&(b.0 as usize)) {
                    latches[s.0 as usize].push(b.0 as usize);
                }
            }
        }
        let mut loops = Vec::new();
        for (h, ls) in latches.iter().enumerate() {
            if ls.is_empty() {
                continue;
            }
            let mut body = vec![false; n];
            body[h] = true;
            let mut stack = ls.clone();
            while let Some(b) = stack.pop() {
                if body[b] || !cfg.is_reachable(BlockId(b as u32)) {
                    continue;
                }
                body[b] = true;
                stack.extend(cfg.preds[b].iter().map(|p| p.0 as usize));
            }
            loops.push(Loop { header: h, body });
        }
        Divergence { loops }
    }

    pub fn loop_count(&self) -> usize {
        self.loops.len()
    }

    /// The joins of the divergent branch ending block `d`.
    pub fn joins(&self, cfg: &Cfg, d: BlockId) -> Vec<BlockId> {
        let n = cfg.succs.len();
        let mut targets: Vec<BlockId> = cfg.succs[d.0 as usize].clone();
        targets.sort_by_key(|b| b.0);
        // A block reached along two edges of `d` is a join of the two.
        let mut joins: Vec<BlockId> = targets.windows(2).filter(|p| p[0] == p[1]).map(|p| p[0]).collect();
        joins.dedup();
        targets.dedup();
        if targets.len() < 2 {
            return joins;
        }
        let mut incoming: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut back: Vec<Vec<usize>> = vec![Vec::new(); n];
        for s in &targets {
            let lbl = s.0 as usize;
            if cfg.is_retreating(d, *s) {
                back[lbl].push(lbl);
            } else {
                incoming[lbl].push(lbl);
            }
        }
        let start = cfg.rpo_index[d.0 as usize].map_or(cfg.rpo.len(), |i| i + 1);
        for &b in &cfg.rpo[start.min(cfg.rpo.len())..] {
            let bi = b.0 as usize;
            let inc = &mut incoming[bi];
            inc.sort_unstable();
            inc.dedup();
            let label = match inc.len() {
                0 => continue,
                1 => inc[0],
                _ => {
                    if !joins.contains(&b) {
                        joins.push(b);
                    }
                    bi
                }
            };
            for s in &cfg.succs[bi] {
                let list = if cfg.is_retreating(b, *s) { &mut back } else { &mut incoming };
                list[s.0 as usize].push(label);
            }
        }
        for (h, labels) in back.iter_mut().enumerate() {
            labels.sort_unstable();
            labels.dedup();
            if labels.len() >= 2 && !joins.contains(&BlockId(h as u32)) {
                joins.push(BlockId(h as u32));
            }
        }
        joins
    }

    /// The loops (by index) containing divergent branch `d` that lanes may leave in
    /// different iterations because of it.
    pub fn loops_left_divergently(&self, cfg: &Cfg, d: BlockId) -> Vec<usize> {
        let di = d.0 as usize;
        let mut out = Vec::new();
        for (li, l) in self.loops.iter().enumerate() {
            if l.body[di] && self.leaves_divergently(cfg, l, di) {
                out.push(li);
            }
        }
        out
    }

    /// Blocks of `l` reachable from `from` along forward edges inside `l`, not entering
    /// `avoid`.
    fn reach(&self, cfg: &Cfg, l: &Loop, from: usize, avoid: Option<usize>) -> Vec<bool> {
        let mut seen = vec![false; cfg.succs.len()];
        let mut stack = vec![from];
        while let Some(b) = stack.pop() {
            if seen[b] || Some(b) == avoid {
                continue;
            }
            seen[b] = true;
            for s in &cfg.succs[b] {
                let si = s.0 as usize;
                if l.body[si] && !cfg.is_retreating(BlockId(b as u32), *s) {
                    stack.push(si);
                }
            }
        }
        seen
    }

    fn leaves_divergently(&self, cfg: &Cfg, l: &Loop, d: usize) -> bool {
        let exits = |b: usize| cfg.succs[b].iter().any(|s| !l.body[s.0 as usize]);
        let to_header = |b: usize| cfg.succs[b].iter().any(|s| s.0 as usize == l.header);
        let reach = self.reach(cfg, l, d, None);
        for (b, r) in reach.iter().enumerate() {
            if !*r || !exits(b) {
                continue;
            }
            if b == d {
                return true;
            }
            // Every lane of `d` that stays for another iteration must pass `b`.
            let around = self.reach(cfg, l, d, Some(b));
            if around.iter().enumerate().any(|(x, r)| *r && (to_header(x) || (x != b && exits(x)))) {
                return true;
            }
        }
        false
    }

    /// Values defined in loop `li` and used outside it, and the parameters of blocks
    /// entered along the loop's exit edges.
    pub fn loop_live_outs(&self, func: &Function, cfg: &Cfg, li: usize) -> Vec<Value> {
        let Some(l) = self.loops.get(li) else { return Vec::new() };
        let mut inside = vec![false; func.values.len()];
        for (bi, block) in func.blocks.iter().enumerate() {
            if !l.body.get(bi).copied().unwrap_or(false) {
                continue;
            }
            for p in &block.params {
                inside[p.0 as usize] = true;
            }
            for &ii in &block.insts {
                if let Some(r) = func.inst(ii).result {
                    inside[r.0 as usize] = true;
                }
            }
        }
        let mut out = Vec::new();
        for (bi, block) in func.blocks.iter().enumerate() {
            if l.body.get(bi).copied().unwrap_or(false) {
                for s in &cfg.succs[bi] {
                    if !l.body[s.0 as usize] {
                        out.extend(func.block(*s).params.iter().copied());
                    }
                }
                continue;
            }
            let uses = block.insts.iter().flat_map(|&ii| func.inst(ii).kind.uses()).chain(block.term.uses());
            out.extend(uses.filter(|v| inside.get(v.0 as usize).copied().unwrap_or(false)));
        }
        out
    }
}

//! Natural loops of a reducible CFG and a *loop-contiguous* block order for linearized
//! (masked) execution.
//!
//! The masked lowering runs the blocks as one chain and jumps back only along loop
//! back-edges. For that chain to keep the lanes of a lane group together, every block
//! must come after all its forward predecessors and every loop's blocks must be
//! contiguous, header first: lanes that leave a loop then wait at the exit until the
//! last lane leaves it, and a block after a join runs once with every lane that reaches
//! it (which barriers need). A plain reverse post-order does not guarantee the second
//! property. Only reads the CFG; irreducible graphs are reported, not ordered.

use super::{Cfg, DomTree};
use crate::ir::BlockId;

/// One natural loop: its header and its blocks (header included), by block number.
#[derive(Clone, Debug)]
struct Loop {
    header: usize,
    body: Vec<bool>,
    size: usize,
    parent: Option<usize>,
}

/// The loop-contiguous order of the reachable blocks of `cfg`, entry first, or why there
/// is none (an irreducible CFG).
pub fn linear_order(cfg: &Cfg, dt: &DomTree) -> Result<Vec<BlockId>, String> {
    let n = cfg.succs.len();
    // Back edges, grouped by header.
    let mut latches: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &b in &cfg.rpo {
        for s in &cfg.succs[b.0 as usize] {
            if cfg.is_retreating(b, *s) {
                if !dt.dominates(*s, b) {
                    return Err(format!("irreducible control flow ({b} → {s})"));
                }
                latches[s.0 as usize].push(b.0 as usize);
            }
        }
    }
    let mut loops: Vec<Loop> = Vec::new();
    for (h, ls) in latches.iter().enumerate() {
        if ls.is_empty() {
            continue;
        }
        let mut body = vec![false; n];
        body[h] = true;
        let mut stack: Vec<usize> = ls.clone();
        while let Some(b) = stack.pop() {
            if body[b] || !cfg.is_reachable(BlockId(b as u32)) {
                continue;
            }
            body[b] = true;
            stack.extend(cfg.preds[b].iter().map(|p| p.0 as usize));
        }
        let size = body.iter().filter(|x| **x).count();
        loops.push(Loop { header: h, body, size, parent: None });
    }
    // Parent: the smallest other loop containing the header.
    for i in 0..loops.len() {
        let h = loops[i].header;
        let parent = (0..loops.len())
            .filter(|&j| j != i && loops[j].body[h] && loops[j].size > loops[i].size)
            .min_by_key(|&j| loops[j].size);
        loops[i].parent = parent;
    }
    // Innermost loop of each block.
    let mut inner: Vec<Option<usize>> = vec![None; n];
    for (i, l) in loops.iter().enumerate() {
        for (slot, _) in inner.iter_mut().zip(&l.body).filter(|(_, in_body)| **in_body) {
            if slot.is_none_or(|j| loops[j].size > l.size) {
                *slot = Some(i);
            }
        }
    }
    let mut out = Vec::with_capacity(cfg.rpo.len());
    let root: Vec<usize> = cfg.rpo.iter().map(|b| b.0 as usize).collect();
    order_region(cfg, &loops, &inner, None, &root, &mut out)?;
    if out.len() != cfg.rpo.len() {
        return Err("the loop structure could not be ordered (a block was placed twice or never)".into());
    }
    Ok(out)
}

/// The block or inner loop (by its header) that stands for `b` inside region `region`.
fn representative(loops: &[Loop], inner: &[Option<usize>], region: Option<usize>, b: usize) -> usize {
    let mut l = inner[b];
    while let Some(i) = l {
        if loops[i].parent == region {
            return if Some(i) == region { b } else { loops[i].header };
        }
        if Some(i) == region {
            return b;
        }
        l = loops[i].parent;
    }
    b
}

/// Append the blocks of `region` (`None`: the whole function; `Some(l)`: loop `l`,
/// whose blocks are `blocks`) in a topological order of its forward edges with inner
/// loops kept contiguous; ties go to the lower reverse post-order position.
fn order_region(
    cfg: &Cfg,
    loops: &[Loop],
    inner: &[Option<usize>],
    region: Option<usize>,
    blocks: &[usize],
    out: &mut Vec<BlockId>,
) -> Result<(), String> {
    let n = cfg.succs.len();
    let in_region = |b: usize| match region {
        None => cfg.is_reachable(BlockId(b as u32)),
        Some(l) => loops[l].body[b],
    };
    let header = region.map(|l| loops[l].header);
    let mut reps: Vec<usize> = Vec::new();
    let mut is_rep = vec![false; n];
    for &b in blocks {
        let r = representative(loops, inner, region, b);
        if !is_rep[r] {
            is_rep[r] = true;
            reps.push(r);
        }
    }
    let mut indeg = vec![0usize; n];
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &b in blocks {
        let rb = representative(loops, inner, region, b);
        for s in &cfg.succs[b] {
            let s = s.0 as usize;
            if !in_region(s) || Some(s) == header {
                continue;
            }
            let rs = representative(loops, inner, region, s);
            if rs != rb && !edges[rb].contains(&rs) {
                edges[rb].push(rs);
                indeg[rs] += 1;
            }
        }
    }
    let pos = |b: usize| cfg.rpo_index[b].unwrap_or(usize::MAX);
    let mut ready: Vec<usize> = reps.iter().copied().filter(|r| indeg[*r] == 0).collect();
    let mut placed = 0usize;
    while !ready.is_empty() {
        let (k, _) = ready.iter().enumerate().min_by_key(|(_, r)| pos(**r)).ok_or("empty ready list")?;
        let r = ready.swap_remove(k);
        placed += 1;
        let nested = inner[r].filter(|&i| loops[i].header == r && Some(i) != region);
        match nested {
            Some(i) => {
                let body: Vec<usize> = cfg.rpo.iter().map(|b| b.0 as usize).filter(|b| loops[i].body[*b]).collect();
                order_region(cfg, loops, inner, Some(i), &body, out)?;
            }
            None => out.push(BlockId(r as u32)),
        }
        for &s in &edges[r] {
            indeg[s] -= 1;
            if indeg[s] == 0 {
                ready.push(s);
            }
        }
    }
    if placed != reps.len() {
        return Err("a cycle remains after removing loop back-edges (irreducible control flow)".into());
    }
    Ok(())
}

//! Whether lanes pay off for a kernel: a static estimate, per work-item, of what its
//! instructions cost on the vector path at W lanes against the scalar path, used when
//! the caller leaves W to spirjit (`lanes = 0`).
//!
//! Most kernels gain from lanes: their arithmetic runs on whole vectors and their
//! accesses are consecutive. Some lose: an access whose address has no stride (`x[col[k]]`,
//! a column walk with a run-time pitch) or an atomic per work-item runs once per lane on
//! the vector path, with a lane extract, a mask test and an insert around each, which
//! costs about as much as six scalar instructions; inside a loop whose exit differs between lanes,
//! every lane also waits for the slowest. Sparse matrix–vector products, per-item
//! counters and Cephes-style special functions (data-dependent loops over private
//! arrays) ran 1.5–60 times slower at W = 16 than at W = 1. Instructions are weighted
//! by how deeply they are nested in loops (trip counts are unknown; 8 per level). The
//! factors are rough measurements of the generated code on x86-64, not a model of the
//! machine: the estimate only separates kernels dominated by per-lane work from the
//! rest. This module reads KIR and the analyses; it emits no code.

use crate::analysis::{Cfg, DomTree, Uniformity};
use crate::ir::{self, AtomicOp, InstKind, Terminator};

/// Cost of an access or atomic done once per lane on the vector path, in scalar
/// accesses.
const PER_LANE: f64 = 6.0;
/// Cost of a strided access (one bounds check for the span, a load per lane).
const STRIDED: f64 = 3.0;
/// Extra cost of the vector path in a loop whose exit differs between lanes.
const DIVERGENT_LOOP: f64 = 1.5;
/// Weight of one level of loop nesting.
const LOOP_WEIGHT: f64 = 8.0;

/// The estimated cost per work-item of the vector path at `w` lanes and of the scalar
/// path, in scalar instructions.
pub struct Estimate {
    pub vector: f64,
    pub scalar: f64,
}

/// Estimate `func`'s cost per work-item on both paths (`uni`: the uniformity the vector
/// path would use).
pub fn estimate(func: &ir::Function, cfg: &Cfg, dt: &DomTree, uni: &Uniformity, w: u32) -> Estimate {
    let (depth, divergent) = loop_nesting(func, cfg, dt, uni);
    let lanes = f64::from(w.max(1));
    let mut est = Estimate { vector: 0.0, scalar: 0.0 };
    for &blk in &cfg.rpo {
        let b = blk.0 as usize;
        let weight = LOOP_WEIGHT.powi(depth[b].min(4) as i32);
        let slow = if divergent[b] { DIVERGENT_LOOP } else { 1.0 };
        for &ii in &func.block(blk).insts {
            let inst = func.inst(ii);
            let varying = |v: ir::Value| !uni.is_uniform(v);
            let vector = match &inst.kind {
                InstKind::Load { ptr, .. } => access(func, uni, *ptr, inst.result, lanes),
                InstKind::Store { ptr, value, .. } if !varying(*ptr) && varying(*value) => PER_LANE,
                InstKind::Store { ptr, value, .. } => access(func, uni, *ptr, Some(*value), lanes),
                // Additions to one address are aggregated into one atomic (`vatomic`).
                InstKind::AtomicRmw { op, ptr, .. }
                    if !varying(*ptr)
                        && matches!(op, AtomicOp::Add | AtomicOp::Sub | AtomicOp::Inc | AtomicOp::Dec) =>
                {
                    0.5
                }
                InstKind::AtomicRmw { .. } | InstKind::AtomicStore { .. } => PER_LANE,
                InstKind::AtomicCmpXchg { .. } | InstKind::AtomicLoad { .. } | InstKind::CopyMemory { .. } => PER_LANE,
                InstKind::Call { .. } | InstKind::CallWhole { .. } => 1.0,
                InstKind::Const(_) | InstKind::Param(_) | InstKind::Undef => 0.0,
                _ => match inst.result {
                    Some(r) if varying(r) => 1.0 / per_vector(func, r).min(lanes),
                    _ => 1.0 / lanes,
                },
            };
            let scalar = match &inst.kind {
                InstKind::Const(_) | InstKind::Param(_) | InstKind::Undef => 0.0,
                _ => 1.0,
            };
            est.vector += weight * slow * vector;
            est.scalar += weight * scalar;
        }
    }
    est
}

/// Lanes of `v`'s scalar type in one 128-bit vector.
fn per_vector(func: &ir::Function, v: ir::Value) -> f64 {
    match func.ty(v).scalar() {
        Some(s) => (128 / s.bits().max(8)) as f64,
        None => 1.0,
    }
}

/// The vector path's cost of a load or store at `ptr` of `value` (per work-item).
fn access(func: &ir::Function, uni: &Uniformity, ptr: ir::Value, value: Option<ir::Value>, lanes: f64) -> f64 {
    if uni.is_uniform(ptr) {
        return 1.0 / lanes;
    }
    let size = value.map_or(0, |v| func.ty(v).size()) as i64;
    match uni.lane_stride(ptr) {
        Some(0) => 2.0 / lanes,
        Some(s) if s == size => value.map_or(1.0, |v| 1.0 / per_vector(func, v).min(lanes)),
        Some(_) => STRIDED,
        // Whole vector elements (`float4`) are loaded per lane and transposed.
        None if value.is_some_and(|v| func.ty(v).lanes().is_some_and(|n| n > 1)) => STRIDED,
        None => PER_LANE,
    }
}

/// Per block: how many natural loops contain it, and whether one of them has a
/// divergent exit (a branch out of the loop on a condition that differs between lanes).
fn loop_nesting(func: &ir::Function, cfg: &Cfg, dt: &DomTree, uni: &Uniformity) -> (Vec<u32>, Vec<bool>) {
    let n = cfg.succs.len();
    let mut depth = vec![0u32; n];
    let mut divergent = vec![false; n];
    for &latch in &cfg.rpo {
        for &header in &cfg.succs[latch.0 as usize] {
            if !cfg.is_retreating(latch, header) || !dt.dominates(header, latch) {
                continue;
            }
            // The natural loop: blocks reaching the latch without passing the header.
            let mut body = vec![false; n];
            body[header.0 as usize] = true;
            let mut stack = vec![latch];
            while let Some(b) = stack.pop() {
                if std::mem::replace(&mut body[b.0 as usize], true) {
                    continue;
                }
                stack.extend(cfg.preds[b.0 as usize].iter().copied());
            }
            let exits_diverge = (0..n).filter(|b| body[*b]).any(|b| {
                let leaves = cfg.succs[b].iter().any(|s| !body[s.0 as usize]);
                let cond = match &func.blocks[b].term {
                    Terminator::Branch { cond, .. } => Some(*cond),
                    Terminator::Switch { value, .. } => Some(*value),
                    _ => None,
                };
                leaves && cond.is_some_and(|c| !uni.is_uniform(c))
            });
            for b in (0..n).filter(|b| body[*b]) {
                depth[b] += 1;
                divergent[b] |= exits_diverge;
            }
        }
    }
    (depth, divergent)
}

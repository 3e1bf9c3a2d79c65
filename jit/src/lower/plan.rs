//! Which lowering path each kernel gets: the number of lanes W to try and, when the
//! vector path cannot handle a kernel, why it runs at W = 1 instead.
//!
//! This module only reads KIR and the analyses; it emits no code.

use crate::analysis::{Cfg, DomTree, Uniformity};
use crate::ir::{self, Terminator};

/// Lane counts the vector path is built for.
pub const VECTOR_LANES: [u32; 4] = [2, 4, 8, 16];

/// The default W when the caller asks for automatic choice (`lanes = 0`): 16 lanes (four
/// registers per 32-bit value), which amortizes the per-lane-group work — loop control,
/// masks, address guards, barrier state — best on the benchmark suite (`benches/`:
/// geometric mean of PoCL time / spirjit time 1.07 at W = 4, 1.30 at 8, 1.44 at 16);
/// kernels dominated by `double` values get 8, whose vectors hold two lanes each.
pub fn default_lanes(kernel: &ir::Kernel) -> u32 {
    let (mut f64s, mut narrower) = (0usize, 0usize);
    for v in &kernel.func.values {
        match v.ty.scalar() {
            Some(ir::Scalar::F64) => f64s += 1,
            Some(s) if s.bits() <= 32 => narrower += 1,
            _ => {}
        }
    }
    if f64s > narrower {
        8
    } else {
        16
    }
}

/// The vector path chosen for a kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VectorPath {
    /// Work-items per lane group.
    pub lanes: u32,
    /// Control flow diverges: blocks run under execution masks (linearized).
    pub masked: bool,
}

/// The path to try for `kernel` given the requested `lanes`, or the reason it must run
/// at W = 1.
pub fn choose(kernel: &ir::Kernel, lanes: u32) -> Result<VectorPath, String> {
    let w = if lanes == 0 { default_lanes(kernel) } else { lanes };
    if w == 1 {
        return Ok(VectorPath { lanes: 1, masked: false });
    }
    if !VECTOR_LANES.contains(&w) {
        return Err(format!("{w} lanes is not a vector width this lowering builds (use one of {VECTOR_LANES:?})"));
    }
    let func = &kernel.func;
    let cfg = Cfg::new(func);
    let uni = Uniformity::new(func, &cfg);
    let mut divergent = None;
    for &blk in &cfg.rpo {
        let cond = match &func.block(blk).term {
            Terminator::Branch { cond, .. } => *cond,
            Terminator::Switch { value, .. } => *value,
            _ => continue,
        };
        if !uni.is_uniform(cond) {
            divergent = Some(format!("divergent control flow at the end of {blk} ({})", uni.explain(func, cond)));
            break;
        }
    }
    let Some(divergent) = divergent else { return Ok(VectorPath { lanes: w, masked: false }) };
    let dt = DomTree::new(&cfg);
    for &blk in &cfg.rpo {
        for s in &cfg.succs[blk.0 as usize] {
            if cfg.is_retreating(blk, *s) && !dt.dominates(*s, blk) {
                return Err(format!("{divergent} in an irreducible control-flow graph ({blk} → {s})"));
            }
        }
    }
    Ok(VectorPath { lanes: w, masked: true })
}

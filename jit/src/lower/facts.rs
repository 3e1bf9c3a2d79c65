//! What the lowering of one kernel is given: every analysis of the kernel, computed once
//! by [`crate::pipeline`], and the path (W, masked or not) chosen for it; plus the
//! remarks the compile collects (why a kernel fell back, which branches diverge and
//! why, how each memory access at W > 1 is done).
//!
//! This module only holds facts; it computes none (the pipeline does, in order).

use std::fmt;

use crate::analysis::{Cfg, DomTree, Liveness, Provenances, Uniformity};

/// Every analysis of one kernel, computed once and shared by the plan, the lowering
/// at the chosen W and a fallback to W = 1.
pub struct KernelFacts {
    /// Control flow: successors, predecessors, reverse post-order, retreating edges.
    pub cfg: Cfg,
    /// Dominators (plan: reducibility; masked lowering: the linear block order).
    pub domtree: DomTree,
    /// The kernel has a work-group barrier (resume points, saved values).
    pub has_barriers: bool,
    /// Values live across each barrier; only for kernels with barriers (its per-block
    /// sets are the largest analysis and nothing else needs them).
    pub liveness: Option<Liveness>,
    /// Where each pointer points (for bounds checks); unknown everywhere when checks
    /// are off.
    pub provenance: Provenances,
    /// Which values are the same in every lane, for the chosen path (the masked
    /// variant under divergent control flow); `None` when the path is W = 1.
    pub uniformity: Option<Uniformity>,
    /// Under masked control flow: per value, whether it is used outside its block.
    pub escapes: Vec<bool>,
    /// The path chosen for the kernel.
    pub path: Path,
}

/// The path of one kernel: W to try first, whether masked, and the note to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// Work-items per lane group to try first.
    pub lanes: u32,
    /// Divergent control flow runs under execution masks.
    pub masked: bool,
    /// What the path note says (see `CompiledKernel::path_note`); `None` when the
    /// scalar path was requested.
    pub note: Option<String>,
}

/// What a remark is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RemarkKind {
    /// The path the kernel got (W, masked), and why it fell back to W = 1.
    Path,
    /// A branch whose condition differs between lanes, with the reason (the uniformity
    /// witness: the chain of definitions from a varying source).
    Divergence,
    /// How a memory access of varying address or value is done at W > 1.
    Access,
}

impl fmt::Display for RemarkKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RemarkKind::Path => "path",
            RemarkKind::Divergence => "divergent",
            RemarkKind::Access => "access",
        })
    }
}

/// One remark: what the compile decided about a kernel, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Remark {
    pub kind: RemarkKind,
    /// Where in the KIR (`block3: %12 = load ...`), when it is about one place.
    pub at: Option<String>,
    pub text: String,
}

impl fmt::Display for Remark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.at {
            Some(at) => write!(f, "{}: {at}: {}", self.kind, self.text),
            None => write!(f, "{}: {}", self.kind, self.text),
        }
    }
}

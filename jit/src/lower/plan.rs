//! Which lowering path each kernel gets: the number of lanes W to try and, when the
//! vector path cannot handle a kernel, why it runs at W = 1 instead.
//!
//! The choice includes the **compile budget**: before anything is emitted, the cost of
//! lowering the kernel at W is estimated from KIR (Cranelift instructions and blocks,
//! and the per-block variable maps of `cranelift-frontend`); a kernel over the budget
//! gets a smaller W, or the scalar path, with the reason in its path note, and one over
//! the budget even at W = 1 is refused with a `Limit` error rather than exhausting
//! memory.
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VectorPath {
    /// Work-items per lane group.
    pub lanes: u32,
    /// Control flow diverges: blocks run under execution masks (linearized).
    pub masked: bool,
    /// Why a smaller W than requested was chosen (the requested W was over the compile
    /// budget).
    pub budget_note: Option<String>,
}

/// A branch whose condition differs between lanes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivergentBranch {
    /// The block the branch ends.
    pub block: ir::BlockId,
    /// Why the condition varies (the uniformity witness).
    pub why: String,
}

/// Most divergent branches whose witness is worked out (each is a walk up the
/// definitions; remarks about more add nothing a reader can use).
const MAX_EXPLAINED_BRANCHES: usize = 32;

/// What [`choose`] found: the path, or why the kernel runs at W = 1; the uniformity
/// analysis the path's lowering uses; and the divergent branches.
pub struct Choice {
    pub path: Result<VectorPath, String>,
    /// The uniformity for the chosen vector path (the masked variant when it is
    /// masked); `None` for W = 1.
    pub uniformity: Option<Uniformity>,
    /// Divergent branches, in block order (the first [`MAX_EXPLAINED_BRANCHES`]).
    pub divergent: Vec<DivergentBranch>,
    /// Under masked control flow: per value, whether it is used outside its block
    /// (what the masked lowering carries in variables); empty otherwise.
    pub escapes: Vec<bool>,
}

/// The path to try for `kernel` given the requested `lanes` and its control flow
/// (`cfg`, `dt`), or the reason it must run at W = 1. A vector path over the compile
/// budget at the requested W comes back at the largest smaller W within it
/// ([`VectorPath::budget_note`] says why).
///
/// A kernel that requires a sub-group size ([`ir::Kernel::reqd_sub_group_size`]) is
/// planned at that W whatever `lanes` asks, and never at a smaller one.
///
/// With `whole_rows` the code may assume that every lane group lies within one row of
/// its work-group (see [`rows_assumed`]); the uniformity then takes y and z ids as
/// uniform.
pub fn choose(kernel: &ir::Kernel, lanes: u32, whole_rows: bool, cfg: &Cfg, dt: &DomTree) -> Choice {
    let w = kernel.reqd_sub_group_size.unwrap_or(if lanes == 0 { default_lanes(kernel) } else { lanes });
    let scalar = |path| Choice { path, uniformity: None, divergent: Vec::new(), escapes: Vec::new() };
    if w == 1 {
        return scalar(Ok(VectorPath { lanes: 1, masked: false, budget_note: None }));
    }
    if !VECTOR_LANES.contains(&w) {
        return scalar(Err(format!(
            "{w} lanes is not a vector width this lowering builds (use one of {VECTOR_LANES:?})"
        )));
    }
    let func = &kernel.func;
    let rows = whole_rows && rows_assumed(kernel, w);
    let uni = Uniformity::new_rows(func, cfg, rows);
    let divergent = divergent_branches(func, cfg, &uni);
    let uni = match divergent.first() {
        None => uni,
        Some(first) => match masked_path_allowed(func, cfg, dt, first) {
            Ok(()) => Uniformity::new_masked_rows(func, cfg, rows),
            Err(why) => return Choice { path: Err(why), uniformity: None, divergent, escapes: Vec::new() },
        },
    };
    let masked = !divergent.is_empty();
    if lanes == 0 && kernel.reqd_sub_group_size.is_none() {
        if let Some(why) = gather_bound_loops(func, cfg, &uni) {
            return Choice { path: Err(why), uniformity: None, divergent, escapes: Vec::new() };
        }
    }
    let escapes = if masked { super::masked::escaping_values(func) } else { Vec::new() };
    let mask = masked.then_some(escapes.as_slice());
    match within_budget(func, w, cfg, &uni, mask, kernel.reqd_sub_group_size.is_some()) {
        Ok(path) => Choice { path: Ok(path), uniformity: Some(uni), divergent, escapes },
        Err(why) => Choice { path: Err(why), uniformity: None, divergent, escapes: Vec::new() },
    }
}

/// Most floating-point operations per gather in a gather-bound loop (see
/// [`gather_bound_loops`]): beyond this the arithmetic gains more from lanes than the
/// gathers lose.
const MAX_FLOPS_PER_GATHER: usize = 4;

/// Why a kernel is better run one work-item at a time when its W is chosen
/// automatically, or `None`: its loops diverge (lanes leave them in different
/// iterations, so a lane group runs as long as its longest lane) and every varying
/// memory access in them is a gather (a global or constant address that is not affine in the lane; at
/// least two), with little floating-point arithmetic (at most
/// [`MAX_FLOPS_PER_GATHER`] operations per gather), and it has no barrier and no
/// sub-group operation. Without hardware gathers a
/// gather is one load per lane plus lane extracts and inserts, so lanes gain nothing
/// and cost the extracts, the masks and the idle lanes (`spmv_csr` in `benches/`: 1053
/// instructions per work-item at W = 8, 583 at W = 1).
pub fn gather_bound_loops(func: &ir::Function, cfg: &Cfg, uni: &Uniformity) -> Option<String> {
    // Barriers cost a lane group switch per work-item at W = 1, and sub-group
    // operations would see sub-groups of one.
    if func.insts.iter().any(|i| matches!(i.kind, ir::InstKind::Barrier | ir::InstKind::SubGroup { .. })) {
        return None;
    }
    let cyclic = cfg.cyclic_blocks();
    let (mut gathers, mut affine, mut flops, mut diverges) = (0usize, 0usize, 0usize, false);
    for &blk in &cfg.rpo {
        if !cyclic.get(blk.0 as usize).copied().unwrap_or(false) {
            continue;
        }
        let block = func.block(blk);
        diverges |= match &block.term {
            Terminator::Branch { cond, .. } => !uni.is_uniform(*cond),
            Terminator::Switch { value, .. } => !uni.is_uniform(*value),
            _ => false,
        };
        for &ii in &block.insts {
            let inst = func.inst(ii);
            let ptr = match &inst.kind {
                ir::InstKind::Load { ptr, .. } | ir::InstKind::Store { ptr, .. } => Some(*ptr),
                ir::InstKind::Binary(ir::BinaryOp::FAdd | ir::BinaryOp::FSub | ir::BinaryOp::FMul, ..)
                | ir::InstKind::Binary(ir::BinaryOp::FDiv, ..)
                | ir::InstKind::Fma(..)
                | ir::InstKind::Math(..)
                | ir::InstKind::Call { .. }
                | ir::InstKind::CallWhole { .. } => {
                    flops += 1;
                    None
                }
                _ => None,
            };
            // Private variables are per lane (not gathers); generic pointers may be.
            let shared = |p: ir::Value| {
                matches!(
                    func.values.get(p.0 as usize).map(|d| &d.ty),
                    Some(ir::Type::Scalar(ir::Scalar::Ptr(ir::AddressSpace::Global | ir::AddressSpace::Constant)))
                )
            };
            match ptr {
                Some(p) if !uni.is_uniform(p) && uni.lane_stride(p).is_none() && shared(p) => gathers += 1,
                Some(p) if !uni.is_uniform(p) => affine += 1,
                _ => {}
            }
        }
    }
    (diverges && gathers >= 2 && affine == 0 && flops <= MAX_FLOPS_PER_GATHER * gathers).then(|| {
        format!(
            "chosen for this kernel: its divergent loops do {gathers} gathers (loads or stores at addresses \
             not affine in the lane) and no vector accesses, which lanes do not speed up; ask for W > 1 to \
             vectorize it anyway"
        )
    })
}

/// Whether code for `kernel` at W = `w` gains from assuming whole rows: it queries a
/// work-item id (y and z ids become scalars; x ids are first id + lane iota with no
/// per-lane-group test), and its required work-group size (when it has one) keeps every
/// lane group within a row (x size a multiple of W, or a single row). Launches that
/// break the assumption run code compiled without it (the runtime's choice, per launch).
pub fn rows_assumed(kernel: &ir::Kernel, w: u32) -> bool {
    let func = &kernel.func;
    let id_query = |i: &ir::Inst| match &i.kind {
        ir::InstKind::WorkItem(ir::WorkItemQuery::GlobalId | ir::WorkItemQuery::LocalId, dim) => {
            matches!(func.scalar_const(*dim), Some(0..=2))
        }
        _ => false,
    };
    // Front ends build the whole id vector and extract the components they use.
    let queries_ids = func.insts.iter().any(id_query) && {
        let read = super::workitem::read_values(func, false, false);
        func.insts.iter().any(|i| id_query(i) && i.result.is_some_and(|r| read.get(r.0 as usize) == Some(&true)))
    };
    let fits = kernel.reqd_work_group_size.is_none_or(|[x, y, z]| launch_rows_whole([x, y, z].map(u64::from), w));
    w > 1 && queries_ids && fits
}

/// Whether every lane group of W lanes of a work-group of `size` lies within one row:
/// the x size is a multiple of W, or the group has a single row.
pub fn launch_rows_whole(size: [u64; 3], w: u32) -> bool {
    size[0].is_multiple_of(u64::from(w.max(1))) || size[1].saturating_mul(size[2]) <= 1
}

/// The divergent branches of `func` (at most [`MAX_EXPLAINED_BRANCHES`]).
fn divergent_branches(func: &ir::Function, cfg: &Cfg, uni: &Uniformity) -> Vec<DivergentBranch> {
    let mut out = Vec::new();
    for &blk in &cfg.rpo {
        let cond = match &func.block(blk).term {
            Terminator::Branch { cond, .. } => *cond,
            Terminator::Switch { value, .. } => *value,
            _ => continue,
        };
        if !uni.is_uniform(cond) {
            out.push(DivergentBranch { block: blk, why: uni.explain(func, cond) });
            if out.len() == MAX_EXPLAINED_BRANCHES {
                break;
            }
        }
    }
    out
}

/// Whether the masked vector path can take `func`, whose first divergent branch is
/// `first`: not too many blocks, a reducible control-flow graph.
fn masked_path_allowed(func: &ir::Function, cfg: &Cfg, dt: &DomTree, first: &DivergentBranch) -> Result<(), String> {
    let divergent = format!("divergent control flow at the end of {} ({})", first.block, first.why);
    if func.blocks.len() > MAX_MASKED_BLOCKS {
        return Err(format!(
            "{divergent} in a kernel of {} blocks, over the compile budget of the masked vector path \
             ({MAX_MASKED_BLOCKS} blocks)",
            func.blocks.len()
        ));
    }
    for &blk in &cfg.rpo {
        for s in &cfg.succs[blk.0 as usize] {
            if cfg.is_retreating(blk, *s) && !dt.dominates(*s, blk) {
                return Err(format!("{divergent} in an irreducible control-flow graph ({blk} → {s})"));
            }
        }
    }
    Ok(())
}

/// The largest W up to `w` whose estimated cost is within the compile budget (`uni`
/// is the uniformity the lowering would use; `masked`, the escaping values when control
/// flow diverges). With `exact`, only `w` itself is tried.
fn within_budget(
    func: &ir::Function,
    w: u32,
    cfg: &Cfg,
    uni: &Uniformity,
    masked: Option<&[bool]>,
    exact: bool,
) -> Result<VectorPath, String> {
    let mut over = None;
    for cand in VECTOR_LANES.iter().rev().copied().filter(|c| *c == w || (*c < w && !exact)) {
        let cost = Cost::estimate(func, cfg, Some(uni), cand, masked);
        match cost.over_budget() {
            None => {
                let budget_note = over.map(|why: String| format!("W = {w} is over the compile budget ({why})"));
                return Ok(VectorPath { lanes: cand, masked: masked.is_some(), budget_note });
            }
            Some(why) => {
                over.get_or_insert(why);
            }
        }
    }
    Err(format!("the vector path is over the compile budget ({})", over.unwrap_or_default()))
}

/// Check that the scalar path of `kernel` is within the compile budget; the error says
/// what is over.
pub fn check_scalar_budget(kernel: &ir::Kernel, cfg: &Cfg) -> Result<(), String> {
    match Cost::estimate(&kernel.func, cfg, None, 1, None).over_budget_at(false) {
        None => Ok(()),
        Some(why) => Err(why),
    }
}

/// Most Cranelift instructions one kernel may lower to (an estimate made before
/// lowering): about 1.5 GB of compile memory and 20 s with the single-pass register
/// allocator.
pub const MAX_CLIF_INSTS: u64 = 4_000_000;

/// Most Cranelift instructions a kernel may lower to at W > 1 before a smaller W is
/// chosen (compile time and memory grow with it).
pub const VECTOR_CLIF_INSTS: u64 = 1_500_000;

/// Most bytes the per-block maps of `cranelift-frontend`'s variables may take (each
/// variable holds one entry per block of the function).
pub const MAX_VARIABLE_MAP_BYTES: u64 = 64 << 20;

/// Most blocks of a kernel with divergent control flow that the masked vector path
/// takes; larger ones run on the scalar path. Linearizing thousands of blocks (typical
/// of unoptimized code) costs more than it gains, and finding the joins of every
/// divergent branch grows with blocks × branches.
pub const MAX_MASKED_BLOCKS: usize = 1024;

/// An estimate, from KIR alone, of what lowering a kernel at W costs. The per-instruction
/// factors were fitted on large generated kernels (`benches/compile`): there the estimate
/// is 0.95–1.1 times the Cranelift instructions emitted at W > 1 and about 2 times at
/// W = 1. It leaves out the fixed code of every kernel, the save and restore of values
/// at barriers and the bookkeeping of masks, so on small kernels with barriers or
/// divergent control flow it is 0.3–0.85 times what is emitted (matmul_tiled at
/// W = 16: 7k estimated, 23k emitted); a large kernel of that kind can be
/// underestimated about 3 times.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// Cranelift instructions.
    pub insts: u64,
    /// Cranelift blocks.
    pub blocks: u64,
    /// Leaves carried in Cranelift variables (values redefined under masks; values
    /// live across barriers are not counted).
    pub variables: u64,
    /// The bytes of masks the masked path keeps in the frame.
    pub mask_bytes: u64,
}

impl Cost {
    /// The cost of lowering `func` at `w` lanes (`uni` is the uniformity the lowering
    /// would use, `None` at W = 1; `escapes`, under masked control flow, which values
    /// are used outside their block, `None` without masks).
    pub fn estimate(
        func: &ir::Function,
        cfg: &Cfg,
        uni: Option<&Uniformity>,
        w: u32,
        escapes: Option<&[bool]>,
    ) -> Cost {
        let masked = escapes.is_some();
        let escapes = escapes.unwrap_or_default();
        let lanes = super::leaf::Lanes(w);
        let varying = |v: ir::Value| uni.is_some_and(|u| !u.is_uniform(v));
        let leaves = |v: ir::Value| -> u64 {
            let ty = func.ty(v);
            let n = super::leaf::leaf_count(ty).unwrap_or(1).max(1) as u64;
            match ty.scalar() {
                Some(s) if varying(v) => n * lanes.vectors(s) as u64,
                _ => n,
            }
        };
        let w64 = w as u64;
        let mut cost = Cost { blocks: 4 * func.blocks.len() as u64 + 8, ..Cost::default() };
        for (bi, block) in func.blocks.iter().enumerate() {
            if !cfg.is_reachable(ir::BlockId(bi as u32)) {
                continue;
            }
            if masked {
                for p in &block.params {
                    cost.variables += leaves(*p);
                }
            }
            for &ii in &block.insts {
                let inst = func.inst(ii);
                let uses = inst.kind.uses();
                let any_varying = uses.iter().any(|v| varying(*v)) || inst.result.is_some_and(varying);
                let width = if any_varying { w64 } else { 1 };
                let n =
                    inst.result.map(|r| super::leaf::leaf_count(func.ty(r)).unwrap_or(1).max(1) as u64).unwrap_or(1);
                match &inst.kind {
                    ir::InstKind::Load { ptr, .. } | ir::InstKind::Store { ptr, .. }
                        if inst.result.or(uses.get(1).copied()).is_some_and(|v| {
                            super::bounds::statically_in_bounds(func, *ptr, func.ty(v).size(), Default::default())
                        }) =>
                    {
                        // A private variable at a constant offset: no check.
                        cost.insts += 2 * width * n;
                    }
                    ir::InstKind::Load { .. }
                    | ir::InstKind::Store { .. }
                    | ir::InstKind::AtomicLoad { .. }
                    | ir::InstKind::AtomicStore { .. }
                    | ir::InstKind::AtomicRmw { .. }
                    | ir::InstKind::AtomicCmpXchg { .. }
                    | ir::InstKind::CopyMemory { .. } => {
                        // A checked access per lane: a test and a cold error block each.
                        cost.blocks += 2 * width + 2;
                        cost.insts += 7 * width * n;
                    }
                    ir::InstKind::CallWhole { .. } => {
                        cost.blocks += 2 * width;
                        cost.insts += 4 * width * n;
                    }
                    ir::InstKind::Call { .. } => {
                        cost.blocks += 3;
                        cost.insts += 5 * n + n * lanes.vectors(ir::Scalar::I32) as u64;
                    }
                    _ => cost.insts += width * n + 1,
                }
                if let Some(r) = inst.result {
                    if escapes.get(r.0 as usize).copied().unwrap_or(false) && varying(r) {
                        cost.variables += leaves(r);
                    }
                }
            }
        }
        if masked {
            let nm = lanes.vectors(ir::Scalar::Bool) as u64;
            if func.blocks.len() <= super::masked::MASK_VARIABLE_BLOCKS {
                cost.variables += nm * func.blocks.len() as u64;
            } else {
                cost.mask_bytes = 16 * nm * func.blocks.len() as u64;
            }
        }
        cost
    }

    /// Bytes of the variables' per-block maps.
    pub fn variable_map_bytes(&self) -> u64 {
        4 * self.variables * self.blocks
    }

    /// What is over the budget, if anything (W > 1 has the tighter instruction limit).
    pub fn over_budget_at(&self, vector: bool) -> Option<String> {
        let max_insts = if vector { VECTOR_CLIF_INSTS } else { MAX_CLIF_INSTS };
        if self.insts > max_insts {
            return Some(format!("about {} code-generator instructions, over the limit of {max_insts}", self.insts));
        }
        if self.variable_map_bytes() > MAX_VARIABLE_MAP_BYTES {
            return Some(format!(
                "{} variables over {} blocks need about {} MB of SSA maps, over the limit of {} MB",
                self.variables,
                self.blocks,
                self.variable_map_bytes() >> 20,
                MAX_VARIABLE_MAP_BYTES >> 20
            ));
        }
        if self.mask_bytes > super::masked::MAX_MASK_BYTES as u64 {
            return Some(format!(
                "{} bytes of execution masks, over the limit of {}",
                self.mask_bytes,
                super::masked::MAX_MASK_BYTES
            ));
        }
        None
    }

    fn over_budget(&self) -> Option<String> {
        self.over_budget_at(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::parse::parse_function;

    /// A row loop `for (k = start[i]; k < start[i + 1]; k++) acc += vals[k] * x[cols[k]]`
    /// with `vals` read through `body` (a gather, or a load at `i`).
    fn row_loop(vals_at: &str) -> ir::Function {
        parse_function(&format!(
            "block0():
    v0: ptr<global> = param 0
    v1: ptr<global> = param 1
    v2: i64 = const 0x0
    v3: i64 = GlobalId v2
    v4: i64 = const 0x4
    v5: i64 = IMul v3, v4
    v6: ptr<global> = ptr_add v0, v5
    v7: i64 = load v6, align 8
    v8: f32 = const 0x0
    jump block1(v7, v8)
block1(v9: i64, v10: f32):
    v11: i64 = IMul v9, v4
    v12: ptr<global> = ptr_add v1, v11
    v13: i32 = load v12, align 4
    v14: i64 = convert SToS v13
    v15: i64 = IMul v14, v4
    v16: ptr<global> = ptr_add v0, v15
    v17: f32 = load v16, align 4
    v18: ptr<global> = ptr_add v0, {vals_at}
    v19: f32 = load v18, align 4
    v20: f32 = fma v17, v19, v10
    v21: i64 = IAdd v9, v4
    v22: bool = icmp Slt v21, v7
    br v22, block1(v21, v20), block2()
block2():
    return"
        ))
        .expect("the test function parses")
    }

    fn reason(f: &ir::Function) -> Option<String> {
        let cfg = Cfg::new(f);
        gather_bound_loops(f, &cfg, &Uniformity::new_masked(f, &cfg))
    }

    #[test]
    fn divergent_loops_of_gathers_are_gather_bound() {
        let why = reason(&row_loop("v15")).expect("three gathers in a divergent loop");
        assert!(why.contains("3 gathers"), "{why}");
        // One consecutive access (vals[i]) in the loop: lanes pay off.
        assert_eq!(reason(&row_loop("v5")), None);
    }
}

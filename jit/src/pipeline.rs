//! The compile pipeline, in one place: every step from input words to machine code, in
//! the order they run, each computed once.
//!
//! ```text
//!  words ─► front end ─► verify ─► CFG ─► dominators ─► barriers, liveness ─► provenance
//!        ─► uniformity + plan (W, masked, fallback reasons) ─► lowering ─► Cranelift
//! ```
//!
//! Why this order:
//! * **front end → verify**: everything after trusts KIR's structure (operands exist,
//!   jumps match their targets); a front-end bug is caught here, as an internal error,
//!   not as a crash in an analysis.
//! * **CFG → dominators**: dominators are computed on the CFG's reverse post-order; the
//!   plan needs them to refuse irreducible divergent control flow, the masked lowering
//!   to order blocks.
//! * **liveness** (kernels with barriers only): which values a barrier saves; it needs
//!   the CFG.
//! * **provenance**: where each pointer may point, for bounds checks (skipped when
//!   checks are off).
//! * **uniformity + plan**: W depends on which branches diverge (masked or not), on
//!   reducibility, and on the compile budget, which is estimated from the uniformity the
//!   lowering will use; the plan keeps that uniformity so the lowering does not recompute
//!   it.
//! * **lowering → Cranelift**: at the planned W; when that fails, again at W = 1 with the
//!   same facts (only the uniformity is not used), after checking the scalar budget.
//!
//! The [`KernelFacts`] of a kernel hold every analysis; the lowering reads them and
//! computes none. [`remarks`] reports what was decided and why (`spirjit dump
//! --remarks`). KIR is verified after the front end; in debug builds (and so in tests)
//! it is verified again before lowering, to catch a step that breaks it.
//!
//! This module decides the order of steps; it implements none of them.

use std::sync::Arc;

use crate::analysis::{Cfg, DomTree, Liveness, Provenances};
use crate::frontend::spirv;
use crate::ir::{self, InstKind};
use crate::lower::facts::{KernelFacts, Path, Remark, RemarkKind};
use crate::lower::{self, plan, CompileTimes, CompiledModule, DumpKind, KernelCode, LowerOptions, ModuleData};
use crate::{CompileError, Result};

/// Front end: a SPIR-V module (its words) as KIR. Every kernel is verified.
pub fn front_end(words: &[u32]) -> Result<ir::Module> {
    spirv::translate(words)
}

/// Check `kernel`'s KIR between steps: always in debug builds, never in release builds
/// (the front end has verified it, and no step in between changes it).
fn verify_between(kernel: &ir::Kernel, step: &str) -> Result<()> {
    if cfg!(debug_assertions) {
        crate::verify::verify(&kernel.func)
            .map_err(|m| CompileError::internal(format!("malformed KIR before {step}: {m}")).in_kernel(&kernel.name))?;
    }
    Ok(())
}

/// Every analysis of `kernel` and its path for `options` (see the module docs for the
/// order), with the time it took and the remarks of the plan.
pub fn analyze(kernel: &ir::Kernel, options: &LowerOptions) -> Result<(KernelFacts, Vec<Remark>)> {
    verify_between(kernel, "the analyses")?;
    let func = &kernel.func;
    if func.blocks.is_empty() {
        return Err(CompileError::invalid("the kernel has no blocks").in_kernel(&kernel.name));
    }
    let cfg = Cfg::new(func);
    let domtree = DomTree::new(&cfg);
    let has_barriers = func.insts.iter().any(|i| matches!(i.kind, InstKind::Barrier));
    let liveness = has_barriers.then(|| Liveness::new(func, &cfg));
    let provenance = if options.checked { Provenances::new(kernel, &cfg) } else { Provenances::unknown() };
    let choice = plan::choose(kernel, options.lanes, options.whole_rows, &cfg, &domtree);
    let mut remarks: Vec<Remark> = choice
        .divergent
        .iter()
        .map(|d| Remark { kind: RemarkKind::Divergence, at: Some(format!("end of {}", d.block)), text: d.why.clone() })
        .collect();
    let budget = |p: &plan::VectorPath| p.budget_note.as_ref().map(|n| format!(" ({n})")).unwrap_or_default();
    let path = match &choice.path {
        Ok(p) if p.lanes == 1 => Path { lanes: 1, masked: false, note: None },
        Ok(p) if p.masked => Path {
            lanes: p.lanes,
            masked: true,
            note: Some(format!("vector, W = {}, masked control flow{}", p.lanes, budget(p))),
        },
        Ok(p) => Path { lanes: p.lanes, masked: false, note: Some(format!("vector, W = {}{}", p.lanes, budget(p))) },
        Err(why) => Path { lanes: 1, masked: false, note: Some(format!("scalar (W = 1): {why}")) },
    };
    if let (Some(n), Err(why)) = (kernel.reqd_sub_group_size, &choice.path) {
        return Err(CompileError::unsupported(format!(
            "the kernel requires sub-groups of {n} work-items (intel_reqd_sub_group_size); spirjit cannot compile \
             it with lane groups of {n}: {why}"
        ))
        .in_kernel(&kernel.name));
    }
    let escapes = if path.masked { choice.escapes } else { Vec::new() };
    if let Some(note) = &path.note {
        remarks.insert(0, Remark { kind: RemarkKind::Path, at: None, text: note.clone() });
    }
    let facts =
        KernelFacts { cfg, domtree, has_barriers, liveness, provenance, uniformity: choice.uniformity, escapes, path };
    Ok((facts, remarks))
}

/// Why the vector attempt failed, for the path note.
fn fallback_note(w: u32, e: &CompileError) -> String {
    let mut msg = e.to_string();
    if msg.len() > 300 {
        msg = lower::truncate(msg, 300);
    }
    format!("scalar (W = 1): the vector path (W = {w}) failed: {msg}")
}

/// What one run of the pipeline over a kernel produced, up to Cranelift IR or machine
/// code (`lower` decides which).
struct Outcome<T> {
    value: T,
    /// The W used.
    lanes: u32,
    note: Option<String>,
    remarks: Vec<Remark>,
}

/// Analyze `kernel`, then run `lower` at the planned path and, when that fails at
/// W > 1, at W = 1 (the scalar path is the reference: a kernel never fails at W > 1
/// with an error W = 1 would not give).
fn run<T>(
    kernel: &ir::Kernel,
    options: &LowerOptions,
    times: &mut CompileTimes,
    mut lower: impl FnMut(&KernelFacts, lower::Lanes, bool, &mut CompileTimes, &mut Vec<Remark>) -> Result<T>,
) -> Result<Outcome<T>> {
    let start = std::time::Instant::now();
    let (facts, mut remarks) = analyze(kernel, options)?;
    times.plan += start.elapsed();
    let mut note = facts.path.note.clone();
    let w = facts.path.lanes;
    if w > 1 {
        verify_between(kernel, "the vector lowering")?;
        let mut vector_remarks = remarks.clone();
        match lower(&facts, lower::Lanes(w), facts.path.masked, times, &mut vector_remarks) {
            Ok(value) => return Ok(Outcome { value, lanes: w, note, remarks: vector_remarks }),
            // A required sub-group size leaves no other W to fall back to.
            Err(e) if kernel.reqd_sub_group_size.is_some() => return Err(e),
            Err(e) => {
                let n = fallback_note(w, &e);
                remarks.retain(|r| r.kind != RemarkKind::Path);
                remarks.insert(0, Remark { kind: RemarkKind::Path, at: None, text: n.clone() });
                note = Some(n);
            }
        }
    }
    plan::check_scalar_budget(kernel, &facts.cfg).map_err(|why| {
        CompileError::limit(format!("the kernel is too large to compile: {why}")).in_kernel(&kernel.name)
    })?;
    verify_between(kernel, "the scalar lowering")?;
    let value = lower(&facts, lower::Lanes(1), false, times, &mut remarks)?;
    Ok(Outcome { value, lanes: 1, note, remarks })
}

/// Compile kernel number `index` of `module` on its own: its path is chosen (W, or the
/// scalar path when the vector path cannot take it or is over the compile budget) and
/// its machine code lives in its own JIT module, so kernels can be compiled on first
/// use, and in parallel. `data` is the module's data ([`ModuleData::new`]), shared by
/// its kernels.
pub fn compile_kernel(
    module: &ir::Module,
    index: usize,
    options: &LowerOptions,
    data: &Arc<ModuleData>,
) -> Result<KernelCode> {
    let kernel = module
        .kernels
        .get(index)
        .ok_or_else(|| CompileError::internal(format!("the module has no kernel number {index}")))?;
    let mut jit = lower::Jit::new(module, data, options)?;
    let mut times = CompileTimes::default();
    let out = run(kernel, options, &mut times, |facts, lanes, masked, times, _| {
        jit.define(index, kernel, facts, (lanes, masked), times)
    })?;
    jit.finish(kernel, out.value, out.lanes, out.note, times)
}

/// Compile every kernel of `module` (see [`compile_kernel`]). With `options.lanes != 1`
/// each kernel gets the vector path when it can and the scalar path otherwise (never an
/// error the scalar path would not give).
pub fn compile(module: &ir::Module, options: &LowerOptions) -> Result<CompiledModule> {
    let data = Arc::new(ModuleData::new(module));
    let mut code = Vec::with_capacity(module.kernels.len());
    for i in 0..module.kernels.len() {
        code.push(compile_kernel(module, i, options, &data)?);
    }
    Ok(CompiledModule::new(code, data))
}

/// The dump of every kernel of `module` (see [`DumpKind`]), each preceded by a
/// `; kernel NAME (path)` line. Each kernel is dumped on the path [`compile_kernel`]
/// would give it.
pub fn dump(module: &ir::Module, options: &LowerOptions, kind: DumpKind) -> Result<String> {
    // The code never runs: data at a fixed address, so that dumps read the same each time.
    let data = Arc::new(ModuleData::placeholder(module));
    let mut jit = lower::Jit::new(module, &data, options)?;
    let mut out = String::new();
    for (i, kernel) in module.kernels.iter().enumerate() {
        let mut times = CompileTimes::default();
        let done = run(kernel, options, &mut times, |facts, lanes, masked, _, remarks| {
            jit.text(i, kernel, facts, (lanes, masked), kind, remarks)
        })?;
        let note = done.note.unwrap_or_else(|| "scalar, W = 1".into());
        out.push_str(&format!("; kernel {} ({note})\n", kernel.name));
        if kind == DumpKind::Remarks {
            for r in &done.remarks {
                out.push_str(&format!("{r}\n"));
            }
            out.push('\n');
        } else {
            out.push_str(&format!("{}\n", done.value));
        }
    }
    Ok(out)
}

/// The remarks of compiling kernel number `index` of `module` with `options`: the path
/// it gets and why, its divergent branches and why, and how its memory accesses are
/// done at W > 1.
pub fn remarks(module: &ir::Module, index: usize, options: &LowerOptions) -> Result<Vec<Remark>> {
    let kernel = module
        .kernels
        .get(index)
        .ok_or_else(|| CompileError::internal(format!("the module has no kernel number {index}")))?;
    let data = Arc::new(ModuleData::placeholder(module));
    let mut jit = lower::Jit::new(module, &data, options)?;
    let mut times = CompileTimes::default();
    let done = run(kernel, options, &mut times, |facts, lanes, masked, _, remarks| {
        jit.text(index, kernel, facts, (lanes, masked), DumpKind::Remarks, remarks)
    })?;
    Ok(done.remarks)
}

/// The Cranelift IR text of every kernel of `module`, before optimisation.
pub fn dump_clif(module: &ir::Module, options: &LowerOptions) -> Result<String> {
    dump(module, options, DumpKind::Clif)
}

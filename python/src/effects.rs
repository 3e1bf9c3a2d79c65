//! What a kernel does to the memory of each pointer parameter, read off its kernel IR:
//! plain reads and writes, atomic read-modify-writes (by operation and width, and whether
//! the old value they return is used), and pointers handed to builtins. `spirjit.dask`
//! uses it to decide, before anything runs, how the outputs of a kernel split over
//! several tasks can be merged.
//!
//! The facts come from pointer provenance: an access through a pointer whose origin
//! cannot be proven is reported as such (`unknown_writes`), never attributed to a guess.
//! This module only reads KIR; it must not compile or run anything.

use std::collections::BTreeSet;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use spirjit_jit::analysis::provenance::{Provenance, Region};
use spirjit_jit::analysis::{Cfg, Provenances};
use spirjit_jit::ir::{AtomicOp, InstKind, Kernel, ParamKind, Scalar, Type, Value, WorkItemQuery};

/// Effects on the memory one parameter points to.
#[derive(Default)]
struct ParamEffects {
    reads: bool,
    writes: bool,
    /// Atomic read-modify-write operations, by name.
    atomics: BTreeSet<&'static str>,
    /// Widths in bits of the atomic operations.
    atomic_bits: BTreeSet<u32>,
    /// Some atomic's returned old value is used.
    atomic_result_used: bool,
    /// Passed to a builtin call, which may read or write it.
    opaque: bool,
}

/// Effects of a whole kernel.
struct Effects {
    params: Vec<ParamEffects>,
    /// Writes or atomics through pointers whose origin is unknown.
    unknown_writes: bool,
    /// Writes to module-scope data (program-scope `__global` variables).
    module_data_writes: bool,
    /// The work-item queries the kernel makes, by name.
    queries: BTreeSet<&'static str>,
}

fn query_name(q: WorkItemQuery) -> &'static str {
    match q {
        WorkItemQuery::GlobalId => "global_id",
        WorkItemQuery::LocalId => "local_id",
        WorkItemQuery::GroupId => "group_id",
        WorkItemQuery::GlobalSize => "global_size",
        WorkItemQuery::LocalSize => "local_size",
        WorkItemQuery::EnqueuedLocalSize => "enqueued_local_size",
        WorkItemQuery::NumGroups => "num_groups",
        WorkItemQuery::GlobalOffset => "global_offset",
    }
}

fn atomic_name(op: AtomicOp) -> &'static str {
    match op {
        AtomicOp::Xchg => "xchg",
        AtomicOp::Add => "add",
        AtomicOp::Sub => "sub",
        AtomicOp::And => "and",
        AtomicOp::Or => "or",
        AtomicOp::Xor => "xor",
        AtomicOp::SMin => "smin",
        AtomicOp::SMax => "smax",
        AtomicOp::UMin => "umin",
        AtomicOp::UMax => "umax",
        AtomicOp::Inc => "inc",
        AtomicOp::Dec => "dec",
        AtomicOp::FAdd => "fadd",
        AtomicOp::FMin => "fmin",
        AtomicOp::FMax => "fmax",
    }
}

fn scalar_bits(t: &Type) -> u32 {
    match t {
        Type::Scalar(s) => match s {
            Scalar::Bool | Scalar::I8 => 8,
            Scalar::I16 | Scalar::F16 => 16,
            Scalar::I32 | Scalar::F32 => 32,
            Scalar::I64 | Scalar::F64 | Scalar::Ptr(_) => 64,
        },
        _ => 0,
    }
}

/// How an access treats memory.
#[derive(Clone, Copy)]
enum Access {
    Read,
    Write,
    /// A builtin may read or write it.
    Opaque,
}

fn analyse(kernel: &Kernel) -> Effects {
    let func = &kernel.func;
    let cfg = Cfg::new(func);
    let prov = Provenances::new(kernel, &cfg);
    let mut fx = Effects {
        params: kernel.params.iter().map(|_| ParamEffects::default()).collect(),
        unknown_writes: false,
        module_data_writes: false,
        queries: BTreeSet::new(),
    };
    let is_buffer = |n: u32| matches!(kernel.params.get(n as usize).map(|p| &p.kind), Some(ParamKind::Pointer { .. }));
    let is_ptr = |v: Value| matches!(func.values.get(v.0 as usize).map(|d| &d.ty), Some(Type::Scalar(Scalar::Ptr(_))));

    // Values that something uses (to tell whether an atomic's old value is used).
    let mut used = vec![false; func.values.len()];
    for &blk in &cfg.rpo {
        let block = func.block(blk);
        for &ii in &block.insts {
            for v in func.inst(ii).kind.uses() {
                if let Some(u) = used.get_mut(v.0 as usize) {
                    *u = true;
                }
            }
        }
        for v in block.term.uses() {
            if let Some(u) = used.get_mut(v.0 as usize) {
                *u = true;
            }
        }
    }

    let touch = |fx: &mut Effects, ptr: Value, access: Access| -> Option<usize> {
        match prov.of(ptr) {
            Provenance::Known(Region::Param(n)) if is_buffer(n) => {
                let p = fx.params.get_mut(n as usize)?;
                match access {
                    Access::Read => p.reads = true,
                    Access::Write => p.writes = true,
                    Access::Opaque => p.opaque = true,
                }
                Some(n as usize)
            }
            Provenance::Known(Region::Data(_)) => {
                if !matches!(access, Access::Read) {
                    fx.module_data_writes = true;
                }
                None
            }
            Provenance::Known(_) | Provenance::None => None,
            Provenance::Unknown => {
                if !matches!(access, Access::Read) {
                    fx.unknown_writes = true;
                }
                None
            }
        }
    };

    for &blk in &cfg.rpo {
        for &ii in &func.block(blk).insts {
            let inst = func.inst(ii);
            match &inst.kind {
                InstKind::Load { ptr, .. } | InstKind::AtomicLoad { ptr } => {
                    touch(&mut fx, *ptr, Access::Read);
                }
                InstKind::Store { ptr, .. } | InstKind::AtomicStore { ptr, .. } => {
                    touch(&mut fx, *ptr, Access::Write);
                }
                InstKind::CopyMemory { dst, src, .. } => {
                    touch(&mut fx, *src, Access::Read);
                    touch(&mut fx, *dst, Access::Write);
                }
                InstKind::AtomicCmpXchg { ptr, .. } => {
                    touch(&mut fx, *ptr, Access::Read);
                    touch(&mut fx, *ptr, Access::Write);
                }
                InstKind::AtomicRmw { op, ptr, value } => {
                    let result_used = inst.result.is_some_and(|r| used.get(r.0 as usize).copied().unwrap_or(true));
                    match prov.of(*ptr) {
                        Provenance::Known(Region::Param(n)) if is_buffer(n) => {
                            if let Some(p) = fx.params.get_mut(n as usize) {
                                p.atomics.insert(atomic_name(*op));
                                p.atomic_bits.insert(scalar_bits(func.ty(*value)));
                                p.atomic_result_used |= result_used;
                            }
                        }
                        _ => {
                            touch(&mut fx, *ptr, Access::Write);
                        }
                    }
                }
                InstKind::Call { args, .. } | InstKind::CallWhole { args, .. } => {
                    for &a in args {
                        if is_ptr(a) {
                            touch(&mut fx, a, Access::Opaque);
                        }
                    }
                }
                InstKind::WorkItem(q, _) => {
                    fx.queries.insert(query_name(*q));
                }
                InstKind::WorkDim => {
                    fx.queries.insert("work_dim");
                }
                _ => {}
            }
        }
    }
    fx
}

/// The memory effects of `kernel` as a dict: `params`, one dict per parameter in order
/// (`index`, `reads`, `writes`, `atomics` (sorted operation names: `add`, `sub`, `inc`,
/// `dec`, `and`, `or`, `xor`, `smin`, `smax`, `umin`, `umax`, `xchg`, `fadd`, `fmin`,
/// `fmax`), `atomic_bits` (sorted widths), `atomic_result_used`, `opaque` (passed to a
/// builtin)); `unknown_writes` (a write or atomic through a pointer of unproven origin)
/// `module_data_writes` (writes to program-scope variables) and `queries` (sorted names of
/// the work-item queries made: `global_id`, `local_id`, `group_id`, `global_size`,
/// `local_size`, `enqueued_local_size`, `num_groups`, `global_offset`, `work_dim`).
pub fn effects<'py>(py: Python<'py>, kernel: &Kernel) -> PyResult<Bound<'py, PyDict>> {
    let fx = analyse(kernel);
    let params = PyList::empty(py);
    for (i, p) in fx.params.iter().enumerate() {
        let d = PyDict::new(py);
        d.set_item("index", i)?;
        d.set_item("reads", p.reads)?;
        d.set_item("writes", p.writes)?;
        d.set_item("atomics", p.atomics.iter().copied().collect::<Vec<_>>())?;
        d.set_item("atomic_bits", p.atomic_bits.iter().copied().collect::<Vec<_>>())?;
        d.set_item("atomic_result_used", p.atomic_result_used)?;
        d.set_item("opaque", p.opaque)?;
        params.append(d)?;
    }
    let out = PyDict::new(py);
    out.set_item("params", params)?;
    out.set_item("unknown_writes", fx.unknown_writes)?;
    out.set_item("module_data_writes", fx.module_data_writes)?;
    out.set_item("queries", fx.queries.iter().copied().collect::<Vec<_>>())?;
    Ok(out)
}

//! Pointer provenance: for each pointer value, the memory region it derives from, so
//! that bounds checks can compare an access against that region alone.
//!
//! Regions are a kernel parameter (buffer, `__local` argument or by-value copy), one
//! static `__local` variable, one private variable or one block of module data. A
//! pointer that may come from several regions, or whose origin cannot be proven
//! (loaded from memory, converted from an integer, a constant, a builtin's result), is
//! [`Provenance::Unknown`]; the lowering checks such pointers against every region of
//! the dispatch. The analysis follows `PtrAdd`, `Select`, pointer-to-pointer
//! conversions, pointer bitcasts and block parameters (to a fixed point).
//!
//! Analyses only read KIR; this one emits nothing and never changes the IR.

use super::Cfg;
use crate::ir::{ConvOp, DataId, Function, InstKind, Kernel, ParamKind, Scalar, Type, Value, VarId};

/// One memory region a pointer may address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Region {
    /// The memory kernel parameter `n` points to (its slot holds the base).
    Param(u32),
    /// The module-scope `__local` variable at this offset of local memory. Front ends
    /// form `LocalAddr` only for variable starts, so the variable extends to the next
    /// variable's start (or the end of static local memory).
    StaticLocal(u64),
    /// A private variable of the current work-item.
    Var(VarId),
    /// A block of module data.
    Data(DataId),
}

/// What is known about where a value points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Provenance {
    /// Not a pointer, or not reached yet.
    None,
    /// Derived from exactly this region.
    Known(Region),
    /// Several regions, or an origin that cannot be proven.
    Unknown,
}

impl Provenance {
    fn join(self, other: Provenance) -> Provenance {
        match (self, other) {
            (Provenance::None, x) | (x, Provenance::None) => x,
            (Provenance::Known(a), Provenance::Known(b)) if a == b => self,
            _ => Provenance::Unknown,
        }
    }
}

/// The provenance of every value of one kernel.
#[derive(Clone, Debug)]
pub struct Provenances {
    of: Vec<Provenance>,
}

impl Provenances {
    /// Analyse the blocks of `kernel` reachable in `cfg`.
    pub fn new(kernel: &Kernel, cfg: &Cfg) -> Provenances {
        let func = &kernel.func;
        let mut of = vec![Provenance::None; func.values.len()];
        // Every join only moves up a lattice of height 3, so this terminates; the cap
        // guards against a bug, falling back to "unknown" (always safe).
        let limit = 3 * func.values.len() + 8;
        let mut rounds = 0;
        loop {
            let mut changed = false;
            for &blk in &cfg.rpo {
                let block = func.block(blk);
                for &ii in &block.insts {
                    let inst = func.inst(ii);
                    let Some(r) = inst.result else { continue };
                    let p = transfer(kernel, func, &inst.kind, r, &of);
                    changed |= update(&mut of, r, p);
                }
                for call in block.term.targets() {
                    let params = &func.block(call.block).params;
                    for (a, p) in call.args.iter().zip(params) {
                        let incoming = get(&of, *a);
                        changed |= update(&mut of, *p, incoming);
                    }
                }
            }
            rounds += 1;
            if !changed {
                break;
            }
            if rounds > limit {
                for (i, p) in of.iter_mut().enumerate() {
                    if is_pointer(func, Value(i as u32)) {
                        *p = Provenance::Unknown;
                    }
                }
                break;
            }
        }
        // Pointers never reached by a definition (e.g. block parameters of
        // unreachable predecessors only) are unknown.
        for (i, p) in of.iter_mut().enumerate() {
            if *p == Provenance::None && is_pointer(func, Value(i as u32)) {
                *p = Provenance::Unknown;
            }
        }
        Provenances { of }
    }

    /// A result that knows nothing: every pointer is `Unknown`.
    pub fn unknown() -> Provenances {
        Provenances { of: Vec::new() }
    }

    /// Where pointer `v` points (`Unknown` for values the analysis did not see).
    pub fn of(&self, v: Value) -> Provenance {
        match self.of.get(v.0 as usize) {
            Some(Provenance::None) | None => Provenance::Unknown,
            Some(p) => *p,
        }
    }
}

fn get(of: &[Provenance], v: Value) -> Provenance {
    of.get(v.0 as usize).copied().unwrap_or(Provenance::Unknown)
}

fn update(of: &mut [Provenance], v: Value, p: Provenance) -> bool {
    let Some(slot) = of.get_mut(v.0 as usize) else { return false };
    let j = slot.join(p);
    if j != *slot {
        *slot = j;
        true
    } else {
        false
    }
}

fn is_pointer(func: &Function, v: Value) -> bool {
    matches!(func.values.get(v.0 as usize).map(|d| &d.ty), Some(Type::Scalar(Scalar::Ptr(_))))
}

/// The provenance of the result `r` of an instruction.
fn transfer(kernel: &Kernel, func: &Function, kind: &InstKind, r: Value, of: &[Provenance]) -> Provenance {
    if !is_pointer(func, r) {
        return Provenance::None;
    }
    match kind {
        InstKind::Param(n) => match kernel.params.get(*n as usize).map(|p| &p.kind) {
            Some(ParamKind::Pointer { .. }) | Some(ParamKind::Value(_)) => Provenance::Known(Region::Param(*n)),
            _ => Provenance::Unknown,
        },
        InstKind::PtrAdd(p, _) => get(of, *p),
        InstKind::Select(_, a, b) => get(of, *a).join(get(of, *b)),
        InstKind::Convert(c, a) if c.op == ConvOp::PtrToPtr => get(of, *a),
        InstKind::Bitcast(a) if is_pointer(func, *a) => get(of, *a),
        InstKind::VarAddr(v) => Provenance::Known(Region::Var(*v)),
        InstKind::LocalAddr(off) => Provenance::Known(Region::StaticLocal(*off)),
        InstKind::DataAddr(d) => Provenance::Known(Region::Data(*d)),
        _ => Provenance::Unknown,
    }
}

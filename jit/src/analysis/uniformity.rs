//! Uniformity: which KIR values are the same for every work-item of a lane group.
//!
//! A value is *uniform* when all lanes of a lane group that compute it get the same
//! result (kernel parameters, group ids, sizes, constants, and anything computed only
//! from uniform values); otherwise it is *varying*, and a [`Witness`] records why, for
//! dumps and fallback notes. Loads from uniform addresses are uniform: the lanes of a lane
//! group execute them at the same instant. Atomics, private-variable addresses, builtin
//! calls, the local / global ids, sub-group local ids and sub-group collectives are
//! varying; the other sub-group queries are uniform (a sub-group is a lane group).
//!
//! When every lane group of a launch lies within one row of its work-group (the
//! work-group's x size is a multiple of W, or it has one row; see
//! [`Uniformity::new_rows`]), the ids of dimensions 1 and 2 are uniform too: a 2-D kernel's
//! `y` and everything computed from it stay scalars.
//!
//! For varying integers and pointers the analysis also records a *lane stride* hint:
//! `Some(s)` when lane `l` is expected to hold `lane0 + l * s` (derived from the id of
//! dimension 0 through additions, constant multiplications and resizes). The hint is
//! used to pick vector memory accesses and is always re-checked at run time by the
//! lowering, so it need not be exact. A block parameter gets the one stride its entering
//! values share, where values that step the parameter itself by lane-uniform amounts
//! (a loop's induction variable: `for (i = gid; i < n; i += get_global_size(0))`, a
//! pointer stepped by `p += cols`) do not count: they keep the stride it entered with.
//!
//! Block parameters are varying when an incoming value is varying or when the block is
//! a join of divergent control flow. Under masked execution ([`Uniformity::new_masked`])
//! joins are found through the whole divergent region and values leaving a loop that
//! lanes exit in different iterations are varying (`divergence`). Analyses only read
//! KIR; this one emits nothing.

mod divergence;

use super::Cfg;
use crate::ir::{
    BinaryOp, ConvOp, Function, InstKind, MathOp, SubGroupOp, Terminator, Value, ValueOrigin, WorkItemQuery,
};

/// Why a value is varying.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Witness {
    /// A local or global id.
    WorkItemId,
    /// The address of a private variable (each work-item has its own copy).
    PrivateAddress,
    /// An atomic operation (each work-item performs its own).
    Atomic,
    /// A builtin call (called once per work-item).
    Call,
    /// Computed from this varying operand.
    Operand(Value),
    /// A block parameter whose block is reached through divergent branches.
    DivergentJoin,
    /// Under masked (linearized) execution: defined in a loop that lanes may leave in
    /// different iterations, and used after it.
    Masked,
    /// A sub-group collective (its result depends on the lane and on the active lanes).
    SubGroup,
}

/// The result of the analysis for one function.
#[derive(Clone, Debug)]
pub struct Uniformity {
    varying: Vec<Option<Witness>>,
    stride: Vec<Option<i64>>,
    /// Ids of dimensions 1 and 2 are uniform (lane groups lie within rows).
    whole_rows: bool,
}

impl Uniformity {
    /// Analyse the blocks of `func` reachable in `cfg`.
    pub fn new(func: &Function, cfg: &Cfg) -> Uniformity {
        Self::new_rows(func, cfg, false)
    }

    /// [`Uniformity::new`] for code that only runs lane groups lying within one row of
    /// their work-group (`whole_rows`): then the local and global ids of dimensions 1
    /// and 2 are uniform.
    pub fn new_rows(func: &Function, cfg: &Cfg, whole_rows: bool) -> Uniformity {
        let n = func.values.len();
        let mut u = Uniformity { varying: vec![None; n], stride: vec![None; n], whole_rows };
        u.propagate(func, cfg, true);
        u
    }

    /// Whether the analysis took the ids of dimensions 1 and 2 as uniform.
    pub fn whole_rows(&self) -> bool {
        self.whole_rows
    }

    /// Analyse for masked execution (divergent control flow linearized, see
    /// `lower::masked`): on top of [`Uniformity::new`], block parameters of joins of
    /// divergent branches are varying (`divergence`), and so is every value of a loop
    /// that lanes may leave in different iterations when it is used after the loop.
    pub fn new_masked(func: &Function, cfg: &Cfg) -> Uniformity {
        Self::new_masked_rows(func, cfg, false)
    }

    /// [`Uniformity::new_masked`] with the ids of dimensions 1 and 2 uniform when
    /// `whole_rows` (see [`Uniformity::new_rows`]).
    pub fn new_masked_rows(func: &Function, cfg: &Cfg, whole_rows: bool) -> Uniformity {
        let n = func.values.len();
        let mut u = Uniformity { varying: vec![None; n], stride: vec![None; n], whole_rows };
        u.propagate(func, cfg, false);
        let flow = divergence::Divergence::new(cfg);
        let mut handled = vec![false; func.blocks.len()];
        let mut divergent_loop = vec![false; flow.loop_count()];
        loop {
            let mut more = false;
            for &blk in &cfg.rpo {
                let term = &func.block(blk).term;
                let divergent = match term {
                    Terminator::Branch { cond, .. } => !u.is_uniform(*cond),
                    Terminator::Switch { value, .. } => !u.is_uniform(*value),
                    _ => false,
                };
                if !divergent || handled[blk.0 as usize] {
                    continue;
                }
                handled[blk.0 as usize] = true;
                for j in flow.joins(cfg, blk) {
                    for p in &func.block(j).params {
                        more |= u.mark(*p, Witness::DivergentJoin);
                    }
                }
                for l in flow.loops_left_divergently(cfg, blk) {
                    if std::mem::replace(&mut divergent_loop[l], true) {
                        continue;
                    }
                    for v in flow.loop_live_outs(func, cfg, l) {
                        more |= u.mark(v, Witness::Masked);
                    }
                }
            }
            if !more {
                break;
            }
            u.propagate(func, cfg, false);
        }
        u
    }

    /// Mark `v` varying with witness `w`; true when it was uniform.
    fn mark(&mut self, v: Value, w: Witness) -> bool {
        match self.varying.get_mut(v.0 as usize) {
            Some(slot @ None) => {
                *slot = Some(w);
                true
            }
            _ => false,
        }
    }

    /// Propagate varying values through instructions and block arguments to a fixpoint;
    /// with `branch_joins`, the parameters of every target of a divergent branch are
    /// varying (enough when divergent branches never reconverge in a shared block, as
    /// on the unmasked path; masked execution finds joins in `new_masked`).
    fn propagate(&mut self, func: &Function, cfg: &Cfg, branch_joins: bool) {
        const MAX_ROUNDS: u32 = 64;
        let u = self;
        // `grew`: a value became varying (run to the fixpoint); `refined`: a stride hint
        // moved (hints are re-checked at run time, so refining them may stop early).
        let (mut grew, mut refined) = (true, false);
        let mut rounds = 0;
        while grew || (refined && rounds < MAX_ROUNDS) {
            (grew, refined) = (false, false);
            rounds += 1;
            for &blk in &cfg.rpo {
                let block = func.block(blk);
                for &ii in &block.insts {
                    let inst = func.inst(ii);
                    let Some(r) = inst.result else { continue };
                    if u.varying[r.0 as usize].is_none() {
                        if let Some(w) = u.inst_witness(func, &inst.kind) {
                            u.varying[r.0 as usize] = Some(w);
                            grew = true;
                        }
                    }
                    let s = u.inst_stride(func, &inst.kind);
                    if u.varying[r.0 as usize].is_some() && u.stride[r.0 as usize] != s {
                        u.stride[r.0 as usize] = s;
                        refined = true;
                    }
                }
                // Block arguments flow into the target's parameters.
                let divergent = branch_joins
                    && match &block.term {
                        Terminator::Branch { cond, .. } => !u.is_uniform(*cond),
                        Terminator::Switch { value, .. } => !u.is_uniform(*value),
                        _ => false,
                    };
                for call in block.term.targets() {
                    let params = &func.block(call.block).params;
                    for (p, a) in params.iter().zip(&call.args) {
                        if u.varying[p.0 as usize].is_some() {
                            continue;
                        }
                        let w = if !u.is_uniform(*a) {
                            Some(Witness::Operand(*a))
                        } else if divergent {
                            Some(Witness::DivergentJoin)
                        } else {
                            None
                        };
                        if w.is_some() {
                            u.varying[p.0 as usize] = w;
                            grew = true;
                        }
                    }
                }
                for (i, p) in block.params.iter().enumerate() {
                    if u.varying[p.0 as usize].is_some() {
                        let s = u.param_stride(func, cfg, blk, i);
                        if u.stride[p.0 as usize] != s {
                            u.stride[p.0 as usize] = s;
                            refined = true;
                        }
                    }
                }
            }
        }
    }

    /// The stride of parameter `i` of `blk`: the one stride every incoming value has,
    /// where values that step the parameter itself by lane-uniform amounts (a loop's
    /// `i += get_global_size(0)`, `p += 4`) keep whatever stride it enters with. `None`
    /// when the entering values disagree or none is known.
    fn param_stride(&self, func: &Function, cfg: &Cfg, blk: crate::ir::BlockId, i: usize) -> Option<i64> {
        let p = *func.block(blk).params.get(i)?;
        let mut stride = None;
        for a in cfg.edge_args(func, blk, i)? {
            if self.steps_from(func, a, p) {
                continue;
            }
            let s = self.stride_of(a)?;
            if stride.is_some_and(|t| t != s) {
                return None;
            }
            stride = Some(s);
        }
        stride
    }

    /// True when `v` is `p` plus or minus lane-uniform values (`p` itself included): a
    /// loop's step of its induction variable `p`.
    pub fn steps_from(&self, func: &Function, v: Value, p: Value) -> bool {
        self.steps_from_at(func, v, p, 0)
    }

    fn steps_from_at(&self, func: &Function, v: Value, p: Value, depth: u32) -> bool {
        if v == p {
            return true;
        }
        if depth > 8 {
            return false;
        }
        match func.def_inst(v).map(|d| &d.kind) {
            Some(InstKind::Binary(BinaryOp::IAdd, a, b) | InstKind::PtrAdd(a, b)) => {
                (self.is_uniform(*b) && self.steps_from_at(func, *a, p, depth + 1))
                    || (self.is_uniform(*a) && self.steps_from_at(func, *b, p, depth + 1))
            }
            Some(InstKind::Binary(BinaryOp::ISub, a, b)) => {
                self.is_uniform(*b) && self.steps_from_at(func, *a, p, depth + 1)
            }
            _ => false,
        }
    }

    fn inst_witness(&self, func: &Function, kind: &InstKind) -> Option<Witness> {
        match kind {
            InstKind::WorkItem(WorkItemQuery::GlobalId | WorkItemQuery::LocalId, dim) => {
                match func.scalar_const(*dim) {
                    Some(d) if d >= 3 => None,
                    Some(1 | 2) if self.whole_rows => None,
                    _ => Some(Witness::WorkItemId),
                }
            }
            InstKind::VarAddr(_) => Some(Witness::PrivateAddress),
            InstKind::AtomicRmw { .. } | InstKind::AtomicCmpXchg { .. } | InstKind::AtomicLoad { .. } => {
                Some(Witness::Atomic)
            }
            InstKind::Call { .. } | InstKind::CallWhole { .. } => Some(Witness::Call),
            InstKind::SubGroup { op, .. } => Self::sub_group_witness(*op),
            // One component of a vector built in place (the front end's id vectors):
            // as uniform as that component.
            InstKind::Extract(a, i)
                if matches!(func.def_inst(*a).map(|d| &d.kind),
                    Some(InstKind::Construct(vs)) if vs.get(*i as usize).is_some_and(|c| self.is_uniform(*c))) =>
            {
                None
            }
            k => k.uses().into_iter().find(|v| !self.is_uniform(*v)).map(Witness::Operand),
        }
    }

    /// Sub-group queries other than the local id are the same for the whole lane group
    /// (a sub-group is a lane group); every collective is varying, since its result
    /// depends on which lanes are active.
    fn sub_group_witness(op: SubGroupOp) -> Option<Witness> {
        match op {
            SubGroupOp::Size | SubGroupOp::MaxSize | SubGroupOp::Count | SubGroupOp::EnqueuedCount | SubGroupOp::Id => {
                None
            }
            SubGroupOp::LocalId => Some(Witness::WorkItemId),
            _ => Some(Witness::SubGroup),
        }
    }

    fn stride_of(&self, v: Value) -> Option<i64> {
        if self.is_uniform(v) {
            Some(0)
        } else {
            self.stride[v.0 as usize]
        }
    }

    fn const_of(func: &Function, v: Value) -> Option<i64> {
        func.scalar_const(v).map(|b| b as i64)
    }

    /// Whether a lane group of 4 with stride `s` can fit between multiples of the
    /// divisor `m` (plus `bias`, for masks): always when `m` is not a constant.
    fn fits_group(func: &Function, m: Value, s: i64, bias: u64) -> bool {
        match Self::const_of(func, m) {
            Some(c) => (c as u64).wrapping_add(bias) as u128 >= 4 * u128::from(s.unsigned_abs()) && s != 0,
            None => s != 0,
        }
    }

    fn inst_stride(&self, func: &Function, kind: &InstKind) -> Option<i64> {
        match kind {
            // Lanes are consecutive in dimension 0; the other ids are expected to be the
            // same across a lane group (when the group's x size is a multiple of W).
            InstKind::WorkItem(WorkItemQuery::GlobalId | WorkItemQuery::LocalId, dim) => {
                match Self::const_of(func, *dim) {
                    Some(0) => Some(1),
                    Some(1 | 2) => Some(0),
                    _ => None,
                }
            }
            InstKind::SubGroup { op: SubGroupOp::LocalId, .. } => Some(1),
            InstKind::Binary(BinaryOp::IAdd, a, b) | InstKind::PtrAdd(a, b) => {
                self.stride_of(*a)?.checked_add(self.stride_of(*b)?)
            }
            // A component of a vector built in place (the front end's `GlobalInvocationId`).
            InstKind::Extract(a, i) => match func.def_inst(*a).map(|d| &d.kind) {
                Some(InstKind::Construct(vs)) => vs.get(*i as usize).and_then(|v| self.stride_of(*v)),
                _ => None,
            },
            InstKind::Binary(BinaryOp::ISub, a, b) => self.stride_of(*a)?.checked_sub(self.stride_of(*b)?),
            InstKind::Binary(BinaryOp::IMul, a, b) => match (Self::const_of(func, *a), Self::const_of(func, *b)) {
                (_, Some(c)) => self.stride_of(*a)?.checked_mul(c),
                (Some(c), _) => self.stride_of(*b)?.checked_mul(c),
                // Expected the same in every lane times a uniform factor.
                _ if self.stride_of(*a) == Some(0) && self.is_uniform(*b) => Some(0),
                _ if self.stride_of(*b) == Some(0) && self.is_uniform(*a) => Some(0),
                _ => None,
            },
            // Lanes that agree stay in agreement when shifted by a uniform amount.
            InstKind::Binary(BinaryOp::Shl, a, b) if Self::const_of(func, *b).is_none() => {
                (self.is_uniform(*b) && self.stride_of(*a) == Some(0)).then_some(0)
            }
            // `x >> k` for a uniform `k` (a division by a power of two): the same in
            // every lane while the lanes do not cross a multiple of `2^k`.
            InstKind::Binary(BinaryOp::AShr | BinaryOp::LShr, a, b) if Self::const_of(func, *b).is_none() => {
                (self.is_uniform(*b) && self.stride_of(*a).is_some_and(|s| s != 0)).then_some(0)
            }
            InstKind::Binary(BinaryOp::Shl, a, b) => {
                let c = Self::const_of(func, *b)?;
                if !(0..63).contains(&c) {
                    return None;
                }
                self.stride_of(*a)?.checked_mul(1 << c)
            }
            // `(x << 32) >> 32` (a sign or zero extension in 64 bits) keeps `x`'s stride.
            InstKind::Binary(BinaryOp::AShr | BinaryOp::LShr, a, b) => {
                let c = Self::const_of(func, *b)?;
                if !(0..64).contains(&c) {
                    return None;
                }
                let s = self.stride_of(*a)?;
                (s % (1i64 << c) == 0).then_some(s >> c)
            }
            InstKind::Convert(c, a)
                if matches!(c.op, ConvOp::UToU | ConvOp::SToS | ConvOp::SToU | ConvOp::UToS) && !c.saturate =>
            {
                self.stride_of(*a)
            }
            // `x % m`, `x & (2^k - 1)` with `m` the same in every lane: `x`'s stride
            // while the lanes do not wrap past `m`; `x / m`: the same quotient in every
            // lane while they do not cross a multiple of `m`. Constant divisors that
            // no lane group of 4 could fit are left unmodelled.
            InstKind::Binary(BinaryOp::URem | BinaryOp::SRem, a, b) if self.is_uniform(*b) => {
                let s = self.stride_of(*a)?;
                Self::fits_group(func, *b, s, 0).then_some(s)
            }
            InstKind::Binary(BinaryOp::And, a, b) if self.is_uniform(*a) != self.is_uniform(*b) => {
                let (x, m) = if self.is_uniform(*b) { (*a, *b) } else { (*b, *a) };
                let s = self.stride_of(x)?;
                let low_mask = Self::const_of(func, m).is_none_or(|c| c != -1 && (c as u64 + 1).is_power_of_two());
                (low_mask && Self::fits_group(func, m, s, 1)).then_some(s)
            }
            InstKind::Binary(BinaryOp::UDiv | BinaryOp::SDiv, a, b) if self.is_uniform(*b) => {
                let s = self.stride_of(*a)?;
                Self::fits_group(func, *b, s, 0).then_some(0)
            }
            // A clamp by a uniform bound (`min(x + 1, w - 1)`, clamp-to-edge indexing)
            // leaves every lane as it is in most lane groups.
            InstKind::Math(MathOp::SMin | MathOp::SMax | MathOp::UMin | MathOp::UMax, args) if args.len() == 2 => {
                match (self.is_uniform(args[0]), self.is_uniform(args[1])) {
                    (false, true) => self.stride_of(args[0]),
                    (true, false) => self.stride_of(args[1]),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// True when `v` is the same in every lane of a lane group.
    pub fn is_uniform(&self, v: Value) -> bool {
        self.varying.get(v.0 as usize).is_none_or(|w| w.is_none())
    }

    /// Why `v` is varying (`None` when it is uniform).
    pub fn witness(&self, v: Value) -> Option<&Witness> {
        self.varying.get(v.0 as usize).and_then(|w| w.as_ref())
    }

    /// The expected difference between neighbouring lanes of `v` (0 for uniform values).
    pub fn lane_stride(&self, v: Value) -> Option<i64> {
        self.stride_of(v)
    }

    /// A one-line explanation of why `v` is varying, following operands to the source.
    pub fn explain(&self, func: &Function, v: Value) -> String {
        let mut cur = v;
        let mut chain = vec![format!("{cur}")];
        for _ in 0..16 {
            match self.witness(cur) {
                Some(Witness::Operand(o)) => {
                    cur = *o;
                    chain.push(format!("{cur}"));
                }
                Some(w) => {
                    let what = match w {
                        Witness::WorkItemId => "a work-item id",
                        Witness::PrivateAddress => "a private-variable address",
                        Witness::Atomic => "an atomic",
                        Witness::Call => "a builtin call",
                        Witness::DivergentJoin => "a join of divergent branches",
                        Witness::Masked => "a loop that lanes leave in different iterations",
                        Witness::SubGroup => "a sub-group collective",
                        Witness::Operand(_) => "",
                    };
                    let at = match func.values.get(cur.0 as usize).map(|d| d.origin) {
                        Some(ValueOrigin::BlockParam(b, _)) => format!(" ({b} parameter)"),
                        _ => String::new(),
                    };
                    return format!("{} depends on {what}{at}", chain.join(" ← "));
                }
                None => break,
            }
        }
        format!("{} is varying", chain.join(" ← "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::parse::parse_function;

    #[test]
    fn ids_are_varying_sizes_uniform_and_strides_follow_arithmetic() {
        let f = parse_function(
            "block0():
    v0: i32 = const 0x0
    v1: i64 = GlobalId v0
    v2: i64 = GlobalSize v0
    v3: i64 = const 0x4
    v4: i64 = IMul v1, v3
    v5: ptr<global> = param 0
    v6: ptr<global> = ptr_add v5, v4
    v7: f32 = load v6, align 4
    v8: f32 = load v5, align 4
    jump block1(v7, v8)
block1(v9: f32, v10: f32):
    return",
        )
        .unwrap();
        let [gid, gs, four, off, a, x, y, px, py] = [1, 2, 3, 4, 6, 7, 8, 9, 10].map(Value);
        let cfg = Cfg::new(&f);
        let u = Uniformity::new(&f, &cfg);
        assert!(!u.is_uniform(gid) && u.is_uniform(gs) && u.is_uniform(four) && u.is_uniform(y));
        assert_eq!(u.lane_stride(off), Some(4));
        assert_eq!(u.lane_stride(a), Some(4));
        assert!(!u.is_uniform(x) && !u.is_uniform(px) && u.is_uniform(py));
        assert!(u.explain(&f, px).contains("work-item id"), "{}", u.explain(&f, px));
    }

    #[test]
    fn induction_variables_keep_the_stride_they_enter_with() {
        // for (i = gid; i < n; i += gsize) acc += in[i];   and a counter stepped by a
        // varying amount, which has no stride.
        let f = parse_function(
            "block0():
    v0: i32 = const 0x0
    v1: i64 = GlobalId v0
    v2: i32 = convert UToU v1
    v3: i64 = GlobalSize v0
    v4: i32 = convert UToU v3
    v5: i32 = param 0
    v6: ptr<global> = param 1
    v7: i64 = const 0x4
    jump block1(v2, v2)
block1(v8: i32, v9: i32):
    v10: i64 = convert SToS v8
    v11: i64 = IMul v10, v7
    v12: ptr<global> = ptr_add v6, v11
    v13: i32 = IAdd v8, v4
    v14: i32 = IAdd v9, v8
    v15: bool = icmp Slt v13, v5
    br v15, block1(v13, v14), block2()
block2():
    return",
        )
        .unwrap();
        let [i, j, ptr] = [8, 9, 12].map(Value);
        let cfg = Cfg::new(&f);
        for u in [Uniformity::new(&f, &cfg), Uniformity::new_masked(&f, &cfg)] {
            assert_eq!(u.lane_stride(i), Some(1), "i enters as gid and steps by a uniform amount");
            assert_eq!(u.lane_stride(ptr), Some(4));
            assert_eq!(u.lane_stride(j), None, "j steps by a varying amount");
        }
    }

    #[test]
    fn sub_group_queries_are_uniform_and_collectives_varying() {
        let f = parse_function(
            "block0():
    v0: i32 = sub_group Size
    v1: i32 = sub_group Id
    v2: i32 = sub_group LocalId
    v3: i32 = sub_group Arith(IAdd, Reduce) v0
    return",
        )
        .unwrap();
        let [size, id, lane, sum] = [0, 1, 2, 3].map(Value);
        let cfg = Cfg::new(&f);
        let u = Uniformity::new(&f, &cfg);
        assert!(u.is_uniform(size) && u.is_uniform(id));
        assert!(!u.is_uniform(lane) && u.lane_stride(lane) == Some(1));
        assert!(!u.is_uniform(sum), "a reduction depends on the active lanes");
        assert!(u.explain(&f, sum).contains("sub-group collective"), "{}", u.explain(&f, sum));
    }
}

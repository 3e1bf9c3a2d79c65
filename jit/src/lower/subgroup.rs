//! Sub-group operations ([`ir::SubGroupOp`]): a sub-group is a lane group, so its size
//! is W (fewer in the last lane group of a work-group whose size is not a multiple of
//! W), its id is the lane group's number and a work-item's sub-group local id is its
//! lane.
//!
//! Queries other than the local id are uniform scalars. Collectives read every lane's
//! operand (`lane_of`), combine the lanes in lane order under the per-lane active flags
//! (`active`, which follow the execution mask; lanes past the end of the work-group are
//! never active), and pack one result per lane. Inactive lanes neither contribute nor
//! receive (the masked `set` keeps their old values); reading an inactive or
//! out-of-range lane gives zero and never touches memory. At W = 1 the same code runs
//! over one always-active lane, which makes every operation its trivial case.
//!
//! This module must not decide which values are varying (that is the uniformity
//! analysis) or touch kernel memory.

use cranelift_codegen::ir::condcodes::{FloatCC as CFloatCC, IntCC as CIntCC};
use cranelift_codegen::ir::{types, InstBuilder, Value as ClifValue};
use spirjit_abi::context::offsets;

use super::leaf::leaf_type;
use super::leaf::At;
use super::state::{ctx_flags, FnLower};
use crate::ir::{self, InstKind, Scalar, ScanKind, SubGroupArith, SubGroupOp, Type};
use crate::{CompileError, Result};

/// Per lane, the scalar leaves of one value.
type PerLane = Vec<Vec<ClifValue>>;

impl FnLower<'_, '_> {
    /// Lower a sub-group instruction at W > 1 and define its result.
    pub(crate) fn sub_group_inst(
        &mut self,
        op: SubGroupOp,
        args: &[ir::Value],
        result: Option<ir::Value>,
    ) -> Result<()> {
        let r = result.ok_or_else(|| CompileError::internal(format!("sub-group {op:?} has no result")))?;
        let ty = self.func.ty(r).clone();
        let vals = self.sub_group(op, args, &ty)?;
        let vals = match (self.is_varying(r), Self::sub_group_varies(op)) {
            (true, true) | (false, false) => vals,
            // A uniform query the masked analysis made varying (e.g. read after a loop
            // that lanes leave in different iterations): the same value in every lane.
            (true, false) => {
                let scalars = self.leaf_scalars(r)?;
                let mut out = Vec::new();
                for (x, s) in vals.into_iter().zip(scalars) {
                    out.extend(self.splat_leaf(x, s));
                }
                out
            }
            (false, true) => {
                return Err(CompileError::internal(format!(
                    "sub-group {op:?}: the uniformity analysis made a per-lane result uniform"
                )))
            }
        };
        self.set(r, vals)
    }

    /// True when the result of `op` is carried per lane at W > 1.
    fn sub_group_varies(op: SubGroupOp) -> bool {
        !matches!(
            op,
            SubGroupOp::Size | SubGroupOp::MaxSize | SubGroupOp::Count | SubGroupOp::EnqueuedCount | SubGroupOp::Id
        )
    }

    /// The leaves of the result of sub-group `op` (of type `ty`): scalars for the uniform
    /// queries and at W = 1, lane vectors otherwise.
    pub(crate) fn sub_group(&mut self, op: SubGroupOp, args: &[ir::Value], ty: &Type) -> Result<Vec<ClifValue>> {
        if args.len() != op.arity() {
            return Err(CompileError::internal(format!(
                "sub-group {op:?} takes {} operands; {} given",
                op.arity(),
                args.len()
            )));
        }
        if self.lanes.0 > 32 {
            return Err(CompileError::unsupported(format!(
                "sub-groups of {} work-items (ballots hold at most 32 here)",
                self.lanes.0
            )));
        }
        use SubGroupOp::*;
        let per_lane = match op {
            Size | MaxSize | Count | EnqueuedCount | Id => {
                let v = self.sub_group_query(op);
                return Ok(vec![self.fit_int(v, ty)?]);
            }
            LocalId => {
                let t = self.int_leaf(ty)?;
                (0..self.lanes.0).map(|l| vec![self.b.ins().iconst(t, l as i64)]).collect()
            }
            Elect => {
                let active = self.lane_active();
                let mut seen: Option<ClifValue> = None;
                let mut out = Vec::with_capacity(active.len());
                for a in active {
                    out.push(vec![match seen {
                        None => a,
                        Some(s) => {
                            let first = self.b.ins().bxor_imm_u(s, 1);
                            self.b.ins().band(a, first)
                        }
                    }]);
                    seen = Some(match seen {
                        None => a,
                        Some(s) => self.b.ins().bor(s, a),
                    });
                }
                out
            }
            All | Any => {
                let p = self.lanes_of(args[0])?;
                let active = self.lane_active();
                let mut acc = self.b.ins().iconst(types::I8, (op == All) as i64);
                for (pl, a) in p.iter().zip(&active) {
                    let x = *pl.first().ok_or_else(|| CompileError::internal("a predicate has no value"))?;
                    acc = if op == All {
                        let one = self.b.ins().iconst(types::I8, 1);
                        let t = self.b.ins().select(*a, x, one);
                        self.b.ins().band(acc, t)
                    } else {
                        let t = self.b.ins().band(*a, x);
                        self.b.ins().bor(acc, t)
                    };
                }
                self.same_for_all(vec![acc])
            }
            AllEqual => {
                let scalars = self.leaf_scalars(args[0])?;
                let x = self.lanes_of(args[0])?;
                let active = self.lane_active();
                let first = self.first_active(&x, &active, &scalars);
                let mut acc = self.b.ins().iconst(types::I8, 1);
                for (xl, a) in x.iter().zip(&active) {
                    let mut eq = self.b.ins().iconst(types::I8, 1);
                    for ((p, q), s) in xl.iter().zip(&first).zip(&scalars) {
                        let e = if matches!(s, Scalar::F32 | Scalar::F64) {
                            self.b.ins().fcmp(CFloatCC::Equal, *p, *q)
                        } else {
                            self.b.ins().icmp(CIntCC::Equal, *p, *q)
                        };
                        eq = self.b.ins().band(eq, e);
                    }
                    let one = self.b.ins().iconst(types::I8, 1);
                    let t = self.b.ins().select(*a, eq, one);
                    acc = self.b.ins().band(acc, t);
                }
                self.same_for_all(vec![acc])
            }
            BroadcastFirst => {
                let scalars = self.leaf_scalars(args[0])?;
                let x = self.lanes_of(args[0])?;
                let active = self.lane_active();
                let first = self.first_active(&x, &active, &scalars);
                self.same_for_all(first)
            }
            Broadcast | Shuffle | ShuffleXor | ShuffleUp | ShuffleDown => {
                let x = self.lanes_of(args[0])?;
                let active = self.lane_active();
                self.shuffle_lanes(op, &x, &active, args[1], 0)?
            }
            ShuffleUpPair | ShuffleDownPair => {
                // Two sources back to back: `prev ++ cur` or `cur ++ next`.
                let mut x = self.lanes_of(args[0])?;
                x.extend(self.lanes_of(args[1])?);
                let mut active = self.lane_active();
                active.extend(self.lane_active());
                let w = self.lanes.0 as i64;
                self.shuffle_lanes(op, &x, &active, args[2], if op == ShuffleUpPair { w } else { 0 })?
            }
            Ballot => {
                let p = self.lanes_of(args[0])?;
                let active = self.lane_active();
                let mut bits = self.b.ins().iconst(types::I32, 0);
                for (l, (pl, a)) in p.iter().zip(&active).enumerate() {
                    let x = *pl.first().ok_or_else(|| CompileError::internal("a predicate has no value"))?;
                    let on = self.b.ins().band(*a, x);
                    let on = self.b.ins().uextend(types::I32, on);
                    let bit = self.b.ins().ishl_imm_u(on, l as i64);
                    bits = self.b.ins().bor(bits, bit);
                }
                let zero = self.b.ins().iconst(types::I32, 0);
                self.same_for_all(vec![bits, zero, zero, zero])
            }
            InverseBallot | BallotBitExtract => {
                let masks = self.lanes_of(args[0])?;
                let idx = if op == BallotBitExtract { Some(self.lanes_of(args[1])?) } else { None };
                let mut out = Vec::with_capacity(masks.len());
                for (l, m) in masks.iter().enumerate() {
                    let i = match &idx {
                        Some(ix) => {
                            let v = *ix[l].first().ok_or_else(|| CompileError::internal("an index has no value"))?;
                            self.as_i64(v)
                        }
                        None => self.b.ins().iconst(types::I64, l as i64),
                    };
                    out.push(vec![self.mask_bit(m, i)?]);
                }
                out
            }
            BallotBitCount(scan) => {
                let masks = self.lanes_of(args[0])?;
                let mut out = Vec::with_capacity(masks.len());
                let full = self.full_mask();
                for (l, m) in masks.iter().enumerate() {
                    let w0 = *m.first().ok_or_else(|| CompileError::internal("a ballot mask has no value"))?;
                    let keep = match scan {
                        ScanKind::Inclusive => ((1u64 << (l + 1)) - 1) as i64,
                        ScanKind::Exclusive => ((1u64 << l) - 1) as i64,
                        _ => full,
                    };
                    let x = self.b.ins().band_imm_u(w0, keep);
                    out.push(vec![self.b.ins().popcnt(x)]);
                }
                out
            }
            BallotFindLsb | BallotFindMsb => {
                let masks = self.lanes_of(args[0])?;
                let full = self.full_mask();
                let mut out = Vec::with_capacity(masks.len());
                for m in &masks {
                    let w0 = *m.first().ok_or_else(|| CompileError::internal("a ballot mask has no value"))?;
                    let x = self.b.ins().band_imm_u(w0, full);
                    out.push(vec![if op == BallotFindLsb {
                        self.b.ins().ctz(x)
                    } else {
                        // 31 - clz: -1 when no bit is set.
                        let c = self.b.ins().clz(x);
                        let k = self.b.ins().iconst(types::I32, 31);
                        self.b.ins().isub(k, c)
                    }]);
                }
                out
            }
            Arith(a, scan) => self.scan_lanes(a, scan, args)?,
        };
        self.finish_lanes(ty, per_lane)
    }

    // ---- queries --------------------------------------------------------------------

    /// A uniform sub-group query as an `i64`.
    fn sub_group_query(&mut self, op: SubGroupOp) -> ClifValue {
        let w = self.lanes.0 as i64;
        match op {
            SubGroupOp::MaxSize => self.b.ins().iconst(types::I64, w),
            SubGroupOp::Id => self.lane_group,
            SubGroupOp::Size => {
                let total = self.local_total(offsets::LOCAL_SIZE);
                let first = self.b.ins().imul_imm_s(self.lane_group, w);
                let left = self.b.ins().isub(total, first);
                let wv = self.b.ins().iconst(types::I64, w);
                self.b.ins().umin(left, wv)
            }
            _ => {
                let field = if op == SubGroupOp::Count { offsets::LOCAL_SIZE } else { offsets::ENQUEUED_LOCAL_SIZE };
                let total = self.local_total(field);
                let up = self.b.ins().iadd_imm_s(total, w - 1);
                self.b.ins().ushr_imm_u(up, w.trailing_zeros() as i64)
            }
        }
    }

    /// The product of the three sizes at context offset `field` (local or enqueued size).
    fn local_total(&mut self, field: usize) -> ClifValue {
        let mut acc: Option<ClifValue> = None;
        for d in 0..3 {
            let s = self.b.ins().load(types::I64, ctx_flags(), self.prologue.ctx, (field + 8 * d) as i32);
            acc = Some(match acc {
                Some(a) => self.b.ins().imul(a, s),
                None => s,
            });
        }
        acc.unwrap_or_else(|| self.b.ins().iconst(types::I64, 1))
    }

    /// The Cranelift type of an integer scalar result type.
    fn int_leaf(&self, ty: &Type) -> Result<types::Type> {
        match ty {
            Type::Scalar(s) if s.is_int() => Ok(leaf_type(*s)),
            _ => Err(CompileError::internal(format!("a sub-group query must have an integer type, not {ty}"))),
        }
    }

    /// An `i64` truncated to the integer result type `ty`.
    fn fit_int(&mut self, v: ClifValue, ty: &Type) -> Result<ClifValue> {
        let t = self.int_leaf(ty)?;
        Ok(if t.bits() < 64 { self.b.ins().ireduce(t, v) } else { v })
    }

    /// An integer leaf zero-extended (or kept) as `i64`.
    fn as_i64(&mut self, v: ClifValue) -> ClifValue {
        let t = self.vty(v);
        if t.bits() < 64 {
            self.b.ins().uextend(types::I64, v)
        } else {
            v
        }
    }

    /// The bits of a sub-group's lanes in a ballot word: `(1 << W) - 1`.
    fn full_mask(&self) -> i64 {
        ((1u64 << self.lanes.0) - 1) as i64
    }

    // ---- lanes ----------------------------------------------------------------------

    /// The scalar leaves of `v` in every lane (a uniform `v` repeated).
    fn lanes_of(&mut self, v: ir::Value) -> Result<PerLane> {
        let w = self.lanes.0;
        if w == 1 || !self.is_varying(v) {
            let x = self.get(v, At::Group)?;
            return Ok(vec![x; w as usize]);
        }
        let scalars = self.leaf_scalars(v)?;
        let raw = self.get(v, At::Group)?;
        (0..w).map(|l| self.lane_of(&raw, &scalars, l)).collect()
    }

    /// Per lane, an `i8` that is 1 when the lane is active.
    pub(crate) fn lane_active(&mut self) -> Vec<ClifValue> {
        if self.lanes.0 == 1 || self.active.len() != self.lanes.0 as usize {
            let one = self.b.ins().iconst(types::I8, 1);
            return vec![one; self.lanes.0 as usize];
        }
        self.active.clone()
    }

    /// The same leaves in every lane.
    fn same_for_all(&self, leaves: Vec<ClifValue>) -> PerLane {
        vec![leaves; self.lanes.0 as usize]
    }

    /// The per-lane results as the leaves of a value of type `ty`.
    fn finish_lanes(&mut self, ty: &Type, per_lane: PerLane) -> Result<Vec<ClifValue>> {
        if self.lanes.0 == 1 {
            return per_lane
                .into_iter()
                .next()
                .ok_or_else(|| CompileError::internal("a sub-group operation produced no lane"));
        }
        let scalars: Vec<Scalar> = super::leaf::leaves(ty)?.into_iter().map(|(_, s)| s).collect();
        self.pack(&scalars, &per_lane)
    }

    /// The leaves of the first active lane of `x` (zeros when no lane is active).
    fn first_active(&mut self, x: &PerLane, active: &[ClifValue], scalars: &[Scalar]) -> Vec<ClifValue> {
        let mut r: Vec<ClifValue> = scalars.iter().map(|s| self.zero(*s)).collect();
        for (xl, a) in x.iter().zip(active).rev() {
            for (ri, xi) in r.iter_mut().zip(xl) {
                *ri = self.b.ins().select(*a, *xi, *ri);
            }
        }
        r
    }

    /// Entry `idx` (an `i64`) of `sources` when that entry is valid, else zeros.
    fn pick(&mut self, sources: &PerLane, valid: &[ClifValue], idx: ClifValue) -> Vec<ClifValue> {
        let Some(first) = sources.first() else { return Vec::new() };
        let mut r: Vec<ClifValue> = first
            .iter()
            .map(|x| {
                let t = self.vty(*x);
                if t == types::F32 {
                    self.b.ins().f32const(0.0)
                } else if t == types::F64 {
                    self.b.ins().f64const(0.0)
                } else {
                    self.b.ins().iconst(t, 0)
                }
            })
            .collect();
        for (k, (src, ok)) in sources.iter().zip(valid).enumerate() {
            let hit = self.b.ins().icmp_imm_s(CIntCC::Equal, idx, k as i64);
            let hit = self.b.ins().band(hit, *ok);
            for (ri, xi) in r.iter_mut().zip(src) {
                *ri = self.b.ins().select(hit, *xi, *ri);
            }
        }
        r
    }

    /// Broadcasts and shuffles: each lane reads entry `j` of `x` (one or two sources of
    /// W lanes back to back), with `j` computed from the lane number and operand `n`;
    /// `bias` is added to `j` (W for `ShuffleUpPair`, whose own lanes come second).
    fn shuffle_lanes(
        &mut self,
        op: SubGroupOp,
        x: &PerLane,
        active: &[ClifValue],
        n: ir::Value,
        bias: i64,
    ) -> Result<PerLane> {
        let w = self.lanes.0 as usize;
        let uniform_source = matches!(op, SubGroupOp::Broadcast) && !self.is_varying(n);
        let ns = self.lanes_of(n)?;
        let mut out: PerLane = Vec::with_capacity(w);
        for (l, nl) in ns.iter().enumerate() {
            if uniform_source && l > 0 {
                let again = out.first().cloned().unwrap_or_default();
                out.push(again);
                continue;
            }
            let nv = *nl.first().ok_or_else(|| CompileError::internal("a lane operand has no value"))?;
            let nv = self.as_i64(nv);
            let j = match op {
                SubGroupOp::Broadcast | SubGroupOp::Shuffle => nv,
                SubGroupOp::ShuffleXor => self.b.ins().bxor_imm_u(nv, l as i64),
                SubGroupOp::ShuffleUp | SubGroupOp::ShuffleUpPair => {
                    let me = self.b.ins().iconst(types::I64, l as i64 + bias);
                    self.b.ins().isub(me, nv)
                }
                _ => self.b.ins().iadd_imm_s(nv, l as i64 + bias),
            };
            out.push(self.pick(x, active, j));
        }
        Ok(out)
    }

    /// Bit `i` (an `i64`) of a 4 × i32 ballot mask, as an `i8` (0 past bit 127).
    fn mask_bit(&mut self, mask: &[ClifValue], i: ClifValue) -> Result<ClifValue> {
        if mask.len() != 4 {
            return Err(CompileError::internal("a ballot mask must have 4 components"));
        }
        let word = self.b.ins().ushr_imm_u(i, 5);
        let mut w = self.b.ins().iconst(types::I32, 0);
        for (k, m) in mask.iter().enumerate() {
            let hit = self.b.ins().icmp_imm_s(CIntCC::Equal, word, k as i64);
            w = self.b.ins().select(hit, *m, w);
        }
        let bit = self.b.ins().band_imm_u(i, 31);
        let bit = self.b.ins().ireduce(types::I32, bit);
        let shifted = self.b.ins().ushr(w, bit);
        let one = self.b.ins().band_imm_u(shifted, 1);
        Ok(self.b.ins().icmp_imm_s(CIntCC::NotEqual, one, 0))
    }

    // ---- reductions and scans ---------------------------------------------------------

    /// Reduce or scan `args[0]` over the active lanes, in lane order, leaf by leaf.
    fn scan_lanes(&mut self, a: SubGroupArith, scan: ScanKind, args: &[ir::Value]) -> Result<PerLane> {
        let x = args[0];
        let scalars = self.leaf_scalars(x)?;
        let lanes = self.lanes_of(x)?;
        let active = self.lane_active();
        let w = lanes.len();
        let cluster = if scan == ScanKind::Clustered {
            let c = match self.func.def_inst(args[1]).map(|i| &i.kind) {
                Some(InstKind::Const(bits)) => bits.first().copied().unwrap_or(0),
                _ => 0,
            };
            if c == 0 || !c.is_power_of_two() {
                return Err(CompileError::invalid(
                    "the ClusterSize of a clustered group operation must be a constant power of two (SPIR-V, \
                     OpGroupNonUniform* with ClusteredReduce)",
                ));
            }
            (c.min(w as u64)) as usize
        } else {
            w.max(1)
        };
        let mut out: PerLane = vec![Vec::with_capacity(scalars.len()); w];
        for (i, s) in scalars.iter().enumerate() {
            let float = matches!(s, Scalar::F16 | Scalar::F32 | Scalar::F64);
            for start in (0..w).step_by(cluster) {
                let mut acc = self.identity(a, *s)?;
                let mut started: Option<ClifValue> = None;
                let mut per = Vec::with_capacity(cluster);
                for l in start..(start + cluster).min(w) {
                    let xl = *lanes[l].get(i).ok_or_else(|| CompileError::internal("a lane has too few leaves"))?;
                    let al = active[l];
                    let before = acc;
                    // The first active lane's value is taken as it is (exact for floats:
                    // no `identity + x` rounding or NaN loss).
                    let new = match started {
                        None => xl,
                        Some(st) => {
                            let c = self.combine(a, *s, acc, xl)?;
                            if float {
                                self.b.ins().select(st, c, xl)
                            } else {
                                c
                            }
                        }
                    };
                    acc = self.b.ins().select(al, new, acc);
                    started = Some(match started {
                        None => al,
                        Some(st) => self.b.ins().bor(st, al),
                    });
                    per.push(if scan == ScanKind::Exclusive { before } else { acc });
                }
                if matches!(scan, ScanKind::Reduce | ScanKind::Clustered) {
                    per = vec![acc; per.len()];
                }
                for (k, v) in per.into_iter().enumerate() {
                    out[start + k].push(v);
                }
            }
        }
        Ok(out)
    }

    /// The identity of `a` on leaves of scalar `s`.
    fn identity(&mut self, a: SubGroupArith, s: Scalar) -> Result<ClifValue> {
        use SubGroupArith::*;
        let bits = s.bits();
        let ones = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
        let smax = ones >> 1;
        let v = match (a, s) {
            (IAdd | Or | Xor | UMax, _) => 0,
            (IMul, _) => 1,
            (And, Scalar::Bool) => 1,
            (And | UMin, _) => ones,
            (SMin, _) => smax,
            (SMax, _) => smax + 1,
            (FAdd, _) => 0,
            (FMul, Scalar::F16) => 0x3c00,
            (FMul, Scalar::F32) => 1f32.to_bits() as u64,
            (FMul, _) => 1f64.to_bits(),
            (FMin, Scalar::F16) => 0x7c00,
            (FMin, Scalar::F32) => f32::INFINITY.to_bits() as u64,
            (FMin, _) => f64::INFINITY.to_bits(),
            (FMax, Scalar::F16) => 0xfc00,
            (FMax, Scalar::F32) => f32::NEG_INFINITY.to_bits() as u64,
            (FMax, _) => f64::NEG_INFINITY.to_bits(),
        };
        Ok(self.const_leaf(s, v))
    }

    /// `a(x, y)` on two leaves of scalar `s`.
    fn combine(&mut self, a: SubGroupArith, s: Scalar, x: ClifValue, y: ClifValue) -> Result<ClifValue> {
        use SubGroupArith::*;
        let (cc, int) = match a {
            IAdd => return Ok(self.b.ins().iadd(x, y)),
            IMul => return Ok(self.b.ins().imul(x, y)),
            And => return Ok(self.b.ins().band(x, y)),
            Or => return Ok(self.b.ins().bor(x, y)),
            Xor => return Ok(self.b.ins().bxor(x, y)),
            SMin => (CIntCC::SignedLessThan, true),
            SMax => (CIntCC::SignedGreaterThan, true),
            UMin => (CIntCC::UnsignedLessThan, true),
            UMax => (CIntCC::UnsignedGreaterThan, true),
            FAdd | FMul | FMin | FMax => (CIntCC::Equal, false),
        };
        if int {
            let c = self.b.ins().icmp(cc, x, y);
            return Ok(self.b.ins().select(c, x, y));
        }
        let (p, q) = if s == Scalar::F16 { (self.widen_f16(x)?, self.widen_f16(y)?) } else { (x, y) };
        let r = match a {
            FAdd => self.b.ins().fadd(p, q),
            FMul => self.b.ins().fmul(p, q),
            _ => {
                let r = if a == FMin { self.b.ins().fmin(p, q) } else { self.b.ins().fmax(p, q) };
                // IEEE minNum / maxNum: a NaN operand loses.
                let p_nan = self.b.ins().fcmp(CFloatCC::Unordered, p, p);
                let q_nan = self.b.ins().fcmp(CFloatCC::Unordered, q, q);
                let r = self.b.ins().select(p_nan, q, r);
                self.b.ins().select(q_nan, p, r)
            }
        };
        if s == Scalar::F16 {
            self.narrow_f16(r)
        } else {
            Ok(r)
        }
    }
}

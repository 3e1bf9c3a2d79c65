//! Guards decided once per call: the steady state of the lane-group loop (W > 1).
//!
//! Most lane groups of a launch run alike: every lane exists, the kernel's edge tests
//! (`i < n`, a stencil's interior test) hold or fail for all lanes together, and every
//! consecutive access lies inside its buffer. Deciding that per lane group costs
//! compares, mask reductions and branches in the loop; deciding it once per entry call
//! costs a few dozen instructions before the loop. This module bounds, at the entry of
//! a call, the values that those tests compare over *every work-item of the
//! work-group*: interval arithmetic in exact 64-bit integers over the ids' ranges
//! (`[base, base + local size - 1]`) and the call's constants (parameters, sizes),
//! giving up on any 64-bit overflow, and requiring each value that an extension or a
//! comparison reads to lie in the range where its machine bits mean that integer. It
//! gives the lowering:
//!
//! * the *steady* flag: every lane group of the call is full and lies within one row,
//!   and every covered access (a consecutive access to a parameter's buffer whose
//!   offset is built from ids by additions, multiplications by lane-uniform values and
//!   resizes) stays inside its buffer for every work-item — so its lanes are exactly
//!   consecutive and its guard holds. `vmemory` branches on the flag before computing
//!   the guard;
//! * per varying branch condition it can bound, two flags: "true for every work-item
//!   of the work-group" and "false for every one". The all-lanes-agree copy (`agree`)
//!   takes the branch on them before testing lanes.
//!
//! A clear flag only means "test as before". Everything is emitted once, at the end of
//! the entry block, on first need. This module must not lower kernel instructions or
//! decide uniformity.

use std::collections::{HashMap, HashSet};

use cranelift_codegen::cursor::{Cursor, FuncCursor};
use cranelift_codegen::ir::condcodes::IntCC as CIntCC;
use cranelift_codegen::ir::{types, InstBuilder, Type as ClifType, Value as ClifValue};
use spirjit_abi::context::offsets;

use super::leaf::leaf_type;
use super::state::{ctx_flags, FnLower, SteadyFacts as Facts};
use crate::ir::{self, BinaryOp, ConvOp, InstKind, IntCC, MathOp, Scalar, Type, UnaryOp, WorkItemQuery};

/// How far a definition chain is followed.
const MAX_DEPTH: u32 = 24;
/// Most KIR values bounded per kernel (each costs a few entry instructions).
const MAX_NODES: usize = 256;
/// Most accesses one steady flag covers.
const MAX_ACCESSES: usize = 64;

/// An exact integer range `[lo, hi]` (`i64`s) that holds for every work-item of the
/// work-group unless `bad` (an `i8`: some step overflowed or left its window) is set;
/// `point` when `lo` and `hi` are one value.
#[derive(Clone, Copy)]
struct Range {
    lo: ClifValue,
    hi: ClifValue,
    bad: ClifValue,
    point: bool,
}

/// Emits ranges at the end of the entry block.
struct Eval<'c, 'k> {
    pos: FuncCursor<'c>,
    func: &'k ir::Function,
    ctx: ClifValue,
    args_ptr: ClifValue,
    param_count: usize,
    memo: HashMap<ir::Value, Option<Range>>,
    cond_memo: HashMap<ir::Value, Option<(ClifValue, ClifValue)>>,
    nodes: usize,
}

impl Eval<'_, '_> {
    fn one(&mut self) -> ClifValue {
        self.pos.ins().iconst(types::I8, 1)
    }

    fn zero8(&mut self) -> ClifValue {
        self.pos.ins().iconst(types::I8, 0)
    }

    fn point(&mut self, v: ClifValue) -> Range {
        let bad = self.zero8();
        Range { lo: v, hi: v, bad, point: true }
    }

    fn ctx_dim(&mut self, field: usize, d: usize) -> ClifValue {
        self.pos.ins().load(types::I64, ctx_flags(), self.ctx, (field + 8 * d) as i32)
    }

    fn and(&mut self, a: ClifValue, b: ClifValue) -> ClifValue {
        self.pos.ins().band(a, b)
    }

    fn or(&mut self, a: ClifValue, b: ClifValue) -> ClifValue {
        self.pos.ins().bor(a, b)
    }

    /// `a op b` with its overflow flag folded into `bad`.
    fn checked(&mut self, op: BinaryOp, a: ClifValue, b: ClifValue, bad: &mut ClifValue) -> ClifValue {
        let (r, of) = match op {
            BinaryOp::IAdd => self.pos.ins().sadd_overflow(a, b),
            BinaryOp::ISub => self.pos.ins().ssub_overflow(a, b),
            _ => self.pos.ins().smul_overflow(a, b),
        };
        *bad = self.or(*bad, of);
        r
    }

    fn bads(&mut self, a: &Range, b: &Range) -> ClifValue {
        self.or(a.bad, b.bad)
    }

    fn add(&mut self, a: Range, b: Range, sub: bool) -> Range {
        let mut bad = self.bads(&a, &b);
        let op = if sub { BinaryOp::ISub } else { BinaryOp::IAdd };
        let (blo, bhi) = if sub { (b.hi, b.lo) } else { (b.lo, b.hi) };
        let lo = self.checked(op, a.lo, blo, &mut bad);
        let hi = if a.point && b.point { lo } else { self.checked(op, a.hi, bhi, &mut bad) };
        Range { lo, hi, bad, point: a.point && b.point }
    }

    fn mul(&mut self, a: Range, b: Range) -> Range {
        let mut bad = self.bads(&a, &b);
        if a.point && b.point {
            let p = self.checked(BinaryOp::IMul, a.lo, b.lo, &mut bad);
            return Range { lo: p, hi: p, bad, point: true };
        }
        let pairs: Vec<(ClifValue, ClifValue)> = if b.point {
            vec![(a.lo, b.lo), (a.hi, b.lo)]
        } else if a.point {
            vec![(a.lo, b.lo), (a.lo, b.hi)]
        } else {
            vec![(a.lo, b.lo), (a.lo, b.hi), (a.hi, b.lo), (a.hi, b.hi)]
        };
        let prods: Vec<ClifValue> =
            pairs.into_iter().map(|(x, y)| self.checked(BinaryOp::IMul, x, y, &mut bad)).collect();
        let (mut lo, mut hi) = (prods[0], prods[0]);
        for p in &prods[1..] {
            lo = self.pos.ins().smin(lo, *p);
            hi = self.pos.ins().smax(hi, *p);
        }
        Range { lo, hi, bad, point: false }
    }

    /// An `i8` that is set unless `r` is exact and lies where a `bits`-bit value read as signed (or unsigned) is the
    /// integer itself.
    fn window(&mut self, r: &Range, bits: u32, signed: bool) -> ClifValue {
        match (bits >= 64, signed) {
            (true, true) => r.bad,
            (true, false) => {
                let neg = self.pos.ins().icmp_imm_s(CIntCC::SignedLessThan, r.lo, 0);
                self.or(r.bad, neg)
            }
            (false, _) => {
                let (min, max) =
                    if signed { (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1) } else { (0, (1i64 << bits) - 1) };
                let below = self.pos.ins().icmp_imm_s(CIntCC::SignedLessThan, r.lo, min);
                let above = self.pos.ins().icmp_imm_s(CIntCC::SignedGreaterThan, r.hi, max);
                let out = self.or(below, above);
                self.or(r.bad, out)
            }
        }
    }

    fn bits_of(&self, v: ir::Value) -> Option<u32> {
        match self.func.ty(v) {
            Type::Scalar(Scalar::Ptr(_)) => Some(64),
            Type::Scalar(s) if s.is_int() && *s != Scalar::Bool => Some(s.bits()),
            _ => None,
        }
    }

    /// A constant `k` as a range.
    fn konst(&mut self, k: i64) -> Range {
        let v = self.pos.ins().iconst(types::I64, k);
        self.point(v)
    }

    /// The value of integer parameter `n` of scalar type `s`, sign-extended.
    fn param(&mut self, n: u32, s: Scalar) -> Option<Range> {
        if n as usize >= self.param_count || !s.is_int() || s == Scalar::Bool {
            return None;
        }
        let slot = spirjit_abi::ArgSlots::new(self.param_count).value_offset(n.into());
        let slot = i32::try_from(slot).ok()?;
        let t: ClifType = leaf_type(s);
        let v = self.pos.ins().load(t, super::bounds::slot_flags(), self.args_ptr, slot);
        let v = if t.bits() < 64 { self.pos.ins().sextend(types::I64, v) } else { v };
        Some(self.point(v))
    }

    fn work_item(&mut self, q: WorkItemQuery, dim: ir::Value) -> Option<Range> {
        let d = self.func.scalar_const(dim)?;
        if d >= 3 {
            return Some(self.konst(match q {
                WorkItemQuery::GlobalSize
                | WorkItemQuery::LocalSize
                | WorkItemQuery::EnqueuedLocalSize
                | WorkItemQuery::NumGroups => 1,
                _ => 0,
            }));
        }
        let d = d as usize;
        let size_nz = |me: &mut Self| {
            let s = me.ctx_dim(offsets::LOCAL_SIZE, d);
            let one = me.pos.ins().iconst(types::I64, 1);
            me.pos.ins().umax(s, one)
        };
        let field = match q {
            WorkItemQuery::LocalId | WorkItemQuery::GlobalId => {
                let last = size_nz(self);
                let last = self.pos.ins().iadd_imm_s(last, -1);
                let zero = self.pos.ins().iconst(types::I64, 0);
                let local = Range { lo: zero, hi: last, bad: self.zero8(), point: false };
                if q == WorkItemQuery::LocalId {
                    return Some(local);
                }
                let g = self.ctx_dim(offsets::GROUP_ID, d);
                let e = self.ctx_dim(offsets::ENQUEUED_LOCAL_SIZE, d);
                let o = self.ctx_dim(offsets::GLOBAL_OFFSET, d);
                let (g, e, o) = (self.point(g), self.point(e), self.point(o));
                let ge = self.mul(g, e);
                let base = self.add(ge, o, false);
                return Some(self.add(base, local, false));
            }
            WorkItemQuery::GroupId => offsets::GROUP_ID,
            WorkItemQuery::GlobalSize => offsets::GLOBAL_SIZE,
            WorkItemQuery::LocalSize => offsets::LOCAL_SIZE,
            WorkItemQuery::EnqueuedLocalSize => offsets::ENQUEUED_LOCAL_SIZE,
            WorkItemQuery::NumGroups => offsets::NUM_GROUPS,
            WorkItemQuery::GlobalOffset => offsets::GLOBAL_OFFSET,
        };
        let v = self.ctx_dim(field, d);
        // Sizes and offsets are below 2^63 (the runtime's limits).
        Some(self.point(v))
    }

    /// The range of integer (or pointer offset) `v` over the work-group, if bounded.
    fn range(&mut self, v: ir::Value, depth: u32) -> Option<Range> {
        if let Some(r) = self.memo.get(&v) {
            return *r;
        }
        if depth > MAX_DEPTH || self.nodes >= MAX_NODES {
            return None;
        }
        self.nodes += 1;
        let r = self.range_uncached(v, depth);
        self.memo.insert(v, r);
        r
    }

    fn range_uncached(&mut self, v: ir::Value, depth: u32) -> Option<Range> {
        let func = self.func;
        let bits = self.bits_of(v)?;
        let kind = &func.def_inst(v)?.kind;
        let d = depth + 1;
        Some(match kind {
            InstKind::Const(_) => {
                let raw = func.scalar_const(v)?;
                let k = if bits < 64 { ((raw << (64 - bits)) as i64) >> (64 - bits) } else { raw as i64 };
                self.konst(k)
            }
            InstKind::Param(n) => self.param(*n, func.ty(v).scalar()?)?,
            InstKind::ArgSize(n) => {
                if *n as usize >= self.param_count {
                    return None;
                }
                let slot = spirjit_abi::ArgSlots::new(self.param_count).size_offset((*n).into());
                let s = self.pos.ins().load(
                    types::I64,
                    super::bounds::slot_flags(),
                    self.args_ptr,
                    i32::try_from(slot).ok()?,
                );
                self.point(s)
            }
            InstKind::WorkItem(q, dim) => self.work_item(*q, *dim)?,
            InstKind::Extract(a, i) => match func.def_inst(*a).map(|x| &x.kind)? {
                InstKind::Construct(vs) => self.range(*vs.get(*i as usize)?, d)?,
                _ => return None,
            },
            InstKind::Binary(op @ (BinaryOp::IAdd | BinaryOp::ISub), a, b) => {
                let (a, b) = (self.range(*a, d)?, self.range(*b, d)?);
                self.add(a, b, *op == BinaryOp::ISub)
            }
            InstKind::Binary(BinaryOp::IMul, a, b) => {
                let (a, b) = (self.range(*a, d)?, self.range(*b, d)?);
                self.mul(a, b)
            }
            InstKind::Binary(BinaryOp::Shl, a, k) => {
                let k = func.scalar_const(*k)?;
                if k >= u64::from(bits.min(63)) {
                    return None;
                }
                let a = self.range(*a, d)?;
                let m = self.konst(1i64 << k);
                self.mul(a, m)
            }
            InstKind::Binary(op @ (BinaryOp::AShr | BinaryOp::LShr), a, k) => {
                let k = func.scalar_const(*k)?;
                if k >= u64::from(bits) {
                    return None;
                }
                let a = self.range(*a, d)?;
                let bad = self.window(&a, bits, *op == BinaryOp::AShr);
                let lo = self.pos.ins().sshr_imm_s(a.lo, k as i64);
                let hi = if a.point { lo } else { self.pos.ins().sshr_imm_s(a.hi, k as i64) };
                Range { lo, hi, bad, point: a.point }
            }
            InstKind::Binary(BinaryOp::And, a, b) => {
                // `x & m` with `m >= 0` lies in `[0, m]` whatever `x` is.
                let (x, m) = match (self.range(*b, d), self.range(*a, d)) {
                    (Some(m), _) if m.point => (a, m),
                    (_, Some(m)) if m.point => (b, m),
                    _ => return None,
                };
                let _ = x;
                let neg = self.pos.ins().icmp_imm_s(CIntCC::SignedLessThan, m.lo, 0);
                let bad = self.or(m.bad, neg);
                let zero = self.pos.ins().iconst(types::I64, 0);
                Range { lo: zero, hi: m.lo, bad, point: false }
            }
            InstKind::Binary(BinaryOp::URem, _, m) => {
                let m = self.range(*m, d)?;
                if !m.point {
                    return None;
                }
                let not_pos = self.pos.ins().icmp_imm_s(CIntCC::SignedLessThanOrEqual, m.lo, 0);
                let bad = self.or(m.bad, not_pos);
                let zero = self.pos.ins().iconst(types::I64, 0);
                let hi = self.pos.ins().iadd_imm_s(m.lo, -1);
                Range { lo: zero, hi, bad, point: false }
            }
            InstKind::Unary(UnaryOp::INeg, a) => {
                let a = self.range(*a, d)?;
                let z = self.konst(0);
                self.add(z, a, true)
            }
            InstKind::Convert(c, a)
                if !c.saturate && matches!(c.op, ConvOp::UToU | ConvOp::SToS | ConvOp::SToU | ConvOp::UToS) =>
            {
                let from = self.bits_of(*a)?;
                let r = self.range(*a, d)?;
                if bits <= from {
                    r // Truncation is modular: the integer stays congruent to the bits.
                } else {
                    let bad = self.window(&r, from, matches!(c.op, ConvOp::SToS | ConvOp::SToU));
                    Range { bad, ..r }
                }
            }
            InstKind::Math(op @ (MathOp::SMin | MathOp::SMax | MathOp::UMin | MathOp::UMax), args)
                if args.len() == 2 =>
            {
                let signed = matches!(op, MathOp::SMin | MathOp::SMax);
                let (a, b) = (self.range(args[0], d)?, self.range(args[1], d)?);
                let (wa, wb) = (self.window(&a, bits, signed), self.window(&b, bits, signed));
                let bad = self.or(wa, wb);
                let min = matches!(op, MathOp::SMin | MathOp::UMin);
                let pick = |me: &mut Self, x: ClifValue, y: ClifValue| {
                    if min {
                        me.pos.ins().smin(x, y)
                    } else {
                        me.pos.ins().smax(x, y)
                    }
                };
                let lo = pick(self, a.lo, b.lo);
                let hi = pick(self, a.hi, b.hi);
                Range { lo, hi, bad, point: a.point && b.point }
            }
            InstKind::Select(_, a, b) => {
                let (a, b) = (self.range(*a, d)?, self.range(*b, d)?);
                let bad = self.bads(&a, &b);
                let lo = self.pos.ins().smin(a.lo, b.lo);
                let hi = self.pos.ins().smax(a.hi, b.hi);
                Range { lo, hi, bad, point: false }
            }
            _ => return None,
        })
    }

    /// For boolean `c`: (true for every work-item, false for every one), if bounded.
    fn cond(&mut self, c: ir::Value, depth: u32) -> Option<(ClifValue, ClifValue)> {
        if let Some(r) = self.cond_memo.get(&c) {
            return *r;
        }
        if depth > MAX_DEPTH || self.nodes >= MAX_NODES {
            return None;
        }
        self.nodes += 1;
        let r = self.cond_uncached(c, depth);
        self.cond_memo.insert(c, r);
        r
    }

    fn cond_or_unknown(&mut self, c: ir::Value, depth: u32) -> (ClifValue, ClifValue) {
        match self.cond(c, depth) {
            Some(tf) => tf,
            None => {
                let z = self.zero8();
                (z, z)
            }
        }
    }

    fn cond_uncached(&mut self, c: ir::Value, depth: u32) -> Option<(ClifValue, ClifValue)> {
        let func = self.func;
        if func.ty(c).scalar() != Some(Scalar::Bool) {
            return None;
        }
        let d = depth + 1;
        match &func.def_inst(c)?.kind {
            InstKind::Const(_) => {
                let t = func.scalar_const(c)? != 0;
                let (one, zero) = (self.one(), self.zero8());
                Some(if t { (one, zero) } else { (zero, one) })
            }
            InstKind::Icmp(cc, a, b) => self.icmp(*cc, *a, *b, d),
            InstKind::Unary(UnaryOp::Not, a) => self.cond(*a, d).map(|(t, f)| (f, t)),
            InstKind::Binary(op @ (BinaryOp::And | BinaryOp::Or), a, b) => {
                let ((ta, fa), (tb, fb)) = (self.cond_or_unknown(*a, d), self.cond_or_unknown(*b, d));
                Some(if *op == BinaryOp::And {
                    (self.and(ta, tb), self.or(fa, fb))
                } else {
                    (self.or(ta, tb), self.and(fa, fb))
                })
            }
            InstKind::Select(s, x, y) => {
                let (ts, fs) = self.cond_or_unknown(*s, d);
                let (tx, fx) = self.cond_or_unknown(*x, d);
                let (ty, fy) = self.cond_or_unknown(*y, d);
                let either = |me: &mut Self, a: ClifValue, b: ClifValue| {
                    let sa = me.and(ts, a);
                    let sb = me.and(fs, b);
                    let both = me.and(a, b);
                    let o = me.or(sa, sb);
                    me.or(o, both)
                };
                let t = either(self, tx, ty);
                let f = either(self, fx, fy);
                Some((t, f))
            }
            _ => None,
        }
    }

    fn icmp(&mut self, cc: IntCC, a: ir::Value, b: ir::Value, d: u32) -> Option<(ClifValue, ClifValue)> {
        let bits = self.bits_of(a)?;
        let (ra, rb) = (self.range(a, d)?, self.range(b, d)?);
        let signed = !matches!(cc, IntCC::Ult | IntCC::Ule | IntCC::Ugt | IntCC::Uge);
        let (wa, wb) = (self.window(&ra, bits, signed), self.window(&rb, bits, signed));
        let bad = self.or(wa, wb);
        use CIntCC::*;
        let cmp = |me: &mut Self, cond: CIntCC, x: ClifValue, y: ClifValue| me.pos.ins().icmp(cond, x, y);
        let (t, f) = match cc {
            IntCC::Slt | IntCC::Ult => {
                (cmp(self, SignedLessThan, ra.hi, rb.lo), cmp(self, SignedGreaterThanOrEqual, ra.lo, rb.hi))
            }
            IntCC::Sle | IntCC::Ule => {
                (cmp(self, SignedLessThanOrEqual, ra.hi, rb.lo), cmp(self, SignedGreaterThan, ra.lo, rb.hi))
            }
            IntCC::Sgt | IntCC::Ugt => {
                (cmp(self, SignedGreaterThan, ra.lo, rb.hi), cmp(self, SignedLessThanOrEqual, ra.hi, rb.lo))
            }
            IntCC::Sge | IntCC::Uge => {
                (cmp(self, SignedGreaterThanOrEqual, ra.lo, rb.hi), cmp(self, SignedLessThan, ra.hi, rb.lo))
            }
            IntCC::Eq | IntCC::Ne => {
                let below = cmp(self, SignedLessThan, ra.hi, rb.lo);
                let above = cmp(self, SignedLessThan, rb.hi, ra.lo);
                let apart = self.or(below, above);
                let never = self.zero8();
                if cc == IntCC::Eq {
                    (never, apart)
                } else {
                    (apart, never)
                }
            }
        };
        Some((self.pos.ins().band_not(t, bad), self.pos.ins().band_not(f, bad)))
    }

    /// For a consecutive access of `size` bytes per work-item at `ptr`: an `i8` that is
    /// 1 when every work-item's access lies inside parameter `n`'s buffer (`checked`:
    /// bounds matter) and the offset's arithmetic is exact.
    fn access(&mut self, ptr: ir::Value, size: u64, checked: bool) -> Option<ClifValue> {
        let (n, off) = self.offset_range(ptr, 0)?;
        if !checked {
            return Some(self.pos.ins().icmp_imm_s(CIntCC::Equal, off.bad, 0));
        }
        if n as usize >= self.param_count {
            return None;
        }
        let slot = spirjit_abi::ArgSlots::new(self.param_count).size_offset(n.into());
        let rsize =
            self.pos.ins().load(types::I64, super::bounds::slot_flags(), self.args_ptr, i32::try_from(slot).ok()?);
        let mut bad = off.bad;
        let s = self.pos.ins().iconst(types::I64, i64::try_from(size).ok()?);
        let end = self.checked(BinaryOp::IAdd, off.hi, s, &mut bad);
        let fits = self.pos.ins().icmp(CIntCC::SignedLessThanOrEqual, end, rsize);
        let nonneg = self.pos.ins().icmp_imm_s(CIntCC::SignedGreaterThanOrEqual, off.lo, 0);
        let inside = self.and(fits, nonneg);
        Some(self.pos.ins().band_not(inside, bad))
    }

    /// Parameter `n` that `ptr` is derived from by byte offsets, and the range of the
    /// total offset.
    fn offset_range(&mut self, ptr: ir::Value, depth: u32) -> Option<(u32, Range)> {
        if depth > MAX_DEPTH {
            return None;
        }
        match &self.func.def_inst(ptr)?.kind {
            InstKind::Param(n) => Some((*n, self.konst(0))),
            InstKind::Bitcast(p) => self.offset_range(*p, depth + 1),
            InstKind::Convert(c, p) if c.op == ConvOp::PtrToPtr => self.offset_range(*p, depth + 1),
            InstKind::PtrAdd(p, off) => {
                let (n, base) = self.offset_range(*p, depth + 1)?;
                let bits = self.bits_of(*off)?;
                let r = self.range(*off, depth + 1)?;
                // A narrower offset is sign-extended to 64 bits.
                let bad = self.window(&r, bits, true);
                let r = Range { bad, ..r };
                Some((n, self.add(base, r, false)))
            }
            _ => None,
        }
    }
}

/// True when the lanes of `v` stay exactly `lane0 + l * stride` whenever its arithmetic
/// is exact and the lane group lies within a row: additions, multiplications and
/// shifts by lane-uniform values, resizes, ids and uniform values.
fn affine_exact(func: &ir::Function, varying: &dyn Fn(ir::Value) -> bool, v: ir::Value, depth: u32) -> bool {
    if !varying(v) {
        return true;
    }
    if depth > MAX_DEPTH {
        return false;
    }
    let d = depth + 1;
    let Some(kind) = func.def_inst(v).map(|i| &i.kind) else { return false };
    match kind {
        InstKind::WorkItem(WorkItemQuery::GlobalId | WorkItemQuery::LocalId, dim) => func.scalar_const(*dim).is_some(),
        InstKind::Binary(BinaryOp::IAdd | BinaryOp::ISub, a, b) | InstKind::PtrAdd(a, b) => {
            affine_exact(func, varying, *a, d) && affine_exact(func, varying, *b, d)
        }
        InstKind::Binary(BinaryOp::IMul, a, b) => {
            (!varying(*a) || !varying(*b)) && affine_exact(func, varying, *a, d) && affine_exact(func, varying, *b, d)
        }
        InstKind::Binary(BinaryOp::Shl, a, b) => !varying(*b) && affine_exact(func, varying, *a, d),
        InstKind::Unary(UnaryOp::INeg, a) | InstKind::Bitcast(a) => affine_exact(func, varying, *a, d),
        InstKind::Convert(c, a) => {
            !c.saturate
                && matches!(c.op, ConvOp::UToU | ConvOp::SToS | ConvOp::SToU | ConvOp::UToS | ConvOp::PtrToPtr)
                && affine_exact(func, varying, *a, d)
        }
        InstKind::Extract(a, i) => match func.def_inst(*a).map(|x| &x.kind) {
            Some(InstKind::Construct(vs)) => vs.get(*i as usize).is_some_and(|x| affine_exact(func, varying, *x, d)),
            _ => false,
        },
        _ => false,
    }
}

impl FnLower<'_, '_> {
    /// The facts of this kernel, emitted in the entry block on first need (`None` at
    /// W = 1 or before the entry block is known).
    pub(crate) fn steady_facts(&mut self) -> Option<&Facts> {
        if self.steady.is_none() {
            let facts = self.emit_steady_facts()?;
            self.steady = Some(facts);
        }
        self.steady.as_ref()
    }

    fn emit_steady_facts(&mut self) -> Option<Facts> {
        let uni = self.uni?;
        let func = self.func;
        let lanes = i64::from(self.lanes.0);
        let term = self.bounds.entry.and_then(|e| self.b.func.layout.last_inst(e))?;
        let varying = |v: ir::Value| !uni.is_uniform(v);
        // The consecutive accesses the flag covers, and the varying branch conditions.
        let mut accesses = Vec::new();
        for inst in &func.insts {
            let (ptr, ty) = match &inst.kind {
                InstKind::Load { ptr, .. } => match inst.result {
                    Some(r) => (*ptr, func.ty(r)),
                    None => continue,
                },
                InstKind::Store { ptr, value, .. } => (*ptr, func.ty(*value)),
                _ => continue,
            };
            let Ok(size) = super::bounds::access_extent(ty) else { continue };
            if varying(ptr) && uni.lane_stride(ptr) == Some(size as i64) && affine_exact(func, &varying, ptr, 0) {
                accesses.push((ptr, size));
            }
        }
        accesses.sort_by_key(|(p, _)| p.0);
        accesses.dedup();
        accesses.truncate(MAX_ACCESSES);
        let conds: Vec<ir::Value> = func
            .blocks
            .iter()
            .filter_map(|b| match &b.term {
                ir::Terminator::Branch { cond, .. } if varying(*cond) => Some(*cond),
                _ => None,
            })
            .collect();

        let checked = self.checks_on();
        let mut ev = Eval {
            pos: FuncCursor::new(self.b.func).at_inst(term),
            func,
            ctx: self.prologue.ctx,
            args_ptr: self.prologue.args_ptr,
            param_count: self.param_count,
            memo: HashMap::new(),
            cond_memo: HashMap::new(),
            nodes: 0,
        };
        // Every lane group of the call full and within one row.
        let ls = |ev: &mut Eval, d: usize| {
            let s = ev.ctx_dim(offsets::LOCAL_SIZE, d);
            let one = ev.pos.ins().iconst(types::I64, 1);
            ev.pos.ins().umax(s, one)
        };
        let (sx, sy, sz) = (ls(&mut ev, 0), ls(&mut ev, 1), ls(&mut ev, 2));
        let syz = ev.pos.ins().imul(sy, sz);
        let total = ev.pos.ins().imul(sx, syz);
        let end = ev.pos.ins().iadd(self.prologue.first_group, self.prologue.group_count);
        let end = ev.pos.ins().imul_imm_s(end, lanes);
        let full = ev.pos.ins().icmp(CIntCC::UnsignedLessThanOrEqual, end, total);
        // W is a power of two: no division.
        let rem = ev.pos.ins().band_imm_u(sx, lanes - 1);
        let whole_rows = ev.pos.ins().icmp_imm_s(CIntCC::Equal, rem, 0);
        let one_row = ev.pos.ins().icmp_imm_s(CIntCC::Equal, syz, 1);
        let rows = ev.or(whole_rows, one_row);
        let mut flag = ev.and(full, rows);
        let mut covered = HashSet::new();
        for (ptr, size) in accesses {
            if let Some(ok) = ev.access(ptr, size, checked) {
                flag = ev.and(flag, ok);
                covered.insert(ptr);
            }
        }
        let mut cond_facts = HashMap::new();
        for c in conds {
            if let Some(tf) = ev.cond(c, 0) {
                cond_facts.insert(c, tf);
            }
        }
        Some(Facts { flag: Some(flag), covered, conds: cond_facts })
    }

    /// True when the current code runs with every lane of a full lane group active as
    /// far as the compiler knows (no masks, or the all-lanes-agree copy).
    pub(crate) fn unmasked_here(&self) -> bool {
        self.masks.as_ref().is_none_or(|m| m.cur_full)
    }

    /// Before the guard of a consecutive access at `ptr`: when the steady flag covers
    /// it, branch to a new block (returned) when the flag is set and go on computing
    /// the guard otherwise. The caller makes the returned block the guard's "holds" side.
    pub(crate) fn steady_branch(&mut self, ptr: ir::Value) -> Option<cranelift_codegen::ir::Block> {
        if !self.unmasked_here() {
            return None;
        }
        let facts = self.steady_facts()?;
        if !facts.covered.contains(&ptr) {
            return None;
        }
        let flag = facts.flag?;
        let (holds, check) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(flag, holds, &[], check, &[]);
        self.b.seal_block(check);
        self.b.switch_to_block(check);
        Some(holds)
    }

    /// The steady flag (an `i8`: every lane group of the call is full and within a row,
    /// every covered access in bounds), once emitted.
    pub(crate) fn steady_flag(&mut self) -> Option<ClifValue> {
        self.steady_facts()?.flag
    }

    /// For varying branch condition `c`: (true for every work-item of the call's
    /// work-group, false for every one), when bounded.
    pub(crate) fn steady_cond(&mut self, c: ir::Value) -> Option<(ClifValue, ClifValue)> {
        self.steady_facts()?.conds.get(&c).copied()
    }
}

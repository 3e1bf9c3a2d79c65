//! When a lane-stride hint is exact: run-time conditions that make the lanes of a
//! varying integer or pointer exactly `lane0 + l * stride` (at W > 1).
//!
//! The uniformity analysis's stride hint follows ids through additions, constant
//! multiplications and resizes. Modular arithmetic keeps lanes evenly spaced, so only
//! three things can break the hint: the lane group wrapping a row of the work-group
//! (x ids jump back, y ids change), a sign or zero extension whose lanes cross the
//! narrower type's range (`(long)(int)gid` near 2^31), and links the hint does not
//! model. This module builds, from a value's definition chain, a scalar condition
//! covering the first two (one compare per extension, shared between accesses through
//! Cranelift's value numbering), and gives up on the third so that callers compare
//! the lanes themselves — except for block parameters (loop induction variables), whose
//! own lanes it compares with `lane0 + l * stride`. It must not emit memory accesses or
//! control flow.

use cranelift_codegen::ir::condcodes::IntCC as CIntCC;
use cranelift_codegen::ir::{types, InstBuilder, Value as ClifValue};

use super::leaf::At;
use super::state::FnLower;
use crate::ir::{self, BinaryOp, ConvOp, InstKind, MathOp, WorkItemQuery};
use crate::Result;

/// How far a definition chain is followed before giving up.
const MAX_DEPTH: u32 = 24;

impl FnLower<'_, '_> {
    /// An `i8` that is 1 when the lanes of varying `v` are exactly `lane0 + l * s` for
    /// the analysis's stride `s` (modulo the width of `v`'s type), or `None` when the
    /// definition chain has a link this cannot vouch for. Lanes that are masked off may
    /// hold stale values under masked control flow: callers also require every lane to
    /// be active.
    pub(crate) fn stride_exact(&mut self, v: ir::Value) -> Result<Option<ClifValue>> {
        self.with_readable(|me| me.stride_exact_at(v, 0))
    }

    /// Run `f` with `affine_readable` set: with barriers, a value that is dead after a
    /// barrier is not restored in its continuation, so only values live here (used here
    /// or later) may be read.
    fn with_readable(&mut self, f: impl FnOnce(&mut Self) -> Result<Option<ClifValue>>) -> Result<Option<ClifValue>> {
        self.affine_readable = match (self.resume_blocks.is_empty(), self.cur_at) {
            (true, _) => None,
            (false, Some((blk, pos))) => {
                let Some(liveness) = &self.liveness else { return Ok(None) };
                let mut live = liveness.live_after(self.func, blk, pos);
                if let Some(&ii) = self.func.block(blk).insts.get(pos) {
                    live.extend(self.func.inst(ii).kind.uses());
                }
                Some(live)
            }
            (false, None) => return Ok(None),
        };
        let r = f(self);
        self.affine_readable = None;
        r
    }

    /// True when uniform `x`'s plain Cranelift value may be used at the current
    /// instruction: always on unmasked code (KIR dominance is Cranelift's); under masked
    /// control flow, where blocks may be skipped, when it is carried in a variable or
    /// defined in the current block or the entry block (which every lane group runs).
    fn dominates_here(&self, x: ir::Value) -> bool {
        if self.masks.is_none() || self.needs_var.get(x.0 as usize).copied().unwrap_or(false) {
            return true;
        }
        let here = self.cur_at.map(|c| c.0 .0);
        self.def_block.get(x.0 as usize).copied().flatten().is_some_and(|b| b == 0 || Some(b) == here)
    }

    /// True when lane values of `x` may be read at the current instruction.
    fn readable(&self, x: ir::Value) -> bool {
        self.affine_readable.as_ref().is_none_or(|live| live.contains(&x))
    }

    fn stride_exact_at(&mut self, v: ir::Value, depth: u32) -> Result<Option<ClifValue>> {
        if !self.is_varying(v) {
            return Ok(Some(self.b.ins().iconst(types::I8, 1)));
        }
        if depth > MAX_DEPTH || self.uni.as_ref().and_then(|u| u.lane_stride(v)).is_none() {
            return Ok(None);
        }
        let func = self.func;
        let Some(kind) = func.def_inst(v).map(|i| &i.kind) else { return self.param_exact(v, depth) };
        let both = |me: &mut Self, a: ir::Value, b: ir::Value| -> Result<Option<ClifValue>> {
            let (Some(x), Some(y)) = (me.stride_exact_at(a, depth + 1)?, me.stride_exact_at(b, depth + 1)?) else {
                return Ok(None);
            };
            Ok(Some(me.and_flags(x, y)))
        };
        match kind {
            InstKind::WorkItem(WorkItemQuery::GlobalId | WorkItemQuery::LocalId, _) => Ok(self.ids.within_row),
            InstKind::Binary(BinaryOp::IAdd | BinaryOp::ISub | BinaryOp::IMul, a, b) => both(self, *a, *b),
            InstKind::Binary(BinaryOp::Shl, a, b) => both(self, *a, *b),
            InstKind::Binary(op @ (BinaryOp::AShr | BinaryOp::LShr), a, b) => {
                let signed = *op == BinaryOp::AShr;
                match self.shifted_extension(*a, *b, signed, depth)? {
                    Some(c) => Ok(Some(c)),
                    None if !self.is_varying(*b) && func.scalar_const(*b).is_none() => {
                        self.shifted_exact(*a, *b, signed, depth)
                    }
                    None => Ok(None),
                }
            }
            InstKind::Extract(a, i) => match func.def_inst(*a).map(|d| &d.kind) {
                Some(InstKind::Construct(vs)) => match vs.get(*i as usize) {
                    Some(c) => self.stride_exact_at(*c, depth + 1),
                    None => Ok(None),
                },
                _ => Ok(None),
            },
            InstKind::PtrAdd(p, off) => {
                let Some(c) = both(self, *p, *off)? else { return Ok(None) };
                // The offset is sign-extended to 64 bits when narrower.
                self.and_no_crossing(c, *off, true)
            }
            InstKind::Convert(conv, a)
                if matches!(conv.op, ConvOp::UToU | ConvOp::SToS | ConvOp::SToU | ConvOp::UToS) && !conv.saturate =>
            {
                let Some(c) = self.stride_exact_at(*a, depth + 1)? else { return Ok(None) };
                let from = self.value_type(*a)?.scalar().map_or(64, |s| s.bits());
                let to = self.value_type(v)?.scalar().map_or(64, |s| s.bits());
                if to <= from {
                    return Ok(Some(c)); // A truncation keeps lanes evenly spaced.
                }
                self.and_no_crossing(c, *a, matches!(conv.op, ConvOp::SToS | ConvOp::SToU))
            }
            InstKind::Math(op @ (MathOp::SMin | MathOp::SMax | MathOp::UMin | MathOp::UMax), args)
                if args.len() == 2 =>
            {
                self.clamp_inactive(*op, args[0], args[1], depth)
            }
            InstKind::Binary(op @ (BinaryOp::UDiv | BinaryOp::SDiv | BinaryOp::URem | BinaryOp::SRem), a, b)
                if !self.is_varying(*b) =>
            {
                self.divided_exact(*op, *a, *b, false, depth)
            }
            InstKind::Binary(BinaryOp::And, a, b) if self.is_varying(*a) != self.is_varying(*b) => {
                let (x, m) = if self.is_varying(*a) { (*a, *b) } else { (*b, *a) };
                self.divided_exact(BinaryOp::URem, x, m, true, depth)
            }
            _ => Ok(None),
        }
    }

    /// A varying block parameter with a stride hint (a loop's induction variable, `i =
    /// gid` stepped by `i += get_global_size(0)`): nothing in its definition vouches for
    /// the lanes (lanes may have taken different edges into the block), so they are
    /// compared with `lane0 + l * stride` at run time — once per lane group for every
    /// access derived from it, on the parameter's own (often narrower) lanes.
    fn param_exact(&mut self, v: ir::Value, depth: u32) -> Result<Option<ClifValue>> {
        let is_param =
            matches!(self.func.values.get(v.0 as usize).map(|d| d.origin), Some(ir::ValueOrigin::BlockParam(..)));
        let Some(stride) = self.uni.as_ref().and_then(|u| u.lane_stride(v)) else { return Ok(None) };
        let ty = self.value_type(v)?;
        let scalar = ty.scalar().filter(|s| ty.lanes() == Some(1) && (s.is_int() || matches!(s, ir::Scalar::Ptr(_))));
        let (true, Some(s), true) = (is_param, scalar, self.readable(v)) else { return Ok(None) };
        if self.param_exact_for_certain(v, depth)? {
            return Ok(Some(self.b.ins().iconst(types::I8, 1)));
        }
        let lanes = self.bundles(v)?.remove(0);
        let Some(first) = lanes.first() else { return Ok(None) };
        let vt = super::leaf::vec_leaf_type(s);
        let x0 = self.b.ins().extractlane(*first, 0);
        let base = self.b.ins().splat(vt, x0);
        let mut all: Option<ClifValue> = None;
        for (k, lane_vec) in lanes.iter().enumerate() {
            let offsets = self.lane_offsets(vt, k as u64 * u64::from(vt.lane_count()), stride);
            let want = self.b.ins().iadd(base, offsets);
            let eq = self.b.ins().icmp(CIntCC::Equal, *lane_vec, want);
            all = Some(match all {
                Some(a) => self.b.ins().band(a, eq),
                None => eq,
            });
        }
        Ok(all.map(|a| self.b.ins().vall_true(a)))
    }

    /// Whether the active lanes of block parameter `v` are `lane0 + l * stride` for
    /// certain, with no run-time comparison: every edge into its block passes `v`
    /// itself, one value `e` whose lanes are exact for certain (the loop's start, such
    /// as a global id), or one step of `v` by amounts the same in every lane (`v ± u`,
    /// `ptr_add v, u`: `Uniformity::steps_from`). Lanes enter the block together from
    /// the edges passing `e` and go round the loop in step (a lane that leaves is masked
    /// off until it enters again through `e`), and adding the same amount to every lane
    /// keeps them evenly spaced; two different steps (lanes taking different back edges)
    /// or entering values do not qualify.
    fn param_exact_for_certain(&mut self, v: ir::Value, depth: u32) -> Result<bool> {
        let Some(ir::ValueOrigin::BlockParam(blk, idx)) = self.func.values.get(v.0 as usize).map(|d| d.origin) else {
            return Ok(false);
        };
        let (Some(uni), Some(args)) = (self.uni, self.cfg.edge_args(self.func, blk, idx as usize)) else {
            return Ok(false);
        };
        let (mut entering, mut step) = (None, None);
        for arg in args {
            let slot = if arg == v {
                continue;
            } else if uni.steps_from(self.func, arg, v) {
                &mut step
            } else {
                &mut entering
            };
            if *slot.get_or_insert(arg) != arg {
                return Ok(false);
            }
        }
        let Some(e) = entering else { return Ok(false) };
        Ok(self.stride_exact_at(e, depth + 1)?.is_some_and(|c| self.is_const_true(c)))
    }

    /// The integer vector of type `vt` whose lane `j` is `(first + j) * stride`, wrapped
    /// to the lane width.
    pub(crate) fn lane_offsets(&mut self, vt: types::Type, first: u64, stride: i64) -> ClifValue {
        let width = vt.lane_type().bytes() as usize;
        let mut bytes = Vec::with_capacity(16);
        for j in 0..u64::from(vt.lane_count()) {
            let x = (first + j).wrapping_mul(stride as u64);
            bytes.extend_from_slice(&x.to_le_bytes()[..width]);
        }
        let c = self.b.func.dfg.constants.insert(cranelift_codegen::ir::ConstantData::from(bytes));
        self.b.ins().vconst(vt, c)
    }

    /// `min(x, u)` / `max(x, u)` with `u` the same in every lane (either operand order):
    /// the lanes of `x` pass through unchanged when both ends of the lane group, lane 0
    /// and lane W - 1, lie on the kept side of `u` and the lanes do not wrap around the
    /// type's range in between (then every lane lies between the two ends).
    fn clamp_inactive(&mut self, op: MathOp, a: ir::Value, b: ir::Value, depth: u32) -> Result<Option<ClifValue>> {
        let (x, u) = match (self.is_varying(a), self.is_varying(b)) {
            (true, false) => (a, b),
            (false, true) => (b, a),
            _ => return Ok(None),
        };
        let signed = matches!(op, MathOp::SMin | MathOp::SMax);
        let Some((cond, x0, last)) = self.lane_ends(x, signed, depth)? else { return Ok(None) };
        let Some(u0) = self.lane0_at(u, depth + 1)? else { return Ok(None) };
        let u0 = self.extend64(u0, signed);
        // Kept side: `x <= u` for a minimum, `x >= u` for a maximum.
        let cc = match op {
            MathOp::SMin => CIntCC::SignedLessThanOrEqual,
            MathOp::UMin => CIntCC::UnsignedLessThanOrEqual,
            MathOp::SMax => CIntCC::SignedGreaterThanOrEqual,
            _ => CIntCC::UnsignedGreaterThanOrEqual,
        };
        let first_ok = self.b.ins().icmp(cc, x0, u0);
        let last_ok = self.b.ins().icmp(cc, last, u0);
        let ends = self.b.ins().band(first_ok, last_ok);
        Ok(Some(self.b.ins().band(cond, ends)))
    }

    /// `x / m` or `x % m` (also `x & m` for `m = 2^k - 1`, with `low_mask`) with `m` the same in every
    /// lane: the quotient is the same in every lane when lane 0 and lane W - 1 have the
    /// same quotient; the remainder keeps `x`'s stride when the remainders of the lanes
    /// do not wrap past `m` (lane 0's remainder plus the group's span stays in
    /// `0..m`). Signed forms also need `x` and `m` non-negative, where they agree with
    /// the unsigned ones. Division by zero gives 0 in every lane, which the same
    /// conditions describe (equal quotients; a remainder span that never fits).
    fn divided_exact(
        &mut self,
        op: BinaryOp,
        x: ir::Value,
        m: ir::Value,
        low_mask: bool,
        depth: u32,
    ) -> Result<Option<ClifValue>> {
        let signed = matches!(op, BinaryOp::SDiv | BinaryOp::SRem);
        let Some((mut cond, x0, last)) = self.lane_ends(x, signed, depth)? else { return Ok(None) };
        let Some(m0) = self.lane0_at(m, depth + 1)? else { return Ok(None) };
        let m0 = self.extend64(m0, signed);
        // `x & m` is `x % (m + 1)` when `m + 1` is a power of two (or 2^bits).
        let m0 = if low_mask {
            let m1 = self.b.ins().iadd_imm_s(m0, 1);
            let common = self.b.ins().band(m0, m1);
            let pow2 = self.b.ins().icmp_imm_s(CIntCC::Equal, common, 0);
            cond = self.b.ins().band(cond, pow2);
            m1
        } else {
            m0
        };
        if signed {
            for v in [x0, last] {
                let ok = self.b.ins().icmp_imm_s(CIntCC::SignedGreaterThanOrEqual, v, 0);
                cond = self.b.ins().band(cond, ok);
            }
            let ok = self.b.ins().icmp_imm_s(CIntCC::SignedGreaterThan, m0, 0);
            cond = self.b.ins().band(cond, ok);
        }
        // A constant power-of-two divisor (`x & 0xffff_ffff`, `x % 64`) needs no division.
        let shift = self.func.scalar_const(m).and_then(|c| {
            let c = if low_mask { c.wrapping_add(1) } else { c };
            let c = if self.value_type(m).ok()?.scalar()?.bits() == 64 { c } else { c & 0xffff_ffff };
            c.is_power_of_two().then(|| c.trailing_zeros())
        });
        let ends = if matches!(op, BinaryOp::UDiv | BinaryOp::SDiv) {
            let (q0, q1) = match shift {
                Some(k) => (self.b.ins().ushr_imm_s(x0, i64::from(k)), self.b.ins().ushr_imm_s(last, i64::from(k))),
                None => (
                    self.binary_leaf(BinaryOp::UDiv, ir::Scalar::I64, x0, m0)?,
                    self.binary_leaf(BinaryOp::UDiv, ir::Scalar::I64, last, m0)?,
                ),
            };
            self.b.ins().icmp(CIntCC::Equal, q0, q1)
        } else {
            let r0 = match shift {
                Some(k) => self.b.ins().band_imm_s(x0, ((1u128 << k) - 1) as i64),
                None => self.binary_leaf(BinaryOp::URem, ir::Scalar::I64, x0, m0)?,
            };
            let span = self.b.ins().isub(last, x0);
            let end = self.b.ins().iadd(r0, span);
            // `0 <= r0 + span < m`, unsigned: a negative end wraps to a huge value.
            self.b.ins().icmp(CIntCC::UnsignedLessThan, end, m0)
        };
        Ok(Some(self.b.ins().band(cond, ends)))
    }

    /// `x >> k` for a uniform, non-constant `k`: the same in every lane when lane 0 and
    /// lane W - 1 shift to the same value (the amount taken modulo `x`'s width, as the
    /// shift itself does).
    fn shifted_exact(&mut self, x: ir::Value, k: ir::Value, signed: bool, depth: u32) -> Result<Option<ClifValue>> {
        let Some(bits) = self.value_type(x)?.scalar().filter(|s| s.is_int()).map(|s| s.bits()) else {
            return Ok(None);
        };
        let Some((cond, x0, last)) = self.lane_ends(x, signed, depth)? else { return Ok(None) };
        let Some(k0) = self.lane0_at(k, depth + 1)? else { return Ok(None) };
        let k0 = self.extend64(k0, false);
        let k0 = self.b.ins().band_imm_s(k0, i64::from(bits) - 1);
        let (q0, q1) = if signed {
            (self.b.ins().sshr(x0, k0), self.b.ins().sshr(last, k0))
        } else {
            (self.b.ins().ushr(x0, k0), self.b.ins().ushr(last, k0))
        };
        let same = self.b.ins().icmp(CIntCC::Equal, q0, q1);
        Ok(Some(self.b.ins().band(cond, same)))
    }

    /// `v` (an integer leaf) extended to 64 bits, signed or not.
    fn extend64(&mut self, v: ClifValue, signed: bool) -> ClifValue {
        self.resize(v, types::I64, signed)
    }

    /// For varying integer `x` whose stride hint is exact: the condition, lane 0 and the
    /// last lane extended to 64 bits (signed or not), where the condition also says the
    /// lanes do not wrap around `x`'s range between the two, so that every lane lies
    /// between them in order. `None` for a chain the exactness check cannot vouch for.
    fn lane_ends(
        &mut self,
        x: ir::Value,
        signed: bool,
        depth: u32,
    ) -> Result<Option<(ClifValue, ClifValue, ClifValue)>> {
        let Some(cond) = self.stride_exact_at(x, depth + 1)? else { return Ok(None) };
        let Some(stride) = self.uni.as_ref().and_then(|un| un.lane_stride(x)) else { return Ok(None) };
        let Some(bits) = self.value_type(x)?.scalar().filter(|s| s.is_int()).map(|s| s.bits()) else {
            return Ok(None);
        };
        let Some(x0) = self.lane0(x)? else { return Ok(None) };
        let Some(span) = stride.checked_mul(i64::from(self.lanes.0) - 1) else { return Ok(None) };
        let x0 = self.extend64(x0, signed);
        let last = self.b.ins().iadd_imm_s(x0, span);
        let cond = if bits < 64 {
            let Some(c) = self.and_in_range(cond, x, x0, bits, signed)? else { return Ok(None) };
            c
        } else {
            // No wrap in 64 bits: the last lane lies on the stride's side of lane 0.
            let cc = match (span >= 0, signed) {
                (true, true) => CIntCC::SignedGreaterThanOrEqual,
                (true, false) => CIntCC::UnsignedGreaterThanOrEqual,
                (false, true) => CIntCC::SignedLessThanOrEqual,
                (false, false) => CIntCC::UnsignedLessThanOrEqual,
            };
            let ok = self.b.ins().icmp(cc, last, x0);
            self.b.ins().band(cond, ok)
        };
        Ok(Some((cond, x0, last)))
    }

    /// `cond` and, when `x` is narrower than 64 bits, the condition that extending `x`
    /// (signed or not) keeps its lanes evenly spaced.
    fn and_no_crossing(&mut self, cond: ClifValue, x: ir::Value, signed: bool) -> Result<Option<ClifValue>> {
        let bits = self.value_type(x)?.scalar().map_or(64, |s| s.bits());
        if bits >= 64 || !self.is_varying(x) {
            return Ok(Some(cond));
        }
        // Every lane of `x` lies in 0..=max for certain (a local id below the required
        // work-group size, scaled): no lane crosses the narrower type's range.
        let local = self.bounds.local_bounds();
        if let Some(max) = super::bounds::static_max(self.func, x, local.required_size) {
            if max < 1u64 << (bits - 1) {
                return Ok(Some(cond));
            }
        }
        let Some(x0) = self.lane0(x)? else { return Ok(None) };
        let x0 = if signed { self.b.ins().sextend(types::I64, x0) } else { self.b.ins().uextend(types::I64, x0) };
        self.and_in_range(cond, x, x0, bits, signed)
    }

    /// `a and b` for `i8` flags, without an instruction when either is the constant 1
    /// (so that a condition made only of facts known when compiling stays a constant
    /// the guards can see).
    pub(crate) fn and_flags(&mut self, a: ClifValue, b: ClifValue) -> ClifValue {
        match (self.is_const_true(a), self.is_const_true(b)) {
            (true, _) => b,
            (_, true) => a,
            _ => self.b.ins().band(a, b),
        }
    }

    /// True when `v` is an `iconst` of 1.
    pub(crate) fn is_const_true(&self, v: ClifValue) -> bool {
        use cranelift_codegen::ir::{InstructionData, Opcode};
        let dfg = &self.b.func.dfg;
        dfg.value_def(v).inst().is_some_and(
            |i| matches!(dfg.insts[i], InstructionData::UnaryImm { opcode: Opcode::Iconst, imm } if imm.bits() == 1),
        )
    }

    /// Lane 0 of varying `x`'s first leaf, when it may be read here.
    fn lane0(&mut self, x: ir::Value) -> Result<Option<ClifValue>> {
        // Scalar arithmetic along the chain needs no lane vector (which, after a
        // barrier, may not even have been reloaded).
        if let Some(x0) = self.lane0_at(x, 0)? {
            return Ok(Some(x0));
        }
        if !self.readable(x) {
            return Ok(None);
        }
        let first = self.bundles(x)?.remove(0);
        Ok(first.first().map(|v0| self.b.ins().extractlane(*v0, 0)))
    }

    /// `cond` and "the last lane of `x`, `x0 + (W - 1) * stride`, lies in the range of
    /// a `bits`-bit integer" (`x0`: lane 0 extended to 64 bits from `bits` bits).
    fn and_in_range(
        &mut self,
        cond: ClifValue,
        x: ir::Value,
        x0: ClifValue,
        bits: u32,
        signed: bool,
    ) -> Result<Option<ClifValue>> {
        let Some(stride) = self.uni.as_ref().and_then(|u| u.lane_stride(x)) else { return Ok(None) };
        if stride == 0 {
            return Ok(Some(cond)); // Every lane holds lane 0's value: nothing to cross.
        }
        let span = stride.checked_mul(i64::from(self.lanes.0) - 1);
        let Some(span) = span.filter(|s| s.unsigned_abs() < 1u64 << bits) else { return Ok(None) };
        let (lo, hi) = if signed { (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1) } else { (0, (1i64 << bits) - 1) };
        let last = self.b.ins().iadd_imm_s(x0, span);
        let ok = if span >= 0 {
            self.b.ins().icmp_imm_s(CIntCC::SignedLessThanOrEqual, last, hi)
        } else {
            self.b.ins().icmp_imm_s(CIntCC::SignedGreaterThanOrEqual, last, lo)
        };
        Ok(Some(self.b.ins().band(cond, ok)))
    }

    /// `(x << c) >> c` (arithmetic or logical): an extension of `x`'s low `64 - c` bits.
    fn shifted_extension(
        &mut self,
        shl: ir::Value,
        amount: ir::Value,
        signed: bool,
        depth: u32,
    ) -> Result<Option<ClifValue>> {
        let func = self.func;
        let Some(InstKind::Binary(BinaryOp::Shl, x, c2)) = func.def_inst(shl).map(|i| &i.kind) else { return Ok(None) };
        let (Some(c), Some(c2)) = (func.scalar_const(amount), func.scalar_const(*c2)) else { return Ok(None) };
        let c = c as i64;
        if c != c2 as i64 || !(1..64).contains(&c) || self.value_type(*x)?.scalar().map(|s| s.bits()) != Some(64) {
            return Ok(None);
        }
        let Some(cond) = self.stride_exact_at(*x, depth + 1)? else { return Ok(None) };
        if !self.is_varying(*x) {
            return Ok(Some(cond));
        }
        let Some(x0) = self.lane0(*x)? else { return Ok(None) };
        let up = self.b.ins().ishl_imm_s(x0, c);
        let x0 = if signed { self.b.ins().sshr_imm_s(up, c) } else { self.b.ins().ushr_imm_s(up, c) };
        self.and_in_range(cond, *x, x0, (64 - c) as u32, signed)
    }
}

impl FnLower<'_, '_> {
    /// Lane 0 of varying `v`, computed with scalar instructions along the definition
    /// chain that [`Self::stride_exact`] follows (so the lane vectors of the chain need
    /// not be built just to extract one lane); `None` for a link it does not model.
    pub(crate) fn lane0_scalar(&mut self, v: ir::Value) -> Result<Option<ClifValue>> {
        self.with_readable(|me| me.lane0_at(v, 0))
    }

    fn lane0_at(&mut self, v: ir::Value, depth: u32) -> Result<Option<ClifValue>> {
        if !self.is_varying(v) {
            if !self.readable(v) || !self.dominates_here(v) {
                // Not restored after a barrier: only a constant, or a static local
                // variable's address (local memory's base is a value of the entry
                // block), can be rebuilt here.
                if let Some(ir::InstKind::LocalAddr(off)) = self.func.def_inst(v).map(|i| &i.kind) {
                    let Ok(off) = i64::try_from(*off) else { return Ok(None) };
                    return Ok(Some(self.b.ins().iadd_imm_s(self.prologue.local_mem, off)));
                }
                let (Some(k), Some(s)) = (self.func.scalar_const(v), self.value_type(v)?.scalar()) else {
                    return Ok(None);
                };
                let t = super::leaf::leaf_type(s);
                return Ok(Some(self.iconst(t, k as i64)));
            }
            let leaves = self.get(v, At::Group)?;
            return Ok(if leaves.len() == 1 { leaves.first().copied() } else { None });
        }
        if depth > MAX_DEPTH {
            return Ok(None);
        }
        let func = self.func;
        let Some(kind) = func.def_inst(v).map(|i| &i.kind) else { return Ok(None) };
        let Some(s) = self.value_type(v)?.scalar().filter(|_| self.value_type(v).is_ok_and(|t| t.lanes() == Some(1)))
        else {
            return Ok(None);
        };
        let to = super::leaf::leaf_type(s);
        Ok(match kind {
            InstKind::WorkItem(q @ (WorkItemQuery::GlobalId | WorkItemQuery::LocalId), dim) => {
                let Some(d) = func.scalar_const(*dim).filter(|d| *d < 3) else { return Ok(None) };
                let Some(first) = self.ids.first_pos(d as usize) else { return Ok(None) };
                let id = if *q == WorkItemQuery::GlobalId {
                    let base = self.global_base(d as usize);
                    self.b.ins().iadd(base, first)
                } else {
                    first
                };
                Some(self.resize(id, to, false))
            }
            InstKind::Binary(
                op @ (BinaryOp::IAdd
                | BinaryOp::ISub
                | BinaryOp::IMul
                | BinaryOp::Shl
                | BinaryOp::AShr
                | BinaryOp::LShr
                | BinaryOp::UDiv
                | BinaryOp::SDiv
                | BinaryOp::URem
                | BinaryOp::SRem
                | BinaryOp::And),
                a,
                b,
            ) => {
                let (Some(x), Some(y)) = (self.lane0_at(*a, depth + 1)?, self.lane0_at(*b, depth + 1)?) else {
                    return Ok(None);
                };
                Some(self.binary_leaf(*op, s, x, y)?)
            }
            InstKind::Extract(a, i) => match func.def_inst(*a).map(|d| &d.kind) {
                Some(InstKind::Construct(vs)) => match vs.get(*i as usize) {
                    Some(c) => self.lane0_at(*c, depth + 1)?,
                    None => None,
                },
                _ => None,
            },
            InstKind::PtrAdd(p, off) => {
                let (Some(x), Some(o)) = (self.lane0_at(*p, depth + 1)?, self.lane0_at(*off, depth + 1)?) else {
                    return Ok(None);
                };
                let o = self.resize(o, types::I64, true);
                Some(self.b.ins().iadd(x, o))
            }
            InstKind::Convert(conv, a)
                if matches!(conv.op, ConvOp::UToU | ConvOp::SToS | ConvOp::SToU | ConvOp::UToS) && !conv.saturate =>
            {
                let Some(x) = self.lane0_at(*a, depth + 1)? else { return Ok(None) };
                Some(self.resize(x, to, matches!(conv.op, ConvOp::SToS | ConvOp::SToU)))
            }
            InstKind::Math(op @ (MathOp::SMin | MathOp::SMax | MathOp::UMin | MathOp::UMax), args)
                if args.len() == 2 && s.is_int() =>
            {
                let (Some(x), Some(y)) = (self.lane0_at(args[0], depth + 1)?, self.lane0_at(args[1], depth + 1)?)
                else {
                    return Ok(None);
                };
                Some(match op {
                    MathOp::SMin => self.b.ins().smin(x, y),
                    MathOp::SMax => self.b.ins().smax(x, y),
                    MathOp::UMin => self.b.ins().umin(x, y),
                    _ => self.b.ins().umax(x, y),
                })
            }
            _ => None,
        })
    }
}

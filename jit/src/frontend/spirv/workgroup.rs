//! Work-group collectives: the OpenCL `Groups` instructions with execution scope
//! `Workgroup` (`work_group_reduce/scan_inclusive/scan_exclusive_add/min/max`,
//! `work_group_broadcast`, `work_group_any/all`), built from sub-group collectives, two
//! work-group barriers and a scratch area in the work-group's local memory.
//!
//! A reduction or scan runs in three phases:
//! 1. every sub-group reduces its values and stores the result in scratch slot
//!    `sub-group id` (a uniform store: once per sub-group);
//! 2. after a barrier, sub-group 0 alone turns slots `0 .. n` (n sub-groups) into their
//!    exclusive prefix combination in place and writes the total to slot `n`;
//! 3. after a second barrier, each work-item reads the total (reduce), or its
//!    sub-group's prefix combined with its own sub-group scan (scans).
//!
//! A broadcast waits at a barrier, lets the sub-group holding the chosen work-item
//! store that work-item's value in slot `n`, and reads it after a second barrier.
//!
//! Why this is race-free without more barriers: a reduction or scan writes slot `i < n`
//! only from sub-group `i`, which has already read everything of the previous
//! collective it needs (its own slot and slot `n`), and slot `n` only after its first
//! barrier; a broadcast starts with a barrier, so nobody still reads a previous result.
//!
//! The scratch area follows the module's static `__local` variables (one 8-byte slot
//! per possible sub-group, plus one). This module only builds KIR; what a sub-group is,
//! and how barriers suspend work-items, is the lowering's business.

use rspirv::spirv::Op;

use super::function::{Frame, Translator};
use super::module::op_name;
use super::reader::SpvInst;
use super::subgroup::group_arith;
use crate::ir::{
    AddressSpace, BinaryOp, InstKind, IntCC, MathOp, Scalar, ScanKind, SubGroupArith, SubGroupOp, Type, Value,
    WorkItemQuery,
};
use crate::{CompileError, Result};

/// Bytes of one scratch slot (the widest scalar a collective takes).
const SLOT: u64 = 8;

/// Bytes of the scratch area: one slot per sub-group of the largest work-group (sub-groups
/// may have one work-item) and one for the total.
pub(crate) const SCRATCH_BYTES: u64 = (spirjit_abi::MAX_WORK_GROUP_SIZE + 1) * SLOT;

/// How a collective combines values.
#[derive(Clone, Copy)]
struct Combine {
    arith: SubGroupArith,
    scalar: Scalar,
}

impl Translator<'_> {
    /// Translate a `Groups` collective whose execution scope is `Workgroup`.
    pub(crate) fn work_group(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let ty = self.rty(inst)?;
        let s = match ty {
            Type::Scalar(s) if !matches!(s, Scalar::Ptr(_)) => s,
            _ => {
                return Err(CompileError::unsupported(format!(
                    "work-group collective {} on type {ty}; spirjit supports scalar operands",
                    op_name(inst.op)
                )))
            }
        };
        let v = match inst.op {
            Op::GroupAll | Op::GroupAny => {
                let p = self.op(fr, inst, 1)?;
                if s != Scalar::Bool || self.ty_of(p) != Type::BOOL {
                    return Err(CompileError::invalid(format!("{}: the predicate must be a bool", op_name(inst.op))));
                }
                let any = inst.op == Op::GroupAny;
                let sg = self.emit(
                    InstKind::SubGroup { op: if any { SubGroupOp::Any } else { SubGroupOp::All }, args: vec![p] },
                    Type::BOOL,
                );
                let one = self.i32c(1);
                let zero = self.i32c(0);
                let n = self.emit(InstKind::Select(sg, one, zero), Type::I32);
                let arith = if any { SubGroupArith::Or } else { SubGroupArith::And };
                let c = Combine { arith, scalar: Scalar::I32 };
                let (_, total) = self.publish_and_combine(n, c, false)?;
                self.emit(InstKind::Icmp(IntCC::Ne, total, zero), Type::BOOL)
            }
            Op::GroupBroadcast => self.work_group_broadcast(fr, inst, &ty)?,
            op => {
                let arith = group_arith(op)
                    .ok_or_else(|| CompileError::internal(format!("work_group() called for {}", op_name(inst.op))))?;
                let scan = self.scan_kind(inst, 1)?;
                if scan == ScanKind::Clustered {
                    return Err(CompileError::invalid(format!("{} cannot be clustered", op_name(op))));
                }
                let x = self.op(fr, inst, 2)?;
                let ok = match arith {
                    SubGroupArith::FAdd | SubGroupArith::FMin | SubGroupArith::FMax => s.is_float(),
                    _ => s.is_int(),
                };
                if self.ty_of(x) != ty || !ok {
                    return Err(CompileError::invalid(format!(
                        "{}: operand type {} does not suit the operation or the result type {ty}",
                        op_name(op),
                        self.ty_of(x)
                    )));
                }
                let c = Combine { arith, scalar: s };
                let red = self.emit(
                    InstKind::SubGroup { op: SubGroupOp::Arith(arith, ScanKind::Reduce), args: vec![x] },
                    ty.clone(),
                );
                let part = match scan {
                    ScanKind::Reduce => None,
                    k => Some(
                        self.emit(InstKind::SubGroup { op: SubGroupOp::Arith(arith, k), args: vec![x] }, ty.clone()),
                    ),
                };
                let (prefix, total) = self.publish_and_combine(red, c, part.is_some())?;
                match (part, prefix) {
                    (Some(part), Some(prefix)) => self.combine(c, prefix, part),
                    _ => total,
                }
            }
        };
        self.set_v(fr, inst, v)
    }

    /// Phases 1–3 of a reduction or scan for `red`, this sub-group's reduction (uniform).
    /// Returns (the combination of the sub-groups before this one when `want_prefix`, the
    /// combination of all of them).
    fn publish_and_combine(&mut self, red: Value, c: Combine, want_prefix: bool) -> Result<(Option<Value>, Value)> {
        let ty = Type::Scalar(c.scalar);
        let sgid = self.emit(InstKind::SubGroup { op: SubGroupOp::Id, args: vec![] }, Type::I32);
        let count = self.emit(InstKind::SubGroup { op: SubGroupOp::Count, args: vec![] }, Type::I32);
        let mine = self.scratch_slot(sgid);
        self.emit_void(InstKind::Store { ptr: mine, value: red, align: SLOT as u32 });
        self.emit_void(InstKind::Barrier);

        // Sub-group 0: exclusive prefix combination of the slots, in place; total in slot n.
        let (scan, header, body, done) = {
            let mut b = self.builder();
            (b.create_block(), b.create_block(), b.create_block(), b.create_block())
        };
        let zero = self.i32c(0);
        let first = self.emit(InstKind::Icmp(IntCC::Eq, sgid, zero), Type::BOOL);
        self.builder().branch(first, scan, &[], done, &[]);
        self.cur = scan;
        let identity = self.identity(c)?;
        self.builder().jump(header, &[zero, identity]);
        self.cur = header;
        let i = self.builder().append_block_param(header, Type::I32);
        let acc = self.builder().append_block_param(header, ty.clone());
        let more = self.emit(InstKind::Icmp(IntCC::Ult, i, count), Type::BOOL);
        let exit = self.builder().create_block();
        self.builder().branch(more, body, &[], exit, &[]);
        self.cur = body;
        let slot = self.scratch_slot(i);
        let t = self.emit(InstKind::Load { ptr: slot, align: SLOT as u32 }, ty.clone());
        self.emit_void(InstKind::Store { ptr: slot, value: acc, align: SLOT as u32 });
        let next_acc = self.combine(c, acc, t);
        let one = self.i32c(1);
        let next = self.emit(InstKind::Binary(BinaryOp::IAdd, i, one), Type::I32);
        self.builder().jump(header, &[next, next_acc]);
        self.cur = exit;
        let last = self.scratch_slot(count);
        self.emit_void(InstKind::Store { ptr: last, value: acc, align: SLOT as u32 });
        self.builder().jump(done, &[]);
        self.cur = done;

        self.emit_void(InstKind::Barrier);
        let last = self.scratch_slot(count);
        let total = self.emit(InstKind::Load { ptr: last, align: SLOT as u32 }, ty.clone());
        let prefix = if want_prefix {
            let mine = self.scratch_slot(sgid);
            Some(self.emit(InstKind::Load { ptr: mine, align: SLOT as u32 }, ty))
        } else {
            None
        };
        Ok((prefix, total))
    }

    /// `work_group_broadcast(x, id...)`: the local id is a scalar (1-D) or a vector of two
    /// or three components.
    fn work_group_broadcast(&mut self, fr: &mut Frame, inst: &SpvInst, ty: &Type) -> Result<Value> {
        let x = self.op(fr, inst, 1)?;
        let id = self.op(fr, inst, 2)?;
        if self.ty_of(x) != *ty {
            return Err(CompileError::invalid("OpGroupBroadcast: the value and the result types differ"));
        }
        let id_ty = self.ty_of(id);
        let comps: Vec<Value> = match &id_ty {
            Type::Scalar(s) if s.is_int() => vec![self.int_cast(id, &Type::I64, false)],
            Type::Vector(s, n @ (2 | 3)) if s.is_int() => {
                let mut out = Vec::new();
                for k in 0..*n {
                    let c = self.emit(InstKind::Extract(id, u32::from(k)), Type::Scalar(*s));
                    out.push(self.int_cast(c, &Type::I64, false));
                }
                out
            }
            other => {
                return Err(CompileError::invalid(format!(
                    "OpGroupBroadcast: the local id has type {other}; it must be an integer or a vector of 2 or 3"
                )))
            }
        };
        // The chosen work-item's local linear id, then its sub-group and lane.
        let mut lin = self.i64c(0);
        for (d, c) in comps.iter().enumerate().rev() {
            let dim = self.i32c(d as u32);
            let size = self.emit(InstKind::WorkItem(WorkItemQuery::LocalSize, dim), self.size_ty.clone());
            let size = self.int_cast(size, &Type::I64, false);
            let scaled = self.emit(InstKind::Binary(BinaryOp::IMul, lin, size), Type::I64);
            lin = self.emit(InstKind::Binary(BinaryOp::IAdd, scaled, *c), Type::I64);
        }
        let w = self.emit(InstKind::SubGroup { op: SubGroupOp::MaxSize, args: vec![] }, Type::I32);
        let w = self.int_cast(w, &Type::I64, false);
        let target_sg = self.emit(InstKind::Binary(BinaryOp::UDiv, lin, w), Type::I64);
        let lane = self.emit(InstKind::Binary(BinaryOp::URem, lin, w), Type::I64);
        let lane = self.int_cast(lane, &Type::I32, false);
        let sgid = self.emit(InstKind::SubGroup { op: SubGroupOp::Id, args: vec![] }, Type::I32);
        let sgid64 = self.int_cast(sgid, &Type::I64, false);
        let count = self.emit(InstKind::SubGroup { op: SubGroupOp::Count, args: vec![] }, Type::I32);

        self.emit_void(InstKind::Barrier);
        let (write, done) = {
            let mut b = self.builder();
            (b.create_block(), b.create_block())
        };
        let holds = self.emit(InstKind::Icmp(IntCC::Eq, sgid64, target_sg), Type::BOOL);
        self.builder().branch(holds, write, &[], done, &[]);
        self.cur = write;
        let v = self.emit(InstKind::SubGroup { op: SubGroupOp::Broadcast, args: vec![x, lane] }, ty.clone());
        let slot = self.scratch_slot(count);
        self.emit_void(InstKind::Store { ptr: slot, value: v, align: SLOT as u32 });
        self.builder().jump(done, &[]);
        self.cur = done;
        self.emit_void(InstKind::Barrier);
        let slot = self.scratch_slot(count);
        Ok(self.emit(InstKind::Load { ptr: slot, align: SLOT as u32 }, ty.clone()))
    }

    /// The address of scratch slot `i` (an i32).
    fn scratch_slot(&mut self, i: Value) -> Value {
        let base = match self.wg_scratch {
            Some((_, base)) => base,
            None => {
                let off = self.local_end.div_ceil(SLOT) * SLOT;
                let base = self.emit_prologue(InstKind::LocalAddr(off), Type::ptr(AddressSpace::Local));
                self.wg_scratch = Some((off, base));
                base
            }
        };
        let i = self.int_cast(i, &Type::I64, false);
        let size = self.i64c(SLOT as i64);
        let byte = self.emit(InstKind::Binary(BinaryOp::IMul, i, size), Type::I64);
        self.builder().ptr_add(base, byte)
    }

    /// The value `x` such that combining it with anything leaves that unchanged.
    fn identity(&mut self, c: Combine) -> Result<Value> {
        use SubGroupArith as A;
        let ty = Type::Scalar(c.scalar);
        let bits = c.scalar.bits() as u64;
        let ones = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
        let b = match (c.arith, c.scalar) {
            (A::IAdd | A::Or | A::UMax | A::FAdd, _) => 0,
            (A::And | A::UMin, _) => ones,
            (A::SMin, _) => ones >> 1,
            (A::SMax, _) => 1u64 << (bits - 1),
            (A::FMin, Scalar::F16) => 0x7c00,
            (A::FMax, Scalar::F16) => 0xfc00,
            (A::FMin, Scalar::F32) => f32::INFINITY.to_bits() as u64,
            (A::FMax, Scalar::F32) => f32::NEG_INFINITY.to_bits() as u64,
            (A::FMin, Scalar::F64) => f64::INFINITY.to_bits(),
            (A::FMax, Scalar::F64) => f64::NEG_INFINITY.to_bits(),
            (a, s) => {
                return Err(CompileError::internal(format!("no identity for work-group {a:?} on {s:?}")));
            }
        };
        Ok(self.konst(&ty, &[b]))
    }

    /// `a ⊕ b`.
    fn combine(&mut self, c: Combine, a: Value, b: Value) -> Value {
        use SubGroupArith as A;
        let ty = Type::Scalar(c.scalar);
        let kind = match c.arith {
            A::IAdd => InstKind::Binary(BinaryOp::IAdd, a, b),
            A::FAdd => InstKind::Binary(BinaryOp::FAdd, a, b),
            A::IMul => InstKind::Binary(BinaryOp::IMul, a, b),
            A::FMul => InstKind::Binary(BinaryOp::FMul, a, b),
            A::And => InstKind::Binary(BinaryOp::And, a, b),
            A::Or => InstKind::Binary(BinaryOp::Or, a, b),
            A::Xor => InstKind::Binary(BinaryOp::Xor, a, b),
            A::SMin => InstKind::Math(MathOp::SMin, vec![a, b]),
            A::UMin => InstKind::Math(MathOp::UMin, vec![a, b]),
            A::FMin => InstKind::Math(MathOp::FMin, vec![a, b]),
            A::SMax => InstKind::Math(MathOp::SMax, vec![a, b]),
            A::UMax => InstKind::Math(MathOp::UMax, vec![a, b]),
            A::FMax => InstKind::Math(MathOp::FMax, vec![a, b]),
        };
        self.emit(kind, ty)
    }
}

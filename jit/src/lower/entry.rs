//! The lane-group loop of a kernel entry: one call of the entry runs a range of lane
//! groups of a work-group (see [`spirjit_abi::EntryFn`]), so the driver calls it once
//! per work-group and barrier round instead of once per lane group.
//!
//! The entry block reads the launch context once per call; the loop head holds the
//! lane-group number and, incrementally, the local id of the group's first work-item in
//! the dimensions the kernel queries (no division per lane group); the end of each lane
//! group (the kernel's `return`, or a barrier) jumps to the latch with its status. For
//! kernels with barriers the latch checks that every lane group stopped at the same
//! point.
//!
//! This module must not lower kernel instructions; the work-item queries that read the
//! ids it keeps live in `workitem`.

use cranelift_codegen::entity::EntityRef;
use cranelift_codegen::ir::condcodes::IntCC as CIntCC;
use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData, Value as ClifValue};
use cranelift_frontend::{FunctionBuilder, Variable};
use spirjit_abi::context::offsets;
use spirjit_abi::status::error_kind;
use spirjit_abi::Status;

use super::state::{ctx_flags, FnLower, GroupLoop, IdNeeds, WorkItemIds};
use crate::ir;

/// The types kernel variables may have (each gets one zero in the reset block).
const ZERO_TYPES: [cranelift_codegen::ir::Type; 12] = [
    types::I8,
    types::I16,
    types::I32,
    types::I64,
    types::F32,
    types::F64,
    types::I8X16,
    types::I16X8,
    types::I32X4,
    types::I64X2,
    types::F32X4,
    types::F64X2,
];

/// Emit the per-call part of the entry at the current point (the entry block, after the
/// context loads) and switch to the loop head. Returns the loop state, the lane-group
/// number (valid in the head and everything it dominates) and the work-item ids.
#[allow(clippy::too_many_arguments)]
pub(crate) fn open(
    b: &mut FunctionBuilder,
    func: &ir::Function,
    ctx: ClifValue,
    first: ClifValue,
    count: ClifValue,
    lanes: u32,
    has_barriers: bool,
    rows: bool,
) -> (GroupLoop, ClifValue, WorkItemIds) {
    let needs = IdNeeds::scan(func, lanes > 1, rows);
    let flags = ctx_flags();
    let load =
        |b: &mut FunctionBuilder, field: usize, d: usize| b.ins().load(types::I64, flags, ctx, (field + 8 * d) as i32);
    let nonzero = |b: &mut FunctionBuilder, v: ClifValue| {
        let one = b.ins().iconst(types::I64, 1);
        b.ins().umax(v, one)
    };
    let sx = load(b, offsets::LOCAL_SIZE, 0);
    let sx = nonzero(b, sx);
    let sy = load(b, offsets::LOCAL_SIZE, 1);
    let sy = nonzero(b, sy);
    let end = b.ins().iadd(first, count);

    // Global ids are `group_id * enqueued_local_size + global_offset + local id`: the
    // first part is the same for the whole call.
    let mut base = [None; 3];
    for (d, slot) in base.iter_mut().enumerate() {
        if needs.global_base[d] {
            let g = load(b, offsets::GROUP_ID, d);
            let e = load(b, offsets::ENQUEUED_LOCAL_SIZE, d);
            let o = load(b, offsets::GLOBAL_OFFSET, d);
            let ge = b.ins().imul(g, e);
            *slot = Some(b.ins().iadd(ge, o));
        }
    }

    // The position of the call's first work-item: the only divisions of the call.
    let track = needs.tracked();
    let mut pos = [None; 3];
    if track[0] {
        let dims = if track[2] {
            3
        } else if track[1] {
            2
        } else {
            1
        };
        for slot in pos.iter_mut().take(dims) {
            *slot = Some(b.declare_var(types::I64));
        }
        // A call that starts a work-group (every call of a kernel without barriers)
        // starts at position 0: no division (tens of cycles each, per work-group).
        let (at_zero, divide, known) = (b.create_block(), b.create_block(), b.create_block());
        let is_start = b.ins().icmp_imm_s(CIntCC::Equal, first, 0);
        b.ins().brif(is_start, at_zero, &[], divide, &[]);
        b.switch_to_block(at_zero);
        let zero = b.ins().iconst(types::I64, 0);
        for var in pos.iter().flatten() {
            b.def_var(*var, zero);
        }
        b.ins().jump(known, &[]);
        b.switch_to_block(divide);
        let l0 = b.ins().imul_imm_s(first, lanes as i64);
        let x0 = b.ins().urem(l0, sx);
        let (mut y0, mut z0) = (None, None);
        if track[1] {
            let q = b.ins().udiv(l0, sx);
            y0 = Some(b.ins().urem(q, sy));
            if track[2] {
                z0 = Some(b.ins().udiv(q, sy));
            }
        }
        for (var, v) in pos.iter().zip([Some(x0), y0, z0]) {
            if let (Some(var), Some(v)) = (var, v) {
                b.def_var(*var, v);
            }
        }
        b.ins().jump(known, &[]);
        b.switch_to_block(known);
    }

    let lg_var = b.declare_var(types::I64);
    b.def_var(lg_var, first);
    let status = b.declare_var(types::I64);
    let seen = has_barriers.then(|| {
        let v = b.declare_var(types::I64);
        let z = b.ins().iconst(types::I64, Status::DONE as i64);
        b.def_var(v, z);
        v
    });
    let reset = b.create_block();
    let head = b.create_block();
    let next = b.create_block();
    b.ins().jump(reset, &[]);
    b.switch_to_block(head);
    let lane_group = b.use_var(lg_var);
    let mut first_pos = [None; 3];
    for d in 0..3 {
        first_pos[d] = pos[d].map(|v| b.use_var(v));
    }
    let ids = WorkItemIds::new(needs, base, first_pos, [sx, sy]);
    let first_body_var = b.declare_var(types::I8).index() as u32 + 1;
    let gl = GroupLoop {
        reset,
        head,
        first_body_var,
        next,
        status,
        lane_group: lg_var,
        seen,
        first,
        end,
        pos,
        size_nz: [sx, sy],
    };
    (gl, lane_group, ids)
}

/// Most error sites that share one cold block on their way to the error exit (see
/// [`FnLower::end_lane_group`]).
const ERROR_FAN_IN: u32 = 32;

impl FnLower<'_, '_> {
    /// End the current lane group with `status`: `Status::DONE` or a barrier number
    /// (the loop goes on with the next lane group), or `Status::ERROR` /
    /// `Status::CANCELLED` (the call returns it at once). Every exit goes through the
    /// loop's latch, so that no block but the final return leaves the lane-group loop:
    /// Cranelift's loop-invariant code motion stops hoisting once it has visited a block
    /// outside the loop.
    ///
    /// Errors (one exit per checked access) go through shared cold blocks, at most
    /// [`ERROR_FAN_IN`] sites each, which lead to one error exit: Cranelift updates a
    /// block's predecessor set in time linear in its size whenever a predecessor becomes
    /// unreachable (as the cold block of a check that folds to "in bounds" does), so one
    /// block reached from every site made a kernel with 300,000 checks take minutes.
    pub(crate) fn end_lane_group(&mut self, status: u64) {
        if status == Status::ERROR {
            let full = self.error_exits.last().is_none_or(|(_, n)| *n >= ERROR_FAN_IN);
            if full {
                let b = self.b.create_block();
                self.error_exits.push((b, 0));
            }
            if let Some((b, n)) = self.error_exits.last_mut() {
                *n += 1;
                let b = *b;
                self.b.ins().jump(b, &[]);
            }
            return;
        }
        let s = self.b.ins().iconst(types::I64, status as i64);
        self.b.def_var(self.group.status, s);
        self.b.ins().jump(self.group.next, &[]);
    }

    /// Fill the shared error blocks, if any error site jumps to them: the lane group
    /// ends with `Status::ERROR` (the error record is written at the site).
    pub(crate) fn fill_error_exit(&mut self) {
        if self.error_exits.is_empty() {
            return;
        }
        let exit = self.b.create_block();
        self.b.set_cold_block(exit);
        for (b, _) in std::mem::take(&mut self.error_exits) {
            self.b.set_cold_block(b);
            self.b.switch_to_block(b);
            self.b.ins().jump(exit, &[]);
        }
        self.b.switch_to_block(exit);
        let s = self.b.ins().iconst(types::I64, Status::ERROR as i64);
        self.b.def_var(self.group.status, s);
        self.b.ins().jump(self.group.next, &[]);
    }

    /// Fill the latch: return an error or cancellation at once; otherwise check
    /// agreement (kernels with barriers), then go on with the next lane group or return
    /// the status.
    pub(crate) fn close_group_loop(&mut self) {
        let next = self.group.next;
        self.b.switch_to_block(next);
        let s = self.b.use_var(self.group.status);
        let lg = self.lane_group;
        let done = self.b.create_block();
        let go_on = self.b.create_block();
        let stop = self.b.ins().icmp_imm_s(CIntCC::UnsignedGreaterThan, s, Status::BARRIER_MAX as i64);
        self.b.ins().brif(stop, done, &[], go_on, &[]);
        self.b.switch_to_block(go_on);
        if let Some(seen_var) = self.group.seen {
            let is_first = self.b.ins().icmp(CIntCC::Equal, lg, self.group.first);
            let seen = self.b.use_var(seen_var);
            let expected = self.b.ins().select(is_first, s, seen);
            self.b.def_var(seen_var, expected);
            let differs = self.b.ins().icmp(CIntCC::NotEqual, s, expected);
            let mismatch = self.b.create_block();
            let agree = self.b.create_block();
            self.b.ins().brif(differs, mismatch, &[], agree, &[]);
            self.b.set_cold_block(mismatch);
            self.b.switch_to_block(mismatch);
            self.emit_mismatch(expected, s);
            self.b.switch_to_block(agree);
        }
        let lg1 = self.b.ins().iadd_imm_s(lg, 1);
        let more = self.b.ins().icmp(CIntCC::UnsignedGreaterThan, self.group.end, lg1);
        let advance = self.b.create_block();
        self.b.ins().brif(more, advance, &[], done, &[]);

        self.b.switch_to_block(done);
        self.b.ins().return_(&[s]);

        self.b.switch_to_block(advance);
        self.b.def_var(self.group.lane_group, lg1);
        let head = self.group.reset;
        let [px, py, pz] = self.group.pos;
        let Some(xv) = px else {
            self.b.ins().jump(head, &[]);
            self.fill_reset();
            return;
        };
        // Move the tracked position W work-items on, wrapping rows (and planes).
        let [sx, sy] = self.group.size_nz;
        let x = self.ids.first_pos(0).unwrap_or(lg);
        let x = self.b.ins().iadd_imm_s(x, self.lanes.0 as i64);
        self.b.def_var(xv, x);
        for (var, d) in [(py, 1), (pz, 2)] {
            if let (Some(var), Some(v)) = (var, self.ids.first_pos(d)) {
                self.b.def_var(var, v);
            }
        }
        let wrap = self.b.create_block();
        let wrap_body = self.b.create_block();
        self.b.ins().jump(wrap, &[]);
        self.b.switch_to_block(wrap);
        let x = self.b.use_var(xv);
        let over = self.b.ins().icmp(CIntCC::UnsignedGreaterThanOrEqual, x, sx);
        self.b.ins().brif(over, wrap_body, &[], head, &[]);
        self.b.switch_to_block(wrap_body);
        let x = self.b.ins().isub(x, sx);
        self.b.def_var(xv, x);
        if let Some(yv) = py {
            let y = self.b.use_var(yv);
            let y = self.b.ins().iadd_imm_s(y, 1);
            let row_over = self.b.ins().icmp(CIntCC::UnsignedGreaterThanOrEqual, y, sy);
            let zero = self.b.ins().iconst(types::I64, 0);
            let y = self.b.ins().select(row_over, zero, y);
            self.b.def_var(yv, y);
            if let Some(zv) = pz {
                let z = self.b.use_var(zv);
                let inc = self.b.ins().uextend(types::I64, row_over);
                let z = self.b.ins().iadd(z, inc);
                self.b.def_var(zv, z);
            }
        }
        self.b.ins().jump(wrap, &[]);
        self.fill_reset();
    }

    /// Fill the block every lane group starts from: each variable of the kernel body
    /// starts as zero, as it would in a function that ran a single lane group (so no
    /// value flows from one lane group into the next, and none is carried around the
    /// loop).
    fn fill_reset(&mut self) {
        self.b.switch_to_block(self.group.reset);
        let end = self.b.declare_var(types::I8).index() as u32;
        let mut zeros: [Option<ClifValue>; ZERO_TYPES.len()] = [None; ZERO_TYPES.len()];
        for i in self.group.first_body_var..end {
            let var = Variable::new(i as usize);
            for (k, ty) in ZERO_TYPES.into_iter().enumerate() {
                let z = match zeros[k] {
                    Some(z) => z,
                    None => {
                        let z = if ty.is_vector() {
                            let c = self.b.func.dfg.constants.insert(vec![0u8; 16].into());
                            self.b.ins().vconst(ty, c)
                        } else if ty == types::F32 {
                            self.b.ins().f32const(0.0)
                        } else if ty == types::F64 {
                            self.b.ins().f64const(0.0)
                        } else {
                            self.b.ins().iconst(ty, 0)
                        };
                        zeros[k] = Some(z);
                        z
                    }
                };
                if self.b.try_def_var(var, z).is_ok() {
                    break;
                }
            }
        }
        self.b.ins().jump(self.group.head, &[]);
    }

    /// Record lane groups stopping at different points and return `Status::ERROR`.
    fn emit_mismatch(&mut self, expected: ClifValue, got: ClifValue) {
        let err = self.b.ins().load(types::I64, ctx_flags(), self.prologue.ctx, offsets::ERROR as i32);
        let flags = MemFlagsData::trusted();
        let k = self.b.ins().iconst(types::I32, error_kind::BARRIER_MISMATCH as i64);
        self.b.ins().store(flags, k, err, offsets::ERROR_KIND as i32);
        let arg = self.b.ins().iconst(types::I32, u32::MAX as i64);
        self.b.ins().store(flags, arg, err, offsets::ERROR_ARG as i32);
        self.b.ins().store(flags, expected, err, offsets::ERROR_OFFSET as i32);
        self.b.ins().store(flags, got, err, offsets::ERROR_SIZE as i32);
        let id = self.b.ins().imul_imm_s(self.lane_group, self.lanes.0 as i64);
        self.b.ins().store(flags, id, err, offsets::ERROR_LOCAL_LINEAR_ID as i32);
        let v = self.b.ins().iconst(types::I64, Status::ERROR as i64);
        self.b.ins().return_(&[v]);
    }
}

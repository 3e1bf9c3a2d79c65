//! Component-wise builtin calls at W > 1 as one loop over the lanes in the generated
//! code: the operands' lane vectors are stored to a scratch area of the stack frame, the
//! loop calls the scalar builtin once per lane (per component), and the results are
//! loaded back as lane vectors.
//!
//! Unrolling the calls per lane would make a call's code (and the register allocator's
//! work, since every call clobbers every vector register) grow with W: a kernel of many
//! calls took minutes to compile at W = 16. The loop's code is the same size at every
//! W. All calls of a function share one scratch area, sized by the largest.
//!
//! This module must not decide which calls take this route (`vector` does) and emits
//! no math itself.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    types, BlockArg, InstBuilder, MemFlagsData, StackSlot, StackSlotData, StackSlotKind, Type as ClifType,
    Value as ClifValue,
};

use super::call::arg_type;
use super::leaf::At;
use super::leaf::{leaf_type, vec_leaf_type};
use super::state::FnLower;
use crate::ir::{self, BuiltinId, Scalar};
use crate::{CompileError, Result};

/// Where a call's operand comes from in the loop body.
enum Operand {
    /// A uniform operand: its leaves (one per component, or one for all).
    Uniform(Vec<ClifValue>),
    /// A varying operand stored at `offset` in the scratch area: `count` leaves (1 or
    /// one per component), each leaf in the footprint of its lane registers.
    Lanes { offset: u32, count: usize, scalar: Scalar },
}

impl FnLower<'_, '_> {
    /// The scratch slot, at least `bytes` large.
    fn lane_scratch(&mut self, bytes: u32) -> StackSlot {
        let slot = match self.lane_scratch.slot {
            Some(s) => s,
            None => {
                let s = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 0, 4));
                self.lane_scratch.slot = Some(s);
                s
            }
        };
        if bytes > self.lane_scratch.size {
            self.lane_scratch.size = bytes;
            self.b.func.sized_stack_slots[slot].size = bytes;
        }
        slot
    }

    /// `Call { symbol, args }` at W > 1 as a loop over the lanes. With `every_lane` the
    /// loop runs all W lanes (the builtin has no effects; results of lanes without a
    /// work-item are never used); otherwise only the lanes whose work-item exists, in
    /// lane order, and the other lanes' results are zero.
    pub(crate) fn lane_loop_call(
        &mut self,
        builtin: BuiltinId,
        args: &[ir::Value],
        result: Option<ir::Value>,
        every_lane: bool,
    ) -> Result<()> {
        let w = self.lanes.0;
        let symbol = builtin.symbol();
        let params = builtin.get().params;
        let res_scalars = match result {
            Some(r) => self.leaf_scalars(r)?,
            None => Vec::new(),
        };
        let mut arg_scalars = Vec::with_capacity(args.len());
        for a in args {
            arg_scalars.push(self.leaf_scalars(*a)?);
        }
        let n =
            if result.is_some() { res_scalars.len() } else { arg_scalars.iter().map(|s| s.len()).max().unwrap_or(1) };
        let lanes = self.lanes;
        let lane_bytes = |s: Scalar| vec_leaf_type(s).lane_type().bytes();
        // Each leaf keeps its registers' footprint, so its lanes start 16-byte aligned
        // (W lanes of a narrow type may fill only part of a register).
        let leaf_stride = |s: Scalar| 16 * lanes.vectors(s) as u32;
        let region = |s: Scalar, count: usize| count as u32 * leaf_stride(s);

        // Lay out the scratch area: varying operands, then the results.
        let mut size = 0u32;
        let mut operands = Vec::with_capacity(args.len());
        let mut stores = Vec::new();
        for (j, (a, scalars)) in args.iter().zip(&arg_scalars).enumerate() {
            if scalars.len() != 1 && scalars.len() != n {
                return Err(CompileError::internal(format!(
                    "operand {j} of `{symbol}` has {} components; the call has {n}",
                    scalars.len()
                )));
            }
            if scalars.windows(2).any(|p| p[0] != p[1]) {
                return Err(CompileError::internal(format!("operand {j} of `{symbol}` mixes component types")));
            }
            let vals = self.get(*a, At::Group)?;
            if !self.is_varying(*a) {
                operands.push(Operand::Uniform(vals));
                continue;
            }
            let s = scalars[0];
            operands.push(Operand::Lanes { offset: size, count: scalars.len(), scalar: s });
            for (k, v) in vals.into_iter().enumerate() {
                stores.push((size + 16 * k as u32, v));
            }
            size += region(s, scalars.len());
        }
        let out_offset = size;
        let res_scalar = res_scalars.first().copied();
        if res_scalars.windows(2).any(|p| p[0] != p[1]) {
            return Err(CompileError::internal(format!("the result of `{symbol}` mixes component types")));
        }
        if let Some(s) = res_scalar {
            size += region(s, n);
        }
        let slot = self.lane_scratch(size.max(16));
        let flags = MemFlagsData::trusted();
        let base = self.b.ins().stack_addr(types::I64, slot, 0);
        for (off, v) in stores {
            self.b.ins().store(flags, v, base, off as i32);
        }
        if let (Some(s), false) = (res_scalar, every_lane) {
            let zero = self.typed_zero(vec_leaf_type(s));
            for k in 0..region(s, n) / 16 {
                self.b.ins().store(flags, zero, base, (out_offset + 16 * k) as i32);
            }
        }
        let bound = if every_lane {
            self.b.ins().iconst(types::I64, w as i64)
        } else {
            let left = self.lanes_left.ok_or_else(|| CompileError::internal("a lane loop without a lane setup"))?;
            self.b.ins().uextend(types::I64, left)
        };

        // for (l = 0; l < bound; l++) { per component: load operands, call, store }
        let (head, body, exit) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        let l = self.b.append_block_param(head, types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.ins().jump(head, &[BlockArg::Value(zero)]);
        self.b.switch_to_block(head);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, l, bound);
        self.b.ins().brif(more, body, &[], exit, &[]);
        self.b.seal_block(body);
        self.b.seal_block(exit);
        self.b.switch_to_block(body);
        let base = self.b.ins().stack_addr(types::I64, slot, 0);
        let mut lane_addr = std::collections::HashMap::<u32, ClifValue>::new();
        let mut addr_of = |me: &mut Self, bytes: u32| -> ClifValue {
            *lane_addr.entry(bytes).or_insert_with(|| {
                let off = me.b.ins().imul_imm_s(l, bytes as i64);
                me.b.ins().iadd(base, off)
            })
        };
        for i in 0..n {
            let mut call_args = Vec::with_capacity(operands.len());
            for (j, op) in operands.iter().enumerate() {
                let param = params.get(j).and_then(|p| arg_type(*p));
                let x = match op {
                    Operand::Uniform(vals) => {
                        let x = if vals.len() == 1 { vals[0] } else { vals[i] };
                        let bool_arg = arg_scalars[j].first() == Some(&Scalar::Bool);
                        self.bool_to_param(x, bool_arg, param)
                    }
                    Operand::Lanes { offset, count, scalar } => {
                        let lb = lane_bytes(*scalar);
                        let at = offset + if *count == 1 { 0 } else { i as u32 * leaf_stride(*scalar) };
                        let addr = addr_of(self, lb);
                        if *scalar == Scalar::Bool {
                            let m = self.b.ins().load(types::I32, flags, addr, at as i32);
                            let x = self.b.ins().icmp_imm_s(IntCC::NotEqual, m, 0);
                            self.bool_to_param(x, true, param)
                        } else {
                            self.b.ins().load(leaf_type(*scalar), flags, addr, at as i32)
                        }
                    }
                };
                call_args.push(x);
            }
            let r = self.call_builtin(builtin, &call_args)?;
            if let Some(s) = res_scalar {
                let r = r.ok_or_else(|| {
                    CompileError::internal(format!("`{symbol}` returns nothing but its result is used"))
                })?;
                let lb = lane_bytes(s);
                let r = if s == Scalar::Bool {
                    let b = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                    self.b.ins().bmask(types::I32, b)
                } else {
                    r
                };
                let addr = addr_of(self, lb);
                self.b.ins().store(flags, r, addr, (out_offset + i as u32 * leaf_stride(s)) as i32);
            }
        }
        let next = self.b.ins().iadd_imm_s(l, 1);
        self.b.ins().jump(head, &[BlockArg::Value(next)]);
        self.b.seal_block(head);
        self.b.switch_to_block(exit);

        let (Some(r), Some(s)) = (result, res_scalar) else { return Ok(()) };
        let base = self.b.ins().stack_addr(types::I64, slot, 0);
        let vt = vec_leaf_type(s);
        let per_leaf = self.lanes.vectors(s);
        let mut vals = Vec::with_capacity(n * per_leaf);
        for i in 0..n {
            for k in 0..per_leaf {
                let at = out_offset + i as u32 * leaf_stride(s) + 16 * k as u32;
                vals.push(self.b.ins().load(vt, flags, base, at as i32));
            }
        }
        self.set(r, vals)
    }

    /// A bool leaf (`i8` 0/1) widened to the builtin parameter's integer type, as
    /// `call_builtin_op` passes bools; other values unchanged.
    fn bool_to_param(&mut self, x: ClifValue, is_bool: bool, param: Option<ClifType>) -> ClifValue {
        match param {
            Some(t) if is_bool && t.is_int() && t.bits() > 8 => self.b.ins().uextend(t, x),
            _ => x,
        }
    }
}

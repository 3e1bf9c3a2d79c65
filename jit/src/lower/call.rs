//! Calls of runtime builtins: component-wise calls of the scalar functions in
//! `spirjit-builtins`' table (`InstKind::Call`), and calls on whole values
//! (`InstKind::CallWhole`, arguments and results passed as the IR documents).
//!
//! At W > 1 a call whose builtin has a vector form (`sin_f32` → `sin_v4f32`) calls that
//! form once per 128-bit register instead of once per lane.
//!
//! Whole-value calls of the image read/write builtins check the access status they
//! return (when bounds checks are on and access is not robust) and report out-of-range
//! coordinates as out-of-bounds accesses of the image argument; with robust access the
//! builtin's zeros (reads) and dropped writes stand.
//!
//! The import plumbing (declaring a symbol with its table signature) is in `function`;
//! this module maps operands to calls and must not implement any math itself.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, AbiParam, InstBuilder, Type as ClifType, Value as ClifValue};
use spirjit_builtins::ArgType;

use super::leaf::At;
use super::state::{ctx_flags, FnLower};
use crate::ir::{self, BuiltinId, Scalar};
use crate::{CompileError, Result};

/// Argument slots searched for the image of a failed access whose parameter is not
/// known statically.
const MAX_IMAGE_SEARCH: usize = 64;

/// The ABI parameter for a builtin parameter of Cranelift type `t`: 8- and 16-bit
/// integers are sign-extended to 32 bits, as the C calling conventions (and the Rust
/// builtins compiled against them) expect of the caller; the builtins take every integer
/// as the signed type of its width.
pub(crate) fn abi_param(t: ClifType) -> AbiParam {
    if t.is_int() && t.bits() < 32 {
        AbiParam::new(t).sext()
    } else {
        AbiParam::new(t)
    }
}

/// The KIR scalar carried by the lanes of a vector-form parameter or result.
fn lane_scalar(t: ArgType) -> Option<Scalar> {
    match t {
        ArgType::F32X4 => Some(Scalar::F32),
        ArgType::F64X2 => Some(Scalar::F64),
        ArgType::I32X4 => Some(Scalar::I32),
        _ => None,
    }
}

/// The Cranelift type of a builtin parameter or result (`None` for void).
pub(crate) fn arg_type(t: ArgType) -> Option<ClifType> {
    Some(match t {
        ArgType::I8 => types::I8,
        ArgType::I16 => types::I16,
        ArgType::I32 => types::I32,
        ArgType::I64 | ArgType::Ptr => types::I64,
        ArgType::F32 => types::F32,
        ArgType::F64 => types::F64,
        ArgType::F32X4 => types::F32X4,
        ArgType::F64X2 => types::F64X2,
        ArgType::I32X4 => types::I32X4,
        ArgType::Void => return None,
    })
}

impl FnLower<'_, '_> {
    /// `Call { symbol, args }`: one call per component; scalar operands are passed to
    /// every call.
    pub(crate) fn call_builtin_op(
        &mut self,
        builtin: BuiltinId,
        args: &[ir::Value],
        result: Option<ir::Value>,
        at: At,
    ) -> Result<Option<Vec<ClifValue>>> {
        let symbol = builtin.symbol();
        let params = builtin.get().params;
        let mut vals = Vec::with_capacity(args.len());
        for (j, a) in args.iter().enumerate() {
            let mut v = self.get(*a, at)?;
            // Bools never cross: pass them as 0/1 in the parameter's integer type.
            if self.value_type(*a)?.scalar() == Some(Scalar::Bool) {
                if let Some(t) = params.get(j).and_then(|p| arg_type(*p)).filter(|t| t.is_int() && t.bits() > 8) {
                    v = v.into_iter().map(|x| self.b.ins().uextend(t, x)).collect();
                }
            }
            vals.push(v);
        }
        let bool_result = match result {
            Some(r) => self.value_type(r)?.scalar() == Some(Scalar::Bool),
            None => false,
        };
        let n = match result {
            Some(r) => self.leaf_scalars(r)?.len(),
            None => vals.iter().map(|v| v.len()).max().unwrap_or(1),
        };
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let mut call_args = Vec::with_capacity(vals.len());
            for (j, v) in vals.iter().enumerate() {
                let x = match v.len() {
                    1 => v[0],
                    len if len == n => v[i],
                    len => {
                        return Err(CompileError::internal(format!(
                            "operand {j} of `{symbol}` has {len} components; the call has {n}"
                        )))
                    }
                };
                call_args.push(x);
            }
            let r = self.call_builtin(builtin, &call_args)?;
            if result.is_some() {
                let r = r.ok_or_else(|| {
                    CompileError::internal(format!("`{symbol}` returns nothing but its result is used"))
                })?;
                out.push(if bool_result { self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0) } else { r });
            }
        }
        Ok(result.map(|_| out))
    }

    /// At W > 1: the call of `symbol` as calls of its vector form, one per 128-bit
    /// register of each result component, when the builtin has one and every operand's
    /// lanes fit it; `None` (nothing emitted) otherwise. Inactive lanes compute values
    /// that are never used; vector forms have no effects, so that is harmless.
    pub(crate) fn vector_form_call(
        &mut self,
        builtin: BuiltinId,
        args: &[ir::Value],
        result: Option<ir::Value>,
    ) -> Result<Option<Vec<ClifValue>>> {
        let Some(r) = result else { return Ok(None) };
        let Some(vf_id) = builtin.vector_form() else { return Ok(None) };
        let vf = vf_id.get();
        if !self.is_varying(r) || vf.params.len() != args.len() {
            return Ok(None);
        }
        let Some(rs) = lane_scalar(vf.ret) else { return Ok(None) };
        let res_scalars = self.leaf_scalars(r)?;
        if res_scalars.iter().any(|s| *s != rs) {
            return Ok(None);
        }
        let n = res_scalars.len();
        let regs = self.lanes.vectors(rs);
        let mut bundles = Vec::with_capacity(args.len());
        for (a, p) in args.iter().zip(vf.params) {
            let Some(ps) = lane_scalar(*p) else { return Ok(None) };
            let scalars = self.leaf_scalars(*a)?;
            if scalars.iter().any(|s| *s != ps) || !(scalars.len() == 1 || scalars.len() == n) {
                return Ok(None);
            }
            if self.lanes.vectors(ps) != regs {
                return Ok(None);
            }
            bundles.push(self.bundles(*a)?);
        }
        let mut out = Vec::with_capacity(n * regs);
        for i in 0..n {
            for k in 0..regs {
                let mut call_args = Vec::with_capacity(bundles.len());
                for b in &bundles {
                    let leaf = if b.len() == 1 { &b[0] } else { &b[i] };
                    let x = *leaf.get(k).ok_or_else(|| {
                        CompileError::internal(format!("an operand of `{}` has too few vectors", vf.symbol))
                    })?;
                    call_args.push(x);
                }
                let v = self.call_builtin(vf_id, &call_args)?.ok_or_else(|| {
                    CompileError::internal(format!("the vector form `{}` returns nothing", vf.symbol))
                })?;
                out.push(v);
            }
        }
        Ok(Some(out))
    }
}

impl FnLower<'_, '_> {
    /// `CallWhole { symbol, args }`: one call on whole values. Scalars are passed as
    /// themselves; vectors and aggregates are stored to a stack temporary in their memory
    /// layout and passed by address; a vector or aggregate result is written by the
    /// callee through an address passed first, then loaded.
    pub(crate) fn call_whole(
        &mut self,
        builtin: BuiltinId,
        args: &[ir::Value],
        result: Option<ir::Value>,
        at: At,
    ) -> Result<Option<Vec<ClifValue>>> {
        let rty = match result {
            Some(r) => Some(self.value_type(r)?.clone()),
            None => None,
        };
        let mut call_args = Vec::with_capacity(args.len() + 1);
        let out = match &rty {
            Some(t) if !matches!(t, ir::Type::Scalar(_)) => {
                let addr = self.temp_slot(t)?;
                call_args.push(addr);
                Some(addr)
            }
            _ => None,
        };
        for a in args {
            let ty = self.value_type(*a)?.clone();
            let vals = self.get(*a, at)?;
            match ty {
                ir::Type::Scalar(_) => {
                    let v = vals
                        .first()
                        .copied()
                        .ok_or_else(|| CompileError::internal(format!("operand {a} of `{builtin}` has no value")))?;
                    call_args.push(v);
                }
                _ => {
                    let addr = self.temp_slot(&ty)?;
                    self.store_leaves(addr, &ty, &vals)?;
                    call_args.push(addr);
                }
            }
        }
        let r = self.call_builtin(builtin, &call_args)?;
        if let (Some(status), Some(img), true) = (r, args.first(), builtin.get().flags.status) {
            // Robust access (Vulkan's robustImageAccess): the builtin already read zeros
            // or dropped the write, which is the defined result; nothing to report.
            if self.checks_on() && !self.bounds.robust {
                self.check_image_status(*img, status, at)?;
            }
        }
        let Some(rty) = rty else { return Ok(None) };
        match (out, rty) {
            (Some(addr), t) => Ok(Some(self.load_leaves(addr, &t)?)),
            (None, t) => {
                let r = r.ok_or_else(|| {
                    CompileError::internal(format!("`{builtin}` returns nothing but its result is used"))
                })?;
                let bool_result = t.scalar() == Some(Scalar::Bool);
                Ok(Some(vec![if bool_result { self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0) } else { r }]))
            }
        }
    }

    /// Stop with an `OUT_OF_BOUNDS` error when image access `status` (what the image
    /// builtins return, `spirjit_abi::image::access_status`) reports an out-of-range
    /// coordinate of image `img`: the argument, the element's would-be byte offset and
    /// size, and the work-item go to the error record. The argument is found statically
    /// when the image value visibly is a parameter, otherwise by comparing the descriptor
    /// address with the argument slots.
    fn check_image_status(&mut self, img: ir::Value, status: ClifValue, at: At) -> Result<()> {
        let desc = self.get(img, at)?.first().copied();
        use cranelift_codegen::ir::MemFlagsData;
        use spirjit_abi::context::offsets;
        use spirjit_abi::image::access_status as st;
        let bad = self.b.ins().band_imm_u(status, st::OUT_OF_RANGE);
        let fail = self.b.create_block();
        let cont = self.b.create_block();
        self.b.ins().brif(bad, fail, &[], cont, &[]);
        self.b.set_cold_block(fail);
        self.b.switch_to_block(fail);
        let err = self.b.ins().load(types::I64, ctx_flags(), self.prologue.ctx, offsets::ERROR as i32);
        let flags = MemFlagsData::trusted();
        let k = self.b.ins().iconst(types::I32, spirjit_abi::status::error_kind::OUT_OF_BOUNDS as i64);
        self.b.ins().store(flags, k, err, offsets::ERROR_KIND as i32);
        let a = match (self.image_param(img), desc) {
            (Some(n), _) => self.b.ins().iconst(types::I32, n as i64),
            (None, desc) => {
                let mut a = self.b.ins().iconst(types::I32, u32::MAX as i64);
                if let Some(desc) = desc.filter(|d| self.b.func.dfg.value_type(*d) == types::I64) {
                    for n in (0..self.param_count.min(MAX_IMAGE_SEARCH)).rev() {
                        let (offset, _) = self.arg_slot_offsets(n as u32)?;
                        let slot =
                            self.b.ins().load(types::I64, super::bounds::slot_flags(), self.prologue.args_ptr, offset);
                        let hit = self.b.ins().icmp(IntCC::Equal, slot, desc);
                        let idx = self.b.ins().iconst(types::I32, n as i64);
                        a = self.b.ins().select(hit, idx, a);
                    }
                }
                a
            }
        };
        self.b.ins().store(flags, a, err, offsets::ERROR_ARG as i32);
        let off = self.b.ins().sshr_imm_u(status, st::OFFSET_SHIFT as i64);
        self.b.ins().store(flags, off, err, offsets::ERROR_OFFSET as i32);
        let size = self.b.ins().ushr_imm_u(status, st::SIZE_SHIFT as i64);
        let size = self.b.ins().band_imm_u(size, st::SIZE_MASK);
        self.b.ins().store(flags, size, err, offsets::ERROR_SIZE as i32);
        let first = self.b.ins().imul_imm_s(self.lane_group, self.lanes.0 as i64);
        let id = match at.lane() {
            Some(l) if l > 0 => self.b.ins().iadd_imm_s(first, l as i64),
            _ => first,
        };
        self.b.ins().store(flags, id, err, offsets::ERROR_LOCAL_LINEAR_ID as i32);
        self.end_lane_group(spirjit_abi::Status::ERROR);
        self.b.switch_to_block(cont);
        Ok(())
    }

    /// The kernel parameter image value `img` comes from (directly, or through the
    /// `{ image, sampler }` struct of a sampled image), if it can be seen.
    fn image_param(&self, img: ir::Value) -> Option<u32> {
        let mut v = img;
        for _ in 0..16 {
            match &self.func.def_inst(v)?.kind {
                ir::InstKind::Param(n) => return Some(*n),
                ir::InstKind::Extract(s, 0) => match &self.func.def_inst(*s)?.kind {
                    ir::InstKind::Construct(parts) => v = *parts.first()?,
                    _ => return None,
                },
                _ => return None,
            }
        }
        None
    }

    /// The address of a fresh stack temporary that holds a value of type `ty`.
    fn temp_slot(&mut self, ty: &ir::Type) -> Result<ClifValue> {
        use cranelift_codegen::ir::{StackSlotData, StackSlotKind};
        let size = u32::try_from(ty.size().max(1))
            .ok()
            .filter(|s| *s <= 1 << 20)
            .ok_or_else(|| CompileError::limit(format!("a whole-value call operand of type {ty} is too large")))?;
        let align = ty.align().clamp(1, 16).next_power_of_two().trailing_zeros() as u8;
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, size, align.max(4)));
        Ok(self.b.ins().stack_addr(types::I64, slot, 0))
    }
}

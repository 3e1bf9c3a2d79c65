//! NVVM calls as SPIR-V: what [`nvvm::classify`] decides for a call of a declared
//! function, written through `Fx` — work-item built-ins, barriers and fences, warp
//! shuffles and votes as `GroupNonUniform*` on the sub-group, NVVM atomics, address
//! space conversions and libdevice functions as OpenCL.std.
//!
//! It emits only; what each call means is `nvvm`'s and `libdevice`'s decision, and
//! `calls` dispatches here for NVVM modules before the OpenCL builtins.

use rspirv::spirv::{BuiltIn, Capability, Decoration, MemorySemantics, Op, OpenclStd100Op as Cl, Scope};

use super::emit;
use super::func::{Call, Fx};
use super::libdevice::{FloatClass, FloatOp, Libdevice, Rounding};
use super::nvvm::{self, IntOps, NvvmCall, ShflMode, VoteOp};
use crate::frontend::llvm::model::{Operand, Ordering};
use crate::{CompileError, Result};

/// An NVVM call: `Some(value)` when `c` is one (`None` inside for `void`), `None` when
/// the name is not an NVVM function.
pub(crate) fn call(fx: &mut Fx<'_, '_>, c: &Call<'_>) -> Result<Option<Option<u32>>> {
    let Some(kind) = nvvm::classify(c.name) else { return Ok(None) };
    let rt = match c.inst.result {
        Some(_) => fx.result_ty(c.inst)?,
        None => fx.w.t_void(),
    };
    let value = match kind {
        NvvmCall::Builtin { var, dim } => {
            let (v, vt) = fx.w.builtin_var(var);
            let loaded = fx.op(Op::Load, vt, &[v]);
            let size = fx.w.t_size();
            let x = fx.op(Op::CompositeExtract, size, &[loaded, dim]);
            Some(fit(fx, x, size, rt))
        }
        NvvmCall::SubgroupBuiltin(var) => {
            let (v, vt) = fx.w.builtin_var(var);
            let x = fx.op(Op::Load, vt, &[v]);
            Some(fit(fx, x, vt, rt))
        }
        NvvmCall::Barrier => {
            barrier(fx, Scope::Workgroup);
            None
        }
        NvvmCall::WarpSync => {
            barrier(fx, Scope::Subgroup);
            None
        }
        NvvmCall::MemBar(scope) => {
            // System scope is the device's: spirjit has one device.
            let scope = if scope == Scope::CrossDevice { Scope::Device } else { scope };
            let s = fx.w.c_u32(scope as u32);
            let sem = fx.w.c_u32(all_memory() | MemorySemantics::SEQUENTIALLY_CONSISTENT.bits());
            fx.op_void(Op::MemoryBarrier, &[s, sem]);
            None
        }
        NvvmCall::BarrierReduce(_) => {
            return Err(CompileError::unsupported(format!(
                "`@{}` (`__syncthreads_count/and/or`): a barrier that reduces over the work-group",
                c.name
            )))
        }
        NvvmCall::Shuffle { mode, sync, pred } => Some(shuffle(fx, c, mode, sync, pred, rt)?),
        NvvmCall::Vote { op, sync } => {
            let p = arg(c, usize::from(sync))?;
            Some(vote(fx, op, p, rt)?)
        }
        NvvmCall::ActiveMask => {
            let t = fx.w.c_bool(true);
            Some(ballot(fx, t, rt))
        }
        NvvmCall::Atomic { op, scope } => {
            // (pointer, value), relaxed, at the intrinsic's scope.
            let scope = match scope {
                Scope::Workgroup => Some("workgroup"),
                Scope::Subgroup => Some("subgroup"),
                _ => None,
            };
            Some(fx.rmw(op, arg(c, 0)?, arg(c, 1)?, Ordering::Monotonic, scope)?)
        }
        NvvmCall::Cvta => {
            let v = fx.val(arg(c, 0)?)?;
            Some(fx.coerce(v, rt)?)
        }
        NvvmCall::LoadGlobal => {
            let p = fx.val(arg(c, 0)?)?;
            let (p, _, _) = fx.ptr_to(p, rt)?;
            Some(fx.op(Op::Load, rt, &[p]))
        }
        NvvmCall::Reflect => Some(fx.w.c_int(rt, 32, 0)),
        NvvmCall::Printf => {
            return Err(CompileError::internal("a `vprintf` call was not rewritten to `printf` before writing"))
        }
        NvvmCall::Libdevice(l) => libdevice(fx, c, l, rt)?,
    };
    Ok(Some(value))
}

fn arg(c: &Call<'_>, i: usize) -> Result<Operand> {
    c.args
        .get(i)
        .copied()
        .ok_or_else(|| CompileError::invalid(format!("`@{}` is called with too few arguments", c.name)))
}

/// Work-group and cross-work-group memory.
fn all_memory() -> u32 {
    (MemorySemantics::WORKGROUP_MEMORY | MemorySemantics::CROSS_WORKGROUP_MEMORY).bits()
}

fn barrier(fx: &mut Fx<'_, '_>, scope: Scope) {
    let s = fx.w.c_u32(scope as u32);
    let sem = fx.w.c_u32(all_memory() | MemorySemantics::SEQUENTIALLY_CONSISTENT.bits());
    fx.op_void(Op::ControlBarrier, &[s, s, sem]);
}

/// Integer `v` of SPIR-V type `from` as type `to` (zero-extended or truncated).
fn fit(fx: &mut Fx<'_, '_>, v: u32, from: u32, to: u32) -> u32 {
    if from == to {
        v
    } else {
        fx.op(Op::UConvert, to, &[v])
    }
}

/// `v` as a boolean (`i1` already is one; an integer is compared with 0).
fn truth(fx: &mut Fx<'_, '_>, v: (u32, u32)) -> u32 {
    let bt = fx.w.t_bool();
    if v.1 == bt {
        return v.0;
    }
    let zero = fx.w.c_int(v.1, 32, 0);
    fx.op(Op::INotEqual, bt, &[v.0, zero])
}

/// Boolean `b` as type `rt` (`i1`, or an integer 0 / 1).
fn from_bool(fx: &mut Fx<'_, '_>, b: u32, rt: u32) -> u32 {
    if rt == fx.w.t_bool() {
        return b;
    }
    let (one, zero) = (fx.w.c_int(rt, 32, 1), fx.w.c_int(rt, 32, 0));
    fx.op(Op::Select, rt, &[b, one, zero])
}

fn subgroup_caps(fx: &mut Fx<'_, '_>, cap: Capability) {
    fx.w.cap(Capability::GroupNonUniform);
    fx.w.cap(cap);
}

/// The `i32` mask of the lanes whose `pred` is true (the first component of the
/// sub-group ballot: a warp has at most 16 lanes).
fn ballot(fx: &mut Fx<'_, '_>, pred: u32, rt: u32) -> u32 {
    subgroup_caps(fx, Capability::GroupNonUniformBallot);
    let i32t = fx.w.t_int(32);
    let v4 = fx.w.t_vec(i32t, 4);
    let sg = fx.w.c_u32(Scope::Subgroup as u32);
    let b = fx.op(Op::GroupNonUniformBallot, v4, &[sg, pred]);
    let x = fx.op(Op::CompositeExtract, i32t, &[b, 0]);
    fit(fx, x, i32t, rt)
}

fn vote(fx: &mut Fx<'_, '_>, op: VoteOp, p: Operand, rt: u32) -> Result<u32> {
    let pv = fx.val(p)?;
    let pred = truth(fx, pv);
    if op == VoteOp::Ballot {
        return Ok(ballot(fx, pred, rt));
    }
    subgroup_caps(fx, Capability::GroupNonUniformVote);
    let bt = fx.w.t_bool();
    let sg = fx.w.c_u32(Scope::Subgroup as u32);
    let spv = match op {
        VoteOp::All => Op::GroupNonUniformAll,
        VoteOp::Any => Op::GroupNonUniformAny,
        VoteOp::Uni | VoteOp::Ballot => Op::GroupNonUniformAllEqual,
    };
    let r = fx.op(spv, bt, &[sg, pred]);
    Ok(from_bool(fx, r, rt))
}

/// [`nvvm::shfl_lane`]'s arithmetic as SPIR-V instructions.
struct Emit<'a, 'w, 'm> {
    fx: &'a mut Fx<'w, 'm>,
    i32t: u32,
    bt: u32,
}

impl IntOps for Emit<'_, '_, '_> {
    type Int = u32;
    type Bool = u32;
    fn constant(&mut self, v: i32) -> u32 {
        self.fx.w.c_int(self.i32t, 32, u64::from(v as u32))
    }
    fn and(&mut self, a: u32, b: u32) -> u32 {
        self.fx.op(Op::BitwiseAnd, self.i32t, &[a, b])
    }
    fn or(&mut self, a: u32, b: u32) -> u32 {
        self.fx.op(Op::BitwiseOr, self.i32t, &[a, b])
    }
    fn xor(&mut self, a: u32, b: u32) -> u32 {
        self.fx.op(Op::BitwiseXor, self.i32t, &[a, b])
    }
    fn add(&mut self, a: u32, b: u32) -> u32 {
        self.fx.op(Op::IAdd, self.i32t, &[a, b])
    }
    fn sub(&mut self, a: u32, b: u32) -> u32 {
        self.fx.op(Op::ISub, self.i32t, &[a, b])
    }
    fn shr(&mut self, a: u32, bits: u32) -> u32 {
        self.fx.op(Op::ShiftRightLogical, self.i32t, &[a, bits])
    }
    fn sle(&mut self, a: u32, b: u32) -> u32 {
        self.fx.op(Op::SLessThanEqual, self.bt, &[a, b])
    }
    fn ult(&mut self, a: u32, b: u32) -> u32 {
        self.fx.op(Op::ULessThan, self.bt, &[a, b])
    }
    fn both(&mut self, a: u32, b: u32) -> u32 {
        self.fx.op(Op::LogicalAnd, self.bt, &[a, b])
    }
    fn select(&mut self, cond: u32, a: u32, b: u32) -> u32 {
        self.fx.op(Op::Select, self.i32t, &[cond, a, b])
    }
}

/// `shfl[.sync].<mode>.<i32|f32>[p]`: operands (mask,) value, `b`, `c`.
fn shuffle(fx: &mut Fx<'_, '_>, c: &Call<'_>, mode: ShflMode, sync: bool, pred: bool, rt: u32) -> Result<u32> {
    let first = usize::from(sync);
    let value = fx.val(arg(c, first)?)?;
    let i32t = fx.w.t_int(32);
    let bt = fx.w.t_bool();
    let b = fx.val_as(arg(c, first + 1)?, i32t)?;
    let cc = fx.val_as(arg(c, first + 2)?, i32t)?;
    let (lv, lt) = fx.w.builtin_var(BuiltIn::SubgroupLocalInvocationId);
    let lane = fx.op(Op::Load, lt, &[lv]);
    let lane = fit(fx, lane, lt, i32t);
    let (wv, wt) = fx.w.builtin_var(BuiltIn::SubgroupMaxSize);
    let warp = fx.op(Op::Load, wt, &[wv]);
    let warp = fit(fx, warp, wt, i32t);
    let (src, valid) = nvvm::shfl_lane(&mut Emit { fx, i32t, bt }, mode, lane, b, cc, warp);
    subgroup_caps(fx, Capability::GroupNonUniformShuffle);
    let sg = fx.w.c_u32(Scope::Subgroup as u32);
    let r = fx.op(Op::GroupNonUniformShuffle, value.1, &[sg, value.0, src]);
    if pred {
        // `{ value, i1 valid }`
        return Ok(fx.op(Op::CompositeConstruct, rt, &[r, valid]));
    }
    Ok(r)
}

/// A libdevice function.
fn libdevice(fx: &mut Fx<'_, '_>, c: &Call<'_>, l: Libdevice, rt: u32) -> Result<Option<u32>> {
    let mut args = Vec::with_capacity(c.args.len());
    for &a in c.args {
        args.push(fx.val(a)?);
    }
    let at = |i: usize| -> Result<(u32, u32)> {
        args.get(i)
            .copied()
            .ok_or_else(|| CompileError::invalid(format!("`@{}` is called with too few arguments", c.name)))
    };
    let width = fx.w.scalar_width(c.inst.ty).unwrap_or(32);
    let v = match l {
        Libdevice::Ext(Cl::sincos) if args.len() == 3 => {
            // `__nv_sincosf(x, float* s, float* c)`: OpenCL's sincos returns the sine.
            let (x, xt) = at(0)?;
            let s = fx.ext(Cl::sincos, xt, &[x, at(2)?.0]);
            let (p, _, _) = fx.ptr_to(at(1)?, xt)?;
            fx.op_void(Op::Store, &[p, s]);
            return Ok(None);
        }
        Libdevice::Ext(op @ (Cl::popcount | Cl::clz)) => {
            // `__nv_popcll(i64) -> i32`: computed in the operand's type.
            let (x, xt) = at(0)?;
            let r = fx.ext(op, xt, &[x]);
            fit(fx, r, xt, rt)
        }
        Libdevice::Ext(op) => {
            let ids: Vec<u32> = args.iter().map(|a| a.0).collect();
            fx.ext(op, rt, &ids)
        }
        Libdevice::FloatOp(op) => {
            let ids: Vec<u32> = args.iter().map(|a| a.0).collect();
            match op {
                FloatOp::Add => fx.op(Op::FAdd, rt, &ids),
                FloatOp::Sub => fx.op(Op::FSub, rt, &ids),
                FloatOp::Mul => fx.op(Op::FMul, rt, &ids),
                FloatOp::Div => fx.op(Op::FDiv, rt, &ids),
                FloatOp::Sqrt => fx.ext(Cl::sqrt, rt, &ids),
                FloatOp::Fma => fx.ext(Cl::fma, rt, &ids),
            }
        }
        Libdevice::Saturate => {
            let zero = fx.w.c_float(rt, width, 0);
            let one = fx.w.c_float(rt, width, if width == 64 { 1f64.to_bits() } else { u64::from(1f32.to_bits()) });
            fx.ext(Cl::fclamp, rt, &[at(0)?.0, zero, one])
        }
        Libdevice::Ffs => {
            let (x, xt) = at(0)?;
            let bits = if xt == fx.w.t_int(64) { 64 } else { 32 };
            let tz = fx.ext(Cl::ctz, xt, &[x]);
            let one = fx.w.c_int(xt, bits, 1);
            let zero = fx.w.c_int(xt, bits, 0);
            let plus = fx.op(Op::IAdd, xt, &[tz, one]);
            let bt = fx.w.t_bool();
            let is_zero = fx.op(Op::IEqual, bt, &[x, zero]);
            let r = fx.op(Op::Select, xt, &[is_zero, zero, plus]);
            fit(fx, r, xt, rt)
        }
        Libdevice::BitReverse => fx.op(Op::BitReverse, rt, &[at(0)?.0]),
        Libdevice::Class(class) => {
            let bt = fx.w.t_bool();
            let spv = match class {
                FloatClass::IsNan => Op::IsNan,
                FloatClass::IsInf => Op::IsInf,
                FloatClass::IsFinite => Op::IsFinite,
                FloatClass::SignBit => Op::SignBitSet,
            };
            let b = fx.op(spv, bt, &[at(0)?.0]);
            from_bool(fx, b, rt)
        }
        Libdevice::Bitcast => fx.op(Op::Bitcast, rt, &[at(0)?.0]),
        Libdevice::FloatToInt { signed, rounding } => {
            let (x, xt) = at(0)?;
            let rounded = match rounding {
                Rounding::Nearest => fx.ext(Cl::rint, xt, &[x]),
                Rounding::Zero => x,
                Rounding::Up => fx.ext(Cl::ceil, xt, &[x]),
                Rounding::Down => fx.ext(Cl::floor, xt, &[x]),
            };
            let r = fx.op(if signed { Op::ConvertFToS } else { Op::ConvertFToU }, rt, &[rounded]);
            // PTX's cvt saturates: out-of-range values clamp, NaN gives 0.
            emit(&mut fx.w.annotations, Op::Decorate, &[r, Decoration::SaturatedConversion as u32]);
            r
        }
        Libdevice::IntToFloat { signed } => {
            fx.op(if signed { Op::ConvertSToF } else { Op::ConvertUToF }, rt, &[at(0)?.0])
        }
        Libdevice::FloatTrunc => fx.op(Op::FConvert, rt, &[at(0)?.0]),
        Libdevice::Rcbrt | Libdevice::Recip => {
            let x = at(0)?.0;
            let x = if l == Libdevice::Rcbrt { fx.ext(Cl::cbrt, rt, &[x]) } else { x };
            let one = fx.w.c_float(rt, width, if width == 64 { 1f64.to_bits() } else { u64::from(1f32.to_bits()) });
            fx.op(Op::FDiv, rt, &[one, x])
        }
        Libdevice::Sad { signed } => {
            let d = fx.ext(if signed { Cl::s_abs_diff } else { Cl::u_abs_diff }, rt, &[at(0)?.0, at(1)?.0]);
            fx.op(Op::IAdd, rt, &[d, at(2)?.0])
        }
    };
    Ok(Some(v))
}

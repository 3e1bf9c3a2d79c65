//! SPIR 1.2 builtins: Itanium-mangled OpenCL C builtin calls as the SPIR-V
//! instructions and OpenCL.std extended instructions llvm-spirv writes for them.
//!
//! Work-item functions read builtin input variables; barriers and fences become
//! `OpControlBarrier` / `OpMemoryBarrier`; math, integer, common and geometric
//! functions become OpenCL.std (signedness from the mangled parameter types:
//! `_Z3maxii` is `s_max`, `_Z3maxjj` `u_max`); relational functions the core
//! comparisons with OpenCL's `1` / `-1` results; conversions `OpConvert*` with
//! saturation and rounding decorations; atomics `OpAtomic*` (OpenCL 2.0's in
//! `atomics20`); async copies
//! `OpGroupAsyncCopy`. Images are in `images`.
//!
//! It decides and emits through `Fx`; it must not know how calls are dispatched.

use std::collections::HashMap;
use std::sync::OnceLock;

use rspirv::spirv::{Decoration, FPRoundingMode, MemorySemantics, Op, OpenclStd100Op as Cl, Scope};

use super::demangle::{demangle, Demangled, MangledType, Scalar};
use super::func::{Call, Fx};
use super::storage_bits;
use crate::frontend::llvm::model::Operand;
use crate::{CompileError, Result};

/// OpenCL.std instructions by name.
fn cl_table() -> &'static HashMap<String, Cl> {
    static T: OnceLock<HashMap<String, Cl>> = OnceLock::new();
    T.get_or_init(|| (0..=255).filter_map(Cl::from_u32).map(|op| (format!("{op:?}"), op)).collect())
}

/// The OpenCL.std instruction named `name`.
pub(crate) fn cl_op(name: &str) -> Option<Cl> {
    cl_table().get(name).copied()
}

impl Fx<'_, '_> {
    /// A SPIR 1.2 builtin call: `Some(value)` when `c` is one (`None` inside for
    /// `void`), `None` when it is not a builtin.
    pub(crate) fn spir_builtin(&mut self, c: &Call<'_>) -> Result<Option<Option<u32>>> {
        call(self, c)
    }
}

fn call(fx: &mut Fx<'_, '_>, c: &Call<'_>) -> Result<Option<Option<u32>>> {
    if c.name == "printf" {
        return printf(fx, c).map(Some);
    }
    if c.name == "__translate_sampler_initializer" {
        let bits =
            c.args.first().and_then(|&a| fx.const_int(a)).ok_or_else(|| {
                CompileError::unsupported("a sampler initialized from a value that is not a constant")
            })?;
        return Ok(Some(Some(fx.constant_sampler(bits))));
    }
    let Some(d) = demangle(c.name) else { return Ok(None) };
    builtin(fx, c, &d)
}

fn builtin(fx: &mut Fx<'_, '_>, c: &Call<'_>, d: &Demangled) -> Result<Option<Option<u32>>> {
    let name = d.name.as_str();
    let rt = match c.inst.result {
        Some(_) => fx.result_ty(c.inst)?,
        None => fx.w.t_void(),
    };
    if let Some(v) = work_item(fx, c, name, rt)? {
        return Ok(Some(Some(v)));
    }
    if let Some(v) = sync(fx, c, name)? {
        return Ok(Some(v));
    }
    if let Some(v) = fx.image_builtin(c, d, rt)? {
        return Ok(Some(v));
    }
    if let Some(v) = super::atomics20::atomic20(fx, c, d, rt)? {
        return Ok(Some(v));
    }
    if let Some(v) = atomic(fx, c, d, rt)? {
        return Ok(Some(Some(v)));
    }
    if let Some(v) = conversion(fx, c, d, rt)? {
        return Ok(Some(Some(v)));
    }
    if let Some(v) = relational(fx, c, d, rt)? {
        return Ok(Some(Some(v)));
    }
    if let Some(v) = async_copy(fx, c, d, rt)? {
        return Ok(Some(v));
    }
    if let Some(v) = vector_memory(fx, c, d, rt)? {
        return Ok(Some(v));
    }
    if name == "dot" {
        let a = fx.val(c.args[0])?;
        let b = fx.val_as(arg(c, 1)?, a.1)?;
        let op = if d.args[0].vec_len().is_some() { Op::Dot } else { Op::FMul };
        return Ok(Some(Some(fx.op(op, rt, &[a.0, b]))));
    }
    let Some(op) = ext_name(d) else { return Ok(None) };
    let mut args = Vec::with_capacity(c.args.len());
    for &a in c.args {
        args.push(fx.val(a)?.0);
    }
    // Scalar operands of vector functions (`clamp(v, lo, hi)`, `mix(v, w, a)`,
    // `ldexp(v, n)`) are as the caller wrote them; the SPIR-V front end splats.
    Ok(Some(Some(fx.ext(op, rt, &args))))
}

fn arg(c: &Call<'_>, i: usize) -> Result<Operand> {
    c.args
        .get(i)
        .copied()
        .ok_or_else(|| CompileError::invalid(format!("`@{}` is called with too few arguments", c.name)))
}

/// The OpenCL.std instruction of a math, integer, common or geometric builtin.
fn ext_name(d: &Demangled) -> Option<Cl> {
    let name = d.name.as_str();
    let first = d.args.first();
    let float = first.is_some_and(MangledType::is_float);
    let signed = first.is_some_and(MangledType::is_signed);
    let sign = |base: &str| format!("{}_{base}", if signed { "s" } else { "u" });
    let mapped = match name {
        "max" | "min" if float => format!("f{name}_common"),
        "clamp" if float => "fclamp".to_string(),
        "abs" | "abs_diff" | "add_sat" | "hadd" | "rhadd" | "clamp" | "mad_hi" | "mad_sat" | "max" | "min"
        | "mul_hi" | "sub_sat" | "upsample" | "mad24" | "mul24" => sign(name),
        "vload_half" | "vloada_half" | "vstore_half" | "vstorea_half" => return None,
        other => other.to_string(),
    };
    cl_op(&mapped)
}

/// Work-item functions: loads of builtin input variables.
fn work_item(fx: &mut Fx<'_, '_>, c: &Call<'_>, name: &str, rt: u32) -> Result<Option<u32>> {
    use rspirv::spirv::BuiltIn as B;
    let (b, default) = match name {
        "get_global_id" => (B::GlobalInvocationId, 0),
        "get_local_id" => (B::LocalInvocationId, 0),
        "get_group_id" => (B::WorkgroupId, 0),
        "get_num_groups" => (B::NumWorkgroups, 1),
        "get_local_size" => (B::WorkgroupSize, 1),
        "get_enqueued_local_size" => (B::EnqueuedWorkgroupSize, 1),
        "get_global_size" => (B::GlobalSize, 1),
        "get_global_offset" => (B::GlobalOffset, 0),
        "get_work_dim" => (B::WorkDim, u64::MAX),
        "get_global_linear_id" => (B::GlobalLinearId, u64::MAX),
        "get_local_linear_id" => (B::LocalInvocationIndex, u64::MAX),
        "get_sub_group_size" => (B::SubgroupSize, u64::MAX),
        "get_max_sub_group_size" => (B::SubgroupMaxSize, u64::MAX),
        "get_num_sub_groups" => (B::NumSubgroups, u64::MAX),
        "get_enqueued_num_sub_groups" => (B::NumEnqueuedSubgroups, u64::MAX),
        "get_sub_group_id" => (B::SubgroupId, u64::MAX),
        "get_sub_group_local_id" => (B::SubgroupLocalInvocationId, u64::MAX),
        _ => return Ok(None),
    };
    let (var, vt) = fx.w.builtin_var(b);
    let v = fx.op(Op::Load, vt, &[var]);
    if default == u64::MAX {
        return Ok(Some(fit(fx, v, vt, rt)));
    }
    let size = fx.w.t_size();
    let dim = arg(c, 0)?;
    let value = match fx.const_int(dim) {
        Some(k) if k < 3 => fx.op(Op::CompositeExtract, size, &[v, k as u32]),
        Some(_) => fx.w.c_size(default),
        None => {
            let d = fx.val(dim)?.0;
            let x = fx.op(Op::VectorExtractDynamic, size, &[v, d]);
            let dt = fx.val(dim)?.1;
            let three = fx.w.c_int(dt, 32, 3);
            let bt = fx.w.t_bool();
            let ok = fx.op(Op::ULessThan, bt, &[d, three]);
            let dflt = fx.w.c_size(default);
            fx.op(Op::Select, size, &[ok, x, dflt])
        }
    };
    Ok(Some(fit(fx, value, size, rt)))
}

/// Integer `v` of SPIR-V type `from` as type `to` (zero-extended or truncated).
fn fit(fx: &mut Fx<'_, '_>, v: u32, from: u32, to: u32) -> u32 {
    if from == to {
        v
    } else {
        fx.op(Op::UConvert, to, &[v])
    }
}

/// The memory semantics of OpenCL fence flags (`CLK_LOCAL_MEM_FENCE` 1,
/// `CLK_GLOBAL_MEM_FENCE` 2, `CLK_IMAGE_MEM_FENCE` 4).
fn fence_bits(flags: Option<u64>) -> u32 {
    let flags = flags.unwrap_or(7);
    let mut s = 0;
    if flags & 1 != 0 {
        s |= MemorySemantics::WORKGROUP_MEMORY.bits();
    }
    if flags & 2 != 0 {
        s |= MemorySemantics::CROSS_WORKGROUP_MEMORY.bits();
    }
    if flags & 4 != 0 {
        s |= MemorySemantics::IMAGE_MEMORY.bits();
    }
    s
}

/// Barriers and fences.
fn sync(fx: &mut Fx<'_, '_>, c: &Call<'_>, name: &str) -> Result<Option<Option<u32>>> {
    let order = match name {
        "barrier" | "work_group_barrier" => {
            let flags = c.args.first().and_then(|&a| fx.const_int(a));
            let wg = fx.w.c_u32(Scope::Workgroup as u32);
            let sem = fx.w.c_u32(fence_bits(flags) | MemorySemantics::SEQUENTIALLY_CONSISTENT.bits());
            fx.op_void(Op::ControlBarrier, &[wg, wg, sem]);
            return Ok(Some(None));
        }
        "mem_fence" => MemorySemantics::ACQUIRE_RELEASE,
        "read_mem_fence" => MemorySemantics::ACQUIRE,
        "write_mem_fence" => MemorySemantics::RELEASE,
        _ => return Ok(None),
    };
    let flags = c.args.first().and_then(|&a| fx.const_int(a));
    let wg = fx.w.c_u32(Scope::Workgroup as u32);
    let sem = fx.w.c_u32(fence_bits(flags) | order.bits());
    fx.op_void(Op::MemoryBarrier, &[wg, sem]);
    Ok(Some(None))
}

/// `atomic_*` (OpenCL 1.1) and `atom_*` (the 1.0 extensions, 32 and 64 bits).
fn atomic(fx: &mut Fx<'_, '_>, c: &Call<'_>, d: &Demangled, rt: u32) -> Result<Option<u32>> {
    let Some(op) = d.name.strip_prefix("atomic_").or_else(|| d.name.strip_prefix("atom_")) else {
        return Ok(None);
    };
    let Some(MangledType::Pointer { pointee, .. }) = d.args.first() else { return Ok(None) };
    let signed = pointee.is_signed();
    let spv = match op {
        "add" => Op::AtomicIAdd,
        "sub" => Op::AtomicISub,
        "xchg" => Op::AtomicExchange,
        "min" if signed => Op::AtomicSMin,
        "min" => Op::AtomicUMin,
        "max" if signed => Op::AtomicSMax,
        "max" => Op::AtomicUMax,
        "and" => Op::AtomicAnd,
        "or" => Op::AtomicOr,
        "xor" => Op::AtomicXor,
        "inc" => Op::AtomicIIncrement,
        "dec" => Op::AtomicIDecrement,
        "cmpxchg" => Op::AtomicCompareExchange,
        _ => return Ok(None),
    };
    if matches!(pointee.scalar(), Some(Scalar::Int { bits: 64, .. })) {
        fx.w.cap(rspirv::spirv::Capability::Int64Atomics);
    }
    let p = fx.val(arg(c, 0)?)?;
    let (p, _, sc) = fx.ptr_to(p, rt)?;
    let scope = if sc == rspirv::spirv::StorageClass::Workgroup { Scope::Workgroup } else { Scope::Device };
    let scope = fx.w.c_u32(scope as u32);
    let sem = fx.w.c_u32(storage_bits(sc) | MemorySemantics::SEQUENTIALLY_CONSISTENT.bits());
    let v = match spv {
        Op::AtomicIIncrement | Op::AtomicIDecrement => fx.op(spv, rt, &[p, scope, sem]),
        Op::AtomicCompareExchange => {
            let cmp = fx.val_as(arg(c, 1)?, rt)?;
            let new = fx.val_as(arg(c, 2)?, rt)?;
            let relaxed = fx.w.c_u32(storage_bits(sc));
            fx.op(spv, rt, &[p, scope, sem, relaxed, new, cmp])
        }
        _ => {
            let v = fx.val_as(arg(c, 1)?, rt)?;
            fx.op(spv, rt, &[p, scope, sem, v])
        }
    };
    Ok(Some(v))
}

/// Signedness of the integer type named in a conversion (`uchar4` → unsigned).
fn type_name_signed(t: &str) -> Option<bool> {
    let base = t.trim_end_matches(|c: char| c.is_ascii_digit());
    match base {
        "char" | "short" | "int" | "long" => Some(true),
        "uchar" | "ushort" | "uint" | "ulong" => Some(false),
        _ => None,
    }
}

/// `convert_T(_sat)(_rtX)` and `as_T`.
fn conversion(fx: &mut Fx<'_, '_>, c: &Call<'_>, d: &Demangled, rt: u32) -> Result<Option<u32>> {
    if let Some(_t) = d.name.strip_prefix("as_") {
        let v = fx.val(arg(c, 0)?)?;
        return Ok(Some(if v.1 == rt { v.0 } else { fx.op(Op::Bitcast, rt, &[v.0]) }));
    }
    let Some(rest) = d.name.strip_prefix("convert_") else { return Ok(None) };
    let mut parts = rest.split('_');
    let target = parts.next().unwrap_or("");
    let mut sat = false;
    let mut rounding = None;
    for p in parts {
        match p {
            "sat" => sat = true,
            "rte" => rounding = Some(FPRoundingMode::RTE),
            "rtz" => rounding = Some(FPRoundingMode::RTZ),
            "rtp" => rounding = Some(FPRoundingMode::RTP),
            "rtn" => rounding = Some(FPRoundingMode::RTN),
            _ => return Ok(None),
        }
    }
    let Some(src) = d.args.first() else { return Ok(None) };
    let v = fx.val(arg(c, 0)?)?;
    let dst_float = target.starts_with("float") || target.starts_with("double") || target.starts_with("half");
    let dst_signed = type_name_signed(target);
    let src_bits = match src.scalar() {
        Some(Scalar::Int { bits, .. }) | Some(Scalar::Float { bits }) => bits,
        _ => 0,
    };
    let dst_bits = match target.trim_end_matches(|c: char| c.is_ascii_digit()) {
        "char" | "uchar" => 8,
        "short" | "ushort" | "half" => 16,
        "int" | "uint" | "float" => 32,
        "long" | "ulong" | "double" => 64,
        _ => return Ok(None),
    };
    let op = match (src.is_float(), dst_float) {
        (true, true) if src_bits == dst_bits => return Ok(Some(v.0)),
        (true, true) => Op::FConvert,
        (true, false) if dst_signed == Some(true) => Op::ConvertFToS,
        (true, false) => Op::ConvertFToU,
        (false, true) if src.is_signed() => Op::ConvertSToF,
        (false, true) => Op::ConvertUToF,
        (false, false) => {
            let (s, t) = (src.is_signed(), dst_signed == Some(true));
            match (sat, s, t) {
                (true, true, false) => Op::SatConvertSToU,
                (true, false, true) => Op::SatConvertUToS,
                _ if src_bits == dst_bits => return Ok(Some(v.0)),
                _ if s => Op::SConvert,
                _ => Op::UConvert,
            }
        }
    };
    let r = fx.op(op, rt, &[v.0]);
    if sat && !matches!(op, Op::SatConvertSToU | Op::SatConvertUToS) && !dst_float {
        fx.w.decorate(r, Decoration::SaturatedConversion, &[]);
    }
    if let Some(mode) = rounding {
        fx.w.decorate(r, Decoration::FPRoundingMode, &[mode as u32]);
    }
    Ok(Some(r))
}

/// Relational functions: a core comparison, then OpenCL's integer result (`1` for
/// scalars, `-1` per lane for vectors).
fn relational(fx: &mut Fx<'_, '_>, c: &Call<'_>, d: &Demangled, rt: u32) -> Result<Option<u32>> {
    let op = match d.name.as_str() {
        "isequal" => Op::FOrdEqual,
        "isnotequal" => Op::FUnordNotEqual,
        "isgreater" => Op::FOrdGreaterThan,
        "isgreaterequal" => Op::FOrdGreaterThanEqual,
        "isless" => Op::FOrdLessThan,
        "islessequal" => Op::FOrdLessThanEqual,
        "islessgreater" => Op::FOrdNotEqual,
        "isordered" => Op::Ordered,
        "isunordered" => Op::Unordered,
        "isfinite" => Op::IsFinite,
        "isinf" => Op::IsInf,
        "isnan" => Op::IsNan,
        "isnormal" => Op::IsNormal,
        "signbit" => Op::SignBitSet,
        "any" => Op::Any,
        "all" => Op::All,
        _ => return Ok(None),
    };
    let Some(a0) = d.args.first() else { return Ok(None) };
    let len = a0.vec_len();
    let bt = fx.w.t_bool();
    let bvt = match len {
        Some(n) => fx.w.t_vec(bt, n),
        None => bt,
    };
    let a = fx.val(arg(c, 0)?)?;
    let cond = match op {
        Op::Any | Op::All => {
            // The sign bit of each lane.
            let zero = fx.w.c_null(a.1);
            let neg = fx.op(Op::SLessThan, bvt, &[a.0, zero]);
            let r = if len.is_some() { fx.op(op, bt, &[neg]) } else { neg };
            let one = fx.w.c_int(rt, 32, 1);
            let zero = fx.w.c_null(rt);
            return Ok(Some(fx.op(Op::Select, rt, &[r, one, zero])));
        }
        Op::IsFinite | Op::IsInf | Op::IsNan | Op::IsNormal | Op::SignBitSet => fx.op(op, bvt, &[a.0]),
        _ => {
            let b = fx.val_as(arg(c, 1)?, a.1)?;
            fx.op(op, bvt, &[a.0, b])
        }
    };
    let rm = c.inst.ty;
    let (_, rlen) = fx.shape(rm);
    let width = fx.w.scalar_width(rm).unwrap_or(32);
    let true_v = if rlen.is_some() { u64::MAX } else { 1 };
    let one = fx.splat(rm, true_v)?;
    let zero = fx.splat(rm, 0)?;
    let _ = width;
    Ok(Some(fx.op(Op::Select, rt, &[cond, one, zero])))
}

/// `async_work_group_copy`, `async_work_group_strided_copy`, `wait_group_events`,
/// `prefetch`.
fn async_copy(fx: &mut Fx<'_, '_>, c: &Call<'_>, d: &Demangled, rt: u32) -> Result<Option<Option<u32>>> {
    let wg = |fx: &mut Fx<'_, '_>| fx.w.c_u32(Scope::Workgroup as u32);
    match d.name.as_str() {
        "async_work_group_copy" | "async_work_group_strided_copy" => {
            let strided = d.name.ends_with("strided_copy");
            let dst = fx.val(arg(c, 0)?)?.0;
            let src = fx.val(arg(c, 1)?)?.0;
            let size = fx.w.t_size();
            let n = fx.val_as(arg(c, 2)?, size)?;
            let (stride, ev) =
                if strided { (fx.val_as(arg(c, 3)?, size)?, arg(c, 4)?) } else { (fx.w.c_size(1), arg(c, 3)?) };
            let ev = fx.val_as(ev, rt)?;
            let s = wg(fx);
            Ok(Some(Some(fx.op(Op::GroupAsyncCopy, rt, &[s, dst, src, n, stride, ev]))))
        }
        "wait_group_events" => {
            let i32t = fx.w.t_int(32);
            let n = fx.val_as(arg(c, 0)?, i32t)?;
            let evs = fx.val(arg(c, 1)?)?.0;
            let s = wg(fx);
            fx.op_void(Op::GroupWaitEvents, &[s, n, evs]);
            Ok(Some(None))
        }
        _ => Ok(None),
    }
}

/// `vloadN`, `vstoreN`, `vload(a)_half(N)`, `vstore(a)_half(N)(_rtX)`.
fn vector_memory(fx: &mut Fx<'_, '_>, c: &Call<'_>, d: &Demangled, rt: u32) -> Result<Option<Option<u32>>> {
    let name = d.name.as_str();
    let (load, rest) = if let Some(r) = name.strip_prefix("vload") {
        (true, r)
    } else if let Some(r) = name.strip_prefix("vstore") {
        (false, r)
    } else {
        return Ok(None);
    };
    let (aligned, rest) = match rest.strip_prefix('a') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (half, rest) = match rest.strip_prefix("_half") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let mut parts = rest.splitn(2, '_');
    let n_str = parts.next().unwrap_or("");
    let rounding = match parts.next() {
        None => None,
        Some("rte") => Some(FPRoundingMode::RTE),
        Some("rtz") => Some(FPRoundingMode::RTZ),
        Some("rtp") => Some(FPRoundingMode::RTP),
        Some("rtn") => Some(FPRoundingMode::RTN),
        Some(_) => return Ok(None),
    };
    let n: Option<u32> = if n_str.is_empty() { None } else { Some(n_str.parse().map_err(|_| ()).ok()).flatten() };
    if !n_str.is_empty() && n.is_none() {
        return Ok(None);
    }
    let inst = match (load, half, aligned, n.is_some(), rounding.is_some()) {
        (true, false, false, true, false) => Cl::vloadn,
        (true, true, false, false, false) => Cl::vload_half,
        (true, true, false, true, false) => Cl::vload_halfn,
        (true, true, true, _, false) => Cl::vloada_halfn,
        (false, false, false, true, false) => Cl::vstoren,
        (false, true, false, false, false) => Cl::vstore_half,
        (false, true, false, false, true) => Cl::vstore_half_r,
        (false, true, false, true, false) => Cl::vstore_halfn,
        (false, true, false, true, true) => Cl::vstore_halfn_r,
        (false, true, true, _, false) => Cl::vstorea_halfn,
        (false, true, true, _, true) => Cl::vstorea_halfn_r,
        _ => return Ok(None),
    };
    let mut args = Vec::new();
    for &a in c.args {
        args.push(fx.val(a)?.0);
    }
    if load && matches!(inst, Cl::vloadn | Cl::vload_halfn | Cl::vloada_halfn) {
        args.push(n.unwrap_or(1));
    }
    if let Some(r) = rounding {
        args.push(r as u32);
    }
    let v = fx.ext(inst, rt, &args);
    Ok(Some(if load { Some(v) } else { None }))
}

/// `printf(format, ...)`: OpenCL.std `printf`.
fn printf(fx: &mut Fx<'_, '_>, c: &Call<'_>) -> Result<Option<u32>> {
    let i32t = fx.w.t_int(32);
    let mut args = Vec::with_capacity(c.args.len());
    for &a in c.args {
        args.push(fx.val(a)?.0);
    }
    Ok(Some(fx.ext(Cl::printf, i32t, &args)))
}

//! `llvm.*` intrinsics: memory intrinsics as `OpCopyMemorySized` (and `memset` of a
//! constant length as a copy from a constant, otherwise as a loop of byte stores), math and bit intrinsics as OpenCL.std
//! or core instructions, saturating and min/max integer intrinsics, vector reductions
//! as lane-by-lane arithmetic; `lifetime`, `assume`, `expect`, `dbg`, ... are dropped
//! (`expect` yields its value).
//!
//! It must not know about OpenCL builtins or dialects.

use rspirv::spirv::{Op, OpenclStd100Op as Cl, StorageClass};

use super::func::{Call, Fx};
use super::{emit, Writer};
use crate::frontend::llvm::model::{Operand, Type};
use crate::{CompileError, Result};

/// The longest `memset` written as a copy from a constant (bytes).
const MEMSET_LIMIT: u64 = 1 << 20;

/// The intrinsic's base name: `llvm.fma.v4f32` → `fma`, `llvm.vector.reduce.add.v4i32`
/// → `vector.reduce.add`.
fn base(name: &str) -> &str {
    let rest = name.strip_prefix("llvm.").unwrap_or(name);
    let parts: Vec<&str> = rest.split('.').collect();
    let mut n = parts.len();
    // Strip type suffixes (`f32`, `v4i32`, `p1i8`, `p0`, `i64`).
    while n > 1 {
        let p = parts[n - 1];
        let is_type = p.starts_with('v') && p[1..].chars().next().is_some_and(|c| c.is_ascii_digit())
            || (p.starts_with('i') || p.starts_with('f') || p.starts_with('p'))
                && p.len() > 1
                && p[1..].chars().next().is_some_and(|c| c.is_ascii_digit());
        if !is_type {
            break;
        }
        n -= 1;
    }
    let len: usize = parts[..n].iter().map(|p| p.len() + 1).sum::<usize>().saturating_sub(1);
    &rest[..len]
}

impl Fx<'_, '_> {
    /// An `llvm.*` intrinsic: `Some(value)` (`None` inside for `void`), or `None` when
    /// unknown.
    pub(crate) fn intrinsic(&mut self, c: &Call<'_>) -> Result<Option<Option<u32>>> {
        call(self, c)
    }
}

fn call(fx: &mut Fx<'_, '_>, c: &Call<'_>) -> Result<Option<Option<u32>>> {
    let name = base(c.name);
    let rt = match c.inst.result {
        Some(_) => fx.result_ty(c.inst)?,
        None => fx.w.t_void(),
    };
    let args = |fx: &mut Fx<'_, '_>, n: usize| -> Result<Vec<u32>> {
        let mut v = Vec::with_capacity(n);
        for i in 0..n {
            let a = c.args.get(i).copied().ok_or_else(|| {
                CompileError::invalid(format!("`@{}` is called with {} arguments", c.name, c.args.len()))
            })?;
            v.push(fx.val(a)?.0);
        }
        Ok(v)
    };
    let ext = |fx: &mut Fx<'_, '_>, op: Cl, n: usize| -> Result<Option<Option<u32>>> {
        let a = args(fx, n)?;
        Ok(Some(Some(fx.ext(op, rt, &a))))
    };
    let core = |fx: &mut Fx<'_, '_>, op: Op, n: usize| -> Result<Option<Option<u32>>> {
        let a = args(fx, n)?;
        Ok(Some(Some(fx.op(op, rt, &a))))
    };
    match name {
        "lifetime.start"
        | "lifetime.end"
        | "assume"
        | "dbg.value"
        | "dbg.declare"
        | "dbg.label"
        | "invariant.start"
        | "invariant.end"
        | "donothing"
        | "sideeffect"
        | "var.annotation"
        | "experimental.noalias.scope.decl"
        | "prefetch" => Ok(Some(None)),
        "expect"
        | "expect.with.probability"
        | "ssa.copy"
        | "launder.invariant.group"
        | "strip.invariant.group"
        | "annotation"
        | "arithmetic.fence" => {
            let a = args(fx, 1)?;
            Ok(Some(Some(a[0])))
        }
        "memcpy" | "memmove" | "memcpy.inline" => {
            let a = args(fx, 3)?;
            fx.op_void(Op::CopyMemorySized, &[a[0], a[1], a[2]]);
            Ok(Some(None))
        }
        "memset" | "memset.inline" => memset(fx, c).map(|()| Some(None)),
        "fma" => ext(fx, Cl::fma, 3),
        "fmuladd" => ext(fx, Cl::mad, 3),
        "sqrt" => ext(fx, Cl::sqrt, 1),
        "fabs" => ext(fx, Cl::fabs, 1),
        "minnum" | "minimum" => ext(fx, Cl::fmin, 2),
        "maxnum" | "maximum" => ext(fx, Cl::fmax, 2),
        "copysign" => ext(fx, Cl::copysign, 2),
        "floor" => ext(fx, Cl::floor, 1),
        "ceil" => ext(fx, Cl::ceil, 1),
        "trunc" => ext(fx, Cl::trunc, 1),
        "rint" | "nearbyint" | "roundeven" => ext(fx, Cl::rint, 1),
        "round" => ext(fx, Cl::round, 1),
        "sin" => ext(fx, Cl::sin, 1),
        "cos" => ext(fx, Cl::cos, 1),
        "exp" => ext(fx, Cl::exp, 1),
        "exp2" => ext(fx, Cl::exp2, 1),
        "log" => ext(fx, Cl::log, 1),
        "log2" => ext(fx, Cl::log2, 1),
        "log10" => ext(fx, Cl::log10, 1),
        "pow" => ext(fx, Cl::pow, 2),
        "powi" => ext(fx, Cl::pown, 2),
        "ldexp" => ext(fx, Cl::ldexp, 2),
        "ctpop" => ext(fx, Cl::popcount, 1),
        "ctlz" => ext(fx, Cl::clz, 1),
        "cttz" => ext(fx, Cl::ctz, 1),
        "abs" => ext(fx, Cl::s_abs, 1),
        "smin" => ext(fx, Cl::s_min, 2),
        "smax" => ext(fx, Cl::s_max, 2),
        "umin" => ext(fx, Cl::u_min, 2),
        "umax" => ext(fx, Cl::u_max, 2),
        "sadd.sat" => ext(fx, Cl::s_add_sat, 2),
        "uadd.sat" => ext(fx, Cl::u_add_sat, 2),
        "ssub.sat" => ext(fx, Cl::s_sub_sat, 2),
        "usub.sat" => ext(fx, Cl::u_sub_sat, 2),
        "bitreverse" => core(fx, Op::BitReverse, 1),
        "bswap" => bswap(fx, c, rt).map(|v| Some(Some(v))),
        "fshl" | "fshr" => funnel(fx, c, rt, name == "fshl").map(|v| Some(Some(v))),
        n if n.starts_with("vector.reduce.") || n.starts_with("experimental.vector.reduce.") => {
            reduce(fx, c, n.rsplit("reduce.").next().unwrap_or(""), rt).map(|v| Some(Some(v)))
        }
        _ => Ok(None),
    }
}

/// `memset(dst, value, len)`: a copy from a constant array of `len` bytes, or a loop
/// storing the byte when the value or the length is known only at run time.
fn memset(fx: &mut Fx<'_, '_>, c: &Call<'_>) -> Result<()> {
    let (Some(&dst), Some(&value), Some(&len)) = (c.args.first(), c.args.get(1), c.args.get(2)) else {
        return Err(CompileError::invalid("llvm.memset takes a pointer, a byte and a length"));
    };
    let (Some(byte), Some(n)) = (fx.const_int(value), fx.const_int(len)) else {
        return memset_loop(fx, dst, value, len);
    };
    if n == 0 {
        return Ok(());
    }
    if n > MEMSET_LIMIT {
        return Err(CompileError::limit(format!("llvm.memset of {n} bytes (at most {MEMSET_LIMIT})")));
    }
    let src = constant_bytes(fx.w, byte as u8, n as u32);
    let d = fx.val(dst)?.0;
    let l = fx.val(len)?.0;
    fx.op_void(Op::CopyMemorySized, &[d, src, l]);
    Ok(())
}

/// `memset` as a loop: `for (i = 0; i < len; i++) dst[i] = value;` in SPIR-V blocks of
/// its own, splitting the block the call is in.
fn memset_loop(fx: &mut Fx<'_, '_>, dst: Operand, value: Operand, len: Operand) -> Result<()> {
    let i8t = fx.w.t_int(8);
    let byte = fx.val_as(value, i8t)?;
    let bits = match fx.w.m.ty(fx.model_ty(len)?) {
        Type::Int(b @ (32 | 64)) => *b,
        _ => return Err(CompileError::invalid("llvm.memset's length is not an i32 or i64")),
    };
    let (n, nt) = fx.val(len)?;
    let d = fx.val(dst)?;
    let (d, pt, _) = fx.ptr_to(d, i8t)?;
    let (zero, one) = (fx.w.c_int(nt, bits, 0), fx.w.c_int(nt, bits, 1));
    let bt = fx.w.t_bool();
    let (before, head, body, after) = (fx.current_label(), fx.w.id(), fx.w.id(), fx.w.id());
    let (i, next) = (fx.w.id(), fx.w.id());
    fx.op_void(Op::Branch, &[head]);
    fx.begin_block(head);
    fx.op_to(Op::Phi, nt, i, &[zero, before, next, body]);
    let more = fx.op(Op::ULessThan, bt, &[i, n]);
    fx.op_void(Op::BranchConditional, &[more, body, after]);
    fx.begin_block(body);
    let p = fx.op(Op::InBoundsPtrAccessChain, pt, &[d, i]);
    fx.op_void(Op::Store, &[p, byte]);
    fx.op_to(Op::IAdd, nt, next, &[i, one]);
    fx.op_void(Op::Branch, &[head]);
    fx.begin_block(after);
    Ok(())
}

/// A `UniformConstant` array of `n` bytes `byte`, as an `i8` pointer.
fn constant_bytes(w: &mut Writer<'_>, byte: u8, n: u32) -> u32 {
    let i8t = w.t_int(8);
    let len = w.c_u32(n);
    let at = w.intern_pub(Op::TypeArray, &[i8t, len]);
    let init = if byte == 0 {
        w.c_null(at)
    } else {
        let b = w.c_int(i8t, 8, u64::from(byte));
        w.c_splat(at, b, Some(n))
    };
    let pt = w.t_ptr(StorageClass::UniformConstant, at);
    let var = w.id();
    emit(&mut w.globals_sec, Op::Variable, &[pt, var, StorageClass::UniformConstant as u32, init]);
    var
}

/// `bswap`: bytes reversed with shifts and masks.
fn bswap(fx: &mut Fx<'_, '_>, c: &Call<'_>, rt: u32) -> Result<u32> {
    let a = *c.args.first().ok_or_else(|| CompileError::invalid("llvm.bswap takes one value"))?;
    let mt = fx.model_ty(a)?;
    let bits = fx.w.scalar_width(mt).unwrap_or(0);
    if !matches!(bits, 16 | 32 | 64) {
        return Err(CompileError::unsupported(format!("llvm.bswap of i{bits}")));
    }
    let v = fx.val(a)?.0;
    let mut acc = None;
    for i in 0..bits / 8 {
        // Byte i moves to byte (n - 1 - i).
        let from = i * 8;
        let to = bits - 8 - from;
        let mask = fx.splat(mt, 0xFF << from)?;
        let byte = fx.op(Op::BitwiseAnd, rt, &[v, mask]);
        let moved = if to > from {
            let k = fx.splat(mt, u64::from(to - from))?;
            fx.op(Op::ShiftLeftLogical, rt, &[byte, k])
        } else {
            let k = fx.splat(mt, u64::from(from - to))?;
            fx.op(Op::ShiftRightLogical, rt, &[byte, k])
        };
        acc = Some(match acc {
            None => moved,
            Some(x) => fx.op(Op::BitwiseOr, rt, &[x, moved]),
        });
    }
    acc.ok_or_else(|| CompileError::internal("bswap of no bytes"))
}

/// `fshl(a, b, s)` = `(a << s) | (b >> (w - s))`, `fshr(a, b, s)` = `(a << (w - s)) | (b >> s)`,
/// with `s` modulo the width (and a shift of 0 leaving `a` or `b`).
fn funnel(fx: &mut Fx<'_, '_>, c: &Call<'_>, rt: u32, left: bool) -> Result<u32> {
    let &[a, b, s] = c.args else {
        return Err(CompileError::invalid("funnel shifts take three values"));
    };
    let mt = fx.model_ty(a)?;
    let bits = u64::from(fx.w.scalar_width(mt).unwrap_or(32));
    let av = fx.val(a)?.0;
    let bv = fx.val(b)?.0;
    let sv = fx.val(s)?.0;
    let mask = fx.splat(mt, bits - 1)?;
    let width = fx.splat(mt, bits)?;
    let zero = fx.splat(mt, 0)?;
    let s = fx.op(Op::BitwiseAnd, rt, &[sv, mask]);
    let inv = fx.op(Op::ISub, rt, &[width, s]);
    let (ls, rs) = if left { (s, inv) } else { (inv, s) };
    let hi = fx.op(Op::ShiftLeftLogical, rt, &[av, ls]);
    let lo = fx.op(Op::ShiftRightLogical, rt, &[bv, rs]);
    let or = fx.op(Op::BitwiseOr, rt, &[hi, lo]);
    let (_, len) = fx.shape(mt);
    let bt = fx.w.t_bool();
    let bt = match len {
        Some(n) => fx.w.t_vec(bt, n),
        None => bt,
    };
    let is_zero = fx.op(Op::IEqual, bt, &[s, zero]);
    let keep = if left { av } else { bv };
    Ok(fx.op(Op::Select, rt, &[is_zero, keep, or]))
}

/// `vector.reduce.<op>(v)` (and the `fadd`/`fmul` forms with a start value) lane by lane.
fn reduce(fx: &mut Fx<'_, '_>, c: &Call<'_>, op: &str, rt: u32) -> Result<u32> {
    let (start, vec) = match (op, c.args) {
        ("fadd" | "fmul", [s, v]) => (Some(*s), *v),
        (_, [v]) => (None, *v),
        _ => return Err(CompileError::invalid(format!("`@{}` takes one vector", c.name))),
    };
    let mt = fx.model_ty(vec)?;
    let Some(Type::Vector { len, .. }) = fx.w.m.types.get(mt.0 as usize).cloned() else {
        return Err(CompileError::invalid("a vector reduction of a value that is not a vector"));
    };
    let v = fx.val(vec)?.0;
    let combine = |fx: &mut Fx<'_, '_>, a: u32, b: u32| -> Result<u32> {
        Ok(match op {
            "add" => fx.op(Op::IAdd, rt, &[a, b]),
            "mul" => fx.op(Op::IMul, rt, &[a, b]),
            "and" => fx.op(Op::BitwiseAnd, rt, &[a, b]),
            "or" => fx.op(Op::BitwiseOr, rt, &[a, b]),
            "xor" => fx.op(Op::BitwiseXor, rt, &[a, b]),
            "fadd" => fx.op(Op::FAdd, rt, &[a, b]),
            "fmul" => fx.op(Op::FMul, rt, &[a, b]),
            "smax" => fx.ext(Cl::s_max, rt, &[a, b]),
            "smin" => fx.ext(Cl::s_min, rt, &[a, b]),
            "umax" => fx.ext(Cl::u_max, rt, &[a, b]),
            "umin" => fx.ext(Cl::u_min, rt, &[a, b]),
            "fmax" => fx.ext(Cl::fmax, rt, &[a, b]),
            "fmin" => fx.ext(Cl::fmin, rt, &[a, b]),
            other => return Err(CompileError::unsupported(format!("the vector reduction `{other}`"))),
        })
    };
    let mut acc = match start {
        Some(s) => fx.val_as(s, rt)?,
        None => fx.op(Op::CompositeExtract, rt, &[v, 0]),
    };
    let first = if start.is_some() { 0 } else { 1 };
    for i in first..len {
        let x = fx.op(Op::CompositeExtract, rt, &[v, i]);
        acc = combine(fx, acc, x)?;
    }
    Ok(acc)
}

#[cfg(test)]
mod tests {
    #[test]
    fn base_names() {
        assert_eq!(super::base("llvm.fma.v4f32"), "fma");
        assert_eq!(super::base("llvm.memcpy.p1i8.p1i8.i64"), "memcpy");
        assert_eq!(super::base("llvm.memcpy.p0.p1.i64"), "memcpy");
        assert_eq!(super::base("llvm.vector.reduce.add.v4i32"), "vector.reduce.add");
        assert_eq!(super::base("llvm.lifetime.start.p0i8"), "lifetime.start");
        assert_eq!(super::base("llvm.sadd.sat.i32"), "sadd.sat");
        assert_eq!(super::base("llvm.dbg.value"), "dbg.value");
        assert_eq!(super::base("llvm.fmuladd.f32"), "fmuladd");
    }
}

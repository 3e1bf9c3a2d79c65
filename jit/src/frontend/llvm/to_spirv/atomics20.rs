//! OpenCL C 2.0 atomics as clang writes them in SPIR 1.2-style LLVM IR: mangled calls
//! of `atomic_init`, `atomic_load/store/exchange`, `atomic_fetch_<op>`,
//! `atomic_compare_exchange_strong/weak`, `atomic_flag_test_and_set/clear` (each also
//! `_explicit`, with `memory_order` and `memory_scope` operands) and
//! `atomic_work_item_fence`, as the `OpAtomic*` instructions llvm-spirv writes.
//!
//! The value type comes from the mangled pointee (`PU3AS1VU7_Atomici` is an `int`), so
//! opaque pointers need no other hint. Orders and scopes must be constants. It decides
//! and emits through `Fx`; the OpenCL 1.x `atomic_*` / `atom_*` builtins are in
//! `builtins`.

use rspirv::spirv::{Capability, MemorySemantics, Op, Scope};

use super::demangle::{Demangled, MangledType, Scalar};
use super::func::{Call, Fx};
use super::storage_bits;
use crate::frontend::llvm::model::Operand;
use crate::{CompileError, Result};

/// `memory_order_*` (clang's `__ATOMIC_*`) as memory semantics.
fn order_bits(order: u64) -> Result<u32> {
    Ok(match order {
        0 => 0,
        // `memory_order_consume` is `acquire`, as in C11 implementations.
        1 | 2 => MemorySemantics::ACQUIRE.bits(),
        3 => MemorySemantics::RELEASE.bits(),
        4 => MemorySemantics::ACQUIRE_RELEASE.bits(),
        5 => MemorySemantics::SEQUENTIALLY_CONSISTENT.bits(),
        o => return Err(CompileError::invalid(format!("memory order {o} is not an OpenCL memory_order"))),
    })
}

/// `memory_scope_*` (clang's `__OPENCL_MEMORY_SCOPE_*`) as a SPIR-V scope.
fn scope_of(scope: u64) -> Result<Scope> {
    Ok(match scope {
        0 => Scope::Invocation,
        1 => Scope::Workgroup,
        2 => Scope::Device,
        3 => Scope::CrossDevice,
        4 => Scope::Subgroup,
        s => return Err(CompileError::invalid(format!("memory scope {s} is not an OpenCL memory_scope"))),
    })
}

fn arg(c: &Call<'_>, i: usize) -> Result<Operand> {
    c.args
        .get(i)
        .copied()
        .ok_or_else(|| CompileError::invalid(format!("`@{}` is called with too few arguments", c.name)))
}

/// The constant operand `i` of `c` (an order, scope or fence flags), or `default`
/// when the call does not have it.
fn const_arg(fx: &Fx<'_, '_>, c: &Call<'_>, i: usize, default: u64, what: &str) -> Result<u64> {
    match c.args.get(i) {
        None => Ok(default),
        Some(&a) => fx
            .const_int(a)
            .ok_or_else(|| CompileError::unsupported(format!("`{}` with a {what} that is not a constant", c.name))),
    }
}

/// The SPIR-V type of a mangled scalar.
fn scalar_ty(fx: &mut Fx<'_, '_>, s: Scalar) -> Option<u32> {
    match s {
        Scalar::Int { bits, .. } => Some(fx.w.t_int(bits)),
        Scalar::Float { bits } => Some(fx.w.t_float(bits)),
        Scalar::Void | Scalar::Bool => None,
    }
}

/// The operation a name stands for, and where its order operand is.
enum Kind {
    Init,
    Load,
    Store,
    /// An `OpAtomic*` read-modify-write with a value operand.
    Rmw(&'static str),
    CompareExchange,
    FlagTestAndSet,
    FlagClear,
    Fence,
}

fn kind(name: &str) -> Option<(Kind, bool)> {
    let (base, explicit) = match name.strip_suffix("_explicit") {
        Some(b) => (b, true),
        None => (name, false),
    };
    let k = match base {
        "atomic_init" if !explicit => Kind::Init,
        "atomic_load" => Kind::Load,
        "atomic_store" => Kind::Store,
        "atomic_exchange" => Kind::Rmw("xchg"),
        "atomic_compare_exchange_strong" | "atomic_compare_exchange_weak" => Kind::CompareExchange,
        "atomic_flag_test_and_set" => Kind::FlagTestAndSet,
        "atomic_flag_clear" => Kind::FlagClear,
        "atomic_work_item_fence" if !explicit => Kind::Fence,
        _ => Kind::Rmw(match base.strip_prefix("atomic_fetch_")? {
            "add" => "add",
            "sub" => "sub",
            "or" => "or",
            "xor" => "xor",
            "and" => "and",
            "min" => "min",
            "max" => "max",
            _ => return None,
        }),
    };
    Some((k, explicit))
}

/// An OpenCL 2.0 atomic call: `Some(value)` when `c` is one (`None` inside for
/// `void`), `None` when it is not.
pub(crate) fn atomic20(fx: &mut Fx<'_, '_>, c: &Call<'_>, d: &Demangled, rt: u32) -> Result<Option<Option<u32>>> {
    let Some((k, explicit)) = kind(&d.name) else { return Ok(None) };
    if let Kind::Fence = k {
        let flags = const_arg(fx, c, 0, 3, "fence flags")?;
        let order = order_bits(const_arg(fx, c, 1, 5, "memory order")?)?;
        let scope = scope_of(const_arg(fx, c, 2, 2, "memory scope")?)?;
        let mut mem = 0;
        for (bit, sem) in [
            (1, MemorySemantics::WORKGROUP_MEMORY),
            (2, MemorySemantics::CROSS_WORKGROUP_MEMORY),
            (4, MemorySemantics::IMAGE_MEMORY),
        ] {
            if flags & bit != 0 {
                mem |= sem.bits();
            }
        }
        let (scope, sem) = (fx.w.c_u32(scope as u32), fx.w.c_u32(order | mem));
        fx.op_void(Op::MemoryBarrier, &[scope, sem]);
        return Ok(Some(None));
    }
    let Some(MangledType::Pointer { pointee, .. }) = d.args.first() else { return Ok(None) };
    let is_float = pointee.is_float();
    let signed = pointee.is_signed();
    let flag = matches!(k, Kind::FlagTestAndSet | Kind::FlagClear);
    let t = if flag { Some(fx.w.t_int(32)) } else { pointee.scalar().and_then(|s| scalar_ty(fx, s)) };
    let Some(t) = t else {
        return Err(CompileError::unsupported(format!("`{}` on a pointer to {pointee:?}", d.name)));
    };
    if matches!(pointee.scalar(), Some(Scalar::Int { bits: 64, .. })) {
        fx.w.cap(Capability::Int64Atomics);
    }
    let p = fx.val(arg(c, 0)?)?;
    let (p, _, sc) = fx.ptr_to(p, t)?;
    // Where the order and scope operands are, after the pointer and values.
    let values = match k {
        Kind::Init | Kind::Store | Kind::Rmw(_) => 1,
        Kind::CompareExchange => 2,
        _ => 0,
    };
    let (order, scope) = if explicit {
        let order = order_bits(const_arg(fx, c, 1 + values, 5, "memory order")?)?;
        let at = if matches!(k, Kind::CompareExchange) { 3 + values } else { 2 + values };
        (order, scope_of(const_arg(fx, c, at, 2, "memory scope")?)?)
    } else {
        (MemorySemantics::SEQUENTIALLY_CONSISTENT.bits(), Scope::Device)
    };
    let scope_id = fx.w.c_u32(scope as u32);
    let sem = fx.w.c_u32(order | storage_bits(sc));
    let v = match k {
        Kind::Init => {
            let v = fx.val_as(arg(c, 1)?, t)?;
            fx.op_void(Op::Store, &[p, v]);
            None
        }
        Kind::Load => Some(fx.op(Op::AtomicLoad, t, &[p, scope_id, sem])),
        Kind::Store => {
            let v = fx.val_as(arg(c, 1)?, t)?;
            fx.op_void(Op::AtomicStore, &[p, scope_id, sem, v]);
            None
        }
        Kind::FlagTestAndSet => {
            let one = fx.w.c_int(t, 32, 1);
            let old = fx.op(Op::AtomicExchange, t, &[p, scope_id, sem, one]);
            let zero = fx.w.c_int(t, 32, 0);
            let bt = fx.w.t_bool();
            let set = fx.op(Op::INotEqual, bt, &[old, zero]);
            Some(if rt == bt { set } else { widen_bool(fx, set, rt) })
        }
        Kind::FlagClear => {
            let zero = fx.w.c_int(t, 32, 0);
            fx.op_void(Op::AtomicStore, &[p, scope_id, sem, zero]);
            None
        }
        Kind::CompareExchange => {
            let failure = if explicit {
                order_bits(const_arg(fx, c, 4, 5, "memory order")?)?
            } else {
                MemorySemantics::SEQUENTIALLY_CONSISTENT.bits()
            };
            // The failed compare only reads: no release part.
            let failure = match failure {
                f if f == MemorySemantics::RELEASE.bits() => 0,
                f if f == MemorySemantics::ACQUIRE_RELEASE.bits() => MemorySemantics::ACQUIRE.bits(),
                f => f,
            };
            let ne = fx.w.c_u32(failure | storage_bits(sc));
            let e = fx.val(arg(c, 1)?)?;
            let (e, _, _) = fx.ptr_to(e, t)?;
            let expected = fx.op(Op::Load, t, &[e]);
            let desired = fx.val_as(arg(c, 2)?, t)?;
            let old = fx.op(Op::AtomicCompareExchange, t, &[p, scope_id, sem, ne, desired, expected]);
            // `*expected` gets what the object held: unchanged when the swap succeeded.
            fx.op_void(Op::Store, &[e, old]);
            let bt = fx.w.t_bool();
            let (eq, ok_ops) = if is_float { (Op::FOrdEqual, [old, expected]) } else { (Op::IEqual, [old, expected]) };
            let ok = fx.op(eq, bt, &ok_ops);
            Some(if rt == bt { ok } else { widen_bool(fx, ok, rt) })
        }
        Kind::Rmw(op) => {
            let spv = match (op, is_float) {
                ("xchg", _) => Op::AtomicExchange,
                ("add", true) => {
                    fx.w.cap(float_cap(
                        pointee,
                        [C::AtomicFloat16AddEXT, C::AtomicFloat32AddEXT, C::AtomicFloat64AddEXT],
                    ));
                    Op::AtomicFAddEXT
                }
                ("sub", true) => {
                    return Err(CompileError::unsupported(format!(
                        "`{}` on a float (no float atomic subtraction)",
                        d.name
                    )))
                }
                ("min" | "max", true) => {
                    fx.w.cap(float_cap(
                        pointee,
                        [C::AtomicFloat16MinMaxEXT, C::AtomicFloat32MinMaxEXT, C::AtomicFloat64MinMaxEXT],
                    ));
                    if op == "min" {
                        Op::AtomicFMinEXT
                    } else {
                        Op::AtomicFMaxEXT
                    }
                }
                ("add", _) => Op::AtomicIAdd,
                ("sub", _) => Op::AtomicISub,
                ("or", _) => Op::AtomicOr,
                ("xor", _) => Op::AtomicXor,
                ("and", _) => Op::AtomicAnd,
                ("min", _) if signed => Op::AtomicSMin,
                ("min", _) => Op::AtomicUMin,
                ("max", _) if signed => Op::AtomicSMax,
                _ => Op::AtomicUMax,
            };
            let v = fx.val_as(arg(c, 1)?, t)?;
            Some(fx.op(spv, t, &[p, scope_id, sem, v]))
        }
        Kind::Fence => None,
    };
    Ok(Some(v))
}

use Capability as C;

/// The float-atomic capability of `pointee`'s width among `caps` (16, 32, 64 bits).
fn float_cap(pointee: &MangledType, caps: [Capability; 3]) -> Capability {
    match pointee.scalar() {
        Some(Scalar::Float { bits: 16 }) => caps[0],
        Some(Scalar::Float { bits: 64 }) => caps[2],
        _ => caps[1],
    }
}

/// A `bool` as the integer type `rt` a call returns it in (0 or 1).
fn widen_bool(fx: &mut Fx<'_, '_>, b: u32, rt: u32) -> u32 {
    let (one, zero) = (fx.w.c_int(rt, 32, 1), fx.w.c_int(rt, 32, 0));
    fx.op(Op::Select, rt, &[b, one, zero])
}

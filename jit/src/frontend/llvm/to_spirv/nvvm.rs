//! NVVM IR (CUDA) for the SPIR-V writer: which functions are kernels and their
//! work-group sizes (`!nvvm.annotations`, the `ptx_kernel` convention), what the NVVM
//! address spaces are, what each `llvm.nvvm.*` intrinsic, `__nv_*` libdevice function
//! and `vprintf` call means, and the module's dynamic shared memory (`extern __shared__`).
//!
//! How the writer uses it, for a module whose [`Module::dialect`] is NVVM:
//! * run `nvvm_prepare::prepare` first: kernels then have the `ptx_kernel` convention,
//!   their host names and clang's OpenCL work-group size metadata; `vprintf` calls are
//!   `printf` calls; dynamic shared memory is a last parameter;
//! * address spaces through [`Space`]: pointers in space 0 are generic. A kernel's
//!   generic (or global) pointer parameter is a `CrossWorkgroup` parameter
//!   ([`kernel_param_storage_class`]) cast to generic at entry; an `alloca` is a
//!   `Function` variable cast to generic; a global in space 0 is a `CrossWorkgroup`
//!   (`UniformConstant` when `constant`) variable ([`Space::global_storage_class`])
//!   cast to generic where it is used; a shared global a `Workgroup` variable;
//! * each call of a declared function through [`classify`]: built-ins read as `i32`
//!   (the component of the `size_t` vector, truncated), barriers as `OpControlBarrier`
//!   Workgroup/Workgroup with work-group and cross-work-group memory semantics,
//!   `MemBar(scope)` as `OpMemoryBarrier`, `WarpSync` as a Subgroup barrier, shuffles as
//!   `GroupNonUniformShuffle` from the lane [`shfl_lane`] computes (the writer's
//!   [`IntOps`] on the call's operands and `SubgroupLocalInvocationId` /
//!   `SubgroupMaxSize`), votes as `GroupNonUniformAll/Any/AllEqual/Ballot` (the ballot's
//!   first component), `ActiveMask` as a ballot of `true`, `Atomic` as the atomic of that
//!   operation, `Cvta` as an address-space cast, `Reflect` as `i32 0`, libdevice through
//!   [`Libdevice`]; anything else unknown is refused by name.
//!
//! CUDA's execution model maps onto OpenCL's one to one: a thread is a work-item, a
//! block a work-group, the grid the NDRange, shared memory local memory, and a warp a
//! sub-group — `warpSize` is the sub-group size, the lane count W the kernel was
//! compiled at (1, 2, 4, 8 or 16), not 32 (see docs/cuda.md). Warp shuffles follow PTX's
//! rules ([`shfl_lane`]): a lane whose source is out of its segment or past the warp
//! keeps its own value.
//!
//! This module decides and the writer emits: it reads the model and returns plain
//! descriptions; it must not write SPIR-V, and it knows nothing of SPIR 1.2.

use rspirv::spirv::{BuiltIn, Scope, StorageClass};

use super::libdevice::{self, Libdevice};
use crate::frontend::llvm::model::{
    Callee, CallingConv, ConstExpr, ConstId, Constant, FuncId, Function, GlobalId, InstKind, Md, Module, Operand,
    RmwOp, Terminator,
};
use crate::{CompileError, Result};

/// An NVVM address space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// 0: any of the others; kernel pointer parameters are generic in clang's output.
    Generic,
    /// 1: device memory (the host's buffers).
    Global,
    /// 3: the block's shared memory.
    Shared,
    /// 4: `__constant__` memory.
    Constant,
    /// 5: a thread's local memory (allocas after NVPTX's own passes).
    Local,
}

impl Space {
    /// The NVVM address space `addrspace`, or an error naming it.
    pub fn of(addrspace: u32) -> Result<Space> {
        Ok(match addrspace {
            0 => Space::Generic,
            1 => Space::Global,
            3 => Space::Shared,
            4 => Space::Constant,
            5 => Space::Local,
            n => {
                return Err(CompileError::unsupported(format!(
                    "NVVM address space {n}: spirjit knows 0 (generic), 1 (global), 3 (shared), 4 (constant) \
                     and 5 (local)"
                )))
            }
        })
    }

    /// The storage class of a pointer into this space.
    pub fn storage_class(self) -> StorageClass {
        match self {
            Space::Generic => StorageClass::Generic,
            Space::Global => StorageClass::CrossWorkgroup,
            Space::Shared => StorageClass::Workgroup,
            Space::Constant => StorageClass::UniformConstant,
            Space::Local => StorageClass::Function,
        }
    }

    /// The storage class of a module-scope variable in this space: NVVM globals in the
    /// generic space (string literals, `__device__` variables) live in global memory.
    pub fn global_storage_class(self, constant: bool) -> StorageClass {
        match self {
            Space::Generic | Space::Global if constant => StorageClass::UniformConstant,
            Space::Generic | Space::Global => StorageClass::CrossWorkgroup,
            other => other.storage_class(),
        }
    }
}

/// The storage class of a kernel pointer parameter in `addrspace`: generic and global
/// pointers are the host's buffers (global; the writer casts a generic one to generic at
/// entry), constant pointers constant buffers.
pub fn kernel_param_storage_class(addrspace: u32) -> Result<StorageClass> {
    Ok(match Space::of(addrspace)? {
        Space::Generic | Space::Global => StorageClass::CrossWorkgroup,
        Space::Constant => StorageClass::UniformConstant,
        Space::Shared => StorageClass::Workgroup,
        Space::Local => {
            return Err(CompileError::invalid(
                "a kernel parameter points to local (per-thread, address space 5) memory, which the host cannot pass",
            ))
        }
    })
}

/// One kernel of an NVVM module.
#[derive(Clone, Debug, PartialEq)]
pub struct NvvmKernel {
    pub func: FuncId,
    /// The name the host uses: the function's, demangled when it is a C++ name that
    /// no other kernel shares (`_Z5saxpyifPKfPf` → `saxpy`).
    pub name: String,
    /// `reqntid` (`reqntidx`, `reqntidy`, `reqntidz`): the block size every launch uses.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// `maxntid`: the largest block size; a hint.
    pub work_group_size_hint: Option<[u32; 3]>,
}

/// The kernels of `m`: functions annotated `kernel` 1 in `!nvvm.annotations` or using
/// the `ptx_kernel` convention, each once, in module order.
pub fn kernels(m: &Module) -> Result<Vec<NvvmKernel>> {
    let mut found: Vec<NvvmKernel> = Vec::new();
    let entry = |found: &mut Vec<NvvmKernel>, func: FuncId| -> usize {
        if let Some(i) = found.iter().position(|k| k.func == func) {
            return i;
        }
        let name = m.function(func).name.clone();
        found.push(NvvmKernel { func, name, reqd_work_group_size: None, work_group_size_hint: None });
        found.len() - 1
    };
    for (i, f) in m.functions.iter().enumerate() {
        if f.cc == CallingConv::PtxKernel && !f.is_declaration() {
            entry(&mut found, FuncId(i as u32));
        }
    }
    // Properties of functions that are not kernels (`align`) are kept apart and dropped.
    let mut props: Vec<(FuncId, String, u32)> = Vec::new();
    let mut is_kernel: Vec<FuncId> = Vec::new();
    for &node in m.named("nvvm.annotations").unwrap_or(&[]) {
        let ops = m.metadata.get(node.0 as usize).ok_or_else(|| bad_annotation("refers to a missing node"))?;
        let Some(Md::Value(c)) = ops.first() else { continue };
        let Some(func) = function_of(m, *c) else { continue }; // global variables: `texture`, `managed`
        for pair in ops[1..].chunks(2) {
            let [Md::Str(key), Md::Value(v)] = pair else { continue };
            let Some(value) = int_value(m, *v) else {
                return Err(bad_annotation(&format!(
                    "property `{key}` of `@{}` is not an integer",
                    m.function(func).name
                )));
            };
            if key == "kernel" && value == 1 {
                is_kernel.push(func);
            } else {
                props.push((func, key.clone(), value));
            }
        }
    }
    for func in is_kernel {
        if m.function(func).is_declaration() {
            return Err(bad_annotation(&format!("kernel `@{}` is declared but not defined", m.function(func).name)));
        }
        entry(&mut found, func);
    }
    for (func, key, value) in props {
        let Some(k) = found.iter_mut().find(|k| k.func == func) else { continue };
        let (slot, dim) = match key.as_str() {
            "reqntidx" => (&mut k.reqd_work_group_size, 0),
            "reqntidy" => (&mut k.reqd_work_group_size, 1),
            "reqntidz" => (&mut k.reqd_work_group_size, 2),
            "maxntidx" => (&mut k.work_group_size_hint, 0),
            "maxntidy" => (&mut k.work_group_size_hint, 1),
            "maxntidz" => (&mut k.work_group_size_hint, 2),
            _ => continue, // minctasm, maxnreg, align: nothing to do on a CPU
        };
        if value == 0 {
            return Err(bad_annotation(&format!("`{key}` of kernel `@{}` is 0", m.function(func).name)));
        }
        slot.get_or_insert([1, 1, 1])[dim] = value;
    }
    let plain: Vec<Option<String>> = found.iter().map(|k| demangled_name(&k.name).map(str::to_string)).collect();
    for (i, k) in found.iter_mut().enumerate() {
        if let Some(short) = &plain[i] {
            let clash = plain.iter().filter(|p| p.as_deref() == Some(short.as_str())).count() > 1
                || m.functions.iter().any(|f| &f.name == short);
            if !clash {
                k.name = short.clone();
            }
        }
    }
    Ok(found)
}

fn bad_annotation(what: &str) -> CompileError {
    CompileError::invalid(format!("`!nvvm.annotations` {what}")).at(None, "!nvvm.annotations", None)
}

/// The function a metadata value names (through casts of its address).
fn function_of(m: &Module, c: ConstId) -> Option<FuncId> {
    match m.consts.get(c.0 as usize)? {
        Constant::Function { func, .. } => Some(*func),
        Constant::Expr { expr: ConstExpr::Cast { value, .. }, .. } => function_of(m, *value),
        _ => None,
    }
}

fn int_value(m: &Module, c: ConstId) -> Option<u32> {
    match m.consts.get(c.0 as usize)? {
        Constant::Int { value, .. } => u32::try_from(*value).ok(),
        _ => None,
    }
}

/// The unqualified name of a plain Itanium-mangled function (`_Z5saxpyifPKfPf` →
/// `saxpy`); `None` for anything else (C names, nested or template names).
pub fn demangled_name(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("_Z")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let len: usize = rest.get(..digits)?.parse().ok()?;
    let ident = rest.get(digits..digits.checked_add(len)?)?;
    let valid = !ident.is_empty() && ident.bytes().all(|b| b == b'_' || b.is_ascii_alphanumeric());
    valid.then_some(ident)
}

/// The external shared arrays of `m` (`extern __shared__ float buf[];`: an external
/// global in address space 3 with no initializer). In CUDA they all start at the same
/// address, the block's dynamic shared memory: the writer gives each kernel that uses
/// one an extra last parameter, a local pointer named
/// [`DYNAMIC_SHARED_PARAM`](crate::frontend::llvm::DYNAMIC_SHARED_PARAM), sized at launch.
pub fn dynamic_shared(m: &Module) -> Vec<GlobalId> {
    let mut out = Vec::new();
    for (i, g) in m.globals.iter().enumerate() {
        if g.addrspace == 3 && g.init.is_none() {
            out.push(GlobalId(i as u32));
        }
    }
    out
}

/// Whether function `f` refers to any global of `globals` (in an operand, directly or
/// inside a constant expression).
pub fn uses_globals(m: &Module, f: &Function, globals: &[GlobalId]) -> bool {
    if globals.is_empty() {
        return false;
    }
    let mut seen = vec![false; m.consts.len()];
    f.blocks.iter().flat_map(|b| b.insts.iter()).any(|inst| {
        let mut hit = false;
        for_each_operand(&inst.kind, &mut |op| {
            if let Operand::Const(c) = op {
                hit |= const_uses(m, c, globals, &mut seen);
            }
        });
        hit
    })
}

fn const_uses(m: &Module, c: ConstId, globals: &[GlobalId], seen: &mut [bool]) -> bool {
    let Some(flag) = seen.get_mut(c.0 as usize) else { return false };
    if *flag {
        return false;
    }
    *flag = true;
    match m.constant(c) {
        Constant::Global { global, .. } => globals.contains(global),
        Constant::Aggregate { elems, .. } => elems.clone().into_iter().any(|e| const_uses(m, e, globals, seen)),
        Constant::Expr { expr, .. } => {
            let parts: Vec<ConstId> = match expr {
                ConstExpr::Cast { value, .. } | ConstExpr::FNeg(value) => vec![*value],
                ConstExpr::Binary { lhs, rhs, .. }
                | ConstExpr::ICmp { lhs, rhs, .. }
                | ConstExpr::FCmp { lhs, rhs, .. } => {
                    vec![*lhs, *rhs]
                }
                ConstExpr::Gep { base, indices, .. } => std::iter::once(*base).chain(indices.iter().copied()).collect(),
                ConstExpr::Select { cond, a, b } => vec![*cond, *a, *b],
                ConstExpr::ExtractElement { vec, index } => vec![*vec, *index],
                ConstExpr::InsertElement { vec, elem, index } => vec![*vec, *elem, *index],
                ConstExpr::ShuffleVector { a, b, .. } => vec![*a, *b],
            };
            parts.into_iter().any(|p| const_uses(m, p, globals, seen))
        }
        _ => false,
    }
}

/// Calls `f` on every value operand of an instruction, in [`map_operands`]'s order.
pub fn for_each_operand(kind: &InstKind, f: &mut dyn FnMut(Operand)) {
    let mut k = kind.clone();
    map_operands(&mut k, &mut |op| f(*op));
}

/// Calls `f` on every value operand of an instruction, in a fixed order.
pub fn map_operands(kind: &mut InstKind, f: &mut dyn FnMut(&mut Operand)) {
    match kind {
        InstKind::Binary { lhs, rhs, .. } | InstKind::ICmp { lhs, rhs, .. } | InstKind::FCmp { lhs, rhs, .. } => {
            f(lhs);
            f(rhs);
        }
        InstKind::FNeg(v) | InstKind::Cast { value: v, .. } | InstKind::Freeze(v) => f(v),
        InstKind::Select { cond, a, b } => {
            f(cond);
            f(a);
            f(b);
        }
        InstKind::Phi { incoming } => incoming.iter_mut().for_each(|(v, _)| f(v)),
        InstKind::Alloca { count, .. } => count.iter_mut().for_each(f),
        InstKind::Load { ptr, .. } => f(ptr),
        InstKind::Store { value, ptr, .. } => {
            f(value);
            f(ptr);
        }
        InstKind::Gep { base, indices, .. } => {
            f(base);
            indices.iter_mut().for_each(f);
        }
        InstKind::ExtractElement { vec, index } => {
            f(vec);
            f(index);
        }
        InstKind::InsertElement { vec, elem, index } => {
            f(vec);
            f(elem);
            f(index);
        }
        InstKind::ShuffleVector { a, b, .. } => {
            f(a);
            f(b);
        }
        InstKind::ExtractValue { agg, .. } => f(agg),
        InstKind::InsertValue { agg, elem, .. } => {
            f(agg);
            f(elem);
        }
        InstKind::Call { callee, args, .. } => {
            args.iter_mut().for_each(&mut *f);
            if let Callee::Indirect(op) = callee {
                f(op);
            }
        }
        InstKind::AtomicRmw { ptr, value, .. } => {
            f(ptr);
            f(value);
        }
        InstKind::CmpXchg { ptr, expected, new, .. } => {
            f(ptr);
            f(expected);
            f(new);
        }
        InstKind::Fence { .. } => {}
    }
}

pub fn map_term(term: &mut Terminator, f: &mut dyn FnMut(&mut Operand)) {
    match term {
        Terminator::Ret(Some(v)) => f(v),
        Terminator::CondBr { cond, .. } => f(cond),
        Terminator::Switch { value, .. } => f(value),
        Terminator::Ret(None) | Terminator::Br(_) | Terminator::Unreachable => {}
    }
}

/// A warp shuffle's mode (`shfl.sync.<mode>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShflMode {
    Idx,
    Up,
    Down,
    Bfly,
}

/// A warp vote (`vote.sync.<op>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoteOp {
    All,
    Any,
    /// All active lanes have the same predicate.
    Uni,
    /// The mask of active lanes whose predicate is true (`i32`).
    Ballot,
}

/// What a call to a declared NVVM function is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NvvmCall {
    /// Component `dim` of a work-item built-in, as `i32`: `tid` LocalInvocationId,
    /// `ntid` WorkgroupSize, `ctaid` WorkgroupId, `nctaid` NumWorkgroups.
    Builtin { var: BuiltIn, dim: u32 },
    /// A sub-group built-in as `i32`: `laneid` SubgroupLocalInvocationId, `warpsize`
    /// SubgroupMaxSize, `warpid` SubgroupId, `nwarpid` NumSubgroups.
    SubgroupBuiltin(BuiltIn),
    /// A block-wide barrier with work-group memory semantics (`barrier0`,
    /// `barrier.sync`, `barrier.cta.sync.aligned.all`; the barrier id and thread count
    /// operands of `bar.sync id, count` are not used: every thread of the block takes part).
    Barrier,
    /// `barrier0.popc/and/or`: a barrier that also reduces a predicate over the block.
    BarrierReduce(VoteOp),
    /// `bar.warp.sync`: the lanes of a warp run in lockstep; a sub-group barrier.
    WarpSync,
    /// `membar.cta/gl/sys`: a memory barrier at this scope.
    MemBar(Scope),
    /// `shfl[.sync].<mode>.<i32|f32>[p]`: operands (mask,) value, lane/offset `b`, packed
    /// clamp/segment `c`; the `p` forms also return whether the source lane was valid.
    Shuffle { mode: ShflMode, sync: bool, pred: bool },
    /// `vote[.sync].<op>`: operands (mask,) predicate.
    Vote { op: VoteOp, sync: bool },
    /// `activemask`: the ballot of every active lane.
    ActiveMask,
    /// The `llvm.nvvm.atomic.*` read-modify-writes (`atomic.load.add.f32`,
    /// `atomic.load.inc.32`, `atomic.load.dec.32`, `atomic.add.gen.f.cta`, ...) on
    /// operands (pointer, value), at `scope`.
    Atomic { op: RmwOp, scope: Scope },
    /// `ptr.gen.to.<space>` / `ptr.<space>.to.gen` and `cvta`: an address-space cast to
    /// the result type.
    Cvta,
    /// `ldg.global.*` / `ldu.global.*`: a load through the pointer operand.
    LoadGlobal,
    /// `__nvvm_reflect("__CUDA_FTZ")` and friends: the constant 0 (no flush to zero,
    /// precise division and square root).
    Reflect,
    /// `vprintf(format, packed_args)`: printf (`nvvm_printf` rewrites these first).
    Printf,
    /// A libdevice function.
    Libdevice(Libdevice),
}

/// The prelude's `warpSize`: a function the optimizer cannot fold, unlike
/// `llvm.nvvm.read.ptx.sreg.warpsize`, which LLVM 19 and later replace by 32.
pub const WARP_SIZE_FN: &str = "__spirjit_warpsize";

/// What a call of the declared function `name` is, or `None` when it is not one of the
/// NVVM functions spirjit knows (the writer then reports it by name).
pub fn classify(name: &str) -> Option<NvvmCall> {
    if name.starts_with("__nv_") {
        return libdevice::lookup(name).map(NvvmCall::Libdevice);
    }
    if name == "vprintf" {
        return Some(NvvmCall::Printf);
    }
    if name == "__nvvm_reflect" || name == "llvm.nvvm.reflect" {
        return Some(NvvmCall::Reflect);
    }
    if name == WARP_SIZE_FN {
        return Some(NvvmCall::SubgroupBuiltin(BuiltIn::SubgroupMaxSize));
    }
    let rest = name.strip_prefix("llvm.nvvm.")?;
    if let Some(sreg) = rest.strip_prefix("read.ptx.sreg.") {
        return sreg_call(sreg);
    }
    let call = match rest {
        "barrier0" | "barrier.sync" | "barrier.sync.cnt" | "barrier.n" | "barrier" | "bar.sync" => NvvmCall::Barrier,
        _ if rest.starts_with("barrier.cta.sync") => NvvmCall::Barrier,
        "barrier0.popc" => NvvmCall::BarrierReduce(VoteOp::Ballot),
        "barrier0.and" => NvvmCall::BarrierReduce(VoteOp::All),
        "barrier0.or" => NvvmCall::BarrierReduce(VoteOp::Any),
        "bar.warp.sync" => NvvmCall::WarpSync,
        "membar.cta" => NvvmCall::MemBar(Scope::Workgroup),
        "membar.gl" => NvvmCall::MemBar(Scope::Device),
        "membar.sys" => NvvmCall::MemBar(Scope::CrossDevice),
        "activemask" => NvvmCall::ActiveMask,
        _ => return other_call(rest),
    };
    Some(call)
}

fn sreg_call(sreg: &str) -> Option<NvvmCall> {
    let (reg, dim) = match sreg.rsplit_once('.') {
        Some((reg, "x")) => (reg, 0),
        Some((reg, "y")) => (reg, 1),
        Some((reg, "z")) => (reg, 2),
        _ => {
            let var = match sreg {
                "laneid" => BuiltIn::SubgroupLocalInvocationId,
                "warpsize" => BuiltIn::SubgroupMaxSize,
                "warpid" => BuiltIn::SubgroupId,
                "nwarpid" => BuiltIn::NumSubgroups,
                _ => return None,
            };
            return Some(NvvmCall::SubgroupBuiltin(var));
        }
    };
    let var = match reg {
        "tid" => BuiltIn::LocalInvocationId,
        "ntid" => BuiltIn::WorkgroupSize,
        "ctaid" => BuiltIn::WorkgroupId,
        "nctaid" => BuiltIn::NumWorkgroups,
        _ => return None,
    };
    Some(NvvmCall::Builtin { var, dim })
}

fn other_call(rest: &str) -> Option<NvvmCall> {
    if let Some(shfl) = rest.strip_prefix("shfl.") {
        let (sync, shfl) = match shfl.strip_prefix("sync.") {
            Some(s) => (true, s),
            None => (false, shfl),
        };
        let (mode, ty) = shfl.split_once('.')?;
        let mode = match mode {
            "idx" => ShflMode::Idx,
            "up" => ShflMode::Up,
            "down" => ShflMode::Down,
            "bfly" => ShflMode::Bfly,
            _ => return None,
        };
        let pred = match ty {
            "i32" | "f32" => false,
            "i32p" | "f32p" => true,
            _ => return None,
        };
        return Some(NvvmCall::Shuffle { mode, sync, pred });
    }
    if let Some(vote) = rest.strip_prefix("vote.") {
        let (op, sync) = match vote.split_once('.') {
            Some((op, "sync")) => (op, true),
            None => (vote, false),
            _ => return None,
        };
        let op = match op {
            "all" => VoteOp::All,
            "any" => VoteOp::Any,
            "uni" => VoteOp::Uni,
            "ballot" => VoteOp::Ballot,
            _ => return None,
        };
        return Some(NvvmCall::Vote { op, sync });
    }
    if rest.starts_with("ptr.") || rest.starts_with("cvta.") {
        return Some(NvvmCall::Cvta);
    }
    if rest.starts_with("ldg.global.") || rest.starts_with("ldu.global.") {
        return Some(NvvmCall::LoadGlobal);
    }
    if let Some(atomic) = rest.strip_prefix("atomic.") {
        return atomic_call(atomic);
    }
    // The `llvm.nvvm.*` math libdevice itself calls, when it is linked in.
    let lib = match rest {
        "fabs.f" | "fabs.d" => Libdevice::Ext(rspirv::spirv::OpenclStd100Op::fabs),
        "fmin.f" | "fmin.d" | "fmin.ftz.f" => Libdevice::Ext(rspirv::spirv::OpenclStd100Op::fmin),
        "fmax.f" | "fmax.d" | "fmax.ftz.f" => Libdevice::Ext(rspirv::spirv::OpenclStd100Op::fmax),
        "rsqrt.approx.f" | "rsqrt.approx.d" | "rsqrt.approx.ftz.f" => {
            Libdevice::Ext(rspirv::spirv::OpenclStd100Op::rsqrt)
        }
        "ex2.approx.f" | "ex2.approx.ftz.f" | "ex2.approx.d" => Libdevice::Ext(rspirv::spirv::OpenclStd100Op::exp2),
        "lg2.approx.f" | "lg2.approx.ftz.f" | "lg2.approx.d" => Libdevice::Ext(rspirv::spirv::OpenclStd100Op::log2),
        "sin.approx.f" | "sin.approx.ftz.f" => Libdevice::Ext(rspirv::spirv::OpenclStd100Op::sin),
        "cos.approx.f" | "cos.approx.ftz.f" => Libdevice::Ext(rspirv::spirv::OpenclStd100Op::cos),
        "sqrt.rn.f" | "sqrt.rn.d" | "sqrt.f" | "sqrt.approx.f" => Libdevice::FloatOp(libdevice::FloatOp::Sqrt),
        "fma.rn.f" | "fma.rn.d" => Libdevice::FloatOp(libdevice::FloatOp::Fma),
        "div.rn.f" | "div.rn.d" | "div.approx.f" => Libdevice::FloatOp(libdevice::FloatOp::Div),
        "rcp.rn.f" | "rcp.rn.d" | "rcp.approx.ftz.d" => Libdevice::Recip,
        "saturate.f" | "saturate.d" => Libdevice::Saturate,
        _ => return None,
    };
    Some(NvvmCall::Libdevice(lib))
}

/// `atomic.load.add.f32.p1f32`, `atomic.load.inc.32.p0i32`, `atomic.add.gen.f.cta`,
/// `atomic.exch.gen.i.sys`, ...
fn atomic_call(atomic: &str) -> Option<NvvmCall> {
    if let Some(load) = atomic.strip_prefix("load.") {
        let op = match load.split('.').next()? {
            "add" if load.starts_with("add.f") => RmwOp::FAdd,
            "inc" => RmwOp::UIncWrap,
            "dec" => RmwOp::UDecWrap,
            _ => return None,
        };
        return Some(NvvmCall::Atomic { op, scope: Scope::Device });
    }
    let mut parts = atomic.split('.');
    let op_name = parts.next()?;
    if parts.next()? != "gen" {
        return None;
    }
    let kind = parts.next()?;
    let scope = match parts.next() {
        Some("cta") => Scope::Workgroup,
        Some("sys") => Scope::CrossDevice,
        None => Scope::Device,
        Some(_) => return None,
    };
    let op = match (op_name, kind) {
        ("add", "f") => RmwOp::FAdd,
        ("add", "i") => RmwOp::Add,
        ("exch", _) => RmwOp::Xchg,
        ("max", "i") => RmwOp::Max,
        ("max", "ui") => RmwOp::UMax,
        ("min", "i") => RmwOp::Min,
        ("min", "ui") => RmwOp::UMin,
        ("inc", _) => RmwOp::UIncWrap,
        ("dec", _) => RmwOp::UDecWrap,
        ("and", _) => RmwOp::And,
        ("or", _) => RmwOp::Or,
        ("xor", _) => RmwOp::Xor,
        _ => return None,
    };
    Some(NvvmCall::Atomic { op, scope })
}

/// `i32` arithmetic, for [`shfl_lane`]: the writer implements it with SPIR-V
/// instructions on ids, [`shfl_source`] with plain integers, so that what is emitted is
/// what is tested.
pub trait IntOps {
    /// An `i32` value.
    type Int: Copy;
    /// A boolean.
    type Bool: Copy;
    fn constant(&mut self, v: i32) -> Self::Int;
    fn and(&mut self, a: Self::Int, b: Self::Int) -> Self::Int;
    fn or(&mut self, a: Self::Int, b: Self::Int) -> Self::Int;
    fn xor(&mut self, a: Self::Int, b: Self::Int) -> Self::Int;
    fn add(&mut self, a: Self::Int, b: Self::Int) -> Self::Int;
    fn sub(&mut self, a: Self::Int, b: Self::Int) -> Self::Int;
    /// Logical shift right.
    fn shr(&mut self, a: Self::Int, bits: Self::Int) -> Self::Int;
    /// Signed `a <= b`.
    fn sle(&mut self, a: Self::Int, b: Self::Int) -> Self::Bool;
    /// Unsigned `a < b`.
    fn ult(&mut self, a: Self::Int, b: Self::Int) -> Self::Bool;
    fn both(&mut self, a: Self::Bool, b: Self::Bool) -> Self::Bool;
    fn select(&mut self, cond: Self::Bool, a: Self::Int, b: Self::Int) -> Self::Int;
}

/// The source lane of a warp shuffle and whether it is valid, as PTX defines
/// `shfl.sync.mode d, a, b, c`: `b` is the lane or offset (bits 0–4), `c` packs the
/// clamp value (bits 0–4) and the segment mask (bits 8–12); `lane` is the executing lane and `warp` the warp size (a power of
/// two up to 32). CUDA code computes the segment mask as `warpSize - width`, which
/// lacks the bits above a warp narrower than 32: lanes never have those bits, so they
/// count as part of the mask. An invalid source (outside the lane's segment, or past
/// the warp) means the lane keeps its own value: the writer emits this and a
/// `GroupNonUniformShuffle` from the lane returned.
pub fn shfl_lane<O: IntOps>(
    o: &mut O,
    mode: ShflMode,
    lane: O::Int,
    b: O::Int,
    c: O::Int,
    warp: O::Int,
) -> (O::Int, O::Bool) {
    let (k31, k8, one, all) = (o.constant(0x1f), o.constant(8), o.constant(1), o.constant(-1));
    let b = o.and(b, k31); // PTX reads b[4:0]
    let clamp = o.and(c, k31);
    let seg_c = o.shr(c, k8);
    let seg_c = o.and(seg_c, k31);
    let warp_mask = o.sub(warp, one);
    let above = o.xor(warp_mask, all);
    let above = o.and(above, k31);
    let seg = o.or(seg_c, above);
    let not_seg = o.xor(seg, all);
    let min_lane = o.and(lane, seg);
    let open = o.and(clamp, not_seg);
    let max_lane = o.or(min_lane, open);
    let (j, valid) = match mode {
        ShflMode::Up => {
            let j = o.sub(lane, b);
            (j, o.sle(max_lane, j))
        }
        ShflMode::Down => {
            let j = o.add(lane, b);
            (j, o.sle(j, max_lane))
        }
        ShflMode::Bfly => {
            let j = o.xor(lane, b);
            (j, o.sle(j, max_lane))
        }
        ShflMode::Idx => {
            let off = o.and(b, not_seg);
            let j = o.or(min_lane, off);
            (j, o.sle(j, max_lane))
        }
    };
    let in_warp = o.ult(j, warp);
    let valid = o.both(valid, in_warp);
    (o.select(valid, j, lane), valid)
}

/// [`shfl_lane`] on plain integers.
pub fn shfl_source(mode: ShflMode, lane: i32, b: i32, c: i32, warp: i32) -> (i32, bool) {
    struct Plain;
    impl IntOps for Plain {
        type Int = i32;
        type Bool = bool;
        fn constant(&mut self, v: i32) -> i32 {
            v
        }
        fn and(&mut self, a: i32, b: i32) -> i32 {
            a & b
        }
        fn or(&mut self, a: i32, b: i32) -> i32 {
            a | b
        }
        fn xor(&mut self, a: i32, b: i32) -> i32 {
            a ^ b
        }
        fn add(&mut self, a: i32, b: i32) -> i32 {
            a.wrapping_add(b)
        }
        fn sub(&mut self, a: i32, b: i32) -> i32 {
            a.wrapping_sub(b)
        }
        fn shr(&mut self, a: i32, bits: i32) -> i32 {
            ((a as u32) >> (bits as u32 & 31)) as i32
        }
        fn sle(&mut self, a: i32, b: i32) -> bool {
            a <= b
        }
        fn ult(&mut self, a: i32, b: i32) -> bool {
            (a as u32) < (b as u32)
        }
        fn both(&mut self, a: bool, b: bool) -> bool {
            a && b
        }
        fn select(&mut self, cond: bool, a: i32, b: i32) -> i32 {
            if cond {
                a
            } else {
                b
            }
        }
    }
    shfl_lane(&mut Plain, mode, lane, b, c, warp)
}

#[cfg(test)]
#[path = "nvvm_tests.rs"]
mod tests;

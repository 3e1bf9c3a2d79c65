//! Kernels: which functions are entry points (`spir_kernel`, `ptx_kernel`, and the
//! `!opencl.kernels` list of LLVM 3.2 modules), their argument metadata (both the 3.2
//! nodes inside `!opencl.kernels` and clang's function-attached `!kernel_arg_*`), and
//! what llvm-spirv writes for them: `OpEntryPoint Kernel`, `LocalSize` /
//! `LocalSizeHint` / `VecTypeHint` modes, the `kernel_arg_type.<name>.<types>` strings
//! the SPIR-V front end reads, image access qualifiers and `sampler_t` parameters.
//!
//! It reads metadata and writes module-level words; it must not write function bodies.

use std::collections::HashMap;

use rspirv::spirv::{AccessQualifier, ExecutionMode, ExecutionModel, Op};

use super::{emit, nvvm, param_types, str_words, OpaqueKind, Writer};
use crate::frontend::llvm::model::{
    CallingConv, ConstExpr, ConstId, Constant, Dialect, FuncId, Function, Md, MdId, Module, Type, TypeId,
};
use crate::{CompileError, Result};

/// What the metadata says about one kernel.
#[derive(Clone, Debug, Default)]
pub(crate) struct KernelInfo {
    /// `kernel_arg_type`, `kernel_arg_access_qual`, ... as strings, by key.
    pub args: HashMap<String, Vec<String>>,
    /// Integer operands of `reqd_work_group_size`, `work_group_size_hint`.
    pub sizes: HashMap<String, Vec<u64>>,
    /// `vec_type_hint`: the hinted type and its signedness flag.
    pub vec_hint: Option<TypeId>,
}

impl KernelInfo {
    fn arg(&self, key: &str, i: usize) -> Option<&str> {
        self.args.get(key).and_then(|v| v.get(i)).map(String::as_str)
    }

    /// Whether parameter `i` is a pointer to `const` (from `kernel_arg_type_qual`).
    pub fn is_const(&self, i: usize) -> bool {
        self.arg("kernel_arg_type_qual", i).is_some_and(|q| q.split_whitespace().any(|w| w == "const"))
    }
}

/// The function a metadata value names (`@k`, or a bitcast of it).
fn function_of(m: &Module, c: ConstId) -> Option<FuncId> {
    match m.consts.get(c.0 as usize)? {
        Constant::Function { func, .. } => Some(*func),
        Constant::Expr { expr: ConstExpr::Cast { value, .. }, .. } => function_of(m, *value),
        _ => None,
    }
}

fn md_string(m: &Module, md: &Md) -> Option<String> {
    match md {
        Md::Str(s) => Some(s.clone()),
        Md::Value(c) => match m.consts.get(c.0 as usize)? {
            Constant::Int { value, .. } => Some(value.to_string()),
            _ => None,
        },
        _ => None,
    }
}

fn md_int(m: &Module, md: &Md) -> Option<u64> {
    match md {
        Md::Value(c) => match m.consts.get(c.0 as usize)? {
            Constant::Int { value, .. } => Some(*value),
            _ => None,
        },
        _ => None,
    }
}

fn node(m: &Module, id: MdId) -> &[Md] {
    m.metadata.get(id.0 as usize).map_or(&[], Vec::as_slice)
}

/// Record one metadata entry (`key` with operands `ops`) in `info`.
fn record(m: &Module, info: &mut KernelInfo, key: &str, ops: &[Md]) {
    match key {
        "reqd_work_group_size" | "work_group_size_hint" => {
            info.sizes.insert(key.to_string(), ops.iter().filter_map(|o| md_int(m, o)).collect());
        }
        "vec_type_hint" => {
            if let Some(Md::Value(c)) = ops.first() {
                info.vec_hint = m.consts.get(c.0 as usize).map(|_| m.const_ty(*c));
            }
        }
        k if k.starts_with("kernel_arg_") => {
            info.args.insert(key.to_string(), ops.iter().map(|o| md_string(m, o).unwrap_or_default()).collect());
        }
        _ => {}
    }
}

/// The kernels of the module, in module order.
pub(crate) fn kernel_ids(m: &Module) -> Vec<FuncId> {
    let mut ids: Vec<FuncId> = Vec::new();
    for (i, f) in m.functions.iter().enumerate() {
        if matches!(f.cc, CallingConv::SpirKernel | CallingConv::PtxKernel) && !f.is_declaration() {
            ids.push(FuncId(i as u32));
        }
    }
    for &n in m.named("opencl.kernels").unwrap_or(&[]) {
        if let Some(Md::Value(c)) = node(m, n).first() {
            if let Some(f) = function_of(m, *c) {
                if !ids.contains(&f) && !m.function(f).is_declaration() {
                    ids.push(f);
                }
            }
        }
    }
    ids
}

/// The metadata of kernel `fid`, or `None` when it is not a kernel.
pub(crate) fn kernel_info(w: &Writer<'_>, fid: FuncId) -> Option<KernelInfo> {
    let m = w.m;
    if !kernel_ids(m).contains(&fid) {
        return None;
    }
    let mut info = KernelInfo::default();
    for &n in m.named("opencl.kernels").unwrap_or(&[]) {
        let ops = node(m, n);
        if !matches!(ops.first(), Some(Md::Value(c)) if function_of(m, *c) == Some(fid)) {
            continue;
        }
        for op in &ops[1..] {
            if let Md::Node(sub) = op {
                let sub = node(m, *sub);
                if let Some(Md::Str(key)) = sub.first() {
                    record(m, &mut info, key, &sub[1..]);
                }
            }
        }
    }
    for (key, id) in &m.function(fid).metadata {
        record(m, &mut info, key, node(m, *id));
    }
    Some(info)
}

/// The SPIR-V type of parameter `i` of kernel `f`, of model type `ty`: images get the
/// access qualifier of `kernel_arg_access_qual`, `sampler_t` passed as `i32` is a
/// sampler, an opaque pointer points to the element type `param_types` recovers.
pub(crate) fn param_type(w: &mut Writer<'_>, k: &KernelInfo, f: &Function, i: usize, ty: TypeId) -> Result<u32> {
    let type_name = k.arg("kernel_arg_type", i).or(k.arg("kernel_arg_base_type", i)).unwrap_or("");
    if type_name.trim() == "sampler_t" && w.m.ty(ty) == &Type::Int(32) {
        return Ok(w.t_sampler());
    }
    if let Some(OpaqueKind::Image { dim, arrayed, depth, access: None }) = w.opaque_of(ty) {
        let access = match k.arg("kernel_arg_access_qual", i) {
            Some("write_only") => AccessQualifier::WriteOnly,
            Some("read_write") => AccessQualifier::ReadWrite,
            _ => AccessQualifier::ReadOnly,
        };
        return Ok(w.t_opaque(OpaqueKind::Image { dim, arrayed, depth, access: Some(access) }));
    }
    let opaque = matches!(w.m.ty(ty), Type::Pointer { pointee: None, .. });
    if let Type::Pointer { addrspace, .. } = *w.m.ty(ty) {
        let written = w.ty(ty)?;
        let (sc, pointee) =
            w.ptr_info.get(&written).copied().ok_or_else(|| {
                CompileError::internal("a pointer type written without its storage class and pointee")
            })?;
        // CUDA's kernel pointers are generic in clang's output: the host's buffers.
        let sc = if w.dialect == Dialect::Nvvm { nvvm::kernel_param_storage_class(addrspace)? } else { sc };
        let name = k.arg("kernel_arg_base_type", i).or(k.arg("kernel_arg_type", i));
        let pointee = if opaque { param_types::pointee(w, name, f, i).unwrap_or(pointee) } else { pointee };
        return Ok(w.t_ptr(sc, pointee));
    }
    w.ty(ty)
}

/// The `VecTypeHint` operand of type `ty`: the element type in the low 16 bits, the
/// lane count in the high ones.
fn vec_type_hint(m: &Module, ty: TypeId) -> Option<u32> {
    let (elem, len) = match m.types.get(ty.0 as usize)? {
        Type::Vector { len, elem } => (*elem, *len),
        _ => (ty, 1),
    };
    let code = match m.types.get(elem.0 as usize)? {
        Type::Int(8) => 0,
        Type::Int(16) => 1,
        Type::Int(32) => 2,
        Type::Int(64) => 3,
        Type::Half => 4,
        Type::Float => 5,
        Type::Double => 6,
        _ => return None,
    };
    Some(code | (len << 16))
}

/// Write the entry points, execution modes and argument strings of every kernel.
pub(crate) fn entry_points(w: &mut Writer<'_>) -> Result<()> {
    let m = w.m;
    let mut interface: Vec<u32> = w.builtin_vars.values().map(|v| v.0).collect();
    interface.sort_unstable();
    for fid in kernel_ids(m) {
        let Some(info) = kernel_info(w, fid) else { continue };
        let f = m.function(fid);
        let at = |e: CompileError| e.in_kernel(&f.name);
        if let Type::Function { ret, .. } = m.ty(f.ty) {
            if m.ty(*ret) != &Type::Void {
                return Err(at(CompileError::invalid("a kernel returns a value; kernels return void")));
            }
        }
        let id = w.func_ids[fid.0 as usize];
        let mut ops = vec![ExecutionModel::Kernel as u32, id];
        ops.extend(str_words(&f.name));
        ops.extend(&interface);
        emit(&mut w.entry, Op::EntryPoint, &ops);
        for (key, mode) in
            [("reqd_work_group_size", ExecutionMode::LocalSize), ("work_group_size_hint", ExecutionMode::LocalSizeHint)]
        {
            if let Some(s) = info.sizes.get(key) {
                let dims: Vec<u32> = (0..3).map(|i| s.get(i).map_or(1, |&v| v as u32)).collect();
                let mut ops = vec![id, mode as u32];
                ops.extend(dims);
                emit(&mut w.modes, Op::ExecutionMode, &ops);
            }
        }
        if let Some(hint) = info.vec_hint.and_then(|t| vec_type_hint(m, t)) {
            emit(&mut w.modes, Op::ExecutionMode, &[id, ExecutionMode::VecTypeHint as u32, hint]);
        }
        for key in ["kernel_arg_type", "kernel_arg_type_qual"] {
            if let Some(list) = info.args.get(key) {
                let mut s = format!("{key}.{}.", f.name);
                for t in list {
                    s.push_str(t);
                    s.push(',');
                }
                let sid = w.id();
                let mut ops = vec![sid];
                ops.extend(str_words(&s));
                emit(&mut w.strings, Op::String, &ops);
            }
        }
    }
    Ok(())
}

//! CUDA's `printf`: clang compiles `printf(fmt, args...)` in device code to
//! `vprintf(fmt, buffer)`, storing the arguments (floats promoted to double) into a
//! local struct first. This module finds those stores ([`vprintf_args`]) and rewrites
//! each `vprintf` call into a call of a variadic `printf` with the arguments unpacked
//! ([`lower`]), which the writer translates as OpenCL's printf.
//!
//! It reads and rewrites the model only; the stores into the buffer stay (dead).

use crate::frontend::llvm::model::{
    BlockId, Callee, Constant, FuncId, Function, InstKind, LocalId, Module, Operand, Type, TypeId,
};
use crate::{CompileError, Result};

/// Rewrite every `vprintf(fmt, buffer)` call of `m` into `printf(fmt, args...)`,
/// declaring `i32 @printf(i8*, ...)` (or `ptr`) when the module has no `printf`.
pub fn lower(m: &mut Module) -> Result<()> {
    let Some(vprintf) = m.function_named("vprintf") else { return Ok(()) };
    let mut sites = Vec::new();
    for (fi, f) in m.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, inst) in b.insts.iter().enumerate() {
                if matches!(&inst.kind, InstKind::Call { callee: Callee::Function(c), .. } if *c == vprintf) {
                    sites.push((fi, bi, ii));
                }
            }
        }
    }
    if sites.is_empty() {
        return Ok(());
    }
    let (printf, printf_ty) = declare_printf(m)?;
    for (fi, bi, ii) in sites {
        let unpacked = vprintf_args(m, &m.functions[fi], BlockId(bi as u32), ii)?;
        let args = std::iter::once(unpacked.format).chain(unpacked.args).collect();
        if let Some(inst) = m.functions[fi].blocks.get_mut(bi).and_then(|b| b.insts.get_mut(ii)) {
            inst.kind = InstKind::Call { callee: Callee::Function(printf), fn_ty: printf_ty, args };
        }
    }
    Ok(())
}

/// The module's variadic `printf`, declared if missing.
fn declare_printf(m: &mut Module) -> Result<(FuncId, TypeId)> {
    if let Some(id) = m.function_named("printf") {
        let f = m.function(id);
        return match m.ty(f.ty) {
            Type::Function { vararg: true, .. } => Ok((id, f.ty)),
            _ => Err(CompileError::invalid("`printf` is declared with a type other than `i32 (i8*, ...)`")),
        };
    }
    let opaque = m.types.iter().any(|t| matches!(t, Type::Pointer { pointee: None, .. }));
    let i8t = m.intern_type(Type::Int(8));
    let i32t = m.intern_type(Type::Int(32));
    let fmt = m.intern_type(Type::Pointer { addrspace: 0, pointee: (!opaque).then_some(i8t) });
    let ty = m.intern_type(Type::Function { ret: i32t, params: vec![fmt], vararg: true });
    m.functions.push(Function {
        name: "printf".into(),
        ty,
        cc: crate::frontend::llvm::model::CallingConv::C,
        params: vec![crate::frontend::llvm::model::Param { ty: fmt, name: None, attrs: Default::default() }],
        blocks: Vec::new(),
        local_types: vec![fmt],
        local_names: Default::default(),
        metadata: Vec::new(),
    });
    Ok((FuncId(m.functions.len() as u32 - 1), ty))
}

/// The arguments clang packed for a `vprintf` call: `format` and the values stored into
/// the argument buffer, in the order of their offsets (floats already promoted to
/// double, as C varargs are).
#[derive(Clone, Debug, PartialEq)]
pub struct VprintfArgs {
    pub format: Operand,
    pub args: Vec<Operand>,
}

/// Unpack the `vprintf(fmt, buf)` call at `call` (instruction `call` of block `block`
/// of `f`): `buf` is `null` (no arguments) or a pointer into an alloca'd struct whose
/// fields clang stored just before the call, in the same block.
pub fn vprintf_args(m: &Module, f: &Function, block: BlockId, call: usize) -> Result<VprintfArgs> {
    let where_ = || format!("function `@{}`, block {}, `vprintf` call", f.name, block_name(f, block));
    let bad = |what: &str| CompileError::unsupported(format!("a `vprintf` call {what}")).at(None, where_(), None);
    let b = f.blocks.get(block.0 as usize).ok_or_else(|| CompileError::internal("vprintf: no such block"))?;
    let Some(InstKind::Call { args, .. }) = b.insts.get(call).map(|i| &i.kind) else {
        return Err(CompileError::internal("vprintf: not a call"));
    };
    let [format, buf] = args.as_slice() else {
        return Err(bad("does not have the two operands (format, argument buffer) vprintf takes"));
    };
    let base = match buf {
        Operand::Const(c) if matches!(m.constant(*c), Constant::Null(_) | Constant::Zero(_) | Constant::Undef(_)) => {
            return Ok(VprintfArgs { format: *format, args: Vec::new() })
        }
        Operand::Local(l) => {
            root_alloca(f, *l).ok_or_else(|| bad("passes an argument buffer that is not a local struct"))?
        }
        _ => return Err(bad("passes an argument buffer that is not a local struct")),
    };
    let ptr64 = m.triple.as_deref().is_none_or(|t| t.starts_with("nvptx64"));
    // Latest store at each offset, walking back from the call to the previous vprintf
    // on the same buffer.
    let mut stores: Vec<(u64, Operand)> = Vec::new();
    for inst in b.insts[..call].iter().rev() {
        match &inst.kind {
            InstKind::Call { callee: Callee::Function(fid), args, .. }
                if m.function(*fid).name == "vprintf"
                    && args.get(1).and_then(|a| local_of(*a)).and_then(|l| root_alloca(f, l)) == Some(base) =>
            {
                break
            }
            InstKind::Store { value, ptr, .. } => {
                let Some(l) = local_of(*ptr) else { continue };
                if root_alloca(f, l) != Some(base) {
                    continue;
                }
                let offset =
                    byte_offset(m, f, l, ptr64).ok_or_else(|| bad("stores an argument at a computed offset"))?;
                if !stores.iter().any(|(o, _)| *o == offset) {
                    stores.push((offset, *value));
                }
            }
            _ => {}
        }
    }
    stores.sort_by_key(|(o, _)| *o);
    Ok(VprintfArgs { format: *format, args: stores.into_iter().map(|(_, v)| v).collect() })
}

fn block_name(f: &Function, b: BlockId) -> String {
    match f.blocks.get(b.0 as usize).and_then(|b| b.name.as_deref()) {
        Some(n) => format!("`%{n}`"),
        None => format!("{}", b.0),
    }
}

fn local_of(op: Operand) -> Option<LocalId> {
    match op {
        Operand::Local(l) => Some(l),
        _ => None,
    }
}

/// Where local `l` is defined: (block, instruction index).
fn def_of(f: &Function, l: LocalId) -> Option<&InstKind> {
    f.blocks.iter().flat_map(|b| b.insts.iter()).find(|i| i.result == Some(l)).map(|i| &i.kind)
}

/// The alloca `l` points into, through bitcasts, address-space casts and GEPs.
fn root_alloca(f: &Function, l: LocalId) -> Option<LocalId> {
    let mut cur = l;
    for _ in 0..64 {
        match def_of(f, cur)? {
            InstKind::Alloca { .. } => return Some(cur),
            InstKind::Cast { value: Operand::Local(v), .. } | InstKind::Gep { base: Operand::Local(v), .. } => cur = *v,
            _ => return None,
        }
    }
    None
}

/// The constant byte offset of `l` from its alloca.
fn byte_offset(m: &Module, f: &Function, l: LocalId, ptr64: bool) -> Option<u64> {
    let mut cur = l;
    let mut total = 0u64;
    for _ in 0..64 {
        match def_of(f, cur)? {
            InstKind::Alloca { .. } => return Some(total),
            InstKind::Cast { value: Operand::Local(v), .. } => cur = *v,
            InstKind::Gep { source_ty, base: Operand::Local(v), indices, .. } => {
                total = total.checked_add(gep_offset(m, *source_ty, indices, ptr64)?)?;
                cur = *v;
            }
            _ => return None,
        }
    }
    None
}

fn gep_offset(m: &Module, source_ty: TypeId, indices: &[Operand], ptr64: bool) -> Option<u64> {
    let index = |op: &Operand| -> Option<u64> {
        match op {
            Operand::Const(c) => match m.constant(*c) {
                Constant::Int { value, .. } => Some(*value),
                Constant::Zero(_) => Some(0),
                _ => None,
            },
            _ => None,
        }
    };
    let (first, rest) = indices.split_first()?;
    let mut total = index(first)?.checked_mul(layout(m, source_ty, ptr64)?.0)?;
    let mut ty = source_ty;
    for op in rest {
        let i = index(op)?;
        match m.ty(ty) {
            Type::Struct { fields, packed, .. } => {
                let i = usize::try_from(i).ok()?;
                total = total.checked_add(field_offset(m, fields, *packed, i, ptr64)?)?;
                ty = *fields.get(i)?;
            }
            Type::Array { elem, .. } | Type::Vector { elem, .. } => {
                total = total.checked_add(i.checked_mul(layout(m, *elem, ptr64)?.0)?)?;
                ty = *elem;
            }
            _ => return None,
        }
    }
    Some(total)
}

/// Size and alignment of `ty` in NVPTX's data layout (natural alignment).
fn layout(m: &Module, ty: TypeId, ptr64: bool) -> Option<(u64, u64)> {
    Some(match m.ty(ty) {
        Type::Int(bits) => {
            let bytes = (u64::from(*bits)).div_ceil(8).max(1).next_power_of_two();
            (bytes, bytes.min(8))
        }
        Type::Half | Type::BFloat => (2, 2),
        Type::Float => (4, 4),
        Type::Double => (8, 8),
        Type::Pointer { .. } if ptr64 => (8, 8),
        Type::Pointer { .. } => (4, 4),
        Type::Vector { len, elem } => {
            let size = u64::from(*len).checked_mul(layout(m, *elem, ptr64)?.0)?.next_power_of_two();
            (size, size)
        }
        Type::Array { len, elem } => {
            let (s, a) = layout(m, *elem, ptr64)?;
            (len.checked_mul(s)?, a)
        }
        Type::Struct { fields, packed, .. } => {
            let end = field_offset(m, fields, *packed, fields.len(), ptr64)?;
            let align = if *packed {
                1
            } else {
                fields.iter().filter_map(|f| layout(m, *f, ptr64)).map(|l| l.1).max().unwrap_or(1)
            };
            (end.div_ceil(align) * align, align)
        }
        _ => return None,
    })
}

/// The offset of field `i` (`i == fields.len()`: the end of the last field).
fn field_offset(m: &Module, fields: &[TypeId], packed: bool, i: usize, ptr64: bool) -> Option<u64> {
    let mut off = 0u64;
    for (k, f) in fields.iter().enumerate() {
        let (size, align) = layout(m, *f, ptr64)?;
        if !packed {
            off = off.div_ceil(align) * align;
        }
        if k == i {
            return Some(off);
        }
        off = off.checked_add(size)?;
    }
    (i == fields.len()).then_some(off)
}

#[cfg(test)]
#[path = "nvvm_printf_tests.rs"]
mod tests;

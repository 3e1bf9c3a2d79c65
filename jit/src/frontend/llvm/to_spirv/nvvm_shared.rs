//! CUDA's dynamic shared memory as a kernel parameter: every kernel that uses an
//! `extern __shared__` array (an external global in address space 3, see
//! [`super::nvvm::dynamic_shared`]) gets an extra last parameter, a shared (local)
//! pointer named [`DYNAMIC_SHARED_PARAM`], and its uses of the arrays use the parameter
//! instead. The host sizes it at launch, as it sizes any `__local` pointer argument.
//!
//! This rewrites the model in place and nothing else: the arrays stay declared (the
//! writer skips them, as nothing refers to them any more), other kernels are untouched.

use std::collections::HashMap;

use super::nvvm::{dynamic_shared, map_operands, map_term, uses_globals};
use crate::frontend::llvm::model::{
    ConstExpr, ConstId, Constant, Function, GlobalId, Inst, InstKind, LocalId, Module, Operand, Param, ParamAttrs,
    Type, TypeId,
};
use crate::frontend::llvm::DYNAMIC_SHARED_PARAM;
use crate::{CompileError, Result};

/// Give each defined function that uses dynamic shared memory the extra parameter.
/// Only kernels may use it directly: a device function that does (clang inlines them at
/// `-O2`) is refused, since its callers would have to pass the pointer on.
pub fn lower(m: &mut Module, kernels: &[crate::frontend::llvm::model::FuncId]) -> Result<()> {
    let arrays = dynamic_shared(m);
    if arrays.is_empty() {
        return Ok(());
    }
    for i in 0..m.functions.len() {
        let f = &m.functions[i];
        if f.is_declaration() || !uses_globals(m, f, &arrays) {
            continue;
        }
        if !kernels.iter().any(|k| k.0 as usize == i) {
            return Err(CompileError::unsupported(format!(
                "device function `@{}` uses `extern __shared__` memory; spirjit passes it to kernels only (mark \
                 the function `__forceinline__`, or compile with -O2 so that clang inlines it)",
                f.name
            ))
            .at(None, format!("function `@{}`", f.name), None));
        }
        let stub = placeholder(f.ty);
        let mut f = std::mem::replace(&mut m.functions[i], stub);
        let done = add_param(m, &mut f, &arrays);
        m.functions[i] = f;
        done?;
    }
    Ok(())
}

fn placeholder(ty: TypeId) -> Function {
    Function {
        name: String::new(),
        ty,
        cc: crate::frontend::llvm::model::CallingConv::C,
        params: Vec::new(),
        blocks: Vec::new(),
        local_types: Vec::new(),
        local_names: HashMap::new(),
        metadata: Vec::new(),
    }
}

fn add_param(m: &mut Module, f: &mut Function, arrays: &[GlobalId]) -> Result<()> {
    // The parameter has the pointer type of the first array; the others (and constant
    // expressions over any of them) become entry-block instructions on it.
    let first_ty = array_pointer_type(m, arrays[0]);
    let n_params = f.params.len() as u32;
    let param = LocalId(n_params);
    let mut entry = Entry {
        arrays,
        param,
        base: n_params + 1,
        insts: Vec::new(),
        types: Vec::new(),
        made: HashMap::new(),
        refers: HashMap::new(),
    };
    // First the entry instructions (their number decides the shift), then the rewrite.
    for block in &f.blocks {
        for inst in &block.insts {
            let mut kind = inst.kind.clone();
            let mut err = None;
            map_operands(&mut kind, &mut |op| {
                if let (Operand::Const(c), None) = (*op, &err) {
                    if let Err(e) = entry.operand(m, c, 0) {
                        err = Some(e);
                    }
                }
            });
            if let Some(e) = err {
                return Err(e.at(None, format!("function `@{}`", f.name), None));
            }
        }
    }
    let shift = 1 + entry.insts.len() as u32;
    let remap = |l: LocalId| if l.0 >= n_params { LocalId(l.0 + shift) } else { l };
    for block in &mut f.blocks {
        for inst in &mut block.insts {
            inst.result = inst.result.map(remap);
            map_operands(&mut inst.kind, &mut |op| match *op {
                Operand::Local(l) => *op = Operand::Local(remap(l)),
                Operand::Const(c) => {
                    if let Some(l) = entry.made.get(&c) {
                        *op = Operand::Local(*l);
                    }
                }
                Operand::Metadata => {}
            });
        }
        map_term(&mut block.term, &mut |op| match *op {
            Operand::Local(l) => *op = Operand::Local(remap(l)),
            Operand::Const(c) => {
                if let Some(l) = entry.made.get(&c) {
                    *op = Operand::Local(*l);
                }
            }
            Operand::Metadata => {}
        });
    }
    if let Some(b) = f.blocks.first_mut() {
        b.insts.splice(0..0, entry.insts);
    }
    drop_array_steps(m, f);
    let tail = f.local_types.split_off((n_params as usize).min(f.local_types.len()));
    f.local_types.push(first_ty);
    f.local_types.extend(entry.types);
    f.local_types.extend(tail);
    f.local_names = std::mem::take(&mut f.local_names).into_iter().map(|(l, n)| (remap(l), n)).collect();
    f.local_names.insert(param, DYNAMIC_SHARED_PARAM.to_string());
    f.params.push(Param { ty: first_ty, name: Some(DYNAMIC_SHARED_PARAM.to_string()), attrs: ParamAttrs::default() });
    if let Type::Function { ret, params, vararg } = m.ty(f.ty).clone() {
        let mut params = params;
        params.push(first_ty);
        f.ty = m.intern_type(Type::Function { ret, params, vararg });
    }
    Ok(())
}

/// The pointer type of array `g` (`[0 x float] addrspace(3)*`, or `ptr addrspace(3)`).
/// The parameter's type: a shared pointer to the array's element (`float
/// addrspace(3)*`; a zero-length array is no type SPIR-V has), or `ptr addrspace(3)`.
fn array_pointer_type(m: &mut Module, g: GlobalId) -> TypeId {
    let opaque = m.types.iter().any(|t| matches!(t, Type::Pointer { pointee: None, .. }));
    let value_ty = m.global(g).value_ty;
    let elem = match m.ty(value_ty) {
        Type::Array { len: 0, elem } => *elem,
        _ => value_ty,
    };
    m.intern_type(Type::Pointer { addrspace: 3, pointee: (!opaque).then_some(elem) })
}

/// `getelementptr [0 x T], P %p, 0, i, ...` as `getelementptr T, P %p, i, ...`: the same
/// address, without the zero-length array type.
fn drop_array_steps(m: &Module, f: &mut Function) {
    for inst in f.blocks.iter_mut().flat_map(|b| b.insts.iter_mut()) {
        let InstKind::Gep { source_ty, indices, .. } = &mut inst.kind else { continue };
        let Type::Array { len: 0, elem } = m.ty(*source_ty) else { continue };
        let leading_zero = matches!(indices.first(), Some(Operand::Const(c))
            if matches!(m.constant(*c), Constant::Int { value: 0, .. } | Constant::Zero(_)));
        if indices.len() >= 2 && leading_zero {
            *source_ty = *elem;
            indices.remove(0);
        }
    }
}

fn expr_parts(expr: &ConstExpr) -> Vec<ConstId> {
    match expr {
        ConstExpr::Cast { value, .. } | ConstExpr::FNeg(value) => vec![*value],
        ConstExpr::Binary { lhs, rhs, .. } | ConstExpr::ICmp { lhs, rhs, .. } | ConstExpr::FCmp { lhs, rhs, .. } => {
            vec![*lhs, *rhs]
        }
        ConstExpr::Gep { base, indices, .. } => std::iter::once(*base).chain(indices.iter().copied()).collect(),
        ConstExpr::Select { cond, a, b } => vec![*cond, *a, *b],
        ConstExpr::ExtractElement { vec, index } => vec![*vec, *index],
        ConstExpr::InsertElement { vec, elem, index } => vec![*vec, *elem, *index],
        ConstExpr::ShuffleVector { a, b, .. } => vec![*a, *b],
    }
}

/// The entry-block state of one function: the instructions materializing constants
/// over the arrays, their types, and which constant each holds.
struct Entry<'a> {
    arrays: &'a [GlobalId],
    param: LocalId,
    /// The number of the first entry instruction's result.
    base: u32,
    insts: Vec<Inst>,
    types: Vec<TypeId>,
    made: HashMap<ConstId, LocalId>,
    refers: HashMap<ConstId, bool>,
}

impl Entry<'_> {
    /// Whether constant `c` refers to one of the arrays (each constant looked at once).
    fn refers(&mut self, m: &Module, c: ConstId) -> bool {
        if let Some(r) = self.refers.get(&c) {
            return *r;
        }
        self.refers.insert(c, false); // a cycle (malformed input) refers to nothing
        let r = match m.consts.get(c.0 as usize) {
            Some(Constant::Global { global, .. }) => self.arrays.contains(global),
            Some(Constant::Expr { expr, .. }) => expr_parts(expr).into_iter().any(|p| self.refers(m, p)),
            _ => false,
        };
        self.refers.insert(c, r);
        r
    }

    /// The operand standing for constant `c` inside the function: the parameter for the
    /// arrays, an entry-block instruction for an expression over them, `c` itself
    /// otherwise.
    fn operand(&mut self, m: &Module, c: ConstId, depth: u32) -> Result<Operand> {
        if let Some(l) = self.made.get(&c) {
            return Ok(Operand::Local(*l));
        }
        if !self.refers(m, c) {
            return Ok(Operand::Const(c));
        }
        if depth > 64 {
            return Err(CompileError::limit("constant expressions over `extern __shared__` memory nest too deeply"));
        }
        let ty = m.const_ty(c);
        let kind = match m.constant(c).clone() {
            // The arrays' own uses are GEPs (rewritten by `drop_array_steps`) and casts.
            Constant::Global { .. } => {
                self.made.insert(c, self.param);
                return Ok(Operand::Local(self.param));
            }
            Constant::Expr { expr: ConstExpr::Cast { op, value }, .. } => {
                InstKind::Cast { op, value: self.operand(m, value, depth + 1)? }
            }
            Constant::Expr { expr: ConstExpr::Gep { source_ty, base, indices, inbounds }, .. } => {
                let base = self.operand(m, base, depth + 1)?;
                InstKind::Gep {
                    source_ty,
                    base,
                    indices: indices.iter().map(|i| Operand::Const(*i)).collect(),
                    inbounds,
                }
            }
            _ => {
                return Err(CompileError::unsupported(
                    "a constant expression other than a cast or getelementptr over `extern __shared__` memory",
                ))
            }
        };
        let l = LocalId(self.base + self.insts.len() as u32);
        self.insts.push(Inst { result: Some(l), ty, kind });
        self.types.push(ty);
        self.made.insert(c, l);
        Ok(Operand::Local(l))
    }
}

#[cfg(test)]
#[path = "nvvm_shared_tests.rs"]
mod tests;

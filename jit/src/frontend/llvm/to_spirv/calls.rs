//! Calls: the one dispatch point from a call instruction to what it becomes.
//!
//! * a function defined in the module → `OpFunctionCall` (the SPIR-V front end inlines);
//! * `llvm.*` → `intrinsics`;
//! * a declared function of the module's dialect: SPIR 1.2 Itanium-mangled OpenCL
//!   builtins and `printf` → `builtins`; NVVM names (`llvm.nvvm.*` is caught above
//!   only when `intrinsics` knows it, `__nv_*`, `vprintf`) → [`dialect_call`];
//! * anything else is refused by name.
//!
//! Handlers return the call's value (`None` for `void`); this module binds it. It must
//! not emit instructions itself beyond the call of a defined function.

use rspirv::spirv::Op;

use super::func::{Call, Fx};
use super::nvvm_calls;
use crate::frontend::llvm::model::{Callee, Dialect, Inst, InstKind, Operand, Type};
use crate::{CompileError, Result};

impl Fx<'_, '_> {
    /// Write call instruction `inst`.
    pub(crate) fn call(&mut self, inst: &Inst) -> Result<()> {
        call(self, inst)
    }
}

fn call(fx: &mut Fx<'_, '_>, inst: &Inst) -> Result<()> {
    let InstKind::Call { callee, args, .. } = &inst.kind else {
        return Err(CompileError::internal("calls::call on an instruction that is not a call"));
    };
    let fid = match callee {
        Callee::Function(f) => *f,
        Callee::Indirect(_) => return Err(CompileError::unsupported("indirect calls (function pointers)")),
        Callee::InlineAsm(text) => {
            return Err(CompileError::unsupported(format!("inline assembly `{text}`")));
        }
    };
    let m = fx.w.m;
    let f = m
        .functions
        .get(fid.0 as usize)
        .ok_or_else(|| CompileError::invalid(format!("call of function #{} that is not in the module", fid.0)))?;
    if !f.is_declaration() {
        return call_defined(fx, inst, fid, args);
    }
    let c = Call { inst, name: &f.name, args };
    let value = dispatch(fx, &c)?;
    match (value, inst.result) {
        (Some(v), Some(_)) => fx.bind(inst, v),
        (None, Some(_)) => {
            let t = fx.result_ty(inst)?;
            let u = fx.w.c_undef(t);
            fx.bind(inst, u)
        }
        _ => Ok(()),
    }
}

/// The handler of a call of a declared function, by name.
fn dispatch(fx: &mut Fx<'_, '_>, c: &Call<'_>) -> Result<Option<u32>> {
    if c.name.starts_with("llvm.") {
        if let Some(v) = fx.intrinsic(c)? {
            return Ok(v);
        }
    }
    if let Some(v) = dialect_call(fx, c)? {
        return Ok(v);
    }
    if c.name.starts_with("llvm.") {
        return Err(CompileError::unsupported(format!("the intrinsic `@{}`", c.name)));
    }
    Err(CompileError::unsupported(format!(
        "a call of `@{}`, which the module declares but does not define, and which is not a builtin spirjit knows",
        c.name
    )))
}

/// The dialect's builtins: `Some(value)` when `c` is one (`value` is `None` for
/// `void` builtins), `None` when the name is not a builtin of the dialect.
fn dialect_call(fx: &mut Fx<'_, '_>, c: &Call<'_>) -> Result<Option<Option<u32>>> {
    match fx.w.dialect {
        Dialect::Spir => fx.spir_builtin(c),
        // NVVM IR: `llvm.nvvm.*` intrinsics and `__nv_*` libdevice functions first
        // (`vprintf` is `printf` by now); OpenCL builtins still apply to mangled names.
        Dialect::Nvvm => match nvvm_calls::call(fx, c)? {
            Some(v) => Ok(Some(v)),
            None => fx.spir_builtin(c),
        },
    }
}

/// `OpFunctionCall` of a function defined in the module.
fn call_defined(
    fx: &mut Fx<'_, '_>,
    inst: &Inst,
    fid: crate::frontend::llvm::model::FuncId,
    args: &[Operand],
) -> Result<()> {
    let m = fx.w.m;
    let f = &m.functions[fid.0 as usize];
    let Type::Function { ret, params, vararg } = m.ty(f.ty).clone() else {
        return Err(CompileError::invalid("the callee's type is not a function type"));
    };
    if vararg || params.len() != args.len() {
        return Err(CompileError::invalid(format!(
            "`@{}` takes {} arguments; the call passes {}",
            f.name,
            params.len(),
            args.len()
        )));
    }
    let rt = fx.w.ty(ret)?;
    let mut ops = vec![fx.w.func_ids[fid.0 as usize]];
    for (&a, &p) in args.iter().zip(&params) {
        let pt = fx.w.ty(p)?;
        ops.push(fx.val_as(a, pt)?);
    }
    let v = fx.op(Op::FunctionCall, rt, &ops);
    if inst.result.is_some() {
        fx.bind(inst, v)?;
    }
    Ok(())
}

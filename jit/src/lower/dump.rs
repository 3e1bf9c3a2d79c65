//! Text dumps of what the lowering produces, for inspection (`spirjit dump`): the
//! Cranelift IR as built, the Cranelift IR after Cranelift's optimisations, and the
//! machine code as Cranelift's disassembly of its final instructions.
//!
//! Each kernel is dumped on the path `compile` would give it (the note says which).
//! This module compiles into a throw-away context; it must not run code.

use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::ir::UserFuncName;
use cranelift_frontend::FunctionBuilderContext;
use cranelift_module::Module as _;

use super::leaf::Lanes;
use super::{copy_data, fallback_note, first_choice, guarded, new_jit, translate, CompileEnv, LowerOptions};
use crate::ir;
use crate::{CompileError, Result};

/// What to print for each kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DumpKind {
    /// Cranelift IR as the lowering builds it, before optimisation.
    Clif,
    /// Cranelift IR after Cranelift's mid-end optimisations (what is compiled).
    OptimizedClif,
    /// The machine code: Cranelift's disassembly of the final (register-allocated)
    /// instructions of the host ISA.
    Asm,
}

/// The dump of every kernel of `module`, each preceded by a `; kernel NAME (path)` line.
pub fn dump(module: &ir::Module, options: &LowerOptions, kind: DumpKind) -> Result<String> {
    let (_data, data_addrs) = copy_data(module);
    let md = CompileEnv { module, data_addrs: &data_addrs, checked: options.checked };
    let mut jit = new_jit()?;
    let mut ctx = jit.make_context();
    let mut out = String::new();
    for (i, kernel) in module.kernels.iter().enumerate() {
        let name = &kernel.name;
        let mut text_of = |lanes: Lanes, masked: bool| {
            guarded(name, || {
                jit.clear_context(&mut ctx);
                let mut fctx = FunctionBuilderContext::new();
                ctx.func.name = UserFuncName::user(0, i as u32);
                translate(&mut jit, &mut ctx, &mut fctx, kernel, lanes, masked, md).map_err(|e| e.in_kernel(name))?;
                match kind {
                    DumpKind::Clif => Ok(ctx.func.display().to_string()),
                    DumpKind::OptimizedClif | DumpKind::Asm => {
                        ctx.set_disasm(kind == DumpKind::Asm);
                        let isa = jit.isa();
                        let code = ctx.compile(isa, &mut ControlPlane::default()).map_err(|e| {
                            CompileError::internal(format!("code generation failed: {:?}", e.inner)).in_kernel(name)
                        })?;
                        let text = match kind {
                            DumpKind::Asm => {
                                let size = code.code_buffer().len();
                                let body = code.vcode.clone().unwrap_or_default();
                                format!("; {size} bytes of {} machine code\n{body}", isa.triple().architecture)
                            }
                            _ => ctx.func.display().to_string(),
                        };
                        ctx.set_disasm(false);
                        Ok(text)
                    }
                }
            })
        };
        let (w, masked, mut note) = first_choice(kernel, options);
        let text = match (w.0 > 1).then(|| text_of(w, masked)) {
            Some(Ok(t)) => t,
            Some(Err(e)) => {
                note = Some(fallback_note(w.0, &e));
                text_of(Lanes(1), false)?
            }
            None => text_of(Lanes(1), false)?,
        };
        match note {
            Some(n) => out.push_str(&format!("; kernel {name} ({n})\n{text}\n")),
            None => out.push_str(&format!("; kernel {name} (scalar, W = 1)\n{text}\n")),
        }
    }
    Ok(out)
}

//! Text dumps of what the lowering produces, for inspection (`spirjit dump`): the
//! Cranelift IR as built, the Cranelift IR after Cranelift's optimisations, and the
//! machine code as Cranelift's disassembly of its final instructions.
//!
//! The pipeline (`crate::pipeline::dump`) decides each kernel's path and calls
//! [`render`] on the function the lowering built. This module compiles into a
//! throw-away context; it must not run code.

use cranelift_codegen::control::ControlPlane;
use cranelift_jit::JITModule;
use cranelift_module::Module as _;

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
    /// The remarks of the compile: the path and why, divergent branches and why, how
    /// each memory access is done at W > 1.
    Remarks,
}

/// The text `kind` asks for of the function in `ctx`, as the lowering built it.
pub(crate) fn render(jit: &JITModule, ctx: &mut cranelift_codegen::Context, kind: DumpKind) -> Result<String> {
    match kind {
        DumpKind::Clif => Ok(ctx.func.display().to_string()),
        DumpKind::Remarks => Ok(String::new()),
        DumpKind::OptimizedClif | DumpKind::Asm => {
            ctx.set_disasm(kind == DumpKind::Asm);
            let isa = jit.isa();
            let code = ctx
                .compile(isa, &mut ControlPlane::default())
                .map_err(|e| CompileError::internal(format!("code generation failed: {:?}", e.inner)))?;
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
}

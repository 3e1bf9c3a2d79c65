//! The SPIR-V front end: OpenCL-flavored SPIR-V 1.0–1.6 modules (whatever produced
//! them) in, [`ir::Module`] out.
//!
//! Stages, one concern per file:
//! * `reader` — header, word offsets, rspirv parsing ([`words_from_bytes`] lives there);
//! * `module` — capabilities ([`SUPPORTED_CAPABILITIES`]), memory model, entry points,
//!   execution modes, names, decorations, function structure;
//! * `types`, `constants` — types with their C layout, constant values, module-scope
//!   variables (constant data, static local memory);
//! * `kernel` — kernel parameters and assembly of each `ir::Kernel`; `host` — the
//!   host's view of each parameter (integer signedness);
//! * `function` — per-kernel translation with inlining; the opcode families are in
//!   `control`, `memory`, `arith`, `convert`, `composite`, `extinst`, `geometric`
//!   (`length`, `distance`, `normalize` of both instruction sets), `builtins_vars`,
//!   `image` (images and samplers), `printf` and `subgroup` (sub-group collectives);
//! * `limits` — caps on every size an input controls.
//!
//! Nothing here panics on bad input: malformed modules give [`CompileError::Invalid`],
//! valid but unhandled ones [`CompileError::Unsupported`], both with the opcode, the
//! result id, the kernel and the word offset where known. Vulkan compute modules
//! (`Shader`, `GLCompute`) are translated too: `vulkan` turns their descriptor-bound
//! variables into kernel parameters and `glsl` handles the GLSL.std.450 set.

mod arith;
mod builtins_vars;
mod composite;
mod constants;
mod control;
mod convert;
mod extinst;
mod function;
mod geometric;
mod glsl;
mod host;
mod image;
mod kernel;
mod limits;
mod memory;
mod module;
mod printf;
mod reader;
mod subgroup;
mod types;
mod vulkan;

#[cfg(test)]
mod limits_tests;
#[cfg(test)]
mod tests;

pub use module::SUPPORTED_CAPABILITIES;
pub use reader::words_from_bytes;

use std::collections::HashSet;

use crate::ir;
use crate::{CompileError, Result};

/// Translate a SPIR-V module (as words, either byte order) into KIR.
pub fn translate(words: &[u32]) -> Result<ir::Module> {
    let (header, insts) = reader::read(words)?;
    let mut m = module::SpvModule::index(header, insts)?;
    types::build(&mut m)?;
    let mut data = Vec::new();
    let layout = constants::build_globals(&mut m, &mut data)?;
    let mut seen = HashSet::new();
    let mut kernels = Vec::with_capacity(m.entry_points.len());
    for ep in &m.entry_points {
        if !seen.insert(ep.name.clone()) {
            return Err(CompileError::invalid(format!("two entry points are named `{}`", ep.name)).at(
                Some(ep.word),
                "OpEntryPoint",
                Some(ep.func),
            ));
        }
        kernels.push(kernel::build_kernel(&m, ep, &layout)?);
    }
    Ok(ir::Module { kernels, data, capabilities: m.capabilities.clone(), pointer_bits: m.pointer_bits })
}

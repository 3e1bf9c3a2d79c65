//! The SPIR-V front end: OpenCL-flavored SPIR-V 1.0–1.6 modules (whatever produced
//! them) in, [`ir::Module`] out.
//!
//! Two layers, one concern per file. Module analysis reads the module and never emits
//! code:
//! * `reader` — header, word offsets, rspirv parsing ([`words_from_bytes`] lives there);
//! * `module` — the indexed module: capabilities ([`SUPPORTED_CAPABILITIES`]), memory
//!   model, entry points, execution modes, names, decorations, function structure,
//!   declared types; `index` builds it in one pass over the instructions;
//! * `types`, `constants`, `constval` — types with their C layout, constant values,
//!   module-scope variables (constant data, static local memory; initializers holding
//!   addresses of other variables as relocations);
//! * `spec` — specialization: `SpecId` values, `OpSpecConstantOp` folding, work-group
//!   sizes from `LocalSizeId` and the `WorkgroupSize` built-in;
//! * `opaque` — image and sampler types, parameters and literal samplers; `host` — the
//!   host's view of each kernel parameter (integer signedness);
//! * `limits` — caps on every size an input controls;
//! * `clspv` — the OpenCL signature of kernels compiled by clspv, from their
//!   `NonSemantic.ClspvReflection` instructions.
//!
//! Translation turns function bodies into KIR:
//! * `kernel` — kernel parameters and assembly of each `ir::Kernel`;
//! * `function` — per-kernel translation state with inlining (`block_order` the order
//!   blocks are translated in); `dispatch` sends each
//!   opcode to its family: `control`, `memory`, `arith`, `convert`, `composite`,
//!   `extinst` (the OpenCL.std and GLSL.std.450 tables, `geometric` for `length`,
//!   `distance`, `normalize` of both), `builtins_vars`, `image`, `printf`, `subgroup`
//!   (sub-group collectives), `workgroup` (work-group collectives, built from
//!   sub-group ones, barriers and local scratch memory) and `generic` (which address
//!   space a generic pointer points into: `to_global`/`to_local`/`to_private`,
//!   `get_fence`).
//!
//! The analysis modules must not use the translation modules, and no modules may use each
//! other in a circle; `tests/architecture.rs` checks both.
//!
//! Nothing here panics on bad input: malformed modules give [`CompileError::Invalid`],
//! valid but unhandled ones [`CompileError::Unsupported`], both with the opcode, the
//! result id, the kernel and the word offset where known. Vulkan compute modules
//! (`Shader`, `GLCompute`) are translated too: `vulkan` turns their descriptor-bound
//! variables into kernel parameters (`descriptors` the image, sampler and texel-buffer
//! ones), `image_vk` translates their image instructions, `extinst::glsl` handles the
//! GLSL.std.450 set and `matrix_layout` row-major and padded matrices in buffers.

mod arith;
mod async_copy;
mod bits;
mod block_order;
mod builtins_vars;
mod clspv;
mod composite;
mod constants;
mod constval;
mod control;
mod convert;
mod descriptors;
mod dispatch;
mod extinst;
mod function;
mod generic;
mod host;
mod image;
mod image_vk;
mod index;
mod kernel;
mod limits;
mod matrix;
mod matrix_layout;
mod memory;
mod module;
mod opaque;
mod printf;
mod reader;
mod spec;
mod subgroup;
mod types;
mod vulkan;
mod workgroup;

#[cfg(test)]
mod limits_tests;
#[cfg(test)]
mod spec_tests;
#[cfg(test)]
mod tests;

pub use module::SUPPORTED_CAPABILITIES;
pub use reader::words_from_bytes;

use std::collections::HashSet;

use crate::ir;
use crate::{CompileError, Result};

/// Translate a SPIR-V module (as words, either byte order) into KIR, with every
/// specialization constant at its default.
pub fn translate(words: &[u32]) -> Result<ir::Module> {
    translate_specialized(words, &ir::Specialization::new())
}

/// Translate a SPIR-V module into KIR with the specialization constants `spec` gives
/// (by `SpecId`; the others at their defaults, ids the module lacks ignored).
pub fn translate_specialized(words: &[u32], spec: &ir::Specialization) -> Result<ir::Module> {
    translate_with(words, spec, &ir::DescriptorCounts::new())
}

/// Translate a SPIR-V module into KIR with the specialization constants `spec` gives and
/// `counts` descriptors for each run-time sized descriptor array (by (set, binding);
/// arrays left out get none): each descriptor is one kernel parameter, as in a
/// fixed-size array.
pub fn translate_with(words: &[u32], spec: &ir::Specialization, counts: &ir::DescriptorCounts) -> Result<ir::Module> {
    let (header, insts) = reader::read(words)?;
    let mut m = module::SpvModule::index(header, insts)?;
    m.specialization = spec.clone();
    m.descriptor_counts = counts.clone();
    types::build(&mut m)?;
    m.resolve_local_sizes()?;
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
    let spec_constants = m.spec_constants()?;
    Ok(ir::Module { kernels, data, capabilities: m.capabilities.clone(), pointer_bits: m.pointer_bits, spec_constants })
}

/// The builtin named `symbol`, resolved once here so that KIR calls carry its id. The
/// front end only names builtins it knows to exist: a missing one is a spirjit bug.
pub(crate) fn builtin_id(symbol: &str) -> Result<crate::ir::BuiltinId> {
    crate::ir::BuiltinId::of(symbol)
        .ok_or_else(|| CompileError::internal(format!("the runtime library has no function `{symbol}`")))
}

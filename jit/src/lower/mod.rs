//! Lowering of KIR kernels to native code through Cranelift.
//!
//! Each kernel becomes one entry function of type [`spirjit_abi::EntryFn`] that runs one
//! lane group (W work-items) of a work-group, from the start or from a barrier. W is
//! [`LowerOptions::lanes`]; W = 1 is the scalar path and the reference.
//!
//! This module never parses input and never runs kernels.

use spirjit_abi::EntryFn;

use crate::ir;
use crate::Result;

/// Options that change the generated code. Part of the compiled-code cache key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LowerOptions {
    /// Work-items per lane group (W). 1 is the scalar path.
    pub lanes: u32,
    /// Emit bounds checks on memory accesses.
    pub checked: bool,
}

impl Default for LowerOptions {
    fn default() -> Self {
        LowerOptions { lanes: 1, checked: true }
    }
}

/// One compiled kernel: the entry and the memory it needs per work-group.
#[derive(Clone, Debug)]
pub struct CompiledKernel {
    pub name: String,
    pub entry: EntryFn,
    /// Work-items per lane group this entry was compiled for.
    pub lanes: u32,
    /// Bytes of private state per lane group (private variables and values saved
    /// across barriers).
    pub private_stride: u64,
    /// Alignment of each lane group's private state.
    pub private_align: u64,
    /// Bytes of static local memory (module-scope `__local` variables).
    pub local_static_size: u64,
    /// Number of barriers in the kernel (resume points are 1..=barrier_count).
    pub barrier_count: u32,
}

/// A compiled module: owns the machine code and module data its kernels use.
pub struct CompiledModule {
    pub kernels: Vec<CompiledKernel>,
    // Owned JIT memory and constant data live in private fields added by the
    // implementation; they must outlive every call of the entries above.
}

/// Compile every kernel of `module`.
pub fn compile(module: &ir::Module, options: &LowerOptions) -> Result<CompiledModule> {
    let _ = (module, options);
    Err(crate::CompileError::unsupported("lowering not built yet"))
}

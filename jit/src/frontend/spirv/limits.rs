//! Size caps of the SPIR-V front end: every quantity an input controls that would make
//! translation or compilation use unbounded time or memory has a cap here, reported as
//! [`CompileError::Limit`] with the cap's value.
//!
//! These are limits of spirjit, not rules of SPIR-V: real OpenCL kernels stay far below
//! them. This module holds the numbers and the error constructor; the checks live
//! where the quantity is computed.

use crate::CompileError;

/// Instructions in one module.
pub(crate) const MAX_INSTRUCTIONS: usize = 4_000_000;
/// Functions (`OpFunction`) in one module.
pub(crate) const MAX_FUNCTIONS: usize = 65_536;
/// Blocks in one function.
pub(crate) const MAX_BLOCKS_PER_FUNCTION: usize = 262_144;
/// Entry points in one module.
pub(crate) const MAX_ENTRY_POINTS: usize = 4_096;
/// Decorations applied through decoration groups (`OpGroupDecorate` copies).
pub(crate) const MAX_DECORATIONS: usize = 1 << 22;
/// Components of a vector type (OpenCL's widest vector).
pub(crate) const MAX_VECTOR_COMPONENTS: u32 = 16;
/// Elements of one array type.
pub(crate) const MAX_ARRAY_LENGTH: u64 = 1 << 26;
/// Members of one struct type.
pub(crate) const MAX_STRUCT_MEMBERS: usize = 16_384;
/// Scalar leaves of one type, counting nested arrays and empty structs (bounds every
/// walk over a type's components).
pub(crate) const MAX_TYPE_ELEMENTS: u64 = 1 << 26;
/// Nesting of arrays, structs and vectors inside one type.
pub(crate) const MAX_TYPE_DEPTH: u32 = 64;
/// Nodes of one constant's value tree (composites of composites ...).
pub(crate) const MAX_CONSTANT_NODES: usize = 1 << 22;
/// Nesting depth of inlined calls.
pub(crate) const MAX_INLINE_DEPTH: usize = 64;
/// SPIR-V instructions translated into one kernel, counting every inlined copy of a
/// function (an exponential call tree stops here).
pub(crate) const MAX_INLINED_INSTRUCTIONS: usize = 1 << 20;
/// Private memory of one work-item (private variables and by-value arguments), bytes.
pub(crate) const MAX_PRIVATE_BYTES: u64 = 1 << 24;
/// Static `__local` memory of the module, bytes.
pub(crate) const MAX_LOCAL_BYTES: u64 = 1 << 28;
/// Module-scope data (program-scope `__constant` and `__global` variables), bytes.
pub(crate) const MAX_DATA_BYTES: u64 = 1 << 28;

/// A limit error: `what` exceeded `cap`.
pub(crate) fn exceeded(what: impl std::fmt::Display, cap: impl std::fmt::Display) -> CompileError {
    CompileError::limit(format!("{what} exceeds spirjit's limit of {cap}"))
}

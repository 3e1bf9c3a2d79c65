//! Front ends: input formats in, [`crate::ir::Module`] out. Nothing after this module
//! knows which format a kernel came from.

pub mod llvm;
pub mod spirv;

//! The SPIR-V front end (OpenCL-flavored modules).

use crate::ir;
use crate::Result;

/// Translate a SPIR-V module (as words) into KIR.
pub fn translate(words: &[u32]) -> Result<ir::Module> {
    let _ = words;
    Err(crate::CompileError::unsupported("SPIR-V front end not built yet"))
}

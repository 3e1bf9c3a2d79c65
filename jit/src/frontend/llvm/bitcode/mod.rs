//! The LLVM bitcode reader: LLVM 3.2 bitcode of SPIR 1.2 producers and the bitcode
//! clang 14–19 writes (typed and opaque pointers, string tables), into the model.
//!
//! * `bitstream` — the container format (abbreviations, blocks, records);
//! * `codes` — the numeric codes records carry (opcodes, predicates, orderings);
//! * `module` — module records: globals, functions, parameter attributes, symbol tables;
//! * `types` — the type table;
//! * `constants` — constants blocks, module-level and function-level;
//! * `metadata` — metadata blocks, kinds and attachments;
//! * `function` — function bodies, record by record as LLVM's own reader decodes them;
//! * `calls` — the `switch` and `call` records of function bodies.
//!
//! Record layouts follow LLVM's `BitcodeReader` for every version since 3.0: absolute
//! value ids before `MODULE_CODE_VERSION` 1, relative ids after, explicit types where
//! newer writers add them. This module must not translate or validate semantics beyond
//! what is needed to build a well-formed model; it never panics on malformed input.

pub(crate) mod bitstream;
mod calls;
mod codes;
mod constants;
mod function;
mod metadata;
mod module;
mod types;

use std::collections::HashMap;

use super::model::{ConstId, FuncId, Module, ParamAttrs, TypeId};
use crate::{CompileError, Result};
pub(crate) use bitstream::{Block, Record};

/// Block ids of LLVMBitCodes.h.
pub(crate) mod block {
    pub const MODULE: u32 = 8;
    pub const PARAMATTR: u32 = 9;
    pub const PARAMATTR_GROUP: u32 = 10;
    pub const CONSTANTS: u32 = 11;
    pub const FUNCTION: u32 = 12;
    pub const VALUE_SYMTAB: u32 = 14;
    pub const METADATA: u32 = 15;
    pub const METADATA_ATTACHMENT: u32 = 16;
    pub const TYPE_NEW: u32 = 17;
    pub const METADATA_KIND: u32 = 22;
    pub const STRTAB: u32 = 23;
    pub const SYNC_SCOPE_NAMES: u32 = 26;
}

/// Read LLVM bitcode (raw or wrapped) into the model.
pub fn read(bytes: &[u8]) -> Result<Module> {
    let stream = bitstream::unwrap(bytes)?;
    let top = bitstream::read(stream)?;
    let module = top
        .iter()
        .find(|b| b.id == block::MODULE)
        .ok_or_else(|| CompileError::invalid("LLVM bitcode without a module block"))?;
    let strtab = top
        .iter()
        .filter(|b| b.id == block::STRTAB)
        .flat_map(|b| b.records())
        .find(|r| r.code == 1)
        .and_then(|r| r.blob.clone())
        .unwrap_or_default();
    let mut ctx = Ctx { strtab, ..Ctx::default() };
    ctx.module(module)?;
    Ok(ctx.m)
}

/// A decoded attribute set for one position (return, parameter, function).
#[derive(Clone, Debug, Default)]
pub(crate) struct AttrSet {
    pub attrs: ParamAttrs,
}

/// State shared by the block readers of one module.
#[derive(Default)]
pub(crate) struct Ctx {
    pub m: Module,
    /// `MODULE_CODE_VERSION`: 0 absolute value ids, 1 relative, 2 names in the string table.
    pub version: u64,
    /// Bitcode type index → model type (`None` until defined).
    pub types: Vec<Option<TypeId>>,
    /// Placeholders for named structs referenced before their definition.
    pub forward_types: HashMap<usize, TypeId>,
    /// The module-level value table: globals, functions, aliases, then constants.
    pub values: Vec<ConstId>,
    /// Parameter attribute lists (`PARAMATTR_CODE_ENTRY`), by index: per position
    /// (0 return, i + 1 parameter i, `u32::MAX` function).
    pub attr_lists: Vec<Vec<(u32, AttrSet)>>,
    /// Attribute groups by id.
    pub attr_groups: HashMap<u64, (u32, AttrSet)>,
    /// Metadata kind names by id.
    pub md_kinds: HashMap<u64, String>,
    /// Module-level metadata slots by bitcode metadata id.
    pub md: Vec<metadata::Slot>,
    /// The string table (`STRTAB_BLOB`) of version-2 modules.
    pub strtab: Vec<u8>,
    /// Functions with bodies, in the order their blocks appear.
    pub bodies: Vec<FuncId>,
    /// Inline-asm constants: the text, for the call's callee.
    pub asm: HashMap<ConstId, String>,
    /// Whether the type table has opaque pointers (then every pointer is opaque).
    pub opaque_pointers: bool,
    /// The text of the inline-asm constant being read.
    pub pending_asm: Option<String>,
    /// Sync scope names by id (`SYNC_SCOPE_NAMES_BLOCK`).
    pub sync_scopes: Vec<String>,
}

impl Ctx {
    /// The model type of bitcode type index `idx`; a forward reference becomes a named
    /// struct placeholder, as in LLVM's reader.
    pub fn ty(&mut self, idx: u64) -> Result<TypeId> {
        let i = usize::try_from(idx).unwrap_or(usize::MAX);
        match self.types.get(i) {
            Some(Some(t)) => Ok(*t),
            Some(None) => {
                if let Some(t) = self.forward_types.get(&i) {
                    return Ok(*t);
                }
                let t = self.m.intern_type(super::model::Type::Struct {
                    name: Some(format!("{i}")),
                    fields: Vec::new(),
                    packed: false,
                    opaque: true,
                });
                self.forward_types.insert(i, t);
                Ok(t)
            }
            None => Err(CompileError::invalid(format!("type index {idx} out of range ({} types)", self.types.len()))),
        }
    }

    /// The type index of a model type is not needed; this is the model's pointee of a
    /// typed pointer, if any.
    pub fn pointee(&self, ty: TypeId) -> Option<TypeId> {
        match self.m.types.get(ty.0 as usize) {
            Some(super::model::Type::Pointer { pointee, .. }) => *pointee,
            _ => None,
        }
    }
}

/// The bytes of a record's operands (each one character).
pub(crate) fn chars(ops: &[u64]) -> Result<String> {
    let bytes = ops
        .iter()
        .map(|&c| {
            u8::try_from(c).map_err(|_| CompileError::invalid(format!("character {c} over 255 in a bitcode string")))
        })
        .collect::<Result<Vec<u8>>>()?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Operand `i` of a record, or an error naming the record.
pub(crate) fn op(rec: &Record, i: usize, what: &str) -> Result<u64> {
    rec.ops.get(i).copied().ok_or_else(|| {
        CompileError::invalid(format!("bitcode record {what} has {} operands, expected more than {i}", rec.ops.len()))
    })
}

/// Decode a sign-rotated VBR value (LLVM's `decodeSignRotatedValue`).
pub(crate) fn signed(v: u64) -> i64 {
    if v & 1 == 0 {
        (v >> 1) as i64
    } else if v != 1 {
        -((v >> 1) as i64)
    } else {
        i64::MIN
    }
}

#[cfg(test)]
mod tests;

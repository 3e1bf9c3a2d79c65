//! Metadata blocks (`METADATA_BLOCK`, `METADATA_KIND_BLOCK`, `METADATA_ATTACHMENT`):
//! strings, value references and plain nodes become model metadata; named metadata
//! (`!opencl.kernels`, `!nvvm.annotations`) and function attachments are kept.
//!
//! Both encodings are read: LLVM 3.2's `OLD_NODE` (type/value pairs) and `STRING_OLD`,
//! and the newer `NODE` (ids + 1) with `METADATA_STRINGS` blobs. Debug-info nodes
//! become `Md::Null`. This module must not interpret what the metadata says.

use super::{bitstream, chars, op, Block, Ctx, Record};
use crate::frontend::llvm::model::{ConstId, FuncId, Md, MdId, Type};
use crate::{CompileError, Result};

/// What one bitcode metadata id stands for.
#[derive(Clone, Debug)]
pub(crate) enum Slot {
    Str(String),
    Value(ConstId),
    Node(MdId),
    Null,
}

impl Slot {
    fn md(&self) -> Md {
        match self {
            Slot::Str(s) => Md::Str(s.clone()),
            Slot::Value(c) => Md::Value(*c),
            Slot::Node(n) => Md::Node(*n),
            Slot::Null => Md::Null,
        }
    }
}

impl Ctx {
    pub(super) fn read_md_kinds(&mut self, b: &Block) -> Result<()> {
        for rec in b.records().filter(|r| r.code == 6) {
            self.md_kind(rec)?;
        }
        Ok(())
    }

    fn md_kind(&mut self, rec: &Record) -> Result<()> {
        let id = op(rec, 0, "METADATA_KIND")?;
        self.md_kinds.insert(id, chars(&rec.ops[1..])?);
        Ok(())
    }

    fn md_slot(&self, id: u64) -> Result<Slot> {
        usize::try_from(id)
            .ok()
            .and_then(|i| self.md.get(i))
            .cloned()
            .ok_or_else(|| CompileError::invalid(format!("metadata id {id} out of range ({} defined)", self.md.len())))
    }

    pub(super) fn read_module_metadata(&mut self, b: &Block) -> Result<()> {
        let values = std::mem::take(&mut self.values);
        let r = self.read_metadata(b, &|v| values.get(v).copied(), None);
        self.values = values;
        r
    }

    /// Read a metadata block; value ids resolve through `value` (constants only).
    pub(super) fn read_metadata(
        &mut self,
        b: &Block,
        value: &dyn Fn(usize) -> Option<ConstId>,
        func: Option<FuncId>,
    ) -> Result<()> {
        let mut nodes: Vec<(MdId, &Record)> = Vec::new();
        let mut name: Option<String> = None;
        for rec in b.records() {
            let err =
                |e: CompileError| e.at(None, format!("bitcode metadata record {} (metadata {})", rec.code, 0), None);
            match rec.code {
                1 => self.md.push(Slot::Str(chars(&rec.ops).map_err(err)?)),
                2 => {
                    let v = op(rec, 1, "METADATA_VALUE")?;
                    let ty = self.ty(op(rec, 0, "METADATA_VALUE")?)?;
                    let slot = match value(usize::try_from(v).unwrap_or(usize::MAX)) {
                        Some(c) if !matches!(self.m.ty(ty), Type::Metadata) => Slot::Value(c),
                        _ => Slot::Null,
                    };
                    self.md.push(slot);
                }
                3 | 5 | 8 | 9 => {
                    let id = MdId(self.m.metadata.len() as u32);
                    self.m.metadata.push(Vec::new());
                    self.md.push(Slot::Node(id));
                    nodes.push((id, rec));
                }
                4 => name = Some(chars(&rec.ops).map_err(err)?),
                6 => self.md_kind(rec)?,
                10 => {
                    let n = name
                        .take()
                        .ok_or_else(|| CompileError::invalid("METADATA_NAMED_NODE without a METADATA_NAME"))?;
                    let mut ids = Vec::with_capacity(rec.ops.len());
                    for &m in &rec.ops {
                        match self.md_slot(m)? {
                            Slot::Node(id) => ids.push(id),
                            _ => {
                                return Err(CompileError::invalid(format!(
                                    "named metadata `!{n}` lists metadata {m}, which is not a node"
                                )))
                            }
                        }
                    }
                    self.m.named_metadata.push((n, ids));
                }
                35 => {
                    let count = op(rec, 0, "METADATA_STRINGS")? as usize;
                    let offset = op(rec, 1, "METADATA_STRINGS")? as usize;
                    let blob = rec.blob.as_deref().unwrap_or_default();
                    let lens = bitstream::vbr6_list(
                        blob.get(..offset)
                            .ok_or_else(|| CompileError::invalid("METADATA_STRINGS offset past its blob"))?,
                        count,
                    )?;
                    let mut at = offset;
                    for len in lens {
                        let end = at
                            .checked_add(len as usize)
                            .filter(|&e| e <= blob.len())
                            .ok_or_else(|| CompileError::invalid("METADATA_STRINGS string past its blob"))?;
                        self.md.push(Slot::Str(String::from_utf8_lossy(&blob[at..end]).into_owned()));
                        at = end;
                    }
                }
                36 => {
                    // GLOBAL_DECL_ATTACHMENT: [value id, (kind, node)...]
                    let v = op(rec, 0, "METADATA_GLOBAL_DECL_ATTACHMENT")?;
                    if let Some(c) = value(usize::try_from(v).unwrap_or(usize::MAX)) {
                        if let crate::frontend::llvm::model::Constant::Function { func, .. } =
                            self.m.constant(c).clone()
                        {
                            self.attach(func, &rec.ops[1..])?;
                        }
                    }
                }
                // Declarations of no metadata: index, offsets.
                11 | 38 | 39 => {}
                _ => self.md.push(Slot::Null),
            }
        }
        for (id, rec) in nodes {
            let ops = match rec.code {
                3 | 5 => rec
                    .ops
                    .iter()
                    .map(|&m| if m == 0 { Ok(Md::Null) } else { self.md_slot(m - 1).map(|s| s.md()) })
                    .collect::<Result<Vec<_>>>()?,
                _ => {
                    if !rec.ops.len().is_multiple_of(2) {
                        return Err(CompileError::invalid("METADATA_OLD_NODE with an odd operand count"));
                    }
                    let mut out = Vec::with_capacity(rec.ops.len() / 2);
                    for pair in rec.ops.chunks(2) {
                        let ty = self.ty(pair[0])?;
                        out.push(match self.m.ty(ty) {
                            Type::Metadata => self.md_slot(pair[1])?.md(),
                            Type::Void => Md::Null,
                            _ => match value(usize::try_from(pair[1]).unwrap_or(usize::MAX)) {
                                Some(c) => Md::Value(c),
                                None => Md::Null,
                            },
                        });
                    }
                    out
                }
            };
            self.m.metadata[id.0 as usize] = ops;
        }
        let _ = func;
        Ok(())
    }

    /// Attach `(kind, node)` pairs to function `f`.
    pub(super) fn attach(&mut self, f: FuncId, pairs: &[u64]) -> Result<()> {
        if !pairs.len().is_multiple_of(2) {
            return Err(CompileError::invalid("metadata attachment with an odd operand count"));
        }
        for pair in pairs.chunks(2) {
            let kind = self
                .md_kinds
                .get(&pair[0])
                .cloned()
                .ok_or_else(|| CompileError::invalid(format!("metadata kind {} undefined", pair[0])))?;
            if let Slot::Node(n) = self.md_slot(pair[1])? {
                self.m.functions[f.0 as usize].metadata.push((kind, n));
            }
        }
        Ok(())
    }

    /// A function's `METADATA_ATTACHMENT` block: function attachments only (even-length
    /// records); instruction attachments are skipped.
    pub(super) fn read_attachments(&mut self, f: FuncId, b: &Block) -> Result<()> {
        for rec in b.records().filter(|r| r.code == 11 && r.ops.len().is_multiple_of(2)) {
            self.attach(f, &rec.ops)?;
        }
        Ok(())
    }
}

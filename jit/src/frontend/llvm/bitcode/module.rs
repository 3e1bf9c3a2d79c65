//! The module block: its records (version, triple, data layout, global variables,
//! functions, aliases), parameter attributes, value symbol tables and the string table;
//! it hands the other blocks to their readers in stream order and function bodies to
//! `function` once every module-level value is known.
//!
//! This module must not decode instructions, constants or metadata itself.

use super::bitstream::Item;
use super::codes::decode_align;
use super::{block, chars, op, AttrSet, Block, Ctx, Record};
use crate::frontend::llvm::model::{
    CallingConv, ConstId, Constant, FuncId, Function, Global, GlobalId, Param, Type, TypeId,
};
use crate::{CompileError, Result};

/// `ATTR_KIND_*` of LLVMBitCodes.h that the model keeps.
const ATTR_ALIGNMENT: u64 = 1;
const ATTR_BY_VAL: u64 = 3;
const ATTR_NO_ALIAS: u64 = 9;
const ATTR_S_EXT: u64 = 24;
const ATTR_Z_EXT: u64 = 34;

impl Ctx {
    pub(super) fn module(&mut self, module: &Block) -> Result<()> {
        let mut inits: Vec<(GlobalId, u64)> = Vec::new();
        let mut vsts = Vec::new();
        let mut bodies = Vec::new();
        for item in &module.items {
            match item {
                Item::Block(b) => match b.id {
                    block::PARAMATTR_GROUP => self.attr_groups_block(b)?,
                    block::PARAMATTR => self.attr_lists_block(b)?,
                    block::TYPE_NEW => self.read_types(b)?,
                    block::CONSTANTS => {
                        let prior = std::mem::take(&mut self.values);
                        let r = self.read_constants(b, &|i| prior.get(i).copied(), prior.len());
                        self.values = prior;
                        let new = r?;
                        self.values.extend(new);
                    }
                    block::METADATA_KIND => self.read_md_kinds(b)?,
                    block::METADATA => self.read_module_metadata(b)?,
                    block::VALUE_SYMTAB => vsts.push(b),
                    block::FUNCTION => bodies.push(b),
                    block::SYNC_SCOPE_NAMES => {
                        self.sync_scopes = b.records().map(|r| chars(&r.ops)).collect::<Result<_>>()?;
                    }
                    _ => {}
                },
                Item::Record(rec) => self.module_record(rec, &mut inits)?,
            }
        }
        for (g, init) in inits {
            let c = self.module_value(init)?;
            self.m.globals[g.0 as usize].init = Some(c);
        }
        for vst in vsts {
            self.module_vst(vst)?;
        }
        if bodies.len() != self.bodies.len() {
            return Err(CompileError::invalid(format!(
                "{} function bodies for {} defined functions",
                bodies.len(),
                self.bodies.len()
            )));
        }
        let ids = self.bodies.clone();
        for (f, body) in ids.into_iter().zip(bodies) {
            self.read_function(f, body)?;
        }
        Ok(())
    }

    /// Module-level value `id` (absolute).
    pub(super) fn module_value(&self, id: u64) -> Result<ConstId> {
        usize::try_from(id).ok().and_then(|i| self.values.get(i)).copied().ok_or_else(|| {
            CompileError::invalid(format!("module value {id} out of range ({} values)", self.values.len()))
        })
    }

    /// Is the module written with opaque pointers?
    fn opaque(&self) -> bool {
        self.opaque_pointers
    }

    /// The name and the remaining operands of a global or function record: version 2
    /// puts `[strtab offset, size]` first.
    fn named<'r>(&self, rec: &'r Record, what: &str) -> Result<(Option<String>, &'r [u64])> {
        if self.version >= 2 {
            let (off, size) = (op(rec, 0, what)? as usize, op(rec, 1, what)? as usize);
            let bytes = off
                .checked_add(size)
                .and_then(|end| self.strtab.get(off..end))
                .ok_or_else(|| CompileError::invalid(format!("{what}: name at {off}+{size} past the string table")))?;
            Ok((Some(String::from_utf8_lossy(bytes).into_owned()), &rec.ops[2..]))
        } else {
            Ok((None, &rec.ops))
        }
    }

    fn module_record(&mut self, rec: &Record, inits: &mut Vec<(GlobalId, u64)>) -> Result<()> {
        match rec.code {
            1 => self.version = op(rec, 0, "MODULE_CODE_VERSION")?,
            2 => self.m.triple = Some(chars(&rec.ops)?),
            3 => self.m.datalayout = Some(chars(&rec.ops)?),
            7 => {
                let what = "MODULE_CODE_GLOBALVAR";
                let (name, ops) = self.named(rec, what)?;
                let get = |i: usize| {
                    ops.get(i).copied().ok_or_else(|| CompileError::invalid(format!("bitcode record {what} too short")))
                };
                let ty = self.ty(get(0)?)?;
                let flags = get(1)?;
                let init = get(2)?;
                let align = ops.get(4).copied().unwrap_or(0);
                let (value_ty, addrspace) = if flags & 2 != 0 {
                    (
                        ty,
                        u32::try_from(flags >> 2)
                            .map_err(|_| CompileError::invalid(format!("{what}: address space {}", flags >> 2)))?,
                    )
                } else {
                    match self.m.ty(ty) {
                        Type::Pointer { addrspace, pointee: Some(p) } => (*p, *addrspace),
                        _ => {
                            return Err(CompileError::invalid(format!(
                                "{what}: type of a global is not a typed pointer"
                            )))
                        }
                    }
                };
                let ptr = self.m.intern_type(Type::Pointer {
                    addrspace,
                    pointee: if self.opaque() { None } else { Some(value_ty) },
                });
                let g = GlobalId(self.m.globals.len() as u32);
                self.m.globals.push(Global {
                    name: name.unwrap_or_default(),
                    value_ty,
                    addrspace,
                    constant: flags & 1 != 0,
                    init: None,
                    align: decode_align(align)?,
                });
                if init != 0 {
                    inits.push((g, init - 1));
                }
                let c = self.m.push_const(Constant::Global { ty: ptr, global: g });
                self.values.push(c);
            }
            8 => {
                let what = "MODULE_CODE_FUNCTION";
                let (name, ops) = self.named(rec, what)?;
                let get = |i: usize| {
                    ops.get(i).copied().ok_or_else(|| CompileError::invalid(format!("bitcode record {what} too short")))
                };
                let mut ty = self.ty(get(0)?)?;
                if let Type::Pointer { pointee: Some(p), .. } = self.m.ty(ty) {
                    ty = *p;
                }
                let Type::Function { params: param_tys, .. } = self.m.ty(ty).clone() else {
                    return Err(CompileError::invalid(format!("{what}: type is not a function type")));
                };
                let cc = CallingConv::from_code(u32::try_from(get(1)?).unwrap_or(u32::MAX));
                let is_proto = get(2)? != 0;
                let attrs = ops.get(4).copied().unwrap_or(0);
                let list = if attrs == 0 {
                    Vec::new()
                } else {
                    self.attr_lists
                        .get(attrs as usize - 1)
                        .cloned()
                        .ok_or_else(|| CompileError::invalid(format!("{what}: attribute list {attrs} out of range")))?
                };
                let addrspace = u32::try_from(ops.get(16).copied().unwrap_or(0)).unwrap_or(0);
                let params = param_tys
                    .iter()
                    .enumerate()
                    .map(|(i, &pty)| {
                        let mut attrs = list
                            .iter()
                            .find(|(idx, _)| *idx as usize == i + 1)
                            .map(|(_, a)| a.attrs.clone())
                            .unwrap_or_default();
                        if let Some(t) = attrs.byval {
                            if t == TypeId(u32::MAX) {
                                attrs.byval = self.pointee(pty);
                            }
                        }
                        Param { ty: pty, name: None, attrs }
                    })
                    .collect::<Vec<_>>();
                let f = FuncId(self.m.functions.len() as u32);
                self.m.functions.push(Function {
                    name: name.unwrap_or_default(),
                    ty,
                    cc,
                    local_types: param_tys.clone(),
                    params,
                    blocks: Vec::new(),
                    local_names: Default::default(),
                    metadata: Vec::new(),
                });
                if !is_proto {
                    self.bodies.push(f);
                }
                let ptr = self
                    .m
                    .intern_type(Type::Pointer { addrspace, pointee: if self.opaque() { None } else { Some(ty) } });
                let c = self.m.push_const(Constant::Function { ty: ptr, func: f });
                self.values.push(c);
            }
            9 | 14 | 15 => {
                // Aliases and ifuncs: a value slot whose use is refused downstream.
                let (_, ops) = self.named(rec, "MODULE_CODE_ALIAS")?;
                let t = self.ty(ops.first().copied().unwrap_or(0))?;
                let c = self.m.push_const(Constant::Undef(t));
                self.values.push(c);
            }
            _ => {}
        }
        Ok(())
    }

    /// A module-level `VALUE_SYMTAB`: names of globals and functions (before string tables).
    fn module_vst(&mut self, vst: &Block) -> Result<()> {
        for rec in vst.records() {
            let name_at = match rec.code {
                1 => 1,
                3 => 2,
                _ => continue,
            };
            if rec.ops.len() <= name_at {
                continue;
            }
            let id = op(rec, 0, "VST_CODE_ENTRY")?;
            let name = chars(&rec.ops[name_at..])?;
            let c = self.module_value(id)?;
            match self.m.constant(c).clone() {
                Constant::Global { global, .. } => self.m.globals[global.0 as usize].name = name,
                Constant::Function { func, .. } => self.m.functions[func.0 as usize].name = name,
                _ => {}
            }
        }
        Ok(())
    }

    fn attr_groups_block(&mut self, b: &Block) -> Result<()> {
        for rec in b.records().filter(|r| r.code == 3) {
            let what = "PARAMATTR_GRP_CODE_ENTRY";
            let id = op(rec, 0, what)?;
            let idx = op(rec, 1, what)?;
            let mut set = AttrSet::default();
            let mut i = 2;
            let ops = &rec.ops;
            while i < ops.len() {
                let kind = ops[i];
                i += 1;
                let at = |i: usize| {
                    ops.get(i).copied().ok_or_else(|| CompileError::invalid(format!("bitcode record {what} truncated")))
                };
                match kind {
                    // Enum attributes, and type attributes without a type (5).
                    0 | 5 => {
                        match at(i)? {
                            ATTR_Z_EXT => set.attrs.zext = true,
                            ATTR_S_EXT => set.attrs.sext = true,
                            ATTR_BY_VAL => set.attrs.byval = Some(TypeId(u32::MAX)),
                            ATTR_NO_ALIAS => set.attrs.noalias = true,
                            _ => {}
                        }
                        i += 1;
                    }
                    1 => {
                        let (k, v) = (at(i)?, at(i + 1)?);
                        if k == ATTR_ALIGNMENT {
                            set.attrs.align = u32::try_from(v).ok();
                        }
                        i += 2;
                    }
                    3 | 4 => {
                        let strings = if kind == 3 { 1 } else { 2 };
                        for _ in 0..strings {
                            while at(i)? != 0 {
                                i += 1;
                            }
                            i += 1;
                        }
                    }
                    // Type attributes with their type: `byval(T)`.
                    6 => {
                        let (k, t) = (at(i)?, at(i + 1)?);
                        if k == ATTR_BY_VAL {
                            set.attrs.byval = Some(self.ty(t)?);
                        }
                        i += 2;
                    }
                    7 => {
                        // Constant range: [attr, bitwidth, lower, upper] up to 64 bits.
                        let width = at(i + 1)?;
                        if width > 64 {
                            return Err(CompileError::unsupported(format!(
                                "{what}: constant range attribute of {width} bits"
                            )));
                        }
                        i += 4;
                    }
                    k => return Err(CompileError::unsupported(format!("{what}: attribute encoding {k}"))),
                }
            }
            let idx = u32::try_from(idx).unwrap_or(u32::MAX);
            self.attr_groups.insert(id, (idx, set));
        }
        Ok(())
    }

    fn attr_lists_block(&mut self, b: &Block) -> Result<()> {
        for rec in b.records() {
            let mut list = Vec::new();
            match rec.code {
                // Old (LLVM 3.2): [index, encoded attributes] pairs.
                1 => {
                    for pair in rec.ops.chunks(2) {
                        let [idx, enc] = pair else {
                            return Err(CompileError::invalid("PARAMATTR_CODE_ENTRY_OLD with an odd operand count"));
                        };
                        let mut set = AttrSet::default();
                        set.attrs.zext = enc & 1 != 0;
                        set.attrs.sext = enc & 2 != 0;
                        set.attrs.noalias = enc & (1 << 6) != 0;
                        if enc & (1 << 7) != 0 {
                            set.attrs.byval = Some(TypeId(u32::MAX));
                        }
                        let align = (enc >> 16) & 0xffff;
                        if align != 0 {
                            set.attrs.align = Some(align as u32);
                        }
                        list.push((u32::try_from(*idx).unwrap_or(u32::MAX), set));
                    }
                }
                2 => {
                    for g in &rec.ops {
                        let group = self.attr_groups.get(g).cloned().ok_or_else(|| {
                            CompileError::invalid(format!("PARAMATTR_CODE_ENTRY: attribute group {g} undefined"))
                        })?;
                        list.push(group);
                    }
                }
                _ => continue,
            }
            self.attr_lists.push(list);
        }
        Ok(())
    }
}

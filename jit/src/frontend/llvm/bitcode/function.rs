//! Function bodies (`FUNCTION_BLOCK`): instruction records decoded as LLVM's
//! `BitcodeReader::parseFunctionBody` does for every version since 3.0 — absolute or
//! relative value ids, explicit types where newer writers add them, old and new
//! spellings of `getelementptr`, `load`, `store`, `call`, `cmpxchg` and `atomicrmw` —
//! plus the function's constants, metadata attachments and symbol table.
//!
//! Forward references get placeholder operands resolved when the body is complete.
//! This module must not interpret calls (builtins are the writer's business).

use std::collections::HashMap;

use super::bitstream::Item;
use super::codes::{bin_op, cast_op, decode_align, float_pred, int_pred, ordering, record_name, rmw_op};
use super::{block, chars, Block, Ctx, Record};
use crate::frontend::llvm::model::{
    Block as BasicBlock, BlockId, Callee, Constant, FuncId, Inst, InstKind, LocalId, Operand, Ordering, Terminator,
    Type, TypeId,
};
use crate::{CompileError, Result};

/// Marks a placeholder for a not-yet-defined value id in a `LocalId`.
const FORWARD: u32 = 1 << 31;

/// The state of one function body being read.
pub(super) struct Body {
    func: FuncId,
    /// Value id → operand, for ids defined so far.
    pub(super) vals: Vec<Operand>,
    /// The number of module-level values, whose ids come first.
    pub(super) base: usize,
    /// Types of forward-referenced value ids, as the records give them.
    fwd_types: HashMap<u64, TypeId>,
    blocks: Vec<BasicBlock>,
    done: Vec<bool>,
    cur: usize,
    local_types: Vec<TypeId>,
    /// Blocks a body can declare: one terminator record each.
    max_blocks: usize,
}

/// A cursor over one record's operands.
pub(super) struct Ops<'r> {
    pub(super) rec: &'r Record,
    pub(super) i: usize,
    pub(super) what: &'static str,
}

impl Ops<'_> {
    pub(super) fn next(&mut self) -> Result<u64> {
        let v = self.rec.ops.get(self.i).copied().ok_or_else(|| {
            CompileError::invalid(format!("{} has {} operands, expected more", self.what, self.rec.ops.len()))
        })?;
        self.i += 1;
        Ok(v)
    }
    pub(super) fn left(&self) -> usize {
        self.rec.ops.len().saturating_sub(self.i)
    }
}

impl Ctx {
    pub(super) fn read_function(&mut self, func: FuncId, b: &Block) -> Result<()> {
        let f = &self.m.functions[func.0 as usize];
        let nparams = f.params.len();
        let mut body = Body {
            func,
            base: self.values.len(),
            vals: (0..nparams).map(|i| Operand::Local(LocalId(i as u32))).collect(),
            fwd_types: HashMap::new(),
            blocks: Vec::new(),
            done: Vec::new(),
            cur: 0,
            local_types: f.local_types.clone(),
            max_blocks: b.records().count(),
        };
        let md_base = self.md.len();
        let mut vst = None;
        let mut attachments = None;
        let result = (|| -> Result<()> {
            for item in &b.items {
                match item {
                    Item::Block(sub) => match sub.id {
                        block::CONSTANTS => {
                            let module = std::mem::take(&mut self.values);
                            let (vals, base) = (&body.vals, body.base);
                            let prior = |i: usize| match value_of(&module, base, vals, i as u64) {
                                Some(Operand::Const(c)) => Some(c),
                                _ => None,
                            };
                            let new = self.read_constants(sub, &prior, base + vals.len());
                            self.values = module;
                            body.vals.extend(new?.into_iter().map(Operand::Const));
                        }
                        block::METADATA => {
                            let module = std::mem::take(&mut self.values);
                            let (vals, base) = (&body.vals, body.base);
                            let prior = |i: usize| match value_of(&module, base, vals, i as u64) {
                                Some(Operand::Const(c)) => Some(c),
                                _ => None,
                            };
                            let r = self.read_metadata(sub, &prior, Some(func));
                            self.values = module;
                            r?;
                        }
                        block::METADATA_ATTACHMENT => attachments = Some(sub),
                        block::VALUE_SYMTAB => vst = Some(sub),
                        _ => {}
                    },
                    Item::Record(rec) => {
                        let name = record_name(rec.code);
                        self.inst(&mut body, rec, name).map_err(|e| {
                            let fname = &self.m.functions[func.0 as usize].name;
                            let bname = body
                                .blocks
                                .get(body.cur)
                                .and_then(|b| b.name.clone())
                                .unwrap_or_else(|| format!("{}", body.cur));
                            e.at(None, format!("function `@{fname}`, block `%{bname}`, bitcode record {name}"), None)
                        })?;
                    }
                }
            }
            Ok(())
        })();
        // Attachments may name this function's own metadata: read them before its ids go.
        let attached = match (&result, attachments) {
            (Ok(()), Some(a)) => self.read_attachments(func, a),
            _ => Ok(()),
        };
        self.md.truncate(md_base);
        result?;
        attached?;
        if body.done.iter().any(|d| !d) || body.blocks.is_empty() {
            let fname = &self.m.functions[func.0 as usize].name;
            return Err(CompileError::invalid(format!("function `@{fname}`: a basic block has no terminator")));
        }
        // Resolve forward references.
        let vals = std::mem::take(&mut body.vals);
        let resolve = |o: &mut Operand| -> Result<()> {
            if let Operand::Local(LocalId(l)) = *o {
                if l & FORWARD != 0 {
                    let v = (l & !FORWARD) as usize;
                    *o = value_of(&self.values, body.base, &vals, v as u64)
                        .ok_or_else(|| CompileError::invalid(format!("value {v} used but never defined")))?;
                }
            }
            Ok(())
        };
        for bb in &mut body.blocks {
            for inst in &mut bb.insts {
                for o in operands_mut(&mut inst.kind) {
                    resolve(o)?;
                }
            }
            match &mut bb.term {
                Terminator::Ret(Some(o)) | Terminator::CondBr { cond: o, .. } | Terminator::Switch { value: o, .. } => {
                    resolve(o)?
                }
                _ => {}
            }
        }
        if let Some(vst) = vst {
            self.function_vst(&mut body, &vals, vst)?;
        }
        let f = &mut self.m.functions[func.0 as usize];
        f.blocks = body.blocks;
        f.local_types = body.local_types;
        Ok(())
    }

    fn function_vst(&mut self, body: &mut Body, vals: &[Operand], vst: &Block) -> Result<()> {
        let f = &mut self.m.functions[body.func.0 as usize];
        for rec in vst.records() {
            let Some((&id, name)) = rec.ops.split_first() else { continue };
            let name = chars(name)?;
            match rec.code {
                1 => {
                    if let Some(Operand::Local(l)) = value_of(&self.values, body.base, vals, id) {
                        if let Some(p) = f.params.get_mut(l.0 as usize) {
                            p.name = Some(name.clone());
                        }
                        f.local_names.insert(l, name);
                    }
                }
                2 => {
                    if let Some(b) = usize::try_from(id).ok().and_then(|i| body.blocks.get_mut(i)) {
                        b.name = Some(name);
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn val_ty(&self, body: &Body, v: u64) -> Option<TypeId> {
        match value_of(&self.values, body.base, &body.vals, v) {
            Some(Operand::Const(c)) => Some(self.m.const_ty(c)),
            Some(Operand::Local(l)) => body.local_types.get(l.0 as usize).copied(),
            Some(Operand::Metadata) => None,
            None => body.fwd_types.get(&v).copied(),
        }
    }

    fn operand(&self, body: &Body, v: u64) -> Result<Operand> {
        match value_of(&self.values, body.base, &body.vals, v) {
            Some(o) => Ok(o),
            None => {
                let limit = body.next() as u64 + 1_000_000;
                if v >= u64::from(FORWARD) || v > limit {
                    return Err(CompileError::invalid(format!("value id {v} out of range")));
                }
                Ok(Operand::Local(LocalId(FORWARD | v as u32)))
            }
        }
    }

    /// The absolute id of a (possibly relative) value operand.
    fn abs(&self, body: &Body, raw: u64) -> u64 {
        if self.version >= 1 {
            // LLVM computes relative ids in 32-bit unsigned arithmetic: forward
            // references are written wrapped.
            u64::from((body.next() as u32).wrapping_sub(raw as u32))
        } else {
            raw
        }
    }

    /// `getValueTypePair`: a value, followed by its type when it is a forward reference.
    pub(super) fn pair(&mut self, body: &mut Body, o: &mut Ops) -> Result<(Operand, TypeId)> {
        let v = self.abs(body, o.next()?);
        let op = self.operand(body, v)?;
        let ty = match (self.val_ty(body, v), v < body.next() as u64) {
            (Some(t), true) => t,
            _ => {
                let t = self.ty(o.next()?)?;
                body.fwd_types.insert(v, t);
                t
            }
        };
        Ok((op, ty))
    }

    /// `getValue`/`popValue`: a value whose type the context gives.
    pub(super) fn value(&mut self, body: &mut Body, o: &mut Ops, ty: TypeId) -> Result<Operand> {
        if matches!(self.m.ty(ty), Type::Metadata) {
            o.next()?;
            return Ok(Operand::Metadata);
        }
        let v = self.abs(body, o.next()?);
        body.fwd_types.entry(v).or_insert(ty);
        self.operand(body, v)
    }

    pub(super) fn bb(&self, body: &Body, id: u64) -> Result<BlockId> {
        if (id as usize) < body.blocks.len() {
            Ok(BlockId(id as u32))
        } else {
            Err(CompileError::invalid(format!("basic block {id} out of range ({} declared)", body.blocks.len())))
        }
    }

    fn scope(&self, id: u64) -> Option<String> {
        match id {
            0 => Some("singlethread".into()),
            1 => None,
            n => self.sync_scopes.get(n as usize).cloned().filter(|s| !s.is_empty()),
        }
    }

    fn bool_ty(&mut self, like: TypeId) -> TypeId {
        let i1 = self.m.intern_type(Type::Int(1));
        match self.m.ty(like).clone() {
            Type::Vector { len, .. } => self.m.intern_type(Type::Vector { len, elem: i1 }),
            _ => i1,
        }
    }

    fn elem_ty(&self, ty: TypeId) -> Result<TypeId> {
        match self.m.ty(ty) {
            Type::Vector { elem, .. } => Ok(*elem),
            _ => Err(CompileError::invalid("vector operation on a value that is not a vector")),
        }
    }

    fn const_index(&self, o: Operand) -> Option<u64> {
        let Operand::Const(c) = o else { return None };
        match self.m.constant(c) {
            Constant::Int { value, .. } => Some(*value),
            Constant::Zero(_) | Constant::Null(_) => Some(0),
            Constant::Aggregate { elems, .. } => elems.first().and_then(|&e| self.const_index(Operand::Const(e))),
            _ => None,
        }
    }

    /// The type `indices` select inside `ty` (`extractvalue`, and GEP past the first index).
    fn indexed(&self, mut ty: TypeId, indices: impl Iterator<Item = Option<u64>>) -> Result<TypeId> {
        for idx in indices {
            ty = match self.m.ty(ty) {
                Type::Struct { fields, .. } => {
                    let i = idx.ok_or_else(|| CompileError::invalid("struct index that is not a constant"))?;
                    *fields
                        .get(i as usize)
                        .ok_or_else(|| CompileError::invalid(format!("struct index {i} out of range")))?
                }
                Type::Array { elem, .. } | Type::Vector { elem, .. } => *elem,
                _ => return Err(CompileError::invalid("index into a type that is not an aggregate")),
            };
        }
        Ok(ty)
    }

    pub(super) fn ptr_info(&self, ty: TypeId) -> Result<(u32, Option<TypeId>, Option<u32>)> {
        match self.m.ty(ty) {
            Type::Pointer { addrspace, pointee } => Ok((*addrspace, *pointee, None)),
            Type::Vector { len, elem } => match self.m.ty(*elem) {
                Type::Pointer { addrspace, pointee } => Ok((*addrspace, *pointee, Some(*len))),
                _ => Err(CompileError::invalid("pointer operand that is not a pointer")),
            },
            _ => Err(CompileError::invalid("pointer operand that is not a pointer")),
        }
    }

    pub(super) fn push(&mut self, body: &mut Body, ty: TypeId, kind: InstKind) -> Result<()> {
        let bb = body
            .blocks
            .get_mut(body.cur)
            .ok_or_else(|| CompileError::invalid("instruction after the last basic block"))?;
        let result = if matches!(self.m.ty(ty), Type::Void) {
            None
        } else {
            let l = LocalId(body.local_types.len() as u32);
            body.local_types.push(ty);
            body.vals.push(Operand::Local(l));
            Some(l)
        };
        bb.insts.push(Inst { result, ty, kind });
        Ok(())
    }

    pub(super) fn terminate(&mut self, body: &mut Body, term: Terminator) -> Result<()> {
        let bb = body
            .blocks
            .get_mut(body.cur)
            .ok_or_else(|| CompileError::invalid("terminator after the last basic block"))?;
        bb.term = term;
        body.done[body.cur] = true;
        body.cur += 1;
        Ok(())
    }

    fn inst(&mut self, body: &mut Body, rec: &Record, what: &'static str) -> Result<()> {
        let mut o = Ops { rec, i: 0, what };
        let void = self.m.intern_type(Type::Void);
        match rec.code {
            1 => {
                let n = o.next()? as usize;
                if n == 0 || n > body.max_blocks || !body.blocks.is_empty() {
                    return Err(CompileError::invalid(format!("{n} basic blocks declared")));
                }
                body.blocks = (0..n)
                    .map(|_| BasicBlock { name: None, insts: Vec::new(), term: Terminator::Unreachable })
                    .collect();
                body.done = vec![false; n];
            }
            2 => {
                let (lhs, ty) = self.pair(body, &mut o)?;
                let rhs = self.value(body, &mut o, ty)?;
                let code = o.next()?;
                let op = bin_op(code, self.is_float(ty))
                    .ok_or_else(|| CompileError::invalid(format!("binary opcode {code}")))?;
                self.push(body, ty, InstKind::Binary { op, lhs, rhs })?;
            }
            56 => {
                let (v, ty) = self.pair(body, &mut o)?;
                if o.next()? != 0 {
                    return Err(CompileError::invalid("unary opcode other than fneg"));
                }
                self.push(body, ty, InstKind::FNeg(v))?;
            }
            3 => {
                let (value, _) = self.pair(body, &mut o)?;
                let ty = self.ty(o.next()?)?;
                let code = o.next()?;
                let op = cast_op(code).ok_or_else(|| CompileError::invalid(format!("cast opcode {code}")))?;
                self.push(body, ty, InstKind::Cast { op, value })?;
            }
            4 | 30 | 43 => {
                let (inbounds, source) = if rec.code == 43 {
                    let flags = o.next()?;
                    (flags & 1 != 0, Some(self.ty(o.next()?)?))
                } else {
                    (rec.code == 30, None)
                };
                let (base, bty) = self.pair(body, &mut o)?;
                let (addrspace, pointee, mut vlen) = self.ptr_info(bty)?;
                let source_ty = source
                    .or(pointee)
                    .ok_or_else(|| CompileError::invalid("getelementptr without a source element type"))?;
                let mut indices = Vec::new();
                let mut consts = Vec::new();
                while o.left() > 0 {
                    let (i, ity) = self.pair(body, &mut o)?;
                    if let Type::Vector { len, .. } = self.m.ty(ity) {
                        vlen = Some(*len);
                    }
                    consts.push(self.const_index(i));
                    indices.push(i);
                }
                let target = self.indexed(source_ty, consts.into_iter().skip(1))?;
                let ptr = self.m.intern_type(Type::Pointer { addrspace, pointee: pointee.map(|_| target) });
                let ty = match vlen {
                    Some(len) => self.m.intern_type(Type::Vector { len, elem: ptr }),
                    None => ptr,
                };
                self.push(body, ty, InstKind::Gep { source_ty, base, indices, inbounds })?;
            }
            5 => {
                let (a, ty) = self.pair(body, &mut o)?;
                let b = self.value(body, &mut o, ty)?;
                let i1 = self.m.intern_type(Type::Int(1));
                let cond = self.value(body, &mut o, i1)?;
                self.push(body, ty, InstKind::Select { cond, a, b })?;
            }
            29 => {
                let (a, ty) = self.pair(body, &mut o)?;
                let b = self.value(body, &mut o, ty)?;
                let (cond, _) = self.pair(body, &mut o)?;
                self.push(body, ty, InstKind::Select { cond, a, b })?;
            }
            6 => {
                let (vec, vty) = self.pair(body, &mut o)?;
                let (index, _) = self.pair(body, &mut o)?;
                let ty = self.elem_ty(vty)?;
                self.push(body, ty, InstKind::ExtractElement { vec, index })?;
            }
            7 => {
                let (vec, vty) = self.pair(body, &mut o)?;
                let ety = self.elem_ty(vty)?;
                let elem = self.value(body, &mut o, ety)?;
                let (index, _) = self.pair(body, &mut o)?;
                self.push(body, vty, InstKind::InsertElement { vec, elem, index })?;
            }
            8 => {
                let (a, vty) = self.pair(body, &mut o)?;
                let b = self.value(body, &mut o, vty)?;
                let (m, _) = self.pair(body, &mut o)?;
                let Operand::Const(mc) = m else {
                    return Err(CompileError::invalid("shufflevector mask that is not a constant"));
                };
                let mask = self.shuffle_mask(mc)?;
                let elem = self.elem_ty(vty)?;
                let ty = self.m.intern_type(Type::Vector { len: mask.len() as u32, elem });
                self.push(body, ty, InstKind::ShuffleVector { a, b, mask })?;
            }
            9 | 28 => {
                let (lhs, ty) = self.pair(body, &mut o)?;
                let rhs = self.value(body, &mut o, ty)?;
                let pred = o.next()?;
                let rty = self.bool_ty(ty);
                let kind = if self.is_float(ty) {
                    InstKind::FCmp {
                        pred: float_pred(pred)
                            .ok_or_else(|| CompileError::invalid(format!("fcmp predicate {pred}")))?,
                        lhs,
                        rhs,
                    }
                } else {
                    InstKind::ICmp {
                        pred: int_pred(pred).ok_or_else(|| CompileError::invalid(format!("icmp predicate {pred}")))?,
                        lhs,
                        rhs,
                    }
                };
                self.push(body, rty, kind)?;
            }
            10 => {
                let v = if o.left() == 0 { None } else { Some(self.pair(body, &mut o)?.0) };
                self.terminate(body, Terminator::Ret(v))?;
            }
            11 => {
                let then = self.bb(body, o.next()?)?;
                let term = if o.left() == 0 {
                    Terminator::Br(then)
                } else {
                    let otherwise = self.bb(body, o.next()?)?;
                    let i1 = self.m.intern_type(Type::Int(1));
                    let cond = self.value(body, &mut o, i1)?;
                    Terminator::CondBr { cond, then, otherwise }
                };
                self.terminate(body, term)?;
            }
            12 => self.switch(body, rec)?,
            15 => self.terminate(body, Terminator::Unreachable)?,
            16 => {
                let ty = self.ty(o.next()?)?;
                let mut n = o.left();
                if !n.is_multiple_of(2) {
                    n -= 1; // trailing fast-math flags
                }
                let mut incoming = Vec::with_capacity(n / 2);
                for _ in 0..n / 2 {
                    let raw = o.next()?;
                    let v = if self.version >= 1 {
                        (body.next() as i64).wrapping_sub(super::signed(raw)) as u64
                    } else {
                        raw
                    };
                    body.fwd_types.entry(v).or_insert(ty);
                    let op = self.operand(body, v)?;
                    let bb = self.bb(body, o.next()?)?;
                    incoming.push((op, bb));
                }
                self.push(body, ty, InstKind::Phi { incoming })?;
            }
            19 => {
                let ity = self.ty(o.next()?)?;
                let oty = self.ty(o.next()?)?;
                let size = o.next()?;
                let a = o.next()?;
                let explicit = a & (1 << 6) != 0;
                let align = decode_align((a & 0x1f) | (((a >> 8) & 0x7) << 5))?;
                let (elem_ty, ty) = if explicit {
                    let addrspace = if o.left() > 0 { u32::try_from(o.next()?).unwrap_or(0) } else { 0 };
                    let opaque = self.opaque_pointers;
                    (
                        ity,
                        self.m.intern_type(Type::Pointer { addrspace, pointee: if opaque { None } else { Some(ity) } }),
                    )
                } else {
                    (
                        self.pointee(ity)
                            .ok_or_else(|| CompileError::invalid("alloca of a type that is not a typed pointer"))?,
                        ity,
                    )
                };
                let _ = oty;
                let count = self.operand(body, size)?;
                let count = if self.const_index(count) == Some(1) { None } else { Some(count) };
                self.push(body, ty, InstKind::Alloca { elem_ty, count, align })?;
            }
            20 | 41 => {
                let (ptr, pty) = self.pair(body, &mut o)?;
                let fixed = if rec.code == 20 { 2 } else { 4 };
                let ty = if o.left() == fixed + 1 {
                    self.ty(o.next()?)?
                } else {
                    self.ptr_info(pty)?
                        .1
                        .ok_or_else(|| CompileError::invalid("load without a type through an opaque pointer"))?
                };
                let align = decode_align(o.next()?)?;
                let volatile = o.next()? != 0;
                let ordering = if rec.code == 41 { ordering(o.next()?)? } else { Ordering::NotAtomic };
                self.push(body, ty, InstKind::Load { ptr, align, volatile, ordering })?;
            }
            24 | 42 | 44 | 45 => {
                let (ptr, pty) = self.pair(body, &mut o)?;
                let value = if rec.code == 44 || rec.code == 45 {
                    self.pair(body, &mut o)?.0
                } else {
                    let t = self
                        .ptr_info(pty)?
                        .1
                        .ok_or_else(|| CompileError::invalid("store through an opaque pointer without a value type"))?;
                    self.value(body, &mut o, t)?
                };
                let align = decode_align(o.next()?)?;
                let volatile = o.next()? != 0;
                let ordering =
                    if rec.code == 42 || rec.code == 45 { ordering(o.next()?)? } else { Ordering::NotAtomic };
                self.push(body, void, InstKind::Store { value, ptr, align, volatile, ordering })?;
            }
            26 | 27 => {
                let (agg, aty) = self.pair(body, &mut o)?;
                let elem = if rec.code == 27 { Some(self.pair(body, &mut o)?.0) } else { None };
                let mut indices = Vec::new();
                while o.left() > 0 {
                    let i = o.next()?;
                    indices.push(u32::try_from(i).map_err(|_| CompileError::invalid(format!("aggregate index {i}")))?);
                }
                match elem {
                    None => {
                        let ty = self.indexed(aty, indices.iter().map(|&i| Some(u64::from(i))))?;
                        self.push(body, ty, InstKind::ExtractValue { agg, indices })?;
                    }
                    Some(elem) => self.push(body, aty, InstKind::InsertValue { agg, elem, indices })?,
                }
            }
            34 => self.call(body, &mut o)?,
            36 => {
                let ordering = ordering(o.next()?)?;
                let scope = self.scope(o.next()?);
                self.push(body, void, InstKind::Fence { ordering, scope })?;
            }
            37 | 46 => {
                let (ptr, pty) = self.pair(body, &mut o)?;
                let (expected, vty) = if rec.code == 46 {
                    self.pair(body, &mut o)?
                } else {
                    let t = self.ptr_info(pty)?.1.ok_or_else(|| {
                        CompileError::invalid("cmpxchg through an opaque pointer without a value type")
                    })?;
                    (self.value(body, &mut o, t)?, t)
                };
                let new = self.value(body, &mut o, vty)?;
                let _volatile = o.next()?;
                let success = ordering(o.next()?)?;
                let scope = self.scope(o.next()?);
                let old_style = o.left() < 2 && rec.code == 37;
                let failure = if o.left() > 0 { ordering(o.next()?)? } else { failure_for(success) };
                let weak = if o.left() > 0 { o.next()? != 0 } else { false };
                let i1 = self.m.intern_type(Type::Int(1));
                let sty = self.m.intern_type(Type::Struct {
                    name: None,
                    fields: vec![vty, i1],
                    packed: false,
                    opaque: false,
                });
                self.push(body, sty, InstKind::CmpXchg { ptr, expected, new, success, failure, weak, scope })?;
                if old_style {
                    // LLVM before 3.5 returned the old value alone: upgrade as LLVM does,
                    // with an `extractvalue` that stands for the record's value.
                    let l = body.vals.pop().ok_or_else(|| CompileError::internal("cmpxchg without a result"))?;
                    let bb = body
                        .blocks
                        .get_mut(body.cur)
                        .ok_or_else(|| CompileError::invalid("instruction after the last basic block"))?;
                    let r = LocalId(body.local_types.len() as u32);
                    body.local_types.push(vty);
                    bb.insts.push(Inst {
                        result: Some(r),
                        ty: vty,
                        kind: InstKind::ExtractValue { agg: l, indices: vec![0] },
                    });
                    body.vals.push(Operand::Local(r));
                }
            }
            38 | 59 => {
                let (ptr, pty) = self.pair(body, &mut o)?;
                let (value, vty) = if rec.code == 59 {
                    self.pair(body, &mut o)?
                } else {
                    let t = self.ptr_info(pty)?.1.ok_or_else(|| {
                        CompileError::invalid("atomicrmw through an opaque pointer without a value type")
                    })?;
                    (self.value(body, &mut o, t)?, t)
                };
                let op = rmw_op(o.next()?)?;
                let _volatile = o.next()?;
                let ordering = ordering(o.next()?)?;
                let scope = self.scope(o.next()?);
                self.push(body, vty, InstKind::AtomicRmw { op, ptr, value, ordering, scope })?;
            }
            58 => {
                let (v, ty) = self.pair(body, &mut o)?;
                self.push(body, ty, InstKind::Freeze(v))?;
            }
            // Debug locations, operand bundles, block address users, debug records.
            33 | 35 | 55 | 60..=65 => {}
            13 | 23 | 31 | 39 | 40 | 47..=54 | 57 => {
                return Err(CompileError::unsupported(format!(
                    "{what} (exception handling, indirect branches and varargs are not kernel code)"
                )))
            }
            c => return Err(CompileError::unsupported(format!("function record code {c}"))),
        }
        Ok(())
    }
}

impl Body {
    /// The id the next defined value gets.
    pub(super) fn next(&self) -> usize {
        self.base + self.vals.len()
    }
}

/// Value `v` of a function: module values first, then the function's own.
pub(super) fn value_of(
    module: &[crate::frontend::llvm::model::ConstId],
    base: usize,
    vals: &[Operand],
    v: u64,
) -> Option<Operand> {
    let v = usize::try_from(v).ok()?;
    if v < base {
        module.get(v).map(|&c| Operand::Const(c))
    } else {
        vals.get(v - base).copied()
    }
}

/// The failure ordering LLVM derives for records that do not carry one.
fn failure_for(success: Ordering) -> Ordering {
    match success {
        Ordering::AcqRel => Ordering::Acquire,
        Ordering::Release => Ordering::Monotonic,
        o => o,
    }
}

/// Every operand of an instruction, for resolving forward references.
fn operands_mut(kind: &mut InstKind) -> Vec<&mut Operand> {
    match kind {
        InstKind::Binary { lhs, rhs, .. } | InstKind::ICmp { lhs, rhs, .. } | InstKind::FCmp { lhs, rhs, .. } => {
            vec![lhs, rhs]
        }
        InstKind::FNeg(v) | InstKind::Cast { value: v, .. } | InstKind::Freeze(v) => vec![v],
        InstKind::Select { cond, a, b } => vec![cond, a, b],
        InstKind::Phi { incoming } => incoming.iter_mut().map(|(o, _)| o).collect(),
        InstKind::Alloca { count, .. } => count.iter_mut().collect(),
        InstKind::Load { ptr, .. } => vec![ptr],
        InstKind::Store { value, ptr, .. } => vec![value, ptr],
        InstKind::Gep { base, indices, .. } => std::iter::once(base).chain(indices.iter_mut()).collect(),
        InstKind::ExtractElement { vec, index } => vec![vec, index],
        InstKind::InsertElement { vec, elem, index } => vec![vec, elem, index],
        InstKind::ShuffleVector { a, b, .. } => vec![a, b],
        InstKind::ExtractValue { agg, .. } => vec![agg],
        InstKind::InsertValue { agg, elem, .. } => vec![agg, elem],
        InstKind::Call { callee, args, .. } => {
            let mut v: Vec<&mut Operand> = args.iter_mut().collect();
            if let Callee::Indirect(o) = callee {
                v.push(o);
            }
            v
        }
        InstKind::AtomicRmw { ptr, value, .. } => vec![ptr, value],
        InstKind::CmpXchg { ptr, expected, new, .. } => vec![ptr, expected, new],
        InstKind::Fence { .. } => vec![],
    }
}

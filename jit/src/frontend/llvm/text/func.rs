//! Functions in LLVM IR text: `define`/`declare` headers (linkage, calling convention,
//! parameters and their attributes, function attributes and metadata attachments),
//! bodies split into blocks, and the function-local names: values and blocks numbered
//! in definition order (implicitly numbered `%N` included), forward references
//! resolved when the function ends. Instructions themselves are read by `insts`.

use std::collections::HashMap;

use super::lex::{self, Tok};
use super::{GlobalRef, Parser};
use crate::frontend::llvm::model::{
    Block, BlockId, Callee, CallingConv, Inst, InstKind, LocalId, Md, Operand, Param, Terminator, Type, TypeId,
};
use crate::Result;

/// A function-local name: its type and, once defined, its local.
struct Slot {
    ty: TypeId,
    def: Option<LocalId>,
    /// The token that first used it, for the error if it is never defined.
    first_use: usize,
}

/// The state of the function whose body is being read.
pub(super) struct FnState {
    name: String,
    block: Option<String>,
    names: HashMap<String, u32>,
    slots: Vec<Slot>,
    block_names: HashMap<String, u32>,
    /// Block slot → (index of the defined block, first use).
    block_slots: Vec<(Option<u32>, usize)>,
    next_num: u32,
    local_types: Vec<TypeId>,
    local_names: HashMap<LocalId, String>,
    blocks: Vec<Block>,
}

impl FnState {
    /// "function `@f`, block `%b`" for messages.
    pub(super) fn where_(&self) -> String {
        match &self.block {
            Some(b) => format!("function `@{}`, block `%{b}`", self.name),
            None => format!("function `@{}`", self.name),
        }
    }
}

/// One step of a body: an instruction (with the name of its result, if written) or a
/// terminator.
pub(super) enum Step {
    Inst { name: Option<String>, ty: TypeId, kind: InstKind },
    Term(Terminator),
}

fn is_numeric(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit())
}

impl<'a> Parser<'a> {
    fn fs(&mut self) -> Result<&mut FnState> {
        match self.func.as_mut() {
            Some(f) => Ok(f),
            None => Err(crate::CompileError::internal("LLVM IR text reader: function state outside a body")),
        }
    }

    /// `define ...` (with a body) or `declare ...`.
    pub(super) fn function(&mut self, define: bool) -> Result<()> {
        self.pos += 1;
        let mut cc = CallingConv::C;
        while !self.at_type() {
            match self.next() {
                Tok::Word("cc") => cc = CallingConv::from_code(self.expect_u32("a calling convention number")?),
                Tok::Word("align") => {
                    self.expect_u64("an alignment")?;
                }
                Tok::Word(w) => {
                    if let Some(c) = calling_conv(w) {
                        cc = c;
                    }
                    if self.peek() == Tok::LParen {
                        self.skip_parens()?;
                    }
                }
                _ => {
                    self.pos -= 1;
                    return Err(self.expected("a return type"));
                }
            }
        }
        let ret = self.parse_type()?;
        let Tok::Global(name, quoted) = self.next() else {
            self.pos -= 1;
            return Err(self.expected("a function name"));
        };
        let name = lex::name_text(name, quoted)?;
        let Some(&GlobalRef::Func(id)) = self.global_names.get(&name) else {
            return Err(self.internal_here("function missed by the pre-scan"));
        };
        if self.m.function(id).ty != TypeId(0) || !self.m.function(id).blocks.is_empty() {
            self.pos -= 1;
            return Err(self.invalid(&format!("function `@{name}` is defined twice")));
        }
        // Parameters.
        self.expect(Tok::LParen, "`(`")?;
        let mut params = Vec::new();
        let mut param_names: Vec<Option<String>> = Vec::new();
        let mut vararg = false;
        if !self.eat(Tok::RParen) {
            loop {
                if self.eat(Tok::Ellipsis) {
                    vararg = true;
                    self.expect(Tok::RParen, "`)` after `...`")?;
                    break;
                }
                let ty = self.parse_type()?;
                let (mut attrs, untyped_byval) = self.param_attrs()?;
                if untyped_byval {
                    attrs.byval = self.pointee(ty);
                }
                let pname = match self.peek() {
                    Tok::Local(n, q) => {
                        self.pos += 1;
                        Some(lex::name_text(n, q)?)
                    }
                    _ => None,
                };
                param_names.push(pname.clone());
                params.push(Param { ty, name: pname, attrs });
                if self.eat(Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "`,` or `)`")?;
            }
        }
        // Function attributes and metadata attachments.
        let mut metadata = Vec::new();
        loop {
            match self.peek() {
                Tok::Word(
                    "define" | "declare" | "attributes" | "target" | "source_filename" | "module" | "uselistorder",
                ) => break,
                Tok::Word("addrspace") => {
                    self.addrspace()?;
                }
                Tok::Word("section" | "gc" | "partition") => {
                    self.pos += 1;
                    self.expect_str("a name")?;
                }
                Tok::Word("align") => {
                    self.pos += 1;
                    self.expect_u64("an alignment")?;
                }
                Tok::Word("personality" | "prefix" | "prologue") => {
                    self.pos += 1;
                    self.typed_const()?;
                }
                Tok::Word(_) => {
                    self.pos += 1;
                    if self.peek() == Tok::LParen {
                        self.skip_parens()?;
                    }
                }
                Tok::AttrGrp(_) => self.pos += 1,
                Tok::Str(_) => {
                    self.pos += 1;
                    if self.eat(Tok::Equal) {
                        self.expect_str("an attribute value")?;
                    }
                }
                Tok::MdName(kind) if self.peek_at(1) != Tok::Equal => {
                    self.pos += 1;
                    let kind = String::from_utf8_lossy(&lex::unescape(kind)?).into_owned();
                    if let Md::Node(n) = self.md_operand()? {
                        metadata.push((kind, n));
                    }
                }
                _ => break,
            }
        }
        let fn_ty = self.m.intern_type(Type::Function { ret, params: params.iter().map(|p| p.ty).collect(), vararg });
        {
            let f = &mut self.m.functions[id.0 as usize];
            f.ty = fn_ty;
            f.cc = cc;
            f.params = params;
            f.metadata = metadata;
        }
        if !define {
            return Ok(());
        }
        if self.peek() != Tok::LBrace {
            return Err(self.expected("`{` opening the function body"));
        }
        self.pos += 1;
        self.body(id.0 as usize, name, param_names)
    }

    fn body(&mut self, index: usize, name: String, param_names: Vec<Option<String>>) -> Result<()> {
        let param_tys: Vec<TypeId> = self.m.functions[index].params.iter().map(|p| p.ty).collect();
        self.func = Some(FnState {
            name,
            block: None,
            names: HashMap::new(),
            slots: Vec::new(),
            block_names: HashMap::new(),
            block_slots: Vec::new(),
            next_num: 0,
            local_types: Vec::new(),
            local_names: HashMap::new(),
            blocks: Vec::new(),
        });
        for (ty, n) in param_tys.into_iter().zip(param_names) {
            self.define_local(n, ty)?;
        }
        let mut cur: Option<(Option<String>, Vec<Inst>)> = None;
        loop {
            match self.peek() {
                Tok::RBrace => {
                    if cur.is_some() {
                        return Err(self.invalid("the last block has no terminator"));
                    }
                    self.pos += 1;
                    break;
                }
                Tok::Eof => return Err(self.expected("`}` closing the function")),
                Tok::Label(l, quoted) => {
                    if cur.is_some() {
                        return Err(self.invalid("a block without a terminator"));
                    }
                    self.pos += 1;
                    let l = lex::name_text(l, quoted)?;
                    self.define_block(Some(l.clone()))?;
                    cur = Some((Some(l), Vec::new()));
                }
                _ => {
                    if cur.is_none() {
                        let n = self.define_block(None)?;
                        cur = Some((Some(n), Vec::new()));
                    }
                    match self.instruction()? {
                        Step::Inst { mut name, ty, kind } => {
                            // LLVM 3.2's cmpxchg: the pair gets a name no input can write.
                            let old_name = match self.old_cmpxchg {
                                Some(_) => {
                                    let n = self.fs()?.local_types.len();
                                    name.replace(format!("\u{1}cmpxchg.{n}"))
                                }
                                None => None,
                            };
                            let void = matches!(self.m.ty(ty), Type::Void);
                            let result = if void {
                                if name.is_some() {
                                    return Err(self.invalid("a name for an instruction without a result"));
                                }
                                None
                            } else {
                                Some(self.define_local(name, ty)?)
                            };
                            let Some((_, insts)) = cur.as_mut() else {
                                return Err(self.internal_here("instruction outside a block"));
                            };
                            insts.push(Inst { result, ty, kind });
                            if let Some(old_ty) = self.old_cmpxchg.take() {
                                // The value of LLVM 3.2's cmpxchg is the old value.
                                let agg = Operand::Local(self.local_slot(result)?);
                                let value = self.define_local(old_name, old_ty)?;
                                if let Some((_, insts)) = cur.as_mut() {
                                    insts.push(Inst {
                                        result: Some(value),
                                        ty: old_ty,
                                        kind: InstKind::ExtractValue { agg, indices: vec![0] },
                                    });
                                }
                            }
                        }
                        Step::Term(term) => {
                            if let Some((bname, insts)) = cur.take() {
                                self.fs()?.blocks.push(Block { name: bname, insts, term });
                            }
                        }
                    }
                }
            }
        }
        let st = self.func.take().ok_or_else(|| self.internal_here("function state lost"))?;
        let f = self.finish_function(st)?;
        let slot = &mut self.m.functions[index];
        slot.blocks = f.0;
        slot.local_types = f.1;
        slot.local_names = f.2;
        Ok(())
    }

    /// Resolve forward references: every operand and block names its final id.
    #[allow(clippy::type_complexity)]
    fn finish_function(&mut self, st: FnState) -> Result<(Vec<Block>, Vec<TypeId>, HashMap<LocalId, String>)> {
        for (i, s) in st.slots.iter().enumerate() {
            if s.def.is_none() {
                self.pos = s.first_use.saturating_sub(1);
                let name = st.names.iter().find(|(_, &v)| v as usize == i);
                let name = name.map_or(String::new(), |(n, _)| n.clone());
                self.func = Some(st);
                return Err(self.invalid(&format!("`%{name}` is used but never defined")));
            }
        }
        for &(def, first_use) in &st.block_slots {
            if def.is_none() {
                self.pos = first_use;
                self.func = Some(st);
                return Err(self.invalid("a branch to a block that is not defined"));
            }
        }
        let locals: Vec<LocalId> = st.slots.iter().map(|s| s.def.unwrap_or(LocalId(0))).collect();
        let blocks_of: Vec<BlockId> = st.block_slots.iter().map(|b| BlockId(b.0.unwrap_or(0))).collect();
        let mut blocks = st.blocks;
        let lmap = |o: &mut Operand| {
            if let Operand::Local(l) = o {
                *l = locals[l.0 as usize];
            }
        };
        let bmap = |b: &mut BlockId| *b = blocks_of[b.0 as usize];
        for b in &mut blocks {
            for i in &mut b.insts {
                map_operands(&mut i.kind, lmap, bmap);
            }
            match &mut b.term {
                Terminator::Ret(Some(o)) => lmap(o),
                Terminator::Ret(None) | Terminator::Unreachable => {}
                Terminator::Br(t) => bmap(t),
                Terminator::CondBr { cond, then, otherwise } => {
                    lmap(cond);
                    bmap(then);
                    bmap(otherwise);
                }
                Terminator::Switch { value, default, cases } => {
                    lmap(value);
                    bmap(default);
                    for (_, t) in cases {
                        bmap(t);
                    }
                }
            }
        }
        Ok((blocks, st.local_types, st.local_names))
    }

    /// Define a local (parameter or instruction result) named `name` (`None`: the next number).
    fn define_local(&mut self, name: Option<String>, ty: TypeId) -> Result<LocalId> {
        let pos = self.pos;
        let f = self.fs()?;
        let name = match name {
            Some(n) if is_numeric(&n) => {
                let num: u32 = n.parse().unwrap_or(u32::MAX);
                if num < f.next_num || num == u32::MAX {
                    return Err(self.invalid(&format!("`%{n}` is numbered out of order")));
                }
                f.next_num = num + 1;
                n
            }
            Some(n) => n,
            None => {
                let n = f.next_num.to_string();
                f.next_num += 1;
                n
            }
        };
        let id = LocalId(f.local_types.len() as u32);
        f.local_types.push(ty);
        match f.names.get(&name) {
            Some(&s) => {
                let slot = &mut f.slots[s as usize];
                if slot.def.is_some() {
                    return Err(self.invalid(&format!("`%{name}` is defined twice")));
                }
                if slot.ty != ty {
                    return Err(self.invalid(&format!("`%{name}` is used with another type than it is defined with")));
                }
                slot.def = Some(id);
            }
            None => {
                let s = f.slots.len() as u32;
                f.slots.push(Slot { ty, def: Some(id), first_use: pos });
                f.names.insert(name.clone(), s);
            }
        }
        f.local_names.insert(id, name);
        Ok(id)
    }

    /// The slot of the local just defined as `result` (operands name slots until the
    /// function ends).
    fn local_slot(&mut self, result: Option<LocalId>) -> Result<LocalId> {
        let f = self.fs()?;
        let slot = result.and_then(|r| f.slots.iter().rposition(|s| s.def == Some(r)));
        match slot {
            Some(s) => Ok(LocalId(s as u32)),
            None => Err(self.internal_here("cmpxchg without a result")),
        }
    }

    /// A use of local `name` as type `ty`.
    fn use_local(&mut self, name: &str, ty: TypeId) -> Result<Operand> {
        let pos = self.pos;
        let f = self.fs()?;
        let s = match f.names.get(name) {
            Some(&s) => s,
            None => {
                let s = f.slots.len() as u32;
                f.slots.push(Slot { ty, def: None, first_use: pos });
                f.names.insert(name.to_string(), s);
                s
            }
        };
        let slot = &f.slots[s as usize];
        let actual = slot.def.map_or(slot.ty, |d| f.local_types[d.0 as usize]);
        if actual != ty {
            return Err(self.invalid(&format!("`%{name}` is used with another type than it has")));
        }
        Ok(Operand::Local(LocalId(s)))
    }

    fn define_block(&mut self, name: Option<String>) -> Result<String> {
        let f = self.fs()?;
        let name = match name {
            Some(n) if is_numeric(&n) => {
                let num: u32 = n.parse().unwrap_or(u32::MAX);
                if num < f.next_num || num == u32::MAX {
                    return Err(self.invalid(&format!("label `{n}` is numbered out of order")));
                }
                f.next_num = num + 1;
                n
            }
            Some(n) => n,
            None => {
                let n = f.next_num.to_string();
                f.next_num += 1;
                n
            }
        };
        let index = f.blocks.len() as u32;
        match f.block_names.get(&name) {
            Some(&s) => {
                if f.block_slots[s as usize].0.is_some() {
                    return Err(self.invalid(&format!("block `%{name}` is defined twice")));
                }
                f.block_slots[s as usize].0 = Some(index);
            }
            None => {
                let s = f.block_slots.len() as u32;
                f.block_slots.push((Some(index), 0));
                f.block_names.insert(name.clone(), s);
            }
        }
        f.block = Some(name.clone());
        Ok(name)
    }

    /// `label %name`.
    pub(super) fn block_ref(&mut self) -> Result<BlockId> {
        self.expect_word("label")?;
        self.block_name_ref()
    }

    /// `%name` of a block.
    pub(super) fn block_name_ref(&mut self) -> Result<BlockId> {
        let pos = self.pos;
        let Tok::Local(n, q) = self.next() else {
            self.pos -= 1;
            return Err(self.expected("a block name"));
        };
        let escaped = q && n.contains('\\');
        let name = if escaped { lex::name_text(n, q)? } else { String::new() };
        let name = if escaped { name.as_str() } else { n };
        let f = self.fs()?;
        let s = match f.block_names.get(name) {
            Some(&s) => s,
            None => {
                let s = f.block_slots.len() as u32;
                f.block_slots.push((None, pos));
                f.block_names.insert(name.to_string(), s);
                s
            }
        };
        Ok(BlockId(s))
    }

    /// A value of type `ty`: a local or a constant.
    pub(super) fn value(&mut self, ty: TypeId) -> Result<Operand> {
        match self.peek() {
            Tok::Local(n, q) if self.func.is_some() => {
                self.pos += 1;
                if q && n.contains('\\') {
                    let name = lex::name_text(n, q)?;
                    self.use_local(&name, ty)
                } else {
                    self.use_local(n, ty)
                }
            }
            _ => Ok(Operand::Const(self.parse_const(ty)?)),
        }
    }

    /// A `T value` pair.
    pub(super) fn typed_value(&mut self) -> Result<(TypeId, Operand)> {
        let ty = self.parse_type()?;
        Ok((ty, self.value(ty)?))
    }
}

/// Apply `l` to every operand and `b` to every block of an instruction.
fn map_operands(k: &mut InstKind, mut l: impl FnMut(&mut Operand), mut b: impl FnMut(&mut BlockId)) {
    match k {
        InstKind::Binary { lhs, rhs, .. } | InstKind::ICmp { lhs, rhs, .. } | InstKind::FCmp { lhs, rhs, .. } => {
            l(lhs);
            l(rhs);
        }
        InstKind::FNeg(o) | InstKind::Cast { value: o, .. } | InstKind::Freeze(o) => l(o),
        InstKind::Select { cond, a, b: bb } => {
            l(cond);
            l(a);
            l(bb);
        }
        InstKind::Phi { incoming } => {
            for (o, blk) in incoming {
                l(o);
                b(blk);
            }
        }
        InstKind::Alloca { count, .. } => {
            if let Some(c) = count {
                l(c);
            }
        }
        InstKind::Load { ptr, .. } => l(ptr),
        InstKind::Store { value, ptr, .. } => {
            l(value);
            l(ptr);
        }
        InstKind::Gep { base, indices, .. } => {
            l(base);
            indices.iter_mut().for_each(l);
        }
        InstKind::ExtractElement { vec, index } => {
            l(vec);
            l(index);
        }
        InstKind::InsertElement { vec, elem, index } => {
            l(vec);
            l(elem);
            l(index);
        }
        InstKind::ShuffleVector { a, b: bb, .. } => {
            l(a);
            l(bb);
        }
        InstKind::ExtractValue { agg, .. } => l(agg),
        InstKind::InsertValue { agg, elem, .. } => {
            l(agg);
            l(elem);
        }
        InstKind::Call { callee, args, .. } => {
            if let Callee::Indirect(o) = callee {
                l(o);
            }
            args.iter_mut().for_each(l);
        }
        InstKind::AtomicRmw { ptr, value, .. } => {
            l(ptr);
            l(value);
        }
        InstKind::CmpXchg { ptr, expected, new, .. } => {
            l(ptr);
            l(expected);
            l(new);
        }
        InstKind::Fence { .. } => {}
    }
}

pub(super) fn calling_conv(w: &str) -> Option<CallingConv> {
    Some(match w {
        "ccc" => CallingConv::C,
        "spir_kernel" => CallingConv::SpirKernel,
        "spir_func" => CallingConv::SpirFunc,
        "ptx_kernel" => CallingConv::PtxKernel,
        "ptx_device" => CallingConv::PtxDevice,
        "fastcc" => CallingConv::Other(8),
        "coldcc" => CallingConv::Other(9),
        _ => return None,
    })
}

pub(super) use calling_conv as cconv;

//! The LLVM IR text reader: clang 14–19 output (typed and opaque pointers) and the LLVM
//! 3.2 syntax of the SPIR 1.2 specification and of `llvm-dis` on SPIR 1.2 bitcode, into
//! the [`model`](super::model).
//!
//! * `lex` — tokens;
//! * this file — the parser's state, the module-level statements (targets, globals,
//!   named types, attribute groups, comdats) and the pre-scan that numbers globals,
//!   functions, named types and metadata so that everything may be referred to before
//!   it is defined;
//! * `types`, `consts`, `metadata`, `func` (headers, bodies, locals, blocks), `insts`
//!   (one instruction each).
//!
//! The reader keeps what the model holds and skips what kernels never need (linkage,
//! attributes, debug info, `!tbaa`); it must not interpret dialects or builtins. It is
//! linear in the input, and on malformed input it returns an error naming the line,
//! never panics; nesting is capped.

mod consts;
mod func;
mod insts;
mod lex;
mod metadata;
mod types;

#[cfg(test)]
mod tests;

use std::collections::HashMap;

use super::model::{CallingConv, ConstId, FuncId, Function, Global, GlobalId, MdId, Module, Type, TypeId};
use crate::{CompileError, Result};
use lex::{Tok, Token};

/// How deeply types, constants and metadata may nest.
const MAX_DEPTH: u32 = 200;

/// Parse LLVM IR text into the model.
pub fn parse(text: &str) -> Result<Module> {
    let toks = lex::lex(text)?;
    let mut p = Parser::new(text, toks);
    p.prescan()?;
    p.module()?;
    Ok(p.m)
}

/// A reference to a global value: a variable or a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum GlobalRef {
    Var(GlobalId),
    Func(FuncId),
}

pub(super) struct Parser<'a> {
    src: &'a str,
    toks: Vec<Token<'a>>,
    pos: usize,
    m: Module,
    named_types: HashMap<String, TypeId>,
    global_names: HashMap<String, GlobalRef>,
    /// Numbered metadata: `None` for specialized (debug-info) nodes, which read as null.
    md_nums: HashMap<u32, Option<MdId>>,
    /// Constants of global addresses already made, by global and pointer type.
    global_consts: HashMap<(GlobalRef, TypeId), ConstId>,
    /// The function whose body is being read.
    func: Option<func::FnState>,
    depth: u32,
    /// Whether the module uses opaque pointers (`ptr`); results of `alloca` follow it.
    opaque: bool,
    /// Set by an LLVM 3.2 `cmpxchg` (which returns the old value of this type only).
    old_cmpxchg: Option<TypeId>,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str, toks: Vec<Token<'a>>) -> Self {
        Parser {
            src,
            toks,
            pos: 0,
            m: Module::default(),
            named_types: HashMap::new(),
            global_names: HashMap::new(),
            md_nums: HashMap::new(),
            global_consts: HashMap::new(),
            func: None,
            depth: 0,
            opaque: false,
            old_cmpxchg: None,
        }
    }

    // ---- token helpers ----

    fn peek(&self) -> Tok<'a> {
        self.toks.get(self.pos).map_or(Tok::Eof, |t| t.tok)
    }

    fn peek_at(&self, n: usize) -> Tok<'a> {
        self.toks.get(self.pos + n).map_or(Tok::Eof, |t| t.tok)
    }

    fn next(&mut self) -> Tok<'a> {
        let t = self.peek();
        if self.pos < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    /// Consume `t` if it is next.
    fn eat(&mut self, t: Tok<'_>) -> bool {
        if self.peek() == t {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_word(&mut self, w: &str) -> bool {
        self.eat(Tok::Word(w))
    }

    fn expect(&mut self, t: Tok<'_>, what: &str) -> Result<()> {
        if self.eat(t) {
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    fn expect_word(&mut self, w: &str) -> Result<()> {
        if self.eat_word(w) {
            Ok(())
        } else {
            Err(self.expected(&format!("`{w}`")))
        }
    }

    fn expect_u64(&mut self, what: &str) -> Result<u64> {
        match self.peek() {
            Tok::Int(s) => {
                let v = s.parse::<u64>().map_err(|_| self.expected(what))?;
                self.pos += 1;
                Ok(v)
            }
            _ => Err(self.expected(what)),
        }
    }

    fn expect_u32(&mut self, what: &str) -> Result<u32> {
        let v = self.expect_u64(what)?;
        u32::try_from(v).map_err(|_| self.invalid(&format!("{what} {v} is out of range")))
    }

    fn expect_str(&mut self, what: &str) -> Result<String> {
        match self.next() {
            Tok::Str(s) => Ok(String::from_utf8_lossy(&lex::unescape(s)?).into_owned()),
            _ => {
                self.pos -= 1;
                Err(self.expected(what))
            }
        }
    }

    /// Skip a balanced `( ... )` group starting at the current `(`.
    fn skip_parens(&mut self) -> Result<()> {
        self.skip_balanced(Tok::LParen, Tok::RParen)
    }

    fn skip_balanced(&mut self, open: Tok<'_>, close: Tok<'_>) -> Result<()> {
        self.expect(open, "an opening bracket")?;
        let mut depth = 1usize;
        loop {
            let t = self.next();
            if t == Tok::Eof {
                return Err(self.expected("a closing bracket"));
            }
            if t == open {
                depth += 1;
            } else if t == close {
                depth -= 1;
                if depth == 0 {
                    return Ok(());
                }
            }
        }
    }

    /// Enter one level of nesting (types, constants, metadata).
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.limit(&format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    // ---- errors ----

    /// Where the current token is: the line, and inside a function its name and block.
    fn location(&self) -> String {
        let pos = self.toks.get(self.pos).map_or(self.src.len(), |t| t.pos);
        let (line, text) = lex::line_at(self.src, pos);
        match &self.func {
            Some(f) => format!("{}, `{text}` (line {line})", f.where_()),
            None => format!("line {line}: `{text}`"),
        }
    }

    fn at(&self, e: CompileError) -> CompileError {
        e.at(None, self.location(), None)
    }

    fn invalid(&self, msg: &str) -> CompileError {
        self.at(CompileError::invalid(format!("LLVM IR text: {msg}")))
    }

    fn unsupported(&self, msg: &str) -> CompileError {
        self.at(CompileError::unsupported(format!("LLVM IR text: {msg}")))
    }

    fn limit(&self, msg: &str) -> CompileError {
        self.at(CompileError::limit(format!("LLVM IR text: {msg}")))
    }

    fn expected(&self, what: &str) -> CompileError {
        let found = match self.peek() {
            Tok::Eof => "the end of the input".to_string(),
            t => format!("{t:?}"),
        };
        self.invalid(&format!("expected {what}, found {found}"))
    }

    /// A cap on element counts: nothing the input lists can have more elements than the
    /// input has bytes.
    fn check_count(&self, n: u64) -> Result<usize> {
        if n > self.src.len() as u64 + 64 {
            return Err(self.limit(&format!("{n} elements for an input of {} bytes", self.src.len())));
        }
        Ok(n as usize)
    }

    // ---- pre-scan ----

    /// Number the globals, functions, named types and metadata nodes in the order they
    /// are defined, so that uses may come first.
    fn prescan(&mut self) -> Result<()> {
        let n = self.toks.len();
        self.opaque = self.toks.iter().any(|t| t.tok == Tok::Word("ptr"));
        let mut i = 0;
        while i < n {
            let t = self.toks[i].tok;
            let next = self.toks.get(i + 1).map_or(Tok::Eof, |t| t.tok);
            match (t, next) {
                (Tok::Word("define" | "declare"), _) => {
                    // The function's name is the first global name after the keyword.
                    let mut j = i + 1;
                    while j < n && !matches!(self.toks[j].tok, Tok::Global(..)) {
                        j += 1;
                    }
                    if let Some(Tok::Global(name, quoted)) = self.toks.get(j).map(|t| t.tok) {
                        let name = lex::name_text(name, quoted)?;
                        self.declare_function(name, j)?;
                    }
                    i = j;
                }
                (Tok::Global(name, quoted), Tok::Equal) => {
                    let name = lex::name_text(name, quoted)?;
                    let id = GlobalId(self.m.globals.len() as u32);
                    if self.global_names.insert(name.clone(), GlobalRef::Var(id)).is_some() {
                        self.pos = i;
                        return Err(self.invalid(&format!("`@{name}` is defined twice")));
                    }
                    self.m.globals.push(Global {
                        name,
                        value_ty: TypeId(0),
                        addrspace: 0,
                        constant: false,
                        init: None,
                        align: 0,
                    });
                }
                (Tok::Local(name, quoted), Tok::Equal)
                    if self.toks.get(i + 2).map(|t| t.tok) == Some(Tok::Word("type")) =>
                {
                    let name = lex::name_text(name, quoted)?;
                    let id = self.m.intern_type(Type::Struct {
                        name: Some(name.clone()),
                        fields: Vec::new(),
                        packed: false,
                        opaque: true,
                    });
                    if self.named_types.insert(name.clone(), id).is_some() {
                        self.pos = i;
                        return Err(self.invalid(&format!("type `%{name}` is defined twice")));
                    }
                }
                (Tok::MdNum(num), Tok::Equal) => {
                    let mut j = i + 2;
                    if self.toks.get(j).map(|t| t.tok) == Some(Tok::Word("distinct")) {
                        j += 1;
                    }
                    let specialized = matches!(self.toks.get(j).map(|t| t.tok), Some(Tok::MdName(_)));
                    let id = if specialized {
                        None
                    } else {
                        self.m.metadata.push(Vec::new());
                        Some(MdId(self.m.metadata.len() as u32 - 1))
                    };
                    if self.md_nums.insert(num, id).is_some() {
                        self.pos = i;
                        return Err(self.invalid(&format!("metadata `!{num}` is defined twice")));
                    }
                }
                _ => {}
            }
            i += 1;
        }
        Ok(())
    }

    fn declare_function(&mut self, name: String, tok: usize) -> Result<()> {
        let id = FuncId(self.m.functions.len() as u32);
        if self.global_names.insert(name.clone(), GlobalRef::Func(id)).is_some() {
            self.pos = tok;
            return Err(self.invalid(&format!("`@{name}` is defined twice")));
        }
        self.m.functions.push(Function {
            name,
            ty: TypeId(0),
            cc: CallingConv::C,
            params: Vec::new(),
            blocks: Vec::new(),
            local_types: Vec::new(),
            local_names: HashMap::new(),
            metadata: Vec::new(),
        });
        Ok(())
    }

    // ---- module level ----

    fn module(&mut self) -> Result<()> {
        // Placeholders from the pre-scan point at type 0; make sure it exists.
        if self.m.types.is_empty() {
            self.m.intern_type(Type::Void);
        }
        loop {
            match self.peek() {
                Tok::Eof => return Ok(()),
                Tok::Word("target") => {
                    self.pos += 1;
                    let which = self.next();
                    self.expect(Tok::Equal, "`=`")?;
                    let value = self.expect_str("a string")?;
                    match which {
                        Tok::Word("triple") => self.m.triple = Some(value),
                        Tok::Word("datalayout") => self.m.datalayout = Some(value),
                        _ => {
                            self.pos -= 3;
                            return Err(self.expected("`triple` or `datalayout`"));
                        }
                    }
                }
                Tok::Word("source_filename") => {
                    self.pos += 1;
                    self.expect(Tok::Equal, "`=`")?;
                    self.expect_str("a string")?;
                }
                Tok::Word("module") => {
                    self.pos += 1;
                    self.expect_word("asm")?;
                    self.expect_str("a string")?;
                }
                Tok::Word("attributes") => {
                    self.pos += 1;
                    if !matches!(self.next(), Tok::AttrGrp(_)) {
                        self.pos -= 1;
                        return Err(self.expected("an attribute group `#N`"));
                    }
                    self.expect(Tok::Equal, "`=`")?;
                    self.skip_balanced(Tok::LBrace, Tok::RBrace)?;
                }
                Tok::Word("define") => self.function(true)?,
                Tok::Word("declare") => self.function(false)?,
                Tok::Comdat(_) => {
                    // `$name = comdat any`
                    self.pos += 1;
                    self.expect(Tok::Equal, "`=`")?;
                    self.expect_word("comdat")?;
                    self.next();
                }
                Tok::Local(..) => self.type_definition()?,
                Tok::Global(..) => self.global()?,
                Tok::MdName(_) => self.named_metadata()?,
                Tok::MdNum(_) => self.metadata_definition()?,
                Tok::Word("uselistorder" | "uselistorder_bb") => {
                    return Err(self.unsupported("`uselistorder` directives"));
                }
                _ => return Err(self.expected("a top-level definition")),
            }
        }
    }

    /// `%T = type { ... }` / `type opaque`.
    fn type_definition(&mut self) -> Result<()> {
        let Tok::Local(name, quoted) = self.next() else {
            return Err(self.internal_here("type definition without a name"));
        };
        let name = lex::name_text(name, quoted)?;
        self.expect(Tok::Equal, "`=`")?;
        self.expect_word("type")?;
        let Some(&id) = self.named_types.get(&name) else {
            return Err(self.internal_here("named type missed by the pre-scan"));
        };
        if self.eat_word("opaque") {
            return Ok(());
        }
        let (fields, packed) = match self.peek() {
            Tok::LBrace => (self.struct_body(Tok::RBrace)?, false),
            Tok::Less if self.peek_at(1) == Tok::LBrace => {
                self.pos += 1;
                let f = self.struct_body(Tok::RBrace)?;
                self.expect(Tok::Greater, "`>`")?;
                (f, true)
            }
            _ => return Err(self.expected("a struct body or `opaque`")),
        };
        self.m.set_type(id, Type::Struct { name: Some(name), fields, packed, opaque: false });
        Ok(())
    }

    fn internal_here(&self, msg: &str) -> CompileError {
        self.at(CompileError::internal(format!("LLVM IR text reader: {msg}")))
    }

    /// `@g = [linkage...] [addrspace(N)] global|constant T [init] [, section ..] [, align N] ...`
    fn global(&mut self) -> Result<()> {
        let Tok::Global(name, quoted) = self.next() else {
            return Err(self.internal_here("global without a name"));
        };
        let name = lex::name_text(name, quoted)?;
        self.expect(Tok::Equal, "`=`")?;
        let Some(&GlobalRef::Var(id)) = self.global_names.get(&name) else {
            return Err(self.internal_here("global missed by the pre-scan"));
        };
        let mut has_init = true;
        let mut addrspace = 0;
        let constant = loop {
            match self.next() {
                Tok::Word("global") => break false,
                Tok::Word("constant") => break true,
                Tok::Word("external" | "extern_weak") => has_init = false,
                Tok::Word("alias" | "ifunc") => return Err(self.unsupported("aliases and ifuncs")),
                Tok::Word("addrspace") => {
                    self.expect(Tok::LParen, "`(`")?;
                    addrspace = self.expect_u32("an address space")?;
                    self.expect(Tok::RParen, "`)`")?;
                }
                Tok::Word("thread_local") => {
                    if self.peek() == Tok::LParen {
                        self.skip_parens()?;
                    }
                }
                Tok::Word(_) => {}
                _ => {
                    self.pos -= 1;
                    return Err(self.expected("`global` or `constant`"));
                }
            }
        };
        let value_ty = self.parse_type()?;
        let init = if has_init { Some(self.parse_const(value_ty)?) } else { None };
        let mut align = 0;
        while self.eat(Tok::Comma) {
            match self.next() {
                Tok::Word("align") => align = self.expect_u32("an alignment")?,
                Tok::Word("section" | "partition") => {
                    self.expect_str("a section name")?;
                }
                Tok::Word("comdat") => {
                    if self.peek() == Tok::LParen {
                        self.skip_parens()?;
                    }
                }
                Tok::MdName(_) => {
                    self.skip_md_value()?;
                }
                Tok::Word(_) => {
                    if self.peek() == Tok::LParen {
                        self.skip_parens()?;
                    }
                }
                _ => {
                    self.pos -= 1;
                    return Err(self.expected("a global attribute"));
                }
            }
        }
        while matches!(self.peek(), Tok::AttrGrp(_)) {
            self.pos += 1;
        }
        let g = &mut self.m.globals[id.0 as usize];
        g.value_ty = value_ty;
        g.addrspace = addrspace;
        g.constant = constant;
        g.init = init;
        g.align = align;
        Ok(())
    }
}

/// Read LLVM IR text (the entry the module reader calls).
pub fn read(text: &str) -> Result<Module> {
    parse(text)
}

//! A reader for the KIR text form that `display.rs` prints, so kernels can be written as
//! text (tests) and dumps can be read back: printing what [`parse_module`] returns gives
//! the text it read, byte for byte, when that text came from printing a module.
//!
//! The reader is line based: a `module` line, `dataN` lines (each followed by its
//! `bytes` lines), then kernels (`kernel NAME(PARAMS) ATTRS {`, the function, `}`). A
//! function is its `varN` lines, then blocks (`blockN(PARAMS):`, instructions, one
//! terminator). Blocks, variables and data are numbered in order; values keep the
//! numbers the text gives them and may be used before the line that defines them.
//! Blank lines and lines starting with `;` are ignored; `; text` after an instruction
//! with a result names the result.
//!
//! It checks the syntax and that every value, block and variable used exists; whether
//! the result is well-typed is [`super::verify`]'s business. Errors are
//! [`CompileError::invalid`] with the line and column and what was expected.

mod inst;
mod lex;
#[cfg(test)]
mod tests;

use lex::{error_at, space_named, Cur, Pos};

use super::display::default_value_type;
use super::{
    Block, BlockId, ConstData, Function, HostScalar, HostType, Inst, InstId, InstKind, Kernel, Module, Param,
    ParamKind, PrivateVar, Signedness, Terminator, Type, TypeQualifiers, Value, ValueDef, ValueOrigin,
};
use crate::{CompileError, Result};

/// Read a whole module. The `module` line may be left out (64-bit pointers, no
/// capabilities).
pub fn parse_module(text: &str) -> Result<Module> {
    let mut ls = Lines::new(text);
    let mut m = Module { pointer_bits: 64, ..Module::default() };
    if let Some((n, l)) = ls.peek() {
        let mut c = Cur::new(l, n);
        if c.eat_keyword("module") {
            ls.next();
            module_header(&mut c, &mut m)?;
        }
    }
    while let Some((n, l)) = ls.next() {
        let mut c = Cur::new(l, n);
        if c.peek_ident().starts_with("data") {
            let d = data_header(&mut c, m.data.len())?;
            m.data.push(d);
            let d = m.data.last_mut().ok_or_else(|| CompileError::internal("data block vanished"))?;
            let declared = d.bytes.len();
            d.bytes = bytes_lines(&mut ls, declared, n)?;
        } else if c.eat_keyword("kernel") {
            let mut k = kernel_header(&mut c)?;
            k.func = function_body(&mut ls, text.len(), true)?;
            m.kernels.push(k);
        } else {
            return Err(c.expected(&format!("`data{}` or `kernel`", m.data.len())));
        }
    }
    Ok(m)
}

/// Read one function: its `varN` lines and blocks (no `kernel` line, no closing `}`).
pub fn parse_function(text: &str) -> Result<Function> {
    function_body(&mut Lines::new(text), text.len(), false)
}

/// The non-blank, non-comment lines of the text with their 1-based numbers.
struct Lines<'a> {
    lines: std::iter::Peekable<std::iter::Enumerate<std::str::Lines<'a>>>,
    /// The number of the last line (for errors at the end of the text).
    last: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        Lines { lines: text.lines().enumerate().peekable(), last: text.lines().count().max(1) }
    }

    fn skip_blank(&mut self) {
        while let Some((_, l)) = self.lines.peek() {
            let t = l.trim_start();
            if t.is_empty() || t.starts_with(';') {
                self.lines.next();
            } else {
                break;
            }
        }
    }

    fn peek(&mut self) -> Option<(usize, &'a str)> {
        self.skip_blank();
        self.lines.peek().map(|(i, l)| (i + 1, *l))
    }

    fn next(&mut self) -> Option<(usize, &'a str)> {
        self.skip_blank();
        self.lines.next().map(|(i, l)| (i + 1, l))
    }

    fn end_pos(&self) -> Pos {
        Pos { line: self.last, col: 1 }
    }
}

/// `module pointer_bits(N) [capabilities(A, B)]` after `module`.
fn module_header(c: &mut Cur<'_>, m: &mut Module) -> Result<()> {
    c.expect_keyword("pointer_bits")?;
    c.expect("(")?;
    m.pointer_bits = c.u32("a pointer width")?;
    c.expect(")")?;
    if c.eat_keyword("capabilities") {
        c.expect("(")?;
        if !c.eat(")") {
            loop {
                m.capabilities.push(c.word("a capability")?);
                if !c.eat(",") {
                    c.expect(")")?;
                    break;
                }
            }
        }
    }
    c.end()
}

/// ` (name)`, if it comes next.
fn opt_name(c: &mut Cur<'_>) -> Result<Option<String>> {
    if !c.eat("(") {
        return Ok(None);
    }
    let name = if c.peek() == Some('"') { c.string()? } else { c.until(')', "`)` after a name")?.to_string() };
    c.expect(")")?;
    Ok(Some(name))
}

/// `dataN (name): SIZE bytes, align A[, writable]`; `bytes` holds SIZE zeros.
fn data_header(c: &mut Cur<'_>, index: usize) -> Result<ConstData> {
    let what = format!("`data{index}`");
    let pos = c.pos();
    if c.numbered("data", &what)? as usize != index {
        return Err(error_at(pos, format!("expected {what} (data blocks are numbered in order)")));
    }
    let name = opt_name(c)?;
    c.expect(":")?;
    let size = byte_count(c)?;
    c.expect(",")?;
    c.expect_keyword("align")?;
    let align = c.u32("an alignment")?;
    let writable = c.eat(",") && {
        c.expect_keyword("writable")?;
        true
    };
    c.end()?;
    Ok(ConstData { name, bytes: vec![0; size], align, writable, relocs: Vec::new() })
}

/// `N bytes`, as a length that fits in memory.
fn byte_count(c: &mut Cur<'_>) -> Result<usize> {
    let pos = c.pos();
    let n = c.u64("a byte count")?;
    c.expect_keyword("bytes")?;
    usize::try_from(n)
        .ok()
        .filter(|n| *n <= 1 << 32)
        .ok_or_else(|| CompileError::limit(format!("KIR text {pos}: {n} bytes of contents are too many")))
}

/// The `bytes` lines that follow a header (at line `header`), padded with zeros to `len`.
fn bytes_lines(ls: &mut Lines<'_>, len: usize, header: usize) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    while let Some((n, l)) = ls.peek() {
        let mut c = Cur::new(l, n);
        if !c.eat_keyword("bytes") {
            break;
        }
        ls.next();
        while !c.at_end() {
            let pos = c.pos();
            let group = c.ident("hex bytes")?;
            if group.len() % 2 != 0 || !group.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(error_at(pos, format!("expected hex bytes (pairs of hex digits), found `{group}`")));
            }
            for k in (0..group.len()).step_by(2) {
                out.push(u8::from_str_radix(&group[k..k + 2], 16).map_err(|_| error_at(pos, "bad hex digit"))?);
            }
            if out.len() > len {
                return Err(error_at(pos, format!("more bytes than the {len} the line {header} declares")));
            }
        }
    }
    out.resize(len, 0);
    Ok(out)
}

/// `NAME(PARAMS) ATTRS {` after `kernel`; the function is left empty.
fn kernel_header(c: &mut Cur<'_>) -> Result<Kernel> {
    let name = c.word("a kernel name")?;
    c.expect("(")?;
    let mut params = Vec::new();
    if !c.eat(")") {
        loop {
            params.push(param(c)?);
            if !c.eat(",") {
                c.expect(")")?;
                break;
            }
        }
    }
    let mut k = Kernel {
        name,
        params,
        reqd_work_group_size: None,
        work_group_size_hint: None,
        reqd_sub_group_size: None,
        local_static_size: 0,
        local_zero_init: Vec::new(),
        interface: None,
        opencl: None,
        func: Function::default(),
    };
    loop {
        if c.eat_keyword("reqd_work_group_size") {
            k.reqd_work_group_size = Some(three(c)?);
        } else if c.eat_keyword("work_group_size_hint") {
            k.work_group_size_hint = Some(three(c)?);
        } else if c.eat_keyword("reqd_sub_group_size") {
            c.expect("(")?;
            k.reqd_sub_group_size = Some(c.u32("a sub-group size")?);
            c.expect(")")?;
        } else if c.eat_keyword("local_zero_init") {
            c.expect("(")?;
            loop {
                let off = c.u64("an offset")?;
                c.expect(":")?;
                k.local_zero_init.push((off, c.u64("a size")?));
                if !c.eat(",") {
                    c.expect(")")?;
                    break;
                }
            }
        } else if c.eat_keyword("local") {
            k.local_static_size = c.u64("a local-memory size")?;
            c.expect_keyword("bytes")?;
        } else if c.eat("{") {
            c.end()?;
            return Ok(k);
        } else {
            return Err(c.expected("a kernel attribute or `{`"));
        }
    }
}

/// `(x, y, z)`.
fn three(c: &mut Cur<'_>) -> Result<[u32; 3]> {
    c.expect("(")?;
    let x = c.u32("a size")?;
    c.expect(",")?;
    let y = c.u32("a size")?;
    c.expect(",")?;
    let z = c.u32("a size")?;
    c.expect(")")?;
    Ok([x, y, z])
}

/// One kernel parameter: `KIND [NAME] [[read_only, const, restrict, volatile, type "T",
/// value TYPE]]`, where KIND is `SPACE TYPE*`, a type, `sampler` or `ACCESS imageDIM`.
fn param(c: &mut Cur<'_>) -> Result<Param> {
    let kind = if c.eat_keyword("sampler") {
        ParamKind::Sampler
    } else if space_named(c.peek_ident()).is_some() {
        let space = c.space()?;
        let pointee = c.ty()?;
        c.expect("*")?;
        ParamKind::Pointer { space, pointee }
    } else if c.at_type() {
        ParamKind::Value(c.ty()?)
    } else {
        let access = c.word("a parameter kind (`global T*`, a type, `sampler`, `read_only image2D`)")?;
        c.expect("image")?;
        let dim = if c.peek() == Some('"') { c.string()? } else { c.adjacent_ident().to_string() };
        if dim.is_empty() {
            return Err(c.expected("an image dimensionality (`image2D`)"));
        }
        ParamKind::Image { dim, access }
    };
    let name = match c.peek() {
        Some(ch) if ch == '"' || ch.is_ascii_alphanumeric() || ch == '_' || ch == '.' => {
            Some(c.word("a parameter name")?)
        }
        _ => None,
    };
    let host = HostType::of_param(&kind, Signedness::Unknown);
    let mut p = Param {
        name,
        value_type: default_value_type(&kind),
        kind,
        type_name: None,
        read_only: false,
        qualifiers: TypeQualifiers::default(),
        host,
    };
    if c.eat("[") {
        loop {
            if c.eat_keyword("read_only") {
                p.read_only = true;
            } else if c.eat_keyword("const") {
                p.qualifiers.is_const = true;
            } else if c.eat_keyword("restrict") {
                p.qualifiers.restrict = true;
            } else if c.eat_keyword("volatile") {
                p.qualifiers.volatile = true;
            } else if c.eat_keyword("type") {
                p.type_name = Some(c.string()?);
            } else if c.eat_keyword("value") {
                p.value_type = c.ty()?;
            } else {
                return Err(c.expected(
                    "a parameter attribute (`read_only`, `const`, `restrict`, `volatile`, `type \"T\"`, `value TYPE`)",
                ));
            }
            if !c.eat(",") {
                c.expect("]")?;
                break;
            }
        }
    }
    if c.eat(":") {
        p.host = host_type(c)?;
    }
    Ok(p)
}

/// A parameter's host type as `HostType`'s text form prints it: `u32`, `int8x4`,
/// `struct[size 8, align 4]`, `global f32*`, `void`, `image`, `sampler`.
fn host_type(c: &mut Cur<'_>) -> Result<HostType> {
    if c.eat_keyword("void") {
        return Ok(HostType::Void);
    }
    if c.eat_keyword("image") {
        return Ok(HostType::Image);
    }
    if c.eat_keyword("sampler") {
        return Ok(HostType::Sampler);
    }
    if c.eat_keyword("struct") {
        c.expect("[")?;
        c.expect("size")?;
        let size = c.u64("a size in bytes")?;
        c.expect(",")?;
        c.expect("align")?;
        let align = u32::try_from(c.u64("an alignment")?).map_err(|_| c.expected("an alignment below 2^32"))?;
        c.expect("]")?;
        return Ok(HostType::Aggregate { size, align });
    }
    if space_named(c.peek_ident()).is_some() {
        let space = c.space()?;
        let pointee = host_type(c)?;
        c.expect("*")?;
        return Ok(HostType::Pointer { space, pointee: Box::new(pointee) });
    }
    let word = c.peek_ident();
    let (scalar, lanes) = match word.split_once('x') {
        Some((s, n)) if !s.is_empty() && n.chars().all(|ch| ch.is_ascii_digit()) && !n.is_empty() => {
            (s, n.parse().ok())
        }
        _ => (word, None),
    };
    let int = |t: &str, sign| {
        t.parse::<u32>().ok().filter(|b| [8, 16, 32, 64].contains(b)).map(|bits| HostScalar::Int { bits, sign })
    };
    let s = match scalar {
        "bool" => Some(HostScalar::Bool),
        "ptr" => Some(HostScalar::Pointer),
        _ if scalar.starts_with("int") => int(&scalar[3..], Signedness::Unknown),
        _ if scalar.starts_with('i') => int(&scalar[1..], Signedness::Signed),
        _ if scalar.starts_with('u') => int(&scalar[1..], Signedness::Unsigned),
        _ if scalar.starts_with('f') => {
            scalar[1..].parse::<u32>().ok().filter(|b| [16, 32, 64].contains(b)).map(|bits| HostScalar::Float { bits })
        }
        _ => None,
    };
    let Some(s) = s else {
        return Err(c.expected("a host type (`u32`, `f32x4`, `global i8*`, `struct[size N, align A]`, `void`)"));
    };
    c.eat_keyword(word);
    Ok(match lanes {
        Some(n) => HostType::Vector(s, n),
        None => HostType::Scalar(s),
    })
}

/// A function being read: values by the numbers the text gives them.
struct Body {
    /// Definitions by value number, with where each was defined.
    defs: Vec<Option<(ValueDef, Pos)>>,
    insts: Vec<Inst>,
    /// The line of each instruction, for errors about its operands.
    inst_pos: Vec<Pos>,
    blocks: Vec<Block>,
    term_pos: Vec<Pos>,
    vars: Vec<PrivateVar>,
    /// Value numbers above this are refused (they would only make the tables huge).
    max_value: u32,
}

impl Body {
    fn define(&mut self, v: Value, def: ValueDef, pos: Pos) -> Result<()> {
        if v.0 > self.max_value {
            return Err(error_at(pos, format!("{v}: value numbers in this text must be below {}", self.max_value)));
        }
        let i = v.0 as usize;
        if self.defs.len() <= i {
            self.defs.resize(i + 1, None);
        }
        if let Some((_, first)) = &self.defs[i] {
            return Err(error_at(pos, format!("{v} is defined again (first at {first})")));
        }
        self.defs[i] = Some((def, pos));
        Ok(())
    }

    fn defined(&self, v: Value) -> bool {
        matches!(self.defs.get(v.0 as usize), Some(Some(_)))
    }
}

/// `varN (name): SIZE bytes, align A[, initialised[ K bytes]]` and its `bytes` lines.
fn var(c: &mut Cur<'_>, ls: &mut Lines<'_>, b: &mut Body, line: usize) -> Result<()> {
    let what = format!("`var{}`", b.vars.len());
    let pos = c.pos();
    if c.numbered("var", &what)? as usize != b.vars.len() {
        return Err(error_at(pos, format!("expected {what} (variables are numbered in order)")));
    }
    let name = opt_name(c)?;
    c.expect(":")?;
    let size = c.u64("a size")?;
    c.expect_keyword("bytes")?;
    c.expect(",")?;
    c.expect_keyword("align")?;
    let align = c.u32("an alignment")?;
    let mut init = None;
    if c.eat(",") {
        c.expect_keyword("initialised")?;
        let len = if c.at_end() {
            let pos = c.pos();
            usize::try_from(size)
                .ok()
                .filter(|n| *n <= 1 << 32)
                .ok_or_else(|| CompileError::limit(format!("KIR text {pos}: an initialiser of {size} bytes")))?
        } else {
            byte_count(c)?
        };
        c.end()?;
        init = Some(bytes_lines(ls, len, line)?);
    } else {
        c.end()?;
    }
    b.vars.push(PrivateVar { name, size, align, init });
    Ok(())
}

/// `blockN(v1 (name): T, ...):`.
fn block_header(c: &mut Cur<'_>, b: &mut Body) -> Result<()> {
    let id = BlockId(b.blocks.len() as u32);
    let pos = c.pos();
    if c.numbered("block", &format!("`{id}`"))? != id.0 {
        return Err(error_at(pos, format!("expected `{id}` (blocks are numbered in order)")));
    }
    c.expect("(")?;
    let mut params = Vec::new();
    if !c.eat(")") {
        loop {
            let pos = c.pos();
            let v = c.value()?;
            let name = opt_name(c)?;
            c.expect(":")?;
            let ty = c.ty()?;
            b.define(v, ValueDef { ty, origin: ValueOrigin::BlockParam(id, params.len() as u32), name }, pos)?;
            params.push(v);
            if !c.eat(",") {
                c.expect(")")?;
                break;
            }
        }
    }
    c.expect(":")?;
    c.end()?;
    b.blocks.push(Block { params, insts: Vec::new(), term: Terminator::Unreachable });
    b.term_pos.push(pos);
    Ok(())
}

/// `[vN: TYPE = ]OPERATION[  ; name]` into the last block.
fn instruction(c: &mut Cur<'_>, b: &mut Body) -> Result<()> {
    let pos = c.pos();
    let id = InstId(b.insts.len() as u32);
    let id_text = c.peek_ident();
    let result = if id_text.starts_with('v') && id_text[1..].bytes().all(|d| d.is_ascii_digit()) && id_text.len() > 1 {
        let v = c.value()?;
        c.expect(":")?;
        let ty = c.ty()?;
        c.expect("=")?;
        Some((v, ty))
    } else {
        None
    };
    let kind = inst::inst_kind(c)?;
    let mut name = None;
    if c.eat(";") {
        name = Some(if c.peek() == Some('"') { c.string()? } else { c.take_rest().to_string() });
    }
    c.end()?;
    let result = match result {
        Some((v, ty)) => {
            b.define(v, ValueDef { ty, origin: ValueOrigin::Inst(id), name }, pos)?;
            Some(v)
        }
        None => None,
    };
    b.insts.push(Inst { kind, result });
    b.inst_pos.push(pos);
    if let Some(block) = b.blocks.last_mut() {
        block.insts.push(id);
    }
    Ok(())
}

/// Vars and blocks up to a `}` line (`in_kernel`) or the end of the text.
fn function_body(ls: &mut Lines<'_>, text_len: usize, in_kernel: bool) -> Result<Function> {
    let mut b = Body {
        defs: Vec::new(),
        insts: Vec::new(),
        inst_pos: Vec::new(),
        blocks: Vec::new(),
        term_pos: Vec::new(),
        vars: Vec::new(),
        max_value: u32::try_from(text_len).unwrap_or(u32::MAX).saturating_add(1024),
    };
    // True between a block header and its terminator.
    let mut open = false;
    loop {
        let Some((n, l)) = ls.next() else {
            if in_kernel {
                return Err(error_at(ls.end_pos(), "expected `}` closing the kernel, found the end of the text"));
            }
            if open {
                return Err(error_at(ls.end_pos(), "expected a terminator, found the end of the text"));
            }
            break;
        };
        let mut c = Cur::new(l, n);
        let first = c.peek_ident();
        if open {
            if inst::is_terminator(first) {
                let t = inst::terminator(&mut c)?;
                if let (Some(block), Some(p)) = (b.blocks.last_mut(), b.term_pos.last_mut()) {
                    block.term = t;
                    *p = Pos { line: n, col: 1 };
                }
                open = false;
            } else {
                instruction(&mut c, &mut b)?;
            }
        } else if in_kernel && c.eat("}") {
            c.end()?;
            break;
        } else if first.starts_with("var") && b.blocks.is_empty() {
            var(&mut c, ls, &mut b, n)?;
        } else if first.starts_with("block") {
            block_header(&mut c, &mut b)?;
            open = true;
        } else {
            let what = format!("`block{}`", b.blocks.len());
            return Err(c.expected(&if b.blocks.is_empty() {
                format!("`var{}` or {what}", b.vars.len())
            } else {
                what
            }));
        }
    }
    finish(b)
}

/// Check that everything used exists and lay the values out by number.
fn finish(b: Body) -> Result<Function> {
    let undefined = |v: Value, pos: Pos| error_at(pos, format!("{v} is used but never defined"));
    for (inst, pos) in b.insts.iter().zip(&b.inst_pos) {
        for u in inst.kind.uses() {
            if !b.defined(u) {
                return Err(undefined(u, *pos));
            }
        }
        if let InstKind::VarAddr(v) = inst.kind {
            if v.0 as usize >= b.vars.len() {
                return Err(error_at(*pos, format!("{v} does not exist ({} variables)", b.vars.len())));
            }
        }
    }
    for (block, pos) in b.blocks.iter().zip(&b.term_pos) {
        for u in block.term.uses() {
            if !b.defined(u) {
                return Err(undefined(u, *pos));
            }
        }
        for t in block.term.targets() {
            if t.block.0 as usize >= b.blocks.len() {
                return Err(error_at(*pos, format!("{} does not exist ({} blocks)", t.block, b.blocks.len())));
            }
        }
    }
    let mut f = Function { blocks: b.blocks, insts: b.insts, values: Vec::with_capacity(b.defs.len()), vars: b.vars };
    for (i, d) in b.defs.into_iter().enumerate() {
        match d {
            Some((def, _)) => f.values.push(def),
            None => {
                // A number the text skips: an unused undefined value outside every block.
                let id = InstId(f.insts.len() as u32);
                f.insts.push(Inst { kind: InstKind::Undef, result: Some(Value(i as u32)) });
                f.values.push(ValueDef { ty: Type::I8, origin: ValueOrigin::Inst(id), name: None });
            }
        }
    }
    Ok(f)
}

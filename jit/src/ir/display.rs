//! The textual form of KIR, used by `spirjit dump` and golden tests; [`super::parse`]
//! reads it back. The form is complete: `parse` of it rebuilds an equal module, and
//! printing that again gives the same text.
//!
//! A kernel header lists each parameter as `TYPE [NAME] [ATTRIBUTES]`, and for pointer
//! and by-value parameters `: HOST` after it, the parameter's [`super::HostType`]
//! (`global u32*`, `int32` for an integer of unknown sign, `struct[size 8, align 4]`).
//!
//! Names print bare when they are plain (no parentheses, quotes, backslashes, control
//! characters or surrounding blanks), else as Rust string literals; identifiers (kernel
//! and builtin names, capabilities) print bare when they are made of letters, digits,
//! `_` and `.`. Byte contents (constant data, initialisers) print as hex, 32 bytes a
//! line, without their trailing zero bytes.

use std::fmt;

use super::{Function, InstKind, Kernel, Module, Param, ParamKind, Terminator, Type};

/// Bytes per `bytes` line.
pub(super) const BYTES_PER_LINE: usize = 32;

/// True when `s` prints bare as an identifier.
pub(super) fn is_word(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// True when `s` prints bare as a name.
pub(super) fn is_plain_name(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with(char::is_whitespace)
        && !s.ends_with(char::is_whitespace)
        && !s.chars().any(|c| c.is_control() || matches!(c, '(' | ')' | '"' | '\\'))
}

/// An identifier: bare or quoted.
pub(super) struct Word<'a>(pub &'a str);

impl fmt::Display for Word<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if is_word(self.0) {
            f.write_str(self.0)
        } else {
            write!(f, "{:?}", self.0)
        }
    }
}

/// A source name: bare or quoted.
struct Name<'a>(&'a str);

impl fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if is_plain_name(self.0) {
            f.write_str(self.0)
        } else {
            write!(f, "{:?}", self.0)
        }
    }
}

/// ` (name)` when there is a name.
fn opt_name(name: &Option<String>) -> String {
    name.as_ref().map(|n| format!(" ({})", Name(n))).unwrap_or_default()
}

/// `bytes` lines (each `indent` deep) for `bytes` without its trailing zeros.
fn write_bytes(f: &mut fmt::Formatter<'_>, indent: &str, bytes: &[u8]) -> fmt::Result {
    let len = bytes.iter().rposition(|b| *b != 0).map_or(0, |i| i + 1);
    for line in bytes[..len].chunks(BYTES_PER_LINE) {
        write!(f, "{indent}bytes")?;
        for group in line.chunks(4) {
            f.write_str(" ")?;
            for b in group {
                write!(f, "{b:02x}")?;
            }
        }
        writeln!(f)?;
    }
    Ok(())
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "module pointer_bits({})", self.pointer_bits)?;
        if !self.capabilities.is_empty() {
            let caps: Vec<String> = self.capabilities.iter().map(|c| Word(c).to_string()).collect();
            write!(f, " capabilities({})", caps.join(", "))?;
        }
        writeln!(f)?;
        for (i, d) in self.data.iter().enumerate() {
            writeln!(
                f,
                "data{i}{}: {} bytes, align {}{}",
                opt_name(&d.name),
                d.bytes.len(),
                d.align,
                if d.writable { ", writable" } else { "" }
            )?;
            write_bytes(f, "  ", &d.bytes)?;
        }
        for k in &self.kernels {
            writeln!(f, "{k}")?;
        }
        Ok(())
    }
}

/// The type a parameter of `kind` has inside the function unless its text says otherwise.
pub(super) fn default_value_type(kind: &ParamKind) -> Type {
    match kind {
        ParamKind::Pointer { space, .. } => Type::ptr(*space),
        ParamKind::Value(t) => t.clone(),
        ParamKind::Sampler => Type::I32,
        ParamKind::Image { .. } => Type::ptr(super::AddressSpace::Global),
    }
}

/// One kernel parameter: `KIND [NAME] [[read_only, const, restrict, volatile, type "T",
/// value TYPE]]`.
fn write_param(f: &mut fmt::Formatter<'_>, p: &Param) -> fmt::Result {
    match &p.kind {
        ParamKind::Pointer { space, pointee } => write!(f, "{space} {pointee}*")?,
        ParamKind::Value(t) => write!(f, "{t}")?,
        ParamKind::Sampler => f.write_str("sampler")?,
        ParamKind::Image { dim, access } => write!(f, "{} image{}", Word(access), Word(dim))?,
    }
    if let Some(n) = &p.name {
        write!(f, " {}", Word(n))?;
    }
    let mut attrs = Vec::new();
    if p.read_only {
        attrs.push("read_only".to_string());
    }
    attrs.extend(p.qualifiers.words().into_iter().map(str::to_string));
    if let Some(t) = &p.type_name {
        attrs.push(format!("type {t:?}"));
    }
    if p.value_type != default_value_type(&p.kind) {
        attrs.push(format!("value {}", p.value_type));
    }
    if !attrs.is_empty() {
        write!(f, " [{}]", attrs.join(", "))?;
    }
    // The host's view (integer signedness, `void*`); images and samplers say it all.
    if matches!(p.kind, ParamKind::Pointer { .. } | ParamKind::Value(_)) {
        write!(f, ": {}", p.host)?;
    }
    Ok(())
}

impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "kernel {}(", Word(&self.name))?;
        for (i, p) in self.params.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write_param(f, p)?;
        }
        f.write_str(")")?;
        if let Some(s) = self.reqd_work_group_size {
            write!(f, " reqd_work_group_size({}, {}, {})", s[0], s[1], s[2])?;
        }
        if let Some(s) = self.work_group_size_hint {
            write!(f, " work_group_size_hint({}, {}, {})", s[0], s[1], s[2])?;
        }
        if let Some(n) = self.reqd_sub_group_size {
            write!(f, " reqd_sub_group_size({n})")?;
        }
        if self.local_static_size > 0 {
            write!(f, " local {} bytes", self.local_static_size)?;
        }
        if !self.local_zero_init.is_empty() {
            let ranges: Vec<String> = self.local_zero_init.iter().map(|(o, s)| format!("{o}:{s}")).collect();
            write!(f, " local_zero_init({})", ranges.join(", "))?;
        }
        writeln!(f, " {{")?;
        write!(f, "{}", self.func)?;
        f.write_str("}")
    }
}

impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.vars.iter().enumerate() {
            write!(f, "  var{i}{}: {} bytes, align {}", opt_name(&v.name), v.size, v.align)?;
            match &v.init {
                None => writeln!(f)?,
                Some(init) => {
                    if init.len() as u64 == v.size {
                        writeln!(f, ", initialised")?;
                    } else {
                        writeln!(f, ", initialised {} bytes", init.len())?;
                    }
                    write_bytes(f, "    ", init)?;
                }
            }
        }
        for (bi, b) in self.blocks.iter().enumerate() {
            write!(f, "block{bi}(")?;
            for (i, p) in b.params.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{p}{}: {}", opt_name(&self.values[p.0 as usize].name), self.ty(*p))?;
            }
            writeln!(f, "):")?;
            for &ii in &b.insts {
                f.write_str("    ")?;
                write_inst_line(f, self, self.inst(ii))?;
                writeln!(f)?;
            }
            f.write_str("    ")?;
            write_term(f, &b.term)?;
            writeln!(f)?;
        }
        Ok(())
    }
}

/// One instruction as the text form prints it (result, operation, name), without
/// indentation or line end.
pub(crate) fn write_inst_line(f: &mut fmt::Formatter<'_>, func: &Function, inst: &super::Inst) -> fmt::Result {
    if let Some(r) = inst.result {
        write!(f, "{r}: {} = ", func.ty(r))?;
    }
    write_inst(f, &inst.kind)?;
    if let Some(n) = inst.result.and_then(|r| func.values[r.0 as usize].name.as_ref()) {
        write!(f, "  ; {}", Name(n))?;
    }
    Ok(())
}

/// An instruction of `func` in its text form (for messages and remarks).
pub struct InstText<'a>(pub &'a Function, pub &'a super::Inst);

impl fmt::Display for InstText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_inst_line(f, self.0, self.1)
    }
}

/// A terminator in its text form (for messages).
pub struct TermText<'a>(pub &'a Terminator);

impl fmt::Display for TermText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_term(f, self.0)
    }
}

/// ` text`, or nothing for empty text.
fn spaced(text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!(" {text}")
    }
}

fn list(vs: &[super::Value]) -> String {
    vs.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}

fn write_call(f: &mut fmt::Formatter<'_>, c: &super::BlockCall) -> fmt::Result {
    write!(f, "{}({})", c.block, list(&c.args))
}

fn write_term(f: &mut fmt::Formatter<'_>, t: &Terminator) -> fmt::Result {
    match t {
        Terminator::Jump(c) => {
            f.write_str("jump ")?;
            write_call(f, c)
        }
        Terminator::Branch { cond, then_, else_ } => {
            write!(f, "br {cond}, ")?;
            write_call(f, then_)?;
            f.write_str(", ")?;
            write_call(f, else_)
        }
        Terminator::Switch { value, default, cases } => {
            write!(f, "switch {value}, default ")?;
            write_call(f, default)?;
            for (lit, c) in cases {
                write!(f, ", {lit} => ")?;
                write_call(f, c)?;
            }
            Ok(())
        }
        Terminator::Return => f.write_str("return"),
        Terminator::Unreachable => f.write_str("unreachable"),
    }
}

fn write_inst(f: &mut fmt::Formatter<'_>, k: &InstKind) -> fmt::Result {
    use InstKind::*;
    match k {
        Const(bits) => {
            let parts: Vec<String> = bits.iter().map(|b| format!("{b:#x}")).collect();
            write!(f, "const{}", spaced(&parts.join(", ")))
        }
        Undef => f.write_str("undef"),
        Param(n) => write!(f, "param {n}"),
        Unary(op, a) => write!(f, "{op:?} {a}"),
        Binary(op, a, b) => write!(f, "{op:?} {a}, {b}"),
        Fma(a, b, c) => write!(f, "fma {a}, {b}, {c}"),
        Icmp(cc, a, b) => write!(f, "icmp {cc:?} {a}, {b}"),
        Fcmp(cc, a, b) => write!(f, "fcmp {cc:?} {a}, {b}"),
        Select(c, a, b) => write!(f, "select {c}, {a}, {b}"),
        Convert(c, a) => {
            write!(f, "convert {:?}", c.op)?;
            if c.saturate {
                f.write_str(" sat")?;
            }
            if let Some(r) = c.rounding {
                write!(f, " {r:?}")?;
            }
            write!(f, " {a}")
        }
        Bitcast(a) => write!(f, "bitcast {a}"),
        Extract(a, i) => write!(f, "extract {a}, {i}"),
        Insert { aggregate, element, index } => write!(f, "insert {aggregate}, {element}, {index}"),
        ExtractDyn(a, i) => write!(f, "extract_dyn {a}, {i}"),
        InsertDyn { vector, element, index } => write!(f, "insert_dyn {vector}, {element}, {index}"),
        Shuffle { a, b, indices } => {
            let idx: Vec<String> =
                indices.iter().map(|i| if *i == u32::MAX { "_".into() } else { i.to_string() }).collect();
            write!(f, "shuffle {a}, {b}, [{}]", idx.join(", "))
        }
        Construct(vs) => write!(f, "construct{}", spaced(&list(vs))),
        PtrAdd(p, o) => write!(f, "ptr_add {p}, {o}"),
        Load { ptr, align } => write!(f, "load {ptr}, align {align}"),
        Store { ptr, value, align } => write!(f, "store {ptr}, {value}, align {align}"),
        CopyMemory { dst, src, size } => write!(f, "copy_memory {dst}, {src}, {size}"),
        AtomicRmw { op, ptr, value } => write!(f, "atomic_{op:?} {ptr}, {value}"),
        AtomicCmpXchg { ptr, expected, replacement } => write!(f, "atomic_cmpxchg {ptr}, {expected}, {replacement}"),
        AtomicLoad { ptr } => write!(f, "atomic_load {ptr}"),
        AtomicStore { ptr, value } => write!(f, "atomic_store {ptr}, {value}"),
        WorkItem(q, d) => write!(f, "{q:?} {d}"),
        WorkDim => f.write_str("work_dim"),
        ArgSize(n) => write!(f, "arg_size {n}"),
        VarAddr(v) => write!(f, "var_addr {v}"),
        LocalAddr(o) => write!(f, "local_addr {o}"),
        DataAddr(d) => write!(f, "data_addr {d}"),
        Barrier => f.write_str("barrier"),
        MemoryFence => f.write_str("memory_fence"),
        Call { builtin, args } => write!(f, "call {}({})", Word(builtin.symbol()), list(args)),
        CallWhole { builtin, args } => write!(f, "call_whole {}({})", Word(builtin.symbol()), list(args)),
        Math(op, args) => write!(f, "{op:?}{}", spaced(&list(args))),
        SubGroup { op, args } => write!(f, "sub_group {op:?}{}", spaced(&list(args))),
    }
}

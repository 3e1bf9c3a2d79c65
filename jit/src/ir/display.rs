//! The textual form of KIR, used by `spirjit dump` and golden tests.
//!
//! A kernel header lists each parameter as `TYPE [NAME]`, and for pointer and by-value
//! parameters `: HOST` after it, the parameter's [`super::HostType`] (`global u32*`,
//! `int32` for an integer of unknown sign, `struct[size 8, align 4]`).

use std::fmt;

use super::{Function, InstKind, Kernel, Module, ParamKind, Terminator};

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.data.iter().enumerate() {
            writeln!(
                f,
                "data{i}{}: {} bytes, align {}{}",
                d.name.as_ref().map(|n| format!(" ({n})")).unwrap_or_default(),
                d.bytes.len(),
                d.align,
                if d.writable { ", writable" } else { "" }
            )?;
        }
        for k in &self.kernels {
            writeln!(f, "{k}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "kernel {}(", self.name)?;
        for (i, p) in self.params.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            match &p.kind {
                ParamKind::Pointer { space, pointee } => write!(f, "{space} {pointee}*")?,
                ParamKind::Value(t) => write!(f, "{t}")?,
                ParamKind::Sampler => f.write_str("sampler")?,
                ParamKind::Image { dim, access } => write!(f, "{access} image{dim}")?,
            }
            if let Some(n) = &p.name {
                write!(f, " {n}")?;
            }
            // The host's view (integer signedness, `void*`); images and samplers say it all.
            if matches!(p.kind, ParamKind::Pointer { .. } | ParamKind::Value(_)) {
                write!(f, ": {}", p.host)?;
            }
        }
        f.write_str(")")?;
        if let Some(s) = self.reqd_work_group_size {
            write!(f, " reqd_work_group_size({}, {}, {})", s[0], s[1], s[2])?;
        }
        if self.local_static_size > 0 {
            write!(f, " local {} bytes", self.local_static_size)?;
        }
        writeln!(f, " {{")?;
        write!(f, "{}", self.func)?;
        f.write_str("}")
    }
}

impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.vars.iter().enumerate() {
            writeln!(
                f,
                "  var{i}{}: {} bytes, align {}{}",
                v.name.as_ref().map(|n| format!(" ({n})")).unwrap_or_default(),
                v.size,
                v.align,
                if v.init.is_some() { ", initialised" } else { "" }
            )?;
        }
        for (bi, b) in self.blocks.iter().enumerate() {
            write!(f, "block{bi}(")?;
            for (i, p) in b.params.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{p}: {}", self.ty(*p))?;
            }
            writeln!(f, "):")?;
            for &ii in &b.insts {
                let inst = self.inst(ii);
                f.write_str("    ")?;
                if let Some(r) = inst.result {
                    write!(f, "{r}: {} = ", self.ty(r))?;
                }
                write_inst(f, &inst.kind)?;
                if let Some(r) = inst.result {
                    if let Some(n) = &self.values[r.0 as usize].name {
                        write!(f, "  ; {n}")?;
                    }
                }
                writeln!(f)?;
            }
            f.write_str("    ")?;
            write_term(f, &b.term)?;
            writeln!(f)?;
        }
        Ok(())
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
            write!(f, "const {}", parts.join(", "))
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
        Construct(vs) => write!(f, "construct {}", list(vs)),
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
        Call { symbol, args } => write!(f, "call {symbol}({})", list(args)),
        CallWhole { symbol, args } => write!(f, "call_whole {symbol}({})", list(args)),
        Math(op, args) => write!(f, "{op:?} {}", list(args)),
        SubGroup { op, args } => write!(f, "sub_group {op:?} {}", list(args)),
    }
}

/// One instruction of `func` as the text form prints it (`%12: f32 = load %9, align 4`),
/// for messages and remarks.
pub fn inst_text(func: &Function, ii: super::InstId) -> String {
    struct Inst<'a>(&'a Function, super::InstId);
    impl fmt::Display for Inst<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let inst = self.0.inst(self.1);
            if let Some(r) = inst.result {
                write!(f, "{r}: {} = ", self.0.ty(r))?;
            }
            write_inst(f, &inst.kind)
        }
    }
    Inst(func, ii).to_string()
}

/// A terminator as the text form prints it (`br %3, block1(), block2()`).
pub fn term_text(t: &Terminator) -> String {
    struct Term<'a>(&'a Terminator);
    impl fmt::Display for Term<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write_term(f, self.0)
        }
    }
    Term(t).to_string()
}

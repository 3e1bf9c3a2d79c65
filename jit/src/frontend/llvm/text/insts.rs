//! Instructions in LLVM IR text, one function each family: arithmetic and casts,
//! comparisons, memory (typed-pointer `load i32* %p` of LLVM 3.2 and `load i32, ptr %p`
//! alike), atomics, vectors and aggregates, calls, and terminators. Flags that do not
//! change the value (`nuw`, `nsw`, fast-math, `inbounds` apart) and attachments are
//! skipped. It must not resolve names (that is `func`) or interpret callees.

use super::consts::{bin_op, cast_op, float_pred, int_pred};
use super::func::{cconv, Step};
use super::lex::{self, Tok};
use super::{GlobalRef, Parser};
use crate::frontend::llvm::model::{Callee, InstKind, Operand, Ordering, RmwOp, Terminator, Type, TypeId};
use crate::Result;

fn is_fmf(w: &str) -> bool {
    matches!(w, "fast" | "nnan" | "ninf" | "nsz" | "arcp" | "contract" | "afn" | "reassoc")
}

fn is_opcode(w: &str) -> bool {
    bin_op(w).is_some()
        || cast_op(w).is_some()
        || matches!(
            w,
            "fneg"
                | "icmp"
                | "fcmp"
                | "select"
                | "phi"
                | "alloca"
                | "load"
                | "store"
                | "getelementptr"
                | "extractelement"
                | "insertelement"
                | "shufflevector"
                | "extractvalue"
                | "insertvalue"
                | "call"
                | "tail"
                | "musttail"
                | "notail"
                | "atomicrmw"
                | "cmpxchg"
                | "fence"
                | "freeze"
                | "ret"
                | "br"
                | "switch"
                | "unreachable"
                | "indirectbr"
                | "invoke"
                | "resume"
                | "callbr"
                | "va_arg"
                | "landingpad"
                | "catchswitch"
                | "catchret"
                | "cleanupret"
                | "catchpad"
                | "cleanuppad"
        )
}

fn ordering(w: &str) -> Option<Ordering> {
    Some(match w {
        "unordered" => Ordering::Unordered,
        "monotonic" => Ordering::Monotonic,
        "acquire" => Ordering::Acquire,
        "release" => Ordering::Release,
        "acq_rel" => Ordering::AcqRel,
        "seq_cst" => Ordering::SeqCst,
        _ => return None,
    })
}

fn rmw_op(w: &str) -> Option<RmwOp> {
    Some(match w {
        "xchg" => RmwOp::Xchg,
        "add" => RmwOp::Add,
        "sub" => RmwOp::Sub,
        "and" => RmwOp::And,
        "nand" => RmwOp::Nand,
        "or" => RmwOp::Or,
        "xor" => RmwOp::Xor,
        "max" => RmwOp::Max,
        "min" => RmwOp::Min,
        "umax" => RmwOp::UMax,
        "umin" => RmwOp::UMin,
        "fadd" => RmwOp::FAdd,
        "fsub" => RmwOp::FSub,
        "fmax" => RmwOp::FMax,
        "fmin" => RmwOp::FMin,
        "uinc_wrap" => RmwOp::UIncWrap,
        "udec_wrap" => RmwOp::UDecWrap,
        _ => return None,
    })
}

impl<'a> Parser<'a> {
    /// One instruction or terminator, with its attachments.
    pub(super) fn instruction(&mut self) -> Result<Step> {
        let name = match (self.peek(), self.peek_at(1)) {
            (Tok::Local(n, q), Tok::Equal) => {
                self.pos += 2;
                Some(lex::name_text(n, q)?)
            }
            _ => None,
        };
        let Tok::Word(op) = self.next() else {
            self.pos -= 1;
            return Err(self.expected("an instruction"));
        };
        let step = match self.terminator(op)? {
            Some(t) => Step::Term(t),
            None => {
                let (ty, kind) = self.inst_body(op)?;
                Step::Inst { name, ty, kind }
            }
        };
        self.skip_attachments()?;
        Ok(step)
    }

    fn skip_flags(&mut self, pred: impl Fn(&str) -> bool) {
        while let Tok::Word(w) = self.peek() {
            if !pred(w) {
                break;
            }
            self.pos += 1;
        }
    }

    fn inst_body(&mut self, op: &'a str) -> Result<(TypeId, InstKind)> {
        if let Some(bop) = bin_op(op) {
            self.skip_flags(|w| matches!(w, "nuw" | "nsw" | "exact" | "disjoint") || is_fmf(w));
            let ty = self.parse_type()?;
            let lhs = self.value(ty)?;
            self.expect(Tok::Comma, "`,`")?;
            let rhs = self.value(ty)?;
            return Ok((ty, InstKind::Binary { op: bop, lhs, rhs }));
        }
        if let Some(cop) = cast_op(op) {
            self.skip_flags(|w| matches!(w, "nuw" | "nsw" | "nneg"));
            let (_, value) = self.typed_value()?;
            self.expect_word("to")?;
            let ty = self.parse_type()?;
            return Ok((ty, InstKind::Cast { op: cop, value }));
        }
        Ok(match op {
            "fneg" => {
                self.skip_flags(is_fmf);
                let (ty, v) = self.typed_value()?;
                (ty, InstKind::FNeg(v))
            }
            "icmp" | "fcmp" => {
                self.skip_flags(|w| is_fmf(w) || w == "samesign");
                let Tok::Word(p) = self.next() else {
                    self.pos -= 1;
                    return Err(self.expected("a comparison predicate"));
                };
                let (ty, lhs) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let rhs = self.value(ty)?;
                let rty = self.cmp_result(ty);
                let bad = || format!("unknown comparison predicate `{p}`");
                let kind = if op == "icmp" {
                    InstKind::ICmp { pred: int_pred(p).ok_or_else(|| self.invalid(&bad()))?, lhs, rhs }
                } else {
                    InstKind::FCmp { pred: float_pred(p).ok_or_else(|| self.invalid(&bad()))?, lhs, rhs }
                };
                (rty, kind)
            }
            "select" => {
                self.skip_flags(is_fmf);
                let (_, cond) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let (ty, a) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let b = {
                    let t = self.parse_type()?;
                    if t != ty {
                        return Err(self.invalid("select between values of different types"));
                    }
                    self.value(t)?
                };
                (ty, InstKind::Select { cond, a, b })
            }
            "phi" => {
                self.skip_flags(is_fmf);
                let ty = self.parse_type()?;
                let mut incoming = Vec::new();
                loop {
                    self.expect(Tok::LBracket, "`[`")?;
                    let v = self.value(ty)?;
                    self.expect(Tok::Comma, "`,`")?;
                    let b = self.block_name_ref()?;
                    self.expect(Tok::RBracket, "`]`")?;
                    incoming.push((v, b));
                    if !(self.peek() == Tok::Comma && self.peek_at(1) == Tok::LBracket) {
                        break;
                    }
                    self.pos += 1;
                }
                (ty, InstKind::Phi { incoming })
            }
            "alloca" => self.alloca()?,
            "load" => self.load()?,
            "store" => self.store()?,
            "getelementptr" => self.gep()?,
            "extractelement" => {
                let (vt, vec) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let (_, index) = self.typed_value()?;
                (self.vector_elem(vt)?, InstKind::ExtractElement { vec, index })
            }
            "insertelement" => {
                let (vt, vec) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let (_, elem) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let (_, index) = self.typed_value()?;
                (vt, InstKind::InsertElement { vec, elem, index })
            }
            "shufflevector" => {
                let (vt, a) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let (_, b) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let m = self.typed_const()?;
                let mask = self.shuffle_mask(m)?;
                (self.shuffle_result(vt, mask.len())?, InstKind::ShuffleVector { a, b, mask })
            }
            "extractvalue" => {
                let (at, agg) = self.typed_value()?;
                let indices = self.value_indices()?;
                (self.aggregate_member(at, &indices)?, InstKind::ExtractValue { agg, indices })
            }
            "insertvalue" => {
                let (at, agg) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let (_, elem) = self.typed_value()?;
                let indices = self.value_indices()?;
                self.aggregate_member(at, &indices)?;
                (at, InstKind::InsertValue { agg, elem, indices })
            }
            "tail" | "musttail" | "notail" => {
                self.expect_word("call")?;
                self.call()?
            }
            "call" => self.call()?,
            "atomicrmw" => {
                let volatile = self.eat_word("volatile");
                let _ = volatile;
                let Some(rop) = (match self.next() {
                    Tok::Word(w) => rmw_op(w),
                    _ => None,
                }) else {
                    self.pos -= 1;
                    return Err(self.expected("an atomicrmw operation"));
                };
                let (_, ptr) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let (ty, value) = self.typed_value()?;
                let scope = self.syncscope()?;
                let ordering = self.ordering()?;
                self.mem_align()?;
                (ty, InstKind::AtomicRmw { op: rop, ptr, value, ordering, scope })
            }
            "cmpxchg" => {
                let weak = self.eat_word("weak");
                self.eat_word("volatile");
                let (_, ptr) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let (ty, expected) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let new = self.value_of_type(ty)?;
                let scope = self.syncscope()?;
                let success = self.ordering()?;
                // LLVM 3.2 has one ordering and returns the old value only: the
                // failure ordering is derived as LLVM's upgrade does, and `body` adds the
                // `extractvalue` of the old value.
                let old_form = !matches!(self.peek(), Tok::Word(w) if ordering(w).is_some());
                let failure = if old_form {
                    match success {
                        Ordering::AcqRel => Ordering::Acquire,
                        Ordering::Release => Ordering::Monotonic,
                        o => o,
                    }
                } else {
                    self.ordering()?
                };
                self.mem_align()?;
                let i1 = self.int(1);
                let rty =
                    self.m.intern_type(Type::Struct { name: None, fields: vec![ty, i1], packed: false, opaque: false });
                let kind = InstKind::CmpXchg { ptr, expected, new, success, failure, weak, scope };
                if old_form {
                    self.old_cmpxchg = Some(ty);
                }
                (rty, kind)
            }
            "fence" => {
                let scope = self.syncscope()?;
                let ordering = self.ordering()?;
                (self.void(), InstKind::Fence { ordering, scope })
            }
            "freeze" => {
                let (ty, v) = self.typed_value()?;
                (ty, InstKind::Freeze(v))
            }
            _ if is_opcode(op) => {
                self.pos -= 1;
                return Err(self.unsupported(&format!("instruction `{op}`")));
            }
            _ => {
                self.pos -= 1;
                return Err(self.expected("an instruction"));
            }
        })
    }

    /// `T v` where `T` must be `ty`.
    fn value_of_type(&mut self, ty: TypeId) -> Result<Operand> {
        let t = self.parse_type()?;
        if t != ty {
            return Err(self.invalid("operands of different types"));
        }
        self.value(t)
    }

    /// `, N, N` literal indices of extractvalue/insertvalue.
    fn value_indices(&mut self) -> Result<Vec<u32>> {
        let mut v = Vec::new();
        while self.peek() == Tok::Comma && matches!(self.peek_at(1), Tok::Int(_)) {
            self.pos += 1;
            v.push(self.expect_u32("an index")?);
        }
        if v.is_empty() {
            return Err(self.expected("an aggregate index"));
        }
        Ok(v)
    }

    fn syncscope(&mut self) -> Result<Option<String>> {
        if !self.eat_word("syncscope") {
            return Ok(None);
        }
        self.expect(Tok::LParen, "`(`")?;
        let s = self.expect_str("a scope name")?;
        self.expect(Tok::RParen, "`)`")?;
        Ok(Some(s))
    }

    fn ordering(&mut self) -> Result<Ordering> {
        match self.peek() {
            Tok::Word(w) if ordering(w).is_some() => {
                self.pos += 1;
                Ok(ordering(w).unwrap_or(Ordering::SeqCst))
            }
            _ => Err(self.expected("an atomic ordering")),
        }
    }

    /// `, align N` of memory instructions (0 when absent).
    fn mem_align(&mut self) -> Result<u32> {
        if self.peek() == Tok::Comma && self.peek_at(1) == Tok::Word("align") {
            self.pos += 2;
            return self.expect_u32("an alignment");
        }
        Ok(0)
    }

    fn alloca(&mut self) -> Result<(TypeId, InstKind)> {
        self.skip_flags(|w| matches!(w, "inalloca" | "swifterror"));
        let elem_ty = self.parse_type()?;
        let mut count = None;
        let mut align = 0;
        let mut addrspace = 0;
        while self.peek() == Tok::Comma {
            match self.peek_at(1) {
                Tok::Word("align") => {
                    self.pos += 2;
                    align = self.expect_u32("an alignment")?;
                }
                Tok::Word("addrspace") => {
                    self.pos += 1;
                    addrspace = self.addrspace()?;
                }
                Tok::MdName(_) => break,
                _ => {
                    self.pos += 1;
                    count = Some(self.typed_value()?.1);
                }
            }
        }
        let ty = self.pointer(elem_ty, addrspace);
        Ok((ty, InstKind::Alloca { elem_ty, count, align }))
    }

    fn load(&mut self) -> Result<(TypeId, InstKind)> {
        let atomic = self.eat_word("atomic");
        let volatile = self.eat_word("volatile");
        let first = self.parse_type()?;
        let (ty, ptr) = if self.eat(Tok::Comma) {
            (first, self.typed_value()?.1)
        } else {
            // LLVM 3.2: `load T* %p`.
            let ptr = self.value(first)?;
            let Some(p) = self.pointee(first) else {
                return Err(self.invalid("load from a value that is not a typed pointer"));
            };
            (p, ptr)
        };
        let mut ordering = Ordering::NotAtomic;
        if atomic {
            self.syncscope()?;
            ordering = self.ordering()?;
        }
        let align = self.mem_align()?;
        Ok((ty, InstKind::Load { ptr, align, volatile, ordering }))
    }

    fn store(&mut self) -> Result<(TypeId, InstKind)> {
        let atomic = self.eat_word("atomic");
        let volatile = self.eat_word("volatile");
        let (_, value) = self.typed_value()?;
        self.expect(Tok::Comma, "`,`")?;
        let (_, ptr) = self.typed_value()?;
        let mut ordering = Ordering::NotAtomic;
        if atomic {
            self.syncscope()?;
            ordering = self.ordering()?;
        }
        let align = self.mem_align()?;
        Ok((self.void(), InstKind::Store { value, ptr, align, volatile, ordering }))
    }

    /// The flags after `getelementptr` (instruction or constant expression): whether
    /// `inbounds` is among them (`nuw`, `nusw` and `inrange(...)` are skipped).
    pub(super) fn gep_flags(&mut self) -> Result<bool> {
        let mut inbounds = false;
        loop {
            match self.peek() {
                Tok::Word("inbounds") => inbounds = true,
                Tok::Word("nuw" | "nusw") => {}
                Tok::Word("inrange") if self.peek_at(1) == Tok::LParen => {
                    self.pos += 1;
                    self.skip_parens()?;
                    continue;
                }
                _ => break,
            }
            self.pos += 1;
        }
        Ok(inbounds)
    }

    fn gep(&mut self) -> Result<(TypeId, InstKind)> {
        let inbounds = self.gep_flags()?;
        let first = self.parse_type()?;
        let (source_ty, base_ty, base) = if self.eat(Tok::Comma) {
            let (bt, b) = self.typed_value()?;
            (first, bt, b)
        } else {
            // LLVM 3.2: `getelementptr T* %p, ...`.
            let b = self.value(first)?;
            let Some(p) = self.pointee(first) else {
                return Err(self.invalid("getelementptr on a value that is not a typed pointer"));
            };
            (p, first, b)
        };
        let mut indices = Vec::new();
        let mut idx = Vec::new();
        while self.peek() == Tok::Comma && !matches!(self.peek_at(1), Tok::MdName(_)) {
            self.pos += 1;
            self.eat_word("inrange");
            let (it, i) = self.typed_value()?;
            let val = match i {
                Operand::Const(c) => self.const_index(c),
                _ => None,
            };
            idx.push((it, val));
            indices.push(i);
        }
        let ty = self.gep_result(source_ty, base_ty, &idx)?;
        Ok((ty, InstKind::Gep { source_ty, base, indices, inbounds }))
    }

    fn call(&mut self) -> Result<(TypeId, InstKind)> {
        let mut addrspace = 0;
        loop {
            match self.peek() {
                Tok::Word("cc") => {
                    self.pos += 1;
                    self.expect_u32("a calling convention number")?;
                }
                Tok::Word("addrspace") => addrspace = self.addrspace()?,
                Tok::Word(w) if is_fmf(w) || cconv(w).is_some() => self.pos += 1,
                _ if !self.at_type() => {
                    let before = self.pos;
                    self.param_attrs()?;
                    if self.pos == before {
                        break;
                    }
                }
                _ => break,
            }
        }
        let ty = self.parse_type()?;
        // The callee: one token, or a constant expression (which carries its own type).
        let callee_tok = self.pos;
        let mut callee = None;
        match self.peek() {
            Tok::Word("asm") => {
                self.pos += 1;
                self.skip_flags(|w| matches!(w, "sideeffect" | "alignstack" | "inteldialect" | "unwind"));
                let text = self.expect_str("the assembly text")?;
                self.expect(Tok::Comma, "`,`")?;
                self.expect_str("the constraints")?;
                callee = Some(Callee::InlineAsm(text));
            }
            Tok::Local(..) | Tok::Global(..) => self.pos += 1,
            _ => {
                let c = self.parse_const(ty)?;
                callee = Some(Callee::Indirect(Operand::Const(c)));
            }
        }
        // Arguments.
        self.expect(Tok::LParen, "`(`")?;
        let mut args = Vec::new();
        let mut arg_tys = Vec::new();
        if !self.eat(Tok::RParen) {
            loop {
                if self.eat_word("metadata") {
                    self.md_operand()?;
                    arg_tys.push(self.m.intern_type(Type::Metadata));
                    args.push(Operand::Metadata);
                } else {
                    let t = self.parse_type()?;
                    self.param_attrs()?;
                    args.push(self.value(t)?);
                    arg_tys.push(t);
                }
                if self.eat(Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "`,` or `)`")?;
            }
        }
        // Function attributes, up to the attachments or the next instruction.
        loop {
            match self.peek() {
                Tok::AttrGrp(_) => self.pos += 1,
                Tok::Word(w) if !is_opcode(w) => {
                    self.pos += 1;
                    if self.peek() == Tok::LParen {
                        self.skip_parens()?;
                    }
                }
                Tok::LBracket => return Err(self.unsupported("operand bundles")),
                _ => break,
            }
        }
        let fn_ty = match self.m.ty(ty) {
            Type::Function { .. } => ty,
            Type::Pointer { pointee: Some(p), .. } if matches!(self.m.ty(*p), Type::Function { .. }) => *p,
            _ => self.m.intern_type(Type::Function { ret: ty, params: arg_tys, vararg: false }),
        };
        let ret = self.fn_ret(fn_ty).unwrap_or(ty);
        let callee = match callee {
            Some(c) => c,
            None => {
                let end = self.pos;
                self.pos = callee_tok;
                let c = match self.peek() {
                    Tok::Global(n, q) => {
                        let name = lex::name_text(n, q)?;
                        match self.global_names.get(&name) {
                            Some(&GlobalRef::Func(f)) => Callee::Function(f),
                            _ => {
                                self.pos += 1;
                                let pty = self.pointer(fn_ty, addrspace);
                                Callee::Indirect(Operand::Const(self.global_const(&name, pty)?))
                            }
                        }
                    }
                    _ => {
                        let pty = self.pointer(fn_ty, addrspace);
                        Callee::Indirect(self.value(pty)?)
                    }
                };
                self.pos = end;
                c
            }
        };
        Ok((ret, InstKind::Call { callee, fn_ty, args }))
    }

    /// A terminator, or `None` when `op` is not one.
    fn terminator(&mut self, op: &str) -> Result<Option<Terminator>> {
        Ok(Some(match op {
            "ret" => {
                if self.eat_word("void") {
                    Terminator::Ret(None)
                } else {
                    Terminator::Ret(Some(self.typed_value()?.1))
                }
            }
            "br" => {
                if self.peek() == Tok::Word("label") {
                    Terminator::Br(self.block_ref()?)
                } else {
                    let (_, cond) = self.typed_value()?;
                    self.expect(Tok::Comma, "`,`")?;
                    let then = self.block_ref()?;
                    self.expect(Tok::Comma, "`,`")?;
                    let otherwise = self.block_ref()?;
                    Terminator::CondBr { cond, then, otherwise }
                }
            }
            "switch" => {
                let (ty, value) = self.typed_value()?;
                self.expect(Tok::Comma, "`,`")?;
                let default = self.block_ref()?;
                self.expect(Tok::LBracket, "`[`")?;
                let mut cases = Vec::new();
                while !self.eat(Tok::RBracket) {
                    let c = self.typed_const()?;
                    if self.m.const_ty(c) != ty {
                        return Err(self.invalid("a switch case of another type than the condition"));
                    }
                    let v = match self.m.constant(c) {
                        crate::frontend::llvm::model::Constant::Int { value, .. } => *value,
                        _ => return Err(self.invalid("a switch case that is not an integer")),
                    };
                    self.expect(Tok::Comma, "`,`")?;
                    cases.push((v, self.block_ref()?));
                }
                Terminator::Switch { value, default, cases }
            }
            "unreachable" => Terminator::Unreachable,
            "indirectbr" | "invoke" | "resume" | "callbr" | "catchswitch" | "catchret" | "cleanupret" => {
                self.pos -= 1;
                return Err(self.unsupported(&format!("terminator `{op}`")));
            }
            _ => return Ok(None),
        }))
    }
}

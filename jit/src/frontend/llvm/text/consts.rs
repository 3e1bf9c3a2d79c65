//! Constants in LLVM IR text: literals (integers, decimal and hexadecimal floats,
//! `c"..."` strings), aggregates, `null`/`undef`/`poison`/`zeroinitializer`, global
//! addresses and constant expressions, and the parameter attributes of signatures and
//! calls. It must not read function-local values (operands that may be locals are read
//! by `func`, which falls back to this module).

use super::lex::{self, Tok};
use super::{GlobalRef, Parser};
use crate::frontend::llvm::model::{
    BinOp, CastOp, ConstExpr, ConstId, Constant, FloatPred, IntPred, ParamAttrs, Type, TypeId,
};
use crate::Result;

impl<'a> Parser<'a> {
    /// A constant of type `ty`.
    pub(super) fn parse_const(&mut self, ty: TypeId) -> Result<ConstId> {
        self.enter()?;
        let r = self.parse_const_inner(ty);
        self.leave();
        r
    }

    /// A `T value` pair.
    pub(super) fn typed_const(&mut self) -> Result<ConstId> {
        let ty = self.parse_type()?;
        self.parse_const(ty)
    }

    fn parse_const_inner(&mut self, ty: TypeId) -> Result<ConstId> {
        let t = self.next();
        let c = match t {
            Tok::Int(_) | Tok::Float(_) => {
                // Errors point at the literal.
                self.pos -= 1;
                let c = self.literal(t, ty)?;
                self.pos += 1;
                c
            }
            Tok::Word("true" | "false") => {
                if self.m.ty(ty) != &Type::Int(1) {
                    return Err(self.invalid("`true`/`false` for a type that is not `i1`"));
                }
                Constant::Int { ty, value: u64::from(t == Tok::Word("true")) }
            }
            Tok::Word("null") => Constant::Null(ty),
            Tok::Word("none") => Constant::Zero(ty),
            Tok::Word("undef") => Constant::Undef(ty),
            Tok::Word("poison") => Constant::Poison(ty),
            Tok::Word("zeroinitializer") => Constant::Zero(ty),
            Tok::Word("splat") => {
                self.expect(Tok::LParen, "`(`")?;
                let elem = self.typed_const()?;
                self.expect(Tok::RParen, "`)`")?;
                let len = match self.m.ty(ty) {
                    Type::Vector { len, .. } => *len,
                    _ => return Err(self.invalid("`splat` of a type that is not a vector")),
                };
                let len = self.check_count(u64::from(len))?;
                Constant::Aggregate { ty, elems: vec![elem; len] }
            }
            Tok::CStr(raw) => {
                let bytes = lex::unescape(raw)?;
                match self.m.ty(ty) {
                    Type::Array { len, .. } if *len == bytes.len() as u64 => {}
                    _ => return Err(self.invalid("`c\"...\"` whose length does not match its array type")),
                }
                Constant::Bytes { ty, bytes }
            }
            Tok::LBrace => {
                self.pos -= 1;
                let elems = self.const_list(Tok::LBrace, Tok::RBrace)?;
                Constant::Aggregate { ty, elems }
            }
            Tok::Less if self.peek() == Tok::LBrace => {
                let elems = self.const_list(Tok::LBrace, Tok::RBrace)?;
                self.expect(Tok::Greater, "`>`")?;
                Constant::Aggregate { ty, elems }
            }
            Tok::Less => {
                self.pos -= 1;
                let elems = self.const_list(Tok::Less, Tok::Greater)?;
                Constant::Aggregate { ty, elems }
            }
            Tok::LBracket => {
                self.pos -= 1;
                let elems = self.const_list(Tok::LBracket, Tok::RBracket)?;
                Constant::Aggregate { ty, elems }
            }
            Tok::Global(name, quoted) => {
                let name = lex::name_text(name, quoted)?;
                return self.global_const(&name, ty);
            }
            Tok::Word(w) => {
                self.pos -= 1;
                return self.const_expr(w, ty);
            }
            Tok::Local(..) => return Err(self.invalid("a local value where a constant is required")),
            _ => {
                self.pos -= 1;
                return Err(self.expected("a constant"));
            }
        };
        Ok(self.m.push_const(c))
    }

    fn literal(&self, t: Tok<'_>, ty: TypeId) -> Result<Constant> {
        Ok(match t {
            Tok::Int(s) => match self.m.ty(ty) {
                Type::Int(bits) => Constant::Int { ty, value: self.int_literal(s, *bits)? },
                Type::Half | Type::BFloat | Type::Float | Type::Double => {
                    let v: f64 = s.parse().map_err(|_| self.invalid(&format!("bad number `{s}`")))?;
                    Constant::Float { ty, bits: self.float_bits(ty, v)? }
                }
                _ => return Err(self.invalid(&format!("integer `{s}` for a type that is not an integer"))),
            },
            Tok::Float(s) => Constant::Float { ty, bits: self.float_literal(s, ty)? },
            _ => return Err(self.expected("a number")),
        })
    }

    /// The constant address of global value `name` as pointer type `ty`.
    pub(super) fn global_const(&mut self, name: &str, ty: TypeId) -> Result<ConstId> {
        let Some(&g) = self.global_names.get(name) else {
            self.pos -= 1;
            return Err(self.invalid(&format!("`@{name}` is not defined")));
        };
        if let Some(&c) = self.global_consts.get(&(g, ty)) {
            return Ok(c);
        }
        let c = match g {
            GlobalRef::Var(global) => Constant::Global { ty, global },
            GlobalRef::Func(func) => Constant::Function { ty, func },
        };
        let id = self.m.push_const(c);
        self.global_consts.insert((g, ty), id);
        Ok(id)
    }

    /// `open T v, T v, ... close`.
    fn const_list(&mut self, open: Tok<'_>, close: Tok<'_>) -> Result<Vec<ConstId>> {
        self.expect(open, "an opening bracket")?;
        let mut elems = Vec::new();
        if self.eat(close) {
            return Ok(elems);
        }
        loop {
            elems.push(self.typed_const()?);
            if self.eat(close) {
                return Ok(elems);
            }
            self.expect(Tok::Comma, "`,` or a closing bracket")?;
        }
    }

    /// An integer literal truncated to `bits` (zero-extended into 64 bits).
    pub(super) fn int_literal(&self, s: &str, bits: u32) -> Result<u64> {
        let v: i128 = if let Some(h) = s.strip_prefix("u0x").or_else(|| s.strip_prefix("s0x")) {
            let u = u128::from_str_radix(h, 16).map_err(|_| self.invalid(&format!("bad integer `{s}`")))?;
            if s.starts_with('s') && bits < 128 && bits > 0 && (u >> (bits - 1)) & 1 == 1 {
                (u as i128) - (1i128 << bits)
            } else {
                u as i128
            }
        } else {
            match s.parse::<i128>() {
                Ok(v) => v,
                Err(_) => return Err(self.unsupported(&format!("integer `{s}` wider than 127 bits"))),
            }
        };
        let v = v as u64;
        Ok(if bits >= 64 { v } else { v & ((1u64 << bits) - 1) })
    }

    /// A floating-point literal of type `ty`, as the bits of that format.
    fn float_literal(&self, s: &str, ty: TypeId) -> Result<u64> {
        let fty = self.m.ty(ty).clone();
        if let Some(hex) = s.strip_prefix("0x") {
            let (kind, digits) = match hex.as_bytes().first() {
                Some(b'K' | b'L' | b'M') => {
                    return Err(self.unsupported(&format!("80- and 128-bit float constant `{s}`")));
                }
                Some(c @ (b'H' | b'R')) => (Some(*c), &hex[1..]),
                _ => (None, hex),
            };
            let bits = u64::from_str_radix(digits, 16).map_err(|_| self.invalid(&format!("bad float `{s}`")))?;
            return match (kind, fty) {
                (None, Type::Double) => Ok(bits),
                (None, Type::Float) => {
                    // Printed in double format; exactly representable as float.
                    Ok(u64::from((f64::from_bits(bits) as f32).to_bits()))
                }
                (None, Type::Half) => Ok(u64::from(f64_to_f16(f64::from_bits(bits)))),
                (Some(b'H'), Type::Half) | (Some(b'R'), Type::BFloat) if bits <= 0xFFFF => Ok(bits),
                _ => Err(self.invalid(&format!("float constant `{s}` does not fit its type"))),
            };
        }
        let v: f64 = s.parse().map_err(|_| self.invalid(&format!("bad float `{s}`")))?;
        self.float_bits(ty, v)
    }

    fn float_bits(&self, ty: TypeId, v: f64) -> Result<u64> {
        match self.m.ty(ty) {
            Type::Double => Ok(v.to_bits()),
            Type::Float => Ok(u64::from((v as f32).to_bits())),
            Type::Half => Ok(u64::from(f64_to_f16(v))),
            Type::BFloat => Ok(u64::from(((v as f32).to_bits() >> 16) as u16)),
            Type::OtherFloat(n) => Err(self.unsupported(&format!("constants of type `{n}`"))),
            _ => Err(self.invalid("a float constant of a type that is not floating-point")),
        }
    }

    /// Constant expressions (`getelementptr (...)`, `bitcast (... to T)`, ...).
    fn const_expr(&mut self, w: &'a str, ty: TypeId) -> Result<ConstId> {
        self.pos += 1;
        if let Some(op) = cast_op(w) {
            self.expect(Tok::LParen, "`(`")?;
            let value = self.typed_const()?;
            self.expect_word("to")?;
            let to = self.parse_type()?;
            self.expect(Tok::RParen, "`)`")?;
            return Ok(self.m.push_const(Constant::Expr { ty: to, expr: ConstExpr::Cast { op, value } }));
        }
        if let Some(op) = bin_op(w) {
            while matches!(self.peek(), Tok::Word("nuw" | "nsw" | "exact" | "disjoint")) {
                self.pos += 1;
            }
            self.expect(Tok::LParen, "`(`")?;
            let lhs = self.typed_const()?;
            self.expect(Tok::Comma, "`,`")?;
            let rhs = self.typed_const()?;
            self.expect(Tok::RParen, "`)`")?;
            let ty = self.m.const_ty(lhs);
            return Ok(self.m.push_const(Constant::Expr { ty, expr: ConstExpr::Binary { op, lhs, rhs } }));
        }
        let expr_ty;
        let expr = match w {
            "getelementptr" => {
                let inbounds = self.gep_flags()?;
                self.expect(Tok::LParen, "`(`")?;
                let first = self.parse_type()?;
                let (source_ty, base) = if self.eat(Tok::Comma) {
                    (first, self.typed_const()?)
                } else {
                    // LLVM 3.2: `getelementptr (T* @g, ...)`.
                    let base = self.parse_const(first)?;
                    let Some(p) = self.pointee(first) else {
                        return Err(self.invalid("getelementptr on a value that is not a typed pointer"));
                    };
                    (p, base)
                };
                let mut indices = Vec::new();
                while self.eat(Tok::Comma) {
                    self.eat_word("inrange");
                    indices.push(self.typed_const()?);
                }
                self.expect(Tok::RParen, "`)`")?;
                let base_ty = self.m.const_ty(base);
                let idx: Vec<_> = indices.iter().map(|&i| (self.m.const_ty(i), self.const_index(i))).collect();
                expr_ty = self.gep_result(source_ty, base_ty, &idx)?;
                ConstExpr::Gep { source_ty, base, indices, inbounds }
            }
            "icmp" | "fcmp" => {
                let pred = self.next();
                self.expect(Tok::LParen, "`(`")?;
                let lhs = self.typed_const()?;
                self.expect(Tok::Comma, "`,`")?;
                let rhs = self.typed_const()?;
                self.expect(Tok::RParen, "`)`")?;
                let lt = self.m.const_ty(lhs);
                expr_ty = self.cmp_result(lt);
                let Tok::Word(p) = pred else { return Err(self.expected("a predicate")) };
                if w == "icmp" {
                    let pred = int_pred(p).ok_or_else(|| self.invalid(&format!("unknown predicate `{p}`")))?;
                    ConstExpr::ICmp { pred, lhs, rhs }
                } else {
                    let pred = float_pred(p).ok_or_else(|| self.invalid(&format!("unknown predicate `{p}`")))?;
                    ConstExpr::FCmp { pred, lhs, rhs }
                }
            }
            "select" => {
                self.expect(Tok::LParen, "`(`")?;
                let cond = self.typed_const()?;
                self.expect(Tok::Comma, "`,`")?;
                let a = self.typed_const()?;
                self.expect(Tok::Comma, "`,`")?;
                let b = self.typed_const()?;
                self.expect(Tok::RParen, "`)`")?;
                expr_ty = self.m.const_ty(a);
                ConstExpr::Select { cond, a, b }
            }
            "extractelement" => {
                self.expect(Tok::LParen, "`(`")?;
                let vec = self.typed_const()?;
                self.expect(Tok::Comma, "`,`")?;
                let index = self.typed_const()?;
                self.expect(Tok::RParen, "`)`")?;
                let vt = self.m.const_ty(vec);
                expr_ty = self.vector_elem(vt)?;
                ConstExpr::ExtractElement { vec, index }
            }
            "insertelement" => {
                self.expect(Tok::LParen, "`(`")?;
                let vec = self.typed_const()?;
                self.expect(Tok::Comma, "`,`")?;
                let elem = self.typed_const()?;
                self.expect(Tok::Comma, "`,`")?;
                let index = self.typed_const()?;
                self.expect(Tok::RParen, "`)`")?;
                expr_ty = self.m.const_ty(vec);
                ConstExpr::InsertElement { vec, elem, index }
            }
            "shufflevector" => {
                self.expect(Tok::LParen, "`(`")?;
                let a = self.typed_const()?;
                self.expect(Tok::Comma, "`,`")?;
                let b = self.typed_const()?;
                self.expect(Tok::Comma, "`,`")?;
                let m = self.typed_const()?;
                self.expect(Tok::RParen, "`)`")?;
                let mask = self.shuffle_mask(m)?;
                let at = self.m.const_ty(a);
                expr_ty = self.shuffle_result(at, mask.len())?;
                ConstExpr::ShuffleVector { a, b, mask }
            }
            "fneg" => {
                self.expect(Tok::LParen, "`(`")?;
                let v = self.typed_const()?;
                self.expect(Tok::RParen, "`)`")?;
                expr_ty = self.m.const_ty(v);
                ConstExpr::FNeg(v)
            }
            "blockaddress" | "dso_local_equivalent" | "no_cfi" | "extractvalue" | "insertvalue" => {
                self.pos -= 1;
                return Err(self.unsupported(&format!("constant expression `{w}`")));
            }
            _ => {
                self.pos -= 1;
                return Err(self.expected("a constant"));
            }
        };
        let _ = ty;
        Ok(self.m.push_const(Constant::Expr { ty: expr_ty, expr }))
    }

    /// The value of an integer constant (for struct indices and masks).
    pub(super) fn const_index(&self, c: ConstId) -> Option<i64> {
        match self.m.constant(c) {
            Constant::Int { ty, value } => {
                let bits = match self.m.ty(*ty) {
                    Type::Int(b) => *b,
                    _ => 64,
                };
                // Sign-extend from the width.
                Some(if bits < 64 { ((*value << (64 - bits)) as i64) >> (64 - bits) } else { *value as i64 })
            }
            Constant::Zero(_) => Some(0),
            _ => None,
        }
    }

    /// The lanes of a shuffle mask constant (`-1` for undef lanes).
    pub(super) fn shuffle_mask(&self, m: ConstId) -> Result<Vec<i32>> {
        let ty = self.m.const_ty(m);
        let len = match self.m.ty(ty) {
            Type::Vector { len, .. } => self.check_count(u64::from(*len))?,
            _ => return Err(self.invalid("a shuffle mask that is not a vector")),
        };
        match self.m.constant(m) {
            Constant::Zero(_) => Ok(vec![0; len]),
            Constant::Undef(_) | Constant::Poison(_) => Ok(vec![-1; len]),
            Constant::Aggregate { elems, .. } => elems
                .iter()
                .map(|&e| match self.m.constant(e) {
                    Constant::Undef(_) | Constant::Poison(_) => Ok(-1),
                    _ => self
                        .const_index(e)
                        .and_then(|v| i32::try_from(v).ok())
                        .ok_or_else(|| self.invalid("a shuffle mask lane that is not an integer constant")),
                })
                .collect(),
            _ => Err(self.invalid("a shuffle mask that is not a constant vector")),
        }
    }

    /// Parameter attributes after a parameter's or argument's type; only those the
    /// model keeps are recorded, the others are skipped.
    /// Also says whether LLVM 3.2's `byval` without a type was seen (the pointee of the
    /// parameter's typed pointer is meant).
    pub(super) fn param_attrs(&mut self) -> Result<(ParamAttrs, bool)> {
        let mut a = ParamAttrs::default();
        let mut untyped_byval = false;
        loop {
            match self.peek() {
                Tok::Word(w) if is_param_attr(w) => {
                    self.pos += 1;
                    match w {
                        "zeroext" => a.zext = true,
                        "signext" => a.sext = true,
                        "noalias" => a.noalias = true,
                        "align" => {
                            if self.eat(Tok::LParen) {
                                a.align = Some(self.expect_u32("an alignment")?);
                                self.expect(Tok::RParen, "`)`")?;
                            } else {
                                a.align = Some(self.expect_u32("an alignment")?);
                            }
                        }
                        "byval" if self.peek() == Tok::LParen => {
                            self.pos += 1;
                            a.byval = Some(self.parse_type()?);
                            self.expect(Tok::RParen, "`)`")?;
                        }
                        "byval" => {
                            // LLVM 3.2: the pointee of the parameter's type, filled in by the caller.
                            untyped_byval = true;
                        }
                        "byref" | "sret" | "inalloca" | "preallocated" | "elementtype"
                            if self.peek() == Tok::LParen =>
                        {
                            self.pos += 1;
                            self.parse_type()?;
                            self.expect(Tok::RParen, "`)`")?;
                        }
                        _ => {
                            if self.peek() == Tok::LParen {
                                self.skip_parens()?;
                            }
                        }
                    }
                }
                Tok::Str(_) => {
                    // `"key"="value"` string attributes.
                    self.pos += 1;
                    if self.eat(Tok::Equal) {
                        self.expect_str("an attribute value")?;
                    }
                }
                _ => return Ok((a, untyped_byval)),
            }
        }
    }

    /// Skip parameter attributes (function types, which keep none).
    pub(super) fn skip_param_attrs(&mut self) -> Result<()> {
        self.param_attrs().map(|_| ())
    }
}

fn is_param_attr(w: &str) -> bool {
    matches!(
        w,
        "zeroext"
            | "signext"
            | "noext"
            | "inreg"
            | "byval"
            | "byref"
            | "inalloca"
            | "sret"
            | "align"
            | "noalias"
            | "nocapture"
            | "nofree"
            | "nest"
            | "returned"
            | "nonnull"
            | "dereferenceable"
            | "dereferenceable_or_null"
            | "swiftself"
            | "swiftasync"
            | "swifterror"
            | "immarg"
            | "noundef"
            | "nofpclass"
            | "alignstack"
            | "allocalign"
            | "allocptr"
            | "readnone"
            | "readonly"
            | "writeonly"
            | "writable"
            | "preallocated"
            | "elementtype"
            | "range"
            | "initializes"
            | "captures"
            | "dead_on_unwind"
            | "dead_on_return"
    )
}

pub(super) fn cast_op(w: &str) -> Option<CastOp> {
    Some(match w {
        "trunc" => CastOp::Trunc,
        "zext" => CastOp::ZExt,
        "sext" => CastOp::SExt,
        "fptrunc" => CastOp::FpTrunc,
        "fpext" => CastOp::FpExt,
        "fptoui" => CastOp::FpToUi,
        "fptosi" => CastOp::FpToSi,
        "uitofp" => CastOp::UiToFp,
        "sitofp" => CastOp::SiToFp,
        "ptrtoint" => CastOp::PtrToInt,
        "inttoptr" => CastOp::IntToPtr,
        "bitcast" => CastOp::BitCast,
        "addrspacecast" => CastOp::AddrSpaceCast,
        _ => return None,
    })
}

pub(super) fn bin_op(w: &str) -> Option<BinOp> {
    Some(match w {
        "add" => BinOp::Add,
        "sub" => BinOp::Sub,
        "mul" => BinOp::Mul,
        "udiv" => BinOp::UDiv,
        "sdiv" => BinOp::SDiv,
        "urem" => BinOp::URem,
        "srem" => BinOp::SRem,
        "shl" => BinOp::Shl,
        "lshr" => BinOp::LShr,
        "ashr" => BinOp::AShr,
        "and" => BinOp::And,
        "or" => BinOp::Or,
        "xor" => BinOp::Xor,
        "fadd" => BinOp::FAdd,
        "fsub" => BinOp::FSub,
        "fmul" => BinOp::FMul,
        "fdiv" => BinOp::FDiv,
        "frem" => BinOp::FRem,
        _ => return None,
    })
}

pub(super) fn int_pred(w: &str) -> Option<IntPred> {
    Some(match w {
        "eq" => IntPred::Eq,
        "ne" => IntPred::Ne,
        "ugt" => IntPred::Ugt,
        "uge" => IntPred::Uge,
        "ult" => IntPred::Ult,
        "ule" => IntPred::Ule,
        "sgt" => IntPred::Sgt,
        "sge" => IntPred::Sge,
        "slt" => IntPred::Slt,
        "sle" => IntPred::Sle,
        _ => return None,
    })
}

pub(super) fn float_pred(w: &str) -> Option<FloatPred> {
    Some(match w {
        "false" => FloatPred::False,
        "oeq" => FloatPred::Oeq,
        "ogt" => FloatPred::Ogt,
        "oge" => FloatPred::Oge,
        "olt" => FloatPred::Olt,
        "ole" => FloatPred::Ole,
        "one" => FloatPred::One,
        "ord" => FloatPred::Ord,
        "uno" => FloatPred::Uno,
        "ueq" => FloatPred::Ueq,
        "ugt" => FloatPred::Ugt,
        "uge" => FloatPred::Uge,
        "ult" => FloatPred::Ult,
        "ule" => FloatPred::Ule,
        "une" => FloatPred::Une,
        "true" => FloatPred::True,
        _ => return None,
    })
}

/// `v` rounded to the nearest IEEE half (ties to even), as bits.
pub(super) fn f64_to_f16(v: f64) -> u16 {
    let x = v as f32;
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xFF) as i32;
    let mant = bits & 0x7F_FFFF;
    if exp == 0xFF {
        return sign | 0x7C00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1F {
        return sign | 0x7C00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let mid = 1 << (shift - 1);
        let r = if rem > mid || (rem == mid && half & 1 == 1) { half + 1 } else { half };
        return sign | r as u16;
    }
    let half = ((e as u32) << 10) | (mant >> 13);
    let rem = mant & 0x1FFF;
    let r = if rem > 0x1000 || (rem == 0x1000 && half & 1 == 1) { half + 1 } else { half };
    sign | r as u16
}

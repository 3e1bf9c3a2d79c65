//! Types in LLVM IR text: first-class and aggregate types, typed pointers
//! (`float addrspace(1)*`) and opaque ones (`ptr addrspace(1)`), function types, named
//! structs. It interns into the module's type table and must not read values.

use super::lex::Tok;
use super::Parser;
use crate::frontend::llvm::model::{Type, TypeId};
use crate::Result;

impl<'a> Parser<'a> {
    /// Whether the current token can start a type.
    pub(super) fn at_type(&self) -> bool {
        match self.peek() {
            Tok::Word(w) => {
                matches!(
                    w,
                    "void"
                        | "half"
                        | "bfloat"
                        | "float"
                        | "double"
                        | "x86_fp80"
                        | "fp128"
                        | "ppc_fp128"
                        | "label"
                        | "metadata"
                        | "token"
                        | "ptr"
                        | "opaque"
                        | "x86_mmx"
                        | "x86_amx"
                        | "target"
                ) || int_width(w).is_some()
            }
            Tok::Local(..) | Tok::LBrace | Tok::Less | Tok::LBracket => true,
            _ => false,
        }
    }

    /// A type, with its pointer and function suffixes.
    pub(super) fn parse_type(&mut self) -> Result<TypeId> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
    }

    fn parse_type_inner(&mut self) -> Result<TypeId> {
        let mut ty = self.base_type()?;
        loop {
            match self.peek() {
                Tok::Star => {
                    self.pos += 1;
                    ty = self.pointer_to(ty, 0)?;
                }
                Tok::Word("addrspace") if self.peek_at(1) == Tok::LParen => {
                    // `T addrspace(N)*`
                    let save = self.pos;
                    let n = self.addrspace()?;
                    if !self.eat(Tok::Star) {
                        self.pos = save;
                        return Ok(ty);
                    }
                    ty = self.pointer_to(ty, n)?;
                }
                Tok::LParen => {
                    ty = self.function_type(ty)?;
                }
                _ => return Ok(ty),
            }
        }
    }

    fn pointer_to(&mut self, pointee: TypeId, addrspace: u32) -> Result<TypeId> {
        if matches!(self.m.ty(pointee), Type::Void | Type::Label | Type::Metadata | Type::Token) {
            return Err(self.invalid("pointer to void, label, metadata or token"));
        }
        Ok(self.m.intern_type(Type::Pointer { addrspace, pointee: Some(pointee) }))
    }

    /// `addrspace(N)`.
    pub(super) fn addrspace(&mut self) -> Result<u32> {
        self.expect_word("addrspace")?;
        self.expect(Tok::LParen, "`(`")?;
        let n = self.expect_u32("an address space")?;
        self.expect(Tok::RParen, "`)`")?;
        Ok(n)
    }

    /// `(params)` after a return type.
    fn function_type(&mut self, ret: TypeId) -> Result<TypeId> {
        self.expect(Tok::LParen, "`(`")?;
        let mut params = Vec::new();
        let mut vararg = false;
        if !self.eat(Tok::RParen) {
            loop {
                if self.eat(Tok::Ellipsis) {
                    vararg = true;
                    self.expect(Tok::RParen, "`)` after `...`")?;
                    break;
                }
                let t = self.parse_type()?;
                self.skip_param_attrs()?;
                params.push(t);
                if self.eat(Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "`,` or `)`")?;
            }
        }
        Ok(self.m.intern_type(Type::Function { ret, params, vararg }))
    }

    fn base_type(&mut self) -> Result<TypeId> {
        let t = self.next();
        let ty = match t {
            Tok::Word(w) => match w {
                "void" => Type::Void,
                "half" => Type::Half,
                "bfloat" => Type::BFloat,
                "float" => Type::Float,
                "double" => Type::Double,
                "x86_fp80" => Type::OtherFloat("x86_fp80"),
                "fp128" => Type::OtherFloat("fp128"),
                "ppc_fp128" => Type::OtherFloat("ppc_fp128"),
                "label" => Type::Label,
                "metadata" => Type::Metadata,
                "token" => Type::Token,
                "ptr" => {
                    let addrspace = if self.peek() == Tok::Word("addrspace") { self.addrspace()? } else { 0 };
                    Type::Pointer { addrspace, pointee: None }
                }
                _ => match int_width(w) {
                    Some(n) => Type::Int(n),
                    None => {
                        self.pos -= 1;
                        if w == "target" && self.peek_at(1) == Tok::LParen {
                            self.pos += 1;
                            return self.target_ext();
                        }
                        if matches!(w, "x86_mmx" | "x86_amx" | "target") {
                            return Err(self.unsupported(&format!("type `{w}`")));
                        }
                        return Err(self.expected("a type"));
                    }
                },
            },
            Tok::Local(name, quoted) => {
                let name = super::lex::name_text(name, quoted)?;
                return match self.named_types.get(&name) {
                    Some(&id) => Ok(id),
                    None => {
                        self.pos -= 1;
                        Err(self.invalid(&format!("type `%{name}` is not defined")))
                    }
                };
            }
            Tok::LBrace => {
                self.pos -= 1;
                let fields = self.struct_body(Tok::RBrace)?;
                Type::Struct { name: None, fields, packed: false, opaque: false }
            }
            Tok::Less if self.peek() == Tok::LBrace => {
                let fields = self.struct_body(Tok::RBrace)?;
                self.expect(Tok::Greater, "`>` after a packed struct")?;
                Type::Struct { name: None, fields, packed: true, opaque: false }
            }
            Tok::Less => {
                if self.peek() == Tok::Word("vscale") {
                    return Err(self.unsupported("scalable vectors"));
                }
                let len = self.expect_u32("a vector length")?;
                self.expect_word("x")?;
                let elem = self.parse_type()?;
                self.expect(Tok::Greater, "`>`")?;
                if len == 0 {
                    return Err(self.invalid("vector of zero elements"));
                }
                Type::Vector { len, elem }
            }
            Tok::LBracket => {
                let len = self.expect_u64("an array length")?;
                self.expect_word("x")?;
                let elem = self.parse_type()?;
                self.expect(Tok::RBracket, "`]`")?;
                Type::Array { len, elem }
            }
            _ => {
                self.pos -= 1;
                return Err(self.expected("a type"));
            }
        };
        Ok(self.m.intern_type(ty))
    }

    /// `("name", T..., N...)` of a target extension type, after `target`.
    fn target_ext(&mut self) -> Result<TypeId> {
        self.expect(Tok::LParen, "`(`")?;
        let name = self.expect_str("the name of a target extension type")?;
        let (mut types, mut ints) = (Vec::new(), Vec::new());
        while self.eat(Tok::Comma) {
            if matches!(self.peek(), Tok::Int(_)) {
                ints.push(self.expect_u32("an integer parameter")?);
            } else {
                types.push(self.parse_type()?);
            }
        }
        self.expect(Tok::RParen, "`)`")?;
        Ok(self.m.intern_type(Type::TargetExt { name, types, ints }))
    }

    /// `{ T, T, ... }` from the `{` to the closing `close`.
    pub(super) fn struct_body(&mut self, close: Tok<'_>) -> Result<Vec<TypeId>> {
        self.expect(Tok::LBrace, "`{`")?;
        let mut fields = Vec::new();
        if self.eat(close) {
            return Ok(fields);
        }
        loop {
            fields.push(self.parse_type()?);
            if self.eat(close) {
                return Ok(fields);
            }
            self.expect(Tok::Comma, "`,` or the end of the struct")?;
        }
    }

    /// The element type of pointer, vector or array `ty`, and for pointers also the address space.
    pub(super) fn pointee(&self, ty: TypeId) -> Option<TypeId> {
        match self.m.ty(ty) {
            Type::Pointer { pointee, .. } => *pointee,
            _ => None,
        }
    }

    /// The return type of function type `ty`.
    pub(super) fn fn_ret(&self, ty: TypeId) -> Option<TypeId> {
        match self.m.ty(ty) {
            Type::Function { ret, .. } => Some(*ret),
            _ => None,
        }
    }

    pub(super) fn void(&mut self) -> TypeId {
        self.m.intern_type(Type::Void)
    }

    pub(super) fn int(&mut self, bits: u32) -> TypeId {
        self.m.intern_type(Type::Int(bits))
    }

    /// The type at `indices` within aggregate `ty` (extractvalue/insertvalue).
    pub(super) fn aggregate_member(&self, mut ty: TypeId, indices: &[u32]) -> Result<TypeId> {
        for &i in indices {
            ty = match self.m.ty(ty) {
                Type::Struct { fields, .. } => match fields.get(i as usize) {
                    Some(f) => *f,
                    None => return Err(self.invalid(&format!("struct index {i} out of range"))),
                },
                Type::Array { len, elem } if u64::from(i) < *len => *elem,
                _ => return Err(self.invalid(&format!("index {i} into a value that is no aggregate of that size"))),
            };
        }
        Ok(ty)
    }
}

impl<'a> Parser<'a> {
    /// The result type of a `getelementptr` from `source` over `base_ty` with `indices`
    /// (their types and, for constants, values).
    pub(super) fn gep_result(
        &mut self,
        source: TypeId,
        base_ty: TypeId,
        indices: &[(TypeId, Option<i64>)],
    ) -> Result<TypeId> {
        let mut cur = source;
        let mut vlen = None;
        for (n, &(ity, val)) in indices.iter().enumerate() {
            if let Type::Vector { len, .. } = self.m.ty(ity) {
                vlen = Some(*len);
            }
            if n == 0 {
                continue;
            }
            cur = match self.m.ty(cur) {
                Type::Struct { fields, opaque: false, .. } => {
                    let Some(i) = val else {
                        return Err(self.invalid("a struct index in getelementptr that is not a constant"));
                    };
                    match usize::try_from(i).ok().and_then(|i| fields.get(i)) {
                        Some(f) => *f,
                        None => return Err(self.invalid(&format!("struct index {i} out of range"))),
                    }
                }
                Type::Array { elem, .. } | Type::Vector { elem, .. } => *elem,
                _ => return Err(self.invalid("getelementptr indexes into a type that is not an aggregate")),
            };
        }
        let base_ptr = match self.m.ty(base_ty) {
            Type::Vector { len, elem } => {
                vlen = Some(*len);
                *elem
            }
            _ => base_ty,
        };
        let ptr = match self.m.ty(base_ptr) {
            Type::Pointer { pointee: None, .. } => base_ptr,
            Type::Pointer { addrspace, pointee: Some(_) } => {
                let addrspace = *addrspace;
                self.m.intern_type(Type::Pointer { addrspace, pointee: Some(cur) })
            }
            _ => return Err(self.invalid("getelementptr on a value that is not a pointer")),
        };
        Ok(match vlen {
            Some(len) => self.m.intern_type(Type::Vector { len, elem: ptr }),
            None => ptr,
        })
    }

    /// `i1`, or `<N x i1>` for a vector comparison of `ty`.
    pub(super) fn cmp_result(&mut self, ty: TypeId) -> TypeId {
        let i1 = self.int(1);
        match self.m.ty(ty) {
            Type::Vector { len, .. } => {
                let len = *len;
                self.m.intern_type(Type::Vector { len, elem: i1 })
            }
            _ => i1,
        }
    }

    /// The element type of vector `ty`.
    pub(super) fn vector_elem(&self, ty: TypeId) -> Result<TypeId> {
        match self.m.ty(ty) {
            Type::Vector { elem, .. } => Ok(*elem),
            _ => Err(self.invalid("a vector operation on a value that is not a vector")),
        }
    }

    /// `<n x elem>` for a shuffle of vectors of type `ty`.
    pub(super) fn shuffle_result(&mut self, ty: TypeId, n: usize) -> Result<TypeId> {
        let elem = self.vector_elem(ty)?;
        let len = u32::try_from(n).map_err(|_| self.limit("shuffle mask too long"))?;
        if len == 0 {
            return Err(self.invalid("an empty shuffle mask"));
        }
        Ok(self.m.intern_type(Type::Vector { len, elem }))
    }

    /// A pointer to `pointee` in `addrspace`, in the module's flavour (opaque `ptr` once
    /// the module uses it).
    pub(super) fn pointer(&mut self, pointee: TypeId, addrspace: u32) -> TypeId {
        let pointee = if self.opaque { None } else { Some(pointee) };
        self.m.intern_type(Type::Pointer { addrspace, pointee })
    }
}

/// The width of `iN`.
pub(super) fn int_width(w: &str) -> Option<u32> {
    let digits = w.strip_prefix('i')?;
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&n| n > 0 && n <= (1 << 23))
}

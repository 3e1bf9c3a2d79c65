//! Constants blocks (`CONSTANTS_BLOCK`), at module level and inside functions: every
//! record but `SETTYPE` defines the next value, possibly referring forward to later
//! ones, so the block's ids are reserved before its records are read.
//!
//! Constants refer to other constants by absolute value id in every bitcode version.
//! This module must not read anything but constants.

use super::codes::{bin_op, cast_op, float_pred, int_pred};
use super::{chars, op, Block, Ctx, Record};
use crate::frontend::llvm::model::{ConstExpr, ConstId, Constant, Type, TypeId};
use crate::{CompileError, Result};

fn name_of(code: u32) -> &'static str {
    match code {
        2 => "CST_CODE_NULL",
        3 => "CST_CODE_UNDEF",
        4 => "CST_CODE_INTEGER",
        5 => "CST_CODE_WIDE_INTEGER",
        6 => "CST_CODE_FLOAT",
        7 => "CST_CODE_AGGREGATE",
        8 => "CST_CODE_STRING",
        9 => "CST_CODE_CSTRING",
        10 => "CST_CODE_CE_BINOP",
        11 => "CST_CODE_CE_CAST",
        12 => "CST_CODE_CE_GEP",
        13 => "CST_CODE_CE_SELECT",
        14 => "CST_CODE_CE_EXTRACTELT",
        15 => "CST_CODE_CE_INSERTELT",
        16 => "CST_CODE_CE_SHUFFLEVEC",
        17 => "CST_CODE_CE_CMP",
        19 => "CST_CODE_CE_SHUFVEC_EX",
        20 => "CST_CODE_CE_INBOUNDS_GEP",
        22 => "CST_CODE_DATA",
        24 | 31 | 32 => "CST_CODE_CE_GEP",
        25 => "CST_CODE_CE_UNOP",
        26 => "CST_CODE_POISON",
        _ => "CST_CODE",
    }
}

impl Ctx {
    /// Whether `ty` (or its vector element) is a floating-point type.
    pub(super) fn is_float(&self, ty: TypeId) -> bool {
        let t = match self.m.ty(ty) {
            Type::Vector { elem, .. } => self.m.ty(*elem),
            t => t,
        };
        matches!(t, Type::Half | Type::BFloat | Type::Float | Type::Double | Type::OtherFloat(_))
    }

    /// Integer width of `ty` (or its vector element).
    pub(super) fn int_width(&self, ty: TypeId) -> Option<u32> {
        match self.m.ty(ty) {
            Type::Int(w) => Some(*w),
            Type::Vector { elem, .. } => match self.m.ty(*elem) {
                Type::Int(w) => Some(*w),
                _ => None,
            },
            _ => None,
        }
    }

    /// Read a constants block whose first value gets id `base`; ids below `base` are
    /// looked up with `prior`. Returns the new values' constants in id order.
    pub(super) fn read_constants(
        &mut self,
        b: &Block,
        prior: &dyn Fn(usize) -> Option<ConstId>,
        base: usize,
    ) -> Result<Vec<ConstId>> {
        let count = b.records().filter(|r| r.code != 1).count();
        let void = self.m.intern_type(Type::Void);
        let first = self.m.consts.len();
        let ids: Vec<ConstId> = (0..count).map(|_| self.m.push_const(Constant::Undef(void))).collect();
        let lookup = |v: u64| -> Result<ConstId> {
            let v = usize::try_from(v).unwrap_or(usize::MAX);
            if v >= base { ids.get(v - base).copied() } else { prior(v) }.ok_or_else(|| {
                CompileError::invalid(format!("constant refers to value {v}, which is not a constant defined here"))
            })
        };
        let mut cur: Option<TypeId> = None;
        let mut k = 0;
        for rec in b.records() {
            if rec.code == 1 {
                cur = Some(self.ty(op(rec, 0, "CST_CODE_SETTYPE")?)?);
                continue;
            }
            let ty = cur.ok_or_else(|| CompileError::invalid("constant before CST_CODE_SETTYPE"))?;
            let what = name_of(rec.code);
            let c = self
                .constant(rec, ty, &lookup)
                .map_err(|e| e.at(None, format!("bitcode record {what} (value {})", base + k), None))?;
            self.m.consts[first + k] = c;
            if let Some(text) = self.pending_asm.take() {
                self.asm.insert(ids[k], text);
            }
            k += 1;
        }
        Ok(ids)
    }

    fn constant(&mut self, rec: &Record, ty: TypeId, v: &dyn Fn(u64) -> Result<ConstId>) -> Result<Constant> {
        let what = name_of(rec.code);
        let o = |i: usize| op(rec, i, what);
        Ok(match rec.code {
            2 => match self.m.ty(ty) {
                Type::Pointer { .. } => Constant::Null(ty),
                Type::Int(_) => Constant::Int { ty, value: 0 },
                Type::Half | Type::BFloat | Type::Float | Type::Double => Constant::Float { ty, bits: 0 },
                _ => Constant::Zero(ty),
            },
            3 => Constant::Undef(ty),
            26 => Constant::Poison(ty),
            4 | 5 => {
                let value = super::signed(o(0)?) as u64;
                let width = self
                    .int_width(ty)
                    .ok_or_else(|| CompileError::invalid("integer constant of a non-integer type"))?;
                let value = if width < 64 { value & ((1u64 << width) - 1) } else { value };
                Constant::Int { ty, value }
            }
            6 => Constant::Float { ty, bits: o(0)? },
            7 => Constant::Aggregate { ty, elems: rec.ops.iter().map(|&e| v(e)).collect::<Result<_>>()? },
            8 | 9 => {
                let mut bytes = rec
                    .ops
                    .iter()
                    .map(|&c| u8::try_from(c).map_err(|_| CompileError::invalid(format!("byte {c} over 255"))))
                    .collect::<Result<Vec<u8>>>()?;
                if rec.code == 9 {
                    bytes.push(0);
                }
                Constant::Bytes { ty, bytes }
            }
            22 => {
                let elem = match self.m.ty(ty) {
                    Type::Array { elem, .. } | Type::Vector { elem, .. } => *elem,
                    _ => return Err(CompileError::invalid("data constant of a type that is not an array or vector")),
                };
                let float = self.is_float(elem);
                let mut elems = Vec::with_capacity(rec.ops.len());
                for &e in &rec.ops {
                    let c = if float {
                        Constant::Float { ty: elem, bits: e }
                    } else {
                        Constant::Int { ty: elem, value: e }
                    };
                    elems.push(self.m.push_const(c));
                }
                Constant::Aggregate { ty, elems }
            }
            10 => {
                let (lhs, rhs) = (v(o(1)?)?, v(o(2)?)?);
                let float = self.is_float(self.m.const_ty(lhs));
                let op = bin_op(o(0)?, float)
                    .ok_or_else(|| CompileError::invalid(format!("binary opcode {}", rec.ops[0])))?;
                Constant::Expr { ty, expr: ConstExpr::Binary { op, lhs, rhs } }
            }
            25 => {
                if o(0)? != 0 {
                    return Err(CompileError::invalid(format!("unary opcode {}", rec.ops[0])));
                }
                Constant::Expr { ty, expr: ConstExpr::FNeg(v(o(1)?)?) }
            }
            11 => {
                let op = cast_op(o(0)?).ok_or_else(|| CompileError::invalid(format!("cast opcode {}", rec.ops[0])))?;
                Constant::Expr { ty, expr: ConstExpr::Cast { op, value: v(o(2)?)? } }
            }
            12 | 20 | 24 | 31 | 32 => self.const_gep(rec, ty, v)?,
            13 => Constant::Expr { ty, expr: ConstExpr::Select { cond: v(o(0)?)?, a: v(o(1)?)?, b: v(o(2)?)? } },
            14 => {
                let idx = if rec.ops.len() >= 4 { o(3)? } else { o(2)? };
                Constant::Expr { ty, expr: ConstExpr::ExtractElement { vec: v(o(1)?)?, index: v(idx)? } }
            }
            15 => {
                let idx = if rec.ops.len() >= 4 { o(3)? } else { o(2)? };
                Constant::Expr {
                    ty,
                    expr: ConstExpr::InsertElement { vec: v(o(0)?)?, elem: v(o(1)?)?, index: v(idx)? },
                }
            }
            16 | 19 => {
                let s = if rec.code == 19 { 1 } else { 0 };
                let (a, b, mask) = (v(o(s)?)?, v(o(s + 1)?)?, v(o(s + 2)?)?);
                let mask = self.shuffle_mask(mask)?;
                Constant::Expr { ty, expr: ConstExpr::ShuffleVector { a, b, mask } }
            }
            17 => {
                let (lhs, rhs, pred) = (v(o(1)?)?, v(o(2)?)?, o(3)?);
                if self.is_float(self.m.const_ty(lhs)) {
                    let pred =
                        float_pred(pred).ok_or_else(|| CompileError::invalid(format!("fcmp predicate {pred}")))?;
                    Constant::Expr { ty, expr: ConstExpr::FCmp { pred, lhs, rhs } }
                } else {
                    let pred = int_pred(pred).ok_or_else(|| CompileError::invalid(format!("icmp predicate {pred}")))?;
                    Constant::Expr { ty, expr: ConstExpr::ICmp { pred, lhs, rhs } }
                }
            }
            18 | 23 | 28 | 30 => {
                // Inline asm: [flags..., asmstrsize, asmstr..., constraintsize, ...]; the
                // text is kept for the error message when it is called.
                let text = self.asm_text(rec);
                let c = Constant::Undef(ty);
                self.pending_asm = Some(text);
                c
            }
            21 => return Err(CompileError::unsupported("blockaddress constants")),
            27 => return Err(CompileError::unsupported("dso_local_equivalent constants")),
            29 => return Err(CompileError::unsupported("no_cfi constants")),
            c => return Err(CompileError::unsupported(format!("constant record code {c}"))),
        })
    }

    fn asm_text(&self, rec: &Record) -> String {
        // The string length sits after one (old) or more flag words; find the first
        // prefix length that fits.
        for skip in 1..=3usize {
            if let Some(&len) = rec.ops.get(skip) {
                let len = len as usize;
                if let Some(s) = rec.ops.get(skip + 1..skip + 1 + len) {
                    if let Ok(t) = chars(s) {
                        return t;
                    }
                }
            }
        }
        String::from("<inline asm>")
    }

    /// The lanes of a constant shuffle mask (`-1` for undef lanes).
    pub(super) fn shuffle_mask(&self, mask: ConstId) -> Result<Vec<i32>> {
        match self.m.constant(mask) {
            Constant::Aggregate { elems, .. } => elems
                .iter()
                .map(|&e| match self.m.constant(e) {
                    Constant::Int { value, .. } => Ok(i32::try_from(*value).unwrap_or(-1)),
                    Constant::Undef(_) | Constant::Poison(_) => Ok(-1),
                    _ => Err(CompileError::invalid("shuffle mask element that is not an integer constant")),
                })
                .collect(),
            Constant::Zero(t)
            | Constant::Undef(t)
            | Constant::Poison(t)
            | Constant::Int { ty: t, .. }
            | Constant::Null(t) => {
                let undef =
                    !matches!(self.m.constant(mask), Constant::Zero(_) | Constant::Int { .. } | Constant::Null(_));
                match self.m.ty(*t) {
                    Type::Vector { len, .. } => Ok(vec![if undef { -1 } else { 0 }; *len as usize]),
                    _ => Err(CompileError::invalid("shuffle mask that is not a vector")),
                }
            }
            _ => Err(CompileError::invalid("shuffle mask that is not a constant vector")),
        }
    }

    fn const_gep(&mut self, rec: &Record, ty: TypeId, v: &dyn Fn(u64) -> Result<ConstId>) -> Result<Constant> {
        let ops = &rec.ops;
        let mut i = 0;
        let mut source: Option<TypeId> = None;
        let mut inbounds = rec.code == 20;
        match rec.code {
            24 | 32 => {
                source = Some(self.ty(op(rec, 0, "CST_CODE_CE_GEP")?)?);
                inbounds = op(rec, 1, "CST_CODE_CE_GEP")? & 1 != 0;
                i = 2;
            }
            31 => {
                // [pointee, flags, range bit width, range start, range end, operands...]
                source = Some(self.ty(op(rec, 0, "CST_CODE_CE_GEP")?)?);
                inbounds = op(rec, 1, "CST_CODE_CE_GEP")? & 1 != 0;
                let width = op(rec, 2, "CST_CODE_CE_GEP")?;
                if width > 64 {
                    return Err(CompileError::unsupported("inrange of over 64 bits"));
                }
                i = 5;
            }
            _ => {
                if !ops.len().is_multiple_of(2) {
                    source = Some(self.ty(ops[0])?);
                    i = 1;
                }
            }
        }
        let pairs = ops.get(i..).unwrap_or_default();
        if pairs.len() < 2 || !pairs.len().is_multiple_of(2) {
            return Err(CompileError::invalid("constant getelementptr with an odd operand list"));
        }
        let mut vals = pairs.chunks(2).map(|p| v(p[1])).collect::<Result<Vec<_>>>()?;
        let base = vals.remove(0);
        let source_ty = match source {
            Some(t) => t,
            None => {
                // Typed pointers: the base's pointee (the base may be a forward
                // reference whose type is known from the pair).
                let bt = self.ty(pairs[0])?;
                let bt = match self.m.ty(bt) {
                    Type::Vector { elem, .. } => *elem,
                    _ => bt,
                };
                self.pointee(bt).ok_or_else(|| {
                    CompileError::invalid("constant getelementptr on a value that is not a typed pointer")
                })?
            }
        };
        Ok(Constant::Expr { ty, expr: ConstExpr::Gep { source_ty, base, indices: vals, inbounds } })
    }
}

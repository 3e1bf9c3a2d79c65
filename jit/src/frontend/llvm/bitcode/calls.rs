//! The two records of a function body with the most structure: `switch` (both the
//! plain layout and LLVM 3.2's case-range layout) and `call` (calling convention word,
//! fast-math flags, explicit function type, metadata and vararg arguments).
//!
//! Part of reading function bodies; it must not read anything but these records.

use super::function::{value_of, Body, Ops};
use super::{Ctx, Record};
use crate::frontend::llvm::model::{Callee, Constant, InstKind, Operand, Terminator, Type};
use crate::{CompileError, Result};

impl Ctx {
    pub(super) fn switch(&mut self, body: &mut Body, rec: &Record) -> Result<()> {
        let what = "FUNC_CODE_INST_SWITCH";
        let mut o = Ops { rec, i: 0, what };
        let first = o.next()?;
        let mut cases = Vec::new();
        let (value, default) = if first >> 16 == 0x4B5 {
            // LLVM 3.2's case-range format.
            let ty = self.ty(o.next()?)?;
            let width =
                self.int_width(ty).ok_or_else(|| CompileError::invalid("switch on a value that is not an integer"))?;
            if width > 64 {
                return Err(CompileError::unsupported("switch on integers over 64 bits"));
            }
            let value = self.value(body, &mut o, ty)?;
            let default = self.bb(body, o.next()?)?;
            let n = o.next()?;
            let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
            for _ in 0..n {
                let items = o.next()?;
                let mut vals = Vec::new();
                for _ in 0..items {
                    let single = o.next()? != 0;
                    let lo = super::signed(o.next()?) as u64 & mask;
                    if single {
                        vals.push(lo);
                    } else {
                        let hi = super::signed(o.next()?) as u64 & mask;
                        if hi < lo || hi - lo > 1 << 16 {
                            return Err(CompileError::unsupported("switch case range over 65536 values"));
                        }
                        vals.extend(lo..=hi);
                    }
                }
                let dest = self.bb(body, o.next()?)?;
                cases.extend(vals.into_iter().map(|v| (v, dest)));
                if cases.len() > rec.ops.len() + (1 << 16) {
                    return Err(CompileError::limit("switch with too many cases"));
                }
            }
            (value, default)
        } else {
            let ty = self.ty(first)?;
            let value = self.value(body, &mut o, ty)?;
            let default = self.bb(body, o.next()?)?;
            while o.left() > 0 {
                let v = o.next()?;
                let dest = self.bb(body, o.next()?)?;
                let c = match value_of(&self.values, body.base, &body.vals, v) {
                    Some(Operand::Const(c)) => c,
                    _ => return Err(CompileError::invalid(format!("switch case value {v} is not a constant"))),
                };
                let Constant::Int { value, .. } = self.m.constant(c) else {
                    return Err(CompileError::invalid("switch case value that is not an integer constant"));
                };
                cases.push((*value, dest));
            }
            (value, default)
        };
        self.terminate(body, Terminator::Switch { value, default, cases })
    }

    pub(super) fn call(&mut self, body: &mut Body, o: &mut Ops) -> Result<()> {
        let _attrs = o.next()?;
        let cc_info = o.next()?;
        if (cc_info >> 17) & 1 != 0 {
            o.next()?; // fast-math flags
        }
        let explicit = if (cc_info >> 15) & 1 != 0 { Some(self.ty(o.next()?)?) } else { None };
        let (callee_op, cty) = self.pair(body, o)?;
        let fn_ty = match explicit {
            Some(t) => t,
            None => self
                .ptr_info(cty)?
                .1
                .ok_or_else(|| CompileError::invalid("call through an opaque pointer without a function type"))?,
        };
        let Type::Function { ret, params, vararg } = self.m.ty(fn_ty).clone() else {
            return Err(CompileError::invalid("call of a value whose type is not a function type"));
        };
        let mut args = Vec::with_capacity(params.len());
        for p in params {
            if matches!(self.m.ty(p), Type::Label) {
                o.next()?;
                continue;
            }
            args.push(self.value(body, o, p)?);
        }
        if vararg {
            while o.left() > 0 {
                args.push(self.pair(body, o)?.0);
            }
        } else if o.left() > 0 {
            return Err(CompileError::invalid("call with more arguments than its function type has"));
        }
        let callee = match callee_op {
            Operand::Const(c) => match (self.m.constant(c), self.asm.get(&c)) {
                (_, Some(text)) => Callee::InlineAsm(text.clone()),
                (Constant::Function { func, .. }, _) => Callee::Function(*func),
                _ => Callee::Indirect(callee_op),
            },
            other => Callee::Indirect(other),
        };
        self.push(body, ret, InstKind::Call { callee, fn_ty, args })
    }
}

//! Control flow: branches, switches, returns (jumps to the continuation of an inlined
//! call) and `OpFunctionCall` inlining.
//!
//! Phi arguments are attached to every jump here; blocks and their parameters are
//! created by the function translator.

use rspirv::dr::Operand;
use rspirv::spirv::Op;

use super::function::{Frame, Translator, Val};
use super::reader::SpvInst;
use crate::ir::{BlockCall, Terminator};
use crate::{CompileError, Result};

impl Translator<'_> {
    pub(crate) fn terminator(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let term = match inst.op {
            Op::Branch => Terminator::Jump(self.block_call(fr, inst.id(0)?)?),
            Op::BranchConditional => {
                let cond = self.op(fr, inst, 0)?;
                if self.f.ty(cond) != &crate::ir::Type::BOOL {
                    return Err(CompileError::invalid(format!(
                        "branch condition has type {}, expected bool",
                        self.f.ty(cond)
                    )));
                }
                let then_ = self.block_call(fr, inst.id(1)?)?;
                let else_ = self.block_call(fr, inst.id(2)?)?;
                Terminator::Branch { cond, then_, else_ }
            }
            Op::Switch => {
                let value = self.op(fr, inst, 0)?;
                if !self.f.ty(value).scalar().is_some_and(|s| s.is_int()) || self.f.ty(value).lanes() != Some(1) {
                    return Err(CompileError::invalid("OpSwitch selector is not a scalar integer"));
                }
                let default = self.block_call(fr, inst.id(1)?)?;
                let mut cases = Vec::new();
                let mut k = 2;
                while k < inst.operands.len() {
                    let lit = match inst.operands.get(k) {
                        Some(Operand::LiteralBit32(v)) => *v as u64,
                        Some(Operand::LiteralBit64(v)) => *v,
                        _ => return Err(CompileError::invalid(format!("OpSwitch operand {k} is not a literal"))),
                    };
                    let target = self.block_call(fr, inst.id(k + 1)?)?;
                    cases.push((lit, target));
                    k += 2;
                }
                Terminator::Switch { value, default, cases }
            }
            Op::Return => match fr.ret {
                Some(cont) if !self.f.block(cont).params.is_empty() => {
                    return Err(CompileError::invalid("OpReturn in a function that returns a value"))
                }
                Some(cont) => Terminator::Jump(BlockCall { block: cont, args: Vec::new() }),
                None => Terminator::Return,
            },
            Op::ReturnValue => {
                let v = self.op(fr, inst, 0)?;
                match fr.ret {
                    Some(cont) => {
                        let params = &self.f.block(cont).params;
                        if params.len() != 1 || self.f.ty(params[0]) != self.f.ty(v) {
                            return Err(CompileError::invalid(
                                "OpReturnValue does not match the function's return type",
                            ));
                        }
                        Terminator::Jump(BlockCall { block: cont, args: vec![v] })
                    }
                    None => Terminator::Return,
                }
            }
            Op::Unreachable => Terminator::Unreachable,
            _ => {
                return Err(CompileError::unsupported(format!(
                    "{} is not allowed in kernels",
                    super::module::op_name(inst.op)
                )))
            }
        };
        self.builder().terminate(term);
        Ok(())
    }

    /// Inline a call: the callee's blocks are translated in place; its returns jump to a
    /// continuation block whose parameter is the return value.
    pub(crate) fn call(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let callee = inst.id(0)?;
        let ret_ty_id = inst.rtype()?;
        let ret_ty = match self.m.spv_type(ret_ty_id)? {
            super::types::SpvType::Void => None,
            _ => Some(self.ty(ret_ty_id)?),
        };
        let mut args = Vec::with_capacity(inst.operands.len().saturating_sub(1));
        for i in 1..inst.operands.len() {
            args.push(self.val(fr, inst.id(i)?)?);
        }
        // Pointers into laid-out matrices keep their layout in the callee.
        let params = self.m.func(callee)?.params.clone();
        for (k, &pi) in params.iter().enumerate().take(inst.operands.len() - 1) {
            let param = self.m.insts[pi].rid()?;
            self.copy_layout(inst.id(k + 1)?, param);
        }
        let cont = self.builder().create_block();
        let result = ret_ty.map(|t| self.builder().append_block_param(cont, t));
        self.run_function(callee, args, Some(cont))?;
        self.cur = cont;
        if let Some(r) = result {
            self.set(fr, inst, Val::V(r))?;
        }
        Ok(())
    }
}

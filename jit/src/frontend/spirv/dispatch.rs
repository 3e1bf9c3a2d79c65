//! The flat switch from each opcode of a function body to its family: control flow
//! (`control`), calls (`function`), memory and atomics (`memory`), extended instructions
//! (`extinst`), images (`image`), sub-groups (`subgroup`) and everything computed
//! (`arith`, `convert`, `composite`, ...).
//!
//! This module only chooses the family; it does not interpret operands.

use rspirv::spirv::Op;

use super::function::{Frame, Translator};
use super::reader::SpvInst;
use super::subgroup::is_subgroup_op;
use crate::ir::InstKind;
use crate::{CompileError, Result};

impl Translator<'_> {
    /// Translate one instruction.
    pub(crate) fn inst(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        use Op::*;
        match inst.op {
            Nop | Line | NoLine | LoopMerge | SelectionMerge | LifetimeStart | LifetimeStop | Phi | Name
            | ModuleProcessed | AssumeTrueKHR => Ok(()),
            Branch | BranchConditional | Switch | Return | ReturnValue | Unreachable | Kill | TerminateInvocation => {
                self.terminator(fr, inst)
            }
            FunctionCall => self.call(fr, inst),
            Variable
            | Load
            | Store
            | AccessChain
            | InBoundsAccessChain
            | PtrAccessChain
            | InBoundsPtrAccessChain
            | CopyMemory
            | CopyMemorySized
            | GenericPtrMemSemantics
            | PtrEqual
            | PtrNotEqual
            | PtrDiff => self.memory(fr, inst),
            AtomicLoad
            | AtomicStore
            | AtomicExchange
            | AtomicCompareExchange
            | AtomicCompareExchangeWeak
            | AtomicIIncrement
            | AtomicIDecrement
            | AtomicIAdd
            | AtomicISub
            | AtomicSMin
            | AtomicUMin
            | AtomicSMax
            | AtomicUMax
            | AtomicAnd
            | AtomicOr
            | AtomicXor
            | AtomicFlagTestAndSet
            | AtomicFlagClear
            | AtomicFAddEXT
            | AtomicFMinEXT
            | AtomicFMaxEXT => self.atomic(fr, inst),
            ControlBarrier => {
                // A sub-group is a lane group, whose work-items run in lockstep: a
                // sub-group (or invocation) barrier only orders memory. Any wider scope
                // is a work-group barrier (kernels cannot wait on the device).
                let scope = self.m.const_u64(inst.id(0)?)?;
                let within_sub_group =
                    scope == rspirv::spirv::Scope::Subgroup as u64 || scope == rspirv::spirv::Scope::Invocation as u64;
                self.emit_void(if within_sub_group { InstKind::MemoryFence } else { InstKind::Barrier });
                Ok(())
            }
            MemoryBarrier => {
                self.emit_void(InstKind::MemoryFence);
                Ok(())
            }
            ExtInst => self.ext_inst(fr, inst),
            ArrayLength => self.array_length(fr, inst),
            Undef => {
                let ty = self.rty(inst)?;
                let v = self.emit(InstKind::Undef, ty);
                self.set_v(fr, inst, v)
            }
            CopyLogical => {
                let v = self.op(fr, inst, 0)?;
                let rt = self.rty(inst)?;
                let v = self.relayout(v, &rt)?;
                self.set_v(fr, inst, v)
            }
            CopyObject | ExpectKHR => {
                let v = self.val(fr, inst.id(0)?)?;
                self.copy_layout(inst.id(0)?, inst.rid()?);
                self.set(fr, inst, v)
            }
            SizeOf => Err(CompileError::unsupported("OpSizeOf is not supported yet")),
            ConstantSampler => Err(CompileError::invalid(
                "OpConstantSampler inside a function: constants are declared at module scope (SPIR-V logical layout)",
            )),
            op if is_image_op(op) || op == ImageTexelPointer => self.image_op(fr, inst),
            GroupAsyncCopy | GroupWaitEvents => self.group_async(fr, inst),
            op if is_subgroup_op(op) => self.subgroup(fr, inst),
            _ => self.arith(fr, inst),
        }
    }
}

fn is_image_op(op: Op) -> bool {
    let n = op as u32;
    // OpSampledImage .. OpImageQuerySamples, OpImageSparse*, OpImageRead/Write are in 86..=107 and 305..=320.
    (86..=107).contains(&n) || (305..=320).contains(&n)
}

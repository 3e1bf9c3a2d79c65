//! Sub-group instructions: OpenCL `Groups` collectives at sub-group scope
//! (`OpGroupAll` .. `OpGroupSMax`), SPIR-V 1.3 `OpGroupNonUniform*`, the
//! `SPV_KHR_shader_ballot` / `SPV_KHR_subgroup_vote` forms and the
//! `SPV_INTEL_subgroups` shuffles become [`InstKind::SubGroup`].
//!
//! The `Groups` collectives at work-group scope go to `workgroup`; other instructions at
//! a scope wider than the sub-group are rejected. This module only checks operands and
//! types; what a sub-group is (its size) is the lowering's business.

use rspirv::dr::Operand;
use rspirv::spirv::{GroupOperation, Op, Scope};

use super::function::{Frame, Translator};
use super::module::op_name;
use super::reader::SpvInst;
use crate::ir::{InstKind, Scalar, ScanKind, SubGroupArith, SubGroupOp, Type, Value};
use crate::{CompileError, Result};

/// True for the opcodes this module translates.
pub(crate) fn is_subgroup_op(op: Op) -> bool {
    use Op::*;
    is_group_collective(op)
        || matches!(
            op,
            GroupNonUniformElect
                | GroupNonUniformAll
                | GroupNonUniformAny
                | GroupNonUniformAllEqual
                | GroupNonUniformBroadcast
                | GroupNonUniformBroadcastFirst
                | GroupNonUniformBallot
                | GroupNonUniformInverseBallot
                | GroupNonUniformBallotBitExtract
                | GroupNonUniformBallotBitCount
                | GroupNonUniformBallotFindLSB
                | GroupNonUniformBallotFindMSB
                | GroupNonUniformShuffle
                | GroupNonUniformShuffleXor
                | GroupNonUniformShuffleUp
                | GroupNonUniformShuffleDown
                | GroupNonUniformQuadBroadcast
                | GroupNonUniformQuadSwap
                | SubgroupBallotKHR
                | SubgroupFirstInvocationKHR
                | SubgroupAllKHR
                | SubgroupAnyKHR
                | SubgroupAllEqualKHR
                | SubgroupReadInvocationKHR
                | SubgroupShuffleINTEL
                | SubgroupShuffleDownINTEL
                | SubgroupShuffleUpINTEL
                | SubgroupShuffleXorINTEL
        )
        || non_uniform_arith(op).is_some()
}

/// The OpenCL `Groups` collectives (execution scope operand first).
fn is_group_collective(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        GroupAll
            | GroupAny
            | GroupBroadcast
            | GroupIAdd
            | GroupFAdd
            | GroupFMin
            | GroupUMin
            | GroupSMin
            | GroupFMax
            | GroupUMax
            | GroupSMax
    )
}

pub(super) fn group_arith(op: Op) -> Option<SubGroupArith> {
    use SubGroupArith as A;
    Some(match op {
        Op::GroupIAdd => A::IAdd,
        Op::GroupFAdd => A::FAdd,
        Op::GroupFMin => A::FMin,
        Op::GroupUMin => A::UMin,
        Op::GroupSMin => A::SMin,
        Op::GroupFMax => A::FMax,
        Op::GroupUMax => A::UMax,
        Op::GroupSMax => A::SMax,
        _ => return None,
    })
}

fn non_uniform_arith(op: Op) -> Option<SubGroupArith> {
    use SubGroupArith as A;
    Some(match op {
        Op::GroupNonUniformIAdd => A::IAdd,
        Op::GroupNonUniformFAdd => A::FAdd,
        Op::GroupNonUniformIMul => A::IMul,
        Op::GroupNonUniformFMul => A::FMul,
        Op::GroupNonUniformSMin => A::SMin,
        Op::GroupNonUniformUMin => A::UMin,
        Op::GroupNonUniformFMin => A::FMin,
        Op::GroupNonUniformSMax => A::SMax,
        Op::GroupNonUniformUMax => A::UMax,
        Op::GroupNonUniformFMax => A::FMax,
        Op::GroupNonUniformBitwiseAnd | Op::GroupNonUniformLogicalAnd => A::And,
        Op::GroupNonUniformBitwiseOr | Op::GroupNonUniformLogicalOr => A::Or,
        Op::GroupNonUniformBitwiseXor | Op::GroupNonUniformLogicalXor => A::Xor,
        _ => return None,
    })
}

impl Translator<'_> {
    /// Translate one sub-group instruction (see [`is_subgroup_op`]).
    pub(crate) fn subgroup(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        use Op::*;
        if is_group_collective(inst.op) && self.m.const_u64(inst.id(0)?)? == Scope::Workgroup as u64 {
            return self.work_group(fr, inst);
        }
        let ty = self.rty(inst)?;
        if matches!(inst.op, GroupNonUniformQuadBroadcast | GroupNonUniformQuadSwap) {
            return self.quad(fr, inst, ty);
        }
        // Operand index of the first value operand (after the scope, if any).
        let (op, args, rest) = match inst.op {
            // SPV_KHR_shader_ballot / SPV_KHR_subgroup_vote and SPV_INTEL_subgroups: no scope.
            SubgroupBallotKHR => (SubGroupOp::Ballot, 1, 0),
            SubgroupFirstInvocationKHR => (SubGroupOp::BroadcastFirst, 1, 0),
            SubgroupAllKHR => (SubGroupOp::All, 1, 0),
            SubgroupAnyKHR => (SubGroupOp::Any, 1, 0),
            SubgroupAllEqualKHR => (SubGroupOp::AllEqual, 1, 0),
            SubgroupReadInvocationKHR => (SubGroupOp::Broadcast, 2, 0),
            SubgroupShuffleINTEL => (SubGroupOp::Shuffle, 2, 0),
            SubgroupShuffleXorINTEL => (SubGroupOp::ShuffleXor, 2, 0),
            SubgroupShuffleDownINTEL => (SubGroupOp::ShuffleDownPair, 3, 0),
            SubgroupShuffleUpINTEL => (SubGroupOp::ShuffleUpPair, 3, 0),
            op => {
                self.check_scope(inst, op)?;
                match op {
                    GroupAll | GroupNonUniformAll => (SubGroupOp::All, 1, 1),
                    GroupAny | GroupNonUniformAny => (SubGroupOp::Any, 1, 1),
                    GroupBroadcast | GroupNonUniformBroadcast => (SubGroupOp::Broadcast, 2, 1),
                    GroupNonUniformElect => (SubGroupOp::Elect, 0, 1),
                    GroupNonUniformAllEqual => (SubGroupOp::AllEqual, 1, 1),
                    GroupNonUniformBroadcastFirst => (SubGroupOp::BroadcastFirst, 1, 1),
                    GroupNonUniformBallot => (SubGroupOp::Ballot, 1, 1),
                    GroupNonUniformInverseBallot => (SubGroupOp::InverseBallot, 1, 1),
                    GroupNonUniformBallotBitExtract => (SubGroupOp::BallotBitExtract, 2, 1),
                    GroupNonUniformBallotFindLSB => (SubGroupOp::BallotFindLsb, 1, 1),
                    GroupNonUniformBallotFindMSB => (SubGroupOp::BallotFindMsb, 1, 1),
                    GroupNonUniformShuffle => (SubGroupOp::Shuffle, 2, 1),
                    GroupNonUniformShuffleXor => (SubGroupOp::ShuffleXor, 2, 1),
                    GroupNonUniformShuffleUp => (SubGroupOp::ShuffleUp, 2, 1),
                    GroupNonUniformShuffleDown => (SubGroupOp::ShuffleDown, 2, 1),
                    GroupNonUniformBallotBitCount => {
                        let scan = self.scan_kind(inst, 1)?;
                        if scan == ScanKind::Clustered {
                            return Err(CompileError::invalid("OpGroupNonUniformBallotBitCount cannot be clustered"));
                        }
                        (SubGroupOp::BallotBitCount(scan), 1, 2)
                    }
                    op => {
                        let arith = group_arith(op).or_else(|| non_uniform_arith(op)).ok_or_else(|| {
                            CompileError::unsupported(format!("sub-group instruction {} is not supported", op_name(op)))
                        })?;
                        let scan = self.scan_kind(inst, 1)?;
                        if scan == ScanKind::Clustered && is_group_collective(op) {
                            return Err(CompileError::invalid(format!("{} cannot be clustered", op_name(op))));
                        }
                        let n = if scan == ScanKind::Clustered { 2 } else { 1 };
                        (SubGroupOp::Arith(arith, scan), n, 2)
                    }
                }
            }
        };
        let mut vals = Vec::with_capacity(args);
        for i in 0..args {
            vals.push(self.op(fr, inst, rest + i)?);
        }
        self.check_operands(op, &vals, &ty)?;
        if let SubGroupOp::Arith(_, ScanKind::Clustered) = op {
            self.check_cluster_size(inst, rest + 1)?;
        }
        let v = self.emit(InstKind::SubGroup { op, args: vals }, ty);
        self.set_v(fr, inst, v)
    }

    /// Quad operations as shuffles: a quad is four consecutive sub-group invocations.
    /// `OpGroupNonUniformQuadBroadcast` reads invocation `index` of the quad;
    /// `OpGroupNonUniformQuadSwap` exchanges horizontally (direction 0: id ^ 1),
    /// vertically (1: id ^ 2) or diagonally (2: id ^ 3).
    fn quad(&mut self, fr: &mut Frame, inst: &SpvInst, ty: crate::ir::Type) -> Result<()> {
        self.check_scope(inst, inst.op)?;
        let x = self.op(fr, inst, 1)?;
        let i32t = crate::ir::Type::Scalar(crate::ir::Scalar::I32);
        let (op, id) = if inst.op == Op::GroupNonUniformQuadBroadcast {
            let index = self.op(fr, inst, 2)?;
            let index = self.int_cast(index, &i32t, false);
            let lid = self.emit(InstKind::SubGroup { op: SubGroupOp::LocalId, args: vec![] }, i32t.clone());
            let mask = self.i32c(!3);
            let base = self.emit(InstKind::Binary(crate::ir::BinaryOp::And, lid, mask), i32t.clone());
            let three = self.i32c(3);
            let index = self.emit(InstKind::Binary(crate::ir::BinaryOp::And, index, three), i32t.clone());
            (SubGroupOp::Shuffle, self.emit(InstKind::Binary(crate::ir::BinaryOp::Or, base, index), i32t))
        } else {
            let direction = self.m.const_u64(inst.id(2)?)?;
            if direction > 2 {
                return Err(CompileError::invalid(format!(
                    "OpGroupNonUniformQuadSwap direction {direction}; it must be 0, 1 or 2"
                )));
            }
            (SubGroupOp::ShuffleXor, self.i32c(direction as u32 + 1))
        };
        self.check_operands(op, &[x, id], &ty)?;
        let v = self.emit(InstKind::SubGroup { op, args: vec![x, id] }, ty);
        self.set_v(fr, inst, v)
    }

    /// The execution scope (operand 0) must be `Subgroup`.
    fn check_scope(&self, inst: &SpvInst, op: Op) -> Result<()> {
        let id = inst.id(0)?;
        let scope = self.m.const_u64(id)?;
        if scope == Scope::Subgroup as u64 {
            return Ok(());
        }
        if scope == Scope::Workgroup as u64 {
            return Err(CompileError::unsupported(format!(
                "{} at work-group scope is not supported; only sub-group scope is (the OpenCL work_group_* \
                 collectives, OpGroupIAdd .. OpGroupSMax, OpGroupAll, OpGroupAny and OpGroupBroadcast, are)",
                op_name(op)
            )));
        }
        Err(CompileError::unsupported(format!(
            "{} with execution scope {scope} is not supported; only sub-group scope (3) is",
            op_name(op)
        )))
    }

    /// The `GroupOperation` operand at `at`.
    pub(super) fn scan_kind(&self, inst: &SpvInst, at: usize) -> Result<ScanKind> {
        match inst.operands.get(at) {
            Some(Operand::GroupOperation(g)) => match g {
                GroupOperation::Reduce => Ok(ScanKind::Reduce),
                GroupOperation::InclusiveScan => Ok(ScanKind::Inclusive),
                GroupOperation::ExclusiveScan => Ok(ScanKind::Exclusive),
                GroupOperation::ClusteredReduce => Ok(ScanKind::Clustered),
                other => Err(CompileError::unsupported(format!("group operation {other:?} is not supported"))),
            },
            Some(other) => {
                Err(CompileError::invalid(format!("operand {at} should be a group operation, found {other}")))
            }
            None => Err(CompileError::invalid(format!("operand {at} (the group operation) is missing"))),
        }
    }

    /// The cluster size must be a constant power of two.
    fn check_cluster_size(&self, inst: &SpvInst, at: usize) -> Result<()> {
        let c = self.m.const_u64(inst.id(at)?)?;
        if c == 0 || !c.is_power_of_two() {
            return Err(CompileError::invalid(format!("cluster size {c} is not a power of two")));
        }
        Ok(())
    }

    /// Operand and result types of `op`.
    fn check_operands(&self, op: SubGroupOp, vals: &[Value], ty: &Type) -> Result<()> {
        use SubGroupOp::*;
        let t = |i: usize| -> Result<Type> {
            vals.get(i)
                .map(|v| self.ty_of(*v))
                .ok_or_else(|| CompileError::invalid(format!("sub-group {op:?}: operand {i} is missing")))
        };
        let is_int = |t: &Type| matches!(t, Type::Scalar(s) if s.is_int());
        let is_mask = |t: &Type| *t == Type::Vector(Scalar::I32, 4);
        let bad = |what: &str| Err(CompileError::invalid(format!("sub-group {op:?}: {what}")));
        match op {
            Size | MaxSize | Count | EnqueuedCount | Id | LocalId => {
                if !is_int(ty) {
                    return bad(&format!("result type {ty} is not an integer"));
                }
            }
            Elect => {
                if *ty != Type::BOOL {
                    return bad("the result is not a bool");
                }
            }
            All | Any => {
                if *ty != Type::BOOL || t(0)? != Type::BOOL {
                    return bad("the predicate and the result must be bools");
                }
            }
            AllEqual => {
                if *ty != Type::BOOL || t(0)?.scalar().is_none() {
                    return bad("needs a scalar or vector operand and a bool result");
                }
            }
            Broadcast | Shuffle | ShuffleXor | ShuffleUp | ShuffleDown => {
                if t(0)? != *ty || !is_int(&t(1)?) {
                    return bad("needs a value of the result type and an integer lane operand");
                }
            }
            ShuffleUpPair | ShuffleDownPair => {
                if t(0)? != *ty || t(1)? != *ty || !is_int(&t(2)?) {
                    return bad("needs two values of the result type and an integer delta");
                }
            }
            BroadcastFirst => {
                if t(0)? != *ty {
                    return bad("the value and the result must have the same type");
                }
            }
            Ballot => {
                if t(0)? != Type::BOOL || !is_mask(ty) {
                    return bad("needs a bool predicate and a 4-component 32-bit integer result");
                }
            }
            InverseBallot | BallotBitExtract => {
                if !is_mask(&t(0)?) || *ty != Type::BOOL || (op == BallotBitExtract && !is_int(&t(1)?)) {
                    return bad("needs a 4-component 32-bit integer mask and a bool result");
                }
            }
            BallotBitCount(_) | BallotFindLsb | BallotFindMsb => {
                if !is_mask(&t(0)?) || *ty != Type::I32 {
                    return bad("needs a 4-component 32-bit integer mask and a 32-bit integer result");
                }
            }
            Arith(a, _) => {
                let vt = t(0)?;
                let s = vt.scalar().filter(|_| vt == *ty);
                let ok = match (a, s) {
                    (_, None) => false,
                    (
                        SubGroupArith::FAdd | SubGroupArith::FMul | SubGroupArith::FMin | SubGroupArith::FMax,
                        Some(s),
                    ) => s.is_float(),
                    (SubGroupArith::And | SubGroupArith::Or | SubGroupArith::Xor, Some(s)) => {
                        s.is_int() || s == Scalar::Bool
                    }
                    (_, Some(s)) => s.is_int(),
                };
                if !ok {
                    return bad(&format!("operand type {vt} does not suit the operation or the result type {ty}"));
                }
            }
        }
        Ok(())
    }
}

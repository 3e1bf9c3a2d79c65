//! The numeric codes of LLVMBitCodes.h that records carry: opcodes, predicates,
//! orderings, alignments, record names for messages.
//!
//! Pure tables; this module must not read records or touch the model's tables.

use crate::frontend::llvm::model::{BinOp, CastOp, FloatPred, IntPred, Ordering, RmwOp};
use crate::{CompileError, Result};

/// Binary opcodes (`BINOP_*`), integer or float by the operand type.
pub(super) fn bin_op(code: u64, float: bool) -> Option<BinOp> {
    Some(match (code, float) {
        (0, false) => BinOp::Add,
        (1, false) => BinOp::Sub,
        (2, false) => BinOp::Mul,
        (3, false) => BinOp::UDiv,
        (4, false) => BinOp::SDiv,
        (5, false) => BinOp::URem,
        (6, false) => BinOp::SRem,
        (7, false) => BinOp::Shl,
        (8, false) => BinOp::LShr,
        (9, false) => BinOp::AShr,
        (10, false) => BinOp::And,
        (11, false) => BinOp::Or,
        (12, false) => BinOp::Xor,
        (0, true) => BinOp::FAdd,
        (1, true) => BinOp::FSub,
        (2, true) => BinOp::FMul,
        (4, true) => BinOp::FDiv,
        (6, true) => BinOp::FRem,
        _ => return None,
    })
}

pub(super) fn cast_op(code: u64) -> Option<CastOp> {
    Some(match code {
        0 => CastOp::Trunc,
        1 => CastOp::ZExt,
        2 => CastOp::SExt,
        3 => CastOp::FpToUi,
        4 => CastOp::FpToSi,
        5 => CastOp::UiToFp,
        6 => CastOp::SiToFp,
        7 => CastOp::FpTrunc,
        8 => CastOp::FpExt,
        9 => CastOp::PtrToInt,
        10 => CastOp::IntToPtr,
        11 => CastOp::BitCast,
        12 => CastOp::AddrSpaceCast,
        _ => return None,
    })
}

pub(super) fn float_pred(p: u64) -> Option<FloatPred> {
    use FloatPred::*;
    [False, Oeq, Ogt, Oge, Olt, Ole, One, Ord, Uno, Ueq, Ugt, Uge, Ult, Ule, Une, True]
        .get(usize::try_from(p).ok()?)
        .copied()
}

pub(super) fn int_pred(p: u64) -> Option<IntPred> {
    use IntPred::*;
    [Eq, Ne, Ugt, Uge, Ult, Ule, Sgt, Sge, Slt, Sle].get(usize::try_from(p.checked_sub(32)?).ok()?).copied()
}

pub(super) fn ordering(o: u64) -> Result<Ordering> {
    use Ordering::*;
    [NotAtomic, Unordered, Monotonic, Acquire, Release, AcqRel, SeqCst]
        .get(o as usize)
        .copied()
        .ok_or_else(|| CompileError::invalid(format!("atomic ordering {o}")))
}

pub(super) fn rmw_op(o: u64) -> Result<RmwOp> {
    use RmwOp::*;
    [Xchg, Add, Sub, And, Nand, Or, Xor, Max, Min, UMax, UMin, FAdd, FSub, FMax, FMin, UIncWrap, UDecWrap]
        .get(o as usize)
        .copied()
        .ok_or_else(|| CompileError::invalid(format!("atomicrmw operation {o}")))
}

pub(super) fn record_name(code: u32) -> &'static str {
    match code {
        1 => "FUNC_CODE_DECLAREBLOCKS",
        2 => "FUNC_CODE_INST_BINOP",
        3 => "FUNC_CODE_INST_CAST",
        4 => "FUNC_CODE_INST_GEP_OLD",
        5 => "FUNC_CODE_INST_SELECT",
        6 => "FUNC_CODE_INST_EXTRACTELT",
        7 => "FUNC_CODE_INST_INSERTELT",
        8 => "FUNC_CODE_INST_SHUFFLEVEC",
        9 => "FUNC_CODE_INST_CMP",
        10 => "FUNC_CODE_INST_RET",
        11 => "FUNC_CODE_INST_BR",
        12 => "FUNC_CODE_INST_SWITCH",
        13 => "FUNC_CODE_INST_INVOKE",
        15 => "FUNC_CODE_INST_UNREACHABLE",
        16 => "FUNC_CODE_INST_PHI",
        19 => "FUNC_CODE_INST_ALLOCA",
        20 => "FUNC_CODE_INST_LOAD",
        23 => "FUNC_CODE_INST_VAARG",
        24 => "FUNC_CODE_INST_STORE_OLD",
        26 => "FUNC_CODE_INST_EXTRACTVAL",
        27 => "FUNC_CODE_INST_INSERTVAL",
        28 => "FUNC_CODE_INST_CMP2",
        29 => "FUNC_CODE_INST_VSELECT",
        30 => "FUNC_CODE_INST_INBOUNDS_GEP_OLD",
        31 => "FUNC_CODE_INST_INDIRECTBR",
        34 => "FUNC_CODE_INST_CALL",
        36 => "FUNC_CODE_INST_FENCE",
        37 => "FUNC_CODE_INST_CMPXCHG_OLD",
        38 => "FUNC_CODE_INST_ATOMICRMW_OLD",
        41 => "FUNC_CODE_INST_LOADATOMIC",
        42 => "FUNC_CODE_INST_STOREATOMIC_OLD",
        43 => "FUNC_CODE_INST_GEP",
        44 => "FUNC_CODE_INST_STORE",
        45 => "FUNC_CODE_INST_STOREATOMIC",
        46 => "FUNC_CODE_INST_CMPXCHG",
        56 => "FUNC_CODE_INST_UNOP",
        57 => "FUNC_CODE_INST_CALLBR",
        58 => "FUNC_CODE_INST_FREEZE",
        59 => "FUNC_CODE_INST_ATOMICRMW",
        _ => "FUNC_CODE",
    }
}

/// Alignments are stored as log2 + 1 (0: none).
pub(super) fn decode_align(a: u64) -> Result<u32> {
    match a {
        0 => Ok(0),
        1..=32 => Ok(1u32 << (a - 1).min(31)),
        _ => Err(CompileError::invalid(format!("alignment code {a}"))),
    }
}

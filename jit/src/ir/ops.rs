//! The operations KIR instructions name: arithmetic, comparisons, conversions, atomics,
//! work-item queries, sub-group operations and inline math. Plain data; the lowering
//! decides what each becomes.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// Integer negation (two's complement).
    INeg,
    /// Bitwise not; logical not on bools.
    Not,
    FNeg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    IAdd,
    ISub,
    IMul,
    /// Unsigned division; division by zero gives 0.
    UDiv,
    /// Signed division; division by zero gives 0, `MIN / -1` gives `MIN`.
    SDiv,
    /// Unsigned remainder; by zero gives 0.
    URem,
    /// Signed remainder with the sign of the dividend; by zero gives 0.
    SRem,
    /// Signed modulo with the sign of the divisor (SPIR-V `OpSMod`); by zero gives 0.
    SMod,
    And,
    Or,
    Xor,
    /// Shifts take the shift amount modulo the bit width (OpenCL semantics).
    Shl,
    LShr,
    AShr,
    FAdd,
    FSub,
    FMul,
    FDiv,
    /// Remainder with the sign of the dividend (C `fmod`).
    FRem,
    /// Remainder with the sign of the divisor (SPIR-V `OpFMod`).
    FMod,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntCC {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

/// Float comparisons: `Ord*` are false when either operand is NaN, `Unord*` true.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatCC {
    OrdEq,
    OrdNe,
    OrdLt,
    OrdLe,
    OrdGt,
    OrdGe,
    UnordEq,
    UnordNe,
    UnordLt,
    UnordLe,
    UnordGt,
    UnordGe,
    /// Neither is NaN.
    Ordered,
    /// Either is NaN.
    Unordered,
}

/// A numeric conversion. The source and result types decide widths; `op` decides how
/// bits are interpreted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conversion {
    pub op: ConvOp,
    /// Clamp to the result range instead of wrapping (`convert_T_sat`); float→int
    /// NaN gives 0.
    pub saturate: bool,
    /// Rounding for conversions that can be inexact; `None` is the default
    /// (round to nearest even for →float, toward zero for float→int).
    pub rounding: Option<Rounding>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConvOp {
    /// Integer → integer, zero-extending or truncating (unsigned source).
    UToU,
    /// Integer → integer, sign-extending or truncating (signed source).
    SToS,
    /// Signed integer → unsigned integer (saturation clamps negatives to 0).
    SToU,
    /// Unsigned integer → signed integer (saturation clamps to the signed max).
    UToS,
    FToS,
    FToU,
    SToF,
    UToF,
    /// Float → float (f16/f32/f64).
    FToF,
    /// Pointer → integer.
    PtrToInt,
    /// Integer → pointer.
    IntToPtr,
    /// Pointer → pointer of another address space.
    PtrToPtr,
    /// Bool → integer (0/1) or float (0.0/1.0).
    BoolToNum,
    /// Integer → bool (non-zero is true).
    NumToBool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// Round to nearest, ties to even (`_rte`).
    NearestEven,
    /// Toward zero (`_rtz`).
    TowardZero,
    /// Toward +inf (`_rtp`).
    Up,
    /// Toward -inf (`_rtn`).
    Down,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    Xchg,
    Add,
    Sub,
    And,
    Or,
    Xor,
    SMin,
    SMax,
    UMin,
    UMax,
    /// Increment (`atomic_inc`).
    Inc,
    /// Decrement (`atomic_dec`).
    Dec,
    /// Float add, min and max on the bits of a float of the operand's width (the
    /// operand and result are those bits as an integer).
    FAdd,
    FMin,
    FMax,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WorkItemQuery {
    GlobalId,
    LocalId,
    GroupId,
    GlobalSize,
    LocalSize,
    EnqueuedLocalSize,
    NumGroups,
    GlobalOffset,
}

/// Sub-group operations. A sub-group is a set of consecutive work-items of a
/// work-group (by local linear id) whose size the lowering decides; KIR only names the
/// operation. Collectives combine the *active* work-items of the sub-group (those that
/// reach the instruction) in order of their sub-group local id; a work-item that is not
/// active neither contributes nor receives. Reading the value of a work-item that is not
/// active or does not exist gives zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubGroupOp {
    /// No operands; integer result. Work-items of this sub-group that exist.
    Size,
    /// No operands; the largest sub-group size of the kernel.
    MaxSize,
    /// No operands; sub-groups in this work-group.
    Count,
    /// No operands; sub-groups in a work-group of the enqueued size.
    EnqueuedCount,
    /// No operands; this sub-group's number within the work-group.
    Id,
    /// No operands; this work-item's number within its sub-group.
    LocalId,
    /// No operands; bool: true in the active work-item with the lowest local id.
    Elect,
    /// `[pred]` (bool): true when `pred` holds in every active work-item.
    All,
    /// `[pred]` (bool): true when `pred` holds in some active work-item.
    Any,
    /// `[x]`: bool, true when `x` is the same in every active work-item.
    AllEqual,
    /// `[x, id]`: `x` of the work-item with local id `id` (an integer).
    Broadcast,
    /// `[x]`: `x` of the active work-item with the lowest local id.
    BroadcastFirst,
    /// `[pred]`: a 4 × i32 vector with bit `i` set when work-item `i` is active and
    /// `pred` holds there.
    Ballot,
    /// `[mask]` (4 × i32): bool, bit `local id` of `mask`.
    InverseBallot,
    /// `[mask, index]`: bool, bit `index` of `mask`.
    BallotBitExtract,
    /// `[mask]`: i32, the set bits of `mask` among the sub-group's work-items: all of
    /// them (`Reduce`), up to and including this one (`Inclusive`) or below it
    /// (`Exclusive`).
    BallotBitCount(ScanKind),
    /// `[mask]`: i32, the lowest set bit of `mask` among the sub-group's work-items.
    BallotFindLsb,
    /// `[mask]`: i32, the highest set bit of `mask` among the sub-group's work-items.
    BallotFindMsb,
    /// `[x, id]`: `x` of work-item `id`.
    Shuffle,
    /// `[x, mask]`: `x` of work-item `local id ^ mask`.
    ShuffleXor,
    /// `[x, delta]`: `x` of work-item `local id - delta`.
    ShuffleUp,
    /// `[x, delta]`: `x` of work-item `local id + delta`.
    ShuffleDown,
    /// `[prev, cur, delta]`: with `j = local id - delta`, `cur` of work-item `j` when
    /// `j >= 0`, else `prev` of work-item `j + max size` (`intel_sub_group_shuffle_up`).
    ShuffleUpPair,
    /// `[cur, next, delta]`: with `j = local id + delta`, `cur` of work-item `j` when
    /// `j < max size`, else `next` of work-item `j - max size`
    /// (`intel_sub_group_shuffle_down`).
    ShuffleDownPair,
    /// `[x]` (`[x, cluster size]` for [`ScanKind::Clustered`]): an arithmetic
    /// reduction or scan, component-wise, combining work-items in local id order.
    Arith(SubGroupArith, ScanKind),
}

/// The combining operation of [`SubGroupOp::Arith`]. `And`, `Or` and `Xor` apply to
/// integers and bools; float minimum and maximum are IEEE minNum / maxNum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubGroupArith {
    IAdd,
    FAdd,
    IMul,
    FMul,
    SMin,
    UMin,
    FMin,
    SMax,
    UMax,
    FMax,
    And,
    Or,
    Xor,
}

/// Which work-items a sub-group reduction or scan combines for each work-item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScanKind {
    /// Every active work-item of the sub-group.
    Reduce,
    /// Active work-items with a local id up to and including this one.
    Inclusive,
    /// Active work-items with a lower local id (the identity when there is none).
    Exclusive,
    /// Every active work-item of this work-item's cluster: local ids `k * c ..
    /// (k + 1) * c` for the cluster size `c`, a power of two given as an operand.
    Clustered,
}

/// Math operations the lowering emits inline (Cranelift instructions or short
/// sequences); everything else goes through [`InstKind::Call`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MathOp {
    FAbs,
    /// IEEE minNum: a NaN operand loses.
    FMin,
    /// IEEE maxNum: a NaN operand loses.
    FMax,
    Sqrt,
    Floor,
    Ceil,
    Trunc,
    /// Round to nearest even (`rint`).
    Rint,
    /// Round half away from zero (`round`).
    Round,
    CopySign,
    SMin,
    SMax,
    UMin,
    UMax,
    /// Absolute value of a signed integer, as unsigned (`abs`).
    IAbs,
    Clz,
    Ctz,
    Popcount,
    /// High half of the signed product.
    SMulHi,
    /// High half of the unsigned product.
    UMulHi,
    /// `a * b + c` with a single rounding where the host has FMA, else two.
    Mad,
}

impl SubGroupOp {
    /// The number of operands the operation takes.
    pub fn arity(self) -> usize {
        use SubGroupOp::*;
        match self {
            Size | MaxSize | Count | EnqueuedCount | Id | LocalId | Elect => 0,
            All | Any | AllEqual | BroadcastFirst | Ballot | InverseBallot | BallotBitCount(_) | BallotFindLsb
            | BallotFindMsb => 1,
            Arith(_, ScanKind::Clustered) => 2,
            Arith(..) => 1,
            Broadcast | BallotBitExtract | Shuffle | ShuffleXor | ShuffleUp | ShuffleDown => 2,
            ShuffleUpPair | ShuffleDownPair => 3,
        }
    }
}

//! Operations and terminators of the KIR text form: the inverse of `write_inst` and
//! `write_term` in `display.rs`. Enumerations are spelled as their `Debug` form, as the
//! text form prints them.

use super::lex::Cur;
use crate::ir::{
    AtomicOp, BinaryOp, BlockCall, BlockId, ConvOp, Conversion, DataId, FloatCC, InstKind, IntCC, MathOp, Rounding,
    ScanKind, SubGroupArith, SubGroupOp, Terminator, UnaryOp, VarId, WorkItemQuery,
};
use crate::Result;

const UNARY: &[UnaryOp] = &[UnaryOp::INeg, UnaryOp::Not, UnaryOp::FNeg];

const BINARY: &[BinaryOp] = {
    use BinaryOp::*;
    &[IAdd, ISub, IMul, UDiv, SDiv, URem, SRem, SMod, And, Or, Xor, Shl, LShr, AShr, FAdd, FSub, FMul, FDiv, FRem, FMod]
};

const INT_CC: &[IntCC] = {
    use IntCC::*;
    &[Eq, Ne, Slt, Sle, Sgt, Sge, Ult, Ule, Ugt, Uge]
};

const FLOAT_CC: &[FloatCC] = {
    use FloatCC::*;
    &[
        OrdEq, OrdNe, OrdLt, OrdLe, OrdGt, OrdGe, UnordEq, UnordNe, UnordLt, UnordLe, UnordGt, UnordGe, Ordered,
        Unordered,
    ]
};

const CONV: &[ConvOp] = {
    use ConvOp::*;
    &[UToU, SToS, SToU, UToS, FToS, FToU, SToF, UToF, FToF, PtrToInt, IntToPtr, PtrToPtr, BoolToNum, NumToBool]
};

const ROUNDING: &[Rounding] = &[Rounding::NearestEven, Rounding::TowardZero, Rounding::Up, Rounding::Down];

const ATOMIC: &[AtomicOp] = {
    use AtomicOp::*;
    &[Xchg, Add, Sub, And, Or, Xor, SMin, SMax, UMin, UMax, Inc, Dec, FAdd, FMin, FMax]
};

const WORK_ITEM: &[WorkItemQuery] = {
    use WorkItemQuery::*;
    &[GlobalId, LocalId, GroupId, GlobalSize, LocalSize, EnqueuedLocalSize, NumGroups, GlobalOffset]
};

const MATH: &[MathOp] = {
    use MathOp::*;
    &[
        FAbs, FMin, FMax, Sqrt, Floor, Ceil, Trunc, Rint, Round, CopySign, SMin, SMax, UMin, UMax, IAbs, Clz, Ctz,
        Popcount, SMulHi, UMulHi, Mad,
    ]
};

/// Sub-group operations without a parenthesised part.
const SUB_GROUP: &[SubGroupOp] = {
    use SubGroupOp::*;
    &[
        Size,
        MaxSize,
        Count,
        EnqueuedCount,
        Id,
        LocalId,
        Elect,
        All,
        Any,
        AllEqual,
        Broadcast,
        BroadcastFirst,
        Ballot,
        InverseBallot,
        BallotBitExtract,
        BallotFindLsb,
        BallotFindMsb,
        Shuffle,
        ShuffleXor,
        ShuffleUp,
        ShuffleDown,
        ShuffleUpPair,
        ShuffleDownPair,
    ]
};

const SUB_GROUP_ARITH: &[SubGroupArith] = {
    use SubGroupArith::*;
    &[IAdd, FAdd, IMul, FMul, SMin, UMin, FMin, SMax, UMax, FMax, And, Or, Xor]
};

const SCAN: &[ScanKind] = &[ScanKind::Reduce, ScanKind::Inclusive, ScanKind::Exclusive, ScanKind::Clustered];

/// The entry of `table` whose `Debug` form is `name`.
fn named<T: std::fmt::Debug + Copy>(table: &[T], name: &str) -> Option<T> {
    table.iter().copied().find(|t| format!("{t:?}") == name)
}

/// The next identifier as an entry of `table`.
fn enum_of<T: std::fmt::Debug + Copy>(c: &mut Cur<'_>, table: &[T], what: &str) -> Result<T> {
    let id = c.peek_ident();
    match named(table, id) {
        Some(t) => {
            c.ident(what)?;
            Ok(t)
        }
        None => Err(c.expected(what)),
    }
}

/// `, ` then a value.
fn comma_value(c: &mut Cur<'_>) -> Result<crate::ir::Value> {
    c.expect(",")?;
    c.value()
}

/// `SYMBOL(args)`.
/// `NAME(v1, v2)`: a builtin of the runtime library and its operands.
fn call(c: &mut Cur<'_>) -> Result<(crate::ir::BuiltinId, Vec<crate::ir::Value>)> {
    let symbol = c.word("a builtin's name")?;
    let builtin = crate::ir::BuiltinId::of(&symbol)
        .ok_or_else(|| c.expected(&format!("the name of a function of the runtime library (`{symbol}` is none)")))?;
    c.expect("(")?;
    let args = c.values()?;
    c.expect(")")?;
    Ok((builtin, args))
}

fn sub_group_op(c: &mut Cur<'_>) -> Result<SubGroupOp> {
    const WHAT: &str = "a sub-group operation";
    let id = c.peek_ident();
    if id == "BallotBitCount" || id == "Arith" {
        c.ident(WHAT)?;
        c.expect("(")?;
        let op = if id == "Arith" {
            let a = enum_of(c, SUB_GROUP_ARITH, "a sub-group arithmetic operation")?;
            c.expect(",")?;
            SubGroupOp::Arith(a, enum_of(c, SCAN, "a scan kind")?)
        } else {
            SubGroupOp::BallotBitCount(enum_of(c, SCAN, "a scan kind")?)
        };
        c.expect(")")?;
        return Ok(op);
    }
    enum_of(c, SUB_GROUP, WHAT)
}

/// One operation (what follows `vN: TYPE = `, or a whole instruction without a result).
pub(super) fn inst_kind(c: &mut Cur<'_>) -> Result<InstKind> {
    use InstKind::*;
    const WHAT: &str = "an operation";
    let op_pos = c.pos();
    let op = c.ident(WHAT)?;
    Ok(match op {
        "const" => {
            let mut bits = Vec::new();
            if !c.at_end() && c.peek() != Some(';') {
                loop {
                    bits.push(c.u64("a constant's bits")?);
                    if !c.eat(",") {
                        break;
                    }
                }
            }
            Const(bits)
        }
        "undef" => Undef,
        "param" => Param(c.u32("a parameter number")?),
        "fma" => Fma(c.value()?, comma_value(c)?, comma_value(c)?),
        "icmp" => Icmp(enum_of(c, INT_CC, "an integer condition")?, c.value()?, comma_value(c)?),
        "fcmp" => Fcmp(enum_of(c, FLOAT_CC, "a float condition")?, c.value()?, comma_value(c)?),
        "select" => Select(c.value()?, comma_value(c)?, comma_value(c)?),
        "convert" => {
            let op = enum_of(c, CONV, "a conversion")?;
            let saturate = c.eat_keyword("sat");
            let rounding = named(ROUNDING, c.peek_ident());
            if rounding.is_some() {
                c.ident("a rounding")?;
            }
            Convert(Conversion { op, saturate, rounding }, c.value()?)
        }
        "bitcast" => Bitcast(c.value()?),
        "extract" => {
            let a = c.value()?;
            c.expect(",")?;
            Extract(a, c.u32("a component index")?)
        }
        "insert" => {
            let (aggregate, element) = (c.value()?, comma_value(c)?);
            c.expect(",")?;
            Insert { aggregate, element, index: c.u32("a component index")? }
        }
        "extract_dyn" => ExtractDyn(c.value()?, comma_value(c)?),
        "insert_dyn" => InsertDyn { vector: c.value()?, element: comma_value(c)?, index: comma_value(c)? },
        "shuffle" => {
            let (a, b) = (c.value()?, comma_value(c)?);
            c.expect(",")?;
            c.expect("[")?;
            let mut indices = Vec::new();
            if !c.eat("]") {
                loop {
                    indices.push(if c.eat("_") { u32::MAX } else { c.u32("a component index or `_`")? });
                    if !c.eat(",") {
                        c.expect("]")?;
                        break;
                    }
                }
            }
            Shuffle { a, b, indices }
        }
        "construct" => Construct(c.values()?),
        "ptr_add" => PtrAdd(c.value()?, comma_value(c)?),
        "load" => {
            let ptr = c.value()?;
            c.expect(",")?;
            c.expect_keyword("align")?;
            Load { ptr, align: c.u32("an alignment")? }
        }
        "store" => {
            let (ptr, value) = (c.value()?, comma_value(c)?);
            c.expect(",")?;
            c.expect_keyword("align")?;
            Store { ptr, value, align: c.u32("an alignment")? }
        }
        "copy_memory" => CopyMemory { dst: c.value()?, src: comma_value(c)?, size: comma_value(c)? },
        "atomic_cmpxchg" => AtomicCmpXchg { ptr: c.value()?, expected: comma_value(c)?, replacement: comma_value(c)? },
        "atomic_load" => AtomicLoad { ptr: c.value()? },
        "atomic_store" => AtomicStore { ptr: c.value()?, value: comma_value(c)? },
        "work_dim" => WorkDim,
        "arg_size" => ArgSize(c.u32("a parameter number")?),
        "var_addr" => VarAddr(VarId(c.numbered("var", "a private variable (`var0`)")?)),
        "local_addr" => LocalAddr(c.u64("a local-memory offset")?),
        "data_addr" => DataAddr(DataId(c.numbered("data", "a data block (`data0`)")?)),
        "barrier" => Barrier,
        "memory_fence" => MemoryFence,
        "call" => {
            let (builtin, args) = call(c)?;
            Call { builtin, args }
        }
        "call_whole" => {
            let (builtin, args) = call(c)?;
            CallWhole { builtin, args }
        }
        "sub_group" => SubGroup { op: sub_group_op(c)?, args: c.values()? },
        other => {
            if let Some(a) = other.strip_prefix("atomic_").and_then(|a| named(ATOMIC, a)) {
                AtomicRmw { op: a, ptr: c.value()?, value: comma_value(c)? }
            } else if let Some(u) = named(UNARY, other) {
                Unary(u, c.value()?)
            } else if let Some(b) = named(BINARY, other) {
                Binary(b, c.value()?, comma_value(c)?)
            } else if let Some(q) = named(WORK_ITEM, other) {
                WorkItem(q, c.value()?)
            } else if let Some(m) = named(MATH, other) {
                Math(m, c.values()?)
            } else {
                return Err(super::lex::error_at(op_pos, format!("expected {WHAT}, found `{other}`")));
            }
        }
    })
}

/// True when the line's first word starts a terminator.
pub(super) fn is_terminator(first: &str) -> bool {
    matches!(first, "jump" | "br" | "switch" | "return" | "unreachable")
}

/// `blockN(args)`.
fn block_call(c: &mut Cur<'_>) -> Result<BlockCall> {
    let block = BlockId(c.numbered("block", "a block (`block1`)")?);
    c.expect("(")?;
    let args = c.values()?;
    c.expect(")")?;
    Ok(BlockCall { block, args })
}

/// A terminator line (after its indentation).
pub(super) fn terminator(c: &mut Cur<'_>) -> Result<Terminator> {
    let what = "a terminator (`jump`, `br`, `switch`, `return`, `unreachable`)";
    let t = match c.peek_ident() {
        "jump" => {
            c.ident(what)?;
            Terminator::Jump(block_call(c)?)
        }
        "br" => {
            c.ident(what)?;
            let cond = c.value()?;
            c.expect(",")?;
            let then_ = block_call(c)?;
            c.expect(",")?;
            Terminator::Branch { cond, then_, else_: block_call(c)? }
        }
        "switch" => {
            c.ident(what)?;
            let value = c.value()?;
            c.expect(",")?;
            c.expect_keyword("default")?;
            let default = block_call(c)?;
            let mut cases = Vec::new();
            while c.eat(",") {
                let lit = c.u64("a case literal")?;
                c.expect("=>")?;
                cases.push((lit, block_call(c)?));
            }
            Terminator::Switch { value, default, cases }
        }
        "return" => {
            c.ident(what)?;
            Terminator::Return
        }
        "unreachable" => {
            c.ident(what)?;
            Terminator::Unreachable
        }
        _ => return Err(c.expected(what)),
    };
    c.end()?;
    Ok(t)
}

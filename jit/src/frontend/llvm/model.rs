//! The LLVM IR data model: what the text reader (`text`) and the bitcode reader
//! (`bitcode`) produce and the SPIR-V writer (`to_spirv`) consumes.
//!
//! It holds exactly what kernels need, in LLVM's own terms: types in one table
//! ([`TypeId`]), constants in one table ([`ConstId`]), functions of blocks of
//! instructions whose results and arguments are numbered per function ([`LocalId`],
//! arguments first, as in bitcode), globals, and metadata as plain nodes. Both pointer
//! flavours are kept as written: typed (`float addrspace(1)*`, LLVM ≤ 14 and SPIR 1.2) and
//! opaque (`ptr addrspace(1)`, LLVM ≥ 15), so the writer sees the pointee types that are
//! there and infers nothing the input did not say.
//!
//! This module holds data and small lookups only; it must not parse, validate or
//! translate. Readers guarantee the invariants documented on each item or return an error.

use std::collections::HashMap;

/// An index into [`Module::types`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

/// An index into [`Module::consts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstId(pub u32);

/// An index into [`Module::functions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);

/// An index into [`Module::globals`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlobalId(pub u32);

/// An index into [`Module::metadata`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MdId(pub u32);

/// A function-local value: arguments are `0..params.len()`, instruction results follow
/// in the order they are defined. Index into [`Function::local_types`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalId(pub u32);

/// A basic block of one function; `BlockId(0)` is the entry. Index into
/// [`Function::blocks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// A type. Named structs are entries of the table like any other, so a struct may refer
/// to itself through a pointer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Void,
    /// `iN`; any width the input writes (the writer refuses widths it cannot represent).
    Int(u32),
    Half,
    BFloat,
    Float,
    Double,
    /// `x86_fp80`, `fp128`, `ppc_fp128`: parsed so that errors can name them.
    OtherFloat(&'static str),
    /// A pointer; `pointee` is `None` for opaque `ptr`.
    Pointer {
        addrspace: u32,
        pointee: Option<TypeId>,
    },
    /// `<len x elem>` (fixed-length vectors only).
    Vector {
        len: u32,
        elem: TypeId,
    },
    /// `[len x elem]`.
    Array {
        len: u64,
        elem: TypeId,
    },
    /// A literal (`name: None`) or named struct. `opaque` structs (`%opencl.image2d_t =
    /// type opaque`) have no fields.
    Struct {
        name: Option<String>,
        fields: Vec<TypeId>,
        packed: bool,
        opaque: bool,
    },
    Function {
        ret: TypeId,
        params: Vec<TypeId>,
        vararg: bool,
    },
    Label,
    Metadata,
    Token,
    /// A target extension type (LLVM ≥ 16: `target("spirv.Event")`,
    /// `target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)`): its name, then its type and
    /// integer parameters as written.
    TargetExt {
        name: String,
        types: Vec<TypeId>,
        ints: Vec<u32>,
    },
}

/// Integer binary operations and float binary operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FpTrunc,
    FpExt,
    FpToUi,
    FpToSi,
    UiToFp,
    SiToFp,
    PtrToInt,
    IntToPtr,
    BitCast,
    AddrSpaceCast,
}

/// `icmp` predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntPred {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

/// `fcmp` predicates, ordered (`O*`) and unordered (`U*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatPred {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Uno,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    True,
}

/// `atomicrmw` operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    FAdd,
    FSub,
    FMax,
    FMin,
    UIncWrap,
    UDecWrap,
}

/// Memory orderings of atomics and fences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ordering {
    NotAtomic,
    Unordered,
    Monotonic,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

/// An operand: a function-local value, a constant, or metadata (arguments of intrinsics
/// such as `llvm.dbg.value`, which the writer ignores).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Local(LocalId),
    Const(ConstId),
    Metadata,
}

/// A constant. Integer values are stored truncated to their width, zero-extended;
/// float values as the bit pattern of their own format (16, 32 or 64 bits).
#[derive(Clone, Debug, PartialEq)]
pub enum Constant {
    Int {
        ty: TypeId,
        value: u64,
    },
    Float {
        ty: TypeId,
        bits: u64,
    },
    /// `null` of a pointer type.
    Null(TypeId),
    Undef(TypeId),
    Poison(TypeId),
    /// `zeroinitializer`.
    Zero(TypeId),
    /// Struct, array or vector of element constants.
    Aggregate {
        ty: TypeId,
        elems: Vec<ConstId>,
    },
    /// An `[N x i8]` written as `c"..."` (or a bitcode `CSTRING`/`STRING`).
    Bytes {
        ty: TypeId,
        bytes: Vec<u8>,
    },
    /// The address of a global variable; `ty` is the pointer type.
    Global {
        ty: TypeId,
        global: GlobalId,
    },
    /// The address of a function; `ty` is the pointer type.
    Function {
        ty: TypeId,
        func: FuncId,
    },
    /// A constant expression; `ty` is its result type.
    Expr {
        ty: TypeId,
        expr: ConstExpr,
    },
}

/// Constant expressions kernels use (address arithmetic in initializers and operands).
#[derive(Clone, Debug, PartialEq)]
pub enum ConstExpr {
    Cast { op: CastOp, value: ConstId },
    Binary { op: BinOp, lhs: ConstId, rhs: ConstId },
    Gep { source_ty: TypeId, base: ConstId, indices: Vec<ConstId>, inbounds: bool },
    ICmp { pred: IntPred, lhs: ConstId, rhs: ConstId },
    FCmp { pred: FloatPred, lhs: ConstId, rhs: ConstId },
    Select { cond: ConstId, a: ConstId, b: ConstId },
    ExtractElement { vec: ConstId, index: ConstId },
    InsertElement { vec: ConstId, elem: ConstId, index: ConstId },
    ShuffleVector { a: ConstId, b: ConstId, mask: Vec<i32> },
    FNeg(ConstId),
}

/// Who is called.
#[derive(Clone, Debug, PartialEq)]
pub enum Callee {
    /// A function of this module (defined or declared: builtins and intrinsics are
    /// declarations, identified by name).
    Function(FuncId),
    /// Any other callee value (a function pointer); writers refuse these.
    Indirect(Operand),
    /// `asm "..."`; the text is kept for the error message.
    InlineAsm(String),
}

/// One instruction. `ty` is the result type (`void` when there is none); `result` is the
/// local it defines.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    pub result: Option<LocalId>,
    pub ty: TypeId,
    pub kind: InstKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum InstKind {
    Binary {
        op: BinOp,
        lhs: Operand,
        rhs: Operand,
    },
    FNeg(Operand),
    /// Cast `value` to the instruction's type.
    Cast {
        op: CastOp,
        value: Operand,
    },
    ICmp {
        pred: IntPred,
        lhs: Operand,
        rhs: Operand,
    },
    FCmp {
        pred: FloatPred,
        lhs: Operand,
        rhs: Operand,
    },
    Select {
        cond: Operand,
        a: Operand,
        b: Operand,
    },
    /// Incoming values by predecessor block.
    Phi {
        incoming: Vec<(Operand, BlockId)>,
    },
    /// `count` elements of `elem_ty` (`None`: one); the result is a pointer in the
    /// alloca address space.
    Alloca {
        elem_ty: TypeId,
        count: Option<Operand>,
        align: u32,
    },
    /// Load a value of the instruction's type.
    Load {
        ptr: Operand,
        align: u32,
        volatile: bool,
        ordering: Ordering,
    },
    Store {
        value: Operand,
        ptr: Operand,
        align: u32,
        volatile: bool,
        ordering: Ordering,
    },
    Gep {
        source_ty: TypeId,
        base: Operand,
        indices: Vec<Operand>,
        inbounds: bool,
    },
    ExtractElement {
        vec: Operand,
        index: Operand,
    },
    InsertElement {
        vec: Operand,
        elem: Operand,
        index: Operand,
    },
    /// `mask` entries index the concatenation of `a` and `b`; `-1` is undef.
    ShuffleVector {
        a: Operand,
        b: Operand,
        mask: Vec<i32>,
    },
    ExtractValue {
        agg: Operand,
        indices: Vec<u32>,
    },
    InsertValue {
        agg: Operand,
        elem: Operand,
        indices: Vec<u32>,
    },
    /// `fn_ty` is the callee's function type.
    Call {
        callee: Callee,
        fn_ty: TypeId,
        args: Vec<Operand>,
    },
    /// `syncscope("...")` is kept as written (`None`: system scope).
    AtomicRmw {
        op: RmwOp,
        ptr: Operand,
        value: Operand,
        ordering: Ordering,
        scope: Option<String>,
    },
    /// Result type is `{ T, i1 }`.
    CmpXchg {
        ptr: Operand,
        expected: Operand,
        new: Operand,
        success: Ordering,
        failure: Ordering,
        weak: bool,
        scope: Option<String>,
    },
    Fence {
        ordering: Ordering,
        scope: Option<String>,
    },
    Freeze(Operand),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Terminator {
    Ret(Option<Operand>),
    Br(BlockId),
    CondBr {
        cond: Operand,
        then: BlockId,
        otherwise: BlockId,
    },
    /// Case values are the integer constants, zero-extended from the condition's width.
    Switch {
        value: Operand,
        default: BlockId,
        cases: Vec<(u64, BlockId)>,
    },
    Unreachable,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// The label as written (`%entry`, `for.body`), for error messages.
    pub name: Option<String>,
    pub insts: Vec<Inst>,
    pub term: Terminator,
}

/// Calling conventions that matter to kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallingConv {
    C,
    /// `spir_kernel` (76).
    SpirKernel,
    /// `spir_func` (75).
    SpirFunc,
    /// `ptx_kernel` (71).
    PtxKernel,
    /// `ptx_device` (72).
    PtxDevice,
    Other(u32),
}

impl CallingConv {
    /// The convention of LLVM's numeric code (bitcode, `cc N`).
    pub fn from_code(code: u32) -> Self {
        match code {
            0 => CallingConv::C,
            71 => CallingConv::PtxKernel,
            72 => CallingConv::PtxDevice,
            75 => CallingConv::SpirFunc,
            76 => CallingConv::SpirKernel,
            n => CallingConv::Other(n),
        }
    }
}

/// Parameter attributes the writer uses.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ParamAttrs {
    pub zext: bool,
    pub sext: bool,
    /// `byval(T)` (typed pointers: the pointee); the argument is passed as a copy.
    pub byval: Option<TypeId>,
    pub align: Option<u32>,
    /// `noalias`: OpenCL C's and CUDA's `restrict` pointers.
    pub noalias: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub ty: TypeId,
    /// The name as written (`%a`), for signatures and messages.
    pub name: Option<String>,
    pub attrs: ParamAttrs,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    /// The function type.
    pub ty: TypeId,
    pub cc: CallingConv,
    pub params: Vec<Param>,
    /// Empty for declarations.
    pub blocks: Vec<Block>,
    /// The type of every local: parameters then instruction results.
    pub local_types: Vec<TypeId>,
    /// Names of locals as written (`%sum`), where the input had them, for messages.
    pub local_names: HashMap<LocalId, String>,
    /// Metadata attached to the function (`!kernel_arg_addr_space !3`, `!reqd_work_group_size`).
    pub metadata: Vec<(String, MdId)>,
}

impl Function {
    pub fn is_declaration(&self) -> bool {
        self.blocks.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    pub name: String,
    /// The type of the value stored (not the pointer type).
    pub value_ty: TypeId,
    pub addrspace: u32,
    /// `constant` rather than `global`.
    pub constant: bool,
    /// `None` for `external` declarations.
    pub init: Option<ConstId>,
    pub align: u32,
}

/// One metadata operand.
#[derive(Clone, Debug, PartialEq)]
pub enum Md {
    Str(String),
    /// A value (`i32 1`, `void (float*)* @kernel`).
    Value(ConstId),
    Node(MdId),
    /// `null`, or a kind of node (debug info) the readers skip.
    Null,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    pub triple: Option<String>,
    pub datalayout: Option<String>,
    pub types: Vec<Type>,
    pub consts: Vec<Constant>,
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
    /// Metadata nodes (`!5 = !{...}`), each a list of operands.
    pub metadata: Vec<Vec<Md>>,
    /// Named metadata (`!opencl.kernels = !{!0, !1}`, `!nvvm.annotations`).
    pub named_metadata: Vec<(String, Vec<MdId>)>,
    /// Literal types already in `types`, for [`Module::intern_type`].
    type_index: HashMap<Type, TypeId>,
}

impl Module {
    pub fn ty(&self, id: TypeId) -> &Type {
        // Readers only hand out ids of entries they pushed.
        &self.types[id.0 as usize]
    }

    pub fn constant(&self, id: ConstId) -> &Constant {
        &self.consts[id.0 as usize]
    }

    pub fn function(&self, id: FuncId) -> &Function {
        &self.functions[id.0 as usize]
    }

    pub fn global(&self, id: GlobalId) -> &Global {
        &self.globals[id.0 as usize]
    }

    pub fn node(&self, id: MdId) -> &[Md] {
        &self.metadata[id.0 as usize]
    }

    /// The operands of the named metadata `name`, if present.
    pub fn named(&self, name: &str) -> Option<&[MdId]> {
        self.named_metadata.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_slice())
    }

    /// The type of constant `id`.
    pub fn const_ty(&self, id: ConstId) -> TypeId {
        match self.constant(id) {
            Constant::Int { ty, .. }
            | Constant::Float { ty, .. }
            | Constant::Null(ty)
            | Constant::Undef(ty)
            | Constant::Poison(ty)
            | Constant::Zero(ty)
            | Constant::Aggregate { ty, .. }
            | Constant::Bytes { ty, .. }
            | Constant::Global { ty, .. }
            | Constant::Function { ty, .. }
            | Constant::Expr { ty, .. } => *ty,
        }
    }

    /// The function named `name`.
    pub fn function_named(&self, name: &str) -> Option<FuncId> {
        self.functions.iter().position(|f| f.name == name).map(|i| FuncId(i as u32))
    }

    /// Add `ty` unless an equal literal type is present (named structs are always new);
    /// readers use this to intern.
    pub fn intern_type(&mut self, ty: Type) -> TypeId {
        let named = matches!(ty, Type::Struct { name: Some(_), .. });
        if !named {
            if let Some(id) = self.type_index.get(&ty) {
                return *id;
            }
        }
        let id = TypeId(self.types.len() as u32);
        if !named {
            self.type_index.insert(ty.clone(), id);
        }
        self.types.push(ty);
        id
    }

    /// Replace the body of named struct `id` (declared first so that it may refer to
    /// itself); readers use this to fill in `%T = type { ... }`.
    pub fn set_type(&mut self, id: TypeId, ty: Type) {
        if let Some(slot) = self.types.get_mut(id.0 as usize) {
            *slot = ty;
        }
    }

    /// The dialect the module is written in: NVVM when its triple is `nvptx*`, or it has
    /// `!nvvm.annotations`, or a function uses the `ptx_kernel` convention; SPIR otherwise.
    pub fn dialect(&self) -> Dialect {
        let nvptx = self.triple.as_deref().is_some_and(|t| t.starts_with("nvptx"));
        if nvptx
            || self.named("nvvm.annotations").is_some()
            || self.functions.iter().any(|f| f.cc == CallingConv::PtxKernel)
        {
            Dialect::Nvvm
        } else {
            Dialect::Spir
        }
    }

    /// Add a constant and return its id (constants are not interned).
    pub fn push_const(&mut self, c: Constant) -> ConstId {
        self.consts.push(c);
        ConstId(self.consts.len() as u32 - 1)
    }
}

/// Which GPU dialect a module is written in; it decides what address spaces mean and
/// which calls are builtins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// SPIR 1.2 and clang's `-target spir/spir64` output: 0 private, 1 global, 2 constant,
    /// 3 local, 4 generic; Itanium-mangled OpenCL builtins.
    Spir,
    /// NVVM IR (`-target nvptx64`): 0 generic, 1 global, 3 shared, 4 constant, 5 local;
    /// `llvm.nvvm.*` intrinsics and `__nv_*` libdevice functions.
    Nvvm,
}

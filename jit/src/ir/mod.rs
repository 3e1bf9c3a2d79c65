//! The kernel IR (KIR): one small typed SSA IR that every front end produces and every
//! later stage consumes.
//!
//! # Model
//! A [`Module`] holds kernels; each [`Kernel`] owns one [`Function`] (user functions are
//! inlined by the front end) plus the facts the runtime needs (parameters, work-group
//! size hints, static local-memory layout, private-memory size, constant data).
//!
//! A function is a list of [`Block`]s; `BlockId(0)` is the entry. Blocks take parameters
//! (phi nodes are block parameters, as in Cranelift) and end in one [`Terminator`].
//! Every instruction produces at most one [`Value`]; every value has one [`Type`].
//!
//! # Invariants (checked by [`verify`])
//! * Every value is defined once and its definition dominates its uses.
//! * Operations on vectors are component-wise (as in SPIR-V); both operands have the
//!   same type unless the instruction says otherwise.
//! * Integers carry no sign; the operation says how to interpret them. Only kernel
//!   parameters record one, for the host ([`Param::host`], a [`HostType`]).
//! * Pointers are untyped byte addresses tagged with an [`AddressSpace`]; aggregate
//!   indexing has already been turned into [`InstKind::PtrAdd`] byte offsets.
//! * Booleans are their own type and are produced only by comparisons, logic on
//!   booleans, constants and conversions from the front end.
//!
//! KIR is built with [`FunctionBuilder`]; its text form (the `Display` impls, read back
//! by [`parse`]) shows all of it, so tests may write kernels as text.
//!
//! KIR knows nothing of work-item lanes: the lowering decides how many work-items share
//! one instruction stream. It must not contain anything specific to one front end.

pub mod builder;
pub mod display;
pub mod fold;
mod host;
mod interface;
mod ops;
pub mod parse;
mod types;

pub use builder::FunctionBuilder;
pub use host::{HostScalar, HostType, Signedness};
pub use interface::{
    ArgPlace, Binding, DescriptorCounts, DescriptorKind, ModuleBuffer, OpenClSignature, PrintfSite, PushConstants,
    PushSlot, PushValue, ShaderInterface, SpecConstant, SpecValue, Specialization,
};
pub use ops::{
    AtomicOp, BinaryOp, ConvOp, Conversion, FloatCC, IntCC, MathOp, Rounding, ScanKind, SubGroupArith, SubGroupOp,
    UnaryOp, WorkItemQuery,
};
pub use spirjit_builtins::BuiltinId;
pub use types::{Scalar, StructType, Type};

pub use spirjit_abi::AddressSpace;

use std::fmt;

/// An SSA value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(pub u32);

/// A basic block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// An instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstId(pub u32);

/// A private (per-work-item) variable of a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// A block of module-scope constant data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DataId(pub u32);

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}
impl fmt::Display for BlockId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "block{}", self.0)
    }
}
impl fmt::Display for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "var{}", self.0)
    }
}
impl fmt::Display for DataId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "data{}", self.0)
    }
}

/// A whole translated module.
#[derive(Clone, Debug, Default)]
pub struct Module {
    pub kernels: Vec<Kernel>,
    /// Module-scope constant data (program-scope `__constant` arrays, string literals,
    /// initialised globals). Addressed with [`InstKind::DataAddr`].
    pub data: Vec<ConstData>,
    /// Capabilities the module declared, by name, for `spirjit info`.
    pub capabilities: Vec<String>,
    /// Pointer width of the module's addressing model in bits (32 or 64).
    pub pointer_bits: u32,
    /// The module's specialization constants (Vulkan modules), by `SpecId`, with the
    /// values the module was translated with.
    pub spec_constants: Vec<SpecConstant>,
}

/// Module-scope bytes that kernels may read (and, for initialised `__global`
/// program-scope variables, write).
#[derive(Clone, Debug)]
pub struct ConstData {
    pub name: Option<String>,
    pub bytes: Vec<u8>,
    pub align: u32,
    pub writable: bool,
    /// Pointers among `bytes` whose value is the address of a data block, known only
    /// once the data is placed in memory (`global int *p = &x;`).
    pub relocs: Vec<DataReloc>,
}

/// A pointer inside a data block: the `bytes` bytes (4 or 8) at `offset` hold the
/// address of block `target` plus `addend`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataReloc {
    pub offset: u64,
    pub bytes: u8,
    pub target: DataId,
    pub addend: i64,
}

/// One kernel entry point.
#[derive(Clone, Debug)]
pub struct Kernel {
    pub name: String,
    pub params: Vec<Param>,
    /// `reqd_work_group_size` (SPIR-V `LocalSize`).
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// `work_group_size_hint` (SPIR-V `LocalSizeHint`).
    pub work_group_size_hint: Option<[u32; 3]>,
    /// The sub-group size the kernel requires (SPIR-V `SubgroupSize`,
    /// `intel_reqd_sub_group_size`): it is compiled at that W or not at all.
    pub reqd_sub_group_size: Option<u32>,
    /// Bytes of module-scope `__local` variables this kernel uses, laid out from offset
    /// 0 of the work-group's local memory; [`InstKind::LocalAddr`] offsets point into it.
    pub local_static_size: u64,
    /// Zero-initialised local variables: ranges (offset, size) to clear before a
    /// work-group starts.
    pub local_zero_init: Vec<(u64, u64)>,
    /// How the parameters map onto descriptor bindings and push constants (Vulkan
    /// compute kernels); `None` for kernels that take their parameters in order.
    pub interface: Option<ShaderInterface>,
    /// The OpenCL signature of a kernel compiled by clspv (from its
    /// `NonSemantic.ClspvReflection` instructions); `None` for other kernels.
    pub opencl: Option<OpenClSignature>,
    pub func: Function,
}

/// What kind of argument a kernel parameter takes.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamKind {
    /// A pointer to a buffer (global or constant) or to local memory.
    /// `pointee` is the element type as the module declares it (`Type::I8` when unknown).
    Pointer { space: AddressSpace, pointee: Type },
    /// A value: scalar, vector, or struct/array passed by value.
    Value(Type),
    /// A sampler (opaque, 8-byte handle).
    Sampler,
    /// An image (opaque, pointer to an image descriptor).
    Image { dim: String, access: String },
}

/// A kernel parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Option<String>,
    pub kind: ParamKind,
    /// The OpenCL C type spelling when the module records it (`float*`, `int4`, ...).
    pub type_name: Option<String>,
    /// The kernel never writes through this pointer (`const`, `NoWrite`).
    pub read_only: bool,
    /// The OpenCL type qualifiers the module records for this parameter.
    pub qualifiers: TypeQualifiers,
    /// The SSA type this parameter has inside the function (`Ptr` for pointers and
    /// by-value aggregates, which are passed by reference).
    pub value_type: Type,
    /// How the host sees this parameter (integer signedness included), computed once
    /// by the front end; everything that describes or checks arguments reads it.
    pub host: HostType,
}

/// The OpenCL type qualifiers of a kernel parameter (`kernel_arg_type_qual`,
/// `CL_KERNEL_ARG_TYPE_QUALIFIER`), as far as the module records them: a module that
/// does not record a qualifier reads as one without it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TypeQualifiers {
    /// The pointee is `const`, or the pointer is to `__constant` memory.
    pub is_const: bool,
    /// The pointer is `restrict` (SPIR-V `FuncParamAttr NoAlias`, LLVM `noalias`).
    pub restrict: bool,
    /// The pointee is `volatile` (SPIR-V `Volatile`).
    pub volatile: bool,
}

impl TypeQualifiers {
    /// The qualifiers of one `kernel_arg_type_qual` entry (`"restrict const"`); other
    /// words (`pipe`) are ignored.
    pub fn from_words(words: &str) -> Self {
        let mut q = TypeQualifiers::default();
        for w in words.split_whitespace() {
            match w {
                "const" => q.is_const = true,
                "restrict" => q.restrict = true,
                "volatile" => q.volatile = true,
                _ => {}
            }
        }
        q
    }

    /// Whether no qualifier is set.
    pub fn is_empty(self) -> bool {
        self == TypeQualifiers::default()
    }

    /// The qualifiers as OpenCL spells them, in the order `const restrict volatile`.
    pub fn words(self) -> Vec<&'static str> {
        [(self.is_const, "const"), (self.restrict, "restrict"), (self.volatile, "volatile")]
            .into_iter()
            .filter_map(|(on, w)| on.then_some(w))
            .collect()
    }
}

/// A function body in SSA form.
#[derive(Clone, Debug, Default)]
pub struct Function {
    pub blocks: Vec<Block>,
    pub insts: Vec<Inst>,
    pub values: Vec<ValueDef>,
    /// Private variables: each work-item has its own copy.
    pub vars: Vec<PrivateVar>,
}

/// A private variable: `size` bytes aligned to `align`, per work-item.
#[derive(Clone, Debug, PartialEq)]
pub struct PrivateVar {
    pub name: Option<String>,
    pub size: u64,
    pub align: u32,
    /// Initial bytes, when the variable has an initializer.
    pub init: Option<Vec<u8>>,
}

/// How a value comes to be.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueDef {
    pub ty: Type,
    pub origin: ValueOrigin,
    /// Source name (OpName) for dumps.
    pub name: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueOrigin {
    BlockParam(BlockId, u32),
    Inst(InstId),
}

/// A basic block: parameters, straight-line instructions, one terminator.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub params: Vec<Value>,
    pub insts: Vec<InstId>,
    pub term: Terminator,
}

/// A jump target with the arguments for its block parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockCall {
    pub block: BlockId,
    pub args: Vec<Value>,
}

/// How a block ends.
#[derive(Clone, Debug, PartialEq)]
pub enum Terminator {
    Jump(BlockCall),
    /// `cond` is a scalar `bool`.
    Branch {
        cond: Value,
        then_: BlockCall,
        else_: BlockCall,
    },
    /// `value` is a scalar integer; case literals are compared after truncation to its width.
    Switch {
        value: Value,
        default: BlockCall,
        cases: Vec<(u64, BlockCall)>,
    },
    Return,
    Unreachable,
}

/// One instruction: its operation and the value it defines, if any.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    pub kind: InstKind,
    pub result: Option<Value>,
}

/// Operations. Vector operands are processed component by component unless noted.
#[derive(Clone, Debug, PartialEq)]
pub enum InstKind {
    /// A constant of the result type. For vectors one entry per component; each entry
    /// holds the bits of the component (floats as their IEEE bits, bools as 0/1).
    /// Aggregates are built with [`InstKind::Construct`].
    Const(Vec<u64>),
    /// An undefined value of the result type (reads as zero).
    Undef,
    /// The value of kernel parameter `n` (see [`Param::value_type`]).
    Param(u32),
    Unary(UnaryOp, Value),
    Binary(BinaryOp, Value, Value),
    /// `fma(a, b, c)` with a single rounding.
    Fma(Value, Value, Value),
    Icmp(IntCC, Value, Value),
    Fcmp(FloatCC, Value, Value),
    /// `cond ? a : b`; `cond` is a bool scalar (same for every component) or a bool
    /// vector with one condition per component.
    Select(Value, Value, Value),
    /// Numeric conversion to the result type (same component count).
    Convert(Conversion, Value),
    /// Reinterpret the bits as the result type (same total size; vectors may change
    /// shape, e.g. `int2` ↔ `long`).
    Bitcast(Value),
    /// Component / member `index` of a vector, struct or array value.
    Extract(Value, u32),
    /// `aggregate` with component `index` replaced by `element`.
    Insert {
        aggregate: Value,
        element: Value,
        index: u32,
    },
    /// Component `index` (an integer value) of a vector; out of range reads as zero.
    ExtractDyn(Value, Value),
    /// `vector` with component `index` (an integer value) replaced; out of range is a no-op.
    InsertDyn {
        vector: Value,
        element: Value,
        index: Value,
    },
    /// Components of `a` then `b` selected by index; `u32::MAX` means undefined (zero).
    Shuffle {
        a: Value,
        b: Value,
        indices: Vec<u32>,
    },
    /// Build a vector, struct or array from its components (vectors from scalars).
    Construct(Vec<Value>),
    /// `ptr + offset` bytes; `offset` is a signed integer of any width.
    PtrAdd(Value, Value),
    /// Read the result type from memory.
    Load {
        ptr: Value,
        align: u32,
    },
    /// Write `value` to memory.
    Store {
        ptr: Value,
        value: Value,
        align: u32,
    },
    /// Copy `size` bytes (an integer value) from `src` to `dst`.
    CopyMemory {
        dst: Value,
        src: Value,
        size: Value,
    },
    /// Atomic read-modify-write; returns the old value. Integer scalars only.
    AtomicRmw {
        op: AtomicOp,
        ptr: Value,
        value: Value,
    },
    /// Atomic compare-exchange; returns the old value.
    AtomicCmpXchg {
        ptr: Value,
        expected: Value,
        replacement: Value,
    },
    AtomicLoad {
        ptr: Value,
    },
    AtomicStore {
        ptr: Value,
        value: Value,
    },
    /// A work-item query for dimension `dim` (0..3); the result type is the module's
    /// size type (i32 or i64). Out-of-range dimensions give the OpenCL defaults
    /// (0 for ids and offsets, 1 for sizes).
    WorkItem(WorkItemQuery, Value),
    /// `get_work_dim()`, as i32.
    WorkDim,
    /// Byte size (I64) of the region kernel argument `n` refers to — buffer length,
    /// local-memory bytes or by-value copy — as the runtime passes it after the argument
    /// slots (SPIR-V `OpArrayLength`).
    ArgSize(u32),
    /// Address of a private variable of the current work-item.
    VarAddr(VarId),
    /// Address `offset` bytes into the work-group's local memory (static part).
    LocalAddr(u64),
    /// Address of module-scope constant data.
    DataAddr(DataId),
    /// Work-group barrier: every work-item of the group reaches it before any proceeds.
    Barrier,
    /// Memory fence without control synchronisation (no-op on one host thread per group).
    MemoryFence,
    /// Call a runtime builtin component-wise. `builtin` is the scalar builtin's entry in
    /// `spirjit-builtins`' table (resolved from its symbol once, by the front end); for
    /// vector operands it is called once per component.
    Call {
        builtin: BuiltinId,
        args: Vec<Value>,
    },
    /// Call a runtime builtin on whole values (not component-wise), once per work-item.
    /// ABI: scalar arguments are passed as themselves (bool as i8, f16 as i16 bits,
    /// pointers as i64); vector and aggregate arguments are stored to a temporary in
    /// their memory layout and passed by pointer. A scalar result is returned; a vector or
    /// aggregate result is written by the callee through a pointer passed as an extra
    /// *first* argument. Used for images, printf and functions with several results.
    CallWhole {
        builtin: BuiltinId,
        args: Vec<Value>,
    },
    /// A native math operation, component-wise.
    Math(MathOp, Vec<Value>),
    /// A sub-group operation: a query or a collective over the active work-items of
    /// the caller's sub-group (see [`SubGroupOp`] for the operands of each).
    SubGroup {
        op: SubGroupOp,
        args: Vec<Value>,
    },
}

impl Function {
    /// The type of a value.
    pub fn ty(&self, v: Value) -> &Type {
        &self.values[v.0 as usize].ty
    }

    /// The bits of `v` when it is a constant with one component (`Const`), else `None`.
    pub fn scalar_const(&self, v: Value) -> Option<u64> {
        match self.def_inst(v).map(|i| &i.kind) {
            Some(InstKind::Const(bits)) if self.ty(v).lanes() == Some(1) => bits.first().copied(),
            _ => None,
        }
    }

    /// Whether `v` is a float constant none of whose components is a NaN.
    pub fn is_non_nan_const(&self, v: Value) -> bool {
        let Some(InstKind::Const(bits)) = self.def_inst(v).map(|i| &i.kind) else { return false };
        match self.ty(v).scalar() {
            Some(Scalar::F32) => bits.iter().all(|b| !f32::from_bits(*b as u32).is_nan()),
            Some(Scalar::F64) => bits.iter().all(|b| !f64::from_bits(*b).is_nan()),
            _ => false,
        }
    }

    /// The instruction that defines `v`, if it is not a block parameter.
    pub fn def_inst(&self, v: Value) -> Option<&Inst> {
        match self.values[v.0 as usize].origin {
            ValueOrigin::Inst(i) => Some(&self.insts[i.0 as usize]),
            ValueOrigin::BlockParam(..) => None,
        }
    }

    pub fn block(&self, b: BlockId) -> &Block {
        &self.blocks[b.0 as usize]
    }

    pub fn inst(&self, i: InstId) -> &Inst {
        &self.insts[i.0 as usize]
    }

    /// Successor blocks of `block`, in terminator order (duplicates kept).
    pub fn successors(&self, block: BlockId) -> Vec<BlockId> {
        self.block(block).term.targets().map(|c| c.block).collect()
    }
}

impl Terminator {
    /// The jump targets of this terminator.
    pub fn targets(&self) -> Box<dyn Iterator<Item = &BlockCall> + '_> {
        match self {
            Terminator::Jump(c) => Box::new(std::iter::once(c)),
            Terminator::Branch { then_, else_, .. } => Box::new([then_, else_].into_iter()),
            Terminator::Switch { default, cases, .. } => {
                Box::new(std::iter::once(default).chain(cases.iter().map(|(_, c)| c)))
            }
            Terminator::Return | Terminator::Unreachable => Box::new(std::iter::empty()),
        }
    }

    /// Mutable access to the jump targets.
    pub fn targets_mut(&mut self) -> Box<dyn Iterator<Item = &mut BlockCall> + '_> {
        match self {
            Terminator::Jump(c) => Box::new(std::iter::once(c)),
            Terminator::Branch { then_, else_, .. } => Box::new([then_, else_].into_iter()),
            Terminator::Switch { default, cases, .. } => {
                Box::new(std::iter::once(default).chain(cases.iter_mut().map(|(_, c)| c)))
            }
            Terminator::Return | Terminator::Unreachable => Box::new(std::iter::empty()),
        }
    }

    /// Values this terminator uses (condition and block arguments).
    pub fn uses(&self) -> Vec<Value> {
        let mut out = Vec::new();
        match self {
            Terminator::Branch { cond, .. } => out.push(*cond),
            Terminator::Switch { value, .. } => out.push(*value),
            _ => {}
        }
        for c in self.targets() {
            out.extend(c.args.iter().copied());
        }
        out
    }
}

impl InstKind {
    /// Values this instruction uses, in operand order.
    pub fn uses(&self) -> Vec<Value> {
        use InstKind::*;
        match self {
            Const(_) | Undef | Param(_) | WorkDim | ArgSize(_) | VarAddr(_) | LocalAddr(_) | DataAddr(_) | Barrier
            | MemoryFence => {
                vec![]
            }
            Unary(_, a) | Convert(_, a) | Bitcast(a) | Extract(a, _) | WorkItem(_, a) => vec![*a],
            Binary(_, a, b) | Icmp(_, a, b) | Fcmp(_, a, b) | ExtractDyn(a, b) | PtrAdd(a, b) => vec![*a, *b],
            Shuffle { a, b, .. } => vec![*a, *b],
            Fma(a, b, c) | Select(a, b, c) => vec![*a, *b, *c],
            Insert { aggregate, element, .. } => vec![*aggregate, *element],
            InsertDyn { vector, element, index } => vec![*vector, *element, *index],
            Construct(vs) | Call { args: vs, .. } | CallWhole { args: vs, .. } | Math(_, vs) => vs.clone(),
            SubGroup { args, .. } => args.clone(),
            Load { ptr, .. } | AtomicLoad { ptr } => vec![*ptr],
            Store { ptr, value, .. } | AtomicStore { ptr, value } | AtomicRmw { ptr, value, .. } => {
                vec![*ptr, *value]
            }
            CopyMemory { dst, src, size } => vec![*dst, *src, *size],
            AtomicCmpXchg { ptr, expected, replacement } => vec![*ptr, *expected, *replacement],
        }
    }

    /// True when the instruction has an effect besides its result (memory, control).
    pub fn has_side_effects(&self) -> bool {
        matches!(
            self,
            InstKind::Store { .. }
                | InstKind::CopyMemory { .. }
                | InstKind::AtomicRmw { .. }
                | InstKind::AtomicCmpXchg { .. }
                | InstKind::AtomicLoad { .. }
                | InstKind::AtomicStore { .. }
                | InstKind::Barrier
                | InstKind::MemoryFence
                | InstKind::Call { .. }
                | InstKind::CallWhole { .. }
        )
    }
}

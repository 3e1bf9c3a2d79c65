//! Module-level facts: capabilities, addressing model, entry points and their execution
//! modes, names, strings, decorations, and where each id and function is defined.
//!
//! This module describes the index and answers questions about it; `index` builds it.
//! Nothing here translates function bodies.

use std::collections::HashMap;

use rspirv::dr::Operand;
use rspirv::spirv::{self, Capability, Decoration, Op, StorageClass};

use super::reader::SpvInst;
use crate::ir::{DataId, Type};
use crate::{CompileError, Result};

/// Capabilities a module may declare. Declaring one does not mean every instruction
/// it enables is supported; unsupported instructions are rejected where they appear.
pub const SUPPORTED_CAPABILITIES: &[Capability] = &[
    Capability::Addresses,
    Capability::Kernel,
    Capability::Linkage,
    Capability::Int8,
    Capability::Int16,
    Capability::Int64,
    Capability::Float16Buffer,
    Capability::Float16,
    Capability::Float64,
    Capability::Vector16,
    Capability::GenericPointer,
    Capability::Int64Atomics,
    // For the `SubgroupSize` execution mode (a required sub-group size, honoured by
    // compiling the kernel at that W); its dispatch instructions are not supported.
    Capability::SubgroupDispatch,
    Capability::Groups,
    Capability::ImageBasic,
    Capability::ImageReadWrite,
    Capability::ImageMipmap,
    Capability::LiteralSampler,
    Capability::Sampled1D,
    Capability::Image1D,
    Capability::SampledBuffer,
    Capability::ImageBuffer,
    // Vulkan images (`descriptors`, `image_vk`).
    Capability::StorageImageExtendedFormats,
    Capability::StorageImageReadWithoutFormat,
    Capability::StorageImageWriteWithoutFormat,
    Capability::ImageQuery,
    Capability::ImageGatherExtended,
    Capability::SampledCubeArray,
    Capability::ImageCubeArray,
    Capability::StorageImageMultisample,
    Capability::Int64ImageEXT,
    Capability::ShaderNonUniform,
    Capability::SampledImageArrayDynamicIndexing,
    Capability::StorageImageArrayDynamicIndexing,
    Capability::SampledImageArrayNonUniformIndexing,
    Capability::StorageImageArrayNonUniformIndexing,
    Capability::UniformTexelBufferArrayDynamicIndexing,
    Capability::StorageTexelBufferArrayDynamicIndexing,
    Capability::UniformTexelBufferArrayNonUniformIndexing,
    Capability::StorageTexelBufferArrayNonUniformIndexing,
    // Descriptor arrays of buffers (`vulkan`).
    Capability::UniformBufferArrayDynamicIndexing,
    Capability::StorageBufferArrayDynamicIndexing,
    Capability::UniformBufferArrayNonUniformIndexing,
    Capability::StorageBufferArrayNonUniformIndexing,
    // Run-time sized descriptor arrays (`vulkan`, `descriptors`).
    Capability::RuntimeDescriptorArray,
    Capability::DenormPreserve,
    Capability::DenormFlushToZero,
    Capability::SignedZeroInfNanPreserve,
    Capability::RoundingModeRTE,
    Capability::RoundingModeRTZ,
    Capability::ExpectAssumeKHR,
    Capability::Shader,
    Capability::Matrix,
    Capability::PhysicalStorageBufferAddresses,
    Capability::VulkanMemoryModel,
    Capability::VulkanMemoryModelDeviceScope,
    // Vulkan storage of narrow types in buffers, push constants and shared memory.
    Capability::StorageBuffer8BitAccess,
    Capability::UniformAndStorageBuffer8BitAccess,
    Capability::StoragePushConstant8,
    Capability::StorageBuffer16BitAccess,
    Capability::UniformAndStorageBuffer16BitAccess,
    Capability::StoragePushConstant16,
    Capability::WorkgroupMemoryExplicitLayoutKHR,
    Capability::WorkgroupMemoryExplicitLayout8BitAccessKHR,
    Capability::WorkgroupMemoryExplicitLayout16BitAccessKHR,
    // Pointers are host addresses here, so pointers chosen by OpSelect / OpPhi (which
    // clspv emits) need nothing more.
    Capability::VariablePointers,
    Capability::VariablePointersStorageBuffer,
    Capability::AtomicFloat32AddEXT,
    Capability::AtomicFloat64AddEXT,
    Capability::AtomicFloat16AddEXT,
    Capability::AtomicFloat32MinMaxEXT,
    Capability::AtomicFloat64MinMaxEXT,
    Capability::AtomicFloat16MinMaxEXT,
    Capability::DotProduct,
    Capability::DotProductInputAll,
    Capability::DotProductInput4x8Bit,
    Capability::DotProductInput4x8BitPacked,
    Capability::GroupNonUniform,
    Capability::GroupNonUniformVote,
    Capability::GroupNonUniformArithmetic,
    Capability::GroupNonUniformBallot,
    Capability::GroupNonUniformShuffle,
    Capability::GroupNonUniformShuffleRelative,
    Capability::GroupNonUniformClustered,
    Capability::GroupNonUniformQuad,
    Capability::SubgroupBallotKHR,
    Capability::SubgroupVoteKHR,
    Capability::SubgroupShuffleINTEL,
    // A fragment-shader instruction's capability (Vulkan 1.3 devices have the feature):
    // declaring it is accepted; a compute entry point cannot use the instruction.
    Capability::DemoteToHelperInvocation,
];

/// One decoration: its kind and the operands after it.
#[derive(Clone, Debug)]
pub(crate) struct Deco {
    pub kind: Decoration,
    pub args: Vec<Operand>,
}

/// A function: its `OpFunction`, parameters and blocks, as indices into the
/// instruction list.
#[derive(Clone, Debug)]
pub(crate) struct FuncDef {
    pub def: usize,
    pub params: Vec<usize>,
    pub blocks: Vec<BlockDef>,
}

/// A block: the label id and the instructions after the `OpLabel` (terminator included).
#[derive(Clone, Debug)]
pub(crate) struct BlockDef {
    pub label: u32,
    pub label_index: usize,
    pub body: std::ops::Range<usize>,
}

/// An `OpEntryPoint Kernel` with its execution modes.
#[derive(Clone, Debug)]
pub(crate) struct EntryPoint {
    pub func: u32,
    pub name: String,
    pub word: usize,
    pub local_size: Option<[u32; 3]>,
    /// `LocalSizeId`: the ids of the constants giving the work-group size.
    pub local_size_ids: Option<[u32; 3]>,
    pub size_hint: Option<[u32; 3]>,
    /// `SubgroupSize` (`intel_reqd_sub_group_size`): the sub-group size the kernel needs.
    pub sub_group_size: Option<u32>,
}

/// A SPIR-V type as declared (built by `types::build`, which also gives its KIR type).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum SpvType {
    Void,
    Bool,
    Int {
        bits: u32,
    },
    Float {
        bits: u32,
    },
    Vector {
        elem: u32,
        n: u32,
    },
    Array {
        elem: u32,
        len: u64,
    },
    RuntimeArray {
        elem: u32,
    },
    Struct {
        members: Vec<u32>,
    },
    Pointer {
        sc: StorageClass,
        pointee: u32,
    },
    Function {
        ret: u32,
        params: Vec<u32>,
    },
    /// Images, samplers, events, queues, ...: named by their opcode.
    Opaque(String),
}

/// The indexed module.
pub(crate) struct SpvModule {
    pub insts: Vec<SpvInst>,
    /// Id → index of the defining instruction.
    pub defs: HashMap<u32, usize>,
    pub names: HashMap<u32, String>,
    pub decos: HashMap<u32, Vec<Deco>>,
    pub member_decos: HashMap<(u32, u32), Vec<Deco>>,
    pub funcs: HashMap<u32, FuncDef>,
    pub entry_points: Vec<EntryPoint>,
    /// `OpExtInstImport` id → set name.
    pub ext_sets: HashMap<u32, String>,
    pub strings: Vec<String>,
    pub capabilities: Vec<String>,
    pub pointer_bits: u32,
    /// Module-scope `OpVariable` ids in module order.
    pub globals: Vec<u32>,
    /// SPIR-V types by id (filled by `types::build`).
    pub types: HashMap<u32, SpvType>,
    /// KIR types of data types by id (filled by `types::build`).
    pub kir_types: HashMap<u32, Type>,
    /// Module-scope constant data for `UniformConstant` / `CrossWorkgroup` variables.
    pub data_ids: HashMap<u32, DataId>,
    /// Offsets of module-scope `Workgroup` variables in static local memory.
    pub local_offsets: HashMap<u32, u64>,
    /// Values for specialization constants by `SpecId` (applied by `spec`).
    pub specialization: crate::ir::Specialization,
    /// Descriptor counts of run-time sized descriptor arrays by (set, binding) (0 for
    /// those left out; applied by `vulkan` and `descriptors`).
    pub descriptor_counts: crate::ir::DescriptorCounts,
}

impl SpvModule {
    /// The number of descriptors the translation gives run-time sized descriptor array
    /// (`set`, `binding`) ([`SpvModule::descriptor_counts`]; 0 when not given), within
    /// spirjit's limit on array lengths.
    pub(crate) fn runtime_descriptor_count(&self, set: u32, binding: u32) -> Result<u32> {
        let n = self.descriptor_counts.get(&(set, binding)).copied().unwrap_or(0);
        if u64::from(n) > super::limits::MAX_ARRAY_LENGTH {
            return Err(super::limits::exceeded(
                format!("a run-time sized descriptor array of {n} descriptors"),
                format!("{} elements", super::limits::MAX_ARRAY_LENGTH),
            ));
        }
        Ok(n)
    }
}

pub(crate) fn op_name(op: Op) -> String {
    format!("Op{op:?}")
}

/// An error located at instruction `inst`.
pub(crate) fn err_at(e: CompileError, inst: &SpvInst) -> CompileError {
    e.at(Some(inst.word), op_name(inst.op), inst.result_id)
}

impl SpvInst {
    /// Operand `i` as an id.
    pub fn id(&self, i: usize) -> Result<u32> {
        match self.operands.get(i) {
            Some(Operand::IdRef(id) | Operand::IdScope(id) | Operand::IdMemorySemantics(id)) => Ok(*id),
            Some(other) => {
                Err(err_at(CompileError::invalid(format!("operand {i} should be an id, found {other}")), self))
            }
            None => Err(err_at(CompileError::invalid(format!("operand {i} is missing")), self)),
        }
    }

    /// Operand `i` as a 32-bit literal.
    pub fn lit(&self, i: usize) -> Result<u32> {
        match self.operands.get(i) {
            Some(Operand::LiteralBit32(v) | Operand::LiteralExtInstInteger(v)) => Ok(*v),
            // Extended-instruction literal operands are decoded as ids.
            Some(Operand::IdRef(v)) => Ok(*v),
            Some(other) => Err(err_at(
                CompileError::invalid(format!("operand {i} should be a literal number, found {other}")),
                self,
            )),
            None => Err(err_at(CompileError::invalid(format!("operand {i} is missing")), self)),
        }
    }

    /// Operand `i` as a string.
    pub fn string(&self, i: usize) -> Result<&str> {
        match self.operands.get(i) {
            Some(Operand::LiteralString(s)) => Ok(s),
            _ => Err(err_at(CompileError::invalid(format!("operand {i} should be a string")), self)),
        }
    }

    /// The result id; an error when the instruction has none.
    pub fn rid(&self) -> Result<u32> {
        self.result_id.ok_or_else(|| err_at(CompileError::invalid("instruction has no result id"), self))
    }

    /// The result type id; an error when the instruction has none.
    pub fn rtype(&self) -> Result<u32> {
        self.result_type.ok_or_else(|| err_at(CompileError::invalid("instruction has no result type"), self))
    }
}

impl SpvModule {
    /// The defining instruction of `id`.
    pub fn def(&self, id: u32) -> Result<&SpvInst> {
        self.defs
            .get(&id)
            .map(|&i| &self.insts[i])
            .ok_or_else(|| CompileError::invalid(format!("id %{id} is used but never defined")))
    }

    /// Decorations of `id` of kind `kind`.
    pub fn decos_of(&self, id: u32, kind: Decoration) -> impl Iterator<Item = &Deco> {
        self.decos.get(&id).into_iter().flatten().filter(move |d| d.kind == kind)
    }

    pub fn has_deco(&self, id: u32, kind: Decoration) -> bool {
        self.decos_of(id, kind).next().is_some()
    }

    /// The first literal argument of decoration `kind` on `id`.
    pub fn deco_lit(&self, id: u32, kind: Decoration) -> Option<u32> {
        self.decos_of(id, kind).find_map(|d| match d.args.first() {
            Some(Operand::LiteralBit32(v)) => Some(*v),
            _ => None,
        })
    }

    /// The `BuiltIn` decoration of `id`, if any.
    pub fn builtin_of(&self, id: u32) -> Option<spirv::BuiltIn> {
        self.decos_of(id, Decoration::BuiltIn).find_map(|d| match d.args.first() {
            Some(Operand::BuiltIn(b)) => Some(*b),
            _ => None,
        })
    }

    /// The first literal argument of decoration `kind` on member `member` of struct `id`.
    pub fn member_deco_lit(&self, id: u32, member: u32, kind: Decoration) -> Option<u32> {
        self.member_decos.get(&(id, member)).into_iter().flatten().filter(|d| d.kind == kind).find_map(|d| {
            match d.args.first() {
                Some(Operand::LiteralBit32(v)) => Some(*v),
                _ => None,
            }
        })
    }

    /// True when `id` carries `FuncParamAttr attr`.
    pub fn has_param_attr(&self, id: u32, attr: spirv::FunctionParameterAttribute) -> bool {
        self.decos_of(id, Decoration::FuncParamAttr)
            .any(|d| matches!(d.args.first(), Some(Operand::FunctionParameterAttribute(a)) if *a == attr))
    }

    /// The function defined with id `id`.
    pub fn func(&self, id: u32) -> Result<&FuncDef> {
        self.funcs
            .get(&id)
            .ok_or_else(|| CompileError::invalid(format!("%{id} is not a function defined in the module")))
    }

    /// The module-scope variables function `func` and the functions it calls refer to
    /// (a Vulkan entry point's statically used resources).
    pub fn used_globals(&self, func: u32) -> std::collections::HashSet<u32> {
        let globals: std::collections::HashSet<u32> = self.globals.iter().copied().collect();
        let mut used = std::collections::HashSet::new();
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![func];
        while let Some(f) = todo.pop() {
            if !seen.insert(f) {
                continue;
            }
            let Some(def) = self.funcs.get(&f) else { continue };
            for b in &def.blocks {
                for inst in &self.insts[b.body.clone()] {
                    if inst.op == Op::FunctionCall {
                        if let Ok(callee) = inst.id(0) {
                            todo.push(callee);
                        }
                    }
                    for o in &inst.operands {
                        if let Operand::IdRef(id) = o {
                            if globals.contains(id) {
                                used.insert(*id);
                            }
                        }
                    }
                }
            }
        }
        used
    }
}

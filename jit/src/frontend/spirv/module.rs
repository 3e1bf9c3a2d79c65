//! Module-level facts: capabilities, addressing model, entry points and their execution
//! modes, names, strings, decorations, and where each id and function is defined.
//!
//! This module indexes the instruction list; it does not translate function bodies.

use std::collections::HashMap;

use rspirv::dr::Operand;
use rspirv::spirv::{self, Capability, Decoration, Op};

use super::limits;
use super::reader::{Header, SpvInst};
use super::types::SpvType;
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
    Capability::Groups,
    Capability::ImageBasic,
    Capability::ImageReadWrite,
    Capability::ImageMipmap,
    Capability::LiteralSampler,
    Capability::Sampled1D,
    Capability::Image1D,
    Capability::SampledBuffer,
    Capability::ImageBuffer,
    Capability::DenormPreserve,
    Capability::DenormFlushToZero,
    Capability::SignedZeroInfNanPreserve,
    Capability::RoundingModeRTE,
    Capability::RoundingModeRTZ,
    Capability::ExpectAssumeKHR,
    Capability::Shader,
    Capability::Matrix,
    Capability::VulkanMemoryModel,
    Capability::GroupNonUniform,
    Capability::GroupNonUniformVote,
    Capability::GroupNonUniformArithmetic,
    Capability::GroupNonUniformBallot,
    Capability::GroupNonUniformShuffle,
    Capability::GroupNonUniformShuffleRelative,
    Capability::GroupNonUniformClustered,
    Capability::SubgroupBallotKHR,
    Capability::SubgroupVoteKHR,
    Capability::SubgroupShuffleINTEL,
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
    pub size_hint: Option<[u32; 3]>,
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
    /// Index the instructions of a parsed module.
    pub fn index(header: Header, insts: Vec<SpvInst>) -> Result<SpvModule> {
        let mut m = SpvModule {
            insts,
            defs: HashMap::new(),
            names: HashMap::new(),
            decos: HashMap::new(),
            member_decos: HashMap::new(),
            funcs: HashMap::new(),
            entry_points: Vec::new(),
            ext_sets: HashMap::new(),
            strings: Vec::new(),
            capabilities: Vec::new(),
            pointer_bits: 0,
            globals: Vec::new(),
            types: HashMap::new(),
            kir_types: HashMap::new(),
            data_ids: HashMap::new(),
            local_offsets: HashMap::new(),
        };
        let mut groups: HashMap<u32, Vec<Deco>> = HashMap::new();
        let mut caps = Vec::new();
        let mut cur: Option<(u32, FuncDef)> = None;
        let mut open_block: Option<(u32, usize)> = None;
        let mut local_size: HashMap<u32, [u32; 3]> = HashMap::new();
        let mut size_hint: HashMap<u32, [u32; 3]> = HashMap::new();
        let mut memory_model_seen = false;
        // Decorations copied by decoration groups (each group may be applied many times).
        let mut decorations = 0usize;

        for index in 0..m.insts.len() {
            let inst = &m.insts[index];
            if let Some(id) = inst.result_id {
                if id == 0 || id >= header.bound {
                    return Err(err_at(
                        CompileError::invalid(format!(
                            "result id %{id} is out of range: the header's id bound is {}",
                            header.bound
                        )),
                        inst,
                    ));
                }
                if m.defs.insert(id, index).is_some() {
                    return Err(err_at(CompileError::invalid(format!("id %{id} is defined twice")), inst));
                }
            }
            for op in &inst.operands {
                if let Operand::IdRef(id) = op {
                    if *id == 0 || *id >= header.bound {
                        // Extended instructions decode literals as ids; those are checked
                        // where they are used.
                        if inst.op != Op::ExtInst {
                            return Err(err_at(
                                CompileError::invalid(format!(
                                    "operand id %{id} is out of range: the header's id bound is {}",
                                    header.bound
                                )),
                                inst,
                            ));
                        }
                    }
                }
            }
            // Function structure.
            if let Some((fid, f)) = cur.as_mut() {
                match inst.op {
                    Op::FunctionParameter => {
                        if !f.blocks.is_empty() || open_block.is_some() {
                            return Err(err_at(
                                CompileError::invalid("OpFunctionParameter after the first block"),
                                inst,
                            ));
                        }
                        f.params.push(index);
                    }
                    Op::Label => {
                        if let Some((label, start)) = open_block.take() {
                            f.blocks.push(BlockDef { label, label_index: start - 1, body: start..index });
                        }
                        if f.blocks.len() >= limits::MAX_BLOCKS_PER_FUNCTION {
                            return Err(err_at(
                                limits::exceeded("the number of blocks in a function", limits::MAX_BLOCKS_PER_FUNCTION),
                                inst,
                            ));
                        }
                        open_block = Some((inst.rid()?, index + 1));
                    }
                    Op::FunctionEnd => {
                        if let Some((label, start)) = open_block.take() {
                            f.blocks.push(BlockDef { label, label_index: start - 1, body: start..index });
                        }
                        let (fid, f) = (*fid, f.clone());
                        m.funcs.insert(fid, f);
                        cur = None;
                    }
                    Op::Function => {
                        return Err(err_at(CompileError::invalid("OpFunction inside another function"), inst));
                    }
                    _ => {
                        if open_block.is_none() {
                            return Err(err_at(
                                CompileError::invalid("instruction inside a function but outside any block"),
                                inst,
                            ));
                        }
                    }
                }
                continue;
            }
            match inst.op {
                Op::Function => {
                    if m.funcs.len() >= limits::MAX_FUNCTIONS {
                        return Err(err_at(limits::exceeded("the number of functions", limits::MAX_FUNCTIONS), inst));
                    }
                    cur = Some((inst.rid()?, FuncDef { def: index, params: Vec::new(), blocks: Vec::new() }));
                }
                Op::FunctionParameter | Op::Label | Op::FunctionEnd => {
                    return Err(err_at(CompileError::invalid("instruction outside a function"), inst));
                }
                Op::Capability => {
                    if let Some(Operand::Capability(c)) = inst.operands.first() {
                        caps.push((*c, index));
                    }
                }
                Op::ExtInstImport => {
                    m.ext_sets.insert(inst.rid()?, inst.string(0)?.to_string());
                }
                Op::MemoryModel => {
                    memory_model_seen = true;
                    match inst.operands.first() {
                        Some(Operand::AddressingModel(spirv::AddressingModel::Physical32)) => m.pointer_bits = 32,
                        Some(Operand::AddressingModel(spirv::AddressingModel::Physical64)) => m.pointer_bits = 64,
                        // Vulkan compute modules: pointers are host addresses underneath.
                        Some(Operand::AddressingModel(spirv::AddressingModel::Logical)) => m.pointer_bits = 64,
                        Some(Operand::AddressingModel(a)) => {
                            return Err(err_at(
                                CompileError::unsupported(format!(
                                    "addressing model {a:?} is not supported; spirjit runs OpenCL kernels \
                                     (Physical32/Physical64) and Vulkan compute shaders (Logical)"
                                )),
                                inst,
                            ))
                        }
                        _ => {
                            return Err(err_at(
                                CompileError::invalid("OpMemoryModel without an addressing model"),
                                inst,
                            ))
                        }
                    }
                }
                Op::EntryPoint => {
                    let model = inst.operands.first();
                    if !matches!(
                        model,
                        Some(Operand::ExecutionModel(spirv::ExecutionModel::Kernel | spirv::ExecutionModel::GLCompute))
                    ) {
                        return Err(err_at(
                            CompileError::unsupported(format!(
                                "entry point with execution model {} is not supported: spirjit runs OpenCL kernels \
                                 (Kernel) and Vulkan compute shaders (GLCompute)",
                                model.map(|o| o.to_string()).unwrap_or_default()
                            )),
                            inst,
                        ));
                    }
                    if m.entry_points.len() >= limits::MAX_ENTRY_POINTS {
                        return Err(err_at(
                            limits::exceeded("the number of entry points", limits::MAX_ENTRY_POINTS),
                            inst,
                        ));
                    }
                    m.entry_points.push(EntryPoint {
                        func: inst.id(1)?,
                        name: inst.string(2)?.to_string(),
                        word: inst.word,
                        local_size: None,
                        size_hint: None,
                    });
                }
                Op::ExecutionMode | Op::ExecutionModeId => {
                    let target = inst.id(0)?;
                    match inst.operands.get(1) {
                        Some(Operand::ExecutionMode(spirv::ExecutionMode::LocalSize)) => {
                            local_size.insert(target, [inst.lit(2)?, inst.lit(3)?, inst.lit(4)?]);
                        }
                        Some(Operand::ExecutionMode(spirv::ExecutionMode::LocalSizeHint)) => {
                            size_hint.insert(target, [inst.lit(2)?, inst.lit(3)?, inst.lit(4)?]);
                        }
                        _ => {}
                    }
                }
                Op::String => {
                    m.strings.push(inst.string(0)?.to_string());
                }
                Op::Name => {
                    m.names.insert(inst.id(0)?, inst.string(1)?.to_string());
                }
                Op::Decorate | Op::DecorateId | Op::DecorateString => {
                    let target = inst.id(0)?;
                    let deco = decoration(inst, 1)?;
                    m.decos.entry(target).or_default().push(deco);
                }
                Op::MemberDecorate | Op::MemberDecorateString => {
                    let target = inst.id(0)?;
                    let member = inst.lit(1)?;
                    let deco = decoration(inst, 2)?;
                    m.member_decos.entry((target, member)).or_default().push(deco);
                }
                Op::DecorationGroup => {
                    let id = inst.rid()?;
                    let decos = m.decos.get(&id).cloned().unwrap_or_default();
                    groups.insert(id, decos);
                }
                Op::GroupDecorate => {
                    let decos = group_decorations(&groups, inst, &mut decorations)?;
                    for i in 1..inst.operands.len() {
                        m.decos.entry(inst.id(i)?).or_default().extend(decos.iter().cloned());
                    }
                }
                Op::GroupMemberDecorate => {
                    let decos = group_decorations(&groups, inst, &mut decorations)?;
                    let mut i = 1;
                    while i + 1 < inst.operands.len() {
                        let key = (inst.id(i)?, inst.lit(i + 1)?);
                        m.member_decos.entry(key).or_default().extend(decos.iter().cloned());
                        i += 2;
                    }
                }
                Op::Variable => {
                    m.globals.push(inst.rid()?);
                }
                op if !allowed_at_module_scope(op) => {
                    return Err(err_at(
                        CompileError::invalid(format!("{} is not allowed outside a function", op_name(op))),
                        inst,
                    ));
                }
                _ => {}
            }
        }
        if cur.is_some() {
            return Err(CompileError::invalid("the module ends inside a function (missing OpFunctionEnd)"));
        }
        if !memory_model_seen {
            return Err(CompileError::invalid("the module has no OpMemoryModel"));
        }
        check_capabilities(&m, &caps)?;
        m.capabilities = caps.iter().map(|(c, _)| format!("{c:?}")).collect();
        for ep in &mut m.entry_points {
            ep.local_size = local_size.get(&ep.func).copied();
            ep.size_hint = size_hint.get(&ep.func).copied();
        }
        Ok(m)
    }

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
}

/// True for instructions that may appear outside functions (declarations, debug
/// information, annotations, types, constants, global variables).
/// The decorations of the group that `inst` (an `OpGroupDecorate` or
/// `OpGroupMemberDecorate`) applies, counting the copies it makes against
/// [`limits::MAX_DECORATIONS`] in `decorations`.
fn group_decorations(groups: &HashMap<u32, Vec<Deco>>, inst: &SpvInst, decorations: &mut usize) -> Result<Vec<Deco>> {
    let group = inst.id(0)?;
    let decos = groups
        .get(&group)
        .cloned()
        .ok_or_else(|| err_at(CompileError::invalid(format!("%{group} is not an OpDecorationGroup")), inst))?;
    *decorations += decos.len() * inst.operands.len();
    if *decorations > limits::MAX_DECORATIONS {
        return Err(err_at(limits::exceeded("the number of decorations", limits::MAX_DECORATIONS), inst));
    }
    Ok(decos)
}

fn allowed_at_module_scope(op: Op) -> bool {
    let name = format!("{op:?}");
    name.starts_with("Type")
        || name.starts_with("Constant")
        || name.starts_with("SpecConstant")
        || name.starts_with("Decorat")
        || name.starts_with("MemberDecorat")
        || name.starts_with("Source")
        || matches!(
            op,
            Op::Nop
                | Op::Extension
                | Op::String
                | Op::MemberName
                | Op::ModuleProcessed
                | Op::GroupDecorate
                | Op::GroupMemberDecorate
                | Op::Undef
                | Op::Line
                | Op::NoLine
                | Op::ExtInst
                | Op::ExecutionModeId
        )
}

fn decoration(inst: &SpvInst, at: usize) -> Result<Deco> {
    match inst.operands.get(at) {
        Some(Operand::Decoration(kind)) => Ok(Deco { kind: *kind, args: inst.operands[at + 1..].to_vec() }),
        _ => Err(err_at(CompileError::invalid("decoration instruction without a decoration"), inst)),
    }
}

fn check_capabilities(m: &SpvModule, caps: &[(Capability, usize)]) -> Result<()> {
    for (c, i) in caps {
        if !SUPPORTED_CAPABILITIES.contains(c) {
            return Err(err_at(
                CompileError::unsupported(format!(
                    "capability {c:?} is not supported; supported capabilities: {}",
                    SUPPORTED_CAPABILITIES.iter().map(|c| format!("{c:?}")).collect::<Vec<_>>().join(", ")
                )),
                &m.insts[*i],
            ));
        }
    }
    Ok(())
}

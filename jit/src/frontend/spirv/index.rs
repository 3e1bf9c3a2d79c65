//! Building the module index ([`SpvModule::index`]): one pass over the instruction list
//! that checks ids against the header's bound, records where each id is defined, splits
//! functions into parameters and blocks, and collects the module-scope facts
//! (capabilities, memory model, entry points and execution modes, names, strings,
//! decorations, global variables).
//!
//! Types and constants are `types`' and `constants`'; nothing here emits code.

use std::collections::HashMap;

use rspirv::dr::Operand;
use rspirv::spirv::{self, Capability, Op};

use super::limits;
use super::module::{err_at, op_name, BlockDef, Deco, EntryPoint, FuncDef, SpvModule, SUPPORTED_CAPABILITIES};
use super::reader::{Header, SpvInst};
use crate::{CompileError, Result};

/// What the pass over the instructions carries from one instruction to the next.
#[derive(Default)]
struct Indexer {
    /// The header's id bound.
    bound: u32,
    /// `OpDecorationGroup` id → its decorations.
    groups: HashMap<u32, Vec<Deco>>,
    /// Declared capabilities with the index of their instruction.
    caps: Vec<(Capability, usize)>,
    /// The function being read.
    cur: Option<(u32, FuncDef)>,
    /// The open block of that function: its label and the index after its `OpLabel`.
    open_block: Option<(u32, usize)>,
    local_size: HashMap<u32, [u32; 3]>,
    local_size_ids: HashMap<u32, [u32; 3]>,
    size_hint: HashMap<u32, [u32; 3]>,
    sub_group_size: HashMap<u32, u32>,
    memory_model_seen: bool,
    /// Decorations copied by decoration groups (each group may be applied many times).
    decorations: usize,
}

impl SpvModule {
    /// Index the instructions of a parsed module.
    pub fn index(header: Header, insts: Vec<SpvInst>) -> Result<SpvModule> {
        let mut m = SpvModule {
            insts: Vec::new(),
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
            specialization: Default::default(),
            descriptor_counts: Default::default(),
        };
        let mut ix = Indexer { bound: header.bound, ..Indexer::default() };
        for (index, inst) in insts.iter().enumerate() {
            ix.check_ids(&mut m, inst, index)?;
            if ix.cur.is_some() {
                ix.in_function(&mut m, inst, index)?;
            } else {
                ix.at_module_scope(&mut m, inst, index)?;
            }
        }
        m.insts = insts;
        ix.finish(m)
    }
}

impl Indexer {
    /// Record where `inst` defines its result; fail on ids outside the header's bound.
    fn check_ids(&self, m: &mut SpvModule, inst: &SpvInst, index: usize) -> Result<()> {
        if let Some(id) = inst.result_id {
            if id == 0 || id >= self.bound {
                return Err(err_at(
                    CompileError::invalid(format!(
                        "result id %{id} is out of range: the header's id bound is {}",
                        self.bound
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
                // Extended instructions decode literals as ids; those are checked where
                // they are used.
                if (*id == 0 || *id >= self.bound) && inst.op != Op::ExtInst {
                    return Err(err_at(
                        CompileError::invalid(format!(
                            "operand id %{id} is out of range: the header's id bound is {}",
                            self.bound
                        )),
                        inst,
                    ));
                }
            }
        }
        Ok(())
    }

    /// Function structure: parameters, blocks, the end of the function.
    fn in_function(&mut self, m: &mut SpvModule, inst: &SpvInst, index: usize) -> Result<()> {
        let Some((fid, f)) = self.cur.as_mut() else { return Ok(()) };
        match inst.op {
            Op::FunctionParameter => {
                if !f.blocks.is_empty() || self.open_block.is_some() {
                    return Err(err_at(CompileError::invalid("OpFunctionParameter after the first block"), inst));
                }
                f.params.push(index);
            }
            Op::Label => {
                if let Some((label, start)) = self.open_block.take() {
                    f.blocks.push(BlockDef { label, label_index: start - 1, body: start..index });
                }
                if f.blocks.len() >= limits::MAX_BLOCKS_PER_FUNCTION {
                    return Err(err_at(
                        limits::exceeded("the number of blocks in a function", limits::MAX_BLOCKS_PER_FUNCTION),
                        inst,
                    ));
                }
                self.open_block = Some((inst.rid()?, index + 1));
            }
            Op::FunctionEnd => {
                if let Some((label, start)) = self.open_block.take() {
                    f.blocks.push(BlockDef { label, label_index: start - 1, body: start..index });
                }
                let (fid, f) = (*fid, f.clone());
                m.funcs.insert(fid, f);
                self.cur = None;
            }
            Op::Function => {
                return Err(err_at(CompileError::invalid("OpFunction inside another function"), inst));
            }
            _ => {
                if self.open_block.is_none() {
                    return Err(err_at(
                        CompileError::invalid("instruction inside a function but outside any block"),
                        inst,
                    ));
                }
            }
        }
        Ok(())
    }

    /// An instruction outside any function.
    fn at_module_scope(&mut self, m: &mut SpvModule, inst: &SpvInst, index: usize) -> Result<()> {
        match inst.op {
            Op::Function => {
                if m.funcs.len() >= limits::MAX_FUNCTIONS {
                    return Err(err_at(limits::exceeded("the number of functions", limits::MAX_FUNCTIONS), inst));
                }
                self.cur = Some((inst.rid()?, FuncDef { def: index, params: Vec::new(), blocks: Vec::new() }));
            }
            Op::FunctionParameter | Op::Label | Op::FunctionEnd => {
                return Err(err_at(CompileError::invalid("instruction outside a function"), inst));
            }
            Op::Capability => {
                if let Some(Operand::Capability(c)) = inst.operands.first() {
                    self.caps.push((*c, index));
                }
            }
            Op::ExtInstImport => {
                m.ext_sets.insert(inst.rid()?, inst.string(0)?.to_string());
            }
            Op::MemoryModel => {
                self.memory_model_seen = true;
                m.pointer_bits = pointer_bits(inst)?;
            }
            Op::EntryPoint => entry_point(m, inst)?,
            Op::ExecutionMode | Op::ExecutionModeId => {
                let target = inst.id(0)?;
                match inst.operands.get(1) {
                    Some(Operand::ExecutionMode(spirv::ExecutionMode::LocalSize)) => {
                        self.local_size.insert(target, [inst.lit(2)?, inst.lit(3)?, inst.lit(4)?]);
                    }
                    Some(Operand::ExecutionMode(spirv::ExecutionMode::LocalSizeId)) => {
                        self.local_size_ids.insert(target, [inst.id(2)?, inst.id(3)?, inst.id(4)?]);
                    }
                    Some(Operand::ExecutionMode(spirv::ExecutionMode::LocalSizeHint)) => {
                        self.size_hint.insert(target, [inst.lit(2)?, inst.lit(3)?, inst.lit(4)?]);
                    }
                    Some(Operand::ExecutionMode(spirv::ExecutionMode::SubgroupSize)) => {
                        self.sub_group_size.insert(target, inst.lit(2)?);
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
            Op::Decorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorate
            | Op::MemberDecorateString
            | Op::DecorationGroup
            | Op::GroupDecorate
            | Op::GroupMemberDecorate => self.decorate(m, inst)?,
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
        Ok(())
    }

    /// The decoration instructions, decoration groups included.
    fn decorate(&mut self, m: &mut SpvModule, inst: &SpvInst) -> Result<()> {
        match inst.op {
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
                self.groups.insert(id, decos);
            }
            Op::GroupDecorate => {
                let decos = self.group_decorations(inst)?;
                for i in 1..inst.operands.len() {
                    m.decos.entry(inst.id(i)?).or_default().extend(decos.iter().cloned());
                }
            }
            Op::GroupMemberDecorate => {
                let decos = self.group_decorations(inst)?;
                let mut i = 1;
                while i + 1 < inst.operands.len() {
                    let key = (inst.id(i)?, inst.lit(i + 1)?);
                    m.member_decos.entry(key).or_default().extend(decos.iter().cloned());
                    i += 2;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The decorations of the group that `inst` (an `OpGroupDecorate` or
    /// `OpGroupMemberDecorate`) applies, counting the copies it makes against
    /// [`limits::MAX_DECORATIONS`].
    fn group_decorations(&mut self, inst: &SpvInst) -> Result<Vec<Deco>> {
        let group = inst.id(0)?;
        let decos = self
            .groups
            .get(&group)
            .cloned()
            .ok_or_else(|| err_at(CompileError::invalid(format!("%{group} is not an OpDecorationGroup")), inst))?;
        self.decorations += decos.len() * inst.operands.len();
        if self.decorations > limits::MAX_DECORATIONS {
            return Err(err_at(limits::exceeded("the number of decorations", limits::MAX_DECORATIONS), inst));
        }
        Ok(decos)
    }

    /// Checks that need the whole module, and the execution modes given to entry points.
    fn finish(self, mut m: SpvModule) -> Result<SpvModule> {
        if self.cur.is_some() {
            return Err(CompileError::invalid("the module ends inside a function (missing OpFunctionEnd)"));
        }
        if !self.memory_model_seen {
            return Err(CompileError::invalid("the module has no OpMemoryModel"));
        }
        check_capabilities(&m, &self.caps)?;
        m.capabilities = self.caps.iter().map(|(c, _)| format!("{c:?}")).collect();
        for ep in &mut m.entry_points {
            ep.local_size = self.local_size.get(&ep.func).copied();
            ep.local_size_ids = self.local_size_ids.get(&ep.func).copied();
            ep.size_hint = self.size_hint.get(&ep.func).copied();
            ep.sub_group_size = self.sub_group_size.get(&ep.func).copied();
        }
        Ok(m)
    }
}

/// The pointer width of the addressing model `OpMemoryModel` declares.
fn pointer_bits(inst: &SpvInst) -> Result<u32> {
    match inst.operands.first() {
        Some(Operand::AddressingModel(spirv::AddressingModel::Physical32)) => Ok(32),
        Some(Operand::AddressingModel(spirv::AddressingModel::Physical64)) => Ok(64),
        // Vulkan compute modules: pointers are host addresses underneath, and buffer
        // device addresses (`PhysicalStorageBuffer64`) are 64-bit host addresses.
        Some(Operand::AddressingModel(
            spirv::AddressingModel::Logical | spirv::AddressingModel::PhysicalStorageBuffer64,
        )) => Ok(64),
        _ => Err(err_at(CompileError::invalid("OpMemoryModel without an addressing model"), inst)),
    }
}

/// Record an `OpEntryPoint` of a kernel or compute shader.
fn entry_point(m: &mut SpvModule, inst: &SpvInst) -> Result<()> {
    let model = inst.operands.first();
    if !matches!(model, Some(Operand::ExecutionModel(spirv::ExecutionModel::Kernel | spirv::ExecutionModel::GLCompute)))
    {
        return Err(err_at(
            CompileError::unsupported(format!(
                "entry point with execution model {} is not supported: spirjit runs OpenCL kernels (Kernel) and \
                 Vulkan compute shaders (GLCompute)",
                model.map(|o| o.to_string()).unwrap_or_default()
            )),
            inst,
        ));
    }
    if m.entry_points.len() >= limits::MAX_ENTRY_POINTS {
        return Err(err_at(limits::exceeded("the number of entry points", limits::MAX_ENTRY_POINTS), inst));
    }
    m.entry_points.push(EntryPoint {
        func: inst.id(1)?,
        name: inst.string(2)?.to_string(),
        word: inst.word,
        local_size: None,
        local_size_ids: None,
        size_hint: None,
        sub_group_size: None,
    });
    Ok(())
}

/// True for instructions that may appear outside functions (declarations, debug
/// information, annotations, types, constants, global variables).
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

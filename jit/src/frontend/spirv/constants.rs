//! Constants: `OpConstant*`, `OpSpecConstant*` (at their specialized values, `spec`), composites,
//! nulls and undefs as values, their bytes in memory, and module-scope variables
//! (constant data, static local memory; initializers holding addresses of other
//! variables become relocations of the data).
//!
//! This module evaluates and lays out; instructions that materialise constants inside
//! a kernel are emitted by the function translator.

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, StorageClass};

use super::limits;
use super::module::{err_at, SpvModule};
use crate::ir::{ConstData, DataId, DataReloc, Scalar, Type};
use crate::{CompileError, Result};

pub(crate) use super::constval::ConstVal;

const MAX_CONST_DEPTH: u32 = 64;

/// Largest module-scope or private variable, in bytes (a limit, not a format rule).
pub(crate) const MAX_VARIABLE_BYTES: u64 = 1 << 28;

/// Fail with a limit error when a variable of type `ty` is too large to hold.
pub(crate) fn check_size(ty: &Type) -> Result<()> {
    if ty.size() > MAX_VARIABLE_BYTES {
        return Err(CompileError::limit(format!(
            "a variable of {} bytes exceeds the limit of {MAX_VARIABLE_BYTES} bytes",
            ty.size()
        )));
    }
    Ok(())
}

/// Module-scope memory the kernels share: local-memory layout and its zeroed ranges.
#[derive(Clone, Debug, Default)]
pub(crate) struct GlobalLayout {
    pub local_size: u64,
    pub local_zero_init: Vec<(u64, u64)>,
}

impl SpvModule {
    /// The value of `id` when it is a constant, null or undef; `None` for other ids.
    pub fn const_value(&self, id: u32) -> Result<Option<ConstVal>> {
        let mut nodes = 0;
        self.const_value_depth(id, 0, &mut nodes)
    }

    /// Like [`SpvModule::const_value`], but fails once the value tree has more than
    /// `max_nodes` nodes (used where the type bounds the size of a valid constant, so
    /// repeated evaluation stays cheap).
    pub fn const_value_within(&self, id: u32, max_nodes: usize) -> Result<Option<ConstVal>> {
        let mut nodes = limits::MAX_CONSTANT_NODES.saturating_sub(max_nodes);
        self.const_value_depth(id, 0, &mut nodes)
    }

    /// `nodes` counts the value tree's nodes so far: composites may share constituents,
    /// so the tree can be exponentially larger than the module.
    fn const_value_depth(&self, id: u32, depth: u32, nodes: &mut usize) -> Result<Option<ConstVal>> {
        if depth > MAX_CONST_DEPTH {
            return Err(CompileError::invalid(format!("constant %{id} is nested too deeply (or refers to itself)")));
        }
        *nodes += 1;
        if *nodes > limits::MAX_CONSTANT_NODES {
            return Err(limits::exceeded(
                format!("the value of constant %{id} (counting every component of nested composites)"),
                format!("{} components", limits::MAX_CONSTANT_NODES),
            ));
        }
        let Some(&index) = self.defs.get(&id) else { return Ok(None) };
        let inst = &self.insts[index];
        let value = match inst.op {
            Op::ConstantTrue => ConstVal::Bits(1),
            Op::ConstantFalse => ConstVal::Bits(0),
            Op::SpecConstantTrue | Op::SpecConstantFalse => {
                let default = (inst.op == Op::SpecConstantTrue) as u64;
                ConstVal::Bits(self.specialized_bits(id, crate::ir::Scalar::Bool)?.unwrap_or(default))
            }
            Op::Constant | Op::SpecConstant => {
                let raw = match inst.operands.first() {
                    Some(Operand::LiteralBit32(v)) => *v as u64,
                    Some(Operand::LiteralBit64(v)) => *v,
                    _ => return Err(err_at(CompileError::invalid("constant without a literal value"), inst)),
                };
                let ty = self.kir_type(inst.rtype()?).map_err(|e| err_at(e, inst))?;
                let bits = match ty {
                    Type::Scalar(s) if s.is_int() || s.is_float() => s.bits(),
                    other => {
                        return Err(err_at(
                            CompileError::invalid(format!("OpConstant of non-numeric type {other}")),
                            inst,
                        ))
                    }
                };
                let raw = if bits == 64 { raw } else { raw & ((1u64 << bits) - 1) };
                match (inst.op, &ty) {
                    (Op::SpecConstant, Type::Scalar(s)) => {
                        ConstVal::Bits(self.specialized_bits(id, *s).map_err(|e| err_at(e, inst))?.unwrap_or(raw))
                    }
                    _ => ConstVal::Bits(raw),
                }
            }
            Op::ConstantComposite | Op::SpecConstantComposite => {
                let mut parts = Vec::with_capacity(inst.operands.len());
                for i in 0..inst.operands.len() {
                    let c = inst.id(i)?;
                    let v = self.const_value_depth(c, depth + 1, nodes)?.ok_or_else(|| {
                        err_at(CompileError::invalid(format!("constituent %{c} is not a constant")), inst)
                    })?;
                    parts.push(v);
                }
                ConstVal::Composite(parts)
            }
            Op::ConstantNull => ConstVal::Zero,
            Op::Undef => ConstVal::Undef,
            Op::SpecConstantOp => {
                let mut values = Vec::new();
                for o in &inst.operands[1..] {
                    if let Operand::IdRef(a) = o {
                        let v = self.const_value_depth(*a, depth + 1, nodes)?.ok_or_else(|| {
                            err_at(CompileError::invalid(format!("operand %{a} is not a constant")), inst)
                        })?;
                        values.push(v);
                    }
                }
                self.fold_spec_op(id, &values)?
            }
            Op::ConstantSampler => {
                ConstVal::Bits(super::opaque::constant_sampler_bits(inst).map_err(|e| err_at(e, inst))?)
            }
            _ => return Ok(None),
        };
        Ok(Some(value))
    }

    /// An integer constant's value, zero-extended (for indices and literals given as ids).
    /// Specialization constant expressions may reach through composites (`OpSpecConstantOp
    /// CompositeExtract` of the work-group size), so a few hundred nodes are allowed.
    pub fn const_u64(&self, id: u32) -> Result<u64> {
        match self.const_value_within(id, 256)? {
            Some(ConstVal::Bits(b)) => Ok(b),
            Some(ConstVal::Zero | ConstVal::Undef) => Ok(0),
            _ => Err(CompileError::invalid(format!("%{id} should be an integer constant"))),
        }
    }

    /// An integer constant's value, sign-extended from its width.
    pub fn const_i64(&self, id: u32) -> Result<i64> {
        let bits = self.const_u64(id)?;
        let width = self.kir_type(self.type_of_value(id)?)?.scalar().map(|s| s.bits()).unwrap_or(64);
        Ok(if width >= 64 { bits as i64 } else { ((bits << (64 - width)) as i64) >> (64 - width) })
    }
}

/// Write constant `value` of type `ty` into `buf` at byte `offset`.
pub(crate) fn write_const(ty: &Type, value: &ConstVal, buf: &mut [u8], offset: u64) -> Result<()> {
    let mismatch = || CompileError::invalid(format!("constant does not match its type {ty}"));
    match (ty, value) {
        (_, ConstVal::Zero | ConstVal::Undef) => Ok(()),
        (Type::Scalar(s), ConstVal::Bits(b)) => {
            let size = s.size() as usize;
            let start = offset as usize;
            let dst = buf.get_mut(start..start + size).ok_or_else(mismatch)?;
            dst.copy_from_slice(&b.to_le_bytes()[..size]);
            Ok(())
        }
        (Type::Vector(s, n), ConstVal::Composite(parts)) if parts.len() == *n as usize => {
            for (i, p) in parts.iter().enumerate() {
                write_const(&Type::Scalar(*s), p, buf, offset + i as u64 * s.size())?;
            }
            Ok(())
        }
        (Type::Array { elem, len, stride }, ConstVal::Composite(parts)) if parts.len() as u64 == *len => {
            for (i, p) in parts.iter().enumerate() {
                write_const(elem, p, buf, offset + i as u64 * stride)?;
            }
            Ok(())
        }
        (Type::Struct(st), ConstVal::Composite(parts)) if parts.len() == st.members.len() => {
            for ((o, t), p) in st.members.iter().zip(parts) {
                write_const(t, p, buf, offset + o)?;
            }
            Ok(())
        }
        _ => Err(mismatch()),
    }
}

/// The bytes of constant `id` of type `ty`.
pub(crate) fn const_bytes(m: &SpvModule, id: u32, ty: &Type) -> Result<Vec<u8>> {
    // A constant of a valid type has at most one leaf per byte plus as many composites.
    let budget = (ty.size() as usize).saturating_mul(2).saturating_add(64);
    let value = m
        .const_value_within(id, budget)?
        .ok_or_else(|| CompileError::unsupported(format!("initializer %{id} is not a constant")))?;
    let mut bytes = vec![0u8; ty.size() as usize];
    write_const(ty, &value, &mut bytes, 0)?;
    Ok(bytes)
}

/// True when every bit of `v` is zero.
pub(crate) fn is_zero(v: &ConstVal) -> bool {
    match v {
        ConstVal::Bits(b) => *b == 0,
        ConstVal::Composite(parts) => parts.iter().all(is_zero),
        ConstVal::Zero | ConstVal::Undef => true,
    }
}

/// The alignment and size of the region that Block-decorated Workgroup variables share,
/// if the module has any.
fn aliased_workgroup_region(m: &SpvModule) -> Result<Option<(u64, u64)>> {
    let mut region: Option<(u64, u64)> = None;
    for &id in &m.globals {
        let inst = m.def(id)?;
        if !matches!(inst.operands.first(), Some(Operand::StorageClass(StorageClass::Workgroup))) {
            continue;
        }
        let (_, pointee) = m.pointer_type(inst.rtype()?).map_err(|e| err_at(e, inst))?;
        if !m.has_deco(pointee, Decoration::Block) {
            continue;
        }
        let ty = m.kir_type(pointee).map_err(|e| err_at(e, inst))?;
        let (a, s) = region.unwrap_or((1, 0));
        region = Some((a.max(ty.align().max(1) as u64), s.max(ty.size())));
    }
    Ok(region)
}

/// Lay out every `OpString` of a module that imports `NonSemantic.DebugPrintf` as
/// constant data (NUL-terminated), so DebugPrintf formats are C strings kernels address.
fn debug_printf_strings(m: &mut SpvModule, data: &mut Vec<ConstData>) -> Result<()> {
    if !m.ext_sets.values().any(|s| s == "NonSemantic.DebugPrintf") {
        return Ok(());
    }
    let mut bytes_total = 0u64;
    for i in 0..m.insts.len() {
        let inst = &m.insts[i];
        if inst.op != Op::String {
            continue;
        }
        let id = inst.rid()?;
        let mut bytes = inst.string(0).map_err(|e| err_at(e, inst))?.as_bytes().to_vec();
        bytes.push(0);
        bytes_total += bytes.len() as u64;
        if bytes_total > limits::MAX_DATA_BYTES {
            return Err(err_at(
                limits::exceeded(
                    format!("strings of {bytes_total} bytes"),
                    format!("{} bytes", limits::MAX_DATA_BYTES),
                ),
                inst,
            ));
        }
        m.data_ids.insert(id, DataId(data.len() as u32));
        data.push(ConstData { name: None, bytes, align: 1, writable: false, relocs: Vec::new() });
    }
    Ok(())
}

/// Lay out module-scope variables: constant data for `UniformConstant` and
/// `CrossWorkgroup` variables, offsets in static local memory for `Workgroup` ones.
pub(crate) fn build_globals(m: &mut SpvModule, data: &mut Vec<ConstData>) -> Result<GlobalLayout> {
    let mut layout = GlobalLayout::default();
    let mut data_bytes = 0u64;
    // Block-decorated Workgroup variables (WorkgroupMemoryExplicitLayoutKHR) alias each
    // other: they share one region, as large and as aligned as the largest of them.
    let blocks = aliased_workgroup_region(m)?;
    let mut block_offset = None;
    debug_printf_strings(m, data)?;
    for gi in 0..m.globals.len() {
        let id = m.globals[gi];
        let inst = m.def(id)?.clone();
        let located = |e: CompileError| err_at(e, &inst);
        let sc = match inst.operands.first() {
            Some(Operand::StorageClass(sc)) => *sc,
            _ => return Err(located(CompileError::invalid("OpVariable without a storage class"))),
        };
        let (_, pointee) = m.pointer_type(inst.rtype()?).map_err(located)?;
        let init = if inst.operands.len() > 1 { Some(inst.id(1)?) } else { None };
        let name = m.names.get(&id).cloned();
        match sc {
            StorageClass::Input => {
                if !m.has_deco(id, Decoration::BuiltIn) {
                    return Err(located(CompileError::unsupported(
                        "Input variables other than work-item builtins are not supported",
                    )));
                }
            }
            StorageClass::UniformConstant | StorageClass::CrossWorkgroup => {
                if super::opaque::descriptor_type(m, pointee).is_some() {
                    // Sampler / image variables (and Vulkan descriptor arrays): bound as
                    // parameters in Vulkan modules, rejected where used otherwise.
                    continue;
                }
                let ty = m.kir_type(pointee).map_err(located)?;
                check_size(&ty).map_err(located)?;
                data_bytes += ty.size();
                if data_bytes > limits::MAX_DATA_BYTES {
                    return Err(located(limits::exceeded(
                        format!("module-scope data of {data_bytes} bytes"),
                        format!("{} bytes", limits::MAX_DATA_BYTES),
                    )));
                }
                let (bytes, relocs) = match init {
                    Some(c) => match const_bytes(m, c, &ty) {
                        Ok(bytes) => (bytes, Vec::new()),
                        // Addresses of other variables (`global int *p = &x;`).
                        Err(e) => init_with_addresses(m, c, &ty).map_err(located)?.ok_or_else(|| located(e))?,
                    },
                    None => (vec![0u8; ty.size() as usize], Vec::new()),
                };
                let align = ty.align().max(m.deco_lit(id, Decoration::Alignment).unwrap_or(1)).max(1);
                m.data_ids.insert(id, DataId(data.len() as u32));
                let writable = sc == StorageClass::CrossWorkgroup;
                data.push(ConstData { name, bytes, align, writable, relocs });
            }
            // Descriptor-bound and push-constant variables of Vulkan modules are kernel
            // parameters (see `vulkan`).
            StorageClass::StorageBuffer | StorageClass::Uniform | StorageClass::PushConstant => {}
            // Module-scope `Private` variables (GLSL globals) get per-work-item storage
            // where a kernel uses them (see `vulkan`).
            StorageClass::Private => {}
            StorageClass::Workgroup => {
                let ty = m.kir_type(pointee).map_err(located)?;
                check_size(&ty).map_err(located)?;
                let aliased = m.has_deco(pointee, Decoration::Block);
                let (align, size) = match blocks {
                    Some(region) if aliased => region,
                    _ => (ty.align().max(m.deco_lit(id, Decoration::Alignment).unwrap_or(1)).max(1) as u64, ty.size()),
                };
                let offset = match block_offset {
                    Some(o) if aliased => {
                        m.local_offsets.insert(id, o);
                        continue;
                    }
                    _ => layout.local_size.div_ceil(align) * align,
                };
                if aliased {
                    block_offset = Some(offset);
                }
                layout.local_size = offset + size;
                if layout.local_size > limits::MAX_LOCAL_BYTES {
                    return Err(located(limits::exceeded(
                        format!("static local memory of {} bytes", layout.local_size),
                        format!("{} bytes", limits::MAX_LOCAL_BYTES),
                    )));
                }
                if let Some(c) = init {
                    let v = m.const_value(c).map_err(located)?;
                    match v {
                        Some(v) if is_zero(&v) => layout.local_zero_init.push((offset, size)),
                        _ => {
                            return Err(located(CompileError::unsupported(
                                "__local variables with a non-zero initializer are not supported",
                            )))
                        }
                    }
                }
                m.local_offsets.insert(id, offset);
            }
            other => {
                return Err(located(CompileError::unsupported(format!(
                    "module-scope variables in storage class {other:?} are not supported"
                ))))
            }
        }
    }
    Ok(layout)
}

/// Nesting of composites and address expressions followed in one initializer that
/// holds addresses.
const MAX_ADDR_DEPTH: u32 = 64;

/// Initializers of program-scope variables that hold addresses of other program-scope
/// variables (`global int *p = &counter;`, `global float *q = &table[3];`, structs and
/// arrays with such members): their bytes with the pointers left zero, and one
/// [`DataReloc`] per pointer for the runtime to fill in once the data is placed; `None`
/// when the initializer holds no address of a variable (the caller reports why it is not
/// a constant).
///
/// An address is an `OpVariable` of module data, or an `OpSpecConstantOp` `Bitcast`,
/// `PtrCastToGeneric`, `GenericCastToPtr` or `(InBounds)PtrAccessChain` of one (as
/// llvm-spirv writes them).
pub(crate) fn init_with_addresses(m: &SpvModule, id: u32, ty: &Type) -> Result<Option<(Vec<u8>, Vec<DataReloc>)>> {
    let mut bytes = vec![0u8; ty.size() as usize];
    let mut relocs = Vec::new();
    write_with_addresses(m, id, ty, 0, &mut bytes, &mut relocs, 0)?;
    Ok((!relocs.is_empty()).then_some((bytes, relocs)))
}

fn write_with_addresses(
    m: &SpvModule,
    id: u32,
    ty: &Type,
    offset: u64,
    bytes: &mut [u8],
    relocs: &mut Vec<DataReloc>,
    depth: u32,
) -> Result<()> {
    if depth > MAX_ADDR_DEPTH {
        return Err(CompileError::limit(format!("initializer %{id} nests deeper than {MAX_ADDR_DEPTH} levels")));
    }
    let def = m.def(id)?;
    if let Type::Scalar(Scalar::Ptr(_)) = ty {
        if matches!(def.op, Op::ConstantNull | Op::Undef) {
            return Ok(());
        }
        let (var, addend) = address(m, id, depth)?;
        let target = *m.data_ids.get(&var).ok_or_else(|| {
            CompileError::unsupported(format!(
                "initializer %{id} is the address of %{var}, which is not a program-scope global or constant variable"
            ))
        })?;
        let width = if m.pointer_bits == 32 { 4 } else { 8 };
        relocs.push(DataReloc { offset, bytes: width, target, addend });
        return Ok(());
    }
    let members: Vec<(u64, Type)> = match (ty, def.op) {
        (Type::Struct(st), Op::ConstantComposite | Op::SpecConstantComposite) => st.members.clone(),
        (Type::Array { elem, len, stride }, Op::ConstantComposite | Op::SpecConstantComposite) => {
            (0..*len).map(|i| (i * stride, (**elem).clone())).collect()
        }
        _ => {
            // No pointer inside: the plain constant.
            let b = const_bytes(m, id, ty)?;
            let at = offset as usize;
            let dst = bytes
                .get_mut(at..at + b.len())
                .ok_or_else(|| CompileError::invalid(format!("initializer %{id} does not fit its variable")))?;
            dst.copy_from_slice(&b);
            return Ok(());
        }
    };
    if def.operands.len() != members.len() {
        return Err(CompileError::invalid(format!(
            "initializer %{id} has {} constituents for a type of {}",
            def.operands.len(),
            members.len()
        )));
    }
    for (k, (o, t)) in members.iter().enumerate() {
        write_with_addresses(m, def.id(k)?, t, offset + o, bytes, relocs, depth + 1)?;
    }
    Ok(())
}

/// The variable a constant address `id` points into, and the byte offset from its start.
fn address(m: &SpvModule, id: u32, depth: u32) -> Result<(u32, i64)> {
    if depth > MAX_ADDR_DEPTH {
        return Err(CompileError::limit(format!("address %{id} nests deeper than {MAX_ADDR_DEPTH} levels")));
    }
    let def = m.def(id)?;
    let not_constant = || CompileError::unsupported(format!("initializer %{id} is not a constant address"));
    match def.op {
        Op::Variable => Ok((id, 0)),
        Op::SpecConstantOp => {
            let Some(Operand::LiteralSpecConstantOpInteger(op)) = def.operands.first() else {
                return Err(not_constant());
            };
            match op {
                Op::Bitcast | Op::PtrCastToGeneric | Op::GenericCastToPtr => address(m, def.id(1)?, depth + 1),
                Op::PtrAccessChain | Op::InBoundsPtrAccessChain => {
                    let base = def.id(1)?;
                    let (var, mut off) = address(m, base, depth + 1)?;
                    let (_, pointee) = m.pointer_type(m.type_of_value(base)?)?;
                    let mut ty = m.kir_type(pointee)?;
                    let element = m.const_u64(def.id(2)?)? as i64;
                    off = off.wrapping_add(element.wrapping_mul(ty.size() as i64));
                    for k in 3..def.operands.len() {
                        let i = m.const_u64(def.id(k)?)?;
                        let (o, t) = match &ty {
                            Type::Array { elem, stride, .. } => (i.wrapping_mul(*stride), (**elem).clone()),
                            Type::Vector(s, _) => (i.wrapping_mul(s.size()), Type::Scalar(*s)),
                            Type::Struct(st) => st.members.get(i as usize).cloned().ok_or_else(|| {
                                CompileError::invalid(format!("address %{id}: struct member {i} does not exist"))
                            })?,
                            other => {
                                return Err(CompileError::invalid(format!(
                                    "address %{id} indexes into a value of type {other}"
                                )))
                            }
                        };
                        off = off.wrapping_add(o as i64);
                        ty = t;
                    }
                    Ok((var, off))
                }
                _ => Err(not_constant()),
            }
        }
        _ => Err(not_constant()),
    }
}

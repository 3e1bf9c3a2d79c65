//! The OpenCL signature of kernels compiled by clspv: the `NonSemantic.ClspvReflection.N`
//! extended instructions (any version) describe each kernel's OpenCL arguments — where
//! each value goes (a descriptor binding, bytes of the push constants or of a POD
//! buffer, a work-group array sized by a specialization constant) — and what a launch
//! must supply besides them (global offset, sizes, work dimension, the module's
//! constant data, literal samplers, the printf buffer).
//!
//! This is module analysis: it reads the indexed module and builds an
//! [`ir::OpenClSignature`] per kernel; it must not translate code or use the translation
//! modules. Reflection instructions it does not know are recorded by number and
//! otherwise ignored, as the set is non-semantic.

use std::collections::{HashMap, HashSet};

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, StorageClass};

use super::module::{EntryPoint, SpvModule};
use super::reader::SpvInst;
use super::types::SpvType;
use crate::ir::{
    AddressSpace, ArgPlace, HostType, ModuleBuffer, OpenClSignature, Param, ParamKind, PrintfSite, PushSlot, PushValue,
    Signedness, Type, TypeQualifiers,
};
use crate::{CompileError, Result};

/// The name prefix of the reflection instruction set (the version follows).
const SET_PREFIX: &str = "NonSemantic.ClspvReflection.";

/// `CL_KERNEL_ARG_ADDRESS_*` values of `ArgumentInfo`.
const ADDRESS_CONSTANT: u32 = 0x119D;
const ADDRESS_LOCAL: u32 = 0x119C;
/// `CL_KERNEL_ARG_TYPE_CONST`.
const TYPE_CONST: u32 = 1;
/// `CL_KERNEL_ARG_TYPE_RESTRICT`.
const TYPE_RESTRICT: u32 = 2;
/// `CL_KERNEL_ARG_TYPE_VOLATILE`.
const TYPE_VOLATILE: u32 = 4;

/// True when the module imports a `NonSemantic.ClspvReflection` set.
pub(crate) fn has_reflection(m: &SpvModule) -> bool {
    m.ext_sets.values().any(|s| s.starts_with(SET_PREFIX))
}

/// One reflection instruction: its number and its operands after the number.
struct Refl<'a> {
    inst: &'a SpvInst,
    op: u32,
    result: Option<u32>,
}

impl Refl<'_> {
    /// Operand `i` (after the instruction number) as an id.
    fn id(&self, i: usize) -> Result<u32> {
        match self.inst.operands.get(i + 2) {
            Some(Operand::IdRef(id)) => Ok(*id),
            Some(other) => Err(self.bad(format!("operand {i} should be an id, found {other}"))),
            None => Err(self.bad(format!("operand {i} is missing"))),
        }
    }

    /// How many operands follow the instruction number.
    fn count(&self) -> usize {
        self.inst.operands.len().saturating_sub(2)
    }

    fn bad(&self, what: String) -> CompileError {
        super::module::err_at(
            CompileError::invalid(format!("reflection instruction {} ({}): {what}", self.op, name(self.op))),
            self.inst,
        )
    }
}

/// The reflection instruction `op`'s name.
fn name(op: u32) -> &'static str {
    const NAMES: &[&str] = &[
        "",
        "Kernel",
        "ArgumentInfo",
        "ArgumentStorageBuffer",
        "ArgumentUniform",
        "ArgumentPodStorageBuffer",
        "ArgumentPodUniform",
        "ArgumentPodPushConstant",
        "ArgumentSampledImage",
        "ArgumentStorageImage",
        "ArgumentSampler",
        "ArgumentWorkgroup",
        "SpecConstantWorkgroupSize",
        "SpecConstantGlobalOffset",
        "SpecConstantWorkDim",
        "PushConstantGlobalOffset",
        "PushConstantEnqueuedLocalSize",
        "PushConstantGlobalSize",
        "PushConstantRegionOffset",
        "PushConstantNumWorkgroups",
        "PushConstantRegionGroupOffset",
        "ConstantDataStorageBuffer",
        "ConstantDataUniform",
        "LiteralSampler",
        "PropertyRequiredWorkgroupSize",
        "SpecConstantSubgroupMaxSize",
        "ArgumentPointerPushConstant",
        "ArgumentPointerUniform",
        "ProgramScopeVariablesStorageBuffer",
        "ProgramScopeVariablePointerRelocation",
        "ImageArgumentInfoChannelOrderPushConstant",
        "ImageArgumentInfoChannelDataTypePushConstant",
        "ImageArgumentInfoChannelOrderUniform",
        "ImageArgumentInfoChannelDataTypeUniform",
        "ArgumentStorageTexelBuffer",
        "ArgumentUniformTexelBuffer",
        "ConstantDataPointerPushConstant",
        "ProgramScopeVariablePointerPushConstant",
        "PrintfInfo",
        "PrintfBufferStorageBuffer",
        "PrintfBufferPointerPushConstant",
        "NormalizedSamplerMaskPushConstant",
        "WorkgroupVariableSize",
    ];
    NAMES.get(op as usize).copied().filter(|n| !n.is_empty()).unwrap_or("unknown")
}

/// What `ArgumentInfo` says about an argument.
#[derive(Clone, Default)]
struct ArgInfo {
    name: Option<String>,
    type_name: Option<String>,
    address: Option<u32>,
    type_qual: u32,
}

/// The value of 32-bit integer constant `id`.
fn u32_of(m: &SpvModule, id: u32) -> Result<u32> {
    let inst = m.def(id)?;
    match (inst.op, inst.operands.first()) {
        (Op::Constant, Some(Operand::LiteralBit32(v))) => Ok(*v),
        _ => Err(super::module::err_at(
            CompileError::invalid(format!("%{id} should be a 32-bit integer constant (a reflection operand)")),
            inst,
        )),
    }
}

/// The text of `OpString` `id`.
fn str_of(m: &SpvModule, id: u32) -> Result<String> {
    let inst = m.def(id)?;
    if inst.op != Op::String {
        return Err(super::module::err_at(
            CompileError::invalid(format!("%{id} should be an OpString (a reflection operand)")),
            inst,
        ));
    }
    Ok(inst.string(0)?.to_string())
}

/// Decode the hexadecimal text of a `ConstantData*` instruction.
fn hex_bytes(text: &str) -> Result<Vec<u8>> {
    let digits = text.as_bytes();
    if !digits.len().is_multiple_of(2) {
        return Err(CompileError::invalid("reflected constant data has an odd number of hexadecimal digits"));
    }
    digits
        .chunks(2)
        .map(|pair| {
            std::str::from_utf8(pair)
                .ok()
                .and_then(|s| u8::from_str_radix(s, 16).ok())
                .ok_or_else(|| CompileError::invalid("reflected constant data is not hexadecimal"))
        })
        .collect()
}

/// The OpenCL signature of entry point `ep`, or `None` when the module has no
/// reflection for it.
pub(crate) fn signature(m: &SpvModule, ep: &EntryPoint) -> Result<Option<OpenClSignature>> {
    if !has_reflection(m) {
        return Ok(None);
    }
    let sets: HashSet<u32> = m.ext_sets.iter().filter(|(_, s)| s.starts_with(SET_PREFIX)).map(|(id, _)| *id).collect();
    let refl: Vec<Refl<'_>> = m
        .insts
        .iter()
        .filter(|i| i.op == Op::ExtInst)
        .filter_map(|inst| {
            let set = match inst.operands.first() {
                Some(Operand::IdRef(id)) => *id,
                _ => return None,
            };
            if !sets.contains(&set) {
                return None;
            }
            let op = match inst.operands.get(1) {
                Some(Operand::LiteralExtInstInteger(n) | Operand::LiteralBit32(n) | Operand::IdRef(n)) => *n,
                _ => return None,
            };
            Some(Refl { inst, op, result: inst.result_id })
        })
        .collect();
    // The kernel's declaration: the `Kernel` instruction naming its function.
    let mut decl = None;
    for r in refl.iter().filter(|r| r.op == 1) {
        if r.id(0)? == ep.func {
            decl = r.result;
        }
    }
    let Some(decl) = decl else { return Ok(None) };
    let mut infos: HashMap<u32, ArgInfo> = HashMap::new();
    for r in refl.iter().filter(|r| r.op == 2) {
        let mut info = ArgInfo { name: Some(str_of(m, r.id(0)?)?), ..ArgInfo::default() };
        if r.count() >= 5 {
            info.type_name = Some(str_of(m, r.id(1)?)?);
            info.address = Some(u32_of(m, r.id(2)?)?);
            info.type_qual = u32_of(m, r.id(4)?)?;
        }
        if let Some(id) = r.result {
            infos.insert(id, info);
        }
    }
    let used = m.used_globals(ep.func);
    let mut sig = OpenClSignature::default();
    let mut args: Vec<(u32, Param, ArgPlace)> = Vec::new();
    let c = |r: &Refl<'_>, i: usize| -> Result<u32> { u32_of(m, r.id(i)?) };
    let info_at = |r: &Refl<'_>, i: usize| -> Result<ArgInfo> {
        match r.count() > i {
            true => Ok(infos.get(&r.id(i)?).cloned().unwrap_or_default()),
            false => Ok(ArgInfo::default()),
        }
    };
    let mut ignored = Vec::new();
    for r in &refl {
        let for_us = |i: usize| -> Result<bool> { Ok(r.id(i)? == decl) };
        let loc = |e: CompileError| super::module::err_at(e, r.inst);
        match r.op {
            1 | 2 | 29 => {}
            3 | 4 | 8 | 9 | 10 | 34 | 35 if for_us(0)? => {
                let (ordinal, set, binding) = (c(r, 1)?, c(r, 2)?, c(r, 3)?);
                let info = info_at(r, 4)?;
                let place = match r.op {
                    3 | 4 => ArgPlace::Buffer { set, binding, uniform: r.op == 4 },
                    10 => ArgPlace::Sampler { set, binding },
                    _ => ArgPlace::Image { set, binding },
                };
                let param = match r.op {
                    3 | 4 => buffer_param(m, &used, set, binding, r.op == 4, &info),
                    _ => opaque_param(m, &used, set, binding, &info),
                }
                .map_err(loc)?;
                args.push((ordinal, param, place));
            }
            5 | 6 | 27 if for_us(0)? => {
                let (ordinal, set, binding, offset, size) = (c(r, 1)?, c(r, 2)?, c(r, 3)?, c(r, 4)?, c(r, 5)?);
                let info = info_at(r, 6)?;
                let (place, param) = if r.op == 27 {
                    (ArgPlace::PointerUniform { set, binding, offset, size }, pointer_param(&info))
                } else {
                    let block = var_at(m, &used, |v| binding_of(m, v) == Some((set, binding)));
                    let ty = block.map(|v| pod_type(m, v, offset, size)).unwrap_or_else(|| bytes_type(size));
                    let place = ArgPlace::PodBuffer { set, binding, offset, size, uniform: r.op == 6 };
                    (place, value_param(ty, &info))
                };
                args.push((ordinal, param, place));
            }
            7 | 26 if for_us(0)? => {
                let (ordinal, offset, size) = (c(r, 1)?, c(r, 2)?, c(r, 3)?);
                let info = info_at(r, 4)?;
                let (place, param) = if r.op == 26 {
                    (ArgPlace::PointerPushConstant { offset, size }, pointer_param(&info))
                } else {
                    let block = var_at(m, &used, |v| storage_class(m, v) == Some(StorageClass::PushConstant));
                    let ty = block.map(|v| pod_type(m, v, offset, size)).unwrap_or_else(|| bytes_type(size));
                    (ArgPlace::PodPushConstant { offset, size }, value_param(ty, &info))
                };
                args.push((ordinal, param, place));
            }
            11 if for_us(0)? => {
                let (ordinal, spec_id, elem_size) = (c(r, 1)?, c(r, 2)?, c(r, 3)?);
                let info = info_at(r, 4)?;
                let pointee = workgroup_elem(m, spec_id).unwrap_or_else(|| bytes_type(elem_size));
                let param = pointer(&info, AddressSpace::Local, pointee, false);
                args.push((ordinal, param, ArgPlace::Workgroup { spec_id, elem_size }));
            }
            12 => sig.workgroup_size_spec = Some([c(r, 0)?, c(r, 1)?, c(r, 2)?]),
            13 => sig.global_offset_spec = Some([c(r, 0)?, c(r, 1)?, c(r, 2)?]),
            14 => sig.work_dim_spec = Some(c(r, 0)?),
            25 => sig.subgroup_max_size_spec = Some(c(r, 0)?),
            15..=20 => {
                let value = match r.op {
                    15 => PushValue::GlobalOffset,
                    16 => PushValue::EnqueuedLocalSize,
                    17 => PushValue::GlobalSize,
                    18 => PushValue::RegionOffset,
                    19 => PushValue::NumWorkgroups,
                    _ => PushValue::RegionGroupOffset,
                };
                sig.push.push(PushSlot { value, offset: c(r, 0)?, size: c(r, 1)? });
            }
            21 | 22 | 28 => {
                let buffer = ModuleBuffer { set: c(r, 0)?, binding: c(r, 1)?, data: hex_bytes(&str_of(m, r.id(2)?)?)? };
                if r.op == 28 {
                    sig.program_scope = Some(buffer);
                } else {
                    sig.constant_data.push(buffer);
                }
            }
            36 | 37 | 40 => {
                let value = match r.op {
                    36 => PushValue::ConstantDataPointer,
                    37 => PushValue::ProgramScopeVariablesPointer,
                    _ => PushValue::PrintfBufferPointer,
                };
                sig.push.push(PushSlot { value, offset: c(r, 0)?, size: c(r, 1)? });
            }
            23 => sig.literal_samplers.push((c(r, 0)?, c(r, 1)?, c(r, 2)?)),
            24 if for_us(0)? => sig.reqd_work_group_size = Some([c(r, 1)?, c(r, 2)?, c(r, 3)?]),
            30 | 31 | 41 if for_us(0)? => {
                let ordinal = c(r, 1)?;
                let value = match r.op {
                    30 => PushValue::ImageChannelOrder(ordinal),
                    31 => PushValue::ImageChannelDataType(ordinal),
                    _ => PushValue::NormalizedSamplerMask(ordinal),
                };
                sig.push.push(PushSlot { value, offset: c(r, 2)?, size: c(r, 3)? });
            }
            38 => {
                let mut site = PrintfSite { id: c(r, 0)?, format: str_of(m, r.id(1)?)?, arg_sizes: Vec::new() };
                for i in 2..r.count() {
                    site.arg_sizes.push(c(r, i)?);
                }
                sig.printf_sites.push(site);
            }
            39 => sig.printf_buffer = Some((c(r, 0)?, c(r, 1)?, c(r, 2)?)),
            // Instructions about other kernels.
            3..=11 | 24 | 26 | 27 | 30..=35 | 41 => {}
            other => ignored.push(format!("{} ({other})", name(other))),
        }
    }
    args.sort_by_key(|(ordinal, _, _)| *ordinal);
    for (i, (ordinal, _, _)) in args.iter().enumerate() {
        if *ordinal != i as u32 {
            return Err(CompileError::invalid(format!(
                "the reflection of kernel `{}` describes argument {ordinal} but no argument {i}",
                ep.name
            )));
        }
    }
    for (_, param, place) in args {
        sig.params.push(param);
        sig.places.push(place);
    }
    sig.ignored = ignored;
    Ok(Some(sig))
}

fn storage_class(m: &SpvModule, var: u32) -> Option<StorageClass> {
    match m.def(var).ok()?.operands.first() {
        Some(Operand::StorageClass(sc)) => Some(*sc),
        _ => None,
    }
}

fn binding_of(m: &SpvModule, var: u32) -> Option<(u32, u32)> {
    Some((m.deco_lit(var, Decoration::DescriptorSet)?, m.deco_lit(var, Decoration::Binding)?))
}

/// The variable among `used` that `pick` accepts (module order).
fn var_at(m: &SpvModule, used: &HashSet<u32>, pick: impl Fn(u32) -> bool) -> Option<u32> {
    m.globals.iter().copied().find(|v| used.contains(v) && pick(*v))
}

/// The type id variable `var` points to.
fn pointee_of(m: &SpvModule, var: u32) -> Option<u32> {
    let ty = m.def(var).ok()?.result_type?;
    m.pointer_type(ty).ok().map(|(_, p)| p)
}

/// Opaque bytes of `size`.
fn bytes_type(size: u32) -> Type {
    Type::Array { elem: Box::new(Type::I8), len: u64::from(size), stride: 1 }
}

/// The type of the `size` bytes at `offset` of the block variable `var` points to: the
/// innermost member there of that size (wrapper structs of one member are looked
/// through), else bytes. A 3-element vector's reflected size leaves out its padding,
/// and clspv widens one to 4 elements in a struct of clustered arguments (`int3` is a
/// `v4uint` member there, 12 bytes reflected): either is the 3-element vector.
fn pod_type(m: &SpvModule, var: u32, offset: u32, size: u32) -> Type {
    let Some(block) = pointee_of(m, var).and_then(|p| m.kir_type(p).ok()) else { return bytes_type(size) };
    let (offset, size) = (u64::from(offset), u64::from(size));
    let vec3 = |t: &Type| match t {
        Type::Vector(s, 3 | 4) if s.size() * 3 == size => Some(Type::Vector(*s, 3)),
        _ => None,
    };
    let fits = |mt: &Type| mt.size() == size || vec3(mt).is_some();
    let mut t = block;
    let mut base = 0u64;
    for _ in 0..16 {
        let Type::Struct(st) = &t else { break };
        let exact = |o: &u64, mt: &Type| base + o == offset && fits(mt);
        let inner =
            st.members.iter().find(|(o, mt)| exact(o, mt)).or_else(|| {
                st.members.iter().find(|(o, mt)| base + o <= offset && offset + size <= base + o + mt.size())
            });
        let Some((o, inner)) = inner else { break };
        if base == offset && fits(&t) && !exact(o, inner) {
            break;
        }
        base += o;
        t = inner.clone();
    }
    match vec3(&t) {
        Some(v) if base == offset => v,
        _ if base == offset && t.size() == size => t,
        _ => bytes_type(size as u32),
    }
}

/// The element type of the work-group array whose length is spec constant `spec_id`.
fn workgroup_elem(m: &SpvModule, spec_id: u32) -> Option<Type> {
    m.insts.iter().filter(|i| i.op == Op::TypeArray).find_map(|i| {
        let len = i.id(1).ok()?;
        (m.deco_lit(len, Decoration::SpecId) == Some(spec_id)).then_some(())?;
        m.kir_type(i.id(0).ok()?).ok()
    })
}

/// A by-value parameter of type `ty`.
fn value_param(ty: Type, info: &ArgInfo) -> Param {
    let kind = ParamKind::Value(ty.clone());
    let host = match &info.type_name {
        Some(t) => super::host::opencl_param(&kind, Some(t)),
        None => HostType::of_value(&ty, Signedness::Unknown),
    };
    let value_type = match ty {
        Type::Scalar(_) | Type::Vector(..) => ty,
        _ => Type::ptr(AddressSpace::Private),
    };
    Param {
        name: info.name.clone(),
        kind,
        type_name: info.type_name.clone(),
        read_only: true,
        qualifiers: TypeQualifiers::default(),
        value_type,
        host,
    }
}

/// A pointer parameter into `space` with elements of `pointee`.
fn pointer(info: &ArgInfo, space: AddressSpace, pointee: Type, read_only: bool) -> Param {
    let kind = ParamKind::Pointer { space, pointee };
    let host = super::host::opencl_param(&kind, info.type_name.as_deref());
    let read_only = read_only || info.type_qual & TYPE_CONST != 0 || space == AddressSpace::Constant;
    Param {
        name: info.name.clone(),
        kind,
        type_name: info.type_name.clone(),
        read_only,
        qualifiers: TypeQualifiers {
            is_const: info.type_qual & TYPE_CONST != 0 || space == AddressSpace::Constant,
            restrict: info.type_qual & TYPE_RESTRICT != 0,
            volatile: info.type_qual & TYPE_VOLATILE != 0,
        },
        value_type: Type::ptr(space),
        host,
    }
}

/// A global pointer passed as a device address (`ArgumentPointer*`).
fn pointer_param(info: &ArgInfo) -> Param {
    pointer(info, AddressSpace::Global, Type::I8, false)
}

/// A buffer argument bound to (`set`, `binding`).
fn buffer_param(
    m: &SpvModule,
    used: &HashSet<u32>,
    set: u32,
    binding: u32,
    uniform: bool,
    info: &ArgInfo,
) -> Result<Param> {
    let space = match info.address {
        Some(ADDRESS_CONSTANT) => AddressSpace::Constant,
        Some(ADDRESS_LOCAL) => AddressSpace::Local,
        _ if uniform => AddressSpace::Constant,
        _ => AddressSpace::Global,
    };
    let var = var_at(m, used, |v| binding_of(m, v) == Some((set, binding)));
    let elem = var.and_then(|v| pointee_of(m, v)).and_then(|block| element(m, block)).unwrap_or(Type::I8);
    let read_only = var.is_some_and(|v| m.has_deco(v, Decoration::NonWritable));
    let mut p = pointer(info, space, elem.clone(), read_only);
    if info.type_name.is_none() {
        // Without argument type names the integers' signedness is the module's.
        let elem_id = var.and_then(|v| pointee_of(m, v)).and_then(|block| element_id(m, block));
        if let Some(id) = elem_id {
            p.host = HostType::Pointer {
                space,
                pointee: Box::new(HostType::of_value(&elem, super::host::spirv_sign(m, id))),
            };
        }
    }
    Ok(p)
}

/// The id of the element type of a block that is one run-time array.
fn element_id(m: &SpvModule, block: u32) -> Option<u32> {
    let SpvType::Struct { members } = m.spv_type(block).ok()? else { return None };
    let [only] = members.as_slice() else { return None };
    match m.spv_type(*only).ok()? {
        SpvType::RuntimeArray { elem } => Some(*elem),
        _ => None,
    }
}

/// The element type of a block that is one run-time array.
fn element(m: &SpvModule, block: u32) -> Option<Type> {
    m.kir_type(element_id(m, block)?).ok()
}

/// An image or sampler argument bound to (`set`, `binding`).
fn opaque_param(m: &SpvModule, used: &HashSet<u32>, set: u32, binding: u32, info: &ArgInfo) -> Result<Param> {
    let var = var_at(m, used, |v| binding_of(m, v) == Some((set, binding)));
    let ty = var.and_then(|v| pointee_of(m, v)).ok_or_else(|| {
        CompileError::invalid(format!("the kernel uses no variable at descriptor set {set}, binding {binding}"))
    })?;
    let what = match m.spv_type(ty)? {
        SpvType::Opaque(what) => what.clone(),
        other => {
            return Err(CompileError::invalid(format!(
                "the variable at descriptor set {set}, binding {binding} is a {other:?}, not an image or sampler"
            )))
        }
    };
    let (kind, value_type, read_only) = super::opaque::opaque_param(m, ty, &what)?;
    let host = super::host::opencl_param(&kind, info.type_name.as_deref());
    Ok(Param {
        name: info.name.clone(),
        kind,
        type_name: info.type_name.clone(),
        read_only,
        qualifiers: TypeQualifiers::default(),
        value_type,
        host,
    })
}

//! Vulkan compute modules: descriptor-bound variables (`StorageBuffer`, `Uniform`) and
//! push constants become kernel parameters, so the runtime binds them like OpenCL
//! buffers and by-value arguments.
//!
//! Parameters are ordered by (descriptor set, binding), each a global pointer named
//! after the variable (or its block type) with the type name `set<S>.binding<B>`; the
//! push-constant block, if any, is one last by-value struct parameter. A descriptor
//! array of buffers (`buffer B { .. } b[4]`) takes one parameter per descriptor, named
//! `b[k]`; access chains into it select among them, and an index past the last
//! descriptor gives a null pointer (so the access fails its bounds check, or reads zero
//! under robust buffer access). A run-time sized array (`b[]`) is bound the same way
//! with the count the translation was asked for (`SpvModule::descriptor_counts`, none
//! by default): the runtime translates the module again for each count a dispatch
//! binds. Image, sampler and
//! texel-buffer descriptors (`UniformConstant` variables) are bound in the same order by
//! `descriptors`, one parameter per descriptor. This module only
//! declares parameters and their values in the prologue; layouts come from `types`
//! (`Offset` / `ArrayStride` decorations) and accesses from `memory`.

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, StorageClass};

use super::function::{Frame, Translator};
use super::module::{err_at, SpvModule};
use super::reader::SpvInst;
use super::types::{space_of, SpvType};
use crate::ir::{
    AddressSpace, BinaryOp, Binding, ConvOp, Conversion, DescriptorKind, HostType, InstKind, IntCC, Param, ParamKind,
    PrivateVar, PushConstants, ShaderInterface, Signedness, Type, TypeQualifiers, Value,
};
use crate::{CompileError, Result};

/// True for modules that declare the `Shader` capability (Vulkan compute modules).
pub(crate) fn is_vulkan(m: &SpvModule) -> bool {
    m.capabilities.iter().any(|c| c == "Shader")
}

/// The bytes of a push-constant block type that hold its members, as a pipeline
/// layout's push-constant range must cover them: without the tail padding of a struct
/// or of a 3-component vector (`struct { uvec3 }` is 12 bytes, though its KIR type
/// occupies 16).
fn data_extent(ty: &Type) -> u64 {
    match ty {
        Type::Struct(s) => s.members.iter().map(|(offset, m)| offset + data_extent(m)).max().unwrap_or(0),
        Type::Vector(s, n) => s.size() * u64::from(*n),
        Type::Array { elem, len, stride } if *len > 0 => stride * (len - 1) + data_extent(elem),
        other => other.size(),
    }
}

/// One resource variable of the module.
struct Resource {
    var: u32,
    sc: StorageClass,
    pointee: u32,
    set: u32,
    binding: u32,
}

/// Append a parameter for every descriptor-bound variable and the push-constant block,
/// make each variable's id stand for its parameter's value in `t`, and say which
/// parameter each binding became (`None` for modules that are not Vulkan modules).
pub(crate) fn bind_resources(
    m: &SpvModule,
    func: u32,
    t: &mut Translator<'_>,
    params: &mut Vec<Param>,
) -> Result<Option<ShaderInterface>> {
    if !is_vulkan(m) {
        return Ok(None);
    }
    let mut interface = ShaderInterface::default();
    for r in resources(m, func)? {
        let inst = m.def(r.var)?;
        let first_param = params.len() as u32;
        let kind = bind(m, t, params, &r).map_err(|e| err_at(e, inst))?;
        match kind {
            None => {
                let (size, used) = params.last().map_or((0, 0), |p| match &p.kind {
                    ParamKind::Value(ty) => (ty.size(), data_extent(ty)),
                    _ => (0, 0),
                });
                interface.push_constants = Some(PushConstants { param: first_param, size, used });
            }
            Some(kind) => interface.bindings.push(Binding {
                set: r.set,
                binding: r.binding,
                kind,
                count: params.len() as u32 - first_param,
                first_param,
                runtime_sized: matches!(m.spv_type(r.pointee), Ok(SpvType::RuntimeArray { .. })),
            }),
        }
    }
    Ok(Some(interface))
}

/// The resource variables of entry point function `func` in parameter order: buffers
/// by (set, binding), then the push-constant block. In modules compiled by clspv, whose
/// kernels each number their own bindings from 0, only the variables the entry point
/// uses; elsewhere every resource variable of the module.
fn resources(m: &SpvModule, func: u32) -> Result<Vec<Resource>> {
    let mut buffers = Vec::new();
    let mut push = Vec::new();
    let used = super::clspv::has_reflection(m).then(|| m.used_globals(func));
    for &var in &m.globals {
        if used.as_ref().is_some_and(|u| !u.contains(&var)) {
            continue;
        }
        let inst = m.def(var)?;
        let sc = match inst.operands.first() {
            Some(Operand::StorageClass(sc)) => *sc,
            _ => continue,
        };
        let (_, pointee) = m.pointer_type(inst.rtype()?).map_err(|e| err_at(e, inst))?;
        let descriptor = sc == StorageClass::UniformConstant && super::opaque::descriptor_type(m, pointee).is_some();
        if !descriptor
            && !matches!(sc, StorageClass::StorageBuffer | StorageClass::Uniform | StorageClass::PushConstant)
        {
            continue;
        }
        let set = m.deco_lit(var, Decoration::DescriptorSet).unwrap_or(0);
        let binding = m.deco_lit(var, Decoration::Binding).unwrap_or(0);
        let r = Resource { var, sc, pointee, set, binding };
        if sc == StorageClass::PushConstant {
            push.push(r);
        } else {
            buffers.push(r);
        }
    }
    if push.len() > 1 {
        return Err(CompileError::invalid(format!(
            "the module declares {} push-constant variables; an entry point may use at most one",
            push.len()
        )));
    }
    buffers.sort_by_key(|r| (r.set, r.binding));
    buffers.extend(push);
    Ok(buffers)
}

/// Bind resource `r` as parameters; its descriptor kind (`None` for the push-constant
/// block).
fn bind(
    m: &SpvModule,
    t: &mut Translator<'_>,
    params: &mut Vec<Param>,
    r: &Resource,
) -> Result<Option<DescriptorKind>> {
    if r.sc == StorageClass::UniformConstant {
        let kind = super::descriptors::bind_descriptors(m, t, params, r.var, r.pointee, (r.set, r.binding))?;
        return Ok(Some(kind));
    }
    if r.sc != StorageClass::PushConstant {
        if let Some((block, count)) = buffer_array(m, r)? {
            return bind_buffer_array(m, t, params, r, block, count).map(Some);
        }
    }
    let ty = m.kir_type(r.pointee)?;
    let name = m.names.get(&r.var).filter(|n| !n.is_empty()).or_else(|| m.names.get(&r.pointee)).cloned();
    let n = params.len() as u32;
    let (param, kind) = if r.sc == StorageClass::PushConstant {
        super::constants::check_size(&ty)?;
        let vt = Type::ptr(AddressSpace::Private);
        let p = Param {
            name: name.clone(),
            host: HostType::of_value(&ty, Signedness::Unknown),
            kind: ParamKind::Value(ty),
            type_name: Some("push_constant".to_string()),
            read_only: true,
            qualifiers: TypeQualifiers::default(),
            value_type: vt,
        };
        (p, None)
    } else {
        let (p, kind) = buffer_param(m, r, r.pointee, &ty, name.clone())?;
        (p, Some(kind))
    };
    let v = param_value(t, r, n, &param, name);
    t.cache.insert(r.var, v);
    params.push(param);
    Ok(kind)
}

/// The value parameter `n` (`param`) stands for in the prologue: the parameter, as a
/// pointer in the address space of `r`'s storage class.
fn param_value(t: &mut Translator<'_>, r: &Resource, n: u32, param: &Param, name: Option<String>) -> Value {
    let value_type = param.value_type.clone();
    let v = t.emit_prologue(InstKind::Param(n), value_type.clone());
    t.f.values[v.0 as usize].name = name;
    // Accesses use the variable's own storage class's address space.
    let space = space_of(r.sc).unwrap_or(AddressSpace::Global);
    if Type::ptr(space) == value_type {
        v
    } else {
        let c = Conversion { op: ConvOp::PtrToPtr, saturate: false, rounding: None };
        t.emit_prologue(InstKind::Convert(c, v), Type::ptr(space))
    }
}

/// The parameter of one buffer descriptor of resource `r` whose Block struct is `block`
/// (KIR type `ty`), named `name`, with its descriptor kind.
fn buffer_param(
    m: &SpvModule,
    r: &Resource,
    block: u32,
    ty: &Type,
    name: Option<String>,
) -> Result<(Param, DescriptorKind)> {
    let is_block = m.has_deco(block, Decoration::Block);
    let buffer_block = m.has_deco(block, Decoration::BufferBlock);
    if !is_block && !buffer_block {
        return Err(CompileError::invalid(format!(
            "{:?} variable %{} is not a Block or BufferBlock decorated struct (or an array of them)",
            r.sc, r.var
        )));
    }
    let kind = if r.sc == StorageClass::Uniform && !buffer_block {
        DescriptorKind::UniformBuffer
    } else {
        DescriptorKind::StorageBuffer
    };
    let read_only = (r.sc == StorageClass::Uniform && !buffer_block)
        || m.has_deco(r.var, Decoration::NonWritable)
        || all_members_non_writable(m, block);
    let vt = Type::ptr(AddressSpace::Global);
    let (pointee, pointee_id) = element_type(m, block, ty);
    let p = Param {
        name,
        host: super::host::vulkan_buffer(m, &pointee, pointee_id),
        kind: ParamKind::Pointer { space: AddressSpace::Global, pointee },
        type_name: Some(format!("set{}.binding{}", r.set, r.binding)),
        read_only,
        qualifiers: TypeQualifiers::default(),
        value_type: vt,
    };
    Ok((p, kind))
}

/// The Block struct and length of descriptor array of buffers `r` (`buffer B { .. }
/// b[4]`); `None` when it is not an array. A run-time sized array (`b[]`) has the count
/// the translation was asked for.
fn buffer_array(m: &SpvModule, r: &Resource) -> Result<Option<(u32, u32)>> {
    match m.spv_type(r.pointee)? {
        SpvType::Array { elem, len } => {
            if *len > super::limits::MAX_ARRAY_LENGTH {
                return Err(super::limits::exceeded(
                    format!("a descriptor array of {len} buffers"),
                    format!("{} elements", super::limits::MAX_ARRAY_LENGTH),
                ));
            }
            Ok(Some((*elem, *len as u32)))
        }
        SpvType::RuntimeArray { elem } => Ok(Some((*elem, m.runtime_descriptor_count(r.set, r.binding)?))),
        _ => Ok(None),
    }
}

/// Bind descriptor array `r` of `count` buffers with Block struct `block`: one parameter
/// per descriptor, named `name[k]`; access chains select among them (see
/// [`Translator::buffer_array_element`]).
fn bind_buffer_array(
    m: &SpvModule,
    t: &mut Translator<'_>,
    params: &mut Vec<Param>,
    r: &Resource,
    block: u32,
    count: u32,
) -> Result<DescriptorKind> {
    let ty = m.kir_type(block)?;
    let name = m.names.get(&r.var).filter(|n| !n.is_empty()).or_else(|| m.names.get(&block)).cloned();
    let mut kind = DescriptorKind::StorageBuffer;
    let mut values = Vec::with_capacity(count as usize);
    for k in 0..count {
        let pname = name.as_ref().map(|s| format!("{s}[{k}]"));
        let (param, kd) = buffer_param(m, r, block, &ty, pname.clone())?;
        kind = kd;
        let n = params.len() as u32;
        values.push(param_value(t, r, n, &param, pname));
        params.push(param);
    }
    t.buffer_arrays.insert(r.var, values);
    Ok(kind)
}

/// True when every member of struct `id` is decorated `NonWritable` (GLSL `readonly`
/// buffers).
fn all_members_non_writable(m: &SpvModule, id: u32) -> bool {
    let Ok(SpvType::Struct { members }) = m.spv_type(id) else { return false };
    !members.is_empty()
        && (0..members.len() as u32)
            .all(|i| m.member_decos.get(&(id, i)).is_some_and(|d| d.iter().any(|d| d.kind == Decoration::NonWritable)))
}

/// The pointee type the runtime checks buffer sizes against: the element of a block
/// that is just a runtime array, the block itself when it has a fixed size, else bytes.
/// The element type of a buffer bound to Block struct `block` of KIR type `ty` (the
/// run-time array's element, else the whole block) with its SPIR-V type id; `None` as
/// the id when the block has no single element type (`I8` then: any bytes).
fn element_type(m: &SpvModule, block: u32, ty: &Type) -> (Type, Option<u32>) {
    if let Ok(SpvType::Struct { members }) = m.spv_type(block) {
        let runtime = |id: &u32| matches!(m.spv_type(*id), Ok(SpvType::RuntimeArray { .. }));
        match members.as_slice() {
            [only] if runtime(only) => {
                if let (Ok(Type::Array { elem, stride, .. }), Ok(SpvType::RuntimeArray { elem: elem_id })) =
                    (m.kir_type(*only), m.spv_type(*only))
                {
                    if elem.size() == stride {
                        return (*elem, Some(*elem_id));
                    }
                }
                return (Type::I8, None);
            }
            ms if ms.iter().any(runtime) => return (Type::I8, None),
            _ => {}
        }
    }
    (ty.clone(), Some(block))
}

impl Translator<'_> {
    /// The pointer to the Block of element `index` (an id) of descriptor array `var`,
    /// `None` when `var` is not a descriptor array of buffers. A constant index picks the
    /// descriptor's parameter; any other (uniform or `NonUniform`) a select among them,
    /// whose accesses are then checked against every buffer of the dispatch. An index
    /// past the last descriptor gives a null pointer, which no bounds check accepts: a
    /// constant one is refused in a fixed-size array, but not in a run-time sized one,
    /// whose count only the dispatch decides.
    pub(crate) fn buffer_array_element(&mut self, fr: &Frame, var: u32, index: u32) -> Result<Option<Value>> {
        let Some(values) = self.buffer_arrays.get(&var).cloned() else { return Ok(None) };
        let var_def = self.m.def(var)?;
        let runtime = match self.m.pointer_type(var_def.rtype()?) {
            Ok((_, pointee)) => matches!(self.m.spv_type(pointee), Ok(SpvType::RuntimeArray { .. })),
            Err(_) => false,
        };
        let space = match var_def.operands.first() {
            Some(Operand::StorageClass(sc)) => space_of(*sc).unwrap_or(AddressSpace::Global),
            _ => AddressSpace::Global,
        };
        let pt = Type::ptr(space);
        let null = self.konst(&pt, &[0]);
        if matches!(self.m.def(index)?.op, Op::Constant | Op::SpecConstant | Op::ConstantNull) {
            let k = self.m.const_u64(index)?;
            return match values.get(k as usize) {
                Some(&v) => Ok(Some(v)),
                None if runtime => Ok(Some(null)),
                None => Err(CompileError::invalid(format!(
                    "index {k} is out of range for a descriptor array of {}",
                    values.len()
                ))),
            };
        }
        let i = self.value(fr, index)?;
        let it = self.ty_of(i);
        if !it.scalar().is_some_and(|s| s.is_int()) || it.lanes() != Some(1) {
            return Err(CompileError::invalid(format!("descriptor array index %{index} is not a scalar integer")));
        }
        let mut v = null;
        for (k, &p) in values.iter().enumerate() {
            let kc = self.konst(&it, &[k as u64]);
            let is_k = self.emit(InstKind::Icmp(IntCC::Eq, i, kc), Type::BOOL);
            v = self.emit(InstKind::Select(is_k, p, v), pt.clone());
        }
        Ok(Some(v))
    }

    /// `OpArrayLength`: elements of the run-time array that ends the block bound to a
    /// buffer parameter, from the size of the bound buffer.
    pub(crate) fn array_length(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let m = self.m;
        let mut var = inst.id(0)?;
        let member = inst.lit(1)?;
        let entry = self.stack.first().copied().unwrap_or(0);
        let rs = resources(m, entry)?;
        // An element of a descriptor array of buffers: `OpAccessChain %array %index`.
        let mut element = None;
        let def = m.def(var)?;
        if matches!(def.op, Op::AccessChain | Op::InBoundsAccessChain) && def.operands.len() == 2 {
            let (base, index) = (def.id(0)?, def.id(1)?);
            if self.buffer_arrays.contains_key(&base) {
                var = base;
                element = Some(index);
            }
        }
        // Vulkan entry points have no function parameters: resources come first, a
        // descriptor array taking a parameter per descriptor.
        let n = rs.iter().position(|r| r.var == var && r.sc != StorageClass::PushConstant).ok_or_else(|| {
            CompileError::unsupported(format!(
                "OpArrayLength of %{var}: only the run-time array of a buffer variable itself is supported"
            ))
        })?;
        let param: u32 = rs[..n]
            .iter()
            .map(|r| {
                if r.sc == StorageClass::UniformConstant {
                    super::descriptors::param_count(m, r.pointee, (r.set, r.binding))
                } else if r.sc == StorageClass::PushConstant {
                    1
                } else {
                    buffer_array(m, r).ok().flatten().map_or(1, |(_, n)| n)
                }
            })
            .sum();
        let block = match buffer_array(m, &rs[n])? {
            Some((block, _)) => m.kir_type(block)?,
            None => m.kir_type(rs[n].pointee)?,
        };
        let (offset, stride) = match (block.component_offset(member), block.component(member)) {
            (Some(o), Some(Type::Array { stride, len: 0, .. })) if stride > 0 => (o, stride),
            _ => {
                return Err(CompileError::invalid(format!("member {member} of %{var}'s block is not a run-time array")))
            }
        };
        let size = match element {
            None => self.emit(InstKind::ArgSize(param), Type::I64),
            Some(index) => self.element_size(fr, param, var, index)?,
        };
        let off = self.i64c(offset as i64);
        let zero = self.i64c(0);
        let short = self.emit(InstKind::Icmp(IntCC::Ult, size, off), Type::BOOL);
        let rest = self.emit(InstKind::Binary(BinaryOp::ISub, size, off), Type::I64);
        let rest = self.emit(InstKind::Select(short, zero, rest), Type::I64);
        let st = self.i64c(stride as i64);
        let len = self.emit(InstKind::Binary(BinaryOp::UDiv, rest, st), Type::I64);
        let rt = self.rty(inst)?;
        let v = self.int_cast(len, &rt, false);
        self.set_v(fr, inst, v)
    }

    /// The size of the buffer bound to element `index` (an id) of descriptor array `var`,
    /// whose parameters start at `first`.
    fn element_size(&mut self, fr: &Frame, first: u32, var: u32, index: u32) -> Result<Value> {
        let count = self.buffer_arrays.get(&var).map_or(0, |v| v.len()) as u32;
        if matches!(self.m.def(index)?.op, Op::Constant | Op::SpecConstant | Op::ConstantNull) {
            let k = self.m.const_u64(index)?;
            if k >= count as u64 {
                // Past the descriptors bound (a run-time sized array's count is the
                // dispatch's): no buffer, no elements.
                return Ok(self.i64c(0));
            }
            return Ok(self.emit(InstKind::ArgSize(first + k as u32), Type::I64));
        }
        let i = self.value(fr, index)?;
        let it = self.ty_of(i);
        let mut size = self.i64c(0);
        for k in 0..count {
            let s = self.emit(InstKind::ArgSize(first + k), Type::I64);
            let kc = self.konst(&it, &[k as u64]);
            let is_k = self.emit(InstKind::Icmp(IntCC::Eq, i, kc), Type::BOOL);
            size = self.emit(InstKind::Select(is_k, s, size), Type::I64);
        }
        Ok(size)
    }

    /// The address of module-scope `Private` variable `id` (a GLSL global): each
    /// work-item gets its own copy, initialised from the variable's initializer.
    /// `None` when `id` is not such a variable.
    pub(crate) fn private_global(&mut self, id: u32) -> Result<Option<Value>> {
        let m = self.m;
        let inst = m.def(id)?;
        if !matches!(inst.operands.first(), Some(Operand::StorageClass(StorageClass::Private))) {
            return Ok(None);
        }
        let ptr_ty = inst.rtype()?;
        let (_, pointee) = m.pointer_type(ptr_ty)?;
        let ty = m.kir_type(pointee)?;
        super::constants::check_size(&ty)?;
        let init = match inst.operands.get(1) {
            Some(_) => Some(super::constants::const_bytes(m, inst.id(1)?, &ty)?),
            None => None,
        };
        let align = ty.align().max(m.deco_lit(id, Decoration::Alignment).unwrap_or(1)).max(1);
        let var = self.add_private(PrivateVar { name: m.names.get(&id).cloned(), size: ty.size(), align, init })?;
        Ok(Some(self.emit_prologue(InstKind::VarAddr(var), Type::ptr(AddressSpace::Private))))
    }
}

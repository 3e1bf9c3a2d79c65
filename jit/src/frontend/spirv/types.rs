//! SPIR-V types → KIR types with their C layout (OpenCL rules: vec3 occupies 4
//! components; `CPacked` structs and explicit `Offset`/`ArrayStride` decorations are
//! honoured).
//!
//! This module only describes types; it emits no instructions.

use std::collections::HashMap;
use std::sync::Arc;

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, StorageClass};

use super::limits;
use super::module::{err_at, SpvModule};
use crate::ir::{AddressSpace, Scalar, StructType, Type};
use crate::{CompileError, Result};

/// The declared form of a type; it lives with the module index it is stored in.
pub(crate) use super::module::SpvType;

/// The KIR address space of a storage class (`Input` is used only by builtin variables).
pub(crate) fn space_of(sc: StorageClass) -> Option<AddressSpace> {
    Some(match sc {
        StorageClass::Function | StorageClass::Private | StorageClass::Input => AddressSpace::Private,
        // `Image`: texel pointers of image atomics (`OpImageTexelPointer`).
        StorageClass::CrossWorkgroup
        | StorageClass::StorageBuffer
        | StorageClass::PhysicalStorageBuffer
        | StorageClass::Image => AddressSpace::Global,
        StorageClass::UniformConstant | StorageClass::Uniform | StorageClass::PushConstant => AddressSpace::Constant,
        StorageClass::Workgroup => AddressSpace::Local,
        StorageClass::Generic => AddressSpace::Generic,
        _ => return None,
    })
}

/// Largest byte size of one type: bigger arrays are rejected as a limit.
const MAX_TYPE_SIZE: u64 = 1 << 40;

/// Record every type declaration of the module (types precede their uses, so one pass
/// in module order suffices).
pub(crate) fn build(m: &mut SpvModule) -> Result<()> {
    let mut depth: HashMap<u32, u32> = HashMap::new();
    let mut elements: HashMap<u32, u64> = HashMap::new();
    for index in 0..m.insts.len() {
        let inst = &m.insts[index];
        let ty = match inst.op {
            // A pointer type used (by structs that point to themselves, with buffer
            // device addresses) before its `OpTypePointer`: its value type is known now.
            Op::TypeForwardPointer => {
                let ptr = inst.id(0)?;
                let space = match inst.operands.get(1) {
                    Some(Operand::StorageClass(sc)) => space_of(*sc),
                    _ => None,
                };
                let space = space.ok_or_else(|| {
                    err_at(CompileError::unsupported("OpTypeForwardPointer to this storage class"), inst)
                })?;
                m.kir_types.insert(ptr, Type::ptr(space));
                continue;
            }
            Op::TypeVoid => SpvType::Void,
            Op::TypeBool => SpvType::Bool,
            Op::TypeInt => SpvType::Int { bits: inst.lit(0)? },
            Op::TypeFloat => SpvType::Float { bits: inst.lit(0)? },
            Op::TypeVector => SpvType::Vector { elem: inst.id(0)?, n: inst.lit(1)? },
            Op::TypeArray => {
                let len_id = inst.id(1)?;
                let len = array_length(m, len_id).map_err(|e| err_at(e, inst))?;
                SpvType::Array { elem: inst.id(0)?, len }
            }
            Op::TypeRuntimeArray => SpvType::RuntimeArray { elem: inst.id(0)? },
            // A matrix is an array of its column vectors.
            Op::TypeMatrix => SpvType::Array { elem: inst.id(0)?, len: inst.lit(1)? as u64 },
            Op::TypeStruct => {
                if inst.operands.len() > limits::MAX_STRUCT_MEMBERS {
                    return Err(err_at(
                        limits::exceeded(
                            format!("a struct of {} members", inst.operands.len()),
                            format!("{} members", limits::MAX_STRUCT_MEMBERS),
                        ),
                        inst,
                    ));
                }
                SpvType::Struct { members: (0..inst.operands.len()).map(|i| inst.id(i)).collect::<Result<_>>()? }
            }
            Op::TypePointer => match inst.operands.first() {
                Some(Operand::StorageClass(sc)) => SpvType::Pointer { sc: *sc, pointee: inst.id(1)? },
                _ => return Err(err_at(CompileError::invalid("OpTypePointer without a storage class"), inst)),
            },
            Op::TypeFunction => SpvType::Function {
                ret: inst.id(0)?,
                params: (1..inst.operands.len()).map(|i| inst.id(i)).collect::<Result<_>>()?,
            },
            Op::TypeImage
            | Op::TypeSampler
            | Op::TypeSampledImage
            | Op::TypeEvent
            | Op::TypeDeviceEvent
            | Op::TypeReserveId
            | Op::TypeQueue
            | Op::TypePipe
            | Op::TypeOpaque
            | Op::TypePipeStorage
            | Op::TypeNamedBarrier => SpvType::Opaque(super::module::op_name(inst.op)),
            _ => continue,
        };
        let id = inst.rid()?;
        let (d, n) = shape(&ty, &depth, &elements);
        if d > limits::MAX_TYPE_DEPTH {
            return Err(err_at(
                limits::exceeded(
                    format!("type %{id} nests {d} levels deep"),
                    format!("{} levels", limits::MAX_TYPE_DEPTH),
                ),
                inst,
            ));
        }
        if n > limits::MAX_TYPE_ELEMENTS {
            return Err(err_at(
                limits::exceeded(
                    format!("type %{id} has {n} scalar elements"),
                    format!("{} elements", limits::MAX_TYPE_ELEMENTS),
                ),
                inst,
            ));
        }
        depth.insert(id, d);
        elements.insert(id, n);
        let kir = kir_of(m, id, &ty).map_err(|e| err_at(e, &m.insts[index]))?;
        if let Some(k) = kir {
            if k.size() > MAX_TYPE_SIZE {
                return Err(err_at(
                    CompileError::limit(format!("type %{id} is {} bytes; the limit is {MAX_TYPE_SIZE}", k.size())),
                    &m.insts[index],
                ));
            }
            m.kir_types.insert(id, k);
        }
        m.types.insert(id, ty);
    }
    Ok(())
}

/// Nesting depth and scalar-element count of a type, from those of its parts (types
/// not seen yet count as scalars; they are rejected later).
fn shape(ty: &SpvType, depth: &HashMap<u32, u32>, elements: &HashMap<u32, u64>) -> (u32, u64) {
    let d = |id: &u32| depth.get(id).copied().unwrap_or(1);
    let n = |id: &u32| elements.get(id).copied().unwrap_or(1);
    match ty {
        SpvType::Vector { elem, n: count } => (d(elem) + 1, n(elem).saturating_mul(*count as u64)),
        SpvType::Array { elem, len } => (d(elem) + 1, n(elem).saturating_mul(*len)),
        SpvType::RuntimeArray { elem } => (d(elem) + 1, n(elem)),
        SpvType::Struct { members } => (
            members.iter().map(d).max().unwrap_or(0) + 1,
            members.iter().map(n).fold(0u64, |a, b| a.saturating_add(b)).max(1),
        ),
        _ => (1, 1),
    }
}

fn array_length(m: &SpvModule, id: u32) -> Result<u64> {
    let def = m.def(id)?;
    match (def.op, def.operands.first()) {
        (Op::Constant, Some(Operand::LiteralBit32(v))) => Ok(*v as u64),
        (Op::Constant, Some(Operand::LiteralBit64(v))) => Ok(*v),
        // Specialized values (the integer type was declared before the array type).
        (Op::SpecConstant | Op::SpecConstantOp, _) => m.const_u64(id),
        _ => Err(CompileError::unsupported(format!(
            "array length %{id} is not an integer constant ({})",
            super::module::op_name(def.op)
        ))),
    }
}

/// The KIR type of a declared type; `None` for types without values (void, function,
/// opaque types).
fn kir_of(m: &SpvModule, id: u32, ty: &SpvType) -> Result<Option<Type>> {
    let elem = |e: u32| -> Result<Type> { m.kir_type(e) };
    Ok(Some(match ty {
        SpvType::Opaque(name) => return Ok(super::opaque::opaque_value_type(name)),
        SpvType::Void | SpvType::Function { .. } => return Ok(None),
        SpvType::Bool => Type::BOOL,
        SpvType::Int { bits } => {
            Type::Scalar(Scalar::int(*bits).ok_or_else(|| CompileError::unsupported(format!("{bits}-bit integers")))?)
        }
        SpvType::Float { bits } => {
            Type::Scalar(Scalar::float(*bits).ok_or_else(|| CompileError::unsupported(format!("{bits}-bit floats")))?)
        }
        SpvType::Vector { elem: e, n } => {
            let Type::Scalar(s) = elem(*e)? else {
                return Err(CompileError::invalid(format!("vector component type %{e} is not a scalar")));
            };
            if *n > limits::MAX_VECTOR_COMPONENTS {
                return Err(limits::exceeded(
                    format!("a vector of {n} components"),
                    format!("{} components", limits::MAX_VECTOR_COMPONENTS),
                ));
            }
            if !matches!(n, 2 | 3 | 4 | 8 | 16) {
                return Err(CompileError::unsupported(format!(
                    "vectors of {n} components (OpenCL has 2, 3, 4, 8, 16)"
                )));
            }
            Type::Vector(s, *n as u8)
        }
        SpvType::Array { elem: e, len } => {
            if *len > limits::MAX_ARRAY_LENGTH {
                return Err(limits::exceeded(
                    format!("an array of {len} elements"),
                    format!("{} elements", limits::MAX_ARRAY_LENGTH),
                ));
            }
            let et = elem(*e)?;
            let stride = match m.deco_lit(id, Decoration::ArrayStride) {
                Some(s) => s as u64,
                None => et.size().div_ceil(et.align().max(1) as u64) * et.align().max(1) as u64,
            };
            if len.checked_mul(stride).is_none_or(|s| s > MAX_TYPE_SIZE) {
                return Err(CompileError::limit(format!("array of {len} elements of {stride} bytes is too large")));
            }
            Type::Array { elem: Box::new(et), len: *len, stride }
        }
        SpvType::RuntimeArray { elem: e } => {
            let et = elem(*e)?;
            let stride = m.deco_lit(id, Decoration::ArrayStride).map(|s| s as u64).unwrap_or(et.size());
            Type::Array { elem: Box::new(et), len: 0, stride }
        }
        SpvType::Struct { members } => {
            let tys = members.iter().map(|&t| elem(t)).collect::<Result<Vec<_>>>()?;
            let packed = m.has_deco(id, Decoration::CPacked);
            let offsets: Option<Vec<u64>> =
                (0..tys.len() as u32).map(|i| m.member_deco_lit(id, i, Decoration::Offset).map(|o| o as u64)).collect();
            match offsets {
                Some(offsets) if !tys.is_empty() => {
                    let align = if packed { 1 } else { tys.iter().map(|t| t.align().max(1)).max().unwrap_or(1) };
                    let end = (offsets.iter().zip(&tys).enumerate())
                        .map(|(k, (o, t))| o + laid_out_size(m, id, k as u32, t))
                        .max()
                        .unwrap_or(0);
                    let size = end.div_ceil(align as u64) * align as u64;
                    Type::Struct(Arc::new(StructType { members: offsets.into_iter().zip(tys).collect(), size, align }))
                }
                _ => Type::c_struct(tys, packed),
            }
        }
        SpvType::Pointer { sc, .. } => Type::ptr(
            space_of(*sc).ok_or_else(|| CompileError::unsupported(format!("pointers to storage class {sc:?}")))?,
        ),
    }))
}

/// The bytes member `k` of struct `id` (type `t`) spans: a matrix member's from its
/// `MatrixStride` and `RowMajor` decorations (std140 `mat2` columns 16 bytes apart span
/// 24 bytes, not 16), else the type's size.
fn laid_out_size(m: &SpvModule, id: u32, k: u32, t: &Type) -> u64 {
    let (Some(stride), Type::Array { elem, len, .. }) = (m.member_deco_lit(id, k, Decoration::MatrixStride), t) else {
        return t.size();
    };
    let Type::Vector(s, rows) = **elem else { return t.size() };
    let row_major = m.member_decos.get(&(id, k)).into_iter().flatten().any(|d| d.kind == Decoration::RowMajor);
    let (lines, line) = if row_major { (rows as u64, len * s.size()) } else { (*len, elem.size()) };
    lines.saturating_sub(1).saturating_mul(stride as u64).saturating_add(line)
}

/// How memory a pointer points into is laid out where it holds matrices not laid out
/// naturally (see `matrix_layout`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum MatrixLayout {
    /// Matrices in (arrays of) this member have `MatrixStride` `stride`, row-major or
    /// column-major.
    Matrices { stride: u64, row_major: bool },
    /// A column of such a matrix: its components are `elem` bytes apart.
    Column { elem: u64 },
}

/// The layout of a pointer into matrices chosen at run time (see `matrix_layout`): `col`
/// bytes from one column to the next, `elem` bytes from one component of a column to
/// the next (i64 values). `column`: the pointer points to one column (a vector), else
/// to a matrix or an array of matrices.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct DynLayout {
    pub col: crate::ir::Value,
    pub elem: crate::ir::Value,
    pub column: bool,
}

impl SpvModule {
    /// The declared type `id`.
    pub fn spv_type(&self, id: u32) -> Result<&SpvType> {
        self.types.get(&id).ok_or_else(|| CompileError::invalid(format!("%{id} is not a type")))
    }

    /// The KIR type of type `id`.
    pub fn kir_type(&self, id: u32) -> Result<Type> {
        if let Some(t) = self.kir_types.get(&id) {
            return Ok(t.clone());
        }
        match self.types.get(&id) {
            Some(SpvType::Opaque(name)) => Err(CompileError::unsupported(format!(
                "values of type {name} (%{id}) are not supported here: images and samplers work as kernel \
                 arguments and operands of image instructions, not as stored values; pipes, \
                 queues and device events are not supported"
            ))),
            Some(SpvType::Void) => Err(CompileError::invalid(format!("void type %{id} used as a value type"))),
            Some(t) => Err(CompileError::invalid(format!("type %{id} ({t:?}) used as a value type"))),
            None => Err(CompileError::invalid(format!("%{id} is not a type (or is used before its declaration)"))),
        }
    }

    /// The pointee type id and storage class of pointer type `id`.
    pub fn pointer_type(&self, id: u32) -> Result<(StorageClass, u32)> {
        match self.spv_type(id)? {
            SpvType::Pointer { sc, pointee } => Ok((*sc, *pointee)),
            other => Err(CompileError::invalid(format!("type %{id} should be a pointer type, found {other:?}"))),
        }
    }

    /// The result type id of value `id` (instruction results, parameters, constants,
    /// variables).
    pub fn type_of_value(&self, id: u32) -> Result<u32> {
        let def = self.def(id)?;
        def.result_type.ok_or_else(|| CompileError::invalid(format!("%{id} is not a value")))
    }
}

//! Images and samplers as module facts: the KIR value type of each opaque type, the
//! dimensionality and access of an image type, the kind of an image or sampler kernel
//! parameter, and the bit field of a literal sampler (`OpConstantSampler`).
//!
//! Representation (see `spirjit_abi::image`): an image is a pointer to its descriptor,
//! a sampler its `i32` bit field, a sampled image the struct `{ image, sampler }`. This
//! module reads types and constants only; the image instructions are `image`'s.

use rspirv::dr::Operand;
use rspirv::spirv::{AccessQualifier, Dim, Op, SamplerAddressingMode, SamplerFilterMode};
use spirjit_abi::image::sampler;
use spirjit_abi::ImageDim;

use super::module::SpvType;
use super::module::{op_name, SpvModule};
use super::reader::SpvInst;
use crate::ir::{AddressSpace, ParamKind, Type};
use crate::{CompileError, Result};

/// The KIR type of values of an opaque type (by its declaring opcode's name), when
/// spirjit gives such values one.
pub(crate) fn opaque_value_type(name: &str) -> Option<Type> {
    match name {
        "OpTypeImage" => Some(Type::ptr(AddressSpace::Global)),
        "OpTypeSampler" => Some(Type::I32),
        "OpTypeSampledImage" => Some(sampled_image_type()),
        // Events of async copies: the copy is done when it is issued (`async_copy`).
        "OpTypeEvent" => Some(Type::I32),
        _ => None,
    }
}

pub(crate) fn sampled_image_type() -> Type {
    Type::c_struct(vec![Type::ptr(AddressSpace::Global), Type::I32], false)
}

/// Dimensionality and access qualifier of image type `ty` (an `OpTypeImage`, or an
/// `OpTypeSampledImage` of one).
pub(crate) fn image_info(m: &SpvModule, ty: u32) -> Result<(ImageDim, Option<AccessQualifier>)> {
    let def = m.def(ty)?;
    if def.op == Op::TypeSampledImage {
        return image_info(m, def.id(0)?);
    }
    if def.op != Op::TypeImage {
        return Err(CompileError::invalid(format!("%{ty} is not an image type ({})", op_name(def.op))));
    }
    let dim = match def.operands.get(1) {
        Some(Operand::Dim(d)) => *d,
        _ => return Err(CompileError::invalid("OpTypeImage without a dimensionality")),
    };
    let arrayed = def.lit(3).unwrap_or(0) != 0;
    let multisampled = def.lit(4).unwrap_or(0) != 0;
    // Vulkan images hold one sample per texel: a multisampled image type reads it.
    if multisampled && !m.capabilities.iter().any(|c| c == "Shader") {
        return Err(CompileError::unsupported("multisampled images are not supported"));
    }
    let d = match (dim, arrayed) {
        (Dim::Dim1D, false) => ImageDim::D1,
        (Dim::Dim1D, true) => ImageDim::D1Array,
        (Dim::DimBuffer, false) => ImageDim::D1Buffer,
        (Dim::Dim2D, false) => ImageDim::D2,
        (Dim::Dim2D, true) => ImageDim::D2Array,
        (Dim::Dim3D, false) => ImageDim::D3,
        (Dim::DimCube, false) => ImageDim::Cube,
        (Dim::DimCube, true) => ImageDim::CubeArray,
        (other, a) => {
            return Err(CompileError::unsupported(format!(
                "images of dimensionality {other:?}{} (images are 1D, 1D array, 1D buffer, 2D, 2D array, 3D, \
                 and in Vulkan cube and cube array)",
                if a { " arrayed" } else { "" }
            )))
        }
    };
    let access = def.operands.iter().find_map(|o| match o {
        Operand::AccessQualifier(a) => Some(*a),
        _ => None,
    });
    Ok((d, access))
}

/// The opaque element type and descriptor count of a `UniformConstant` variable's
/// pointee `pointee`: `Some((element type id, count))` for images, samplers, sampled
/// images and fixed-size arrays of them.
pub(crate) fn descriptor_type(m: &SpvModule, pointee: u32) -> Option<(u32, u32)> {
    match m.spv_type(pointee).ok()? {
        SpvType::Opaque(_) => Some((pointee, 1)),
        SpvType::Array { elem, len } => match m.spv_type(*elem).ok()? {
            SpvType::Opaque(_) => Some((*elem, u32::try_from(*len).ok()?)),
            _ => None,
        },
        SpvType::RuntimeArray { elem } => match m.spv_type(*elem).ok()? {
            SpvType::Opaque(_) => Some((*elem, 0)),
            _ => None,
        },
        _ => None,
    }
}

/// Kind, value type and read-only flag of an image or sampler kernel parameter of
/// opaque type `ty` (`what` is its declaring opcode's name).
pub(crate) fn opaque_param(m: &SpvModule, ty: u32, what: &str) -> Result<(ParamKind, Type, bool)> {
    match what {
        "OpTypeSampler" => Ok((ParamKind::Sampler, Type::I32, true)),
        "OpTypeImage" => {
            let (dim, access) = image_info(m, ty)?;
            let access = match access {
                Some(AccessQualifier::WriteOnly) => "write_only",
                Some(AccessQualifier::ReadWrite) => "read_write",
                _ => "read_only",
            };
            Ok((
                ParamKind::Image { dim: dim.name().to_string(), access: access.to_string() },
                Type::ptr(AddressSpace::Global),
                access == "read_only",
            ))
        }
        other => Err(CompileError::unsupported(format!(
            "kernel parameters of type {other} are not supported (images and samplers are)"
        ))),
    }
}

/// The sampler bit field of an `OpConstantSampler`.
pub(crate) fn constant_sampler_bits(inst: &SpvInst) -> Result<u64> {
    let mode = match inst.operands.first() {
        Some(Operand::SamplerAddressingMode(a)) => match a {
            SamplerAddressingMode::None => sampler::ADDRESS_NONE,
            SamplerAddressingMode::ClampToEdge => sampler::ADDRESS_CLAMP_TO_EDGE,
            SamplerAddressingMode::Clamp => sampler::ADDRESS_CLAMP,
            SamplerAddressingMode::Repeat => sampler::ADDRESS_REPEAT,
            SamplerAddressingMode::RepeatMirrored => sampler::ADDRESS_MIRRORED_REPEAT,
        },
        _ => return Err(CompileError::invalid("OpConstantSampler without an addressing mode")),
    };
    let normalized = match inst.operands.get(1) {
        Some(Operand::LiteralBit32(v)) => *v != 0,
        _ => return Err(CompileError::invalid("OpConstantSampler without the normalized-coordinates flag")),
    };
    let linear = match inst.operands.get(2) {
        Some(Operand::SamplerFilterMode(f)) => *f == SamplerFilterMode::Linear,
        _ => return Err(CompileError::invalid("OpConstantSampler without a filter mode")),
    };
    let mut bits = mode;
    if normalized {
        bits |= sampler::NORMALIZED_COORDS;
    }
    if linear {
        bits |= sampler::FILTER_LINEAR;
    }
    Ok(bits as u64)
}

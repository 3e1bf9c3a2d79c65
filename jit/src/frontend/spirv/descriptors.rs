//! Vulkan image, sampler and texel-buffer descriptors (`UniformConstant` variables of
//! opaque type, and arrays of them) as kernel parameters: one parameter per
//! descriptor, its descriptor kind for the interface, and the variable itself. A
//! run-time sized array has as many descriptors as the translation was asked for
//! (`SpvModule::runtime_descriptor_count`).
//!
//! Representation: a storage or sampled image (and a texel buffer) is an `Image`
//! parameter (a pointer to its descriptor), a sampler a `Sampler` parameter (its bit
//! field), a combined image sampler an `Image` parameter of access `sampled` whose
//! descriptor carries the sampler bits (`ImageDesc::sampler`). The variable becomes a
//! per-work-item array of these values written in the prologue, so `OpLoad`,
//! `OpAccessChain` with constant, uniform or `NonUniform` indices and
//! `OpImageTexelPointer` are ordinary memory operations on it: an index past the last
//! descriptor is an out-of-bounds access of that array (an error, or a null descriptor
//! under robust buffer access, which reads zero and drops writes).
//!
//! This module only binds; the image instructions are `image`'s and `image_vk`'s.

use rspirv::spirv::{Decoration, Op};
use spirjit_abi::image::query;

use super::function::{Translator, PROLOGUE};
use super::module::SpvModule;
use super::opaque::{descriptor_type, image_info, sampled_image_type};
use crate::ir::{self, AddressSpace, DescriptorKind, InstKind, Param, ParamKind, PrivateVar, Type, TypeQualifiers};
use crate::{CompileError, Result};

/// The `access` of an image parameter that is a combined image sampler.
pub(crate) const COMBINED_ACCESS: &str = "sampled";

/// The descriptor kind of opaque type `ty`.
fn kind_of(m: &SpvModule, ty: u32) -> Result<DescriptorKind> {
    let def = m.def(ty)?;
    Ok(match def.op {
        Op::TypeSampler => DescriptorKind::Sampler,
        Op::TypeSampledImage => match image_dim_is_buffer(m, def.id(0)?)? {
            true => DescriptorKind::UniformTexelBuffer,
            false => DescriptorKind::CombinedImageSampler,
        },
        Op::TypeImage => {
            let storage = def.lit(5).unwrap_or(0) == 2;
            match (image_dim_is_buffer(m, ty)?, storage) {
                (true, true) => DescriptorKind::StorageTexelBuffer,
                (true, false) => DescriptorKind::UniformTexelBuffer,
                (false, true) => DescriptorKind::StorageImage,
                (false, false) => DescriptorKind::SampledImage,
            }
        }
        other => {
            return Err(CompileError::unsupported(format!(
                "UniformConstant variables of type {} are not supported (images, samplers and sampled images are)",
                super::module::op_name(other)
            )))
        }
    })
}

fn image_dim_is_buffer(m: &SpvModule, image: u32) -> Result<bool> {
    Ok(image_info(m, image)?.0 == spirjit_abi::ImageDim::D1Buffer)
}

/// Bind descriptor variable `var` (set `set`, binding `binding`, pointee `pointee`) as
/// one parameter per descriptor; make `var` stand for its per-work-item copy of the
/// descriptors in `t`; return the descriptor kind.
pub(crate) fn bind_descriptors(
    m: &SpvModule,
    t: &mut Translator<'_>,
    params: &mut Vec<Param>,
    var: u32,
    pointee: u32,
    (set, binding): (u32, u32),
) -> Result<DescriptorKind> {
    let (elem, count) = descriptor_type(m, pointee)
        .ok_or_else(|| CompileError::unsupported("UniformConstant variables other than descriptors"))?;
    let count = if is_runtime(m, pointee) { m.runtime_descriptor_count(set, binding)? } else { count };
    if count > super::limits::MAX_ARRAY_LENGTH as u32 {
        return Err(super::limits::exceeded(
            format!("a descriptor array of {count} elements"),
            format!("{} elements", super::limits::MAX_ARRAY_LENGTH),
        ));
    }
    let kind = kind_of(m, elem)?;
    let elem_name = match m.def(elem)?.op {
        Op::TypeSampler => "OpTypeSampler",
        _ => "OpTypeImage",
    };
    let image_ty = if m.def(elem)?.op == Op::TypeSampledImage { m.def(elem)?.id(0)? } else { elem };
    let (pkind, value_type, mut read_only) = super::opaque::opaque_param(m, image_ty, elem_name)?;
    let pkind = match pkind {
        ParamKind::Image { dim, .. } => ParamKind::Image {
            dim,
            access: match kind {
                DescriptorKind::CombinedImageSampler => COMBINED_ACCESS.to_string(),
                DescriptorKind::StorageImage | DescriptorKind::StorageTexelBuffer => {
                    read_only = m.has_deco(var, Decoration::NonWritable);
                    if m.has_deco(var, Decoration::NonReadable) {
                        "write_only".to_string()
                    } else if read_only {
                        "read_only".to_string()
                    } else {
                        "read_write".to_string()
                    }
                }
                _ => "read_only".to_string(),
            },
        },
        k => k,
    };
    // What the variable's elements hold.
    // Sampled-image values (combined image samplers, GLSL `samplerBuffer`s) pair the
    // image with the sampler its descriptor carries.
    let paired = m.def(elem)?.op == Op::TypeSampledImage;
    let slot_ty = if paired { sampled_image_type() } else { value_type.clone() };
    // The element stride accesses use: the array type's, as `types` lays it out.
    let stride = match m.kir_type(pointee) {
        Ok(Type::Array { stride, .. }) => stride,
        _ => slot_ty.size(),
    }
    .max(slot_ty.size());
    let align = slot_ty.align().max(1);
    let name = m.names.get(&var).filter(|n| !n.is_empty()).cloned();
    let store = t.add_private(PrivateVar { name: name.clone(), size: stride * count as u64, align, init: None })?;
    let base = t.emit_prologue(InstKind::VarAddr(store), Type::ptr(AddressSpace::Private));
    for k in 0..count {
        let n = params.len() as u32;
        let pname = match (&name, count) {
            (Some(s), 1) => Some(s.clone()),
            (Some(s), _) => Some(format!("{s}[{k}]")),
            (None, _) => None,
        };
        let v = t.emit_prologue(InstKind::Param(n), value_type.clone());
        t.f.values[v.0 as usize].name = pname.clone();
        let value = if paired {
            let what = t.i32c(query::SAMPLER);
            let smp = t.emit_prologue(
                InstKind::CallWhole { builtin: super::builtin_id("spirjit_image_query")?, args: vec![v, what] },
                Type::I32,
            );
            t.emit_prologue(InstKind::Construct(vec![v, smp]), sampled_image_type())
        } else {
            v
        };
        let off = t.i64c(k as i64 * stride as i64);
        let at = t.emit_prologue(InstKind::PtrAdd(base, off), Type::ptr(AddressSpace::Private));
        ir::FunctionBuilder::at(&mut t.f, PROLOGUE).inst_void(InstKind::Store { ptr: at, value, align });
        params.push(Param {
            name: pname,
            host: super::host::opencl_param(&pkind, None),
            kind: pkind.clone(),
            type_name: Some(format!("set{set}.binding{binding}")),
            read_only,
            qualifiers: TypeQualifiers::default(),
            value_type: value_type.clone(),
        });
    }
    // Accesses use the variable's own storage class's address space.
    let c = ir::Conversion { op: ir::ConvOp::PtrToPtr, saturate: false, rounding: None };
    let var_ptr = t.emit_prologue(InstKind::Convert(c, base), Type::ptr(AddressSpace::Constant));
    t.cache.insert(var, var_ptr);
    Ok(kind)
}

/// The number of parameters a resource variable of pointee `pointee` (storage class
/// `UniformConstant`) bound to (`set`, `binding`) binds: its descriptor count.
pub(crate) fn param_count(m: &SpvModule, pointee: u32, (set, binding): (u32, u32)) -> u32 {
    if is_runtime(m, pointee) {
        return m.runtime_descriptor_count(set, binding).unwrap_or(0);
    }
    descriptor_type(m, pointee).map_or(1, |(_, n)| n)
}

/// True when `pointee` is a run-time sized array (of descriptors).
fn is_runtime(m: &SpvModule, pointee: u32) -> bool {
    matches!(m.spv_type(pointee), Ok(super::types::SpvType::RuntimeArray { .. }))
}

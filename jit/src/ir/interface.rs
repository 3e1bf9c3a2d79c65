//! The resource interface of a Vulkan-style compute kernel and the specialization of a
//! module: which kernel parameter each descriptor binding and the push-constant block
//! became, and the module's specialization constants with the values chosen for them.
//!
//! The runtime binds buffers and images by (set, binding) through this map, as a
//! Vulkan pipeline does; OpenCL kernels have no interface and take their parameters in
//! order. This module only describes: it must not know SPIR-V or how anything is bound.

use std::collections::BTreeMap;

use super::types::Scalar;

/// What a descriptor binding holds (Vulkan's descriptor types for compute).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DescriptorKind {
    /// A `StorageBuffer` block, or a `Uniform` block decorated `BufferBlock`.
    StorageBuffer,
    /// A `Uniform` block (read-only).
    UniformBuffer,
    /// A storage image (`OpTypeImage` with `Sampled` 2).
    StorageImage,
    /// A sampled image (`OpTypeImage` with `Sampled` 1), combined with a sampler in the shader.
    SampledImage,
    /// A sampler (`OpTypeSampler`).
    Sampler,
    /// An image and sampler in one descriptor (`OpTypeSampledImage`).
    CombinedImageSampler,
    /// A uniform texel buffer (`Buffer`-dimensioned image, `Sampled` 1).
    UniformTexelBuffer,
    /// A storage texel buffer (`Buffer`-dimensioned image, `Sampled` 2).
    StorageTexelBuffer,
}

impl DescriptorKind {
    /// The name Vulkan gives this descriptor type, without the `VK_DESCRIPTOR_TYPE_` prefix,
    /// in lower case (`storage_buffer`, `combined_image_sampler`, ...).
    pub fn name(self) -> &'static str {
        match self {
            DescriptorKind::StorageBuffer => "storage_buffer",
            DescriptorKind::UniformBuffer => "uniform_buffer",
            DescriptorKind::StorageImage => "storage_image",
            DescriptorKind::SampledImage => "sampled_image",
            DescriptorKind::Sampler => "sampler",
            DescriptorKind::CombinedImageSampler => "combined_image_sampler",
            DescriptorKind::UniformTexelBuffer => "uniform_texel_buffer",
            DescriptorKind::StorageTexelBuffer => "storage_texel_buffer",
        }
    }

    /// True for the kinds whose descriptors are buffers (bound as memory).
    pub fn is_buffer(self) -> bool {
        matches!(self, DescriptorKind::StorageBuffer | DescriptorKind::UniformBuffer)
    }
}

/// One descriptor binding a kernel uses: descriptors `first_param .. first_param + count`
/// of the kernel's parameters, in array order (`count` is 1 unless the binding is a
/// descriptor array).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    pub set: u32,
    pub binding: u32,
    pub kind: DescriptorKind,
    pub count: u32,
    pub first_param: u32,
}

/// The push-constant block a kernel uses: parameter `param` (by value), `size` bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushConstants {
    pub param: u32,
    pub size: u64,
}

/// How a Vulkan-style kernel's parameters map onto descriptor bindings and push
/// constants. Bindings are sorted by (set, binding).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShaderInterface {
    pub bindings: Vec<Binding>,
    pub push_constants: Option<PushConstants>,
}

impl ShaderInterface {
    /// The binding at (`set`, `binding`), if the kernel uses it.
    pub fn binding(&self, set: u32, binding: u32) -> Option<&Binding> {
        self.bindings.iter().find(|b| b.set == set && b.binding == binding)
    }
}

/// A value given for a specialization constant. It is converted to the constant's
/// declared type when the module is translated: integers must fit the type's width
/// (as signed or unsigned), floats are rounded to the type, `Bits` are the raw bits
/// Vulkan's `VkSpecializationInfo` carries (masked to the type's width).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SpecValue {
    Bool(bool),
    Int(i128),
    /// An `f64`'s bits (so that values can be compared and hashed).
    Float(u64),
    Bits(u64),
}

impl SpecValue {
    /// A float value.
    pub fn float(v: f64) -> SpecValue {
        SpecValue::Float(v.to_bits())
    }
}

impl std::fmt::Display for SpecValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpecValue::Bool(b) => write!(f, "{b}"),
            SpecValue::Int(i) => write!(f, "{i}"),
            SpecValue::Float(bits) => write!(f, "{}", f64::from_bits(*bits)),
            SpecValue::Bits(b) => write!(f, "0x{b:x}"),
        }
    }
}

/// Values for specialization constants, by `SpecId`. Ids the module does not declare
/// are ignored by translation, as Vulkan ignores them.
pub type Specialization = BTreeMap<u32, SpecValue>;

/// A scalar specialization constant of a module (`OpSpecConstant*` with a `SpecId`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecConstant {
    pub id: u32,
    pub name: Option<String>,
    /// `Scalar::Bool` for `OpSpecConstantTrue/False`.
    pub ty: Scalar,
    /// An integer constant's type is signed (`OpTypeInt` signedness 1).
    pub signed: bool,
    /// The bits of the default the module gives (ints masked to their width, floats as
    /// IEEE bits, bools 0/1).
    pub default: u64,
    /// The bits of the value in effect (the specialization's, else the default).
    pub value: u64,
}

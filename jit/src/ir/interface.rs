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
///
/// A run-time sized descriptor array (`OpTypeRuntimeArray` of descriptors) is
/// `runtime_sized`: its `count` is the number of descriptors the module was translated
/// for ([`DescriptorCounts`]; 0 when none was given), and a dispatch binding another
/// number needs the module translated for that number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    pub set: u32,
    pub binding: u32,
    pub kind: DescriptorKind,
    pub count: u32,
    pub first_param: u32,
    pub runtime_sized: bool,
}

/// The push-constant block a kernel uses: parameter `param` (by value), `size` bytes
/// (its KIR type's size), of which the members span the first `used` (without tail
/// padding: `struct { uvec3 }` uses 12 of 16): what a Vulkan push-constant range must cover.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushConstants {
    pub param: u32,
    pub size: u64,
    pub used: u64,
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

/// Descriptor counts of run-time sized descriptor arrays, by (set, binding): how many
/// descriptors a translation gives each such binding (one parameter each). Bindings
/// left out get none; entries for other bindings are ignored.
pub type DescriptorCounts = BTreeMap<(u32, u32), u32>;

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

/// Where the value of one OpenCL kernel argument of a clspv-compiled module goes
/// (`NonSemantic.ClspvReflection`'s `Argument*` instructions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgPlace {
    /// A buffer bound to (`set`, `binding`) (`ArgumentStorageBuffer`, `ArgumentUniform`).
    Buffer { set: u32, binding: u32, uniform: bool },
    /// A by-value argument at `offset` of the push-constant block.
    PodPushConstant { offset: u32, size: u32 },
    /// A by-value argument at `offset` of the buffer bound to (`set`, `binding`).
    PodBuffer { set: u32, binding: u32, offset: u32, size: u32, uniform: bool },
    /// A `__local` pointer: a work-group array whose length in elements of `elem_size`
    /// bytes is specialization constant `spec_id`.
    Workgroup { spec_id: u32, elem_size: u32 },
    /// An image (`ArgumentSampledImage`, `ArgumentStorageImage`, texel buffers).
    Image { set: u32, binding: u32 },
    /// A sampler (`ArgumentSampler`).
    Sampler { set: u32, binding: u32 },
    /// A buffer's device address at `offset` of the push-constant block
    /// (`ArgumentPointerPushConstant`).
    PointerPushConstant { offset: u32, size: u32 },
    /// A buffer's device address at `offset` of the buffer bound to (`set`, `binding`)
    /// (`ArgumentPointerUniform`).
    PointerUniform { set: u32, binding: u32, offset: u32, size: u32 },
}

/// A value the launch puts in the push-constant block (`PushConstant*` reflection).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PushValue {
    GlobalOffset,
    EnqueuedLocalSize,
    GlobalSize,
    RegionOffset,
    NumWorkgroups,
    RegionGroupOffset,
    /// The image channel order of argument `ordinal` (`CL_RGBA`, ...).
    ImageChannelOrder(u32),
    /// The image channel data type of argument `ordinal` (`CL_FLOAT`, ...).
    ImageChannelDataType(u32),
    /// The normalized-coordinates bit of the sampler of argument `ordinal`.
    NormalizedSamplerMask(u32),
    /// The device address of the module's constant data.
    ConstantDataPointer,
    /// The device address of the printf buffer.
    PrintfBufferPointer,
    /// The device address of the program-scope variables.
    ProgramScopeVariablesPointer,
}

/// A slot of the push-constant block filled by the launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PushSlot {
    pub value: PushValue,
    pub offset: u32,
    pub size: u32,
}

/// A buffer the module brings its own contents for, bound to (`set`, `binding`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleBuffer {
    pub set: u32,
    pub binding: u32,
    pub data: Vec<u8>,
}

/// One `printf` call site: its id in the printf buffer, format string and argument sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintfSite {
    pub id: u32,
    pub format: String,
    pub arg_sizes: Vec<u32>,
}

/// The OpenCL signature of a kernel of a module compiled from OpenCL C to Vulkan
/// SPIR-V by clspv, and what a launch must supply besides the arguments: push-constant
/// values, specialization constants, the module's own buffers. Its arguments are in
/// OpenCL order; the kernel's own parameters stay those of the Vulkan interface.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OpenClSignature {
    /// The OpenCL parameters, in argument order.
    pub params: Vec<super::Param>,
    /// Where each argument's value goes (one per parameter).
    pub places: Vec<ArgPlace>,
    /// `PushConstant*` slots: the launch writes them into the push-constant block.
    pub push: Vec<PushSlot>,
    /// `SpecConstantWorkgroupSize`: the spec ids of the work-group size (x, y, z).
    pub workgroup_size_spec: Option<[u32; 3]>,
    /// `SpecConstantGlobalOffset`: the spec ids of the global offset (x, y, z).
    pub global_offset_spec: Option<[u32; 3]>,
    /// `SpecConstantWorkDim`: the spec id of `get_work_dim()`.
    pub work_dim_spec: Option<u32>,
    /// `SpecConstantSubgroupMaxSize`: the spec id of the maximum sub-group size.
    pub subgroup_max_size_spec: Option<u32>,
    /// `PropertyRequiredWorkgroupSize` (`reqd_work_group_size`).
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// `LiteralSampler`s: (set, binding, OpenCL sampler bits).
    pub literal_samplers: Vec<(u32, u32, u32)>,
    /// `ConstantDataStorageBuffer` / `ConstantDataUniform`: `__constant` module data.
    pub constant_data: Vec<ModuleBuffer>,
    /// `ProgramScopeVariablesStorageBuffer`: the initial program-scope variables.
    pub program_scope: Option<ModuleBuffer>,
    /// `PrintfBufferStorageBuffer`: (set, binding, size in bytes).
    pub printf_buffer: Option<(u32, u32, u32)>,
    pub printf_sites: Vec<PrintfSite>,
    /// Reflection instructions of the module this version does not handle, by name,
    /// for messages (they are ignored).
    pub ignored: Vec<String>,
}

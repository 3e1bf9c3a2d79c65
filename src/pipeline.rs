//! [`Pipeline`]: a compute pipeline in the shape of Vulkan's — one entry point of a
//! program with its specialization constants applied — and its dispatch: work-group
//! counts, descriptors bound by (set, binding), push-constant bytes and a base group.
//!
//! A dispatch is a kernel launch: each binding's descriptors become the arguments of
//! the parameters the front end made for it (`ir::ShaderInterface`), the push constants
//! the by-value argument of the block, and `groups × local size` work-items run from
//! `base × local size` (the global offset, from which `WorkgroupId` counts). This
//! module maps and checks; it must not compile or run anything itself.
//!
//! Run-time sized descriptor arrays (`buffer B { .. } bufs[]`, `sampler2D tex[]`) take
//! as many descriptors as each dispatch binds. The kernel interface has one parameter
//! per descriptor, so a dispatch binding `n` descriptors to such an array runs the
//! module translated for `n` ([`Program::with_descriptor_counts`]), made on the first
//! dispatch with those counts and kept by the program (and the program cache) for the
//! next ones. The pipeline's own kernel is the translation with no descriptors in them
//! ([`Pipeline::bindings`] reports them as `runtime_sized`, count 0). This keeps the
//! one-parameter-per-descriptor path of fixed-size arrays — bounds checks per buffer,
//! the same argument binding, the ICD's descriptor sets — at the cost of a compile per
//! distinct count and, for a dynamic index, a select over the array's descriptors.

use std::collections::BTreeMap;

use spirjit_jit::ir::{self, DescriptorKind, ShaderInterface};

use crate::error::{Error, Result};
use crate::{Arg, Kernel, NdRange, Program, RunInfo, RunOptions};

/// One entry point of a program, specialized, ready to dispatch.
#[derive(Clone, Debug)]
pub struct Pipeline {
    kernel: Kernel,
    interface: ShaderInterface,
    local_size: [u32; 3],
    required_subgroup_size: Option<u32>,
}

/// The descriptors and push constants of one dispatch.
#[derive(Default)]
pub struct Bindings<'a> {
    descriptors: BTreeMap<(u32, u32), Vec<Arg<'a>>>,
    push_constants: Option<Vec<u8>>,
    /// Buffers reached through device addresses: borrowed for the dispatch.
    device_buffers: Vec<&'a mut [u8]>,
}

impl<'a> Bindings<'a> {
    /// No descriptors, no push constants.
    pub fn new() -> Bindings<'a> {
        Bindings::default()
    }

    /// Bind `arg` (a buffer, image or sampler) to (`set`, `binding`).
    pub fn bind(mut self, set: u32, binding: u32, arg: Arg<'a>) -> Bindings<'a> {
        self.descriptors.insert((set, binding), vec![arg]);
        self
    }

    /// Bind the descriptors of an array binding, in array order.
    pub fn bind_array(mut self, set: u32, binding: u32, args: Vec<Arg<'a>>) -> Bindings<'a> {
        self.descriptors.insert((set, binding), args);
        self
    }

    /// A buffer the shader reaches through its device address
    /// (`PhysicalStorageBuffer` pointers, `VK_KHR_buffer_device_address`): its address
    /// is `buffer.as_ptr()`, which the caller writes into push constants or other
    /// buffers; accesses through such pointers are checked against these buffers.
    pub fn device_buffer<T: crate::Pod>(mut self, buffer: &'a mut [T]) -> Bindings<'a> {
        self.device_buffers.push(crate::bytes_of_mut(buffer));
        self
    }

    /// The push-constant bytes (from offset 0; a shorter range leaves the rest zero).
    pub fn push_constants(mut self, bytes: &[u8]) -> Bindings<'a> {
        self.push_constants = Some(bytes.to_vec());
        self
    }
}

/// How a pipeline is made beyond its specialization.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PipelineOptions {
    /// The sub-group size the pipeline must run with
    /// (`VkPipelineShaderStageRequiredSubgroupSizeCreateInfo`): the kernel is compiled at
    /// that many lanes (1, 2, 4, 8 or 16), and making the pipeline fails when it cannot be.
    pub required_subgroup_size: Option<u32>,
}

impl Program {
    /// The pipeline of entry point `entry` with specialization constants `spec` (by
    /// `SpecId`; the others at their defaults). The kernel must be a Vulkan compute
    /// entry point (its parameters come from descriptor bindings).
    pub fn pipeline(&self, entry: &str, spec: &ir::Specialization) -> Result<Pipeline> {
        self.pipeline_with(entry, spec, &PipelineOptions::default())
    }

    /// Like [`Program::pipeline`], with `options` (a required sub-group size).
    pub fn pipeline_with(&self, entry: &str, spec: &ir::Specialization, options: &PipelineOptions) -> Result<Pipeline> {
        let program = match options.required_subgroup_size {
            Some(n) if !matches!(n, 1 | 2 | 4 | 8 | 16) => {
                return Err(Error::Binding {
                    pipeline: entry.to_string(),
                    message: format!("a required sub-group size of {n}; spirjit runs sub-groups of 1, 2, 4, 8 or 16"),
                })
            }
            Some(n) => self.with_lanes(n)?,
            None => self.clone(),
        };
        let kernel = program.specialized(spec)?.kernel(entry)?;
        if let Some(n) = options.required_subgroup_size {
            let path = kernel.path()?;
            if path.lanes != n {
                return Err(Error::Binding {
                    pipeline: entry.to_string(),
                    message: format!("cannot run with the required sub-group size {n}: {}", path.note),
                });
            }
        }
        let ir = &kernel.program().module().kernels;
        let Some(k) = ir.iter().find(|k| k.name == entry) else {
            return Err(Error::NoSuchKernel { name: entry.to_string(), available: self.kernel_names() });
        };
        let fail = |message: &str| Error::Binding { pipeline: entry.to_string(), message: message.to_string() };
        let Some(interface) = k.interface.clone() else {
            return Err(fail(
                "it is an OpenCL kernel, which takes its arguments in order: call it with Kernel::run (pipelines \
                 are for Vulkan compute entry points)",
            ));
        };
        let Some(local_size) = k.reqd_work_group_size else {
            return Err(fail(
                "the compute entry point declares no work-group size (LocalSize, LocalSizeId or the WorkgroupSize \
                 built-in)",
            ));
        };
        let required_subgroup_size = options.required_subgroup_size;
        Ok(Pipeline { kernel, interface, local_size, required_subgroup_size })
    }
}

impl Pipeline {
    /// The kernel the pipeline runs (its parameters, path, program).
    pub fn kernel(&self) -> &Kernel {
        &self.kernel
    }

    /// The descriptor bindings the entry point uses, sorted by (set, binding); a
    /// binding's parameters are `kernel().params()[first_param ..][.. count]`. A
    /// run-time sized descriptor array is `runtime_sized` with count 0: it takes as many
    /// descriptors as a dispatch binds (see the module docs).
    pub fn bindings(&self) -> &[ir::Binding] {
        &self.interface.bindings
    }

    /// Bytes of the push-constant block the entry point uses (0 when it uses none).
    pub fn push_constant_size(&self) -> u64 {
        self.interface.push_constants.as_ref().map_or(0, |p| p.size)
    }

    /// Bytes of the push-constant block its members span, from offset 0: what a Vulkan
    /// push-constant range must cover (the size without tail padding).
    pub fn push_constant_range(&self) -> u64 {
        self.interface.push_constants.as_ref().map_or(0, |p| p.used)
    }

    /// The work-group size, after specialization.
    pub fn local_size(&self) -> [u32; 3] {
        self.local_size
    }

    /// The specialization constants of the module, with the values in effect.
    pub fn spec_constants(&self) -> &[ir::SpecConstant] {
        self.kernel.program().spec_constants()
    }

    /// Run `groups` work-groups (x, y, z) with `bindings` and wait for them.
    pub fn dispatch(&self, groups: [u32; 3], bindings: Bindings<'_>) -> Result<RunInfo> {
        self.dispatch_base([0; 3], groups, bindings, &RunOptions::default())
    }

    /// Run `groups` work-groups starting at group `base` (`vkCmdDispatchBase`: `WorkgroupId`
    /// counts from `base`), with a time limit or cancel token from `options`.
    pub fn dispatch_base(
        &self,
        base: [u32; 3],
        groups: [u32; 3],
        bindings: Bindings<'_>,
        options: &RunOptions,
    ) -> Result<RunInfo> {
        let device: Vec<(u64, u64)> =
            bindings.device_buffers.iter().map(|b| (b.as_ptr() as u64, b.len() as u64)).collect();
        let sized = self.sized_for(&bindings)?;
        let (kernel, interface) = match &sized {
            Some((k, i)) => (k, i),
            None => (&self.kernel, &self.interface),
        };
        let mut args = arguments(kernel, interface, bindings).map_err(|message| self.fail(message))?;
        let local = self.local_size.map(u64::from);
        let mut global = [0u64; 3];
        let mut offset = [0u64; 3];
        for d in 0..3 {
            global[d] = u64::from(groups[d]) * local[d];
            offset[d] = u64::from(base[d]) * local[d];
        }
        let dims = if groups[2] > 1 || self.local_size[2] > 1 {
            3
        } else if groups[1] > 1 || self.local_size[1] > 1 {
            2
        } else {
            1
        };
        let range = NdRange { dims, global, local: Some(local), offset };
        kernel.run_reaching(&range, &mut args, options, &device).map_err(|e| match e {
            // Say which binding an argument error is about.
            Error::Argument { index, message, .. } => {
                let params = kernel.interface_params();
                let at =
                    |b: &&ir::Binding| (b.first_param as usize..(b.first_param + b.count) as usize).contains(&index);
                match interface.bindings.iter().find(at) {
                    Some(b) => {
                        let name = params.get(b.first_param as usize).and_then(|p| p.name.as_deref());
                        let element = if b.count > 1 || b.runtime_sized {
                            format!(" element {}", index - b.first_param as usize)
                        } else {
                            String::new()
                        };
                        self.fail(format!("{}{element} {message}", binding_text(b, name)))
                    }
                    None => self.fail(format!("the push constants {message}")),
                }
            }
            other => other,
        })
    }

    fn fail(&self, message: String) -> Error {
        Error::Binding { pipeline: self.kernel.name().to_string(), message }
    }

    /// The kernel and interface of the translation for the descriptor counts `bindings`
    /// gives the run-time sized descriptor arrays; `None` when the pipeline's own
    /// translation (no descriptors in them) is that one.
    fn sized_for(&self, bindings: &Bindings<'_>) -> Result<Option<(Kernel, ShaderInterface)>> {
        let counts: ir::DescriptorCounts = self
            .interface
            .bindings
            .iter()
            .filter(|b| b.runtime_sized)
            .filter_map(|b| {
                let n = bindings.descriptors.get(&(b.set, b.binding)).map_or(0, |d| d.len() as u32);
                (n > 0).then_some(((b.set, b.binding), n))
            })
            .collect();
        if counts.is_empty() {
            return Ok(None);
        }
        let name = self.kernel.name();
        let kernel = self.kernel.program().with_descriptor_counts(&counts)?.kernel(name)?;
        let interface = kernel.interface().cloned().ok_or_else(|| {
            Error::Compile(spirjit_jit::CompileError::internal(format!(
                "`{name}` lost its shader interface when translated for other descriptor counts"
            )))
        })?;
        if let Some(n) = self.required_subgroup_size {
            let path = kernel.path()?;
            if path.lanes != n {
                return Err(self.fail(format!(
                    "cannot run with the required sub-group size {n} for these descriptor counts: {}",
                    path.note
                )));
            }
        }
        Ok(Some((kernel, interface)))
    }
}

/// The arguments of `kernel` (whose interface is `interface`) from `bindings`, in
/// parameter order, or what is wrong with them.
fn arguments<'a>(
    kernel: &Kernel,
    interface: &ShaderInterface,
    mut bindings: Bindings<'a>,
) -> std::result::Result<Vec<Arg<'a>>, String> {
    let params = kernel.interface_params();
    let mut slots: Vec<Option<Arg<'a>>> = (0..params.len()).map(|_| None).collect();
    for b in &interface.bindings {
        let what = || binding_text(b, params.get(b.first_param as usize).and_then(|p| p.name.as_deref()));
        let Some(descs) = bindings.descriptors.remove(&(b.set, b.binding)) else {
            return Err(format!("{} is not bound; bind it with Bindings::bind({}, {}, ...)", what(), b.set, b.binding));
        };
        if descs.len() != b.count as usize {
            return Err(match b.runtime_sized {
                true => format!(
                    "{} was translated for {} descriptor(s), not the {} bound (a spirjit bug; please report it)",
                    what(),
                    b.count,
                    descs.len()
                ),
                false => format!("{} is an array of {} descriptor(s); {} were bound", what(), b.count, descs.len()),
            });
        }
        for (i, d) in descs.into_iter().enumerate() {
            if let Some(slot) = slots.get_mut(b.first_param as usize + i) {
                *slot = Some(d);
            }
        }
    }
    if let Some(((set, binding), _)) = bindings.descriptors.iter().next() {
        let used: Vec<String> = interface.bindings.iter().map(|b| format!("({}, {})", b.set, b.binding)).collect();
        return Err(format!(
            "binding ({set}, {binding}) is not used by the entry point; it uses {}",
            if used.is_empty() { "no bindings".to_string() } else { used.join(", ") }
        ));
    }
    if let Some(pc) = &interface.push_constants {
        let Some(mut bytes) = bindings.push_constants.take() else {
            return Err(format!(
                "the entry point reads {} bytes of push constants; give them with Bindings::push_constants",
                pc.size
            ));
        };
        bytes.resize(pc.size as usize, 0);
        if let Some(slot) = slots.get_mut(pc.param as usize) {
            *slot = Some(Arg::Value(bytes));
        }
    }
    slots
        .into_iter()
        .enumerate()
        .map(|(i, a)| a.ok_or_else(|| format!("parameter {i} belongs to no binding (a spirjit bug; please report it)")))
        .collect()
}

/// `storage buffer (set 0, binding 1) \`name\``.
fn binding_text(b: &ir::Binding, name: Option<&str>) -> String {
    let kind = match b.kind {
        DescriptorKind::StorageBuffer => "storage buffer",
        DescriptorKind::UniformBuffer => "uniform buffer",
        DescriptorKind::StorageImage => "storage image",
        DescriptorKind::SampledImage => "sampled image",
        DescriptorKind::Sampler => "sampler",
        DescriptorKind::CombinedImageSampler => "combined image sampler",
        DescriptorKind::UniformTexelBuffer => "uniform texel buffer",
        DescriptorKind::StorageTexelBuffer => "storage texel buffer",
    };
    match name {
        Some(n) => format!("{kind} `{n}` (set {}, binding {})", b.set, b.binding),
        None => format!("{kind} (set {}, binding {})", b.set, b.binding),
    }
}

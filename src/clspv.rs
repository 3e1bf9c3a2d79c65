//! Launching kernels of modules compiled by clspv (OpenCL C → Vulkan SPIR-V) through
//! their OpenCL signature: [`crate::Kernel::run`] of such a kernel takes one argument
//! per OpenCL parameter, as for any OpenCL kernel, and this module turns the call into
//! the Vulkan form the module was compiled to — as clvk does:
//!
//! * the specialization: work-group size, `__local` argument lengths in elements, work
//!   dimension and global offset, each at the `SpecId` the reflection names; the
//!   program specialized with them is compiled once and cached ([`Program::specialized`]);
//! * the push-constant block: by-value arguments placed there, and the global offset,
//!   sizes, region offsets and work-group counts the module asks for;
//! * descriptor bindings: the caller's buffers, and small buffers for by-value
//!   arguments clustered into a uniform or storage buffer and for the module's
//!   constant data;
//! * the NDRange: the same global and local sizes, with the global offset given to the
//!   module the way it reads it (a specialization constant or push constant, then not
//!   also as the range's offset).
//!
//! This module maps and checks; it must not compile or run anything itself.

use spirjit_jit::ir::{self, ArgPlace, OpenClSignature, PushValue, SpecValue};

use crate::args::Arg;
use crate::error::{Error, Result};
use crate::kernel::{Kernel, RunInfo, RunOptions};
use crate::ndrange::{plan, NdRange};

/// Where the argument of one parameter of the Vulkan-form kernel comes from.
enum Source {
    /// The caller's argument number `i`.
    User(usize),
    /// Buffer number `i` of the launch's own buffers.
    Owned(usize),
    /// The push-constant block.
    Push,
}

/// Run clspv kernel `kernel` (whose OpenCL signature is `sig`) over `range` with one
/// argument per OpenCL parameter.
pub(crate) fn run(
    kernel: &Kernel,
    sig: &OpenClSignature,
    range: &NdRange,
    args: &mut [Arg<'_>],
    options: &RunOptions,
) -> Result<RunInfo> {
    let name = kernel.name().to_string();
    // The arguments must fit the OpenCL parameters (count, kinds, sizes, read-only).
    crate::args::bind(&name, &sig.params, args)?;
    let program = kernel.program();
    let lanes = program.options().lanes;
    let Some(p) = plan(range, &name, sig.reqd_work_group_size, program.pointer_bits(), lanes)? else {
        let local = range.local.or(sig.reqd_work_group_size.map(|r| r.map(u64::from)));
        return Ok(RunInfo {
            elapsed: std::time::Duration::ZERO,
            work_groups: 0,
            local_size: local.unwrap_or_else(|| range.default_local_size_for_lanes(lanes)),
        });
    };
    let local = p.local;
    let spec = specialization(kernel, sig, range, local, args)?;
    let vk = program.specialized(&spec)?.kernel(&name)?;
    let Some(interface) = vk.ir().interface.clone() else {
        return Err(Error::Compile(spirjit_jit::CompileError::internal(format!(
            "clspv kernel `{name}` has no Vulkan interface"
        ))));
    };
    // The module adds the global offset itself when it reads it from a specialization
    // or push constant. A module that reads no offset but global ids (compiled without
    // `-global-offset`) gets it through the range, which offsets `gl_WorkGroupID` too
    // (as a dispatch base does). Otherwise no id depends on the offset: `get_group_id`
    // is `gl_WorkGroupID`, which the offset must not move.
    let module_offset = sig.global_offset_spec.is_some()
        || sig.push.iter().any(|s| matches!(s.value, PushValue::GlobalOffset | PushValue::RegionOffset));
    let reads_global_id =
        vk.ir().func.insts.iter().any(|i| matches!(i.kind, ir::InstKind::WorkItem(ir::WorkItemQuery::GlobalId, _)));
    let vk_range = NdRange {
        dims: range.dims,
        global: range.global,
        local: Some(local),
        offset: if module_offset || !reads_global_id { [0; 3] } else { range.offset },
    };
    let unsupported = |what: String| Error::Compile(spirjit_jit::CompileError::unsupported(what));
    if !sig.literal_samplers.is_empty() {
        return Err(unsupported(format!("kernel `{name}` uses literal samplers, which clspv modules cannot use yet")));
    }
    let mut owned: Vec<Vec<u8>> = Vec::new();
    let vk_params = vk.ir().params.clone();
    let mut sources: Vec<Option<Source>> = (0..vk_params.len()).map(|_| None).collect();
    for b in &interface.bindings {
        let at = |set: u32, binding: u32| set == b.set && binding == b.binding;
        let mut source = None;
        let mut pods = Vec::new();
        for (i, place) in sig.places.iter().enumerate() {
            match *place {
                ArgPlace::Buffer { set, binding, .. } if at(set, binding) => source = Some(Source::User(i)),
                ArgPlace::PodBuffer { set, binding, offset, size, .. } if at(set, binding) => {
                    pods.push((i, offset as usize, size as usize))
                }
                ArgPlace::Image { set, binding } | ArgPlace::Sampler { set, binding } if at(set, binding) => {
                    return Err(unsupported(format!(
                        "kernel `{name}` argument {i} is an image or sampler; clspv modules with images cannot run yet"
                    )))
                }
                ArgPlace::PointerUniform { set, binding, .. } if at(set, binding) => {
                    return Err(unsupported(format!(
                        "kernel `{name}` argument {i} is passed as a buffer device address, which is not supported"
                    )))
                }
                _ => {}
            }
        }
        if !pods.is_empty() {
            let declared = vk_params.get(b.first_param as usize).map_or(0, |p| match &p.kind {
                ir::ParamKind::Pointer { pointee, .. } => pointee.size() as usize,
                _ => 0,
            });
            let end = pods.iter().map(|(_, o, s)| o + s).max().unwrap_or(0);
            let mut bytes = vec![0u8; end.max(declared).next_multiple_of(16)];
            for (i, offset, size) in pods {
                put_value(&mut bytes, offset, size, &args[i]);
            }
            owned.push(bytes);
            source = Some(Source::Owned(owned.len() - 1));
        }
        let module_data = sig.constant_data.iter().chain(&sig.program_scope).find(|d| at(d.set, d.binding));
        if let Some(d) = module_data {
            owned.push(d.data.clone());
            source = Some(Source::Owned(owned.len() - 1));
        }
        if let Some((_, _, size)) = sig.printf_buffer.filter(|(s, bi, _)| at(*s, *bi)) {
            owned.push(vec![0u8; size as usize]);
            source = Some(Source::Owned(owned.len() - 1));
        }
        let Some(source) = source else {
            return Err(Error::Compile(spirjit_jit::CompileError::internal(format!(
                "kernel `{name}`: descriptor set {}, binding {} belongs to no argument in the module's reflection",
                b.set, b.binding
            ))));
        };
        if let Some(slot) = sources.get_mut(b.first_param as usize) {
            *slot = Some(source);
        }
    }
    let mut push = Vec::new();
    if let Some(pc) = &interface.push_constants {
        push = vec![0u8; pc.size as usize];
        for (i, place) in sig.places.iter().enumerate() {
            match *place {
                ArgPlace::PodPushConstant { offset, size } => {
                    put_value(&mut push, offset as usize, size as usize, &args[i])
                }
                ArgPlace::PointerPushConstant { .. } => {
                    return Err(unsupported(format!(
                        "kernel `{name}` argument {i} is passed as a buffer device address, which is not supported"
                    )))
                }
                _ => {}
            }
        }
        for slot in &sig.push {
            let groups = |d: usize| range.global[d].div_ceil(local[d].max(1));
            let values: [u64; 3] = match slot.value {
                PushValue::GlobalOffset | PushValue::RegionOffset => range.offset,
                PushValue::EnqueuedLocalSize => local,
                PushValue::GlobalSize => range.global,
                PushValue::NumWorkgroups => [groups(0), groups(1), groups(2)],
                PushValue::RegionGroupOffset => [0; 3],
                other => return Err(unsupported(format!("kernel `{name}` needs push constant {other:?}"))),
            };
            let mut bytes = Vec::new();
            for v in values.iter().take((slot.size / 4).min(3) as usize) {
                bytes.extend_from_slice(&(*v as u32).to_le_bytes());
            }
            put_bytes(&mut push, slot.offset as usize, &bytes);
        }
        if let Some(slot) = sources.get_mut(pc.param as usize) {
            *slot = Some(Source::Push);
        }
    }
    // The launch borrows the caller's arguments (buffers are used in place).
    let mut user: Vec<Option<Arg<'_>>> = args.iter_mut().map(|a| Some(reborrow(a))).collect();
    let mut owned_refs: Vec<Option<&mut Vec<u8>>> = owned.iter_mut().map(Some).collect();
    let mut vk_args = Vec::with_capacity(sources.len());
    let mut failure = None;
    for (i, s) in sources.iter().enumerate() {
        let arg = match s {
            Some(Source::User(u)) => user.get_mut(*u).and_then(Option::take),
            Some(Source::Owned(k)) => {
                owned_refs.get_mut(*k).and_then(Option::take).map(|b| Arg::Buffer(b.as_mut_slice()))
            }
            Some(Source::Push) => Some(Arg::Value(push.clone())),
            None => None,
        };
        match arg {
            Some(a) => vk_args.push(a),
            None => {
                failure.get_or_insert(i);
                vk_args.push(Arg::Local(0));
            }
        }
    }
    let result = match failure {
        Some(i) => Err(Error::Compile(spirjit_jit::CompileError::internal(format!(
            "kernel `{name}`: parameter {i} of its Vulkan form has no argument"
        )))),
        None => vk.run_interface(&vk_range, &mut vk_args, options),
    };
    result.map_err(|e| match e {
        Error::Argument { index, message, .. } => Error::Argument {
            kernel: name.clone(),
            index,
            name: String::new(),
            message: format!("(of the module's Vulkan form) {message}"),
        },
        other => other,
    })
}

/// The argument `a` for the duration of a borrow of it (buffers and images in place).
fn reborrow<'s>(a: &'s mut Arg<'_>) -> Arg<'s> {
    match a {
        Arg::Buffer(b) => Arg::Buffer(b),
        Arg::ReadOnly(b) => Arg::ReadOnly(b),
        Arg::Value(v) => Arg::Value(v.clone()),
        Arg::Local(n) => Arg::Local(*n),
        Arg::Image(i) => Arg::Image(i),
        Arg::ImageView(v) => Arg::ImageView(v.reborrow()),
        Arg::SampledImage(i, s) => Arg::SampledImage(i, *s),
        Arg::SampledImageView(v, s) => Arg::SampledImageView(v.reborrow(), *s),
        Arg::ReadOnlyImage(i) => Arg::ReadOnlyImage(i),
        Arg::ReadOnlySampledImage(i, s) => Arg::ReadOnlySampledImage(i, *s),
        Arg::Sampler(s) => Arg::Sampler(*s),
        Arg::Null => Arg::Null,
    }
}

/// Write the bytes of by-value argument `a` at `offset` of `dst` (at most `size` bytes).
fn put_value(dst: &mut [u8], offset: usize, size: usize, a: &Arg<'_>) {
    if let Arg::Value(v) = a {
        put_bytes(dst, offset, &v[..v.len().min(size)]);
    }
}

fn put_bytes(dst: &mut [u8], offset: usize, bytes: &[u8]) {
    if let Some(d) = dst.get_mut(offset..offset + bytes.len()) {
        d.copy_from_slice(bytes);
    }
}

/// The specialization of one launch: work-group size, `__local` lengths, work
/// dimension and global offset, for the ids the module declares.
fn specialization(
    kernel: &Kernel,
    sig: &OpenClSignature,
    range: &NdRange,
    local: [u64; 3],
    args: &[Arg<'_>],
) -> Result<ir::Specialization> {
    let mut spec = ir::Specialization::new();
    let int = |v: u64| SpecValue::Int(i128::from(v));
    if let Some(ids) = sig.workgroup_size_spec {
        for (id, l) in ids.iter().zip(local) {
            spec.insert(*id, int(l));
        }
    }
    if let Some(ids) = sig.global_offset_spec {
        for (id, o) in ids.iter().zip(range.offset) {
            spec.insert(*id, int(o));
        }
    }
    if let Some(id) = sig.work_dim_spec {
        spec.insert(id, int(u64::from(range.dims)));
    }
    for (i, place) in sig.places.iter().enumerate() {
        if let (ArgPlace::Workgroup { spec_id, elem_size }, Some(Arg::Local(bytes))) = (place, args.get(i)) {
            let elems = (*bytes as u64).div_ceil(u64::from((*elem_size).max(1))).max(1);
            spec.insert(*spec_id, int(elems));
        }
    }
    let declared = kernel.program().spec_constants();
    spec.retain(|id, _| declared.iter().any(|c| c.id == *id));
    Ok(spec)
}

//! [`Kernel`]: one entry point of a [`Program`] — its metadata, its signature in OpenCL
//! spelling, and [`Kernel::run`], which checks a launch and hands it to the driver.
//!
//! This module must not contain the dispatch loop (see `dispatch`) or argument
//! checks (see `args`); it wires them together.

use std::time::{Duration, Instant};

use spirjit_jit::ir::{self, AddressSpace, HostType, Param, ParamKind, Scalar, Type};

use crate::args::{bind, Arg};
use crate::dispatch::{self, Launch};
use crate::error::Result;
use crate::ndrange::{plan, NdRange};
use crate::program::Program;
use crate::tier::Side;

/// What a finished launch did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunInfo {
    /// Wall time of the dispatch (argument binding included, compilation excluded).
    pub elapsed: Duration,
    /// Number of work-groups run.
    pub work_groups: u64,
    /// The enqueued work-group size used (chosen by the runtime when not given).
    pub local_size: [u64; 3],
}

/// The lowering path a kernel got: W and why (see [`Kernel::path`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelPath {
    /// Work-items per lane group (1 on the scalar path).
    pub lanes: u32,
    /// True when the work-items run in SIMD lanes (W > 1).
    pub vectorized: bool,
    /// `"vector, W = 4"`, `"vector, W = 4, masked control flow"` or
    /// `"scalar (W = 1): <reason>"`.
    pub note: String,
}

/// Per-dispatch options of [`Kernel::run_with`].
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Stop the dispatch with [`crate::Error::TimedOut`] when it runs longer than this.
    /// Kernels notice within a loop iteration or barrier (well under 100 ms).
    pub timeout: Option<Duration>,
    /// Stop the dispatch with [`crate::Error::Cancelled`] when this token is cancelled.
    pub cancel: Option<crate::CancelToken>,
}

impl RunOptions {
    /// Options with a time limit.
    pub fn timeout(limit: Duration) -> Self {
        RunOptions { timeout: Some(limit), cancel: None }
    }

    /// Options with a cancel token.
    pub fn cancel(token: &crate::CancelToken) -> Self {
        RunOptions { timeout: None, cancel: Some(token.clone()) }
    }
}

/// One kernel of a [`Program`]. Cheap to clone; keeps its program alive.
#[derive(Clone)]
pub struct Kernel {
    program: Program,
    index: usize,
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kernel").field("signature", &self.signature()).finish()
    }
}

impl Kernel {
    pub(crate) fn new(program: Program, index: usize) -> Kernel {
        Kernel { program, index }
    }

    pub(crate) fn ir(&self) -> &ir::Kernel {
        &self.program.module().kernels[self.index]
    }

    /// The kernel's name.
    pub fn name(&self) -> &str {
        &self.ir().name
    }

    /// The kernel's parameters, in order. A kernel compiled from OpenCL C by clspv
    /// presents its OpenCL parameters (from the module's reflection), not the
    /// descriptor bindings and push constants of its Vulkan form.
    pub fn params(&self) -> &[Param] {
        match &self.ir().opencl {
            Some(sig) => &sig.params,
            None => &self.ir().params,
        }
    }

    /// The work-group size the kernel requires (`reqd_work_group_size`), if any.
    pub fn reqd_work_group_size(&self) -> Option<[u32; 3]> {
        match &self.ir().opencl {
            Some(sig) => sig.reqd_work_group_size,
            None => self.ir().reqd_work_group_size,
        }
    }

    /// How the parameters map onto descriptor bindings and push constants, for a Vulkan
    /// compute kernel (`None` for kernels that take their arguments in order, OpenCL
    /// kernels compiled by clspv included: their [`Kernel::params`] are the OpenCL ones).
    pub fn interface(&self) -> Option<&spirjit_jit::ir::ShaderInterface> {
        match self.ir().opencl {
            Some(_) => None,
            None => self.ir().interface.as_ref(),
        }
    }

    /// The parameters of the kernel's own form (for a clspv kernel: its descriptors and
    /// push constants, not the OpenCL arguments [`Kernel::params`] lists).
    pub(crate) fn interface_params(&self) -> &[Param] {
        &self.ir().params
    }

    /// The work-group size the kernel suggests (`work_group_size_hint`), if any.
    pub fn work_group_size_hint(&self) -> Option<[u32; 3]> {
        self.ir().work_group_size_hint
    }

    /// The program this kernel belongs to.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The signature in OpenCL spelling: `vadd(global float* a, global float* b, ...)`.
    pub fn signature(&self) -> String {
        signature_text(self.name(), self.params())
    }

    /// Which lowering path the kernel got (compiling the program if needed).
    pub fn path(&self) -> Result<KernelPath> {
        let ck = &self.program.compiled_kernel(self.index)?.kernel;
        match self.program.tier(self.index, ck.lanes).and_then(|t| t.decided()) {
            Some((Side::Scalar, speedup)) => {
                let note = format!(
                    "scalar (W = 1): its launches ran {speedup:.1}x faster per work-item than at W = {} (adaptive width)",
                    ck.lanes
                );
                return Ok(KernelPath { lanes: 1, vectorized: false, note });
            }
            Some((Side::Half, speedup)) => {
                let half = ck.lanes / 2;
                let note = format!(
                    "vector, W = {half}: its launches ran {speedup:.1}x faster per work-item than at W = {} (adaptive width)",
                    ck.lanes
                );
                return Ok(KernelPath { lanes: half, vectorized: true, note });
            }
            _ => {}
        }
        let note = ck.path_note.clone().unwrap_or_else(|| "scalar (W = 1): requested".to_string());
        Ok(KernelPath { lanes: ck.lanes, vectorized: ck.lanes > 1, note })
    }

    /// Time spent compiling the kernel, per stage (compiling it now if needed).
    pub fn compile_times(&self) -> Result<spirjit_jit::lower::CompileTimes> {
        Ok(self.program.compiled_kernel(self.index)?.kernel.times)
    }

    /// Whether the kernel's machine code was loaded from the on-disk code cache (compiled
    /// by an earlier process of this build) instead of compiled now; compiles it if
    /// needed, as [`Kernel::path`] does.
    pub fn from_code_cache(&self) -> Result<bool> {
        Ok(self.program.compiled_kernel(self.index)?.kernel.cached)
    }

    /// The kernel's machine code with its cache key, to keep outside the process (the
    /// Vulkan driver's pipeline caches do) and hand back with
    /// [`crate::preload_compiled_code`]; compiles the kernel if needed. `None` when the
    /// program was not loaded from SPIR-V words or the code cannot be moved.
    pub fn compiled_code(&self) -> Result<Option<crate::CompiledCode>> {
        self.program.compiled_code(self.index)
    }

    /// The key [`Kernel::compiled_code`] would give the kernel's code, without compiling
    /// it (so a cache can say whether it already holds the code); `None` as there.
    pub fn code_key(&self) -> Option<[u8; 16]> {
        self.program.code_key_of(self.index)
    }

    /// The work-group size a launch of `range` would use, after validation.
    pub fn local_size_for(&self, range: &NdRange) -> Result<[u64; 3]> {
        let lanes = self.program.options().lanes;
        let p = plan(range, self.name(), self.reqd_work_group_size(), self.program.pointer_bits(), lanes)?;
        Ok(p.map(|p| p.local).unwrap_or_else(|| range.local.unwrap_or([1; 3])))
    }

    /// Run the kernel over `range` with `args` (one per parameter) and wait for it.
    ///
    /// Buffers are used in place: results appear in the slices the `Arg::Buffer`s
    /// borrow. Work-groups run in parallel on the global thread pool (see
    /// [`crate::set_num_threads`]).
    pub fn run(&self, range: &NdRange, args: &mut [Arg<'_>]) -> Result<RunInfo> {
        self.run_cancellable(range, args, &crate::CancelToken::new())
    }

    /// Like [`Kernel::run`], stopping early with [`crate::Error::Cancelled`] when `cancel`
    /// is triggered (from another thread) before the kernel finishes.
    pub fn run_cancellable(
        &self,
        range: &NdRange,
        args: &mut [Arg<'_>],
        cancel: &crate::CancelToken,
    ) -> Result<RunInfo> {
        self.run_with(range, args, &RunOptions::cancel(cancel))
    }

    /// Like [`Kernel::run`], with a time limit and/or a cancel token (see [`RunOptions`]).
    pub fn run_with(&self, range: &NdRange, args: &mut [Arg<'_>], options: &RunOptions) -> Result<RunInfo> {
        match &self.ir().opencl {
            Some(sig) => crate::clspv::run(self, sig, range, args, options),
            None => self.run_reaching(range, args, options, &[]),
        }
    }

    /// Run the kernel with one argument per parameter of its kernel IR (for a clspv
    /// kernel: its Vulkan form's descriptors and push constants).
    pub(crate) fn run_interface(&self, range: &NdRange, args: &mut [Arg<'_>], options: &RunOptions) -> Result<RunInfo> {
        self.run_reaching(range, args, options, &[])
    }

    /// Like [`Kernel::run_with`], where the kernel may also reach `device_buffers`
    /// through addresses it reads from memory (buffer device addresses: the caller
    /// writes `buffer.as_ptr()` into push constants or other buffers); accesses through
    /// such pointers are checked against these buffers like any bound one.
    pub fn run_with_device_buffers(
        &self,
        range: &NdRange,
        args: &mut [Arg<'_>],
        device_buffers: &mut [&mut [u8]],
        options: &RunOptions,
    ) -> Result<RunInfo> {
        if device_buffers.is_empty() {
            return self.run_with(range, args, options);
        }
        if self.ir().opencl.is_some() {
            return Err(crate::Error::Compile(spirjit_jit::CompileError::unsupported(format!(
                "kernel `{}` was compiled by clspv; device-address buffers are for Vulkan compute kernels",
                self.name()
            ))));
        }
        let device: Vec<(u64, u64)> = device_buffers.iter().map(|b| (b.as_ptr() as u64, b.len() as u64)).collect();
        self.run_reaching(range, args, options, &device)
    }

    /// Like [`Kernel::run_with`], where the kernel may also access `device_buffers`
    /// (`(address, bytes)`, kept alive and unaliased by the caller for the whole
    /// dispatch) through addresses it reads from memory.
    pub(crate) fn run_reaching(
        &self,
        range: &NdRange,
        args: &mut [Arg<'_>],
        options: &RunOptions,
        device_buffers: &[(u64, u64)],
    ) -> Result<RunInfo> {
        let fresh;
        let cancel = match &options.cancel {
            Some(t) => t,
            None => {
                fresh = crate::CancelToken::new();
                &fresh
            }
        };
        let vector = self.program.compiled_kernel(self.index)?;
        let k = self.ir();
        // The work-group size is the one the chosen W picks, whichever code runs.
        let plan = plan(range, &k.name, k.reqd_work_group_size, self.program.pointer_bits(), vector.kernel.lanes)?;
        let items = plan.as_ref().map_or(0, |p| p.total_groups.saturating_mul(p.local.iter().product::<u64>()));
        let tier = self.program.tier(self.index, vector.kernel.lanes);
        let (side, measure) = tier.map_or((Side::Vector, false), |t| t.choose(items));
        let compiled = match side {
            Side::Vector => vector,
            Side::Half => self.program.half(vector.kernel.lanes)?.compiled_kernel(self.index)?,
            Side::Scalar => self.program.scalar()?.compiled_kernel(self.index)?,
        };
        // Code that takes y and z as uniform per lane group runs only where lane groups
        // lie within rows; other launch shapes get the code without that assumption.
        let compiled = match &plan {
            Some(p) if compiled.kernel.whole_rows && !p.rows_whole(compiled.kernel.lanes) => {
                self.program.compiled_kernel_any_rows(self.index)?
            }
            _ => compiled,
        };
        let ck = &compiled.kernel;
        let start = Instant::now();
        let bound = bind(&k.name, &k.params, args)?;
        let Some(plan) = plan else {
            let local = range.local.or(k.reqd_work_group_size.map(|r| r.map(u64::from)));
            return Ok(RunInfo {
                elapsed: start.elapsed(),
                work_groups: 0,
                local_size: local.unwrap_or_else(|| range.default_local_size_for_lanes(ck.lanes)),
            });
        };
        let launch = Launch {
            kernel: &k.name,
            params: &k.params,
            entry: ck.entry,
            lanes: ck.lanes,
            private_stride: ck.private_stride,
            private_align: ck.private_align,
            local_static_size: ck.local_static_size.max(k.local_static_size),
            local_zero_init: &k.local_zero_init,
            barrier_count: ck.barrier_count,
            plan: &plan,
            bound: &bound,
            data_region: compiled.data_region(),
            device_buffers,
            merge_groups: ck.merge_groups,
        };
        let run_start = Instant::now();
        let result = dispatch::run_limited(&launch, cancel, options.timeout);
        if let (Some(t), true, Ok(())) = (tier, measure, &result) {
            t.record(side, items, run_start.elapsed());
        }
        crate::printf::finish(&launch);
        result?;
        Ok(RunInfo { elapsed: start.elapsed(), work_groups: plan.total_groups, local_size: plan.local })
    }
}

/// `name(type name, ...)` in OpenCL spelling.
pub(crate) fn signature_text(name: &str, params: &[Param]) -> String {
    let ps: Vec<String> = params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let n = p.name.clone().unwrap_or_else(|| format!("arg{i}"));
            format!("{} {n}", param_type_text(p))
        })
        .collect();
    format!("{name}({})", ps.join(", "))
}

/// A parameter's type in OpenCL spelling: `global float*`, `constant uint*`, `float4`
/// (the module's own spelling when it records one, else from [`Param::host`]).
pub fn param_type_text(p: &Param) -> String {
    match &p.kind {
        ParamKind::Pointer { space, pointee } => {
            let elem = match (&p.type_name, p.host.pointee()) {
                (Some(t), _) => t.trim().trim_end_matches('*').trim_end().to_string(),
                (None, Some(h)) => host_type_name(h, pointee),
                (None, None) => opencl_type_name(pointee),
            };
            let konst =
                if p.read_only && *space != AddressSpace::Constant && !elem.contains("const") { "const " } else { "" };
            format!("{} {konst}{elem}*", space.opencl_name())
        }
        ParamKind::Value(t) => p.type_name.clone().unwrap_or_else(|| host_type_name(&p.host, t)),
        ParamKind::Sampler => p.type_name.clone().unwrap_or_else(|| "sampler_t".into()),
        ParamKind::Image { dim, access } => {
            p.type_name.clone().unwrap_or_else(|| format!("{access} image{}_t", dim.to_lowercase()))
        }
    }
}

/// The OpenCL C name of a value of host type `h` and KIR type `t` (`uint`, `float4`,
/// `void`; aggregates by their KIR type).
fn host_type_name(h: &HostType, t: &Type) -> String {
    match h {
        HostType::Scalar(s) => s.opencl_name().to_string(),
        HostType::Vector(s, n) => format!("{}{n}", s.opencl_name()),
        HostType::Void => "void".to_string(),
        _ => opencl_type_name(t),
    }
}

/// The OpenCL C name of a KIR type (integers are spelled signed; KIR has no sign).
pub fn opencl_type_name(t: &Type) -> String {
    fn scalar(s: Scalar) -> String {
        match s {
            Scalar::Bool => "bool".into(),
            Scalar::I8 => "char".into(),
            Scalar::I16 => "short".into(),
            Scalar::I32 => "int".into(),
            Scalar::I64 => "long".into(),
            Scalar::F16 => "half".into(),
            Scalar::F32 => "float".into(),
            Scalar::F64 => "double".into(),
            Scalar::Ptr(space) => format!("{space} void*"),
        }
    }
    match t {
        Type::Scalar(s) => scalar(*s),
        Type::Vector(s, n) => format!("{}{n}", scalar(*s)),
        Type::Array { elem, len, .. } => format!("{}[{len}]", opencl_type_name(elem)),
        Type::Struct(st) => format!("struct ({} bytes)", st.size),
    }
}

//! The native `Program` and `Kernel` classes: loading SPIR-V bytes with options, and
//! kernel metadata. Launching is in `launch` (and the fast call path in `fast`); friendly
//! wrappers are in Python.
//!
//! This module must not interpret arguments; it only forwards to the runtime.

use std::sync::atomic::AtomicU64;
use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use spirjit::RunInfo;

use crate::effects;
use crate::errors::{internal, to_py};
use crate::fast::{self, FastPlan};
use crate::interface;
use crate::launch;
use crate::types::param_to_py;

/// What a launch returns to Python: `(elapsed_seconds, work_groups, local_size)`.
type RunTuple = (f64, u64, (u64, u64, u64));

fn run_tuple(info: RunInfo) -> RunTuple {
    let [x, y, z] = info.local_size;
    (info.elapsed.as_secs_f64(), info.work_groups, (x, y, z))
}

/// A loaded and compiled SPIR-V module (native; use `spirjit.Program`).
#[pyclass(name = "NativeProgram", module = "spirjit._spirjit", frozen)]
pub struct NativeProgram {
    inner: spirjit::Program,
}

#[pymethods]
impl NativeProgram {
    /// Load a SPIR-V binary (kernels compile on first use). `lanes`: work-items per lane group (SIMD
    /// width; None for the runtime's default); `checked`: bounds-check every access.
    #[new]
    #[pyo3(signature = (data, lanes=None, checked=true, robust_buffer_access=false))]
    fn new(
        py: Python<'_>,
        data: &Bound<'_, PyBytes>,
        lanes: Option<u32>,
        checked: bool,
        robust_buffer_access: bool,
    ) -> PyResult<Self> {
        let bytes = data.as_bytes().to_vec();
        let mut options = spirjit::Options { checked, robust_buffer_access, ..spirjit::Options::default() };
        if let Some(l) = lanes {
            options.lanes = l;
        }
        let inner = py.detach(move || spirjit::Program::with_options(&bytes, &options)).map_err(to_py)?;
        Ok(NativeProgram { inner })
    }

    /// The program with specialization constants `spec` (`[(spec_id, value), ...]`),
    /// translated again (or shared with an earlier identical specialization).
    fn specialized(&self, py: Python<'_>, spec: &Bound<'_, PyList>) -> PyResult<NativeProgram> {
        let spec = interface::specialization(spec)?;
        let program = self.inner.clone();
        let inner = py.detach(move || program.specialized(&spec)).map_err(to_py)?;
        Ok(NativeProgram { inner })
    }

    /// The program translated with `counts` descriptors for its run-time sized descriptor
    /// arrays (`[((set, binding), count), ...]`; the others get none), translated again
    /// or shared with an earlier identical request.
    fn with_descriptor_counts(&self, py: Python<'_>, counts: Vec<((u32, u32), u32)>) -> PyResult<NativeProgram> {
        let counts: spirjit::DescriptorCounts = counts.into_iter().collect();
        let program = self.inner.clone();
        let inner = py.detach(move || program.with_descriptor_counts(&counts)).map_err(to_py)?;
        Ok(NativeProgram { inner })
    }

    /// The program compiled at `lanes` work-items per lane group (for a required
    /// sub-group size), loaded again or shared with an earlier load at that width.
    fn with_lanes(&self, py: Python<'_>, lanes: u32) -> PyResult<NativeProgram> {
        let program = self.inner.clone();
        let inner = py.detach(move || program.with_lanes(lanes)).map_err(to_py)?;
        Ok(NativeProgram { inner })
    }

    /// The module's specialization constants: `[(spec_id, name, type, default, value)]`.
    fn spec_constants<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        interface::spec_constants(py, self.inner.spec_constants())
    }

    /// Names of the module's kernels, in module order.
    fn kernel_names(&self) -> Vec<String> {
        self.inner.kernel_names()
    }

    /// The kernel called `name` (raises spirjit.ArgumentError listing the names).
    fn kernel(&self, name: &str) -> PyResult<NativeKernel> {
        Ok(NativeKernel::new(self.inner.kernel(name).map_err(to_py)?))
    }

    /// Capabilities the module declares.
    fn capabilities(&self) -> Vec<String> {
        self.inner.capabilities().to_vec()
    }

    /// Pointer width of the module's addressing model (32 or 64).
    fn pointer_bits(&self) -> u32 {
        self.inner.pointer_bits()
    }

    /// The kernel IR as text.
    fn dump_ir(&self) -> String {
        self.inner.dump_ir()
    }

    /// Compile every kernel now (in parallel; the GIL is released) instead of on first
    /// use.
    fn compile_all(&self, py: Python<'_>) -> PyResult<()> {
        let inner = self.inner.clone();
        py.detach(move || inner.compile_all()).map_err(to_py)
    }

    /// How many kernels have been compiled so far.
    fn compiled_kernel_count(&self) -> usize {
        self.inner.compiled_kernel_count()
    }

    /// (lanes, checked) the program was compiled with.
    fn options(&self) -> (u32, bool, bool) {
        let o = self.inner.options();
        (o.lanes, o.checked, o.robust_buffer_access)
    }
}

/// One kernel of a native program (native; use `spirjit.Kernel`).
#[pyclass(name = "NativeKernel", module = "spirjit._spirjit", frozen)]
pub struct NativeKernel {
    pub(crate) inner: spirjit::Kernel,
    /// The fast call path's plan, once the Python layer has set it.
    fast: OnceLock<FastPlan>,
    /// Duration of the last run in nanoseconds (`u64::MAX` before the first); see
    /// `launch::execute`.
    recent: AtomicU64,
}

impl NativeKernel {
    fn new(inner: spirjit::Kernel) -> NativeKernel {
        NativeKernel { inner, fast: OnceLock::new(), recent: AtomicU64::new(u64::MAX) }
    }
}

#[pymethods]
impl NativeKernel {
    /// (lanes, vectorized, note): the lowering path the kernel got, compiling it now if
    /// needed (the GIL is released while it compiles).
    fn path(&self, py: Python<'_>) -> PyResult<(u32, bool, String)> {
        let inner = self.inner.clone();
        let p = py.detach(move || inner.path()).map_err(to_py)?;
        Ok((p.lanes, p.vectorized, p.note))
    }

    /// The kernel's name.
    fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// The signature in OpenCL spelling.
    fn signature(&self) -> String {
        self.inner.signature()
    }

    /// The parameters as dicts (see `types::param_to_py`).
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for (i, p) in self.inner.params().iter().enumerate() {
            list.append(param_to_py(py, i, p)?)?;
        }
        Ok(list)
    }

    /// The required work-group size, or None.
    fn reqd_work_group_size(&self) -> Option<[u32; 3]> {
        self.inner.reqd_work_group_size()
    }

    /// What the kernel does to the memory of each pointer parameter (see
    /// `effects::effects`), read off its kernel IR.
    fn memory_effects<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let name = self.inner.name();
        let module = self.inner.program().module();
        let Some(kernel) = module.kernels.iter().find(|k| k.name == name) else {
            return Err(internal(format!("kernel `{name}` is missing from its own module")));
        };
        effects::effects(py, kernel)
    }

    /// The descriptor bindings and push constants of a Vulkan compute kernel (see
    /// `interface::interface`), None for an OpenCL kernel.
    fn interface<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        interface::interface(py, &self.inner)
    }

    /// Launch: `dims` 1..=3, `global`/`offset` 3-tuples, `local` a 3-tuple or None,
    /// `args` a list of `("buffer", ndarray)`, `("value", bytes)`, `("local", nbytes)`,
    /// `("image", NativeImage)`, `("sampler", (normalized, addressing, filter))`,
    /// `("vulkan_sampler", (normalized, filter, (u, v, w), border, compare))`,
    /// `("sampled_image", (NativeImage, vulkan sampler tuple))`.
    /// `timeout`: a time limit in seconds (None: none; a positive float), past which the
    /// kernel is stopped and KernelError raised.
    /// Returns `(elapsed_seconds, work_groups, local_size)`. Releases the GIL while the
    /// kernel runs and turns Ctrl-C into KeyboardInterrupt (cancelling the kernel).
    #[pyo3(signature = (dims, global, local, offset, args, timeout=None))]
    #[allow(clippy::too_many_arguments)] // the Python signature's keywords
    fn run(
        &self,
        py: Python<'_>,
        dims: u32,
        global: [u64; 3],
        local: Option<[u64; 3]>,
        offset: [u64; 3],
        args: &Bound<'_, PyList>,
        timeout: Option<f64>,
    ) -> PyResult<RunTuple> {
        let range = spirjit::NdRange { dims, global, local, offset };
        let timeout = launch::time_limit(timeout)?;
        launch::run(py, &self.inner, &range, args, &self.recent, timeout).map(run_tuple)
    }

    /// Set the fast call path's plan (once; see `fast::FastPlan::from_py`).
    fn set_fast_plan(
        &self,
        params: &Bound<'_, PyList>,
        int_types: &Bound<'_, PyTuple>,
        float_types: &Bound<'_, PyTuple>,
    ) -> PyResult<()> {
        let plan = FastPlan::from_py(params, int_types, float_types)?;
        if plan.len() != self.inner.params().len() {
            return Err(internal("the fast-path plan needs one entry per parameter"));
        }
        // A second plan would be the same as the first; keeping the first is fine.
        let _ = self.fast.set(plan);
        Ok(())
    }

    /// Launch `args` (the call's positional arguments) with the NDRange and time limit of
    /// `sizes` (the call's keyword arguments) when the fast path handles them all, returning what
    /// `run` returns; returns None, having done nothing, when the call needs the full
    /// conversion in Python. Errors of the launch itself are raised as by `run`.
    #[pyo3(signature = (args, sizes=None))]
    fn fast_call(
        &self,
        py: Python<'_>,
        args: &Bound<'_, PyTuple>,
        sizes: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Option<RunTuple>> {
        let Some(plan) = self.fast.get() else { return Ok(None) };
        let Some((range, timeout)) = fast::ndrange(sizes) else { return Ok(None) };
        let Some(prepared) = plan.prepare(args) else { return Ok(None) };
        // SAFETY: `args` holds every array until `execute` has returned.
        let info = unsafe { launch::execute(py, &self.inner, &range, prepared, &self.recent, timeout) }?;
        Ok(Some(run_tuple(info)))
    }
}

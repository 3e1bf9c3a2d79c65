//! The native `Program` and `Kernel` classes: loading SPIR-V bytes with options, and
//! kernel metadata. Launching is in `launch`; friendly wrappers are in Python.
//!
//! This module must not interpret arguments; it only forwards to the runtime.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};

use crate::errors::to_py;
use crate::launch;
use crate::types::param_to_py;

/// A loaded and compiled SPIR-V module (native; use `spirjit.Program`).
#[pyclass(name = "NativeProgram", module = "spirjit._spirjit", frozen)]
pub struct NativeProgram {
    inner: spirjit::Program,
}

#[pymethods]
impl NativeProgram {
    /// Load and compile a SPIR-V binary. `lanes`: work-items per lane group (SIMD
    /// width; None for the runtime's default); `checked`: bounds-check every access.
    #[new]
    #[pyo3(signature = (data, lanes=None, checked=true))]
    fn new(py: Python<'_>, data: &Bound<'_, PyBytes>, lanes: Option<u32>, checked: bool) -> PyResult<Self> {
        let bytes = data.as_bytes().to_vec();
        let mut options = spirjit::Options { checked, ..spirjit::Options::default() };
        if let Some(l) = lanes {
            options.lanes = l;
        }
        let inner = py.detach(move || spirjit::Program::with_options(&bytes, &options)).map_err(to_py)?;
        Ok(NativeProgram { inner })
    }

    /// Names of the module's kernels, in module order.
    fn kernel_names(&self) -> Vec<String> {
        self.inner.kernel_names()
    }

    /// The kernel called `name` (raises spirjit.ArgumentError listing the names).
    fn kernel(&self, name: &str) -> PyResult<NativeKernel> {
        Ok(NativeKernel { inner: self.inner.kernel(name).map_err(to_py)? })
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

    /// (lanes, checked) the program was compiled with.
    fn options(&self) -> (u32, bool) {
        let o = self.inner.options();
        (o.lanes, o.checked)
    }
}

/// One kernel of a native program (native; use `spirjit.Kernel`).
#[pyclass(name = "NativeKernel", module = "spirjit._spirjit", frozen)]
pub struct NativeKernel {
    pub(crate) inner: spirjit::Kernel,
}

#[pymethods]
impl NativeKernel {
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

    /// Launch: `dims` 1..=3, `global`/`offset` 3-tuples, `local` a 3-tuple or None,
    /// `args` a list of `("buffer", ndarray)`, `("value", bytes)`, `("local", nbytes)`,
    /// `("image", NativeImage)`, `("sampler", (normalized, addressing, filter))`.
    /// Returns `(elapsed_seconds, work_groups, local_size)`. Releases the GIL while the
    /// kernel runs and turns Ctrl-C into KeyboardInterrupt (cancelling the kernel).
    #[pyo3(signature = (dims, global, local, offset, args))]
    fn run(
        &self,
        py: Python<'_>,
        dims: u32,
        global: [u64; 3],
        local: Option<[u64; 3]>,
        offset: [u64; 3],
        args: &Bound<'_, PyList>,
    ) -> PyResult<(f64, u64, [u64; 3])> {
        let range = spirjit::NdRange { dims, global, local, offset };
        launch::run(py, &self.inner, &range, args)
    }
}

//! `spirjit._spirjit`: the native half of the `spirjit` Python package.
//!
//! It exposes the Rust runtime (`spirjit::Program`, `spirjit::Kernel`) with a small,
//! low-level surface: programs from SPIR-V bytes, kernel metadata as plain Python data,
//! and launches whose arguments are already classified (`("buffer", ndarray)`,
//! `("value", bytes)`, `("local", nbytes)`, `("image", NativeImage)`,
//! `("sampler", (normalized, addressing, filter))`). The friendly API — sources, dtype checks,
//! scalar range checks, NDRange spellings, docstrings — lives in the pure-Python package
//! `python/spirjit/`. This crate must not panic across the Python boundary: every failure
//! becomes a Python exception of the `spirjit` hierarchy.

mod effects;
mod errors;
mod fast;
mod image;
mod interface;
mod interrupt;
mod launch;
mod program;
mod types;

use pyo3::prelude::*;

/// Set the number of worker threads kernels run on (0 = one per core).
#[pyfunction]
fn set_num_threads(n: usize) {
    spirjit::set_num_threads(n);
}

/// The number of worker threads kernels run on.
#[pyfunction]
fn num_threads() -> usize {
    spirjit::num_threads()
}

/// Use `path` as the on-disk code cache directory for the rest of the process (None:
/// no on-disk cache).
#[pyfunction]
#[pyo3(signature = (path))]
fn set_code_cache_dir(path: Option<std::path::PathBuf>) {
    spirjit::set_code_cache_dir(path.as_deref());
}

/// The on-disk code cache directory in effect (None: off).
#[pyfunction]
fn code_cache_dir() -> Option<std::path::PathBuf> {
    spirjit::code_cache_dir()
}

/// The dialect of `data` when it is LLVM IR: `"nvvm"` (CUDA) or `"spir"`; None for
/// anything else (SPIR-V). Errors reading the IR become `CompileError` and friends.
#[pyfunction]
fn llvm_dialect(data: &[u8]) -> PyResult<Option<&'static str>> {
    use spirjit_jit::frontend::llvm::{self, model::Dialect};
    let dialect = llvm::dialect(data).map_err(|e| errors::to_py(spirjit::Error::Compile(e)))?;
    Ok(dialect.map(|d| match d {
        Dialect::Nvvm => "nvvm",
        Dialect::Spir => "spir",
    }))
}

/// The native module; `spirjit/__init__.py` wraps it.
/// The addresses of the OpenCL platform's and the Vulkan driver's loader entry points.
/// The module's library is itself the OpenCL ICD and the Vulkan ICD that
/// `spirjit.opencl_icd()` / `spirjit.vulkan_icd()` register: referencing the entry points
/// here links them in, and the library exports them.
#[pyfunction]
fn driver_entry_points() -> (usize, usize) {
    (
        spirjit_opencl::clIcdGetPlatformIDsKHR as *const () as usize,
        spirjit_vulkan::vk_icdGetInstanceProcAddr as *const () as usize,
    )
}

#[pymodule]
fn _spirjit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<program::NativeProgram>()?;
    m.add_class::<program::NativeKernel>()?;
    m.add_class::<image::NativeImage>()?;
    m.add_function(wrap_pyfunction!(set_num_threads, m)?)?;
    m.add_function(wrap_pyfunction!(num_threads, m)?)?;
    m.add_function(wrap_pyfunction!(set_code_cache_dir, m)?)?;
    m.add_function(wrap_pyfunction!(code_cache_dir, m)?)?;
    m.add_function(wrap_pyfunction!(llvm_dialect, m)?)?;
    m.add_function(wrap_pyfunction!(driver_entry_points, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

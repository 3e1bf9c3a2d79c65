//! Mapping of runtime errors to the Python exception classes of `spirjit._errors`.
//!
//! The classes are defined in Python (so that `ArgumentError` can derive from both
//! `TypeError` and `ValueError`); this module only chooses the class for an error (a
//! compile error by whose fault it is: `UnsupportedError`, `LimitError`, `InternalError`,
//! else `CompileError` for an invalid module) and
//! must not reword messages — the runtime's messages already say what, where and what
//! to do.

use pyo3::prelude::*;

pyo3::import_exception!(spirjit._errors, Error);
pyo3::import_exception!(spirjit._errors, CompileError);
pyo3::import_exception!(spirjit._errors, UnsupportedError);
pyo3::import_exception!(spirjit._errors, LimitError);
pyo3::import_exception!(spirjit._errors, InternalError);
pyo3::import_exception!(spirjit._errors, ArgumentError);
pyo3::import_exception!(spirjit._errors, LaunchError);
pyo3::import_exception!(spirjit._errors, KernelError);

/// The Python exception for a runtime error.
pub fn to_py(e: spirjit::Error) -> PyErr {
    let msg = e.to_string();
    match e {
        spirjit::Error::Compile(c) => match c {
            spirjit::CompileError::Unsupported { .. } => UnsupportedError::new_err(msg),
            spirjit::CompileError::Limit { .. } => LimitError::new_err(msg),
            spirjit::CompileError::Internal { .. } => InternalError::new_err(msg),
            spirjit::CompileError::Invalid { .. } => CompileError::new_err(msg),
        },
        spirjit::Error::Argument { .. } | spirjit::Error::Binding { .. } => ArgumentError::new_err(msg),
        spirjit::Error::Launch { .. } => LaunchError::new_err(msg),
        spirjit::Error::Kernel { .. } | spirjit::Error::Cancelled { .. } | spirjit::Error::TimedOut { .. } => {
            KernelError::new_err(msg)
        }
        spirjit::Error::NoSuchKernel { .. } => ArgumentError::new_err(msg),
        _ => Error::new_err(msg),
    }
}

/// An argument error raised by the binding layer itself (before the runtime sees it).
pub fn argument(msg: impl Into<String>) -> PyErr {
    ArgumentError::new_err(msg.into())
}

/// An internal failure of the binding layer (a bug, reported instead of crashing).
pub fn internal(msg: impl Into<String>) -> PyErr {
    Error::new_err(format!("internal error in spirjit: {}; please report it", msg.into()))
}

//! The runtime's error type: every failure of loading, binding, launching or running a
//! kernel, as a value whose `Display` says what was wrong, where, and what to do.
//!
//! This module only describes errors; it must not decide policy (retrying, printing,
//! exiting) — callers do that.

use std::fmt;
use std::path::PathBuf;

pub use spirjit_jit::CompileError;

/// Everything that can go wrong in the `spirjit` runtime.
#[derive(Debug)]
pub enum Error {
    /// The module could not be read, translated or compiled.
    Compile(CompileError),
    /// A kernel argument does not fit its parameter. `index` is the 0-based argument
    /// position; `name` is the parameter name (empty when there is none, e.g. for an
    /// extra argument). `message` continues the sentence "kernel `k` argument i `name` ...".
    Argument { kernel: String, index: usize, name: String, message: String },
    /// A pipeline dispatch's descriptors or push constants do not fit the entry point
    /// (`message` says which binding and why).
    Binding { pipeline: String, message: String },
    /// The NDRange (global, local size or offset) cannot be launched.
    Launch { kernel: String, message: String },
    /// The kernel failed while running (out-of-bounds access, unreachable code, barrier
    /// mismatch); `message` names the work-group and work-item.
    Kernel { kernel: String, message: String },
    /// The dispatch was cancelled before it finished.
    Cancelled { kernel: String },
    /// The dispatch ran past its time limit ([`crate::RunOptions::timeout`]) and was
    /// stopped.
    TimedOut { kernel: String, limit: std::time::Duration },
    /// No kernel of that name; `available` lists the module's kernels.
    NoSuchKernel { name: String, available: Vec<String> },
    /// A file could not be read or written.
    Io { path: PathBuf, source: std::io::Error },
    /// A data file (e.g. `.npy`) is malformed or of the wrong kind.
    Data { path: Option<PathBuf>, message: String },
    /// The thread pool could not be set up.
    ThreadPool { message: String },
}

impl Error {
    pub(crate) fn launch(kernel: &str, message: impl Into<String>) -> Self {
        Error::Launch { kernel: kernel.to_string(), message: message.into() }
    }

    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io { path: path.into(), source }
    }

    pub(crate) fn data(path: Option<&std::path::Path>, message: impl Into<String>) -> Self {
        Error::Data { path: path.map(|p| p.to_path_buf()), message: message.into() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Compile(e) => write!(f, "{e}"),
            Error::Argument { kernel, index, name, message } => {
                write!(f, "kernel `{kernel}` argument {index}")?;
                if !name.is_empty() {
                    write!(f, " `{name}`")?;
                }
                write!(f, " {message}")
            }
            Error::Binding { pipeline, message } => write!(f, "dispatch of `{pipeline}`: {message}"),
            Error::Launch { kernel, message } => write!(f, "cannot launch kernel `{kernel}`: {message}"),
            Error::Kernel { kernel, message } => write!(f, "kernel `{kernel}` failed: {message}"),
            Error::Cancelled { kernel } => {
                write!(f, "kernel `{kernel}` was cancelled before it finished; its buffers are partly written")
            }
            Error::TimedOut { kernel, limit } => write!(
                f,
                "kernel `{kernel}` was stopped after its time limit of {:.3} s; its buffers are partly written \
                 (raise the limit if the kernel needs longer, or check it for an endless loop)",
                limit.as_secs_f64()
            ),
            Error::NoSuchKernel { name, available } => {
                if available.is_empty() {
                    write!(f, "no kernel named `{name}`: the module has no kernels")
                } else {
                    let list: Vec<String> = available.iter().map(|n| format!("`{n}`")).collect();
                    write!(f, "no kernel named `{name}`; the module has {}", list.join(", "))
                }
            }
            Error::Io { path, source } => write!(f, "cannot access `{}`: {source}", path.display()),
            Error::Data { path: Some(path), message } => write!(f, "`{}`: {message}", path.display()),
            Error::Data { path: None, message } => f.write_str(message),
            Error::ThreadPool { message } => write!(f, "cannot start the worker threads: {message}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Compile(e) => Some(e),
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl From<CompileError> for Error {
    fn from(e: CompileError) -> Self {
        Error::Compile(e)
    }
}

/// The runtime's result type.
pub type Result<T> = std::result::Result<T, Error>;

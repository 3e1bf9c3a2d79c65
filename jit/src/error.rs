//! Compile errors: what went wrong, where, and what to do.
//!
//! The variants follow Cranelift's split: [`CompileError::Invalid`] is bad input,
//! [`CompileError::Unsupported`] is valid input spirjit does not handle (yet),
//! [`CompileError::Limit`] is a size cap, and [`CompileError::Internal`] is a bug in
//! spirjit.

use std::fmt;

/// Where in the input a problem is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Location {
    /// Word offset of the instruction in a SPIR-V module.
    pub word: Option<usize>,
    /// Opcode name (`OpIAdd`) or instruction text.
    pub instruction: Option<String>,
    /// The result id or value (`%12`).
    pub id: Option<u32>,
    /// The kernel being compiled.
    pub kernel: Option<String>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(k) = &self.kernel {
            parts.push(format!("kernel `{k}`"));
        }
        if let Some(i) = &self.instruction {
            parts.push(i.clone());
        }
        if let Some(id) = self.id {
            parts.push(format!("%{id}"));
        }
        if let Some(w) = self.word {
            parts.push(format!("word {w}"));
        }
        f.write_str(&parts.join(", "))
    }
}

/// Everything that can go wrong while compiling a module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// The input is malformed.
    Invalid { message: String, location: Location },
    /// The input is valid but uses something spirjit does not support.
    Unsupported { message: String, location: Location },
    /// A size limit was exceeded.
    Limit { message: String, location: Location },
    /// A bug in spirjit.
    Internal { message: String, location: Location },
}

impl CompileError {
    pub fn invalid(message: impl Into<String>) -> Self {
        CompileError::Invalid { message: message.into(), location: Location::default() }
    }
    pub fn unsupported(message: impl Into<String>) -> Self {
        CompileError::Unsupported { message: message.into(), location: Location::default() }
    }
    pub fn limit(message: impl Into<String>) -> Self {
        CompileError::Limit { message: message.into(), location: Location::default() }
    }
    pub fn internal(message: impl Into<String>) -> Self {
        CompileError::Internal { message: message.into(), location: Location::default() }
    }

    pub fn location_mut(&mut self) -> &mut Location {
        match self {
            CompileError::Invalid { location, .. }
            | CompileError::Unsupported { location, .. }
            | CompileError::Limit { location, .. }
            | CompileError::Internal { location, .. } => location,
        }
    }

    pub fn message(&self) -> &str {
        match self {
            CompileError::Invalid { message, .. }
            | CompileError::Unsupported { message, .. }
            | CompileError::Limit { message, .. }
            | CompileError::Internal { message, .. } => message,
        }
    }

    /// Attach the kernel name, unless one is already set.
    pub fn in_kernel(mut self, kernel: &str) -> Self {
        let loc = self.location_mut();
        if loc.kernel.is_none() {
            loc.kernel = Some(kernel.to_string());
        }
        self
    }

    /// Attach an instruction location, unless one is already set.
    pub fn at(mut self, word: Option<usize>, instruction: impl Into<String>, id: Option<u32>) -> Self {
        let loc = self.location_mut();
        if loc.instruction.is_none() {
            loc.word = word;
            loc.instruction = Some(instruction.into());
            loc.id = id;
        }
        self
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, location, hint) = match self {
            CompileError::Invalid { location, .. } => ("invalid module", location, ""),
            CompileError::Unsupported { location, .. } => (
                "unsupported",
                location,
                "; this construct is not supported by spirjit yet — please report it with the module attached",
            ),
            CompileError::Limit { location, .. } => ("limit exceeded", location, ""),
            CompileError::Internal { location, .. } => (
                "internal compiler error",
                location,
                "; this is a bug in spirjit — please report it with the module attached",
            ),
        };
        write!(f, "{kind}: {}", self.message())?;
        let loc = location.to_string();
        if !loc.is_empty() {
            write!(f, " (at {loc})")?;
        }
        f.write_str(hint)
    }
}

impl std::error::Error for CompileError {}

pub type Result<T> = std::result::Result<T, CompileError>;

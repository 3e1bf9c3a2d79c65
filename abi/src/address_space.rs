//! Address spaces as OpenCL, SPIR-V and NVVM name them, and where each lives on the CPU.

use std::fmt;

/// Where a pointer points. All spaces are host addresses at run time; the space only
/// tells which region an access belongs to (for checking and for choosing memory
/// orderings), never how to reach it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddressSpace {
    /// `__private` / SPIR-V `Function`, `Private`: per-work-item memory.
    Private,
    /// `__global` / `CrossWorkgroup`, `StorageBuffer`: the caller's buffers.
    Global,
    /// `__constant` / `UniformConstant`, `Uniform`, `PushConstant`: read-only data.
    Constant,
    /// `__local` / `Workgroup`: memory shared by the work-items of one work-group.
    Local,
    /// `generic` / `Generic`: any of the above.
    Generic,
}

impl AddressSpace {
    /// The OpenCL C spelling of the qualifier (`global`, `local`, ...).
    pub fn opencl_name(self) -> &'static str {
        match self {
            AddressSpace::Private => "private",
            AddressSpace::Global => "global",
            AddressSpace::Constant => "constant",
            AddressSpace::Local => "local",
            AddressSpace::Generic => "generic",
        }
    }
}

impl fmt::Display for AddressSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.opencl_name())
    }
}

//! The SPIR-V writer of the LLVM IR front end: a model in, OpenCL-flavoured SPIR-V
//! words out.
//!
//! * `nvvm` — what NVVM IR (CUDA) means: kernels, address spaces, `llvm.nvvm.*`
//!   intrinsics, warp functions, dynamic shared memory, `vprintf`;
//! * `nvvm_prepare` — the NVVM rewrites in order (`prepare`), run before writing;
//! * `nvvm_printf` — `vprintf` calls as `printf` calls with their arguments unpacked (a
//!   model rewrite);
//! * `nvvm_shared` — `extern __shared__` memory as an extra kernel parameter (a model
//!   rewrite);
//! * `libdevice` — the `__nv_*` functions of CUDA's device library as OpenCL.std.
//!
//! These modules decide; they must not depend on how the writer emits words.

pub mod libdevice;
pub mod nvvm;
pub mod nvvm_prepare;
pub mod nvvm_printf;
pub mod nvvm_shared;

//! spirjit runs GPU compute kernels (SPIR-V) natively on the CPU.
//!
//! # Model
//! A [`Program`] is a loaded module: its kernels translated to spirjit's kernel IR and
//! compiled with Cranelift. A [`Kernel`] is one entry point; [`Kernel::run`] launches it
//! over an [`NdRange`] with one [`Arg`] per parameter and returns when every work-item
//! has finished:
//!
//! * buffers ([`Arg::buffer`], [`Arg::read_only`]) are the caller's slices, used in place;
//! * by-value arguments ([`Arg::value`]) are copied;
//! * `__local` pointer arguments ([`Arg::local`]) get that many bytes of local memory per
//!   work-group.
//! * images ([`Arg::image`] of an [`Image`]) and samplers ([`Arg::sampler`] of a
//!   [`Sampler`]) for `image2d_t`, `sampler_t`, ...; images are read back with
//!   [`Image::bytes`].
//!
//! Kernel `printf` output is collected per work-item and written to stdout in work-item
//! order when the dispatch finishes ([`Kernel::run_capturing`] returns it instead).
//!
//! Work-groups run in parallel on a global thread pool ([`set_num_threads`],
//! `SPIRJIT_NUM_THREADS`); inside a work-group, lane groups of work-items run in SIMD
//! lanes and meet at barriers. Every failure — a bad module, a wrong argument, an
//! impossible NDRange, an out-of-bounds access in the kernel — is an [`Error`] whose
//! message says what was wrong, where, and what to do.
//!
//! # Example
//! ```
//! use spirjit::{Arg, NdRange, Program};
//!
//! # fn main() -> spirjit::Result<()> {
//! // __kernel void vadd_float(global const float* a, global const float* b,
//! //                          global float* c, int n)
//! // { size_t i = get_global_id(0); if (i < (size_t)n) c[i] = a[i] + b[i]; }
//! let program = Program::from_path("tests/kernels/vadd_float.O2.spv")?;
//! let vadd = program.kernel("vadd_float")?;
//! let a: Vec<f32> = (0..1000).map(|i| i as f32).collect();
//! let b = vec![1.0f32; 1000];
//! let mut c = vec![0.0f32; 1000];
//! let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c), Arg::value(1000i32)];
//! let info = vadd.run(&NdRange::d1(1000), args)?;
//! assert_eq!(c[10], 11.0);
//! assert_eq!(info.work_groups * info.local_size[0], 1000);
//! # Ok(())
//! # }
//! ```
//!
//! This crate owns arguments, memory and the NDRange driver; it must not translate or
//! generate code itself (that is `spirjit-jit`).

mod arena;
mod args;
mod cache;
mod cancel;
pub mod cli;
mod clspv;
mod code_cache;
mod dispatch;
mod error;
mod image;
mod kernel;
mod ndrange;
pub mod npy;
mod pipeline;
mod pool;
mod printf;
mod program;
mod tier;
pub mod typecheck;
mod watchdog;

pub use args::{bytes_of, bytes_of_mut, Arg, Pod, WARN_PARTIAL_ELEMENTS_ENV};
pub use cancel::CancelToken;
pub use code_cache::{
    build_identity, code_cache_dir, decode_compiled_code, encode_compiled_code, preload_compiled_code,
    set_code_cache_dir, CompiledCode, CODE_CACHE_ENV,
};
pub use error::{Error, Result};
pub use image::{
    AddressingMode, BorderColor, ChannelOrder, ChannelType, CompareOp, FilterMode, Image, ImageDim, ImageShape,
    ImageView, Sampler, VulkanSampler,
};
pub use kernel::{opencl_type_name, param_type_text, Kernel, KernelPath, RunInfo, RunOptions};
pub use ndrange::{NdRange, MAX_WORK_GROUP_SIZE};
pub use pipeline::{Bindings, Pipeline, PipelineOptions};
pub use pool::{num_threads, set_num_threads, try_set_num_threads, NUM_THREADS_ENV};
pub use program::{Options, Program, LANES_ENV};
pub use spirjit_jit::ir::{
    AddressSpace, Binding, DescriptorCounts, DescriptorKind, HostScalar, HostType, Param, ParamKind, PushConstants,
    Scalar, ShaderInterface, Signedness, SpecConstant, SpecValue, Specialization, Type,
};
pub use spirjit_jit::CompileError;
pub use tier::ADAPTIVE_WIDTH_ENV;

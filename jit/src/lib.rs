//! spirjit's compiler: GPU kernel modules in, native lane-group entry functions out.
//!
//! ```text
//!  SPIR-V words ─ frontend::spirv ─► ir (KIR) ─► analysis ─► lower (Cranelift) ─► entry fn
//! ```
//!
//! * [`frontend`] turns input modules into [`ir::Module`]s; differences between input
//!   formats end there.
//! * [`ir`] is the kernel IR with its builder and textual form (printer and reader).
//! * [`verify`] checks KIR's structure, operand types and dominance (it uses the CFG
//!   and dominator tree of [`analysis`], so it is not part of `ir`).
//! * [`analysis`] computes facts about KIR (control flow, liveness across barriers)
//!   and never emits code.
//! * [`lower`] turns a KIR kernel into machine code through Cranelift; it never parses.
//! * [`pipeline`] runs the steps in order, each once per kernel.
//!
//! This crate does not run kernels: the `spirjit` crate owns arguments, memory and the
//! NDRange driver.

pub mod analysis;
pub mod error;
pub mod frontend;
pub mod ir;
pub mod lower;
pub mod pipeline;
pub mod verify;

pub use error::{CompileError, Location, Result};

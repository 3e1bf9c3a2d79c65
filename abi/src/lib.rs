//! The contract between kernels compiled by spirjit and the host that runs them.
//!
//! Everything here is plain data with a fixed `#[repr(C)]` layout: the launch context a
//! compiled kernel receives, the status codes it returns, the address spaces of its
//! pointers and the byte layout of its arguments. The compiler (`spirjit-jit`) reads field
//! offsets from here with `offset_of!`, and the runtime (`spirjit`) fills the same
//! structures, so the two can never disagree about a layout.
//!
//! This crate must not contain logic beyond layout helpers: no compilation, no
//! execution, no allocation policies.

pub mod address_space;
pub mod args;
pub mod context;
pub mod image;
pub mod status;

pub use address_space::AddressSpace;
pub use args::ArgSlots;
pub use context::{EntryFn, ErrorRecord, LaunchContext, Region, MAX_WORK_GROUP_SIZE};
pub use image::{ChannelOrder, ChannelType, ImageDesc, ImageDim};
pub use status::Status;

//! The launch context: what a compiled kernel entry reads to know where it is.

use std::sync::atomic::AtomicU32;

/// Largest number of work-items in one work-group. The runtime refuses larger local sizes,
/// and the compiler sizes per-work-group scratch memory (work-group collectives) by it.
pub const MAX_WORK_GROUP_SIZE: u64 = 4096;

/// Details of the first error a kernel hit; written by compiled code, read by the driver.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ErrorRecord {
    /// One of [`crate::status::error_kind`].
    pub kind: u32,
    /// The kernel argument involved, or `u32::MAX`.
    pub arg: u32,
    /// Byte offset of the access from the start of its region.
    pub offset: u64,
    /// Size of the access in bytes.
    pub size: u64,
    /// Local linear id of the work-item (within its work-group).
    pub local_linear_id: u64,
}

/// Everything a compiled kernel needs to know about the work-group it is running.
///
/// One context exists per work-group in flight (per worker thread); the driver fills it
/// before running the work-group's lane groups. Sizes are 64-bit whatever the module's
/// addressing model; the kernel truncates them where its `size_t` is 32-bit.
#[repr(C)]
#[derive(Debug)]
pub struct LaunchContext {
    /// Number of dimensions of the NDRange (1, 2 or 3).
    pub work_dim: u64,
    /// Global work size per dimension (1 for unused dimensions).
    pub global_size: [u64; 3],
    /// Work-group size of *this* work-group (smaller than the enqueued size for the last
    /// group of a non-uniform NDRange).
    pub local_size: [u64; 3],
    /// Work-group size given at enqueue time.
    pub enqueued_local_size: [u64; 3],
    /// Number of work-groups per dimension.
    pub num_groups: [u64; 3],
    /// Global offset per dimension.
    pub global_offset: [u64; 3],
    /// Id of this work-group.
    pub group_id: [u64; 3],
    /// One 8-byte slot per kernel parameter: the pointer for buffers and local memory,
    /// the value (zero-extended, little-endian) for scalars of at most 8 bytes, and a
    /// pointer to the bytes for larger by-value arguments (vectors, structs).
    /// The `n` slots are followed by `n` sizes: the byte size of the region argument `i`
    /// points to (buffer length, local-memory bytes, by-value copy) or of the value held
    /// in its slot — what bounds checks compare against. [`crate::ArgSlots`] has the
    /// offsets.
    pub args: *const u64,
    /// This work-group's local memory: module-scope `__local` variables first, then the
    /// `__local` pointer arguments.
    pub local_mem: *mut u8,
    /// Base of the work-group's private state: `private_stride` bytes per lane group.
    pub private_mem: *mut u8,
    /// Bytes of private state per lane group.
    pub private_stride: u64,
    /// Polled on loop back-edges; non-zero means stop.
    pub cancel: *const AtomicU32,
    /// Where the kernel records the first error it hits.
    pub error: *mut ErrorRecord,
    /// Every memory region bound to this dispatch, for checks on pointers whose origin
    /// the compiler cannot prove: `region_count` entries (buffers, local and private
    /// memory of the work-group, by-value copies, module data). May be null when
    /// `region_count` is 0.
    pub regions: *const Region,
    /// Number of entries at `regions`.
    pub region_count: u64,
}

/// One memory region a checked kernel may access (see [`LaunchContext::regions`]).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Region {
    /// Address of the first byte.
    pub base: u64,
    /// Size in bytes.
    pub size: u64,
    /// The kernel argument the region belongs to, or `u64::MAX` (local, private or
    /// module memory).
    pub arg: u64,
}

/// The signature of a compiled kernel entry: runs lane groups `first_lane_group ..
/// first_lane_group + lane_group_count` of a work-group, one after the other, each from
/// the same point.
///
/// Lane group `g` holds the work-items with local linear ids `g * W .. (g + 1) * W`;
/// `resume` is 0 for a fresh start or the barrier number the previous call returned.
/// Returns a [`crate::Status`] value: [`Status::DONE`](crate::Status::DONE) when every
/// lane group ran to the end, `k` when every lane group stopped at barrier `k` (resume
/// all of them with `k` once the whole work-group got there), or
/// [`Status::ERROR`](crate::Status::ERROR) / [`Status::CANCELLED`](crate::Status::CANCELLED)
/// as soon as one lane group hits an error or sees the cancel flag. Lane groups that
/// stop at different points are an error of kind
/// [`BARRIER_MISMATCH`](crate::status::error_kind::BARRIER_MISMATCH). A count of 0 is
/// not allowed.
pub type EntryFn =
    unsafe extern "C" fn(ctx: *const LaunchContext, first_lane_group: u64, lane_group_count: u64, resume: u64) -> u64;

/// Byte offsets of the context's fields, for code generators.
pub mod offsets {
    use super::{ErrorRecord, LaunchContext};
    use std::mem::offset_of;

    pub const WORK_DIM: usize = offset_of!(LaunchContext, work_dim);
    pub const GLOBAL_SIZE: usize = offset_of!(LaunchContext, global_size);
    pub const LOCAL_SIZE: usize = offset_of!(LaunchContext, local_size);
    pub const ENQUEUED_LOCAL_SIZE: usize = offset_of!(LaunchContext, enqueued_local_size);
    pub const NUM_GROUPS: usize = offset_of!(LaunchContext, num_groups);
    pub const GLOBAL_OFFSET: usize = offset_of!(LaunchContext, global_offset);
    pub const GROUP_ID: usize = offset_of!(LaunchContext, group_id);
    pub const ARGS: usize = offset_of!(LaunchContext, args);
    pub const LOCAL_MEM: usize = offset_of!(LaunchContext, local_mem);
    pub const PRIVATE_MEM: usize = offset_of!(LaunchContext, private_mem);
    pub const PRIVATE_STRIDE: usize = offset_of!(LaunchContext, private_stride);
    pub const CANCEL: usize = offset_of!(LaunchContext, cancel);
    pub const ERROR: usize = offset_of!(LaunchContext, error);
    pub const REGIONS: usize = offset_of!(LaunchContext, regions);
    pub const REGION_COUNT: usize = offset_of!(LaunchContext, region_count);

    pub const ERROR_KIND: usize = offset_of!(ErrorRecord, kind);
    pub const ERROR_ARG: usize = offset_of!(ErrorRecord, arg);
    pub const ERROR_OFFSET: usize = offset_of!(ErrorRecord, offset);
    pub const ERROR_SIZE: usize = offset_of!(ErrorRecord, size);
    pub const ERROR_LOCAL_LINEAR_ID: usize = offset_of!(ErrorRecord, local_linear_id);
}

//! What a compiled kernel entry returns to the driver.

/// The value returned by an [`EntryFn`](crate::EntryFn) call, as a `u64`.
///
/// * `0` — every lane group of the call ran to the end of the kernel.
/// * `1..=BARRIER_MAX` — every lane group of the call stopped at barrier number `k` and
///   saved its live state; call again with `resume = k` once every lane group of the
///   work-group has reached that barrier.
/// * [`Status::ERROR`] — the kernel filled the context's [`ErrorRecord`](crate::ErrorRecord)
///   and stopped.
/// * [`Status::CANCELLED`] — the cancel flag was seen set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status;

impl Status {
    /// Ran to completion.
    pub const DONE: u64 = 0;
    /// Highest barrier number a kernel may use.
    pub const BARRIER_MAX: u64 = 0xFFFF_0000;
    /// An error was recorded in the launch context.
    pub const ERROR: u64 = 0xFFFF_FFFE;
    /// The dispatch was cancelled.
    pub const CANCELLED: u64 = 0xFFFF_FFFF;
}

/// Error kinds a kernel can record in [`ErrorRecord::kind`](crate::ErrorRecord).
pub mod error_kind {
    /// No error.
    pub const NONE: u32 = 0;
    /// An access outside the region it belongs to.
    pub const OUT_OF_BOUNDS: u32 = 1;
    /// `OpUnreachable` (or LLVM `unreachable`) was executed.
    pub const UNREACHABLE: u32 = 2;
    /// A lane group reached a barrier with only some of its work-items (the others
    /// took a different path or returned); `local_linear_id` is the group's first item.
    pub const BARRIER_DIVERGENT: u32 = 3;
    /// The lane groups of one entry call stopped at different points (different
    /// barriers, or a barrier and the end): `local_linear_id` is the first work-item of
    /// the first lane group that differed, `offset` the status of the call's first lane
    /// group and `size` the status of the one that differed.
    pub const BARRIER_MISMATCH: u32 = 4;
    /// An access through a pointer whose origin the compiler could not prove, outside
    /// every region of the dispatch; `arg` and `offset` describe the nearest region,
    /// which need not be the one the pointer came from.
    pub const OUT_OF_BOUNDS_UNKNOWN_ORIGIN: u32 = 5;
}

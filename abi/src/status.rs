//! What a compiled kernel entry returns to the driver.

/// The value returned by an [`EntryFn`](crate::EntryFn) call, as a `u64`.
///
/// * `0` — the lane group ran to the end of the kernel.
/// * `1..=BARRIER_MAX` — the lane group stopped at barrier number `k` and saved its live
///   state; call it again with `resume = k` once every lane group of the work-group has
///   reached that barrier.
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
}

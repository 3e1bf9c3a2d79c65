//! The NDRange driver: runs every work-group of a launch over the worker pool.
//!
//! Work-groups are numbered row-major (x fastest) and cut into contiguous chunks; each
//! worker reuses its arenas (local memory, private state, argument slots) across the
//! work-groups it runs, and the thread keeps them for the next dispatch. A dispatch of
//! one work-group runs on the calling thread. A work-group runs following the barrier
//! protocol of `spirjit_abi`: one entry call runs all its lane groups from the start,
//! then, while they stopped at a barrier, one call resumes all of them from it. Kernels
//! that cannot tell work-groups apart (`Launch::merge_groups`), in work-groups one
//! work-item high and deep, run neighbouring work-groups as one larger work-group (in
//! the same order of work-items), one entry call for up to
//! [`MERGED_ITEMS`] work-items. The first error stops new work-groups
//! from starting and raises the cancel flag that running kernels poll; the driver also
//! checks the flag at every barrier round. Each worker publishes the table of memory
//! regions of its work-groups (buffers, by-value copies, local and private memory,
//! module data) for the bounds checks of pointers of unknown origin. A panic inside a
//! worker becomes an error of the dispatch; the pool stays usable.
//!
//! This module must not check arguments or choose sizes; it receives a validated
//! [`Launch`].

use std::mem::ManuallyDrop;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use rayon::prelude::*;
use spirjit_abi::status::error_kind;
use spirjit_abi::{EntryFn, ErrorRecord, LaunchContext, Region, Status};
use spirjit_jit::ir::{Param, ParamKind, Type};

use crate::arena::AlignedBuf;
use crate::args::Bound;
use crate::cancel::{CancelToken, DispatchFlag};
use crate::error::{Error, Result};
use crate::kernel::param_type_text;
use crate::ndrange::{fmt3, Plan};

/// Alignment of local memory and of each `__local` argument region.
const LOCAL_ALIGN: u64 = 128;

/// Everything the driver needs to run one launch.
pub(crate) struct Launch<'a> {
    pub kernel: &'a str,
    pub params: &'a [Param],
    pub entry: EntryFn,
    pub lanes: u32,
    pub private_stride: u64,
    pub private_align: u64,
    pub local_static_size: u64,
    pub local_zero_init: &'a [(u64, u64)],
    pub barrier_count: u32,
    pub plan: &'a Plan,
    pub bound: &'a Bound,
    /// Address and size of the compiled module's data (constant tables), `(0, 0)` if none.
    pub data_region: (u64, u64),
    /// Memory the kernel reaches only through addresses it reads (buffer device
    /// addresses): `(address, bytes)` of each, checked like the other regions.
    pub device_buffers: &'a [(u64, u64)],
    /// Neighbouring work-groups along x may run as one larger work-group (the kernel
    /// cannot tell, see `spirjit_jit::lower::groups_mergeable`).
    pub merge_groups: bool,
}

/// Most work-items one entry call runs when work-groups are merged: long enough that
/// the per-call cost (context, entry, loop setup) vanishes next to the lane-group loop,
/// short enough that cancellation between calls stays prompt.
const MERGED_ITEMS: u64 = 1 << 14;
/// Most private-state bytes a worker holds for one merged call.
const MERGED_PRIVATE: u64 = 1 << 18;
/// Widest merged work-group (in work-items along x) when work-groups are more than one
/// work-item high: tiles stay tiles. A 4096 x 4096 5-point stencil in 16 x 16
/// work-groups ran 11.2 ms as 16 x 16, 8.1 ms as 32 x 16 and 7.0 ms as 64 x 16 calls;
/// a matrix product, a 3 x 3 convolution and mandelbrot were as fast or faster at 64,
/// while merging a whole row of 16 x 16 tiles of a matrix product was 5 % slower.
const MERGED_TILE_WIDTH: u64 = 64;

/// Sizes derived from a launch, shared by all workers.
struct Layout {
    /// Offset of each `__local` argument region (parallel to `bound.locals`).
    local_offsets: Vec<u64>,
    local_total: u64,
    /// Private bytes per lane group, rounded up to the alignment.
    private_stride: u64,
    private_align: u64,
    private_total: u64,
    /// Work-groups along x one entry call runs (1: each on its own).
    merge: u64,
}

fn round_up(v: u64, a: u64) -> Option<u64> {
    v.checked_next_multiple_of(a.max(1))
}

fn layout(l: &Launch) -> Result<Layout> {
    let too_big = |what: &str| Error::launch(l.kernel, format!("{what} does not fit in memory"));
    let mut end = l.local_static_size;
    let mut local_offsets = Vec::with_capacity(l.bound.locals.len());
    for a in &l.bound.locals {
        let off = round_up(end, LOCAL_ALIGN).ok_or_else(|| too_big("local memory"))?;
        local_offsets.push(off);
        end = off.checked_add(a.size).ok_or_else(|| too_big("local memory"))?;
    }
    for &(off, len) in l.local_zero_init {
        if off.checked_add(len).is_none_or(|e| e > l.local_static_size) {
            return Err(Error::launch(
                l.kernel,
                format!(
                    "the module asks to zero local bytes {off}..{} but has only {} bytes of static local memory; \
                     the module is inconsistent",
                    off.saturating_add(len),
                    l.local_static_size
                ),
            ));
        }
    }
    if l.lanes == 0 {
        return Err(Error::launch(l.kernel, "the compiled kernel has 0 lanes per lane group (a compiler bug)"));
    }
    let private_align = l.private_align.max(16).checked_next_power_of_two().ok_or_else(|| too_big("private state"))?;
    let private_stride = round_up(l.private_stride, private_align).ok_or_else(|| too_big("private state"))?;
    let items: u64 = l.plan.local.iter().product();
    // W is a power of two: a shift, not a division, per work-group.
    let width = u64::from(l.lanes.max(1));
    let lane_groups =
        if width.is_power_of_two() { (items + (width - 1)) >> width.trailing_zeros() } else { items.div_ceil(width) };
    let merge = merge_factor(l, items, private_stride.saturating_mul(lane_groups));
    let private_total = private_stride
        .checked_mul(lane_groups)
        .and_then(|p| p.checked_mul(merge))
        .ok_or_else(|| too_big("private state"))?;
    Ok(Layout { local_offsets, local_total: end, private_stride, private_align, private_total, merge })
}

/// How many neighbouring work-groups along x one entry call runs: 1 unless the kernel
/// cannot tell work-groups apart (no barriers, local memory or group queries), then as
/// many as keep the call within [`MERGED_ITEMS`] work-items and [`MERGED_PRIVATE`]
/// bytes of private state (`group_private` per work-group), and, for work-groups more
/// than one work-item high or deep, within [`MERGED_TILE_WIDTH`] work-items along x.
fn merge_factor(l: &Launch, items: u64, group_private: u64) -> u64 {
    let mergeable = l.merge_groups && l.barrier_count == 0 && l.local_static_size == 0 && l.bound.locals.is_empty();
    if !mergeable || items == 0 || l.plan.num_groups[0] < 2 {
        return 1;
    }
    // Work-groups one work-item high and deep, merged, visit work-items in the order
    // they would one after the other. Taller ones are tiles whose shape the kernel's
    // cache reuse may depend on: they merge into wider tiles only, which saves the
    // per-call cost of small tiles (a 16 x 16 tile is 16 lane groups at W = 16).
    let flat = l.plan.local[1] == 1 && l.plan.local[2] == 1;
    let by_width = if flat { u64::MAX } else { (MERGED_TILE_WIDTH / l.plan.local[0].max(1)).max(1) };
    let by_items = MERGED_ITEMS / items;
    let by_private = MERGED_PRIVATE.checked_div(group_private).unwrap_or(u64::MAX);
    by_items.min(by_private).min(by_width).min(l.plan.num_groups[0]).max(1)
}

/// A worker's arenas, reused across the work-groups it runs (and, through the thread's
/// spare blocks, across dispatches).
struct Worker {
    local: ManuallyDrop<AlignedBuf>,
    private: ManuallyDrop<AlignedBuf>,
    slots: Vec<u64>,
    /// Every region a work-group of this worker may access (see `LaunchContext::regions`).
    regions: Vec<Region>,
}

impl Worker {
    fn new(l: &Launch, lay: &Layout) -> std::result::Result<Worker, String> {
        let local = AlignedBuf::zeroed_reused(to_usize(lay.local_total)?, LOCAL_ALIGN as usize)?;
        let private = AlignedBuf::zeroed_reused(to_usize(lay.private_total)?, to_usize(lay.private_align)?)?;
        // The slots, then one region size per parameter (see `ArgSlots`).
        let layout = spirjit_abi::ArgSlots::new(l.params.len());
        let mut slots = layout.fill(&l.bound.slots, l.bound.sizes.iter().map(|s| s.unwrap_or(u64::MAX)));
        for (a, off) in l.bound.locals.iter().zip(&lay.local_offsets) {
            slots[layout.value_index(a.index as u64) as usize] = local.as_ptr() as u64 + off;
        }
        let regions = regions(l, lay, &slots, &local, &private);
        Ok(Worker { local: ManuallyDrop::new(local), private: ManuallyDrop::new(private), slots, regions })
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // SAFETY: each block is taken exactly once, here, and never used afterwards.
        let (local, private) = unsafe { (ManuallyDrop::take(&mut self.local), ManuallyDrop::take(&mut self.private)) };
        crate::arena::recycle(local);
        crate::arena::recycle(private);
    }
}

/// The regions a work-group may access: argument buffers, `__local` argument regions,
/// by-value copies and image texels (reached through texel pointers of image atomics),
/// with their argument index, then static local memory, the private state and the
/// module data.
fn regions(l: &Launch, lay: &Layout, slots: &[u64], local: &AlignedBuf, private: &AlignedBuf) -> Vec<Region> {
    let mut out = Vec::with_capacity(l.params.len() + 3);
    for (i, p) in l.params.iter().enumerate() {
        let addressed = match &p.kind {
            ParamKind::Pointer { .. } => true,
            ParamKind::Value(Type::Scalar(_)) => false,
            ParamKind::Value(_) => true,
            ParamKind::Sampler => false,
            ParamKind::Image { .. } => {
                if let Some(&slot) = slots.get(i).filter(|s| **s != 0) {
                    // SAFETY: an image argument's slot points to the `ImageDesc` binding
                    // made, which `l.bound` owns for the dispatch.
                    let desc = unsafe { &*(slot as *const spirjit_abi::ImageDesc) };
                    out.push(Region { base: desc.data as u64, size: desc.buffer_size, arg: i as u64 });
                }
                false
            }
        };
        if let (true, Some(Some(size)), Some(base)) = (addressed, l.bound.sizes.get(i), slots.get(i)) {
            out.push(Region { base: *base, size: *size, arg: i as u64 });
        }
    }
    let none = u64::MAX;
    out.push(Region { base: local.as_ptr() as u64, size: l.local_static_size, arg: none });
    out.push(Region { base: private.as_ptr() as u64, size: lay.private_total, arg: none });
    if l.data_region.1 > 0 {
        out.push(Region { base: l.data_region.0, size: l.data_region.1, arg: none });
    }
    out.extend(l.device_buffers.iter().map(|&(base, size)| Region { base, size, arg: none }));
    out
}

fn to_usize(v: u64) -> std::result::Result<usize, String> {
    usize::try_from(v).map_err(|_| format!("{v} bytes do not fit in this host's address space"))
}

/// Why a work-group stopped early.
enum GroupStop {
    /// The cancel flag was seen (by the kernel or between work-groups).
    Cancelled,
    Failed(Error),
}

/// State shared by the workers of one dispatch.
struct Shared<'a> {
    flag: &'a AtomicU32,
    stop: AtomicBool,
    /// The failing work-group with the lowest linear index, and its error.
    first: Mutex<Option<(u64, Error)>>,
}

impl Shared<'_> {
    fn fail(&self, linear: u64, e: Error) {
        self.stop.store(true, Ordering::SeqCst);
        self.flag.store(1, Ordering::SeqCst);
        let mut first = self.first.lock().unwrap_or_else(PoisonError::into_inner);
        if first.as_ref().is_none_or(|(g, _)| linear < *g) {
            *first = Some((linear, e));
        }
    }
}

/// Run every work-group of `l`; returns the first error.
#[cfg(test)]
pub(crate) fn run(l: &Launch, cancel: &CancelToken) -> Result<()> {
    run_limited(l, cancel, None)
}

/// Run every work-group of `l`, cancelling the dispatch when `limit` passes first
/// ([`Error::TimedOut`]); returns the first error.
pub(crate) fn run_limited(l: &Launch, cancel: &CancelToken, limit: Option<Duration>) -> Result<()> {
    let dflag = cancel.register();
    let Some(limit) = limit else { return run_flagged(l, &dflag) };
    let armed = crate::watchdog::arm(limit, dflag.shared_atomic())
        .map_err(|e| Error::launch(l.kernel, format!("cannot start the time-limit watchdog thread: {e}")))?;
    let r = run_flagged(l, &dflag);
    let fired = armed.fired();
    drop(armed);
    match r {
        Err(Error::Cancelled { kernel }) if fired && !cancel.is_cancelled() => Err(Error::TimedOut { kernel, limit }),
        r => r,
    }
}

/// Run every work-group of `l` under the dispatch flag `dflag`.
fn run_flagged(l: &Launch, dflag: &DispatchFlag) -> Result<()> {
    let lay = layout(l)?;
    let shared = Shared { flag: dflag.atomic(), stop: AtomicBool::new(false), first: Mutex::new(None) };
    let total = l.plan.total_groups;
    let pool = crate::pool::pool()?;
    let threads = pool.current_num_threads() as u64;
    let run_chunk = |w: &mut std::result::Result<Worker, String>, range: std::ops::Range<u64>| {
        let worker = match w {
            Ok(w) => w,
            Err(m) => {
                let e = Error::launch(l.kernel, format!("cannot allocate work-group memory: {m}"));
                shared.fail(range.start, e);
                return;
            }
        };
        // Group ids advance x fastest; only the chunk's first one takes divisions.
        let mut gid = l.plan.group_id(range.start);
        let mut g = range.start;
        while g < range.end {
            if shared.stop.load(Ordering::Relaxed) || shared.flag.load(Ordering::Relaxed) != 0 {
                if !shared.stop.load(Ordering::Relaxed) {
                    shared.fail(g, Error::Cancelled { kernel: l.kernel.to_string() });
                }
                return;
            }
            // Merged work-groups stay within one row of groups and within the chunk.
            let span = lay.merge.min(range.end - g).min(l.plan.num_groups[0] - gid[0]).max(1);
            let ran = catch_unwind(AssertUnwindSafe(|| run_group(l, &lay, worker, g, gid, span, shared.flag)));
            match ran.unwrap_or_else(|payload| Err(GroupStop::Failed(panic_error(l, g, payload)))) {
                Ok(()) => {
                    gid[0] += span - 1;
                    l.plan.advance_group_id(&mut gid);
                    g += span;
                }
                Err(GroupStop::Failed(e)) => {
                    shared.fail(g, e);
                    return;
                }
                Err(GroupStop::Cancelled) => {
                    // Cancelled by the user or a time limit, unless an error elsewhere
                    // stopped the dispatch (that error is reported instead).
                    if !shared.stop.load(Ordering::SeqCst) {
                        shared.fail(g, Error::Cancelled { kernel: l.kernel.to_string() });
                    }
                    return;
                }
            }
        }
    };
    if total == 1 {
        // One work-group runs on one thread anyway: the calling thread, since waking a
        // worker costs more than a small dispatch's work.
        let mut w = Worker::new(l, &lay);
        run_chunk(&mut w, 0..total);
        crate::printf::drain_thread(l);
    } else if threads <= 1 {
        // On a worker thread, for its larger stack.
        pool.install(|| {
            let mut w = Worker::new(l, &lay);
            run_chunk(&mut w, 0..total);
            crate::printf::drain_thread(l);
        });
    } else {
        let chunks = total.min(threads * 4);
        let per = total.div_ceil(chunks);
        pool.install(|| {
            (0..chunks).into_par_iter().for_each_init(
                || Worker::new(l, &lay),
                |w, c| {
                    let start = c * per;
                    let end = total.min(start.saturating_add(per));
                    if start < end {
                        run_chunk(w, start..end);
                        crate::printf::drain_thread(l);
                    }
                },
            )
        });
    }
    let first = shared.first.into_inner().unwrap_or_else(PoisonError::into_inner);
    match first {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// Run work-group `linear` (whose id is `gid`) to completion, together with the
/// `span - 1` work-groups after it along x as one work-group when `span > 1` (the
/// kernel cannot tell: see [`Launch::merge_groups`]).
fn run_group(
    l: &Launch,
    lay: &Layout,
    w: &mut Worker,
    linear: u64,
    gid: [u64; 3],
    span: u64,
    flag: &AtomicU32,
) -> std::result::Result<(), GroupStop> {
    // Tests inject a runtime panic through this kernel name.
    #[cfg(test)]
    if l.kernel == tests::PANICKING_KERNEL && linear == 1 {
        panic!("injected panic in work-group {linear}");
    }
    let plan = l.plan;
    debug_assert_eq!(gid, plan.group_id(linear), "work-group ids stepped out of order");
    let mut size = plan.group_size(gid);
    if span > 1 {
        // Only the last work-group of a row may be smaller than the enqueued size.
        let last = plan.group_size([gid[0] + span - 1, gid[1], gid[2]]);
        size[0] = (span - 1) * plan.local[0] + last[0];
    }
    let items: u64 = size.iter().product();
    // W is a power of two: a shift, not a division, per work-group.
    let width = u64::from(l.lanes.max(1));
    let lane_groups =
        if width.is_power_of_two() { (items + (width - 1)) >> width.trailing_zeros() } else { items.div_ceil(width) };
    if lane_groups == 0 {
        return Ok(());
    }
    for &(off, len) in l.local_zero_init {
        // Ranges were checked against the static size in `layout`.
        w.local.zero(off as usize, len as usize);
    }
    let mut record = ErrorRecord::default();
    let ctx = LaunchContext {
        work_dim: plan.dims as u64,
        global_size: plan.global,
        local_size: size,
        enqueued_local_size: plan.local,
        num_groups: plan.num_groups,
        global_offset: plan.offset,
        group_id: gid,
        args: w.slots.as_ptr(),
        local_mem: w.local.as_ptr(),
        private_mem: w.private.as_ptr(),
        private_stride: lay.private_stride,
        cancel: flag as *const AtomicU32,
        error: &mut record as *mut ErrorRecord,
        regions: w.regions.as_ptr(),
        region_count: w.regions.len() as u64,
    };
    let mut resume = 0u64;
    loop {
        // SAFETY: the context points at live memory sized for this kernel: argument
        // slots for every parameter, local memory of `local_total` bytes and private
        // state of `private_stride` bytes per lane group; buffers stay borrowed for the
        // whole dispatch; `lane_groups` is at least 1.
        let status = unsafe { (l.entry)(&ctx, 0, lane_groups, resume) };
        match status {
            Status::DONE => return Ok(()),
            Status::ERROR if record.kind == error_kind::BARRIER_MISMATCH => {
                return Err(GroupStop::Failed(mismatch_error(l, gid, items, &record)));
            }
            Status::ERROR => return Err(GroupStop::Failed(kernel_error(l, gid, size, &record))),
            Status::CANCELLED => return Err(GroupStop::Cancelled),
            s if (1..=l.barrier_count as u64).contains(&s) => resume = s,
            s => {
                return Err(GroupStop::Failed(Error::Kernel {
                    kernel: l.kernel.to_string(),
                    message: format!(
                        "the compiled code of work-group {} returned status {s:#x}, but the kernel has {} \
                         barrier(s); this is a bug in spirjit — please report it with the module attached",
                        fmt3(gid, plan.dims as usize),
                        l.barrier_count
                    ),
                }))
            }
        }
        // Barriers poll too: a kernel that loops over barriers stops here.
        if flag.load(Ordering::Relaxed) != 0 {
            return Err(GroupStop::Cancelled);
        }
    }
}

/// The error for lane groups of work-group `gid` that stopped at different points
/// (recorded by the entry as `BARRIER_MISMATCH`).
fn mismatch_error(l: &Launch, gid: [u64; 3], items: u64, rec: &ErrorRecord) -> Error {
    let lanes = l.lanes as u64;
    let first_items = format!("0..{}", lanes.min(items).saturating_sub(1));
    let start = rec.local_linear_id;
    let these = format!("{start}..{}", start.saturating_add(lanes).min(items).saturating_sub(1));
    Error::Kernel {
        kernel: l.kernel.to_string(),
        message: format!(
            "work-items of work-group {} reached different barriers: work-items {first_items} {} while \
             work-items {these} {}; every work-item of a work-group must reach the same barriers in the same \
             order (check barriers under conditions that depend on the work-item id)",
            fmt3(gid, l.plan.dims as usize),
            describe_status(rec.offset),
            describe_status(rec.size)
        ),
    }
}

/// The error for a panic while running work-group `linear`.
fn panic_error(l: &Launch, linear: u64, payload: Box<dyn std::any::Any + Send>) -> Error {
    let msg = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "unknown panic".into());
    Error::Kernel {
        kernel: l.kernel.to_string(),
        message: format!(
            "the runtime panicked while running work-group {} (linear index {linear}): {msg}; this is a bug in \
             spirjit — please report it with the module attached",
            fmt3(l.plan.group_id(linear), l.plan.dims as usize)
        ),
    }
}

fn describe_status(s: u64) -> String {
    if s == Status::DONE {
        "finished the kernel".into()
    } else {
        format!("stopped at barrier {s}")
    }
}

/// The error a kernel recorded, with the work-group and work-item it happened in.
fn kernel_error(l: &Launch, first: [u64; 3], size: [u64; 3], rec: &ErrorRecord) -> Error {
    let plan = l.plan;
    let dims = plan.dims as usize;
    let lin = rec.local_linear_id;
    // `size` may span several merged work-groups: the global id first, then the
    // work-group and local id it has in the launch.
    let at = [lin % size[0], (lin / size[0]) % size[1], lin / (size[0] * size[1])];
    let (mut global, mut gid, mut lid) = ([0u64; 3], [0u64; 3], [0u64; 3]);
    for d in 0..3 {
        let within = first[d] * plan.local[d] + at[d];
        global[d] = within + plan.offset[d];
        gid[d] = within / plan.local[d].max(1);
        lid[d] = within % plan.local[d].max(1);
    }
    let place =
        format!("in work-group {}, work-item {} (global id {})", fmt3(gid, dims), fmt3(lid, dims), fmt3(global, dims));
    let what = match rec.kind {
        error_kind::OUT_OF_BOUNDS | error_kind::OUT_OF_BOUNDS_UNKNOWN_ORIGIN => {
            let region = match l.params.get(rec.arg as usize) {
                Some(p) => {
                    let name = p.name.clone().unwrap_or_else(|| format!("arg{}", rec.arg));
                    let len = l.bound.sizes.get(rec.arg as usize).copied().flatten();
                    let len = len.map(|n| format!(", {n} bytes")).unwrap_or_default();
                    format!("argument {} `{name}` ({}{len})", rec.arg, param_type_text(p))
                }
                None => "private, local or module constant memory (not a kernel argument)".to_string(),
            };
            // Offsets before the start of the region arrive as wrapped-around values.
            let offset = rec.offset as i64;
            if rec.kind == error_kind::OUT_OF_BOUNDS_UNKNOWN_ORIGIN {
                format!(
                    "out-of-bounds access of {} bytes outside every memory region of the dispatch, through a \
                     pointer whose origin is not known when compiling (nearest region: byte offset {offset} of \
                     {region}); check the index computation against the size of the buffer",
                    rec.size
                )
            } else {
                format!(
                    "out-of-bounds access of {} bytes at byte offset {offset} of {region}; check the index \
                     computation against the size of the buffer",
                    rec.size
                )
            }
        }
        error_kind::UNREACHABLE => "executed unreachable code (OpUnreachable); the kernel's control flow assumed \
                                    this could not happen"
            .to_string(),
        error_kind::BARRIER_DIVERGENT => "work-items reached different barriers: some work-items of the lane \
                                          group starting at this work-item reached a barrier while others did \
                                          not; every work-item of a work-group must reach the same barriers \
                                          in the same order (check barriers under conditions that depend on \
                                          the work-item id)"
            .to_string(),
        k => format!("the kernel recorded error kind {k}, which this runtime does not know; update spirjit"),
    };
    Error::Kernel { kernel: l.kernel.to_string(), message: format!("{what} {place}") }
}

#[cfg(test)]
mod tests;

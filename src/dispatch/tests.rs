//! Driver tests with hand-written entry functions standing in for compiled kernels.

use std::sync::atomic::Ordering;

use spirjit_jit::ir::{AddressSpace, HostType, ParamKind, Signedness, Type};

use super::*;
use crate::args::{bind, Arg};
use crate::ndrange::{plan, NdRange};

fn param(name: &str, space: AddressSpace) -> Param {
    let kind = ParamKind::Pointer { space, pointee: Type::I64 };
    Param {
        name: Some(name.into()),
        host: HostType::of_param(&kind, Signedness::Unknown),
        kind,
        type_name: None,
        read_only: false,
        qualifiers: Default::default(),
        value_type: Type::ptr(space),
    }
}

/// A mock launched under this name panics in the driver while running work-group 1.
pub(super) const PANICKING_KERNEL: &str = "mock-panic";

struct Mock {
    name: &'static str,
    entry: EntryFn,
    lanes: u32,
    barriers: u32,
    local_static: u64,
    zero_init: Vec<(u64, u64)>,
    private_stride: u64,
    merge: bool,
}

impl Mock {
    fn new(entry: EntryFn) -> Mock {
        Mock {
            name: "mock",
            entry,
            lanes: 1,
            barriers: 0,
            local_static: 0,
            zero_init: vec![],
            private_stride: 0,
            merge: false,
        }
    }

    fn run(&self, range: &NdRange, params: &[Param], args: &mut [Arg<'_>], cancel: &CancelToken) -> Result<()> {
        self.run_limited(range, params, args, cancel, None)
    }

    fn run_limited(
        &self,
        range: &NdRange,
        params: &[Param],
        args: &mut [Arg<'_>],
        cancel: &CancelToken,
        limit: Option<std::time::Duration>,
    ) -> Result<()> {
        let Some(plan) = plan(range, self.name, None, 64, self.lanes)? else { return Ok(()) };
        let bound = bind(self.name, params, args)?;
        let launch = Launch {
            kernel: self.name,
            params,
            entry: self.entry,
            lanes: self.lanes,
            private_stride: self.private_stride,
            private_align: 16,
            local_static_size: self.local_static,
            local_zero_init: &self.zero_init,
            barrier_count: self.barriers,
            plan: &plan,
            bound: &bound,
            data_region: (0, 0),
            device_buffers: &[],
            merge_groups: self.merge,
        };
        match limit {
            None => run(&launch, cancel),
            Some(_) => run_limited(&launch, cancel, limit),
        }
    }
}

unsafe fn ctx<'a>(c: *const LaunchContext) -> &'a LaunchContext {
    &*c
}

/// The entry protocol around a body that runs one lane group: lane groups
/// `first..first + count` in order, stopping at the first error or cancellation and
/// recording lane groups that stop at different points (as compiled entries do).
unsafe fn each(c: *const LaunchContext, first: u64, count: u64, lanes: u64, mut body: impl FnMut(u64) -> u64) -> u64 {
    let mut seen = None;
    for lg in first..first + count {
        let s = body(lg);
        if s == Status::ERROR || s == Status::CANCELLED {
            return s;
        }
        match seen {
            None => seen = Some(s),
            Some(f) if f != s => {
                *ctx(c).error = ErrorRecord {
                    kind: error_kind::BARRIER_MISMATCH,
                    arg: u32::MAX,
                    offset: f,
                    size: s,
                    local_linear_id: lg * lanes,
                };
                return Status::ERROR;
            }
            Some(_) => {}
        }
    }
    seen.unwrap_or(Status::DONE)
}

/// Local and global id of local linear id `l`.
fn ids(c: &LaunchContext, l: u64) -> ([u64; 3], [u64; 3]) {
    let s = c.local_size;
    let lid = [l % s[0], (l / s[0]) % s[1], l / (s[0] * s[1])];
    let mut gid = [0; 3];
    for d in 0..3 {
        gid[d] = c.group_id[d] * c.enqueued_local_size[d] + lid[d] + c.global_offset[d];
    }
    (lid, gid)
}

fn items(c: &LaunchContext) -> u64 {
    c.local_size.iter().product()
}

/// Writes `1 + x + (y << 20) + (z << 40)` of its global id at its (offset-free) linear
/// global index into buffer 0.
unsafe extern "C" fn write_ids<const W: u64>(c: *const LaunchContext, first: u64, count: u64, resume: u64) -> u64 {
    each(c, first, count, W, |lg| write_ids_lg::<W>(c, lg, resume))
}

unsafe fn write_ids_lg<const W: u64>(c: *const LaunchContext, lg: u64, _resume: u64) -> u64 {
    let c = ctx(c);
    let buf = *c.args as *mut u64;
    for lane in 0..W {
        let l = lg * W + lane;
        if l >= items(c) {
            break;
        }
        let (_, g) = ids(c, l);
        let o = c.global_offset;
        let lin = (g[0] - o[0]) + c.global_size[0] * ((g[1] - o[1]) + c.global_size[1] * (g[2] - o[2]));
        *buf.add(lin as usize) = 1 + g[0] + (g[1] << 20) + (g[2] << 40);
    }
    Status::DONE
}

fn check_ids(mock: &Mock, range: NdRange) {
    let n = range.work_items() as usize;
    let mut buf = vec![0u64; n];
    mock.run(&range, &[param("buf", AddressSpace::Global)], &mut [Arg::buffer(&mut buf)], &CancelToken::new()).unwrap();
    let g = range.global;
    for z in 0..g[2] {
        for y in 0..g[1] {
            for x in 0..g[0] {
                let o = range.offset;
                let want = 1 + (x + o[0]) + ((y + o[1]) << 20) + ((z + o[2]) << 40);
                assert_eq!(buf[(x + g[0] * (y + g[1] * z)) as usize], want, "{range:?} at ({x},{y},{z})");
            }
        }
    }
}

#[test]
fn every_work_item_runs_once() {
    let m1 = Mock::new(write_ids::<1>);
    let m4 = Mock { lanes: 4, ..Mock::new(write_ids::<4>) };
    // Neighbouring work-groups merged into one entry call (the mock computes global
    // ids from the group id and the enqueued size, as compiled code does).
    let m1m = Mock { merge: true, ..Mock::new(write_ids::<1>) };
    let m4m = Mock { lanes: 4, merge: true, ..Mock::new(write_ids::<4>) };
    for m in [&m1, &m4, &m1m, &m4m] {
        check_ids(m, NdRange::d1(1000));
        check_ids(m, NdRange::d1(1021).local(&[64]));
        check_ids(m, NdRange::d2(37, 11).local(&[8, 3]).offset(&[5, 7]));
        check_ids(m, NdRange::d3(9, 5, 7).local(&[2, 3, 3]));
        check_ids(m, NdRange::d1(3).local(&[7]));
    }
}

/// Two barriers: each work-item publishes its global linear id in local memory, then
/// reads its right neighbour's (cyclically within the group) and saves its local id in
/// private state across the barrier.
unsafe extern "C" fn rotate(c: *const LaunchContext, first: u64, count: u64, resume: u64) -> u64 {
    each(c, first, count, 1, |lg| rotate_lg(c, lg, resume))
}

unsafe fn rotate_lg(c: *const LaunchContext, lg: u64, resume: u64) -> u64 {
    let c = ctx(c);
    let local = c.local_mem as *mut u64;
    let private = c.private_mem.add((lg * c.private_stride) as usize) as *mut u64;
    match resume {
        0 => {
            let (_, g) = ids(c, lg);
            *local.add(lg as usize) = g[0];
            *private = lg;
            1
        }
        1 => {
            let l = *private;
            let next = *local.add(((l + 1) % items(c)) as usize);
            let (_, g) = ids(c, l);
            *(*c.args as *mut u64).add(g[0] as usize) = next;
            2
        }
        _ => Status::DONE,
    }
}

#[test]
fn barriers_resume_every_lane_group() {
    let m = Mock { barriers: 2, local_static: 8 * 64, private_stride: 8, ..Mock::new(rotate) };
    let mut out = vec![0u64; 100];
    m.run(
        &NdRange::d1(100).local(&[64]),
        &[param("out", AddressSpace::Global)],
        &mut [Arg::buffer(&mut out)],
        &CancelToken::new(),
    )
    .unwrap();
    for (i, v) in out.iter().enumerate() {
        let (base, size) = if i < 64 { (0, 64) } else { (64, 36) };
        assert_eq!(*v as usize, base + (i - base + 1) % size, "work-item {i}");
    }
}

unsafe extern "C" fn diverge(c: *const LaunchContext, first: u64, count: u64, resume: u64) -> u64 {
    each(c, first, count, 1, |lg| diverge_lg(c, lg, resume))
}

unsafe fn diverge_lg(_c: *const LaunchContext, lg: u64, resume: u64) -> u64 {
    if lg == 0 && resume == 0 {
        1
    } else {
        Status::DONE
    }
}

#[test]
fn different_barriers_are_an_error() {
    let m = Mock { barriers: 1, ..Mock::new(diverge) };
    let mut out = vec![0u64; 4];
    let e = m
        .run(
            &NdRange::d1(4).local(&[4]),
            &[param("out", AddressSpace::Global)],
            &mut [Arg::buffer(&mut out)],
            &CancelToken::new(),
        )
        .unwrap_err();
    let text = e.to_string();
    assert!(text.contains("work-items of work-group (0) reached different barriers"), "{text}");
    assert!(text.contains("stopped at barrier 1") && text.contains("finished the kernel"), "{text}");
}

unsafe extern "C" fn out_of_bounds(c: *const LaunchContext, first: u64, count: u64, resume: u64) -> u64 {
    each(c, first, count, 1, |lg| out_of_bounds_lg(c, lg, resume))
}

unsafe fn out_of_bounds_lg(c: *const LaunchContext, lg: u64, _resume: u64) -> u64 {
    let c = ctx(c);
    if c.group_id[0] == 2 && lg == 1 {
        *c.error = ErrorRecord { kind: error_kind::OUT_OF_BOUNDS, arg: 0, offset: 64, size: 8, local_linear_id: 1 };
        return Status::ERROR;
    }
    // Other groups wait for the cancel flag, as a long loop would.
    if c.group_id[0] > 2 {
        while (*c.cancel).load(Ordering::Relaxed) == 0 {
            std::hint::spin_loop();
        }
        return Status::CANCELLED;
    }
    Status::DONE
}

#[test]
fn kernel_errors_name_the_work_item() {
    let m = Mock::new(out_of_bounds);
    let mut out = vec![0u64; 8];
    let e = m
        .run(
            &NdRange::d1(64).local(&[4]),
            &[param("buf", AddressSpace::Global)],
            &mut [Arg::buffer(&mut out)],
            &CancelToken::new(),
        )
        .unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, Error::Kernel { .. }), "{text}");
    assert!(text.contains("work-group (2), work-item (1) (global id (9))"), "{text}");
    assert!(text.contains("argument 0 `buf` (global long*, 64 bytes)"), "{text}");
    assert!(text.contains("8 bytes at byte offset 64"), "{text}");
}

unsafe extern "C" fn spin(c: *const LaunchContext, first: u64, count: u64, resume: u64) -> u64 {
    each(c, first, count, 1, |lg| spin_lg(c, lg, resume))
}

unsafe fn spin_lg(c: *const LaunchContext, _lg: u64, _resume: u64) -> u64 {
    let c = ctx(c);
    while (*c.cancel).load(Ordering::Relaxed) == 0 {
        std::hint::spin_loop();
    }
    Status::CANCELLED
}

#[test]
fn cancel_stops_a_running_kernel() {
    let m = Mock::new(spin);
    let token = CancelToken::new();
    let t2 = token.clone();
    let h = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        t2.cancel();
    });
    let mut out = vec![0u64; 8];
    let e = m
        .run(&NdRange::d1(16).local(&[2]), &[param("buf", AddressSpace::Global)], &mut [Arg::buffer(&mut out)], &token)
        .unwrap_err();
    h.join().unwrap();
    assert!(matches!(e, Error::Cancelled { .. }), "{e}");
    // A cancelled token cancels later runs at once, until reset.
    let e = m
        .run(&NdRange::d1(4), &[param("buf", AddressSpace::Global)], &mut [Arg::buffer(&mut out)], &token)
        .unwrap_err();
    assert!(matches!(e, Error::Cancelled { .. }), "{e}");
    token.reset();
}

/// Checks local memory layout: static part zeroed where asked, `__local` argument
/// 128-byte aligned after it; reports 1 per group in buffer 0 when all is well.
unsafe extern "C" fn locals(c: *const LaunchContext, first: u64, count: u64, resume: u64) -> u64 {
    each(c, first, count, 1, |lg| locals_lg(c, lg, resume))
}

unsafe fn locals_lg(c: *const LaunchContext, _lg: u64, _resume: u64) -> u64 {
    let c = ctx(c);
    let out = *c.args as *mut u64;
    let la = *c.args.add(1);
    let lm = c.local_mem as u64;
    let zeroed = (0..32).all(|i| *c.local_mem.add(i) == 0);
    // Region sizes follow the slots: 50 u64s of output, 100 bytes of local memory.
    let sizes = *c.args.add(2) == 400 && *c.args.add(3) == 100;
    let ok = zeroed && sizes && la.is_multiple_of(128) && la >= lm + 40 && lm.is_multiple_of(16);
    // Dirty everything for the next group on this worker.
    std::ptr::write_bytes(c.local_mem, 0xAB, 40);
    std::ptr::write_bytes(la as *mut u8, 0xCD, 100);
    *out.add(c.group_id[0] as usize) = ok as u64;
    Status::DONE
}

#[test]
fn local_memory_layout() {
    let m = Mock { local_static: 40, zero_init: vec![(0, 32)], ..Mock::new(locals) };
    let mut out = vec![0u64; 50];
    m.run(
        &NdRange::d1(50).local(&[1]),
        &[param("out", AddressSpace::Global), param("tmp", AddressSpace::Local)],
        &mut [Arg::buffer(&mut out), Arg::local(100)],
        &CancelToken::new(),
    )
    .unwrap();
    assert!(out.iter().all(|v| *v == 1), "{out:?}");
}

#[test]
fn time_limit_stops_a_spinning_kernel_and_the_pool_stays_usable() {
    let m = Mock::new(spin);
    let mut out = vec![0u64; 8];
    let params = [param("buf", AddressSpace::Global)];
    let limit = std::time::Duration::from_millis(50);
    let start = std::time::Instant::now();
    let e = m
        .run_limited(
            &NdRange::d1(16).local(&[2]),
            &params,
            &mut [Arg::buffer(&mut out)],
            &CancelToken::new(),
            Some(limit),
        )
        .unwrap_err();
    let took = start.elapsed();
    assert!(matches!(e, Error::TimedOut { .. }), "{e}");
    assert!(e.to_string().contains("time limit"), "{e}");
    assert!(took < limit + std::time::Duration::from_millis(100), "stopped after {took:?}");
    // A limit that is not reached changes nothing.
    let ok = Mock::new(write_ids::<1>);
    let mut buf = vec![0u64; 16];
    ok.run_limited(
        &NdRange::d1(16).local(&[4]),
        &params,
        &mut [Arg::buffer(&mut buf)],
        &CancelToken::new(),
        Some(limit),
    )
    .unwrap();
    assert!(buf.iter().all(|v| *v != 0), "{buf:?}");
}

#[test]
fn a_panic_in_the_driver_is_an_error_and_the_pool_survives() {
    let m = Mock { name: PANICKING_KERNEL, ..Mock::new(write_ids::<1>) };
    let params = [param("buf", AddressSpace::Global)];
    let mut buf = vec![0u64; 16];
    let e =
        m.run(&NdRange::d1(16).local(&[4]), &params, &mut [Arg::buffer(&mut buf)], &CancelToken::new()).unwrap_err();
    assert!(matches!(e, Error::Kernel { .. }), "{e}");
    assert!(e.to_string().contains("panicked"), "{e}");
    assert!(e.to_string().contains("linear index 1)"), "{e}");
    for _ in 0..3 {
        let ok = Mock::new(write_ids::<1>);
        let mut buf = vec![0u64; 64];
        ok.run(&NdRange::d1(64).local(&[4]), &params, &mut [Arg::buffer(&mut buf)], &CancelToken::new()).unwrap();
        assert!(buf.iter().all(|v| *v != 0), "{buf:?}");
    }
}

#[test]
fn huge_local_memory_is_an_error_not_an_abort() {
    let m = Mock::new(write_ids::<1>);
    let params = [param("buf", AddressSpace::Global), param("tmp", AddressSpace::Local)];
    let mut buf = vec![0u64; 16];
    let huge = usize::MAX / 4;
    let e = m
        .run(&NdRange::d1(16).local(&[4]), &params, &mut [Arg::buffer(&mut buf), Arg::local(huge)], &CancelToken::new())
        .unwrap_err();
    assert!(e.to_string().contains("memory"), "{e}");
    let mut buf = vec![0u64; 16];
    m.run(&NdRange::d1(16).local(&[4]), &params[..1], &mut [Arg::buffer(&mut buf)], &CancelToken::new()).unwrap();
}

/// Records the widest work-group (x items) an entry call was given into buffer 0.
unsafe extern "C" fn widest(c: *const LaunchContext, _first: u64, _count: u64, _resume: u64) -> u64 {
    let cx = ctx(c);
    let out = *cx.args as *const std::sync::atomic::AtomicU64;
    (*out).fetch_max(cx.local_size[0], Ordering::Relaxed);
    Status::DONE
}

#[test]
fn rows_merge_and_tiles_merge_into_wider_tiles() {
    let widest_of = |merge: bool, range: NdRange| {
        let m = Mock { merge, ..Mock::new(widest) };
        let mut out = vec![0u64; 1];
        m.run(&range, &[param("out", AddressSpace::Global)], &mut [Arg::buffer(&mut out)], &CancelToken::new())
            .unwrap();
        out[0]
    };
    // 1-D: neighbouring work-groups run as one (within a chunk of the pool's work).
    assert!(widest_of(true, NdRange::d1(1 << 16).local(&[64])) > 64);
    assert_eq!(widest_of(false, NdRange::d1(1 << 16).local(&[64])), 64);
    // Rows of a 2-D range (work-groups one item high) merge without a width limit;
    // tiles merge along x into tiles at most MERGED_TILE_WIDTH wide.
    assert!(widest_of(true, NdRange::d2(1024, 64).local(&[64, 1])) > MERGED_TILE_WIDTH);
    assert_eq!(widest_of(true, NdRange::d2(1024, 64).local(&[16, 16])), MERGED_TILE_WIDTH);
    assert_eq!(widest_of(true, NdRange::d2(1024, 64).local(&[8, 4])), MERGED_TILE_WIDTH);
    assert_eq!(widest_of(true, NdRange::d2(1024, 64).local(&[64, 2])), 64);
    assert_eq!(widest_of(true, NdRange::d2(1024, 64).local(&[128, 2])), 128);
    assert_eq!(widest_of(false, NdRange::d2(1024, 64).local(&[16, 16])), 16);
}

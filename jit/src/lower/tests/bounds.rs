//! Tests of the bounds checks: hand-built kernels that go out of bounds through each
//! kind of pointer origin (parameter, private variable, unknown), at W = 1, 4 and 8,
//! with guard bytes around the buffers that must stay untouched.

use super::*;
use spirjit_abi::Region;

const GUARD: usize = 64;
const PATTERN: u8 = 0xA5;

/// `len` bytes in the middle of a guarded allocation; `check` asserts the guards hold.
struct Guarded {
    bytes: Vec<u8>,
    len: usize,
}

impl Guarded {
    fn new(len: usize) -> Guarded {
        let mut bytes = vec![PATTERN; len + 2 * GUARD];
        bytes[GUARD..GUARD + len].fill(0);
        Guarded { bytes, len }
    }
    fn ptr(&mut self) -> u64 {
        self.bytes[GUARD..].as_mut_ptr() as u64
    }
    fn body(&self) -> &[u8] {
        &self.bytes[GUARD..GUARD + self.len]
    }
    fn check(&self, what: &str) {
        let (pre, rest) = self.bytes.split_at(GUARD);
        let post = &rest[self.len..];
        assert!(pre.iter().chain(post).all(|b| *b == PATTERN), "{what}: memory around the buffer was written");
    }
}

/// Compile `m` at W = `w` with checks on or off.
fn build_at(m: &Module, w: u32, checked: bool) -> CompiledModule {
    compile(m, &LowerOptions { lanes: w, checked, robust: false, whole_rows: false })
        .unwrap_or_else(|e| panic!("{e}\nKIR:\n{m}"))
}

/// `out[gid + shift] = gid` (i32), with `out` of parameter 0.
fn shifted_store(shift: i64) -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let out = b.param(0, gptr());
    let g = b.gid(0);
    let s = b.iconst(Type::I64, shift as u64);
    let i = b.binary(BinaryOp::IAdd, g, s);
    let e = b.elem(out, i, 4);
    let v = b.wrap_i32(g);
    b.store(e, v, 4);
    b.ret();
    module(vec![ptr_param(Type::I32)], f, 0)
}

fn table(bufs: &[(u64, u64, u64)]) -> Vec<Region> {
    bufs.iter().map(|&(base, size, arg)| Region { base, size, arg }).collect()
}

#[test]
fn store_one_past_the_end_is_reported_and_touches_nothing() {
    for w in [1, 4, 8] {
        let cm = build_at(&shifted_store(1), w, true);
        let n = 37u64;
        let mut buf = Guarded::new(4 * n as usize);
        let p = buf.ptr();
        let (status, err) = run_1d_in(&cm, &[p, 4 * n], &table(&[(p, 4 * n, 0)]), n, 8, &no_cancel(), 0);
        assert_eq!(status, Status::ERROR, "W = {w}");
        assert_eq!(err.kind, error_kind::OUT_OF_BOUNDS, "W = {w}");
        assert_eq!((err.arg, err.offset, err.size), (0, 4 * n, 4), "W = {w}");
        // Work-item n - 1 of the last group (group 4 holds ids 32..37).
        assert_eq!(err.local_linear_id, (n - 1) % 8, "W = {w}");
        buf.check(&format!("W = {w}"));
        // The in-bounds stores of earlier work-items happened.
        let body: Vec<i32> = buf.body().chunks(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        assert_eq!(body[1], 0, "W = {w}");
        assert_eq!(body[5], 4, "W = {w}");
    }
}

#[test]
fn negative_offsets_are_reported() {
    for w in [1, 4] {
        let cm = build_at(&shifted_store(-1), w, true);
        let mut buf = Guarded::new(64);
        let p = buf.ptr();
        let (status, err) = run_1d_in(&cm, &[p, 64], &table(&[(p, 64, 0)]), 16, 4, &no_cancel(), 0);
        assert_eq!(status, Status::ERROR, "W = {w}");
        assert_eq!((err.arg, err.offset as i64, err.local_linear_id), (0, -4, 0), "W = {w}");
        buf.check(&format!("W = {w}"));
    }
}

#[test]
fn in_bounds_kernels_run_and_unchecked_kernels_have_no_checks() {
    for w in [1, 4, 8] {
        let mut buf = Guarded::new(4 * 40);
        let p = buf.ptr();
        let cm = build_at(&shifted_store(0), w, true);
        let (status, _) = run_1d_in(&cm, &[p, 160], &table(&[(p, 160, 0)]), 40, 8, &no_cancel(), 0);
        assert_eq!(status, Status::DONE, "W = {w}");
        // Unchecked: a size of 0 is not looked at.
        let cm = build_at(&shifted_store(0), w, false);
        let (status, _) = run_1d_in(&cm, &[p, 0], &[], 40, 8, &no_cancel(), 0);
        assert_eq!(status, Status::DONE, "W = {w}");
        buf.check(&format!("W = {w}"));
    }
    let text =
        dump_clif(&shifted_store(0), &LowerOptions { lanes: 1, checked: false, robust: false, whole_rows: false })
            .unwrap();
    assert!(!text.contains("icmp ult"), "unchecked code compares addresses:\n{text}");
}

/// `int a[4]` private; `a[gid] = 1; out[gid] = a[gid]` — out of bounds for gid >= 4.
fn private_overflow() -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let out = b.param(0, gptr());
    let var = b.add_var(PrivateVar { name: None, size: 16, align: 4, init: None });
    let arr = b.inst(InstKind::VarAddr(var), Type::ptr(AddressSpace::Private));
    let g = b.gid(0);
    let e = b.elem(arr, g, 4);
    let one = b.iconst(Type::I32, 1);
    b.store(e, one, 4);
    let v = b.load(e, Type::I32, 4);
    let o = b.elem(out, g, 4);
    b.store(o, v, 4);
    b.ret();
    module(vec![ptr_param(Type::I32)], f, 0)
}

#[test]
fn private_arrays_are_checked_per_work_item() {
    for w in [1, 4, 8] {
        let cm = build_at(&private_overflow(), w, true);
        let mut out = vec![0i32; 8];
        let p = out.as_mut_ptr() as u64;
        let (status, err) = run_1d_in(&cm, &[p, 32], &table(&[(p, 32, 0)]), 8, 8, &no_cancel(), 0);
        assert_eq!(status, Status::ERROR, "W = {w}");
        assert_eq!((err.arg, err.offset, err.size, err.local_linear_id), (u32::MAX, 16, 4, 4), "W = {w}");
        if w < 8 {
            // Work-items 0..4 ran in lane groups before the failing one.
            assert_eq!(&out[..4], &[1, 1, 1, 1], "W = {w}");
        }
    }
}

/// The pointer parameter goes through a private variable (as at -O0), so its origin is
/// unknown: `p = *slot; p[gid + 2] = 7`.
fn laundered_pointer() -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let out = b.param(0, gptr());
    let var = b.add_var(PrivateVar { name: None, size: 8, align: 8, init: None });
    let slot = b.inst(InstKind::VarAddr(var), Type::ptr(AddressSpace::Private));
    b.store(slot, out, 4);
    let p = b.load(slot, gptr(), 4);
    let g = b.gid(0);
    let two = b.iconst(Type::I64, 2);
    let i = b.binary(BinaryOp::IAdd, g, two);
    let e = b.elem(p, i, 4);
    let seven = b.iconst(Type::I32, 7);
    b.store(e, seven, 4);
    b.ret();
    module(vec![ptr_param(Type::I32)], f, 0)
}

#[test]
fn pointers_of_unknown_origin_are_checked_against_the_region_table() {
    for w in [1, 4] {
        let cm = build_at(&laundered_pointer(), w, true);
        let mut buf = Guarded::new(4 * 8);
        let p = buf.ptr();
        let regions = table(&[(p, 32, 0)]);
        let (status, _) = run_1d_in(&cm, &[p, 32], &regions, 6, 2, &no_cancel(), 0);
        assert_eq!(status, Status::DONE, "W = {w}");
        let (status, err) = run_1d_in(&cm, &[p, 32], &regions, 8, 2, &no_cancel(), 0);
        assert_eq!(status, Status::ERROR, "W = {w}");
        assert_eq!(
            (err.kind, err.arg, err.offset, err.size),
            (error_kind::OUT_OF_BOUNDS_UNKNOWN_ORIGIN, 0, 32, 4),
            "W = {w}"
        );
        buf.check(&format!("W = {w}"));
    }
}

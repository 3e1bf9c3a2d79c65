//! Integer builtins against straightforward i128 references: exhaustive over all 8-bit
//! argument pairs and triples and all 16-bit single operands, random (edge-biased) over 16,
//! 32 and 64 bits. The ignored `exhaustive_16_bit_binary` goes further: every 16-bit binary
//! function over all 2^32 operand pairs, on all cores, each builtin resolved once to a
//! typed function pointer (`SPIRJIT_EXHAUSTIVE_ONLY=<name>,...` restricts it; measured
//! times: docs/builtins-testing.md).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::test_util::{builtin, call_int, Rng};
use crate::ArgType;

/// Declares [`Op`], one variant per OpenCL.std integer function, with its builtin name.
macro_rules! ops {
    ($($variant:ident = $name:literal),* $(,)?) => {
        /// An OpenCL.std integer function (the builtin symbol is `<name>_i<width>`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Op {
            $($variant),*
        }

        impl Op {
            fn name(self) -> &'static str {
                match self {
                    $(Op::$variant => $name),*
                }
            }
        }
    };
}

ops! {
    SAbs = "s_abs", UAbs = "u_abs", Clz = "clz", Ctz = "ctz", Popcount = "popcount",
    SAbsDiff = "s_abs_diff", UAbsDiff = "u_abs_diff", SAddSat = "s_add_sat", UAddSat = "u_add_sat",
    SSubSat = "s_sub_sat", USubSat = "u_sub_sat", SHadd = "s_hadd", UHadd = "u_hadd",
    SRhadd = "s_rhadd", URhadd = "u_rhadd", SMax = "s_max", UMax = "u_max", SMin = "s_min",
    UMin = "u_min", Rotate = "rotate", SMulHi = "s_mul_hi", UMulHi = "u_mul_hi",
    SUpsample = "s_upsample", UUpsample = "u_upsample", SMul24 = "s_mul24", UMul24 = "u_mul24",
    SClamp = "s_clamp", UClamp = "u_clamp", SMadHi = "s_mad_hi", UMadHi = "u_mad_hi",
    SMadSat = "s_mad_sat", UMadSat = "u_mad_sat", SMad24 = "s_mad24", UMad24 = "u_mad24",
}

use Op::*;

const UNARY: &[Op] = &[SAbs, UAbs, Clz, Ctz, Popcount];
const BINARY: &[Op] = &[
    SAbsDiff, UAbsDiff, SAddSat, UAddSat, SSubSat, USubSat, SHadd, UHadd, SRhadd, URhadd, SMax, UMax, SMin, UMin,
    Rotate, SMulHi, UMulHi, SUpsample, UUpsample, SMul24, UMul24,
];
const TERNARY: &[Op] = &[SClamp, UClamp, SMadHi, UMadHi, SMadSat, UMadSat, SMad24, UMad24];

fn signed(x: i64, w: u32) -> i128 {
    let s = 128 - w;
    (i128::from(x) << s) >> s
}

fn unsigned(x: i64, w: u32) -> i128 {
    i128::from(x) & ((1i128 << w) - 1)
}

fn umul_hi(a: i128, b: i128, w: u32) -> i128 {
    ((a as u128 * b as u128) >> w) as i128
}

fn sat(v: i128, lo: i128, hi: i128) -> i128 {
    v.max(lo).min(hi)
}

/// The exact result of `op` on `w`-bit arguments, as an integer whose low bits are the
/// expected result bits.
/// Inlined so that a sweep over one constant `op` compiles to that function's formula alone.
#[inline(always)]
fn reference(op: Op, w: u32, a: &[i64]) -> i128 {
    let s = |i: usize| signed(a[i], w);
    let u = |i: usize| unsigned(a[i], w);
    let (smin, smax, umax) = (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1, (1i128 << w) - 1);
    let m24 = |x: i128| x & 0xff_ffff;
    let s24 = |x: i128| signed((x & 0xff_ffff) as i64, 24);
    match op {
        SAbs => s(0).abs(),
        UAbs => u(0),
        Clz => (0..w).take_while(|&b| u(0) >> (w - 1 - b) & 1 == 0).count() as i128,
        Ctz => (0..w).take_while(|&b| u(0) >> b & 1 == 0).count() as i128,
        Popcount => (0..w).filter(|&b| u(0) >> b & 1 == 1).count() as i128,
        SAbsDiff => (s(0) - s(1)).abs(),
        UAbsDiff => (u(0) - u(1)).abs(),
        SAddSat => sat(s(0) + s(1), smin, smax),
        UAddSat => sat(u(0) + u(1), 0, umax),
        SSubSat => sat(s(0) - s(1), smin, smax),
        USubSat => sat(u(0) - u(1), 0, umax),
        SHadd => (s(0) + s(1)).div_euclid(2),
        UHadd => (u(0) + u(1)) / 2,
        SRhadd => (s(0) + s(1) + 1).div_euclid(2),
        URhadd => (u(0) + u(1) + 1) / 2,
        SMax => s(0).max(s(1)),
        UMax => u(0).max(u(1)),
        SMin => s(0).min(s(1)),
        UMin => u(0).min(u(1)),
        Rotate => {
            let k = u(1) % i128::from(w);
            (u(0) << k) | (u(0) >> (i128::from(w) - k))
        }
        SMulHi => (s(0) * s(1)) >> w,
        UMulHi => umul_hi(u(0), u(1), w),
        SUpsample | UUpsample => (s(0) << w) | u(1),
        SMul24 => s24(s(0)) * s24(s(1)),
        UMul24 => m24(u(0)) * m24(u(1)),
        SClamp => s(0).max(s(1)).min(s(2)),
        UClamp => u(0).max(u(1)).min(u(2)),
        SMadHi => ((s(0) * s(1)) >> w) + s(2),
        UMadHi => umul_hi(u(0), u(1), w) + u(2),
        SMadSat => sat(s(0) * s(1) + s(2), smin, smax),
        // A product that overflows i128 exceeds every unsigned maximum.
        UMadSat => u(0).checked_mul(u(1)).and_then(|p| p.checked_add(u(2))).map_or(umax, |v| v.min(umax)),
        SMad24 => s24(s(0)) * s24(s(1)) + s(2),
        UMad24 => m24(u(0)) * m24(u(1)) + u(2),
    }
}

/// The width in bits of the result of `op` on `w`-bit operands.
fn result_width(op: Op, w: u32) -> u32 {
    if matches!(op, SUpsample | UUpsample) {
        2 * w
    } else {
        w
    }
}

/// Whether OpenCL.std has `op` for `w`-bit operands: upsample stops at 32-bit inputs, the
/// 24-bit functions exist only for 32 bits.
fn exists(op: Op, w: u32) -> bool {
    match op {
        SUpsample | UUpsample => w < 64,
        SMul24 | UMul24 | SMad24 | UMad24 => w == 32,
        _ => true,
    }
}

fn symbol(op: Op, w: u32) -> String {
    format!("{}_i{w}", op.name())
}

fn check(op: Op, w: u32, args: &[i64]) {
    let symbol = symbol(op, w);
    let Some(b) = crate::lookup(&symbol) else {
        assert!(!exists(op, w), "builtin {symbol} is missing");
        return;
    };
    let got = call_int(b, args);
    let rw = result_width(op, w);
    let mask = if rw == 128 { -1i128 } else { (1i128 << rw) - 1 };
    let want = reference(op, w, args) & mask;
    assert_eq!(i128::from(got) & mask, want, "{symbol}{args:?}: got {got:#x}, want {want:#x}");
}

#[test]
fn exhaustive_8_bit() {
    for a in -128..128i64 {
        for &op in UNARY {
            check(op, 8, &[a]);
        }
        for b in -128..128i64 {
            for &op in BINARY {
                check(op, 8, &[a, b]);
            }
        }
    }
}

#[test]
fn random_wide() {
    let mut rng = Rng::new(0x1234_5678);
    for w in [16, 32, 64] {
        for _ in 0..20_000 {
            let a = [rng.edgy_u64() as i64, rng.edgy_u64() as i64, rng.edgy_u64() as i64];
            for &op in UNARY.iter().chain(BINARY).chain(TERNARY) {
                check(op, w, &a);
            }
        }
    }
}

#[test]
fn spot_values() {
    assert_eq!(call_int(builtin("clz_i32"), &[0]), 32);
    assert_eq!(call_int(builtin("ctz_i64"), &[0]), 64);
    assert_eq!(call_int(builtin("s_abs_i8"), &[-128]), -128); // 128 as u8 bits
    assert_eq!(call_int(builtin("u_mul_hi_i64"), &[-1, -1]), -2); // (2^64-1)^2 >> 64 = 2^64-2
    assert_eq!(call_int(builtin("s_upsample_i32"), &[-1, -1]), -1);
    assert_eq!(call_int(builtin("u_upsample_i8"), &[1, -1]), 0x1ff);
    assert_eq!(call_int(builtin("rotate_i8"), &[0x81, 1]), 0x03);
    assert_eq!(call_int(builtin("u_mad_sat_i64"), &[-1, -1, -1]), -1);
}

#[test]
fn exhaustive_16_bit_unary() {
    for a in -32768..32768i64 {
        for &op in UNARY {
            check(op, 16, &[a]);
        }
    }
}

/// Every 16-bit first operand against edge and random second operands (all pairs run in
/// `exhaustive_16_bit_binary`, ignored by default).
#[test]
fn exhaustive_16_bit_first_operand() {
    let mut rng = Rng::new(16);
    let mut bs = vec![0, 1, -1, 2, 15, 16, 17, 255, 256, 32767, -32768, -32767];
    bs.extend((0..4).map(|_| rng.next_u64() as i16 as i64));
    for a in -32768..32768i64 {
        for &b in &bs {
            for &op in BINARY {
                check(op, 16, &[a, b]);
            }
        }
    }
}

/// Mismatches found by a sweep: how many, and the first few, described.
#[derive(Default)]
struct Mismatches {
    count: u64,
    examples: Vec<String>,
}

impl Mismatches {
    fn record(&mut self, describe: impl FnOnce() -> String) {
        self.count += 1;
        if self.examples.len() < 4 {
            self.examples.push(describe());
        }
    }

    fn merge(&mut self, other: Mismatches) {
        self.count += other.count;
        self.examples.extend(other.examples.into_iter().take(4usize.saturating_sub(self.examples.len())));
    }
}

/// Calls `row(a, found)` for every `a` in `lo..hi` on all cores (rows handed out `chunk` at
/// a time, so a slow row does not hold the other threads up) and merges what they found.
fn parallel_rows(lo: i64, hi: i64, chunk: i64, row: impl Fn(i64, &mut Mismatches) + Sync) -> Mismatches {
    let threads = std::thread::available_parallelism().map(|t| t.get()).unwrap_or(1);
    let next = AtomicI64::new(lo);
    let total = Mutex::new(Mismatches::default());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut found = Mismatches::default();
                loop {
                    let start = next.fetch_add(chunk, Ordering::Relaxed);
                    if start >= hi {
                        break;
                    }
                    for a in start..(start + chunk).min(hi) {
                        row(a, &mut found);
                    }
                }
                total.lock().unwrap().merge(found);
            });
        }
    });
    total.into_inner().unwrap()
}

/// One line per function on stderr; the mismatches are kept for the final verdict.
fn report(label: &str, symbol: &str, cases: u64, start: Instant, found: &Mismatches, failures: &mut Vec<String>) {
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{label} {symbol}: {cases} cases in {secs:.1} s ({:.1} ns/case/core), {} mismatches",
        secs * 1e9 * cores() / cases as f64,
        found.count
    );
    if found.count > 0 {
        failures.push(format!("{symbol}: {} mismatches, e.g. {}", found.count, found.examples.join("; ")));
    }
}

/// Whether `SPIRJIT_EXHAUSTIVE_ONLY` (a comma-separated list of function names, e.g.
/// `u_mul_hi,rotate`) selects `op`; unset selects every function.
fn selected(op: Op) -> bool {
    std::env::var("SPIRJIT_EXHAUSTIVE_ONLY").map_or(true, |only| only.split(',').any(|n| n.trim() == op.name()))
}

fn cores() -> f64 {
    std::thread::available_parallelism().map(|t| t.get()).unwrap_or(1) as f64
}

/// `call` against `reference` (both bits masked with `mask`) over all pairs of 16-bit
/// operands, on all cores; generic so that both are inlined into the loop.
fn all_pairs_16(
    call: impl Fn(i16, i16) -> i64 + Sync,
    reference: impl Fn(i64, i64) -> i128 + Sync,
    mask: i128,
) -> Mismatches {
    parallel_rows(-32768, 32768, 64, |a, found| {
        for y in -32768..32768i64 {
            let got = i128::from(call(a as i16, y as i16)) & mask;
            let want = reference(a, y) & mask;
            if got != want {
                found.record(|| format!("({a}, {y}): got {got:#x}, want {want:#x}"));
            }
        }
    })
}

/// A sweep of one function: its symbol and what it found, or `None` when the function does
/// not exist at that width.
type Sweep = fn() -> Option<(String, Mismatches)>;

/// Every pair of 16-bit operands of `BINARY[K]`: the builtin resolved once to a typed
/// function pointer, the reference inlined with a constant `op` (so it is that one formula).
fn sweep_binary_16<const K: usize>() -> Option<(String, Mismatches)> {
    let op = BINARY[K];
    if !exists(op, 16) {
        return None;
    }
    let symbol = symbol(op, 16);
    let b = builtin(&symbol);
    let mask = (1i128 << result_width(op, 16)) - 1;
    let reference = |x: i64, y: i64| reference(BINARY[K], 16, &[x, y]);
    let found = match (b.params, b.ret) {
        ([ArgType::I16, ArgType::I16], ArgType::I16) => {
            // SAFETY: the table records this exact signature for the address.
            let f: extern "C" fn(i16, i16) -> i16 = unsafe { std::mem::transmute(b.address) };
            all_pairs_16(|x, y| i64::from(f(x, y)), reference, mask)
        }
        ([ArgType::I16, ArgType::I16], ArgType::I32) => {
            // SAFETY: as above.
            let f: extern "C" fn(i16, i16) -> i32 = unsafe { std::mem::transmute(b.address) };
            all_pairs_16(|x, y| i64::from(f(x, y)), reference, mask)
        }
        (p, r) => panic!("{symbol}: unexpected signature {p:?} -> {r:?}"),
    };
    Some((symbol, found))
}

/// One sweep per entry of `BINARY`, in order.
const BINARY_16_SWEEPS: [Sweep; 21] = [
    sweep_binary_16::<0>,
    sweep_binary_16::<1>,
    sweep_binary_16::<2>,
    sweep_binary_16::<3>,
    sweep_binary_16::<4>,
    sweep_binary_16::<5>,
    sweep_binary_16::<6>,
    sweep_binary_16::<7>,
    sweep_binary_16::<8>,
    sweep_binary_16::<9>,
    sweep_binary_16::<10>,
    sweep_binary_16::<11>,
    sweep_binary_16::<12>,
    sweep_binary_16::<13>,
    sweep_binary_16::<14>,
    sweep_binary_16::<15>,
    sweep_binary_16::<16>,
    sweep_binary_16::<17>,
    sweep_binary_16::<18>,
    sweep_binary_16::<19>,
    sweep_binary_16::<20>,
];

#[test]
fn binary_16_sweeps_cover_binary() {
    assert_eq!(BINARY_16_SWEEPS.len(), BINARY.len());
}

#[test]
#[ignore = "2^32 pairs for each of 19 functions (minutes in release); run with --release -- --ignored --nocapture"]
fn exhaustive_16_bit_binary() {
    let all = Instant::now();
    let mut failures = Vec::new();
    let count = BINARY.iter().filter(|&&op| exists(op, 16)).count();
    for (i, sweep) in BINARY_16_SWEEPS.iter().enumerate() {
        if !selected(BINARY[i]) {
            continue;
        }
        let start = Instant::now();
        let Some((symbol, found)) = sweep() else { continue };
        let done = BINARY[..=i].iter().filter(|&&op| exists(op, 16)).count();
        let label = format!("exhaustive 16-bit [{done}/{count}]");
        report(&label, &symbol, 1 << 32, start, &found, &mut failures);
    }
    eprintln!("exhaustive 16-bit binary: {:.1} s in all", all.elapsed().as_secs_f64());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// All 2^24 triples of every 8-bit ternary function (a fraction of a second).
#[test]
fn exhaustive_8_bit_ternary() {
    let all = Instant::now();
    let mut failures = Vec::new();
    let ops: Vec<Op> = TERNARY.iter().copied().filter(|&op| exists(op, 8)).collect();
    for (i, &op) in ops.iter().enumerate() {
        let start = Instant::now();
        let symbol = symbol(op, 8);
        let b = builtin(&symbol);
        assert_eq!((b.params, b.ret), (&[ArgType::I8; 3][..], ArgType::I8), "{symbol}");
        // SAFETY: the signature was checked just above.
        let f: extern "C" fn(i8, i8, i8) -> i8 = unsafe { std::mem::transmute(b.address) };
        let found = parallel_rows(-128, 128, 1, |x, found| {
            for y in -128..128i64 {
                for z in -128..128i64 {
                    let got = i128::from(f(x as i8, y as i8, z as i8)) & 0xff;
                    let want = reference(op, 8, &[x, y, z]) & 0xff;
                    if got != want {
                        found.record(|| format!("({x}, {y}, {z}): got {got:#x}, want {want:#x}"));
                    }
                }
            }
        });
        let label = format!("exhaustive 8-bit [{}/{}]", i + 1, ops.len());
        report(&label, &symbol, 1 << 24, start, &found, &mut failures);
    }
    eprintln!("exhaustive 8-bit ternary: {:.1} s in all", all.elapsed().as_secs_f64());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

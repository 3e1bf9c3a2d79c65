//! Accuracy harness for the float math builtins: every `f32` and `f64` OpenCL.std
//! function with an accuracy requirement, over random and edge-case inputs covering its
//! domain, against a higher-precision reference (`f64` for `f32`; `astro-float` at 128+
//! bits for `f64`), reporting the maximum ulp error per function and failing when one
//! exceeds its OpenCL 1.2 full-profile limit (section 7.4).
//!
//! The normal suite runs a sample (`f32`: 100,000 inputs per function; `f64`: 3,000).
//! The full run (1,000,000 inputs per function and type, on all cores) is ignored by
//! default:
//!
//! ```text
//! cargo test --release -p spirjit-builtins --test accuracy -- --ignored --nocapture
//! ```
//!
//! `SPIRJIT_ACCURACY_SAMPLES=<n>` overrides the sample size of every test here;
//! `SPIRJIT_ACCURACY_ONLY=<name>,<name>...` restricts the runs to those functions.
//!
//! docs/builtins-testing.md lists every test of this crate, the long runs (this one and the
//! exhaustive integer sweeps) and what they measured.

#[path = "accuracy/big.rs"]
mod big;

use big::Big;

/// How a function is called.
#[derive(Clone, Copy, PartialEq)]
enum Arity {
    /// `f(x)`.
    U,
    /// `f(x, y)`.
    B,
    /// `f(x, n)` with an `i32` `n`.
    N,
}

/// One function: name, arity, limits (ulp, `f32` / `f64`), range of `x`, range of the
/// second operand.
struct Case {
    name: &'static str,
    arity: Arity,
    limit32: f64,
    limit64: f64,
    x: (f64, f64),
    y: (f64, f64),
}

const fn c(name: &'static str, arity: Arity, l32: f64, l64: f64, x: (f64, f64), y: (f64, f64)) -> Case {
    Case { name, arity, limit32: l32, limit64: l64, x, y }
}

use Arity::*;

/// The OpenCL 1.2 limits; "correctly rounded" is 0.5 ulp, exact results 0.
const CASES: &[Case] = &[
    c("acos", U, 4.0, 4.0, (-1.0, 1.0), (0.0, 0.0)),
    c("acosh", U, 4.0, 4.0, (1.0, 1e4), (0.0, 0.0)),
    c("acospi", U, 5.0, 5.0, (-1.0, 1.0), (0.0, 0.0)),
    c("asin", U, 4.0, 4.0, (-1.0, 1.0), (0.0, 0.0)),
    c("asinh", U, 4.0, 4.0, (-1e4, 1e4), (0.0, 0.0)),
    c("asinpi", U, 5.0, 5.0, (-1.0, 1.0), (0.0, 0.0)),
    c("atan", U, 5.0, 5.0, (-1e4, 1e4), (0.0, 0.0)),
    c("atanh", U, 5.0, 5.0, (-1.0, 1.0), (0.0, 0.0)),
    c("atanpi", U, 5.0, 5.0, (-1e4, 1e4), (0.0, 0.0)),
    c("atan2", B, 6.0, 6.0, (-10.0, 10.0), (-10.0, 10.0)),
    c("atan2pi", B, 6.0, 6.0, (-10.0, 10.0), (-10.0, 10.0)),
    c("cbrt", U, 2.0, 2.0, (-1e6, 1e6), (0.0, 0.0)),
    c("cos", U, 4.0, 4.0, (-1e4, 1e4), (0.0, 0.0)),
    c("cosh", U, 4.0, 4.0, (-90.0, 90.0), (0.0, 0.0)),
    c("cospi", U, 4.0, 4.0, (-1e3, 1e3), (0.0, 0.0)),
    c("erf", U, 16.0, 16.0, (-6.0, 6.0), (0.0, 0.0)),
    c("erfc", U, 16.0, 16.0, (-6.0, 28.0), (0.0, 0.0)),
    c("exp", U, 3.0, 3.0, (-110.0, 90.0), (0.0, 0.0)),
    c("exp2", U, 3.0, 3.0, (-150.0, 130.0), (0.0, 0.0)),
    c("exp10", U, 3.0, 3.0, (-46.0, 39.0), (0.0, 0.0)),
    c("expm1", U, 3.0, 3.0, (-20.0, 90.0), (0.0, 0.0)),
    c("fmod", B, 0.0, 0.0, (-1e4, 1e4), (-100.0, 100.0)),
    c("hypot", B, 4.0, 4.0, (-1e3, 1e3), (-1e3, 1e3)),
    c("log", U, 3.0, 3.0, (0.0, 1e6), (0.0, 0.0)),
    c("log2", U, 3.0, 3.0, (0.0, 1e6), (0.0, 0.0)),
    c("log10", U, 3.0, 3.0, (0.0, 1e6), (0.0, 0.0)),
    c("log1p", U, 2.0, 2.0, (-1.0, 1e6), (0.0, 0.0)),
    c("pow", B, 16.0, 16.0, (0.0, 10.0), (-30.0, 30.0)),
    c("powr", B, 16.0, 16.0, (0.0, 10.0), (-30.0, 30.0)),
    c("pown", N, 16.0, 16.0, (-10.0, 10.0), (-30.0, 30.0)),
    c("rootn", N, 16.0, 16.0, (-1e6, 1e6), (-20.0, 20.0)),
    c("rsqrt", U, 2.0, 2.0, (0.0, 1e6), (0.0, 0.0)),
    c("sin", U, 4.0, 4.0, (-1e4, 1e4), (0.0, 0.0)),
    c("sinh", U, 4.0, 4.0, (-90.0, 90.0), (0.0, 0.0)),
    c("sinpi", U, 4.0, 4.0, (-1e3, 1e3), (0.0, 0.0)),
    c("sqrt", U, 0.5, 0.5, (0.0, 1e6), (0.0, 0.0)),
    c("tan", U, 5.0, 5.0, (-1e4, 1e4), (0.0, 0.0)),
    c("tanh", U, 5.0, 5.0, (-20.0, 20.0), (0.0, 0.0)),
    c("tanpi", U, 6.0, 6.0, (-1e3, 1e3), (0.0, 0.0)),
    c("tgamma", U, 16.0, 16.0, (-30.0, 35.0), (0.0, 0.0)),
];

// ---- inputs --------------------------------------------------------------------------------

/// SplitMix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

const EDGES: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    -0.5,
    2.0,
    -2.0,
    3.0,
    10.0,
    0.25,
    1.5,
    100.0,
    1e-7,
    -1e-7,
    1e30,
    -1e30,
    1e300,
    -1e300,
    1e22,
    1e-300,
    5e-324,
    -5e-324,
    2.2250738585072014e-308,
    1.401298464324817e-45,
    1.1754943508222875e-38,
    3.4028234663852886e38,
    -3.4028234663852886e38,
    1.7976931348623157e308,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    std::f64::consts::PI,
    std::f64::consts::FRAC_PI_2,
    std::f64::consts::FRAC_PI_4,
    88.72283905206835,
    -103.97,
    709.782712893384,
];

/// Operand `i` in `range`: edge cases first, then a mix of random bit patterns (`bits`
/// wide), uniform values in `range` and log-uniform magnitudes up to the range's bound.
fn operand(rng: &mut Rng, i: usize, range: (f64, f64), f32_bits: bool) -> f64 {
    let (lo, hi) = range;
    if i < EDGES.len() {
        return EDGES[i];
    }
    if i < EDGES.len() + 8 {
        // The range's ends and their neighbourhood.
        let k = i - EDGES.len();
        let v = if k.is_multiple_of(2) { lo } else { hi };
        return v + [0.0, 0.0, 1e-9, -1e-9, 1e-3, -1e-3, 0.5, -0.5][k];
    }
    let r = rng.next();
    match r % 8 {
        0 | 1 => {
            if f32_bits {
                f64::from(f32::from_bits(rng.next() as u32))
            } else {
                f64::from_bits(rng.next())
            }
        }
        2..=4 => lo + (hi - lo) * rng.unit(),
        _ => {
            let top = lo.abs().max(hi.abs()).max(1e-30).log2();
            let m = 2f64.powf(-40.0 + (top + 40.0) * rng.unit());
            let v = if lo < 0.0 && r & 256 != 0 { -m } else { m };
            v.clamp(lo, hi)
        }
    }
}

/// The operands of sample `i`.
fn operands(rng: &mut Rng, case: &Case, i: usize, f32_bits: bool) -> Vec<f64> {
    let x = operand(rng, i, case.x, f32_bits);
    match case.arity {
        U => vec![x],
        B => {
            let j = (i * 7 + 3) % (EDGES.len() + 8 + 1);
            let y = operand(rng, if i < 2 * EDGES.len() { j } else { i }, case.y, f32_bits);
            vec![x, y]
        }
        N => {
            let n = match rng.next() % 16 {
                0 => rng.next() as i32,
                _ => (case.y.0 + (case.y.1 - case.y.0) * rng.unit()).round() as i32,
            };
            vec![x, f64::from(n)]
        }
    }
}

// ---- calling the builtins ------------------------------------------------------------------

fn builtin(symbol: &str) -> &'static spirjit_builtins::Builtin {
    spirjit_builtins::lookup(symbol).unwrap_or_else(|| panic!("builtin {symbol} is missing"))
}

fn call_f32(addr: *const u8, arity: Arity, a: &[f64]) -> f32 {
    // SAFETY: the table declares `<name>_f32` with exactly these signatures.
    unsafe {
        match arity {
            U => std::mem::transmute::<*const u8, extern "C" fn(f32) -> f32>(addr)(a[0] as f32),
            B => std::mem::transmute::<*const u8, extern "C" fn(f32, f32) -> f32>(addr)(a[0] as f32, a[1] as f32),
            N => std::mem::transmute::<*const u8, extern "C" fn(f32, i32) -> f32>(addr)(a[0] as f32, a[1] as i32),
        }
    }
}

fn call_f64(addr: *const u8, arity: Arity, a: &[f64]) -> f64 {
    // SAFETY: as above, for `<name>_f64`.
    unsafe {
        match arity {
            U => std::mem::transmute::<*const u8, extern "C" fn(f64) -> f64>(addr)(a[0]),
            B => std::mem::transmute::<*const u8, extern "C" fn(f64, f64) -> f64>(addr)(a[0], a[1]),
            N => std::mem::transmute::<*const u8, extern "C" fn(f64, i32) -> f64>(addr)(a[0], a[1] as i32),
        }
    }
}

// ---- f32: f64 reference --------------------------------------------------------------------

/// `f(pi * x)` with `x` reduced mod 2 exactly; `None` at integers and half-integers
/// (exact results that the unit tests check).
fn pi_arg(x: f64) -> Option<f64> {
    if (2.0 * x).fract() == 0.0 {
        None
    } else {
        Some(std::f64::consts::PI * (x % 2.0))
    }
}

/// The `f64` reference of an `f32` function at `f32` operands (exact in `f64`); `None`
/// where the harness has no independent reference (the unit tests cover those inputs).
fn ref64(name: &str, a: &[f64]) -> Option<f64> {
    use std::f64::consts::PI;
    let (x, y) = (a[0], a.get(1).copied().unwrap_or(0.0));
    Some(match name {
        "acos" => x.acos(),
        "acosh" => x.acosh(),
        "acospi" => x.acos() / PI,
        "asin" => x.asin(),
        "asinh" => x.asinh(),
        "asinpi" => x.asin() / PI,
        "atan" => x.atan(),
        "atanh" => x.atanh(),
        "atanpi" => x.atan() / PI,
        "atan2" => x.atan2(y),
        "atan2pi" => x.atan2(y) / PI,
        "cbrt" => x.cbrt(),
        "cos" => x.cos(),
        "cosh" => x.cosh(),
        "cospi" => pi_arg(x)?.cos(),
        "erf" => libm::erf(x),
        "erfc" => libm::erfc(x),
        "exp" => x.exp(),
        "exp2" => x.exp2(),
        "exp10" => libm::exp10(x),
        "expm1" => x.exp_m1(),
        "fmod" => x % y,
        "hypot" => x.hypot(y),
        "log" => x.ln(),
        "log2" => x.log2(),
        "log10" => x.log10(),
        "log1p" => x.ln_1p(),
        "pow" => x.powf(y),
        "powr" if x < 0.0 => f64::NAN,
        "powr" => x.powf(y),
        "pown" => x.powi(y as i32),
        "rootn" => {
            let n = y as i32;
            if n == 0 || (x < 0.0 && n % 2 == 0) {
                f64::NAN
            } else {
                x.abs().powf(1.0 / f64::from(n)).copysign(x)
            }
        }
        "rsqrt" => 1.0 / x.sqrt(),
        "sin" => x.sin(),
        "sinh" => x.sinh(),
        "sinpi" => pi_arg(x)?.sin(),
        "sqrt" => x.sqrt(),
        "tan" => x.tan(),
        "tanh" => x.tanh(),
        "tanpi" => pi_arg(x)?.tan(),
        "tgamma" => libm::tgamma(x),
        _ => return None,
    })
}

/// Error of `got` against `want` in ulps of `f32` at `want`.
fn ulps_f32(got: f32, want: f64) -> f64 {
    if want.is_nan() {
        return if got.is_nan() { 0.0 } else { f64::INFINITY };
    }
    if got.is_nan() {
        return f64::INFINITY;
    }
    if got.is_infinite() || want.abs() > f64::from(f32::MAX) {
        return if (want as f32) == got || f64::from(got) == want { 0.0 } else { f64::INFINITY };
    }
    let e = if want == 0.0 { -126 } else { (want.abs().log2().floor() as i32).max(-126) };
    (f64::from(got) - want).abs() / 2f64.powi(e - 23)
}

/// Operands whose reference is a special case (zeros, infinities, NaN) or whose `f32`
/// image is not finite are left to the unit tests.
fn plain(a: &[f64], f32_args: bool) -> bool {
    a.iter().all(|v| v.is_finite() && *v != 0.0 && (!f32_args || (*v as f32).is_finite()))
}

// ---- the runs ------------------------------------------------------------------------------

/// Worst case of one function: max ulp, the operands and the result there, samples.
struct Worst {
    ulps: f64,
    args: Vec<f64>,
    got: f64,
    samples: usize,
}

/// Runs `check(i) -> Option<(ulps, args, got)>` for `i < n` on all cores.
fn run(n: usize, check: impl Fn(&mut Rng, &mut Option<Big>, usize) -> Option<(f64, Vec<f64>, f64)> + Sync) -> Worst {
    let threads = std::thread::available_parallelism().map(|t| t.get()).unwrap_or(1).min(64);
    let parts: Vec<Worst> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..threads)
            .map(|t| {
                let check = &check;
                s.spawn(move || {
                    let mut rng = Rng(0x5eed ^ (t as u64) << 32);
                    let mut big = None;
                    let mut w = Worst { ulps: 0.0, args: vec![], got: 0.0, samples: 0 };
                    // Edge cases go to thread 0; the rest is interleaved.
                    let mut i = t;
                    while i < n {
                        if let Some((e, args, got)) = check(&mut rng, &mut big, i) {
                            w.samples += 1;
                            if e > w.ulps || (e.is_nan() && !w.ulps.is_nan()) {
                                w = Worst { ulps: e, args, got, samples: w.samples };
                            }
                        }
                        i += threads;
                    }
                    w
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().expect("accuracy worker")).collect()
    });
    let samples = parts.iter().map(|p| p.samples).sum();
    let mut worst = parts.into_iter().max_by(|a, b| a.ulps.total_cmp(&b.ulps)).expect("one thread");
    worst.samples = samples;
    worst
}

/// The cases to run: all, or those named in `SPIRJIT_ACCURACY_ONLY`.
fn cases() -> impl Iterator<Item = &'static Case> {
    let only = std::env::var("SPIRJIT_ACCURACY_ONLY").ok();
    CASES.iter().filter(move |c| only.as_deref().is_none_or(|o| o.split(',').any(|n| n.trim() == c.name)))
}

fn samples(default: usize) -> usize {
    std::env::var("SPIRJIT_ACCURACY_SAMPLES").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// Measures every `f32` function; returns the failures.
fn check_f32(n: usize) -> Vec<String> {
    let mut failures = Vec::new();
    println!("{:<10} {:>10} {:>10}  worst at", "f32", "samples", "max ulp");
    for case in cases() {
        let f = builtin(&format!("{}_f32", case.name));
        let w = run(n, |rng, _, i| {
            let mut a = operands(rng, case, i, true);
            // Operands are f32 values.
            for v in a.iter_mut().take(if case.arity == N { 1 } else { 2 }) {
                *v = f64::from(*v as f32);
            }
            if !plain(&a, true) {
                return None;
            }
            let want = ref64(case.name, &a)?;
            let got = call_f32(f.address, case.arity, &a);
            Some((ulps_f32(got, want), a, f64::from(got)))
        });
        report(case.name, &w, case.limit32, &mut failures);
    }
    failures
}

/// Measures every `f64` function that has an arbitrary-precision reference.
fn check_f64(n: usize) -> Vec<String> {
    let mut failures = Vec::new();
    println!("{:<10} {:>10} {:>10}  worst at", "f64", "samples", "max ulp");
    for case in cases() {
        let f = builtin(&format!("{}_f64", case.name));
        if Big::new().eval(case.name, &[0.3, 0.7]).is_none() {
            println!("{:<10} {:>10} {:>10}  (no arbitrary-precision reference)", case.name, 0, "-");
            continue;
        }
        let w = run(n, |rng, big, i| {
            let a = operands(rng, case, i, false);
            if !plain(&a, false) {
                return None;
            }
            let want = big.get_or_insert_with(Big::new).eval(case.name, &a)?;
            let got = call_f64(f.address, case.arity, &a);
            Some((big::ulps(got, &want), a, got))
        });
        report(case.name, &w, case.limit64, &mut failures);
    }
    failures
}

fn report(name: &str, w: &Worst, limit: f64, failures: &mut Vec<String>) {
    let at = w.args.iter().map(|v| format!("{v:e}")).collect::<Vec<_>>().join(", ");
    println!("{name:<10} {:>10} {:>10.3}  ({at}) -> {:e}", w.samples, w.ulps, w.got);
    // A NaN error (never expected) fails too.
    if w.ulps.is_nan() || w.ulps > limit {
        failures.push(format!("{name}: {:.3} ulp > {limit} at ({at}) -> {:e}", w.ulps, w.got));
    }
}

fn assert_none(kind: &str, failures: Vec<String>) {
    assert!(failures.is_empty(), "{kind} functions over their OpenCL limit:\n{}", failures.join("\n"));
}

#[test]
fn f32_accuracy_sample() {
    assert_none("f32", check_f32(samples(100_000)));
}

#[test]
fn f64_accuracy_sample() {
    assert_none("f64", check_f64(samples(3_000)));
}

#[test]
#[ignore = "full accuracy run (1M inputs per function); run with --release -- --ignored"]
fn accuracy_full() {
    let n = samples(1_000_000);
    let mut failures = check_f32(n);
    failures.extend(check_f64(n));
    assert_none("f32/f64", failures);
}

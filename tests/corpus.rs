//! End-to-end tests of every kernel of the corpus in `tests/kernels/` through the public
//! Rust API: each kernel, in each committed build (`.O0`, `.O2`, `.spir32` where the
//! source asks for one), loaded with `Program::from_path` (scalar lanes) and with
//! `Program::with_options` at 2, 4, 8 and 16 lanes and at 4 and 16 lanes unchecked
//! (`SPIRJIT_CORPUS_LANES` chooses others), run with `Kernel::run`, and compared element
//! by element with a reference computed here in Rust; every width must also give the
//! scalar path's buffers bit for bit (except kernels whose outputs depend on the order
//! work-groups run in).
//!
//! Integers compare bit-exactly; floats compare exactly where the operation is correctly
//! rounded and with a tolerance where OpenCL allows one (or where clang may contract
//! `a * b + c` into a fused multiply-add). Inputs come from a small xorshift generator,
//! so every run is deterministic.
//!
//! These tests never skip: a missing `.spv` is a failure that says how to rebuild it
//! (`tests/kernels/build.sh`). They must not depend on anything but the `spirjit` crate.

use std::fmt::Debug;
use std::path::{Path, PathBuf};

use spirjit::{Arg, Kernel, NdRange, Options, Program};

// ---------------------------------------------------------------------------------------
// Harness: programs, runs, comparisons, inputs.
// ---------------------------------------------------------------------------------------

fn kernel_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("kernels")
}

/// One build of a corpus module, loaded with one set of options.
struct Variant {
    label: String,
    program: Program,
    /// `<stem>.<build>`: runs of the same build at other widths compare with this one's.
    build: String,
    /// The scalar, checked run every other width must match bit for bit.
    scalar: bool,
    /// Runs so far (the n-th run of a build matches the n-th run at W = 1).
    calls: std::cell::Cell<usize>,
}

/// Kernels whose outputs depend on the order in which work-items reach an atomic (which
/// OpenCL leaves open: work-groups run in parallel, and a lane group runs each atomic for
/// all its lanes before the next): a global counter hands out output slots (`compact`),
/// or the old value of an exchange is stored (`atomics_*`). Their references are
/// order-independent; they are not compared bit for bit across widths.
const ORDER_DEPENDENT: &[&str] = &["compact", "atomics_int", "atomics_uint", "atomics_long"];

/// Buffer contents after each run at W = 1, by (build, kernel, hash of the NDRange and
/// the arguments before the run).
type Outputs = std::collections::HashMap<(String, String, u64), Vec<Vec<u8>>>;

/// A hash of `range` and every argument's bytes (buffers before the run).
fn inputs_hash(range: &NdRange, args: &[Arg<'_>]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    format!("{range:?}").hash(&mut h);
    for a in args {
        match a {
            Arg::ReadOnly(b) => b.hash(&mut h),
            Arg::Buffer(b) => b.hash(&mut h),
            other => format!("{other:?}").hash(&mut h),
        }
    }
    h.finish()
}
static SCALAR_OUTPUTS: std::sync::Mutex<Option<Outputs>> = std::sync::Mutex::new(None);

/// The compile options to test, in order: every build runs with the first before any
/// runs with the next, so that a failure of the scalar path shows first. Each entry is
/// (lanes, checked). `SPIRJIT_CORPUS_LANES` overrides the list: comma-separated lane
/// counts, a `u` suffix meaning unchecked (e.g. `1`, or `4,8u`).
fn option_sets() -> Vec<(u32, bool)> {
    let spec = std::env::var("SPIRJIT_CORPUS_LANES").unwrap_or_else(|_| "1,2,4,8,16,4u,16u".to_string());
    spec.split(',')
        .map(|w| {
            let w = w.trim();
            let (digits, checked) = match w.strip_suffix('u') {
                Some(d) => (d, false),
                None => (w, true),
            };
            let lanes = digits.parse().unwrap_or_else(|_| panic!("SPIRJIT_CORPUS_LANES: `{w}` is not a lane count"));
            (lanes, checked)
        })
        .collect()
}

/// Every build of `stem` (`.O0`, `.O2`, and `.spir32` when the source has a
/// `// build-spir32` line) with every option set of [`option_sets`], loaded when the
/// iterator reaches it. Panics at once when a build is missing.
fn variants(stem: &str) -> impl Iterator<Item = Variant> {
    let dir = kernel_dir();
    let cl = dir.join(format!("{stem}.cl"));
    let source =
        std::fs::read_to_string(&cl).unwrap_or_else(|e| panic!("{}: {e}; the corpus source is missing", cl.display()));
    let mut builds = vec!["O0", "O2"];
    if source.lines().take_while(|l| l.starts_with("//")).any(|l| l.trim() == "// build-spir32") {
        builds.push("spir32");
    }
    let mut plan = Vec::new();
    for (lanes, checked) in option_sets() {
        for build in &builds {
            let path = dir.join(format!("{stem}.{build}.spv"));
            assert!(path.is_file(), "{} is missing: run `tests/kernels/build.sh {stem}`", path.display());
            let bits = if *build == "spir32" { 32 } else { 64 };
            let label = match (lanes, checked) {
                (1, true) => format!("{stem}.{build}"),
                (_, true) => format!("{stem}.{build}/W{lanes}"),
                (_, false) => format!("{stem}.{build}/W{lanes}/unchecked"),
            };
            plan.push((label, path, lanes, checked, bits, format!("{stem}.{build}")));
        }
    }
    plan.into_iter().map(|(label, path, lanes, checked, bits, build)| {
        let program = if (lanes, checked) == (1, true) {
            Program::from_path(&path).unwrap_or_else(|e| panic!("{label}: Program::from_path failed: {e}"))
        } else {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let options = Options { lanes, checked };
            Program::with_options(&bytes, &options)
                .unwrap_or_else(|e| panic!("{label}: Program::with_options (lanes {lanes}) failed: {e}"))
        };
        assert_eq!(program.pointer_bits(), bits, "{label}: pointer_bits");
        Variant { label, program, build, scalar: (lanes, checked) == (1, true), calls: std::cell::Cell::new(0) }
    })
}

impl Variant {
    fn kernel(&self, name: &str) -> Kernel {
        self.program.kernel(name).unwrap_or_else(|e| panic!("{}: no kernel `{name}`: {e}", self.label))
    }

    /// Run `name` over `range`; panics with the variant and the error on failure.
    ///
    /// Inputs are given as [`Arg::ReadOnly`]; they are passed that way where the module
    /// marks the parameter read-only (`NoWrite`, which clang emits at -O2 for `const`
    /// pointers) and as a writable copy otherwise (-O0 builds carry no such marks), so
    /// that the caller's inputs are never written either way.
    fn run(&self, name: &str, range: NdRange, args: &mut [Arg<'_>]) {
        let kernel = self.kernel(name);
        let params = kernel.params();
        let copy: Vec<bool> = args
            .iter()
            .enumerate()
            .map(|(i, a)| matches!(a, Arg::ReadOnly(_)) && params.get(i).is_some_and(|p| !p.read_only))
            .collect();
        let mut copies: Vec<Vec<u8>> = args
            .iter()
            .zip(&copy)
            .map(|(a, c)| match a {
                Arg::ReadOnly(bytes) if *c => bytes.to_vec(),
                _ => Vec::new(),
            })
            .collect();
        let inputs = inputs_hash(&range, args);
        let mut bound: Vec<Arg<'_>> = Vec::with_capacity(args.len());
        for ((arg, c), scratch) in args.iter_mut().zip(&copy).zip(copies.iter_mut()) {
            bound.push(if *c { Arg::Buffer(scratch) } else { std::mem::replace(arg, Arg::Local(0)) });
        }
        if let Err(e) = kernel.run(&range, &mut bound) {
            panic!("{}: running `{name}` over {range:?} failed: {e}", self.label);
        }
        let outputs: Vec<Vec<u8>> = bound
            .iter()
            .map(|a| match a {
                Arg::Buffer(b) => b.to_vec(),
                _ => Vec::new(),
            })
            .collect();
        self.same_as_scalar(name, inputs, outputs);
    }

    /// Every width gives the scalar path's results bit for bit: W = 1 runs record their
    /// buffers, the others compare with the record of the same build and kernel on the
    /// same inputs (tests that draw new inputs per variant are compared by reference only).
    fn same_as_scalar(&self, name: &str, inputs: u64, outputs: Vec<Vec<u8>>) {
        let n = self.calls.get();
        self.calls.set(n + 1);
        if ORDER_DEPENDENT.iter().any(|k| self.build.starts_with(&format!("{k}."))) {
            return;
        }
        let key = (self.build.clone(), name.to_string(), inputs);
        let mut guard = SCALAR_OUTPUTS.lock().unwrap_or_else(|e| e.into_inner());
        let map = guard.get_or_insert_with(Default::default);
        if self.scalar {
            map.insert(key, outputs);
            return;
        }
        let Some(want) = map.get(&key) else { return };
        for (i, (got, want)) in outputs.iter().zip(want).enumerate() {
            if let Some(at) = got.iter().zip(want).position(|(a, b)| a != b) {
                panic!(
                    "{}: `{name}` run {n}: argument {i} differs from W = 1 at byte {at} ({:#04x} vs {:#04x})",
                    self.label, got[at], want[at]
                );
            }
        }
    }
}

/// Fail with the first mismatching elements when `ok` rejects any pair.
#[track_caller]
fn check_by<T: Debug + Copy>(ctx: &str, what: &str, got: &[T], want: &[T], ok: impl Fn(usize, T, T) -> bool) {
    assert_eq!(got.len(), want.len(), "{ctx}: {what}: output length");
    let bad: Vec<usize> = (0..got.len()).filter(|&i| !ok(i, got[i], want[i])).collect();
    if !bad.is_empty() {
        let shown: Vec<String> =
            bad.iter().take(8).map(|&i| format!("[{i}] got {:?}, want {:?}", got[i], want[i])).collect();
        panic!("{ctx}: {what}: {} of {} elements differ: {}", bad.len(), got.len(), shown.join("; "));
    }
}

#[track_caller]
fn check_eq<T: Debug + Copy + PartialEq>(ctx: &str, what: &str, got: &[T], want: &[T]) {
    check_by(ctx, what, got, want, |_, g, w| g == w);
}

fn same_f32(g: f32, w: f32) -> bool {
    (g.is_nan() && w.is_nan()) || g.to_bits() == w.to_bits()
}

fn same_f64(g: f64, w: f64) -> bool {
    (g.is_nan() && w.is_nan()) || g.to_bits() == w.to_bits()
}

/// Bit-exact float comparison (any NaN matches any NaN).
#[track_caller]
fn check_f32_exact(ctx: &str, what: &str, got: &[f32], want: &[f32]) {
    check_by(ctx, what, got, want, |_, g, w| same_f32(g, w));
}

#[track_caller]
fn check_f64_exact(ctx: &str, what: &str, got: &[f64], want: &[f64]) {
    check_by(ctx, what, got, want, |_, g, w| same_f64(g, w));
}

/// `|got - want| <= tol(i)`, or both NaN, or equal (infinities).
#[track_caller]
fn check_f32_tol(ctx: &str, what: &str, got: &[f32], want: &[f32], tol: impl Fn(usize) -> f32) {
    check_by(ctx, what, got, want, |i, g, w| {
        same_f32(g, w) || (g.is_finite() && w.is_finite() && (g - w).abs() <= tol(i))
    });
}

/// `|got - want| <= abs + rel * |want|`.
#[track_caller]
fn check_f32_rel(ctx: &str, what: &str, got: &[f32], want: &[f32], rel: f32, abs: f32) {
    check_f32_tol(ctx, what, got, want, |i| abs + rel * want[i].abs());
}

/// One unit in the last place of `x` (distance to the next float away from zero).
fn ulp32(x: f32) -> f32 {
    let a = x.abs();
    if !a.is_finite() || a == f32::MAX {
        return f32::MAX;
    }
    f32::from_bits(a.to_bits() + 1) - a
}

/// Deterministic pseudo-random inputs (xorshift64*).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    fn i32(&mut self) -> i32 {
        self.u32() as i32
    }
    /// Uniform in `0..n`.
    fn below(&mut self, n: u32) -> u32 {
        ((self.u32() as u64 * n as u64) >> 32) as u32
    }
    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i32, hi: i32) -> i32 {
        (lo as i64 + ((self.u32() as u64 * (hi as i64 - lo as i64 + 1) as u64) >> 32) as i64) as i32
    }
    fn f32(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.u32() >> 8) as f32 / (1u32 << 24) as f32)
    }
    fn f64(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64)
    }
    fn vec_i32(&mut self, n: usize, lo: i32, hi: i32) -> Vec<i32> {
        (0..n).map(|_| self.range(lo, hi)).collect()
    }
    fn vec_u32(&mut self, n: usize) -> Vec<u32> {
        (0..n).map(|_| self.u32()).collect()
    }
    fn vec_f32(&mut self, n: usize, lo: f32, hi: f32) -> Vec<f32> {
        (0..n).map(|_| self.f32(lo, hi)).collect()
    }
}

/// Integers that hit the edge cases of a width, followed by random ones.
fn edge_then_random(rng: &mut Rng, n: usize, edges: &[i64], bits: u32) -> Vec<i64> {
    let mut v: Vec<i64> = edges.to_vec();
    while v.len() < n {
        let raw = rng.next_u64();
        let x = if bits == 64 { raw as i64 } else { ((raw << (64 - bits)) as i64) >> (64 - bits) };
        v.push(x);
    }
    v.truncate(n);
    v
}

// ---------------------------------------------------------------------------------------
// Basic data-parallel kernels.
// ---------------------------------------------------------------------------------------

#[test]
fn vadd_float() {
    let mut rng = Rng::new(1);
    let n = 1000usize;
    let a = rng.vec_f32(n, -100.0, 100.0);
    let b = rng.vec_f32(n, -100.0, 100.0);
    let want: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    for v in variants("vadd_float") {
        for range in [NdRange::d1(n as u64).local(&[64]), NdRange::d1(n as u64), NdRange::d1(1024).local(&[128])] {
            let mut c = vec![f32::NAN; n];
            let ctx = format!("{} {range:?}", v.label);
            v.run(
                "vadd_float",
                range,
                &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c), Arg::value(n as i32)],
            );
            check_f32_exact(&ctx, "c", &c, &want);
        }
    }
}

#[test]
fn vadd_int() {
    let mut rng = Rng::new(2);
    let (n, off) = (777usize, 5usize);
    let a: Vec<i32> = (0..n + off).map(|_| rng.i32()).collect();
    let b: Vec<i32> = (0..n + off).map(|_| rng.i32()).collect();
    for v in variants("vadd_int") {
        let mut c = vec![-7i32; n + off];
        let range = NdRange::d1(n as u64).local(&[32]).offset(&[off as u64]);
        v.run("vadd_int", range, &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c)]);
        let want: Vec<i32> = (0..n + off).map(|i| if i < off { -7 } else { a[i].wrapping_add(b[i]) }).collect();
        check_eq(&v.label, "c (items below the offset untouched)", &c, &want);
    }
}

#[test]
fn saxpy() {
    let mut rng = Rng::new(3);
    let n = 1000usize;
    let a = 2.5f32;
    let x = rng.vec_f32(n, -10.0, 10.0);
    let y0 = rng.vec_f32(n, -10.0, 10.0);
    for v in variants("saxpy") {
        let mut y = y0.clone();
        // 1024 work-items, 1000 elements: the guard must keep the last 24 out.
        v.run(
            "saxpy",
            NdRange::d1(1024).local(&[128]),
            &mut [Arg::value(a), Arg::read_only(&x), Arg::buffer(&mut y), Arg::value(n as u32)],
        );
        let plain: Vec<f32> = (0..n).map(|i| a * x[i] + y0[i]).collect();
        // clang may contract a * x + y into one fma: accept either rounding exactly.
        check_by(&v.label, "y", &y, &plain, |i, g, w| same_f32(g, w) || same_f32(g, a.mul_add(x[i], y0[i])));
    }
}

/// C = A * B and the tolerance of each element (sum of |products| times a few eps).
fn matmul_ref(a: &[f32], b: &[f32], m: usize, n: usize, k: usize) -> (Vec<f32>, Vec<f32>) {
    let mut c = vec![0.0f32; m * n];
    let mut tol = vec![0.0f32; m * n];
    for r in 0..m {
        for col in 0..n {
            let (mut acc, mut mag) = (0.0f64, 0.0f64);
            for t in 0..k {
                let p = a[r * k + t] as f64 * b[t * n + col] as f64;
                acc += p;
                mag += p.abs();
            }
            c[r * n + col] = acc as f32;
            tol[r * n + col] = (mag * k as f64 * f32::EPSILON as f64) as f32 + 1e-6;
        }
    }
    (c, tol)
}

#[test]
fn matmul_naive() {
    let mut rng = Rng::new(4);
    let (m, n, k) = (37usize, 29usize, 23usize);
    let a = rng.vec_f32(m * k, -1.0, 1.0);
    let b = rng.vec_f32(k * n, -1.0, 1.0);
    let (want, tol) = matmul_ref(&a, &b, m, n, k);
    for v in variants("matmul_naive") {
        for range in [NdRange::d2(32, 40).local(&[8, 8]), NdRange::d2(n as u64, m as u64).local(&[4, 5])] {
            let mut c = vec![f32::NAN; m * n];
            let args = &mut [
                Arg::read_only(&a),
                Arg::read_only(&b),
                Arg::buffer(&mut c),
                Arg::value(m as i32),
                Arg::value(n as i32),
                Arg::value(k as i32),
            ];
            v.run("matmul_naive", range.clone(), args);
            check_f32_tol(&format!("{} {range:?}", v.label), "C", &c, &want, |i| tol[i]);
        }
    }
}

#[test]
fn matmul_tiled() {
    let mut rng = Rng::new(5);
    let (m, n, k) = (37usize, 29usize, 23usize);
    let a = rng.vec_f32(m * k, -1.0, 1.0);
    let b = rng.vec_f32(k * n, -1.0, 1.0);
    let (want, tol) = matmul_ref(&a, &b, m, n, k);
    for v in variants("matmul_tiled") {
        let mut c = vec![f32::NAN; m * n];
        let args = &mut [
            Arg::read_only(&a),
            Arg::read_only(&b),
            Arg::buffer(&mut c),
            Arg::value(m as i32),
            Arg::value(n as i32),
            Arg::value(k as i32),
        ];
        v.run("matmul_tiled", NdRange::d2(32, 40).local(&[8, 8]), args);
        check_f32_tol(&v.label, "C", &c, &want, |i| tol[i]);
    }
}

#[test]
fn matmul_tiled_args() {
    let mut rng = Rng::new(6);
    let (m, n, k) = (21usize, 34usize, 19usize);
    let a = rng.vec_f32(m * k, -1.0, 1.0);
    let b = rng.vec_f32(k * n, -1.0, 1.0);
    let (want, tol) = matmul_ref(&a, &b, m, n, k);
    for v in variants("matmul_tiled_args") {
        for t in [4u64, 8] {
            let g = |x: usize| (x as u64).div_ceil(t) * t;
            let mut c = vec![f32::NAN; m * n];
            let bytes = (t * t * 4) as usize;
            let args = &mut [
                Arg::read_only(&a),
                Arg::read_only(&b),
                Arg::buffer(&mut c),
                Arg::value(m as i32),
                Arg::value(n as i32),
                Arg::value(k as i32),
                Arg::local(bytes),
                Arg::local(bytes),
            ];
            v.run("matmul_tiled_args", NdRange::d2(g(n), g(m)).local(&[t, t]), args);
            check_f32_tol(&format!("{} tile {t}", v.label), "C", &c, &want, |i| tol[i]);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Reductions, scans, histograms.
// ---------------------------------------------------------------------------------------

#[test]
fn reduce_sum() {
    let mut rng = Rng::new(7);
    let n = 1000usize;
    let input: Vec<i32> = (0..n).map(|_| rng.i32()).collect();
    for v in variants("reduce_sum") {
        // 1024 items in groups of 64 (uniform), and 1000 items in groups of 32 whose last
        // group has 8 items (non-uniform, still a power of two).
        for (global, local) in [(1024u64, 64u64), (1000, 32)] {
            let groups = global.div_ceil(local) as usize;
            let mut partial = vec![0i32; groups];
            let args = &mut [
                Arg::read_only(&input),
                Arg::buffer(&mut partial),
                Arg::value(n as u32),
                Arg::local(local as usize * 4),
            ];
            v.run("reduce_sum", NdRange::d1(global).local(&[local]), args);
            let want: Vec<i32> = (0..groups)
                .map(|g| {
                    let lo = g * local as usize;
                    let hi = ((g + 1) * local as usize).min(n);
                    input[lo.min(n)..hi].iter().fold(0i32, |s, x| s.wrapping_add(*x))
                })
                .collect();
            check_eq(&format!("{} global {global} local {local}", v.label), "partial", &partial, &want);
        }
    }
}

#[test]
fn reduce_float() {
    let mut rng = Rng::new(8);
    let n = 1000usize;
    let input = rng.vec_f32(n, -50.0, 50.0);
    let groups = 16usize;
    for v in variants("reduce_float") {
        let mut sums = vec![f32::NAN; groups];
        let mut maxs = vec![f32::NAN; groups];
        let args = &mut [Arg::read_only(&input), Arg::buffer(&mut sums), Arg::buffer(&mut maxs), Arg::value(n as u32)];
        v.run("reduce_float", NdRange::d1(1024).local(&[64]), args);
        let chunk = |g: usize| &input[(g * 64).min(n)..((g + 1) * 64).min(n)];
        let want_sum: Vec<f32> = (0..groups).map(|g| chunk(g).iter().map(|x| *x as f64).sum::<f64>() as f32).collect();
        let want_max: Vec<f32> =
            (0..groups).map(|g| chunk(g).iter().fold(f32::NEG_INFINITY, |m, x| m.max(*x))).collect();
        check_f32_tol(&v.label, "sums", &sums, &want_sum, |g| {
            chunk(g).iter().map(|x| x.abs()).sum::<f32>() * 8.0 * f32::EPSILON
        });
        check_f32_exact(&v.label, "maxs", &maxs, &want_max);
    }
}

#[test]
fn scan_hillis_steele() {
    let mut rng = Rng::new(9);
    let n = 1000usize;
    let input = rng.vec_i32(n, -1000, 1000);
    for v in variants("scan_hillis_steele") {
        for local in [128usize, 50] {
            let mut out = vec![0i32; n];
            let args = &mut [
                Arg::read_only(&input),
                Arg::buffer(&mut out),
                Arg::value(n as u32),
                Arg::local(local * 4),
                Arg::local(local * 4),
            ];
            v.run("scan_hillis_steele", NdRange::d1(n as u64).local(&[local as u64]), args);
            let mut want = vec![0i32; n];
            for (i, w) in want.iter_mut().enumerate() {
                let start = i / local * local;
                *w = input[start..=i].iter().sum();
            }
            check_eq(&format!("{} local {local}", v.label), "inclusive scan", &out, &want);
        }
    }
}

#[test]
fn scan_blelloch() {
    let mut rng = Rng::new(10);
    let groups = 8usize;
    let n = groups * 64;
    let input = rng.vec_u32(n);
    for v in variants("scan_blelloch") {
        let mut out = vec![0u32; n];
        let mut sums = vec![0u32; groups];
        let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut sums)];
        v.run("scan_blelloch", NdRange::d1(groups as u64 * 32).local(&[32]), args);
        let mut want = vec![0u32; n];
        let mut want_sums = vec![0u32; groups];
        for (g, sum) in want_sums.iter_mut().enumerate() {
            let mut acc = 0u32;
            for i in g * 64..(g + 1) * 64 {
                want[i] = acc;
                acc = acc.wrapping_add(input[i]);
            }
            *sum = acc;
        }
        check_eq(&v.label, "exclusive scan", &out, &want);
        check_eq(&v.label, "group sums", &sums, &want_sums);
    }
}

#[test]
fn histogram() {
    let mut rng = Rng::new(11);
    let n = 5000usize;
    let data = rng.vec_u32(n);
    let mut want = vec![0u32; 64];
    for d in &data {
        want[(d % 64) as usize] += 1;
    }
    for v in variants("histogram") {
        let mut hist = vec![0u32; 64];
        let args = &mut [Arg::read_only(&data), Arg::buffer(&mut hist), Arg::value(n as u32)];
        v.run("histogram_global", NdRange::d1(n as u64).local(&[100]), args);
        check_eq(&v.label, "histogram_global", &hist, &want);

        let mut hist = vec![0u32; 64];
        let args = &mut [Arg::read_only(&data), Arg::buffer(&mut hist), Arg::value(n as u32)];
        v.run("histogram_local", NdRange::d1(256).local(&[64]), args);
        check_eq(&v.label, "histogram_local", &hist, &want);

        // a local size that does not divide the bin count, and a non-uniform last group
        let mut hist = vec![0u32; 64];
        let args = &mut [Arg::read_only(&data), Arg::buffer(&mut hist), Arg::value(n as u32)];
        v.run("histogram_local", NdRange::d1(300).local(&[48]), args);
        check_eq(&v.label, "histogram_local (300 / 48)", &hist, &want);
    }
}

// ---------------------------------------------------------------------------------------
// Atomics.
// ---------------------------------------------------------------------------------------

/// `olds` (the values atomic_xchg returned) plus the final value must be the initial
/// value plus every value written, as multisets: each exchange saw the previous one.
#[track_caller]
fn check_xchg_chain<T: Ord + Copy + Debug>(ctx: &str, initial: T, written: &[T], olds: &[T], last: T) {
    let mut seen: Vec<T> = olds.to_vec();
    seen.push(last);
    seen.sort();
    let mut want: Vec<T> = written.to_vec();
    want.push(initial);
    want.sort();
    check_eq(ctx, "xchg chain (sorted olds + final)", &seen, &want);
}

#[test]
fn atomics_int() {
    let mut rng = Rng::new(12);
    let n = 256usize;
    let vals: Vec<i32> = (0..n).map(|_| rng.i32()).collect();
    let init: Vec<i32> = vec![100, 0, 12345, 0, i32::MAX, i32::MIN, -1, 0, 0x5a5a, 0, 0];
    let mut want = init.clone();
    for (i, &x) in vals.iter().enumerate() {
        want[0] = want[0].wrapping_add(x);
        want[1] = want[1].wrapping_sub(x);
        want[3] += 1;
        want[4] = want[4].min(x);
        want[5] = want[5].max(x);
        want[6] &= x | (1 << (i % 31));
        want[7] |= x & 0x0f0f_0f0f;
        want[8] ^= x;
        want[9] += 1;
        want[10] -= 1;
    }
    for v in variants("atomics_int") {
        for local in [64u64, 1, 17] {
            let mut c = init.clone();
            let mut olds = vec![0i32; n];
            let mut own: Vec<i32> = (0..n).flat_map(|i| [i as i32, 1000 + i as i32]).collect();
            let args = &mut [Arg::read_only(&vals), Arg::buffer(&mut c), Arg::buffer(&mut olds), Arg::buffer(&mut own)];
            v.run("atomics_int", NdRange::d1(n as u64).local(&[local]), args);
            let ctx = format!("{} local {local}", v.label);
            let mut w = want.clone();
            w[2] = c[2];
            check_eq(&ctx, "counters (0 add 1 sub 3 cas-loop 4 min 5 max 6 and 7 or 8 xor 9 inc 10 dec)", &c, &w);
            check_xchg_chain(&ctx, 12345, &vals, &olds, c[2]);
            let want_own: Vec<i32> = (0..n).flat_map(|i| [i as i32, 1000 + i as i32]).collect();
            check_eq(&ctx, "cmpxchg results (success, failure)", &own, &want_own);
        }
    }
}

#[test]
fn atomics_uint() {
    let mut rng = Rng::new(13);
    let n = 256usize;
    let vals = rng.vec_u32(n);
    let init: Vec<u32> = vec![7, 0, u32::MAX, 0, u32::MAX, 0, 0, 0, 0, 0, 0];
    let mut want = init.clone();
    for &x in &vals {
        want[0] = want[0].wrapping_add(x);
        want[1] = want[1].wrapping_sub(x);
        want[2] = want[2].min(x);
        want[3] = want[3].max(x);
        want[4] &= !(1u32 << (x % 32));
        want[5] |= 1u32 << (x % 32);
        want[6] ^= x;
        want[7] += 1;
        want[8] = want[8].wrapping_sub(1);
        want[9] = want[9].max(x);
        want[10] += 1;
    }
    for v in variants("atomics_uint") {
        let mut c = init.clone();
        let mut rets = vec![0u32; n];
        let args = &mut [Arg::read_only(&vals), Arg::buffer(&mut c), Arg::buffer(&mut rets)];
        v.run("atomics_uint", NdRange::d1(n as u64).local(&[32]), args);
        check_eq(
            &v.label,
            "counters (0 add 1 sub 2 umin 3 umax 4 and 5 or 6 xor 7 inc 8 dec 9 cas-max 10 inc)",
            &c,
            &want,
        );
        rets.sort();
        let all: Vec<u32> = (0..n as u32).collect();
        check_eq(&v.label, "atomic_inc results (sorted): each ticket once", &rets, &all);
    }
}

#[test]
fn atomics_long() {
    let mut rng = Rng::new(14);
    let n = 128usize;
    let vals: Vec<i64> = (0..n).map(|_| rng.next_u64() as i64).collect();
    let init: Vec<i64> = vec![0, 0, -99, 0, i64::MAX, i64::MIN, -1, 0, 0, 5, 5];
    let mut want = init.clone();
    let mut uwant: Vec<u64> = vec![u64::MAX, 0, 0];
    for (i, &x) in vals.iter().enumerate() {
        want[0] = want[0].wrapping_add(x);
        want[1] = want[1].wrapping_sub(x);
        want[3] = want[3].wrapping_add(x);
        want[4] = want[4].min(x);
        want[5] = want[5].max(x);
        want[6] &= x | (1i64 << (i % 63));
        want[7] |= x & 0x00ff_00ff_00ff_00ff;
        want[8] ^= x;
        want[9] += 1;
        want[10] -= 1;
        uwant[0] = uwant[0].min(x as u64);
        uwant[1] = uwant[1].max(x as u64);
        uwant[2] = uwant[2].wrapping_add(x as u64);
    }
    for v in variants("atomics_long") {
        let mut c = init.clone();
        let mut u: Vec<u64> = vec![u64::MAX, 0, 0];
        let mut olds = vec![0i64; n];
        let args = &mut [Arg::read_only(&vals), Arg::buffer(&mut c), Arg::buffer(&mut u), Arg::buffer(&mut olds)];
        v.run("atomics_long", NdRange::d1(n as u64).local(&[16]), args);
        let mut w = want.clone();
        w[2] = c[2];
        check_eq(&v.label, "long counters (0 add 1 sub 3 cas-add 4 min 5 max 6 and 7 or 8 xor 9 inc 10 dec)", &c, &w);
        check_eq(&v.label, "ulong counters (0 umin 1 umax 2 add)", &u, &uwant);
        check_xchg_chain(&v.label, -99, &vals, &olds, c[2]);
    }
}

#[test]
fn atomics_local() {
    let mut rng = Rng::new(15);
    let (groups, local) = (4usize, 64usize);
    let vals: Vec<i32> = (0..groups * local).map(|_| rng.i32()).collect();
    let mut want = vec![0i32; groups * 13];
    let mut lwant = vec![0i64; groups * 4];
    for g in 0..groups {
        let xs = &vals[g * local..(g + 1) * local];
        let mut s = [0i32, 0, i32::MAX, i32::MIN, -1, 0, 0, 0];
        let mut u = [u32::MAX, 0, 100, 0];
        let mut l = [0i64, i64::MAX, i64::MIN, 0];
        for &x in xs {
            s[0] = s[0].wrapping_add(x);
            s[1] = s[1].wrapping_sub(x);
            s[2] = s[2].min(x);
            s[3] = s[3].max(x);
            s[4] &= x | 0x10;
            s[5] |= x & 0xff;
            s[6] ^= x;
            s[7] += 1;
            u[0] = u[0].min(x as u32);
            u[1] = u[1].max(x as u32);
            u[2] = u[2].wrapping_sub(1);
            u[3] = u[3].wrapping_add(2);
            l[0] = l[0].wrapping_add(x as i64 * 1_000_003);
            l[1] = l[1].min(x as i64);
            l[2] = l[2].max((x as i64) << 20);
            l[3] = 5;
        }
        want[g * 13..g * 13 + 8].copy_from_slice(&s);
        for k in 0..4 {
            want[g * 13 + 8 + k] = u[k] as i32;
        }
        want[g * 13 + 12] = (local * (local - 1) / 2) as i32;
        lwant[g * 4..g * 4 + 4].copy_from_slice(&l);
    }
    for v in variants("atomics_local") {
        let mut out = vec![0i32; groups * 13];
        let mut lout = vec![0i64; groups * 4];
        let args = &mut [Arg::read_only(&vals), Arg::buffer(&mut out), Arg::buffer(&mut lout)];
        v.run("atomics_local", NdRange::d1((groups * local) as u64).local(&[local as u64]), args);
        check_eq(&v.label, "int/uint results per group (13 each)", &out, &want);
        check_eq(&v.label, "long results per group (4 each)", &lout, &lwant);
    }
}

// ---------------------------------------------------------------------------------------
// Structs and private arrays.
// ---------------------------------------------------------------------------------------

/// `Params` of struct_byval.cl, laid out with C rules (40 bytes, 8-aligned).
fn params_bytes(scale: f32, offset: i32, flag: i8, lo: f32, hi: f32, weights: [i16; 3], bias: i64) -> Vec<u8> {
    let mut b = vec![0u8; 40];
    b[0..4].copy_from_slice(&scale.to_le_bytes());
    b[4..8].copy_from_slice(&offset.to_le_bytes());
    b[8] = flag as u8;
    b[12..16].copy_from_slice(&lo.to_le_bytes());
    b[16..20].copy_from_slice(&hi.to_le_bytes());
    for (k, w) in weights.iter().enumerate() {
        b[20 + 2 * k..22 + 2 * k].copy_from_slice(&w.to_le_bytes());
    }
    b[32..40].copy_from_slice(&bias.to_le_bytes());
    b
}

#[test]
fn struct_byval() {
    let mut rng = Rng::new(16);
    let n = 200usize;
    let input = rng.vec_f32(n, -20.0, 20.0);
    for v in variants("struct_byval") {
        for (flag, scale, offset) in [(1i8, 1.5f32, -3i32), (0, -0.75, 11)] {
            let (lo, hi, weights, bias) = (-10.0f32, 12.5f32, [3i16, -700, 32000], -0x1234_5678_9abc_i64);
            let bytes = params_bytes(scale, offset, flag, lo, hi, weights, bias);
            let mut out = vec![f32::NAN; n];
            let mut extra = vec![0i64; 3];
            let args =
                &mut [Arg::bytes(&bytes), Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut extra)];
            v.run("struct_byval", NdRange::d1(n as u64).local(&[20]), args);
            let ctx = format!("{} flag {flag}", v.label);
            let finish = |mut x: f32, i: usize| {
                if flag != 0 {
                    x = x.max(lo).min(hi);
                }
                x + weights[i % 3] as f32
            };
            let plain: Vec<f32> = (0..n).map(|i| finish(input[i] * scale + offset as f32, i)).collect();
            check_by(&ctx, "out", &out, &plain, |i, g, w| {
                same_f32(g, w) || same_f32(g, finish(input[i].mul_add(scale, offset as f32), i))
            });
            check_eq(&ctx, "extra (bias, weight sum, flag)", &extra, &[bias, 3 - 700 + 32000, flag as i64]);
        }
    }
}

#[test]
fn struct_buffer() {
    // Particle (64 bytes): key i32 @0, Inner {id i16 @4, tag u8 @6, w f32 @8}, vals [f32; 4] @12,
    // d f64 @32, v float4 @48. Result (48 bytes): key2 i64 @0, sum f32 @8, tag_plus_id i32 @12,
    // v2 float4 @16, copy Inner @32.
    let mut rng = Rng::new(17);
    let n = 50usize;
    let mut input = vec![0u8; n * 64];
    for p in input.chunks_mut(64) {
        for b in p.iter_mut() {
            *b = rng.u32() as u8; // padding gets noise too
        }
        p[0..4].copy_from_slice(&rng.i32().to_le_bytes());
        p[4..6].copy_from_slice(&(rng.u32() as i16).to_le_bytes());
        p[8..12].copy_from_slice(&rng.f32(-5.0, 5.0).to_le_bytes());
        for k in 0..4 {
            p[12 + 4 * k..16 + 4 * k].copy_from_slice(&rng.f32(-100.0, 100.0).to_le_bytes());
        }
        p[32..40].copy_from_slice(&rng.f64(-1e3, 1e3).to_le_bytes());
        for k in 0..4 {
            p[48 + 4 * k..52 + 4 * k].copy_from_slice(&rng.f32(-1e3, 1e3).to_le_bytes());
        }
    }
    let f = |p: &[u8], o: usize| f32::from_le_bytes(p[o..o + 4].try_into().unwrap());
    for v in variants("struct_buffer") {
        let mut out = vec![0u8; n * 48];
        v.run("struct_buffer", NdRange::d1(n as u64), &mut [Arg::read_only(&input), Arg::buffer(&mut out)]);
        for i in 0..n {
            let p = &input[i * 64..(i + 1) * 64];
            let r = &out[i * 48..(i + 1) * 48];
            let ctx = format!("{} element {i}", v.label);
            let key = i32::from_le_bytes(p[0..4].try_into().unwrap());
            let id = i16::from_le_bytes(p[4..6].try_into().unwrap());
            let d = f64::from_le_bytes(p[32..40].try_into().unwrap());
            let sum = f(p, 12) + f(p, 16) + f(p, 20) + f(p, 24) + f(p, 8) + d as f32;
            check_eq(&ctx, "key2", &[i64::from_le_bytes(r[0..8].try_into().unwrap())], &[key as i64 * 2]);
            check_f32_exact(&ctx, "sum", &[f(r, 8)], &[sum]);
            check_eq(
                &ctx,
                "tag_plus_id",
                &[i32::from_le_bytes(r[12..16].try_into().unwrap())],
                &[p[6] as i32 + id as i32],
            );
            let v2: Vec<f32> = (0..4).map(|k| f(r, 16 + 4 * k)).collect();
            let want_v2: Vec<f32> = (0..4).map(|k| f(p, 48 + 4 * k) * 2.0).collect();
            check_f32_exact(&ctx, "v2", &v2, &want_v2);
            let want_copy_id = id.wrapping_add(1).to_le_bytes();
            check_eq(&ctx, "copy.id, copy.tag", &r[32..35], &[want_copy_id[0], want_copy_id[1], p[6]]);
            check_f32_exact(&ctx, "copy.w", &[f(r, 36)], &[f(p, 8)]);
        }
    }
}

#[test]
fn private_sort() {
    let mut rng = Rng::new(18);
    let items = 100usize;
    let input: Vec<i32> = (0..items * 8).map(|i| if i % 11 == 0 { 5 } else { rng.i32() }).collect();
    for v in variants("private_sort") {
        let mut sorted = vec![0i32; items * 8];
        let mut net = vec![0i32; items * 8];
        let mut perm = vec![0i32; items * 8];
        let args =
            &mut [Arg::read_only(&input), Arg::buffer(&mut sorted), Arg::buffer(&mut net), Arg::buffer(&mut perm)];
        v.run("private_sort", NdRange::d1(items as u64).local(&[8]), args);
        let mut want_sorted = Vec::new();
        let mut want_net = Vec::new();
        let mut want_perm = Vec::new();
        for g in 0..items {
            let mut s = input[g * 8..(g + 1) * 8].to_vec();
            s.sort();
            want_sorted.extend_from_slice(&s);
            want_net.extend(s.iter().rev());
            want_perm.extend((0..8).map(|i| s[((input[g * 8 + i] & 0x7fff_ffff) % 8) as usize]));
        }
        check_eq(&v.label, "insertion sort", &sorted, &want_sorted);
        check_eq(&v.label, "sorting network (reversed)", &net, &want_net);
        check_eq(&v.label, "dynamic private index", &perm, &want_perm);
    }
}

// ---------------------------------------------------------------------------------------
// Integer widths.
// ---------------------------------------------------------------------------------------

/// Reference of int_<width>.cl: 12 results and a comparison mask per pair.
macro_rules! int_width_ref {
    ($name:ident, $t:ty, $u:ty) => {
        fn $name(x: $t, y: $t) -> ([$t; 12], i32) {
            let bits = <$t>::BITS;
            let (ux, uy) = (x as $u, y as $u);
            let mut ny = if y == 0 { 1 } else { y };
            if ny == -1 && x == <$t>::MIN {
                ny = 1;
            }
            let mut ry = if y == 0 { 3 } else { y };
            if ry == -1 && x == <$t>::MIN {
                ry = 1;
            }
            let nuy = if uy == 0 { 1 } else { uy };
            let ruy = if uy == 0 { 3 } else { uy };
            let s = (uy & (bits as $u - 1)) as u32;
            let o = [
                ux.wrapping_add(uy) as $t,
                ux.wrapping_sub(uy) as $t,
                ux.wrapping_mul(uy) as $t,
                x / ny,
                x % ry,
                (ux / nuy) as $t,
                (ux % ruy) as $t,
                ux.wrapping_shl(s) as $t,
                x >> s,
                (ux >> s) as $t,
                (x & y) ^ (!x | (uy >> 1) as $t),
                (0 as $u).wrapping_sub(ux) as $t,
            ];
            let c = (x < y) as i32
                | ((x <= y) as i32) << 1
                | ((x > y) as i32) << 2
                | ((x >= y) as i32) << 3
                | ((x == y) as i32) << 4
                | ((x != y) as i32) << 5
                | ((ux < uy) as i32) << 6
                | ((ux <= uy) as i32) << 7
                | ((ux > uy) as i32) << 8
                | ((ux >= uy) as i32) << 9;
            (o, c)
        }
    };
}

int_width_ref!(ref_char, i8, u8);
int_width_ref!(ref_short, i16, u16);
int_width_ref!(ref_int, i32, u32);
int_width_ref!(ref_long, i64, u64);

macro_rules! int_width_test {
    ($test:ident, $stem:literal, $t:ty, $bits:literal, $reference:ident, $seed:literal) => {
        #[test]
        fn $test() {
            let mut rng = Rng::new($seed);
            let n = 300usize;
            let (min, max) = (<$t>::MIN as i64, <$t>::MAX as i64);
            let edges = [0, 1, -1, min, max, min + 1, max - 1, 7, -7, 0, min, -1, max, max, 3, $bits - 1];
            let a: Vec<$t> = edge_then_random(&mut rng, n, &edges, $bits).iter().map(|x| *x as $t).collect();
            let edges_b = [0, 1, -1, -1, -1, max, min, 3, 3, 0, 0, 0, min, max, $bits, $bits + 1];
            let b: Vec<$t> = edge_then_random(&mut rng, n, &edges_b, $bits).iter().map(|x| *x as $t).collect();
            let mut want = Vec::with_capacity(n * 12);
            let mut want_cmp = Vec::with_capacity(n);
            for i in 0..n {
                let (o, c) = $reference(a[i], b[i]);
                want.extend_from_slice(&o);
                want_cmp.push(c);
            }
            for v in variants($stem) {
                let mut out = vec![0 as $t; n * 12];
                let mut cmp = vec![0i32; n];
                let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut out), Arg::buffer(&mut cmp)];
                v.run($stem, NdRange::d1(n as u64).local(&[16]), args);
                for k in 0..12 {
                    let got: Vec<$t> = (0..n).map(|i| out[i * 12 + k]).collect();
                    let exp: Vec<$t> = (0..n).map(|i| want[i * 12 + k]).collect();
                    let what =
                        ["add", "sub", "mul", "sdiv", "srem", "udiv", "urem", "shl", "ashr", "lshr", "bitwise", "neg"]
                            [k];
                    check_eq(&v.label, what, &got, &exp);
                }
                check_eq(&v.label, "comparison mask", &cmp, &want_cmp);
            }
        }
    };
}

int_width_test!(int_char, "int_char", i8, 8, ref_char, 19);
int_width_test!(int_short, "int_short", i16, 16, ref_short, 20);
int_width_test!(int_int, "int_int", i32, 32, ref_int, 21);
int_width_test!(int_long, "int_long", i64, 64, ref_long, 22);

#[test]
fn int_unsigned_mix() {
    let mut rng = Rng::new(23);
    let n = 200usize;
    let b: Vec<u8> = (0..n).map(|i| if i < 4 { [0, 0x7f, 0x80, 0xff][i] } else { rng.u32() as u8 }).collect();
    let h: Vec<u16> = (0..n).map(|i| if i < 4 { [0, 0x7fff, 0x8000, 0xffff][i] } else { rng.u32() as u16 }).collect();
    let w: Vec<i32> = (0..n).map(|i| if i < 4 { [0, i32::MIN, -1, i32::MAX][i] } else { rng.i32() }).collect();
    let mut want = Vec::new();
    for i in 0..n {
        let (c, s, x) = (b[i], h[i], w[i]);
        want.extend_from_slice(&[
            (c as u64) + (s as u64),
            c as i8 as i64 as u64,
            (s as i16 as i64 as u64).wrapping_mul(3),
            (x as i64 * s as i64) as u64,
            (x as u32).wrapping_mul(s as u32) as u64,
            ((x >> 8) as u8 as u64) | ((x as u16 as u64) << 40),
            (x as i64).unsigned_abs(),
            ((x as u32 > s as u32) as u64) + (((x > s as i32) as u64) << 1),
        ]);
    }
    for v in variants("int_unsigned_mix") {
        let mut out = vec![0u64; n * 8];
        v.run(
            "int_unsigned_mix",
            NdRange::d1(n as u64),
            &mut [Arg::read_only(&b), Arg::read_only(&h), Arg::read_only(&w), Arg::buffer(&mut out)],
        );
        check_eq(&v.label, "out (8 per item)", &out, &want);
    }
}

#[test]
fn int_builtins() {
    let mut rng = Rng::new(24);
    let n = 200usize;
    let edges = [0, 1, -1, i32::MIN as i64, i32::MAX as i64, 31, 32, 33, -32, 0x0f0f_0f0f];
    let a: Vec<i32> = edge_then_random(&mut rng, n, &edges, 32).iter().map(|x| *x as i32).collect();
    let edges_b = [0, -1, i32::MIN as i64, i32::MAX as i64, 1, i32::MAX as i64, 1, -1, 5, 64];
    let b: Vec<i32> = edge_then_random(&mut rng, n, &edges_b, 32).iter().map(|x| *x as i32).collect();
    let la: Vec<i64> = edge_then_random(&mut rng, 2 * n, &[0, 0, i64::MIN, i64::MAX, -1, 1, 1 << 40, -5], 64);
    let ca: Vec<i8> = edge_then_random(&mut rng, 2 * n, &[0, 0, -128, 127, -1, 1, 100, 100, -128, -1], 8)
        .iter()
        .map(|x| *x as i8)
        .collect();
    let mut want = Vec::new();
    let mut lwant = Vec::new();
    let mut cwant = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], b[i]);
        want.extend_from_slice(&[
            x.min(y) as u32,
            x.max(y) as u32,
            (x as u32).min(y as u32),
            x.unsigned_abs(),
            x.leading_zeros(),
            x.count_ones(),
            ((x as i64 * y as i64) >> 32) as u32,
            ((x as u32 as u64 * y as u32 as u64) >> 32) as u32,
            (x as u32).rotate_left(y as u32 % 32),
            x.saturating_add(y) as u32,
            x.saturating_sub(y) as u32,
            ((x as i64 + y as i64) >> 1) as u32,
            ((x as i64 + y as i64 + 1) >> 1) as u32,
            (x as i64 - y as i64).unsigned_abs() as u32,
        ]);
        let (lx, ly) = (la[2 * i], la[2 * i + 1]);
        lwant.extend_from_slice(&[
            lx.max(ly) as u64,
            lx.unsigned_abs(),
            lx.leading_zeros() as u64,
            lx.count_ones() as u64,
            ((x as u32 as u64) << 32) | y as u32 as u64,
        ]);
        let (cx, cy) = (ca[2 * i], ca[2 * i + 1]);
        cwant.extend_from_slice(&[
            cx.min(cy) as u8,
            cx.unsigned_abs(),
            cx.leading_zeros() as u8,
            cx.count_ones() as u8,
            cx.saturating_add(cy) as u8,
        ]);
    }
    for v in variants("int_builtins") {
        let mut out = vec![0u32; n * 14];
        let mut lout = vec![0u64; n * 5];
        let mut cout = vec![0u8; n * 5];
        let args = &mut [
            Arg::read_only(&a),
            Arg::read_only(&b),
            Arg::buffer(&mut out),
            Arg::read_only(&la),
            Arg::buffer(&mut lout),
            Arg::read_only(&ca),
            Arg::buffer(&mut cout),
        ];
        v.run("int_builtins", NdRange::d1(n as u64).local(&[10]), args);
        let names = [
            "min", "max", "umin", "abs", "clz", "popcount", "mul_hi", "umul_hi", "rotate", "add_sat", "sub_sat",
            "hadd", "rhadd", "abs_diff",
        ];
        for (k, name) in names.iter().enumerate() {
            let got: Vec<u32> = (0..n).map(|i| out[i * 14 + k]).collect();
            let exp: Vec<u32> = (0..n).map(|i| want[i * 14 + k]).collect();
            check_eq(&v.label, &format!("int {name}"), &got, &exp);
        }
        check_eq(&v.label, "long (max, abs, clz, popcount, upsample)", &lout, &lwant);
        check_eq(&v.label, "char (min, abs, clz, popcount, add_sat)", &cout, &cwant);
    }
}

// ---------------------------------------------------------------------------------------
// Vectors.
// ---------------------------------------------------------------------------------------

#[test]
fn vec_float4() {
    let mut rng = Rng::new(25);
    let n = 100usize;
    let a = rng.vec_f32(n * 4, -10.0, 10.0);
    let b = rng.vec_f32(n * 4, -10.0, 10.0);
    let mut want = vec![0.0f32; n * 12];
    let mut want2 = vec![0.0f32; n * 2];
    for i in 0..n {
        let x = &a[i * 4..i * 4 + 4];
        let y = &b[i * 4..i * 4 + 4];
        let mut r: Vec<f32> = (0..4).map(|k| x[k] * y[k] + (k + 1) as f32).collect();
        let (rx, rz) = (r[2] - y[1], r[0] - y[3]);
        r[0] = rx;
        r[2] = rz;
        r[3] += x[0];
        let s = [x[3] * 2.0 - y[0], x[2] * 2.0 - y[0], x[1] * 2.0 - y[1], x[0] * 2.0 - y[1]];
        want[i * 12..i * 12 + 4].copy_from_slice(&r);
        want[i * 12 + 4..i * 12 + 8].copy_from_slice(&s);
        want[i * 12 + 8..i * 12 + 12].copy_from_slice(&[x[1], y[2], r[0] * s[3], -x[3]]);
        let p = [x[0] + y[2], x[1] + y[3]];
        want2[i * 2] = p[1] / 2.0;
        want2[i * 2 + 1] = p[0] / 4.0;
    }
    for v in variants("vec_float4") {
        let mut out = vec![f32::NAN; n * 12];
        let mut out2 = vec![f32::NAN; n * 2];
        let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut out), Arg::buffer(&mut out2)];
        v.run("vec_float4", NdRange::d1(n as u64).local(&[25]), args);
        // x * y + c may be contracted: allow a few ulps of the magnitudes involved.
        check_f32_rel(&v.label, "out (r, s, mixed)", &out, &want, 1e-5, 1e-3);
        check_f32_exact(&v.label, "out2 (lo/hi, swizzle, divide)", &out2, &want2);
    }
}

#[test]
fn vec_int8() {
    let mut rng = Rng::new(26);
    let n = 64usize;
    let a: Vec<i32> = (0..n * 3 + 5).map(|_| rng.i32()).collect();
    let b: Vec<i32> = (0..n * 8).map(|_| rng.i32()).collect();
    let mut want = vec![0i32; n * 24];
    for i in 0..n {
        let x = &a[i * 3..i * 3 + 8];
        let y = &b[i * 8..i * 8 + 8];
        let r: Vec<i32> = (0..8).map(|k| x[k].wrapping_add(y[k].wrapping_mul(3))).collect();
        let u: Vec<i32> = (0..8).map(|k| ((x[k] as u32) >> ((y[k] as u32) & 7)) as i32).collect();
        let m = [r[3], r[4], r[2], r[5], r[0].wrapping_sub(r[7]), r[6], r[1], r[1] ^ r[7]];
        want[i * 24..i * 24 + 8].copy_from_slice(&r);
        want[i * 24 + 8..i * 24 + 16].copy_from_slice(&u);
        want[i * 24 + 16..i * 24 + 24].copy_from_slice(&m);
    }
    for v in variants("vec_int8") {
        let mut out = vec![0i32; n * 24];
        v.run(
            "vec_int8",
            NdRange::d1(n as u64).local(&[8]),
            &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut out)],
        );
        check_eq(&v.label, "out (r, u, lo/hi/even/odd mix)", &out, &want);
    }
}

#[test]
fn vec16() {
    let mut rng = Rng::new(27);
    let n = 40usize;
    let a: Vec<u8> = (0..n * 16).map(|_| rng.u32() as u8).collect();
    let b: Vec<u8> = (0..n * 16).map(|_| rng.u32() as u8).collect();
    let f = rng.vec_f32(n * 16, -100.0, 100.0);
    let mut want = vec![0u8; n * 48];
    let mut fwant = vec![0.0f32; n * 16];
    let even_odd = [0usize, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15];
    for i in 0..n {
        let x = &a[i * 16..i * 16 + 16];
        let y = &b[i * 16..i * 16 + 16];
        let s: Vec<u8> = (0..16).map(|k| x[k].saturating_add(y[k])).collect();
        let w: Vec<u8> = (0..16).map(|k| x[k].wrapping_add(y[k])).collect();
        for k in 0..16 {
            want[i * 48 + k] = s[15 - k] ^ w[even_odd[k]];
            want[i * 48 + 16 + k] = w[k].wrapping_sub(7);
            want[i * 48 + 32 + k] = if k < 8 { x[k] } else { y[k] };
        }
        let fv = &f[i * 16..i * 16 + 16];
        for k in 0..16 {
            fwant[i * 16 + k] = fv[k] * 0.5 + fv[(k + 8) % 16];
        }
        for (k, c) in [(0usize, 1.0f32), (5, -2.0), (10, 3.5), (15, 0.25)] {
            fwant[i * 16 + k] = c;
        }
    }
    for v in variants("vec16") {
        let mut out = vec![0u8; n * 48];
        let mut fout = vec![f32::NAN; n * 16];
        let args = &mut [
            Arg::read_only(&a),
            Arg::read_only(&b),
            Arg::buffer(&mut out),
            Arg::read_only(&f),
            Arg::buffer(&mut fout),
        ];
        v.run("vec16", NdRange::d1(n as u64).local(&[8]), args);
        check_eq(&v.label, "uchar16 results", &out, &want);
        check_f32_exact(&v.label, "float16 results", &fout, &fwant);
    }
}

#[test]
fn vec3() {
    let mut rng = Rng::new(28);
    let n = 60usize;
    let a = rng.vec_f32(n * 4, -100.0, 100.0); // float3 with 16-byte stride
    let packed = rng.vec_f32(n * 3, -100.0, 100.0);
    let mut want = vec![0.0f32; n * 4];
    let mut want_cross = vec![0.0f32; n * 3];
    let mut want_i = vec![0i32; n * 4];
    for i in 0..n {
        let x = &a[i * 4..i * 4 + 3];
        let y = &packed[i * 3..i * 3 + 3];
        for k in 0..3 {
            want[i * 4 + k] = x[k] + y[k] * 2.0;
        }
        let c = [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];
        want_cross[i * 3..i * 3 + 3].copy_from_slice(&c);
        let k: Vec<i32> = (0..3).map(|j| (x[j] as i32) * [1, -2, 3][j] + i as i32).collect();
        want_i[i * 4..i * 4 + 3].copy_from_slice(&[k[2], k[0], k[1]]);
    }
    for v in variants("vec3") {
        let mut out = vec![f32::NAN; n * 4];
        let mut cross = vec![f32::NAN; n * 3];
        let mut iout = vec![0i32; n * 4];
        let args = &mut [
            Arg::read_only(&a),
            Arg::read_only(&packed),
            Arg::buffer(&mut out),
            Arg::buffer(&mut cross),
            Arg::buffer(&mut iout),
        ];
        v.run("vec3", NdRange::d1(n as u64).local(&[4]), args);
        // the fourth component of a 3-component vector in memory is padding
        let pick = |v: &[f32]| (0..n * 4).filter(|i| i % 4 != 3).map(|i| v[i]).collect::<Vec<f32>>();
        check_f32_exact(&v.label, "x + y * 2", &pick(&out), &pick(&want));
        let cross_tol: Vec<f32> = (0..n * 3)
            .map(|j| {
                let (i, k) = (j / 3, j % 3);
                let x = &a[i * 4..i * 4 + 3];
                let y = &packed[i * 3..i * 3 + 3];
                let (p, q) = ((k + 1) % 3, (k + 2) % 3);
                ((x[p] * y[q]).abs() + (x[q] * y[p]).abs()) * 2.0 * f32::EPSILON
            })
            .collect();
        check_f32_tol(&v.label, "cross (vstore3)", &cross, &want_cross, |j| cross_tol[j]);
        let ipick = |v: &[i32]| (0..n * 4).filter(|i| i % 4 != 3).map(|i| v[i]).collect::<Vec<i32>>();
        check_eq(&v.label, "int3 .zxy", &ipick(&iout), &ipick(&want_i));
    }
}

#[test]
fn vec_select() {
    let mut rng = Rng::new(29);
    let n = 80usize;
    let a: Vec<i32> = (0..n * 4).map(|_| rng.range(-50_000, 50_000)).collect();
    let b: Vec<i32> = (0..n * 4).map(|i| if rng.below(4) == 0 { a[i] } else { rng.range(-50_000, 50_000) }).collect();
    let f = rng.vec_f32(n * 8, -5.0, 5.0);
    let mut want = vec![0i32; n * 16];
    let mut fwant = vec![0.0f32; n * 4];
    let mut swant = vec![0i16; n * 2];
    let mut dwant = vec![0.0f64; n * 2];
    for i in 0..n {
        let x = &a[i * 4..i * 4 + 4];
        let y = &b[i * 4..i * 4 + 4];
        let lt: Vec<bool> = (0..4).map(|k| x[k] < y[k]).collect();
        let eq: Vec<bool> = (0..4).map(|k| x[k] == y[k]).collect();
        for k in 0..4 {
            want[i * 16 + k] = -(lt[k] as i32);
            want[i * 16 + 4 + k] = if lt[k] { y[k] } else { x[k] };
            want[i * 16 + 8 + k] = if eq[k] { 7 } else { x[k].wrapping_sub(y[k]) };
        }
        want[i * 16 + 12..i * 16 + 16].copy_from_slice(&[
            lt.iter().any(|b| *b) as i32,
            lt.iter().all(|b| *b) as i32,
            eq.iter().any(|b| *b) as i32,
            (0..4).all(|k| x[k] >= y[k]) as i32,
        ]);
        for k in 0..4 {
            let (p, q) = (f[i * 8 + k], f[i * 8 + 4 + k]);
            fwant[i * 4 + k] = if p > q { q } else { p };
        }
        for k in 0..2 {
            let s = x[k] as i16;
            swant[i * 2 + k] = if s > 0 { s } else { s.wrapping_neg() };
            let d = x[2 + k] as f64;
            dwant[i * 2 + k] = if d < y[2 + k] as f64 { d * 0.5 } else { d + 1.0 };
        }
    }
    for v in variants("vec_select") {
        let mut out = vec![0i32; n * 16];
        let mut fout = vec![f32::NAN; n * 4];
        let mut sout = vec![0i16; n * 2];
        let mut dout = vec![f64::NAN; n * 2];
        let args = &mut [
            Arg::read_only(&a),
            Arg::read_only(&b),
            Arg::buffer(&mut out),
            Arg::read_only(&f),
            Arg::buffer(&mut fout),
            Arg::buffer(&mut sout),
            Arg::buffer(&mut dout),
        ];
        v.run("vec_select", NdRange::d1(n as u64).local(&[16]), args);
        check_eq(&v.label, "int4 (mask, select, ?:, any/all)", &out, &want);
        check_f32_exact(&v.label, "float4 select", &fout, &fwant);
        check_eq(&v.label, "short2 ?:", &sout, &swant);
        check_f64_exact(&v.label, "double2 ?:", &dout, &dwant);
    }
}

// ---------------------------------------------------------------------------------------
// Conversions, half, double, math.
// ---------------------------------------------------------------------------------------

/// Round `f` (the f32 nearest to `exact`) one step in the given direction when needed.
fn directed(f: f32, exact: f64, up: bool) -> f32 {
    if up && (f as f64) < exact {
        f.next_up()
    } else if !up && (f as f64) > exact {
        f.next_down()
    } else {
        f
    }
}

fn f32_rtz(exact: f64) -> f32 {
    directed(exact as f32, exact, exact < 0.0)
}

#[test]
fn conversions() {
    let mut rng = Rng::new(30);
    let special_f = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        -2.5,
        254.5,
        255.5,
        256.0,
        -1.0,
        3e9,
        -3e9,
        1e-40,
        2147483520.0,
        -2147483648.0,
        4294967040.0,
        5e9,
        127.5,
        0.49999997,
    ];
    let n = 200usize;
    let f: Vec<f32> = (0..n).map(|i| if i < special_f.len() { special_f[i] } else { rng.f32(-300.0, 300.0) }).collect();
    let special_i = [0, 1, -1, i32::MIN, i32::MAX, 16_777_217, -16_777_217, 33_554_435, 255, 256, -256, 2_147_483_583];
    let k: Vec<i32> = (0..n).map(|i| if i < special_i.len() { special_i[i] } else { rng.i32() }).collect();
    let special_d =
        [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 2147483648.0, -2147483648.5, -0.5, 1.0000001, 3.4e38, 1e300];
    let d: Vec<f64> = (0..n).map(|i| if i < special_d.len() { special_d[i] } else { rng.f64(-1e10, 1e10) }).collect();
    for v in variants("conversions") {
        let mut iout = vec![0i32; n * 6];
        let mut fout = vec![0.0f32; n * 7];
        let mut bout = vec![0u8; n * 3];
        let mut dout = vec![0.0f64; n * 3];
        let args = &mut [
            Arg::read_only(&f),
            Arg::read_only(&k),
            Arg::read_only(&d),
            Arg::buffer(&mut iout),
            Arg::buffer(&mut fout),
            Arg::buffer(&mut bout),
            Arg::buffer(&mut dout),
        ];
        v.run("conversions", NdRange::d1(n as u64).local(&[8]), args);
        let mut iw = Vec::new();
        let mut fw = Vec::new();
        let mut bw = Vec::new();
        let mut dw = Vec::new();
        for i in 0..n {
            let (x, q, z) = (f[i], k[i], d[i]);
            // not clamp(): fmin(fmax(NaN, lo), hi) is lo, clamp(NaN) is NaN
            #[allow(clippy::manual_clamp)]
            let clamped = x.max(-1e9).min(1e9);
            iw.extend_from_slice(&[
                x as i32,
                clamped as i32,
                x.to_bits() as i32,
                z.floor() as i32,
                clamped.round_ties_even() as i32,
                x as u32 as i32,
            ]);
            let e = q as f64;
            fw.extend_from_slice(&[
                f32_rtz(e),
                directed(q as f32, e, false),
                directed(q as f32, e, true),
                q as f32,
                q as u32 as f32,
                f32::from_bits(q as u32),
                z as f32,
            ]);
            bw.extend_from_slice(&[x.round_ties_even() as u8, q.clamp(0, 255) as u8, q as u8]);
            dw.extend_from_slice(&[x as f64, q as f64, ((q as u32 as u64) << 20) as f64]);
        }
        let names = [
            "convert_int_sat",
            "(int) cast",
            "as_int",
            "convert_int_sat_rtn(double)",
            "convert_int_rte",
            "convert_uint_sat",
        ];
        for (j, name) in names.iter().enumerate() {
            let g: Vec<i32> = (0..n).map(|i| iout[i * 6 + j]).collect();
            let w: Vec<i32> = (0..n).map(|i| iw[i * 6 + j]).collect();
            check_eq(&v.label, name, &g, &w);
        }
        let names = [
            "convert_float_rtz",
            "convert_float_rtn",
            "convert_float_rtp",
            "(float) int",
            "(float) uint",
            "as_float",
            "(float) double",
        ];
        for (j, name) in names.iter().enumerate() {
            let g: Vec<f32> = (0..n).map(|i| fout[i * 7 + j]).collect();
            let w: Vec<f32> = (0..n).map(|i| fw[i * 7 + j]).collect();
            check_f32_exact(&v.label, name, &g, &w);
        }
        let names = ["convert_uchar_sat_rte", "convert_uchar_sat", "convert_uchar"];
        for (j, name) in names.iter().enumerate() {
            let g: Vec<u8> = (0..n).map(|i| bout[i * 3 + j]).collect();
            let w: Vec<u8> = (0..n).map(|i| bw[i * 3 + j]).collect();
            check_eq(&v.label, name, &g, &w);
        }
        check_f64_exact(&v.label, "double conversions", &dout, &dw);
    }
}

/// Half bits of `x` rounded in `mode` (0 rte, 1 rtz, 2 rtp, 3 rtn).
fn f32_to_f16(x: f32, mode: u32) -> u16 {
    let sign: u16 = if x.is_sign_negative() { 0x8000 } else { 0 };
    if x.is_nan() {
        return sign | 0x7e00;
    }
    if x.is_infinite() {
        return sign | 0x7c00;
    }
    let a = x.abs() as f64;
    let exp = if a == 0.0 { -30 } else { ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023 };
    let ulp_exp = exp.clamp(-14, 15) - 10;
    let q = a / 2f64.powi(ulp_exp);
    let neg = sign != 0;
    let q = match mode {
        0 => q.round_ties_even(),
        1 => q.trunc(),
        2 => {
            if neg {
                q.trunc()
            } else {
                q.ceil()
            }
        }
        _ => {
            if neg {
                q.ceil()
            } else {
                q.trunc()
            }
        }
    };
    let m = q * 2f64.powi(ulp_exp);
    if m > 65504.0 {
        let to_inf = match mode {
            0 => true,
            1 => false,
            2 => !neg,
            _ => neg,
        };
        return sign | if to_inf { 0x7c00 } else { 0x7bff };
    }
    if m < 2f64.powi(-14) {
        return sign | (m / 2f64.powi(-24)) as u16;
    }
    let e = ((m.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let mant = (m / 2f64.powi(e) - 1.0) * 1024.0;
    sign | (((e + 15) as u16) << 10) | mant as u16
}

fn f16_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0f32 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f32;
    match e {
        0 => sign * m * 2f32.powi(-24),
        31 if m == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        _ => sign * (1.0 + m / 1024.0) * 2f32.powi(e - 15),
    }
}

fn same_f16(g: u16, w: u16) -> bool {
    let nan = |h: u16| h & 0x7c00 == 0x7c00 && h & 0x3ff != 0;
    (nan(g) && nan(w)) || g == w
}

#[test]
fn half_storage() {
    let mut rng = Rng::new(31);
    let n = 256usize;
    let mut h: Vec<u16> = vec![0, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0x7bff, 0x7c00, 0xfc00, 0x7e00, 0xc000];
    while h.len() < n {
        h.push(rng.u32() as u16);
    }
    let specials = [
        0.0f32,
        -0.0,
        1.0,
        65504.0,
        65519.0,
        65520.0,
        1e6,
        -1e6,
        6.1e-5,
        5.96e-8,
        2.9e-8,
        3.0e-8,
        1e-10,
        -1e-10,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1.0 + 2f32.powi(-10),
        1.0 + 2f32.powi(-11),
        1.0 + 3.0 * 2f32.powi(-12),
        -(2.0 + 2f32.powi(-11)),
    ];
    let f: Vec<f32> = (0..n)
        .map(|i| {
            if i < specials.len() {
                specials[i]
            } else {
                let mag = 2f32.powi(rng.range(-26, 17));
                rng.f32(-1.0, 1.0) * mag
            }
        })
        .collect();
    let want_loaded: Vec<f32> = h.iter().map(|x| f16_to_f32(*x)).collect();
    let want_stored: Vec<u16> = f.iter().flat_map(|x| [0, 1, 2, 3].map(|m| f32_to_f16(*x, m))).collect();
    let pairs = n / 2;
    let want_vec: Vec<u16> = (0..pairs)
        .flat_map(|i| {
            let (px, py) = (f16_to_f32(h[2 * i]), f16_to_f32(h[2 * i + 1]));
            [py, px, px * 2.0, py + 1.0].map(|x| f32_to_f16(x, 0))
        })
        .collect();
    for v in variants("half_storage") {
        let mut loaded = vec![0.0f32; n];
        let mut stored = vec![0u16; n * 4];
        let args = &mut [Arg::read_only(&h), Arg::read_only(&f), Arg::buffer(&mut loaded), Arg::buffer(&mut stored)];
        v.run("half_storage", NdRange::d1(n as u64).local(&[32]), args);
        check_f32_exact(&v.label, "vload_half", &loaded, &want_loaded);
        for (m, name) in
            ["vstore_half (rte)", "vstore_half_rtz", "vstore_half_rtp", "vstore_half_rtn"].iter().enumerate()
        {
            let g: Vec<u16> = (0..n).map(|i| stored[i * 4 + m]).collect();
            let w: Vec<u16> = (0..n).map(|i| want_stored[i * 4 + m]).collect();
            check_by(&v.label, name, &g, &w, |_, a, b| same_f16(a, b));
        }
        let mut out = vec![0u16; pairs * 4];
        v.run("half_vectors", NdRange::d1(pairs as u64), &mut [Arg::read_only(&h), Arg::buffer(&mut out)]);
        check_by(&v.label, "vload_half2 / vstore_half4", &out, &want_vec, |_, a, b| same_f16(a, b));
    }
}

#[test]
fn double_arith() {
    let mut rng = Rng::new(32);
    let n = 200usize;
    let a: Vec<f64> = (0..n).map(|i| if i < 3 { [0.0, -0.0, 1.0][i] } else { rng.f64(-1e6, 1e6) }).collect();
    let b: Vec<f64> = (0..n).map(|i| if i < 3 { [0.0, 5.0, 0.0][i] } else { rng.f64(-1e3, 1e3) }).collect();
    let mut want = Vec::new();
    let mut want_flags = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], b[i]);
        let mut acc = 0.0f64;
        for k in 1..=16 {
            acc += x / k as f64;
        }
        want.extend_from_slice(&[
            x + y,
            x - y,
            x * y,
            x / y,
            x.abs().sqrt(),
            x.mul_add(y, -x),
            x.min(y) + x.max(y) * 0.5,
            x.floor() - y.ceil(),
            acc,
            -x,
        ]);
        want_flags.push((x < y) as i64 | ((x == y) as i64) << 1 | (((x / y).is_nan()) as i64) << 2);
    }
    for v in variants("double_arith") {
        let mut out = vec![0.0f64; n * 10];
        let mut flags = vec![0i64; n];
        let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut out), Arg::buffer(&mut flags)];
        v.run("double_arith", NdRange::d1(n as u64).local(&[20]), args);
        check_f64_exact(&v.label, "double results (10 per item)", &out, &want);
        check_eq(&v.label, "flags", &flags, &want_flags);
    }
}

#[test]
fn math_builtins() {
    let mut rng = Rng::new(33);
    let n = 256usize;
    let a: Vec<f32> = (0..n).map(|i| if i < 4 { [0.0, -0.0, 1.0, -1.0][i] } else { rng.f32(-10.0, 10.0) }).collect();
    let rounding = [0.5f32, 1.5, 2.5, -0.5, -1.5, -2.5, 3.49999, -7.5, 8388609.0, 0.0];
    let b: Vec<f32> = (0..n).map(|i| if i < rounding.len() { rounding[i] } else { rng.f32(-10.0, 10.0) }).collect();
    let c = rng.vec_f32(n, -10.0, 10.0);
    let mut want = Vec::new();
    for i in 0..n {
        let (x, y, z) = (a[i], b[i], c[i]);
        want.extend_from_slice(&[
            x.abs(),
            x.min(y),
            x.max(y),
            x.abs().sqrt(),
            x.floor(),
            x.ceil(),
            x.mul_add(y, z),
            x * y + z,
            x.clamp(-1.0, 1.0),
            y.trunc(),
            y.round_ties_even(),
            y.round(),
            z.copysign(x),
        ]);
    }
    for v in variants("math_builtins") {
        let mut out = vec![f32::NAN; n * 13];
        let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::read_only(&c), Arg::buffer(&mut out)];
        v.run("math_builtins", NdRange::d1(n as u64).local(&[64]), args);
        let names = [
            "fabs", "fmin", "fmax", "sqrt", "floor", "ceil", "fma", "mad", "clamp", "trunc", "rint", "round",
            "copysign",
        ];
        for (k, name) in names.iter().enumerate() {
            let g: Vec<f32> = (0..n).map(|i| out[i * 13 + k]).collect();
            let w: Vec<f32> = (0..n).map(|i| want[i * 13 + k]).collect();
            match *name {
                // OpenCL allows 3 ulp for single-precision sqrt.
                "sqrt" => check_f32_tol(&v.label, name, &g, &w, |i| 3.0 * ulp32(w[i])),
                // mad may be fused or not; either is exact to one rounding of each.
                "mad" => {
                    check_by(&v.label, name, &g, &w, |i, g, w| same_f32(g, w) || same_f32(g, a[i].mul_add(b[i], c[i])))
                }
                _ => check_f32_exact(&v.label, name, &g, &w),
            }
        }
    }
}

#[test]
fn math_transcendental() {
    let mut rng = Rng::new(34);
    let n = 256usize;
    let a = rng.vec_f32(n, -10.0, 10.0);
    let b = rng.vec_f32(n, -5.0, 5.0);
    for v in variants("math_transcendental") {
        let mut out = vec![f32::NAN; n * 8];
        v.run(
            "math_transcendental",
            NdRange::d1(n as u64).local(&[16]),
            &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut out)],
        );
        // (name, reference in f64, allowed ulps from the OpenCL 1.2 full profile)
        type Reference = fn(f64, f64) -> f64;
        let cases: [(&str, Reference, f32); 7] = [
            ("sin", |x, _| x.sin(), 4.0),
            ("cos", |x, _| x.cos(), 4.0),
            ("exp", |_, y| y.exp(), 3.0),
            ("log", |x, _| (x.abs() + 1.0).ln(), 3.0),
            ("pow", |x, y| (x.abs() + 0.5).powf(y), 16.0),
            ("tanh", |x, _| x.tanh(), 5.0),
            ("atan2", |x, y| x.atan2(y), 6.0),
        ];
        for (k, (name, f, ulps)) in cases.iter().enumerate() {
            let g: Vec<f32> = (0..n).map(|i| out[i * 8 + k]).collect();
            let w: Vec<f32> = (0..n).map(|i| f(a[i] as f64, b[i] as f64) as f32).collect();
            // inputs to log and pow are rounded to f32 in the kernel first
            let w: Vec<f32> = match *name {
                "log" => (0..n).map(|i| ((a[i].abs() + 1.0) as f64).ln() as f32).collect(),
                "pow" => (0..n).map(|i| ((a[i].abs() + 0.5) as f64).powf(b[i] as f64) as f32).collect(),
                _ => w,
            };
            check_f32_tol(&v.label, name, &g, &w, |i| ulps * ulp32(w[i]) + f32::MIN_POSITIVE);
        }
        let g: Vec<f32> = (0..n).map(|i| out[i * 8 + 7]).collect();
        let e2: Vec<f32> = b.iter().map(|y| (*y as f64).exp2() as f32).collect();
        let l2: Vec<f32> = b.iter().map(|y| ((y.abs() + 2.0) as f64).log2() as f32).collect();
        let w: Vec<f32> = (0..n).map(|i| e2[i] + l2[i]).collect();
        check_f32_tol(&v.label, "exp2 + log2", &g, &w, |i| 3.0 * ulp32(e2[i]) + 3.0 * ulp32(l2[i]) + ulp32(w[i]));
    }
}

// ---------------------------------------------------------------------------------------
// Control flow and calls.
// ---------------------------------------------------------------------------------------

fn cf_loops_ref(v: i32) -> [i32; 2] {
    let n = (v & 15) + 1;
    let mut acc = 0i32;
    for i in 0..n {
        if i % 3 == 1 {
            continue;
        }
        for j in 0..=i {
            if j * i > (v & 63) {
                break;
            }
            acc += i * 7 + j;
        }
        if acc > 1000 {
            break;
        }
    }
    let mut steps = 0;
    let mut c = (v as u32) | 1;
    loop {
        c = if c & 1 != 0 { c.wrapping_mul(3).wrapping_add(1) } else { c >> 1 };
        steps += 1;
        if c == 1 || steps >= 200 {
            break;
        }
    }
    [acc, steps]
}

#[test]
fn cf_loops() {
    let mut rng = Rng::new(35);
    let n = 300usize;
    let input: Vec<i32> = (0..n).map(|i| if i < 70 { i as i32 } else { rng.i32() }).collect();
    let want: Vec<i32> = input.iter().flat_map(|v| cf_loops_ref(*v)).collect();
    for v in variants("cf_loops") {
        let mut out = vec![0i32; n * 2];
        v.run("cf_loops", NdRange::d1(n as u64).local(&[32]), &mut [Arg::read_only(&input), Arg::buffer(&mut out)]);
        check_eq(&v.label, "(acc, steps)", &out, &want);
    }
}

fn cf_switch_ref(v: i32) -> [i32; 2] {
    let r = match v & 7 {
        0 => 11,
        1 => 10,
        2 | 3 => 1100,
        6 => -15,
        7 => 0,
        _ => 1000,
    };
    let mut k = 0i32;
    for i in 0..10 {
        match (v >> i) & 3 {
            0 => {
                k += 1;
                continue;
            }
            1 => k += 2,
            2 => {
                k *= 2;
                k ^= i;
            }
            _ => k ^= i,
        }
        if k > 40 {
            break;
        }
    }
    [r, k]
}

#[test]
fn cf_switch() {
    let mut rng = Rng::new(36);
    let n = 256usize;
    let input: Vec<i32> = (0..n).map(|i| if i < 16 { i as i32 - 8 } else { rng.i32() }).collect();
    let want: Vec<i32> = input.iter().flat_map(|v| cf_switch_ref(*v)).collect();
    for v in variants("cf_switch") {
        let mut out = vec![0i32; n * 2];
        let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::value(0i32)];
        v.run("cf_switch", NdRange::d1(n as u64).local(&[16]), args);
        check_eq(&v.label, "(r, k)", &out, &want);
    }
}

#[test]
fn cf_early_return() {
    let mut rng = Rng::new(37);
    let n = 400usize;
    let input: Vec<i32> = (0..n)
        .map(|i| match i {
            0..=99 => i as i32,
            100 => i32::MIN,
            101 => 0,
            102 => 1005,
            103 => 1 << 20,
            _ if i % 3 == 0 => rng.range(-100, 100_000) << rng.range(0, 8),
            _ => rng.range(-1000, 100_000),
        })
        .collect();
    const SENTINEL: i32 = 0x7777;
    for v in variants("cf_early_return") {
        let mut out = vec![SENTINEL; n];
        let mut aux = vec![SENTINEL; n];
        v.run(
            "cf_early_return",
            NdRange::d1(n as u64).local(&[16]),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut aux)],
        );
        let mut want = vec![SENTINEL; n];
        let mut want_aux = vec![-1; n];
        for (i, &x) in input.iter().enumerate() {
            if x < 0 {
                want[i] = x.wrapping_neg();
                continue;
            }
            if (x & 1) != 0 && (x % 3 == 0 || x % 5 == 0) {
                want[i] = 1;
                if x <= 1000 {
                    want_aux[i] = 2;
                }
                continue;
            }
            let t = if x == 0 { 32 } else { x.trailing_zeros() as i32 };
            if t >= 32 || (x > 50_000 && t > 2) {
                continue;
            }
            want[i] = t * 100 + (x % 7 == 0 || (x & 6) == 6) as i32;
            want_aux[i] = x >> t;
        }
        check_eq(&v.label, "out", &out, &want);
        check_eq(&v.label, "aux", &aux, &want_aux);
    }
}

#[test]
fn func_call() {
    let mut rng = Rng::new(38);
    let n = 120usize;
    let input = rng.vec_i32(n * 4, -1000, 1000);
    for v in variants("func_call") {
        let mut out = vec![0i32; n * 3];
        let mut fout = vec![f32::NAN; n];
        v.run(
            "func_call",
            NdRange::d1(n as u64).local(&[8]),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut fout)],
        );
        let mut want = Vec::new();
        let mut fwant = Vec::new();
        for g in 0..n {
            let s = &input[g * 4..g * 4 + 4];
            let (lo, hi) = (*s.iter().min().unwrap(), *s.iter().max().unwrap());
            let x = s[0] & 255;
            want.extend_from_slice(&[lo, hi, x * x * 3 - 7]);
            let w = (g & 7) as i32;
            fwant.push(lo as f32 + (hi as f32 - lo as f32) * ((w * w) as f32 / 64.0));
        }
        check_eq(&v.label, "(min, max, poly)", &out, &want);
        check_f32_rel(&v.label, "blend", &fout, &fwant, 1e-6, 1e-4);
    }
}

#[test]
fn two_kernels() {
    let mut rng = Rng::new(39);
    let n = 100usize;
    let a = rng.vec_i32(n, -100_000, 100_000);
    for v in variants("two_kernels") {
        let mut names = v.program.kernel_names();
        names.sort();
        assert_eq!(names, vec!["offset_add".to_string(), "scale".to_string()], "{}: kernel_names", v.label);
        assert_eq!(v.program.kernels().len(), 2, "{}: kernels()", v.label);
        let mut data = a.clone();
        v.run("scale", NdRange::d1(n as u64), &mut [Arg::buffer(&mut data), Arg::value(-3i32)]);
        let want: Vec<i32> = a.iter().map(|x| x * -3 - 1).collect();
        check_eq(&v.label, "scale", &data, &want);
        let mut b = vec![0i32; n];
        v.run(
            "offset_add",
            NdRange::d1(n as u64).local(&[10]),
            &mut [Arg::read_only(&a), Arg::buffer(&mut b), Arg::value(17i32)],
        );
        let want: Vec<i32> = (0..n).map(|i| a[i] * 2 - 1 + 17 + i as i32).collect();
        check_eq(&v.label, "offset_add", &b, &want);
    }
}

// ---------------------------------------------------------------------------------------
// Work-item queries.
// ---------------------------------------------------------------------------------------

/// Everything OpenCL says a work-item sees, computed from the NDRange.
struct ItemInfo {
    global_id: [u64; 3],
    local_id: [u64; 3],
    group_id: [u64; 3],
    local_size: [u64; 3],
    num_groups: [u64; 3],
    /// Linear index of the item in the range without offset.
    linear: u64,
    local_linear: u64,
}

/// The work-items of `global`/`local`/`offset` (unused dimensions are 1/1/0).
fn items(global: [u64; 3], local: [u64; 3], offset: [u64; 3]) -> Vec<ItemInfo> {
    let mut out = Vec::new();
    for z in 0..global[2] {
        for y in 0..global[1] {
            for x in 0..global[0] {
                let g = [x, y, z];
                let group_id = [0, 1, 2].map(|d| g[d] / local[d]);
                let local_size = [0, 1, 2].map(|d| local[d].min(global[d] - group_id[d] * local[d]));
                let local_id = [0, 1, 2].map(|d| g[d] % local[d]);
                out.push(ItemInfo {
                    global_id: [0, 1, 2].map(|d| g[d] + offset[d]),
                    local_id,
                    group_id,
                    local_size,
                    num_groups: [0, 1, 2].map(|d| global[d].div_ceil(local[d])),
                    linear: (z * global[1] + y) * global[0] + x,
                    local_linear: (local_id[2] * local_size[1] + local_id[1]) * local_size[0] + local_id[0],
                });
            }
        }
    }
    out
}

/// The launch shapes workitem kernels run with: 1-D, 2-D and 3-D, with offsets and
/// non-uniform last groups.
/// (work_dim, global size, local size, global offset) of one launch.
type Launch = (u32, [u64; 3], [u64; 3], [u64; 3]);

fn workitem_ranges() -> Vec<Launch> {
    vec![
        (1, [37, 1, 1], [8, 1, 1], [4, 0, 0]),
        (1, [64, 1, 1], [16, 1, 1], [0, 0, 0]),
        (2, [10, 7, 1], [4, 2, 1], [0, 5, 0]),
        (3, [5, 4, 3], [2, 3, 2], [1, 2, 3]),
        (3, [4, 4, 4], [2, 2, 2], [0, 0, 0]),
    ]
}

fn nd(dims: u32, global: [u64; 3], local: [u64; 3], offset: [u64; 3]) -> NdRange {
    let d = dims as usize;
    let base = match dims {
        1 => NdRange::d1(global[0]),
        2 => NdRange::d2(global[0], global[1]),
        _ => NdRange::d3(global[0], global[1], global[2]),
    };
    base.local(&local[..d]).offset(&offset[..d])
}

#[test]
fn workitem() {
    for v in variants("workitem") {
        for (dims, global, local, offset) in workitem_ranges() {
            let all = items(global, local, offset);
            let ctx = format!("{} global {global:?} local {local:?} offset {offset:?}", v.label);
            let mut out = vec![u32::MAX; all.len() * 24];
            v.run("workitem", nd(dims, global, local, offset), &mut [Arg::buffer(&mut out)]);
            let mut want = vec![0u32; all.len() * 24];
            for it in &all {
                let o = &mut want[it.linear as usize * 24..it.linear as usize * 24 + 24];
                for d in 0..3 {
                    o[d] = it.global_id[d] as u32;
                    o[3 + d] = it.local_id[d] as u32;
                    o[6 + d] = it.group_id[d] as u32;
                    o[9 + d] = global[d] as u32;
                    o[12 + d] = it.local_size[d] as u32;
                    o[15 + d] = it.num_groups[d] as u32;
                    o[18 + d] = offset[d] as u32;
                }
                o[21] = dims;
                o[22] = it.linear as u32;
                o[23] = it.local_linear as u32;
            }
            let names =
                ["global_id", "local_id", "group_id", "global_size", "local_size", "num_groups", "global_offset"];
            for (q, name) in names.iter().enumerate() {
                for d in 0..3 {
                    let g: Vec<u32> = (0..all.len()).map(|i| out[i * 24 + 3 * q + d]).collect();
                    let w: Vec<u32> = (0..all.len()).map(|i| want[i * 24 + 3 * q + d]).collect();
                    check_eq(&ctx, &format!("get_{name}({d})"), &g, &w);
                }
            }
            check_eq(&ctx, "all fields (21 work_dim, 22 linear, 23 local linear)", &out, &want);

            let mut out = vec![u32::MAX; all.len() * 8];
            v.run("workitem_const", nd(dims, global, local, offset), &mut [Arg::buffer(&mut out)]);
            let mut want = vec![0u32; all.len() * 8];
            let combine = |a: [u64; 3]| (a[0] + 100 * a[1] + 10000 * a[2]) as u32;
            for it in &all {
                let o = &mut want[it.linear as usize * 8..it.linear as usize * 8 + 8];
                o[0] = it.global_id[0] as u32;
                o[1] = it.global_id[1] as u32;
                o[2] = it.global_id[2] as u32;
                o[3] = combine(it.local_id);
                o[4] = combine(it.group_id);
                o[5] = combine(global);
                o[6] = combine(offset);
                o[7] = dims;
            }
            check_eq(&ctx, "workitem_const (constant dimensions)", &out, &want);
        }
    }
}

#[test]
fn workitem_cl20() {
    for v in variants("workitem_cl20") {
        for (dims, global, local, offset) in workitem_ranges() {
            let all = items(global, local, offset);
            let ctx = format!("{} global {global:?} local {local:?} offset {offset:?}", v.label);
            let mut out = vec![u32::MAX; all.len() * 8];
            v.run("workitem_cl20", nd(dims, global, local, offset), &mut [Arg::buffer(&mut out)]);
            let mut want = vec![0u32; all.len() * 8];
            for it in &all {
                let o = &mut want[it.linear as usize * 8..it.linear as usize * 8 + 8];
                for d in 0..3 {
                    o[d] = local[d] as u32;
                    o[3 + d] = it.local_size[d] as u32;
                }
                o[6] = it.linear as u32;
                o[7] = it.local_linear as u32;
            }
            check_eq(&ctx, "(enqueued local size, local size, global linear id, local linear id)", &out, &want);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Constant data, barriers, work-group sizes.
// ---------------------------------------------------------------------------------------

#[test]
fn constant_table() {
    let mut rng = Rng::new(40);
    let n = 300usize;
    let input = rng.vec_u32(n);
    let coeff = [3i32, -5, 7];
    let primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53];
    let entries: [(i16, i8, i32); 4] = [(1, -2, 300000), (-4, 5, -6), (7, 8, 9), (-32768, -128, 2147483647)];
    let message = b"spirjit";
    let weights = [0.0625f32, 0.25, 0.375, 0.25, 0.0625];
    let mut want = Vec::new();
    let mut fwant = Vec::new();
    for &x in &input {
        let e = entries[(x % 4) as usize];
        want.extend_from_slice(&[
            primes[(x % 16) as usize] * coeff[(x % 3) as usize],
            (e.0 as i32 + e.1 as i32).wrapping_add(e.2),
            message[(x % 7) as usize] as i32,
            entries[((x >> 4) % 4) as usize].2,
        ]);
        let mut acc = 0.0f32;
        for (k, w) in weights.iter().enumerate() {
            acc += w * ((x >> k) & 15) as f32;
        }
        fwant.push(acc);
    }
    for v in variants("constant_table") {
        let mut out = vec![0i32; n * 4];
        let mut fout = vec![f32::NAN; n];
        let args = &mut [Arg::read_only(&input), Arg::read_only(&coeff), Arg::buffer(&mut out), Arg::buffer(&mut fout)];
        v.run("constant_table", NdRange::d1(n as u64).local(&[30]), args);
        check_eq(&v.label, "table lookups", &out, &want);
        check_f32_exact(&v.label, "weighted sum", &fout, &fwant);
    }
}

#[test]
fn barrier_cond() {
    let mut rng = Rng::new(41);
    let (groups, local) = (5usize, 16usize);
    let input = rng.vec_i32(groups * local, -1000, 1000);
    for v in variants("barrier_cond") {
        for (mode, rounds) in [(3i32, 5i32), (0, 2), (1, 0)] {
            let mut out = vec![0i32; groups * local];
            let args = &mut [
                Arg::read_only(&input),
                Arg::buffer(&mut out),
                Arg::value(mode),
                Arg::value(rounds),
                Arg::local(local * 4),
            ];
            v.run("barrier_cond", NdRange::d1((groups * local) as u64).local(&[local as u64]), args);
            let mut want = Vec::new();
            for g in 0..groups {
                let mut tile = input[g * local..(g + 1) * local].to_vec();
                if mode > 0 && g % 2 == 0 {
                    for _ in 0..rounds {
                        tile = (0..local).map(|l| tile[(l + mode as usize) % local] + 1).collect();
                    }
                } else {
                    tile = (0..local).map(|l| tile[local - 1 - l] * 2).collect();
                }
                want.extend(tile);
            }
            check_eq(&format!("{} mode {mode} rounds {rounds}", v.label), "out", &out, &want);
        }
    }
}

#[test]
fn many_barriers() {
    let mut rng = Rng::new(42);
    let groups = 4usize;
    let input = rng.vec_i32(groups * 16, -1000, 1000);
    let mut want = Vec::new();
    for g in 0..groups {
        let x = &input[g * 16..(g + 1) * 16];
        let keep: Vec<i32> = x.iter().map(|v| v * 3).collect();
        let fkeep: Vec<i32> = x.iter().map(|v| (*v as f32 * 0.5) as i32).collect();
        let a = x.to_vec();
        let b: Vec<i32> = (0..16).map(|l| a[(l + 1) & 15] + keep[l]).collect();
        let a: Vec<i32> = (0..16).map(|l| b[(l + 2) & 15] - a[l]).collect();
        let b: Vec<i32> = (0..16).map(|l| a[15 - l] ^ l as i32).collect();
        let a: Vec<i32> = (0..16).map(|l| b[(l * 5) & 15] + fkeep[l]).collect();
        let b: Vec<i32> = (0..16).map(|l| a[(l + 8) & 15] * 2).collect();
        let a: Vec<i32> = (0..16).map(|l| b[l] + b[(l + 15) & 15]).collect();
        let b: Vec<i32> = (0..16).map(|l| a[(l + 3) & 15]).collect();
        want.extend((0..16).map(|l| b[l] + keep[l]));
    }
    for v in variants("many_barriers") {
        let mut out = vec![0i32; groups * 16];
        v.run(
            "many_barriers",
            NdRange::d1((groups * 16) as u64).local(&[16]),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out)],
        );
        check_eq(&v.label, "out", &out, &want);
    }
}

#[test]
fn reqd_wgs() {
    let mut rng = Rng::new(43);
    let (w, h) = (16usize, 4usize);
    let input = rng.vec_i32(w * h, -1000, 1000);
    let mut want = vec![0i32; w * h];
    for y in 0..h {
        for x in 0..w {
            let base = x / 8 * 8;
            let s: i32 = input[y * w + base..y * w + base + 8].iter().sum();
            want[y * w + x] = s * 10 + (x % 8) as i32;
        }
    }
    for v in variants("reqd_wgs") {
        assert_eq!(v.kernel("reqd_wgs").reqd_work_group_size(), Some([8, 2, 1]), "{}: reqd_work_group_size", v.label);
        let mut out = vec![0i32; w * h];
        v.run(
            "reqd_wgs",
            NdRange::d2(w as u64, h as u64).local(&[8, 2]),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out)],
        );
        check_eq(&v.label, "row sums", &out, &want);
        // without a local size the required one is used
        let mut out = vec![0i32; w * h];
        let kernel = v.kernel("reqd_wgs");
        let mut input_copy = input.clone();
        match kernel.run(&NdRange::d2(w as u64, h as u64), &mut [Arg::buffer(&mut input_copy), Arg::buffer(&mut out)]) {
            Ok(info) => assert_eq!(info.local_size, [8, 2, 1], "{}: local size chosen without one given", v.label),
            Err(e) => panic!("{}: running without a local size failed: {e}", v.label),
        }
        check_eq(&v.label, "row sums (local size from reqd_work_group_size)", &out, &want);
    }
}

// ---------------------------------------------------------------------------------------
// Classic GPU kernels.
// ---------------------------------------------------------------------------------------

#[test]
fn stencil2d() {
    let mut rng = Rng::new(44);
    let (w, h) = (37usize, 23usize);
    let input = rng.vec_f32(w * h, -10.0, 10.0);
    let at = |x: usize, y: usize| input[y * w + x];
    let mut want = vec![0.0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            let (xl, xr) = (x.saturating_sub(1), (x + 1).min(w - 1));
            let (yu, yd) = (y.saturating_sub(1), (y + 1).min(h - 1));
            want[y * w + x] = 0.5 * at(x, y) + 0.125 * (at(xl, y) + at(xr, y) + at(x, yu) + at(x, yd));
        }
    }
    for v in variants("stencil2d") {
        for range in [NdRange::d2(40, 24).local(&[8, 8]), NdRange::d2(w as u64, h as u64).local(&[16, 4])] {
            let mut out = vec![f32::NAN; w * h];
            let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::value(w as i32), Arg::value(h as i32)];
            v.run("stencil2d", range.clone(), args);
            check_f32_exact(&format!("{} {range:?}", v.label), "out", &out, &want);
        }
    }
}

#[test]
fn transpose_local() {
    let mut rng = Rng::new(45);
    let (w, h) = (37usize, 29usize);
    let input = rng.vec_f32(w * h, -10.0, 10.0);
    let mut want = vec![0.0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            want[x * h + y] = input[y * w + x];
        }
    }
    for v in variants("transpose_local") {
        let mut out = vec![f32::NAN; w * h];
        let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::value(w as i32), Arg::value(h as i32)];
        v.run("transpose_local", NdRange::d2(48, 32).local(&[16, 16]), args);
        check_f32_exact(&v.label, "transposed", &out, &want);
    }
}

#[test]
fn mandelbrot() {
    let (w, h, max_iter) = (64usize, 48usize, 200i32);
    let (x0, y0, dx, dy) = (-2.2f32, -1.2f32, 3.2f32 / 64.0, 2.4f32 / 48.0);
    let mut want = vec![0i32; w * h];
    for py in 0..h {
        for px in 0..w {
            let cr = x0 + px as f32 * dx;
            let ci = y0 + py as f32 * dy;
            let (mut zr, mut zi, mut n) = (0.0f32, 0.0f32, 0);
            while n < max_iter && zr * zr + zi * zi <= 4.0 {
                let t = zr * zr - zi * zi + cr;
                zi = 2.0 * zr * zi + ci;
                zr = t;
                n += 1;
            }
            want[py * w + px] = n;
        }
    }
    for v in variants("mandelbrot") {
        let mut iters = vec![-1i32; w * h];
        let args = &mut [
            Arg::buffer(&mut iters),
            Arg::value(x0),
            Arg::value(y0),
            Arg::value(dx),
            Arg::value(dy),
            Arg::value(max_iter),
        ];
        v.run("mandelbrot", NdRange::d2(w as u64, h as u64).local(&[8, 4]), args);
        check_eq(&v.label, "iteration counts", &iters, &want);
    }
}

#[test]
fn bitonic() {
    let mut rng = Rng::new(46);
    let n = 256usize;
    let input: Vec<i32> = (0..n).map(|i| if i % 7 == 0 { 42 } else { rng.i32() }).collect();
    let mut sorted = input.clone();
    sorted.sort();
    for v in variants("bitonic") {
        let mut data = input.clone();
        let mut k = 2u32;
        while k as usize <= n {
            let mut j = k / 2;
            while j > 0 {
                let args = &mut [Arg::buffer(&mut data), Arg::value(j), Arg::value(k)];
                v.run("bitonic_step", NdRange::d1(n as u64).local(&[64]), args);
                j /= 2;
            }
            k *= 2;
        }
        check_eq(&v.label, "bitonic_step sorted", &data, &sorted);

        let mut data = input.clone();
        v.run("bitonic_local", NdRange::d1(n as u64).local(&[64]), &mut [Arg::buffer(&mut data), Arg::local(64 * 4)]);
        let mut want = input.clone();
        for chunk in want.chunks_mut(64) {
            chunk.sort();
        }
        check_eq(&v.label, "bitonic_local (each 64-slice sorted)", &data, &want);
    }
}

#[test]
fn nbody() {
    let mut rng = Rng::new(47);
    let n = 50usize;
    let (dt, eps2) = (0.01f32, 0.05f32);
    let pos: Vec<f32> =
        (0..n).flat_map(|_| [rng.f32(-1.0, 1.0), rng.f32(-1.0, 1.0), rng.f32(-1.0, 1.0), rng.f32(0.5, 2.0)]).collect();
    let vel: Vec<f32> =
        (0..n).flat_map(|_| [rng.f32(-0.1, 0.1), rng.f32(-0.1, 0.1), rng.f32(-0.1, 0.1), 0.0]).collect();
    let mut want_pos = vec![0.0f32; n * 4];
    let mut want_vel = vec![0.0f32; n * 4];
    let mut tol_vel = vec![0.0f32; n * 4];
    for i in 0..n {
        let p = &pos[i * 4..i * 4 + 4];
        let (mut acc, mut mag) = ([0.0f64; 3], 0.0f64);
        for j in 0..n {
            let q = &pos[j * 4..j * 4 + 4];
            let d: Vec<f64> = (0..3).map(|k| q[k] as f64 - p[k] as f64).collect();
            let r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + eps2 as f64;
            let s = q[3] as f64 / (r2 * r2.sqrt());
            for k in 0..3 {
                acc[k] += d[k] * s;
                mag += (d[k] * s).abs();
            }
        }
        for k in 0..3 {
            let v = vel[i * 4 + k] as f64 + acc[k] * dt as f64;
            want_vel[i * 4 + k] = v as f32;
            want_pos[i * 4 + k] = (p[k] as f64 + v * dt as f64) as f32;
            tol_vel[i * 4 + k] = (mag * dt as f64 * 1e-5) as f32 + 1e-6;
        }
        want_vel[i * 4 + 3] = vel[i * 4 + 3];
        want_pos[i * 4 + 3] = p[3];
        tol_vel[i * 4 + 3] = 0.0;
    }
    for v in variants("nbody") {
        for local in [16u64, 64, 8] {
            let mut new_pos = vec![f32::NAN; n * 4];
            let mut new_vel = vec![f32::NAN; n * 4];
            let args = &mut [
                Arg::read_only(&pos),
                Arg::read_only(&vel),
                Arg::buffer(&mut new_pos),
                Arg::buffer(&mut new_vel),
                Arg::value(n as i32),
                Arg::value(dt),
                Arg::value(eps2),
                Arg::local(local as usize * 16),
            ];
            v.run("nbody", NdRange::d1((n as u64).div_ceil(local) * local).local(&[local]), args);
            let ctx = format!("{} local {local}", v.label);
            check_f32_tol(&ctx, "velocities", &new_vel, &want_vel, |i| tol_vel[i]);
            check_f32_tol(&ctx, "positions", &new_pos, &want_pos, |i| tol_vel[i] * dt + 4.0 * ulp32(want_pos[i]));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Memory access patterns and the rest.
// ---------------------------------------------------------------------------------------

#[test]
fn gather_scatter() {
    let mut rng = Rng::new(48);
    let (n, m) = (500usize, 700usize);
    let src = rng.vec_f32(m, -100.0, 100.0);
    let idx: Vec<u32> = (0..n).map(|_| rng.below(m as u32)).collect();
    let mut perm: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        perm.swap(i, rng.below(i as u32 + 1) as usize);
    }
    let want_g: Vec<f32> = idx.iter().map(|&i| src[i as usize]).collect();
    let mut want_s = vec![0.0f32; n];
    for i in 0..n {
        want_s[perm[i] as usize] = want_g[i] * 2.0 + i as f32;
    }
    for v in variants("gather_scatter") {
        let mut gathered = vec![f32::NAN; n];
        let mut scattered = vec![f32::NAN; n];
        let args = &mut [
            Arg::read_only(&src),
            Arg::read_only(&idx),
            Arg::read_only(&perm),
            Arg::buffer(&mut gathered),
            Arg::buffer(&mut scattered),
        ];
        v.run("gather_scatter", NdRange::d1(n as u64).local(&[50]), args);
        check_f32_exact(&v.label, "gathered", &gathered, &want_g);
        check_f32_exact(&v.label, "scattered", &scattered, &want_s);
    }
}

#[test]
fn float_special() {
    let specials = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        1.0,
        -1.0,
        1e-40,
        -1e-40,
        f32::MAX,
        f32::MIN_POSITIVE,
        3.5,
    ];
    let a: Vec<f32> = specials.iter().flat_map(|x| specials.iter().map(move |_| *x)).collect();
    let b: Vec<f32> = specials.iter().flat_map(|_| specials.iter().copied()).collect();
    let n = a.len();
    let mut want_flags = Vec::new();
    let mut want = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], b[i]);
        let bits = [
            x < y,
            x <= y,
            x > y,
            x >= y,
            x == y,
            x != y,
            x.is_nan(),
            x.is_infinite(),
            x.is_finite(),
            x.is_sign_negative(),
            !x.is_nan() && !y.is_nan(),
            x.is_nan() || y.is_nan(),
            x.partial_cmp(&y) != Some(std::cmp::Ordering::Less),
            x.is_normal(),
        ];
        want_flags.push(bits.iter().enumerate().fold(0i32, |m, (k, b)| m | ((*b as i32) << k)));
        want.extend_from_slice(&[x * y, x / y, x.min(y), x.max(y), x - x, x + 0.0]);
    }
    for v in variants("float_special") {
        let mut flags = vec![0i32; n];
        let mut out = vec![0.0f32; n * 6];
        let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut flags), Arg::buffer(&mut out)];
        v.run("float_special", NdRange::d1(n as u64).local(&[12]), args);
        check_by(&v.label, "flags (bit k as in float_special.cl)", &flags, &want_flags, |_, g, w| g == w);
        for (k, name) in ["x * y", "x / y", "fmin", "fmax", "x - x", "x + 0"].iter().enumerate() {
            let g: Vec<f32> = (0..n).map(|i| out[i * 6 + k]).collect();
            let w: Vec<f32> = (0..n).map(|i| want[i * 6 + k]).collect();
            // fmin/fmax of +0 and -0 may return either zero
            let zero_sign_free = k == 2 || k == 3;
            check_by(&v.label, name, &g, &w, |_, g, w| same_f32(g, w) || (zero_sign_free && g == 0.0 && w == 0.0));
        }
    }
}

#[test]
fn local_vectors() {
    let groups = 3usize;
    for v in variants("local_vectors") {
        let mut rng = Rng::new(49); // The same inputs for every variant.
        for local in [32usize, 8] {
            let n = groups * local;
            let a: Vec<i32> = (0..n * 4).map(|_| rng.i32()).collect();
            let b = rng.vec_f32(n * 2, -10.0, 10.0);
            let mut out = vec![0i32; n * 4];
            let mut fout = vec![f32::NAN; n * 2];
            let args = &mut [
                Arg::read_only(&a),
                Arg::read_only(&b),
                Arg::buffer(&mut out),
                Arg::buffer(&mut fout),
                Arg::local(local * 8),
            ];
            v.run("local_vectors", NdRange::d1(n as u64).local(&[local as u64]), args);
            let mut want = vec![0i32; n * 4];
            let mut fwant = vec![0.0f32; n * 2];
            for g in 0..groups {
                for l in 0..local {
                    let i = g * local + l;
                    let nb = g * local + (l + 1) % local;
                    for k in 0..4 {
                        want[i * 4 + k] = a[nb * 4 + 3 - k].wrapping_add(a[i * 4 + k]);
                    }
                    let r = g * local + local - 1 - l;
                    fwant[i * 2] = b[r * 2] * 2.0;
                    fwant[i * 2 + 1] = -b[r * 2 + 1];
                }
            }
            let ctx = format!("{} local {local}", v.label);
            check_eq(&ctx, "int4 through local memory", &out, &want);
            check_f32_exact(&ctx, "float2 through a local argument", &fout, &fwant);
        }
    }
}

#[test]
fn struct_copy() {
    // Rec: a [i32; 5] @0, f f32 @20, c i8 @24, 3 bytes of padding: 28 bytes.
    let mut rng = Rng::new(50);
    let n = 40usize;
    let mut input = vec![0u8; n * 28];
    for b in input.iter_mut() {
        *b = rng.u32() as u8;
    }
    for r in input.chunks_mut(28) {
        r[20..24].copy_from_slice(&rng.f32(-1.0, 1.0).to_le_bytes()); // no NaN patterns
    }
    let word = |r: &[u8], k: usize| i32::from_le_bytes(r[4 * k..4 * k + 4].try_into().unwrap());
    for v in variants("struct_copy") {
        let mut out = vec![0u8; n * 28];
        let mut sums = vec![0i32; n];
        v.run(
            "struct_copy",
            NdRange::d1(n as u64).local(&[8]),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut sums)],
        );
        let rec = |i: usize| &input[i * 28..(i + 1) * 28];
        for i in 0..n {
            let pick = if word(rec(i), 0) & 1 != 0 { 2 } else { 1 };
            let src = rec((i + pick) % n);
            let got = &out[i * 28..(i + 1) * 28];
            let ctx = format!("{} record {i}", v.label);
            check_eq(&ctx, "a[5] and f", &got[0..24], &src[0..24]);
            check_eq(&ctx, "c + 1", &[got[24]], &[src[24].wrapping_add(1)]);
            let s = (0..3)
                .flat_map(|k| (0..5).map(move |j| (k, j)))
                .fold(0i32, |s, (k, j)| s.wrapping_add(word(rec((i + k) % n), j)));
            check_eq(&ctx, "sum", &[sums[i]], &[s]);
        }
    }
}

#[test]
fn box3d() {
    let mut rng = Rng::new(51);
    let (x, y, z) = (7usize, 6usize, 5usize);
    let input = rng.vec_i32(x * y * z, -1000, 1000);
    let at = |i: usize, j: usize, k: usize| input[(k * y + j) * x + i];
    let mut want = vec![0i32; x * y * z];
    for k in 0..z {
        for j in 0..y {
            for i in 0..x {
                want[(k * y + j) * x + i] = 6 * at(i, j, k)
                    + at(i.saturating_sub(1), j, k)
                    + at((i + 1).min(x - 1), j, k)
                    + at(i, j.saturating_sub(1), k)
                    + at(i, (j + 1).min(y - 1), k)
                    + at(i, j, k.saturating_sub(1))
                    + at(i, j, (k + 1).min(z - 1));
            }
        }
    }
    for v in variants("box3d") {
        for (local, offset) in [([4u64, 3, 2], [3u64, 1, 2]), ([3, 2, 4], [0, 0, 0]), ([8, 1, 1], [100, 0, 7])] {
            let mut out = vec![i32::MIN; x * y * z];
            let args = &mut [
                Arg::read_only(&input),
                Arg::buffer(&mut out),
                Arg::value(x as i32),
                Arg::value(y as i32),
                Arg::value(z as i32),
            ];
            v.run("box3d", NdRange::d3(8, 6, 6).local(&local).offset(&offset), args);
            check_eq(&format!("{} local {local:?} offset {offset:?}", v.label), "out", &out, &want);
        }
    }
}

#[test]
fn compact() {
    let mut rng = Rng::new(52);
    let n = 1000usize;
    let input = rng.vec_i32(n, -1000, 1000);
    let threshold = 100i32;
    let want: Vec<(i32, i32)> =
        input.iter().enumerate().filter(|(_, v)| **v > threshold).map(|(i, v)| (i as i32, *v)).collect();
    for v in variants("compact") {
        let mut out = vec![-1i32; n * 2];
        let mut count = vec![0u32; 1];
        let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut count), Arg::value(threshold)];
        v.run("compact", NdRange::d1(n as u64).local(&[64]), args);
        assert_eq!(count[0] as usize, want.len(), "{}: number of selected items", v.label);
        let mut got: Vec<(i32, i32)> = (0..want.len()).map(|s| (out[2 * s], out[2 * s + 1])).collect();
        got.sort();
        check_eq(&v.label, "selected (index, value) pairs, sorted", &got, &want);
        check_eq(&v.label, "untouched tail", &out[want.len() * 2..], &vec![-1; (n - want.len()) * 2]);
    }
}

#[test]
fn spmv_csr() {
    let mut rng = Rng::new(53);
    let (rows, cols) = (100usize, 80usize);
    let mut row_ptr = vec![0i32];
    let mut col_idx = Vec::new();
    let mut vals = Vec::new();
    for r in 0..rows {
        let len = if r % 10 == 0 { 0 } else { rng.below(16) };
        for _ in 0..len {
            col_idx.push(rng.below(cols as u32) as i32);
            vals.push(rng.f32(-2.0, 2.0));
        }
        row_ptr.push(col_idx.len() as i32);
    }
    let x = rng.vec_f32(cols, -3.0, 3.0);
    let mut want = vec![0.0f32; rows];
    let mut tol = vec![0.0f32; rows];
    for r in 0..rows {
        let (mut acc, mut mag) = (0.0f64, 0.0f64);
        for k in row_ptr[r] as usize..row_ptr[r + 1] as usize {
            let p = vals[k] as f64 * x[col_idx[k] as usize] as f64;
            acc += p;
            mag += p.abs();
        }
        want[r] = acc as f32;
        tol[r] = (mag * 16.0 * f32::EPSILON as f64) as f32;
    }
    for v in variants("spmv_csr") {
        let mut y = vec![f32::NAN; rows];
        let args = &mut [
            Arg::read_only(&row_ptr),
            Arg::read_only(&col_idx),
            Arg::read_only(&vals),
            Arg::read_only(&x),
            Arg::buffer(&mut y),
            Arg::value(rows as i32),
        ];
        v.run("spmv_csr", NdRange::d1(128).local(&[32]), args);
        check_f32_tol(&v.label, "y", &y, &want, |r| tol[r]);
    }
}

#[test]
fn rgba_gray() {
    let mut rng = Rng::new(54);
    let (w, h) = (19usize, 11usize);
    let img: Vec<u8> = (0..w * h * 4).map(|_| rng.u32() as u8).collect();
    for v in variants("rgba_gray") {
        for add in [40i32, -30] {
            let mut gray = vec![0u8; w * h];
            let mut swz = vec![0u8; w * h * 4];
            let args = &mut [
                Arg::read_only(&img),
                Arg::buffer(&mut gray),
                Arg::buffer(&mut swz),
                Arg::value(w as i32),
                Arg::value(add),
            ];
            v.run("rgba_gray", NdRange::d2(w as u64, h as u64), args);
            let mut want_gray = Vec::new();
            let mut want_swz = Vec::new();
            for p in img.chunks(4) {
                let f: Vec<f32> = p.iter().map(|c| *c as f32).collect();
                want_gray.push((0.25 * f[0] + 0.5 * f[1] + 0.125 * f[2] + 0.125 * f[3]).round_ties_even() as u8);
                for (k, src) in [2usize, 1, 0, 3].iter().enumerate() {
                    let delta = if k < 3 { add } else { 0 };
                    want_swz.push((p[*src] as i32 + delta).clamp(0, 255) as u8);
                }
            }
            let ctx = format!("{} add {add}", v.label);
            check_eq(&ctx, "gray", &gray, &want_gray);
            check_eq(&ctx, "swizzled, saturated", &swz, &want_swz);
        }
    }
}

#[test]
fn loop_unroll() {
    let mut rng = Rng::new(55);
    let n = 200usize;
    let input = rng.vec_f32(n + 16, -1.0, 1.0);
    let taps = rng.vec_f32(16, -1.0, 1.0);
    for v in variants("loop_unroll") {
        for ntaps in [16usize, 11] {
            let mut out = vec![f32::NAN; n * 2];
            let mut bits = vec![0u32; n];
            let args = &mut [
                Arg::read_only(&input),
                Arg::read_only(&taps),
                Arg::buffer(&mut out),
                Arg::buffer(&mut bits),
                Arg::value(ntaps as i32),
            ];
            v.run("loop_unroll", NdRange::d1(n as u64).local(&[40]), args);
            let mut want = Vec::new();
            for i in 0..n {
                let dot = |len: usize| (0..len).map(|k| input[i + k] as f64 * taps[k] as f64).sum::<f64>() as f32;
                want.extend_from_slice(&[dot(16), dot(ntaps)]);
            }
            let ctx = format!("{} ntaps {ntaps}", v.label);
            check_f32_tol(&ctx, "filters (unrolled, runtime trip count)", &out, &want, |_| 16.0 * 4.0 * f32::EPSILON);
            let want_bits: Vec<u32> = (0..n as u32)
                .map(|i| {
                    let x = i.wrapping_mul(2_654_435_761);
                    (0..32).fold(0u32, |r, k| r | (((x >> k) & 1) << ((k * 7) & 31)))
                })
                .collect();
            check_eq(&ctx, "bit permutation", &bits, &want_bits);
        }
    }
}

#[test]
fn pointer_arith() {
    let mut rng = Rng::new(56);
    let n = 50usize;
    let input = rng.vec_i32(n, -1000, 1000);
    let mut want = Vec::new();
    for g in 0..n {
        let (mut s, mut steps, mut p) = (0i32, 0i32, g);
        while p < n {
            s += input[p];
            p += 3;
            steps += 1;
        }
        let gi = g as i32;
        let q = if g & 1 == 1 { 1 } else { 3 };
        want.extend_from_slice(&[s, steps, (p - g) as i32, gi * 10 + 100 + q]);
    }
    for v in variants("pointer_arith") {
        let mut out = vec![0i32; n * 4];
        v.run(
            "pointer_arith",
            NdRange::d1(n as u64).local(&[10]),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::value(n as i32)],
        );
        check_eq(&v.label, "(sum, steps, distance, private)", &out, &want);
    }
}

#[test]
fn value_args() {
    let items = 8usize;
    let (c, uc, s, us, i, ui, l, ul) =
        (-5i8, 200u8, -30000i16, 60000u16, -2_000_000_000i32, 4_000_000_000u32, -(1i64 << 40), u64::MAX - 3);
    let (f, d) = (1.25f32, -2.5e100f64);
    let v4 = [1.5f32, -2.0, 3.25, 8.0];
    let v2 = [7i32, -8];
    let u4 = [1u8, 2, 250, 255];
    let d2 = [0.125f64, -1e-300];
    for v in variants("value_args") {
        // a 3-component vector argument accepts 3 or 4 components' worth of bytes
        for v3 in [vec![11i32, -12, 13], vec![11i32, -12, 13, 99]] {
            let mut out = vec![0i64; items * 14];
            let mut fout = vec![f64::NAN; items * 8];
            let v3_bytes: Vec<u8> = v3.iter().flat_map(|x| x.to_le_bytes()).collect();
            let args = &mut [
                Arg::value(c),
                Arg::value(uc),
                Arg::value(s),
                Arg::value(us),
                Arg::value(i),
                Arg::value(ui),
                Arg::value(l),
                Arg::value(ul),
                Arg::value(f),
                Arg::value(d),
                Arg::value(v4),
                Arg::bytes(&v3_bytes),
                Arg::value(v2),
                Arg::value(u4),
                Arg::value(d2),
                Arg::buffer(&mut out),
                Arg::buffer(&mut fout),
            ];
            v.run("value_args", NdRange::d1(items as u64).local(&[4]), args);
            let mut want = Vec::new();
            let mut fwant = Vec::new();
            for g in 0..items as i64 {
                want.extend_from_slice(&[
                    c as i64 + g,
                    uc as i64 + g,
                    s as i64 + g,
                    us as i64 + g,
                    i as i64 + g,
                    (ui as u64 + g as u64) as u32 as i64,
                    l + g,
                    ul.wrapping_add(g as u64) as i64,
                    11 + g,
                    -12,
                    13,
                    7 * g,
                    -8,
                    0xfffa_0201,
                ]);
                fwant.extend_from_slice(&[
                    (f + g as f32) as f64,
                    d + g as f64,
                    1.5,
                    -2.0,
                    3.25,
                    (8.0 * g as f32) as f64,
                    0.125,
                    -1e-300 + g as f64,
                ]);
            }
            let ctx = format!("{} int3 given as {} bytes", v.label, v3_bytes.len());
            check_eq(&ctx, "integer and int vector arguments", &out, &want);
            check_f64_exact(&ctx, "float, double and float vector arguments", &fout, &fwant);
        }
    }
}

#[test]
fn private_large() {
    let items = 60usize;
    let base = 80i32;
    let mut want = Vec::new();
    let mut fwant = Vec::new();
    for g in 0..items as i32 {
        let limit = (base + g * 7) as usize;
        let mut sieve = vec![true; limit];
        sieve[0] = false;
        sieve[1] = false;
        for p in 2..limit {
            if p * p >= limit {
                break;
            }
            if sieve[p] {
                for q in (p * p..limit).step_by(p) {
                    sieve[q] = false;
                }
            }
        }
        let primes: Vec<usize> = (0..limit).filter(|i| sieve[*i]).collect();
        want.extend_from_slice(&[primes.len() as i32, *primes.last().unwrap_or(&0) as i32]);
        let mut bins = [0.0f32; 16];
        for p in &primes {
            bins[p % 16] += 0.5;
        }
        fwant.extend_from_slice(&bins);
    }
    for v in variants("private_large") {
        let mut out = vec![0i32; items * 2];
        let mut fout = vec![f32::NAN; items * 16];
        v.run(
            "private_large",
            NdRange::d1(items as u64).local(&[12]),
            &mut [Arg::buffer(&mut out), Arg::buffer(&mut fout), Arg::value(base)],
        );
        check_eq(&v.label, "(prime count, largest prime)", &out, &want);
        check_f32_exact(&v.label, "private histogram", &fout, &fwant);
    }
}

/// Every corpus source has its builds committed and a test here (error fixtures, named
/// `err_*`, are tested by tests/errors.rs).
#[test]
fn every_kernel_is_tested() {
    let this_file = include_str!("corpus.rs");
    let errors_file = include_str!("errors.rs");
    let mut stems = Vec::new();
    let dir = kernel_dir();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.unwrap_or_else(|e| panic!("{}: {e}", dir.display())).path();
        if path.extension().is_some_and(|e| e == "cl") {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            for build in ["O0", "O2"] {
                let spv = dir.join(format!("{stem}.{build}.spv"));
                assert!(spv.is_file(), "{} is missing: run `tests/kernels/build.sh {stem}`", spv.display());
            }
            stems.push(stem);
        }
    }
    assert!(stems.len() >= 45, "the corpus has only {} kernels", stems.len());
    let untested: Vec<&String> = stems
        .iter()
        .filter(|s| {
            if s.starts_with("err_") {
                !errors_file.contains(&format!("\"{s}.O0.spv\"")) && !errors_file.contains(&format!("\"{s}.O2.spv\""))
            } else {
                !this_file.contains(&format!("variants(\"{s}\")"))
                    && !this_file.contains(&format!("int_width_test!({s}, \"{s}\""))
            }
        })
        .collect();
    assert!(untested.is_empty(), "corpus kernels without a test: {untested:?}");
}

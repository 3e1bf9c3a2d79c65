//! The harness of the corpus tests (`tests/corpus_*.rs`): every kernel of the corpus in
//! `tests/kernels/`, in each committed build (`.O0`, `.O2`, `.spir32` where the source
//! asks for one), loaded with `Program::from_path` (scalar lanes) and with
//! `Program::with_options` at 2, 4, 8 and 16 lanes and at 4 and 16 lanes unchecked
//! (`SPIRJIT_CORPUS_LANES` chooses others), run with `Kernel::run`, and compared element
//! by element with a reference computed in Rust; every width must also give the scalar
//! path's buffers bit for bit (except kernels whose outputs depend on the order
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

pub use spirjit::{Arg, Kernel, NdRange, Options, Program};

pub fn kernel_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("kernels")
}

/// One build of a corpus module, loaded with one set of options.
pub struct Variant {
    pub label: String,
    pub program: Program,
    /// `<stem>.<build>`: runs of the same build at other widths compare with this one's.
    pub build: String,
    /// The scalar, checked run every other width must match bit for bit.
    pub scalar: bool,
    /// Runs so far (the n-th run of a build matches the n-th run at W = 1).
    pub calls: std::cell::Cell<usize>,
}

/// Kernels whose outputs depend on the order in which work-items reach an atomic (which
/// OpenCL leaves open: work-groups run in parallel, and a lane group runs each atomic for
/// all its lanes before the next): a global counter hands out output slots (`compact`),
/// or the old value of an exchange is stored (`atomics_*`). Their references are
/// order-independent; they are not compared bit for bit across widths.
pub const ORDER_DEPENDENT: &[&str] = &["compact", "atomics_int", "atomics_uint", "atomics_long"];

/// Buffer contents after each run at W = 1, by (build, kernel, hash of the NDRange and
/// the arguments before the run).
pub type Outputs = std::collections::HashMap<(String, String, u64), Vec<Vec<u8>>>;

/// A hash of `range` and every argument's bytes (buffers before the run).
pub fn inputs_hash(range: &NdRange, args: &[Arg<'_>]) -> u64 {
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
pub static SCALAR_OUTPUTS: std::sync::Mutex<Option<Outputs>> = std::sync::Mutex::new(None);

/// The compile options to test, in order: every build runs with the first before any
/// runs with the next, so that a failure of the scalar path shows first. Each entry is
/// (lanes, checked). `SPIRJIT_CORPUS_LANES` overrides the list: comma-separated lane
/// counts, a `u` suffix meaning unchecked (e.g. `1`, or `4,8u`).
pub fn option_sets() -> Vec<(u32, bool)> {
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
pub fn variants(stem: &str) -> impl Iterator<Item = Variant> {
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
            let options = Options { lanes, checked, robust_buffer_access: false };
            Program::with_options(&bytes, &options)
                .unwrap_or_else(|e| panic!("{label}: Program::with_options (lanes {lanes}) failed: {e}"))
        };
        assert_eq!(program.pointer_bits(), bits, "{label}: pointer_bits");
        Variant { label, program, build, scalar: (lanes, checked) == (1, true), calls: std::cell::Cell::new(0) }
    })
}

impl Variant {
    pub fn kernel(&self, name: &str) -> Kernel {
        self.program.kernel(name).unwrap_or_else(|e| panic!("{}: no kernel `{name}`: {e}", self.label))
    }

    /// Run `name` over `range`; panics with the variant and the error on failure.
    ///
    /// Inputs are given as [`Arg::ReadOnly`]; they are passed that way where the module
    /// marks the parameter read-only (`NoWrite`, which clang emits at -O2 for `const`
    /// pointers) and as a writable copy otherwise (-O0 builds carry no such marks), so
    /// that the caller's inputs are never written either way.
    pub fn run(&self, name: &str, range: NdRange, args: &mut [Arg<'_>]) {
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
    pub fn same_as_scalar(&self, name: &str, inputs: u64, outputs: Vec<Vec<u8>>) {
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
pub fn check_by<T: Debug + Copy>(ctx: &str, what: &str, got: &[T], want: &[T], ok: impl Fn(usize, T, T) -> bool) {
    assert_eq!(got.len(), want.len(), "{ctx}: {what}: output length");
    let bad: Vec<usize> = (0..got.len()).filter(|&i| !ok(i, got[i], want[i])).collect();
    if !bad.is_empty() {
        let shown: Vec<String> =
            bad.iter().take(8).map(|&i| format!("[{i}] got {:?}, want {:?}", got[i], want[i])).collect();
        panic!("{ctx}: {what}: {} of {} elements differ: {}", bad.len(), got.len(), shown.join("; "));
    }
}

#[track_caller]
pub fn check_eq<T: Debug + Copy + PartialEq>(ctx: &str, what: &str, got: &[T], want: &[T]) {
    check_by(ctx, what, got, want, |_, g, w| g == w);
}

pub fn same_f32(g: f32, w: f32) -> bool {
    (g.is_nan() && w.is_nan()) || g.to_bits() == w.to_bits()
}

pub fn same_f64(g: f64, w: f64) -> bool {
    (g.is_nan() && w.is_nan()) || g.to_bits() == w.to_bits()
}

/// Bit-exact float comparison (any NaN matches any NaN).
#[track_caller]
pub fn check_f32_exact(ctx: &str, what: &str, got: &[f32], want: &[f32]) {
    check_by(ctx, what, got, want, |_, g, w| same_f32(g, w));
}

#[track_caller]
pub fn check_f64_exact(ctx: &str, what: &str, got: &[f64], want: &[f64]) {
    check_by(ctx, what, got, want, |_, g, w| same_f64(g, w));
}

/// `|got - want| <= tol(i)`, or both NaN, or equal (infinities).
#[track_caller]
pub fn check_f32_tol(ctx: &str, what: &str, got: &[f32], want: &[f32], tol: impl Fn(usize) -> f32) {
    check_by(ctx, what, got, want, |i, g, w| {
        same_f32(g, w) || (g.is_finite() && w.is_finite() && (g - w).abs() <= tol(i))
    });
}

/// `|got - want| <= abs + rel * |want|`.
#[track_caller]
pub fn check_f32_rel(ctx: &str, what: &str, got: &[f32], want: &[f32], rel: f32, abs: f32) {
    check_f32_tol(ctx, what, got, want, |i| abs + rel * want[i].abs());
}

/// One unit in the last place of `x` (distance to the next float away from zero).
pub fn ulp32(x: f32) -> f32 {
    let a = x.abs();
    if !a.is_finite() || a == f32::MAX {
        return f32::MAX;
    }
    f32::from_bits(a.to_bits() + 1) - a
}

/// Deterministic pseudo-random inputs (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    pub fn i32(&mut self) -> i32 {
        self.u32() as i32
    }
    /// Uniform in `0..n`.
    pub fn below(&mut self, n: u32) -> u32 {
        ((self.u32() as u64 * n as u64) >> 32) as u32
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        (lo as i64 + ((self.u32() as u64 * (hi as i64 - lo as i64 + 1) as u64) >> 32) as i64) as i32
    }
    pub fn f32(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.u32() >> 8) as f32 / (1u32 << 24) as f32)
    }
    pub fn f64(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64)
    }
    pub fn vec_i32(&mut self, n: usize, lo: i32, hi: i32) -> Vec<i32> {
        (0..n).map(|_| self.range(lo, hi)).collect()
    }
    pub fn vec_u32(&mut self, n: usize) -> Vec<u32> {
        (0..n).map(|_| self.u32()).collect()
    }
    pub fn vec_f32(&mut self, n: usize, lo: f32, hi: f32) -> Vec<f32> {
        (0..n).map(|_| self.f32(lo, hi)).collect()
    }
}

/// Integers that hit the edge cases of a width, followed by random ones.
pub fn edge_then_random(rng: &mut Rng, n: usize, edges: &[i64], bits: u32) -> Vec<i64> {
    let mut v: Vec<i64> = edges.to_vec();
    while v.len() < n {
        let raw = rng.next_u64();
        let x = if bits == 64 { raw as i64 } else { ((raw << (64 - bits)) as i64) >> (64 - bits) };
        v.push(x);
    }
    v.truncate(n);
    v
}

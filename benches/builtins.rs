//! Criterion benchmark of the math builtins: time per element of the main float functions
//! in their scalar form (`sin_f32`, one call per element) and their vector form
//! (`sin_v4f32`, one call per four `f32` / two `f64` lanes), called through the addresses
//! the JIT uses.
//!
//! ```text
//! cargo bench --bench builtins [-- <filter>]
//! ```
//!
//! Criterion reports throughput in elements per second; its inverse is ns per element.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

const N: usize = 4096;
const FUNCTIONS: &[&str] = &["sin", "cos", "tan", "exp", "exp2", "log", "log2", "pow", "sqrt", "atan2", "tanh", "erf"];

fn inputs(n: usize) -> Vec<f64> {
    (0..n).map(|i| 0.01 + (i as f64 * 0.618_033_988_749_895) % 1.0 * 10.0).collect()
}

fn lookup(symbol: &str) -> *const u8 {
    spirjit_builtins::lookup(symbol).unwrap_or_else(|| panic!("no builtin {symbol}")).address
}

fn binary(name: &str) -> bool {
    matches!(name, "pow" | "atan2")
}

/// Benchmark every function of [`FUNCTIONS`] for one float type `T` (`suffix`: `f32`,
/// `f64`): the scalar form over `xs` (and `ys` for binary functions), and the vector form
/// over the same values packed into registers `R` by `regs`.
fn bench_type<T: Copy + std::iter::Sum<T>, R: Copy>(
    c: &mut Criterion,
    suffix: &str,
    xs: &[T],
    ys: &[T],
    regs: impl Fn(&[T]) -> Vec<R>,
) {
    let mut g = c.benchmark_group(suffix);
    g.throughput(Throughput::Elements(xs.len() as u64));
    let (xr, yr) = (regs(xs), regs(ys));
    for &name in FUNCTIONS {
        let scalar = lookup(&format!("{name}_{suffix}"));
        let vector = spirjit_builtins::vector_form(&format!("{name}_{suffix}")).map(|b| b.address);
        if binary(name) {
            // SAFETY: the table declares these signatures (two operands of `T`; the
            // vector form two registers of `T` lanes).
            let f: extern "C" fn(T, T) -> T = unsafe { std::mem::transmute(scalar) };
            g.bench_function(BenchmarkId::new("scalar", name), |b| {
                b.iter(|| xs.iter().zip(ys).map(|(&x, &y)| f(black_box(x), y)).sum::<T>())
            });
            if let Some(v) = vector {
                // SAFETY: as above.
                let f: extern "C" fn(R, R) -> R = unsafe { std::mem::transmute(v) };
                g.bench_function(BenchmarkId::new("vector", name), |b| {
                    b.iter(|| {
                        for (&x, &y) in xr.iter().zip(&yr) {
                            black_box(f(black_box(x), y));
                        }
                    })
                });
            }
        } else {
            // SAFETY: as above, one operand.
            let f: extern "C" fn(T) -> T = unsafe { std::mem::transmute(scalar) };
            g.bench_function(BenchmarkId::new("scalar", name), |b| {
                b.iter(|| xs.iter().map(|&x| f(black_box(x))).sum::<T>())
            });
            if let Some(v) = vector {
                // SAFETY: as above.
                let f: extern "C" fn(R) -> R = unsafe { std::mem::transmute(v) };
                g.bench_function(BenchmarkId::new("vector", name), |b| {
                    b.iter(|| {
                        for &x in &xr {
                            black_box(f(black_box(x)));
                        }
                    })
                });
            }
        }
    }
    g.finish();
}

#[cfg(target_arch = "x86_64")]
fn bench_all(c: &mut Criterion) {
    use std::arch::x86_64::{__m128, __m128d};
    let xs: Vec<f32> = inputs(N).into_iter().map(|v| v as f32).collect();
    let ys: Vec<f32> = inputs(N).into_iter().rev().map(|v| v as f32 * 0.3).collect();
    // SAFETY (both): 16 plain bytes either way.
    bench_type(c, "f32", &xs, &ys, |s| {
        s.chunks_exact(4)
            .map(|c| unsafe { std::mem::transmute::<[f32; 4], __m128>([c[0], c[1], c[2], c[3]]) })
            .collect::<Vec<__m128>>()
    });
    let xs = inputs(N);
    let ys: Vec<f64> = inputs(N).into_iter().rev().map(|v| v * 0.3).collect();
    bench_type(c, "f64", &xs, &ys, |s| {
        s.chunks_exact(2)
            .map(|c| unsafe { std::mem::transmute::<[f64; 2], __m128d>([c[0], c[1]]) })
            .collect::<Vec<__m128d>>()
    });
}

/// Scalar forms only: there are no vector forms off x86-64.
#[cfg(not(target_arch = "x86_64"))]
fn bench_all(c: &mut Criterion) {
    let xs: Vec<f32> = inputs(N).into_iter().map(|v| v as f32).collect();
    let ys: Vec<f32> = inputs(N).into_iter().rev().map(|v| v as f32 * 0.3).collect();
    bench_type(c, "f32", &xs, &ys, |_| Vec::<f32>::new());
    let ys64: Vec<f64> = inputs(N).into_iter().rev().map(|v| v * 0.3).collect();
    bench_type(c, "f64", &inputs(N), &ys64, |_| Vec::<f64>::new());
}

criterion_group!(benches, bench_all);
criterion_main!(benches);

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

fn bench_f32(c: &mut Criterion) {
    let xs: Vec<f32> = inputs(N).into_iter().map(|v| v as f32).collect();
    let ys: Vec<f32> = inputs(N).into_iter().rev().map(|v| v as f32 * 0.3).collect();
    let mut g = c.benchmark_group("f32");
    g.throughput(Throughput::Elements(N as u64));
    for &name in FUNCTIONS {
        let scalar = lookup(&format!("{name}_f32"));
        let vector = spirjit_builtins::vector_form(&format!("{name}_f32")).map(|b| b.address);
        if binary(name) {
            // SAFETY: the table declares these signatures.
            let f: extern "C" fn(f32, f32) -> f32 = unsafe { std::mem::transmute(scalar) };
            g.bench_function(BenchmarkId::new("scalar", name), |b| {
                b.iter(|| xs.iter().zip(&ys).map(|(&x, &y)| f(black_box(x), y)).sum::<f32>())
            });
        } else {
            // SAFETY: as above.
            let f: extern "C" fn(f32) -> f32 = unsafe { std::mem::transmute(scalar) };
            g.bench_function(BenchmarkId::new("scalar", name), |b| {
                b.iter(|| xs.iter().map(|&x| f(black_box(x))).sum::<f32>())
            });
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(v) = vector {
            use std::arch::x86_64::__m128;
            // SAFETY: 16 plain bytes either way.
            let regs = |s: &[f32]| -> Vec<__m128> {
                s.chunks_exact(4)
                    .map(|c| unsafe { std::mem::transmute::<[f32; 4], __m128>([c[0], c[1], c[2], c[3]]) })
                    .collect()
            };
            let (xr, yr) = (regs(&xs), regs(&ys));
            if binary(name) {
                // SAFETY: the table declares this signature.
                let f: extern "C" fn(__m128, __m128) -> __m128 = unsafe { std::mem::transmute(v) };
                g.bench_function(BenchmarkId::new("vector", name), |b| {
                    b.iter(|| {
                        for (&x, &y) in xr.iter().zip(&yr) {
                            black_box(f(black_box(x), y));
                        }
                    })
                });
            } else {
                // SAFETY: as above.
                let f: extern "C" fn(__m128) -> __m128 = unsafe { std::mem::transmute(v) };
                g.bench_function(BenchmarkId::new("vector", name), |b| {
                    b.iter(|| {
                        for &x in &xr {
                            black_box(f(black_box(x)));
                        }
                    })
                });
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = vector;
    }
    g.finish();
}

fn bench_f64(c: &mut Criterion) {
    let xs = inputs(N);
    let ys: Vec<f64> = inputs(N).into_iter().rev().map(|v| v * 0.3).collect();
    let mut g = c.benchmark_group("f64");
    g.throughput(Throughput::Elements(N as u64));
    for &name in FUNCTIONS {
        let scalar = lookup(&format!("{name}_f64"));
        let vector = spirjit_builtins::vector_form(&format!("{name}_f64")).map(|b| b.address);
        if binary(name) {
            // SAFETY: the table declares these signatures.
            let f: extern "C" fn(f64, f64) -> f64 = unsafe { std::mem::transmute(scalar) };
            g.bench_function(BenchmarkId::new("scalar", name), |b| {
                b.iter(|| xs.iter().zip(&ys).map(|(&x, &y)| f(black_box(x), y)).sum::<f64>())
            });
        } else {
            // SAFETY: as above.
            let f: extern "C" fn(f64) -> f64 = unsafe { std::mem::transmute(scalar) };
            g.bench_function(BenchmarkId::new("scalar", name), |b| {
                b.iter(|| xs.iter().map(|&x| f(black_box(x))).sum::<f64>())
            });
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(v) = vector {
            use std::arch::x86_64::__m128d;
            // SAFETY: 16 plain bytes either way.
            let regs = |s: &[f64]| -> Vec<__m128d> {
                s.chunks_exact(2).map(|c| unsafe { std::mem::transmute::<[f64; 2], __m128d>([c[0], c[1]]) }).collect()
            };
            let (xr, yr) = (regs(&xs), regs(&ys));
            if binary(name) {
                // SAFETY: the table declares this signature.
                let f: extern "C" fn(__m128d, __m128d) -> __m128d = unsafe { std::mem::transmute(v) };
                g.bench_function(BenchmarkId::new("vector", name), |b| {
                    b.iter(|| {
                        for (&x, &y) in xr.iter().zip(&yr) {
                            black_box(f(black_box(x), y));
                        }
                    })
                });
            } else {
                // SAFETY: as above.
                let f: extern "C" fn(__m128d) -> __m128d = unsafe { std::mem::transmute(v) };
                g.bench_function(BenchmarkId::new("vector", name), |b| {
                    b.iter(|| {
                        for &x in &xr {
                            black_box(f(black_box(x)));
                        }
                    })
                });
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = vector;
    }
    g.finish();
}

criterion_group!(benches, bench_f32, bench_f64);
criterion_main!(benches);

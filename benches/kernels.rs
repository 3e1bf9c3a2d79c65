//! Criterion benchmarks of the benchmark suite (`benches/kernels/*.spv`) through the Rust
//! API, for regressions: `compile/<kernel>/W=<w>` measures loading and compiling the module,
//! `run/<kernel>/W=<w>` one launch over the kernel's NDRange, for W = 1 (the scalar path)
//! and W = 0 (the automatic choice), plus `dispatch/empty` for the launch overhead.
//!
//! Sizes are smaller than in `benches/compare.py` so that a full run stays short; results
//! are checked once against a host computation before timing, so that a benchmark of a
//! wrong answer fails loudly. This file measures; it must not assert anything about speed.
//!
//! Run: `cargo bench --bench kernels [-- FILTER]`, e.g. `cargo bench --bench kernels -- run/vadd`.

use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use spirjit::{Arg, NdRange, Options, Program};

/// Host data of one argument.
enum Host {
    F32(Vec<f32>),
    I32(Vec<i32>),
    U32(Vec<u32>),
    U8(Vec<u8>),
    /// By-value bytes (scalars, vectors).
    Val(Vec<u8>),
}

impl Host {
    fn arg(&mut self) -> Arg<'_> {
        match self {
            Host::F32(v) => Arg::buffer(v),
            Host::I32(v) => Arg::buffer(v),
            Host::U32(v) => Arg::buffer(v),
            Host::U8(v) => Arg::buffer(v),
            Host::Val(b) => Arg::bytes(b),
        }
    }
}

fn val<T: spirjit::Pod>(v: T) -> Host {
    Host::Val(spirjit::bytes_of(std::slice::from_ref(&v)).to_vec())
}

/// A launch of one kernel with its data and a check of its result.
struct Case {
    name: &'static str,
    range: NdRange,
    args: Vec<Host>,
    /// Checks the arguments after one launch; `Err` says what is wrong.
    check: fn(&[Host]) -> Result<(), String>,
}

impl Case {
    fn run(&mut self, kernel: &spirjit::Kernel) -> spirjit::Result<spirjit::RunInfo> {
        let mut args: Vec<Arg<'_>> = self.args.iter_mut().map(Host::arg).collect();
        kernel.run(&self.range, &mut args)
    }
}

/// Deterministic pseudo-random numbers (xorshift64*), so runs are comparable.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn f32(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
    fn f32s(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| self.f32()).collect()
    }
}

fn f32s(args: &[Host], i: usize) -> &[f32] {
    match &args[i] {
        Host::F32(v) => v,
        _ => &[],
    }
}

fn close(got: f32, want: f64, rtol: f64, atol: f64) -> bool {
    ((got as f64) - want).abs() <= atol + rtol * want.abs()
}

fn ok_if(ok: bool, what: &str) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(what.to_string())
    }
}

fn vadd() -> Case {
    let n = 1 << 21;
    let mut r = Rng(1);
    let args = vec![Host::F32(r.f32s(n)), Host::F32(r.f32s(n)), Host::F32(vec![0.0; n]), val(n as i32)];
    Case {
        name: "vadd",
        range: NdRange::d1(n as u64).local(&[256]),
        args,
        check: |a| {
            let (x, y, z) = (f32s(a, 0), f32s(a, 1), f32s(a, 2));
            ok_if(z.iter().zip(x.iter().zip(y)).all(|(c, (a, b))| *c == a + b), "c != a + b")
        },
    }
}

fn triad() -> Case {
    let n = 1 << 21;
    let mut r = Rng(2);
    let args = vec![Host::F32(vec![0.0; n]), Host::F32(r.f32s(n)), Host::F32(r.f32s(n)), val(3.0f32), val(n as i32)];
    Case {
        name: "triad",
        range: NdRange::d1(n as u64).local(&[256]),
        args,
        check: |a| {
            let (x, b, c) = (f32s(a, 0), f32s(a, 1), f32s(a, 2));
            ok_if(x.iter().zip(b.iter().zip(c)).all(|(x, (b, c))| close(*x, (*b + 3.0 * *c) as f64, 1e-6, 0.0)), "a")
        },
    }
}

fn matmul(name: &'static str) -> Case {
    let n = 256usize;
    let mut r = Rng(3);
    let args = vec![Host::F32(r.f32s(n * n)), Host::F32(r.f32s(n * n)), Host::F32(vec![0.0; n * n]), val(n as i32)];
    Case {
        name,
        range: NdRange::d2(n as u64, n as u64).local(&[16, 16]),
        args,
        check: |a| {
            let n = 256usize;
            let (x, y, z) = (f32s(a, 0), f32s(a, 1), f32s(a, 2));
            for &(i, j) in &[(0usize, 0usize), (17, 200), (255, 255), (128, 3)] {
                let want: f64 = (0..n).map(|k| x[i * n + k] as f64 * y[k * n + j] as f64).sum();
                ok_if(close(z[i * n + j], want, 1e-4, 1e-4), "C[i][j] != sum A[i][k] B[k][j]")?;
            }
            Ok(())
        },
    }
}

fn nbody() -> Case {
    let n = 2048usize;
    let mut r = Rng(4);
    let pos: Vec<f32> = (0..n).flat_map(|_| [r.f32() * 10.0, r.f32() * 10.0, r.f32() * 10.0, r.f32() + 0.5]).collect();
    let args = vec![Host::F32(pos), Host::F32(vec![0.0; 4 * n]), val(n as i32), val(0.01f32)];
    Case {
        name: "nbody",
        range: NdRange::d1(n as u64).local(&[64]),
        args,
        check: |a| {
            let (p, acc) = (f32s(a, 0), f32s(a, 1));
            let i = 7;
            let mut want = [0.0f64; 3];
            for j in 0..p.len() / 4 {
                let d: Vec<f64> = (0..3).map(|c| p[4 * j + c] as f64 - p[4 * i + c] as f64).collect();
                let r2 = d.iter().map(|x| x * x).sum::<f64>() + 0.01;
                let s = p[4 * j + 3] as f64 / (r2 * r2.sqrt());
                (0..3).for_each(|c| want[c] += d[c] * s);
            }
            ok_if((0..3).all(|c| close(acc[4 * i + c], want[c], 2e-3, 1e-3)), "acceleration of body 7")
        },
    }
}

fn mandelbrot() -> Case {
    let (w, h) = (512usize, 384usize);
    Case {
        name: "mandelbrot",
        range: NdRange::d2(w as u64, h as u64).local(&[16, 16]),
        args: vec![Host::I32(vec![0; w * h]), val(w as i32), val(h as i32), val(256i32)],
        check: |a| match &a[0] {
            // The centre of the set never escapes; the corner escapes at once.
            Host::I32(v) => ok_if(v[192 * 512 + 256 - 64] == 256 && v[0] < 4, "escape counts"),
            _ => Err("output".into()),
        },
    }
}

fn blackscholes() -> Case {
    let n = 1 << 19;
    let mut r = Rng(5);
    let price = (0..n).map(|_| r.f32() * 25.0 + 5.0).collect();
    let strike = (0..n).map(|_| r.f32() * 99.0 + 1.0).collect();
    let years = (0..n).map(|_| r.f32() * 9.75 + 0.25).collect();
    let args = vec![
        Host::F32(vec![0.0; n]),
        Host::F32(vec![0.0; n]),
        Host::F32(price),
        Host::F32(strike),
        Host::F32(years),
        val(0.02f32),
        val(0.3f32),
        val(n as i32),
    ];
    Case {
        name: "blackscholes",
        range: NdRange::d1(n as u64).local(&[256]),
        args,
        check: |a| {
            // Put-call parity: call - put = S - X e^{-rT}.
            let (c, p, s, x, t) = (f32s(a, 0), f32s(a, 1), f32s(a, 2), f32s(a, 3), f32s(a, 4));
            let ok = (0..c.len()).step_by(997).all(|i| {
                let want = s[i] as f64 - x[i] as f64 * (-0.02 * t[i] as f64).exp();
                close(c[i] - p[i], want, 1e-3, 1e-2)
            });
            ok_if(ok, "put-call parity")
        },
    }
}

fn reduce() -> Case {
    let n = 1 << 22;
    let mut r = Rng(6);
    let args = vec![Host::F32(r.f32s(n)), Host::F32(vec![0.0; 64]), val(n as i32)];
    Case {
        name: "reduce",
        range: NdRange::d1(256 * 64).local(&[256]),
        args,
        check: |a| {
            let want: f64 = f32s(a, 0).iter().map(|x| *x as f64).sum();
            let got: f64 = f32s(a, 1).iter().map(|x| *x as f64).sum();
            ok_if((got - want).abs() <= 1e-5 * want, "sum of partial sums")
        },
    }
}

fn scan() -> Case {
    let n = 1 << 20;
    let mut r = Rng(7);
    let x: Vec<i32> = (0..n).map(|_| (r.next() % 100) as i32).collect();
    Case {
        name: "scan",
        range: NdRange::d1(n as u64).local(&[256]),
        args: vec![Host::I32(x), Host::I32(vec![0; n]), Host::I32(vec![0; n / 256])],
        check: |a| match (&a[0], &a[1]) {
            (Host::I32(x), Host::I32(y)) => {
                let ok = x.chunks(256).zip(y.chunks(256)).all(|(xs, ys)| {
                    let mut s = 0;
                    xs.iter().zip(ys).all(|(x, y)| {
                        s += x;
                        s == *y
                    })
                });
                ok_if(ok, "block prefix sums")
            }
            _ => Err("output".into()),
        },
    }
}

fn transpose() -> Case {
    let n = 1024usize;
    let mut r = Rng(8);
    Case {
        name: "transpose",
        range: NdRange::d2(n as u64, n as u64).local(&[16, 16]),
        args: vec![Host::F32(r.f32s(n * n)), Host::F32(vec![0.0; n * n]), val(n as i32), val(n as i32)],
        check: |a| {
            let (x, y) = (f32s(a, 0), f32s(a, 1));
            let n = 1024;
            ok_if((0..n * n).step_by(31).all(|i| y[(i % n) * n + i / n] == x[i]), "out[j][i] != in[i][j]")
        },
    }
}

fn histogram() -> Case {
    let n: usize = 1 << 22;
    let mut r = Rng(9);
    let data: Vec<u8> = (0..n).map(|_| r.next() as u8).collect();
    Case {
        name: "histogram",
        range: NdRange::d1(256 * 16).local(&[256]),
        args: vec![Host::U8(data), Host::U32(vec![0; 256]), val(n as i32)],
        check: |a| match (&a[0], &a[1]) {
            (Host::U8(d), Host::U32(b)) => {
                let mut want = [0u32; 256];
                d.iter().for_each(|x| want[*x as usize] += 1);
                ok_if(b[..] == want[..], "bin counts")
            }
            _ => Err("output".into()),
        },
    }
}

fn stencil() -> Case {
    let n = 1024usize;
    let mut r = Rng(10);
    let w = vec![0.0625f32, 0.125, 0.0625, 0.125, 0.25, 0.125, 0.0625, 0.125, 0.0625];
    Case {
        name: "stencil",
        range: NdRange::d2(n as u64, n as u64).local(&[16, 16]),
        args: vec![Host::F32(r.f32s(n * n)), Host::F32(vec![0.0; n * n]), Host::F32(w), val(n as i32), val(n as i32)],
        check: |a| {
            let (x, y, w) = (f32s(a, 0), f32s(a, 1), f32s(a, 2));
            let n = 1024;
            let i = 500 * n + 77;
            let mut want = 0.0f64;
            for dy in 0..3 {
                for dx in 0..3 {
                    want += w[dy * 3 + dx] as f64 * x[i + dy * n + dx - n - 1] as f64;
                }
            }
            ok_if(close(y[i], want, 1e-5, 1e-6) && y[0] == x[0], "3 x 3 convolution")
        },
    }
}

fn bits_ref(x: u32, rounds: u32) -> u32 {
    let mut h = x ^ 0x9e37_79b9;
    for r in 0..rounds {
        h ^= h >> 16;
        h = h.wrapping_mul(0x85eb_ca6b);
        h ^= h >> 13;
        h = h.wrapping_mul(0xc2b2_ae35);
        h ^= h >> 16;
        h = h.rotate_left(r + 1);
    }
    h.wrapping_add(h.count_ones()).wrapping_add((h | 1).leading_zeros() << 8)
}

fn bits() -> Case {
    let n = 1 << 20;
    let mut r = Rng(11);
    Case {
        name: "bits",
        range: NdRange::d1(n as u64).local(&[256]),
        args: vec![Host::U32((0..n).map(|_| r.next() as u32).collect()), Host::U32(vec![0; n]), val(16i32)],
        check: |a| match (&a[0], &a[1]) {
            (Host::U32(x), Host::U32(y)) => ok_if(x.iter().zip(y).all(|(x, y)| bits_ref(*x, 16) == *y), "hash"),
            _ => Err("output".into()),
        },
    }
}

fn float4_ops() -> Case {
    let n = 1 << 19;
    let mut r = Rng(12);
    let args = vec![
        Host::F32(r.f32s(4 * n)),
        Host::F32(r.f32s(4 * n)),
        Host::F32(vec![0.0; 4 * n]),
        Host::F32(vec![0.0; n]),
        val([0.5f32, 1.5, -1.0, 2.0]),
    ];
    Case {
        name: "float4_ops",
        range: NdRange::d1(n as u64).local(&[256]),
        args,
        check: |a| {
            let (x, y, out) = (f32s(a, 0), f32s(a, 1), f32s(a, 2));
            let w = [0.5f64, 1.5, -1.0, 2.0];
            let i = 1234;
            let v: Vec<f64> = (0..4).map(|c| x[4 * i + c] as f64).collect();
            let inv = 1.0 / (v.iter().map(|e| e * e).sum::<f64>() + 1e-6).sqrt();
            ok_if(
                (0..4).all(|c| close(out[4 * i + c], v[c] * inv * w[c] + y[4 * i + c] as f64 * 0.5, 1e-3, 1e-4)),
                "normalize, scale and blend",
            )
        },
    }
}

fn cases() -> Vec<Case> {
    vec![
        vadd(),
        triad(),
        matmul("matmul_naive"),
        matmul("matmul_tiled"),
        nbody(),
        mandelbrot(),
        blackscholes(),
        reduce(),
        scan(),
        transpose(),
        histogram(),
        stencil(),
        bits(),
        float4_ops(),
    ]
}

fn spv(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/kernels").join(format!("{name}.spv"))
}

fn load(name: &str, lanes: u32) -> Program {
    let options = Options { lanes, ..Options::default() };
    match Program::from_path_with_options(spv(name), &options) {
        Ok(p) => p,
        Err(e) => panic!("cannot load benches/kernels/{name}.spv with W = {lanes}: {e}"),
    }
}

const WIDTHS: [u32; 2] = [1, 0];

fn width_name(w: u32) -> String {
    if w == 0 {
        "W=auto".to_string()
    } else {
        format!("W={w}")
    }
}

fn bench_compile(c: &mut Criterion) {
    let mut g = c.benchmark_group("compile");
    for case in cases() {
        let bytes = std::fs::read(spv(case.name)).unwrap_or_else(|e| panic!("reading {}: {e}", case.name));
        for w in WIDTHS {
            let options = Options { lanes: w, ..Options::default() };
            g.bench_function(BenchmarkId::new(case.name, width_name(w)), |b| {
                b.iter(|| Program::with_options(&bytes, &options).expect("compiles"))
            });
        }
    }
    g.finish();
}

fn bench_run(c: &mut Criterion) {
    let mut g = c.benchmark_group("run");
    g.sample_size(10).measurement_time(Duration::from_secs(2));
    for mut case in cases() {
        for w in WIDTHS {
            // Criterion calls the closure only for benchmarks its filter selects (once per
            // sample), so the module is compiled and checked on the first call only.
            let mut kernel: Option<spirjit::Kernel> = None;
            g.bench_function(BenchmarkId::new(case.name, width_name(w)), |b| {
                let kernel = kernel.get_or_insert_with(|| {
                    let program = load(case.name, w);
                    let kernel = program.kernel(case.name).expect("the kernel is in its module");
                    // Check the result once (histogram accumulates, so reset it first).
                    if let Some(Host::U32(bins)) = case.args.get_mut(1).filter(|_| case.name == "histogram") {
                        bins.iter_mut().for_each(|x| *x = 0);
                    }
                    case.run(&kernel).unwrap_or_else(|e| panic!("{} W={w}: {e}", case.name));
                    if let Err(what) = (case.check)(&case.args) {
                        panic!("{} with W = {w} computed a wrong result: {what}", case.name);
                    }
                    kernel
                });
                b.iter(|| case.run(kernel).expect("runs"))
            });
        }
    }
    g.finish();
}

fn bench_dispatch(c: &mut Criterion) {
    let mut g = c.benchmark_group("dispatch");
    for w in WIDTHS {
        let program = load("empty", w);
        let kernel = program.kernel("empty").expect("the kernel is in its module");
        let mut buf = vec![0.0f32; 1];
        g.bench_function(BenchmarkId::new("empty", width_name(w)), |b| {
            b.iter(|| kernel.run(&NdRange::d1(1), &mut [Arg::buffer(&mut buf)]).expect("runs"))
        });
    }
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_dispatch, bench_compile, bench_run
}
criterion_main!(benches);

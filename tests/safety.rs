//! Safety of running kernels: out-of-bounds accesses of every kind are reported (kernel,
//! argument, offset, size, work-item) and never touch memory outside the buffers (guard
//! bytes around each buffer are checked); endless kernels stop at a time limit or a
//! cancel request and the next dispatch works; concurrent dispatches do not interfere;
//! undefined operations give defined results.
//!
//! Kernels are `tests/kernels/safety/safety.cl`, built at -O0 (pointers kept in private
//! variables: the checks of pointers of unknown origin) and -O2 by
//! `tests/kernels/safety/build.sh`. Each runs at W = 1 and W = 4 (buffers that end in a
//! partial element also at W = 16).

use std::path::Path;
use std::time::{Duration, Instant};

use spirjit::{Arg, CancelToken, Error, Kernel, NdRange, Options, Pod, Program, RunOptions};

const BUILDS: [&str; 2] = ["safety.O0.spv", "safety.O2.spv"];
const LANES: [u32; 2] = [1, 4];
const GUARD: usize = 32;
const PATTERN: u8 = 0x5A;

fn program(build: &str, lanes: u32, checked: bool) -> Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/safety").join(build);
    let bytes =
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}; run tests/kernels/safety/build.sh", path.display()));
    Program::with_options(&bytes, &Options { lanes, checked, robust_buffer_access: false })
        .unwrap_or_else(|e| panic!("{build}: {e}"))
}

fn each(f: impl Fn(&Program, &str)) {
    for build in BUILDS {
        for lanes in LANES {
            let p = program(build, lanes, true);
            f(&p, &format!("{build} at W = {lanes}"));
        }
    }
}

/// `len` elements of `T` between two guard areas filled with a pattern.
struct Guarded<T: Pod> {
    raw: Vec<u8>,
    len: usize,
    _t: std::marker::PhantomData<T>,
}

impl<T: Pod> Guarded<T> {
    fn new(values: &[T]) -> Self {
        let bytes = std::mem::size_of_val(values);
        let mut raw = vec![PATTERN; bytes + 2 * GUARD];
        raw[GUARD..GUARD + bytes].copy_from_slice(spirjit::bytes_of(values));
        Guarded { raw, len: values.len(), _t: std::marker::PhantomData }
    }

    fn arg(&mut self) -> Arg<'_> {
        let size = std::mem::size_of::<T>();
        Arg::Buffer(&mut self.raw[GUARD..GUARD + self.len * size])
    }

    fn read_only(&self) -> Arg<'_> {
        let size = std::mem::size_of::<T>();
        Arg::ReadOnly(&self.raw[GUARD..GUARD + self.len * size])
    }

    #[track_caller]
    fn assert_guards(&self, what: &str) {
        let size = std::mem::size_of::<T>();
        let end = GUARD + self.len * size;
        assert!(
            self.raw[..GUARD].iter().chain(&self.raw[end..]).all(|b| *b == PATTERN),
            "{what}: memory around the buffer was written"
        );
    }
}

impl Guarded<f32> {
    /// The elements between the guards.
    fn values(&self) -> Vec<f32> {
        let bytes = &self.raw[GUARD..GUARD + 4 * self.len];
        bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
    }
}

/// Run and expect an out-of-bounds error; returns its message.
#[track_caller]
fn oob(k: &Kernel, range: NdRange, args: &mut [Arg<'_>], what: &str) -> String {
    match k.run(&range, args) {
        Ok(_) => panic!("{what}: the out-of-bounds kernel ran without an error"),
        Err(e @ Error::Kernel { .. }) => {
            let m = e.to_string();
            assert!(m.contains("out-of-bounds"), "{what}: {m}");
            assert!(m.contains(&format!("`{}`", k.name())), "{what}: the message does not name the kernel: {m}");
            assert!(m.contains("work-item") && m.contains("global id"), "{what}: no work-item: {m}");
            m
        }
        Err(e) => panic!("{what}: want a kernel error, got {e:?}: {e}"),
    }
}

#[track_caller]
fn mentions(m: &str, words: &[&str], what: &str) {
    for w in words {
        assert!(m.contains(w), "{what}: the message does not mention {w:?}: {m}");
    }
}

#[test]
fn global_load_one_past_the_end() {
    each(|p, what| {
        let k = p.kernel("oob_global_load").unwrap();
        let n = 40;
        let mut input = Guarded::new(&vec![1.0f32; n]);
        let mut out = Guarded::new(&vec![0.0f32; n]);
        let m = oob(&k, NdRange::d1(n as u64).local(&[8]), &mut [input.arg(), out.arg()], what);
        mentions(&m, &["argument 0 `in`", "byte offset 160", "of 4 bytes", "160 bytes", "global id (39)"], what);
        input.assert_guards(what);
        out.assert_guards(what);
    });
}

#[test]
fn global_store_one_past_the_end() {
    each(|p, what| {
        let k = p.kernel("oob_global_store").unwrap();
        let n = 40;
        let mut input = Guarded::new(&vec![2.0f32; n]);
        let mut out = Guarded::new(&vec![0.0f32; n]);
        let m = oob(&k, NdRange::d1(n as u64).local(&[8]), &mut [input.arg(), out.arg()], what);
        mentions(&m, &["argument 1 `out`", "byte offset 160", "of 4 bytes", "global id (39)"], what);
        out.assert_guards(what);
    });
}

#[test]
fn vector_loads_and_stores_one_past_the_end() {
    for (name, arg) in [
        ("oob_vector_load", "argument 0 `in`"),
        ("oob_vector_store", "argument 1 `out`"),
        ("oob_vload4", "argument 0 `in`"),
        ("oob_vstore4", "argument 1 `out`"),
    ] {
        each(|p, what| {
            let what = &format!("{name}, {what}");
            let k = p.kernel(name).unwrap();
            let n = 16;
            let mut input = Guarded::new(&vec![[1.0f32; 4]; n]);
            let mut out = Guarded::new(&vec![[0.0f32; 4]; n]);
            let args = &mut [input.arg(), out.arg()];
            let m = oob(&k, NdRange::d1(n as u64).local(&[4]), args, what);
            // One float4 too far: bytes 256.. (whole vector or its first component).
            mentions(&m, &[arg, "byte offset 256", "global id (15)"], what);
            input.assert_guards(what);
            out.assert_guards(what);
        });
    }
}

/// An `int4*` buffer of `n` whole elements and 4 bytes more, between guard areas: its
/// bytes hold 0, 1, 2, ... as `i32`.
fn int4_with_a_partial_element(n: usize) -> Guarded<u8> {
    let words: Vec<i32> = (0..4 * n as i32 + 1).collect();
    Guarded::new(spirjit::bytes_of(&words))
}

#[test]
fn buffers_ending_in_a_partial_element_are_accepted_and_checked() {
    for build in BUILDS {
        for lanes in [1, 4, 16] {
            let p = program(build, lanes, true);
            // One work-item (one active lane), and 16 (whole lane groups: vector accesses).
            for n in [1usize, 16] {
                let what = &format!("{build} at W = {lanes}, {n} work-item(s)");
                let size = 16 * n + 4;
                let read = p.kernel("int4_read").unwrap();
                let write = p.kernel("int4_write").unwrap();
                let mut input = int4_with_a_partial_element(n);
                let mut out = vec![[0i32; 4]; n];
                let range = || NdRange::d1(n as u64);
                read.run(&range(), &mut [input.arg(), Arg::buffer(&mut out), Arg::value(0i32)])
                    .unwrap_or_else(|e| panic!("{what}: reading the whole elements: {e}"));
                let want: Vec<[i32; 4]> = (0..n as i32).map(|i| [4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3]).collect();
                assert_eq!(out, want, "{what}");
                // Element i + 1: the last work-item reads the partial element.
                let m = oob(&read, range(), &mut [input.arg(), Arg::buffer(&mut out), Arg::value(1i32)], what);
                let last = format!("global id ({})", n - 1);
                let off = format!("byte offset {}", 16 * n);
                mentions(&m, &["argument 0 `in`", &off, &format!("{size} bytes"), &last], what);
                input.assert_guards(what);

                let mut dst = int4_with_a_partial_element(n);
                write
                    .run(&range(), &mut [dst.arg(), Arg::value(0i32)])
                    .unwrap_or_else(|e| panic!("{what}: writing the whole elements: {e}"));
                let tail = &dst.raw[GUARD + 16 * n..GUARD + size];
                assert_eq!(tail, (4 * n as i32).to_le_bytes(), "{what}: the partial element was written");
                let m = oob(&write, range(), &mut [dst.arg(), Arg::value(1i32)], what);
                mentions(&m, &["argument 0 `out`", &off, &format!("{size} bytes"), &last], what);
                dst.assert_guards(what);
            }
        }
    }
}

#[test]
fn atomic_one_past_the_end() {
    each(|p, what| {
        let k = p.kernel("oob_atomic").unwrap();
        let mut c = Guarded::new(&[0i32; 8]);
        let m = oob(&k, NdRange::d1(8).local(&[4]), &mut [c.arg()], what);
        mentions(&m, &["argument 0 `counters`", "byte offset 32", "of 4 bytes", "global id (7)"], what);
        c.assert_guards(what);
    });
}

#[test]
fn local_memory_one_past_the_end() {
    each(|p, what| {
        let k = p.kernel("oob_local_static").unwrap();
        let mut out = Guarded::new(&[0i32; 64]);
        let m = oob(&k, NdRange::d1(64).local(&[64]), &mut [out.arg()], what);
        mentions(&m, &["local", "byte offset 256", "global id (63)"], what);
        out.assert_guards(what);

        let k = p.kernel("oob_local_arg").unwrap();
        let mut out = Guarded::new(&[0i32; 64]);
        let m = oob(&k, NdRange::d1(64).local(&[64]), &mut [out.arg(), Arg::local(256)], what);
        mentions(&m, &["argument 1 `tmp`", "byte offset 256", "256 bytes", "global id (63)"], what);
        out.assert_guards(what);
    });
}

#[test]
fn local_tile_of_the_required_size_one_past_the_end() {
    each(|p, what| {
        let k = p.kernel("oob_local_tile").unwrap();
        let mut out = Guarded::new(&[0i32; 32]);
        let m = oob(&k, NdRange::d2(16, 2).local(&[8, 2]), &mut [out.arg()], what);
        mentions(&m, &["local", "byte offset 64", "of 4 bytes", "global id (7, 1)"], what);
        out.assert_guards(what);
    });
}

#[test]
fn gathers_and_scatters_one_past_the_end() {
    each(|p, what| {
        let n = 40usize;
        // Indices in reverse order (no two lanes consecutive), every fourth negative
        // (masked off): in bounds, the kernel runs and masked-off lanes store nothing.
        let idx: Vec<i32> = (0..n as i32).map(|i| if i % 4 == 3 { -1_000_000 } else { n as i32 - 1 - i }).collect();
        let input: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
        let k = p.kernel("oob_gather").unwrap();
        let mut out = Guarded::new(&vec![-1.0f32; n]);
        let mut inp = Guarded::new(&input);
        let mut ix = Guarded::new(&idx);
        k.run(&NdRange::d1(n as u64).local(&[8]), &mut [inp.arg(), ix.arg(), out.arg()])
            .unwrap_or_else(|e| panic!("{what}: an in-bounds gather failed: {e}"));
        let got = out.values();
        for (i, g) in got.iter().enumerate() {
            let want = if idx[i] < 0 { -1.0 } else { input[idx[i] as usize] };
            assert_eq!(*g, want, "{what}: out[{i}]");
        }
        // One active lane one past the end: reported with its argument and work-item.
        let mut bad = idx.clone();
        bad[13] = n as i32;
        let mut ix = Guarded::new(&bad);
        let m = oob(&k, NdRange::d1(n as u64).local(&[8]), &mut [inp.arg(), ix.arg(), out.arg()], what);
        mentions(&m, &["argument 0 `in`", "byte offset 160", "of 4 bytes", "global id (13)"], what);
        out.assert_guards(what);

        let k = p.kernel("oob_scatter").unwrap();
        let perm: Vec<i32> = (0..n as i32).map(|i| (i * 7) % n as i32).collect();
        let mut out = Guarded::new(&vec![0.0f32; n]);
        let mut ix = Guarded::new(&perm);
        k.run(&NdRange::d1(n as u64).local(&[8]), &mut [ix.arg(), out.arg()])
            .unwrap_or_else(|e| panic!("{what}: an in-bounds scatter failed: {e}"));
        let got = out.values();
        for (i, p) in perm.iter().enumerate() {
            assert_eq!(got[*p as usize], i as f32, "{what}: out[{p}]");
        }
        let mut bad = perm.clone();
        bad[21] = n as i32;
        let mut ix = Guarded::new(&bad);
        let m = oob(&k, NdRange::d1(n as u64).local(&[8]), &mut [ix.arg(), out.arg()], what);
        mentions(&m, &["argument 1 `out`", "byte offset 160", "of 4 bytes", "global id (21)"], what);
        out.assert_guards(what);
    });
}

#[test]
fn private_array_one_past_the_end() {
    each(|p, what| {
        let k = p.kernel("oob_private").unwrap();
        let mut idx: Vec<i32> = (0..16).map(|i| i % 8).collect();
        idx[13] = 8;
        let mut idx = Guarded::new(&idx);
        let mut out = Guarded::new(&[0i32; 16]);
        let m = oob(&k, NdRange::d1(16).local(&[8]), &mut [idx.arg(), out.arg()], what);
        mentions(&m, &["private", "byte offset 32", "of 4 bytes", "global id (13)"], what);
        out.assert_guards(what);
    });
}

#[test]
fn constant_memory_one_past_the_end() {
    each(|p, what| {
        let k = p.kernel("oob_constant_table").unwrap();
        let mut idx = vec![0i32, 1, 2, 3, 0, 1, 2, 3];
        idx[6] = 4;
        let mut idx = Guarded::new(&idx);
        let mut out = Guarded::new(&[0i32; 8]);
        let m = oob(&k, NdRange::d1(8).local(&[4]), &mut [idx.arg(), out.arg()], what);
        mentions(&m, &["constant", "of 4 bytes", "global id (6)"], what);
        out.assert_guards(what);

        let k = p.kernel("oob_constant_arg").unwrap();
        let c = Guarded::new(&[3.0f32; 8]);
        let mut out = Guarded::new(&[0.0f32; 8]);
        let m = oob(&k, NdRange::d1(8).local(&[4]), &mut [c.read_only(), out.arg()], what);
        mentions(&m, &["argument 0 `c`", "byte offset 32", "global id (7)"], what);
        out.assert_guards(what);
    });
}

#[test]
fn in_bounds_runs_are_unaffected_and_unchecked_builds_skip_the_checks() {
    each(|p, what| {
        let k = p.kernel("copy").unwrap();
        let input: Vec<f32> = (0..100).map(|i| i as f32).collect();
        let mut out = Guarded::new(&[0.0f32; 100]);
        let mut input = input;
        k.run(&NdRange::d1(100), &mut [Arg::buffer(&mut input), out.arg()]).unwrap_or_else(|e| panic!("{what}: {e}"));
        out.assert_guards(what);
    });
    // Unchecked: an access one past the end of a sub-slice is not reported (it stays
    // inside the larger vector, so this is safe to do here).
    for lanes in LANES {
        let p = program("safety.O2.spv", lanes, false);
        let k = p.kernel("oob_global_load").unwrap();
        let big = vec![1.0f32; 41];
        let mut out = vec![0.0f32; 40];
        let mut big = big;
        k.run(&NdRange::d1(40), &mut [Arg::buffer(&mut big[..40]), Arg::buffer(&mut out)])
            .unwrap_or_else(|e| panic!("unchecked at W = {lanes}: {e}"));
    }
}

#[test]
fn endless_kernels_stop_at_the_time_limit_and_the_next_call_works() {
    for lanes in LANES {
        let p = program("safety.O2.spv", lanes, true);
        let limit = Duration::from_millis(50);
        let opts = RunOptions::timeout(limit);
        let mut out = vec![0i32; 64];
        for name in ["spin_forever", "spin_on_memory"] {
            let k = p.kernel(name).unwrap();
            let mut flag = vec![0i32; 1];
            let start = Instant::now();
            let r = if name == "spin_forever" {
                k.run_with(&NdRange::d1(64), &mut [Arg::buffer(&mut out)], &opts)
            } else {
                k.run_with(&NdRange::d1(64), &mut [Arg::buffer(&mut flag), Arg::buffer(&mut out)], &opts)
            };
            let took = start.elapsed();
            match r {
                Err(e @ Error::TimedOut { .. }) => assert!(e.to_string().contains("time limit"), "{e}"),
                other => panic!("{name} at W = {lanes}: want a time-out, got {other:?}"),
            }
            assert!(took < limit + Duration::from_millis(100), "{name} at W = {lanes}: stopped after {took:?}");
        }
        // Barriers in an endless loop: `n` never reached.
        let k = p.kernel("spin_on_barriers").unwrap();
        let start = Instant::now();
        let r = k.run_with(&NdRange::d1(32).local(&[16]), &mut [Arg::buffer(&mut out), Arg::value(-1i32)], &opts);
        assert!(matches!(r, Err(Error::TimedOut { .. })), "barrier loop at W = {lanes}: {r:?}");
        assert!(start.elapsed() < limit + Duration::from_millis(100), "barrier loop: {:?}", start.elapsed());
        // The next call works.
        let k = p.kernel("copy").unwrap();
        let mut input = vec![4.0f32; 64];
        let mut res = vec![0.0f32; 64];
        k.run_with(&NdRange::d1(64), &mut [Arg::buffer(&mut input), Arg::buffer(&mut res)], &opts).unwrap();
        assert!(res.iter().all(|v| *v == 4.0));
    }
}

#[test]
fn a_cancel_token_stops_an_endless_kernel_promptly() {
    let p = program("safety.O2.spv", 4, true);
    let k = p.kernel("spin_forever").unwrap();
    let token = CancelToken::new();
    let t2 = token.clone();
    let asked = std::sync::Arc::new(std::sync::Mutex::new(None));
    let asked2 = asked.clone();
    let h = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(30));
        *asked2.lock().unwrap() = Some(Instant::now());
        t2.cancel();
    });
    let mut out = vec![0i32; 64];
    let r = k.run_with(&NdRange::d1(64), &mut [Arg::buffer(&mut out)], &RunOptions::cancel(&token));
    let stopped = Instant::now();
    h.join().unwrap();
    assert!(matches!(r, Err(Error::Cancelled { .. })), "{r:?}");
    let asked = asked.lock().unwrap().expect("the cancel thread ran");
    assert!(
        stopped.duration_since(asked) < Duration::from_millis(100),
        "stopped {:?} after the request",
        stopped - asked
    );
}

#[test]
fn concurrent_dispatches_do_not_interfere() {
    let p = program("safety.O2.spv", 4, true);
    std::thread::scope(|s| {
        for t in 0..4 {
            let p = p.clone();
            s.spawn(move || {
                for round in 0..10 {
                    if t == 3 && round % 2 == 0 {
                        // A failing dispatch next to the good ones.
                        let k = p.kernel("oob_global_store").unwrap();
                        let mut input = vec![1.0f32; 64];
                        let mut out = Guarded::new(&[0.0f32; 64]);
                        let r = k.run(&NdRange::d1(64), &mut [Arg::buffer(&mut input), out.arg()]);
                        assert!(matches!(r, Err(Error::Kernel { .. })), "{r:?}");
                        out.assert_guards("concurrent failing run");
                        continue;
                    }
                    let k = p.kernel("copy").unwrap();
                    let n = 1000 + 17 * t;
                    let mut input: Vec<f32> = (0..n).map(|i| (i * (t + 1) + round) as f32).collect();
                    let want = input.clone();
                    let mut out = vec![0.0f32; n];
                    k.run(&NdRange::d1(n as u64), &mut [Arg::buffer(&mut input), Arg::buffer(&mut out)]).unwrap();
                    assert_eq!(out, want, "thread {t} round {round}");
                }
            });
        }
    });
}

#[test]
fn cli_timeout_stops_an_endless_kernel() {
    let module = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/safety/safety.O2.spv");
    let start = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_spirjit"))
        .args(["run", &module.display().to_string(), "--kernel", "spin_forever", "--global", "8"])
        .args(["--arg", "i32[8]=zeros", "--timeout", "0.1"])
        .output()
        .expect("the spirjit binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {err}");
    assert!(err.contains("time limit"), "stderr: {err}");
    assert!(start.elapsed() < Duration::from_secs(5), "took {:?}", start.elapsed());
}

#[test]
fn undefined_operations_give_defined_results() {
    each(|p, what| {
        let k = p.kernel("undefined_ops").unwrap();
        // a / 0, a % 0, INT_MIN / -1, shifts by 33 and -1, (int)NaN, (int)1e20f.
        let mut a = vec![7i32, 7, i32::MIN, 1, 1, 0, 0];
        let mut b = vec![0i32, 0, -1, 33, -1, 0, 0];
        let mut out = vec![-5i32; 7];
        k.run(&NdRange::d1(7), &mut [Arg::buffer(&mut a), Arg::buffer(&mut b), Arg::buffer(&mut out)])
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(out[0], 0, "{what}: 7 / 0");
        assert_eq!(out[1], 0, "{what}: 7 % 0");
        assert_eq!(out[2], i32::MIN, "{what}: INT_MIN / -1");
        assert_eq!(out[3], 2, "{what}: 1 << 33 is 1 << 1");
        assert_eq!(out[4], i32::MIN, "{what}: 1 << -1 is 1 << 31");
        // Out-of-range float-to-int conversions are some value, never a trap.
        let _ = (out[5], out[6]);
    });
}

// ---- images ---------------------------------------------------------------------------

/// The image kernels (`tests/kernels/images/images.cl`), both builds, W = 1 and 4.
fn image_programs() -> Vec<(String, Program, Vec<u8>, u32)> {
    let mut out = Vec::new();
    for build in ["images.O0.spv", "images.O2.spv"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/images").join(build);
        let bytes = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; run tests/kernels/images/build.sh", path.display()));
        for lanes in LANES {
            let p = Program::with_options(&bytes, &Options { lanes, checked: true, robust_buffer_access: false })
                .unwrap_or_else(|e| panic!("{build}: {e}"));
            out.push((format!("{build} at W = {lanes}"), p, bytes.clone(), lanes));
        }
    }
    out
}

/// A 4×4 RGBA float image whose element i is (i, i + 0.25, i + 0.5, i + 0.75), and
/// those colors as a buffer.
fn float_image() -> (spirjit::Image, Vec<[f32; 4]>) {
    use spirjit::{ChannelOrder, ChannelType, Image};
    let colors: Vec<[f32; 4]> = (0..16).map(|i| [i as f32, i as f32 + 0.25, i as f32 + 0.5, i as f32 + 0.75]).collect();
    let img = Image::image2d(ChannelOrder::RGBA, ChannelType::Float, 4, 4, spirjit::bytes_of(&colors[..]))
        .expect("a 4x4 float image");
    (img, colors)
}

#[test]
fn image_write_outside_the_image() {
    for (what, p, bytes, lanes) in image_programs() {
        let (mut img, colors) = float_image();
        let before = img.bytes().to_vec();
        // In-range work-items write the values the image already holds; (4, 0) is outside.
        let mut input = Guarded::new(&colors);
        let k = p.kernel("write2d_f").unwrap();
        let m = oob(&k, NdRange::d2(5, 1), &mut [Arg::image(&mut img), input.arg()], &what);
        mentions(&m, &["argument 0 `", "image2d_t", "of 16 bytes at byte offset 64", "(4, 0)"], &what);
        assert_eq!(img.bytes(), &before[..], "{what}: the image changed");
        input.assert_guards(&what);
        // Unchecked builds drop the write silently (OpenCL leaves it undefined).
        let unchecked =
            Program::with_options(&bytes, &Options { lanes, checked: false, robust_buffer_access: false }).unwrap();
        unchecked
            .kernel("write2d_f")
            .unwrap()
            .run(&NdRange::d2(5, 1), &mut [Arg::image(&mut img), input.arg()])
            .unwrap_or_else(|e| panic!("{what}, unchecked: {e}"));
        assert_eq!(img.bytes(), &before[..], "{what}: the image changed (unchecked)");
    }
}

#[test]
fn image_read_without_sampler_outside_the_image() {
    for (what, p, ..) in image_programs() {
        let (mut img, _) = float_image();
        let before = img.bytes().to_vec();
        let mut out = Guarded::new(&[[0f32; 4]; 16]);
        let k = p.kernel("read2d_f").unwrap();
        let m = oob(&k, NdRange::d2(5, 1), &mut [Arg::image(&mut img), out.arg()], &what);
        mentions(&m, &["argument 0 `", "image2d_t", "of 16 bytes at byte offset 64", "(4, 0)"], &what);
        assert_eq!(img.bytes(), &before[..], "{what}: the image changed");
        out.assert_guards(&what);
    }
}

#[test]
fn image_reads_with_a_sampler_outside_the_image_are_defined() {
    use spirjit::{AddressingMode, FilterMode, Sampler};
    for (what, p, ..) in image_programs() {
        let (mut img, colors) = float_image();
        let coords: Vec<[i32; 2]> = vec![[-3, 0], [7, 1], [2, 9], [-1, -1]];
        let mut out = vec![[9f32; 4]; 4];
        let s = Sampler::new(false, AddressingMode::ClampToEdge, FilterMode::Nearest);
        p.kernel("sample2d_int")
            .unwrap()
            .run(
                &NdRange::d1(4),
                &mut [Arg::image(&mut img), Arg::sampler(s), Arg::buffer(&mut coords.clone()), Arg::buffer(&mut out)],
            )
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(out, vec![colors[0], colors[7], colors[14], colors[0]], "{what}");
    }
}

/// A kernel that cannot tell work-groups apart runs neighbouring ones as one larger
/// work-group (one entry call): with a global offset and a range that ends inside its
/// last work-group, in-bounds launches write every element, and an access past the end
/// is still reported with its own work-group, work-item and global id.
#[test]
fn merged_work_groups_keep_ids_and_errors() {
    let (n, offset, local) = (1000usize, 24usize, 64u64);
    for build in BUILDS {
        for lanes in [1, 4, 16] {
            let what = &format!("{build} at W = {lanes}");
            let p = program(build, lanes, true);
            let k = p.kernel("oob_global_load").unwrap();
            let range = || NdRange::d1(n as u64).local(&[local]).offset(&[offset as u64]);
            // In bounds: out[i] = in[i + 1] for every global id i in offset..offset + n.
            let values: Vec<f32> = (0..offset + n + 1).map(|i| i as f32).collect();
            let mut input = Guarded::new(&values);
            let mut out = Guarded::new(&vec![-1.0f32; offset + n]);
            k.run(&range(), &mut [input.arg(), out.arg()]).unwrap_or_else(|e| panic!("{what}: {e}"));
            out.assert_guards(what);
            let bytes = &out.raw[GUARD..GUARD + 4 * (offset + n)];
            for (i, x) in bytes.chunks_exact(4).enumerate() {
                let x = f32::from_le_bytes([x[0], x[1], x[2], x[3]]);
                let want = if i < offset { -1.0 } else { (i + 1) as f32 };
                assert_eq!(x, want, "{what}: out[{i}]");
            }
            // One element short: global id offset + n - 1 (work-group 15, local id 39)
            // reads past the end.
            let mut input = Guarded::new(&values[..offset + n]);
            let mut out = Guarded::new(&vec![0.0f32; offset + n]);
            let m = oob(&k, range(), &mut [input.arg(), out.arg()], what);
            let last = offset + n - 1;
            let (group, item) = ((last - offset) / local as usize, (last - offset) % local as usize);
            mentions(
                &m,
                &[
                    "argument 0 `in`",
                    &format!("byte offset {}", 4 * (last + 1)),
                    &format!("work-group ({group})"),
                    &format!("work-item ({item})"),
                    &format!("global id ({last})"),
                ],
                what,
            );
            input.assert_guards(what);
            out.assert_guards(what);
        }
    }
}

/// Work-groups more than one row high merge along x into wider tiles (one entry call)
/// when the kernel cannot tell them apart: a 2-D stencil whose input is one row short
/// still reports the access with its own work-group, work-item and global id.
#[test]
fn merged_tiles_keep_ids_and_errors() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/steady.O2.spv");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (w, h) = (64usize, 48usize);
    for lanes in [1, 4, 16] {
        let what = &format!("interior2d at W = {lanes}");
        let p = Program::with_options(&bytes, &Options { lanes, checked: true, robust_buffer_access: false })
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let k = p.kernel("interior2d").unwrap();
        let range = || NdRange::d2(w as u64, h as u64).local(&[16, 4]);
        // The whole input: every element written, the border copied.
        let values: Vec<f32> = (0..w * h).map(|i| (i % 13) as f32).collect();
        let (input, mut out) = (Guarded::new(&values), Guarded::new(&vec![0.0f32; w * h]));
        k.run(&range(), &mut [input.read_only(), out.arg(), Arg::value(w as i32), Arg::value(h as i32)])
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        out.assert_guards(what);
        let got: Vec<f32> = out.raw[GUARD..GUARD + 4 * w * h]
            .chunks_exact(4)
            .map(|x| f32::from_le_bytes([x[0], x[1], x[2], x[3]]))
            .collect();
        for y in 0..h {
            for x in 0..w {
                let c = y * w + x;
                let want = if x > 0 && y > 0 && x < w - 1 && y < h - 1 {
                    values[c - 1] + values[c + 1] + values[c - w] + values[c + w] - 4.0 * values[c]
                } else {
                    values[c]
                };
                assert_eq!(got[c], want, "{what}: out[{y}][{x}]");
            }
        }
        // One row short: the first interior point of row h - 2, (1, 46), reads row h - 1
        // past the end (work-group (0, 11), work-item (1, 2)).
        let (input, mut out) = (Guarded::new(&values[..w * (h - 1)]), Guarded::new(&vec![0.0f32; w * h]));
        let m = oob(&k, range(), &mut [input.read_only(), out.arg(), Arg::value(w as i32), Arg::value(h as i32)], what);
        mentions(&m, &["argument 0 ", "work-group (0, 11)", "work-item (1, 2)", "global id (1, 46)"], what);
        input.assert_guards(what);
    }
}

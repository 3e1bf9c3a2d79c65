//! Compile cost of large kernels (`benches/compile`, built by its `build.sh`): a
//! kernel of hundreds of kilobytes compiles at the default W within a memory cap and
//! computes what the scalar path computes; a many-kernel module compiles only the
//! kernel that runs. Not timed: memory is capped in a child process, and laziness is
//! observed through which kernels have compiled code.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::XorShift;
use spirjit::{Arg, NdRange, Options, Program};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/compile").join(name)
}

/// `spirjit info MODULE --lanes W` in a child process whose address space is capped at
/// `cap_mb` (`ulimit -v`): its exit status and output.
fn info_with_memory_cap(module: &Path, lanes: u32, cap_mb: u64) -> (bool, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" info \"$1\" --lanes {lanes}", cap_mb * 1024))
        .arg(env!("CARGO_BIN_EXE_spirjit"))
        .arg(module)
        .output()
        .expect("sh runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

#[test]
fn large_kernels_compile_at_w16_within_a_memory_cap() {
    // Before compile cost was made linear, the first needed more than 14 GB at W = 16
    // and the second aborted the process at W = 1 under an 8 GB cap.
    for name in ["intcheck.O1.spv", "intcheck64.O1.spv"] {
        let (ok, text) = info_with_memory_cap(&fixture(name), 16, 1024);
        assert!(ok, "{name} under a 1 GB address-space cap:\n{text}");
        let path = text.split("\npaths").nth(1).unwrap_or_default();
        assert!(path.contains("vector, W = 16") || path.contains("vector, W = 8"), "{name}: {path}");
    }
}

/// Buffers for `intcheck(in_char, in_uchar, in_short, in_ushort, in_int, in_uint,
/// [in_long, in_ulong,] errors)` over `n` work-items, with pseudo-random inputs.
struct IntcheckData {
    i8s: Vec<i8>,
    u8s: Vec<u8>,
    i16s: Vec<i16>,
    u16s: Vec<u16>,
    i32s: Vec<i32>,
    u32s: Vec<u32>,
    i64s: Vec<i64>,
    u64s: Vec<u64>,
    errors: Vec<i32>,
}

impl IntcheckData {
    fn new(n: usize, seed: u32) -> IntcheckData {
        let mut r = XorShift::new(seed);
        let len = 48 * n;
        let mut next64 = || (r.next_u32() as u64) << 32 | r.next_u32() as u64;
        let words: Vec<u64> = (0..len).map(|_| next64()).collect();
        IntcheckData {
            i8s: words.iter().map(|w| *w as i8).collect(),
            u8s: words.iter().map(|w| (*w >> 8) as u8).collect(),
            i16s: words.iter().map(|w| (*w >> 16) as i16).collect(),
            u16s: words.iter().map(|w| (*w >> 24) as u16).collect(),
            i32s: words.iter().map(|w| (*w >> 32) as i32).collect(),
            u32s: words.iter().map(|w| *w as u32).collect(),
            i64s: words.iter().map(|w| w.rotate_left(7) as i64).collect(),
            u64s: words.iter().map(|w| w.rotate_left(29)).collect(),
            errors: vec![-1; n],
        }
    }

    fn args(&mut self, int64: bool) -> Vec<Arg<'_>> {
        let mut a = vec![
            Arg::buffer(&mut self.i8s),
            Arg::buffer(&mut self.u8s),
            Arg::buffer(&mut self.i16s),
            Arg::buffer(&mut self.u16s),
            Arg::buffer(&mut self.i32s),
            Arg::buffer(&mut self.u32s),
        ];
        if int64 {
            a.push(Arg::buffer(&mut self.i64s));
            a.push(Arg::buffer(&mut self.u64s));
        }
        a.push(Arg::buffer(&mut self.errors));
        a
    }
}

#[test]
fn a_large_kernel_agrees_with_itself_component_by_component_at_every_width() {
    // The kernel checks each builtin's vector result against the same builtin applied to
    // each component: every work-item must count zero mismatches, at W = 1, 4 and 16 (or
    // the width the budget allows).
    for (name, int64) in [("intcheck.O1.spv", false), ("intcheck64.O1.spv", true)] {
        let bytes = std::fs::read(fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        for lanes in [1, 4, 16] {
            let p = Program::with_options(&bytes, &Options { lanes, checked: true, robust_buffer_access: false })
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let k = p.kernel("intcheck").unwrap();
            let n = 37;
            let mut data = IntcheckData::new(n, 0x5eed + lanes);
            k.run(&NdRange::d1(n as u64), &mut data.args(int64)).unwrap_or_else(|e| panic!("{name} W={lanes}: {e}"));
            let path = k.path().unwrap();
            assert!(data.errors.iter().all(|e| *e == 0), "{name} ({}): mismatches {:?}", path.note, data.errors);
        }
    }
}

#[test]
fn a_module_of_a_thousand_kernels_compiles_only_the_kernel_that_runs() {
    let bytes = std::fs::read(fixture("many1000.spv")).expect("many1000.spv");
    let p = Program::with_options(&bytes, &Options { lanes: 0, checked: true, robust_buffer_access: false }).unwrap();
    assert_eq!(p.kernel_names().len(), 1000);
    assert_eq!(p.compiled_kernel_count(), 0, "loading compiled kernels");
    let n = 100;
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let mut x = x.clone();
    let mut y = vec![1f32; n];
    let mut z = vec![0f32; n];
    // k1: z = a * b - c with a = x, b = y + 1.
    p.kernel("k1")
        .unwrap()
        .run(
            &NdRange::d1(n as u64),
            &mut [Arg::buffer(&mut x), Arg::buffer(&mut y), Arg::buffer(&mut z), Arg::value(0.5f32)],
        )
        .unwrap();
    assert_eq!(p.compiled_kernel_count(), 1, "running one kernel compiled others");
    for (i, v) in z.iter().enumerate() {
        assert_eq!(*v, i as f32 * 2.0 - 0.5, "item {i}");
    }
    p.compile_all().unwrap();
    assert_eq!(p.compiled_kernel_count(), 1000);
}

#[test]
fn deep_inlining_over_the_vector_budget_runs_on_the_scalar_path() {
    let bytes = std::fs::read(fixture("inlined.O0.spv")).expect("inlined.O0.spv");
    let p = Program::with_options(&bytes, &Options { lanes: 16, checked: true, robust_buffer_access: false }).unwrap();
    let k = p.kernel("inlined").unwrap();
    let path = k.path().unwrap();
    assert!(!path.vectorized, "{path:?}");
    assert!(path.note.contains("over the compile budget"), "{}", path.note);
    let n = 20;
    let mut x: Vec<f32> = (0..n).map(|i| i as f32 * 0.25).collect();
    let mut y = vec![f32::NAN; n];
    k.run(&NdRange::d1(n as u64), &mut [Arg::buffer(&mut x), Arg::buffer(&mut y)]).unwrap();
    assert!(y.iter().all(|v| v.is_finite()), "{y:?}");
}

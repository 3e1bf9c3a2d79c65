//! The rest of Vulkan compute (`tests/kernels/vulkan/asm/*.spvasm` and
//! `tests/kernels/vulkan/*.comp`, built by `tests/kernels/vulkan/build.sh`):
//! `OpQuantizeToF16`, `NonSemantic.DebugPrintf` and other non-semantic sets, row-major
//! and padded matrices in buffers, integer dot products, bit fields at 8/16/64 bits,
//! the remaining atomics, `Private` initializers, memory copies between storage classes
//! and descriptor arrays of buffers.
//!
//! Each kernel runs at W = 1 and 4; results must match a reference computed here.
//! Buffers are passed in (set, binding) order, push constants as one last argument.

use std::path::Path;

use spirjit::{Arg, NdRange, Options, Program};

const WIDTHS: [u32; 2] = [1, 4];

fn program(name: &str, lanes: u32) -> Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/vulkan").join(format!("{name}.spv"));
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; rebuild with tests/kernels/vulkan/build.sh", path.display()));
    Program::with_options(&bytes, &Options { lanes, checked: true, ..Options::default() })
        .unwrap_or_else(|e| panic!("{name} (lanes {lanes}): {e}"))
}

/// Run `main` of `name` over `n` invocations at every width; `run` gets a runner for
/// fresh arguments and returns the outputs to compare; every width must agree.
fn at_every_width<T: PartialEq + std::fmt::Debug>(
    name: &str,
    n: u64,
    mut run: impl FnMut(&mut dyn FnMut(&mut [Arg<'_>])) -> T,
) -> T {
    let mut first: Option<T> = None;
    for lanes in WIDTHS {
        let p = program(name, lanes);
        let k = p.kernel("main").unwrap_or_else(|e| panic!("{name}: {e}"));
        let got = run(&mut |args: &mut [Arg<'_>]| {
            k.run(&NdRange::d1(n), args).unwrap_or_else(|e| panic!("{name} (lanes {lanes}): {e}"));
        });
        match &first {
            None => first = Some(got),
            Some(f) => assert_eq!(f, &got, "{name}: lanes {lanes} differs from lanes 1"),
        }
    }
    first.unwrap_or_else(|| panic!("no widths"))
}

/// `x` rounded to the nearest binary16 value (ties to even), results below the smallest
/// normal half flushed to zero of the same sign, overflow to infinity.
fn quantize_ref(x: f32) -> f32 {
    if x.is_nan() || x.is_infinite() {
        return x;
    }
    let a = x.abs() as f64;
    let sign = if x.is_sign_negative() { -1.0f32 } else { 1.0 };
    if a >= 65520.0 {
        return sign * f32::INFINITY;
    }
    if a == 0.0 {
        return sign * 0.0;
    }
    let e = (((a.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(-14);
    let step = 2f64.powi(e - 10);
    let q = (a / step).round_ties_even() * step;
    if q < 2f64.powi(-14) {
        return sign * 0.0;
    }
    sign * q as f32
}

#[test]
fn quantize_to_f16_scalars_and_vectors() {
    let mut xs: Vec<f32> = vec![
        0.0,
        -0.0,
        1.0,
        1.0 / 3.0,
        -2.5e-5,
        1e-5,
        6.1035156e-5,
        6.1e-5,
        2f32.powi(-14) - 2f32.powi(-26),
        65504.0,
        65519.0,
        65520.0,
        -1e10,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1.0009765,
        1.0 + 2f32.powi(-11),
        1.0 + 3.0 * 2f32.powi(-11),
        -123.456,
    ];
    let mut s = 0x1234_5678u32;
    while xs.len() < 64 {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        xs.push(f32::from_bits((s & 0x807f_ffff) | ((s % 60 + 97) << 23)));
    }
    let n = xs.len();
    let out = at_every_width("asm/quantize", n as u64, |run| {
        let mut out = vec![0f32; 3 * n];
        run(&mut [Arg::read_only(&xs), Arg::buffer(&mut out)]);
        out.iter().map(|f| f.to_bits()).collect::<Vec<_>>()
    });
    for (i, &x) in xs.iter().enumerate() {
        let want = [quantize_ref(x), quantize_ref(x), quantize_ref(x * -0.5)];
        for (k, w) in want.iter().enumerate() {
            let got = f32::from_bits(out[3 * i + k]);
            let same = if w.is_nan() { got.is_nan() } else { got.to_bits() == w.to_bits() };
            assert!(same, "quantize x = {x:e} ({k}): got {got:e}, want {w:e}");
        }
    }
}

#[test]
fn debug_printf_prints_like_printf_and_other_non_semantic_sets_are_ignored() {
    let n = 12usize;
    let input: Vec<u32> = (0..n as u32).map(|i| i * 7 + 3).collect();
    let mut want = String::new();
    for (i, &x) in input.iter().enumerate() {
        if x % 2 == 1 {
            want += &format!("i={i} f={:.2} v={x},{i} 100%\n", x as f32 * 0.25);
        }
        want += "no arguments\n";
    }
    for lanes in WIDTHS {
        let p = program("asm/debug_printf", lanes);
        let k = p.kernel("main").unwrap_or_else(|e| panic!("{e}"));
        let mut out = vec![0u32; n];
        let (_, text) = k
            .run_capturing(&NdRange::d1(n as u64), &mut [Arg::read_only(&input), Arg::buffer(&mut out)])
            .unwrap_or_else(|e| panic!("lanes {lanes}: {e}"));
        assert_eq!(text, want, "lanes {lanes}");
        assert_eq!(out, input.iter().map(|x| x * 2).collect::<Vec<_>>(), "lanes {lanes}");
    }
}

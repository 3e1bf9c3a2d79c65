//! Vulkan compute modules beyond the first slice (`tests/kernels/vulkan/*.comp` and
//! `tests/kernels/vulkan/asm/*.spvasm`, built by `tests/kernels/vulkan/build.sh`):
//! arithmetic at 8, 16 and 64 bits, half and double, and the conversions between them;
//! matrices; dynamic vector indexing, logical copies, memory copies, composite and
//! pointer selects, pointer arithmetic and comparisons; extended integer arithmetic and
//! bit fields; debug information; shared variables with null initializers and aliasing
//! explicit-layout blocks; every atomic; barriers and structured control flow.
//!
//! Each kernel runs at W = 1, 4 and 8; results must match bit for bit between widths and
//! a reference computed here. Buffers are passed in (set, binding) order, push
//! constants as one last by-value argument. A missing `.spv` is a failure.

use std::path::Path;

mod common;

use spirjit::{Arg, NdRange, Options, Program};

const WIDTHS: [u32; 3] = [1, 4, 8];

fn program(name: &str, lanes: u32) -> Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/vulkan").join(format!("{name}.spv"));
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; rebuild with tests/kernels/vulkan/build.sh", path.display()));
    Program::with_options(&bytes, &Options { lanes, ..Options::default() })
        .unwrap_or_else(|e| panic!("{name} (lanes {lanes}): {e}"))
}

/// Run `main` of `name` over `n` invocations at every width; `args` gets fresh
/// arguments for each run and returns the outputs as words to compare.
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

/// The binary16 bits nearest to `x` (ties to even), with overflow to infinity.
fn f16_bits(x: f64) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = x.abs();
    if a.is_nan() {
        return sign | 0x7e00;
    }
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    // Scale so that the last kept bit is the units digit, round to even, rebuild.
    let e = if a < 2f64.powi(-14) { -14 } else { a.log2().floor() as i32 };
    let q = (a / 2f64.powi(e - 10)).round_ties_even();
    let v = q * 2f64.powi(e - 10);
    let (e, m) = if v >= 2f64.powi(e + 1) { (e + 1, 0u16) } else { (e, (q as u32 & 0x3ff) as u16) };
    if v == 0.0 {
        return sign;
    }
    if v < 2f64.powi(-14) {
        return sign | (v / 2f64.powi(-24)) as u16;
    }
    sign | (((e + 15) as u16) << 10) | m
}

fn f16_value(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f64;
    sign * match e {
        0 => m * 2f64.powi(-24),
        31 => f64::INFINITY,
        _ => (1.0 + m / 1024.0) * 2f64.powi(e - 15),
    }
}

#[test]
fn narrow_and_wide_arithmetic_and_conversions() {
    let n = 32usize;
    let mut r = common::XorShift::new(11);
    let v: Vec<i32> =
        (0..n).map(|i| if i < 4 { [0, -1, 1000, -1000][i] } else { (r.next_u32() % 2001) as i32 - 1000 }).collect();
    let (a8, b8, a16, b16) = (-7i8, 6u8, -1234i16, 300u16);
    let mut push = vec![a8 as u8, b8];
    push.extend_from_slice(&a16.to_le_bytes());
    push.extend_from_slice(&b16.to_le_bytes());
    let got = at_every_width("widths", n as u64, |run| {
        let (mut o8, mut o16, mut o64) = (vec![0i8; 4 * n], vec![0i16; 4 * n], vec![0i64; 4 * n]);
        let (mut oh, mut od, mut oc) = (vec![0u16; 4 * n], vec![0f64; 4 * n], vec![0i32; 8 * n]);
        run(&mut [
            Arg::read_only(&v),
            Arg::buffer(&mut o8),
            Arg::buffer(&mut o16),
            Arg::buffer(&mut o64),
            Arg::buffer(&mut oh),
            Arg::buffer(&mut od),
            Arg::buffer(&mut oc),
            Arg::bytes(&push),
        ]);
        (o8, o16, o64, oh, od.iter().map(|d| d.to_bits()).collect::<Vec<_>>(), oc)
    });
    let (o8, o16, o64, oh, od, oc) = got;
    for (i, &x) in v.iter().enumerate() {
        let (x8, u8_, x16, u16_, x64) = (x as i8, x as u8, x as i16, x as u16, x as i64);
        let want8 = [
            x8.wrapping_mul(3).wrapping_add(a8),
            (x8 >> 1) ^ (u8_ >> 2) as i8,
            (u8_ / (b8 | 1)) as i8,
            if x8 < a8 { x8.rem_euclid(7) } else { x8.min(-5) },
        ];
        assert_eq!(&o8[4 * i..4 * i + 4], &want8, "int8, x = {x}");
        let want16 = [
            x16.wrapping_mul(300).wrapping_add(a16),
            ((u16_ >> 3) as i16).wrapping_sub(x16 >> 3),
            (u16_ / (b16 | 1)) as i16,
            x8 as i16 + u8_ as i16,
        ];
        assert_eq!(&o16[4 * i..4 * i + 4], &want16, "int16, x = {x}");
        let u64_ = x as u32 as u64;
        let want64 = [
            x64.wrapping_mul(0x1_0000_0001).wrapping_add(a16 as i64),
            ((u64_ << 33) as i64) >> 7,
            (u64_.wrapping_mul(0x9E37_79B9_7F4A_7C15) / 12345) as i64,
            x64 / -3 + x64.rem_euclid(5),
        ];
        assert_eq!(&o64[4 * i..4 * i + 4], &want64, "int64, x = {x}");
        let h = x as f64;
        let wanth =
            [f16_bits(h * 0.25 + 1.5), f16_bits(x8 as f64 - (u16_ & 255) as f64), f16_bits(h * h), f16_bits(-h / 8.0)];
        assert_eq!(&oh[4 * i..4 * i + 4], &wanth, "half, x = {x}");
        let d = x as f64;
        let wantd =
            [d / 3.0 + 0.1, h * 0.25 + (x64 * 1_000_000_007) as f64, d.abs().sqrt() * 1e10, d.mul_add(d, -1.0 / 7.0)];
        let wantd: Vec<u64> = wantd.iter().map(|w| w.to_bits()).collect();
        assert_eq!(&od[4 * i..4 * i + 4], &wantd[..], "double, x = {x}");
        let third = f16_value(f16_bits((x as f32 / 3.0) as f64));
        let wantc = [
            (d * 1.5) as i32,
            x8 as i32 * 2,
            x16 as u8 as i32,
            (d * 3.0) as i64 as i32,
            x8 as i16 as u16 as i32,
            (((d / 7.0) as f32) * 100.0) as i32,
            ((u8_ as u64 * 0xFFFF_FFFF) >> 8) as i32,
            f16_value(f16_bits(third * 16.0)) as i32,
        ];
        assert_eq!(&oc[8 * i..8 * i + 8], &wantc, "conversions, x = {x}");
    }
}

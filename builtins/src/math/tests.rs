//! Quick accuracy checks of the math builtins: the worst ulp error of each `f32` function
//! over ~100k inputs against an `f64` reference (bounded by the OpenCL 1.2 full-profile
//! limits), plus special values and the `f64` functions written here (`sinpi`, `rootn`,
//! ...). A full accuracy harness is separate.

use super::*;
use crate::test_util::Rng;

/// Error of `got` against the exact-ish `want`, in ulps of `f32` at `want`.
fn ulps_f32(got: f32, want: f64) -> f64 {
    if want.is_nan() {
        return if got.is_nan() { 0.0 } else { f64::INFINITY };
    }
    if got.is_infinite() || want.is_infinite() || want.abs() > f64::from(f32::MAX) {
        // Overflow must give the correctly signed infinity (or MAX when barely above).
        return if (want as f32) == got || f64::from(got) == want { 0.0 } else { f64::INFINITY };
    }
    if got.is_nan() {
        return f64::INFINITY;
    }
    let e = if want == 0.0 { -126 } else { ilogb(want).max(-126) };
    let ulp = 2f64.powi(e - 23);
    (f64::from(got) - want).abs() / ulp
}

/// Error in ulps of `f64` at `want` (for references computed in a different way).
fn ulps_f64(got: f64, want: f64) -> f64 {
    if want.is_nan() || got.is_nan() {
        return if want.is_nan() && got.is_nan() { 0.0 } else { f64::INFINITY };
    }
    if got == want {
        return 0.0;
    }
    let e = if want == 0.0 { -1022 } else { ilogb(want).max(-1022) };
    (got - want).abs() / 2f64.powi(e - 52)
}

/// Inputs: half uniformly random bit patterns, half uniform in `[lo, hi]`.
fn inputs(seed: u64, lo: f64, hi: f64) -> Vec<f32> {
    let mut rng = Rng::new(seed);
    let mut v = vec![0.0, -0.0, 1.0, -1.0, 0.5, -0.5, f32::INFINITY, f32::NEG_INFINITY, f32::NAN];
    v.extend([f32::MAX, f32::MIN_POSITIVE, 1e-45, -1e-45, 1e30, -1e30, 3.0, 100.0]);
    for i in 0..100_000 {
        let r = rng.next_u64();
        if i % 2 == 0 {
            v.push(f32::from_bits(r as u32));
        } else {
            v.push((lo + (hi - lo) * (r >> 11) as f64 / (1u64 << 53) as f64) as f32);
        }
    }
    v
}

fn check_unary(name: &str, f: extern "C" fn(f32) -> f32, reference: fn(f64) -> f64, limit: f64, lo: f64, hi: f64) {
    let mut worst = (0.0, 0.0f32);
    for x in inputs(name.len() as u64, lo, hi) {
        let e = ulps_f32(f(x), reference(f64::from(x)));
        if e > worst.0 || e.is_nan() {
            worst = (e, x);
        }
    }
    assert!(
        worst.0 <= limit,
        "{name}: {} ulp at x = {:e} ({:#x}): got {:e}, want {:e}",
        worst.0,
        worst.1,
        worst.1.to_bits(),
        f(worst.1),
        reference(f64::from(worst.1))
    );
}

fn check_binary(name: &str, f: extern "C" fn(f32, f32) -> f32, reference: fn(f64, f64) -> f64, limit: f64) {
    let xs = inputs(name.len() as u64, -10.0, 10.0);
    let ys = inputs(name.len() as u64 + 1, -10.0, 10.0);
    let mut worst = (0.0, 0.0f32, 0.0f32);
    for (&x, &y) in xs.iter().zip(ys.iter().rev()) {
        let e = ulps_f32(f(x, y), reference(f64::from(x), f64::from(y)));
        if e > worst.0 {
            worst = (e, x, y);
        }
    }
    let (e, x, y) = worst;
    assert!(e <= limit.max(0.5), "{name}: {e} ulp at ({x:e}, {y:e}): got {:e}", f(x, y));
}

/// Reference for `f(pi * x)`: `f(pi * (x mod 2))` (the reduction is exact), except at
/// integers and half-integers, where the result is an exact 0, ±1 or ±inf that rounding
/// `pi` would blur; those take the implementation's special-value path `exact`.
fn pi_ref(x: f64, f: fn(f64) -> f64, exact: fn(f64) -> f64) -> f64 {
    if !x.is_finite() || (2.0 * x).fract() == 0.0 {
        exact(x)
    } else {
        f(std::f64::consts::PI * (x % 2.0))
    }
}

#[test]
fn unary_f32_accuracy() {
    use std::f64::consts::PI;
    type Case = (&'static str, extern "C" fn(f32) -> f32, fn(f64) -> f64, f64, f64, f64);
    let cases: &[Case] = &[
        ("acos", acos_f32, f64::acos, 4.0, -1.0, 1.0),
        ("acosh", acosh_f32, f64::acosh, 4.0, 1.0, 100.0),
        ("acospi", acospi_f32, |x| x.acos() / PI, 5.0, -1.0, 1.0),
        ("asin", asin_f32, f64::asin, 4.0, -1.0, 1.0),
        ("asinh", asinh_f32, f64::asinh, 4.0, -100.0, 100.0),
        ("asinpi", asinpi_f32, |x| x.asin() / PI, 5.0, -1.0, 1.0),
        ("atan", atan_f32, f64::atan, 5.0, -100.0, 100.0),
        ("atanh", atanh_f32, f64::atanh, 5.0, -1.0, 1.0),
        ("atanpi", atanpi_f32, |x| x.atan() / PI, 5.0, -100.0, 100.0),
        ("cbrt", cbrt_f32, f64::cbrt, 2.0, -1e6, 1e6),
        ("ceil", ceil_f32, f64::ceil, 0.0, -1e3, 1e3),
        ("cos", cos_f32, f64::cos, 4.0, -1e4, 1e4),
        ("cosh", cosh_f32, f64::cosh, 4.0, -90.0, 90.0),
        ("cospi", cospi_f32, |x| pi_ref(x, f64::cos, cospi), 4.0, -1e3, 1e3),
        ("erf", erf_f32, libm::erf, 16.0, -5.0, 5.0),
        ("erfc", erfc_f32, libm::erfc, 16.0, -5.0, 12.0),
        ("exp", exp_f32, f64::exp, 3.0, -110.0, 90.0),
        ("exp2", exp2_f32, f64::exp2, 3.0, -150.0, 130.0),
        ("exp10", exp10_f32, |x| (x * std::f64::consts::LN_10).exp(), 3.0, -45.0, 39.0),
        ("expm1", expm1_f32, f64::exp_m1, 3.0, -20.0, 90.0),
        ("fabs", fabs_f32, f64::abs, 0.0, -1.0, 1.0),
        ("floor", floor_f32, f64::floor, 0.0, -1e3, 1e3),
        ("lgamma", lgamma_f32, libm::lgamma, 16.0, 0.5, 100.0),
        ("log", log_f32, f64::ln, 3.0, 0.0, 1e3),
        ("log2", log2_f32, f64::log2, 3.0, 0.0, 1e3),
        ("log10", log10_f32, f64::log10, 3.0, 0.0, 1e3),
        ("log1p", log1p_f32, f64::ln_1p, 2.0, -1.0, 1e3),
        ("logb", logb_f32, |x| x.abs().log2().floor(), 0.0, -1e3, 1e3),
        ("rint", rint_f32, f64::round_ties_even, 0.0, -1e3, 1e3),
        ("round", round_f32, f64::round, 0.0, -1e3, 1e3),
        ("rsqrt", rsqrt_f32, |x| 1.0 / x.sqrt(), 2.0, 0.0, 1e3),
        ("sin", sin_f32, f64::sin, 4.0, -1e4, 1e4),
        ("sinh", sinh_f32, f64::sinh, 4.0, -90.0, 90.0),
        ("sinpi", sinpi_f32, |x| pi_ref(x, f64::sin, sinpi), 4.0, -1e3, 1e3),
        ("sqrt", sqrt_f32, f64::sqrt, 0.0, 0.0, 1e3),
        ("tan", tan_f32, f64::tan, 5.0, -1e4, 1e4),
        ("tanh", tanh_f32, f64::tanh, 5.0, -20.0, 20.0),
        ("tanpi", tanpi_f32, |x| pi_ref(x, f64::tan, tanpi), 6.0, -1e3, 1e3),
        ("tgamma", tgamma_f32, libm::tgamma, 16.0, -30.0, 36.0),
        ("trunc", trunc_f32, f64::trunc, 0.0, -1e3, 1e3),
    ];
    for &(name, f, reference, limit, lo, hi) in cases {
        // A correctly rounded result (limit 0) is within half an ulp of the reference.
        check_unary(name, f, reference, limit.max(0.5), lo, hi);
    }
}

#[test]
fn binary_f32_accuracy() {
    check_binary("atan2", atan2_f32, f64::atan2, 6.0);
    check_binary("atan2pi", atan2pi_f32, |y, x| y.atan2(x) / std::f64::consts::PI, 6.0);
    check_binary("hypot", hypot_f32, f64::hypot, 4.0);
    check_binary("pow", pow_f32, f64::powf, 16.0);
    check_binary("powr", powr_f32, powr, 16.0);
    check_binary("fmod", fmod_f32, |x, y| x % y, 0.0);
    check_binary("fdim", fdim_f32, fdim, 0.0);
    check_binary("remainder", remainder_f32, libm::remainder, 0.0);
    check_binary("fmax", fmax_f32, f64::max, 0.0);
    check_binary("fmin", fmin_f32, f64::min, 0.0);
    check_binary("copysign", copysign_f32, f64::copysign, 0.0);
    for n in [-7, -3, -2, -1, 1, 2, 3, 4, 5, 17, 100] {
        for x in inputs((n + 200) as u64, -100.0, 100.0).into_iter().take(5_000) {
            let (x64, n64) = (f64::from(x), f64::from(n));
            let e = ulps_f32(pown_f32(x, n), x64.powf(n64));
            assert!(e <= 16.0, "pown({x:e}, {n}): {e} ulp");
            let root = if x < 0.0 && n % 2 == 0 {
                f64::NAN
            } else if x < 0.0 {
                -(-x64).powf(1.0 / n64)
            } else {
                x64.powf(1.0 / n64)
            };
            let e = ulps_f32(rootn_f32(x, n), if x == 0.0 { rootn(x64, n) } else { root });
            assert!(e <= 16.0, "rootn({x:e}, {n}): {e} ulp, got {:e}", rootn_f32(x, n));
        }
    }
}

#[test]
fn ldexp_ilogb_nextafter_exact() {
    assert_eq!(ldexp_f32(1.0, -149), 1e-45);
    assert_eq!(ldexp_f32(1.5, -149), f32::from_bits(2)); // ties to even
    assert_eq!(ldexp_f32(1.0, 128), f32::INFINITY);
    assert_eq!(ldexp_f64(1.0, -1074), 5e-324);
    assert_eq!(ilogb_f32(1e-45), -149);
    assert_eq!(ilogb_f32(0.0), FP_ILOGB0);
    assert_eq!(ilogb_f64(f64::NAN), FP_ILOGBNAN);
    assert_eq!(ilogb_f64(5e-324), -1074);
    assert_eq!(ilogb_f64(-1024.5), 10);
    assert_eq!(logb_f32(0.0), f32::NEG_INFINITY);
    assert_eq!(nextafter_f32(0.0, 1.0), 1e-45);
    assert_eq!(nextafter_f64(1.0, 0.0), 1.0 - f64::EPSILON / 2.0);
    assert_eq!(maxmag_f32(-3.0, 2.0), -3.0);
    assert_eq!(minmag_f32(-3.0, 2.0), 2.0);
    assert!(fdim_f64(f64::NAN, 1.0).is_nan());
    assert_eq!(fdim_f32(1.0, 2.0), 0.0);
    assert_eq!(exp10_f64(2.0), 100.0);
    assert_eq!(exp10_f32(-1.0), 0.1);
}

#[test]
fn pi_functions_special_values() {
    let z = |v: f64| (v, v.is_sign_negative());
    assert_eq!(z(sinpi_f64(1.0)), (0.0, false));
    assert_eq!(z(sinpi_f64(-1.0)), (0.0, true));
    assert_eq!(z(sinpi_f64(-0.0)), (0.0, true));
    assert_eq!(z(sinpi_f64(1e300)), (0.0, false));
    assert_eq!(sinpi_f64(0.5), 1.0);
    assert_eq!(sinpi_f64(-2.5), -1.0);
    assert_eq!(z(cospi_f64(0.5)), (0.0, false));
    assert_eq!(z(cospi_f64(-1.5)), (0.0, false));
    assert_eq!(cospi_f64(1.0), -1.0);
    assert_eq!(cospi_f64(1e300), 1.0);
    assert!(sinpi_f64(f64::INFINITY).is_nan() && cospi_f32(f32::NAN).is_nan());
    assert_eq!(z(tanpi_f64(2.0)), (0.0, false));
    assert_eq!(z(tanpi_f64(3.0)), (0.0, true));
    assert_eq!(z(tanpi_f64(-3.0)), (0.0, false));
    assert_eq!(z(tanpi_f64(-2.0)), (0.0, true));
    assert_eq!(tanpi_f64(0.5), f64::INFINITY);
    assert_eq!(tanpi_f64(1.5), f64::NEG_INFINITY);
    assert_eq!(tanpi_f64(-0.5), f64::NEG_INFINITY);
    assert_eq!(tanpi_f64(-1.5), f64::INFINITY);
    assert_eq!(tanpi_f64(0.25), 1.0);
    assert_eq!(tanpi_f64(-0.75), 1.0);
    // Exact reduction keeps large arguments accurate.
    assert_eq!(sinpi_f32(1e30), 0.0);
    assert_eq!(sinpi_f32(4194305.5), -1.0);
    // sin(1e30f32) = -0.791163438521983667... (computed with 300-bit arithmetic).
    assert_eq!(sin_f32(1e30), -0.791_163_44);
    assert!(ulps_f64(sin_f64(1e30f32 as f64), -0.791_163_438_521_983_7) <= 1.0);
}

#[test]
fn pi_functions_f64_accuracy() {
    use std::f64::consts::PI;
    let mut rng = Rng::new(99);
    for _ in 0..50_000 {
        // In [-0.25, 0.25] the reference sin(pi*x) is within ~1.5 ulp of the truth.
        // Multiples of 2^-40, so that adding whole periods below is exact.
        let x = ((rng.next_u64() >> 24) as f64 / (1u64 << 40) as f64 - 0.5) * 0.5;
        assert!(ulps_f64(sinpi_f64(x), (PI * x).sin()) <= 3.0, "sinpi({x:e})");
        assert!(ulps_f64(cospi_f64(x), (PI * x).cos()) <= 3.0, "cospi({x:e})");
        assert!(ulps_f64(tanpi_f64(x), (PI * x).tan()) <= 4.0, "tanpi({x:e})");
        // Shifting by whole periods is exact.
        assert_eq!(sinpi_f64(x + 2.0), sinpi_f64(x), "sinpi({x:e} + 2)");
        assert_eq!(cospi_f64(x + 1024.0), cospi_f64(x), "cospi({x:e} + 1024)");
    }
}

#[test]
fn powr_rootn_pown_special_values() {
    assert!(powr_f64(-1.0, 2.0).is_nan());
    assert!(powr_f64(0.0, 0.0).is_nan());
    assert!(powr_f64(f64::INFINITY, 0.0).is_nan());
    assert!(powr_f64(1.0, f64::INFINITY).is_nan());
    assert_eq!(powr_f64(-0.0, -1.0), f64::INFINITY);
    assert_eq!(z_sign(powr_f64(-0.0, 3.0)), (0.0, false));
    assert_eq!(powr_f64(2.0, 0.0), 1.0);
    assert_eq!(pown_f64(-0.0, -3), f64::NEG_INFINITY);
    assert_eq!(pown_f64(f64::NAN, 0), 1.0);
    assert_eq!(pown_f32(2.0, 10), 1024.0);
    assert_eq!(rootn_f64(-8.0, 3), -2.0);
    assert!(rootn_f64(-8.0, 2).is_nan());
    assert!(rootn_f64(8.0, 0).is_nan());
    assert_eq!(rootn_f64(0.0, -2), f64::INFINITY);
    assert_eq!(rootn_f64(-0.0, -3), f64::NEG_INFINITY);
    assert_eq!(z_sign(rootn_f64(-0.0, 3)), (0.0, true));
    assert_eq!(z_sign(rootn_f64(-0.0, 2)), (0.0, false));
    assert_eq!(rootn_f64(f64::INFINITY, -2), 0.0);
    assert_eq!(rootn_f64(f64::NEG_INFINITY, 3), f64::NEG_INFINITY);
    assert_eq!(rootn_f64(32.0, 5), 2.0);
    assert_eq!(rootn_f64(0.25, -2), 2.0);
}

fn z_sign(v: f64) -> (f64, bool) {
    (v, v.is_sign_negative())
}

#[test]
fn rootn_f64_brackets_the_root() {
    // y is within 2 ulp of the root iff pow(y - 2ulp, n) <= x <= pow(y + 2ulp, n) (pow's
    // own error is far below the n-ulp gap between those powers).
    let mut rng = Rng::new(17);
    for i in 0..30_000 {
        let x = f64::from_bits(rng.next_u64() >> 1);
        if !x.is_finite() || x == 0.0 {
            continue;
        }
        let n = [3, 4, 5, 7, 10, 33, -3, -5, 1000, -2000][i % 10];
        let y = rootn_f64(x, n);
        let (a, b) = (y.next_down().next_down(), y.next_up().next_up());
        let (pa, pb) = (a.powf(f64::from(n)), b.powf(f64::from(n)));
        let (lo, hi) = if n > 0 { (pa, pb) } else { (pb, pa) };
        assert!(lo <= x && x <= hi, "rootn({x:e}, {n}) = {y:e}: bracket [{lo:e}, {hi:e}]");
    }
}

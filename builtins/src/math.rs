//! OpenCL.std float math for `f32` and `f64` (`sin_f32`, `pow_f64`, ...).
//!
//! The `f64` functions use the system libm through `std` where it has the function and
//! the `libm` crate where it does not; functions `std` lacks a correct form of
//! (`sinpi`, `rootn`, `powr`, ...) are written here with exact argument reduction. Most
//! `f32` functions evaluate the `f64` function on the exactly widened argument and round
//! once, which stays within half an ulp plus the (far smaller) `f64` error. Functions
//! where that double rounding would not be exact (`fma`, `ldexp`, `remainder`,
//! `nextafter`, ...) are computed in `f32` directly.
//!
//! Every function is total: no panics, no allocation; special values follow the OpenCL C
//! specification (section "Math Functions", which follows C99 Annex F).

use std::f64::consts::PI;

mod parts;
pub use parts::*;

/// OpenCL `FP_ILOGB0`: `ilogb(0)`.
pub const FP_ILOGB0: i32 = i32::MIN;
/// OpenCL `FP_ILOGBNAN`: `ilogb(NaN)` (also `ilogb(inf)` is `i32::MAX`).
pub const FP_ILOGBNAN: i32 = i32::MAX;

/// Defines `extern "C"` wrappers: `name(args) => expression`.
macro_rules! defs {
    ($($name:ident ($($arg:ident : $t:ty),*) -> $ret:ty => $body:expr;)*) => {
        $(
            #[doc = concat!("OpenCL.std `", stringify!($name), "`.")]
            pub extern "C" fn $name($($arg: $t),*) -> $ret {
                $body
            }
        )*
    };
}

/// Defines `f32` functions that evaluate the named `f64` function and round once.
macro_rules! via_f64 {
    ($($name:ident => $wide:ident ($($arg:ident : $t:ident),*);)*) => {
        $(
            #[doc = concat!("OpenCL.std `", stringify!($name), "`, as `", stringify!($wide),
                "` rounded to `f32`.")]
            pub extern "C" fn $name($($arg: $t),*) -> f32 {
                $wide($(widen!($arg : $t)),*) as f32
            }
        )*
    };
}

macro_rules! widen {
    ($arg:ident : f32) => {
        $arg as f64
    };
    ($arg:ident : i32) => {
        $arg
    };
}

// ---- f64: thin wrappers over std / libm -------------------------------------------------

defs! {
    acos_f64(x: f64) -> f64 => x.acos();
    acosh_f64(x: f64) -> f64 => if x < 1.0 { f64::NAN } else { libm::acosh(x) };
    asin_f64(x: f64) -> f64 => x.asin();
    asinh_f64(x: f64) -> f64 => libm::asinh(x);
    atan_f64(x: f64) -> f64 => x.atan();
    atanh_f64(x: f64) -> f64 => libm::atanh(x);
    atan2_f64(y: f64, x: f64) -> f64 => y.atan2(x);
    cbrt_f64(x: f64) -> f64 => x.cbrt();
    ceil_f64(x: f64) -> f64 => x.ceil();
    copysign_f64(x: f64, y: f64) -> f64 => x.copysign(y);
    cos_f64(x: f64) -> f64 => x.cos();
    cosh_f64(x: f64) -> f64 => x.cosh();
    erf_f64(x: f64) -> f64 => libm::erf(x);
    erfc_f64(x: f64) -> f64 => libm::erfc(x);
    exp_f64(x: f64) -> f64 => x.exp();
    exp2_f64(x: f64) -> f64 => x.exp2();
    exp10_f64(x: f64) -> f64 => 10f64.powf(x);
    expm1_f64(x: f64) -> f64 => x.exp_m1();
    fabs_f64(x: f64) -> f64 => x.abs();
    floor_f64(x: f64) -> f64 => x.floor();
    fma_f64(a: f64, b: f64, c: f64) -> f64 => a.mul_add(b, c);
    fmax_f64(x: f64, y: f64) -> f64 => x.max(y);
    fmin_f64(x: f64, y: f64) -> f64 => x.min(y);
    fmod_f64(x: f64, y: f64) -> f64 => x % y;
    hypot_f64(x: f64, y: f64) -> f64 => x.hypot(y);
    ldexp_f64(x: f64, n: i32) -> f64 => libm::scalbn(x, n);
    lgamma_f64(x: f64) -> f64 => libm::lgamma(x);
    log_f64(x: f64) -> f64 => x.ln();
    log2_f64(x: f64) -> f64 => x.log2();
    log10_f64(x: f64) -> f64 => x.log10();
    log1p_f64(x: f64) -> f64 => x.ln_1p();
    mad_f64(a: f64, b: f64, c: f64) -> f64 => a.mul_add(b, c);
    nextafter_f64(x: f64, y: f64) -> f64 => libm::nextafter(x, y);
    pow_f64(x: f64, y: f64) -> f64 => x.powf(y);
    remainder_f64(x: f64, y: f64) -> f64 => libm::remainder(x, y);
    rint_f64(x: f64) -> f64 => x.round_ties_even();
    round_f64(x: f64) -> f64 => x.round();
    sin_f64(x: f64) -> f64 => x.sin();
    sinh_f64(x: f64) -> f64 => x.sinh();
    sqrt_f64(x: f64) -> f64 => x.sqrt();
    tan_f64(x: f64) -> f64 => x.tan();
    tanh_f64(x: f64) -> f64 => x.tanh();
    tgamma_f64(x: f64) -> f64 => libm::tgamma(x);
    trunc_f64(x: f64) -> f64 => x.trunc();
    acospi_f64(x: f64) -> f64 => x.acos() / PI;
    asinpi_f64(x: f64) -> f64 => x.asin() / PI;
    atanpi_f64(x: f64) -> f64 => x.atan() / PI;
    atan2pi_f64(y: f64, x: f64) -> f64 => y.atan2(x) / PI;
    fdim_f64(x: f64, y: f64) -> f64 => fdim(x, y);
    maxmag_f64(x: f64, y: f64) -> f64 => maxmag(x, y);
    minmag_f64(x: f64, y: f64) -> f64 => minmag(x, y);
    ilogb_f64(x: f64) -> i32 => ilogb(x);
    logb_f64(x: f64) -> f64 => logb(x);
    rsqrt_f64(x: f64) -> f64 => 1.0 / x.sqrt();
    pown_f64(x: f64, n: i32) -> f64 => x.powf(f64::from(n));
    powr_f64(x: f64, y: f64) -> f64 => powr(x, y);
    rootn_f64(x: f64, n: i32) -> f64 => rootn(x, n);
    sinpi_f64(x: f64) -> f64 => sinpi(x);
    cospi_f64(x: f64) -> f64 => cospi(x);
    tanpi_f64(x: f64) -> f64 => tanpi(x);
}

// ---- f32 ----------------------------------------------------------------------------------

via_f64! {
    acos_f32 => acos_f64(x: f32);
    acosh_f32 => acosh_f64(x: f32);
    acospi_f32 => acospi_f64(x: f32);
    asin_f32 => asin_f64(x: f32);
    asinh_f32 => asinh_f64(x: f32);
    asinpi_f32 => asinpi_f64(x: f32);
    atan_f32 => atan_f64(x: f32);
    atanh_f32 => atanh_f64(x: f32);
    atanpi_f32 => atanpi_f64(x: f32);
    atan2_f32 => atan2_f64(y: f32, x: f32);
    atan2pi_f32 => atan2pi_f64(y: f32, x: f32);
    cbrt_f32 => cbrt_f64(x: f32);
    cos_f32 => cos_f64(x: f32);
    cosh_f32 => cosh_f64(x: f32);
    cospi_f32 => cospi_f64(x: f32);
    erf_f32 => erf_f64(x: f32);
    erfc_f32 => erfc_f64(x: f32);
    exp_f32 => exp_f64(x: f32);
    exp2_f32 => exp2_f64(x: f32);
    exp10_f32 => exp10_f64(x: f32);
    expm1_f32 => expm1_f64(x: f32);
    hypot_f32 => hypot_f64(x: f32, y: f32);
    lgamma_f32 => lgamma_f64(x: f32);
    log_f32 => log_f64(x: f32);
    log2_f32 => log2_f64(x: f32);
    log10_f32 => log10_f64(x: f32);
    log1p_f32 => log1p_f64(x: f32);
    pow_f32 => pow_f64(x: f32, y: f32);
    pown_f32 => pown_f64(x: f32, n: i32);
    powr_f32 => powr_f64(x: f32, y: f32);
    rootn_f32 => rootn_f64(x: f32, n: i32);
    rsqrt_f32 => rsqrt_f64(x: f32);
    sin_f32 => sin_f64(x: f32);
    sinh_f32 => sinh_f64(x: f32);
    sinpi_f32 => sinpi_f64(x: f32);
    tan_f32 => tan_f64(x: f32);
    tanh_f32 => tanh_f64(x: f32);
    tanpi_f32 => tanpi_f64(x: f32);
    tgamma_f32 => tgamma_f64(x: f32);
}

defs! {
    ceil_f32(x: f32) -> f32 => x.ceil();
    copysign_f32(x: f32, y: f32) -> f32 => x.copysign(y);
    fabs_f32(x: f32) -> f32 => x.abs();
    floor_f32(x: f32) -> f32 => x.floor();
    fma_f32(a: f32, b: f32, c: f32) -> f32 => a.mul_add(b, c);
    fmax_f32(x: f32, y: f32) -> f32 => x.max(y);
    fmin_f32(x: f32, y: f32) -> f32 => x.min(y);
    fmod_f32(x: f32, y: f32) -> f32 => x % y;
    ldexp_f32(x: f32, n: i32) -> f32 => libm::scalbnf(x, n);
    mad_f32(a: f32, b: f32, c: f32) -> f32 => a.mul_add(b, c);
    nextafter_f32(x: f32, y: f32) -> f32 => libm::nextafterf(x, y);
    remainder_f32(x: f32, y: f32) -> f32 => libm::remainderf(x, y);
    rint_f32(x: f32) -> f32 => x.round_ties_even();
    round_f32(x: f32) -> f32 => x.round();
    sqrt_f32(x: f32) -> f32 => x.sqrt();
    trunc_f32(x: f32) -> f32 => x.trunc();
    fdim_f32(x: f32, y: f32) -> f32 => fdim(x as f64, y as f64) as f32;
    maxmag_f32(x: f32, y: f32) -> f32 => maxmag(x as f64, y as f64) as f32;
    minmag_f32(x: f32, y: f32) -> f32 => minmag(x as f64, y as f64) as f32;
    ilogb_f32(x: f32) -> i32 => ilogb(x as f64);
    logb_f32(x: f32) -> f32 => logb(x as f64) as f32;
}

// ---- shared implementations (on f64; exact for widened f32 arguments) ----------------------

/// `x - y` if `x > y`, `+0` otherwise, NaN if either is NaN.
fn fdim(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x > y {
        x - y
    } else {
        0.0
    }
}

fn maxmag(x: f64, y: f64) -> f64 {
    if x.abs() > y.abs() {
        x
    } else if y.abs() > x.abs() {
        y
    } else {
        x.max(y)
    }
}

fn minmag(x: f64, y: f64) -> f64 {
    if x.abs() < y.abs() {
        x
    } else if y.abs() < x.abs() {
        y
    } else {
        x.min(y)
    }
}

/// Unbiased exponent of `x` (denormals included).
fn ilogb(x: f64) -> i32 {
    if x.is_nan() {
        return FP_ILOGBNAN;
    }
    if x.is_infinite() {
        return i32::MAX;
    }
    if x == 0.0 {
        return FP_ILOGB0;
    }
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 {
        // Denormal: the exponent of the leading mantissa bit.
        let mant = bits & ((1u64 << 52) - 1);
        -1011 - mant.leading_zeros() as i32
    } else {
        biased - 1023
    }
}

fn logb(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x.is_infinite() {
        f64::INFINITY
    } else if x == 0.0 {
        f64::NEG_INFINITY
    } else {
        f64::from(ilogb(x))
    }
}

/// `pow` restricted to `x >= 0`, with the OpenCL `powr` special cases.
fn powr(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if (y == 0.0 && (x == 0.0 || x.is_infinite())) || (x == 1.0 && y.is_infinite()) {
        return f64::NAN;
    }
    // `x` is +0, -0 or positive; powr(±0, y) follows pow(+0, y).
    x.abs().powf(y)
}

/// The real `n`-th root of `x`, with the OpenCL `rootn` special cases.
fn rootn(x: f64, n: i32) -> f64 {
    if n == 0 || x.is_nan() {
        return f64::NAN;
    }
    let odd = n % 2 != 0;
    if x < 0.0 && !odd {
        return f64::NAN;
    }
    if x == 0.0 || x.is_infinite() {
        // Zero gives zero for n > 0 and infinity for n < 0; infinity the reverse. The sign
        // survives only for odd n.
        let magnitude = if (x == 0.0) == (n > 0) { 0.0 } else { f64::INFINITY };
        return if odd { magnitude.copysign(x) } else { magnitude };
    }
    let root = match n {
        1 => x.abs(),
        2 => x.sqrt(),
        3 => x.abs().cbrt(),
        -1 => 1.0 / x.abs(),
        _ => positive_root(x.abs(), n),
    };
    root.copysign(x)
}

/// `a^(1/n)` for finite `a > 0`, `|n| >= 2`: a `pow` estimate, corrected by one Newton step
/// on an argument scaled so the correction cannot overflow or underflow.
fn positive_root(a: f64, n: i32) -> f64 {
    let n64 = f64::from(n);
    if n.unsigned_abs() > 1022 {
        // |ln a / n| < 1, so the error of the rounded exponent 1/n stays below one ulp.
        return a.powf(1.0 / n64);
    }
    // a = m * 2^e with m in [1, 2); write e = q*n + r with 0 <= r < |n|, so
    // a^(1/n) = (m * 2^r)^(1/n) * 2^q and m * 2^r is in [1, 2^1022).
    let e = ilogb(a);
    let m = libm::scalbn(a, -e);
    let q = e.div_euclid(n);
    let r = e - q * n;
    let s = libm::scalbn(m, r);
    let y0 = s.powf(1.0 / n64);
    let t = y0.powf(n64);
    let y = if t.is_normal() { y0 + y0 * ((s / t) - 1.0) / n64 } else { y0 };
    libm::scalbn(y, q)
}

/// `sin(pi * x)`, reduced exactly.
fn sinpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    // a = |x| mod 2 is exact; sin(pi*x) = sign(x) * sin(pi*a).
    let mut a = x.abs() % 2.0;
    let mut negate = x < 0.0;
    if a >= 1.0 {
        a -= 1.0;
        negate = !negate;
    }
    if a > 0.5 {
        a = 1.0 - a;
    }
    let r = if a <= 0.25 { (PI * a).sin() } else { (PI * (0.5 - a)).cos() };
    if r == 0.0 {
        // sinpi(+n) = +0, sinpi(-n) = -0 for integers n.
        return 0.0f64.copysign(x);
    }
    if negate {
        -r
    } else {
        r
    }
}

/// `cos(pi * x)`, reduced exactly.
fn cospi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let mut a = x.abs() % 2.0;
    let mut negate = false;
    if a >= 1.0 {
        a -= 1.0;
        negate = true;
    }
    if a > 0.5 {
        a = 1.0 - a;
        negate = !negate;
    }
    let r = if a <= 0.25 { (PI * a).cos() } else { (PI * (0.5 - a)).sin() };
    if r == 0.0 {
        // cospi(n + 0.5) = +0.
        return 0.0;
    }
    if negate {
        -r
    } else {
        r
    }
}

/// `tan(pi * x)`, reduced exactly.
fn tanpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let a2 = x.abs() % 2.0;
    let odd = a2 >= 1.0;
    let mut a = if odd { a2 - 1.0 } else { a2 };
    if a == 0.0 {
        // tanpi(n) = copysign(0, n) for even n, copysign(0, -n) for odd n.
        return if odd { 0.0f64.copysign(-x) } else { 0.0f64.copysign(x) };
    }
    if a == 0.5 {
        // tanpi(n + 0.5) = +inf for even n, -inf for odd n.
        return if x.rem_euclid(2.0) == 0.5 { f64::INFINITY } else { f64::NEG_INFINITY };
    }
    let mut negate = x < 0.0;
    if a > 0.5 {
        a = 1.0 - a;
        negate = !negate;
    }
    let r = if a == 0.25 {
        1.0
    } else if a < 0.25 {
        (PI * a).tan()
    } else {
        1.0 / (PI * (0.5 - a)).tan()
    };
    if negate {
        -r
    } else {
        r
    }
}

#[cfg(test)]
mod tests;

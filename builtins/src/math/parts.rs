//! The two results of OpenCL.std functions with a pointer output (`frexp`, `lgamma_r`,
//! `remquo`), each as its own scalar function so that the front end can express the
//! instruction as two component-wise calls plus a store: `frexp_mant_f32` /
//! `frexp_exp_f32`, `lgamma_r_sign_f32` (the sign written through the pointer; the
//! value is `lgamma_f32`), `remquo_rem_f32` / `remquo_quo_f32`. No pointers cross here.

/// Defines `extern "C"` wrappers: `name(args) -> ret => expression`.
macro_rules! parts {
    ($($name:ident ($($arg:ident : $t:ty),*) -> $ret:ty => $body:expr;)*) => {
        $(
            #[doc = concat!("Part of an OpenCL.std function with a pointer output: `",
                stringify!($name), "`.")]
            pub extern "C" fn $name($($arg: $t),*) -> $ret {
                $body
            }
        )*
    };
}

parts! {
    frexp_mant_f32(x: f32) -> f32 => libm::frexpf(x).0;
    frexp_exp_f32(x: f32) -> i32 => frexp_exp_f32_impl(x);
    frexp_mant_f64(x: f64) -> f64 => libm::frexp(x).0;
    frexp_exp_f64(x: f64) -> i32 => frexp_exp_f64_impl(x);
    lgamma_r_sign_f32(x: f32) -> i32 => lgamma_sign(f64::from(x));
    lgamma_r_sign_f64(x: f64) -> i32 => lgamma_sign(x);
    remquo_rem_f32(x: f32, y: f32) -> f32 => libm::remquof(x, y).0;
    remquo_quo_f32(x: f32, y: f32) -> i32 => quo_f32(x, y);
    remquo_rem_f64(x: f64, y: f64) -> f64 => libm::remquo(x, y).0;
    remquo_quo_f64(x: f64, y: f64) -> i32 => quo_f64(x, y);
}

/// `frexp` exponent; 0 for zero, infinity and NaN (as C99 leaves it unspecified and
/// OpenCL implementations return 0).
fn frexp_exp_f32_impl(x: f32) -> i32 {
    if x.is_finite() {
        libm::frexpf(x).1
    } else {
        0
    }
}

fn frexp_exp_f64_impl(x: f64) -> i32 {
    if x.is_finite() {
        libm::frexp(x).1
    } else {
        0
    }
}

/// The sign of `gamma(x)`: +1 or -1; +1 for NaN, zero of either sign follows its sign,
/// and 0 at the poles (non-positive integers), as OpenCL implementations do.
fn lgamma_sign(x: f64) -> i32 {
    if x.is_nan() {
        return 1;
    }
    if x == 0.0 {
        return if x.is_sign_negative() { -1 } else { 1 };
    }
    if x > 0.0 {
        return 1;
    }
    if x.is_infinite() || x == x.floor() {
        return 0;
    }
    libm::lgamma_r(x).1
}

/// `remquo` quotient bits: sign of `x / y` and the low 7 bits of the integral quotient
/// (0 when the result is NaN).
fn quo_f32(x: f32, y: f32) -> i32 {
    if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
        0
    } else {
        libm::remquof(x, y).1
    }
}

fn quo_f64(x: f64, y: f64) -> i32 {
    if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
        0
    } else {
        libm::remquo(x, y).1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frexp_parts() {
        assert_eq!(frexp_mant_f32(8.0), 0.5);
        assert_eq!(frexp_exp_f32(8.0), 4);
        assert_eq!(frexp_mant_f64(-3.0), -0.75);
        assert_eq!(frexp_exp_f64(-3.0), 2);
        assert_eq!(frexp_exp_f32(1e-45), -148);
        assert_eq!(frexp_mant_f32(1e-45), 0.5);
        assert_eq!(frexp_exp_f32(0.0), 0);
        assert_eq!(frexp_exp_f32(f32::INFINITY), 0);
        assert!(frexp_mant_f32(f32::INFINITY).is_infinite());
        assert!(frexp_mant_f64(f64::NAN).is_nan());
    }

    #[test]
    fn lgamma_signs() {
        assert_eq!(lgamma_r_sign_f32(0.5), 1);
        assert_eq!(lgamma_r_sign_f32(-0.5), -1);
        assert_eq!(lgamma_r_sign_f64(-1.5), 1);
        assert_eq!(lgamma_r_sign_f64(-2.0), 0);
        assert_eq!(lgamma_r_sign_f64(-0.0), -1);
    }

    #[test]
    fn remquo_parts() {
        assert_eq!(remquo_rem_f32(10.0, 3.0), 1.0);
        assert_eq!(remquo_quo_f32(10.0, 3.0), 3);
        assert_eq!(remquo_rem_f64(-11.0, 3.0), 1.0);
        assert_eq!(remquo_quo_f64(-11.0, 3.0), -4);
        assert_eq!(remquo_quo_f32(5.0, 0.0), 0);
        assert!(remquo_rem_f32(5.0, 0.0).is_nan());
        assert_eq!(remquo_rem_f64(7.0, 2.0), -1.0);
        assert_eq!(remquo_quo_f64(7.0, 2.0), 4);
    }
}

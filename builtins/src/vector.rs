//! Vector forms of the float math builtins: each takes and returns 128-bit registers of
//! lanes (`sin_v4f32`: four `f32` lanes in one `__m128`; `sin_v2f64`: two `f64` lanes in
//! one `__m128d`; an `i32` operand or result, as of `ldexp_v4f32` or `ilogb_v4f32`, is an
//! `__m128i` of four `i32` lanes), so that vectorized kernels call one function per
//! register instead of one per lane.
//!
//! Every vector form applies the scalar form lane by lane, so the two give bit-identical
//! results; the compiler may vectorize the loop but must not change the math. The tests
//! (`vector/tests.rs`) walk the table and hold every form to that on extreme operands
//! (subnormals, values near the largest finite one, infinities, NaNs) in every lane. Functions
//! whose operands would need registers of different lane counts (`f64` with an `i32`
//! operand or result) have no vector form. Only compiled on x86-64, where Cranelift and
//! Rust agree that `extern "C"` passes these types in XMM registers.

// `__m128`/`__m128d`/`__m128i` are passed in XMM registers by the x86-64 System V and
// Windows x64 C conventions whenever SSE is enabled, which it always is on x86-64; the
// lint does not know that the layout of these types is fixed.
#![allow(improper_ctypes_definitions)]

use std::arch::x86_64::{__m128, __m128d, __m128i};

use crate::math::*;

/// A 128-bit register seen as `N` lanes of `Elem`.
trait Lanes<const N: usize>: Sized {
    type Elem: Copy;
    fn split(self) -> [Self::Elem; N];
    fn join(lanes: [Self::Elem; N]) -> Self;
}

macro_rules! lanes {
    ($($v:ty => [$e:ty; $n:literal]),* $(,)?) => {
        $(impl Lanes<$n> for $v {
            type Elem = $e;
            #[inline(always)]
            fn split(self) -> [$e; $n] {
                // SAFETY: both types are 16 plain bytes; every bit pattern is valid.
                unsafe { std::mem::transmute::<$v, [$e; $n]>(self) }
            }
            #[inline(always)]
            fn join(lanes: [$e; $n]) -> $v {
                // SAFETY: as above.
                unsafe { std::mem::transmute::<[$e; $n], $v>(lanes) }
            }
        })*
    };
}

lanes! { __m128 => [f32; 4], __m128i => [i32; 4], __m128d => [f64; 2] }

/// Defines `vector = scalar(args) -> ret;` forms over `N` lanes.
macro_rules! vector_forms {
    ($n:literal: $($vec:ident = $scalar:ident ($($arg:ident : $vt:ty),*) -> $rt:ty;)*) => {
        $(
            #[doc = concat!("`", stringify!($scalar), "` on each of ", stringify!($n), " lanes.")]
            pub extern "C" fn $vec($($arg: $vt),*) -> $rt {
                $(let $arg = <$vt as Lanes<$n>>::split($arg);)*
                <$rt as Lanes<$n>>::join(std::array::from_fn(|i| $scalar($($arg[i]),*)))
            }
        )*
    };
}

vector_forms! { 4:
    acos_v4f32 = acos_f32(x: __m128) -> __m128;
    acosh_v4f32 = acosh_f32(x: __m128) -> __m128;
    acospi_v4f32 = acospi_f32(x: __m128) -> __m128;
    asin_v4f32 = asin_f32(x: __m128) -> __m128;
    asinh_v4f32 = asinh_f32(x: __m128) -> __m128;
    asinpi_v4f32 = asinpi_f32(x: __m128) -> __m128;
    atan_v4f32 = atan_f32(x: __m128) -> __m128;
    atanh_v4f32 = atanh_f32(x: __m128) -> __m128;
    atanpi_v4f32 = atanpi_f32(x: __m128) -> __m128;
    cbrt_v4f32 = cbrt_f32(x: __m128) -> __m128;
    ceil_v4f32 = ceil_f32(x: __m128) -> __m128;
    cos_v4f32 = cos_f32(x: __m128) -> __m128;
    cosh_v4f32 = cosh_f32(x: __m128) -> __m128;
    cospi_v4f32 = cospi_f32(x: __m128) -> __m128;
    erf_v4f32 = erf_f32(x: __m128) -> __m128;
    erfc_v4f32 = erfc_f32(x: __m128) -> __m128;
    exp_v4f32 = exp_f32(x: __m128) -> __m128;
    exp2_v4f32 = exp2_f32(x: __m128) -> __m128;
    exp10_v4f32 = exp10_f32(x: __m128) -> __m128;
    expm1_v4f32 = expm1_f32(x: __m128) -> __m128;
    fabs_v4f32 = fabs_f32(x: __m128) -> __m128;
    floor_v4f32 = floor_f32(x: __m128) -> __m128;
    lgamma_v4f32 = lgamma_f32(x: __m128) -> __m128;
    log_v4f32 = log_f32(x: __m128) -> __m128;
    log2_v4f32 = log2_f32(x: __m128) -> __m128;
    log10_v4f32 = log10_f32(x: __m128) -> __m128;
    log1p_v4f32 = log1p_f32(x: __m128) -> __m128;
    logb_v4f32 = logb_f32(x: __m128) -> __m128;
    rint_v4f32 = rint_f32(x: __m128) -> __m128;
    round_v4f32 = round_f32(x: __m128) -> __m128;
    rsqrt_v4f32 = rsqrt_f32(x: __m128) -> __m128;
    sin_v4f32 = sin_f32(x: __m128) -> __m128;
    sinh_v4f32 = sinh_f32(x: __m128) -> __m128;
    sinpi_v4f32 = sinpi_f32(x: __m128) -> __m128;
    sqrt_v4f32 = sqrt_f32(x: __m128) -> __m128;
    tan_v4f32 = tan_f32(x: __m128) -> __m128;
    tanh_v4f32 = tanh_f32(x: __m128) -> __m128;
    tanpi_v4f32 = tanpi_f32(x: __m128) -> __m128;
    tgamma_v4f32 = tgamma_f32(x: __m128) -> __m128;
    trunc_v4f32 = trunc_f32(x: __m128) -> __m128;
    atan2_v4f32 = atan2_f32(x: __m128, y: __m128) -> __m128;
    atan2pi_v4f32 = atan2pi_f32(x: __m128, y: __m128) -> __m128;
    copysign_v4f32 = copysign_f32(x: __m128, y: __m128) -> __m128;
    fdim_v4f32 = fdim_f32(x: __m128, y: __m128) -> __m128;
    fmax_v4f32 = fmax_f32(x: __m128, y: __m128) -> __m128;
    fmin_v4f32 = fmin_f32(x: __m128, y: __m128) -> __m128;
    fmod_v4f32 = fmod_f32(x: __m128, y: __m128) -> __m128;
    hypot_v4f32 = hypot_f32(x: __m128, y: __m128) -> __m128;
    maxmag_v4f32 = maxmag_f32(x: __m128, y: __m128) -> __m128;
    minmag_v4f32 = minmag_f32(x: __m128, y: __m128) -> __m128;
    nextafter_v4f32 = nextafter_f32(x: __m128, y: __m128) -> __m128;
    pow_v4f32 = pow_f32(x: __m128, y: __m128) -> __m128;
    powr_v4f32 = powr_f32(x: __m128, y: __m128) -> __m128;
    remainder_v4f32 = remainder_f32(x: __m128, y: __m128) -> __m128;
    fma_v4f32 = fma_f32(x: __m128, y: __m128, z: __m128) -> __m128;
    mad_v4f32 = mad_f32(x: __m128, y: __m128, z: __m128) -> __m128;
    ldexp_v4f32 = ldexp_f32(x: __m128, y: __m128i) -> __m128;
    pown_v4f32 = pown_f32(x: __m128, y: __m128i) -> __m128;
    rootn_v4f32 = rootn_f32(x: __m128, y: __m128i) -> __m128;
    ilogb_v4f32 = ilogb_f32(x: __m128) -> __m128i;
}

vector_forms! { 2:
    acos_v2f64 = acos_f64(x: __m128d) -> __m128d;
    acosh_v2f64 = acosh_f64(x: __m128d) -> __m128d;
    acospi_v2f64 = acospi_f64(x: __m128d) -> __m128d;
    asin_v2f64 = asin_f64(x: __m128d) -> __m128d;
    asinh_v2f64 = asinh_f64(x: __m128d) -> __m128d;
    asinpi_v2f64 = asinpi_f64(x: __m128d) -> __m128d;
    atan_v2f64 = atan_f64(x: __m128d) -> __m128d;
    atanh_v2f64 = atanh_f64(x: __m128d) -> __m128d;
    atanpi_v2f64 = atanpi_f64(x: __m128d) -> __m128d;
    cbrt_v2f64 = cbrt_f64(x: __m128d) -> __m128d;
    ceil_v2f64 = ceil_f64(x: __m128d) -> __m128d;
    cos_v2f64 = cos_f64(x: __m128d) -> __m128d;
    cosh_v2f64 = cosh_f64(x: __m128d) -> __m128d;
    cospi_v2f64 = cospi_f64(x: __m128d) -> __m128d;
    erf_v2f64 = erf_f64(x: __m128d) -> __m128d;
    erfc_v2f64 = erfc_f64(x: __m128d) -> __m128d;
    exp_v2f64 = exp_f64(x: __m128d) -> __m128d;
    exp2_v2f64 = exp2_f64(x: __m128d) -> __m128d;
    exp10_v2f64 = exp10_f64(x: __m128d) -> __m128d;
    expm1_v2f64 = expm1_f64(x: __m128d) -> __m128d;
    fabs_v2f64 = fabs_f64(x: __m128d) -> __m128d;
    floor_v2f64 = floor_f64(x: __m128d) -> __m128d;
    lgamma_v2f64 = lgamma_f64(x: __m128d) -> __m128d;
    log_v2f64 = log_f64(x: __m128d) -> __m128d;
    log2_v2f64 = log2_f64(x: __m128d) -> __m128d;
    log10_v2f64 = log10_f64(x: __m128d) -> __m128d;
    log1p_v2f64 = log1p_f64(x: __m128d) -> __m128d;
    logb_v2f64 = logb_f64(x: __m128d) -> __m128d;
    rint_v2f64 = rint_f64(x: __m128d) -> __m128d;
    round_v2f64 = round_f64(x: __m128d) -> __m128d;
    rsqrt_v2f64 = rsqrt_f64(x: __m128d) -> __m128d;
    sin_v2f64 = sin_f64(x: __m128d) -> __m128d;
    sinh_v2f64 = sinh_f64(x: __m128d) -> __m128d;
    sinpi_v2f64 = sinpi_f64(x: __m128d) -> __m128d;
    sqrt_v2f64 = sqrt_f64(x: __m128d) -> __m128d;
    tan_v2f64 = tan_f64(x: __m128d) -> __m128d;
    tanh_v2f64 = tanh_f64(x: __m128d) -> __m128d;
    tanpi_v2f64 = tanpi_f64(x: __m128d) -> __m128d;
    tgamma_v2f64 = tgamma_f64(x: __m128d) -> __m128d;
    trunc_v2f64 = trunc_f64(x: __m128d) -> __m128d;
    atan2_v2f64 = atan2_f64(x: __m128d, y: __m128d) -> __m128d;
    atan2pi_v2f64 = atan2pi_f64(x: __m128d, y: __m128d) -> __m128d;
    copysign_v2f64 = copysign_f64(x: __m128d, y: __m128d) -> __m128d;
    fdim_v2f64 = fdim_f64(x: __m128d, y: __m128d) -> __m128d;
    fmax_v2f64 = fmax_f64(x: __m128d, y: __m128d) -> __m128d;
    fmin_v2f64 = fmin_f64(x: __m128d, y: __m128d) -> __m128d;
    fmod_v2f64 = fmod_f64(x: __m128d, y: __m128d) -> __m128d;
    hypot_v2f64 = hypot_f64(x: __m128d, y: __m128d) -> __m128d;
    maxmag_v2f64 = maxmag_f64(x: __m128d, y: __m128d) -> __m128d;
    minmag_v2f64 = minmag_f64(x: __m128d, y: __m128d) -> __m128d;
    nextafter_v2f64 = nextafter_f64(x: __m128d, y: __m128d) -> __m128d;
    pow_v2f64 = pow_f64(x: __m128d, y: __m128d) -> __m128d;
    powr_v2f64 = powr_f64(x: __m128d, y: __m128d) -> __m128d;
    remainder_v2f64 = remainder_f64(x: __m128d, y: __m128d) -> __m128d;
    fma_v2f64 = fma_f64(x: __m128d, y: __m128d, z: __m128d) -> __m128d;
    mad_v2f64 = mad_f64(x: __m128d, y: __m128d, z: __m128d) -> __m128d;
}

#[cfg(test)]
mod tests;

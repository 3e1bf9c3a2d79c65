//! Half-precision operations that cannot go through `f32` and round back: `fma_f16`
//! (`a * b + c` rounded once; the `f32` route rounds twice) and `nextafter_f16` (the next
//! half, not the next `f32`).
//!
//! Half values cross as the `i16` bit pattern. Everything else on halves (`+`, `-`, `*`,
//! `/`, `sqrt`, conversions) is correctly rounded when computed in `f32` and rounded once
//! to half: `f32` has 24 >= 2 * 11 + 2 significant bits, so rounding twice gives the same
//! result as rounding once for those operations (the tests check it). Must not allocate
//! or keep state.

use super::{f64_to_half, half_to_f32, Rounding};

/// The value of half bits as `f64` (exact).
fn half_to_f64(h: u16) -> f64 {
    f64::from(half_to_f32(h))
}

/// `a * b + c` on halves, rounded once to nearest even.
///
/// The product of two halves has at most 22 significant bits and lies within
/// [2^-48, 2^32], so it is exact in `f64`. The sum is rounded to `f64` and its exact error
/// recovered with TwoSum; when the sum was inexact, it is replaced by its odd neighbour
/// on the side of the exact value (round to odd), which keeps the information that the
/// exact value is not a half or a midpoint between two halves: rounding an `f64` rounded
/// to odd (53 bits >= 11 + 2) to half gives the correctly rounded result. Infinities,
/// NaNs and the signs of zeros follow from the `f64` operations, which see the exact
/// operands.
pub fn fma_half(a: u16, b: u16, c: u16) -> u16 {
    let (a, b, c) = (half_to_f64(a), half_to_f64(b), half_to_f64(c));
    let p = a * b;
    let s = p + c;
    if !s.is_finite() || s == 0.0 {
        // Not a number, an infinity, or an exact zero (a non-zero exact sum is at least
        // 2^-48 in magnitude, far from `f64` underflow): nothing was rounded.
        return f64_to_half(s, Rounding::Rte);
    }
    // TwoSum: `s + e` is exactly `p + c` (no overflow is possible at these magnitudes).
    let pp = s - c;
    let cc = s - pp;
    let e = (p - pp) + (c - cc);
    let bits = s.to_bits();
    let odd = if e != 0.0 && bits & 1 == 0 {
        // The exact value lies strictly between `s` and its neighbour in the direction of
        // `e`; that neighbour has the odd significand. Stepping the bit pattern steps the
        // magnitude, across binade boundaries too.
        if (e > 0.0) == (s > 0.0) {
            bits + 1
        } else {
            bits - 1
        }
    } else {
        bits
    };
    f64_to_half(f64::from_bits(odd), Rounding::Rte)
}

/// OpenCL.std `fma` on halves: `a * b + c` rounded once to nearest even.
pub extern "C" fn fma_f16(a: i16, b: i16, c: i16) -> i16 {
    fma_half(a as u16, b as u16, c as u16) as i16
}

/// OpenCL.std `mad` on halves: OpenCL allows `mad` to be less accurate than `fma`; this
/// one is `fma_f16`, rounded once.
pub extern "C" fn mad_f16(a: i16, b: i16, c: i16) -> i16 {
    fma_f16(a, b, c)
}

/// OpenCL.std `nextafter` on halves: the next half after `x` in the direction of `y`;
/// `y` when they are equal (so `nextafter(-0, +0)` is `+0`), a quiet NaN when either is
/// NaN, the smallest denormal with the sign of `y` after a zero.
pub extern "C" fn nextafter_f16(x: i16, y: i16) -> i16 {
    let (hx, hy) = (x as u16, y as u16);
    let (fx, fy) = (half_to_f32(hx), half_to_f32(hy));
    if fx.is_nan() {
        return (hx | 0x0200) as i16;
    }
    if fy.is_nan() {
        return (hy | 0x0200) as i16;
    }
    if fx == fy {
        return y;
    }
    if fx == 0.0 {
        return ((hy & 0x8000) | 1) as i16;
    }
    // Away from zero when `y` lies beyond `x` on `x`'s side of zero. `x` is finite or an
    // infinity stepping toward zero, so the pattern never leaves its sign's range.
    let away = (fy > fx) == (fx > 0.0);
    (if away { hx + 1 } else { hx - 1 }) as i16
}

#[cfg(test)]
mod tests;

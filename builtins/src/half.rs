//! IEEE binary16 ("half") conversions: `convert_f16_to_f32`, `convert_f16_to_f64` and
//! `convert_f{32,64}_to_f16_{rte,rtz,rtp,rtn}`; and, in `arith`, the half operations that
//! must not be computed in `f32` and rounded back (`fma_f16`, `mad_f16`, `nextafter_f16`).
//!
//! Half values cross as the `i16` bit pattern. Conversions to half round exactly once, in
//! integer arithmetic, straight from the source format (so `f64 -> f16` never goes through
//! `f32`), including denormal results and overflow to infinity or to the largest finite
//! value as the rounding mode requires. NaNs stay NaN, quieted, with the top payload bits
//! kept. Must not allocate or keep state.

mod arith;

pub use arith::{fma_f16, fma_half, mad_f16, nextafter_f16};

/// An IEEE rounding mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// To nearest, ties to even.
    Rte,
    /// Toward zero.
    Rtz,
    /// Toward +infinity.
    Rtp,
    /// Toward -infinity.
    Rtn,
}

impl Rounding {
    /// Whether a value `kept` (truncated toward zero) with discarded part `rem` out of a
    /// unit of `2 * half` rounds away from zero in magnitude.
    pub(crate) fn rounds_up(self, negative: bool, kept_odd: bool, rem: u128, half: u128) -> bool {
        match self {
            Rounding::Rte => rem > half || (rem == half && kept_odd),
            Rounding::Rtz => false,
            Rounding::Rtp => rem != 0 && !negative,
            Rounding::Rtn => rem != 0 && negative,
        }
    }
}

const HALF_SIGN: u16 = 0x8000;
const HALF_INF: u16 = 0x7c00;
const HALF_MAX: u16 = 0x7bff;
const HALF_QUIET: u16 = 0x0200;

/// Rounds `mant * 2^exp` (`mant > 0`) to a half with the given sign.
fn round_to_half(negative: bool, mant: u64, exp: i32, mode: Rounding) -> u16 {
    let sign = if negative { HALF_SIGN } else { 0 };
    // The value lies in [2^top, 2^(top + 1)).
    let top = exp + 63 - mant.leading_zeros() as i32;
    // Quantum of the result: 11 significant bits, but never below the denormal step 2^-24.
    let quantum = (top - 10).max(-24);
    let shift = quantum - exp;
    let (kept, rem, half) = if shift <= 0 {
        // Exact; `shift >= -10`, so this cannot overflow.
        (u128::from(mant) << (-shift), 0, 1)
    } else if shift > 100 {
        // Far below the smallest denormal: nothing kept, a nonzero remainder below half.
        (0, 1, 2)
    } else {
        let m = u128::from(mant);
        (m >> shift, m & ((1u128 << shift) - 1), 1u128 << (shift - 1))
    };
    let kept = if mode.rounds_up(negative, kept & 1 == 1, rem, half) { kept + 1 } else { kept };
    if kept == 0 {
        return sign;
    }
    // kept is in [2^10, 2^11] for normal results (2^11 when rounding carried into the next
    // binade) and below 2^10 for denormals (quantum == -24); adding the exponent field
    // this way carries correctly in both cases.
    let bits = i64::from(quantum + 24) * 1024 + kept as i64;
    if bits >= i64::from(HALF_INF) {
        let to_inf = match mode {
            Rounding::Rte => true,
            Rounding::Rtz => false,
            Rounding::Rtp => !negative,
            Rounding::Rtn => negative,
        };
        return sign | if to_inf { HALF_INF } else { HALF_MAX };
    }
    sign | bits as u16
}

/// Converts an `f32` to half bits.
pub fn f32_to_half(x: f32, mode: Rounding) -> u16 {
    let bits = x.to_bits();
    let negative = bits >> 31 != 0;
    let sign = if negative { HALF_SIGN } else { 0 };
    let biased = ((bits >> 23) & 0xff) as i32;
    let frac = bits & 0x7f_ffff;
    match (biased, frac) {
        (0xff, 0) => sign | HALF_INF,
        (0xff, f) => sign | HALF_INF | HALF_QUIET | (f >> 13) as u16,
        (0, 0) => sign,
        (0, f) => round_to_half(negative, u64::from(f), -149, mode),
        (e, f) => round_to_half(negative, u64::from(f | 0x80_0000), e - 150, mode),
    }
}

/// Converts an `f64` to half bits, rounding once.
pub fn f64_to_half(x: f64, mode: Rounding) -> u16 {
    let bits = x.to_bits();
    let negative = bits >> 63 != 0;
    let sign = if negative { HALF_SIGN } else { 0 };
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    match (biased, frac) {
        (0x7ff, 0) => sign | HALF_INF,
        (0x7ff, f) => sign | HALF_INF | HALF_QUIET | (f >> 42) as u16,
        (0, 0) => sign,
        (0, f) => round_to_half(negative, f, -1074, mode),
        (e, f) => round_to_half(negative, f | (1u64 << 52), e - 1075, mode),
    }
}

/// Converts half bits to `f32` (exact; NaNs are quieted).
pub fn half_to_f32(h: u16) -> f32 {
    let sign = u32::from(h & HALF_SIGN) << 16;
    let biased = u32::from((h >> 10) & 0x1f);
    let frac = u32::from(h & 0x3ff);
    let bits = match (biased, frac) {
        (0x1f, 0) => sign | 0x7f80_0000,
        (0x1f, f) => sign | 0x7f80_0000 | 0x40_0000 | (f << 13),
        (0, 0) => sign,
        (0, f) => {
            // Denormal half: f * 2^-24, normalized for f32.
            let shift = f.leading_zeros() - 21; // brings the leading bit to bit 10
            let exp = 127 - 14 - shift;
            sign | (exp << 23) | (((f << shift) & 0x3ff) << 13)
        }
        (e, f) => sign | ((e + 127 - 15) << 23) | (f << 13),
    };
    f32::from_bits(bits)
}

macro_rules! half_entries {
    ($($name:ident: $t:ty => $conv:ident, $mode:ident;)*) => {
        $(
            #[doc = concat!("Converts to half bits, rounding ", stringify!($mode), ".")]
            pub extern "C" fn $name(x: $t) -> i16 {
                $conv(x, Rounding::$mode) as i16
            }
        )*
    };
}

half_entries! {
    convert_f32_to_f16_rte: f32 => f32_to_half, Rte;
    convert_f32_to_f16_rtz: f32 => f32_to_half, Rtz;
    convert_f32_to_f16_rtp: f32 => f32_to_half, Rtp;
    convert_f32_to_f16_rtn: f32 => f32_to_half, Rtn;
    convert_f64_to_f16_rte: f64 => f64_to_half, Rte;
    convert_f64_to_f16_rtz: f64 => f64_to_half, Rtz;
    convert_f64_to_f16_rtp: f64 => f64_to_half, Rtp;
    convert_f64_to_f16_rtn: f64 => f64_to_half, Rtn;
}

/// Converts half bits to `f32` (exact).
pub extern "C" fn convert_f16_to_f32(h: i16) -> f32 {
    half_to_f32(h as u16)
}

/// Converts half bits to `f64` (exact).
pub extern "C" fn convert_f16_to_f64(h: i16) -> f64 {
    f64::from(half_to_f32(h as u16))
}

#[cfg(test)]
mod tests;

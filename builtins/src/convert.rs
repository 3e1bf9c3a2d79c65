//! Conversions with explicit rounding modes that Cranelift has no instruction for:
//! `convert_f64_to_f32_{rtz,rtp,rtn}` and the inexact integer-to-float conversions
//! `convert_{i,u}{32,64}_to_f{32,64}_{rtz,rtp,rtn}` (round-to-nearest ones are native).
//!
//! Each converts with the native round-to-nearest conversion, compares the result with the
//! exact source value, and steps one ulp when the mode requires it. Unsigned sources
//! arrive as the signed type of their width. Must not allocate or keep state.

use std::cmp::Ordering;

use crate::half::Rounding;

/// Adjusts the round-to-nearest `result` of a conversion so it rounds by `mode`, given
/// how the result compares with the exact source value.
macro_rules! adjust {
    ($result:expr, $cmp:expr, $mode:expr) => {{
        let r = $result;
        match ($mode, $cmp) {
            // The result is above the exact value.
            (Rounding::Rtn, Ordering::Greater) => r.next_down(),
            (Rounding::Rtz, Ordering::Greater) if r > 0.0 => r.next_down(),
            // The result is below the exact value.
            (Rounding::Rtp, Ordering::Less) => r.next_up(),
            (Rounding::Rtz, Ordering::Less) if r < 0.0 => r.next_up(),
            _ => r,
        }
    }};
}

fn f64_to_f32(x: f64, mode: Rounding) -> f32 {
    let r = x as f32;
    match f64::from(r).partial_cmp(&x) {
        Some(cmp) => adjust!(r, cmp, mode),
        None => r, // NaN
    }
}

/// Converts an integer (exactly representable in i128) with rounding `mode`. `$back`
/// turns the float result back into an exact i128 (every float that results from a
/// 64-bit integer is an integer below 2^64 in magnitude).
macro_rules! int_to_float {
    ($($name:ident: $src:ty as $wide:ty => $dst:ty, $mode:ident;)*) => {
        $(
            #[doc = concat!("Converts `", stringify!($wide), "` to `", stringify!($dst),
                "`, rounding ", stringify!($mode), ".")]
            pub extern "C" fn $name(x: $src) -> $dst {
                let exact = i128::from(x as $wide);
                let r = exact as $dst;
                adjust!(r, (r as i128).cmp(&exact), Rounding::$mode)
            }
        )*
    };
}

int_to_float! {
    convert_i32_to_f32_rtz: i32 as i32 => f32, Rtz;
    convert_i32_to_f32_rtp: i32 as i32 => f32, Rtp;
    convert_i32_to_f32_rtn: i32 as i32 => f32, Rtn;
    convert_u32_to_f32_rtz: i32 as u32 => f32, Rtz;
    convert_u32_to_f32_rtp: i32 as u32 => f32, Rtp;
    convert_u32_to_f32_rtn: i32 as u32 => f32, Rtn;
    convert_i64_to_f32_rtz: i64 as i64 => f32, Rtz;
    convert_i64_to_f32_rtp: i64 as i64 => f32, Rtp;
    convert_i64_to_f32_rtn: i64 as i64 => f32, Rtn;
    convert_u64_to_f32_rtz: i64 as u64 => f32, Rtz;
    convert_u64_to_f32_rtp: i64 as u64 => f32, Rtp;
    convert_u64_to_f32_rtn: i64 as u64 => f32, Rtn;
    convert_i64_to_f64_rtz: i64 as i64 => f64, Rtz;
    convert_i64_to_f64_rtp: i64 as i64 => f64, Rtp;
    convert_i64_to_f64_rtn: i64 as i64 => f64, Rtn;
    convert_u64_to_f64_rtz: i64 as u64 => f64, Rtz;
    convert_u64_to_f64_rtp: i64 as u64 => f64, Rtp;
    convert_u64_to_f64_rtn: i64 as u64 => f64, Rtn;
}

/// Converts `f64` to `f32`, rounding toward zero.
pub extern "C" fn convert_f64_to_f32_rtz(x: f64) -> f32 {
    f64_to_f32(x, Rounding::Rtz)
}

/// Converts `f64` to `f32`, rounding toward +infinity.
pub extern "C" fn convert_f64_to_f32_rtp(x: f64) -> f32 {
    f64_to_f32(x, Rounding::Rtp)
}

/// Converts `f64` to `f32`, rounding toward -infinity.
pub extern "C" fn convert_f64_to_f32_rtn(x: f64) -> f32 {
    f64_to_f32(x, Rounding::Rtn)
}

#[cfg(test)]
mod tests;

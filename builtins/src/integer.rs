//! OpenCL.std integer functions for 8-, 16-, 32- and 64-bit integers (`s_add_sat_i32`,
//! `u_mul_hi_i64`, `clz_i8`, ...).
//!
//! Arguments and results cross as the signed Rust type of their width; functions whose
//! name starts with `u_` reinterpret the bits as unsigned. Results that OpenCL leaves
//! undefined (`clamp` with `min > max`, 24-bit functions on wider operands) are whatever
//! the straightforward formula gives, never a panic. Must not allocate or keep state.

/// Defines every function of one width. The names are listed explicitly (Rust macros
/// cannot build identifiers), in the order of the pattern below.
macro_rules! integer_width {
    (
        $s:ty, $u:ty, $bits:expr;
        $s_abs:ident, $u_abs:ident, $s_abs_diff:ident, $u_abs_diff:ident,
        $s_add_sat:ident, $u_add_sat:ident, $s_sub_sat:ident, $u_sub_sat:ident,
        $s_hadd:ident, $u_hadd:ident, $s_rhadd:ident, $u_rhadd:ident,
        $s_clamp:ident, $u_clamp:ident, $s_max:ident, $u_max:ident, $s_min:ident, $u_min:ident,
        $clz:ident, $ctz:ident, $popcount:ident, $rotate:ident,
        $s_mul_hi:ident, $u_mul_hi:ident, $s_mad_hi:ident, $u_mad_hi:ident,
        $s_mad_sat:ident, $u_mad_sat:ident
    ) => {
        #[doc = "OpenCL.std `s_abs`: |x| as unsigned bits."]
        pub extern "C" fn $s_abs(x: $s) -> $s {
            x.unsigned_abs() as $s
        }
        #[doc = "OpenCL.std `u_abs`: the identity."]
        pub extern "C" fn $u_abs(x: $s) -> $s {
            x
        }
        #[doc = "OpenCL.std `s_abs_diff`: |x - y| without overflow, as unsigned bits."]
        pub extern "C" fn $s_abs_diff(x: $s, y: $s) -> $s {
            (i128::from(x) - i128::from(y)).unsigned_abs() as $s
        }
        #[doc = "OpenCL.std `u_abs_diff`."]
        pub extern "C" fn $u_abs_diff(x: $s, y: $s) -> $s {
            let (a, b) = (x as $u, y as $u);
            (if a > b { a - b } else { b - a }) as $s
        }
        #[doc = "OpenCL.std `s_add_sat`."]
        pub extern "C" fn $s_add_sat(x: $s, y: $s) -> $s {
            x.saturating_add(y)
        }
        #[doc = "OpenCL.std `u_add_sat`."]
        pub extern "C" fn $u_add_sat(x: $s, y: $s) -> $s {
            (x as $u).saturating_add(y as $u) as $s
        }
        #[doc = "OpenCL.std `s_sub_sat`."]
        pub extern "C" fn $s_sub_sat(x: $s, y: $s) -> $s {
            x.saturating_sub(y)
        }
        #[doc = "OpenCL.std `u_sub_sat`."]
        pub extern "C" fn $u_sub_sat(x: $s, y: $s) -> $s {
            (x as $u).saturating_sub(y as $u) as $s
        }
        #[doc = "OpenCL.std `s_hadd`: (x + y) >> 1 without overflow."]
        pub extern "C" fn $s_hadd(x: $s, y: $s) -> $s {
            ((i128::from(x) + i128::from(y)) >> 1) as $s
        }
        #[doc = "OpenCL.std `u_hadd`."]
        pub extern "C" fn $u_hadd(x: $s, y: $s) -> $s {
            ((u128::from(x as $u) + u128::from(y as $u)) >> 1) as $s
        }
        #[doc = "OpenCL.std `s_rhadd`: (x + y + 1) >> 1 without overflow."]
        pub extern "C" fn $s_rhadd(x: $s, y: $s) -> $s {
            ((i128::from(x) + i128::from(y) + 1) >> 1) as $s
        }
        #[doc = "OpenCL.std `u_rhadd`."]
        pub extern "C" fn $u_rhadd(x: $s, y: $s) -> $s {
            ((u128::from(x as $u) + u128::from(y as $u) + 1) >> 1) as $s
        }
        #[doc = "OpenCL.std `s_clamp`: min(max(x, lo), hi)."]
        pub extern "C" fn $s_clamp(x: $s, lo: $s, hi: $s) -> $s {
            x.max(lo).min(hi)
        }
        #[doc = "OpenCL.std `u_clamp`."]
        pub extern "C" fn $u_clamp(x: $s, lo: $s, hi: $s) -> $s {
            (x as $u).max(lo as $u).min(hi as $u) as $s
        }
        #[doc = "OpenCL.std `s_max`."]
        pub extern "C" fn $s_max(x: $s, y: $s) -> $s {
            x.max(y)
        }
        #[doc = "OpenCL.std `u_max`."]
        pub extern "C" fn $u_max(x: $s, y: $s) -> $s {
            (x as $u).max(y as $u) as $s
        }
        #[doc = "OpenCL.std `s_min`."]
        pub extern "C" fn $s_min(x: $s, y: $s) -> $s {
            x.min(y)
        }
        #[doc = "OpenCL.std `u_min`."]
        pub extern "C" fn $u_min(x: $s, y: $s) -> $s {
            (x as $u).min(y as $u) as $s
        }
        #[doc = "OpenCL.std `clz` (the width for 0)."]
        pub extern "C" fn $clz(x: $s) -> $s {
            x.leading_zeros() as $s
        }
        #[doc = "OpenCL.std `ctz` (the width for 0)."]
        pub extern "C" fn $ctz(x: $s) -> $s {
            x.trailing_zeros() as $s
        }
        #[doc = "OpenCL.std `popcount`."]
        pub extern "C" fn $popcount(x: $s) -> $s {
            x.count_ones() as $s
        }
        #[doc = "OpenCL.std `rotate`: rotate left by `i` modulo the width."]
        pub extern "C" fn $rotate(v: $s, i: $s) -> $s {
            (v as $u).rotate_left((i as u32) & ($bits - 1)) as $s
        }
        #[doc = "OpenCL.std `s_mul_hi`: the high half of the full product."]
        pub extern "C" fn $s_mul_hi(x: $s, y: $s) -> $s {
            ((i128::from(x) * i128::from(y)) >> $bits) as $s
        }
        #[doc = "OpenCL.std `u_mul_hi`."]
        pub extern "C" fn $u_mul_hi(x: $s, y: $s) -> $s {
            ((u128::from(x as $u) * u128::from(y as $u)) >> $bits) as $s
        }
        #[doc = "OpenCL.std `s_mad_hi`: mul_hi(a, b) + c, wrapping."]
        pub extern "C" fn $s_mad_hi(a: $s, b: $s, c: $s) -> $s {
            $s_mul_hi(a, b).wrapping_add(c)
        }
        #[doc = "OpenCL.std `u_mad_hi`."]
        pub extern "C" fn $u_mad_hi(a: $s, b: $s, c: $s) -> $s {
            $u_mul_hi(a, b).wrapping_add(c)
        }
        #[doc = "OpenCL.std `s_mad_sat`: a * b + c, saturated."]
        pub extern "C" fn $s_mad_sat(a: $s, b: $s, c: $s) -> $s {
            // |a * b| <= 2^126 and |c| < 2^63, so the sum fits i128.
            (i128::from(a) * i128::from(b) + i128::from(c)).clamp(i128::from(<$s>::MIN), i128::from(<$s>::MAX)) as $s
        }
        #[doc = "OpenCL.std `u_mad_sat`."]
        pub extern "C" fn $u_mad_sat(a: $s, b: $s, c: $s) -> $s {
            // (2^64 - 1)^2 + 2^64 - 1 < 2^128.
            (u128::from(a as $u) * u128::from(b as $u) + u128::from(c as $u)).min(u128::from(<$u>::MAX)) as $s
        }
    };
}

integer_width! {
    i8, u8, 8;
    s_abs_i8, u_abs_i8, s_abs_diff_i8, u_abs_diff_i8,
    s_add_sat_i8, u_add_sat_i8, s_sub_sat_i8, u_sub_sat_i8,
    s_hadd_i8, u_hadd_i8, s_rhadd_i8, u_rhadd_i8,
    s_clamp_i8, u_clamp_i8, s_max_i8, u_max_i8, s_min_i8, u_min_i8,
    clz_i8, ctz_i8, popcount_i8, rotate_i8,
    s_mul_hi_i8, u_mul_hi_i8, s_mad_hi_i8, u_mad_hi_i8,
    s_mad_sat_i8, u_mad_sat_i8
}

integer_width! {
    i16, u16, 16;
    s_abs_i16, u_abs_i16, s_abs_diff_i16, u_abs_diff_i16,
    s_add_sat_i16, u_add_sat_i16, s_sub_sat_i16, u_sub_sat_i16,
    s_hadd_i16, u_hadd_i16, s_rhadd_i16, u_rhadd_i16,
    s_clamp_i16, u_clamp_i16, s_max_i16, u_max_i16, s_min_i16, u_min_i16,
    clz_i16, ctz_i16, popcount_i16, rotate_i16,
    s_mul_hi_i16, u_mul_hi_i16, s_mad_hi_i16, u_mad_hi_i16,
    s_mad_sat_i16, u_mad_sat_i16
}

integer_width! {
    i32, u32, 32;
    s_abs_i32, u_abs_i32, s_abs_diff_i32, u_abs_diff_i32,
    s_add_sat_i32, u_add_sat_i32, s_sub_sat_i32, u_sub_sat_i32,
    s_hadd_i32, u_hadd_i32, s_rhadd_i32, u_rhadd_i32,
    s_clamp_i32, u_clamp_i32, s_max_i32, u_max_i32, s_min_i32, u_min_i32,
    clz_i32, ctz_i32, popcount_i32, rotate_i32,
    s_mul_hi_i32, u_mul_hi_i32, s_mad_hi_i32, u_mad_hi_i32,
    s_mad_sat_i32, u_mad_sat_i32
}

integer_width! {
    i64, u64, 64;
    s_abs_i64, u_abs_i64, s_abs_diff_i64, u_abs_diff_i64,
    s_add_sat_i64, u_add_sat_i64, s_sub_sat_i64, u_sub_sat_i64,
    s_hadd_i64, u_hadd_i64, s_rhadd_i64, u_rhadd_i64,
    s_clamp_i64, u_clamp_i64, s_max_i64, u_max_i64, s_min_i64, u_min_i64,
    clz_i64, ctz_i64, popcount_i64, rotate_i64,
    s_mul_hi_i64, u_mul_hi_i64, s_mad_hi_i64, u_mad_hi_i64,
    s_mad_sat_i64, u_mad_sat_i64
}

/// Defines `s_upsample`/`u_upsample` for one input width: `(hi << N) | lo` (the bits are
/// the same for both signednesses; `lo` is always taken as unsigned).
macro_rules! upsample {
    ($($s_name:ident, $u_name:ident: $s:ty, $u:ty => $wide:ty, $bits:expr;)*) => {
        $(
            #[doc = "OpenCL.std `s_upsample`: `(hi << N) | (unsigned) lo`."]
            pub extern "C" fn $s_name(hi: $s, lo: $s) -> $wide {
                (<$wide>::from(hi) << $bits) | <$wide>::from(lo as $u)
            }
            #[doc = "OpenCL.std `u_upsample`: `(hi << N) | lo`."]
            pub extern "C" fn $u_name(hi: $s, lo: $s) -> $wide {
                $s_name(hi, lo)
            }
        )*
    };
}

upsample! {
    s_upsample_i8, u_upsample_i8: i8, u8 => i16, 8;
    s_upsample_i16, u_upsample_i16: i16, u16 => i32, 16;
    s_upsample_i32, u_upsample_i32: i32, u32 => i64, 32;
}

/// OpenCL.std `s_mul24`: product of the low 24 bits, sign-extended.
pub extern "C" fn s_mul24_i32(x: i32, y: i32) -> i32 {
    ((x << 8) >> 8).wrapping_mul((y << 8) >> 8)
}

/// OpenCL.std `u_mul24`: product of the low 24 bits.
pub extern "C" fn u_mul24_i32(x: i32, y: i32) -> i32 {
    ((x as u32 & 0xff_ffff).wrapping_mul(y as u32 & 0xff_ffff)) as i32
}

/// OpenCL.std `s_mad24`: `mul24(a, b) + c`, wrapping.
pub extern "C" fn s_mad24_i32(a: i32, b: i32, c: i32) -> i32 {
    s_mul24_i32(a, b).wrapping_add(c)
}

/// OpenCL.std `u_mad24`: `mul24(a, b) + c`, wrapping.
pub extern "C" fn u_mad24_i32(a: i32, b: i32, c: i32) -> i32 {
    u_mul24_i32(a, b).wrapping_add(c)
}

#[cfg(test)]
mod tests;

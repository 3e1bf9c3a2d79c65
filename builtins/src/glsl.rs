//! GLSL.std.450 functions whose semantics differ from every OpenCL.std function: the
//! packing and unpacking functions (`PackSnorm4x8` … `UnpackHalf2x16`).
//!
//! Every other GLSL.std.450 instruction a compute shader can use is either an
//! OpenCL.std builtin with the same semantics (`Sin` is `sin_f32`, `Pow` is `pow_f32`,
//! ...) or a short sequence the front end emits inline, so it has no entry here.
//!
//! Packing functions take the vector's components as separate scalar parameters and
//! return the packed 32-bit word; unpacking functions take the word and the index of
//! the component to return, so the front end calls them once per component. Rounding
//! of the normalized forms is to nearest, ties to even; halves round to nearest even.
//! Like every builtin: no panics, no allocation, no state.

use crate::half::{convert_f16_to_f32, convert_f32_to_f16_rte};

/// `round(clamp(c, lo, 1) * scale)` as an integer; NaN gives 0.
fn quantize(c: f32, lo: f32, scale: f32) -> i32 {
    if c.is_nan() {
        return 0;
    }
    (c.clamp(lo, 1.0) * scale).round_ties_even() as i32
}

/// `packSnorm4x8`: each component clamped to [-1, 1], scaled by 127, in bytes 0..3.
pub extern "C" fn glsl_pack_snorm4x8(x: f32, y: f32, z: f32, w: f32) -> i32 {
    [x, y, z, w]
        .iter()
        .enumerate()
        .fold(0u32, |acc, (i, &c)| acc | ((quantize(c, -1.0, 127.0) as u32 & 0xff) << (8 * i))) as i32
}

/// `packUnorm4x8`: each component clamped to [0, 1], scaled by 255, in bytes 0..3.
pub extern "C" fn glsl_pack_unorm4x8(x: f32, y: f32, z: f32, w: f32) -> i32 {
    [x, y, z, w]
        .iter()
        .enumerate()
        .fold(0u32, |acc, (i, &c)| acc | ((quantize(c, 0.0, 255.0) as u32 & 0xff) << (8 * i))) as i32
}

/// `packSnorm2x16`: each component clamped to [-1, 1], scaled by 32767.
pub extern "C" fn glsl_pack_snorm2x16(x: f32, y: f32) -> i32 {
    let lo = quantize(x, -1.0, 32767.0) as u32 & 0xffff;
    let hi = quantize(y, -1.0, 32767.0) as u32 & 0xffff;
    (lo | (hi << 16)) as i32
}

/// `packUnorm2x16`: each component clamped to [0, 1], scaled by 65535.
pub extern "C" fn glsl_pack_unorm2x16(x: f32, y: f32) -> i32 {
    let lo = quantize(x, 0.0, 65535.0) as u32 & 0xffff;
    let hi = quantize(y, 0.0, 65535.0) as u32 & 0xffff;
    (lo | (hi << 16)) as i32
}

/// `packHalf2x16`: both components rounded to half precision, `x` in the low half.
pub extern "C" fn glsl_pack_half2x16(x: f32, y: f32) -> i32 {
    let lo = convert_f32_to_f16_rte(x) as u16 as u32;
    let hi = convert_f32_to_f16_rte(y) as u16 as u32;
    (lo | (hi << 16)) as i32
}

/// Byte `i` (0..3, taken modulo 4) of `p`.
fn byte(p: i32, i: i32) -> u32 {
    (p as u32 >> (8 * (i & 3))) & 0xff
}

/// Half-word `i` (0..1, taken modulo 2) of `p`.
fn half_word(p: i32, i: i32) -> u32 {
    (p as u32 >> (16 * (i & 1))) & 0xffff
}

/// Component `i` of `unpackSnorm4x8(p)`: `clamp(b / 127, -1, 1)`.
pub extern "C" fn glsl_unpack_snorm4x8(p: i32, i: i32) -> f32 {
    (byte(p, i) as u8 as i8 as f32 / 127.0).clamp(-1.0, 1.0)
}

/// Component `i` of `unpackUnorm4x8(p)`: `b / 255`.
pub extern "C" fn glsl_unpack_unorm4x8(p: i32, i: i32) -> f32 {
    byte(p, i) as f32 / 255.0
}

/// Component `i` of `unpackSnorm2x16(p)`: `clamp(h / 32767, -1, 1)`.
pub extern "C" fn glsl_unpack_snorm2x16(p: i32, i: i32) -> f32 {
    (half_word(p, i) as u16 as i16 as f32 / 32767.0).clamp(-1.0, 1.0)
}

/// Component `i` of `unpackUnorm2x16(p)`: `h / 65535`.
pub extern "C" fn glsl_unpack_unorm2x16(p: i32, i: i32) -> f32 {
    half_word(p, i) as f32 / 65535.0
}

/// Component `i` of `unpackHalf2x16(p)`: the half in half-word `i`, widened exactly.
pub extern "C" fn glsl_unpack_half2x16(p: i32, i: i32) -> f32 {
    convert_f16_to_f32(half_word(p, i) as u16 as i16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unorm4x8_packs_bytes_in_order_and_clamps() {
        assert_eq!(glsl_pack_unorm4x8(0.0, 1.0, 0.5, 2.0) as u32, 0xff80_ff00);
        assert_eq!(glsl_pack_unorm4x8(-1.0, f32::NAN, 1.0 / 255.0, 0.998) as u32, 0xfe01_0000);
        for i in 0..4 {
            assert_eq!(glsl_unpack_unorm4x8(0xff80_ff00u32 as i32, i), [0.0, 1.0, 128.0 / 255.0, 1.0][i as usize]);
        }
    }

    #[test]
    fn snorm4x8_round_trips_and_clamps() {
        let p = glsl_pack_snorm4x8(-1.0, 1.0, 0.5, -2.0);
        assert_eq!(p as u32, 0x8140_7f81);
        let back: Vec<f32> = (0..4).map(|i| glsl_unpack_snorm4x8(p, i)).collect();
        assert_eq!(back, vec![-1.0, 1.0, 64.0 / 127.0, -1.0]);
        // -128 unpacks to -1, not below.
        assert_eq!(glsl_unpack_snorm4x8(0x80, 0), -1.0);
    }

    #[test]
    fn sixteen_bit_forms() {
        assert_eq!(glsl_pack_unorm2x16(1.0, 0.0) as u32, 0x0000_ffff);
        assert_eq!(glsl_pack_snorm2x16(-1.0, 1.0) as u32, 0x7fff_8001);
        assert_eq!(glsl_unpack_snorm2x16(0x7fff_8001u32 as i32, 0), -1.0);
        assert_eq!(glsl_unpack_snorm2x16(0x7fff_8001u32 as i32, 1), 1.0);
        assert_eq!(glsl_unpack_unorm2x16(0xffff_0000u32 as i32, 1), 1.0);
        assert_eq!(glsl_unpack_unorm2x16(0x8000, 0), 32768.0 / 65535.0);
    }

    #[test]
    fn half2x16_uses_ieee_halves() {
        assert_eq!(glsl_pack_half2x16(1.0, -2.0) as u32, 0xc000_3c00);
        assert_eq!(glsl_unpack_half2x16(0xc000_3c00u32 as i32, 0), 1.0);
        assert_eq!(glsl_unpack_half2x16(0xc000_3c00u32 as i32, 1), -2.0);
        assert_eq!(glsl_pack_half2x16(f32::INFINITY, 65520.0) as u32, 0x7c00_7c00);
        assert!(glsl_unpack_half2x16(0x7e00, 0).is_nan());
        // Ties round to even: 1 + 2^-11 is halfway between 1 and the next half.
        assert_eq!(glsl_pack_half2x16(1.0 + f32::powi(2.0, -11), 0.0) as u32, 0x3c00);
    }

    #[test]
    fn round_trips_of_every_byte_and_half_word() {
        for b in 0..=255u32 {
            let p = (b | (b << 8) | (b << 16) | (b << 24)) as i32;
            let u: Vec<f32> = (0..4).map(|i| glsl_unpack_unorm4x8(p, i)).collect();
            assert_eq!(glsl_pack_unorm4x8(u[0], u[1], u[2], u[3]), p);
            if b != 0x80 {
                let s: Vec<f32> = (0..4).map(|i| glsl_unpack_snorm4x8(p, i)).collect();
                assert_eq!(glsl_pack_snorm4x8(s[0], s[1], s[2], s[3]), p);
            }
        }
        for h in (0..=0xffffu32).step_by(7) {
            let p = h as i32;
            assert_eq!(glsl_pack_unorm2x16(glsl_unpack_unorm2x16(p, 0), 0.0), p);
            if h != 0x8000 {
                assert_eq!(glsl_pack_snorm2x16(glsl_unpack_snorm2x16(p, 0), 0.0), p);
            }
        }
    }
}

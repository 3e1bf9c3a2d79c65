//! Texel formats: decoding one stored element into (r, g, b, a) and encoding (r, g, b, a)
//! into one element, for every channel order and channel data type, with the OpenCL 1.2
//! §8.3 conversion rules (normalized integers, saturation, round to nearest even, sRGB),
//! which are also Vulkan's (SNORM −1 clamping, UNORM/SNORM rounding, float16), plus the
//! Vulkan-only packed formats (2-10-10-10, 11-11-10 unsigned floats) and 64-bit integers.
//!
//! This module knows nothing of coordinates, samplers or descriptors.

use spirjit_abi::{ChannelOrder, ChannelType};

use crate::half::{f32_to_half, half_to_f32, Rounding};

/// Where each stored channel goes in (r, g, b, a): 0..=3, or 4 for a padding channel.
fn layout(order: ChannelOrder) -> &'static [u8] {
    use ChannelOrder::*;
    match order {
        R | Depth | Intensity | Luminance => &[0],
        A => &[3],
        RG => &[0, 1],
        RA => &[0, 3],
        Rx => &[0, 4],
        RGB | SRGB => &[0, 1, 2],
        RGx => &[0, 1, 4],
        RGBA | SRGBA => &[0, 1, 2, 3],
        RGBx | SRGBx => &[0, 1, 2, 4],
        BGRA | SBGRA => &[2, 1, 0, 3],
        ARGB => &[3, 0, 1, 2],
        ABGR => &[3, 2, 1, 0],
    }
}

/// The border color's alpha: 0 for orders with an alpha or padding channel, 1 otherwise.
pub fn border_alpha(order: ChannelOrder) -> bool {
    use ChannelOrder::*;
    !matches!(order, R | RG | RGB | Luminance | Depth | SRGB)
}

/// sRGB-encoded value → linear.
pub fn srgb_to_linear(c: f32) -> f32 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear value → sRGB-encoded.
pub fn linear_to_srgb(c: f32) -> f32 {
    if c.is_nan() {
        0.0
    } else if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

/// Round to nearest even and clamp to `[lo, hi]`; NaN gives 0 (`convert_T_sat_rte`).
pub fn sat_rte(x: f32, lo: f32, hi: f32) -> i64 {
    if x.is_nan() {
        0
    } else {
        x.round_ties_even().clamp(lo, hi) as i64
    }
}

fn rd<const N: usize>(p: &[u8], at: usize) -> [u8; N] {
    let mut b = [0u8; N];
    if let Some(s) = p.get(at..at + N) {
        b.copy_from_slice(s);
    }
    b
}

/// Stored channel values of one element: as floats (normalized / float types; integer
/// types give their value) and as 32-bit integer bits (integer types; float types give
/// their value truncated). Packed types give r, g, b.
fn channels(ty: ChannelType, n: usize, p: &[u8]) -> ([f32; 4], [u32; 4]) {
    use ChannelType::*;
    let mut f = [0f32; 4];
    let mut i = [0u32; 4];
    match ty {
        UnormInt2101010 | UnsignedInt2101010 => {
            let v = u32::from_le_bytes(rd(p, 0));
            for (k, (shift, max)) in [(0, 1023u32), (10, 1023), (20, 1023), (30, 3)].into_iter().enumerate() {
                let c = (v >> shift) & max;
                f[k] = if ty == UnormInt2101010 { c as f32 / max as f32 } else { c as f32 };
                i[k] = c;
            }
        }
        UnsignedFloat111110 => {
            let v = u32::from_le_bytes(rd(p, 0));
            for (k, (shift, mbits)) in [(0, 6u32), (11, 6), (22, 5)].into_iter().enumerate() {
                let c = (v >> shift) & ((1 << (mbits + 5)) - 1);
                f[k] = ufloat_to_f32(c, mbits);
                i[k] = f[k] as i32 as u32;
            }
        }
        UnormShort4444 => {
            // The order's channels from the most significant nibble down.
            let v = u16::from_le_bytes(rd(p, 0));
            for k in 0..4 {
                let c = u32::from(v >> (12 - 4 * k)) & 15;
                f[k] = c as f32 / 15.0;
                i[k] = c;
            }
        }
        UnormShort565 | UnormShort555 | UnormInt101010 => {
            let (v, fields): (u32, [(u32, u32); 3]) = match ty {
                UnormShort565 => (u16::from_le_bytes(rd(p, 0)) as u32, [(11, 31), (5, 63), (0, 31)]),
                UnormShort555 => (u16::from_le_bytes(rd(p, 0)) as u32, [(10, 31), (5, 31), (0, 31)]),
                _ => (u32::from_le_bytes(rd(p, 0)), [(20, 1023), (10, 1023), (0, 1023)]),
            };
            for (k, (shift, max)) in fields.into_iter().enumerate() {
                let c = (v >> shift) & max;
                f[k] = c as f32 / max as f32;
                i[k] = c;
            }
        }
        _ => {
            for k in 0..n.min(4) {
                let (fv, iv) = match ty {
                    SnormInt8 => {
                        let c = i8::from_le_bytes(rd(p, k)) as f32;
                        ((c / 127.0).max(-1.0), c as i32 as u32)
                    }
                    SnormInt16 => {
                        let c = i16::from_le_bytes(rd(p, 2 * k)) as f32;
                        ((c / 32767.0).max(-1.0), c as i32 as u32)
                    }
                    UnormInt8 => {
                        let c = p.get(k).copied().unwrap_or(0);
                        (c as f32 / 255.0, c as u32)
                    }
                    UnormInt16 => {
                        let c = u16::from_le_bytes(rd(p, 2 * k));
                        (c as f32 / 65535.0, c as u32)
                    }
                    SignedInt8 => {
                        let c = i8::from_le_bytes(rd(p, k));
                        (c as f32, c as i32 as u32)
                    }
                    SignedInt16 => {
                        let c = i16::from_le_bytes(rd(p, 2 * k));
                        (c as f32, c as i32 as u32)
                    }
                    SignedInt32 => {
                        let c = i32::from_le_bytes(rd(p, 4 * k));
                        (c as f32, c as u32)
                    }
                    UnsignedInt8 => {
                        let c = p.get(k).copied().unwrap_or(0);
                        (c as f32, c as u32)
                    }
                    UnsignedInt16 => {
                        let c = u16::from_le_bytes(rd(p, 2 * k));
                        (c as f32, c as u32)
                    }
                    UnsignedInt32 => {
                        let c = u32::from_le_bytes(rd(p, 4 * k));
                        (c as f32, c)
                    }
                    HalfFloat => {
                        let c = half_to_f32(u16::from_le_bytes(rd(p, 2 * k)));
                        (c, c as i32 as u32)
                    }
                    Float => {
                        let c = f32::from_le_bytes(rd(p, 4 * k));
                        (c, c as i32 as u32)
                    }
                    SignedInt64 => {
                        let c = i64::from_le_bytes(rd(p, 8 * k));
                        (c as f32, c as u32)
                    }
                    UnsignedInt64 => {
                        let c = u64::from_le_bytes(rd(p, 8 * k));
                        (c as f32, c as u32)
                    }
                    UnormShort565 | UnormShort555 | UnormInt101010 | UnormInt2101010 | UnsignedInt2101010
                    | UnsignedFloat111110 | UnormShort4444 => (0.0, 0),
                };
                f[k] = fv;
                i[k] = iv;
            }
        }
    }
    (f, i)
}

/// Spread stored channels into (r, g, b, a) with the order's defaults.
fn spread<T: Copy>(order: ChannelOrder, packed: bool, stored: [T; 4], zero: T, one: T) -> [T; 4] {
    let mut out = [zero, zero, zero, one];
    match order {
        ChannelOrder::Intensity => return [stored[0]; 4],
        ChannelOrder::Luminance => return [stored[0], stored[0], stored[0], one],
        _ => {}
    }
    let lay: &[u8] = if packed { &[0, 1, 2] } else { layout(order) };
    for (k, &dst) in lay.iter().enumerate() {
        if dst < 4 {
            out[dst as usize] = stored[k];
        }
    }
    out
}

/// True for the packed types holding r, g, b (not the 2-10-10-10 ones, which hold four
/// channels in `RGBA` order, nor 4-4-4-4, which holds the order's four channels).
fn is_packed(ty: ChannelType) -> bool {
    ty.channel_size().is_none()
        && !matches!(ty, ChannelType::UnormInt2101010 | ChannelType::UnsignedInt2101010 | ChannelType::UnormShort4444)
}

/// An unsigned small float (5-bit exponent, `mbits`-bit mantissa, no sign) → f32.
pub fn ufloat_to_f32(v: u32, mbits: u32) -> f32 {
    let e = (v >> mbits) & 31;
    let m = v & ((1 << mbits) - 1);
    let scale = (1u32 << mbits) as f32;
    match e {
        0 => m as f32 / scale * 2f32.powi(-14),
        31 if m == 0 => f32::INFINITY,
        31 => f32::NAN,
        _ => (1.0 + m as f32 / scale) * 2f32.powi(e as i32 - 15),
    }
}

/// f32 → unsigned small float (5-bit exponent, `mbits`-bit mantissa), rounding to
/// nearest even; negative values give 0, values too large +Inf, NaN a NaN.
pub fn f32_to_ufloat(x: f32, mbits: u32) -> u32 {
    if x.is_nan() {
        return 31 << mbits | 1 << (mbits - 1);
    }
    if x <= 0.0 {
        return 0;
    }
    if x.is_infinite() {
        return 31 << mbits;
    }
    let exp = ((x.to_bits() >> 23) & 0xFF) as i32 - 127;
    let x = x as f64;
    let v = if exp < -14 {
        // Denormal (rounding up to the smallest normal gives its encoding).
        (x * 2f64.powi(14 + mbits as i32)).round_ties_even() as u64
    } else {
        let m = (x / 2f64.powi(exp) * (1u64 << mbits) as f64).round_ties_even() as u64;
        // m is in [2^mbits, 2^(mbits+1)]; the carry of a round-up moves into the exponent.
        (((exp + 15) as u64) << mbits) + m.saturating_sub(1 << mbits)
    };
    v.min(31 << mbits) as u32
}

/// Decode one element as floats (what `read_imagef` returns before filtering; sRGB
/// orders are converted to linear).
pub fn decode_f32(order: ChannelOrder, ty: ChannelType, p: &[u8]) -> [f32; 4] {
    let (f, _) = channels(ty, order.channels() as usize, p);
    let mut out = spread(order, is_packed(ty), f, 0.0, 1.0);
    if order.is_srgb() {
        for c in &mut out[..3] {
            *c = srgb_to_linear(*c);
        }
    }
    out
}

/// Decode one element as 32-bit integers (`read_imagei` / `read_imageui`).
pub fn decode_i32(order: ChannelOrder, ty: ChannelType, p: &[u8]) -> [u32; 4] {
    let (_, i) = channels(ty, order.channels() as usize, p);
    spread(order, is_packed(ty), i, 0, 1)
}

/// The stored channels of (r, g, b, a) for `order` (padding channels get 0).
fn gather<T: Copy>(order: ChannelOrder, packed: bool, rgba: [T; 4], zero: T) -> [T; 4] {
    if packed {
        return [rgba[0], rgba[1], rgba[2], zero];
    }
    let mut out = [zero; 4];
    for (k, &src) in layout(order).iter().enumerate() {
        out[k] = if src < 4 { rgba[src as usize] } else { zero };
    }
    out
}

/// Encode float color `rgba` into one element (`write_imagef`; sRGB orders are encoded).
pub fn encode_f32(order: ChannelOrder, ty: ChannelType, rgba: [f32; 4], p: &mut [u8]) {
    use ChannelType::*;
    let mut c = rgba;
    if order.is_srgb() {
        for x in &mut c[..3] {
            *x = linear_to_srgb(*x);
        }
    }
    let s = gather(order, is_packed(ty), c, 0.0);
    let n = order.channels() as usize;
    let put = |p: &mut [u8], at: usize, b: &[u8]| {
        if let Some(d) = p.get_mut(at..at + b.len()) {
            d.copy_from_slice(b);
        }
    };
    match ty {
        UnormInt2101010 => {
            let v = sat_rte(c[0] * 1023.0, 0.0, 1023.0)
                | sat_rte(c[1] * 1023.0, 0.0, 1023.0) << 10
                | sat_rte(c[2] * 1023.0, 0.0, 1023.0) << 20
                | sat_rte(c[3] * 3.0, 0.0, 3.0) << 30;
            put(p, 0, &(v as u32).to_le_bytes());
        }
        UnsignedInt2101010 => {
            let i = c.map(|x| if x.is_nan() { 0 } else { x as u32 });
            encode_i32(order, ty, i, p);
        }
        UnsignedFloat111110 => {
            let v = f32_to_ufloat(s[0], 6) | f32_to_ufloat(s[1], 6) << 11 | f32_to_ufloat(s[2], 5) << 22;
            put(p, 0, &v.to_le_bytes());
        }
        UnormShort4444 => {
            let v = (0..4).fold(0, |v, k| v | sat_rte(s[k] * 15.0, 0.0, 15.0) << (12 - 4 * k));
            put(p, 0, &(v as u16).to_le_bytes());
        }
        UnormShort565 => {
            let v = (sat_rte(s[0] * 31.0, 0.0, 31.0) << 11)
                | (sat_rte(s[1] * 63.0, 0.0, 63.0) << 5)
                | sat_rte(s[2] * 31.0, 0.0, 31.0);
            put(p, 0, &(v as u16).to_le_bytes());
        }
        UnormShort555 => {
            let v = (sat_rte(s[0] * 31.0, 0.0, 31.0) << 10)
                | (sat_rte(s[1] * 31.0, 0.0, 31.0) << 5)
                | sat_rte(s[2] * 31.0, 0.0, 31.0);
            put(p, 0, &(v as u16).to_le_bytes());
        }
        UnormInt101010 => {
            let v = (sat_rte(s[0] * 1023.0, 0.0, 1023.0) << 20)
                | (sat_rte(s[1] * 1023.0, 0.0, 1023.0) << 10)
                | sat_rte(s[2] * 1023.0, 0.0, 1023.0);
            put(p, 0, &(v as u32).to_le_bytes());
        }
        _ => {
            for (k, &x) in s.iter().enumerate().take(n) {
                match ty {
                    SnormInt8 => put(p, k, &(sat_rte(x * 127.0, -128.0, 127.0) as i8).to_le_bytes()),
                    SnormInt16 => put(p, 2 * k, &(sat_rte(x * 32767.0, -32768.0, 32767.0) as i16).to_le_bytes()),
                    UnormInt8 => put(p, k, &[sat_rte(x * 255.0, 0.0, 255.0) as u8]),
                    UnormInt16 => put(p, 2 * k, &(sat_rte(x * 65535.0, 0.0, 65535.0) as u16).to_le_bytes()),
                    HalfFloat => put(p, 2 * k, &f32_to_half(x, Rounding::Rte).to_le_bytes()),
                    Float => put(p, 4 * k, &x.to_le_bytes()),
                    // Float colors written to integer images: undefined; store the value
                    // converted with saturation.
                    SignedInt8 | SignedInt16 | SignedInt32 | SignedInt64 => {
                        encode_int(ty, k, if x.is_nan() { 0 } else { x as i32 as u32 }, p)
                    }
                    UnsignedInt8 | UnsignedInt16 | UnsignedInt32 | UnsignedInt64 => {
                        encode_int(ty, k, if x.is_nan() { 0 } else { x as u32 }, p)
                    }
                    UnormShort565 | UnormShort555 | UnormInt101010 | UnormInt2101010 | UnsignedInt2101010
                    | UnsignedFloat111110 | UnormShort4444 => {}
                }
            }
        }
    }
}

/// Store channel `k` of an integer type with saturation (signed types read `v` as i32,
/// unsigned ones as u32).
fn encode_int(ty: ChannelType, k: usize, v: u32, p: &mut [u8]) {
    use ChannelType::*;
    let put = |p: &mut [u8], at: usize, b: &[u8]| {
        if let Some(d) = p.get_mut(at..at + b.len()) {
            d.copy_from_slice(b);
        }
    };
    let s = v as i32;
    match ty {
        SignedInt8 => put(p, k, &(s.clamp(-128, 127) as i8).to_le_bytes()),
        SignedInt16 => put(p, 2 * k, &(s.clamp(-32768, 32767) as i16).to_le_bytes()),
        SignedInt32 => put(p, 4 * k, &s.to_le_bytes()),
        UnsignedInt8 => put(p, k, &[v.min(255) as u8]),
        UnsignedInt16 => put(p, 2 * k, &(v.min(65535) as u16).to_le_bytes()),
        UnsignedInt32 => put(p, 4 * k, &v.to_le_bytes()),
        SignedInt64 => put(p, 8 * k, &(s as i64).to_le_bytes()),
        UnsignedInt64 => put(p, 8 * k, &(v as u64).to_le_bytes()),
        // Integer colors written to float / normalized images: undefined; store the
        // value as a float color.
        _ => {}
    }
}

/// Encode integer color `rgba` into one element (`write_imagei` / `write_imageui`).
pub fn encode_i32(order: ChannelOrder, ty: ChannelType, rgba: [u32; 4], p: &mut [u8]) {
    if !(ty.is_signed_int() || ty.is_unsigned_int()) {
        let f = rgba.map(|v| v as i32 as f32);
        encode_f32(order, ty, f, p);
        return;
    }
    if ty == ChannelType::UnsignedInt2101010 {
        let v = rgba[0].min(1023) | rgba[1].min(1023) << 10 | rgba[2].min(1023) << 20 | rgba[3].min(3) << 30;
        if let Some(d) = p.get_mut(0..4) {
            d.copy_from_slice(&v.to_le_bytes());
        }
        return;
    }
    let s = gather(order, false, rgba, 0);
    for (k, &v) in s.iter().enumerate().take(order.channels() as usize) {
        encode_int(ty, k, v, p);
    }
}

/// Decode one element as 64-bit integers (64-bit integer images; other types give
/// their 32-bit integer value, sign-extended for signed types).
pub fn decode_i64(order: ChannelOrder, ty: ChannelType, p: &[u8]) -> [u64; 4] {
    match ty {
        ChannelType::SignedInt64 | ChannelType::UnsignedInt64 => {
            let mut st = [0u64; 4];
            for (k, c) in st.iter_mut().enumerate().take(order.channels() as usize) {
                *c = u64::from_le_bytes(rd(p, 8 * k));
            }
            spread(order, false, st, 0, 1)
        }
        _ if ty.is_signed_int() => decode_i32(order, ty, p).map(|v| v as i32 as i64 as u64),
        _ => decode_i32(order, ty, p).map(|v| v as u64),
    }
}

/// Encode 64-bit integer color `rgba` (64-bit integer images; other types take the
/// value as a 32-bit integer color).
pub fn encode_i64(order: ChannelOrder, ty: ChannelType, rgba: [u64; 4], p: &mut [u8]) {
    match ty {
        ChannelType::SignedInt64 | ChannelType::UnsignedInt64 => {
            let s = gather(order, false, rgba, 0);
            for (k, &v) in s.iter().enumerate().take(order.channels() as usize) {
                if let Some(d) = p.get_mut(8 * k..8 * k + 8) {
                    d.copy_from_slice(&v.to_le_bytes());
                }
            }
        }
        _ if ty.is_signed_int() => {
            encode_i32(order, ty, rgba.map(|v| (v as i64).clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32), p)
        }
        _ => encode_i32(order, ty, rgba.map(|v| v.min(u32::MAX as u64) as u32), p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unorm8_round_trip_and_rounding() {
        let mut b = [0u8; 4];
        encode_f32(ChannelOrder::RGBA, ChannelType::UnormInt8, [0.5, 1.5, -1.0, f32::NAN], &mut b);
        assert_eq!(b, [128, 255, 0, 0]);
        let f = decode_f32(ChannelOrder::BGRA, ChannelType::UnormInt8, &[255, 0, 51, 255]);
        assert_eq!(f, [0.2, 0.0, 1.0, 1.0]);
    }

    #[test]
    fn packed_formats() {
        let mut b = [0u8; 2];
        encode_f32(ChannelOrder::RGB, ChannelType::UnormShort565, [1.0, 0.0, 1.0, 0.0], &mut b);
        assert_eq!(u16::from_le_bytes(b), 0xF81F);
        assert_eq!(decode_f32(ChannelOrder::RGB, ChannelType::UnormShort565, &b), [1.0, 0.0, 1.0, 1.0]);
        let mut w = [0u8; 4];
        encode_f32(ChannelOrder::RGB, ChannelType::UnormInt101010, [0.0, 1.0, 0.0, 0.0], &mut w);
        assert_eq!(u32::from_le_bytes(w), 1023 << 10);
    }

    #[test]
    fn unorm_4444_holds_the_order_from_the_top_nibble() {
        let mut b = [0u8; 2];
        let rgba = [1.0, 2.0 / 15.0, 3.0 / 15.0, 4.0 / 15.0];
        encode_f32(ChannelOrder::ARGB, ChannelType::UnormShort4444, rgba, &mut b);
        assert_eq!(u16::from_le_bytes(b), 0x4F23); // A4R4G4B4
        assert_eq!(decode_f32(ChannelOrder::ARGB, ChannelType::UnormShort4444, &b), rgba);
        encode_f32(ChannelOrder::ABGR, ChannelType::UnormShort4444, rgba, &mut b);
        assert_eq!(u16::from_le_bytes(b), 0x432F); // A4B4G4R4
        assert_eq!(decode_f32(ChannelOrder::ABGR, ChannelType::UnormShort4444, &b), rgba);
    }

    #[test]
    fn vulkan_packed_formats() {
        let mut w = [0u8; 4];
        encode_f32(ChannelOrder::RGBA, ChannelType::UnormInt2101010, [1.0, 0.0, 0.5, 1.0], &mut w);
        assert_eq!(u32::from_le_bytes(w), 1023 | 512 << 20 | 3 << 30);
        let f = decode_f32(ChannelOrder::RGBA, ChannelType::UnormInt2101010, &w);
        assert_eq!(f, [1.0, 0.0, 512.0 / 1023.0, 1.0]);
        encode_i32(ChannelOrder::RGBA, ChannelType::UnsignedInt2101010, [5, 2000, 7, 9], &mut w);
        assert_eq!(decode_i32(ChannelOrder::RGBA, ChannelType::UnsignedInt2101010, &w), [5, 1023, 7, 3]);
        for (x, m) in [(1.0f32, 6), (0.5, 5), (65024.0, 6), (1e-5, 6), (3.0e-7, 5)] {
            let e = f32_to_ufloat(x, m);
            let back = ufloat_to_f32(e, m);
            assert!((back - x).abs() <= x * 2f32.powi(-(m as i32)) + 2f32.powi(-14 - m as i32), "{x} {back}");
        }
        assert_eq!(f32_to_ufloat(1.0, 6), 15 << 6);
        assert_eq!(f32_to_ufloat(-2.0, 6), 0);
        assert_eq!(f32_to_ufloat(1e10, 5), 31 << 5);
        encode_f32(ChannelOrder::RGB, ChannelType::UnsignedFloat111110, [1.0, 2.0, 0.25, 0.0], &mut w);
        assert_eq!(decode_f32(ChannelOrder::RGB, ChannelType::UnsignedFloat111110, &w), [1.0, 2.0, 0.25, 1.0]);
        let mut q = [0u8; 8];
        encode_i64(ChannelOrder::R, ChannelType::SignedInt64, [(-5i64) as u64, 0, 0, 0], &mut q);
        assert_eq!(decode_i64(ChannelOrder::R, ChannelType::SignedInt64, &q), [(-5i64) as u64, 0, 0, 1]);
    }

    #[test]
    fn integer_saturation_and_orders() {
        let mut b = [0u8; 2];
        encode_i32(ChannelOrder::RA, ChannelType::SignedInt8, [300, 0, 0, (-300i32) as u32], &mut b);
        assert_eq!(b, [127, 128]);
        assert_eq!(decode_i32(ChannelOrder::RA, ChannelType::SignedInt8, &b), [127, 0, 0, (-128i32) as u32]);
        assert_eq!(decode_i32(ChannelOrder::Luminance, ChannelType::UnsignedInt8, &[7]), [7, 7, 7, 1]);
        assert_eq!(decode_f32(ChannelOrder::Intensity, ChannelType::UnormInt8, &[255]), [1.0; 4]);
    }
}

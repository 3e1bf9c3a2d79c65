//! Half conversions: exhaustive over all 65,536 half patterns, and f32/f64 -> f16 in every
//! rounding mode against a reference that picks the neighbouring halves by exact
//! comparison.

use super::*;
use crate::test_util::Rng;

const MODES: [Rounding; 4] = [Rounding::Rte, Rounding::Rtz, Rounding::Rtp, Rounding::Rtn];

/// The value of a non-NaN half pattern, decoded arithmetically.
fn decode(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = i32::from((h >> 10) & 0x1f);
    let f = f64::from(h & 0x3ff);
    match e {
        0x1f => sign * f64::INFINITY,
        0 => sign * f * 2f64.powi(-24),
        _ => sign * (1024.0 + f) * 2f64.powi(e - 25),
    }
}

fn is_nan_half(h: u16) -> bool {
    h & 0x7c00 == 0x7c00 && h & 0x3ff != 0
}

/// Reference rounding of a non-NaN `x` to half bits. The non-negative halves are sorted by
/// their bit patterns; 0x7c00 stands for 2^16 when it is the upper neighbour.
fn reference(x: f64, mode: Rounding) -> u16 {
    let negative = x.is_sign_negative();
    let sign = if negative { 0x8000 } else { 0 };
    let a = x.abs();
    if a.is_infinite() {
        return sign | 0x7c00;
    }
    static VALUES: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    let values =
        VALUES.get_or_init(|| (0..=0x7c00u16).map(|h| if h == 0x7c00 { 65536.0 } else { decode(h) }).collect());
    let value = |h: u16| values[usize::from(h)];
    // Smallest pattern whose value is >= a.
    let hi = (values.partition_point(|&v| v < a) as u16).min(0x7c00);
    let lo = if value(hi) == a { hi } else { hi - 1 };
    let away = match mode {
        Rounding::Rtz => false,
        Rounding::Rtp => !negative,
        Rounding::Rtn => negative,
        Rounding::Rte => {
            let twice = 2.0 * a;
            let mid = value(lo) + value(hi);
            twice > mid || (twice == mid && hi & 1 == 0)
        }
    };
    let mut r = if away { hi } else { lo };
    if a >= 65536.0 {
        r = if mode == Rounding::Rte || away { 0x7c00 } else { 0x7bff };
    } else if r == 0x7c00 && !away && mode != Rounding::Rte {
        r = 0x7bff;
    }
    sign | r
}

#[test]
fn all_halves_round_trip() {
    for h in 0..=u16::MAX {
        let f = convert_f16_to_f32(h as i16);
        let d = convert_f16_to_f64(h as i16);
        if is_nan_half(h) {
            assert!(f.is_nan() && d.is_nan(), "{h:#06x}");
            for mode in MODES {
                // Quieted, payload and sign kept.
                assert_eq!(f32_to_half(f, mode), h | 0x200, "{h:#06x} via f32");
                assert_eq!(f64_to_half(d, mode), h | 0x200, "{h:#06x} via f64");
            }
            continue;
        }
        assert_eq!(f64::from(f), decode(h), "{h:#06x} to f32");
        assert_eq!(d, decode(h), "{h:#06x} to f64");
        assert_eq!(f.is_sign_negative(), h & 0x8000 != 0, "{h:#06x} sign");
        for mode in MODES {
            assert_eq!(f32_to_half(f, mode), h, "{h:#06x} {mode:?} via f32");
            assert_eq!(f64_to_half(d, mode), h, "{h:#06x} {mode:?} via f64");
        }
    }
}

fn check_f32(x: f32) {
    if x.is_nan() {
        return;
    }
    for mode in MODES {
        let want = reference(f64::from(x), mode);
        let got = f32_to_half(x, mode);
        assert_eq!(got, want, "f32 {x:e} ({:#010x}) {mode:?}: got {got:#06x} want {want:#06x}", x.to_bits());
    }
}

fn check_f64(x: f64) {
    if x.is_nan() {
        return;
    }
    for mode in MODES {
        let want = reference(x, mode);
        let got = f64_to_half(x, mode);
        assert_eq!(got, want, "f64 {x:e} ({:#018x}) {mode:?}: got {got:#06x} want {want:#06x}", x.to_bits());
    }
}

#[test]
fn f32_to_half_edges_and_random() {
    // Every half value, the midpoints between neighbours, and their f32 neighbours.
    for h in 0..0x7c00u16 {
        let v = decode(h) as f32;
        let next = if h == 0x7bff { 65536.0 } else { decode(h + 1) as f32 };
        let mid = (v + next) / 2.0;
        for x in [v, mid, mid.next_up(), mid.next_down(), v.next_up(), next.next_down()] {
            check_f32(x);
            check_f32(-x);
        }
    }
    for x in [f32::MAX, f32::MIN_POSITIVE, 1e-45, 65520.0, 65519.998, 1e30, f32::INFINITY, 0.0] {
        check_f32(x);
        check_f32(-x);
    }
    let mut rng = Rng::new(7);
    for _ in 0..100_000 {
        let bits = rng.next_u64() as u32;
        check_f32(f32::from_bits(bits));
        // Concentrate on the half range: exponents 2^-26 .. 2^17.
        let e = 101 + (bits >> 24) % 43;
        check_f32(f32::from_bits((bits & 0x807f_ffff) | (e << 23)));
    }
}

#[test]
fn f64_to_half_rounds_once() {
    // 1 + 2^-11 + 2^-40: just above the midpoint between 1 and 1 + 2^-10. Rounding to f32
    // first would land on the midpoint and then round to even (1.0).
    let x = 1.0 + 2f64.powi(-11) + 2f64.powi(-40);
    assert_eq!(f64_to_half(x, Rounding::Rte), 0x3c01);
    let mut rng = Rng::new(11);
    for _ in 0..100_000 {
        let bits = rng.next_u64();
        check_f64(f64::from_bits(bits));
        let e = 1023 - 27 + (bits >> 52) % 46;
        check_f64(f64::from_bits((bits & 0x800f_ffff_ffff_ffff) | (e << 52)));
    }
    for x in [f64::MAX, f64::MIN_POSITIVE, 5e-324, 65520.0, 65519.999999, 2f64.powi(-25), 2f64.powi(-24) * 1.5] {
        check_f64(x);
        check_f64(-x);
    }
}

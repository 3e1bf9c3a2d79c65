//! Rounding-mode conversions checked against their defining property: the result is the
//! float on the required side of the exact value, and its neighbour toward the value
//! overshoots it. All comparisons are exact.

use std::cmp::Ordering;

use super::*;
use crate::test_util::Rng;

/// Compares a float with an integer exactly.
fn cmp_float_int(f: f64, i: i128) -> Ordering {
    if f.is_infinite() {
        return if f > 0.0 { Ordering::Greater } else { Ordering::Less };
    }
    let fl = f.floor();
    match (fl as i128).cmp(&i) {
        Ordering::Equal if f != fl => Ordering::Greater,
        o => o,
    }
}

/// Checks `r` as the `mode` rounding of a value, given `cmp(v)` = v compared with the
/// exact value and the neighbours of `r`.
fn check_side(r: f64, below: f64, above: f64, cmp: impl Fn(f64) -> Ordering, mode: Rounding, what: &str) {
    let up = mode == Rounding::Rtp || (mode == Rounding::Rtz && cmp(0.0) == Ordering::Greater);
    if up {
        assert!(cmp(r) != Ordering::Less, "{what}: {r:e} is below the value");
        assert!(cmp(below) == Ordering::Less, "{what}: {r:e} is not the smallest above the value");
    } else {
        assert!(cmp(r) != Ordering::Greater, "{what}: {r:e} is above the value");
        assert!(cmp(above) == Ordering::Greater, "{what}: {r:e} is not the largest below the value");
    }
}

const MODES: [Rounding; 3] = [Rounding::Rtz, Rounding::Rtp, Rounding::Rtn];

#[test]
fn f64_to_f32_modes() {
    let fns: [extern "C" fn(f64) -> f32; 3] = [convert_f64_to_f32_rtz, convert_f64_to_f32_rtp, convert_f64_to_f32_rtn];
    let mut rng = Rng::new(3);
    let mut inputs = vec![0.0, -0.0, f64::MAX, -f64::MAX, 3.4028235677973366e38, 1e-46, 5e-324, f64::INFINITY];
    for _ in 0..100_000 {
        let bits = rng.next_u64();
        inputs.push(f64::from_bits(bits));
        // Exponents around the f32 range, denormals included.
        let e = 1023 - 160 + (bits >> 52) % 300;
        inputs.push(f64::from_bits((bits & 0x800f_ffff_ffff_ffff) | (e << 52)));
    }
    for x in inputs {
        for (f, mode) in fns.iter().zip(MODES) {
            let r = f(x);
            if x.is_nan() {
                assert!(r.is_nan());
                continue;
            }
            let cmp = |v: f64| v.partial_cmp(&x).unwrap_or(Ordering::Equal);
            let what = format!("f64 {x:e} {mode:?}");
            if r.is_infinite() && x.is_infinite() {
                continue;
            }
            let (below, above) = (f64::from(r.next_down()), f64::from(r.next_up()));
            check_side(f64::from(r), below, above, cmp, mode, &what);
            if r == 0.0 {
                assert_eq!(r.is_sign_negative(), x.is_sign_negative(), "{what}: sign of zero");
            }
        }
    }
}

#[test]
fn int_to_float_modes() {
    type F32 = extern "C" fn(i64) -> f32;
    type F64 = extern "C" fn(i64) -> f64;
    let i32_fns: [(extern "C" fn(i32) -> f32, bool, Rounding); 6] = [
        (convert_i32_to_f32_rtz, true, Rounding::Rtz),
        (convert_i32_to_f32_rtp, true, Rounding::Rtp),
        (convert_i32_to_f32_rtn, true, Rounding::Rtn),
        (convert_u32_to_f32_rtz, false, Rounding::Rtz),
        (convert_u32_to_f32_rtp, false, Rounding::Rtp),
        (convert_u32_to_f32_rtn, false, Rounding::Rtn),
    ];
    let f32_fns: [(F32, bool, Rounding); 6] = [
        (convert_i64_to_f32_rtz, true, Rounding::Rtz),
        (convert_i64_to_f32_rtp, true, Rounding::Rtp),
        (convert_i64_to_f32_rtn, true, Rounding::Rtn),
        (convert_u64_to_f32_rtz, false, Rounding::Rtz),
        (convert_u64_to_f32_rtp, false, Rounding::Rtp),
        (convert_u64_to_f32_rtn, false, Rounding::Rtn),
    ];
    let f64_fns: [(F64, bool, Rounding); 6] = [
        (convert_i64_to_f64_rtz, true, Rounding::Rtz),
        (convert_i64_to_f64_rtp, true, Rounding::Rtp),
        (convert_i64_to_f64_rtn, true, Rounding::Rtn),
        (convert_u64_to_f64_rtz, false, Rounding::Rtz),
        (convert_u64_to_f64_rtp, false, Rounding::Rtp),
        (convert_u64_to_f64_rtn, false, Rounding::Rtn),
    ];
    let mut rng = Rng::new(5);
    for n in 0..200_000 {
        // Random magnitudes: shift a random value right by a random amount.
        let x = (rng.edgy_u64() >> (n % 64)) as i64;
        let x = if n % 3 == 0 { x.wrapping_neg() } else { x };
        let exact = |signed: bool, bits: u32| {
            if signed {
                if bits == 32 {
                    i128::from(x as i32)
                } else {
                    i128::from(x)
                }
            } else if bits == 32 {
                i128::from(x as u32)
            } else {
                i128::from(x as u64)
            }
        };
        for (f, signed, mode) in i32_fns {
            let (r, v) = (f(x as i32), exact(signed, 32));
            let what = format!("{v} to f32 {mode:?}");
            check_side(
                f64::from(r),
                f64::from(r.next_down()),
                f64::from(r.next_up()),
                |c| cmp_float_int(c, v),
                mode,
                &what,
            );
        }
        for (f, signed, mode) in f32_fns {
            let (r, v) = (f(x), exact(signed, 64));
            let what = format!("{v} to f32 {mode:?}");
            check_side(
                f64::from(r),
                f64::from(r.next_down()),
                f64::from(r.next_up()),
                |c| cmp_float_int(c, v),
                mode,
                &what,
            );
        }
        for (f, signed, mode) in f64_fns {
            let (r, v) = (f(x), exact(signed, 64));
            let what = format!("{v} to f64 {mode:?}");
            check_side(r, r.next_down(), r.next_up(), |c| cmp_float_int(c, v), mode, &what);
        }
    }
}

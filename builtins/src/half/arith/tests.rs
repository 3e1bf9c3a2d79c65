//! Half `fma`, `nextafter` and the `f32` route of the other half operations, against
//! exact references in integer arithmetic: a finite half is an integer number of 2^-24
//! units, so products, sums, quotients and square roots compare exactly with every half
//! and every midpoint between two halves (integers of 2^-25 units).

use std::cmp::Ordering;

use super::*;
use crate::half::f32_to_half;
use crate::test_util::Rng;

const QNAN: u16 = 0x7e00;
const INF: u16 = 0x7c00;

fn is_nan(h: u16) -> bool {
    h & 0x7c00 == 0x7c00 && h & 0x3ff != 0
}

fn is_finite(h: u16) -> bool {
    h & 0x7c00 != 0x7c00
}

fn negative(h: u16) -> bool {
    h & 0x8000 != 0
}

/// The value of a finite half in units of 2^-24 (signed).
fn units(h: u16) -> i128 {
    let e = i128::from((h >> 10) & 0x1f);
    let f = i128::from(h & 0x3ff);
    let m = if e == 0 { f } else { (1024 + f) << (e - 1) };
    if negative(h) {
        -m
    } else {
        m
    }
}

/// The non-negative pattern `h` (0x7c00 standing for 2^16) in units of 2^-25.
fn q_of(h: u16) -> i128 {
    if h == INF {
        1 << 41
    } else {
        2 * units(h)
    }
}

/// Rounds a non-zero value `x` to the nearest half, ties to even, given its sign and
/// `cmp(q)`, the exact comparison of |x| with `q * 2^-25`.
fn round_rte(neg: bool, cmp: impl Fn(i128) -> Ordering) -> u16 {
    let sign = if neg { 0x8000 } else { 0 };
    // Smallest pattern whose value is >= |x| (patterns sort like their values).
    let (mut lo, mut hi) = (0u16, INF + 1);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if cmp(q_of(mid)) == Ordering::Greater {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if hi > INF {
        return sign | INF;
    }
    assert!(hi > 0, "round_rte called with zero");
    if cmp(q_of(hi)) == Ordering::Equal {
        return sign | hi;
    }
    let below = hi - 1;
    let r = match cmp((q_of(below) + q_of(hi)) / 2) {
        Ordering::Greater => hi,
        Ordering::Less => below,
        Ordering::Equal if hi & 1 == 0 => hi,
        Ordering::Equal => below,
    };
    sign | r
}

/// The correctly rounded `a * b + c` (IEEE 754 fusedMultiplyAdd, ties to even); NaN
/// results as [`QNAN`].
fn fma_reference(a: u16, b: u16, c: u16) -> u16 {
    if is_nan(a) || is_nan(b) || is_nan(c) {
        return QNAN;
    }
    let p_neg = negative(a) != negative(b);
    let p_zero = units(a & 0x7fff) == 0 || units(b & 0x7fff) == 0;
    if !is_finite(a) || !is_finite(b) {
        if p_zero {
            return QNAN; // inf * 0
        }
        if !is_finite(c) && negative(c) != p_neg {
            return QNAN; // inf - inf
        }
        return if p_neg { 0x8000 | INF } else { INF };
    }
    if !is_finite(c) {
        return c;
    }
    // Exact, in units of 2^-48.
    let s = units(a) * units(b) + (units(c) << 24);
    if s == 0 {
        let c_zero = c & 0x7fff == 0;
        // Zeros of the same sign keep it; any other exact zero is +0.
        return if p_zero && c_zero && p_neg && negative(c) { 0x8000 } else { 0 };
    }
    let m = s.abs();
    round_rte(s < 0, |q| m.cmp(&(q << 23)))
}

/// The former route: `fma` in `f32`, then rounded to half (two roundings).
fn fma_via_f32(a: u16, b: u16, c: u16) -> u16 {
    let f = |h: u16| half_to_f32(h);
    f32_to_half(f(a).mul_add(f(b), f(c)), Rounding::Rte)
}

fn same(got: u16, want: u16) -> bool {
    got == want || (is_nan(got) && is_nan(want))
}

fn check_fma(a: u16, b: u16, c: u16) {
    let got = fma_f16(a as i16, b as i16, c as i16) as u16;
    let want = fma_reference(a, b, c);
    assert!(same(got, want), "fma_f16({a:#06x}, {b:#06x}, {c:#06x}): got {got:#06x}, want {want:#06x}");
    assert_eq!(mad_f16(a as i16, b as i16, c as i16) as u16, got, "mad_f16({a:#06x}, {b:#06x}, {c:#06x})");
}

/// Edge values: zeros, denormals, the normal range limits, values around 1, infinities,
/// NaNs.
const EDGES: &[u16] = &[
    0x0000, 0x0001, 0x0002, 0x03ff, 0x0400, 0x0401, 0x07ff, 0x3bff, 0x3c00, 0x3c01, 0x3e00, 0x4000, 0x5bff, 0x7bfe,
    0x7bff, 0x7c00, 0x7e00, 0x7c01,
];

#[test]
fn fma_edge_triples() {
    let all: Vec<u16> = EDGES.iter().flat_map(|&h| [h, h | 0x8000]).collect();
    for &a in &all {
        for &b in &all {
            for &c in &all {
                check_fma(a, b, c);
            }
        }
    }
}

/// Triples where the former `f32` route rounded twice and got the wrong half; found by
/// comparing it with [`fma_reference`] over random triples.
const DOUBLE_ROUNDING: &[(&str, [u16; 4])] = &[
    // 2.21875 * 9984 = 22152 is a midpoint between halves; + 0.000479 lies just above it,
    // but in f32 the sum rounds back onto the midpoint, which then rounds to even (down).
    ("midpoint_product_nudged_up", [0x4070, 0x70e0, 0x0fd9, 0x7569]),
    // 4352 * -1.1171875 = -4862 (a midpoint) + 7.3e-6: the exact magnitude is just below it.
    ("negative_midpoint_product_nudged_down", [0x6c40, 0xbc78, 0x007a, 0xecbf]),
    // -235.25 * -0.0243835 + 9.9e-5 = 5.73632818: 6e-8 above a midpoint, less than the
    // f32 sum keeps.
    ("sum_just_above_midpoint", [0xdb5a, 0xa63e, 0x0681, 0x45bd]),
    // 1.7236 * -0.10822 - 0.98193: addend and product of comparable size.
    ("comparable_magnitudes", [0x3ee5, 0xaeed, 0xbbdb, 0xbcad]),
    // -0.0025539 * 0.00021005 + 0.00015616: the product is below the half range's
    // normals, the result just above them.
    ("tiny_product", [0x993b, 0x0ae2, 0x091e, 0x0919]),
    // A denormal result: 3.38e-5 * -0.0026455 + 5.09e-5.
    ("denormal_result", [0x0237, 0x996b, 0x0356, 0x0355]),
];

#[test]
fn fma_double_rounding_regressions() {
    for &(name, [a, b, c, want]) in DOUBLE_ROUNDING {
        assert_eq!(fma_reference(a, b, c), want, "{name}: reference");
        assert_ne!(fma_via_f32(a, b, c), want, "{name}: the f32 route should get this wrong");
        assert_eq!(fma_f16(a as i16, b as i16, c as i16) as u16, want, "{name}");
    }
}

/// A random half with the sign and exponent of `near` shifted by -3..=3 binades and a
/// random significand: addends comparable with a product, for cancellation and near-ties.
fn near_half(rng: &mut Rng, near: u16) -> u16 {
    let r = rng.next_u64();
    let e = i64::from((near >> 10) & 0x1f) + (r % 7) as i64 - 3;
    let sign = if r & 0x80 != 0 { 0x8000 } else { 0 };
    sign | ((e.clamp(0, 30) as u16) << 10) | ((r >> 16) as u16 & 0x3ff)
}

#[test]
fn fma_random_million() {
    let mut rng = Rng::new(0xf16);
    let mut f32_route_wrong = 0;
    for i in 0..1_000_000u32 {
        let (mut a, mut b) = (rng.next_u64() as u16, rng.next_u64() as u16);
        if i % 4 == 1 {
            // Short significands (5 and 6 bits): products that often lie exactly on a
            // midpoint between two halves.
            (a, b) = (a & !0x1f, b & !0x0f);
        }
        let p = f64_to_half(f64::from(half_to_f32(a)) * f64::from(half_to_f32(b)), Rounding::Rte);
        let c = match i % 4 {
            0 => rng.next_u64() as u16,
            // 24 to 30 binades below the product: nudges a product off a midpoint by less
            // than f32 keeps, the classic double-rounding case.
            1 => near_half(&mut rng, (p & 0x7fff).saturating_sub(27 << 10)),
            // Comparable with the product: cancellations and long carries.
            _ => near_half(&mut rng, p),
        };
        check_fma(a, b, c);
        if !same(fma_via_f32(a, b, c), fma_reference(a, b, c)) {
            f32_route_wrong += 1;
        }
    }
    // The inputs must exercise the double-rounding cases the f32 route gets wrong.
    eprintln!("fma_random_million: the f32 route gets {f32_route_wrong} triples wrong");
    assert!(f32_route_wrong > 100, "only {f32_route_wrong} triples separate single from double rounding");
}

/// Checks `op` on finite halves computed in `f32` and rounded once to half against the
/// exact result; `cmp(a, b, q)` compares the exact |a op b| with `q * 2^-25`, `zero(a, b)`
/// gives the exact result's sign when it is zero (`None` when it is not).
fn check_f32_route(
    name: &str,
    a: u16,
    b: u16,
    f32_op: impl Fn(f32, f32) -> f32,
    exact_negative: bool,
    exact_zero: Option<bool>,
    cmp: impl Fn(i128) -> Ordering,
) {
    let got = f32_to_half(f32_op(half_to_f32(a), half_to_f32(b)), Rounding::Rte);
    let want = match exact_zero {
        Some(neg) => {
            if neg {
                0x8000
            } else {
                0
            }
        }
        None => round_rte(exact_negative, cmp),
    };
    assert_eq!(got, want, "{name}({a:#06x}, {b:#06x}) through f32: got {got:#06x}, want {want:#06x}");
}

#[test]
fn f32_route_rounds_add_mul_div_once() {
    let mut rng = Rng::new(0xadd);
    let finite = |rng: &mut Rng| loop {
        let h = rng.next_u64() as u16;
        if is_finite(h) {
            return h;
        }
    };
    for i in 0..300_000u32 {
        let a = finite(&mut rng);
        // Half of the second operands close to the first: long carries and cancellations.
        let b = if i % 2 == 0 { finite(&mut rng) } else { near_half(&mut rng, a) };
        let (ua, ub) = (units(a), units(b));
        let sum = ua + ub;
        let sum_zero = (sum == 0).then(|| negative(a) && negative(b));
        check_f32_route("add", a, b, |x, y| x + y, sum < 0, sum_zero, |q| (2 * sum.abs()).cmp(&q));
        let prod = ua * ub;
        let prod_zero = (prod == 0).then(|| negative(a) != negative(b));
        check_f32_route("mul", a, b, |x, y| x * y, prod < 0, prod_zero, |q| prod.abs().cmp(&(q << 23)));
        if ub != 0 {
            let quot_zero = (ua == 0).then(|| negative(a) != negative(b));
            let neg = (ua < 0) != (ub < 0);
            check_f32_route("div", a, b, |x, y| x / y, neg, quot_zero, |q| (ua.abs() << 25).cmp(&(q * ub.abs())));
        }
    }
}

#[test]
fn f32_route_rounds_sqrt_once() {
    for h in 0..INF {
        let got = f32_to_half(half_to_f32(h).sqrt(), Rounding::Rte);
        let want = if h == 0 { 0 } else { round_rte(false, |q| (units(h) << 26).cmp(&(q * q))) };
        assert_eq!(got, want, "sqrt({h:#06x}) through f32");
    }
}

#[test]
fn nextafter_steps_one_half() {
    let next = |x: u16, y: u16| nextafter_f16(x as i16, y as i16) as u16;
    assert_eq!(next(0x3c00, 0x4000), 0x3c01); // 1 -> 1 + 2^-10 (the f32 route gave 1)
    assert_eq!(next(0x3c00, 0x0000), 0x3bff);
    assert_eq!(next(0xbc00, 0x0000), 0xbbff);
    assert_eq!(next(0xbc00, 0xc000), 0xbc01);
    assert_eq!(next(0x0000, 0x3c00), 0x0001);
    assert_eq!(next(0x0000, 0xbc00), 0x8001);
    assert_eq!(next(0x8000, 0x0000), 0x0000); // equal: y
    assert_eq!(next(0x0001, 0x8000), 0x0000);
    assert_eq!(next(0x8001, 0x0000), 0x8000);
    assert_eq!(next(0x7bff, INF), INF);
    assert_eq!(next(INF, 0x0000), 0x7bff);
    assert_eq!(next(0xfc00, 0x0000), 0xfbff);
    assert_eq!(next(0x03ff, INF), 0x0400);
    assert!(is_nan(next(QNAN, 0x3c00)));
    assert!(is_nan(next(0x3c00, 0x7c01)));
    // Every finite half steps to the next distinct half value in the direction of `y`.
    let mut values: Vec<f32> = (0..=u16::MAX).filter(|&g| is_finite(g)).map(half_to_f32).collect();
    values.sort_by(f32::total_cmp);
    values.dedup_by(|p, q| p == q); // -0 and +0
    for h in (0..=u16::MAX).filter(|&h| is_finite(h)) {
        let x = half_to_f32(h);
        let i = values.partition_point(|&v| v < x);
        for (y, want) in [(INF, values.get(i + 1)), (0xfc00, i.checked_sub(1).map(|j| &values[j]))] {
            let got = half_to_f32(next(h, y));
            let want = want.copied().unwrap_or(half_to_f32(y));
            assert_eq!(got, want, "nextafter({h:#06x}, {y:#06x})");
        }
    }
}

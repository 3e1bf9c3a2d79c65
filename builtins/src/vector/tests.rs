//! Every vector form, called through its table address with the table's signature,
//! receives the lanes in order and gives the scalar form's result bit for bit.

use std::arch::x86_64::{__m128, __m128d, __m128i};

use crate::test_util::Rng;
use crate::{table, vector_form, ArgType, Builtin};

fn f32x4(a: [f32; 4]) -> __m128 {
    // SAFETY: 16 plain bytes either way.
    unsafe { std::mem::transmute(a) }
}
fn lanes_f32(v: __m128) -> [f32; 4] {
    // SAFETY: as above.
    unsafe { std::mem::transmute(v) }
}
fn f64x2(a: [f64; 2]) -> __m128d {
    // SAFETY: as above.
    unsafe { std::mem::transmute(a) }
}
fn lanes_f64(v: __m128d) -> [f64; 2] {
    // SAFETY: as above.
    unsafe { std::mem::transmute(v) }
}
fn i32x4(a: [i32; 4]) -> __m128i {
    // SAFETY: as above.
    unsafe { std::mem::transmute(a) }
}
fn lanes_i32(v: __m128i) -> [i32; 4] {
    // SAFETY: as above.
    unsafe { std::mem::transmute(v) }
}

fn same_f32(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}
fn same_f64(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

/// Interesting operands: specials, small integers and random bit patterns.
fn operand_f32(rng: &mut Rng) -> f32 {
    let r = rng.next_u64();
    match r % 8 {
        0 => [0.0, -0.0, 1.0, -1.0, 0.5, f32::INFINITY, f32::NAN, 1e30][(r >> 8) as usize % 8],
        1 | 2 => ((r >> 16) % 2000) as f32 / 100.0 - 10.0,
        _ => f32::from_bits((r >> 32) as u32),
    }
}

fn operand_f64(rng: &mut Rng) -> f64 {
    let r = rng.next_u64();
    match r % 8 {
        0 => [0.0, -0.0, 1.0, -1.0, 0.5, f64::INFINITY, f64::NAN, 1e300][(r >> 8) as usize % 8],
        1 | 2 => ((r >> 16) % 2000) as f64 / 100.0 - 10.0,
        _ => f64::from_bits(rng.next_u64()),
    }
}

/// Calls vector form `v` and its scalar form `s` on random lanes, `rounds` times.
fn check(v: &Builtin, s: &Builtin, rng: &mut Rng, rounds: usize) {
    use ArgType::*;
    for _ in 0..rounds {
        match (v.params, v.ret) {
            ([F32X4, ..], F32X4) | ([F32X4], I32X4) => {
                let a: [[f32; 4]; 3] = std::array::from_fn(|_| std::array::from_fn(|_| operand_f32(rng)));
                let n: [i32; 4] = std::array::from_fn(|_| (rng.next_u64() % 41) as i32 - 20);
                for l in 0..4 {
                    // SAFETY: the table records these exact signatures for the addresses.
                    unsafe {
                        let (got, want_bits) = match (v.params, v.ret) {
                            ([F32X4], F32X4) => {
                                let fv: extern "C" fn(__m128) -> __m128 = std::mem::transmute(v.address);
                                let fs: extern "C" fn(f32) -> f32 = std::mem::transmute(s.address);
                                (lanes_f32(fv(f32x4(a[0])))[l], fs(a[0][l]))
                            }
                            ([F32X4, F32X4], F32X4) => {
                                let fv: extern "C" fn(__m128, __m128) -> __m128 = std::mem::transmute(v.address);
                                let fs: extern "C" fn(f32, f32) -> f32 = std::mem::transmute(s.address);
                                (lanes_f32(fv(f32x4(a[0]), f32x4(a[1])))[l], fs(a[0][l], a[1][l]))
                            }
                            ([F32X4, F32X4, F32X4], F32X4) => {
                                let fv: extern "C" fn(__m128, __m128, __m128) -> __m128 =
                                    std::mem::transmute(v.address);
                                let fs: extern "C" fn(f32, f32, f32) -> f32 = std::mem::transmute(s.address);
                                (lanes_f32(fv(f32x4(a[0]), f32x4(a[1]), f32x4(a[2])))[l], fs(a[0][l], a[1][l], a[2][l]))
                            }
                            ([F32X4, I32X4], F32X4) => {
                                let fv: extern "C" fn(__m128, __m128i) -> __m128 = std::mem::transmute(v.address);
                                let fs: extern "C" fn(f32, i32) -> f32 = std::mem::transmute(s.address);
                                (lanes_f32(fv(f32x4(a[0]), i32x4(n)))[l], fs(a[0][l], n[l]))
                            }
                            ([F32X4], I32X4) => {
                                let fv: extern "C" fn(__m128) -> __m128i = std::mem::transmute(v.address);
                                let fs: extern "C" fn(f32) -> i32 = std::mem::transmute(s.address);
                                let g = lanes_i32(fv(f32x4(a[0])))[l];
                                assert_eq!(g, fs(a[0][l]), "{} lane {l} of {:?}", v.symbol, a[0]);
                                continue;
                            }
                            (p, r) => panic!("{}: unexpected signature {p:?} -> {r:?}", v.symbol),
                        };
                        assert!(same_f32(got, want_bits), "{} lane {l}: {got} vs {want_bits}", v.symbol);
                    }
                }
            }
            ([F64X2, ..], F64X2) => {
                let a: [[f64; 2]; 3] = std::array::from_fn(|_| std::array::from_fn(|_| operand_f64(rng)));
                for l in 0..2 {
                    // SAFETY: the table records these exact signatures for the addresses.
                    let (got, want) = unsafe {
                        match v.params.len() {
                            1 => {
                                let fv: extern "C" fn(__m128d) -> __m128d = std::mem::transmute(v.address);
                                let fs: extern "C" fn(f64) -> f64 = std::mem::transmute(s.address);
                                (lanes_f64(fv(f64x2(a[0])))[l], fs(a[0][l]))
                            }
                            2 => {
                                let fv: extern "C" fn(__m128d, __m128d) -> __m128d = std::mem::transmute(v.address);
                                let fs: extern "C" fn(f64, f64) -> f64 = std::mem::transmute(s.address);
                                (lanes_f64(fv(f64x2(a[0]), f64x2(a[1])))[l], fs(a[0][l], a[1][l]))
                            }
                            _ => {
                                let fv: extern "C" fn(__m128d, __m128d, __m128d) -> __m128d =
                                    std::mem::transmute(v.address);
                                let fs: extern "C" fn(f64, f64, f64) -> f64 = std::mem::transmute(s.address);
                                (lanes_f64(fv(f64x2(a[0]), f64x2(a[1]), f64x2(a[2])))[l], fs(a[0][l], a[1][l], a[2][l]))
                            }
                        }
                    };
                    assert!(same_f64(got, want), "{} lane {l}: {got} vs {want}", v.symbol);
                }
            }
            (p, r) => panic!("{}: unexpected signature {p:?} -> {r:?}", v.symbol),
        }
    }
}

#[test]
fn vector_forms_match_scalar_forms() {
    let mut rng = Rng::new(7);
    let mut count = 0;
    for s in table() {
        if let Some(v) = vector_form(s.symbol) {
            check(v, s, &mut rng, 200);
            count += 1;
        }
    }
    assert!(count >= 116, "only {count} vector forms found");
}

#[test]
fn lanes_arrive_in_order() {
    let v = vector_form("copysign_f32").unwrap();
    // SAFETY: the table records this signature.
    let f: extern "C" fn(__m128, __m128) -> __m128 = unsafe { std::mem::transmute(v.address) };
    let r = lanes_f32(f(f32x4([1.0, 2.0, 3.0, 4.0]), f32x4([-1.0, 1.0, -1.0, 1.0])));
    assert_eq!(r, [-1.0, 2.0, -3.0, 4.0]);
    let v = vector_form("fdim_f64").unwrap();
    // SAFETY: the table records this signature.
    let f: extern "C" fn(__m128d, __m128d) -> __m128d = unsafe { std::mem::transmute(v.address) };
    assert_eq!(lanes_f64(f(f64x2([5.0, 1.0]), f64x2([2.0, 3.0]))), [3.0, 0.0]);
    assert!(vector_form("ldexp_f64").is_none());
    assert!(vector_form("s_add_sat_i32").is_none());
}

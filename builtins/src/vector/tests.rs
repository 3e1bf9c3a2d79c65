//! Every vector form, called through its table address with the table's signature,
//! receives the lanes in order and gives the scalar form's result bit for bit (NaNs as
//! "both NaN"): on random operands, and on every combination of extreme operands (±0,
//! subnormals, the smallest normal, 0x1p±64, values near the largest finite one,
//! infinities, NaNs, negative arguments of `sqrt`/`log`/...) in every lane position. The
//! tests walk the table, so a new vector form is covered without editing them (a new
//! signature needs a caller in `call_vector`/`call_scalar`, and the test says so).

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

/// Extreme `f32` operands: signed zeros, the smallest and largest subnormals, the
/// smallest normal, 0x1p±64, values around 1 and the overflow thresholds of exp, the
/// largest finite values, infinities and NaNs (quiet, negative, with a payload).
fn extreme_f32() -> Vec<f32> {
    let mut v = vec![
        0.0,
        f32::from_bits(1),
        f32::from_bits(0x007f_ffff),
        f32::MIN_POSITIVE,
        2f32.powi(-64),
        1e-10,
        0.5,
        0.75,
        0.999_999_94,
        1.0,
        1.000_000_1,
        2.0,
        3.0,
        std::f32::consts::PI,
        88.72,
        100.0,
        1e10,
        2f32.powi(64),
        f32::MAX / 2.0,
        f32::MAX,
        f32::INFINITY,
    ];
    v.extend(v.clone().iter().map(|x| -x));
    v.extend([f32::NAN, -f32::NAN, f32::from_bits(0x7fc0_1234), f32::from_bits(0x7f80_0001)]);
    v
}

/// Extreme `f64` operands, as [`extreme_f32`] with 0x1p±512 and the `f64` thresholds.
fn extreme_f64() -> Vec<f64> {
    let mut v = vec![
        0.0,
        f64::from_bits(1),
        f64::from_bits(0x000f_ffff_ffff_ffff),
        f64::MIN_POSITIVE,
        2f64.powi(-512),
        2f64.powi(-64),
        1e-10,
        0.5,
        0.75,
        0.999_999_999_999_999_9,
        1.0,
        1.000_000_000_000_000_2,
        2.0,
        3.0,
        std::f64::consts::PI,
        709.78,
        100.0,
        1e10,
        2f64.powi(64),
        2f64.powi(512),
        f64::MAX / 2.0,
        f64::MAX,
        f64::INFINITY,
    ];
    v.extend(v.clone().iter().map(|x| -x));
    v.extend([f64::NAN, -f64::NAN, f64::from_bits(0x7ff8_0000_0000_1234), f64::from_bits(0x7ff0_0000_0000_0001)]);
    v
}

/// Extreme `i32` operands (exponents of `ldexp`, `pown`, `rootn`).
fn extreme_i32() -> Vec<i32> {
    vec![0, 1, -1, 2, -2, 3, -3, 24, 127, 128, -126, -149, -150, 1023, 1024, -1074, -1075, 1 << 30, i32::MAX, i32::MIN]
}

/// The operand values of one parameter type, as bits.
fn extremes(t: ArgType) -> Vec<u64> {
    match t {
        ArgType::F32X4 => extreme_f32().into_iter().map(|x| u64::from(x.to_bits())).collect(),
        ArgType::F64X2 => extreme_f64().into_iter().map(f64::to_bits).collect(),
        ArgType::I32X4 => extreme_i32().into_iter().map(|x| x as u32 as u64).collect(),
        t => panic!("no extreme operands for a {t:?} parameter"),
    }
}

/// One 128-bit register of lanes given as bits (`f32`/`i32`: the low 32 bits).
fn register(t: ArgType, lanes: &[u64]) -> [u8; 16] {
    let mut r = [0u8; 16];
    let size = if t == ArgType::F64X2 { 8 } else { 4 };
    for (i, bits) in lanes.iter().enumerate() {
        r[i * size..][..size].copy_from_slice(&bits.to_le_bytes()[..size]);
    }
    r
}

fn unregister(t: ArgType, r: [u8; 16]) -> Vec<u64> {
    let size = if t == ArgType::F64X2 { 8 } else { 4 };
    r.chunks(size)
        .map(|c| {
            let mut b = [0u8; 8];
            b[..size].copy_from_slice(c);
            u64::from_le_bytes(b)
        })
        .collect()
}

/// Call vector form `v` on registers of lanes (bits per parameter and lane).
fn call_vector(v: &Builtin, args: &[Vec<u64>]) -> Vec<u64> {
    use std::mem::transmute as tm;
    use ArgType::*;
    type R = [u8; 16];
    let regs: Vec<R> = v.params.iter().zip(args).map(|(t, a)| register(*t, a)).collect();
    let a = v.address;
    // SAFETY: registers and byte arrays are 16 plain bytes either way; the table records
    // these exact signatures for the addresses.
    let out: R = unsafe {
        let (f, d, i) = (tm::<R, __m128>, tm::<R, __m128d>, tm::<R, __m128i>);
        let (of, od, oi) = (tm::<__m128, R>, tm::<__m128d, R>, tm::<__m128i, R>);
        match (v.params, v.ret) {
            ([F32X4], F32X4) => {
                let g: extern "C" fn(__m128) -> __m128 = tm(a);
                of(g(f(regs[0])))
            }
            ([F32X4, F32X4], F32X4) => {
                let g: extern "C" fn(__m128, __m128) -> __m128 = tm(a);
                of(g(f(regs[0]), f(regs[1])))
            }
            ([F32X4, F32X4, F32X4], F32X4) => {
                let g: extern "C" fn(__m128, __m128, __m128) -> __m128 = tm(a);
                of(g(f(regs[0]), f(regs[1]), f(regs[2])))
            }
            ([F32X4, I32X4], F32X4) => {
                let g: extern "C" fn(__m128, __m128i) -> __m128 = tm(a);
                of(g(f(regs[0]), i(regs[1])))
            }
            ([F32X4], I32X4) => {
                let g: extern "C" fn(__m128) -> __m128i = tm(a);
                oi(g(f(regs[0])))
            }
            ([F64X2], F64X2) => {
                let g: extern "C" fn(__m128d) -> __m128d = tm(a);
                od(g(d(regs[0])))
            }
            ([F64X2, F64X2], F64X2) => {
                let g: extern "C" fn(__m128d, __m128d) -> __m128d = tm(a);
                od(g(d(regs[0]), d(regs[1])))
            }
            ([F64X2, F64X2, F64X2], F64X2) => {
                let g: extern "C" fn(__m128d, __m128d, __m128d) -> __m128d = tm(a);
                od(g(d(regs[0]), d(regs[1]), d(regs[2])))
            }
            (p, r) => panic!("{}: no caller for the signature {p:?} -> {r:?}; add one here", v.symbol),
        }
    };
    unregister(v.ret, out)
}

/// Call scalar form `s` on one lane's operands (bits).
fn call_scalar(s: &Builtin, args: &[u64]) -> u64 {
    use std::mem::transmute as tm;
    use ArgType::*;
    let f = |i: usize| f32::from_bits(args[i] as u32);
    let d = |i: usize| f64::from_bits(args[i]);
    let n = |i: usize| args[i] as u32 as i32;
    let of = |x: f32| u64::from(x.to_bits());
    let a = s.address;
    // SAFETY: the table records these exact signatures for the addresses.
    unsafe {
        match (s.params, s.ret) {
            ([F32], F32) => {
                let g: extern "C" fn(f32) -> f32 = tm(a);
                of(g(f(0)))
            }
            ([F32, F32], F32) => {
                let g: extern "C" fn(f32, f32) -> f32 = tm(a);
                of(g(f(0), f(1)))
            }
            ([F32, F32, F32], F32) => {
                let g: extern "C" fn(f32, f32, f32) -> f32 = tm(a);
                of(g(f(0), f(1), f(2)))
            }
            ([F32, I32], F32) => {
                let g: extern "C" fn(f32, i32) -> f32 = tm(a);
                of(g(f(0), n(1)))
            }
            ([F32], I32) => {
                let g: extern "C" fn(f32) -> i32 = tm(a);
                g(f(0)) as u32 as u64
            }
            ([F64], F64) => {
                let g: extern "C" fn(f64) -> f64 = tm(a);
                g(d(0)).to_bits()
            }
            ([F64, F64], F64) => {
                let g: extern "C" fn(f64, f64) -> f64 = tm(a);
                g(d(0), d(1)).to_bits()
            }
            ([F64, F64, F64], F64) => {
                let g: extern "C" fn(f64, f64, f64) -> f64 = tm(a);
                g(d(0), d(1), d(2)).to_bits()
            }
            (p, r) => panic!("{}: no caller for the signature {p:?} -> {r:?}; add one here", s.symbol),
        }
    }
}

/// Equal bits, or both NaN (payloads may differ).
fn same_bits(t: ArgType, a: u64, b: u64) -> bool {
    match t {
        ArgType::F32X4 => same_f32(f32::from_bits(a as u32), f32::from_bits(b as u32)),
        ArgType::F64X2 => same_f64(f64::from_bits(a), f64::from_bits(b)),
        _ => a == b,
    }
}

fn show(t: ArgType, bits: u64) -> String {
    match t {
        ArgType::F32X4 => format!("{:e} ({bits:#010x})", f32::from_bits(bits as u32)),
        ArgType::F64X2 => format!("{:e} ({bits:#018x})", f64::from_bits(bits)),
        _ => format!("{}", bits as u32 as i32),
    }
}

/// Every combination of extreme operands for vector form `v`, in lanes: each operand
/// tuple once in every lane position (the tuples rotate through the lanes), compared
/// with scalar form `s` lane by lane. Returns the first mismatches found (three at most).
fn check_extremes(v: &Builtin, s: &Builtin) -> Vec<String> {
    let lanes = if v.params.contains(&ArgType::F64X2) { 2 } else { 4 };
    let lists: Vec<Vec<u64>> = v.params.iter().map(|t| extremes(*t)).collect();
    let total: usize = lists.iter().map(Vec::len).product();
    let tuple = |k: usize| -> Vec<u64> {
        let mut k = k % total;
        lists
            .iter()
            .map(|l| {
                let x = l[k % l.len()];
                k /= l.len();
                x
            })
            .collect()
    };
    let mut bad = Vec::new();
    for start in 0..total {
        // Lane j holds tuple start + j: every tuple passes through every lane.
        let tuples: Vec<Vec<u64>> = (0..lanes).map(|j| tuple(start + j)).collect();
        let args: Vec<Vec<u64>> = (0..v.params.len()).map(|p| tuples.iter().map(|t| t[p]).collect()).collect();
        let got = call_vector(v, &args);
        for (j, t) in tuples.iter().enumerate() {
            let want = call_scalar(s, t);
            if !same_bits(v.ret, got[j], want) && bad.len() < 3 {
                let ops: Vec<String> = v.params.iter().zip(t).map(|(pt, b)| show(*pt, *b)).collect();
                bad.push(format!(
                    "{}({}) lane {j}: {} vs {} from {}",
                    v.symbol,
                    ops.join(", "),
                    show(v.ret, got[j]),
                    show(v.ret, want),
                    s.symbol
                ));
            }
        }
    }
    bad
}

#[test]
fn vector_forms_match_scalar_forms_on_extreme_values() {
    let mut count = 0;
    let mut bad = Vec::new();
    for s in table() {
        if let Some(v) = vector_form(s.symbol) {
            bad.extend(check_extremes(v, s));
            count += 1;
        }
    }
    assert!(count >= 116, "only {count} vector forms found");
    assert!(bad.is_empty(), "vector forms differ from their scalar forms:\n{}", bad.join("\n"));
}

//! Integer builtins against straightforward i128 references: exhaustive over all 8-bit
//! argument pairs, random (edge-biased) over 16, 32 and 64 bits.

use crate::test_util::{builtin, call_int, Rng};

const UNARY: &[&str] = &["s_abs", "u_abs", "clz", "ctz", "popcount"];
const BINARY: &[&str] = &[
    "s_abs_diff",
    "u_abs_diff",
    "s_add_sat",
    "u_add_sat",
    "s_sub_sat",
    "u_sub_sat",
    "s_hadd",
    "u_hadd",
    "s_rhadd",
    "u_rhadd",
    "s_max",
    "u_max",
    "s_min",
    "u_min",
    "rotate",
    "s_mul_hi",
    "u_mul_hi",
    "s_upsample",
    "u_upsample",
    "s_mul24",
    "u_mul24",
];
const TERNARY: &[&str] =
    &["s_clamp", "u_clamp", "s_mad_hi", "u_mad_hi", "s_mad_sat", "u_mad_sat", "s_mad24", "u_mad24"];

fn signed(x: i64, w: u32) -> i128 {
    let s = 128 - w;
    (i128::from(x) << s) >> s
}

fn unsigned(x: i64, w: u32) -> i128 {
    i128::from(x) & ((1i128 << w) - 1)
}

fn umul_hi(a: i128, b: i128, w: u32) -> i128 {
    ((a as u128 * b as u128) >> w) as i128
}

fn sat(v: i128, lo: i128, hi: i128) -> i128 {
    v.max(lo).min(hi)
}

/// The exact result of `op` on `w`-bit arguments, as an integer whose low bits are the
/// expected result bits.
fn reference(op: &str, w: u32, a: &[i64]) -> i128 {
    let s = |i: usize| signed(a[i], w);
    let u = |i: usize| unsigned(a[i], w);
    let (smin, smax, umax) = (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1, (1i128 << w) - 1);
    let m24 = |x: i128| x & 0xff_ffff;
    let s24 = |x: i128| signed((x & 0xff_ffff) as i64, 24);
    match op {
        "s_abs" => s(0).abs(),
        "u_abs" => u(0),
        "clz" => (0..w).take_while(|&b| u(0) >> (w - 1 - b) & 1 == 0).count() as i128,
        "ctz" => (0..w).take_while(|&b| u(0) >> b & 1 == 0).count() as i128,
        "popcount" => (0..w).filter(|&b| u(0) >> b & 1 == 1).count() as i128,
        "s_abs_diff" => (s(0) - s(1)).abs(),
        "u_abs_diff" => (u(0) - u(1)).abs(),
        "s_add_sat" => sat(s(0) + s(1), smin, smax),
        "u_add_sat" => sat(u(0) + u(1), 0, umax),
        "s_sub_sat" => sat(s(0) - s(1), smin, smax),
        "u_sub_sat" => sat(u(0) - u(1), 0, umax),
        "s_hadd" => (s(0) + s(1)).div_euclid(2),
        "u_hadd" => (u(0) + u(1)) / 2,
        "s_rhadd" => (s(0) + s(1) + 1).div_euclid(2),
        "u_rhadd" => (u(0) + u(1) + 1) / 2,
        "s_max" => s(0).max(s(1)),
        "u_max" => u(0).max(u(1)),
        "s_min" => s(0).min(s(1)),
        "u_min" => u(0).min(u(1)),
        "rotate" => {
            let k = u(1) % i128::from(w);
            (u(0) << k) | (u(0) >> (i128::from(w) - k))
        }
        "s_mul_hi" => (s(0) * s(1)) >> w,
        "u_mul_hi" => umul_hi(u(0), u(1), w),
        "s_upsample" | "u_upsample" => (s(0) << w) | u(1),
        "s_mul24" => s24(s(0)) * s24(s(1)),
        "u_mul24" => m24(u(0)) * m24(u(1)),
        "s_clamp" => s(0).max(s(1)).min(s(2)),
        "u_clamp" => u(0).max(u(1)).min(u(2)),
        "s_mad_hi" => ((s(0) * s(1)) >> w) + s(2),
        "u_mad_hi" => umul_hi(u(0), u(1), w) + u(2),
        "s_mad_sat" => sat(s(0) * s(1) + s(2), smin, smax),
        // A product that overflows i128 exceeds every unsigned maximum.
        "u_mad_sat" => u(0).checked_mul(u(1)).and_then(|p| p.checked_add(u(2))).map_or(umax, |v| v.min(umax)),
        "s_mad24" => s24(s(0)) * s24(s(1)) + s(2),
        "u_mad24" => m24(u(0)) * m24(u(1)) + u(2),
        _ => panic!("no reference for {op}"),
    }
}

fn check(op: &str, w: u32, args: &[i64]) {
    let symbol = format!("{op}_i{w}");
    let Some(b) = crate::lookup(&symbol) else {
        // Upsample stops at 32-bit inputs; the 24-bit functions exist only for 32 bits.
        assert!((op.ends_with("upsample") && w == 64) || (op.contains("24") && w != 32), "builtin {symbol} is missing");
        return;
    };
    let got = call_int(b, args);
    let rw = if op.ends_with("upsample") { 2 * w } else { w };
    let mask = if rw == 128 { -1i128 } else { (1i128 << rw) - 1 };
    let want = reference(op, w, args) & mask;
    assert_eq!(i128::from(got) & mask, want, "{symbol}{args:?}: got {got:#x}, want {want:#x}");
}

#[test]
fn exhaustive_8_bit() {
    for a in -128..128i64 {
        for op in UNARY {
            check(op, 8, &[a]);
        }
        for b in -128..128i64 {
            for op in BINARY {
                check(op, 8, &[a, b]);
            }
            for c in [0, 1, -1, 127, -128, a ^ b] {
                for op in TERNARY {
                    check(op, 8, &[a, b, c]);
                }
            }
        }
    }
}

#[test]
fn random_wide() {
    let mut rng = Rng::new(0x1234_5678);
    for w in [16, 32, 64] {
        for _ in 0..20_000 {
            let a = [rng.edgy_u64() as i64, rng.edgy_u64() as i64, rng.edgy_u64() as i64];
            for op in UNARY.iter().chain(BINARY).chain(TERNARY) {
                check(op, w, &a);
            }
        }
    }
}

#[test]
fn spot_values() {
    assert_eq!(call_int(builtin("clz_i32"), &[0]), 32);
    assert_eq!(call_int(builtin("ctz_i64"), &[0]), 64);
    assert_eq!(call_int(builtin("s_abs_i8"), &[-128]), -128); // 128 as u8 bits
    assert_eq!(call_int(builtin("u_mul_hi_i64"), &[-1, -1]), -2); // (2^64-1)^2 >> 64 = 2^64-2
    assert_eq!(call_int(builtin("s_upsample_i32"), &[-1, -1]), -1);
    assert_eq!(call_int(builtin("u_upsample_i8"), &[1, -1]), 0x1ff);
    assert_eq!(call_int(builtin("rotate_i8"), &[0x81, 1]), 0x03);
    assert_eq!(call_int(builtin("u_mad_sat_i64"), &[-1, -1, -1]), -1);
}

#[test]
fn exhaustive_16_bit_unary() {
    for a in -32768..32768i64 {
        for op in UNARY {
            check(op, 16, &[a]);
        }
    }
}

/// Every 16-bit first operand against edge and random second operands (all pairs run in
/// `exhaustive_16_bit_binary`, ignored by default).
#[test]
fn exhaustive_16_bit_first_operand() {
    let mut rng = Rng::new(16);
    let mut bs = vec![0, 1, -1, 2, 15, 16, 17, 255, 256, 32767, -32768, -32767];
    bs.extend((0..4).map(|_| rng.next_u64() as i16 as i64));
    for a in -32768..32768i64 {
        for &b in &bs {
            for op in BINARY {
                check(op, 16, &[a, b]);
            }
        }
    }
}

#[test]
#[ignore = "4.3 billion pairs per function; run with --release -- --ignored"]
fn exhaustive_16_bit_binary() {
    let threads = std::thread::available_parallelism().map(|t| t.get()).unwrap_or(1) as i64;
    std::thread::scope(|s| {
        for t in 0..threads {
            s.spawn(move || {
                let mut a = -32768 + t;
                while a < 32768 {
                    for b in -32768..32768i64 {
                        for op in BINARY {
                            check(op, 16, &[a, b]);
                        }
                    }
                    a += threads;
                }
            });
        }
    });
}

#[test]
#[ignore = "16.7 million triples per function; run with --release -- --ignored"]
fn exhaustive_8_bit_ternary() {
    for a in -128..128i64 {
        for b in -128..128i64 {
            for c in -128..128i64 {
                for op in TERNARY {
                    check(op, 8, &[a, b, c]);
                }
            }
        }
    }
}

//! Vulkan compute modules beyond the first slice (`tests/kernels/vulkan/*.comp` and
//! `tests/kernels/vulkan/asm/*.spvasm`, built by `tests/kernels/vulkan/build.sh`):
//! arithmetic at 8, 16 and 64 bits, half and double, and the conversions between them;
//! matrices; dynamic vector indexing, logical copies, memory copies, composite and
//! pointer selects, pointer arithmetic and comparisons; extended integer arithmetic and
//! bit fields; debug information; shared variables with null initializers and aliasing
//! explicit-layout blocks; every atomic; barriers and structured control flow.
//!
//! Each kernel runs at W = 1, 4 and 8; results must match bit for bit between widths and
//! a reference computed here. Buffers are passed in (set, binding) order, push
//! constants as one last by-value argument. A missing `.spv` is a failure.

mod common;

use spirjit::{Arg, NdRange};

const WIDTHS: [u32; 3] = [1, 4, 8];

/// The binary16 bits nearest to `x` (ties to even), with overflow to infinity.
fn f16_bits(x: f64) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = x.abs();
    if a.is_nan() {
        return sign | 0x7e00;
    }
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    // Scale so that the last kept bit is the units digit, round to even, rebuild.
    let e = if a < 2f64.powi(-14) { -14 } else { a.log2().floor() as i32 };
    let q = (a / 2f64.powi(e - 10)).round_ties_even();
    let v = q * 2f64.powi(e - 10);
    let (e, m) = if v >= 2f64.powi(e + 1) { (e + 1, 0u16) } else { (e, (q as u32 & 0x3ff) as u16) };
    if v == 0.0 {
        return sign;
    }
    if v < 2f64.powi(-14) {
        return sign | (v / 2f64.powi(-24)) as u16;
    }
    sign | (((e + 15) as u16) << 10) | m
}

fn f16_value(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f64;
    sign * match e {
        0 => m * 2f64.powi(-24),
        31 => f64::INFINITY,
        _ => (1.0 + m / 1024.0) * 2f64.powi(e - 15),
    }
}

#[test]
fn narrow_and_wide_arithmetic_and_conversions() {
    let n = 32usize;
    let mut r = common::XorShift::new(11);
    let v: Vec<i32> =
        (0..n).map(|i| if i < 4 { [0, -1, 1000, -1000][i] } else { (r.next_u32() % 2001) as i32 - 1000 }).collect();
    let (a8, b8, a16, b16) = (-7i8, 6u8, -1234i16, 300u16);
    let mut push = vec![a8 as u8, b8];
    push.extend_from_slice(&a16.to_le_bytes());
    push.extend_from_slice(&b16.to_le_bytes());
    let got = common::vulkan::at_every_width("widths", n as u64, &WIDTHS, |run| {
        let (mut o8, mut o16, mut o64) = (vec![0i8; 4 * n], vec![0i16; 4 * n], vec![0i64; 4 * n]);
        let (mut oh, mut od, mut oc) = (vec![0u16; 4 * n], vec![0f64; 4 * n], vec![0i32; 8 * n]);
        run(&mut [
            Arg::read_only(&v),
            Arg::buffer(&mut o8),
            Arg::buffer(&mut o16),
            Arg::buffer(&mut o64),
            Arg::buffer(&mut oh),
            Arg::buffer(&mut od),
            Arg::buffer(&mut oc),
            Arg::bytes(&push),
        ]);
        (o8, o16, o64, oh, od.iter().map(|d| d.to_bits()).collect::<Vec<_>>(), oc)
    });
    let (o8, o16, o64, oh, od, oc) = got;
    for (i, &x) in v.iter().enumerate() {
        let (x8, u8_, x16, u16_, x64) = (x as i8, x as u8, x as i16, x as u16, x as i64);
        let want8 = [
            x8.wrapping_mul(3).wrapping_add(a8),
            (x8 >> 1) ^ (u8_ >> 2) as i8,
            (u8_ / (b8 | 1)) as i8,
            if x8 < a8 { x8.rem_euclid(7) } else { x8.min(-5) },
        ];
        assert_eq!(&o8[4 * i..4 * i + 4], &want8, "int8, x = {x}");
        let want16 = [
            x16.wrapping_mul(300).wrapping_add(a16),
            ((u16_ >> 3) as i16).wrapping_sub(x16 >> 3),
            (u16_ / (b16 | 1)) as i16,
            x8 as i16 + u8_ as i16,
        ];
        assert_eq!(&o16[4 * i..4 * i + 4], &want16, "int16, x = {x}");
        let u64_ = x as u32 as u64;
        let want64 = [
            x64.wrapping_mul(0x1_0000_0001).wrapping_add(a16 as i64),
            ((u64_ << 33) as i64) >> 7,
            (u64_.wrapping_mul(0x9E37_79B9_7F4A_7C15) / 12345) as i64,
            x64 / -3 + x64.rem_euclid(5),
        ];
        assert_eq!(&o64[4 * i..4 * i + 4], &want64, "int64, x = {x}");
        let h = x as f64;
        let wanth =
            [f16_bits(h * 0.25 + 1.5), f16_bits(x8 as f64 - (u16_ & 255) as f64), f16_bits(h * h), f16_bits(-h / 8.0)];
        assert_eq!(&oh[4 * i..4 * i + 4], &wanth, "half, x = {x}");
        let d = x as f64;
        let wantd =
            [d / 3.0 + 0.1, h * 0.25 + (x64 * 1_000_000_007) as f64, d.abs().sqrt() * 1e10, d.mul_add(d, -1.0 / 7.0)];
        let wantd: Vec<u64> = wantd.iter().map(|w| w.to_bits()).collect();
        assert_eq!(&od[4 * i..4 * i + 4], &wantd[..], "double, x = {x}");
        let third = f16_value(f16_bits((x as f32 / 3.0) as f64));
        let wantc = [
            (d * 1.5) as i32,
            x8 as i32 * 2,
            x16 as u8 as i32,
            (d * 3.0) as i64 as i32,
            x8 as i16 as u16 as i32,
            (((d / 7.0) as f32) * 100.0) as i32,
            ((u8_ as u64 * 0xFFFF_FFFF) >> 8) as i32,
            f16_value(f16_bits(third * 16.0)) as i32,
        ];
        assert_eq!(&oc[8 * i..8 * i + 8], &wantc, "conversions, x = {x}");
    }
}

fn sext(x: u32, off: u32, bits: u32) -> u32 {
    if bits == 0 {
        return 0;
    }
    (((x << (32 - off - bits)) as i32) >> (32 - bits)) as u32
}

fn uext(x: u32, off: u32, bits: u32) -> u32 {
    if bits == 0 {
        0
    } else {
        (x >> off) & (u32::MAX >> (32 - bits))
    }
}

fn insert(base: u32, ins: u32, off: u32, bits: u32) -> u32 {
    let mask = if bits == 0 { 0 } else { (u32::MAX >> (32 - bits)) << off };
    (base & !mask) | ((ins << off) & mask)
}

#[test]
fn extended_integer_arithmetic_and_bit_fields() {
    let n = 32usize;
    let mut r = common::XorShift::new(5);
    let mut v: Vec<[u32; 2]> = (0..n).map(|_| [r.next_u32(), r.next_u32()]).collect();
    v[0] = [u32::MAX, 1];
    v[1] = [0, 1];
    v[2] = [0x8000_0000, 0x8000_0000];
    let o = common::vulkan::at_every_width("intops", n as u64, &WIDTHS, |run| {
        let mut o = vec![0u64; 12 * n];
        run(&mut [Arg::read_only(&v), Arg::buffer(&mut o)]);
        o
    });
    for (i, &[a, b]) in v.iter().enumerate() {
        let (s, c) = a.overflowing_add(b);
        let (d, w) = a.overflowing_sub(b);
        let (vs0, vc0) = a.overflowing_add(b);
        let (vs1, vc1) = b.overflowing_add(u32::MAX);
        let (off, bits) = (b & 7, ((a >> 4) & 7) + 1);
        let want = [
            s as u64 | (c as u64) << 32,
            d as u64 | (w as u64) << 32,
            a as u64 * b as u64,
            (a as i32 as i64 * b as i32 as i64) as u64,
            (vs0 ^ vs1) as u64 | ((vc0 as u64 + 2 * vc1 as u64) << 32),
            insert(a, b, off, bits) as u64 | (sext(a, off, bits) as u64) << 32,
            uext(a, off + 3, bits) as u64 | (a.reverse_bits() as u64) << 32,
            (a.count_ones() | b.count_ones() << 8 | (a ^ b).count_ones() << 16) as u64,
            a.reverse_bits() as u64 ^ (b.reverse_bits() as u64) << 32,
            sext(b, off, bits) as i32 as u64, // uint64_t(int) sign-extends
            insert(a, b, 31, 1) as u64 | (b as u64) << 32,
            (a as u64) << 32,
        ];
        assert_eq!(&o[12 * i..12 * i + 12], &want, "a = {a:#x}, b = {b:#x}");
    }
}

/// Multiset equality of two word lists.
fn same_multiset(mut a: Vec<u64>, mut b: Vec<u64>, what: &str) {
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b, "{what}");
}

#[test]
fn atomics_on_storage_buffers_and_shared_memory() {
    let n = 64usize;
    let groups = n / 16;
    let a_init: [u32; 16] = [
        0,
        0,
        u32::MAX,
        0,
        0,
        u32::MAX,
        0,
        12345,
        0,
        (-5000i32) as u32,
        0,
        0,
        0f32.to_bits(),
        100f32.to_bits(),
        (-100f32).to_bits(),
        0,
    ];
    let b_init: [u64; 12] = [0, 0, u64::MAX, 0, 0, u64::MAX, 0, 0, 0, 0, 0, 0];
    // Order-dependent results (old values, the winner of a compare-exchange) differ
    // between runs; the checks below hold for every order.
    let mut finals = Vec::new();
    for lanes in WIDTHS {
        let p = common::vulkan::program("atomics", lanes);
        let k = p.kernel("main").unwrap();
        let (mut a, mut b) = (a_init, b_init);
        let (mut old, mut g) = (vec![0u32; 5 * n], vec![0u32; 8 * groups]);
        k.run(
            &NdRange::d1(n as u64),
            &mut [Arg::buffer(&mut a), Arg::buffer(&mut b), Arg::buffer(&mut old), Arg::buffer(&mut g)],
        )
        .unwrap_or_else(|e| panic!("atomics (lanes {lanes}): {e}"));
        let ids = 0..n as u64;
        same_multiset((0..n).map(|i| old[5 * i] as u64).collect(), ids.clone().collect(), "atomicAdd old values");
        let mut xs: Vec<u64> = (0..n).map(|i| old[5 * i + 1] as u64).collect();
        xs.push(a[7] as u64);
        same_multiset(xs, ids.clone().chain([12345]).collect(), "atomicExchange old values");
        let mut fs: Vec<u64> = (0..n).map(|i| old[5 * i + 3] as u64).collect();
        fs.push(f64::from_bits(b[11]) as u64);
        same_multiset(fs, ids.clone().chain([0]).collect(), "double atomicExchange old values");
        for (slot, fin) in [(2, a[11] as u64), (4, b[7])] {
            let winners: Vec<usize> = (0..n).filter(|&i| old[5 * i + slot] == 0).collect();
            assert_eq!(winners.len(), 1, "compare-exchange {slot}: {winners:?}");
            assert_eq!(fin, winners[0] as u64 + 1);
            assert!((0..n).all(|i| i == winners[0] || old[5 * i + slot] as u64 == fin));
        }
        let m = n as u32 - 1;
        let xor32 = (0..n as u32).fold(0, |x, i| x ^ i.wrapping_mul(0x0101_0101));
        let sum3 = (0..n as u32).map(|i| 3 * i).sum::<u32>();
        assert_eq!(&a[..7], &[n as u32, sum3, 0, u32::MAX, xor32, 100, 7 * m], "32-bit unsigned");
        let sum = (0..n as i32).sum::<i32>();
        assert_eq!([a[8] as i32, a[9] as i32, a[10] as i32], [-(m as i32), m as i32 - 1000, -sum], "32-bit signed");
        let f = [f32::from_bits(a[12]), f32::from_bits(a[13]), f32::from_bits(a[14]), f32::from_bits(a[15])];
        assert_eq!(f, [0.5 * n as f32, -3.0, 2.0 * m as f32, 4.0], "float");
        let m64 = m as u64;
        let sum64 = (0..n as u64).map(|i| i << 32).fold(0u64, u64::wrapping_add);
        let xor64 = (0..n as u64).fold(0, |x, i| x ^ (i << 20));
        let and64 = (0..n as u64).fold(u64::MAX, |x, i| x & !(1u64 << ((i & 31) + 32)));
        assert_eq!(
            &b[..7],
            &[sum64, m64 * 0x1_0000_0001, 5 << 40, u64::MAX, xor64, and64, (-((m64 << 35) as i64)) as u64],
            "64-bit"
        );
        let d = [f64::from_bits(b[8]), f64::from_bits(b[9]), f64::from_bits(b[10])];
        assert_eq!(d, [0.25 * n as f64, -1.5 * m as f64, m as f64 + 0.5], "double");
        for wg in 0..groups {
            let want = [136, 0xFFFF_0000, 0x5555_5555 ^ 75, (-15i32) as u32, 240, 16, 2.5f32.to_bits(), 0x8000_0000];
            assert_eq!(&g[8 * wg..8 * wg + 8], &want, "shared, group {wg}, lanes {lanes}");
        }
        finals.push((a[..7].to_vec(), b[..7].to_vec(), g));
    }
    assert!(finals.windows(2).all(|w| w[0] == w[1]));
}

fn walk(x: i32) -> i32 {
    let mut acc = 0;
    for j in 0..6 {
        if j == x % 5 {
            continue;
        }
        let mut k = j;
        while k < 5 {
            if k * j > x {
                break;
            }
            acc += k ^ j;
            k += 2;
        }
        let mut n = 0;
        loop {
            n += 1;
            if n != 3 {
                acc += n;
            }
            if n >= (x & 3) {
                break;
            }
        }
        if acc > 40 + x {
            return -acc;
        }
    }
    acc
}

fn switch_walk(x: i32) -> i32 {
    let mut r = 0;
    for j in 0..4 {
        match (x + j) % 6 {
            0 => r += 11,
            1 => r += 10,
            2 => r *= 2,
            3 => r = (r - 3) * 2,
            4 => {
                if r <= 5 {
                    r += 100 + x;
                }
            }
            _ => r += x,
        }
    }
    r
}

#[test]
fn structured_control_flow_and_barriers() {
    let n = 64usize;
    let mut r = common::XorShift::new(9);
    let v: Vec<i32> = (0..n).map(|_| (r.next_u32() % 100) as i32).collect();
    let o = common::vulkan::at_every_width("control", n as u64, &WIDTHS, |run| {
        let mut o = vec![0i32; 4 * n];
        run(&mut [Arg::read_only(&v), Arg::buffer(&mut o)]);
        o
    });
    for g in 0..n / 16 {
        let x = &v[16 * g..16 * g + 16];
        let mut sh: Vec<i32> = (0..16).map(|l| x[(l + 1) & 15] + 1).collect();
        let mid = sh.clone();
        let mut t = [0i32; 16];
        for j in 0..3 {
            for l in 0..16 {
                t[l] += sh[(l + j) & 15];
            }
            sh = t.to_vec();
        }
        for l in 0..16 {
            let i = 16 * g + l;
            let want = [walk(v[i]), switch_walk(v[i]), mid[15 - l], t[l]];
            assert_eq!(&o[4 * i..4 * i + 4], &want, "invocation {i}, x = {}", v[i]);
        }
    }
}

#[test]
fn shared_null_initializers_private_and_function_initializers() {
    let n = 24usize;
    let o = common::vulkan::at_every_width("shared_init", n as u64, &WIDTHS, |run| {
        let mut o = vec![0u32; 5 * n];
        run(&mut [Arg::buffer(&mut o)]);
        o
    });
    let table = [7u32, 11, 13, 17];
    for i in 0..n {
        let (l, wg) = (i as u32 % 8, i as u32 / 8);
        let mut arr = [table[(l & 3) as usize], 2, 3];
        arr[i % 3] += 100;
        let want = [0, (7 - l) + 1 + wg + 8, 8 + 11, arr[0] + arr[1] * 10 + arr[2] * 1000, table[i & 3]];
        assert_eq!(&o[5 * i..5 * i + 5], &want, "invocation {i}");
    }
}

#[test]
fn explicit_layout_shared_blocks_alias() {
    let n = 16usize;
    let o = common::vulkan::at_every_width("shared_block", n as u64, &WIDTHS, |run| {
        let mut o = vec![0u32; 2 * n];
        run(&mut [Arg::buffer(&mut o)]);
        o
    });
    for g in 0..n / 8 {
        let mut mem = [0u8; 32];
        for l in 0..4u32 {
            let w = 0x0403_0201u32.wrapping_mul(l + 1).wrapping_add(g as u32);
            mem[4 * l as usize..4 * l as usize + 4].copy_from_slice(&w.to_le_bytes());
        }
        for l in 0..8u32 {
            let h = (0x1111 * l + (8 * g as u32 + l)) as u16;
            mem[16 + 2 * l as usize..18 + 2 * l as usize].copy_from_slice(&h.to_le_bytes());
        }
        let word = |k: usize| u32::from_le_bytes([mem[4 * k], mem[4 * k + 1], mem[4 * k + 2], mem[4 * k + 3]]);
        let half = |k: usize| u16::from_le_bytes([mem[16 + 2 * k], mem[17 + 2 * k]]) as u32;
        for l in 0..8usize {
            let i = 8 * g + l;
            let want = [mem[l * 2] as u32 | (mem[15 - l] as u32) << 8 | half(7 - l) << 16, word(4 + (l & 3))];
            assert_eq!(&o[2 * i..2 * i + 2], &want, "invocation {i}");
        }
    }
}

#[test]
fn debug_information_is_ignored() {
    let n = 8usize;
    let o = common::vulkan::at_every_width("debuginfo", n as u64, &WIDTHS, |run| {
        let mut o: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
        run(&mut [Arg::buffer(&mut o)]);
        o
    });
    let want: Vec<f32> = (0..n).map(|i| i as f32 + i as f32).collect();
    assert_eq!(o, want);
}

#[test]
fn dynamic_indexing_copies_selects_and_pointer_arithmetic() {
    let n = 8usize;
    let mut r = common::XorShift::new(21);
    let input: Vec<[u32; 4]> = (0..=n).map(|_| [0; 4].map(|_: u32| r.next_u32() % 5000)).collect();
    let pairs: Vec<[u32; 2]> =
        (0..n).map(|i| [r.next_u32() % 1500, if i == 0 { 5 } else { r.next_u32() % 1500 }]).collect();
    let (out, pairs_out) = common::vulkan::at_every_width("asm/pointers", n as u64, &WIDTHS, |run| {
        let (mut out, mut po, mut pin) = (vec![[0u32; 4]; 5 * n], vec![[0u32; 2]; n], pairs.clone());
        run(&mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut pin), Arg::buffer(&mut po)]);
        (out, po)
    });
    for i in 0..n {
        let (v, q) = (input[i], input[i + 1]);
        let k = i & 3;
        let mut w = v;
        w[(i + 1) & 3] = v[k] + 1000;
        let odd = k == 1;
        let want = [
            w,
            [1, if odd { 0 } else { 3 }, if odd { q[0] } else { v[0] }, q[3]],
            q,
            [v[3], v[2], v[1], v[0]],
            [0, 1, 2, 3].map(|c| v[c].max(q[c])),
        ];
        assert_eq!(&out[5 * i..5 * i + 5], &want, "invocation {i}");
        let [a, b] = pairs[i];
        let want = if a > 1000 {
            [7, 1000]
        } else if a < b {
            [a, b]
        } else {
            [b, a]
        };
        assert_eq!(pairs_out[i], want, "pair {i}");
    }
}

#[test]
fn matrix_arithmetic_and_matrices_in_buffers() {
    let n = 8usize;
    let mut r = common::XorShift::new(33);
    let mut small = |len: usize| -> Vec<f32> { (0..len).map(|_| (r.next_u32() % 7) as f32 - 3.0).collect() };
    let u = small(28);
    let a = small(6 * n);
    let m2 = small(4);
    let (o, om, oc) = common::vulkan::at_every_width("matrices", n as u64, &WIDTHS, |run| {
        let (mut o, mut om, mut oc) = (vec![[0f32; 4]; 8 * n], vec![0f32; 8 * n], vec![0f32; 4 * n]);
        run(&mut [
            Arg::read_only(&u),
            Arg::read_only(&a),
            Arg::buffer(&mut o),
            Arg::buffer(&mut om),
            Arg::buffer(&mut oc),
            Arg::read_only(&m2),
        ]);
        (o, om, oc)
    });
    let mm = |c: usize, r: usize| u[4 * c + r];
    let rr = |c: usize, r: usize| u[16 + 4 * c + r];
    let w2 = |c: usize, r: usize| m2[2 * c + r];
    for i in 0..n {
        let v = [i as f32, 1.0, -2.0, 3.0];
        let aa = |c: usize, r: usize| a[6 * i + 2 * c + r];
        let col = |c: usize| [0, 1, 2, 3].map(|r| mm(c, r));
        let want = [
            [0, 1, 2, 3].map(|r| (0..4).map(|c| mm(c, r) * v[c]).sum::<f32>()),
            [0, 1, 2, 3].map(|c| (0..4).map(|r| v[r] * mm(c, r)).sum::<f32>()),
            col(i & 3).map(|x| x * (i + 1) as f32),
            [0, 1, 2, 3].map(|r| (0..4).map(|k| mm(k, r) * mm(k, 3 - (i & 3))).sum::<f32>()),
            [rr(0, 1), rr(1, 2), rr(2, 0), rr(i % 3, (i + 1) % 3)],
            [aa(0, 0), aa(0, 1), aa(2, 0), aa(2, 1)].map(|x| x + aa(i % 3, 1)),
            [v[0], v[2] * 2.0, v[1] * 3.0, (0..4).map(|k| v[k] * mm(1, k)).sum::<f32>()],
            [w2(0, 0), w2(0, 1), w2(1, 0), w2(1, 1)].map(|x| x + w2(1, i & 1)),
        ];
        assert_eq!(&o[8 * i..8 * i + 8], &want, "invocation {i}");
        let want_om = [rr(0, 0) * 2.0, rr(0, 1) * 2.0, -7.0, 0.0, v[0], v[1], v[2], 0.0];
        assert_eq!(&om[8 * i..8 * i + 8], &want_om, "om {i}");
        let c = |col: usize, r: usize| (0..2).map(|k| aa(k, r) * w2(col, k)).sum::<f32>();
        assert_eq!(&oc[4 * i..4 * i + 4], &[c(0, 0), c(0, 1), i as f32, c(1, 1)], "oc {i}");
    }
}

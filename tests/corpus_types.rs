//! Corpus tests: integer widths and vectors. How every kernel is run and checked (each
//! build, each width, compared with a Rust reference and with the scalar path) is
//! `common::corpus`.

mod common;

use common::corpus::*;

// ---------------------------------------------------------------------------------------
// Integer widths.
// ---------------------------------------------------------------------------------------

/// Reference of int_<width>.cl: 12 results and a comparison mask per pair.
macro_rules! int_width_ref {
    ($name:ident, $t:ty, $u:ty) => {
        fn $name(x: $t, y: $t) -> ([$t; 12], i32) {
            let bits = <$t>::BITS;
            let (ux, uy) = (x as $u, y as $u);
            let mut ny = if y == 0 { 1 } else { y };
            if ny == -1 && x == <$t>::MIN {
                ny = 1;
            }
            let mut ry = if y == 0 { 3 } else { y };
            if ry == -1 && x == <$t>::MIN {
                ry = 1;
            }
            let nuy = if uy == 0 { 1 } else { uy };
            let ruy = if uy == 0 { 3 } else { uy };
            let s = (uy & (bits as $u - 1)) as u32;
            let o = [
                ux.wrapping_add(uy) as $t,
                ux.wrapping_sub(uy) as $t,
                ux.wrapping_mul(uy) as $t,
                x / ny,
                x % ry,
                (ux / nuy) as $t,
                (ux % ruy) as $t,
                ux.wrapping_shl(s) as $t,
                x >> s,
                (ux >> s) as $t,
                (x & y) ^ (!x | (uy >> 1) as $t),
                (0 as $u).wrapping_sub(ux) as $t,
            ];
            let c = (x < y) as i32
                | ((x <= y) as i32) << 1
                | ((x > y) as i32) << 2
                | ((x >= y) as i32) << 3
                | ((x == y) as i32) << 4
                | ((x != y) as i32) << 5
                | ((ux < uy) as i32) << 6
                | ((ux <= uy) as i32) << 7
                | ((ux > uy) as i32) << 8
                | ((ux >= uy) as i32) << 9;
            (o, c)
        }
    };
}

int_width_ref!(ref_char, i8, u8);
int_width_ref!(ref_short, i16, u16);
int_width_ref!(ref_int, i32, u32);
int_width_ref!(ref_long, i64, u64);

macro_rules! int_width_test {
    ($test:ident, $stem:literal, $t:ty, $bits:literal, $reference:ident, $seed:literal) => {
        #[test]
        fn $test() {
            let mut rng = Rng::new($seed);
            let n = 300usize;
            let (min, max) = (<$t>::MIN as i64, <$t>::MAX as i64);
            let edges = [0, 1, -1, min, max, min + 1, max - 1, 7, -7, 0, min, -1, max, max, 3, $bits - 1];
            let a: Vec<$t> = edge_then_random(&mut rng, n, &edges, $bits).iter().map(|x| *x as $t).collect();
            let edges_b = [0, 1, -1, -1, -1, max, min, 3, 3, 0, 0, 0, min, max, $bits, $bits + 1];
            let b: Vec<$t> = edge_then_random(&mut rng, n, &edges_b, $bits).iter().map(|x| *x as $t).collect();
            let mut want = Vec::with_capacity(n * 12);
            let mut want_cmp = Vec::with_capacity(n);
            for i in 0..n {
                let (o, c) = $reference(a[i], b[i]);
                want.extend_from_slice(&o);
                want_cmp.push(c);
            }
            for v in variants($stem) {
                let mut out = vec![0 as $t; n * 12];
                let mut cmp = vec![0i32; n];
                let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut out), Arg::buffer(&mut cmp)];
                v.run($stem, NdRange::d1(n as u64).local(&[16]), args);
                for k in 0..12 {
                    let got: Vec<$t> = (0..n).map(|i| out[i * 12 + k]).collect();
                    let exp: Vec<$t> = (0..n).map(|i| want[i * 12 + k]).collect();
                    let what =
                        ["add", "sub", "mul", "sdiv", "srem", "udiv", "urem", "shl", "ashr", "lshr", "bitwise", "neg"]
                            [k];
                    check_eq(&v.label, what, &got, &exp);
                }
                check_eq(&v.label, "comparison mask", &cmp, &want_cmp);
            }
        }
    };
}

int_width_test!(int_char, "int_char", i8, 8, ref_char, 19);
int_width_test!(int_short, "int_short", i16, 16, ref_short, 20);
int_width_test!(int_int, "int_int", i32, 32, ref_int, 21);
int_width_test!(int_long, "int_long", i64, 64, ref_long, 22);

#[test]
fn int_unsigned_mix() {
    let mut rng = Rng::new(23);
    let n = 200usize;
    let b: Vec<u8> = (0..n).map(|i| if i < 4 { [0, 0x7f, 0x80, 0xff][i] } else { rng.u32() as u8 }).collect();
    let h: Vec<u16> = (0..n).map(|i| if i < 4 { [0, 0x7fff, 0x8000, 0xffff][i] } else { rng.u32() as u16 }).collect();
    let w: Vec<i32> = (0..n).map(|i| if i < 4 { [0, i32::MIN, -1, i32::MAX][i] } else { rng.i32() }).collect();
    let mut want = Vec::new();
    for i in 0..n {
        let (c, s, x) = (b[i], h[i], w[i]);
        want.extend_from_slice(&[
            (c as u64) + (s as u64),
            c as i8 as i64 as u64,
            (s as i16 as i64 as u64).wrapping_mul(3),
            (x as i64 * s as i64) as u64,
            (x as u32).wrapping_mul(s as u32) as u64,
            ((x >> 8) as u8 as u64) | ((x as u16 as u64) << 40),
            (x as i64).unsigned_abs(),
            ((x as u32 > s as u32) as u64) + (((x > s as i32) as u64) << 1),
        ]);
    }
    for v in variants("int_unsigned_mix") {
        let mut out = vec![0u64; n * 8];
        v.run(
            "int_unsigned_mix",
            NdRange::d1(n as u64),
            &mut [Arg::read_only(&b), Arg::read_only(&h), Arg::read_only(&w), Arg::buffer(&mut out)],
        );
        check_eq(&v.label, "out (8 per item)", &out, &want);
    }
}

#[test]
fn int_builtins() {
    let mut rng = Rng::new(24);
    let n = 200usize;
    let edges = [0, 1, -1, i32::MIN as i64, i32::MAX as i64, 31, 32, 33, -32, 0x0f0f_0f0f];
    let a: Vec<i32> = edge_then_random(&mut rng, n, &edges, 32).iter().map(|x| *x as i32).collect();
    let edges_b = [0, -1, i32::MIN as i64, i32::MAX as i64, 1, i32::MAX as i64, 1, -1, 5, 64];
    let b: Vec<i32> = edge_then_random(&mut rng, n, &edges_b, 32).iter().map(|x| *x as i32).collect();
    let la: Vec<i64> = edge_then_random(&mut rng, 2 * n, &[0, 0, i64::MIN, i64::MAX, -1, 1, 1 << 40, -5], 64);
    let ca: Vec<i8> = edge_then_random(&mut rng, 2 * n, &[0, 0, -128, 127, -1, 1, 100, 100, -128, -1], 8)
        .iter()
        .map(|x| *x as i8)
        .collect();
    let mut want = Vec::new();
    let mut lwant = Vec::new();
    let mut cwant = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], b[i]);
        want.extend_from_slice(&[
            x.min(y) as u32,
            x.max(y) as u32,
            (x as u32).min(y as u32),
            x.unsigned_abs(),
            x.leading_zeros(),
            x.count_ones(),
            ((x as i64 * y as i64) >> 32) as u32,
            ((x as u32 as u64 * y as u32 as u64) >> 32) as u32,
            (x as u32).rotate_left(y as u32 % 32),
            x.saturating_add(y) as u32,
            x.saturating_sub(y) as u32,
            ((x as i64 + y as i64) >> 1) as u32,
            ((x as i64 + y as i64 + 1) >> 1) as u32,
            (x as i64 - y as i64).unsigned_abs() as u32,
        ]);
        let (lx, ly) = (la[2 * i], la[2 * i + 1]);
        lwant.extend_from_slice(&[
            lx.max(ly) as u64,
            lx.unsigned_abs(),
            lx.leading_zeros() as u64,
            lx.count_ones() as u64,
            ((x as u32 as u64) << 32) | y as u32 as u64,
        ]);
        let (cx, cy) = (ca[2 * i], ca[2 * i + 1]);
        cwant.extend_from_slice(&[
            cx.min(cy) as u8,
            cx.unsigned_abs(),
            cx.leading_zeros() as u8,
            cx.count_ones() as u8,
            cx.saturating_add(cy) as u8,
        ]);
    }
    for v in variants("int_builtins") {
        let mut out = vec![0u32; n * 14];
        let mut lout = vec![0u64; n * 5];
        let mut cout = vec![0u8; n * 5];
        let args = &mut [
            Arg::read_only(&a),
            Arg::read_only(&b),
            Arg::buffer(&mut out),
            Arg::read_only(&la),
            Arg::buffer(&mut lout),
            Arg::read_only(&ca),
            Arg::buffer(&mut cout),
        ];
        v.run("int_builtins", NdRange::d1(n as u64).local(&[10]), args);
        let names = [
            "min", "max", "umin", "abs", "clz", "popcount", "mul_hi", "umul_hi", "rotate", "add_sat", "sub_sat",
            "hadd", "rhadd", "abs_diff",
        ];
        for (k, name) in names.iter().enumerate() {
            let got: Vec<u32> = (0..n).map(|i| out[i * 14 + k]).collect();
            let exp: Vec<u32> = (0..n).map(|i| want[i * 14 + k]).collect();
            check_eq(&v.label, &format!("int {name}"), &got, &exp);
        }
        check_eq(&v.label, "long (max, abs, clz, popcount, upsample)", &lout, &lwant);
        check_eq(&v.label, "char (min, abs, clz, popcount, add_sat)", &cout, &cwant);
    }
}

// ---------------------------------------------------------------------------------------
// Vectors.
// ---------------------------------------------------------------------------------------

#[test]
fn vec_float4() {
    let mut rng = Rng::new(25);
    let n = 100usize;
    let a = rng.vec_f32(n * 4, -10.0, 10.0);
    let b = rng.vec_f32(n * 4, -10.0, 10.0);
    let mut want = vec![0.0f32; n * 12];
    let mut want2 = vec![0.0f32; n * 2];
    for i in 0..n {
        let x = &a[i * 4..i * 4 + 4];
        let y = &b[i * 4..i * 4 + 4];
        let mut r: Vec<f32> = (0..4).map(|k| x[k] * y[k] + (k + 1) as f32).collect();
        let (rx, rz) = (r[2] - y[1], r[0] - y[3]);
        r[0] = rx;
        r[2] = rz;
        r[3] += x[0];
        let s = [x[3] * 2.0 - y[0], x[2] * 2.0 - y[0], x[1] * 2.0 - y[1], x[0] * 2.0 - y[1]];
        want[i * 12..i * 12 + 4].copy_from_slice(&r);
        want[i * 12 + 4..i * 12 + 8].copy_from_slice(&s);
        want[i * 12 + 8..i * 12 + 12].copy_from_slice(&[x[1], y[2], r[0] * s[3], -x[3]]);
        let p = [x[0] + y[2], x[1] + y[3]];
        want2[i * 2] = p[1] / 2.0;
        want2[i * 2 + 1] = p[0] / 4.0;
    }
    for v in variants("vec_float4") {
        let mut out = vec![f32::NAN; n * 12];
        let mut out2 = vec![f32::NAN; n * 2];
        let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut out), Arg::buffer(&mut out2)];
        v.run("vec_float4", NdRange::d1(n as u64).local(&[25]), args);
        // x * y + c may be contracted: allow a few ulps of the magnitudes involved.
        check_f32_rel(&v.label, "out (r, s, mixed)", &out, &want, 1e-5, 1e-3);
        check_f32_exact(&v.label, "out2 (lo/hi, swizzle, divide)", &out2, &want2);
    }
}

#[test]
fn vec_int8() {
    let mut rng = Rng::new(26);
    let n = 64usize;
    let a: Vec<i32> = (0..n * 3 + 5).map(|_| rng.i32()).collect();
    let b: Vec<i32> = (0..n * 8).map(|_| rng.i32()).collect();
    let mut want = vec![0i32; n * 24];
    for i in 0..n {
        let x = &a[i * 3..i * 3 + 8];
        let y = &b[i * 8..i * 8 + 8];
        let r: Vec<i32> = (0..8).map(|k| x[k].wrapping_add(y[k].wrapping_mul(3))).collect();
        let u: Vec<i32> = (0..8).map(|k| ((x[k] as u32) >> ((y[k] as u32) & 7)) as i32).collect();
        let m = [r[3], r[4], r[2], r[5], r[0].wrapping_sub(r[7]), r[6], r[1], r[1] ^ r[7]];
        want[i * 24..i * 24 + 8].copy_from_slice(&r);
        want[i * 24 + 8..i * 24 + 16].copy_from_slice(&u);
        want[i * 24 + 16..i * 24 + 24].copy_from_slice(&m);
    }
    for v in variants("vec_int8") {
        let mut out = vec![0i32; n * 24];
        v.run(
            "vec_int8",
            NdRange::d1(n as u64).local(&[8]),
            &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut out)],
        );
        check_eq(&v.label, "out (r, u, lo/hi/even/odd mix)", &out, &want);
    }
}

#[test]
fn vec16() {
    let mut rng = Rng::new(27);
    let n = 40usize;
    let a: Vec<u8> = (0..n * 16).map(|_| rng.u32() as u8).collect();
    let b: Vec<u8> = (0..n * 16).map(|_| rng.u32() as u8).collect();
    let f = rng.vec_f32(n * 16, -100.0, 100.0);
    let mut want = vec![0u8; n * 48];
    let mut fwant = vec![0.0f32; n * 16];
    let even_odd = [0usize, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15];
    for i in 0..n {
        let x = &a[i * 16..i * 16 + 16];
        let y = &b[i * 16..i * 16 + 16];
        let s: Vec<u8> = (0..16).map(|k| x[k].saturating_add(y[k])).collect();
        let w: Vec<u8> = (0..16).map(|k| x[k].wrapping_add(y[k])).collect();
        for k in 0..16 {
            want[i * 48 + k] = s[15 - k] ^ w[even_odd[k]];
            want[i * 48 + 16 + k] = w[k].wrapping_sub(7);
            want[i * 48 + 32 + k] = if k < 8 { x[k] } else { y[k] };
        }
        let fv = &f[i * 16..i * 16 + 16];
        for k in 0..16 {
            fwant[i * 16 + k] = fv[k] * 0.5 + fv[(k + 8) % 16];
        }
        for (k, c) in [(0usize, 1.0f32), (5, -2.0), (10, 3.5), (15, 0.25)] {
            fwant[i * 16 + k] = c;
        }
    }
    for v in variants("vec16") {
        let mut out = vec![0u8; n * 48];
        let mut fout = vec![f32::NAN; n * 16];
        let args = &mut [
            Arg::read_only(&a),
            Arg::read_only(&b),
            Arg::buffer(&mut out),
            Arg::read_only(&f),
            Arg::buffer(&mut fout),
        ];
        v.run("vec16", NdRange::d1(n as u64).local(&[8]), args);
        check_eq(&v.label, "uchar16 results", &out, &want);
        check_f32_exact(&v.label, "float16 results", &fout, &fwant);
    }
}

#[test]
fn vec3() {
    let mut rng = Rng::new(28);
    let n = 60usize;
    let a = rng.vec_f32(n * 4, -100.0, 100.0); // float3 with 16-byte stride
    let packed = rng.vec_f32(n * 3, -100.0, 100.0);
    let mut want = vec![0.0f32; n * 4];
    let mut want_cross = vec![0.0f32; n * 3];
    let mut want_i = vec![0i32; n * 4];
    for i in 0..n {
        let x = &a[i * 4..i * 4 + 3];
        let y = &packed[i * 3..i * 3 + 3];
        for k in 0..3 {
            want[i * 4 + k] = x[k] + y[k] * 2.0;
        }
        let c = [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];
        want_cross[i * 3..i * 3 + 3].copy_from_slice(&c);
        let k: Vec<i32> = (0..3).map(|j| (x[j] as i32) * [1, -2, 3][j] + i as i32).collect();
        want_i[i * 4..i * 4 + 3].copy_from_slice(&[k[2], k[0], k[1]]);
    }
    for v in variants("vec3") {
        let mut out = vec![f32::NAN; n * 4];
        let mut cross = vec![f32::NAN; n * 3];
        let mut iout = vec![0i32; n * 4];
        let args = &mut [
            Arg::read_only(&a),
            Arg::read_only(&packed),
            Arg::buffer(&mut out),
            Arg::buffer(&mut cross),
            Arg::buffer(&mut iout),
        ];
        v.run("vec3", NdRange::d1(n as u64).local(&[4]), args);
        // the fourth component of a 3-component vector in memory is padding
        let pick = |v: &[f32]| (0..n * 4).filter(|i| i % 4 != 3).map(|i| v[i]).collect::<Vec<f32>>();
        check_f32_exact(&v.label, "x + y * 2", &pick(&out), &pick(&want));
        let cross_tol: Vec<f32> = (0..n * 3)
            .map(|j| {
                let (i, k) = (j / 3, j % 3);
                let x = &a[i * 4..i * 4 + 3];
                let y = &packed[i * 3..i * 3 + 3];
                let (p, q) = ((k + 1) % 3, (k + 2) % 3);
                ((x[p] * y[q]).abs() + (x[q] * y[p]).abs()) * 2.0 * f32::EPSILON
            })
            .collect();
        check_f32_tol(&v.label, "cross (vstore3)", &cross, &want_cross, |j| cross_tol[j]);
        let ipick = |v: &[i32]| (0..n * 4).filter(|i| i % 4 != 3).map(|i| v[i]).collect::<Vec<i32>>();
        check_eq(&v.label, "int3 .zxy", &ipick(&iout), &ipick(&want_i));
    }
}

#[test]
fn vec_select() {
    let mut rng = Rng::new(29);
    let n = 80usize;
    let a: Vec<i32> = (0..n * 4).map(|_| rng.range(-50_000, 50_000)).collect();
    let b: Vec<i32> = (0..n * 4).map(|i| if rng.below(4) == 0 { a[i] } else { rng.range(-50_000, 50_000) }).collect();
    let f = rng.vec_f32(n * 8, -5.0, 5.0);
    let mut want = vec![0i32; n * 16];
    let mut fwant = vec![0.0f32; n * 4];
    let mut swant = vec![0i16; n * 2];
    let mut dwant = vec![0.0f64; n * 2];
    for i in 0..n {
        let x = &a[i * 4..i * 4 + 4];
        let y = &b[i * 4..i * 4 + 4];
        let lt: Vec<bool> = (0..4).map(|k| x[k] < y[k]).collect();
        let eq: Vec<bool> = (0..4).map(|k| x[k] == y[k]).collect();
        for k in 0..4 {
            want[i * 16 + k] = -(lt[k] as i32);
            want[i * 16 + 4 + k] = if lt[k] { y[k] } else { x[k] };
            want[i * 16 + 8 + k] = if eq[k] { 7 } else { x[k].wrapping_sub(y[k]) };
        }
        want[i * 16 + 12..i * 16 + 16].copy_from_slice(&[
            lt.iter().any(|b| *b) as i32,
            lt.iter().all(|b| *b) as i32,
            eq.iter().any(|b| *b) as i32,
            (0..4).all(|k| x[k] >= y[k]) as i32,
        ]);
        for k in 0..4 {
            let (p, q) = (f[i * 8 + k], f[i * 8 + 4 + k]);
            fwant[i * 4 + k] = if p > q { q } else { p };
        }
        for k in 0..2 {
            let s = x[k] as i16;
            swant[i * 2 + k] = if s > 0 { s } else { s.wrapping_neg() };
            let d = x[2 + k] as f64;
            dwant[i * 2 + k] = if d < y[2 + k] as f64 { d * 0.5 } else { d + 1.0 };
        }
    }
    for v in variants("vec_select") {
        let mut out = vec![0i32; n * 16];
        let mut fout = vec![f32::NAN; n * 4];
        let mut sout = vec![0i16; n * 2];
        let mut dout = vec![f64::NAN; n * 2];
        let args = &mut [
            Arg::read_only(&a),
            Arg::read_only(&b),
            Arg::buffer(&mut out),
            Arg::read_only(&f),
            Arg::buffer(&mut fout),
            Arg::buffer(&mut sout),
            Arg::buffer(&mut dout),
        ];
        v.run("vec_select", NdRange::d1(n as u64).local(&[16]), args);
        check_eq(&v.label, "int4 (mask, select, ?:, any/all)", &out, &want);
        check_f32_exact(&v.label, "float4 select", &fout, &fwant);
        check_eq(&v.label, "short2 ?:", &sout, &swant);
        check_f64_exact(&v.label, "double2 ?:", &dout, &dwant);
    }
}

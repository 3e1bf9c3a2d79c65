//! Corpus tests: conversions, half, double and math. How every kernel is run and checked
//! (each build, each width, compared with a Rust reference and with the scalar path) is
//! `common::corpus`.

mod common;

use common::corpus::*;

// ---------------------------------------------------------------------------------------
// Conversions, half, double, math.
// ---------------------------------------------------------------------------------------

/// Round `f` (the f32 nearest to `exact`) one step in the given direction when needed.
fn directed(f: f32, exact: f64, up: bool) -> f32 {
    if up && (f as f64) < exact {
        f.next_up()
    } else if !up && (f as f64) > exact {
        f.next_down()
    } else {
        f
    }
}

fn f32_rtz(exact: f64) -> f32 {
    directed(exact as f32, exact, exact < 0.0)
}

#[test]
fn conversions() {
    let mut rng = Rng::new(30);
    let special_f = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        -2.5,
        254.5,
        255.5,
        256.0,
        -1.0,
        3e9,
        -3e9,
        1e-40,
        2147483520.0,
        -2147483648.0,
        4294967040.0,
        5e9,
        127.5,
        0.49999997,
    ];
    let n = 200usize;
    let f: Vec<f32> = (0..n).map(|i| if i < special_f.len() { special_f[i] } else { rng.f32(-300.0, 300.0) }).collect();
    let special_i = [0, 1, -1, i32::MIN, i32::MAX, 16_777_217, -16_777_217, 33_554_435, 255, 256, -256, 2_147_483_583];
    let k: Vec<i32> = (0..n).map(|i| if i < special_i.len() { special_i[i] } else { rng.i32() }).collect();
    let special_d =
        [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 2147483648.0, -2147483648.5, -0.5, 1.0000001, 3.4e38, 1e300];
    let d: Vec<f64> = (0..n).map(|i| if i < special_d.len() { special_d[i] } else { rng.f64(-1e10, 1e10) }).collect();
    for v in variants("conversions") {
        let mut iout = vec![0i32; n * 6];
        let mut fout = vec![0.0f32; n * 7];
        let mut bout = vec![0u8; n * 3];
        let mut dout = vec![0.0f64; n * 3];
        let args = &mut [
            Arg::read_only(&f),
            Arg::read_only(&k),
            Arg::read_only(&d),
            Arg::buffer(&mut iout),
            Arg::buffer(&mut fout),
            Arg::buffer(&mut bout),
            Arg::buffer(&mut dout),
        ];
        v.run("conversions", NdRange::d1(n as u64).local(&[8]), args);
        let mut iw = Vec::new();
        let mut fw = Vec::new();
        let mut bw = Vec::new();
        let mut dw = Vec::new();
        for i in 0..n {
            let (x, q, z) = (f[i], k[i], d[i]);
            // not clamp(): fmin(fmax(NaN, lo), hi) is lo, clamp(NaN) is NaN
            #[allow(clippy::manual_clamp)]
            let clamped = x.max(-1e9).min(1e9);
            iw.extend_from_slice(&[
                x as i32,
                clamped as i32,
                x.to_bits() as i32,
                z.floor() as i32,
                clamped.round_ties_even() as i32,
                x as u32 as i32,
            ]);
            let e = q as f64;
            fw.extend_from_slice(&[
                f32_rtz(e),
                directed(q as f32, e, false),
                directed(q as f32, e, true),
                q as f32,
                q as u32 as f32,
                f32::from_bits(q as u32),
                z as f32,
            ]);
            bw.extend_from_slice(&[x.round_ties_even() as u8, q.clamp(0, 255) as u8, q as u8]);
            dw.extend_from_slice(&[x as f64, q as f64, ((q as u32 as u64) << 20) as f64]);
        }
        let names = [
            "convert_int_sat",
            "(int) cast",
            "as_int",
            "convert_int_sat_rtn(double)",
            "convert_int_rte",
            "convert_uint_sat",
        ];
        for (j, name) in names.iter().enumerate() {
            let g: Vec<i32> = (0..n).map(|i| iout[i * 6 + j]).collect();
            let w: Vec<i32> = (0..n).map(|i| iw[i * 6 + j]).collect();
            check_eq(&v.label, name, &g, &w);
        }
        let names = [
            "convert_float_rtz",
            "convert_float_rtn",
            "convert_float_rtp",
            "(float) int",
            "(float) uint",
            "as_float",
            "(float) double",
        ];
        for (j, name) in names.iter().enumerate() {
            let g: Vec<f32> = (0..n).map(|i| fout[i * 7 + j]).collect();
            let w: Vec<f32> = (0..n).map(|i| fw[i * 7 + j]).collect();
            check_f32_exact(&v.label, name, &g, &w);
        }
        let names = ["convert_uchar_sat_rte", "convert_uchar_sat", "convert_uchar"];
        for (j, name) in names.iter().enumerate() {
            let g: Vec<u8> = (0..n).map(|i| bout[i * 3 + j]).collect();
            let w: Vec<u8> = (0..n).map(|i| bw[i * 3 + j]).collect();
            check_eq(&v.label, name, &g, &w);
        }
        check_f64_exact(&v.label, "double conversions", &dout, &dw);
    }
}

/// Half bits of `x` rounded in `mode` (0 rte, 1 rtz, 2 rtp, 3 rtn).
fn f32_to_f16(x: f32, mode: u32) -> u16 {
    let sign: u16 = if x.is_sign_negative() { 0x8000 } else { 0 };
    if x.is_nan() {
        return sign | 0x7e00;
    }
    if x.is_infinite() {
        return sign | 0x7c00;
    }
    let a = x.abs() as f64;
    let exp = if a == 0.0 { -30 } else { ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023 };
    let ulp_exp = exp.clamp(-14, 15) - 10;
    let q = a / 2f64.powi(ulp_exp);
    let neg = sign != 0;
    let q = match mode {
        0 => q.round_ties_even(),
        1 => q.trunc(),
        2 => {
            if neg {
                q.trunc()
            } else {
                q.ceil()
            }
        }
        _ => {
            if neg {
                q.ceil()
            } else {
                q.trunc()
            }
        }
    };
    let m = q * 2f64.powi(ulp_exp);
    if m > 65504.0 {
        let to_inf = match mode {
            0 => true,
            1 => false,
            2 => !neg,
            _ => neg,
        };
        return sign | if to_inf { 0x7c00 } else { 0x7bff };
    }
    if m < 2f64.powi(-14) {
        return sign | (m / 2f64.powi(-24)) as u16;
    }
    let e = ((m.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let mant = (m / 2f64.powi(e) - 1.0) * 1024.0;
    sign | (((e + 15) as u16) << 10) | mant as u16
}

fn f16_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0f32 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f32;
    match e {
        0 => sign * m * 2f32.powi(-24),
        31 if m == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        _ => sign * (1.0 + m / 1024.0) * 2f32.powi(e - 15),
    }
}

fn same_f16(g: u16, w: u16) -> bool {
    let nan = |h: u16| h & 0x7c00 == 0x7c00 && h & 0x3ff != 0;
    (nan(g) && nan(w)) || g == w
}

#[test]
fn half_storage() {
    let mut rng = Rng::new(31);
    let n = 256usize;
    let mut h: Vec<u16> = vec![0, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0x7bff, 0x7c00, 0xfc00, 0x7e00, 0xc000];
    while h.len() < n {
        h.push(rng.u32() as u16);
    }
    let specials = [
        0.0f32,
        -0.0,
        1.0,
        65504.0,
        65519.0,
        65520.0,
        1e6,
        -1e6,
        6.1e-5,
        5.96e-8,
        2.9e-8,
        3.0e-8,
        1e-10,
        -1e-10,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1.0 + 2f32.powi(-10),
        1.0 + 2f32.powi(-11),
        1.0 + 3.0 * 2f32.powi(-12),
        -(2.0 + 2f32.powi(-11)),
    ];
    let f: Vec<f32> = (0..n)
        .map(|i| {
            if i < specials.len() {
                specials[i]
            } else {
                let mag = 2f32.powi(rng.range(-26, 17));
                rng.f32(-1.0, 1.0) * mag
            }
        })
        .collect();
    let want_loaded: Vec<f32> = h.iter().map(|x| f16_to_f32(*x)).collect();
    let want_stored: Vec<u16> = f.iter().flat_map(|x| [0, 1, 2, 3].map(|m| f32_to_f16(*x, m))).collect();
    let pairs = n / 2;
    let want_vec: Vec<u16> = (0..pairs)
        .flat_map(|i| {
            let (px, py) = (f16_to_f32(h[2 * i]), f16_to_f32(h[2 * i + 1]));
            [py, px, px * 2.0, py + 1.0].map(|x| f32_to_f16(x, 0))
        })
        .collect();
    for v in variants("half_storage") {
        let mut loaded = vec![0.0f32; n];
        let mut stored = vec![0u16; n * 4];
        let args = &mut [Arg::read_only(&h), Arg::read_only(&f), Arg::buffer(&mut loaded), Arg::buffer(&mut stored)];
        v.run("half_storage", NdRange::d1(n as u64).local(&[32]), args);
        check_f32_exact(&v.label, "vload_half", &loaded, &want_loaded);
        for (m, name) in
            ["vstore_half (rte)", "vstore_half_rtz", "vstore_half_rtp", "vstore_half_rtn"].iter().enumerate()
        {
            let g: Vec<u16> = (0..n).map(|i| stored[i * 4 + m]).collect();
            let w: Vec<u16> = (0..n).map(|i| want_stored[i * 4 + m]).collect();
            check_by(&v.label, name, &g, &w, |_, a, b| same_f16(a, b));
        }
        let mut out = vec![0u16; pairs * 4];
        v.run("half_vectors", NdRange::d1(pairs as u64), &mut [Arg::read_only(&h), Arg::buffer(&mut out)]);
        check_by(&v.label, "vload_half2 / vstore_half4", &out, &want_vec, |_, a, b| same_f16(a, b));
    }
}

#[test]
fn double_arith() {
    let mut rng = Rng::new(32);
    let n = 200usize;
    let a: Vec<f64> = (0..n).map(|i| if i < 3 { [0.0, -0.0, 1.0][i] } else { rng.f64(-1e6, 1e6) }).collect();
    let b: Vec<f64> = (0..n).map(|i| if i < 3 { [0.0, 5.0, 0.0][i] } else { rng.f64(-1e3, 1e3) }).collect();
    let mut want = Vec::new();
    let mut want_flags = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], b[i]);
        let mut acc = 0.0f64;
        for k in 1..=16 {
            acc += x / k as f64;
        }
        want.extend_from_slice(&[
            x + y,
            x - y,
            x * y,
            x / y,
            x.abs().sqrt(),
            x.mul_add(y, -x),
            x.min(y) + x.max(y) * 0.5,
            x.floor() - y.ceil(),
            acc,
            -x,
        ]);
        want_flags.push((x < y) as i64 | ((x == y) as i64) << 1 | (((x / y).is_nan()) as i64) << 2);
    }
    for v in variants("double_arith") {
        let mut out = vec![0.0f64; n * 10];
        let mut flags = vec![0i64; n];
        let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut out), Arg::buffer(&mut flags)];
        v.run("double_arith", NdRange::d1(n as u64).local(&[20]), args);
        check_f64_exact(&v.label, "double results (10 per item)", &out, &want);
        check_eq(&v.label, "flags", &flags, &want_flags);
    }
}

#[test]
fn math_builtins() {
    let mut rng = Rng::new(33);
    let n = 256usize;
    let a: Vec<f32> = (0..n).map(|i| if i < 4 { [0.0, -0.0, 1.0, -1.0][i] } else { rng.f32(-10.0, 10.0) }).collect();
    let rounding = [0.5f32, 1.5, 2.5, -0.5, -1.5, -2.5, 3.49999, -7.5, 8388609.0, 0.0];
    let b: Vec<f32> = (0..n).map(|i| if i < rounding.len() { rounding[i] } else { rng.f32(-10.0, 10.0) }).collect();
    let c = rng.vec_f32(n, -10.0, 10.0);
    let mut want = Vec::new();
    for i in 0..n {
        let (x, y, z) = (a[i], b[i], c[i]);
        want.extend_from_slice(&[
            x.abs(),
            x.min(y),
            x.max(y),
            x.abs().sqrt(),
            x.floor(),
            x.ceil(),
            x.mul_add(y, z),
            x * y + z,
            x.clamp(-1.0, 1.0),
            y.trunc(),
            y.round_ties_even(),
            y.round(),
            z.copysign(x),
        ]);
    }
    for v in variants("math_builtins") {
        let mut out = vec![f32::NAN; n * 13];
        let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::read_only(&c), Arg::buffer(&mut out)];
        v.run("math_builtins", NdRange::d1(n as u64).local(&[64]), args);
        let names = [
            "fabs", "fmin", "fmax", "sqrt", "floor", "ceil", "fma", "mad", "clamp", "trunc", "rint", "round",
            "copysign",
        ];
        for (k, name) in names.iter().enumerate() {
            let g: Vec<f32> = (0..n).map(|i| out[i * 13 + k]).collect();
            let w: Vec<f32> = (0..n).map(|i| want[i * 13 + k]).collect();
            match *name {
                // OpenCL allows 3 ulp for single-precision sqrt.
                "sqrt" => check_f32_tol(&v.label, name, &g, &w, |i| 3.0 * ulp32(w[i])),
                // mad may be fused or not; either is exact to one rounding of each.
                "mad" => {
                    check_by(&v.label, name, &g, &w, |i, g, w| same_f32(g, w) || same_f32(g, a[i].mul_add(b[i], c[i])))
                }
                _ => check_f32_exact(&v.label, name, &g, &w),
            }
        }
    }
}

#[test]
fn math_transcendental() {
    let mut rng = Rng::new(34);
    let n = 256usize;
    let a = rng.vec_f32(n, -10.0, 10.0);
    let b = rng.vec_f32(n, -5.0, 5.0);
    for v in variants("math_transcendental") {
        let mut out = vec![f32::NAN; n * 8];
        v.run(
            "math_transcendental",
            NdRange::d1(n as u64).local(&[16]),
            &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut out)],
        );
        // (name, reference in f64, allowed ulps from the OpenCL 1.2 full profile)
        type Reference = fn(f64, f64) -> f64;
        let cases: [(&str, Reference, f32); 7] = [
            ("sin", |x, _| x.sin(), 4.0),
            ("cos", |x, _| x.cos(), 4.0),
            ("exp", |_, y| y.exp(), 3.0),
            ("log", |x, _| (x.abs() + 1.0).ln(), 3.0),
            ("pow", |x, y| (x.abs() + 0.5).powf(y), 16.0),
            ("tanh", |x, _| x.tanh(), 5.0),
            ("atan2", |x, y| x.atan2(y), 6.0),
        ];
        for (k, (name, f, ulps)) in cases.iter().enumerate() {
            let g: Vec<f32> = (0..n).map(|i| out[i * 8 + k]).collect();
            let w: Vec<f32> = (0..n).map(|i| f(a[i] as f64, b[i] as f64) as f32).collect();
            // inputs to log and pow are rounded to f32 in the kernel first
            let w: Vec<f32> = match *name {
                "log" => (0..n).map(|i| ((a[i].abs() + 1.0) as f64).ln() as f32).collect(),
                "pow" => (0..n).map(|i| ((a[i].abs() + 0.5) as f64).powf(b[i] as f64) as f32).collect(),
                _ => w,
            };
            check_f32_tol(&v.label, name, &g, &w, |i| ulps * ulp32(w[i]) + f32::MIN_POSITIVE);
        }
        let g: Vec<f32> = (0..n).map(|i| out[i * 8 + 7]).collect();
        let e2: Vec<f32> = b.iter().map(|y| (*y as f64).exp2() as f32).collect();
        let l2: Vec<f32> = b.iter().map(|y| ((y.abs() + 2.0) as f64).log2() as f32).collect();
        let w: Vec<f32> = (0..n).map(|i| e2[i] + l2[i]).collect();
        check_f32_tol(&v.label, "exp2 + log2", &g, &w, |i| 3.0 * ulp32(e2[i]) + 3.0 * ulp32(l2[i]) + ulp32(w[i]));
    }
}

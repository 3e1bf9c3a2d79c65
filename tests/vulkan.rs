//! Vulkan compute shaders (GLSL compiled by glslangValidator, `tests/kernels/vulkan/`)
//! through the public API: buffers are passed in (set, binding) order and push constants
//! as one last by-value argument. Covers storage buffers, uniform blocks, push
//! constants, shared memory with `barrier()`, the work-item builtin variables, and every
//! GLSL.std.450 function family a compute shader can call, at float, vec2, vec3 and
//! vec4 (and double where GLSL allows), against references computed here.
//!
//! A missing `.spv` is a failure: rebuild with `tests/kernels/vulkan/build.sh`.

mod common;

use spirjit::{Arg, NdRange, ParamKind};

/// Deterministic inputs in [0, 1).
fn inputs(n: usize, seed: u32) -> Vec<f32> {
    let mut r = common::XorShift::new(seed);
    (0..n).map(|_| (r.next_u32() >> 8) as f32 / (1u32 << 24) as f32).collect()
}

#[test]
fn vector_add_over_storage_buffers() {
    for lanes in [1, 4] {
        let p = common::vulkan::program("vadd", lanes);
        let k = p.kernel("main").unwrap();
        assert_eq!(k.reqd_work_group_size(), Some([64, 1, 1]));
        let params = k.params();
        assert_eq!(params.len(), 3);
        assert!(params[0].read_only && params[1].read_only && !params[2].read_only, "{params:?}");
        assert_eq!(params[1].type_name.as_deref(), Some("set0.binding1"));
        assert!(matches!(params[2].kind, ParamKind::Pointer { .. }));
        let n = 256;
        let a = inputs(n, 1);
        let b = inputs(n, 2);
        let mut c = vec![0f32; n];
        k.run(&NdRange::d1(n as u64), &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c)])
            .unwrap_or_else(|e| panic!("vadd lanes {lanes}: {e}"));
        for i in 0..n {
            assert_eq!(c[i], a[i] + b[i], "element {i}, lanes {lanes}");
        }
    }
}

#[test]
fn shared_memory_reduction_with_barriers() {
    for lanes in [1, 4] {
        let p = common::vulkan::program("reduce", lanes);
        let k = p.kernel("main").unwrap();
        let groups = 4;
        let n = 64 * groups;
        let data: Vec<f32> = (0..n).map(|i| (i % 17) as f32).collect();
        let mut sums = vec![0f32; groups];
        let mut ids = vec![[0u32; 4]; n];
        k.run(&NdRange::d1(n as u64), &mut [Arg::read_only(&data), Arg::buffer(&mut sums), Arg::buffer(&mut ids)])
            .unwrap_or_else(|e| panic!("reduce lanes {lanes}: {e}"));
        for g in 0..groups {
            let want: f32 = data[g * 64..(g + 1) * 64].iter().sum();
            assert_eq!(sums[g], want, "group {g}, lanes {lanes}");
        }
        for (i, id) in ids.iter().enumerate() {
            let want = [(i % 64) as u32, (i / 64) as u32, groups as u32, (i % 64) as u32];
            assert_eq!(*id, want, "invocation {i}, lanes {lanes}");
        }
    }
}

#[test]
fn host_types_carry_spirv_signedness() {
    use spirjit::{HostScalar, HostType, Signedness};
    let p = common::vulkan::program("reduce", 1);
    let k = p.kernel("main").unwrap();
    let params = k.params();
    let uvec4 = HostType::Vector(HostScalar::Int { bits: 32, sign: Signedness::Unsigned }, 4);
    assert_eq!(params[2].host.pointee(), Some(&uvec4), "{:?}", params[2]);
    assert_eq!(params[0].host.to_string(), "global f32*");
}

#[test]
fn push_constants_and_uniform_blocks() {
    let p = common::vulkan::program("push", 1);
    let k = p.kernel("main").unwrap();
    let params = k.params();
    assert_eq!(params.len(), 4, "{params:?}");
    assert_eq!(params[0].type_name.as_deref(), Some("set0.binding0"));
    assert_eq!(params[1].type_name.as_deref(), Some("set0.binding1"));
    assert_eq!(params[2].type_name.as_deref(), Some("set1.binding0"));
    assert!(params[1].read_only, "uniform blocks are read-only");
    assert!(matches!(params[3].kind, ParamKind::Value(_)), "{:?}", params[3]);
    let n = 64;
    let input = inputs(n, 3);
    let bias = [0f32, 0.0, 0.0, 0.5];
    let mut out = vec![0f32; n];
    let mut push = Vec::new();
    push.extend_from_slice(&2.5f32.to_le_bytes());
    push.extend_from_slice(&50u32.to_le_bytes());
    k.run(
        &NdRange::d1(n as u64),
        &mut [Arg::read_only(&input), Arg::read_only(&bias), Arg::buffer(&mut out), Arg::bytes(&push)],
    )
    .unwrap_or_else(|e| panic!("push: {e}"));
    for i in 0..n {
        let want = if i < 50 { input[i] * 2.5 + 0.5 } else { -1.0 };
        assert_eq!(out[i], want, "element {i}");
    }
}

// ---------------------------------------------------------------------------------------
// GLSL.std.450: every family, checked against references in the order of the shader.
// ---------------------------------------------------------------------------------------

/// A reference over the first `n` components of the input (as the shader sees them).
type VecRef = Box<dyn Fn(&[f32]) -> Vec<f64>>;

/// A reference over double inputs.
type DoubleRef = Box<dyn Fn(&[f64]) -> Vec<f64>>;

/// An integer reference (the shader's int results, as bits).
type IntRef = fn(i32) -> i32;

/// A component-wise reference.
fn cw(f: impl Fn(f32) -> f64 + 'static) -> VecRef {
    Box::new(move |xs| xs.iter().map(|&x| f(x)).collect())
}

/// A reference whose value is one scalar (the shader pads it with zeros to the width).
fn scalar(f: impl Fn(&[f64]) -> f64 + 'static) -> VecRef {
    Box::new(move |xs| {
        let v: Vec<f64> = xs.iter().map(|&x| x as f64).collect();
        let mut out = vec![0.0; xs.len()];
        out[0] = f(&v);
        out
    })
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn normalize(a: &[f64]) -> Vec<f64> {
    let l = dot(a, a).sqrt();
    a.iter().map(|x| x / l).collect()
}

fn smoothstep(e0: f64, e1: f64, x: f64) -> f64 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn sign(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        x
    }
}

/// The float functions of the shader's `F(...)` lines, in order.
fn float_refs() -> Vec<(&'static str, VecRef)> {
    let a = |x: f32| x * 8.0 - 4.0;
    vec![
        ("round", cw(move |x| a(x).round() as f64)),
        ("roundEven", cw(move |x| a(x).round_ties_even() as f64)),
        ("trunc", cw(move |x| a(x).trunc() as f64)),
        ("abs", cw(|x| (x - 0.5).abs() as f64)),
        ("sign", cw(|x| sign((x - 0.5) as f64))),
        ("floor", cw(move |x| a(x).floor() as f64)),
        ("ceil", cw(move |x| a(x).ceil() as f64)),
        ("fract", cw(move |x| (a(x) - a(x).floor()) as f64)),
        ("radians", cw(|x| ((x * 360.0) as f64).to_radians())),
        ("degrees", cw(|x| (x as f64).to_degrees())),
        ("sin", cw(move |x| (a(x) as f64).sin())),
        ("cos", cw(move |x| (a(x) as f64).cos())),
        ("tan", cw(|x| ((x - 0.5) as f64).tan())),
        ("asin", cw(|x| ((x * 2.0 - 1.0) as f64).asin())),
        ("acos", cw(|x| ((x * 2.0 - 1.0) as f64).acos())),
        ("atan", cw(move |x| (a(x) as f64).atan())),
        ("sinh", cw(|x| ((x * 4.0 - 2.0) as f64).sinh())),
        ("cosh", cw(|x| ((x * 4.0 - 2.0) as f64).cosh())),
        ("tanh", cw(|x| ((x * 4.0 - 2.0) as f64).tanh())),
        ("asinh", cw(move |x| (a(x) as f64).asinh())),
        ("acosh", cw(|x| ((x * 4.0 + 1.0) as f64).acosh())),
        ("atanh", cw(|x| ((x * 1.8 - 0.9) as f64).atanh())),
        ("atan2", cw(|x| ((x - 0.5) as f64).atan2((0.5 - x * x) as f64))),
        ("pow", cw(|x| ((x * 4.0) as f64).powf((x + 0.5) as f64))),
        ("exp", cw(move |x| (a(x) as f64).exp())),
        ("log", cw(|x| ((x * 8.0 + 0.01) as f64).ln())),
        ("exp2", cw(move |x| (a(x) as f64).exp2())),
        ("log2", cw(|x| ((x * 8.0 + 0.01) as f64).log2())),
        ("sqrt", cw(|x| ((x * 8.0) as f64).sqrt())),
        ("inversesqrt", cw(|x| 1.0 / ((x * 8.0 + 0.01) as f64).sqrt())),
        ("min", cw(|x| x.min(0.5) as f64)),
        ("max", cw(|x| x.max(0.5) as f64)),
        ("clamp", cw(|x| x.clamp(0.3, 0.6) as f64)),
        ("mix", cw(|x| x as f64 + ((x * 2.0 + 1.0) as f64 - x as f64) * 0.25)),
        ("step", cw(|x| if x < 0.5 { 0.0 } else { 1.0 })),
        ("smoothstep", cw(|x| smoothstep(0.2f32 as f64, 0.8f32 as f64, x as f64))),
        ("fma", cw(|x| x as f64 * x as f64 + x as f64)),
        ("normalize", Box::new(|xs: &[f32]| normalize(&xs.iter().map(|&x| (x + 0.1) as f64).collect::<Vec<_>>()))),
        (
            "faceforward",
            Box::new(|xs: &[f32]| {
                let n: Vec<f64> = xs.iter().map(|&x| x as f64).collect();
                let i: Vec<f64> = xs.iter().map(|&x| (x - 0.5) as f64).collect();
                let nref: Vec<f64> = xs.iter().map(|&x| (0.5 - x * x) as f64).collect();
                let s = if dot(&nref, &i) < 0.0 { 1.0 } else { -1.0 };
                n.iter().map(|v| s * v).collect()
            }),
        ),
        (
            "reflect",
            Box::new(|xs: &[f32]| {
                let i: Vec<f64> = xs.iter().map(|&x| x as f64).collect();
                let n = normalize(&xs.iter().map(|&x| (x + 0.1) as f64).collect::<Vec<_>>());
                let d = dot(&n, &i);
                i.iter().zip(&n).map(|(a, b)| a - 2.0 * d * b).collect()
            }),
        ),
        (
            "refract",
            Box::new(|xs: &[f32]| {
                let i: Vec<f64> = xs.iter().map(|&x| (x - 0.5) as f64).collect();
                let n = normalize(&xs.iter().map(|&x| (x + 0.1) as f64).collect::<Vec<_>>());
                let eta = 0.7f32 as f64;
                let d = dot(&n, &i);
                let k = 1.0 - eta * eta * (1.0 - d * d);
                if k < 0.0 {
                    vec![0.0; xs.len()]
                } else {
                    i.iter().zip(&n).map(|(a, b)| eta * a - (eta * d + k.sqrt()) * b).collect()
                }
            }),
        ),
        ("length", scalar(|v| dot(v, v).sqrt())),
        (
            "distance",
            scalar(|v| {
                let d: Vec<f64> = v.iter().map(|&x| x - (x as f32 * x as f32) as f64).collect();
                dot(&d, &d).sqrt()
            }),
        ),
    ]
}

/// The double functions of the shader's `D(...)` lines, in order (inputs are the float
/// inputs widened exactly).
fn double_refs() -> Vec<(&'static str, DoubleRef)> {
    fn c(f: impl Fn(f64) -> f64 + 'static) -> DoubleRef {
        Box::new(move |xs| xs.iter().map(|&x| f(x)).collect())
    }
    fn s(f: impl Fn(&[f64]) -> f64 + 'static) -> DoubleRef {
        Box::new(move |xs| {
            let mut out = vec![0.0; xs.len()];
            out[0] = f(xs);
            out
        })
    }
    let a = |x: f64| x * 8.0 - 4.0;
    vec![
        ("abs", c(|x| (x - 0.5).abs())),
        ("sign", c(|x| sign(x - 0.5))),
        ("floor", c(move |x| a(x).floor())),
        ("ceil", c(move |x| a(x).ceil())),
        ("trunc", c(move |x| a(x).trunc())),
        ("round", c(move |x| a(x).round())),
        ("roundEven", c(move |x| a(x).round_ties_even())),
        ("fract", c(move |x| a(x) - a(x).floor())),
        ("sqrt", c(|x| (x * 8.0).sqrt())),
        ("inversesqrt", c(|x| 1.0 / (x * 8.0 + 0.01).sqrt())),
        ("min", c(|x| x.min(0.5))),
        ("max", c(|x| x.max(0.5))),
        ("clamp", c(|x| x.clamp(0.3, 0.6))),
        ("mix", c(|x| x + ((x * 2.0 + 1.0) - x) * 0.25)),
        ("step", c(|x| if x < 0.5 { 0.0 } else { 1.0 })),
        ("smoothstep", c(|x| smoothstep(0.2, 0.8, x))),
        ("fma", c(|x| x.mul_add(x, x))),
        ("normalize", Box::new(|xs: &[f64]| normalize(&xs.iter().map(|x| x + 0.1).collect::<Vec<_>>()))),
        ("length", s(|v| dot(v, v).sqrt())),
        (
            "distance",
            s(|v| {
                let d: Vec<f64> = v.iter().map(|&x| x - x * x).collect();
                dot(&d, &d).sqrt()
            }),
        ),
        (
            "reflect",
            Box::new(|i: &[f64]| {
                let n = normalize(&i.iter().map(|x| x + 0.1).collect::<Vec<_>>());
                let d = dot(&n, i);
                i.iter().zip(&n).map(|(a, b)| a - 2.0 * d * b).collect()
            }),
        ),
    ]
}

/// The integer functions of the shader's `I(...)` and `U(...)` lines, in order.
fn int_refs() -> Vec<(&'static str, IntRef)> {
    fn find_msb(x: i32) -> i32 {
        let v = if x < 0 { !x } else { x };
        if v == 0 {
            -1
        } else {
            31 - v.leading_zeros() as i32
        }
    }
    vec![
        ("abs", |x| x.wrapping_abs()),
        ("sign", |x| x.signum()),
        ("min", |x| x.min(7)),
        ("max", |x| x.max(7)),
        ("clamp", |x| x.clamp(-5, 5)),
        ("findLSB", |x| if x == 0 { -1 } else { x.trailing_zeros() as i32 }),
        ("findMSB", find_msb),
        ("umin", |x| (x as u32).min(100) as i32),
        ("umax", |x| (x as u32).max(100) as i32),
        ("uclamp", |x| (x as u32).clamp(10, 1000) as i32),
        ("findUMSB", |x| if x == 0 { -1 } else { 31 - (x as u32).leading_zeros() as i32 }),
    ]
}

/// Column-major n×n matrix → inverse (Gauss–Jordan), column-major.
fn invert(m: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = m.len();
    // a[r][c] with an identity appended.
    let mut a: Vec<Vec<f64>> = (0..n)
        .map(|r| {
            (0..2 * n)
                .map(|c| {
                    if c < n {
                        m[c][r]
                    } else if c - n == r {
                        1.0
                    } else {
                        0.0
                    }
                })
                .collect()
        })
        .collect();
    for p in 0..n {
        let piv = (p..n).max_by(|&x, &y| a[x][p].abs().total_cmp(&a[y][p].abs())).unwrap();
        a.swap(p, piv);
        let d = a[p][p];
        a[p].iter_mut().for_each(|v| *v /= d);
        for r in 0..n {
            if r != p {
                let f = a[r][p];
                let row = a[p].clone();
                a[r].iter_mut().zip(&row).for_each(|(v, q)| *v -= f * q);
            }
        }
    }
    (0..n).map(|c| (0..n).map(|r| a[r][n + c]).collect()).collect()
}

fn det(m: &[Vec<f64>]) -> f64 {
    let n = m.len();
    if n == 1 {
        return m[0][0];
    }
    (0..n)
        .map(|c| {
            let minor: Vec<Vec<f64>> = (0..n).filter(|&k| k != c).map(|k| m[k][1..].to_vec()).collect::<Vec<_>>();
            let s = if c % 2 == 0 { 1.0 } else { -1.0 };
            s * m[c][0] * det(&minor)
        })
        .sum()
}

/// Columns from swizzles of `v` plus `2 I` (as the shader builds its matrices).
fn matrix(v: [f64; 4], cols: &[[usize; 4]], n: usize, scale_last: f64) -> Vec<Vec<f64>> {
    cols.iter()
        .enumerate()
        .map(|(c, sw)| {
            (0..n)
                .map(|r| {
                    let s = if c == n - 1 { scale_last } else { 1.0 };
                    v[sw[r]] * s + if r == c { 2.0 } else { 0.0 }
                })
                .collect()
        })
        .collect()
}

fn half_to_f32(h: u16) -> f32 {
    let s = if h & 0x8000 != 0 { -1.0f32 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f32;
    match e {
        0 => s * m * 2f32.powi(-24),
        31 if m == 0.0 => s * f32::INFINITY,
        31 => f32::NAN,
        _ => s * (1.0 + m / 1024.0) * 2f32.powi(e - 15),
    }
}

fn f32_to_half(x: f32) -> u16 {
    // Non-negative finite inputs below 65504 only (what the shader packs).
    let m = (x as f64 / 2f64.powi(-24)).round_ties_even();
    if m < 2048.0 {
        return m as u16; // subnormal (or the smallest normals, same encoding)
    }
    let e = (x as f64).log2().floor() as i32;
    let q = (x as f64 / 2f64.powi(e - 10)).round_ties_even() as u32;
    let (e, q) = if q == 2048 { (e + 1, 1024) } else { (e, q) };
    (((e + 15) as u32) << 10 | (q - 1024)) as u16
}

fn close(got: f64, want: f64, tol: f64) -> bool {
    (got.is_nan() && want.is_nan()) || got == want || (got - want).abs() <= tol * want.abs().max(1.0)
}

#[test]
fn every_glsl_std450_family() {
    let invocations = 16usize;
    let mut xin = inputs(invocations * 4, 7);
    // Edge values: exact zeros and halves where rounding matters.
    xin[0] = 0.0;
    xin[5] = 0.5;
    xin[10] = 0.5625; // 0.5625 * 8 - 4 = 0.5: a tie for round and roundEven
    let mut r = common::XorShift::from_state(12345);
    let mut iin: Vec<i32> = (0..invocations * 4)
        .map(|_| {
            let s = r.next_u32();
            s as i32 >> (s % 24)
        })
        .collect();
    iin[0] = 0;
    iin[1] = -1;
    iin[2] = i32::MIN;
    iin[3] = 50;
    iin[4] = 0x3c00_c000; // halves 1.0 and -2.0... in the other order
    for (part, lanes) in (1..=5).flat_map(|part| [(part, 1), (part, 4)]) {
        let p = common::vulkan::program(&format!("glsl_std450_p{part}"), lanes);
        let k = p.kernel("main").unwrap();
        let mut o = vec![0f32; invocations * 1024];
        let mut oi = vec![0i32; invocations * 256];
        let mut od = vec![0f64; invocations * 512];
        let xv: Vec<[f32; 4]> = xin.chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect();
        let iv: Vec<[i32; 4]> = iin.chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect();
        k.run(
            &NdRange::d1(invocations as u64),
            &mut [
                Arg::read_only(&xv),
                Arg::read_only(&iv),
                Arg::buffer(&mut o),
                Arg::buffer(&mut oi),
                Arg::buffer(&mut od),
            ],
        )
        .unwrap_or_else(|e| panic!("glsl_std450 part {part}, lanes {lanes}: {e}"));
        for inv in 0..invocations {
            let out = (&o[inv * 1024..], &oi[inv * 256..], &od[inv * 512..]);
            check_invocation(part, inv, lanes, xv[inv], iv[inv], out);
        }
    }
}

/// Checks the results of one invocation of part `part` of the shader (each part writes
/// its own results from the start of each output region).
fn check_invocation(part: u32, inv: usize, lanes: u32, v: [f32; 4], iv: [i32; 4], out: (&[f32], &[i32], &[f64])) {
    let (o, oi, od) = out;
    let at = |what: &str, idx: usize| format!("{what}, part {part}, invocation {inv}, lanes {lanes}, slot {idx}");
    let mut k = 0usize;
    let mut j = 0usize;
    let mut d = 0usize;
    let expect = |k: &mut usize, name: &str, want: &[f64], tol: f64| {
        for (c, w) in want.iter().enumerate() {
            let got = o[*k + c] as f64;
            assert!(close(got, *w, tol), "{}: got {got}, want {w} (input {v:?})", at(name, *k + c));
        }
        *k += want.len();
    };
    // The first 22 float functions are part 1, the others part 2.
    let refs = float_refs();
    let (first, rest) = refs.split_at(22);
    let mine = match part {
        1 => first,
        2 => rest,
        _ => &[],
    };
    for (name, f) in mine {
        for n in 1..=4 {
            let want = f(&v[..n]);
            expect(&mut k, &format!("{name} width {n}"), &want, 1e-5);
        }
    }
    let v64: Vec<f64> = v.iter().map(|&x| x as f64).collect();
    let cross =
        |a: [f64; 3], b: [f64; 3]| [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
    if part == 2 {
        let cr = cross([v64[0], v64[1], v64[2]], [v64[3], v64[2], v64[1]]);
        expect(&mut k, "cross", &cr, 1e-6);
        // modf, frexp, ldexp at each width.
        for n in 1..=4 {
            let a: Vec<f32> = v[..n].iter().map(|&x| x * 8.0 - 4.0).collect();
            let frac: Vec<f64> = a.iter().map(|x| (x - x.trunc()) as f64).collect();
            let whole: Vec<f64> = a.iter().map(|x| x.trunc() as f64).collect();
            expect(&mut k, &format!("modf fraction width {n}"), &frac, 0.0);
            expect(&mut k, &format!("modf whole width {n}"), &whole, 0.0);
        }
        for n in 1..=4 {
            let a: Vec<f32> = v[..n].iter().map(|&x| x * 8.0 - 4.0).collect();
            let mut mant = Vec::new();
            for (c, x) in a.iter().enumerate() {
                let e = if *x == 0.0 { 0 } else { (x.abs() as f64).log2().floor() as i32 + 1 };
                mant.push(*x as f64 / 2f64.powi(e));
                assert_eq!(oi[j + c], e, "{}", at(&format!("frexp exponent width {n} (of {x})"), j + c));
            }
            j += n;
            expect(&mut k, &format!("frexp mantissa width {n}"), &mant, 0.0);
        }
        for n in 1..=4 {
            let want: Vec<f64> = (0..n).map(|c| v64[c] * 2f64.powi(iv[c].rem_euclid(20))).collect();
            expect(&mut k, &format!("ldexp width {n}"), &want, 0.0);
        }
    }
    if part == 3 {
        // Matrices.
        let m2 = matrix([v64[0], v64[1], v64[2], v64[3]], &[[0, 1, 0, 0], [2, 3, 0, 0]], 2, 1.0);
        let m3 = matrix([v64[0], v64[1], v64[2], v64[3]], &[[0, 1, 2, 0], [1, 2, 3, 0], [2, 3, 0, 0]], 3, 1.0);
        let m4 =
            matrix([v64[0], v64[1], v64[2], v64[3]], &[[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]], 4, 0.5);
        expect(&mut k, "determinant", &[det(&m2), det(&m3), det(&m4)], 1e-5);
        for m in [&m2, &m3, &m4] {
            let inv_m: Vec<f64> = invert(m).concat();
            expect(&mut k, &format!("inverse {}x{}", m.len(), m.len()), &inv_m, 1e-4);
        }
        // Packing.
        let q = |x: f32, lo: f32, s: f32| (x.clamp(lo, 1.0) * s).round_ties_even() as i32;
        let pu4 = (0..4).fold(0u32, |a, c| a | ((q(v[c], 0.0, 255.0) as u32 & 0xff) << (8 * c)));
        let ps4 = (0..4).fold(0u32, |a, c| a | ((q(v[c] * 2.0 - 1.0, -1.0, 127.0) as u32 & 0xff) << (8 * c)));
        let pu2 = (q(v[0], 0.0, 65535.0) as u32 & 0xffff) | ((q(v[1], 0.0, 65535.0) as u32 & 0xffff) << 16);
        let ps2 = (q(v[2] * 2.0 - 1.0, -1.0, 32767.0) as u32 & 0xffff)
            | ((q(v[3] * 2.0 - 1.0, -1.0, 32767.0) as u32 & 0xffff) << 16);
        let ph = f32_to_half(v[0] * 100.0) as u32 | (f32_to_half(v[1] * 100.0) as u32) << 16;
        for (c, (name, want)) in [
            ("packUnorm4x8", pu4),
            ("packSnorm4x8", ps4),
            ("packUnorm2x16", pu2),
            ("packSnorm2x16", ps2),
            ("packHalf2x16", ph),
        ]
        .iter()
        .enumerate()
        {
            assert_eq!(oi[j + c] as u32, *want, "{}", at(name, j + c));
        }
        j += 5;
        let byte = |w: i32, c: usize| (w as u32 >> (8 * c)) as u8;
        let half = |w: i32, c: usize| (w as u32 >> (16 * c)) as u16;
        let uu4: Vec<f64> = (0..4).map(|c| byte(iv[0], c) as f64 / 255.0).collect();
        expect(&mut k, "unpackUnorm4x8", &uu4, 1e-6);
        let us4: Vec<f64> = (0..4).map(|c| (byte(iv[1], c) as i8 as f64 / 127.0).max(-1.0)).collect();
        expect(&mut k, "unpackSnorm4x8", &us4, 1e-6);
        let uu2: Vec<f64> = (0..2).map(|c| half(iv[2], c) as f64 / 65535.0).collect();
        expect(&mut k, "unpackUnorm2x16", &uu2, 1e-6);
        let us2: Vec<f64> = (0..2).map(|c| (half(iv[3], c) as i16 as f64 / 32767.0).max(-1.0)).collect();
        expect(&mut k, "unpackSnorm2x16", &us2, 1e-6);
        let uh: Vec<f64> = (0..2).map(|c| half_to_f32(half(iv[0], c)) as f64).collect();
        expect(&mut k, "unpackHalf2x16", &uh, 0.0);
        let pd = (iv[0] as u32 as u64) | ((iv[1] as u32 as u64) << 32);
        assert_eq!(od[d].to_bits(), pd, "{}", at("packDouble2x32", d));
        d += 1;
        let bits = v64[0].to_bits();
        assert_eq!(
            [oi[j], oi[j + 1]],
            [bits as u32 as i32, (bits >> 32) as u32 as i32],
            "{}",
            at("unpackDouble2x32", j)
        );
        j += 2;
    }
    if part == 4 {
        // Integer functions.
        for (name, f) in int_refs() {
            for n in 1..=4 {
                for c in 0..n {
                    let want = f(iv[c]);
                    assert_eq!(oi[j + c], want, "{} (input {})", at(&format!("{name} width {n}"), j + c), iv[c]);
                }
                j += n;
            }
        }
    }
    if part == 5 {
        // Doubles.
        for (name, f) in double_refs() {
            for n in 1..=4 {
                let want = f(&v64[..n]);
                for (c, w) in want.iter().enumerate() {
                    assert!(
                        close(od[d + c], *w, 1e-12),
                        "{}: got {}, want {w}",
                        at(&format!("double {name} width {n}"), d + c),
                        od[d + c]
                    );
                }
                d += n;
            }
        }
        for n in 1..=4 {
            for c in 0..n {
                let w = v64[c] * 2f64.powi(iv[c].rem_euclid(20));
                assert_eq!(od[d + c], w, "{}", at(&format!("double ldexp width {n}"), d + c));
            }
            d += n;
        }
        let dm = matrix([v64[0], v64[1], v64[2], v64[3]], &[[0, 1, 2, 0], [1, 2, 3, 0], [2, 3, 0, 0]], 3, 1.0);
        assert!(close(od[d], det(&dm), 1e-12), "{}", at("double determinant", d));
        d += 1;
        for (c, w) in invert(&dm).concat().iter().enumerate() {
            assert!(close(od[d + c], *w, 1e-10), "{}: got {}, want {w}", at("double inverse", d + c), od[d + c]);
        }
        d += 9;
        let dc = cross([v64[0], v64[1], v64[2]], [v64[3], v64[2], v64[1]]);
        for (c, w) in dc.iter().enumerate() {
            assert!(close(od[d + c], *w, 1e-14), "{}", at("double cross", d + c));
        }
    }
}

#[test]
fn array_length_from_the_bound_buffer() {
    for lanes in [1, 4] {
        let p = common::vulkan::program("array_length", lanes);
        let k = p.kernel("main").unwrap();
        // A 4-byte header then 9 floats: the run-time array has 9 elements.
        let mut b: Vec<f32> = (0..10).map(|i| i as f32).collect();
        let mut lengths = vec![0u32; 12];
        k.run(&NdRange::d1(12), &mut [Arg::buffer(&mut b), Arg::buffer(&mut lengths)])
            .unwrap_or_else(|e| panic!("array_length lanes {lanes}: {e}"));
        assert_eq!(lengths, vec![9; 12], "lanes {lanes}");
        let want: Vec<f32> = (0..10).map(|i| if i == 0 { 0.0 } else { i as f32 * 2.0 }).collect();
        assert_eq!(b, want, "lanes {lanes}");
    }
}

//! The rest of Vulkan compute (`tests/kernels/vulkan/asm/*.spvasm` and
//! `tests/kernels/vulkan/*.comp`, built by `tests/kernels/vulkan/build.sh`):
//! `OpQuantizeToF16`, `NonSemantic.DebugPrintf` and other non-semantic sets, row-major
//! and padded matrices in buffers, integer dot products, bit fields at 8/16/64 bits,
//! the remaining atomics, `Private` initializers, memory copies between storage classes
//! and descriptor arrays of buffers.
//!
//! Each kernel runs at W = 1 and 4; results must match a reference computed here.
//! Buffers are passed in (set, binding) order, push constants as one last argument.

use std::path::Path;

mod common;

use spirjit::{Arg, Bindings, NdRange, Options, ParamKind, Program, Specialization};

const WIDTHS: [u32; 2] = [1, 4];

/// `x` rounded to the nearest binary16 value (ties to even), results below the smallest
/// normal half flushed to zero of the same sign, overflow to infinity.
fn quantize_ref(x: f32) -> f32 {
    if x.is_nan() || x.is_infinite() {
        return x;
    }
    let a = x.abs() as f64;
    let sign = if x.is_sign_negative() { -1.0f32 } else { 1.0 };
    if a >= 65520.0 {
        return sign * f32::INFINITY;
    }
    if a == 0.0 {
        return sign * 0.0;
    }
    let e = (((a.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(-14);
    let step = 2f64.powi(e - 10);
    let q = (a / step).round_ties_even() * step;
    if q < 2f64.powi(-14) {
        return sign * 0.0;
    }
    sign * q as f32
}

#[test]
fn quantize_to_f16_scalars_and_vectors() {
    let mut xs: Vec<f32> = vec![
        0.0,
        -0.0,
        1.0,
        1.0 / 3.0,
        -2.5e-5,
        1e-5,
        6.1035156e-5,
        6.1e-5,
        2f32.powi(-14) - 2f32.powi(-26),
        65504.0,
        65519.0,
        65520.0,
        -1e10,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1.0009765,
        1.0 + 2f32.powi(-11),
        1.0 + 3.0 * 2f32.powi(-11),
        -123.456,
    ];
    let mut s = 0x1234_5678u32;
    while xs.len() < 64 {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        xs.push(f32::from_bits((s & 0x807f_ffff) | ((s % 60 + 97) << 23)));
    }
    let n = xs.len();
    let out = common::vulkan::at_every_width("asm/quantize", n as u64, &WIDTHS, |run| {
        let mut out = vec![0f32; 3 * n];
        run(&mut [Arg::read_only(&xs), Arg::buffer(&mut out)]);
        out.iter().map(|f| f.to_bits()).collect::<Vec<_>>()
    });
    for (i, &x) in xs.iter().enumerate() {
        let want = [quantize_ref(x), quantize_ref(x), quantize_ref(x * -0.5)];
        for (k, w) in want.iter().enumerate() {
            let got = f32::from_bits(out[3 * i + k]);
            let same = if w.is_nan() { got.is_nan() } else { got.to_bits() == w.to_bits() };
            assert!(same, "quantize x = {x:e} ({k}): got {got:e}, want {w:e}");
        }
    }
}

#[test]
fn debug_printf_prints_like_printf_and_other_non_semantic_sets_are_ignored() {
    let n = 12usize;
    let input: Vec<u32> = (0..n as u32).map(|i| i * 7 + 3).collect();
    let mut want = String::new();
    for (i, &x) in input.iter().enumerate() {
        if x % 2 == 1 {
            want += &format!("i={i} f={:.2} v={x},{i} 100%\n", x as f32 * 0.25);
        }
        want += "no arguments\n";
    }
    for lanes in WIDTHS {
        let p = common::vulkan::program("asm/debug_printf", lanes);
        let k = p.kernel("main").unwrap_or_else(|e| panic!("{e}"));
        let mut out = vec![0u32; n];
        let (_, text) = k
            .run_capturing(&NdRange::d1(n as u64), &mut [Arg::read_only(&input), Arg::buffer(&mut out)])
            .unwrap_or_else(|e| panic!("lanes {lanes}: {e}"));
        assert_eq!(text, want, "lanes {lanes}");
        assert_eq!(out, input.iter().map(|x| x * 2).collect::<Vec<_>>(), "lanes {lanes}");
    }
}

#[test]
fn row_major_and_padded_matrices_in_buffers() {
    let n = 8usize;
    // std140 U: row-major mat3 r at 0 (rows 16 bytes apart), mat2 m2 at 48 (columns 16
    // apart), row-major mat2x3 r23 at 80, mat3x2 m32 at 128 (columns 16 apart).
    let uf: Vec<f32> = (0..44).map(|k| k as f32 * 0.5 + 1.0).collect();
    // std430 B: row-major mat4 rm at 0, row-major mat3 rarr[2] at 64 (48 bytes each).
    let bf: Vec<f32> = (0..40).map(|k| (k as f32 - 7.0) * 0.25).collect();
    let u = |byte: usize| uf[byte / 4];
    let r = |c: usize, row: usize| u(row * 16 + c * 4);
    let m2 = |c: usize, row: usize| u(48 + c * 16 + row * 4);
    let r23 = |c: usize, row: usize| u(80 + row * 16 + c * 4);
    let m32 = |c: usize, row: usize| u(128 + c * 16 + row * 4);
    let rm = |c: usize, row: usize| bf[(row * 16 + c * 4) / 4];
    let rarr = |k: usize, c: usize, row: usize| bf[(64 + k * 48 + row * 16 + c * 4) / 4];
    // The uniform block spans its last matrix's padded columns: 128 + 2 * 16 + 8 bytes,
    // rounded to 16.
    let p = common::vulkan::program("matrix_layouts", 1);
    let k = p.kernel("main").unwrap_or_else(|e| panic!("{e}"));
    match &k.params()[0].kind {
        ParamKind::Pointer { pointee, .. } => assert_eq!(pointee.size(), 176, "the size of block U"),
        other => panic!("binding (0, 0) is a {other:?}"),
    }
    let (o, wm, pm) = common::vulkan::at_every_width("matrix_layouts", n as u64, &WIDTHS, |run| {
        let mut o = vec![0f32; 24 * n];
        let mut wm = vec![0f32; 16 * n];
        let mut pm = vec![0f32; 8 * n];
        run(&mut [
            Arg::read_only(&uf),
            Arg::read_only(&bf),
            Arg::buffer(&mut o),
            Arg::buffer(&mut wm),
            Arg::buffer(&mut pm),
        ]);
        (o, wm, pm)
    });
    for i in 0..n {
        let fi = i as f32;
        let rv = |row: usize| r(0, row) + 2.0 * r(1, row) + 3.0 * r(2, row);
        let m32v = |row: usize| m32(0, row) - m32(1, row) + 2.0 * m32(2, row);
        let want = [
            [r(i % 3, 0), r(i % 3, 1), r(i % 3, 2), 0.0],
            [m2(0, 0), m2(0, 1), m2(1, 0), m2(1, 1)],
            [rv(0), rv(1), rv(2), r(1, i % 3)],
            [r23(1, 0), r23(1, 1), r23(1, 2), m32(2, i & 1)],
            [m32v(0), m32v(1), m2(i & 1, 1), rm(2, 1)],
            [rarr(i & 1, 2, 0), rarr(i & 1, 2, 1), rm(i & 3, 3), rm(0, 2) + rm(3, 2)],
        ];
        for (k, w) in want.iter().enumerate() {
            assert_eq!(&o[24 * i + 4 * k..24 * i + 4 * k + 4], w, "o[{}] (invocation {i})", 6 * i + k);
        }
        // w.m[i]: row-major, element (c, row) at float 4 row + c.
        let mut cols =
            [[fi, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, fi + 15.0]];
        cols[1] = [-1.0, -2.0, -3.0, -fi];
        cols[2][3] = 100.0 + fi;
        let want_w: Vec<f32> = (0..16).map(|k| cols[k % 4][k / 4]).collect();
        assert_eq!(&wm[16 * i..16 * i + 16], &want_w[..], "w.m[{i}]");
        // p.p[i]: std140 mat2, columns 16 bytes apart; the padding stays zero.
        assert_eq!(&pm[8 * i..8 * i + 8], &[fi, fi + 1.0, 0.0, 0.0, -fi, fi + 3.0, 0.0, 0.0], "p.p[{i}]");
    }
}

#[test]
fn select_between_pointers_into_matrices_laid_out_differently() {
    matrix_choice("asm/matrix_select");
}

#[test]
fn phi_between_pointers_into_matrices_laid_out_differently() {
    let o = matrix_choice("asm/matrix_phi");
    // The loop: r = cm, c = column 1 of cm on the first trip; r = pad, c = column 1 of
    // rm on the second (odd invocations only).
    let inp = matrix_input();
    for i in 0..4 {
        let mut want = inp[matrix_at(0, 2, 1)] + inp[matrix_at(0, 1, 1)];
        if i & 1 == 1 {
            want = want + inp[matrix_at(2, 2, 1)] + inp[matrix_at(1, 1, 1)];
        }
        assert_eq!(o[16 * i + 10], want, "the loop's sum (invocation {i})");
    }
}

/// The input of `matrix_select.spvasm` / `matrix_phi.spvasm`: struct S with three
/// mat3x2, cm natural (columns 8 bytes apart) at 0, rm row-major (rows 16 apart) at 32,
/// pad column-major with columns 16 apart at 64; 112 bytes.
fn matrix_input() -> Vec<f32> {
    (0..28).map(|k| k as f32 + 1.0).collect()
}

/// Float index in S of component (column c, row r) of the matrix of layout 0 (natural),
/// 1 (row-major) or 2 (padded columns).
fn matrix_at(layout: usize, c: usize, r: usize) -> usize {
    match layout {
        0 => c * 2 + r,
        1 => 8 + r * 4 + c,
        _ => 16 + c * 4 + r,
    }
}

/// Runs `name` (invocation i chooses a pointer into the natural, row-major or padded
/// matrix of S by i & 2, i & 1, reads through it into o[16 i ..] and writes through the
/// same choice into w[i]) at every width, checks what both modules share, and returns o.
fn matrix_choice(name: &str) -> Vec<f32> {
    let n = 4usize;
    let inp = matrix_input();
    let at = matrix_at;
    let (o, w) = common::vulkan::at_every_width(name, n as u64, &WIDTHS, |run| {
        let mut o = vec![0f32; 16 * n];
        let mut w = vec![0f32; 28 * n];
        run(&mut [Arg::read_only(&inp), Arg::buffer(&mut o), Arg::buffer(&mut w)]);
        (o, w)
    });
    for i in 0..n {
        let l = if i & 2 != 0 { 2 } else { i & 1 };
        let v = |c: usize, r: usize| inp[at(l, c, r)];
        let want = [v(0, 0), v(0, 1), v(1, 0), v(1, 1), v(2, 0), v(2, 1), v(1, 0), v(1, 1), v(2, i & 1), v(0, 1)];
        assert_eq!(&o[16 * i..16 * i + 10], &want, "reads of invocation {i} (layout {l})");
        let mut want_w = [0f32; 28];
        for c in 0..3 {
            for r in 0..2 {
                want_w[at(l, c, r)] = inp[at(0, c, r)];
            }
        }
        want_w[at(l, 0, 0)] = 200.0 + i as f32;
        want_w[at(l, 0, 1)] = 300.0 + i as f32;
        want_w[at(l, 2, 1)] = 100.0 + i as f32;
        assert_eq!(&w[28 * i..28 * i + 28], &want_w, "stores of invocation {i} (layout {l})");
    }
    o
}

/// A small deterministic generator of test words.
fn words(seed: u32, n: usize) -> Vec<u32> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            s
        })
        .collect()
}

#[test]
fn integer_dot_products() {
    let n = 16usize;
    let mut input = words(77, 2 * n);
    input[0] = 0x8080_8080;
    input[1] = 0x8080_8080;
    input[2] = 0xffff_ffff;
    input[3] = 0xffff_ffff;
    let mut accs = words(99, n);
    accs[0] = i32::MAX as u32 - 5;
    accs[1] = u32::MAX - 3;
    accs[2] = i32::MIN as u32 + 2;
    accs[3] = 0;
    let out = common::vulkan::at_every_width("asm/int_dot", n as u64, &WIDTHS, |run| {
        let mut out = vec![0u32; 9 * n];
        run(&mut [Arg::read_only(&input), Arg::read_only(&accs), Arg::buffer(&mut out)]);
        out
    });
    for i in 0..n {
        let (a, b, acc) = (input[2 * i].to_le_bytes(), input[2 * i + 1].to_le_bytes(), accs[i]);
        let sdot: i32 = (0..4).map(|k| a[k] as i8 as i32 * b[k] as i8 as i32).sum();
        let udot: u32 = (0..4).map(|k| a[k] as u32 * b[k] as u32).sum();
        let sudot: i32 = (0..4).map(|k| a[k] as i8 as i32 * b[k] as i32).sum();
        let want = [
            sdot as u32,
            udot,
            sudot as u32,
            sdot as u32,
            udot,
            sudot as u32,
            sdot.saturating_add(acc as i32) as u32,
            udot.saturating_add(acc),
            sudot.saturating_add(acc as i32) as u32,
        ];
        assert_eq!(&out[9 * i..9 * i + 9], &want, "invocation {i}: a = {:?}, b = {:?}, acc = {acc:#x}", a, b);
    }
}

#[test]
fn bit_fields_at_8_16_and_64_bits() {
    let n = 16usize;
    let w = words(5, 4 * n);
    let input: Vec<u64> = (0..2 * n).map(|k| (w[2 * k] as u64) << 32 | w[2 * k + 1] as u64).collect();
    let widths = [8u32, 16, 64];
    let mut oc = Vec::new();
    for i in 0..n as u32 {
        for bits in widths {
            let off = (i * 5 + bits) % bits;
            let count = match i % 4 {
                0 => 0,
                1 => bits - off,
                _ => (i * 7 + 1) % (bits - off + 1),
            };
            oc.extend([off, count]);
        }
    }
    let out = common::vulkan::at_every_width("asm/bits_widths", n as u64, &WIDTHS, |run| {
        let mut out = vec![0u64; 15 * n];
        run(&mut [Arg::read_only(&input), Arg::read_only(&oc), Arg::buffer(&mut out)]);
        out
    });
    for i in 0..n {
        for (wi, &bits) in widths.iter().enumerate() {
            let keep = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
            let (x, y) = (input[2 * i] & keep, input[2 * i + 1] & keep);
            let (off, count) = (oc[6 * i + 2 * wi], oc[6 * i + 2 * wi + 1]);
            let field = if count == 64 { u64::MAX } else { ((1u64 << count) - 1) << off };
            let ins = (x & !field) | ((y << off) & field);
            let ue = (x & field) >> off;
            let se = if count == 0 {
                0
            } else {
                let sh = 64 - count;
                ((((x >> off) << sh) as i64) >> sh) as u64 & keep
            };
            let rev = x.reverse_bits() >> (64 - bits);
            let cnt = x.count_ones() as u64;
            let want = [ins & keep, ue, se, rev, cnt];
            let at = 15 * i + 5 * wi;
            assert_eq!(&out[at..at + 5], &want, "{bits} bits, invocation {i}: x = {x:#x}, off {off}, count {count}");
        }
    }
}

#[test]
fn atomic_increments_private_initializers_and_copies_between_storage_classes() {
    let n = 16usize;
    let input: Vec<u32> = words(3, n).iter().map(|w| w % 1000).collect();
    let vin: Vec<u32> = words(4, 4 * (n / 4));
    let (ctr, olds, out, vout, out2) = common::vulkan::at_every_width("asm/memory_misc", n as u64, &WIDTHS, |run| {
        let mut ctr = vec![100u32, 50, 1000];
        let mut olds = vec![0u32; n];
        let mut out = vec![0u32; 2 * n];
        let mut vout = vec![0u32; 4 * (n / 4)];
        let mut out2 = vec![0u32; n];
        run(&mut [
            Arg::buffer(&mut ctr),
            Arg::buffer(&mut olds),
            Arg::read_only(&input),
            Arg::buffer(&mut out),
            Arg::read_only(&vin),
            Arg::buffer(&mut vout),
            Arg::buffer(&mut out2),
        ]);
        // Which invocation gets which old value depends on the order work-groups run
        // in (they run in parallel): compare the set of values.
        olds.sort_unstable();
        (ctr, olds, out, vout, out2)
    });
    let sum: u32 = (1..=n as u32).sum();
    assert_eq!(ctr, vec![100 + n as u32, 50 - n as u32, 1000 - sum]);
    assert_eq!(olds, (100..100 + n as u32).collect::<Vec<_>>(), "old values of atomicIIncrement");
    let init = [10u32, 20, 30, 40];
    for i in 0..n {
        assert_eq!(&out[2 * i..2 * i + 2], &[init[(i + 1) % 4], init[i % 4] + i as u32], "private, invocation {i}");
        assert_eq!(out2[i], vin[i] + 1, "Workgroup copy of vin, invocation {i}");
    }
    assert_eq!(vout, input.iter().map(|x| x * 3).collect::<Vec<_>>(), "StorageBuffer copy of sh");
}

#[test]
fn descriptor_arrays_of_buffers() {
    let n = 16usize;
    let k = 2u32;
    let init: Vec<Vec<f32>> =
        (0..4).map(|b| (0..n + 3 * b).map(|x| (x as f32 + 1.0) * (b as f32 + 1.5)).collect()).collect();
    let us = [[2.0f32, 3.0, 0.0, 0.0], [-1.0, 0.5, 0.0, 0.0]];
    for lanes in WIDTHS {
        let p = common::vulkan::program("buffer_arrays", lanes);
        let pipe = p.pipeline("main", &Specialization::new()).unwrap_or_else(|e| panic!("{e}"));
        let b = pipe.bindings();
        let counts: Vec<(u32, u32, u32)> = b.iter().map(|b| (b.set, b.binding, b.count)).collect();
        assert_eq!(counts, vec![(0, 0, 4), (0, 1, 2), (1, 0, 1)], "the interface");
        let mut bufs = init.clone();
        let mut o = vec![0f32; 4 * n];
        {
            let [b0, b1, b2, b3] = &mut bufs[..] else { panic!("four buffers") };
            let bindings = Bindings::new()
                .bind_array(0, 0, vec![Arg::buffer(b0), Arg::buffer(b1), Arg::buffer(b2), Arg::buffer(b3)])
                .bind_array(0, 1, vec![Arg::read_only(&us[0]), Arg::read_only(&us[1])])
                .bind(1, 0, Arg::buffer(&mut o))
                .push_constants(&k.to_le_bytes());
            pipe.dispatch([n as u32 / 4, 1, 1], bindings).unwrap_or_else(|e| panic!("lanes {lanes}: {e}"));
        }
        for i in 0..n {
            let want = [
                init[0][i] + init[3][i],
                init[k as usize][i] * us[1][1],
                init[i % 4][i] + us[i & 1][0],
                (n + 3 * ((i + 1) % 4)) as f32,
            ];
            assert_eq!(&o[4 * i..4 * i + 4], &want, "lanes {lanes}, invocation {i}");
        }
        let mut want = init.clone();
        for i in 0..n {
            want[(i + k as usize) % 4][i] += 1.0;
        }
        assert_eq!(bufs, want, "lanes {lanes}: buffers written through the array");
    }
}

/// `buffer_arrays_runtime`: bind `count` buffers (buffer b holds `n + 3 b` floats) to the
/// run-time sized array with push constants (count, k, bad); the buffers after the
/// dispatch, the output, and the result.
fn run_runtime_array(
    lanes: u32,
    robust: bool,
    count: usize,
    k: u32,
    bad: u32,
) -> (Vec<Vec<f32>>, Vec<f32>, spirjit::Result<spirjit::RunInfo>) {
    let n = 16usize;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/vulkan/buffer_arrays_runtime.spv");
    let options = Options { lanes, checked: true, robust_buffer_access: robust };
    let p = Program::from_path_with_options(path, &options).unwrap_or_else(|e| panic!("{e}"));
    let pipe = p.pipeline("main", &Specialization::new()).unwrap_or_else(|e| panic!("{e}"));
    let mut bufs: Vec<Vec<f32>> =
        (0..count).map(|b| (0..n + 3 * b).map(|x| (x as f32 + 1.0) * (b as f32 + 1.5)).collect()).collect();
    let mut o = vec![0f32; 4 * n + 1];
    let push: Vec<u8> = [count as u32, k, bad].iter().flat_map(|w| w.to_le_bytes()).collect();
    let r = {
        let args: Vec<Arg<'_>> = bufs.iter_mut().map(|b| Arg::buffer(b)).collect();
        let bindings = Bindings::new().bind_array(0, 0, args).bind(1, 0, Arg::buffer(&mut o)).push_constants(&push);
        pipe.dispatch([n as u32 / 4, 1, 1], bindings)
    };
    (bufs, o, r)
}

#[test]
fn run_time_sized_descriptor_arrays_of_buffers() {
    let n = 16usize;
    let init = |b: usize, x: usize| (x as f32 + 1.0) * (b as f32 + 1.5);
    for lanes in WIDTHS {
        // The interface: the array takes as many descriptors as a dispatch binds.
        let p = common::vulkan::program("buffer_arrays_runtime", lanes);
        let pipe = p.pipeline("main", &Specialization::new()).unwrap_or_else(|e| panic!("{e}"));
        let b: Vec<(u32, u32, u32, bool)> =
            pipe.bindings().iter().map(|b| (b.set, b.binding, b.count, b.runtime_sized)).collect();
        assert_eq!(b, vec![(0, 0, 0, true), (1, 0, 1, false)], "the interface");
        for (count, k) in [(1usize, 0u32), (3, 2), (5, 4), (3, 1)] {
            let (bufs, o, r) = run_runtime_array(lanes, false, count, k, 0);
            r.unwrap_or_else(|e| panic!("lanes {lanes}, {count} buffers: {e}"));
            for i in 0..n {
                let want = [
                    init(k as usize, i) + init(0, i),
                    init(i % count, i),
                    (n + 3 * ((i + 1) % count)) as f32,
                    (n + 3 * (count - 1)) as f32,
                ];
                assert_eq!(&o[4 * i..4 * i + 4], &want, "lanes {lanes}, {count} buffers, invocation {i}");
            }
            for (b, buf) in bufs.iter().enumerate() {
                for (x, v) in buf.iter().enumerate() {
                    let bumped = x < n && (x + k as usize) % count == b;
                    assert_eq!(*v, init(b, x) + if bumped { 1.0 } else { 0.0 }, "lanes {lanes}, buffer {b}[{x}]");
                }
            }
        }
        // An index past the buffers bound fails the dispatch (never a wild access) ...
        let (_, _, r) = run_runtime_array(lanes, false, 3, 1, 3);
        let e = r.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("out of bounds") || e.contains("out-of-bounds"), "lanes {lanes}: {e}");
        // ... and reads zero under robust buffer access.
        let (_, o, r) = run_runtime_array(lanes, true, 3, 1, 7);
        r.unwrap_or_else(|e| panic!("lanes {lanes}, robust: {e}"));
        assert_eq!(o[4 * n], 0.0, "lanes {lanes}: a robust read past the array");
        // One past the array and in range agree with the bound count.
        let (_, o, r) = run_runtime_array(lanes, false, 3, 1, 2);
        r.unwrap_or_else(|e| panic!("lanes {lanes}: {e}"));
        assert_eq!(o[4 * n], init(2, 0), "lanes {lanes}: bufs[bad] in range");
    }
}

#[test]
fn run_time_sized_arrays_bind_any_count_and_compile_once_per_count() {
    let p = common::vulkan::program("buffer_arrays_runtime", 4);
    let pipe = p.pipeline("main", &Specialization::new()).unwrap_or_else(|e| panic!("{e}"));
    // No buffers: the shader indexes the array, so the access fails; binding it empty is allowed.
    let mut o = vec![0f32; 4];
    let push: Vec<u8> = [1u32, 0, 0].iter().flat_map(|w| w.to_le_bytes()).collect();
    let e = pipe
        .dispatch(
            [1, 1, 1],
            Bindings::new().bind_array(0, 0, vec![]).bind(1, 0, Arg::buffer(&mut o)).push_constants(&push),
        )
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("out of bounds") || e.contains("out-of-bounds"), "{e}");
    // Left unbound: an error naming the binding.
    let mut o = vec![0f32; 4];
    let e = pipe
        .dispatch([1, 1, 1], Bindings::new().bind(1, 0, Arg::buffer(&mut o)).push_constants(&push))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("(set 0, binding 0) is not bound"), "{e}");
    // The same count again reuses the translation made for it.
    let counts = [((0u32, 0u32), 2u32)].into_iter().collect();
    let a = p.with_descriptor_counts(&counts).unwrap_or_else(|e| panic!("{e}"));
    let b = p.with_descriptor_counts(&counts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a.kernel("main").map(|k| k.params().len()).ok(), Some(4), "two buffers, the output, the push constants");
    a.compile_all().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.compiled_kernel_count(), 1, "the second request shares the first one's code");
}

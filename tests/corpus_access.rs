//! Corpus tests: memory access patterns and the rest, and the check that every corpus
//! kernel has a test. How every kernel is run and checked (each build, each width,
//! compared with a Rust reference and with the scalar path) is `common::corpus`.

mod common;

use common::corpus::*;

// ---------------------------------------------------------------------------------------
// Memory access patterns and the rest.
// ---------------------------------------------------------------------------------------

#[test]
fn gather_scatter() {
    let mut rng = Rng::new(48);
    let (n, m) = (500usize, 700usize);
    let src = rng.vec_f32(m, -100.0, 100.0);
    let idx: Vec<u32> = (0..n).map(|_| rng.below(m as u32)).collect();
    let mut perm: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        perm.swap(i, rng.below(i as u32 + 1) as usize);
    }
    let want_g: Vec<f32> = idx.iter().map(|&i| src[i as usize]).collect();
    let mut want_s = vec![0.0f32; n];
    for i in 0..n {
        want_s[perm[i] as usize] = want_g[i] * 2.0 + i as f32;
    }
    for v in variants("gather_scatter") {
        let mut gathered = vec![f32::NAN; n];
        let mut scattered = vec![f32::NAN; n];
        let args = &mut [
            Arg::read_only(&src),
            Arg::read_only(&idx),
            Arg::read_only(&perm),
            Arg::buffer(&mut gathered),
            Arg::buffer(&mut scattered),
        ];
        v.run("gather_scatter", NdRange::d1(n as u64).local(&[50]), args);
        check_f32_exact(&v.label, "gathered", &gathered, &want_g);
        check_f32_exact(&v.label, "scattered", &scattered, &want_s);
    }
}

#[test]
fn grid_stride() {
    let mut rng = Rng::new(52);
    let (n, global) = (1000usize, 96usize);
    let input = rng.vec_f32(n, -10.0, 10.0);
    let want_out: Vec<f32> = input.iter().map(|x| x * 2.0 + 1.0).collect();
    // Each work-item sums its elements in loop order (float addition is not associative).
    let want_sums: Vec<f32> = (0..global).map(|g| (g..n).step_by(global).fold(0.0f32, |a, i| a + input[i])).collect();
    let (rows, cols) = (7usize, 50usize);
    let grid = rng.vec_i32(rows * cols, -100, 100);
    let want_walk: Vec<i32> =
        (0..cols).map(|c| (0..rows).fold(0i32, |a, r| a.wrapping_mul(3).wrapping_add(grid[r * cols + c]))).collect();
    let steps = rng.vec_i32(n, 0, 1000);
    let want_steps: Vec<i32> = (0..global)
        .map(|g| {
            let (mut i, mut acc) = (g, 0i32);
            while i < n {
                acc = acc.wrapping_add(steps[i]);
                i += if steps[i] & 1 != 0 { 3 } else { 2 };
            }
            acc
        })
        .collect();
    for v in variants("grid_stride") {
        let mut out = vec![f32::NAN; n];
        let mut sums = vec![f32::NAN; global];
        let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut sums), Arg::value(n as i32)];
        v.run("grid_stride", NdRange::d1(global as u64).local(&[32]), args);
        check_f32_exact(&v.label, "grid_stride out", &out, &want_out);
        check_f32_exact(&v.label, "grid_stride sums", &sums, &want_sums);

        let mut walk = vec![0i32; cols];
        let args =
            &mut [Arg::read_only(&grid), Arg::buffer(&mut walk), Arg::value(rows as i32), Arg::value(cols as i32)];
        v.run("pointer_walk", NdRange::d1(cols as u64).local(&[25]), args);
        check_eq(&v.label, "pointer_walk", &walk, &want_walk);

        let mut got = vec![0i32; global];
        let args = &mut [Arg::read_only(&steps), Arg::buffer(&mut got), Arg::value(n as i32)];
        v.run("uneven_steps", NdRange::d1(global as u64).local(&[32]), args);
        check_eq(&v.label, "uneven_steps", &got, &want_steps);
    }
}

#[test]
fn float_special() {
    let specials = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        1.0,
        -1.0,
        1e-40,
        -1e-40,
        f32::MAX,
        f32::MIN_POSITIVE,
        3.5,
    ];
    let a: Vec<f32> = specials.iter().flat_map(|x| specials.iter().map(move |_| *x)).collect();
    let b: Vec<f32> = specials.iter().flat_map(|_| specials.iter().copied()).collect();
    let n = a.len();
    let mut want_flags = Vec::new();
    let mut want = Vec::new();
    for i in 0..n {
        let (x, y) = (a[i], b[i]);
        let bits = [
            x < y,
            x <= y,
            x > y,
            x >= y,
            x == y,
            x != y,
            x.is_nan(),
            x.is_infinite(),
            x.is_finite(),
            x.is_sign_negative(),
            !x.is_nan() && !y.is_nan(),
            x.is_nan() || y.is_nan(),
            x.partial_cmp(&y) != Some(std::cmp::Ordering::Less),
            x.is_normal(),
        ];
        want_flags.push(bits.iter().enumerate().fold(0i32, |m, (k, b)| m | ((*b as i32) << k)));
        want.extend_from_slice(&[x * y, x / y, x.min(y), x.max(y), x - x, x + 0.0]);
    }
    for v in variants("float_special") {
        let mut flags = vec![0i32; n];
        let mut out = vec![0.0f32; n * 6];
        let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut flags), Arg::buffer(&mut out)];
        v.run("float_special", NdRange::d1(n as u64).local(&[12]), args);
        check_by(&v.label, "flags (bit k as in float_special.cl)", &flags, &want_flags, |_, g, w| g == w);
        for (k, name) in ["x * y", "x / y", "fmin", "fmax", "x - x", "x + 0"].iter().enumerate() {
            let g: Vec<f32> = (0..n).map(|i| out[i * 6 + k]).collect();
            let w: Vec<f32> = (0..n).map(|i| want[i * 6 + k]).collect();
            // fmin/fmax of +0 and -0 may return either zero
            let zero_sign_free = k == 2 || k == 3;
            check_by(&v.label, name, &g, &w, |_, g, w| same_f32(g, w) || (zero_sign_free && g == 0.0 && w == 0.0));
        }
    }
}

#[test]
fn local_vectors() {
    let groups = 3usize;
    for v in variants("local_vectors") {
        let mut rng = Rng::new(49); // The same inputs for every variant.
        for local in [32usize, 8] {
            let n = groups * local;
            let a: Vec<i32> = (0..n * 4).map(|_| rng.i32()).collect();
            let b = rng.vec_f32(n * 2, -10.0, 10.0);
            let mut out = vec![0i32; n * 4];
            let mut fout = vec![f32::NAN; n * 2];
            let args = &mut [
                Arg::read_only(&a),
                Arg::read_only(&b),
                Arg::buffer(&mut out),
                Arg::buffer(&mut fout),
                Arg::local(local * 8),
            ];
            v.run("local_vectors", NdRange::d1(n as u64).local(&[local as u64]), args);
            let mut want = vec![0i32; n * 4];
            let mut fwant = vec![0.0f32; n * 2];
            for g in 0..groups {
                for l in 0..local {
                    let i = g * local + l;
                    let nb = g * local + (l + 1) % local;
                    for k in 0..4 {
                        want[i * 4 + k] = a[nb * 4 + 3 - k].wrapping_add(a[i * 4 + k]);
                    }
                    let r = g * local + local - 1 - l;
                    fwant[i * 2] = b[r * 2] * 2.0;
                    fwant[i * 2 + 1] = -b[r * 2 + 1];
                }
            }
            let ctx = format!("{} local {local}", v.label);
            check_eq(&ctx, "int4 through local memory", &out, &want);
            check_f32_exact(&ctx, "float2 through a local argument", &fout, &fwant);
        }
    }
}

#[test]
fn struct_copy() {
    // Rec: a [i32; 5] @0, f f32 @20, c i8 @24, 3 bytes of padding: 28 bytes.
    let mut rng = Rng::new(50);
    let n = 40usize;
    let mut input = vec![0u8; n * 28];
    for b in input.iter_mut() {
        *b = rng.u32() as u8;
    }
    for r in input.chunks_mut(28) {
        r[20..24].copy_from_slice(&rng.f32(-1.0, 1.0).to_le_bytes()); // no NaN patterns
    }
    let word = |r: &[u8], k: usize| i32::from_le_bytes(r[4 * k..4 * k + 4].try_into().unwrap());
    for v in variants("struct_copy") {
        let mut out = vec![0u8; n * 28];
        let mut sums = vec![0i32; n];
        v.run(
            "struct_copy",
            NdRange::d1(n as u64).local(&[8]),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut sums)],
        );
        let rec = |i: usize| &input[i * 28..(i + 1) * 28];
        for i in 0..n {
            let pick = if word(rec(i), 0) & 1 != 0 { 2 } else { 1 };
            let src = rec((i + pick) % n);
            let got = &out[i * 28..(i + 1) * 28];
            let ctx = format!("{} record {i}", v.label);
            check_eq(&ctx, "a[5] and f", &got[0..24], &src[0..24]);
            check_eq(&ctx, "c + 1", &[got[24]], &[src[24].wrapping_add(1)]);
            let s = (0..3)
                .flat_map(|k| (0..5).map(move |j| (k, j)))
                .fold(0i32, |s, (k, j)| s.wrapping_add(word(rec((i + k) % n), j)));
            check_eq(&ctx, "sum", &[sums[i]], &[s]);
        }
    }
}

#[test]
fn box3d() {
    let mut rng = Rng::new(51);
    let (x, y, z) = (7usize, 6usize, 5usize);
    let input = rng.vec_i32(x * y * z, -1000, 1000);
    let at = |i: usize, j: usize, k: usize| input[(k * y + j) * x + i];
    let mut want = vec![0i32; x * y * z];
    for k in 0..z {
        for j in 0..y {
            for i in 0..x {
                want[(k * y + j) * x + i] = 6 * at(i, j, k)
                    + at(i.saturating_sub(1), j, k)
                    + at((i + 1).min(x - 1), j, k)
                    + at(i, j.saturating_sub(1), k)
                    + at(i, (j + 1).min(y - 1), k)
                    + at(i, j, k.saturating_sub(1))
                    + at(i, j, (k + 1).min(z - 1));
            }
        }
    }
    for v in variants("box3d") {
        for (local, offset) in [([4u64, 3, 2], [3u64, 1, 2]), ([3, 2, 4], [0, 0, 0]), ([8, 1, 1], [100, 0, 7])] {
            let mut out = vec![i32::MIN; x * y * z];
            let args = &mut [
                Arg::read_only(&input),
                Arg::buffer(&mut out),
                Arg::value(x as i32),
                Arg::value(y as i32),
                Arg::value(z as i32),
            ];
            v.run("box3d", NdRange::d3(8, 6, 6).local(&local).offset(&offset), args);
            check_eq(&format!("{} local {local:?} offset {offset:?}", v.label), "out", &out, &want);
        }
    }
}

#[test]
fn compact() {
    let mut rng = Rng::new(52);
    let n = 1000usize;
    let input = rng.vec_i32(n, -1000, 1000);
    let threshold = 100i32;
    let want: Vec<(i32, i32)> =
        input.iter().enumerate().filter(|(_, v)| **v > threshold).map(|(i, v)| (i as i32, *v)).collect();
    for v in variants("compact") {
        let mut out = vec![-1i32; n * 2];
        let mut count = vec![0u32; 1];
        let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut count), Arg::value(threshold)];
        v.run("compact", NdRange::d1(n as u64).local(&[64]), args);
        assert_eq!(count[0] as usize, want.len(), "{}: number of selected items", v.label);
        let mut got: Vec<(i32, i32)> = (0..want.len()).map(|s| (out[2 * s], out[2 * s + 1])).collect();
        got.sort();
        check_eq(&v.label, "selected (index, value) pairs, sorted", &got, &want);
        check_eq(&v.label, "untouched tail", &out[want.len() * 2..], &vec![-1; (n - want.len()) * 2]);
    }
}

#[test]
fn spmv_csr() {
    let mut rng = Rng::new(53);
    let (rows, cols) = (100usize, 80usize);
    let mut row_ptr = vec![0i32];
    let mut col_idx = Vec::new();
    let mut vals = Vec::new();
    for r in 0..rows {
        let len = if r % 10 == 0 { 0 } else { rng.below(16) };
        for _ in 0..len {
            col_idx.push(rng.below(cols as u32) as i32);
            vals.push(rng.f32(-2.0, 2.0));
        }
        row_ptr.push(col_idx.len() as i32);
    }
    let x = rng.vec_f32(cols, -3.0, 3.0);
    let mut want = vec![0.0f32; rows];
    let mut tol = vec![0.0f32; rows];
    for r in 0..rows {
        let (mut acc, mut mag) = (0.0f64, 0.0f64);
        for k in row_ptr[r] as usize..row_ptr[r + 1] as usize {
            let p = vals[k] as f64 * x[col_idx[k] as usize] as f64;
            acc += p;
            mag += p.abs();
        }
        want[r] = acc as f32;
        tol[r] = (mag * 16.0 * f32::EPSILON as f64) as f32;
    }
    for v in variants("spmv_csr") {
        let mut y = vec![f32::NAN; rows];
        let args = &mut [
            Arg::read_only(&row_ptr),
            Arg::read_only(&col_idx),
            Arg::read_only(&vals),
            Arg::read_only(&x),
            Arg::buffer(&mut y),
            Arg::value(rows as i32),
        ];
        v.run("spmv_csr", NdRange::d1(128).local(&[32]), args);
        check_f32_tol(&v.label, "y", &y, &want, |r| tol[r]);
    }
}

#[test]
fn rgba_gray() {
    let mut rng = Rng::new(54);
    let (w, h) = (19usize, 11usize);
    let img: Vec<u8> = (0..w * h * 4).map(|_| rng.u32() as u8).collect();
    for v in variants("rgba_gray") {
        for add in [40i32, -30] {
            let mut gray = vec![0u8; w * h];
            let mut swz = vec![0u8; w * h * 4];
            let args = &mut [
                Arg::read_only(&img),
                Arg::buffer(&mut gray),
                Arg::buffer(&mut swz),
                Arg::value(w as i32),
                Arg::value(add),
            ];
            v.run("rgba_gray", NdRange::d2(w as u64, h as u64), args);
            let mut want_gray = Vec::new();
            let mut want_swz = Vec::new();
            for p in img.chunks(4) {
                let f: Vec<f32> = p.iter().map(|c| *c as f32).collect();
                want_gray.push((0.25 * f[0] + 0.5 * f[1] + 0.125 * f[2] + 0.125 * f[3]).round_ties_even() as u8);
                for (k, src) in [2usize, 1, 0, 3].iter().enumerate() {
                    let delta = if k < 3 { add } else { 0 };
                    want_swz.push((p[*src] as i32 + delta).clamp(0, 255) as u8);
                }
            }
            let ctx = format!("{} add {add}", v.label);
            check_eq(&ctx, "gray", &gray, &want_gray);
            check_eq(&ctx, "swizzled, saturated", &swz, &want_swz);
        }
    }
}

#[test]
fn loop_unroll() {
    let mut rng = Rng::new(55);
    let n = 200usize;
    let input = rng.vec_f32(n + 16, -1.0, 1.0);
    let taps = rng.vec_f32(16, -1.0, 1.0);
    for v in variants("loop_unroll") {
        for ntaps in [16usize, 11] {
            let mut out = vec![f32::NAN; n * 2];
            let mut bits = vec![0u32; n];
            let args = &mut [
                Arg::read_only(&input),
                Arg::read_only(&taps),
                Arg::buffer(&mut out),
                Arg::buffer(&mut bits),
                Arg::value(ntaps as i32),
            ];
            v.run("loop_unroll", NdRange::d1(n as u64).local(&[40]), args);
            let mut want = Vec::new();
            for i in 0..n {
                let dot = |len: usize| (0..len).map(|k| input[i + k] as f64 * taps[k] as f64).sum::<f64>() as f32;
                want.extend_from_slice(&[dot(16), dot(ntaps)]);
            }
            let ctx = format!("{} ntaps {ntaps}", v.label);
            check_f32_tol(&ctx, "filters (unrolled, runtime trip count)", &out, &want, |_| 16.0 * 4.0 * f32::EPSILON);
            let want_bits: Vec<u32> = (0..n as u32)
                .map(|i| {
                    let x = i.wrapping_mul(2_654_435_761);
                    (0..32).fold(0u32, |r, k| r | (((x >> k) & 1) << ((k * 7) & 31)))
                })
                .collect();
            check_eq(&ctx, "bit permutation", &bits, &want_bits);
        }
    }
}

#[test]
fn pointer_arith() {
    let mut rng = Rng::new(56);
    let n = 50usize;
    let input = rng.vec_i32(n, -1000, 1000);
    let mut want = Vec::new();
    for g in 0..n {
        let (mut s, mut steps, mut p) = (0i32, 0i32, g);
        while p < n {
            s += input[p];
            p += 3;
            steps += 1;
        }
        let gi = g as i32;
        let q = if g & 1 == 1 { 1 } else { 3 };
        want.extend_from_slice(&[s, steps, (p - g) as i32, gi * 10 + 100 + q]);
    }
    for v in variants("pointer_arith") {
        let mut out = vec![0i32; n * 4];
        v.run(
            "pointer_arith",
            NdRange::d1(n as u64).local(&[10]),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::value(n as i32)],
        );
        check_eq(&v.label, "(sum, steps, distance, private)", &out, &want);
    }
}

#[test]
fn value_args() {
    let items = 8usize;
    let (c, uc, s, us, i, ui, l, ul) =
        (-5i8, 200u8, -30000i16, 60000u16, -2_000_000_000i32, 4_000_000_000u32, -(1i64 << 40), u64::MAX - 3);
    let (f, d) = (1.25f32, -2.5e100f64);
    let v4 = [1.5f32, -2.0, 3.25, 8.0];
    let v2 = [7i32, -8];
    let u4 = [1u8, 2, 250, 255];
    let d2 = [0.125f64, -1e-300];
    for v in variants("value_args") {
        // a 3-component vector argument accepts 3 or 4 components' worth of bytes
        for v3 in [vec![11i32, -12, 13], vec![11i32, -12, 13, 99]] {
            let mut out = vec![0i64; items * 14];
            let mut fout = vec![f64::NAN; items * 8];
            let v3_bytes: Vec<u8> = v3.iter().flat_map(|x| x.to_le_bytes()).collect();
            let args = &mut [
                Arg::value(c),
                Arg::value(uc),
                Arg::value(s),
                Arg::value(us),
                Arg::value(i),
                Arg::value(ui),
                Arg::value(l),
                Arg::value(ul),
                Arg::value(f),
                Arg::value(d),
                Arg::value(v4),
                Arg::bytes(&v3_bytes),
                Arg::value(v2),
                Arg::value(u4),
                Arg::value(d2),
                Arg::buffer(&mut out),
                Arg::buffer(&mut fout),
            ];
            v.run("value_args", NdRange::d1(items as u64).local(&[4]), args);
            let mut want = Vec::new();
            let mut fwant = Vec::new();
            for g in 0..items as i64 {
                want.extend_from_slice(&[
                    c as i64 + g,
                    uc as i64 + g,
                    s as i64 + g,
                    us as i64 + g,
                    i as i64 + g,
                    (ui as u64 + g as u64) as u32 as i64,
                    l + g,
                    ul.wrapping_add(g as u64) as i64,
                    11 + g,
                    -12,
                    13,
                    7 * g,
                    -8,
                    0xfffa_0201,
                ]);
                fwant.extend_from_slice(&[
                    (f + g as f32) as f64,
                    d + g as f64,
                    1.5,
                    -2.0,
                    3.25,
                    (8.0 * g as f32) as f64,
                    0.125,
                    -1e-300 + g as f64,
                ]);
            }
            let ctx = format!("{} int3 given as {} bytes", v.label, v3_bytes.len());
            check_eq(&ctx, "integer and int vector arguments", &out, &want);
            check_f64_exact(&ctx, "float, double and float vector arguments", &fout, &fwant);
        }
    }
}

#[test]
fn private_large() {
    let items = 60usize;
    let base = 80i32;
    let mut want = Vec::new();
    let mut fwant = Vec::new();
    for g in 0..items as i32 {
        let limit = (base + g * 7) as usize;
        let mut sieve = vec![true; limit];
        sieve[0] = false;
        sieve[1] = false;
        for p in 2..limit {
            if p * p >= limit {
                break;
            }
            if sieve[p] {
                for q in (p * p..limit).step_by(p) {
                    sieve[q] = false;
                }
            }
        }
        let primes: Vec<usize> = (0..limit).filter(|i| sieve[*i]).collect();
        want.extend_from_slice(&[primes.len() as i32, *primes.last().unwrap_or(&0) as i32]);
        let mut bins = [0.0f32; 16];
        for p in &primes {
            bins[p % 16] += 0.5;
        }
        fwant.extend_from_slice(&bins);
    }
    for v in variants("private_large") {
        let mut out = vec![0i32; items * 2];
        let mut fout = vec![f32::NAN; items * 16];
        v.run(
            "private_large",
            NdRange::d1(items as u64).local(&[12]),
            &mut [Arg::buffer(&mut out), Arg::buffer(&mut fout), Arg::value(base)],
        );
        check_eq(&v.label, "(prime count, largest prime)", &out, &want);
        check_f32_exact(&v.label, "private histogram", &fout, &fwant);
    }
}

/// Every corpus source has its builds committed and a test in one of the `corpus_*` files
/// or `opencl20.rs` (error fixtures, named `err_*`, are tested by tests/errors.rs).
#[test]
fn every_kernel_is_tested() {
    let corpus_files = [
        include_str!("corpus_access.rs"),
        include_str!("corpus_basic.rs"),
        include_str!("corpus_control.rs"),
        include_str!("corpus_conversions.rs"),
        include_str!("corpus_memory.rs"),
        include_str!("corpus_types.rs"),
        include_str!("opencl20.rs"),
    ];
    let errors_file = include_str!("errors.rs");
    let mut stems = Vec::new();
    let dir = kernel_dir();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.unwrap_or_else(|e| panic!("{}: {e}", dir.display())).path();
        if path.extension().is_some_and(|e| e == "cl") {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            for build in ["O0", "O2"] {
                let spv = dir.join(format!("{stem}.{build}.spv"));
                assert!(spv.is_file(), "{} is missing: run `tests/kernels/build.sh {stem}`", spv.display());
            }
            stems.push(stem);
        }
    }
    assert!(stems.len() >= 45, "the corpus has only {} kernels", stems.len());
    let untested: Vec<&String> = stems
        .iter()
        .filter(|s| {
            if s.starts_with("err_") {
                !errors_file.contains(&format!("\"{s}.O0.spv\"")) && !errors_file.contains(&format!("\"{s}.O2.spv\""))
            } else {
                !corpus_files.iter().any(|f| {
                    f.contains(&format!("variants(\"{s}\")")) || f.contains(&format!("int_width_test!({s}, \"{s}\""))
                })
            }
        })
        .collect();
    assert!(untested.is_empty(), "corpus kernels without a test: {untested:?}");
}

/// Guards decided once per call (`lower/steady`): edge tests and consecutive accesses
/// whose ranges a call's entry bounds, in launches where whole work-groups agree, where
/// groups straddle the edge (partial groups, offsets, `n` inside a lane group), where
/// the index arithmetic wraps, and where accesses leave their buffer (the same error,
/// naming the same work-item, at every width).
#[test]
fn steady() {
    let mut rng = Rng::new(61);
    let n = 1000usize;
    let a = rng.vec_f32(n + 40, -10.0, 10.0);
    let b = rng.vec_f32(n + 64, -10.0, 10.0);
    let ai = rng.vec_i32(n + 64, -1000, 1000);
    let bytes_a: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
    let bytes_o: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
    let mut errors: Vec<(String, String)> = Vec::new();
    for v in variants("steady") {
        // Without checks, leaving a buffer is not caught: those runs are skipped.
        let checked = !v.label.ends_with("/unchecked");
        // `i < n` with n at a group boundary, inside a lane group, past the launch.
        for (global, local, offset, limit, k) in [
            (1024u64, 256u64, 0u64, 1000i32, 0i32),
            (1024, 64, 0, 512, 3),
            (1024, 256, 0, 1024, 1),
            (960, 64, 16, 1000, 2),
            (1000, 100, 0, 997, 0),
            (1000, 8, 0, 999, 40),
        ] {
            let mut out = vec![f32::NAN; n + 64];
            let args =
                &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut out), Arg::value(limit), Arg::value(k)];
            v.run("edge_guard", NdRange::d1(global).local(&[local]).offset(&[offset]), args);
            let mut want = vec![f32::NAN; n + 64];
            for i in offset as usize..(offset + global) as usize {
                if (i as i32) < limit {
                    want[i] = a[i + k as usize] * 2.0 + b[i];
                }
            }
            check_f32_exact(
                &format!("{} edge_guard {global}/{local}+{offset} n {limit} k {k}", v.label),
                "out",
                &out,
                &want,
            );
        }
        // A 2-D interior test: work-groups inside, on the edges, partial, offset.
        for (w, h, local, offset) in [
            (64u64, 48u64, [16u64, 16u64], [0u64, 0u64]),
            (64, 48, [16, 4], [0, 0]),
            (60, 30, [16, 4], [0, 0]),
            (48, 32, [8, 8], [16, 8]),
        ] {
            let total = ((w + offset[0]) * (h + offset[1])) as usize;
            let input: Vec<f32> = (0..total).map(|i| ((i * 29) % 97) as f32 * 0.5 - 20.0).collect();
            let (ww, hh) = ((w + offset[0]) as i32, (h + offset[1]) as i32);
            let mut out = vec![f32::NAN; total];
            let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::value(ww), Arg::value(hh)];
            v.run("interior2d", NdRange::d2(w, h).local(&local).offset(&offset), args);
            let mut want = vec![f32::NAN; total];
            for y in offset[1] as i32..hh {
                for x in offset[0] as i32..ww {
                    let c = (y * ww + x) as usize;
                    want[c] = if x > 0 && y > 0 && x < ww - 1 && y < hh - 1 {
                        let wu = ww as usize;
                        input[c - 1] + input[c + 1] + input[c - wu] + input[c + wu] - 4.0 * input[c]
                    } else {
                        input[c]
                    };
                }
            }
            check_f32_exact(&format!("{} interior2d {w}x{h}/{local:?}+{offset:?}", v.label), "out", &out, &want);
        }
        // A local-id test: all, none, or some lanes of every group.
        for lim in [-1i32, 0, 5, 16, 40, 64, 1000] {
            let mut out = vec![7i32; 256];
            let args = &mut [Arg::read_only(&ai), Arg::buffer(&mut out), Arg::value(lim)];
            v.run("local_cond", NdRange::d1(256).local(&[64]), args);
            let want: Vec<i32> = (0..256i32).map(|i| if (i % 64) < lim { ai[i as usize] + 1 } else { -1 }).collect();
            check_eq(&format!("{} local_cond lim {lim}", v.label), "out", &out, &want);
        }
        for limit in [1000i32, 999, 0] {
            let mut out = vec![0i32; 1024];
            let args = &mut [Arg::read_only(&ai), Arg::buffer(&mut out), Arg::value(limit)];
            v.run("masked_bounds", NdRange::d1(1024).local(&[128]), args);
            let want: Vec<i32> = (0..1024)
                .map(|i| {
                    if i < limit {
                        if i % 7 < 3 {
                            ai[i as usize]
                        } else {
                            -ai[i as usize]
                        }
                    } else {
                        0
                    }
                })
                .collect();
            check_eq(&format!("{} masked_bounds n {limit}", v.label), "out", &out, &want);
        }
        // In bounds for every work-item, and out of bounds on either side.
        for (global, offset, k) in [(512u64, 32u64, 32i32), (512, 0, 0), (512, 0, 1), (512, 64, 65)] {
            let ok = offset as i32 >= k && (offset + global) as i32 + k <= 600;
            if !ok && !checked {
                continue;
            }
            let (mut out, mut src) = (vec![0i32; 600], ai[..600].to_vec());
            let r = v.kernel("shifted").run(
                &NdRange::d1(global).local(&[64]).offset(&[offset]),
                &mut [Arg::buffer(&mut src), Arg::buffer(&mut out), Arg::value(k)],
            );
            match r {
                Ok(_) => {
                    assert!(ok, "{}: shifted k {k} + {offset} ran although it leaves the buffer", v.label);
                    for i in offset as usize..(offset + global) as usize {
                        let want = ai[(i as i32 - k) as usize].wrapping_add(ai[(i as i32 + k) as usize]);
                        assert_eq!(out[i], want, "{}: shifted k {k}, out[{i}]", v.label);
                    }
                }
                Err(e) => {
                    assert!(!ok, "{}: shifted k {k} + {offset} failed: {e}", v.label);
                    errors.push((format!("{} shifted {k} {offset}", v.build), e.to_string()));
                }
            }
        }
        // Index arithmetic that wraps in 32 bits (i * s), in and out of bounds.
        for (s, base) in [(1i32, 0i32), (0x4000_0001, 0), (0x0100_0000, 5), (-1, 255)] {
            let idx = |i: i32| i.wrapping_mul(s).wrapping_add(base);
            let ok = (0..256).all(|i| (0..600).contains(&idx(i)));
            if !ok && !checked {
                continue;
            }
            let (mut out, mut src) = (vec![0i32; 256], ai[..600].to_vec());
            let r = v.kernel("wrapped").run(
                &NdRange::d1(256).local(&[64]),
                &mut [Arg::buffer(&mut src), Arg::buffer(&mut out), Arg::value(s), Arg::value(base)],
            );
            match r {
                Ok(_) => {
                    assert!(ok, "{}: wrapped s {s:#x} ran although it leaves the buffer", v.label);
                    let want: Vec<i32> = (0..256).map(|i| ai[idx(i) as usize]).collect();
                    check_eq(&format!("{} wrapped s {s:#x}", v.label), "out", &out, &want);
                }
                Err(e) => {
                    assert!(!ok, "{}: wrapped s {s:#x} failed: {e}", v.label);
                    errors.push((format!("{} wrapped {s}", v.build), e.to_string()));
                }
            }
        }
        // A barrier kernel: work-groups before n take the steady loop, the one holding n
        // (and the ones after it) the general loop, across the barrier round.
        for (global, limit) in [(1024u64, 1000i32), (1024, 1024), (960, 700), (1000, 999)] {
            let mut out = vec![f32::NAN; n + 64];
            let args = &mut [Arg::read_only(&a), Arg::buffer(&mut out), Arg::value(limit)];
            v.run("barrier_edge", NdRange::d1(global).local(&[64]), args);
            let mut want = vec![f32::NAN; n + 64];
            let tile = |i: usize| if (i as i32) < limit { a[i] } else { -1.0 };
            for (i, w) in want.iter_mut().enumerate().take(global as usize) {
                if (i as i32) < limit {
                    let g = i / 64 * 64;
                    *w = tile(g + (i - g + 1) % 64) + 2.0 * tile(i);
                }
            }
            check_f32_exact(&format!("{} barrier_edge {global} n {limit}", v.label), "out", &out, &want);
        }
        for limit in [1000, 993, 512] {
            let mut out = bytes_o.clone();
            let args = &mut [Arg::read_only(&bytes_a), Arg::buffer(&mut out), Arg::value(77), Arg::value(limit)];
            v.run("bytes", NdRange::d1(1024).local(&[256]), args);
            let want: Vec<u8> = (0..n)
                .map(|i| {
                    if (i as i32) < limit {
                        ((bytes_a[i] as i32 * 77 + bytes_o[i] as i32 * 179) >> 8).clamp(0, 255) as u8
                    } else {
                        bytes_o[i]
                    }
                })
                .collect();
            check_eq(&format!("{} bytes n {limit}", v.label), "out", &out, &want);
        }
    }
    // Every width reports the error of W = 1 at the same work-item (the offset from the
    // nearest buffer of an -O0 build's unknown pointers depends on where buffers lie).
    let mut first: std::collections::HashMap<String, String> = Default::default();
    for (case, msg) in errors {
        let msg = match (msg.find(" (nearest region"), msg.find("); check")) {
            (Some(a), Some(b)) if a < b => format!("{}{}", &msg[..a], &msg[b + 1..]),
            _ => msg,
        };
        let want = first.entry(case.clone()).or_insert_with(|| msg.clone());
        assert_eq!(&msg, want, "{case}: the error differs between widths");
    }
}

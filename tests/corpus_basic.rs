//! Corpus tests: basic data-parallel kernels, reductions, scans, histograms and classic
//! GPU kernels. How every kernel is run and checked (each build, each width, compared
//! with a Rust reference and with the scalar path) is `common::corpus`.

mod common;

use common::corpus::*;

// ---------------------------------------------------------------------------------------
// Basic data-parallel kernels.
// ---------------------------------------------------------------------------------------

#[test]
fn vadd_float() {
    let mut rng = Rng::new(1);
    let n = 1000usize;
    let a = rng.vec_f32(n, -100.0, 100.0);
    let b = rng.vec_f32(n, -100.0, 100.0);
    let want: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    for v in variants("vadd_float") {
        for range in [NdRange::d1(n as u64).local(&[64]), NdRange::d1(n as u64), NdRange::d1(1024).local(&[128])] {
            let mut c = vec![f32::NAN; n];
            let ctx = format!("{} {range:?}", v.label);
            v.run(
                "vadd_float",
                range,
                &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c), Arg::value(n as i32)],
            );
            check_f32_exact(&ctx, "c", &c, &want);
        }
    }
}

#[test]
fn vadd_int() {
    let mut rng = Rng::new(2);
    let (n, off) = (777usize, 5usize);
    let a: Vec<i32> = (0..n + off).map(|_| rng.i32()).collect();
    let b: Vec<i32> = (0..n + off).map(|_| rng.i32()).collect();
    for v in variants("vadd_int") {
        let mut c = vec![-7i32; n + off];
        let range = NdRange::d1(n as u64).local(&[32]).offset(&[off as u64]);
        v.run("vadd_int", range, &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c)]);
        let want: Vec<i32> = (0..n + off).map(|i| if i < off { -7 } else { a[i].wrapping_add(b[i]) }).collect();
        check_eq(&v.label, "c (items below the offset untouched)", &c, &want);
    }
}

#[test]
fn saxpy() {
    let mut rng = Rng::new(3);
    let n = 1000usize;
    let a = 2.5f32;
    let x = rng.vec_f32(n, -10.0, 10.0);
    let y0 = rng.vec_f32(n, -10.0, 10.0);
    for v in variants("saxpy") {
        let mut y = y0.clone();
        // 1024 work-items, 1000 elements: the guard must keep the last 24 out.
        v.run(
            "saxpy",
            NdRange::d1(1024).local(&[128]),
            &mut [Arg::value(a), Arg::read_only(&x), Arg::buffer(&mut y), Arg::value(n as u32)],
        );
        let plain: Vec<f32> = (0..n).map(|i| a * x[i] + y0[i]).collect();
        // clang may contract a * x + y into one fma: accept either rounding exactly.
        check_by(&v.label, "y", &y, &plain, |i, g, w| same_f32(g, w) || same_f32(g, a.mul_add(x[i], y0[i])));
    }
}

/// C = A * B and the tolerance of each element (sum of |products| times a few eps).
fn matmul_ref(a: &[f32], b: &[f32], m: usize, n: usize, k: usize) -> (Vec<f32>, Vec<f32>) {
    let mut c = vec![0.0f32; m * n];
    let mut tol = vec![0.0f32; m * n];
    for r in 0..m {
        for col in 0..n {
            let (mut acc, mut mag) = (0.0f64, 0.0f64);
            for t in 0..k {
                let p = a[r * k + t] as f64 * b[t * n + col] as f64;
                acc += p;
                mag += p.abs();
            }
            c[r * n + col] = acc as f32;
            tol[r * n + col] = (mag * k as f64 * f32::EPSILON as f64) as f32 + 1e-6;
        }
    }
    (c, tol)
}

#[test]
fn matmul_naive() {
    let mut rng = Rng::new(4);
    let (m, n, k) = (37usize, 29usize, 23usize);
    let a = rng.vec_f32(m * k, -1.0, 1.0);
    let b = rng.vec_f32(k * n, -1.0, 1.0);
    let (want, tol) = matmul_ref(&a, &b, m, n, k);
    for v in variants("matmul_naive") {
        for range in [NdRange::d2(32, 40).local(&[8, 8]), NdRange::d2(n as u64, m as u64).local(&[4, 5])] {
            let mut c = vec![f32::NAN; m * n];
            let args = &mut [
                Arg::read_only(&a),
                Arg::read_only(&b),
                Arg::buffer(&mut c),
                Arg::value(m as i32),
                Arg::value(n as i32),
                Arg::value(k as i32),
            ];
            v.run("matmul_naive", range.clone(), args);
            check_f32_tol(&format!("{} {range:?}", v.label), "C", &c, &want, |i| tol[i]);
        }
    }
}

#[test]
fn matmul_tiled() {
    let mut rng = Rng::new(5);
    let (m, n, k) = (37usize, 29usize, 23usize);
    let a = rng.vec_f32(m * k, -1.0, 1.0);
    let b = rng.vec_f32(k * n, -1.0, 1.0);
    let (want, tol) = matmul_ref(&a, &b, m, n, k);
    for v in variants("matmul_tiled") {
        let mut c = vec![f32::NAN; m * n];
        let args = &mut [
            Arg::read_only(&a),
            Arg::read_only(&b),
            Arg::buffer(&mut c),
            Arg::value(m as i32),
            Arg::value(n as i32),
            Arg::value(k as i32),
        ];
        v.run("matmul_tiled", NdRange::d2(32, 40).local(&[8, 8]), args);
        check_f32_tol(&v.label, "C", &c, &want, |i| tol[i]);
    }
}

#[test]
fn matmul_tiled_args() {
    let mut rng = Rng::new(6);
    let (m, n, k) = (21usize, 34usize, 19usize);
    let a = rng.vec_f32(m * k, -1.0, 1.0);
    let b = rng.vec_f32(k * n, -1.0, 1.0);
    let (want, tol) = matmul_ref(&a, &b, m, n, k);
    for v in variants("matmul_tiled_args") {
        for t in [4u64, 8] {
            let g = |x: usize| (x as u64).div_ceil(t) * t;
            let mut c = vec![f32::NAN; m * n];
            let bytes = (t * t * 4) as usize;
            let args = &mut [
                Arg::read_only(&a),
                Arg::read_only(&b),
                Arg::buffer(&mut c),
                Arg::value(m as i32),
                Arg::value(n as i32),
                Arg::value(k as i32),
                Arg::local(bytes),
                Arg::local(bytes),
            ];
            v.run("matmul_tiled_args", NdRange::d2(g(n), g(m)).local(&[t, t]), args);
            check_f32_tol(&format!("{} tile {t}", v.label), "C", &c, &want, |i| tol[i]);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Reductions, scans, histograms.
// ---------------------------------------------------------------------------------------

#[test]
fn reduce_sum() {
    let mut rng = Rng::new(7);
    let n = 1000usize;
    let input: Vec<i32> = (0..n).map(|_| rng.i32()).collect();
    for v in variants("reduce_sum") {
        // 1024 items in groups of 64 (uniform), and 1000 items in groups of 32 whose last
        // group has 8 items (non-uniform, still a power of two).
        for (global, local) in [(1024u64, 64u64), (1000, 32)] {
            let groups = global.div_ceil(local) as usize;
            let mut partial = vec![0i32; groups];
            let args = &mut [
                Arg::read_only(&input),
                Arg::buffer(&mut partial),
                Arg::value(n as u32),
                Arg::local(local as usize * 4),
            ];
            v.run("reduce_sum", NdRange::d1(global).local(&[local]), args);
            let want: Vec<i32> = (0..groups)
                .map(|g| {
                    let lo = g * local as usize;
                    let hi = ((g + 1) * local as usize).min(n);
                    input[lo.min(n)..hi].iter().fold(0i32, |s, x| s.wrapping_add(*x))
                })
                .collect();
            check_eq(&format!("{} global {global} local {local}", v.label), "partial", &partial, &want);
        }
    }
}

#[test]
fn reduce_float() {
    let mut rng = Rng::new(8);
    let n = 1000usize;
    let input = rng.vec_f32(n, -50.0, 50.0);
    let groups = 16usize;
    for v in variants("reduce_float") {
        let mut sums = vec![f32::NAN; groups];
        let mut maxs = vec![f32::NAN; groups];
        let args = &mut [Arg::read_only(&input), Arg::buffer(&mut sums), Arg::buffer(&mut maxs), Arg::value(n as u32)];
        v.run("reduce_float", NdRange::d1(1024).local(&[64]), args);
        let chunk = |g: usize| &input[(g * 64).min(n)..((g + 1) * 64).min(n)];
        let want_sum: Vec<f32> = (0..groups).map(|g| chunk(g).iter().map(|x| *x as f64).sum::<f64>() as f32).collect();
        let want_max: Vec<f32> =
            (0..groups).map(|g| chunk(g).iter().fold(f32::NEG_INFINITY, |m, x| m.max(*x))).collect();
        check_f32_tol(&v.label, "sums", &sums, &want_sum, |g| {
            chunk(g).iter().map(|x| x.abs()).sum::<f32>() * 8.0 * f32::EPSILON
        });
        check_f32_exact(&v.label, "maxs", &maxs, &want_max);
    }
}

#[test]
fn scan_hillis_steele() {
    let mut rng = Rng::new(9);
    let n = 1000usize;
    let input = rng.vec_i32(n, -1000, 1000);
    for v in variants("scan_hillis_steele") {
        for local in [128usize, 50] {
            let mut out = vec![0i32; n];
            let args = &mut [
                Arg::read_only(&input),
                Arg::buffer(&mut out),
                Arg::value(n as u32),
                Arg::local(local * 4),
                Arg::local(local * 4),
            ];
            v.run("scan_hillis_steele", NdRange::d1(n as u64).local(&[local as u64]), args);
            let mut want = vec![0i32; n];
            for (i, w) in want.iter_mut().enumerate() {
                let start = i / local * local;
                *w = input[start..=i].iter().sum();
            }
            check_eq(&format!("{} local {local}", v.label), "inclusive scan", &out, &want);
        }
    }
}

#[test]
fn scan_blelloch() {
    let mut rng = Rng::new(10);
    let groups = 8usize;
    let n = groups * 64;
    let input = rng.vec_u32(n);
    for v in variants("scan_blelloch") {
        let mut out = vec![0u32; n];
        let mut sums = vec![0u32; groups];
        let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut sums)];
        v.run("scan_blelloch", NdRange::d1(groups as u64 * 32).local(&[32]), args);
        let mut want = vec![0u32; n];
        let mut want_sums = vec![0u32; groups];
        for (g, sum) in want_sums.iter_mut().enumerate() {
            let mut acc = 0u32;
            for i in g * 64..(g + 1) * 64 {
                want[i] = acc;
                acc = acc.wrapping_add(input[i]);
            }
            *sum = acc;
        }
        check_eq(&v.label, "exclusive scan", &out, &want);
        check_eq(&v.label, "group sums", &sums, &want_sums);
    }
}

#[test]
fn histogram() {
    let mut rng = Rng::new(11);
    let n = 5000usize;
    let data = rng.vec_u32(n);
    let mut want = vec![0u32; 64];
    for d in &data {
        want[(d % 64) as usize] += 1;
    }
    for v in variants("histogram") {
        let mut hist = vec![0u32; 64];
        let args = &mut [Arg::read_only(&data), Arg::buffer(&mut hist), Arg::value(n as u32)];
        v.run("histogram_global", NdRange::d1(n as u64).local(&[100]), args);
        check_eq(&v.label, "histogram_global", &hist, &want);

        let mut hist = vec![0u32; 64];
        let args = &mut [Arg::read_only(&data), Arg::buffer(&mut hist), Arg::value(n as u32)];
        v.run("histogram_local", NdRange::d1(256).local(&[64]), args);
        check_eq(&v.label, "histogram_local", &hist, &want);

        // a local size that does not divide the bin count, and a non-uniform last group
        let mut hist = vec![0u32; 64];
        let args = &mut [Arg::read_only(&data), Arg::buffer(&mut hist), Arg::value(n as u32)];
        v.run("histogram_local", NdRange::d1(300).local(&[48]), args);
        check_eq(&v.label, "histogram_local (300 / 48)", &hist, &want);
    }
}

// ---------------------------------------------------------------------------------------
// Classic GPU kernels.
// ---------------------------------------------------------------------------------------

#[test]
fn stencil2d() {
    let mut rng = Rng::new(44);
    let (w, h) = (37usize, 23usize);
    let input = rng.vec_f32(w * h, -10.0, 10.0);
    let at = |x: usize, y: usize| input[y * w + x];
    let mut want = vec![0.0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            let (xl, xr) = (x.saturating_sub(1), (x + 1).min(w - 1));
            let (yu, yd) = (y.saturating_sub(1), (y + 1).min(h - 1));
            want[y * w + x] = 0.5 * at(x, y) + 0.125 * (at(xl, y) + at(xr, y) + at(x, yu) + at(x, yd));
        }
    }
    for v in variants("stencil2d") {
        for range in [NdRange::d2(40, 24).local(&[8, 8]), NdRange::d2(w as u64, h as u64).local(&[16, 4])] {
            let mut out = vec![f32::NAN; w * h];
            let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::value(w as i32), Arg::value(h as i32)];
            v.run("stencil2d", range.clone(), args);
            check_f32_exact(&format!("{} {range:?}", v.label), "out", &out, &want);
        }
    }
}

#[test]
fn transpose_local() {
    let mut rng = Rng::new(45);
    let (w, h) = (37usize, 29usize);
    let input = rng.vec_f32(w * h, -10.0, 10.0);
    let mut want = vec![0.0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            want[x * h + y] = input[y * w + x];
        }
    }
    for v in variants("transpose_local") {
        let mut out = vec![f32::NAN; w * h];
        let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::value(w as i32), Arg::value(h as i32)];
        v.run("transpose_local", NdRange::d2(48, 32).local(&[16, 16]), args);
        check_f32_exact(&v.label, "transposed", &out, &want);
    }
}

#[test]
fn mandelbrot() {
    let (w, h, max_iter) = (64usize, 48usize, 200i32);
    let (x0, y0, dx, dy) = (-2.2f32, -1.2f32, 3.2f32 / 64.0, 2.4f32 / 48.0);
    let mut want = vec![0i32; w * h];
    for py in 0..h {
        for px in 0..w {
            let cr = x0 + px as f32 * dx;
            let ci = y0 + py as f32 * dy;
            let (mut zr, mut zi, mut n) = (0.0f32, 0.0f32, 0);
            while n < max_iter && zr * zr + zi * zi <= 4.0 {
                let t = zr * zr - zi * zi + cr;
                zi = 2.0 * zr * zi + ci;
                zr = t;
                n += 1;
            }
            want[py * w + px] = n;
        }
    }
    for v in variants("mandelbrot") {
        let mut iters = vec![-1i32; w * h];
        let args = &mut [
            Arg::buffer(&mut iters),
            Arg::value(x0),
            Arg::value(y0),
            Arg::value(dx),
            Arg::value(dy),
            Arg::value(max_iter),
        ];
        v.run("mandelbrot", NdRange::d2(w as u64, h as u64).local(&[8, 4]), args);
        check_eq(&v.label, "iteration counts", &iters, &want);
    }
}

#[test]
fn bitonic() {
    let mut rng = Rng::new(46);
    let n = 256usize;
    let input: Vec<i32> = (0..n).map(|i| if i % 7 == 0 { 42 } else { rng.i32() }).collect();
    let mut sorted = input.clone();
    sorted.sort();
    for v in variants("bitonic") {
        let mut data = input.clone();
        let mut k = 2u32;
        while k as usize <= n {
            let mut j = k / 2;
            while j > 0 {
                let args = &mut [Arg::buffer(&mut data), Arg::value(j), Arg::value(k)];
                v.run("bitonic_step", NdRange::d1(n as u64).local(&[64]), args);
                j /= 2;
            }
            k *= 2;
        }
        check_eq(&v.label, "bitonic_step sorted", &data, &sorted);

        let mut data = input.clone();
        v.run("bitonic_local", NdRange::d1(n as u64).local(&[64]), &mut [Arg::buffer(&mut data), Arg::local(64 * 4)]);
        let mut want = input.clone();
        for chunk in want.chunks_mut(64) {
            chunk.sort();
        }
        check_eq(&v.label, "bitonic_local (each 64-slice sorted)", &data, &want);
    }
}

#[test]
fn nbody() {
    let mut rng = Rng::new(47);
    let n = 50usize;
    let (dt, eps2) = (0.01f32, 0.05f32);
    let pos: Vec<f32> =
        (0..n).flat_map(|_| [rng.f32(-1.0, 1.0), rng.f32(-1.0, 1.0), rng.f32(-1.0, 1.0), rng.f32(0.5, 2.0)]).collect();
    let vel: Vec<f32> =
        (0..n).flat_map(|_| [rng.f32(-0.1, 0.1), rng.f32(-0.1, 0.1), rng.f32(-0.1, 0.1), 0.0]).collect();
    let mut want_pos = vec![0.0f32; n * 4];
    let mut want_vel = vec![0.0f32; n * 4];
    let mut tol_vel = vec![0.0f32; n * 4];
    for i in 0..n {
        let p = &pos[i * 4..i * 4 + 4];
        let (mut acc, mut mag) = ([0.0f64; 3], 0.0f64);
        for j in 0..n {
            let q = &pos[j * 4..j * 4 + 4];
            let d: Vec<f64> = (0..3).map(|k| q[k] as f64 - p[k] as f64).collect();
            let r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + eps2 as f64;
            let s = q[3] as f64 / (r2 * r2.sqrt());
            for k in 0..3 {
                acc[k] += d[k] * s;
                mag += (d[k] * s).abs();
            }
        }
        for k in 0..3 {
            let v = vel[i * 4 + k] as f64 + acc[k] * dt as f64;
            want_vel[i * 4 + k] = v as f32;
            want_pos[i * 4 + k] = (p[k] as f64 + v * dt as f64) as f32;
            tol_vel[i * 4 + k] = (mag * dt as f64 * 1e-5) as f32 + 1e-6;
        }
        want_vel[i * 4 + 3] = vel[i * 4 + 3];
        want_pos[i * 4 + 3] = p[3];
        tol_vel[i * 4 + 3] = 0.0;
    }
    for v in variants("nbody") {
        for local in [16u64, 64, 8] {
            let mut new_pos = vec![f32::NAN; n * 4];
            let mut new_vel = vec![f32::NAN; n * 4];
            let args = &mut [
                Arg::read_only(&pos),
                Arg::read_only(&vel),
                Arg::buffer(&mut new_pos),
                Arg::buffer(&mut new_vel),
                Arg::value(n as i32),
                Arg::value(dt),
                Arg::value(eps2),
                Arg::local(local as usize * 16),
            ];
            v.run("nbody", NdRange::d1((n as u64).div_ceil(local) * local).local(&[local]), args);
            let ctx = format!("{} local {local}", v.label);
            check_f32_tol(&ctx, "velocities", &new_vel, &want_vel, |i| tol_vel[i]);
            check_f32_tol(&ctx, "positions", &new_pos, &want_pos, |i| tol_vel[i] * dt + 4.0 * ulp32(want_pos[i]));
        }
    }
}

#[test]
fn rows2d_ids() {
    // The ids of 2-D launches whose lane groups lie within rows and launches whose do
    // not (narrow groups, partial groups); `tests/whole_rows.rs` compares the widths.
    let shapes: [([u64; 2], [u64; 2]); 5] =
        [([64, 32], [16, 4]), ([64, 32], [8, 4]), ([60, 30], [16, 4]), ([37, 23], [8, 8]), ([48, 16], [12, 2])];
    for v in variants("rows2d") {
        for (global, local) in shapes {
            let (w, h) = (global[0] as usize, global[1] as usize);
            let input = vec![1.0f32; w * h];
            let mut out = vec![0f32; w * h];
            let mut ids = vec![-1i32; 4 * w * h];
            let args = &mut [
                Arg::read_only(&input),
                Arg::buffer(&mut out),
                Arg::buffer(&mut ids),
                Arg::value(w as i32),
                Arg::value(h as i32),
            ];
            v.run("rows2d", NdRange::d2(global[0], global[1]).local(&local), args);
            for y in 0..global[1] {
                for x in 0..global[0] {
                    let i = y as usize * w + x as usize;
                    let (lx, ly) = (x % local[0], y % local[1]);
                    let (gx, gy) = (x / local[0], y / local[1]);
                    let sx = local[0].min(global[0] - gx * local[0]);
                    let sy = local[1].min(global[1] - gy * local[1]);
                    let want = [lx + 100 * ly, gx + 100 * gy, ly * sx + lx, sx * 100 + sy].map(|v| v as i32);
                    assert_eq!(&ids[4 * i..4 * i + 4], &want, "{}: ({x}, {y}) of {global:?} / {local:?}", v.label);
                    // All-ones input: the stencil keeps 1, row 1 of a group adds 1, then
                    // y % 3 halvings.
                    let base = if ly == 1 { 2.0f32 } else { 1.0 };
                    let want_v = base * 0.5f32.powi((y % 3) as i32);
                    assert_eq!(out[i], want_v, "{}: value at ({x}, {y}) of {global:?} / {local:?}", v.label);
                }
            }
        }
    }
}

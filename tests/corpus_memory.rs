//! Corpus tests: atomics, structs and private arrays, constant data, barriers and
//! work-group sizes. How every kernel is run and checked (each build, each width,
//! compared with a Rust reference and with the scalar path) is `common::corpus`.

mod common;

use std::fmt::Debug;

use common::corpus::*;

// ---------------------------------------------------------------------------------------
// Atomics.
// ---------------------------------------------------------------------------------------

/// `olds` (the values atomic_xchg returned) plus the final value must be the initial
/// value plus every value written, as multisets: each exchange saw the previous one.
#[track_caller]
fn check_xchg_chain<T: Ord + Copy + Debug>(ctx: &str, initial: T, written: &[T], olds: &[T], last: T) {
    let mut seen: Vec<T> = olds.to_vec();
    seen.push(last);
    seen.sort();
    let mut want: Vec<T> = written.to_vec();
    want.push(initial);
    want.sort();
    check_eq(ctx, "xchg chain (sorted olds + final)", &seen, &want);
}

#[test]
fn atomics_int() {
    let mut rng = Rng::new(12);
    let n = 256usize;
    let vals: Vec<i32> = (0..n).map(|_| rng.i32()).collect();
    let init: Vec<i32> = vec![100, 0, 12345, 0, i32::MAX, i32::MIN, -1, 0, 0x5a5a, 0, 0];
    let mut want = init.clone();
    for (i, &x) in vals.iter().enumerate() {
        want[0] = want[0].wrapping_add(x);
        want[1] = want[1].wrapping_sub(x);
        want[3] += 1;
        want[4] = want[4].min(x);
        want[5] = want[5].max(x);
        want[6] &= x | (1 << (i % 31));
        want[7] |= x & 0x0f0f_0f0f;
        want[8] ^= x;
        want[9] += 1;
        want[10] -= 1;
    }
    for v in variants("atomics_int") {
        for local in [64u64, 1, 17] {
            let mut c = init.clone();
            let mut olds = vec![0i32; n];
            let mut own: Vec<i32> = (0..n).flat_map(|i| [i as i32, 1000 + i as i32]).collect();
            let args = &mut [Arg::read_only(&vals), Arg::buffer(&mut c), Arg::buffer(&mut olds), Arg::buffer(&mut own)];
            v.run("atomics_int", NdRange::d1(n as u64).local(&[local]), args);
            let ctx = format!("{} local {local}", v.label);
            let mut w = want.clone();
            w[2] = c[2];
            check_eq(&ctx, "counters (0 add 1 sub 3 cas-loop 4 min 5 max 6 and 7 or 8 xor 9 inc 10 dec)", &c, &w);
            check_xchg_chain(&ctx, 12345, &vals, &olds, c[2]);
            let want_own: Vec<i32> = (0..n).flat_map(|i| [i as i32, 1000 + i as i32]).collect();
            check_eq(&ctx, "cmpxchg results (success, failure)", &own, &want_own);
        }
    }
}

#[test]
fn atomics_uint() {
    let mut rng = Rng::new(13);
    let n = 256usize;
    let vals = rng.vec_u32(n);
    let init: Vec<u32> = vec![7, 0, u32::MAX, 0, u32::MAX, 0, 0, 0, 0, 0, 0];
    let mut want = init.clone();
    for &x in &vals {
        want[0] = want[0].wrapping_add(x);
        want[1] = want[1].wrapping_sub(x);
        want[2] = want[2].min(x);
        want[3] = want[3].max(x);
        want[4] &= !(1u32 << (x % 32));
        want[5] |= 1u32 << (x % 32);
        want[6] ^= x;
        want[7] += 1;
        want[8] = want[8].wrapping_sub(1);
        want[9] = want[9].max(x);
        want[10] += 1;
    }
    for v in variants("atomics_uint") {
        let mut c = init.clone();
        let mut rets = vec![0u32; n];
        let args = &mut [Arg::read_only(&vals), Arg::buffer(&mut c), Arg::buffer(&mut rets)];
        v.run("atomics_uint", NdRange::d1(n as u64).local(&[32]), args);
        check_eq(
            &v.label,
            "counters (0 add 1 sub 2 umin 3 umax 4 and 5 or 6 xor 7 inc 8 dec 9 cas-max 10 inc)",
            &c,
            &want,
        );
        rets.sort();
        let all: Vec<u32> = (0..n as u32).collect();
        check_eq(&v.label, "atomic_inc results (sorted): each ticket once", &rets, &all);
    }
}

#[test]
fn atomics_long() {
    let mut rng = Rng::new(14);
    let n = 128usize;
    let vals: Vec<i64> = (0..n).map(|_| rng.next_u64() as i64).collect();
    let init: Vec<i64> = vec![0, 0, -99, 0, i64::MAX, i64::MIN, -1, 0, 0, 5, 5];
    let mut want = init.clone();
    let mut uwant: Vec<u64> = vec![u64::MAX, 0, 0];
    for (i, &x) in vals.iter().enumerate() {
        want[0] = want[0].wrapping_add(x);
        want[1] = want[1].wrapping_sub(x);
        want[3] = want[3].wrapping_add(x);
        want[4] = want[4].min(x);
        want[5] = want[5].max(x);
        want[6] &= x | (1i64 << (i % 63));
        want[7] |= x & 0x00ff_00ff_00ff_00ff;
        want[8] ^= x;
        want[9] += 1;
        want[10] -= 1;
        uwant[0] = uwant[0].min(x as u64);
        uwant[1] = uwant[1].max(x as u64);
        uwant[2] = uwant[2].wrapping_add(x as u64);
    }
    for v in variants("atomics_long") {
        let mut c = init.clone();
        let mut u: Vec<u64> = vec![u64::MAX, 0, 0];
        let mut olds = vec![0i64; n];
        let args = &mut [Arg::read_only(&vals), Arg::buffer(&mut c), Arg::buffer(&mut u), Arg::buffer(&mut olds)];
        v.run("atomics_long", NdRange::d1(n as u64).local(&[16]), args);
        let mut w = want.clone();
        w[2] = c[2];
        check_eq(&v.label, "long counters (0 add 1 sub 3 cas-add 4 min 5 max 6 and 7 or 8 xor 9 inc 10 dec)", &c, &w);
        check_eq(&v.label, "ulong counters (0 umin 1 umax 2 add)", &u, &uwant);
        check_xchg_chain(&v.label, -99, &vals, &olds, c[2]);
    }
}

#[test]
fn atomics_local() {
    let mut rng = Rng::new(15);
    let (groups, local) = (4usize, 64usize);
    let vals: Vec<i32> = (0..groups * local).map(|_| rng.i32()).collect();
    let mut want = vec![0i32; groups * 13];
    let mut lwant = vec![0i64; groups * 4];
    for g in 0..groups {
        let xs = &vals[g * local..(g + 1) * local];
        let mut s = [0i32, 0, i32::MAX, i32::MIN, -1, 0, 0, 0];
        let mut u = [u32::MAX, 0, 100, 0];
        let mut l = [0i64, i64::MAX, i64::MIN, 0];
        for &x in xs {
            s[0] = s[0].wrapping_add(x);
            s[1] = s[1].wrapping_sub(x);
            s[2] = s[2].min(x);
            s[3] = s[3].max(x);
            s[4] &= x | 0x10;
            s[5] |= x & 0xff;
            s[6] ^= x;
            s[7] += 1;
            u[0] = u[0].min(x as u32);
            u[1] = u[1].max(x as u32);
            u[2] = u[2].wrapping_sub(1);
            u[3] = u[3].wrapping_add(2);
            l[0] = l[0].wrapping_add(x as i64 * 1_000_003);
            l[1] = l[1].min(x as i64);
            l[2] = l[2].max((x as i64) << 20);
            l[3] = 5;
        }
        want[g * 13..g * 13 + 8].copy_from_slice(&s);
        for k in 0..4 {
            want[g * 13 + 8 + k] = u[k] as i32;
        }
        want[g * 13 + 12] = (local * (local - 1) / 2) as i32;
        lwant[g * 4..g * 4 + 4].copy_from_slice(&l);
    }
    for v in variants("atomics_local") {
        let mut out = vec![0i32; groups * 13];
        let mut lout = vec![0i64; groups * 4];
        let args = &mut [Arg::read_only(&vals), Arg::buffer(&mut out), Arg::buffer(&mut lout)];
        v.run("atomics_local", NdRange::d1((groups * local) as u64).local(&[local as u64]), args);
        check_eq(&v.label, "int/uint results per group (13 each)", &out, &want);
        check_eq(&v.label, "long results per group (4 each)", &lout, &lwant);
    }
}

// ---------------------------------------------------------------------------------------
// Structs and private arrays.
// ---------------------------------------------------------------------------------------

/// `Params` of struct_byval.cl, laid out with C rules (40 bytes, 8-aligned).
fn params_bytes(scale: f32, offset: i32, flag: i8, lo: f32, hi: f32, weights: [i16; 3], bias: i64) -> Vec<u8> {
    let mut b = vec![0u8; 40];
    b[0..4].copy_from_slice(&scale.to_le_bytes());
    b[4..8].copy_from_slice(&offset.to_le_bytes());
    b[8] = flag as u8;
    b[12..16].copy_from_slice(&lo.to_le_bytes());
    b[16..20].copy_from_slice(&hi.to_le_bytes());
    for (k, w) in weights.iter().enumerate() {
        b[20 + 2 * k..22 + 2 * k].copy_from_slice(&w.to_le_bytes());
    }
    b[32..40].copy_from_slice(&bias.to_le_bytes());
    b
}

#[test]
fn struct_byval() {
    let mut rng = Rng::new(16);
    let n = 200usize;
    let input = rng.vec_f32(n, -20.0, 20.0);
    for v in variants("struct_byval") {
        for (flag, scale, offset) in [(1i8, 1.5f32, -3i32), (0, -0.75, 11)] {
            let (lo, hi, weights, bias) = (-10.0f32, 12.5f32, [3i16, -700, 32000], -0x1234_5678_9abc_i64);
            let bytes = params_bytes(scale, offset, flag, lo, hi, weights, bias);
            let mut out = vec![f32::NAN; n];
            let mut extra = vec![0i64; 3];
            let args =
                &mut [Arg::bytes(&bytes), Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut extra)];
            v.run("struct_byval", NdRange::d1(n as u64).local(&[20]), args);
            let ctx = format!("{} flag {flag}", v.label);
            let finish = |mut x: f32, i: usize| {
                if flag != 0 {
                    x = x.max(lo).min(hi);
                }
                x + weights[i % 3] as f32
            };
            let plain: Vec<f32> = (0..n).map(|i| finish(input[i] * scale + offset as f32, i)).collect();
            check_by(&ctx, "out", &out, &plain, |i, g, w| {
                same_f32(g, w) || same_f32(g, finish(input[i].mul_add(scale, offset as f32), i))
            });
            check_eq(&ctx, "extra (bias, weight sum, flag)", &extra, &[bias, 3 - 700 + 32000, flag as i64]);
        }
    }
}

#[test]
fn struct_buffer() {
    // Particle (64 bytes): key i32 @0, Inner {id i16 @4, tag u8 @6, w f32 @8}, vals [f32; 4] @12,
    // d f64 @32, v float4 @48. Result (48 bytes): key2 i64 @0, sum f32 @8, tag_plus_id i32 @12,
    // v2 float4 @16, copy Inner @32.
    let mut rng = Rng::new(17);
    let n = 50usize;
    let mut input = vec![0u8; n * 64];
    for p in input.chunks_mut(64) {
        for b in p.iter_mut() {
            *b = rng.u32() as u8; // padding gets noise too
        }
        p[0..4].copy_from_slice(&rng.i32().to_le_bytes());
        p[4..6].copy_from_slice(&(rng.u32() as i16).to_le_bytes());
        p[8..12].copy_from_slice(&rng.f32(-5.0, 5.0).to_le_bytes());
        for k in 0..4 {
            p[12 + 4 * k..16 + 4 * k].copy_from_slice(&rng.f32(-100.0, 100.0).to_le_bytes());
        }
        p[32..40].copy_from_slice(&rng.f64(-1e3, 1e3).to_le_bytes());
        for k in 0..4 {
            p[48 + 4 * k..52 + 4 * k].copy_from_slice(&rng.f32(-1e3, 1e3).to_le_bytes());
        }
    }
    let f = |p: &[u8], o: usize| f32::from_le_bytes(p[o..o + 4].try_into().unwrap());
    for v in variants("struct_buffer") {
        let mut out = vec![0u8; n * 48];
        v.run("struct_buffer", NdRange::d1(n as u64), &mut [Arg::read_only(&input), Arg::buffer(&mut out)]);
        for i in 0..n {
            let p = &input[i * 64..(i + 1) * 64];
            let r = &out[i * 48..(i + 1) * 48];
            let ctx = format!("{} element {i}", v.label);
            let key = i32::from_le_bytes(p[0..4].try_into().unwrap());
            let id = i16::from_le_bytes(p[4..6].try_into().unwrap());
            let d = f64::from_le_bytes(p[32..40].try_into().unwrap());
            let sum = f(p, 12) + f(p, 16) + f(p, 20) + f(p, 24) + f(p, 8) + d as f32;
            check_eq(&ctx, "key2", &[i64::from_le_bytes(r[0..8].try_into().unwrap())], &[key as i64 * 2]);
            check_f32_exact(&ctx, "sum", &[f(r, 8)], &[sum]);
            check_eq(
                &ctx,
                "tag_plus_id",
                &[i32::from_le_bytes(r[12..16].try_into().unwrap())],
                &[p[6] as i32 + id as i32],
            );
            let v2: Vec<f32> = (0..4).map(|k| f(r, 16 + 4 * k)).collect();
            let want_v2: Vec<f32> = (0..4).map(|k| f(p, 48 + 4 * k) * 2.0).collect();
            check_f32_exact(&ctx, "v2", &v2, &want_v2);
            let want_copy_id = id.wrapping_add(1).to_le_bytes();
            check_eq(&ctx, "copy.id, copy.tag", &r[32..35], &[want_copy_id[0], want_copy_id[1], p[6]]);
            check_f32_exact(&ctx, "copy.w", &[f(r, 36)], &[f(p, 8)]);
        }
    }
}

#[test]
fn private_sort() {
    let mut rng = Rng::new(18);
    let items = 100usize;
    let input: Vec<i32> = (0..items * 8).map(|i| if i % 11 == 0 { 5 } else { rng.i32() }).collect();
    for v in variants("private_sort") {
        let mut sorted = vec![0i32; items * 8];
        let mut net = vec![0i32; items * 8];
        let mut perm = vec![0i32; items * 8];
        let args =
            &mut [Arg::read_only(&input), Arg::buffer(&mut sorted), Arg::buffer(&mut net), Arg::buffer(&mut perm)];
        v.run("private_sort", NdRange::d1(items as u64).local(&[8]), args);
        let mut want_sorted = Vec::new();
        let mut want_net = Vec::new();
        let mut want_perm = Vec::new();
        for g in 0..items {
            let mut s = input[g * 8..(g + 1) * 8].to_vec();
            s.sort();
            want_sorted.extend_from_slice(&s);
            want_net.extend(s.iter().rev());
            want_perm.extend((0..8).map(|i| s[((input[g * 8 + i] & 0x7fff_ffff) % 8) as usize]));
        }
        check_eq(&v.label, "insertion sort", &sorted, &want_sorted);
        check_eq(&v.label, "sorting network (reversed)", &net, &want_net);
        check_eq(&v.label, "dynamic private index", &perm, &want_perm);
    }
}

// ---------------------------------------------------------------------------------------
// Constant data, barriers, work-group sizes.
// ---------------------------------------------------------------------------------------

#[test]
fn constant_table() {
    let mut rng = Rng::new(40);
    let n = 300usize;
    let input = rng.vec_u32(n);
    let coeff = [3i32, -5, 7];
    let primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53];
    let entries: [(i16, i8, i32); 4] = [(1, -2, 300000), (-4, 5, -6), (7, 8, 9), (-32768, -128, 2147483647)];
    let message = b"spirjit";
    let weights = [0.0625f32, 0.25, 0.375, 0.25, 0.0625];
    let mut want = Vec::new();
    let mut fwant = Vec::new();
    for &x in &input {
        let e = entries[(x % 4) as usize];
        want.extend_from_slice(&[
            primes[(x % 16) as usize] * coeff[(x % 3) as usize],
            (e.0 as i32 + e.1 as i32).wrapping_add(e.2),
            message[(x % 7) as usize] as i32,
            entries[((x >> 4) % 4) as usize].2,
        ]);
        let mut acc = 0.0f32;
        for (k, w) in weights.iter().enumerate() {
            acc += w * ((x >> k) & 15) as f32;
        }
        fwant.push(acc);
    }
    for v in variants("constant_table") {
        let mut out = vec![0i32; n * 4];
        let mut fout = vec![f32::NAN; n];
        let args = &mut [Arg::read_only(&input), Arg::read_only(&coeff), Arg::buffer(&mut out), Arg::buffer(&mut fout)];
        v.run("constant_table", NdRange::d1(n as u64).local(&[30]), args);
        check_eq(&v.label, "table lookups", &out, &want);
        check_f32_exact(&v.label, "weighted sum", &fout, &fwant);
    }
}

#[test]
fn barrier_cond() {
    let mut rng = Rng::new(41);
    let (groups, local) = (5usize, 16usize);
    let input = rng.vec_i32(groups * local, -1000, 1000);
    for v in variants("barrier_cond") {
        for (mode, rounds) in [(3i32, 5i32), (0, 2), (1, 0)] {
            let mut out = vec![0i32; groups * local];
            let args = &mut [
                Arg::read_only(&input),
                Arg::buffer(&mut out),
                Arg::value(mode),
                Arg::value(rounds),
                Arg::local(local * 4),
            ];
            v.run("barrier_cond", NdRange::d1((groups * local) as u64).local(&[local as u64]), args);
            let mut want = Vec::new();
            for g in 0..groups {
                let mut tile = input[g * local..(g + 1) * local].to_vec();
                if mode > 0 && g % 2 == 0 {
                    for _ in 0..rounds {
                        tile = (0..local).map(|l| tile[(l + mode as usize) % local] + 1).collect();
                    }
                } else {
                    tile = (0..local).map(|l| tile[local - 1 - l] * 2).collect();
                }
                want.extend(tile);
            }
            check_eq(&format!("{} mode {mode} rounds {rounds}", v.label), "out", &out, &want);
        }
    }
}

#[test]
fn many_barriers() {
    let mut rng = Rng::new(42);
    let groups = 4usize;
    let input = rng.vec_i32(groups * 16, -1000, 1000);
    let mut want = Vec::new();
    for g in 0..groups {
        let x = &input[g * 16..(g + 1) * 16];
        let keep: Vec<i32> = x.iter().map(|v| v * 3).collect();
        let fkeep: Vec<i32> = x.iter().map(|v| (*v as f32 * 0.5) as i32).collect();
        let a = x.to_vec();
        let b: Vec<i32> = (0..16).map(|l| a[(l + 1) & 15] + keep[l]).collect();
        let a: Vec<i32> = (0..16).map(|l| b[(l + 2) & 15] - a[l]).collect();
        let b: Vec<i32> = (0..16).map(|l| a[15 - l] ^ l as i32).collect();
        let a: Vec<i32> = (0..16).map(|l| b[(l * 5) & 15] + fkeep[l]).collect();
        let b: Vec<i32> = (0..16).map(|l| a[(l + 8) & 15] * 2).collect();
        let a: Vec<i32> = (0..16).map(|l| b[l] + b[(l + 15) & 15]).collect();
        let b: Vec<i32> = (0..16).map(|l| a[(l + 3) & 15]).collect();
        want.extend((0..16).map(|l| b[l] + keep[l]));
    }
    for v in variants("many_barriers") {
        let mut out = vec![0i32; groups * 16];
        v.run(
            "many_barriers",
            NdRange::d1((groups * 16) as u64).local(&[16]),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out)],
        );
        check_eq(&v.label, "out", &out, &want);
    }
}

#[test]
fn reqd_wgs() {
    let mut rng = Rng::new(43);
    let (w, h) = (16usize, 4usize);
    let input = rng.vec_i32(w * h, -1000, 1000);
    let mut want = vec![0i32; w * h];
    for y in 0..h {
        for x in 0..w {
            let base = x / 8 * 8;
            let s: i32 = input[y * w + base..y * w + base + 8].iter().sum();
            want[y * w + x] = s * 10 + (x % 8) as i32;
        }
    }
    for v in variants("reqd_wgs") {
        assert_eq!(v.kernel("reqd_wgs").reqd_work_group_size(), Some([8, 2, 1]), "{}: reqd_work_group_size", v.label);
        let mut out = vec![0i32; w * h];
        v.run(
            "reqd_wgs",
            NdRange::d2(w as u64, h as u64).local(&[8, 2]),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out)],
        );
        check_eq(&v.label, "row sums", &out, &want);
        // without a local size the required one is used
        let mut out = vec![0i32; w * h];
        let kernel = v.kernel("reqd_wgs");
        let mut input_copy = input.clone();
        match kernel.run(&NdRange::d2(w as u64, h as u64), &mut [Arg::buffer(&mut input_copy), Arg::buffer(&mut out)]) {
            Ok(info) => assert_eq!(info.local_size, [8, 2, 1], "{}: local size chosen without one given", v.label),
            Err(e) => panic!("{}: running without a local size failed: {e}", v.label),
        }
        check_eq(&v.label, "row sums (local size from reqd_work_group_size)", &out, &want);
    }
}

#[test]
fn program_scope_variables_persist_per_program() {
    // `global int counter`: kept from one launch to the next within a program; a second
    // load of the same module (same options) is a program of its own, with its own
    // counter, as each OpenCL program object has.
    for v in variants("program_scope") {
        let bump = |p: &Program| {
            let mut out = [0i32; 1];
            p.kernel("bump")
                .unwrap_or_else(|e| panic!("{}: {e}", v.label))
                .run(&NdRange::d1(4), &mut [Arg::buffer(&mut out)])
                .unwrap_or_else(|e| panic!("{}: {e}", v.label));
            out[0]
        };
        assert_eq!([bump(&v.program), bump(&v.program), bump(&v.program)], [0, 1, 2], "{}", v.label);
        let path = kernel_dir().join(format!("{}.spv", v.build));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let again =
            Program::with_options(&bytes, &v.program.options().clone()).unwrap_or_else(|e| panic!("{}: {e}", v.label));
        assert_eq!(bump(&again), 0, "{}: a second load shares the first one's variables", v.label);
    }
}

#[test]
fn async_copy() {
    let mut rng = Rng::new(43);
    for (groups, local) in [(4usize, 16usize), (3, 5), (2, 64)] {
        // `in` is a `width`-wide matrix with `local` rows: column g has `local` elements.
        let width = groups;
        let input = rng.vec_f32((groups * local).max(width * local), -100.0, 100.0);
        for v in variants("async_copy") {
            let mut out = vec![0f32; groups * local];
            let mut cols = vec![-1f32; width * local];
            let args = &mut [
                Arg::read_only(&input),
                Arg::buffer(&mut out),
                Arg::buffer(&mut cols),
                Arg::local(local * 4),
                Arg::local(local * 4),
                Arg::value(width as i32),
            ];
            v.run("async_copy", NdRange::d1((groups * local) as u64).local(&[local as u64]), args);
            let mut want = vec![0f32; groups * local];
            let mut want_cols = vec![-1f32; width * local];
            for g in 0..groups {
                for l in 0..local {
                    let t = input[g * local + l] * 2.0 + input[g + (local - 1 - l) * width];
                    want[g * local + l] = t;
                    want_cols[g + l * width] = t;
                }
            }
            let ctx = format!("{} groups {groups} local {local}", v.label);
            check_f32_exact(&ctx, "out", &out, &want);
            check_f32_exact(&ctx, "cols", &cols, &want_cols);
        }
    }
}

//! Corpus tests: control flow, calls and work-item queries. How every kernel is run and
//! checked (each build, each width, compared with a Rust reference and with the scalar
//! path) is `common::corpus`.

mod common;

use common::corpus::*;

// ---------------------------------------------------------------------------------------
// Control flow and calls.
// ---------------------------------------------------------------------------------------

fn cf_loops_ref(v: i32) -> [i32; 2] {
    let n = (v & 15) + 1;
    let mut acc = 0i32;
    for i in 0..n {
        if i % 3 == 1 {
            continue;
        }
        for j in 0..=i {
            if j * i > (v & 63) {
                break;
            }
            acc += i * 7 + j;
        }
        if acc > 1000 {
            break;
        }
    }
    let mut steps = 0;
    let mut c = (v as u32) | 1;
    loop {
        c = if c & 1 != 0 { c.wrapping_mul(3).wrapping_add(1) } else { c >> 1 };
        steps += 1;
        if c == 1 || steps >= 200 {
            break;
        }
    }
    [acc, steps]
}

#[test]
fn cf_loops() {
    let mut rng = Rng::new(35);
    let n = 300usize;
    let input: Vec<i32> = (0..n).map(|i| if i < 70 { i as i32 } else { rng.i32() }).collect();
    let want: Vec<i32> = input.iter().flat_map(|v| cf_loops_ref(*v)).collect();
    for v in variants("cf_loops") {
        let mut out = vec![0i32; n * 2];
        v.run("cf_loops", NdRange::d1(n as u64).local(&[32]), &mut [Arg::read_only(&input), Arg::buffer(&mut out)]);
        check_eq(&v.label, "(acc, steps)", &out, &want);
    }
}

/// Blocks out of dominance order — SPIR-V requires every block to come after the blocks
/// that dominate it, but llvm-spirv keeps LLVM's block order, which need not — translate
/// and run like the module in order. The test reverses every function's blocks after
/// the entry block.
#[test]
fn blocks_out_of_dominance_order() {
    let bytes = std::fs::read("tests/kernels/cf_loops.O2.spv").expect("the corpus module");
    let words: Vec<u32> = bytes.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
    let mut module = rspirv::dr::load_words(&words).expect("the corpus module parses");
    for f in &mut module.functions {
        if f.blocks.len() > 2 {
            f.blocks[1..].reverse();
        }
    }
    let shuffled = rspirv::binary::Assemble::assemble(&module);
    assert_ne!(shuffled, words, "the test must change the block order");
    let mut rng = Rng::new(35);
    let n = 300usize;
    let input: Vec<i32> = (0..n).map(|_| rng.i32()).collect();
    let want: Vec<i32> = input.iter().flat_map(|v| cf_loops_ref(*v)).collect();
    let program = spirjit::Program::from_words(&shuffled).expect("out-of-order blocks are accepted");
    let mut out = vec![0i32; n * 2];
    program
        .kernel("cf_loops")
        .and_then(|k| k.run(&NdRange::d1(n as u64).local(&[32]), &mut [Arg::read_only(&input), Arg::buffer(&mut out)]))
        .expect("the kernel runs");
    check_eq("cf_loops, blocks reversed", "(acc, steps)", &out, &want);
}

fn cf_switch_ref(v: i32) -> [i32; 2] {
    let r = match v & 7 {
        0 => 11,
        1 => 10,
        2 | 3 => 1100,
        6 => -15,
        7 => 0,
        _ => 1000,
    };
    let mut k = 0i32;
    for i in 0..10 {
        match (v >> i) & 3 {
            0 => {
                k += 1;
                continue;
            }
            1 => k += 2,
            2 => {
                k *= 2;
                k ^= i;
            }
            _ => k ^= i,
        }
        if k > 40 {
            break;
        }
    }
    [r, k]
}

#[test]
fn cf_switch() {
    let mut rng = Rng::new(36);
    let n = 256usize;
    let input: Vec<i32> = (0..n).map(|i| if i < 16 { i as i32 - 8 } else { rng.i32() }).collect();
    let want: Vec<i32> = input.iter().flat_map(|v| cf_switch_ref(*v)).collect();
    for v in variants("cf_switch") {
        let mut out = vec![0i32; n * 2];
        let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::value(0i32)];
        v.run("cf_switch", NdRange::d1(n as u64).local(&[16]), args);
        check_eq(&v.label, "(r, k)", &out, &want);
    }
}

#[test]
fn cf_early_return() {
    let mut rng = Rng::new(37);
    let n = 400usize;
    let input: Vec<i32> = (0..n)
        .map(|i| match i {
            0..=99 => i as i32,
            100 => i32::MIN,
            101 => 0,
            102 => 1005,
            103 => 1 << 20,
            _ if i % 3 == 0 => rng.range(-100, 100_000) << rng.range(0, 8),
            _ => rng.range(-1000, 100_000),
        })
        .collect();
    const SENTINEL: i32 = 0x7777;
    for v in variants("cf_early_return") {
        let mut out = vec![SENTINEL; n];
        let mut aux = vec![SENTINEL; n];
        v.run(
            "cf_early_return",
            NdRange::d1(n as u64).local(&[16]),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut aux)],
        );
        let mut want = vec![SENTINEL; n];
        let mut want_aux = vec![-1; n];
        for (i, &x) in input.iter().enumerate() {
            if x < 0 {
                want[i] = x.wrapping_neg();
                continue;
            }
            if (x & 1) != 0 && (x % 3 == 0 || x % 5 == 0) {
                want[i] = 1;
                if x <= 1000 {
                    want_aux[i] = 2;
                }
                continue;
            }
            let t = if x == 0 { 32 } else { x.trailing_zeros() as i32 };
            if t >= 32 || (x > 50_000 && t > 2) {
                continue;
            }
            want[i] = t * 100 + (x % 7 == 0 || (x & 6) == 6) as i32;
            want_aux[i] = x >> t;
        }
        check_eq(&v.label, "out", &out, &want);
        check_eq(&v.label, "aux", &aux, &want_aux);
    }
}

#[test]
fn func_call() {
    let mut rng = Rng::new(38);
    let n = 120usize;
    let input = rng.vec_i32(n * 4, -1000, 1000);
    for v in variants("func_call") {
        let mut out = vec![0i32; n * 3];
        let mut fout = vec![f32::NAN; n];
        v.run(
            "func_call",
            NdRange::d1(n as u64).local(&[8]),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut fout)],
        );
        let mut want = Vec::new();
        let mut fwant = Vec::new();
        for g in 0..n {
            let s = &input[g * 4..g * 4 + 4];
            let (lo, hi) = (*s.iter().min().unwrap(), *s.iter().max().unwrap());
            let x = s[0] & 255;
            want.extend_from_slice(&[lo, hi, x * x * 3 - 7]);
            let w = (g & 7) as i32;
            fwant.push(lo as f32 + (hi as f32 - lo as f32) * ((w * w) as f32 / 64.0));
        }
        check_eq(&v.label, "(min, max, poly)", &out, &want);
        check_f32_rel(&v.label, "blend", &fout, &fwant, 1e-6, 1e-4);
    }
}

#[test]
fn two_kernels() {
    let mut rng = Rng::new(39);
    let n = 100usize;
    let a = rng.vec_i32(n, -100_000, 100_000);
    for v in variants("two_kernels") {
        let mut names = v.program.kernel_names();
        names.sort();
        assert_eq!(names, vec!["offset_add".to_string(), "scale".to_string()], "{}: kernel_names", v.label);
        assert_eq!(v.program.kernels().len(), 2, "{}: kernels()", v.label);
        let mut data = a.clone();
        v.run("scale", NdRange::d1(n as u64), &mut [Arg::buffer(&mut data), Arg::value(-3i32)]);
        let want: Vec<i32> = a.iter().map(|x| x * -3 - 1).collect();
        check_eq(&v.label, "scale", &data, &want);
        let mut b = vec![0i32; n];
        v.run(
            "offset_add",
            NdRange::d1(n as u64).local(&[10]),
            &mut [Arg::read_only(&a), Arg::buffer(&mut b), Arg::value(17i32)],
        );
        let want: Vec<i32> = (0..n).map(|i| a[i] * 2 - 1 + 17 + i as i32).collect();
        check_eq(&v.label, "offset_add", &b, &want);
    }
}

// ---------------------------------------------------------------------------------------
// Work-item queries.
// ---------------------------------------------------------------------------------------

/// Everything OpenCL says a work-item sees, computed from the NDRange.
struct ItemInfo {
    global_id: [u64; 3],
    local_id: [u64; 3],
    group_id: [u64; 3],
    local_size: [u64; 3],
    num_groups: [u64; 3],
    /// Linear index of the item in the range without offset.
    linear: u64,
    local_linear: u64,
}

/// The work-items of `global`/`local`/`offset` (unused dimensions are 1/1/0).
fn items(global: [u64; 3], local: [u64; 3], offset: [u64; 3]) -> Vec<ItemInfo> {
    let mut out = Vec::new();
    for z in 0..global[2] {
        for y in 0..global[1] {
            for x in 0..global[0] {
                let g = [x, y, z];
                let group_id = [0, 1, 2].map(|d| g[d] / local[d]);
                let local_size = [0, 1, 2].map(|d| local[d].min(global[d] - group_id[d] * local[d]));
                let local_id = [0, 1, 2].map(|d| g[d] % local[d]);
                out.push(ItemInfo {
                    global_id: [0, 1, 2].map(|d| g[d] + offset[d]),
                    local_id,
                    group_id,
                    local_size,
                    num_groups: [0, 1, 2].map(|d| global[d].div_ceil(local[d])),
                    linear: (z * global[1] + y) * global[0] + x,
                    local_linear: (local_id[2] * local_size[1] + local_id[1]) * local_size[0] + local_id[0],
                });
            }
        }
    }
    out
}

/// The launch shapes workitem kernels run with: 1-D, 2-D and 3-D, with offsets and
/// non-uniform last groups.
/// (work_dim, global size, local size, global offset) of one launch.
type Launch = (u32, [u64; 3], [u64; 3], [u64; 3]);

fn workitem_ranges() -> Vec<Launch> {
    vec![
        (1, [37, 1, 1], [8, 1, 1], [4, 0, 0]),
        (1, [64, 1, 1], [16, 1, 1], [0, 0, 0]),
        (2, [10, 7, 1], [4, 2, 1], [0, 5, 0]),
        (3, [5, 4, 3], [2, 3, 2], [1, 2, 3]),
        (3, [4, 4, 4], [2, 2, 2], [0, 0, 0]),
    ]
}

fn nd(dims: u32, global: [u64; 3], local: [u64; 3], offset: [u64; 3]) -> NdRange {
    let d = dims as usize;
    let base = match dims {
        1 => NdRange::d1(global[0]),
        2 => NdRange::d2(global[0], global[1]),
        _ => NdRange::d3(global[0], global[1], global[2]),
    };
    base.local(&local[..d]).offset(&offset[..d])
}

#[test]
fn workitem() {
    for v in variants("workitem") {
        for (dims, global, local, offset) in workitem_ranges() {
            let all = items(global, local, offset);
            let ctx = format!("{} global {global:?} local {local:?} offset {offset:?}", v.label);
            let mut out = vec![u32::MAX; all.len() * 24];
            v.run("workitem", nd(dims, global, local, offset), &mut [Arg::buffer(&mut out)]);
            let mut want = vec![0u32; all.len() * 24];
            for it in &all {
                let o = &mut want[it.linear as usize * 24..it.linear as usize * 24 + 24];
                for d in 0..3 {
                    o[d] = it.global_id[d] as u32;
                    o[3 + d] = it.local_id[d] as u32;
                    o[6 + d] = it.group_id[d] as u32;
                    o[9 + d] = global[d] as u32;
                    o[12 + d] = it.local_size[d] as u32;
                    o[15 + d] = it.num_groups[d] as u32;
                    o[18 + d] = offset[d] as u32;
                }
                o[21] = dims;
                o[22] = it.linear as u32;
                o[23] = it.local_linear as u32;
            }
            let names =
                ["global_id", "local_id", "group_id", "global_size", "local_size", "num_groups", "global_offset"];
            for (q, name) in names.iter().enumerate() {
                for d in 0..3 {
                    let g: Vec<u32> = (0..all.len()).map(|i| out[i * 24 + 3 * q + d]).collect();
                    let w: Vec<u32> = (0..all.len()).map(|i| want[i * 24 + 3 * q + d]).collect();
                    check_eq(&ctx, &format!("get_{name}({d})"), &g, &w);
                }
            }
            check_eq(&ctx, "all fields (21 work_dim, 22 linear, 23 local linear)", &out, &want);

            let mut out = vec![u32::MAX; all.len() * 8];
            v.run("workitem_const", nd(dims, global, local, offset), &mut [Arg::buffer(&mut out)]);
            let mut want = vec![0u32; all.len() * 8];
            let combine = |a: [u64; 3]| (a[0] + 100 * a[1] + 10000 * a[2]) as u32;
            for it in &all {
                let o = &mut want[it.linear as usize * 8..it.linear as usize * 8 + 8];
                o[0] = it.global_id[0] as u32;
                o[1] = it.global_id[1] as u32;
                o[2] = it.global_id[2] as u32;
                o[3] = combine(it.local_id);
                o[4] = combine(it.group_id);
                o[5] = combine(global);
                o[6] = combine(offset);
                o[7] = dims;
            }
            check_eq(&ctx, "workitem_const (constant dimensions)", &out, &want);
        }
    }
}

#[test]
fn workitem_cl20() {
    for v in variants("workitem_cl20") {
        for (dims, global, local, offset) in workitem_ranges() {
            let all = items(global, local, offset);
            let ctx = format!("{} global {global:?} local {local:?} offset {offset:?}", v.label);
            let mut out = vec![u32::MAX; all.len() * 8];
            v.run("workitem_cl20", nd(dims, global, local, offset), &mut [Arg::buffer(&mut out)]);
            let mut want = vec![0u32; all.len() * 8];
            for it in &all {
                let o = &mut want[it.linear as usize * 8..it.linear as usize * 8 + 8];
                for d in 0..3 {
                    o[d] = local[d] as u32;
                    o[3 + d] = it.local_size[d] as u32;
                }
                o[6] = it.linear as u32;
                o[7] = it.local_linear as u32;
            }
            check_eq(&ctx, "(enqueued local size, local size, global linear id, local linear id)", &out, &want);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Divergent branches whose lanes agree in most lane groups of a launch (the agree copy
// and the masked chain, and the switches between them, in the same launch).
// ---------------------------------------------------------------------------------------

/// Runs of `len` equal values from `kinds`, with a different value planted at a few
/// positions, so that lane groups at every W see full, empty and mixed masks.
fn runs_with_spots(n: usize, len: usize, kinds: &[i32], spots: &[(usize, i32)]) -> Vec<i32> {
    let mut v: Vec<i32> = (0..n).map(|i| kinds[(i / len) % kinds.len()]).collect();
    for &(at, x) in spots {
        if at < n {
            v[at] = x;
        }
    }
    v
}

#[test]
fn agree_stencil() {
    let mut rng = Rng::new(41);
    let (gw, gh) = (80u64, 24u64);
    for (w, h, local) in [(70i32, 21i32, [16u64, 4]), (80, 24, [4, 4]), (37, 24, [8, 8])] {
        let input = rng.vec_f32((gw * gh) as usize, -1.0, 1.0);
        for v in variants("cf_agree") {
            let mut out = vec![5.0f32; (gw * gh) as usize];
            v.run(
                "agree_stencil",
                NdRange::d2(gw, gh).local(&local),
                &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::value(w), Arg::value(h)],
            );
            let mut want = vec![5.0f32; (gw * gh) as usize];
            for y in 0..gh as i32 {
                for x in 0..gw as i32 {
                    let i = (y * w + x) as usize;
                    if x > 0 && x < w - 1 && y > 0 && y < h - 1 {
                        let f = |k: usize| input[k];
                        want[i] = 0.25 * (f(i - 1) + f(i + 1) + f(i - w as usize) + f(i + w as usize));
                    } else if x < w && y < h {
                        want[i] = -1.0;
                    }
                }
            }
            check_f32_exact(&format!("{} {w}x{h} local {local:?}", v.label), "out", &out, &want);
        }
    }
}

fn agree_regions_ref(m: i32, v: i32, out: &mut i32, aux: &mut i32) {
    *aux = -7;
    let mut acc = v;
    if m > 0 {
        let mut k = 0;
        loop {
            acc = acc.wrapping_mul(3).wrapping_add(k);
            if acc & 3 == 1 {
                *aux = acc;
            }
            k += 1;
            if k >= m {
                break;
            }
        }
        if m > 5 {
            if v < 0 {
                *out = acc;
                return;
            }
            acc += 1000;
        }
    } else {
        acc = -acc;
        if m < -3 {
            return;
        }
    }
    *out = acc;
    *aux = m + acc;
}

#[test]
fn agree_regions() {
    let mut rng = Rng::new(43);
    let n = 640usize;
    let spots = [(5, 0), (70, 7), (100, -5), (130, 3), (131, 7), (200, -1), (333, 6), (500, 1), (639, -4)];
    let mode = runs_with_spots(n, 48, &[2, 7, 0, -5, 7, 1, -1, 6], &spots);
    // Values negative in whole runs and at a few spots (the early return agrees or not).
    let val: Vec<i32> = (0..n)
        .map(|i| if (i / 40) % 3 == 1 || i % 97 == 3 { -rng.range(1, 5000) } else { rng.range(0, 5000) })
        .collect();
    const SENTINEL: i32 = 0x7777;
    for local in [32u64, 16, 64] {
        for v in variants("cf_agree") {
            let (mut out, mut aux) = (vec![SENTINEL; n], vec![SENTINEL; n]);
            v.run(
                "agree_regions",
                NdRange::d1(n as u64).local(&[local]),
                &mut [Arg::read_only(&mode), Arg::read_only(&val), Arg::buffer(&mut out), Arg::buffer(&mut aux)],
            );
            let (mut want, mut want_aux) = (vec![SENTINEL; n], vec![SENTINEL; n]);
            for i in 0..n {
                agree_regions_ref(mode[i], val[i], &mut want[i], &mut want_aux[i]);
            }
            let ctx = format!("{} local {local}", v.label);
            check_eq(&ctx, "out", &out, &want);
            check_eq(&ctx, "aux", &aux, &want_aux);
        }
    }
}

#[test]
fn agree_barrier() {
    let n = 512usize;
    let mode = runs_with_spots(n, 40, &[3, -2, 1, 0, 5], &[(7, -1), (100, 4), (301, 0), (450, 2)]);
    for local in [64usize, 16, 32] {
        for v in variants("cf_agree") {
            let mut out = vec![0i32; n];
            v.run(
                "agree_barrier",
                NdRange::d1(n as u64).local(&[local as u64]),
                &mut [Arg::read_only(&mode), Arg::buffer(&mut out), Arg::local(local * 4)],
            );
            let mut want = vec![0i32; n];
            for (g, w) in want.iter_mut().enumerate() {
                let base = g - g % local;
                let t = |l: usize| {
                    let m = mode[base + l % local];
                    if m > 0 {
                        m * 2
                    } else {
                        1 - m
                    }
                };
                let (l, m) = (g % local, mode[g]);
                let mut s = t(l + 1);
                for k in 0..3 {
                    if m + k as i32 > 1 {
                        s += k as i32;
                    } else {
                        s -= t(l + k);
                    }
                }
                *w = s;
            }
            check_eq(&format!("{} local {local}", v.label), "out", &out, &want);
        }
    }
}

#[test]
fn agree_switch() {
    let n = 300usize;
    let mode = runs_with_spots(n, 24, &[0, 1, 2, 9, 1], &[(3, 2), (50, 0), (51, 9), (299, 1)]);
    for v in variants("cf_agree") {
        let mut out = vec![0i32; n];
        v.run("agree_switch", NdRange::d1(n as u64).local(&[20]), &mut [Arg::read_only(&mode), Arg::buffer(&mut out)]);
        let want: Vec<i32> = (0..n)
            .map(|g| match mode[g] {
                0 => 10,
                1 => g as i32,
                2 => -(g as i32),
                _ => 7,
            })
            .collect();
        check_eq(&v.label, "out", &out, &want);
    }
}

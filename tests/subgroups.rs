//! Sub-groups are lane groups: the kernels in `tests/kernels/subgroups/` (OpenCL C with
//! cl_khr_subgroups, the cl_khr_subgroup_* extensions and cl_intel_subgroups shuffles,
//! and a GLSL shader with GL_KHR_shader_subgroup_*) run through the public API at
//! W = 1, 4, 8 and 16, against a reference computed here with sub-group size = the W
//! the kernel reports (`Kernel::path`).
//!
//! The reference model: a sub-group is W consecutive work-items by local linear id
//! (the last one of a work-group may be partial); collectives combine the *active*
//! work-items (those that exist and reach the instruction) in sub-group local id order;
//! reading a work-item that is not active or out of range gives 0.
//!
//! A missing `.spv` is a failure: rebuild with `tests/kernels/subgroups/build.sh`.

use std::path::Path;

mod common;

use spirjit::{Arg, Kernel, NdRange, Options, Program};

const LANES: [u32; 4] = [1, 4, 8, 16];

fn program(file: &str, lanes: u32) -> Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/subgroups").join(file);
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; rebuild with tests/kernels/subgroups/build.sh", path.display()));
    Program::with_options(&bytes, &Options { lanes, checked: true, robust_buffer_access: false })
        .unwrap_or_else(|e| panic!("{file} (lanes {lanes}): {e}"))
}

/// The sub-group size the kernel was compiled for; it must be the requested one (every
/// kernel here takes the vector path).
fn lanes_of(k: &Kernel, requested: u32) -> usize {
    let path = k.path().unwrap_or_else(|e| panic!("{}: {e}", k.name()));
    assert_eq!(path.lanes, requested, "{}: took {path:?}", k.name());
    path.lanes as usize
}

/// Like [`lanes_of`], for a kernel with collectives in divergent code: at W > 1 it must
/// run under execution masks.
fn masked_lanes_of(k: &Kernel, requested: u32) -> usize {
    let w = lanes_of(k, requested);
    let note = k.path().map(|p| p.note).unwrap_or_default();
    assert!(w == 1 || note.contains("masked"), "{}: {note}", k.name());
    w
}

/// The divergent kernels' condition on the local id: `lid % 3 != 0`.
fn in_branch(lid: usize) -> bool {
    !lid.is_multiple_of(3)
}

/// Deterministic integers in `lo..hi`.
fn ints(n: usize, seed: u32, lo: i32, hi: i32) -> Vec<i32> {
    let mut r = common::XorShift::new(seed);
    (0..n).map(|_| lo + (r.next_u32() % (hi - lo) as u32) as i32).collect()
}

/// The sub-groups of a 1-D launch of `n` work-items in groups of `local`: per sub-group,
/// W slots holding the global index of the work-item in that lane, if it exists.
fn sub_groups(n: usize, local: usize, w: usize) -> Vec<Vec<Option<usize>>> {
    let mut out = Vec::new();
    for start in (0..n).step_by(local) {
        let count = local.min(n - start);
        for s in (0..count).step_by(w) {
            out.push((0..w).map(|l| (s + l < count).then_some(start + s + l)).collect());
        }
    }
    out
}

/// Values of the active lanes (`None` elsewhere).
fn view<T: Copy>(sg: &[Option<usize>], data: &[T], active: impl Fn(usize) -> bool) -> Vec<Option<T>> {
    sg.iter().map(|g| g.filter(|g| active(*g)).map(|g| data[g])).collect()
}

/// Lane `j` when it is in range and active, else `zero`.
fn read<T: Copy>(v: &[Option<T>], j: i64, zero: T) -> T {
    usize::try_from(j).ok().and_then(|j| v.get(j).copied().flatten()).unwrap_or(zero)
}

/// Per lane: the combination of the active lanes before it (exclusive), up to it
/// (inclusive), and of all of them (reduce), in lane order starting from the first
/// active value; `id` for an empty combination.
fn scans<T: Copy>(v: &[Option<T>], id: T, f: impl Fn(T, T) -> T) -> (Vec<T>, Vec<T>, T) {
    let mut acc: Option<T> = None;
    let (mut ex, mut inc) = (Vec::new(), Vec::new());
    for x in v {
        ex.push(acc.unwrap_or(id));
        if let Some(x) = x {
            acc = Some(match acc {
                Some(a) => f(a, *x),
                None => *x,
            });
        }
        inc.push(acc.unwrap_or(id));
    }
    (ex, inc, acc.unwrap_or(id))
}

/// minNum / maxNum as the lowering computes them (no signed zeros in the test data).
fn fmin(a: f32, b: f32) -> f32 {
    if a.is_nan() {
        b
    } else if b.is_nan() || a < b {
        a
    } else {
        b
    }
}
fn fmax(a: f32, b: f32) -> f32 {
    if a.is_nan() {
        b
    } else if b.is_nan() || a > b {
        a
    } else {
        b
    }
}

/// Runs `body(kernel, w, n, local)` for every W of [`LANES`] and every work shape of
/// [`SHAPES`], `w` being the W the kernel got (`masked`: it must be the masked vector path).
fn for_each_width_and_shape(file: &str, name: &str, masked: bool, mut body: impl FnMut(&Kernel, usize, usize, usize)) {
    for lanes in LANES {
        let p = program(file, lanes);
        let k = p.kernel(name).unwrap();
        let w = if masked { masked_lanes_of(&k, lanes) } else { lanes_of(&k, lanes) };
        for (n, local) in SHAPES {
            body(&k, w, n, local);
        }
    }
}

#[test]
fn queries_count_lane_groups() {
    // 2-D, with work-groups of 3 × 2 (not a multiple of W > 2) and partial groups at the edges.
    let (gx, gy, lx, ly) = (7usize, 5usize, 3usize, 2usize);
    for lanes in LANES {
        let p = program("queries.spv", lanes);
        let k = p.kernel("queries").unwrap();
        let w = lanes_of(&k, lanes);
        let mut o = vec![u32::MAX; gx * gy * 7];
        k.run(&NdRange::d2(gx as u64, gy as u64).local(&[lx as u64, ly as u64]), &mut [Arg::buffer(&mut o)])
            .unwrap_or_else(|e| panic!("queries W={lanes}: {e}"));
        for y in 0..gy {
            for x in 0..gx {
                let (sx, sy) = (lx.min(gx - x / lx * lx), ly.min(gy - y / ly * ly));
                let total = sx * sy;
                let lin = (y % ly) * sx + x % lx;
                let size = w.min(total - lin / w * w);
                let want = [size, w, total.div_ceil(w), (lx * ly).div_ceil(w), lin / w, lin % w, lin];
                let g = y * gx + x;
                let got: Vec<usize> = o[g * 7..g * 7 + 7].iter().map(|v| *v as usize).collect();
                assert_eq!(
                    got, want,
                    "work-item ({x}, {y}), W={w}: [size, max, count, enqueued, id, local id, linear]"
                );
            }
        }
    }
}

/// Run a 1-D kernel with one input and `stride` outputs per work-item.
fn run_1d<T: spirjit::Pod + Default + Copy>(k: &Kernel, n: usize, local: usize, a: &[T], stride: usize) -> Vec<T> {
    let mut o = vec![T::default(); n * stride];
    k.run(&NdRange::d1(n as u64).local(&[local as u64]), &mut [Arg::read_only(a), Arg::buffer(&mut o)])
        .unwrap_or_else(|e| panic!("{} n={n} local={local}: {e}", k.name()));
    o
}

/// (global size, work-group size) pairs: partial sub-groups and partial work-groups.
const SHAPES: [(usize, usize); 3] = [(46, 6), (40, 16), (37, 13)];

#[test]
fn votes_and_broadcasts() {
    for_each_width_and_shape("collectives.spv", "votes", false, |k, w, n, local| {
        let a = ints(n, 7, -10, 50);
        let o = run_1d(k, n, local, &a, 5);
        for sg in sub_groups(n, local, w) {
            let v = view(&sg, &a, |_| true);
            let size = v.iter().flatten().count();
            let all = v.iter().flatten().all(|x| *x > 0) as i32;
            let any = v.iter().flatten().any(|x| *x > 40) as i32;
            for (l, g) in sg.iter().enumerate() {
                let Some(g) = *g else { continue };
                let want =
                    [all, any, read(&v, 0, 0), read(&v, size as i64 - 1, 0), 3 * read(&v, (size as i64 - 1) / 2, 0)];
                assert_eq!(o[g * 5..g * 5 + 5], want, "work-item {g} (lane {l}), W={w}, n={n}, local={local}");
            }
        }
    });
}

/// An identity and a combining function.
type Combine<T> = (T, fn(T, T) -> T);

/// Check a 9-output reduce/scan kernel: (reduce, inclusive, exclusive) of add, min, max.
fn check_scans<T: spirjit::Pod + Default + Copy + PartialEq + std::fmt::Debug>(
    kernel: &str,
    data: impl Fn(usize) -> Vec<T>,
    ops: [Combine<T>; 3],
) {
    for_each_width_and_shape("collectives.spv", kernel, false, |k, w, n, local| {
        let a = data(n);
        let o = run_1d(k, n, local, &a, 9);
        for sg in sub_groups(n, local, w) {
            let v = view(&sg, &a, |_| true);
            let per_op: Vec<_> = ops.iter().map(|(id, f)| scans(&v, *id, f)).collect();
            for (l, g) in sg.iter().enumerate() {
                let Some(g) = *g else { continue };
                let mut want = Vec::new();
                for (ex, inc, red) in &per_op {
                    want.extend([*red, inc[l], ex[l]]);
                }
                assert_eq!(
                    o[g * 9..g * 9 + 9],
                    want[..],
                    "{kernel}: work-item {g} (lane {l}), W={w}, n={n}, local={local}"
                );
            }
        }
    });
}

#[test]
fn int_reductions_and_scans() {
    check_scans::<i32>(
        "scans_int",
        |n| ints(n, 3, -1_000_000, 1_000_000).into_iter().map(|x| x.wrapping_mul(1500)).collect(),
        [(0, i32::wrapping_add), (i32::MAX, std::cmp::min), (i32::MIN, std::cmp::max)],
    );
}

#[test]
fn uint_reductions_and_scans() {
    check_scans::<u32>(
        "scans_uint",
        |n| ints(n, 5, 0, i32::MAX).into_iter().map(|x| (x as u32).wrapping_mul(3)).collect(),
        [(0, u32::wrapping_add), (u32::MAX, std::cmp::min), (0, std::cmp::max)],
    );
}

#[test]
fn float_reductions_and_scans_in_lane_order() {
    check_scans::<f32>(
        "scans_float",
        |n| ints(n, 9, -5000, 5000).into_iter().map(|x| (x as f32 + 0.5) * 0.0137).collect(),
        [(0.0, |a, b| a + b), (f32::INFINITY, fmin), (f32::NEG_INFINITY, fmax)],
    );
}

#[test]
fn collectives_in_divergent_code() {
    for_each_width_and_shape("collectives.spv", "divergent", true, |k, w, n, local| {
        let a = ints(n, 11, -10, 50);
        let o = run_1d(k, n, local, &a, 6);
        for sg in sub_groups(n, local, w) {
            let v = view(&sg, &a, |g| in_branch(g % local));
            let (_, inc_add, red_add) = scans(&v, 0, i32::wrapping_add);
            let (ex_max, _, _) = scans(&v, i32::MIN, std::cmp::max);
            let (ex_min, _, _) = scans(&v, i32::MAX, std::cmp::min);
            let all = v.iter().flatten().all(|x| *x > 2) as i32;
            let any = v.iter().flatten().any(|x| *x > 45) as i32;
            for (l, g) in sg.iter().enumerate() {
                let Some(g) = *g else { continue };
                let want = if v[l].is_some() { [red_add, inc_add[l], ex_max[l], all, any, ex_min[l]] } else { [-1; 6] };
                assert_eq!(o[g * 6..g * 6 + 6], want, "work-item {g} (lane {l}), W={w}, n={n}, local={local}");
            }
        }
    });
}

#[test]
fn collectives_after_a_barrier() {
    for_each_width_and_shape("collectives.spv", "after_barrier", false, |k, w, n, local| {
        let a = ints(n, 37, -1000, 1000);
        let mut o = vec![0i32; n * 2];
        k.run(
            &NdRange::d1(n as u64).local(&[local as u64]),
            &mut [Arg::read_only(&a), Arg::buffer(&mut o), Arg::local(local * 4)],
        )
        .unwrap_or_else(|e| panic!("after_barrier W={w}: {e}"));
        // Each work-item reads its right neighbour (wrapping) within its work-group.
        let shifted: Vec<i32> = (0..n)
            .map(|g| {
                let start = g / local * local;
                let count = local.min(n - start);
                a[start + (g - start + 1) % count]
            })
            .collect();
        for sg in sub_groups(n, local, w) {
            let v = view(&sg, &shifted, |_| true);
            let (ex, _, red) = scans(&v, 0, i32::wrapping_add);
            for (l, g) in sg.iter().enumerate() {
                let Some(g) = *g else { continue };
                assert_eq!(o[g * 2..g * 2 + 2], [red, ex[l]], "work-item {g} (lane {l}), W={w}, n={n}, local={local}");
            }
        }
    });
}

#[test]
fn extended_types() {
    for_each_width_and_shape("khr_non_uniform.spv", "extended", false, |k, w, n, local| {
        let a = ints(n, 41, -100, 100);
        let mut o = vec![0i64; n * 6];
        let mut f = vec![0f64; n];
        k.run(
            &NdRange::d1(n as u64).local(&[local as u64]),
            &mut [Arg::read_only(&a), Arg::buffer(&mut o), Arg::buffer(&mut f)],
        )
        .unwrap_or_else(|e| panic!("extended W={w}: {e}"));
        for sg in sub_groups(n, local, w) {
            let v = view(&sg, &a, |_| true);
            let map = |f: fn(i32) -> i64| -> Vec<Option<i64>> { v.iter().map(|x| x.map(f)).collect() };
            let chars = map(|x| x as i8 as i64);
            let red_char = scans(&chars, 0, |a, b| (a as i8).wrapping_add(b as i8) as i64).2;
            let (_, inc_short, _) = scans(&map(|x| (x * 300) as i16 as i64), i16::MIN as i64, std::cmp::max);
            let (ex_long, _, _) = scans(&map(|x| x as i64 * 100_000_000), 0, i64::wrapping_add);
            let min_ulong =
                scans(&map(|x| (((x + 20) as u64) << 40) as i64), -1, |a, b| (a as u64).min(b as u64) as i64).2;
            let bcast = read(&v, 0, 0) as u8 as i64;
            let mul_char =
                scans(&map(|x| (x % 3 + 1) as i8 as i64), 1, |a, b| (a as i8).wrapping_mul(b as i8) as i64).2;
            let (_, inc_f, _) =
                scans(&v.iter().map(|x| x.map(|x| x as f64 * 0.1)).collect::<Vec<_>>(), 0.0, |a, b| a + b);
            for (l, g) in sg.iter().enumerate() {
                let Some(g) = *g else { continue };
                let want = [red_char, inc_short[l], ex_long[l], min_ulong, bcast, mul_char];
                assert_eq!(o[g * 6..g * 6 + 6], want, "work-item {g} (lane {l}), W={w}, n={n}, local={local}");
                assert_eq!(f[g], inc_f[l], "double scan, work-item {g}, W={w}");
            }
        }
    });
}

#[test]
fn intel_shuffles() {
    for_each_width_and_shape("intel_shuffles.spv", "intel_shuffles", false, |k, w, n, local| {
        let a = ints(n, 13, -100, 100);
        let d: Vec<u32> = ints(n, 17, 0, 20).into_iter().map(|x| x as u32).collect();
        let mut o = vec![0i32; n * 5];
        let mut f = vec![0f32; n];
        k.run(
            &NdRange::d1(n as u64).local(&[local as u64]),
            &mut [Arg::read_only(&a), Arg::read_only(&d), Arg::buffer(&mut o), Arg::buffer(&mut f)],
        )
        .unwrap_or_else(|e| panic!("intel_shuffles W={w}: {e}"));
        for sg in sub_groups(n, local, w) {
            let v = view(&sg, &a, |_| true);
            let wi = w as i64;
            for (l, g) in sg.iter().enumerate() {
                let Some(g) = *g else { continue };
                let (li, kk) = (l as i64, d[g] as i64);
                let down = if li + kk < wi { read(&v, li + kk, 0) } else { read(&v, li + kk - wi, -1000) + 1000 };
                let up = if li - kk >= 0 { read(&v, li - kk, 0) } else { read(&v, li - kk + wi, -1000) + 1000 };
                let want = [read(&v, kk, 0), read(&v, li ^ kk, 0), down, up, read(&v, 1, 0)];
                assert_eq!(o[g * 5..g * 5 + 5], want, "work-item {g} (lane {l}, k {kk}), W={w}, n={n}, local={local}");
                let fw = read(&v, wi - 1 - li, 0) as f32 * 0.5;
                assert_eq!(f[g], fw, "float shuffle, work-item {g}, W={w}");
            }
        }
    });
}

/// Bits `lo..hi` (hi ≤ 32).
fn bits(lo: usize, hi: usize) -> u32 {
    let m = |n: usize| if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
    m(hi) & !m(lo)
}

/// The ballot-related and shuffle results shared by the OpenCL and GLSL kernels.
struct Ballot {
    b: u32,
    w: usize,
}

impl Ballot {
    fn new(v: &[Option<i32>], w: usize) -> Ballot {
        let b = v.iter().enumerate().filter(|(_, x)| x.is_some_and(|x| x > 20)).fold(0u32, |m, (l, _)| m | 1 << l);
        Ballot { b, w }
    }
    fn count(&self) -> i32 {
        (self.b & bits(0, self.w)).count_ones() as i32
    }
    fn inclusive(&self, l: usize) -> i32 {
        (self.b & bits(0, l + 1)).count_ones() as i32
    }
    fn exclusive(&self, l: usize) -> i32 {
        (self.b & bits(0, l)).count_ones() as i32
    }
    fn lsb(&self) -> i32 {
        (self.b & bits(0, self.w)).trailing_zeros() as i32
    }
    fn msb(&self) -> i32 {
        31 - (self.b & bits(0, self.w)).leading_zeros() as i32
    }
    fn bit(&self, i: usize) -> i32 {
        (i < 32 && self.b >> i & 1 == 1) as i32
    }
}

/// The reduction of the active lanes within lane `l`'s cluster of `c` lanes.
fn clustered(v: &[Option<i32>], l: usize, c: usize, id: i32, f: fn(i32, i32) -> i32) -> i32 {
    let c = c.min(v.len());
    let start = l / c * c;
    scans(&v[start..start + c], id, f).2
}

#[test]
fn khr_non_uniform_operations() {
    for_each_width_and_shape("khr_non_uniform.spv", "non_uniform", true, |k, w, n, local| {
        let a = ints(n, 19, -10, 50);
        let d: Vec<u32> = ints(n, 23, 0, 20).into_iter().map(|x| x as u32).collect();
        let mut o = vec![0i32; n * 24];
        k.run(
            &NdRange::d1(n as u64).local(&[local as u64]),
            &mut [Arg::read_only(&a), Arg::read_only(&d), Arg::buffer(&mut o)],
        )
        .unwrap_or_else(|e| panic!("non_uniform W={w}: {e}"));
        for sg in sub_groups(n, local, w) {
            let v = view(&sg, &a, |g| in_branch(g % local));
            let first_lane = v.iter().position(|x| x.is_some());
            let first = first_lane.map_or(0, |f| read(&v, f as i64, 0));
            let act: Vec<i32> = v.iter().flatten().copied().collect();
            let bal = Ballot::new(&v, w);
            let muls: Vec<Option<i32>> = v.iter().map(|x| x.map(|x| x % 5 + 1)).collect();
            let ands: Vec<Option<i32>> = v.iter().map(|x| x.map(|x| x | 0x100)).collect();
            let (_, inc_and, _) = scans(&ands, -1, |a, b| a & b);
            let (ex_or, _, _) = scans(&v, 0, |a, b| a | b);
            for (l, g) in sg.iter().enumerate() {
                let Some(g) = *g else { continue };
                let got = &o[g * 24..g * 24 + 24];
                if v[l].is_none() {
                    assert_eq!(got, [-7; 24], "inactive work-item {g}, W={w}");
                    continue;
                }
                let (li, kk) = (l as i64, d[g] as usize);
                let want = [
                    (first_lane == Some(l)) as i32,
                    act.iter().all(|x| *x > 2) as i32,
                    act.iter().any(|x| *x > 45) as i32,
                    act.iter().all(|x| x / 20 == act[0] / 20) as i32,
                    first,
                    bal.b as i32,
                    bal.count(),
                    bal.inclusive(l),
                    bal.exclusive(l),
                    bal.lsb(),
                    bal.msb(),
                    bal.bit(l),
                    bal.bit(kk),
                    read(&v, kk as i64, 0),
                    read(&v, li ^ kk as i64, 0),
                    read(&v, li - kk as i64, 0),
                    read(&v, li + kk as i64, 0),
                    scans(&muls, 1, i32::wrapping_mul).2,
                    inc_and[l],
                    ex_or[l],
                    scans(&v, 0, |a, b| a ^ b).2,
                    act.iter().any(|x| *x > 30) as i32,
                    clustered(&v, l, 2, 0, i32::wrapping_add),
                    clustered(&v, l, 4, i32::MIN, std::cmp::max),
                ];
                for (i, (g2, w2)) in got.iter().zip(&want).enumerate() {
                    assert_eq!(g2, w2, "output {i} of work-item {g} (lane {l}, k {kk}), W={w}, n={n}, local={local}");
                }
            }
        }
    });
}

#[test]
fn glsl_subgroup_operations() {
    let n = 30usize;
    let local = 6usize;
    for lanes in LANES {
        let p = program("subgroups.spv", lanes);
        let k = p.kernel("main").unwrap();
        let w = masked_lanes_of(&k, lanes);
        let a = ints(n, 29, -10, 50);
        let f: Vec<f32> = ints(n, 31, -5000, 5000).into_iter().map(|x| (x as f32 + 0.5) * 0.0137).collect();
        let mut o = vec![0i32; n * 40];
        let mut of = vec![0f32; n * 4];
        k.run(
            &NdRange::d1(n as u64),
            &mut [Arg::read_only(&a), Arg::read_only(&f), Arg::buffer(&mut o), Arg::buffer(&mut of)],
        )
        .unwrap_or_else(|e| panic!("subgroups.comp W={w}: {e}"));
        for sg in sub_groups(n, local, w) {
            let v = view(&sg, &a, |_| true);
            let fv = view(&sg, &f, |_| true);
            let dv = view(&sg, &a, |g| in_branch(g % local));
            let size = v.iter().flatten().count();
            let act: Vec<i32> = v.iter().flatten().copied().collect();
            let bal = Ballot::new(&v, w);
            // glslang turns `%` into OpSMod (the sign of the divisor).
            let muls: Vec<Option<i32>> = v.iter().map(|x| x.map(|x| x.rem_euclid(3) + 1)).collect();
            let (_, inc_mul, _) = scans(&muls, 1, i32::wrapping_mul);
            let (ex_min, _, _) = scans(&v, i32::MAX, std::cmp::min);
            let (ex_max, inc_add, red_add) = {
                let (ex, _, _) = scans(&v, i32::MIN, std::cmp::max);
                let (_, inc, red) = scans(&v, 0, i32::wrapping_add);
                (ex, inc, red)
            };
            let umax = act.iter().map(|x| *x as u32).max().unwrap_or(0) as i32;
            let bitwise = act.iter().fold(0, |m, x| m ^ x)
                ^ act.iter().fold(0, |m, x| m | x)
                ^ act.iter().fold(-1, |m, x| m & (x | 64));
            let logical = act.iter().all(|x| *x > 1) as i32
                + 2 * act.iter().any(|x| *x > 48) as i32
                + 4 * (act.iter().filter(|x| **x > 25).count() % 2) as i32;
            let (d_ex_add, _, d_red_add) = scans(&dv, 0, i32::wrapping_add);
            let d_bal = Ballot::new(&dv, w);
            let d_first = dv.iter().position(|x| x.is_some());
            let (f_ex_min, f_inc_add, f_red_add) = {
                let (ex, _, _) = scans(&fv, f32::INFINITY, fmin);
                let (_, inc, red) = scans(&fv, 0.0, |a, b| a + b);
                (ex, inc, red)
            };
            let f_max = scans(&fv, f32::NEG_INFINITY, fmax).2;
            for (l, g) in sg.iter().enumerate() {
                let Some(g) = *g else { continue };
                let x = a[g];
                let kk = (x as u32 % 8) as usize;
                let li = l as i64;
                let lid = g % local;
                let div = if in_branch(lid) {
                    [d_red_add, d_ex_add[l], d_bal.b as i32, (d_first == Some(l)) as i32]
                } else {
                    [-5; 4]
                };
                let want = [
                    w as i32,
                    l as i32,
                    local.div_ceil(w) as i32,
                    (lid / w) as i32,
                    1 << l,
                    bits(l, w) as i32,
                    bits(l + 1, w) as i32,
                    bits(0, l + 1) as i32,
                    bits(0, l) as i32,
                    (l == 0) as i32,
                    act.iter().all(|x| *x > 2) as i32,
                    act.iter().any(|x| *x > 45) as i32,
                    act.iter().all(|x| x / 20 == act[0] / 20) as i32,
                    read(&v, 1, 0),
                    act[0],
                    bal.b as i32,
                    bal.count(),
                    bal.inclusive(l),
                    bal.exclusive(l),
                    bal.lsb(),
                    bal.msb(),
                    bal.bit(l),
                    bal.bit(kk),
                    read(&v, kk as i64, 0),
                    read(&v, li ^ 1, 0),
                    read(&v, li - 1, 0),
                    read(&v, li + 2, 0),
                    red_add,
                    inc_mul[l],
                    ex_min[l],
                    umax,
                    clustered(&v, l, 2, 0, i32::wrapping_add),
                    bitwise,
                    logical,
                    div[0],
                    div[1],
                    div[2],
                    div[3],
                    inc_add[l],
                    ex_max[l],
                ];
                let got = &o[g * 40..g * 40 + 40];
                for (i, (g2, w2)) in got.iter().zip(&want).enumerate() {
                    assert_eq!(g2, w2, "output {i} of invocation {g} (lane {l}, size {size}), W={w}");
                }
                let fwant = [f_red_add, f_inc_add[l], f_ex_min[l], f_max];
                assert_eq!(of[g * 4..g * 4 + 4], fwant, "float outputs of invocation {g}, W={w}");
            }
        }
    }
}

#[test]
fn work_group_collectives_at_work_group_scope_run() {
    // A work-group scope OpGroupIAdd (work_group_reduce_add) sums over the whole
    // work-group, not the sub-group (tests/opencl20.rs checks every collective).
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/subgroups/work_group_reduce.spv");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let p = Program::from_bytes(&bytes).unwrap_or_else(|e| panic!("{e}"));
    let mut a: Vec<i32> = (0..96).collect();
    p.kernel("wg")
        .and_then(|k| k.run(&NdRange::d1(96).local(&[48]), &mut [Arg::buffer(&mut a)]))
        .unwrap_or_else(|e| panic!("{e}"));
    let want: Vec<i32> = (0..96).map(|i| if i < 48 { (0..48).sum() } else { (48..96).sum() }).collect();
    assert_eq!(a, want);
}

#[test]
fn a_sub_group_barrier_waits_only_for_its_sub_group() {
    // Only the first sub-group of each work-group reaches the barrier; a work-group
    // barrier would fail there ("reached different barriers").
    for_each_width_and_shape("collectives.spv", "partial_sub_group_barrier", false, |k, w, n, local| {
        let mut o = vec![0i32; n];
        k.run(&NdRange::d1(n as u64).local(&[local as u64]), &mut [Arg::buffer(&mut o)])
            .unwrap_or_else(|e| panic!("partial_sub_group_barrier W={w}, n={n}, local={local}: {e}"));
        for sg in sub_groups(n, local, w) {
            for (l, g) in sg.iter().enumerate() {
                let Some(g) = *g else { continue };
                let first = (g % local) < w;
                assert_eq!(o[g], l as i32 + if first { 100 } else { 0 }, "work-item {g}, W={w}, n={n}, local={local}");
            }
        }
    });
}

#[test]
fn a_required_sub_group_size_sets_w() {
    // `intel_reqd_sub_group_size(8)`: W = 8 whatever W is asked for, so a sub-group has
    // 8 work-items.
    for lanes in [0, 1, 4, 16] {
        let p = program("reqd_size.spv", lanes);
        let k = p.kernel("size8").unwrap();
        let n = 64;
        let mut o = vec![0i32; n];
        k.run(&NdRange::d1(n as u64).local(&[32]), &mut [Arg::buffer(&mut o)])
            .unwrap_or_else(|e| panic!("size8 (lanes {lanes}): {e}"));
        assert!(o.iter().all(|x| *x == 8 * 1000 + 8), "lanes {lanes}: {o:?}");
        // A size the lowering does not build is refused, not run with another one.
        let e = p.kernel("size32").unwrap().compile_times().unwrap_err().to_string();
        assert!(e.contains("requires sub-groups of 32 work-items") && e.contains("unsupported"), "{e}");
    }
}

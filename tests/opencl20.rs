//! OpenCL C 2.0 / 3.0 kernel features on the SPIR-V path, each checked by running real
//! kernels (`tests/kernels/cl20_*.cl`, `cl30_*.cl`, built by `tests/kernels/build.sh`
//! with `-cl-std=CL2.0` or `CL3.0`) at every width of `common::corpus` and comparing
//! with values computed here: work-group collectives, the generic address space,
//! program-scope variables, async copies and prefetch, C11 and float atomics, 64-bit
//! atomics, `half` arithmetic, `read_write` images and sub-groups.

mod common;

use std::fmt::Debug;

use common::corpus::*;

// ---------------------------------------------------------------------------------------
// Work-group collectives.
// ---------------------------------------------------------------------------------------

/// A scalar type of the collectives: its combining operations as the host computes them.
trait Elem: spirjit::Pod + Debug + PartialEq + PartialOrd {
    const NAME: &'static str;
    fn add(self, o: Self) -> Self;
    fn min_of(self, o: Self) -> Self {
        if o < self {
            o
        } else {
            self
        }
    }
    fn max_of(self, o: Self) -> Self {
        if o > self {
            o
        } else {
            self
        }
    }
    fn zero() -> Self;
    fn one() -> Self;
    /// Identities of min and max (the type's largest and smallest values, ±inf).
    fn top() -> Self;
    fn bottom() -> Self;
    /// An input drawn from `rng`.
    fn draw(rng: &mut Rng) -> Self;
}

macro_rules! int_elem {
    ($t:ty, $name:literal, $draw:expr) => {
        impl Elem for $t {
            const NAME: &'static str = $name;
            fn add(self, o: Self) -> Self {
                self.wrapping_add(o)
            }
            fn zero() -> Self {
                0
            }
            fn one() -> Self {
                1
            }
            fn top() -> Self {
                <$t>::MAX
            }
            fn bottom() -> Self {
                <$t>::MIN
            }
            fn draw(rng: &mut Rng) -> Self {
                let f: fn(&mut Rng) -> $t = $draw;
                f(rng)
            }
        }
    };
}
int_elem!(i32, "int", |r| r.i32());
int_elem!(u32, "uint", |r| r.u32());
int_elem!(i64, "long", |r| r.next_u64() as i64);
int_elem!(u64, "ulong", |r| r.next_u64());

macro_rules! float_elem {
    ($t:ty, $name:literal) => {
        impl Elem for $t {
            const NAME: &'static str = $name;
            fn add(self, o: Self) -> Self {
                self + o
            }
            fn zero() -> Self {
                0.0
            }
            fn one() -> Self {
                1.0
            }
            fn top() -> Self {
                <$t>::INFINITY
            }
            fn bottom() -> Self {
                <$t>::NEG_INFINITY
            }
            /// Small integers and halves: every sum of a work-group is exact, so the result
            /// does not depend on the order the work-items are added in.
            fn draw(rng: &mut Rng) -> Self {
                rng.range(-2000, 2000) as $t / 2.0
            }
        }
    };
}
float_elem!(f32, "float");
float_elem!(f64, "double");

/// The work-groups of a 1-D NDRange of `n` items in groups of `local` (the last one
/// smaller when `local` does not divide `n`), as index ranges.
fn groups_1d(n: usize, local: usize) -> Vec<std::ops::Range<usize>> {
    (0..n.div_ceil(local)).map(|g| g * local..((g + 1) * local).min(n)).collect()
}

/// The 12 outputs per work-item of `wg_<T>` (see `cl20_collectives.cl`).
fn collectives_reference<T: Elem>(input: &[T], local: usize) -> Vec<T> {
    let t = input[0];
    let mut out = vec![T::zero(); input.len() * 12];
    for g in groups_1d(input.len(), local) {
        let xs = &input[g.clone()];
        let sum = xs.iter().fold(T::zero(), |a, &x| a.add(x));
        let min = xs.iter().fold(T::top(), |a, &x| a.min_of(x));
        let max = xs.iter().fold(T::bottom(), |a, &x| a.max_of(x));
        let any = xs.iter().any(|&x| x > t);
        let all = xs.iter().all(|&x| x > t);
        let (mut s, mut lo, mut hi) = (T::zero(), T::top(), T::bottom());
        for (k, &x) in xs.iter().enumerate() {
            let o = &mut out[(g.start + k) * 12..(g.start + k) * 12 + 12];
            o[6] = s;
            o[7] = lo;
            o[8] = hi;
            s = s.add(x);
            lo = lo.min_of(x);
            hi = hi.max_of(x);
            o[0] = sum;
            o[1] = min;
            o[2] = max;
            o[3] = s;
            o[4] = lo;
            o[5] = hi;
            o[9] = xs[xs.len() - 1];
            o[10] = if any { T::one() } else { T::zero() };
            o[11] = if all { T::one() } else { T::zero() };
        }
    }
    out
}

fn check_collectives<T: Elem>(seed: u64) {
    let mut rng = Rng::new(seed);
    // (items, local size): uniform groups, a partial last group, groups that are not a
    // multiple of any SIMD width, one work-item groups, and one large group.
    for (n, local) in [(256usize, 64usize), (100, 32), (77, 13), (5, 1), (1000, 1000), (40, 40)] {
        let mut input: Vec<T> = (0..n).map(|_| T::draw(&mut rng)).collect();
        // Repeat some values so that min / max meet ties and `x > t` is mixed.
        for k in (0..n).step_by(7) {
            input[k] = input[0];
        }
        let want = collectives_reference(&input, local);
        let names = [
            "reduce_add",
            "reduce_min",
            "reduce_max",
            "scan_inclusive_add",
            "scan_inclusive_min",
            "scan_inclusive_max",
            "scan_exclusive_add",
            "scan_exclusive_min",
            "scan_exclusive_max",
            "broadcast",
            "any",
            "all",
        ];
        for v in variants("cl20_collectives") {
            let mut out = vec![T::zero(); n * 12];
            let name = format!("wg_{}", T::NAME);
            v.run(
                &name,
                NdRange::d1(n as u64).local(&[local as u64]),
                &mut [Arg::read_only(&input), Arg::buffer(&mut out)],
            );
            for (k, what) in names.iter().enumerate() {
                let got: Vec<T> = out.iter().skip(k).step_by(12).copied().collect();
                let w: Vec<T> = want.iter().skip(k).step_by(12).copied().collect();
                check_by(&format!("{} {name} n {n} local {local}", v.label), what, &got, &w, |_, a, b| a == b);
            }
        }
    }
}

#[test]
fn work_group_collectives_int() {
    check_collectives::<i32>(1);
}

#[test]
fn work_group_collectives_uint() {
    check_collectives::<u32>(2);
}

#[test]
fn work_group_collectives_long() {
    check_collectives::<i64>(3);
}

#[test]
fn work_group_collectives_ulong() {
    check_collectives::<u64>(4);
}

#[test]
fn work_group_collectives_float() {
    check_collectives::<f32>(5);
}

#[test]
fn work_group_collectives_double() {
    check_collectives::<f64>(6);
}

/// Local linear ids of the work-items of an NDRange, by global linear id, with the size
/// of their work-group: (global linear id, local id, local size).
fn items_nd(global: [usize; 3], local: [usize; 3]) -> Vec<([usize; 3], [usize; 3], [usize; 3])> {
    let mut out = Vec::new();
    for z in 0..global[2] {
        for y in 0..global[1] {
            for x in 0..global[0] {
                let g = [x, y, z];
                let mut lid = [0; 3];
                let mut lsz = [0; 3];
                for d in 0..3 {
                    lid[d] = g[d] % local[d];
                    let start = g[d] - lid[d];
                    lsz[d] = local[d].min(global[d] - start);
                }
                out.push((g, lid, lsz));
            }
        }
    }
    out
}

/// For each work-item (by global linear id), the global linear id of the work-item of its
/// group at local id `pick(local size)`.
fn broadcast_source(global: [usize; 3], local: [usize; 3], pick: impl Fn([usize; 3]) -> [usize; 3]) -> Vec<usize> {
    items_nd(global, local)
        .into_iter()
        .map(|(g, lid, lsz)| {
            let p = pick(lsz);
            let src: Vec<usize> = (0..3).map(|d| g[d] - lid[d] + p[d]).collect();
            src[0] + global[0] * (src[1] + global[1] * src[2])
        })
        .collect()
}

#[test]
fn work_group_broadcast_2d_and_3d() {
    let mut rng = Rng::new(7);
    for (global, local) in
        [([16usize, 8usize, 1usize], [8usize, 4usize, 1usize]), ([13, 7, 1], [4, 3, 1]), ([5, 5, 1], [5, 5, 1])]
    {
        let n = global[0] * global[1];
        let input: Vec<i32> = (0..n).map(|_| rng.i32()).collect();
        let dinput: Vec<f64> = (0..n).map(|_| rng.f64(-1e6, 1e6)).collect();
        let src = broadcast_source(global, local, |s| [s[0] - 1, s[1] / 2, 0]);
        for v in variants("cl20_collectives") {
            let (mut out, mut dout) = (vec![0i32; n], vec![0f64; n]);
            let range = NdRange::d2(global[0] as u64, global[1] as u64).local(&[local[0] as u64, local[1] as u64]);
            let args =
                &mut [Arg::read_only(&input), Arg::read_only(&dinput), Arg::buffer(&mut out), Arg::buffer(&mut dout)];
            v.run("bcast_2d", range, args);
            let ctx = format!("{} global {global:?} local {local:?}", v.label);
            let want: Vec<i32> = src.iter().map(|&s| input[s]).collect();
            check_eq(&ctx, "int broadcast", &out, &want);
            let want: Vec<f64> = src.iter().map(|&s| dinput[s]).collect();
            check_f64_exact(&ctx, "double broadcast", &dout, &want);
        }
    }
    for (global, local) in
        [([8usize, 4usize, 4usize], [4usize, 2usize, 2usize]), ([7, 5, 3], [3, 2, 2]), ([2, 2, 9], [2, 2, 9])]
    {
        let n = global[0] * global[1] * global[2];
        let input: Vec<i64> = (0..n).map(|_| rng.next_u64() as i64).collect();
        let finput: Vec<f32> = (0..n).map(|_| rng.f32(-10.0, 10.0)).collect();
        let src = broadcast_source(global, local, |s| [s[0] / 2, s[1] - 1, s[2] - 1]);
        for v in variants("cl20_collectives") {
            let (mut out, mut fout) = (vec![0i64; n], vec![0f32; n]);
            let range = NdRange::d3(global[0] as u64, global[1] as u64, global[2] as u64).local(&[
                local[0] as u64,
                local[1] as u64,
                local[2] as u64,
            ]);
            let args =
                &mut [Arg::read_only(&input), Arg::read_only(&finput), Arg::buffer(&mut out), Arg::buffer(&mut fout)];
            v.run("bcast_3d", range, args);
            let ctx = format!("{} global {global:?} local {local:?}", v.label);
            let want: Vec<i64> = src.iter().map(|&s| input[s]).collect();
            check_eq(&ctx, "long broadcast", &out, &want);
            let want: Vec<f32> = src.iter().map(|&s| finput[s]).collect();
            check_f32_exact(&ctx, "float broadcast", &fout, &want);
        }
    }
}

#[test]
fn work_group_collectives_in_a_loop() {
    let mut rng = Rng::new(8);
    for (n, local) in [(96usize, 32usize), (50, 16), (9, 9)] {
        let input = rng.vec_i32(n, 0, 7);
        let mut want = vec![0i32; n * 2];
        for g in groups_1d(n, local) {
            let rounds = input[g.clone()].iter().copied().max().unwrap_or(0);
            let mut acc: Vec<i32> = input[g.clone()].to_vec();
            for _ in 0..rounds {
                let mut s = 0i32;
                for a in acc.iter_mut() {
                    s = s.wrapping_add(*a);
                    *a = s.wrapping_add(1);
                }
            }
            let any = acc.iter().any(|a| a & 1 != 0) as i32;
            let all = acc.iter().all(|a| a & 1 != 0) as i32;
            for (k, a) in acc.iter().enumerate() {
                want[(g.start + k) * 2] = *a;
                want[(g.start + k) * 2 + 1] = any + 2 * all;
            }
        }
        for v in variants("cl20_collectives") {
            let mut out = vec![0i32; n * 2];
            v.run(
                "wg_loop",
                NdRange::d1(n as u64).local(&[local as u64]),
                &mut [Arg::read_only(&input), Arg::buffer(&mut out)],
            );
            check_eq(&format!("{} n {n} local {local}", v.label), "(acc, any + 2 all)", &out, &want);
        }
    }
}

// ---------------------------------------------------------------------------------------
// The generic address space.
// ---------------------------------------------------------------------------------------

#[test]
fn generic_address_space() {
    let mut rng = Rng::new(9);
    for (n, local) in [(64usize, 16usize), (50, 8), (7, 7)] {
        let input = rng.vec_i32(n, -1000, 1000);
        let mut want = vec![0i32; n * 12];
        let mut want_g = input.clone();
        for grp in groups_1d(n, local) {
            let l = grp.len();
            for i in grp.clone() {
                let li = i - grp.start;
                let o = &mut want[i * 12..i * 12 + 12];
                o[0] = i as i32 + 3;
                o[1] = if li + 2 < l { 2 * (input[i] + input[i + 1] + input[i + 2]) } else { -1 };
                o[2] = i as i32 + 5;
                o[3] = 1;
                o[4] = 2;
                o[5] = 4;
                o[6] = 1;
                let odd = i & 1 == 1;
                o[7] = if odd { input[i] + 100 } else { 2 * input[i] + 100 };
                o[8] = if odd { 2 } else { 1 }; // CLK_GLOBAL_MEM_FENCE, CLK_LOCAL_MEM_FENCE
                o[9] = 0;
                o[10] = 1;
                o[11] = if odd { 2 * input[i] } else { 2 * input[i] + 100 };
                if odd {
                    want_g[i] += 100;
                }
            }
        }
        for v in variants("cl20_generic") {
            let mut g = input.clone();
            let mut out = vec![0i32; n * 12];
            let args = &mut [Arg::buffer(&mut g), Arg::buffer(&mut out), Arg::local(local * 4)];
            v.run("generic_ptrs", NdRange::d1(n as u64).local(&[local as u64]), args);
            let ctx = format!("{} n {n} local {local}", v.label);
            let names = [
                "sum3(private)",
                "sum3(local)",
                "private after bump",
                "spaces(global)",
                "spaces(local)",
                "spaces(private)",
                "spaces(program-scope global)",
                "*which after bump",
                "get_fence(which)",
                "get_fence(private)",
                "to_global(p) == p",
                "to_local(p)[0]",
            ];
            for (k, what) in names.iter().enumerate() {
                let got: Vec<i32> = out.iter().skip(k).step_by(12).copied().collect();
                let w: Vec<i32> = want.iter().skip(k).step_by(12).copied().collect();
                check_eq(&ctx, what, &got, &w);
            }
            check_eq(&ctx, "global buffer after the bumps", &g, &want_g);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Program-scope variables.
// ---------------------------------------------------------------------------------------

/// Run a kernel whose results depend on earlier launches (program-scope state) or on the
/// order work-items reach an atomic: checked against the reference only, not against the
/// scalar run's record.
fn run_unrecorded(v: &Variant, name: &str, range: NdRange, args: &mut [Arg<'_>]) {
    if let Err(e) = v.kernel(name).run(&range, args) {
        panic!("{}: running `{name}` over {range:?} failed: {e}", v.label);
    }
}

#[test]
fn program_scope_globals_persist_and_are_shared() {
    for v in variants("cl20_globals") {
        let n = 32usize;
        let mut table: Vec<f32> = (1..=16).map(|x| x as f32).collect();
        let mut zeros = [0i64; 8];
        let (mut counter, mut a, mut b) = (3i32, 7i32, 0.5f32);
        for launch in 0..3 {
            let mut out = vec![0f32; n * 4];
            run_unrecorded(&v, "globals_step", NdRange::d1(n as u64).local(&[n as u64]), &mut [Arg::buffer(&mut out)]);
            let mut want = vec![0f32; n * 4];
            for i in 0..n {
                want[i * 4] = (counter + 5) as f32;
                want[i * 4 + 1] = table[i % 16];
                want[i * 4 + 2] = zeros[i % 8] as f32;
                want[i * 4 + 3] = a as f32 + b;
            }
            check_f32_exact(&format!("{} launch {launch}", v.label), "globals_step", &out, &want);
            counter += 10;
            a += 1;
            b *= 2.0;
            for t in table.iter_mut() {
                *t += 1.0;
            }
            for (i, z) in zeros.iter_mut().enumerate() {
                *z += i as i64;
            }
        }
        let mut out = vec![0f32; 16];
        run_unrecorded(&v, "globals_read", NdRange::d1(16), &mut [Arg::buffer(&mut out)]);
        let want: Vec<f32> = (0..16).map(|i| table[i] + counter as f32 + zeros[i % 8] as f32).collect();
        check_f32_exact(&v.label, "globals_read after three steps", &out, &want);
        // 100 atomic increments over 4 work-groups, then the counter as globals_read sees it.
        run_unrecorded(&v, "globals_atomic", NdRange::d1(100).local(&[25]), &mut []);
        let mut out = vec![0f32; 16];
        run_unrecorded(&v, "globals_read", NdRange::d1(16), &mut [Arg::buffer(&mut out)]);
        let want: Vec<f32> = (0..16).map(|i| table[i] + (counter + 100) as f32 + zeros[i % 8] as f32).collect();
        check_f32_exact(&v.label, "globals_read after the atomics", &out, &want);
    }
}

// ---------------------------------------------------------------------------------------
// Atomics: float (cl_ext_float_atomics), C11-style, 64-bit.
// ---------------------------------------------------------------------------------------

#[test]
fn float_atomics_global_and_local() {
    let mut rng = Rng::new(10);
    for (n, local) in [(256usize, 64usize), (100, 25), (33, 11)] {
        // Halves: every sum is exact whatever the order.
        let input: Vec<f32> = (0..n).map(|_| rng.range(-4000, 4000) as f32 / 2.0).collect();
        let groups = groups_1d(n, local);
        for v in variants("cl20_atomics") {
            let mut f = vec![0f32; 3 + groups.len()];
            f[1] = 1e30;
            f[2] = -1e30;
            let mut d = vec![0f64; 3 + groups.len()];
            d[1] = 1e300;
            d[2] = -1e300;
            let args =
                &mut [Arg::read_only(&input), Arg::buffer(&mut f), Arg::buffer(&mut d), Arg::local(4), Arg::local(8)];
            v.run("float_atomics", NdRange::d1(n as u64).local(&[local as u64]), args);
            let ctx = format!("{} n {n} local {local}", v.label);
            let sum: f32 = input.iter().sum();
            let min = input.iter().copied().fold(f32::INFINITY, f32::min);
            let max = input.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let mut want = vec![sum, min, max];
            want.extend(groups.iter().map(|g| input[g.clone()].iter().sum::<f32>()));
            check_f32_exact(&ctx, "float (add, min, max, local sums)", &f, &want);
            let want: Vec<f64> = want.iter().map(|&x| x as f64).collect();
            check_f64_exact(&ctx, "double (add, min, max, local sums)", &d, &want);
        }
    }
}

#[test]
fn c11_atomics_with_orders_and_scopes() {
    for (n, local) in [(64usize, 16usize), (40, 40), (31, 8)] {
        let groups = groups_1d(n, local);
        for v in variants("cl20_atomics") {
            let mut a: Vec<i32> = vec![100, 0, 0, -1, 0x5a, 1000, -1000, 0, 0, 0, -5, 0];
            let mut l: Vec<i64> = vec![5, i64::MIN];
            let mut out = vec![-1i32; 3 * n + groups.len()];
            let mut flag = vec![0i32, 1];
            let args = &mut [
                Arg::buffer(&mut a),
                Arg::buffer(&mut l),
                Arg::buffer(&mut out),
                Arg::buffer(&mut flag),
                Arg::local(4),
            ];
            run_unrecorded(&v, "c11_atomics", NdRange::d1(n as u64).local(&[local as u64]), args);
            let ctx = format!("{} n {n} local {local}", v.label);
            let or = (0..n).fold(0i32, |m, i| m | (1 << (i % 31)));
            let xor = (0..n).fold(0i32, |m, i| m ^ i as i32);
            let winners: Vec<usize> = (0..n).filter(|&i| out[i] != 0).collect();
            assert_eq!(winners.len(), 1, "{ctx}: one strong compare-exchange succeeds: {:?}", &out[..n]);
            let want_a = vec![
                100 + n as i32,
                -2 * n as i32,
                or,
                !or,
                0x5a ^ xor,
                -7,
                n as i32 - 1,
                3 * n as i32,
                winners[0] as i32 + 1,
                42,
                a[10],
                43,
            ];
            check_eq(&ctx, "a[] (add sub or and xor min max cas-loop cas store xchg load)", &a, &want_a);
            let mut chain: Vec<i32> = out[n..2 * n].to_vec();
            chain.push(a[10]);
            chain.sort();
            let mut want_chain: Vec<i32> = (0..n as i32).collect();
            want_chain.push(-5);
            want_chain.sort();
            check_eq(&ctx, "exchange chain (returned values + final)", &chain, &want_chain);
            let sum: i64 = (0..n as i64).map(|i| i << 33).sum();
            check_eq(&ctx, "l[] (add, max)", &l, &[5 + sum, 0]);
            let set = &out[2 * n..3 * n];
            assert_eq!(set.iter().filter(|&&x| x == 0).count(), 1, "{ctx}: test_and_set: {set:?}");
            assert!(set.iter().all(|&x| x == 0 || x == 1), "{ctx}: test_and_set: {set:?}");
            check_eq(&ctx, "flags", &flag, &[1, 0]);
            let want_local: Vec<i32> = groups.iter().map(|g| 7 + 2 * g.len() as i32).collect();
            check_eq(&ctx, "local counters", &out[3 * n..], &want_local);
        }
    }
}

#[test]
fn long_atomics_global_and_local() {
    for (n, local) in [(64usize, 16usize), (100, 32), (9, 9)] {
        let groups = groups_1d(n, local);
        for v in variants("cl20_atomics") {
            let mut l: Vec<i64> = vec![1, -1, 0, 0, 0, 10, 10];
            l.extend(groups.iter().map(|_| -1));
            let mut u: Vec<u64> = vec![u64::MAX, 0, 0, u64::MAX, 0, 1000];
            let args = &mut [Arg::buffer(&mut l), Arg::buffer(&mut u), Arg::local(8)];
            run_unrecorded(&v, "long_atomics", NdRange::d1(n as u64).local(&[local as u64]), args);
            let ctx = format!("{} n {n} local {local}", v.label);
            let n64 = n as i64;
            assert!((0..n64).contains(&l[1]), "{ctx}: xchg left {}", l[1]);
            assert!((1..=n64).contains(&l[2]), "{ctx}: cmpxchg left {}", l[2]);
            let mut want_l = vec![
                1 + (0..n64).map(|i| i << 32).sum::<i64>(),
                l[1],
                l[2],
                -((n64 - 1) << 35),
                (n64 - 1) << 35,
                10 + n64,
                10 - n64,
            ];
            want_l.extend(groups.iter().map(|g| g.clone().map(|i| (i as i64) << 31).sum::<i64>()));
            check_eq(&ctx, "l[] (add xchg cmpxchg min max inc dec, local sums)", &l, &want_l);
            let bits = (0..n).fold(0u64, |m, i| m | (1u64 << (i % 64)));
            let xor = (0..n as u64).fold(0u64, |m, i| m ^ (i << 40));
            let want_u = vec![!bits, bits, xor, 0, (n as u64 - 1) << 50, 1000u64.wrapping_sub(3 * n as u64)];
            check_eq(&ctx, "u[] (and or xor min max sub)", &u, &want_u);
        }
    }
}

// ---------------------------------------------------------------------------------------
// half (cl_khr_fp16) and double (cl_khr_fp64) arithmetic.
// ---------------------------------------------------------------------------------------

use spirjit_builtins::half::{f64_to_half, half_to_f32, Rounding};

fn h(x: f64) -> u16 {
    f64_to_half(x, Rounding::Rte)
}

fn hf(x: u16) -> f64 {
    half_to_f32(x) as f64
}

/// Halves equal, or (where `ulps` > 0) at most `ulps` apart as ordered bit patterns.
fn half_close(got: u16, want: u16, ulps: i32) -> bool {
    let key = |x: u16| if x & 0x8000 != 0 { -((x & 0x7fff) as i32) } else { x as i32 };
    got == want || (key(got) - key(want)).abs() <= ulps
}

#[test]
fn half_arithmetic() {
    let mut rng = Rng::new(11);
    let n = 200usize;
    let a: Vec<u16> = (0..n).map(|_| h(rng.f64(-8.0, 8.0))).collect();
    let b: Vec<u16> = (0..n)
        .map(|_| {
            let x = rng.f64(0.25, 8.0);
            h(if rng.u32() & 1 == 0 { x } else { -x })
        })
        .collect();
    for v in variants("cl20_half") {
        let ctx = v.label.clone();
        let mut o = vec![0u16; n * 10];
        let mut f = vec![0f32; n * 6];
        let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut o), Arg::buffer(&mut f)];
        v.run("half_scalar", NdRange::d1(n as u64), args);
        for i in 0..n {
            let (x, y) = (hf(a[i]), hf(b[i]));
            let want = [
                h(x + y),
                h(x * y),
                h(x - y),
                h(x / y),
                h(x.mul_add(y, 1.0)),
                h(x.abs().sqrt()),
                h(x.max(y)),
                h(x.min(y)),
                a[i] ^ 0x8000,
                h(2.0 * x),
            ];
            for (k, w) in want.iter().enumerate() {
                // fma may round twice (through float): one ulp.
                let ulps = if k == 4 { 1 } else { 0 };
                let got = o[i * 10 + k];
                assert!(
                    half_close(got, *w, ulps),
                    "{ctx}: half_scalar output {k} of {i} (a {x}, b {y}): got {got:#06x} ({}), want {w:#06x} ({})",
                    hf(got),
                    hf(*w)
                );
            }
            let want = [
                hf(h(x * y)) as f32,
                if x < y { 1.0 } else { 0.0 },
                x.trunc() as i32 as f32,
                i as f32,
                x.floor() as f32,
                hf(h(x.abs() + 0.25)) as f32,
            ];
            check_f32_exact(&format!("{ctx} item {i}"), "half_scalar float outputs", &f[i * 6..i * 6 + 6], &want);
        }

        let nv = n / 4;
        let mut o = vec![0u16; nv * 12];
        let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut o)];
        v.run("half_vector", NdRange::d1(nv as u64), args);
        for i in 0..nv {
            for c in 0..4 {
                let (x, y) = (hf(a[i * 4 + c]), hf(b[i * 4 + c]));
                let got = o[i * 12 + c];
                // v * w + 0.5 may be contracted into one fma, or round twice.
                let (fused, twice) = (h(x.mul_add(y, 0.5)), h(hf(h(x * y)) + 0.5));
                assert!(
                    half_close(got, fused, 1) || half_close(got, twice, 0),
                    "{ctx}: half4 v*w+0.5 [{i}.{c}]: got {}, want {} or {}",
                    hf(got),
                    hf(fused),
                    hf(twice)
                );
                let d = h((x - y).abs());
                assert_eq!(o[i * 12 + 4 + c], d, "{ctx}: half8 max - min [{i}.{c}]");
                assert_eq!(o[i * 12 + 8 + c], d, "{ctx}: half8 max - min [{i}.{}]", c + 4);
            }
        }

        let mut f = vec![0f32; n * 6];
        v.run("half_math", NdRange::d1(n as u64), &mut [Arg::read_only(&a), Arg::buffer(&mut f)]);
        for i in 0..n {
            let x = hf(a[i]);
            let want = [
                (hf(h(x * 0.125))).exp(),
                (hf(h(x.abs() + 1.0))).ln(),
                x.sin(),
                x.cos(),
                x.abs().powf(1.5),
                1.0 / hf(h(x.abs() + 1.0)).sqrt(),
            ];
            for (k, w) in want.iter().enumerate() {
                let got = f[i * 6 + k] as f64;
                // A few half ulps (2^-10 relative), plus an absolute margin near zero.
                let tol = 4.0 * w.abs() / 1024.0 + 1e-3;
                assert!((got - w).abs() <= tol, "{ctx}: half_math output {k} of x = {x}: got {got}, want {w}");
            }
        }
    }
}

#[test]
fn double_arithmetic() {
    let mut rng = Rng::new(12);
    let n = 100usize;
    let a: Vec<f64> = (0..n).map(|_| rng.f64(-1e6, 1e6)).collect();
    let b: Vec<f64> = (0..n).map(|_| rng.f64(1.0, 1e3)).collect();
    for v in variants("cl20_half") {
        let mut d = vec![0f64; n * 4];
        v.run("double_ops", NdRange::d1(n as u64), &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut d)]);
        let want: Vec<f64> = (0..n)
            .flat_map(|i| [a[i].mul_add(b[i], 1.0), a[i] / b[i], a[i].abs().sqrt(), a[i] as f32 as f64])
            .collect();
        check_f64_exact(&v.label, "double (fma, div, sqrt, via float)", &d, &want);
    }
}

// ---------------------------------------------------------------------------------------
// prefetch, async copies and wait_group_events.
// ---------------------------------------------------------------------------------------

#[test]
fn async_copies_and_prefetch() {
    let mut rng = Rng::new(13);
    for (groups, n) in [(4usize, 16usize), (3, 5), (1, 64), (7, 1)] {
        let total = groups * n;
        let input = rng.vec_f32(total, -100.0, 100.0);
        let mut want_out = vec![0f32; total];
        let mut want_cols = vec![0f32; total];
        for g in 0..groups {
            for l in 0..n {
                want_out[g * n + l] = input[g * n + n - 1 - l] + input[g + l * groups];
                want_cols[g + l * groups] = 2.0 * input[g * n + l];
            }
        }
        let want_back: Vec<f32> = input.iter().map(|x| 2.0 * x).collect();
        for v in variants("cl20_async") {
            let (mut out, mut cols, mut back) = (vec![0f32; total], vec![0f32; total], vec![0f32; total]);
            let args = &mut [
                Arg::read_only(&input),
                Arg::buffer(&mut out),
                Arg::buffer(&mut cols),
                Arg::buffer(&mut back),
                Arg::local(n * 4),
                Arg::local(n * 4),
            ];
            v.run("async_cl20", NdRange::d1(total as u64).local(&[n as u64]), args);
            let ctx = format!("{} groups {groups} local {n}", v.label);
            check_f32_exact(&ctx, "reversed + strided", &out, &want_out);
            check_f32_exact(&ctx, "strided copy out of local memory", &cols, &want_cols);
            check_f32_exact(&ctx, "copy chained on an event", &back, &want_back);
        }
    }
}

// ---------------------------------------------------------------------------------------
// read_write images.
// ---------------------------------------------------------------------------------------

/// Kernels that must get the vector path when more than one lane is asked for (they fell
/// back to W = 1 over a conversion between `long2` and `int2`).
fn assert_vectorized(v: &Variant, name: &str) {
    if v.scalar {
        return;
    }
    let path = v.kernel(name).path().unwrap_or_else(|e| panic!("{}: {name}: {e}", v.label));
    if v.program.options().lanes > 1 {
        assert!(path.vectorized, "{}: {name} runs on the scalar path: {}", v.label, path.note);
    }
}

#[test]
fn read_write_images() {
    use spirjit::{ChannelOrder, ChannelType, Image, ImageDim};
    let mut rng = Rng::new(14);
    for (w, h) in [(16usize, 8usize), (7, 5)] {
        let pixels: Vec<f32> = (0..w * h * 4).map(|_| rng.f32(-10.0, 10.0)).collect();
        let ints: Vec<i32> = (0..w * h * 4).map(|_| rng.range(-1000, 1000)).collect();
        for v in variants("cl20_image") {
            let ctx = format!("{} {w}x{h}", v.label);
            let bytes: Vec<u8> = pixels.iter().flat_map(|x| x.to_le_bytes()).collect();
            let mut img = Image::image2d(ChannelOrder::RGBA, ChannelType::Float, w, h, &bytes)
                .unwrap_or_else(|e| panic!("{ctx}: {e}"));
            let mut back = vec![0f32; w * h];
            let range = NdRange::d2(w as u64, h as u64);
            v.kernel("rw_image")
                .run(&range, &mut [Arg::image(&mut img), Arg::buffer(&mut back)])
                .unwrap_or_else(|e| panic!("{ctx}: rw_image: {e}"));
            assert_vectorized(&v, "rw_image");
            let got: Vec<f32> = img.bytes().chunks(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
            let want: Vec<f32> = pixels.iter().map(|x| x * 2.0 + 1.0).collect();
            check_f32_rel(&ctx, "image after rw_image", &got, &want, 1e-6, 1e-6);
            let want_back: Vec<f32> = want.chunks(4).map(|c| c[0] + c[1] + c[2] + c[3]).collect();
            check_f32_rel(&ctx, "each work-item reads its own write", &back, &want_back, 1e-6, 1e-5);

            let bytes: Vec<u8> = ints.iter().flat_map(|x| x.to_le_bytes()).collect();
            let mut img = Image::new(ImageDim::D2, ChannelOrder::RGBA, ChannelType::SignedInt32, [w, h, 1])
                .unwrap_or_else(|e| panic!("{ctx}: {e}"));
            img.bytes_mut().copy_from_slice(&bytes);
            v.kernel("rw_image_int")
                .run(&range, &mut [Arg::image(&mut img)])
                .unwrap_or_else(|e| panic!("{ctx}: rw_image_int: {e}"));
            let got: Vec<i32> = img.bytes().chunks(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
            let mut want = ints.clone();
            for y in 0..h {
                for x in 0..w {
                    let p = &mut want[(y * w + x) * 4..(y * w + x) * 4 + 4];
                    p[0] += x as i32;
                    p[1] += y as i32;
                    p[2] += w as i32;
                    p[3] += h as i32;
                }
            }
            check_eq(&ctx, "int image after rw_image_int", &got, &want);
        }
    }
}

#[test]
fn vector_conversions_between_int2_and_long2() {
    let mut rng = Rng::new(15);
    let n = 40usize;
    let input: Vec<i64> = (0..2 * n).map(|_| rng.next_u64() as i64).collect();
    let mut want = vec![0i32; 2 * n];
    let mut want_wide = vec![0i64; 2 * n];
    for i in 0..n {
        want[2 * i] = (input[2 * i] as i32).wrapping_add(i as i32);
        want[2 * i + 1] = (input[2 * i + 1] as i32).wrapping_sub(i as i32);
        want_wide[2 * i] = want[2 * i] as i64 * 3;
        want_wide[2 * i + 1] = want[2 * i + 1] as i64 * 3;
    }
    for v in variants("cl20_image") {
        let (mut out, mut wide) = (vec![0i32; 2 * n], vec![0i64; 2 * n]);
        v.run(
            "convert_vectors",
            NdRange::d1(n as u64),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut wide)],
        );
        assert_vectorized(&v, "convert_vectors");
        check_eq(&v.label, "convert_int2", &out, &want);
        check_eq(&v.label, "convert_long2", &wide, &want_wide);
    }
}

// ---------------------------------------------------------------------------------------
// Sub-groups under OpenCL C 3.0.
// ---------------------------------------------------------------------------------------

#[test]
fn sub_groups_under_opencl_c_3() {
    let mut rng = Rng::new(16);
    for (n, local) in [(64usize, 32usize), (45, 20), (8, 3)] {
        let input = rng.vec_i32(n, -1000, 1000);
        for v in variants("cl30_subgroups") {
            let w = v.kernel("cl30_sub_groups").path().unwrap_or_else(|e| panic!("{}: {e}", v.label)).lanes as usize;
            let mut out = vec![0i32; n * 7];
            // The results depend on W: compared with the reference only.
            let mut input_copy = input.clone();
            let args = &mut [Arg::buffer(&mut input_copy), Arg::buffer(&mut out)];
            run_unrecorded(&v, "cl30_sub_groups", NdRange::d1(n as u64).local(&[local as u64]), args);
            let mut want = vec![0i32; n * 7];
            for g in groups_1d(n, local) {
                let size = g.len();
                for (li, i) in g.clone().enumerate() {
                    let sg = li / w;
                    let first = g.start + sg * w;
                    let members = first..(first + w).min(g.end);
                    let o = &mut want[i * 7..i * 7 + 7];
                    o[0] = members.len() as i32;
                    o[1] = w as i32;
                    o[2] = size.div_ceil(w) as i32;
                    o[3] = sg as i32;
                    o[4] = (li % w) as i32;
                    o[5] = input[members.clone()].iter().sum();
                    o[6] = input[first];
                }
            }
            check_eq(
                &format!("{} W {w} n {n} local {local}", v.label),
                "sub-group queries and collectives",
                &out,
                &want,
            );
        }
    }
}

#[test]
fn program_scope_pointer_initializers() {
    for v in variants("cl20_globals") {
        // counter 3, table[k] = k + 1; table_ptr starts at table[3].
        let mut table: Vec<f32> = (1..=16).map(|x| x as f32).collect();
        let mut counter = 3;
        for launch in 0..3usize {
            let mut out = vec![0f32; 3];
            run_unrecorded(&v, "globals_ptrs", NdRange::d1(8), &mut [Arg::buffer(&mut out)]);
            let at = 3 + launch;
            let want = [counter as f32, table[at], counter as f32];
            check_f32_exact(
                &format!("{} launch {launch}", v.label),
                "(*global_ptr, *table_ptr, *generic_ptr)",
                &out,
                &want,
            );
            counter += 1;
            table[at + 1] += 2.0;
        }
        let mut out = vec![0f32; 16];
        run_unrecorded(&v, "globals_read", NdRange::d1(16), &mut [Arg::buffer(&mut out)]);
        let want: Vec<f32> = (0..16).map(|i| table[i] + counter as f32).collect();
        check_f32_exact(&v.label, "globals_read after globals_ptrs", &out, &want);
    }
}

#[test]
fn work_group_collectives_next_to_local_memory() {
    let mut rng = Rng::new(17);
    for (n, local) in [(64usize, 16usize), (30, 7), (3, 3)] {
        let input = rng.vec_i32(n, -1000, 1000);
        let mut want = vec![0i32; n];
        for g in groups_1d(n, local) {
            let xs = &input[g.clone()];
            let s: i32 = xs.iter().sum();
            let len = xs.len();
            let mut e = 0i32;
            for l in 0..len {
                let fixed = if l % 4 < len { (l % 4) as i32 * 100 } else { 0 };
                want[g.start + l] = s + e + fixed;
                e += xs[len - 1 - l];
            }
        }
        for v in variants("cl20_collectives") {
            let mut out = vec![0i32; n];
            let args = &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::local(local * 4)];
            v.run("wg_with_local", NdRange::d1(n as u64).local(&[local as u64]), args);
            check_eq(&format!("{} n {n} local {local}", v.label), "reduce + exclusive scan + fixed", &out, &want);
        }
    }
}

//! Adaptive width (`src/tier.rs`): with the width left to the compiler, a kernel's first
//! sizeable launches take turns between its vector, half-width and scalar code. Whichever code a
//! launch runs, the results are those of W = 1 and the work-group size is the one the
//! vector width chose; kernels whose results could tell the widths apart never switch.
//! (Which side wins is timing and is not asserted here; `src/tier.rs` tests the
//! decision on given times.)

use std::path::Path;

use spirjit::{Arg, NdRange, Options, Program};

fn load(name: &str, lanes: u32) -> Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels").join(name);
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{e}"));
    Program::parse(&bytes, &Options { lanes, ..Options::default() }).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_launch_matches_the_scalar_path_with_the_vector_work_group_size() {
    let n = 1 << 15;
    let input: Vec<i32> = (0..n).map(|i| (i * 7919) % 1000 - 500).collect();
    let run = |p: &Program| {
        let k = p.kernel("reduce_sum").unwrap_or_else(|e| panic!("{e}"));
        let mut partial = vec![0i32; n as usize];
        let info = k
            .run(
                &NdRange::d1(n as u64).local(&[256]),
                &mut [Arg::read_only(&input), Arg::buffer(&mut partial), Arg::value(n as u32), Arg::local(256 * 4)],
            )
            .unwrap_or_else(|e| panic!("{e}"));
        (partial, info.local_size)
    };
    let (want, _) = run(&load("reduce_sum.O2.spv", 1));
    let auto = load("reduce_sum.O2.spv", 0);
    // Six measured launches (vector, half width, scalar, twice), then the chosen code.
    for launch in 0..8 {
        let (got, local) = run(&auto);
        assert_eq!(got, want, "launch {launch}");
        assert_eq!(local, [256, 1, 1]);
    }

    // Without a local size: every launch uses the one W chose.
    let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.25).collect();
    let vadd = |p: &Program| {
        let k = p.kernel("vadd_float").unwrap_or_else(|e| panic!("{e}"));
        let mut c = vec![0f32; n as usize];
        let info = k
            .run(
                &NdRange::d1(n as u64),
                &mut [Arg::read_only(&x), Arg::read_only(&x), Arg::buffer(&mut c), Arg::value(n)],
            )
            .unwrap_or_else(|e| panic!("{e}"));
        (c, info.local_size)
    };
    let auto = load("vadd_float.O2.spv", 0);
    let (want, first_local) = vadd(&auto);
    for launch in 1..6 {
        assert_eq!(vadd(&auto), (want.clone(), first_local), "launch {launch}");
    }
}

#[test]
fn kernels_that_observe_sub_groups_keep_their_width() {
    let p = load("cl30_subgroups.O2.spv", 0);
    let k = p.kernel("cl30_sub_groups").unwrap_or_else(|e| panic!("{e}"));
    let lanes = k.path().unwrap_or_else(|e| panic!("{e}")).lanes;
    let n = 1 << 14;
    let input: Vec<i32> = (0..n).collect();
    let mut first = None;
    for _ in 0..6 {
        let mut out = vec![0i32; 8 * n as usize];
        k.run(&NdRange::d1(n as u64), &mut [Arg::read_only(&input), Arg::buffer(&mut out)])
            .unwrap_or_else(|e| panic!("{e}"));
        match &first {
            None => first = Some(out),
            Some(f) => assert_eq!(&out, f, "a launch saw other sub-groups"),
        }
    }
    assert_eq!(k.path().unwrap_or_else(|e| panic!("{e}")).lanes, lanes);
}

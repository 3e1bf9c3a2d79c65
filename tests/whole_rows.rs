//! Lane groups within rows (`LowerOptions::whole_rows`): at W > 1 a kernel's y and z ids
//! are scalars per lane group when every lane group lies within one row of its
//! work-group; launches whose work-groups break that (an x size that is not a multiple
//! of W with more than one row, or a partial last group of such a size) run code
//! compiled without the assumption. Either way every width gives the results of W = 1,
//! in every launch shape: full groups, groups narrower than W, partial groups in x, y
//! and z, offsets, and launches alternating between shapes that do and do not fit.

use std::path::Path;

use spirjit::{Arg, NdRange, Options, Program};

fn load(name: &str, lanes: u32) -> Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels").join(name);
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{e}"));
    let p = Program::parse(&bytes, &Options { lanes, ..Options::default() }).unwrap_or_else(|e| panic!("{e}"));
    // Every kernel really takes the vector path (a failed vector compile would fall back
    // to W = 1 and hide behind equal results).
    if lanes > 1 {
        for k in p.kernels() {
            let path = k.path().unwrap_or_else(|e| panic!("{e}"));
            assert!(path.vectorized, "{} at W = {lanes}: {}", k.name(), path.note);
        }
    }
    p
}

/// (global, local) shapes of 2-D launches: some keep lane groups within rows at every W,
/// some only at small W, some never (and partial groups in x and y).
const SHAPES_2D: [([u64; 2], [u64; 2]); 9] = [
    ([64, 32], [16, 4]),
    ([64, 32], [16, 16]),
    ([64, 32], [8, 4]),
    ([64, 32], [4, 8]),
    ([60, 30], [16, 4]),
    ([64, 30], [16, 4]),
    ([37, 23], [8, 8]),
    ([48, 16], [12, 2]),
    ([32, 8], [32, 1]),
];

fn rows2d(p: &Program, global: [u64; 2], local: [u64; 2], offset: [u64; 2]) -> (Vec<f32>, Vec<i32>) {
    let (w, h) = (global[0] + offset[0], global[1] + offset[1]);
    let n = (w * h) as usize;
    let input: Vec<f32> = (0..n).map(|i| ((i * 37) % 101) as f32 * 0.25 - 3.0).collect();
    let mut out = vec![0f32; n];
    let mut ids = vec![-1i32; 4 * n];
    let k = p.kernel("rows2d").unwrap_or_else(|e| panic!("{e}"));
    let range = NdRange::d2(global[0], global[1]).local(&local).offset(&offset);
    k.run(
        &range,
        &mut [
            Arg::read_only(&input),
            Arg::buffer(&mut out),
            Arg::buffer(&mut ids),
            Arg::value(w as i32),
            Arg::value(h as i32),
        ],
    )
    .unwrap_or_else(|e| panic!("rows2d {global:?} / {local:?}: {e}"));
    (out, ids)
}

#[test]
fn two_d_stencil_and_ids_match_the_scalar_path_in_every_shape() {
    let scalar = load("rows2d.O2.spv", 1);
    for lanes in [16, 8, 4, 0] {
        let p = load("rows2d.O2.spv", lanes);
        // Shapes that fit and shapes that do not, alternating, on one program.
        for round in 0..2 {
            for (global, local) in SHAPES_2D {
                for offset in [[0, 0], [3, 1]] {
                    let want = rows2d(&scalar, global, local, offset);
                    let got = rows2d(&p, global, local, offset);
                    assert!(
                        got.0.iter().zip(&want.0).all(|(a, b)| a.to_bits() == b.to_bits()),
                        "values differ at W = {lanes}, {global:?} / {local:?} + {offset:?} (round {round})"
                    );
                    assert_eq!(got.1, want.1, "ids differ at W = {lanes}, {global:?} / {local:?} + {offset:?}");
                }
            }
        }
    }
}

#[test]
fn local_tile_transpose_matches_in_every_shape() {
    let run = |p: &Program, global: [u64; 2], local: [u64; 2]| {
        let (w, h) = (global[0] as usize, global[1] as usize);
        let input: Vec<f32> = (0..w * h).map(|i| i as f32).collect();
        let mut out = vec![0f32; w * h];
        let k = p.kernel("tile_transpose").unwrap_or_else(|e| panic!("{e}"));
        k.run(
            &NdRange::d2(global[0], global[1]).local(&local),
            &mut [Arg::read_only(&input), Arg::buffer(&mut out), Arg::value(w as i32), Arg::value(h as i32)],
        )
        .unwrap_or_else(|e| panic!("tile_transpose {global:?} / {local:?}: {e}"));
        out
    };
    let scalar = load("rows2d.O2.spv", 1);
    for lanes in [16, 8, 4] {
        let p = load("rows2d.O2.spv", lanes);
        for (global, local) in [([64, 32], [16, 16]), ([64, 32], [16, 8]), ([64, 32], [8, 8]), ([48, 32], [16, 16])] {
            let want = run(&scalar, global, local);
            assert_eq!(run(&p, global, local), want, "W = {lanes}, {global:?} / {local:?}");
            // Square tiles transpose the matrix.
            if local[0] == local[1] && global[0] % local[0] == 0 && global[1] % local[1] == 0 {
                let (w, h) = (global[0] as usize, global[1] as usize);
                for y in 0..h {
                    for x in 0..w {
                        assert_eq!(want[x * h + y], (y * w + x) as f32);
                    }
                }
            }
        }
    }
}

#[test]
fn three_d_ids_match_in_every_shape() {
    let run = |p: &Program, global: [u64; 3], local: [u64; 3]| {
        let n = global.iter().product::<u64>() as usize;
        let mut out = vec![0i32; 2 * n];
        let k = p.kernel("rows3d").unwrap_or_else(|e| panic!("{e}"));
        k.run(
            &NdRange::d3(global[0], global[1], global[2]).local(&local),
            &mut [Arg::buffer(&mut out), Arg::value(global[0] as i32), Arg::value(global[1] as i32)],
        )
        .unwrap_or_else(|e| panic!("rows3d {global:?} / {local:?}: {e}"));
        out
    };
    let scalar = load("rows2d.O2.spv", 1);
    let shapes = [
        ([32, 4, 3], [16, 2, 3]),
        ([32, 4, 3], [8, 2, 3]),
        ([20, 4, 3], [16, 2, 2]),
        ([16, 1, 5], [16, 1, 1]),
        ([8, 4, 4], [8, 1, 4]),
    ];
    for lanes in [16, 8, 4] {
        let p = load("rows2d.O2.spv", lanes);
        for (global, local) in shapes {
            let want = run(&scalar, global, local);
            assert_eq!(run(&p, global, local), want, "W = {lanes}, {global:?} / {local:?}");
        }
    }
}

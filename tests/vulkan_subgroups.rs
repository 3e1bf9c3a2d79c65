//! Sub-groups of Vulkan compute shaders: a sub-group is a lane group of W invocations,
//! so `SubgroupSize` is W, `NumSubgroups` is the work-group size over W, and quad
//! operations exchange values inside aligned groups of four invocations.
//!
//! A missing `.spv` is a failure: rebuild with `tests/kernels/vulkan/build.sh`.

use std::path::Path;

use spirjit::{Arg, Bindings, Options, Program, Specialization};

#[test]
fn quad_operations_and_sub_group_ids_follow_the_lane_groups() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/vulkan/quad.spv");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    for lanes in [4, 8, 16] {
        let p = Program::with_options(&bytes, &Options { lanes, ..Options::default() }).unwrap();
        let pipe = p.pipeline("main", &Specialization::new()).unwrap();
        let n = 64usize;
        let src: Vec<u32> = (0..n as u32).map(|i| i * 7 + 3).collect();
        let mut q = vec![[0u32; 4]; n];
        let mut ids = vec![[0u32; 4]; n];
        let b = Bindings::new().bind(0, 0, Arg::read_only(&src)).bind(0, 1, Arg::buffer(&mut q)).bind(
            0,
            2,
            Arg::buffer(&mut ids),
        );
        pipe.dispatch([2, 1, 1], b).unwrap_or_else(|e| panic!("lanes {lanes}: {e}"));
        let w = p.kernel("main").unwrap().path().unwrap().lanes as usize;
        assert_eq!(w, lanes as usize, "the shader should run at the requested width");
        for i in 0..n {
            let quad = i & !3;
            let want = [src[quad + 2], src[i ^ 1], src[i ^ 2], src[i ^ 3]];
            assert_eq!(q[i], want, "lanes {lanes} invocation {i}");
            let local = i % 32;
            let want_ids = [w as u32, (32 / w) as u32, (local / w) as u32, (local % w) as u32];
            assert_eq!(ids[i], want_ids, "lanes {lanes} invocation {i}");
        }
    }
}

#[test]
fn a_required_sub_group_size_sets_the_width() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/vulkan/quad.spv");
    let bytes = std::fs::read(&path).unwrap();
    let p = Program::with_options(&bytes, &Options { lanes: 4, ..Options::default() }).unwrap();
    for n in [8u32, 16] {
        let options = spirjit::PipelineOptions { required_subgroup_size: Some(n) };
        let pipe = p.pipeline_with("main", &Specialization::new(), &options).unwrap();
        assert_eq!(pipe.kernel().path().unwrap().lanes, n);
        let src = vec![1u32; 32];
        let mut q = vec![[0u32; 4]; 32];
        let mut ids = vec![[0u32; 4]; 32];
        let b = Bindings::new().bind(0, 0, Arg::read_only(&src)).bind(0, 1, Arg::buffer(&mut q)).bind(
            0,
            2,
            Arg::buffer(&mut ids),
        );
        pipe.dispatch([1, 1, 1], b).unwrap();
        assert!(ids.iter().all(|v| v[0] == n && v[1] == 32 / n), "lanes {n}: {ids:?}");
    }
    assert_eq!(p.kernel("main").unwrap().path().unwrap().lanes, 4, "the original program keeps its width");
    let options = spirjit::PipelineOptions { required_subgroup_size: Some(3) };
    let e = p.pipeline_with("main", &Specialization::new(), &options).unwrap_err().to_string();
    assert!(e.contains("sub-groups of 1, 2, 4, 8 or 16"), "{e}");
}

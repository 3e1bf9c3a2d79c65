//! The pipeline API over Vulkan compute shaders: specialization constants (given by
//! SpecId, defaults otherwise, converted to each constant's type), constant expressions
//! over them, the work-group size from `local_size_x_id` (the WorkgroupSize built-in at
//! SPIR-V 1.0, `LocalSizeId` at 1.6), descriptors bound by (set, binding), push
//! constants, dispatches from a base group, and the errors a user gets for each mistake.
//!
//! A missing `.spv` is a failure: rebuild with `tests/kernels/vulkan/build.sh`.

use std::path::Path;

mod common;

use spirjit::{Arg, Bindings, DescriptorKind, Error, Options, Program, Scalar, SpecValue, Specialization};

fn spec(values: &[(u32, SpecValue)]) -> Specialization {
    values.iter().copied().collect()
}

/// What `spec.comp` computes for `groups` work-groups of `local` work-items from group
/// `base`, with the constants given: (dst, info) with untouched elements left at -1 / 7.
#[allow(clippy::too_many_arguments)]
fn spec_reference(
    src: &[f32],
    local: usize,
    base: usize,
    groups: usize,
    scale: f32,
    offset: i32,
    flip: bool,
    shift: u32,
) -> (Vec<f32>, Vec<u32>) {
    let n = src.len();
    let mut dst = vec![-1f32; n];
    let mut info = vec![7u32; 4 * (n / local)];
    let derived = (offset * 3 - 7) as f32;
    for w in base..base + groups {
        for l in 0..local {
            let from = if flip { local - 1 - l } else { l };
            dst[w * local + l] = src[w * local + from] * scale + derived;
        }
        let either = flip || offset > 10;
        info[w * 4..w * 4 + 4].copy_from_slice(&[
            local as u32,
            w as u32,
            (shift << 4) | (shift ^ 5),
            if either { groups as u32 } else { 0 },
        ]);
    }
    (dst, info)
}

fn run_spec(name: &str, lanes: u32, sp: &Specialization, base: u32, groups: u32, total: usize) -> (Vec<f32>, Vec<u32>) {
    let p = common::vulkan::program(name, lanes);
    let pipe = p.pipeline("main", sp).unwrap_or_else(|e| panic!("{name}: {e}"));
    let local = pipe.local_size()[0] as usize;
    let src: Vec<f32> = (0..total * local).map(|i| (i % 97) as f32 * 0.25).collect();
    let mut dst = vec![-1f32; src.len()];
    let mut info = vec![7u32; 4 * total];
    let b = Bindings::new().bind(0, 0, Arg::read_only(&src)).bind(0, 1, Arg::buffer(&mut dst)).bind(
        0,
        2,
        Arg::buffer(&mut info),
    );
    pipe.dispatch_base([base, 0, 0], [groups, 1, 1], b, &Default::default())
        .unwrap_or_else(|e| panic!("{name} lanes {lanes}: {e}"));
    let get = |id: u32| sp.get(&id).copied();
    let scale = match get(1) {
        Some(SpecValue::Float(b)) => f64::from_bits(b) as f32,
        Some(SpecValue::Bits(b)) => f32::from_bits(b as u32),
        _ => 1.0,
    };
    let offset = match get(2) {
        Some(SpecValue::Int(i)) => i as i32,
        _ => 0,
    };
    let flip = matches!(get(3), Some(SpecValue::Bool(true)));
    let shift = match get(4) {
        Some(SpecValue::Int(i)) => i as u32,
        _ => 1,
    };
    let want = spec_reference(&src, local, base as usize, groups as usize, scale, offset, flip, shift);
    assert_eq!(dst, want.0, "{name} lanes {lanes} {sp:?}: dst");
    assert_eq!(info, want.1, "{name} lanes {lanes} {sp:?}: info");
    (dst, info)
}

#[test]
fn specialization_constants_have_their_defaults_without_values() {
    for name in ["spec", "spec_id"] {
        let p = common::vulkan::program(name, 1);
        let pipe = p.pipeline("main", &Specialization::new()).unwrap();
        assert_eq!(pipe.local_size(), [1, 1, 1], "{name}");
        let cs = pipe.spec_constants();
        let ids: Vec<u32> = cs.iter().map(|c| c.id).collect();
        assert_eq!(ids, [0, 1, 2, 3, 4], "{name}");
        assert_eq!((cs[1].ty, cs[1].default, cs[1].value), (Scalar::F32, 1f32.to_bits() as u64, 1f32.to_bits() as u64));
        assert_eq!((cs[2].ty, cs[2].signed), (Scalar::I32, true));
        assert_eq!((cs[3].ty, cs[3].default), (Scalar::Bool, 0));
        assert_eq!((cs[4].ty, cs[4].signed), (Scalar::I32, false));
        assert_eq!(cs[1].name.as_deref(), Some("SCALE"));
        run_spec(name, 1, &Specialization::new(), 0, 8, 8);
    }
}

#[test]
fn specialization_values_reach_constants_expressions_and_the_work_group_size() {
    let sp = spec(&[
        (0, SpecValue::Int(64)),
        (1, SpecValue::float(2.5)),
        (2, SpecValue::Int(5)),
        (3, SpecValue::Bool(true)),
        (4, SpecValue::Int(3)),
    ]);
    for name in ["spec", "spec_id"] {
        for lanes in [1, 4, 8] {
            let p = common::vulkan::program(name, lanes);
            let pipe = p.pipeline("main", &sp).unwrap();
            assert_eq!(pipe.local_size(), [64, 1, 1]);
            assert_eq!(pipe.spec_constants()[2].value, 5);
            run_spec(name, lanes, &sp, 0, 4, 4);
        }
    }
    // Constants left out keep their defaults; OFFSET > 10 makes EITHER true.
    let sp = spec(&[(0, SpecValue::Int(16)), (2, SpecValue::Int(11))]);
    run_spec("spec", 4, &sp, 0, 3, 3);
    // Raw bits, as VkSpecializationInfo carries them.
    let sp = spec(&[(0, SpecValue::Bits(32)), (1, SpecValue::Bits(0.5f32.to_bits() as u64))]);
    run_spec("spec", 4, &sp, 0, 2, 2);
}

#[test]
fn a_specialized_program_is_compiled_once_and_shared() {
    let p = common::vulkan::program("spec", 4);
    let sp = spec(&[(0, SpecValue::Int(32))]);
    let a = p.specialized(&sp).unwrap();
    let b = p.specialized(&sp).unwrap();
    a.kernel("main").unwrap().path().unwrap();
    assert_eq!(b.compiled_kernel_count(), 1, "the second specialization with the same values compiled again");
    assert_eq!(p.compiled_kernel_count(), 0, "specializing compiled the unspecialized program");
    assert_eq!(a.kernel("main").unwrap().reqd_work_group_size(), Some([32, 1, 1]));
}

#[test]
fn dispatch_from_a_base_group_counts_workgroup_ids_from_it() {
    let sp = spec(&[(0, SpecValue::Int(16)), (3, SpecValue::Bool(true))]);
    for lanes in [1, 4] {
        let (dst, info) = run_spec("spec", lanes, &sp, 2, 3, 8);
        assert!(dst[..32].iter().all(|&v| v == -1.0), "groups before the base ran");
        assert!(dst[5 * 16..].iter().all(|&v| v == -1.0), "groups after base + count ran");
        assert_eq!(info[2 * 4 + 1], 2, "WorkgroupId of the first group is the base");
    }
}

#[test]
fn bindings_and_push_constants_are_described_and_bound_by_set_and_binding() {
    let p = common::vulkan::program("push", 4);
    let pipe = p.pipeline("main", &Specialization::new()).unwrap();
    let b: Vec<(u32, u32, DescriptorKind, u32)> =
        pipe.bindings().iter().map(|b| (b.set, b.binding, b.kind, b.count)).collect();
    assert_eq!(
        b,
        [
            (0, 0, DescriptorKind::StorageBuffer, 1),
            (0, 1, DescriptorKind::UniformBuffer, 1),
            (1, 0, DescriptorKind::StorageBuffer, 1)
        ]
    );
    assert_eq!(pipe.push_constant_size(), 8);
    assert_eq!(pipe.local_size(), [16, 1, 1]);
    let n = 64;
    let input: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let bias = [0f32, 0.0, 0.0, 0.5];
    let mut out = vec![0f32; n];
    let mut push = 2.5f32.to_le_bytes().to_vec();
    push.extend_from_slice(&50u32.to_le_bytes());
    // Bound in any order; push constants shorter than the block are zero-extended (here: all given).
    let bindings = Bindings::new()
        .bind(1, 0, Arg::buffer(&mut out))
        .bind(0, 1, Arg::read_only(&bias))
        .bind(0, 0, Arg::read_only(&input))
        .push_constants(&push);
    pipe.dispatch([4, 1, 1], bindings).unwrap();
    for (i, &o) in out.iter().enumerate() {
        assert_eq!(o, if i < 50 { input[i] * 2.5 + 0.5 } else { -1.0 }, "element {i}");
    }
}

#[test]
fn a_push_constant_block_ending_in_a_vec3_needs_a_range_of_its_members_only() {
    // clspv's global offset: `struct { uvec3 }`, 12 bytes of members in a 16-byte value.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/clspv/workitem.spv");
    let bytes = std::fs::read(&path).unwrap();
    let p = Program::with_options(&bytes, &Options::default()).unwrap();
    let pipe = p.pipeline("workitem", &Specialization::new()).unwrap();
    assert_eq!((pipe.push_constant_size(), pipe.push_constant_range()), (16, 12));
    let push = common::vulkan::program("push", 1).pipeline("main", &Specialization::new()).unwrap();
    assert_eq!((push.push_constant_size(), push.push_constant_range()), (8, 8));
}

fn message(e: Error) -> String {
    e.to_string()
}

#[test]
fn mistakes_are_reported_with_what_to_do() {
    let p = common::vulkan::program("push", 1);
    let pipe = p.pipeline("main", &Specialization::new()).unwrap();
    let input = vec![0f32; 64];
    let bias = [0f32; 4];
    let mut out = vec![0f32; 64];
    let e = pipe
        .dispatch([4, 1, 1], Bindings::new().bind(0, 0, Arg::read_only(&input)).push_constants(&[0; 8]))
        .unwrap_err();
    let m = message(e);
    assert!(m.contains("uniform buffer") && m.contains("(set 0, binding 1)") && m.contains("not bound"), "{m}");
    let e = pipe
        .dispatch(
            [4, 1, 1],
            Bindings::new().bind(0, 0, Arg::read_only(&input)).bind(0, 1, Arg::read_only(&bias)).bind(
                1,
                0,
                Arg::buffer(&mut out),
            ),
        )
        .unwrap_err();
    assert!(message(e).contains("8 bytes of push constants"));
    let e = pipe
        .dispatch(
            [4, 1, 1],
            Bindings::new()
                .bind(0, 0, Arg::read_only(&input))
                .bind(0, 1, Arg::read_only(&bias))
                .bind(2, 0, Arg::read_only(&bias))
                .bind(1, 0, Arg::buffer(&mut out))
                .push_constants(&[0; 8]),
        )
        .unwrap_err();
    let m = message(e);
    assert!(m.contains("binding (2, 0) is not used") && m.contains("(0, 0), (0, 1), (1, 0)"), "{m}");
    // An argument error names the binding: a read-only slice for the written buffer.
    let e = pipe
        .dispatch(
            [4, 1, 1],
            Bindings::new()
                .bind(0, 0, Arg::read_only(&input))
                .bind(0, 1, Arg::read_only(&bias))
                .bind(1, 0, Arg::read_only(&input))
                .push_constants(&[0; 8]),
        )
        .unwrap_err();
    let m = message(e);
    assert!(m.contains("storage buffer") && m.contains("(set 1, binding 0)"), "{m}");

    let s = common::vulkan::program("spec", 1);
    let e = s.pipeline("main", &spec(&[(9, SpecValue::Int(1))])).unwrap_err();
    assert!(message(e).contains("no specialization constant with SpecId 9; it declares 0, 1, 2, 3, 4"));
    let e = s.pipeline("main", &spec(&[(2, SpecValue::float(1.5))])).unwrap_err();
    assert!(message(e).contains("specialization constant 2 is a int32; it cannot take the float value 1.5"));
    let e = s.pipeline("main", &spec(&[(4, SpecValue::Int(1 << 32))])).unwrap_err();
    assert!(message(e).contains("out-of-range value"));
    let m = message(s.pipeline("main", &spec(&[(0, SpecValue::Int(0))])).unwrap_err());
    assert!(m.contains("work-group size of 0x1x1"), "{m}");

    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/vadd_float.O2.spv");
    let cl = Program::from_path(path).unwrap();
    let e = cl.pipeline("vadd_float", &Specialization::new()).unwrap_err();
    assert!(message(e).contains("OpenCL kernel"));
}

#[test]
fn buffer_device_addresses_reach_buffers_given_to_the_dispatch() {
    for lanes in [1, 4] {
        let p = common::vulkan::program("bda", lanes);
        let pipe = p.pipeline("main", &Specialization::new()).unwrap();
        assert!(pipe.bindings().is_empty());
        assert_eq!(pipe.push_constant_size(), 32);
        let n = 40usize;
        let src: Vec<f32> = (0..n).map(|i| i as f32).collect();
        let mut src = src;
        let mut dst = vec![-1f32; 48];
        // Three list nodes of 16 bytes: { next: u64, value: f32, pad: u32 }.
        let mut nodes = vec![0u64; 6];
        let base = nodes.as_ptr() as u64;
        for (k, value) in [1f32, 2.0, 4.0].into_iter().enumerate() {
            nodes[2 * k] = if k < 2 { base + 16 * (k as u64 + 1) } else { 0 };
            nodes[2 * k + 1] = value.to_bits() as u64;
        }
        let mut push = Vec::new();
        for a in [src.as_ptr() as u64, dst.as_ptr() as u64, base, n as u64] {
            push.extend_from_slice(&a.to_le_bytes());
        }
        let b = Bindings::new()
            .device_buffer(&mut src)
            .device_buffer(&mut dst)
            .device_buffer(&mut nodes)
            .push_constants(&push);
        pipe.dispatch([3, 1, 1], b).unwrap_or_else(|e| panic!("lanes {lanes}: {e}"));
        for (i, &d) in dst.iter().enumerate() {
            assert_eq!(d, if i < n { i as f32 * 2.0 + 7.0 } else { -1.0 }, "lanes {lanes} element {i}");
        }
        // An address outside every buffer of the dispatch is an error, not a wild access.
        let mut dst2 = vec![0f32; 48];
        let mut push = Vec::new();
        for a in [src.as_ptr() as u64, dst2.as_ptr() as u64 + 4096, 0, n as u64] {
            push.extend_from_slice(&a.to_le_bytes());
        }
        let b = Bindings::new().device_buffer(&mut src).device_buffer(&mut dst2).push_constants(&push);
        let e = pipe.dispatch([3, 1, 1], b).unwrap_err().to_string();
        assert!(e.contains("out-of-bounds"), "lanes {lanes}: {e}");
    }
}

#[test]
fn robust_buffer_access_reads_zero_and_drops_writes_out_of_bounds() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/vulkan/push.spv");
    let bytes = std::fs::read(path).unwrap();
    for lanes in [1, 4, 8] {
        let options = Options { lanes, checked: true, robust_buffer_access: true };
        let p = Program::with_options(&bytes, &options).unwrap();
        let pipe = p.pipeline("main", &Specialization::new()).unwrap();
        // 64 invocations read a 40-element input and write a 48-element output.
        let input: Vec<f32> = (0..40).map(|i| i as f32).collect();
        let bias = [0f32, 0.0, 0.0, 0.5];
        let mut out = vec![0f32; 48];
        let mut guard = vec![7f32; 16];
        let mut push = 2.0f32.to_le_bytes().to_vec();
        push.extend_from_slice(&64u32.to_le_bytes());
        let b = Bindings::new()
            .bind(0, 0, Arg::read_only(&input))
            .bind(0, 1, Arg::read_only(&bias))
            .bind(1, 0, Arg::buffer(&mut out))
            .device_buffer(&mut guard)
            .push_constants(&push);
        pipe.dispatch([4, 1, 1], b).unwrap_or_else(|e| panic!("lanes {lanes}: {e}"));
        for (i, &o) in out.iter().enumerate() {
            let want = if i < 40 { i as f32 * 2.0 + 0.5 } else { 0.5 };
            assert_eq!(o, want, "lanes {lanes} element {i}");
        }
        assert!(guard.iter().all(|&g| g == 7.0), "an out-of-bounds write landed in other memory");
    }
    // Without the option the same dispatch is an error.
    let p = common::vulkan::program("push", 4);
    let pipe = p.pipeline("main", &Specialization::new()).unwrap();
    let input = vec![0f32; 40];
    let mut out = vec![0f32; 48];
    let mut push = 2.0f32.to_le_bytes().to_vec();
    push.extend_from_slice(&64u32.to_le_bytes());
    let b = Bindings::new()
        .bind(0, 0, Arg::read_only(&input))
        .bind(0, 1, Arg::read_only(&[0f32; 4]))
        .bind(1, 0, Arg::buffer(&mut out))
        .push_constants(&push);
    assert!(pipe.dispatch([4, 1, 1], b).unwrap_err().to_string().contains("out-of-bounds"));
}

/// One image bound to several read-only bindings of a dispatch (`Arg::read_only_image`),
/// and refused where the shader may write it.
#[test]
fn one_image_shared_by_read_only_bindings() {
    use spirjit::{AddressingMode, BorderColor, ChannelOrder, ChannelType, FilterMode, Image, ImageDim, Sampler};
    let mk = |v: f32| {
        Image::from_bytes(ImageDim::D2, ChannelOrder::R, ChannelType::Float, [1, 1, 1], &v.to_le_bytes())
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let smp = Sampler::vulkan(
        false,
        FilterMode::Nearest,
        [AddressingMode::ClampToEdge; 3],
        BorderColor::FloatTransparentBlack,
        None,
    );
    let shared = mk(7.0);
    let other = mk(8.0);
    // images/arrays: texs[3] (combined image samplers), imgs[2] (readonly storage images).
    let pipe = common::vulkan::program("images/arrays", 4)
        .pipeline("main", &Specialization::new())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut outs = vec![[0f32; 4]; 12];
    let bindings = Bindings::new()
        .bind_array(
            0,
            0,
            vec![
                Arg::read_only_sampled_image(&shared, smp),
                Arg::read_only_sampled_image(&other, smp),
                Arg::read_only_sampled_image(&shared, smp),
            ],
        )
        .bind_array(0, 1, vec![Arg::read_only_image(&other), Arg::read_only_image(&shared)])
        .bind(1, 0, Arg::buffer(&mut outs))
        .push_constants(&1i32.to_le_bytes());
    pipe.dispatch([1, 1, 1], bindings).unwrap_or_else(|e| panic!("{e}"));
    for i in 0..4 {
        assert_eq!(outs[3 * i], [8.0, 0.0, 0.0, 1.0], "texs[1], invocation {i}");
        assert_eq!(outs[3 * i + 1], [[7.0, 8.0, 7.0][i % 3], 0.0, 0.0, 1.0], "texs[i % 3], invocation {i}");
        assert_eq!(outs[3 * i + 2], [7.0, 0.0, 0.0, 1.0], "imgs[1], invocation {i}");
    }
    // images/arrays_runtime writes imgs[]: a read-only image there is refused.
    let pipe = common::vulkan::program("images/arrays_runtime", 4)
        .pipeline("main", &Specialization::new())
        .unwrap_or_else(|e| panic!("{e}"));
    let texel = Image::from_bytes(ImageDim::D1Buffer, ChannelOrder::R, ChannelType::Float, [1, 1, 1], &[0; 4])
        .unwrap_or_else(|e| panic!("{e}"));
    let mut outs = vec![[0f32; 4]; 17];
    let push: Vec<u8> = [0i32, 1, -1].iter().flat_map(|w| w.to_le_bytes()).collect();
    let bindings = Bindings::new()
        .bind_array(0, 0, vec![Arg::read_only_sampled_image(&shared, smp)])
        .bind_array(0, 1, vec![Arg::read_only_image(&shared)])
        .bind_array(0, 2, vec![Arg::read_only_image(&texel)])
        .bind(1, 0, Arg::buffer(&mut outs))
        .push_constants(&push);
    let e = pipe.dispatch([1, 1, 1], bindings).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("storage image") && e.contains("read-only in each"), "{e}");
}

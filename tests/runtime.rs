//! Tests of the runtime's public API: NDRange and local-size choice, argument checks,
//! launch checks, .npy files, the thread-pool setting and concurrent dispatch. Kernels
//! come from the corpus in `tests/kernels/` (built by `tests/kernels/build.sh`).

use std::path::{Path, PathBuf};

use spirjit::npy::{self, DType};
use spirjit::{Arg, Error, Kernel, NdRange, Options, ParamKind, Program};

fn kernel_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("kernels").join(name)
}

fn load(file: &str, kernel: &str) -> Kernel {
    let path = kernel_path(file);
    let p = Program::from_path(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    p.kernel(kernel).unwrap_or_else(|e| panic!("{e}"))
}

fn vadd() -> Kernel {
    load("vadd_float.O2.spv", "vadd_float")
}

/// Run vadd_float on n elements; returns c.
fn run_vadd(k: &Kernel, range: &NdRange, n: usize) -> Vec<f32> {
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..n).map(|i| (2 * i) as f32 + 0.5).collect();
    let mut c = vec![-1.0f32; n];
    k.run(range, &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c), Arg::value(n as i32)])
        .unwrap_or_else(|e| panic!("{e}"));
    c
}

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn program_and_kernel_are_send_and_sync() {
    assert_send_sync::<Program>();
    assert_send_sync::<Kernel>();
}

#[test]
fn ndrange_constructors() {
    let r = NdRange::d2(10, 20).local(&[5]).offset(&[1, 2]);
    assert_eq!(r, NdRange { dims: 2, global: [10, 20, 1], local: Some([5, 1, 1]), offset: [1, 2, 0] });
    assert_eq!(NdRange::d3(2, 3, 4).work_items(), 24);
    assert_eq!(NdRange::d1(0).work_items(), 0);
}

#[test]
fn default_local_sizes() {
    assert_eq!(NdRange::d1(1 << 20).default_local_size(), [256, 1, 1]);
    assert_eq!(NdRange::d1(48).default_local_size(), [48, 1, 1]);
    assert_eq!(NdRange::d1(3 * 1024).default_local_size(), [256, 1, 1]);
    assert_eq!(NdRange::d1(600).default_local_size(), [200, 1, 1]);
    // A prime: no useful divisor, so 64 with a smaller last group.
    assert_eq!(NdRange::d1(1009).default_local_size(), [64, 1, 1]);
    assert_eq!(NdRange::d2(1024, 1024).default_local_size(), [16, 16, 1]);
    assert_eq!(NdRange::d2(4, 4096).default_local_size(), [4, 16, 1]);
    assert_eq!(NdRange::d2(4096, 1).default_local_size(), [256, 1, 1]);
    let l = NdRange::d3(64, 64, 64).default_local_size();
    assert!(l.iter().product::<u64>() <= 256, "{l:?}");
}

#[test]
fn runs_and_reports() {
    let k = vadd();
    for range in [NdRange::d1(1000), NdRange::d1(1009), NdRange::d1(100).local(&[7]), NdRange::d1(5).local(&[64])] {
        let n = range.global[0] as usize;
        let c = run_vadd(&k, &range, n);
        for (i, v) in c.iter().enumerate() {
            assert_eq!(*v, (3 * i) as f32 + 0.5, "{range:?} element {i}");
        }
    }
    let mut c = vec![0f32; 100];
    let info = k
        .run(
            &NdRange::d1(100).local(&[30]),
            &mut [Arg::read_only(&[0f32; 100]), Arg::read_only(&[0f32; 100]), Arg::buffer(&mut c), Arg::value(100i32)],
        )
        .unwrap();
    assert_eq!(info.work_groups, 4);
    assert_eq!(info.local_size, [30, 1, 1]);
}

#[test]
fn offsets_shift_global_ids() {
    let k = vadd();
    let n = 64;
    let a = vec![1f32; n];
    let b = vec![2f32; n];
    let mut c = vec![0f32; n];
    k.run(
        &NdRange::d1(32).offset(&[16]),
        &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c), Arg::value(n as i32)],
    )
    .unwrap();
    for (i, v) in c.iter().enumerate() {
        assert_eq!(*v, if (16..48).contains(&i) { 3.0 } else { 0.0 }, "element {i}");
    }
}

#[test]
fn empty_range_runs_nothing() {
    let k = vadd();
    let mut c = vec![7f32; 4];
    let info = k
        .run(
            &NdRange::d1(0),
            &mut [Arg::read_only(&[0f32; 4]), Arg::read_only(&[0f32; 4]), Arg::buffer(&mut c), Arg::value(4i32)],
        )
        .unwrap();
    assert_eq!(info.work_groups, 0);
    assert_eq!(c, vec![7f32; 4]);
}

#[test]
fn signature_and_metadata() {
    let k = vadd();
    assert_eq!(k.name(), "vadd_float");
    assert_eq!(k.params().len(), 4);
    let sig = k.signature();
    assert!(sig.starts_with("vadd_float(global const float* "), "{sig}");
    assert!(sig.contains("global float* "), "{sig}");
    assert!(matches!(k.params()[3].kind, ParamKind::Value(_)));
    assert_eq!(k.program().kernel_names(), vec!["vadd_float".to_string()]);
    assert_eq!(k.program().pointer_bits(), 64);
    assert!(k.program().capabilities().iter().any(|c| c == "Kernel"));
    assert!(k.program().dump_ir().contains("kernel vadd_float("));
    let r = load("reqd_wgs.O2.spv", "reqd_wgs");
    assert_eq!(r.reqd_work_group_size(), Some([8, 2, 1]));
    assert_eq!(r.local_size_for(&NdRange::d2(16, 4)).unwrap(), [8, 2, 1]);
}

#[test]
fn unknown_kernel_lists_names() {
    let p = vadd().program().clone();
    let e = p.kernel("nope").unwrap_err();
    assert!(matches!(e, Error::NoSuchKernel { .. }));
    assert!(e.to_string().contains("`vadd_float`"), "{e}");
}

#[test]
fn bad_modules_are_errors() {
    assert!(matches!(Program::from_bytes(b"not spir-v at all"), Err(Error::Compile(_))));
    assert!(matches!(Program::from_bytes(&[]), Err(Error::Compile(_))));
    assert!(matches!(Program::from_path("/nonexistent/k.spv"), Err(Error::Io { .. })));
}

#[test]
fn either_byte_order_loads() {
    let bytes = std::fs::read(kernel_path("vadd_float.O2.spv")).unwrap();
    let swapped: Vec<u8> = bytes.chunks_exact(4).flat_map(|w| [w[3], w[2], w[1], w[0]]).collect();
    let p = Program::from_bytes(&swapped).unwrap();
    assert_eq!(p.kernel_names(), vec!["vadd_float".to_string()]);
    let words: Vec<u32> = bytes.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
    let p = Program::from_words(&words).unwrap();
    let k = p.kernel("vadd_float").unwrap();
    assert_eq!(run_vadd(&k, &NdRange::d1(10), 10)[9], 27.5);
    let p = Program::with_options(&bytes, &Options::default()).unwrap();
    assert_eq!(p.kernels().len(), 1);
}

fn arg_error(k: &Kernel, args: &mut [Arg<'_>]) -> (usize, String) {
    match k.run(&NdRange::d1(4), args) {
        Err(e @ Error::Argument { index, .. }) => (index, e.to_string()),
        Err(e) => panic!("expected an argument error, got {e}"),
        Ok(_) => panic!("expected an argument error"),
    }
}

#[test]
fn argument_checks() {
    let k = vadd();
    let a = [0f32; 4];
    let mut c = [0f32; 4];

    let (i, m) = arg_error(&k, &mut [Arg::read_only(&a), Arg::read_only(&a), Arg::buffer(&mut c)]);
    assert_eq!(i, 3);
    assert!(m.contains("is missing") && m.contains("vadd_float(global const float*"), "{m}");

    let (i, m) = arg_error(
        &k,
        &mut [Arg::read_only(&a), Arg::read_only(&a), Arg::buffer(&mut c), Arg::value(4i32), Arg::value(1i32)],
    );
    assert_eq!(i, 4);
    assert!(m.contains("too many"), "{m}");

    let (i, m) = arg_error(&k, &mut [Arg::read_only(&a), Arg::value(1f32), Arg::buffer(&mut c), Arg::value(4i32)]);
    assert_eq!(i, 1);
    assert!(m.contains("argument 1") && m.contains("is `global const float*`: expected a buffer"), "{m}");
    assert!(m.contains("got a value of 4 bytes"), "{m}");

    let (i, m) = arg_error(&k, &mut [Arg::read_only(&a), Arg::read_only(&a), Arg::read_only(&a), Arg::value(4i32)]);
    assert_eq!(i, 2);
    assert!(m.contains("writable buffer"), "{m}");

    let (i, m) = arg_error(&k, &mut [Arg::read_only(&a), Arg::read_only(&a), Arg::buffer(&mut c), Arg::value(4i64)]);
    assert_eq!(i, 3);
    assert!(m.contains("expected 4 bytes, got 8 bytes"), "{m}");

    // A buffer need not hold whole elements (as with OpenCL drivers): two floats and two
    // bytes run while the kernel stays within them, and an access to the partial third
    // float is out of bounds.
    let mut odd = [0xAAu8; 10];
    let one = [1f32; 4];
    k.run(&NdRange::d1(4), &mut [Arg::read_only(&one), Arg::read_only(&one), Arg::buffer(&mut odd), Arg::value(2i32)])
        .unwrap_or_else(|e| panic!("a 10-byte buffer for two floats: {e}"));
    assert_eq!(odd, [0, 0, 0, 64, 0, 0, 0, 64, 0xAA, 0xAA]);
    let e = k
        .run(
            &NdRange::d1(4),
            &mut [Arg::read_only(&one), Arg::read_only(&one), Arg::buffer(&mut odd), Arg::value(4i32)],
        )
        .expect_err("the third float is out of bounds");
    let m = e.to_string();
    assert!(matches!(e, Error::Kernel { .. }), "{m}");
    assert!(
        m.contains("out-of-bounds access of 4 bytes at byte offset 8 of argument 2") && m.contains("10 bytes"),
        "{m}"
    );
    assert_eq!(odd[8..], [0xAA, 0xAA]);

    let (i, m) = arg_error(&k, &mut [Arg::read_only(&a), Arg::local(16), Arg::buffer(&mut c), Arg::value(4i32)]);
    assert_eq!(i, 1);
    assert!(m.contains("expected a buffer") && m.contains("local memory of 16 bytes"), "{m}");

    let r = load("reduce_sum.O2.spv", "reduce_sum");
    let mut out = [0i32; 1];
    let e = r
        .run(
            &NdRange::d1(4),
            &mut [Arg::read_only(&[1i32; 4]), Arg::buffer(&mut out), Arg::value(4u32), Arg::buffer(&mut [0i32; 4])],
        )
        .unwrap_err();
    assert!(e.to_string().contains("expected local memory"), "{e}");
}

#[test]
fn local_memory_arguments_and_barriers() {
    let r = load("reduce_sum.O2.spv", "reduce_sum");
    let n = 1000usize;
    let input: Vec<i32> = (0..n as i32).collect();
    let mut partial = vec![0i32; 16];
    r.run(
        &NdRange::d1(1024).local(&[64]),
        &mut [Arg::read_only(&input), Arg::buffer(&mut partial), Arg::value(n as u32), Arg::local(64 * 4)],
    )
    .unwrap();
    for (g, v) in partial.iter().enumerate() {
        let want: i32 = (g * 64..((g + 1) * 64).min(n)).map(|i| i as i32).sum();
        assert_eq!(*v, want, "group {g}");
    }
}

#[test]
fn launch_checks() {
    let k = vadd();
    let a = [0f32; 8];
    let mut c = [0f32; 8];
    let mut run = |range: NdRange| {
        let e = k
            .run(&range, &mut [Arg::read_only(&a), Arg::read_only(&a), Arg::buffer(&mut c), Arg::value(8i32)])
            .unwrap_err();
        assert!(matches!(e, Error::Launch { .. }), "{e}");
        e.to_string()
    };
    assert!(run(NdRange::d1(8).local(&[0])).contains("at least 1"));
    assert!(run(NdRange::d1(8192).local(&[8192])).contains("at most 4096"));
    assert!(run(NdRange::d1(8).local(&[2, 2])).contains("only 1 dimension"));
    assert!(run(NdRange { dims: 4, ..NdRange::d1(8) }).contains("use 1, 2 or 3"));
    assert!(run(NdRange { dims: 1, ..NdRange::d2(8, 8) }).contains("dimension 1"));
    assert!(run(NdRange::d1(u64::MAX).offset(&[1])).contains("overflows"));

    let r = load("reqd_wgs.O2.spv", "reqd_wgs");
    let e = r
        .run(&NdRange::d2(16, 4).local(&[4, 4]), &mut [Arg::read_only(&[0i32; 64]), Arg::buffer(&mut [0i32; 64])])
        .unwrap_err();
    assert!(e.to_string().contains("reqd_work_group_size (8, 2, 1)"), "{e}");
}

#[test]
fn npy_round_trip() {
    let dir = std::env::temp_dir().join(format!("spirjit-runtime-npy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data: Vec<f64> = vec![1.0, -2.5, 1e300, f64::INFINITY];
    let path = dir.join("x.npy");
    npy::write(&path, DType::F64, spirjit::bytes_of(&data)).unwrap();
    let a = npy::read(&path).unwrap();
    assert_eq!(a.dtype, DType::F64);
    assert_eq!(a.shape, vec![4]);
    assert_eq!(a.data, spirjit::bytes_of(&data));
    for d in DType::ALL {
        let bytes: Vec<u8> = (0..3 * d.size() as u8).collect();
        let back = npy::from_bytes(&npy::to_bytes(d, &[3], &bytes)).unwrap();
        assert_eq!((back.dtype, back.data), (d, bytes));
    }
    std::fs::write(dir.join("bad.npy"), b"\x93NUMPY\x01\x00garbage").unwrap();
    assert!(matches!(npy::read(dir.join("bad.npy")), Err(Error::Data { .. })));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn thread_count_setting() {
    spirjit::set_num_threads(3);
    assert_eq!(spirjit::num_threads(), 3);
    let c = run_vadd(&vadd(), &NdRange::d1(4096).local(&[16]), 4096);
    assert_eq!(c[4095], 3.0 * 4095.0 + 0.5);
    spirjit::set_num_threads(0);
    assert_eq!(spirjit::num_threads(), std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
}

#[test]
fn concurrent_dispatch_from_several_threads() {
    let k = vadd();
    std::thread::scope(|s| {
        for t in 0..4usize {
            let k = k.clone();
            s.spawn(move || {
                for round in 0..10 {
                    let n = 500 + 37 * t + round;
                    let c = run_vadd(&k, &NdRange::d1(n as u64).local(&[16]), n);
                    assert!(c.iter().enumerate().all(|(i, v)| *v == (3 * i) as f32 + 0.5), "thread {t} round {round}");
                }
            });
        }
    });
}

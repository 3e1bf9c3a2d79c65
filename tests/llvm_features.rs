//! LLVM IR front-end features beyond the OpenCL corpus, each run and checked against
//! values computed here: `atomicrmw nand / uinc_wrap / udec_wrap` (compare-and-swap
//! loops that split a block, with a phi naming the split block), OpenCL C 2.0 atomics
//! as clang writes them (tests/kernels/llvm_features/atomics20.cl, built by its
//! build.sh: clang-14 text and bitcode, clang-19 opaque-pointer text), `llvm.memset` of
//! a run-time length and byte, and the element types of opaque pointer kernel
//! parameters (from `kernel_arg_type` metadata, from uses, and in CUDA's clang-19 IR), and
//! the type qualifiers of parameters (`!kernel_arg_type_qual`, `noalias`).

use std::path::PathBuf;

use spirjit::{Arg, NdRange, Options, Program};
use spirjit_jit::frontend::llvm;
use spirjit_jit::ir::ParamKind;

const LANES: [u32; 3] = [1, 4, 16];

/// The program of LLVM IR `bytes` at `lanes`; the SPIR-V written for it passes
/// `spirv-val` (as SPIR-V 1.0: float atomics and generic pointers are beyond OpenCL 1.2)
/// when that is installed.
fn program(bytes: &[u8], lanes: u32) -> Program {
    let words = llvm::to_spirv(bytes).unwrap_or_else(|e| panic!("{e}"));
    validate(&words);
    Program::from_words_with_options(&words, &Options { lanes, ..Options::default() }).unwrap_or_else(|e| panic!("{e}"))
}

fn validate(words: &[u32]) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    if std::process::Command::new("spirv-val").arg("--version").output().is_err() {
        return;
    }
    let n = N.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("spirjit-llvm-features-{}-{n}.spv", std::process::id()));
    std::fs::write(&path, words.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
    let o = std::process::Command::new("spirv-val").args(["--target-env", "spv1.0"]).arg(&path).output().unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(o.status.success(), "{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
}

fn features(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/llvm_features").join(name)
}

const RMW: &str = r#"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @rmw(ptr addrspace(1) %a, ptr addrspace(1) %old, ptr addrspace(1) %ctr, ptr addrspace(1) %seen) {
entry:
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i
  %o = atomicrmw nand ptr addrspace(1) %p, i32 12 seq_cst
  %x = atomicrmw uinc_wrap ptr addrspace(1) %ctr, i32 6 monotonic
  %c1 = getelementptr inbounds i32, ptr addrspace(1) %ctr, i64 1
  %y = atomicrmw udec_wrap ptr addrspace(1) %c1, i32 4 acq_rel
  %small = icmp ult i32 %x, 7
  br i1 %small, label %ok, label %exit

ok:
  br label %exit

exit:
  %r = phi i32 [ %o, %entry ], [ %o, %ok ]
  %s = phi i32 [ 1000, %entry ], [ %y, %ok ]
  %q = getelementptr inbounds i32, ptr addrspace(1) %old, i64 %i
  store i32 %r, ptr addrspace(1) %q, align 4
  %t = getelementptr inbounds i32, ptr addrspace(1) %seen, i64 %i
  store i32 %s, ptr addrspace(1) %t, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
"#;

#[test]
fn atomicrmw_nand_and_wrapping_increment_and_decrement() {
    let n = 96usize;
    for lanes in LANES {
        let p = program(RMW.as_bytes(), lanes);
        let k = p.kernel("rmw").unwrap();
        let init: Vec<i32> = (0..n as i32).map(|i| i * 37 - 500).collect();
        let mut a = init.clone();
        let mut old = vec![0i32; n];
        let mut ctr = vec![0i32; 2];
        let mut seen = vec![-1i32; n];
        k.run(
            &NdRange::d1(n as u64).local(&[32]),
            &mut [Arg::buffer(&mut a), Arg::buffer(&mut old), Arg::buffer(&mut ctr), Arg::buffer(&mut seen)],
        )
        .unwrap();
        let want: Vec<i32> = init.iter().map(|v| !(v & 12)).collect();
        assert_eq!(a, want, "nand at W = {lanes}");
        assert_eq!(old, init, "nand's old values at W = {lanes}");
        // n increments wrapping after 6, n decrements from 0 wrapping to 4.
        assert_eq!(ctr, vec![(n % 7) as i32, ((5 - n % 5) % 5) as i32], "at W = {lanes}");
        assert!(seen.iter().all(|&s| (0..=4).contains(&s)), "udec_wrap's old values at W = {lanes}: {seen:?}");
    }
}

const MEMSET: &str = r#"
target triple = "spir64-unknown-unknown"

define spir_kernel void @fill(ptr addrspace(1) %buf, i32 %n, i8 %v) {
entry:
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %off = mul i64 %i, 16
  %p = getelementptr inbounds i8, ptr addrspace(1) %buf, i64 %off
  %len = zext i32 %n to i64
  call void @llvm.memset.p1.i64(ptr addrspace(1) %p, i8 %v, i64 %len, i1 false)
  %last = getelementptr inbounds i8, ptr addrspace(1) %p, i64 15
  call void @llvm.memset.p1.i32(ptr addrspace(1) %last, i8 %v, i32 1, i1 false)
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare void @llvm.memset.p1.i64(ptr addrspace(1), i8, i64, i1)
declare void @llvm.memset.p1.i32(ptr addrspace(1), i8, i32, i1)
"#;

#[test]
fn memset_of_a_run_time_length_and_byte() {
    for lanes in LANES {
        let p = program(MEMSET.as_bytes(), lanes);
        let k = p.kernel("fill").unwrap();
        for n in [0i32, 1, 5, 13] {
            let mut buf = vec![7u8; 16 * 20];
            k.run(
                &NdRange::d1(20).local(&[4]),
                &mut [Arg::buffer(&mut buf), Arg::Value(n.to_le_bytes().to_vec()), Arg::Value(vec![0xA5])],
            )
            .unwrap();
            for (j, &b) in buf.iter().enumerate() {
                let want = if (j % 16) < n as usize || j % 16 == 15 { 0xA5 } else { 7 };
                assert_eq!(b, want, "byte {j} with n = {n} at W = {lanes}");
            }
        }
    }
}

/// The clang builds of atomics20.cl, run against what the kernel must compute.
#[test]
fn opencl_2_0_atomics_from_clang() {
    let n = 96usize;
    let wg = 32usize;
    for file in ["atomics20.ll", "atomics20.bc", "atomics20.o.ll"] {
        let bytes = std::fs::read(features(file)).unwrap();
        for lanes in LANES {
            let p = program(&bytes, lanes);
            let k = p.kernel("atomics20").unwrap();
            assert_eq!(pointees(&p, "atomics20"), ["i32", "i32", "i64", "i32", "i32", "i32", "i32"], "{file}");
            let mut ai = vec![0i32, 0, 0, 10, 5, 0];
            let mut au = vec![0u32, 0, 0xffff, 0];
            let mut al = vec![0i64];
            let mut slots = vec![0i32; n];
            let mut flags = vec![0i32; n];
            let mut out = vec![0i32; n];
            k.run(
                &NdRange::d1(n as u64).local(&[wg as u64]),
                &mut [
                    Arg::buffer(&mut ai),
                    Arg::buffer(&mut au),
                    Arg::buffer(&mut al),
                    Arg::buffer(&mut slots),
                    Arg::buffer(&mut flags),
                    Arg::buffer(&mut out),
                    Arg::Local(4),
                ],
            )
            .unwrap_or_else(|e| panic!("{file} at W = {lanes}: {e}"));
            let at = format!("{file} at W = {lanes}");
            let winner = ai[4] - 100;
            assert!((0..n as i32).contains(&winner), "{at}: {ai:?}");
            assert_eq!(ai, vec![n as i32, -2 * n as i32, 1 - n as i32, 10 + 3 * n as i32, 100 + winner, 1], "{at}");
            let xor = (0..n as u32).fold(0, |a, b| a ^ b);
            assert_eq!(au, vec![u32::MAX, xor, 0xff00, 3 * (n as u32 - 1)], "{at}");
            assert_eq!(al[0], (0..n as i64).map(|i| i << 33).sum::<i64>(), "{at}");
            assert_eq!(slots, vec![1; n], "{at}");
            assert_eq!(flags, vec![1; n], "{at}");
            let want: Vec<i32> = (0..n as i32).map(|i| 14 * i + 1000 * 2 + 10000 * wg as i32).collect();
            assert_eq!(out, want, "{at}");
        }
    }
}

const FLOAT_ATOMICS: &str = r#"
target triple = "spir64-unknown-unknown"

define spir_kernel void @fadd(ptr addrspace(1) %sum, ptr addrspace(1) %lo) {
entry:
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %f = uitofp i64 %i to float
  %a = call spir_func float @_Z25atomic_fetch_add_explicitPU3AS1VU7_Atomicff12memory_order12memory_scope(ptr addrspace(1) %sum, float 1.0, i32 0, i32 2)
  %m = call spir_func float @_Z16atomic_fetch_minPU3AS1VU7_Atomicff(ptr addrspace(1) %lo, float %f)
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func float @_Z25atomic_fetch_add_explicitPU3AS1VU7_Atomicff12memory_order12memory_scope(ptr addrspace(1), float, i32, i32)
declare spir_func float @_Z16atomic_fetch_minPU3AS1VU7_Atomicff(ptr addrspace(1), float)
"#;

#[test]
fn opencl_2_0_float_atomics() {
    for lanes in LANES {
        let p = program(FLOAT_ATOMICS.as_bytes(), lanes);
        let k = p.kernel("fadd").unwrap();
        let (mut sum, mut lo) = (vec![0.5f32], vec![1000f32]);
        k.run(&NdRange::d1(64).local(&[16]), &mut [Arg::buffer(&mut sum), Arg::buffer(&mut lo)]).unwrap();
        assert_eq!((sum[0], lo[0]), (64.5, 0.0), "at W = {lanes}");
    }
}

const OPAQUE_PARAMS: &str = r#"
target triple = "spir64-unknown-unknown"

define spir_kernel void @named(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(3) %l) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !4 !kernel_arg_type_qual !5 {
entry:
  ret void
}

define spir_kernel void @used(ptr addrspace(1) %f, ptr addrspace(1) %d, ptr addrspace(1) %mixed, ptr addrspace(1) %unused) {
entry:
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds float, ptr addrspace(1) %f, i64 %i
  %x = load float, ptr addrspace(1) %p, align 4
  %byte = getelementptr inbounds i8, ptr addrspace(1) %d, i64 8
  %q = getelementptr inbounds <2 x double>, ptr addrspace(1) %byte, i64 %i
  store <2 x double> zeroinitializer, ptr addrspace(1) %q, align 16
  %y = load i32, ptr addrspace(1) %mixed, align 4
  store i16 1, ptr addrspace(1) %mixed, align 2
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)

!1 = !{i32 1, i32 1, i32 3}
!2 = !{!"none", !"none", !"none"}
!3 = !{!"my_float4*", !"uint*", !"short*"}
!4 = !{!"float4*", !"uint*", !"short*"}
!5 = !{!"", !"const", !""}
"#;

/// The element type (as KIR spells it) of each pointer parameter of `kernel`.
fn pointees(p: &Program, kernel: &str) -> Vec<String> {
    p.kernel(kernel)
        .unwrap()
        .params()
        .iter()
        .filter_map(|q| match &q.kind {
            ParamKind::Pointer { pointee, .. } => Some(pointee.to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn opaque_pointer_parameters_get_their_element_types() {
    let p = program(OPAQUE_PARAMS.as_bytes(), 1);
    // From `kernel_arg_base_type` (a typedef resolved).
    assert_eq!(pointees(&p, "named"), ["f32x4", "i32", "i16"]);
    // From uses, through `getelementptr`s; accesses that disagree, or none: bytes.
    assert_eq!(pointees(&p, "used"), ["f32", "f64x2", "i8", "i8"]);
    // CUDA's clang-19 IR has opaque pointers and no argument metadata.
    let saxpy = std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/cuda/saxpy.o.ll")).unwrap();
    let p = program(&saxpy, 1);
    assert_eq!(pointees(&p, "saxpy"), ["f32", "f32"]);
    let sig = p.kernel("saxpy").unwrap().signature();
    assert!(sig.contains("global float* arg2") && sig.contains("global float* arg3"), "{sig}");
}

const NVVM_ATOMICS: &str = r#"
target triple = "nvptx64-nvidia-cuda"

define void @wrap(ptr %c, ptr %f) {
entry:
  %o = call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %c, i32 9)
  %c1 = getelementptr inbounds i32, ptr %c, i64 1
  %d = call i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr %c1, i32 9)
  %g = call float @llvm.nvvm.atomic.load.add.f32.p0(ptr %f, float 0.5)
  %c2 = getelementptr inbounds i32, ptr %c, i64 2
  %x = call i32 @llvm.nvvm.atomic.add.gen.i.cta(ptr %c2, i32 3)
  ret void
}

declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr, i32)
declare float @llvm.nvvm.atomic.load.add.f32.p0(ptr, float)
declare i32 @llvm.nvvm.atomic.add.gen.i.cta(ptr, i32)

!nvvm.annotations = !{!0}
!0 = !{ptr @wrap, !"kernel", i32 1}
"#;

/// The NVVM atomic intrinsics, the wrapping `atomic.load.inc/dec.32` among them.
#[test]
fn nvvm_atomic_intrinsics() {
    for lanes in LANES {
        let p = program(NVVM_ATOMICS.as_bytes(), lanes);
        let k = p.kernel("wrap").unwrap();
        let (mut c, mut f) = (vec![0i32, 0, 1], vec![0f32]);
        k.run(&NdRange::d1(64).local(&[16]), &mut [Arg::buffer(&mut c), Arg::buffer(&mut f)]).unwrap();
        // 64 increments wrapping after 9; 64 decrements from 0 wrapping to 9.
        let n = 64;
        assert_eq!(c, vec![n % 10, (10 - n % 10) % 10, 1 + 3 * n], "at W = {lanes}");
        assert_eq!(f[0], 32.0, "at W = {lanes}");
    }
}

/// The writer on modules cut at every line and mutated a few hundred times each (the
/// ones above, and clang's NVVM IR with its loops): an error or SPIR-V, never a panic
/// and never an internal error.
#[test]
fn cut_and_mutated_modules_never_panic_the_writer() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut texts: Vec<String> =
        [RMW, MEMSET, FLOAT_ATOMICS, OPAQUE_PARAMS, NVVM_ATOMICS].iter().map(|s| s.to_string()).collect();
    for f in
        ["tests/kernels/cuda/sgemm.o.ll", "tests/kernels/cuda/scan.o.ll", "tests/kernels/llvm_features/atomics20.ll"]
    {
        texts.push(std::fs::read_to_string(root.join(f)).unwrap());
    }
    let check = |text: &str| {
        if let Err(e) = llvm::to_spirv(text.as_bytes()) {
            assert!(!matches!(e, spirjit_jit::CompileError::Internal { .. }), "{e}\n{text}");
        }
    };
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for text in &texts {
        let lines: Vec<&str> = text.lines().collect();
        for cut in 0..lines.len() {
            check(&lines[..cut].join("\n"));
        }
        for _ in 0..300 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            let at = (seed as usize) % l.len();
            let other = ((seed >> 20) as usize) % l.len();
            match (seed >> 40) % 4 {
                0 => {
                    l.remove(at);
                }
                1 => {
                    let dup = l[other].clone();
                    l.insert(at, dup);
                }
                2 => l.swap(at, other),
                _ => {
                    // A token replaced by another of the same line's or a neighbour's.
                    let words: Vec<&str> = lines[other].split(' ').collect();
                    let w = words[((seed >> 50) as usize) % words.len()];
                    let mut t: Vec<&str> = l[at].split(' ').collect();
                    let i = ((seed >> 30) as usize) % t.len();
                    t[i] = w;
                    l[at] = t.join(" ");
                }
            }
            check(&l.join("\n"));
        }
    }
}

/// The type qualifiers (`const restrict volatile`) of each parameter of `kernel`.
fn qualifiers(p: &Program, kernel: &str) -> Vec<String> {
    p.kernel(kernel).unwrap().params().iter().map(|q| q.qualifiers.words().join(" ")).collect()
}

#[test]
fn parameters_keep_their_type_qualifiers() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/arg_qualifiers");
    // clang's `!kernel_arg_type_qual` (SPIR 1.2 metadata), in text and in bitcode.
    for file in ["qualifiers.ll", "qualifiers.bc"] {
        let p = program(&std::fs::read(dir.join(file)).unwrap(), 1);
        let want = ["restrict", "volatile", "const", "const", "const restrict volatile", ""];
        assert_eq!(qualifiers(&p, "qualifiers"), want, "{file}");
    }
    // Without argument metadata, `noalias` is `restrict`.
    for file in ["noalias.ll", "noalias.bc"] {
        let p = program(&std::fs::read(dir.join(file)).unwrap(), 1);
        assert_eq!(qualifiers(&p, "copy"), ["restrict", ""], "{file}");
    }
}

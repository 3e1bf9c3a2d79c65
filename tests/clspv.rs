//! The corpus built by clspv (`tests/kernels/clspv/*.spv`, OpenCL C compiled to Vulkan
//! SPIR-V with `NonSemantic.ClspvReflection`) runs exactly like the llvm-spirv build of
//! the same source (`tests/kernels/<name>.O2.spv`): every kernel is called through its
//! OpenCL signature (`Kernel::params`, `Kernel::run`) with the same generated inputs in
//! both builds, at W = 1 and W = 4, and every buffer must come out the same — bit for
//! bit, or within a few ulps for kernels of math builtins, whose implementations differ
//! between the two compilers (GLSL.std.450 against OpenCL.std).
//!
//! The launches cover buffers, by-value scalars, vectors and structs (in push constants
//! and in a uniform buffer), `__local` arguments, `__constant` data, global offsets,
//! 2-D and 3-D ranges, barriers and atomics. Kernels the llvm-spirv corpus tests as
//! errors must fail in both builds.

mod common;

use spirjit::{Arg, HostScalar, HostType, NdRange, Options, Param, ParamKind, Program};

/// Kernels whose outputs depend on the order work-items reach an atomic: both builds
/// must run, their outputs are not compared.
/// `gather_scatter` scatters through generated indices, which repeat.
const ORDER_DEPENDENT: &[&str] = &["compact", "atomics_int", "atomics_uint", "gather_scatter"];

/// Kernels whose clspv build does not yet give the llvm-spirv build's results. Their
/// outputs are not compared, and their failures to run are not reported; the rest
/// must match.
const KNOWN_DIFFERENT: &[&str] = &[];

/// Bytes of outputs that clspv compiles wrongly or leaves unspecified, not compared:
/// (kernel, argument, record size, bytes of each record). Each miscompilation is in
/// the module as clspv wrote it (spirjit runs it as written; lavapipe computes the
/// same values from it).
const CLSPV_MISCOMPILED: &[(&str, usize, usize, std::ops::Range<usize>)] = &[
    // `o[4] = sqrt(fabs(x))` of a double: clspv clears the sign bit with the mask
    // 0x7FFFFFFF (`OpBitwiseAnd %ulong %x %ulong_2147483647`), dropping the high word.
    ("double_arith", 2, 80, 32..40),
    // `p.inner` of the 64-byte `Particle` at index i: clspv loads word 64 * i of the
    // buffer instead of word 16 * i + 1, so `tag_plus_id` and `copy` are wrong.
    ("struct_buffer", 1, 48, 12..16),
    ("struct_buffer", 1, 48, 32..40),
    // The tail padding of `Result`: the llvm-spirv build copies whole structs, clspv
    // stores members.
    ("struct_buffer", 1, 48, 40..48),
    // `f` and `c` of `Rec`: clspv's access chains name member 0 (`a[0]`) for them
    // instead of members 1 and 2.
    ("struct_copy", 1, 28, 20..28),
];

/// Kernels compared with a tolerance (math builtins implemented differently).
const MATH: &[&str] = &["math_builtins", "math_transcendental", "nbody", "float_special"];

/// Elements of every generated buffer.
const ELEMS: usize = 4096;

/// Elements of the generated buffers of `kernel`: three times as many for kernels that
/// write three 8- or 16-element vectors per work-item.
fn elems(kernel: &str) -> usize {
    match kernel {
        "vec16" | "vec_int8" => 3 * ELEMS,
        _ => ELEMS,
    }
}

/// The NDRanges a kernel is run over.
fn ranges(kernel: &str) -> Vec<NdRange> {
    let r = |dims, global: [u64; 3], local: [u64; 3], offset| NdRange { dims, global, local: Some(local), offset };
    match kernel {
        "workitem" | "workitem_const" | "workitem_cl20" => {
            vec![r(3, [8, 4, 2], [4, 2, 2], [0; 3]), r(3, [8, 4, 2], [2, 2, 1], [3, 1, 2])]
        }
        "box3d" => vec![r(3, [16, 16, 16], [4, 4, 4], [0; 3]), r(3, [16, 16, 16], [8, 4, 2], [4, 0, 8])],
        "matmul_naive" | "matmul_tiled" | "matmul_tiled_args" | "stencil2d" => {
            vec![r(2, [16, 16, 1], [8, 8, 1], [0; 3])]
        }
        "transpose_local" => vec![r(2, [16, 16, 1], [16, 16, 1], [0; 3])],
        "reqd_wgs" => vec![r(2, [16, 4, 1], [8, 2, 1], [0; 3])],
        // Kernels with __local arrays sized for their work-group.
        "many_barriers" => vec![r(1, [64, 1, 1], [16, 1, 1], [0; 3]), r(1, [64, 1, 1], [16, 1, 1], [32, 0, 0])],
        "scan_blelloch" => vec![r(1, [128, 1, 1], [32, 1, 1], [0; 3]), r(1, [64, 1, 1], [32, 1, 1], [64, 0, 0])],
        // `limit` = 7 * global id must stay within the 512-entry sieve: global ids < 74.
        "private_large" => vec![r(1, [64, 1, 1], [16, 1, 1], [0; 3]), r(1, [32, 1, 1], [16, 1, 1], [32, 0, 0])],
        "local_vectors" => vec![r(1, [128, 1, 1], [32, 1, 1], [0; 3]), r(1, [64, 1, 1], [32, 1, 1], [32, 0, 0])],
        _ => vec![r(1, [256, 1, 1], [64, 1, 1], [0; 3]), r(1, [128, 1, 1], [32, 1, 1], [64, 0, 0])],
    }
}

/// The value of by-value integer arguments (sizes, counts, loop bounds).
fn int_value(kernel: &str) -> i64 {
    match kernel {
        "vadd_float" | "saxpy" | "histogram" | "reduce_float" | "reduce_sum" | "scan_hillis_steele" => 200,
        "private_large" => 0,
        _ => 16,
    }
}

/// Deterministic small element `i` of a buffer of `s` elements (indices stay in range).
fn element(s: HostScalar, i: usize) -> Vec<u8> {
    let h = (i as u32).wrapping_mul(2_654_435_761) >> 24;
    let small = u64::from(h % 8);
    match s {
        HostScalar::Float { bits: 16 } => (0x3C00u16 | (small as u16) << 6).to_le_bytes().to_vec(),
        HostScalar::Float { bits: 64 } => (0.25 + small as f64 * 0.375).to_le_bytes().to_vec(),
        HostScalar::Float { .. } => (0.25 + small as f32 * 0.375).to_le_bytes().to_vec(),
        other => small.to_le_bytes()[..other.size() as usize].to_vec(),
    }
}

/// The bytes of a by-value argument of host type `h`.
fn value(kernel: &str, h: &HostType, size: u64) -> Vec<u8> {
    let one = |s: HostScalar| match s {
        HostScalar::Float { bits: 64 } => 0.5f64.to_le_bytes().to_vec(),
        HostScalar::Float { bits: 16 } => 0x3800u16.to_le_bytes().to_vec(),
        HostScalar::Float { .. } => 0.5f32.to_le_bytes().to_vec(),
        other => int_value(kernel).to_le_bytes()[..other.size() as usize].to_vec(),
    };
    match h {
        HostType::Scalar(s) => one(*s),
        HostType::Vector(s, n) => {
            let mut v: Vec<u8> = (0..*n).flat_map(|_| one(*s)).collect();
            v.resize(size as usize, 0);
            v
        }
        _ => (0..size).map(|i| if i % 4 == 0 { 2 } else { 0 }).collect(),
    }
}

/// The scalar of a buffer parameter's elements (bytes when unknown).
fn elem_scalar(p: &Param) -> (HostScalar, usize) {
    match p.host.pointee() {
        Some(HostType::Scalar(s)) => (*s, 1),
        Some(HostType::Vector(s, n)) => (*s, if *n == 3 { 4 } else { *n as usize }),
        Some(HostType::Aggregate { size, .. }) => {
            (HostScalar::Int { bits: 32, sign: spirjit::Signedness::Signed }, (*size as usize).div_ceil(4))
        }
        _ => (HostScalar::Int { bits: 8, sign: spirjit::Signedness::Unsigned }, 1),
    }
}

/// The initial bytes of every argument of `params` (empty for locals).
enum Init {
    Buffer(Vec<u8>),
    Value(Vec<u8>),
    Local(usize),
}

fn inputs(kernel: &str, params: &[Param]) -> Vec<Init> {
    params
        .iter()
        .map(|p| match &p.kind {
            ParamKind::Pointer { space: spirjit::AddressSpace::Local, .. } => Init::Local(4096),
            ParamKind::Pointer { .. } => {
                let (s, per) = elem_scalar(p);
                Init::Buffer((0..elems(kernel) * per).flat_map(|i| element(s, i)).collect())
            }
            ParamKind::Value(t) => Init::Value(value(kernel, &p.host, t.size())),
            other => panic!("{kernel}: argument kind {other:?} is not generated"),
        })
        .collect()
}

/// Run `kernel` of `program` over `range` on copies of `init`; the buffers after the
/// run, or the error.
fn run(program: &Program, kernel: &str, range: &NdRange, init: &[Init]) -> Result<Vec<Vec<u8>>, String> {
    let k = program.kernel(kernel).map_err(|e| e.to_string())?;
    let mut buffers: Vec<Vec<u8>> = init
        .iter()
        .map(|i| match i {
            Init::Buffer(b) => b.clone(),
            _ => Vec::new(),
        })
        .collect();
    let mut args: Vec<Arg<'_>> = buffers
        .iter_mut()
        .zip(init)
        .map(|(b, i)| match i {
            Init::Buffer(_) => Arg::Buffer(b.as_mut_slice()),
            Init::Value(v) => Arg::bytes(v),
            Init::Local(n) => Arg::local(*n),
        })
        .collect();
    k.run(range, &mut args).map_err(|e| e.to_string())?;
    drop(args);
    Ok(buffers)
}

/// True when `a` and `b` are the same f32 or differ by a few ulps.
fn close_f32(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits()
        || (a.is_nan() && b.is_nan())
        || (a - b).abs() <= 1e-5 * a.abs().max(b.abs())
        || (a - b).abs() < 1e-30
}

/// `b` with the bytes `CLSPV_MISCOMPILED` lists for argument `arg` of `kernel` zeroed.
fn mask(kernel: &str, arg: usize, b: &[u8]) -> Vec<u8> {
    let mut b = b.to_vec();
    for (_, _, record, bytes) in CLSPV_MISCOMPILED.iter().filter(|m| m.0 == kernel && m.1 == arg) {
        for r in b.chunks_mut(*record) {
            r.iter_mut().skip(bytes.start).take(bytes.len()).for_each(|x| *x = 0);
        }
    }
    b
}

fn compare(
    label: &str,
    kernel: &str,
    params: &[Param],
    got: &[Vec<u8>],
    want: &[Vec<u8>],
    math: bool,
) -> Result<(), String> {
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let (g, w) = (&mask(kernel, i, g), &mask(kernel, i, w));
        if g == w {
            continue;
        }
        if let Some(HostType::Vector(s, 3)) = params[i].host.pointee() {
            // The fourth element of a 3-element vector is padding either build may write.
            let n = s.size() as usize;
            let strip =
                |b: &[u8]| -> Vec<u8> { b.chunks(4 * n).flat_map(|c| c[..c.len().min(3 * n)].to_vec()).collect() };
            if strip(g) == strip(w) {
                continue;
            }
        }
        let f32_buffer = matches!(
            params[i].host.pointee(),
            Some(
                HostType::Scalar(HostScalar::Float { bits: 32 }) | HostType::Vector(HostScalar::Float { bits: 32 }, _)
            )
        );
        if math && f32_buffer && g.len() == w.len() {
            let floats = |b: &[u8]| -> Vec<f32> {
                b.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
            };
            let (gf, wf) = (floats(g), floats(w));
            if let Some(at) = gf.iter().zip(&wf).position(|(a, b)| !close_f32(*a, *b)) {
                return Err(format!("{label}: argument {i} element {at}: clspv {} vs llvm-spirv {}", gf[at], wf[at]));
            }
            continue;
        }
        let at = g.iter().zip(w).position(|(a, b)| a != b).unwrap_or(g.len().min(w.len()));
        return Err(format!(
            "{label}: argument {i} differs at byte {at} ({:?} vs {:?} from the llvm-spirv build)",
            g.get(at),
            w.get(at)
        ));
    }
    Ok(())
}

#[test]
fn every_clspv_kernel_matches_its_llvm_spirv_build() {
    let files = common::spv_files("kernels/clspv");
    assert!(files.len() >= 50, "tests/kernels/clspv has {} modules; run tests/kernels/clspv/build.py", files.len());
    let mut compared = 0;
    let mut failures = Vec::new();
    for path in &files {
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        let reference = common::test_dir("kernels").join(format!("{stem}.O2.spv"));
        for lanes in [1, 4] {
            let options = Options { lanes, checked: true, robust_buffer_access: false };
            let load = |p: &std::path::Path| {
                let bytes = std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                Program::with_options(&bytes, &options).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            };
            let (cl, ll) = (load(path), load(&reference));
            for name in cl.kernel_names() {
                let ll_kernel = ll.kernel(&name).unwrap_or_else(|e| panic!("{stem}: {e}"));
                let cl_kernel = cl.kernel(&name).expect("listed kernel");
                let params = ll_kernel.params().to_vec();
                assert_eq!(
                    cl_kernel.params().len(),
                    params.len(),
                    "{stem}/{name}: clspv signature {} vs {}",
                    cl_kernel.signature(),
                    ll_kernel.signature()
                );
                // By-value parameters take as many bytes in both builds (clspv may
                // flatten a struct's members, not change its size).
                for (i, (c, l)) in cl_kernel.params().iter().zip(&params).enumerate() {
                    if let (ParamKind::Value(c), ParamKind::Value(l)) = (&c.kind, &l.kind) {
                        assert_eq!(c.size(), l.size(), "{stem}/{name}: by-value parameter {i}: {c:?} vs {l:?}");
                    }
                }
                let init = inputs(&name, &params);
                for range in ranges(&name) {
                    let label = format!("{stem}/{name} W={lanes} {range:?}");
                    let want = run(&ll, &name, &range, &init);
                    let got = run(&cl, &name, &range, &init);
                    match (got, want) {
                        (Ok(g), Ok(w)) => {
                            if !ORDER_DEPENDENT.contains(&stem.as_str()) && !KNOWN_DIFFERENT.contains(&stem.as_str()) {
                                if let Err(e) = compare(&label, &stem, &params, &g, &w, MATH.contains(&stem.as_str())) {
                                    failures.push(e);
                                }
                            }
                            compared += 1;
                        }
                        // The error kernels must fail in the clspv build (the llvm-spirv
                        // build at -O2 may have optimized the fault away).
                        (Err(_), _) if stem.starts_with("err_") => {}
                        _ if KNOWN_DIFFERENT.contains(&stem.as_str()) => {}
                        (g, w) => {
                            failures.push(format!("{label}: clspv build {:?}, llvm-spirv build {:?}", g.err(), w.err()))
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} launch(es) differ:\n{}", failures.len(), failures.join("\n"));
    assert!(compared >= 100, "only {compared} launches compared");
}

//! SPIR 1.2 kernels of the Khronos OpenCL conformance suite, as the suite runs them: every
//! `.bc32` and `.bc64` in `../shared/corpora/opencl-cts-spir12/` (LLVM 3.2 bitcode, beside
//! the project's root) loads through the LLVM front end, and each of its kernels runs to
//! the same results as the same source compiled by clang-14 + llvm-spirv-14
//! (`tests/kernels/spir12/`, rebuilt by `build.sh`) and run through the SPIR-V path, on
//! the same inputs. Inputs are derived from each kernel's argument types (buffers of
//! random elements of the pointee type, small scalars, local memory); kernels with images
//! are loaded but not run.
//!
//! The corpus is third-party data kept outside the project; without it these tests say
//! so and pass (`SPIRJIT_REQUIRE_CTS=1` makes its absence a failure).

mod common;

use std::path::{Path, PathBuf};

use spirjit::{Arg, NdRange, Program};
use spirjit_jit::ir::{HostScalar, HostType, ParamKind};

fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("SPIRJIT_CTS_SPIR12")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/opencl-cts-spir12"));
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("SPIRJIT_REQUIRE_CTS").is_none(),
        "SPIRJIT_REQUIRE_CTS is set but {} does not exist",
        dir.display()
    );
    eprintln!("skipped: the SPIR 1.2 conformance corpus is not at {}", dir.display());
    None
}

/// `(folder, name)` of every `.cl` in the corpus, sorted.
fn tests_in(corpus: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let Ok(folders) = std::fs::read_dir(corpus) else { return out };
    for folder in folders.flatten().filter(|e| e.path().is_dir()) {
        let fname = folder.file_name().to_string_lossy().into_owned();
        for f in std::fs::read_dir(folder.path()).into_iter().flatten().flatten() {
            let p = f.path();
            if p.extension().is_some_and(|e| e == "cl") {
                if let Some(stem) = p.file_stem() {
                    out.push((fname.clone(), stem.to_string_lossy().into_owned()));
                }
            }
        }
    }
    out.sort();
    out
}

/// Kernels whose results are the compiler's, not the device's: they store preprocessor
/// macros (`__OPENCL_VERSION__`, `__IMAGE_SUPPORT__`, `__FILE__`), which the SPIR
/// generator's clang and clang-14 define differently. They are loaded and run, and their
/// outputs are not compared.
/// `sizeof(sampler_t)` is 4 in SPIR 1.2 (samplers are `i32`) and a pointer's size in
/// clang-14's OpenCL.
const COMPILER_DEFINED: &[&str] = &["basic/test.kernel_preprocessor_macros", "basic/test_sizeof.sizeof_sampler_t"];

/// The number of work-items each kernel runs with, and the elements per buffer.
const GLOBAL: u64 = 64;
const ELEMS: usize = 64 * 16;

/// Random bytes for `count` elements of `scalar`: floats in [-8, 8], integers in [0, 1024)
/// (so that values used as indices or counts stay reasonable), booleans 0/1.
fn elements(rng: &mut common::corpus::Rng, scalar: HostScalar, count: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..count {
        match scalar {
            HostScalar::Float { bits: 32 } => out.extend(rng.f32(-8.0, 8.0).to_le_bytes()),
            HostScalar::Float { bits: 64 } => out.extend(rng.f64(-8.0, 8.0).to_le_bytes()),
            HostScalar::Float { .. } => {
                // Halves of magnitude below 8: sign, exponent 0..17, any mantissa.
                let h = ((rng.below(2) << 15) | (rng.below(18) << 10) | rng.below(1024)) as u16;
                out.extend(h.to_le_bytes())
            }
            HostScalar::Bool => out.push(rng.below(2) as u8),
            HostScalar::Int { bits, .. } => {
                let v = rng.below(1024) as u64;
                out.extend(&v.to_le_bytes()[..(bits / 8) as usize])
            }
            HostScalar::Pointer => out.extend(0u64.to_le_bytes()),
        }
    }
    out
}

/// The scalar and component count of `host`, if it is made of one scalar type.
fn scalar_of(host: &HostType) -> Option<(HostScalar, usize)> {
    match host {
        HostType::Scalar(s) => Some((*s, 1)),
        HostType::Vector(s, n) => Some((*s, *n as usize)),
        _ => None,
    }
}

/// What one kernel's inputs are: owned buffers and the way to make the argument list.
enum Input {
    Buffer { bytes: Vec<u8>, float_bits: u32 },
    Local(usize),
    Value(Vec<u8>),
}

fn inputs_for(kernel: &spirjit::Kernel, seed: u64) -> Option<Vec<Input>> {
    let mut rng = common::corpus::Rng::new(seed);
    let mut out = Vec::new();
    for p in kernel.params() {
        out.push(match (&p.kind, &p.host) {
            (ParamKind::Pointer { space: spirjit_jit::ir::AddressSpace::Local, .. }, _) => Input::Local(4096),
            (ParamKind::Pointer { .. }, HostType::Pointer { pointee, .. }) => {
                let (bytes, float_bits) = match scalar_of(pointee) {
                    Some((s, n)) => {
                        let fb = if let HostScalar::Float { bits } = s { bits } else { 0 };
                        (elements(&mut rng, s, ELEMS * n), fb)
                    }
                    None => {
                        let size = match pointee.as_ref() {
                            HostType::Aggregate { size, .. } => *size as usize,
                            _ => 1,
                        };
                        (
                            elements(
                                &mut rng,
                                HostScalar::Int { bits: 8, sign: spirjit_jit::ir::Signedness::Unsigned },
                                ELEMS * size.max(1),
                            ),
                            0,
                        )
                    }
                };
                Input::Buffer { bytes, float_bits }
            }
            (ParamKind::Pointer { .. }, _) => Input::Buffer { bytes: vec![0; ELEMS * 8], float_bits: 0 },
            (ParamKind::Value(_), host) => match scalar_of(host) {
                // Small scalars: sizes, counts and strides.
                Some((HostScalar::Int { bits, .. }, n)) => {
                    let mut b = Vec::new();
                    for _ in 0..n {
                        b.extend(&(1 + rng.below(4) as u64).to_le_bytes()[..(bits / 8) as usize]);
                    }
                    Input::Value(b)
                }
                Some((s, n)) => Input::Value(elements(&mut rng, s, n)),
                None => match host {
                    HostType::Aggregate { size, .. } => Input::Value(elements(
                        &mut rng,
                        HostScalar::Int { bits: 8, sign: spirjit_jit::ir::Signedness::Unsigned },
                        *size as usize,
                    )),
                    _ => return None,
                },
            },
            (ParamKind::Sampler, _) | (ParamKind::Image { .. }, _) => return None,
        });
    }
    Some(out)
}

/// Run `kernel` on a copy of `inputs`; the buffers after the run, or the error's kind.
fn run(kernel: &spirjit::Kernel, inputs: &[Input]) -> Result<Vec<Vec<u8>>, String> {
    let mut bufs: Vec<Vec<u8>> = inputs
        .iter()
        .map(|i| match i {
            Input::Buffer { bytes, .. } => bytes.clone(),
            _ => Vec::new(),
        })
        .collect();
    {
        let mut args: Vec<Arg<'_>> = Vec::new();
        for (input, buf) in inputs.iter().zip(bufs.iter_mut()) {
            args.push(match input {
                Input::Buffer { .. } => Arg::Buffer(buf.as_mut_slice()),
                Input::Local(n) => Arg::Local(*n),
                Input::Value(v) => Arg::Value(v.clone()),
            });
        }
        let mut range = NdRange::d1(GLOBAL);
        if kernel.reqd_work_group_size().is_none() {
            range = range.local(&[16]);
        }
        kernel.run(&range, &mut args).map_err(|e| format!("{:?}", std::mem::discriminant(&e)))?;
    }
    Ok(bufs)
}

fn same(got: &[u8], want: &[u8], float_bits: u32) -> bool {
    match float_bits {
        32 => got.chunks(4).zip(want.chunks(4)).all(|(g, w)| {
            let (g, w) = (f32::from_le_bytes(g.try_into().unwrap()), f32::from_le_bytes(w.try_into().unwrap()));
            g == w || (g.is_nan() && w.is_nan()) || (g - w).abs() <= 1e-5 * w.abs().max(1e-30)
        }),
        64 => got.chunks(8).zip(want.chunks(8)).all(|(g, w)| {
            let (g, w) = (f64::from_le_bytes(g.try_into().unwrap()), f64::from_le_bytes(w.try_into().unwrap()));
            g == w || (g.is_nan() && w.is_nan()) || (g - w).abs() <= 1e-12 * w.abs().max(1e-300)
        }),
        _ => got == want,
    }
}

/// `host` with the alignment of structs left out: a `packed` struct without padding is a
/// plain struct to clang-14 (alignment of its members) and a packed one (alignment 1) to
/// the SPIR generator; the bytes are the same.
fn without_struct_align(host: &HostType) -> HostType {
    match host {
        HostType::Aggregate { size, .. } => HostType::Aggregate { size: *size, align: 0 },
        HostType::Pointer { space, pointee } => {
            HostType::Pointer { space: *space, pointee: Box::new(without_struct_align(pointee)) }
        }
        other => other.clone(),
    }
}

/// Load and compare one bitcode file with its reference; `Err` says what differs.
fn check(corpus: &Path, folder: &str, name: &str, bits: u32) -> Result<usize, String> {
    let bc_path = corpus.join(folder).join(format!("{name}.bc{bits}"));
    let spv_path = common::test_dir("kernels/spir12").join(folder).join(format!("{name}.spv{bits}"));
    let bc = std::fs::read(&bc_path).map_err(|e| format!("cannot read {}: {e}", bc_path.display()))?;
    let prog = Program::from_bytes(&bc).map_err(|e| format!("load: {e}"))?;
    let spv = std::fs::read(&spv_path)
        .map_err(|e| format!("no reference {} ({e}); run tests/kernels/spir12/build.sh", spv_path.display()))?;
    let reference = Program::from_bytes(&spv).map_err(|e| format!("reference load: {e}"))?;
    let mut names = prog.kernel_names();
    let mut want_names = reference.kernel_names();
    names.sort();
    want_names.sort();
    if names != want_names {
        return Err(format!("kernels {names:?}, the source has {want_names:?}"));
    }
    let mut ran = 0;
    for (i, kname) in names.iter().enumerate() {
        let k = prog.kernel(kname).map_err(|e| format!("{kname}: {e}"))?;
        let r = reference.kernel(kname).map_err(|e| format!("{kname} (reference): {e}"))?;
        // The same parameters as the host sees them: names, kinds, element types with
        // their signedness, layouts of structs (whose type names are the compiler's
        // spelling: `struct S*` or a typedef), read-only-ness.
        let (sig, want_sig) = (k.signature(), r.signature());
        let host = |k: &spirjit::Kernel| {
            k.params().iter().map(|p| (p.name.clone(), without_struct_align(&p.host), p.read_only)).collect::<Vec<_>>()
        };
        if host(&k) != host(&r) {
            return Err(format!(
                "{kname}: signature `{sig}` {:?}, the source's is `{want_sig}` {:?}",
                host(&k),
                host(&r)
            ));
        }
        let Some(inputs) = inputs_for(&r, 0x5EED + i as u64) else { continue };
        let got = run(&k, &inputs);
        let want = run(&r, &inputs);
        if COMPILER_DEFINED.contains(&format!("{folder}/{name}").as_str()) {
            got.map_err(|e| format!("{kname}: run failed: {e}"))?;
            ran += 1;
            continue;
        }
        match (&got, &want) {
            (Ok(g), Ok(w)) => {
                for (j, ((g, w), input)) in g.iter().zip(w).zip(&inputs).enumerate() {
                    let fb = if let Input::Buffer { float_bits, .. } = input { *float_bits } else { 0 };
                    if !same(g, w, fb) {
                        let at = g.iter().zip(w.iter()).position(|(a, b)| a != b).unwrap_or(0);
                        return Err(format!("{kname}: argument {j} differs from byte {at}"));
                    }
                }
                ran += 1;
            }
            (Err(g), Err(w)) if g == w => ran += 1,
            _ => return Err(format!("{kname}: run gave {:?}, the source's {:?}", got.err(), want.err())),
        }
    }
    Ok(ran)
}

fn check_all(bits: u32) {
    let Some(corpus) = corpus_dir() else { return };
    let tests = tests_in(&corpus);
    assert!(!tests.is_empty(), "no kernels in {}", corpus.display());
    let mut failures = Vec::new();
    let mut ran = 0;
    for (folder, name) in &tests {
        match check(&corpus, folder, name, bits) {
            Ok(n) => ran += n,
            Err(e) => failures.push(format!("{folder}/{name}.bc{bits}: {e}")),
        }
    }
    eprintln!("{} files, {} kernels run and compared, {} failures", tests.len(), ran, failures.len());
    assert!(failures.is_empty(), "{} of {} files failed:\n{}", failures.len(), tests.len(), failures.join("\n"));
}

#[test]
fn every_spir32_kernel_matches_its_source() {
    check_all(32);
}

#[test]
fn every_spir64_kernel_matches_its_source() {
    check_all(64);
}

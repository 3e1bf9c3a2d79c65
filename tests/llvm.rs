//! The LLVM IR front end on the OpenCL kernel corpus: every `tests/kernels/<name>.cl`
//! compiled by clang-14 to LLVM IR text (`tests/kernels/llvm/<name>.ll`) and bitcode
//! (`<name>.bc`, rebuilt by `tests/kernels/llvm/build.sh`) loads, has the kernels and
//! signatures of its SPIR-V build (`<name>.O2.spv`, clang-14 + llvm-spirv-14), and each
//! kernel runs to the same results on the same inputs. Inputs are derived from each
//! kernel's parameters (buffers of random elements of the pointee type, small scalars,
//! local memory); kernels with images or samplers are loaded but not run. When
//! `spirv-val` is installed, every SPIR-V module the front end writes validates
//! (`--target-env opencl1.2`; modules with 64-bit atomics as `spv1.0`, as the corpus
//! build does).

mod common;

use std::path::{Path, PathBuf};

use common::random_run::{inputs_for, run, same, Input};
use spirjit::Program;
use spirjit_jit::frontend::llvm;

/// Outputs that depend on the order in which work-groups run (which run in parallel) on
/// random inputs, by kernel: the argument, or every argument (`None`). `gather_scatter`
/// scatters through a permutation, which random indices are not; the others are the
/// corpus's order-dependent atomics (`common::corpus::ORDER_DEPENDENT`).
fn order_dependent(kernel: &str, arg: usize) -> bool {
    (kernel == "gather_scatter" && arg == 4) || common::corpus::ORDER_DEPENDENT.contains(&kernel)
}

fn kernels_dir() -> PathBuf {
    common::test_dir("kernels")
}

/// The corpus kernels that have an LLVM IR build: `(name, .ll, .bc, .O2.spv)`.
fn corpus() -> Vec<(String, PathBuf, PathBuf, PathBuf)> {
    let dir = kernels_dir();
    let mut out = Vec::new();
    for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.extension().is_none_or(|x| x != "cl") {
            continue;
        }
        let Some(stem) = p.file_stem().map(|s| s.to_string_lossy().into_owned()) else { continue };
        let ll = dir.join("llvm").join(format!("{stem}.ll"));
        let bc = dir.join("llvm").join(format!("{stem}.bc"));
        let spv = dir.join(format!("{stem}.O2.spv"));
        if ll.exists() && spv.exists() {
            out.push((stem, ll, bc, spv));
        }
    }
    out.sort();
    out
}

/// Whether the bitcode reader is still to come (its stub's error).
fn bitcode_unavailable(e: &spirjit::Error) -> bool {
    e.to_string().contains("reading LLVM bitcode is not implemented")
}

/// Load `path` and compare it with the SPIR-V build `spv`; the kernels run.
fn check(path: &Path, spv: &Path) -> Result<usize, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    let prog = Program::from_bytes(&bytes).map_err(|e| format!("load: {e}"))?;
    let reference = Program::from_bytes(&std::fs::read(spv).map_err(|e| format!("{}: {e}", spv.display()))?)
        .map_err(|e| format!("reference load: {e}"))?;
    let mut names = prog.kernel_names();
    let mut want_names = reference.kernel_names();
    names.sort();
    want_names.sort();
    if names != want_names {
        return Err(format!("kernels {names:?}, the SPIR-V build has {want_names:?}"));
    }
    let mut ran = 0;
    for (i, kname) in names.iter().enumerate() {
        let k = prog.kernel(kname).map_err(|e| format!("{kname}: {e}"))?;
        let r = reference.kernel(kname).map_err(|e| format!("{kname} (reference): {e}"))?;
        // Parameter kinds must agree; names and OpenCL type names may differ (the
        // LLVM build keeps clang's `kernel_arg_type`, llvm-spirv-14 does not write it).
        let kinds = |k: &spirjit::Kernel| k.params().iter().map(|p| format!("{:?}", p.kind)).collect::<Vec<_>>();
        if kinds(&k) != kinds(&r) {
            return Err(format!("{kname}: signature `{}`, the SPIR-V build's is `{}`", k.signature(), r.signature()));
        }
        let Some(inputs) = inputs_for(&r, 0x11FE + i as u64) else { continue };
        let got = run(&k, &inputs);
        let want = run(&r, &inputs);
        match (&got, &want) {
            (Ok(g), Ok(w)) => {
                for (j, ((g, w), input)) in g.iter().zip(w).zip(&inputs).enumerate() {
                    let fb = if let Input::Buffer { float_bits, .. } = input { *float_bits } else { 0 };
                    if !same(g, w, fb) && !order_dependent(kname, j) {
                        let at = g.iter().zip(w.iter()).position(|(a, b)| a != b).unwrap_or(0);
                        return Err(format!("{kname}: argument {j} differs from byte {at}"));
                    }
                }
                ran += 1;
            }
            (Err(g), Err(w)) if g == w => ran += 1,
            _ => return Err(format!("{kname}: run gave {:?}, the SPIR-V build's {:?}", got.err(), want.err())),
        }
    }
    Ok(ran)
}

fn check_all(ext: &str) {
    let files = corpus();
    assert!(!files.is_empty(), "no LLVM IR builds in {}; run tests/kernels/llvm/build.sh", kernels_dir().display());
    let mut failures = Vec::new();
    let mut ran = 0;
    for (name, ll, bc, spv) in &files {
        let path = if ext == "ll" { ll } else { bc };
        if ext == "bc" {
            if let Err(e) = Program::from_bytes(&std::fs::read(path).unwrap_or_default()) {
                if bitcode_unavailable(&e) {
                    eprintln!("skipped: the bitcode reader is not there yet");
                    return;
                }
            }
        }
        match check(path, spv) {
            Ok(n) => ran += n,
            Err(e) => failures.push(format!("{name}.{ext}: {e}")),
        }
    }
    eprintln!("{} files, {} kernels run and compared, {} failures", files.len(), ran, failures.len());
    assert!(failures.is_empty(), "{} of {} files failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}

#[test]
fn every_text_build_matches_its_spirv_build() {
    check_all("ll");
}

#[test]
fn every_bitcode_build_matches_its_spirv_build() {
    check_all("bc");
}

/// `spirv-val` on every module the front end writes for the text builds.
#[test]
fn every_written_module_validates() {
    let dir = std::env::temp_dir().join(format!("spirjit-llvm-val-{}", std::process::id()));
    if std::process::Command::new("spirv-val").arg("--version").output().is_err() {
        eprintln!("skipped: spirv-val is not installed");
        return;
    }
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    for (name, ll, _, _) in corpus() {
        let words = match llvm::to_spirv(&std::fs::read(&ll).unwrap()) {
            Ok(w) => w,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let out = dir.join(format!("{name}.spv"));
        std::fs::write(&out, words.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
        // OpenCL 1.2 has no 64-bit atomics, half arithmetic or generic pointers without
        // extensions, which spirv-val does not know of; such modules validate as SPIR-V 1.0.
        let capability = |c: u32| words.windows(2).any(|w| w == [0x0002_0011, c]);
        let beyond_1_2 = capability(12) || capability(9) || capability(38); // Int64Atomics, Float16, GenericPointer
        let env = if beyond_1_2 { "spv1.0" } else { "opencl1.2" };
        let o = std::process::Command::new("spirv-val").args(["--target-env", env]).arg(&out).output().unwrap();
        if !o.status.success() {
            failures.push(format!(
                "{name}: {}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{} modules do not validate:\n{}", failures.len(), failures.join("\n"));
}

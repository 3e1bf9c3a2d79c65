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

use common::random_run::{inputs_for, run, same, Input};
use spirjit::Program;
use spirjit_jit::ir::HostType;

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

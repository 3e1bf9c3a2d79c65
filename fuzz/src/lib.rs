//! Shared code of spirjit's fuzz targets: the structure-aware SPIR-V mutator, the
//! compile path every target exercises, and access to the seed corpus
//! (`tests/kernels/*.spv`).
//!
//! Nothing here may hide a crash: errors are expected results, but an internal compiler
//! error (a bug in spirjit) panics so that the fuzzer records the input, unless
//! `SPIRJIT_FUZZ_LENIENT` is set.

pub mod mutate;

use std::path::{Path, PathBuf};

use spirjit_jit::frontend::spirv;
use spirjit_jit::lower::LowerOptions;
use spirjit_jit::CompileError;

/// True unless `SPIRJIT_FUZZ_LENIENT` is set: internal compiler errors panic.
pub fn strict() -> bool {
    std::env::var_os("SPIRJIT_FUZZ_LENIENT").is_none()
}

/// Panic on an internal compiler error (in strict mode); other errors are fine.
pub fn check(e: &CompileError) {
    if strict() && matches!(e, CompileError::Internal { .. }) {
        panic!("{e}");
    }
}

/// Translate and compile a SPIR-V binary at `lanes` work-items per lane group, with
/// bounds checks. Nothing compiled is run.
pub fn compile_bytes(bytes: &[u8], lanes: u32) {
    let Ok(words) = spirv::words_from_bytes(bytes) else { return };
    let module = match spirv::translate(&words) {
        Ok(m) => m,
        Err(e) => return check(&e),
    };
    if let Err(e) = spirjit_jit::pipeline::compile(&module, &LowerOptions { lanes, checked: true, robust: false, whole_rows: true }) {
        check(&e);
    }
}

/// The directory of the kernel corpus.
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("tests").join("kernels")
}

/// Every `.spv` of the kernel corpus, sorted by name: (file name, bytes).
pub fn corpus_modules() -> Vec<(String, Vec<u8>)> {
    let Ok(dir) = std::fs::read_dir(corpus_dir()) else { return Vec::new() };
    let mut paths: Vec<PathBuf> =
        dir.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "spv")).collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|p| {
            let bytes = std::fs::read(&p).ok()?;
            Some((p.file_name()?.to_string_lossy().into_owned(), bytes))
        })
        .collect()
}

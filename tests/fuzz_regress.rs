//! The fuzz regression corpus: every `tests/fuzz_regress/*.spv` goes through
//! `Program::from_bytes` (scalar path) and `Program::with_options` at 4 and 16 lanes, and must
//! give a program or an error — never a panic, never minutes of work.
//!
//! File names say what is expected:
//! * `limit_*` — a hostile module (exponential call tree, deep types, huge arrays or
//!   constants, too much private memory); must be rejected with a limit error.
//! * `mutant_*`, `crash_*` — inputs that once crashed or confused the front end; any
//!   result but an internal compiler error.
//! * `lowering_*` — inputs on which code generation fails with an internal error (a
//!   known bug, reported); must not panic. `SPIRJIT_FUZZ_STRICT=1` fails on their
//!   internal errors too.
//!
//! The `.spvasm` next to a hand-written `.spv` is its source (`spirv-as --target-env
//! spv1.0`). Nothing compiled from these inputs is ever run.
//!
//! The second test runs every kernel of the corpus (`tests/kernels/*.spv`) once,
//! compiled checked, with every buffer half as long as the kernel expects: each run
//! must succeed or stop at an out-of-bounds error that names an argument, and guard
//! bytes around every buffer must stay unchanged (the compiled-code side of what the
//! `run_args` fuzz target explores).

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use spirjit::{Options, Program};

/// Inputs the corpus must hold (the latest findings of the compiler fuzzers).
const REQUIRED: [&str; 4] =
    ["mutant_access_chain_space.spv", "mutant_leaf_type3.spv", "mutant_leaf_type4.spv", "mutant_leaf_type5.spv"];

/// Longest a single input may take to be rejected or compiled (debug build).
const TIME_LIMIT: Duration = Duration::from_secs(20);

fn inputs() -> Vec<PathBuf> {
    common::spv_files("fuzz_regress")
}

/// Compile `bytes`: `Ok(None)` for a program, `Ok(Some(message))` for an error, `Err`
/// with the panic message for a panic.
fn compile(bytes: &[u8], lanes: u32) -> Result<Option<String>, String> {
    let r = catch_unwind(AssertUnwindSafe(|| {
        if lanes == 1 {
            Program::from_bytes(bytes)
        } else {
            Program::with_options(bytes, &Options { lanes, checked: true, robust_buffer_access: false })
        }
    }));
    match r {
        Ok(Ok(_)) => Ok(None),
        Ok(Err(e)) => Ok(Some(e.to_string())),
        Err(p) => Err(p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown panic".into())),
    }
}

#[test]
fn fuzz_regression_inputs() {
    let strict = std::env::var_os("SPIRJIT_FUZZ_STRICT").is_some();
    let paths = inputs();
    assert!(paths.len() >= 10, "the fuzz regression corpus is missing ({} files)", paths.len());
    for required in REQUIRED {
        assert!(paths.iter().any(|p| p.ends_with(required)), "tests/fuzz_regress/{required} is missing");
    }
    let mut failures = Vec::new();
    for path in &paths {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for lanes in [1, 4, 16] {
            let started = Instant::now();
            let outcome = compile(&bytes, lanes);
            let elapsed = started.elapsed();
            let what = format!("{name} (W = {lanes})");
            if elapsed > Duration::from_secs(1) {
                eprintln!("{what}: {elapsed:.1?}: {:?}", outcome.as_ref().map(|r| r.as_deref().unwrap_or("compiled")));
            }
            if elapsed > TIME_LIMIT {
                failures.push(format!("{what}: took {elapsed:.1?}, more than {TIME_LIMIT:?}"));
            }
            match outcome {
                Err(panic) => failures.push(format!("{what}: panicked: {panic}")),
                Ok(result) => {
                    let internal = result.as_deref().is_some_and(|m| m.contains("internal compiler error"));
                    if name.starts_with("limit_") {
                        match &result {
                            Some(m) if m.contains("limit exceeded") => {}
                            Some(m) => failures.push(format!("{what}: expected a limit error, got: {m}")),
                            None => failures.push(format!("{what}: expected a limit error, but it compiled")),
                        }
                    } else if internal && (strict || !name.starts_with("lowering_")) {
                        failures.push(format!("{what}: {}", result.unwrap_or_default()));
                    } else if internal {
                        eprintln!("{what} (known lowering bug): {}", result.unwrap_or_default());
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} fuzz regression failures:\n{}", failures.len(), failures.join("\n"));
}

// ---------------------------------------------------------------------------------------
// Running corpus kernels with short buffers.
// ---------------------------------------------------------------------------------------

/// Guard bytes on each side of every buffer.
const GUARD: usize = 64;
/// What the guard bytes hold; they must be unchanged after every run.
const PATTERN: u8 = 0xA5;

/// The by-value bytes of a `ty` parameter: integers say `n` (the element count the
/// kernel expects), floats are 1.0, vectors and aggregates zero.
fn value_bytes(ty: &spirjit::Type, n: u64) -> Vec<u8> {
    use spirjit::{Scalar, Type};
    match ty {
        Type::Scalar(Scalar::I8 | Scalar::Bool) => vec![n as u8],
        Type::Scalar(Scalar::I16) => (n as u16).to_le_bytes().to_vec(),
        Type::Scalar(Scalar::I32) => (n as u32).to_le_bytes().to_vec(),
        Type::Scalar(Scalar::I64) => n.to_le_bytes().to_vec(),
        Type::Scalar(Scalar::F16) => 0x3C00u16.to_le_bytes().to_vec(),
        Type::Scalar(Scalar::F32) => 1.0f32.to_le_bytes().to_vec(),
        Type::Scalar(Scalar::F64) => 1.0f64.to_le_bytes().to_vec(),
        t => vec![0; t.size() as usize],
    }
}

/// How a run with short buffers ended.
enum Outcome {
    /// It ran to the end (within the half it was given, or after a reported error of a
    /// kernel that fails on purpose).
    Ran,
    /// It stopped at an out-of-bounds access of an argument.
    OutOfBounds,
    /// It takes images or samplers; not run.
    Skipped,
}

/// Run `kernel` with every buffer half as long as the NDRange suggests (`n` elements
/// of the pointee expected, `n / 2` given), zero-filled between guard areas. Work-groups
/// are 8 work-items (the corpus' tiled kernels need at most 8 in dimension 0) unless
/// the kernel requires a size. `unknown_origin`: the build keeps pointers in private
/// variables (-O0). Returns what happened, or `Err` for anything but a
/// result or an out-of-bounds error naming an argument.
fn run_with_half_buffers(kernel: &spirjit::Kernel, lanes: u32, unknown_origin: bool) -> Result<Outcome, String> {
    use spirjit::{Arg, Error, NdRange, ParamKind, RunOptions};
    let (range, n) = match kernel.reqd_work_group_size() {
        Some([x, y, z]) => {
            let (x, y, z) = (x as u64 * 2, y as u64, z as u64);
            (NdRange::d3(x, y, z).local(&[x / 2, y, z]), x * y * z)
        }
        None => (NdRange::d1(64).local(&[8]), 64),
    };
    let mut buffers: Vec<Vec<u8>> = Vec::new();
    for p in kernel.params() {
        buffers.push(match &p.kind {
            ParamKind::Pointer { space, pointee } if *space != spirjit::AddressSpace::Local => {
                let bytes = (n / 2 * pointee.size().max(1)) as usize;
                let mut raw = vec![PATTERN; bytes + 2 * GUARD];
                raw[GUARD..GUARD + bytes].fill(0);
                raw
            }
            ParamKind::Sampler | ParamKind::Image { .. } => return Ok(Outcome::Skipped),
            _ => Vec::new(),
        });
    }
    let mut args: Vec<Arg<'_>> = Vec::new();
    for (p, raw) in kernel.params().iter().zip(buffers.iter_mut()) {
        args.push(match &p.kind {
            ParamKind::Pointer { space, .. } if *space == spirjit::AddressSpace::Local => Arg::local(4096),
            ParamKind::Pointer { .. } => {
                let end = raw.len() - GUARD;
                Arg::Buffer(&mut raw[GUARD..end])
            }
            ParamKind::Value(t) => Arg::Value(value_bytes(t, n)),
            _ => unreachable!("images and samplers returned above"),
        });
    }
    let options = RunOptions::timeout(Duration::from_secs(5));
    let outcome = catch_unwind(AssertUnwindSafe(|| kernel.run_with(&range, &mut args, &options)));
    drop(args);
    let name = kernel.name();
    let result = match outcome {
        Err(_) => Err(format!("`{name}` at W = {lanes}: the run panicked")),
        Ok(Ok(_)) => Ok(Outcome::Ran),
        Ok(Err(e @ Error::Kernel { .. })) => {
            let m = e.to_string();
            // `err_*` kernels fail on purpose (barrier divergence, unreachable code). In
            // -O0 builds pointers pass through private variables: their origin is
            // unknown, the access is checked against every region of the dispatch, and
            // the error says so and names the nearest region (which depends on the heap
            // layout).
            let named = m.contains("argument ") || (unknown_origin && m.contains("origin is not known"));
            if (m.contains("out-of-bounds") && named) || name.starts_with("err_") {
                Ok(Outcome::OutOfBounds)
            } else {
                Err(format!(
                    "`{name}` at W = {lanes}: an error that is not an out-of-bounds access of an argument: {m}"
                ))
            }
        }
        Ok(Err(e)) => Err(format!("`{name}` at W = {lanes}: {e}")),
    };
    for (i, raw) in buffers.iter().enumerate() {
        if raw.is_empty() {
            continue;
        }
        let end = raw.len() - GUARD;
        if raw[..GUARD].iter().chain(&raw[end..]).any(|b| *b != PATTERN) {
            return Err(format!("`{name}` at W = {lanes}: memory around argument {i} was written"));
        }
    }
    result
}

#[test]
fn corpus_kernels_with_half_length_buffers_fail_cleanly() {
    let paths = common::spv_files("kernels");
    assert!(paths.len() >= 60, "the kernel corpus is missing ({} modules)", paths.len());
    let (mut ran, mut oob, mut failures) = (0, 0, Vec::new());
    for (i, path) in paths.iter().enumerate() {
        let file = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Cycle the scalar path and two widths to keep the test short.
        let lanes = [1, 4, 16][i % 3];
        let program = Program::with_options(&bytes, &Options { lanes, checked: true, robust_buffer_access: false })
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        for kernel in program.kernels() {
            match run_with_half_buffers(&kernel, lanes, file.contains(".O0.")) {
                Ok(Outcome::Ran) => ran += 1,
                Ok(Outcome::OutOfBounds) => oob += 1,
                Ok(Outcome::Skipped) => {}
                Err(m) => failures.push(format!("{file}: {m}")),
            }
        }
    }
    eprintln!("{ran} kernels ran to the end, {oob} stopped at an out-of-bounds access");
    assert!(ran + oob >= 60, "only {} corpus kernels ran", ran + oob);
    assert!(oob >= 30, "only {oob} kernels noticed their short buffers");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

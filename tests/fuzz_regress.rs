//! The fuzz regression corpus: every `tests/fuzz_regress/*.spv` goes through
//! `Program::from_bytes` (scalar path) and `Program::with_options` at 4 lanes, and must
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
//! spv1.0`). Nothing compiled here is ever run.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use spirjit::{Options, Program};

/// Longest a single input may take to be rejected or compiled (debug build).
const TIME_LIMIT: Duration = Duration::from_secs(20);

fn inputs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("fuzz_regress");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "spv"))
        .collect();
    paths.sort();
    paths
}

/// Compile `bytes`: `Ok(None)` for a program, `Ok(Some(message))` for an error, `Err`
/// with the panic message for a panic.
fn compile(bytes: &[u8], lanes: u32) -> Result<Option<String>, String> {
    let r = catch_unwind(AssertUnwindSafe(|| {
        if lanes == 1 {
            Program::from_bytes(bytes)
        } else {
            Program::with_options(bytes, &Options { lanes, checked: true })
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
    let mut failures = Vec::new();
    for path in &paths {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for lanes in [1, 4] {
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

//! 1,000 deterministic structure-aware mutations of the kernel corpus through
//! `Program::from_bytes` (translation + compilation): every mutant must give a program or
//! an error, never a panic, a hang or a crash.
//!
//! Mutants come from `fuzz/src/mutate.rs` (the same mutator the fuzz targets use) with a
//! fixed seed per case, so a failure names the case and its seed; rerun one case with
//! `SPIRJIT_MUTATION_CASE=<n>`, run more cases with `SPIRJIT_MUTATIONS=<count>`, print every
//! error with `SPIRJIT_MUTATION_VERBOSE=1` and write the mutants to a directory with
//! `SPIRJIT_MUTATION_DUMP=<dir>`. Nothing
//! compiled here is ever run.

mod common;

#[path = "../fuzz/src/mutate.rs"]
#[allow(dead_code)]
mod mutate;

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::time::{Duration, Instant};

use spirjit::{Options, Program};

const BASE_SEED: u64 = 0x5eed_0f5b_1d00;

thread_local! {
    /// Set while a mutant is compiled: panics are expected to be caught, so the default
    /// hook's message is replaced by a short note.
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

fn seeds() -> Vec<(String, Vec<u32>)> {
    let paths = common::spv_files("kernels");
    assert!(!paths.is_empty(), "no .spv files in {}", common::test_dir("kernels").display());
    paths
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            (name, mutate::bytes_to_words(&bytes))
        })
        .collect()
}

/// The mutant of case `case`: (seed file name, bytes).
fn mutant(seeds: &[(String, Vec<u32>)], case: u64) -> (String, Vec<u8>) {
    let mut rng = mutate::Rng::new(BASE_SEED ^ case.wrapping_mul(0x1000_0001));
    let (name, words) = &seeds[rng.below(seeds.len())];
    let out = mutate::mutate_words(words, &mut rng, 4);
    (name.clone(), mutate::words_to_bytes(&out))
}

enum Outcome {
    Ok,
    Error(String),
    Panic(String),
}

fn compile(bytes: &[u8], lanes: u32) -> Outcome {
    QUIET.with(|q| q.set(true));
    let r = catch_unwind(AssertUnwindSafe(|| {
        if lanes == 1 {
            Program::from_bytes(bytes)
        } else {
            Program::with_options(bytes, &Options { lanes, checked: true, robust_buffer_access: false })
        }
    }));
    QUIET.with(|q| q.set(false));
    match r {
        Ok(Ok(_)) => Outcome::Ok,
        Ok(Err(e)) => Outcome::Error(e.to_string()),
        Err(p) => Outcome::Panic(
            p.downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into()),
        ),
    }
}

fn install_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if QUIET.with(|q| q.get()) {
            let at = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
            eprintln!("  (panic inside a mutant's compilation at {at})");
        } else {
            previous(info);
        }
    }));
}

#[test]
fn corpus_mutations_never_panic() {
    install_hook();
    let seeds = seeds();
    let count: u64 = std::env::var("SPIRJIT_MUTATIONS").ok().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let cases: Vec<u64> = match std::env::var("SPIRJIT_MUTATION_CASE").ok().and_then(|s| s.parse().ok()) {
        Some(c) => vec![c],
        None => (0..count).collect(),
    };
    let verbose = std::env::var_os("SPIRJIT_MUTATION_VERBOSE").is_some();
    let (mut ok, mut errors, mut internal) = (0, 0, 0);
    let mut failures = Vec::new();
    let mut slowest = (Duration::ZERO, 0u64);
    let started = Instant::now();
    for &case in &cases {
        let (name, bytes) = mutant(&seeds, case);
        if let Some(dir) = std::env::var_os("SPIRJIT_MUTATION_DUMP") {
            let path = Path::new(&dir).join(format!("case{case}.spv"));
            std::fs::write(&path, &bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        // Every fourth case also takes the vector path.
        let lanes = if case % 4 == 3 { 4 } else { 1 };
        let t = Instant::now();
        match compile(&bytes, lanes) {
            Outcome::Ok => ok += 1,
            Outcome::Error(msg) => {
                errors += 1;
                if verbose {
                    eprintln!("case {case}: {}", msg.lines().next().unwrap_or(""));
                }
                if msg.contains("internal compiler error") {
                    internal += 1;
                    eprintln!("case {case} ({name}, W = {lanes}): {}", msg.lines().next().unwrap_or(""));
                }
            }
            Outcome::Panic(msg) => failures.push(format!("case {case} (mutant of {name}, W = {lanes}): panic: {msg}")),
        }
        let dt = t.elapsed();
        if dt > slowest.0 {
            slowest = (dt, case);
        }
    }
    eprintln!(
        "{} mutants in {:.1?}: {ok} compiled, {errors} rejected ({internal} internal errors); slowest: case {} \
         ({:.1?})",
        cases.len(),
        started.elapsed(),
        slowest.1,
        slowest.0
    );
    assert!(
        failures.is_empty(),
        "{} mutants panicked (rerun one with SPIRJIT_MUTATION_CASE=<case>):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

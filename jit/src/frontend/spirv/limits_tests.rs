//! Tests of the size caps and of the validation that keeps bad modules from reaching
//! the lowering: hostile modules from `tests/fuzz_regress/` (assembled from the
//! `.spvasm` next to them) must give `CompileError::Limit`, and fuzzer-found mutants
//! must give `CompileError::Invalid` naming the instruction.

use super::{translate, words_from_bytes};
use crate::CompileError;

macro_rules! regress {
    ($name:literal) => {
        ($name, &include_bytes!(concat!("../../../../tests/fuzz_regress/", $name, ".spv"))[..])
    };
}

fn run(name: &str, bytes: &[u8]) -> CompileError {
    let words = words_from_bytes(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    match translate(&words) {
        Ok(_) => panic!("{name}: translated, expected an error"),
        Err(e) => e,
    }
}

#[test]
fn hostile_modules_hit_limits() {
    for (name, bytes) in [
        (regress!("limit_exponential_calls"), "after inlining"),
        (regress!("limit_type_depth"), "levels deep"),
        (regress!("limit_constant_tree"), "components"),
        (regress!("limit_array_length"), "elements"),
        (regress!("limit_empty_struct_array"), "elements"),
        (regress!("limit_private_memory"), "private memory"),
    ] {
        let ((name, bytes), what) = (name, bytes);
        let e = run(name, bytes);
        assert!(matches!(e, CompileError::Limit { .. }), "{name}: expected a limit error, got {e}");
        assert!(e.message().contains(what) && e.message().contains("limit of"), "{name}: {e}");
        assert!(word(&e).is_some(), "{name}: no word offset in {e}");
    }
}

#[test]
fn mutants_are_invalid_with_a_location() {
    for (name, bytes) in [
        regress!("mutant_extinst_result_type"),
        regress!("mutant_mad_result_type"),
        regress!("mutant_return_without_value"),
        regress!("mutant_store_at_module_scope"),
        regress!("mutant_shuffle_count"),
        regress!("mutant_atomic_width"),
    ] {
        let e = run(name, bytes);
        assert!(matches!(e, CompileError::Invalid { .. }), "{name}: expected invalid, got {e}");
        assert!(word(&e).is_some(), "{name}: no word offset in {e}");
    }
}

/// The word offset an error points at.
fn word(e: &CompileError) -> Option<usize> {
    match e {
        CompileError::Invalid { location, .. }
        | CompileError::Unsupported { location, .. }
        | CompileError::Limit { location, .. }
        | CompileError::Internal { location, .. } => location.word,
    }
}

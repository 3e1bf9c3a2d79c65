//! Helpers shared by the integration tests (each test file that needs them declares
//! `mod common;`): locating the test data, deterministic inputs; `corpus` is the harness
//! of the corpus tests (`tests/corpus_*.rs`) and `vulkan` loads the Vulkan shaders.
//! Nothing outside `corpus` and `vulkan` compiles or runs kernels.
#![allow(dead_code)] // Each test crate uses its own subset.

pub mod corpus;
pub mod random_run;
pub mod vulkan;

use std::path::{Path, PathBuf};

/// The folder `tests/<name>` of this package.
pub fn test_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join(name)
}

/// The `.spv` files in `tests/<name>`, sorted by path; panics when the folder cannot be
/// read.
pub fn spv_files(name: &str) -> Vec<PathBuf> {
    let dir = test_dir(name);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "spv"))
        .collect();
    paths.sort();
    paths
}

/// A xorshift32 sequence: deterministic test inputs without a random-number crate.
pub struct XorShift(u32);

impl XorShift {
    /// The sequence for `seed` (any value, 0 included).
    pub fn new(seed: u32) -> XorShift {
        XorShift(seed.wrapping_mul(2654435761).max(1))
    }

    /// Start from exactly `state` (must not be 0).
    pub fn from_state(state: u32) -> XorShift {
        XorShift(state.max(1))
    }

    pub fn next_u32(&mut self) -> u32 {
        let mut s = self.0;
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        self.0 = s;
        s
    }
}

//! Helpers shared by the integration tests (each test file that needs them declares
//! `mod common;`): locating the test data. Nothing here compiles or runs kernels.

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

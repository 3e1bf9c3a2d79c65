//! Gives the build an identity (`SPIRJIT_BUILD_ID`) that changes whenever the code
//! generator, the builtins, the ABI or the locked dependencies change, so that compiled
//! code cached on disk by one build is never run by another (see `lower::code_identity`).

use std::time::{SystemTime, UNIX_EPOCH};

fn main() {
    for path in ["src", "build.rs", "../builtins/src", "../abi/src", "../Cargo.lock"] {
        println!("cargo:rerun-if-changed={path}");
    }
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let profile = std::env::var("PROFILE").unwrap_or_default();
    let target = std::env::var("TARGET").unwrap_or_default();
    println!("cargo:rustc-env=SPIRJIT_BUILD_ID={version}-{profile}-{target}-{nanos}");
}

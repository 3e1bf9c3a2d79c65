//! `spirjit vulkan-icd`: write the Vulkan driver's ICD manifest next to the driver
//! library (`libspirjit_vulkan.so`, found beside the `spirjit` executable) and print the
//! manifest's path, for `VK_DRIVER_FILES=$(spirjit vulkan-icd) vulkaninfo`. This module
//! must not load the driver.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::CliError;

/// The driver library's file name.
const LIBRARY: &str = "libspirjit_vulkan.so";
/// The manifest's file name.
const MANIFEST: &str = "spirjit_vulkan_icd.json";
/// The Vulkan version the driver implements (as the driver reports it).
const API_VERSION: &str = "1.1.0";

/// The manifest text for the library at `library`.
pub fn manifest(library: &Path) -> String {
    let path = library.display().to_string().replace('\\', "\\\\").replace('"', "\\\"");
    format!(
        "{{\n    \"file_format_version\": \"1.0.0\",\n    \"ICD\": {{\n        \"library_path\": \"{path}\",\n        \
         \"api_version\": \"{API_VERSION}\"\n    }}\n}}\n"
    )
}

/// The driver library beside the executable (or beside its parent folder, for test
/// binaries in `target/*/deps`).
fn find_library() -> Result<PathBuf, CliError> {
    let exe =
        std::env::current_exe().map_err(|e| CliError::Message(format!("cannot find the spirjit executable: {e}")))?;
    let exe = exe.canonicalize().unwrap_or(exe);
    let dir = exe.parent().unwrap_or(Path::new("."));
    let candidates = [dir.join(LIBRARY), dir.join("..").join(LIBRARY)];
    candidates.iter().find(|p| p.is_file()).map(|p| p.canonicalize().unwrap_or_else(|_| p.clone())).ok_or_else(|| {
        CliError::Message(format!(
            "the Vulkan driver library {LIBRARY} is not next to {} (build it with `cargo build -p spirjit-vulkan`, \
             with the same profile as spirjit)",
            exe.display()
        ))
    })
}

/// `spirjit vulkan-icd`: write the manifest and print its path.
pub fn vulkan_icd(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    if let Some(a) = args.first() {
        return Err(super::usage(format!("vulkan-icd takes no arguments, got `{a}`"), super::help::USAGE));
    }
    let library = find_library()?;
    let text = manifest(&library);
    let beside = library.with_file_name(MANIFEST);
    // Beside the library when that folder is writable; else in the temporary folder.
    let path = match std::fs::write(&beside, &text) {
        Ok(()) => beside,
        Err(_) => {
            let tmp = std::env::temp_dir().join(MANIFEST);
            std::fs::write(&tmp, &text)
                .map_err(|e| CliError::Message(format!("cannot write {}: {e}", tmp.display())))?;
            tmp
        }
    };
    writeln!(out, "{}", path.display()).map_err(|e| CliError::Message(format!("cannot write the output: {e}")))
}

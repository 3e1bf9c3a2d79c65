//! `spirjit vulkan-icd` and `spirjit opencl-icd`: write a driver's registration file
//! next to its library (`libspirjit_vulkan.so` / `libspirjit_opencl.so`, found beside
//! the `spirjit` executable) and print the file's path, for
//! `VK_DRIVER_FILES=$(spirjit vulkan-icd) vulkaninfo` and
//! `OCL_ICD_VENDORS=$(spirjit opencl-icd) clinfo`. This module must not load a driver.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::CliError;

/// One driver: its library, its registration file, and that file's text.
pub struct Driver {
    /// The command (`vulkan-icd`).
    pub command: &'static str,
    /// What the library is, for messages.
    pub what: &'static str,
    pub library: &'static str,
    /// The cargo package that builds it.
    pub package: &'static str,
    pub file: &'static str,
    pub text: fn(&Path) -> String,
}

/// The Vulkan version the Vulkan driver implements (as the driver reports it).
const VULKAN_API_VERSION: &str = "1.2.0";

/// The Vulkan loader's JSON manifest for the library at `library`.
pub fn vulkan_manifest(library: &Path) -> String {
    let path = library.display().to_string().replace('\\', "\\\\").replace('"', "\\\"");
    format!(
        "{{\n    \"file_format_version\": \"1.0.0\",\n    \"ICD\": {{\n        \"library_path\": \"{path}\",\n        \
         \"api_version\": \"{VULKAN_API_VERSION}\"\n    }}\n}}\n"
    )
}

/// The OpenCL ICD loader's `.icd` file: one line, the library's path.
pub fn opencl_icd_file(library: &Path) -> String {
    format!("{}\n", library.display())
}

pub const VULKAN: Driver = Driver {
    command: "vulkan-icd",
    what: "Vulkan driver",
    library: "libspirjit_vulkan.so",
    package: "spirjit-vulkan",
    file: "spirjit_vulkan_icd.json",
    text: vulkan_manifest,
};

pub const OPENCL: Driver = Driver {
    command: "opencl-icd",
    what: "OpenCL platform",
    library: "libspirjit_opencl.so",
    package: "spirjit-opencl",
    file: "spirjit.icd",
    text: opencl_icd_file,
};

/// The library beside the executable (or beside its parent folder, for test binaries in
/// `target/*/deps`).
fn find_library(d: &Driver) -> Result<PathBuf, CliError> {
    let exe =
        std::env::current_exe().map_err(|e| CliError::Message(format!("cannot find the spirjit executable: {e}")))?;
    let exe = exe.canonicalize().unwrap_or(exe);
    let dir = exe.parent().unwrap_or(Path::new("."));
    let candidates = [dir.join(d.library), dir.join("..").join(d.library)];
    candidates.iter().find(|p| p.is_file()).map(|p| p.canonicalize().unwrap_or_else(|_| p.clone())).ok_or_else(|| {
        CliError::Message(format!(
            "the {} library {} is not next to {} (build it with `cargo build -p {}`, with the same profile as \
             spirjit)",
            d.what,
            d.library,
            exe.display(),
            d.package
        ))
    })
}

/// `spirjit vulkan-icd` / `spirjit opencl-icd`: write the file and print its path.
pub fn write_icd(d: &Driver, args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    if let Some(a) = args.first() {
        return Err(super::usage(format!("{} takes no arguments, got `{a}`", d.command), super::help::USAGE));
    }
    let library = find_library(d)?;
    let text = (d.text)(&library);
    let beside = library.with_file_name(d.file);
    // Beside the library when that folder is writable; else in the temporary folder.
    let path = match std::fs::write(&beside, &text) {
        Ok(()) => beside,
        Err(_) => {
            let tmp = std::env::temp_dir().join(d.file);
            std::fs::write(&tmp, &text)
                .map_err(|e| CliError::Message(format!("cannot write {}: {e}", tmp.display())))?;
            tmp
        }
    };
    writeln!(out, "{}", path.display()).map_err(|e| CliError::Message(format!("cannot write the output: {e}")))
}

//! The OpenCL C compiler behind `clBuildProgram`/`clCompileProgram`/`clLinkProgram`: clang
//! (LLVM 14 to 19) and the matching `llvm-spirv`, found on `PATH` (or named by
//! `SPIRJIT_CLANG` / `SPIRJIT_LLVM_SPIRV`), run as processes. OpenCL C becomes LLVM
//! bitcode (a compiled object), objects are linked with `llvm-link`, and an executable's
//! bitcode becomes SPIR-V (through spirjit's LLVM front end, or `llvm-spirv`). Every
//! failure is a log for the application. This module must not load or run programs.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What a compiler step produced, or its log when it failed.
pub type Outcome = Result<Vec<u8>, String>;

const VERSIONS: std::ops::RangeInclusive<u32> = 14..=19;

const INSTALL_HINT: &str = "install clang and the SPIR-V translator of the same LLVM version, e.g. on Debian/Ubuntu \
     `apt-get install clang-14 llvm-spirv-14 llvm-14` (any LLVM from 14 to 19), or create the program from SPIR-V with \
     clCreateProgramWithIL";

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file())
}

/// The tools of one LLVM version.
#[derive(Clone, Debug)]
pub struct Tools {
    pub clang: PathBuf,
    pub llvm_spirv: PathBuf,
    pub llvm_link: Option<PathBuf>,
}

/// A matching clang / llvm-spirv (/ llvm-link) set, or what to install.
pub fn find_tools() -> Result<Tools, String> {
    if let (Some(c), Some(s)) = (std::env::var_os("SPIRJIT_CLANG"), std::env::var_os("SPIRJIT_LLVM_SPIRV")) {
        return Ok(Tools { clang: c.into(), llvm_spirv: s.into(), llvm_link: on_path("llvm-link") });
    }
    for v in VERSIONS.rev() {
        if let (Some(clang), Some(llvm_spirv)) = (on_path(&format!("clang-{v}")), on_path(&format!("llvm-spirv-{v}"))) {
            let llvm_link = on_path(&format!("llvm-link-{v}"))
                .or_else(|| Some(PathBuf::from(format!("/usr/lib/llvm-{v}/bin/llvm-link"))).filter(|p| p.is_file()));
            return Ok(Tools { clang, llvm_spirv, llvm_link });
        }
    }
    if let (Some(clang), Some(llvm_spirv)) = (on_path("clang"), on_path("llvm-spirv")) {
        return Ok(Tools { clang, llvm_spirv, llvm_link: on_path("llvm-link") });
    }
    Err(format!("building OpenCL C needs clang and llvm-spirv on PATH, and they were not found: {INSTALL_HINT}"))
}

fn run(cmd: &mut Command, what: &str) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("cannot run {what}: {e}; {INSTALL_HINT}"))?;
    let log = format!("{}{}", String::from_utf8_lossy(&out.stderr), String::from_utf8_lossy(&out.stdout));
    if out.status.success() {
        Ok(log)
    } else {
        Err(format!("{what} failed ({}):\n{log}", out.status))
    }
}

/// A private temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Result<TempDir, String> {
        static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("spirjit-cl-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        Ok(TempDir(dir))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Split build options as a shell would (quotes, backslashes).
pub fn split_options(options: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut has = false;
    let mut quote: Option<char> = None;
    let mut chars = options.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            }
            (Some(_), c) => cur.push(c),
            (None, '"') | (None, '\'') => {
                quote = Some(c);
                has = true;
            }
            (None, c) if c.is_whitespace() => {
                if has || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    has = false;
                }
            }
            (None, c) => cur.push(c),
        }
    }
    if quote.is_some() {
        return Err("an unterminated quote in the options".into());
    }
    if has || !cur.is_empty() {
        out.push(cur);
    }
    Ok(out)
}

/// Options the platform understands but clang must not see (or sees differently).
fn clang_options(options: &[String]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut std_given = false;
    let mut it = options.iter();
    while let Some(o) = it.next() {
        match o.as_str() {
            // Accepted and meaningless here (the OpenCL spec's list).
            "-cl-no-subgroup-ifp" | "-cl-uniform-work-group-size" | "-create-library" | "-enable-link-options" => {}
            "-cl-kernel-arg-info" => {}
            "-D" | "-I" | "-x" => {
                let v = it.next().ok_or_else(|| format!("{o} needs a value"))?;
                out.push(o.clone());
                out.push(v.clone());
            }
            _ if o.starts_with("-cl-std=") => {
                std_given = true;
                out.push(o.clone());
            }
            _ => out.push(o.clone()),
        }
    }
    if !std_given {
        out.push("-cl-std=CL1.2".into());
    }
    Ok(out)
}

/// Compile OpenCL C `source` with the application's `options` and `headers` (name,
/// text) to LLVM bitcode; returns it and the compiler's log.
pub fn compile(source: &str, options: &str, headers: &[(String, String)]) -> (Outcome, String) {
    let result = (|| -> Result<(Vec<u8>, String), String> {
        let tools = find_tools()?;
        let opts = clang_options(&split_options(options)?)?;
        let dir = TempDir::new()?;
        for (name, text) in headers {
            let p = dir.0.join(name);
            if let Some(parent) = p.parent() {
                std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
            }
            std::fs::write(&p, text).map_err(|e| e.to_string())?;
        }
        let cl = dir.0.join("program.cl");
        let bc = dir.0.join("program.bc");
        std::fs::write(&cl, source).map_err(|e| e.to_string())?;
        let mut cmd = Command::new(&tools.clang);
        // No SLP vectorization: spirjit vectorizes across work-items itself, and the
        // translator cannot take some of what it makes (`freeze`, blocks out of order).
        cmd.args(["-c", "-target", "spir64", "-emit-llvm", "-O2", "-fno-slp-vectorize"])
            .args(["-fno-discard-value-names", "-cl-kernel-arg-info"])
            .arg("-I")
            .arg(&dir.0)
            .args(&opts)
            .arg("-o")
            .arg(&bc)
            .arg(&cl)
            .current_dir(&dir.0);
        let log = run(&mut cmd, "clang").map_err(|e| clean(&e, &dir.0))?;
        let bytes = std::fs::read(&bc).map_err(|e| e.to_string())?;
        Ok((bytes, clean(&log, &dir.0)))
    })();
    match result {
        Ok((b, log)) => (Ok(b), log),
        Err(log) => (Err(log.clone()), log),
    }
}

fn clean(log: &str, dir: &Path) -> String {
    log.replace(&format!("{}/program.cl", dir.display()), "<source>").replace(&dir.display().to_string(), ".")
}

/// Link LLVM bitcode objects into one module's bitcode.
pub fn link(objects: &[Vec<u8>]) -> Outcome {
    if objects.len() == 1 {
        return Ok(objects[0].clone());
    }
    let tools = find_tools()?;
    let link = tools.llvm_link.ok_or_else(|| format!("linking programs needs llvm-link: {INSTALL_HINT}"))?;
    let dir = TempDir::new()?;
    let mut cmd = Command::new(link);
    for (i, o) in objects.iter().enumerate() {
        let p = dir.0.join(format!("object{i}.bc"));
        std::fs::write(&p, o).map_err(|e| e.to_string())?;
        cmd.arg(p);
    }
    let out = dir.0.join("linked.bc");
    cmd.arg("-o").arg(&out);
    run(&mut cmd, "llvm-link")?;
    std::fs::read(&out).map_err(|e| e.to_string())
}

/// LLVM bitcode (from clang) to SPIR-V: spirjit's own LLVM front end first (in process,
/// so no translator process per program, and it reads what llvm-spirv 14 cannot, such as
/// the `freeze` clang's optimizer makes of `x / y` next to `x % y`), then `llvm-spirv` for
/// what that front end does not handle.
pub fn to_spirv(bitcode: &[u8]) -> Outcome {
    match spirjit_jit::frontend::llvm::to_spirv(bitcode) {
        Ok(words) => Ok(words.iter().flat_map(|w| w.to_le_bytes()).collect()),
        Err(own) => llvm_spirv(bitcode).map_err(|log| format!("{log}\n(spirjit's LLVM reader: {own})")),
    }
}

/// LLVM bitcode to SPIR-V with `llvm-spirv`.
fn llvm_spirv(bitcode: &[u8]) -> Outcome {
    let tools = find_tools()?;
    let dir = TempDir::new()?;
    let bc = dir.0.join("program.bc");
    let spv = dir.0.join("program.spv");
    std::fs::write(&bc, bitcode).map_err(|e| e.to_string())?;
    let mut cmd = Command::new(&tools.llvm_spirv);
    // Keeps `kernel_arg_type` and `kernel_arg_type_qual` (`const` has no SPIR-V
    // decoration) for clGetKernelArgInfo; every llvm-spirv from LLVM 14 has the option.
    cmd.arg("--preserve-ocl-kernel-arg-type-metadata-through-string").arg(&bc).arg("-o").arg(&spv);
    run(&mut cmd, "llvm-spirv")?;
    std::fs::read(&spv).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::split_options;

    #[test]
    fn options_split_like_a_shell() {
        assert_eq!(
            split_options(r#"-D NAME="a b" -DX=1  -I 'dir with space' -cl-mad-enable"#).unwrap(),
            vec!["-D", "NAME=a b", "-DX=1", "-I", "dir with space", "-cl-mad-enable"]
        );
        assert!(split_options("-D 'x").is_err());
        assert_eq!(split_options("").unwrap(), Vec::<String>::new());
    }
}

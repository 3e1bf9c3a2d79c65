//! The on-disk code cache: a kernel compiled by one process is loaded, not compiled, by
//! the next (same build, same module, options and specialization), gives the same
//! results, and a damaged, foreign or unsafe cache never crashes a run or runs wrong code.
//! Each test runs the `spirjit` executable in fresh processes with its own cache
//! directory (`SPIRJIT_CACHE_DIR`).

use std::path::{Path, PathBuf};
use std::process::Command;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("spirjit-code-cache-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn kernel(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels").join(name).display().to_string()
}

/// Runs `spirjit ARGS` with the cache in `cache` (a path or `off`); returns stdout.
fn spirjit(cache: &str, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_spirjit"))
        .args(args)
        .env("SPIRJIT_CACHE_DIR", cache)
        .output()
        .unwrap_or_else(|e| panic!("cannot run spirjit: {e}"));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "spirjit {args:?} failed:\n{text}\n{}", String::from_utf8_lossy(&out.stderr));
    text
}

/// The cache files in `dir`.
fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| {
            r.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "code")).collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// `run` of constant_table (module-scope __constant data, reached through the module
/// data's relocation) printing its outputs, without the timing line.
fn run_constant_table(cache: &str, lanes: &str) -> String {
    let m = kernel("constant_table.O2.spv");
    let text = spirjit(
        cache,
        &[
            "run",
            &m,
            "--global",
            "64",
            "--lanes",
            lanes,
            "--arg",
            "u32[64]=rand:7",
            "--arg",
            "i32[3]=iota",
            "--arg",
            "i32[256]=zeros",
            "--arg",
            "f32[64]=zeros",
            "--print",
            "2:256",
            "--print",
            "3:64",
        ],
    );
    text.lines().filter(|l| !l.starts_with("ran ")).collect::<Vec<_>>().join("\n")
}

fn timings(cache: &str, module: &str, lanes: &str) -> String {
    spirjit(cache, &["info", &kernel(module), "--lanes", lanes, "--timings"])
}

#[test]
fn a_second_process_loads_the_code_and_gets_the_same_results() {
    let dir = temp_dir("second");
    let cache = dir.display().to_string();
    let uncached = run_constant_table("off", "4");
    let first = run_constant_table(&cache, "4");
    let files = entries(&dir);
    assert_eq!(files.len(), 1, "one kernel compiled, one entry: {files:?}");
    let second = run_constant_table(&cache, "4");
    assert_eq!(first, uncached, "compiling with the cache on changes nothing");
    assert_eq!(second, uncached, "code loaded from the cache computes the same");
    assert!(timings(&cache, "constant_table.O2.spv", "4").contains("loaded from the code cache"));
    // Other options are other code.
    assert!(!timings(&cache, "constant_table.O2.spv", "1").contains("loaded from the code cache"));
    assert_eq!(entries(&dir).len(), 2);
    assert_eq!(run_constant_table(&cache, "1"), uncached);
    // A kernel with barriers and local memory, and one with a vector loop.
    for (module, lanes) in [("reduce_sum.O2.spv", "8"), ("vadd_float.O2.spv", "16")] {
        assert!(!timings(&cache, module, lanes).contains("loaded from the code cache"), "{module}");
        assert!(timings(&cache, module, lanes).contains("loaded from the code cache"), "{module}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn robust_access_and_printf_code_is_cached_too() {
    let dir = temp_dir("robust");
    let cache = dir.display().to_string();
    // n = 1000 over buffers of 600: robust reads past the end give zero, writes are dropped.
    let robust = |cache: &str| {
        let m = kernel("vadd_float.O2.spv");
        let args = [
            "run",
            &m,
            "--global",
            "1000",
            "--lanes",
            "8",
            "--robust",
            "--arg",
            "f32[600]=rand:1",
            "--arg",
            "f32[1000]=ones",
            "--arg",
            "f32[600]=zeros",
            "--arg",
            "i32=1000",
            "--print",
            "2:600",
        ];
        spirjit(cache, &args).lines().filter(|l| !l.starts_with("ran ")).collect::<Vec<_>>().join("\n")
    };
    let want = robust("off");
    assert_eq!(robust(&cache), want);
    assert_eq!(entries(&dir).len(), 1);
    assert_eq!(robust(&cache), want, "robust code loaded from the cache");
    let printf = |cache: &str| {
        let m = kernel("printf/printf.O2.spv");
        spirjit(cache, &["run", &m, "--kernel", "scalars", "--global", "4", "--arg", "i32[8]=iota"])
            .lines()
            .filter(|l| !l.starts_with("ran "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let want = printf("off");
    assert!(!want.is_empty());
    assert_eq!(printf(&cache), want);
    assert_eq!(printf(&cache), want, "printf's format strings (module data) from cached code");
    assert_eq!(entries(&dir).len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_entries_are_compiled_again() {
    let dir = temp_dir("damaged");
    let cache = dir.display().to_string();
    let want = run_constant_table("off", "4");
    run_constant_table(&cache, "4");
    let file = entries(&dir).pop().unwrap_or_else(|| panic!("no cache entry in {}", dir.display()));
    let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{e}"));
    let damaged: Vec<Vec<u8>> = vec![
        bytes[..bytes.len() / 2].to_vec(),
        {
            let mut b = bytes.clone();
            let k = b.len() - 40;
            b[k] ^= 0x5a;
            b
        },
        {
            let mut b = bytes.clone();
            b[10] ^= 1;
            b
        },
        Vec::new(),
    ];
    for (k, d) in damaged.iter().enumerate() {
        std::fs::write(&file, d).unwrap_or_else(|e| panic!("{e}"));
        let t = timings(&cache, "constant_table.O2.spv", "4");
        assert!(!t.contains("loaded from the code cache"), "damage {k} was not noticed:\n{t}");
        assert_eq!(run_constant_table(&cache, "4"), want, "damage {k}");
        assert!(timings(&cache, "constant_table.O2.spv", "4").contains("loaded from the code cache"), "damage {k}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_cache_can_be_turned_off_and_shuns_directories_others_can_write() {
    let dir = temp_dir("off");
    run_constant_table("off", "4");
    assert!(!dir.exists());
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap_or_else(|e| panic!("{e}"));
        let cache = dir.display().to_string();
        run_constant_table(&cache, "4");
        assert!(entries(&dir).is_empty(), "a world-writable directory was used");
        assert!(!timings(&cache, "constant_table.O2.spv", "4").contains("loaded from the code cache"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_made_directory_is_private() {
    let dir = temp_dir("private");
    run_constant_table(&dir.display().to_string(), "4");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&dir).map(|m| m.permissions().mode()).unwrap_or(0);
        assert_eq!(mode & 0o777, 0o700);
    }
    assert_eq!(entries(&dir).len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compiled_code_handed_over_in_memory_is_loaded_not_compiled() {
    use spirjit::{Arg, NdRange, Options, Program};
    // In-process: no directory, only what is handed over.
    spirjit::set_code_cache_dir(None);
    let bytes = std::fs::read(kernel("vadd_float.O2.spv")).unwrap_or_else(|e| panic!("{e}"));
    let load = |lanes: u32| {
        let options = Options { lanes, ..Options::default() };
        // `parse` bypasses the in-memory program cache: a new program each time.
        Program::parse(&bytes, &options).and_then(|p| p.kernel("vadd_float")).unwrap_or_else(|e| panic!("{e}"))
    };
    let run = |k: &spirjit::Kernel| {
        let a: Vec<f32> = (0..1000).map(|i| i as f32 * 0.5).collect();
        let b = vec![2.0f32; 1000];
        let mut c = vec![0f32; 1000];
        k.run(
            &NdRange::d1(1000),
            &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c), Arg::value(1000i32)],
        )
        .unwrap_or_else(|e| panic!("{e}"));
        c
    };
    let first = load(8);
    let code = first.compiled_code().unwrap_or_else(|e| panic!("{e}")).unwrap_or_else(|| panic!("no code"));
    assert!(!first.from_code_cache().unwrap_or(true));
    let decoded = spirjit::decode_compiled_code(&spirjit::encode_compiled_code(std::slice::from_ref(&code)));
    assert_eq!(decoded, vec![code]);
    spirjit::preload_compiled_code(decoded);
    let second = load(8);
    assert!(second.from_code_cache().unwrap_or(false), "the handed-over code was not used");
    assert_eq!(run(&second), run(&first));
    // Other options are other code: compiled.
    assert!(!load(4).from_code_cache().unwrap_or(true));
}

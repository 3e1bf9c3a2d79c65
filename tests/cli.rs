//! Tests of the `spirjit` command line: `info`, `dump`, `run` (with `--print`, `--out`,
//! `.npy` inputs and `--repeat`), help texts, and exit codes for usage errors (2) and
//! failures (1).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kernel(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("kernels").join(name).display().to_string()
}

fn spirjit(args: &[&str]) -> Output {
    spirjit_env(args, &[])
}

fn spirjit_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_spirjit"));
    c.args(args).env_remove(spirjit::WARN_PARTIAL_ELEMENTS_ENV);
    c.envs(env.iter().copied()).output().expect("the spirjit binary runs")
}

fn text(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn ok(args: &[&str]) -> (String, String) {
    let o = spirjit(args);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "spirjit {args:?}\nstdout: {out}\nstderr: {err}");
    (out, err)
}

/// Runs a command expected to fail with `code`; returns stderr.
fn fails(code: i32, args: &[&str]) -> String {
    let o = spirjit(args);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(code), "spirjit {args:?}\nstdout: {out}\nstderr: {err}");
    assert!(err.starts_with("error: "), "stderr: {err}");
    err
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("spirjit-cli-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn help_texts() {
    let (out, _) = ok(&["--help"]);
    assert!(out.contains("Commands:") && out.contains("SPIRJIT_NUM_THREADS"), "{out}");
    let (out, _) = ok(&["run", "--help"]);
    assert!(out.contains("Argument SPEC") && out.contains("rand:SEED"), "{out}");
    let (out, _) = ok(&["--version"]);
    assert!(out.starts_with("spirjit "), "{out}");
}

#[test]
fn usage_errors_exit_2() {
    let m = kernel("vadd_float.O2.spv");
    assert!(fails(2, &[]).contains("no command"));
    assert!(fails(2, &["frobnicate"]).contains("unknown command `frobnicate`"));
    assert!(fails(2, &["info"]).contains("no MODULE"));
    assert!(fails(2, &["run", &m, "--glbal", "4"]).contains("unknown option `--glbal`"));
    assert!(fails(2, &["run", &m, "--arg", "f32[4]=ones"]).contains("--global"));
    assert!(fails(2, &["run", &m, "--global", "4", "--arg", "q9=1"]).contains("unknown type `q9`"));
    assert!(fails(2, &["run", &m, "--global", "four"]).contains("expects numbers"));
    assert!(fails(2, &["run", &m, "--global", "4", "--local"]).contains("needs a value"));
    let e = fails(2, &["run", &m, "--global", "4", "--arg", "f32[4]=zeros", "--print", "5"]);
    assert!(e.contains("no argument 5"), "{e}");
    // Element and value types are checked against the parameters' host types.
    let e = fails(2, &["run", &m, "--global", "4", "--arg", "i32[4]=ones"]);
    assert!(e.contains("`--arg i32[4]=ones`: argument 0") && e.contains("its elements are f32"), "{e}");
    let f = ["f32[4]=ones"; 3].map(|a| ["--arg", a]).concat();
    let e = fails(2, &[&["run", &m, "--global", "4"], &f[..], &["--arg", "f32=4"]].concat());
    assert!(e.contains("argument 3") && e.contains("give i32=VALUE"), "{e}");
}

#[test]
fn info_lists_kernels() {
    let (out, _) = ok(&["info", &kernel("vadd_float.O2.spv")]);
    assert!(out.contains("addressing: Physical64"), "{out}");
    assert!(out.contains("capabilities: ") && out.contains("Kernel"), "{out}");
    assert!(out.contains("vadd_float(global const float* "), "{out}");
    assert!(out.contains("global buffer, read-only") && out.contains("global buffer, read-write"), "{out}");
    assert!(out.contains("by value, 4 bytes; host int32)"), "{out}");
    assert!(out.contains("read-only; host global f32*)"), "{out}");
    let (out, _) = ok(&["info", &kernel("reqd_wgs.O2.spv")]);
    assert!(out.contains("reqd_work_group_size: (8, 2, 1)"), "{out}");
    let (out, _) = ok(&["info", &kernel("vadd_float.spir32.spv")]);
    assert!(out.contains("Physical32"), "{out}");
}

#[test]
fn dump_prints_ir() {
    let m = kernel("vadd_float.O2.spv");
    let (out, _) = ok(&["dump", &m]);
    assert!(out.contains("kernel vadd_float("), "{out}");
    let (out, _) = ok(&["dump", &m, "--kernel", "vadd_float", "--clif"]);
    assert!(out.contains("; kernel vadd_float") && out.contains("function"), "{out}");
    let e = fails(1, &["dump", &m, "--kernel", "nope"]);
    assert!(e.contains("`vadd_float`"), "{e}");
}

#[test]
fn remarks_say_why_a_kernel_diverges_and_how_it_accesses_memory() {
    let m = kernel("bitonic.O2.spv");
    let (out, _) = ok(&["dump", &m, "--kernel", "bitonic_step", "--lanes", "4", "--remarks"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "; kernel bitonic_step (vector, W = 4, masked control flow)", "{out}");
    assert_eq!(lines[1], "path: vector, W = 4, masked control flow", "{out}");
    // `if (partner > i)` on `i = get_global_id(0)`: the witness names the id.
    assert!(
        lines.iter().any(|l| l.starts_with("divergent: end of block") && l.ends_with("depends on a work-item id")),
        "{out}"
    );
    // `data[partner]` with `partner = i ^ j`: not affine in the lane.
    assert!(
        lines.iter().any(|l| l.starts_with("access: block") && l.contains("= load ") && l.contains("gather")),
        "{out}"
    );
    // At W = 1 nothing is per lane.
    let (out, _) = ok(&["dump", &m, "--kernel", "bitonic_step", "--lanes", "1", "--remarks"]);
    assert_eq!(out.trim_end(), "; kernel bitonic_step (scalar, W = 1)", "{out}");
    let (out, _) = ok(&["info", &kernel("vadd_float.O2.spv"), "--lanes", "8", "--remarks"]);
    assert!(out.contains("remarks (--lanes 8):\n  vadd_float\n    divergent: "), "{out}");
    assert!(out.contains("consecutive: one vector access"), "{out}");
}

/// The steady loop (a second copy of a small kernel for calls whose edge tests and
/// access guards the entry decides) is reported as part of the path, and only where
/// the entry decides every varying loop exit.
#[test]
fn remarks_report_the_steady_loop() {
    let steady = |file: &str, name: &str| {
        let (out, _) = ok(&["dump", &kernel(file), "--kernel", name, "--lanes", "8", "--remarks"]);
        out.lines().any(|l| l.starts_with("path: steady loop: ") && l.contains("consecutive access"))
    };
    // `if (i < n) out[i] = a[i + k] * 2 + b[i]`; a 2-D interior test.
    assert!(steady("steady.O2.spv", "edge_guard"));
    assert!(steady("steady.O2.spv", "interior2d"));
    // `partner > i` with `partner = i ^ j`: the entry cannot decide it.
    assert!(!steady("bitonic.O2.spv", "bitonic_step"));
    // A row loop `for (j = rowptr[i]; j < rowptr[i + 1]; j++)`: its exit is not decided.
    assert!(!steady("spmv_csr.O2.spv", "spmv_csr"));
    // A barrier between the edge load and the edge store.
    assert!(steady("steady.O2.spv", "barrier_edge"));
    // Only local-id tests (`if (lid < d)` in a Blelloch scan): they split every full
    // work-group alike, so a steady loop would never run.
    assert!(!steady("scan_blelloch.O2.spv", "scan_blelloch"));
    let (out, _) = ok(&["dump", &kernel("steady.O2.spv"), "--kernel", "edge_guard", "--lanes", "1", "--remarks"]);
    assert!(!out.contains("steady loop"), "{out}");
    // A tile of the required work-group size: its accesses by local ids need no guard.
    let (out, _) = ok(&["dump", &kernel("reqd_wgs.O2.spv"), "--kernel", "reqd_wgs", "--lanes", "8", "--remarks"]);
    assert!(out.contains("tile access(es) in bounds for certain"), "{out}");
}

/// With W chosen automatically, a kernel whose divergent loop only gathers (a CSR row
/// loop) runs one work-item at a time and says why; asked for W = 8 it is vectorized.
#[test]
fn gather_bound_loops_run_one_work_item_at_a_time() {
    let path = |lanes: Option<&str>| {
        let k = kernel("spmv_csr.O2.spv");
        let mut args = vec!["dump", &k, "--kernel", "spmv_csr", "--remarks"];
        if let Some(w) = lanes {
            args.extend(["--lanes", w]);
        }
        let (out, _) = ok(&args);
        out.lines().find(|l| l.starts_with("path: ")).unwrap_or_default().to_string()
    };
    let auto = path(None);
    assert!(auto.contains("scalar (W = 1)") && auto.contains("3 gathers"), "{auto}");
    assert!(path(Some("8")).contains("vector, W = 8"));
    // Its neighbour with consecutive loads in its loop keeps the default W.
    let (out, _) = ok(&["dump", &kernel("grid_stride.O2.spv"), "--kernel", "grid_stride", "--remarks"]);
    assert!(out.contains("path: vector, W = 16"), "{out}");
}

#[test]
fn run_prints_and_saves() {
    let dir = temp_dir("run");
    let out_file = dir.join("c.npy");
    let out_arg = format!("2={}", out_file.display());
    let (out, err) = ok(&[
        "run",
        &kernel("vadd_float.O2.spv"),
        "--kernel",
        "vadd_float",
        "--global",
        "1000",
        "--arg",
        "f32[1000]=iota",
        "--arg",
        "f32[1000]=ones",
        "--arg",
        "f32[1000]=zeros",
        "--arg",
        "i32=1000",
        "--print",
        "2:4",
        "--print",
        "0",
        "--out",
        &out_arg,
    ]);
    assert!(out.contains("f32[1000]: [1.0, 2.0, 3.0, 4.0, ...]"), "{out}");
    assert!(out.contains("arg 0 ") && out.contains("[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0"));
    assert!(err.contains("ran `vadd_float`") && err.contains("1000 work-items"), "{err}");
    let c = spirjit::npy::read(&out_file).unwrap();
    assert_eq!(c.dtype, spirjit::npy::DType::F32);
    assert_eq!(c.shape, vec![1000]);
    let v: Vec<f32> = c.data.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
    assert!(v.iter().enumerate().all(|(i, x)| *x == i as f32 + 1.0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn run_reads_npy_inputs_and_repeats() {
    let dir = temp_dir("npy");
    let a: Vec<i32> = (0..64).map(|i| i * 3).collect();
    let a_path = dir.join("a.npy");
    spirjit::npy::write(&a_path, spirjit::npy::DType::I32, spirjit::bytes_of(&a)).unwrap();
    let a_arg = format!("i32=@{}", a_path.display());
    let (out, err) = ok(&[
        "run",
        &kernel("vadd_int.O2.spv"),
        "--global",
        "64",
        "--local",
        "16",
        "--arg",
        &a_arg,
        "--arg",
        "i32[64]=5",
        "--arg",
        "i32[64]=zeros",
        "--print",
        "2:3",
        "--repeat",
        "3",
        "--threads",
        "2",
    ]);
    assert!(out.contains("i32[64]: [5, 8, 11, ...]"), "{out}");
    assert!(err.contains("median") && err.contains("over 3 runs"), "{err}");
    // The file's element type must match the argument's.
    let wrong = format!("f32=@{}", a_path.display());
    let e = fails(1, &["run", &kernel("vadd_int.O2.spv"), "--global", "64", "--arg", &wrong]);
    assert!(e.contains("holds i32 elements"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn local_memory_and_random_data() {
    let (out, _) = ok(&[
        "run",
        &kernel("reduce_sum.O2.spv"),
        "--global",
        "256",
        "--local",
        "64",
        "--arg",
        "i32[256]=ones",
        "--arg",
        "i32[4]=zeros",
        "--arg",
        "u32=256",
        "--arg",
        "local=256",
        "--print",
        "1",
    ]);
    assert!(out.contains("i32[4]: [64, 64, 64, 64]"), "{out}");
    let args =
        ["run", &kernel("vadd_float.O2.spv"), "--global", "8", "--arg", "f32[8]=rand:42", "--arg", "f32[8]=zeros"];
    let rest = ["--arg", "f32[8]=zeros", "--arg", "i32=8", "--print", "2"];
    let all: Vec<&str> = args.iter().chain(rest.iter()).copied().collect();
    let (first, _) = ok(&all);
    let (second, _) = ok(&all);
    assert_eq!(first, second, "rand:SEED is deterministic");
}

#[test]
fn failures_exit_1() {
    let m = kernel("vadd_float.O2.spv");
    let e = fails(1, &["info", "/nonexistent/module.spv"]);
    assert!(e.contains("/nonexistent/module.spv"), "{e}");
    let e = fails(1, &["run", &m, "--global", "8", "--arg", "f32[8]=ones"]);
    assert!(e.contains("argument 1") && e.contains("is missing"), "{e}");
    let e = fails(
        1,
        &[
            "run",
            &m,
            "--global",
            "8",
            "--local",
            "0",
            "--arg",
            "f32[8]=ones",
            "--arg",
            "f32[8]=ones",
            "--arg",
            "f32[8]=ones",
            "--arg",
            "i32=8",
        ],
    );
    assert!(e.contains("cannot launch kernel `vadd_float`"), "{e}");
    let e = fails(1, &["run", &m, "--kernel", "nope", "--global", "8"]);
    assert!(e.contains("no kernel named `nope`"), "{e}");
}

#[test]
fn buffers_with_a_partial_element_run_and_warn_when_asked() {
    let m = kernel("vadd_float.O2.spv");
    let args = [
        "run",
        &m,
        "--kernel",
        "vadd_float",
        "--global",
        "2",
        "--arg",
        "f32[2]=ones",
        "--arg",
        "f32[2]=ones",
        "--arg",
        "u8[10]=zeros",
        "--arg",
        "i32=2",
        "--print",
        "2",
    ];
    let warning =
        "argument 2 `arg2` is `global float*`: the buffer has 10 bytes, 2 whole 4-byte element(s) and 2 byte(s) more";
    for (env, warns) in [(None, false), (Some("0"), false), (Some("1"), true)] {
        let vars: Vec<(&str, &str)> = env.map(|v| (spirjit::WARN_PARTIAL_ELEMENTS_ENV, v)).into_iter().collect();
        let o = spirjit_env(&args, &vars);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{env:?}\nstdout: {out}\nstderr: {err}");
        assert!(out.contains("[0, 0, 0, 64, 0, 0, 0, 64, 0, 0]"), "{env:?}: {out}");
        assert_eq!(err.contains(warning), warns, "{env:?}: {err}");
    }
}

#[test]
fn run_specializes_a_vulkan_shader() {
    // spec.comp: dst = src (reversed per work-group when FLIP) * SCALE + (OFFSET * 3 - 7),
    // with the work-group size from SpecId 0.
    let shader = kernel("vulkan/spec.spv");
    let (out, err) = ok(&[
        "run",
        &shader,
        "--global",
        "8",
        "--spec",
        "0=4",
        "--spec",
        "1=0.5",
        "--spec",
        "2=3",
        "--spec",
        "3=true",
        "--arg",
        "f32[8]=iota",
        "--arg",
        "f32[8]=zeros",
        "--arg",
        "u32[8]=zeros",
        "--print",
        "1",
        "--print",
        "2",
    ]);
    assert!(out.contains("[3.5, 3.0, 2.5, 2.0, 5.5, 5.0, 4.5, 4.0]"), "{out}");
    assert!(out.contains("[4, 0, 20, 2, 4, 1, 20, 2]"), "{out}");
    assert!(err.contains("2 work-group(s) of (4)"), "{err}");
    let e = fails(1, &["run", &shader, "--global", "8", "--spec", "9=1", "--arg", "f32[8]=iota"]);
    assert!(e.contains("SpecId 9"), "{e}");
    let e = fails(2, &["run", &shader, "--global", "8", "--spec", "nope"]);
    assert!(e.contains("--spec nope"), "{e}");
}

/// A stand-in for Python that imports anything and prints the command line it was given,
/// one argument a line, then exits with 3.
#[cfg(unix)]
fn fake_python(dir: &Path) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("python");
    std::fs::write(
        &path,
        "#!/bin/sh\nif [ \"$1\" = -c ]; then exit 0; fi\nfor a in \"$@\"; do echo \"$a\"; done\nexit 3\n",
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

#[cfg(unix)]
#[test]
fn bench_translates_its_options_into_the_python_module_command_line() {
    let dir = temp_dir("bench");
    let py = fake_python(&dir);
    let m = kernel("vadd_float.O2.spv");
    let args = [
        "bench",
        &m,
        "--kernel",
        "vadd_float",
        "--global",
        "4096",
        "--local",
        "64",
        "--arg",
        "f32[4096]=rand:1",
        "--arg",
        "f32=@b.npy",
        "--arg",
        "f32[4096]=zeros",
        "--arg",
        "i32=-5",
        "--bytes",
        "49152",
        "--devices",
        "spirjit,pocl",
        "--budget",
        "0.1",
        "--json",
        "r.json",
        "--no-probes",
    ];
    let o = spirjit_env(&args, &[("SPIRJIT_PYTHON", &py)]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(3), "the module's exit code is passed on\n{out}{err}");
    let got: Vec<&str> = out.lines().collect();
    let want = [
        "-m",
        "spirjit.bench",
        &m,
        "--kernel",
        "vadd_float",
        "--global",
        "4096",
        "--local",
        "64",
        "--arg=f32[4096]=rand:1",
        "--arg=f32=@b.npy",
        "--arg=f32[4096]=zeros",
        "--arg=i32=-5",
        "--bytes",
        "49152",
        "--budget",
        "0.1",
        "--devices=spirjit,pocl",
        "--json=r.json",
        "--no-probes",
    ];
    assert_eq!(got, want);
    let o = spirjit_env(&["bench", "--suite", "benches/bench", "--progress"], &[("SPIRJIT_PYTHON", &py)]);
    assert_eq!(
        text(&o).0.lines().collect::<Vec<_>>(),
        ["-m", "spirjit.bench", "--suite", "benches/bench", "--progress"]
    );
    let o = spirjit_env(&["bench", "--list-devices"], &[("SPIRJIT_PYTHON", &py)]);
    assert_eq!(text(&o).0.lines().collect::<Vec<_>>(), ["-m", "spirjit.bench", "--list-devices"]);
}

#[test]
fn bench_usage_errors_and_a_missing_python_module() {
    let m = kernel("vadd_float.O2.spv");
    let no_python = [("SPIRJIT_PYTHON", "/nonexistent/python3")];
    let bench_fails = |code: i32, args: &[&str]| {
        let o = spirjit_env(&[&["bench"], args].concat(), &no_python);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(code), "bench {args:?}\nstdout: {out}\nstderr: {err}");
        err
    };
    assert!(bench_fails(2, &[]).contains("give a KERNEL_FILE"));
    assert!(bench_fails(2, &[&m, "--global", "64"]).contains("`--kernel NAME` is required"));
    assert!(bench_fails(2, &[&m, "--kernel", "k"]).contains("--global"));
    let e = bench_fails(2, &[&m, "--kernel", "k", "--global", "64", "--arg", "f32[4]=bogus"]);
    assert!(e.contains("unknown initializer `bogus`") && e.contains("Usage: spirjit bench"), "{e}");
    assert!(bench_fails(2, &["--suite", "s.toml", "--kernel", "k"]).contains("a suite's cases give their own"));
    assert!(bench_fails(2, &["--suite", "s.toml", &m]).contains("not both"));
    assert!(bench_fails(2, &[&m, "--kernel", "k", "--global", "64", "--local", "8,8"]).contains("one per dimension"));
    assert!(bench_fails(2, &["--list-devices", "--budget", "soon"]).contains("non-negative number"));
    // Well-formed, but there is no Python to run it: exit 1 with the install hint.
    let e = bench_fails(1, &["--list-devices"]);
    assert!(e.contains("cannot start the Python interpreter") && e.contains("pip install spirjit"), "{e}");
    let (out, _) = ok(&["help", "bench"]);
    assert!(out.contains("--suite DIR|FILE") && out.contains("SPIRJIT_PYTHON"), "{out}");
}

#[cfg(unix)]
#[test]
fn bench_says_to_install_spirjit_when_python_lacks_the_module() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("bench-nomodule");
    let py = dir.join("python");
    let script = "#!/bin/sh\necho \"ModuleNotFoundError: No module named 'spirjit'\" >&2\nexit 1\n";
    std::fs::write(&py, script).unwrap();
    std::fs::set_permissions(&py, std::fs::Permissions::from_mode(0o755)).unwrap();
    let o = spirjit_env(&["bench", "--list-devices"], &[("SPIRJIT_PYTHON", py.to_str().unwrap())]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("No module named 'spirjit'") && err.contains("`pip install spirjit`"), "{err}");
}

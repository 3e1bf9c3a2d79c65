//! `spirjit bench`: one kernel, or a suite of cases, on spirjit and every other device
//! side by side. The measuring is done by the Python module `spirjit.bench` (it drives
//! OpenCL devices through PyOpenCL, Vulkan devices through the `vulkan` package and
//! NVIDIA GPUs through CuPy, none of which a Rust process can host), so this command
//! checks its options, translates them into that module's command line and runs
//! `python3 -m spirjit.bench` (`SPIRJIT_PYTHON` names another interpreter), passing its
//! exit code on.
//!
//! This module must not measure anything itself; it only parses, checks and starts Python.

use std::ffi::OsString;
use std::io::Write;
use std::process::{Command, Stdio};

use super::help;
use super::opts::Opts;
use super::spec::parse_spec;
use super::CliError;

/// The environment variable naming the Python interpreter (default `python3`).
pub const PYTHON_ENV: &str = "SPIRJIT_PYTHON";

const VALUED: &[&str] = &[
    "--kernel",
    "--global",
    "--local",
    "--arg",
    "--out-index",
    "--suite",
    "--devices",
    "--only",
    "--budget",
    "--json",
    "--plot",
    "--html",
    "--bytes",
    "--flops",
    "--rtol",
    "--atol",
    "--name",
    "--options",
];
const SWITCHES: &[&str] = &["--list-devices", "--no-probes", "--progress"];

/// `spirjit bench ...`
pub fn bench(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let o = Opts::parse(args, VALUED, SWITCHES, help::BENCH)?;
    if o.has("--help") {
        return write!(out, "{}", help::BENCH).map_err(|e| CliError::Message(format!("cannot write the output: {e}")));
    }
    let argv = translate(&o)?;
    let python = std::env::var_os(PYTHON_ENV).filter(|p| !p.is_empty()).unwrap_or_else(|| "python3".into());
    check_module(&python)?;
    // The child writes to the terminal directly (progress bar, table); flush ours first.
    out.flush().map_err(|e| CliError::Message(format!("cannot write the output: {e}")))?;
    let status = Command::new(&python)
        .args(["-m", "spirjit.bench"])
        .args(&argv)
        .status()
        .map_err(|e| CliError::Message(cannot_start(&python, &e)))?;
    match status.code() {
        Some(0) => Ok(()),
        Some(code) => Err(CliError::Exit(code)),
        None => Err(CliError::Message(format!("`{} -m spirjit.bench` was stopped by a signal", show(&python)))),
    }
}

fn show(python: &OsString) -> String {
    python.to_string_lossy().into_owned()
}

fn cannot_start(python: &OsString, e: &std::io::Error) -> String {
    format!(
        "cannot start the Python interpreter `{}` ({e}); `spirjit bench` runs the Python module spirjit.bench: \
         install Python 3 and `pip install spirjit`, or set {PYTHON_ENV} to an interpreter that has it",
        show(python)
    )
}

/// Fails with the install hint when `python` cannot import `spirjit.bench`.
fn check_module(python: &OsString) -> Result<(), CliError> {
    let probe = Command::new(python)
        .args(["-c", "import spirjit.bench"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| CliError::Message(cannot_start(python, &e)))?;
    if probe.status.success() {
        return Ok(());
    }
    let err = String::from_utf8_lossy(&probe.stderr);
    let why = err.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("it exited with an error").trim();
    Err(CliError::Message(format!(
        "the Python module spirjit.bench is not available to `{}` ({why}); `pip install spirjit` \
         (and optionally pyopencl, vulkan, cupy, matplotlib for more devices and plots), or set {PYTHON_ENV} \
         to an interpreter that has it",
        show(python)
    )))
}

/// The command line of `python -m spirjit.bench` for these options; every check that
/// does not need Python is done here, so usage errors look like those of `spirjit run`.
fn translate(o: &Opts) -> Result<Vec<String>, CliError> {
    let mut argv = Vec::new();
    let suite = o.one("--suite")?;
    let list = o.has("--list-devices");
    let kernel_opts = ["--kernel", "--global", "--local", "--arg", "--out-index", "--bytes", "--flops", "--name"];
    if list {
        if suite.is_some() || !o.positional.is_empty() {
            return Err(o.usage_error("`--list-devices` takes no KERNEL_FILE or --suite"));
        }
        argv.push("--list-devices".to_string());
    } else if let Some(s) = suite {
        if let Some(extra) = o.positional.first() {
            return Err(o.usage_error(format!("give either --suite or a KERNEL_FILE, not both (`{extra}`)")));
        }
        if let Some(k) = kernel_opts.iter().find(|k| !o.all(k).is_empty()) {
            return Err(o.usage_error(format!("`{k}` is for a single kernel; a suite's cases give their own")));
        }
        argv.extend(["--suite".to_string(), s.to_string()]);
    } else {
        let file = match o.positional.as_slice() {
            [f] => f.clone(),
            [] => {
                return Err(
                    o.usage_error("give a KERNEL_FILE (with --kernel, --global, --arg), --suite or --list-devices")
                )
            }
            [_, extra, ..] => return Err(o.usage_error(format!("unexpected argument `{extra}`"))),
        };
        let kernel =
            o.one("--kernel")?.ok_or_else(|| o.usage_error("`--kernel NAME` is required with a KERNEL_FILE"))?;
        let global = o.sizes("--global")?.ok_or_else(|| o.usage_error("`--global X[,Y[,Z]]` is required"))?;
        let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        argv.extend([file, "--kernel".into(), kernel.to_string(), "--global".into(), join(&global)]);
        if let Some(local) = o.sizes("--local")? {
            if local.len() != global.len() {
                return Err(o.usage_error(format!(
                    "`--local` has {} entries but `--global` has {}; give one per dimension",
                    local.len(),
                    global.len()
                )));
            }
            argv.extend(["--local".into(), join(&local)]);
        }
        for spec in o.all("--arg") {
            parse_spec(spec).map_err(|m| o.usage_error(m))?;
            // `--arg=SPEC`: a SPEC may start with `-` (a negative scalar).
            argv.push(format!("--arg={spec}"));
        }
        for (flag, value) in ["--bytes", "--flops"].iter().filter_map(|f| o.one(f).transpose().map(|v| (f, v))) {
            let v = value?;
            number(o, flag, v)?;
            argv.extend([flag.to_string(), v.to_string()]);
        }
        for flag in ["--out-index", "--name"] {
            for v in o.all(flag) {
                argv.extend([flag.to_string(), v.to_string()]);
            }
        }
    }
    for flag in ["--budget", "--rtol", "--atol"] {
        if let Some(v) = o.one(flag)? {
            number(o, flag, v)?;
            argv.extend([flag.to_string(), v.to_string()]);
        }
    }
    for flag in ["--devices", "--only", "--json", "--plot", "--html", "--options"] {
        if let Some(v) = o.one(flag)? {
            argv.push(format!("{flag}={v}"));
        }
    }
    for flag in ["--no-probes", "--progress"] {
        if o.has(flag) {
            argv.push(flag.to_string());
        }
    }
    Ok(argv)
}

fn number(o: &Opts, flag: &str, v: &str) -> Result<f64, CliError> {
    v.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x >= 0.0)
        .ok_or_else(|| o.usage_error(format!("option `{flag}` expects a non-negative number, got `{v}`")))
}

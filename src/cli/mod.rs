//! The `spirjit` command line: `info`, `dump` and `run` over SPIR-V modules, `bench`
//! (through the Python module spirjit.bench), and
//! `vulkan-icd` (the Vulkan driver's manifest), `opencl-icd` (the OpenCL platform's `.icd` file).
//!
//! [`main`] takes the arguments (without the program name) and returns the process exit
//! code: 0 on success, 1 when the work failed (`error: ...` on stderr), 2 for usage
//! errors (`bench` passes on the exit code of the Python module it runs). This module must not contain runtime logic: it parses, calls the library and
//! prints.

mod bench;
mod commands;
mod help;
mod icd;
mod image_spec;
mod opts;
mod spec;

use std::fmt;

use crate::error::Error;

pub use spec::{parse_spec, ArgSpec, Init};

/// A failure of a command.
#[derive(Debug)]
pub enum CliError {
    /// The command line is wrong; the message says how (exit code 2).
    Usage { message: String, usage: &'static str },
    /// The work failed (exit code 1).
    Failed(Error),
    /// The work failed with a message of the command's own (exit code 1).
    Message(String),
    /// A program the command ran exited with this code and said why itself.
    Exit(i32),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage { message, .. } => f.write_str(message),
            CliError::Failed(e) => write!(f, "{e}"),
            CliError::Message(m) => f.write_str(m),
            CliError::Exit(code) => write!(f, "exited with code {code}"),
        }
    }
}

impl From<Error> for CliError {
    fn from(e: Error) -> Self {
        CliError::Failed(e)
    }
}

pub(crate) fn usage(message: impl Into<String>, usage: &'static str) -> CliError {
    CliError::Usage { message: message.into(), usage }
}

/// Run the command line `args` (without the program name); returns the exit code.
pub fn main(args: &[String]) -> i32 {
    let mut out = std::io::stdout().lock();
    match run(args, &mut out) {
        Ok(()) => 0,
        Err(CliError::Usage { message, usage }) => {
            let short = usage.split("\n\n").next().unwrap_or(usage).trim_end();
            eprintln!("error: {message}\n\n{short}\nRun `spirjit --help` for more.");
            2
        }
        Err(CliError::Exit(code)) => code,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// Run the command line `args`, writing results to `out`.
pub fn run(args: &[String], out: &mut dyn std::io::Write) -> Result<(), CliError> {
    let Some(cmd) = args.first() else {
        return Err(usage("no command given", help::USAGE));
    };
    let rest = &args[1..];
    let result = match cmd.as_str() {
        "-h" | "--help" | "help" => {
            let text = match rest.first().map(String::as_str) {
                Some("run") => help::RUN,
                Some("info") => help::INFO,
                Some("dump") => help::DUMP,
                Some("bench") => help::BENCH,
                _ => help::HELP,
            };
            write!(out, "{text}")
        }
        "-V" | "--version" => writeln!(out, "spirjit {}", env!("CARGO_PKG_VERSION")),
        "info" => return commands::info(rest, out),
        "dump" => return commands::dump(rest, out),
        "run" => return commands::run(rest, out),
        "bench" => return bench::bench(rest, out),
        "vulkan-icd" => return icd::write_icd(&icd::VULKAN, rest, out),
        "opencl-icd" => return icd::write_icd(&icd::OPENCL, rest, out),
        other => {
            return Err(usage(
                format!("unknown command `{other}`; use info, dump, run, bench, vulkan-icd or opencl-icd"),
                help::USAGE,
            ))
        }
    };
    result.map_err(|e| CliError::Message(format!("cannot write the output: {e}")))
}

//! The `spirjit` command: see `spirjit --help`. All logic lives in `spirjit::cli`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(spirjit::cli::main(&args));
}

//! Golden tests of the compiler: for each input in `tests/golden/` (OpenCL C compiled to
//! `NAME.spv` by `tests/golden/build.sh`, or KIR text `NAME.kir`), the file `NAME.golden`
//! holds what the compiler makes of it — the KIR, the remarks at W = 4, and the Cranelift
//! IR at W = 1 and at W = 4 — and the test compares all of it. For each broken module in
//! `tests/golden/errors/`, `NAME.expected` holds the whole error message a user sees.
//!
//! A change to the front end or the lowering shows here as a readable diff. When the
//! change is intended, `SPIRJIT_BLESS=1 cargo test --test golden` rewrites the expected
//! files (a second run rewrites them byte for byte the same); review the diff and commit
//! it with the change.

use std::path::{Path, PathBuf};

use spirjit_jit::ir;
use spirjit_jit::lower::{DumpKind, LowerOptions};
use spirjit_jit::pipeline;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("golden")
}

fn blessing() -> bool {
    std::env::var_os("SPIRJIT_BLESS").is_some_and(|v| v != "0" && !v.is_empty())
}

/// The module of case `name`: `NAME.spv` through the front end, or `NAME.kir` read as
/// KIR text.
fn module_of(name: &str) -> ir::Module {
    let dir = golden_dir();
    let kir = dir.join(format!("{name}.kir"));
    if kir.is_file() {
        let text = std::fs::read_to_string(&kir).unwrap_or_else(|e| panic!("{}: {e}", kir.display()));
        return ir::parse::parse_module(&text).unwrap_or_else(|e| panic!("{}: {e}", kir.display()));
    }
    let spv = dir.join(format!("{name}.spv"));
    let bytes =
        std::fs::read(&spv).unwrap_or_else(|e| panic!("{}: {e}; rebuild with tests/golden/build.sh", spv.display()));
    let words = spirjit_jit::frontend::spirv::words_from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    pipeline::front_end(&words).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Everything the golden file of `module` holds.
fn render(module: &ir::Module) -> String {
    let dump = |lanes: u32, kind: DumpKind| {
        pipeline::dump(module, &LowerOptions { lanes, checked: true, robust: false, whole_rows: true }, kind)
            .unwrap_or_else(|e| format!("error: {e}\n"))
    };
    let mut out = String::new();
    out += ";; ---- KIR ----\n";
    out += &module.to_string();
    out += "\n;; ---- remarks (W = 4) ----\n";
    out += &dump(4, DumpKind::Remarks);
    out += ";; ---- Cranelift IR (W = 1) ----\n";
    out += &dump(1, DumpKind::Clif);
    out += ";; ---- Cranelift IR (W = 4) ----\n";
    out += &dump(4, DumpKind::Clif);
    out
}

/// A line diff of `want` and `got` (longest common subsequence), as `-`/`+` lines with
/// up to three lines of context, cut after `max` changed lines.
fn diff(want: &str, got: &str, max: usize) -> String {
    let a: Vec<&str> = want.lines().collect();
    let b: Vec<&str> = got.lines().collect();
    // Strip the common head and tail; the LCS table covers the rest only.
    // Three lines of each stay, as context.
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count().saturating_sub(3);
    let tail = a[head..].iter().rev().zip(b[head..].iter().rev()).take_while(|(x, y)| x == y).count().saturating_sub(3);
    let (a_mid, b_mid) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let (n, m) = (a_mid.len(), b_mid.len());
    if n * m > 25_000_000 {
        return format!(
            "(the texts differ from line {} on, in {n} expected and {m} produced lines: too many to compare)",
            head + 1
        );
    }
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if a_mid[i] == b_mid[j] { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
        }
    }
    // (tag, line number in the expected text, text)
    let mut ops: Vec<(char, usize, &str)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && a_mid[i] == b_mid[j] {
            ops.push((' ', head + i + 1, a_mid[i]));
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1]) {
            ops.push(('-', head + i + 1, a_mid[i]));
            i += 1;
        } else {
            ops.push(('+', head + i + 1, b_mid[j]));
            j += 1;
        }
    }
    let mut out = String::new();
    let mut shown = 0;
    let mut last_printed: Option<usize> = None;
    for (k, (tag, line, text)) in ops.iter().enumerate() {
        let near_change = ops[k.saturating_sub(3)..(k + 4).min(ops.len())].iter().any(|(t, _, _)| *t != ' ');
        if !near_change {
            continue;
        }
        if last_printed.is_some_and(|p| p + 1 != k) || last_printed.is_none() {
            out += &format!("@@ line {line} of the expected text @@\n");
        }
        out += &format!("{tag} {text}\n");
        last_printed = Some(k);
        if *tag != ' ' {
            shown += 1;
            if shown == max {
                out += "… (more differences)\n";
                break;
            }
        }
    }
    out
}

/// Compare `got` with the expected file `path`, or rewrite it when blessing.
fn check(path: &Path, got: &str) {
    if blessing() {
        std::fs::write(path, got).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let want = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!("{}: {e}; create it with `SPIRJIT_BLESS=1 cargo test --test golden`", path.display())
    });
    if want != got {
        panic!(
            "{} differs from what the compiler now produces (- expected, + produced):\n{}\nIf the change is \
             intended, run `SPIRJIT_BLESS=1 cargo test --test golden` and review the diff of the golden files.",
            path.display(),
            diff(&want, got, 40)
        );
    }
}

fn golden(name: &str) {
    let module = module_of(name);
    check(&golden_dir().join(format!("{name}.golden")), &render(&module));
}

/// The whole message a user sees for the broken module `errors/NAME.spv`: the load error,
/// or the first compile error of its kernels.
fn error_message(name: &str) -> String {
    let path = golden_dir().join("errors").join(format!("{name}.spv"));
    let bytes =
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}; rebuild with tests/golden/build.sh", path.display()));
    let program = match spirjit::Program::from_bytes(&bytes) {
        Ok(p) => p,
        Err(e) => return format!("{e}\n"),
    };
    match program.compile_all() {
        Ok(()) => panic!("{name}: the module loads and compiles; an error case must fail"),
        Err(e) => format!("{e}\n"),
    }
}

fn golden_error(name: &str) {
    let got = error_message(name);
    check(&golden_dir().join("errors").join(format!("{name}.expected")), &got);
}

macro_rules! golden_cases {
    ($($name:ident),* $(,)?) => {
        // The Cranelift IR names the host's calling convention and vector forms of
        // builtins exist on x86-64 only: the expected files are those of x86-64 Linux.
        $(
            #[test]
            #[cfg_attr(not(all(target_arch = "x86_64", target_os = "linux")), ignore)]
            fn $name() { golden(stringify!($name)); }
        )*
        const CASES: &[&str] = &[$(stringify!($name)),*];
    };
}

macro_rules! error_cases {
    ($($name:ident),* $(,)?) => {
        mod errors {
            $(#[test] fn $name() { super::golden_error(stringify!($name)); })*
        }
        const ERROR_CASES: &[&str] = &[$(stringify!($name)),*];
    };
}

golden_cases! {
    atomics_global, atomics_local, barrier_local, barrier_loop, consecutive, constant_table,
    conversions, counted_loop, divergent_if_else, early_return, float4_access, gather,
    geometric, half_values, image_read, int64, integer_builtins, math_builtins, nested_loops,
    printf_call, private_array, select_ternary, static_local, strided, struct_fields,
    subgroups, switch_divergent, uniform_address, uniform_branch, varying_loop, while_loop,
    work_item_queries, kir_masked_loop, kir_uniform_select,
}

error_cases! {
    bad_magic, truncated_words, truncated_instruction, unsupported_capability,
    unknown_extended_instruction, extended_instruction_operands, undefined_id, type_mismatch,
    pipe_unsupported,
}

/// Every input in `tests/golden/` has its test (an input without one would never be
/// checked).
#[test]
fn every_input_has_a_case() {
    let listed = |dir: &Path, ext: &str| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .flatten()
            .filter_map(|e| {
                let p = e.path();
                (p.extension().is_some_and(|x| x == ext)).then(|| p.file_stem()?.to_str().map(String::from)).flatten()
            })
            .collect();
        names.sort();
        names
    };
    let dir = golden_dir();
    let mut inputs = listed(&dir, "cl");
    inputs.extend(listed(&dir, "kir"));
    inputs.sort();
    let mut cases: Vec<String> = CASES.iter().map(|s| s.to_string()).collect();
    cases.sort();
    assert_eq!(inputs, cases, "tests/golden inputs and golden_cases! differ");
    let mut errors = listed(&dir.join("errors"), "spv");
    errors.sort();
    let mut error_cases: Vec<String> = ERROR_CASES.iter().map(|s| s.to_string()).collect();
    error_cases.sort();
    assert_eq!(errors, error_cases, "tests/golden/errors modules and error_cases! differ");
}

#[test]
fn the_diff_shows_changed_lines_with_context() {
    let want = "a\nb\nc\nd\ne\nf\ng\nh\n";
    let got = "a\nb\nc\nD\ne\nf\ng\nh\ni\n";
    let d = diff(want, got, 40);
    assert_eq!(d, "@@ line 1 of the expected text @@\n  a\n  b\n  c\n- d\n+ D\n  e\n  f\n  g\n  h\n+ i\n");
    let far = "x\n".repeat(20) + "y\n" + &"x\n".repeat(20);
    let d = diff(&far.replacen('x', "w", 1), &far, 40);
    let changed: Vec<&str> = d.lines().filter(|l| l.starts_with(['-', '+'])).collect();
    assert_eq!(changed, ["- w", "+ x"], "{d}");
    // The far-away `y` is not shown: only three lines of context around a change.
    assert!(!d.contains('y'), "{d}");
}

//! The compiler's module structure: no import circles, no oversized files.
//!
//! Reads the sources of `jit/src` and builds two kinds of import graphs from the paths
//! the code names (`use` declarations and inline paths alike):
//! * between the crate's top-level modules (`crate::ir`, `crate::lower`, ...), from
//!   every file under each module;
//! * between sibling modules of one directory (`super::state`, `super::arith`, ...);
//!   a module's sub-directory counts as part of it.
//!
//! Test code (`tests.rs`, `*_tests.rs`, `tests/` directories) may import anything and is
//! left out. A circle is reported with its members; the graphs are printed with
//! `cargo test --test architecture -- --nocapture`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn jit_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("jit").join("src")
}

fn is_test_file(p: &Path) -> bool {
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name == "tests.rs" || name.ends_with("_tests.rs") || p.components().any(|c| c.as_os_str() == "tests")
}

/// Every non-test `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "tests") {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "rs") && !is_test_file(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The source without comments (doc comments name modules in prose) and without
/// inline test modules (`#[cfg(test)] mod tests { ... }`, closed by a `}` in column 0).
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(l) = lines.next() {
        if l.trim() == "#[cfg(test)]" && lines.peek().is_some_and(|n| n.starts_with("mod ") && n.ends_with('{')) {
            for skipped in lines.by_ref() {
                if skipped == "}" {
                    break;
                }
            }
            continue;
        }
        out.push(match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        });
    }
    out.join("\n")
}

/// The names that follow `prefix` (`crate::` or `super::`) in `code`, including the
/// ones in a braced list right after it (`use super::{a, b::C}`).
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    let mut rest = code;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        if let Some(list) = rest.strip_prefix('{') {
            let end = list.find('}').unwrap_or(list.len());
            for item in list[..end].split(',') {
                out.insert(ident(item.trim()));
            }
        } else {
            out.insert(ident(rest));
        }
    }
    out
}

/// The circles (strongly connected components of more than one node) of `graph`.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Kosaraju: order by finish time, then collect on the reversed graph.
    fn visit(n: &str, g: &BTreeMap<String, BTreeSet<String>>, seen: &mut BTreeSet<String>, order: &mut Vec<String>) {
        if !seen.insert(n.to_string()) {
            return;
        }
        for m in g.get(n).into_iter().flatten() {
            visit(m, g, seen, order);
        }
        order.push(n.to_string());
    }
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for n in graph.keys() {
        visit(n, graph, &mut seen, &mut order);
    }
    let mut reversed: BTreeMap<String, BTreeSet<String>> = graph.keys().map(|k| (k.clone(), BTreeSet::new())).collect();
    for (from, tos) in graph {
        for to in tos {
            reversed.entry(to.clone()).or_default().insert(from.clone());
        }
    }
    let mut assigned = BTreeSet::new();
    let mut out = Vec::new();
    for n in order.iter().rev() {
        let mut comp = Vec::new();
        visit(n, &reversed, &mut assigned, &mut comp);
        if comp.len() > 1 {
            comp.sort();
            out.push(comp);
        }
    }
    out
}

/// The module a file under `dir` belongs to, among `dir`'s children (`a.rs` and `a/…`
/// are module `a`); `None` for `dir/mod.rs` or `lib.rs` themselves.
fn child_module(dir: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(dir).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    let name = first.strip_suffix(".rs").unwrap_or(&first).to_string();
    (name != "mod" && name != "lib").then_some(name)
}

/// The graph between the child modules of `dir`, from `prefix` paths in their files
/// (`crate::` for the crate root, `super::` for a directory's files, which name their
/// siblings so).
fn sibling_graph(dir: &Path, prefix: &str) -> BTreeMap<String, BTreeSet<String>> {
    let files = rust_files(dir);
    let modules: BTreeSet<String> = files.iter().filter_map(|f| child_module(dir, f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = modules.iter().map(|m| (m.clone(), BTreeSet::new())).collect();
    for f in &files {
        let Some(from) = child_module(dir, f) else { continue };
        // `super::` in a file directly in `dir` names a sibling; deeper files name
        // their own parent's siblings, which is another graph.
        if prefix == "super::" && f.parent() != Some(dir) {
            continue;
        }
        for to in names_after(&code_of(f), prefix) {
            if modules.contains(&to) && to != from {
                graph.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    graph
}

/// Every directory under `root` (itself included) that holds modules.
fn module_dirs(root: &Path) -> Vec<PathBuf> {
    let mut out = vec![root.to_path_buf()];
    let mut i = 0;
    while i < out.len() {
        if let Ok(entries) = std::fs::read_dir(&out[i]) {
            let mut subs: Vec<PathBuf> = entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_dir() && p.file_name().is_some_and(|n| n != "tests"))
                .collect();
            subs.sort();
            out.extend(subs);
        }
        i += 1;
    }
    out
}

#[test]
fn the_compiler_has_no_import_circles() {
    let root = jit_src();
    let mut found = Vec::new();
    let top = sibling_graph(&root, "crate::");
    println!("jit/src (crate::): {top:?}");
    for c in circles(&top) {
        found.push(format!("jit/src: {}", c.join(" ↔ ")));
    }
    for dir in module_dirs(&root).into_iter().skip(1) {
        let g = sibling_graph(&dir, "super::");
        println!("{} (super::): {g:?}", dir.display());
        for c in circles(&g) {
            found.push(format!("{}: {}", dir.strip_prefix(&root).unwrap_or(&dir).display(), c.join(" ↔ ")));
        }
    }
    assert!(found.is_empty(), "import circles between modules:\n{}", found.join("\n"));
}

#[test]
fn the_circle_finder_finds_circles() {
    let g: BTreeMap<String, BTreeSet<String>> =
        [("a", vec!["b"]), ("b", vec!["c"]), ("c", vec!["a", "d"]), ("d", vec![]), ("e", vec!["e"])]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
            .collect();
    assert_eq!(circles(&g), vec![vec!["a".to_string(), "b".into(), "c".into()]]);
    assert_eq!(
        names_after("use super::{state::FnLower, leaf::At};\nlet x = super::arith::f();", "super::"),
        ["arith", "leaf", "state"].into_iter().map(String::from).collect()
    );
}

/// The module-analysis layer of the SPIR-V front end: these modules read the module and
/// must not use the translation modules (every other module of the directory).
const SPIRV_ANALYSIS: [&str; 11] =
    ["reader", "limits", "module", "index", "types", "constants", "constval", "spec", "opaque", "host", "clspv"];

#[test]
fn spirv_module_analysis_does_not_use_translation() {
    let dir = jit_src().join("frontend").join("spirv");
    let g = sibling_graph(&dir, "super::");
    let mut wrong = Vec::new();
    for from in SPIRV_ANALYSIS {
        for to in g.get(from).into_iter().flatten() {
            if !SPIRV_ANALYSIS.contains(&to.as_str()) {
                wrong.push(format!("{from} uses {to}"));
            }
        }
    }
    assert!(wrong.is_empty(), "module analysis using translation modules:\n{}", wrong.join("\n"));
}

/// Most lines a source file of the compiler may have (tests and generated tables
/// apart): beyond it a file holds more than one concern.
const MAX_LINES: usize = 800;

#[test]
fn no_compiler_source_file_is_oversized() {
    let mut over = Vec::new();
    for f in rust_files(&jit_src()) {
        let n = std::fs::read_to_string(&f).map(|t| t.lines().count()).unwrap_or(0);
        if n > MAX_LINES {
            over.push(format!("{} ({n} lines)", f.display()));
        }
    }
    assert!(over.is_empty(), "files over {MAX_LINES} lines:\n{}", over.join("\n"));
}

#[test]
fn every_compiler_module_is_in_the_architecture_map() {
    let root = jit_src();
    let doc_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs").join("architecture.md");
    let doc = std::fs::read_to_string(&doc_path).unwrap_or_else(|e| panic!("{}: {e}", doc_path.display()));
    let words: BTreeSet<&str> =
        doc.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '/' || c == '*')).collect();
    let mut missing = Vec::new();
    for f in rust_files(&root) {
        let rel = f.strip_prefix(&root).unwrap_or(&f).with_extension("");
        let rel = rel.to_string_lossy().replace('\\', "/");
        if rel == "lib" || rel.starts_with("bin/") {
            continue;
        }
        // A directory listed as `dir/*` covers its files.
        let covered = rel.match_indices('/').any(|(i, _)| words.contains(format!("{}/*", &rel[..i]).as_str()));
        let name = match rel.rsplit_once('/') {
            Some((dir, "mod")) => dir.rsplit('/').next().unwrap_or(dir).to_string(),
            Some((_, base)) => base.to_string(),
            None => rel.clone(),
        };
        let named = words.iter().any(|w| *w == name || w.ends_with(&format!("/{name}")));
        if !covered && !named {
            missing.push(rel);
        }
    }
    assert!(missing.is_empty(), "modules docs/architecture.md does not list:\n{}", missing.join("\n"));
}

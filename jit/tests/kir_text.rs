//! The KIR text form against the kernel corpus: every kernel of every `.spv` under
//! `tests/kernels` prints, reads back and prints again to the same text, and what is
//! read back verifies.

use std::path::{Path, PathBuf};

use spirjit_jit::ir::parse::parse_module;
use spirjit_jit::verify::verify;

/// Every `.spv` under `dir`, sorted.
fn spv_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "spv") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_corpus_kernel_round_trips_through_the_text_form() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels");
    let files = spv_files(&dir);
    assert!(!files.is_empty(), "no .spv under {}; run tests/kernels/build.sh", dir.display());
    let (mut modules, mut kernels) = (0, 0);
    for p in &files {
        let bytes = std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        // Modules the front end refuses (invalid on purpose, unsupported features) have
        // no KIR to print; an internal error (KIR that does not verify) fails the test.
        let m = match spirjit_jit::frontend::spirv::translate(&words) {
            Ok(m) => m,
            Err(e @ spirjit_jit::CompileError::Internal { .. }) => panic!("{}: {e}", p.display()),
            Err(_) => continue,
        };
        let text = m.to_string();
        let back = parse_module(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", p.display()));
        let again = back.to_string();
        if again != text {
            let line = text.lines().zip(again.lines()).position(|(a, b)| a != b).unwrap_or(0);
            panic!(
                "{}: the text differs after reading it back, first at line {}:\n  {}\n  {}",
                p.display(),
                line + 1,
                text.lines().nth(line).unwrap_or(""),
                again.lines().nth(line).unwrap_or("")
            );
        }
        for (k, k2) in m.kernels.iter().zip(&back.kernels) {
            assert_eq!(k.params, k2.params, "{}: {}", p.display(), k.name);
            assert_eq!(k.func.vars, k2.func.vars, "{}: {}", p.display(), k.name);
            if let Err(e) = verify(&k2.func) {
                panic!("{}: kernel {} read back does not verify: {e}", p.display(), k.name);
            }
            kernels += 1;
        }
        assert_eq!(
            m.data.iter().map(|d| &d.bytes).collect::<Vec<_>>(),
            back.data.iter().map(|d| &d.bytes).collect::<Vec<_>>()
        );
        assert_eq!((m.pointer_bits, &m.capabilities), (back.pointer_bits, &back.capabilities));
        modules += 1;
    }
    eprintln!("{modules} modules, {kernels} kernels round-tripped");
    assert!(kernels > 0);
}

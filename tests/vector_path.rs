//! The vector path is really taken: kernels that should vectorize report W > 1 through
//! [`Kernel::path`], and their Cranelift IR holds 128-bit vector arithmetic and vector
//! memory accesses. Also prints (with `--nocapture`) the path every corpus kernel gets.

use std::path::{Path, PathBuf};

use spirjit::{Options, Program};

fn kernel_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("kernels")
}

fn load(file: &str, lanes: u32) -> Program {
    let bytes = std::fs::read(kernel_dir().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    Program::with_options(&bytes, &Options { lanes, checked: true, robust_buffer_access: false })
        .unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Every corpus module's kernels with their path at W = `lanes`: (label, vectorized, note).
fn corpus_paths(lanes: u32) -> Vec<(String, bool, String)> {
    let mut files: Vec<String> = std::fs::read_dir(kernel_dir())
        .expect("tests/kernels")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".spv") && !n.starts_with("err_"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let bytes = std::fs::read(kernel_dir().join(&f)).expect("read");
        let Ok(p) = Program::with_options(&bytes, &Options { lanes, checked: true, robust_buffer_access: false })
        else {
            continue;
        };
        for k in p.kernels() {
            let path = k.path().unwrap_or_else(|e| panic!("{f}: {e}"));
            out.push((format!("{f}:{}", k.name()), path.vectorized, path.note));
        }
    }
    out
}

#[test]
fn corpus_path_table() {
    // W = 4, and the automatic choice (16, or 8 for double-heavy kernels) users get.
    for lanes in [4, 0] {
        let table = corpus_paths(lanes);
        let vec = table.iter().filter(|t| t.1).count();
        for (label, _, note) in &table {
            println!("{label:50} {note}");
        }
        println!("{vec} of {} corpus kernels vectorize at lanes = {lanes}", table.len());
        // With W chosen automatically, a divergent loop that only gathers runs one
        // work-item at a time on purpose (`plan::gather_bound_loops`); nothing else may
        // fall back to the scalar path.
        let chosen = |t: &(String, bool, String)| {
            lanes == 0 && t.0 == "spmv_csr.O2.spv:spmv_csr" && t.2.contains("chosen for this kernel")
        };
        let scalar: Vec<_> = table.iter().filter(|t| !t.1 && !chosen(t)).map(|t| format!("{}: {}", t.0, t.2)).collect();
        assert!(scalar.is_empty(), "kernels on the scalar path at lanes = {lanes}:\n{}", scalar.join("\n"));
    }
}

/// Cranelift value types in a CLIF text, inferred from explicit types (`load.f32x4`,
/// block parameters) and propagated through operations that keep their first operand's
/// type.
fn clif_types(clif: &str) -> std::collections::HashMap<String, String> {
    let mut ty = std::collections::HashMap::new();
    for _ in 0..8 {
        for line in clif.lines() {
            let line = line.trim();
            if line.starts_with("block") {
                for part in line.split(['(', ',', ')']) {
                    if let Some((v, t)) = part.split_once(':') {
                        ty.insert(v.trim().to_string(), t.trim().to_string());
                    }
                }
                continue;
            }
            let Some((lhs, rhs)) = line.split_once(" = ") else { continue };
            let lhs = lhs.trim();
            if lhs.contains(',') || !lhs.starts_with('v') {
                continue;
            }
            let mut words = rhs.split_whitespace();
            let op = words.next().unwrap_or("");
            if let Some((_, t)) = op.split_once('.') {
                ty.insert(lhs.to_string(), t.to_string());
            } else if let Some(first) = words.find(|w| w.starts_with('v')) {
                let first = first.trim_end_matches(',');
                if let Some(t) = ty.get(first).cloned() {
                    ty.insert(lhs.to_string(), t);
                }
            }
        }
    }
    ty
}

/// (float-vector arithmetic, vector loads, vector stores) found in a CLIF text.
fn vector_evidence(clif: &str) -> (usize, usize, usize) {
    let ty = clif_types(clif);
    let (mut arith, mut loads, mut stores) = (0, 0, 0);
    for line in clif.lines() {
        let line = line.trim();
        let rhs = line.split_once(" = ").map_or(line, |(_, r)| r);
        let mut words = rhs.split_whitespace();
        let op = words.next().unwrap_or("");
        let operand = |w: Option<&str>| w.map(|w| w.trim_end_matches(',').to_string());
        // The printer adds the controlling type (`fadd.f32x4`) when the first operand
        // is defined later in the text (a block parameter of a later block).
        let (base, suffix) = op.split_once('.').map_or((op, None), |(b, t)| (b, Some(t.to_string())));
        match base {
            "fadd" | "fsub" | "fmul" | "fdiv" | "fma"
                if suffix.clone().or_else(|| operand(words.next()).and_then(|v| ty.get(&v).cloned())).as_deref()
                    == Some("f32x4") =>
            {
                arith += 1
            }
            "load" if suffix.as_deref().is_some_and(|t| ["x2", "x4", "x8", "x16"].iter().any(|x| t.ends_with(x))) => {
                loads += 1
            }
            "store" => {
                let value = words.find(|w| w.starts_with('v')).map(|w| w.trim_end_matches(',').to_string());
                if value.and_then(|v| ty.get(&v).cloned()).is_some_and(|t| t.contains('x')) {
                    stores += 1;
                }
            }
            _ => {}
        }
    }
    (arith, loads, stores)
}

/// The kernel's path at W = 4 is the vector path and its Cranelift IR has f32x4
/// arithmetic, vector loads (when `want_loads`) and vector stores.
fn assert_vectorized(file: &str, kernel: &str, want_loads: bool) {
    let p = load(file, 4);
    let k = p.kernel(kernel).unwrap_or_else(|e| panic!("{file}: {e}"));
    let path = k.path().unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(path.vectorized && path.lanes == 4, "{file}: {kernel} took {path:?}");
    assert!(path.note.starts_with("vector, W = 4"), "{file}: {}", path.note);
    let clif = p.dump_clif().unwrap_or_else(|e| panic!("{file}: {e}"));
    let (arith, loads, stores) = vector_evidence(&clif);
    assert!(arith > 0, "{file}: no f32x4 arithmetic in the Cranelift IR");
    assert!(!want_loads || loads > 0, "{file}: no vector loads in the Cranelift IR");
    assert!(stores > 0, "{file}: no vector stores in the Cranelift IR");
}

#[test]
fn vector_add_is_vectorized() {
    assert_vectorized("vadd_float.O2.spv", "vadd_float", true);
}

#[test]
fn mandelbrot_is_vectorized() {
    assert_vectorized("mandelbrot.O2.spv", "mandelbrot", false);
}

#[test]
fn tiled_matmul_is_vectorized() {
    assert_vectorized("matmul_tiled.O2.spv", "matmul_tiled", true);
}

/// Work-item ids cost no division per work-item or lane group: the only division of a
/// 1-D kernel outside cold code is the one per lane-group loop placing a call that
/// starts inside a work-group, whatever W (at W > 1 a kernel may have two loops, the
/// general one and the steady one); ids nothing reads (the y and z components of
/// `GlobalInvocationId` that clang extracts x from) cost nothing.
#[test]
fn ids_take_no_divisions_per_work_item() {
    for lanes in [1, 4, 16] {
        for file in ["vadd_float.O2.spv", "saxpy.O2.spv", "vadd_float.O0.spv"] {
            let clif = load(file, lanes).dump_clif().unwrap_or_else(|e| panic!("{file}: {e}"));
            // Cold blocks (ids of a lane group that wraps a row) do not count.
            let mut cold = false;
            let mut divisions = 0;
            for line in clif.lines() {
                if line.starts_with("block") {
                    cold = line.contains(" cold");
                } else if !cold && (line.contains(" udiv ") || line.contains(" urem ")) {
                    divisions += 1;
                }
            }
            let loops = if lanes > 1 { 2 } else { 1 };
            assert!(divisions <= loops, "{file} at W = {lanes}: {divisions} divisions\n{clif}");
        }
    }
}

#[test]
fn scalar_request_reports_the_scalar_path() {
    let p = load("vadd_float.O2.spv", 1);
    let path = p.kernel("vadd_float").expect("kernel").path().expect("path");
    assert!(!path.vectorized && path.lanes == 1, "{path:?}");
}

fn cli(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_spirjit")).args(args).output().expect("run spirjit");
    assert!(out.status.success(), "spirjit {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn cli_dumps_machine_code_and_reports_paths() {
    let module = kernel_dir().join("matmul_tiled.O2.spv");
    let module = module.to_str().expect("utf-8 path");
    let asm = cli(&["dump", module, "--kernel", "matmul_tiled", "--lanes", "4", "--asm"]);
    assert!(asm.contains("; kernel matmul_tiled (vector, W = 4"), "{asm}");
    assert!(asm.contains("bytes of x86_64 machine code") || asm.contains("machine code"), "{asm}");
    assert!(asm.contains("ps ") || asm.contains("ps\t"), "no packed-single instructions:\n{asm}");
    let clif = cli(&["dump", module, "--lanes", "4", "--clif"]);
    assert!(clif.contains("f32x4"), "{clif}");
    let info = cli(&["info", module, "--lanes", "4"]);
    assert!(info.contains("paths (--lanes 4)") && info.contains("vector, W = 4"), "{info}");
}

/// The automatic width: 16 lanes, 8 for kernels dominated by `double` values.
#[test]
fn automatic_width_is_16_or_8_for_double_kernels() {
    for (file, kernel, want) in [("vadd_float.O2.spv", "vadd_float", 16), ("double_arith.O2.spv", "double_arith", 8)] {
        let path = load(file, 0).kernel(kernel).expect("kernel").path().expect("path");
        assert!(path.vectorized && path.lanes == want, "{file}: {path:?}");
    }
}

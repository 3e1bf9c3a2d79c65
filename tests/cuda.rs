//! CUDA kernels through the Rust API and the CLI: the corpus of tests/kernels/cuda (NVVM
//! IR text and bitcode from clang) translated by the LLVM IR front end, run at every
//! lane width against references computed here; dynamic shared memory (`extern
//! __shared__`) as the implicit last argument; `spirjit run --shared`. The NumPy
//! comparisons of every corpus kernel are in tests/python/test_cuda.py.

use std::path::{Path, PathBuf};
use std::process::Command;

use spirjit::{Arg, NdRange, Options, Program};
use spirjit_jit::frontend::llvm::{self, DYNAMIC_SHARED_PARAM};

const VARIANTS: [&str; 3] = [".ll", ".bc", ".o.ll"];
const LANES: [u32; 4] = [1, 4, 8, 16];

fn cuda(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/cuda").join(name)
}

/// The program of corpus file `file` at `lanes`, or `None` (saying why) when the LLVM IR
/// front end of this build cannot translate it yet (its reader or writer is a stub).
fn load(file: &str, lanes: u32) -> Option<Program> {
    let path = cuda(file);
    let bytes = std::fs::read(&path).ok().or_else(|| {
        eprintln!("skipped: {} is not built (build.sh makes .o.ll only with clang-19)", path.display());
        None
    })?;
    let words = match llvm::to_spirv(&bytes) {
        Ok(w) => w,
        Err(e) if e.to_string().contains("not implemented yet") => {
            eprintln!("skipped: the LLVM IR front end cannot translate {file} in this build: {e}");
            return None;
        }
        Err(e) => panic!("{file}: {e}"),
    };
    let options = Options { lanes, ..Options::default() };
    Some(Program::from_words_with_options(&words, &options).unwrap_or_else(|e| panic!("{file}: {e}")))
}

fn variants() -> impl Iterator<Item = (String, u32)> {
    VARIANTS.iter().flat_map(|v| LANES.iter().map(move |w| (v.to_string(), *w)))
}

#[test]
fn vadd_at_every_width() {
    for (variant, lanes) in variants() {
        let Some(p) = load(&format!("vadd{variant}"), lanes) else { continue };
        let k = p.kernel("vadd").unwrap();
        let n = 1000usize;
        let mut a: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
        let mut b: Vec<f32> = (0..n).map(|i| 3.0 - i as f32).collect();
        let mut c = vec![0f32; n];
        let want: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
        let range = NdRange::d1(1024).local(&[128]);
        k.run(
            &range,
            &mut [
                Arg::buffer(&mut a),
                Arg::buffer(&mut b),
                Arg::buffer(&mut c),
                Arg::Value(1000i32.to_le_bytes().to_vec()),
            ],
        )
        .unwrap();
        assert_eq!(c, want, "vadd{variant} at W = {lanes}");
    }
}

#[test]
fn dynamic_shared_memory_is_the_last_argument() {
    for (variant, lanes) in variants() {
        let Some(p) = load(&format!("dynamic_shared{variant}"), lanes) else { continue };
        let k = p.kernel("reverse_blocks").unwrap();
        let last = k.params().last().unwrap();
        assert_eq!(last.name.as_deref(), Some(DYNAMIC_SHARED_PARAM));
        let (n, block) = (1000usize, 64usize);
        let mut input: Vec<f32> = (0..n).map(|i| i as f32).collect();
        let mut out = vec![-1f32; n];
        let range = NdRange::d1(n.div_ceil(block) as u64 * block as u64).local(&[block as u64]);
        let n_arg = Arg::Value((n as i32).to_le_bytes().to_vec());
        k.run(&range, &mut [Arg::buffer(&mut input), Arg::buffer(&mut out), n_arg, Arg::Local(block * 4)]).unwrap();
        for (i, got) in out.iter().enumerate() {
            let (s, t) = (i / block * block, i % block);
            let j = s + block - 1 - t;
            let want = if j < n { j as f32 } else { -1.0 };
            assert_eq!(*got, want, "dynamic_shared{variant} at W = {lanes}, element {i}");
        }
    }
}

#[test]
fn shared_is_refused_for_kernels_without_dynamic_shared_memory() {
    let spv = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/vadd_float.O2.spv");
    let o = Command::new(env!("CARGO_BIN_EXE_spirjit"))
        .args(["run", &spv.display().to_string(), "--global", "4", "--shared", "64"])
        .args(["--arg", "f32[4]=1", "--arg", "f32[4]=2", "--arg", "f32[4]=zeros", "--arg", "i32=4"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("`--shared` sizes the dynamic shared memory"), "{err}");
}

/// Every function the corpus's NVVM IR declares is one the NVVM writer knows (an
/// `llvm.nvvm.*` intrinsic, libdevice, `vprintf`) or a generic `llvm.*` intrinsic.
#[test]
fn every_declared_function_of_the_corpus_is_known() {
    use spirjit_jit::frontend::llvm::to_spirv::nvvm::classify;
    let mut checked = 0;
    for entry in std::fs::read_dir(cuda("")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("ll") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().filter(|l| l.starts_with("declare ")) {
            let name = line.split('@').nth(1).and_then(|s| s.split('(').next()).unwrap();
            let generic = name.starts_with("llvm.") && !name.starts_with("llvm.nvvm.");
            assert!(generic || classify(name).is_some(), "{}: `{name}` is not known", path.display());
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} declarations found");
}

/// Every build of every corpus kernel translates and compiles at the narrowest and
/// widest vector widths and on the scalar path: clang places blocks (a loop's exit
/// before its body, in the SGEMM and clang-19's scan) where a block comes before the
/// blocks that dominate it, and the writer must order them for SPIR-V.
#[test]
fn every_corpus_build_compiles() {
    let mut compiled = 0;
    for entry in std::fs::read_dir(cuda("")).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_str().unwrap().to_string();
        if !(file.ends_with(".ll") || file.ends_with(".bc")) {
            continue;
        }
        for lanes in [1, 16] {
            if let Some(p) = load(&file, lanes) {
                assert!(!p.kernel_names().is_empty(), "{file}: no kernels");
                for k in p.kernels() {
                    k.path().unwrap_or_else(|e| panic!("{file}, `{}` at W = {lanes}: {e}", k.name()));
                }
                compiled += 1;
            }
        }
    }
    assert!(compiled >= 60, "only {compiled} builds compiled");
}

/// The warp-shuffle reduction sums right in every build at every width: `warpSize` is
/// the sub-group size W, also in clang-19's build (where LLVM would fold
/// `llvm.nvvm.read.ptx.sreg.warpsize` to 32; the prelude's `warpSize` is opaque to it).
#[test]
fn warp_shuffle_reduction_at_every_width() {
    for (variant, lanes) in variants() {
        let Some(p) = load(&format!("reduce_shfl{variant}"), lanes) else { continue };
        let k = p.kernel("reduce_shfl").unwrap();
        let n = 1000usize;
        let mut input: Vec<i32> = (0..n as i32).map(|i| (i * 7) % 13 - 6).collect();
        let want: i32 = input.iter().sum();
        let mut total = vec![0i32];
        let range = NdRange::d1(1024).local(&[256]);
        k.run(
            &range,
            &mut [Arg::buffer(&mut input), Arg::buffer(&mut total), Arg::Value((n as i32).to_le_bytes().to_vec())],
        )
        .unwrap();
        assert_eq!(total[0], want, "reduce_shfl{variant} at W = {lanes}");
    }
}

//! Malformed modules and bad launches give the right errors: each test checks the kind
//! of [`spirjit::Error`] and that its message names the problem (the instruction, the
//! kernel or the argument), so that a user can act on it.
//!
//! Modules are corpus builds from `tests/kernels/` patched word by word here; the
//! Vulkan-flavoured module is `tests/kernels/asm/vulkan_compute.spv`, assembled from its
//! `.spvasm` by `tests/kernels/build.sh`. A missing file fails the test. These checks look
//! for the words that name the problem; whole messages, one file per case, are pinned by
//! the golden error tests (`tests/golden/errors/`, `tests/golden.rs`).

use std::path::{Path, PathBuf};

use spirjit::{Arg, CompileError, Error, NdRange, Program};

fn kernel_path(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("kernels").join(name);
    assert!(path.is_file(), "{} is missing: run tests/kernels/build.sh", path.display());
    path
}

fn words_of(name: &str) -> Vec<u32> {
    let bytes = std::fs::read(kernel_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(bytes.len() % 4, 0, "{name}: not a whole number of words");
    bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn bytes_of(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// (word offset, opcode, word count) of every instruction after the 5-word header.
fn instructions(words: &[u32]) -> Vec<(usize, u16, usize)> {
    let mut out = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        assert!(count > 0, "corpus module has a zero word count at {at}");
        out.push((at, (words[at] & 0xffff) as u16, count));
        at += count;
    }
    out
}

/// Word offset of the first instruction with `opcode`.
fn find(words: &[u32], opcode: u16) -> usize {
    instructions(words)
        .into_iter()
        .find(|(_, op, _)| *op == opcode)
        .map(|(at, _, _)| at)
        .unwrap_or_else(|| panic!("no instruction with opcode {opcode} in the module"))
}

fn load_error(bytes: &[u8], what: &str) -> Error {
    match Program::from_bytes(bytes) {
        Ok(_) => panic!("{what}: the module was accepted"),
        Err(e) => e,
    }
}

#[track_caller]
fn assert_mentions(e: &Error, what: &str, needles: &[&str]) {
    let text = e.to_string();
    let lower = text.to_lowercase();
    assert!(
        needles.iter().any(|n| lower.contains(&n.to_lowercase())),
        "{what}: the message should mention one of {needles:?}, got: {text}"
    );
}

#[track_caller]
fn assert_invalid(e: &Error, what: &str) {
    assert!(
        matches!(e, Error::Compile(CompileError::Invalid { .. })),
        "{what}: want an invalid-module error, got {e:?}"
    );
}

const OP_ENTRY_POINT: u16 = 15;
const OP_FADD: u16 = 129;

// ---------------------------------------------------------------------------------------
// Malformed modules.
// ---------------------------------------------------------------------------------------

#[test]
fn truncated_module() {
    let words = words_of("vadd_float.O0.spv");
    // cut inside an instruction: the last instruction claims more words than remain
    let insts = instructions(&words);
    let (at, _, count) = insts.iter().copied().find(|(_, _, c)| *c >= 3).expect("an instruction of 3+ words");
    let cut = &words[..at + count - 1];
    let e = load_error(&bytes_of(cut), "truncated module");
    assert_invalid(&e, "truncated module");
    assert_mentions(&e, "truncated module", &["truncat", "end of", "past the end", "word"]);

    // a header alone is not a module either, and neither is a partial header
    let e = load_error(&bytes_of(&words[..3]), "3-word module");
    assert_invalid(&e, "3-word module");
    assert_mentions(&e, "3-word module", &["header", "truncat", "short", "word"]);

    // a byte count that is not a whole number of words
    let mut bytes = bytes_of(&words);
    bytes.truncate(bytes.len() - 2);
    let e = load_error(&bytes, "odd byte count");
    assert_invalid(&e, "odd byte count");
    assert_mentions(&e, "odd byte count", &["multiple of 4", "whole number", "word", "bytes"]);

    let e = load_error(&[], "empty input");
    assert_invalid(&e, "empty input");
}

#[test]
fn bad_magic() {
    let mut words = words_of("vadd_float.O0.spv");
    words[0] = 0x1234_5678;
    let e = load_error(&bytes_of(&words), "bad magic");
    assert_invalid(&e, "bad magic");
    assert_mentions(&e, "bad magic", &["magic"]);
}

#[test]
fn byte_swapped_module_loads() {
    // The contract accepts a module in either endianness: this is the control for the
    // malformed cases above.
    let words = words_of("vadd_float.O0.spv");
    let swapped: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
    let program = match Program::from_bytes(&swapped) {
        Ok(p) => p,
        Err(e) => panic!("a big-endian module was rejected: {e}"),
    };
    assert_eq!(program.kernel_names(), vec!["vadd_float".to_string()]);
}

#[test]
fn zero_word_count() {
    let mut words = words_of("vadd_float.O0.spv");
    let at = find(&words, OP_ENTRY_POINT);
    words[at] &= 0xffff; // word count 0, opcode kept
    let e = load_error(&bytes_of(&words), "zero word count");
    assert_invalid(&e, "zero word count");
    assert_mentions(&e, "zero word count", &["word count 0", "word count of 0", "zero word count"]);
}

#[test]
fn unknown_opcode() {
    let mut words = words_of("vadd_float.O0.spv");
    let at = find(&words, OP_FADD);
    words[at] = (words[at] & 0xffff_0000) | 0x7777; // opcode 30583 does not exist
    let e = load_error(&bytes_of(&words), "unknown opcode");
    assert!(
        matches!(e, Error::Compile(CompileError::Invalid { .. } | CompileError::Unsupported { .. })),
        "unknown opcode: want an invalid or unsupported module error, got {e:?}"
    );
    assert_mentions(&e, "unknown opcode", &["30583", "0x7777"]);
}

#[test]
fn id_out_of_range() {
    let words = words_of("vadd_float.O0.spv");
    let bound = words[3];
    let bad = bound + 7;

    // an operand of an arithmetic instruction
    let mut patched = words.clone();
    let at = find(&patched, OP_FADD);
    patched[at + 3] = bad;
    let e = load_error(&bytes_of(&patched), "operand id out of range");
    assert_invalid(&e, "operand id out of range");
    assert_mentions(&e, "operand id out of range", &[&bad.to_string(), "bound"]);

    // the function an entry point names
    let mut patched = words.clone();
    let at = find(&patched, OP_ENTRY_POINT);
    patched[at + 2] = bad;
    let e = load_error(&bytes_of(&patched), "entry point id out of range");
    assert_invalid(&e, "entry point id out of range");
    assert_mentions(&e, "entry point id out of range", &[&bad.to_string(), "bound"]);
}

#[test]
fn vulkan_shader_module() {
    // A GLCompute shader (Shader capability, Logical addressing, StorageBuffer variables)
    // loads: its storage buffer becomes a kernel parameter.
    let path = kernel_path("asm/vulkan_compute.spv");
    let program = Program::from_path(&path).unwrap_or_else(|e| panic!("vulkan module: {e}"));
    assert_eq!(program.kernel_names(), vec!["main".to_string()], "vulkan module kernels");
    assert!(program.capabilities().iter().any(|c| c == "Shader"), "capabilities: {:?}", program.capabilities());
    assert_eq!(program.kernel("main").unwrap().params().len(), 1);
}

#[test]
fn vulkan_fragment_entry_point() {
    // The same shader with its entry point turned into a fragment shader: only compute
    // shaders can run, and the error must say which execution model was found.
    let mut words = words_of("asm/vulkan_compute.spv");
    let at = find(&words, 15); // OpEntryPoint
    assert_eq!(words[at + 1], 5, "the entry point should be GLCompute");
    words[at + 1] = 4; // Fragment
    let e = load_error(&bytes_of(&words), "fragment entry point");
    assert!(matches!(e, Error::Compile(_)), "fragment entry point: want a compile error, got {e:?}");
    assert_mentions(&e, "fragment entry point", &["Fragment"]);
    assert_mentions(&e, "fragment entry point", &["not supported"]);
}

// ---------------------------------------------------------------------------------------
// Bad kernels, arguments and launches.
// ---------------------------------------------------------------------------------------

/// vadd_float(const global float* a, const global float* b, global float* c, int n), from
/// the -O2 build, whose `a` and `b` are marked `NoWrite` (read-only).
fn vadd() -> spirjit::Kernel {
    let program = Program::from_path(kernel_path("vadd_float.O2.spv")).unwrap_or_else(|e| panic!("vadd_float: {e}"));
    program.kernel("vadd_float").unwrap_or_else(|e| panic!("vadd_float: {e}"))
}

fn run_error(kernel: &spirjit::Kernel, range: NdRange, args: &mut [Arg<'_>], what: &str) -> Error {
    match kernel.run(&range, args) {
        Ok(_) => panic!("{what}: the launch succeeded"),
        Err(e) => e,
    }
}

#[test]
fn unknown_kernel_name() {
    let program = Program::from_path(kernel_path("two_kernels.O2.spv")).unwrap_or_else(|e| panic!("two_kernels: {e}"));
    let e = match program.kernel("sclae") {
        Ok(_) => panic!("kernel `sclae` was found"),
        Err(e) => e,
    };
    match &e {
        Error::NoSuchKernel { name, available } => {
            assert_eq!(name, "sclae");
            let mut available = available.clone();
            available.sort();
            assert_eq!(available, vec!["offset_add".to_string(), "scale".to_string()]);
        }
        other => panic!("unknown kernel: want NoSuchKernel, got {other:?}"),
    }
    let text = e.to_string();
    for needle in ["sclae", "scale", "offset_add"] {
        assert!(text.contains(needle), "the message should name `{needle}`: {text}");
    }
}

#[test]
fn wrong_argument_count() {
    let k = vadd();
    let (a, b) = (vec![1.0f32; 16], vec![2.0f32; 16]);
    let mut c = vec![0.0f32; 16];
    let e = run_error(
        &k,
        NdRange::d1(16),
        &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c)],
        "3 of 4 arguments",
    );
    assert!(matches!(e, Error::Argument { .. } | Error::Launch { .. }), "argument count: got {e:?}");
    let text = e.to_string();
    assert!(text.contains("vadd_float("), "the message should show the signature: {text}");
    assert!(text.contains('4') && text.contains('3'), "the message should say 4 expected, 3 given: {text}");
}

#[test]
fn value_where_buffer_expected() {
    let k = vadd();
    let b = vec![2.0f32; 16];
    let mut c = vec![0.0f32; 16];
    let args = &mut [Arg::value(1.0f32), Arg::read_only(&b), Arg::buffer(&mut c), Arg::value(16i32)];
    let e = run_error(&k, NdRange::d1(16), args, "value for a pointer");
    match &e {
        Error::Argument { index, .. } => assert_eq!(*index, 0, "wrong argument blamed: {e}"),
        other => panic!("value for a pointer: want an argument error, got {other:?}"),
    }
    assert_mentions(&e, "value for a pointer", &["buffer", "pointer", "global"]);
}

#[test]
fn buffer_where_value_expected() {
    let k = vadd();
    let (a, b) = (vec![1.0f32; 16], vec![2.0f32; 16]);
    let mut c = vec![0.0f32; 16];
    let n = [16i32];
    let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c), Arg::read_only(&n)];
    let e = run_error(&k, NdRange::d1(16), args, "buffer for a scalar");
    match &e {
        Error::Argument { index, .. } => assert_eq!(*index, 3, "wrong argument blamed: {e}"),
        other => panic!("buffer for a scalar: want an argument error, got {other:?}"),
    }
    // a scalar of the wrong size
    let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c), Arg::value(16u64)];
    let e = run_error(&k, NdRange::d1(16), args, "8-byte value for an int");
    match &e {
        Error::Argument { index, .. } => assert_eq!(*index, 3, "wrong argument blamed: {e}"),
        other => panic!("8-byte value for an int: want an argument error, got {other:?}"),
    }
    assert_mentions(&e, "8-byte value for an int", &["4", "size", "bytes"]);
}

#[test]
fn buffer_element_size() {
    let k = vadd();
    let (a, b) = (vec![1.0f32; 16], vec![2.0f32; 16]);
    // A double buffer where float is expected is fine at the byte level: 8 doubles are
    // 16 floats' worth of bytes.
    let mut c64 = vec![0.0f64; 8];
    let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c64), Arg::value(16i32)];
    if let Err(e) = k.run(&NdRange::d1(16), args) {
        panic!("a double buffer of the right byte size was rejected: {e}");
    }
    let first = c64[0].to_le_bytes();
    assert_eq!(f32::from_le_bytes(first[0..4].try_into().unwrap()), 3.0);

    // 66 bytes is not a whole number of floats, which is fine too (as with OpenCL
    // drivers): the 16 floats the kernel writes fit, and the 2 bytes after them stay.
    let mut c = vec![0xAAu8; 66];
    let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c), Arg::value(16i32)];
    if let Err(e) = k.run(&NdRange::d1(16), args) {
        panic!("a 66-byte float buffer holding the 16 floats written was rejected: {e}");
    }
    assert_eq!(f32::from_le_bytes(c[60..64].try_into().unwrap()), 3.0);
    assert_eq!(c[64..], [0xAA, 0xAA]);

    // 62 bytes: the 16th float would end past the buffer.
    let mut c = vec![0xAAu8; 62];
    let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c), Arg::value(16i32)];
    let e = run_error(&k, NdRange::d1(16), args, "62-byte float buffer");
    assert!(matches!(e, Error::Kernel { .. }), "62-byte float buffer: want a kernel error, got {e:?}");
    assert_mentions(&e, "62-byte float buffer", &["out-of-bounds", "argument 2", "62 bytes"]);
}

#[test]
fn read_only_buffer_for_written_parameter() {
    let k = vadd();
    let (a, b) = (vec![1.0f32; 16], vec![2.0f32; 16]);
    let c = vec![0.0f32; 16];
    let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::read_only(&c), Arg::value(16i32)];
    let e = run_error(&k, NdRange::d1(16), args, "read-only output");
    match &e {
        Error::Argument { index, .. } => assert_eq!(*index, 2, "wrong argument blamed: {e}"),
        other => panic!("read-only output: want an argument error, got {other:?}"),
    }
}

#[test]
fn local_argument_kinds() {
    let program = Program::from_path(kernel_path("reduce_sum.O2.spv")).unwrap_or_else(|e| panic!("reduce_sum: {e}"));
    let k = program.kernel("reduce_sum").unwrap_or_else(|e| panic!("reduce_sum: {e}"));
    let input = vec![1i32; 64];
    let mut partial = vec![0i32; 1];
    // a buffer for a __local pointer
    let mut scratch = vec![0i32; 64];
    let args = &mut [Arg::read_only(&input), Arg::buffer(&mut partial), Arg::value(64u32), Arg::buffer(&mut scratch)];
    let e = run_error(&k, NdRange::d1(64).local(&[64]), args, "buffer for a local pointer");
    match &e {
        Error::Argument { index, .. } => assert_eq!(*index, 3, "wrong argument blamed: {e}"),
        other => panic!("buffer for a local pointer: want an argument error, got {other:?}"),
    }
    assert_mentions(&e, "buffer for a local pointer", &["local"]);
    // local memory for a global pointer
    let args = &mut [Arg::local(256), Arg::buffer(&mut partial), Arg::value(64u32), Arg::local(256)];
    let e = run_error(&k, NdRange::d1(64).local(&[64]), args, "local memory for a global pointer");
    match &e {
        Error::Argument { index, .. } => assert_eq!(*index, 0, "wrong argument blamed: {e}"),
        other => panic!("local memory for a global pointer: want an argument error, got {other:?}"),
    }
}

#[test]
fn struct_by_value_size() {
    let program =
        Program::from_path(kernel_path("struct_byval.O0.spv")).unwrap_or_else(|e| panic!("struct_byval: {e}"));
    let k = program.kernel("struct_byval").unwrap_or_else(|e| panic!("struct_byval: {e}"));
    let input = vec![1.0f32; 4];
    let mut out = vec![0.0f32; 4];
    let mut extra = vec![0i64; 3];
    let short = vec![0u8; 36]; // Params is 40 bytes
    let args = &mut [Arg::bytes(&short), Arg::read_only(&input), Arg::buffer(&mut out), Arg::buffer(&mut extra)];
    let e = run_error(&k, NdRange::d1(4), args, "36-byte struct");
    match &e {
        Error::Argument { index, .. } => assert_eq!(*index, 0, "wrong argument blamed: {e}"),
        other => panic!("36-byte struct: want an argument error, got {other:?}"),
    }
    assert_mentions(&e, "36-byte struct", &["40", "36"]);
}

#[test]
fn reqd_work_group_size_mismatch() {
    let program = Program::from_path(kernel_path("reqd_wgs.O2.spv")).unwrap_or_else(|e| panic!("reqd_wgs: {e}"));
    let k = program.kernel("reqd_wgs").unwrap_or_else(|e| panic!("reqd_wgs: {e}"));
    let input = vec![0i32; 64];
    let mut out = vec![0i32; 64];
    let e = run_error(
        &k,
        NdRange::d2(16, 4).local(&[4, 4]),
        &mut [Arg::read_only(&input), Arg::buffer(&mut out)],
        "local 4x4",
    );
    assert!(matches!(e, Error::Launch { .. }), "reqd_work_group_size mismatch: want a launch error, got {e:?}");
    let text = e.to_string();
    assert!(text.contains("reqd_wgs"), "the message should name the kernel: {text}");
    assert!(text.contains('8') && text.contains('2'), "the message should give the required size 8x2x1: {text}");
}

/// Checked builds must stop an out-of-bounds access and name the argument. The access
/// runs in a child process (this test binary re-run with `SPIRJIT_ERRORS_CHILD` set), so
/// that a build that does not check — and corrupts memory — fails this test alone
/// instead of bringing down every test in the binary.
#[test]
fn out_of_bounds_access() {
    const CHILD: &str = "SPIRJIT_ERRORS_CHILD";
    if std::env::var_os(CHILD).is_some() {
        out_of_bounds_in_child();
        return;
    }
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("cannot find the test binary: {e}"));
    let out = std::process::Command::new(exe)
        .args(["out_of_bounds_access", "--exact", "--include-ignored", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .unwrap_or_else(|e| panic!("cannot re-run the test binary: {e}"));
    if !out.status.success() {
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        let tail: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("at ")).take(12).collect();
        panic!("out-of-bounds access: the child run failed ({}):\n{}", out.status, tail.join("\n"));
    }
}

fn out_of_bounds_in_child() {
    // n says 1000 elements but c holds 500: the checked build must stop and name `c`.
    let k = vadd();
    let (a, b) = (vec![1.0f32; 1000], vec![2.0f32; 1000]);
    let mut c = vec![0.0f32; 500];
    let args = &mut [Arg::read_only(&a), Arg::read_only(&b), Arg::buffer(&mut c), Arg::value(1000i32)];
    let e = run_error(&k, NdRange::d1(1000).local(&[100]), args, "short output buffer");
    assert!(matches!(e, Error::Kernel { .. }), "out of bounds: want a kernel error, got {e:?}");
    assert_mentions(&e, "out of bounds", &["`c`", "argument 2"]);
    assert_mentions(&e, "out of bounds", &["bound", "range", "outside"]);
    assert!(c[..500].iter().all(|x| *x == 3.0 || *x == 0.0), "in-bounds elements hold garbage");
}

#[test]
fn divergent_barriers() {
    // -O0: at -O2 clang merges the two barriers into one.
    let program = Program::from_path(kernel_path("err_barrier_divergent.O0.spv"))
        .unwrap_or_else(|e| panic!("err_barrier_divergent: {e}"));
    let k = program.kernel("err_barrier_divergent").unwrap_or_else(|e| panic!("err_barrier_divergent: {e}"));
    let mut out = vec![0i32; 16];
    let e = run_error(&k, NdRange::d1(16).local(&[8]), &mut [Arg::buffer(&mut out)], "divergent barriers");
    assert!(matches!(e, Error::Kernel { .. }), "divergent barriers: want a kernel error, got {e:?}");
    assert_mentions(&e, "divergent barriers", &["different barriers"]);
    assert_mentions(&e, "divergent barriers", &["work-group"]);
}

#[test]
fn unreachable_executed() {
    let program =
        Program::from_path(kernel_path("err_unreachable.O0.spv")).unwrap_or_else(|e| panic!("err_unreachable: {e}"));
    let k = program.kernel("err_unreachable").unwrap_or_else(|e| panic!("err_unreachable: {e}"));
    let mut input: Vec<i32> = (0..32).collect();
    input[21] = -1;
    let mut out = vec![0i32; 32];
    let e = run_error(
        &k,
        NdRange::d1(32).local(&[8]),
        &mut [Arg::buffer(&mut input), Arg::buffer(&mut out)],
        "unreachable",
    );
    assert!(matches!(e, Error::Kernel { .. }), "unreachable: want a kernel error, got {e:?}");
    assert_mentions(&e, "unreachable", &["unreachable"]);
    // work-item 21 is local id 5 of work-group 2
    assert_mentions(&e, "unreachable", &["21", "(5, 0, 0)", "local id 5", "work-item 5"]);
}

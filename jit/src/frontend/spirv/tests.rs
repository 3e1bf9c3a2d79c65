//! Unit tests of the SPIR-V front end: fixtures compiled from the OpenCL C files in
//! `tests/` (clang-14 + llvm-spirv-14 at -O0/-O1/-O2, spir64 and spir) and hand-made
//! malformed modules.

use super::{translate, words_from_bytes};
use crate::ir::{self, InstKind, ParamKind, Type};
use crate::CompileError;

macro_rules! fixture {
    ($name:literal) => {
        (concat!($name), &include_bytes!(concat!("tests/", $name, ".spv"))[..])
    };
}

fn translate_bytes(name: &str, bytes: &[u8]) -> ir::Module {
    let words = words_from_bytes(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    let module = translate(&words).unwrap_or_else(|e| panic!("{name}: {e}"));
    for k in &module.kernels {
        crate::verify::verify(&k.func).unwrap_or_else(|e| panic!("{name}: kernel {}: {e}", k.name));
    }
    module
}

fn kernel<'a>(m: &'a ir::Module, name: &str) -> &'a ir::Kernel {
    m.kernels.iter().find(|k| k.name == name).unwrap_or_else(|| panic!("no kernel {name}"))
}

/// Count instructions of `k` whose debug form starts with `prefix` (`"Load"`, `"Call"`).
fn count(k: &ir::Kernel, prefix: &str) -> usize {
    k.func.insts.iter().filter(|i| format!("{:?}", i.kind).starts_with(prefix)).count()
}

fn has(k: &ir::Kernel, pred: impl Fn(&InstKind) -> bool) -> bool {
    k.func.insts.iter().any(|i| pred(&i.kind))
}

#[test]
fn arith_fixtures_translate() {
    for (name, bytes) in [fixture!("arith.O0"), fixture!("arith.O2"), fixture!("arith.spir32")] {
        let m = translate_bytes(name, bytes);
        assert_eq!(m.kernels.len(), 3, "{name}");
        let ints = kernel(&m, "ints");
        assert!(count(ints, "Binary(SDiv") > 0 && count(ints, "Binary(SRem") > 0, "{name}");
        assert!(has(ints, |k| matches!(k, InstKind::Math(ir::MathOp::SMulHi, _))), "{name}: mul_hi");
        let floats = kernel(&m, "floats");
        assert!(count(floats, "Fcmp") > 0, "{name}");
        assert!(has(floats, |k| matches!(k, InstKind::Convert(c, _) if c.saturate)), "{name}: saturated conversion");
        assert!(
            has(floats, |k| matches!(k, InstKind::Convert(c, _) if c.rounding == Some(ir::Rounding::TowardZero))),
            "{name}: rtz conversion"
        );
        let vectors = kernel(&m, "vectors");
        assert!(count(vectors, "Shuffle") + count(vectors, "ExtractDyn") > 0, "{name}");
    }
    let m = translate_bytes("arith.spir32", fixture!("arith.spir32").1);
    assert_eq!(m.pointer_bits, 32);
    let m = translate_bytes("arith.O2", fixture!("arith.O2").1);
    assert_eq!(m.pointer_bits, 64);
}

#[test]
fn control_fixtures_translate() {
    for (name, bytes) in [fixture!("control.O0"), fixture!("control.O2"), fixture!("control.spir32")] {
        let m = translate_bytes(name, bytes);
        let flow = kernel(&m, "flow");
        assert!(flow.func.blocks.iter().any(|b| matches!(b.term, ir::Terminator::Switch { .. })), "{name}");
        assert!(flow.func.blocks.iter().any(|b| !b.params.is_empty()), "{name}: phis or call results");
        // Another kernel calling `flow` inlines it.
        let other = kernel(&m, "other");
        assert!(other.func.blocks.len() > 3, "{name}");
        let ls = kernel(&m, "longswitch");
        let cases: Vec<u64> = ls
            .func
            .blocks
            .iter()
            .filter_map(|b| match &b.term {
                ir::Terminator::Switch { cases, .. } => Some(cases.iter().map(|c| c.0).collect::<Vec<_>>()),
                _ => None,
            })
            .flatten()
            .collect();
        if !cases.is_empty() {
            assert!(cases.contains(&0x1_0000_0000), "{name}: 64-bit case literal, got {cases:?}");
            assert!(cases.contains(&(-5i64 as u64)), "{name}: negative case literal, got {cases:?}");
        }
    }
}

#[test]
fn host_types_take_signedness_from_opencl_type_names() {
    // memory.O0 records kernel argument info (`kernel_arg_type.atomics.int*,uint*,...`).
    let m = translate_bytes("memory.O0", fixture!("memory.O0").1);
    let text = |k: &ir::Kernel| k.params.iter().map(|p| p.host.to_string()).collect::<Vec<_>>();
    let a = kernel(&m, "atomics");
    assert_eq!(text(a), ["global i32*", "global u32*", "global i64*", "local i32*", "global f32*"]);
    let k = kernel(&m, "mem");
    assert_eq!(k.params[3].host, ir::HostType::Aggregate { size: 32, align: 16 }, "{:?}", k.params[3]);
    // Without argument info the sign stays unknown.
    let m = translate_bytes("memory.O2", fixture!("memory.O2").1);
    if kernel(&m, "atomics").params[1].type_name.is_none() {
        assert_eq!(kernel(&m, "atomics").params[1].host.to_string(), "global int32*");
    }
}

#[test]
fn memory_fixtures_translate() {
    for (name, bytes) in [fixture!("memory.O0"), fixture!("memory.O2"), fixture!("memory.spir32")] {
        let m = translate_bytes(name, bytes);
        let k = kernel(&m, "mem");
        assert_eq!(k.params.len(), 6, "{name}");
        assert!(matches!(k.params[0].kind, ParamKind::Pointer { space: ir::AddressSpace::Global, pointee: Type::F32 }));
        assert!(
            matches!(&k.params[3].kind, ParamKind::Value(Type::Struct(s)) if s.size == 32),
            "{name}: {:?}",
            k.params[3]
        );
        assert_eq!(k.params[3].value_type, Type::ptr(ir::AddressSpace::Private));
        assert!(matches!(k.params[4].kind, ParamKind::Pointer { space: ir::AddressSpace::Local, .. }));
        assert!(matches!(k.params[5].kind, ParamKind::Pointer { space: ir::AddressSpace::Constant, .. }));
        assert!(k.params[5].read_only);
        // Packed struct: 5 bytes.
        assert!(
            matches!(&k.params[2].kind, ParamKind::Pointer { pointee: Type::Struct(s), .. } if s.size == 5),
            "{name}: {:?}",
            k.params[2]
        );
        assert!(k.local_static_size >= 68, "{name}: local size {}", k.local_static_size);
        assert!(count(k, "Barrier") == 1, "{name}");
        assert!(count(k, "MemoryFence") == 1, "{name}");
        assert!(count(k, "LocalAddr") >= 1 && count(k, "DataAddr") >= 1, "{name}");
        assert!(count(k, "AtomicRmw") == 1, "{name}");
        assert!(count(k, "CopyMemory") >= 1, "{name}: by-value copy");
        assert!(m.data.iter().any(|d| d.bytes.len() == 16 && !d.writable && d.bytes[4..8] == 2.0f32.to_le_bytes()));
        let a = kernel(&m, "atomics");
        assert!(count(a, "AtomicRmw") >= 12, "{name}: {}", count(a, "AtomicRmw"));
        assert_eq!(count(a, "AtomicCmpXchg"), 1, "{name}");
    }
    let m = translate_bytes("memory.O0", fixture!("memory.O0").1);
    let k = kernel(&m, "mem");
    assert!(!k.func.vars.is_empty(), "private variables at -O0");
    assert_eq!(k.params[0].name.as_deref(), Some("out"));
    assert_eq!(k.params[0].type_name.as_deref(), Some("float*"));
    assert_eq!(k.params[3].type_name.as_deref(), Some("S"));
    assert!(!k.params[0].read_only && k.params[5].read_only);
}

#[test]
fn builtin_fixtures_translate() {
    for (name, bytes) in [fixture!("builtins.O0"), fixture!("builtins.O2"), fixture!("builtins.spir32")] {
        let m = translate_bytes(name, bytes);
        let k = kernel(&m, "ids");
        for q in [
            ir::WorkItemQuery::GlobalId,
            ir::WorkItemQuery::LocalId,
            ir::WorkItemQuery::GroupId,
            ir::WorkItemQuery::GlobalSize,
            ir::WorkItemQuery::LocalSize,
            ir::WorkItemQuery::EnqueuedLocalSize,
            ir::WorkItemQuery::NumGroups,
            ir::WorkItemQuery::GlobalOffset,
        ] {
            assert!(has(k, |i| matches!(i, InstKind::WorkItem(x, _) if *x == q)), "{name}: {q:?}");
        }
        assert!(has(k, |i| matches!(i, InstKind::WorkDim)), "{name}");
        let size_ty = if m.pointer_bits == 32 { Type::I32 } else { Type::I64 };
        for i in &k.func.insts {
            if let (InstKind::WorkItem(..), Some(r)) = (&i.kind, i.result) {
                assert_eq!(k.func.ty(r), &size_ty, "{name}");
            }
        }
        assert_eq!(kernel(&m, "sized").reqd_work_group_size, Some([8, 2, 1]), "{name}");
    }
}

#[test]
fn extinst_fixtures_translate() {
    for (name, bytes) in [fixture!("extinst.O0"), fixture!("extinst.O2"), fixture!("extinst.spir32")] {
        let result = words_from_bytes(bytes).and_then(|w| translate(&w));
        match result {
            Ok(m) => {
                let k = kernel(&m, "math");
                crate::verify::verify(&k.func).unwrap();
                assert!(has(k, |i| matches!(i, InstKind::Math(ir::MathOp::Sqrt, _))), "{name}");
                assert!(has(k, |i| matches!(i, InstKind::Math(ir::MathOp::Clz, _))), "{name}");
                assert!(
                    has(k, |i| matches!(i, InstKind::Call { builtin, .. } if builtin.symbol() == "sin_f32")),
                    "{name}"
                );
                assert!(has(k, |i| matches!(i, InstKind::Fma(..))), "{name}");
            }
            // The builtins crate may not provide every function yet; the error must name it.
            Err(CompileError::Unsupported { message, .. }) => {
                assert!(message.contains("is not available (no builtin"), "{name}: {message}")
            }
            Err(e) => panic!("{name}: {e}"),
        }
    }
}

#[test]
fn hand_written_instructions() {
    let m = translate_bytes("extra", fixture!("extra").1);
    let k = kernel(&m, "extra");
    assert_eq!(k.work_group_size_hint, Some([4, 1, 1]));
    assert_eq!(k.reqd_work_group_size, None);
    // Builtin access chain: one dynamic-dimension-free query of component 0.
    assert_eq!(count(k, "WorkItem(GlobalId"), 1);
    assert!(has(k, |i| matches!(i, InstKind::Math(ir::MathOp::UMulHi, _))), "OpUMulExtended");
    assert!(has(k, |i| matches!(i, InstKind::Fcmp(ir::FloatCC::Unordered, a, b) if a == b)), "OpIsNan");
    assert!(has(k, |i| matches!(i, InstKind::Convert(c, _) if c.saturate && c.op == ir::ConvOp::SToU)));
    assert!(has(k, |i| matches!(i, InstKind::Convert(c, _) if c.rounding == Some(ir::Rounding::Up))));
    assert!(has(k, |i| matches!(i, InstKind::CopyMemory { .. })));
    assert!(has(k, |i| matches!(i, InstKind::Shuffle { indices, .. } if indices == &[7, 0, u32::MAX, 2])));
    assert!(has(k, |i| matches!(i, InstKind::ExtractDyn(..))) && has(k, |i| matches!(i, InstKind::InsertDyn { .. })));
    assert_eq!(count(k, "Insert {"), 3, "two-level insert chains");
    assert!(has(k, |i| matches!(i, InstKind::AtomicRmw { op: ir::AtomicOp::Xchg, .. })));
    assert!(has(k, |i| matches!(i, InstKind::AtomicStore { .. })));
    // Spec constant at its default value inside a constant vector.
    assert!(has(k, |i| matches!(i, InstKind::Const(c) if c == &[0, 1, 2, 7])));
    // Explicit Offset decorations: member 1 at 8, struct of 24 bytes (aligned to 16 → 32).
    let s_param = &k.params[2];
    assert!(
        matches!(&s_param.kind, ParamKind::Pointer { pointee: Type::Struct(st), .. } if st.members[1].0 == 8),
        "{s_param:?}"
    );
    // The private array of 4 structs, the phi and the inlined call's continuation.
    assert_eq!(k.func.vars.len(), 1);
    assert!(k.func.vars[0].size >= 4 * 24);
    assert!(k.func.blocks.iter().filter(|b| !b.params.is_empty()).count() >= 2);
    assert!(k.func.blocks.iter().any(|b| matches!(&b.term, ir::Terminator::Switch { cases, .. } if cases.len() == 2)));
    assert_eq!(k.local_static_size, 4);
}

/// llvm-spirv 14 keeps LLVM's block layout, which may put a block before a block that
/// dominates it (here a loop exit using a value of the enclosing loop's body; spirv-val
/// rejects the module). Translation takes such blocks in dominance order.
#[test]
fn blocks_out_of_dominance_order_translate() {
    let m = translate_bytes("block_order.O2", fixture!("block_order.O2").1);
    let k = kernel(&m, "block_order");
    assert!(k.func.blocks.len() > 4, "the loops' blocks");
}

#[test]
fn recursion_is_rejected() {
    let words = words_from_bytes(fixture!("recursion").1).unwrap();
    match translate(&words) {
        Err(CompileError::Unsupported { message, location }) => {
            assert!(message.contains("kernel recursion"), "{message}");
            assert_eq!(location.kernel.as_deref(), Some("rec"));
            assert_eq!(location.instruction.as_deref(), Some("OpFunctionCall"));
            assert!(location.word.is_some());
        }
        other => panic!("expected unsupported, got {other:?}"),
    }
}

#[test]
fn printf_and_images_become_whole_value_calls() {
    for (name, bytes, symbol) in
        [("printf", fixture!("printf").1, "spirjit_printf"), ("image", fixture!("image").1, "spirjit_image_")]
    {
        let words = words_from_bytes(bytes).unwrap();
        let m = translate(&words).unwrap_or_else(|e| panic!("{name}: {e}"));
        let calls = m.kernels[0]
            .func
            .insts
            .iter()
            .filter(|i| matches!(&i.kind, crate::ir::InstKind::CallWhole { builtin, .. } if builtin.symbol().starts_with(symbol)))
            .count();
        assert!(calls > 0, "{name}: no call of {symbol}");
    }
}

// ---- malformed input --------------------------------------------------------------------

fn minimal() -> Vec<u32> {
    words_from_bytes(fixture!("builtins.O2").1).unwrap()
}

fn expect_invalid(words: &[u32], what: &str) -> CompileError {
    match translate(words) {
        Err(e @ CompileError::Invalid { .. }) => e,
        Err(e) => panic!("{what}: expected an invalid-module error, got {e}"),
        Ok(_) => panic!("{what}: expected an error"),
    }
}

#[test]
fn bytes_are_checked_and_swapped() {
    let bytes = fixture!("builtins.O2").1;
    assert!(words_from_bytes(&bytes[..bytes.len() - 1]).is_err());
    assert!(words_from_bytes(&[0u8; 8]).is_err());
    let mut bad = bytes.to_vec();
    bad[0] = 0;
    assert!(words_from_bytes(&bad).unwrap_err().to_string().contains("magic"));
    let swapped: Vec<u8> = bytes.chunks(4).flat_map(|c| [c[3], c[2], c[1], c[0]]).collect();
    assert_eq!(words_from_bytes(&swapped).unwrap(), words_from_bytes(bytes).unwrap());
    // Swapped words are accepted by `translate` too.
    let words: Vec<u32> = minimal().iter().map(|w| w.swap_bytes()).collect();
    assert!(translate(&words).is_ok());
}

#[test]
fn truncated_and_bad_header() {
    let words = minimal();
    let e = expect_invalid(&words[..3], "short header");
    assert!(e.to_string().contains("header"), "{e}");
    // A module cut after a whole instruction inside a function.
    expect_invalid(&words[..words.len() - 1], "missing OpFunctionEnd");
    let mut bad = words.clone();
    bad[0] = 0x1234_5678;
    let e = expect_invalid(&bad, "bad magic");
    assert!(e.to_string().contains("magic"), "{e}");
    // The last instruction (OpFunctionEnd) claims a word that is not there.
    let mut cut = words.clone();
    let last = cut.len() - 1;
    cut[last] = (2 << 16) | 56;
    let e = expect_invalid(&cut, "truncated");
    assert!(e.to_string().contains("past the end"), "{e}");
    assert!(matches!(&e, CompileError::Invalid { location, .. } if location.word.is_some()));
}

#[test]
fn zero_word_count_and_unknown_opcode() {
    let words = minimal();
    let mut z = words.clone();
    z[5] = 0; // first instruction: word count 0
    let e = expect_invalid(&z, "word count 0");
    assert!(e.to_string().contains("word count 0") && e.to_string().contains("word 5"), "{e}");
    let mut u = words.clone();
    u[5] = (u[5] & 0xffff_0000) | 0x7ff0; // unknown opcode, same length
    let e = expect_invalid(&u, "unknown opcode");
    assert!(e.to_string().contains("unknown opcode") && e.to_string().contains("word 5"), "{e}");
}

#[test]
fn id_out_of_range() {
    let mut words = minimal();
    words[3] = 4; // id bound far below the ids in use
    let e = expect_invalid(&words, "id out of range");
    assert!(e.to_string().contains("out of range"), "{e}");
}

#[test]
fn undefined_id_is_invalid() {
    // Rewrite the last OpReturn of the module into... instead: point a store at an
    // undefined id by bumping the bound and using the new id.
    let mut words = minimal();
    let bound = words[3];
    words[3] = bound + 1;
    // Find an OpStore (opcode 62) and replace its pointer with the fresh id.
    let mut at = 5;
    let mut patched = false;
    while at < words.len() {
        let wc = (words[at] >> 16) as usize;
        if words[at] & 0xffff == 62 {
            words[at + 1] = bound;
            patched = true;
            break;
        }
        at += wc.max(1);
    }
    assert!(patched);
    let e = expect_invalid(&words, "undefined id");
    assert!(e.to_string().contains("never defined"), "{e}");
    assert!(matches!(&e, CompileError::Invalid { location, .. } if location.word == Some(at)), "{e:?}");
}

/// Corrupt single words of real modules and cut them short; translation must return
/// (an error or a module), never panic. `SPIRJIT_FUZZ_ITERS` raises the iteration count.
#[test]
fn garbage_never_panics() {
    let iters: usize = std::env::var("SPIRJIT_FUZZ_ITERS").ok().and_then(|s| s.parse().ok()).unwrap_or(1500);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for (_, bytes) in [fixture!("builtins.O2"), fixture!("memory.O2"), fixture!("control.O2"), fixture!("extra")] {
        let words = words_from_bytes(bytes).unwrap();
        for _ in 0..iters {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut w = words.clone();
            let i = 5 + (seed as usize % (w.len() - 5));
            w[i] = match (seed >> 32) % 5 {
                0 => (seed >> 16) as u32,
                1 => w[i] ^ (1 << ((seed >> 40) % 32)),
                2 => w[i].wrapping_add(1),
                3 => w[i] & 0xffff,
                _ => 0,
            };
            if let Ok(m) = translate(&w) {
                for k in &m.kernels {
                    crate::verify::verify(&k.func).unwrap();
                }
            }
            let cut = 5 + (seed as usize >> 3) % (w.len() - 5);
            let _ = translate(&w[..cut]);
        }
    }
}

#[test]
fn shader_modules_are_accepted() {
    // OpCapability Shader; OpMemoryModel Logical GLSL450: a Vulkan module (no entry points).
    let words = [0x0723_0203, 0x0001_0000, 0, 10, 0, (2 << 16) | 17, 1, (3 << 16) | 14, 0, 1];
    let m = translate(&words).expect("a Shader module with Logical addressing translates");
    assert!(m.kernels.is_empty());
    assert_eq!(m.pointer_bits, 64);
    assert_eq!(m.capabilities, vec!["Shader".to_string()]);
}

/// Translate every `.spv` under `$SPIRJIT_SPV_DIR` and report failures (development
/// aid: `SPIRJIT_SPV_DIR=tests/kernels cargo test -p spirjit-jit spv_dir -- --ignored
/// --nocapture`; `SPIRJIT_DUMP=1` prints the KIR).
#[test]
#[ignore]
fn spv_dir() {
    let Ok(dir) = std::env::var("SPIRJIT_SPV_DIR") else { return };
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "spv"))
        .collect();
    paths.sort();
    let mut failed = 0;
    for p in &paths {
        let bytes = std::fs::read(p).unwrap();
        let result = words_from_bytes(&bytes).and_then(|w| translate(&w));
        match result {
            Ok(m) => {
                for k in &m.kernels {
                    if let Err(e) = crate::verify::verify(&k.func) {
                        failed += 1;
                        println!("VERIFY {}: {}: {e}", p.display(), k.name);
                    }
                }
                if std::env::var("SPIRJIT_DUMP").is_ok() {
                    println!("==== {}\n{m}", p.display());
                }
            }
            Err(e) => {
                failed += 1;
                println!("FAIL {}: {e}", p.display());
            }
        }
    }
    println!("{} of {} modules failed", failed, paths.len());
}

//! Tests of the vector path (W > 1): every scalar test again at W = 4 and 8 (their
//! expected values are the W = 1 results, bit for bit, including partial lane groups),
//! plus checks of which path kernels get and of the generated vector code.

use super::*;
use crate::ir::{MathOp, Scalar};

fn with_lanes(w: u32, f: impl FnOnce()) {
    LANES.with(|l| l.set(w));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    LANES.with(|l| l.set(1));
    if let Err(p) = r {
        std::panic::resume_unwind(p);
    }
}

const SCALAR_TESTS: &[(&str, fn())] = &[
    ("vector_add", vector_add),
    ("resuming_a_kernel_without_barriers_is_an_error", resuming_a_kernel_without_barriers_is_an_error),
    ("loop_with_block_params_sums", loop_with_block_params_sums),
    ("barriers_in_a_loop_exchange_through_local_memory", barriers_in_a_loop_exchange_through_local_memory),
    ("integer_division_never_traps", integer_division_never_traps),
    ("float_to_int_conversions_saturate", float_to_int_conversions_saturate),
    ("int_to_int_conversions_saturate", int_to_int_conversions_saturate),
    ("f16_round_trip", f16_round_trip),
    ("atomics_from_several_threads", atomics_from_several_threads),
    ("private_array_indexed_dynamically", private_array_indexed_dynamically),
    ("unreachable_returns_error", unreachable_returns_error),
    ("cancel_flag_stops_an_infinite_loop", cancel_flag_stops_an_infinite_loop),
    ("vectors_bitcasts_and_dynamic_access", vectors_bitcasts_and_dynamic_access),
    ("switch_picks_the_case_and_default", switch_picks_the_case_and_default),
    (
        "vector_params_are_loaded_through_the_slot_and_builtins_called_per_component",
        vector_params_are_loaded_through_the_slot_and_builtins_called_per_component,
    ),
];

#[test]
fn scalar_tests_pass_at_w4() {
    for (name, t) in SCALAR_TESTS {
        eprintln!("W = 4: {name}");
        with_lanes(4, t);
    }
}

#[test]
fn scalar_tests_pass_at_w8() {
    for (name, t) in SCALAR_TESTS {
        eprintln!("W = 8: {name}");
        with_lanes(8, t);
    }
}

#[test]
fn scalar_tests_pass_at_w16_and_auto() {
    for (name, t) in SCALAR_TESTS {
        eprintln!("W = 16 / auto: {name}");
        with_lanes(16, t);
        with_lanes(0, t);
    }
}

/// `c[i] = a[i] * 2 + b[i]` (f32), the vector-add shape.
fn saxpy_module() -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (pa, pb, pc) = (b.param(0, gptr()), b.param(1, gptr()), b.param(2, gptr()));
    let i = b.gid(0);
    let (ea, eb, ec) = (b.elem(pa, i, 4), b.elem(pb, i, 4), b.elem(pc, i, 4));
    let (x, y) = (b.load(ea, Type::F32, 4), b.load(eb, Type::F32, 4));
    let two = b.iconst(Type::F32, 2.0f32.to_bits() as u64);
    let x2 = b.binary(BinaryOp::FMul, x, two);
    let s = b.binary(BinaryOp::FAdd, x2, y);
    b.store(ec, s, 4);
    b.ret();
    module(vec![ptr_param(Type::F32), ptr_param(Type::F32), ptr_param(Type::F32)], f, 0)
}

fn run_saxpy(w: u32, n: usize, local: u64) -> Vec<u32> {
    let m = saxpy_module();
    let cm = compile(&m, &LowerOptions { lanes: w, checked: true, robust: false, whole_rows: false }).unwrap();
    assert_eq!(cm.kernels[0].lanes, w, "{:?}", cm.kernels[0].path_note);
    let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.37 - 3.0).collect();
    let bb: Vec<f32> = (0..n).map(|i| 1.0 / (i as f32 + 0.5)).collect();
    // One guard element past the end catches stores of masked-off lanes.
    let mut c = vec![f32::from_bits(0xdead_beef); n + 1];
    let args = [a.as_ptr() as u64, bb.as_ptr() as u64, c.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, n as u64, local, &no_cancel()).0, Status::DONE);
    c.iter().map(|x| x.to_bits()).collect()
}

#[test]
fn vector_results_are_bit_identical_with_partial_lane_groups() {
    for (n, local) in [(64, 16), (37, 7), (37, 8), (5, 5), (100, 12)] {
        let reference = run_saxpy(1, n, local);
        assert_eq!(reference[n], 0xdead_beef);
        for w in [4, 8, 16] {
            assert_eq!(run_saxpy(w, n, local), reference, "W = {w}, n = {n}, local = {local}");
        }
    }
}

#[test]
fn clif_of_a_vector_add_uses_f32x4_arithmetic_and_vector_memory() {
    let text = dump_clif(&saxpy_module(), &LowerOptions { lanes: 4, checked: true, robust: false, whole_rows: false })
        .unwrap();
    assert!(text.contains("vector, W = 4"), "{text}");
    assert!(text.contains("fadd.f32x4") || text.contains("= fadd v"), "{text}");
    assert!(text.contains("load.f32x4"), "{text}");
    assert!(text.contains("store ") && text.contains("f32x4"), "{text}");
}

/// `out[gid] = gid % 3 == 0 ? x : y` through a real branch on a varying condition.
fn divergent_module() -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let out = b.param(0, gptr());
    let gid = b.gid(0);
    let three = b.iconst(Type::I64, 3);
    let r = b.binary(BinaryOp::URem, gid, three);
    let zero = b.iconst(Type::I64, 0);
    let c = b.inst(InstKind::Icmp(IntCC::Eq, r, zero), Type::BOOL);
    let (t, e, j) = (b.create_block(), b.create_block(), b.create_block());
    b.branch(c, t, &[], e, &[]);
    b.switch_to_block(t);
    let x = b.iconst(Type::I32, 10);
    b.jump(j, &[x]);
    b.switch_to_block(e);
    let y = b.iconst(Type::I32, 20);
    b.jump(j, &[y]);
    b.switch_to_block(j);
    let p = b.append_block_param(j, Type::I32);
    let o = b.elem(out, gid, 4);
    b.store(o, p, 4);
    b.ret();
    module(vec![ptr_param(Type::I32)], f, 0)
}

/// Run kernel 0 of `m` (one i32 output per work-item, plus an i32 input `inp`) at W.
fn run_io(m: &Module, w: u32, inp: &[i32], global: u64, local: u64) -> (u32, Option<String>, Vec<i32>) {
    let cm = compile(m, &LowerOptions { lanes: w, checked: true, robust: false, whole_rows: false }).unwrap();
    let mut out = vec![-7i32; global as usize + 1];
    let args = [out.as_mut_ptr() as u64, inp.as_ptr() as u64];
    // Exactly one slot per parameter: the region sizes follow the slots.
    let args = &args[..m.kernels[0].params.len()];
    assert_eq!(run_1d(&cm, args, global, local, &no_cancel()).0, Status::DONE);
    (cm.kernels[0].lanes, cm.kernels[0].path_note.clone(), out)
}

/// Compare W = 4, 8 and 16 with W = 1 over several NDRanges; the vector runs must get
/// masked control flow.
fn check_masked_matches_scalar(m: &Module, inp: &[i32]) {
    for (global, local) in [(64, 16), (37, 7), (30, 30), (5, 5)] {
        let (_, _, reference) = run_io(m, 1, inp, global, local);
        for w in [4, 8, 16] {
            let (lanes, note, out) = run_io(m, w, inp, global, local);
            assert_eq!(lanes, w, "{note:?}");
            assert!(note.as_deref().unwrap_or("").contains("masked"), "{note:?}");
            assert_eq!(out, reference, "W = {w}, global {global}, local {local}");
        }
    }
}

#[test]
fn divergent_if_else_runs_masked() {
    check_masked_matches_scalar(&divergent_module(), &[]);
    let (_, _, out) = run_io(&divergent_module(), 4, &[], 10, 5);
    let expect: Vec<i32> = (0..10).map(|i| if i % 3 == 0 { 10 } else { 20 }).chain([-7]).collect();
    assert_eq!(out, expect);
}

/// `out[gid] = sum_{k < inp[gid]} (k * gid)`, with an early return when inp[gid] < 0
/// and an `if (gid >= n) return` guard; the loop's trip count varies per work-item.
fn varying_loop_module() -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (out, inp) = (b.param(0, gptr()), b.param(1, gptr()));
    let gid = b.gid(0);
    let g32 = b.wrap_i32(gid);
    let ei = b.elem(inp, gid, 4);
    let n = b.load(ei, Type::I32, 4);
    let zero = b.iconst(Type::I32, 0);
    let neg = b.inst(InstKind::Icmp(IntCC::Slt, n, zero), Type::BOOL);
    let (ret, head, body, exit) = (b.create_block(), b.create_block(), b.create_block(), b.create_block());
    b.branch(neg, ret, &[], head, &[zero, zero]);
    b.switch_to_block(ret);
    b.ret();
    b.switch_to_block(head);
    let k = b.append_block_param(head, Type::I32);
    let acc = b.append_block_param(head, Type::I32);
    let c = b.inst(InstKind::Icmp(IntCC::Slt, k, n), Type::BOOL);
    b.branch(c, body, &[], exit, &[acc]);
    b.switch_to_block(body);
    let kg = b.binary(BinaryOp::IMul, k, g32);
    let acc1 = b.binary(BinaryOp::IAdd, acc, kg);
    let one = b.iconst(Type::I32, 1);
    let k1 = b.binary(BinaryOp::IAdd, k, one);
    b.jump(head, &[k1, acc1]);
    b.switch_to_block(exit);
    let r = b.append_block_param(exit, Type::I32);
    let eo = b.elem(out, gid, 4);
    b.store(eo, r, 4);
    b.ret();
    module(vec![ptr_param(Type::I32), ptr_param(Type::I32)], f, 0)
}

#[test]
fn loops_with_varying_trip_counts_and_early_return_run_masked() {
    let inp: Vec<i32> = (0..64).map(|i| if i % 5 == 3 { -1 } else { (i * 7) % 13 }).collect();
    check_masked_matches_scalar(&varying_loop_module(), &inp);
    let (_, _, out) = run_io(&varying_loop_module(), 8, &inp, 20, 20);
    for g in 0..20usize {
        let want = if inp[g] < 0 { -7 } else { (0..inp[g]).map(|k| k * g as i32).sum() };
        assert_eq!(out[g], want, "gid {g}");
    }
}

#[test]
fn divergent_switch_runs_masked() {
    with_lanes(4, switch_picks_the_case_and_default);
    // The switch test's kernel (with a duplicate case), built again to check its path.
    let m = module(vec![ptr_param(Type::I32), ptr_param(Type::I32)], switch_kernel(true), 0);
    check_masked_matches_scalar(&m, &[]);
}

#[test]
fn barriers_after_divergent_control_flow_run_masked() {
    // The barrier sits in the join block, after the divergent if/else has closed.
    let mut m = divergent_module();
    let f = &mut m.kernels[0].func;
    FunctionBuilder::at(f, BlockId(3)).inst_void(InstKind::Barrier);
    check_masked_matches_scalar(&m, &[]);
}

#[test]
fn barriers_inside_divergent_control_flow_are_reported_at_run_time() {
    // The barrier sits in the `then` block, which only some lanes of a group reach.
    let mut m = divergent_module();
    let f = &mut m.kernels[0].func;
    FunctionBuilder::at(f, BlockId(1)).inst_void(InstKind::Barrier);
    let cm = compile(&m, &LowerOptions { lanes: 4, checked: true, robust: false, whole_rows: false }).unwrap();
    let note = cm.kernels[0].path_note.clone().unwrap_or_default();
    assert_eq!(cm.kernels[0].lanes, 4, "{note}");
    let mut out = vec![0i32; 8];
    let args = [out.as_mut_ptr() as u64];
    let (status, err) = run_1d(&cm, &args, 8, 8, &no_cancel());
    assert_eq!(status, Status::ERROR);
    assert_eq!(err.kind, spirjit_abi::status::error_kind::BARRIER_DIVERGENT);
}

/// The loop-contiguous chain keeps a loop's blocks together: lanes leaving a varying
/// loop early wait at its exit, so a barrier after the loop sees every lane.
#[test]
fn barriers_after_varying_loops_run_masked() {
    let mut m = varying_loop_module();
    // Block 4 is the loop exit; no input is negative, so no lane returns early.
    FunctionBuilder::at(&mut m.kernels[0].func, BlockId(4)).inst_void(InstKind::Barrier);
    let inp: Vec<i32> = (0..64).map(|i| (i * 7) % 13).collect();
    check_masked_matches_scalar(&m, &inp);
}

#[test]
fn uniform_kernels_get_the_vector_path_and_a_note() {
    let cm =
        compile(&saxpy_module(), &LowerOptions { lanes: 8, checked: true, robust: false, whole_rows: false }).unwrap();
    assert_eq!(cm.kernels[0].lanes, 8);
    assert_eq!(cm.kernels[0].path_note.as_deref(), Some("vector, W = 8"));
    let cm = compile(&saxpy_module(), &LowerOptions::default()).unwrap();
    assert_eq!((cm.kernels[0].lanes, cm.kernels[0].path_note.clone()), (1, None));
    let cm =
        compile(&saxpy_module(), &LowerOptions { lanes: 3, checked: true, robust: false, whole_rows: false }).unwrap();
    assert_eq!(cm.kernels[0].lanes, 1);
}

/// Every corpus module that lowers at W = 1 lowers at W = 4 too (falling back per
/// kernel where it must); prints the path each kernel got.
#[test]
fn corpus_modules_lower_at_w4_with_a_path_per_kernel() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels");
    let Ok(entries) = std::fs::read_dir(&dir) else { return };
    let mut paths: Vec<_> =
        entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "spv")).collect();
    paths.sort();
    let (mut vector, mut scalar) = (0, 0);
    for p in &paths {
        let Ok(bytes) = std::fs::read(p) else { continue };
        let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        let Ok(m) = crate::frontend::spirv::translate(&words) else { continue };
        if compile(&m, &LowerOptions::default()).is_err() {
            continue;
        }
        let cm = compile(&m, &LowerOptions { lanes: 4, checked: true, robust: false, whole_rows: false })
            .unwrap_or_else(|e| panic!("{}: W = 4 failed where W = 1 succeeded: {e}", p.display()));
        let file = p.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        for k in &cm.kernels {
            if k.lanes > 1 {
                vector += 1;
            } else {
                scalar += 1;
            }
            eprintln!("{file} {}: W = {}: {}", k.name, k.lanes, k.path_note.as_deref().unwrap_or("-"));
        }
    }
    eprintln!("{vector} kernels vectorized, {scalar} at W = 1");
}

/// `out[i] = mad(a[i], a[i], a[i] * 0.5)` and `fma` on `float4` (or `double2`) elements.
fn vector_elements_module(s: Scalar, n: u8) -> Module {
    let ty = Type::Vector(s, n);
    let size = ty.size();
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (pa, po) = (b.param(0, gptr()), b.param(1, gptr()));
    let i = b.gid(0);
    let (ea, eo) = (b.elem(pa, i, size), b.elem(po, i, size));
    let x = b.load(ea, ty.clone(), 4);
    let half = if s == Scalar::F32 { 0.5f32.to_bits() as u64 } else { 0.5f64.to_bits() };
    let h = b.inst(InstKind::Const(vec![half; n as usize]), ty.clone());
    let xh = b.binary(BinaryOp::FMul, x, h);
    let m = b.inst(InstKind::Math(MathOp::Mad, vec![x, x, xh]), ty.clone());
    let fm = b.inst(InstKind::Fma(m, x, h), ty.clone());
    b.store(eo, fm, 4);
    b.ret();
    module(vec![ptr_param(ty.clone()), ptr_param(ty)], f, 0)
}

#[test]
fn vector_typed_elements_are_loaded_whole_and_bit_identical() {
    for (s, n) in [(Scalar::F32, 4u8), (Scalar::F32, 8), (Scalar::F64, 2)] {
        let m = vector_elements_module(s, n);
        let words = Type::Vector(s, n).size() as usize / 4;
        for (global, local) in [(64u64, 16u64), (37, 7), (5, 5)] {
            let inp: Vec<u32> = (0..global as usize * words)
                .map(|k| if s == Scalar::F32 { (k as f32 * 0.731 - 9.0).to_bits() } else { (k as u32) * 0x9e37 })
                .collect();
            let run = |w: u32| {
                let cm =
                    compile(&m, &LowerOptions { lanes: w, checked: true, robust: false, whole_rows: false }).unwrap();
                assert_eq!(cm.kernels[0].lanes, w, "{:?}", cm.kernels[0].path_note);
                let mut out = vec![0xdead_beefu32; (global as usize + 1) * words];
                let args = [inp.as_ptr() as u64, out.as_mut_ptr() as u64];
                assert_eq!(run_1d(&cm, &args, global, local, &no_cancel()).0, Status::DONE);
                out
            };
            let reference = run(1);
            assert_eq!(reference[global as usize * words], 0xdead_beef);
            for w in [2, 4, 8, 16] {
                assert_eq!(run(w), reference, "{s}x{n}: W = {w}, global {global}, local {local}");
            }
        }
    }
    let text = dump_clif(
        &vector_elements_module(Scalar::F32, 4),
        &LowerOptions { lanes: 4, checked: true, robust: false, whole_rows: false },
    )
    .unwrap();
    assert!(text.contains("load.f32x4") && text.contains("shuffle"), "{text}");
    assert!(text.contains("= fma v") && text.contains("= fmul v"), "{text}");
}

/// `for (k = 1; k < 16; k <<= 1) if (gid & k) acc += k; out[gid] = acc;`: a uniform loop
/// around a divergent `if`. Under masking the counter `k` stays uniform.
fn uniform_loop_divergent_body_module() -> (Module, Value) {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let out = b.param(0, gptr());
    let gid = b.gid(0);
    let g32 = b.wrap_i32(gid);
    let (one, zero, sixteen) = (b.iconst(Type::I32, 1), b.iconst(Type::I32, 0), b.iconst(Type::I32, 16));
    let (head, body, then_, latch, exit) =
        (b.create_block(), b.create_block(), b.create_block(), b.create_block(), b.create_block());
    b.jump(head, &[one, zero]);
    b.switch_to_block(head);
    let k = b.append_block_param(head, Type::I32);
    let acc = b.append_block_param(head, Type::I32);
    let c = b.inst(InstKind::Icmp(IntCC::Slt, k, sixteen), Type::BOOL);
    b.branch(c, body, &[], exit, &[acc]);
    b.switch_to_block(body);
    let m = b.binary(BinaryOp::And, g32, k);
    let cz = b.inst(InstKind::Icmp(IntCC::Ne, m, zero), Type::BOOL);
    b.branch(cz, then_, &[], latch, &[acc]);
    b.switch_to_block(then_);
    let acc2 = b.binary(BinaryOp::IAdd, acc, k);
    b.jump(latch, &[acc2]);
    b.switch_to_block(latch);
    let a = b.append_block_param(latch, Type::I32);
    let k2 = b.binary(BinaryOp::Shl, k, one);
    b.jump(head, &[k2, a]);
    b.switch_to_block(exit);
    let r = b.append_block_param(exit, Type::I32);
    let o = b.elem(out, gid, 4);
    b.store(o, r, 4);
    b.ret();
    (module(vec![ptr_param(Type::I32)], f, 0), k)
}

#[test]
fn uniform_loop_counters_stay_uniform_around_divergent_branches() {
    let (m, k) = uniform_loop_divergent_body_module();
    let f = &m.kernels[0].func;
    let u = crate::analysis::Uniformity::new_masked(f, &crate::analysis::Cfg::new(f));
    assert!(u.is_uniform(k), "{}", u.explain(f, k));
    check_masked_matches_scalar(&m, &[]);
    let (_, _, out) = run_io(&m, 4, &[], 20, 20);
    let expect: Vec<i32> = (0..20).map(|g| g & 15).chain([-7]).collect();
    assert_eq!(out, expect);
}

/// `k = 0; do t = k * 3; while (k++ < inp[gid]); out[gid] = t;`: lanes leave the loop
/// in different iterations, so `t` (uniform inside the loop) is varying after it.
#[test]
fn values_leaving_a_divergent_loop_are_varying() {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (out, inp) = (b.param(0, gptr()), b.param(1, gptr()));
    let gid = b.gid(0);
    let ei = b.elem(inp, gid, 4);
    let n = b.load(ei, Type::I32, 4);
    let (zero, one, three) = (b.iconst(Type::I32, 0), b.iconst(Type::I32, 1), b.iconst(Type::I32, 3));
    let (head, exit) = (b.create_block(), b.create_block());
    b.jump(head, &[zero]);
    b.switch_to_block(head);
    let k = b.append_block_param(head, Type::I32);
    let t = b.binary(BinaryOp::IMul, k, three);
    let k1 = b.binary(BinaryOp::IAdd, k, one);
    let c = b.inst(InstKind::Icmp(IntCC::Slt, k, n), Type::BOOL);
    b.branch(c, head, &[k1], exit, &[]);
    b.switch_to_block(exit);
    let o = b.elem(out, gid, 4);
    b.store(o, t, 4);
    b.ret();
    let m = module(vec![ptr_param(Type::I32), ptr_param(Type::I32)], f, 0);
    let f = &m.kernels[0].func;
    let u = crate::analysis::Uniformity::new_masked(f, &crate::analysis::Cfg::new(f));
    assert!(u.is_uniform(k) && !u.is_uniform(t));
    let inp: Vec<i32> = (0..64).map(|i| (i * 7) % 13).collect();
    check_masked_matches_scalar(&m, &inp);
}

/// A `float4` load past the end of its buffer is reported for the same work-item, at
/// the same offset, as at W = 1; nothing is written by the failing lane group.
#[test]
fn vector_typed_elements_out_of_bounds_are_reported_like_w1() {
    let m = vector_elements_module(Scalar::F32, 4);
    let inp = vec![1.5f32; 4 * 13];
    for w in [1, 2, 4, 8] {
        let cm = compile(&m, &LowerOptions { lanes: w, checked: true, robust: false, whole_rows: false }).unwrap();
        let mut out = vec![0u32; 4 * 16];
        let (pi, po) = (inp.as_ptr() as u64, out.as_mut_ptr() as u64);
        let slots = [pi, po, 16 * 13, 16 * 16];
        let regions = [
            spirjit_abi::Region { base: pi, size: 16 * 13, arg: 0 },
            spirjit_abi::Region { base: po, size: 16 * 16, arg: 1 },
        ];
        let (status, err) = run_1d_in(&cm, &slots, &regions, 16, 16, &no_cancel(), 0);
        assert_eq!(status, Status::ERROR, "W = {w}");
        assert_eq!(
            (err.kind, err.arg, err.offset, err.size, err.local_linear_id),
            (error_kind::OUT_OF_BOUNDS, 0, 16 * 13, 16, 13),
            "W = {w}"
        );
        // Lane groups before the failing one completed their stores.
        let done = (13 / w as usize) * w as usize;
        assert!(out[..4 * done].iter().all(|x| *x != 0), "W = {w}");
    }
}

/// `out[(long)(char)(gid + 126) + 128] = gid`: the `char` lanes of a lane group cross
/// from 127 to -128, so after the sign extension the stored addresses are not
/// consecutive although the stride hint says so (254, 255, 0, 1, ...). Every width must
/// store exactly what W = 1 stores: the vector fast path must not be taken.
fn crossing_module(op: ConvOp, add: u64, bias: u64) -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let out = b.param(0, gptr());
    let gid = b.gid(0);
    let narrow =
        b.inst(InstKind::Convert(Conversion { op: ConvOp::UToU, saturate: false, rounding: None }, gid), Type::I8);
    let k = b.iconst(Type::I8, add);
    let moved = b.binary(BinaryOp::IAdd, narrow, k);
    let wide = b.inst(InstKind::Convert(Conversion { op, saturate: false, rounding: None }, moved), Type::I64);
    let bias = b.iconst(Type::I64, bias);
    let index = b.binary(BinaryOp::IAdd, wide, bias);
    let slot = b.elem(out, index, 4);
    let value = b.wrap_i32(gid);
    b.store(slot, value, 4);
    b.ret();
    module(vec![ptr_param(Type::I32)], f, 0)
}

fn run_crossing(m: &Module, w: u32, n: u64, local: u64) -> Vec<u32> {
    let cm = compile(m, &LowerOptions { lanes: w, checked: true, robust: false, whole_rows: false }).unwrap();
    assert_eq!(cm.kernels[0].lanes, w, "{:?}", cm.kernels[0].path_note);
    let mut out = vec![0xdead_beef_u32; 512];
    let args = [out.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, n, local, &no_cancel()).0, Status::DONE);
    out
}

#[test]
fn lanes_crossing_an_extension_boundary_are_stored_one_by_one() {
    // Signed: 126, 127, -128, ... (+128: 254, 255, 0, ...); unsigned: 254, 255, 0, ...
    for (op, add, bias) in [(ConvOp::SToS, 126, 128), (ConvOp::UToU, 254, 0), (ConvOp::SToS, 0, 128)] {
        let m = crossing_module(op, add, bias);
        for (n, local) in [(8, 8), (16, 16), (12, 4), (32, 32)] {
            let reference = run_crossing(&m, 1, n, local);
            for w in [4, 8, 16] {
                assert_eq!(run_crossing(&m, w, n, local), reference, "{op:?} +{add}, W = {w}, n = {n}");
            }
        }
    }
}

/// `out[gid] = in[gid * 3]`: a load with a lane stride of 12 bytes.
fn strided_module() -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (pin, pout) = (b.param(0, gptr()), b.param(1, gptr()));
    let gid = b.gid(0);
    let three = b.iconst(Type::I64, 3);
    let idx = b.binary(BinaryOp::IMul, gid, three);
    let src = b.elem(pin, idx, 4);
    let x = b.load(src, Type::I32, 4);
    let dst = b.elem(pout, gid, 4);
    b.store(dst, x, 4);
    b.ret();
    module(vec![ptr_param(Type::I32), ptr_param(Type::I32)], f, 0)
}

/// Runs the strided kernel over `n` work-items with an input of `len` elements (its
/// real size in the region table, so out-of-bounds lanes are caught).
fn run_strided(w: u32, n: u64, local: u64, len: usize) -> (u64, ErrorRecord, Vec<i32>) {
    let cm = compile(&strided_module(), &LowerOptions { lanes: w, checked: true, robust: false, whole_rows: false })
        .unwrap();
    assert_eq!(cm.kernels[0].lanes, w, "{:?}", cm.kernels[0].path_note);
    let input: Vec<i32> = (0..len as i32).map(|i| i * 7 - 3).collect();
    let mut out = vec![-1i32; n as usize];
    let (pi, po) = (input.as_ptr() as u64, out.as_mut_ptr() as u64);
    let slots = [pi, po, 4 * len as u64, 4 * n];
    let regions = [
        spirjit_abi::Region { base: pi, size: 4 * len as u64, arg: 0 },
        spirjit_abi::Region { base: po, size: 4 * n, arg: 1 },
    ];
    let (st, err) = run_1d_in(&cm, &slots, &regions, n, local, &no_cancel(), 0);
    (st, err, out)
}

#[test]
fn strided_loads_match_the_scalar_path_and_catch_the_first_lane_out_of_bounds() {
    for (n, local) in [(48u64, 16u64), (40, 8), (37, 12)] {
        let (st, _, reference) = run_strided(1, n, local, 3 * n as usize);
        assert_eq!(st, Status::DONE);
        for w in [2, 4, 8, 16] {
            let (st, _, out) = run_strided(w, n, local, 3 * n as usize);
            assert_eq!((st, &out), (Status::DONE, &reference), "W = {w}, n = {n}");
        }
        // An input too short by a few elements: the same first failing work-item.
        let short = 3 * n as usize - 5;
        let (st1, e1, _) = run_strided(1, n, local, short);
        assert_eq!(st1, Status::ERROR);
        for w in [4, 8, 16] {
            let (st, e, _) = run_strided(w, n, local, short);
            assert_eq!(st, Status::ERROR, "W = {w}");
            assert_eq!(
                (e.kind, e.arg, e.offset, e.local_linear_id),
                (e1.kind, e1.arg, e1.offset, e1.local_linear_id),
                "W = {w}, n = {n}"
            );
        }
    }
}

/// `c[i] = a[i] + (b[i] + b[i] + ... )`: a kernel of `n` varying additions.
fn long_chain_module(n: usize) -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (pa, pb, pc) = (b.param(0, gptr()), b.param(1, gptr()), b.param(2, gptr()));
    let i = b.gid(0);
    let (ea, eb, ec) = (b.elem(pa, i, 4), b.elem(pb, i, 4), b.elem(pc, i, 4));
    let (x, y) = (b.load(ea, Type::F32, 4), b.load(eb, Type::F32, 4));
    let mut acc = x;
    for _ in 0..n {
        acc = b.binary(BinaryOp::FAdd, acc, y);
    }
    b.store(ec, acc, 4);
    b.ret();
    module(vec![ptr_param(Type::F32), ptr_param(Type::F32), ptr_param(Type::F32)], f, 0)
}

#[test]
fn a_kernel_over_the_compile_budget_gets_a_smaller_w_and_the_same_results() {
    // 100k varying additions: about 1.7M Cranelift instructions at W = 16, over the
    // vector budget; 0.9M at W = 8, within it.
    let n = 100_000;
    let m = long_chain_module(n);
    let cfg = crate::analysis::Cfg::new(&m.kernels[0].func);
    let dt = crate::analysis::DomTree::new(&cfg);
    let path = crate::lower::plan::choose(&m.kernels[0], 16, false, &cfg, &dt).path.expect("a vector path");
    assert_eq!(path.lanes, 8, "{path:?}");
    let note = path.budget_note.expect("the note says why W = 16 was not used");
    assert!(note.contains("W = 16 is over the compile budget"), "{note}");
    let cm = compile(&m, &LowerOptions { lanes: 16, checked: true, robust: false, whole_rows: false }).unwrap();
    assert_eq!(cm.kernels[0].lanes, 8, "{:?}", cm.kernels[0].path_note);
    assert!(cm.kernels[0].path_note.as_deref().is_some_and(|p| p.contains("compile budget")));
    let len = 40;
    let a: Vec<f32> = (0..len).map(|i| i as f32).collect();
    let bb: Vec<f32> = (0..len).map(|i| 1.0 / (i as f32 + 2.0)).collect();
    let mut c = vec![0f32; len];
    let args = [a.as_ptr() as u64, bb.as_ptr() as u64, c.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, len as u64, 8, &no_cancel()).0, Status::DONE);
    for i in 0..len {
        let mut want = a[i];
        for _ in 0..n {
            want += bb[i];
        }
        assert_eq!(c[i].to_bits(), want.to_bits(), "item {i}");
    }
}

#[test]
fn the_cost_estimate_grows_linearly_with_w_and_size() {
    let m = long_chain_module(1000);
    let big = long_chain_module(2000);
    let est = |m: &Module, w: u32| {
        let f = &m.kernels[0].func;
        let cfg = crate::analysis::Cfg::new(f);
        let uni = crate::analysis::Uniformity::new(f, &cfg);
        crate::lower::plan::Cost::estimate(f, &cfg, Some(&uni), w, None)
    };
    let (c4, c16, b4) = (est(&m, 4), est(&m, 16), est(&big, 4));
    assert!(c16.insts > 3 * c4.insts && c16.insts < 5 * c4.insts, "{c4:?} {c16:?}");
    assert!(b4.insts > c4.insts * 19 / 10 && b4.insts < c4.insts * 21 / 10, "{c4:?} {b4:?}");
    assert!(c4.over_budget_at(true).is_none());
    let huge = crate::lower::plan::Cost { insts: crate::lower::plan::MAX_CLIF_INSTS + 1, ..Default::default() };
    let why = huge.over_budget_at(false).expect("over the scalar limit");
    assert!(why.contains("code-generator instructions"), "{why}");
}

/// `out[12 * gid + 3 * t + k]` = clz, ctz, popcount (k) of `inp[gid]` truncated to the
/// integer type t (i8, i16, i32, i64), zero-extended to 64 bits.
fn bit_count_module() -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let out = b.param(0, gptr());
    let inp = b.param(1, gptr());
    let gid = b.gid(0);
    let src = b.elem(inp, gid, 8);
    let x = b.load(src, Type::I64, 8);
    let twelve = b.iconst(Type::I64, 12);
    let base = b.binary(BinaryOp::IMul, gid, twelve);
    let conv = |op| Conversion { op, saturate: false, rounding: None };
    for (t, ty) in [Type::I8, Type::I16, Type::I32, Type::I64].into_iter().enumerate() {
        let xt = if ty == Type::I64 { x } else { b.inst(InstKind::Convert(conv(ConvOp::UToU), x), ty.clone()) };
        for (k, op) in [MathOp::Clz, MathOp::Ctz, MathOp::Popcount].into_iter().enumerate() {
            let r = b.inst(InstKind::Math(op, vec![xt]), ty.clone());
            let w = if ty == Type::I64 { r } else { b.inst(InstKind::Convert(conv(ConvOp::UToU), r), Type::I64) };
            let off = b.iconst(Type::I64, (3 * t + k) as u64);
            let at = b.binary(BinaryOp::IAdd, base, off);
            let slot = b.elem(out, at, 8);
            b.store(slot, w, 8);
        }
    }
    b.ret();
    module(vec![ptr_param(Type::I64), ptr_param(Type::I64)], f, 0)
}

#[test]
fn bit_counts_match_the_scalar_lowering_at_every_width() {
    let m = bit_count_module();
    let edges = [0u64, 1, u64::MAX, 1 << 63, 1 << 31, 1 << 15, 1 << 7, 0x8000_0001, 0x00f0_0000_0000_0f00, 0x5555];
    let inp: Vec<u64> = (0..64u64)
        .map(|i| edges.get(i as usize).copied().unwrap_or(i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (i % 64)))
        .collect();
    let run = |w: u32| {
        let cm = compile(&m, &LowerOptions { lanes: w, checked: true, robust: false, whole_rows: false }).unwrap();
        assert_eq!(cm.kernels[0].lanes, w, "{:?}", cm.kernels[0].path_note);
        let mut out = vec![0xdead_beef_u64; 12 * 64];
        let args = [out.as_mut_ptr() as u64, inp.as_ptr() as u64];
        assert_eq!(run_1d(&cm, &args, 64, 16, &no_cancel()).0, Status::DONE);
        out
    };
    let reference = run(1);
    assert_eq!(&reference[..12], &[8, 8, 0, 16, 16, 0, 32, 32, 0, 64, 64, 0], "the counts of 0");
    for w in [4, 8, 16] {
        assert_eq!(run(w), reference, "W = {w}");
    }
}

/// Every integer ↔ integer conversion (each width pair, signedness and saturation) and
/// the 8/16-bit ↔ `f32` ones give at W = 4, 8 and 16 exactly what they give at W = 1,
/// including a partial last lane group (the vector forms widen, clamp and pack whole
/// vectors).
#[test]
fn width_conversions_match_w1_bit_for_bit() {
    let patterns: Vec<u64> = (0..37u64)
        .map(|k| match k % 6 {
            0 => k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            1 => u64::MAX - k,
            2 => 1 << (k % 64),
            3 => (1u64 << (k % 64)).wrapping_sub(1),
            4 => k * 97,
            _ => (k as i64 * -12345) as u64,
        })
        .collect();
    let ints = [Type::I8, Type::I16, Type::I32, Type::I64];
    let int_ops = [ConvOp::SToS, ConvOp::UToU, ConvOp::SToU, ConvOp::UToS];
    for src in ints.iter() {
        let mut convs = Vec::new();
        for dst in ints.iter() {
            for op in int_ops {
                for sat in [false, true] {
                    convs.push((conv(op, sat, None), dst.clone()));
                }
            }
        }
        if *src == Type::I8 || *src == Type::I16 {
            convs.push((conv(ConvOp::SToF, false, None), Type::F32));
            convs.push((conv(ConvOp::UToF, false, None), Type::F32));
        }
        let want = run_conversions(src.clone(), &patterns, &convs);
        for w in [4, 8, 16] {
            let mut got = Vec::new();
            with_lanes(w, || got = run_conversions(src.clone(), &patterns, &convs));
            assert_eq!(got, want, "{src:?} conversions at W = {w}");
        }
    }
    let floats = [
        0.0f32,
        -0.0,
        1.5,
        -1.5,
        2.5,
        -2.5,
        127.5,
        128.0,
        -129.0,
        255.5,
        256.0,
        65535.5,
        70000.0,
        -40000.0,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        1e-30,
        0.49999997,
    ];
    let bits: Vec<u64> = floats.iter().map(|f| f.to_bits() as u64).collect();
    let mut convs = Vec::new();
    for dst in [Type::I8, Type::I16] {
        for op in [ConvOp::FToS, ConvOp::FToU] {
            for r in [None, Some(Rounding::NearestEven), Some(Rounding::Up), Some(Rounding::Down)] {
                convs.push((conv(op, true, r), dst.clone()));
            }
        }
    }
    let want = run_conversions(Type::F32, &bits, &convs);
    for w in [4, 8, 16] {
        let mut got = Vec::new();
        with_lanes(w, || got = run_conversions(Type::F32, &bits, &convs));
        assert_eq!(got, want, "f32 → 8/16-bit conversions at W = {w}");
    }
}

/// `out[gid * 15 + j] = in[clamp(gid + d, 0, n - 1)]` for five offsets `d` and three
/// forms of the clamp (signed `i32` max-then-min, the operands swapped, unsigned `i64`
/// minimum): lane groups inside the range take the vector path, groups at either edge
/// must give exactly what W = 1 gives.
fn clamped_module(n: u64) -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (pin, pout) = (b.param(0, gptr()), b.param(1, gptr()));
    let gid = b.gid(0);
    let g32 = b.wrap_i32(gid);
    let zero = b.iconst(Type::I32, 0);
    let last32 = b.iconst(Type::I32, n - 1);
    let last64 = b.iconst(Type::I64, n - 1);
    let fifteen = b.iconst(Type::I64, 15);
    let row = b.binary(BinaryOp::IMul, gid, fifteen);
    let mut j = 0u64;
    for d in [-2i64, -1, 0, 1, 2] {
        let d32 = b.iconst(Type::I32, d as u64);
        let x = b.binary(BinaryOp::IAdd, g32, d32);
        let lo = b.inst(InstKind::Math(MathOp::SMax, vec![x, zero]), Type::I32);
        let a = b.inst(InstKind::Math(MathOp::SMin, vec![lo, last32]), Type::I32);
        let hi = b.inst(InstKind::Math(MathOp::SMin, vec![last32, x]), Type::I32);
        let c = b.inst(InstKind::Math(MathOp::SMax, vec![zero, hi]), Type::I32);
        let d64 = b.iconst(Type::I64, d as u64);
        let y = b.binary(BinaryOp::IAdd, gid, d64);
        let u = b.inst(InstKind::Math(MathOp::UMin, vec![y, last64]), Type::I64);
        for idx in [a, c, u] {
            let idx = if idx == u { idx } else { b.convert(ConvOp::SToS, idx, Type::I64) };
            let src = b.elem(pin, idx, 4);
            let v = b.load(src, Type::I32, 4);
            let jj = b.iconst(Type::I64, j);
            let at = b.binary(BinaryOp::IAdd, row, jj);
            let dst = b.elem(pout, at, 4);
            b.store(dst, v, 4);
            j += 1;
        }
    }
    b.ret();
    module(vec![ptr_param(Type::I32), ptr_param(Type::I32)], f, 0)
}

#[test]
fn clamped_indices_take_the_vector_path_and_match_w1() {
    for (n, local) in [(64u64, 16u64), (40, 8), (37, 1), (100, 20)] {
        let m = clamped_module(n);
        let input: Vec<i32> = (0..n as i32).map(|i| i * 31 + 7).collect();
        let run = |w: u32| {
            let cm = compile(&m, &LowerOptions { lanes: w, checked: true, robust: false, whole_rows: false }).unwrap();
            assert_eq!(cm.kernels[0].lanes, w, "{:?}", cm.kernels[0].path_note);
            let mut out = vec![-1i32; 15 * n as usize];
            let args = [input.as_ptr() as u64, out.as_mut_ptr() as u64];
            assert_eq!(run_1d(&cm, &args, n, local, &no_cancel()).0, Status::DONE, "W = {w}, n = {n}");
            out
        };
        let reference = run(1);
        for w in [4, 8, 16] {
            assert_eq!(run(w), reference, "W = {w}, n = {n}, local = {local}");
        }
    }
    let text =
        dump_clif(&clamped_module(64), &LowerOptions { lanes: 16, checked: true, robust: false, whole_rows: false })
            .unwrap();
    assert!(text.contains("load.i32x4"), "clamped loads should be vector loads when in range: {text}");
}

/// Index arithmetic that is affine only piecewise, as 1-D ids split into rows and
/// columns and bitonic networks write it: `out[gid * 9 + j] = in[64 + idx_j]` for
/// `(x % m) + (x / m) * 2m` (signed `i32`, `x = gid` and `x = gid - 5`), its unsigned
/// 64-bit form, `(x & (p - 1)) + ((x >> k) << (k + 1))` with `p = 2^k` (a bitonic step),
/// the mask operand first, and the remainder, shift and quotient alone. Lane groups
/// inside one row take the vector path; every
/// width must give exactly what W = 1 gives, including `m = 0` (division by zero
/// gives 0) and masks that are not one less than a power of two.
fn split_index_module() -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (pin, pout) = (b.param(0, gptr()), b.param(1, gptr()));
    let (m, k) = (b.param(2, Type::I32), b.param(3, Type::I32));
    let gid = b.gid(0);
    let g32 = b.wrap_i32(gid);
    let nine = b.iconst(Type::I64, 9);
    let row = b.binary(BinaryOp::IMul, gid, nine);
    let bias = b.iconst(Type::I64, 64);
    let one = b.iconst(Type::I32, 1);
    let two_m = b.binary(BinaryOp::IAdd, m, m);
    let five = b.iconst(Type::I32, 5);
    let early = b.binary(BinaryOp::ISub, g32, five);
    let mut idx = Vec::new();
    for x in [g32, early] {
        let r = b.binary(BinaryOp::SRem, x, m);
        let q = b.binary(BinaryOp::SDiv, x, m);
        let qp = b.binary(BinaryOp::IMul, q, two_m);
        let i = b.binary(BinaryOp::IAdd, r, qp);
        idx.push(b.convert(ConvOp::SToS, i, Type::I64));
    }
    let m64 = b.convert(ConvOp::UToU, m, Type::I64);
    let r = b.binary(BinaryOp::URem, gid, m64);
    let q = b.binary(BinaryOp::UDiv, gid, m64);
    let two_m64 = b.binary(BinaryOp::IAdd, m64, m64);
    let qp = b.binary(BinaryOp::IMul, q, two_m64);
    idx.push(b.binary(BinaryOp::IAdd, r, qp));
    let p = b.binary(BinaryOp::Shl, one, k);
    let mask = b.binary(BinaryOp::ISub, p, one);
    let k1 = b.binary(BinaryOp::IAdd, k, one);
    for (lo, hi) in [(g32, mask), (mask, g32)] {
        let low = b.binary(BinaryOp::And, lo, hi);
        let high = b.binary(BinaryOp::LShr, g32, k);
        let high = b.binary(BinaryOp::Shl, high, k1);
        let i = b.binary(BinaryOp::IAdd, low, high);
        idx.push(b.convert(ConvOp::UToU, i, Type::I64));
    }
    // A mask that is not 2^k - 1: `x & m` scatters the lanes.
    let odd = b.binary(BinaryOp::And, g32, m);
    idx.push(b.convert(ConvOp::UToU, odd, Type::I64));
    // Each piece alone: a remainder, a shift and a quotient.
    let r = b.binary(BinaryOp::SRem, g32, m);
    idx.push(b.convert(ConvOp::SToS, r, Type::I64));
    let sh = b.binary(BinaryOp::LShr, g32, k);
    idx.push(b.convert(ConvOp::UToU, sh, Type::I64));
    idx.push(b.binary(BinaryOp::UDiv, gid, m64));
    for (j, i) in idx.into_iter().enumerate() {
        let i = b.binary(BinaryOp::IAdd, i, bias);
        let src = b.elem(pin, i, 4);
        let v = b.load(src, Type::I32, 4);
        let jj = b.iconst(Type::I64, j as u64);
        let at = b.binary(BinaryOp::IAdd, row, jj);
        let dst = b.elem(pout, at, 4);
        b.store(dst, v, 4);
    }
    b.ret();
    module(vec![ptr_param(Type::I32), ptr_param(Type::I32), value_param(Type::I32), value_param(Type::I32)], f, 0)
}

#[test]
fn split_indices_take_the_vector_path_and_match_w1() {
    let m = split_index_module();
    let n = 96u64;
    let input: Vec<i32> = (0..4 * n as i32 + 256).map(|i| i * 13 - 5).collect();
    for (div, k) in [(32u64, 5u64), (16, 4), (7, 2), (0, 0), (5, 6), (48, 3)] {
        let run = |w: u32| {
            let cm = compile(&m, &LowerOptions { lanes: w, checked: true, robust: false, whole_rows: false }).unwrap();
            assert_eq!(cm.kernels[0].lanes, w, "{:?}", cm.kernels[0].path_note);
            let mut out = vec![-1i32; 9 * n as usize];
            let args = [input.as_ptr() as u64, out.as_mut_ptr() as u64, div, k];
            assert_eq!(run_1d(&cm, &args, n, 16, &no_cancel()).0, Status::DONE, "W = {w}, m = {div}");
            out
        };
        let reference = run(1);
        for w in [4, 8, 16] {
            assert_eq!(run(w), reference, "W = {w}, m = {div}, k = {k}");
        }
    }
    let text = dump_clif(&m, &LowerOptions { lanes: 16, checked: true, robust: false, whole_rows: false }).unwrap();
    assert!(text.matches("load.i32x4").count() >= 4, "row-split loads should have a vector form: {text}");
}

/// Work-items with `gid % 3 != 0` take `slot = atomic_inc(&counts[0])` and
/// `old = atomic_add(&counts[1], gid)`, storing both: at every W the counters end as at
/// W = 1, the slots are exactly 0..count (each once) and the old sums form one serial
/// order (sorted, each is the previous plus the previous work-item's `gid`).
#[test]
fn atomic_additions_to_one_address_give_a_serial_order_at_every_width() {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (counts, out) = (b.param(0, gptr()), b.param(1, gptr()));
    let gid = b.gid(0);
    let three = b.iconst(Type::I64, 3);
    let r = b.binary(BinaryOp::URem, gid, three);
    let zero = b.iconst(Type::I64, 0);
    let c = b.inst(InstKind::Icmp(IntCC::Ne, r, zero), Type::BOOL);
    let (t, j) = (b.create_block(), b.create_block());
    b.branch(c, t, &[], j, &[]);
    b.switch_to_block(t);
    let one = b.iconst(Type::I32, 1);
    let slot = b.inst(InstKind::AtomicRmw { op: AtomicOp::Inc, ptr: counts, value: one }, Type::I32);
    let g32 = b.wrap_i32(gid);
    let four = b.iconst(Type::I64, 4);
    let sum_at = b.ptr_add(counts, four);
    let old = b.inst(InstKind::AtomicRmw { op: AtomicOp::Add, ptr: sum_at, value: g32 }, Type::I32);
    let two = b.iconst(Type::I64, 2);
    let at = b.binary(BinaryOp::IMul, gid, two);
    let o = b.elem(out, at, 4);
    b.store(o, slot, 4);
    let o1 = b.ptr_add(o, four);
    b.store(o1, old, 4);
    b.jump(j, &[]);
    b.switch_to_block(j);
    b.ret();
    let m = module(vec![ptr_param(Type::I32), ptr_param(Type::I32)], f, 0);
    let n = 100u64;
    let run = |w: u32| {
        let cm = compile(&m, &LowerOptions { lanes: w, checked: true, robust: false, whole_rows: false }).unwrap();
        assert_eq!(cm.kernels[0].lanes, w);
        let mut counts = vec![0i32; 2];
        let mut out = vec![-1i32; 2 * n as usize];
        let args = [counts.as_mut_ptr() as u64, out.as_mut_ptr() as u64];
        assert_eq!(run_1d(&cm, &args, n, 20, &no_cancel()).0, Status::DONE, "W = {w}");
        (counts, out)
    };
    let (want, _) = run(1);
    let taken: Vec<i32> = (0..n as i32).filter(|g| g % 3 != 0).collect();
    assert_eq!(want, vec![taken.len() as i32, taken.iter().sum::<i32>()]);
    for w in [4, 8, 16] {
        let (counts, out) = run(w);
        assert_eq!(counts, want, "W = {w}");
        let mut slots: Vec<i32> = taken.iter().map(|g| out[2 * *g as usize]).collect();
        slots.sort();
        assert_eq!(slots, (0..taken.len() as i32).collect::<Vec<_>>(), "W = {w}: slots");
        let mut olds: Vec<(i32, i32)> = taken.iter().map(|g| (out[2 * *g as usize + 1], *g)).collect();
        olds.sort();
        let mut running = 0;
        for (old, g) in olds {
            assert_eq!(old, running, "W = {w}: old sums");
            running += g;
        }
        assert!(out.iter().step_by(6).all(|x| *x == -1), "W = {w}: work-items that skip stay untouched");
    }
}

/// `i = gid; while (i < n) { acc += in[i]; i += (in[i] & 1) ? 64 : 32; }` with the two
/// steps on two back edges into the loop header: the induction variable's stride hint
/// holds on entry but not once lanes took different edges, so its consecutive accesses
/// must compare the lanes at run time. Every width matches W = 1.
#[test]
fn induction_variables_with_uneven_back_edges() {
    let m = sum_loop(
        |b, gid, zero, head| b.jump(head, &[gid, zero]),
        |b, i, x, acc1, zero, head| {
            let (odd, even) = (b.create_block(), b.create_block());
            let one = b.iconst(Type::I32, 1);
            let bit = b.binary(BinaryOp::And, x, one);
            let is_odd = b.inst(InstKind::Icmp(IntCC::Ne, bit, zero), Type::BOOL);
            b.branch(is_odd, odd, &[], even, &[]);
            for (blk, step) in [(odd, 64u64), (even, 32)] {
                b.switch_to_block(blk);
                let s = b.iconst(Type::I64, step);
                let next = b.binary(BinaryOp::IAdd, i, s);
                b.jump(head, &[next, acc1]);
            }
        },
    );
    let input = loop_input();
    let len = input.len();
    let reference: Vec<i32> = (0..96usize)
        .map(|g| {
            let (mut k, mut a) = (g, 0i32);
            while k < len {
                a += input[k];
                k += if input[k] & 1 != 0 { 64 } else { 32 };
            }
            a
        })
        .collect();
    widths_match_reference(&m, &input, &reference);
}

/// An induction variable entered with `gid` by some lanes and `gid + 2` by others (two
/// entering values, each with stride 1) and stepped by 32: its stride hint is 1, but
/// lanes are not consecutive, so it is not exact for certain and the run-time
/// comparison must stay. Every width matches W = 1.
#[test]
fn induction_variables_entered_from_two_edges() {
    let m = sum_loop(
        |b, gid, zero, head| {
            let (plain, shifted) = (b.create_block(), b.create_block());
            let three = b.iconst(Type::I64, 3);
            let low = b.binary(BinaryOp::And, gid, three);
            let zero64 = b.iconst(Type::I64, 0);
            let c0 = b.inst(InstKind::Icmp(IntCC::Eq, low, zero64), Type::BOOL);
            b.branch(c0, shifted, &[], plain, &[]);
            b.switch_to_block(plain);
            b.jump(head, &[gid, zero]);
            b.switch_to_block(shifted);
            let two = b.iconst(Type::I64, 2);
            let g2 = b.binary(BinaryOp::IAdd, gid, two);
            b.jump(head, &[g2, zero]);
        },
        |b, i, _x, acc1, _zero, head| {
            let step = b.iconst(Type::I64, 32);
            let next = b.binary(BinaryOp::IAdd, i, step);
            b.jump(head, &[next, acc1]);
        },
    );
    let input = loop_input();
    let len = input.len();
    let reference: Vec<i32> =
        (0..96usize).map(|g| (if g & 3 == 0 { g + 2 } else { g }..len).step_by(32).map(|k| input[k]).sum()).collect();
    // With whole rows the entering `gid` is exact for certain; `gid + 2` must still
    // keep the parameter from being claimed exact.
    widths_match_reference(&m, &input, &reference);
}

/// `out[gid] = sum of in[i]` over a loop `head(i, acc): if i < n { acc += in[i]; ... }`
/// whose entry edges `enter(b, gid, zero, head)` builds (jumping to `head` with the
/// start of `i` and `acc = zero`) and whose back edges `step(b, i, in[i], acc + in[i],
/// zero, head)` builds; parameters `(in, out, n)`.
fn sum_loop(
    enter: impl FnOnce(&mut FunctionBuilder, Value, Value, BlockId),
    step: impl FnOnce(&mut FunctionBuilder, Value, Value, Value, Value, BlockId),
) -> Module {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (pin, pout) = (b.param(0, gptr()), b.param(1, gptr()));
    let n = b.param(2, Type::I64);
    let gid = b.gid(0);
    let zero = b.iconst(Type::I32, 0);
    let (head, body, exit) = (b.create_block(), b.create_block(), b.create_block());
    enter(&mut b, gid, zero, head);
    b.switch_to_block(head);
    let i = b.append_block_param(head, Type::I64);
    let acc = b.append_block_param(head, Type::I32);
    let c = b.inst(InstKind::Icmp(IntCC::Slt, i, n), Type::BOOL);
    b.branch(c, body, &[], exit, &[acc]);
    b.switch_to_block(body);
    let e = b.elem(pin, i, 4);
    let x = b.load(e, Type::I32, 4);
    let acc1 = b.binary(BinaryOp::IAdd, acc, x);
    step(&mut b, i, x, acc1, zero, head);
    b.switch_to_block(exit);
    let r = b.append_block_param(exit, Type::I32);
    let eo = b.elem(pout, gid, 4);
    b.store(eo, r, 4);
    b.ret();
    module(vec![ptr_param(Type::I32), ptr_param(Type::I32), value_param(Type::I64)], f, 0)
}

/// Input of the induction-variable kernels: parities in runs, so that lane groups
/// both agree and split.
fn loop_input() -> Vec<i32> {
    (0..3000).map(|k: i32| (k * 7 + (k / 13) % 3) % 100).collect()
}

/// Run `m(input, out, len)` over 96 work-items in groups of 32 at W = 1 and at W = 4,
/// 8, 16 with and without whole rows; every run gives `reference`.
fn widths_match_reference(m: &Module, input: &[i32], reference: &[i32]) {
    let widths = [(1, false)].into_iter().chain([4, 8, 16].into_iter().flat_map(|w| [(w, false), (w, true)]));
    for (w, rows) in widths {
        let mut out = vec![0i32; 96];
        with_lanes(w, || {
            let cm = build_with_rows(m, rows);
            let args = [input.as_ptr() as u64, out.as_mut_ptr() as u64, input.len() as u64];
            assert_eq!(run_1d(&cm, &args, 96, 32, &no_cancel()).0, Status::DONE, "W = {w}");
        });
        assert_eq!(out, reference, "W = {w}, whole rows {rows}");
    }
}

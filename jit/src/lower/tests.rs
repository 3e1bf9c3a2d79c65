//! Tests of the lowering: hand-built KIR kernels compiled and run on a launch context
//! filled in here, the way the runtime's driver does it.

use std::sync::atomic::AtomicU32;

use spirjit_abi::status::error_kind;
use spirjit_abi::{ErrorRecord, LaunchContext, Status};

use super::{CompiledModule, LowerOptions};
use crate::ir::{
    AddressSpace, AtomicOp, BinaryOp, BlockCall, BlockId, ConvOp, Conversion, Function, FunctionBuilder, HostType,
    InstKind, IntCC, Kernel, Module, Param, ParamKind, PrivateVar, Rounding, Signedness, Type, Value, WorkItemQuery,
};
use crate::pipeline::{compile, dump_clif};

/// Shorthands of these tests on top of the KIR builder.
trait TestBuild {
    /// `get_global_id(d)` as an i64.
    fn gid(&mut self, d: u32) -> Value;
    /// `base + index * size`.
    fn elem(&mut self, base: Value, index: Value, size: u64) -> Value;
    /// `v` converted (wrapping) to `i32`.
    fn wrap_i32(&mut self, v: Value) -> Value;
}

impl TestBuild for FunctionBuilder<'_> {
    fn gid(&mut self, d: u32) -> Value {
        self.work_item(WorkItemQuery::GlobalId, d, Type::I64)
    }
    fn elem(&mut self, base: Value, index: Value, size: u64) -> Value {
        let s = self.iconst(Type::I64, size);
        let off = self.binary(BinaryOp::IMul, index, s);
        self.ptr_add(base, off)
    }
    fn wrap_i32(&mut self, v: Value) -> Value {
        self.convert(ConvOp::UToU, v, Type::I32)
    }
}

fn gptr() -> Type {
    Type::ptr(AddressSpace::Global)
}

fn ptr_param(pointee: Type) -> Param {
    let kind = ParamKind::Pointer { space: AddressSpace::Global, pointee };
    Param {
        name: None,
        host: HostType::of_param(&kind, Signedness::Unknown),
        kind,
        type_name: None,
        read_only: false,
        qualifiers: Default::default(),
        value_type: gptr(),
    }
}

fn value_param(ty: Type) -> Param {
    let kind = ParamKind::Value(ty.clone());
    Param {
        name: None,
        host: HostType::of_param(&kind, Signedness::Unknown),
        kind,
        type_name: None,
        read_only: true,
        qualifiers: Default::default(),
        value_type: ty,
    }
}

fn module(params: Vec<Param>, func: Function, local_static_size: u64) -> Module {
    Module {
        kernels: vec![Kernel {
            name: "k".into(),
            params,
            reqd_work_group_size: None,
            work_group_size_hint: None,
            reqd_sub_group_size: None,
            local_static_size,
            local_zero_init: vec![],
            interface: None,
            opencl: None,
            func,
        }],
        data: vec![],
        capabilities: vec![],
        pointer_bits: 64,
        spec_constants: vec![],
    }
}

thread_local! {
    /// The W `build` asks for (tests of the vector path run the scalar tests again).
    static LANES: std::cell::Cell<u32> = const { std::cell::Cell::new(1) };
}

fn build(m: &Module) -> CompiledModule {
    build_with_rows(m, false)
}

/// [`build`], with code that may assume lane groups lie within rows (every 1-D launch
/// does).
fn build_with_rows(m: &Module, whole_rows: bool) -> CompiledModule {
    let options = LowerOptions { lanes: LANES.with(|l| l.get()), checked: true, robust: false, whole_rows };
    match compile(m, &options) {
        Ok(c) => {
            if options.lanes != 1 {
                eprintln!("  W = {}: {:?}", c.kernels[0].lanes, c.kernels[0].path_note);
            }
            c
        }
        Err(e) => {
            let clif = dump_clif(m, &options).unwrap_or_else(|e| e.to_string());
            panic!("{e}\nKIR:\n{m}\nCLIF:\n{clif}")
        }
    }
}

/// 16-byte-aligned zeroed bytes.
fn aligned(bytes: u64) -> Vec<u128> {
    vec![0u128; bytes.div_ceil(16).max(1) as usize]
}

/// Run kernel 0 over a 1-D NDRange the way the driver does; returns the first status
/// that is not DONE (or DONE) and the error record.
fn run_1d(cm: &CompiledModule, args: &[u64], global: u64, local: u64, cancel: &AtomicU32) -> (u64, ErrorRecord) {
    // The slots, then a size per slot: unlimited, as is the one region of the table
    // (these tests exercise code generation; `tests/bounds.rs` exercises the checks).
    let mut slots = args.to_vec();
    slots.extend(std::iter::repeat_n(u64::MAX, args.len()));
    let everything = [spirjit_abi::Region { base: 0, size: u64::MAX, arg: u64::MAX }];
    run_1d_in(cm, &slots, &everything, global, local, cancel, 0)
}

/// [`run_1d`] with explicit slots (`n` values then `n` sizes) and region table, each
/// work-group's first call resuming at `first_resume` (0: the start).
fn run_1d_in(
    cm: &CompiledModule,
    slots: &[u64],
    regions: &[spirjit_abi::Region],
    global: u64,
    local: u64,
    cancel: &AtomicU32,
    first_resume: u64,
) -> (u64, ErrorRecord) {
    let k = &cm.kernels[0];
    let groups = global.div_ceil(local);
    let mut private = aligned(k.private_stride * local.div_ceil(k.lanes as u64));
    let mut localm = aligned(k.local_static_size);
    let mut err = ErrorRecord::default();
    for g in 0..groups {
        let ls = local.min(global - g * local);
        let ctx = LaunchContext {
            work_dim: 1,
            global_size: [global, 1, 1],
            local_size: [ls, 1, 1],
            enqueued_local_size: [local, 1, 1],
            num_groups: [groups, 1, 1],
            global_offset: [0; 3],
            group_id: [g, 0, 0],
            args: slots.as_ptr(),
            local_mem: localm.as_mut_ptr() as *mut u8,
            private_mem: private.as_mut_ptr() as *mut u8,
            private_stride: k.private_stride,
            cancel: cancel as *const AtomicU32,
            error: &mut err,
            regions: regions.as_ptr(),
            region_count: regions.len() as u64,
        };
        let mut resume = first_resume;
        let lane_groups = ls.div_ceil(k.lanes as u64);
        // Even groups run in one call; odd ones in two calls (the second starting
        // mid-group), as a driver splitting work-groups may.
        let split = if g % 2 == 1 && lane_groups > 1 { lane_groups / 2 } else { lane_groups };
        loop {
            let mut statuses = Vec::new();
            for (first, count) in [(0, split), (split, lane_groups - split)] {
                if count == 0 {
                    continue;
                }
                // SAFETY: the context points at live buffers sized for the kernel.
                let st = unsafe { (k.entry)(&ctx, first, count, resume) };
                if st == Status::ERROR || st == Status::CANCELLED {
                    // The driver stops the dispatch at the first error.
                    return (st, err);
                }
                statuses.push(st);
            }
            let s = statuses[0];
            assert!(statuses.iter().all(|x| *x == s), "lane groups disagree: {statuses:?}");
            if s == Status::DONE {
                break;
            }
            if s > k.barrier_count as u64 {
                return (s, err);
            }
            resume = s;
        }
    }
    (Status::DONE, err)
}

fn no_cancel() -> AtomicU32 {
    AtomicU32::new(0)
}

#[test]
fn vector_add() {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (pa, pb, pc) = (b.param(0, gptr()), b.param(1, gptr()), b.param(2, gptr()));
    let i = b.gid(0);
    let (ea, eb, ec) = (b.elem(pa, i, 4), b.elem(pb, i, 4), b.elem(pc, i, 4));
    let (x, y) = (b.load(ea, Type::F32, 4), b.load(eb, Type::F32, 4));
    let s = b.binary(BinaryOp::FAdd, x, y);
    b.store(ec, s, 4);
    b.ret();
    let m = module(vec![ptr_param(Type::F32), ptr_param(Type::F32), ptr_param(Type::F32)], f, 0);
    let cm = build(&m);
    let n = 37;
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let bb: Vec<f32> = (0..n).map(|i| 0.5 * i as f32).collect();
    let mut c = vec![0f32; n];
    let args = [a.as_ptr() as u64, bb.as_ptr() as u64, c.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, n as u64, 8, &no_cancel()).0, Status::DONE);
    for i in 0..n {
        assert_eq!(c[i], a[i] + bb[i]);
    }
}

/// A call asking a kernel without barriers to resume anywhere but its start is a driver
/// bug: the kernel reports it (an `UNREACHABLE` error) instead of running.
#[test]
fn resuming_a_kernel_without_barriers_is_an_error() {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let pc = b.param(0, gptr());
    let i = b.gid(0);
    let ec = b.elem(pc, i, 4);
    let one = b.iconst(Type::I32, 1);
    b.store(ec, one, 4);
    b.ret();
    let m = module(vec![ptr_param(Type::I32)], f, 0);
    let cm = build(&m);
    let mut c = vec![0i32; 40];
    let mut slots = vec![c.as_mut_ptr() as u64];
    slots.push(u64::MAX);
    let everything = [spirjit_abi::Region { base: 0, size: u64::MAX, arg: u64::MAX }];
    let (st, err) = run_1d_in(&cm, &slots, &everything, 40, 8, &no_cancel(), 3);
    assert_eq!(st, Status::ERROR);
    assert_eq!(err.kind, spirjit_abi::status::error_kind::UNREACHABLE);
    assert!(c.iter().all(|x| *x == 0), "the kernel ran: {c:?}");
    let (st, _) = run_1d_in(&cm, &slots, &everything, 40, 8, &no_cancel(), 0);
    assert_eq!(st, Status::DONE);
    assert!(c.iter().all(|x| *x == 1), "{c:?}");
}

#[test]
fn loop_with_block_params_sums() {
    // out[0] = sum of 0..n, with (i, acc) as block parameters.
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let n = b.param(0, Type::I32);
    let out = b.param(1, gptr());
    let zero = b.iconst(Type::I32, 0);
    let head = b.create_block();
    let body = b.create_block();
    let exit = b.create_block();
    b.jump(head, &[zero, zero]);
    b.switch_to_block(head);
    let i = b.append_block_param(head, Type::I32);
    let acc = b.append_block_param(head, Type::I32);
    let c = b.inst(InstKind::Icmp(IntCC::Slt, i, n), Type::BOOL);
    b.branch(c, body, &[], exit, &[acc]);
    b.switch_to_block(body);
    let one = b.iconst(Type::I32, 1);
    let i1 = b.binary(BinaryOp::IAdd, i, one);
    let acc1 = b.binary(BinaryOp::IAdd, acc, i);
    // Swapped argument order exercises the parallel copy.
    b.jump(head, &[i1, acc1]);
    b.switch_to_block(exit);
    let r = b.append_block_param(exit, Type::I32);
    b.store(out, r, 4);
    b.ret();
    let m = module(vec![value_param(Type::I32), ptr_param(Type::I32)], f, 0);
    let cm = build(&m);
    let mut out = [0i32; 1];
    let args = [100u64, out.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, 1, 1, &no_cancel()).0, Status::DONE);
    assert_eq!(out[0], 4950);
}

#[test]
fn barriers_in_a_loop_exchange_through_local_memory() {
    // v = gid; for it in 0..4 { tmp[lid] = v; barrier; v = tmp[(lid+1) % ls] * 2 + it; barrier }
    // out[gid] = v
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let out = b.param(0, gptr());
    let d0 = b.iconst(Type::I32, 0);
    let lid = b.inst(InstKind::WorkItem(WorkItemQuery::LocalId, d0), Type::I64);
    let ls = b.inst(InstKind::WorkItem(WorkItemQuery::LocalSize, d0), Type::I64);
    let gid = b.gid(0);
    let tmp = b.inst(InstKind::LocalAddr(0), Type::ptr(AddressSpace::Local));
    let v0 = b.wrap_i32(gid);
    let z = b.iconst(Type::I32, 0);
    let head = b.create_block();
    let exit = b.create_block();
    b.jump(head, &[v0, z]);
    b.switch_to_block(head);
    let v = b.append_block_param(head, Type::I32);
    let it = b.append_block_param(head, Type::I32);
    let slot = b.elem(tmp, lid, 4);
    b.store(slot, v, 4);
    b.inst_void(InstKind::Barrier);
    let one64 = b.iconst(Type::I64, 1);
    let nb = b.binary(BinaryOp::IAdd, lid, one64);
    let nb = b.binary(BinaryOp::URem, nb, ls);
    let nslot = b.elem(tmp, nb, 4);
    let w = b.load(nslot, Type::I32, 4);
    let two = b.iconst(Type::I32, 2);
    let w2 = b.binary(BinaryOp::IMul, w, two);
    let nv = b.binary(BinaryOp::IAdd, w2, it);
    b.inst_void(InstKind::Barrier);
    let one = b.iconst(Type::I32, 1);
    let it1 = b.binary(BinaryOp::IAdd, it, one);
    let four = b.iconst(Type::I32, 4);
    let c = b.inst(InstKind::Icmp(IntCC::Slt, it1, four), Type::BOOL);
    b.branch(c, head, &[nv, it1], exit, &[]);
    b.switch_to_block(exit);
    let o = b.elem(out, gid, 4);
    b.store(o, nv, 4);
    b.ret();
    let local = 8u64;
    let m = module(vec![ptr_param(Type::I32)], f, 4 * local);
    let cm = build(&m);
    assert_eq!(cm.kernels[0].barrier_count, 2);
    let global = 20u64; // the last group is partial
    let mut out = vec![0i32; global as usize];
    let args = [out.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, global, local, &no_cancel()).0, Status::DONE);
    let mut expect = vec![0i32; global as usize];
    for g in 0..global.div_ceil(local) {
        let ls = local.min(global - g * local);
        let mut vals: Vec<i32> = (0..ls).map(|l| (g * local + l) as i32).collect();
        for it in 0..4 {
            vals = (0..ls as usize).map(|l| vals[(l + 1) % ls as usize] * 2 + it).collect();
        }
        for l in 0..ls {
            expect[(g * local + l) as usize] = vals[l as usize];
        }
    }
    assert_eq!(out, expect);
}

#[test]
fn integer_division_never_traps() {
    // out[4i..4i+4] = (a/b, a%b, smod(a,b), a udiv b)
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (pa, pb, po) = (b.param(0, gptr()), b.param(1, gptr()), b.param(2, gptr()));
    let i = b.gid(0);
    let (ea, eb) = (b.elem(pa, i, 4), b.elem(pb, i, 4));
    let (x, y) = (b.load(ea, Type::I32, 4), b.load(eb, Type::I32, 4));
    let four = b.iconst(Type::I64, 4);
    let base = b.binary(BinaryOp::IMul, i, four);
    for (j, op) in [BinaryOp::SDiv, BinaryOp::SRem, BinaryOp::SMod, BinaryOp::UDiv].into_iter().enumerate() {
        let r = b.binary(op, x, y);
        let jj = b.iconst(Type::I64, j as u64);
        let idx = b.binary(BinaryOp::IAdd, base, jj);
        let e = b.elem(po, idx, 4);
        b.store(e, r, 4);
    }
    b.ret();
    let m = module(vec![ptr_param(Type::I32), ptr_param(Type::I32), ptr_param(Type::I32)], f, 0);
    let cm = build(&m);
    let a = [7, -7, 7, i32::MIN, 5, -7, 0];
    let d = [0, 2, -2, -1, 0, 3, 0];
    let mut out = vec![0i32; 4 * a.len()];
    let args = [a.as_ptr() as u64, d.as_ptr() as u64, out.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, a.len() as u64, 1, &no_cancel()).0, Status::DONE);
    for k in 0..a.len() {
        let (x, y) = (a[k], d[k]);
        let sdiv = if y == 0 { 0 } else { x.wrapping_div(y) };
        let srem = if y == 0 { 0 } else { x.wrapping_rem(y) };
        let smod = if srem != 0 && ((srem < 0) != (y < 0)) { srem + y } else { srem };
        let udiv = if y == 0 { 0 } else { ((x as u32) / (y as u32)) as i32 };
        assert_eq!(&out[4 * k..4 * k + 4], &[sdiv, srem, smod, udiv], "a = {x}, b = {y}");
    }
}

fn conv(op: ConvOp, saturate: bool, rounding: Option<Rounding>) -> InstKind {
    // The operand is patched in by the caller.
    InstKind::Convert(Conversion { op, saturate, rounding }, Value(0))
}

/// One kernel applying `convs` (result types) to `in[gid]` of `src` type and storing
/// each result as i64 / f64 bits into `out[gid * n + j]`.
fn run_conversions(src: Type, input: &[u64], convs: &[(InstKind, Type)]) -> Vec<u64> {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (pi, po) = (b.param(0, gptr()), b.param(1, gptr()));
    let i = b.gid(0);
    let ei = b.elem(pi, i, 8);
    let x = b.load(ei, src.clone(), 4);
    let n = b.iconst(Type::I64, convs.len() as u64);
    let base = b.binary(BinaryOp::IMul, i, n);
    for (j, (kind, ty)) in convs.iter().enumerate() {
        let InstKind::Convert(c, _) = kind else { unreachable!() };
        let r = b.inst(InstKind::Convert(*c, x), ty.clone());
        let jj = b.iconst(Type::I64, j as u64);
        let idx = b.binary(BinaryOp::IAdd, base, jj);
        let e = b.elem(po, idx, 8);
        b.store(e, r, 4);
    }
    b.ret();
    let m = module(vec![ptr_param(src), ptr_param(Type::I64)], f, 0);
    let cm = build(&m);
    let mut out = vec![0u64; input.len() * convs.len()];
    let args = [input.as_ptr() as u64, out.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, input.len() as u64, 1, &no_cancel()).0, Status::DONE);
    out
}

#[test]
fn float_to_int_conversions_saturate() {
    let inputs = [1e10f32, -1e10, f32::NAN, 2.5, -2.5, 127.5, 300.0, -300.0];
    let bits: Vec<u64> = inputs.iter().map(|f| f.to_bits() as u64).collect();
    let convs = [
        (conv(ConvOp::FToS, true, None), Type::I8),
        (conv(ConvOp::FToU, true, None), Type::I16),
        (conv(ConvOp::FToS, true, None), Type::I32),
        (conv(ConvOp::FToU, true, Some(Rounding::Up)), Type::I32),
        (conv(ConvOp::FToS, true, Some(Rounding::NearestEven)), Type::I64),
        (conv(ConvOp::FToS, true, Some(Rounding::Down)), Type::I8),
    ];
    let out = run_conversions(Type::F32, &bits, &convs);
    for (k, x) in inputs.iter().enumerate() {
        let row = &out[k * convs.len()..(k + 1) * convs.len()];
        assert_eq!(row[0] as u8 as i8, *x as i8, "{x} → char_sat");
        assert_eq!(row[1] as u16, *x as u16, "{x} → ushort_sat");
        assert_eq!(row[2] as u32 as i32, *x as i32, "{x} → int_sat");
        assert_eq!(row[3] as u32, x.ceil() as u32, "{x} → uint_sat_rtp");
        assert_eq!(row[4] as i64, x.round_ties_even() as i64, "{x} → long_sat_rte");
        assert_eq!(row[5] as u8 as i8, x.floor() as i8, "{x} → char_sat_rtn");
    }
}

#[test]
fn int_to_int_conversions_saturate() {
    let inputs: [i64; 6] = [-5, 300, -300, 70000, i64::MAX, i64::MIN];
    let bits: Vec<u64> = inputs.iter().map(|v| *v as u64).collect();
    let convs = [
        (conv(ConvOp::SToU, true, None), Type::I8),
        (conv(ConvOp::SToS, true, None), Type::I16),
        (conv(ConvOp::UToU, true, None), Type::I32),
        (conv(ConvOp::UToS, true, None), Type::I64),
        (conv(ConvOp::SToS, false, None), Type::I8),
    ];
    let out = run_conversions(Type::I64, &bits, &convs);
    for (k, x) in inputs.iter().enumerate() {
        let row = &out[k * convs.len()..(k + 1) * convs.len()];
        assert_eq!(row[0] as u8, (*x).clamp(0, 255) as u8, "{x} → uchar_sat");
        assert_eq!(row[1] as u16 as i16, (*x).clamp(-32768, 32767) as i16, "{x} → short_sat");
        assert_eq!(row[2] as u32, (*x as u64).min(u32::MAX as u64) as u32, "{x} → uint_sat (unsigned source)");
        assert_eq!(row[3] as i64, (*x as u64).min(i64::MAX as u64) as i64, "{x} → long_sat (unsigned source)");
        assert_eq!(row[4] as u8 as i8, *x as i8, "{x} → char");
    }
}

#[test]
fn f16_round_trip() {
    if spirjit_builtins::lookup("convert_f32_to_f16_rte").is_none() {
        eprintln!("skipped: the builtins crate has no f16 helpers yet");
        return;
    }
    let inputs = [1.0f32, -2.5, 65504.0, 1e-3, 70000.0, 0.1];
    let bits: Vec<u64> = inputs.iter().map(|f| f.to_bits() as u64).collect();
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let (pi, po) = (b.param(0, gptr()), b.param(1, gptr()));
    let i = b.gid(0);
    let ei = b.elem(pi, i, 8);
    let x = b.load(ei, Type::F32, 4);
    let h = b.inst(InstKind::Convert(Conversion { op: ConvOp::FToF, saturate: false, rounding: None }, x), Type::F16);
    let y = b.inst(InstKind::Convert(Conversion { op: ConvOp::FToF, saturate: false, rounding: None }, h), Type::F32);
    let eo = b.elem(po, i, 8);
    b.store(eo, y, 4);
    b.ret();
    let cm = build(&module(vec![ptr_param(Type::F32), ptr_param(Type::F32)], f, 0));
    let mut out = vec![0u64; inputs.len()];
    let args = [bits.as_ptr() as u64, out.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, inputs.len() as u64, 1, &no_cancel()).0, Status::DONE);
    let got: Vec<f32> = out.iter().map(|b| f32::from_bits(*b as u32)).collect();
    assert_eq!(got[0], 1.0);
    assert_eq!(got[1], -2.5);
    assert_eq!(got[2], 65504.0);
    assert!((got[3] - 1e-3).abs() < 1e-6, "{}", got[3]);
    assert!(got[4].is_infinite());
    assert!((got[5] - 0.1).abs() < 1e-4, "{}", got[5]);
}

#[test]
fn atomics_from_several_threads() {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let p = b.param(0, gptr());
    let one = b.iconst(Type::I32, 1);
    b.inst(InstKind::AtomicRmw { op: AtomicOp::Add, ptr: p, value: one }, Type::I32);
    let four = b.iconst(Type::I64, 4);
    let p1 = b.inst(InstKind::PtrAdd(p, four), gptr());
    b.inst(InstKind::AtomicRmw { op: AtomicOp::Inc, ptr: p1, value: one }, Type::I32);
    let gid = b.gid(0);
    let g32 = b.wrap_i32(gid);
    let eight = b.iconst(Type::I64, 8);
    let p2 = b.inst(InstKind::PtrAdd(p, eight), gptr());
    b.inst(InstKind::AtomicRmw { op: AtomicOp::UMax, ptr: p2, value: g32 }, Type::I32);
    b.ret();
    let cm = build(&module(vec![ptr_param(Type::I32)], f, 0));
    let counters = [0u32; 3];
    let addr = counters.as_ptr() as u64;
    let per_thread = 5000u64;
    std::thread::scope(|s| {
        for _ in 0..4 {
            let cm = &cm;
            s.spawn(move || {
                let args = [addr];
                assert_eq!(run_1d(cm, &args, per_thread, 1, &no_cancel()).0, Status::DONE);
            });
        }
    });
    // SAFETY: all threads are joined; read the counters the kernels wrote atomically.
    let got: Vec<u32> = (0..3).map(|i| unsafe { std::ptr::read_volatile(counters.as_ptr().add(i)) }).collect();
    assert_eq!(got, vec![4 * per_thread as u32, 4 * per_thread as u32, per_thread as u32 - 1]);
}

#[test]
fn private_array_indexed_dynamically() {
    // int arr[16]; for i in 0..16: arr[i] = i*i; out[gid] = arr[gid % 16]
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let out = b.param(0, gptr());
    let var = b.add_var(PrivateVar { name: None, size: 64, align: 4, init: None });
    let arr = b.inst(InstKind::VarAddr(var), Type::ptr(AddressSpace::Private));
    let z = b.iconst(Type::I64, 0);
    let head = b.create_block();
    let exit = b.create_block();
    b.jump(head, &[z]);
    b.switch_to_block(head);
    let i = b.append_block_param(head, Type::I64);
    let e = b.elem(arr, i, 4);
    let sq = b.binary(BinaryOp::IMul, i, i);
    let sq32 = b.wrap_i32(sq);
    b.store(e, sq32, 4);
    let one = b.iconst(Type::I64, 1);
    let i1 = b.binary(BinaryOp::IAdd, i, one);
    let n = b.iconst(Type::I64, 16);
    let c = b.inst(InstKind::Icmp(IntCC::Ult, i1, n), Type::BOOL);
    b.branch(c, head, &[i1], exit, &[]);
    b.switch_to_block(exit);
    let gid = b.gid(0);
    let sixteen = b.iconst(Type::I64, 16);
    let idx = b.binary(BinaryOp::URem, gid, sixteen);
    let e = b.elem(arr, idx, 4);
    let v = b.load(e, Type::I32, 4);
    let o = b.elem(out, gid, 4);
    b.store(o, v, 4);
    b.ret();
    let cm = build(&module(vec![ptr_param(Type::I32)], f, 0));
    assert!(cm.kernels[0].private_stride >= 64);
    let mut out = vec![0i32; 40];
    let args = [out.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, 40, 4, &no_cancel()).0, Status::DONE);
    for (g, v) in out.iter().enumerate() {
        assert_eq!(*v, ((g % 16) * (g % 16)) as i32);
    }
}

#[test]
fn unreachable_returns_error() {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    b.unreachable();
    let cm = build(&module(vec![], f, 0));
    let (status, err) = run_1d(&cm, &[], 4, 2, &no_cancel());
    assert_eq!(status, Status::ERROR);
    assert_eq!(err.kind, error_kind::UNREACHABLE);
    assert!(err.local_linear_id < 2, "{err:?}");
}

#[test]
fn cancel_flag_stops_an_infinite_loop() {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let head = b.create_block();
    b.jump(head, &[]);
    b.switch_to_block(head);
    b.jump(head, &[]);
    let cm = build(&module(vec![], f, 0));
    let cancel = AtomicU32::new(0);
    std::thread::scope(|s| {
        let h = s.spawn(|| run_1d(&cm, &[], 1, 1, &cancel).0);
        std::thread::sleep(std::time::Duration::from_millis(50));
        cancel.store(1, std::sync::atomic::Ordering::SeqCst);
        assert_eq!(h.join().unwrap(), Status::CANCELLED);
    });
}

#[test]
fn calls_name_builtins_of_the_runtime_library_only() {
    // KIR calls carry a builtin's id, resolved from its name when KIR is built: a name
    // the runtime library lacks cannot reach the lowering.
    let text = "block0():\n    v0: f32 = const 0x0\n    v1: f32 = call no_such_function_f32(v0)\n    return\n";
    let e = crate::ir::parse::parse_function(text).unwrap_err();
    assert!(e.to_string().contains("`no_such_function_f32` is none"), "{e}");
    let ok = text.replace("no_such_function_f32", "sin_f32");
    let f = crate::ir::parse::parse_function(&ok).unwrap();
    assert_eq!(f.to_string(), ok);
}

/// Every SPIR-V module of the kernel corpus that the front end translates must lower
/// without an internal error (a verifier failure or a panic).
#[test]
fn corpus_modules_lower_without_internal_errors() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels");
    let Ok(entries) = std::fs::read_dir(&dir) else { return };
    let mut paths: Vec<_> =
        entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "spv")).collect();
    paths.sort();
    let mut failures = Vec::new();
    let (mut lowered, mut other) = (0, Vec::new());
    for p in &paths {
        let Ok(bytes) = std::fs::read(p) else { continue };
        let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        let Ok(m) = crate::frontend::spirv::translate(&words) else { continue };
        match compile(&m, &LowerOptions::default()) {
            Ok(_) => lowered += 1,
            Err(e @ crate::CompileError::Internal { .. }) => failures.push(format!("{}: {e}", p.display())),
            Err(e) => other.push(format!("{}: {e}", p.display())),
        }
    }
    eprintln!("{lowered} corpus modules lowered; not lowered:\n{}", other.join("\n"));
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Runs a kernel (one work-item) that writes `n` i32 results to its only argument.
fn run_single(f: Function, n: usize) -> Vec<i32> {
    let cm = build(&module(vec![ptr_param(Type::I32)], f, 0));
    let mut out = vec![0i32; n];
    let args = [out.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, 1, 1, &no_cancel()).0, Status::DONE);
    out
}

#[test]
fn vectors_bitcasts_and_dynamic_access() {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let out = b.param(0, gptr());
    let i4 = Type::Vector(crate::ir::Scalar::I32, 4);
    let v = b.inst(InstKind::Const(vec![1, 2, 3, 4]), i4.clone());
    let w = b.inst(InstKind::Const(vec![10, 20, 30, 40]), i4.clone());
    let s = b.inst(InstKind::Shuffle { a: v, b: w, indices: vec![7, 0, u32::MAX, 5] }, i4.clone());
    // out[0..4] = shuffle
    b.store(out, s, 4);
    // out[4] = v[dyn 2], out[5] = v[dyn 9] (out of range → 0)
    let two = b.iconst(Type::I32, 2);
    let nine = b.iconst(Type::I32, 9);
    let e2 = b.inst(InstKind::ExtractDyn(v, two), Type::I32);
    let e9 = b.inst(InstKind::ExtractDyn(v, nine), Type::I32);
    let k4 = b.iconst(Type::I64, 4);
    let p4 = b.elem(out, k4, 4);
    b.store(p4, e2, 4);
    let k5 = b.iconst(Type::I64, 5);
    let p5 = b.elem(out, k5, 4);
    b.store(p5, e9, 4);
    // out[6..10] = insert_dyn(v, 99, 1) then insert(…, 77, 3)
    let one = b.iconst(Type::I32, 1);
    let n99 = b.iconst(Type::I32, 99);
    let n77 = b.iconst(Type::I32, 77);
    let x = b.inst(InstKind::InsertDyn { vector: v, element: n99, index: one }, i4.clone());
    let x = b.inst(InstKind::Insert { aggregate: x, element: n77, index: 3 }, i4.clone());
    let k6 = b.iconst(Type::I64, 6);
    let p6 = b.elem(out, k6, 4);
    b.store(p6, x, 4);
    // out[10..12] = bitcast(long 0x0000000200000001 → int2)
    let l = b.iconst(Type::I64, 0x0000_0002_0000_0001);
    let i2 = b.inst(InstKind::Bitcast(l), Type::Vector(crate::ir::Scalar::I32, 2));
    let k10 = b.iconst(Type::I64, 10);
    let p10 = b.elem(out, k10, 4);
    b.store(p10, i2, 4);
    // out[12] = bitcast(char4 (1,2,3,4) → int)
    let c4 = b.inst(InstKind::Const(vec![1, 2, 3, 4]), Type::Vector(crate::ir::Scalar::I8, 4));
    let ci = b.inst(InstKind::Bitcast(c4), Type::I32);
    let k12 = b.iconst(Type::I64, 12);
    let p12 = b.elem(out, k12, 4);
    b.store(p12, ci, 4);
    // out[13] = fmin(NaN, 2.0) as int; out[14] = fmax(1.0, NaN) as int
    let nan = b.iconst(Type::F32, f32::NAN.to_bits() as u64);
    let f2 = b.iconst(Type::F32, 2.0f32.to_bits() as u64);
    let f1 = b.iconst(Type::F32, 1.0f32.to_bits() as u64);
    let mn = b.inst(InstKind::Math(crate::ir::MathOp::FMin, vec![nan, f2]), Type::F32);
    let mx = b.inst(InstKind::Math(crate::ir::MathOp::FMax, vec![f1, nan]), Type::F32);
    let cv = Conversion { op: ConvOp::FToS, saturate: false, rounding: None };
    let mn = b.inst(InstKind::Convert(cv, mn), Type::I32);
    let mx = b.inst(InstKind::Convert(cv, mx), Type::I32);
    let k13 = b.iconst(Type::I64, 13);
    let p13 = b.elem(out, k13, 4);
    b.store(p13, mn, 4);
    let k14 = b.iconst(Type::I64, 14);
    let p14 = b.elem(out, k14, 4);
    b.store(p14, mx, 4);
    // out[15..19] = select(bool4 (1,0,1,0), v, w)
    let c = b.inst(InstKind::Const(vec![1, 0, 1, 0]), Type::Vector(crate::ir::Scalar::Bool, 4));
    let sel = b.inst(InstKind::Select(c, v, w), i4.clone());
    let k15 = b.iconst(Type::I64, 15);
    let p15 = b.elem(out, k15, 4);
    b.store(p15, sel, 4);
    // out[19] = clz(1 as i8) + 100 * popcount(0xF0 as i16)
    let c8 = b.iconst(Type::I8, 1);
    let z8 = b.inst(InstKind::Math(crate::ir::MathOp::Clz, vec![c8]), Type::I8);
    let z32 = b.wrap_i32(z8);
    let k19 = b.iconst(Type::I64, 19);
    let p19 = b.elem(out, k19, 4);
    b.store(p19, z32, 4);
    b.ret();
    let out = run_single(f, 20);
    assert_eq!(&out[0..4], &[40, 1, 0, 20]);
    assert_eq!(&out[4..6], &[3, 0]);
    assert_eq!(&out[6..10], &[1, 99, 3, 77]);
    assert_eq!(&out[10..12], &[1, 2]);
    assert_eq!(out[12], 0x0403_0201);
    assert_eq!(&out[13..15], &[2, 1]);
    assert_eq!(&out[15..19], &[1, 20, 3, 40]);
    assert_eq!(out[19], 7);
}

/// `out[gid] = match gid { 0 => 10, 2 => 30, _ => -1 }` as a switch; with
/// `duplicate_case`, a second (never taken) case for 2 leads to 10.
fn switch_kernel(duplicate_case: bool) -> Function {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let out = b.param(0, gptr());
    let gid = b.gid(0);
    let g32 = b.wrap_i32(gid);
    let exit = b.create_block();
    let r = b.append_block_param(exit, Type::I32);
    let (c10, c30, m1) = (b.iconst(Type::I32, 10), b.iconst(Type::I32, 30), b.iconst(Type::I32, 0xffff_ffff));
    let mut cases =
        vec![(0, BlockCall { block: exit, args: vec![c10] }), (2, BlockCall { block: exit, args: vec![c30] })];
    if duplicate_case {
        cases.push((2, BlockCall { block: exit, args: vec![c10] }));
    }
    b.switch(g32, BlockCall { block: exit, args: vec![m1] }, cases);
    b.switch_to_block(exit);
    let o = b.elem(out, gid, 4);
    b.store(o, r, 4);
    b.ret();
    f
}

#[test]
fn switch_picks_the_case_and_default() {
    let cm = build(&module(vec![ptr_param(Type::I32)], switch_kernel(false), 0));
    let mut out = vec![0i32; 4];
    let args = [out.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, 4, 2, &no_cancel()).0, Status::DONE);
    assert_eq!(out, vec![10, -1, 30, -1]);
}

#[test]
fn vector_params_are_loaded_through_the_slot_and_builtins_called_per_component() {
    // out[0..4] = fmod(v, 3.0) for a float4 parameter v.
    let f4 = Type::Vector(crate::ir::Scalar::F32, 4);
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let v = b.param(0, f4.clone());
    let out = b.param(1, gptr());
    let three = b.inst(InstKind::Const(vec![3.0f32.to_bits() as u64; 4]), f4.clone());
    let r = b.inst(InstKind::Binary(BinaryOp::FRem, v, three), f4.clone());
    b.store(out, r, 4);
    b.ret();
    if spirjit_builtins::lookup("fmod_f32").is_none() {
        eprintln!("skipped: the builtins crate has no fmod_f32 yet");
        return;
    }
    let cm = build(&module(vec![value_param(f4), ptr_param(Type::F32)], f, 0));
    let input = [7.5f32, -7.5, 3.0, 1.0];
    let mut out = [0f32; 4];
    let args = [input.as_ptr() as u64, out.as_mut_ptr() as u64];
    assert_eq!(run_1d(&cm, &args, 1, 1, &no_cancel()).0, Status::DONE);
    assert_eq!(out, [1.5, -1.5, 0.0, 1.0]);
}

#[test]
fn dump_clif_shows_every_kernel() {
    let mut f = Function::default();
    let mut b = FunctionBuilder::new(&mut f);
    let p = b.param(0, gptr());
    b.inst_void(InstKind::Barrier);
    let one = b.iconst(Type::I32, 1);
    b.store(p, one, 4);
    b.ret();
    let text = dump_clif(&module(vec![ptr_param(Type::I32)], f, 0), &LowerOptions::default()).unwrap();
    assert!(text.contains("; kernel k"), "{text}");
    assert!(text.contains("function"), "{text}");
    assert!(text.contains("return"), "{text}");
}

mod bounds;
mod vector;

//! Tests of the LLVM IR text reader: one per construct, structural checks of what it
//! builds, real compiler output (the SPIR 1.2 conformance bitcode through `llvm-dis-14`,
//! clang's output for the test kernels), and malformed input.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::parse;
use crate::frontend::llvm::model::*;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn ok(src: &str) -> Module {
    match parse(src) {
        Ok(m) => {
            check(&m).unwrap_or_else(|e| panic!("inconsistent module: {e}\n{src}"));
            m
        }
        Err(e) => panic!("{e}\n{src}"),
    }
}

fn operand_ty(m: &Module, f: &Function, o: Operand) -> Option<TypeId> {
    match o {
        Operand::Local(l) => f.local_types.get(l.0 as usize).copied(),
        Operand::Const(c) => Some(m.const_ty(c)),
        Operand::Metadata => None,
    }
}

/// The model's invariants: locals numbered params-first in definition order, types of
/// results and operands consistent, blocks in range.
pub(crate) fn check(m: &Module) -> Result<(), String> {
    for f in &m.functions {
        let Type::Function { params, ret, .. } = m.ty(f.ty) else {
            return Err(format!("@{}: type is not a function type", f.name));
        };
        if params.len() != f.params.len() {
            return Err(format!("@{}: parameter count", f.name));
        }
        let _ = ret;
        if f.is_declaration() {
            continue;
        }
        let mut next = f.params.len() as u32;
        for (i, p) in f.params.iter().enumerate() {
            if f.local_types[i] != p.ty {
                return Err(format!("@{}: parameter {i} type", f.name));
            }
        }
        let nblocks = f.blocks.len() as u32;
        for b in &f.blocks {
            for inst in &b.insts {
                let ctx = || format!("@{} {:?}: {:?}", f.name, b.name, inst.kind);
                if let Some(r) = inst.result {
                    if r.0 != next {
                        return Err(format!("{}: result {} where {next} expected", ctx(), r.0));
                    }
                    next += 1;
                    if f.local_types[r.0 as usize] != inst.ty {
                        return Err(format!("{}: result type", ctx()));
                    }
                } else if !matches!(m.ty(inst.ty), Type::Void) {
                    return Err(format!("{}: non-void without result", ctx()));
                }
                let ops: Vec<Operand> = match &inst.kind {
                    InstKind::Binary { lhs, rhs, .. } => {
                        for o in [lhs, rhs] {
                            if operand_ty(m, f, *o) != Some(inst.ty) {
                                return Err(format!("{}: operand type", ctx()));
                            }
                        }
                        vec![*lhs, *rhs]
                    }
                    InstKind::Load { ptr, .. } | InstKind::Store { ptr, .. } => {
                        let pt = operand_ty(m, f, *ptr).ok_or("no ptr type")?;
                        match m.ty(pt) {
                            Type::Pointer { pointee, .. } => {
                                if let (InstKind::Load { .. }, Some(p)) = (&inst.kind, pointee) {
                                    if *p != inst.ty {
                                        return Err(format!("{}: load type", ctx()));
                                    }
                                }
                            }
                            _ => return Err(format!("{}: pointer operand", ctx())),
                        }
                        vec![*ptr]
                    }
                    InstKind::Phi { incoming } => {
                        for (o, bb) in incoming {
                            if bb.0 >= nblocks || operand_ty(m, f, *o) != Some(inst.ty) {
                                return Err(format!("{}: phi", ctx()));
                            }
                        }
                        incoming.iter().map(|x| x.0).collect()
                    }
                    InstKind::Call { fn_ty, args, .. } => {
                        if !matches!(m.ty(*fn_ty), Type::Function { ret, .. } if *ret == inst.ty) {
                            return Err(format!("{}: call type", ctx()));
                        }
                        args.clone()
                    }
                    _ => vec![],
                };
                for o in ops {
                    if let Operand::Local(l) = o {
                        if l.0 as usize >= f.local_types.len() {
                            return Err(format!("{}: local out of range", ctx()));
                        }
                    }
                }
            }
            let targets: Vec<BlockId> = match &b.term {
                Terminator::Br(t) => vec![*t],
                Terminator::CondBr { then, otherwise, .. } => vec![*then, *otherwise],
                Terminator::Switch { default, cases, .. } => {
                    cases.iter().map(|c| c.1).chain(std::iter::once(*default)).collect()
                }
                _ => vec![],
            };
            if targets.iter().any(|t| t.0 >= nblocks) {
                return Err(format!("@{}: branch target out of range", f.name));
            }
        }
        if next as usize != f.local_types.len() {
            return Err(format!("@{}: {} locals typed, {next} defined", f.name, f.local_types.len()));
        }
    }
    Ok(())
}

fn has(tool: &str) -> bool {
    Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// The kernels of a SPIR 1.2 module as `!opencl.kernels` lists them.
fn opencl_kernels(m: &Module) -> Vec<FuncId> {
    let mut out = Vec::new();
    for &n in m.named("opencl.kernels").unwrap_or(&[]) {
        if let Some(Md::Value(c)) = m.node(n).first() {
            if let Constant::Function { func, .. } = m.constant(*c) {
                out.push(*func);
            }
        }
    }
    out
}

#[test]
fn spir12_conformance_bitcode_disassembled() {
    let dir = repo_root().join("../shared/corpora/opencl-cts-spir12");
    if !dir.is_dir() || !has("llvm-dis-14") {
        eprintln!("skipped: {} or llvm-dis-14 missing", dir.display());
        return;
    }
    let mut files = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "bc32" || x == "bc64") {
                files.push(p);
            }
        }
    }
    files.sort();
    let failures = std::sync::Mutex::new(Vec::new());
    let count = std::sync::atomic::AtomicUsize::new(0);
    let chunks: Vec<_> = files.chunks(files.len().div_ceil(4).max(1)).collect();
    std::thread::scope(|s| {
        for chunk in &chunks {
            s.spawn(|| {
                for f in chunk.iter() {
                    let out = Command::new("llvm-dis-14").arg(f).arg("-o").arg("-").output();
                    let Ok(out) = out else { continue };
                    let text = String::from_utf8_lossy(&out.stdout);
                    let r = parse(&text).map_err(|e| e.to_string()).and_then(|m| {
                        check(&m)?;
                        let kernels = opencl_kernels(&m);
                        let n = m.named("opencl.kernels").map_or(0, |k| k.len());
                        if kernels.len() != n || n == 0 {
                            return Err(format!("{} kernels of {n} entries", kernels.len()));
                        }
                        if kernels.iter().any(|k| m.function(*k).cc != CallingConv::SpirKernel) {
                            return Err("kernel without spir_kernel".into());
                        }
                        Ok(())
                    });
                    count.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if let Err(e) = r {
                        failures.lock().unwrap().push(format!("{}: {e}", f.display()));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let n = count.into_inner();
    eprintln!("SPIR 1.2 conformance: {} of {n} modules parsed", n - failures.len());
    assert!(failures.is_empty(), "{} of {n} failed:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(n, files.len());
}

fn clang_outputs(clang: &str, opt: &str) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let dir = repo_root().join("tests/kernels");
    let mut cls: Vec<_> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "cl"))
        .collect();
    cls.sort();
    for cl in cls {
        let o = Command::new(clang)
            .args(["-S", "-emit-llvm", "-target", "spir64", opt, "-Xclang", "-finclude-default-header"])
            .args(["-cl-std=CL2.0", "-o", "-"])
            .arg(&cl)
            .output();
        let Ok(o) = o else { continue };
        if !o.status.success() {
            // Some kernels need options of their own; those are covered by their .spv.
            continue;
        }
        out.push((cl, String::from_utf8_lossy(&o.stdout).into_owned()));
    }
    out
}

fn parse_clang_outputs(clang: &str) {
    if !has(clang) {
        eprintln!("skipped: {clang} missing");
        return;
    }
    for opt in ["-O0", "-O2"] {
        let outs = clang_outputs(clang, opt);
        let mut failures = Vec::new();
        for (cl, text) in &outs {
            let r = parse(text).map_err(|e| e.to_string()).and_then(|m| {
                check(&m)?;
                let kernels = m.functions.iter().filter(|f| f.cc == CallingConv::SpirKernel && !f.is_declaration());
                let expected = text.lines().filter(|l| l.starts_with("define") && l.contains("spir_kernel")).count();
                if kernels.count() != expected || expected == 0 {
                    return Err(format!("kernel count differs from {expected}"));
                }
                Ok(())
            });
            if let Err(e) = r {
                failures.push(format!("{}: {e}", cl.display()));
            }
        }
        eprintln!("{clang} {opt}: {} of {} modules parsed", outs.len() - failures.len(), outs.len());
        assert!(!outs.is_empty());
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}

#[test]
fn clang14_output_of_test_kernels() {
    parse_clang_outputs("clang-14");
}

#[test]
fn clang19_output_of_test_kernels() {
    parse_clang_outputs("clang-19");
}

fn func<'m>(m: &'m Module, name: &str) -> &'m Function {
    m.function(m.function_named(name).expect("function"))
}

#[test]
fn typed_pointer_kernel_with_metadata() {
    let m = ok(r#"; ModuleID = 'k.cl'
source_filename = "k.cl"
target datalayout = "e-i64:64-v16:16"
target triple = "spir64"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @add(float addrspace(1)* nocapture noundef readonly align 4 %a, float addrspace(1)* noundef %out) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_type !6 {
entry:
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %arrayidx = getelementptr inbounds float, float addrspace(1)* %a, i64 %call
  %0 = load float, float addrspace(1)* %arrayidx, align 4, !tbaa !8
  %add = fadd fast float %0, 1.000000e+00
  store float %add, float addrspace(1)* %out, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind readnone willreturn }

!opencl.ocl.version = !{!3}
!llvm.module.flags = !{!0}

!0 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 2, i32 0}
!4 = !{i32 1, i32 1}
!6 = !{!"float*", !"float*"}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
"#);
    assert_eq!(m.triple.as_deref(), Some("spir64"));
    let f = func(&m, "add");
    assert_eq!(f.cc, CallingConv::SpirKernel);
    assert_eq!(f.params.len(), 2);
    assert_eq!(f.params[0].name.as_deref(), Some("a"));
    assert_eq!(f.params[0].attrs.align, Some(4));
    assert_eq!(f.blocks.len(), 1);
    assert_eq!(f.blocks[0].name.as_deref(), Some("entry"));
    assert_eq!(f.local_types.len(), 6);
    assert_eq!(f.metadata.len(), 2);
    assert_eq!(f.metadata[0].0, "kernel_arg_addr_space");
    assert_eq!(m.node(f.metadata[0].1).len(), 2);
    let Type::Pointer { addrspace: 1, pointee: Some(p) } = m.ty(f.params[0].ty) else { panic!() };
    assert_eq!(m.ty(*p), &Type::Float);
    let InstKind::Call { callee: Callee::Function(g), .. } = &f.blocks[0].insts[0].kind else { panic!() };
    assert_eq!(m.function(*g).name, "_Z13get_global_idj");
    assert!(m.function(*g).is_declaration());
    let InstKind::Binary { op: BinOp::FAdd, rhs: Operand::Const(c), .. } = f.blocks[0].insts[3].kind else { panic!() };
    assert!(matches!(m.constant(c), Constant::Float { bits, .. } if *bits == 1.0f32.to_bits() as u64));
    assert_eq!(m.named("llvm.module.flags").map(|n| n.len()), Some(1));
}

#[test]
fn opaque_pointers_and_numbered_values() {
    let m = ok(r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) noundef align 4 %0, i32 noundef %1) {
  %3 = icmp sgt i32 %1, 0
  br i1 %3, label %4, label %9

4:
  %5 = phi i32 [ %7, %4 ], [ 0, %2 ]
  %6 = getelementptr inbounds nuw i32, ptr addrspace(1) %0, i32 %5
  store atomic i32 %5, ptr addrspace(1) %6 syncscope("workgroup") release, align 4
  %7 = add nuw nsw i32 %5, 1
  %8 = icmp eq i32 %7, %1
  br i1 %8, label %9, label %4, !llvm.loop !0

9:
  ret void
}
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
"#);
    let f = func(&m, "k");
    assert_eq!(f.blocks.len(), 3);
    // %2 is the unnamed entry block: locals are %0 %1 %3 %5 %6 %7 %8.
    assert_eq!(f.local_types.len(), 7);
    let InstKind::Phi { incoming } = &f.blocks[1].insts[0].kind else { panic!() };
    assert_eq!(incoming[0], (Operand::Local(LocalId(5)), BlockId(1)));
    assert_eq!(incoming[1].1, BlockId(0));
    let InstKind::Store { ordering, .. } = &f.blocks[1].insts[2].kind else { panic!() };
    assert_eq!(*ordering, Ordering::Release);
    assert_eq!(m.ty(f.local_types[4]), &Type::Pointer { addrspace: 1, pointee: None });
    assert!(matches!(f.blocks[1].term, Terminator::CondBr { then: BlockId(2), otherwise: BlockId(1), .. }));
}

#[test]
fn llvm32_syntax_of_the_spir_specification() {
    let m = ok(r#"target datalayout = "e-p:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64"
target triple = "spir-unknown-unknown"

%struct.S = type { i32, <4 x float>, %struct.S addrspace(1)* }
%opencl.image2d_t = type opaque

@.str = private unnamed_addr addrspace(2) constant [4 x i8] c"%d\0A\00", align 1
@g = addrspace(3) global [16 x float] zeroinitializer, align 4

define spir_kernel void @foo(i32 addrspace(1)* %p, %struct.S* byval %s, %opencl.image2d_t addrspace(1)* %img) nounwind {
entry:
  %x = load i32 addrspace(1)* %p, align 4
  %q = getelementptr inbounds i32 addrspace(1)* %p, i32 1
  %f = getelementptr inbounds %struct.S* %s, i32 0, i32 1
  %v = load <4 x float>* %f, align 16
  %e = extractelement <4 x float> %v, i32 2
  %l = getelementptr inbounds [16 x float] addrspace(3)* @g, i32 0, i32 %x
  store float %e, float addrspace(3)* %l, align 4
  %call = call i32 (i8 addrspace(2)*, ...)* @printf(i8 addrspace(2)* getelementptr inbounds ([4 x i8] addrspace(2)* @.str, i32 0, i32 0), i32 %x) nounwind
  store i32 %x, i32 addrspace(1)* %q, align 4
  ret void
}

declare i32 @printf(i8 addrspace(2)*, ...)

!opencl.kernels = !{!0}
!0 = metadata !{void (i32 addrspace(1)*, %struct.S*, %opencl.image2d_t addrspace(1)*)* @foo, metadata !1}
!1 = metadata !{metadata !"kernel_arg_addr_space", i32 1, i32 0, i32 1}
"#);
    assert_eq!(opencl_kernels(&m).len(), 1);
    let f = func(&m, "foo");
    let s = m.ty(f.params[1].attrs.byval.expect("byval"));
    assert!(matches!(s, Type::Struct { name: Some(n), fields, .. } if n == "struct.S" && fields.len() == 3));
    let g = &m.globals[0];
    assert_eq!((g.addrspace, g.constant, g.align), (2, true, 1));
    assert!(matches!(m.constant(g.init.unwrap()), Constant::Bytes { bytes, .. } if bytes == b"%d\n\0"));
    assert_eq!(m.globals[1].addrspace, 3);
    let InstKind::Call { fn_ty, args, .. } = &f.blocks[0].insts[7].kind else { panic!() };
    assert!(matches!(m.ty(*fn_ty), Type::Function { vararg: true, .. }));
    let Operand::Const(c) = args[0] else { panic!() };
    assert!(matches!(m.constant(c), Constant::Expr { expr: ConstExpr::Gep { inbounds: true, .. }, .. }));
    let node = m.node(MdId(1));
    assert_eq!(node[0], Md::Str("kernel_arg_addr_space".into()));
}

#[test]
fn constants_and_literals() {
    let m = ok(r#"
@a = addrspace(1) global <4 x i32> <i32 1, i32 -1, i32 undef, i32 poison>
@b = global { i8, double, half, float } { i8 255, double 0x3FF0000000000000, half 0xH3C00, float 0x3FB99999A0000000 }
@c = global i64 ptrtoint (ptr @a to i64)
@d = global ptr getelementptr (i8, ptr @b, i64 add (i64 1, i64 2))
@e = global <2 x i1> <i1 true, i1 false>
@f = global [2 x i16] [i16 u0xFFFF, i16 s0x7FFF]
@h = external addrspace(3) global float, align 4
@"quoted name" = internal constant i32 7
@splat = global <4 x float> splat (float 2.000000e+00)
@ptrs = global [2 x ptr] [ptr @a, ptr null]
"#);
    assert_eq!(m.globals.len(), 10);
    let b = m.constant(m.globals[1].init.unwrap());
    let Constant::Aggregate { elems, .. } = b else { panic!() };
    let bits: Vec<u64> = elems
        .iter()
        .map(|e| match m.constant(*e) {
            Constant::Int { value, .. } => *value,
            Constant::Float { bits, .. } => *bits,
            _ => panic!(),
        })
        .collect();
    assert_eq!(bits, vec![255, 1.0f64.to_bits(), 0x3C00, 0.1f32.to_bits() as u64]);
    let Constant::Aggregate { elems, .. } = m.constant(m.globals[0].init.unwrap()) else { panic!() };
    assert!(matches!(m.constant(elems[1]), Constant::Int { value: 0xFFFF_FFFF, .. }));
    assert!(m.globals[6].init.is_none());
    assert_eq!(m.globals[7].name, "quoted name");
    let Constant::Aggregate { elems, .. } = m.constant(m.globals[5].init.unwrap()) else { panic!() };
    assert!(matches!(m.constant(elems[0]), Constant::Int { value: 0xFFFF, .. }));
    assert!(matches!(m.constant(m.globals[8].init.unwrap()), Constant::Aggregate { elems, .. } if elems.len() == 4));
}

#[test]
fn instructions_of_every_family() {
    let m = ok(r#"
%pair = type { i32, float }
define spir_func { i32, i1 } @all(ptr %p, <4 x float> %v, i32 %n, double %d) {
entry:
  %a = alloca %pair, align 4
  %arr = alloca i32, i32 %n, align 4, addrspace(5)
  %fneg = fneg nnan float 1.0
  %c1 = sitofp i32 %n to float
  %c2 = fptrunc double %d to half
  %c3 = zext nneg i32 %n to i64
  %cmp = fcmp olt <4 x float> %v, zeroinitializer
  %sel = select nsz i1 true, float %fneg, float %c1
  %ins = insertelement <4 x float> %v, float %sel, i64 0
  %sh = shufflevector <4 x float> %ins, <4 x float> undef, <2 x i32> <i32 3, i32 undef>
  %sh2 = shufflevector <4 x float> %ins, <4 x float> poison, <8 x i32> zeroinitializer
  %agg = insertvalue %pair undef, i32 %n, 0
  %ev = extractvalue %pair %agg, 1
  %rmw = atomicrmw volatile add ptr %p, i32 1 syncscope("agent") monotonic, align 4
  %cx = cmpxchg weak ptr %p, i32 0, i32 %rmw seq_cst acquire, align 4
  fence syncscope("workgroup") acq_rel
  %fr = freeze i32 %rmw
  %or = or disjoint i32 %fr, 1
  %x = lshr exact i32 %or, 1
  switch i32 %x, label %done [
    i32 0, label %done
    i32 -1, label %other
  ]
other:
  call void asm sideeffect "nop", ""()
  %t = tail call float @llvm.fmuladd.f32(float %c1, float %c1, float 0.0) #0
  call void @llvm.dbg.value(metadata i32 %x, metadata !5, metadata !DIExpression()), !dbg !6
  unreachable
done:
  ret { i32, i1 } %cx
}
declare float @llvm.fmuladd.f32(float, float, float)
declare void @llvm.dbg.value(metadata, metadata, metadata)
attributes #0 = { nounwind }
!5 = !DILocalVariable(name: "x", scope: !7, file: !8, line: 3, type: !9)
!6 = !DILocation(line: 3, column: 7, scope: !7)
!7 = distinct !DISubprogram(name: "all", flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition)
!8 = !DIFile(filename: "a.cl", directory: "/tmp")
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
"#);
    let f = func(&m, "all");
    assert_eq!(f.blocks.len(), 3);
    let insts = &f.blocks[0].insts;
    assert!(matches!(insts[1].kind, InstKind::Alloca { count: Some(_), align: 4, .. }));
    assert_eq!(m.ty(insts[1].ty), &Type::Pointer { addrspace: 5, pointee: None });
    assert!(matches!(m.ty(insts[6].ty), Type::Vector { len: 4, .. }));
    assert!(matches!(m.ty(insts[9].ty), Type::Vector { len: 2, .. }));
    let InstKind::ShuffleVector { mask, .. } = &insts[9].kind else { panic!() };
    assert_eq!(mask, &vec![3, -1]);
    let InstKind::ShuffleVector { mask, .. } = &insts[10].kind else { panic!() };
    assert_eq!(mask.len(), 8);
    assert_eq!(m.ty(insts[12].ty), &Type::Float);
    let InstKind::AtomicRmw { op: RmwOp::Add, ordering: Ordering::Monotonic, scope, .. } = &insts[13].kind else {
        panic!()
    };
    assert_eq!(scope.as_deref(), Some("agent"));
    let InstKind::CmpXchg { weak: true, success: Ordering::SeqCst, failure: Ordering::Acquire, .. } = insts[14].kind
    else {
        panic!()
    };
    let Terminator::Switch { cases, default, .. } = &f.blocks[0].term else { panic!() };
    assert_eq!(cases, &vec![(0, BlockId(2)), (0xFFFF_FFFF, BlockId(1))]);
    assert_eq!(*default, BlockId(2));
    let other = &f.blocks[1].insts;
    assert!(matches!(&other[0].kind, InstKind::Call { callee: Callee::InlineAsm(t), .. } if t == "nop"));
    assert!(matches!(&other[2].kind, InstKind::Call { args, .. } if args.iter().all(|a| *a == Operand::Metadata)));
}

#[test]
fn errors_name_function_block_and_instruction() {
    let e = parse("define void @f() {\nentry:\n  %x = fadd float 1.0, %nope\n  ret void\n}\n").unwrap_err();
    let s = e.to_string();
    assert!(s.contains("`%nope` is used but never defined"), "{s}");
    assert!(s.contains("function `@f`"), "{s}");
    let e = parse("define void @f() {\nbb:\n  %x = frobnicate float 1.0\n  ret void\n}\n").unwrap_err();
    let s = e.to_string();
    assert!(s.contains("block `%bb`") && s.contains("frobnicate"), "{s}");
    let e = parse("@x = global x86_fp80 0xK3FFF8000000000000000\n").unwrap_err();
    assert!(matches!(e, crate::CompileError::Unsupported { .. }), "{e}");
}

/// A real module (clang-14 output) cut and mutated at many places: errors, no panics.
#[test]
fn truncations_and_mutations_give_errors() {
    let bytes = SAMPLE.as_bytes();
    for cut in (0..bytes.len()).step_by(7) {
        if let Ok(s) = std::str::from_utf8(&bytes[..cut]) {
            let _ = parse(s);
        }
    }
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..3000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mut b = bytes.to_vec();
        let at = (seed as usize) % b.len();
        let alphabet = b"%@!#{}()[]<>,=*x0123456789-.\"ci ;:\n";
        let what = alphabet[(seed >> 32) as usize % alphabet.len()];
        match (seed >> 40) % 3 {
            0 => b[at] = what,
            1 => b.insert(at, what),
            _ => {
                b.remove(at);
            }
        }
        if let Ok(s) = std::str::from_utf8(&b) {
            if let Ok(m) = parse(s) {
                check(&m).unwrap_or_else(|e| panic!("mutation parsed into an inconsistent module: {e}\n{s}"));
            }
        }
    }
}

#[test]
fn deep_nesting_is_a_limit() {
    let ty = "[1 x ".repeat(5000) + "i32" + &"]".repeat(5000);
    let e = parse(&format!("@g = global {ty} zeroinitializer\n")).unwrap_err();
    assert!(matches!(e, crate::CompileError::Limit { .. }), "{e}");
    let md = "!{".repeat(5000) + &"}".repeat(5000);
    let e = parse(&format!("!0 = {md}\n")).unwrap_err();
    assert!(matches!(e, crate::CompileError::Limit { .. }), "{e}");
    let c = "bitcast (ptr ".repeat(5000);
    let e = parse(&format!("@g = global ptr {c}\n")).unwrap_err();
    assert!(matches!(e, crate::CompileError::Limit { .. }), "{e}");
    assert!(parse(&format!("!0 = !{{{}!\"x\"}}\n", "metadata ".repeat(100_000))).is_ok());
}

const SAMPLE: &str = r#"; ModuleID = 'sample.cl'
source_filename = "sample.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64"

%struct.P = type { float, i32 }

@lut = internal addrspace(2) constant [3 x float] [float 1.000000e+00, float 2.000000e+00, float 0x3FD5555560000000], align 4

define dso_local spir_kernel void @k(float addrspace(1)* nocapture noundef %out, %struct.P addrspace(1)* noundef readonly %in, i32 noundef %n) local_unnamed_addr #0 !kernel_arg_addr_space !3 {
entry:
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %conv = trunc i64 %call to i32
  %cmp = icmp slt i32 %conv, %n
  br i1 %cmp, label %for.body, label %exit

for.body:
  %i = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %acc = phi float [ 0.000000e+00, %entry ], [ %add, %for.body ]
  %idx = sext i32 %i to i64
  %f = getelementptr inbounds %struct.P, %struct.P addrspace(1)* %in, i64 %idx, i32 0
  %v = load float, float addrspace(1)* %f, align 4, !tbaa !5
  %l = getelementptr inbounds [3 x float], [3 x float] addrspace(2)* @lut, i64 0, i64 %idx
  %w = load float, float addrspace(2)* %l, align 4
  %add = tail call float @llvm.fmuladd.f32(float %v, float %w, float %acc)
  %inc = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %inc, 3
  br i1 %done, label %exit, label %for.body, !llvm.loop !9

exit:
  %r = phi float [ 0.000000e+00, %entry ], [ %add, %for.body ]
  %o = getelementptr inbounds float, float addrspace(1)* %out, i64 %call
  store float %r, float addrspace(1)* %o, align 4, !tbaa !5
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1
declare float @llvm.fmuladd.f32(float, float, float) #1

attributes #0 = { convergent norecurse nounwind "uniform-work-group-size"="false" }
attributes #1 = { nounwind readnone }
attributes #2 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 2, i32 0}
!3 = !{i32 1, i32 1, i32 0}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
"#;

#[test]
fn sample_module_structure() {
    let m = ok(SAMPLE);
    let f = func(&m, "k");
    assert_eq!(
        f.blocks.iter().map(|b| b.name.clone().unwrap_or_default()).collect::<Vec<_>>(),
        ["entry", "for.body", "exit"]
    );
    let InstKind::Phi { incoming } = &f.blocks[1].insts[0].kind else { panic!() };
    // `%inc` is defined after its use in the phi.
    let Operand::Local(inc) = incoming[1].0 else { panic!() };
    assert_eq!(f.local_names.get(&inc).map(String::as_str), Some("inc"));
}

/// A CUDA kernel without the CUDA headers (the attributes spelled out, the special
/// registers read through clang's builtins).
const CUDA_KERNEL: &str = r#"
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __device__ __attribute__((device))
extern "C" __device__ float __nv_sinf(float);
__device__ float helper(float v) { return __nv_sinf(v) * 2.0f; }
__global__ void saxpy(float a, const float* x, float* y, int n, double* d) {
  __shared__ float tile[64];
  int t = __nvvm_read_ptx_sreg_tid_x();
  int i = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + t;
  tile[t % 64] = x[i];
  __syncthreads();
  if (i < n) y[i] = a * tile[t % 64] + helper(y[i]);
  __nvvm_atom_add_gen_f(y, 1.0f);
  d[i] = (double)y[i] / 3.0;
}
"#;

#[test]
fn clang_nvptx64_output_of_a_cuda_kernel() {
    let dir = std::env::temp_dir().join(format!("spirjit-llvm-text-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let cu = dir.join("k.cu");
    std::fs::write(&cu, CUDA_KERNEL).unwrap();
    let mut parsed = 0;
    for clang in ["clang-14", "clang-19"] {
        if !has(clang) {
            eprintln!("skipped: {clang} missing");
            continue;
        }
        for opt in ["-O0", "-O2"] {
            let o = Command::new(clang)
                .args(["-x", "cuda", "--cuda-gpu-arch=sm_70", "--cuda-device-only", "-nocudalib", "-nocudainc"])
                .args(["-S", "-emit-llvm", opt, "-o", "-"])
                .arg(&cu)
                .output()
                .unwrap();
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            let text = String::from_utf8_lossy(&o.stdout);
            let m = ok(&text);
            assert!(m.triple.as_deref().is_some_and(|t| t.starts_with("nvptx64")));
            let ann = m.named("nvvm.annotations").unwrap_or(&[]);
            let kernels: Vec<&str> = ann
                .iter()
                .filter(|&&n| m.node(n).get(1) == Some(&Md::Str("kernel".into())))
                .filter_map(|&n| match m.node(n).first() {
                    Some(Md::Value(c)) => match m.constant(*c) {
                        Constant::Function { func, .. } => Some(m.function(*func).name.as_str()),
                        _ => None,
                    },
                    _ => None,
                })
                .collect();
            // clang-19 marks kernels with `ptx_kernel` instead of annotations.
            let ptx: Vec<&str> =
                m.functions.iter().filter(|f| f.cc == CallingConv::PtxKernel).map(|f| f.name.as_str()).collect();
            assert!(kernels == ["_Z5saxpyfPKfPfiPd"] || ptx == ["_Z5saxpyfPKfPfiPd"], "{kernels:?} {ptx:?}");
            // Optimization may remove the shared array.
            if let Some(shared) = m.globals.iter().find(|g| g.name.contains("tile")) {
                assert_eq!(shared.addrspace, 3);
            }
            parsed += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("CUDA: {parsed} modules parsed");
}

/// Linear time: a module of about 10 MB parses in well under a second (optimized builds).
#[test]
fn large_module_parses_quickly() {
    let mut src = String::from("target triple = \"spir64\"\n");
    let mut n = 0;
    while src.len() < 10_000_000 {
        src.push_str(&format!(
            "define spir_func float @f{n}(float addrspace(1)* %p, i32 %i) {{\nentry:\n  %x = sext i32 %i to i64\n  \
             %a = getelementptr inbounds float, float addrspace(1)* %p, i64 %x\n  \
             %v = load float, float addrspace(1)* %a, align 4, !tbaa !0\n  %w = fmul float %v, 0x3FB99999A0000000\n  \
             br label %next\nnext:\n  %r = phi float [ %w, %entry ]\n  ret float %r\n}}\n"
        ));
        n += 1;
    }
    src.push_str("!0 = !{!\"float\"}\n");
    let t = std::time::Instant::now();
    let m = parse(&src).unwrap();
    let dt = t.elapsed();
    eprintln!("{} bytes, {n} functions: {dt:?}", src.len());
    assert_eq!(m.functions.len(), n);
    if !cfg!(debug_assertions) {
        assert!(dt.as_secs_f64() < 3.0, "{dt:?}");
    }
}

/// The examples of the SPIR 1.2 specification (the `i8 addrspace(1))*` typo fixed).
#[test]
fn spir12_specification_examples() {
    let m = ok(r#"
; Unmangled component names shown here.
; float4 must be 16 bytes aligned.
@foo.lf4 = internal addrspace(3) global <4 x float> zeroinitializer, align 16

define spir_kernel void @foo() nounwind {
entry:
    ret void
}

define spir_kernel void @callbar() nounwind {
entry:
    call spir_kernel void @foo() ; This is not supported by SPIR
    ret void
}

define spir_kernel void @helloworld(i8 addrspace(1)* %in, i8 addrspace(1)* %out) nounwind {
  %x = alloca float, align 4
  call void @llvm.dbg.declare(metadata !{float* %x}, metadata !9)
  %1 = load i8 addrspace(1)* %in, align 1
  store i8 %1, i8 addrspace(1)* %out, align 1
  br i1 true, label %2, label %3
; <label>:2
  br label %3
; <label>:3
  ret void
}

declare void @llvm.dbg.declare(metadata, metadata) nounwind readnone

!opencl.kernels = !{!0, !6}
!opencl.compiler.options = !{!7}
!opencl.spir.version = !{!8}

!0 = metadata !{void (i8 addrspace(1)*, i8 addrspace(1)*)* @helloworld, metadata !1,
               metadata !2, metadata !3, metadata !4, metadata !5}
!1 = metadata !{metadata !"kernel_arg_address_space", i32 1, i32 1}
!2 = metadata !{metadata !"kernel_arg_access_qual", metadata !"none", metadata !"none"}
!3 = metadata !{metadata !"kernel_arg_type", metadata !"char*", metadata !"char*"}
!4 = metadata !{metadata !"kernel_arg_type_qual", metadata !"", metadata !""}
!5 = metadata !{metadata !"kernel_arg_name", metadata !"in", metadata !"out"}
!6 = metadata !{void ()* @foo, metadata !10, metadata !11}
!7 = metadata !{metadata !"-cl-mad-enable", metadata !"-cl-denorms-are-zero"}
!8 = metadata !{i32 1, i32 2}
!9 = metadata !{i32 0}
!10 = metadata !{ metadata !"vec_type_hint", <8 x i32> undef, i1 0}
!11 = metadata !{ metadata !"reqd_work_group_size", i32 128, i32 1, i32 1}
"#);
    let names: Vec<&str> = opencl_kernels(&m).iter().map(|&k| m.function(k).name.as_str()).collect();
    assert_eq!(names, ["helloworld", "foo"]);
    let f = func(&m, "helloworld");
    // %x, %1 and the blocks %0 (entry), %2, %3.
    assert_eq!(f.blocks.len(), 3);
    assert_eq!(f.blocks[1].name.as_deref(), Some("2"));
    assert!(matches!(f.blocks[0].term, Terminator::CondBr { then: BlockId(1), otherwise: BlockId(2), .. }));
    assert_eq!(f.local_names.get(&LocalId(3)).map(String::as_str), Some("1"));
    let node = m.node(MdId(10));
    assert!(matches!(&node[1], Md::Value(c) if matches!(m.constant(*c), Constant::Undef(_))));
    assert_eq!(m.globals[0].addrspace, 3);
}

#[test]
fn llvm32_cmpxchg_returns_the_old_value() {
    let m = ok(r#"
define spir_func i32 @f(i32 addrspace(1)* %p) {
  %1 = cmpxchg i32 addrspace(1)* %p, i32 0, i32 1 acq_rel
  %2 = add i32 %1, 1
  ret i32 %2
}
"#);
    let f = func(&m, "f");
    let insts = &f.blocks[0].insts;
    assert_eq!(insts.len(), 3);
    let InstKind::CmpXchg { success: Ordering::AcqRel, failure: Ordering::Acquire, .. } = insts[0].kind else {
        panic!()
    };
    assert!(matches!(m.ty(insts[0].ty), Type::Struct { fields, .. } if fields.len() == 2));
    assert_eq!(insts[1].kind, InstKind::ExtractValue { agg: Operand::Local(LocalId(1)), indices: vec![0] });
    assert_eq!(f.local_names.get(&LocalId(2)).map(String::as_str), Some("1"));
    assert!(matches!(insts[2].kind, InstKind::Binary { lhs: Operand::Local(LocalId(2)), .. }));
}

//! Tests of unpacking and rewriting `vprintf` calls on a hand-built model.

use std::collections::HashMap;

use super::*;
use crate::frontend::llvm::model::{Block, CallingConv, Inst, Ordering, Param, ParamAttrs, Terminator};

fn module() -> Module {
    let mut m = Module::default();
    m.triple = Some("nvptx64-nvidia-cuda".into());
    m
}

#[test]
fn vprintf_arguments_are_unpacked_in_offset_order() {
    let mut m = module();
    let i32t = m.intern_type(Type::Int(32));
    let i64t = m.intern_type(Type::Int(64));
    let f64t = m.intern_type(Type::Double);
    let void = m.intern_type(Type::Void);
    let args_ty = m.intern_type(Type::Struct { name: None, fields: vec![i32t, f64t], packed: false, opaque: false });
    let pargs = m.intern_type(Type::Pointer { addrspace: 0, pointee: Some(args_ty) });
    let i8t = m.intern_type(Type::Int(8));
    let pi8 = m.intern_type(Type::Pointer { addrspace: 0, pointee: Some(i8t) });
    let pi32 = m.intern_type(Type::Pointer { addrspace: 0, pointee: Some(i32t) });
    let pf64 = m.intern_type(Type::Pointer { addrspace: 0, pointee: Some(f64t) });
    let vprintf_ty = m.intern_type(Type::Function { ret: i32t, params: vec![pi8, pi8], vararg: false });
    let kernel_ty = m.intern_type(Type::Function { ret: void, params: vec![f64t, i32t], vararg: false });
    m.functions.push(Function {
        name: "vprintf".into(),
        ty: vprintf_ty,
        cc: CallingConv::C,
        params: vec![],
        blocks: vec![],
        local_types: vec![],
        local_names: HashMap::new(),
        metadata: vec![],
    });
    let vprintf = FuncId(0);
    let zero64 = m.push_const(Constant::Int { ty: i64t, value: 0 });
    let zero32 = m.push_const(Constant::Int { ty: i32t, value: 0 });
    let one32 = m.push_const(Constant::Int { ty: i32t, value: 1 });
    let fmt = m.push_const(Constant::Null(pi8));
    let l = LocalId;
    let inst = |result: Option<u32>, ty, kind| Inst { result: result.map(LocalId), ty, kind };
    let store = |value: Operand, ptr: u32| {
        inst(
            None,
            void,
            InstKind::Store {
                value,
                ptr: Operand::Local(l(ptr)),
                align: 8,
                volatile: false,
                ordering: Ordering::NotAtomic,
            },
        )
    };
    let gep = |field| InstKind::Gep {
        source_ty: args_ty,
        base: Operand::Local(l(2)),
        indices: vec![Operand::Const(zero64), Operand::Const(field)],
        inbounds: true,
    };
    let insts = vec![
        inst(Some(2), pargs, InstKind::Alloca { elem_ty: args_ty, count: None, align: 8 }),
        inst(Some(3), pf64, gep(one32)),
        store(Operand::Local(l(0)), 3),
        inst(Some(4), pi32, gep(zero32)),
        store(Operand::Local(l(1)), 4),
        inst(
            Some(5),
            pi8,
            InstKind::Cast { op: crate::frontend::llvm::model::CastOp::BitCast, value: Operand::Local(l(2)) },
        ),
        inst(
            Some(6),
            i32t,
            InstKind::Call {
                callee: Callee::Function(vprintf),
                fn_ty: vprintf_ty,
                args: vec![Operand::Const(fmt), Operand::Local(l(5))],
            },
        ),
    ];
    let param = |ty| Param { ty, name: None, attrs: ParamAttrs::default() };
    m.functions.push(Function {
        name: "hello".into(),
        ty: kernel_ty,
        cc: CallingConv::C,
        params: vec![param(f64t), param(i32t)],
        blocks: vec![Block { name: Some("entry".into()), insts, term: Terminator::Ret(None) }],
        local_types: vec![f64t, i32t, pargs, pf64, pi32, pi8, i32t],
        local_names: HashMap::new(),
        metadata: vec![],
    });
    let f = m.function(FuncId(1)).clone();
    let got = vprintf_args(&m, &f, BlockId(0), 6).unwrap();
    assert_eq!(got.format, Operand::Const(fmt));
    assert_eq!(got.args, vec![Operand::Local(l(1)), Operand::Local(l(0))]);

    lower(&mut m).unwrap();
    let printf = m.function_named("printf").unwrap();
    assert!(matches!(m.ty(m.function(printf).ty), Type::Function { vararg: true, .. }));
    let call = &m.function(FuncId(1)).blocks[0].insts[6];
    assert_eq!(call.result, Some(l(6)));
    let InstKind::Call { callee: Callee::Function(f), args, .. } = &call.kind else { panic!("{call:?}") };
    assert_eq!(*f, printf);
    assert_eq!(args, &vec![Operand::Const(fmt), Operand::Local(l(1)), Operand::Local(l(0))]);
}

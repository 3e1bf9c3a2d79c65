//! Tests of the dynamic shared memory rewrite on a hand-built typed-pointer model.

use std::collections::HashMap;

use super::*;
use crate::frontend::llvm::model::{Block, BlockId, CallingConv, CastOp, FuncId, Global, Ordering, Terminator};

#[test]
fn extern_shared_arrays_become_the_last_parameter() {
    let mut m = Module::default();
    m.triple = Some("nvptx64-nvidia-cuda".into());
    let void = m.intern_type(Type::Void);
    let f32t = m.intern_type(Type::Float);
    let i64t = m.intern_type(Type::Int(64));
    let arr = m.intern_type(Type::Array { len: 0, elem: f32t });
    let parr = m.intern_type(Type::Pointer { addrspace: 3, pointee: Some(arr) });
    let pf3 = m.intern_type(Type::Pointer { addrspace: 3, pointee: Some(f32t) });
    let pf = m.intern_type(Type::Pointer { addrspace: 0, pointee: Some(f32t) });
    let fn_ty = m.intern_type(Type::Function { ret: void, params: vec![pf], vararg: false });
    m.globals.push(Global { name: "buf".into(), value_ty: arr, addrspace: 3, constant: false, init: None, align: 4 });
    let buf = m.push_const(Constant::Global { ty: parr, global: GlobalId(0) });
    let zero = m.push_const(Constant::Int { ty: i64t, value: 0 });
    let one = m.push_const(Constant::Int { ty: i64t, value: 1 });
    let gep0 = m.push_const(Constant::Expr {
        ty: pf3,
        expr: ConstExpr::Gep { source_ty: arr, base: buf, indices: vec![zero, zero], inbounds: true },
    });
    let cast0 =
        m.push_const(Constant::Expr { ty: pf, expr: ConstExpr::Cast { op: CastOp::AddrSpaceCast, value: gep0 } });
    let c1 = m.push_const(Constant::Float { ty: f32t, bits: 1f32.to_bits() as u64 });
    let store = |value, ptr| Inst {
        result: None,
        ty: void,
        kind: InstKind::Store { value, ptr, align: 4, volatile: false, ordering: Ordering::NotAtomic },
    };
    let insts = vec![
        Inst {
            result: Some(LocalId(1)),
            ty: pf3,
            kind: InstKind::Gep {
                source_ty: arr,
                base: Operand::Const(buf),
                indices: vec![Operand::Const(zero), Operand::Const(one)],
                inbounds: true,
            },
        },
        Inst {
            result: Some(LocalId(2)),
            ty: pf,
            kind: InstKind::Cast { op: CastOp::AddrSpaceCast, value: Operand::Local(LocalId(1)) },
        },
        store(Operand::Const(c1), Operand::Local(LocalId(2))),
        store(Operand::Const(c1), Operand::Const(cast0)),
        store(Operand::Const(c1), Operand::Local(LocalId(0))),
    ];
    m.functions.push(Function {
        name: "k".into(),
        ty: fn_ty,
        cc: CallingConv::C,
        params: vec![Param { ty: pf, name: Some("out".into()), attrs: ParamAttrs::default() }],
        blocks: vec![Block { name: None, insts, term: Terminator::Ret(None) }],
        local_types: vec![pf, pf3, pf],
        local_names: HashMap::from([(LocalId(2), "p".to_string())]),
        metadata: vec![],
    });
    lower(&mut m, &[FuncId(0)]).unwrap();
    let f = m.function(FuncId(0));
    assert_eq!(f.params.len(), 2);
    assert_eq!(f.params[1].name.as_deref(), Some(DYNAMIC_SHARED_PARAM));
    // A pointer to the element: a zero-length array is no SPIR-V type.
    assert_eq!(f.params[1].ty, pf3);
    assert!(matches!(m.ty(f.ty), Type::Function { params, .. } if params == &vec![pf, pf3]));
    // Locals: out, the parameter, the two materialized constants, then the old results.
    assert_eq!(f.local_types, vec![pf, pf3, pf3, pf, pf3, pf]);
    assert_eq!(f.local_names.get(&LocalId(5)).map(String::as_str), Some("p"));
    let insts = &f.blocks[0].insts;
    assert_eq!(insts.len(), 7);
    // `getelementptr [0 x float], @buf, 0, k` is `getelementptr float, %param, k`.
    let InstKind::Gep { source_ty, base, indices, .. } = &insts[0].kind else { panic!("{:?}", insts[0]) };
    assert_eq!((*source_ty, *base, indices.clone()), (f32t, Operand::Local(LocalId(1)), vec![Operand::Const(zero)]));
    assert_eq!(insts[0].result, Some(LocalId(2)));
    assert!(matches!(&insts[1].kind, InstKind::Cast { value: Operand::Local(LocalId(2)), .. }));
    let InstKind::Gep { source_ty, base, indices, .. } = &insts[2].kind else { panic!("{:?}", insts[2]) };
    assert_eq!((*source_ty, *base, indices.clone()), (f32t, Operand::Local(LocalId(1)), vec![Operand::Const(one)]));
    assert_eq!(insts[2].result, Some(LocalId(4)));
    assert!(matches!(&insts[3].kind, InstKind::Cast { value: Operand::Local(LocalId(4)), .. }));
    assert!(matches!(&insts[4].kind, InstKind::Store { ptr: Operand::Local(LocalId(5)), .. }));
    assert!(matches!(&insts[5].kind, InstKind::Store { ptr: Operand::Local(LocalId(3)), .. }));
    assert!(matches!(&insts[6].kind, InstKind::Store { ptr: Operand::Local(LocalId(0)), .. }));
    let _ = BlockId(0);
}

#[test]
fn device_functions_using_dynamic_shared_memory_are_refused() {
    let mut m = Module::default();
    let void = m.intern_type(Type::Void);
    let f32t = m.intern_type(Type::Float);
    let arr = m.intern_type(Type::Array { len: 0, elem: f32t });
    let parr = m.intern_type(Type::Pointer { addrspace: 3, pointee: Some(arr) });
    let fn_ty = m.intern_type(Type::Function { ret: void, params: vec![], vararg: false });
    m.globals.push(Global { name: "buf".into(), value_ty: arr, addrspace: 3, constant: false, init: None, align: 4 });
    let buf = m.push_const(Constant::Global { ty: parr, global: GlobalId(0) });
    let c1 = m.push_const(Constant::Float { ty: f32t, bits: 0 });
    let insts = vec![Inst {
        result: None,
        ty: void,
        kind: InstKind::Store {
            value: Operand::Const(c1),
            ptr: Operand::Const(buf),
            align: 4,
            volatile: false,
            ordering: Ordering::NotAtomic,
        },
    }];
    m.functions.push(Function {
        name: "helper".into(),
        ty: fn_ty,
        cc: CallingConv::C,
        params: vec![],
        blocks: vec![Block { name: None, insts, term: Terminator::Ret(None) }],
        local_types: vec![],
        local_names: HashMap::new(),
        metadata: vec![],
    });
    let e = lower(&mut m, &[]).unwrap_err().to_string();
    assert!(e.contains("device function `@helper`"), "{e}");
}

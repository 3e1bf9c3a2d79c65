//! Unit tests of the writer on hand-built models: each module goes through the SPIR-V
//! front end, and through `spirv-val` when it is installed.

use super::write;
use crate::frontend::llvm::model::*;
use crate::frontend::spirv;

/// A small builder of models for the tests.
pub(crate) struct Mb {
    pub m: Module,
}

impl Mb {
    pub fn new(triple: &str) -> Self {
        let mut m = Module::default();
        m.triple = Some(triple.to_string());
        Mb { m }
    }
    pub fn t(&mut self, t: Type) -> TypeId {
        self.m.intern_type(t)
    }
    pub fn int(&mut self, bits: u32, value: u64) -> Operand {
        let ty = self.t(Type::Int(bits));
        Operand::Const(self.m.push_const(Constant::Int { ty, value }))
    }
    pub fn ptr(&mut self, addrspace: u32, pointee: TypeId) -> TypeId {
        self.t(Type::Pointer { addrspace, pointee: Some(pointee) })
    }
    /// Declare `name` with type `ret (params...)`.
    pub fn declare(&mut self, name: &str, ret: TypeId, params: &[TypeId]) -> FuncId {
        let ty = self.t(Type::Function { ret, params: params.to_vec(), vararg: false });
        self.m.functions.push(Function {
            name: name.to_string(),
            ty,
            cc: CallingConv::SpirFunc,
            params: params.iter().map(|&ty| Param { ty, name: None, attrs: ParamAttrs::default() }).collect(),
            blocks: Vec::new(),
            local_types: params.to_vec(),
            local_names: Default::default(),
            metadata: Vec::new(),
        });
        FuncId(self.m.functions.len() as u32 - 1)
    }
    /// Define kernel `name` with parameters `params` and one block built by `body`,
    /// which gets the function and pushes instructions.
    pub fn kernel(&mut self, name: &str, params: &[TypeId], body: impl FnOnce(&mut Mb, &mut FnB)) -> FuncId {
        let void = self.t(Type::Void);
        let ty = self.t(Type::Function { ret: void, params: params.to_vec(), vararg: false });
        let mut fb = FnB { insts: Vec::new(), local_types: params.to_vec(), void };
        body(self, &mut fb);
        self.m.functions.push(Function {
            name: name.to_string(),
            ty,
            cc: CallingConv::SpirKernel,
            params: params.iter().map(|&ty| Param { ty, name: None, attrs: ParamAttrs::default() }).collect(),
            blocks: vec![Block { name: Some("entry".into()), insts: fb.insts, term: Terminator::Ret(None) }],
            local_types: fb.local_types,
            local_names: Default::default(),
            metadata: Vec::new(),
        });
        FuncId(self.m.functions.len() as u32 - 1)
    }
}

/// One function body being built.
pub(crate) struct FnB {
    pub insts: Vec<Inst>,
    pub local_types: Vec<TypeId>,
    pub void: TypeId,
}

impl FnB {
    pub fn arg(&self, i: u32) -> Operand {
        Operand::Local(LocalId(i))
    }
    /// Push an instruction with a result of type `ty`.
    pub fn val(&mut self, ty: TypeId, kind: InstKind) -> Operand {
        let id = LocalId(self.local_types.len() as u32);
        self.local_types.push(ty);
        self.insts.push(Inst { result: Some(id), ty, kind });
        Operand::Local(id)
    }
    pub fn void(&mut self, kind: InstKind) {
        self.insts.push(Inst { result: None, ty: self.void, kind });
    }
    pub fn call(&mut self, mb: &Mb, f: FuncId, args: Vec<Operand>) -> Operand {
        let func = &mb.m.functions[f.0 as usize];
        let Type::Function { ret, .. } = mb.m.ty(func.ty).clone() else { unreachable!() };
        let kind = InstKind::Call { callee: Callee::Function(f), fn_ty: func.ty, args };
        if mb.m.ty(ret) == &Type::Void {
            self.void(kind);
            Operand::Metadata
        } else {
            self.val(ret, kind)
        }
    }
}

/// Write `m`, validate it with `spirv-val` when installed, and translate it.
pub(crate) fn check(m: &Module) -> crate::ir::Module {
    let words = write(m).unwrap_or_else(|e| panic!("write: {e}"));
    validate(&words);
    spirv::translate(&words).unwrap_or_else(|e| panic!("translate: {e}\n{}", disassemble(&words)))
}

pub(crate) fn disassemble(words: &[u32]) -> String {
    let path =
        std::env::temp_dir().join(format!("spirjit-llvm-{}-{:?}.spv", std::process::id(), std::thread::current().id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    if std::fs::write(&path, bytes).is_err() {
        return String::new();
    }
    let out = std::process::Command::new("spirv-dis").arg(&path).output();
    let _ = std::fs::remove_file(&path);
    out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default()
}

/// Run `spirv-val --target-env opencl1.2` on `words` when it is installed.
pub(crate) fn validate(words: &[u32]) {
    let path = std::env::temp_dir().join(format!(
        "spirjit-llvm-val-{}-{:?}.spv",
        std::process::id(),
        std::thread::current().id()
    ));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("spirv-val").args(["--target-env", "opencl1.2"]).arg(&path).output();
    let _ = std::fs::remove_file(&path);
    if let Ok(o) = out {
        assert!(
            o.status.success(),
            "spirv-val: {}{}\n{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr),
            disassemble(words)
        );
    }
}

#[test]
fn a_kernel_adding_two_buffers() {
    let mut mb = Mb::new("spir64");
    let f32t = mb.t(Type::Float);
    let i32t = mb.t(Type::Int(32));
    let i64t = mb.t(Type::Int(64));
    let pf = mb.ptr(1, f32t);
    let gid = mb.declare("_Z13get_global_idj", i64t, &[i32t]);
    let zero = mb.int(32, 0);
    mb.kernel("vadd", &[pf, pf, pf], |mb, b| {
        let i = b.call(mb, gid, vec![zero]);
        let at = |b: &mut FnB, p| {
            b.val(pf, InstKind::Gep { source_ty: f32t, base: b.arg(p), indices: vec![i], inbounds: true })
        };
        let pa = at(b, 0);
        let pb = at(b, 1);
        let pc = at(b, 2);
        let load = |p| InstKind::Load { ptr: p, align: 4, volatile: false, ordering: Ordering::NotAtomic };
        let x = b.val(f32t, load(pa));
        let y = b.val(f32t, load(pb));
        let s = b.val(f32t, InstKind::Binary { op: BinOp::FAdd, lhs: x, rhs: y });
        b.void(InstKind::Store { value: s, ptr: pc, align: 4, volatile: false, ordering: Ordering::NotAtomic });
    });
    let ir = check(&mb.m);
    assert_eq!(ir.kernels.len(), 1);
    assert_eq!(ir.kernels[0].name, "vadd");
}

/// A kernel `k(T* out, args...)` whose body calls builtin `name` (declared with `ret` and
/// `params`) on the kernel's value arguments and stores the result through `out`.
fn builtin_kernel(name: &str, ret: Type, params: &[Type], out_space: u32) -> Module {
    let mut mb = Mb::new("spir64");
    let rt = mb.t(ret);
    let pts: Vec<TypeId> = params.iter().map(|p| mb.t(p.clone())).collect();
    let f = mb.declare(name, rt, &pts);
    let out = mb.ptr(out_space, rt);
    let mut kparams = vec![out];
    kparams.extend(&pts);
    mb.kernel("k", &kparams, |mb, b| {
        let args: Vec<Operand> = (1..=pts.len() as u32).map(|i| b.arg(i)).collect();
        let v = b.call(mb, f, args);
        b.void(InstKind::Store { value: v, ptr: b.arg(0), align: 4, volatile: false, ordering: Ordering::NotAtomic });
    });
    mb.m
}

#[test]
fn math_integer_and_common_builtins() {
    for (name, ret, params) in [
        ("_Z4sqrtf", Type::Float, vec![Type::Float]),
        ("_Z3maxii", Type::Int(32), vec![Type::Int(32), Type::Int(32)]),
        ("_Z3maxjj", Type::Int(32), vec![Type::Int(32), Type::Int(32)]),
        ("_Z3maxff", Type::Float, vec![Type::Float, Type::Float]),
        ("_Z5clampiii", Type::Int(32), vec![Type::Int(32), Type::Int(32), Type::Int(32)]),
        ("_Z3absi", Type::Int(32), vec![Type::Int(32)]),
        ("_Z8popcountj", Type::Int(32), vec![Type::Int(32)]),
        ("_Z6mul_hill", Type::Int(64), vec![Type::Int(64), Type::Int(64)]),
        ("_Z3powff", Type::Float, vec![Type::Float, Type::Float]),
        ("_Z3madfff", Type::Float, vec![Type::Float, Type::Float, Type::Float]),
    ] {
        let ir = check(&builtin_kernel(name, ret, &params, 1));
        assert_eq!(ir.kernels.len(), 1, "{name}");
    }
}

#[test]
fn relational_conversion_and_reinterpreting_builtins() {
    for (name, ret, params) in [
        ("_Z5isnanf", Type::Int(32), vec![Type::Float]),
        ("_Z7isequalff", Type::Int(32), vec![Type::Float, Type::Float]),
        ("_Z7signbitd", Type::Int(32), vec![Type::Double]),
        ("_Z3anyi", Type::Int(32), vec![Type::Int(32)]),
        ("_Z15convert_int_satf", Type::Int(32), vec![Type::Float]),
        ("_Z20convert_uint_sat_rtef", Type::Int(32), vec![Type::Float]),
        ("_Z17convert_float_rtzj", Type::Float, vec![Type::Int(32)]),
        ("_Z16convert_char_satl", Type::Int(8), vec![Type::Int(64)]),
        ("_Z12convert_longi", Type::Int(64), vec![Type::Int(32)]),
        ("_Z8as_floatj", Type::Float, vec![Type::Int(32)]),
    ] {
        let ir = check(&builtin_kernel(name, ret, &params, 1));
        assert_eq!(ir.kernels.len(), 1, "{name}");
    }
}

#[test]
fn work_item_builtins_with_constant_and_run_time_dimensions() {
    for name in ["_Z13get_global_idj", "_Z14get_local_sizej", "_Z12get_group_idj", "_Z15get_global_sizej"] {
        // The dimension is the kernel's argument: a run-time index.
        let ir = check(&builtin_kernel(name, Type::Int(64), &[Type::Int(32)], 1));
        assert_eq!(ir.kernels.len(), 1, "{name}");
    }
    let ir = check(&builtin_kernel("_Z12get_work_dimv", Type::Int(32), &[], 1));
    assert_eq!(ir.kernels.len(), 1);
}

#[test]
fn atomics_on_global_and_local_memory() {
    for (name, space) in [("_Z10atomic_addPU3AS1Vii", 1), ("_Z8atom_incPU3AS3Vi", 3), ("_Z10atomic_maxPU3AS1Vjj", 1)] {
        let mut mb = Mb::new("spir64");
        let i32t = mb.t(Type::Int(32));
        let p = mb.ptr(space, i32t);
        let inc = name.contains("inc");
        let params: Vec<TypeId> = if inc { vec![p] } else { vec![p, i32t] };
        let f = mb.declare(name, i32t, &params);
        let gp = mb.ptr(1, i32t);
        let one = mb.int(32, 1);
        mb.kernel("k", &[gp, p], |mb, b| {
            let mut args = vec![b.arg(1)];
            if !inc {
                args.push(one);
            }
            let v = b.call(mb, f, args);
            b.void(InstKind::Store {
                value: v,
                ptr: b.arg(0),
                align: 4,
                volatile: false,
                ordering: Ordering::NotAtomic,
            });
        });
        assert_eq!(check(&mb.m).kernels.len(), 1, "{name}");
    }
}

#[test]
fn barriers_fences_and_vector_loads() {
    let mut mb = Mb::new("spir");
    let void = mb.t(Type::Void);
    let i32t = mb.t(Type::Int(32));
    let f32t = mb.t(Type::Float);
    let v4 = mb.t(Type::Vector { len: 4, elem: f32t });
    let pf = mb.ptr(1, f32t);
    let pv4 = mb.ptr(1, v4);
    let barrier = mb.declare("_Z7barrierj", void, &[i32t]);
    let fence = mb.declare("_Z9mem_fencej", void, &[i32t]);
    let vload = mb.declare("_Z6vload4jPU3AS1Kf", v4, &[i32t, pf]);
    let flags = mb.int(32, 3);
    let zero = mb.int(32, 0);
    mb.kernel("k", &[pf, pv4], |mb, b| {
        b.call(mb, barrier, vec![flags]);
        b.call(mb, fence, vec![flags]);
        let v = b.call(mb, vload, vec![zero, b.arg(0)]);
        b.void(InstKind::Store { value: v, ptr: b.arg(1), align: 16, volatile: false, ordering: Ordering::NotAtomic });
    });
    assert_eq!(check(&mb.m).kernels.len(), 1);
}

#[test]
fn unknown_declared_functions_are_refused_by_name() {
    let m = builtin_kernel("_Z14no_such_thingf", Type::Float, &[Type::Float], 1);
    let e = write(&m).unwrap_err();
    assert!(e.to_string().contains("no_such_thing"), "{e}");
    assert!(e.to_string().contains("function `@k`, block `%entry`"), "{e}");
}

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

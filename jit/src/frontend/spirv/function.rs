//! Per-kernel translation of function bodies into one KIR function: the value maps,
//! block creation (phis become block parameters) and inlining of `OpFunctionCall`; each
//! instruction goes to `dispatch`, which hands it to its family (arith, memory, control,
//! extinst, ...).
//!
//! Constants, global addresses and parameters live in the prologue block (block 0),
//! which dominates everything; this module must not interpret opcodes.

use std::collections::HashMap;

use rspirv::spirv::{BuiltIn, Decoration, Op};

use super::block_order::block_order;
use super::constants::ConstVal;
use super::limits::{self, MAX_INLINE_DEPTH};
use super::module::{err_at, op_name, SpvModule};
use super::reader::SpvInst;
use crate::ir::{self, BlockCall, BlockId, FunctionBuilder, InstKind, Type, Value};
use crate::{CompileError, Result};

/// Most scalar leaves an aggregate constant may have when it becomes an SSA value.
const MAX_CONST_LEAVES: usize = 4096;

/// What a SPIR-V id stands for inside a kernel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Val {
    V(Value),
    /// A pointer to a builtin input variable (its load becomes work-item queries).
    Builtin(BuiltIn),
    /// A pointer to component `index` of a builtin input variable.
    BuiltinElem(BuiltIn, Value),
}

/// One (possibly inlined) function activation.
pub(crate) struct Frame {
    pub values: HashMap<u32, Val>,
    pub blocks: HashMap<u32, BlockId>,
    /// Label → the phi instructions at the start of that block.
    pub phis: HashMap<u32, Vec<usize>>,
    /// The continuation block of an inlined call (`None` in the kernel's own frame).
    pub ret: Option<BlockId>,
    /// The SPIR-V label of the block being translated.
    pub label: u32,
}

/// Translates the functions reachable from one kernel into `func`.
pub(crate) struct Translator<'m> {
    pub m: &'m SpvModule,
    pub f: ir::Function,
    pub cur: BlockId,
    /// Constants and global addresses, materialised once in the prologue.
    pub cache: HashMap<u32, Value>,
    pub const_cache: HashMap<(Type, Vec<u64>), Value>,
    /// Functions being inlined (for recursion detection).
    pub stack: Vec<u32>,
    /// The module's size type (I32 or I64).
    pub size_ty: Type,
    /// SPIR-V instructions translated so far, every inlined copy counted.
    pub inlined: usize,
    /// Bytes of private variables so far.
    pub private_bytes: u64,
    /// Pointers (by SPIR-V id) into matrices laid out other than naturally.
    pub ptr_layouts: HashMap<u32, super::types::MatrixLayout>,
    /// Pointers (by SPIR-V id) into matrices whose layout is chosen at run time
    /// (`OpSelect` between pointers into matrices laid out differently).
    pub dyn_layouts: HashMap<u32, super::types::DynLayout>,
    /// The layout each phi of the function being translated was given by its first
    /// translated edge (or found when its block was translated): later edges must agree.
    pub phi_layouts: HashMap<u32, Option<super::types::MatrixLayout>>,
    /// Phis (by SPIR-V id) of pointers that may point into matrices laid out differently
    /// on different edges: their layout is two extra block parameters, given by each edge.
    pub dyn_phis: HashMap<u32, u32>,
    /// Whether the module has a struct member with matrices laid out other than naturally
    /// (found on first need).
    pub laid_out_module: Option<bool>,
    /// Descriptor arrays of buffers (by variable id): the pointer of each descriptor.
    pub buffer_arrays: HashMap<u32, Vec<Value>>,
    /// End of the module's static `__local` variables (bytes).
    pub local_end: u64,
    /// Offset of the work-group collectives' scratch area in local memory and its
    /// address (in the prologue), once a collective needs it (see `workgroup`).
    pub wg_scratch: Option<(u64, Value)>,
}

pub(crate) const PROLOGUE: BlockId = BlockId(0);

impl<'m> Translator<'m> {
    pub fn new(m: &'m SpvModule) -> Self {
        let mut f = ir::Function::default();
        let prologue = FunctionBuilder::new(&mut f).current_block();
        let size_ty = if m.pointer_bits == 32 { Type::I32 } else { Type::I64 };
        Translator {
            m,
            f,
            cur: prologue,
            cache: HashMap::new(),
            const_cache: HashMap::new(),
            stack: Vec::new(),
            size_ty,
            inlined: 0,
            private_bytes: 0,
            ptr_layouts: HashMap::new(),
            dyn_layouts: HashMap::new(),
            phi_layouts: HashMap::new(),
            dyn_phis: HashMap::new(),
            laid_out_module: None,
            buffer_arrays: HashMap::new(),
            local_end: 0,
            wg_scratch: None,
        }
    }

    /// Add a private variable, within the cap on private memory per work-item.
    pub fn add_private(&mut self, var: ir::PrivateVar) -> Result<ir::VarId> {
        self.private_bytes = self.private_bytes.saturating_add(var.size.max(1).div_ceil(8) * 8);
        if self.private_bytes > limits::MAX_PRIVATE_BYTES {
            return Err(limits::exceeded(
                format!("private memory of {} bytes per work-item", self.private_bytes),
                format!("{} bytes", limits::MAX_PRIVATE_BYTES),
            ));
        }
        Ok(self.builder().add_var(var))
    }

    // ---- emission helpers -------------------------------------------------------------

    /// A builder positioned at the end of the current block.
    pub fn builder(&mut self) -> FunctionBuilder<'_> {
        FunctionBuilder::at(&mut self.f, self.cur)
    }

    /// Append an instruction with a result to the current block.
    pub fn emit(&mut self, kind: InstKind, ty: Type) -> Value {
        // Vector assembly of constants stays a constant (see `ir::fold`).
        let kind = match crate::ir::fold::fold(&self.f, &kind, &ty) {
            Some(bits) => InstKind::Const(bits),
            None => kind,
        };
        self.builder().inst(kind, ty)
    }

    /// Append an instruction without a result to the current block.
    pub fn emit_void(&mut self, kind: InstKind) {
        self.builder().inst_void(kind)
    }

    /// Append an instruction with a result to the prologue.
    pub fn emit_prologue(&mut self, kind: InstKind, ty: Type) -> Value {
        FunctionBuilder::at(&mut self.f, PROLOGUE).inst(kind, ty)
    }

    /// A constant of a scalar or vector type (one entry per component, or one entry
    /// splatted over every component).
    pub fn konst(&mut self, ty: &Type, bits: &[u64]) -> Value {
        let n = ty.lanes().unwrap_or(1) as usize;
        let comps: Vec<u64> = if bits.len() == 1 && n > 1 { vec![bits[0]; n] } else { bits.to_vec() };
        let key = (ty.clone(), comps.clone());
        if let Some(v) = self.const_cache.get(&key) {
            return *v;
        }
        let v = self.emit_prologue(InstKind::Const(comps), ty.clone());
        self.const_cache.insert(key, v);
        v
    }

    /// An i32 constant.
    pub fn i32c(&mut self, v: u32) -> Value {
        self.konst(&Type::I32, &[v as u64])
    }

    /// An i64 constant.
    pub fn i64c(&mut self, v: i64) -> Value {
        self.konst(&Type::I64, &[v as u64])
    }

    pub fn ty_of(&self, v: Value) -> Type {
        self.f.ty(v).clone()
    }

    /// The KIR type of type id `id`.
    pub fn ty(&self, id: u32) -> Result<Type> {
        self.m.kir_type(id)
    }

    /// The KIR result type of `inst`.
    pub fn rty(&self, inst: &SpvInst) -> Result<Type> {
        self.m.kir_type(inst.rtype()?)
    }

    /// Record the result of `inst`.
    pub fn set(&mut self, fr: &mut Frame, inst: &SpvInst, val: Val) -> Result<()> {
        let id = inst.rid()?;
        if let (Val::V(v), Some(name)) = (val, self.m.names.get(&id)) {
            let def = &mut self.f.values[v.0 as usize];
            if def.name.is_none() {
                def.name = Some(name.clone());
            }
        }
        fr.values.insert(id, val);
        Ok(())
    }

    /// Record a plain value as the result of `inst`.
    pub fn set_v(&mut self, fr: &mut Frame, inst: &SpvInst, v: Value) -> Result<()> {
        self.set(fr, inst, Val::V(v))
    }

    // ---- operands ----------------------------------------------------------------------

    /// What id `id` stands for: a local value, a global variable's address, or a constant.
    pub fn val(&mut self, fr: &Frame, id: u32) -> Result<Val> {
        if let Some(v) = fr.values.get(&id) {
            return Ok(*v);
        }
        if let Some(v) = self.cache.get(&id) {
            return Ok(Val::V(*v));
        }
        let def = self.m.def(id)?;
        if def.op == Op::Variable && self.m.globals.contains(&id) {
            return self.global_address(id);
        }
        if let Some(cv) = self.m.const_value(id)? {
            let ty = self.m.kir_type(def.rtype()?)?;
            let v = self.materialize(&ty, &cv)?;
            self.cache.insert(id, v);
            return Ok(Val::V(v));
        }
        Err(CompileError::invalid(format!(
            "%{id} ({}) is used where it is not available: not defined earlier in this function",
            op_name(def.op)
        )))
    }

    /// Id `id` as a plain SSA value.
    pub fn value(&mut self, fr: &Frame, id: u32) -> Result<Value> {
        match self.val(fr, id)? {
            Val::V(v) => Ok(v),
            Val::Builtin(b) | Val::BuiltinElem(b, _) => Err(CompileError::unsupported(format!(
                "the address of builtin variable {b:?} is used other than by a load"
            ))),
        }
    }

    /// Operand `i` of `inst` as a plain SSA value.
    pub fn op(&mut self, fr: &Frame, inst: &SpvInst, i: usize) -> Result<Value> {
        let id = inst.id(i)?;
        self.value(fr, id)
    }

    fn global_address(&mut self, id: u32) -> Result<Val> {
        let m = self.m;
        if let Some(b) = m.decos_of(id, Decoration::BuiltIn).find_map(|d| match d.args.first() {
            Some(rspirv::dr::Operand::BuiltIn(b)) => Some(*b),
            _ => None,
        }) {
            return Ok(Val::Builtin(b));
        }
        let ty = m.kir_type(m.type_of_value(id)?)?;
        let v = if let Some(off) = m.local_offsets.get(&id) {
            self.emit_prologue(InstKind::LocalAddr(*off), ty)
        } else if let Some(d) = m.data_ids.get(&id) {
            self.emit_prologue(InstKind::DataAddr(*d), ty)
        } else if let Some(v) = self.private_global(id)? {
            v
        } else {
            return Err(CompileError::unsupported(format!(
                "module-scope variable %{id} is in a storage class kernels cannot address (spirjit maps built-in \
                 inputs, Workgroup, CrossWorkgroup, UniformConstant and Private variables)"
            )));
        };
        if let Some(name) = m.names.get(&id) {
            self.f.values[v.0 as usize].name = Some(name.clone());
        }
        self.cache.insert(id, v);
        Ok(Val::V(v))
    }

    /// Build constant `cv` of type `ty` in the prologue.
    pub fn materialize(&mut self, ty: &Type, cv: &ConstVal) -> Result<Value> {
        if let Err(n) = ty.leaves(MAX_CONST_LEAVES) {
            return Err(CompileError::limit(format!(
                "a constant of type {ty} with more than {n} components is used as a value"
            )));
        }
        self.materialize_inner(ty, cv)
    }

    fn materialize_inner(&mut self, ty: &Type, cv: &ConstVal) -> Result<Value> {
        let mismatch = || CompileError::invalid(format!("constant does not match its type {ty}"));
        match ty {
            Type::Scalar(_) | Type::Vector(..) => {
                let n = ty.lanes().unwrap_or(1) as usize;
                let bits = match cv {
                    ConstVal::Bits(b) if n == 1 => vec![*b],
                    ConstVal::Composite(parts) if parts.len() == n => parts
                        .iter()
                        .map(|p| match p {
                            ConstVal::Bits(b) => Ok(*b),
                            ConstVal::Zero | ConstVal::Undef => Ok(0),
                            ConstVal::Composite(_) => Err(mismatch()),
                        })
                        .collect::<Result<_>>()?,
                    ConstVal::Zero | ConstVal::Undef => vec![0; n],
                    _ => return Err(mismatch()),
                };
                Ok(self.konst(ty, &bits))
            }
            Type::Array { .. } | Type::Struct(_) => {
                let count = ty.component_count() as usize;
                let mut parts = Vec::with_capacity(count);
                for i in 0..count {
                    let ct = ty.component(i as u32).ok_or_else(mismatch)?;
                    let sub = match cv {
                        ConstVal::Composite(ps) => ps.get(i).cloned().ok_or_else(mismatch)?,
                        ConstVal::Zero | ConstVal::Undef => ConstVal::Zero,
                        ConstVal::Bits(_) => return Err(mismatch()),
                    };
                    parts.push(self.materialize_inner(&ct, &sub)?);
                }
                Ok(self.emit_prologue(InstKind::Construct(parts), ty.clone()))
            }
        }
    }

    // ---- functions and blocks ------------------------------------------------------------

    /// Translate function `fid` with arguments `args`, starting from the current block.
    /// `ret` is the continuation of an inlined call; returns jump there (with the
    /// return value as its argument, if any).
    pub fn run_function(&mut self, fid: u32, args: Vec<Val>, ret: Option<BlockId>) -> Result<()> {
        let m = self.m;
        if self.stack.contains(&fid) {
            let name = m.names.get(&fid).map(|n| format!(" `{n}`")).unwrap_or_default();
            return Err(CompileError::unsupported(format!(
                "kernel recursion: function %{fid}{name} calls itself (directly or through other functions); \
                 OpenCL kernels may not recurse"
            )));
        }
        if self.stack.len() >= MAX_INLINE_DEPTH {
            return Err(limits::exceeded("the nesting of calls", format!("{MAX_INLINE_DEPTH} levels")));
        }
        let fdef = m.func(fid)?;
        if fdef.blocks.is_empty() {
            let name = m.names.get(&fid).cloned().unwrap_or_else(|| format!("%{fid}"));
            return Err(CompileError::unsupported(format!(
                "function {name} is declared but has no body (an import); link the module first"
            ))
            .at(Some(m.insts[fdef.def].word), "OpFunction", Some(fid)));
        }
        self.inlined += fdef.blocks.iter().map(|b| b.body.len() + 1).sum::<usize>();
        if self.inlined > limits::MAX_INLINED_INSTRUCTIONS {
            return Err(limits::exceeded(
                "the kernel's size after inlining every call",
                format!("{} instructions", limits::MAX_INLINED_INSTRUCTIONS),
            ));
        }
        if fdef.params.len() != args.len() {
            return Err(CompileError::invalid(format!(
                "function %{fid} takes {} parameters, called with {}",
                fdef.params.len(),
                args.len()
            )));
        }
        self.stack.push(fid);
        let mut fr = Frame { values: HashMap::new(), blocks: HashMap::new(), phis: HashMap::new(), ret, label: 0 };
        for (&pi, a) in fdef.params.iter().zip(args) {
            let p = &m.insts[pi];
            if let (Val::V(v), Some(t)) = (a, p.result_type) {
                let want = m.kir_type(t).map_err(|e| err_at(e, p))?;
                if self.f.ty(v) != &want {
                    return Err(err_at(
                        CompileError::invalid(format!(
                            "function %{fid} is called with an argument of type {} for a parameter of type {want}",
                            self.f.ty(v)
                        )),
                        p,
                    ));
                }
            }
            fr.values.insert(p.rid()?, a);
        }
        // Blocks first, so forward branches have targets; phis become parameters. Blocks
        // are made and translated with dominators first (`block_order`).
        let order = block_order(m, &fdef.blocks);
        for b in order.iter().map(|&i| &fdef.blocks[i]) {
            let id = self.builder().create_block();
            if fr.blocks.insert(b.label, id).is_some() {
                return Err(err_at(CompileError::invalid("label defined twice"), &m.insts[b.label_index]));
            }
            let mut phis = Vec::new();
            for i in b.body.clone() {
                let inst = &m.insts[i];
                match inst.op {
                    Op::Phi => {
                        let ty = self.rty(inst).map_err(|e| err_at(e, inst))?;
                        let p = self.builder().append_block_param(id, ty);
                        if let Some(name) = inst.result_id.and_then(|r| m.names.get(&r)) {
                            self.f.values[p.0 as usize].name = Some(name.clone());
                        }
                        fr.values.insert(inst.rid()?, Val::V(p));
                        // A new copy of the function (inlined again): no edge seen yet.
                        let rid = inst.rid()?;
                        self.phi_layouts.remove(&rid);
                        self.ptr_layouts.remove(&rid);
                        self.dyn_layouts.remove(&rid);
                        self.dyn_phis.remove(&rid);
                        self.dyn_phi_params(inst, id).map_err(|e| err_at(e, inst))?;
                        phis.push(i);
                    }
                    Op::Line | Op::NoLine | Op::Nop => {}
                    _ => break,
                }
            }
            fr.phis.insert(b.label, phis);
        }
        let entry = fdef.blocks[0].label;
        if fr.phis.get(&entry).is_some_and(|p| !p.is_empty()) {
            return Err(err_at(
                CompileError::invalid("the entry block of a function has OpPhi"),
                &m.insts[fdef.blocks[0].label_index],
            ));
        }
        let entry_block = fr.blocks[&entry];
        self.builder().jump(entry_block, &[]);
        for b in order.iter().map(|&i| &fdef.blocks[i]) {
            self.cur = fr.blocks[&b.label];
            fr.label = b.label;
            // Uses of a phi no edge has reached yet see it natural: later edges must agree.
            for &pi in fr.phis.get(&b.label).into_iter().flatten() {
                let pid = m.insts[pi].rid()?;
                let l = self.ptr_layouts.get(&pid).copied();
                self.phi_layouts.entry(pid).or_insert(l);
            }
            let mut terminated = false;
            for i in b.body.clone() {
                let inst = &m.insts[i];
                if terminated {
                    return Err(err_at(CompileError::invalid("instruction after the block's terminator"), inst));
                }
                terminated = is_terminator(inst.op);
                self.inst(&mut fr, inst).map_err(|e| err_at(e, inst))?;
                self.check_result_type(&fr, inst).map_err(|e| err_at(e, inst))?;
            }
            if !terminated {
                return Err(err_at(
                    CompileError::invalid("block does not end in a terminator"),
                    &m.insts[b.label_index],
                ));
            }
        }
        self.stack.pop();
        Ok(())
    }

    /// Fail when the value recorded for `inst`'s result does not have the type the
    /// instruction declares (later stages rely on every value having its declared type).
    fn check_result_type(&self, fr: &Frame, inst: &SpvInst) -> Result<()> {
        let (Some(rt), Some(id)) = (inst.result_type, inst.result_id) else { return Ok(()) };
        let Some(Val::V(v)) = fr.values.get(&id) else { return Ok(()) };
        let Ok(declared) = self.m.kir_type(rt) else { return Ok(()) };
        let actual = self.f.ty(*v);
        if actual != &declared {
            return Err(CompileError::invalid(format!(
                "the result has type {actual} but the instruction declares %{rt} ({declared}); the operands do not \
                 match the result type"
            )));
        }
        Ok(())
    }

    /// The jump to SPIR-V block `label` from the block being translated, with the
    /// arguments of its phis.
    pub fn block_call(&mut self, fr: &Frame, label: u32) -> Result<BlockCall> {
        let block = *fr
            .blocks
            .get(&label)
            .ok_or_else(|| CompileError::invalid(format!("branch target %{label} is not a block of this function")))?;
        let mut args = Vec::new();
        let phis = fr.phis.get(&label).cloned().unwrap_or_default();
        for pi in phis {
            let phi = &self.m.insts[pi];
            let mut found = None;
            let mut k = 0;
            while k + 1 < phi.operands.len() {
                if phi.id(k + 1)? == fr.label {
                    found = Some(phi.id(k)?);
                    break;
                }
                k += 2;
            }
            let id = found.ok_or_else(|| {
                err_at(CompileError::invalid(format!("OpPhi has no incoming value for predecessor %{}", fr.label)), phi)
            })?;
            let v = self.value(fr, id).map_err(|e| err_at(e, phi))?;
            // A pointer into laid-out matrices gives the phi its layout.
            let layout = self.phi_layout(phi.rid()?, id).map_err(|e| err_at(e, phi))?;
            let want = self.rty(phi)?;
            if self.f.ty(v) != &want {
                return Err(err_at(
                    CompileError::invalid(format!("OpPhi incoming %{id} has type {}, expected {want}", self.f.ty(v))),
                    phi,
                ));
            }
            args.push(v);
            if let Some(d) = layout {
                args.extend([d.col, d.elem]);
            }
        }
        Ok(BlockCall { block, args })
    }
}

fn is_terminator(op: Op) -> bool {
    matches!(
        op,
        Op::Branch
            | Op::BranchConditional
            | Op::Switch
            | Op::Return
            | Op::ReturnValue
            | Op::Unreachable
            | Op::Kill
            | Op::TerminateInvocation
    )
}

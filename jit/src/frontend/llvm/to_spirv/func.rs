//! Function bodies: each model instruction and terminator as SPIR-V instructions.
//!
//! Every local gets the SPIR-V type of its model type (opaque `ptr` is `i8*`); uses
//! that need another pointer type bit-cast (or cast to and from generic) where they
//! are. Constants that need instructions (global addresses, constant expressions) are
//! materialized once in the entry block, which dominates every use. This module must
//! not know about builtins: calls go to `calls`.

use std::collections::HashMap;

use rspirv::spirv::{Decoration, FunctionParameterAttribute, Op, StorageClass};

use super::{emit, kernels, order, str_words, Writer};
use crate::frontend::llvm::model::{
    BlockId, ConstExpr, ConstId, Constant, FuncId, Function, Inst, InstKind, Operand, Terminator, Type, TypeId,
};
use crate::{CompileError, Result};

/// A call of a declared function being written: the instruction, the callee's name
/// and its arguments.
pub(crate) struct Call<'i> {
    pub inst: &'i Inst,
    pub name: &'i str,
    pub args: &'i [Operand],
}

/// Which buffer instructions go to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Buf {
    Prologue,
    Body,
}

/// The state of one function being written.
pub(crate) struct Fx<'a, 'm> {
    pub w: &'a mut Writer<'m>,
    pub f: &'m Function,
    pub locals: Vec<u32>,
    pub local_ty: Vec<u32>,
    labels: Vec<u32>,
    pub vars: Vec<u32>,
    prologue: Vec<u32>,
    body: Vec<u32>,
    buf: Buf,
    materialized: HashMap<(ConstId, u32), u32>,
    /// The first id of the locals' range.
    base: u32,
    /// Where the last instruction with a result starts in the body, and its result.
    pub last: Option<(usize, u32)>,
    /// The model block being written.
    cur_block: usize,
    /// Per model block, the label of the last SPIR-V block written for it: its own
    /// label unless an expansion (a compare-and-swap loop, a fill loop) split it. Phis
    /// name these as predecessors.
    exit_labels: Vec<u32>,
    /// Phi operands that name a predecessor: (block, word in its body, predecessor),
    /// patched with the predecessor's exit label once every block is written.
    phi_preds: Vec<(usize, usize, usize)>,
}

/// Write function `fid` into the module.
pub(crate) fn write_function(w: &mut Writer<'_>, fid: FuncId) -> Result<()> {
    let m = w.m;
    let f = &m.functions[fid.0 as usize];
    let info = kernels::kernel_info(w, fid);
    let fn_where = |e: CompileError| e.at(None, format!("function `@{}`", f.name), None);
    let Type::Function { ret, .. } = m.ty(f.ty).clone() else {
        return Err(fn_where(CompileError::invalid("the function's type is not a function type")));
    };
    let ret_ty = w.ty(ret).map_err(fn_where)?;
    let locals: Vec<u32> = (0..f.local_types.len()).map(|_| w.id()).collect();
    let base = locals.first().copied().unwrap_or(0);
    let labels: Vec<u32> = (0..f.blocks.len()).map(|_| w.id()).collect();
    let mut fx = Fx {
        locals,
        local_ty: Vec::with_capacity(f.local_types.len()),
        vars: Vec::new(),
        prologue: Vec::new(),
        body: Vec::new(),
        buf: Buf::Body,
        materialized: HashMap::new(),
        base,
        last: None,
        cur_block: 0,
        exit_labels: labels.clone(),
        phi_preds: Vec::new(),
        labels,
        w,
        f,
    };
    for (i, &t) in f.local_types.iter().enumerate() {
        let spv = match (i < f.params.len(), &info) {
            (true, Some(k)) => kernels::param_type(fx.w, k, f, i, t).map_err(fn_where)?,
            _ => fx.w.ty(t).map_err(fn_where)?,
        };
        fx.local_ty.push(spv);
    }
    if f.params.len() > fx.local_ty.len() {
        return Err(fn_where(CompileError::invalid("the function has fewer locals than parameters")));
    }
    let param_tys: Vec<u32> = fx.local_ty[..f.params.len()].to_vec();
    let fn_ty = fx.w.t_fn(ret_ty, &param_tys);
    let fid_spv = fx.w.func_ids[fid.0 as usize];
    let mut head = Vec::new();
    emit(&mut head, Op::Function, &[ret_ty, fid_spv, 0, fn_ty]);
    for (i, p) in f.params.iter().enumerate() {
        let id = fx.locals[i];
        emit(&mut head, Op::FunctionParameter, &[param_tys[i], id]);
        let attr = |a: FunctionParameterAttribute, w: &mut Writer| {
            emit(&mut w.annotations, Op::Decorate, &[id, Decoration::FuncParamAttr as u32, a as u32]);
        };
        if p.attrs.zext {
            attr(FunctionParameterAttribute::Zext, fx.w);
        }
        if p.attrs.sext {
            attr(FunctionParameterAttribute::Sext, fx.w);
        }
        if p.attrs.byval.is_some() {
            attr(FunctionParameterAttribute::ByVal, fx.w);
        }
        if p.attrs.noalias && fx.w.ptr_info.contains_key(&param_tys[i]) {
            attr(FunctionParameterAttribute::NoAlias, fx.w);
        }
        if info.as_ref().is_some_and(|k| k.is_const(i)) && fx.w.ptr_info.contains_key(&param_tys[i]) {
            attr(FunctionParameterAttribute::NoWrite, fx.w);
        }
        if let Some(name) =
            p.name.as_deref().map(|n| n.trim_start_matches('%')).filter(|n| !n.bytes().all(|b| b.is_ascii_digit()))
        {
            let mut ops = vec![id];
            ops.extend(str_words(name));
            emit(&mut fx.w.names, Op::Name, &ops);
        }
    }
    let mut ops = vec![fid_spv];
    ops.extend(str_words(&f.name));
    emit(&mut fx.w.names, Op::Name, &ops);
    let mut blocks = Vec::with_capacity(f.blocks.len());
    for (bi, b) in f.blocks.iter().enumerate() {
        let bname = b.name.clone().unwrap_or_else(|| format!("{bi}"));
        let bname = bname.trim_start_matches('%');
        fx.last = None;
        fx.cur_block = bi;
        for inst in &b.insts {
            fx.inst(inst).map_err(|e| {
                e.at(None, format!("function `@{}`, block `%{bname}`, {}", f.name, fx.describe(inst)), None)
            })?;
        }
        fx.term(&b.term).map_err(|e| {
            e.at(None, format!("function `@{}`, block `%{bname}`, {}", f.name, term_name(&b.term)), None)
        })?;
        blocks.push(std::mem::take(&mut fx.body));
    }
    let Fx { w, labels, vars, prologue, exit_labels, phi_preds, .. } = fx;
    for (bi, word, pred) in phi_preds {
        if let (Some(w), Some(&l)) = (blocks.get_mut(bi).and_then(|b| b.get_mut(word)), exit_labels.get(pred)) {
            *w = l;
        }
    }
    w.functions_sec.extend(head);
    // Dominators first (SPIR-V's block order rule); the entry block stays first.
    for bi in order::block_order(&f.blocks) {
        emit(&mut w.functions_sec, Op::Label, &[labels[bi]]);
        if bi == 0 {
            w.functions_sec.extend(&vars);
            w.functions_sec.extend(&prologue);
        }
        w.functions_sec.extend(std::mem::take(&mut blocks[bi]));
    }
    emit(&mut w.functions_sec, Op::FunctionEnd, &[]);
    Ok(())
}

fn term_name(t: &Terminator) -> &'static str {
    match t {
        Terminator::Ret(_) => "`ret`",
        Terminator::Br(_) => "`br`",
        Terminator::CondBr { .. } => "conditional `br`",
        Terminator::Switch { .. } => "`switch`",
        Terminator::Unreachable => "`unreachable`",
    }
}

impl Fx<'_, '_> {
    /// Run `f` with instructions going to the entry block's prologue.
    pub fn in_prologue<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = self.buf;
        self.buf = Buf::Prologue;
        let r = f(self);
        self.buf = saved;
        r
    }

    pub fn out(&mut self) -> &mut Vec<u32> {
        match self.buf {
            Buf::Prologue => &mut self.prologue,
            Buf::Body => &mut self.body,
        }
    }

    /// Emit `op` with result type `ty` and a fresh result; returns the result.
    pub fn op(&mut self, op: Op, ty: u32, operands: &[u32]) -> u32 {
        let id = self.w.id();
        self.op_to(op, ty, id, operands);
        id
    }

    /// Emit `op` with result type `ty` into result `id`.
    pub fn op_to(&mut self, op: Op, ty: u32, id: u32, operands: &[u32]) {
        let mut words = Vec::with_capacity(operands.len() + 2);
        words.push(ty);
        words.push(id);
        words.extend_from_slice(operands);
        if self.buf == Buf::Body {
            self.last = Some((self.body.len(), id));
        }
        emit(self.out(), op, &words);
    }

    /// Emit `op` without a result.
    pub fn op_void(&mut self, op: Op, operands: &[u32]) {
        if self.buf == Buf::Body {
            self.last = None;
        }
        emit(self.out(), op, operands);
    }

    /// An `OpenCL.std` extended instruction.
    pub fn ext(&mut self, inst: rspirv::spirv::OpenclStd100Op, ty: u32, args: &[u32]) -> u32 {
        let mut ops = vec![self.w.ext, inst as u32];
        ops.extend_from_slice(args);
        self.op(Op::ExtInst, ty, &ops)
    }

    fn describe(&self, inst: &Inst) -> String {
        let lower = |s: String| s.to_lowercase();
        let name = match &inst.kind {
            InstKind::Binary { op, .. } => lower(format!("{op:?}")),
            InstKind::FNeg(_) => "fneg".into(),
            InstKind::Cast { op, .. } => lower(format!("{op:?}")),
            InstKind::ICmp { pred, .. } => format!("icmp {}", lower(format!("{pred:?}"))),
            InstKind::FCmp { pred, .. } => format!("fcmp {}", lower(format!("{pred:?}"))),
            InstKind::Select { .. } => "select".into(),
            InstKind::Phi { .. } => "phi".into(),
            InstKind::Alloca { .. } => "alloca".into(),
            InstKind::Load { .. } => "load".into(),
            InstKind::Store { .. } => "store".into(),
            InstKind::Gep { .. } => "getelementptr".into(),
            InstKind::ExtractElement { .. } => "extractelement".into(),
            InstKind::InsertElement { .. } => "insertelement".into(),
            InstKind::ShuffleVector { .. } => "shufflevector".into(),
            InstKind::ExtractValue { .. } => "extractvalue".into(),
            InstKind::InsertValue { .. } => "insertvalue".into(),
            InstKind::Call { callee, .. } => match callee {
                crate::frontend::llvm::model::Callee::Function(f) => {
                    format!("call @{}", self.w.m.functions.get(f.0 as usize).map_or("?", |f| f.name.as_str()))
                }
                _ => "call".into(),
            },
            InstKind::AtomicRmw { op, .. } => format!("atomicrmw {}", lower(format!("{op:?}"))),
            InstKind::CmpXchg { .. } => "cmpxchg".into(),
            InstKind::Fence { .. } => "fence".into(),
            InstKind::Freeze(_) => "freeze".into(),
        };
        match inst.result {
            Some(r) => {
                let n = self.f.local_names.get(&r).cloned().unwrap_or_else(|| format!("{}", r.0));
                format!("`%{} = {name} ...`", n.trim_start_matches('%'))
            }
            None => format!("`{name} ...`"),
        }
    }

    /// The SPIR-V id and type of an operand.
    pub fn val(&mut self, op: Operand) -> Result<(u32, u32)> {
        match op {
            Operand::Local(l) => {
                let i = l.0 as usize;
                match (self.locals.get(i), self.local_ty.get(i)) {
                    (Some(&id), Some(&ty)) => Ok((id, ty)),
                    _ => Err(CompileError::invalid(format!("local %{} is not defined in the function", l.0))),
                }
            }
            Operand::Const(c) => self.const_val(c),
            Operand::Metadata => Err(CompileError::unsupported("a metadata operand outside debug intrinsics")),
        }
    }

    /// The operand as SPIR-V type `want` (pointers cast as needed).
    pub fn val_as(&mut self, op: Operand, want: u32) -> Result<u32> {
        if let Operand::Const(c) = op {
            // Casts of constants go to the entry block, so that phis can use them.
            let v = self.const_val(c)?;
            if v.1 == want {
                return Ok(v.0);
            }
            if let Some(&id) = self.materialized.get(&(c, want)) {
                return Ok(id);
            }
            let saved = self.buf;
            self.buf = Buf::Prologue;
            let r = self.coerce(v, want);
            self.buf = saved;
            let id = r?;
            self.materialized.insert((c, want), id);
            return Ok(id);
        }
        let v = self.val(op)?;
        self.coerce(v, want)
    }

    /// The model type of an operand.
    pub fn model_ty(&self, op: Operand) -> Result<TypeId> {
        match op {
            Operand::Local(l) => self
                .f
                .local_types
                .get(l.0 as usize)
                .copied()
                .ok_or_else(|| CompileError::invalid(format!("local %{} is not defined in the function", l.0))),
            Operand::Const(c) => {
                if (c.0 as usize) < self.w.m.consts.len() {
                    Ok(self.w.m.const_ty(c))
                } else {
                    Err(CompileError::invalid(format!("constant #{} is not in the module", c.0)))
                }
            }
            Operand::Metadata => Err(CompileError::unsupported("a metadata operand outside debug intrinsics")),
        }
    }

    /// A constant as a SPIR-V value; those that need instructions are emitted in the
    /// entry block once.
    fn const_val(&mut self, c: ConstId) -> Result<(u32, u32)> {
        let mty = self.model_ty(Operand::Const(c))?;
        if let Some(id) = self.w.constant(c)? {
            let t = self.w.ty(mty)?;
            return Ok((id, t));
        }
        let k = self.w.m.constant(c).clone();
        if let Constant::Global { global, .. } = k {
            return match self.w.global_ids.get(global.0 as usize).copied() {
                Some((0, _)) => Err(CompileError::internal(format!(
                    "dynamic shared memory `@{}` is used after it became a kernel parameter",
                    self.w.m.globals[global.0 as usize].name
                ))),
                Some(v) => Ok(v),
                None => Err(CompileError::invalid(format!("global #{} is not in the module", global.0))),
            };
        }
        let t = self.w.ty(mty)?;
        if let Some(&id) = self.materialized.get(&(c, 0)) {
            return Ok((id, t));
        }
        let saved = self.buf;
        self.buf = Buf::Prologue;
        let r = self.materialize(&k, t);
        self.buf = saved;
        let id = r?;
        self.materialized.insert((c, 0), id);
        Ok((id, t))
    }

    fn materialize(&mut self, k: &Constant, t: u32) -> Result<u32> {
        match k {
            Constant::Aggregate { elems, ty } => {
                let mut ids = Vec::with_capacity(elems.len());
                for (i, &e) in elems.iter().enumerate() {
                    let et = match self.w.m.ty(*ty) {
                        Type::Struct { fields, .. } => fields.get(i).copied(),
                        Type::Array { elem, .. } | Type::Vector { elem, .. } => Some(*elem),
                        _ => None,
                    }
                    .ok_or_else(|| CompileError::invalid("an aggregate constant of a non-aggregate type"))?;
                    let et = self.w.ty(et)?;
                    ids.push(self.val_as(Operand::Const(e), et)?);
                }
                Ok(self.op(Op::CompositeConstruct, t, &ids))
            }
            Constant::Function { .. } => Err(CompileError::unsupported("function addresses (function pointers)")),
            Constant::Expr { ty, expr } => self.const_expr(*ty, expr, t),
            _ => Err(CompileError::internal("a plain constant reached materialization")),
        }
    }

    fn const_expr(&mut self, ty: TypeId, e: &ConstExpr, t: u32) -> Result<u32> {
        let c = Operand::Const;
        Ok(match e {
            ConstExpr::Cast { op, value } => self.cast(*op, c(*value), ty, t)?,
            ConstExpr::Binary { op, lhs, rhs } => self.binary(*op, c(*lhs), c(*rhs), t)?,
            ConstExpr::Gep { source_ty, base, indices, inbounds } => {
                let idx: Vec<Operand> = indices.iter().map(|&i| c(i)).collect();
                self.gep(*source_ty, c(*base), &idx, *inbounds, t)?
            }
            ConstExpr::ICmp { pred, lhs, rhs } => self.icmp(*pred, c(*lhs), c(*rhs), t)?,
            ConstExpr::FCmp { pred, lhs, rhs } => self.fcmp(*pred, c(*lhs), c(*rhs), t)?,
            ConstExpr::Select { cond, a, b } => {
                let cv = self.val(c(*cond))?.0;
                let av = self.val_as(c(*a), t)?;
                let bv = self.val_as(c(*b), t)?;
                self.op(Op::Select, t, &[cv, av, bv])
            }
            ConstExpr::ExtractElement { vec, index } => self.extract_element(c(*vec), c(*index), t)?,
            ConstExpr::InsertElement { vec, elem, index } => self.insert_element(c(*vec), c(*elem), c(*index), t)?,
            ConstExpr::ShuffleVector { a, b, mask } => self.shuffle(c(*a), c(*b), mask, t)?,
            ConstExpr::FNeg(v) => {
                let v = self.val(c(*v))?.0;
                self.op(Op::FNegate, t, &[v])
            }
        })
    }

    /// Cast `v` (of SPIR-V type `v.1`) to SPIR-V type `want`: pointer casts between
    /// pointee types and to and from generic; other types must match.
    pub fn coerce(&mut self, v: (u32, u32), want: u32) -> Result<u32> {
        if v.1 == want {
            return Ok(v.0);
        }
        let (Some(&(sc1, p1)), Some(&(sc2, _))) = (self.w.ptr_info.get(&v.1), self.w.ptr_info.get(&want)) else {
            return Err(CompileError::unsupported(format!(
                "a value of SPIR-V type %{} where type %{} is needed",
                v.1, want
            )));
        };
        let mut id = v.0;
        let mut ty = v.1;
        if sc1 != sc2 {
            if sc2 == StorageClass::Generic {
                let gt = self.w.t_ptr(StorageClass::Generic, p1);
                id = self.op(Op::PtrCastToGeneric, gt, &[id]);
                ty = gt;
            } else if sc1 == StorageClass::Generic {
                let st = self.w.t_ptr(sc2, p1);
                id = self.op(Op::GenericCastToPtr, st, &[id]);
                ty = st;
            } else {
                return Err(CompileError::unsupported(format!("a cast of a {sc1:?} pointer to a {sc2:?} pointer")));
            }
        }
        if ty != want {
            id = self.op(Op::Bitcast, want, &[id]);
        }
        Ok(id)
    }

    /// The storage class of pointer type `ty`.
    pub fn ptr_class(&self, ty: u32) -> Option<StorageClass> {
        self.w.ptr_info.get(&ty).map(|p| p.0)
    }

    /// `v` (a pointer) as a pointer to `pointee` in its own storage class.
    pub fn ptr_to(&mut self, v: (u32, u32), pointee: u32) -> Result<(u32, u32, StorageClass)> {
        let sc = self.ptr_class(v.1).ok_or_else(|| CompileError::invalid("a pointer operand is not a pointer"))?;
        let want = self.w.t_ptr(sc, pointee);
        Ok((self.coerce(v, want)?, want, sc))
    }

    pub fn result(&self, inst: &Inst) -> Result<u32> {
        let r = inst.result.ok_or_else(|| CompileError::invalid("the instruction has no result"))?;
        self.locals
            .get(r.0 as usize)
            .copied()
            .ok_or_else(|| CompileError::invalid(format!("result %{} is out of the function's locals", r.0)))
    }

    /// Bind the result of `inst` to value `id` (computed by the caller).
    pub fn bind(&mut self, inst: &Inst, id: u32) -> Result<()> {
        let Some(r) = inst.result else { return Ok(()) };
        let slot = self.locals.get(r.0 as usize).copied();
        let t = self.local_ty.get(r.0 as usize).copied();
        let (Some(slot), Some(t)) = (slot, t) else {
            return Err(CompileError::invalid(format!("result %{} is out of the function's locals", r.0)));
        };
        // The instruction just emitted computed the value: give it the result's id.
        if let Some((at, last)) = self.last {
            let is_local = id >= self.base && id < self.base + self.locals.len() as u32;
            if last == id && !is_local && self.body.get(at + 1) == Some(&t) && self.body.get(at + 2) == Some(&id) {
                self.body[at + 2] = slot;
                self.w.rename_decorations(id, slot);
                self.last = None;
                return Ok(());
            }
        }
        self.op_to(Op::CopyObject, t, slot, &[id]);
        Ok(())
    }

    /// The SPIR-V type of the result of `inst`.
    pub fn result_ty(&self, inst: &Inst) -> Result<u32> {
        let r = inst.result.ok_or_else(|| CompileError::invalid("the instruction has no result"))?;
        self.local_ty
            .get(r.0 as usize)
            .copied()
            .ok_or_else(|| CompileError::invalid(format!("result %{} is out of the function's locals", r.0)))
    }

    fn inst(&mut self, inst: &Inst) -> Result<()> {
        match &inst.kind {
            InstKind::Binary { op, lhs, rhs } => {
                let t = self.result_ty(inst)?;
                let v = self.binary(*op, *lhs, *rhs, t)?;
                self.bind(inst, v)
            }
            InstKind::FNeg(v) => {
                let t = self.result_ty(inst)?;
                let a = self.val_as(*v, t)?;
                let r = self.op(Op::FNegate, t, &[a]);
                self.bind(inst, r)
            }
            InstKind::Cast { op, value } => {
                let t = self.result_ty(inst)?;
                let v = self.cast(*op, *value, inst.ty, t)?;
                self.bind(inst, v)
            }
            InstKind::ICmp { pred, lhs, rhs } => {
                let t = self.result_ty(inst)?;
                let v = self.icmp(*pred, *lhs, *rhs, t)?;
                self.bind(inst, v)
            }
            InstKind::FCmp { pred, lhs, rhs } => {
                let t = self.result_ty(inst)?;
                let v = self.fcmp(*pred, *lhs, *rhs, t)?;
                self.bind(inst, v)
            }
            InstKind::Select { cond, a, b } => {
                let t = self.result_ty(inst)?;
                let c = self.val(*cond)?.0;
                let a = self.val_as(*a, t)?;
                let b = self.val_as(*b, t)?;
                let r = self.op(Op::Select, t, &[c, a, b]);
                self.bind(inst, r)
            }
            InstKind::Phi { incoming } => {
                let t = self.result_ty(inst)?;
                let mut ops = Vec::with_capacity(incoming.len() * 2);
                let mut preds = Vec::with_capacity(incoming.len());
                for &(v, b) in incoming {
                    let id = match v {
                        Operand::Local(_) => {
                            let v = self.val(v)?;
                            if v.1 != t {
                                return Err(CompileError::unsupported(
                                    "a phi of values of different SPIR-V types (pointers to different types)",
                                ));
                            }
                            v.0
                        }
                        _ => self.val_as(v, t)?,
                    };
                    ops.push(id);
                    ops.push(self.label(b)?);
                    preds.push((ops.len() - 1, b.0 as usize));
                }
                // Each predecessor's exit label is patched in once it is written: the
                // operands follow the opcode, result type and result words.
                let base = self.body.len() + 3;
                for (k, pred) in preds {
                    self.phi_preds.push((self.cur_block, base + k, pred));
                }
                let r = self.result(inst)?;
                self.op_to(Op::Phi, t, r, &ops);
                Ok(())
            }
            InstKind::Alloca { elem_ty, count, align } => self.alloca(inst, *elem_ty, *count, *align),
            InstKind::Load { ptr, align, volatile, ordering } => self.load(inst, *ptr, *align, *volatile, *ordering),
            InstKind::Store { value, ptr, align, volatile, ordering } => {
                self.store(*value, *ptr, *align, *volatile, *ordering)
            }
            InstKind::Gep { source_ty, base, indices, inbounds } => {
                let t = self.result_ty(inst)?;
                let v = self.gep(*source_ty, *base, indices, *inbounds, t)?;
                self.bind(inst, v)
            }
            InstKind::ExtractElement { vec, index } => {
                let t = self.result_ty(inst)?;
                let v = self.extract_element(*vec, *index, t)?;
                self.bind(inst, v)
            }
            InstKind::InsertElement { vec, elem, index } => {
                let t = self.result_ty(inst)?;
                let v = self.insert_element(*vec, *elem, *index, t)?;
                self.bind(inst, v)
            }
            InstKind::ShuffleVector { a, b, mask } => {
                let t = self.result_ty(inst)?;
                let v = self.shuffle(*a, *b, mask, t)?;
                self.bind(inst, v)
            }
            InstKind::ExtractValue { agg, indices } => {
                let t = self.result_ty(inst)?;
                let a = self.val(*agg)?.0;
                let mut ops = vec![a];
                ops.extend(indices);
                let r = self.op(Op::CompositeExtract, t, &ops);
                self.bind(inst, r)
            }
            InstKind::InsertValue { agg, elem, indices } => {
                let t = self.result_ty(inst)?;
                let a = self.val_as(*agg, t)?;
                let mt = self.model_ty(*elem)?;
                let et = self.w.ty(mt)?;
                let e = self.val_as(*elem, et)?;
                let mut ops = vec![e, a];
                ops.extend(indices);
                let r = self.op(Op::CompositeInsert, t, &ops);
                self.bind(inst, r)
            }
            InstKind::Call { .. } => self.call(inst),
            InstKind::AtomicRmw { op, ptr, value, ordering, scope } => {
                self.atomic_rmw(inst, *op, *ptr, *value, *ordering, scope.as_deref())
            }
            InstKind::CmpXchg { ptr, expected, new, success, failure, scope, .. } => {
                self.cmpxchg(inst, *ptr, *expected, *new, [*success, *failure], scope.as_deref())
            }
            InstKind::Fence { ordering, scope } => self.fence(*ordering, scope.as_deref()),
            InstKind::Freeze(v) => {
                let t = self.result_ty(inst)?;
                let a = self.val_as(*v, t)?;
                let r = self.op(Op::CopyObject, t, &[a]);
                self.bind(inst, r)
            }
        }
    }

    /// The label of the SPIR-V block being written (the model block's own label, or
    /// the last block an expansion split it into).
    pub fn current_label(&self) -> u32 {
        self.exit_labels[self.cur_block]
    }

    /// Start SPIR-V block `label` inside the model block being written, after the
    /// caller has ended the one before with a branch; what the model block holds
    /// after this point, and its terminator, go into the new block.
    pub fn begin_block(&mut self, label: u32) {
        emit(&mut self.body, Op::Label, &[label]);
        self.exit_labels[self.cur_block] = label;
        self.last = None;
    }

    fn label(&self, b: BlockId) -> Result<u32> {
        self.labels
            .get(b.0 as usize)
            .copied()
            .ok_or_else(|| CompileError::invalid(format!("block #{} is not in the function", b.0)))
    }

    /// The value of an integer constant operand.
    pub fn const_int(&self, op: Operand) -> Option<u64> {
        let Operand::Const(c) = op else { return None };
        match self.w.m.consts.get(c.0 as usize)? {
            Constant::Int { value, .. } => Some(*value),
            Constant::Zero(_) | Constant::Null(_) => Some(0),
            _ => None,
        }
    }

    fn term(&mut self, t: &Terminator) -> Result<()> {
        match t {
            Terminator::Ret(None) => self.op_void(Op::Return, &[]),
            Terminator::Ret(Some(v)) => {
                let Type::Function { ret, .. } = self.w.m.ty(self.f.ty).clone() else {
                    return Err(CompileError::invalid("the function's type is not a function type"));
                };
                let rt = self.w.ty(ret)?;
                let v = self.val_as(*v, rt)?;
                self.op_void(Op::ReturnValue, &[v]);
            }
            Terminator::Br(b) => {
                let l = self.label(*b)?;
                self.op_void(Op::Branch, &[l]);
            }
            Terminator::CondBr { cond, then, otherwise } => {
                let c = self.val(*cond)?.0;
                let a = self.label(*then)?;
                let b = self.label(*otherwise)?;
                self.op_void(Op::BranchConditional, &[c, a, b]);
            }
            Terminator::Switch { value, default, cases } => {
                let mt = self.model_ty(*value)?;
                let width = self.w.scalar_width(mt).unwrap_or(32);
                if width == 1 {
                    return Err(CompileError::unsupported("a switch on an i1"));
                }
                let v = self.val(*value)?.0;
                let mut ops = vec![v, self.label(*default)?];
                for &(c, b) in cases {
                    ops.push(c as u32);
                    if width == 64 {
                        ops.push((c >> 32) as u32);
                    }
                    ops.push(self.label(b)?);
                }
                self.op_void(Op::Switch, &ops);
            }
            Terminator::Unreachable => self.op_void(Op::Unreachable, &[]),
        }
        Ok(())
    }
}

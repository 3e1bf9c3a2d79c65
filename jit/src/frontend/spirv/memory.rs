//! Memory: private variables, loads and stores, access chains (byte offsets from the C
//! layout), memory copies, pointer comparisons and atomics.
//!
//! Loads of builtin input variables are handed to `builtins_vars`; this module must not
//! know which builtins exist.

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, MemoryAccess, Op};

use super::constants::const_bytes;
use super::function::{Frame, Translator, Val};
use super::matrix_layout::{holds_laid_out, member_layout};
use super::reader::SpvInst;
use super::types::SpvType;
use crate::ir::{AtomicOp, BinaryOp, ConvOp, Conversion, InstKind, IntCC, PrivateVar, Scalar, Type, Value};
use crate::{CompileError, Result};

/// A plain conversion (no saturation, default rounding).
pub(crate) fn conv(op: ConvOp) -> Conversion {
    Conversion { op, saturate: false, rounding: None }
}

/// The `Aligned` literal of the memory-access operands starting at `at`, if any.
fn aligned(inst: &SpvInst, at: usize) -> Option<u32> {
    match inst.operands.get(at) {
        Some(Operand::MemoryAccess(f)) if f.contains(MemoryAccess::ALIGNED) => match inst.operands.get(at + 1) {
            Some(Operand::LiteralBit32(a)) if *a > 0 => Some(*a),
            _ => None,
        },
        _ => None,
    }
}

impl Translator<'_> {
    pub(crate) fn memory(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        match inst.op {
            Op::Variable => self.variable(fr, inst),
            Op::Load => {
                let ty = self.rty(inst)?;
                match self.val(fr, inst.id(0)?)? {
                    Val::Builtin(b) => {
                        let v = self.load_builtin(b, None, &ty)?;
                        self.set_v(fr, inst, v)
                    }
                    Val::BuiltinElem(b, i) => {
                        let v = self.load_builtin(b, Some(i), &ty)?;
                        self.set_v(fr, inst, v)
                    }
                    Val::V(ptr) => {
                        self.expect_ptr(ptr)?;
                        let layout = self.ptr_layouts.get(&inst.id(0)?).copied();
                        let t = inst.rtype()?;
                        if let Some(d) = self.dyn_layouts.get(&inst.id(0)?).copied() {
                            let v = self.load_dyn(ptr, t, d)?;
                            return self.set_v(fr, inst, v);
                        }
                        if layout.is_some() || holds_laid_out(self.m, t)? {
                            let v = self.load_laid_out(ptr, t, layout)?;
                            return self.set_v(fr, inst, v);
                        }
                        let align = aligned(inst, 1).unwrap_or(ty.align().max(1));
                        let v = self.emit(InstKind::Load { ptr, align }, ty);
                        self.set_v(fr, inst, v)
                    }
                }
            }
            Op::Store => {
                let ptr = self.op(fr, inst, 0)?;
                self.expect_ptr(ptr)?;
                let value = self.op(fr, inst, 1)?;
                let layout = self.ptr_layouts.get(&inst.id(0)?).copied();
                let t = self.m.type_of_value(inst.id(1)?)?;
                if let Some(d) = self.dyn_layouts.get(&inst.id(0)?).copied() {
                    return self.store_dyn(ptr, t, d, value);
                }
                if layout.is_some() || holds_laid_out(self.m, t)? {
                    return self.store_laid_out(ptr, t, layout, value);
                }
                let align = aligned(inst, 2).unwrap_or(self.f.ty(value).align().max(1));
                self.emit_void(InstKind::Store { ptr, value, align });
                Ok(())
            }
            Op::AccessChain | Op::InBoundsAccessChain | Op::PtrAccessChain | Op::InBoundsPtrAccessChain => {
                self.access_chain(fr, inst)
            }
            Op::CopyMemory | Op::CopyMemorySized => {
                let dst = self.op(fr, inst, 0)?;
                let src = self.op(fr, inst, 1)?;
                self.expect_ptr(dst)?;
                self.expect_ptr(src)?;
                if inst.op == Op::CopyMemory {
                    // Laid-out matrices move component by component.
                    let (dl, sl) =
                        (self.ptr_layouts.get(&inst.id(0)?).copied(), self.ptr_layouts.get(&inst.id(1)?).copied());
                    let (_, pointee) = self.m.pointer_type(self.m.type_of_value(inst.id(0)?)?)?;
                    let (dd, sd) =
                        (self.dyn_layouts.get(&inst.id(0)?).copied(), self.dyn_layouts.get(&inst.id(1)?).copied());
                    if dl.is_some() || sl.is_some() || dd.is_some() || sd.is_some() || holds_laid_out(self.m, pointee)?
                    {
                        let v = match sd {
                            Some(d) => self.load_dyn(src, pointee, d)?,
                            None => self.load_laid_out(src, pointee, sl)?,
                        };
                        return match dd {
                            Some(d) => self.store_dyn(dst, pointee, d, v),
                            None => self.store_laid_out(dst, pointee, dl, v),
                        };
                    }
                }
                let size = if inst.op == Op::CopyMemorySized {
                    self.op(fr, inst, 2)?
                } else {
                    let (_, pointee) = self.m.pointer_type(self.m.type_of_value(inst.id(0)?)?)?;
                    let bytes = self.ty(pointee)?.size();
                    self.i64c(bytes as i64)
                };
                self.emit_void(InstKind::CopyMemory { dst, src, size });
                Ok(())
            }
            Op::GenericPtrMemSemantics => self.generic_mem_semantics(fr, inst),
            Op::PtrEqual | Op::PtrNotEqual | Op::PtrDiff => {
                let a = self.op(fr, inst, 0)?;
                let b = self.op(fr, inst, 1)?;
                let ai = self.emit(InstKind::Convert(conv(ConvOp::PtrToInt), a), Type::I64);
                let bi = self.emit(InstKind::Convert(conv(ConvOp::PtrToInt), b), Type::I64);
                let v = match inst.op {
                    Op::PtrEqual => self.emit(InstKind::Icmp(IntCC::Eq, ai, bi), Type::BOOL),
                    Op::PtrNotEqual => self.emit(InstKind::Icmp(IntCC::Ne, ai, bi), Type::BOOL),
                    _ => {
                        let (_, pointee) = self.m.pointer_type(self.m.type_of_value(inst.id(0)?)?)?;
                        let size = self.ty(pointee)?.size().max(1);
                        let d = self.emit(InstKind::Binary(BinaryOp::ISub, ai, bi), Type::I64);
                        let s = self.i64c(size as i64);
                        let q = self.emit(InstKind::Binary(BinaryOp::SDiv, d, s), Type::I64);
                        let rt = self.rty(inst)?;
                        self.int_cast(q, &rt, true)
                    }
                };
                self.set_v(fr, inst, v)
            }
            _ => Err(CompileError::internal("memory() called for another opcode")),
        }
    }

    pub(super) fn expect_ptr(&self, v: Value) -> Result<()> {
        match self.f.ty(v) {
            Type::Scalar(Scalar::Ptr(_)) => Ok(()),
            t => Err(CompileError::invalid(format!("pointer operand has type {t}, expected a pointer"))),
        }
    }

    /// Convert integer `v` to the integer type `to` (sign- or zero-extending).
    pub(crate) fn int_cast(&mut self, v: Value, to: &Type, signed: bool) -> Value {
        if self.f.ty(v) == to {
            return v;
        }
        let op = if signed { ConvOp::SToS } else { ConvOp::UToU };
        self.emit(InstKind::Convert(conv(op), v), to.clone())
    }

    fn variable(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let m = self.m;
        let ptr_ty = inst.rtype()?;
        let (_, pointee) = m.pointer_type(ptr_ty)?;
        let ty = self.ty(pointee)?;
        super::constants::check_size(&ty)?;
        match inst.operands.first() {
            Some(Operand::StorageClass(rspirv::spirv::StorageClass::Function)) => {}
            Some(Operand::StorageClass(sc)) => {
                return Err(CompileError::unsupported(format!(
                    "function-scope variables in storage class {sc:?} are not supported"
                )))
            }
            _ => return Err(CompileError::invalid("OpVariable without a storage class")),
        }
        if self.private_bytes.saturating_add(ty.size()) > super::limits::MAX_PRIVATE_BYTES {
            return Err(super::limits::exceeded(
                format!("private memory of {} bytes per work-item", self.private_bytes.saturating_add(ty.size())),
                format!("{} bytes", super::limits::MAX_PRIVATE_BYTES),
            ));
        }
        let init = match inst.operands.get(1) {
            Some(_) => Some(const_bytes(m, inst.id(1)?, &ty)?),
            None => None,
        };
        let id = inst.rid()?;
        let align = ty.align().max(m.deco_lit(id, Decoration::Alignment).unwrap_or(1)).max(1);
        let var = self.add_private(PrivateVar { name: m.names.get(&id).cloned(), size: ty.size(), align, init })?;
        let v = self.emit(InstKind::VarAddr(var), self.ty(ptr_ty)?);
        self.set_v(fr, inst, v)
    }

    /// `ptr + index * stride` chains: the byte offset is accumulated as a constant part
    /// and a dynamic part (indices sign-extended to i64).
    fn access_chain(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let m = self.m;
        let base_id = inst.id(0)?;
        let is_ptr_chain = matches!(inst.op, Op::PtrAccessChain | Op::InBoundsPtrAccessChain);
        let indices: Vec<u32> = (1..inst.operands.len()).map(|i| inst.id(i)).collect::<Result<_>>()?;
        // A descriptor array of buffers: the first index picks the buffer.
        let element = match (is_ptr_chain, indices.first()) {
            (false, Some(&first)) => self.buffer_array_element(fr, base_id, first)?,
            _ => None,
        };
        let base = match element {
            Some(v) => Val::V(v),
            None => self.val(fr, base_id)?,
        };
        if let Val::Builtin(b) = base {
            // gid[i]: one index (after a zero element for pointer chains).
            let idx = match (is_ptr_chain, indices.as_slice()) {
                (false, [i]) => *i,
                (true, [e, i]) if m.const_u64(*e).ok() == Some(0) => *i,
                _ => {
                    return Err(CompileError::unsupported(format!(
                        "access chain into builtin variable {b:?} other than selecting one component"
                    )))
                }
            };
            let iv = self.value(fr, idx)?;
            return self.set(fr, inst, Val::BuiltinElem(b, iv));
        }
        let Val::V(base) = base else {
            return Err(CompileError::unsupported("access chain into a component of a builtin variable"));
        };
        self.expect_ptr(base)?;
        let base_ty_id = m.type_of_value(base_id)?;
        let (_, mut cur) = m.pointer_type(base_ty_id)?;
        let mut const_off: i64 = 0;
        let mut dyn_off: Option<Value> = None;
        let mut rest = indices.as_slice();
        if element.is_some() {
            cur = match m.spv_type(cur)? {
                SpvType::Array { elem, .. } | SpvType::RuntimeArray { elem } => *elem,
                _ => return Err(CompileError::internal("a descriptor array of buffers is not an array")),
            };
            rest = &rest[1..];
        }
        // The layout of matrices the pointer points into, where not natural; or chosen at
        // run time.
        let mut layout = self.ptr_layouts.get(&base_id).copied();
        let mut dynl = match element {
            None => self.dyn_layouts.get(&base_id).copied(),
            Some(_) => None,
        };
        if is_ptr_chain {
            let (&elem, tail) = rest
                .split_first()
                .ok_or_else(|| CompileError::invalid("OpPtrAccessChain without an element operand"))?;
            let stride = match m.deco_lit(base_ty_id, Decoration::ArrayStride) {
                Some(s) => s as u64,
                None => self.ty(cur).map(|t| t.size()).unwrap_or(1),
            };
            self.add_index(fr, elem, stride, &mut const_off, &mut dyn_off)?;
            rest = tail;
        }
        for &idx in rest {
            let kt = self.ty(cur)?;
            if let Some((step, next)) = match dynl {
                Some(d) => self.step_dyn(cur, d)?,
                None => None,
            } {
                self.add_dyn_index(fr, idx, step, &mut dyn_off)?;
                dynl = next;
                cur = match m.spv_type(cur)? {
                    SpvType::Array { elem, .. } | SpvType::Vector { elem, .. } => *elem,
                    _ => return Err(CompileError::internal("a laid-out step into a non-composite")),
                };
                continue;
            }
            if let Some((step, next)) = self.step_layout(cur, layout)? {
                self.add_index(fr, idx, step, &mut const_off, &mut dyn_off)?;
                layout = next;
                cur = match m.spv_type(cur)? {
                    SpvType::Array { elem, .. } | SpvType::Vector { elem, .. } => *elem,
                    _ => return Err(CompileError::internal("a laid-out step into a non-composite")),
                };
                continue;
            }
            match m.spv_type(cur)?.clone() {
                SpvType::Struct { members } => {
                    let i = m
                        .const_u64(idx)
                        .map_err(|_| CompileError::invalid(format!("struct member index %{idx} is not a constant")))?
                        as usize;
                    let off = kt
                        .component_offset(i as u32)
                        .filter(|_| i < members.len())
                        .ok_or_else(|| CompileError::invalid(format!("struct member index {i} is out of range")))?;
                    const_off = const_off.wrapping_add(off as i64);
                    layout = member_layout(m, cur, i as u32)?;
                    cur = members[i];
                }
                SpvType::Array { elem, .. } | SpvType::RuntimeArray { elem } => {
                    let stride = match &kt {
                        Type::Array { stride, .. } => *stride,
                        _ => return Err(CompileError::internal("array type without a KIR array layout")),
                    };
                    self.add_index(fr, idx, stride, &mut const_off, &mut dyn_off)?;
                    cur = elem;
                }
                SpvType::Vector { elem, .. } => {
                    let stride = kt.scalar().map(|s| s.size()).unwrap_or(1);
                    self.add_index(fr, idx, stride, &mut const_off, &mut dyn_off)?;
                    cur = elem;
                }
                other => {
                    return Err(CompileError::invalid(format!(
                        "access chain indexes into a non-composite type {other:?}"
                    )))
                }
            }
        }
        let rt = self.rty(inst)?;
        if &rt != self.f.ty(base) {
            return Err(CompileError::invalid(format!(
                "access chain into a {} gives a {rt}; the storage class must stay the same",
                self.f.ty(base)
            )));
        }
        let offset = match (dyn_off, const_off) {
            (None, 0) => None,
            (None, c) => Some(self.i64c(c)),
            (Some(d), 0) => Some(d),
            (Some(d), c) => {
                let cv = self.i64c(c);
                Some(self.emit(InstKind::Binary(BinaryOp::IAdd, d, cv), Type::I64))
            }
        };
        let v = match offset {
            None if self.f.ty(base) == &rt => base,
            None => {
                let zero = self.i64c(0);
                self.emit(InstKind::PtrAdd(base, zero), rt)
            }
            Some(o) => self.emit(InstKind::PtrAdd(base, o), rt),
        };
        let id = inst.rid()?;
        match layout {
            Some(l) => self.ptr_layouts.insert(id, l),
            None => self.ptr_layouts.remove(&id),
        };
        match dynl {
            Some(d) => self.dyn_layouts.insert(id, d),
            None => self.dyn_layouts.remove(&id),
        };
        self.set_v(fr, inst, v)
    }

    /// Add `idx` (an id) times `stride` (an i64 value: a step of a run-time matrix
    /// layout) to the dynamic part of an access chain's offset.
    fn add_dyn_index(&mut self, fr: &Frame, idx: u32, stride: Value, dyn_off: &mut Option<Value>) -> Result<()> {
        let v = self.value(fr, idx)?;
        if !self.f.ty(v).scalar().is_some_and(|s| s.is_int()) || self.f.ty(v).lanes() != Some(1) {
            return Err(CompileError::invalid(format!("access chain index %{idx} is not a scalar integer")));
        }
        let wide = self.int_cast(v, &Type::I64, true);
        let scaled = self.emit(InstKind::Binary(BinaryOp::IMul, wide, stride), Type::I64);
        *dyn_off = Some(match *dyn_off {
            None => scaled,
            Some(d) => self.emit(InstKind::Binary(BinaryOp::IAdd, d, scaled), Type::I64),
        });
        Ok(())
    }

    fn add_index(
        &mut self,
        fr: &Frame,
        idx: u32,
        stride: u64,
        const_off: &mut i64,
        dyn_off: &mut Option<Value>,
    ) -> Result<()> {
        if matches!(self.m.def(idx)?.op, Op::Constant | Op::SpecConstant | Op::ConstantNull) {
            let i = self.m.const_i64(idx)?;
            *const_off = const_off.wrapping_add(i.wrapping_mul(stride as i64));
            return Ok(());
        }
        let v = self.value(fr, idx)?;
        if !self.f.ty(v).scalar().is_some_and(|s| s.is_int()) || self.f.ty(v).lanes() != Some(1) {
            return Err(CompileError::invalid(format!("access chain index %{idx} is not a scalar integer")));
        }
        let wide = self.int_cast(v, &Type::I64, true);
        let scaled = if stride == 1 {
            wide
        } else {
            let s = self.i64c(stride as i64);
            self.emit(InstKind::Binary(BinaryOp::IMul, wide, s), Type::I64)
        };
        *dyn_off = Some(match *dyn_off {
            None => scaled,
            Some(d) => self.emit(InstKind::Binary(BinaryOp::IAdd, d, scaled), Type::I64),
        });
        Ok(())
    }

    pub(crate) fn atomic(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let ptr = self.op(fr, inst, 0)?;
        self.expect_ptr(ptr)?;
        let rmw = |op| Some(op);
        let op = match inst.op {
            Op::AtomicExchange => rmw(AtomicOp::Xchg),
            Op::AtomicIAdd | Op::AtomicIIncrement => rmw(AtomicOp::Add),
            Op::AtomicISub | Op::AtomicIDecrement => rmw(AtomicOp::Sub),
            Op::AtomicSMin => rmw(AtomicOp::SMin),
            Op::AtomicUMin => rmw(AtomicOp::UMin),
            Op::AtomicSMax => rmw(AtomicOp::SMax),
            Op::AtomicUMax => rmw(AtomicOp::UMax),
            Op::AtomicAnd => rmw(AtomicOp::And),
            Op::AtomicOr => rmw(AtomicOp::Or),
            Op::AtomicXor => rmw(AtomicOp::Xor),
            Op::AtomicFAddEXT => rmw(AtomicOp::FAdd),
            Op::AtomicFMinEXT => rmw(AtomicOp::FMin),
            Op::AtomicFMaxEXT => rmw(AtomicOp::FMax),
            _ => None,
        };
        match inst.op {
            Op::AtomicFlagTestAndSet => {
                let one = self.i32c(1);
                let old = self.emit(InstKind::AtomicRmw { op: AtomicOp::Xchg, ptr, value: one }, Type::I32);
                let zero = self.i32c(0);
                let v = self.emit(InstKind::Icmp(IntCC::Ne, old, zero), Type::BOOL);
                return self.set_v(fr, inst, v);
            }
            Op::AtomicFlagClear => {
                let zero = self.i32c(0);
                self.emit_void(InstKind::AtomicStore { ptr, value: zero });
                return Ok(());
            }
            Op::AtomicStore => {
                let value = self.op(fr, inst, 3)?;
                let (iv, _) = self.atomic_int(value)?;
                self.emit_void(InstKind::AtomicStore { ptr, value: iv });
                return Ok(());
            }
            _ => {}
        }
        let rt = self.rty(inst)?;
        let it = atomic_int_type(&rt)?;
        let old = if let Some(op) = op {
            let value = match inst.op {
                Op::AtomicIIncrement | Op::AtomicIDecrement => self.konst(&it, &[1]),
                _ => {
                    let v = self.op(fr, inst, 3)?;
                    let (v, vt) = self.atomic_int(v)?;
                    same_width(&vt, &it)?;
                    v
                }
            };
            self.emit(InstKind::AtomicRmw { op, ptr, value }, it.clone())
        } else {
            match inst.op {
                Op::AtomicLoad => self.emit(InstKind::AtomicLoad { ptr }, it.clone()),
                Op::AtomicCompareExchange | Op::AtomicCompareExchangeWeak => {
                    let replacement = self.op(fr, inst, 4)?;
                    let expected = self.op(fr, inst, 5)?;
                    let (replacement, t1) = self.atomic_int(replacement)?;
                    let (expected, t2) = self.atomic_int(expected)?;
                    same_width(&t1, &it)?;
                    same_width(&t2, &it)?;
                    self.emit(InstKind::AtomicCmpXchg { ptr, expected, replacement }, it.clone())
                }
                _ => return Err(CompileError::internal("atomic() called for another opcode")),
            }
        };
        let old = self.texel_atomic_result(ptr, old, &it)?;
        let v = if it != rt { self.emit(InstKind::Bitcast(old), rt) } else { old };
        self.set_v(fr, inst, v)
    }

    /// An atomic through an image texel pointer whose texel lies outside the image, or
    /// whose image descriptor is null, reaches the runtime's sink: the update is dropped,
    /// and what it returns must be 0 (robust image access, null descriptors), not what
    /// earlier atomics left in the sink. The sink's address is what the texel-address
    /// builtin gives for a null image.
    fn texel_atomic_result(&mut self, ptr: Value, old: Value, it: &Type) -> Result<Value> {
        let builtin = super::builtin_id("spirjit_image_texel_address")?;
        let coord = match self.f.def_inst(ptr).map(|i| &i.kind) {
            Some(InstKind::Convert(c, addr)) if c.op == ConvOp::IntToPtr => {
                match self.f.def_inst(*addr).map(|i| &i.kind) {
                    Some(InstKind::CallWhole { builtin: b, args }) if *b == builtin && args.len() == 2 => {
                        Some((*addr, args[1]))
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let Some((addr, coord)) = coord else { return Ok(old) };
        let zero64 = self.konst(&Type::I64, &[0]);
        let to_ptr = crate::ir::Conversion { op: ConvOp::IntToPtr, saturate: false, rounding: None };
        let null = self.emit(InstKind::Convert(to_ptr, zero64), Type::ptr(crate::ir::AddressSpace::Global));
        let sink = self.emit(InstKind::CallWhole { builtin, args: vec![null, coord] }, Type::I64);
        let hit = self.emit(InstKind::Icmp(IntCC::Eq, addr, sink), Type::BOOL);
        let zero = self.konst(it, &[0]);
        Ok(self.emit(InstKind::Select(hit, zero, old), it.clone()))
    }

    /// An atomic operand as an integer (floats are reinterpreted).
    fn atomic_int(&mut self, v: Value) -> Result<(Value, Type)> {
        let t = self.ty_of(v);
        let it = atomic_int_type(&t)?;
        if it == t {
            Ok((v, t))
        } else {
            Ok((self.emit(InstKind::Bitcast(v), it.clone()), it))
        }
    }
}

/// Fail unless an atomic operand has the width of the atomic's result.
fn same_width(operand: &Type, result: &Type) -> Result<()> {
    if operand != result {
        return Err(CompileError::invalid(format!("atomic operand of type {operand} for a result of type {result}")));
    }
    Ok(())
}

fn atomic_int_type(t: &Type) -> Result<Type> {
    match t {
        Type::Scalar(Scalar::I32 | Scalar::F32) => Ok(Type::I32),
        Type::Scalar(Scalar::I64 | Scalar::F64) => Ok(Type::I64),
        other => Err(CompileError::unsupported(format!(
            "atomics on {other}: only 32- and 64-bit integers (and float exchange) are supported"
        ))),
    }
}

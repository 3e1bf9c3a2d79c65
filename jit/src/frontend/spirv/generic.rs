//! Questions about a generic pointer's address space: `OpGenericCastToPtrExplicit`
//! (`to_global`, `to_local`, `to_private`: the pointer when it points into that space,
//! else null) and `OpGenericPtrMemSemantics` (`get_fence`: `WorkgroupMemory` for local
//! memory, `CrossWorkgroupMemory` for global memory, nothing for private memory).
//!
//! Every pointer is a host address, so the answer comes from comparing the address with
//! the regions of the work-group: local memory runs from the start of the static
//! `__local` variables to the end of the last `__local` argument; global memory is the
//! buffers of the kernel's `global` parameters and the module's program-scope data;
//! anything else a generic pointer can hold is the work-item's private memory.
//!
//! This module only builds the comparisons; it must not translate other casts.

use rspirv::spirv::{MemorySemantics, Op, StorageClass};

use super::function::{Frame, Translator};
use super::memory::conv;
use super::reader::SpvInst;
use crate::ir::{AddressSpace, BinaryOp, ConvOp, DataId, InstKind, IntCC, Scalar, Type, Value};
use crate::{CompileError, Result};

impl Translator<'_> {
    /// `OpGenericCastToPtrExplicit`: the pointer, or null when it is not in the storage
    /// class asked for.
    pub(crate) fn generic_cast_explicit(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let p = self.op(fr, inst, 0)?;
        let rt = self.rty(inst)?;
        if !matches!(self.ty_of(p), Type::Scalar(Scalar::Ptr(_))) || !matches!(rt, Type::Scalar(Scalar::Ptr(_))) {
            return Err(CompileError::invalid("OpGenericCastToPtrExplicit needs a pointer operand and result"));
        }
        let sc = match inst.operands.get(1) {
            Some(rspirv::dr::Operand::StorageClass(sc)) => *sc,
            _ => return Err(CompileError::invalid("OpGenericCastToPtrExplicit: operand 1 is not a storage class")),
        };
        let addr = self.emit(InstKind::Convert(conv(ConvOp::PtrToInt), p), Type::I64);
        let inside = match sc {
            StorageClass::Workgroup => self.is_local(addr),
            StorageClass::CrossWorkgroup => self.is_global(addr),
            StorageClass::Function => {
                let local = self.is_local(addr);
                let global = self.is_global(addr);
                let either = self.emit(InstKind::Binary(BinaryOp::Or, local, global), Type::BOOL);
                self.emit(InstKind::Unary(crate::ir::UnaryOp::Not, either), Type::BOOL)
            }
            other => {
                return Err(CompileError::invalid(format!(
                    "OpGenericCastToPtrExplicit to storage class {other:?}; it must be Workgroup, CrossWorkgroup \
                     or Function"
                )))
            }
        };
        let cast = self.emit(InstKind::Convert(conv(ConvOp::PtrToPtr), p), rt.clone());
        let null = self.konst(&rt, &[0]);
        let v = self.emit(InstKind::Select(inside, cast, null), rt);
        self.set_v(fr, inst, v)
    }

    /// `OpGenericPtrMemSemantics`: the memory-semantics bit of the pointer's storage class.
    pub(crate) fn generic_mem_semantics(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        if inst.op != Op::GenericPtrMemSemantics {
            return Err(CompileError::internal("generic_mem_semantics() called for another opcode"));
        }
        let p = self.op(fr, inst, 0)?;
        let ty = self.rty(inst)?;
        if !matches!(ty, Type::Scalar(s) if s.is_int()) {
            return Err(CompileError::invalid(format!("OpGenericPtrMemSemantics has result type {ty}")));
        }
        let addr = self.emit(InstKind::Convert(conv(ConvOp::PtrToInt), p), Type::I64);
        let local = self.is_local(addr);
        let global = self.is_global(addr);
        let wg = self.konst(&ty, &[MemorySemantics::WORKGROUP_MEMORY.bits() as u64]);
        let cwg = self.konst(&ty, &[MemorySemantics::CROSS_WORKGROUP_MEMORY.bits() as u64]);
        let none = self.konst(&ty, &[0]);
        let g = self.emit(InstKind::Select(global, cwg, none), ty.clone());
        let v = self.emit(InstKind::Select(local, wg, g), ty);
        self.set_v(fr, inst, v)
    }

    /// Whether address `addr` (an i64) lies in the work-group's local memory.
    fn is_local(&mut self, addr: Value) -> Value {
        let base = self.emit_prologue(InstKind::LocalAddr(0), Type::ptr(AddressSpace::Local));
        let lo = self.emit(InstKind::Convert(conv(ConvOp::PtrToInt), base), Type::I64);
        let size = self.i64c(self.local_end as i64);
        let mut hi = self.emit(InstKind::Binary(BinaryOp::IAdd, lo, size), Type::I64);
        for (n, p) in self.pointer_params(AddressSpace::Local) {
            let end = self.region_end(p, n);
            let later = self.emit(InstKind::Icmp(IntCC::Ugt, end, hi), Type::BOOL);
            hi = self.emit(InstKind::Select(later, end, hi), Type::I64);
        }
        self.within(addr, lo, hi)
    }

    /// Whether address `addr` (an i64) lies in a `global` buffer argument or the
    /// module's program-scope data.
    fn is_global(&mut self, addr: Value) -> Value {
        let mut any = self.konst(&Type::BOOL, &[0]);
        for (n, p) in self.pointer_params(AddressSpace::Global) {
            let lo = self.emit(InstKind::Convert(conv(ConvOp::PtrToInt), p), Type::I64);
            let hi = self.region_end(p, n);
            let inside = self.within(addr, lo, hi);
            any = self.emit(InstKind::Binary(BinaryOp::Or, any, inside), Type::BOOL);
        }
        let mut data: Vec<(u32, DataId)> = self.m.data_ids.iter().map(|(k, d)| (*k, *d)).collect();
        data.sort_by_key(|(k, _)| *k);
        for (var, d) in data {
            let size = self
                .m
                .type_of_value(var)
                .and_then(|t| self.m.pointer_type(t))
                .and_then(|(_, pointee)| self.ty(pointee))
                .map_or(0, |t| t.size());
            let base = self.emit_prologue(InstKind::DataAddr(d), Type::ptr(AddressSpace::Global));
            let lo = self.emit(InstKind::Convert(conv(ConvOp::PtrToInt), base), Type::I64);
            let size = self.i64c(size as i64);
            let hi = self.emit(InstKind::Binary(BinaryOp::IAdd, lo, size), Type::I64);
            let inside = self.within(addr, lo, hi);
            any = self.emit(InstKind::Binary(BinaryOp::Or, any, inside), Type::BOOL);
        }
        any
    }

    /// `lo <= addr < hi` (unsigned).
    fn within(&mut self, addr: Value, lo: Value, hi: Value) -> Value {
        let above = self.emit(InstKind::Icmp(IntCC::Uge, addr, lo), Type::BOOL);
        let below = self.emit(InstKind::Icmp(IntCC::Ult, addr, hi), Type::BOOL);
        self.emit(InstKind::Binary(BinaryOp::And, above, below), Type::BOOL)
    }

    /// One past the last byte of the region pointer parameter `n` (value `p`) points to.
    fn region_end(&mut self, p: Value, n: u32) -> Value {
        let lo = self.emit(InstKind::Convert(conv(ConvOp::PtrToInt), p), Type::I64);
        let size = self.emit_prologue(InstKind::ArgSize(n), Type::I64);
        self.emit(InstKind::Binary(BinaryOp::IAdd, lo, size), Type::I64)
    }

    /// The kernel's pointer parameters into `space`: (parameter number, value).
    fn pointer_params(&self, space: AddressSpace) -> Vec<(u32, Value)> {
        let Some(prologue) = self.f.blocks.first() else { return Vec::new() };
        prologue
            .insts
            .iter()
            .filter_map(|i| {
                let inst = self.f.insts.get(i.0 as usize)?;
                let (InstKind::Param(n), Some(v)) = (&inst.kind, inst.result) else { return None };
                (*self.f.ty(v) == Type::ptr(space)).then_some((*n, v))
            })
            .collect()
    }
}

//! Memory instructions of function bodies: `alloca` (a `Function` variable at the top
//! of the entry block), loads and stores (`Aligned`, `Volatile`, atomic when ordered),
//! `atomicrmw` (a compare-and-swap loop for the operations SPIR-V has no instruction
//! for), `cmpxchg` and `fence` with OpenCL scopes and semantics.
//!
//! It must not bind anything but its own instruction's result.

use rspirv::spirv::{Capability, Decoration, MemorySemantics, Op, Scope, StorageClass};

use super::func::Fx;
use super::{emit, ordering_bits, scope_of, storage_bits};
use crate::frontend::llvm::model::{Inst, Operand, Ordering, RmwOp, Type, TypeId};
use crate::{CompileError, Result};

impl Fx<'_, '_> {
    pub(crate) fn load(
        &mut self,
        inst: &Inst,
        ptr: Operand,
        align: u32,
        volatile: bool,
        ordering: Ordering,
    ) -> Result<()> {
        let (ptr, align, volatile, ordering) = (&ptr, &align, &volatile, &ordering);
        let t = self.result_ty(inst)?;
        let p = self.val(*ptr)?;
        let (p, _, sc) = self.ptr_to(p, t)?;
        let r = self.result(inst)?;
        if *ordering != Ordering::NotAtomic {
            let scope = self.w.c_u32(Scope::Device as u32);
            let sem = self.w.c_u32(ordering_bits(*ordering) | storage_bits(sc));
            self.op_to(Op::AtomicLoad, t, r, &[p, scope, sem]);
            return Ok(());
        }
        let mut ops = vec![t, r, p];
        mem_access(&mut ops, *align, *volatile);
        self.last = None;
        emit(self.out(), Op::Load, &ops);
        Ok(())
    }

    pub(crate) fn store(
        &mut self,
        value: Operand,
        ptr: Operand,
        align: u32,
        volatile: bool,
        ordering: Ordering,
    ) -> Result<()> {
        let (value, ptr, align, volatile, ordering) = (&value, &ptr, &align, &volatile, &ordering);
        let vt = self.model_ty(*value)?;
        let vt = self.w.ty(vt)?;
        let v = self.val_as(*value, vt)?;
        let p = self.val(*ptr)?;
        let (p, _, sc) = self.ptr_to(p, vt)?;
        if *ordering != Ordering::NotAtomic {
            let scope = self.w.c_u32(Scope::Device as u32);
            let sem = self.w.c_u32(ordering_bits(*ordering) | storage_bits(sc));
            self.op_void(Op::AtomicStore, &[p, scope, sem, v]);
            return Ok(());
        }
        let mut ops = vec![p, v];
        mem_access(&mut ops, *align, *volatile);
        self.op_void(Op::Store, &ops);
        Ok(())
    }

    pub(crate) fn atomic_rmw(
        &mut self,
        inst: &Inst,
        op: RmwOp,
        ptr: Operand,
        value: Operand,
        ordering: Ordering,
        scope: Option<&str>,
    ) -> Result<()> {
        let r = self.rmw(op, ptr, value, ordering, scope)?;
        self.bind(inst, r)
    }

    /// An atomic read-modify-write of `value` at `ptr`; returns the old value.
    pub(crate) fn rmw(
        &mut self,
        op: RmwOp,
        ptr: Operand,
        value: Operand,
        ordering: Ordering,
        scope: Option<&str>,
    ) -> Result<u32> {
        let (op, ptr, value, ordering) = (&op, &ptr, &value, &ordering);
        let vt = self.model_ty(*value)?;
        let t = self.w.ty(vt)?;
        let v = self.val_as(*value, t)?;
        let p = self.val(*ptr)?;
        let (p, _, sc) = self.ptr_to(p, t)?;
        let float_bits = match self.w.m.ty(vt) {
            Type::Half => 16,
            Type::Double => 64,
            _ => 32,
        };
        let (op, v) = match op {
            // `atomicrmw fsub` is the addition of the negated value.
            RmwOp::FSub => (&RmwOp::FAdd, self.op(Op::FNegate, t, &[v])),
            other => (other, v),
        };
        let spv_op = match op {
            // SPV_EXT_shader_atomic_float_add / _min_max (CUDA's atomicAdd on floats).
            RmwOp::FAdd => {
                self.w.cap(match float_bits {
                    16 => Capability::AtomicFloat16AddEXT,
                    64 => Capability::AtomicFloat64AddEXT,
                    _ => Capability::AtomicFloat32AddEXT,
                });
                Op::AtomicFAddEXT
            }
            RmwOp::FMin | RmwOp::FMax => {
                self.w.cap(match float_bits {
                    16 => Capability::AtomicFloat16MinMaxEXT,
                    64 => Capability::AtomicFloat64MinMaxEXT,
                    _ => Capability::AtomicFloat32MinMaxEXT,
                });
                if op == &RmwOp::FMin {
                    Op::AtomicFMinEXT
                } else {
                    Op::AtomicFMaxEXT
                }
            }
            RmwOp::Xchg => Op::AtomicExchange,
            RmwOp::Add => Op::AtomicIAdd,
            RmwOp::Sub => Op::AtomicISub,
            RmwOp::And => Op::AtomicAnd,
            RmwOp::Or => Op::AtomicOr,
            RmwOp::Xor => Op::AtomicXor,
            RmwOp::Max => Op::AtomicSMax,
            RmwOp::Min => Op::AtomicSMin,
            RmwOp::UMax => Op::AtomicUMax,
            RmwOp::UMin => Op::AtomicUMin,
            RmwOp::Nand | RmwOp::UIncWrap | RmwOp::UDecWrap => {
                let Type::Int(bits) = *self.w.m.ty(vt) else {
                    return Err(CompileError::invalid(format!("atomicrmw {op:?} of a non-integer")));
                };
                let (op, ordering) = (*op, *ordering);
                return self.rmw_loop(op, (p, sc, t, bits), v, ordering, scope);
            }
            other => {
                return Err(CompileError::unsupported(format!(
                    "atomicrmw {}: OpenCL SPIR-V has no such atomic",
                    format!("{other:?}").to_lowercase()
                )))
            }
        };
        if self.w.m.ty(vt) == &Type::Int(64) {
            self.w.cap(rspirv::spirv::Capability::Int64Atomics);
        }
        let scope = self.w.c_u32(scope_of(scope) as u32);
        let sem = self.w.c_u32(ordering_bits(*ordering) | storage_bits(sc));
        Ok(self.op(spv_op, t, &[p, scope, sem, v]))
    }

    /// An `atomicrmw` SPIR-V has no instruction for (`nand`, `uinc_wrap`, `udec_wrap`)
    /// as a compare-and-swap loop: load the old value, compute the new one, swap it in
    /// if the memory still holds the old one, otherwise retry with what it holds. The
    /// model block is split: the loop is a SPIR-V block of its own, and what follows
    /// the instruction goes into a block after it.
    fn rmw_loop(
        &mut self,
        op: RmwOp,
        (p, sc, t, bits): (u32, StorageClass, u32, u32),
        v: u32,
        ordering: Ordering,
        scope: Option<&str>,
    ) -> Result<u32> {
        let scope = self.w.c_u32(scope_of(scope) as u32);
        let eq = self.w.c_u32(ordering_bits(ordering) | storage_bits(sc));
        // The failed compare only reads: no release part.
        let failure = match ordering {
            Ordering::Release => Ordering::Monotonic,
            Ordering::AcqRel => Ordering::Acquire,
            o => o,
        };
        let ne = self.w.c_u32(ordering_bits(failure) | storage_bits(sc));
        let bt = self.w.t_bool();
        let zero = self.w.c_int(t, bits, 0);
        let one = self.w.c_int(t, bits, 1);
        let first = self.op(Op::AtomicLoad, t, &[p, scope, ne]);
        let (before, head, after) = (self.current_label(), self.w.id(), self.w.id());
        self.op_void(Op::Branch, &[head]);
        self.begin_block(head);
        let (old, seen) = (self.w.id(), self.w.id());
        self.op_to(Op::Phi, t, old, &[first, before, seen, head]);
        let new = match op {
            RmwOp::Nand => {
                let and = self.op(Op::BitwiseAnd, t, &[old, v]);
                self.op(Op::Not, t, &[and])
            }
            // old >= v ? 0 : old + 1
            RmwOp::UIncWrap => {
                let wrap = self.op(Op::UGreaterThanEqual, bt, &[old, v]);
                let inc = self.op(Op::IAdd, t, &[old, one]);
                self.op(Op::Select, t, &[wrap, zero, inc])
            }
            // old == 0 || old > v ? v : old - 1
            _ => {
                let is_zero = self.op(Op::IEqual, bt, &[old, zero]);
                let above = self.op(Op::UGreaterThan, bt, &[old, v]);
                let wrap = self.op(Op::LogicalOr, bt, &[is_zero, above]);
                let dec = self.op(Op::ISub, t, &[old, one]);
                self.op(Op::Select, t, &[wrap, v, dec])
            }
        };
        self.op_to(Op::AtomicCompareExchange, t, seen, &[p, scope, eq, ne, new, old]);
        let done = self.op(Op::IEqual, bt, &[seen, old]);
        self.op_void(Op::BranchConditional, &[done, after, head]);
        self.begin_block(after);
        Ok(old)
    }

    pub(crate) fn cmpxchg(
        &mut self,
        inst: &Inst,
        ptr: Operand,
        expected: Operand,
        new: Operand,
        [success, failure]: [Ordering; 2],
        scope: Option<&str>,
    ) -> Result<()> {
        let (ptr, expected, new, success, failure) = (&ptr, &expected, &new, &success, &failure);
        let vt = self.model_ty(*expected)?;
        let t = self.w.ty(vt)?;
        let e = self.val_as(*expected, t)?;
        let n = self.val_as(*new, t)?;
        let p = self.val(*ptr)?;
        let (p, _, sc) = self.ptr_to(p, t)?;
        let scope = self.w.c_u32(scope_of(scope) as u32);
        let eq = self.w.c_u32(ordering_bits(*success) | storage_bits(sc));
        let ne = self.w.c_u32(ordering_bits(*failure) | storage_bits(sc));
        let old = self.op(Op::AtomicCompareExchange, t, &[p, scope, eq, ne, n, e]);
        let bt = self.w.t_bool();
        let ok = self.op(Op::IEqual, bt, &[old, e]);
        let rt = self.result_ty(inst)?;
        let r = self.op(Op::CompositeConstruct, rt, &[old, ok]);
        self.bind(inst, r)
    }

    pub(crate) fn fence(&mut self, ordering: Ordering, scope: Option<&str>) -> Result<()> {
        let ordering = &ordering;
        let scope = self.w.c_u32(scope_of(scope) as u32);
        let sem = self.w.c_u32(
            ordering_bits(*ordering)
                | (MemorySemantics::WORKGROUP_MEMORY | MemorySemantics::CROSS_WORKGROUP_MEMORY).bits(),
        );
        self.op_void(Op::MemoryBarrier, &[scope, sem]);
        Ok(())
    }

    /// `alloca`: a `Function` variable at the top of the entry block (an array for a
    /// constant count), cast to the result's type there.
    pub(crate) fn alloca(&mut self, inst: &Inst, elem_ty: TypeId, count: Option<Operand>, align: u32) -> Result<()> {
        let mut et = self.w.ty(elem_ty)?;
        if let Some(c) = count {
            let n = self
                .const_int(c)
                .ok_or_else(|| CompileError::unsupported("an alloca of a run-time count (a variable-length array)"))?;
            if n != 1 {
                let n = u32::try_from(n)
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| CompileError::unsupported(format!("an alloca of {n} elements")))?;
                let len = self.w.c_u32(n);
                et = self.w.intern_pub(Op::TypeArray, &[et, len]);
            }
        }
        let pt = self.w.t_ptr(StorageClass::Function, et);
        let var = self.w.id();
        emit(&mut self.vars, Op::Variable, &[pt, var, StorageClass::Function as u32]);
        if align > 0 {
            emit(&mut self.w.annotations, Op::Decorate, &[var, Decoration::Alignment as u32, align]);
        }
        let t = self.result_ty(inst)?;
        let r = inst.result.ok_or_else(|| CompileError::invalid("an alloca without a result"))?;
        let id = if pt == t {
            var
        } else {
            self.in_prologue(|fx| -> Result<u32> {
                // An array variable's address is its first element's.
                if count.is_some_and(|c| fx.const_int(c) != Some(1)) {
                    let zero = fx.w.c_u32(0);
                    let et = fx.w.ty(elem_ty)?;
                    let ept = fx.w.t_ptr(StorageClass::Function, et);
                    let first = fx.op(Op::InBoundsAccessChain, ept, &[var, zero]);
                    fx.coerce((first, ept), t)
                } else {
                    fx.coerce((var, pt), t)
                }
            })?
        };
        self.locals[r.0 as usize] = id;
        Ok(())
    }
}

/// Append the memory-access operands of a load or store.
fn mem_access(ops: &mut Vec<u32>, align: u32, volatile: bool) {
    let mut mask = 0;
    if volatile {
        mask |= rspirv::spirv::MemoryAccess::VOLATILE.bits();
    }
    if align > 0 {
        mask |= rspirv::spirv::MemoryAccess::ALIGNED.bits();
    }
    if mask != 0 {
        ops.push(mask);
        if align > 0 {
            ops.push(align);
        }
    }
}

/// The SPIR-V extensions the float atomics among capabilities `caps` need.
pub(crate) fn extensions(caps: &std::collections::BTreeSet<u32>) -> Vec<&'static str> {
    use Capability as C;
    let has = |cs: [C; 3]| cs.iter().any(|c| caps.contains(&(*c as u32)));
    let mut out = Vec::new();
    if has([C::AtomicFloat16AddEXT, C::AtomicFloat32AddEXT, C::AtomicFloat64AddEXT]) {
        out.push("SPV_EXT_shader_atomic_float_add");
    }
    if has([C::AtomicFloat16MinMaxEXT, C::AtomicFloat32MinMaxEXT, C::AtomicFloat64MinMaxEXT]) {
        out.push("SPV_EXT_shader_atomic_float_min_max");
    }
    out
}

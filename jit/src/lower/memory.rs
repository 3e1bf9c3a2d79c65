//! Memory: kernel parameters, addresses (private variables, pointer arithmetic), loads
//! and stores leaf by leaf at their offsets (little-endian, as the host), memory copies
//! and atomics.
//!
//! Every access is guarded by a bounds check first (`bounds`, when checks are on).
//! Local and data addresses are formed in `function`; this module must not decide
//! control flow beyond those checks.

use cranelift_codegen::ir::condcodes::IntCC as CIntCC;
use cranelift_codegen::ir::{types, AtomicRmwOp, InstBuilder, Value as ClifValue};

use super::bounds::{access_extent, Access, AccessSize};
use super::leaf::At;
use super::leaf::{self, leaf_type};
use super::state::{mem_flags, FnLower};
use crate::ir::{self, AtomicOp, Scalar, Type, VarId};
use crate::{CompileError, Result};

/// Copies of at most this many constant bytes are done inline.
const INLINE_COPY_MAX: u64 = 64;

impl FnLower<'_, '_> {
    /// `base + off` as an address and a small immediate offset.
    fn address(&mut self, base: ClifValue, off: u64) -> (ClifValue, i32) {
        match i32::try_from(off) {
            Ok(o) => (base, o),
            Err(_) => (self.b.ins().iadd_imm_s(base, off as i64), 0),
        }
    }

    /// Load the leaves of `ty` from `ptr`.
    pub(crate) fn load_leaves(&mut self, ptr: ClifValue, ty: &Type) -> Result<Vec<ClifValue>> {
        let ls = leaf::leaves(ty)?;
        let mut out = Vec::with_capacity(ls.len());
        for (off, s) in ls {
            let (p, o) = self.address(ptr, off);
            let v = self.b.ins().load(leaf_type(s), mem_flags(), p, o);
            out.push(if s == Scalar::Bool { self.b.ins().icmp_imm_s(CIntCC::NotEqual, v, 0) } else { v });
        }
        Ok(out)
    }

    /// Store `leaves` of type `ty` at `ptr`.
    pub(crate) fn store_leaves(&mut self, ptr: ClifValue, ty: &Type, leaves: &[ClifValue]) -> Result<()> {
        let ls = leaf::leaves(ty)?;
        if ls.len() != leaves.len() {
            return Err(CompileError::internal("stored value does not match its type"));
        }
        for ((off, _), v) in ls.into_iter().zip(leaves) {
            let (p, o) = self.address(ptr, off);
            self.b.ins().store(mem_flags(), *v, p, o);
        }
        Ok(())
    }

    pub(crate) fn param(&mut self, n: u32, ty: &Type) -> Result<Vec<ClifValue>> {
        if n as usize >= self.param_count {
            return Err(CompileError::internal(format!(
                "parameter {n} does not exist; the kernel has {}",
                self.param_count
            )));
        }
        let slot = spirjit_abi::ArgSlots::new(self.param_count).value_offset(n.into());
        let (p, o) = self.address(self.prologue.args_ptr, slot);
        // Movable like the bounds checks' slot loads, so that Cranelift merges the two
        // and `(base + off) - base` folds to `off`.
        let flags = super::bounds::slot_flags();
        match ty {
            Type::Scalar(s) => {
                let v = self.b.ins().load(leaf_type(*s), flags, p, o);
                Ok(vec![if *s == Scalar::Bool { self.b.ins().icmp_imm_s(CIntCC::NotEqual, v, 0) } else { v }])
            }
            _ => {
                let ptr = self.b.ins().load(types::I64, flags, p, o);
                self.load_leaves(ptr, ty)
            }
        }
    }

    /// The byte size of argument `n`'s region: the runtime stores it after the `n` slots.
    pub(crate) fn arg_size(&mut self, n: u32) -> Result<Vec<ClifValue>> {
        if n as usize >= self.param_count {
            return Err(CompileError::internal(format!(
                "parameter {n} does not exist; the kernel has {}",
                self.param_count
            )));
        }
        let slot = spirjit_abi::ArgSlots::new(self.param_count).size_offset(n.into());
        let (p, o) = self.address(self.prologue.args_ptr, slot);
        Ok(vec![self.b.ins().load(types::I64, super::bounds::slot_flags(), p, o)])
    }

    pub(crate) fn var_addr(&mut self, v: VarId, at: At) -> Result<Vec<ClifValue>> {
        let mut off = *self
            .layout
            .var_offsets
            .get(v.0 as usize)
            .ok_or_else(|| CompileError::internal(format!("{v} does not exist")))?;
        if let Some(l) = at.lane() {
            // Each lane's copy follows the previous lane's.
            off += l as u64 * self.func.vars.get(v.0 as usize).map_or(0, |var| var.size);
        }
        Ok(vec![self.b.ins().iadd_imm_s(self.private_base, off as i64)])
    }

    pub(crate) fn ptr_add(&mut self, p: ir::Value, off: ir::Value, at: At) -> Result<Vec<ClifValue>> {
        let base = self.get_scalar(p, at)?;
        let o = self.get_scalar(off, at)?;
        let o = if self.vty(o).bits() < 64 { self.b.ins().sextend(types::I64, o) } else { o };
        Ok(vec![self.b.ins().iadd(base, o)])
    }

    /// In a per-lane lowering, the address a lane accesses: its own when the lane is
    /// active, scratch memory when it is masked off.
    pub(crate) fn lane_addr(&mut self, p: ClifValue, at: At) -> ClifValue {
        match (at.lane(), self.dummy) {
            (Some(l), Some(d)) => match self.active.get(l as usize) {
                Some(a) => self.b.ins().select(*a, p, d),
                None => d,
            },
            _ => p,
        }
    }

    pub(crate) fn load(&mut self, ptr: ir::Value, ty: &Type, at: At) -> Result<Vec<ClifValue>> {
        let p = self.get_scalar(ptr, at)?;
        let p = self.guard_access(ptr, p, AccessSize::Const(access_extent(ty)?), at, Access::Read)?;
        self.load_leaves(p, ty)
    }

    pub(crate) fn store(&mut self, ptr: ir::Value, value: ir::Value, at: At) -> Result<()> {
        let p = self.get_scalar(ptr, at)?;
        let ty = self.value_type(value)?;
        let p = self.guard_access(ptr, p, AccessSize::Const(access_extent(ty)?), at, Access::Write)?;
        let v = self.get(value, at)?;
        self.store_leaves(p, ty, &v)
    }

    pub(crate) fn copy_memory(&mut self, dst: ir::Value, src: ir::Value, size: ir::Value, at: At) -> Result<()> {
        let d = self.get_scalar(dst, at)?;
        let s = self.get_scalar(src, at)?;
        let constant = self.func.scalar_const(size);
        let (d, s) = if self.checks_on() {
            let n = match constant {
                Some(n) => AccessSize::Const(n),
                None => {
                    let n = self.get_scalar(size, at)?;
                    let n = if self.vty(n).bits() < 64 { self.b.ins().uextend(types::I64, n) } else { n };
                    AccessSize::Dynamic(n)
                }
            };
            (self.guard_access(dst, d, n, at, Access::Write)?, self.guard_access(src, s, n, at, Access::Read)?)
        } else {
            (self.lane_addr(d, at), self.lane_addr(s, at))
        };
        self.copy_bytes(d, s, constant, size, at)
    }

    /// Copy `size` bytes (`constant` when known) from `s` to `d`.
    fn copy_bytes(&mut self, d: ClifValue, s: ClifValue, constant: Option<u64>, size: ir::Value, at: At) -> Result<()> {
        if let Some(n) = constant.filter(|n| *n <= INLINE_COPY_MAX) {
            // Load everything first, then store: correct for overlapping ranges too.
            let mut chunks = Vec::new();
            let mut pos = 0u64;
            while pos < n {
                let ty = match n - pos {
                    8.. => types::I64,
                    4.. => types::I32,
                    2.. => types::I16,
                    _ => types::I8,
                };
                let v = self.b.ins().load(ty, mem_flags(), s, pos as i32);
                chunks.push((pos, v));
                pos += ty.bytes() as u64;
            }
            for (pos, v) in chunks {
                self.b.ins().store(mem_flags(), v, d, pos as i32);
            }
            return Ok(());
        }
        let n = self.get_scalar(size, at)?;
        let n = if self.vty(n).bits() < 64 { self.b.ins().uextend(types::I64, n) } else { n };
        let n = match (at.lane(), self.active.get(at.lane().unwrap_or(0) as usize)) {
            (Some(_), Some(a)) => {
                let zero = self.b.ins().iconst(types::I64, 0);
                self.b.ins().select(*a, n, zero)
            }
            _ => n,
        };
        self.call_symbol("memmove", &[d, s, n])?;
        Ok(())
    }

    /// The integer type an atomic on scalar `s` works on.
    fn atomic_type(s: Scalar) -> Result<cranelift_codegen::ir::Type> {
        match s {
            Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64 | Scalar::Ptr(_) => Ok(leaf_type(s)),
            Scalar::F32 => Ok(types::I32),
            Scalar::F64 => Ok(types::I64),
            Scalar::F16 => Ok(types::I16),
            Scalar::Bool => Err(CompileError::unsupported("atomic operations on bools")),
        }
    }

    fn as_int_bits(&mut self, v: ClifValue, it: cranelift_codegen::ir::Type) -> ClifValue {
        if self.vty(v) == it {
            v
        } else {
            self.b.ins().bitcast(it, mem_flags(), v)
        }
    }

    fn int_bits_as(&mut self, v: ClifValue, s: Scalar) -> ClifValue {
        let t = leaf_type(s);
        if self.vty(v) == t {
            v
        } else {
            self.b.ins().bitcast(t, mem_flags(), v)
        }
    }

    fn atomic_scalar(ty: &Type) -> Result<Scalar> {
        match ty {
            Type::Scalar(s) => Ok(*s),
            _ => Err(CompileError::unsupported(format!("atomic operations on {ty} (scalars only)"))),
        }
    }

    pub(crate) fn atomic_rmw(
        &mut self,
        op: AtomicOp,
        ptr: ir::Value,
        value: ir::Value,
        ty: &Type,
        at: At,
    ) -> Result<Vec<ClifValue>> {
        let s = Self::atomic_scalar(ty)?;
        let it = Self::atomic_type(s)?;
        let float_op = matches!(op, AtomicOp::FAdd | AtomicOp::FMin | AtomicOp::FMax);
        if s.is_float() && op != AtomicOp::Xchg || float_op && !matches!(it, types::I32 | types::I64) {
            return Err(CompileError::unsupported(format!(
                "atomic {op:?} on {s}; float add/min/max need 32- or 64-bit operands and other atomics integers"
            )));
        }
        let p = self.get_scalar(ptr, at)?;
        let p = self.guard_access(ptr, p, AccessSize::Const(it.bytes() as u64), at, Access::Write)?;
        if float_op {
            let v = self.get_scalar(value, at)?;
            let v = self.as_int_bits(v, it);
            let old = self.atomic_float_rmw(op, p, v, it, self.is_local(ptr)?);
            return Ok(vec![self.int_bits_as(old, s)]);
        }
        let (rop, x) = match op {
            AtomicOp::Inc => (AtomicRmwOp::Add, self.iconst(it, 1)),
            AtomicOp::Dec => (AtomicRmwOp::Sub, self.iconst(it, 1)),
            _ => {
                let v = self.get_scalar(value, at)?;
                let v = self.as_int_bits(v, it);
                let rop = match op {
                    AtomicOp::Xchg => AtomicRmwOp::Xchg,
                    AtomicOp::Add => AtomicRmwOp::Add,
                    AtomicOp::Sub => AtomicRmwOp::Sub,
                    AtomicOp::And => AtomicRmwOp::And,
                    AtomicOp::Or => AtomicRmwOp::Or,
                    AtomicOp::Xor => AtomicRmwOp::Xor,
                    AtomicOp::SMin => AtomicRmwOp::Smin,
                    AtomicOp::SMax => AtomicRmwOp::Smax,
                    AtomicOp::UMin => AtomicRmwOp::Umin,
                    _ => AtomicRmwOp::Umax,
                };
                (rop, v)
            }
        };
        let old = if self.is_local(ptr)? {
            let old = self.b.ins().load(it, mem_flags(), p, 0);
            let new = match rop {
                AtomicRmwOp::Xchg => x,
                AtomicRmwOp::Add => self.b.ins().iadd(old, x),
                AtomicRmwOp::Sub => self.b.ins().isub(old, x),
                AtomicRmwOp::And => self.b.ins().band(old, x),
                AtomicRmwOp::Or => self.b.ins().bor(old, x),
                AtomicRmwOp::Xor => self.b.ins().bxor(old, x),
                AtomicRmwOp::Smin => self.b.ins().smin(old, x),
                AtomicRmwOp::Smax => self.b.ins().smax(old, x),
                AtomicRmwOp::Umin => self.b.ins().umin(old, x),
                _ => self.b.ins().umax(old, x),
            };
            self.b.ins().store(mem_flags(), new, p, 0);
            old
        } else {
            self.b.ins().atomic_rmw(it, mem_flags(), rop, p, x)
        };
        Ok(vec![self.int_bits_as(old, s)])
    }

    /// A float add, min or max at address `p` on the bits `x` (an integer of type `it`,
    /// the float's width), returning the old bits. Local memory is read, changed and
    /// written (see [`Self::is_local`]); elsewhere a compare-exchange loop retries until
    /// no other thread changed the value between the read and the exchange.
    fn atomic_float_rmw(
        &mut self,
        op: AtomicOp,
        p: ClifValue,
        x: ClifValue,
        it: cranelift_codegen::ir::Type,
        local: bool,
    ) -> ClifValue {
        let ft = if it == types::I64 { types::F64 } else { types::F32 };
        let xf = self.b.ins().bitcast(ft, mem_flags(), x);
        let init = self.b.ins().load(it, mem_flags(), p, 0);
        let (head, done) =
            if local { (None, None) } else { (Some(self.b.create_block()), Some(self.b.create_block())) };
        let cur = match head {
            Some(h) => {
                self.b.append_block_param(h, it);
                self.b.ins().jump(h, &[init.into()]);
                self.b.switch_to_block(h);
                self.b.block_params(h)[0]
            }
            None => init,
        };
        let cf = self.b.ins().bitcast(ft, mem_flags(), cur);
        let nf = match op {
            AtomicOp::FMin => self.b.ins().fmin(cf, xf),
            AtomicOp::FMax => self.b.ins().fmax(cf, xf),
            _ => self.b.ins().fadd(cf, xf),
        };
        let new = self.b.ins().bitcast(it, mem_flags(), nf);
        let (Some(head), Some(done)) = (head, done) else {
            self.b.ins().store(mem_flags(), new, p, 0);
            return cur;
        };
        let seen = self.b.ins().atomic_cas(mem_flags(), p, cur, new);
        let same = self.b.ins().icmp(CIntCC::Equal, seen, cur);
        self.b.append_block_param(done, it);
        self.b.ins().brif(same, done, &[seen.into()], head, &[seen.into()]);
        self.b.seal_block(head);
        self.b.seal_block(done);
        self.b.switch_to_block(done);
        self.b.block_params(done)[0]
    }

    /// True when `ptr` points into `__local` memory. A work-group runs on one thread
    /// from start to end, so atomics there need no locked instructions: a plain read,
    /// modify and write, in lane order, is atomic for every work-item that can see it.
    pub(crate) fn is_local(&self, ptr: ir::Value) -> Result<bool> {
        Ok(matches!(self.value_type(ptr)?, Type::Scalar(Scalar::Ptr(ir::AddressSpace::Local))))
    }

    pub(crate) fn atomic_cas(
        &mut self,
        ptr: ir::Value,
        expected: ir::Value,
        repl: ir::Value,
        ty: &Type,
        at: At,
    ) -> Result<Vec<ClifValue>> {
        let s = Self::atomic_scalar(ty)?;
        let it = Self::atomic_type(s)?;
        let p = self.get_scalar(ptr, at)?;
        let p = self.guard_access(ptr, p, AccessSize::Const(it.bytes() as u64), at, Access::Write)?;
        let e = self.get_scalar(expected, at)?;
        let e = self.as_int_bits(e, it);
        let r = self.get_scalar(repl, at)?;
        let r = self.as_int_bits(r, it);
        let old = if self.is_local(ptr)? {
            let old = self.b.ins().load(it, mem_flags(), p, 0);
            let hit = self.b.ins().icmp(CIntCC::Equal, old, e);
            let new = self.b.ins().select(hit, r, old);
            self.b.ins().store(mem_flags(), new, p, 0);
            old
        } else {
            self.b.ins().atomic_cas(mem_flags(), p, e, r)
        };
        Ok(vec![self.int_bits_as(old, s)])
    }

    pub(crate) fn atomic_load(&mut self, ptr: ir::Value, ty: &Type, at: At) -> Result<Vec<ClifValue>> {
        let s = Self::atomic_scalar(ty)?;
        let it = Self::atomic_type(s)?;
        let p = self.get_scalar(ptr, at)?;
        let p = self.guard_access(ptr, p, AccessSize::Const(it.bytes() as u64), at, Access::Read)?;
        let v = self.b.ins().atomic_load(it, mem_flags(), p);
        Ok(vec![self.int_bits_as(v, s)])
    }

    pub(crate) fn atomic_store(&mut self, ptr: ir::Value, value: ir::Value, at: At) -> Result<()> {
        let s = Self::atomic_scalar(self.value_type(value)?)?;
        let it = Self::atomic_type(s)?;
        let p = self.get_scalar(ptr, at)?;
        let p = self.guard_access(ptr, p, AccessSize::Const(it.bytes() as u64), at, Access::Write)?;
        let v = self.get_scalar(value, at)?;
        let v = self.as_int_bits(v, it);
        self.b.ins().atomic_store(mem_flags(), v, p);
        Ok(())
    }
}

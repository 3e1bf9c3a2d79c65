//! Bounds checks on memory accesses (when [`super::LowerOptions::checked`] is set).
//!
//! Each access is compared with the region its pointer derives from (pointer
//! provenance, `analysis::provenance`): a kernel parameter's buffer (base and size from
//! the argument slots), the static `__local` variables, one private variable, or one
//! block of module data. An access of `n` bytes at offset `off` from the region's base
//! is in bounds when `off + n <= size`, computed without overflow as `off < size - n + 1`
//! (with the limit forced to 0 when `n > size`); the base and size loads are marked
//! movable so Cranelift hoists them (and the limit) out of loops. Pointers of unknown or
//! mixed origin are checked by [`check_unknown_access`] against the table of every
//! region of the dispatch ([`spirjit_abi::LaunchContext::regions`]).
//!
//! A failing check records an `OUT_OF_BOUNDS` error (argument, offset, size, local
//! linear id; `OUT_OF_BOUNDS_UNKNOWN_ORIGIN` with the nearest region for pointers of
//! unknown origin) and returns `Status::ERROR` from a cold block. In a per-lane lowering only
//! active lanes are checked.
//!
//! A gather or scatter (varying addresses that are not consecutive) with every active
//! lane's access in its region is tested with one vector compare per register of
//! addresses ([`FnLower::lanes_in_region`]) instead of a test and branch per lane; the
//! lanes are tested one by one, as above, only when that fails.
//!
//! With robust buffer access ([`super::LowerOptions::robust`], Vulkan's
//! `robustBufferAccess2` behaviour) a failing access does not stop the kernel: it is
//! redirected — a read to [`ROBUST_PAGE`] bytes of zeros, a write (or atomic) to a sink
//! of the same size that nothing reads — so out-of-bounds reads give zero and writes
//! are dropped; accesses larger than the page keep failing. Vector accesses that are
//! not wholly in bounds already take the per-lane path, so each lane is redirected on its
//! own. This module must not change what an in-bounds access does, only guard it.

use cranelift_codegen::cursor::{Cursor, FuncCursor};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, AbiParam, FuncRef, InstBuilder, MemFlagsData, Signature, Value as ClifValue};
use spirjit_abi::context::offsets;
use spirjit_abi::status::error_kind;
use spirjit_abi::{LaunchContext, Status};

use super::leaf::At;
use super::state::{ctx_flags, BoundsInfo, FnLower};
use crate::analysis::provenance::{Provenance, Region};
use crate::ir::{self};
use crate::{CompileError, Result};

/// Bytes of the robust-access pages: the largest access robust mode redirects.
pub(crate) const ROBUST_PAGE: u64 = 1 << 16;

/// A page of memory compiled kernels address directly.
#[repr(C, align(128))]
struct Page(std::cell::UnsafeCell<[u8; ROBUST_PAGE as usize]>);

// SAFETY: Rust code never reads or writes the pages; only compiled kernels do (reads of
// the zero page, racy writes of don't-care bytes to the sink).
unsafe impl Sync for Page {}

/// Out-of-bounds reads of robust kernels read these zeros (never written).
static ZERO_PAGE: Page = Page(std::cell::UnsafeCell::new([0; ROBUST_PAGE as usize]));
/// Out-of-bounds writes and atomics of robust kernels land here (never read).
static SINK_PAGE: Page = Page(std::cell::UnsafeCell::new([0; ROBUST_PAGE as usize]));

/// The symbols compiled code names the robust-access pages by.
const ZERO_PAGE_SYMBOL: &str = "spirjit_robust_zero_page";
const SINK_PAGE_SYMBOL: &str = "spirjit_robust_sink_page";

/// The address of the robust-access page named `symbol`, for the JIT's symbol lookup.
pub(crate) fn robust_page(symbol: &str) -> Option<*const u8> {
    match symbol {
        ZERO_PAGE_SYMBOL => Some(ZERO_PAGE.0.get() as *const u8),
        SINK_PAGE_SYMBOL => Some(SINK_PAGE.0.get() as *const u8),
        _ => None,
    }
}

/// What an access does to memory (where robust mode sends it when out of bounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Access {
    Read,
    /// Writes and read-modify-writes (atomics).
    Write,
}

/// True when an access of `bytes` bytes through KIR pointer `ptr` stays inside a private
/// variable, or inside the kernel's `local_static` bytes of static local memory, for
/// certain: `ptr` is the variable's (or a local variable's) address plus offsets whose
/// largest value is known — constants (the shape of every local variable access at
/// `-O0`), or integers bounded by their type or arithmetic (`lut[b]` for a `uchar b`,
/// `bins[x & 255]`, `t[i % 16]`). Such an access needs no check, and not emitting one
/// keeps large unoptimized kernels from splitting into a block per access (Cranelift's
/// optimizer slows down with the depth of the dominator tree).
///
/// With `local_size` (the kernel's `reqd_work_group_size`), local ids are bounded by it:
/// `tile[lid.y][lid.x]` of a tile of that size needs no check either.
pub(crate) fn statically_in_bounds(func: &ir::Function, ptr: ir::Value, bytes: u64, local: LocalBounds<'_>) -> bool {
    let local_size = local.required_size;
    let mut p = ptr;
    let mut off: u64 = 0;
    for _ in 0..16 {
        match func.def_inst(p).map(|i| &i.kind) {
            Some(ir::InstKind::PtrAdd(base, o)) => {
                let Some(c) = largest_value(func, *o, local_size, 0) else { return false };
                let Some(sum) = off.checked_add(c).filter(|s| *s <= u32::MAX as u64) else { return false };
                off = sum;
                p = *base;
            }
            Some(ir::InstKind::VarAddr(v)) => {
                return func
                    .vars
                    .get(v.0 as usize)
                    .is_some_and(|var| off.checked_add(bytes).is_some_and(|e| e <= var.size));
            }
            Some(ir::InstKind::LocalAddr(at)) => {
                // Within the variable: up to the next one's start.
                let end = local.starts.iter().copied().find(|s| s > at).unwrap_or(local.size).min(local.size);
                return at.checked_add(off).and_then(|s| s.checked_add(bytes)).is_some_and(|e| e <= end);
            }
            _ => return false,
        }
    }
    false
}

/// What is known of static local memory when compiling, for [`statically_in_bounds`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LocalBounds<'a> {
    /// Bytes of static local memory.
    pub size: u64,
    /// Start offsets of its variables, sorted.
    pub starts: &'a [u64],
    /// The kernel's `reqd_work_group_size`: local ids stay below it.
    pub required_size: Option<[u32; 3]>,
}

impl BoundsInfo<'_> {
    /// What is known of static local memory, for [`statically_in_bounds`].
    pub(crate) fn local_bounds(&self) -> LocalBounds<'_> {
        LocalBounds { size: self.local_static_size, starts: &self.local_starts, required_size: self.local_size }
    }
}

/// The largest value integer `v` can hold when compiling (see [`largest_value`]), local
/// ids bounded by `local_size` when given.
pub(crate) fn static_max(func: &ir::Function, v: ir::Value, local_size: Option<[u32; 3]>) -> Option<u64> {
    largest_value(func, v, local_size, 0)
}

/// The largest value integer `v` can hold, read as unsigned, when it is below 2^31 (so
/// that it is also non-negative as a signed offset); `None` otherwise or when unknown.
fn largest_value(func: &ir::Function, v: ir::Value, local_size: Option<[u32; 3]>, depth: u32) -> Option<u64> {
    use ir::{BinaryOp, ConvOp, InstKind};
    const LIMIT: u64 = i32::MAX as u64;
    let bits = func.ty(v).scalar().filter(|s| s.is_int())?.bits();
    let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
    let fits = |m: u64| Some(m).filter(|m| *m <= LIMIT && *m <= mask);
    if let Some(c) = func.scalar_const(v) {
        return fits(c & mask);
    }
    if depth > 8 {
        return fits(mask);
    }
    let of = |x: ir::Value| largest_value(func, x, local_size, depth + 1);
    let konst = |x: ir::Value| func.scalar_const(x);
    match func.def_inst(v).map(|i| &i.kind) {
        Some(InstKind::WorkItem(ir::WorkItemQuery::LocalId, d)) => {
            let size = local_size?.get(usize::try_from(konst(*d)?).ok()?).copied()?;
            fits(u64::from(size.checked_sub(1)?))
        }
        // A component of a vector built in place (the front end's id vectors).
        Some(InstKind::Extract(a, i)) => match func.def_inst(*a).map(|d| &d.kind) {
            Some(InstKind::Construct(vs)) => of(*vs.get(*i as usize)?),
            _ => None,
        },
        // Zero extension (or truncation) keeps the bound, within the new width.
        Some(InstKind::Convert(c, a)) if !c.saturate && matches!(c.op, ConvOp::UToU | ConvOp::UToS) => {
            let src = func.ty(*a).scalar().filter(|s| s.is_int())?.bits();
            let from = of(*a).or_else(|| (src < 32).then(|| (1u64 << src) - 1));
            fits(from?.min(mask))
        }
        // Sign extension of a value known non-negative.
        Some(InstKind::Convert(c, a)) if !c.saturate && matches!(c.op, ConvOp::SToS | ConvOp::SToU) => {
            fits(of(*a)?.min(mask))
        }
        Some(InstKind::Binary(op, a, b)) => match op {
            BinaryOp::IAdd => fits(of(*a)?.checked_add(of(*b)?)?),
            BinaryOp::IMul => fits(of(*a)?.checked_mul(of(*b)?)?),
            BinaryOp::Shl => fits(of(*a)?.checked_shl(u32::try_from(konst(*b)?).ok().filter(|k| *k < 32)?)?),
            BinaryOp::LShr => fits(of(*a)? >> konst(*b)?.min(63)),
            // `(x << c) >> c` (a sign extension of the low bits) of an `x` that those
            // bits hold as a non-negative number: `x` itself.
            BinaryOp::AShr => {
                let c = konst(*b)?;
                let Some(InstKind::Binary(BinaryOp::Shl, x, c2)) = func.def_inst(*a).map(|i| &i.kind) else {
                    return None;
                };
                let m = of(*x)?;
                (konst(*c2)? == c && c < u64::from(bits) && m < 1u64 << (u64::from(bits) - c - 1)).then_some(m)
            }
            BinaryOp::And => match (of(*a), of(*b)) {
                (Some(x), Some(y)) => fits(x.min(y)),
                (Some(x), None) | (None, Some(x)) => fits(x),
                (None, None) => None,
            },
            BinaryOp::URem => fits(konst(*b).filter(|m| *m > 0)? - 1),
            BinaryOp::UDiv => fits(of(*a)? / konst(*b).filter(|d| *d > 0)?),
            _ => None,
        },
        _ => None,
    }
}

/// The limit an access of `n` bytes into a region of `size` bytes must keep its
/// offset below: `size - n + 1`, or 0 when the access is larger than the region.
fn size_limit(me: &mut FnLower<'_, '_>, size: ClifValue, n: u64) -> ClifValue {
    let fits = me.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, size, n as i64);
    let lim = me.b.ins().iadd_imm_s(size, 1i64.wrapping_sub(n as i64));
    let zero = me.b.ins().iconst(types::I64, 0);
    me.b.ins().select(fits, lim, zero)
}

/// Symbol under which [`check_unknown_access`] is registered with the JIT.
pub(crate) const CHECK_UNKNOWN_SYMBOL: &str = "spirjit_check_unknown_access";

/// The size of an access: known when compiling, or a run-time value (`i64`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum AccessSize {
    Const(u64),
    Dynamic(ClifValue),
}

/// The bytes a load or store of `ty` touches: up to the end of its last leaf (a
/// 3-component vector touches 3 components, not its 4-component stride).
pub(crate) fn access_extent(ty: &ir::Type) -> Result<u64> {
    Ok(super::leaf::leaves(ty)?.into_iter().map(|(off, s)| off + s.size()).max().unwrap_or(0))
}

/// Check an access of `size` bytes at `addr` against every region of the dispatch.
/// Returns 1 when it lies inside one of them; otherwise 0, after writing the argument
/// and offset of the nearest region into the context's error record.
///
/// # Safety
/// `ctx` must be the launch context the calling kernel received.
pub(crate) unsafe extern "C" fn check_unknown_access(ctx: *const LaunchContext, addr: u64, size: u64) -> u32 {
    // SAFETY: compiled kernels pass the context they were called with (caller contract).
    let Some(ctx) = (unsafe { ctx.as_ref() }) else { return 0 };
    let regions = if ctx.regions.is_null() || ctx.region_count == 0 {
        &[][..]
    } else {
        // SAFETY: the runtime points `regions` at `region_count` entries that live for
        // the whole dispatch.
        unsafe { std::slice::from_raw_parts(ctx.regions, ctx.region_count as usize) }
    };
    let mut nearest: Option<(u64, &spirjit_abi::Region)> = None;
    for r in regions {
        let off = addr.wrapping_sub(r.base);
        if addr >= r.base && off <= r.size && size <= r.size - off {
            return 1;
        }
        // An access that starts inside the region but runs past its end is at distance 0.
        let dist = if addr < r.base { r.base - addr } else { addr.saturating_sub(r.base.saturating_add(r.size)) };
        if nearest.is_none_or(|(d, _)| dist < d) {
            nearest = Some((dist, r));
        }
    }
    // SAFETY: the runtime points `error` at a record it owns for the whole call.
    if let Some(rec) = unsafe { ctx.error.as_mut() } {
        match nearest {
            Some((_, r)) => {
                rec.arg = u32::try_from(r.arg).unwrap_or(u32::MAX);
                rec.offset = addr.wrapping_sub(r.base);
            }
            None => {
                rec.arg = u32::MAX;
                rec.offset = addr;
            }
        }
    }
    0
}

/// Memory flags for loads of argument slots and sizes: they never change during a
/// call, so Cranelift may merge them and hoist them out of loops.
pub(crate) fn slot_flags() -> MemFlagsData {
    MemFlagsData::trusted().with_readonly().with_can_move()
}

impl FnLower<'_, '_> {
    /// Whether bounds checks are emitted.
    pub(crate) fn checks_on(&self) -> bool {
        self.bounds.checked
    }

    /// Local linear id of the work-item an access belongs to (the lane group's first
    /// work-item outside a per-lane lowering).
    fn access_item(&mut self, at: At) -> ClifValue {
        let first = self.b.ins().imul_imm_s(self.lane_group, self.lanes.0 as i64);
        match at.lane() {
            Some(l) if l > 0 => self.b.ins().iadd_imm_s(first, l as i64),
            _ => first,
        }
    }

    /// Byte offsets from the argument slots of parameter `n`'s argument and of its region
    /// size (see [`spirjit_abi::ArgSlots`]).
    pub(crate) fn arg_slot_offsets(&self, n: u32) -> Result<(i32, i32)> {
        let slots = spirjit_abi::ArgSlots::new(self.param_count);
        let offset = |o: u64| i32::try_from(o).map_err(|_| CompileError::limit("too many kernel parameters"));
        Ok((offset(slots.value_offset(n.into()))?, offset(slots.size_offset(n.into()))?))
    }

    /// Base, size (both `i64`) and argument index (`u32::MAX` for none) of `region` as
    /// seen by the current lane.
    fn region_extent(&mut self, region: Region, at: At) -> Result<(ClifValue, ClifValue, u32)> {
        Ok(match region {
            Region::Param(n) => {
                let (slot, size_slot) = self.arg_slot_offsets(n)?;
                let base = self.b.ins().load(types::I64, slot_flags(), self.prologue.args_ptr, slot);
                let size = self.b.ins().load(types::I64, slot_flags(), self.prologue.args_ptr, size_slot);
                (base, size, n)
            }
            Region::StaticLocal(start) => {
                // Up to the next variable's start, within the static part.
                let total = self.bounds.local_static_size;
                let end = self.bounds.local_starts.iter().copied().find(|o| *o > start).unwrap_or(total).min(total);
                let size = self.b.ins().iconst(types::I64, end.saturating_sub(start) as i64);
                let base = self.b.ins().iadd_imm_s(self.prologue.local_mem, start as i64);
                (base, size, u32::MAX)
            }
            Region::Var(v) => {
                let off = *self
                    .layout
                    .var_offsets
                    .get(v.0 as usize)
                    .ok_or_else(|| CompileError::internal(format!("{v} does not exist")))?;
                let var_size = self.func.vars.get(v.0 as usize).map_or(0, |var| var.size);
                // One lane's copy in a per-lane lowering; all lanes' copies otherwise.
                let (off, size) = match at.lane() {
                    Some(l) => (off + l as u64 * var_size, var_size),
                    None => (off, var_size * self.lanes.0 as u64),
                };
                let base = self.b.ins().iadd_imm_s(self.private_base, off as i64);
                let size = self.b.ins().iconst(types::I64, size as i64);
                (base, size, u32::MAX)
            }
            Region::Data(d) => {
                let base = self.data_address(d.0 as usize)?;
                let len = self.bounds.data_sizes.get(d.0 as usize).copied().unwrap_or(0);
                let size = self.b.ins().iconst(types::I64, len as i64);
                (base, size, u32::MAX)
            }
        })
    }

    /// Base of parameter `n`'s buffer and the limit that the offset of an access of
    /// `bytes` bytes must stay below (`size - bytes + 1`, or 0 when the access is larger
    /// than the buffer), computed once in the entry block; `None` before the entry block
    /// is known.
    fn param_limit(&mut self, n: u32, bytes: u64) -> Result<Option<(ClifValue, ClifValue)>> {
        if let Some(v) = self.bounds.param_limits.get(&(n, bytes)) {
            return Ok(Some(*v));
        }
        let Some(term) = self.bounds.entry.and_then(|e| self.b.func.layout.last_inst(e)) else { return Ok(None) };
        let (slot, size_slot) = self.arg_slot_offsets(n)?;
        let args = self.prologue.args_ptr;
        let mut pos = FuncCursor::new(self.b.func).at_inst(term);
        let base = pos.ins().load(types::I64, slot_flags(), args, slot);
        let rsize = pos.ins().load(types::I64, slot_flags(), args, size_slot);
        let fits = pos.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, rsize, bytes as i64);
        let lim = pos.ins().iadd_imm_s(rsize, 1i64.wrapping_sub(bytes as i64));
        let zero = pos.ins().iconst(types::I64, 0);
        let lim = pos.ins().select(fits, lim, zero);
        self.bounds.param_limits.insert((n, bytes), (base, lim));
        Ok(Some((base, lim)))
    }

    /// Base of `region` (as seen by the lane `at`), the limit an access of `bytes` bytes
    /// must keep its offset below, and the argument index to report: a parameter's from
    /// the entry block (once per call) when it is known, any other region's here.
    fn region_limit(&mut self, region: Region, bytes: u64, at: At) -> Result<(ClifValue, ClifValue, u32)> {
        if let Region::Param(n) = region {
            if let Some((base, lim)) = self.param_limit(n, bytes)? {
                return Ok((base, lim, n));
            }
        }
        let (base, size, arg) = self.region_extent(region, at)?;
        Ok((base, size_limit(self, size, bytes), arg))
    }

    /// The imported unknown-pointer check.
    fn unknown_check_fn(&mut self) -> Result<FuncRef> {
        if let Some(f) = self.bounds.unknown_fn {
            return Ok(f);
        }
        use cranelift_module::Module as _;
        let mut sig = Signature::new(self.jit.isa().default_call_conv());
        sig.params.extend([AbiParam::new(types::I64), AbiParam::new(types::I64), AbiParam::new(types::I64)]);
        sig.returns.push(AbiParam::new(types::I32));
        let id = self
            .jit
            .declare_function(CHECK_UNKNOWN_SYMBOL, cranelift_module::Linkage::Import, &sig)
            .map_err(|e| CompileError::internal(format!("cannot declare the bounds-check helper: {e}")))?;
        let f = self.jit.declare_func_in_func(id, self.b.func);
        self.bounds.unknown_fn = Some(f);
        Ok(f)
    }

    /// An `i8` that is 1 when the access of `size` bytes at `addr` (an `i64` derived
    /// from KIR pointer `ptr`) lies inside its region; also the offset from the region
    /// base and the argument index to report (`None` for pointers of unknown origin,
    /// whose helper already recorded them).
    pub(crate) fn in_bounds(
        &mut self,
        ptr: ir::Value,
        addr: ClifValue,
        size: AccessSize,
        at: At,
    ) -> Result<(ClifValue, Option<(ClifValue, u32)>)> {
        let region = match self.bounds.prov.of(ptr) {
            Provenance::Known(r) => r,
            Provenance::None | Provenance::Unknown => {
                let f = self.unknown_check_fn()?;
                let n = match size {
                    AccessSize::Const(n) => self.b.ins().iconst(types::I64, n as i64),
                    AccessSize::Dynamic(n) => n,
                };
                let call = self.b.ins().call(f, &[self.prologue.ctx, addr, n]);
                let r = self.b.inst_results(call)[0];
                let ok = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                return Ok((ok, None));
            }
        };
        let n = match size {
            AccessSize::Const(bytes) => {
                let (base, lim, arg) = self.region_limit(region, bytes, at)?;
                let off = self.b.ins().isub(addr, base);
                let ok = self.b.ins().icmp(IntCC::UnsignedLessThan, off, lim);
                return Ok((ok, Some((off, arg))));
            }
            AccessSize::Dynamic(n) => n,
        };
        let (base, rsize, arg) = self.region_extent(region, at)?;
        let off = self.b.ins().isub(addr, base);
        let start_ok = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, off, rsize);
        let room = self.b.ins().isub(rsize, off);
        let len_ok = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, n, room);
        let ok = self.b.ins().band(start_ok, len_ok);
        Ok((ok, Some((off, arg))))
    }

    /// The region whose bounds the lanes of an access through `ptr` can be tested
    /// against together (see [`Self::lanes_in_region`]), when they can.
    pub(crate) fn region_tested_together(&self, ptr: ir::Value) -> Option<Region> {
        if !self.bounds.checked || self.bounds.robust {
            return None;
        }
        match self.bounds.prov.of(ptr) {
            Provenance::Known(r @ (Region::Param(_) | Region::StaticLocal(_) | Region::Data(_))) => Some(r),
            _ => None,
        }
    }

    /// For a gather or scatter through varying `ptr` with checks on: an `i8` that is 1
    /// when every lane's access of `bytes` bytes lies in the region `ptr` derives from,
    /// tested on the address vectors (a subtract and an unsigned compare per register,
    /// one reduction) instead of a compare and branch per lane. `None` where lanes must
    /// be checked one by one: unknown provenance, private variables (each lane has its
    /// own copy), robust mode (each lane is redirected on its own), no checks. Lanes
    /// that are masked off may hold any address: with `mask` (the execution mask's
    /// `i32x4` vectors) only its lanes count; without it callers must require every
    /// lane active.
    pub(crate) fn lanes_in_region(
        &mut self,
        ptr: ir::Value,
        bytes: u64,
        mask: Option<&[ClifValue]>,
    ) -> Result<Option<ClifValue>> {
        let Some(region) = self.region_tested_together(ptr) else { return Ok(None) };
        let (base, lim, _) = self.region_limit(region, bytes, At::Group)?;
        let addrs = self.bundles(ptr)?.remove(0);
        if addrs.iter().any(|a| self.vty(*a) != types::I64X2) {
            return Ok(None);
        }
        let base = self.b.ins().splat(types::I64X2, base);
        let lim = self.b.ins().splat(types::I64X2, lim);
        let mut bad: Option<ClifValue> = None;
        for (k, a) in addrs.into_iter().enumerate() {
            let off = self.b.ins().isub(a, base);
            let mut out = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, off, lim);
            if let Some(m) = mask {
                // Address vector k holds lanes 2k and 2k + 1: half of mask vector k / 2.
                let Some(m) = m.get(k / 2) else { return Ok(None) };
                let active = if k % 2 == 0 { self.b.ins().swiden_low(*m) } else { self.b.ins().swiden_high(*m) };
                out = self.b.ins().band(out, active);
            }
            bad = Some(match bad {
                Some(b) => self.b.ins().bor(b, out),
                None => out,
            });
        }
        Ok(bad.map(|b| {
            let any = self.b.ins().vany_true(b);
            self.b.ins().icmp_imm_s(IntCC::Equal, any, 0)
        }))
    }

    /// The negation of the `i8` flag `ok`: the complementary compare when `ok` is an
    /// integer compare (one instruction instead of a compare and an xor).
    pub(crate) fn not_flag(&mut self, ok: ClifValue) -> ClifValue {
        use cranelift_codegen::ir::condcodes::CondCode;
        use cranelift_codegen::ir::InstructionData;
        if let Some(inst) = self.b.func.dfg.value_def(ok).inst() {
            if let InstructionData::IntCompare { cond, args, .. } = self.b.func.dfg.insts[inst] {
                return self.b.ins().icmp(cond.complement(), args[0], args[1]);
            }
        }
        self.b.ins().bxor_imm_u(ok, 1)
    }

    /// The address an access of `size` bytes at `addr` (derived from KIR pointer `ptr`)
    /// uses: checked (see [`FnLower::check_access`]) or, in robust mode, redirected when out of
    /// bounds; and for an inactive lane of a per-lane lowering, scratch memory.
    pub(crate) fn guard_access(
        &mut self,
        ptr: ir::Value,
        addr: ClifValue,
        size: AccessSize,
        at: At,
        access: Access,
    ) -> Result<ClifValue> {
        if let (true, true, AccessSize::Const(n)) = (self.bounds.checked, self.bounds.robust, size) {
            if n <= ROBUST_PAGE {
                if statically_in_bounds(self.func, ptr, n, self.bounds.local_bounds()) {
                    return Ok(self.lane_addr(addr, at));
                }
                let (ok, _) = self.in_bounds(ptr, addr, size, at)?;
                let page = match access {
                    Access::Read => ZERO_PAGE_SYMBOL,
                    Access::Write => SINK_PAGE_SYMBOL,
                };
                let page = self.symbol_address(page, 0)?;
                let a = self.b.ins().select(ok, addr, page);
                return Ok(self.lane_addr(a, at));
            }
        }
        self.check_access(ptr, addr, size, at)?;
        Ok(self.lane_addr(addr, at))
    }

    /// Check an access of `size` bytes at `addr` (derived from KIR pointer `ptr`):
    /// continue when it is in bounds (or the lane is masked off), otherwise record the
    /// error and return `Status::ERROR`.
    pub(crate) fn check_access(&mut self, ptr: ir::Value, addr: ClifValue, size: AccessSize, at: At) -> Result<()> {
        if !self.bounds.checked {
            return Ok(());
        }
        if let AccessSize::Const(n) = size {
            if statically_in_bounds(self.func, ptr, n, self.bounds.local_bounds()) {
                return Ok(());
            }
        }
        let (ok, known) = self.in_bounds(ptr, addr, size, at)?;
        let fail = self.b.create_block();
        let cont = self.b.create_block();
        match (at.lane(), self.dummy) {
            // Per lane: only an active lane can fail.
            (Some(l), Some(_)) => {
                let bad = self.b.ins().bxor_imm_u(ok, 1);
                let bad = match self.active.get(l as usize) {
                    Some(a) => self.b.ins().band(bad, *a),
                    None => self.b.ins().iconst(types::I8, 0),
                };
                self.b.ins().brif(bad, fail, &[], cont, &[]);
            }
            _ => {
                // The failing edge first: Cranelift's code motion then visits the
                // continuation before the (out-of-loop) error exit and keeps hoisting
                // loop-invariant values out of the lane-group loop.
                let bad = self.not_flag(ok);
                self.b.ins().brif(bad, fail, &[], cont, &[]);
            }
        }
        self.b.set_cold_block(fail);
        self.b.switch_to_block(fail);
        let err = self.b.ins().load(types::I64, ctx_flags(), self.prologue.ctx, offsets::ERROR as i32);
        let flags = MemFlagsData::trusted();
        // Unknown origin: the helper recorded the nearest region, which may not be the
        // pointer's; the kind says so.
        let kind = if known.is_some() { error_kind::OUT_OF_BOUNDS } else { error_kind::OUT_OF_BOUNDS_UNKNOWN_ORIGIN };
        let k = self.b.ins().iconst(types::I32, kind as i64);
        self.b.ins().store(flags, k, err, offsets::ERROR_KIND as i32);
        if let Some((off, arg)) = known {
            let a = self.b.ins().iconst(types::I32, arg as i64);
            self.b.ins().store(flags, a, err, offsets::ERROR_ARG as i32);
            self.b.ins().store(flags, off, err, offsets::ERROR_OFFSET as i32);
        }
        let n = match size {
            AccessSize::Const(n) => self.b.ins().iconst(types::I64, n as i64),
            AccessSize::Dynamic(n) => n,
        };
        self.b.ins().store(flags, n, err, offsets::ERROR_SIZE as i32);
        let id = self.access_item(at);
        self.b.ins().store(flags, id, err, offsets::ERROR_LOCAL_LINEAR_ID as i32);
        self.end_lane_group(Status::ERROR);
        self.b.switch_to_block(cont);
        Ok(())
    }
}

#[cfg(test)]
mod static_bounds_tests {
    use super::{statically_in_bounds, LocalBounds};
    use crate::ir::parse::parse_function;

    /// The pointer of `store` in a function whose last block stores through `v9`.
    fn in_bounds(offset: &str, local: u64) -> bool {
        in_bounds_of(offset, LocalBounds { size: local, starts: &[0], required_size: None })
    }

    fn in_bounds_of(offset: &str, local: LocalBounds<'_>) -> bool {
        let text = format!(
            "block0():\n    v0: ptr<global> = param 0\n    v1: i8 = load v0, align 1\n    v2: i32 = param 1\n    \
             v3: i64 = const 0x4\n    v4: i64 = const 0xff\n    v5: i64 = const 0x10\n    \
             v6: ptr<local> = local_addr 0\n{offset}    v9: ptr<local> = ptr_add v6, v8\n    \
             v10: i32 = const 0x0\n    store v9, v10, align 4\n    return\n"
        );
        let f = parse_function(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        statically_in_bounds(&f, crate::ir::Value(9), 4, local)
    }

    #[test]
    fn bounded_offsets_into_static_local_memory_need_no_check() {
        // `bins[b]` for a `uchar b`: at most 255 * 4 + 4 bytes.
        let uchar = "    v11: i32 = convert UToU v1\n    v12: i64 = convert SToS v11\n    v8: i64 = IMul v12, v3\n";
        assert!(in_bounds(uchar, 1024));
        assert!(!in_bounds(uchar, 1020), "one byte short");
        // A sign-extended `char` may be negative.
        let schar = "    v12: i64 = convert SToS v1\n    v8: i64 = IMul v12, v3\n";
        assert!(!in_bounds(schar, 1 << 20));
        // `bins[x & 255]` and `t[x % 16]` of an unbounded `int x`.
        let masked = "    v12: i64 = convert SToS v2\n    v13: i64 = And v12, v4\n    v8: i64 = IMul v13, v3\n";
        assert!(in_bounds(masked, 1024));
        assert!(!in_bounds(masked, 1000));
        let rem = "    v12: i64 = convert UToU v2\n    v13: i64 = URem v12, v5\n    v8: i64 = IMul v13, v3\n";
        assert!(in_bounds(rem, 64));
        assert!(!in_bounds(rem, 60));
        // An unbounded `int` offset is checked whatever the size.
        let any = "    v12: i64 = convert SToS v2\n    v8: i64 = IMul v12, v3\n";
        assert!(!in_bounds(any, 1 << 30));
        // Additions that could wrap the narrow type are not bounded by it.
        let wrap = "    v11: i8 = IAdd v1, v1\n    v12: i64 = convert UToU v11\n    v8: i64 = IMul v12, v3\n";
        assert!(in_bounds(wrap, 1024), "the sum is an i8 again: at most 255");
    }

    #[test]
    fn local_ids_are_bounded_by_the_required_size_within_their_variable() {
        // `tile[lid.x]` (4-byte elements) in a 64-byte variable at 0, another after it.
        let lid = "    v13: i32 = const 0x0
    v11: i64 = LocalId v13
    v8: i64 = IMul v11, v3
";
        let local = |required_size| LocalBounds { size: 128, starts: &[0, 64], required_size };
        assert!(in_bounds_of(lid, local(Some([16, 4, 1]))), "lid.x < 16: at most byte 64");
        assert!(!in_bounds_of(lid, local(Some([17, 4, 1]))), "lid.x = 16 reads the next variable");
        assert!(!in_bounds_of(lid, local(None)), "no required size: any local id");
        // `(long)(int)lid`, as clang writes it: `(lid << 32) >> 32`.
        let sext = "    v13: i32 = const 0x0\n    v11: i64 = LocalId v13\n    v14: i64 = const 0x20\n    \
                    v15: i64 = Shl v11, v14\n    v16: i64 = AShr v15, v14\n    v8: i64 = IMul v16, v3\n";
        assert!(in_bounds_of(sext, local(Some([16, 4, 1]))));
        assert!(!in_bounds_of(sext, local(Some([17, 4, 1]))));
    }
}

//! The lane machinery of the vectorizing lowering (W > 1): lane-group setup (active
//! lanes, scratch memory), moving between scalar lanes and 128-bit leaf vectors, the
//! per-instruction choice between a uniform scalar lowering, a vector lowering and a
//! per-lane lowering (the scalar lowering run once per lane, then packed), and masked
//! builtin calls.
//!
//! Uniform values stay scalars; varying ones are bundles of [`leaf::vec_leaf_type`]
//! vectors. Control flow must be uniform here (the caller checks). Memory accesses live
//! in `vmemory`; this module must not decide which kernels are vectorized (that is
//! `plan`).

use cranelift_codegen::ir::condcodes::IntCC as CIntCC;
use cranelift_codegen::ir::{
    types, BlockArg, ConstantData, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value as ClifValue,
};
use cranelift_frontend::FunctionBuilder;

use super::arith::{float_cc, int_cc};
use super::leaf::At;
use super::leaf::{self, leaf_type, vec_leaf_type, Lanes};
use super::state::{ctx_flags, FnLower};
use crate::ir::{self, BinaryOp, BuiltinId, ConvOp, InstKind, MathOp, Rounding, Scalar, Type, UnaryOp};
use crate::{CompileError, Result};

/// Most bytes one masked-off lane may touch in scratch memory.
const MAX_SCRATCH: u64 = 1 << 16;

/// The lane set-up of a lane group at W > 1, emitted once in the loop head.
pub(crate) struct LaneSetup {
    /// Per lane, an `i8` that is 1 when the lane's work-item exists.
    pub active: Vec<ClifValue>,
    /// An `i8` that is 1 when every lane of the group exists.
    pub all_active: ClifValue,
    /// Scratch memory that masked-off lanes access instead of their address.
    pub dummy: ClifValue,
    /// The number of existing lanes (an `i32`, 0..=W).
    pub lanes_left: ClifValue,
}

/// Emit, in the entry block, the per-lane active flags and scratch memory.
pub(crate) fn lane_setup(
    b: &mut FunctionBuilder,
    func: &ir::Function,
    ctx: ClifValue,
    lane_group: ClifValue,
    lanes: Lanes,
) -> Result<LaneSetup> {
    let flags = ctx_flags();
    let ls = spirjit_abi::context::offsets::LOCAL_SIZE as i32;
    let sx = b.ins().load(types::I64, flags, ctx, ls);
    let sy = b.ins().load(types::I64, flags, ctx, ls + 8);
    let sz = b.ins().load(types::I64, flags, ctx, ls + 16);
    let sxy = b.ins().imul(sx, sy);
    let total = b.ins().imul(sxy, sz);
    let first = b.ins().imul_imm_s(lane_group, lanes.0 as i64);
    let mut active = Vec::with_capacity(lanes.0 as usize);
    for l in 0..lanes.0 {
        let id = b.ins().iadd_imm_s(first, l as i64);
        active.push(b.ins().icmp(CIntCC::UnsignedLessThan, id, total));
    }
    let end = b.ins().iadd_imm_s(first, lanes.0 as i64);
    let all = b.ins().icmp(CIntCC::UnsignedLessThanOrEqual, end, total);
    // left = clamp(total - first, 0, W)
    let has = b.ins().icmp(CIntCC::UnsignedGreaterThan, total, first);
    let diff = b.ins().isub(total, first);
    let zero = b.ins().iconst(types::I64, 0);
    let diff = b.ins().select(has, diff, zero);
    let wv = b.ins().iconst(types::I64, lanes.0 as i64);
    let many = b.ins().icmp(CIntCC::UnsignedGreaterThan, diff, wv);
    let left = b.ins().select(many, wv, diff);
    let left = b.ins().ireduce(types::I32, left);
    // Scratch for masked-off lanes: as large as the largest access.
    let mut size = 64u64;
    for inst in &func.insts {
        let t = match &inst.kind {
            InstKind::Load { .. } => inst.result.map(|r| func.ty(r).size()),
            InstKind::Store { value, .. } => Some(func.ty(*value).size()),
            _ => None,
        };
        size = size.max(t.unwrap_or(0));
    }
    if size > MAX_SCRATCH {
        return Err(CompileError::unsupported(format!(
            "a memory access of {size} bytes (the vector path handles at most {MAX_SCRATCH})"
        )));
    }
    let slot = b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, size as u32, 4));
    let dummy = b.ins().stack_addr(types::I64, slot, 0);
    Ok(LaneSetup { active, all_active: all, dummy, lanes_left: left })
}

/// True when calling builtin `b` has no effect beyond its result (the table declares no
/// effects, it returns a value, it dereferences no operand), so it may run for lanes
/// whose work-item does not exist or that are masked off.
fn is_pure(b: &spirjit_builtins::Builtin) -> bool {
    !b.flags.effects && b.ret != spirjit_builtins::ArgType::Void && !b.params.contains(&spirjit_builtins::ArgType::Ptr)
}

/// Memory flags for reinterpreting vector lanes (explicit byte order, as Cranelift
/// requires for vector bitcasts).
pub(crate) fn lane_flags() -> MemFlagsData {
    MemFlagsData::new().with_endianness(cranelift_codegen::ir::Endianness::Little)
}

impl FnLower<'_, '_> {
    /// Lane `l` of the varying leaves `raw` (vectors back to back) as scalar leaves.
    pub(crate) fn lane_of(&mut self, raw: &[ClifValue], scalars: &[Scalar], l: u32) -> Result<Vec<ClifValue>> {
        let mut out = Vec::with_capacity(scalars.len());
        let mut at = 0usize;
        for s in scalars {
            let (vi, li) = self.lanes.position(*s, l);
            let v = *raw
                .get(at + vi)
                .ok_or_else(|| CompileError::internal("a varying value has fewer vectors than its type needs"))?;
            at += self.lanes.vectors(*s);
            let x = self.b.ins().extractlane(v, li);
            out.push(if *s == Scalar::Bool { self.b.ins().icmp_imm_s(CIntCC::NotEqual, x, 0) } else { x });
        }
        Ok(out)
    }

    /// A scalar leaf as one value per vector lane (bools as masks).
    fn lane_value(&mut self, x: ClifValue, s: Scalar) -> ClifValue {
        if s == Scalar::Bool {
            self.b.ins().bmask(types::I32, x)
        } else {
            x
        }
    }

    /// The vectors of a uniform leaf `x` of scalar `s` broadcast to every lane.
    pub(crate) fn splat_leaf(&mut self, x: ClifValue, s: Scalar) -> Vec<ClifValue> {
        let x = self.lane_value(x, s);
        let v = self.b.ins().splat(vec_leaf_type(s), x);
        vec![v; self.lanes.vectors(s)]
    }

    /// Pack per-lane scalar leaves (`per_lane[l][leaf]`) into leaf vectors.
    pub(crate) fn pack(&mut self, scalars: &[Scalar], per_lane: &[Vec<ClifValue>]) -> Result<Vec<ClifValue>> {
        let w = self.lanes.0 as usize;
        if per_lane.len() != w || per_lane.iter().any(|l| l.len() != scalars.len()) {
            return Err(CompileError::internal("a per-lane lowering produced the wrong number of leaves"));
        }
        let mut out = Vec::new();
        for (i, s) in scalars.iter().enumerate() {
            let vt = vec_leaf_type(*s);
            let per = vt.lane_count() as usize;
            for vi in 0..self.lanes.vectors(*s) {
                let first = self.lane_value(per_lane[vi * per][i], *s);
                let mut v = self.b.ins().splat(vt, first);
                for li in 1..per.min(w - vi * per) {
                    let x = self.lane_value(per_lane[vi * per + li][i], *s);
                    v = self.b.ins().insertlane(v, x, li as u8);
                }
                out.push(v);
            }
        }
        Ok(out)
    }

    /// The leaves of `v` as vectors, one list per leaf (uniform values splatted).
    pub(crate) fn bundles(&mut self, v: ir::Value) -> Result<Vec<Vec<ClifValue>>> {
        let scalars = self.leaf_scalars(v)?;
        let vals = self.get(v, At::Group)?;
        if !self.is_varying(v) {
            return Ok(vals.into_iter().zip(scalars).map(|(x, s)| self.splat_leaf(x, s)).collect());
        }
        let mut out = Vec::with_capacity(scalars.len());
        let mut at = 0usize;
        for s in scalars {
            let n = self.lanes.vectors(s);
            out.push(
                vals.get(at..at + n)
                    .map(|x| x.to_vec())
                    .ok_or_else(|| CompileError::internal(format!("{v} has fewer vectors than its type needs")))?,
            );
            at += n;
        }
        Ok(out)
    }

    /// Run the scalar lowering of `kind` once per lane and pack the results.
    pub(crate) fn per_lane_value(&mut self, kind: &InstKind, ty: &Type) -> Result<Vec<ClifValue>> {
        let scalars: Vec<Scalar> = leaf::leaves(ty)?.into_iter().map(|(_, s)| s).collect();
        let mut per_lane = Vec::with_capacity(self.lanes.0 as usize);
        for l in 0..self.lanes.0 {
            per_lane.push(self.value_inst(kind, ty, At::Lane(l))?);
        }
        self.pack(&scalars, &per_lane)
    }

    /// Run an effect once per lane, in lane order (masking happens at the accesses).
    pub(crate) fn per_lane_effect(&mut self, mut f: impl FnMut(&mut Self, At) -> Result<()>) -> Result<()> {
        for l in 0..self.lanes.0 {
            f(self, At::Lane(l))?;
        }
        Ok(())
    }

    /// A builtin call per lane (a loop over the lanes, see `lane_loop`). Calls of
    /// functions without effects (no pointer operand, a result) run for every lane,
    /// masked-off lanes included, whose results are never used; other calls skip the
    /// lanes without a work-item.
    pub(crate) fn masked_call(
        &mut self,
        builtin: BuiltinId,
        args: &[ir::Value],
        result: Option<ir::Value>,
    ) -> Result<()> {
        if let (Some(r), Some(vals)) = (result, self.vector_form_call(builtin, args, result)?) {
            return self.set(r, vals);
        }
        if let Some(r) = result {
            if let Some(vals) = self.int_builtin_vector(builtin, args, r)? {
                return self.set(r, vals);
            }
        }
        let every_lane = is_pure(builtin.get());
        self.lane_loop_call(builtin, args, result, every_lane)
    }

    /// A whole-value builtin call per active lane, in lane order (masked-off lanes skip
    /// the call: image writes and printf have effects).
    pub(crate) fn masked_call_whole(
        &mut self,
        builtin: BuiltinId,
        args: &[ir::Value],
        result: Option<ir::Value>,
    ) -> Result<()> {
        self.per_active_lane(result, |me, at| me.call_whole(builtin, args, result, at))
    }

    /// Run `call` once per lane, in lane order, only where the lane is active; inactive
    /// lanes read zeros. `call` emits the scalar code of the lane it is given and
    /// returns the leaves of `result`, if any; the lanes' leaves are
    /// packed into `result`'s bundles. Each lane's leaves reach the joining block as
    /// block parameters (no variables: see `function::needs_variable`).
    fn per_active_lane(
        &mut self,
        result: Option<ir::Value>,
        mut call: impl FnMut(&mut Self, At) -> Result<Option<Vec<ClifValue>>>,
    ) -> Result<()> {
        let scalars = match result {
            Some(r) => self.leaf_scalars(r)?,
            None => Vec::new(),
        };
        let tys: Vec<_> = scalars.iter().map(|s| leaf_type(*s)).collect();
        let mut per_lane = Vec::with_capacity(self.lanes.0 as usize);
        for l in 0..self.lanes.0 {
            let active = self.active[l as usize];
            let vals = self.branch_join(active, &tys, |me| Ok(call(me, At::Lane(l))?.unwrap_or_default()))?;
            per_lane.push(vals);
        }
        if let Some(r) = result {
            let packed = self.pack(&scalars, &per_lane)?;
            self.set(r, packed)?;
        }
        Ok(())
    }

    /// When `cond` (an `i8`) is set, run `then` (which returns values of the types
    /// `tys`); otherwise take zeros. Returns the values in the joining block, which is
    /// current on return.
    pub(crate) fn branch_join(
        &mut self,
        cond: ClifValue,
        tys: &[types::Type],
        then: impl FnOnce(&mut Self) -> Result<Vec<ClifValue>>,
    ) -> Result<Vec<ClifValue>> {
        let (then_b, join) = (self.b.create_block(), self.b.create_block());
        let zeros: Vec<_> = tys.iter().map(|t| self.typed_zero(*t)).collect();
        let zero_args: Vec<_> = zeros.iter().map(|z| BlockArg::Value(*z)).collect();
        self.b.ins().brif(cond, then_b, &[], join, &zero_args);
        self.b.seal_block(then_b);
        self.b.switch_to_block(then_b);
        let vals = then(self)?;
        self.jump_with(join, tys, &vals)?;
        self.b.seal_block(join);
        self.b.switch_to_block(join);
        Ok(tys.iter().map(|t| self.b.append_block_param(join, *t)).collect())
    }

    /// A zero of Cranelift type `t` (scalar or vector).
    pub(crate) fn typed_zero(&mut self, t: types::Type) -> ClifValue {
        if t.is_vector() {
            let c = self.b.func.dfg.constants.insert(ConstantData::from(vec![0u8; t.bytes() as usize]));
            self.b.ins().vconst(t, c)
        } else if t == types::F32 {
            self.b.ins().f32const(0.0)
        } else if t == types::F64 {
            self.b.ins().f64const(0.0)
        } else {
            self.b.ins().iconst(t, 0)
        }
    }

    /// The vector lowering of `kind` when there is a direct one; `None` otherwise.
    pub(crate) fn vector_op(&mut self, kind: &InstKind, ty: &Type) -> Result<Option<Vec<ClifValue>>> {
        use InstKind::*;
        let Some(rs) = ty.scalar() else { return self.vector_composite(kind, ty) };
        Ok(Some(match kind {
            Unary(op, a) => {
                let s = self.scalar_of(*a)?;
                let ok = match op {
                    UnaryOp::INeg => s.is_int(),
                    UnaryOp::Not => s.is_int() || s == Scalar::Bool,
                    UnaryOp::FNeg => matches!(s, Scalar::F32 | Scalar::F64),
                };
                if !ok {
                    return Ok(None);
                }
                self.map_vectors(&[*a], |me, x| match op {
                    UnaryOp::INeg => me.b.ins().ineg(x[0]),
                    UnaryOp::Not => me.b.ins().bnot(x[0]),
                    UnaryOp::FNeg => me.b.ins().fneg(x[0]),
                })?
            }
            Binary(op, a, b) => {
                let s = self.scalar_of(*a)?;
                let int = s.is_int() || matches!(s, Scalar::Ptr(_));
                let fl = matches!(s, Scalar::F32 | Scalar::F64);
                let ok = match op {
                    BinaryOp::IAdd | BinaryOp::ISub => int,
                    BinaryOp::IMul => matches!(s, Scalar::I16 | Scalar::I32 | Scalar::I64),
                    BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => int || s == Scalar::Bool,
                    BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr => {
                        matches!(s, Scalar::I16 | Scalar::I32 | Scalar::I64) && !self.is_varying(*b)
                    }
                    BinaryOp::FAdd | BinaryOp::FSub | BinaryOp::FMul | BinaryOp::FDiv => fl,
                    _ => false,
                };
                if !ok {
                    return Ok(None);
                }
                if let Some((first, k)) = self.pow2_factor(*a, *b).filter(|_| *op == BinaryOp::IMul) {
                    // A multiply by a power of two (an index scaled to bytes): x64 has no
                    // cheap 64-bit lane multiply; a shift is one instruction.
                    let x = if first { *a } else { *b };
                    return Ok(Some(self.map_vectors(&[x], |me, v| me.b.ins().ishl_imm_s(v[0], i64::from(k)))?));
                }
                if matches!(op, BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr) {
                    let amt = self.get_scalar(*b, At::Group)?;
                    return Ok(Some(self.map_vectors(&[*a], |me, x| match op {
                        BinaryOp::Shl => me.b.ins().ishl(x[0], amt),
                        BinaryOp::LShr => me.b.ins().ushr(x[0], amt),
                        _ => me.b.ins().sshr(x[0], amt),
                    })?));
                }
                self.map_vectors(&[*a, *b], |me, x| {
                    let (p, q) = (x[0], x[1]);
                    match op {
                        BinaryOp::IAdd => me.b.ins().iadd(p, q),
                        BinaryOp::ISub => me.b.ins().isub(p, q),
                        BinaryOp::IMul => me.b.ins().imul(p, q),
                        BinaryOp::And => me.b.ins().band(p, q),
                        BinaryOp::Or => me.b.ins().bor(p, q),
                        BinaryOp::Xor => me.b.ins().bxor(p, q),
                        BinaryOp::FAdd => me.b.ins().fadd(p, q),
                        BinaryOp::FSub => me.b.ins().fsub(p, q),
                        BinaryOp::FMul => me.b.ins().fmul(p, q),
                        _ => me.b.ins().fdiv(p, q),
                    }
                })?
            }
            Icmp(cc, a, b) => {
                let s = self.scalar_of(*a)?;
                if !(s.is_int() || matches!(s, Scalar::Ptr(_))) {
                    return Ok(None);
                }
                let ms = self.map_vectors(&[*a, *b], |me, x| me.b.ins().icmp(int_cc(*cc), x[0], x[1]))?;
                self.masks_to_bool(ms, s)?
            }
            Fcmp(cc, a, b) if matches!(self.scalar_of(*a)?, Scalar::F32 | Scalar::F64) => {
                let s = self.scalar_of(*a)?;
                let ms = self.map_vectors(&[*a, *b], |me, x| me.b.ins().fcmp(float_cc(*cc), x[0], x[1]))?;
                self.masks_to_bool(ms, s)?
            }
            Select(c, a, b) => return self.vector_select(*c, *a, *b).map(Some),
            Fma(a, b, c) if matches!(rs, Scalar::F32 | Scalar::F64) => {
                // One rounding: Cranelift emits `vfmadd` with FMA, per-lane `fma` calls without.
                self.map_vectors(&[*a, *b, *c], |me, x| me.b.ins().fma(x[0], x[1], x[2]))?
            }
            Math(op, args) if args.len() > 1 => return self.vector_math2(*op, args, rs),
            PtrAdd(p, off) => {
                let base = self.bundles(*p)?.remove(0);
                let os = self.scalar_of(*off)?;
                let offs = self.offset_vectors(*off, os)?;
                base.into_iter().zip(offs).map(|(x, y)| self.b.ins().iadd(x, y)).collect()
            }
            Convert(c, a) => {
                let s = self.scalar_of(*a)?;
                match (c.op, s, rs, c.saturate) {
                    (ConvOp::SToS | ConvOp::UToU | ConvOp::SToU | ConvOp::UToS, Scalar::I32, Scalar::I64, false) => {
                        // One bundle per component (`int2` → `long2` has two).
                        let signed = matches!(c.op, ConvOp::SToS | ConvOp::SToU);
                        let mut out = Vec::new();
                        for bundle in self.bundles(*a)? {
                            let mut wide = Vec::new();
                            for v in bundle {
                                wide.extend(self.widen(v, signed, self.lanes.0 as usize));
                            }
                            wide.truncate(self.lanes.vectors(Scalar::I64));
                            out.extend(wide);
                        }
                        out
                    }
                    (ConvOp::SToS | ConvOp::UToU | ConvOp::SToU | ConvOp::UToS, Scalar::I64, Scalar::I32, false) => {
                        if let Some((q, d)) = super::workitem::id_source(self.func, *a) {
                            if let Some(vs) = self.vec_id(q, d, &Type::I32)? {
                                return Ok(Some(vs));
                            }
                        }
                        let mut out = Vec::new();
                        for bundle in self.bundles(*a)? {
                            out.extend(self.narrow_i64(&bundle)?);
                        }
                        out
                    }
                    (ConvOp::SToF, Scalar::I32, Scalar::F32, _) if c.rounding.is_none() => {
                        self.map_vectors(&[*a], |me, x| me.b.ins().fcvt_from_sint(types::F32X4, x[0]))?
                    }
                    (ConvOp::UToF, Scalar::I32, Scalar::F32, _) if c.rounding.is_none() => {
                        self.map_vectors(&[*a], |me, x| me.b.ins().fcvt_from_uint(types::F32X4, x[0]))?
                    }
                    (ConvOp::FToS | ConvOp::FToU, Scalar::F32, Scalar::I32, _) => {
                        let signed = c.op == ConvOp::FToS;
                        let rounding = c.rounding;
                        self.map_vectors(&[*a], |me, x| {
                            let f = match rounding {
                                None | Some(Rounding::TowardZero) => x[0],
                                Some(Rounding::Down) => me.b.ins().floor(x[0]),
                                Some(Rounding::Up) => me.b.ins().ceil(x[0]),
                                Some(Rounding::NearestEven) => me.b.ins().nearest(x[0]),
                            };
                            if signed {
                                me.b.ins().fcvt_to_sint_sat(types::I32X4, f)
                            } else {
                                me.b.ins().fcvt_to_uint_sat(types::I32X4, f)
                            }
                        })?
                    }
                    (ConvOp::BoolToNum, Scalar::Bool, Scalar::I32, _) => {
                        let one = self.b.ins().iconst(types::I32, 1);
                        let one = self.b.ins().splat(types::I32X4, one);
                        self.map_vectors(&[*a], |me, x| me.b.ins().band(x[0], one))?
                    }
                    _ => return self.vector_convert_widths(*c, *a, s, rs),
                }
            }
            Math(op, args) if matches!(rs, Scalar::F32 | Scalar::F64) && args.len() == 1 => match op {
                MathOp::FAbs | MathOp::Sqrt | MathOp::Floor | MathOp::Ceil | MathOp::Trunc | MathOp::Rint => self
                    .map_vectors(args, |me, x| match op {
                        MathOp::FAbs => me.b.ins().fabs(x[0]),
                        MathOp::Sqrt => me.b.ins().sqrt(x[0]),
                        MathOp::Floor => me.b.ins().floor(x[0]),
                        MathOp::Ceil => me.b.ins().ceil(x[0]),
                        MathOp::Trunc => me.b.ins().trunc(x[0]),
                        _ => me.b.ins().nearest(x[0]),
                    })?,
                _ => return self.vector_math_more(*op, args, rs),
            },
            Math(MathOp::IAbs, args) if matches!(rs, Scalar::I8 | Scalar::I16 | Scalar::I32) && args.len() == 1 => {
                self.map_vectors(args, |me, x| me.b.ins().iabs(x[0]))?
            }
            Math(op, args) => return self.vector_math_more(*op, args, rs),
            Extract(..) | Insert { .. } | Shuffle { .. } | Construct(_) | Undef | Const(_) => {
                return self.vector_composite(kind, ty)
            }
            _ => return Ok(None),
        }))
    }

    /// Operations that only move leaves around (and constants made varying).
    fn vector_composite(&mut self, kind: &InstKind, ty: &Type) -> Result<Option<Vec<ClifValue>>> {
        use InstKind::*;
        let out: Vec<Vec<ClifValue>> = match kind {
            Construct(parts) => {
                let mut out = Vec::new();
                for p in parts {
                    out.extend(self.bundles(*p)?);
                }
                out
            }
            Extract(a, i) => {
                let range = leaf::component_leaf_range(self.value_type(*a)?, *i)?;
                let mut b = self.bundles(*a)?;
                if range.end > b.len() {
                    return Err(CompileError::internal(format!("{a} has no component {i}")));
                }
                b.drain(range).collect()
            }
            Insert { aggregate, element, index } => {
                let range = leaf::component_leaf_range(self.value_type(*aggregate)?, *index)?;
                let mut b = self.bundles(*aggregate)?;
                let e = self.bundles(*element)?;
                if e.len() != range.len() || range.end > b.len() {
                    return Err(CompileError::internal(format!("{element} does not fit component {index}")));
                }
                b.splice(range, e);
                b
            }
            Shuffle { a, b, indices } => {
                let s = ty.scalar().ok_or_else(|| CompileError::internal("shuffle result is not a vector"))?;
                let mut all = self.bundles(*a)?;
                all.extend(self.bundles(*b)?);
                let mut out = Vec::with_capacity(indices.len());
                for &i in indices {
                    out.push(match all.get(i as usize) {
                        Some(v) => v.clone(),
                        None => {
                            let z = self.zero(s);
                            self.splat_leaf(z, s)
                        }
                    });
                }
                out
            }
            _ => return Ok(None),
        };
        Ok(Some(out.into_iter().flatten().collect()))
    }

    /// Comparison results (vectors in the lanes of the operands' scalar `s`) as bool
    /// leaves (`i32x4` masks).
    fn masks_to_bool(&mut self, ms: Vec<ClifValue>, s: Scalar) -> Result<Vec<ClifValue>> {
        // One component (of a vector comparison) at a time.
        let per = self.lanes.vectors(s);
        let mut all = Vec::with_capacity(ms.len());
        for comp in ms.chunks(per) {
            all.extend(self.component_masks_to_bool(comp.to_vec(), s)?);
        }
        Ok(all)
    }

    /// [`Self::masks_to_bool`] for the vectors of one component.
    fn component_masks_to_bool(&mut self, ms: Vec<ClifValue>, s: Scalar) -> Result<Vec<ClifValue>> {
        let mut out = Vec::new();
        match vec_leaf_type(s).lane_bits() {
            32 => {
                for m in ms {
                    out.push(if self.vty(m) == types::I32X4 {
                        m
                    } else {
                        self.b.ins().bitcast(types::I32X4, lane_flags(), m)
                    });
                }
            }
            64 => out = self.narrow_i64(&ms)?,
            16 => {
                for m in ms {
                    let m = self.as_type(m, types::I16X8);
                    out.push(self.b.ins().swiden_low(m));
                    out.push(self.b.ins().swiden_high(m));
                }
            }
            _ => {
                for m in ms {
                    let m = self.as_type(m, types::I8X16);
                    for h in [self.b.ins().swiden_low(m), self.b.ins().swiden_high(m)] {
                        out.push(self.b.ins().swiden_low(h));
                        out.push(self.b.ins().swiden_high(h));
                    }
                }
            }
        }
        out.truncate(self.lanes.vectors(Scalar::Bool));
        Ok(out)
    }

    /// `v` reinterpreted as the 128-bit vector type `ty` (no instruction when it already is).
    pub(crate) fn as_type(&mut self, v: ClifValue, ty: types::Type) -> ClifValue {
        if self.vty(v) == ty {
            v
        } else {
            self.b.ins().bitcast(ty, lane_flags(), v)
        }
    }

    /// A two-input shuffle of 32-bit lanes: lane `i` of the result is lane `idx[i]` of
    /// `a ++ b` (0..8); the result has `a`'s type.
    pub(crate) fn shuffle32(&mut self, a: ClifValue, b: ClifValue, idx: [u8; 4]) -> ClifValue {
        let mut bytes = Vec::with_capacity(16);
        for i in idx {
            bytes.extend((0..4).map(|k| 4 * i + k));
        }
        self.shuffle_bytes(a, b, bytes)
    }

    /// A two-input shuffle of 64-bit lanes (indices 0..4 into `a ++ b`).
    pub(crate) fn shuffle64(&mut self, a: ClifValue, b: ClifValue, idx: [u8; 2]) -> ClifValue {
        let mut bytes = Vec::with_capacity(16);
        for i in idx {
            bytes.extend((0..8).map(|k| 8 * i + k));
        }
        self.shuffle_bytes(a, b, bytes)
    }

    pub(crate) fn shuffle_bytes(&mut self, a: ClifValue, b: ClifValue, bytes: Vec<u8>) -> ClifValue {
        let ty = self.vty(a);
        let (x, y) = (self.as_type(a, types::I8X16), self.as_type(b, types::I8X16));
        let mask = self.b.func.dfg.immediates.push(ConstantData::from(bytes));
        let r = self.b.ins().shuffle(x, y, mask);
        self.as_type(r, ty)
    }

    /// `i64x2` vectors (lanes in order) truncated to the low 32 bits of each lane, as
    /// `i32x4` vectors.
    fn narrow_i64(&mut self, vs: &[ClifValue]) -> Result<Vec<ClifValue>> {
        let mut out = Vec::with_capacity(vs.len().div_ceil(2));
        for c in vs.chunks(2) {
            let a = self.as_type(c[0], types::I32X4);
            let b = match c.get(1) {
                Some(b) => self.as_type(*b, types::I32X4),
                None => a,
            };
            out.push(self.shuffle32(a, b, [0, 2, 4, 6]));
        }
        out.truncate(self.lanes.vectors(Scalar::I32));
        Ok(out)
    }

    /// `c ? a : b` with varying operands: a bit select per leaf, the condition mask
    /// reshaped to each leaf's lanes (one condition for all components, or one per
    /// component). Booleans combined the way `&&` and `||` compile (`c ? a : false`,
    /// `c ? true : b`) are one `and` / `or` of the masks.
    fn vector_select(&mut self, c: ir::Value, a: ir::Value, b: ir::Value) -> Result<Vec<ClifValue>> {
        let boolean = self.value_type(a).is_ok_and(|t| t.scalar() == Some(Scalar::Bool));
        let and = boolean && self.func.scalar_const(b) == Some(0);
        let or = boolean && self.func.scalar_const(a).is_some_and(|k| k != 0);
        let conds = self.bundles(c)?;
        let scalars = self.leaf_scalars(a)?;
        let av = self.bundles(a)?;
        let bv = self.bundles(b)?;
        if av.len() != bv.len() || av.len() != scalars.len() || (conds.len() != 1 && conds.len() != av.len()) {
            return Err(CompileError::internal(format!("select {c}: operands do not match")));
        }
        let mut out = Vec::new();
        for (i, ((x, y), s)) in av.into_iter().zip(bv).zip(scalars).enumerate() {
            let cm = if conds.len() == 1 { conds[0].clone() } else { conds[i].clone() };
            let ms = self.mask_for(s, &cm);
            if ms.len() != x.len() || x.len() != y.len() {
                return Err(CompileError::internal("a select mask does not match its operands"));
            }
            for ((m, p), q) in ms.into_iter().zip(x).zip(y) {
                out.push(if and {
                    self.b.ins().band(m, p)
                } else if or {
                    self.b.ins().bor(m, q)
                } else {
                    self.b.ins().bitselect(m, p, q)
                });
            }
        }
        Ok(out)
    }

    /// Two- and three-operand math on varying values with a direct vector form.
    fn vector_math2(&mut self, op: MathOp, args: &[ir::Value], rs: Scalar) -> Result<Option<Vec<ClifValue>>> {
        let fl = matches!(rs, Scalar::F32 | Scalar::F64);
        let small_int = matches!(rs, Scalar::I8 | Scalar::I16 | Scalar::I32);
        let mask_ty = if rs == Scalar::F32 { types::F32X4 } else { types::F64X2 };
        Ok(Some(match op {
            // Two roundings, as the scalar lowering (`arith::math_leaf`).
            MathOp::Mad if fl && args.len() == 3 => self.map_vectors(args, |me, x| {
                let p = me.b.ins().fmul(x[0], x[1]);
                me.b.ins().fadd(p, x[2])
            })?,
            // IEEE minNum/maxNum (a NaN operand loses) as `arith::math_leaf` computes it:
            // `b` is NaN ? `a` : (`a` < `b` ? `a` : `b`) for fmin, `b` < `a` for fmax. The
            // inner select is the shape x86's `minps`/`maxps` implement (a NaN gives
            // `b`), so with a constant `b` (clamp bounds) the whole operation is one
            // instruction.
            MathOp::FMin | MathOp::FMax if fl && args.len() == 2 => {
                let b_is_number = self.func.is_non_nan_const(args[1]);
                self.map_vectors(args, |me, x| {
                    use cranelift_codegen::ir::condcodes::FloatCC as CC;
                    let (a, b) = (x[0], x[1]);
                    let lt = if op == MathOp::FMin {
                        me.b.ins().fcmp(CC::LessThan, a, b)
                    } else {
                        me.b.ins().fcmp(CC::LessThan, b, a)
                    };
                    let lt = me.as_type(lt, mask_ty);
                    let r = me.b.ins().bitselect(lt, a, b);
                    if b_is_number {
                        return r;
                    }
                    let b_nan = me.b.ins().fcmp(CC::Unordered, b, b);
                    let b_nan = me.as_type(b_nan, mask_ty);
                    me.b.ins().bitselect(b_nan, a, r)
                })?
            }
            MathOp::SMin | MathOp::SMax | MathOp::UMin | MathOp::UMax if small_int && args.len() == 2 => self
                .map_vectors(args, |me, x| match op {
                    MathOp::SMin => me.b.ins().smin(x[0], x[1]),
                    MathOp::SMax => me.b.ins().smax(x[0], x[1]),
                    MathOp::UMin => me.b.ins().umin(x[0], x[1]),
                    _ => me.b.ins().umax(x[0], x[1]),
                })?,
            _ => return self.vector_math_more(op, args, rs),
        }))
    }

    fn scalar_of(&self, v: ir::Value) -> Result<Scalar> {
        let t = self.value_type(v)?;
        t.scalar().ok_or_else(|| CompileError::internal(format!("{v} of type {t} is not a scalar or vector")))
    }

    /// Apply `f` to corresponding vectors of the operands (all of one leaf shape).
    pub(crate) fn map_vectors(
        &mut self,
        args: &[ir::Value],
        mut f: impl FnMut(&mut Self, &[ClifValue]) -> ClifValue,
    ) -> Result<Vec<ClifValue>> {
        let mut bs = Vec::with_capacity(args.len());
        for a in args {
            bs.push(self.bundles(*a)?.into_iter().flatten().collect::<Vec<_>>());
        }
        let n = bs.first().map_or(0, |b| b.len());
        if bs.iter().any(|b| b.len() != n) {
            return Err(CompileError::internal("operands have different component counts"));
        }
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let xs: Vec<ClifValue> = bs.iter().map(|b| b[i]).collect();
            out.push(f(self, &xs));
        }
        Ok(out)
    }

    /// An `i32x4` widened to two `i64x2` (only as many as `lanes` needs).
    fn widen(&mut self, v: ClifValue, signed: bool, lanes: usize) -> Vec<ClifValue> {
        let lo = if signed { self.b.ins().swiden_low(v) } else { self.b.ins().uwiden_low(v) };
        if lanes <= 2 {
            return vec![lo];
        }
        let hi = if signed { self.b.ins().swiden_high(v) } else { self.b.ins().uwiden_high(v) };
        vec![lo, hi]
    }

    /// A byte offset (signed integer of any width) as `i64x2` vectors.
    fn offset_vectors(&mut self, off: ir::Value, s: Scalar) -> Result<Vec<ClifValue>> {
        if !self.is_varying(off) {
            let o = self.get_scalar(off, At::Group)?;
            let o = if self.vty(o).bits() < 64 { self.b.ins().sextend(types::I64, o) } else { o };
            return Ok(self.splat_leaf(o, Scalar::I64));
        }
        match s {
            Scalar::I64 => Ok(self.bundles(off)?.remove(0)),
            Scalar::I32 => {
                let vs = self.bundles(off)?.remove(0);
                let mut out = Vec::new();
                for v in vs {
                    out.extend(self.widen(v, true, self.lanes.0 as usize));
                }
                out.truncate(self.lanes.vectors(Scalar::I64));
                Ok(out)
            }
            _ => {
                // Narrow offsets: per lane.
                let mut per_lane = Vec::with_capacity(self.lanes.0 as usize);
                for l in 0..self.lanes.0 {
                    let o = self.get_scalar(off, At::Lane(l))?;
                    per_lane.push(vec![self.b.ins().sextend(types::I64, o)]);
                }
                self.pack(&[Scalar::I64], &per_lane)
            }
        }
    }
}

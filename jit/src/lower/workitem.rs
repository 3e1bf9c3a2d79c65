//! Work-item queries: ids, sizes and offsets read from the launch context and the lane
//! group number, truncated to the module's size type.
//!
//! Ids cost no division per lane group: the entry (`entry`) tracks the local id of each
//! lane group's first work-item incrementally in the dimensions the kernel queries, and
//! computes `group_id * enqueued_local_size + global_offset` once per call. At W > 1 the
//! loop head builds the ids of the lanes as vectors: first id + lane iota when the lane
//! group lies within one row, per lane otherwise (the only place left with divisions,
//! taken only by lane groups that wrap a row). Code compiled for lane groups within rows
//! (`LowerOptions::whole_rows`) reads y and z as the tracked scalars.
//!
//! This module must not touch kernel memory.

use cranelift_codegen::ir::condcodes::IntCC as CIntCC;
use cranelift_codegen::ir::{types, ConstantData, InstBuilder, Type as ClifType, Value as ClifValue};
use cranelift_frontend::FunctionBuilder;
use spirjit_abi::context::offsets;

use super::leaf::leaf_type;
use super::leaf::At;
use super::state::{ctx_flags, FnLower, IdNeeds, WorkItemIds};
use crate::ir::{self, InstKind, Scalar, Type, WorkItemQuery};
use crate::{CompileError, Result};

/// True when nothing the kernel computes depends on how its NDRange is cut into
/// work-groups: it queries no local id, work-group id, local size or number of groups,
/// has no barriers, sub-group operations or local memory, and declares no required
/// work-group size (whose value code may have folded in). The runtime may then run
/// several neighbouring work-groups of such a kernel as one larger work-group (one
/// entry call, one long lane-group loop); every work-item still sees the same global
/// ids, sizes and offset.
pub fn groups_mergeable(kernel: &ir::Kernel) -> bool {
    if kernel.reqd_work_group_size.is_some() || kernel.local_static_size > 0 || kernel.reqd_sub_group_size.is_some() {
        return false;
    }
    let local_param =
        kernel.params.iter().any(|p| matches!(p.kind, ir::ParamKind::Pointer { space: ir::AddressSpace::Local, .. }));
    if local_param {
        return false;
    }
    kernel.func.insts.iter().all(|inst| match &inst.kind {
        InstKind::WorkItem(q, _) => {
            matches!(q, WorkItemQuery::GlobalId | WorkItemQuery::GlobalSize | WorkItemQuery::GlobalOffset)
        }
        InstKind::Barrier | InstKind::SubGroup { .. } | InstKind::LocalAddr(_) => false,
        _ => true,
    })
}

/// The local or global id query (and its constant dimension) that `v` is, looking
/// through the front end's `construct` / `extract` of an id vector.
pub(crate) fn id_source(func: &ir::Function, v: ir::Value) -> Option<(WorkItemQuery, usize)> {
    match func.def_inst(v).map(|i| &i.kind)? {
        InstKind::WorkItem(q @ (WorkItemQuery::GlobalId | WorkItemQuery::LocalId), dim) => {
            func.scalar_const(*dim).filter(|d| *d < 3).map(|d| (*q, d as usize))
        }
        InstKind::Extract(a, i) => match func.def_inst(*a).map(|d| &d.kind)? {
            InstKind::Construct(vs) => id_source(func, *vs.get(*i as usize)?),
            _ => None,
        },
        _ => None,
    }
}

/// Per value: read by some instruction or terminator, where reading one component of
/// a `construct` reads only that operand, and (`narrow_forms`, the vector path) `(int)`
/// of an id query reads the query's `i32` form (built separately), not the query itself
/// — except a y or z id when lane groups lie within rows (`rows`): that one is a scalar.
pub(crate) fn read_values(func: &ir::Function, narrow_forms: bool, rows: bool) -> Vec<bool> {
    let mut read = vec![false; func.values.len()];
    let mark = |v: ir::Value, read: &mut Vec<bool>| {
        if let Some(r) = read.get_mut(v.0 as usize) {
            *r = true;
        }
    };
    let construct_of = |v: ir::Value| match func.def_inst(v).map(|i| &i.kind) {
        Some(InstKind::Construct(vs)) => Some(vs.clone()),
        _ => None,
    };
    for block in &func.blocks {
        for u in block.term.uses() {
            mark(u, &mut read);
        }
    }
    for inst in &func.insts {
        match &inst.kind {
            InstKind::Construct(_) => {} // Its operands count when the vector is read.
            InstKind::Convert(c, a)
                if narrow_forms
                    && !c.saturate
                    && id_source(func, *a).is_some_and(|(_, d)| d == 0 || !rows)
                    && inst.result.is_some_and(|r| func.ty(r).scalar() == Some(Scalar::I32)) => {}
            InstKind::Extract(a, _) if construct_of(*a).is_some() => {} // Below, when read.
            k => {
                for u in k.uses() {
                    if let Some(vs) = construct_of(u) {
                        vs.into_iter().for_each(|v| mark(v, &mut read));
                    }
                    mark(u, &mut read);
                }
            }
        }
    }
    for block in &func.blocks {
        for u in block.term.uses() {
            if let Some(vs) = construct_of(u) {
                vs.into_iter().for_each(|v| mark(v, &mut read));
            }
        }
    }
    // One component of a built vector, when that component is read.
    for inst in &func.insts {
        if let (InstKind::Extract(a, i), Some(r)) = (&inst.kind, inst.result) {
            if read.get(r.0 as usize).copied().unwrap_or(true) {
                if let Some(v) = construct_of(*a).and_then(|vs| vs.get(*i as usize).copied()) {
                    mark(v, &mut read);
                }
            }
        }
    }
    read
}

impl IdNeeds {
    /// Scan every instruction of `func` for id queries; `vector`: for the vector path
    /// (W > 1), which builds `i32` forms for `(int)` of an id; `rows`: the code takes y
    /// and z ids as uniform (lane groups within rows).
    pub fn scan(func: &ir::Function, vector: bool, rows: bool) -> IdNeeds {
        let mut n = IdNeeds::default();
        let read = read_values(func, vector, rows);
        for inst in &func.insts {
            // `(int)get_global_id(0)`: the `i32` lane vectors directly.
            if let (true, InstKind::Convert(c, a)) = (vector, &inst.kind) {
                let narrow = inst.result.is_some_and(|r| func.ty(r).scalar() == Some(Scalar::I32));
                if narrow && !c.saturate {
                    if let Some((q, d)) = id_source(func, *a) {
                        n.local[d] = true;
                        n.global_base[d] |= q == WorkItemQuery::GlobalId;
                        if !n.vector_forms.contains(&(d, types::I32)) {
                            n.vector_forms.push((d, types::I32));
                        }
                    }
                }
            }
            let InstKind::WorkItem(q, dim) = &inst.kind else { continue };
            if let Some(r) = inst.result.filter(|r| !read.get(r.0 as usize).copied().unwrap_or(true)) {
                n.unread.push(r);
                continue;
            }
            let global = match q {
                WorkItemQuery::GlobalId => true,
                WorkItemQuery::LocalId => false,
                _ => continue,
            };
            match func.scalar_const(*dim) {
                Some(d) if d < 3 => {
                    let d = d as usize;
                    n.local[d] = true;
                    n.global_base[d] |= global;
                    let lane = inst.result.and_then(|r| func.ty(r).scalar()).map(leaf_type);
                    if let Some(t @ (types::I32 | types::I64)) = lane {
                        if !n.vector_forms.contains(&(d, t)) {
                            n.vector_forms.push((d, t));
                        }
                    }
                }
                Some(_) => {}
                None => {
                    n.local = [true; 3];
                    if global {
                        n.global_base = [true; 3];
                    }
                }
            }
        }
        n
    }

    /// The dimensions whose first-work-item position the entry tracks: x whenever any
    /// id is queried, y for y or z ids, z for z ids.
    pub fn tracked(&self) -> [bool; 3] {
        let any = self.local.iter().any(|x| *x);
        [any, self.local[1] || self.local[2], self.local[2]]
    }
}

impl WorkItemIds {
    pub fn new(
        needs: IdNeeds,
        base: [Option<ClifValue>; 3],
        first: [Option<ClifValue>; 3],
        size_nz: [ClifValue; 2],
    ) -> WorkItemIds {
        WorkItemIds { needs, base, first, size_nz, lane_vecs: Vec::new(), within_row: None }
    }

    /// Local id of the lane group's first work-item in dimension `d`, when tracked.
    pub fn first_pos(&self, d: usize) -> Option<ClifValue> {
        self.first.get(d).copied().flatten()
    }

    /// Emit, in the loop head at W > 1, the lane vectors of every id the kernel queries
    /// with a constant dimension. Code compiled for lane groups within rows (`rows`)
    /// never sees a lane group wrap a row among its existing work-items, so the ids are
    /// first id + lane iota without a test: plain values that Cranelift computes only
    /// where they are used (not at all on paths the call's steady flags take).
    pub fn build_lane_vectors(
        &mut self,
        b: &mut FunctionBuilder,
        lane_group: ClifValue,
        lanes: u32,
        rows: bool,
    ) -> Result<()> {
        if self.needs.vector_forms.is_empty() || lanes < 2 {
            return Ok(());
        }
        let x = self.first[0].ok_or_else(|| CompileError::internal("work-item ids are queried but not tracked"))?;
        let [sx, sy] = self.size_nz;
        let forms = self.needs.vector_forms.clone();
        let vtype = |t: ClifType| t.by(128 / t.bits()).unwrap_or(types::I64X2);
        let per = |t: ClifType| (128 / t.bits()) as usize;
        if rows {
            self.within_row = Some(b.ins().iconst(types::I8, 1));
            for (d, t) in forms {
                let first = self.first[d].ok_or_else(|| CompileError::internal("a queried id is not tracked"))?;
                let first = if t == types::I64 { first } else { b.ins().ireduce(t, first) };
                let splat = b.ins().splat(vtype(t), first);
                let vals = (0..(lanes as usize).div_ceil(per(t)))
                    .map(|vi| {
                        if d == 0 {
                            let iota = iota_const(b, t, vi * per(t));
                            b.ins().iadd(splat, iota)
                        } else {
                            splat
                        }
                    })
                    .collect();
                self.lane_vecs.push(((d, t), vals));
            }
            return Ok(());
        }
        let vars: Vec<Vec<_>> = forms
            .iter()
            .map(|(_, t)| (0..(lanes as usize).div_ceil(per(*t))).map(|_| b.declare_var(vtype(*t))).collect())
            .collect();
        let fast = b.create_block();
        let slow = b.create_block();
        let join = b.create_block();
        let end = b.ins().iadd_imm_s(x, lanes as i64);
        let within_row = b.ins().icmp(CIntCC::UnsignedLessThanOrEqual, end, sx);
        self.within_row = Some(within_row);
        b.ins().brif(within_row, fast, &[], slow, &[]);

        // Within one row: x ids are consecutive, y and z the same for every lane.
        b.switch_to_block(fast);
        for ((d, t), vs) in forms.iter().zip(&vars) {
            let first = self.first[*d].ok_or_else(|| CompileError::internal("a queried id is not tracked"))?;
            let first = if *t == types::I64 { first } else { b.ins().ireduce(*t, first) };
            let splat = b.ins().splat(vtype(*t), first);
            for (vi, var) in vs.iter().enumerate() {
                let v = if *d == 0 {
                    let iota = iota_const(b, *t, vi * per(*t));
                    b.ins().iadd(splat, iota)
                } else {
                    splat
                };
                b.def_var(*var, v);
            }
        }
        b.ins().jump(join, &[]);

        // The lane group wraps a row: each lane's ids from its local linear id.
        b.switch_to_block(slow);
        b.set_cold_block(slow);
        let first_lin = b.ins().imul_imm_s(lane_group, lanes as i64);
        let mut per_lane: Vec<[ClifValue; 3]> = Vec::with_capacity(lanes as usize);
        let zero = b.ins().iconst(types::I64, 0);
        let sxy = b.ins().imul(sx, sy);
        for l in 0..lanes {
            let lin = b.ins().iadd_imm_s(first_lin, l as i64);
            let lx = b.ins().urem(lin, sx);
            let (mut ly, mut lz) = (zero, zero);
            if forms.iter().any(|(d, _)| *d == 1) {
                let q = b.ins().udiv(lin, sx);
                ly = b.ins().urem(q, sy);
            }
            if forms.iter().any(|(d, _)| *d == 2) {
                lz = b.ins().udiv(lin, sxy);
            }
            per_lane.push([lx, ly, lz]);
        }
        for ((d, t), vs) in forms.iter().zip(&vars) {
            let n = per(*t);
            for (vi, var) in vs.iter().enumerate() {
                let lane_val = |b: &mut FunctionBuilder, l: usize| {
                    let v = per_lane.get(l).map_or(zero, |p| p[*d]);
                    if *t == types::I64 {
                        v
                    } else {
                        b.ins().ireduce(*t, v)
                    }
                };
                let v0 = lane_val(b, vi * n);
                let mut v = b.ins().splat(vtype(*t), v0);
                for li in 1..n {
                    if vi * n + li >= lanes as usize {
                        break;
                    }
                    let x = lane_val(b, vi * n + li);
                    v = b.ins().insertlane(v, x, li as u8);
                }
                b.def_var(*var, v);
            }
        }
        b.ins().jump(join, &[]);

        b.switch_to_block(join);
        for (form, vs) in forms.into_iter().zip(vars) {
            let vals = vs.into_iter().map(|v| b.use_var(v)).collect();
            self.lane_vecs.push((form, vals));
        }
        Ok(())
    }
}

/// The vector of lane type `t` holding `start, start + 1, ...`.
fn iota_const(b: &mut FunctionBuilder, t: ClifType, start: usize) -> ClifValue {
    let n = (128 / t.bits()) as usize;
    let bytes: Vec<u8> = if t == types::I64 {
        (0..n).flat_map(|i| ((start + i) as u64).to_le_bytes()).collect()
    } else {
        (0..n).flat_map(|i| ((start + i) as u32).to_le_bytes()).collect()
    };
    let c = b.func.dfg.constants.insert(ConstantData::from(bytes));
    b.ins().vconst(t.by(n as u32).unwrap_or(types::I64X2), c)
}

impl FnLower<'_, '_> {
    fn ctx_u64(&mut self, field: usize, dim: usize) -> ClifValue {
        self.b.ins().load(types::I64, ctx_flags(), self.prologue.ctx, (field + 8 * dim) as i32)
    }

    /// Local linear id of this lane's work-item at W > 1 (lane `at` of the group).
    fn local_linear_id(&mut self, at: At) -> ClifValue {
        let first = self.b.ins().imul_imm_s(self.lane_group, self.lanes.0 as i64);
        self.b.ins().iadd_imm_s(first, at.lane().unwrap_or(0) as i64)
    }

    /// `local_size[d]`, at least 1 (so that divisions by it cannot trap).
    fn local_size_nz(&mut self, d: usize) -> ClifValue {
        let ls = self.ctx_u64(offsets::LOCAL_SIZE, d);
        let one = self.b.ins().iconst(types::I64, 1);
        self.b.ins().umax(ls, one)
    }

    fn local_id(&mut self, d: usize, at: At) -> ClifValue {
        // At W = 1 the tracked position is the work-item's; when lane groups lie within
        // rows, the y and z of the group's first work-item are every lane's.
        let rows = d > 0 && self.uni.is_some_and(|u| u.whole_rows());
        if self.lanes.0 == 1 || rows {
            if let Some(v) = self.ids.first_pos(d) {
                return v;
            }
        }
        // One lane of a lane group at W > 1 (the per-lane lowering of a query whose
        // dimension is not a constant): from the local linear id.
        let l = self.local_linear_id(at);
        let sx = self.local_size_nz(0);
        match d {
            0 => self.b.ins().urem(l, sx),
            1 => {
                let sy = self.local_size_nz(1);
                let q = self.b.ins().udiv(l, sx);
                self.b.ins().urem(q, sy)
            }
            _ => {
                let sy = self.local_size_nz(1);
                let sxy = self.b.ins().imul(sx, sy);
                self.b.ins().udiv(l, sxy)
            }
        }
    }

    /// `group_id[d] * enqueued_local_size[d] + global_offset[d]`.
    pub(crate) fn global_base(&mut self, d: usize) -> ClifValue {
        if let Some(v) = self.ids.base.get(d).copied().flatten() {
            return v;
        }
        let g = self.ctx_u64(offsets::GROUP_ID, d);
        let e = self.ctx_u64(offsets::ENQUEUED_LOCAL_SIZE, d);
        let o = self.ctx_u64(offsets::GLOBAL_OFFSET, d);
        let ge = self.b.ins().imul(g, e);
        self.b.ins().iadd(ge, o)
    }

    /// The vector form of a local or global id query with a constant dimension at
    /// W > 1 (lane vectors built in the loop head); `None` for any other instruction.
    pub(crate) fn vec_work_item(&mut self, kind: &InstKind, ty: &Type) -> Result<Option<Vec<ClifValue>>> {
        let InstKind::WorkItem(q @ (WorkItemQuery::GlobalId | WorkItemQuery::LocalId), dim) = kind else {
            return Ok(None);
        };
        let Some(d) = self.func.scalar_const(*dim).filter(|d| *d < 3) else { return Ok(None) };
        self.vec_id(*q, d as usize, ty)
    }

    /// True when `v` is an id query nothing reads (see [`IdNeeds::unread`]).
    pub(crate) fn id_unread(&self, v: ir::Value) -> bool {
        self.ids.needs.unread.contains(&v)
    }

    /// The lane vectors of id query `q` of dimension `d` as values of type `ty` (wrapped
    /// to its width), when the loop head built that form.
    pub(crate) fn vec_id(&mut self, q: WorkItemQuery, d: usize, ty: &Type) -> Result<Option<Vec<ClifValue>>> {
        let q = &q;
        let Some(t) = ty.scalar().filter(|s| s.is_int()).map(leaf_type) else { return Ok(None) };
        let Some(vecs) = self.ids.lane_vecs.iter().find(|(f, _)| *f == (d, t)).map(|(_, v)| v.clone()) else {
            return Ok(None);
        };
        if *q == WorkItemQuery::LocalId {
            return Ok(Some(vecs));
        }
        let base = self.global_base(d);
        let base = if t == types::I64 { base } else { self.b.ins().ireduce(t, base) };
        let vt = super::leaf::vec_leaf_type(if t == types::I64 { Scalar::I64 } else { Scalar::I32 });
        let splat = self.b.ins().splat(vt, base);
        Ok(Some(vecs.into_iter().map(|v| self.b.ins().iadd(v, splat)).collect()))
    }

    /// The query for a dimension known to be 0, 1 or 2, as i64.
    fn query_dim(&mut self, q: WorkItemQuery, d: usize, at: At) -> ClifValue {
        match q {
            WorkItemQuery::GlobalId => {
                let base = self.global_base(d);
                let l = self.local_id(d, at);
                self.b.ins().iadd(base, l)
            }
            WorkItemQuery::LocalId => self.local_id(d, at),
            WorkItemQuery::GroupId => self.ctx_u64(offsets::GROUP_ID, d),
            WorkItemQuery::GlobalSize => self.ctx_u64(offsets::GLOBAL_SIZE, d),
            WorkItemQuery::LocalSize => self.ctx_u64(offsets::LOCAL_SIZE, d),
            WorkItemQuery::EnqueuedLocalSize => self.ctx_u64(offsets::ENQUEUED_LOCAL_SIZE, d),
            WorkItemQuery::NumGroups => self.ctx_u64(offsets::NUM_GROUPS, d),
            WorkItemQuery::GlobalOffset => self.ctx_u64(offsets::GLOBAL_OFFSET, d),
        }
    }

    fn out_of_range_default(q: WorkItemQuery) -> i64 {
        match q {
            WorkItemQuery::GlobalSize
            | WorkItemQuery::LocalSize
            | WorkItemQuery::EnqueuedLocalSize
            | WorkItemQuery::NumGroups => 1,
            _ => 0,
        }
    }

    fn size_result(&mut self, v: ClifValue, ty: &Type) -> Result<ClifValue> {
        let s = ty
            .scalar()
            .filter(|s| s.is_int())
            .ok_or_else(|| CompileError::internal(format!("a work-item query must have an integer type, not {ty}")))?;
        let t = leaf_type(s);
        Ok(if t.bits() < 64 { self.b.ins().ireduce(t, v) } else { v })
    }

    pub(crate) fn work_item(&mut self, q: WorkItemQuery, dim: ir::Value, ty: &Type, at: At) -> Result<Vec<ClifValue>> {
        let v = match self.func.scalar_const(dim) {
            Some(d) if d < 3 => self.query_dim(q, d as usize, at),
            Some(_) => self.b.ins().iconst(types::I64, Self::out_of_range_default(q)),
            None => {
                let dv = self.get_scalar(dim, at)?;
                let mut acc = self.b.ins().iconst(types::I64, Self::out_of_range_default(q));
                for d in (0..3).rev() {
                    let val = self.query_dim(q, d, at);
                    let hit = self.b.ins().icmp_imm_s(CIntCC::Equal, dv, d as i64);
                    acc = self.b.ins().select(hit, val, acc);
                }
                acc
            }
        };
        Ok(vec![self.size_result(v, ty)?])
    }

    pub(crate) fn work_dim(&mut self, ty: &Type) -> Result<Vec<ClifValue>> {
        let v = self.b.ins().load(types::I64, ctx_flags(), self.prologue.ctx, offsets::WORK_DIM as i32);
        Ok(vec![self.size_result(v, ty)?])
    }
}

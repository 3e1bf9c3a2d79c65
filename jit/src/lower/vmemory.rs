//! Loads and stores of varying values at W > 1.
//!
//! An access whose address has the lane stride of its element (the uniformity
//! analysis's hint) gets a vector access, guarded at run time by a check that every
//! lane is active and the addresses really are consecutive; otherwise, and when the
//! check fails, each lane accesses memory on its own (masked-off lanes touch scratch
//! memory instead). With bounds checks on, the guard also requires the whole vector to
//! lie inside its region (one check per vector); when it does not, the per-lane path
//! checks each active lane and reports the first one out of bounds. A gather or
//! scatter (addresses with no usable stride) first tests every active lane's bounds
//! together (`bounds::lanes_in_region`) and then accesses lane by lane without a test
//! of its own. This module must not decide control flow beyond those guards.

use cranelift_codegen::ir::condcodes::IntCC as CIntCC;
use cranelift_codegen::ir::{types, BlockArg, InstBuilder, Value as ClifValue};

use super::bounds::{Access, AccessSize};
use super::facts::RemarkKind;
use super::leaf::At;
use super::leaf::{self, vec_leaf_type};
use super::state::{mem_flags, FnLower};
use crate::ir::{self, InstKind, Scalar, Type};
use crate::Result;

/// The remark of an access of consecutive elements.
const CONSECUTIVE: &str = "consecutive: one vector access when every lane is active and in bounds, else one per lane";

impl FnLower<'_, '_> {
    /// Remark on an access of whole 16-byte chunks (`float4`, `int8`, ...) per lane.
    fn access_remark_chunks(&mut self, ptr: ir::Value, ty: &Type, chunks: u32) {
        let text = if self.consecutive_elements(ptr, ty.size()) {
            format!("consecutive {ty} elements: {chunks} vector accesses per lane, transposed to components")
        } else {
            format!("gathered {ty} elements: {chunks} vector accesses per lane, transposed to components")
        };
        self.remark(RemarkKind::Access, text);
    }

    /// Remark on a load whose lanes are not consecutive.
    fn access_remark_strided(&mut self, ptr: ir::Value) {
        let text = match self.uni.as_ref().and_then(|u| u.lane_stride(ptr)) {
            Some(stride) => format!(
                "strided ({stride} bytes between lanes): one bounds check for the span when every lane is active, \
                 one load per lane"
            ),
            None if self.region_tested_together(ptr).is_some() => {
                "gather (the address is not affine in the lane): one load per lane after one bounds test for all \
                 active lanes"
                    .to_string()
            }
            None => "gather (the address is not affine in the lane): one load per lane".to_string(),
        };
        self.remark(RemarkKind::Access, text);
    }

    /// The scalar a consecutive vector access of `ty` at `ptr` works on, when the
    /// analysis expects consecutive addresses and the vectors are exactly filled.
    fn consecutive_scalar(&self, ptr: ir::Value, ty: &Type) -> Option<Scalar> {
        let Type::Scalar(s) = ty else { return None };
        if *s == Scalar::Bool || !self.is_varying(ptr) {
            return None;
        }
        let stride = self.uni.as_ref()?.lane_stride(ptr)?;
        let bytes = s.size() * self.lanes.0 as u64;
        (stride == s.size() as i64 && bytes.is_multiple_of(16)).then_some(*s)
    }

    /// The guard of a consecutive access: an `i8` that is 1 when every lane is active,
    /// the lane addresses of `ptr` are `a0, a0 + size, a0 + 2 * size, ...` and (with
    /// checks on) the whole vector access is in bounds; also returns `a0`. When the
    /// call's steady flag covers the access (`steady`), the flag is tested first and
    /// the guard computed only when it is clear.
    ///
    /// A load (`load` set) under a partial mask may still read the whole vector when
    /// bounds checks are on and the vector lies inside its region: loads have no effect
    /// and the region is valid memory. Without checks every lane must be active (an
    /// inactive lane's address may lie outside any buffer).
    fn consecutive_guard(&mut self, ptr: ir::Value, size: u64, load: bool) -> Result<(Guard, ClifValue)> {
        let a0 = self.lane0_addr(ptr)?;
        // The steady loop runs only calls in which the guard holds (`steady_loop`).
        if self.assumes_in_bounds(ptr) {
            let ok = self.b.ins().iconst(types::I8, 1);
            return Ok((Guard { ok, holds: None, known: true }, a0));
        }
        let holds = self.steady_branch(ptr);
        // Every lane's access in bounds for certain (a tile in static local memory
        // indexed by local ids below the kernel's `reqd_work_group_size`): when every
        // lane is active and the lanes are consecutive, so is the vector access.
        let certain =
            self.checks_on() && super::bounds::statically_in_bounds(self.func, ptr, size, self.bounds.local_bounds());
        let vector_bytes = AccessSize::Const(size * self.lanes.0 as u64);
        if let Some(ok) = self.exact_guard(ptr)? {
            // Every lane active, consecutive and in bounds, all known when compiling
            // (a tile of the required size in the steady loop): nothing to test.
            let known = certain && holds.is_none() && self.is_const_true(ok);
            let ok = if certain { ok } else { self.and_in_bounds(ok, ptr, a0, vector_bytes)? };
            return Ok((Guard { ok, holds, known }, a0));
        }
        let addrs = self.bundles(ptr)?.remove(0);
        let base = self.b.ins().splat(types::I64X2, a0);
        let mut acc: Option<ClifValue> = None;
        for (k, v) in addrs.iter().enumerate() {
            let c = self.lane_offsets(types::I64X2, 2 * k as u64, size as i64);
            let want = self.b.ins().iadd(base, c);
            let eq = self.b.ins().icmp(CIntCC::Equal, *v, want);
            acc = Some(match acc {
                Some(a) => self.b.ins().band(a, eq),
                None => eq,
            });
        }
        let ok = match acc {
            Some(a) => self.b.ins().vall_true(a),
            None => self.b.ins().iconst(types::I8, 0),
        };
        let ok = match self.all_active {
            Some(all) if certain || !(load && self.checks_on()) => self.and_flags(ok, all),
            _ => ok,
        };
        let ok = if certain { ok } else { self.and_in_bounds(ok, ptr, a0, vector_bytes)? };
        Ok((Guard { ok, holds, known: false }, a0))
    }

    /// Lane 0 of varying pointer `ptr`: from scalar arithmetic when its definition chain
    /// allows, otherwise extracted from its lane vectors.
    fn lane0_addr(&mut self, ptr: ir::Value) -> Result<ClifValue> {
        if let Some(a0) = self.lane0_scalar(ptr)? {
            return Ok(a0);
        }
        let addrs = self.bundles(ptr)?.remove(0);
        Ok(self.b.ins().extractlane(addrs[0], 0))
    }

    /// When the definition chain of `ptr` vouches for its lane stride
    /// (`affine::stride_exact`): that condition and "every lane is active" (masked-off
    /// lanes may hold stale addresses), so lanes need not be compared at run time.
    fn exact_guard(&mut self, ptr: ir::Value) -> Result<Option<ClifValue>> {
        let (Some(all), Some(cert)) = (self.all_active, self.stride_exact(ptr)?) else { return Ok(None) };
        Ok(Some(self.and_flags(cert, all)))
    }

    /// `ok` and, with checks on, "the access of `size` bytes at `a0` lies in its region".
    fn and_in_bounds(&mut self, ok: ClifValue, ptr: ir::Value, a0: ClifValue, size: AccessSize) -> Result<ClifValue> {
        if !self.checks_on() {
            return Ok(ok);
        }
        let (inb, _) = self.in_bounds(ptr, a0, size, At::Group)?;
        Ok(self.b.ins().band(ok, inb))
    }

    /// Load a varying value of type `ty` from the varying address `ptr`.
    pub(crate) fn vload(&mut self, ptr: ir::Value, ty: &Type) -> Result<Vec<ClifValue>> {
        let kind = InstKind::Load { ptr, align: 1 };
        if !self.is_varying(ptr) {
            // The same address in every lane: one access (the block runs only when some
            // lane is active, so the access happens for at least one work-item).
            self.remark(RemarkKind::Access, "uniform address: one load, broadcast to every lane");
            let scalars: Vec<Scalar> = leaf::leaves(ty)?.into_iter().map(|(_, s)| s).collect();
            let vals = self.load(ptr, ty, At::Group)?;
            return Ok(vals.into_iter().zip(scalars).flat_map(|(x, s)| self.splat_leaf(x, s)).collect());
        }
        if self.uni.as_ref().and_then(|u| u.lane_stride(ptr)) == Some(0) {
            self.remark(
                RemarkKind::Access,
                "the same address in every lane, checked at run time: one load, else one per lane",
            );
            return self.vload_same_address(ptr, ty);
        }
        if let Some((s, chunks)) = self.chunked_vector(ty) {
            self.access_remark_chunks(ptr, ty, chunks);
            return self.vload_chunks(ptr, s, chunks);
        }
        let Some(s) = self.consecutive_scalar(ptr, ty) else {
            self.access_remark_strided(ptr);
            return self.vload_strided(ptr, ty);
        };
        self.remark(RemarkKind::Access, CONSECUTIVE);
        let (guard, a0) = self.consecutive_guard(ptr, s.size(), true)?;
        let vt = vec_leaf_type(s);
        let tys = vec![vt; self.lanes.vectors(s)];
        self.guarded_values(guard, &tys, |me| Ok(me.vector_loads(vt, a0, tys.len())), |me| me.per_lane_value(&kind, ty))
    }

    /// Load a scalar from addresses `a0 + l * stride` (`tile[lid][k]`, a structure field
    /// of consecutive elements, bytes at W = 4): when the definition chain vouches for
    /// the stride and every lane is active, one bounds check covers the span from the
    /// lowest to the highest address and the lanes load without checks of their own;
    /// otherwise (and for anything else) each lane loads and checks on its own.
    fn vload_strided(&mut self, ptr: ir::Value, ty: &Type) -> Result<Vec<ClifValue>> {
        let kind = InstKind::Load { ptr, align: 1 };
        let stride = self.uni.as_ref().and_then(|u| u.lane_stride(ptr)).filter(|s| *s != 0);
        let (Type::Scalar(s), Some(stride)) = (ty, stride) else { return self.gather(ptr, ty) };
        let s = *s;
        let span = stride.checked_mul(i64::from(self.lanes.0) - 1);
        let last = span.and_then(|x| i32::try_from(x).ok());
        let (Some(last), false) = (last, s == Scalar::Bool) else { return self.gather(ptr, ty) };
        let Some(ok) = self.exact_guard(ptr)? else { return self.gather(ptr, ty) };
        let a0 = self.lane0_addr(ptr)?;
        let low = if last < 0 { self.b.ins().iadd_imm_s(a0, i64::from(last)) } else { a0 };
        let extent = u64::from(last.unsigned_abs()) + s.size();
        let ok = self.and_in_bounds(ok, ptr, low, AccessSize::Const(extent))?;
        let vt = vec_leaf_type(s);
        let tys = vec![vt; self.lanes.vectors(s)];
        let fast = |me: &mut Self| -> Result<Vec<ClifValue>> {
            let lt = leaf::leaf_type(s);
            let mut per_lane = Vec::with_capacity(me.lanes.0 as usize);
            for l in 0..me.lanes.0 {
                let off = i32::try_from(stride * i64::from(l))
                    .map_err(|_| crate::CompileError::limit("a lane stride too large for an address offset"))?;
                per_lane.push(vec![me.b.ins().load(lt, mem_flags(), a0, off)]);
            }
            me.pack(&[s], &per_lane)
        };
        self.guarded_values(ok.into(), &tys, fast, |me| me.per_lane_value(&kind, ty))
    }

    /// Load `ty` from varying addresses one lane at a time. With checks on, the active
    /// lanes' accesses are tested together (`lanes_all_in_region`) and, when all are in
    /// bounds, each lane loads without a test of its own (masked-off lanes from scratch
    /// memory); otherwise (and when the test cannot be made) each lane is checked on
    /// its own.
    fn gather(&mut self, ptr: ir::Value, ty: &Type) -> Result<Vec<ClifValue>> {
        let kind = InstKind::Load { ptr, align: 1 };
        let Some(ok) = self.lanes_all_in_region(ptr, ty)? else { return self.per_lane_value(&kind, ty) };
        let scalars: Vec<Scalar> = leaf::leaves(ty)?.into_iter().map(|(_, s)| s).collect();
        let tys: Vec<types::Type> =
            scalars.iter().flat_map(|s| std::iter::repeat_n(vec_leaf_type(*s), self.lanes.vectors(*s))).collect();
        let fast = |me: &mut Self| -> Result<Vec<ClifValue>> {
            let mut per_lane = Vec::with_capacity(me.lanes.0 as usize);
            for l in 0..me.lanes.0 {
                let p = me.lane_addr_unchecked(ptr, l)?;
                per_lane.push(me.load_leaves(p, ty)?);
            }
            me.pack(&scalars, &per_lane)
        };
        self.guarded_values(ok.into(), &tys, fast, |me| me.per_lane_value(&kind, ty))
    }

    /// For a gather or scatter of `ty` through varying `ptr`: an `i8` that is 1 when
    /// every active lane's access lies in its region, when that can be tested for the
    /// lanes together: under masked control flow with the current mask, elsewhere
    /// only when every lane is active.
    fn lanes_all_in_region(&mut self, ptr: ir::Value, ty: &Type) -> Result<Option<ClifValue>> {
        if !self.is_varying(ptr) || !self.checks_on() {
            return Ok(None);
        }
        let mask = self.masks.as_ref().map(|m| m.cur.clone()).filter(|m| !m.is_empty());
        let extent = super::bounds::access_extent(ty)?;
        let Some(inb) = self.lanes_in_region(ptr, extent, mask.as_deref())? else { return Ok(None) };
        Ok(match (mask, self.all_active) {
            (Some(_), _) => Some(inb),
            (None, Some(all)) => Some(self.and_flags(all, inb)),
            (None, None) => None,
        })
    }

    /// Store `value` at `ptr`, at least one of them varying.
    pub(crate) fn vstore(&mut self, ptr: ir::Value, value: ir::Value) -> Result<()> {
        let ty = self.value_type(value)?;
        let fast_scalar = self.consecutive_scalar(ptr, ty);
        let per_lane = |me: &mut Self| -> Result<()> {
            for l in 0..me.lanes.0 {
                me.store(ptr, value, At::Lane(l))?;
            }
            Ok(())
        };
        if fast_scalar.is_none() && self.is_varying(ptr) && self.is_varying(value) {
            if let Some((s, chunks)) = self.chunked_vector(ty) {
                self.access_remark_chunks(ptr, ty, chunks);
                return self.vstore_chunks(ptr, value, s, chunks);
            }
        }
        let Some(s) = fast_scalar else {
            if self.is_varying(ptr) {
                self.remark(RemarkKind::Access, "scatter: one store per lane, in lane order");
                if let Some(ok) = self.lanes_all_in_region(ptr, ty)? {
                    // Every lane in bounds: no test per lane.
                    let fast = |me: &mut Self| -> Result<()> {
                        for l in 0..me.lanes.0 {
                            let p = me.lane_addr_unchecked(ptr, l)?;
                            let v = me.get(value, At::Lane(l))?;
                            me.store_leaves(p, ty, &v)?;
                        }
                        Ok(())
                    };
                    return self.guarded(ok.into(), fast, per_lane);
                }
            } else {
                self.remark(RemarkKind::Access, "uniform address, varying value: one store per lane, in lane order");
            }
            return per_lane(self);
        };
        self.remark(RemarkKind::Access, CONSECUTIVE);
        // The value first: it must dominate both sides of the guard.
        let vals = self.bundles(value)?.remove(0);
        let (guard, a0) = self.consecutive_guard(ptr, s.size(), false)?;
        let fast = |me: &mut Self| {
            for (k, v) in vals.iter().enumerate() {
                me.b.ins().store(mem_flags(), *v, a0, 16 * k as i32);
            }
            Ok(())
        };
        self.guarded(guard, fast, per_lane)
    }

    /// Load from a varying address that the analysis expects to be the same in every
    /// lane (`ptr[get_local_id(1)]`): when it is at run time (and, with checks on, the
    /// access is in bounds), one scalar load splatted to every lane; otherwise per lane.
    /// Every active lane reads that same address, and some lane is active.
    fn vload_same_address(&mut self, ptr: ir::Value, ty: &Type) -> Result<Vec<ClifValue>> {
        let scalars: Vec<Scalar> = leaf::leaves(ty)?.into_iter().map(|(_, s)| s).collect();
        let exact = self.exact_guard(ptr)?;
        let a0 = if exact.is_some() {
            self.lane0_addr(ptr)?
        } else {
            let addrs = self.bundles(ptr)?.remove(0);
            self.b.ins().extractlane(addrs[0], 0)
        };
        let ok = match exact {
            Some(ok) => ok,
            None => {
                let addrs = self.bundles(ptr)?.remove(0);
                let base = self.b.ins().splat(types::I64X2, a0);
                let mut acc: Option<ClifValue> = None;
                for v in &addrs {
                    let eq = self.b.ins().icmp(CIntCC::Equal, *v, base);
                    acc = Some(match acc {
                        Some(a) => self.b.ins().band(a, eq),
                        None => eq,
                    });
                }
                match acc {
                    Some(a) => self.b.ins().vall_true(a),
                    None => self.b.ins().iconst(types::I8, 0),
                }
            }
        };
        let ok = self.and_in_bounds(ok, ptr, a0, AccessSize::Const(super::bounds::access_extent(ty)?))?;
        let tys: Vec<_> =
            scalars.iter().flat_map(|s| std::iter::repeat_n(vec_leaf_type(*s), self.lanes.vectors(*s))).collect();
        let fast = |me: &mut Self| {
            let vals = me.load_leaves(a0, ty)?;
            Ok(vals.into_iter().zip(&scalars).flat_map(|(x, s)| me.splat_leaf(x, *s)).collect())
        };
        let kind = InstKind::Load { ptr, align: 1 };
        self.guarded_values(ok.into(), &tys, fast, |me| me.per_lane_value(&kind, ty))
    }

    /// For a vector type made of whole 16-byte chunks of 32- or 64-bit components
    /// (`float4`, `int8`, `double2`, ...): the component scalar and the chunk count.
    fn chunked_vector(&self, ty: &Type) -> Option<(Scalar, u32)> {
        let Type::Vector(s, n) = ty else { return None };
        if !matches!(s, Scalar::F32 | Scalar::I32 | Scalar::F64 | Scalar::I64) {
            return None;
        }
        let bytes = s.size() * *n as u64;
        (bytes.is_multiple_of(16) && bytes > 0).then_some((*s, (bytes / 16) as u32))
    }

    /// Lane `l`'s address of `ptr`, not checked (its bounds were tested with the other
    /// lanes'), replaced by scratch memory when the lane is inactive.
    fn lane_addr_unchecked(&mut self, ptr: ir::Value, l: u32) -> Result<ClifValue> {
        let p = self.get_scalar(ptr, At::Lane(l))?;
        Ok(self.lane_addr(p, At::Lane(l)))
    }

    /// Per lane, the address of `ptr` checked for an access of `size` bytes (only
    /// active lanes can fail) and replaced by scratch memory when the lane is inactive.
    fn lane_access_addr(&mut self, ptr: ir::Value, l: u32, size: u64, access: Access) -> Result<ClifValue> {
        let at = At::Lane(l);
        let p = self.get_scalar(ptr, at)?;
        self.guard_access(ptr, p, AccessSize::Const(size), at, access)
    }

    /// Transpose groups of lane vectors: `per_lane[l][c]` (lane `l`'s chunk `c`, 4 x 32
    /// or 2 x 64 bits) becomes, per component, the vectors that carry that component
    /// for every lane. The same shuffles turn component vectors back into lane chunks.
    fn transpose_chunks(&mut self, s: Scalar, vs: &[ClifValue]) -> Vec<ClifValue> {
        let pick = |i: usize| vs[i.min(vs.len() - 1)];
        if s.size() == 4 {
            let (v0, v1, v2, v3) = (pick(0), pick(1), pick(2), pick(3));
            let t0 = self.shuffle32(v0, v1, [0, 4, 1, 5]);
            let t1 = self.shuffle32(v2, v3, [0, 4, 1, 5]);
            let t2 = self.shuffle32(v0, v1, [2, 6, 3, 7]);
            let t3 = self.shuffle32(v2, v3, [2, 6, 3, 7]);
            vec![
                self.shuffle32(t0, t1, [0, 1, 4, 5]),
                self.shuffle32(t0, t1, [2, 3, 6, 7]),
                self.shuffle32(t2, t3, [0, 1, 4, 5]),
                self.shuffle32(t2, t3, [2, 3, 6, 7]),
            ]
        } else {
            let (v0, v1) = (pick(0), pick(1));
            vec![self.shuffle64(v0, v1, [0, 2]), self.shuffle64(v0, v1, [1, 3])]
        }
    }

    /// Load a varying vector-typed value (`chunks` 16-byte chunks of `s` components) from
    /// varying addresses: per lane one 128-bit load per chunk, then shuffles into the
    /// component vectors.
    fn vload_chunks(&mut self, ptr: ir::Value, s: Scalar, chunks: u32) -> Result<Vec<ClifValue>> {
        let vt = vec_leaf_type(s);
        let w = self.lanes.0 as usize;
        let bytes = 16 * chunks as u64;
        let per_lane = |me: &mut Self| -> Result<Vec<ClifValue>> {
            let mut out = Vec::with_capacity(w * chunks as usize);
            for l in 0..me.lanes.0 {
                let p = me.lane_access_addr(ptr, l, bytes, Access::Read)?;
                for c in 0..chunks {
                    out.push(me.b.ins().load(vt, mem_flags(), p, 16 * c as i32));
                }
            }
            Ok(out)
        };
        let raw = if self.consecutive_elements(ptr, bytes) {
            // Elements back to back (`a[gid]`): one guard and one check for all lanes.
            let (guard, a0) = self.consecutive_guard(ptr, bytes, true)?;
            let tys = vec![vt; w * chunks as usize];
            self.guarded_values(guard, &tys, |me| Ok(me.vector_loads(vt, a0, tys.len())), per_lane)?
        } else {
            per_lane(self)?
        };
        self.chunks_to_components(s, chunks, &raw)
    }

    /// True when the analysis expects lane `l` of `ptr` at `lane0 + l * bytes`.
    fn consecutive_elements(&self, ptr: ir::Value, bytes: u64) -> bool {
        self.uni.as_ref().and_then(|u| u.lane_stride(ptr)) == Some(bytes as i64)
    }

    /// Lane chunks (`raw[l * chunks + c]`) shuffled into component vectors.
    fn chunks_to_components(&mut self, s: Scalar, chunks: u32, raw: &[ClifValue]) -> Result<Vec<ClifValue>> {
        let per = vec_leaf_type(s).lane_count() as usize; // components per chunk = lanes per vector
        let w = self.lanes.0 as usize;
        if raw.len() != w * chunks as usize {
            return Err(crate::CompileError::internal("a vector load produced the wrong number of chunks"));
        }
        let lane_chunks: Vec<&[ClifValue]> = raw.chunks(chunks as usize).collect();
        let groups = w.div_ceil(per);
        // comps[component][group]
        let mut comps = vec![Vec::with_capacity(groups); per * chunks as usize];
        for c in 0..chunks as usize {
            for g in 0..groups {
                let vs: Vec<ClifValue> = (g * per..((g + 1) * per).min(w)).map(|l| lane_chunks[l][c]).collect();
                for (k, v) in self.transpose_chunks(s, &vs).into_iter().enumerate() {
                    comps[c * per + k].push(v);
                }
            }
        }
        Ok(comps.into_iter().flatten().collect())
    }

    /// Store a varying vector-typed value to varying addresses: shuffles back into lane
    /// chunks, then per lane (in lane order, inactive lanes to scratch) one 128-bit
    /// store per chunk.
    fn vstore_chunks(&mut self, ptr: ir::Value, value: ir::Value, s: Scalar, chunks: u32) -> Result<()> {
        let per = vec_leaf_type(s).lane_count() as usize;
        let w = self.lanes.0 as usize;
        let comps = self.bundles(value)?; // comps[component][group]
        if comps.len() != per * chunks as usize {
            return Err(crate::CompileError::internal("a stored vector has the wrong number of components"));
        }
        let groups = w.div_ceil(per);
        // lane_chunks[l][c]
        let mut lane_chunks = vec![Vec::with_capacity(chunks as usize); groups * per];
        for c in 0..chunks as usize {
            for g in 0..groups {
                let vs: Vec<ClifValue> = (0..per).map(|k| comps[c * per + k][g]).collect();
                for (k, v) in self.transpose_chunks(s, &vs).into_iter().enumerate() {
                    lane_chunks[g * per + k].push(v);
                }
            }
        }
        let bytes = 16 * chunks as u64;
        let per_lane = |me: &mut Self| -> Result<()> {
            for l in 0..me.lanes.0 {
                let p = me.lane_access_addr(ptr, l, bytes, Access::Write)?;
                for (c, v) in lane_chunks[l as usize].iter().enumerate() {
                    me.b.ins().store(mem_flags(), *v, p, 16 * c as i32);
                }
            }
            Ok(())
        };
        if !self.consecutive_elements(ptr, bytes) {
            return per_lane(self);
        }
        // Elements back to back and every lane active: stores in address order.
        let (guard, a0) = self.consecutive_guard(ptr, bytes, false)?;
        let fast = |me: &mut Self| {
            for (l, lane) in lane_chunks.iter().enumerate().take(w) {
                for (c, v) in lane.iter().enumerate() {
                    let off = i32::try_from(bytes * l as u64 + 16 * c as u64)
                        .map_err(|_| crate::CompileError::limit("a vector element is too large"))?;
                    me.b.ins().store(mem_flags(), *v, a0, off);
                }
            }
            Ok(())
        };
        self.guarded(guard, fast, per_lane)
    }

    /// Branch on `guard`: `fast` emits the code for when it holds, `slow` (a cold block)
    /// for when it does not; both continue in a joining block, current on return. In
    /// the fast copy of a versioned block (`version`) a failed guard leaves for the slow
    /// copy instead, and only `fast` is emitted here.
    fn guarded(
        &mut self,
        guard: Guard,
        fast: impl FnOnce(&mut Self) -> Result<()>,
        slow: impl FnOnce(&mut Self) -> Result<()>,
    ) -> Result<()> {
        self.guarded_values(guard, &[], |me| fast(me).map(|()| Vec::new()), |me| slow(me).map(|()| Vec::new()))?;
        Ok(())
    }

    /// [`Self::guarded`] for paths that each produce values of the types `tys`: the
    /// values where the paths join (as the joining block's parameters).
    fn guarded_values(
        &mut self,
        guard: Guard,
        tys: &[types::Type],
        fast: impl FnOnce(&mut Self) -> Result<Vec<ClifValue>>,
        slow: impl FnOnce(&mut Self) -> Result<Vec<ClifValue>>,
    ) -> Result<Vec<ClifValue>> {
        let Guard { ok, holds, known } = guard;
        if known {
            return fast(self);
        }
        // In a versioned block's fast copy, a failed guard leaves for the slow copy.
        if self.leave_unless(ok, holds) {
            return fast(self);
        }
        let fast_b = holds.unwrap_or_else(|| self.b.create_block());
        let (slow_b, join) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(ok, fast_b, &[], slow_b, &[]);
        self.b.seal_block(fast_b);
        self.b.seal_block(slow_b);
        self.b.switch_to_block(fast_b);
        let vals = fast(self)?;
        self.jump_with(join, tys, &vals)?;
        self.b.switch_to_block(slow_b);
        self.b.set_cold_block(slow_b);
        let vals = slow(self)?;
        self.jump_with(join, tys, &vals)?;
        self.b.seal_block(join);
        self.b.switch_to_block(join);
        Ok(tys.iter().map(|t| self.b.append_block_param(join, *t)).collect())
    }

    /// Jump to `join` passing `vals`, which must be one value for each of `tys`.
    pub(crate) fn jump_with(
        &mut self,
        join: cranelift_codegen::ir::Block,
        tys: &[types::Type],
        vals: &[ClifValue],
    ) -> Result<()> {
        if vals.len() != tys.len() {
            return Err(crate::CompileError::internal(
                "a lowering produced the wrong number of values for its joining block",
            ));
        }
        let args: Vec<_> = vals.iter().map(|v| BlockArg::Value(*v)).collect();
        self.b.ins().jump(join, &args);
        Ok(())
    }

    /// `n` 16-byte vectors of type `vt` loaded from `a0` onwards.
    fn vector_loads(&mut self, vt: types::Type, a0: ClifValue, n: usize) -> Vec<ClifValue> {
        (0..n).map(|k| self.b.ins().load(vt, mem_flags(), a0, 16 * k as i32)).collect()
    }
}

/// The guard of a vector access: `ok` (an `i8`), and the block the code already
/// branched to when the call's steady flag vouched for the access (`steady`), which
/// must become the guard's "holds" side; `known` when the guard holds wherever this
/// code runs (the steady loop), so nothing is tested.
pub(crate) struct Guard {
    ok: ClifValue,
    holds: Option<cranelift_codegen::ir::Block>,
    known: bool,
}

impl From<ClifValue> for Guard {
    fn from(ok: ClifValue) -> Guard {
        Guard { ok, holds: None, known: false }
    }
}

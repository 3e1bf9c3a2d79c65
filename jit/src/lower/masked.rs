//! Divergent control flow at W > 1: the kernel's blocks are linearized under execution
//! masks (whole-function vectorization).
//!
//! Every KIR block has a mask variable (a bundle of `i32x4` lane masks). The blocks are
//! laid out as one chain in a loop-contiguous topological order (loops contiguous,
//! header first, so lanes leaving a loop wait at its exit for the others); a block whose mask has no lane set is
//! skipped, otherwise it runs under its mask, clears it, and ORs the edge masks into its
//! successors' masks (block parameters are blended under the edge mask). After a
//! retreating edge the chain jumps back to the target while its mask has lanes, so a
//! loop runs while any lane is in it. Every lane is in exactly one block's mask at any
//! time, so each lane follows its own path in order; a lane that returns simply leaves
//! every mask. Varying values defined under a mask are blended, so that blocks running
//! again for other lanes keep the values of lanes that already passed.
//!
//! Uniform values stay scalars: the analysis side (`Uniformity::new_masked`) keeps a
//! value uniform only when every lane that uses it sees the same definition; a uniform
//! block parameter is written only along an edge some lane takes. The choice of this
//! path is `plan`. This module must not lower individual instructions.

use cranelift_codegen::cursor::{Cursor, FuncCursor};
use cranelift_codegen::ir::condcodes::IntCC as CIntCC;
use cranelift_codegen::ir::{types, Block, InstBuilder, StackSlotData, StackSlotKind, Value as ClifValue};
use spirjit_abi::status::error_kind;
use spirjit_abi::Status;

use super::leaf::At;
use super::state::{FnLower, MaskState, MaskStore};
use super::vector::lane_flags;
use crate::analysis::loops::linear_order;
use crate::ir::{BlockCall, BlockId, Scalar, Terminator};
use crate::{CompileError, Result};

/// Kernels with at most this many blocks keep their masks in SSA variables (in
/// registers); larger ones in the frame. A variable per block costs
/// `cranelift-frontend` a map over all blocks and a block parameter at every skip in
/// the chain: nothing for small kernels, quadratic in the size of large ones. Masks in
/// the frame cost a load and a store per block and edge (scan, 9 blocks: 25 → 32 ms).
pub(crate) const MASK_VARIABLE_BLOCKS: usize = 64;

/// Most bytes of execution masks one kernel may use (they live in the stack frame of
/// the entry): 4,096 blocks with masks at W = 16.
pub(crate) const MAX_MASK_BYTES: u32 = 256 << 10;

/// Per value of `func`: the block that defines it (as a parameter or an instruction's
/// result).
pub(crate) fn def_blocks(func: &crate::ir::Function) -> Vec<Option<u32>> {
    let mut def_block: Vec<Option<u32>> = vec![None; func.values.len()];
    for (bi, block) in func.blocks.iter().enumerate() {
        for p in &block.params {
            def_block[p.0 as usize] = Some(bi as u32);
        }
        for &ii in &block.insts {
            if let Some(r) = func.inst(ii).result {
                def_block[r.0 as usize] = Some(bi as u32);
            }
        }
    }
    def_block
}

/// Per value of `func`: true when some use is outside the defining block.
pub(crate) fn escaping_values(func: &crate::ir::Function) -> Vec<bool> {
    let n = func.values.len();
    let def_block = def_blocks(func);
    let mut escapes = vec![false; n];
    let mut mark = |v: crate::ir::Value, bi: usize| {
        if let Some(e) = escapes.get_mut(v.0 as usize) {
            *e |= def_block[v.0 as usize] != Some(bi as u32);
        }
    };
    for (bi, block) in func.blocks.iter().enumerate() {
        for &ii in &block.insts {
            for v in func.inst(ii).kind.uses() {
                mark(v, bi);
            }
        }
        for v in block.term.uses() {
            mark(v, bi);
        }
    }
    escapes
}

impl FnLower<'_, '_> {
    /// Create the masks: the entry block gets the active lanes, every other block no
    /// lane. Kernels of more than [`MASK_VARIABLE_BLOCKS`] blocks keep them in a stack
    /// slot instead of SSA variables (see there).
    pub(crate) fn init_masks(&mut self) -> Result<()> {
        let nm = self.lanes.vectors(Scalar::Bool) as u32;
        let always = self.cfg.unavoidable_acyclic();
        let mut slots = Vec::with_capacity(self.func.blocks.len());
        let mut tracked = 0u32;
        for blk in 0..self.func.blocks.len() {
            if always.get(blk).copied().unwrap_or(false) || !self.cfg.is_reachable(BlockId(blk as u32)) {
                slots.push(None);
            } else {
                slots.push(Some(tracked));
                tracked += 1;
            }
        }
        let store = if self.func.blocks.len() <= MASK_VARIABLE_BLOCKS {
            let vars = (0..tracked).map(|_| (0..nm).map(|_| self.b.declare_var(types::I32X4)).collect()).collect();
            MaskStore::Variables(vars)
        } else {
            let size = (tracked as u64 * 16 * nm as u64).max(16);
            if size > MAX_MASK_BYTES as u64 {
                return Err(CompileError::limit(format!(
                    "the execution masks of the kernel's {} blocks need more than {MAX_MASK_BYTES} bytes at W = {}",
                    self.func.blocks.len(),
                    self.lanes.0
                )));
            }
            let data = StackSlotData::new(StackSlotKind::ExplicitSlot, size as u32, 4);
            MaskStore::Frame(self.b.create_sized_stack_slot(data))
        };
        let exit = self.b.create_block();
        let order = linear_order(self.cfg, &self.facts.domtree)
            .map_err(|why| CompileError::unsupported(format!("divergent control flow cannot be linearized: {why}")))?;
        let mut order_index = vec![None; self.func.blocks.len()];
        for (i, b) in order.iter().enumerate() {
            order_index[b.0 as usize] = Some(i);
        }
        let escapes = self.facts.escapes.clone();
        let group_all = self.all_active;
        // The shared all-zero mask, in the entry block (it dominates every lane group).
        let zero = match self.bounds.entry.and_then(|e| self.b.func.layout.last_inst(e)) {
            Some(term) => {
                let mut pos = FuncCursor::new(self.b.func).at_inst(term);
                let z = pos.ins().iconst(types::I32, 0);
                Some(pos.ins().splat(types::I32X4, z))
            }
            None => None,
        };
        let agree = super::agree::agree_copies(self.func, &order, &always)
            .into_iter()
            .map(|copy| copy.then(|| self.b.create_block()))
            .collect();
        self.masks = Some(MaskState {
            store,
            slots,
            cur: Vec::new(),
            exit,
            order,
            order_index,
            always,
            cur_full: false,
            group_all,
            escapes,
            agree,
            zero,
        });
        self.reset_masks()?;
        if self.mask_at(BlockId(0)).is_ok() {
            let entry = self.entry_mask()?;
            self.write_mask(BlockId(0), &entry)?;
        }
        Ok(())
    }

    pub(crate) fn zero_mask(&mut self) -> Vec<ClifValue> {
        let v = match self.masks.as_ref().and_then(|m| m.zero) {
            Some(z) => z,
            None => {
                let z = self.b.ins().iconst(types::I32, 0);
                self.b.ins().splat(types::I32X4, z)
            }
        };
        vec![v; self.lanes.vectors(Scalar::Bool)]
    }

    /// The tracking index of `blk`'s mask.
    pub(crate) fn mask_at(&self, blk: BlockId) -> Result<u32> {
        self.masks
            .as_ref()
            .and_then(|m| *m.slots.get(blk.0 as usize)?)
            .ok_or_else(|| CompileError::internal(format!("{blk} has no execution mask")))
    }

    fn read_mask(&mut self, blk: BlockId) -> Result<Vec<ClifValue>> {
        let i = self.mask_at(blk)? as usize;
        let nm = self.lanes.vectors(Scalar::Bool);
        match self.masks.as_ref().map(|m| &m.store) {
            Some(MaskStore::Variables(vars)) => {
                let vs = vars.get(i).cloned().unwrap_or_default();
                Ok(vs.into_iter().map(|v| self.b.use_var(v)).collect())
            }
            Some(MaskStore::Frame(slot)) => {
                let (slot, at) = (*slot, 16 * nm * i);
                Ok((0..nm)
                    .map(|k| self.b.ins().stack_load(types::I64, types::I32X4, slot, (at + 16 * k) as i32))
                    .collect())
            }
            None => Err(CompileError::internal("no mask state")),
        }
    }

    pub(crate) fn write_mask(&mut self, blk: BlockId, m: &[ClifValue]) -> Result<()> {
        let i = self.mask_at(blk)? as usize;
        let nm = self.lanes.vectors(Scalar::Bool);
        match self.masks.as_ref().map(|m| &m.store) {
            Some(MaskStore::Variables(vars)) => {
                let vs = vars.get(i).cloned().unwrap_or_default();
                for (v, x) in vs.into_iter().zip(m) {
                    self.b.def_var(v, *x);
                }
            }
            Some(MaskStore::Frame(slot)) => {
                let (slot, at) = (*slot, 16 * nm * i);
                for (k, x) in m.iter().enumerate() {
                    self.b.ins().stack_store(types::I64, *x, slot, (at + 16 * k) as i32);
                }
            }
            None => return Err(CompileError::internal("no mask state")),
        }
        Ok(())
    }

    /// Clear every block's mask, then give the entry block the lane group's lanes (when
    /// it tracks a mask).
    fn reset_masks(&mut self) -> Result<()> {
        let zero = self.zero_mask();
        let tracked: Vec<BlockId> = self
            .masks
            .as_ref()
            .map(|m| m.slots.iter().enumerate().filter(|(_, o)| o.is_some()).map(|(b, _)| BlockId(b as u32)).collect())
            .unwrap_or_default();
        for blk in tracked {
            self.write_mask(blk, &zero)?;
        }
        Ok(())
    }

    /// An `i8`: 1 when any lane of mask `m` is set.
    pub(crate) fn mask_any(&mut self, m: &[ClifValue]) -> ClifValue {
        let mut acc = m[0];
        for x in &m[1..] {
            acc = self.b.ins().bor(acc, *x);
        }
        self.b.ins().vany_true(acc)
    }

    /// Local linear id (an `i64`) of the first set lane of mask `m` (`i32x4` vectors, four
    /// lanes each); meaningful only when some lane is set.
    fn first_active_id(&mut self, m: &[ClifValue]) -> ClifValue {
        let mut bits = self.b.ins().iconst(types::I64, 0);
        for (i, x) in m.iter().enumerate() {
            let high = self.b.ins().vhigh_bits(types::I64, *x);
            let shifted = self.b.ins().ishl_imm_s(high, 4 * i as i64);
            bits = self.b.ins().bor(bits, shifted);
        }
        let lane = self.b.ins().ctz(bits);
        let base = self.b.ins().imul_imm_s(self.lane_group, self.lanes.0 as i64);
        self.b.ins().iadd(base, lane)
    }

    fn mask_and(&mut self, a: &[ClifValue], b: &[ClifValue]) -> Vec<ClifValue> {
        a.iter().zip(b).map(|(x, y)| self.b.ins().band(*x, *y)).collect()
    }

    fn mask_and_not(&mut self, a: &[ClifValue], b: &[ClifValue]) -> Vec<ClifValue> {
        a.iter()
            .zip(b)
            .map(|(x, y)| {
                let ny = self.b.ins().bnot(*y);
                self.b.ins().band(*x, ny)
            })
            .collect()
    }

    /// Mask `m` (`i32x4` vectors) reshaped to the lanes of a varying leaf of `s`.
    pub(crate) fn mask_for(&mut self, s: Scalar, m: &[ClifValue]) -> Vec<ClifValue> {
        let n = self.lanes.vectors(s);
        let narrow = |me: &mut Self, v: &[ClifValue]| -> Vec<ClifValue> {
            v.chunks(2).map(|c| me.b.ins().snarrow(c[0], *c.get(1).unwrap_or(&c[0]))).collect()
        };
        let mut out: Vec<ClifValue> = match s {
            Scalar::Bool | Scalar::I32 => m.to_vec(),
            Scalar::F32 => m.iter().map(|x| self.b.ins().bitcast(types::F32X4, lane_flags(), *x)).collect(),
            Scalar::I64 | Scalar::Ptr(_) | Scalar::F64 => {
                let mut out = Vec::with_capacity(2 * m.len());
                for x in m {
                    out.push(self.b.ins().swiden_low(*x));
                    out.push(self.b.ins().swiden_high(*x));
                }
                if s == Scalar::F64 {
                    out = out.into_iter().map(|x| self.b.ins().bitcast(types::F64X2, lane_flags(), x)).collect();
                }
                out
            }
            Scalar::I16 | Scalar::F16 => narrow(self, m),
            Scalar::I8 => {
                let h = narrow(self, m);
                narrow(self, &h)
            }
        };
        out.truncate(n);
        out
    }

    /// `mask ? new : old`, leaf by leaf, for a value with leaves `scalars`.
    fn blend(
        &mut self,
        mask: &[ClifValue],
        scalars: &[Scalar],
        new: Vec<ClifValue>,
        old: Vec<ClifValue>,
    ) -> Result<Vec<ClifValue>> {
        if new.len() != old.len() {
            return Err(CompileError::internal("a blend of values of different shapes"));
        }
        let mut out = Vec::with_capacity(new.len());
        let mut at = 0usize;
        for s in scalars {
            let n = self.lanes.vectors(*s);
            let ms = self.mask_for(*s, mask);
            for (k, m) in ms.into_iter().enumerate() {
                let (x, y) = (new[at + k], old[at + k]);
                out.push(self.b.ins().bitselect(m, x, y));
            }
            at += n;
        }
        Ok(out)
    }

    /// The leaves of varying `v` with the active lanes replaced by `leaves`.
    pub(crate) fn blend_under_mask(&mut self, v: crate::ir::Value, leaves: Vec<ClifValue>) -> Result<Vec<ClifValue>> {
        let mask = match &self.masks {
            Some(m) if !m.cur.is_empty() && !m.cur_full && m.escapes.get(v.0 as usize).copied().unwrap_or(true) => {
                m.cur.clone()
            }
            _ => return Ok(leaves),
        };
        let scalars = self.leaf_scalars(v)?;
        let old = self.get(v, At::Group)?;
        self.blend(&mask, &scalars, leaves, old)
    }

    /// The mask of the lane group's existing work-items (as at kernel entry): lane `l`
    /// is set when `lane_group * W + l` is below the work-group's size. Built with one
    /// vector compare per mask vector (lane iota against the count of lanes left).
    fn entry_mask(&mut self) -> Result<Vec<ClifValue>> {
        if self.assumed.is_some() {
            // The steady loop runs only full lane groups.
            return Ok(self.group_mask());
        }
        let left = self.lanes_left.ok_or_else(|| CompileError::internal("masks without a lane setup"))?;
        let left = self.b.ins().splat(types::I32X4, left);
        let mut out = Vec::with_capacity(self.lanes.vectors(Scalar::Bool));
        for k in 0..self.lanes.vectors(Scalar::Bool) {
            let iota = self.i32x4_const(std::array::from_fn(|lane| 4 * k as u32 + lane as u32));
            out.push(self.b.ins().icmp(CIntCC::SignedLessThan, iota, left));
        }
        Ok(out)
    }

    /// An `i32x4` constant with lanes `lanes`.
    pub(crate) fn i32x4_const(&mut self, lanes: [u32; 4]) -> ClifValue {
        let bytes: Vec<u8> = lanes.iter().flat_map(|x| x.to_le_bytes()).collect();
        let c = self.b.func.dfg.constants.insert(cranelift_codegen::ir::ConstantData::from(bytes));
        self.b.ins().vconst(types::I32X4, c)
    }

    /// At a barrier under masked control flow: unless the current mask is the entry
    /// mask (every work-item of the lane group is here, so no other block holds a lane),
    /// record `BARRIER_DIVERGENT` and stop.
    pub(crate) fn check_barrier_mask(&mut self) -> Result<()> {
        let Some(cur) = self.masks.as_ref().map(|m| m.cur.clone()) else { return Ok(()) };
        let entry = self.entry_mask()?;
        let diff: Vec<ClifValue> = cur.iter().zip(&entry).map(|(a, b)| self.b.ins().bxor(*a, *b)).collect();
        let bad = self.mask_any(&diff);
        let err = self.b.create_block();
        let ok = self.b.create_block();
        self.b.set_cold_block(err);
        self.b.ins().brif(bad, err, &[], ok, &[]);
        self.b.switch_to_block(err);
        self.emit_error_return(spirjit_abi::status::error_kind::BARRIER_DIVERGENT);
        self.b.switch_to_block(ok);
        Ok(())
    }

    /// In the continuation of a barrier under masked control flow: every work-item is in
    /// the barrier's block (`check_barrier_mask` made sure), so every block mask is empty
    /// and the current mask is the entry mask.
    pub(crate) fn resume_masks(&mut self) -> Result<()> {
        if self.masks.is_none() {
            return Ok(());
        }
        self.reset_masks()?;
        let entry = self.entry_mask()?;
        self.enter_mask(entry)
    }

    /// Make `m` the current mask: per-lane active flags follow it.
    fn enter_mask(&mut self, m: Vec<ClifValue>) -> Result<()> {
        let mut active = Vec::with_capacity(self.lanes.0 as usize);
        for l in 0..self.lanes.0 {
            active.push(self.lane_of(&m, &[Scalar::Bool], l)?.remove(0));
        }
        let all = self.mask_all(&m);
        self.active = active;
        self.all_active = Some(all);
        if let Some(ms) = &mut self.masks {
            ms.cur = m;
            ms.cur_full = false;
        }
        Ok(())
    }

    /// An `i8`: 1 when every lane of mask `m` is set, by one vector test (lanes of the
    /// last vector past W count as set).
    pub(crate) fn mask_all(&mut self, m: &[ClifValue]) -> ClifValue {
        let mut acc: Option<ClifValue> = None;
        for (k, x) in m.iter().enumerate() {
            let used = (self.lanes.0 as usize).saturating_sub(4 * k).min(4);
            let x = if used < 4 {
                let pad = self.i32x4_const(std::array::from_fn(|lane| if lane < used { 0 } else { u32::MAX }));
                self.b.ins().bor(*x, pad)
            } else {
                *x
            };
            acc = Some(match acc {
                Some(a) => self.b.ins().band(a, x),
                None => x,
            });
        }
        match acc {
            Some(a) => self.b.ins().vall_true(a),
            None => self.b.ins().iconst(types::I8, 0),
        }
    }

    /// Make `m`, the mask of a block every lane runs, the current mask.
    fn enter_full_mask(&mut self, m: Vec<ClifValue>) -> Result<()> {
        self.enter_mask(m)?;
        if let Some(ms) = &mut self.masks {
            ms.cur_full = true;
            self.all_active = ms.group_all.or(self.all_active);
        }
        Ok(())
    }

    /// True when every work-item runs `blk` exactly once (`MaskState::always`).
    pub(crate) fn is_always(&self, blk: BlockId) -> bool {
        self.masks.as_ref().and_then(|s| s.always.get(blk.0 as usize).copied()).unwrap_or(false)
    }

    /// True when the edge `from → to` goes back in the chain (a loop back-edge).
    pub(crate) fn chain_retreating(&self, from: BlockId, to: BlockId) -> bool {
        let Some(m) = &self.masks else { return self.cfg.is_retreating(from, to) };
        match (m.order_index.get(from.0 as usize), m.order_index.get(to.0 as usize)) {
            (Some(Some(f)), Some(Some(t))) => t <= f,
            _ => false,
        }
    }

    /// Translate every block as one masked chain in loop-contiguous order, then the exit.
    pub(crate) fn translate_masked(&mut self) -> Result<()> {
        let (exit, rpo) = self
            .masks
            .as_ref()
            .map(|m| (m.exit, m.order.clone()))
            .ok_or_else(|| CompileError::internal("no mask state"))?;
        for (i, &blk) in rpo.iter().enumerate() {
            let next = match rpo.get(i + 1) {
                Some(n) => self.clif_block(*n)?,
                None => exit,
            };
            let cb = self.clif_block(blk)?;
            self.b.switch_to_block(cb);
            let always = self.is_always(blk);
            // Every lane of the lane group reaches a block that every work-item runs
            // once: its mask is the entry mask (edges into it do not track it).
            let m = if always { self.entry_mask()? } else { self.read_mask(blk)? };
            if always {
                self.enter_full_mask(m)?;
            } else {
                let any = self.mask_any(&m);
                let body = self.b.create_block();
                self.b.ins().brif(any, body, &[], next, &[]);
                self.b.switch_to_block(body);
                let zero = self.zero_mask();
                self.write_mask(blk, &zero)?;
                // Every lane of the lane group here: the block's all-lanes-agree copy.
                let full = self.mask_all(&m);
                self.enter_agree_if(full, blk)?;
                self.enter_mask(m)?;
            }
            self.translate_insts(blk)?;
            if always {
                self.agree_end_if_full(blk)?;
            }
            self.masked_terminator(blk, next).map_err(|e| e.at(None, format!("terminator of {blk}"), None))?;
        }
        self.translate_agree()?;
        self.b.switch_to_block(exit);
        self.end_lane_group(Status::DONE);
        Ok(())
    }

    /// A mask of the lanes where the integer `value` equals `lit` (truncated to its width).
    fn switch_hit(&mut self, value: crate::ir::Value, lit: u64) -> Result<Vec<ClifValue>> {
        let mut per_lane = Vec::with_capacity(self.lanes.0 as usize);
        for l in 0..self.lanes.0 {
            let x = self.get_scalar(value, At::Lane(l))?;
            let bits = self.vty(x).bits();
            let k = if bits >= 64 { lit } else { lit & ((1u64 << bits) - 1) };
            let k = self.iconst(self.vty(x), k as i64);
            per_lane.push(vec![self.b.ins().icmp(CIntCC::Equal, x, k)]);
        }
        self.pack(&[Scalar::Bool], &per_lane)
    }

    pub(crate) fn masked_terminator(&mut self, blk: BlockId, next: Block) -> Result<()> {
        let func = self.func;
        let term = &func.block(blk).term;
        let m = self.masks.as_ref().map(|s| s.cur.clone()).unwrap_or_default();
        let mut edges: Vec<(&BlockCall, Vec<ClifValue>)> = Vec::new();
        match term {
            Terminator::Return => {}
            Terminator::Unreachable => {
                // A cold block per site, so the error names the first lane that got here.
                let any = self.mask_any(&m);
                let hit = self.b.create_block();
                let cont = self.b.create_block();
                self.b.ins().brif(any, hit, &[], cont, &[]);
                self.b.set_cold_block(hit);
                self.b.switch_to_block(hit);
                let id = self.first_active_id(&m);
                self.emit_error_return_at(error_kind::UNREACHABLE, id);
                self.b.switch_to_block(cont);
            }
            Terminator::Jump(c) => edges.push((c, m)),
            Terminator::Branch { cond, then_, else_ } => {
                let cm = self.bundles(*cond)?.remove(0);
                let t = self.mask_and(&m, &cm);
                let e = self.mask_and_not(&m, &cm);
                edges.push((then_, t));
                edges.push((else_, e));
            }
            Terminator::Switch { value, default, cases } => {
                let mut taken = self.zero_mask();
                let mut seen = std::collections::HashSet::new();
                for (lit, call) in cases {
                    let bits = self.value_type(*value)?.scalar().map_or(64, |s| s.bits());
                    let key = if bits >= 64 { *lit } else { lit & ((1u64 << bits) - 1) };
                    if !seen.insert(key) {
                        continue; // The first case with a literal wins.
                    }
                    let hit = self.switch_hit(*value, key)?;
                    let fresh = self.mask_and_not(&hit, &taken);
                    let e = self.mask_and(&m, &fresh);
                    taken = taken.iter().zip(&hit).map(|(a, b)| self.b.ins().bor(*a, *b)).collect();
                    edges.push((call, e));
                }
                let d = self.mask_and_not(&m, &taken);
                edges.push((default, d));
            }
        }
        // Read every argument before writing any parameter (parallel copy).
        let mut args = Vec::with_capacity(edges.len());
        for (call, _) in &edges {
            let params = &func.block(call.block).params;
            let mut vals = Vec::with_capacity(call.args.len());
            for (a, p) in call.args.iter().zip(params) {
                vals.push(self.get_like(*a, *p)?);
            }
            args.push(vals);
        }
        let conditional = !matches!(term, Terminator::Jump(_));
        for ((call, e), vals) in edges.iter().zip(args) {
            let params = &func.block(call.block).params;
            // A uniform parameter takes its argument only when some lane takes the edge
            // (the analysis makes sure lanes never arrive along two edges at once).
            let taken =
                if conditional && params.iter().any(|p| !self.is_varying(*p)) { Some(self.mask_any(e)) } else { None };
            for (p, new) in params.iter().zip(vals) {
                let v = if self.is_varying(*p) {
                    let scalars = self.leaf_scalars(*p)?;
                    let old = self.get(*p, At::Group)?;
                    self.blend(e, &scalars, new, old)?
                } else if let Some(t) = taken {
                    let old = self.get(*p, At::Group)?;
                    new.into_iter().zip(old).map(|(x, y)| self.b.ins().select(t, x, y)).collect()
                } else {
                    new
                };
                self.set_raw(*p, v)?;
            }
            if !self.is_always(call.block) {
                let cur = self.read_mask(call.block)?;
                let merged: Vec<ClifValue> = cur.iter().zip(e).map(|(a, b)| self.b.ins().bor(*a, *b)).collect();
                self.write_mask(call.block, &merged)?;
            }
        }
        let mut back: Vec<BlockId> = Vec::new();
        for (call, _) in &edges {
            if self.chain_retreating(blk, call.block) && !back.contains(&call.block) {
                back.push(call.block);
            }
        }
        for h in back {
            let hm = self.read_mask(h)?;
            let any = self.mask_any(&hm);
            let again = self.b.create_block();
            let cont = self.b.create_block();
            self.b.ins().brif(any, again, &[], cont, &[]);
            self.b.switch_to_block(again);
            self.poll_cancel();
            let target = self.clif_block(h)?;
            self.b.ins().jump(target, &[]);
            self.b.switch_to_block(cont);
        }
        self.b.ins().jump(next, &[]);
        Ok(())
    }
}

//! Translation of one KIR kernel into one Cranelift function: the entry and its resume
//! dispatch, blocks and edges (block parameters as variables), the per-instruction
//! dispatch, and the plumbing every instruction family shares (reading and defining
//! leaves, context loads, calls into the builtins table).
//!
//! The instruction families live in their own modules (`arith`, `convert`, `memory`,
//! `workitem`, `barrier`, `call`; at W > 1 `vector`, `vmemory` and `masked`), the loop
//! over the lane groups of a call in `entry`. This module must not know how a family
//! is lowered, only where it goes.

use std::collections::HashMap;

use cranelift_codegen::ir::{
    types, AbiParam, Block, BlockArg, InstBuilder, MemFlagsData, Signature, Type as ClifType, Value as ClifValue,
};
use cranelift_frontend::{FunctionBuilder, Switch, Variable};
use cranelift_jit::JITModule;
use spirjit_abi::context::offsets;
use spirjit_abi::status::error_kind;
use spirjit_abi::Status;

use super::facts::{KernelFacts, Remark, RemarkKind};
use super::leaf::{self, At, Lanes};
use super::state::{ctx_flags, BoundsInfo, FnLower, KernelLayout, Translated};
use crate::ir::{self, BlockCall, BlockId, InstKind, Scalar, Terminator, Type};
use crate::{CompileError, Result};

/// Per value of `func`: whether its lowering needs a Cranelift variable, which
/// `cranelift-frontend` turns into SSA by searching predecessors at every use.
///
/// KIR is SSA, and the lowering only subdivides KIR blocks, so the Cranelift values of
/// an instruction's result dominate its uses, and a block parameter becomes parameters
/// of the block's Cranelift block (its edges pass the arguments), except where a value
/// is redefined:
/// * a value live across a barrier is reloaded in the barrier's continuation, which the
///   resume dispatch enters without passing the definition;
/// * under masked control flow a value used outside its block, and every block
///   parameter, is blended into its previous value each time its block runs (`masked`),
///   and blocks may be skipped.
///
/// Every other value is kept as plain Cranelift values. This matters for cost: a
/// variable costs `cranelift-frontend` a dense map over all blocks of the function and
/// block parameters at every merge it is used after, which grows with the product of
/// the kernel's size and W.
fn needs_variable(func: &ir::Function, facts: &KernelFacts, masked: bool) -> Vec<bool> {
    let liveness = facts.liveness.as_ref();
    let mut needs = if masked { facts.escapes.clone() } else { vec![false; func.values.len()] };
    for (bi, block) in func.blocks.iter().enumerate() {
        if masked {
            for p in &block.params {
                needs[p.0 as usize] = true;
            }
        }
        let Some(live) = liveness else { continue };
        for (pos, &ii) in block.insts.iter().enumerate() {
            if matches!(func.inst(ii).kind, InstKind::Barrier) {
                for v in live.live_after(func, BlockId(bi as u32), pos) {
                    needs[v.0 as usize] = true;
                }
            }
        }
    }
    needs
}

impl<'a, 'f> FnLower<'a, 'f> {
    /// Set up the entry block and the resume dispatch, ready to translate `kernel`.
    pub fn new(
        mut b: FunctionBuilder<'f>,
        jit: &'a mut JITModule,
        kernel: &'a ir::Kernel,
        facts: &'a KernelFacts,
        (lanes, masked): (Lanes, bool),
        data_addrs: &'a [u64],
        bounds: BoundsInfo<'a>,
    ) -> Result<FnLower<'a, 'f>> {
        let func = &kernel.func;
        let layout = KernelLayout::new(func, lanes)?;
        let cfg = &facts.cfg;
        let has_barriers = facts.has_barriers;
        let liveness = facts.liveness.as_ref();
        let needs_var = needs_variable(func, facts, masked);

        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let params = b.block_params(entry).to_vec();
        let (ctx, first_group, group_count, resume) = (params[0], params[1], params[2], params[3]);
        let load_ctx = |b: &mut FunctionBuilder, off: usize| b.ins().load(types::I64, ctx_flags(), ctx, off as i32);
        let args_ptr = load_ctx(&mut b, offsets::ARGS);
        let local_mem = load_ctx(&mut b, offsets::LOCAL_MEM);
        let private_mem = load_ctx(&mut b, offsets::PRIVATE_MEM);
        let stride = load_ctx(&mut b, offsets::PRIVATE_STRIDE);
        let cancel_ptr = load_ctx(&mut b, offsets::CANCEL);
        // From here on, code runs once per lane group (the loop head and the kernel).
        let (group, lane_group, mut ids) =
            super::entry::open(&mut b, func, ctx, first_group, group_count, lanes.0, has_barriers);
        ids.build_lane_vectors(&mut b, lane_group, lanes.0)?;
        let off = b.ins().imul(lane_group, stride);
        let private_base = b.ins().iadd(private_mem, off);
        let (uni, active, all_active, dummy, lanes_left) = if lanes.0 > 1 {
            let uni = facts.uniformity.as_ref().ok_or_else(|| {
                CompileError::internal(format!(
                    "the vector path (W = {}) was planned without a uniformity analysis",
                    lanes.0
                ))
            })?;
            super::vector::lane_setup(&mut b, func, uni, ctx, lane_group, lanes)?
        } else {
            (None, Vec::new(), None, None, None)
        };

        // Number the barriers in block order and create their continuation blocks.
        let mut barrier_ids = HashMap::new();
        let mut resume_blocks = Vec::new();
        for &blk in &cfg.rpo {
            for (pos, &ii) in func.block(blk).insts.iter().enumerate() {
                if matches!(func.inst(ii).kind, InstKind::Barrier) {
                    let k = resume_blocks.len() as u64 + 1;
                    if k > Status::BARRIER_MAX {
                        return Err(CompileError::limit(format!(
                            "the kernel has more than {} barriers",
                            Status::BARRIER_MAX
                        )));
                    }
                    barrier_ids.insert((blk, pos), k as u32);
                    resume_blocks.push(b.create_block());
                }
            }
        }

        let start = b.create_block();
        let bad_resume = b.create_block();
        let mut sw = Switch::new();
        sw.set_entry(0, start);
        for (i, &rb) in resume_blocks.iter().enumerate() {
            sw.set_entry(i as u128 + 1, rb);
        }
        sw.emit(&mut b, resume, bad_resume);

        let mut blocks = vec![None; func.blocks.len()];
        for &blk in &cfg.rpo {
            blocks[blk.0 as usize] = Some(b.create_block());
        }

        let mut this = FnLower {
            b,
            jit,
            func,
            lanes,
            param_count: kernel.params.len(),
            data_addrs,
            bounds,
            private_end: layout.vars_size,
            layout,
            vars: vec![None; func.values.len()],
            needs_var,
            direct: vec![None; func.values.len()],
            lane_scratch: Default::default(),
            blocks,
            resume_blocks,
            barrier_ids,
            save_slots: HashMap::new(),
            cfg,
            facts,
            liveness,
            imports: HashMap::new(),
            cancelled_block: None,
            unreachable_block: None,
            error_exits: Vec::new(),
            ctx,
            lane_group,
            args_ptr,
            local_mem,
            private_base,
            cancel_ptr,
            uni,
            cur_at: None,
            affine_readable: None,
            active,
            all_active,
            lanes_left,
            dummy,
            masks: None,
            group,
            ids,
            remarks: Vec::new(),
        };

        // Block parameters that need no variable are parameters of their block.
        for &blk in &this.cfg.rpo.clone() {
            let cb = this.clif_block(blk)?;
            for &p in &func.block(blk).params {
                if !this.needs_var[p.0 as usize] {
                    let vals = this.leaf_types(p)?.into_iter().map(|t| this.b.append_block_param(cb, t)).collect();
                    this.direct[p.0 as usize] = Some(vals);
                }
            }
        }
        this.bounds.entry = Some(entry);
        // An unknown resume point is a driver bug; report it rather than guess.
        this.b.switch_to_block(bad_resume);
        this.emit_error_return(error_kind::UNREACHABLE);

        // Kernel start: initialise private variables, then enter KIR block 0.
        this.b.switch_to_block(start);
        this.init_private_vars()?;
        if masked {
            this.init_masks()?;
        }
        let first = this.clif_block(BlockId(0))?;
        this.b.ins().jump(first, &[]);
        Ok(this)
    }

    /// Translate every reachable block, then finish the function.
    pub fn translate(mut self) -> Result<Translated> {
        if self.masks.is_some() {
            self.translate_masked()?;
        } else {
            for blk in self.cfg.rpo.clone() {
                self.translate_block(blk)?;
            }
        }
        self.close_group_loop();
        self.finish_cold_blocks();
        self.b.seal_all_blocks();
        let align = self.layout.align;
        let stride = self.private_end.div_ceil(align) * align;
        let barrier_count = self.resume_blocks.len() as u32;
        let config = {
            use cranelift_module::Module as _;
            self.jit.target_config()
        };
        self.b.finalize(config);
        Ok(Translated { private_stride: stride, private_align: align, barrier_count, remarks: self.remarks })
    }

    pub fn clif_block(&self, blk: BlockId) -> Result<Block> {
        self.blocks
            .get(blk.0 as usize)
            .copied()
            .flatten()
            .ok_or_else(|| CompileError::internal(format!("{blk} has no code block (unreachable?)")))
    }

    fn init_private_vars(&mut self) -> Result<()> {
        let func = self.func;
        for (i, var) in func.vars.iter().enumerate() {
            let Some(init) = &var.init else { continue };
            let base = self.layout.var_offsets[i];
            for lane in 0..self.lanes.0 as u64 {
                let at = base + lane * var.size;
                let mut pos = 0usize;
                while pos < init.len() {
                    let rest = init.len() - pos;
                    let (ty, n) = match rest {
                        8.. => (types::I64, 8),
                        4.. => (types::I32, 4),
                        2.. => (types::I16, 2),
                        _ => (types::I8, 1),
                    };
                    let mut bytes = [0u8; 8];
                    bytes[..n].copy_from_slice(&init[pos..pos + n]);
                    let c = self.b.ins().iconst(ty, i64::from_le_bytes(bytes));
                    let off = i32::try_from(at + pos as u64)
                        .map_err(|_| CompileError::limit("private variables exceed 2 GiB"))?;
                    self.b.ins().store(MemFlagsData::trusted(), c, self.private_base, off);
                    pos += n;
                }
            }
        }
        Ok(())
    }

    fn translate_block(&mut self, blk: BlockId) -> Result<()> {
        let cb = self.clif_block(blk)?;
        self.b.switch_to_block(cb);
        self.translate_insts(blk)?;
        let block = self.func.block(blk);
        self.translate_terminator(blk, &block.term).map_err(|e| e.at(None, format!("terminator of {blk}"), None))
    }

    /// Translate the instructions (not the terminator) of `blk` at the current point.
    pub(crate) fn translate_insts(&mut self, blk: BlockId) -> Result<()> {
        let func = self.func;
        let block = func.block(blk);
        for (pos, &ii) in block.insts.iter().enumerate() {
            let inst = func.inst(ii);
            self.cur_at = Some((blk, pos));
            self.lower_inst(blk, pos, inst).map_err(|e| {
                let text = super::shorten(ir::display::inst_text(func, ii), 160, "…");
                e.at(None, format!("{blk}: {text}"), inst.result.map(|v| v.0))
            })?;
        }
        Ok(())
    }

    fn translate_terminator(&mut self, blk: BlockId, term: &'a Terminator) -> Result<()> {
        match term {
            Terminator::Return => self.end_lane_group(Status::DONE),
            Terminator::Unreachable => {
                let ub = self.unreachable_block();
                self.b.ins().jump(ub, &[]);
            }
            Terminator::Jump(call) => {
                let (t, pending) = self.edge(blk, call)?;
                self.b.ins().jump(t, &[]);
                self.finish_edges(blk, pending.into_iter().collect())?;
            }
            Terminator::Branch { cond, then_, else_ } => {
                let c = self.get_scalar(*cond, At::Group)?;
                let (t, p1) = self.edge(blk, then_)?;
                let (e, p2) = self.edge(blk, else_)?;
                self.b.ins().brif(c, t, &[], e, &[]);
                self.finish_edges(blk, p1.into_iter().chain(p2).collect())?;
            }
            Terminator::Switch { value, default, cases } => {
                let v = self.get_scalar(*value, At::Group)?;
                let vty = self.b.func.dfg.value_type(v);
                let mask: u128 = if vty.bits() >= 64 { u64::MAX as u128 } else { (1u128 << vty.bits()) - 1 };
                let (d, p) = self.edge(blk, default)?;
                let mut pending: Vec<_> = p.into_iter().collect();
                let mut sw = Switch::new();
                for (lit, call) in cases {
                    let key = (*lit as u128) & mask;
                    if sw.entries().contains_key(&key) {
                        continue; // The first case with a literal wins.
                    }
                    let (t, p) = self.edge(blk, call)?;
                    pending.extend(p);
                    sw.set_entry(key, t);
                }
                sw.emit(&mut self.b, v, d);
                self.finish_edges(blk, pending)?;
            }
        }
        Ok(())
    }

    /// The block a jump along `call` goes to: the target itself, or a fresh edge block
    /// when the edge passes arguments or is a loop back-edge (filled by `finish_edges`).
    fn edge(&mut self, from: BlockId, call: &'a BlockCall) -> Result<(Block, Option<(Block, &'a BlockCall)>)> {
        let target = self.clif_block(call.block)?;
        if call.args.is_empty() && !self.cfg.is_retreating(from, call.block) {
            return Ok((target, None));
        }
        let eb = self.b.create_block();
        Ok((eb, Some((eb, call))))
    }

    fn finish_edges(&mut self, from: BlockId, pending: Vec<(Block, &'a BlockCall)>) -> Result<()> {
        for (eb, call) in pending {
            self.b.switch_to_block(eb);
            if self.cfg.is_retreating(from, call.block) {
                self.poll_cancel();
            }
            // Parallel copy: read every argument before writing any parameter.
            let mut vals = Vec::with_capacity(call.args.len());
            let params = &self.func.block(call.block).params;
            for (a, p) in call.args.iter().zip(params) {
                vals.push(self.get_like(*a, *p)?);
            }
            let mut args = Vec::new();
            for (p, v) in params.iter().zip(vals) {
                if self.needs_var[p.0 as usize] {
                    self.set(*p, v)?;
                    continue;
                }
                let want = self.leaf_types(*p)?;
                if v.len() != want.len() || v.iter().zip(&want).any(|(x, t)| self.vty(*x) != *t) {
                    return Err(CompileError::internal(format!("the argument for {p} has the wrong leaves")));
                }
                args.extend(v.into_iter().map(BlockArg::Value));
            }
            let target = self.clif_block(call.block)?;
            self.b.ins().jump(target, &args);
        }
        Ok(())
    }

    /// Return `Status::CANCELLED` when the cancel flag is set.
    pub(crate) fn poll_cancel(&mut self) {
        let flag = self.b.ins().atomic_load(types::I32, MemFlagsData::trusted(), self.cancel_ptr);
        let cont = self.b.create_block();
        let cancelled = *self.cancelled_block.get_or_insert_with(|| self.b.create_block());
        self.b.ins().brif(flag, cancelled, &[], cont, &[]);
        self.b.switch_to_block(cont);
    }

    pub(crate) fn unreachable_block(&mut self) -> Block {
        *self.unreachable_block.get_or_insert_with(|| self.b.create_block())
    }

    /// Fill the shared cold blocks (cancelled, unreachable, error exit) once everything
    /// else is done.
    fn finish_cold_blocks(&mut self) {
        if let Some(c) = self.cancelled_block {
            self.b.set_cold_block(c);
            self.b.switch_to_block(c);
            self.end_lane_group(Status::CANCELLED);
        }
        if let Some(u) = self.unreachable_block {
            self.b.set_cold_block(u);
            self.b.switch_to_block(u);
            self.emit_error_return(error_kind::UNREACHABLE);
        }
        self.fill_error_exit();
    }

    /// Record an error of `kind` for this lane group and return `Status::ERROR`.
    pub(crate) fn emit_error_return(&mut self, kind: u32) {
        let id = self.b.ins().imul_imm_s(self.lane_group, self.lanes.0 as i64);
        self.emit_error_return_at(kind, id);
    }

    /// Record an error of `kind` for the work-item with local linear id `id` (an `i64`)
    /// and return `Status::ERROR`.
    pub(crate) fn emit_error_return_at(&mut self, kind: u32, id: ClifValue) {
        let err = self.b.ins().load(types::I64, ctx_flags(), self.ctx, offsets::ERROR as i32);
        let flags = MemFlagsData::trusted();
        let k = self.b.ins().iconst(types::I32, kind as i64);
        self.b.ins().store(flags, k, err, offsets::ERROR_KIND as i32);
        let arg = self.b.ins().iconst(types::I32, u32::MAX as i64);
        self.b.ins().store(flags, arg, err, offsets::ERROR_ARG as i32);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.ins().store(flags, zero, err, offsets::ERROR_OFFSET as i32);
        self.b.ins().store(flags, zero, err, offsets::ERROR_SIZE as i32);
        self.b.ins().store(flags, id, err, offsets::ERROR_LOCAL_LINEAR_ID as i32);
        self.end_lane_group(Status::ERROR);
    }

    /// Record a remark of `kind` about the instruction being translated.
    pub(crate) fn remark(&mut self, kind: RemarkKind, text: impl Into<String>) {
        let at = self.cur_at.map(|(blk, pos)| {
            let ii = self.func.block(blk).insts[pos];
            format!("{blk}: {}", super::shorten(ir::display::inst_text(self.func, ii), 160, "…"))
        });
        self.remarks.push(Remark { kind, at, text: text.into() });
    }

    // ---- values -------------------------------------------------------------------

    /// The scalars of `v`'s leaves.
    pub fn leaf_scalars(&self, v: ir::Value) -> Result<Vec<Scalar>> {
        Ok(leaf::leaves(self.value_type(v)?)?.into_iter().map(|(_, s)| s).collect())
    }

    pub fn value_type(&self, v: ir::Value) -> Result<&'a Type> {
        let func = self.func;
        func.values
            .get(v.0 as usize)
            .map(|d| &d.ty)
            .ok_or_else(|| CompileError::internal(format!("{v} does not exist")))
    }

    /// True when `v` is carried as vectors (varying at W > 1).
    pub fn is_varying(&self, v: ir::Value) -> bool {
        self.uni.as_ref().is_some_and(|u| !u.is_uniform(v))
    }

    /// The Cranelift types of `v`'s leaves: one scalar per component for uniform values,
    /// the vectors of every component back to back for varying ones.
    fn leaf_types(&self, v: ir::Value) -> Result<Vec<ClifType>> {
        let scalars = self.leaf_scalars(v)?;
        Ok(if self.is_varying(v) {
            scalars.iter().flat_map(|s| std::iter::repeat_n(leaf::vec_leaf_type(*s), self.lanes.vectors(*s))).collect()
        } else {
            scalars.iter().map(|s| leaf::leaf_type(*s)).collect()
        })
    }

    fn vars_of(&mut self, v: ir::Value) -> Result<Vec<Variable>> {
        if let Some(vs) = &self.vars[v.0 as usize] {
            return Ok(vs.clone());
        }
        let vs: Vec<Variable> = self.leaf_types(v)?.into_iter().map(|t| self.b.declare_var(t)).collect();
        self.vars[v.0 as usize] = Some(vs.clone());
        Ok(vs)
    }

    /// The leaves of `v` at `at`: for the whole group (`At::Group`) its scalars when it
    /// is uniform and its leaf vectors back to back when it varies; for one lane
    /// (`At::Lane`) the scalars of that lane.
    pub fn get(&mut self, v: ir::Value, at: At) -> Result<Vec<ClifValue>> {
        let raw: Vec<ClifValue> = match self.direct.get(v.0 as usize) {
            Some(Some(vals)) => vals.clone(),
            _ => {
                let vs = self.vars_of(v)?;
                vs.into_iter().map(|var| self.b.use_var(var)).collect()
            }
        };
        match at.lane() {
            Some(l) if self.is_varying(v) => {
                let scalars = self.leaf_scalars(v)?;
                self.lane_of(&raw, &scalars, l)
            }
            _ => Ok(raw),
        }
    }

    /// The leaves of `v` in the representation `like` has (splatting a uniform `v` when
    /// `like` is varying).
    pub fn get_like(&mut self, v: ir::Value, like: ir::Value) -> Result<Vec<ClifValue>> {
        if self.is_varying(like) && !self.is_varying(v) {
            let scalars = self.leaf_scalars(v)?;
            let vals = self.get(v, At::Group)?;
            let mut out = Vec::new();
            for (x, s) in vals.into_iter().zip(scalars) {
                out.extend(self.splat_leaf(x, s));
            }
            return Ok(out);
        }
        self.get(v, At::Group)
    }

    /// The single leaf of a scalar `v`.
    pub fn get_scalar(&mut self, v: ir::Value, at: At) -> Result<ClifValue> {
        let mut l = self.get(v, at)?;
        if l.len() != 1 {
            return Err(CompileError::internal(format!("{v} is used as a scalar but has {} components", l.len())));
        }
        Ok(l.remove(0))
    }

    /// Define the leaves of `v`.
    pub fn set(&mut self, v: ir::Value, leaves: Vec<ClifValue>) -> Result<()> {
        let leaves =
            if self.masks.is_some() && self.is_varying(v) { self.blend_under_mask(v, leaves)? } else { leaves };
        self.set_raw(v, leaves)
    }

    /// Define the leaves of `v` without blending under the execution mask.
    pub fn set_raw(&mut self, v: ir::Value, leaves: Vec<ClifValue>) -> Result<()> {
        if !self.needs_var.get(v.0 as usize).copied().unwrap_or(true) {
            let want = self.leaf_types(v)?;
            let have: Vec<ClifType> = leaves.iter().map(|x| self.vty(*x)).collect();
            if want != have {
                return Err(CompileError::internal(format!(
                    "{v}: its lowering produced leaves {have:?}; its type needs {want:?}"
                )));
            }
            self.direct[v.0 as usize] = Some(leaves);
            return Ok(());
        }
        let vs = self.vars_of(v)?;
        if vs.len() != leaves.len() {
            return Err(CompileError::internal(format!(
                "{v} has {} leaves but its lowering produced {}",
                vs.len(),
                leaves.len()
            )));
        }
        for (var, val) in vs.into_iter().zip(leaves) {
            self.b
                .try_def_var(var, val)
                .map_err(|e| CompileError::internal(format!("{v}: a leaf of its lowering has the wrong type ({e})")))?;
        }
        Ok(())
    }

    /// The type of a Cranelift value.
    pub fn vty(&self, v: ClifValue) -> ClifType {
        self.b.func.dfg.value_type(v)
    }

    /// Zero leaves of type `ty`.
    pub fn zeros(&mut self, ty: &Type) -> Result<Vec<ClifValue>> {
        Ok(leaf::leaves(ty)?.into_iter().map(|(_, s)| self.zero(s)).collect())
    }

    pub fn zero(&mut self, s: Scalar) -> ClifValue {
        match s {
            Scalar::F32 => self.b.ins().f32const(0.0),
            Scalar::F64 => self.b.ins().f64const(0.0),
            s => self.b.ins().iconst(leaf::leaf_type(s), 0),
        }
    }

    /// Leaves of a constant: one bit pattern per scalar leaf (missing entries are zero).
    pub(crate) fn constant(&mut self, ty: &Type, bits: &[u64]) -> Result<Vec<ClifValue>> {
        let ls = leaf::leaves(ty)?;
        let mut out = Vec::with_capacity(ls.len());
        for (i, (_, s)) in ls.into_iter().enumerate() {
            let v = bits.get(i).copied().unwrap_or(0);
            out.push(self.const_leaf(s, v));
        }
        Ok(out)
    }

    /// One constant leaf of scalar `s` from its bit pattern.
    pub fn const_leaf(&mut self, s: Scalar, bits: u64) -> ClifValue {
        match s {
            Scalar::Bool => self.b.ins().iconst(types::I8, (bits != 0) as i64),
            Scalar::F32 => self.b.ins().f32const(f32::from_bits(bits as u32)),
            Scalar::F64 => self.b.ins().f64const(f64::from_bits(bits)),
            s => {
                let ty = leaf::leaf_type(s);
                let masked = if ty.bits() >= 64 { bits } else { bits & ((1u64 << ty.bits()) - 1) };
                self.b.ins().iconst(ty, masked as i64)
            }
        }
    }

    /// An integer constant of Cranelift type `ty` (bits masked to the width).
    pub fn iconst(&mut self, ty: ClifType, v: i64) -> ClifValue {
        let masked = if ty.bits() >= 64 { v } else { v & ((1i64 << ty.bits()) - 1) };
        self.b.ins().iconst(ty, masked)
    }

    // ---- builtins -------------------------------------------------------------------

    /// Call the builtin named `symbol` (a helper of the lowering itself) with `args`;
    /// returns its result, if any.
    pub fn call_symbol(&mut self, symbol: &str, args: &[ClifValue]) -> Result<Option<ClifValue>> {
        let id = ir::BuiltinId::of(symbol)
            .ok_or_else(|| CompileError::internal(format!("the runtime library has no function `{symbol}`")))?;
        self.call_builtin(id, args)
    }

    /// Call `builtin` with `args`; returns its result, if any.
    pub fn call_builtin(&mut self, builtin: ir::BuiltinId, args: &[ClifValue]) -> Result<Option<ClifValue>> {
        let (bi, symbol) = (builtin.get(), builtin.symbol());
        if bi.params.len() != args.len() {
            return Err(CompileError::internal(format!(
                "`{symbol}` takes {} arguments; {} given",
                bi.params.len(),
                args.len()
            )));
        }
        for (i, (p, a)) in bi.params.iter().zip(args).enumerate() {
            let want = super::call::arg_type(*p);
            let have = self.vty(*a);
            if Some(have) != want {
                return Err(CompileError::internal(format!(
                    "argument {i} of `{symbol}` is {have}; the function takes {p:?}"
                )));
            }
        }
        let fref = match self.imports.get(&builtin) {
            Some(f) => *f,
            None => {
                let mut sig = Signature::new(self.jit_call_conv());
                for p in bi.params {
                    if let Some(t) = super::call::arg_type(*p) {
                        sig.params.push(super::call::abi_param(t));
                    }
                }
                if let Some(t) = super::call::arg_type(bi.ret) {
                    sig.returns.push(AbiParam::new(t));
                }
                use cranelift_module::Module as _;
                let id = self
                    .jit
                    .declare_function(symbol, cranelift_module::Linkage::Import, &sig)
                    .map_err(|e| CompileError::internal(format!("cannot declare `{symbol}`: {e}")))?;
                let f = self.jit.declare_func_in_func(id, self.b.func);
                self.imports.insert(builtin, f);
                f
            }
        };
        let call = self.b.ins().call(fref, args);
        Ok(self.b.inst_results(call).first().copied())
    }

    /// Call builtin `symbol` that must return a value.
    pub fn call_value(&mut self, symbol: &str, args: &[ClifValue]) -> Result<ClifValue> {
        self.call_symbol(symbol, args)?
            .ok_or_else(|| CompileError::internal(format!("`{symbol}` returns nothing but its result is used")))
    }

    fn jit_call_conv(&self) -> cranelift_codegen::isa::CallConv {
        use cranelift_module::Module as _;
        self.jit.isa().default_call_conv()
    }
}

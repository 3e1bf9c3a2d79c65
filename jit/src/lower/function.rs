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

use cranelift_codegen::ir::immediates::Imm64;
use cranelift_codegen::ir::{types, Block, GlobalValueData, InstBuilder, MemFlagsData, Value as ClifValue};
use cranelift_frontend::{FunctionBuilder, Switch};
use cranelift_jit::JITModule;
use cranelift_module::Module as _;
use spirjit_abi::context::offsets;
use spirjit_abi::status::error_kind;
use spirjit_abi::Status;

use super::facts::KernelFacts;
use super::leaf::Lanes;
use super::state::{ctx_flags, Assumed, BoundsInfo, FnLower, KernelLayout, LoopParts, Prologue, Translated};
use crate::ir::{self, BlockId, InstKind};
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
    /// The address of module data block `index`: the module data's symbol plus the
    /// block's offset (a relocation, so the machine code does not depend on where this
    /// process put the data and can be cached; see `artifact`).
    pub(crate) fn data_address(&mut self, index: usize) -> Result<ClifValue> {
        let offset = *self
            .data_offsets
            .get(index)
            .ok_or_else(|| CompileError::internal(format!("data block {index} does not exist in the module")))?;
        self.symbol_address(super::DATA_SYMBOL, offset)
    }

    /// The address of host data `symbol` (resolved when the code is linked: the module
    /// data, the robust-access pages) plus `offset`. Compiled code names every host
    /// address this way, never as a constant, so that it can be cached across processes.
    pub(crate) fn symbol_address(&mut self, symbol: &str, offset: u64) -> Result<ClifValue> {
        let id = self
            .jit
            .declare_data(symbol, cranelift_module::Linkage::Import, true, false)
            .map_err(|e| CompileError::internal(format!("cannot declare {symbol}: {e}")))?;
        let gv = self.jit.declare_data_in_func(id, self.b.func);
        let name = match &self.b.func.global_values[gv] {
            GlobalValueData::Symbol { name, .. } => name.clone(),
            other => return Err(CompileError::internal(format!("{symbol} is {other:?}, not a symbol"))),
        };
        let at = self.b.func.create_global_value(GlobalValueData::Symbol {
            name,
            offset: Imm64::new(offset as i64),
            colocated: false,
            tls: false,
        });
        Ok(self.b.ins().symbol_value(types::I64, at))
    }

    /// Set up the entry block, the lane-group loop and its resume dispatch, ready to
    /// translate `kernel`.
    pub fn new(
        mut b: FunctionBuilder<'f>,
        jit: &'a mut JITModule,
        kernel: &'a ir::Kernel,
        facts: &'a KernelFacts,
        path: (Lanes, bool),
        data_offsets: &'a [u64],
        mut bounds: BoundsInfo<'a>,
    ) -> Result<FnLower<'a, 'f>> {
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let params = b.block_params(entry).to_vec();
        let (ctx, first_group, group_count, resume) = (params[0], params[1], params[2], params[3]);
        let load_ctx = |b: &mut FunctionBuilder, off: usize| b.ins().load(types::I64, ctx_flags(), ctx, off as i32);
        let prologue = Prologue {
            dispatch: b.create_block(),
            ctx,
            first_group,
            group_count,
            resume,
            args_ptr: load_ctx(&mut b, offsets::ARGS),
            local_mem: load_ctx(&mut b, offsets::LOCAL_MEM),
            private_mem: load_ctx(&mut b, offsets::PRIVATE_MEM),
            stride: load_ctx(&mut b, offsets::PRIVATE_STRIDE),
            cancel_ptr: load_ctx(&mut b, offsets::CANCEL),
        };
        b.ins().jump(prologue.dispatch, &[]);
        bounds.entry = Some(entry);
        let loop_parts = LoopParts { b, jit, bounds, imports: HashMap::new(), lane_scratch: Default::default() };
        Self::open_loop(loop_parts, kernel, facts, path, data_offsets, prologue, None)
    }

    /// Open a lane-group loop in a new block (which the dispatch jumps to): the
    /// per-call part of the loop, the resume dispatch, the lane setup and a Cranelift
    /// block for each KIR block. `assumed` is set for the steady loop.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn open_loop(
        parts: LoopParts<'a, 'f>,
        kernel: &'a ir::Kernel,
        facts: &'a KernelFacts,
        (lanes, masked): (Lanes, bool),
        data_offsets: &'a [u64],
        prologue: Prologue,
        assumed: Option<Assumed>,
    ) -> Result<FnLower<'a, 'f>> {
        let LoopParts { mut b, jit, bounds, imports, lane_scratch } = parts;
        let loop_start = b.create_block();
        b.switch_to_block(loop_start);
        let func = &kernel.func;
        let layout = KernelLayout::new(func, lanes)?;
        let cfg = &facts.cfg;
        let has_barriers = facts.has_barriers;
        let liveness = facts.liveness.as_ref();
        let mut needs_var = needs_variable(func, facts, masked);
        let versioned =
            if lanes.0 > 1 { super::version::versioned_blocks(func, facts.uniformity.as_ref()) } else { Vec::new() };
        super::version::mark_variables(func, &versioned, &mut needs_var);
        let Prologue { ctx, first_group, group_count, resume, private_mem, stride, .. } = prologue;

        // A kernel without barriers is only ever entered at its start; any other resume
        // point is a driver bug, reported once per call rather than tested per lane group.
        if !has_barriers {
            let (bad, go) = (b.create_block(), b.create_block());
            b.ins().brif(resume, bad, &[], go, &[]);
            b.set_cold_block(bad);
            b.switch_to_block(bad);
            let id = b.ins().imul_imm_s(first_group, i64::from(lanes.0));
            super::env::record_error(&mut b, ctx, error_kind::UNREACHABLE, id);
            let status = b.ins().iconst(types::I64, Status::ERROR as i64);
            b.ins().return_(&[status]);
            b.switch_to_block(go);
        }

        // From here on, code runs once per lane group (the loop head and the kernel).
        let rows = lanes.0 > 1 && facts.uniformity.as_ref().is_some_and(|u| u.whole_rows());
        let (group, lane_group, mut ids) =
            super::entry::open(&mut b, func, ctx, first_group, group_count, lanes.0, has_barriers, rows);
        ids.build_lane_vectors(&mut b, lane_group, lanes.0, rows)?;
        let off = b.ins().imul(lane_group, stride);
        let private_base = b.ins().iadd(private_mem, off);
        let (uni, setup) = if lanes.0 > 1 {
            let uni = facts.uniformity.as_ref().ok_or_else(|| {
                CompileError::internal(format!(
                    "the vector path (W = {}) was planned without a uniformity analysis",
                    lanes.0
                ))
            })?;
            let mut setup = super::vector::lane_setup(&mut b, func, ctx, lane_group, lanes)?;
            if assumed.is_some() {
                // The steady loop runs only calls whose lane groups are all full.
                let one = b.ins().iconst(types::I8, 1);
                setup.active = vec![one; lanes.0 as usize];
                setup.all_active = one;
                setup.lanes_left = b.ins().iconst(types::I32, i64::from(lanes.0));
            }
            (Some(uni), Some(setup))
        } else {
            (None, None)
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
        let bad_resume = (!resume_blocks.is_empty()).then(|| b.create_block());
        match bad_resume {
            Some(bad_resume) => {
                let mut sw = Switch::new();
                sw.set_entry(0, start);
                for (i, &rb) in resume_blocks.iter().enumerate() {
                    sw.set_entry(i as u128 + 1, rb);
                }
                sw.emit(&mut b, resume, bad_resume);
            }
            None => {
                b.ins().jump(start, &[]);
            }
        }

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
            data_offsets,
            bounds,
            private_end: layout.vars_size,
            layout,
            vars: vec![None; func.values.len()],
            needs_var,
            direct: vec![None; func.values.len()],
            lane_scratch,
            blocks,
            resume_blocks,
            barrier_ids,
            save_slots: HashMap::new(),
            saved_at_def: super::barrier::saved_at_definition(func, cfg, liveness),
            anchored: super::anchor::anchored_links(func),
            anchor_slot: None,
            cfg,
            facts,
            liveness,
            imports,
            cancelled_block: None,
            unreachable_block: None,
            error_exits: Vec::new(),
            lane_group,
            private_base,
            uni,
            cur_at: None,
            affine_readable: None,
            def_block: if masked { super::masked::def_blocks(func) } else { Vec::new() },
            all_active: setup.as_ref().map(|s| s.all_active),
            lanes_left: setup.as_ref().map(|s| s.lanes_left),
            dummy: setup.as_ref().map(|s| s.dummy),
            active: setup.map(|s| s.active).unwrap_or_default(),
            masks: None,
            group,
            ids,
            remarks: Vec::new(),
            collect_remarks: false,
            versioned,
            fast_copy: None,
            steady: None,
            assumed,
            prologue,
            loop_start,
            fallback_loop: None,
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
        // An unknown resume point is a driver bug; report it rather than guess.
        if let Some(bad_resume) = bad_resume {
            this.b.switch_to_block(bad_resume);
            this.emit_error_return(error_kind::UNREACHABLE);
        }

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

    /// Translate every reachable block into this lane-group loop and close it.
    pub fn translate_loop(&mut self) -> Result<()> {
        if self.masks.is_some() {
            self.translate_masked()?;
        } else {
            for blk in self.cfg.rpo.clone() {
                self.translate_block(blk)?;
            }
        }
        self.close_group_loop();
        self.finish_cold_blocks();
        Ok(())
    }

    /// Fill the dispatch (the steady loop when its assumptions hold, otherwise the
    /// general one) and finish the function.
    pub fn finish(mut self) -> Result<Translated> {
        self.b.switch_to_block(self.prologue.dispatch);
        match self.fallback_loop {
            Some(general) => {
                let holds = self.assumptions_hold();
                self.b.ins().brif(holds, self.loop_start, &[], general, &[]);
            }
            None => {
                self.b.ins().jump(self.loop_start, &[]);
            }
        }
        self.b.seal_all_blocks();
        let align = self.layout.align;
        let stride = self.private_end.div_ceil(align) * align;
        let barrier_count = self.resume_blocks.len() as u32;
        let config = {
            use cranelift_module::Module as _;
            self.jit.target_config()
        };
        self.b.finalize(config);
        let whole_rows = self.uni.is_some_and(|u| u.whole_rows());
        Ok(Translated {
            private_stride: stride,
            private_align: align,
            barrier_count,
            whole_rows,
            remarks: self.remarks,
        })
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

    /// Translate the instructions at positions `range` of `blk` once, at the current
    /// point (`version::translate_insts` decides how often).
    pub(crate) fn translate_insts_once(&mut self, blk: BlockId, range: std::ops::Range<usize>) -> Result<()> {
        let func = self.func;
        let block = func.block(blk);
        for (pos, &ii) in block.insts.iter().enumerate().take(range.end).skip(range.start) {
            let inst = func.inst(ii);
            self.cur_at = Some((blk, pos));
            self.lower_inst(blk, pos, inst).map_err(|e| {
                let text = super::shorten(ir::display::InstText(func, inst).to_string(), 160, "…");
                e.at(None, format!("{blk}: {text}"), inst.result.map(|v| v.0))
            })?;
            self.note_lowered(&inst.kind);
            if let Some(r) = inst.result {
                self.save_at_definition(r)?;
                self.anchor(r)?;
            }
        }
        Ok(())
    }
}

//! Control flow of the lowering: terminators (jumps, branches, switches, returns) and the
//! edges that pass block arguments, the cancel polls on loop back-edges, and the shared
//! cold blocks (cancelled, unreachable) filled once the kernel is translated. Divergent
//! control flow under masks is `masked`; this module handles the uniform case.

use cranelift_codegen::ir::{types, Block, BlockArg, InstBuilder, MemFlagsData};
use cranelift_frontend::Switch;
use spirjit_abi::status::error_kind;
use spirjit_abi::Status;

use super::leaf::At;
use super::state::FnLower;
use crate::ir::{BlockCall, BlockId, Terminator};
use crate::{CompileError, Result};

impl<'a, 'f> FnLower<'a, 'f> {
    pub(crate) fn translate_terminator(&mut self, blk: BlockId, term: &'a Terminator) -> Result<()> {
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
    pub(crate) fn edge(
        &mut self,
        from: BlockId,
        call: &'a BlockCall,
    ) -> Result<(Block, Option<(Block, &'a BlockCall)>)> {
        let target = self.clif_block(call.block)?;
        if call.args.is_empty() && !self.cfg.is_retreating(from, call.block) {
            return Ok((target, None));
        }
        let eb = self.b.create_block();
        Ok((eb, Some((eb, call))))
    }
    pub(crate) fn finish_edges(&mut self, from: BlockId, pending: Vec<(Block, &'a BlockCall)>) -> Result<()> {
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
        let flag = self.b.ins().atomic_load(types::I32, MemFlagsData::trusted(), self.prologue.cancel_ptr);
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
    pub(crate) fn finish_cold_blocks(&mut self) {
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
}

//! `async_work_group_copy`, `async_work_group_strided_copy` and `wait_group_events`
//! (`OpGroupAsyncCopy`, `OpGroupWaitEvents`).
//!
//! Every work-item of a group makes the same call; the copy is done once, by the
//! work-item whose local id is (0, 0, 0), when the call is reached, and
//! `wait_group_events` is a work-group barrier, so that the copied data is visible to
//! the whole group when the wait returns, as OpenCL requires. Events are plain integers
//! (the event operand passed through); there is nothing to wait for but the barrier.
//!
//! This module translates these two instructions only; it must not know about other
//! group operations.

use rspirv::spirv::{Op, StorageClass};

use crate::frontend::spirv::function::{Frame, Translator};
use crate::frontend::spirv::reader::SpvInst;
use crate::ir::{BinaryOp, InstKind, IntCC, Type, Value, WorkItemQuery};
use crate::{CompileError, Result};

impl Translator<'_> {
    pub(super) fn group_async(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        match inst.op {
            Op::GroupWaitEvents => {
                self.emit_void(InstKind::Barrier);
                Ok(())
            }
            Op::GroupAsyncCopy => {
                let dst = self.op(fr, inst, 1)?;
                let src = self.op(fr, inst, 2)?;
                let count = self.op(fr, inst, 3)?;
                let stride = self.op(fr, inst, 4)?;
                let event = self.op(fr, inst, 5)?;
                let dst_ty = self.m.type_of_value(inst.id(1)?)?;
                let (dst_sc, pointee) = self.m.pointer_type(dst_ty)?;
                let elem = self.ty(pointee)?.size();
                // Global memory is the strided side: the source when copying into local
                // memory, the destination otherwise.
                let into_local = dst_sc == StorageClass::Workgroup;
                let count = self.int_cast(count, &Type::I64, false);
                let stride = self.int_cast(stride, &Type::I64, false);
                self.copy_once_per_group(dst, src, count, stride, elem, into_local)?;
                self.set_v(fr, inst, event)
            }
            _ => Err(CompileError::internal("group_async() called for another opcode")),
        }
    }

    /// In the work-item with local id (0, 0, 0): element `i < count` (each `elem` bytes)
    /// of `src` to `dst`, the global side stepping `stride` elements.
    fn copy_once_per_group(
        &mut self,
        dst: Value,
        src: Value,
        count: Value,
        stride: Value,
        elem: u64,
        into_local: bool,
    ) -> Result<()> {
        let zero = self.i64c(0);
        let mut first = None;
        for d in 0..3 {
            let dim = self.i32c(d);
            let id = self.emit(InstKind::WorkItem(WorkItemQuery::LocalId, dim), self.size_ty.clone());
            let id = self.int_cast(id, &Type::I64, false);
            let is_zero = self.emit(InstKind::Icmp(IntCC::Eq, id, zero), Type::BOOL);
            first = Some(match first {
                None => is_zero,
                Some(f) => self.emit(InstKind::Binary(BinaryOp::And, f, is_zero), Type::BOOL),
            });
        }
        let first = first.ok_or_else(|| CompileError::internal("no local id dimensions"))?;
        let (header, body, done) = {
            let mut b = self.builder();
            (b.create_block(), b.create_block(), b.create_block())
        };
        let i = self.builder().append_block_param(header, Type::I64);
        self.builder().branch(first, header, &[zero], done, &[]);
        self.cur = header;
        let more = self.emit(InstKind::Icmp(IntCC::Ult, i, count), Type::BOOL);
        self.builder().branch(more, body, &[], done, &[]);
        self.cur = body;
        let size = self.i64c(elem as i64);
        let step = self.emit(InstKind::Binary(BinaryOp::IMul, i, size), Type::I64);
        let strided = self.emit(InstKind::Binary(BinaryOp::IMul, step, stride), Type::I64);
        let (dst_off, src_off) = if into_local { (step, strided) } else { (strided, step) };
        let d = self.builder().ptr_add(dst, dst_off);
        let s = self.builder().ptr_add(src, src_off);
        self.emit_void(InstKind::CopyMemory { dst: d, src: s, size });
        let one = self.i64c(1);
        let next = self.emit(InstKind::Binary(BinaryOp::IAdd, i, one), Type::I64);
        self.builder().jump(header, &[next]);
        self.cur = done;
        Ok(())
    }
}

//! OpenCL `printf` (`OpExtInst printf`) and Vulkan's `NonSemantic.DebugPrintf` (its
//! format an `OpString`, laid out as constant data by `constants`): one whole-value call of the `spirjit_printf`
//! builtin with the format string, a descriptor of each argument's type and offset, the
//! arguments laid out in one struct, their count and the work-item's global linear id
//! (the runtime prints work-items in that order).
//!
//! The descriptor encoding is the builtin's (`spirjit_builtins::printf`); this module
//! must not format anything itself.

use rspirv::spirv::Op;
use spirjit_builtins::printf::{arg_code, ARG_FLOAT, ARG_INT, ARG_PTR};

use super::function::{Frame, Translator};
use super::reader::SpvInst;
use crate::ir::{AddressSpace, BinaryOp, ConvOp, Conversion, InstKind, Scalar, Type, Value, WorkItemQuery};
use crate::{CompileError, Result};

impl Translator<'_> {
    /// `printf(format, args...)`; returns the call's `i32` result (0).
    pub(crate) fn printf(&mut self, fr: &Frame, inst: &SpvInst) -> Result<Value> {
        let fmt = self.op(fr, inst, 2)?;
        self.printf_call(fr, inst, fmt)
    }

    /// `NonSemantic.DebugPrintf`: `OpExtInst %void %set 1 %format %args...`, printed as
    /// OpenCL `printf` prints (GLSL `debugPrintfEXT` formats are C formats).
    pub(crate) fn debug_printf(&mut self, fr: &Frame, inst: &SpvInst) -> Result<()> {
        let id = inst.id(2)?;
        let data = match self.m.def(id)?.op {
            Op::String => self.m.data_ids.get(&id).copied(),
            _ => None,
        }
        .ok_or_else(|| CompileError::invalid(format!("the format of DebugPrintf, %{id}, is not an OpString")))?;
        let fmt = match self.cache.get(&id) {
            Some(v) => *v,
            None => {
                let v = self.emit_prologue(InstKind::DataAddr(data), Type::ptr(AddressSpace::Constant));
                self.cache.insert(id, v);
                v
            }
        };
        self.printf_call(fr, inst, fmt)?;
        Ok(())
    }

    /// A call of the printf builtin with format `fmt` and the arguments from operand 3
    /// of `inst` on; the call's result as `inst`'s result type (`i32` when it has none).
    fn printf_call(&mut self, fr: &Frame, inst: &SpvInst, fmt: Value) -> Result<Value> {
        let mut args = Vec::new();
        let mut types = Vec::new();
        let mut codes = Vec::new();
        for i in 3..inst.operands.len() {
            let mut v = self.op(fr, inst, i)?;
            let mut ty = self.ty_of(v);
            if ty == Type::BOOL {
                let conv = Conversion { op: ConvOp::BoolToNum, saturate: false, rounding: None };
                v = self.emit(InstKind::Convert(conv, v), Type::I32);
                ty = Type::I32;
            }
            let (s, lanes) = match &ty {
                Type::Scalar(s) => (*s, 1u32),
                Type::Vector(s, n) => (*s, *n as u32),
                other => {
                    return Err(CompileError::unsupported(format!(
                        "printf argument {} has type {other}; printf takes scalars, vectors and strings",
                        i - 3
                    )))
                }
            };
            let kind = match s {
                Scalar::Ptr(_) => ARG_PTR,
                s if s.is_float() => ARG_FLOAT,
                Scalar::Bool => {
                    return Err(CompileError::unsupported(format!("printf argument {} is a bool vector", i - 3)))
                }
                _ => ARG_INT,
            };
            codes.push(arg_code(kind, s.size() as u32, lanes));
            args.push(v);
            types.push(ty);
        }
        let n = args.len();
        let (descs, block) = if n == 0 {
            let null = self.konst(&Type::ptr(AddressSpace::Private), &[0]);
            (null, null)
        } else {
            let block_ty = Type::c_struct(types, false);
            let offsets: Vec<u64> = match &block_ty {
                Type::Struct(st) => st.members.iter().map(|(o, _)| *o).collect(),
                _ => return Err(CompileError::internal("printf argument block is not a struct")),
            };
            let mut words = Vec::with_capacity(2 * n);
            for (code, off) in codes.iter().zip(&offsets) {
                words.push(self.i32c(*code));
                let off =
                    u32::try_from(*off).map_err(|_| CompileError::limit("printf arguments take more than 4 GiB"))?;
                words.push(self.i32c(off));
            }
            let desc_ty = Type::Array { elem: Box::new(Type::I32), len: 2 * n as u64, stride: 4 };
            let descs = self.emit(InstKind::Construct(words), desc_ty);
            let block = self.emit(InstKind::Construct(args), block_ty);
            (descs, block)
        };
        let count = self.i32c(n as u32);
        let gid = self.global_linear_id();
        let rt = self.rty(inst).unwrap_or(Type::I32);
        let r = self.emit(
            InstKind::CallWhole {
                builtin: super::builtin_id("spirjit_printf")?,
                args: vec![fmt, descs, block, count, gid],
            },
            Type::I32,
        );
        Ok(if rt == Type::I32 {
            r
        } else {
            let conv = Conversion { op: ConvOp::SToS, saturate: false, rounding: None };
            self.emit(InstKind::Convert(conv, r), rt)
        })
    }

    /// The work-item's global linear id as an `i64`:
    /// `(gx - ox) + sx * ((gy - oy) + sy * (gz - oz))`.
    fn global_linear_id(&mut self) -> Value {
        let st = self.size_ty.clone();
        let q = |t: &mut Self, what: WorkItemQuery, d: u32| {
            let dim = t.i32c(d);
            let v = t.emit(InstKind::WorkItem(what, dim), st.clone());
            if st == Type::I64 {
                v
            } else {
                let conv = Conversion { op: ConvOp::UToU, saturate: false, rounding: None };
                t.emit(InstKind::Convert(conv, v), Type::I64)
            }
        };
        let mut rel = [Value(0); 3];
        let mut size = [Value(0); 3];
        for d in 0..3 {
            let g = q(self, WorkItemQuery::GlobalId, d);
            let o = q(self, WorkItemQuery::GlobalOffset, d);
            rel[d as usize] = self.emit(InstKind::Binary(BinaryOp::ISub, g, o), Type::I64);
            size[d as usize] = q(self, WorkItemQuery::GlobalSize, d);
        }
        let zy = self.emit(InstKind::Binary(BinaryOp::IMul, size[1], rel[2]), Type::I64);
        let yz = self.emit(InstKind::Binary(BinaryOp::IAdd, rel[1], zy), Type::I64);
        let xyz = self.emit(InstKind::Binary(BinaryOp::IMul, size[0], yz), Type::I64);
        self.emit(InstKind::Binary(BinaryOp::IAdd, rel[0], xyz), Type::I64)
    }
}

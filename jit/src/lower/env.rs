//! What the compiled code reaches outside its own values: the error record of the launch
//! context (and returning `Status::ERROR`), and calls of runtime builtins (imported once
//! per function, declared with the signature of the builtins table). Launch-context
//! fields and argument slots are read with the offsets of `spirjit_abi`, never by hand.

use cranelift_codegen::ir::{types, AbiParam, InstBuilder, MemFlagsData, Signature, Value as ClifValue};
use cranelift_frontend::FunctionBuilder;
use spirjit_abi::context::offsets;
use spirjit_abi::Status;

use super::state::{ctx_flags, FnLower};
use crate::ir::{self};
use crate::{CompileError, Result};

/// Write an error of `kind` (no argument, offset or size) for the work-item with local
/// linear id `id` (an `i64`) into the launch context `ctx`'s error record.
pub(crate) fn record_error(b: &mut FunctionBuilder, ctx: ClifValue, kind: u32, id: ClifValue) {
    let err = b.ins().load(types::I64, ctx_flags(), ctx, offsets::ERROR as i32);
    let flags = MemFlagsData::trusted();
    let k = b.ins().iconst(types::I32, kind as i64);
    b.ins().store(flags, k, err, offsets::ERROR_KIND as i32);
    let arg = b.ins().iconst(types::I32, u32::MAX as i64);
    b.ins().store(flags, arg, err, offsets::ERROR_ARG as i32);
    let zero = b.ins().iconst(types::I64, 0);
    b.ins().store(flags, zero, err, offsets::ERROR_OFFSET as i32);
    b.ins().store(flags, zero, err, offsets::ERROR_SIZE as i32);
    b.ins().store(flags, id, err, offsets::ERROR_LOCAL_LINEAR_ID as i32);
}

impl<'a, 'f> FnLower<'a, 'f> {
    /// Record an error of `kind` for this lane group and return `Status::ERROR`.
    pub(crate) fn emit_error_return(&mut self, kind: u32) {
        let id = self.b.ins().imul_imm_s(self.lane_group, self.lanes.0 as i64);
        self.emit_error_return_at(kind, id);
    }
    /// Record an error of `kind` for the work-item with local linear id `id` (an `i64`)
    /// and return `Status::ERROR`.
    pub(crate) fn emit_error_return_at(&mut self, kind: u32, id: ClifValue) {
        record_error(&mut self.b, self.prologue.ctx, kind, id);
        self.end_lane_group(Status::ERROR);
    }
    /// Call the builtin named `symbol` (a helper of the lowering itself) with `args`;
    /// returns its result, if any.
    pub(crate) fn call_symbol(&mut self, symbol: &str, args: &[ClifValue]) -> Result<Option<ClifValue>> {
        let id = ir::BuiltinId::of(symbol)
            .ok_or_else(|| CompileError::internal(format!("the runtime library has no function `{symbol}`")))?;
        self.call_builtin(id, args)
    }
    /// Call `builtin` with `args`; returns its result, if any.
    pub(crate) fn call_builtin(&mut self, builtin: ir::BuiltinId, args: &[ClifValue]) -> Result<Option<ClifValue>> {
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
    pub(crate) fn call_value(&mut self, symbol: &str, args: &[ClifValue]) -> Result<ClifValue> {
        self.call_symbol(symbol, args)?
            .ok_or_else(|| CompileError::internal(format!("`{symbol}` returns nothing but its result is used")))
    }
    pub(crate) fn jit_call_conv(&self) -> cranelift_codegen::isa::CallConv {
        use cranelift_module::Module as _;
        self.jit.isa().default_call_conv()
    }
}

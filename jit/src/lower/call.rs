//! Calls of runtime builtins (`InstKind::Call`): component-wise calls of the scalar
//! functions in `spirjit-builtins`' table.
//!
//! The import plumbing (declaring a symbol with its table signature) is in `function`;
//! this module maps operands to calls and must not implement any math itself.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, Type as ClifType, Value as ClifValue};
use spirjit_builtins::ArgType;

use super::function::FnLower;
use crate::ir::{self, Scalar};
use crate::{CompileError, Result};

/// The Cranelift type of a builtin parameter or result (`None` for void).
pub(crate) fn arg_type(t: ArgType) -> Option<ClifType> {
    Some(match t {
        ArgType::I8 => types::I8,
        ArgType::I16 => types::I16,
        ArgType::I32 => types::I32,
        ArgType::I64 | ArgType::Ptr => types::I64,
        ArgType::F32 => types::F32,
        ArgType::F64 => types::F64,
        ArgType::Void => return None,
    })
}

impl FnLower<'_, '_> {
    /// `Call { symbol, args }`: one call per component; scalar operands are passed to
    /// every call.
    pub(crate) fn call_builtin_op(
        &mut self,
        symbol: &str,
        args: &[ir::Value],
        result: Option<ir::Value>,
    ) -> Result<Option<Vec<ClifValue>>> {
        let params = spirjit_builtins::lookup(symbol).map(|b| b.params).unwrap_or(&[]);
        let mut vals = Vec::with_capacity(args.len());
        for (j, a) in args.iter().enumerate() {
            let mut v = self.get(*a)?;
            // Bools never cross: pass them as 0/1 in the parameter's integer type.
            if self.value_type(*a)?.scalar() == Some(Scalar::Bool) {
                if let Some(t) = params.get(j).and_then(|p| arg_type(*p)).filter(|t| t.is_int() && t.bits() > 8) {
                    v = v.into_iter().map(|x| self.b.ins().uextend(t, x)).collect();
                }
            }
            vals.push(v);
        }
        let bool_result = match result {
            Some(r) => self.value_type(r)?.scalar() == Some(Scalar::Bool),
            None => false,
        };
        let n = match result {
            Some(r) => self.leaf_scalars(r)?.len(),
            None => vals.iter().map(|v| v.len()).max().unwrap_or(1),
        };
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let mut call_args = Vec::with_capacity(vals.len());
            for (j, v) in vals.iter().enumerate() {
                let x = match v.len() {
                    1 => v[0],
                    len if len == n => v[i],
                    len => {
                        return Err(CompileError::invalid(format!(
                            "operand {j} of `{symbol}` has {len} components; the call has {n}"
                        )))
                    }
                };
                call_args.push(x);
            }
            let r = self.call_symbol(symbol, &call_args)?;
            if result.is_some() {
                let r = r.ok_or_else(|| {
                    CompileError::invalid(format!("`{symbol}` returns nothing but its result is used"))
                })?;
                out.push(if bool_result { self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0) } else { r });
            }
        }
        Ok(result.map(|_| out))
    }
}

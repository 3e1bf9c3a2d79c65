//! Structural checks of a KIR function: catches front-end bugs before lowering.
//!
//! A failure here is a bug in spirjit (the front end produced bad KIR), not bad input;
//! the caller reports it as an internal error.

use super::{Function, Value, ValueOrigin};

/// Check that every operand refers to an existing value, every jump passes as many
/// arguments as its target has parameters with matching types, every value is
/// defined where its origin says, and sub-group operations have their operand count.
pub fn verify(func: &Function) -> Result<(), String> {
    let nvalues = func.values.len() as u32;
    let check = |v: Value, what: &dyn Fn() -> String| -> Result<(), String> {
        if v.0 >= nvalues {
            return Err(format!("{} uses {v}, which does not exist", what()));
        }
        Ok(())
    };
    if func.blocks.is_empty() {
        return Err("function has no blocks".into());
    }
    for (bi, block) in func.blocks.iter().enumerate() {
        for (pi, p) in block.params.iter().enumerate() {
            check(*p, &|| format!("block{bi}"))?;
            if func.values[p.0 as usize].origin != ValueOrigin::BlockParam(super::BlockId(bi as u32), pi as u32) {
                return Err(format!("block{bi} parameter {pi} ({p}) is recorded with another origin"));
            }
        }
        for &ii in &block.insts {
            let inst = func.insts.get(ii.0 as usize).ok_or_else(|| format!("block{bi} lists missing inst{}", ii.0))?;
            for u in inst.kind.uses() {
                check(u, &|| format!("block{bi}: {:?}", inst.kind))?;
            }
            if let super::InstKind::SubGroup { op, args } = &inst.kind {
                if args.len() != op.arity() {
                    return Err(format!(
                        "block{bi}: sub-group {op:?} takes {} operands, has {}",
                        op.arity(),
                        args.len()
                    ));
                }
            }
            if let Some(r) = inst.result {
                check(r, &|| format!("block{bi}"))?;
                if func.values[r.0 as usize].origin != ValueOrigin::Inst(ii) {
                    return Err(format!("{r} is recorded with another origin than inst{}", ii.0));
                }
            }
        }
        for u in block.term.uses() {
            check(u, &|| format!("terminator of block{bi}"))?;
        }
        for c in block.term.targets() {
            let target =
                func.blocks.get(c.block.0 as usize).ok_or_else(|| format!("block{bi} jumps to missing {}", c.block))?;
            if target.params.len() != c.args.len() {
                return Err(format!(
                    "block{bi} jumps to {} with {} arguments; it takes {}",
                    c.block,
                    c.args.len(),
                    target.params.len()
                ));
            }
            for (a, p) in c.args.iter().zip(&target.params) {
                if func.ty(*a) != func.ty(*p) {
                    return Err(format!(
                        "block{bi} passes {a}: {} to {} parameter {p}: {}",
                        func.ty(*a),
                        c.block,
                        func.ty(*p)
                    ));
                }
            }
        }
    }
    Ok(())
}

//! Checks of a KIR function: catches front-end bugs before lowering.
//!
//! A failure here is a bug in spirjit (the front end produced bad KIR), not bad input;
//! the caller reports it as an internal error. The checks, in order:
//!
//! 1. structure: every operand, block and variable exists; every value is defined once,
//!    where its origin says; every instruction belongs to one block;
//! 2. operands: each instruction's operand count and types fit its operation and
//!    result type (see `operands.rs`), terminators branch on a bool or switch on an
//!    integer, and block arguments match the target's parameters in number and type;
//! 3. dominance: every use is dominated by its definition (a block's parameters are
//!    defined at its start; a terminator's arguments are used at the end of its block).
//!    Uses in blocks unreachable from the entry are not checked for dominance.
//!
//! Time is linear in the size of the function, plus the dominator tree's construction.
//! Messages name the block, the instruction in the text form and the rule broken. This
//! module only reads the function.

mod operands;

use crate::analysis::{Cfg, DomTree};
use crate::ir::display::{InstText, TermText};
use crate::ir::{BlockId, Function, Terminator, Value, ValueOrigin};

/// Check `func`; the error says what is wrong and where.
pub fn verify(func: &Function) -> Result<(), String> {
    if func.blocks.is_empty() {
        return Err("function has no blocks".into());
    }
    let defs = structure(func)?;
    for (bi, block) in func.blocks.iter().enumerate() {
        let b = BlockId(bi as u32);
        for &ii in &block.insts {
            let inst = &func.insts[ii.0 as usize];
            operands::check(func, inst).map_err(|rule| format!("{b}: `{}`: {rule}", InstText(func, inst)))?;
        }
        terminator(func, b).map_err(|rule| format!("{b}: `{}`: {rule}", TermText(&block.term)))?;
    }
    dominance(func, &defs)
}

/// Where a value is defined: its block and position (`None` for a block parameter,
/// which is defined before the block's first instruction).
#[derive(Clone, Copy)]
struct Def {
    block: BlockId,
    index: Option<usize>,
}

/// Check existence and single definition; return where each value is defined.
fn structure(func: &Function) -> Result<Vec<Option<Def>>, String> {
    let nvalues = func.values.len();
    let nblocks = func.blocks.len();
    let exists = |v: Value| (v.0 as usize) < nvalues;
    let mut defs: Vec<Option<Def>> = vec![None; nvalues];
    let mut placed: Vec<Option<BlockId>> = vec![None; func.insts.len()];
    for (bi, block) in func.blocks.iter().enumerate() {
        let b = BlockId(bi as u32);
        for (pi, &p) in block.params.iter().enumerate() {
            if !exists(p) {
                return Err(format!("{b}: parameter {pi} is {p}, which does not exist"));
            }
            if func.values[p.0 as usize].origin != ValueOrigin::BlockParam(b, pi as u32) {
                return Err(format!("{b}: parameter {pi} ({p}) is recorded with another origin"));
            }
            if defs[p.0 as usize].replace(Def { block: b, index: None }).is_some() {
                return Err(format!("{b}: parameter {p} is defined more than once"));
            }
        }
        for (i, &ii) in block.insts.iter().enumerate() {
            let inst = func.insts.get(ii.0 as usize).ok_or_else(|| format!("{b} lists missing inst{}", ii.0))?;
            if let Some(other) = placed[ii.0 as usize].replace(b) {
                return Err(format!("{b}: inst{} is also listed in {other}", ii.0));
            }
            for u in inst.kind.uses() {
                if !exists(u) {
                    return Err(format!("{b}: inst{} uses {u}, which does not exist", ii.0));
                }
            }
            if let crate::ir::InstKind::VarAddr(var) = &inst.kind {
                if var.0 as usize >= func.vars.len() {
                    return Err(format!("{b}: inst{} takes the address of {var}, which does not exist", ii.0));
                }
            }
            if let Some(r) = inst.result {
                if !exists(r) {
                    return Err(format!("{b}: inst{} defines {r}, which does not exist", ii.0));
                }
                if func.values[r.0 as usize].origin != ValueOrigin::Inst(ii) {
                    return Err(format!("{b}: {r} is recorded with another origin than inst{}", ii.0));
                }
                if defs[r.0 as usize].replace(Def { block: b, index: Some(i) }).is_some() {
                    return Err(format!("{b}: {r} is defined more than once"));
                }
            }
        }
        for u in block.term.uses() {
            if !exists(u) {
                return Err(format!("{b}: the terminator uses {u}, which does not exist"));
            }
        }
        for c in block.term.targets() {
            if c.block.0 as usize >= nblocks {
                return Err(format!("{b} jumps to {}, which does not exist", c.block));
            }
        }
    }
    // Values defined by instructions outside every block must not be used; that is
    // caught by the dominance check as a use without a definition.
    Ok(defs)
}

/// The terminator of `b`: condition types and block arguments.
fn terminator(func: &Function, b: BlockId) -> Result<(), String> {
    let term = &func.block(b).term;
    match term {
        Terminator::Branch { cond, .. } if func.ty(*cond) != &crate::ir::Type::BOOL => {
            return Err(format!("the condition {cond} is {}, not bool", func.ty(*cond)));
        }
        Terminator::Switch { value, .. }
            if !func.ty(*value).scalar().is_some_and(|s| s.is_int()) || func.ty(*value).lanes() != Some(1) =>
        {
            return Err(format!("the switch value {value} is {}, not an integer scalar", func.ty(*value)));
        }
        _ => {}
    }
    for c in term.targets() {
        let target = func.block(c.block);
        if target.params.len() != c.args.len() {
            return Err(format!(
                "passes {} arguments to {}, which takes {}",
                c.args.len(),
                c.block,
                target.params.len()
            ));
        }
        for (a, p) in c.args.iter().zip(&target.params) {
            if func.ty(*a) != func.ty(*p) {
                return Err(format!("passes {a}: {} to {} parameter {p}: {}", func.ty(*a), c.block, func.ty(*p)));
            }
        }
    }
    Ok(())
}

/// Pre- and post-order numbers of the dominator tree, for constant-time queries.
struct DomOrder {
    pre: Vec<u32>,
    post: Vec<u32>,
}

impl DomOrder {
    fn new(cfg: &Cfg, dom: &DomTree, n: usize) -> DomOrder {
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &b in cfg.rpo.iter().skip(1) {
            if let Some(d) = dom.idom(b) {
                if d != b {
                    children[d.0 as usize].push(b.0);
                }
            }
        }
        let (mut pre, mut post) = (vec![u32::MAX; n], vec![0; n]);
        let (mut clock_pre, mut clock_post) = (1u32, 0u32);
        if let Some(entry) = cfg.rpo.first() {
            let mut stack = vec![(entry.0, 0usize)];
            pre[entry.0 as usize] = 0;
            while let Some((b, next)) = stack.last_mut() {
                let bi = *b as usize;
                if let Some(&c) = children[bi].get(*next) {
                    *next += 1;
                    pre[c as usize] = clock_pre;
                    clock_pre += 1;
                    stack.push((c, 0));
                } else {
                    post[bi] = clock_post;
                    clock_post += 1;
                    stack.pop();
                }
            }
        }
        DomOrder { pre, post }
    }

    /// True when `a` dominates `b` (both reachable).
    fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let (a, b) = (a.0 as usize, b.0 as usize);
        self.pre[a] != u32::MAX && self.pre[a] <= self.pre[b] && self.post[b] <= self.post[a]
    }
}

/// Every use in a reachable block is dominated by its definition.
fn dominance(func: &Function, defs: &[Option<Def>]) -> Result<(), String> {
    let cfg = Cfg::new(func);
    let dom = DomTree::new(&cfg);
    let order = DomOrder::new(&cfg, &dom, func.blocks.len());
    // `at` is the position of the use in `b` (the terminator is at `insts.len()`).
    let check = |v: Value, b: BlockId, at: usize| -> Result<(), String> {
        let Some(def) = defs[v.0 as usize] else {
            return Err(format!("uses {v}, which no instruction of any block defines"));
        };
        let ok = if def.block == b { def.index.is_none_or(|i| i < at) } else { order.dominates(def.block, b) };
        if ok {
            Ok(())
        } else if def.block == b {
            Err(format!("uses {v} before its definition"))
        } else {
            Err(format!("uses {v}, whose definition in {} does not dominate {b}", def.block))
        }
    };
    for &b in &cfg.rpo {
        let block = func.block(b);
        for (i, &ii) in block.insts.iter().enumerate() {
            let inst = &func.insts[ii.0 as usize];
            for u in inst.kind.uses() {
                check(u, b, i).map_err(|rule| format!("{b}: `{}`: {rule}", InstText(func, inst)))?;
            }
        }
        for u in block.term.uses() {
            check(u, b, block.insts.len()).map_err(|rule| format!("{b}: `{}`: {rule}", TermText(&block.term)))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;

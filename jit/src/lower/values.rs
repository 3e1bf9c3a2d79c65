//! KIR values in the lowering: their leaves at a lane group or one lane ([`At`]), defined
//! directly or through Cranelift variables where they are redefined (`needs_variable`),
//! constants and zeros, and remarks about the instruction being translated.

use cranelift_codegen::ir::{types, InstBuilder, Type as ClifType, Value as ClifValue};
use cranelift_frontend::Variable;

use super::facts::{Remark, RemarkKind};
use super::leaf::{self, At};
use super::state::FnLower;
use crate::ir::{self, Scalar, Type};
use crate::{CompileError, Result};

impl<'a, 'f> FnLower<'a, 'f> {
    /// Record a remark of `kind` about the instruction being translated.
    pub(crate) fn remark(&mut self, kind: RemarkKind, text: impl Into<String>) {
        if !self.collect_remarks {
            return;
        }
        let at = self.cur_at.map(|(blk, pos)| {
            let ii = self.func.block(blk).insts[pos];
            format!(
                "{blk}: {}",
                super::shorten(ir::display::InstText(self.func, self.func.inst(ii)).to_string(), 160, "…")
            )
        });
        self.remarks.push(Remark { kind, at, text: text.into() });
    }
    /// The scalars of `v`'s leaves.
    pub(crate) fn leaf_scalars(&self, v: ir::Value) -> Result<Vec<Scalar>> {
        Ok(leaf::leaves(self.value_type(v)?)?.into_iter().map(|(_, s)| s).collect())
    }
    pub(crate) fn value_type(&self, v: ir::Value) -> Result<&'a Type> {
        let func = self.func;
        func.values
            .get(v.0 as usize)
            .map(|d| &d.ty)
            .ok_or_else(|| CompileError::internal(format!("{v} does not exist")))
    }
    /// True when `v` is carried as vectors (varying at W > 1).
    pub(crate) fn is_varying(&self, v: ir::Value) -> bool {
        self.uni.as_ref().is_some_and(|u| !u.is_uniform(v))
    }
    /// The Cranelift types of `v`'s leaves: one scalar per component for uniform values,
    /// the vectors of every component back to back for varying ones.
    pub(crate) fn leaf_types(&self, v: ir::Value) -> Result<Vec<ClifType>> {
        let scalars = self.leaf_scalars(v)?;
        Ok(if self.is_varying(v) {
            scalars.iter().flat_map(|s| std::iter::repeat_n(leaf::vec_leaf_type(*s), self.lanes.vectors(*s))).collect()
        } else {
            scalars.iter().map(|s| leaf::leaf_type(*s)).collect()
        })
    }
    pub(crate) fn vars_of(&mut self, v: ir::Value) -> Result<Vec<Variable>> {
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
    pub(crate) fn get(&mut self, v: ir::Value, at: At) -> Result<Vec<ClifValue>> {
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
    pub(crate) fn get_like(&mut self, v: ir::Value, like: ir::Value) -> Result<Vec<ClifValue>> {
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
    pub(crate) fn get_scalar(&mut self, v: ir::Value, at: At) -> Result<ClifValue> {
        let mut l = self.get(v, at)?;
        if l.len() != 1 {
            return Err(CompileError::internal(format!("{v} is used as a scalar but has {} components", l.len())));
        }
        Ok(l.remove(0))
    }
    /// Define the leaves of `v`.
    pub(crate) fn set(&mut self, v: ir::Value, leaves: Vec<ClifValue>) -> Result<()> {
        let leaves =
            if self.masks.is_some() && self.is_varying(v) { self.blend_under_mask(v, leaves)? } else { leaves };
        self.set_raw(v, leaves)
    }
    /// Define the leaves of `v` without blending under the execution mask.
    pub(crate) fn set_raw(&mut self, v: ir::Value, leaves: Vec<ClifValue>) -> Result<()> {
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
    pub(crate) fn vty(&self, v: ClifValue) -> ClifType {
        self.b.func.dfg.value_type(v)
    }
    /// Zero leaves of type `ty`.
    pub(crate) fn zeros(&mut self, ty: &Type) -> Result<Vec<ClifValue>> {
        Ok(leaf::leaves(ty)?.into_iter().map(|(_, s)| self.zero(s)).collect())
    }
    pub(crate) fn zero(&mut self, s: Scalar) -> ClifValue {
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
    pub(crate) fn const_leaf(&mut self, s: Scalar, bits: u64) -> ClifValue {
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
    pub(crate) fn iconst(&mut self, ty: ClifType, v: i64) -> ClifValue {
        let masked = if ty.bits() >= 64 { v } else { v & ((1i64 << ty.bits()) - 1) };
        self.b.ins().iconst(ty, masked)
    }
}

//! Vectors and aggregates: shuffles, extracts and inserts (multi-index paths are
//! chained), construction (vectors are flattened to scalars), dynamic component access.
//!
//! Values only; memory access to aggregates is in `memory`.

use rspirv::spirv::Op;

use super::arith::{expect_kind, Kind};
use super::function::{Frame, Translator};
use super::reader::SpvInst;
use crate::ir::{InstKind, Type, Value};
use crate::{CompileError, Result};

impl Translator<'_> {
    pub(crate) fn composite(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let rt = self.rty(inst)?;
        let v = match inst.op {
            Op::VectorShuffle => self.vector_shuffle(fr, inst, rt)?,
            Op::CompositeExtract => {
                let mut v = self.op(fr, inst, 0)?;
                for i in 1..inst.operands.len() {
                    let k = inst.lit(i)?;
                    let t = self.ty_of(v);
                    let ct = t
                        .component(k)
                        .ok_or_else(|| CompileError::invalid(format!("component {k} is out of range for type {t}")))?;
                    v = self.emit(InstKind::Extract(v, k), ct);
                }
                v
            }
            Op::CompositeInsert => {
                let element = self.op(fr, inst, 0)?;
                let agg = self.op(fr, inst, 1)?;
                let path: Vec<u32> = (2..inst.operands.len()).map(|i| inst.lit(i)).collect::<Result<_>>()?;
                self.insert_path(agg, element, &path)?
            }
            Op::CompositeConstruct => self.composite_construct(fr, inst, rt)?,
            Op::VectorExtractDynamic => {
                let a = self.op(fr, inst, 0)?;
                let i = self.op(fr, inst, 1)?;
                let ta = self.ty_of(a);
                if !matches!(ta, Type::Vector(..)) || ta.scalar().map(Type::Scalar) != Some(rt.clone()) {
                    return Err(CompileError::invalid(format!("OpVectorExtractDynamic of {ta} as {rt}")));
                }
                expect_kind(self.f.ty(i), Kind::Int)?;
                self.emit(InstKind::ExtractDyn(a, i), rt)
            }
            Op::VectorInsertDynamic => {
                let vector = self.op(fr, inst, 0)?;
                let element = self.op(fr, inst, 1)?;
                let index = self.op(fr, inst, 2)?;
                let (tv, te) = (self.ty_of(vector), self.ty_of(element));
                if !matches!(tv, Type::Vector(..)) || tv != rt || tv.scalar().map(Type::Scalar) != Some(te.clone()) {
                    return Err(CompileError::invalid(format!("OpVectorInsertDynamic of {te} into {tv} as {rt}")));
                }
                expect_kind(self.f.ty(index), Kind::Int)?;
                self.emit(InstKind::InsertDyn { vector, element, index }, rt)
            }
            _ => return Err(CompileError::internal("composite() called for another opcode")),
        };
        self.set_v(fr, inst, v)
    }

    /// `OpVectorShuffle`: literal indices into the concatenation of two vectors
    /// (`0xffffffff` for an undefined component).
    fn vector_shuffle(&mut self, fr: &Frame, inst: &SpvInst, rt: Type) -> Result<Value> {
        let a = self.op(fr, inst, 0)?;
        let b = self.op(fr, inst, 1)?;
        let (ta, tb) = (self.ty_of(a), self.ty_of(b));
        if !matches!(ta, Type::Vector(..)) || ta.scalar() != tb.scalar() || tb.lanes().is_none() {
            return Err(CompileError::invalid(format!("OpVectorShuffle of {ta} and {tb}")));
        }
        let count = inst.operands.len().saturating_sub(2);
        if rt.scalar() != ta.scalar() || rt.lanes() != Some(count as u32) {
            return Err(CompileError::invalid(format!(
                "OpVectorShuffle selects {count} components of {ta} but its result type is {rt}"
            )));
        }
        let total = ta.lanes().unwrap_or(1) + tb.lanes().unwrap_or(1);
        let mut indices = Vec::new();
        for i in 2..inst.operands.len() {
            let k = inst.lit(i)?;
            if k != u32::MAX && k >= total {
                return Err(CompileError::invalid(format!("shuffle index {k} is out of range ({total} components)")));
            }
            indices.push(k);
        }
        Ok(self.emit(InstKind::Shuffle { a, b, indices }, rt))
    }

    /// `OpCompositeConstruct`: vectors from scalars and vectors (flattened), aggregates
    /// from one value per member.
    fn composite_construct(&mut self, fr: &Frame, inst: &SpvInst, rt: Type) -> Result<Value> {
        let mut parts = Vec::new();
        for i in 0..inst.operands.len() {
            parts.push(self.op(fr, inst, i)?);
        }
        if let Type::Vector(s, n) = rt {
            let mut flat = Vec::new();
            for p in parts {
                match self.ty_of(p) {
                    Type::Vector(_, m) => {
                        for k in 0..m as u32 {
                            flat.push(self.emit(InstKind::Extract(p, k), Type::Scalar(s)));
                        }
                    }
                    _ => flat.push(p),
                }
            }
            if flat.iter().any(|p| self.f.ty(*p) != &Type::Scalar(s)) {
                return Err(CompileError::invalid(format!(
                    "OpCompositeConstruct of a {rt} from components of another type"
                )));
            }
            if flat.len() != n as usize {
                return Err(CompileError::invalid(format!(
                    "OpCompositeConstruct gives {} components for a {n}-component vector",
                    flat.len()
                )));
            }
            Ok(self.emit(InstKind::Construct(flat), rt))
        } else {
            if parts.len() as u64 != rt.component_count() {
                return Err(CompileError::invalid(format!(
                    "OpCompositeConstruct gives {} members for {rt}",
                    parts.len()
                )));
            }
            for (k, p) in parts.iter().enumerate() {
                if rt.component(k as u32).as_ref() != Some(self.f.ty(*p)) {
                    return Err(CompileError::invalid(format!(
                        "OpCompositeConstruct member {k} has type {}, which does not match {rt}",
                        self.f.ty(*p)
                    )));
                }
            }
            Ok(self.emit(InstKind::Construct(parts), rt))
        }
    }

    /// `v` as a value of `to`, a type of the same shape whose members or elements may be
    /// laid out differently in memory (`OpCopyLogical`): rebuilt member by member.
    pub(crate) fn relayout(&mut self, v: Value, to: &Type) -> Result<Value> {
        let from = self.ty_of(v);
        if &from == to {
            return Ok(v);
        }
        let n = from.component_count();
        let aggregate = |t: &Type| matches!(t, Type::Array { .. } | Type::Struct(_));
        if !aggregate(&from) || !aggregate(to) || n != to.component_count() {
            return Err(CompileError::invalid(format!("OpCopyLogical of a {from} as {to}: the shapes differ")));
        }
        let mut parts = Vec::with_capacity(n as usize);
        for k in 0..n as u32 {
            let (Some(fc), Some(tc)) = (from.component(k), to.component(k)) else {
                return Err(CompileError::invalid(format!("OpCopyLogical of a {from} as {to}")));
            };
            let part = self.emit(InstKind::Extract(v, k), fc);
            parts.push(self.relayout(part, &tc)?);
        }
        Ok(self.emit(InstKind::Construct(parts), to.clone()))
    }

    /// `agg` with the component at `path` replaced by `element`.
    fn insert_path(&mut self, agg: Value, element: Value, path: &[u32]) -> Result<Value> {
        let Some((&k, rest)) = path.split_first() else {
            return Ok(element);
        };
        let t = self.ty_of(agg);
        let ct = t
            .component(k)
            .ok_or_else(|| CompileError::invalid(format!("component {k} is out of range for type {t}")))?;
        let inner = if rest.is_empty() {
            if self.f.ty(element) != &ct {
                return Err(CompileError::invalid(format!(
                    "OpCompositeInsert of a {} where component {k} of {t} is {ct}",
                    self.f.ty(element)
                )));
            }
            element
        } else {
            let sub = self.emit(InstKind::Extract(agg, k), ct);
            self.insert_path(sub, element, rest)?
        };
        Ok(self.emit(InstKind::Insert { aggregate: agg, element: inner, index: k }, t))
    }
}

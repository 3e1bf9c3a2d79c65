//! What one KIR value is in Cranelift: a list of leaves.
//!
//! Every KIR value is flattened to its scalar leaves (vectors component by component,
//! structs and arrays member by member, in [`Type::leaves`] order). A leaf of scalar `s`
//! is represented as [`leaf_type`]`(s)`: bools as `i8` 0/1, `f16` as its `i16` bits,
//! pointers as `i64`. At W = 1 a leaf is one Cranelift value of that type; a wider
//! lowering replaces this module's notion of a leaf (and only it) with a bundle of
//! 128-bit vectors. This module must not emit instructions beyond leaf bookkeeping.

use cranelift_codegen::ir::types;
use cranelift_codegen::ir::Type as ClifType;

use crate::ir::{Scalar, Type};
use crate::{CompileError, Result};

/// Most leaves one KIR value may have (a `float16` has 16; large by-value arrays more).
pub const MAX_LEAVES: usize = 4096;

/// The shape every leaf has: the number of work-items it carries.
/// Which lanes an instruction's lowering reads and produces, passed explicitly to every
/// lowering that can run for one lane.
///
/// * `Group`: the whole lane group: uniform values are scalars, varying values their
///   leaf vectors (at W = 1, the one work-item).
/// * `Lane(l)`: only lane `l` of a varying value (a scalar per leaf), as when an
///   instruction without a vector form is lowered once per lane and the lanes are
///   packed afterwards (`vector::per_lane_value`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum At {
    Group,
    Lane(u32),
}

impl At {
    /// The lane, for a per-lane lowering.
    pub fn lane(self) -> Option<u32> {
        match self {
            At::Group => None,
            At::Lane(l) => Some(l),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lanes(pub u32);

impl Lanes {
    /// Bytes a leaf of `s` occupies when saved across a barrier.
    pub fn save_bytes(self, s: Scalar) -> u64 {
        s.size() * self.0 as u64
    }

    /// Alignment of a saved leaf of `s`.
    pub fn save_align(self, s: Scalar) -> u64 {
        self.save_bytes(s).clamp(1, 16)
    }
}

/// The Cranelift type of one leaf of scalar `s` at W = 1.
pub fn leaf_type(s: Scalar) -> ClifType {
    match s {
        Scalar::Bool | Scalar::I8 => types::I8,
        Scalar::I16 | Scalar::F16 => types::I16,
        Scalar::I32 => types::I32,
        Scalar::I64 | Scalar::Ptr(_) => types::I64,
        Scalar::F32 => types::F32,
        Scalar::F64 => types::F64,
    }
}

/// The leaves of `ty`: byte offset in memory and scalar.
pub fn leaves(ty: &Type) -> Result<Vec<(u64, Scalar)>> {
    ty.leaves(MAX_LEAVES).map_err(|n| {
        CompileError::limit(format!(
            "a value of type {ty} has more than {MAX_LEAVES} scalar components ({n} counted); \
             pass large aggregates by pointer instead"
        ))
    })
}

/// Number of leaves of `ty`.
pub fn leaf_count(ty: &Type) -> Result<usize> {
    Ok(leaves(ty)?.len())
}

/// The range of leaves that component / member `i` of `ty` occupies.
pub fn component_leaf_range(ty: &Type, i: u32) -> Result<std::ops::Range<usize>> {
    let mut start = 0usize;
    for j in 0..i {
        let c = ty.component(j).ok_or_else(|| CompileError::internal(format!("type {ty} has no component {j}")))?;
        start += leaf_count(&c)?;
    }
    let c = ty.component(i).ok_or_else(|| CompileError::internal(format!("type {ty} has no component {i}")))?;
    Ok(start..start + leaf_count(&c)?)
}

/// The Cranelift 128-bit vector type that carries the lanes of a varying leaf of `s`:
/// integers and floats in lanes of their own width (`f16` as `i16` bits, pointers as
/// `i64`), bools as `i32x4` lane masks (all ones for true).
pub fn vec_leaf_type(s: Scalar) -> ClifType {
    match s {
        Scalar::I8 => types::I8X16,
        Scalar::I16 | Scalar::F16 => types::I16X8,
        Scalar::Bool | Scalar::I32 => types::I32X4,
        Scalar::I64 | Scalar::Ptr(_) => types::I64X2,
        Scalar::F32 => types::F32X4,
        Scalar::F64 => types::F64X2,
    }
}

impl Lanes {
    /// Number of 128-bit vectors a varying leaf of `s` takes.
    pub fn vectors(self, s: Scalar) -> usize {
        let per = vec_leaf_type(s).lane_count();
        (self.0 as usize).div_ceil(per as usize)
    }

    /// Where lane `l` of a varying leaf of `s` lives: (vector index, lane in the vector).
    pub fn position(self, s: Scalar, l: u32) -> (usize, u8) {
        let per = vec_leaf_type(s).lane_count();
        ((l / per) as usize, (l % per) as u8)
    }
}

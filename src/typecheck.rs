//! Host data checked against a parameter's [`HostType`]: whether an array of some
//! element kind fits a pointer parameter, and the bytes of an integer or float given for
//! a scalar (range-checked with the parameter's signedness). The CLI and the Python
//! module ask here rather than deciding themselves; [`crate::args`] checks the shape of
//! each [`crate::Arg`] (buffer, value, local memory, image, sampler) and its byte size.
//!
//! This module must not bind arguments or run kernels.

use spirjit_jit::ir::{HostScalar, HostType, Param};

/// What a host array's elements (or a host value) are, as NumPy dtypes, `.npy` files
/// and `--arg` types describe them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElemKind {
    Bool,
    /// A signed or unsigned integer (a buffer's integers may be read either way).
    Int,
    Float,
    /// Structured or raw data: fits any element of the same byte size.
    Record,
}

/// Why host elements do not fit a parameter, with the element type they should have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The scalar the elements should be (`None` for aggregates: any data of that size).
    pub want: Option<HostScalar>,
    /// Byte size of one element of the parameter.
    pub elem_size: u64,
}

/// Check elements of `kind` of `size` bytes each against pointer parameter `p`'s element
/// type. `void*` (and `char*` of unknown sign, which may be `void*`) takes any data; a
/// scalar or vector element takes the same kind of scalar of the same size (or records
/// of the whole element's size); an aggregate takes anything of its size or bytes.
pub fn check_elements(p: &Param, kind: ElemKind, size: u64) -> Result<(), Mismatch> {
    let Some(elem) = p.host.pointee() else { return Ok(()) };
    check_element(elem, kind, size)
}

/// [`check_elements`] for an element of host type `elem`.
pub fn check_element(elem: &HostType, kind: ElemKind, size: u64) -> Result<(), Mismatch> {
    if elem.is_untyped_elements() {
        return Ok(());
    }
    let whole = element_size(elem);
    match elem.scalar() {
        Some(s) => {
            let same_kind = match s {
                HostScalar::Float { .. } => kind == ElemKind::Float,
                _ => matches!(kind, ElemKind::Int | ElemKind::Bool),
            };
            if (same_kind && size == s.size()) || (kind == ElemKind::Record && size == whole) {
                Ok(())
            } else {
                Err(Mismatch { want: Some(s), elem_size: whole })
            }
        }
        None if size == whole || (size == 1 && kind != ElemKind::Float) => Ok(()),
        None => Err(Mismatch { want: None, elem_size: whole }),
    }
}

/// Byte size of one element of host type `h` (`0` for `void`, images and samplers).
pub fn element_size(h: &HostType) -> u64 {
    match h {
        HostType::Scalar(s) => s.size(),
        // A 3-component vector occupies 4.
        HostType::Vector(s, n) => s.size() * u64::from(if *n == 3 { 4 } else { *n }),
        HostType::Aggregate { size, .. } => *size,
        HostType::Pointer { .. } => 8,
        HostType::Void | HostType::Image | HostType::Sampler => 0,
    }
}

/// The little-endian bytes of integer `v` as scalar `s`, or why it does not fit (out of
/// range for the type and its signedness, or `s` is a float).
pub fn int_bytes(s: HostScalar, v: i128) -> Result<Vec<u8>, String> {
    let Some((lo, hi)) = s.int_range() else {
        return float_bytes(s, v as f64);
    };
    if v < lo || v > hi {
        return Err(format!("the value {v} is out of range [{lo}, {hi}]"));
    }
    Ok(v.to_le_bytes()[..s.size() as usize].to_vec())
}

/// The little-endian bytes of `v` as float scalar `s` (`f16` rounds to nearest even),
/// or why it does not fit (finite but beyond the type's range, or `s` is an integer).
pub fn float_bytes(s: HostScalar, v: f64) -> Result<Vec<u8>, String> {
    let out = match s {
        HostScalar::Float { bits: 64 } => return Ok(v.to_le_bytes().to_vec()),
        HostScalar::Float { bits: 32 } => {
            let f = v as f32;
            (f.is_infinite() == v.is_infinite()).then(|| f.to_le_bytes().to_vec())
        }
        HostScalar::Float { .. } => {
            let h = spirjit_builtins::half::f64_to_half(v, spirjit_builtins::half::Rounding::Rte);
            (((h & 0x7fff) == 0x7c00) == v.is_infinite()).then(|| h.to_le_bytes().to_vec())
        }
        _ if v.fract() == 0.0 && v.is_finite() => return int_bytes(s, v as i128),
        _ => return Err(format!("the value {v} is not an integer")),
    };
    out.ok_or_else(|| format!("the value {v} is out of range of {s}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use spirjit_jit::ir::Signedness;

    #[test]
    fn ints_follow_signedness() {
        let u = HostScalar::Int { bits: 8, sign: Signedness::Unsigned };
        let i = HostScalar::Int { bits: 8, sign: Signedness::Signed };
        assert_eq!(int_bytes(u, 255), Ok(vec![255]));
        assert!(int_bytes(u, -1).is_err());
        assert_eq!(int_bytes(i, -1), Ok(vec![255]));
        assert!(int_bytes(i, 128).is_err());
        assert!(float_bytes(HostScalar::Float { bits: 32 }, 1e300).is_err());
        assert_eq!(float_bytes(HostScalar::Float { bits: 32 }, 1.0), Ok(1f32.to_le_bytes().to_vec()));
    }

    #[test]
    fn elements() {
        let f32 = HostType::Scalar(HostScalar::Float { bits: 32 });
        assert!(check_element(&f32, ElemKind::Float, 4).is_ok());
        assert!(check_element(&f32, ElemKind::Int, 4).is_err());
        let v = HostType::Vector(HostScalar::Float { bits: 32 }, 3);
        assert!(check_element(&v, ElemKind::Record, 16).is_ok());
        assert!(check_element(&HostType::Void, ElemKind::Float, 8).is_ok());
        let agg = HostType::Aggregate { size: 12, align: 4 };
        assert!(check_element(&agg, ElemKind::Int, 1).is_ok());
        assert!(check_element(&agg, ElemKind::Float, 4).is_err());
    }
}

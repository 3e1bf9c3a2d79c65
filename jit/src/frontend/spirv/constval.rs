//! [`ConstVal`]: the value of a constant as module analysis computes it (scalars as
//! bits, composites as trees), shared by constant evaluation and specialization.
//!
//! Only the representation lives here; it must not evaluate anything.

use crate::ir::Type;

/// The value of a constant instruction.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ConstVal {
    /// A scalar's bits (ints masked to their width, floats as IEEE bits, bools 0/1).
    Bits(u64),
    /// Components / members in order.
    Composite(Vec<ConstVal>),
    /// `OpConstantNull`: all zero.
    Zero,
    /// `OpUndef`: reads as zero.
    Undef,
}

impl ConstVal {
    /// Component `i` of a composite (zero of a null or undef composite).
    pub(crate) fn component(&self, i: usize) -> Option<ConstVal> {
        match self {
            ConstVal::Composite(parts) => parts.get(i).cloned(),
            ConstVal::Zero | ConstVal::Undef => Some(ConstVal::Zero),
            ConstVal::Bits(_) => None,
        }
    }

    /// The scalar bits (zero for a null or undef scalar).
    pub(crate) fn bits(&self) -> Option<u64> {
        match self {
            ConstVal::Bits(b) => Some(*b),
            ConstVal::Zero | ConstVal::Undef => Some(0),
            ConstVal::Composite(_) => None,
        }
    }

    /// The component bits of a scalar or vector of type `ty` (one entry for a scalar).
    pub(crate) fn lanes(&self, ty: &Type) -> Option<Vec<u64>> {
        match ty {
            Type::Vector(_, n) => (0..*n as usize).map(|i| self.component(i).and_then(|c| c.bits())).collect(),
            _ => Some(vec![self.bits()?]),
        }
    }
}

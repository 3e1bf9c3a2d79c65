//! KIR types and their byte layout in memory.

use std::fmt;
use std::sync::Arc;

use spirjit_abi::AddressSpace;

/// A scalar: the leaves of every KIR type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    Bool,
    I8,
    I16,
    I32,
    I64,
    F16,
    F32,
    F64,
    /// A 64-bit host address in the given address space.
    Ptr(AddressSpace),
}

impl Scalar {
    /// Bytes in memory (bools are one byte; pointers eight).
    pub fn size(self) -> u64 {
        match self {
            Scalar::Bool | Scalar::I8 => 1,
            Scalar::I16 | Scalar::F16 => 2,
            Scalar::I32 | Scalar::F32 => 4,
            Scalar::I64 | Scalar::F64 | Scalar::Ptr(_) => 8,
        }
    }

    /// Bit width of the value (bools: 1).
    pub fn bits(self) -> u32 {
        match self {
            Scalar::Bool => 1,
            s => s.size() as u32 * 8,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::F32 | Scalar::F64)
    }

    pub fn is_int(self) -> bool {
        matches!(self, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64)
    }

    /// The integer scalar of `bits` bits, if there is one.
    pub fn int(bits: u32) -> Option<Scalar> {
        Some(match bits {
            8 => Scalar::I8,
            16 => Scalar::I16,
            32 => Scalar::I32,
            64 => Scalar::I64,
            _ => return None,
        })
    }

    /// The float scalar of `bits` bits, if there is one.
    pub fn float(bits: u32) -> Option<Scalar> {
        Some(match bits {
            16 => Scalar::F16,
            32 => Scalar::F32,
            64 => Scalar::F64,
            _ => return None,
        })
    }
}

/// A struct type: members at explicit byte offsets.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructType {
    pub members: Vec<(u64, Type)>,
    pub size: u64,
    pub align: u32,
}

/// A KIR type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Scalar(Scalar),
    /// `n` components (2, 3, 4, 8 or 16). A 3-component vector occupies the space of 4.
    Vector(Scalar, u8),
    /// `len` elements, `stride` bytes apart.
    Array {
        elem: Box<Type>,
        len: u64,
        stride: u64,
    },
    Struct(Arc<StructType>),
}

impl Type {
    pub const BOOL: Type = Type::Scalar(Scalar::Bool);
    pub const I8: Type = Type::Scalar(Scalar::I8);
    pub const I16: Type = Type::Scalar(Scalar::I16);
    pub const I32: Type = Type::Scalar(Scalar::I32);
    pub const I64: Type = Type::Scalar(Scalar::I64);
    pub const F16: Type = Type::Scalar(Scalar::F16);
    pub const F32: Type = Type::Scalar(Scalar::F32);
    pub const F64: Type = Type::Scalar(Scalar::F64);

    pub fn ptr(space: AddressSpace) -> Type {
        Type::Scalar(Scalar::Ptr(space))
    }

    /// Bytes this type occupies in memory (vec3 as vec4, as in OpenCL).
    pub fn size(&self) -> u64 {
        match self {
            Type::Scalar(s) => s.size(),
            Type::Vector(s, n) => s.size() * if *n == 3 { 4 } else { *n as u64 },
            Type::Array { len, stride, .. } => len.saturating_mul(*stride),
            Type::Struct(st) => st.size,
        }
    }

    /// Required alignment in bytes (vectors align to their size, as in OpenCL).
    pub fn align(&self) -> u32 {
        match self {
            Type::Scalar(s) => s.size() as u32,
            Type::Vector(..) => self.size().min(128) as u32,
            Type::Array { elem, .. } => elem.align(),
            Type::Struct(st) => st.align,
        }
    }

    /// The scalar of a scalar or vector type.
    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            Type::Scalar(s) | Type::Vector(s, _) => Some(*s),
            _ => None,
        }
    }

    /// Components of a scalar (1) or vector (n) type.
    pub fn lanes(&self) -> Option<u32> {
        match self {
            Type::Scalar(_) => Some(1),
            Type::Vector(_, n) => Some(*n as u32),
            _ => None,
        }
    }

    /// The type of component / member `i` of a vector, array or struct.
    pub fn component(&self, i: u32) -> Option<Type> {
        match self {
            Type::Vector(s, n) if i < *n as u32 => Some(Type::Scalar(*s)),
            Type::Array { elem, len, .. } if (i as u64) < *len => Some((**elem).clone()),
            Type::Struct(st) => st.members.get(i as usize).map(|(_, t)| t.clone()),
            _ => None,
        }
    }

    /// Byte offset of component / member `i` within the type.
    pub fn component_offset(&self, i: u32) -> Option<u64> {
        match self {
            Type::Vector(s, n) if i < *n as u32 => Some(s.size() * i as u64),
            Type::Array { len, stride, .. } if (i as u64) < *len => Some(stride * i as u64),
            Type::Struct(st) => st.members.get(i as usize).map(|(o, _)| *o),
            _ => None,
        }
    }

    /// Number of components / members (vectors, arrays, structs); 0 for scalars.
    pub fn component_count(&self) -> u64 {
        match self {
            Type::Scalar(_) => 0,
            Type::Vector(_, n) => *n as u64,
            Type::Array { len, .. } => *len,
            Type::Struct(st) => st.members.len() as u64,
        }
    }

    /// The same shape with another scalar (for conversions and comparisons).
    pub fn with_scalar(&self, s: Scalar) -> Type {
        match self {
            Type::Vector(_, n) => Type::Vector(s, *n),
            _ => Type::Scalar(s),
        }
    }

    /// The scalar leaves of this type with their byte offsets, in order. Fails with the
    /// leaf count when it would exceed `limit`. The work is bounded by `limit` whatever
    /// the type: an array's element is walked once (its leaves are then repeated at each
    /// stride, so zero-sized elements cost nothing per element), and a walk that visits
    /// more than `limit + 65,536` leafless nodes (structs of shared empty structs) fails
    /// with `limit + 1`.
    pub fn leaves(&self, limit: usize) -> Result<Vec<(u64, Scalar)>, usize> {
        /// Leafless nodes a walk may visit beyond `limit`.
        const SLACK: usize = 1 << 16;
        struct Walk {
            out: Vec<(u64, Scalar)>,
            limit: usize,
            /// Nodes that may still be visited.
            steps: usize,
        }
        impl Walk {
            fn over(&self) -> Result<(), usize> {
                if self.out.len() > self.limit {
                    Err(self.out.len())
                } else {
                    Ok(())
                }
            }
            fn walk(&mut self, t: &Type, base: u64) -> Result<(), usize> {
                self.steps = self.steps.checked_sub(1).ok_or(self.limit.saturating_add(1))?;
                match t {
                    Type::Scalar(s) => self.out.push((base, *s)),
                    Type::Vector(s, n) => {
                        for i in 0..*n as u64 {
                            self.out.push((base.wrapping_add(i.wrapping_mul(s.size())), *s));
                        }
                    }
                    Type::Array { elem, len, stride } => {
                        if *len == 0 {
                            return Ok(());
                        }
                        // The first element, then copies of its leaves at each stride.
                        let first = self.out.len();
                        self.walk(elem, base)?;
                        let per = self.out.len() - first;
                        if per == 0 {
                            return Ok(());
                        }
                        for i in 1..*len {
                            let shift = i.wrapping_mul(*stride);
                            for j in first..first + per {
                                let (o, s) = self.out[j];
                                self.out.push((o.wrapping_add(shift), s));
                            }
                            self.over()?;
                        }
                    }
                    Type::Struct(st) => {
                        for (o, m) in &st.members {
                            self.walk(m, base.wrapping_add(*o))?;
                        }
                    }
                }
                self.over()
            }
        }
        let mut w = Walk { out: Vec::new(), limit, steps: limit.saturating_add(SLACK) };
        w.walk(self, 0)?;
        Ok(w.out)
    }

    /// A struct laid out with C rules (each member at its natural alignment), or packed.
    pub fn c_struct(members: Vec<Type>, packed: bool) -> Type {
        let mut offset = 0u64;
        let mut align = 1u32;
        let mut laid = Vec::with_capacity(members.len());
        for m in members {
            let a = if packed { 1 } else { m.align().max(1) };
            offset = offset.div_ceil(a as u64) * a as u64;
            align = align.max(a);
            let size = m.size();
            laid.push((offset, m));
            offset += size;
        }
        let size = offset.div_ceil(align as u64) * align as u64;
        Type::Struct(Arc::new(StructType { members: laid, size, align }))
    }
}

/// The size and alignment a struct with `members` has when nothing says otherwise: the
/// largest member alignment, and the end of the last member rounded up to it. The text
/// form spells out a struct's size and alignment only when they differ from these.
pub(super) fn natural_layout(members: &[(u64, Type)]) -> (u64, u32) {
    let align = members.iter().map(|(_, m)| m.align().max(1)).max().unwrap_or(1);
    let end = members.iter().map(|(o, m)| o.saturating_add(m.size())).max().unwrap_or(0);
    (end.div_ceil(align as u64).saturating_mul(align as u64), align)
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scalar::Bool => f.write_str("bool"),
            Scalar::I8 => f.write_str("i8"),
            Scalar::I16 => f.write_str("i16"),
            Scalar::I32 => f.write_str("i32"),
            Scalar::I64 => f.write_str("i64"),
            Scalar::F16 => f.write_str("f16"),
            Scalar::F32 => f.write_str("f32"),
            Scalar::F64 => f.write_str("f64"),
            Scalar::Ptr(s) => write!(f, "ptr<{s}>"),
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Scalar(s) => write!(f, "{s}"),
            Type::Vector(s, n) => write!(f, "{s}x{n}"),
            Type::Array { elem, len, stride } => write!(f, "[{elem}; {len}, stride {stride}]"),
            Type::Struct(st) => {
                f.write_str("{")?;
                for (i, (o, m)) in st.members.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "@{o} {m}")?;
                }
                let (size, align) = natural_layout(&st.members);
                if (size, align) != (st.size, st.align) {
                    write!(f, "; size {}, align {}", st.size, st.align)?;
                }
                f.write_str("}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty_struct() -> Type {
        Type::c_struct(Vec::new(), false)
    }

    #[test]
    fn leaves_of_nested_aggregates_are_in_order_with_offsets() {
        let pair = Type::c_struct(vec![Type::I8, Type::I32], false);
        let arr = Type::Array { elem: Box::new(pair), len: 3, stride: 8 };
        let got = arr.leaves(100).unwrap();
        let want: Vec<(u64, Scalar)> =
            (0..3u64).flat_map(|i| [(i * 8, Scalar::I8), (i * 8 + 4, Scalar::I32)]).collect();
        assert_eq!(got, want);
        assert_eq!(Type::Vector(Scalar::F32, 4).leaves(4).unwrap().len(), 4);
        assert_eq!(Type::Vector(Scalar::F32, 4).leaves(3), Err(4));
        assert!(arr.leaves(5).is_err());
    }

    #[test]
    fn leaves_of_huge_arrays_of_zero_sized_elements_are_bounded() {
        // 2^60 empty structs, and 2^40 arrays of 2^40 empty structs: no leaves, no time.
        let start = std::time::Instant::now();
        let huge = Type::Array { elem: Box::new(empty_struct()), len: 1 << 60, stride: 0 };
        assert_eq!(huge.leaves(16), Ok(Vec::new()));
        let nested = Type::Array { elem: Box::new(huge.clone()), len: 1 << 40, stride: 0 };
        assert_eq!(nested.leaves(16), Ok(Vec::new()));
        // A huge array of a one-leaf struct stops just past the limit.
        let one = Type::c_struct(vec![empty_struct(), Type::I32], false);
        let many = Type::Array { elem: Box::new(one), len: 1 << 50, stride: 4 };
        assert_eq!(many.leaves(1000), Err(1001));
        // Structs of shared empty structs, 2^64 nodes deep: fails instead of walking them.
        let mut t = empty_struct();
        for _ in 0..64 {
            t = Type::c_struct(vec![t.clone(), t], false);
        }
        assert_eq!(t.leaves(16), Err(17));
        assert!(start.elapsed() < std::time::Duration::from_secs(5), "took {:?}", start.elapsed());
    }
}

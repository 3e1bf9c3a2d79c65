//! How the host sees a kernel parameter: [`HostType`], computed once by the front end
//! and read by everything that talks to users (the Rust API, the CLI, the Python
//! module).
//!
//! KIR integers carry no sign (the operation decides); the host needs one to range-check
//! a scalar argument or to choose a NumPy dtype. The front end takes it from the OpenCL
//! C type name (kernel argument info) or from SPIR-V `OpTypeInt` signedness (Vulkan
//! modules); when neither says, it stays [`Signedness::Unknown`].
//!
//! This module only describes types; it must not check arguments (the runtime does).

use std::fmt;

use spirjit_abi::AddressSpace;

use super::{ParamKind, Scalar, Type};

/// Whether an integer is signed, as far as the module says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    Signed,
    Unsigned,
    /// The module does not say (no type names, no SPIR-V signedness).
    Unknown,
}

/// A scalar as the host sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostScalar {
    Bool,
    /// An integer of `bits` bits (8, 16, 32 or 64).
    Int {
        bits: u32,
        sign: Signedness,
    },
    /// A float of `bits` bits (16, 32 or 64).
    Float {
        bits: u32,
    },
    /// A pointer held as a value (8 bytes).
    Pointer,
}

/// A kernel parameter's type as the host sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HostType {
    Scalar(HostScalar),
    /// `lanes` components (a 3-component vector occupies 4).
    Vector(HostScalar, u32),
    /// A struct or array passed by value: only its layout matters to the host.
    Aggregate {
        size: u64,
        align: u32,
    },
    /// A pointer to buffer elements of type `pointee`.
    Pointer {
        space: AddressSpace,
        pointee: Box<HostType>,
    },
    /// Elements of unknown type (`void*`): any bytes.
    Void,
    Image,
    Sampler,
}

impl HostScalar {
    /// The host scalar of a KIR scalar, with `sign` for integers.
    pub fn of(s: Scalar, sign: Signedness) -> HostScalar {
        match s {
            Scalar::Bool => HostScalar::Bool,
            Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64 => HostScalar::Int { bits: s.bits(), sign },
            Scalar::F16 | Scalar::F32 | Scalar::F64 => HostScalar::Float { bits: s.bits() },
            Scalar::Ptr(_) => HostScalar::Pointer,
        }
    }

    /// Bytes in memory.
    pub fn size(self) -> u64 {
        match self {
            HostScalar::Bool => 1,
            HostScalar::Int { bits, .. } | HostScalar::Float { bits } => u64::from(bits / 8),
            HostScalar::Pointer => 8,
        }
    }

    /// The values an integer (or bool) of this type takes, as `(min, max)`; `None` for
    /// floats. With unknown signedness both readings are accepted.
    pub fn int_range(self) -> Option<(i128, i128)> {
        match self {
            HostScalar::Bool => Some((0, 1)),
            HostScalar::Int { bits, sign } => {
                let half = 1i128 << (bits - 1);
                Some(match sign {
                    Signedness::Signed => (-half, half - 1),
                    Signedness::Unsigned => (0, 2 * half - 1),
                    Signedness::Unknown => (-half, 2 * half - 1),
                })
            }
            HostScalar::Pointer => Some((0, u64::MAX.into())),
            HostScalar::Float { .. } => None,
        }
    }

    /// The OpenCL C spelling (`uint`, `float`); unknown-sign integers are spelled signed.
    pub fn opencl_name(self) -> &'static str {
        match self {
            HostScalar::Bool => "bool",
            HostScalar::Int { bits, sign } => {
                let unsigned = sign == Signedness::Unsigned;
                match (bits, unsigned) {
                    (8, false) => "char",
                    (8, true) => "uchar",
                    (16, false) => "short",
                    (16, true) => "ushort",
                    (32, false) => "int",
                    (32, true) => "uint",
                    (_, false) => "long",
                    (_, true) => "ulong",
                }
            }
            HostScalar::Float { bits: 16 } => "half",
            HostScalar::Float { bits: 32 } => "float",
            HostScalar::Float { .. } => "double",
            HostScalar::Pointer => "void*",
        }
    }
}

impl HostType {
    /// The host type of a parameter of kind `kind`, whose integers have sign `sign`.
    pub fn of_param(kind: &ParamKind, sign: Signedness) -> HostType {
        match kind {
            ParamKind::Pointer { space, pointee } => {
                HostType::Pointer { space: *space, pointee: Box::new(HostType::of_value(pointee, sign)) }
            }
            ParamKind::Value(t) => HostType::of_value(t, sign),
            ParamKind::Sampler => HostType::Sampler,
            ParamKind::Image { .. } => HostType::Image,
        }
    }

    /// The host type of a value of KIR type `t`, whose integers have sign `sign`.
    pub fn of_value(t: &Type, sign: Signedness) -> HostType {
        match t {
            Type::Scalar(s) => HostType::Scalar(HostScalar::of(*s, sign)),
            Type::Vector(s, n) => HostType::Vector(HostScalar::of(*s, sign), u32::from(*n)),
            _ => HostType::Aggregate { size: t.size(), align: t.align() },
        }
    }

    /// The scalar of a scalar or vector type.
    pub fn scalar(&self) -> Option<HostScalar> {
        match self {
            HostType::Scalar(s) | HostType::Vector(s, _) => Some(*s),
            _ => None,
        }
    }

    /// The element type of a pointer.
    pub fn pointee(&self) -> Option<&HostType> {
        match self {
            HostType::Pointer { pointee, .. } => Some(pointee),
            _ => None,
        }
    }

    /// True when a buffer of these elements may hold any bytes: `void*`, or a byte
    /// pointer whose sign (and so whether it is `char*` or `void*`) the module does not say.
    pub fn is_untyped_elements(&self) -> bool {
        matches!(self, HostType::Void | HostType::Scalar(HostScalar::Int { bits: 8, sign: Signedness::Unknown }))
    }

    /// The signedness of the integers in this type (`Unknown` when there are none).
    pub fn signedness(&self) -> Signedness {
        match self {
            HostType::Pointer { pointee, .. } => pointee.signedness(),
            _ => match self.scalar() {
                Some(HostScalar::Int { sign, .. }) => sign,
                Some(HostScalar::Bool) => Signedness::Unsigned,
                _ => Signedness::Unknown,
            },
        }
    }
}

impl Signedness {
    /// The signedness an OpenCL C type name spells (`uint`, `const unsigned char*`,
    /// `size_t`, `int4`); `Unknown` for other names (floats, structs, typedefs).
    pub fn of_opencl_name(name: &str) -> Signedness {
        const QUALIFIERS: &[&str] = &[
            "const",
            "volatile",
            "restrict",
            "__restrict",
            "global",
            "__global",
            "constant",
            "__constant",
            "local",
            "__local",
            "private",
            "__private",
            "struct",
            "signed",
        ];
        let mut words = name.split(|c: char| c.is_whitespace() || c == '*').filter(|w| !w.is_empty());
        let Some(first) = words.by_ref().find(|w| !QUALIFIERS.contains(w)) else { return Signedness::Unknown };
        if first == "unsigned" {
            return Signedness::Unsigned;
        }
        match first.trim_end_matches(|c: char| c.is_ascii_digit()) {
            "uchar" | "ushort" | "uint" | "ulong" | "size_t" | "uintptr_t" | "bool" => Signedness::Unsigned,
            "char" | "short" | "int" | "long" | "ptrdiff_t" | "intptr_t" => Signedness::Signed,
            _ => Signedness::Unknown,
        }
    }
}

impl fmt::Display for HostScalar {
    /// `bool`, `i32` (signed), `u32` (unsigned), `int32` (sign unknown), `f32`, `ptr`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostScalar::Bool => f.write_str("bool"),
            HostScalar::Int { bits, sign: Signedness::Signed } => write!(f, "i{bits}"),
            HostScalar::Int { bits, sign: Signedness::Unsigned } => write!(f, "u{bits}"),
            HostScalar::Int { bits, sign: Signedness::Unknown } => write!(f, "int{bits}"),
            HostScalar::Float { bits } => write!(f, "f{bits}"),
            HostScalar::Pointer => f.write_str("ptr"),
        }
    }
}

impl fmt::Display for HostType {
    /// `u32`, `f32x4`, `struct[size 8, align 4]`, `global u32*`, `constant void*`,
    /// `image`, `sampler`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostType::Scalar(s) => write!(f, "{s}"),
            HostType::Vector(s, n) => write!(f, "{s}x{n}"),
            HostType::Aggregate { size, align } => write!(f, "struct[size {size}, align {align}]"),
            HostType::Pointer { space, pointee } => write!(f, "{space} {pointee}*"),
            HostType::Void => f.write_str("void"),
            HostType::Image => f.write_str("image"),
            HostType::Sampler => f.write_str("sampler"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signedness_from_opencl_names() {
        use Signedness::*;
        for (name, want) in [
            ("uint*", Unsigned),
            ("const unsigned char*", Unsigned),
            ("unsigned", Unsigned),
            ("uint4", Unsigned),
            ("size_t", Unsigned),
            ("int", Signed),
            ("signed char", Signed),
            ("__global long*", Signed),
            ("float*", Unknown),
            ("struct S", Unknown),
            ("my_t", Unknown),
            ("", Unknown),
        ] {
            assert_eq!(Signedness::of_opencl_name(name), want, "{name}");
        }
    }

    #[test]
    fn ranges_and_text() {
        let u8 = HostScalar::Int { bits: 8, sign: Signedness::Unsigned };
        let i8 = HostScalar::Int { bits: 8, sign: Signedness::Signed };
        let x8 = HostScalar::Int { bits: 8, sign: Signedness::Unknown };
        assert_eq!(u8.int_range(), Some((0, 255)));
        assert_eq!(i8.int_range(), Some((-128, 127)));
        assert_eq!(x8.int_range(), Some((-128, 255)));
        assert_eq!(HostScalar::Float { bits: 32 }.int_range(), None);
        let p = HostType::of_param(
            &ParamKind::Pointer { space: AddressSpace::Global, pointee: Type::Vector(Scalar::I32, 4) },
            Signedness::Unsigned,
        );
        assert_eq!(p.to_string(), "global u32x4*");
        assert_eq!(x8.to_string(), "int8");
        assert_eq!(HostType::Aggregate { size: 8, align: 4 }.to_string(), "struct[size 8, align 4]");
    }
}

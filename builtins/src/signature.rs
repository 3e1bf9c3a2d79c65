//! Derivation of a builtin's [`ArgType`] signature from its Rust function type.
//!
//! [`AbiType`] maps each Rust type that may cross the boundary to its [`ArgType`];
//! [`Signature`] is implemented for every `extern "C"` function pointer type (safe and
//! `unsafe`) of up to five such parameters. The table macro coerces each builtin to the
//! function pointer type written next to it, so a signature that disagrees with the
//! function, or a type that cannot cross, does not compile. This module holds no
//! functions the kernels call.

use crate::ArgType;

/// A Rust type that crosses the boundary between compiled kernels and builtins.
pub trait AbiType {
    const ARG: ArgType;
}

macro_rules! abi_types {
    ($($t:ty => $a:ident),* $(,)?) => {
        $(impl AbiType for $t {
            const ARG: ArgType = ArgType::$a;
        })*
    };
}

abi_types! {
    i8 => I8, i16 => I16, i32 => I32, i64 => I64, f32 => F32, f64 => F64,
    *mut u8 => Ptr, *const u8 => Ptr, () => Void,
}

#[cfg(target_arch = "x86_64")]
abi_types! {
    std::arch::x86_64::__m128 => F32X4,
    std::arch::x86_64::__m128d => F64X2,
    std::arch::x86_64::__m128i => I32X4,
}

/// The signature of an `extern "C"` function pointer type.
pub trait Signature {
    const PARAMS: &'static [ArgType];
    const RET: ArgType;
}

macro_rules! signatures {
    ($(($($p:ident),*)),* $(,)?) => {
        $(
            impl<R: AbiType, $($p: AbiType),*> Signature for extern "C" fn($($p),*) -> R {
                const PARAMS: &'static [ArgType] = &[$($p::ARG),*];
                const RET: ArgType = R::ARG;
            }
            impl<R: AbiType, $($p: AbiType),*> Signature for unsafe extern "C" fn($($p),*) -> R {
                const PARAMS: &'static [ArgType] = &[$($p::ARG),*];
                const RET: ArgType = R::ARG;
            }
        )*
    };
}

signatures! { (), (A), (A, B), (A, B, C), (A, B, C, D), (A, B, C, D, E), (A, B, C, D, E, F) }

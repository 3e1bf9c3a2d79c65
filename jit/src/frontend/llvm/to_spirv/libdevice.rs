//! libdevice: what each `__nv_*` function of CUDA's device library (the functions clang
//! calls for `sinf`, `__expf`, `__float2int_rn`, `__popc`, ... when libdevice is not
//! linked in) is, as an OpenCL.std extended instruction or a plain SPIR-V operation.
//!
//! Single-precision functions end in `f` (`__nv_sinf`), double-precision ones do not
//! (`__nv_sin`); integer functions take `i32` (`__nv_popc`) or, with `ll`, `i64`
//! (`__nv_popcll`). The `__nv_fast_*` functions are the `native_*` forms. This module is a
//! table and a lookup; it must not emit anything or look at a module.

use rspirv::spirv::OpenclStd100Op as Cl;

/// How a float→integer or integer→float conversion rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// To nearest even (`_rn`).
    Nearest,
    /// Toward zero (`_rz`).
    Zero,
    /// Toward +∞ (`_ru`).
    Up,
    /// Toward −∞ (`_rd`).
    Down,
}

/// What a libdevice function is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Libdevice {
    /// An OpenCL.std instruction on the call's operands, in order.
    Ext(Cl),
    /// `a op b` (`__nv_fadd_rn`, `__nv_dmul_rn`, ...): a plain float operation.
    FloatOp(FloatOp),
    /// `__nv_saturatef`: `fclamp(x, 0, 1)`.
    Saturate,
    /// `__nv_ffs`: one plus the index of the lowest set bit, 0 for 0.
    Ffs,
    /// `__nv_brev`: `OpBitReverse`.
    BitReverse,
    /// `__nv_isnanf` / `__nv_isinff` / `__nv_finitef` / `__nv_signbitf`: an `i32` 0 or 1.
    Class(FloatClass),
    /// `__nv_float_as_int`, `__nv_int_as_float`, `__nv_double_as_longlong`, ...: a bit cast
    /// to the result type.
    Bitcast,
    /// Float to integer (`signed` result) rounding as given (`__nv_float2int_rn`).
    FloatToInt { signed: bool, rounding: Rounding },
    /// Integer (`signed` operand) to float (`__nv_int2float_rn`; only round-to-nearest,
    /// which is what a conversion does).
    IntToFloat { signed: bool },
    /// `__nv_double2float_rn`: a float truncation.
    FloatTrunc,
    /// `__nv_rcbrtf`: `1 / cbrt(x)`.
    Rcbrt,
    /// `__nv_frcp_rn`: `1 / x`.
    Recip,
    /// `__nv_sad(x, y, z)` / `__nv_usad`: `abs_diff(x, y) + z`.
    Sad { signed: bool },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
    Sqrt,
    Fma,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatClass {
    IsNan,
    IsInf,
    IsFinite,
    SignBit,
}

/// The math functions whose float form is `__nv_<name>f` and double form `__nv_<name>`,
/// with the OpenCL.std instruction of the same meaning.
const MATH: &[(&str, Cl)] = &[
    ("acos", Cl::acos),
    ("acosh", Cl::acosh),
    ("asin", Cl::asin),
    ("asinh", Cl::asinh),
    ("atan", Cl::atan),
    ("atan2", Cl::atan2),
    ("atanh", Cl::atanh),
    ("cbrt", Cl::cbrt),
    ("ceil", Cl::ceil),
    ("copysign", Cl::copysign),
    ("cos", Cl::cos),
    ("cosh", Cl::cosh),
    ("cospi", Cl::cospi),
    ("erf", Cl::erf),
    ("erfc", Cl::erfc),
    ("exp", Cl::exp),
    ("exp10", Cl::exp10),
    ("exp2", Cl::exp2),
    ("expm1", Cl::expm1),
    ("fabs", Cl::fabs),
    ("fdim", Cl::fdim),
    ("floor", Cl::floor),
    ("fma", Cl::fma),
    ("fmax", Cl::fmax),
    ("fmin", Cl::fmin),
    ("fmod", Cl::fmod),
    ("frexp", Cl::frexp),
    ("hypot", Cl::hypot),
    ("ilogb", Cl::ilogb),
    ("ldexp", Cl::ldexp),
    ("lgamma", Cl::lgamma),
    ("log", Cl::log),
    ("log10", Cl::log10),
    ("log1p", Cl::log1p),
    ("log2", Cl::log2),
    ("logb", Cl::logb),
    ("modf", Cl::modf),
    ("nearbyint", Cl::rint),
    ("nextafter", Cl::nextafter),
    ("pow", Cl::pow),
    ("powi", Cl::pown),
    ("remainder", Cl::remainder),
    ("remquo", Cl::remquo),
    ("rint", Cl::rint),
    ("round", Cl::round),
    ("rsqrt", Cl::rsqrt),
    ("scalbn", Cl::ldexp),
    ("sin", Cl::sin),
    ("sincos", Cl::sincos),
    ("sinh", Cl::sinh),
    ("sinpi", Cl::sinpi),
    ("sqrt", Cl::sqrt),
    ("tan", Cl::tan),
    ("tanh", Cl::tanh),
    ("tgamma", Cl::tgamma),
    ("trunc", Cl::trunc),
];

/// `__nv_fast_<name>f`: the fast (`-use_fast_math`, `__expf`) forms.
const FAST: &[(&str, Cl)] = &[
    ("cosf", Cl::native_cos),
    ("exp10f", Cl::native_exp10),
    ("expf", Cl::native_exp),
    ("fdividef", Cl::native_divide),
    ("log10f", Cl::native_log10),
    ("log2f", Cl::native_log2),
    ("logf", Cl::native_log),
    ("powf", Cl::pow),
    ("sincosf", Cl::sincos),
    ("sinf", Cl::native_sin),
    ("tanf", Cl::native_tan),
];

/// Integer functions: `__nv_<name>` on `i32`, and the `i64` spellings.
const INTEGER: &[(&str, Cl)] = &[
    ("abs", Cl::s_abs),
    ("llabs", Cl::s_abs),
    ("min", Cl::s_min),
    ("llmin", Cl::s_min),
    ("umin", Cl::u_min),
    ("ullmin", Cl::u_min),
    ("max", Cl::s_max),
    ("llmax", Cl::s_max),
    ("umax", Cl::u_max),
    ("ullmax", Cl::u_max),
    ("popc", Cl::popcount),
    ("popcll", Cl::popcount),
    ("clz", Cl::clz),
    ("clzll", Cl::clz),
    ("mulhi", Cl::s_mul_hi),
    ("umulhi", Cl::u_mul_hi),
    ("mul64hi", Cl::s_mul_hi),
    ("umul64hi", Cl::u_mul_hi),
    ("mul24", Cl::s_mul24),
    ("umul24", Cl::u_mul24),
    ("hadd", Cl::s_hadd),
    ("uhadd", Cl::u_hadd),
    ("rhadd", Cl::s_rhadd),
    ("urhadd", Cl::u_rhadd),
];

/// What `__nv_<rest>` is (`name` with or without the `__nv_` prefix), or `None` for a
/// function spirjit does not provide (the writer then reports it by name).
pub fn lookup(name: &str) -> Option<Libdevice> {
    let rest = name.strip_prefix("__nv_").unwrap_or(name);
    if let Some(fast) = rest.strip_prefix("fast_") {
        return FAST.iter().find(|(n, _)| *n == fast).map(|(_, op)| Libdevice::Ext(*op));
    }
    if let Some((_, op)) = INTEGER.iter().find(|(n, _)| *n == rest) {
        return Some(Libdevice::Ext(*op));
    }
    if let Some(found) = special(rest) {
        return Some(found);
    }
    // `__nv_sinf` and `__nv_sin` alike.
    let base = rest.strip_suffix('f').filter(|b| MATH.iter().any(|(n, _)| n == b)).unwrap_or(rest);
    MATH.iter().find(|(n, _)| *n == base).map(|(_, op)| Libdevice::Ext(*op))
}

fn special(rest: &str) -> Option<Libdevice> {
    use Libdevice as L;
    let found = match rest {
        "saturatef" => L::Saturate,
        "ffs" | "ffsll" => L::Ffs,
        "brev" | "brevll" => L::BitReverse,
        "isnanf" | "isnand" => L::Class(FloatClass::IsNan),
        "isinff" | "isinfd" => L::Class(FloatClass::IsInf),
        "finitef" | "isfinited" => L::Class(FloatClass::IsFinite),
        "signbitf" | "signbitd" => L::Class(FloatClass::SignBit),
        "float_as_int" | "float_as_uint" | "int_as_float" | "uint_as_float" | "double_as_longlong"
        | "longlong_as_double" => L::Bitcast,
        "double2float_rn" => L::FloatTrunc,
        "rcbrtf" | "rcbrt" => L::Rcbrt,
        "frcp_rn" | "drcp_rn" => L::Recip,
        "sad" => L::Sad { signed: true },
        "usad" => L::Sad { signed: false },
        "fadd_rn" | "dadd_rn" => L::FloatOp(FloatOp::Add),
        "fsub_rn" | "dsub_rn" => L::FloatOp(FloatOp::Sub),
        "fmul_rn" | "dmul_rn" => L::FloatOp(FloatOp::Mul),
        "fdiv_rn" | "ddiv_rn" => L::FloatOp(FloatOp::Div),
        "fsqrt_rn" | "dsqrt_rn" => L::FloatOp(FloatOp::Sqrt),
        "fmaf_rn" | "fma_rn" => L::FloatOp(FloatOp::Fma),
        "fdividef" => L::Ext(Cl::native_divide),
        _ => return conversion(rest),
    };
    Some(found)
}

/// `float2int_rn`, `double2uint_rz`, `float2ll_ru`, `int2float_rn`, `ull2double_rn`, ...
fn conversion(rest: &str) -> Option<Libdevice> {
    let (from, to_round) = rest.split_once('2')?;
    let (to, round) = to_round.split_once('_')?;
    let rounding = match round {
        "rn" => Rounding::Nearest,
        "rz" => Rounding::Zero,
        "ru" => Rounding::Up,
        "rd" => Rounding::Down,
        _ => return None,
    };
    let int_sign = |s: &str| match s {
        "int" | "ll" => Some(true),
        "uint" | "ull" => Some(false),
        _ => None,
    };
    let is_float = |s: &str| s == "float" || s == "double";
    if is_float(from) {
        let signed = int_sign(to)?;
        return Some(Libdevice::FloatToInt { signed, rounding });
    }
    if is_float(to) && rounding == Rounding::Nearest {
        return int_sign(from).map(|signed| Libdevice::IntToFloat { signed });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_and_double_forms_map_to_the_same_instruction() {
        assert_eq!(lookup("__nv_sinf"), Some(Libdevice::Ext(Cl::sin)));
        assert_eq!(lookup("__nv_sin"), Some(Libdevice::Ext(Cl::sin)));
        assert_eq!(lookup("__nv_powf"), Some(Libdevice::Ext(Cl::pow)));
        assert_eq!(lookup("__nv_fmaf"), Some(Libdevice::Ext(Cl::fma)));
        assert_eq!(lookup("__nv_rsqrtf"), Some(Libdevice::Ext(Cl::rsqrt)));
        assert_eq!(lookup("__nv_expf"), Some(Libdevice::Ext(Cl::exp)));
        assert_eq!(lookup("__nv_sincosf"), Some(Libdevice::Ext(Cl::sincos)));
        // `erf` ends in `f` itself; so do `erfcf` and `modff`.
        assert_eq!(lookup("__nv_erf"), Some(Libdevice::Ext(Cl::erf)));
        assert_eq!(lookup("__nv_erff"), Some(Libdevice::Ext(Cl::erf)));
        assert_eq!(lookup("__nv_modff"), Some(Libdevice::Ext(Cl::modf)));
    }

    #[test]
    fn fast_integer_and_conversion_forms() {
        assert_eq!(lookup("__nv_fast_expf"), Some(Libdevice::Ext(Cl::native_exp)));
        assert_eq!(lookup("__nv_popcll"), Some(Libdevice::Ext(Cl::popcount)));
        assert_eq!(lookup("__nv_umulhi"), Some(Libdevice::Ext(Cl::u_mul_hi)));
        assert_eq!(lookup("__nv_float2int_rd"), Some(Libdevice::FloatToInt { signed: true, rounding: Rounding::Down }));
        assert_eq!(
            lookup("__nv_double2ull_rz"),
            Some(Libdevice::FloatToInt { signed: false, rounding: Rounding::Zero })
        );
        assert_eq!(lookup("__nv_uint2float_rn"), Some(Libdevice::IntToFloat { signed: false }));
        assert_eq!(lookup("__nv_int2float_ru"), None);
        assert_eq!(lookup("__nv_float_as_int"), Some(Libdevice::Bitcast));
        assert_eq!(lookup("__nv_saturatef"), Some(Libdevice::Saturate));
        assert_eq!(lookup("__nv_j0f"), None);
        assert_eq!(lookup("__nv_nosuchf"), None);
    }
}

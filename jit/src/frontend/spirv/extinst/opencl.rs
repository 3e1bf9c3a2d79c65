//! The OpenCL.std table: what each instruction becomes, and the dispatch to one function
//! per family (`opencl_math` for math, common, integer and relational functions and
//! those with a pointer output, `opencl_vector` for geometric functions, vector loads
//! and stores and shuffles; `printf`; `prefetch` does nothing on a CPU).
//!
//! Instruction names and numbers are rspirv's (`OpenclStd100Op`), operand counts the
//! grammar's; this table adds the family and the KIR operation or builtin. A function the
//! builtins crate does not provide is rejected by name when it is called; nothing is
//! guessed.

use std::f64::consts::PI;

use rspirv::spirv::OpenclStd100Op as Cl;

use crate::frontend::spirv::arith::Kind;
use crate::frontend::spirv::function::{Frame, Translator};
use crate::frontend::spirv::reader::SpvInst;
use crate::frontend::spirv::types::SpvType;
use crate::ir::{ConvOp, MathOp, Type, Value};
use crate::{CompileError, Result};

/// What an OpenCL.std instruction becomes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Family {
    /// One KIR math operation on operands of the result's type (scalars splatted), which
    /// must be float or integer.
    Math(MathOp, Kind),
    /// A component-wise call of builtin `<name>_<type>` (`native_*` and `half_*` forms
    /// use the full-precision function).
    Builtin(&'static str),
    Common(Common),
    Integer(Integer),
    Relational(Relational),
    Geometric(Geometric),
    /// The result, and a second value stored through the last operand.
    PointerOut(PointerOut),
    VectorLoad(VectorLoad),
    VectorStore(VectorStore),
    /// `shuffle` (one source vector) and `shuffle2` (two).
    Shuffle {
        two: bool,
    },
    Printf,
    Prefetch,
}

/// Common and math functions built from a few KIR operations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Common {
    Fma,
    /// `clamp(x, lo, hi)` as `hi_op(lo_op(x, lo), hi)`.
    Clamp(MathOp, MathOp),
    Mix,
    Step,
    SmoothStep,
    /// `x * k` (`degrees`, `radians`).
    Scale(f64),
    Sign,
    /// `fmod` as the KIR float remainder.
    Rem,
    Divide,
    Recip,
    Rsqrt,
    Nan,
}

/// Integer functions built from a few KIR operations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Integer {
    /// `abs` of an unsigned value: the operand itself.
    Unchanged,
    /// `mul24` and `mad24` (`add`): the full product, which the 24-bit forms allow.
    Mul24 {
        add: bool,
    },
    /// `mad_hi` with the signed or unsigned high multiply.
    MadHi(MathOp),
    Rotate,
    /// `upsample(hi, lo)` with the conversion that widens `hi`.
    Upsample(ConvOp),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Relational {
    Bitselect,
    Select,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Geometric {
    Cross,
    Length,
    Distance,
    Normalize,
    FastLength,
    FastDistance,
    FastNormalize,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum PointerOut {
    /// Two component-wise builtin calls on the first `inputs` operands: the result
    /// (`value`) and the integer stored through the pointer (`stored`).
    Calls {
        inputs: usize,
        value: &'static str,
        stored: &'static str,
    },
    Modf,
    Fract,
    Sincos,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum VectorLoad {
    /// `vloadn`.
    Whole,
    /// `vload_half(n)` and `vloada_halfn` (`aligned`: vec3 strides as vec4).
    Half { aligned: bool },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum VectorStore {
    /// `vstoren`.
    Whole,
    /// `vstore(a)_half(n)(_r)`: `rounding` when the last operand is a rounding mode.
    Half { aligned: bool, rounding: bool },
}

use Family::*;

/// Every OpenCL.std instruction in the order of its number, with its family.
pub(super) const OPENCL_STD: &[(Cl, Family)] = &[
    (Cl::acos, Builtin("acos")),
    (Cl::acosh, Builtin("acosh")),
    (Cl::acospi, Builtin("acospi")),
    (Cl::asin, Builtin("asin")),
    (Cl::asinh, Builtin("asinh")),
    (Cl::asinpi, Builtin("asinpi")),
    (Cl::atan, Builtin("atan")),
    (Cl::atan2, Builtin("atan2")),
    (Cl::atanh, Builtin("atanh")),
    (Cl::atanpi, Builtin("atanpi")),
    (Cl::atan2pi, Builtin("atan2pi")),
    (Cl::cbrt, Builtin("cbrt")),
    (Cl::ceil, Math(MathOp::Ceil, Kind::Float)),
    (Cl::copysign, Math(MathOp::CopySign, Kind::Float)),
    (Cl::cos, Builtin("cos")),
    (Cl::cosh, Builtin("cosh")),
    (Cl::cospi, Builtin("cospi")),
    (Cl::erfc, Builtin("erfc")),
    (Cl::erf, Builtin("erf")),
    (Cl::exp, Builtin("exp")),
    (Cl::exp2, Builtin("exp2")),
    (Cl::exp10, Builtin("exp10")),
    (Cl::expm1, Builtin("expm1")),
    (Cl::fabs, Math(MathOp::FAbs, Kind::Float)),
    (Cl::fdim, Builtin("fdim")),
    (Cl::floor, Math(MathOp::Floor, Kind::Float)),
    (Cl::fma, Common(Common::Fma)),
    (Cl::fmax, Math(MathOp::FMax, Kind::Float)),
    (Cl::fmin, Math(MathOp::FMin, Kind::Float)),
    (Cl::fmod, Common(Common::Rem)),
    (Cl::fract, PointerOut(PointerOut::Fract)),
    (Cl::frexp, PointerOut(PointerOut::Calls { inputs: 1, value: "frexp_mant", stored: "frexp_exp" })),
    (Cl::hypot, Builtin("hypot")),
    (Cl::ilogb, Builtin("ilogb")),
    (Cl::ldexp, Builtin("ldexp")),
    (Cl::lgamma, Builtin("lgamma")),
    (Cl::lgamma_r, PointerOut(PointerOut::Calls { inputs: 1, value: "lgamma", stored: "lgamma_r_sign" })),
    (Cl::log, Builtin("log")),
    (Cl::log2, Builtin("log2")),
    (Cl::log10, Builtin("log10")),
    (Cl::log1p, Builtin("log1p")),
    (Cl::logb, Builtin("logb")),
    (Cl::mad, Math(MathOp::Mad, Kind::Float)),
    (Cl::maxmag, Builtin("maxmag")),
    (Cl::minmag, Builtin("minmag")),
    (Cl::modf, PointerOut(PointerOut::Modf)),
    (Cl::nan, Common(Common::Nan)),
    (Cl::nextafter, Builtin("nextafter")),
    (Cl::pow, Builtin("pow")),
    (Cl::pown, Builtin("pown")),
    (Cl::powr, Builtin("powr")),
    (Cl::remainder, Builtin("remainder")),
    (Cl::remquo, PointerOut(PointerOut::Calls { inputs: 2, value: "remquo_rem", stored: "remquo_quo" })),
    (Cl::rint, Math(MathOp::Rint, Kind::Float)),
    (Cl::rootn, Builtin("rootn")),
    (Cl::round, Math(MathOp::Round, Kind::Float)),
    (Cl::rsqrt, Common(Common::Rsqrt)),
    (Cl::sin, Builtin("sin")),
    (Cl::sincos, PointerOut(PointerOut::Sincos)),
    (Cl::sinh, Builtin("sinh")),
    (Cl::sinpi, Builtin("sinpi")),
    (Cl::sqrt, Math(MathOp::Sqrt, Kind::Float)),
    (Cl::tan, Builtin("tan")),
    (Cl::tanh, Builtin("tanh")),
    (Cl::tanpi, Builtin("tanpi")),
    (Cl::tgamma, Builtin("tgamma")),
    (Cl::trunc, Math(MathOp::Trunc, Kind::Float)),
    (Cl::half_cos, Builtin("cos")),
    (Cl::half_divide, Common(Common::Divide)),
    (Cl::half_exp, Builtin("exp")),
    (Cl::half_exp2, Builtin("exp2")),
    (Cl::half_exp10, Builtin("exp10")),
    (Cl::half_log, Builtin("log")),
    (Cl::half_log2, Builtin("log2")),
    (Cl::half_log10, Builtin("log10")),
    (Cl::half_powr, Builtin("powr")),
    (Cl::half_recip, Common(Common::Recip)),
    (Cl::half_rsqrt, Common(Common::Rsqrt)),
    (Cl::half_sin, Builtin("sin")),
    (Cl::half_sqrt, Math(MathOp::Sqrt, Kind::Float)),
    (Cl::half_tan, Builtin("tan")),
    (Cl::native_cos, Builtin("cos")),
    (Cl::native_divide, Common(Common::Divide)),
    (Cl::native_exp, Builtin("exp")),
    (Cl::native_exp2, Builtin("exp2")),
    (Cl::native_exp10, Builtin("exp10")),
    (Cl::native_log, Builtin("log")),
    (Cl::native_log2, Builtin("log2")),
    (Cl::native_log10, Builtin("log10")),
    (Cl::native_powr, Builtin("powr")),
    (Cl::native_recip, Common(Common::Recip)),
    (Cl::native_rsqrt, Common(Common::Rsqrt)),
    (Cl::native_sin, Builtin("sin")),
    (Cl::native_sqrt, Math(MathOp::Sqrt, Kind::Float)),
    (Cl::native_tan, Builtin("tan")),
    (Cl::fclamp, Common(Common::Clamp(MathOp::FMax, MathOp::FMin))),
    (Cl::degrees, Common(Common::Scale(180.0 / PI))),
    (Cl::fmax_common, Math(MathOp::FMax, Kind::Float)),
    (Cl::fmin_common, Math(MathOp::FMin, Kind::Float)),
    (Cl::mix, Common(Common::Mix)),
    (Cl::radians, Common(Common::Scale(PI / 180.0))),
    (Cl::step, Common(Common::Step)),
    (Cl::smoothstep, Common(Common::SmoothStep)),
    (Cl::sign, Common(Common::Sign)),
    (Cl::cross, Geometric(Geometric::Cross)),
    (Cl::distance, Geometric(Geometric::Distance)),
    (Cl::length, Geometric(Geometric::Length)),
    (Cl::normalize, Geometric(Geometric::Normalize)),
    (Cl::fast_distance, Geometric(Geometric::FastDistance)),
    (Cl::fast_length, Geometric(Geometric::FastLength)),
    (Cl::fast_normalize, Geometric(Geometric::FastNormalize)),
    (Cl::s_abs, Math(MathOp::IAbs, Kind::Int)),
    (Cl::s_abs_diff, Builtin("s_abs_diff")),
    (Cl::s_add_sat, Builtin("s_add_sat")),
    (Cl::u_add_sat, Builtin("u_add_sat")),
    (Cl::s_hadd, Builtin("s_hadd")),
    (Cl::u_hadd, Builtin("u_hadd")),
    (Cl::s_rhadd, Builtin("s_rhadd")),
    (Cl::u_rhadd, Builtin("u_rhadd")),
    (Cl::s_clamp, Common(Common::Clamp(MathOp::SMax, MathOp::SMin))),
    (Cl::u_clamp, Common(Common::Clamp(MathOp::UMax, MathOp::UMin))),
    (Cl::clz, Math(MathOp::Clz, Kind::Int)),
    (Cl::ctz, Math(MathOp::Ctz, Kind::Int)),
    (Cl::s_mad_hi, Integer(Integer::MadHi(MathOp::SMulHi))),
    (Cl::u_mad_sat, Builtin("u_mad_sat")),
    (Cl::s_mad_sat, Builtin("s_mad_sat")),
    (Cl::s_max, Math(MathOp::SMax, Kind::Int)),
    (Cl::u_max, Math(MathOp::UMax, Kind::Int)),
    (Cl::s_min, Math(MathOp::SMin, Kind::Int)),
    (Cl::u_min, Math(MathOp::UMin, Kind::Int)),
    (Cl::s_mul_hi, Math(MathOp::SMulHi, Kind::Int)),
    (Cl::rotate, Integer(Integer::Rotate)),
    (Cl::s_sub_sat, Builtin("s_sub_sat")),
    (Cl::u_sub_sat, Builtin("u_sub_sat")),
    (Cl::u_upsample, Integer(Integer::Upsample(ConvOp::UToU))),
    (Cl::s_upsample, Integer(Integer::Upsample(ConvOp::SToS))),
    (Cl::popcount, Math(MathOp::Popcount, Kind::Int)),
    (Cl::s_mad24, Integer(Integer::Mul24 { add: true })),
    (Cl::u_mad24, Integer(Integer::Mul24 { add: true })),
    (Cl::s_mul24, Integer(Integer::Mul24 { add: false })),
    (Cl::u_mul24, Integer(Integer::Mul24 { add: false })),
    (Cl::vloadn, VectorLoad(VectorLoad::Whole)),
    (Cl::vstoren, VectorStore(VectorStore::Whole)),
    (Cl::vload_half, VectorLoad(VectorLoad::Half { aligned: false })),
    (Cl::vload_halfn, VectorLoad(VectorLoad::Half { aligned: false })),
    (Cl::vstore_half, VectorStore(VectorStore::Half { aligned: false, rounding: false })),
    (Cl::vstore_half_r, VectorStore(VectorStore::Half { aligned: false, rounding: true })),
    (Cl::vstore_halfn, VectorStore(VectorStore::Half { aligned: false, rounding: false })),
    (Cl::vstore_halfn_r, VectorStore(VectorStore::Half { aligned: false, rounding: true })),
    (Cl::vloada_halfn, VectorLoad(VectorLoad::Half { aligned: true })),
    (Cl::vstorea_halfn, VectorStore(VectorStore::Half { aligned: true, rounding: false })),
    (Cl::vstorea_halfn_r, VectorStore(VectorStore::Half { aligned: true, rounding: true })),
    (Cl::shuffle, Shuffle { two: false }),
    (Cl::shuffle2, Shuffle { two: true }),
    (Cl::printf, Printf),
    (Cl::prefetch, Prefetch),
    (Cl::bitselect, Relational(Relational::Bitselect)),
    (Cl::select, Relational(Relational::Select)),
    (Cl::u_abs, Integer(Integer::Unchanged)),
    (Cl::u_abs_diff, Builtin("u_abs_diff")),
    (Cl::u_mul_hi, Math(MathOp::UMulHi, Kind::Int)),
    (Cl::u_mad_hi, Integer(Integer::MadHi(MathOp::UMulHi))),
];

/// The family of `op`.
pub(super) fn family_of(op: Cl) -> Option<Family> {
    OPENCL_STD.iter().find(|(o, _)| *o == op).map(|(_, f)| *f)
}

impl Translator<'_> {
    /// Translate OpenCL.std instruction `op`; `None` when it has no result.
    pub(super) fn opencl(&mut self, fr: &mut Frame, inst: &SpvInst, op: Cl) -> Result<Option<Value>> {
        let rt_id = inst.rtype()?;
        let void = matches!(self.m.spv_type(rt_id)?, SpvType::Void);
        let rt = if void { Type::I32 } else { self.ty(rt_id)? };
        let family = family_of(op)
            .ok_or_else(|| CompileError::internal("the instruction is missing from the OpenCL.std table"))?;
        let v = match family {
            Math(m, kind) => self.cl_math(fr, inst, m, kind, &rt)?,
            Builtin(name) => self.cl_builtin(fr, inst, name, &rt)?,
            Common(c) => self.cl_common(fr, inst, c, &rt)?,
            Integer(i) => self.cl_integer(fr, inst, i, &rt)?,
            Relational(r) => self.cl_relational(fr, inst, r, &rt)?,
            Geometric(g) => self.cl_geometric(fr, inst, g, &rt)?,
            PointerOut(p) => self.cl_pointer_out(fr, inst, p, &rt)?,
            VectorLoad(l) => self.cl_vector_load(fr, inst, l, &rt)?,
            VectorStore(s) => {
                self.cl_vector_store(fr, inst, s)?;
                return Ok(None);
            }
            Shuffle { two } => self.cl_shuffle(fr, inst, two, &rt)?,
            Printf => self.printf(fr, inst)?,
            Prefetch => return Ok(None),
        };
        Ok(Some(v))
    }
}

#[cfg(test)]
mod tests {
    use rspirv::grammar::{ExtInstOp, OPENCL_STD_100_INSTRUCTION_TABLE};

    use super::*;

    #[test]
    fn the_table_lists_every_instruction_once_in_order() {
        let grammar: Vec<Cl> = OPENCL_STD_100_INSTRUCTION_TABLE
            .iter()
            .filter_map(|i| match i.opcode {
                ExtInstOp::OpenclStd100(op) => Some(op),
                _ => None,
            })
            .collect();
        let mut sorted = grammar.clone();
        sorted.sort_by_key(|op| *op as u32);
        let table: Vec<Cl> = OPENCL_STD.iter().map(|(op, _)| *op).collect();
        assert_eq!(table, sorted);
    }

    #[test]
    fn native_and_half_forms_call_the_full_precision_builtin() {
        for (op, family) in OPENCL_STD {
            let name = format!("{op:?}");
            if let (Builtin(b), Some(base)) =
                (family, name.strip_prefix("native_").or_else(|| name.strip_prefix("half_")))
            {
                assert_eq!(*b, base, "{name}");
            }
        }
    }
}

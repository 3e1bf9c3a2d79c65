//! The runtime library that kernels compiled by spirjit call.
//!
//! Every function here is a scalar `extern "C"` function that compiled code calls through
//! a raw address: OpenCL.std float math (`sin_f32`, `pow_f64`, ...), OpenCL.std integer
//! functions (`s_add_sat_i32`, `u_mul_hi_i64`, ...), half-precision and rounding-mode
//! conversions, and `memmove`. The JIT finds them by symbol name with [`lookup`] (or
//! walks [`table`]) and declares each with the [`ArgType`] signature recorded there.
//! Most float math functions also have a vector form (module `vector`, x86-64 only:
//! `sin_v4f32` takes and returns four `f32` lanes in one 128-bit register, `sin_v2f64`
//! two `f64` lanes; found with [`vector_form`]) that gives the scalar form's results lane
//! by lane, so vectorized kernels call once per register instead of once per lane.
//! OpenCL.std functions with a pointer output are split in two scalar functions each
//! (`frexp_mant_f32` / `frexp_exp_f32`, `lgamma_r_sign_f32`, `remquo_rem_f32` /
//! `remquo_quo_f32`).
//!
//! Two families take whole values instead (called once per work-item through pointers,
//! see `image` and `printf`): image reads, writes and queries (`spirjit_image_*`) and
//! `spirjit_printf`, which formats into a per-thread buffer the runtime drains — the only
//! state in this crate.
//!
//! Rules every builtin follows: `extern "C"`; parameters and result are one of the
//! [`ArgType`]s (half values cross as `I16` bits, bools never cross, integers cross as
//! the *signed* Rust type of their width whatever their OpenCL signedness); no panics
//! (an `extern "C"` function that panics aborts the process), no allocation, no I/O, no
//! global state. This crate must not know about the kernel IR or the compiler.
//!
//! # Symbol naming
//!
//! - OpenCL.std float functions: `<extinst name>_<f32|f64>`, e.g. `sin_f32`, `ldexp_f64`
//!   (takes `(f64, i32)`), `ilogb_f32` (returns `i32`).
//! - OpenCL.std integer functions: `<extinst name>_<i8|i16|i32|i64>`, e.g.
//!   `s_add_sat_i32`, `u_mul_hi_i64`; `s_upsample_i8` takes two `i8` and returns `i16`.
//! - Vector forms: `<name>_v4f32` / `<name>_v2f64` (parameters and result [`ArgType::F32X4`],
//!   [`ArgType::F64X2`], [`ArgType::I32X4`]).
//! - Half operations that must not go through `f32`: `fma_f16`, `mad_f16`,
//!   `nextafter_f16` (half bits as `i16`; module `half`).
//! - Helpers for the lowering: `fmod_*`, `round_*`, `convert_*`, `memmove`.
//! - GLSL.std.450 packing functions: `glsl_pack_<form>` / `glsl_unpack_<form>` (module
//!   `glsl`); every other GLSL.std.450 function reuses the OpenCL.std symbols.
//!
//! # Adding a builtin
//!
//! 1. Write the function in the module of its family (`math`, `integer`, `convert`,
//!    `half`, `memory`) as `pub extern "C" fn <symbol>(...) -> ...`; the Rust name *is*
//!    the symbol. Use only `i8`..`i64`, `f32`, `f64`, `*mut u8`/`*const u8` and `()`.
//! 2. Add its name to the group of its module and signature in the `builtins!` list
//!    below, e.g. `ldexp_f32` under `math []: extern "C" fn(f32, i32) -> f32 { ... }`, or
//!    start a new group `module [flags]: extern "C" fn(params) -> ret { name }` (flags:
//!    `effects` when it writes memory or has another effect, `status` when it returns an
//!    access status; an `unsafe`
//!    function, e.g. one that dereferences raw pointers, has an `unsafe extern "C" fn`
//!    group). The function is coerced to that type, so a wrong signature does not
//!    compile; the [`ArgType`]s are derived from it.
//! 3. Add a test next to the function; `tests::symbols_are_unique` checks the table.
//!
//! # Example
//!
//! ```
//! use spirjit_builtins::{lookup, ArgType};
//!
//! let sin = lookup("sin_f32").expect("sin_f32 is a builtin");
//! assert_eq!(sin.params, &[ArgType::F32]);
//! assert_eq!(sin.ret, ArgType::F32);
//! // The JIT calls `sin.address`; from Rust it can be called like this:
//! let f: extern "C" fn(f32) -> f32 = unsafe { std::mem::transmute(sin.address) };
//! assert_eq!(f(0.0), 0.0);
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

pub mod convert;
pub mod glsl;
pub mod half;
pub mod image;
pub mod integer;
pub mod math;
pub mod memory;
pub mod printf;
mod signature;
#[doc(hidden)]
pub mod test_util;
#[cfg(target_arch = "x86_64")]
pub mod vector;

/// The type of one parameter or of the result of a builtin, as the JIT declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgType {
    I8,
    I16,
    I32,
    I64,
    F32,
    F64,
    /// A host pointer (pointer-sized integer).
    Ptr,
    /// No value (only as a result).
    Void,
    /// A 128-bit register of four `f32` lanes (`__m128`; vector forms only).
    F32X4,
    /// A 128-bit register of two `f64` lanes (`__m128d`; vector forms only).
    F64X2,
    /// A 128-bit register of four `i32` lanes (`__m128i`; vector forms only).
    I32X4,
}

/// One entry of the builtins table.
#[derive(Debug)]
pub struct Builtin {
    /// The name compiled code refers to, e.g. `"sin_f32"`.
    pub symbol: &'static str,
    /// Parameter types, in order.
    pub params: &'static [ArgType],
    /// Result type ([`ArgType::Void`] for none).
    pub ret: ArgType,
    /// Address of the `extern "C"` function.
    pub address: *const u8,
    /// What calling it does besides computing its result.
    pub flags: Flags,
}

/// What a builtin does besides computing its result, as its group in the `builtins!`
/// table declares it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// It writes memory or has another effect (`memmove`, image writes, `printf`): it
    /// must run only for work-items that reach the call, and exactly once each.
    pub effects: bool,
    /// Its result is an access status the caller checks (image reads and writes; see
    /// `spirjit_abi::image::access_status`).
    pub status: bool,
}

/// A builtin's number in [`table`]: what KIR calls name, resolved once from the symbol
/// by the front end. Prints as its symbol.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BuiltinId(u16);

impl BuiltinId {
    /// The builtin named `symbol`, if there is one.
    pub fn of(symbol: &str) -> Option<BuiltinId> {
        index().get(symbol).map(|&i| BuiltinId(i))
    }

    /// Its entry of the table.
    pub fn get(self) -> &'static Builtin {
        // Ids are only made from indices of the table.
        &table()[usize::from(self.0)]
    }

    /// Its symbol (`sin_f32`).
    pub fn symbol(self) -> &'static str {
        self.get().symbol
    }

    /// Its vector form (`sin_f32` → `sin_v4f32`), if there is one: it takes and returns
    /// 128-bit registers whose lanes are this builtin's operands, and gives identical
    /// results per lane.
    pub fn vector_form(self) -> Option<BuiltinId> {
        let symbol = self.symbol();
        let v = if let Some(base) = symbol.strip_suffix("_f32") {
            format!("{base}_v4f32")
        } else {
            format!("{}_v2f64", symbol.strip_suffix("_f64")?)
        };
        BuiltinId::of(&v)
    }
}

impl std::fmt::Display for BuiltinId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.symbol())
    }
}

impl std::fmt::Debug for BuiltinId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.symbol())
    }
}

// SAFETY: `address` points to immutable machine code of a function that has no state;
// sharing it between threads is sound.
unsafe impl Sync for Builtin {}
// SAFETY: as above; the table is built once and moved into its static.
unsafe impl Send for Builtin {}

/// Declares the table. Entries are grouped by signature, each group headed by its module,
/// its [`Flags`] when it has any, and the exact `extern "C"` function pointer type of its
/// functions: `module [effects, status]: extern "C" fn(params) -> ret { function, ... }` (`[]` for none).
/// Each function is coerced to that type, so a signature cannot disagree with its
/// function, and the [`ArgType`]s are derived from the type.
macro_rules! builtins {
    (static $table:ident; $($module:ident $flags:tt : $fnty:ty { $($name:ident),* $(,)? })*) => {
        static $table: &[Builtin] = &[$($(
            Builtin {
                symbol: stringify!($name),
                params: <$fnty as signature::Signature>::PARAMS,
                ret: <$fnty as signature::Signature>::RET,
                address: ($module::$name as $fnty) as *const u8,
                flags: flags!($flags),
            },
        )*)*];
    };
}

/// The [`Flags`] a `builtins!` group declares: `[]`, `[effects]`, `[effects, status]`.
macro_rules! flags {
    ([$($flag:ident),*]) => {{
        #[allow(unused_mut)]
        let mut f = Flags::NONE;
        $(f.$flag = true;)*
        f
    }};
}

impl Flags {
    /// No effects, no status.
    pub const NONE: Flags = Flags { effects: false, status: false };
}

builtins! {
    static SCALAR_TABLE;
    math []: extern "C" fn(f32) -> f32 {
        acos_f32, acosh_f32, acospi_f32, asin_f32, asinh_f32, asinpi_f32, atan_f32, atanh_f32,
        atanpi_f32, cbrt_f32, ceil_f32, cos_f32, cosh_f32, cospi_f32, erf_f32, erfc_f32, exp_f32,
        exp2_f32, exp10_f32, expm1_f32, fabs_f32, floor_f32, lgamma_f32, log_f32, log2_f32,
        log10_f32, log1p_f32, logb_f32, rint_f32, round_f32, rsqrt_f32, sin_f32, sinh_f32,
        sinpi_f32, sqrt_f32, tan_f32, tanh_f32, tanpi_f32, tgamma_f32, trunc_f32, frexp_mant_f32
    }
    math []: extern "C" fn(f32, f32) -> f32 {
        atan2_f32, atan2pi_f32, copysign_f32, fdim_f32, fmax_f32, fmin_f32, fmod_f32, hypot_f32,
        maxmag_f32, minmag_f32, nextafter_f32, pow_f32, powr_f32, remainder_f32, remquo_rem_f32
    }
    math []: extern "C" fn(f32, f32) -> i32 {
        remquo_quo_f32
    }
    math []: extern "C" fn(f32, f32, f32) -> f32 {
        fma_f32, mad_f32
    }
    math []: extern "C" fn(f32, i32) -> f32 {
        ldexp_f32, pown_f32, rootn_f32
    }
    math []: extern "C" fn(f32) -> i32 {
        ilogb_f32, frexp_exp_f32, lgamma_r_sign_f32
    }
    math []: extern "C" fn(f64) -> f64 {
        acos_f64, acosh_f64, acospi_f64, asin_f64, asinh_f64, asinpi_f64, atan_f64, atanh_f64,
        atanpi_f64, cbrt_f64, ceil_f64, cos_f64, cosh_f64, cospi_f64, erf_f64, erfc_f64, exp_f64,
        exp2_f64, exp10_f64, expm1_f64, fabs_f64, floor_f64, lgamma_f64, log_f64, log2_f64,
        log10_f64, log1p_f64, logb_f64, rint_f64, round_f64, rsqrt_f64, sin_f64, sinh_f64,
        sinpi_f64, sqrt_f64, tan_f64, tanh_f64, tanpi_f64, tgamma_f64, trunc_f64, frexp_mant_f64
    }
    math []: extern "C" fn(f64, f64) -> f64 {
        atan2_f64, atan2pi_f64, copysign_f64, fdim_f64, fmax_f64, fmin_f64, fmod_f64, hypot_f64,
        maxmag_f64, minmag_f64, nextafter_f64, pow_f64, powr_f64, remainder_f64, remquo_rem_f64
    }
    math []: extern "C" fn(f64, f64) -> i32 {
        remquo_quo_f64
    }
    math []: extern "C" fn(f64, f64, f64) -> f64 {
        fma_f64, mad_f64
    }
    math []: extern "C" fn(f64, i32) -> f64 {
        ldexp_f64, pown_f64, rootn_f64
    }
    math []: extern "C" fn(f64) -> i32 {
        ilogb_f64, frexp_exp_f64, lgamma_r_sign_f64
    }
    integer []: extern "C" fn(i8) -> i8 {
        s_abs_i8, u_abs_i8, clz_i8, ctz_i8, popcount_i8
    }
    integer []: extern "C" fn(i8, i8) -> i8 {
        s_abs_diff_i8, u_abs_diff_i8, s_add_sat_i8, u_add_sat_i8, s_sub_sat_i8, u_sub_sat_i8,
        s_hadd_i8, u_hadd_i8, s_rhadd_i8, u_rhadd_i8, s_max_i8, u_max_i8, s_min_i8, u_min_i8,
        rotate_i8, s_mul_hi_i8, u_mul_hi_i8
    }
    integer []: extern "C" fn(i8, i8, i8) -> i8 {
        s_clamp_i8, u_clamp_i8, s_mad_hi_i8, u_mad_hi_i8, s_mad_sat_i8, u_mad_sat_i8
    }
    integer []: extern "C" fn(i8, i8) -> i16 {
        s_upsample_i8, u_upsample_i8
    }
    integer []: extern "C" fn(i16) -> i16 {
        s_abs_i16, u_abs_i16, clz_i16, ctz_i16, popcount_i16
    }
    integer []: extern "C" fn(i16, i16) -> i16 {
        s_abs_diff_i16, u_abs_diff_i16, s_add_sat_i16, u_add_sat_i16, s_sub_sat_i16, u_sub_sat_i16,
        s_hadd_i16, u_hadd_i16, s_rhadd_i16, u_rhadd_i16, s_max_i16, u_max_i16, s_min_i16,
        u_min_i16, rotate_i16, s_mul_hi_i16, u_mul_hi_i16
    }
    integer []: extern "C" fn(i16, i16, i16) -> i16 {
        s_clamp_i16, u_clamp_i16, s_mad_hi_i16, u_mad_hi_i16, s_mad_sat_i16, u_mad_sat_i16
    }
    integer []: extern "C" fn(i16, i16) -> i32 {
        s_upsample_i16, u_upsample_i16
    }
    integer []: extern "C" fn(i32) -> i32 {
        s_abs_i32, u_abs_i32, clz_i32, ctz_i32, popcount_i32
    }
    integer []: extern "C" fn(i32, i32) -> i32 {
        s_abs_diff_i32, u_abs_diff_i32, s_add_sat_i32, u_add_sat_i32, s_sub_sat_i32, u_sub_sat_i32,
        s_hadd_i32, u_hadd_i32, s_rhadd_i32, u_rhadd_i32, s_max_i32, u_max_i32, s_min_i32,
        u_min_i32, rotate_i32, s_mul_hi_i32, u_mul_hi_i32
    }
    integer []: extern "C" fn(i32, i32, i32) -> i32 {
        s_clamp_i32, u_clamp_i32, s_mad_hi_i32, u_mad_hi_i32, s_mad_sat_i32, u_mad_sat_i32
    }
    integer []: extern "C" fn(i32, i32) -> i64 {
        s_upsample_i32, u_upsample_i32
    }
    integer []: extern "C" fn(i64) -> i64 {
        s_abs_i64, u_abs_i64, clz_i64, ctz_i64, popcount_i64
    }
    integer []: extern "C" fn(i64, i64) -> i64 {
        s_abs_diff_i64, u_abs_diff_i64, s_add_sat_i64, u_add_sat_i64, s_sub_sat_i64, u_sub_sat_i64,
        s_hadd_i64, u_hadd_i64, s_rhadd_i64, u_rhadd_i64, s_max_i64, u_max_i64, s_min_i64,
        u_min_i64, rotate_i64, s_mul_hi_i64, u_mul_hi_i64
    }
    integer []: extern "C" fn(i64, i64, i64) -> i64 {
        s_clamp_i64, u_clamp_i64, s_mad_hi_i64, u_mad_hi_i64, s_mad_sat_i64, u_mad_sat_i64
    }
    integer []: extern "C" fn(i32, i32) -> i32 {
        s_mul24_i32, u_mul24_i32
    }
    integer []: extern "C" fn(i32, i32, i32) -> i32 {
        s_mad24_i32, u_mad24_i32
    }
    half []: extern "C" fn(i16) -> f32 {
        convert_f16_to_f32
    }
    half []: extern "C" fn(i16) -> f64 {
        convert_f16_to_f64
    }
    half []: extern "C" fn(f32) -> i16 {
        convert_f32_to_f16_rte, convert_f32_to_f16_rtz, convert_f32_to_f16_rtp,
        convert_f32_to_f16_rtn
    }
    half []: extern "C" fn(f64) -> i16 {
        convert_f64_to_f16_rte, convert_f64_to_f16_rtz, convert_f64_to_f16_rtp,
        convert_f64_to_f16_rtn
    }
    half []: extern "C" fn(i16, i16, i16) -> i16 {
        fma_f16, mad_f16
    }
    half []: extern "C" fn(i16, i16) -> i16 {
        nextafter_f16
    }
    convert []: extern "C" fn(f64) -> f32 {
        convert_f64_to_f32_rtz, convert_f64_to_f32_rtp, convert_f64_to_f32_rtn
    }
    convert []: extern "C" fn(i32) -> f32 {
        convert_i32_to_f32_rtz, convert_i32_to_f32_rtp, convert_i32_to_f32_rtn
    }
    convert []: extern "C" fn(i32) -> f32 {
        convert_u32_to_f32_rtz, convert_u32_to_f32_rtp, convert_u32_to_f32_rtn
    }
    convert []: extern "C" fn(i64) -> f32 {
        convert_i64_to_f32_rtz, convert_i64_to_f32_rtp, convert_i64_to_f32_rtn
    }
    convert []: extern "C" fn(i64) -> f32 {
        convert_u64_to_f32_rtz, convert_u64_to_f32_rtp, convert_u64_to_f32_rtn
    }
    convert []: extern "C" fn(i64) -> f64 {
        convert_i64_to_f64_rtz, convert_i64_to_f64_rtp, convert_i64_to_f64_rtn
    }
    convert []: extern "C" fn(i64) -> f64 {
        convert_u64_to_f64_rtz, convert_u64_to_f64_rtp, convert_u64_to_f64_rtn
    }
    memory [effects]: unsafe extern "C" fn(*mut u8, *const u8, i64) {
        memmove
    }
    glsl []: extern "C" fn(f32, f32, f32, f32) -> i32 {
        glsl_pack_snorm4x8, glsl_pack_unorm4x8
    }
    glsl []: extern "C" fn(f32, f32) -> i32 {
        glsl_pack_snorm2x16, glsl_pack_unorm2x16, glsl_pack_half2x16
    }
    glsl []: extern "C" fn(i32, i32) -> f32 {
        glsl_unpack_snorm4x8, glsl_unpack_unorm4x8, glsl_unpack_snorm2x16, glsl_unpack_unorm2x16,
        glsl_unpack_half2x16
    }
    image [effects, status]: unsafe extern "C" fn(*mut u8, *const u8, i32, *const u8, i32) -> i64 {
        spirjit_image_read
    }
    image [effects, status]: unsafe extern "C" fn(*const u8, *const u8, *const u8, i32) -> i64 {
        spirjit_image_write
    }
    image []: unsafe extern "C" fn(*const u8, i32) -> i32 {
        spirjit_image_query
    }
    image []: unsafe extern "C" fn(*mut u8, *const u8, i32, *const u8, *const u8, i32) {
        spirjit_image_sample
    }
    image []: unsafe extern "C" fn(*const u8, *const u8) -> i64 {
        spirjit_image_texel_address
    }
    printf [effects]: unsafe extern "C" fn(*const u8, *const u8, *const u8, i32, i64) -> i32 {
        spirjit_printf
    }
}

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::{__m128, __m128d, __m128i};

#[cfg(target_arch = "x86_64")]
builtins! {
    static VECTOR_TABLE;
    vector []: extern "C" fn(__m128) -> __m128 {
        acos_v4f32, acosh_v4f32, acospi_v4f32, asin_v4f32, asinh_v4f32, asinpi_v4f32, atan_v4f32,
        atanh_v4f32, atanpi_v4f32, cbrt_v4f32, ceil_v4f32, cos_v4f32, cosh_v4f32, cospi_v4f32,
        erf_v4f32, erfc_v4f32, exp_v4f32, exp2_v4f32, exp10_v4f32, expm1_v4f32, fabs_v4f32,
        floor_v4f32, lgamma_v4f32, log_v4f32, log2_v4f32, log10_v4f32, log1p_v4f32, logb_v4f32,
        rint_v4f32, round_v4f32, rsqrt_v4f32, sin_v4f32, sinh_v4f32, sinpi_v4f32, sqrt_v4f32,
        tan_v4f32, tanh_v4f32, tanpi_v4f32, tgamma_v4f32, trunc_v4f32
    }
    vector []: extern "C" fn(__m128, __m128) -> __m128 {
        atan2_v4f32, atan2pi_v4f32, copysign_v4f32, fdim_v4f32, fmax_v4f32, fmin_v4f32, fmod_v4f32,
        hypot_v4f32, maxmag_v4f32, minmag_v4f32, nextafter_v4f32, pow_v4f32, powr_v4f32,
        remainder_v4f32
    }
    vector []: extern "C" fn(__m128, __m128, __m128) -> __m128 {
        fma_v4f32, mad_v4f32
    }
    vector []: extern "C" fn(__m128, __m128i) -> __m128 {
        ldexp_v4f32, pown_v4f32, rootn_v4f32
    }
    vector []: extern "C" fn(__m128) -> __m128i {
        ilogb_v4f32
    }
    vector []: extern "C" fn(__m128d) -> __m128d {
        acos_v2f64, acosh_v2f64, acospi_v2f64, asin_v2f64, asinh_v2f64, asinpi_v2f64, atan_v2f64,
        atanh_v2f64, atanpi_v2f64, cbrt_v2f64, ceil_v2f64, cos_v2f64, cosh_v2f64, cospi_v2f64,
        erf_v2f64, erfc_v2f64, exp_v2f64, exp2_v2f64, exp10_v2f64, expm1_v2f64, fabs_v2f64,
        floor_v2f64, lgamma_v2f64, log_v2f64, log2_v2f64, log10_v2f64, log1p_v2f64, logb_v2f64,
        rint_v2f64, round_v2f64, rsqrt_v2f64, sin_v2f64, sinh_v2f64, sinpi_v2f64, sqrt_v2f64,
        tan_v2f64, tanh_v2f64, tanpi_v2f64, tgamma_v2f64, trunc_v2f64
    }
    vector []: extern "C" fn(__m128d, __m128d) -> __m128d {
        atan2_v2f64, atan2pi_v2f64, copysign_v2f64, fdim_v2f64, fmax_v2f64, fmin_v2f64, fmod_v2f64,
        hypot_v2f64, maxmag_v2f64, minmag_v2f64, nextafter_v2f64, pow_v2f64, powr_v2f64,
        remainder_v2f64
    }
    vector []: extern "C" fn(__m128d, __m128d, __m128d) -> __m128d {
        fma_v2f64, mad_v2f64
    }
}

#[cfg(not(target_arch = "x86_64"))]
static VECTOR_TABLE: &[Builtin] = &[];

/// Every builtin: the scalar functions in declaration order, then the vector forms.
pub fn table() -> &'static [Builtin] {
    static TABLE: OnceLock<Vec<Builtin>> = OnceLock::new();
    TABLE.get_or_init(|| {
        SCALAR_TABLE
            .iter()
            .chain(VECTOR_TABLE)
            .map(|b| Builtin { symbol: b.symbol, params: b.params, ret: b.ret, address: b.address, flags: b.flags })
            .collect()
    })
}

/// The index of every symbol in [`table`].
fn index() -> &'static HashMap<&'static str, u16> {
    static INDEX: OnceLock<HashMap<&'static str, u16>> = OnceLock::new();
    // The table has far fewer than 65,536 entries (`tests::ids_fit`).
    INDEX.get_or_init(|| table().iter().enumerate().map(|(i, b)| (b.symbol, i as u16)).collect())
}

/// The vector form of the scalar builtin `symbol` (`sin_f32` → `sin_v4f32`,
/// `pow_f64` → `pow_v2f64`), if there is one: it takes and returns 128-bit registers
/// whose lanes are the scalar form's operands, and gives identical results per lane.
pub fn vector_form(symbol: &str) -> Option<&'static Builtin> {
    BuiltinId::of(symbol)?.vector_form().map(BuiltinId::get)
}

/// The builtin named `symbol`, if there is one.
pub fn lookup(symbol: &str) -> Option<&'static Builtin> {
    BuiltinId::of(symbol).map(BuiltinId::get)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for b in table() {
            assert!(seen.insert(b.symbol), "duplicate builtin {}", b.symbol);
            assert!(!b.address.is_null(), "{} has no address", b.symbol);
            assert!(!b.params.contains(&ArgType::Void), "{} takes a Void parameter", b.symbol);
        }
    }

    #[test]
    fn ids_fit_and_name_their_builtin() {
        assert!(table().len() < usize::from(u16::MAX));
        for b in table() {
            let id = BuiltinId::of(b.symbol).unwrap();
            assert_eq!(id.symbol(), b.symbol);
            assert_eq!(id.to_string(), b.symbol);
        }
        let sin = BuiltinId::of("sin_f32").unwrap();
        assert_eq!(
            sin.vector_form().map(BuiltinId::symbol),
            Some("sin_v4f32").filter(|_| cfg!(target_arch = "x86_64"))
        );
    }

    #[test]
    fn flags_say_which_builtins_have_effects_or_a_status() {
        let flags = |s: &str| lookup(s).unwrap().flags;
        assert_eq!(flags("sin_f32"), Flags::NONE);
        assert_eq!(flags("spirjit_image_query"), Flags::NONE);
        assert_eq!(flags("memmove"), Flags { effects: true, status: false });
        assert_eq!(flags("spirjit_printf"), Flags { effects: true, status: false });
        assert_eq!(flags("spirjit_image_write"), Flags { effects: true, status: true });
        assert_eq!(flags("spirjit_image_read"), Flags { effects: true, status: true });
    }

    #[test]
    fn lookup_finds_signatures() {
        let b = lookup("ldexp_f32").unwrap();
        assert_eq!(b.params, &[ArgType::F32, ArgType::I32]);
        assert_eq!(b.ret, ArgType::F32);
        let m = lookup("memmove").unwrap();
        assert_eq!(m.params, &[ArgType::Ptr, ArgType::Ptr, ArgType::I64]);
        assert_eq!(m.ret, ArgType::Void);
        assert!(lookup("no_such_builtin").is_none());
    }
}

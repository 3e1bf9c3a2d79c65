//! `length`, `distance` and `normalize` (OpenCL.std and GLSL.std.450) without undue
//! overflow or underflow, expressed in KIR so that the scalar path (W = 1) and the
//! vector path (W > 1) run the same operations and give the same bits.
//!
//! The plain formula `sqrt(dot(p, p))` overflows when the sum of squares does
//! (`length(0x1p64f)` would be infinite) and loses every bit when the squares are
//! subnormal (`length(0x1p-75f)` would be 0). As libclc does, the sum of squares `l2` is
//! computed first; when it is below the smallest normal number the components are scaled
//! up by a power of two (2^86 for `float`, 2^563 for `double`), when it is infinite they
//! are scaled down (2^-65, 2^-513), and the result is scaled back. Powers of two scale
//! exactly, so results in the ordinary range are those of the plain formula bit for bit:
//!
//! * `length(p)`: `fabs(p)` for a scalar (exact), else `sqrt(dot(q, q)) * 1/s` with
//!   `q = p * s`.
//! * `distance(p0, p1)`: `length(p0 - p1)`.
//! * `normalize(p)`: `p` when every component is ±0; for a scalar `copysign(1, p)` (NaN
//!   stays NaN); else `q / sqrt(dot(q, q))` with `q` scaled as above, and when a
//!   component is infinite `q` is the signs of the infinite components (1 or -1, the
//!   others ±0) — so `normalize((inf, 1))` is `(1, 0)` and a NaN component gives NaN.
//!
//! `half` operands are computed in `float` and rounded once. `fast_length`,
//! `fast_distance` and `fast_normalize` keep the plain formula: the OpenCL C
//! specification defines them by it and leaves their results undefined when the sum of
//! squares overflows (and `fast_normalize` may return `p` when it is below `FLT_MIN`).

use crate::frontend::spirv::arith::float_bits;
use crate::frontend::spirv::function::Translator;
use crate::frontend::spirv::memory::conv;
use crate::ir::{BinaryOp, ConvOp, FloatCC, InstKind, MathOp, Scalar, Type, Value};
use crate::{CompileError, Result};

/// Scale exponents of a float type: (up, down, smallest normal). Up: the smallest
/// subnormal times 2^up squares to a normal number; the largest component of an
/// underflowing sum (below sqrt(min normal)) times 2^up squares far below the largest
/// finite value. Down: the largest finite value times 2^-down squares to at most a
/// quarter of the largest finite value, so four components still sum without overflow.
fn scales(s: Scalar) -> Option<(i32, i32, f64)> {
    match s {
        Scalar::F32 => Some((86, 65, f64::from(f32::MIN_POSITIVE))),
        Scalar::F64 => Some((563, 513, f64::MIN_POSITIVE)),
        _ => None,
    }
}

impl Translator<'_> {
    /// The float constant `x` of scalar `s` (exact: powers of two, 0, 1, infinity).
    fn geo_const(&mut self, s: Scalar, x: f64) -> Value {
        self.konst(&Type::Scalar(s), &[float_bits(s, x)])
    }

    fn geo_bin(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        let t = self.ty_of(a);
        self.emit(InstKind::Binary(op, a, b), t)
    }

    /// The float scalar of `p` (a float scalar or vector).
    fn geo_scalar(&mut self, p: Value, what: &str) -> Result<Scalar> {
        let t = self.ty_of(p);
        t.scalar().filter(|s| s.is_float()).ok_or_else(|| CompileError::invalid(format!("{what} of {t}")))
    }

    /// `half` operands widened to `float` (with the type to narrow the result to).
    fn geo_widen(&mut self, p: Value) -> (Value, Option<Type>) {
        let t = self.ty_of(p);
        if t.scalar() != Some(Scalar::F16) {
            return (p, None);
        }
        let wide = self.emit(InstKind::Convert(conv(ConvOp::FToF), p), t.with_scalar(Scalar::F32));
        (wide, Some(t))
    }

    fn geo_narrow(&mut self, v: Value, to: Option<Type>) -> Value {
        match to {
            Some(t) => {
                let t = t.with_scalar(Scalar::F16);
                let t = if self.ty_of(v).lanes() == Some(1) { Type::Scalar(Scalar::F16) } else { t };
                self.emit(InstKind::Convert(conv(ConvOp::FToF), v), t)
            }
            None => v,
        }
    }

    /// The factors `(into, out_of)` the components are scaled by before and after the
    /// sum of squares `l2`: (2^up, 2^-up) when `l2` is below the smallest normal number,
    /// (2^-down, 2^down) when it is infinite, else (1, 1).
    fn geo_factors(&mut self, s: Scalar, l2: Value) -> Result<(Value, Value)> {
        let (up, down, min) =
            scales(s).ok_or_else(|| CompileError::internal(format!("no geometric scaling for {s:?}")))?;
        let st = Type::Scalar(s);
        let min = self.geo_const(s, min);
        let inf = self.geo_const(s, f64::INFINITY);
        let one = self.geo_const(s, 1.0);
        let small = self.emit(InstKind::Fcmp(FloatCC::OrdLt, l2, min), Type::BOOL);
        let big = self.emit(InstKind::Fcmp(FloatCC::OrdEq, l2, inf), Type::BOOL);
        let (up_in, up_out) = (self.geo_const(s, 2f64.powi(up)), self.geo_const(s, 2f64.powi(-up)));
        let (down_in, down_out) = (self.geo_const(s, 2f64.powi(-down)), self.geo_const(s, 2f64.powi(down)));
        let big_in = self.emit(InstKind::Select(big, down_in, one), st.clone());
        let big_out = self.emit(InstKind::Select(big, down_out, one), st.clone());
        let into = self.emit(InstKind::Select(small, up_in, big_in), st.clone());
        let out_of = self.emit(InstKind::Select(small, up_out, big_out), st);
        Ok((into, out_of))
    }

    /// `length(p)` of a float scalar or vector, without undue overflow or underflow.
    pub(crate) fn geo_length(&mut self, p: Value) -> Result<Value> {
        let (p, narrow) = self.geo_widen(p);
        let s = self.geo_scalar(p, "length")?;
        let t = self.ty_of(p);
        let st = Type::Scalar(s);
        let r = if t.lanes().unwrap_or(1) == 1 {
            self.emit(InstKind::Math(MathOp::FAbs, vec![p]), st)
        } else {
            let l2 = self.dot(p, p)?;
            let (into, out_of) = self.geo_factors(s, l2)?;
            let iv = self.splat(into, &t);
            let q = self.geo_bin(BinaryOp::FMul, p, iv);
            let d = self.dot(q, q)?;
            let root = self.emit(InstKind::Math(MathOp::Sqrt, vec![d]), st);
            self.geo_bin(BinaryOp::FMul, root, out_of)
        };
        Ok(self.geo_narrow(r, narrow))
    }

    /// `distance(a, b)`: `length(a - b)`.
    pub(crate) fn geo_distance(&mut self, a: Value, b: Value) -> Result<Value> {
        let p = self.geo_bin(BinaryOp::FSub, a, b);
        self.geo_length(p)
    }

    /// `normalize(p)` of a float scalar or vector, without undue overflow or underflow.
    pub(crate) fn geo_normalize(&mut self, p: Value) -> Result<Value> {
        let (p, narrow) = self.geo_widen(p);
        let s = self.geo_scalar(p, "normalize")?;
        let t = self.ty_of(p);
        let st = Type::Scalar(s);
        let zero = self.geo_const(s, 0.0);
        let one = self.geo_const(s, 1.0);
        if t.lanes().unwrap_or(1) == 1 {
            // ±1 with the sign of p; ±0 and NaN as they are.
            let a = self.emit(InstKind::Math(MathOp::FAbs, vec![p]), st.clone());
            let nonzero = self.emit(InstKind::Fcmp(FloatCC::OrdGt, a, zero), Type::BOOL);
            let unit = self.emit(InstKind::Math(MathOp::CopySign, vec![one, p]), st.clone());
            let r = self.emit(InstKind::Select(nonzero, unit, p), st);
            return Ok(self.geo_narrow(r, narrow));
        }
        let l2 = self.dot(p, p)?;
        let (into, _) = self.geo_factors(s, l2)?;
        let iv = self.splat(into, &t);
        let q = self.geo_bin(BinaryOp::FMul, p, iv);
        // Still infinite after scaling down: some component is infinite. Those become
        // ±1, the others ±0.
        let q2 = self.dot(q, q)?;
        let inf = self.geo_const(s, f64::INFINITY);
        let q_inf = self.emit(InstKind::Fcmp(FloatCC::OrdEq, q2, inf), Type::BOOL);
        let a = self.emit(InstKind::Math(MathOp::FAbs, vec![p]), t.clone());
        let infv = self.splat(inf, &t);
        let bt = t.with_scalar(Scalar::Bool);
        let is_inf = self.emit(InstKind::Fcmp(FloatCC::OrdEq, a, infv), bt);
        let (onev, zerov) = (self.splat(one, &t), self.splat(zero, &t));
        let mag = self.emit(InstKind::Select(is_inf, onev, zerov), t.clone());
        let signs = self.emit(InstKind::Math(MathOp::CopySign, vec![mag, p]), t.clone());
        let q = self.emit(InstKind::Select(q_inf, signs, q), t.clone());
        let d = self.dot(q, q)?;
        let len = self.emit(InstKind::Math(MathOp::Sqrt, vec![d]), st.clone());
        let lv = self.splat(len, &t);
        let r = self.geo_bin(BinaryOp::FDiv, q, lv);
        let is_zero = self.emit(InstKind::Fcmp(FloatCC::OrdEq, len, zero), Type::BOOL);
        let r = self.emit(InstKind::Select(is_zero, p, r), t);
        Ok(self.geo_narrow(r, narrow))
    }
}

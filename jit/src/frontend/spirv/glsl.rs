//! `OpExtInst` with the GLSL.std.450 set: functions with OpenCL.std counterparts call
//! the same builtins (`Sin` → `sin_f32`, `InverseSqrt` → `rsqrt_f64`, ...); rounding,
//! min/max/clamp, sign, mix/step and the geometric functions are KIR sequences (`Length`,
//! `Distance` and `Normalize` shared with OpenCL.std, scaled against overflow and
//! underflow: `geometric`); the
//! packing functions call the `glsl_*` builtins; `Determinant` and `MatrixInverse` work
//! on matrices held as arrays of column vectors (cofactor expansion, n ≤ 4).
//!
//! Precision follows the Vulkan rules: every function here is at least as accurate as
//! its OpenCL full-profile counterpart. The fragment-only `InterpolateAt*` functions are
//! rejected by name; nothing is guessed.

use rspirv::spirv::GlslStd450Op as G;

use super::arith::float_bits;
use super::function::{Frame, Translator};
use super::reader::SpvInst;
use crate::ir::{BinaryOp, FloatCC, InstKind, IntCC, MathOp, Scalar, Type, UnaryOp, Value};
use crate::{CompileError, Result};

impl Translator<'_> {
    pub(crate) fn glsl_ext_inst(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let number = inst.lit(1)?;
        let op = G::from_u32(number)
            .ok_or_else(|| CompileError::invalid(format!("GLSL.std.450 has no instruction number {number}")))?;
        let v = self.glsl(fr, inst, op).map_err(|e| {
            let msg = format!("GLSL.std.450 {op:?}: {}", e.message());
            match e {
                CompileError::Invalid { location, .. } => CompileError::Invalid { message: msg, location },
                CompileError::Unsupported { location, .. } => CompileError::Unsupported { message: msg, location },
                CompileError::Limit { location, .. } => CompileError::Limit { message: msg, location },
                CompileError::Internal { location, .. } => CompileError::Internal { message: msg, location },
            }
        })?;
        if let Some(v) = v {
            self.set_v(fr, inst, v)?;
        }
        Ok(())
    }

    /// Operand `i` of the extended instruction (after the set and the number).
    fn g_arg(&mut self, fr: &Frame, inst: &SpvInst, i: usize) -> Result<Value> {
        self.op(fr, inst, i + 2)
    }

    fn g_bin(&mut self, b: BinaryOp, x: Value, y: Value) -> Value {
        let t = self.ty_of(x);
        self.emit(InstKind::Binary(b, x, y), t)
    }

    fn g_math(&mut self, m: MathOp, args: Vec<Value>) -> Value {
        let t = self.ty_of(args[0]);
        self.emit(InstKind::Math(m, args), t)
    }

    /// The float constant `x` of type `ty` (every component).
    fn g_f(&mut self, ty: &Type, x: f64) -> Result<Value> {
        let s = ty
            .scalar()
            .filter(|s| s.is_float())
            .ok_or_else(|| CompileError::invalid(format!("{ty} is not a float type")))?;
        Ok(self.konst(ty, &[float_bits(s, x)]))
    }

    /// The integer constant `x` of type `ty` (every component), masked to its width.
    fn g_i(&mut self, ty: &Type, x: i64) -> Result<Value> {
        let s = ty
            .scalar()
            .filter(|s| s.is_int())
            .ok_or_else(|| CompileError::invalid(format!("{ty} is not an integer type")))?;
        let bits = if s.bits() == 64 { x as u64 } else { (x as u64) & ((1u64 << s.bits()) - 1) };
        Ok(self.konst(ty, &[bits]))
    }

    /// A comparison giving one bool per component of `a`.
    fn g_fcmp(&mut self, cc: FloatCC, a: Value, b: Value) -> Value {
        let t = self.ty_of(a).with_scalar(Scalar::Bool);
        self.emit(InstKind::Fcmp(cc, a, b), t)
    }

    fn g_icmp(&mut self, cc: IntCC, a: Value, b: Value) -> Value {
        let t = self.ty_of(a).with_scalar(Scalar::Bool);
        self.emit(InstKind::Icmp(cc, a, b), t)
    }

    fn g_select(&mut self, c: Value, a: Value, b: Value) -> Value {
        let t = self.ty_of(a);
        self.emit(InstKind::Select(c, a, b), t)
    }

    /// A scalar operand splatted to the shape of `like`.
    fn g_splat_as(&mut self, v: Value, like: Value) -> Value {
        let t = self.ty_of(like);
        self.splat(v, &t)
    }

    fn glsl(&mut self, fr: &mut Frame, inst: &SpvInst, op: G) -> Result<Option<Value>> {
        let rt = self.rty(inst)?;
        let unary_math = match op {
            G::Round => Some(MathOp::Round),
            G::RoundEven => Some(MathOp::Rint),
            G::Trunc => Some(MathOp::Trunc),
            G::FAbs => Some(MathOp::FAbs),
            G::SAbs => Some(MathOp::IAbs),
            G::Floor => Some(MathOp::Floor),
            G::Ceil => Some(MathOp::Ceil),
            G::Sqrt => Some(MathOp::Sqrt),
            _ => None,
        };
        if let Some(m) = unary_math {
            let x = self.g_arg(fr, inst, 0)?;
            return Ok(Some(self.g_math(m, vec![x])));
        }
        let binary_math = match op {
            G::FMin | G::NMin => Some(MathOp::FMin),
            G::FMax | G::NMax => Some(MathOp::FMax),
            G::UMin => Some(MathOp::UMin),
            G::UMax => Some(MathOp::UMax),
            G::SMin => Some(MathOp::SMin),
            G::SMax => Some(MathOp::SMax),
            _ => None,
        };
        if let Some(m) = binary_math {
            let x = self.g_arg(fr, inst, 0)?;
            let y = self.g_arg(fr, inst, 1)?;
            let y = self.g_splat_as(y, x);
            return Ok(Some(self.g_math(m, vec![x, y])));
        }
        let builtin = match op {
            G::Sin => Some("sin"),
            G::Cos => Some("cos"),
            G::Tan => Some("tan"),
            G::Asin => Some("asin"),
            G::Acos => Some("acos"),
            G::Atan => Some("atan"),
            G::Sinh => Some("sinh"),
            G::Cosh => Some("cosh"),
            G::Tanh => Some("tanh"),
            G::Asinh => Some("asinh"),
            G::Acosh => Some("acosh"),
            G::Atanh => Some("atanh"),
            G::Atan2 => Some("atan2"),
            G::Pow => Some("pow"),
            G::Exp => Some("exp"),
            G::Log => Some("log"),
            G::Exp2 => Some("exp2"),
            G::Log2 => Some("log2"),
            G::InverseSqrt => Some("rsqrt"),
            G::Ldexp => Some("ldexp"),
            _ => None,
        };
        if let Some(name) = builtin {
            let n = inst.operands.len().saturating_sub(2);
            let args = (0..n).map(|i| self.g_arg(fr, inst, i)).collect::<Result<Vec<_>>>()?;
            return Ok(Some(self.call_builtin(name, args, &rt)?));
        }
        let v = match op {
            G::FSign => {
                let x = self.g_arg(fr, inst, 0)?;
                let t = self.ty_of(x);
                let zero = self.g_f(&t, 0.0)?;
                let one = self.g_f(&t, 1.0)?;
                let minus = self.g_f(&t, -1.0)?;
                let gt = self.g_fcmp(FloatCC::OrdGt, x, zero);
                let lt = self.g_fcmp(FloatCC::OrdLt, x, zero);
                // ±0 and NaN are returned as they are.
                let neg = self.g_select(lt, minus, x);
                self.g_select(gt, one, neg)
            }
            G::SSign => {
                let x = self.g_arg(fr, inst, 0)?;
                let t = self.ty_of(x);
                let zero = self.g_i(&t, 0)?;
                let one = self.g_i(&t, 1)?;
                let minus = self.g_i(&t, -1)?;
                let gt = self.g_icmp(IntCC::Sgt, x, zero);
                let lt = self.g_icmp(IntCC::Slt, x, zero);
                let neg = self.g_select(lt, minus, zero);
                self.g_select(gt, one, neg)
            }
            G::Fract => {
                let x = self.g_arg(fr, inst, 0)?;
                let fl = self.g_math(MathOp::Floor, vec![x]);
                self.g_bin(BinaryOp::FSub, x, fl)
            }
            G::Radians | G::Degrees => {
                let x = self.g_arg(fr, inst, 0)?;
                let t = self.ty_of(x);
                let pi = std::f64::consts::PI;
                let k = self.g_f(&t, if op == G::Degrees { 180.0 / pi } else { pi / 180.0 })?;
                self.g_bin(BinaryOp::FMul, x, k)
            }
            G::FClamp | G::NClamp | G::UClamp | G::SClamp => {
                let (lo_op, hi_op) = match op {
                    G::UClamp => (MathOp::UMax, MathOp::UMin),
                    G::SClamp => (MathOp::SMax, MathOp::SMin),
                    _ => (MathOp::FMax, MathOp::FMin),
                };
                let x = self.g_arg(fr, inst, 0)?;
                let lo = self.g_arg(fr, inst, 1)?;
                let hi = self.g_arg(fr, inst, 2)?;
                let lo = self.g_splat_as(lo, x);
                let hi = self.g_splat_as(hi, x);
                let m = self.g_math(lo_op, vec![x, lo]);
                self.g_math(hi_op, vec![m, hi])
            }
            G::FMix => {
                // x + (y - x) * a
                let x = self.g_arg(fr, inst, 0)?;
                let y = self.g_arg(fr, inst, 1)?;
                let a = self.g_arg(fr, inst, 2)?;
                let a = self.g_splat_as(a, x);
                let d = self.g_bin(BinaryOp::FSub, y, x);
                let p = self.g_bin(BinaryOp::FMul, d, a);
                self.g_bin(BinaryOp::FAdd, x, p)
            }
            G::IMix => {
                return Err(CompileError::unsupported("IMix is not a GLSL function (it has no defined use)"));
            }
            G::Step => {
                let edge = self.g_arg(fr, inst, 0)?;
                let x = self.g_arg(fr, inst, 1)?;
                let edge = self.g_splat_as(edge, x);
                let t = self.ty_of(x);
                let zero = self.g_f(&t, 0.0)?;
                let one = self.g_f(&t, 1.0)?;
                let lt = self.g_fcmp(FloatCC::OrdLt, x, edge);
                self.g_select(lt, zero, one)
            }
            G::SmoothStep => {
                // t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2 t)
                let e0 = self.g_arg(fr, inst, 0)?;
                let e1 = self.g_arg(fr, inst, 1)?;
                let x = self.g_arg(fr, inst, 2)?;
                let e0 = self.g_splat_as(e0, x);
                let e1 = self.g_splat_as(e1, x);
                let t = self.ty_of(x);
                let num = self.g_bin(BinaryOp::FSub, x, e0);
                let den = self.g_bin(BinaryOp::FSub, e1, e0);
                let q = self.g_bin(BinaryOp::FDiv, num, den);
                let zero = self.g_f(&t, 0.0)?;
                let one = self.g_f(&t, 1.0)?;
                let q = self.g_math(MathOp::FMax, vec![q, zero]);
                let q = self.g_math(MathOp::FMin, vec![q, one]);
                let two = self.g_f(&t, 2.0)?;
                let three = self.g_f(&t, 3.0)?;
                let tq = self.g_bin(BinaryOp::FMul, two, q);
                let s = self.g_bin(BinaryOp::FSub, three, tq);
                let qq = self.g_bin(BinaryOp::FMul, q, q);
                self.g_bin(BinaryOp::FMul, qq, s)
            }
            G::Fma => {
                let a = self.g_arg(fr, inst, 0)?;
                let b = self.g_arg(fr, inst, 1)?;
                let c = self.g_arg(fr, inst, 2)?;
                self.emit(InstKind::Fma(a, b, c), rt.clone())
            }
            G::Modf | G::ModfStruct => {
                let x = self.g_arg(fr, inst, 0)?;
                let t = self.ty_of(x);
                let whole = self.g_math(MathOp::Trunc, vec![x]);
                let diff = self.g_bin(BinaryOp::FSub, x, whole);
                let ax = self.g_math(MathOp::FAbs, vec![x]);
                let inf = self.g_f(&t, f64::INFINITY)?;
                let is_inf = self.g_fcmp(FloatCC::OrdEq, ax, inf);
                let zero = self.g_f(&t, 0.0)?;
                let fracv = self.g_select(is_inf, zero, diff);
                // The fraction keeps the sign of x (-0.0 for negative integers).
                let frac = self.g_math(MathOp::CopySign, vec![fracv, x]);
                if op == G::Modf {
                    let ptr = self.g_arg(fr, inst, 1)?;
                    self.expect_ptr(ptr)?;
                    let align = t.align().max(1);
                    self.emit_void(InstKind::Store { ptr, value: whole, align });
                    frac
                } else {
                    self.emit(InstKind::Construct(vec![frac, whole]), rt.clone())
                }
            }
            G::Frexp | G::FrexpStruct => {
                let x = self.g_arg(fr, inst, 0)?;
                let t = self.ty_of(x);
                let it = t.with_scalar(Scalar::I32);
                let mant = self.call_builtin("frexp_mant", vec![x], &t)?;
                let exp = self.call_builtin("frexp_exp", vec![x], &it)?;
                if op == G::Frexp {
                    let ptr = self.g_arg(fr, inst, 1)?;
                    self.expect_ptr(ptr)?;
                    let align = it.align().max(1);
                    self.emit_void(InstKind::Store { ptr, value: exp, align });
                    mant
                } else {
                    self.emit(InstKind::Construct(vec![mant, exp]), rt.clone())
                }
            }
            G::PackSnorm4x8 | G::PackUnorm4x8 | G::PackSnorm2x16 | G::PackUnorm2x16 | G::PackHalf2x16 => {
                let (symbol, n) = match op {
                    G::PackSnorm4x8 => ("glsl_pack_snorm4x8", 4),
                    G::PackUnorm4x8 => ("glsl_pack_unorm4x8", 4),
                    G::PackSnorm2x16 => ("glsl_pack_snorm2x16", 2),
                    G::PackUnorm2x16 => ("glsl_pack_unorm2x16", 2),
                    _ => ("glsl_pack_half2x16", 2),
                };
                let v = self.g_arg(fr, inst, 0)?;
                if self.ty_of(v) != Type::Vector(Scalar::F32, n) || rt != Type::I32 {
                    return Err(CompileError::invalid(format!(
                        "expected a {n}-component f32 vector packed into a 32-bit integer"
                    )));
                }
                let args = (0..n as u32).map(|i| self.emit(InstKind::Extract(v, i), Type::F32)).collect();
                self.emit(InstKind::Call { symbol: symbol.to_string(), args }, Type::I32)
            }
            G::UnpackSnorm4x8 | G::UnpackUnorm4x8 | G::UnpackSnorm2x16 | G::UnpackUnorm2x16 | G::UnpackHalf2x16 => {
                let (symbol, n) = match op {
                    G::UnpackSnorm4x8 => ("glsl_unpack_snorm4x8", 4),
                    G::UnpackUnorm4x8 => ("glsl_unpack_unorm4x8", 4),
                    G::UnpackSnorm2x16 => ("glsl_unpack_snorm2x16", 2),
                    G::UnpackUnorm2x16 => ("glsl_unpack_unorm2x16", 2),
                    _ => ("glsl_unpack_half2x16", 2),
                };
                let p = self.g_arg(fr, inst, 0)?;
                if self.ty_of(p) != Type::I32 || rt != Type::Vector(Scalar::F32, n) {
                    return Err(CompileError::invalid(format!(
                        "expected a 32-bit integer unpacked into a {n}-component f32 vector"
                    )));
                }
                let mut parts = Vec::new();
                for i in 0..n as u32 {
                    let idx = self.i32c(i);
                    parts.push(self.emit(InstKind::Call { symbol: symbol.to_string(), args: vec![p, idx] }, Type::F32));
                }
                self.emit(InstKind::Construct(parts), rt.clone())
            }
            G::PackDouble2x32 | G::UnpackDouble2x32 => {
                let v = self.g_arg(fr, inst, 0)?;
                if self.ty_of(v).size() != 8 || rt.size() != 8 {
                    return Err(CompileError::invalid("expected a double and a 2-component 32-bit integer vector"));
                }
                self.emit(InstKind::Bitcast(v), rt.clone())
            }
            G::Length => {
                let p = self.g_arg(fr, inst, 0)?;
                self.geo_length(p)?
            }
            G::Distance => {
                let a = self.g_arg(fr, inst, 0)?;
                let b = self.g_arg(fr, inst, 1)?;
                self.geo_distance(a, b)?
            }
            G::Normalize => {
                let p = self.g_arg(fr, inst, 0)?;
                self.geo_normalize(p)?
            }
            G::Cross => {
                let a = self.g_arg(fr, inst, 0)?;
                let b = self.g_arg(fr, inst, 1)?;
                let Type::Vector(s, 3) = rt else {
                    return Err(CompileError::invalid("cross needs 3-component vectors"));
                };
                let st = Type::Scalar(s);
                let c = |t: &mut Self, v: Value, i: u32| t.emit(InstKind::Extract(v, i), st.clone());
                let (ax, ay, az) = (c(self, a, 0), c(self, a, 1), c(self, a, 2));
                let (bx, by, bz) = (c(self, b, 0), c(self, b, 1), c(self, b, 2));
                let comp = |t: &mut Self, p: Value, q: Value, r: Value, u: Value| {
                    let x = t.g_bin(BinaryOp::FMul, p, q);
                    let y = t.g_bin(BinaryOp::FMul, r, u);
                    t.g_bin(BinaryOp::FSub, x, y)
                };
                let cx = comp(self, ay, bz, az, by);
                let cy = comp(self, az, bx, ax, bz);
                let cz = comp(self, ax, by, ay, bx);
                self.emit(InstKind::Construct(vec![cx, cy, cz]), rt.clone())
            }
            G::FaceForward => {
                // dot(nref, i) < 0 ? n : -n
                let n = self.g_arg(fr, inst, 0)?;
                let i = self.g_arg(fr, inst, 1)?;
                let nref = self.g_arg(fr, inst, 2)?;
                let d = self.dot(nref, i)?;
                let st = self.ty_of(d);
                let zero = self.g_f(&st, 0.0)?;
                let lt = self.emit(InstKind::Fcmp(FloatCC::OrdLt, d, zero), Type::BOOL);
                let neg = self.emit(InstKind::Unary(UnaryOp::FNeg, n), rt.clone());
                self.emit(InstKind::Select(lt, n, neg), rt.clone())
            }
            G::Reflect => {
                // i - 2 dot(n, i) n
                let i = self.g_arg(fr, inst, 0)?;
                let n = self.g_arg(fr, inst, 1)?;
                let d = self.dot(n, i)?;
                let st = self.ty_of(d);
                let two = self.g_f(&st, 2.0)?;
                let k = self.g_bin(BinaryOp::FMul, two, d);
                let kv = self.g_splat_as(k, n);
                let s = self.g_bin(BinaryOp::FMul, kv, n);
                self.g_bin(BinaryOp::FSub, i, s)
            }
            G::Refract => {
                // k = 1 - eta² (1 - dot(n, i)²); k < 0 ? 0 : eta i - (eta dot(n, i) + sqrt(k)) n
                let i = self.g_arg(fr, inst, 0)?;
                let n = self.g_arg(fr, inst, 1)?;
                let eta = self.g_arg(fr, inst, 2)?;
                let d = self.dot(n, i)?;
                let st = self.ty_of(d);
                let eta = if self.ty_of(eta) == st {
                    eta
                } else {
                    return Err(CompileError::invalid("eta must be a scalar of the vectors' float type"));
                };
                let one = self.g_f(&st, 1.0)?;
                let dd = self.g_bin(BinaryOp::FMul, d, d);
                let t = self.g_bin(BinaryOp::FSub, one, dd);
                let ee = self.g_bin(BinaryOp::FMul, eta, eta);
                let et = self.g_bin(BinaryOp::FMul, ee, t);
                let k = self.g_bin(BinaryOp::FSub, one, et);
                let zero_s = self.g_f(&st, 0.0)?;
                let neg = self.emit(InstKind::Fcmp(FloatCC::OrdLt, k, zero_s), Type::BOOL);
                let sk = self.emit(InstKind::Math(MathOp::Sqrt, vec![k]), st.clone());
                let ed = self.g_bin(BinaryOp::FMul, eta, d);
                let coef = self.g_bin(BinaryOp::FAdd, ed, sk);
                let ev = self.g_splat_as(eta, i);
                let cv = self.g_splat_as(coef, n);
                let a = self.g_bin(BinaryOp::FMul, ev, i);
                let b = self.g_bin(BinaryOp::FMul, cv, n);
                let r = self.g_bin(BinaryOp::FSub, a, b);
                let zero = self.g_f(&rt, 0.0)?;
                self.emit(InstKind::Select(neg, zero, r), rt.clone())
            }
            G::FindILsb | G::FindUMsb | G::FindSMsb => {
                let x = self.g_arg(fr, inst, 0)?;
                let t = self.ty_of(x);
                let bits = t.scalar().map(|s| s.bits()).unwrap_or(32) as i64;
                let zero = self.g_i(&t, 0)?;
                let minus = self.g_i(&t, -1)?;
                let v = if op == G::FindSMsb {
                    let neg = self.g_icmp(IntCC::Slt, x, zero);
                    let inv = self.emit(InstKind::Unary(UnaryOp::Not, x), t.clone());
                    self.g_select(neg, inv, x)
                } else {
                    x
                };
                let r = if op == G::FindILsb {
                    self.g_math(MathOp::Ctz, vec![v])
                } else {
                    let lz = self.g_math(MathOp::Clz, vec![v]);
                    let top = self.g_i(&t, bits - 1)?;
                    self.g_bin(BinaryOp::ISub, top, lz)
                };
                let is_zero = self.g_icmp(IntCC::Eq, v, zero);
                self.g_select(is_zero, minus, r)
            }
            G::Determinant => {
                let m = self.g_arg(fr, inst, 0)?;
                let a = self.matrix_elements(m)?;
                self.determinant(&a)
            }
            G::MatrixInverse => {
                let m = self.g_arg(fr, inst, 0)?;
                let a = self.matrix_elements(m)?;
                self.inverse(&a, &rt)?
            }
            G::InterpolateAtCentroid | G::InterpolateAtSample | G::InterpolateAtOffset => {
                return Err(CompileError::unsupported("interpolation functions exist only in fragment shaders"));
            }
            _ => return Err(CompileError::internal("GLSL.std.450 instruction left unhandled")),
        };
        Ok(Some(v))
    }

    /// The elements `a[row][col]` of a square matrix held as an array of columns.
    fn matrix_elements(&mut self, m: Value) -> Result<Vec<Vec<Value>>> {
        let t = self.ty_of(m);
        let (s, n) = match &t {
            Type::Array { elem, len, .. } => match **elem {
                Type::Vector(s, k) if s.is_float() && k as u64 == *len => (s, k as u32),
                _ => return Err(CompileError::invalid(format!("{t} is not a square float matrix"))),
            },
            _ => return Err(CompileError::invalid(format!("{t} is not a matrix"))),
        };
        let col_ty = Type::Vector(s, n as u8);
        let mut a = vec![Vec::with_capacity(n as usize); n as usize];
        for c in 0..n {
            let col = self.emit(InstKind::Extract(m, c), col_ty.clone());
            for (r, row) in a.iter_mut().enumerate() {
                row.push(self.emit(InstKind::Extract(col, r as u32), Type::Scalar(s)));
            }
        }
        Ok(a)
    }

    /// Determinant by cofactor expansion along the first row.
    fn determinant(&mut self, a: &[Vec<Value>]) -> Value {
        let n = a.len();
        if n == 1 {
            return a[0][0];
        }
        if n == 2 {
            let p = self.g_bin(BinaryOp::FMul, a[0][0], a[1][1]);
            let q = self.g_bin(BinaryOp::FMul, a[0][1], a[1][0]);
            return self.g_bin(BinaryOp::FSub, p, q);
        }
        let mut acc: Option<Value> = None;
        for c in 0..n {
            let minor = minor_of(a, 0, c);
            let d = self.determinant(&minor);
            let term = self.g_bin(BinaryOp::FMul, a[0][c], d);
            acc = Some(match acc {
                None => term,
                Some(s) if c % 2 == 1 => self.g_bin(BinaryOp::FSub, s, term),
                Some(s) => self.g_bin(BinaryOp::FAdd, s, term),
            });
        }
        acc.unwrap_or(a[0][0])
    }

    /// The inverse as adjugate / determinant, built as an array of columns of type `rt`.
    fn inverse(&mut self, a: &[Vec<Value>], rt: &Type) -> Result<Value> {
        let n = a.len();
        let st = self.ty_of(a[0][0]);
        let det = self.determinant(a);
        let one = self.g_f(&st, 1.0)?;
        let inv_det = self.g_bin(BinaryOp::FDiv, one, det);
        let col_ty = rt.component(0).ok_or_else(|| CompileError::invalid(format!("{rt} is not a matrix")))?;
        let mut cols = Vec::with_capacity(n);
        for c in 0..n {
            let mut col = Vec::with_capacity(n);
            for r in 0..n {
                // inverse[r][c] = cofactor(c, r) / det
                let cof = if n == 1 {
                    one
                } else {
                    let minor = minor_of(a, c, r);
                    let d = self.determinant(&minor);
                    if (r + c) % 2 == 1 {
                        self.emit(InstKind::Unary(UnaryOp::FNeg, d), st.clone())
                    } else {
                        d
                    }
                };
                col.push(self.g_bin(BinaryOp::FMul, cof, inv_det));
            }
            cols.push(self.emit(InstKind::Construct(col), col_ty.clone()));
        }
        Ok(self.emit(InstKind::Construct(cols), rt.clone()))
    }
}

/// `a` without row `row` and column `col`.
fn minor_of(a: &[Vec<Value>], row: usize, col: usize) -> Vec<Vec<Value>> {
    a.iter()
        .enumerate()
        .filter(|(r, _)| *r != row)
        .map(|(_, rv)| rv.iter().enumerate().filter(|(c, _)| *c != col).map(|(_, v)| *v).collect())
        .collect()
}

//! `OpExtInst` with the OpenCL.std set: common math, integer and geometric functions
//! (`length`, `distance` and `normalize` scaled against overflow and underflow, see
//! `geometric`) and vector loads/stores are expressed in KIR; every other component-wise function
//! becomes a call of `"<name>_<f32|f64|i8|i16|i32|i64>"` from `spirjit-builtins`
//! (`native_*` / `half_*` variants use the full-precision symbols). Functions with a
//! pointer output (`frexp`, `lgamma_r`, `remquo`, `modf`, `fract`, `sincos`) become two
//! component-wise computations and a store.
//!
//! A function the builtins crate does not provide is rejected by name; nothing is
//! guessed. Non-semantic and debug-info sets are ignored.

use rspirv::spirv::OpenclStd100Op as Cl;

use super::arith::float_bits;
use super::function::{Frame, Translator};
use super::memory::conv;
use super::reader::SpvInst;
use crate::ir::{
    BinaryOp, ConvOp, Conversion, FloatCC, InstKind, IntCC, MathOp, Rounding, Scalar, Type, UnaryOp, Value,
};
use crate::{CompileError, Result};

impl Translator<'_> {
    pub(crate) fn ext_inst(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let set_id = inst.id(0)?;
        let set = self
            .m
            .ext_sets
            .get(&set_id)
            .ok_or_else(|| CompileError::invalid(format!("%{set_id} is not an OpExtInstImport")))?;
        if set.starts_with("NonSemantic.") || set.contains("DebugInfo") {
            return Ok(());
        }
        if set == "GLSL.std.450" {
            return self.glsl_ext_inst(fr, inst);
        }
        if set != "OpenCL.std" {
            return Err(CompileError::unsupported(format!("extended instruction set `{set}` is not supported")));
        }
        let number = inst.lit(1)?;
        let op = Cl::from_u32(number)
            .ok_or_else(|| CompileError::invalid(format!("OpenCL.std has no instruction number {number}")))?;
        let name = format!("{op:?}");
        let located = |e: CompileError| {
            let msg = format!("OpenCL.std {name}: {}", e.message());
            match e {
                CompileError::Invalid { location, .. } => CompileError::Invalid { message: msg, location },
                CompileError::Unsupported { location, .. } => CompileError::Unsupported { message: msg, location },
                CompileError::Limit { location, .. } => CompileError::Limit { message: msg, location },
                CompileError::Internal { location, .. } => CompileError::Internal { message: msg, location },
            }
        };
        let v = self.cl(fr, inst, op, &name).map_err(located)?;
        if let Some(v) = v {
            self.set_v(fr, inst, v)?;
        }
        Ok(())
    }

    /// Operand `i` of the extended instruction (after the set and the number).
    fn arg(&mut self, fr: &Frame, inst: &SpvInst, i: usize) -> Result<Value> {
        self.op(fr, inst, i + 2)
    }

    /// Operand `i` of the extended instruction, splatted to `ty` when it is a scalar.
    fn arg_as(&mut self, fr: &Frame, inst: &SpvInst, i: usize, ty: &Type) -> Result<Value> {
        let v = self.arg(fr, inst, i)?;
        let t = self.ty_of(v);
        if &t != ty && !(t.lanes() == Some(1) && t.scalar() == ty.scalar()) {
            return Err(CompileError::invalid(format!("operand {i} has type {t}; expected {ty}")));
        }
        Ok(self.splat(v, ty))
    }

    fn math(&mut self, m: MathOp, args: Vec<Value>, ty: &Type) -> Value {
        self.emit(InstKind::Math(m, args), ty.clone())
    }

    fn bin(&mut self, b: BinaryOp, x: Value, y: Value) -> Value {
        let t = self.ty_of(x);
        self.emit(InstKind::Binary(b, x, y), t)
    }

    fn fconst(&mut self, ty: &Type, x: f64) -> Result<Value> {
        let s = ty
            .scalar()
            .filter(|s| s.is_float())
            .ok_or_else(|| CompileError::invalid(format!("{ty} is not a float type")))?;
        Ok(self.konst(ty, &[float_bits(s, x)]))
    }

    fn cl(&mut self, fr: &mut Frame, inst: &SpvInst, op: Cl, name: &str) -> Result<Option<Value>> {
        let rt_id = inst.rtype()?;
        let void = matches!(self.m.spv_type(rt_id)?, super::types::SpvType::Void);
        let rt = if void { Type::I32 } else { self.ty(rt_id)? };
        let nargs = inst.operands.len().saturating_sub(2);
        let unary_math = |m: MathOp| Some(m);
        let simple = match op {
            Cl::fabs => unary_math(MathOp::FAbs),
            Cl::sqrt | Cl::native_sqrt | Cl::half_sqrt => unary_math(MathOp::Sqrt),
            Cl::floor => unary_math(MathOp::Floor),
            Cl::ceil => unary_math(MathOp::Ceil),
            Cl::trunc => unary_math(MathOp::Trunc),
            Cl::rint => unary_math(MathOp::Rint),
            Cl::round => unary_math(MathOp::Round),
            Cl::s_abs => unary_math(MathOp::IAbs),
            Cl::clz => unary_math(MathOp::Clz),
            Cl::ctz => unary_math(MathOp::Ctz),
            Cl::popcount => unary_math(MathOp::Popcount),
            Cl::fmin | Cl::fmin_common => unary_math(MathOp::FMin),
            Cl::fmax | Cl::fmax_common => unary_math(MathOp::FMax),
            Cl::copysign => unary_math(MathOp::CopySign),
            Cl::s_min => unary_math(MathOp::SMin),
            Cl::s_max => unary_math(MathOp::SMax),
            Cl::u_min => unary_math(MathOp::UMin),
            Cl::u_max => unary_math(MathOp::UMax),
            Cl::s_mul_hi => unary_math(MathOp::SMulHi),
            Cl::u_mul_hi => unary_math(MathOp::UMulHi),
            Cl::mad => unary_math(MathOp::Mad),
            _ => None,
        };
        if let Some(m) = simple {
            let float_op = matches!(
                m,
                MathOp::FAbs
                    | MathOp::Sqrt
                    | MathOp::Floor
                    | MathOp::Ceil
                    | MathOp::Trunc
                    | MathOp::Rint
                    | MathOp::Round
                    | MathOp::FMin
                    | MathOp::FMax
                    | MathOp::CopySign
            ) || m == MathOp::Mad;
            let kind = if float_op { super::arith::Kind::Float } else { super::arith::Kind::Int };
            super::arith::expect_kind(&rt, kind)?;
            let want = match m {
                MathOp::FMin
                | MathOp::FMax
                | MathOp::CopySign
                | MathOp::SMin
                | MathOp::SMax
                | MathOp::UMin
                | MathOp::UMax
                | MathOp::SMulHi
                | MathOp::UMulHi => 2,
                MathOp::Mad => 3,
                _ => 1,
            };
            if nargs != want {
                return Err(CompileError::invalid(format!("takes {want} operands, found {nargs}")));
            }
            let args = (0..nargs).map(|i| self.arg_as(fr, inst, i, &rt)).collect::<Result<Vec<_>>>()?;
            return Ok(Some(self.math(m, args, &rt)));
        }
        let v = match op {
            Cl::u_abs => self.arg(fr, inst, 0)?,
            Cl::fma => {
                let a = self.arg_as(fr, inst, 0, &rt)?;
                let b = self.arg_as(fr, inst, 1, &rt)?;
                let c = self.arg_as(fr, inst, 2, &rt)?;
                self.emit(InstKind::Fma(a, b, c), rt.clone())
            }
            Cl::fclamp | Cl::s_clamp | Cl::u_clamp => {
                let (lo_op, hi_op) = match op {
                    Cl::fclamp => (MathOp::FMax, MathOp::FMin),
                    Cl::s_clamp => (MathOp::SMax, MathOp::SMin),
                    _ => (MathOp::UMax, MathOp::UMin),
                };
                let x = self.arg_as(fr, inst, 0, &rt)?;
                let lo = self.arg_as(fr, inst, 1, &rt)?;
                let hi = self.arg_as(fr, inst, 2, &rt)?;
                let a = self.math(lo_op, vec![x, lo], &rt);
                self.math(hi_op, vec![a, hi], &rt)
            }
            Cl::mix => {
                let x = self.arg_as(fr, inst, 0, &rt)?;
                let y = self.arg_as(fr, inst, 1, &rt)?;
                let a = self.arg_as(fr, inst, 2, &rt)?;
                let d = self.bin(BinaryOp::FSub, y, x);
                self.math(MathOp::Mad, vec![d, a, x], &rt)
            }
            Cl::step => {
                let edge = self.arg_as(fr, inst, 0, &rt)?;
                let x = self.arg_as(fr, inst, 1, &rt)?;
                let bt = rt.with_scalar(Scalar::Bool);
                let lt = self.emit(InstKind::Fcmp(FloatCC::OrdLt, x, edge), bt);
                let zero = self.fconst(&rt, 0.0)?;
                let one = self.fconst(&rt, 1.0)?;
                self.emit(InstKind::Select(lt, zero, one), rt.clone())
            }
            Cl::smoothstep => {
                let e0 = self.arg_as(fr, inst, 0, &rt)?;
                let e1 = self.arg_as(fr, inst, 1, &rt)?;
                let x = self.arg_as(fr, inst, 2, &rt)?;
                let num = self.bin(BinaryOp::FSub, x, e0);
                let den = self.bin(BinaryOp::FSub, e1, e0);
                let q = self.bin(BinaryOp::FDiv, num, den);
                let zero = self.fconst(&rt, 0.0)?;
                let one = self.fconst(&rt, 1.0)?;
                let t0 = self.math(MathOp::FMax, vec![q, zero], &rt);
                let t = self.math(MathOp::FMin, vec![t0, one], &rt);
                let two = self.fconst(&rt, 2.0)?;
                let three = self.fconst(&rt, 3.0)?;
                let tt = self.bin(BinaryOp::FMul, two, t);
                let s = self.bin(BinaryOp::FSub, three, tt);
                let t2 = self.bin(BinaryOp::FMul, t, t);
                self.bin(BinaryOp::FMul, t2, s)
            }
            Cl::degrees | Cl::radians => {
                let x = self.arg(fr, inst, 0)?;
                let k = if op == Cl::degrees { 180.0 / std::f64::consts::PI } else { std::f64::consts::PI / 180.0 };
                let c = self.fconst(&rt, k)?;
                self.bin(BinaryOp::FMul, x, c)
            }
            Cl::sign => {
                let x = self.arg(fr, inst, 0)?;
                let bt = rt.with_scalar(Scalar::Bool);
                let zero = self.fconst(&rt, 0.0)?;
                let one = self.fconst(&rt, 1.0)?;
                let minus = self.fconst(&rt, -1.0)?;
                let gt = self.emit(InstKind::Fcmp(FloatCC::OrdGt, x, zero), bt.clone());
                let lt = self.emit(InstKind::Fcmp(FloatCC::OrdLt, x, zero), bt.clone());
                let nan = self.emit(InstKind::Fcmp(FloatCC::Unordered, x, x), bt);
                let a = self.emit(InstKind::Select(nan, zero, x), rt.clone());
                let b = self.emit(InstKind::Select(lt, minus, a), rt.clone());
                self.emit(InstKind::Select(gt, one, b), rt.clone())
            }
            Cl::fmod => {
                let x = self.arg_as(fr, inst, 0, &rt)?;
                let y = self.arg_as(fr, inst, 1, &rt)?;
                self.bin(BinaryOp::FRem, x, y)
            }
            Cl::native_divide | Cl::half_divide => {
                let x = self.arg_as(fr, inst, 0, &rt)?;
                let y = self.arg_as(fr, inst, 1, &rt)?;
                self.bin(BinaryOp::FDiv, x, y)
            }
            Cl::native_recip | Cl::half_recip => {
                let x = self.arg(fr, inst, 0)?;
                let one = self.fconst(&rt, 1.0)?;
                self.bin(BinaryOp::FDiv, one, x)
            }
            Cl::rsqrt | Cl::native_rsqrt | Cl::half_rsqrt => {
                let x = self.arg(fr, inst, 0)?;
                let s = self.math(MathOp::Sqrt, vec![x], &rt);
                let one = self.fconst(&rt, 1.0)?;
                self.bin(BinaryOp::FDiv, one, s)
            }
            Cl::s_mad24 | Cl::u_mad24 | Cl::s_mul24 | Cl::u_mul24 => {
                let a = self.arg_as(fr, inst, 0, &rt)?;
                let b = self.arg_as(fr, inst, 1, &rt)?;
                let p = self.bin(BinaryOp::IMul, a, b);
                if matches!(op, Cl::s_mad24 | Cl::u_mad24) {
                    let c = self.arg_as(fr, inst, 2, &rt)?;
                    self.bin(BinaryOp::IAdd, p, c)
                } else {
                    p
                }
            }
            Cl::s_mad_hi | Cl::u_mad_hi => {
                let a = self.arg_as(fr, inst, 0, &rt)?;
                let b = self.arg_as(fr, inst, 1, &rt)?;
                let c = self.arg_as(fr, inst, 2, &rt)?;
                let m = if op == Cl::s_mad_hi { MathOp::SMulHi } else { MathOp::UMulHi };
                let h = self.math(m, vec![a, b], &rt);
                self.bin(BinaryOp::IAdd, h, c)
            }
            Cl::rotate => {
                let v = self.arg_as(fr, inst, 0, &rt)?;
                let i = self.arg_as(fr, inst, 1, &rt)?;
                let zero = self.konst(&rt, &[0]);
                let neg = self.bin(BinaryOp::ISub, zero, i);
                let l = self.bin(BinaryOp::Shl, v, i);
                let r = self.bin(BinaryOp::LShr, v, neg);
                self.bin(BinaryOp::Or, l, r)
            }
            Cl::u_upsample | Cl::s_upsample => {
                let hi = self.arg(fr, inst, 0)?;
                let lo = self.arg(fr, inst, 1)?;
                let bits = self.f.ty(lo).scalar().map(|s| s.bits()).unwrap_or(0) as u64;
                let op = if op == Cl::s_upsample { ConvOp::SToS } else { ConvOp::UToU };
                let h = self.emit(InstKind::Convert(conv(op), hi), rt.clone());
                let l = self.emit(InstKind::Convert(conv(ConvOp::UToU), lo), rt.clone());
                let sh = self.konst(&rt, &[bits]);
                let hs = self.bin(BinaryOp::Shl, h, sh);
                self.bin(BinaryOp::Or, hs, l)
            }
            Cl::bitselect => {
                let a = self.arg_as(fr, inst, 0, &rt)?;
                let b = self.arg_as(fr, inst, 1, &rt)?;
                let c = self.arg_as(fr, inst, 2, &rt)?;
                let s = rt.scalar().ok_or_else(|| CompileError::invalid("bitselect of a non-numeric type"))?;
                let it = rt.with_scalar(Scalar::int(s.bits()).ok_or_else(|| CompileError::invalid("bitselect type"))?);
                let [a, b, c] =
                    [a, b, c].map(|x| if s.is_float() { self.emit(InstKind::Bitcast(x), it.clone()) } else { x });
                let nc = self.emit(InstKind::Unary(UnaryOp::Not, c), it.clone());
                let x = self.bin(BinaryOp::And, a, nc);
                let y = self.bin(BinaryOp::And, b, c);
                let r = self.bin(BinaryOp::Or, x, y);
                if s.is_float() {
                    self.emit(InstKind::Bitcast(r), rt.clone())
                } else {
                    r
                }
            }
            Cl::select => {
                let a = self.arg_as(fr, inst, 0, &rt)?;
                let b = self.arg_as(fr, inst, 1, &rt)?;
                let c = self.arg(fr, inst, 2)?;
                let ct = self.ty_of(c);
                let zero = self.konst(&ct, &[0]);
                let cond = if ct.lanes() == Some(1) {
                    self.emit(InstKind::Icmp(IntCC::Ne, c, zero), Type::BOOL)
                } else {
                    self.emit(InstKind::Icmp(IntCC::Slt, c, zero), ct.with_scalar(Scalar::Bool))
                };
                self.emit(InstKind::Select(cond, b, a), rt.clone())
            }
            Cl::nan => {
                let code = self.arg(fr, inst, 0)?;
                let s = rt.scalar().ok_or_else(|| CompileError::invalid("nan of a non-float type"))?;
                let it = rt.with_scalar(Scalar::int(s.bits()).ok_or_else(|| CompileError::invalid("nan type"))?);
                let code = if self.f.ty(code) == &it {
                    code
                } else {
                    self.emit(InstKind::Convert(conv(ConvOp::UToU), code), it.clone())
                };
                let q = match s {
                    Scalar::F16 => 0x7e00,
                    Scalar::F32 => 0x7fc0_0000,
                    _ => 0x7ff8_0000_0000_0000,
                };
                let qv = self.konst(&it, &[q]);
                let bits = self.bin(BinaryOp::Or, code, qv);
                self.emit(InstKind::Bitcast(bits), rt.clone())
            }
            Cl::cross => {
                let a = self.arg(fr, inst, 0)?;
                let b = self.arg(fr, inst, 1)?;
                let (s, n) = match rt {
                    Type::Vector(s, n @ (3 | 4)) => (s, n),
                    _ => return Err(CompileError::invalid("cross needs 3- or 4-component vectors")),
                };
                let st = Type::Scalar(s);
                let ex = |t: &mut Self, v: Value, i: u32| t.emit(InstKind::Extract(v, i), st.clone());
                let (ax, ay, az) = (ex(self, a, 0), ex(self, a, 1), ex(self, a, 2));
                let (bx, by, bz) = (ex(self, b, 0), ex(self, b, 1), ex(self, b, 2));
                let comp = |t: &mut Self, p: Value, q: Value, r: Value, u: Value| {
                    let x = t.bin(BinaryOp::FMul, p, q);
                    let y = t.bin(BinaryOp::FMul, r, u);
                    t.bin(BinaryOp::FSub, x, y)
                };
                let cx = comp(self, ay, bz, az, by);
                let cy = comp(self, az, bx, ax, bz);
                let cz = comp(self, ax, by, ay, bx);
                let mut parts = vec![cx, cy, cz];
                if n == 4 {
                    parts.push(self.fconst(&st, 0.0)?);
                }
                self.emit(InstKind::Construct(parts), rt.clone())
            }
            Cl::length => {
                let p = self.arg(fr, inst, 0)?;
                self.geo_length(p)?
            }
            Cl::distance => {
                let a = self.arg(fr, inst, 0)?;
                let b = self.arg(fr, inst, 1)?;
                self.geo_distance(a, b)?
            }
            Cl::normalize => {
                let p = self.arg(fr, inst, 0)?;
                self.geo_normalize(p)?
            }
            // The fast_* forms are defined by the plain formula (see `geometric`).
            Cl::fast_length => {
                let p = self.arg(fr, inst, 0)?;
                let d = self.dot(p, p)?;
                self.math(MathOp::Sqrt, vec![d], &rt)
            }
            Cl::fast_distance => {
                let a = self.arg(fr, inst, 0)?;
                let b = self.arg(fr, inst, 1)?;
                let p = self.bin(BinaryOp::FSub, a, b);
                let d = self.dot(p, p)?;
                self.math(MathOp::Sqrt, vec![d], &rt)
            }
            Cl::fast_normalize => {
                let p = self.arg(fr, inst, 0)?;
                let s = rt.scalar().ok_or_else(|| CompileError::invalid("normalize of a non-float type"))?;
                let st = Type::Scalar(s);
                let d = self.dot(p, p)?;
                let len = self.math(MathOp::Sqrt, vec![d], &st);
                let lv = self.splat(len, &rt);
                let q = self.bin(BinaryOp::FDiv, p, lv);
                let zero = self.fconst(&st, 0.0)?;
                let is_zero = self.emit(InstKind::Fcmp(FloatCC::OrdEq, len, zero), Type::BOOL);
                self.emit(InstKind::Select(is_zero, p, q), rt.clone())
            }
            Cl::vloadn => {
                let offset = self.arg(fr, inst, 0)?;
                let p = self.arg(fr, inst, 1)?;
                let (s, n) = match rt {
                    Type::Vector(s, n) => (s, n as u64),
                    _ => return Err(CompileError::invalid("vloadn result is not a vector")),
                };
                let ptr = self.elem_ptr(p, offset, n * s.size())?;
                self.emit(InstKind::Load { ptr, align: s.size() as u32 }, rt.clone())
            }
            Cl::vstoren => {
                let data = self.arg(fr, inst, 0)?;
                let offset = self.arg(fr, inst, 1)?;
                let p = self.arg(fr, inst, 2)?;
                let (s, n) = match self.ty_of(data) {
                    Type::Vector(s, n) => (s, n as u64),
                    _ => return Err(CompileError::invalid("vstoren data is not a vector")),
                };
                let ptr = self.elem_ptr(p, offset, n * s.size())?;
                self.emit_void(InstKind::Store { ptr, value: data, align: s.size() as u32 });
                return Ok(None);
            }
            Cl::vload_half | Cl::vload_halfn | Cl::vloada_halfn => {
                let offset = self.arg(fr, inst, 0)?;
                let p = self.arg(fr, inst, 1)?;
                let n = rt.lanes().unwrap_or(1) as u64;
                let stride_n = if op == Cl::vloada_halfn && n == 3 { 4 } else { n };
                let ht = rt.with_scalar(Scalar::F16);
                let align = if op == Cl::vloada_halfn { ht.size() as u32 } else { 2 };
                let ptr = self.elem_ptr(p, offset, stride_n * 2)?;
                let h = self.emit(InstKind::Load { ptr, align }, ht);
                self.emit(InstKind::Convert(conv(ConvOp::FToF), h), rt.clone())
            }
            Cl::vstore_half
            | Cl::vstore_half_r
            | Cl::vstore_halfn
            | Cl::vstore_halfn_r
            | Cl::vstorea_halfn
            | Cl::vstorea_halfn_r => {
                let data = self.arg(fr, inst, 0)?;
                let offset = self.arg(fr, inst, 1)?;
                let p = self.arg(fr, inst, 2)?;
                let rounding = if matches!(op, Cl::vstore_half_r | Cl::vstore_halfn_r | Cl::vstorea_halfn_r) {
                    match inst.lit(5)? {
                        0 => Rounding::NearestEven,
                        1 => Rounding::TowardZero,
                        2 => Rounding::Up,
                        3 => Rounding::Down,
                        m => return Err(CompileError::invalid(format!("rounding mode {m} is not an FPRoundingMode"))),
                    }
                } else {
                    Rounding::NearestEven
                };
                let dt = self.ty_of(data);
                let n = dt.lanes().unwrap_or(1) as u64;
                let aligned = matches!(op, Cl::vstorea_halfn | Cl::vstorea_halfn_r);
                let stride_n = if aligned && n == 3 { 4 } else { n };
                let ht = dt.with_scalar(Scalar::F16);
                let align = if aligned { ht.size() as u32 } else { 2 };
                let h = self.emit(
                    InstKind::Convert(Conversion { op: ConvOp::FToF, saturate: false, rounding: Some(rounding) }, data),
                    ht,
                );
                let ptr = self.elem_ptr(p, offset, stride_n * 2)?;
                self.emit_void(InstKind::Store { ptr, value: h, align });
                return Ok(None);
            }
            Cl::shuffle | Cl::shuffle2 => {
                let two = op == Cl::shuffle2;
                let x = self.arg(fr, inst, 0)?;
                let y = if two { Some(self.arg(fr, inst, 1)?) } else { None };
                let mask = self.arg(fr, inst, if two { 2 } else { 1 })?;
                let n = self.f.ty(x).lanes().unwrap_or(1) as u64;
                let (s, m) = match rt {
                    Type::Vector(s, m) => (s, m as u32),
                    _ => return Err(CompileError::invalid("shuffle result is not a vector")),
                };
                let mt = self.ty_of(mask);
                let ms = Type::Scalar(mt.scalar().ok_or_else(|| CompileError::invalid("shuffle mask type"))?);
                let st = Type::Scalar(s);
                let wrap = self.konst(&ms, &[if two { 2 * n - 1 } else { n - 1 }]);
                let nn = self.konst(&ms, &[n]);
                let mut parts = Vec::new();
                for i in 0..m {
                    let mi = self.emit(InstKind::Extract(mask, i), ms.clone());
                    let idx = self.bin(BinaryOp::And, mi, wrap);
                    let a = self.emit(InstKind::ExtractDyn(x, idx), st.clone());
                    parts.push(match y {
                        None => a,
                        Some(y) => {
                            let j = self.bin(BinaryOp::ISub, idx, nn);
                            let b = self.emit(InstKind::ExtractDyn(y, j), st.clone());
                            let lt = self.emit(InstKind::Icmp(IntCC::Ult, idx, nn), Type::BOOL);
                            self.emit(InstKind::Select(lt, a, b), st.clone())
                        }
                    });
                }
                self.emit(InstKind::Construct(parts), rt.clone())
            }
            Cl::prefetch => return Ok(None),
            Cl::printf => return self.printf(fr, inst).map(Some),
            Cl::frexp | Cl::lgamma_r | Cl::remquo => {
                // Two component-wise calls: the result and the value stored through the
                // pointer operand (an integer vector of the result's shape).
                let n_in = if op == Cl::remquo { 2 } else { 1 };
                let ins = (0..n_in).map(|i| self.arg_as(fr, inst, i, &rt)).collect::<Result<Vec<_>>>()?;
                let out = self.arg(fr, inst, n_in)?;
                self.expect_ptr(out)?;
                let it = rt.with_scalar(Scalar::I32);
                let (value_fn, stored_fn) = match op {
                    Cl::frexp => ("frexp_mant", "frexp_exp"),
                    Cl::lgamma_r => ("lgamma", "lgamma_r_sign"),
                    _ => ("remquo_rem", "remquo_quo"),
                };
                let value = self.call_builtin(value_fn, ins.clone(), &rt)?;
                let stored = self.call_builtin(stored_fn, ins, &it)?;
                let align = it.align().max(1);
                self.emit_void(InstKind::Store { ptr: out, value: stored, align });
                value
            }
            Cl::modf | Cl::fract | Cl::sincos => {
                let x = self.arg(fr, inst, 0)?;
                let out = self.arg(fr, inst, 1)?;
                self.expect_ptr(out)?;
                let align = rt.align().max(1);
                let (stored, result) = match op {
                    Cl::modf => {
                        let i = self.math(MathOp::Trunc, vec![x], &rt);
                        let f = self.bin(BinaryOp::FSub, x, i);
                        let inf = self.fconst(&rt, f64::INFINITY)?;
                        let abs = self.math(MathOp::FAbs, vec![x], &rt);
                        let bt = rt.with_scalar(Scalar::Bool);
                        let is_inf = self.emit(InstKind::Fcmp(FloatCC::OrdEq, abs, inf), bt);
                        let zero = self.fconst(&rt, 0.0)?;
                        let signed_zero = self.math(MathOp::CopySign, vec![zero, x], &rt);
                        let f0 = self.math(MathOp::CopySign, vec![f, x], &rt);
                        (i, self.emit(InstKind::Select(is_inf, signed_zero, f0), rt.clone()))
                    }
                    Cl::fract => {
                        let fl = self.math(MathOp::Floor, vec![x], &rt);
                        let f = self.bin(BinaryOp::FSub, x, fl);
                        let s = rt.scalar().unwrap_or(Scalar::F32);
                        let below_one = match s {
                            Scalar::F16 => 0x3bff,
                            Scalar::F32 => (1.0f32 - f32::EPSILON / 2.0).to_bits() as u64,
                            _ => (1.0f64 - f64::EPSILON / 2.0).to_bits(),
                        };
                        let c = self.konst(&rt, &[below_one]);
                        let r = self.math(MathOp::FMin, vec![f, c], &rt);
                        let bt = rt.with_scalar(Scalar::Bool);
                        let nan = self.emit(InstKind::Fcmp(FloatCC::Unordered, x, x), bt);
                        (fl, self.emit(InstKind::Select(nan, x, r), rt.clone()))
                    }
                    _ => {
                        let s = self.call_builtin("sin", vec![x], &rt)?;
                        let c = self.call_builtin("cos", vec![x], &rt)?;
                        (c, s)
                    }
                };
                self.emit_void(InstKind::Store { ptr: out, value: stored, align });
                result
            }
            _ => {
                let base = name.strip_prefix("native_").or_else(|| name.strip_prefix("half_")).unwrap_or(name);
                let args = (0..nargs).map(|i| self.arg(fr, inst, i)).collect::<Result<Vec<_>>>()?;
                let args = args.into_iter().map(|a| self.splat_lanes(a, &rt)).collect::<Result<Vec<_>>>()?;
                self.call_builtin(base, args, &rt)?
            }
        };
        Ok(Some(v))
    }

    /// A scalar argument splatted to the component count of `rt` (keeping its scalar).
    fn splat_lanes(&mut self, a: Value, rt: &Type) -> Result<Value> {
        let t = self.ty_of(a);
        match (rt, &t) {
            (Type::Vector(_, n), Type::Scalar(s)) => Ok(self.splat(a, &Type::Vector(*s, *n))),
            _ => Ok(a),
        }
    }

    /// `p + offset * stride` bytes.
    fn elem_ptr(&mut self, p: Value, offset: Value, stride: u64) -> Result<Value> {
        let pt = self.ty_of(p);
        if !matches!(pt, Type::Scalar(Scalar::Ptr(_))) {
            return Err(CompileError::invalid(format!("pointer operand has type {pt}")));
        }
        let o = self.int_cast(offset, &Type::I64, false);
        let s = self.i64c(stride as i64);
        let b = self.emit(InstKind::Binary(BinaryOp::IMul, o, s), Type::I64);
        Ok(self.emit(InstKind::PtrAdd(p, b), pt))
    }

    /// Call the builtin `<name>_<suffix>` component-wise; f16 math goes through f32.
    pub(super) fn call_builtin(&mut self, name: &str, args: Vec<Value>, rt: &Type) -> Result<Value> {
        let first = args.first().map(|a| self.ty_of(*a)).unwrap_or_else(|| rt.clone());
        let s = first.scalar().ok_or_else(|| CompileError::invalid(format!("{name} of a non-numeric type")))?;
        let half_form = s == Scalar::F16 && spirjit_builtins::lookup(&format!("{name}_f16")).is_some();
        if s == Scalar::F16 && !half_form {
            // Half-precision math: compute in f32 and round back (functions where that
            // would round wrongly have a `_f16` builtin of their own).
            let args = args
                .into_iter()
                .map(|a| {
                    let t = self.ty_of(a);
                    if t.scalar() == Some(Scalar::F16) {
                        self.emit(InstKind::Convert(conv(ConvOp::FToF), a), t.with_scalar(Scalar::F32))
                    } else {
                        a
                    }
                })
                .collect();
            let wide = if rt.scalar() == Some(Scalar::F16) { rt.with_scalar(Scalar::F32) } else { rt.clone() };
            let r = self.call_builtin(name, args, &wide)?;
            return Ok(if &wide == rt { r } else { self.emit(InstKind::Convert(conv(ConvOp::FToF), r), rt.clone()) });
        }
        let suffix = match s {
            Scalar::F16 => "f16",
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
            Scalar::I8 => "i8",
            Scalar::I16 => "i16",
            Scalar::I32 => "i32",
            Scalar::I64 => "i64",
            other => return Err(CompileError::invalid(format!("{name} of type {other}"))),
        };
        let symbol = format!("{name}_{suffix}");
        let Some(builtin) = spirjit_builtins::lookup(&symbol) else {
            return Err(CompileError::unsupported(format!(
                "the OpenCL function `{name}` for {s} is not available (no builtin `{symbol}`)"
            )));
        };
        // Component-wise call: every operand has the result's shape and the builtin's
        // scalar types.
        let arg_type = |t: &Type| {
            use spirjit_builtins::ArgType as A;
            Some(match t.scalar()? {
                Scalar::I8 => A::I8,
                Scalar::I16 | Scalar::F16 => A::I16,
                Scalar::I32 => A::I32,
                Scalar::I64 => A::I64,
                Scalar::F32 => A::F32,
                Scalar::F64 => A::F64,
                Scalar::Ptr(_) => A::Ptr,
                Scalar::Bool => return None,
            })
        };
        let types: Vec<Type> = args.iter().map(|a| self.ty_of(*a)).collect();
        let fits = builtin.params.len() == types.len()
            && types.iter().zip(builtin.params).all(|(t, p)| arg_type(t) == Some(*p) && t.lanes() == rt.lanes())
            && arg_type(rt) == Some(builtin.ret);
        if !fits {
            let list = types.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
            return Err(CompileError::invalid(format!("{name} cannot take ({list}) and return {rt}")));
        }
        Ok(self.emit(InstKind::Call { symbol, args }, rt.clone()))
    }
}

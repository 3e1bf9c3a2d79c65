//! Arbitrary-precision references for the `f64` accuracy harness, on `astro-float`
//! `BigFloat`s: each reference takes finite `f64` operands and returns the function's
//! value to at least [`P`] bits (more where cancellation needs it), or NaN where the
//! function is undefined. Special operands (zeros, infinities, NaN) are the unit tests'
//! business and never reach these functions.

use astro_float::{BigFloat, Consts, RoundingMode};

/// Working precision in bits: 75 bits beyond `f64`, so rounding the reference cannot
/// move the measured error by more than ~2^-75 ulp.
pub const P: usize = 128;
const RM: RoundingMode = RoundingMode::ToEven;

/// A reference evaluator with its constant cache (one per thread).
pub struct Big {
    cc: Consts,
}

fn b(x: f64) -> BigFloat {
    bp(x, P)
}

/// `x` with `p` bits (exact: an `f64` has 53). Subnormals are scaled into the normal
/// range first, as `from_f64` does not convert them.
pub fn bp(x: f64, p: usize) -> BigFloat {
    if x != 0.0 && x.abs() < f64::MIN_POSITIVE {
        let mut v = BigFloat::from_f64(x * 2f64.powi(600), p);
        if let Some(e) = v.exponent() {
            v.set_exponent(e - 600);
        }
        v
    } else {
        BigFloat::from_f64(x, p)
    }
}

impl Big {
    pub fn new() -> Big {
        Big { cc: Consts::new().expect("astro-float constants") }
    }

    fn pi(&mut self, p: usize) -> BigFloat {
        self.cc.pi(p, RM)
    }

    /// The reference of the OpenCL function `name` at `args` (integer operands of
    /// `pown`/`rootn` as exact `f64`s); `None` when there is no reference for `name`.
    pub fn eval(&mut self, name: &str, args: &[f64]) -> Option<BigFloat> {
        let x = args[0];
        let y = args.get(1).copied().unwrap_or(0.0);
        Some(match name {
            "acos" => b(x).acos(P, RM, &mut self.cc),
            "asin" => b(x).asin(P, RM, &mut self.cc),
            "atan" => b(x).atan(P, RM, &mut self.cc),
            "acosh" => b(x).acosh(P, RM, &mut self.cc),
            "asinh" => b(x).asinh(P, RM, &mut self.cc),
            "atanh" => b(x).atanh(P, RM, &mut self.cc),
            "cbrt" => b(x).cbrt(P, RM),
            "sqrt" => b(x).sqrt(P, RM),
            "rsqrt" => b(x).sqrt(P + 8, RM).reciprocal(P, RM),
            "sin" => self.trig(x, 0),
            "cos" => self.trig(x, 1),
            "tan" => self.trig(x, 2),
            "sinh" => b(x).sinh(P, RM, &mut self.cc),
            "cosh" => b(x).cosh(P, RM, &mut self.cc),
            "tanh" => b(x).tanh(P, RM, &mut self.cc),
            "exp" => b(x).exp(P, RM, &mut self.cc),
            "exp2" => b(2.0).pow(&b(x), P, RM, &mut self.cc),
            "exp10" => b(10.0).pow(&b(x), P, RM, &mut self.cc),
            "expm1" => {
                // exp(x) - 1 loses about -log2|x| bits for small x.
                let extra = (-x.abs().log2()).max(0.0) as usize + 8;
                let e = bp(x, P + extra).exp(P + extra, RM, &mut self.cc);
                e.sub(&b(1.0), P, RM)
            }
            "log" => b(x).ln(P, RM, &mut self.cc),
            "log2" => b(x).log2(P, RM, &mut self.cc),
            "log10" => b(x).log10(P, RM, &mut self.cc),
            "log1p" => {
                // 1 + x exactly, then the logarithm.
                let extra = (-x.abs().log2()).max(0.0) as usize + 8;
                let s = b(1.0).add(&b(x), P + extra + 64, RM);
                s.ln(P + extra, RM, &mut self.cc)
            }
            "acospi" | "asinpi" | "atanpi" => {
                let base = &name[..4];
                let v = self.eval(base, args)?;
                let pi = self.pi(P + 8);
                v.div(&pi, P, RM)
            }
            "atan2" => self.atan2(x, y)?,
            "atan2pi" => {
                let v = self.atan2(x, y)?;
                let pi = self.pi(P + 8);
                v.div(&pi, P, RM)
            }
            "sinpi" | "cospi" | "tanpi" => {
                // Integers and half-integers give exact 0, ±1 or ±inf: unit-tested.
                if (2.0 * x).fract() == 0.0 {
                    return None;
                }
                // x mod 2 is exact in f64; then pi * r at high precision.
                let r = x % 2.0;
                let pr = b(r).mul(&self.pi(P + 8), P + 8, RM);
                match name {
                    "sinpi" => pr.sin(P, RM, &mut self.cc),
                    "cospi" => pr.cos(P, RM, &mut self.cc),
                    _ => pr.tan(P, RM, &mut self.cc),
                }
            }
            "hypot" => {
                let s = b(x).mul(&b(x), 2 * P, RM).add(&b(y).mul(&b(y), 2 * P, RM), 2 * P, RM);
                s.sqrt(P, RM)
            }
            "pow" => self.pow(x, y)?,
            "powr" => {
                if x < 0.0 {
                    return Some(BigFloat::nan(None));
                }
                self.pow(x, y)?
            }
            "pown" => self.pow(x, y)?,
            "rootn" => {
                let n = y;
                if n == 0.0 || (x < 0.0 && n % 2.0 == 0.0) {
                    return Some(BigFloat::nan(None));
                }
                let inv = b(1.0).div(&b(n), P + 16, RM);
                let m = b(x.abs()).pow(&inv, P, RM, &mut self.cc);
                if x < 0.0 {
                    m.neg()
                } else {
                    m
                }
            }
            "fmod" => b(x).rem(&b(y)),
            "tgamma" => self.tgamma(x),
            "erf" => {
                let a = x.abs();
                let v = if a < 3.0 {
                    self.erf_series(a)
                } else if a <= 6.0 {
                    b(1.0).sub(&self.erfc_cf(a), P, RM)
                } else {
                    // 1 - erf(6) < 2^-55: the error of using 1 is below a fifth of an ulp.
                    b(1.0)
                };
                if x < 0.0 {
                    v.neg()
                } else {
                    v
                }
            }
            "erfc" => {
                let a = x.abs();
                let v = if a < 3.0 {
                    b(1.0).sub(&self.erf_series(a), P, RM)
                } else if a < 27.3 {
                    self.erfc_cf(a)
                } else {
                    // erfc(27.3) < 2^-1076: rounds to zero; any tiny positive value will do.
                    bp(f64::MIN_POSITIVE, P).mul(&b(2f64.powi(-60)), P, RM)
                };
                if x < 0.0 {
                    b(2.0).sub(&v, P, RM)
                } else {
                    v
                }
            }
            _ => return None,
        })
    }

    /// sin / cos / tan of `x`, with the argument reduced at a precision that covers the
    /// exponent of `x` (so `sin(1e300)` is right).
    fn trig(&mut self, x: f64, which: u8) -> BigFloat {
        let e = x.abs().log2().max(0.0) as usize;
        let p = P + e + 16;
        let xb = bp(x, p);
        let two_pi = self.pi(p).mul(&b(2.0), p, RM);
        // r = x - 2*pi*round(x / (2*pi)), exact to p - e bits.
        let q = xb.div(&two_pi, p, RM).round(0, RM);
        let r = xb.sub(&q.mul(&two_pi, p, RM), p, RM);
        let cc = &mut self.cc;
        match which {
            0 => r.sin(P, RM, cc),
            1 => r.cos(P, RM, cc),
            _ => r.tan(P, RM, cc),
        }
    }

    /// `ln(gamma(z))` for `z >= 50` by Stirling's series with 15 terms (the first omitted
    /// term is below 2^-140).
    fn lgamma_stirling(&mut self, z: &BigFloat, p: usize) -> BigFloat {
        // B_2k as (numerator, denominator), k = 1..=15.
        const B: [(f64, f64); 15] = [
            (1.0, 6.0),
            (-1.0, 30.0),
            (1.0, 42.0),
            (-1.0, 30.0),
            (5.0, 66.0),
            (-691.0, 2730.0),
            (7.0, 6.0),
            (-3617.0, 510.0),
            (43867.0, 798.0),
            (-174611.0, 330.0),
            (854513.0, 138.0),
            (-236364091.0, 2730.0),
            (8553103.0, 6.0),
            (-23749461029.0, 870.0),
            (8615841276005.0, 14322.0),
        ];
        let cc = &mut self.cc;
        let half = bp(0.5, p);
        let mut s = z.sub(&half, p, RM).mul(&z.ln(p, RM, cc), p, RM).sub(z, p, RM);
        let two_pi = cc.pi(p, RM).mul(&bp(2.0, p), p, RM);
        s = s.add(&two_pi.ln(p, RM, cc).mul(&half, p, RM), p, RM);
        let z2 = z.mul(z, p, RM);
        let mut zpow = z.clone(); // z^(2k-1)
        for (k, (num, den)) in B.iter().enumerate() {
            let k = (k + 1) as f64;
            let d = bp(*den, p).mul(&bp(2.0 * k * (2.0 * k - 1.0), p), p, RM).mul(&zpow, p, RM);
            s = s.add(&bp(*num, p).div(&d, p, RM), p, RM);
            zpow = zpow.mul(&z2, p, RM);
        }
        s
    }

    /// `gamma(x)`: Stirling's series after shifting the argument up to 50, the
    /// reflection formula below zero; NaN at the poles.
    fn tgamma(&mut self, x: f64) -> BigFloat {
        if x > 172.0 {
            return BigFloat::from_f64(f64::INFINITY, P);
        }
        if x < 0.0 {
            if x == x.floor() {
                return BigFloat::nan(None);
            }
            if x < -190.0 {
                // |gamma(x)| < 2^-1100: a zero of the right sign after rounding.
                let neg = (-x.floor()) % 2.0 == 1.0;
                let tiny = bp(f64::MIN_POSITIVE, P).mul(&b(2f64.powi(-60)), P, RM);
                return if neg { tiny.neg() } else { tiny };
            }
            // gamma(x) = pi / (sin(pi x) gamma(1 - x)); 1 - x is exact at this precision.
            let p = P + 32;
            let r = x % 2.0;
            let s = bp(r, p).mul(&self.pi(p), p, RM).sin(p, RM, &mut self.cc);
            let one_minus = b(1.0).sub(&b(x), p, RM);
            let g = self.gamma_positive(&one_minus, p);
            return self.pi(p).div(&s.mul(&g, p, RM), P, RM);
        }
        let p = P + 32;
        let g = self.gamma_positive(&bp(x, p), p);
        g.mul(&b(1.0), P, RM)
    }

    /// `gamma(x)` for `x > 0` at precision `p`.
    fn gamma_positive(&mut self, x: &BigFloat, p: usize) -> BigFloat {
        let mut z = x.clone();
        let mut prod = bp(1.0, p);
        let fifty = bp(50.0, p);
        while z.cmp(&fifty).is_some_and(|c| c < 0) {
            prod = prod.mul(&z, p, RM);
            z = z.add(&bp(1.0, p), p, RM);
        }
        let lg = self.lgamma_stirling(&z, p + 16);
        lg.exp(p, RM, &mut self.cc).div(&prod, p, RM)
    }

    /// `erf(x)` for `0 < x < 3` by its Taylor series, with the working precision raised
    /// by the cancellation (terms grow to about e^(x^2)).
    fn erf_series(&mut self, x: f64) -> BigFloat {
        let p = P + 32 + (x * x * 1.5) as usize;
        let xb = bp(x, p);
        let x2 = xb.mul(&xb, p, RM);
        // sum_{n>=0} (-1)^n x^(2n+1) / (n! (2n+1))
        let mut power = xb.clone(); // (-1)^n x^(2n+1) / n!
        let mut sum = xb.clone();
        let eps = (p + 8) as i32;
        for n in 1..2000usize {
            power = power.mul(&x2, p, RM).div(&bp(-(n as f64), p), p, RM);
            let term = power.div(&bp((2 * n + 1) as f64, p), p, RM);
            sum = sum.add(&term, p, RM);
            let small = match (term.exponent(), sum.exponent()) {
                (Some(te), Some(se)) => te < se - eps,
                _ => true,
            };
            if small {
                break;
            }
        }
        let pi = self.pi(p);
        let two_over_sqrt_pi = b(2.0).div(&pi.sqrt(p, RM), p, RM);
        sum.mul(&two_over_sqrt_pi, P, RM)
    }

    /// `erfc(x)` for `x >= 3` by its continued fraction
    /// `exp(-x^2) / sqrt(pi) / (x + (1/2) / (x + 1 / (x + (3/2) / (x + ...))))`,
    /// evaluated from a depth at which it has converged far beyond [`P`] bits.
    fn erfc_cf(&mut self, x: f64) -> BigFloat {
        let p = P + 32;
        let xb = bp(x, p);
        let depth = 40 + (4000.0 / (x * x)) as usize;
        let mut t = xb.clone();
        for k in (1..=depth).rev() {
            let a = bp(k as f64 / 2.0, p);
            t = xb.add(&a.div(&t, p, RM), p, RM);
        }
        let e = xb.mul(&xb, p, RM).neg().exp(p, RM, &mut self.cc);
        let pi = self.pi(p);
        e.div(&pi.sqrt(p, RM), p, RM).div(&t, P, RM)
    }

    /// `atan2(y, x)` for finite non-zero operands.
    fn atan2(&mut self, y: f64, x: f64) -> Option<BigFloat> {
        if x == 0.0 || y == 0.0 {
            return None;
        }
        let q = b(y).div(&b(x), P + 16, RM);
        let a = q.atan(P + 16, RM, &mut self.cc);
        Some(if x > 0.0 {
            a
        } else {
            let pi = self.pi(P + 16);
            if y > 0.0 {
                a.add(&pi, P, RM)
            } else {
                a.sub(&pi, P, RM)
            }
        })
    }

    /// `pow(x, y)` for finite `x != 0`, with the sign rule for negative `x` and integral
    /// `y`; NaN for negative `x` and non-integral `y`.
    fn pow(&mut self, x: f64, y: f64) -> Option<BigFloat> {
        if x == 0.0 {
            return None;
        }
        let integral = y == y.trunc();
        let m = if integral && y.abs() < 1e4 {
            let v = b(x.abs()).powi(y.abs() as usize, P + 64, RM);
            if y < 0.0 {
                v.reciprocal(P, RM)
            } else {
                v
            }
        } else if integral || x > 0.0 {
            // |x|^y; the sign of x matters only for odd integral y (below).
            b(x.abs()).pow(&b(y), P, RM, &mut self.cc)
        } else {
            return Some(BigFloat::nan(None));
        };
        let odd = y == y.trunc() && y.abs() < 2f64.powi(53) && y % 2.0 != 0.0;
        Some(if x < 0.0 && odd { m.neg() } else { m })
    }
}

/// An `f64` close to `v` (the top 64 mantissa bits): enough to express an error in ulps.
pub fn approx(v: &BigFloat) -> f64 {
    if v.is_nan() {
        return f64::NAN;
    }
    if v.is_inf() {
        return if v.is_negative() { f64::NEG_INFINITY } else { f64::INFINITY };
    }
    match v.as_raw_parts() {
        Some((words, _, sign, exp, _)) => {
            let top = words.last().copied().unwrap_or(0) as f64;
            // The mantissa is 0.1xxx in binary: top word / 2^64, times 2^exp.
            let m = top * 2f64.powi(exp.clamp(-1100, 1100) - 64);
            if sign == astro_float::Sign::Neg {
                -m
            } else {
                m
            }
        }
        None => 0.0,
    }
}

/// The error of `got` against `want` in units of the last place of `f64` at `want`
/// (subnormal spacing below `f64::MIN_POSITIVE`); infinity for a wrong NaN, a wrong
/// infinity or a finite result where the reference overflows.
pub fn ulps(got: f64, want: &BigFloat) -> f64 {
    if want.is_nan() {
        return if got.is_nan() { 0.0 } else { f64::INFINITY };
    }
    if got.is_nan() {
        return f64::INFINITY;
    }
    let w = approx(want);
    if w.abs() > f64::MAX {
        return if got.is_infinite() && got.signum() == w.signum() { 0.0 } else { f64::INFINITY };
    }
    if got.is_infinite() {
        // Only right when the reference rounds to infinity.
        let max_plus_half = 2f64.powi(1023) * (2.0 - 2f64.powi(-53));
        return if w.abs() >= max_plus_half && got.signum() == w.signum() { 0.0 } else { f64::INFINITY };
    }
    let diff = bp(got, P).sub(want, P, RM);
    if diff.is_zero() {
        return 0.0;
    }
    // ulp(want) = 2^(k - 52) where want is in [2^k, 2^(k+1)); astro's exponent is k + 1.
    let k = want.exponent().map(|e| e - 1).unwrap_or(-1022).max(-1022);
    let d = diff.abs();
    match (d.exponent(), d.as_raw_parts()) {
        (Some(de), Some((words, ..))) => {
            let top = words.last().copied().unwrap_or(0) as f64;
            top * 2f64.powi((de - 64 - (k - 52)).clamp(-1000, 1000))
        }
        _ => 0.0,
    }
}

//! OpenCL `printf`: formatting a call from its format string and an argument block, and
//! the per-thread output buffer the runtime drains after each chunk of work-groups.
//!
//! Calling convention of [`spirjit_printf`] (built by the front end): the format string
//! (NUL-terminated), a descriptor array of two `i32` per argument — `kind | size << 8 |
//! lanes << 16` ([`ARG_INT`], [`ARG_FLOAT`], [`ARG_PTR`]; `size` is the bytes of one
//! component) and the argument's byte offset in the block — the argument block, the
//! argument count and the work-item's global linear id (the flush order).
//!
//! Conversions: `d i o u x X f F e E g G a A c s p %` with flags `- + space # 0`, width,
//! precision, every C99 length modifier (`hh h l ll j z t L`), OpenCL's `hl` and vector
//! specifiers `vN` (components separated by `,`; `%v4hld` is four `int`s). The
//! argument's actual type decides how it is read (its size travels in the descriptor);
//! an integer conversion then converts it to the type its length modifier names: `hh`
//! 8 bits, `h` 16, none and `hl` 32, `l`, `ll`, `j` (and `L`, as glibc) 64, `z` and `t`
//! the module's `size_t` / `ptrdiff_t` — the argument's own width, 32 bits in a
//! Physical32 module. Float conversions ignore the modifier (`%lf` is `%f`; with `vN`,
//! `hl`, `l` and `h` name float, double and half components, which the argument already
//! is). The text is what the C library prints for the same specification and value,
//! component by component (`tests/printf.rs` compares with the host's `snprintf`),
//! including `%a` with a precision, whose rounding may carry into a leading digit 2
//! (`%.0a` of 1.5 is `0x2p+0`). One difference remains: the output is text, so `%c` of
//! a byte above 0x7f gives that code point's UTF-8 encoding and `%s` replaces bytes that
//! are not UTF-8 with U+FFFD, where the C library writes the raw bytes.
//!
//! The thread-local buffer is this crate's only state: formatted text waits there, tagged
//! with the work-item's id, until [`take_thread_output`] takes it. No I/O happens here.

use std::cell::RefCell;
use std::fmt::Write as _;

/// Descriptor kind: an integer of `size` bytes per component.
pub const ARG_INT: u32 = 0;
/// Descriptor kind: a float of `size` bytes per component (2, 4 or 8).
pub const ARG_FLOAT: u32 = 1;
/// Descriptor kind: a pointer (8 bytes; `%s` strings, `%p`).
pub const ARG_PTR: u32 = 2;

/// The descriptor code of an argument.
pub const fn arg_code(kind: u32, size: u32, lanes: u32) -> u32 {
    kind | size << 8 | lanes << 16
}

thread_local! {
    static OUTPUT: RefCell<Vec<(u64, String)>> = const { RefCell::new(Vec::new()) };
}

/// Take the text printed on this thread so far: (global linear id, text) in print order.
pub fn take_thread_output() -> Vec<(u64, String)> {
    OUTPUT.with(|o| std::mem::take(&mut *o.borrow_mut()))
}

/// Longest string `%s` reads and longest format string (bytes).
const MAX_STRING: usize = 1 << 20;

/// Read a NUL-terminated string.
///
/// # Safety
/// `p` must point to a NUL-terminated string (or be null).
unsafe fn c_string(p: *const u8) -> Option<Vec<u8>> {
    if p.is_null() {
        return None;
    }
    let mut out = Vec::new();
    for i in 0..MAX_STRING {
        // SAFETY: the caller guarantees the string is NUL-terminated; we stop at the NUL.
        let b = unsafe { *p.add(i) };
        if b == 0 {
            break;
        }
        out.push(b);
    }
    Some(out)
}

/// One argument as the formatter sees it.
#[derive(Clone, Debug)]
pub enum ArgVal {
    /// Integer components of `bits` bits each (8, 16, 32 or 64), sign-extended.
    Int {
        bits: u32,
        values: Vec<i64>,
    },
    Float(Vec<f64>),
    Ptr(u64),
}

impl ArgVal {
    /// `int` components (32 bits), the type of a conversion without length modifier.
    pub fn int(values: Vec<i64>) -> ArgVal {
        ArgVal::Int { bits: 32, values }
    }
}

/// A length modifier: what width an integer conversion converts its argument to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Length {
    /// None: `int` (32 bits).
    Int,
    /// `hh` (8), `h` (16), `hl` (32, with vector specifiers), `l`, `ll`, `j` (64).
    Bits(u32),
    /// `z`, `t`: `size_t` / `ptrdiff_t`, whose width is the module's (the argument's).
    Size,
    /// `L`: `long double` for float conversions; for integer ones `long long`, as glibc.
    LongDouble,
}

impl Length {
    /// The length modifier at the start of `s` and its length in bytes.
    fn parse(s: &[u8]) -> (Length, usize) {
        match s {
            [b'h', b'h', ..] => (Length::Bits(8), 2),
            [b'h', b'l', ..] => (Length::Bits(32), 2),
            [b'h', ..] => (Length::Bits(16), 1),
            [b'l', b'l', ..] => (Length::Bits(64), 2),
            [b'l' | b'j', ..] => (Length::Bits(64), 1),
            [b'z' | b't', ..] => (Length::Size, 1),
            [b'L', ..] => (Length::LongDouble, 1),
            _ => (Length::Int, 0),
        }
    }

    /// The width an integer conversion truncates an argument of `arg_bits` bits to.
    /// Float conversions ignore length modifiers: the argument's type decides.
    fn int_bits(self, arg_bits: u32) -> u32 {
        match self {
            Length::Int => 32,
            Length::Bits(b) => b,
            Length::Size => arg_bits,
            Length::LongDouble => 64,
        }
    }
}

/// Format a printf call. `strings` resolves `%s` pointers.
pub fn format(fmt: &[u8], args: &[ArgVal], strings: &dyn Fn(u64) -> Option<Vec<u8>>) -> String {
    let mut out = String::new();
    let mut next = args.iter();
    let mut i = 0;
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    while i < fmt.len() {
        if fmt[i] != b'%' {
            let start = i;
            while i < fmt.len() && fmt[i] != b'%' {
                i += 1;
            }
            out.push_str(&text(&fmt[start..i]));
            continue;
        }
        let start = i;
        i += 1;
        let mut spec = Spec::default();
        while let Some(&c) = fmt.get(i) {
            match c {
                b'-' => spec.left = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                _ => break,
            }
            i += 1;
        }
        let num = |i: &mut usize| {
            let mut v: Option<usize> = None;
            while let Some(d) = fmt.get(*i).filter(|c| c.is_ascii_digit()) {
                v = Some(v.unwrap_or(0).saturating_mul(10).saturating_add((d - b'0') as usize).min(4096));
                *i += 1;
            }
            v
        };
        spec.width = num(&mut i).unwrap_or(0);
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            spec.precision = Some(num(&mut i).unwrap_or(0));
        }
        let mut lanes = 1usize;
        if fmt.get(i) == Some(&b'v') {
            i += 1;
            lanes = num(&mut i).unwrap_or(1);
        }
        let (length, skip) = Length::parse(&fmt[i..]);
        i += skip;
        let Some(&conv) = fmt.get(i) else {
            out.push_str(&text(&fmt[start..]));
            break;
        };
        i += 1;
        if conv == b'%' {
            out.push('%');
            continue;
        }
        let Some(arg) = next.next() else {
            // Fewer arguments than conversions: print the specification as written.
            out.push_str(&text(&fmt[start..i]));
            continue;
        };
        spec.conv = conv;
        let parts: Vec<String> = match arg {
            ArgVal::Int { bits, values } => {
                let bits = length.int_bits(*bits);
                values.iter().take(lanes.max(1)).map(|x| spec.int(*x, bits)).collect()
            }
            ArgVal::Float(v) => v.iter().take(lanes.max(1)).map(|x| spec.float(*x)).collect(),
            ArgVal::Ptr(p) => vec![match conv {
                b's' => {
                    let s = strings(*p).unwrap_or_else(|| b"(null)".to_vec());
                    let s = match spec.precision {
                        Some(n) if n < s.len() => &s[..n],
                        _ => &s[..],
                    };
                    spec.pad(text(s), false)
                }
                b'p' => spec.pad(if *p == 0 { "(nil)".into() } else { format!("0x{p:x}") }, false),
                _ => spec.int(*p as i64, length.int_bits(64)),
            }],
        };
        out.push_str(&parts.join(","));
    }
    out
}

#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    precision: Option<usize>,
    conv: u8,
}

impl Spec {
    /// Pad `s` to the width; `numeric` allows zero padding after the sign / prefix.
    fn pad(&self, s: String, numeric: bool) -> String {
        let len = s.chars().count();
        if len >= self.width {
            return s;
        }
        let fill = self.width - len;
        if self.left {
            return s + &" ".repeat(fill);
        }
        if numeric && self.zero {
            let prefix_len = if s.starts_with("0x") || s.starts_with("0X") {
                2
            } else if s.starts_with(['-', '+', ' ']) {
                if s[1..].starts_with("0x") || s[1..].starts_with("0X") {
                    3
                } else {
                    1
                }
            } else {
                0
            };
            return format!("{}{}{}", &s[..prefix_len], "0".repeat(fill), &s[prefix_len..]);
        }
        " ".repeat(fill) + &s
    }

    fn sign(&self, negative: bool) -> &'static str {
        if negative {
            "-"
        } else if self.plus {
            "+"
        } else if self.space {
            " "
        } else {
            ""
        }
    }

    /// Integer conversion of `v` truncated to `bits` (8, 16, 32 or 64).
    fn int(&self, v: i64, bits: u32) -> String {
        let (signed, unsigned) = match bits {
            8 => (v as i8 as i64, v as u8 as u64),
            16 => (v as i16 as i64, v as u16 as u64),
            32 => (v as i32 as i64, v as u32 as u64),
            _ => (v, v as u64),
        };
        let (neg, digits, prefix) = match self.conv {
            b'd' | b'i' => (signed < 0, signed.unsigned_abs().to_string(), ""),
            b'o' => (false, format!("{unsigned:o}"), ""),
            b'x' => (false, format!("{unsigned:x}"), if self.alt && unsigned != 0 { "0x" } else { "" }),
            b'X' => (false, format!("{unsigned:X}"), if self.alt && unsigned != 0 { "0X" } else { "" }),
            b'c' => return self.pad(((unsigned as u8) as char).to_string(), false),
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => return self.float(signed as f64),
            _ => (false, unsigned.to_string(), ""),
        };
        let mut digits = match self.precision {
            Some(0) if digits == "0" => String::new(),
            Some(p) if p > digits.len() => "0".repeat(p - digits.len()) + &digits,
            _ => digits,
        };
        if self.conv == b'o' && self.alt && !digits.starts_with('0') {
            digits.insert(0, '0');
        }
        let sign = if matches!(self.conv, b'd' | b'i') { self.sign(neg) } else { "" };
        let s = format!("{sign}{prefix}{digits}");
        // The 0 flag is ignored when a precision is given.
        self.pad(s, self.precision.is_none())
    }

    fn float(&self, x: f64) -> String {
        let upper = self.conv.is_ascii_uppercase();
        let neg = x.is_sign_negative() && !x.is_nan();
        let sign = self.sign(neg);
        let a = x.abs();
        if !a.is_finite() {
            let s = if a.is_nan() { "nan" } else { "inf" };
            let s = if upper { s.to_uppercase() } else { s.to_string() };
            return self.pad(format!("{sign}{s}"), false);
        }
        let body = match self.conv {
            b'f' | b'F' => fixed(a, self.precision.unwrap_or(6), self.alt),
            b'e' | b'E' => exp(a, self.precision.unwrap_or(6), self.alt, upper),
            b'g' | b'G' => general(a, self.precision.unwrap_or(6), self.alt, upper),
            b'a' | b'A' => hex_float(a, self.precision, self.alt, upper),
            _ => return self.int(x as i64, 64),
        };
        self.pad(format!("{sign}{body}"), true)
    }
}

fn fixed(a: f64, prec: usize, alt: bool) -> String {
    let mut s = format!("{a:.prec$}");
    if alt && prec == 0 {
        s.push('.');
    }
    s
}

/// `d.ddde±XX` (at least two exponent digits).
fn exp(a: f64, prec: usize, alt: bool, upper: bool) -> String {
    let s = format!("{a:.prec$e}");
    let (mant, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let mut m = mant.to_string();
    if alt && prec == 0 {
        m.push('.');
    }
    let es = if e < 0 { '-' } else { '+' };
    format!("{m}{}{es}{:02}", if upper { 'E' } else { 'e' }, e.unsigned_abs())
}

fn general(a: f64, prec: usize, alt: bool, upper: bool) -> String {
    let p = prec.max(1);
    // The exponent after rounding to p significant digits.
    let x = if a == 0.0 {
        0
    } else {
        let s = format!("{a:.*e}", p - 1);
        s.split_once('e').and_then(|(_, e)| e.parse::<i32>().ok()).unwrap_or(0)
    };
    let mut s =
        if (p as i32) > x && x >= -4 { fixed(a, (p as i32 - 1 - x) as usize, alt) } else { exp(a, p - 1, alt, upper) };
    if !alt {
        let (mant, tail) = match s.find(['e', 'E']) {
            Some(k) => (s[..k].to_string(), s[k..].to_string()),
            None => (s.clone(), String::new()),
        };
        let mant = if mant.contains('.') { mant.trim_end_matches('0').trim_end_matches('.').to_string() } else { mant };
        s = mant + &tail;
    }
    s
}

/// C99 `%a` for a non-negative finite double.
fn hex_float(a: f64, prec: Option<usize>, alt: bool, upper: bool) -> String {
    let bits = a.to_bits();
    let exp_bits = ((bits >> 52) & 0x7FF) as i64;
    let mut mant = bits & ((1u64 << 52) - 1);
    let (mut lead, e) = if exp_bits == 0 {
        if mant == 0 {
            (0u64, 0i64)
        } else {
            (0u64, -1022i64)
        }
    } else {
        (1u64, exp_bits - 1023)
    };
    let mut digits = 13usize;
    if let Some(p) = prec.filter(|p| *p < 13) {
        // Round the leading digit and the 52-bit fraction to p hex digits after the
        // point, ties to even (the leading digit's parity when p = 0). A carry makes the
        // leading digit 2, which the C library keeps: 1.5 with `%.0a` is `0x2p+0`.
        let drop = (13 - p) * 4;
        let rem = mant & ((1u64 << drop) - 1);
        let half = 1u64 << (drop - 1);
        let mut kept = (lead << (p * 4)) | (mant >> drop);
        if rem > half || (rem == half && kept & 1 == 1) {
            kept += 1;
        }
        lead = kept >> (p * 4);
        mant = kept & ((1u64 << (p * 4)) - 1);
        digits = p;
    }
    let mut frac = if digits == 0 { String::new() } else { format!("{mant:0digits$x}") };
    if prec.is_none() {
        frac = frac.trim_end_matches('0').to_string();
    } else if let Some(p) = prec.filter(|p| *p > 13) {
        frac.push_str(&"0".repeat(p - 13));
    }
    let dot = if !frac.is_empty() || alt { "." } else { "" };
    let es = if e < 0 { '-' } else { '+' };
    let s = format!("0x{lead}{dot}{frac}p{es}{}", e.unsigned_abs());
    if upper {
        s.to_uppercase()
    } else {
        s
    }
}

/// Read argument `k` of the block.
///
/// # Safety
/// `descs` holds `2 * (k + 1)` i32; `block` holds the argument at its offset.
unsafe fn read_arg(descs: *const u8, block: *const u8, k: usize) -> ArgVal {
    // SAFETY: the caller guarantees the descriptor array and block.
    let (code, off) = unsafe {
        (
            (descs.add(8 * k) as *const u32).read_unaligned(),
            (descs.add(8 * k + 4) as *const u32).read_unaligned() as usize,
        )
    };
    let kind = code & 0xFF;
    let size = ((code >> 8) & 0xFF) as usize;
    let lanes = ((code >> 16) & 0xFF).max(1) as usize;
    // SAFETY: the front end lays out the block so that every component lies inside it.
    let rd = |at: usize| -> u64 {
        let p = unsafe { block.add(off + at * size) };
        unsafe {
            match size {
                1 => *p as u64,
                2 => (p as *const u16).read_unaligned() as u64,
                4 => (p as *const u32).read_unaligned() as u64,
                _ => (p as *const u64).read_unaligned(),
            }
        }
    };
    match kind {
        ARG_FLOAT => ArgVal::Float(
            (0..lanes)
                .map(|i| match size {
                    2 => crate::half::half_to_f32(rd(i) as u16) as f64,
                    4 => f32::from_bits(rd(i) as u32) as f64,
                    _ => f64::from_bits(rd(i)),
                })
                .collect(),
        ),
        ARG_PTR => ArgVal::Ptr(rd(0)),
        _ => ArgVal::Int {
            bits: match size {
                1 => 8,
                2 => 16,
                4 => 32,
                _ => 64,
            },
            values: (0..lanes)
                .map(|i| {
                    let v = rd(i);
                    match size {
                        1 => v as u8 as i8 as i64,
                        2 => v as u16 as i16 as i64,
                        4 => v as u32 as i32 as i64,
                        _ => v as i64,
                    }
                })
                .collect(),
        },
    }
}

/// `printf` from a kernel: format and append to this thread's buffer under `gid`.
/// Returns 0, or -1 when the format string is null.
///
/// # Safety
/// `fmt` is a NUL-terminated string; `descs` holds `2 * nargs` i32; `block` holds the
/// arguments at the offsets the descriptors give; `%s` arguments point to
/// NUL-terminated strings (or are null).
pub unsafe extern "C" fn spirjit_printf(
    fmt: *const u8,
    descs: *const u8,
    block: *const u8,
    nargs: i32,
    gid: i64,
) -> i32 {
    // SAFETY: the caller guarantees a NUL-terminated format string.
    let Some(f) = (unsafe { c_string(fmt) }) else { return -1 };
    // SAFETY: the caller guarantees the descriptors and block.
    let args: Vec<ArgVal> = (0..nargs.max(0) as usize).map(|k| unsafe { read_arg(descs, block, k) }).collect();
    // SAFETY: `%s` arguments are NUL-terminated strings (the caller's guarantee).
    let strings = |p: u64| unsafe { c_string(p as *const u8) };
    let s = format(&f, &args, &strings);
    OUTPUT.with(|o| o.borrow_mut().push((gid as u64, s)));
    0
}

/// Format with a plain string table, for tests and tools: `%s` pointers index `strings`.
pub fn format_with(fmt: &str, args: &[ArgVal], strings: &[&str]) -> String {
    let lookup = |p: u64| strings.get(p as usize).map(|s| s.as_bytes().to_vec());
    let mut s = String::new();
    let _ = write!(s, "{}", format(fmt.as_bytes(), args, &lookup));
    s
}

#[cfg(test)]
mod tests {
    use super::{format_with, ArgVal, ArgVal::*};

    #[test]
    fn c_conversions() {
        let f = |fmt: &str, a: &[super::ArgVal]| format_with(fmt, a, &["hello"]);
        assert_eq!(
            f(
                "%d|%5d|%-5d|%05d|%+d|%.3d",
                &[
                    ArgVal::int(vec![-3]),
                    ArgVal::int(vec![42]),
                    ArgVal::int(vec![7]),
                    ArgVal::int(vec![-42]),
                    ArgVal::int(vec![1]),
                    ArgVal::int(vec![5])
                ]
            ),
            "-3|   42|7    |-0042|+1|005"
        );
        assert_eq!(
            f(
                "%x %X %#x %o %u %c %%",
                &[
                    ArgVal::int(vec![255]),
                    ArgVal::int(vec![255]),
                    ArgVal::int(vec![255]),
                    ArgVal::int(vec![8]),
                    ArgVal::int(vec![-1]),
                    ArgVal::int(vec![65])
                ]
            ),
            "ff FF 0xff 10 4294967295 A %"
        );
        assert_eq!(
            f("%hhd %hd %ld", &[ArgVal::int(vec![300]), ArgVal::int(vec![70000]), ArgVal::int(vec![1 << 40])]),
            "44 4464 1099511627776"
        );
        assert_eq!(
            f(
                "%f %.2f %e %E %g %g %g",
                &[
                    Float(vec![1.5]),
                    Float(vec![2.345]),
                    Float(vec![12345.678]),
                    Float(vec![0.0]),
                    Float(vec![100000.0]),
                    Float(vec![1e-5]),
                    Float(vec![0.0001])
                ]
            ),
            "1.500000 2.35 1.234568e+04 0.000000E+00 100000 1e-05 0.0001"
        );
        assert_eq!(
            f(
                "%a %a %A %.1a %a",
                &[Float(vec![0.5]), Float(vec![1.0 / 3.0]), Float(vec![-2.0]), Float(vec![1.96875]), Float(vec![0.0])]
            ),
            "0x1p-1 0x1.5555555555555p-2 -0X1P+1 0x2.0p+0 0x0p+0"
        );
        assert_eq!(f("%s|%.3s|%8s", &[Ptr(0), Ptr(0), Ptr(0)]), "hello|hel|   hello");
        assert_eq!(
            f(
                "%v4hlf|%v2hld|%#v2x",
                &[Float(vec![1.0, 2.0, 3.0, 4.0]), ArgVal::int(vec![1, -2]), ArgVal::int(vec![10, 11])]
            ),
            "1.000000,2.000000,3.000000,4.000000|1,-2|0xa,0xb"
        );
        assert_eq!(f("%f %F %d", &[Float(vec![f64::INFINITY]), Float(vec![f64::NAN])]), "inf NAN %d");
    }

    #[test]
    fn every_length_modifier() {
        let f = |fmt: &str, a: &[super::ArgVal]| format_with(fmt, a, &[]);
        let long = |v: i64| Int { bits: 64, values: vec![v] };
        let word = |v: i64| Int { bits: 32, values: vec![v] };
        let want = "-5 -9223372036854775808 7 18446744073709551615 ff";
        assert_eq!(f("%lld %lli %jd %llu %jx", &[long(-5), long(i64::MIN), long(7), long(-1), long(255)]), want);
        // z and t take the width of the module's size_t: the argument's own.
        let want = "18446744073709551615 -2 10000000000 -3";
        assert_eq!(f("%zu %zi %zx %td", &[long(-1), long(-2), long(1 << 40), long(-3)]), want);
        assert_eq!(f("%zu %zd %tx", &[word(-1), word(-1), word(-16)]), "4294967295 -1 fffffff0");
        // hl is int; hh and h truncate whatever arrives (chars and shorts promoted).
        let want = "-7 255 2345 ffffffffffffffff";
        assert_eq!(f("%hli %hhu %hx %Lx", &[word(-7), word(-1), word(0x12345), long(-1)]), want);
        // Float conversions ignore the modifier.
        assert_eq!(f("%lf %Lg %hf", &[Float(vec![0.5]), Float(vec![2.0]), Float(vec![1.0])]), "0.500000 2 1.000000");
        // A carry into the leading hex digit stays there, as in the C library.
        let x = [Float(vec![1.5]), Float(vec![1.5]), Float(vec![2.5]), Float(vec![1.03125])];
        assert_eq!(f("%.0a %#.0a %.0a %.1a", &x), "0x2p+0 0x2.p+0 0x1p+1 0x1.0p+0");
    }
}

//! `--arg` specifications of `spirjit run` (`f32[1024]=rand:1`, `i32=5`, `f32x4=1,2,3,4`,
//! `local=256`, `f32=@a.npy`) and the host data they stand for.
//!
//! This module must not run kernels; it turns text into bytes.

use std::path::PathBuf;

use crate::npy::{self, DType};

/// How a buffer argument is filled.
#[derive(Clone, Debug, PartialEq)]
pub enum Init {
    Zeros,
    Ones,
    /// 0, 1, 2, ...
    Iota,
    /// Deterministic pseudo-random data: integers uniform in [0, 100), floats in [0, 1).
    Rand(u64),
    /// Every element set to this number.
    Fill(String),
    /// The contents of a `.npy` file.
    File(PathBuf),
}

/// One parsed `--arg`.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgSpec {
    /// A buffer of `count` elements (`None`: as many as the file holds).
    Buffer { dtype: DType, count: Option<u64>, init: Init },
    /// A scalar (one value) or vector (several) by value.
    Value { dtype: DType, values: Vec<String> },
    /// Local memory of this many bytes.
    Local(u64),
    /// A by-value argument given as raw bytes (structs).
    Bytes(Vec<u8>),
    /// An image (`image2d:rgba:unorm8:WxH=rand:1`, see `image_spec`).
    Image(super::image_spec::ImageSpec),
    /// A sampler (`sampler=normalized,repeat,linear`).
    Sampler(crate::Sampler),
}

const TYPES: &str = "i8, u8, i16, u16, i32, u32, i64, u64, f32, f64";

fn dtype(name: &str, spec: &str) -> Result<DType, String> {
    DType::from_name(name).ok_or_else(|| format!("unknown type `{name}` in `--arg {spec}`; use one of {TYPES}"))
}

/// Parse one `--arg` specification.
pub fn parse_spec(spec: &str) -> Result<ArgSpec, String> {
    let Some((left, right)) = spec.split_once('=') else {
        return Err(format!(
            "`--arg {spec}` has no `=`; write TYPE[COUNT]=INIT for a buffer, TYPE=VALUE for a scalar \
             or local=BYTES for local memory"
        ));
    };
    let (left, right) = (left.trim(), right.trim());
    if left == "sampler" {
        return super::image_spec::parse_sampler(right, spec).map(ArgSpec::Sampler);
    }
    if let Some(image) = super::image_spec::parse_image(left, right, spec) {
        return image.map(ArgSpec::Image);
    }
    if left == "local" {
        return right
            .parse::<u64>()
            .ok()
            .filter(|n| *n > 0)
            .map(ArgSpec::Local)
            .ok_or_else(|| format!("`--arg {spec}`: local memory needs a positive byte count, like local=256"));
    }
    if left == "bytes" {
        let hex: Vec<u8> = right.bytes().filter(|c| !matches!(c, b'_' | b' ' | b':')).collect();
        let digit = |c: u8| (c as char).to_digit(16);
        if hex.is_empty() || !hex.len().is_multiple_of(2) || hex.iter().any(|c| digit(*c).is_none()) {
            return Err(format!("`--arg {spec}`: bytes=HEX needs an even number of hex digits, like bytes=0000803f"));
        }
        let bytes = hex.chunks_exact(2).map(|p| (digit(p[0]).unwrap_or(0) * 16 + digit(p[1]).unwrap_or(0)) as u8);
        return Ok(ArgSpec::Bytes(bytes.collect()));
    }
    if let Some((name, count)) = left.split_once('[') {
        let count = count.strip_suffix(']').ok_or_else(|| format!("`--arg {spec}`: missing `]` after the count"))?;
        let dtype = dtype(name.trim(), spec)?;
        let count = match count.trim() {
            "" => None,
            c => Some(c.parse::<u64>().map_err(|_| format!("`--arg {spec}`: the count `{c}` is not a number"))?),
        };
        let init = parse_init(right, spec)?;
        if count.is_none() && !matches!(init, Init::File(_)) {
            return Err(format!("`--arg {spec}`: give the element count, like {name}[1024]={right}"));
        }
        return Ok(ArgSpec::Buffer { dtype, count, init });
    }
    if let Some(path) = right.strip_prefix('@') {
        return Ok(ArgSpec::Buffer { dtype: dtype(left, spec)?, count: None, init: Init::File(path.into()) });
    }
    let (name, lanes) = match left.split_once('x') {
        Some((n, l)) if DType::from_name(n).is_some() => {
            let lanes = l.parse::<usize>().ok().filter(|l| [2, 3, 4, 8, 16].contains(l));
            (n, Some(lanes.ok_or_else(|| format!("`--arg {spec}`: vectors have 2, 3, 4, 8 or 16 components"))?))
        }
        _ => (left, None),
    };
    let dtype = dtype(name, spec)?;
    let values: Vec<String> = right.split(',').map(|v| v.trim().to_string()).collect();
    let want = lanes.unwrap_or(1);
    if values.len() != want {
        return Err(format!("`--arg {spec}`: expected {want} value(s), got {}", values.len()));
    }
    for v in &values {
        encode(dtype, v).map_err(|m| format!("`--arg {spec}`: {m}"))?;
    }
    Ok(ArgSpec::Value { dtype, values })
}

/// Check `spec` (given as `text`) against parameter `index` of `kernel`, as the
/// parameter's host type says ([`crate::typecheck`]): a buffer's element kind and size
/// (1-byte buffers are raw bytes and fit any element), a value's kind, component count
/// and range (with the parameter's signedness). Shapes (buffer, value, local, ...) and
/// byte sizes are checked when the kernel binds its arguments.
pub(crate) fn check_against(spec: &ArgSpec, text: &str, kernel: &crate::Kernel, index: usize) -> Result<(), String> {
    use crate::typecheck::{check_element, float_bytes, int_bytes, ElemKind};
    use spirjit_jit::ir::{HostScalar, HostType};
    let Some(p) = kernel.params().get(index) else { return Ok(()) };
    let fail = |m: String| {
        let name = p.name.clone().unwrap_or_else(|| format!("arg{index}"));
        format!(
            "`--arg {text}`: argument {index} `{name}` of `{}` is `{}`: {m}",
            kernel.name(),
            crate::kernel::param_type_text(p)
        )
    };
    let kind = |d: DType| if d.is_float() { ElemKind::Float } else { ElemKind::Int };
    let want_name = |s: HostScalar| match s {
        HostScalar::Int { bits, sign: spirjit_jit::ir::Signedness::Unsigned } => format!("u{bits}"),
        HostScalar::Int { bits, .. } => format!("i{bits}"),
        HostScalar::Float { bits } => format!("f{bits}"),
        HostScalar::Bool => "u8".to_string(),
        HostScalar::Pointer => "u64".to_string(),
    };
    match (spec, &p.host) {
        (ArgSpec::Buffer { dtype, .. }, HostType::Pointer { pointee, .. }) if dtype.size() > 1 => {
            check_element(pointee, kind(*dtype), dtype.size() as u64).map_err(|m| {
                fail(match m.want {
                    Some(s) => format!("its elements are {}; give {} elements", want_name(s), want_name(s)),
                    None => format!("its elements have {} bytes; give them as u8 bytes", m.elem_size),
                })
            })
        }
        (ArgSpec::Value { dtype, values }, HostType::Scalar(s) | HostType::Vector(s, _)) => {
            let lanes = match p.host {
                HostType::Vector(_, n) => n as usize,
                _ => 1,
            };
            if kind(*dtype) != if matches!(s, HostScalar::Float { .. }) { ElemKind::Float } else { ElemKind::Int }
                || !(values.len() == lanes || (lanes == 3 && values.len() == 4))
            {
                let want = if lanes > 1 { format!("{}x{lanes}", want_name(*s)) } else { want_name(*s) };
                return Err(fail(format!("give {want}=VALUE")));
            }
            for v in values {
                let checked = match dtype.is_float() {
                    true => v.parse::<f64>().map_err(|e| e.to_string()).and_then(|f| float_bytes(*s, f)),
                    false => parse_int(v).and_then(|i| int_bytes(*s, i)),
                };
                checked.map_err(fail)?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn parse_init(s: &str, spec: &str) -> Result<Init, String> {
    Ok(match s {
        "zeros" | "zero" | "0" => Init::Zeros,
        "ones" | "one" => Init::Ones,
        "iota" => Init::Iota,
        _ => {
            if let Some(seed) = s.strip_prefix("rand:") {
                Init::Rand(seed.trim().parse().map_err(|_| format!("`--arg {spec}`: rand:SEED needs a number seed"))?)
            } else if s == "rand" {
                Init::Rand(0)
            } else if let Some(path) = s.strip_prefix('@') {
                Init::File(path.into())
            } else if s.parse::<f64>().is_ok() || parse_int(s).is_ok() {
                Init::Fill(s.to_string())
            } else {
                return Err(format!(
                    "`--arg {spec}`: unknown initializer `{s}`; use zeros, ones, iota, rand:SEED, a number or @FILE.npy"
                ));
            }
        }
    })
}

fn parse_int(s: &str) -> Result<i128, String> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let v = if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        i128::from_str_radix(hex, 16)
    } else {
        body.parse::<i128>()
    }
    .map_err(|_| format!("`{s}` is not an integer"))?;
    Ok(if neg { -v } else { v })
}

/// The little-endian bytes of `text` as one element of `dtype`.
pub(crate) fn encode(dtype: DType, text: &str) -> Result<Vec<u8>, String> {
    let int = |min: i128, max: i128| -> Result<i128, String> {
        let v = parse_int(text)?;
        if v < min || v > max {
            return Err(format!("{text} is out of range for {} ({min} to {max})", dtype.name()));
        }
        Ok(v)
    };
    Ok(match dtype {
        DType::I8 => (int(i8::MIN.into(), i8::MAX.into())? as i8).to_le_bytes().to_vec(),
        DType::U8 => (int(0, u8::MAX.into())? as u8).to_le_bytes().to_vec(),
        DType::I16 => (int(i16::MIN.into(), i16::MAX.into())? as i16).to_le_bytes().to_vec(),
        DType::U16 => (int(0, u16::MAX.into())? as u16).to_le_bytes().to_vec(),
        DType::I32 => (int(i32::MIN.into(), i32::MAX.into())? as i32).to_le_bytes().to_vec(),
        DType::U32 => (int(0, u32::MAX.into())? as u32).to_le_bytes().to_vec(),
        DType::I64 => (int(i64::MIN.into(), i64::MAX.into())? as i64).to_le_bytes().to_vec(),
        DType::U64 => (int(0, u64::MAX.into())? as u64).to_le_bytes().to_vec(),
        DType::F32 | DType::F64 => {
            let v: f64 = text.parse().map_err(|_| format!("`{text}` is not a number"))?;
            if dtype == DType::F32 {
                (v as f32).to_le_bytes().to_vec()
            } else {
                v.to_le_bytes().to_vec()
            }
        }
    })
}

/// Host memory for a buffer argument, 16-byte aligned.
pub(crate) struct HostBuffer {
    pub dtype: DType,
    words: Vec<u128>,
    len: usize,
}

impl HostBuffer {
    fn zeroed(dtype: DType, count: u64) -> Result<HostBuffer, String> {
        let too_big = || format!("{count} elements of {} do not fit in memory", dtype.name());
        let len = usize::try_from(count).ok().and_then(|c| c.checked_mul(dtype.size())).ok_or_else(too_big)?;
        let mut words = Vec::new();
        words.try_reserve_exact(len.div_ceil(16)).map_err(|_| too_big())?;
        words.resize(len.div_ceil(16), 0);
        Ok(HostBuffer { dtype, words, len })
    }

    pub fn bytes(&self) -> &[u8] {
        &crate::args::bytes_of(&self.words)[..self.len]
    }

    pub fn bytes_mut(&mut self) -> &mut [u8] {
        &mut crate::args::bytes_of_mut(&mut self.words)[..self.len]
    }

    pub fn count(&self) -> usize {
        self.len / self.dtype.size()
    }

    /// Element `i` as text.
    pub fn element(&self, i: usize) -> String {
        let s = self.dtype.size();
        let b = &self.bytes()[i * s..(i + 1) * s];
        let mut w = [0u8; 8];
        w[..s].copy_from_slice(b);
        let u = u64::from_le_bytes(w);
        match self.dtype {
            DType::I8 => (u as u8 as i8).to_string(),
            DType::I16 => (u as u16 as i16).to_string(),
            DType::I32 => (u as u32 as i32).to_string(),
            DType::I64 => (u as i64).to_string(),
            DType::U8 | DType::U16 | DType::U32 | DType::U64 => u.to_string(),
            DType::F32 => format!("{:?}", f32::from_bits(u as u32)),
            DType::F64 => format!("{:?}", f64::from_bits(u)),
        }
    }
}

/// The host side of one argument.
pub(crate) enum HostArg {
    Buffer(HostBuffer),
    Value(Vec<u8>),
    Local(usize),
    Image(crate::Image),
    Sampler(crate::Sampler),
}

/// SplitMix64: small, fast and the same everywhere.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Write `v` (an integer, or for floats also a fraction in `f`) as element `i`.
fn put(buf: &mut [u8], dtype: DType, i: usize, int: u64, float: f64) {
    let s = dtype.size();
    let dst = &mut buf[i * s..(i + 1) * s];
    match dtype {
        DType::F32 => dst.copy_from_slice(&(float as f32).to_le_bytes()),
        DType::F64 => dst.copy_from_slice(&float.to_le_bytes()),
        _ => dst.copy_from_slice(&int.to_le_bytes()[..s]),
    }
}

/// Build the host data for `spec`.
pub(crate) fn materialize(spec: &ArgSpec) -> Result<HostArg, String> {
    match spec {
        ArgSpec::Local(n) => {
            usize::try_from(*n).map(HostArg::Local).map_err(|_| format!("{n} bytes of local memory are too many"))
        }
        ArgSpec::Bytes(b) => Ok(HostArg::Value(b.clone())),
        ArgSpec::Image(s) => super::image_spec::materialize_image(s).map(HostArg::Image),
        ArgSpec::Sampler(s) => Ok(HostArg::Sampler(*s)),
        ArgSpec::Value { dtype, values } => {
            let mut bytes = Vec::new();
            for v in values {
                bytes.extend(encode(*dtype, v)?);
            }
            Ok(HostArg::Value(bytes))
        }
        ArgSpec::Buffer { dtype, count, init: Init::File(path) } => {
            let a = npy::read(path).map_err(|e| e.to_string())?;
            if a.dtype != *dtype {
                return Err(format!(
                    "`{}` holds {} elements but the argument says {}; use {}=@{} or convert the file",
                    path.display(),
                    a.dtype.name(),
                    dtype.name(),
                    a.dtype.name(),
                    path.display()
                ));
            }
            if let Some(c) = count {
                if *c != a.len() as u64 {
                    return Err(format!(
                        "`{}` holds {} elements but the argument asks for {c}; leave the count out to use the file's",
                        path.display(),
                        a.len()
                    ));
                }
            }
            let mut b = HostBuffer::zeroed(*dtype, a.len() as u64)?;
            b.bytes_mut().copy_from_slice(&a.data);
            Ok(HostArg::Buffer(b))
        }
        ArgSpec::Buffer { dtype, count, init } => {
            let count = count.unwrap_or(0);
            let mut b = HostBuffer::zeroed(*dtype, count)?;
            let n = b.count();
            let dt = *dtype;
            let bytes = b.bytes_mut();
            match init {
                Init::Zeros | Init::File(_) => {}
                Init::Ones => (0..n).for_each(|i| put(bytes, dt, i, 1, 1.0)),
                Init::Iota => (0..n).for_each(|i| put(bytes, dt, i, i as u64, i as f64)),
                Init::Rand(seed) => {
                    let mut rng = SplitMix(*seed);
                    for i in 0..n {
                        let r = rng.next();
                        put(bytes, dt, i, r % 100, (r >> 11) as f64 * (1.0 / (1u64 << 53) as f64));
                    }
                }
                Init::Fill(text) => {
                    let e = encode(dt, text)?;
                    for chunk in bytes.chunks_exact_mut(dt.size()) {
                        chunk.copy_from_slice(&e);
                    }
                }
            }
            Ok(HostArg::Buffer(b))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        assert_eq!(
            parse_spec("f32[1024]=rand:7").unwrap(),
            ArgSpec::Buffer { dtype: DType::F32, count: Some(1024), init: Init::Rand(7) }
        );
        assert_eq!(
            parse_spec("f32=@a.npy").unwrap(),
            ArgSpec::Buffer { dtype: DType::F32, count: None, init: Init::File("a.npy".into()) }
        );
        assert_eq!(parse_spec("local=256").unwrap(), ArgSpec::Local(256));
        assert_eq!(parse_spec("bytes=0001_ff").unwrap(), ArgSpec::Bytes(vec![0, 1, 255]));
        assert!(parse_spec("bytes=0g").is_err());
        assert_eq!(parse_spec("i32=-5").unwrap(), ArgSpec::Value { dtype: DType::I32, values: vec!["-5".into()] });
        assert!(matches!(parse_spec("f32x4=1,2,3,4").unwrap(), ArgSpec::Value { values, .. } if values.len() == 4));
        assert!(parse_spec("f32x4=1,2").is_err());
        assert!(parse_spec("u8=300").is_err());
        assert!(parse_spec("q7=1").is_err());
        assert!(parse_spec("f32[]=zeros").is_err());
        assert!(parse_spec("f32[4]=bogus").is_err());
        assert!(parse_spec("nothing").is_err());
    }

    #[test]
    fn data() {
        let HostArg::Buffer(b) = materialize(&parse_spec("i16[5]=iota").unwrap()).unwrap() else { panic!() };
        assert_eq!((0..5).map(|i| b.element(i)).collect::<Vec<_>>(), ["0", "1", "2", "3", "4"]);
        let HostArg::Buffer(r) = materialize(&parse_spec("f32[100]=rand:3").unwrap()).unwrap() else { panic!() };
        let HostArg::Buffer(r2) = materialize(&parse_spec("f32[100]=rand:3").unwrap()).unwrap() else { panic!() };
        assert_eq!(r.bytes(), r2.bytes());
        assert!((0..100).all(|i| (0.0..1.0).contains(&r.element(i).parse::<f32>().unwrap())));
        let HostArg::Buffer(r) = materialize(&parse_spec("u32[100]=rand:3").unwrap()).unwrap() else { panic!() };
        assert!((0..100).all(|i| r.element(i).parse::<u32>().unwrap() < 100));
        let HostArg::Value(v) = materialize(&parse_spec("f32x3=1,2,3").unwrap()).unwrap() else { panic!() };
        assert_eq!(v.len(), 12);
        let HostArg::Buffer(f) = materialize(&parse_spec("i8[3]=-2").unwrap()).unwrap() else { panic!() };
        assert_eq!(f.bytes(), &[0xFE, 0xFE, 0xFE]);
    }
}

//! Reading and writing NumPy `.npy` files (format versions 1.0–3.0 read, 1.0 written):
//! numeric element types, C order. Used by the CLI for `--arg TYPE=@file.npy` and
//! `--out INDEX=file.npy`.
//!
//! This module must not know about kernels; it converts between files and bytes.

use std::path::Path;

use crate::error::{Error, Result};

const MAGIC: &[u8; 6] = b"\x93NUMPY";

/// An element type that `.npy` files and the CLI share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DType {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
}

impl DType {
    /// Every type, in the order of the CLI's help text.
    pub const ALL: [DType; 10] = [
        DType::I8,
        DType::U8,
        DType::I16,
        DType::U16,
        DType::I32,
        DType::U32,
        DType::I64,
        DType::U64,
        DType::F32,
        DType::F64,
    ];

    /// Bytes per element.
    pub fn size(self) -> usize {
        match self {
            DType::I8 | DType::U8 => 1,
            DType::I16 | DType::U16 => 2,
            DType::I32 | DType::U32 | DType::F32 => 4,
            DType::I64 | DType::U64 | DType::F64 => 8,
        }
    }

    /// The short name (`f32`, `u8`, ...).
    pub fn name(self) -> &'static str {
        match self {
            DType::I8 => "i8",
            DType::U8 => "u8",
            DType::I16 => "i16",
            DType::U16 => "u16",
            DType::I32 => "i32",
            DType::U32 => "u32",
            DType::I64 => "i64",
            DType::U64 => "u64",
            DType::F32 => "f32",
            DType::F64 => "f64",
        }
    }

    /// The type with short name `s`.
    pub fn from_name(s: &str) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.name() == s)
    }

    /// The NumPy `descr` string, little-endian (`<f4`, `|u1`).
    pub fn descr(self) -> &'static str {
        match self {
            DType::I8 => "|i1",
            DType::U8 => "|u1",
            DType::I16 => "<i2",
            DType::U16 => "<u2",
            DType::I32 => "<i4",
            DType::U32 => "<u4",
            DType::I64 => "<i8",
            DType::U64 => "<u8",
            DType::F32 => "<f4",
            DType::F64 => "<f8",
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, DType::F32 | DType::F64)
    }

    /// Parse a `descr`; returns the type and whether the data is big-endian.
    fn from_descr(d: &str) -> std::result::Result<(DType, bool), String> {
        let (order, code) = match d.chars().next() {
            Some(c @ ('<' | '>' | '|' | '=')) => (c, &d[1..]),
            _ => ('=', d),
        };
        let t = match code {
            "i1" => DType::I8,
            "u1" | "b1" => DType::U8,
            "i2" => DType::I16,
            "u2" => DType::U16,
            "i4" => DType::I32,
            "u4" => DType::U32,
            "i8" => DType::I64,
            "u8" => DType::U64,
            "f4" => DType::F32,
            "f8" => DType::F64,
            _ => {
                return Err(format!(
                    "element type `{d}` is not supported; convert the array to one of int8..int64, \
                     uint8..uint64, float32, float64 (e.g. `a.astype(np.float32)`)"
                ))
            }
        };
        Ok((t, order == '>' && t.size() > 1))
    }
}

/// An array read from a `.npy` file: its data as little-endian bytes in C order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Array {
    pub dtype: DType,
    pub shape: Vec<u64>,
    pub data: Vec<u8>,
}

impl Array {
    /// Number of elements.
    pub fn len(&self) -> usize {
        self.data.len() / self.dtype.size()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

/// The bytes of a `.npy` v1.0 file holding `data` (little-endian elements of `dtype`)
/// with `shape` (C order). `data.len()` must equal the shape's element count times the
/// element size.
pub fn to_bytes(dtype: DType, shape: &[u64], data: &[u8]) -> Vec<u8> {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let shape_text = match dims.len() {
        1 => format!("({},)", dims[0]),
        _ => format!("({})", dims.join(", ")),
    };
    let mut header =
        format!("{{'descr': '{}', 'fortran_order': False, 'shape': {shape_text}, }}", dtype.descr()).into_bytes();
    // Pad with spaces so that the data starts at a multiple of 64 bytes.
    let unpadded = MAGIC.len() + 2 + 2 + header.len() + 1;
    header.resize(header.len() + unpadded.next_multiple_of(64) - unpadded, b' ');
    header.push(b'\n');
    let mut out = Vec::with_capacity(10 + header.len() + data.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[1, 0]);
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(&header);
    out.extend_from_slice(data);
    out
}

/// Write a 1-D `.npy` v1.0 file of `data` (little-endian elements of `dtype`).
pub fn write(path: impl AsRef<Path>, dtype: DType, data: &[u8]) -> Result<()> {
    let path = path.as_ref();
    let n = (data.len() / dtype.size()) as u64;
    std::fs::write(path, to_bytes(dtype, &[n], &data[..n as usize * dtype.size()])).map_err(|e| Error::io(path, e))
}

/// Read a `.npy` file.
pub fn read(path: impl AsRef<Path>) -> Result<Array> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    from_bytes(&bytes).map_err(|m| Error::data(Some(path), m))
}

/// Parse the bytes of a `.npy` file; the message says what is wrong.
pub fn from_bytes(bytes: &[u8]) -> std::result::Result<Array, String> {
    if bytes.len() < 10 || &bytes[..6] != MAGIC {
        return Err("not a NumPy .npy file (the magic string \\x93NUMPY is missing); save it with np.save".into());
    }
    let (major, minor) = (bytes[6], bytes[7]);
    let (header_len, start) = match major {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10usize),
        2 | 3 if bytes.len() >= 12 => (u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize, 12),
        _ => return Err(format!(".npy format version {major}.{minor} is not supported (1.0 to 3.0 are)")),
    };
    let end = start.checked_add(header_len).filter(|e| *e <= bytes.len()).ok_or("the .npy header is truncated")?;
    let header = std::str::from_utf8(&bytes[start..end]).map_err(|_| "the .npy header is not text")?;
    let descr = dict_value(header, "descr").ok_or("the .npy header has no 'descr'")?;
    let descr = descr.trim_matches(|c| c == '\'' || c == '"');
    let (dtype, big_endian) = DType::from_descr(descr)?;
    let fortran = dict_value(header, "fortran_order").unwrap_or("False");
    let shape_text = dict_value(header, "shape").ok_or("the .npy header has no 'shape'")?;
    let shape = parse_shape(shape_text)?;
    if fortran == "True" && shape.iter().filter(|d| **d > 1).count() > 1 {
        return Err("the array is stored in Fortran order; save a C-ordered copy (np.ascontiguousarray(a))".to_string());
    }
    let count = shape.iter().try_fold(1u64, |a, d| a.checked_mul(*d)).ok_or("the array shape is too large")?;
    let nbytes = count.checked_mul(dtype.size() as u64).ok_or("the array shape is too large")?;
    let data = &bytes[end..];
    if (data.len() as u64) < nbytes {
        return Err(format!(
            "the header promises {count} elements of {} ({nbytes} bytes) but the file holds only {} bytes of data; \
             the file is truncated",
            dtype.name(),
            data.len()
        ));
    }
    let mut data = data[..nbytes as usize].to_vec();
    if big_endian {
        for chunk in data.chunks_exact_mut(dtype.size()) {
            chunk.reverse();
        }
    }
    Ok(Array { dtype, shape, data })
}

/// The text of the value of `key` in a Python dict literal (up to the next top-level
/// comma or closing brace).
fn dict_value<'a>(dict: &'a str, key: &str) -> Option<&'a str> {
    let pos = dict.find(&format!("'{key}'")).or_else(|| dict.find(&format!("\"{key}\"")))?;
    let rest = &dict[pos + key.len() + 2..];
    let rest = rest.trim_start().strip_prefix(':')?.trim_start();
    let mut depth = 0i32;
    for (i, c) in rest.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' | '}' if depth == 0 => return Some(rest[..i].trim()),
            _ => {}
        }
    }
    None
}

fn parse_shape(text: &str) -> std::result::Result<Vec<u64>, String> {
    let inner = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(|| format!("the .npy shape `{text}` is not a tuple"))?;
    inner
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.trim_end_matches('L').parse::<u64>().map_err(|_| format!("bad dimension `{s}` in shape `{text}`")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let data: Vec<u8> = [1.5f32, -2.0, 3.25].iter().flat_map(|f| f.to_le_bytes()).collect();
        let bytes = to_bytes(DType::F32, &[3], &data);
        assert_eq!((bytes.len() - 12) % 64, 0); // data starts at a multiple of 64
        let a = from_bytes(&bytes).unwrap();
        assert_eq!(a, Array { dtype: DType::F32, shape: vec![3], data });
    }

    #[test]
    fn numpy_headers() {
        let mut b = b"\x93NUMPY\x01\x00".to_vec();
        let h = "{'descr': '>i2', 'fortran_order': False, 'shape': (2, 2), }          \n";
        b.extend_from_slice(&(h.len() as u16).to_le_bytes());
        b.extend_from_slice(h.as_bytes());
        b.extend_from_slice(&[0, 1, 0, 2, 0, 3, 1, 0]);
        let a = from_bytes(&b).unwrap();
        assert_eq!(a.dtype, DType::I16);
        assert_eq!(a.shape, vec![2, 2]);
        assert_eq!(a.data, vec![1, 0, 2, 0, 3, 0, 0, 1]);
        assert!(from_bytes(b"hello").is_err());
        let scalar = to_bytes(DType::U8, &[], &[7]);
        assert_eq!(from_bytes(&scalar).unwrap().shape, Vec::<u64>::new());
    }
}

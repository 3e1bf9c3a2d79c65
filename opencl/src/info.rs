//! `clGet*Info` answers: a query's value as bytes, copied out under the API's size rules
//! (`CL_INVALID_VALUE` when the caller's buffer is too small; the size reported when
//! asked). This module must not know which object a query is about.

use std::ffi::c_void;

use crate::api::{ClError, ClResult, Handle};

/// A query's value.
pub struct Value(pub Vec<u8>);

impl Value {
    pub fn u32(v: u32) -> Value {
        Value(v.to_ne_bytes().to_vec())
    }
    pub fn i32(v: i32) -> Value {
        Value(v.to_ne_bytes().to_vec())
    }
    pub fn u64(v: u64) -> Value {
        Value(v.to_ne_bytes().to_vec())
    }
    pub fn usize(v: usize) -> Value {
        Value(v.to_ne_bytes().to_vec())
    }
    pub fn bool(v: bool) -> Value {
        Value::u32(v as u32)
    }
    pub fn handle(h: Handle) -> Value {
        Value::usize(h as usize)
    }
    pub fn handles(hs: &[Handle]) -> Value {
        Value(hs.iter().flat_map(|h| (*h as usize).to_ne_bytes()).collect())
    }
    pub fn usizes(vs: &[usize]) -> Value {
        Value(vs.iter().flat_map(|v| v.to_ne_bytes()).collect())
    }
    pub fn u64s(vs: &[u64]) -> Value {
        Value(vs.iter().flat_map(|v| v.to_ne_bytes()).collect())
    }
    /// A zero-terminated string.
    pub fn str(s: &str) -> Value {
        let mut b = s.as_bytes().to_vec();
        b.push(0);
        Value(b)
    }
    pub fn bytes(b: &[u8]) -> Value {
        Value(b.to_vec())
    }
    /// Nothing (an empty array, e.g. no properties).
    pub fn empty() -> Value {
        Value(Vec::new())
    }
}

/// Copy `value` out to a query's `(param_value_size, param_value, param_value_size_ret)`.
///
/// # Safety
/// `out` must be null or valid for `size` bytes; `size_ret` null or valid for a write.
pub unsafe fn write(value: ClResult<Value>, size: usize, out: *mut c_void, size_ret: *mut usize) -> ClResult<()> {
    let Value(bytes) = value?;
    if !out.is_null() {
        if size < bytes.len() {
            return Err(ClError::value(format!(
                "param_value_size is {size} bytes; the answer needs {} bytes",
                bytes.len()
            )));
        }
        // SAFETY: `out` is valid for `size >= bytes.len()` bytes (the caller's contract).
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), out as *mut u8, bytes.len()) };
    }
    if !size_ret.is_null() {
        // SAFETY: non-null, valid for a write (the caller's contract).
        unsafe { *size_ret = bytes.len() };
    }
    Ok(())
}

/// The error for a query this object does not answer.
pub fn unknown(what: &str, param: u32) -> ClError {
    ClError::value(format!("{param:#x} is not a {what} query"))
}

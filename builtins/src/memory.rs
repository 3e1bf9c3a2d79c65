//! Memory helpers compiled code calls: `memmove` (OpCopyMemory and friends).
//!
//! Must not allocate or keep state.

/// Copies `len` bytes from `src` to `dst`; the ranges may overlap. `len <= 0` copies
/// nothing.
///
/// # Safety
/// `src` must be valid for reading and `dst` for writing `len` bytes.
pub unsafe extern "C" fn memmove(dst: *mut u8, src: *const u8, len: i64) {
    if len > 0 && !std::ptr::eq(dst, src) {
        // SAFETY: the caller guarantees both ranges are valid; `copy` allows overlap.
        unsafe { std::ptr::copy(src, dst, len as usize) };
    }
}

#[cfg(test)]
mod tests {
    use super::memmove;

    #[test]
    fn overlapping_and_empty_copies() {
        let mut buf: Vec<u8> = (0..16).collect();
        let p = buf.as_mut_ptr();
        // SAFETY: both ranges lie inside `buf`.
        unsafe { memmove(p.add(2), p, 8) };
        assert_eq!(&buf[..10], &[0, 1, 0, 1, 2, 3, 4, 5, 6, 7]);
        let p = buf.as_mut_ptr();
        unsafe { memmove(p, p.add(4), 4) };
        assert_eq!(&buf[..4], &[2, 3, 4, 5]);
        unsafe { memmove(p, std::ptr::null(), 0) };
        unsafe { memmove(p, p, -5) };
    }
}

//! Aligned, zero-initialised heap blocks: the memory behind local memory, private
//! state and by-value argument copies that compiled kernels address through raw
//! pointers. Blocks given back with [`recycle`] are kept per thread and handed out
//! again (zeroed) by [`AlignedBuf::zeroed_reused`], so that repeated dispatches do not
//! allocate.
//!
//! This module only owns memory; it must not know what kernels store there.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::cell::RefCell;
use std::ptr::NonNull;

/// Most blocks a thread keeps for reuse.
const SPARE_BLOCKS: usize = 4;
/// Largest block a thread keeps for reuse.
const SPARE_MAX_BYTES: usize = 64 << 20;

thread_local! {
    /// Blocks this thread gave back, for [`AlignedBuf::zeroed_reused`].
    static SPARE: RefCell<Vec<AlignedBuf>> = const { RefCell::new(Vec::new()) };
}

/// Keep `buf` for reuse by this thread (dropped when the thread already keeps enough
/// blocks or the block is very large).
pub(crate) fn recycle(buf: AlignedBuf) {
    if buf.layout.size() > SPARE_MAX_BYTES {
        return;
    }
    // During thread teardown the cache may be gone; the block is then simply freed.
    let _ = SPARE.try_with(|s| {
        if let Ok(mut s) = s.try_borrow_mut() {
            if s.len() < SPARE_BLOCKS {
                s.push(buf);
            }
        }
    });
}

/// A heap block of `len` bytes aligned to `align`, zero-filled when created.
pub(crate) struct AlignedBuf {
    ptr: NonNull<u8>,
    layout: Layout,
    len: usize,
}

// SAFETY: the block is plain bytes owned by this value; sharing it between threads is as
// safe as sharing a `Vec<u8>` (kernels write it through raw pointers only while the
// driver runs them, one work-group per block at a time).
unsafe impl Send for AlignedBuf {}
// SAFETY: see `Send`; `&AlignedBuf` gives out only a raw pointer.
unsafe impl Sync for AlignedBuf {}

impl AlignedBuf {
    /// Allocate `len` zero bytes aligned to `align` (rounded up to a power of two, at least
    /// 16). Fails with a message when the size is too large for this host.
    pub fn zeroed(len: usize, align: usize) -> Result<AlignedBuf, String> {
        let align = align.max(16).checked_next_power_of_two().ok_or("alignment too large")?;
        let layout = Layout::from_size_align(len.max(align), align)
            .map_err(|_| format!("{len} bytes aligned to {align} is too large for this host"))?;
        // SAFETY: the layout has a non-zero size.
        let raw = unsafe { alloc_zeroed(layout) };
        let ptr = NonNull::new(raw).ok_or_else(|| format!("out of memory allocating {len} bytes"))?;
        Ok(AlignedBuf { ptr, layout, len })
    }

    /// Like [`AlignedBuf::zeroed`], reusing (and zeroing) a block this thread gave back
    /// with [`recycle`] when one is large enough and aligned enough.
    pub fn zeroed_reused(len: usize, align: usize) -> Result<AlignedBuf, String> {
        let want = align.max(16).checked_next_power_of_two().ok_or("alignment too large")?;
        let hit = SPARE
            .try_with(|s| {
                let mut s = s.try_borrow_mut().ok()?;
                // The smallest block that fits.
                let i = (0..s.len())
                    .filter(|i| s[*i].layout.size() >= len && s[*i].layout.align() >= want)
                    .min_by_key(|i| s[*i].layout.size())?;
                Some(s.swap_remove(i))
            })
            .ok()
            .flatten();
        match hit {
            Some(mut b) => {
                b.len = len;
                b.zero(0, len);
                Ok(b)
            }
            None => AlignedBuf::zeroed(len, align),
        }
    }

    /// Copy `bytes` into a new block of at least `len` bytes (the rest zero).
    pub fn from_bytes(bytes: &[u8], len: usize, align: usize) -> Result<AlignedBuf, String> {
        let buf = AlignedBuf::zeroed(len.max(bytes.len()), align)?;
        // SAFETY: the block has at least `bytes.len()` bytes and does not overlap `bytes`.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), buf.ptr.as_ptr(), bytes.len()) };
        Ok(buf)
    }

    /// The start of the block.
    pub fn as_ptr(&self) -> *mut u8 {
        self.ptr.as_ptr()
    }

    /// Usable bytes.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Zero `len` bytes from `offset`; `false` when the range is outside the block.
    pub fn zero(&mut self, offset: usize, len: usize) -> bool {
        match offset.checked_add(len) {
            Some(end) if end <= self.len => {
                // SAFETY: `[offset, end)` lies inside the block, which we own mutably.
                unsafe { std::ptr::write_bytes(self.ptr.as_ptr().add(offset), 0, len) };
                true
            }
            _ => false,
        }
    }

    /// The block as bytes.
    #[cfg(test)]
    pub fn bytes(&self) -> &[u8] {
        // SAFETY: `len` initialised bytes (zeroed at allocation) owned by `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for AlignedBuf {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with exactly this layout.
        unsafe { dealloc(self.ptr.as_ptr(), self.layout) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned_and_zeroed() {
        let mut b = AlignedBuf::from_bytes(&[1, 2, 3], 8, 128).unwrap();
        assert_eq!(b.as_ptr() as usize % 128, 0);
        assert_eq!(b.bytes(), &[1, 2, 3, 0, 0, 0, 0, 0]);
        assert!(b.zero(1, 2));
        assert_eq!(b.bytes()[..3], [1, 0, 0]);
        assert!(!b.zero(7, 2));
        let e = AlignedBuf::zeroed(0, 1).unwrap();
        assert_eq!(e.len(), 0);
    }

    #[test]
    fn recycled_blocks_come_back_zeroed() {
        let b = AlignedBuf::from_bytes(&[7; 64], 64, 128).unwrap();
        let addr = b.as_ptr() as usize;
        recycle(b);
        // Too strictly aligned: a fresh block.
        let other = AlignedBuf::zeroed_reused(16, 4096).unwrap();
        assert_eq!(other.as_ptr() as usize % 4096, 0);
        let again = AlignedBuf::zeroed_reused(32, 64).unwrap();
        assert_eq!(again.as_ptr() as usize, addr);
        assert_eq!(again.len(), 32);
        assert_eq!(again.bytes(), &[0; 32]);
        recycle(again);
        recycle(other);
    }
}

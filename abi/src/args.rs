//! The argument slots a compiled kernel reads ([`crate::LaunchContext::args`]): one
//! 8-byte slot per parameter, then one 8-byte region size per parameter. The compiler
//! and the runtime both take offsets from [`ArgSlots`], so neither writes `8 * (n + i)`
//! by hand.
//!
//! This module only describes the layout; it must not fill or read slots.

/// Bytes of one slot.
pub const SLOT_BYTES: u64 = 8;

/// The slot layout of a kernel with `param_count` parameters:
///
/// ```text
/// args[0 .. n]       the argument of parameter i (pointer, value or pointer to the value)
/// args[n .. 2n]      the byte size of the region argument i points to (or of its value)
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgSlots {
    pub param_count: u64,
}

impl ArgSlots {
    /// The layout for `param_count` parameters.
    pub fn new(param_count: usize) -> ArgSlots {
        ArgSlots { param_count: param_count as u64 }
    }

    /// Number of 8-byte words in all.
    pub fn words(self) -> u64 {
        2 * self.param_count
    }

    /// Word index of parameter `i`'s argument.
    pub fn value_index(self, i: u64) -> u64 {
        i
    }

    /// Word index of parameter `i`'s region size.
    pub fn size_index(self, i: u64) -> u64 {
        self.param_count + i
    }

    /// Byte offset of parameter `i`'s argument from `args`.
    pub fn value_offset(self, i: u64) -> u64 {
        SLOT_BYTES * self.value_index(i)
    }

    /// Byte offset of parameter `i`'s region size from `args`.
    pub fn size_offset(self, i: u64) -> u64 {
        SLOT_BYTES * self.size_index(i)
    }

    /// The words of all slots: `values` (one per parameter) then `sizes` (one per
    /// parameter). Panics neither way: missing entries are 0, extra ones are dropped.
    pub fn fill(self, values: &[u64], sizes: impl IntoIterator<Item = u64>) -> Vec<u64> {
        let n = self.param_count as usize;
        let mut words = vec![0u64; 2 * n];
        for (w, v) in words[..n].iter_mut().zip(values) {
            *w = *v;
        }
        for (w, s) in words[n..].iter_mut().zip(sizes) {
            *w = s;
        }
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_the_values() {
        let l = ArgSlots::new(3);
        assert_eq!((l.value_offset(2), l.size_offset(0), l.size_offset(2), l.words()), (16, 24, 40, 6));
        assert_eq!(l.fill(&[1, 2, 3], [10, 20, 30]), [1, 2, 3, 10, 20, 30]);
        assert_eq!(l.size_index(1), 4);
    }
}

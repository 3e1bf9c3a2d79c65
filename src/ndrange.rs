//! The NDRange: global size, optional local (work-group) size and global offset; the
//! choice of a local size when none is given; and validation into a launch [`Plan`].
//!
//! This module only computes shapes; it must not touch arguments, memory or threads.

use crate::error::{Error, Result};

/// Largest number of work-items in one work-group (the compiler sizes scratch memory by
/// it, so it lives in the ABI crate).
pub const MAX_WORK_GROUP_SIZE: u64 = spirjit_abi::MAX_WORK_GROUP_SIZE;

/// The index space of a launch, as `clEnqueueNDRangeKernel` takes it.
///
/// Entries of dimensions at and beyond `dims` must be 1 (sizes) and 0 (offsets); the
/// constructors set them so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NdRange {
    /// Number of dimensions, 1 to 3.
    pub dims: u32,
    /// Global size per dimension. A 0 in a used dimension launches nothing.
    pub global: [u64; 3],
    /// Work-group size per dimension; `None` lets the runtime choose (or use the kernel's
    /// `reqd_work_group_size`). The global size need not be a multiple of it: the last
    /// work-group of a dimension is then smaller.
    pub local: Option<[u64; 3]>,
    /// Global offset per dimension (added to every global id).
    pub offset: [u64; 3],
}

impl NdRange {
    /// A 1-dimensional range of `x` work-items.
    pub fn d1(x: u64) -> Self {
        NdRange { dims: 1, global: [x, 1, 1], local: None, offset: [0; 3] }
    }

    /// A 2-dimensional range of `x × y` work-items.
    pub fn d2(x: u64, y: u64) -> Self {
        NdRange { dims: 2, global: [x, y, 1], local: None, offset: [0; 3] }
    }

    /// A 3-dimensional range of `x × y × z` work-items.
    pub fn d3(x: u64, y: u64, z: u64) -> Self {
        NdRange { dims: 3, global: [x, y, z], local: None, offset: [0; 3] }
    }

    /// Set the work-group size: 1 to 3 entries, missing ones are 1. Only the first three
    /// entries are used.
    pub fn local(mut self, local: &[u64]) -> Self {
        let mut l = [1u64; 3];
        for (d, v) in local.iter().take(3).enumerate() {
            l[d] = *v;
        }
        self.local = Some(l);
        self
    }

    /// Set the global offset: up to 3 entries, missing ones are 0.
    pub fn offset(mut self, offset: &[u64]) -> Self {
        let mut o = [0u64; 3];
        for (d, v) in offset.iter().take(3).enumerate() {
            o[d] = *v;
        }
        self.offset = o;
        self
    }

    /// Total number of work-items (0 when any used dimension is 0).
    pub fn work_items(&self) -> u64 {
        let dims = (self.dims as usize).clamp(1, 3);
        self.global[..dims].iter().try_fold(1u64, |acc, g| acc.checked_mul(*g)).unwrap_or(u64::MAX)
    }

    /// The work-group size the runtime picks when neither the range nor the kernel gives
    /// one: uniform work-groups where a good divisor of the global size exists (for 1-D
    /// the largest divisor ≤ 256 when it is at least 16, else 64 with a smaller last
    /// group; for 2-D about 16 × 16, for 3-D about 8 × 8 × 4, adapted to small sizes).
    pub fn default_local_size(&self) -> [u64; 3] {
        self.default_local_size_for_lanes(1)
    }

    /// [`NdRange::default_local_size`] for kernels compiled with `lanes` work-items per
    /// lane group: in the x dimension, a divisor that is a multiple of `lanes` is
    /// preferred so that no lane group is partly empty.
    pub fn default_local_size_for_lanes(&self, lanes: u32) -> [u64; 3] {
        let dims = (self.dims as usize).clamp(1, 3);
        let base: [u64; 3] = match dims {
            1 => [256, 1, 1],
            2 => [16, 16, 1],
            _ => [8, 8, 4],
        };
        let mut local = [1u64; 3];
        for d in 1..dims {
            local[d] = pick(self.global[d].max(1), base[d]);
        }
        let budget = (256 / (local[1] * local[2])).max(1);
        let g = self.global[0].max(1);
        let w = u64::from(lanes.max(1));
        let threshold = (budget / 16).max(budget.min(4)).max(w);
        local[0] = if w > 1 && g > w {
            (threshold..=budget.min(g))
                .rev()
                .find(|d| d.is_multiple_of(w) && g.is_multiple_of(*d))
                .unwrap_or_else(|| pick(g, budget))
        } else {
            pick(g, budget)
        };
        local
    }
}

/// A size for one dimension of at most `cap`: all of `g` when it fits, else its largest
/// divisor up to `cap` when that is not too small, else `cap` (the last group is smaller).
fn pick(g: u64, cap: u64) -> u64 {
    if g <= cap {
        return g;
    }
    let divisor = (1..=cap).rev().find(|d| g.is_multiple_of(*d)).unwrap_or(1);
    let threshold = (cap / 16).max(cap.min(4));
    if divisor >= threshold {
        divisor
    } else {
        cap.min(64)
    }
}

/// A validated launch shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    pub dims: u32,
    pub global: [u64; 3],
    /// The enqueued work-group size.
    pub local: [u64; 3],
    pub offset: [u64; 3],
    pub num_groups: [u64; 3],
    pub total_groups: u64,
}

impl Plan {
    /// The size of work-group `group` (smaller than `local` for a last partial group).
    pub fn group_size(&self, group: [u64; 3]) -> [u64; 3] {
        let mut s = [1u64; 3];
        for d in 0..3 {
            s[d] = self.local[d].min(self.global[d] - group[d] * self.local[d]);
        }
        s
    }

    /// Whether every lane group of `lanes` work-items of every work-group of this launch
    /// lies within one row of its group (full groups and the partial last ones).
    pub fn rows_whole(&self, lanes: u32) -> bool {
        let sizes = |d: usize| {
            let l = self.local[d].max(1);
            let rest = self.global[d] % l;
            [Some(l), (rest != 0).then_some(rest)]
        };
        let (xs, ys, zs) = (sizes(0), sizes(1), sizes(2));
        xs.iter().flatten().all(|&x| {
            ys.iter()
                .flatten()
                .all(|&y| zs.iter().flatten().all(|&z| spirjit_jit::lower::plan::launch_rows_whole([x, y, z], lanes)))
        })
    }

    /// The id of the work-group with row-major linear index `linear` (x fastest).
    pub fn group_id(&self, linear: u64) -> [u64; 3] {
        let x = linear % self.num_groups[0];
        let rest = linear / self.num_groups[0];
        [x, rest % self.num_groups[1], rest / self.num_groups[1]]
    }

    /// Step `gid` to the id of the next work-group in linear order (x fastest), as
    /// `group_id(linear + 1)` would give, without divisions.
    pub fn advance_group_id(&self, gid: &mut [u64; 3]) {
        gid[0] += 1;
        if gid[0] >= self.num_groups[0] {
            gid[0] = 0;
            gid[1] += 1;
            if gid[1] >= self.num_groups[1] {
                gid[1] = 0;
                gid[2] += 1;
            }
        }
    }
}

/// Check `range` for kernel `kernel` and work out the work-groups. Returns `Ok(None)`
/// when the range is empty (a 0 global size), which launches nothing.
pub(crate) fn plan(
    range: &NdRange,
    kernel: &str,
    reqd: Option<[u32; 3]>,
    pointer_bits: u32,
    lanes: u32,
) -> Result<Option<Plan>> {
    let err = |m: String| Error::launch(kernel, m);
    if !(1..=3).contains(&range.dims) {
        return Err(err(format!("the NDRange has {} dimensions; use 1, 2 or 3", range.dims)));
    }
    let dims = range.dims as usize;
    for d in dims..3 {
        if range.global[d] != 1 {
            return Err(err(format!(
                "the NDRange has {dims} dimension(s) but its global size in dimension {d} is {}; \
                 raise `dims` or set that size to 1",
                range.global[d]
            )));
        }
        if range.offset[d] != 0 {
            return Err(err(format!(
                "the NDRange has {dims} dimension(s) but its offset in dimension {d} is {}; \
                 raise `dims` or set that offset to 0",
                range.offset[d]
            )));
        }
    }
    let local = match (range.local, reqd) {
        (Some(l), Some(r)) => {
            let r64 = r.map(u64::from);
            if l != r64 {
                return Err(err(format!(
                    "the local size {} differs from the kernel's reqd_work_group_size {}; \
                     pass {} or leave the local size out",
                    fmt3(l, dims),
                    fmt3(r64, 3),
                    fmt3(r64, dims.max(used_dims(r64)))
                )));
            }
            l
        }
        (Some(l), None) => l,
        (None, Some(r)) => r.map(u64::from),
        (None, None) => range.default_local_size_for_lanes(lanes),
    };
    for d in 0..3 {
        if d < dims && local[d] == 0 {
            return Err(err(format!(
                "the local size {} has a 0 in dimension {d}; every entry must be at least 1",
                fmt3(local, dims)
            )));
        }
        if d >= dims && local[d] != 1 {
            return Err(err(format!(
                "the local size {} has {} in dimension {d}, but the NDRange has only {dims} dimension(s); \
                 raise `dims` or make that entry 1",
                fmt3(local, 3),
                local[d]
            )));
        }
    }
    let items = local.iter().try_fold(1u64, |a, l| a.checked_mul(*l)).unwrap_or(u64::MAX);
    if items > MAX_WORK_GROUP_SIZE {
        return Err(err(format!(
            "the local size {} has {items} work-items; a work-group may have at most {MAX_WORK_GROUP_SIZE}",
            fmt3(local, dims)
        )));
    }
    for d in 0..dims {
        let end = range.global[d].checked_add(range.offset[d]);
        let limit = if pointer_bits == 32 { Some(1u64 << 32) } else { None };
        match (end, limit) {
            (None, _) => {
                return Err(err(format!(
                    "global size {} plus offset {} overflows in dimension {d}",
                    range.global[d], range.offset[d]
                )))
            }
            (Some(e), Some(lim)) if e > lim => {
                return Err(err(format!(
                    "global ids reach {e} in dimension {d}, beyond the 32-bit size_t of this module; \
                     use a smaller range or a 64-bit (Physical64) module"
                )))
            }
            _ => {}
        }
    }
    if range.global[..dims].contains(&0) {
        return Ok(None);
    }
    let mut num_groups = [1u64; 3];
    for d in 0..dims {
        num_groups[d] = range.global[d].div_ceil(local[d]);
    }
    let total_groups = num_groups.iter().try_fold(1u64, |a, n| a.checked_mul(*n)).ok_or_else(|| {
        err(format!("{} work-groups do not fit in 64 bits; use a larger local size", fmt3(num_groups, dims)))
    })?;
    Ok(Some(Plan { dims: range.dims, global: range.global, local, offset: range.offset, num_groups, total_groups }))
}

/// Number of leading dimensions needed to show `v` (trailing 1s dropped).
fn used_dims(v: [u64; 3]) -> usize {
    if v[2] != 1 {
        3
    } else if v[1] != 1 {
        2
    } else {
        1
    }
}

/// `(a, b, c)` with the first `n` entries.
pub(crate) fn fmt3(v: [u64; 3], n: usize) -> String {
    let parts: Vec<String> = v[..n.clamp(1, 3)].iter().map(|x| x.to_string()).collect();
    format!("({})", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_ids_advance_like_linear_indices() {
        let range = NdRange::d3(12, 6, 4).local(&[2, 3, 2]);
        let p = plan(&range, "k", None, 64, 1).unwrap().unwrap();
        let mut gid = p.group_id(0);
        for linear in 0..p.total_groups {
            assert_eq!(gid, p.group_id(linear), "work-group {linear}");
            p.advance_group_id(&mut gid);
        }
    }

    #[test]
    fn pick_prefers_divisors() {
        assert_eq!(NdRange::d1(1024).default_local_size(), [256, 1, 1]);
        assert_eq!(NdRange::d1(100).default_local_size(), [100, 1, 1]);
        assert_eq!(NdRange::d1(1000).default_local_size(), [250, 1, 1]);
        assert_eq!(NdRange::d1(1021).default_local_size(), [64, 1, 1]); // prime
        assert_eq!(NdRange::d2(64, 64).default_local_size(), [16, 16, 1]);
        assert_eq!(NdRange::d2(1000, 2).default_local_size(), [125, 2, 1]);
        assert_eq!(NdRange::d3(8, 8, 8).default_local_size(), [8, 8, 4]);
        assert_eq!(NdRange::d1(1000).default_local_size_for_lanes(4), [200, 1, 1]);
        assert_eq!(NdRange::d1(1000).default_local_size_for_lanes(16), [250, 1, 1]);
        assert_eq!(NdRange::d1(1024).default_local_size_for_lanes(8), [256, 1, 1]);
        assert_eq!(NdRange::d1(12).default_local_size_for_lanes(8), [12, 1, 1]);
    }

    #[test]
    fn plan_non_uniform() {
        let p = plan(&NdRange::d1(100).local(&[64]), "k", None, 64, 1).unwrap().unwrap();
        assert_eq!(p.num_groups, [2, 1, 1]);
        assert_eq!(p.group_size([1, 0, 0]), [36, 1, 1]);
        assert_eq!(p.group_size([0, 0, 0]), [64, 1, 1]);
        let p = plan(&NdRange::d2(5, 7).local(&[2, 3]), "k", None, 64, 1).unwrap().unwrap();
        assert_eq!(p.num_groups, [3, 3, 1]);
        assert_eq!(p.group_id(4), [1, 1, 0]);
        assert_eq!(p.group_size([2, 2, 0]), [1, 1, 1]);
    }

    #[test]
    fn plan_errors() {
        assert!(plan(&NdRange::d1(10).local(&[0]), "k", None, 64, 1).is_err());
        assert!(plan(&NdRange::d1(10).local(&[5000]), "k", None, 64, 1).is_err());
        assert!(plan(&NdRange::d1(10).local(&[2, 2]), "k", None, 64, 1).is_err());
        assert!(plan(&NdRange::d1(64).local(&[32]), "k", Some([64, 1, 1]), 64, 1).is_err());
        assert!(plan(&NdRange::d1(1 << 33), "k", None, 32, 1).is_err());
        assert_eq!(plan(&NdRange::d2(0, 4), "k", None, 64, 1).unwrap(), None);
        let p = plan(&NdRange::d1(128), "k", Some([32, 1, 1]), 64, 1).unwrap().unwrap();
        assert_eq!(p.local, [32, 1, 1]);
    }
}

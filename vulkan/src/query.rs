//! Query pools: timestamp queries (`vkCmdWriteTimestamp`, in nanoseconds of the host's
//! `CLOCK_MONOTONIC`, so `timestampPeriod` is 1), their reset on the device and on the host
//! (`vkResetQueryPool`), their results on the host (`vkGetQueryPoolResults`, waiting for
//! them with `WAIT`) and into buffers (`vkCmdCopyQueryPoolResults`), and calibrated
//! timestamps (`VK_KHR/EXT_calibrated_timestamps`: the device's time domain is
//! `CLOCK_MONOTONIC`, so the two coincide). Other query types (occlusion and pipeline
//! statistics; the device reports neither feature) are refused at creation. This module
//! must not record or run other commands.

use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use ash::vk::{self, Handle};

use crate::device::{device, Buffer};
use crate::handles::{self, guard, guard_void, put, slice, write_array};
use crate::sync::{self, Waited};

/// Words of query results: (byte offset, bytes) pairs.
type Words = Vec<(u64, Vec<u8>)>;

/// A query pool: one optional value per query (None: unavailable).
pub struct QueryPool {
    slots: Mutex<Vec<Option<u64>>>,
}

impl QueryPool {
    fn lock(&self) -> MutexGuard<'_, Vec<Option<u64>>> {
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Mark queries `first..first + count` unavailable.
    pub fn reset(&self, first: u32, count: u32) -> Result<(), String> {
        let mut s = self.lock();
        let range = range(s.len(), first, count)?;
        s[range].iter_mut().for_each(|v| *v = None);
        Ok(())
    }

    /// Write the current time into query `query` (waking host waits for results).
    pub fn write_timestamp(&self, query: u32) -> Result<(), String> {
        sync::change(|| {
            let mut s = self.lock();
            let n = s.len();
            let slot = s.get_mut(query as usize).ok_or_else(|| format!("query {query} of a pool of {n}"))?;
            *slot = Some(now_ns());
            Ok(())
        })
    }

    /// Whether queries `first..first + count` all have values (false for a bad range).
    fn available(&self, first: u32, count: u32) -> bool {
        let s = self.lock();
        range(s.len(), first, count).is_ok_and(|r| s[r].iter().all(Option::is_some))
    }

    /// The results of queries `first..first + count` laid out as Vulkan defines: per query
    /// the value (when available, or always with PARTIAL) and, WITH_AVAILABILITY, 0 or 1;
    /// 32- or 64-bit words; `stride` bytes apart. Returns the bytes to write (None where
    /// nothing is written) and whether every query was available.
    pub fn results(
        &self,
        first: u32,
        count: u32,
        stride: u64,
        flags: vk::QueryResultFlags,
    ) -> Result<(Words, bool), String> {
        let s = self.lock();
        let range = range(s.len(), first, count)?;
        let wide = flags.contains(vk::QueryResultFlags::TYPE_64);
        let word = |v: u64| if wide { v.to_ne_bytes().to_vec() } else { (v as u32).to_ne_bytes().to_vec() };
        let size = if wide { 8 } else { 4 };
        let mut out = Vec::new();
        let mut all = true;
        for (i, v) in s[range].iter().enumerate() {
            let at = i as u64 * stride;
            all &= v.is_some();
            if v.is_some() || flags.contains(vk::QueryResultFlags::PARTIAL) {
                out.push((at, word(v.unwrap_or(0))));
            }
            if flags.contains(vk::QueryResultFlags::WITH_AVAILABILITY) {
                out.push((at + size, word(u64::from(v.is_some()))));
            }
        }
        Ok((out, all))
    }
}

fn range(len: usize, first: u32, count: u32) -> Result<std::ops::Range<usize>, String> {
    let end = first as usize + count as usize;
    if end > len {
        return Err(format!("queries {first}..{end} of a pool of {len}"));
    }
    Ok(first as usize..end)
}

/// The device's clock: nanoseconds of the host's `CLOCK_MONOTONIC`.
pub fn now_ns() -> u64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec to write; CLOCK_MONOTONIC always exists on Linux.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut t) };
    if r != 0 {
        // Cannot happen on Linux; a clock that starts with the driver is still monotonic.
        static START: OnceLock<Instant> = OnceLock::new();
        return START.get_or_init(Instant::now).elapsed().as_nanos() as u64;
    }
    (t.tv_sec as u64).wrapping_mul(1_000_000_000).wrapping_add(t.tv_nsec as u64)
}

pub fn pool(raw: vk::QueryPool) -> Result<Arc<QueryPool>, String> {
    handles::object::<QueryPool>(raw.as_raw()).ok_or_else(|| format!("an invalid query pool {:#x}", raw.as_raw()))
}

pub unsafe extern "system" fn create_query_pool(
    raw: vk::Device,
    info: *const vk::QueryPoolCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::QueryPool,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: null or a valid create info (the caller's contract).
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        if info.query_type != vk::QueryType::TIMESTAMP {
            handles::log(&format!(
                "vkCreateQueryPool: {:?} queries are not supported (timestamps are)",
                info.query_type
            ));
            return Err(vk::Result::ERROR_FEATURE_NOT_PRESENT);
        }
        let pool = QueryPool { slots: Mutex::new(vec![None; info.query_count as usize]) };
        let id = handles::new_object(Arc::new(pool), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::QueryPool::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_query_pool(
    _raw: vk::Device,
    pool: vk::QueryPool,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<QueryPool>(pool.as_raw());
    })
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "system" fn get_query_pool_results(
    raw: vk::Device,
    pool: vk::QueryPool,
    first: u32,
    count: u32,
    data_size: usize,
    data: *mut std::ffi::c_void,
    stride: vk::DeviceSize,
    flags: vk::QueryResultFlags,
) -> vk::Result {
    guard(|| {
        let d = device(raw)?;
        let p = handles::get::<QueryPool>(pool.as_raw())?;
        if flags.contains(vk::QueryResultFlags::WAIT) {
            // Queries written by submitted work become available when it runs; one never
            // written waits for ever, as Vulkan specifies.
            let state = &d.state;
            if sync::wait(None, || p.available(first, count), || sync::stopped(state)) != Waited::Done {
                return Err(vk::Result::ERROR_DEVICE_LOST);
            }
        }
        let (words, all) = p.results(first, count, stride, flags).map_err(|m| {
            handles::log(&format!("vkGetQueryPoolResults: {m}"));
            vk::Result::ERROR_UNKNOWN
        })?;
        if data.is_null() {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        for (at, bytes) in words {
            if at as usize + bytes.len() > data_size {
                handles::log("vkGetQueryPoolResults: dataSize is too small for the results");
                return Err(vk::Result::ERROR_UNKNOWN);
            }
            // SAFETY: inside the caller's `data_size` bytes (checked).
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), (data as *mut u8).add(at as usize), bytes.len()) };
        }
        Ok(if all { vk::Result::SUCCESS } else { vk::Result::NOT_READY })
    })
}

/// `vkCmdCopyQueryPoolResults` when it runs: the results into `dst` at `offset`.
pub fn copy_results(
    p: &QueryPool,
    first: u32,
    count: u32,
    dst: &Buffer,
    offset: u64,
    stride: u64,
    flags: vk::QueryResultFlags,
) -> Result<(), String> {
    let (words, _) = p.results(first, count, stride, flags)?;
    for (at, bytes) in words {
        let (m, pos, _) = dst
            .range(offset + at, bytes.len() as u64)
            .map_err(|e| format!("vkCmdCopyQueryPoolResults destination: {e}"))?;
        // SAFETY: inside the checked range.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), m.base().add(pos as usize), bytes.len()) };
    }
    Ok(())
}

/// `vkResetQueryPool` (host query reset, Vulkan 1.2).
pub unsafe extern "system" fn reset_query_pool(raw: vk::Device, pool: vk::QueryPool, first: u32, count: u32) {
    guard_void(|| {
        if device(raw).is_err() {
            return;
        }
        let Ok(p) = handles::get::<QueryPool>(pool.as_raw()) else { return };
        if let Err(m) = p.reset(first, count) {
            handles::log(&format!("vkResetQueryPool: {m}"));
        }
    })
}

/// The time domains the device's timestamps can be calibrated against: its own and
/// `CLOCK_MONOTONIC`, which are the same clock.
const TIME_DOMAINS: [vk::TimeDomainKHR; 2] = [vk::TimeDomainKHR::DEVICE, vk::TimeDomainKHR::CLOCK_MONOTONIC];

pub unsafe extern "system" fn get_physical_device_calibrateable_time_domains(
    pd: vk::PhysicalDevice,
    count: *mut u32,
    out: *mut vk::TimeDomainKHR,
) -> vk::Result {
    guard(|| {
        crate::instance::physical(pd)?;
        // SAFETY: the caller's count and output array.
        unsafe { write_array(&TIME_DOMAINS, count, out) }
    })
}

pub unsafe extern "system" fn get_calibrated_timestamps(
    raw: vk::Device,
    count: u32,
    infos: *const vk::CalibratedTimestampInfoKHR<'_>,
    timestamps: *mut u64,
    max_deviation: *mut u64,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's array.
        let infos = unsafe { slice(infos, count)? };
        if timestamps.is_null() {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        // One reading serves every domain: they are one clock.
        let now = now_ns();
        for (i, info) in infos.iter().enumerate() {
            if !TIME_DOMAINS.contains(&info.time_domain) {
                handles::log(&format!("vkGetCalibratedTimestamps: time domain {:?} is not offered", info.time_domain));
                return Err(vk::Result::ERROR_UNKNOWN);
            }
            // SAFETY: room for `count` values (the caller's contract).
            unsafe { timestamps.add(i).write(now) };
        }
        // SAFETY: the caller's output pointer.
        unsafe { put(max_deviation, 1) }
    })
}

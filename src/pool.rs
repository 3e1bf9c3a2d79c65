//! The global worker pool that runs work-groups: its size comes from
//! `SPIRJIT_NUM_THREADS` (0 or unset: one thread per core) and can be changed with
//! [`set_num_threads`]. Dispatches from several threads share the pool.
//!
//! This module must not know about kernels; it only hands out the pool.

use std::sync::{Arc, PoisonError, RwLock};

use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::error::{Error, Result};

/// Environment variable giving the initial number of worker threads.
pub const NUM_THREADS_ENV: &str = "SPIRJIT_NUM_THREADS";

/// Stack size of worker threads (kernels with large private arrays spill to the stack).
const STACK_SIZE: usize = 16 << 20;

static POOL: RwLock<Option<Arc<ThreadPool>>> = RwLock::new(None);

/// Use `n` worker threads for later dispatches (0 = one per core). Dispatches already
/// running finish on the old pool. If the threads cannot be started, the current pool
/// is kept; use [`try_set_num_threads`] to see the error.
pub fn set_num_threads(n: usize) {
    // Keeping the previous pool is the documented fallback.
    let _ = try_set_num_threads(n);
}

/// Like [`set_num_threads`], reporting failure to start the threads.
pub fn try_set_num_threads(n: usize) -> Result<()> {
    let pool = Arc::new(build(n)?);
    *POOL.write().unwrap_or_else(PoisonError::into_inner) = Some(pool);
    Ok(())
}

/// The number of worker threads dispatches use.
pub fn num_threads() -> usize {
    pool().map(|p| p.current_num_threads()).unwrap_or(1)
}

/// The current pool, created from the environment on first use.
pub(crate) fn pool() -> Result<Arc<ThreadPool>> {
    if let Some(p) = POOL.read().unwrap_or_else(PoisonError::into_inner).as_ref() {
        return Ok(p.clone());
    }
    let mut slot = POOL.write().unwrap_or_else(PoisonError::into_inner);
    if let Some(p) = slot.as_ref() {
        return Ok(p.clone());
    }
    let p = Arc::new(build(env_threads())?);
    *slot = Some(p.clone());
    Ok(p)
}

/// The thread count the environment asks for (0 when unset or not a number).
fn env_threads() -> usize {
    std::env::var(NUM_THREADS_ENV).ok().and_then(|s| s.trim().parse().ok()).unwrap_or(0)
}

fn build(n: usize) -> Result<ThreadPool> {
    let n = if n == 0 { std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1) } else { n };
    ThreadPoolBuilder::new()
        .num_threads(n)
        .stack_size(STACK_SIZE)
        .thread_name(|i| format!("spirjit-worker-{i}"))
        .build()
        .map_err(|e| Error::ThreadPool { message: format!("{n} threads: {e}; try fewer with {NUM_THREADS_ENV}") })
}

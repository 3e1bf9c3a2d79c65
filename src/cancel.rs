//! [`CancelToken`]: lets another thread (a Ctrl-C handler, a UI) stop running kernels.
//!
//! Each dispatch has its own flag, which compiled code polls on loop back-edges and the
//! driver checks between work-groups; a token forwards its cancellation to the flags of
//! the dispatches currently using it. This module must not run kernels.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

#[derive(Default)]
struct Shared {
    cancelled: AtomicBool,
    active: Mutex<Vec<Arc<AtomicU32>>>,
}

/// A handle that cancels the dispatches run with it ([`crate::Kernel::run_cancellable`]).
/// Clones share the same state.
#[derive(Clone, Default)]
pub struct CancelToken {
    shared: Arc<Shared>,
}

impl std::fmt::Debug for CancelToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CancelToken").field("cancelled", &self.is_cancelled()).finish()
    }
}

impl CancelToken {
    /// A token that is not cancelled.
    pub fn new() -> Self {
        CancelToken::default()
    }

    /// Cancel every dispatch running with this token, and every later one until
    /// [`CancelToken::reset`].
    pub fn cancel(&self) {
        self.shared.cancelled.store(true, Ordering::SeqCst);
        let active = self.shared.active.lock().unwrap_or_else(PoisonError::into_inner);
        for flag in active.iter() {
            flag.store(1, Ordering::SeqCst);
        }
    }

    /// Whether [`CancelToken::cancel`] was called (and not reset since).
    pub fn is_cancelled(&self) -> bool {
        self.shared.cancelled.load(Ordering::SeqCst)
    }

    /// Make the token usable again after a cancellation.
    pub fn reset(&self) {
        self.shared.cancelled.store(false, Ordering::SeqCst);
    }

    /// Register a dispatch: returns its flag (already set when the token is cancelled).
    pub(crate) fn register(&self) -> DispatchFlag {
        let flag = Arc::new(AtomicU32::new(0));
        let mut active = self.shared.active.lock().unwrap_or_else(PoisonError::into_inner);
        active.push(flag.clone());
        if self.is_cancelled() {
            flag.store(1, Ordering::SeqCst);
        }
        DispatchFlag { flag, token: self.clone() }
    }
}

/// The flag of one dispatch; unregisters itself from its token when dropped.
pub(crate) struct DispatchFlag {
    flag: Arc<AtomicU32>,
    token: CancelToken,
}

impl DispatchFlag {
    pub fn atomic(&self) -> &AtomicU32 {
        &self.flag
    }

    /// The flag itself, for a setter that outlives a borrow (the time-limit watchdog).
    pub fn shared_atomic(&self) -> Arc<AtomicU32> {
        self.flag.clone()
    }
}

impl Drop for DispatchFlag {
    fn drop(&mut self) {
        let mut active = self.token.shared.active.lock().unwrap_or_else(PoisonError::into_inner);
        active.retain(|f| !Arc::ptr_eq(f, &self.flag));
    }
}

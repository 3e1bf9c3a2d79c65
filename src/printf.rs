//! Kernel `printf` output: collected from the worker threads of a dispatch, ordered by
//! work-item (global linear id; each work-item's lines in print order) and delivered
//! when the dispatch finishes — to stdout, or to the caller ([`Kernel::run_capturing`]).
//!
//! The builtins buffer text per thread; the driver calls [`drain_thread`] on each worker
//! after it runs a chunk of work-groups, keyed by the launch it belongs to. This module
//! must not format anything (that is `spirjit_builtins::printf`).
//!
//! [`Kernel::run_capturing`]: crate::Kernel::run_capturing

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write as _;
use std::sync::{Mutex, OnceLock, PoisonError};

type Pending = Mutex<HashMap<usize, Vec<(u64, String)>>>;

fn pending() -> &'static Pending {
    static PENDING: OnceLock<Pending> = OnceLock::new();
    PENDING.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Move this thread's printf output to the launch identified by `key` (the address of
/// the launch description, unique while it runs).
pub(crate) fn drain_thread<T>(key: &T) {
    let out = spirjit_builtins::printf::take_thread_output();
    if out.is_empty() {
        return;
    }
    let mut p = pending().lock().unwrap_or_else(PoisonError::into_inner);
    p.entry(key as *const T as usize).or_default().extend(out);
}

/// Take the output of the launch `key`, ordered by work-item.
pub(crate) fn take<T>(key: &T) -> String {
    // Output printed on this thread outside a worker chunk (none today) belongs here too.
    drain_thread(key);
    let mut out = pending()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .remove(&(key as *const T as usize))
        .unwrap_or_default();
    // Stable: the lines of one work-item keep their order (one work-item runs on one
    // thread, which appended them in order).
    out.sort_by_key(|(gid, _)| *gid);
    out.into_iter().map(|(_, s)| s).collect()
}

thread_local! {
    /// Set while [`capturing`] runs on this thread: output goes here instead of stdout.
    static CAPTURE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Deliver the output of launch `key` when its dispatch has finished: to the capture
/// buffer of this thread when one is set, else to stdout.
pub(crate) fn finish<T>(key: &T) {
    let text = take(key);
    if text.is_empty() {
        return;
    }
    let text = CAPTURE.with(|c| match c.borrow_mut().as_mut() {
        Some(buf) => {
            buf.push_str(&text);
            None
        }
        None => Some(text),
    });
    if let Some(text) = text {
        let mut so = std::io::stdout().lock();
        let _ = so.write_all(text.as_bytes());
        let _ = so.flush();
    }
}

/// Run `f` with printf output of the dispatches it runs on this thread captured.
pub(crate) fn capturing<R>(f: impl FnOnce() -> R) -> (R, String) {
    let outer = CAPTURE.with(|c| c.borrow_mut().replace(String::new()));
    let r = f();
    let text = CAPTURE.with(|c| std::mem::replace(&mut *c.borrow_mut(), outer)).unwrap_or_default();
    (r, text)
}

impl crate::Kernel {
    /// Like [`crate::Kernel::run`], returning the kernel's `printf` output (ordered by
    /// work-item) instead of writing it to stdout. On error the output printed before
    /// the failure is dropped with the run.
    pub fn run_capturing(
        &self,
        range: &crate::NdRange,
        args: &mut [crate::Arg<'_>],
    ) -> crate::Result<(crate::RunInfo, String)> {
        let (r, text) = capturing(|| self.run(range, args));
        r.map(|info| (info, text))
    }
}

//! The time limits of dispatches ([`crate::RunOptions::timeout`]): one timer thread for the
//! whole process sets a dispatch's flag when its deadline passes, so a launch with a limit
//! costs a list insertion rather than a thread. The thread starts on first use, and again
//! in a forked child (which inherits none of its parent's threads). This module must not
//! run kernels.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::{Duration, Instant};

struct Entry {
    id: u64,
    deadline: Instant,
    flag: Arc<AtomicU32>,
    fired: Arc<AtomicBool>,
}

#[derive(Default)]
struct State {
    entries: Vec<Entry>,
    next_id: u64,
    /// The process whose timer thread serves the list (0: none started).
    pid: u32,
}

struct Watchdog {
    state: Mutex<State>,
    changed: Condvar,
}

fn watchdog() -> &'static Watchdog {
    static W: OnceLock<Watchdog> = OnceLock::new();
    W.get_or_init(|| Watchdog { state: Mutex::new(State::default()), changed: Condvar::new() })
}

fn lock(w: &Watchdog) -> MutexGuard<'_, State> {
    w.state.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The timer thread: fire what is due, sleep until the next deadline.
fn serve(w: &'static Watchdog) {
    let mut s = lock(w);
    loop {
        let now = Instant::now();
        s.entries.retain(|e| {
            if e.deadline <= now {
                e.fired.store(true, Ordering::SeqCst);
                e.flag.store(1, Ordering::SeqCst);
                false
            } else {
                true
            }
        });
        let next = s.entries.iter().map(|e| e.deadline).min();
        s = match next {
            Some(t) => {
                w.changed.wait_timeout(s, t.saturating_duration_since(now)).unwrap_or_else(PoisonError::into_inner).0
            }
            None => w.changed.wait(s).unwrap_or_else(PoisonError::into_inner),
        };
    }
}

/// A dispatch's armed time limit; dropping it disarms the limit.
pub(crate) struct Armed {
    id: u64,
    fired: Arc<AtomicBool>,
}

impl Armed {
    /// Whether the limit passed (and the dispatch's flag was set).
    pub fn fired(&self) -> bool {
        self.fired.load(Ordering::SeqCst)
    }
}

impl Drop for Armed {
    fn drop(&mut self) {
        let mut s = lock(watchdog());
        s.entries.retain(|e| e.id != self.id);
    }
}

/// Set `flag` to 1 when `limit` has passed, unless the returned guard is dropped first.
pub(crate) fn arm(limit: Duration, flag: Arc<AtomicU32>) -> std::io::Result<Armed> {
    let w = watchdog();
    let fired = Arc::new(AtomicBool::new(false));
    let mut s = lock(w);
    let pid = std::process::id();
    if s.pid != pid {
        std::thread::Builder::new().name("spirjit-watchdog".into()).spawn(move || serve(w))?;
        s.pid = pid;
    }
    let id = s.next_id;
    s.next_id += 1;
    // A limit too large for the clock never fires.
    let deadline = Instant::now().checked_add(limit).unwrap_or_else(|| Instant::now() + Duration::from_secs(1 << 40));
    s.entries.push(Entry { id, deadline, flag, fired: fired.clone() });
    drop(s);
    w.changed.notify_one();
    Ok(Armed { id, fired })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passed_deadline_sets_the_flag_and_a_dropped_one_never_does() {
        let due = Arc::new(AtomicU32::new(0));
        let armed = arm(Duration::from_millis(10), due.clone()).unwrap();
        let kept = Arc::new(AtomicU32::new(0));
        let disarmed = arm(Duration::from_millis(30), kept.clone()).unwrap();
        drop(disarmed);
        let endless = arm(Duration::MAX, Arc::new(AtomicU32::new(0))).unwrap();
        let start = Instant::now();
        while !armed.fired() && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(armed.fired());
        assert_eq!(due.load(Ordering::SeqCst), 1);
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(kept.load(Ordering::SeqCst), 0, "a disarmed limit fired");
        assert!(!endless.fired());
    }
}

//! Ctrl-C for kernels that run on the calling thread.
//!
//! Python runs signal handlers only on its main thread, so while the main thread runs a
//! kernel itself nobody would notice Ctrl-C. To still cancel such a kernel at once, the
//! process-wide SIGINT handler (Python's own, installed by the `signal` module) is
//! wrapped: the wrapper first calls Python's handler (which marks the signal pending,
//! as always), then counts the signal and wakes a watcher thread through a socket. The
//! watcher cancels the launch that is armed on the main thread, if the signal came after
//! the launch was armed. After the kernel returns, the caller runs the pending Python
//! handler (`PyErr_CheckSignals`), which raises `KeyboardInterrupt`.
//!
//! The watch is used only while Python's SIGINT handler is `signal.default_int_handler`
//! (so that Ctrl-C is known to raise); with any other Python handler, and on platforms
//! other than Linux, [`inline`] answers [`Inline::HandOff`] and the caller keeps the
//! kernel off the main thread so that handlers run while it does. When the user changes
//! the SIGINT handler (`signal.signal`), Python reinstalls its own C handler; the next
//! launch notices and wraps it again.
//!
//! This module must not launch kernels or look at arguments; it only arms and disarms a
//! [`spirjit::CancelToken`] for one launch at a time on the main thread.

use pyo3::prelude::*;

/// How a launch on the current thread may run.
pub enum Inline {
    /// On the calling thread; no signal handler can run on this thread meanwhile
    /// (it is not Python's main thread, or SIGINT has no Python handler).
    Unwatched,
    /// On the calling thread (Python's main thread) with Ctrl-C armed to cancel it.
    Watched(Watch),
    /// Not on the calling thread: Python signal handlers must be able to run while the
    /// kernel does (see the module doc).
    HandOff,
}

/// Decide how a launch from the current thread runs, arming the Ctrl-C watch when the
/// kernel will run on Python's main thread. `likely_short`: the kernel's previous run was
/// short (a long kernel on the main thread is handed off, so that every Python signal
/// handler runs while it does, not only Ctrl-C's). Raises what a Python signal handler
/// raises when a signal is already pending (the launch must then not start).
pub fn inline(py: Python<'_>, likely_short: bool) -> PyResult<Inline> {
    imp::inline(py, likely_short)
}

pub use imp::Watch;

/// Whether the current thread is Python's main thread (the one that runs signal handlers).
fn is_main_thread(py: Python<'_>) -> PyResult<bool> {
    let threading = py.import("threading")?;
    let main = threading.call_method0("main_thread")?.getattr("ident")?;
    main.eq(threading.call_method0("get_ident")?)
}

#[cfg(target_os = "linux")]
mod imp {
    use std::cell::Cell;
    use std::io::{ErrorKind, Read};
    use std::os::fd::IntoRawFd;
    use std::os::unix::net::UnixStream;
    use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering::SeqCst};
    use std::sync::{Mutex, Once, PoisonError};

    use pyo3::prelude::*;
    use spirjit::CancelToken;

    use super::Inline;

    /// The handler the wrapper chains to (`sa_sigaction` of the handler it replaced).
    static PREV_ACTION: AtomicUsize = AtomicUsize::new(0);
    /// Whether that handler takes `(sig, info, context)` (SA_SIGINFO).
    static PREV_SIGINFO: AtomicBool = AtomicBool::new(false);
    /// Set while the wrapper runs, so that a handler chaining back to it stops there.
    static IN_WRAPPER: AtomicBool = AtomicBool::new(false);
    /// SIGINTs seen by the wrapper.
    static INTERRUPTS: AtomicU64 = AtomicU64::new(0);
    /// The socket end the wrapper writes to (-1: no watcher in this process).
    static WAKE_FD: AtomicI32 = AtomicI32::new(-1);
    /// Whether Python's SIGINT handler was `default_int_handler` when the wrapper was
    /// installed (Python reinstalls its C handler whenever the Python handler changes).
    static DEFAULT_INT: AtomicBool = AtomicBool::new(false);
    /// The launch armed on the main thread: the interrupt count when it was armed, and
    /// its token.
    static ARMED: Mutex<Option<(u64, CancelToken)>> = Mutex::new(None);
    static AT_FORK: Once = Once::new();

    thread_local! {
        /// Whether this thread is Python's main thread (None: not asked yet).
        static MAIN: Cell<Option<bool>> = const { Cell::new(None) };
    }

    /// The launch armed for Ctrl-C; disarmed when dropped.
    pub struct Watch {
        token: CancelToken,
    }

    impl Watch {
        /// The token the launch must run with.
        pub fn token(&self) -> &CancelToken {
            &self.token
        }
    }

    impl Drop for Watch {
        fn drop(&mut self) {
            *ARMED.lock().unwrap_or_else(PoisonError::into_inner) = None;
        }
    }

    extern "C" fn on_sigint(sig: libc::c_int, info: *mut libc::siginfo_t, context: *mut libc::c_void) {
        if IN_WRAPPER.swap(true, SeqCst) {
            return;
        }
        let prev = PREV_ACTION.load(SeqCst);
        if prev != libc::SIG_DFL && prev != libc::SIG_IGN && prev != libc::SIG_ERR {
            // SAFETY: `prev` is the handler sigaction reported for SIGINT before the
            // wrapper replaced it, called with the signature its flags declare.
            unsafe {
                if PREV_SIGINFO.load(SeqCst) {
                    let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                        std::mem::transmute(prev);
                    f(sig, info, context);
                } else {
                    let f: extern "C" fn(libc::c_int) = std::mem::transmute(prev);
                    f(sig);
                }
            }
        }
        // Counted after Python's handler has marked the signal pending: a launch that
        // reads the count after this sees the pending signal when it checks.
        INTERRUPTS.fetch_add(1, SeqCst);
        let fd = WAKE_FD.load(SeqCst);
        if fd >= 0 {
            // SAFETY: async-signal-safe calls on a socket this module owns; errno is
            // restored for the interrupted code.
            unsafe {
                let errno = libc::__errno_location();
                let saved = *errno;
                let byte = 0u8;
                libc::write(fd, (&byte as *const u8).cast(), 1);
                *errno = saved;
            }
        }
        IN_WRAPPER.store(false, SeqCst);
    }

    /// After `fork`, the child has no watcher thread: start another on its next launch.
    /// The forking thread is the child's main thread.
    extern "C" fn forked_child() {
        WAKE_FD.store(-1, SeqCst);
        MAIN.with(|c| c.set(None));
    }

    /// Start the watcher thread (once per process) and publish its socket.
    fn ensure_watcher() -> Result<(), String> {
        if WAKE_FD.load(SeqCst) >= 0 {
            return Ok(());
        }
        AT_FORK.call_once(|| {
            // SAFETY: registers a handler that only stores to an atomic.
            unsafe { libc::pthread_atfork(None, None, Some(forked_child)) };
        });
        let (mut reader, writer) = UnixStream::pair().map_err(|e| e.to_string())?;
        writer.set_nonblocking(true).map_err(|e| e.to_string())?;
        std::thread::Builder::new()
            .name("spirjit-ctrl-c".into())
            .spawn(move || {
                let mut buf = [0u8; 64];
                loop {
                    match reader.read(&mut buf) {
                        Ok(0) => return,
                        Ok(_) => {}
                        Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                        Err(_) => return,
                    }
                    let count = INTERRUPTS.load(SeqCst);
                    let armed = ARMED.lock().unwrap_or_else(PoisonError::into_inner);
                    if let Some((since, token)) = armed.as_ref() {
                        if count > *since {
                            token.cancel();
                        }
                    }
                }
            })
            .map_err(|e| e.to_string())?;
        // The write end lives as long as the process (the wrapper may use it any time).
        WAKE_FD.store(writer.into_raw_fd(), SeqCst);
        Ok(())
    }

    fn is_main_thread(py: Python<'_>) -> PyResult<bool> {
        if let Some(m) = MAIN.with(Cell::get) {
            return Ok(m);
        }
        let main = super::is_main_thread(py)?;
        MAIN.with(|c| c.set(Some(main)));
        Ok(main)
    }

    /// Whether the Python-level SIGINT handler is `signal.default_int_handler`.
    fn default_int_handler(py: Python<'_>) -> PyResult<bool> {
        let signal = py.import("signal")?;
        let current = signal.call_method1("getsignal", (libc::SIGINT,))?;
        Ok(current.is(&signal.getattr("default_int_handler")?))
    }

    pub fn inline(py: Python<'_>, likely_short: bool) -> PyResult<Inline> {
        if !is_main_thread(py)? {
            return Ok(Inline::Unwatched);
        }
        if !likely_short {
            return Ok(Inline::HandOff);
        }
        // SAFETY: a query of the current SIGINT action into a zeroed struct.
        let mut cur: libc::sigaction = unsafe { std::mem::zeroed() };
        if unsafe { libc::sigaction(libc::SIGINT, std::ptr::null(), &mut cur) } != 0 {
            return Ok(Inline::HandOff);
        }
        let ours = on_sigint as extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) as usize;
        if cur.sa_sigaction == libc::SIG_DFL || cur.sa_sigaction == libc::SIG_IGN {
            // No Python handler: Ctrl-C ends the process or is ignored, wherever the
            // kernel runs.
            return Ok(Inline::Unwatched);
        }
        if cur.sa_sigaction != ours {
            if ensure_watcher().is_err() {
                return Ok(Inline::HandOff);
            }
            DEFAULT_INT.store(default_int_handler(py)?, SeqCst);
            PREV_SIGINFO.store(cur.sa_flags & libc::SA_SIGINFO != 0, SeqCst);
            PREV_ACTION.store(cur.sa_sigaction, SeqCst);
            let mut wrapped = cur;
            wrapped.sa_sigaction = ours;
            wrapped.sa_flags |= libc::SA_SIGINFO;
            // SAFETY: installs the wrapper, which chains to the handler stored above.
            if unsafe { libc::sigaction(libc::SIGINT, &wrapped, std::ptr::null_mut()) } != 0 {
                return Ok(Inline::HandOff);
            }
        } else if ensure_watcher().is_err() {
            return Ok(Inline::HandOff);
        }
        if !DEFAULT_INT.load(SeqCst) {
            return Ok(Inline::HandOff);
        }
        let token = CancelToken::new();
        *ARMED.lock().unwrap_or_else(PoisonError::into_inner) = Some((INTERRUPTS.load(SeqCst), token.clone()));
        let watch = Watch { token };
        // A Ctrl-C that came before the launch was armed is pending in Python: raise it
        // now rather than start a kernel nobody would cancel.
        py.check_signals()?;
        Ok(Inline::Watched(watch))
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    use pyo3::prelude::*;
    use spirjit::CancelToken;

    use super::Inline;

    /// Never constructed on this platform.
    pub struct Watch {
        token: CancelToken,
    }

    impl Watch {
        pub fn token(&self) -> &CancelToken {
            &self.token
        }
    }

    pub fn inline(py: Python<'_>, _likely_short: bool) -> PyResult<Inline> {
        Ok(if super::is_main_thread(py)? { Inline::HandOff } else { Inline::Unwatched })
    }
}

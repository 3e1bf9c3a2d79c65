//! Synchronization objects — fences, semaphores (binary and timeline), events — and the
//! waits on them, from the host (`vkWaitForFences`, `vkWaitSemaphores`) and from the
//! queues' workers (a submission's semaphore waits, `vkCmdWaitEvents`).
//!
//! Every change of these objects' state happens under one lock (the hub) and wakes every
//! waiter, and every wait checks its condition under that lock, so a wait never misses a
//! change; a wait also ends when the device is lost or destroyed. The payloads themselves
//! only hold atomics, so a check is cheap. Before sleeping, a wait watches the hub's change
//! counter for a few tens of microseconds (`SPIN`): waking a sleeping thread costs that much
//! again on a virtual machine, and the short dispatches a submit-and-wait loop runs are done
//! within it. A fence's or semaphore's state is a [`Payload`]: a word of its own, a word in
//! a shared file (exportable or imported objects; `external` makes and imports them) or an
//! imported sync file, which change without waking the hub, so waits poll while such
//! payloads exist. This module must not run commands or know about queues.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use ash::vk::{self, Handle};

use crate::debug_utils::Messengers;
use crate::device::{device, DeviceState};
use crate::handles::{self, guard, guard_void, put, slice, OK};

/// The lock every state change of a synchronization object takes, and the condition
/// variable its waiters sleep on.
struct Hub {
    lock: Mutex<()>,
    changed: Condvar,
    /// Counts the changes, so a spinning wait sees one without taking the lock.
    generation: AtomicU64,
}

/// The longest sleep of a wait while an external payload exists (a shared file another
/// process may change, or a sync file: they change without waking this process's waits).
const POLL: Duration = Duration::from_millis(1);

/// How many external payloads exist.
static EXTERNAL_PAYLOADS: AtomicUsize = AtomicUsize::new(0);

/// How long a wait (and a queue's idle worker) spins before it sleeps.
pub const SPIN: Duration = Duration::from_micros(50);

/// Spin until `moved()` or `SPIN` has passed; true when `moved()` became true.
pub fn spin_until(mut moved: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    loop {
        for _ in 0..64 {
            if moved() {
                return true;
            }
            std::hint::spin_loop();
        }
        if start.elapsed() >= SPIN {
            return moved();
        }
    }
}

fn hub() -> &'static Hub {
    static HUB: OnceLock<Hub> = OnceLock::new();
    HUB.get_or_init(|| Hub { lock: Mutex::new(()), changed: Condvar::new(), generation: AtomicU64::new(0) })
}

fn lock(h: &Hub) -> MutexGuard<'_, ()> {
    // The hub's mutex guards no data of its own (the state is in atomics), so a poisoned
    // lock is still usable.
    h.lock.lock().unwrap_or_else(|e| e.into_inner())
}

/// Change synchronization state (`f`) under the hub lock, then wake every waiter.
pub fn change<R>(f: impl FnOnce() -> R) -> R {
    let h = hub();
    let g = lock(h);
    let r = f();
    h.generation.fetch_add(1, Ordering::SeqCst);
    drop(g);
    h.changed.notify_all();
    r
}

/// How a wait ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Waited {
    /// The condition holds.
    Done,
    /// The deadline passed first.
    TimedOut,
    /// `stop` said to give up (the device was lost or is being destroyed).
    Stopped,
}

/// Block until `ready()` (checked under the hub lock, so it may also consume what it
/// waited for), `stop()`, or the deadline (None: no deadline).
pub fn wait(deadline: Option<Instant>, mut ready: impl FnMut() -> bool, mut stop: impl FnMut() -> bool) -> Waited {
    let h = hub();
    let mut g = lock(h);
    let mut spun = false;
    loop {
        if ready() {
            return Waited::Done;
        }
        if stop() {
            return Waited::Stopped;
        }
        if !spun && deadline.is_none_or(|t| Instant::now() + SPIN < t) {
            // Once: watch for a change without the lock, then check again under it.
            spun = true;
            let seen = h.generation.load(Ordering::SeqCst);
            drop(g);
            spin_until(|| h.generation.load(Ordering::SeqCst) != seen);
            g = lock(h);
            continue;
        }
        // An external payload changes without notifying the hub: while one exists, sleeps
        // are short, so such a change is seen within `POLL`.
        let poll = (EXTERNAL_PAYLOADS.load(Ordering::SeqCst) > 0).then_some(POLL);
        match (deadline, poll) {
            (None, None) => g = h.changed.wait(g).unwrap_or_else(|e| e.into_inner()),
            (Some(t), _) => {
                let now = Instant::now();
                if now >= t {
                    return Waited::TimedOut;
                }
                let sleep = poll.map_or(t - now, |p| p.min(t - now));
                g = h.changed.wait_timeout(g, sleep).unwrap_or_else(|e| e.into_inner()).0;
            }
            (None, Some(p)) => g = h.changed.wait_timeout(g, p).unwrap_or_else(|e| e.into_inner()).0,
        }
    }
}

/// The deadline of a Vulkan timeout in nanoseconds from now (None: too far to matter).
pub fn deadline(timeout_ns: u64) -> Option<Instant> {
    Instant::now().checked_add(Duration::from_nanos(timeout_ns))
}

/// What the queues of a device share about its synchronization: how long a dispatch may
/// run, whether the device is being destroyed, and where its messages go.
pub struct DeviceSync {
    /// The time limit of one dispatch or event wait (`SPIRJIT_VK_TIMEOUT_MS`; None: none).
    pub timeout: Option<Duration>,
    /// Set when the device is destroyed: waits stop, running dispatches are cancelled.
    shutdown: AtomicBool,
    /// Cancels the running dispatches at destruction.
    pub cancel: spirjit::CancelToken,
    /// The debug-utils messengers of the device's instance.
    pub messengers: Arc<Messengers>,
}

/// The default time limit of one dispatch.
const DEFAULT_TIMEOUT_MS: u64 = 10_000;

impl DeviceSync {
    /// The settings of a new device (reads `SPIRJIT_VK_TIMEOUT_MS`: milliseconds, 0 for
    /// no limit; 10 s by default).
    pub fn new(messengers: Arc<Messengers>) -> DeviceSync {
        let ms = match std::env::var("SPIRJIT_VK_TIMEOUT_MS") {
            Ok(v) => v.trim().parse::<u64>().unwrap_or_else(|_| {
                handles::log(&format!("SPIRJIT_VK_TIMEOUT_MS={v:?} is not a number of milliseconds; using 10000"));
                DEFAULT_TIMEOUT_MS
            }),
            Err(_) => DEFAULT_TIMEOUT_MS,
        };
        DeviceSync {
            timeout: (ms > 0).then(|| Duration::from_millis(ms)),
            shutdown: AtomicBool::new(false),
            cancel: spirjit::CancelToken::new(),
            messengers,
        }
    }

    /// Whether the device is being destroyed.
    pub fn shutting_down(&self) -> bool {
        self.shutdown.load(Ordering::SeqCst)
    }

    /// The options every dispatch of the device runs with.
    pub fn run_options(&self) -> spirjit::RunOptions {
        spirjit::RunOptions { timeout: self.timeout, cancel: Some(self.cancel.clone()) }
    }
}

/// Whether waits on behalf of `d` should give up: the device is lost or being destroyed.
pub fn stopped(d: &DeviceState) -> bool {
    d.lost.load(Ordering::SeqCst) || d.sync.shutting_down()
}

/// Mark the device destroyed: every wait on its behalf ends, running dispatches stop.
pub fn shut_down(d: &DeviceState) {
    change(|| d.sync.shutdown.store(true, Ordering::SeqCst));
    d.sync.cancel.cancel();
}

/// Make the device lost because of `reason`: logged on stderr and sent to the instance's
/// debug-utils messengers; every wait on the device ends with `ERROR_DEVICE_LOST`.
pub fn lose(d: &DeviceState, reason: &str) {
    let message = format!("device lost: {reason}");
    handles::log(&message);
    d.sync.messengers.send(
        vk::DebugUtilsMessageSeverityFlagsEXT::ERROR,
        vk::DebugUtilsMessageTypeFlagsEXT::GENERAL,
        "spirjit-device-lost",
        &message,
    );
    change(|| d.lost.store(true, Ordering::SeqCst));
}

/// The state of a fence or semaphore: a fence's is 1 when signaled, 0 when not; a binary
/// semaphore's likewise; a timeline semaphore's is its counter. It is a word of the
/// driver's own, or one in a shared file (`memfd`) when the object is exportable or the
/// payload was imported, so every object sharing the payload — in this process or
/// another — sees the same word. An imported sync file is a binary payload that is
/// signaled once the file is readable.
pub struct Payload {
    timeline: bool,
    local: AtomicU64,
    shared: Option<crate::memfd::Mapping>,
    sync_file: Option<std::os::fd::OwnedFd>,
}

impl Payload {
    fn new(timeline: bool, value: u64) -> Payload {
        Payload { timeline, local: AtomicU64::new(value), shared: None, sync_file: None }
    }

    /// The binary payload of an imported sync file (None: `-1`, already signaled).
    pub fn sync_file(fd: Option<std::os::fd::OwnedFd>) -> Payload {
        match fd {
            None => Payload::new(false, 1),
            Some(fd) => {
                EXTERNAL_PAYLOADS.fetch_add(1, Ordering::SeqCst);
                Payload { timeline: false, local: AtomicU64::new(0), shared: None, sync_file: Some(fd) }
            }
        }
    }

    /// A payload in a new shared file holding `content`, starting at `value`.
    pub fn new_shared(content: crate::memfd::Content, value: u64) -> Result<Payload, crate::memfd::Error> {
        let m = crate::memfd::Mapping::create(content, 8)?;
        Ok(Payload::in_file(content, m, value))
    }

    /// A payload whose word is the first 8 bytes of `mapping` (a file holding `content`);
    /// `value`, when given, is stored first (a new file).
    fn in_file(content: crate::memfd::Content, mapping: crate::memfd::Mapping, value: u64) -> Payload {
        EXTERNAL_PAYLOADS.fetch_add(1, Ordering::SeqCst);
        let p = Payload {
            timeline: content == crate::memfd::Content::TimelineSemaphore,
            local: AtomicU64::new(0),
            shared: Some(mapping),
            sync_file: None,
        };
        if value != 0 {
            p.word().store(value, Ordering::SeqCst);
        }
        p
    }

    /// The payload of an imported file holding `content`.
    pub fn imported(content: crate::memfd::Content, mapping: crate::memfd::Mapping) -> Payload {
        Payload::in_file(content, mapping, 0)
    }

    /// The shared file of the payload, if it has one.
    pub fn file(&self) -> Option<&crate::memfd::Mapping> {
        self.shared.as_ref()
    }

    fn word(&self) -> &AtomicU64 {
        match &self.shared {
            // SAFETY: a page-aligned shared mapping of at least 8 bytes (`memfd` maps whole
            // pages), alive as long as `self`; every access to it is atomic.
            Some(m) => unsafe { &*(m.ptr() as *const AtomicU64) },
            None => &self.local,
        }
    }

    /// For a submission's wait: whether it is satisfied, under the hub lock (a binary
    /// semaphore is unsignaled by the wait that takes it; a sync file stays signaled, and
    /// is only ever a temporary payload, which one wait uses up).
    pub fn take(&self, value: u64) -> bool {
        if self.timeline {
            self.word().load(Ordering::SeqCst) >= value
        } else {
            self.word().compare_exchange(1, 0, Ordering::SeqCst, Ordering::SeqCst).is_ok()
                || self.sync_file.as_ref().is_some_and(crate::memfd::sync_file_signaled)
        }
    }

    /// A signal operation (call inside [`change`]): binary to 1, timeline to `value` (it
    /// never goes back).
    pub fn signal(&self, value: u64) {
        if self.timeline {
            self.word().fetch_max(value, Ordering::SeqCst);
        } else {
            self.word().store(1, Ordering::SeqCst);
        }
    }

    fn value(&self) -> u64 {
        let v = self.word().load(Ordering::SeqCst);
        if v == 0 && self.sync_file.as_ref().is_some_and(crate::memfd::sync_file_signaled) {
            1
        } else {
            v
        }
    }
}

impl Drop for Payload {
    fn drop(&mut self) {
        if self.shared.is_some() || self.sync_file.is_some() {
            EXTERNAL_PAYLOADS.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// The payloads of a fence or semaphore: its own (permanent) one, and one imported
/// temporarily, which stands in for it until the object is reset (fence) or waited on
/// (semaphore).
pub struct Payloads {
    pub permanent: Arc<Payload>,
    pub temporary: Option<Arc<Payload>>,
}

impl Payloads {
    fn new(p: Payload) -> Mutex<Payloads> {
        Mutex::new(Payloads { permanent: Arc::new(p), temporary: None })
    }

    fn current(&self) -> &Arc<Payload> {
        self.temporary.as_ref().unwrap_or(&self.permanent)
    }
}

fn lock_payloads(m: &Mutex<Payloads>) -> MutexGuard<'_, Payloads> {
    // Every change of `Payloads` is one assignment, so a poisoned lock is still consistent.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A fence.
pub struct Fence {
    payloads: Mutex<Payloads>,
}

impl Fence {
    /// Signal it (its current payload).
    pub fn signal(&self) {
        change(|| self.payload().signal(1));
    }

    /// Reset it: a temporarily imported payload is dropped, then its own is unsignaled.
    fn reset(&self) {
        change(|| {
            let mut p = lock_payloads(&self.payloads);
            p.temporary = None;
            p.permanent.word().store(0, Ordering::SeqCst);
        });
    }

    fn is_set(&self) -> bool {
        self.payload().value() != 0
    }

    /// Its current payload.
    pub fn payload(&self) -> Arc<Payload> {
        lock_payloads(&self.payloads).current().clone()
    }

    /// Its payloads, for an import.
    pub fn payloads(&self) -> MutexGuard<'_, Payloads> {
        lock_payloads(&self.payloads)
    }
}

/// A semaphore, binary or timeline.
pub struct Semaphore {
    pub timeline: bool,
    payloads: Mutex<Payloads>,
}

impl Semaphore {
    /// Its current payload (what a signal operation submitted now signals).
    pub fn payload(&self) -> Arc<Payload> {
        lock_payloads(&self.payloads).current().clone()
    }

    /// The payload a wait operation submitted now waits on: a temporarily imported one is
    /// used by this wait and the semaphore returns to its own payload.
    pub fn payload_for_wait(&self) -> Arc<Payload> {
        let mut p = lock_payloads(&self.payloads);
        p.temporary.take().unwrap_or_else(|| p.permanent.clone())
    }

    /// Its payloads, for an import.
    pub fn payloads(&self) -> MutexGuard<'_, Payloads> {
        lock_payloads(&self.payloads)
    }

    fn counter(&self) -> u64 {
        self.payload().value()
    }
}

/// An event.
pub struct Event {
    state: AtomicBool,
}

impl Event {
    /// Set or reset it.
    pub fn set(&self, value: bool) {
        change(|| self.state.store(value, Ordering::SeqCst));
    }

    fn is_set(&self) -> bool {
        self.state.load(Ordering::SeqCst)
    }
}

/// `vkCmdWaitEvents` when it runs: block until every event is set. Errors when the device
/// is lost or destroyed meanwhile, or the wait passes the device's time limit.
pub fn wait_events(d: &DeviceState, events: &[Arc<Event>]) -> Result<(), String> {
    let deadline = d.sync.timeout.and_then(|t| Instant::now().checked_add(t));
    match wait(deadline, || events.iter().all(|e| e.is_set()), || stopped(d)) {
        Waited::Done => Ok(()),
        Waited::Stopped => Err("vkCmdWaitEvents: the device was lost or destroyed while waiting".to_string()),
        Waited::TimedOut => Err(format!(
            "vkCmdWaitEvents: the events were not set within the time limit of {:.3} s (SPIRJIT_VK_TIMEOUT_MS)",
            d.sync.timeout.unwrap_or_default().as_secs_f64()
        )),
    }
}

/// The result of a host wait that ended.
fn host_wait_result(w: Waited) -> Result<vk::Result, vk::Result> {
    match w {
        Waited::Done => OK,
        Waited::TimedOut => Ok(vk::Result::TIMEOUT),
        Waited::Stopped => Err(vk::Result::ERROR_DEVICE_LOST),
    }
}

pub unsafe extern "system" fn create_fence(
    raw: vk::Device,
    info: *const vk::FenceCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Fence,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let signaled = u64::from(info.flags.contains(vk::FenceCreateFlags::SIGNALED));
        // SAFETY: the caller's chain.
        let payload = if unsafe { crate::external::fence_exportable(info)? } {
            Payload::new_shared(crate::memfd::Content::Fence, signaled).map_err(crate::external::system_error)?
        } else {
            Payload::new(false, signaled)
        };
        let id = handles::new_object(Arc::new(Fence { payloads: Payloads::new(payload) }), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::Fence::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_fence(
    _raw: vk::Device,
    fence: vk::Fence,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<Fence>(fence.as_raw());
    })
}

pub unsafe extern "system" fn reset_fences(_raw: vk::Device, count: u32, fences: *const vk::Fence) -> vk::Result {
    guard(|| {
        // SAFETY: the caller's array.
        for f in unsafe { slice(fences, count)? } {
            handles::get::<Fence>(f.as_raw())?.reset();
        }
        OK
    })
}

pub unsafe extern "system" fn get_fence_status(raw: vk::Device, fence: vk::Fence) -> vk::Result {
    guard(|| {
        let d = device(raw)?;
        if d.state.lost.load(Ordering::SeqCst) {
            return Err(vk::Result::ERROR_DEVICE_LOST);
        }
        Ok(if handles::get::<Fence>(fence.as_raw())?.is_set() { vk::Result::SUCCESS } else { vk::Result::NOT_READY })
    })
}

pub unsafe extern "system" fn wait_for_fences(
    raw: vk::Device,
    count: u32,
    fences: *const vk::Fence,
    wait_all: vk::Bool32,
    timeout: u64,
) -> vk::Result {
    guard(|| {
        let d = device(raw)?;
        // SAFETY: the caller's array.
        let fences = unsafe { slice(fences, count)? }
            .iter()
            .map(|f| handles::get::<Fence>(f.as_raw()))
            .collect::<Result<Vec<_>, _>>()?;
        let all = wait_all == vk::TRUE;
        let ready = || if all { fences.iter().all(|f| f.is_set()) } else { fences.iter().any(|f| f.is_set()) };
        // A lost device fails the wait even when the fences are signaled (Vulkan allows both;
        // failing tells the application sooner).
        let state = &d.state;
        host_wait_result(wait(deadline(timeout), || !state.lost.load(Ordering::SeqCst) && ready(), || stopped(state)))
    })
}

/// The semaphore type a create info's chain asks for, and its initial value.
///
/// # Safety
/// `info`'s chain must be valid.
unsafe fn semaphore_type(info: &vk::SemaphoreCreateInfo<'_>) -> (bool, u64) {
    // SAFETY: the caller's contract; each struct is read as the type its sType names.
    unsafe {
        let mut next = info.p_next as *const vk::BaseInStructure<'_>;
        while let Some(s) = next.as_ref() {
            if s.s_type == vk::StructureType::SEMAPHORE_TYPE_CREATE_INFO {
                let t = &*(next as *const vk::SemaphoreTypeCreateInfo<'_>);
                if t.semaphore_type == vk::SemaphoreType::TIMELINE {
                    return (true, t.initial_value);
                }
            }
            next = s.p_next;
        }
    }
    (false, 0)
}

pub unsafe extern "system" fn create_semaphore(
    raw: vk::Device,
    info: *const vk::SemaphoreCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Semaphore,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        // SAFETY: the caller's create info and its chain.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        // SAFETY: as above.
        let (timeline, initial) = unsafe { semaphore_type(info) };
        // SAFETY: the caller's chain.
        let payload = if unsafe { crate::external::semaphore_exportable(info)? } {
            Payload::new_shared(crate::external::semaphore_content(timeline), initial)
                .map_err(crate::external::system_error)?
        } else {
            Payload::new(timeline, initial)
        };
        let id = handles::new_object(Arc::new(Semaphore { timeline, payloads: Payloads::new(payload) }), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::Semaphore::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_semaphore(
    _raw: vk::Device,
    semaphore: vk::Semaphore,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<Semaphore>(semaphore.as_raw());
    })
}

fn timeline(raw: vk::Semaphore, what: &str) -> Result<Arc<Semaphore>, vk::Result> {
    let s = handles::get::<Semaphore>(raw.as_raw())?;
    if !s.timeline {
        handles::log(&format!("{what}: semaphore {:#x} is binary, not a timeline semaphore", raw.as_raw()));
        return Err(vk::Result::ERROR_UNKNOWN);
    }
    Ok(s)
}

pub unsafe extern "system" fn get_semaphore_counter_value(
    raw: vk::Device,
    semaphore: vk::Semaphore,
    out: *mut u64,
) -> vk::Result {
    guard(|| {
        let d = device(raw)?;
        let s = timeline(semaphore, "vkGetSemaphoreCounterValue")?;
        if d.state.lost.load(Ordering::SeqCst) {
            return Err(vk::Result::ERROR_DEVICE_LOST);
        }
        // SAFETY: the caller's output pointer.
        unsafe { put(out, s.counter()) }
    })
}

pub unsafe extern "system" fn wait_semaphores(
    raw: vk::Device,
    info: *const vk::SemaphoreWaitInfo<'_>,
    timeout: u64,
) -> vk::Result {
    guard(|| {
        let d = device(raw)?;
        // SAFETY: the caller's wait info and its arrays.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        // SAFETY: as above.
        let (sems, values) =
            unsafe { (slice(info.p_semaphores, info.semaphore_count)?, slice(info.p_values, info.semaphore_count)?) };
        let sems = sems.iter().map(|&s| timeline(s, "vkWaitSemaphores")).collect::<Result<Vec<_>, _>>()?;
        let any = info.flags.contains(vk::SemaphoreWaitFlags::ANY);
        let reached = |(s, v): (&Arc<Semaphore>, &u64)| s.counter() >= *v;
        let ready = || {
            if any {
                sems.iter().zip(values).any(reached)
            } else {
                sems.iter().zip(values).all(reached)
            }
        };
        let state = &d.state;
        host_wait_result(wait(deadline(timeout), ready, || stopped(state)))
    })
}

pub unsafe extern "system" fn signal_semaphore(
    raw: vk::Device,
    info: *const vk::SemaphoreSignalInfo<'_>,
) -> vk::Result {
    guard(|| {
        let d = device(raw)?;
        // SAFETY: the caller's signal info.
        let info = unsafe { info.as_ref() }.ok_or(vk::Result::ERROR_UNKNOWN)?;
        let s = timeline(info.semaphore, "vkSignalSemaphore")?;
        if d.state.lost.load(Ordering::SeqCst) {
            return Err(vk::Result::ERROR_DEVICE_LOST);
        }
        change(|| s.payload().signal(info.value));
        OK
    })
}

pub unsafe extern "system" fn create_event(
    raw: vk::Device,
    info: *const vk::EventCreateInfo<'_>,
    _alloc: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Event,
) -> vk::Result {
    guard(|| {
        device(raw)?;
        if info.is_null() {
            return Err(vk::Result::ERROR_UNKNOWN);
        }
        let id = handles::new_object(Arc::new(Event { state: AtomicBool::new(false) }), raw.as_raw());
        // SAFETY: the caller's output pointer.
        unsafe { put(out, vk::Event::from_raw(id)) }
    })
}

pub unsafe extern "system" fn destroy_event(
    _raw: vk::Device,
    event: vk::Event,
    _alloc: *const vk::AllocationCallbacks<'_>,
) {
    guard_void(|| {
        handles::free_object::<Event>(event.as_raw());
    })
}

pub unsafe extern "system" fn get_event_status(_raw: vk::Device, event: vk::Event) -> vk::Result {
    guard(|| {
        let e = handles::get::<Event>(event.as_raw())?;
        Ok(if e.is_set() { vk::Result::EVENT_SET } else { vk::Result::EVENT_RESET })
    })
}

pub unsafe extern "system" fn set_event(_raw: vk::Device, event: vk::Event) -> vk::Result {
    guard(|| {
        handles::get::<Event>(event.as_raw())?.set(true);
        OK
    })
}

pub unsafe extern "system" fn reset_event(_raw: vk::Device, event: vk::Event) -> vk::Result {
    guard(|| {
        handles::get::<Event>(event.as_raw())?.set(false);
        OK
    })
}

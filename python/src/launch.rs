//! Launching a kernel from Python: turning classified arguments into runtime `Arg`s
//! (NumPy arrays zero-copy) and running the dispatch with the GIL released.
//!
//! A dispatch runs on the calling thread when that is safe for signal handling (see
//! `interrupt`: any thread but Python's main one, and the main one while Ctrl-C is
//! watched and the kernel's last run was short), which costs no thread hand-over. Else it
//! runs on a helper thread while the caller polls for Ctrl-C and other signals
//! (cancelling the dispatch when a handler raises). Helper threads are kept and reused
//! (one per concurrent launch), so that path costs a hand-over, not a thread start.
//! Images travel to the launch thread and back (see `image`); an image passed to several
//! parameters of one launch travels once and is lent to each as a read-only image
//! (`Arg::ReadOnlyImage`), which the runtime refuses for parameters that may write it:
//! reads through one binding would race with writes through the other. A launch may carry a time
//! limit; it runs alongside the Ctrl-C cancel token (the runtime reports which stopped
//! the dispatch).
//!
//! This module must not check arguments against parameter types beyond what memory
//! safety needs (contiguity, writability, object dtypes); the runtime and the Python
//! layer do that.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::Duration;

use numpy::npyffi::flags::{NPY_ARRAY_C_CONTIGUOUS, NPY_ARRAY_WRITEABLE};
use numpy::{PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};
use spirjit::{Arg, CancelToken, Kernel, NdRange, RunInfo};

use crate::errors::{argument, internal, to_py};
use crate::interrupt::{self, Inline};

/// How often the waiting thread checks for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// Runs at least this long (nanoseconds) are "long": the next launch of the kernel from
/// the main thread goes to a helper thread, so that every signal handler keeps running.
const LONG_RUN_NS: u64 = 2_000_000;

/// Most idle helper threads kept for later launches.
const MAX_IDLE_HELPERS: usize = 8;

/// What a helper thread runs: one launch, whose result it sends back itself.
type Job = Box<dyn FnOnce() + Send + 'static>;

/// Idle helper threads, each waiting on its job channel.
static IDLE: Mutex<Vec<mpsc::Sender<Job>>> = Mutex::new(Vec::new());

/// Run `job` on an idle helper thread (starting one when none is idle); returns the
/// helper's channel, to give back with [`release_helper`] once the job is done.
fn start_on_helper(job: Job) -> Result<mpsc::Sender<Job>, String> {
    let idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner).pop();
    let job = match idle {
        Some(tx) => match tx.send(job) {
            Ok(()) => return Ok(tx),
            // The helper is gone (it never exits while its sender lives; be safe).
            Err(mpsc::SendError(job)) => job,
        },
        None => job,
    };
    let (tx, rx) = mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("spirjit-launch".into())
        .spawn(move || {
            while let Ok(job) = rx.recv() {
                job();
            }
        })
        .map_err(|e| e.to_string())?;
    tx.send(job).map_err(|_| "the new launch thread ended at once".to_string())?;
    Ok(tx)
}

/// Keep the helper behind `tx` for later launches.
fn release_helper(tx: mpsc::Sender<Job>) {
    let mut idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner);
    if idle.len() < MAX_IDLE_HELPERS {
        idle.push(tx);
    }
}

/// A classified argument whose memory stays valid while the call holds `array`.
pub enum Prepared {
    Buffer {
        ptr: *mut u8,
        len: usize,
        writable: bool,
    },
    Value(Vec<u8>),
    Local(usize),
    Image(crate::image::TakenImage),
    /// A combined image sampler (Vulkan).
    SampledImage(crate::image::TakenImage, spirjit::Sampler),
    /// An image passed to several parameters of the launch (with the sampler of a
    /// combined image sampler): each gets it read-only.
    SharedImage(Arc<crate::image::TakenImage>, Option<spirjit::Sampler>),
    Sampler(spirjit::Sampler),
    /// A buffer the kernel reaches through its device address (not an argument).
    Device {
        ptr: *mut u8,
        len: usize,
    },
}

// SAFETY: the pointers refer to NumPy array memory kept alive (by references held in
// `run`) until the dispatch has finished; only the launch thread uses them meanwhile.
unsafe impl Send for Prepared {}
// SAFETY: as above; shared references only read the pointer values.
unsafe impl Sync for Prepared {}

/// Images passed to more than one parameter of a launch, by the address of their
/// `NativeImage` object: taken on first use, then shared by every use.
type SharedImages = HashMap<usize, Option<Arc<crate::image::TakenImage>>>;

/// The image object of launch argument `item` when it is an image or a combined image
/// sampler.
fn image_object<'py>(item: &Bound<'py, PyAny>) -> Option<Bound<'py, PyAny>> {
    let tuple = item.cast::<PyTuple>().ok()?;
    let kind: String = tuple.get_item(0).ok()?.extract().ok()?;
    let obj = tuple.get_item(1).ok()?;
    match kind.as_str() {
        "image" => Some(obj),
        "sampled_image" => obj.cast::<PyTuple>().ok()?.get_item(0).ok(),
        _ => None,
    }
}

/// The images `items` pass more than once, none taken yet.
fn repeated_images(items: &[Bound<'_, PyAny>]) -> SharedImages {
    let mut uses: HashMap<usize, usize> = HashMap::new();
    for item in items {
        if let Some(img) = image_object(item) {
            *uses.entry(img.as_ptr() as usize).or_default() += 1;
        }
    }
    uses.into_iter().filter(|&(_, n)| n > 1).map(|(k, _)| (k, None)).collect()
}

/// Take `img` for the launch: alone, or shared when `shared` lists it.
fn take_image(
    img: &Bound<'_, crate::image::NativeImage>,
    shared: &mut SharedImages,
    sampler: Option<spirjit::Sampler>,
) -> PyResult<Prepared> {
    let Some(slot) = shared.get_mut(&(img.as_ptr() as usize)) else {
        let t = img.get().take()?;
        return Ok(match sampler {
            Some(s) => Prepared::SampledImage(t, s),
            None => Prepared::Image(t),
        });
    };
    let t = match slot {
        Some(t) => t.clone(),
        None => slot.insert(Arc::new(img.get().take()?)).clone(),
    };
    Ok(Prepared::SharedImage(t, sampler))
}

fn prepare(kernel: &Kernel, index: usize, item: &Bound<'_, PyAny>, shared: &mut SharedImages) -> PyResult<Prepared> {
    let tuple = item.cast::<PyTuple>().map_err(|_| internal("launch arguments must be (kind, object) tuples"))?;
    if tuple.len() != 2 {
        return Err(internal("launch arguments must be (kind, object) pairs"));
    }
    let kind: String = tuple.get_item(0)?.extract()?;
    let obj = tuple.get_item(1)?;
    let what = || {
        let name = kernel.params().get(index).and_then(|p| p.name.clone()).unwrap_or_else(|| format!("arg{index}"));
        format!("kernel `{}` argument {index} `{name}`", kernel.name())
    };
    match kind.as_str() {
        "buffer" => {
            let arr = obj
                .cast::<PyUntypedArray>()
                .map_err(|_| argument(format!("{} needs a NumPy array, got {}", what(), type_name(&obj))))?;
            let dtype = arr.dtype();
            if dtype.has_object() {
                return Err(argument(format!(
                    "{} got an array of Python objects (dtype {}); pass an array of numbers",
                    what(),
                    dtype.str()?
                )));
            }
            let raw = arr.as_array_ptr();
            // SAFETY: `raw` is the live array object `arr` refers to.
            let (data, flags) = unsafe { ((*raw).fields.data as *mut u8, (*raw).fields.flags) };
            if flags & NPY_ARRAY_C_CONTIGUOUS == 0 && !arr.is_c_contiguous() {
                return Err(argument(format!(
                    "{} got a non-contiguous array; pass np.ascontiguousarray(...) (and copy results back)",
                    what()
                )));
            }
            let len = arr.len().checked_mul(dtype.itemsize()).ok_or_else(|| internal("array size overflows"))?;
            Ok(Prepared::Buffer { ptr: data, len, writable: flags & NPY_ARRAY_WRITEABLE != 0 })
        }
        "value" => {
            let b = obj.cast::<PyBytes>().map_err(|_| internal("value arguments must be bytes"))?;
            Ok(Prepared::Value(b.as_bytes().to_vec()))
        }
        "local" => Ok(Prepared::Local(obj.extract()?)),
        "device" => match prepare(kernel, index, &("buffer", obj.clone()).into_pyobject(obj.py())?.into_any(), shared)?
        {
            Prepared::Buffer { ptr, len, writable: true } => Ok(Prepared::Device { ptr, len }),
            _ => Err(argument(format!(
                "device buffer {index} must be a writable array (kernels may write through device addresses)"
            ))),
        },
        "image" => {
            let img =
                obj.cast::<crate::image::NativeImage>().map_err(|_| internal("image arguments must be images"))?;
            take_image(img, shared, None)
        }
        "sampler" => {
            let (normalized, addressing, filter): (bool, String, String) = obj.extract()?;
            crate::image::sampler(normalized, &addressing, &filter).map(Prepared::Sampler)
        }
        "vulkan_sampler" => vulkan_sampler(&obj).map(Prepared::Sampler),
        "sampled_image" => {
            let (img, smp): (Bound<'_, PyAny>, Bound<'_, PyAny>) = obj.extract()?;
            let smp = vulkan_sampler(&smp)?;
            let img = img
                .cast::<crate::image::NativeImage>()
                .map_err(|_| internal("sampled image arguments must hold images"))?;
            take_image(img, shared, Some(smp))
        }
        other => Err(internal(format!("unknown launch argument kind `{other}`"))),
    }
}

/// A Vulkan sampler from `(normalized, filter, (u, v, w), border, compare)`.
fn vulkan_sampler(obj: &Bound<'_, PyAny>) -> PyResult<spirjit::Sampler> {
    type Fields = (bool, String, [String; 3], String, Option<String>);
    let (normalized, filter, addressing, border, compare): Fields = obj.extract()?;
    crate::image::vulkan_sampler(normalized, &filter, addressing, &border, compare.as_deref())
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "an object".into())
}

/// Build runtime arguments from prepared ones, and the device-address buffers (the
/// `Device` entries, which are not arguments).
///
/// # Safety
/// Every buffer pointer must stay valid for `len` bytes, and unaliased by Rust
/// references, for the lifetime `'a`.
unsafe fn to_args<'a>(prepared: &'a mut [Prepared]) -> (Vec<Arg<'a>>, Vec<&'a mut [u8]>) {
    let (device, args): (Vec<&'a mut Prepared>, Vec<&'a mut Prepared>) =
        prepared.iter_mut().partition(|p| matches!(p, Prepared::Device { .. }));
    let device = device
        .into_iter()
        .filter_map(|p| match p {
            Prepared::Device { len: 0, .. } => None,
            // SAFETY: guaranteed by the caller.
            Prepared::Device { ptr, len } => Some(unsafe { std::slice::from_raw_parts_mut(*ptr, *len) }),
            _ => None,
        })
        .collect();
    let args = args
        .into_iter()
        .map(|p| match p {
            // Not reachable (partitioned out above).
            Prepared::Device { .. } => Arg::Local(0),
            Prepared::Buffer { len: 0, writable: true, .. } => Arg::Buffer(&mut []),
            Prepared::Buffer { len: 0, writable: false, .. } => Arg::ReadOnly(&[]),
            // SAFETY: guaranteed by the caller.
            Prepared::Buffer { ptr, len, writable: true } => {
                Arg::Buffer(unsafe { std::slice::from_raw_parts_mut(*ptr, *len) })
            }
            // SAFETY: guaranteed by the caller.
            Prepared::Buffer { ptr, len, writable: false } => {
                Arg::ReadOnly(unsafe { std::slice::from_raw_parts(*ptr as *const u8, *len) })
            }
            Prepared::Value(v) => Arg::Value(std::mem::take(v)),
            Prepared::Local(n) => Arg::Local(*n),
            Prepared::Image(t) => match t.image_mut() {
                Some(img) => Arg::Image(img),
                // Not reachable (a taken image is always present); the runtime then
                // reports a wrong argument kind instead of crashing.
                None => Arg::Local(0),
            },
            Prepared::SampledImage(t, s) => match t.image_mut() {
                Some(img) => Arg::SampledImage(img, *s),
                None => Arg::Local(0),
            },
            Prepared::SharedImage(t, s) => match (t.image(), s) {
                (Some(img), Some(s)) => Arg::ReadOnlySampledImage(img, *s),
                (Some(img), None) => Arg::ReadOnlyImage(img),
                (None, _) => Arg::Local(0),
            },
            Prepared::Sampler(s) => Arg::Sampler(*s),
        })
        .collect();
    (args, device)
}

/// The time limit of a launch from `timeout=` in seconds: None (and infinity, and limits
/// too large for a `Duration`) for none. The Python layer has already refused anything
/// but a positive number; this refuses it again instead of panicking.
pub fn time_limit(seconds: Option<f64>) -> PyResult<Option<Duration>> {
    match seconds {
        None => Ok(None),
        Some(s) if s.is_nan() || s <= 0.0 => {
            Err(argument(format!("timeout must be a positive number of seconds or None, got {s}")))
        }
        Some(s) => Ok(Duration::try_from_secs_f64(s).ok()),
    }
}

/// Run `kernel` with the prepared arguments (and device-address buffers), cancellable
/// through `token` and stopped after `timeout`.
///
/// # Safety
/// As [`to_args`].
unsafe fn run_prepared(
    kernel: &Kernel,
    range: &NdRange,
    prepared: &mut [Prepared],
    token: Option<&CancelToken>,
    timeout: Option<Duration>,
) -> spirjit::Result<RunInfo> {
    // SAFETY: guaranteed by the caller.
    let (mut args, mut device) = unsafe { to_args(prepared) };
    let options = spirjit::RunOptions { timeout, cancel: token.cloned() };
    kernel.run_with_device_buffers(range, &mut args, &mut device, &options)
}

/// Run `kernel` over `range` with the classified `args`, stopped after `timeout`; see
/// `NativeKernel.run`.
pub fn run(
    py: Python<'_>,
    kernel: &Kernel,
    range: &NdRange,
    args: &Bound<'_, PyList>,
    recent: &AtomicU64,
    timeout: Option<Duration>,
) -> PyResult<RunInfo> {
    // `args` (and so every array in it) stays referenced until this function returns,
    // which is after the dispatch has finished.
    let items: Vec<Bound<'_, PyAny>> = args.iter().collect();
    // On an error, the images taken so far go back to their cells as `prepared` drops.
    let mut shared = repeated_images(&items);
    let prepared =
        items.iter().enumerate().map(|(i, a)| prepare(kernel, i, a, &mut shared)).collect::<PyResult<Vec<_>>>()?;
    drop(shared);
    // SAFETY: `items` holds every array until `execute` has returned.
    let r = unsafe { execute(py, kernel, range, prepared, recent, timeout) };
    drop(items);
    r
}

/// Run a launch whose arguments are prepared, with the GIL released: on the calling
/// thread when no Python signal handler needs to run meanwhile or Ctrl-C can be watched
/// (see `interrupt`), else on a helper thread while this one polls for signals.
/// `recent`: the duration of the kernel's last run in nanoseconds (`u64::MAX`: none yet),
/// updated here. `timeout`: the dispatch's time limit (`spirjit::Error::TimedOut` past
/// it); Ctrl-C still cancels it before then.
///
/// # Safety
/// The caller keeps every array behind a buffer in `prepared` alive, and not resized,
/// until this function returns.
pub unsafe fn execute(
    py: Python<'_>,
    kernel: &Kernel,
    range: &NdRange,
    mut prepared: Vec<Prepared>,
    recent: &AtomicU64,
    timeout: Option<Duration>,
) -> PyResult<RunInfo> {
    let likely_short = recent.load(Ordering::Relaxed) < LONG_RUN_NS;
    let watch = match interrupt::inline(py, likely_short)? {
        Inline::HandOff => {
            let info = hand_off(py, kernel, range, prepared, timeout)?;
            recent.store(nanos(&info), Ordering::Relaxed);
            return Ok(info);
        }
        Inline::Unwatched => None,
        Inline::Watched(w) => Some(w),
    };
    let outcome = py.detach(|| {
        catch_unwind(AssertUnwindSafe(|| {
            // SAFETY: guaranteed by the caller of `execute`.
            unsafe { run_prepared(kernel, range, &mut prepared, watch.as_ref().map(|w| w.token()), timeout) }
        }))
    });
    let watched = watch.is_some();
    drop(watch);
    drop(prepared);
    match outcome {
        Ok(Ok(info)) => {
            recent.store(nanos(&info), Ordering::Relaxed);
            Ok(info)
        }
        Ok(Err(e)) => {
            if watched {
                // Cancelled by Ctrl-C (or timed out while one came): raise what Python's
                // handler raises.
                py.check_signals()?;
            }
            Err(to_py(e))
        }
        Err(_) => Err(internal("the kernel launch panicked")),
    }
}

fn nanos(info: &RunInfo) -> u64 {
    u64::try_from(info.elapsed.as_nanos()).unwrap_or(u64::MAX - 1)
}

/// Run the launch on a helper thread and wait for it with the GIL released, running
/// Python's signal handlers every [`SIGNAL_POLL`]; cancels the kernel when one raises.
/// The helper runs the kernel under `timeout` as well.
fn hand_off(
    py: Python<'_>,
    kernel: &Kernel,
    range: &NdRange,
    prepared: Vec<Prepared>,
    timeout: Option<Duration>,
) -> PyResult<RunInfo> {
    let mut prepared = prepared;
    let token = CancelToken::new();
    type Outcome = (std::thread::Result<spirjit::Result<RunInfo>>, Vec<Prepared>);
    let (tx, mut rx) = mpsc::channel::<Outcome>();
    let job: Job = {
        let (kernel, range, token) = (kernel.clone(), range.clone(), token.clone());
        Box::new(move || {
            let r = catch_unwind(AssertUnwindSafe(|| {
                // SAFETY: the arrays behind `prepared` are kept alive by the caller of
                // `execute`, which waits for this job's outcome.
                unsafe { run_prepared(&kernel, &range, &mut prepared, Some(&token), timeout) }
            }));
            let _ = tx.send((r, prepared));
        })
    };
    let helper = match start_on_helper(job) {
        Ok(h) => h,
        Err(e) => return Err(internal(format!("cannot start the launch thread: {e}"))),
    };
    let mut interrupt: Option<PyErr> = None;
    let result = loop {
        let receiver = &mut rx;
        match py.detach(move || receiver.recv_timeout(SIGNAL_POLL)) {
            Ok((Ok(r), _)) => break r.map_err(to_py),
            Ok((Err(_), _)) => break Err(internal("the kernel launch panicked")),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if interrupt.is_none() {
                    if let Err(e) = py.check_signals() {
                        token.cancel();
                        interrupt = Some(e);
                    }
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                // The job was dropped without running: the arrays were never touched.
                return Err(internal("the launch thread ended without a result"));
            }
        }
    };
    release_helper(helper);
    if let Some(e) = interrupt {
        return Err(e);
    }
    result
}

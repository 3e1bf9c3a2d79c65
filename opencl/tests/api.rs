//! The platform through its ICD interface, as the loader sees it: the platform comes from
//! `clIcdGetPlatformIDsKHR`, and every other call goes through the dispatch table that is
//! the first word of each object. Runs without an ICD loader or PyOpenCL.

use std::ffi::c_void;
use std::ptr::{null, null_mut};

use spirjit_opencl::tables::*;

type H = *mut c_void;

/// The function in dispatch slot `name` of object `h`, as type `F`.
fn slot<F: Copy>(h: H, name: &str) -> F {
    let index = DISPATCH_SLOTS.iter().position(|(n, _)| *n == name).expect("a dispatch slot");
    // SAFETY: `h` is a live platform object whose first word is the dispatch table, an
    // array of function addresses in `DISPATCH_SLOTS` order; `F` is that slot's type.
    unsafe {
        let table = *(h as *const *const usize);
        let f = *table.add(index);
        std::mem::transmute_copy::<usize, F>(&f)
    }
}

struct Cl {
    platform: H,
    device: H,
    context: H,
    queue: H,
}

type GetInfo = unsafe extern "C" fn(H, u32, usize, *mut c_void, *mut usize) -> i32;
type Release = unsafe extern "C" fn(H) -> i32;

fn setup() -> Cl {
    let mut platform = null_mut();
    let mut n = 0u32;
    // SAFETY: valid outputs for one platform.
    assert_eq!(unsafe { spirjit_opencl::clIcdGetPlatformIDsKHR(1, &mut platform, &mut n) }, CL_SUCCESS);
    assert_eq!(n, 1);
    let get_devices: unsafe extern "C" fn(H, u64, u32, *mut H, *mut u32) -> i32 = slot(platform, "clGetDeviceIDs");
    let mut device = null_mut();
    // SAFETY: valid outputs.
    assert_eq!(unsafe { get_devices(platform, CL_DEVICE_TYPE_ALL, 1, &mut device, null_mut()) }, CL_SUCCESS);
    let create_context: unsafe extern "C" fn(*const isize, u32, *const H, *const c_void, H, *mut i32) -> H =
        slot(platform, "clCreateContext");
    let mut err = 0;
    // SAFETY: one valid device.
    let context = unsafe { create_context(null(), 1, &device, null(), null_mut(), &mut err) };
    assert_eq!(err, CL_SUCCESS);
    let create_queue: unsafe extern "C" fn(H, H, u64, *mut i32) -> H = slot(platform, "clCreateCommandQueue");
    // SAFETY: live context and device.
    let queue = unsafe { create_queue(context, device, CL_QUEUE_PROFILING_ENABLE, &mut err) };
    assert_eq!(err, CL_SUCCESS);
    Cl { platform, device, context, queue }
}

fn info_string(f: GetInfo, h: H, param: u64) -> String {
    let mut size = 0;
    // SAFETY: size query.
    assert_eq!(unsafe { f(h, param as u32, 0, null_mut(), &mut size) }, CL_SUCCESS);
    let mut buf = vec![0u8; size];
    // SAFETY: a buffer of the size reported.
    assert_eq!(unsafe { f(h, param as u32, size, buf.as_mut_ptr() as *mut c_void, null_mut()) }, CL_SUCCESS);
    String::from_utf8_lossy(&buf[..size.saturating_sub(1)]).into_owned()
}

fn buffer(cl: &Cl, flags: u64, bytes: &mut [u8]) -> H {
    let create: unsafe extern "C" fn(H, u64, usize, *mut c_void, *mut i32) -> H = slot(cl.platform, "clCreateBuffer");
    let mut err = 0;
    // SAFETY: `bytes` is valid for its length (copied at creation).
    let b = unsafe {
        create(cl.context, flags | CL_MEM_COPY_HOST_PTR, bytes.len(), bytes.as_mut_ptr() as *mut c_void, &mut err)
    };
    assert_eq!(err, CL_SUCCESS);
    b
}

fn read(cl: &Cl, b: H, out: &mut [u8]) -> i32 {
    type Read = unsafe extern "C" fn(H, H, u32, usize, usize, *mut c_void, u32, *const H, *mut H) -> i32;
    let f: Read = slot(cl.platform, "clEnqueueReadBuffer");
    // SAFETY: a blocking read into `out`.
    unsafe { f(cl.queue, b, 1, 0, out.len(), out.as_mut_ptr() as *mut c_void, 0, null(), null_mut()) }
}

fn program_from_spirv(cl: &Cl, path: &str) -> H {
    let il = std::fs::read(format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))).expect("the corpus module");
    let create: unsafe extern "C" fn(H, *const c_void, usize, *mut i32) -> H =
        slot(cl.platform, "clCreateProgramWithIL");
    let mut err = 0;
    // SAFETY: `il` is valid for its length.
    let p = unsafe { create(cl.context, il.as_ptr() as *const c_void, il.len(), &mut err) };
    assert_eq!(err, CL_SUCCESS);
    let build: unsafe extern "C" fn(H, u32, *const H, *const i8, *const c_void, H) -> i32 =
        slot(cl.platform, "clBuildProgram");
    // SAFETY: a live program and device.
    assert_eq!(unsafe { build(p, 1, &cl.device, null(), null(), null_mut()) }, CL_SUCCESS);
    p
}

fn set_arg<T>(cl: &Cl, k: H, i: u32, v: &T) {
    let f: unsafe extern "C" fn(H, u32, usize, *const c_void) -> i32 = slot(cl.platform, "clSetKernelArg");
    // SAFETY: `v` is valid for its size.
    assert_eq!(unsafe { f(k, i, std::mem::size_of::<T>(), v as *const T as *const c_void) }, CL_SUCCESS);
}

fn floats(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_ne_bytes()).collect()
}

#[test]
fn platform_and_device_report_opencl_3() {
    let cl = setup();
    let pinfo: GetInfo = slot(cl.platform, "clGetPlatformInfo");
    assert!(info_string(pinfo, cl.platform, CL_PLATFORM_VERSION).starts_with("OpenCL 3.0"));
    assert_eq!(info_string(pinfo, cl.platform, CL_PLATFORM_ICD_SUFFIX_KHR), "spirjit");
    let dinfo: GetInfo = slot(cl.platform, "clGetDeviceInfo");
    assert!(info_string(dinfo, cl.device, CL_DEVICE_EXTENSIONS).contains("cl_khr_il_program"));
    let mut t = 0u64;
    // SAFETY: an 8-byte output.
    assert_eq!(
        unsafe { dinfo(cl.device, CL_DEVICE_TYPE as u32, 8, &mut t as *mut u64 as *mut c_void, null_mut()) },
        CL_SUCCESS
    );
    assert_eq!(t, CL_DEVICE_TYPE_CPU);
    // Too small an output is CL_INVALID_VALUE.
    let mut small = 0u8;
    // SAFETY: a 1-byte output, reported as such.
    let r = unsafe { dinfo(cl.device, CL_DEVICE_NAME as u32, 1, &mut small as *mut u8 as *mut c_void, null_mut()) };
    assert_eq!(r, CL_INVALID_VALUE);
}

#[test]
fn a_kernel_from_spirv_runs_and_its_event_has_profiling_times() {
    let cl = setup();
    let n = 1000usize;
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let b = vec![2.0f32; n];
    let (mut ab, mut bb, mut cb) = (floats(&a), floats(&b), floats(&vec![0.0; n]));
    let (da, db, dc) =
        (buffer(&cl, CL_MEM_READ_ONLY, &mut ab), buffer(&cl, CL_MEM_READ_ONLY, &mut bb), buffer(&cl, 0, &mut cb));
    let p = program_from_spirv(&cl, "tests/kernels/vadd_float.O2.spv");
    let create_kernel: unsafe extern "C" fn(H, *const i8, *mut i32) -> H = slot(cl.platform, "clCreateKernel");
    let mut err = 0;
    // SAFETY: a live program and a C string.
    let k = unsafe { create_kernel(p, c"vadd_float".as_ptr(), &mut err) };
    assert_eq!(err, CL_SUCCESS);
    set_arg(&cl, k, 0, &da);
    set_arg(&cl, k, 1, &db);
    set_arg(&cl, k, 2, &dc);
    set_arg(&cl, k, 3, &(n as i32));
    type Nd = unsafe extern "C" fn(H, H, u32, *const usize, *const usize, *const usize, u32, *const H, *mut H) -> i32;
    let nd: Nd = slot(cl.platform, "clEnqueueNDRangeKernel");
    let mut ev = null_mut();
    // SAFETY: one global size; an event output.
    assert_eq!(unsafe { nd(cl.queue, k, 1, null(), &n, null(), 0, null(), &mut ev) }, CL_SUCCESS);
    let mut out = vec![0u8; 4 * n];
    assert_eq!(read(&cl, dc, &mut out), CL_SUCCESS);
    let c: Vec<f32> = out.chunks(4).map(|x| f32::from_ne_bytes([x[0], x[1], x[2], x[3]])).collect();
    assert!(c.iter().enumerate().all(|(i, v)| *v == i as f32 + 2.0));
    let prof: GetInfo = slot(cl.platform, "clGetEventProfilingInfo");
    let (mut start, mut end) = (0u64, 0u64);
    // SAFETY: 8-byte outputs.
    unsafe {
        assert_eq!(
            prof(ev, CL_PROFILING_COMMAND_START as u32, 8, &mut start as *mut u64 as *mut c_void, null_mut()),
            CL_SUCCESS
        );
        assert_eq!(
            prof(ev, CL_PROFILING_COMMAND_END as u32, 8, &mut end as *mut u64 as *mut c_void, null_mut()),
            CL_SUCCESS
        );
    }
    assert!(start > 0 && end >= start);
}

#[test]
fn an_out_of_bounds_kernel_fails_its_event_and_the_process_lives() {
    let cl = setup();
    let n = 64usize;
    let (mut ab, mut bb, mut cb) = (floats(&[1.0; 64]), floats(&[1.0; 64]), floats(&[0.0; 64]));
    let (da, db, dc) = (buffer(&cl, 0, &mut ab), buffer(&cl, 0, &mut bb), buffer(&cl, 0, &mut cb));
    let p = program_from_spirv(&cl, "tests/kernels/vadd_float.O2.spv");
    let create_kernel: unsafe extern "C" fn(H, *const i8, *mut i32) -> H = slot(cl.platform, "clCreateKernel");
    let mut err = 0;
    // SAFETY: a live program and a C string.
    let k = unsafe { create_kernel(p, c"vadd_float".as_ptr(), &mut err) };
    for (i, b) in [da, db, dc].iter().enumerate() {
        set_arg(&cl, k, i as u32, b);
    }
    set_arg(&cl, k, 3, &1_000_000i32);
    let global = 4096usize; // past the 64-element buffers
    type Nd = unsafe extern "C" fn(H, H, u32, *const usize, *const usize, *const usize, u32, *const H, *mut H) -> i32;
    let nd: Nd = slot(cl.platform, "clEnqueueNDRangeKernel");
    let mut ev = null_mut();
    // SAFETY: one global size; an event output.
    assert_eq!(unsafe { nd(cl.queue, k, 1, null(), &global, null(), 0, null(), &mut ev) }, CL_SUCCESS);
    let wait: unsafe extern "C" fn(u32, *const H) -> i32 = slot(cl.platform, "clWaitForEvents");
    // SAFETY: one live event.
    assert_eq!(unsafe { wait(1, &ev) }, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    let einfo: GetInfo = slot(cl.platform, "clGetEventInfo");
    let mut status = 0i32;
    // SAFETY: a 4-byte output.
    unsafe {
        einfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS as u32, 4, &mut status as *mut i32 as *mut c_void, null_mut())
    };
    assert!(status < 0, "status {status}");
    let message = info_string(einfo, ev, u64::from(spirjit_opencl::CL_EVENT_SPIRJIT_MESSAGE));
    assert!(message.contains("out-of-bounds access"), "{message}");
    // The queue still works.
    let mut out = vec![0u8; 4 * n];
    assert_eq!(read(&cl, da, &mut out), CL_SUCCESS);
}

#[test]
fn a_user_event_holds_back_commands_that_wait_for_it() {
    let cl = setup();
    let mut bytes = vec![0u8; 16];
    let b = buffer(&cl, 0, &mut bytes);
    let user: unsafe extern "C" fn(H, *mut i32) -> H = slot(cl.platform, "clCreateUserEvent");
    let mut err = 0;
    // SAFETY: a live context.
    let gate = unsafe { user(cl.context, &mut err) };
    type Write = unsafe extern "C" fn(H, H, u32, usize, usize, *const c_void, u32, *const H, *mut H) -> i32;
    let write: Write = slot(cl.platform, "clEnqueueWriteBuffer");
    let data = [7u8; 16];
    let mut ev = null_mut();
    // SAFETY: a non-blocking write waiting for `gate`; `data` outlives it (waited below).
    assert_eq!(unsafe { write(cl.queue, b, 0, 0, 16, data.as_ptr() as *const c_void, 1, &gate, &mut ev) }, CL_SUCCESS);
    std::thread::sleep(std::time::Duration::from_millis(50));
    let einfo: GetInfo = slot(cl.platform, "clGetEventInfo");
    let mut status = 0i32;
    // SAFETY: a 4-byte output.
    unsafe {
        einfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS as u32, 4, &mut status as *mut i32 as *mut c_void, null_mut())
    };
    assert!(status > CL_COMPLETE as i32, "the write ran before its user event was set");
    let set: unsafe extern "C" fn(H, i32) -> i32 = slot(cl.platform, "clSetUserEventStatus");
    // SAFETY: a live user event.
    assert_eq!(unsafe { set(gate, CL_COMPLETE as i32) }, CL_SUCCESS);
    let mut out = vec![0u8; 16];
    assert_eq!(read(&cl, b, &mut out), CL_SUCCESS);
    assert_eq!(out, vec![7u8; 16]);
}

#[test]
fn released_and_foreign_handles_are_errors_not_crashes() {
    let cl = setup();
    let mut bytes = vec![0u8; 16];
    let b = buffer(&cl, 0, &mut bytes);
    let release: Release = slot(cl.platform, "clReleaseMemObject");
    // SAFETY: a live buffer, released once.
    assert_eq!(unsafe { release(b) }, CL_SUCCESS);
    // SAFETY: the handle is stale; the platform must answer with an error.
    assert_eq!(unsafe { release(b) }, CL_INVALID_MEM_OBJECT);
    let mut out = vec![0u8; 16];
    assert_eq!(read(&cl, b, &mut out), CL_INVALID_MEM_OBJECT);
    let mut bogus = [0usize; 4];
    bogus[0] = 0xdead;
    let qinfo: GetInfo = slot(cl.platform, "clGetCommandQueueInfo");
    // SAFETY: a foreign pointer as a handle; the platform must not dereference it.
    let r = unsafe { qinfo(bogus.as_mut_ptr() as H, CL_QUEUE_REFERENCE_COUNT as u32, 0, null_mut(), null_mut()) };
    assert_eq!(r, CL_INVALID_COMMAND_QUEUE);
    let finish: Release = slot(cl.platform, "clFinish");
    // SAFETY: a live queue.
    assert_eq!(unsafe { finish(cl.queue) }, CL_SUCCESS);
}

#[test]
fn a_runaway_kernel_is_stopped_at_the_time_limit_and_the_queue_goes_on() {
    // Other tests in this process run kernels of microseconds; the limit does not touch them.
    std::env::set_var(spirjit_opencl::TIMEOUT_ENV, "0.2");
    let cl = setup();
    let mut bytes = vec![0u8; 256];
    let out = buffer(&cl, 0, &mut bytes);
    let p = program_from_spirv(&cl, "tests/kernels/safety/safety.O2.spv");
    let create_kernel: unsafe extern "C" fn(H, *const i8, *mut i32) -> H = slot(cl.platform, "clCreateKernel");
    let mut err = 0;
    // SAFETY: a live program and a C string.
    let k = unsafe { create_kernel(p, c"spin_forever".as_ptr(), &mut err) };
    assert_eq!(err, CL_SUCCESS);
    set_arg(&cl, k, 0, &out);
    type Nd = unsafe extern "C" fn(H, H, u32, *const usize, *const usize, *const usize, u32, *const H, *mut H) -> i32;
    let nd: Nd = slot(cl.platform, "clEnqueueNDRangeKernel");
    let global = 64usize;
    let mut ev = null_mut();
    let start = std::time::Instant::now();
    // SAFETY: one global size; an event output.
    assert_eq!(unsafe { nd(cl.queue, k, 1, null(), &global, null(), 0, null(), &mut ev) }, CL_SUCCESS);
    let wait: unsafe extern "C" fn(u32, *const H) -> i32 = slot(cl.platform, "clWaitForEvents");
    // SAFETY: one live event.
    assert_eq!(unsafe { wait(1, &ev) }, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    assert!(start.elapsed() < std::time::Duration::from_secs(20), "the limit stopped the kernel");
    let einfo: GetInfo = slot(cl.platform, "clGetEventInfo");
    let message = info_string(einfo, ev, u64::from(spirjit_opencl::CL_EVENT_SPIRJIT_MESSAGE));
    assert!(message.contains("time limit"), "{message}");
    let mut back = vec![0u8; 256];
    assert_eq!(read(&cl, out, &mut back), CL_SUCCESS);
}

/// `CL_KERNEL_ARG_TYPE_QUALIFIER` of every argument of `kernel` in the module at `path`.
fn type_qualifiers(cl: &Cl, path: &str, kernel: &std::ffi::CStr) -> Vec<u64> {
    let p = program_from_spirv(cl, path);
    let create_kernel: unsafe extern "C" fn(H, *const i8, *mut i32) -> H = slot(cl.platform, "clCreateKernel");
    let mut err = 0;
    // SAFETY: a live program and a C string.
    let k = unsafe { create_kernel(p, kernel.as_ptr(), &mut err) };
    assert_eq!(err, CL_SUCCESS);
    type ArgInfo = unsafe extern "C" fn(H, u32, u32, usize, *mut c_void, *mut usize) -> i32;
    let arg_info: ArgInfo = slot(cl.platform, "clGetKernelArgInfo");
    let kinfo: GetInfo = slot(cl.platform, "clGetKernelInfo");
    let mut n = 0u32;
    // SAFETY: a 4-byte output.
    let r = unsafe { kinfo(k, CL_KERNEL_NUM_ARGS as u32, 4, &mut n as *mut u32 as *mut c_void, null_mut()) };
    assert_eq!(r, CL_SUCCESS);
    (0..n)
        .map(|i| {
            let mut q = 0u64;
            let at = &mut q as *mut u64 as *mut c_void;
            // SAFETY: an 8-byte output (cl_kernel_arg_type_qualifier is a cl_bitfield).
            assert_eq!(unsafe { arg_info(k, i, CL_KERNEL_ARG_TYPE_QUALIFIER as u32, 8, at, null_mut()) }, CL_SUCCESS);
            q
        })
        .collect()
}

#[test]
fn kernel_arguments_report_their_type_qualifiers() {
    let cl = setup();
    let (c, r, v) = (CL_KERNEL_ARG_TYPE_CONST, CL_KERNEL_ARG_TYPE_RESTRICT, CL_KERNEL_ARG_TYPE_VOLATILE);
    // `float *restrict out, volatile int *flags, const float *in, __constant float *scale,
    // const volatile float *restrict both, int n`.
    let dir = "tests/kernels/arg_qualifiers";
    // With llvm-spirv's kernel_arg_type_qual strings, every qualifier.
    let exact = type_qualifiers(&cl, &format!("{dir}/qualifiers.strings.spv"), c"qualifiers");
    assert_eq!(exact, vec![r, v, c, c, c | r | v, CL_KERNEL_ARG_TYPE_NONE]);
    // Without them, what SPIR-V decorates: `restrict` (NoAlias) and `volatile`; `const`
    // only for `__constant` pointers (llvm-spirv writes no decoration for it).
    for opt in ["O0", "O2"] {
        let decorated = type_qualifiers(&cl, &format!("{dir}/qualifiers.{opt}.spv"), c"qualifiers");
        assert_eq!(decorated, vec![r, v, CL_KERNEL_ARG_TYPE_NONE, c, r | v, CL_KERNEL_ARG_TYPE_NONE], "{opt}");
    }
}

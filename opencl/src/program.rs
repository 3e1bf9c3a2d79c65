//! Programs: made from SPIR-V (`clCreateProgramWithIL`), OpenCL C source (built with the
//! system's clang, see `compiler`) or a binary (spirjit's own, SPIR-V, or SPIR 1.2 / LLVM
//! bitcode); built, compiled and linked; specialization constants; queries and build
//! logs. A built program holds a `spirjit::Program` whose kernels compile on first use.
//! This module must not run kernels.

use std::ffi::{c_char, c_void, CStr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use spirjit::{SpecValue, Specialization};

use crate::api::{self, cl_int, cl_uint, ClError, ClResult, Handle};
use crate::compiler;
use crate::context::{self, Ctx};
use crate::handles::{lock, Obj};
use crate::info::{self, Value};
use crate::platform;
use crate::tables::*;

/// The header of spirjit's own program binaries; SPIR-V follows.
pub const BINARY_MAGIC: &[u8; 8] = b"SPIRJIT1";

/// Where a program came from.
#[derive(Clone)]
pub enum Source {
    Il(Vec<u8>),
    Text(String),
    /// A binary (its module is in the build state).
    Binary,
    /// Made by `clLinkProgram`.
    Linked,
}

/// A program's build state.
pub struct Build {
    pub status: cl_int,
    pub log: String,
    pub options: String,
    pub binary_type: u32,
    /// LLVM bitcode of a compiled object (or a library).
    pub bitcode: Option<Vec<u8>>,
    /// The module of an executable.
    pub spirv: Option<Vec<u8>>,
    pub program: Option<spirjit::Program>,
}

/// A program object.
pub struct Program {
    pub context: Ctx,
    pub source: Source,
    pub build: Mutex<Build>,
    /// Kernel objects made from this program (a rebuild is refused while any lives).
    pub kernels: AtomicUsize,
    spec: Mutex<Specialization>,
}

pub type P = Arc<Obj<Program>>;

pub fn get(h: Handle) -> ClResult<P> {
    Obj::<Program>::get(h, CL_INVALID_PROGRAM, "program")
}

fn new(ctx: Ctx, source: Source) -> P {
    Obj::new(Program {
        context: ctx,
        source,
        build: Mutex::new(Build {
            status: CL_BUILD_NONE as cl_int,
            log: String::new(),
            options: String::new(),
            binary_type: CL_PROGRAM_BINARY_TYPE_NONE as u32,
            bitcode: None,
            spirv: None,
            program: None,
        }),
        kernels: AtomicUsize::new(0),
        spec: Mutex::new(Specialization::new()),
    })
}

impl Program {
    /// The built executable, or `CL_INVALID_PROGRAM_EXECUTABLE`.
    pub fn executable(&self) -> ClResult<spirjit::Program> {
        let b = lock(&self.build);
        match (&b.program, b.status) {
            (Some(p), s) if s == CL_BUILD_SUCCESS as cl_int => Ok(p.clone()),
            _ => Err(ClError::new(CL_INVALID_PROGRAM_EXECUTABLE, "the program has not been built successfully")),
        }
    }
}

/// Load SPIR-V (or LLVM IR) bytes as an executable, with the program's specialization.
fn load(bytes: &[u8], spec: &Specialization) -> Result<spirjit::Program, String> {
    let p = spirjit::Program::with_options(bytes, &spirjit::Options::default()).map_err(|e| e.to_string())?;
    if spec.is_empty() {
        Ok(p)
    } else {
        p.specialized(spec).map_err(|e| e.to_string())
    }
}

/// What a binary holds: SPIR-V for an executable, or LLVM bitcode.
enum BinaryKind {
    Spirv(Vec<u8>),
    Bitcode(Vec<u8>),
}

fn classify(bytes: &[u8]) -> Option<BinaryKind> {
    if let Some(rest) = bytes.strip_prefix(BINARY_MAGIC.as_slice()) {
        return Some(BinaryKind::Spirv(rest.to_vec()));
    }
    if bytes.len() >= 4 {
        let w = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        if w == 0x0723_0203 || w.swap_bytes() == 0x0723_0203 {
            return Some(BinaryKind::Spirv(bytes.to_vec()));
        }
        if bytes.starts_with(b"BC\xC0\xDE") || w == 0x0B17_C0DE {
            return Some(BinaryKind::Bitcode(bytes.to_vec()));
        }
    }
    None
}

/// Build (compile + link) `p` with `options`.
fn build(p: &P, options: &str) -> ClResult<()> {
    if p.v.kernels.load(Ordering::Acquire) > 0 {
        return Err(ClError::new(CL_INVALID_OPERATION, "kernels made from this program still exist"));
    }
    compiler::split_options(options).map_err(|e| ClError::new(CL_INVALID_BUILD_OPTIONS, e))?;
    let spec = lock(&p.v.spec).clone();
    let mut b = lock(&p.v.build);
    b.options = options.to_string();
    b.status = CL_BUILD_IN_PROGRESS as cl_int;
    let result: Result<(Vec<u8>, spirjit::Program, String), String> = match &p.v.source {
        Source::Il(bytes) => load(bytes, &spec).map(|prog| (bytes.clone(), prog, String::new())),
        Source::Text(text) => {
            let (out, log) = compiler::compile(text, options, &[]);
            out.and_then(|bc| {
                let spv = compiler::to_spirv(&bc)?;
                load(&spv, &spec).map(|prog| (spv, prog, log))
            })
        }
        Source::Binary | Source::Linked => match (b.spirv.clone(), b.bitcode.clone()) {
            (Some(spv), _) => load(&spv, &spec).map(|prog| (spv, prog, String::new())),
            (None, Some(bc)) => {
                // SPIR 1.2 bitcode loads directly; clang objects go through llvm-spirv.
                match load(&bc, &spec) {
                    Ok(prog) => Ok((bc, prog, String::new())),
                    Err(_) => {
                        compiler::to_spirv(&bc).and_then(|spv| load(&spv, &spec).map(|prog| (spv, prog, String::new())))
                    }
                }
            }
            (None, None) => Err("the program has no binary to build".into()),
        },
    };
    match result {
        Ok((spv, prog, log)) => {
            b.log = log;
            b.spirv = Some(spv);
            b.program = Some(prog);
            b.binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE as u32;
            b.status = CL_BUILD_SUCCESS as cl_int;
            Ok(())
        }
        Err(log) => {
            b.log = log.clone();
            b.status = CL_BUILD_ERROR as cl_int;
            b.program = None;
            Err(ClError::new(CL_BUILD_PROGRAM_FAILURE, format!("the build failed:\n{log}")))
        }
    }
}

/// `void (*)(cl_program, void *user_data)`.
pub type NotifyFn = unsafe extern "C" fn(Handle, *mut c_void);

fn notify(p: &P, f: Option<NotifyFn>, user: *mut c_void) {
    if let Some(f) = f {
        // SAFETY: the application's callback with this program and its own data.
        api::void("program build callback", || unsafe { f(Obj::handle(p), user) });
    }
}

/// The options string from the API (null is empty).
///
/// # Safety
/// `options` must be null or a C string.
unsafe fn options_text(options: *const c_char) -> ClResult<String> {
    if options.is_null() {
        return Ok(String::new());
    }
    // SAFETY: a C string (the caller's contract).
    let s = unsafe { CStr::from_ptr(options) };
    s.to_str().map(str::to_string).map_err(|_| ClError::new(CL_INVALID_BUILD_OPTIONS, "the options are not UTF-8"))
}

pub(crate) unsafe extern "C" fn create_program_with_source(
    c: Handle,
    count: cl_uint,
    strings: *const *const c_char,
    lengths: *const usize,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateProgramWithSource", errcode_ret, || {
        let ctx = context::get(c)?;
        // SAFETY: `count` string pointers (the caller's contract).
        let list = unsafe { api::slice(strings, count as usize, "strings") }?;
        if list.is_empty() {
            return Err(ClError::value("no source strings"));
        }
        let mut text = Vec::new();
        for (i, s) in list.iter().enumerate() {
            if s.is_null() {
                return Err(ClError::value(format!("source string {i} is null")));
            }
            // SAFETY: `lengths` is null or has `count` entries.
            let len = if lengths.is_null() { 0 } else { unsafe { *lengths.add(i) } };
            if len == 0 {
                // SAFETY: zero-terminated (length 0 or no lengths).
                text.extend_from_slice(unsafe { CStr::from_ptr(*s) }.to_bytes());
            } else {
                // SAFETY: `len` bytes.
                text.extend_from_slice(unsafe { std::slice::from_raw_parts(*s as *const u8, len) });
            }
        }
        let text = String::from_utf8_lossy(&text).into_owned();
        Ok(Obj::handle(&new(ctx, Source::Text(text))))
    })
}

pub(crate) unsafe extern "C" fn create_program_with_il(
    c: Handle,
    il: *const c_void,
    length: usize,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateProgramWithIL", errcode_ret, || {
        let ctx = context::get(c)?;
        // SAFETY: `length` bytes (the caller's contract).
        let bytes = unsafe { api::slice(il as *const u8, length, "il") }?.to_vec();
        if bytes.is_empty() || !matches!(classify(&bytes), Some(BinaryKind::Spirv(_))) {
            return Err(ClError::value("the IL is not a SPIR-V module"));
        }
        Ok(Obj::handle(&new(ctx, Source::Il(bytes))))
    })
}

pub(crate) unsafe extern "C" fn create_program_with_binary(
    c: Handle,
    num_devices: cl_uint,
    devices: *const Handle,
    lengths: *const usize,
    binaries: *const *const u8,
    binary_status: *mut cl_int,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateProgramWithBinary", errcode_ret, || {
        let ctx = context::get(c)?;
        if num_devices != 1 || devices.is_null() || lengths.is_null() || binaries.is_null() {
            return Err(ClError::value("one device with one binary is expected"));
        }
        // SAFETY: one device handle.
        unsafe { platform::check_device_list(devices, 1) }?;
        // SAFETY: one length and one binary pointer.
        let (len, ptr) = unsafe { (*lengths, *binaries) };
        let set_status = |s: cl_int| {
            if !binary_status.is_null() {
                // SAFETY: one status slot.
                unsafe { *binary_status = s };
            }
        };
        if len == 0 || ptr.is_null() {
            set_status(CL_INVALID_VALUE);
            return Err(ClError::value("the binary is empty"));
        }
        // SAFETY: `len` bytes.
        let bytes = unsafe { std::slice::from_raw_parts(ptr, len) }.to_vec();
        let Some(kind) = classify(&bytes) else {
            set_status(CL_INVALID_BINARY);
            return Err(ClError::new(
                CL_INVALID_BINARY,
                "not a spirjit binary, SPIR-V module or LLVM bitcode (SPIR 1.2)",
            ));
        };
        let p = new(ctx, Source::Binary);
        {
            let mut b = lock(&p.v.build);
            match kind {
                BinaryKind::Spirv(s) => {
                    b.spirv = Some(s);
                    b.binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE as u32;
                }
                BinaryKind::Bitcode(bc) => {
                    b.bitcode = Some(bc);
                    b.binary_type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT as u32;
                }
            }
        }
        set_status(CL_SUCCESS);
        Ok(Obj::handle(&p))
    })
}

pub(crate) unsafe extern "C" fn create_program_with_built_in_kernels(
    c: Handle,
    _n: cl_uint,
    _devices: *const Handle,
    _names: *const c_char,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateProgramWithBuiltInKernels", errcode_ret, || {
        context::get(c)?;
        Err(ClError::value("the device has no built-in kernels"))
    })
}

pub(crate) unsafe extern "C" fn retain_program(h: Handle) -> cl_int {
    api::status("clRetainProgram", || {
        Obj::retain(&get(h)?);
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn release_program(h: Handle) -> cl_int {
    api::status("clReleaseProgram", || Obj::release(&get(h)?, CL_INVALID_PROGRAM, "program"))
}

pub(crate) unsafe extern "C" fn build_program(
    h: Handle,
    n: cl_uint,
    devices: *const Handle,
    options: *const c_char,
    f: Option<NotifyFn>,
    user: *mut c_void,
) -> cl_int {
    api::status("clBuildProgram", || {
        let p = get(h)?;
        if f.is_none() && !user.is_null() {
            return Err(ClError::value("user_data without pfn_notify"));
        }
        if (n == 0) != devices.is_null() {
            return Err(ClError::value("device_list and num_devices disagree"));
        }
        // SAFETY: the caller's device list.
        unsafe { platform::check_device_list(devices, n) }?;
        // SAFETY: the caller's options string.
        let opts = unsafe { options_text(options) }?;
        let r = build(&p, &opts);
        notify(&p, f, user);
        r
    })
}

pub(crate) unsafe extern "C" fn compile_program(
    h: Handle,
    n: cl_uint,
    devices: *const Handle,
    options: *const c_char,
    n_headers: cl_uint,
    headers: *const Handle,
    header_names: *const *const c_char,
    f: Option<NotifyFn>,
    user: *mut c_void,
) -> cl_int {
    api::status("clCompileProgram", || {
        let p = get(h)?;
        if f.is_none() && !user.is_null() {
            return Err(ClError::value("user_data without pfn_notify"));
        }
        // SAFETY: the caller's device list.
        unsafe { platform::check_device_list(devices, n) }?;
        // SAFETY: the caller's options string.
        let opts = unsafe { options_text(options) }?;
        // SAFETY: `n_headers` programs and names.
        let hs = unsafe { api::slice(headers, n_headers as usize, "input_headers") }?;
        // SAFETY: as above.
        let names = unsafe { api::slice(header_names, n_headers as usize, "header_include_names") }?;
        let mut header_files = Vec::new();
        for (hp, name) in hs.iter().zip(names) {
            let hp = get(*hp)?;
            let Source::Text(text) = &hp.v.source else {
                return Err(ClError::value("an input header is not a program made from source"));
            };
            if name.is_null() {
                return Err(ClError::value("a header name is null"));
            }
            // SAFETY: a C string.
            let name = unsafe { CStr::from_ptr(*name) }.to_string_lossy().into_owned();
            header_files.push((name, text.clone()));
        }
        if p.v.kernels.load(Ordering::Acquire) > 0 {
            return Err(ClError::new(CL_INVALID_OPERATION, "kernels made from this program still exist"));
        }
        let Source::Text(text) = &p.v.source else {
            return Err(ClError::new(CL_INVALID_OPERATION, "only programs made from source can be compiled"));
        };
        let (out, log) = compiler::compile(text, &opts, &header_files);
        let r = {
            let mut b = lock(&p.v.build);
            b.options = opts;
            b.log = log.clone();
            match out {
                Ok(bc) => {
                    b.bitcode = Some(bc);
                    b.spirv = None;
                    b.program = None;
                    b.binary_type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT as u32;
                    b.status = CL_BUILD_SUCCESS as cl_int;
                    Ok(())
                }
                Err(_) => {
                    b.status = CL_BUILD_ERROR as cl_int;
                    Err(ClError::new(CL_COMPILE_PROGRAM_FAILURE, format!("the compile failed:\n{log}")))
                }
            }
        };
        notify(&p, f, user);
        r
    })
}

pub(crate) unsafe extern "C" fn link_program(
    c: Handle,
    n: cl_uint,
    devices: *const Handle,
    options: *const c_char,
    n_inputs: cl_uint,
    inputs: *const Handle,
    f: Option<NotifyFn>,
    user: *mut c_void,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clLinkProgram", errcode_ret, || {
        let ctx = context::get(c)?;
        if f.is_none() && !user.is_null() {
            return Err(ClError::value("user_data without pfn_notify"));
        }
        // SAFETY: the caller's device list.
        unsafe { platform::check_device_list(devices, n) }?;
        // SAFETY: the caller's options string.
        let opts = unsafe { options_text(options) }?;
        // SAFETY: `n_inputs` program handles.
        let list = unsafe { api::slice(inputs, n_inputs as usize, "input_programs") }?;
        if list.is_empty() {
            return Err(ClError::value("no input programs"));
        }
        let mut objects = Vec::new();
        for h in list {
            let ip = get(*h)?;
            let b = lock(&ip.v.build);
            match (&b.bitcode, &b.spirv) {
                (Some(bc), _) => objects.push(bc.clone()),
                (None, Some(_)) if list.len() == 1 => objects.push(Vec::new()),
                _ => {
                    return Err(ClError::new(
                        CL_INVALID_OPERATION,
                        "an input program is not a compiled object or library",
                    ))
                }
            }
        }
        let library = compiler::split_options(&opts)
            .map_err(|e| ClError::new(CL_INVALID_LINKER_OPTIONS, e))?
            .iter()
            .any(|o| o == "-create-library");
        let p = new(ctx, Source::Linked);
        let linked = if objects.len() == 1 && objects[0].is_empty() {
            // One executable input: its module as it is.
            let first = get(list[0])?;
            let spirv = lock(&first.v.build).spirv.clone();
            Ok(spirv.unwrap_or_default())
        } else {
            compiler::link(&objects)
        };
        let result = match linked {
            Err(log) => Err(log),
            Ok(bc) if library => {
                let mut b = lock(&p.v.build);
                b.bitcode = Some(bc);
                b.binary_type = CL_PROGRAM_BINARY_TYPE_LIBRARY as u32;
                b.status = CL_BUILD_SUCCESS as cl_int;
                Ok(())
            }
            Ok(bc) => {
                let is_spirv = matches!(classify(&bc), Some(BinaryKind::Spirv(_)));
                {
                    let mut b = lock(&p.v.build);
                    if is_spirv {
                        b.spirv = Some(bc);
                    } else {
                        b.bitcode = Some(bc);
                    }
                }
                build(&p, &opts).map_err(|e| e.message)
            }
        };
        let r = match result {
            Ok(()) => Ok(Obj::handle(&p)),
            Err(log) => {
                let mut b = lock(&p.v.build);
                b.log = log.clone();
                b.status = CL_BUILD_ERROR as cl_int;
                drop(b);
                // The failed program is returned to no one.
                Obj::release(&p, CL_INVALID_PROGRAM, "program")?;
                Err(ClError::new(CL_LINK_PROGRAM_FAILURE, format!("the link failed:\n{log}")))
            }
        };
        if let Ok(h) = &r {
            if let Ok(p) = get(*h) {
                notify(&p, f, user);
            }
        }
        r
    })
}

pub(crate) unsafe extern "C" fn unload_platform_compiler(platform: Handle) -> cl_int {
    api::status("clUnloadPlatformCompiler", || platform::check_platform(platform))
}

pub(crate) unsafe extern "C" fn unload_compiler() -> cl_int {
    CL_SUCCESS
}

fn kernel_names(b: &Build) -> Vec<String> {
    b.program.as_ref().map(|p| p.kernel_names()).unwrap_or_default()
}

/// The binary `clGetProgramInfo(CL_PROGRAM_BINARIES)` gives.
fn binary(b: &Build) -> Vec<u8> {
    if let Some(s) = &b.spirv {
        let mut out = BINARY_MAGIC.to_vec();
        out.extend_from_slice(s);
        return out;
    }
    b.bitcode.clone().unwrap_or_default()
}

pub(crate) unsafe extern "C" fn get_program_info(
    h: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetProgramInfo", || {
        let p = get(h)?;
        let b = lock(&p.v.build);
        let built = b.program.is_some();
        let need_built = || {
            if built {
                Ok(())
            } else {
                Err(ClError::new(CL_INVALID_PROGRAM_EXECUTABLE, "the program has not been built"))
            }
        };
        let v = match param as u64 {
            CL_PROGRAM_REFERENCE_COUNT => Ok(Value::u32(p.ref_count())),
            CL_PROGRAM_CONTEXT => Ok(Value::handle(Obj::handle(&p.v.context))),
            CL_PROGRAM_NUM_DEVICES => Ok(Value::u32(1)),
            CL_PROGRAM_DEVICES => Ok(Value::handles(&[platform::device_handle()])),
            CL_PROGRAM_SOURCE => Ok(Value::str(match &p.v.source {
                Source::Text(t) => t,
                _ => "",
            })),
            CL_PROGRAM_IL => Ok(match &p.v.source {
                Source::Il(b) => Value::bytes(b),
                _ => Value::empty(),
            }),
            CL_PROGRAM_BINARY_SIZES => Ok(Value::usizes(&[binary(&b).len()])),
            CL_PROGRAM_BINARIES => {
                let bin = binary(&b);
                if value.is_null() {
                    Ok(Value(vec![0; std::mem::size_of::<usize>()]))
                } else {
                    if size < std::mem::size_of::<usize>() {
                        return Err(ClError::value("param_value_size is smaller than one pointer"));
                    }
                    // SAFETY: the application's array of one pointer to a buffer of the
                    // size CL_PROGRAM_BINARY_SIZES gave (null: skip this device).
                    let dst = unsafe { *(value as *const *mut u8) };
                    if !dst.is_null() {
                        // SAFETY: as above.
                        unsafe { std::ptr::copy_nonoverlapping(bin.as_ptr(), dst, bin.len()) };
                    }
                    if !size_ret.is_null() {
                        // SAFETY: a writable size.
                        unsafe { *size_ret = std::mem::size_of::<usize>() };
                    }
                    return Ok(());
                }
            }
            CL_PROGRAM_NUM_KERNELS => need_built().map(|()| Value::usize(kernel_names(&b).len())),
            CL_PROGRAM_KERNEL_NAMES => need_built().map(|()| Value::str(&kernel_names(&b).join(";"))),
            CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT | CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT => Ok(Value::bool(false)),
            _ => Err(info::unknown("program", param)),
        };
        drop(b);
        // SAFETY: the query's output pointers.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

pub(crate) unsafe extern "C" fn get_program_build_info(
    h: Handle,
    device: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetProgramBuildInfo", || {
        let p = get(h)?;
        platform::check_device(device)?;
        let b = lock(&p.v.build);
        let v = match param as u64 {
            CL_PROGRAM_BUILD_STATUS => Ok(Value::i32(b.status)),
            CL_PROGRAM_BUILD_OPTIONS => Ok(Value::str(&b.options)),
            CL_PROGRAM_BUILD_LOG => Ok(Value::str(&b.log)),
            CL_PROGRAM_BINARY_TYPE => Ok(Value::u32(b.binary_type)),
            CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE => Ok(Value::usize(0)),
            _ => Err(info::unknown("program build", param)),
        };
        drop(b);
        // SAFETY: the query's output pointers.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

pub(crate) unsafe extern "C" fn set_program_specialization_constant(
    h: Handle,
    id: cl_uint,
    size: usize,
    value: *const c_void,
) -> cl_int {
    api::status("clSetProgramSpecializationConstant", || {
        let p = get(h)?;
        if !matches!(p.v.source, Source::Il(_)) {
            return Err(ClError::new(
                CL_INVALID_PROGRAM,
                "only programs made from SPIR-V have specialization constants",
            ));
        }
        // SAFETY: `size` bytes.
        let bytes = unsafe { api::slice(value as *const u8, size, "spec_value") }?;
        if bytes.is_empty() || size > 8 {
            return Err(ClError::new(CL_INVALID_VALUE, format!("a specialization constant of {size} bytes")));
        }
        let mut raw = [0u8; 8];
        raw[..size].copy_from_slice(bytes);
        lock(&p.v.spec).insert(id, SpecValue::Bits(u64::from_le_bytes(raw)));
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn set_program_release_callback(
    h: Handle,
    _f: Option<NotifyFn>,
    _user: *mut c_void,
) -> cl_int {
    api::status("clSetProgramReleaseCallback", || {
        get(h)?;
        Err(ClError::new(CL_INVALID_OPERATION, "program release callbacks are deprecated and not supported"))
    })
}

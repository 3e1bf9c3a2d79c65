//! Kernels: creation from a built program, arguments (`clSetKernelArg`,
//! `clSetKernelArgSVMPointer`), queries (kernel, work-group, sub-group and argument
//! info), cloning, and `clEnqueueNDRangeKernel` / `clEnqueueTask`.
//!
//! Running a kernel gives it each buffer and image argument's bytes in place (images as
//! a `spirjit::ImageView` over their storage, with its pitches). Aliasing rule: the
//! platform never makes two live `&mut` slices over overlapping bytes; the first
//! argument over some bytes is given in place, a later one overlapping it (the same
//! buffer or image passed twice, a sub-buffer of a buffer also passed, a 1-D image
//! buffer with its buffer) gets a private copy whose changed bytes (elements, for images:
//! `image::KernelImage`) are written back after the run. This module must not create
//! memory objects or programs.

use std::ffi::{c_char, c_void, CStr};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use spirjit::{AddressSpace, HostType, NdRange, ParamKind};

use crate::api::{self, cl_int, cl_uint, ClError, ClResult, Handle};
use crate::handles::{lock, Obj};
use crate::image;
use crate::info::{self, Value};
use crate::memory::{self, M};
use crate::platform;
use crate::program::{self, P};
use crate::queue;
use crate::sampler::{self, S};
use crate::tables::*;

/// One argument as set.
#[derive(Clone)]
pub enum ArgValue {
    Mem(M),
    /// A null buffer.
    Null,
    Bytes(Vec<u8>),
    Local(usize),
    Sampler(S),
    /// An SVM pointer: its allocation and the offset into it.
    Svm(Arc<memory::Storage>, usize),
}

/// A kernel object.
pub struct Kernel {
    pub program: P,
    pub kernel: spirjit::Kernel,
    pub args: Mutex<Vec<Option<ArgValue>>>,
    /// SVM allocations the kernel may reach indirectly (`CL_KERNEL_EXEC_INFO_SVM_PTRS`).
    pub svm: Mutex<Vec<usize>>,
}

impl Drop for Kernel {
    fn drop(&mut self) {
        self.program.v.kernels.fetch_sub(1, Ordering::AcqRel);
    }
}

pub type K = Arc<Obj<Kernel>>;

pub fn get(h: Handle) -> ClResult<K> {
    Obj::<Kernel>::get(h, CL_INVALID_KERNEL, "kernel")
}

fn make(p: &P, kernel: spirjit::Kernel) -> Handle {
    p.v.kernels.fetch_add(1, Ordering::AcqRel);
    let n = kernel.params().len();
    Obj::create(Kernel { program: p.clone(), kernel, args: Mutex::new(vec![None; n]), svm: Mutex::new(Vec::new()) })
}

pub(crate) unsafe extern "C" fn create_kernel(h: Handle, name: *const c_char, errcode_ret: *mut cl_int) -> Handle {
    api::create("clCreateKernel", errcode_ret, || {
        let p = program::get(h)?;
        if name.is_null() {
            return Err(ClError::value("kernel_name is null"));
        }
        // SAFETY: a C string.
        let name = unsafe { CStr::from_ptr(name) }.to_string_lossy().into_owned();
        let exe = p.v.executable()?;
        let k = exe.kernel(&name).map_err(|e| ClError::new(CL_INVALID_KERNEL_NAME, e.to_string()))?;
        Ok(make(&p, k))
    })
}

pub(crate) unsafe extern "C" fn create_kernels_in_program(
    h: Handle,
    n: cl_uint,
    out: *mut Handle,
    n_ret: *mut cl_uint,
) -> cl_int {
    api::status("clCreateKernelsInProgram", || {
        let p = program::get(h)?;
        let exe = p.v.executable()?;
        let kernels = exe.kernels();
        if !out.is_null() {
            if (n as usize) < kernels.len() {
                return Err(ClError::value(format!("num_kernels is {n}; the program has {}", kernels.len())));
            }
            for (i, k) in kernels.iter().enumerate() {
                // SAFETY: `n >= kernels.len()` slots.
                unsafe { *out.add(i) = make(&p, k.clone()) };
            }
        }
        if !n_ret.is_null() {
            // SAFETY: a writable count.
            unsafe { *n_ret = kernels.len() as cl_uint };
        }
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn clone_kernel(h: Handle, errcode_ret: *mut cl_int) -> Handle {
    api::create("clCloneKernel", errcode_ret, || {
        let k = get(h)?;
        let copy = make(&k.v.program, k.v.kernel.clone());
        let c = get(copy)?;
        *lock(&c.v.args) = lock(&k.v.args).clone();
        *lock(&c.v.svm) = lock(&k.v.svm).clone();
        Ok(copy)
    })
}

pub(crate) unsafe extern "C" fn retain_kernel(h: Handle) -> cl_int {
    api::status("clRetainKernel", || {
        Obj::retain(&get(h)?);
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn release_kernel(h: Handle) -> cl_int {
    api::status("clReleaseKernel", || Obj::release(&get(h)?, CL_INVALID_KERNEL, "kernel"))
}

/// Bytes a by-value parameter of host type `h` takes.
fn value_size(h: &HostType) -> Option<usize> {
    match h {
        HostType::Scalar(s) => Some(s.size() as usize),
        HostType::Vector(s, n) => Some(s.size() as usize * *n as usize),
        HostType::Aggregate { size, .. } => Some(*size as usize),
        _ => None,
    }
}

pub(crate) unsafe extern "C" fn set_kernel_arg(h: Handle, index: cl_uint, size: usize, value: *const c_void) -> cl_int {
    api::status("clSetKernelArg", || {
        let k = get(h)?;
        let params = k.v.kernel.params();
        let p = params.get(index as usize).ok_or_else(|| {
            ClError::new(CL_INVALID_ARG_INDEX, format!("argument {index}: the kernel has {} arguments", params.len()))
        })?;
        let arg = match &p.kind {
            ParamKind::Pointer { space: AddressSpace::Local, .. } => {
                if !value.is_null() {
                    return Err(ClError::new(CL_INVALID_ARG_VALUE, "a __local argument takes a null arg_value"));
                }
                if size == 0 {
                    return Err(ClError::new(CL_INVALID_ARG_SIZE, "a __local argument needs a non-zero size"));
                }
                ArgValue::Local(size)
            }
            ParamKind::Pointer { .. } | ParamKind::Image { .. } => {
                if size != std::mem::size_of::<Handle>() {
                    return Err(ClError::new(
                        CL_INVALID_ARG_SIZE,
                        format!("a memory object argument takes {} bytes", std::mem::size_of::<Handle>()),
                    ));
                }
                // SAFETY: `value` is null or points at a cl_mem (size checked).
                let mem = if value.is_null() { std::ptr::null_mut() } else { unsafe { *(value as *const Handle) } };
                if mem.is_null() {
                    if matches!(p.kind, ParamKind::Image { .. }) {
                        return Err(ClError::new(CL_INVALID_ARG_VALUE, "an image argument cannot be null"));
                    }
                    ArgValue::Null
                } else {
                    let m = memory::get(mem).map_err(|e| ClError::new(CL_INVALID_MEM_OBJECT, e.message))?;
                    if let ParamKind::Image { dim, access } = &p.kind {
                        image::check_kernel_arg(&m.v, dim, access)?;
                    }
                    if matches!(p.kind, ParamKind::Image { .. }) != m.v.is_image() {
                        return Err(ClError::new(
                            CL_INVALID_ARG_VALUE,
                            "a buffer given for an image argument, or an image for a buffer",
                        ));
                    }
                    ArgValue::Mem(m)
                }
            }
            ParamKind::Sampler => {
                if size != std::mem::size_of::<Handle>() || value.is_null() {
                    return Err(ClError::new(CL_INVALID_ARG_SIZE, "a sampler argument takes a cl_sampler"));
                }
                // SAFETY: points at a cl_sampler (size checked).
                let s = unsafe { *(value as *const Handle) };
                ArgValue::Sampler(sampler::get(s)?)
            }
            ParamKind::Value(_) => {
                let want = value_size(&p.host);
                if want.is_some_and(|w| w != size) {
                    return Err(ClError::new(
                        CL_INVALID_ARG_SIZE,
                        format!(
                            "argument {index} ({}) takes {} bytes, not {size}",
                            spirjit::param_type_text(p),
                            want.unwrap_or(0)
                        ),
                    ));
                }
                if value.is_null() {
                    return Err(ClError::new(CL_INVALID_ARG_VALUE, "arg_value is null for a by-value argument"));
                }
                // SAFETY: `size` bytes.
                ArgValue::Bytes(unsafe { std::slice::from_raw_parts(value as *const u8, size) }.to_vec())
            }
        };
        lock(&k.v.args)[index as usize] = Some(arg);
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn set_kernel_arg_svm_pointer(h: Handle, index: cl_uint, value: *const c_void) -> cl_int {
    api::status("clSetKernelArgSVMPointer", || {
        let k = get(h)?;
        let params = k.v.kernel.params();
        let p = params
            .get(index as usize)
            .ok_or_else(|| ClError::new(CL_INVALID_ARG_INDEX, format!("argument {index}")))?;
        if !matches!(p.kind, ParamKind::Pointer { .. }) {
            return Err(ClError::new(CL_INVALID_ARG_VALUE, "an SVM pointer for a non-pointer argument"));
        }
        let arg = if value.is_null() {
            ArgValue::Null
        } else {
            let (s, off) = crate::svm::locate(value as usize).ok_or_else(|| {
                ClError::new(CL_INVALID_ARG_VALUE, "the pointer is not inside an allocation made by clSVMAlloc")
            })?;
            ArgValue::Svm(s, off)
        };
        lock(&k.v.args)[index as usize] = Some(arg);
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn set_kernel_exec_info(
    h: Handle,
    param: cl_uint,
    size: usize,
    value: *const c_void,
) -> cl_int {
    api::status("clSetKernelExecInfo", || {
        let k = get(h)?;
        match param as u64 {
            CL_KERNEL_EXEC_INFO_SVM_PTRS => {
                let n = size / std::mem::size_of::<usize>();
                // SAFETY: `size` bytes of pointers.
                let ptrs = unsafe { api::slice(value as *const usize, n, "param_value") }?;
                *lock(&k.v.svm) = ptrs.to_vec();
                Ok(())
            }
            CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM => {
                // SAFETY: one cl_bool.
                let on = unsafe { api::slice(value as *const cl_uint, 1, "param_value") }?;
                if on.first().copied().unwrap_or(0) != 0 {
                    return Err(ClError::new(CL_INVALID_OPERATION, "the device has no fine-grained system SVM"));
                }
                Ok(())
            }
            _ => Err(ClError::value(format!("{param:#x} is not a kernel exec info"))),
        }
    })
}

fn attributes(k: &spirjit::Kernel) -> String {
    let mut a = Vec::new();
    if let Some([x, y, z]) = k.reqd_work_group_size() {
        a.push(format!("reqd_work_group_size({x},{y},{z})"));
    }
    if let Some([x, y, z]) = k.work_group_size_hint() {
        a.push(format!("work_group_size_hint({x},{y},{z})"));
    }
    a.join(" ")
}

pub(crate) unsafe extern "C" fn get_kernel_info(
    h: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetKernelInfo", || {
        let k = get(h)?;
        let v = match param as u64 {
            CL_KERNEL_FUNCTION_NAME => Ok(Value::str(k.v.kernel.name())),
            CL_KERNEL_NUM_ARGS => Ok(Value::u32(k.v.kernel.params().len() as u32)),
            CL_KERNEL_REFERENCE_COUNT => Ok(Value::u32(k.ref_count())),
            CL_KERNEL_CONTEXT => Ok(Value::handle(Obj::handle(&k.v.program.v.context))),
            CL_KERNEL_PROGRAM => Ok(Value::handle(Obj::handle(&k.v.program))),
            CL_KERNEL_ATTRIBUTES => Ok(Value::str(&attributes(&k.v.kernel))),
            _ => Err(info::unknown("kernel", param)),
        };
        // SAFETY: the query's output pointers.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

/// Lanes the kernel runs in (its sub-group size), compiling it if needed.
fn lanes(k: &spirjit::Kernel) -> usize {
    k.path().map(|p| p.lanes.max(1) as usize).unwrap_or(1)
}

fn local_bytes(k: &Kernel) -> u64 {
    lock(&k.args)
        .iter()
        .map(|a| match a {
            Some(ArgValue::Local(n)) => *n as u64,
            _ => 0,
        })
        .sum()
}

pub(crate) unsafe extern "C" fn get_kernel_work_group_info(
    h: Handle,
    device: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetKernelWorkGroupInfo", || {
        let k = get(h)?;
        if !device.is_null() {
            platform::check_device(device)?;
        }
        let v = match param as u64 {
            CL_KERNEL_WORK_GROUP_SIZE => Ok(Value::usize(platform::MAX_WORK_GROUP)),
            CL_KERNEL_COMPILE_WORK_GROUP_SIZE => {
                let r = k.v.kernel.reqd_work_group_size().unwrap_or([0; 3]);
                Ok(Value::usizes(&r.map(|x| x as usize)))
            }
            CL_KERNEL_LOCAL_MEM_SIZE => Ok(Value::u64(local_bytes(&k.v))),
            CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE => Ok(Value::usize(lanes(&k.v.kernel))),
            CL_KERNEL_PRIVATE_MEM_SIZE => Ok(Value::u64(0)),
            CL_KERNEL_GLOBAL_WORK_SIZE => {
                Err(ClError::value("CL_KERNEL_GLOBAL_WORK_SIZE is for custom devices and built-in kernels"))
            }
            _ => Err(info::unknown("kernel work-group", param)),
        };
        // SAFETY: the query's output pointers.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

pub(crate) unsafe extern "C" fn get_kernel_sub_group_info(
    h: Handle,
    device: Handle,
    param: cl_uint,
    in_size: usize,
    input: *const c_void,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetKernelSubGroupInfo", || {
        let k = get(h)?;
        if !device.is_null() {
            platform::check_device(device)?;
        }
        let w = lanes(&k.v.kernel);
        // SAFETY: `in_size` bytes of size_t values.
        let input =
            unsafe { api::slice(input as *const usize, in_size / std::mem::size_of::<usize>(), "input_value") }?;
        let group: usize = input.iter().product::<usize>().max(1);
        let v = match param as u64 {
            CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE => Ok(Value::usize(w.min(group))),
            CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE => {
                let x = input.first().copied().unwrap_or(1).max(1);
                let rest = group / x;
                Ok(Value::usize(x.div_ceil(w) * rest))
            }
            CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT => {
                let count = input.first().copied().unwrap_or(0);
                let dims = size / std::mem::size_of::<usize>();
                let x = count * w;
                let mut out = vec![1usize; dims.max(1)];
                out[0] = if x <= platform::MAX_WORK_GROUP { x } else { 0 };
                if x > platform::MAX_WORK_GROUP {
                    out.iter_mut().for_each(|v| *v = 0);
                }
                Ok(Value::usizes(&out))
            }
            CL_KERNEL_MAX_NUM_SUB_GROUPS => Ok(Value::usize(platform::MAX_WORK_GROUP.div_ceil(w))),
            CL_KERNEL_COMPILE_NUM_SUB_GROUPS => Ok(Value::usize(0)),
            _ => Err(info::unknown("kernel sub-group", param)),
        };
        // SAFETY: the query's output pointers.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

pub(crate) unsafe extern "C" fn get_kernel_arg_info(
    h: Handle,
    index: cl_uint,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetKernelArgInfo", || {
        let k = get(h)?;
        let params = k.v.kernel.params();
        let p = params
            .get(index as usize)
            .ok_or_else(|| ClError::new(CL_INVALID_ARG_INDEX, format!("argument {index}")))?;
        let v = match param as u64 {
            CL_KERNEL_ARG_ADDRESS_QUALIFIER => Ok(Value::u32(match &p.kind {
                ParamKind::Pointer { space: AddressSpace::Local, .. } => CL_KERNEL_ARG_ADDRESS_LOCAL,
                ParamKind::Pointer { space: AddressSpace::Constant, .. } => CL_KERNEL_ARG_ADDRESS_CONSTANT,
                ParamKind::Pointer { .. } | ParamKind::Image { .. } => CL_KERNEL_ARG_ADDRESS_GLOBAL,
                _ => CL_KERNEL_ARG_ADDRESS_PRIVATE,
            } as u32)),
            CL_KERNEL_ARG_ACCESS_QUALIFIER => Ok(Value::u32(match &p.kind {
                ParamKind::Image { access, .. } if access.contains("write") && access.contains("read") => {
                    CL_KERNEL_ARG_ACCESS_READ_WRITE
                }
                ParamKind::Image { access, .. } if access.contains("write") => CL_KERNEL_ARG_ACCESS_WRITE_ONLY,
                ParamKind::Image { .. } => CL_KERNEL_ARG_ACCESS_READ_ONLY,
                _ => CL_KERNEL_ARG_ACCESS_NONE,
            } as u32)),
            CL_KERNEL_ARG_TYPE_NAME => {
                let text = spirjit::param_type_text(p);
                // Without the address space qualifier, as OpenCL reports it.
                let t = ["global ", "constant ", "local ", "private ", "generic "]
                    .iter()
                    .find_map(|q| text.strip_prefix(q))
                    .unwrap_or(&text)
                    .trim_start_matches("const ")
                    .replace(" *", "*")
                    .to_string();
                Ok(Value::str(&t))
            }
            CL_KERNEL_ARG_TYPE_QUALIFIER => {
                // The front ends record what the module says; pipe arguments are refused when
                // the program is built, so CL_KERNEL_ARG_TYPE_PIPE never applies.
                let mut q = CL_KERNEL_ARG_TYPE_NONE;
                if let ParamKind::Pointer { space, .. } = &p.kind {
                    let quals = p.qualifiers;
                    if quals.is_const || *space == AddressSpace::Constant {
                        q |= CL_KERNEL_ARG_TYPE_CONST;
                    }
                    if quals.volatile {
                        q |= CL_KERNEL_ARG_TYPE_VOLATILE;
                    }
                    if quals.restrict {
                        q |= CL_KERNEL_ARG_TYPE_RESTRICT;
                    }
                }
                Ok(Value::u64(q))
            }
            CL_KERNEL_ARG_NAME => match &p.name {
                Some(n) => Ok(Value::str(n)),
                None => Err(ClError::new(CL_KERNEL_ARG_INFO_NOT_AVAILABLE, "the module does not name this argument")),
            },
            _ => Err(info::unknown("kernel argument", param)),
        };
        // SAFETY: the query's output pointers.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

/// Where an argument's bytes are: (storage address, bytes), and how it is given.
enum Place {
    /// A buffer used in place.
    Buffer(usize, usize),
    /// A buffer whose bytes overlap an earlier argument's: a copy, and its bytes before
    /// the run.
    BufferCopy(usize, Vec<u8>, Vec<u8>),
    /// An image used in place: (storage address, bytes).
    Image(usize, usize),
    /// An image whose bytes overlap an earlier argument's: a copy of its texels.
    ImageCopy(image::KernelImage),
}

/// How each argument is given to one launch: buffers and images in place, first come
/// first served; an argument whose bytes overlap one already given in place (the same
/// object twice, a 1-D image buffer with its buffer, overlapping sub-buffers) works on a
/// copy, and only the bytes (elements) it changed are written back after the run, so no
/// two arguments hold `&mut` to the same bytes and neither undoes the other's writes.
fn places(kernel: &spirjit::Kernel, args: &[ArgValue]) -> ClResult<Vec<Option<Place>>> {
    let params = kernel.params();
    let mut live: Vec<(usize, usize)> = Vec::new();
    let mut out = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        let (span, image) = match a {
            ArgValue::Mem(m) if m.v.is_image() => (image::span(&m.v), true),
            ArgValue::Mem(m) => ((m.v.base() as usize, m.v.size), false),
            ArgValue::Svm(s, off) => ((s.ptr() as usize + off, s.len() - off), false),
            _ => {
                out.push(None);
                continue;
            }
        };
        let (start, len) = span;
        let overlaps = live.iter().any(|&(s, l)| start < s + l && s < start + len);
        out.push(Some(match (a, overlaps) {
            (ArgValue::Mem(m), true) if image => {
                let writes = matches!(params.get(i).map(|p| &p.kind), Some(ParamKind::Image { access, .. })
                    if access.contains("write"));
                Place::ImageCopy(image::KernelImage::new(m, writes)?)
            }
            (_, true) => {
                // SAFETY: inside the object's storage; reading makes no reference.
                let snapshot = unsafe { std::slice::from_raw_parts(start as *const u8, len) }.to_vec();
                Place::BufferCopy(start, snapshot.clone(), snapshot)
            }
            (_, false) => {
                live.push(span);
                if image {
                    Place::Image(start, len)
                } else {
                    Place::Buffer(start, len)
                }
            }
        }));
    }
    Ok(out)
}

/// Run `kernel` over `range` with the arguments `args` (all set).
fn run(kernel: &spirjit::Kernel, range: &NdRange, args: &[ArgValue], options: &spirjit::RunOptions) -> ClResult<()> {
    let mut places = places(kernel, args)?;
    let result = {
        let mut list: Vec<spirjit::Arg<'_>> = Vec::with_capacity(args.len());
        for (a, place) in args.iter().zip(places.iter_mut()) {
            list.push(match (a, place.as_mut()) {
                (ArgValue::Mem(_) | ArgValue::Svm(..), Some(Place::Buffer(start, len))) => {
                    // SAFETY: the object's bytes, kept alive by `args`, overlapping no other
                    // slice made here (`places`).
                    spirjit::Arg::Buffer(unsafe { std::slice::from_raw_parts_mut(*start as *mut u8, *len) })
                }
                (ArgValue::Mem(_) | ArgValue::Svm(..), Some(Place::BufferCopy(_, _, work))) => {
                    spirjit::Arg::Buffer(work)
                }
                (ArgValue::Mem(m), Some(Place::Image(start, len))) => {
                    // SAFETY: as for buffers in place: the image's storage, kept alive by
                    // `args`, overlapping no other slice made here.
                    let bytes = unsafe { std::slice::from_raw_parts_mut(*start as *mut u8, *len) };
                    spirjit::Arg::ImageView(image::kernel_view(&m.v, bytes)?)
                }
                (ArgValue::Mem(_), Some(Place::ImageCopy(img))) => spirjit::Arg::Image(&mut img.image),
                (ArgValue::Null, _) => spirjit::Arg::Buffer(&mut []),
                (ArgValue::Bytes(b), _) => spirjit::Arg::Value(b.clone()),
                (ArgValue::Local(n), _) => spirjit::Arg::Local(*n),
                (ArgValue::Sampler(s), _) => spirjit::Arg::Sampler(s.v.sampler),
                (ArgValue::Mem(_) | ArgValue::Svm(..), _) => {
                    return Err(ClError::new(CL_OUT_OF_RESOURCES, "a memory argument has no place (a spirjit bug)"))
                }
            });
        }
        kernel.run_with(range, &mut list, options).map(|_| ())
    };
    // Write back what the kernel changed in copies.
    for p in places.into_iter().flatten() {
        match p {
            Place::BufferCopy(start, before, after) => {
                for (i, (a, b)) in before.iter().zip(&after).enumerate() {
                    if a != b {
                        // SAFETY: inside the object's storage; no slice over it is alive now.
                        unsafe { *(start as *mut u8).add(i) = *b };
                    }
                }
            }
            Place::ImageCopy(img) => img.finish(),
            Place::Buffer(..) | Place::Image(..) => {}
        }
    }
    result.map_err(|e| ClError::new(CL_OUT_OF_RESOURCES, e.to_string()))
}

/// Check an NDRange and make it.
///
/// # Safety
/// Non-null pointers must point at `dim` values.
unsafe fn ndrange(
    k: &spirjit::Kernel,
    dim: cl_uint,
    offset: *const usize,
    global: *const usize,
    local: *const usize,
) -> ClResult<Option<NdRange>> {
    if !(1..=3).contains(&dim) {
        return Err(ClError::new(CL_INVALID_WORK_DIMENSION, format!("work_dim {dim} (it must be 1, 2 or 3)")));
    }
    let d = dim as usize;
    if global.is_null() {
        return Err(ClError::new(CL_INVALID_GLOBAL_WORK_SIZE, "global_work_size is null"));
    }
    // SAFETY: `dim` values each (the caller's contract).
    let g = unsafe { std::slice::from_raw_parts(global, d) };
    if g.contains(&0) {
        return Ok(None); // nothing to run (allowed since OpenCL 2.1)
    }
    let mut r = NdRange::d3(g[0] as u64, *g.get(1).unwrap_or(&1) as u64, *g.get(2).unwrap_or(&1) as u64);
    if !offset.is_null() {
        // SAFETY: as above.
        let o = unsafe { std::slice::from_raw_parts(offset, d) };
        let mut o3 = [0u64; 3];
        for i in 0..d {
            o3[i] = o[i] as u64;
            if o[i].checked_add(g[i]).is_none() {
                return Err(ClError::new(CL_INVALID_GLOBAL_OFFSET, "global offset + size overflows"));
            }
        }
        r = r.offset(&o3);
    }
    let reqd = k.reqd_work_group_size();
    if !local.is_null() {
        // SAFETY: as above.
        let l = unsafe { std::slice::from_raw_parts(local, d) };
        let mut l3 = [1u64; 3];
        for i in 0..d {
            l3[i] = l[i] as u64;
        }
        if l.contains(&0) {
            return Err(ClError::new(CL_INVALID_WORK_GROUP_SIZE, "a local work size is 0"));
        }
        if l3.iter().product::<u64>() > platform::MAX_WORK_GROUP as u64 {
            return Err(ClError::new(
                CL_INVALID_WORK_GROUP_SIZE,
                format!(
                    "the work-group has {} work-items; at most {}",
                    l3.iter().product::<u64>(),
                    platform::MAX_WORK_GROUP
                ),
            ));
        }
        if let Some(req) = reqd {
            if req.map(u64::from) != l3 {
                return Err(ClError::new(
                    CL_INVALID_WORK_GROUP_SIZE,
                    format!("the kernel requires work-groups of {req:?}; {l3:?} was given"),
                ));
            }
        }
        r = r.local(&l3);
    } else if let Some(req) = reqd {
        r = r.local(&req.map(u64::from));
    }
    Ok(Some(r))
}

pub(crate) unsafe extern "C" fn enqueue_nd_range_kernel(
    queue: Handle,
    kernel: Handle,
    dim: cl_uint,
    offset: *const usize,
    global: *const usize,
    local: *const usize,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueNDRangeKernel", || {
        let k = get(kernel)?;
        let args: Vec<ArgValue> = {
            let a = lock(&k.v.args);
            if let Some(i) = a.iter().position(Option::is_none) {
                return Err(ClError::new(
                    CL_INVALID_KERNEL_ARGS,
                    format!("argument {i} of `{}` is not set", k.v.kernel.name()),
                ));
            }
            a.iter().flatten().cloned().collect()
        };
        // SAFETY: the caller's arrays of `dim` values.
        let range = unsafe { ndrange(&k.v.kernel, dim, offset, global, local) }?;
        if let Some(r) = &range {
            k.v.kernel.local_size_for(r).map_err(|e| ClError::new(CL_INVALID_WORK_GROUP_SIZE, e.to_string()))?;
        }
        let kern = k.v.kernel.clone();
        // SAFETY: the caller's wait list and event output.
        unsafe {
            queue::submit(queue, CL_COMMAND_NDRANGE_KERNEL, false, n_wait, wait, out, |q| {
                if !Arc::ptr_eq(&q.v.context, &k.v.program.v.context) {
                    return Err(ClError::new(
                        CL_INVALID_CONTEXT,
                        "the kernel belongs to another context than the queue",
                    ));
                }
                for a in &args {
                    if let ArgValue::Mem(m) = a {
                        if !Arc::ptr_eq(&q.v.context, &m.v.context) {
                            return Err(ClError::new(
                                CL_INVALID_CONTEXT,
                                "a memory argument belongs to another context",
                            ));
                        }
                    }
                }
                let options = q.v.run_options();
                Ok(Box::new(move || match range {
                    Some(r) => run(&kern, &r, &args, &options),
                    None => Ok(()),
                }))
            })
        }
    })
}

pub(crate) unsafe extern "C" fn enqueue_task(
    queue: Handle,
    kernel: Handle,
    n_wait: cl_uint,
    wait: *const Handle,
    out: *mut Handle,
) -> cl_int {
    let one = [1usize];
    // SAFETY: forwarded; `one` holds the 1-D sizes.
    unsafe {
        enqueue_nd_range_kernel(queue, kernel, 1, std::ptr::null(), one.as_ptr(), one.as_ptr(), n_wait, wait, out)
    }
}

pub(crate) unsafe extern "C" fn enqueue_native_kernel(
    queue: Handle,
    _f: *const c_void,
    _args: *mut c_void,
    _cb: usize,
    _n_mem: cl_uint,
    _mems: *const Handle,
    _locs: *const *const c_void,
    _n_wait: cl_uint,
    _wait: *const Handle,
    _out: *mut Handle,
) -> cl_int {
    api::status("clEnqueueNativeKernel", || {
        queue::get(queue)?;
        Err(ClError::new(
            CL_INVALID_OPERATION,
            "the device does not run native kernels (CL_EXEC_NATIVE_KERNEL is not reported)",
        ))
    })
}

//! The platform and its one device: what they report (`clGetPlatformInfo`,
//! `clGetDeviceInfo`), device discovery and (trivial) device reference counting. The
//! values here are the device's capabilities and must stay truthful: what is reported is
//! what the rest of the platform implements. This module must not create contexts or
//! run anything.

use std::ffi::c_void;
use std::sync::Arc;

use crate::api::{self, cl_int, cl_uint, ClError, ClResult, Handle};
use crate::handles::{leak, Obj};
use crate::info::{self, Value};
use crate::tables::*;

/// The platform object.
pub struct Platform;
/// The device object.
pub struct Device;

/// The platform's name.
pub const PLATFORM_NAME: &str = "spirjit";
/// The suffix the ICD loader shows for the platform's extension functions.
pub const ICD_SUFFIX: &str = "spirjit";
/// The OpenCL version implemented.
pub const VERSION: (u32, u32) = (3, 0);
/// Lanes (work-items per SIMD group) kernels are usually compiled for; the preferred
/// work-group size multiple.
pub const PREFERRED_MULTIPLE: usize = 8;
/// Base address alignment of every buffer, in bytes (`CL_DEVICE_MEM_BASE_ADDR_ALIGN` is
/// in bits).
pub const BASE_ALIGN: usize = 128;
/// Largest work-group.
pub const MAX_WORK_GROUP: usize = spirjit::MAX_WORK_GROUP_SIZE as usize;

/// A `cl_version` number.
pub const fn cl_version(major: u32, minor: u32, patch: u32) -> u32 {
    (major << 22) | (minor << 12) | patch
}

/// The extensions the device supports, with their versions.
pub const EXTENSIONS: &[(&str, u32)] = &[
    ("cl_khr_icd", cl_version(1, 0, 0)),
    ("cl_khr_il_program", cl_version(1, 0, 0)),
    ("cl_khr_spir", cl_version(1, 0, 0)),
    ("cl_khr_byte_addressable_store", cl_version(1, 0, 0)),
    ("cl_khr_global_int32_base_atomics", cl_version(1, 0, 0)),
    ("cl_khr_global_int32_extended_atomics", cl_version(1, 0, 0)),
    ("cl_khr_local_int32_base_atomics", cl_version(1, 0, 0)),
    ("cl_khr_local_int32_extended_atomics", cl_version(1, 0, 0)),
    ("cl_khr_int64_base_atomics", cl_version(1, 0, 0)),
    ("cl_khr_int64_extended_atomics", cl_version(1, 0, 0)),
    ("cl_khr_fp64", cl_version(1, 0, 0)),
    ("cl_khr_fp16", cl_version(1, 0, 0)),
    ("cl_khr_3d_image_writes", cl_version(1, 0, 0)),
    ("cl_khr_image2d_from_buffer", cl_version(1, 0, 0)),
    ("cl_khr_subgroups", cl_version(1, 0, 0)),
];

/// The SPIR-V versions `clCreateProgramWithIL` takes.
pub const ILS: &[(&str, u32)] = &[
    ("SPIR-V", cl_version(1, 0, 0)),
    ("SPIR-V", cl_version(1, 1, 0)),
    ("SPIR-V", cl_version(1, 2, 0)),
    ("SPIR-V", cl_version(1, 3, 0)),
    ("SPIR-V", cl_version(1, 4, 0)),
    ("SPIR-V", cl_version(1, 5, 0)),
    ("SPIR-V", cl_version(1, 6, 0)),
];

/// OpenCL C feature macros the kernel compiler supports.
pub const C_FEATURES: &[&str] = &[
    "__opencl_c_int64",
    "__opencl_c_fp64",
    "__opencl_c_images",
    "__opencl_c_read_write_images",
    "__opencl_c_3d_image_writes",
    "__opencl_c_atomic_order_acq_rel",
    "__opencl_c_atomic_order_seq_cst",
    "__opencl_c_atomic_scope_device",
    "__opencl_c_atomic_scope_all_devices",
    "__opencl_c_generic_address_space",
    "__opencl_c_program_scope_global_variables",
    "__opencl_c_work_group_collective_functions",
    "__opencl_c_subgroups",
];

pub fn platform() -> &'static Arc<Obj<Platform>> {
    static P: std::sync::OnceLock<&'static Arc<Obj<Platform>>> = std::sync::OnceLock::new();
    P.get_or_init(|| leak(Platform))
}

pub fn device() -> &'static Arc<Obj<Device>> {
    static D: std::sync::OnceLock<&'static Arc<Obj<Device>>> = std::sync::OnceLock::new();
    D.get_or_init(|| leak(Device))
}

pub fn platform_handle() -> Handle {
    Obj::handle(platform())
}

pub fn device_handle() -> Handle {
    Obj::handle(device())
}

/// Check a platform handle (null means this platform, as the ICD loader allows).
pub fn check_platform(h: Handle) -> ClResult<()> {
    if h.is_null() {
        return Ok(());
    }
    Obj::<Platform>::get(h, CL_INVALID_PLATFORM, "platform").map(|_| ())
}

/// Check a device handle.
pub fn check_device(h: Handle) -> ClResult<()> {
    Obj::<Device>::get(h, CL_INVALID_DEVICE, "device").map(|_| ())
}

fn version_string() -> String {
    format!("OpenCL {}.{} spirjit {}", VERSION.0, VERSION.1, env!("CARGO_PKG_VERSION"))
}

fn extension_string() -> String {
    EXTENSIONS.iter().map(|e| e.0).collect::<Vec<_>>().join(" ")
}

/// An array of `cl_name_version` (a version and a 64-byte name).
fn name_versions(list: &[(&str, u32)]) -> Value {
    let mut out = Vec::new();
    for (name, version) in list {
        out.extend_from_slice(&version.to_ne_bytes());
        let mut n = [0u8; 64];
        let b = name.as_bytes();
        n[..b.len().min(63)].copy_from_slice(&b[..b.len().min(63)]);
        out.extend_from_slice(&n);
    }
    Value(out)
}

pub(crate) unsafe extern "C" fn get_platform_ids(
    num_entries: cl_uint,
    platforms: *mut Handle,
    num_platforms: *mut cl_uint,
) -> cl_int {
    api::status("clGetPlatformIDs", || {
        if (num_entries == 0 && !platforms.is_null()) || (platforms.is_null() && num_platforms.is_null()) {
            return Err(ClError::value("num_entries is 0 with a platforms array, or both outputs are null"));
        }
        if !platforms.is_null() {
            // SAFETY: `platforms` has `num_entries >= 1` slots (the caller's contract).
            unsafe { *platforms = platform_handle() };
        }
        if !num_platforms.is_null() {
            // SAFETY: valid for a write (the caller's contract).
            unsafe { *num_platforms = 1 };
        }
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn get_platform_info(
    platform: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetPlatformInfo", || {
        check_platform(platform)?;
        let v = match param as u64 {
            CL_PLATFORM_PROFILE => Ok(Value::str("FULL_PROFILE")),
            CL_PLATFORM_VERSION => Ok(Value::str(&version_string())),
            CL_PLATFORM_NUMERIC_VERSION => Ok(Value::u32(cl_version(VERSION.0, VERSION.1, 0))),
            CL_PLATFORM_NAME => Ok(Value::str(PLATFORM_NAME)),
            CL_PLATFORM_VENDOR => Ok(Value::str("spirjit")),
            CL_PLATFORM_EXTENSIONS => Ok(Value::str(&extension_string())),
            CL_PLATFORM_EXTENSIONS_WITH_VERSION => Ok(name_versions(EXTENSIONS)),
            CL_PLATFORM_HOST_TIMER_RESOLUTION => Ok(Value::u64(1)),
            CL_PLATFORM_ICD_SUFFIX_KHR => Ok(Value::str(ICD_SUFFIX)),
            _ => Err(info::unknown("platform", param)),
        };
        // SAFETY: the query's output pointers, forwarded with the caller's contract.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

pub(crate) unsafe extern "C" fn get_device_ids(
    platform: Handle,
    device_type: u64,
    num_entries: cl_uint,
    devices: *mut Handle,
    num_devices: *mut cl_uint,
) -> cl_int {
    api::status("clGetDeviceIDs", || {
        check_platform(platform)?;
        let known = CL_DEVICE_TYPE_CPU
            | CL_DEVICE_TYPE_GPU
            | CL_DEVICE_TYPE_ACCELERATOR
            | CL_DEVICE_TYPE_CUSTOM
            | CL_DEVICE_TYPE_DEFAULT;
        if device_type != CL_DEVICE_TYPE_ALL && (device_type & !known != 0 || device_type == 0) {
            return Err(ClError::new(CL_INVALID_DEVICE_TYPE, format!("{device_type:#x} is not a device type")));
        }
        if (num_entries == 0 && !devices.is_null()) || (devices.is_null() && num_devices.is_null()) {
            return Err(ClError::value("num_entries is 0 with a devices array, or both outputs are null"));
        }
        if device_type & (CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_DEFAULT) == 0 {
            return Err(ClError::new(CL_DEVICE_NOT_FOUND, "the spirjit platform has one device, a CPU"));
        }
        if !devices.is_null() {
            // SAFETY: at least one slot (checked above; the caller's contract).
            unsafe { *devices = device_handle() };
        }
        if !num_devices.is_null() {
            // SAFETY: valid for a write.
            unsafe { *num_devices = 1 };
        }
        Ok(())
    })
}

/// Bytes of host memory (`MemTotal`), or 4 GiB when it cannot be read.
pub fn host_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|k| k.parse::<u64>().ok()))
        })
        .map(|kb| kb * 1024)
        .unwrap_or(4 << 30)
}

/// Largest single allocation.
pub fn max_alloc() -> u64 {
    (host_memory() / 2).max(128 << 20)
}

fn compute_units() -> u32 {
    spirjit::num_threads().max(1) as u32
}

fn cache_line() -> u32 {
    64
}

fn fp_config(double: bool) -> u64 {
    let base = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA;
    if double {
        base | CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF
    } else {
        base | CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT
    }
}

/// The answer to a device query.
fn device_info(param: u64) -> ClResult<Value> {
    let v = match param {
        CL_DEVICE_TYPE => Value::u64(CL_DEVICE_TYPE_CPU),
        CL_DEVICE_VENDOR_ID => Value::u32(0x10006), // Khronos' id for software vendors (as PoCL)
        CL_DEVICE_MAX_COMPUTE_UNITS => Value::u32(compute_units()),
        CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS => Value::u32(3),
        CL_DEVICE_MAX_WORK_ITEM_SIZES => Value::usizes(&[MAX_WORK_GROUP; 3]),
        CL_DEVICE_MAX_WORK_GROUP_SIZE => Value::usize(MAX_WORK_GROUP),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR | CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR => Value::u32(16),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT | CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT => Value::u32(8),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT | CL_DEVICE_NATIVE_VECTOR_WIDTH_INT => Value::u32(4),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG | CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG => Value::u32(2),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT | CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT => Value::u32(4),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE | CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE => Value::u32(2),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF | CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF => Value::u32(8),
        CL_DEVICE_MAX_CLOCK_FREQUENCY => Value::u32(0),
        CL_DEVICE_ADDRESS_BITS => Value::u32(64),
        CL_DEVICE_MAX_READ_IMAGE_ARGS => Value::u32(128),
        CL_DEVICE_MAX_WRITE_IMAGE_ARGS => Value::u32(64),
        CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS => Value::u32(64),
        CL_DEVICE_MAX_MEM_ALLOC_SIZE => Value::u64(max_alloc()),
        CL_DEVICE_IMAGE2D_MAX_WIDTH | CL_DEVICE_IMAGE2D_MAX_HEIGHT => Value::usize(crate::image::MAX_2D),
        CL_DEVICE_IMAGE3D_MAX_WIDTH | CL_DEVICE_IMAGE3D_MAX_HEIGHT | CL_DEVICE_IMAGE3D_MAX_DEPTH => {
            Value::usize(crate::image::MAX_3D)
        }
        CL_DEVICE_IMAGE_MAX_BUFFER_SIZE => Value::usize(crate::image::max_buffer_pixels()),
        CL_DEVICE_IMAGE_MAX_ARRAY_SIZE => Value::usize(crate::image::MAX_ARRAY),
        CL_DEVICE_IMAGE_SUPPORT => Value::bool(crate::image::SUPPORTED),
        CL_DEVICE_IMAGE_PITCH_ALIGNMENT => Value::u32(crate::image::PITCH_ALIGNMENT),
        CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT => Value::u32(crate::image::BASE_ADDRESS_ALIGNMENT),
        CL_DEVICE_MAX_PARAMETER_SIZE => Value::usize(4096),
        CL_DEVICE_MAX_SAMPLERS => Value::u32(32),
        CL_DEVICE_MEM_BASE_ADDR_ALIGN => Value::u32(BASE_ALIGN as u32 * 8),
        CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE => Value::u32(BASE_ALIGN as u32),
        CL_DEVICE_SINGLE_FP_CONFIG => Value::u64(fp_config(false)),
        CL_DEVICE_DOUBLE_FP_CONFIG => Value::u64(fp_config(true)),
        CL_DEVICE_HALF_FP_CONFIG => Value::u64(CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST),
        CL_DEVICE_GLOBAL_MEM_CACHE_TYPE => Value::u32(CL_READ_WRITE_CACHE as u32),
        CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE => Value::u32(cache_line()),
        CL_DEVICE_GLOBAL_MEM_CACHE_SIZE => Value::u64(1 << 20),
        CL_DEVICE_GLOBAL_MEM_SIZE => Value::u64(host_memory()),
        CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE => Value::u64(max_alloc()),
        CL_DEVICE_MAX_CONSTANT_ARGS => Value::u32(64),
        CL_DEVICE_LOCAL_MEM_TYPE => Value::u32(CL_GLOBAL as u32),
        CL_DEVICE_LOCAL_MEM_SIZE => Value::u64(4 << 20),
        CL_DEVICE_ERROR_CORRECTION_SUPPORT => Value::bool(false),
        CL_DEVICE_HOST_UNIFIED_MEMORY => Value::bool(true),
        CL_DEVICE_PROFILING_TIMER_RESOLUTION => Value::usize(1),
        CL_DEVICE_ENDIAN_LITTLE => Value::bool(cfg!(target_endian = "little")),
        CL_DEVICE_AVAILABLE | CL_DEVICE_COMPILER_AVAILABLE | CL_DEVICE_LINKER_AVAILABLE => Value::bool(true),
        CL_DEVICE_EXECUTION_CAPABILITIES => Value::u64(CL_EXEC_KERNEL),
        CL_DEVICE_QUEUE_ON_HOST_PROPERTIES => {
            Value::u64(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE)
        }
        CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES => Value::u64(0),
        CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE
        | CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE
        | CL_DEVICE_MAX_ON_DEVICE_QUEUES
        | CL_DEVICE_MAX_ON_DEVICE_EVENTS => Value::u32(0),
        CL_DEVICE_PLATFORM => Value::handle(platform_handle()),
        CL_DEVICE_NAME => Value::str(&device_name()),
        CL_DEVICE_VENDOR => Value::str("spirjit"),
        CL_DRIVER_VERSION => Value::str(env!("CARGO_PKG_VERSION")),
        CL_DEVICE_PROFILE => Value::str("FULL_PROFILE"),
        CL_DEVICE_VERSION => Value::str(&format!("OpenCL {}.{} spirjit", VERSION.0, VERSION.1)),
        CL_DEVICE_NUMERIC_VERSION => Value::u32(cl_version(VERSION.0, VERSION.1, 0)),
        CL_DEVICE_OPENCL_C_VERSION => Value::str("OpenCL C 1.2 spirjit"),
        CL_DEVICE_OPENCL_C_ALL_VERSIONS => name_versions(&[
            ("OpenCL C", cl_version(1, 0, 0)),
            ("OpenCL C", cl_version(1, 1, 0)),
            ("OpenCL C", cl_version(1, 2, 0)),
            ("OpenCL C", cl_version(3, 0, 0)),
        ]),
        CL_DEVICE_OPENCL_C_FEATURES => {
            let list: Vec<(&str, u32)> = C_FEATURES
                .iter()
                .filter(|f| crate::image::SUPPORTED || !f.contains("image"))
                .map(|f| (*f, cl_version(3, 0, 0)))
                .collect();
            name_versions(&list)
        }
        CL_DEVICE_EXTENSIONS => Value::str(&extension_string()),
        CL_DEVICE_EXTENSIONS_WITH_VERSION => name_versions(EXTENSIONS),
        CL_DEVICE_IL_VERSION => Value::str(
            &ILS.iter().map(|i| format!("SPIR-V_{}.{}", i.1 >> 22, (i.1 >> 12) & 0x3ff)).collect::<Vec<_>>().join(" "),
        ),
        CL_DEVICE_ILS_WITH_VERSION => name_versions(ILS),
        CL_DEVICE_BUILT_IN_KERNELS => Value::str(""),
        CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION => Value::empty(),
        CL_DEVICE_SPIR_VERSIONS => Value::str("1.2"),
        CL_DEVICE_PRINTF_BUFFER_SIZE => Value::usize(1 << 20),
        CL_DEVICE_PREFERRED_INTEROP_USER_SYNC => Value::bool(true),
        CL_DEVICE_PARENT_DEVICE => Value::handle(std::ptr::null_mut()),
        CL_DEVICE_PARTITION_MAX_SUB_DEVICES => Value::u32(0),
        CL_DEVICE_PARTITION_PROPERTIES | CL_DEVICE_PARTITION_TYPE => Value::usizes(&[0]),
        CL_DEVICE_PARTITION_AFFINITY_DOMAIN => Value::u64(0),
        CL_DEVICE_REFERENCE_COUNT => Value::u32(1),
        CL_DEVICE_SVM_CAPABILITIES => Value::u64(CL_DEVICE_SVM_COARSE_GRAIN_BUFFER),
        CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT
        | CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT
        | CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT => Value::u32(0),
        CL_DEVICE_MAX_NUM_SUB_GROUPS => Value::u32((MAX_WORK_GROUP / 4) as u32),
        CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS => Value::bool(false),
        CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE => Value::usize(64 << 10),
        CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE => Value::usize(1 << 20),
        CL_DEVICE_MAX_PIPE_ARGS | CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS | CL_DEVICE_PIPE_MAX_PACKET_SIZE => {
            Value::u32(0)
        }
        CL_DEVICE_PIPE_SUPPORT => Value::bool(false),
        CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES => Value::u64(
            CL_DEVICE_ATOMIC_ORDER_RELAXED
                | CL_DEVICE_ATOMIC_ORDER_ACQ_REL
                | CL_DEVICE_ATOMIC_ORDER_SEQ_CST
                | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM
                | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP
                | CL_DEVICE_ATOMIC_SCOPE_DEVICE
                | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES,
        ),
        CL_DEVICE_ATOMIC_FENCE_CAPABILITIES => Value::u64(
            CL_DEVICE_ATOMIC_ORDER_RELAXED
                | CL_DEVICE_ATOMIC_ORDER_ACQ_REL
                | CL_DEVICE_ATOMIC_ORDER_SEQ_CST
                | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM
                | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP
                | CL_DEVICE_ATOMIC_SCOPE_DEVICE
                | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES,
        ),
        CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT
        | CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT
        | CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT => Value::bool(true),
        CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES => Value::u64(0),
        CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE => Value::usize(PREFERRED_MULTIPLE),
        CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED => Value::str("v0000-01-01-00"),
        _ => return Err(info::unknown("device", param as u32)),
    };
    Ok(v)
}

/// The device's name.
pub fn device_name() -> String {
    format!("spirjit CPU ({} threads)", compute_units())
}

pub(crate) unsafe extern "C" fn get_device_info(
    device: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetDeviceInfo", || {
        check_device(device)?;
        // SAFETY: the query's output pointers, forwarded with the caller's contract.
        unsafe { info::write(device_info(param as u64), size, value, size_ret) }
    })
}

pub(crate) unsafe extern "C" fn create_sub_devices(
    device: Handle,
    _properties: *const isize,
    _num_devices: cl_uint,
    _out: *mut Handle,
    _num_ret: *mut cl_uint,
) -> cl_int {
    api::status("clCreateSubDevices", || {
        check_device(device)?;
        Err(ClError::new(CL_INVALID_VALUE, "the spirjit device cannot be partitioned (it reports no partition types)"))
    })
}

pub(crate) unsafe extern "C" fn retain_device(device: Handle) -> cl_int {
    api::status("clRetainDevice", || check_device(device))
}

pub(crate) unsafe extern "C" fn release_device(device: Handle) -> cl_int {
    api::status("clReleaseDevice", || check_device(device))
}

pub(crate) unsafe extern "C" fn get_device_and_host_timer(
    device: Handle,
    device_ts: *mut u64,
    host_ts: *mut u64,
) -> cl_int {
    api::status("clGetDeviceAndHostTimer", || {
        check_device(device)?;
        if device_ts.is_null() || host_ts.is_null() {
            return Err(ClError::value("a timestamp pointer is null"));
        }
        let t = crate::event::now_ns();
        // SAFETY: non-null, valid for writes (the caller's contract).
        unsafe {
            *device_ts = t;
            *host_ts = t;
        }
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn get_host_timer(device: Handle, host_ts: *mut u64) -> cl_int {
    api::status("clGetHostTimer", || {
        check_device(device)?;
        if host_ts.is_null() {
            return Err(ClError::value("host_timestamp is null"));
        }
        // SAFETY: non-null, valid for a write.
        unsafe { *host_ts = crate::event::now_ns() };
        Ok(())
    })
}

/// Check a device list given to a context/program call: every entry must be the device.
///
/// # Safety
/// `devices` must be null or point at `n` handles.
pub unsafe fn check_device_list(devices: *const Handle, n: cl_uint) -> ClResult<()> {
    // SAFETY: forwarded with the caller's contract.
    let list = unsafe { api::slice(devices, n as usize, "device_list") }?;
    for d in list {
        check_device(*d)?;
    }
    Ok(())
}

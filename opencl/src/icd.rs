//! The ICD loader interface: the dispatch table every object starts with (built from
//! `tables::DISPATCH_SLOTS`, the Khronos slot order), `clIcdGetPlatformIDsKHR` and
//! `clGetExtensionFunctionAddress[ForPlatform]`. Slots of features the platform does not
//! have (GL, D3D, EGL sharing, pipes) hold functions that return `CL_INVALID_OPERATION`
//! (or null), so a call through them is an error, never a jump to address 0. This module
//! must not implement OpenCL commands itself.

use std::ffi::{c_char, c_void, CStr};
use std::sync::OnceLock;

use crate::api::{self, cl_int, cl_uint, Handle};
use crate::tables::{Returns, CL_INVALID_OPERATION, DISPATCH_SLOTS};
use crate::{context, event, kernel, memory, platform, program, queue, sampler, svm, transfer};

/// The dispatch table: one function address per slot.
#[repr(C)]
pub struct Dispatch([usize; DISPATCH_SLOTS.len()]);

unsafe extern "C" fn unsupported_status() -> cl_int {
    api::log("a function of a feature the platform does not have was called (CL_INVALID_OPERATION)");
    CL_INVALID_OPERATION
}

unsafe extern "C" fn unsupported_pointer() -> *mut c_void {
    api::log("a function of a feature the platform does not have was called (returned null)");
    std::ptr::null_mut()
}

unsafe extern "C" fn unsupported_nothing() {}

macro_rules! entries {
    ($($name:literal => $f:path,)*) => {
        &[$(($name, $f as *const () as usize),)*]
    };
}

/// Every implemented entry point by name.
pub fn entry_points() -> &'static [(&'static str, usize)] {
    static E: OnceLock<Vec<(&'static str, usize)>> = OnceLock::new();
    E.get_or_init(|| {
        let list: &[(&str, usize)] = entries! {
            "clGetPlatformIDs" => platform::get_platform_ids,
            "clGetPlatformInfo" => platform::get_platform_info,
            "clGetDeviceIDs" => platform::get_device_ids,
            "clGetDeviceInfo" => platform::get_device_info,
            "clCreateSubDevices" => platform::create_sub_devices,
            "clRetainDevice" => platform::retain_device,
            "clReleaseDevice" => platform::release_device,
            "clGetDeviceAndHostTimer" => platform::get_device_and_host_timer,
            "clGetHostTimer" => platform::get_host_timer,
            "clCreateContext" => context::create_context,
            "clCreateContextFromType" => context::create_context_from_type,
            "clRetainContext" => context::retain_context,
            "clReleaseContext" => context::release_context,
            "clGetContextInfo" => context::get_context_info,
            "clSetContextDestructorCallback" => context::set_context_destructor_callback,
            "clCreateCommandQueue" => queue::create_command_queue,
            "clCreateCommandQueueWithProperties" => queue::create_command_queue_with_properties,
            "clRetainCommandQueue" => queue::retain_command_queue,
            "clReleaseCommandQueue" => queue::release_command_queue,
            "clGetCommandQueueInfo" => queue::get_command_queue_info,
            "clSetCommandQueueProperty" => queue::set_command_queue_property,
            "clFlush" => queue::flush,
            "clFinish" => queue::finish,
            "clEnqueueMarker" => queue::enqueue_marker,
            "clEnqueueBarrier" => queue::enqueue_barrier,
            "clEnqueueWaitForEvents" => queue::enqueue_wait_for_events,
            "clEnqueueMarkerWithWaitList" => queue::enqueue_marker_with_wait_list,
            "clEnqueueBarrierWithWaitList" => queue::enqueue_barrier_with_wait_list,
            "clWaitForEvents" => event::wait_for_events,
            "clGetEventInfo" => event::get_event_info,
            "clGetEventProfilingInfo" => event::get_event_profiling_info,
            "clRetainEvent" => event::retain_event,
            "clReleaseEvent" => event::release_event,
            "clCreateUserEvent" => event::create_user_event,
            "clSetUserEventStatus" => event::set_user_event_status,
            "clSetEventCallback" => event::set_event_callback,
            "clCreateBuffer" => memory::create_buffer,
            "clCreateBufferWithProperties" => memory::create_buffer_with_properties,
            "clCreateSubBuffer" => memory::create_sub_buffer,
            "clRetainMemObject" => memory::retain_mem_object,
            "clReleaseMemObject" => memory::release_mem_object,
            "clGetMemObjectInfo" => memory::get_mem_object_info,
            "clSetMemObjectDestructorCallback" => memory::set_mem_object_destructor_callback,
            "clEnqueueReadBuffer" => transfer::enqueue_read_buffer,
            "clEnqueueWriteBuffer" => transfer::enqueue_write_buffer,
            "clEnqueueCopyBuffer" => transfer::enqueue_copy_buffer,
            "clEnqueueFillBuffer" => transfer::enqueue_fill_buffer,
            "clEnqueueReadBufferRect" => transfer::enqueue_read_buffer_rect,
            "clEnqueueWriteBufferRect" => transfer::enqueue_write_buffer_rect,
            "clEnqueueCopyBufferRect" => transfer::enqueue_copy_buffer_rect,
            "clEnqueueMapBuffer" => transfer::enqueue_map_buffer,
            "clEnqueueUnmapMemObject" => transfer::enqueue_unmap_mem_object,
            "clEnqueueMigrateMemObjects" => transfer::enqueue_migrate_mem_objects,
            "clSVMAlloc" => svm::svm_alloc,
            "clSVMFree" => svm::svm_free,
            "clEnqueueSVMFree" => svm::enqueue_svm_free,
            "clEnqueueSVMMemcpy" => svm::enqueue_svm_memcpy,
            "clEnqueueSVMMemFill" => svm::enqueue_svm_mem_fill,
            "clEnqueueSVMMap" => svm::enqueue_svm_map,
            "clEnqueueSVMUnmap" => svm::enqueue_svm_unmap,
            "clEnqueueSVMMigrateMem" => svm::enqueue_svm_migrate_mem,
            "clCreateSampler" => sampler::create_sampler,
            "clCreateSamplerWithProperties" => sampler::create_sampler_with_properties,
            "clRetainSampler" => sampler::retain_sampler,
            "clReleaseSampler" => sampler::release_sampler,
            "clGetSamplerInfo" => sampler::get_sampler_info,
            "clCreateProgramWithSource" => program::create_program_with_source,
            "clCreateProgramWithIL" => program::create_program_with_il,
            "clCreateProgramWithBinary" => program::create_program_with_binary,
            "clCreateProgramWithBuiltInKernels" => program::create_program_with_built_in_kernels,
            "clRetainProgram" => program::retain_program,
            "clReleaseProgram" => program::release_program,
            "clBuildProgram" => program::build_program,
            "clCompileProgram" => program::compile_program,
            "clLinkProgram" => program::link_program,
            "clUnloadPlatformCompiler" => program::unload_platform_compiler,
            "clUnloadCompiler" => program::unload_compiler,
            "clGetProgramInfo" => program::get_program_info,
            "clGetProgramBuildInfo" => program::get_program_build_info,
            "clSetProgramSpecializationConstant" => program::set_program_specialization_constant,
            "clSetProgramReleaseCallback" => program::set_program_release_callback,
            "clCreateKernel" => kernel::create_kernel,
            "clCreateKernelsInProgram" => kernel::create_kernels_in_program,
            "clCloneKernel" => kernel::clone_kernel,
            "clRetainKernel" => kernel::retain_kernel,
            "clReleaseKernel" => kernel::release_kernel,
            "clSetKernelArg" => kernel::set_kernel_arg,
            "clSetKernelArgSVMPointer" => kernel::set_kernel_arg_svm_pointer,
            "clSetKernelExecInfo" => kernel::set_kernel_exec_info,
            "clGetKernelInfo" => kernel::get_kernel_info,
            "clGetKernelWorkGroupInfo" => kernel::get_kernel_work_group_info,
            "clGetKernelSubGroupInfo" => kernel::get_kernel_sub_group_info,
            "clGetKernelSubGroupInfoKHR" => kernel::get_kernel_sub_group_info,
            "clGetKernelArgInfo" => kernel::get_kernel_arg_info,
            "clEnqueueNDRangeKernel" => kernel::enqueue_nd_range_kernel,
            "clEnqueueTask" => kernel::enqueue_task,
            "clEnqueueNativeKernel" => kernel::enqueue_native_kernel,
            "clGetExtensionFunctionAddress" => get_extension_function_address,
            "clGetExtensionFunctionAddressForPlatform" => get_extension_function_address_for_platform,
        };
        let mut v = list.to_vec();
        v.extend(crate::image::entry_points());
        v
    })
}

/// The address of the dispatch table (the first word of every object).
pub fn dispatch_table() -> *const std::ffi::c_void {
    static TABLE: OnceLock<Box<Dispatch>> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        let entries = entry_points();
        let mut slots = [0usize; DISPATCH_SLOTS.len()];
        for (slot, (name, returns)) in slots.iter_mut().zip(DISPATCH_SLOTS.iter()) {
            *slot = match entries.iter().find(|(n, _)| n == name) {
                Some((_, f)) => *f,
                None => match returns {
                    Returns::Status => unsupported_status as *const () as usize,
                    Returns::Pointer => unsupported_pointer as *const () as usize,
                    Returns::Nothing => unsupported_nothing as *const () as usize,
                },
            };
        }
        Box::new(Dispatch(slots))
    });
    &**t as *const Dispatch as *const std::ffi::c_void
}

/// Extension functions `clGetExtensionFunctionAddress` gives out.
const EXTENSION_FUNCTIONS: &[&str] = &["clIcdGetPlatformIDsKHR", "clGetKernelSubGroupInfoKHR"];

fn extension_function(name: *const c_char) -> *mut c_void {
    if name.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: a C string (the caller's contract).
    let name = unsafe { CStr::from_ptr(name) }.to_string_lossy();
    if name == "clIcdGetPlatformIDsKHR" {
        return crate::clIcdGetPlatformIDsKHR as *const () as *mut c_void;
    }
    if !EXTENSION_FUNCTIONS.contains(&name.as_ref()) {
        return std::ptr::null_mut();
    }
    entry_points().iter().find(|(n, _)| *n == name).map(|(_, f)| *f as *mut c_void).unwrap_or(std::ptr::null_mut())
}

pub(crate) unsafe extern "C" fn get_extension_function_address(name: *const c_char) -> *mut c_void {
    api::create("clGetExtensionFunctionAddress", std::ptr::null_mut(), || Ok(extension_function(name)))
}

pub(crate) unsafe extern "C" fn get_extension_function_address_for_platform(
    platform: Handle,
    name: *const c_char,
) -> *mut c_void {
    api::create("clGetExtensionFunctionAddressForPlatform", std::ptr::null_mut(), || {
        platform::check_platform(platform)?;
        Ok(extension_function(name))
    })
}

/// `clIcdGetPlatformIDsKHR`'s body.
pub(crate) fn icd_get_platform_ids(
    num_entries: cl_uint,
    platforms: *mut Handle,
    num_platforms: *mut cl_uint,
) -> cl_int {
    // SAFETY: forwarded with the caller's contract.
    unsafe { platform::get_platform_ids(num_entries, platforms, num_platforms) }
}

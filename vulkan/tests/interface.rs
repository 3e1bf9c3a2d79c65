//! The loader–driver interface, called directly (no loader): version negotiation, the
//! procedure-address queries, and handle checking.

use std::ffi::CStr;

use ash::vk::{self, Handle};
use spirjit_vulkan::{
    vk_icdGetInstanceProcAddr, vk_icdGetPhysicalDeviceProcAddr, vk_icdNegotiateLoaderICDInterfaceVersion,
};

fn proc_addr(instance: vk::Instance, name: &CStr) -> vk::PFN_vkVoidFunction {
    // SAFETY: a valid C string.
    unsafe { vk_icdGetInstanceProcAddr(instance, name.as_ptr()) }
}

#[test]
fn negotiates_version_5_to_7() {
    let mut v = 9;
    // SAFETY: a valid pointer.
    assert_eq!(unsafe { vk_icdNegotiateLoaderICDInterfaceVersion(&mut v) }, vk::Result::SUCCESS);
    assert_eq!(v, 7);
    let mut v = 5;
    // SAFETY: as above.
    assert_eq!(unsafe { vk_icdNegotiateLoaderICDInterfaceVersion(&mut v) }, vk::Result::SUCCESS);
    assert_eq!(v, 5);
    let mut v = 4;
    // SAFETY: as above.
    assert_eq!(unsafe { vk_icdNegotiateLoaderICDInterfaceVersion(&mut v) }, vk::Result::ERROR_INCOMPATIBLE_DRIVER);
    // SAFETY: null is allowed (and refused).
    assert_eq!(
        unsafe { vk_icdNegotiateLoaderICDInterfaceVersion(std::ptr::null_mut()) },
        vk::Result::ERROR_INCOMPATIBLE_DRIVER
    );
}

/// A new instance of the driver (Vulkan 1.0, no extensions).
fn create_instance() -> vk::Instance {
    let create: vk::PFN_vkCreateInstance =
        // SAFETY: the function's own type.
        unsafe { std::mem::transmute(proc_addr(vk::Instance::null(), c"vkCreateInstance").expect("implemented")) };
    let info = vk::InstanceCreateInfo::default();
    let mut instance = vk::Instance::null();
    // SAFETY: valid create info and output.
    assert_eq!(unsafe { create(&info, std::ptr::null(), &mut instance) }, vk::Result::SUCCESS);
    instance
}

#[test]
fn proc_addr_queries() {
    assert!(proc_addr(vk::Instance::null(), c"vkCreateInstance").is_some());
    // With no instance, only the global commands.
    assert!(proc_addr(vk::Instance::null(), c"vkCmdDispatch").is_none());
    assert!(proc_addr(vk::Instance::null(), c"vkEnumeratePhysicalDevices").is_none());
    assert!(proc_addr(vk::Instance::null(), c"vk_icdGetPhysicalDeviceProcAddr").is_some());
    let instance = create_instance();
    assert!(proc_addr(instance, c"vkCmdDispatch").is_some());
    assert!(proc_addr(instance, c"vkCmdDraw").is_none());
    // A 1.0 instance: no 1.1 commands, no commands of instance extensions not enabled;
    // device extension commands are there (the device's enabled ones are not known).
    assert!(proc_addr(instance, c"vkGetPhysicalDeviceProperties2").is_none());
    assert!(proc_addr(instance, c"vkTrimCommandPool").is_none());
    assert!(proc_addr(instance, c"vkCreateDebugUtilsMessengerEXT").is_none());
    assert!(proc_addr(instance, c"vkCmdPushDescriptorSetKHR").is_some());
    // SAFETY: valid C strings.
    unsafe {
        assert!(
            vk_icdGetPhysicalDeviceProcAddr(vk::Instance::null(), c"vkGetPhysicalDeviceProperties2".as_ptr()).is_some()
        );
        assert!(vk_icdGetPhysicalDeviceProcAddr(vk::Instance::null(), c"vkCmdDispatch".as_ptr()).is_none());
        assert!(vk_icdGetPhysicalDeviceProcAddr(vk::Instance::null(), c"vkNotAFunction".as_ptr()).is_none());
        assert!(vk_icdGetInstanceProcAddr(vk::Instance::null(), std::ptr::null()).is_none());
    }
    let destroy: vk::PFN_vkDestroyInstance =
        // SAFETY: the function's own type.
        unsafe { std::mem::transmute(proc_addr(instance, c"vkDestroyInstance").expect("implemented")) };
    // SAFETY: a live instance.
    unsafe { destroy(instance, std::ptr::null()) };
    for name in spirjit_vulkan::entry_point_names() {
        assert!(name.starts_with("vk"), "{name}");
    }
}

#[test]
fn a_1_3_instance_sees_the_1_3_core() {
    let create: vk::PFN_vkCreateInstance =
        // SAFETY: the function's own type.
        unsafe { std::mem::transmute(proc_addr(vk::Instance::null(), c"vkCreateInstance").expect("implemented")) };
    let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_3);
    let info = vk::InstanceCreateInfo::default().application_info(&app);
    let mut v13 = vk::Instance::null();
    // SAFETY: valid create info and output.
    assert_eq!(unsafe { create(&info, std::ptr::null(), &mut v13) }, vk::Result::SUCCESS);
    let v10 = create_instance();
    for name in
        [c"vkGetPhysicalDeviceToolProperties", c"vkCmdPipelineBarrier2", c"vkCmdCopyBuffer2", c"vkSetPrivateData"]
    {
        assert!(proc_addr(v13, name).is_some(), "{name:?}");
        assert!(proc_addr(v10, name).is_none(), "{name:?}");
    }
    let f = proc_addr(v13, c"vkEnumeratePhysicalDevices").expect("implemented");
    // SAFETY: the function's own type.
    let enumerate: vk::PFN_vkEnumeratePhysicalDevices = unsafe { std::mem::transmute(f) };
    let (mut count, mut pd) = (1u32, vk::PhysicalDevice::null());
    // SAFETY: room for one handle.
    assert_eq!(unsafe { enumerate(v13, &mut count, &mut pd) }, vk::Result::SUCCESS);
    let f = proc_addr(v13, c"vkGetPhysicalDeviceProperties").expect("implemented");
    // SAFETY: the function's own type.
    let props: vk::PFN_vkGetPhysicalDeviceProperties = unsafe { std::mem::transmute(f) };
    let mut p = vk::PhysicalDeviceProperties::default();
    // SAFETY: a live physical device and a valid output.
    unsafe { props(pd, &mut p) };
    assert_eq!((vk::api_version_major(p.api_version), vk::api_version_minor(p.api_version)), (1, 3));
    let destroy: vk::PFN_vkDestroyInstance =
        // SAFETY: the function's own type.
        unsafe { std::mem::transmute(proc_addr(v13, c"vkDestroyInstance").expect("implemented")) };
    // SAFETY: live instances.
    unsafe {
        destroy(v13, std::ptr::null());
        destroy(v10, std::ptr::null());
    }
}

#[test]
fn wrong_handles_are_errors() {
    let instance = create_instance();
    let f = proc_addr(instance, c"vkEnumeratePhysicalDevices").expect("implemented");
    // SAFETY: the function's own type.
    let enumerate: vk::PFN_vkEnumeratePhysicalDevices = unsafe { std::mem::transmute(f) };
    let mut count = 0u32;
    // A pointer the driver never made, and one to a live object of another kind.
    let bogus = vk::Instance::from_raw(0x1234_5678);
    // SAFETY: the driver must not dereference the bogus handle.
    let r = unsafe { enumerate(bogus, &mut count, std::ptr::null_mut()) };
    assert_eq!(r, vk::Result::ERROR_UNKNOWN);

    // The loader word holds the magic value until the loader overwrites it.
    // SAFETY: a dispatchable handle points at the loader's word.
    assert_eq!(unsafe { *(instance.as_raw() as *const usize) }, 0x01CD_C0DE);
    // SAFETY: valid pointers.
    assert_eq!(unsafe { enumerate(instance, &mut count, std::ptr::null_mut()) }, vk::Result::SUCCESS);
    assert_eq!(count, 1);
    let mut pd = vk::PhysicalDevice::null();
    // SAFETY: room for one handle.
    assert_eq!(unsafe { enumerate(instance, &mut count, &mut pd) }, vk::Result::SUCCESS);
    // A physical device is not an instance.
    // SAFETY: the driver checks the handle's kind.
    let r = unsafe { enumerate(vk::Instance::from_raw(pd.as_raw()), &mut count, std::ptr::null_mut()) };
    assert_eq!(r, vk::Result::ERROR_UNKNOWN);
    let destroy: vk::PFN_vkDestroyInstance =
        // SAFETY: the function's own type.
        unsafe { std::mem::transmute(proc_addr(instance, c"vkDestroyInstance").expect("implemented")) };
    // SAFETY: a live instance; destroying it twice must be harmless.
    unsafe {
        destroy(instance, std::ptr::null());
        destroy(instance, std::ptr::null());
        assert_eq!(enumerate(instance, &mut count, std::ptr::null_mut()), vk::Result::ERROR_UNKNOWN);
    }
}

#[test]
fn manifest_names_the_library() {
    let m = spirjit_vulkan::manifest_json("/x/libspirjit_vulkan.so");
    assert!(m.contains("\"library_path\": \"/x/libspirjit_vulkan.so\""));
    assert!(m.contains("\"file_format_version\": \"1.0.0\""));
    assert!(m.contains("\"api_version\": \"1.3.0\""));
}

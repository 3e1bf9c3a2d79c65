//! Link the driver library so that it stays loaded once loaded: the Vulkan loader
//! unloads drivers when the last instance is destroyed, while the runtime's worker threads
//! (parked in the library's code) live on.

fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-z,nodelete");
}

//! Shared memory behind the driver's external handles: an anonymous file (`memfd_create`)
//! mapped shared, so every mapping of it — in this process or in another one the file
//! descriptor was passed to — sees the same bytes. Exportable device memory lives in one,
//! and so does the state word of an exportable fence or semaphore.
//!
//! A file made here is named after what it holds (`spirjit-vulkan-memory`, …), so an
//! import can tell the driver's files from others (`/proc/self/fd`). Imported sync files
//! (kernel fences, readable once signaled) are checked and polled here too. This module
//! only makes, checks, maps and polls such descriptors; it must not know about Vulkan
//! objects.

use std::ffi::CStr;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

/// What a file of the driver holds (its name says).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Content {
    /// Device memory.
    Memory,
    /// The state word of a fence.
    Fence,
    /// The state word of a binary semaphore.
    BinarySemaphore,
    /// The counter of a timeline semaphore.
    TimelineSemaphore,
}

impl Content {
    fn name(self) -> &'static CStr {
        match self {
            Content::Memory => c"spirjit-vulkan-memory",
            Content::Fence => c"spirjit-vulkan-fence",
            Content::BinarySemaphore => c"spirjit-vulkan-binary-semaphore",
            Content::TimelineSemaphore => c"spirjit-vulkan-timeline-semaphore",
        }
    }
}

/// Why a file cannot be made or imported.
#[derive(Debug)]
pub enum Error {
    /// The file is not one the driver made for this content, or too small.
    Foreign(String),
    /// The system refused (out of memory, too many files).
    System(String),
}

/// The size of a memory page (the alignment of every mapping).
pub fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let n = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(n).ok().filter(|&n| n > 0).unwrap_or(4096)
}

/// A shared mapping of a whole file of the driver, and the file.
pub struct Mapping {
    ptr: *mut u8,
    len: usize,
    fd: OwnedFd,
}

// SAFETY: the mapping is owned; the raw pointer is only its address. Access to the bytes is
// synchronized by the users (atomics for state words, the application for memory).
unsafe impl Send for Mapping {}
// SAFETY: as above.
unsafe impl Sync for Mapping {}

fn last_os_error(what: &str) -> String {
    format!("{what}: {}", std::io::Error::last_os_error())
}

impl Mapping {
    /// A new zeroed file of `size` bytes holding `content`, mapped.
    pub fn create(content: Content, size: u64) -> Result<Mapping, Error> {
        let len = usize::try_from(size.max(1)).map_err(|_| Error::System(format!("{size} bytes do not fit")))?;
        // SAFETY: a valid C string and flags.
        let raw = unsafe { libc::memfd_create(content.name().as_ptr(), libc::MFD_CLOEXEC) };
        if raw < 0 {
            return Err(Error::System(last_os_error("memfd_create")));
        }
        // SAFETY: a descriptor just opened, owned from here on.
        let fd = unsafe { OwnedFd::from_raw_fd(raw) };
        let off = libc::off_t::try_from(len).map_err(|_| Error::System(format!("{len} bytes do not fit")))?;
        // SAFETY: an open descriptor.
        if unsafe { libc::ftruncate(fd.as_raw_fd(), off) } != 0 {
            return Err(Error::System(last_os_error("ftruncate")));
        }
        Self::map(fd, len)
    }

    /// Map file descriptor `raw` as a file holding `content` of at least `min_size` bytes
    /// (all of it, or `min_size` bytes for memory). On success the mapping owns the
    /// descriptor (Vulkan's import transfers it); on failure it is left to the caller.
    pub fn import(content: Content, raw: RawFd, min_size: u64) -> Result<Mapping, Error> {
        if raw < 0 {
            return Err(Error::Foreign(format!("{raw} is not a file descriptor")));
        }
        // SAFETY: fstat writes the structure; an invalid descriptor is an error, not UB.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: as above.
        if unsafe { libc::fstat(raw, &mut st) } != 0 {
            return Err(Error::Foreign(last_os_error(&format!("file descriptor {raw}"))));
        }
        if st.st_mode & libc::S_IFMT != libc::S_IFREG {
            return Err(Error::Foreign(format!("file descriptor {raw} is not a file of the driver")));
        }
        if let Ok(target) = std::fs::read_link(format!("/proc/self/fd/{raw}")) {
            let want = format!("/memfd:{}", content.name().to_string_lossy());
            let target = target.to_string_lossy();
            if target != want && !target.starts_with(&format!("{want} ")) {
                return Err(Error::Foreign(format!("file descriptor {raw} is {target}, not {want}")));
            }
        }
        let file_size = u64::try_from(st.st_size).unwrap_or(0);
        if file_size < min_size.max(1) {
            return Err(Error::Foreign(format!("file descriptor {raw} holds {file_size} bytes, not {min_size}")));
        }
        let len = if content == Content::Memory { min_size.max(1) } else { file_size };
        let len = usize::try_from(len).map_err(|_| Error::System(format!("{len} bytes do not fit")))?;
        // Duplicate first, so a failure leaves the caller's descriptor alone.
        // SAFETY: fcntl on a descriptor fstat accepted.
        let dup = unsafe { libc::fcntl(raw, libc::F_DUPFD_CLOEXEC, 0) };
        if dup < 0 {
            return Err(Error::System(last_os_error("fcntl(F_DUPFD_CLOEXEC)")));
        }
        // SAFETY: a descriptor just made, owned from here on.
        let mapping = Self::map(unsafe { OwnedFd::from_raw_fd(dup) }, len)?;
        // The import succeeded: the caller's descriptor is the driver's now, and the
        // duplicate stands for it.
        // SAFETY: the caller's descriptor, whose ownership Vulkan transfers on success.
        unsafe { libc::close(raw) };
        Ok(mapping)
    }

    fn map(fd: OwnedFd, len: usize) -> Result<Mapping, Error> {
        // SAFETY: a fresh shared mapping of an open file; the kernel picks the address.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd.as_raw_fd(),
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return Err(Error::System(last_os_error("mmap")));
        }
        Ok(Mapping { ptr: ptr as *mut u8, len, fd })
    }

    /// A new descriptor of the file (the caller owns it).
    pub fn export(&self) -> Result<RawFd, Error> {
        // SAFETY: fcntl on the mapping's open descriptor.
        let fd = unsafe { libc::fcntl(self.fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 0) };
        if fd < 0 {
            return Err(Error::System(last_os_error("fcntl(F_DUPFD_CLOEXEC)")));
        }
        Ok(fd)
    }

    /// The address of the first byte (page aligned).
    pub fn ptr(&self) -> *mut u8 {
        self.ptr
    }
}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `map`, unmapped once; the descriptor closes after.
        unsafe { libc::munmap(self.ptr as *mut libc::c_void, self.len) };
    }
}

/// Take descriptor `raw` as a sync file: something `poll` accepts that is not a plain
/// file or directory (a sync file is readable once its fence has signaled). On success it
/// is owned here (Vulkan's import transfers it); on failure it is left to the caller.
pub fn import_sync_file(raw: RawFd) -> Result<OwnedFd, Error> {
    if raw < 0 {
        return Err(Error::Foreign(format!("{raw} is not a file descriptor")));
    }
    // SAFETY: fstat writes the structure; an invalid descriptor is an error, not UB.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    if unsafe { libc::fstat(raw, &mut st) } != 0 {
        return Err(Error::Foreign(last_os_error(&format!("file descriptor {raw}"))));
    }
    let kind = st.st_mode & libc::S_IFMT;
    if kind == libc::S_IFREG || kind == libc::S_IFDIR {
        return Err(Error::Foreign(format!("file descriptor {raw} is a file, not a sync file")));
    }
    let mut p = libc::pollfd { fd: raw, events: libc::POLLIN, revents: 0 };
    // SAFETY: one valid pollfd, no waiting.
    if unsafe { libc::poll(&mut p, 1, 0) } < 0 || p.revents & libc::POLLNVAL != 0 {
        return Err(Error::Foreign(format!("file descriptor {raw} cannot be polled")));
    }
    // SAFETY: the caller's descriptor, whose ownership Vulkan transfers on success.
    Ok(unsafe { OwnedFd::from_raw_fd(raw) })
}

/// Whether a sync file has signaled (it is readable, or in error: a fence that failed
/// has signaled too).
pub fn sync_file_signaled(fd: &OwnedFd) -> bool {
    let mut p = libc::pollfd { fd: fd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
    // SAFETY: one valid pollfd, no waiting.
    let n = unsafe { libc::poll(&mut p, 1, 0) };
    n > 0 && p.revents & (libc::POLLIN | libc::POLLERR) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mapping_and_its_import_share_bytes() {
        let a = Mapping::create(Content::Fence, 64).unwrap();
        let fd = a.export().unwrap();
        let b = Mapping::import(Content::Fence, fd, 8).unwrap();
        // SAFETY: both map at least 64 bytes of the same file.
        unsafe {
            a.ptr().write(7);
            assert_eq!(b.ptr().read(), 7);
        }
        let fd = a.export().unwrap();
        assert!(matches!(Mapping::import(Content::Memory, fd, 8), Err(Error::Foreign(_))));
        // SAFETY: the import failed, so the descriptor is still ours.
        unsafe { libc::close(fd) };
        assert!(matches!(Mapping::import(Content::Fence, -1, 8), Err(Error::Foreign(_))));
    }
}

//! Memory objects: buffers and sub-buffers (every `CL_MEM_*` flag; `USE_HOST_PTR` is
//! zero-copy), their queries and destructor callbacks. Buffer storage is host memory
//! aligned to [`platform::BASE_ALIGN`]; a kernel gets it in place. Image objects are
//! memory objects with an [`ImageDesc`] over the same kind of storage (made by `image`).
//! This module must not enqueue commands (see `transfer`).

use std::alloc::Layout;
use std::ffi::c_void;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::api::{self, cl_int, cl_uint, ClError, ClResult, Handle};
use crate::context::{self, Ctx};
use crate::handles::{lock, Obj};
use crate::info::{self, Value};
use crate::platform;
use crate::tables::*;

/// Host memory holding a buffer's bytes: owned (allocated here) or the application's
/// (`CL_MEM_USE_HOST_PTR`, an SVM allocation).
pub struct Storage {
    ptr: *mut u8,
    len: usize,
    owned: Option<Layout>,
    /// What keeps borrowed memory alive (an SVM allocation's storage).
    _keep: Option<Arc<Storage>>,
}

// SAFETY: the pointer is to heap memory that lives as long as the `Storage`; concurrent
// access follows OpenCL's rules (the application must not race commands on the same
// bytes), as for any device memory.
unsafe impl Send for Storage {}
// SAFETY: as above.
unsafe impl Sync for Storage {}

impl Storage {
    /// `len` zeroed bytes (at least one, so the pointer is never dangling).
    pub fn alloc(len: usize) -> ClResult<Storage> {
        let layout = Layout::from_size_align(len.max(1), platform::BASE_ALIGN)
            .map_err(|_| ClError::new(CL_INVALID_BUFFER_SIZE, format!("{len} bytes cannot be allocated")))?;
        // SAFETY: the layout has a non-zero size.
        let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
        if ptr.is_null() {
            return Err(ClError::new(
                CL_MEM_OBJECT_ALLOCATION_FAILURE,
                format!("out of memory allocating {len} bytes"),
            ));
        }
        Ok(Storage { ptr, len, owned: Some(layout), _keep: None })
    }

    /// The application's memory (`CL_MEM_USE_HOST_PTR`).
    ///
    /// # Safety
    /// `ptr` must be valid for `len` bytes for as long as the storage is used.
    pub unsafe fn borrowed(ptr: *mut u8, len: usize, keep: Option<Arc<Storage>>) -> Storage {
        Storage { ptr, len, owned: None, _keep: keep }
    }

    pub fn ptr(&self) -> *mut u8 {
        self.ptr
    }

    pub fn len(&self) -> usize {
        self.len
    }
}

impl Drop for Storage {
    fn drop(&mut self) {
        if let Some(layout) = self.owned {
            // SAFETY: allocated in `alloc` with this layout, freed once.
            unsafe { std::alloc::dealloc(self.ptr, layout) };
        }
    }
}

/// `void (*)(cl_mem, void *user_data)`.
pub type DestructorFn = unsafe extern "C" fn(Handle, *mut c_void);

/// An image's description (set for image objects; see `image`).
///
/// The texels live in the object's storage (from `Mem::base()`): element (x, y) of
/// slice or layer z at `x * element_size + y * row_pitch + z * slice_pitch`. Sizes
/// unused by the image type are 1 here (`clGetImageInfo` reports them as 0).
#[derive(Clone)]
pub struct ImageDesc {
    pub mem_type: u32,
    /// `cl_image_format`: channel order and data type.
    pub format: (u32, u32),
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub array_size: usize,
    /// Bytes between rows.
    pub row_pitch: usize,
    /// Bytes between 2-D slices of a 3-D image or layers of an array (a 1-D array's
    /// layers are its "rows" as the API counts them, stored `slice_pitch` apart).
    pub slice_pitch: usize,
    pub element_size: usize,
    /// The buffer a 1-D image buffer or 2-D image from a buffer views.
    pub buffer: Option<Arc<Obj<Mem>>>,
}

/// A memory object.
pub struct Mem {
    pub context: Ctx,
    pub flags: u64,
    pub size: usize,
    /// Offset into `storage` (sub-buffers).
    pub offset: usize,
    pub storage: Arc<Storage>,
    pub parent: Option<Arc<Obj<Mem>>>,
    pub host_ptr: usize,
    pub image: Option<ImageDesc>,
    pub properties: Vec<u64>,
    pub maps: AtomicU32,
    destructors: Mutex<Vec<(DestructorFn, usize)>>,
    me: OnceLock<usize>,
}

pub type M = Arc<Obj<Mem>>;

impl Mem {
    /// Address of the object's first byte.
    pub fn base(&self) -> *mut u8 {
        // SAFETY: `offset + size <= storage.len()` (checked at creation).
        unsafe { self.storage.ptr().add(self.offset) }
    }

    /// Check that `[offset, offset + len)` lies in the object.
    pub fn check_range(&self, offset: usize, len: usize, what: &str) -> ClResult<()> {
        match offset.checked_add(len) {
            Some(end) if end <= self.size => Ok(()),
            _ => Err(ClError::value(format!(
                "{what}: bytes {offset}..{offset}+{len} are outside the buffer of {} bytes",
                self.size
            ))),
        }
    }

    pub fn is_image(&self) -> bool {
        self.image.is_some()
    }
}

impl Drop for Mem {
    fn drop(&mut self) {
        let list = std::mem::take(&mut *lock(&self.destructors));
        let me = self.me.get().copied().unwrap_or(0) as Handle;
        for (f, user) in list.into_iter().rev() {
            // SAFETY: the application's callback, called once as the object is deleted.
            unsafe { f(me, user as *mut c_void) };
        }
    }
}

/// The memory object behind `h`.
pub fn get(h: Handle) -> ClResult<M> {
    Obj::<Mem>::get(h, CL_INVALID_MEM_OBJECT, "memory object")
}

/// The buffer (not image) behind `h`.
pub fn buffer(h: Handle) -> ClResult<M> {
    let m = get(h)?;
    if m.v.is_image() {
        return Err(ClError::new(CL_INVALID_MEM_OBJECT, "an image was given where a buffer is expected"));
    }
    Ok(m)
}

/// Make a memory object and return its handle.
pub fn register(mem: Mem) -> Handle {
    let obj = Obj::new(mem);
    let h = Obj::handle(&obj);
    let _ = obj.v.me.set(h as usize);
    h
}

pub const ACCESS: u64 = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
pub const HOST_ACCESS: u64 = CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;

/// Check memory flags: at most one device access flag, at most one host access flag,
/// `USE_HOST_PTR` with neither `ALLOC_` nor `COPY_HOST_PTR`, a host pointer exactly when
/// one of `USE_`/`COPY_HOST_PTR` is set.
pub fn check_flags(flags: u64, host_ptr: *mut c_void) -> ClResult<()> {
    let known = ACCESS
        | HOST_ACCESS
        | CL_MEM_USE_HOST_PTR
        | CL_MEM_ALLOC_HOST_PTR
        | CL_MEM_COPY_HOST_PTR
        | CL_MEM_KERNEL_READ_AND_WRITE;
    if flags & !known != 0 {
        return Err(ClError::value(format!("unknown memory flags {:#x}", flags & !known)));
    }
    if (flags & ACCESS).count_ones() > 1 || (flags & HOST_ACCESS).count_ones() > 1 {
        return Err(ClError::value("more than one of CL_MEM_READ_WRITE/WRITE_ONLY/READ_ONLY (or of the HOST_ flags)"));
    }
    if flags & CL_MEM_USE_HOST_PTR != 0 && flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0 {
        return Err(ClError::value("CL_MEM_USE_HOST_PTR with CL_MEM_ALLOC_HOST_PTR or CL_MEM_COPY_HOST_PTR"));
    }
    let wants_ptr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0;
    if wants_ptr == host_ptr.is_null() {
        return Err(ClError::new(
            CL_INVALID_HOST_PTR,
            "host_ptr must be given exactly when CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR is set",
        ));
    }
    Ok(())
}

/// Storage for a new object of `size` bytes under `flags` from `host_ptr`.
///
/// # Safety
/// A non-null `host_ptr` must be valid for `size` bytes (and, for `USE_HOST_PTR`, stay so
/// while the object lives — the application's promise).
pub unsafe fn storage_for(flags: u64, size: usize, host_ptr: *mut c_void) -> ClResult<Arc<Storage>> {
    if flags & CL_MEM_USE_HOST_PTR != 0 {
        // An SVM pointer keeps its allocation alive.
        let keep = crate::svm::storage_containing(host_ptr as usize);
        // SAFETY: the application's memory, valid for `size` bytes while the object lives.
        return Ok(Arc::new(unsafe { Storage::borrowed(host_ptr as *mut u8, size, keep) }));
    }
    let s = Storage::alloc(size)?;
    if flags & CL_MEM_COPY_HOST_PTR != 0 {
        // SAFETY: `host_ptr` is valid for `size` bytes; `s` has `size` bytes.
        unsafe { std::ptr::copy_nonoverlapping(host_ptr as *const u8, s.ptr(), size) };
    }
    Ok(Arc::new(s))
}

fn create(ctx: Ctx, flags: u64, size: usize, host_ptr: *mut c_void, properties: Vec<u64>) -> ClResult<Handle> {
    check_flags(flags, host_ptr)?;
    if size == 0 || size as u64 > platform::max_alloc() {
        return Err(ClError::new(
            CL_INVALID_BUFFER_SIZE,
            format!("a buffer of {size} bytes (it must have 1 to {} bytes)", platform::max_alloc()),
        ));
    }
    let flags = if flags & ACCESS == 0 { flags | CL_MEM_READ_WRITE } else { flags };
    // SAFETY: the application's host pointer is valid for `size` bytes (its contract).
    let storage = unsafe { storage_for(flags, size, host_ptr) }?;
    Ok(register(Mem {
        context: ctx,
        flags,
        size,
        offset: 0,
        storage,
        parent: None,
        host_ptr: host_ptr as usize,
        image: None,
        properties,
        maps: AtomicU32::new(0),
        destructors: Mutex::new(Vec::new()),
        me: OnceLock::new(),
    }))
}

/// A new image object over `size` bytes of `storage` from `offset` (used by `image`;
/// a buffer's storage for images made from a buffer).
#[allow(clippy::too_many_arguments)]
pub fn new_image_object(
    ctx: Ctx,
    flags: u64,
    storage: Arc<Storage>,
    offset: usize,
    size: usize,
    host_ptr: *mut c_void,
    desc: ImageDesc,
    properties: Vec<u64>,
) -> Handle {
    register(Mem {
        context: ctx,
        flags,
        size,
        offset,
        storage,
        parent: None,
        host_ptr: host_ptr as usize,
        image: Some(desc),
        properties,
        maps: AtomicU32::new(0),
        destructors: Mutex::new(Vec::new()),
        me: OnceLock::new(),
    })
}

pub(crate) unsafe extern "C" fn create_buffer(
    c: Handle,
    flags: u64,
    size: usize,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateBuffer", errcode_ret, || create(context::get(c)?, flags, size, host_ptr, Vec::new()))
}

/// The property list of a memory object: OpenCL 3.0 defines none for buffers and images,
/// so any is `CL_INVALID_PROPERTY`; returns the list `CL_MEM_PROPERTIES` reports (just the
/// terminating 0 when a list was given).
///
/// # Safety
/// `props` must be null or a zero-terminated property list.
pub unsafe fn no_properties(props: *const u64, what: &str) -> ClResult<Vec<u64>> {
    // SAFETY: forwarded with the caller's contract.
    let pairs = unsafe { api::properties(props) }?;
    if let Some((name, _)) = pairs.first() {
        return Err(ClError::new(CL_INVALID_PROPERTY, format!("unknown {what} property {name:#x}")));
    }
    Ok(if props.is_null() { Vec::new() } else { vec![0] })
}

pub(crate) unsafe extern "C" fn create_buffer_with_properties(
    c: Handle,
    props: *const u64,
    flags: u64,
    size: usize,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateBufferWithProperties", errcode_ret, || {
        let ctx = context::get(c)?;
        // SAFETY: the caller's zero-terminated property list.
        let list = unsafe { no_properties(props, "buffer") }?;
        create(ctx, flags, size, host_ptr, list)
    })
}

#[repr(C)]
struct BufferRegion {
    origin: usize,
    size: usize,
}

pub(crate) unsafe extern "C" fn create_sub_buffer(
    parent: Handle,
    flags: u64,
    kind: cl_uint,
    info: *const c_void,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateSubBuffer", errcode_ret, || {
        let p = buffer(parent)?;
        if p.v.parent.is_some() {
            return Err(ClError::new(CL_INVALID_MEM_OBJECT, "a sub-buffer cannot be made from a sub-buffer"));
        }
        if kind as u64 != CL_BUFFER_CREATE_TYPE_REGION || info.is_null() {
            return Err(ClError::value("buffer_create_type must be CL_BUFFER_CREATE_TYPE_REGION with a region"));
        }
        // SAFETY: a `cl_buffer_region` (the caller's contract for this create type).
        let region = unsafe { &*(info as *const BufferRegion) };
        if region.size == 0 {
            return Err(ClError::new(CL_INVALID_BUFFER_SIZE, "the region's size is 0"));
        }
        p.v.check_range(region.origin, region.size, "the sub-buffer region")?;
        if region.origin % platform::BASE_ALIGN != 0 {
            return Err(ClError::new(
                CL_MISALIGNED_SUB_BUFFER_OFFSET,
                format!("the region's origin {} is not a multiple of {} bytes", region.origin, platform::BASE_ALIGN),
            ));
        }
        if flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0 {
            return Err(ClError::value("a sub-buffer takes no host pointer flags"));
        }
        check_flags(flags, std::ptr::null_mut())?;
        let pf = p.v.flags;
        let conflict = (pf & CL_MEM_WRITE_ONLY != 0 && flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY) != 0)
            || (pf & CL_MEM_READ_ONLY != 0 && flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY) != 0)
            || (pf & CL_MEM_HOST_WRITE_ONLY != 0 && flags & CL_MEM_HOST_READ_ONLY != 0)
            || (pf & CL_MEM_HOST_READ_ONLY != 0 && flags & CL_MEM_HOST_WRITE_ONLY != 0)
            || (pf & CL_MEM_HOST_NO_ACCESS != 0 && flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY) != 0);
        if conflict {
            return Err(ClError::value("the sub-buffer's flags conflict with its buffer's"));
        }
        let access = if flags & ACCESS == 0 { pf & ACCESS } else { flags & ACCESS };
        let host = if flags & HOST_ACCESS == 0 { pf & HOST_ACCESS } else { flags & HOST_ACCESS };
        let inherited = pf & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR);
        let host_ptr = if pf & CL_MEM_USE_HOST_PTR != 0 { p.v.host_ptr + region.origin } else { 0 };
        Ok(register(Mem {
            context: p.v.context.clone(),
            flags: access | host | inherited,
            size: region.size,
            offset: p.v.offset + region.origin,
            storage: p.v.storage.clone(),
            parent: Some(p.clone()),
            host_ptr,
            image: None,
            properties: Vec::new(),
            maps: AtomicU32::new(0),
            destructors: Mutex::new(Vec::new()),
            me: OnceLock::new(),
        }))
    })
}

pub(crate) unsafe extern "C" fn retain_mem_object(h: Handle) -> cl_int {
    api::status("clRetainMemObject", || {
        Obj::retain(&get(h)?);
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn release_mem_object(h: Handle) -> cl_int {
    api::status("clReleaseMemObject", || Obj::release(&get(h)?, CL_INVALID_MEM_OBJECT, "memory object"))
}

pub(crate) unsafe extern "C" fn set_mem_object_destructor_callback(
    h: Handle,
    f: Option<DestructorFn>,
    user: *mut c_void,
) -> cl_int {
    api::status("clSetMemObjectDestructorCallback", || {
        let m = get(h)?;
        let f = f.ok_or_else(|| ClError::value("pfn_notify is null"))?;
        lock(&m.v.destructors).push((f, user as usize));
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn get_mem_object_info(
    h: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetMemObjectInfo", || {
        let m = get(h)?;
        let v = match param as u64 {
            CL_MEM_TYPE => {
                Ok(Value::u32(m.v.image.as_ref().map(|i| i.mem_type).unwrap_or(CL_MEM_OBJECT_BUFFER as u32)))
            }
            CL_MEM_FLAGS => Ok(Value::u64(m.v.flags)),
            CL_MEM_SIZE => Ok(Value::usize(m.v.size)),
            CL_MEM_HOST_PTR => Ok(Value::usize(m.v.host_ptr)),
            CL_MEM_MAP_COUNT => Ok(Value::u32(m.v.maps.load(Ordering::Acquire))),
            CL_MEM_REFERENCE_COUNT => Ok(Value::u32(m.ref_count())),
            CL_MEM_CONTEXT => Ok(Value::handle(Obj::handle(&m.v.context))),
            CL_MEM_ASSOCIATED_MEMOBJECT => Ok(Value::handle(
                m.v.parent
                    .as_ref()
                    .or(m.v.image.as_ref().and_then(|i| i.buffer.as_ref()))
                    .map(Obj::handle)
                    .unwrap_or(std::ptr::null_mut()),
            )),
            CL_MEM_OFFSET => Ok(Value::usize(if m.v.parent.is_some() { m.v.offset } else { 0 })),
            CL_MEM_USES_SVM_POINTER => Ok(Value::bool(crate::svm::storage_containing(m.v.host_ptr).is_some())),
            CL_MEM_PROPERTIES => Ok(Value::u64s(&m.v.properties)),
            _ => Err(info::unknown("memory object", param)),
        };
        // SAFETY: the query's output pointers.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

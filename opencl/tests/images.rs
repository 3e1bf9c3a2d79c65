//! Images and samplers through the OpenCL platform's entry points (reached through the
//! ICD dispatch table, as the ICD loader reaches them): creation of every image type with
//! every host-pointer flag, queries, supported formats, every image command, maps, 1-D
//! image buffers and 2-D images from buffers, and kernels that read, write and sample
//! images (every addressing and filter mode, a kernel-declared sampler), compared with
//! values computed here. Kernels come from the committed `tests/kernels/images` module.

use std::ffi::{c_void, CString};
use std::ptr::{null, null_mut};

use spirjit_opencl::tables::*;

type H = *mut c_void;

const IMAGES_SPV: &[u8] = include_bytes!("../../tests/kernels/images/images.O2.spv");

/// The platform's entry points by name, from the dispatch table.
struct Cl {
    table: *const usize,
    device: H,
    ctx: H,
    queue: H,
}

macro_rules! call {
    ($cl:expr, $name:literal, ($($t:ty),*) -> $r:ty, $($a:expr),* $(,)?) => {{
        let f: unsafe extern "C" fn($($t),*) -> $r = unsafe { std::mem::transmute($cl.slot($name)) };
        #[allow(unused_unsafe)]
        unsafe { f($($a),*) }
    }};
}

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
struct Format {
    order: u32,
    ty: u32,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct Desc {
    image_type: u32,
    width: usize,
    height: usize,
    depth: usize,
    array_size: usize,
    row_pitch: usize,
    slice_pitch: usize,
    mips: u32,
    samples: u32,
    buffer: H,
}

fn desc(ty: u64, size: [usize; 4]) -> Desc {
    Desc {
        image_type: ty as u32,
        width: size[0],
        height: size[1],
        depth: size[2],
        array_size: size[3],
        row_pitch: 0,
        slice_pitch: 0,
        mips: 0,
        samples: 0,
        buffer: null_mut(),
    }
}

fn fmt(order: u64, ty: u64) -> Format {
    Format { order: order as u32, ty: ty as u32 }
}

impl Cl {
    fn new() -> Cl {
        let mut p: H = null_mut();
        // SAFETY: one output slot.
        let r = unsafe { spirjit_opencl::clIcdGetPlatformIDsKHR(1, &mut p, null_mut()) };
        assert_eq!(r, CL_SUCCESS);
        // SAFETY: the first word of every object is the dispatch table.
        let table = unsafe { *(p as *const *const usize) };
        let mut cl = Cl { table, device: null_mut(), ctx: null_mut(), queue: null_mut() };
        let mut d: H = null_mut();
        let r = call!(cl, "clGetDeviceIDs", (H, u64, u32, *mut H, *mut u32) -> i32, p, CL_DEVICE_TYPE_ALL, 1, &mut d, null_mut());
        assert_eq!(r, CL_SUCCESS);
        let mut err = 0;
        let ctx = call!(cl, "clCreateContext", (*const isize, u32, *const H, usize, H, *mut i32) -> H,
            null(), 1, &d, 0, null_mut(), &mut err);
        assert_eq!(err, CL_SUCCESS);
        let queue = call!(cl, "clCreateCommandQueueWithProperties", (H, H, *const u64, *mut i32) -> H,
            ctx, d, null(), &mut err);
        assert_eq!(err, CL_SUCCESS);
        cl.device = d;
        cl.ctx = ctx;
        cl.queue = queue;
        cl
    }

    fn slot(&self, name: &str) -> usize {
        let i = DISPATCH_SLOTS.iter().position(|(n, _)| *n == name).unwrap_or_else(|| panic!("no slot {name}"));
        // SAFETY: the table has one word per slot.
        unsafe { *self.table.add(i) }
    }

    fn image_status(&self, flags: u64, f: Format, d: &Desc, host: *mut c_void) -> Result<H, i32> {
        let mut err = 0;
        let h = call!(self, "clCreateImage", (H, u64, *const Format, *const Desc, *mut c_void, *mut i32) -> H,
            self.ctx, flags, &f, d, host, &mut err);
        if err == CL_SUCCESS {
            assert!(!h.is_null());
            Ok(h)
        } else {
            assert!(h.is_null());
            Err(err)
        }
    }

    fn image(&self, flags: u64, f: Format, d: &Desc, host: *mut c_void) -> H {
        self.image_status(flags, f, d, host).unwrap_or_else(|e| panic!("clCreateImage: {e}"))
    }

    fn buffer(&self, flags: u64, size: usize, host: *mut c_void) -> H {
        let mut err = 0;
        let h = call!(self, "clCreateBuffer", (H, u64, usize, *mut c_void, *mut i32) -> H,
            self.ctx, flags, size, host, &mut err);
        assert_eq!(err, CL_SUCCESS);
        h
    }

    fn image_info(&self, img: H, param: u64) -> usize {
        let mut v = 0usize;
        let r = call!(self, "clGetImageInfo", (H, u32, usize, *mut c_void, *mut usize) -> i32,
            img, param as u32, 8, &mut v as *mut usize as *mut c_void, null_mut());
        assert_eq!(r, CL_SUCCESS, "clGetImageInfo({param:#x})");
        v
    }

    fn mem_info_u64(&self, m: H, param: u64) -> u64 {
        let mut v = 0u64;
        let mut n = 0usize;
        let r = call!(self, "clGetMemObjectInfo", (H, u32, usize, *mut c_void, *mut usize) -> i32,
            m, param as u32, 8, &mut v as *mut u64 as *mut c_void, &mut n);
        assert_eq!(r, CL_SUCCESS);
        if n == 4 {
            v & 0xffff_ffff
        } else {
            v
        }
    }

    fn read(&self, img: H, origin: [usize; 3], region: [usize; 3], pitches: (usize, usize), out: &mut [u8]) -> i32 {
        call!(self, "clEnqueueReadImage",
            (H, H, u32, *const usize, *const usize, usize, usize, *mut c_void, u32, *const H, *mut H) -> i32,
            self.queue, img, 1, origin.as_ptr(), region.as_ptr(), pitches.0, pitches.1,
            out.as_mut_ptr() as *mut c_void, 0, null(), null_mut())
    }

    fn write(&self, img: H, origin: [usize; 3], region: [usize; 3], pitches: (usize, usize), data: &[u8]) -> i32 {
        call!(self, "clEnqueueWriteImage",
            (H, H, u32, *const usize, *const usize, usize, usize, *const c_void, u32, *const H, *mut H) -> i32,
            self.queue, img, 1, origin.as_ptr(), region.as_ptr(), pitches.0, pitches.1,
            data.as_ptr() as *const c_void, 0, null(), null_mut())
    }

    fn read_buffer(&self, b: H, out: &mut [u8]) {
        let r = call!(self, "clEnqueueReadBuffer", (H, H, u32, usize, usize, *mut c_void, u32, *const H, *mut H) -> i32,
            self.queue, b, 1, 0, out.len(), out.as_mut_ptr() as *mut c_void, 0, null(), null_mut());
        assert_eq!(r, CL_SUCCESS);
    }

    fn write_buffer(&self, b: H, data: &[u8]) {
        let r = call!(self, "clEnqueueWriteBuffer", (H, H, u32, usize, usize, *const c_void, u32, *const H, *mut H) -> i32,
            self.queue, b, 1, 0, data.len(), data.as_ptr() as *const c_void, 0, null(), null_mut());
        assert_eq!(r, CL_SUCCESS);
    }

    fn finish(&self) {
        assert_eq!(call!(self, "clFinish", (H) -> i32, self.queue), CL_SUCCESS);
    }

    fn release(&self, m: H) {
        assert_eq!(call!(self, "clReleaseMemObject", (H) -> i32, m), CL_SUCCESS);
    }

    fn kernel(&self, name: &str) -> H {
        let mut err = 0;
        let prog = call!(self, "clCreateProgramWithIL", (H, *const c_void, usize, *mut i32) -> H,
            self.ctx, IMAGES_SPV.as_ptr() as *const c_void, IMAGES_SPV.len(), &mut err);
        assert_eq!(err, CL_SUCCESS);
        let r = call!(self, "clBuildProgram", (H, u32, *const H, *const i8, usize, H) -> i32,
            prog, 1, &self.device, null(), 0, null_mut());
        assert_eq!(r, CL_SUCCESS);
        let n = CString::new(name).unwrap();
        let k = call!(self, "clCreateKernel", (H, *const i8, *mut i32) -> H, prog, n.as_ptr(), &mut err);
        assert_eq!(err, CL_SUCCESS, "clCreateKernel {name}");
        k
    }

    fn arg<T>(&self, k: H, i: u32, v: &T) -> i32 {
        call!(self, "clSetKernelArg", (H, u32, usize, *const c_void) -> i32,
            k, i, std::mem::size_of::<T>(), v as *const T as *const c_void)
    }

    fn run(&self, k: H, global: &[usize]) {
        let r = call!(self, "clEnqueueNDRangeKernel",
            (H, H, u32, *const usize, *const usize, *const usize, u32, *const H, *mut H) -> i32,
            self.queue, k, global.len() as u32, null(), global.as_ptr(), null(), 0, null(), null_mut());
        assert_eq!(r, CL_SUCCESS);
        self.finish();
    }

    fn sampler(&self, normalized: bool, addressing: u64, filter: u64) -> H {
        let mut err = 0;
        let s = call!(self, "clCreateSampler", (H, u32, u32, u32, *mut i32) -> H,
            self.ctx, normalized as u32, addressing as u32, filter as u32, &mut err);
        assert_eq!(err, CL_SUCCESS);
        s
    }
}

fn f32s(b: &[u8]) -> Vec<f32> {
    b.chunks(4).map(|c| f32::from_ne_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn bytes_of(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_ne_bytes()).collect()
}

fn pattern(n: usize, seed: u8) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed)).collect()
}

#[test]
fn device_reports_images_and_formats() {
    let cl = Cl::new();
    let mut support = 0u32;
    let r = call!(cl, "clGetDeviceInfo", (H, u32, usize, *mut c_void, *mut usize) -> i32,
        cl.device, CL_DEVICE_IMAGE_SUPPORT as u32, 4, &mut support as *mut u32 as *mut c_void, null_mut());
    assert_eq!((r, support), (CL_SUCCESS, 1));
    let mut max2d = 0usize;
    let r = call!(cl, "clGetDeviceInfo", (H, u32, usize, *mut c_void, *mut usize) -> i32,
        cl.device, CL_DEVICE_IMAGE2D_MAX_WIDTH as u32, 8, &mut max2d as *mut usize as *mut c_void, null_mut());
    assert_eq!(r, CL_SUCCESS);
    for ty in [
        CL_MEM_OBJECT_IMAGE1D,
        CL_MEM_OBJECT_IMAGE1D_BUFFER,
        CL_MEM_OBJECT_IMAGE1D_ARRAY,
        CL_MEM_OBJECT_IMAGE2D,
        CL_MEM_OBJECT_IMAGE2D_ARRAY,
        CL_MEM_OBJECT_IMAGE3D,
    ] {
        let mut n = 0u32;
        let r = call!(cl, "clGetSupportedImageFormats", (H, u64, u32, u32, *mut Format, *mut u32) -> i32,
            cl.ctx, CL_MEM_READ_WRITE, ty as u32, 0, null_mut(), &mut n);
        assert_eq!(r, CL_SUCCESS);
        let mut list = vec![Format { order: 0, ty: 0 }; n as usize];
        let r = call!(cl, "clGetSupportedImageFormats", (H, u64, u32, u32, *mut Format, *mut u32) -> i32,
            cl.ctx, CL_MEM_READ_ONLY, ty as u32, n, list.as_mut_ptr(), null_mut());
        assert_eq!(r, CL_SUCCESS);
        // R, A, RG, RA, RGBA, Rx and RGx with the 12 unpacked types, INTENSITY and
        // LUMINANCE with 6 of them, BGRA and ARGB with 4, RGB and RGBx with the 3 packed.
        assert_eq!(n, 7 * 12 + 2 * 6 + 2 * 4 + 2 * 3);
        for f in [fmt(CL_RGBA, CL_FLOAT), fmt(CL_BGRA, CL_UNORM_INT8), fmt(CL_RGB, CL_UNORM_SHORT_565)] {
            assert!(list.contains(&f), "{f:?}");
        }
        assert!(!list.contains(&fmt(CL_RGB, CL_UNORM_INT8)));
        // Every reported format makes an image.
        for f in &list {
            let img = cl.image(CL_MEM_READ_WRITE, *f, &desc(CL_MEM_OBJECT_IMAGE2D, [3, 2, 1, 1]), null_mut());
            cl.release(img);
        }
    }
    let d = desc(CL_MEM_OBJECT_IMAGE2D, [max2d + 1, 1, 1, 1]);
    assert_eq!(cl.image_status(0, fmt(CL_R, CL_UNORM_INT8), &d, null_mut()), Err(CL_INVALID_IMAGE_SIZE));
    let d = desc(CL_MEM_OBJECT_IMAGE2D, [4, 4, 1, 1]);
    assert_eq!(cl.image_status(0, fmt(CL_RGB, CL_FLOAT), &d, null_mut()), Err(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR));
    assert_eq!(cl.image_status(0, fmt(0x10bf, CL_UNORM_INT8), &d, null_mut()), Err(CL_IMAGE_FORMAT_NOT_SUPPORTED));
    assert_eq!(cl.image_status(0, fmt(0x1234, CL_FLOAT), &d, null_mut()), Err(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR));
    let mut bad = d;
    bad.row_pitch = 64;
    assert_eq!(cl.image_status(0, fmt(CL_R, CL_FLOAT), &bad, null_mut()), Err(CL_INVALID_IMAGE_DESCRIPTOR));
}

/// (type, size (w, h, d, layers), element count) for every image type.
fn every_type() -> Vec<(u64, [usize; 4], usize)> {
    vec![
        (CL_MEM_OBJECT_IMAGE1D, [7, 1, 1, 1], 7),
        (CL_MEM_OBJECT_IMAGE1D_ARRAY, [5, 1, 1, 3], 15),
        (CL_MEM_OBJECT_IMAGE2D, [5, 4, 1, 1], 20),
        (CL_MEM_OBJECT_IMAGE2D_ARRAY, [3, 4, 1, 2], 24),
        (CL_MEM_OBJECT_IMAGE3D, [3, 2, 4, 1], 24),
    ]
}

fn full_region(ty: u64, s: [usize; 4]) -> [usize; 3] {
    match ty {
        CL_MEM_OBJECT_IMAGE1D | CL_MEM_OBJECT_IMAGE1D_BUFFER => [s[0], 1, 1],
        CL_MEM_OBJECT_IMAGE1D_ARRAY => [s[0], s[3], 1],
        CL_MEM_OBJECT_IMAGE2D => [s[0], s[1], 1],
        CL_MEM_OBJECT_IMAGE2D_ARRAY => [s[0], s[1], s[3]],
        _ => [s[0], s[1], s[2]],
    }
}

#[test]
fn every_type_with_every_host_flag_and_queries() {
    let cl = Cl::new();
    let f = fmt(CL_RGBA, CL_UNSIGNED_INT16); // 8-byte elements
    for (ty, size, n) in every_type() {
        let data = pattern(n * 8, ty as u8);
        let region = full_region(ty, size);
        for flags in [CL_MEM_COPY_HOST_PTR, CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR, 0] {
            let mut host = data.clone();
            let hp = if flags & (CL_MEM_COPY_HOST_PTR | CL_MEM_USE_HOST_PTR) != 0 {
                host.as_mut_ptr() as *mut c_void
            } else {
                null_mut()
            };
            let img = cl.image(flags | CL_MEM_READ_WRITE, f, &desc(ty, size), hp);
            if hp.is_null() {
                assert_eq!(cl.write(img, [0; 3], region, (0, 0), &data), CL_SUCCESS);
            }
            let mut out = vec![0u8; data.len()];
            assert_eq!(cl.read(img, [0; 3], region, (0, 0), &mut out), CL_SUCCESS);
            assert_eq!(out, data, "type {ty:#x} flags {flags:#x}");
            assert_eq!(cl.image_info(img, CL_IMAGE_ELEMENT_SIZE), 8);
            assert_eq!(cl.image_info(img, CL_IMAGE_WIDTH), size[0]);
            let is = |t: &[u64]| t.contains(&ty);
            let h = if is(&[CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_MEM_OBJECT_IMAGE3D]) {
                size[1]
            } else {
                0
            };
            assert_eq!(cl.image_info(img, CL_IMAGE_HEIGHT), h);
            assert_eq!(cl.image_info(img, CL_IMAGE_DEPTH), if ty == CL_MEM_OBJECT_IMAGE3D { size[2] } else { 0 });
            let layers = if is(&[CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_MEM_OBJECT_IMAGE2D_ARRAY]) { size[3] } else { 0 };
            assert_eq!(cl.image_info(img, CL_IMAGE_ARRAY_SIZE), layers);
            assert_eq!(cl.image_info(img, CL_IMAGE_ROW_PITCH), size[0] * 8);
            let slice = match ty {
                CL_MEM_OBJECT_IMAGE1D_ARRAY => size[0] * 8,
                CL_MEM_OBJECT_IMAGE2D_ARRAY | CL_MEM_OBJECT_IMAGE3D => size[0] * size[1] * 8,
                _ => 0,
            };
            assert_eq!(cl.image_info(img, CL_IMAGE_SLICE_PITCH), slice);
            assert_eq!(cl.image_info(img, CL_IMAGE_FORMAT), (f.ty as usize) << 32 | f.order as usize);
            assert_eq!(cl.mem_info_u64(img, CL_MEM_TYPE), ty);
            assert_eq!(cl.mem_info_u64(img, CL_MEM_SIZE), (n * 8) as u64);
            assert_eq!(cl.mem_info_u64(img, CL_MEM_FLAGS), flags | CL_MEM_READ_WRITE);
            assert_eq!(cl.mem_info_u64(img, CL_MEM_HOST_PTR), hp as u64);
            cl.release(img);
        }
    }
}

#[test]
fn use_host_ptr_with_pitches_is_the_storage() {
    let cl = Cl::new();
    let f = fmt(CL_R, CL_UNSIGNED_INT32);
    // A 3x2x2 image in rows of 5 elements and slices of 3 rows.
    let (rp, sp) = (20, 60);
    let mut host = vec![0u32; 30];
    for z in 0..2 {
        for y in 0..2 {
            for x in 0..3 {
                host[z * 15 + y * 5 + x] = (100 * z + 10 * y + x) as u32;
            }
        }
    }
    let mut d = desc(CL_MEM_OBJECT_IMAGE3D, [3, 2, 2, 1]);
    d.row_pitch = rp;
    d.slice_pitch = sp;
    let img = cl.image(CL_MEM_USE_HOST_PTR, f, &d, host.as_mut_ptr() as *mut c_void);
    assert_eq!(cl.image_info(img, CL_IMAGE_ROW_PITCH), rp);
    assert_eq!(cl.image_info(img, CL_IMAGE_SLICE_PITCH), sp);
    let mut out = vec![0u8; 48];
    assert_eq!(cl.read(img, [0; 3], [3, 2, 2], (0, 0), &mut out), CL_SUCCESS);
    let got: Vec<u32> = out.chunks(4).map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]])).collect();
    assert_eq!(got, [0, 1, 2, 10, 11, 12, 100, 101, 102, 110, 111, 112]);
    // A write lands in the application's memory at its pitches.
    assert_eq!(cl.write(img, [1, 1, 1], [1, 1, 1], (0, 0), &7777u32.to_ne_bytes()), CL_SUCCESS);
    assert_eq!(host[15 + 5 + 1], 7777);
    // A map gives the application's memory and its pitches.
    let (mut row, mut slice) = (0usize, 0usize);
    let mut err = 0;
    let p = call!(cl, "clEnqueueMapImage",
        (H, H, u32, u64, *const usize, *const usize, *mut usize, *mut usize, u32, *const H, *mut H, *mut i32) -> *mut c_void,
        cl.queue, img, 1, CL_MAP_READ | CL_MAP_WRITE, [2usize, 0, 1].as_ptr(), [1usize, 2, 1].as_ptr(), &mut row, &mut slice,
        0, null(), null_mut(), &mut err);
    assert_eq!(err, CL_SUCCESS);
    assert_eq!((p as usize, row, slice), (host.as_ptr() as usize + sp + 8, rp, sp));
    assert_eq!(cl.mem_info_u64(img, CL_MEM_MAP_COUNT), 1);
    let r = call!(cl, "clEnqueueUnmapMemObject", (H, H, *mut c_void, u32, *const H, *mut H) -> i32,
        cl.queue, img, p, 0, null(), null_mut());
    assert_eq!(r, CL_SUCCESS);
    cl.finish();
    assert_eq!(cl.mem_info_u64(img, CL_MEM_MAP_COUNT), 0);
    cl.release(img);

    // COPY_HOST_PTR with pitches: the image is packed afterwards.
    let mut d = desc(CL_MEM_OBJECT_IMAGE2D, [3, 2, 1, 1]);
    d.row_pitch = rp;
    let img = cl.image(CL_MEM_COPY_HOST_PTR, f, &d, host.as_mut_ptr() as *mut c_void);
    assert_eq!(cl.image_info(img, CL_IMAGE_ROW_PITCH), 12);
    let mut out = vec![0u8; 24];
    assert_eq!(cl.read(img, [0; 3], [3, 2, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(out[12..16], 10u32.to_ne_bytes());
    cl.release(img);
}

#[test]
fn read_and_write_regions_with_host_pitches() {
    let cl = Cl::new();
    let f = fmt(CL_RG, CL_UNSIGNED_INT8); // 2-byte elements
    let img = cl.image(0, f, &desc(CL_MEM_OBJECT_IMAGE2D_ARRAY, [6, 5, 1, 4]), null_mut());
    let all = pattern(6 * 5 * 4 * 2, 3);
    assert_eq!(cl.write(img, [0; 3], [6, 5, 4], (0, 0), &all), CL_SUCCESS);
    // Read a 3x2x2 box at (2, 1, 1) into rows of 10 bytes and slices of 30.
    let mut out = vec![0xEEu8; 60];
    assert_eq!(cl.read(img, [2, 1, 1], [3, 2, 2], (10, 30), &mut out), CL_SUCCESS);
    for z in 0..2 {
        for y in 0..2 {
            for x in 0..6 {
                let want = all[(((1 + z) * 5 + 1 + y) * 6 + 2) * 2 + x];
                assert_eq!(out[z * 30 + y * 10 + x], want);
            }
            assert_eq!(out[z * 30 + y * 10 + 6], 0xEE, "past the row");
        }
    }
    // Out of range and bad pitches.
    assert_eq!(cl.read(img, [4, 0, 0], [3, 1, 1], (0, 0), &mut out), CL_INVALID_VALUE);
    assert_eq!(cl.read(img, [0, 0, 3], [1, 1, 2], (0, 0), &mut out), CL_INVALID_VALUE);
    assert_eq!(cl.read(img, [0, 0, 0], [3, 1, 1], (4, 0), &mut out), CL_INVALID_VALUE);
    cl.release(img);

    // A 1-D array: the region's y is the layer; slice_pitch separates layers.
    let img = cl.image(0, f, &desc(CL_MEM_OBJECT_IMAGE1D_ARRAY, [4, 1, 1, 3]), null_mut());
    let layers = pattern(24, 9);
    assert_eq!(cl.write(img, [0; 3], [4, 3, 1], (0, 0), &layers), CL_SUCCESS);
    let mut out = vec![0u8; 2 * 8];
    assert_eq!(cl.read(img, [1, 1, 0], [2, 2, 1], (0, 8), &mut out), CL_SUCCESS);
    assert_eq!(out[..4], layers[8 + 2..8 + 6]);
    assert_eq!(out[8..12], layers[16 + 2..16 + 6]);
    assert_eq!(cl.read(img, [0, 0, 1], [1, 1, 1], (0, 0), &mut out), CL_INVALID_VALUE);
    cl.release(img);
}

#[test]
fn copies_between_images_and_buffers() {
    let cl = Cl::new();
    let f = fmt(CL_RGBA, CL_UNORM_INT8);
    let a = cl.image(0, f, &desc(CL_MEM_OBJECT_IMAGE2D, [4, 3, 1, 1]), null_mut());
    let data = pattern(48, 1);
    assert_eq!(cl.write(a, [0; 3], [4, 3, 1], (0, 0), &data), CL_SUCCESS);
    // 2-D into a slice of a 3-D image.
    let b = cl.image(0, f, &desc(CL_MEM_OBJECT_IMAGE3D, [5, 5, 3, 1]), null_mut());
    let r = call!(cl, "clEnqueueCopyImage",
        (H, H, H, *const usize, *const usize, *const usize, u32, *const H, *mut H) -> i32,
        cl.queue, a, b, [1usize, 1, 0].as_ptr(), [0usize, 2, 2].as_ptr(), [3usize, 2, 1].as_ptr(), 0, null(), null_mut());
    assert_eq!(r, CL_SUCCESS);
    let mut out = vec![0u8; 24];
    assert_eq!(cl.read(b, [0, 2, 2], [3, 2, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(out[..12], data[20..32]);
    assert_eq!(out[12..], data[36..48]);
    // Overlapping copy within one image; format mismatch.
    let r = call!(cl, "clEnqueueCopyImage",
        (H, H, H, *const usize, *const usize, *const usize, u32, *const H, *mut H) -> i32,
        cl.queue, a, a, [0usize, 0, 0].as_ptr(), [1usize, 1, 0].as_ptr(), [2usize, 2, 1].as_ptr(), 0, null(), null_mut());
    assert_eq!(r, CL_MEM_COPY_OVERLAP);
    let c = cl.image(0, fmt(CL_R, CL_FLOAT), &desc(CL_MEM_OBJECT_IMAGE2D, [4, 3, 1, 1]), null_mut());
    let r = call!(cl, "clEnqueueCopyImage",
        (H, H, H, *const usize, *const usize, *const usize, u32, *const H, *mut H) -> i32,
        cl.queue, a, c, [0usize; 3].as_ptr(), [0usize; 3].as_ptr(), [1usize, 1, 1].as_ptr(), 0, null(), null_mut());
    assert_eq!(r, CL_IMAGE_FORMAT_MISMATCH);
    // Image to buffer and back.
    let buf = cl.buffer(CL_MEM_READ_WRITE, 64, null_mut());
    let r = call!(cl, "clEnqueueCopyImageToBuffer",
        (H, H, H, *const usize, *const usize, usize, u32, *const H, *mut H) -> i32,
        cl.queue, a, buf, [1usize, 1, 0].as_ptr(), [2usize, 2, 1].as_ptr(), 4, 0, null(), null_mut());
    assert_eq!(r, CL_SUCCESS);
    cl.finish();
    let mut bb = vec![0u8; 64];
    cl.read_buffer(buf, &mut bb);
    assert_eq!(bb[4..12], data[20..28]);
    assert_eq!(bb[12..20], data[36..44]);
    let r = call!(cl, "clEnqueueCopyBufferToImage",
        (H, H, H, usize, *const usize, *const usize, u32, *const H, *mut H) -> i32,
        cl.queue, buf, a, 4, [0usize, 0, 0].as_ptr(), [4usize, 1, 1].as_ptr(), 0, null(), null_mut());
    assert_eq!(r, CL_SUCCESS);
    let mut row = vec![0u8; 16];
    assert_eq!(cl.read(a, [0; 3], [4, 1, 1], (0, 0), &mut row), CL_SUCCESS);
    assert_eq!(row, bb[4..20]);
    // The buffer range must hold the region.
    let r = call!(cl, "clEnqueueCopyImageToBuffer",
        (H, H, H, *const usize, *const usize, usize, u32, *const H, *mut H) -> i32,
        cl.queue, a, buf, [0usize; 3].as_ptr(), [4usize, 3, 1].as_ptr(), 20, 0, null(), null_mut());
    assert_eq!(r, CL_INVALID_VALUE);
    for m in [a, b, c, buf] {
        cl.release(m);
    }
}

#[test]
fn fill_converts_the_colour() {
    let cl = Cl::new();
    let fill = |img: H, color: [u32; 4], origin: [usize; 3], region: [usize; 3]| {
        let r = call!(cl, "clEnqueueFillImage",
            (H, H, *const c_void, *const usize, *const usize, u32, *const H, *mut H) -> i32,
            cl.queue, img, color.as_ptr() as *const c_void, origin.as_ptr(), region.as_ptr(), 0, null(), null_mut());
        assert_eq!(r, CL_SUCCESS);
    };
    let fl = |v: [f32; 4]| v.map(f32::to_bits);
    // BGRA unorm8: channels stored b, g, r, a.
    let img = cl.image(0, fmt(CL_BGRA, CL_UNORM_INT8), &desc(CL_MEM_OBJECT_IMAGE2D, [3, 3, 1, 1]), null_mut());
    fill(img, fl([0.0; 4]), [0; 3], [3, 3, 1]);
    fill(img, fl([1.0, 0.5, 0.25, 2.0]), [1, 1, 0], [2, 1, 1]);
    let mut out = vec![0u8; 36];
    assert_eq!(cl.read(img, [0; 3], [3, 3, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(out[16..20], [64, 128, 255, 255]);
    assert_eq!(out[20..24], [64, 128, 255, 255]);
    assert_eq!(out[12..16], [0; 4]);
    cl.release(img);
    // Signed integers saturate; half floats convert.
    let img = cl.image(0, fmt(CL_RGBA, CL_SIGNED_INT8), &desc(CL_MEM_OBJECT_IMAGE1D, [2, 1, 1, 1]), null_mut());
    fill(img, [(-300i32) as u32, 5, 127, 1000], [0; 3], [2, 1, 1]);
    let mut out = vec![0u8; 8];
    assert_eq!(cl.read(img, [0; 3], [2, 1, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(out[..4], [128, 5, 127, 127]);
    cl.release(img);
    let img = cl.image(0, fmt(CL_R, CL_HALF_FLOAT), &desc(CL_MEM_OBJECT_IMAGE3D, [2, 2, 2, 1]), null_mut());
    fill(img, fl([1.5, 0.0, 0.0, 0.0]), [0; 3], [2, 2, 2]);
    let mut out = vec![0u8; 16];
    assert_eq!(cl.read(img, [0; 3], [2, 2, 2], (0, 0), &mut out), CL_SUCCESS);
    assert!(out.chunks(2).all(|c| c == 0x3e00u16.to_ne_bytes()));
    cl.release(img);
}

#[test]
fn images_over_buffers_share_their_bytes() {
    let cl = Cl::new();
    let buf = cl.buffer(CL_MEM_READ_WRITE, 16 * 16, null_mut());
    let vals: Vec<f32> = (0..64).map(|i| i as f32).collect();
    cl.write_buffer(buf, &bytes_of(&vals));
    let f = fmt(CL_RGBA, CL_FLOAT);
    let mut d = desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, [16, 1, 1, 1]);
    d.buffer = buf;
    let img = cl.image(0, f, &d, null_mut());
    assert_eq!(cl.image_info(img, CL_IMAGE_BUFFER), buf as usize);
    assert_eq!(cl.mem_info_u64(img, CL_MEM_ASSOCIATED_MEMOBJECT), buf as u64);
    let mut out = vec![0u8; 16];
    assert_eq!(cl.read(img, [3, 0, 0], [1, 1, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(f32s(&out), [12.0, 13.0, 14.0, 15.0]);
    // A kernel reading the image writes into the second half of its own buffer.
    let region = [128usize, 128];
    let mut err = 0;
    let upper = call!(cl, "clCreateSubBuffer", (H, u64, u32, *const c_void, *mut i32) -> H,
        buf, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION as u32,
        region.as_ptr() as *const c_void, &mut err);
    assert_eq!(err, CL_SUCCESS);
    let k = cl.kernel("read1d_buffer");
    assert_eq!(cl.arg(k, 0, &img), CL_SUCCESS);
    assert_eq!(cl.arg(k, 1, &upper), CL_SUCCESS);
    cl.run(k, &[8]);
    let mut all = vec![0u8; 256];
    cl.read_buffer(buf, &mut all);
    let all = f32s(&all);
    assert_eq!(all[32..], all[..32]);
    // A kernel writing the image (from the buffer's lower half) changes the buffer; the
    // image, written back element by element, does not undo the buffer's contents.
    cl.write_buffer(upper, &bytes_of(&(100..132).map(|i| i as f32).collect::<Vec<_>>()));
    let k = cl.kernel("write1d_buffer");
    assert_eq!(cl.arg(k, 0, &img), CL_SUCCESS);
    assert_eq!(cl.arg(k, 1, &upper), CL_SUCCESS);
    cl.run(k, &[8]);
    let mut all = vec![0u8; 256];
    cl.read_buffer(buf, &mut all);
    let all = f32s(&all);
    let want: Vec<f32> = (100..132).map(|i| i as f32).collect();
    assert_eq!(all[..32], want[..]);
    assert_eq!(all[32..], want[..]);
    // A 2-D image from a buffer with a row pitch.
    let mut d = desc(CL_MEM_OBJECT_IMAGE2D, [3, 4, 1, 1]);
    d.buffer = buf;
    d.row_pitch = 64;
    let img2 = cl.image(0, f, &d, null_mut());
    let mut out = vec![0u8; 16];
    assert_eq!(cl.read(img2, [1, 2, 0], [1, 1, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(f32s(&out), all[(2 * 64 + 16) / 4..(2 * 64 + 32) / 4]);
    d.row_pitch = 60; // not whole elements
    assert_eq!(cl.image_status(0, f, &d, null_mut()), Err(CL_INVALID_IMAGE_DESCRIPTOR));
    d.row_pitch = 0;
    d.height = 6; // larger than the buffer
    assert_eq!(cl.image_status(0, f, &d, null_mut()), Err(CL_INVALID_IMAGE_SIZE));
    for m in [img2, img, upper, buf] {
        cl.release(m);
    }
}

#[test]
fn kernels_read_and_write_every_dimensionality() {
    let cl = Cl::new();
    let f = fmt(CL_RGBA, CL_FLOAT);
    let (w, h) = (5usize, 3usize);
    let input: Vec<f32> = (0..w * h * 4).map(|i| i as f32 * 0.25 - 3.0).collect();
    let img = cl.image(CL_MEM_READ_WRITE, f, &desc(CL_MEM_OBJECT_IMAGE2D, [w, h, 1, 1]), null_mut());
    let inb = cl.buffer(CL_MEM_COPY_HOST_PTR, input.len() * 4, bytes_of(&input).as_mut_ptr() as *mut c_void);
    let outb = cl.buffer(CL_MEM_READ_WRITE, input.len() * 4, null_mut());
    let k = cl.kernel("write2d_f");
    assert_eq!(cl.arg(k, 0, &img), CL_SUCCESS);
    assert_eq!(cl.arg(k, 1, &inb), CL_SUCCESS);
    cl.run(k, &[w, h]);
    let mut out = vec![0u8; input.len() * 4];
    assert_eq!(cl.read(img, [0; 3], [w, h, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(f32s(&out), input);
    let k = cl.kernel("read2d_f");
    assert_eq!(cl.arg(k, 0, &img), CL_SUCCESS);
    assert_eq!(cl.arg(k, 1, &outb), CL_SUCCESS);
    cl.run(k, &[w, h]);
    let mut out = vec![0u8; input.len() * 4];
    cl.read_buffer(outb, &mut out);
    assert_eq!(f32s(&out), input);
    // A wrong dimensionality is refused when set.
    let img3 = cl.image(0, f, &desc(CL_MEM_OBJECT_IMAGE3D, [w, h, 2, 1]), null_mut());
    assert_eq!(cl.arg(k, 0, &img3), CL_INVALID_ARG_VALUE);
    assert_eq!(cl.arg(k, 0, &inb), CL_INVALID_ARG_VALUE);
    // A read_only parameter takes no CL_MEM_WRITE_ONLY image.
    let wo = cl.image(CL_MEM_WRITE_ONLY, f, &desc(CL_MEM_OBJECT_IMAGE2D, [w, h, 1, 1]), null_mut());
    assert_eq!(cl.arg(k, 0, &wo), CL_INVALID_ARG_VALUE);

    // read_imageh / write_imageh between two images, and the same image as both.
    let half = fmt(CL_RGBA, CL_HALF_FLOAT);
    let src = cl.image(0, half, &desc(CL_MEM_OBJECT_IMAGE2D, [w, h, 1, 1]), null_mut());
    let dst = cl.image(0, half, &desc(CL_MEM_OBJECT_IMAGE2D, [w, h, 1, 1]), null_mut());
    let hdata = pattern(w * h * 8, 5).chunks(2).flat_map(|c| [c[0], c[1] & 0x3b]).collect::<Vec<u8>>();
    assert_eq!(cl.write(src, [0; 3], [w, h, 1], (0, 0), &hdata), CL_SUCCESS);
    let k = cl.kernel("copy_half");
    assert_eq!(cl.arg(k, 0, &src), CL_SUCCESS);
    assert_eq!(cl.arg(k, 1, &dst), CL_SUCCESS);
    cl.run(k, &[w, h]);
    let mut out = vec![0u8; hdata.len()];
    assert_eq!(cl.read(dst, [0; 3], [w, h, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(out, hdata);
    assert_eq!(cl.arg(k, 1, &src), CL_SUCCESS);
    cl.run(k, &[w, h]);
    assert_eq!(cl.read(src, [0; 3], [w, h, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(out, hdata);

    // 3-D images and 2-D arrays.
    for (kernel, ty) in [("write3d", CL_MEM_OBJECT_IMAGE3D), ("write2d_array", CL_MEM_OBJECT_IMAGE2D_ARRAY)] {
        let size = [3usize, 2, 4];
        let n = size.iter().product::<usize>() * 4;
        let vals: Vec<f32> = (0..n).map(|i| i as f32).collect();
        let inb = cl.buffer(CL_MEM_COPY_HOST_PTR, n * 4, bytes_of(&vals).as_mut_ptr() as *mut c_void);
        let d = if ty == CL_MEM_OBJECT_IMAGE3D {
            desc(ty, [size[0], size[1], size[2], 1])
        } else {
            desc(ty, [size[0], size[1], 1, size[2]])
        };
        let img = cl.image(0, f, &d, null_mut());
        let k = cl.kernel(kernel);
        assert_eq!(cl.arg(k, 0, &img), CL_SUCCESS);
        assert_eq!(cl.arg(k, 1, &inb), CL_SUCCESS);
        cl.run(k, &size);
        let mut out = vec![0u8; n * 4];
        assert_eq!(cl.read(img, [0; 3], size, (0, 0), &mut out), CL_SUCCESS);
        assert_eq!(f32s(&out), vals, "{kernel}");
    }

    // The image queries see the platform's sizes and formats.
    let q = cl.kernel("queries");
    let a = cl.image(0, fmt(CL_BGRA, CL_UNORM_INT8), &desc(CL_MEM_OBJECT_IMAGE2D, [7, 6, 1, 1]), null_mut());
    let b = cl.image(0, fmt(CL_R, CL_SIGNED_INT16), &desc(CL_MEM_OBJECT_IMAGE3D, [2, 3, 4, 1]), null_mut());
    let c = cl.image(0, f, &desc(CL_MEM_OBJECT_IMAGE2D_ARRAY, [3, 2, 1, 5]), null_mut());
    let d1 = cl.image(0, f, &desc(CL_MEM_OBJECT_IMAGE1D_ARRAY, [9, 1, 1, 2]), null_mut());
    let mut bd = desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, [4, 1, 1, 1]);
    bd.buffer = outb;
    let e = cl.image(0, f, &bd, null_mut());
    let g = cl.image(0, f, &desc(CL_MEM_OBJECT_IMAGE1D, [11, 1, 1, 1]), null_mut());
    let res = cl.buffer(CL_MEM_READ_WRITE, 80, null_mut());
    for (i, m) in [a, b, c, d1, e, g, res].iter().enumerate() {
        assert_eq!(cl.arg(q, i as u32, m), CL_SUCCESS);
    }
    cl.run(q, &[1]);
    let mut out = vec![0u8; 80];
    cl.read_buffer(res, &mut out);
    let got: Vec<i32> = out.chunks(4).map(|c| i32::from_ne_bytes([c[0], c[1], c[2], c[3]])).collect();
    let want = [
        7,
        6,
        CL_BGRA as i32,
        CL_UNORM_INT8 as i32,
        7,
        6,
        2,
        3,
        4,
        0,
        4,
        5,
        3,
        2,
        2,
        9,
        4,
        11,
        CL_R as i32,
        CL_SIGNED_INT16 as i32,
    ];
    assert_eq!(got, want);
}

/// OpenCL 1.2 §8.2 sampling of a 2-D RGBA float image `t` (w × h) at `(s, t)`.
fn sample_ref(t: &[[f32; 4]], w: usize, h: usize, c: [f32; 2], normalized: bool, mode: u64, linear: bool) -> [f32; 4] {
    let texel = |i: i64, j: i64| -> [f32; 4] {
        if i < 0 || j < 0 || i >= w as i64 || j >= h as i64 {
            [0.0; 4] // CLAMP's border colour for RGBA
        } else {
            t[j as usize * w + i as usize]
        }
    };
    let axis = |s: f32, n: usize| -> (i64, i64, f32) {
        let nf = n as f32;
        let clamp_mode = |i: i64| match mode {
            CL_ADDRESS_CLAMP_TO_EDGE => i.clamp(0, n as i64 - 1),
            CL_ADDRESS_CLAMP => i.clamp(-1, n as i64),
            _ => i,
        };
        match mode {
            CL_ADDRESS_REPEAT => {
                let u = (s - s.floor()) * nf;
                if linear {
                    let i0 = (u - 0.5).floor() as i64;
                    let (mut a, mut b) = (i0, i0 + 1);
                    if a < 0 {
                        a += n as i64;
                    }
                    if b > n as i64 - 1 {
                        b -= n as i64;
                    }
                    (a, b, (u - 0.5) - (u - 0.5).floor())
                } else {
                    let mut i = u.floor() as i64;
                    if i > n as i64 - 1 {
                        i -= n as i64;
                    }
                    (i, i, 0.0)
                }
            }
            CL_ADDRESS_MIRRORED_REPEAT => {
                let s2 = 2.0 * (0.5 * s).round_ties_even();
                let u = (s - s2).abs() * nf;
                if linear {
                    let i0 = (u - 0.5).floor() as i64;
                    ((i0).max(0), (i0 + 1).min(n as i64 - 1), (u - 0.5) - (u - 0.5).floor())
                } else {
                    let i = (u.floor() as i64).min(n as i64 - 1);
                    (i, i, 0.0)
                }
            }
            _ => {
                let u = if normalized { s * nf } else { s };
                if linear {
                    let i0 = (u - 0.5).floor() as i64;
                    (clamp_mode(i0), clamp_mode(i0 + 1), (u - 0.5) - (u - 0.5).floor())
                } else {
                    let i = clamp_mode(u.floor() as i64);
                    (i, i, 0.0)
                }
            }
        }
    };
    let (i0, i1, a) = axis(c[0], w);
    let (j0, j1, b) = axis(c[1], h);
    let mut out = [0f32; 4];
    for (k, o) in out.iter_mut().enumerate() {
        *o = (1.0 - a) * (1.0 - b) * texel(i0, j0)[k]
            + a * (1.0 - b) * texel(i1, j0)[k]
            + (1.0 - a) * b * texel(i0, j1)[k]
            + a * b * texel(i1, j1)[k];
    }
    out
}

#[test]
fn samplers_every_addressing_and_filter_mode() {
    let cl = Cl::new();
    let (w, h) = (4usize, 3usize);
    let texels: Vec<[f32; 4]> = (0..w * h)
        .map(|i| {
            let (x, y) = ((i % w) as f32, (i / w) as f32);
            [x * 0.125 + y * 0.25, 1.0 - x * 0.0625, y * 0.3, 0.5 + x * 0.01 - y * 0.02]
        })
        .collect();
    let flat: Vec<f32> = texels.iter().flatten().copied().collect();
    let img = cl.image(
        CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
        fmt(CL_RGBA, CL_FLOAT),
        &desc(CL_MEM_OBJECT_IMAGE2D, [w, h, 1, 1]),
        bytes_of(&flat).as_mut_ptr() as *mut c_void,
    );
    let k = cl.kernel("sample2d");
    let outb = cl.buffer(CL_MEM_READ_WRITE, 64 * 16, null_mut());
    let mut checked = 0;
    for normalized in [false, true] {
        for mode in
            [CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP, CL_ADDRESS_REPEAT, CL_ADDRESS_MIRRORED_REPEAT]
        {
            if !normalized && matches!(mode, CL_ADDRESS_REPEAT | CL_ADDRESS_MIRRORED_REPEAT) {
                continue;
            }
            for linear in [false, true] {
                // Coordinates in texels, scaled for normalized samplers; NONE only in range
                // (out of range is undefined there).
                let mut coords: Vec<[f32; 2]> = vec![[0.5, 0.5], [1.3, 2.2], [3.9, 0.1], [2.0, 1.5], [0.75, 2.6]];
                if mode != CL_ADDRESS_NONE {
                    coords.extend([[-0.7, 1.0], [4.6, -1.2], [9.3, 2.5], [-5.2, 7.4], [2.5, 3.5]]);
                }
                let sc: Vec<f32> = coords
                    .iter()
                    .flat_map(|c| if normalized { [c[0] / w as f32, c[1] / h as f32] } else { *c })
                    .collect();
                let n = coords.len();
                let cb = cl.buffer(CL_MEM_COPY_HOST_PTR, sc.len() * 4, bytes_of(&sc).as_mut_ptr() as *mut c_void);
                let filter = if linear { CL_FILTER_LINEAR } else { CL_FILTER_NEAREST };
                let s = cl.sampler(normalized, mode, filter);
                assert_eq!(cl.arg(k, 0, &img), CL_SUCCESS);
                assert_eq!(cl.arg(k, 1, &s), CL_SUCCESS);
                assert_eq!(cl.arg(k, 2, &cb), CL_SUCCESS);
                assert_eq!(cl.arg(k, 3, &outb), CL_SUCCESS);
                cl.run(k, &[n]);
                let mut out = vec![0u8; n * 16];
                cl.read_buffer(outb, &mut out);
                let got = f32s(&out);
                for (i, c) in sc.chunks(2).enumerate() {
                    let want = sample_ref(&texels, w, h, [c[0], c[1]], normalized, mode, linear);
                    for ch in 0..4 {
                        let g = got[i * 4 + ch];
                        assert!(
                            (g - want[ch]).abs() <= 1e-4,
                            "normalized {normalized} mode {mode:#x} linear {linear} coord {c:?}: got {:?}, want {want:?}",
                            &got[i * 4..i * 4 + 4]
                        );
                    }
                    checked += 1;
                }
                call!(cl, "clReleaseSampler", (H) -> i32, s);
                cl.release(cb);
            }
        }
    }
    assert!(checked > 60);
    // The kernel-declared sampler (normalized, mirrored repeat, linear).
    let k = cl.kernel("sample_literal");
    let coords = [0.1f32, 0.2, -0.3, 1.4, 1.7, 0.55];
    let cb = cl.buffer(CL_MEM_COPY_HOST_PTR, 24, bytes_of(&coords).as_mut_ptr() as *mut c_void);
    assert_eq!(cl.arg(k, 0, &img), CL_SUCCESS);
    assert_eq!(cl.arg(k, 1, &cb), CL_SUCCESS);
    assert_eq!(cl.arg(k, 2, &outb), CL_SUCCESS);
    cl.run(k, &[3]);
    let mut out = vec![0u8; 48];
    cl.read_buffer(outb, &mut out);
    let got = f32s(&out);
    for (i, c) in coords.chunks(2).enumerate() {
        let want = sample_ref(&texels, w, h, [c[0], c[1]], true, CL_ADDRESS_MIRRORED_REPEAT, true);
        for ch in 0..4 {
            assert!((got[i * 4 + ch] - want[ch]).abs() <= 1e-4, "literal sampler at {c:?}: {got:?} vs {want:?}");
        }
    }
    // Integer coordinates with a non-normalized nearest sampler.
    let k = cl.kernel("sample2d_int");
    let ic = [1i32, 2, -1, 0, 3, 5];
    let cb2 = cl.buffer(CL_MEM_COPY_HOST_PTR, 24, ic.as_ptr() as *mut c_void);
    let s = cl.sampler(false, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST);
    assert_eq!(cl.arg(k, 0, &img), CL_SUCCESS);
    assert_eq!(cl.arg(k, 1, &s), CL_SUCCESS);
    assert_eq!(cl.arg(k, 2, &cb2), CL_SUCCESS);
    assert_eq!(cl.arg(k, 3, &outb), CL_SUCCESS);
    cl.run(k, &[3]);
    cl.read_buffer(outb, &mut out);
    let got = f32s(&out);
    assert_eq!(got[..4], texels[2 * w + 1]);
    assert_eq!(got[4..8], texels[0]);
    assert_eq!(got[8..12], texels[2 * w + 3]);
}

#[test]
fn legacy_and_property_constructors() {
    let cl = Cl::new();
    let f = fmt(CL_RA, CL_UNORM_INT16);
    let mut err = 0;
    let mut host: Vec<u8> = pattern(4 * 3 * 4, 2);
    let img = call!(cl, "clCreateImage2D", (H, u64, *const Format, usize, usize, usize, *mut c_void, *mut i32) -> H,
        cl.ctx, CL_MEM_COPY_HOST_PTR, &f, 3, 4, 16, host.as_mut_ptr() as *mut c_void, &mut err);
    assert_eq!(err, CL_SUCCESS);
    assert_eq!(cl.mem_info_u64(img, CL_MEM_TYPE), CL_MEM_OBJECT_IMAGE2D);
    let mut out = vec![0u8; 12];
    assert_eq!(cl.read(img, [0, 2, 0], [3, 1, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(out, host[32..44]);
    cl.release(img);
    let img = call!(cl, "clCreateImage3D",
        (H, u64, *const Format, usize, usize, usize, usize, usize, *mut c_void, *mut i32) -> H,
        cl.ctx, 0, &f, 2, 2, 3, 0, 0, null_mut(), &mut err);
    assert_eq!(err, CL_SUCCESS);
    assert_eq!(cl.image_info(img, CL_IMAGE_DEPTH), 3);
    cl.release(img);
    let bad = call!(cl, "clCreateImage3D",
        (H, u64, *const Format, usize, usize, usize, usize, usize, *mut c_void, *mut i32) -> H,
        cl.ctx, 0, &f, 2, 2, 1, 0, 0, null_mut(), &mut err);
    assert!(bad.is_null());
    assert_eq!(err, CL_INVALID_IMAGE_SIZE);
    // With properties: an empty list is recorded; an unknown property is refused.
    let props = [0u64];
    let d = desc(CL_MEM_OBJECT_IMAGE1D_ARRAY, [8, 1, 1, 2]);
    let img = call!(cl, "clCreateImageWithProperties",
        (H, *const u64, u64, *const Format, *const Desc, *mut c_void, *mut i32) -> H,
        cl.ctx, props.as_ptr(), CL_MEM_HOST_READ_ONLY, &f, &d, null_mut(), &mut err);
    assert_eq!(err, CL_SUCCESS);
    let mut n = 0usize;
    let r = call!(cl, "clGetMemObjectInfo", (H, u32, usize, *mut c_void, *mut usize) -> i32,
        img, CL_MEM_PROPERTIES as u32, 0, null_mut(), &mut n);
    assert_eq!((r, n), (CL_SUCCESS, 8));
    // Host access flags govern the image commands.
    assert_eq!(cl.write(img, [0; 3], [1, 1, 1], (0, 0), &[0u8; 4]), CL_INVALID_OPERATION);
    let mut out = [0u8; 4];
    assert_eq!(cl.read(img, [0; 3], [1, 1, 1], (0, 0), &mut out), CL_SUCCESS);
    cl.release(img);
    let props = [0x9999u64, 1, 0];
    let img = call!(cl, "clCreateImageWithProperties",
        (H, *const u64, u64, *const Format, *const Desc, *mut c_void, *mut i32) -> H,
        cl.ctx, props.as_ptr(), 0, &f, &d, null_mut(), &mut err);
    assert!(img.is_null());
    assert_eq!(err, CL_INVALID_PROPERTY);
    // A 1-D image buffer needs a buffer; other types take none.
    let d = desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, [8, 1, 1, 1]);
    assert_eq!(cl.image_status(0, f, &d, null_mut()), Err(CL_INVALID_IMAGE_DESCRIPTOR));
    let buf = cl.buffer(CL_MEM_READ_ONLY, 64, null_mut());
    let mut d = desc(CL_MEM_OBJECT_IMAGE3D, [2, 2, 2, 1]);
    d.buffer = buf;
    assert_eq!(cl.image_status(0, f, &d, null_mut()), Err(CL_INVALID_IMAGE_DESCRIPTOR));
    // An image from a buffer inherits its flags and refuses contradicting ones.
    let mut d = desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, [8, 1, 1, 1]);
    d.buffer = buf;
    assert_eq!(cl.image_status(CL_MEM_WRITE_ONLY, f, &d, null_mut()), Err(CL_INVALID_VALUE));
    let img = cl.image(0, f, &d, null_mut());
    assert_eq!(cl.mem_info_u64(img, CL_MEM_FLAGS), CL_MEM_READ_ONLY);
    cl.release(img);
    cl.release(buf);
}

#[test]
fn samplers_pick_layers_and_slices() {
    let cl = Cl::new();
    let f = fmt(CL_RGBA, CL_FLOAT);
    let s = cl.sampler(false, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST);
    // (kernel, image type, size, coordinates (4 floats each) → element index)
    let cases: [(&str, u64, [usize; 4]); 4] = [
        ("sample1d", CL_MEM_OBJECT_IMAGE1D, [6, 1, 1, 1]),
        ("sample1d_array", CL_MEM_OBJECT_IMAGE1D_ARRAY, [5, 1, 1, 3]),
        ("sample2d_array", CL_MEM_OBJECT_IMAGE2D_ARRAY, [4, 3, 1, 2]),
        ("sample3d", CL_MEM_OBJECT_IMAGE3D, [3, 2, 4, 1]),
    ];
    for (name, ty, size) in cases {
        let region = full_region(ty, size);
        let n: usize = region.iter().product();
        let vals: Vec<f32> = (0..n * 4).map(|i| i as f32).collect();
        let img = cl.image(CL_MEM_COPY_HOST_PTR, f, &desc(ty, size), bytes_of(&vals).as_mut_ptr() as *mut c_void);
        // Every element by its centre (the layer coordinate is an integer value), plus
        // one clamped coordinate past the end of every axis.
        let comps = match ty {
            CL_MEM_OBJECT_IMAGE1D => 1,
            CL_MEM_OBJECT_IMAGE1D_ARRAY => 2,
            _ => 4,
        };
        let mut coords = Vec::new();
        let mut want = Vec::new();
        for z in 0..region[2] {
            for y in 0..region[1] {
                for x in 0..region[0] {
                    let mut c = [x as f32 + 0.5, y as f32 + 0.5, z as f32 + 0.5, 0.0];
                    if ty == CL_MEM_OBJECT_IMAGE1D_ARRAY {
                        c[1] = y as f32;
                    }
                    if ty == CL_MEM_OBJECT_IMAGE2D_ARRAY {
                        c[2] = z as f32;
                    }
                    coords.extend_from_slice(&c[..comps]);
                    want.push((z * region[1] + y) * region[0] + x);
                }
            }
        }
        let past = [100.0f32, 100.0, 100.0, 0.0];
        coords.extend_from_slice(&past[..comps]);
        want.push(n - 1);
        let cb = cl.buffer(CL_MEM_COPY_HOST_PTR, coords.len() * 4, bytes_of(&coords).as_mut_ptr() as *mut c_void);
        let outb = cl.buffer(CL_MEM_READ_WRITE, want.len() * 16, null_mut());
        let k = cl.kernel(name);
        assert_eq!(cl.arg(k, 0, &img), CL_SUCCESS);
        assert_eq!(cl.arg(k, 1, &s), CL_SUCCESS);
        assert_eq!(cl.arg(k, 2, &cb), CL_SUCCESS);
        assert_eq!(cl.arg(k, 3, &outb), CL_SUCCESS);
        cl.run(k, &[want.len()]);
        let mut out = vec![0u8; want.len() * 16];
        cl.read_buffer(outb, &mut out);
        let got = f32s(&out);
        for (i, e) in want.iter().enumerate() {
            assert_eq!(got[i * 4..i * 4 + 4], vals[e * 4..e * 4 + 4], "{name}: coordinate {i}");
        }
        for m in [img, cb, outb] {
            cl.release(m);
        }
    }
}

#[test]
fn kernels_write_images_in_place_and_later_reads_agree() {
    let cl = Cl::new();
    let f = fmt(CL_RGBA, CL_FLOAT);
    // A 5x3 image in the application's memory, rows 7 elements apart; the padding keeps
    // its sentinel.
    let (w, h, row) = (5usize, 3usize, 7usize);
    let sentinel = -999.0f32;
    let mut host = vec![sentinel; row * h * 4];
    let mut d = desc(CL_MEM_OBJECT_IMAGE2D, [w, h, 1, 1]);
    d.row_pitch = row * 16;
    let img = cl.image(CL_MEM_USE_HOST_PTR, f, &d, host.as_mut_ptr() as *mut c_void);
    let input: Vec<f32> = (0..w * h * 4).map(|i| i as f32 * 0.5 + 1.0).collect();
    let inb = cl.buffer(CL_MEM_COPY_HOST_PTR, input.len() * 4, bytes_of(&input).as_mut_ptr() as *mut c_void);
    let k = cl.kernel("write2d_f");
    assert_eq!(cl.arg(k, 0, &img), CL_SUCCESS);
    assert_eq!(cl.arg(k, 1, &inb), CL_SUCCESS);
    cl.run(k, &[w, h]);
    // The kernel wrote the application's memory at its pitch.
    for y in 0..h {
        assert_eq!(host[y * row * 4..(y * row + w) * 4], input[y * w * 4..(y + 1) * w * 4], "row {y}");
        assert!(host[(y * row + w) * 4..(y + 1) * row * 4].iter().all(|&v| v == sentinel), "padding of row {y}");
    }
    // A kernel reading the same image, and a host read of it, see what was written.
    let outb = cl.buffer(CL_MEM_READ_WRITE, input.len() * 4, null_mut());
    let k = cl.kernel("read2d_f");
    assert_eq!(cl.arg(k, 0, &img), CL_SUCCESS);
    assert_eq!(cl.arg(k, 1, &outb), CL_SUCCESS);
    cl.run(k, &[w, h]);
    let mut out = vec![0u8; input.len() * 4];
    cl.read_buffer(outb, &mut out);
    assert_eq!(f32s(&out), input);
    let mut out = vec![0u8; input.len() * 4];
    assert_eq!(cl.read(img, [0; 3], [w, h, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(f32s(&out), input);
    for m in [outb, inb, img] {
        cl.release(m);
    }
}

#[test]
fn the_same_image_as_two_arguments() {
    let cl = Cl::new();
    let half = fmt(CL_RGBA, CL_HALF_FLOAT);
    let (w, h) = (6usize, 4usize);
    // Each read_only / write_only order: the first argument is used in place, the second
    // works on a copy whose changed elements are written back.
    let a = cl.image(0, half, &desc(CL_MEM_OBJECT_IMAGE2D, [w, h, 1, 1]), null_mut());
    let data = pattern(w * h * 8, 9).chunks(2).flat_map(|c| [c[0], c[1] & 0x3b]).collect::<Vec<u8>>();
    assert_eq!(cl.write(a, [0; 3], [w, h, 1], (0, 0), &data), CL_SUCCESS);
    let k = cl.kernel("copy_half");
    assert_eq!(cl.arg(k, 0, &a), CL_SUCCESS);
    assert_eq!(cl.arg(k, 1, &a), CL_SUCCESS);
    cl.run(k, &[w, h]);
    let mut out = vec![0u8; data.len()];
    assert_eq!(cl.read(a, [0; 3], [w, h, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(out, data);
    // The same kernel with two images: a plain copy.
    let b = cl.image(0, half, &desc(CL_MEM_OBJECT_IMAGE2D, [w, h, 1, 1]), null_mut());
    assert_eq!(cl.arg(k, 1, &b), CL_SUCCESS);
    cl.run(k, &[w, h]);
    let mut out = vec![0u8; data.len()];
    assert_eq!(cl.read(b, [0; 3], [w, h, 1], (0, 0), &mut out), CL_SUCCESS);
    assert_eq!(out, data);
    for m in [a, b] {
        cl.release(m);
    }
}

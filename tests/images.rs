//! Images and samplers through real modules (`tests/kernels/images/images.cl`, built by
//! its `build.sh`): every channel order × channel data type read and written, every
//! addressing × filter × coordinate-normalization combination sampled, every image
//! dimensionality, queries and literal samplers — each compared with a reference
//! implementation of the OpenCL 1.2 §8 conversion, addressing and filtering rules written
//! here — and image views over the caller's memory with row pitches. Every test runs both
//! builds (O0, O2) at W = 1 and W = 4.

use std::path::Path;

use spirjit::{
    AddressingMode, Arg, ChannelOrder, ChannelType, FilterMode, Image, ImageDim, NdRange, Options, Program, Sampler,
};

// ---- test plumbing -----------------------------------------------------------------

fn programs() -> Vec<(String, Program)> {
    let mut out = Vec::new();
    for build in ["O0", "O2"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/kernels/images/images.{build}.spv"));
        let bytes = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (rebuild with tests/kernels/images/build.sh)", path.display()));
        for lanes in [1, 4] {
            let p = Program::with_options(&bytes, &Options { lanes, checked: true, robust_buffer_access: false })
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.push((format!("{build} W={lanes}"), p));
        }
    }
    out
}

/// A small deterministic generator (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn f32_in(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next() >> 40) as f32 / (1u64 << 24) as f32)
    }
}

fn f32_to_half(x: f32) -> u16 {
    // Round to nearest even; the values used here are normal halves or zero.
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    if x.is_nan() {
        return 0x7E00;
    }
    let e = ((b >> 23) & 0xFF) as i32 - 127 + 15;
    if x == 0.0 {
        return sign;
    }
    let m = b & 0x7F_FFFF;
    let mut h = ((e as u32) << 10) | (m >> 13);
    let rem = m & 0x1FFF;
    if rem > 0x1000 || (rem == 0x1000 && h & 1 == 1) {
        h += 1;
    }
    sign | h as u16
}

fn half_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1F) as i32;
    let m = (h & 0x3FF) as f32;
    sign * match e {
        0 => m * 2f32.powi(-24),
        31 => {
            if m == 0.0 {
                f32::INFINITY
            } else {
                f32::NAN
            }
        }
        _ => (1.0 + m / 1024.0) * 2f32.powi(e - 15),
    }
}

// ---- reference: formats (OpenCL 1.2 §8.3) ----------------------------------------------

/// Stored channels of `order`, as indices into (r, g, b, a); 4 = padding.
fn stored(order: ChannelOrder) -> Vec<usize> {
    use ChannelOrder::*;
    match order {
        R | Depth | Intensity | Luminance => vec![0],
        A => vec![3],
        RG => vec![0, 1],
        RA => vec![0, 3],
        Rx => vec![0, 4],
        RGB | SRGB => vec![0, 1, 2],
        RGx => vec![0, 1, 4],
        RGBA | SRGBA => vec![0, 1, 2, 3],
        RGBx | SRGBx => vec![0, 1, 2, 4],
        BGRA | SBGRA => vec![2, 1, 0, 3],
        ARGB => vec![3, 0, 1, 2],
        ABGR => vec![3, 2, 1, 0],
    }
}

fn packed(ty: ChannelType) -> Option<[(u32, u32); 3]> {
    match ty {
        ChannelType::UnormShort565 => Some([(11, 5), (5, 6), (0, 5)]),
        ChannelType::UnormShort555 => Some([(10, 5), (5, 5), (0, 5)]),
        ChannelType::UnormInt101010 => Some([(20, 10), (10, 10), (0, 10)]),
        _ => None,
    }
}

fn chan_size(ty: ChannelType) -> usize {
    use ChannelType::*;
    match ty {
        SnormInt8 | UnormInt8 | SignedInt8 | UnsignedInt8 => 1,
        SnormInt16 | UnormInt16 | SignedInt16 | UnsignedInt16 | HalfFloat => 2,
        _ => 4,
    }
}

fn is_int(ty: ChannelType) -> bool {
    use ChannelType::*;
    matches!(ty, SignedInt8 | SignedInt16 | SignedInt32 | UnsignedInt8 | UnsignedInt16 | UnsignedInt32)
}

fn srgb_to_linear(c: f32) -> f32 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn linear_to_srgb(c: f32) -> f32 {
    if c.is_nan() {
        0.0
    } else if c <= 0.0031308 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

/// Raw channel values of an element: (as float per §8.3.1, as integer bits).
fn channel_values(order: ChannelOrder, ty: ChannelType, e: &[u8]) -> Vec<(f32, u32)> {
    use ChannelType::*;
    if let Some(fields) = packed(ty) {
        let v = if ty == UnormInt101010 {
            u32::from_le_bytes([e[0], e[1], e[2], e[3]])
        } else {
            u16::from_le_bytes([e[0], e[1]]) as u32
        };
        return fields
            .iter()
            .map(|(shift, bits)| {
                let max = (1u32 << bits) - 1;
                let c = (v >> shift) & max;
                (c as f32 / max as f32, c)
            })
            .collect();
    }
    let n = stored(order).len();
    let s = chan_size(ty);
    (0..n)
        .map(|k| {
            let b = &e[k * s..k * s + s];
            match ty {
                SnormInt8 => ((b[0] as i8 as f32 / 127.0).max(-1.0), b[0] as i8 as i32 as u32),
                UnormInt8 => (b[0] as f32 / 255.0, b[0] as u32),
                SignedInt8 => (0.0, b[0] as i8 as i32 as u32),
                UnsignedInt8 => (0.0, b[0] as u32),
                SnormInt16 => {
                    let c = i16::from_le_bytes([b[0], b[1]]);
                    ((c as f32 / 32767.0).max(-1.0), c as i32 as u32)
                }
                UnormInt16 => {
                    let c = u16::from_le_bytes([b[0], b[1]]);
                    (c as f32 / 65535.0, c as u32)
                }
                SignedInt16 => (0.0, i16::from_le_bytes([b[0], b[1]]) as i32 as u32),
                UnsignedInt16 => (0.0, u16::from_le_bytes([b[0], b[1]]) as u32),
                HalfFloat => (half_to_f32(u16::from_le_bytes([b[0], b[1]])), 0),
                Float => (f32::from_le_bytes([b[0], b[1], b[2], b[3]]), 0),
                _ => (0.0, u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            }
        })
        .collect()
}

fn spread<T: Copy>(order: ChannelOrder, ty: ChannelType, vals: &[T], zero: T, one: T) -> [T; 4] {
    match order {
        ChannelOrder::Intensity => return [vals[0]; 4],
        ChannelOrder::Luminance => return [vals[0], vals[0], vals[0], one],
        _ => {}
    }
    let mut out = [zero, zero, zero, one];
    let idx = if packed(ty).is_some() { vec![0, 1, 2] } else { stored(order) };
    for (k, &i) in idx.iter().enumerate() {
        if i < 4 {
            out[i] = vals[k];
        }
    }
    out
}

fn ref_decode_f(order: ChannelOrder, ty: ChannelType, e: &[u8]) -> [f32; 4] {
    let v: Vec<f32> = channel_values(order, ty, e).into_iter().map(|(f, _)| f).collect();
    let mut c = spread(order, ty, &v, 0.0, 1.0);
    if matches!(order, ChannelOrder::SRGB | ChannelOrder::SRGBx | ChannelOrder::SRGBA | ChannelOrder::SBGRA) {
        for x in &mut c[..3] {
            *x = srgb_to_linear(*x);
        }
    }
    c
}

fn ref_decode_i(order: ChannelOrder, ty: ChannelType, e: &[u8]) -> [u32; 4] {
    let v: Vec<u32> = channel_values(order, ty, e).into_iter().map(|(_, i)| i).collect();
    spread(order, ty, &v, 0, 1)
}

/// `convert_<T>_sat_rte(x)` into [lo, hi].
fn sat_rte(x: f32, lo: f32, hi: f32) -> i64 {
    if x.is_nan() {
        return 0;
    }
    let r = x.round();
    // Ties to even.
    let r = if (x - x.trunc()).abs() == 0.5 { 2.0 * (x / 2.0).round_ties_even() } else { r };
    r.clamp(lo, hi) as i64
}

fn ref_encode_f(order: ChannelOrder, ty: ChannelType, color: [f32; 4]) -> Vec<u8> {
    use ChannelType::*;
    let mut c = color;
    if matches!(order, ChannelOrder::SRGB | ChannelOrder::SRGBx | ChannelOrder::SRGBA | ChannelOrder::SBGRA) {
        for x in &mut c[..3] {
            *x = linear_to_srgb(*x);
        }
    }
    if let Some(fields) = packed(ty) {
        let mut v = 0u32;
        for (k, (shift, bits)) in fields.iter().enumerate() {
            let max = ((1u32 << bits) - 1) as f32;
            v |= (sat_rte(c[k] * max, 0.0, max) as u32) << shift;
        }
        return if ty == UnormInt101010 { v.to_le_bytes().to_vec() } else { (v as u16).to_le_bytes().to_vec() };
    }
    let mut out = Vec::new();
    for i in stored(order) {
        let x = if i < 4 { c[i] } else { 0.0 };
        match ty {
            SnormInt8 => out.push(sat_rte(x * 127.0, -128.0, 127.0) as i8 as u8),
            UnormInt8 => out.push(sat_rte(x * 255.0, 0.0, 255.0) as u8),
            SnormInt16 => out.extend((sat_rte(x * 32767.0, -32768.0, 32767.0) as i16).to_le_bytes()),
            UnormInt16 => out.extend((sat_rte(x * 65535.0, 0.0, 65535.0) as u16).to_le_bytes()),
            HalfFloat => out.extend(f32_to_half(x).to_le_bytes()),
            Float => out.extend(x.to_le_bytes()),
            _ => unreachable!("float writes go to float and normalized formats"),
        }
    }
    out
}

fn ref_encode_i(order: ChannelOrder, ty: ChannelType, color: [u32; 4]) -> Vec<u8> {
    use ChannelType::*;
    let mut out = Vec::new();
    for i in stored(order) {
        let v = if i < 4 { color[i] } else { 0 };
        let s = v as i32;
        match ty {
            SignedInt8 => out.push(s.clamp(-128, 127) as i8 as u8),
            SignedInt16 => out.extend((s.clamp(-32768, 32767) as i16).to_le_bytes()),
            SignedInt32 => out.extend(s.to_le_bytes()),
            UnsignedInt8 => out.push(v.min(255) as u8),
            UnsignedInt16 => out.extend((v.min(65535) as u16).to_le_bytes()),
            UnsignedInt32 => out.extend(v.to_le_bytes()),
            _ => unreachable!(),
        }
    }
    out
}

/// Every valid (order, type) combination.
fn formats() -> Vec<(ChannelOrder, ChannelType)> {
    let mut out = Vec::new();
    for o in ChannelOrder::ALL {
        for t in ChannelType::ALL {
            let srgb =
                matches!(o, ChannelOrder::SRGB | ChannelOrder::SRGBx | ChannelOrder::SRGBA | ChannelOrder::SBGRA);
            let ok = match (packed(t).is_some(), o) {
                (true, ChannelOrder::RGB | ChannelOrder::RGBx) => true,
                (true, _) => false,
                (false, ChannelOrder::RGB) => false,
                (false, _) if srgb => t == ChannelType::UnormInt8,
                (false, ChannelOrder::Intensity | ChannelOrder::Luminance) => !is_int(t),
                (false, ChannelOrder::Depth) => matches!(t, ChannelType::UnormInt16 | ChannelType::Float),
                _ => true,
            };
            if ok {
                out.push((o, t));
            }
        }
    }
    out
}

/// Random element bytes for a format (finite, normal values for half and float).
fn random_bytes(ty: ChannelType, elem: usize, n: usize, rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::with_capacity(elem * n);
    match ty {
        ChannelType::HalfFloat => {
            while out.len() < elem * n {
                out.extend(f32_to_half(rng.f32_in(-4.0, 4.0)).to_le_bytes());
            }
        }
        ChannelType::Float => {
            while out.len() < elem * n {
                out.extend(rng.f32_in(-4.0, 4.0).to_le_bytes());
            }
        }
        _ => out.extend((0..elem * n).map(|_| rng.next() as u8)),
    }
    out
}

// ---- reference: addressing and filtering (OpenCL 1.2 §8.2) ---------------------------

fn border(order: ChannelOrder) -> [f32; 4] {
    use ChannelOrder::*;
    match order {
        R | RG | RGB | Luminance | Depth | SRGB => [0.0, 0.0, 0.0, 1.0],
        _ => [0.0; 4],
    }
}

/// Element (x, y, z) of `layer` as floats, or the border color outside the image.
fn texel(img: &Image, idx: [i64; 3], layer: i64) -> [f32; 4] {
    let spatial = match img.dim() {
        ImageDim::D1 | ImageDim::D1Array | ImageDim::D1Buffer => 1,
        ImageDim::D2 | ImageDim::D2Array | ImageDim::Cube | ImageDim::CubeArray => 2,
        ImageDim::D3 => 3,
    };
    let sizes = [img.width() as i64, img.height() as i64, img.depth() as i64];
    for k in 0..spatial {
        if idx[k] < 0 || idx[k] >= sizes[k] {
            return border(img.channel_order());
        }
    }
    let (y, z) = match img.dim() {
        ImageDim::D1Array => (0, layer),
        ImageDim::D2Array => (idx[1], layer),
        _ => (idx[1], idx[2]),
    };
    let e = img.element(idx[0] as usize, y as usize, z as usize).expect("in range");
    ref_decode_f(img.channel_order(), img.channel_type(), e)
}

/// The element index for nearest filtering along one dimension (§8.2.1.1 / §8.2.1.2).
fn ref_nearest(s: f32, w: i64, s_mode: &Sampler) -> i64 {
    let wf = w as f32;
    match s_mode.addressing {
        AddressingMode::Repeat => {
            let u = (s - s.floor()) * wf;
            let i = u.floor() as i64;
            if i > w - 1 {
                i - w
            } else {
                i
            }
        }
        AddressingMode::MirroredRepeat => {
            let sp = 2.0 * (0.5 * s).round_ties_even();
            let sp = (s - sp).abs();
            let u = sp * wf;
            (u.floor() as i64).min(w - 1)
        }
        mode => {
            let u = if s_mode.normalized_coords { s * wf } else { s };
            let i = u.floor() as i64;
            match mode {
                AddressingMode::ClampToEdge => i.clamp(0, w - 1),
                AddressingMode::Clamp => i.clamp(-1, w),
                _ => i,
            }
        }
    }
}

/// (i0, i1, a) for linear filtering along one dimension.
fn ref_linear(s: f32, w: i64, s_mode: &Sampler) -> (i64, i64, f32) {
    let wf = w as f32;
    match s_mode.addressing {
        AddressingMode::Repeat => {
            let u = (s - s.floor()) * wf;
            let i0 = (u - 0.5).floor() as i64;
            let i1 = i0 + 1;
            let i0 = if i0 < 0 { w + i0 } else { i0 };
            let i1 = if i1 > w - 1 { i1 - w } else { i1 };
            (i0, i1, (u - 0.5) - (u - 0.5).floor())
        }
        AddressingMode::MirroredRepeat => {
            let sp = 2.0 * (0.5 * s).round_ties_even();
            let sp = (s - sp).abs();
            let u = sp * wf;
            let i0 = (u - 0.5).floor() as i64;
            let i1 = i0 + 1;
            (i0.max(0), i1.min(w - 1), (u - 0.5) - (u - 0.5).floor())
        }
        mode => {
            let u = if s_mode.normalized_coords { s * wf } else { s };
            let i0 = (u - 0.5).floor() as i64;
            let i1 = i0 + 1;
            let a = (u - 0.5) - (u - 0.5).floor();
            match mode {
                AddressingMode::ClampToEdge => (i0.clamp(0, w - 1), i1.clamp(0, w - 1), a),
                AddressingMode::Clamp => (i0.clamp(-1, w), i1.clamp(-1, w), a),
                _ => (i0, i1, a),
            }
        }
    }
}

/// `read_imagef(img, sampler, coord)` per the specification.
fn ref_sample(img: &Image, s: &Sampler, c: [f32; 4]) -> [f32; 4] {
    let (spatial, layers) = match img.dim() {
        ImageDim::D1 | ImageDim::D1Buffer => (1, 1),
        ImageDim::D1Array => (1, img.array_size() as i64),
        ImageDim::D2 => (2, 1),
        ImageDim::D2Array | ImageDim::Cube | ImageDim::CubeArray => (2, img.array_size() as i64),
        ImageDim::D3 => (3, 1),
    };
    let sizes = [img.width() as i64, img.height() as i64, img.depth() as i64];
    let layer =
        if layers > 1 || img.dim().is_array() { (c[spatial].round_ties_even() as i64).clamp(0, layers - 1) } else { 0 };
    if s.filter == FilterMode::Nearest {
        let mut idx = [0i64; 3];
        for k in 0..spatial {
            idx[k] = ref_nearest(c[k], sizes[k], s);
        }
        return texel(img, idx, layer);
    }
    let lin: Vec<(i64, i64, f32)> = (0..spatial).map(|k| ref_linear(c[k], sizes[k], s)).collect();
    let mut out = [0f32; 4];
    for corner in 0..(1usize << spatial) {
        let mut idx = [0i64; 3];
        let mut w = 1f32;
        for (k, &(i0, i1, a)) in lin.iter().enumerate() {
            if corner >> k & 1 == 1 {
                idx[k] = i1;
                w *= a;
            } else {
                idx[k] = i0;
                w *= 1.0 - a;
            }
        }
        let t = texel(img, idx, layer);
        for (o, x) in out.iter_mut().zip(t) {
            *o += w * x;
        }
    }
    out
}

fn all_samplers() -> Vec<Sampler> {
    use AddressingMode::*;
    let mut out = Vec::new();
    for normalized in [false, true] {
        for a in [None, Clamp, ClampToEdge, Repeat, MirroredRepeat] {
            if !normalized && matches!(a, Repeat | MirroredRepeat) {
                continue; // requires normalized coordinates
            }
            for f in [FilterMode::Nearest, FilterMode::Linear] {
                out.push(Sampler::new(normalized, a, f));
            }
        }
    }
    out
}

/// Coordinates around and inside an image of `sizes`: random ones, element centers and
/// element edges, out of range on both sides.
fn coords(s: &Sampler, sizes: [usize; 3], n: usize, rng: &mut Rng) -> Vec<[f32; 4]> {
    let mut out = Vec::new();
    let scale = |k: usize| if s.normalized_coords { 1.0 / sizes[k] as f32 } else { 1.0 };
    for i in 0..n {
        let mut c = [0f32; 4];
        for (k, ck) in c.iter_mut().enumerate().take(3) {
            let w = sizes[k] as f32;
            let v = match i % 4 {
                0 => rng.f32_in(-1.5 * w, 2.5 * w),
                1 => (rng.next() % (3 * sizes[k] as u64)) as f32 - w + 0.5,
                2 => (rng.next() % (3 * sizes[k] as u64)) as f32 - w,
                _ => rng.f32_in(0.0, w),
            };
            *ck = v * scale(k);
        }
        out.push(c);
    }
    out
}

fn close(a: [f32; 4], b: [f32; 4], tol: f32) -> bool {
    a.iter().zip(b).all(|(x, y)| (x.is_nan() && y.is_nan()) || (x - y).abs() <= tol)
}

/// The runtime's image at `idx` as floats after a kernel wrote it.
fn image_bytes(img: &Image) -> Vec<u8> {
    img.bytes().to_vec()
}

// ---- tests -------------------------------------------------------------------------

#[test]
fn every_format_reads_without_sampler() {
    let (w, h) = (5usize, 3usize);
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let progs = programs();
    for (order, ty) in formats() {
        let probe = Image::new(ImageDim::D2, order, ty, [w, h, 1]).unwrap();
        let data = random_bytes(ty, probe.element_size(), w * h, &mut rng);
        for (what, p) in &progs {
            let mut img = Image::image2d(order, ty, w, h, &data).unwrap();
            let range = NdRange::d2(w as u64, h as u64);
            if is_int(ty) {
                for k in ["read2d_i", "read2d_ui"] {
                    let mut out = vec![[0u32; 4]; w * h];
                    p.kernel(k).unwrap().run(&range, &mut [Arg::image(&mut img), Arg::buffer(&mut out)]).unwrap();
                    for (i, got) in out.iter().enumerate() {
                        let e = &data[i * probe.element_size()..(i + 1) * probe.element_size()];
                        assert_eq!(*got, ref_decode_i(order, ty, e), "{k} {order:?} {ty:?} element {i} ({what})");
                    }
                }
            } else {
                let mut out = vec![[0f32; 4]; w * h];
                p.kernel("read2d_f").unwrap().run(&range, &mut [Arg::image(&mut img), Arg::buffer(&mut out)]).unwrap();
                for (i, got) in out.iter().enumerate() {
                    let e = &data[i * probe.element_size()..(i + 1) * probe.element_size()];
                    let want = ref_decode_f(order, ty, e);
                    assert!(
                        got.iter().zip(want).all(|(a, b)| a.to_bits() == b.to_bits()),
                        "read_imagef {order:?} {ty:?} element {i}: got {got:?}, want {want:?} ({what})"
                    );
                }
            }
        }
    }
}

#[test]
fn every_format_writes() {
    let (w, h) = (4usize, 3usize);
    let mut rng = Rng(0x0bad_cafe_f00d_1234);
    let progs = programs();
    for (order, ty) in formats() {
        for (what, p) in &progs {
            let mut img = Image::new(ImageDim::D2, order, ty, [w, h, 1]).unwrap();
            let range = NdRange::d2(w as u64, h as u64);
            let mut want = Vec::new();
            if is_int(ty) {
                let k = if matches!(ty, ChannelType::SignedInt8 | ChannelType::SignedInt16 | ChannelType::SignedInt32) {
                    "write2d_i"
                } else {
                    "write2d_ui"
                };
                let colors: Vec<[u32; 4]> = (0..w * h)
                    .map(|i| {
                        let mut c = [0u32; 4];
                        for (j, x) in c.iter_mut().enumerate() {
                            *x = match (i + j) % 4 {
                                0 => rng.next() as u32,
                                1 => (rng.next() % 300) as u32,
                                2 => (rng.next() % 70000) as u32 as i32 as u32,
                                _ => (-((rng.next() % 200) as i32)) as u32,
                            };
                        }
                        c
                    })
                    .collect();
                for c in &colors {
                    want.extend(ref_encode_i(order, ty, *c));
                }
                p.kernel(k)
                    .unwrap()
                    .run(&range, &mut [Arg::image(&mut img), Arg::buffer(&mut colors.clone())])
                    .unwrap();
            } else {
                let colors: Vec<[f32; 4]> = (0..w * h)
                    .map(|i| {
                        let mut c = [0f32; 4];
                        for (j, x) in c.iter_mut().enumerate() {
                            *x = match (i * 4 + j) % 13 {
                                0 => f32::NAN,
                                1 => 7.5,
                                2 => -3.0,
                                3 => 0.5 / 255.0,
                                4 => 1.5 / 255.0,
                                _ => rng.f32_in(-0.2, 1.2),
                            };
                        }
                        c
                    })
                    .collect();
                for c in &colors {
                    want.extend(ref_encode_f(order, ty, *c));
                }
                p.kernel("write2d_f")
                    .unwrap()
                    .run(&range, &mut [Arg::image(&mut img), Arg::buffer(&mut colors.clone())])
                    .unwrap();
            }
            let got = image_bytes(&img);
            if ty == ChannelType::HalfFloat || ty == ChannelType::Float {
                // NaN inputs: any NaN encoding is fine.
                let s = chan_size(ty);
                for (i, (a, b)) in got.chunks(s).zip(want.chunks(s)).enumerate() {
                    let (fa, fb) = if s == 2 {
                        (half_to_f32(u16::from_le_bytes([a[0], a[1]])), half_to_f32(u16::from_le_bytes([b[0], b[1]])))
                    } else {
                        (f32::from_le_bytes([a[0], a[1], a[2], a[3]]), f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    };
                    assert!(
                        fa.to_bits() == fb.to_bits() || (fa.is_nan() && fb.is_nan()),
                        "write {order:?} {ty:?} channel {i}: got {fa}, want {fb} ({what})"
                    );
                }
            } else {
                assert_eq!(got, want, "write {order:?} {ty:?} ({what})");
            }
        }
    }
}

/// Sample `img` through kernel `kernel` at `cs` and compare with the reference.
fn check_samples(p: &Program, what: &str, kernel: &str, img: &mut Image, s: &Sampler, cs: &[[f32; 4]], ncomp: usize) {
    let n = cs.len();
    let mut out = vec![[0f32; 4]; n];
    let flat: Vec<f32> = cs.iter().flat_map(|c| c[..ncomp].to_vec()).collect();
    let mut padded: Vec<f32> = flat.clone();
    if ncomp == 3 {
        padded = cs.iter().flat_map(|c| [c[0], c[1], c[2], 0.0]).collect();
    }
    let k = p.kernel(kernel).unwrap();
    let mut args = vec![Arg::image(img)];
    if kernel != "sample_literal" {
        args.push(Arg::sampler(*s));
    }
    args.push(Arg::buffer(&mut padded));
    args.push(Arg::buffer(&mut out));
    k.run(&NdRange::d1(n as u64), &mut args).unwrap_or_else(|e| panic!("{kernel} ({what}): {e}"));
    for (c, got) in cs.iter().zip(&out) {
        let want = ref_sample(img, s, *c);
        let tol = if s.filter == FilterMode::Linear { 2e-6 } else { 0.0 };
        assert!(close(*got, want, tol), "{kernel} {s:?} {:?} at {c:?}: got {got:?}, want {want:?} ({what})", img.dim());
    }
}

#[test]
fn every_sampler_on_2d_images() {
    let formats = [
        (ChannelOrder::RGBA, ChannelType::UnormInt8),
        (ChannelOrder::R, ChannelType::Float),
        (ChannelOrder::BGRA, ChannelType::UnormInt16),
        (ChannelOrder::RG, ChannelType::SnormInt8),
        (ChannelOrder::RGB, ChannelType::UnormShort565),
        (ChannelOrder::SRGBA, ChannelType::UnormInt8),
        (ChannelOrder::Luminance, ChannelType::HalfFloat),
        (ChannelOrder::A, ChannelType::UnormInt8),
    ];
    let (w, h) = (7usize, 5usize);
    let mut rng = Rng(42);
    let progs = programs();
    for (order, ty) in formats {
        let probe = Image::new(ImageDim::D2, order, ty, [w, h, 1]).unwrap();
        let data = random_bytes(ty, probe.element_size(), w * h, &mut rng);
        let mut img = Image::image2d(order, ty, w, h, &data).unwrap();
        for s in all_samplers() {
            let cs = coords(&s, [w, h, 1], 48, &mut rng);
            for (what, p) in &progs {
                check_samples(p, what, "sample2d", &mut img, &s, &cs, 2);
            }
        }
    }
}

#[test]
fn sampling_1d_arrays_and_3d() {
    let mut rng = Rng(7);
    let progs = programs();
    let cases: [(ImageDim, [usize; 3], &str, usize); 4] = [
        (ImageDim::D1, [9, 1, 1], "sample1d", 1),
        (ImageDim::D1Array, [6, 3, 1], "sample1d_array", 2),
        (ImageDim::D2Array, [5, 4, 3], "sample2d_array", 4),
        (ImageDim::D3, [4, 3, 5], "sample3d", 4),
    ];
    for (dim, size, kernel, ncomp) in cases {
        let (order, ty) = (ChannelOrder::RGBA, ChannelType::UnormInt8);
        let probe = Image::new(dim, order, ty, size).unwrap();
        let data = random_bytes(ty, probe.element_size(), probe.bytes().len() / probe.element_size(), &mut rng);
        let mut img = Image::from_bytes(dim, order, ty, size, &data).unwrap();
        let sizes = [img.width(), img.height(), img.depth()];
        for s in all_samplers() {
            let mut cs = coords(&s, sizes, 24, &mut rng);
            if dim.is_array() {
                let layer = if dim == ImageDim::D1Array { 1 } else { 2 };
                for (i, c) in cs.iter_mut().enumerate() {
                    c[layer] = (i as f32) * 0.37 - 1.2; // layers below, inside and above the range
                }
            }
            for (what, p) in &progs {
                // 1D kernels take 1 or 2 components; 2D-array and 3D take 4 (the 4th unused).
                let n = if ncomp == 4 { 4 } else { ncomp };
                let cs4: Vec<[f32; 4]> = cs.iter().map(|c| if n == 4 { [c[0], c[1], c[2], 0.0] } else { *c }).collect();
                check_samples(p, what, kernel, &mut img, &s, &cs4, n);
            }
        }
    }
}

#[test]
fn integer_coordinates_and_integer_reads_with_samplers() {
    let (w, h) = (6usize, 4usize);
    let mut rng = Rng(99);
    let data = random_bytes(ChannelType::UnormInt8, 4, w * h, &mut rng);
    let mut img = Image::image2d(ChannelOrder::RGBA, ChannelType::UnormInt8, w, h, &data).unwrap();
    let idata = random_bytes(ChannelType::SignedInt16, 4, w * h, &mut rng);
    let mut iimg = Image::image2d(ChannelOrder::RG, ChannelType::SignedInt16, w, h, &idata).unwrap();
    for (what, p) in programs() {
        for a in [AddressingMode::None, AddressingMode::Clamp, AddressingMode::ClampToEdge] {
            let s = Sampler::new(false, a, FilterMode::Nearest);
            let mut cs: Vec<[i32; 2]> = (0..40).map(|i| [(i % 10) - 2, (i / 10) - 1]).collect();
            let mut out = vec![[0f32; 4]; cs.len()];
            p.kernel("sample2d_int")
                .unwrap()
                .run(
                    &NdRange::d1(cs.len() as u64),
                    &mut [Arg::image(&mut img), Arg::sampler(s), Arg::buffer(&mut cs.clone()), Arg::buffer(&mut out)],
                )
                .unwrap();
            for (c, got) in cs.iter_mut().zip(&out) {
                let want = ref_sample(&img, &s, [c[0] as f32, c[1] as f32, 0.0, 0.0]);
                assert_eq!(*got, want, "sample2d_int {a:?} at {c:?} ({what})");
            }
            // read_imagei with float coordinates and a nearest sampler.
            let fc: Vec<[f32; 2]> = (0..40).map(|i| [i as f32 * 0.3 - 2.0, i as f32 * 0.17 - 1.0]).collect();
            let mut iout = vec![[0i32; 4]; fc.len()];
            p.kernel("sample2d_i")
                .unwrap()
                .run(
                    &NdRange::d1(fc.len() as u64),
                    &mut [Arg::image(&mut iimg), Arg::sampler(s), Arg::buffer(&mut fc.clone()), Arg::buffer(&mut iout)],
                )
                .unwrap();
            for (c, got) in fc.iter().zip(&iout) {
                let x = ref_nearest(c[0], w as i64, &s);
                let y = ref_nearest(c[1], h as i64, &s);
                let want = if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
                    [0, 0, 0, 1]
                } else {
                    let e = iimg.element(x as usize, y as usize, 0).unwrap();
                    ref_decode_i(ChannelOrder::RG, ChannelType::SignedInt16, e).map(|v| v as i32)
                };
                assert_eq!(*got, want, "read_imagei {a:?} at {c:?} ({what})");
            }
        }
    }
}

#[test]
fn literal_sampler_in_the_module() {
    let (w, h) = (5usize, 6usize);
    let mut rng = Rng(5);
    let data = random_bytes(ChannelType::Float, 16, w * h, &mut rng);
    let mut img = Image::image2d(ChannelOrder::RGBA, ChannelType::Float, w, h, &data).unwrap();
    // const sampler_t lit = NORMALIZED | MIRRORED_REPEAT | LINEAR
    let s = Sampler::new(true, AddressingMode::MirroredRepeat, FilterMode::Linear);
    let cs = coords(&s, [w, h, 1], 40, &mut rng);
    for (what, p) in programs() {
        check_samples(&p, &what, "sample_literal", &mut img, &s, &cs, 2);
    }
}

#[test]
fn half_reads_and_writes() {
    let (w, h) = (3usize, 4usize);
    let mut rng = Rng(11);
    let data = random_bytes(ChannelType::HalfFloat, 8, w * h, &mut rng);
    for (what, p) in programs() {
        let mut src = Image::image2d(ChannelOrder::RGBA, ChannelType::HalfFloat, w, h, &data).unwrap();
        let mut dst = Image::new(ImageDim::D2, ChannelOrder::RGBA, ChannelType::HalfFloat, [w, h, 1]).unwrap();
        p.kernel("copy_half")
            .unwrap()
            .run(&NdRange::d2(w as u64, h as u64), &mut [Arg::image(&mut src), Arg::image(&mut dst)])
            .unwrap();
        assert_eq!(dst.bytes(), &data[..], "read_imageh / write_imageh copy ({what})");
    }
}

#[test]
fn writes_to_3d_arrays_and_buffers() {
    for (what, p) in programs() {
        for (dim, kernel, size) in
            [(ImageDim::D3, "write3d", [3usize, 2, 4]), (ImageDim::D2Array, "write2d_array", [3, 2, 4])]
        {
            let n = size[0] * size[1] * size[2];
            let colors: Vec<[f32; 4]> = (0..n).map(|i| [i as f32 / n as f32, 0.25, 1.0, 0.5]).collect();
            let mut img = Image::new(dim, ChannelOrder::RGBA, ChannelType::UnormInt8, size).unwrap();
            p.kernel(kernel)
                .unwrap()
                .run(
                    &NdRange::d3(size[0] as u64, size[1] as u64, size[2] as u64),
                    &mut [Arg::image(&mut img), Arg::buffer(&mut colors.clone())],
                )
                .unwrap();
            let want: Vec<u8> =
                colors.iter().flat_map(|c| ref_encode_f(ChannelOrder::RGBA, ChannelType::UnormInt8, *c)).collect();
            assert_eq!(img.bytes(), &want[..], "{kernel} ({what})");
        }
        let n = 11usize;
        let colors: Vec<[f32; 4]> = (0..n).map(|i| [i as f32, -(i as f32), 0.5, 2.0]).collect();
        let mut buf = Image::new(ImageDim::D1Buffer, ChannelOrder::RGBA, ChannelType::Float, [n, 1, 1]).unwrap();
        p.kernel("write1d_buffer")
            .unwrap()
            .run(&NdRange::d1(n as u64), &mut [Arg::image(&mut buf), Arg::buffer(&mut colors.clone())])
            .unwrap();
        let mut back = vec![[0f32; 4]; n];
        p.kernel("read1d_buffer")
            .unwrap()
            .run(&NdRange::d1(n as u64), &mut [Arg::image(&mut buf), Arg::buffer(&mut back)])
            .unwrap();
        assert_eq!(back, colors, "image1d_buffer write then read ({what})");
    }
}

#[test]
fn queries() {
    let mut a = Image::new(ImageDim::D2, ChannelOrder::BGRA, ChannelType::UnormInt8, [7, 5, 1]).unwrap();
    let mut b = Image::new(ImageDim::D3, ChannelOrder::R, ChannelType::Float, [4, 3, 2]).unwrap();
    let mut c = Image::new(ImageDim::D2Array, ChannelOrder::RG, ChannelType::HalfFloat, [6, 2, 9]).unwrap();
    let mut d = Image::new(ImageDim::D1Array, ChannelOrder::RGBA, ChannelType::SignedInt32, [8, 3, 1]).unwrap();
    let mut e = Image::new(ImageDim::D1Buffer, ChannelOrder::RGBA, ChannelType::UnsignedInt8, [100, 1, 1]).unwrap();
    let mut f = Image::new(ImageDim::D1, ChannelOrder::A, ChannelType::UnormInt16, [13, 1, 1]).unwrap();
    for (what, p) in programs() {
        let mut out = vec![0i32; 20];
        p.kernel("queries")
            .unwrap()
            .run(
                &NdRange::d1(1),
                &mut [
                    Arg::image(&mut a),
                    Arg::image(&mut b),
                    Arg::image(&mut c),
                    Arg::image(&mut d),
                    Arg::image(&mut e),
                    Arg::image(&mut f),
                    Arg::buffer(&mut out),
                ],
            )
            .unwrap();
        let want = [
            7,
            5,
            ChannelOrder::BGRA as i32,
            ChannelType::UnormInt8 as i32,
            7,
            5,
            4,
            3,
            2,
            0,
            2,
            9,
            6,
            2,
            3,
            8,
            100,
            13,
            ChannelOrder::R as i32,
            ChannelType::Float as i32,
        ];
        assert_eq!(out, want, "queries ({what})");
    }
}

#[test]
fn reads_under_divergent_control_flow() {
    let (w, h) = (4usize, 4usize);
    let mut rng = Rng(3);
    let data = random_bytes(ChannelType::UnormInt8, 4, w * h, &mut rng);
    let mut img = Image::image2d(ChannelOrder::RGBA, ChannelType::UnormInt8, w, h, &data).unwrap();
    let s = Sampler::new(true, AddressingMode::Repeat, FilterMode::Linear);
    let cs = coords(&s, [w, h, 1], 21, &mut rng);
    for (what, p) in programs() {
        let mut c2: Vec<[f32; 2]> = cs.iter().map(|c| [c[0], c[1]]).collect();
        let mut out = vec![[0f32; 4]; cs.len()];
        p.kernel("divergent")
            .unwrap()
            .run(
                &NdRange::d1(cs.len() as u64),
                &mut [Arg::image(&mut img), Arg::sampler(s), Arg::buffer(&mut c2), Arg::buffer(&mut out)],
            )
            .unwrap();
        for (i, (c, got)) in cs.iter().zip(&out).enumerate() {
            let want = if i % 3 == 1 { ref_sample(&img, &s, *c) } else { [-1.0; 4] };
            assert!(close(*got, want, 2e-6), "divergent {i}: got {got:?}, want {want:?} ({what})");
        }
    }
}

#[test]
fn image_arguments_are_checked() {
    let p = &programs()[0].1;
    let k = p.kernel("read2d_f").unwrap();
    let mut img3 = Image::new(ImageDim::D3, ChannelOrder::RGBA, ChannelType::Float, [2, 2, 2]).unwrap();
    let mut out = vec![[0f32; 4]; 4];
    let e = k.run(&NdRange::d2(2, 2), &mut [Arg::image(&mut img3), Arg::buffer(&mut out)]).unwrap_err();
    assert!(e.to_string().contains("expected an image2d_t, got an image3d_t"), "{e}");
    let e = k.run(&NdRange::d2(2, 2), &mut [Arg::buffer(&mut out.clone()), Arg::buffer(&mut out)]).unwrap_err();
    assert!(e.to_string().contains("expected an image"), "{e}");
    let e = Image::new(ImageDim::D2, ChannelOrder::RGBA, ChannelType::UnormShort565, [2, 2, 1]).unwrap_err();
    assert!(e.to_string().contains("cannot be combined"), "{e}");
}

#[test]
fn image_views_use_the_callers_memory_with_its_pitches() {
    let (w, h, row) = (5usize, 3usize, 8usize);
    let input: Vec<f32> = (0..w * h * 4).map(|i| i as f32 - 7.5).collect();
    for (what, p) in programs() {
        // Rows `row` elements apart; the padding keeps its sentinel.
        let mut mem = vec![0xA5u8; (row * (h - 1) + w) * 16];
        let mut view = spirjit::ImageView::new(
            ImageDim::D2,
            ChannelOrder::RGBA,
            ChannelType::Float,
            [w, h, 1],
            [row * 16, 0],
            &mut mem,
        )
        .unwrap();
        assert_eq!((view.row_pitch(), view.slice_pitch()), (row * 16, row * 16 * h));
        let write = p.kernel("write2d_f").unwrap();
        write
            .run(
                &NdRange::d2(w as u64, h as u64),
                &mut [Arg::image_view(view.reborrow()), Arg::buffer(&mut input.clone())],
            )
            .unwrap();
        let mut out = vec![0f32; input.len()];
        let read = p.kernel("read2d_f").unwrap();
        read.run(&NdRange::d2(w as u64, h as u64), &mut [Arg::image_view(view), Arg::buffer(&mut out)]).unwrap();
        assert_eq!(out, input, "{what}");
        for y in 0..h {
            let at = y * row * 16;
            let written: Vec<f32> =
                mem[at..at + w * 16].chunks(4).map(|c| f32::from_ne_bytes([c[0], c[1], c[2], c[3]])).collect();
            assert_eq!(written, input[y * w * 4..(y + 1) * w * 4], "{what}: row {y}");
            if y + 1 < h {
                assert!(mem[at + w * 16..at + row * 16].iter().all(|&b| b == 0xA5), "{what}: padding of row {y}");
            }
        }
    }
    // Pitches below the packed ones, and memory short of the last element, are refused.
    let mut mem = vec![0u8; 16 * w * h];
    let view = |pitches, mem: &mut [u8]| {
        spirjit::ImageView::new(ImageDim::D2, ChannelOrder::RGBA, ChannelType::Float, [w, h, 1], pitches, mem)
            .map(|_| ())
    };
    assert!(view([0, 0], &mut mem).is_ok());
    assert!(view([16 * w - 16, 0], &mut mem).is_err());
    assert!(view([0, 16 * w], &mut mem).is_err());
    assert!(view([16 * w + 16, 0], &mut mem).is_err());
    assert!(view([0, 0], &mut mem[1..]).is_err());
}

//! Vulkan images through the public API (GLSL fixtures in
//! `tests/kernels/vulkan/images/`, built by `tests/kernels/vulkan/build.sh`): storage
//! images of every format a compute shader may declare, read and written against
//! encodings computed here; every dimensionality, formats taken from the bound image;
//! sampling in every instruction form against a reference sampler written here for
//! each filter and addressing mode; texel buffers, image atomics, descriptor arrays,
//! queries, and the interface each kernel reports. Every test runs at lanes 1 and 4.

mod common;

use spirjit::{
    AddressingMode, Arg, BorderColor, ChannelOrder, ChannelType, CompareOp, DescriptorKind, FilterMode, Image,
    ImageDim, NdRange, Sampler,
};

fn as_bytes<T: spirjit::Pod>(v: &[T]) -> Vec<u8> {
    spirjit::bytes_of(v).to_vec()
}

/// How a format stores a channel.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Unorm(u32),
    Snorm(u32),
    F32,
    F16,
    /// B10G11R11 unsigned floats.
    Uf,
    Int(u32, bool),
    /// A2B10G10R10, normalized or not.
    Pack2101010(bool),
}

/// (SPIR-V format part number, order, type, channels, kind): the order of
/// `formats.comp`'s parts.
fn formats() -> Vec<(usize, ChannelOrder, ChannelType, usize, Kind)> {
    use ChannelOrder::*;
    use ChannelType::*;
    use Kind::*;
    let t = [
        (RGBA, Float, 4, F32),
        (RGBA, HalfFloat, 4, F16),
        (R, Float, 1, F32),
        (RGBA, UnormInt8, 4, Unorm(8)),
        (RGBA, SnormInt8, 4, Snorm(8)),
        (RG, Float, 2, F32),
        (RG, HalfFloat, 2, F16),
        (RGB, UnsignedFloat111110, 3, Uf),
        (R, HalfFloat, 1, F16),
        (RGBA, UnormInt16, 4, Unorm(16)),
        (RGBA, UnormInt2101010, 4, Pack2101010(true)),
        (RG, UnormInt16, 2, Unorm(16)),
        (RG, UnormInt8, 2, Unorm(8)),
        (R, UnormInt16, 1, Unorm(16)),
        (R, UnormInt8, 1, Unorm(8)),
        (RGBA, SnormInt16, 4, Snorm(16)),
        (RG, SnormInt16, 2, Snorm(16)),
        (RG, SnormInt8, 2, Snorm(8)),
        (R, SnormInt16, 1, Snorm(16)),
        (R, SnormInt8, 1, Snorm(8)),
        (RGBA, SignedInt32, 4, Int(32, true)),
        (RGBA, SignedInt16, 4, Int(16, true)),
        (RGBA, SignedInt8, 4, Int(8, true)),
        (R, SignedInt32, 1, Int(32, true)),
        (RG, SignedInt32, 2, Int(32, true)),
        (RG, SignedInt16, 2, Int(16, true)),
        (RG, SignedInt8, 2, Int(8, true)),
        (R, SignedInt16, 1, Int(16, true)),
        (R, SignedInt8, 1, Int(8, true)),
        (RGBA, UnsignedInt32, 4, Int(32, false)),
        (RGBA, UnsignedInt16, 4, Int(16, false)),
        (RGBA, UnsignedInt8, 4, Int(8, false)),
        (R, UnsignedInt32, 1, Int(32, false)),
        (RGBA, UnsignedInt2101010, 4, Pack2101010(false)),
        (RG, UnsignedInt32, 2, Int(32, false)),
        (RG, UnsignedInt16, 2, Int(16, false)),
        (RG, UnsignedInt8, 2, Int(8, false)),
        (R, UnsignedInt16, 1, Int(16, false)),
        (R, UnsignedInt8, 1, Int(8, false)),
        (R, UnsignedInt64, 1, Int(64, false)),
        (R, SignedInt64, 1, Int(64, true)),
    ];
    t.into_iter().enumerate().map(|(i, (o, ty, n, k))| (i + 1, o, ty, n, k)).collect()
}

fn f32_to_f16(x: f32) -> u16 {
    // Exact for the values used here (small multiples of 1/4).
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    if x == 0.0 {
        return sign;
    }
    let exp = ((b >> 23) & 0xFF) as i32 - 127 + 15;
    sign | (exp as u16) << 10 | ((b >> 13) & 0x3FF) as u16
}

fn uf(x: f32, mbits: u32) -> u32 {
    // Exact for the values used here (positive multiples of 1/4 below 16, or 0).
    if x == 0.0 {
        return 0;
    }
    let b = x.to_bits();
    let exp = ((b >> 23) & 0xFF) as i32 - 127 + 15;
    (exp as u32) << mbits | (b & 0x7F_FFFF) >> (23 - mbits)
}

/// A texel value (as f64, exactly representable) and its integer form for channel `c`
/// of texel `i`, drawn from `seed`.
fn value(kind: Kind, i: usize, c: usize, seed: usize) -> f64 {
    let h = (i * 7 + c * 3 + seed * 5) as i64;
    match kind {
        Kind::Unorm(bits) => {
            let max = (1i64 << bits) - 1;
            ((h * 37) % (max + 1)) as f64 / max as f64
        }
        Kind::Snorm(bits) => {
            let max = (1i64 << (bits - 1)) - 1;
            ((h * 37) % (2 * max + 1) - max) as f64 / max as f64
        }
        Kind::F32 | Kind::F16 => (h % 23 - 11) as f64 * 0.25,
        Kind::Uf => (h % 29) as f64 * 0.25,
        Kind::Int(bits, signed) => {
            let span = if bits >= 32 { 1i64 << 31 } else { 1i64 << bits };
            let v = (h * 1_000_003) % span;
            let v = if signed { v - span / 2 } else { v };
            if bits == 64 {
                (v * 3) as f64 * (1u64 << 20) as f64
            } else {
                v as f64
            }
        }
        Kind::Pack2101010(norm) => {
            let max = if c == 3 { 3 } else { 1023 };
            let q = (h * 37) % (max + 1);
            if norm {
                q as f64 / max as f64
            } else {
                q as f64
            }
        }
    }
}

/// The bytes of one texel holding `vals` (channels in order).
fn encode(kind: Kind, vals: &[f64]) -> Vec<u8> {
    let mut out = Vec::new();
    match kind {
        Kind::Pack2101010(norm) => {
            let q = |k: usize, max: f64| if norm { (vals[k] * max).round() as u32 } else { vals[k] as u32 };
            let v = q(0, 1023.0) | q(1, 1023.0) << 10 | q(2, 1023.0) << 20 | q(3, 3.0) << 30;
            out.extend(v.to_le_bytes());
        }
        Kind::Uf => {
            let v = uf(vals[0] as f32, 6) | uf(vals[1] as f32, 6) << 11 | uf(vals[2] as f32, 5) << 22;
            out.extend(v.to_le_bytes());
        }
        _ => {
            for &v in vals {
                match kind {
                    Kind::Unorm(bits) => {
                        let q = (v * ((1u64 << bits) - 1) as f64).round() as u64;
                        out.extend(&q.to_le_bytes()[..bits as usize / 8]);
                    }
                    Kind::Snorm(bits) => {
                        let q = (v * ((1i64 << (bits - 1)) - 1) as f64).round() as i64;
                        out.extend(&q.to_le_bytes()[..bits as usize / 8]);
                    }
                    Kind::F32 => out.extend((v as f32).to_le_bytes()),
                    Kind::F16 => out.extend(f32_to_f16(v as f32).to_le_bytes()),
                    Kind::Int(bits, _) => out.extend(&(v as i64).to_le_bytes()[..bits as usize / 8]),
                    _ => unreachable!(),
                }
            }
        }
    }
    out
}

const W: usize = 8;
const H: usize = 2;

#[test]
fn storage_image_formats_read_and_write() {
    for lanes in [1, 4] {
        for (part, order, ty, n, kind) in formats() {
            let p = common::vulkan::program(&format!("images/{}", &format!("formats_p{part}")), lanes);
            let k = p.kernel("main").unwrap();
            let iface = k.program().module().kernels[0].interface.clone().expect("a Vulkan interface");
            assert_eq!(iface.bindings[0].kind, DescriptorKind::StorageImage);
            let texels = W * H;
            let init: Vec<Vec<f64>> = (0..texels).map(|i| (0..n).map(|c| value(kind, i, c, 1)).collect()).collect();
            let put: Vec<Vec<f64>> = (0..texels).map(|i| (0..n).map(|c| value(kind, i, c, 2)).collect()).collect();
            let bytes: Vec<u8> = init.iter().flat_map(|v| encode(kind, v)).collect();
            let mut img = Image::from_bytes(ImageDim::D2, order, ty, [W, H, 1], &bytes)
                .unwrap_or_else(|e| panic!("part {part}: {e}"));
            let is64 = matches!(kind, Kind::Int(64, _));
            let is_int = matches!(kind, Kind::Int(..) | Kind::Pack2101010(false));
            // Stored values as the shader's vec4 / ivec4 / i64vec4 (missing channels 0).
            let four = |v: &[f64]| -> Vec<u8> {
                let mut out = Vec::new();
                for c in 0..4 {
                    let x = v.get(c).copied().unwrap_or(0.0);
                    if is64 {
                        out.extend((x as i64).to_le_bytes());
                    } else if is_int {
                        out.extend((x as i64 as i32).to_le_bytes());
                    } else {
                        out.extend((x as f32).to_le_bytes());
                    }
                }
                out
            };
            let stored: Vec<u8> = put.iter().flat_map(|v| four(v)).collect();
            let esize = if is64 { 32 } else { 16 };
            let mut loaded = vec![0u8; texels * esize];
            k.run(
                &NdRange::d2(W as u64, H as u64),
                &mut [Arg::image(&mut img), Arg::ReadOnly(&stored), Arg::Buffer(&mut loaded)],
            )
            .unwrap_or_else(|e| panic!("part {part} {order:?} {ty:?} lanes {lanes}: {e}"));
            for i in 0..texels {
                // What a load returns: the channels, then 0, 0, 1 for missing ones.
                let mut want = init[i].clone();
                while want.len() < 4 {
                    want.push(if want.len() == 3 { 1.0 } else { 0.0 });
                }
                let got = &loaded[i * esize..(i + 1) * esize];
                assert_eq!(got, four(&want).as_slice(), "part {part} {order:?} {ty:?} texel {i} lanes {lanes}");
            }
            let want: Vec<u8> = put.iter().flat_map(|v| encode(kind, v)).collect();
            assert_eq!(img.bytes(), want.as_slice(), "part {part} {order:?} {ty:?} lanes {lanes}: written texels");
        }
    }
}

fn f32s(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

#[test]
fn every_dimensionality_with_the_bound_images_format() {
    // (part, dim, Image size, dispatch, imageSize)
    let cases = [
        (1, ImageDim::D1, [4, 1, 1], [4, 2, 2], [4, 0, 0, 0]),
        (2, ImageDim::D1Array, [4, 2, 1], [4, 2, 2], [4, 2, 0, 0]),
        (3, ImageDim::D2, [4, 2, 1], [4, 2, 2], [4, 2, 0, 0]),
        (4, ImageDim::D2Array, [4, 2, 2], [4, 2, 2], [4, 2, 2, 0]),
        (5, ImageDim::D3, [4, 2, 2], [4, 2, 2], [4, 2, 2, 0]),
        (6, ImageDim::Cube, [2, 2, 1], [2, 2, 6], [2, 2, 0, 0]),
        (7, ImageDim::CubeArray, [2, 2, 1], [2, 2, 6], [2, 2, 1, 0]),
    ];
    for lanes in [1, 4] {
        for (part, dim, size, grid, want_size) in cases {
            let p = common::vulkan::program(&format!("images/{}", &format!("dims_p{part}")), lanes);
            let k = p.kernel("main").unwrap();
            let mut src = Image::new(dim, ChannelOrder::RGBA, ChannelType::Float, size).unwrap();
            let n = src.bytes().len() / 4;
            let vals: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
            src.bytes_mut().copy_from_slice(&as_bytes(&vals));
            // The formats come from the images (the shader declares none).
            let mut dst = Image::new(dim, ChannelOrder::RGBA, ChannelType::HalfFloat, size).unwrap();
            let mut got_size = [0i32; 4];
            k.run(
                &NdRange::d3(grid[0], grid[1], grid[2]),
                &mut [Arg::image(&mut src), Arg::image(&mut dst), Arg::buffer(std::slice::from_mut(&mut got_size))],
            )
            .unwrap_or_else(|e| panic!("{dim:?} lanes {lanes}: {e}"));
            assert_eq!(got_size, want_size, "{dim:?} lanes {lanes}");
            let want: Vec<u8> = vals.iter().flat_map(|v| f32_to_f16(v + 1.0).to_le_bytes()).collect();
            assert_eq!(dst.bytes(), want.as_slice(), "{dim:?} lanes {lanes}");
        }
    }
}

/// Vulkan's wrapping of texel coordinate `i` (reference).
fn wrap(i: i64, size: i64, mode: AddressingMode) -> i64 {
    let mirror = |a: i64| if a >= 0 { a } else { -(1 + a) };
    match mode {
        AddressingMode::Repeat => i.rem_euclid(size),
        AddressingMode::MirroredRepeat => (size - 1) - mirror(i.rem_euclid(2 * size) - size),
        AddressingMode::Clamp => i.clamp(-1, size),
        AddressingMode::MirrorClampToEdge => mirror(i).clamp(0, size - 1),
        _ => i.clamp(0, size - 1),
    }
}

/// A 2D RGBA float image of `w` × `h` as rows of texels.
struct Ref {
    w: i64,
    h: i64,
    px: Vec<[f32; 4]>,
}

impl Ref {
    fn at(&self, x: i64, y: i64, border: [f32; 4]) -> [f32; 4] {
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            border
        } else {
            self.px[(y * self.w + x) as usize]
        }
    }

    /// The linear footprint (or nearest texel) along both axes.
    fn foot(&self, s: &Sampler, c: [f32; 2], off: [i64; 2], linear: bool) -> [(i64, i64, f32); 2] {
        let modes = [s.addressing, s.vulkan.unwrap().addressing_vw[0]];
        let sizes = [self.w, self.h];
        let mut out = [(0, 0, 0.0); 2];
        for k in 0..2 {
            let u = if s.normalized_coords { c[k] * sizes[k] as f32 } else { c[k] };
            out[k] = if linear {
                let x = u - 0.5;
                let i0 = x.floor() as i64 + off[k];
                (wrap(i0, sizes[k], modes[k]), wrap(i0 + 1, sizes[k], modes[k]), x - x.floor())
            } else {
                let i = wrap(u.floor() as i64 + off[k], sizes[k], modes[k]);
                (i, i, 0.0)
            };
        }
        out
    }

    fn sample(&self, s: &Sampler, c: [f32; 2], off: [i64; 2], border: [f32; 4]) -> [f32; 4] {
        let linear = s.filter == FilterMode::Linear;
        let [(i0, i1, a), (j0, j1, b)] = self.foot(s, c, off, linear);
        if !linear {
            return self.at(i0, j0, border);
        }
        let mut acc = [0f32; 4];
        for (x, y, wgt) in
            [(i0, j0, (1.0 - a) * (1.0 - b)), (i1, j0, a * (1.0 - b)), (i0, j1, (1.0 - a) * b), (i1, j1, a * b)]
        {
            let t = self.at(x, y, border);
            for k in 0..4 {
                acc[k] += wgt * t[k];
            }
        }
        acc
    }
}

const MODES: [AddressingMode; 5] = [
    AddressingMode::Repeat,
    AddressingMode::MirroredRepeat,
    AddressingMode::ClampToEdge,
    AddressingMode::Clamp,
    AddressingMode::MirrorClampToEdge,
];

/// Every filter × addressing mode (v takes the next mode than u), normalized, and the
/// clamp modes unnormalized.
fn samplers() -> Vec<Sampler> {
    let mut out = Vec::new();
    for f in [FilterMode::Nearest, FilterMode::Linear] {
        for (k, m) in MODES.into_iter().enumerate() {
            let v = MODES[(k + 1) % MODES.len()];
            out.push(Sampler::vulkan(true, f, [m, v, m], BorderColor::FloatOpaqueWhite, None));
        }
        for m in [AddressingMode::ClampToEdge, AddressingMode::Clamp] {
            out.push(Sampler::vulkan(false, f, [m; 3], BorderColor::FloatOpaqueBlack, None));
        }
    }
    out
}

fn border_of(s: &Sampler) -> [f32; 4] {
    match s.vulkan.unwrap().border {
        BorderColor::FloatOpaqueWhite | BorderColor::IntOpaqueWhite => [1.0; 4],
        BorderColor::FloatOpaqueBlack | BorderColor::IntOpaqueBlack => [0.0, 0.0, 0.0, 1.0],
        _ => [0.0; 4],
    }
}

const COORDS: [[f32; 4]; 8] = [
    [-0.3, 0.1, 0.0, 0.4],
    [0.0, 0.0, 1.0, 0.5],
    [0.37, 0.62, 0.0, 0.2],
    [0.99, 0.5, 1.0, 0.9],
    [1.2, -0.6, 0.0, 0.6],
    [2.7, 1.1, 1.0, 0.3],
    [-1.45, 0.8, 0.0, 0.7],
    [0.5, 0.5, 1.0, 0.55],
];

fn ref_image(w: usize, h: usize, layer: usize) -> Ref {
    let px = (0..w * h)
        .map(|i| {
            let v = (i * 5 % 13) as f32 / 13.0 + layer as f32;
            [v, 1.0 - v, v * 0.5, (i % 3) as f32]
        })
        .collect();
    Ref { w: w as i64, h: h as i64, px }
}

fn close(a: [f32; 4], b: [f32; 4]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() <= 1e-4)
}

/// Run sampling fixture `part` with image `img`, sampler `s` over `COORDS` (scaled for
/// unnormalized samplers).
fn run_sample(part: usize, lanes: u32, img: &mut Image, s: Sampler) -> (Vec<[f32; 4]>, Vec<[f32; 4]>) {
    let p = common::vulkan::program(&format!("images/{}", &format!("sample_p{part}")), lanes);
    let k = p.kernel("main").unwrap();
    let scale = if s.normalized_coords { [1.0, 1.0] } else { [img.width() as f32, img.height() as f32] };
    let coords: Vec<[f32; 4]> = COORDS.iter().map(|c| [c[0] * scale[0], c[1] * scale[1], c[2], c[3]]).collect();
    let mut out = vec![[0f32; 4]; coords.len()];
    let separate = part == 2;
    let mut args = if separate {
        vec![Arg::image(img), Arg::sampler(s), Arg::read_only(&coords), Arg::buffer(&mut out)]
    } else {
        vec![Arg::sampled_image(img, s), Arg::read_only(&coords), Arg::buffer(&mut out)]
    };
    k.run(&NdRange::d1(coords.len() as u64), &mut args).unwrap_or_else(|e| panic!("sample_p{part} lanes {lanes}: {e}"));
    drop(args);
    (coords, out)
}

fn rgba_image(r: &Ref) -> Image {
    let data: Vec<f32> = r.px.iter().flatten().copied().collect();
    Image::from_bytes(
        ImageDim::D2,
        ChannelOrder::RGBA,
        ChannelType::Float,
        [r.w as usize, r.h as usize, 1],
        &as_bytes(&data),
    )
    .unwrap()
}

#[test]
fn sampling_with_every_filter_and_addressing_mode() {
    let r = ref_image(4, 4, 0);
    for lanes in [1, 4] {
        for part in [1, 2, 3, 4] {
            let iface =
                common::vulkan::program(&format!("images/{}", &format!("sample_p{part}")), lanes).module().kernels[0]
                    .interface
                    .clone()
                    .unwrap();
            let kinds: Vec<DescriptorKind> = iface.bindings.iter().map(|b| b.kind).collect();
            if part == 2 {
                assert_eq!(kinds[..2], [DescriptorKind::SampledImage, DescriptorKind::Sampler]);
            } else {
                assert_eq!(kinds[0], DescriptorKind::CombinedImageSampler);
            }
            let off = if part == 4 { [1, -1] } else { [0, 0] };
            for s in samplers() {
                let mut img = rgba_image(&r);
                let (coords, out) = run_sample(part, lanes, &mut img, s);
                for (c, got) in coords.iter().zip(&out) {
                    let want = r.sample(&s, [c[0], c[1]], off, border_of(&s));
                    assert!(
                        close(*got, want),
                        "part {part} {s:?} at {c:?}: got {got:?}, want {want:?} (lanes {lanes})"
                    );
                }
            }
        }
    }
}

#[test]
fn depth_compare_gather_and_arrays() {
    let r = ref_image(4, 4, 0);
    let depth: Vec<f32> = r.px.iter().map(|p| p[0]).collect();
    let dref = Ref { w: 4, h: 4, px: depth.iter().map(|d| [*d, 0.0, 0.0, 1.0]).collect() };
    for lanes in [1, 4] {
        for f in [FilterMode::Nearest, FilterMode::Linear] {
            for op in [CompareOp::Less, CompareOp::GreaterOrEqual, CompareOp::Always] {
                let s = Sampler::vulkan(true, f, [AddressingMode::Repeat; 3], BorderColor::FloatOpaqueBlack, Some(op));
                let pass = |refv: f32, d: f32| match op {
                    CompareOp::Less => refv < d,
                    CompareOp::GreaterOrEqual => refv >= d,
                    _ => true,
                };
                let mut img =
                    Image::from_bytes(ImageDim::D2, ChannelOrder::R, ChannelType::Float, [4, 4, 1], &as_bytes(&depth))
                        .unwrap();
                let (coords, out) = run_sample(5, lanes, &mut img, s);
                for (c, got) in coords.iter().zip(&out) {
                    // Compare each texel of the footprint, then filter the results.
                    let cmp = Ref {
                        w: 4,
                        h: 4,
                        px: dref.px.iter().map(|p| [if pass(c[3], p[0]) { 1.0 } else { 0.0 }, 0.0, 0.0, 0.0]).collect(),
                    };
                    let want = cmp.sample(&s, [c[0], c[1]], [0, 0], [0.0; 4])[0];
                    assert!(
                        (got[0] - want).abs() < 1e-4,
                        "dref {f:?} {op:?} at {c:?}: {got:?} vs {want} (lanes {lanes})"
                    );
                }
                // Depth gather: the four comparisons of the linear footprint.
                let mut img =
                    Image::from_bytes(ImageDim::D2, ChannelOrder::R, ChannelType::Float, [4, 4, 1], &as_bytes(&depth))
                        .unwrap();
                let (coords, out) = run_sample(7, lanes, &mut img, s);
                for (c, got) in coords.iter().zip(&out) {
                    let [(i0, i1, _), (j0, j1, _)] = dref.foot(&s, [c[0], c[1]], [0, 0], true);
                    let want = [(i0, j1), (i1, j1), (i1, j0), (i0, j0)].map(|(x, y)| {
                        if pass(c[3], dref.at(x, y, [0.0; 4])[0]) {
                            1.0
                        } else {
                            0.0
                        }
                    });
                    assert_eq!(*got, want, "dref gather {op:?} at {c:?} (lanes {lanes})");
                }
            }
        }
        // Gather of component 1.
        for s in samplers() {
            let mut img = rgba_image(&r);
            let (coords, out) = run_sample(6, lanes, &mut img, s);
            for (c, got) in coords.iter().zip(&out) {
                let [(i0, i1, _), (j0, j1, _)] = r.foot(&s, [c[0], c[1]], [0, 0], true);
                let want = [(i0, j1), (i1, j1), (i1, j0), (i0, j0)].map(|(x, y)| r.at(x, y, border_of(&s))[1]);
                assert_eq!(*got, want, "gather {s:?} at {c:?} (lanes {lanes})");
            }
        }
        // 2D array: the layer is the rounded z coordinate.
        let layers = [ref_image(4, 4, 0), ref_image(4, 4, 1)];
        let data: Vec<f32> = layers.iter().flat_map(|l| l.px.iter().flatten().copied()).collect();
        for s in samplers() {
            let mut img = Image::from_bytes(
                ImageDim::D2Array,
                ChannelOrder::RGBA,
                ChannelType::Float,
                [4, 4, 2],
                &as_bytes(&data),
            )
            .unwrap();
            let (coords, out) = run_sample(8, lanes, &mut img, s);
            for (c, got) in coords.iter().zip(&out) {
                let want = layers[c[2] as usize].sample(&s, [c[0], c[1]], [0, 0], border_of(&s));
                assert!(close(*got, want), "array {s:?} at {c:?}: {got:?} vs {want:?} (lanes {lanes})");
            }
        }
    }
}

#[test]
fn cube_maps_select_faces() {
    for lanes in [1, 4] {
        // Texel (x, y) of face f holds 10 f + 2 y + x.
        let data: Vec<f32> = (0..6 * 4).flat_map(|i| [(i / 4 * 10 + i % 4) as f32, 0.0, 0.0, 1.0]).collect();
        let mut img =
            Image::from_bytes(ImageDim::Cube, ChannelOrder::RGBA, ChannelType::Float, [2, 2, 1], &as_bytes(&data))
                .unwrap();
        let s = Sampler::vulkan(
            true,
            FilterMode::Nearest,
            [AddressingMode::ClampToEdge; 3],
            BorderColor::FloatOpaqueBlack,
            None,
        );
        let p = common::vulkan::program(&format!("images/{}", "sample_p9"), lanes);
        let k = p.kernel("main").unwrap();
        // Directions slightly off each face's centre towards +s, +t.
        let coords: Vec<[f32; 4]> = vec![
            [1.0, -0.2, -0.2, 0.0],  // +X: s = -z, t = -y
            [-1.0, -0.2, 0.2, 0.0],  // -X: s = z, t = -y
            [0.2, 1.0, 0.2, 0.0],    // +Y: s = x, t = z
            [0.2, -1.0, -0.2, 0.0],  // -Y: s = x, t = -z
            [0.2, -0.2, 1.0, 0.0],   // +Z: s = x, t = -y
            [-0.2, -0.2, -1.0, 0.0], // -Z: s = -x, t = -y
            [0.9, 0.1, -0.1, 0.0],
            [-0.1, 0.1, -0.9, 0.0],
        ];
        let mut out = vec![[0f32; 4]; 8];
        k.run(&NdRange::d1(8), &mut [Arg::sampled_image(&mut img, s), Arg::read_only(&coords), Arg::buffer(&mut out)])
            .unwrap();
        let want = [3.0, 13.0, 23.0, 33.0, 43.0, 53.0, 1.0, 51.0];
        for i in 0..8 {
            assert_eq!(out[i][0], want[i], "direction {:?} (lanes {lanes})", coords[i]);
        }
    }
}

#[test]
fn texel_buffers_atomics_arrays_and_queries() {
    for lanes in [1, 4] {
        // Texel buffers.
        let p = common::vulkan::program(&format!("images/{}", "texel_buffers"), lanes);
        let kinds: Vec<DescriptorKind> =
            p.module().kernels[0].interface.as_ref().unwrap().bindings.iter().map(|b| b.kind).collect();
        assert_eq!(
            kinds,
            [
                DescriptorKind::UniformTexelBuffer,
                DescriptorKind::StorageTexelBuffer,
                DescriptorKind::StorageTexelBuffer,
                DescriptorKind::StorageBuffer
            ]
        );
        let n = 12;
        let vals: Vec<f32> = (0..4 * n).map(|i| i as f32 * 0.25).collect();
        let mut src =
            Image::from_bytes(ImageDim::D1Buffer, ChannelOrder::RGBA, ChannelType::Float, [n, 1, 1], &as_bytes(&vals))
                .unwrap();
        let mut dst = Image::new(ImageDim::D1Buffer, ChannelOrder::RGBA, ChannelType::Float, [n, 1, 1]).unwrap();
        let mut counts =
            Image::new(ImageDim::D1Buffer, ChannelOrder::R, ChannelType::UnsignedInt32, [4, 1, 1]).unwrap();
        let mut sizes = [0i32; 2];
        p.kernel("main")
            .unwrap()
            .run(
                &NdRange::d1(n as u64),
                &mut [Arg::image(&mut src), Arg::image(&mut dst), Arg::image(&mut counts), Arg::buffer(&mut sizes)],
            )
            .unwrap_or_else(|e| panic!("texel buffers lanes {lanes}: {e}"));
        assert_eq!(f32s(dst.bytes()), vals.iter().map(|v| v * 2.0).collect::<Vec<_>>());
        assert_eq!(counts.bytes(), as_bytes(&[3u32; 4]).as_slice());
        assert_eq!(sizes, [n as i32, n as i32]);

        // Image atomics.
        let p = common::vulkan::program(&format!("images/{}", "atomics"), lanes);
        let mut u = Image::new(ImageDim::D2, ChannelOrder::R, ChannelType::UnsignedInt32, [4, 3, 1]).unwrap();
        let mut s = Image::new(ImageDim::D2, ChannelOrder::R, ChannelType::SignedInt32, [4, 2, 1]).unwrap();
        let mut w = Image::new(ImageDim::D2, ChannelOrder::R, ChannelType::UnsignedInt64, [4, 1, 1]).unwrap();
        let mut olds = [0u32; 16];
        p.kernel("main")
            .unwrap()
            .run(
                &NdRange::d1(16),
                &mut [Arg::image(&mut u), Arg::image(&mut s), Arg::image(&mut w), Arg::buffer(&mut olds)],
            )
            .unwrap_or_else(|e| panic!("atomics lanes {lanes}: {e}"));
        let uv: Vec<u32> = u.bytes().chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
        let sv: Vec<i32> = s.bytes().chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect();
        let wv: Vec<u64> = w.bytes().chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect();
        for x in 0..4 {
            let is: Vec<u32> = (0..16).filter(|i| i % 4 == x).collect();
            assert_eq!(uv[x as usize], is.iter().sum::<u32>(), "add (lanes {lanes})");
            assert_eq!(uv[4 + x as usize], is.iter().map(|i| i * 7 % 13).max().unwrap(), "max (lanes {lanes})");
            assert_eq!(sv[x as usize], -(*is.iter().max().unwrap() as i32), "min (lanes {lanes})");
            assert_eq!(sv[4 + x as usize], is.iter().fold(0, |a, i| a | 1 << i), "or (lanes {lanes})");
            assert_eq!(wv[x as usize], is.iter().map(|&i| (i as u64) << 33).sum::<u64>(), "64-bit add (lanes {lanes})");
            // Exactly one invocation per texel saw 0 and stored its i + 1.
            let zeros: Vec<u32> = is.iter().filter(|&&i| olds[i as usize] == 0).copied().collect();
            assert_eq!(zeros.len(), 1, "compare-exchange (lanes {lanes})");
            assert_eq!(uv[8 + x as usize], zeros[0] + 1);
        }

        // Descriptor arrays with uniform, non-uniform and constant indices.
        let p = common::vulkan::program(&format!("images/{}", "arrays"), lanes);
        let iface = p.module().kernels[0].interface.clone().unwrap();
        let b = iface.binding(0, 0).unwrap();
        assert_eq!((b.kind, b.count, b.first_param), (DescriptorKind::CombinedImageSampler, 3, 0));
        let b = iface.binding(0, 1).unwrap();
        assert_eq!((b.kind, b.count, b.first_param), (DescriptorKind::StorageImage, 2, 3));
        let mk = |v: f32| {
            Image::from_bytes(ImageDim::D2, ChannelOrder::R, ChannelType::Float, [1, 1, 1], &v.to_le_bytes()).unwrap()
        };
        let mut t = [mk(10.0), mk(11.0), mk(12.0)];
        let mut im = [mk(20.0), mk(21.0)];
        let smp = Sampler::vulkan(
            false,
            FilterMode::Nearest,
            [AddressingMode::ClampToEdge; 3],
            BorderColor::FloatTransparentBlack,
            None,
        );
        let mut outs = vec![[0f32; 4]; 12];
        let [t0, t1, t2] = &mut t;
        let [i0, i1] = &mut im;
        p.kernel("main")
            .unwrap()
            .run(
                &NdRange::d1(4),
                &mut [
                    Arg::sampled_image(t0, smp),
                    Arg::sampled_image(t1, smp),
                    Arg::sampled_image(t2, smp),
                    Arg::image(i0),
                    Arg::image(i1),
                    Arg::buffer(&mut outs),
                    Arg::value(2i32),
                ],
            )
            .unwrap_or_else(|e| panic!("arrays lanes {lanes}: {e}"));
        for i in 0..4 {
            assert_eq!(outs[3 * i], [12.0, 0.0, 0.0, 1.0], "uniform index (lanes {lanes})");
            assert_eq!(outs[3 * i + 1], [10.0 + (i % 3) as f32, 0.0, 0.0, 1.0], "non-uniform index (lanes {lanes})");
            assert_eq!(outs[3 * i + 2], [21.0, 0.0, 0.0, 1.0], "constant index (lanes {lanes})");
        }

        // Queries.
        let p = common::vulkan::program(&format!("images/{}", "queries"), lanes);
        let mut tex = Image::new(ImageDim::D2Array, ChannelOrder::RGBA, ChannelType::UnormInt8, [5, 3, 4]).unwrap();
        let mut vol = Image::new(ImageDim::D3, ChannelOrder::R, ChannelType::Float, [2, 3, 4]).unwrap();
        let mut ms = Image::new(ImageDim::D2, ChannelOrder::R, ChannelType::Float, [2, 2, 1]).unwrap();
        let mut cubes = Image::new(ImageDim::CubeArray, ChannelOrder::R, ChannelType::Float, [3, 3, 2]).unwrap();
        let mut q = [[0i32; 4]; 4];
        p.kernel("main")
            .unwrap()
            .run(
                &NdRange::d1(1),
                &mut [
                    Arg::sampled_image(&mut tex, smp),
                    Arg::sampled_image(&mut vol, smp),
                    Arg::sampled_image(&mut ms, smp),
                    Arg::sampled_image(&mut cubes, smp),
                    Arg::buffer(&mut q),
                ],
            )
            .unwrap_or_else(|e| panic!("queries lanes {lanes}: {e}"));
        assert_eq!(q, [[5, 3, 4, 1], [2, 3, 4, 1], [3, 3, 2, 0], [1, 0, 0, 0]], "lanes {lanes}");
    }
}

#[test]
fn null_descriptors_read_zero_drop_writes_and_have_size_zero() {
    for lanes in [1, 4] {
        // Every image argument null: sizes 0 (levels and samples stay 1).
        let p = common::vulkan::program("images/queries", lanes);
        let mut q = [[-1i32; 4]; 4];
        p.kernel("main")
            .unwrap()
            .run(&NdRange::d1(1), &mut [Arg::null(), Arg::null(), Arg::null(), Arg::null(), Arg::buffer(&mut q)])
            .unwrap_or_else(|e| panic!("null queries lanes {lanes}: {e}"));
        assert_eq!(q, [[0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 0], [1, 0, 0, 0]], "lanes {lanes}");

        // A null source texel buffer reads zeros; writes to a null destination are dropped.
        let p = common::vulkan::program("images/texel_buffers", lanes);
        let n = 8;
        let mut dst = Image::new(ImageDim::D1Buffer, ChannelOrder::RGBA, ChannelType::Float, [n, 1, 1]).unwrap();
        let mut counts =
            Image::new(ImageDim::D1Buffer, ChannelOrder::R, ChannelType::UnsignedInt32, [4, 1, 1]).unwrap();
        let mut sizes = [-1i32; 2];
        p.kernel("main")
            .unwrap()
            .run(
                &NdRange::d1(n as u64),
                &mut [Arg::null(), Arg::image(&mut dst), Arg::image(&mut counts), Arg::buffer(&mut sizes)],
            )
            .unwrap_or_else(|e| panic!("null texel buffer lanes {lanes}: {e}"));
        assert!(f32s(dst.bytes()).iter().all(|v| *v == 0.0), "lanes {lanes}");
        assert_eq!(sizes, [0, n as i32], "lanes {lanes}");
        let mut src = Image::new(ImageDim::D1Buffer, ChannelOrder::RGBA, ChannelType::Float, [n, 1, 1]).unwrap();
        p.kernel("main")
            .unwrap()
            .run(
                &NdRange::d1(n as u64),
                &mut [Arg::image(&mut src), Arg::null(), Arg::image(&mut counts), Arg::buffer(&mut sizes)],
            )
            .unwrap_or_else(|e| panic!("null destination lanes {lanes}: {e}"));
        assert_eq!(sizes, [n as i32, 0], "lanes {lanes}");
        // An atomic on a null image reaches no texel: out of bounds in a checked kernel.
        let r = p.kernel("main").unwrap().run(
            &NdRange::d1(n as u64),
            &mut [Arg::image(&mut src), Arg::image(&mut dst), Arg::null(), Arg::buffer(&mut sizes)],
        );
        assert!(r.is_err(), "lanes {lanes}");
    }
}

//! Vulkan images through the public API (GLSL fixtures in
//! `tests/kernels/vulkan/images/`, built by `tests/kernels/vulkan/build.sh`): storage
//! images of every format a compute shader may declare, read and written against
//! encodings computed here; every dimensionality, formats taken from the bound image;
//! sampling in every instruction form against a reference sampler written here for
//! each filter and addressing mode; texel buffers, image atomics, descriptor arrays,
//! queries, and the interface each kernel reports. Every test runs at lanes 1 and 4.

use std::path::Path;

use spirjit::{
    AddressingMode, Arg, BorderColor, ChannelOrder, ChannelType, CompareOp, DescriptorKind, FilterMode, Image,
    ImageDim, NdRange, Options, Program, Sampler,
};

fn program(name: &str, lanes: u32) -> Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/vulkan/images").join(format!("{name}.spv"));
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; rebuild with tests/kernels/vulkan/build.sh", path.display()));
    Program::with_options(&bytes, &Options { lanes, ..Options::default() })
        .unwrap_or_else(|e| panic!("{name} (lanes {lanes}): {e}"))
}

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
            let p = program(&format!("formats_p{part}"), lanes);
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

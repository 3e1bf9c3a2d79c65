//! Random arguments for any kernel, from its parameters as the host sees them, and one
//! run on a copy of them: what the comparison tests use (`tests/llvm.rs`,
//! `tests/spir12_cts.rs`) to run two builds of a kernel on the same inputs. Buffers hold
//! [`ELEMS`] elements of their pointee type (floats in [-8, 8], integers in [0, 1024)),
//! scalars are small counts, `__local` pointers get 4 KiB; kernels run over [`GLOBAL`]
//! work-items in groups of 16 (or their required size). Kernels with images or samplers
//! get no inputs.

use spirjit::{Arg, NdRange};
use spirjit_jit::ir::{AddressSpace, HostScalar, HostType, ParamKind, Signedness};

/// The work-items each kernel runs with, and the elements per buffer.
pub const GLOBAL: u64 = 64;
pub const ELEMS: usize = 64 * 16;

/// Random bytes for `count` elements of `scalar`: floats in [-8, 8], integers in [0, 1024).
pub fn elements(rng: &mut super::corpus::Rng, scalar: HostScalar, count: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..count {
        match scalar {
            HostScalar::Float { bits: 32 } => out.extend(rng.f32(-8.0, 8.0).to_le_bytes()),
            HostScalar::Float { bits: 64 } => out.extend(rng.f64(-8.0, 8.0).to_le_bytes()),
            HostScalar::Float { .. } => {
                let h = ((rng.below(2) << 15) | (rng.below(18) << 10) | rng.below(1024)) as u16;
                out.extend(h.to_le_bytes())
            }
            HostScalar::Bool => out.push(rng.below(2) as u8),
            HostScalar::Int { bits, .. } => {
                let v = rng.below(1024) as u64;
                out.extend(&v.to_le_bytes()[..(bits / 8) as usize])
            }
            HostScalar::Pointer => out.extend(0u64.to_le_bytes()),
        }
    }
    out
}

pub fn scalar_of(host: &HostType) -> Option<(HostScalar, usize)> {
    match host {
        HostType::Scalar(s) => Some((*s, 1)),
        HostType::Vector(s, n) => Some((*s, *n as usize)),
        _ => None,
    }
}

pub enum Input {
    Buffer { bytes: Vec<u8>, float_bits: u32 },
    Local(usize),
    Value(Vec<u8>),
}

pub const BYTE: HostScalar = HostScalar::Int { bits: 8, sign: Signedness::Unsigned };

pub fn inputs_for(kernel: &spirjit::Kernel, seed: u64) -> Option<Vec<Input>> {
    let mut rng = super::corpus::Rng::new(seed);
    let mut out = Vec::new();
    for p in kernel.params() {
        out.push(match (&p.kind, &p.host) {
            (ParamKind::Pointer { space: AddressSpace::Local, .. }, _) => Input::Local(4096),
            (ParamKind::Pointer { .. }, HostType::Pointer { pointee, .. }) => match scalar_of(pointee) {
                Some((s, n)) => {
                    let float_bits = if let HostScalar::Float { bits } = s { bits } else { 0 };
                    Input::Buffer { bytes: elements(&mut rng, s, ELEMS * n), float_bits }
                }
                None => {
                    let size = match pointee.as_ref() {
                        HostType::Aggregate { size, .. } => *size as usize,
                        _ => 1,
                    };
                    Input::Buffer { bytes: elements(&mut rng, BYTE, ELEMS * size.max(1)), float_bits: 0 }
                }
            },
            (ParamKind::Pointer { .. }, _) => Input::Buffer { bytes: vec![0; ELEMS * 8], float_bits: 0 },
            (ParamKind::Value(_), host) => match scalar_of(host) {
                Some((HostScalar::Int { bits, .. }, n)) => {
                    let mut b = Vec::new();
                    for _ in 0..n {
                        b.extend(&(1 + rng.below(4) as u64).to_le_bytes()[..(bits / 8) as usize]);
                    }
                    Input::Value(b)
                }
                Some((s, n)) => Input::Value(elements(&mut rng, s, n)),
                None => match host {
                    HostType::Aggregate { size, .. } => Input::Value(elements(&mut rng, BYTE, *size as usize)),
                    _ => return None,
                },
            },
            (ParamKind::Sampler, _) | (ParamKind::Image { .. }, _) => return None,
        });
    }
    Some(out)
}

/// Run `kernel` on a copy of `inputs`: the buffers after the run, or the error's kind.
pub fn run(kernel: &spirjit::Kernel, inputs: &[Input]) -> Result<Vec<Vec<u8>>, String> {
    let mut bufs: Vec<Vec<u8>> = inputs
        .iter()
        .map(|i| match i {
            Input::Buffer { bytes, .. } => bytes.clone(),
            _ => Vec::new(),
        })
        .collect();
    {
        let mut args: Vec<Arg<'_>> = Vec::new();
        for (input, buf) in inputs.iter().zip(bufs.iter_mut()) {
            args.push(match input {
                Input::Buffer { .. } => Arg::Buffer(buf.as_mut_slice()),
                Input::Local(n) => Arg::Local(*n),
                Input::Value(v) => Arg::Value(v.clone()),
            });
        }
        let range = match kernel.reqd_work_group_size() {
            Some(_) => NdRange::d1(GLOBAL),
            None => NdRange::d1(GLOBAL).local(&[16]),
        };
        kernel.run(&range, &mut args).map_err(|e| format!("{:?}", std::mem::discriminant(&e)))?;
    }
    Ok(bufs)
}

pub fn same(got: &[u8], want: &[u8], float_bits: u32) -> bool {
    match float_bits {
        32 => got.chunks(4).zip(want.chunks(4)).all(|(g, w)| {
            let (g, w) = (f32::from_le_bytes(g.try_into().unwrap()), f32::from_le_bytes(w.try_into().unwrap()));
            g == w || (g.is_nan() && w.is_nan()) || (g - w).abs() <= 1e-5 * w.abs().max(1e-30)
        }),
        64 => got.chunks(8).zip(want.chunks(8)).all(|(g, w)| {
            let (g, w) = (f64::from_le_bytes(g.try_into().unwrap()), f64::from_le_bytes(w.try_into().unwrap()));
            g == w || (g.is_nan() && w.is_nan()) || (g - w).abs() <= 1e-12 * w.abs().max(1e-300)
        }),
        _ => got == want,
    }
}

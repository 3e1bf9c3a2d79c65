//! Fuzz target 3: run corpus kernels, compiled with bounds checks, with argument sizes
//! taken from the input — buffers shorter than the kernel expects, odd local-memory
//! sizes, by-value arguments of the wrong size, various NDRanges. Every run must end in
//! a result or an error (an out-of-bounds access is an error), never a crash. Each run
//! has a 200 ms time limit. Only meaningful while `checked` code does bounds checks.
//!
//! Input: byte 0 picks the module, byte 1 the kernel, byte 2 the lane count and the
//! range shape, bytes 3..5 the global size; then two bytes per parameter.
#![no_main]

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use spirjit::{Arg, NdRange, Options, ParamKind, Program, RunOptions};

/// Compiled corpus modules by (index, lanes); `None` when the module does not compile.
fn program(index: usize, lanes: u32) -> Option<Program> {
    static MODULES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    static PROGRAMS: OnceLock<Mutex<HashMap<(usize, u32), Option<Program>>>> = OnceLock::new();
    let modules = MODULES.get_or_init(spirjit_fuzz::corpus_modules);
    if modules.is_empty() {
        return None;
    }
    let index = index % modules.len();
    let cache = PROGRAMS.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    cache
        .entry((index, lanes))
        .or_insert_with(|| Program::with_options(&modules[index].1, &Options { lanes, checked: true, robust_buffer_access: false }).ok())
        .clone()
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 5 {
        return;
    }
    let lanes = [1, 4, 8, 16][(data[2] & 3) as usize];
    let Some(program) = program(data[0] as usize, lanes) else { return };
    let kernels = program.kernels();
    if kernels.is_empty() {
        return;
    }
    let kernel = &kernels[data[1] as usize % kernels.len()];
    let global = 1 + (u16::from_le_bytes([data[3], data[4]]) as u64 % 512);
    let mut range = match (data[2] >> 1) & 3 {
        0 => NdRange::d1(global),
        1 => NdRange::d1(global).local(&[1 + (data[2] as u64 >> 3) % 64]),
        2 => NdRange::d2(global % 32 + 1, global / 32 + 1),
        _ => NdRange::d3(global % 8 + 1, global / 8 % 8 + 1, 2),
    };
    if data[2] & 0x80 != 0 {
        range = range.offset(&[3]);
    }
    let mut rest = &data[5..];
    let mut take = || -> u16 {
        let v = match rest {
            [a, b, tail @ ..] => {
                let v = u16::from_le_bytes([*a, *b]);
                rest = tail;
                v
            }
            _ => 64,
        };
        v
    };
    // Buffers first (arguments borrow them), then the argument list.
    enum Plan {
        Buffer(usize),
        Local(usize),
        Value(Vec<u8>),
    }
    let mut plans = Vec::new();
    for p in kernel.params() {
        let sel = take();
        let size = (sel % 4096) as usize;
        plans.push(match &p.kind {
            ParamKind::Pointer { space, .. } if *space == spirjit::AddressSpace::Local => Plan::Local(size),
            ParamKind::Pointer { .. } => Plan::Buffer(size),
            ParamKind::Value(t) => {
                // Mostly the right size, sometimes not.
                let n = if sel & 0x8000 != 0 { size % 40 } else { t.size() as usize };
                Plan::Value((0..n).map(|i| (sel as usize).wrapping_mul(i + 7) as u8).collect())
            }
            _ => return,
        });
    }
    let mut buffers: Vec<Vec<u8>> = plans
        .iter()
        .map(|p| match p {
            Plan::Buffer(n) => (0..*n).map(|i| (i * 13) as u8).collect(),
            _ => Vec::new(),
        })
        .collect();
    let mut args: Vec<Arg<'_>> = Vec::with_capacity(plans.len());
    for (plan, buf) in plans.iter().zip(buffers.iter_mut()) {
        args.push(match plan {
            Plan::Buffer(_) => Arg::Buffer(buf.as_mut_slice()),
            Plan::Local(n) => Arg::Local(*n),
            Plan::Value(v) => Arg::Value(v.clone()),
        });
    }
    let _ = kernel.run_with(&range, &mut args, &RunOptions::timeout(Duration::from_millis(200)));
});

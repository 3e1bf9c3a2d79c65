//! Fuzz target 1: the front end and the compiler on arbitrary bytes. The first byte's
//! low bit picks the scalar path or the vector path (W = 4).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let lanes = if data.first().is_some_and(|b| b & 1 == 1) { 4 } else { 1 };
    spirjit_fuzz::compile_bytes(data, lanes);
});

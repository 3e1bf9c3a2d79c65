//! Fuzz target 2: structure-aware mutations of valid modules (seed the corpus with
//! `tests/kernels/*.spv`, see `fuzz/README.md`): the custom mutator edits operands, ids,
//! opcodes and instruction lengths and reorders, duplicates and deletes instructions
//! while keeping the header and the word counts consistent; one mutation in eight is
//! libFuzzer's own byte-level mutation. The module's id bound picks the lane count.
#![no_main]

use libfuzzer_sys::{fuzz_mutator, fuzz_target};
use spirjit_fuzz::mutate;

fuzz_target!(|data: &[u8]| {
    let lanes = if data.len() >= 16 && data[12] & 1 == 1 { 4 } else { 1 };
    spirjit_fuzz::compile_bytes(data, lanes);
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    let mut rng = mutate::Rng::new(seed as u64);
    let words = mutate::bytes_to_words(&data[..size]);
    if words.len() < 5 || words[0] != mutate::MAGIC || rng.chance(8) {
        return libfuzzer_sys::fuzzer_mutate(data, size, max_size);
    }
    let out = mutate::words_to_bytes(&mutate::mutate_words(&words, &mut rng, 3));
    if out.len() > max_size {
        return libfuzzer_sys::fuzzer_mutate(data, size, max_size);
    }
    data[..out.len()].copy_from_slice(&out);
    out.len()
});

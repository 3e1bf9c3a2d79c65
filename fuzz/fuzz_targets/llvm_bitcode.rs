//! Fuzz target: the LLVM bitcode reader on arbitrary bytes. Inputs without the bitcode
//! magic get it prepended, so the fuzzer spends its time past the header.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    const MAGIC: [u8; 4] = [0x42, 0x43, 0xC0, 0xDE];
    if spirjit_jit::frontend::llvm::is_bitcode(data) {
        let _ = spirjit_jit::frontend::llvm::bitcode::read(data);
    } else {
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(data);
        let _ = spirjit_jit::frontend::llvm::bitcode::read(&bytes);
    }
});

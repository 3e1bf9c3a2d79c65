//! Fuzz target 4: the LLVM IR text reader on arbitrary bytes (seed the corpus with
//! clang's `-S -emit-llvm` output and `llvm-dis` of the SPIR 1.2 bitcode): reading
//! returns a module or an error, never panics, loops or allocates beyond the input's
//! size; the SPIR-V writer then writes what was read, or says why not, without
//! panicking; an internal error is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spirjit_jit::frontend::llvm;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match llvm::text::parse(text) {
        Ok(m) => {
            if let Err(e) = llvm::to_spirv::write(&m) {
                spirjit_fuzz::check(&e);
            }
        }
        Err(e) => spirjit_fuzz::check(&e),
    }
});

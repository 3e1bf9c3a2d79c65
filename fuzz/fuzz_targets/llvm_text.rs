//! Fuzz target 4: the LLVM IR text reader on arbitrary bytes (seed the corpus with
//! clang's `-S -emit-llvm` output and `llvm-dis` of the SPIR 1.2 bitcode): reading
//! returns a module or an error, never panics, loops or allocates beyond the input's
//! size; an internal error is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Err(e) = spirjit_jit::frontend::llvm::text::parse(text) {
        spirjit_fuzz::check(&e);
    }
});

//! Helpers shared by this crate's unit tests and the workspace's builtin tests: a
//! deterministic random generator and a caller that invokes any integer builtin of the
//! table through its address. Test support, not a stable interface; it panics on
//! misuse.

use crate::{lookup, ArgType, Builtin};

/// SplitMix64: small, fast, deterministic.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Random bits, biased toward edge values (0, ±1, extremes) one time in eight.
    pub fn edgy_u64(&mut self) -> u64 {
        let r = self.next_u64();
        match r % 16 {
            0 => 0,
            1 => u64::MAX,
            2 => 1,
            3 => i64::MAX as u64 ^ (r >> 60),
            4 => (1u64 << 63) | (r >> 62),
            _ => self.next_u64(),
        }
    }
}

/// The builtin, or a test failure naming it.
pub fn builtin(symbol: &str) -> &'static Builtin {
    lookup(symbol).unwrap_or_else(|| panic!("builtin {symbol} is missing"))
}

/// Calls an integer builtin with `args` truncated to its parameter widths and returns the
/// result sign-extended to i64.
pub fn call_int(b: &Builtin, args: &[i64]) -> i64 {
    use ArgType::*;
    macro_rules! call {
        ($($p:ty),* => $r:ty; $($a:expr),*) => {{
            // SAFETY: the table records this exact signature for the address.
            let f: extern "C" fn($($p),*) -> $r = unsafe { std::mem::transmute(b.address) };
            i64::from(f($($a as $p),*))
        }};
    }
    match (b.params, b.ret) {
        ([I8], I8) => call!(i8 => i8; args[0]),
        ([I16], I16) => call!(i16 => i16; args[0]),
        ([I32], I32) => call!(i32 => i32; args[0]),
        ([I64], I64) => call!(i64 => i64; args[0]),
        ([I8, I8], I8) => call!(i8, i8 => i8; args[0], args[1]),
        ([I16, I16], I16) => call!(i16, i16 => i16; args[0], args[1]),
        ([I32, I32], I32) => call!(i32, i32 => i32; args[0], args[1]),
        ([I64, I64], I64) => call!(i64, i64 => i64; args[0], args[1]),
        ([I8, I8], I16) => call!(i8, i8 => i16; args[0], args[1]),
        ([I16, I16], I32) => call!(i16, i16 => i32; args[0], args[1]),
        ([I32, I32], I64) => call!(i32, i32 => i64; args[0], args[1]),
        ([I8, I8, I8], I8) => call!(i8, i8, i8 => i8; args[0], args[1], args[2]),
        ([I16, I16, I16], I16) => call!(i16, i16, i16 => i16; args[0], args[1], args[2]),
        ([I32, I32, I32], I32) => call!(i32, i32, i32 => i32; args[0], args[1], args[2]),
        ([I64, I64, I64], I64) => call!(i64, i64, i64 => i64; args[0], args[1], args[2]),
        (p, r) => panic!("{}: unexpected signature {p:?} -> {r:?}", b.symbol),
    }
}

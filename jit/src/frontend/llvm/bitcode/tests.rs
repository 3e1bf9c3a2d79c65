//! Hand-built bitstreams: well-formed minimal modules read, and malformed ones (truncated,
//! overlong counts, undefined abbreviations, endless VBRs, deep nesting, bad ids) give
//! errors rather than panics, hangs or huge allocations.

use super::read;

/// A little-endian bit writer for building streams by hand.
#[derive(Default)]
struct W {
    bits: Vec<bool>,
    /// Open blocks: (abbreviation width, position of the length word).
    open: Vec<(u8, usize)>,
}

impl W {
    fn new() -> Self {
        let mut w = W::default();
        for b in [0x42u64, 0x43, 0xC0, 0xDE] {
            w.fixed(b, 8);
        }
        w
    }
    fn fixed(&mut self, v: u64, n: u8) -> &mut Self {
        for i in 0..n {
            self.bits.push(v >> i & 1 == 1);
        }
        self
    }
    fn vbr(&mut self, mut v: u64, n: u8) -> &mut Self {
        let hi = 1u64 << (n - 1);
        loop {
            if v < hi {
                return self.fixed(v, n);
            }
            self.fixed((v & (hi - 1)) | hi, n);
            v >>= n - 1;
        }
    }
    fn align(&mut self) {
        while !self.bits.len().is_multiple_of(32) {
            self.bits.push(false);
        }
    }
    fn width(&self) -> u8 {
        self.open.last().map_or(2, |b| b.0)
    }
    fn enter(&mut self, id: u64, width: u8) -> &mut Self {
        let w = self.width();
        self.fixed(1, w).vbr(id, 8).vbr(u64::from(width), 4);
        self.align();
        let at = self.bits.len();
        self.fixed(0, 32);
        self.open.push((width, at));
        self
    }
    fn end(&mut self) -> &mut Self {
        let w = self.width();
        self.fixed(0, w);
        self.align();
        if let Some((_, at)) = self.open.pop() {
            let words = ((self.bits.len() - at - 32) / 32) as u64;
            for i in 0..32 {
                self.bits[at + i] = words >> i & 1 == 1;
            }
        }
        self
    }
    fn record(&mut self, code: u64, ops: &[u64]) -> &mut Self {
        let w = self.width();
        self.fixed(3, w).vbr(code, 6).vbr(ops.len() as u64, 6);
        for &o in ops {
            self.vbr(o, 6);
        }
        self
    }
    fn bytes(&self) -> Vec<u8> {
        self.bits.chunks(8).map(|c| c.iter().enumerate().fold(0u8, |a, (i, &b)| a | (u8::from(b) << i))).collect()
    }
}

/// A module with a type table (`i32`, `void ()`, `void ()*`), one function definition
/// returning void, and its name in the symbol table.
fn small_module() -> Vec<u8> {
    let mut w = W::new();
    w.enter(8, 3).record(1, &[1]);
    w.enter(17, 4).record(1, &[3]).record(7, &[32]).record(2, &[]).record(21, &[0, 1]).record(8, &[2, 0]).end();
    // FUNCTION: [type, cc 76, isproto 0, linkage, paramattr, alignment, ...]
    w.record(8, &[3, 76, 0, 0, 0, 0]);
    w.enter(12, 4).record(1, &[1]).record(10, &[]).end();
    w.enter(14, 4).record(1, &[0, b'k' as u64]).end();
    w.end();
    w.bytes()
}

#[test]
fn reads_a_hand_built_module() {
    let m = read(&small_module()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.functions.len(), 1);
    assert_eq!(m.functions[0].name, "k");
    assert_eq!(m.functions[0].cc, crate::frontend::llvm::model::CallingConv::SpirKernel);
    assert_eq!(m.functions[0].blocks.len(), 1);
}

#[test]
fn every_truncation_and_bit_flip_is_an_error_or_a_module() {
    let good = small_module();
    for n in 0..good.len() {
        let _ = read(&good[..n]);
    }
    for i in 0..good.len() * 8 {
        let mut b = good.clone();
        b[i / 8] ^= 1 << (i % 8);
        let _ = read(&b);
    }
}

#[test]
fn rejects_what_is_not_bitcode() {
    assert!(read(&[]).is_err());
    assert!(read(b"BC").is_err());
    assert!(read(b"hello world").is_err());
    // Magic and nothing else: no module.
    assert!(read(&W::new().bytes()).is_err());
    // A wrapper pointing past the end.
    let mut wrapped = vec![0xDE, 0xC0, 0x17, 0x0B, 0, 0, 0, 0, 20, 0, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0];
    assert!(read(&wrapped).is_err());
    wrapped.truncate(6);
    assert!(read(&wrapped).is_err());
}

#[test]
fn overlong_counts_are_errors_not_allocations() {
    // A record claiming 2^40 operands.
    let mut w = W::new();
    w.enter(8, 3);
    w.fixed(3, 3).vbr(1, 6).vbr(1 << 40, 6);
    w.end();
    let e = read(&w.bytes()).expect_err("an overlong record must fail");
    assert!(e.to_string().contains("operands"), "{e}");
    // An abbreviation whose array of literals claims 2^50 elements.
    let mut w = W::new();
    w.enter(8, 3);
    w.fixed(2, 3).vbr(3, 5); // DEFINE_ABBREV with 3 operands
    w.fixed(1, 1).vbr(1, 8); // literal record code 1
    w.fixed(0, 1).fixed(3, 3); // array of
    w.fixed(1, 1).vbr(7, 8); // literal 7
    w.fixed(4, 3).vbr(1 << 50, 6);
    w.end();
    assert!(read(&w.bytes()).is_err());
    // A block longer than the data.
    let mut w = W::new();
    w.fixed(1, 2).vbr(8, 8).vbr(3, 4);
    w.align();
    w.fixed(1 << 30, 32);
    assert!(read(&w.bytes()).is_err());
}

#[test]
fn endless_vbrs_and_undefined_abbreviations_are_errors() {
    let mut w = W::new();
    w.enter(8, 3);
    w.fixed(3, 3);
    for _ in 0..40 {
        w.fixed(0x3F, 6);
    }
    w.fixed(0, 6);
    w.end();
    assert!(read(&w.bytes()).is_err());
    let mut w = W::new();
    w.enter(8, 3).fixed(6, 3).fixed(0, 32);
    w.end();
    let e = read(&w.bytes()).expect_err("undefined abbreviation");
    assert!(e.to_string().contains("abbreviation"), "{e}");
}

#[test]
fn deep_nesting_is_a_limit() {
    let mut w = W::new();
    for _ in 0..100 {
        w.enter(8, 3);
    }
    for _ in 0..100 {
        w.end();
    }
    assert!(read(&w.bytes()).is_err());
}

#[test]
fn bad_ids_in_records_are_errors() {
    // A function record naming a type that does not exist.
    let mut w = W::new();
    w.enter(8, 3).record(1, &[1]);
    w.enter(17, 4).record(1, &[1]).record(7, &[32]).end();
    w.record(8, &[99, 0, 0, 0, 0, 0]);
    w.end();
    assert!(read(&w.bytes()).is_err());
    // A body using value ids that are never defined, and one without a terminator.
    let mut m = small_module();
    let mut w = W::new();
    w.enter(8, 3).record(1, &[1]);
    w.enter(17, 4).record(1, &[3]).record(7, &[32]).record(2, &[]).record(21, &[0, 1]).record(8, &[2, 0]).end();
    w.record(8, &[3, 76, 0, 0, 0, 0]);
    w.enter(12, 4).record(1, &[1]).record(2, &[1000, 5, 0]).record(10, &[]).end();
    w.end();
    assert!(read(&w.bytes()).is_err());
    let mut w = W::new();
    w.enter(8, 3).record(1, &[1]);
    w.enter(17, 4).record(1, &[3]).record(7, &[32]).record(2, &[]).record(21, &[0, 1]).record(8, &[2, 0]).end();
    w.record(8, &[3, 76, 0, 0, 0, 0]);
    w.enter(12, 4).record(1, &[2]).record(10, &[]).end();
    w.end();
    assert!(read(&w.bytes()).is_err());
    m.truncate(m.len() - 4);
    assert!(read(&m).is_err());
}

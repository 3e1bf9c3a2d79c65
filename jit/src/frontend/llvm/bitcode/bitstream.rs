//! The LLVM bitstream container: the wrapper header, abbreviations, `BLOCKINFO`, blocks
//! and records, read into a tree of blocks of records.
//!
//! It knows nothing about LLVM IR: record codes and block ids mean nothing here. It must
//! not panic, loop or allocate beyond a bound proportional to the input on malformed
//! streams: every count is checked against the bits left, nesting is capped, and the
//! total number of decoded operands is budgeted by the input size. (The `llvm-bitcode`
//! crate reads the same container, but reserves vectors by counts read from the input
//! and asserts in debug builds, hence this small reader.)

use std::collections::HashMap;

use crate::{CompileError, Result};

/// The deepest block nesting accepted (LLVM writes at most four levels).
const MAX_DEPTH: usize = 32;

/// One data record: its code, its operands, and the blob of a blob abbreviation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    pub code: u32,
    pub ops: Vec<u64>,
    pub blob: Option<Vec<u8>>,
}

/// A block's content in stream order.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Record(Record),
    Block(Block),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub id: u32,
    pub items: Vec<Item>,
}

impl Block {
    pub fn records(&self) -> impl Iterator<Item = &Record> {
        self.items.iter().filter_map(|i| match i {
            Item::Record(r) => Some(r),
            Item::Block(_) => None,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Scalar {
    Literal(u64),
    Fixed(u8),
    Vbr(u8),
    Char6,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Op {
    Scalar(Scalar),
    Array(Scalar),
    Blob,
}

type Abbrev = Vec<Op>;

fn bad(what: impl std::fmt::Display) -> CompileError {
    CompileError::invalid(format!("malformed LLVM bitstream: {what}"))
}

struct Cursor<'a> {
    bytes: &'a [u8],
    /// Bit position.
    pos: usize,
    /// Bit position where the current block ends.
    end: usize,
}

impl Cursor<'_> {
    fn left(&self) -> usize {
        self.end.saturating_sub(self.pos)
    }

    fn read(&mut self, width: u8) -> Result<u64> {
        if width == 0 {
            return Ok(0);
        }
        if width > 64 {
            return Err(bad(format!("field width {width} over 64")));
        }
        if self.left() < width as usize || self.end > self.bytes.len() * 8 {
            return Err(bad("unexpected end of data"));
        }
        let mut value = 0u64;
        let mut got = 0u32;
        while got < u32::from(width) {
            let byte = self.bytes[self.pos / 8];
            let bit = (self.pos % 8) as u32;
            let take = (8 - bit).min(u32::from(width) - got);
            let chunk = (u64::from(byte) >> bit) & ((1u64 << take) - 1);
            value |= chunk << got;
            got += take;
            self.pos += take as usize;
        }
        Ok(value)
    }

    fn vbr(&mut self, width: u8) -> Result<u64> {
        if !(2..=32).contains(&width) {
            return Err(bad(format!("VBR width {width}")));
        }
        let hi = 1u64 << (width - 1);
        let mut value = 0u64;
        let mut shift = 0u32;
        loop {
            let chunk = self.read(width)?;
            let payload = chunk & (hi - 1);
            if shift < 64 {
                value |= payload << shift;
            } else if payload != 0 {
                return Err(bad("VBR value over 64 bits"));
            }
            if chunk & hi == 0 {
                return Ok(value);
            }
            shift += u32::from(width) - 1;
            if shift > 96 {
                return Err(bad("VBR value over 64 bits"));
            }
        }
    }

    fn align32(&mut self) -> Result<()> {
        let aligned = self.pos.div_ceil(32) * 32;
        if aligned > self.end {
            return Err(bad("unexpected end of data at alignment"));
        }
        self.pos = aligned;
        Ok(())
    }
}

struct Reader<'a> {
    cur: Cursor<'a>,
    /// `BLOCKINFO` abbreviations by block id.
    info: HashMap<u32, Vec<Abbrev>>,
    /// Operands (and records) still allowed, proportional to the input size.
    budget: usize,
}

/// Read a bitstream (starting with its 32-bit magic) into the blocks at its top level.
pub fn read(stream: &[u8]) -> Result<Vec<Block>> {
    let bits = stream.len().saturating_mul(8);
    let mut r = Reader {
        cur: Cursor { bytes: stream, pos: 32.min(bits), end: bits },
        info: HashMap::new(),
        budget: bits.saturating_mul(2).saturating_add(4096),
    };
    let mut top = Vec::new();
    while r.cur.left() >= 2 {
        match r.cur.read(2)? {
            1 => {
                if let Some(b) = r.enter_block(0)? {
                    top.push(b);
                }
            }
            // Zero padding (wrappers round the stream up) ends it.
            0 => break,
            id => return Err(bad(format!("abbreviation id {id} at the top level"))),
        }
    }
    Ok(top)
}

impl Reader<'_> {
    fn spend(&mut self, n: usize) -> Result<()> {
        self.budget = self
            .budget
            .checked_sub(n)
            .ok_or_else(|| CompileError::limit("LLVM bitstream decodes to more operands than its size allows"))?;
        Ok(())
    }

    /// After `ENTER_SUBBLOCK`: read the header and the block. `None` for `BLOCKINFO`.
    fn enter_block(&mut self, depth: usize) -> Result<Option<Block>> {
        if depth >= MAX_DEPTH {
            return Err(CompileError::limit(format!("LLVM bitstream blocks nested over {MAX_DEPTH} deep")));
        }
        let id = self.cur.vbr(8)?;
        let id = u32::try_from(id).map_err(|_| bad(format!("block id {id}")))?;
        let width = self.cur.vbr(4)?;
        if !(1..=32).contains(&width) {
            return Err(bad(format!("abbreviation width {width} of block {id}")));
        }
        self.cur.align32()?;
        let words = self.cur.read(32)? as usize;
        let len = words.saturating_mul(32);
        if len > self.cur.left() {
            return Err(bad(format!("block {id} is {words} words long, past the end of the data")));
        }
        let outer_end = self.cur.end;
        let block_end = self.cur.pos + len;
        self.cur.end = block_end;
        let result = if id == 0 {
            self.block_info(width as u8).map(|()| None)
        } else {
            self.block_body(id, width as u8, depth).map(Some)
        };
        self.cur.end = outer_end;
        // A block ends where its length says.
        self.cur.pos = block_end;
        result
    }

    fn block_body(&mut self, id: u32, width: u8, depth: usize) -> Result<Block> {
        let mut local: Vec<Abbrev> = Vec::new();
        let mut items = Vec::new();
        loop {
            let abbrev = self.cur.read(width)?;
            match abbrev {
                0 => {
                    self.cur.align32()?;
                    return Ok(Block { id, items });
                }
                1 => {
                    if let Some(b) = self.enter_block(depth + 1)? {
                        self.spend(4)?;
                        items.push(Item::Block(b));
                    }
                }
                2 => {
                    let a = self.define_abbrev()?;
                    local.push(a);
                }
                3 => {
                    self.spend(4)?;
                    let (code, ops) = self.unabbreviated()?;
                    items.push(Item::Record(Record { code: code_u32(code)?, ops, blob: None }));
                }
                n => {
                    let index = (n - 4) as usize;
                    let global = self.info.get(&id).map_or(0, Vec::len);
                    let op = if index < global {
                        self.info.get(&id).and_then(|v| v.get(index)).cloned()
                    } else {
                        local.get(index - global).cloned()
                    };
                    let op = op.ok_or_else(|| bad(format!("undefined abbreviation {n} in block {id}")))?;
                    self.spend(4)?;
                    let rec = self.abbreviated(&op)?;
                    items.push(Item::Record(rec));
                }
            }
        }
    }

    fn unabbreviated(&mut self) -> Result<(u64, Vec<u64>)> {
        let code = self.cur.vbr(6)?;
        let n = self.cur.vbr(6)? as usize;
        // Every operand takes at least 6 bits.
        if n > self.cur.left() / 6 {
            return Err(bad(format!("record with {n} operands past the end of its block")));
        }
        self.spend(n)?;
        let mut ops = Vec::with_capacity(n);
        for _ in 0..n {
            ops.push(self.cur.vbr(6)?);
        }
        Ok((code, ops))
    }

    fn block_info(&mut self, width: u8) -> Result<()> {
        let mut current: Option<u32> = None;
        loop {
            match self.cur.read(width)? {
                0 => return self.cur.align32(),
                1 => return Err(bad("block inside BLOCKINFO")),
                2 => {
                    let a = self.define_abbrev()?;
                    let bid = current.ok_or_else(|| bad("abbreviation in BLOCKINFO before SETBID"))?;
                    self.info.entry(bid).or_default().push(a);
                }
                3 => {
                    let (code, ops) = self.unabbreviated()?;
                    if code == 1 {
                        let bid = ops.first().copied().ok_or_else(|| bad("SETBID without a block id"))?;
                        current = Some(u32::try_from(bid).map_err(|_| bad(format!("SETBID {bid}")))?);
                    }
                }
                n => return Err(bad(format!("abbreviated record {n} in BLOCKINFO"))),
            }
        }
    }

    fn scalar_def(&mut self) -> Result<Option<Scalar>> {
        if self.cur.read(1)? == 1 {
            return Ok(Some(Scalar::Literal(self.cur.vbr(8)?)));
        }
        Ok(match self.cur.read(3)? {
            1 => Some(Scalar::Fixed(self.width(64)?)),
            2 => Some(Scalar::Vbr(self.width(32)?)),
            4 => Some(Scalar::Char6),
            3 | 5 => None,
            e => return Err(bad(format!("abbreviation operand encoding {e}"))),
        })
    }

    fn define_abbrev(&mut self) -> Result<Abbrev> {
        let n = self.cur.vbr(5)? as usize;
        if n == 0 || n > self.cur.left() {
            return Err(bad(format!("abbreviation with {n} operands")));
        }
        self.spend(n)?;
        let mut ops = Vec::with_capacity(n);
        let mut i = 0;
        while i < n {
            i += 1;
            // Peek at the encoding: arrays and blobs come back as `None`.
            let save = self.cur.pos;
            if let Some(s) = self.scalar_def()? {
                ops.push(Op::Scalar(s));
                continue;
            }
            self.cur.pos = save + 1;
            let enc = self.cur.read(3)?;
            if enc == 3 {
                if i + 1 != n {
                    return Err(bad("array operand not second to last in an abbreviation"));
                }
                i += 1;
                let elem = self.scalar_def()?.ok_or_else(|| bad("array of arrays or blobs"))?;
                ops.push(Op::Array(elem));
            } else {
                if i != n {
                    return Err(bad("blob operand not last in an abbreviation"));
                }
                ops.push(Op::Blob);
            }
        }
        match ops.first() {
            Some(Op::Scalar(_)) => Ok(ops),
            _ => Err(bad("abbreviation whose record code is an array or blob")),
        }
    }

    fn width(&mut self, max: u8) -> Result<u8> {
        let w = self.cur.vbr(5)?;
        if w > u64::from(max) || (max == 32 && w == 1) {
            return Err(bad(format!("field width {w}")));
        }
        Ok(w as u8)
    }

    fn scalar(&mut self, s: Scalar) -> Result<u64> {
        match s {
            Scalar::Literal(v) => Ok(v),
            Scalar::Fixed(w) => self.cur.read(w),
            Scalar::Vbr(0) => Ok(0),
            Scalar::Vbr(w) => self.cur.vbr(w),
            Scalar::Char6 => {
                let v = self.cur.read(6)? as u8;
                Ok(u64::from(match v {
                    0..=25 => b'a' + v,
                    26..=51 => b'A' + v - 26,
                    52..=61 => b'0' + v - 52,
                    62 => b'.',
                    _ => b'_',
                }))
            }
        }
    }

    fn abbreviated(&mut self, abbrev: &[Op]) -> Result<Record> {
        let mut values = Vec::with_capacity(abbrev.len());
        let mut blob = None;
        for op in abbrev {
            match *op {
                Op::Scalar(s) => values.push(self.scalar(s)?),
                Op::Array(elem) => {
                    let n = self.cur.vbr(6)? as usize;
                    // Elements take at least one bit; literal elements are held to the
                    // same bound.
                    if n > self.cur.left() {
                        return Err(bad(format!("array of {n} elements past the end of its block")));
                    }
                    self.spend(n)?;
                    values.reserve(n);
                    for _ in 0..n {
                        values.push(self.scalar(elem)?);
                    }
                }
                Op::Blob => {
                    let n = self.cur.vbr(6)? as usize;
                    self.cur.align32()?;
                    if n > self.cur.left() / 8 {
                        return Err(bad(format!("blob of {n} bytes past the end of its block")));
                    }
                    let start = self.cur.pos / 8;
                    blob = Some(self.cur.bytes.get(start..start + n).ok_or_else(|| bad("blob past the end"))?.to_vec());
                    self.cur.pos += n * 8;
                    self.cur.align32()?;
                }
            }
        }
        let code = values.first().copied().unwrap_or(0);
        let ops = values.get(1..).map(<[u64]>::to_vec).unwrap_or_default();
        Ok(Record { code: code_u32(code)?, ops, blob })
    }
}

fn code_u32(code: u64) -> Result<u32> {
    u32::try_from(code).map_err(|_| bad(format!("record code {code}")))
}

/// The bitstream inside `bytes`: raw (`BC` `0xC0DE`) or inside the wrapper header.
pub fn unwrap(bytes: &[u8]) -> Result<&[u8]> {
    if bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B]) {
        let word = |i: usize| -> Result<usize> {
            let b = bytes.get(i * 4..i * 4 + 4).ok_or_else(|| bad("truncated bitcode wrapper header"))?;
            Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        };
        let (offset, size) = (word(2)?, word(3)?);
        let inner = offset
            .checked_add(size)
            .and_then(|end| bytes.get(offset..end))
            .ok_or_else(|| bad(format!("bitcode wrapper says {size} bytes at {offset}, past the end of the file")))?;
        if !inner.starts_with(&[0x42, 0x43, 0xC0, 0xDE]) {
            return Err(bad("bitcode wrapper without the `BC` magic inside"));
        }
        return Ok(inner);
    }
    if bytes.starts_with(&[0x42, 0x43, 0xC0, 0xDE]) {
        Ok(bytes)
    } else {
        Err(CompileError::invalid("not LLVM bitcode: no `BC` 0xC0DE magic"))
    }
}

/// `count` VBR6 values packed from the start of `bytes` (the lengths part of a
/// `METADATA_STRINGS` blob).
pub fn vbr6_list(bytes: &[u8], count: usize) -> Result<Vec<u64>> {
    let mut cur = Cursor { bytes, pos: 0, end: bytes.len().saturating_mul(8) };
    if count > cur.left() / 6 {
        return Err(bad(format!("{count} string lengths in {} bytes", bytes.len())));
    }
    (0..count).map(|_| cur.vbr(6)).collect()
}

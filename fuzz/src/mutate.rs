//! Structure-aware mutation of SPIR-V modules, shared by the fuzz targets and the
//! deterministic mutation test (`tests/mutations.rs` includes this file by path).
//!
//! A module is split into its 5-word header and its instructions; mutations act on
//! instructions (operands, ids, opcodes, lengths, order) and re-encode every word count,
//! so most mutants get past the binary reader and exercise the front end and the
//! compiler. This file must stay free of dependencies (std only) and never panic on any
//! input: it is used on arbitrary bytes.

/// A small deterministic random number generator (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// A decoded module: header words and instructions (each with its first word).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Module {
    pub header: [u32; 5],
    pub insts: Vec<Vec<u32>>,
}

/// SPIR-V's magic number.
pub const MAGIC: u32 = 0x0723_0203;

impl Module {
    /// Split `words` into instructions. A zero or overlong word count ends the list; the
    /// rest of the words become one last instruction, so nothing is lost.
    pub fn parse(words: &[u32]) -> Option<Module> {
        if words.len() < 5 {
            return None;
        }
        let mut header = [0u32; 5];
        header.copy_from_slice(&words[..5]);
        let mut insts = Vec::new();
        let mut at = 5;
        while at < words.len() {
            let wc = (words[at] >> 16) as usize;
            if wc == 0 || at + wc > words.len() {
                insts.push(words[at..].to_vec());
                break;
            }
            insts.push(words[at..at + wc].to_vec());
            at += wc;
        }
        Some(Module { header, insts })
    }

    /// Words of the module; every word count is rewritten to the instruction's length.
    pub fn encode(&self) -> Vec<u32> {
        let mut out = self.header.to_vec();
        for inst in &self.insts {
            if inst.is_empty() {
                continue;
            }
            let len = inst.len().min(0xffff) as u32;
            out.push((len << 16) | (inst[0] & 0xffff));
            out.extend_from_slice(&inst[1..len as usize]);
        }
        out
    }

    /// The module as little-endian bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        words_to_bytes(&self.encode())
    }

    /// A word that is plausibly an id of this module (below the bound).
    fn some_id(&self, rng: &mut Rng) -> u32 {
        let bound = self.header[3].clamp(2, 1 << 20);
        1 + rng.below(bound as usize - 1) as u32
    }
}

/// Bytes → words (little endian; a trailing partial word is dropped).
pub fn bytes_to_words(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// Words → little-endian bytes.
pub fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Interesting replacement values for operand words.
const SPECIAL: &[u32] =
    &[0, 1, 2, 3, 4, 7, 8, 16, 17, 31, 32, 33, 63, 64, 255, 0xffff, 0x7fff_ffff, 0x8000_0000, u32::MAX];

/// Word index of the result id of an instruction with opcode `op`, if it has one
/// (a close approximation of the SPIR-V grammar: types, labels, strings, imports and
/// decoration groups have it at word 1, instructions without a result are listed,
/// everything else has a result type at word 1 and the result at word 2).
pub fn result_slot(op: u32) -> Option<usize> {
    match op {
        7 | 11 | 19..=38 | 73 | 248 | 322 | 327 => Some(1),
        0..=6
        | 8
        | 10
        | 14..=17
        | 39
        | 56
        | 62..=64
        | 71
        | 72
        | 74
        | 75
        | 224
        | 225
        | 228
        | 246
        | 247
        | 249..=257
        | 317
        | 330
        | 331
        | 332 => None,
        _ => Some(2),
    }
}

/// What the module defines: (id, type id of the value or 0, defined by a type instruction).
fn definitions(m: &Module) -> Vec<(u32, u32, bool)> {
    let mut out = Vec::new();
    for inst in &m.insts {
        let op = inst[0] & 0xffff;
        match result_slot(op) {
            Some(1) if inst.len() > 1 => out.push((inst[1], 0, (19..=39).contains(&op))),
            Some(2) if inst.len() > 2 => out.push((inst[2], inst[1], false)),
            _ => {}
        }
    }
    out
}

/// A replacement for id operand `old`: a value of the same type, any value, or a type.
fn other_id(m: &Module, defs: &[(u32, u32, bool)], old: u32, rng: &mut Rng) -> u32 {
    let old_def = defs.iter().find(|d| d.0 == old);
    let pool: Vec<u32> = match old_def {
        Some(&(_, _, true)) => defs.iter().filter(|d| d.2).map(|d| d.0).collect(),
        Some(&(_, ty, false)) if ty != 0 && !rng.chance(4) => defs.iter().filter(|d| d.1 == ty).map(|d| d.0).collect(),
        _ => defs.iter().map(|d| d.0).collect(),
    };
    if pool.is_empty() || rng.chance(16) {
        m.some_id(rng)
    } else {
        pool[rng.below(pool.len())]
    }
}

/// One mutation of `m`, chosen by `rng`. Returns a short description (for logs).
pub fn mutate_once(m: &mut Module, rng: &mut Rng) -> &'static str {
    let n = m.insts.len();
    if n == 0 {
        m.insts.push(vec![rng.next_u64() as u32]);
        return "add instruction to empty module";
    }
    let i = rng.below(n);
    let op = m.insts[i][0] & 0xffff;
    let len = m.insts[i].len();
    let rslot = result_slot(op);
    // An operand word other than the result id (None when there is none).
    let operand = |rng: &mut Rng| -> Option<usize> {
        let slots: Vec<usize> = (1..len).filter(|&k| Some(k) != rslot).collect();
        (!slots.is_empty()).then(|| slots[rng.below(slots.len())])
    };
    match rng.below(20) {
        0..=5 => {
            // Replace an operand with another id of a plausible kind.
            let Some(k) = operand(rng) else { return "noop" };
            let defs = definitions(m);
            m.insts[i][k] = other_id(m, &defs, m.insts[i][k], rng);
            "operand := other id"
        }
        6 => {
            let Some(k) = operand(rng) else { return "noop" };
            m.insts[i][k] = SPECIAL[rng.below(SPECIAL.len())];
            "operand := special"
        }
        7 => {
            let Some(k) = operand(rng) else { return "noop" };
            if rng.chance(2) {
                m.insts[i][k] = m.insts[i][k].wrapping_add(if rng.chance(2) { 1 } else { u32::MAX });
                "operand +- 1"
            } else {
                m.insts[i][k] ^= 1 << rng.below(32);
                "operand bit flip"
            }
        }
        8 => {
            // A constant's value (array lengths, indices, shift amounts, ...).
            let consts: Vec<usize> = (0..n).filter(|&j| m.insts[j][0] & 0xffff == 43 && m.insts[j].len() > 3).collect();
            if consts.is_empty() {
                return "noop";
            }
            let j = consts[rng.below(consts.len())];
            m.insts[j][3] = SPECIAL[rng.below(SPECIAL.len())];
            "constant value"
        }
        9 | 10 => {
            // Another opcode of the same shape (same length and result slot), or any.
            let same: Vec<u32> =
                m.insts.iter().map(|x| x[0] & 0xffff).filter(|&o| o != op && result_slot(o) == rslot).collect();
            let new_op =
                if same.is_empty() || rng.chance(6) { rng.below(400) as u32 } else { same[rng.below(same.len())] };
            m.insts[i][0] = (m.insts[i][0] & 0xffff_0000) | new_op;
            "opcode"
        }
        11 => {
            // Grow or shrink the instruction (the word count follows).
            if rng.chance(2) && len > 1 {
                m.insts[i].pop();
                "drop last operand"
            } else {
                let defs = definitions(m);
                let w = if rng.chance(2) { other_id(m, &defs, 0, rng) } else { rng.next_u64() as u32 };
                m.insts[i].push(w);
                "append operand"
            }
        }
        12 => {
            let j = rng.below(n);
            m.insts.swap(i, j);
            "swap instructions"
        }
        13 => {
            // Duplicate an instruction under a fresh result id, and use it somewhere.
            let mut copy = m.insts[i].clone();
            let j = (i + 1 + rng.below(3)).min(n);
            if let Some(r) = rslot.filter(|&r| r < copy.len()) {
                let old = copy[r];
                let fresh = m.header[3].max(1);
                m.header[3] = fresh.saturating_add(1);
                copy[r] = fresh;
                let users: Vec<(usize, usize)> = (j..n)
                    .flat_map(|a| (1..m.insts[a].len()).map(move |b| (a, b)))
                    .filter(|&(a, b)| m.insts[a][b] == old && result_slot(m.insts[a][0] & 0xffff) != Some(b))
                    .collect();
                if !users.is_empty() {
                    let (a, b) = users[rng.below(users.len())];
                    m.insts[a][b] = fresh;
                }
            }
            m.insts.insert(j, copy);
            "duplicate instruction"
        }
        14 | 15 => {
            // Delete an instruction (mostly ones without a result, whose absence is legal
            // more often: names, decorations, stores, merges).
            let candidates: Vec<usize> = (0..n).filter(|&j| result_slot(m.insts[j][0] & 0xffff).is_none()).collect();
            let j = if candidates.is_empty() || rng.chance(3) { i } else { candidates[rng.below(candidates.len())] };
            m.insts.remove(j);
            "delete instruction"
        }
        16 => {
            let inst = m.insts.remove(i);
            let j = rng.below(m.insts.len() + 1);
            m.insts.insert(j, inst);
            "move instruction"
        }
        17 => {
            // Copy an operand of another instruction with the same opcode.
            let same: Vec<usize> = (0..n).filter(|&j| j != i && m.insts[j][0] & 0xffff == op).collect();
            let Some(k) = operand(rng) else { return "noop" };
            if same.is_empty() {
                return "noop";
            }
            let j = same[rng.below(same.len())];
            if k >= m.insts[j].len() {
                return "noop";
            }
            m.insts[i][k] = m.insts[j][k];
            "operand from a sibling"
        }
        18 => {
            match rng.below(4) {
                0 => m.header[3] = m.header[3].wrapping_sub(1 + rng.below(4) as u32),
                1 => m.header[3] = SPECIAL[rng.below(SPECIAL.len())],
                2 => m.header[1] = (rng.below(3) as u32) << 16 | (rng.below(8) as u32) << 8,
                _ => m.header[0] = m.header[0].swap_bytes(),
            }
            "header"
        }
        _ => {
            // Raw word damage (inconsistent word counts included).
            if rng.chance(4) {
                m.insts[i][0] = rng.next_u64() as u32;
                "raw first word"
            } else {
                let k = rng.below(len);
                m.insts[i][k] = m.insts[i][k].wrapping_add(rng.below(5) as u32).wrapping_sub(2);
                "nudge word"
            }
        }
    }
}

/// Apply 1 to `max` mutations to the module in `words`; returns the mutated words.
/// Words that are not a module (shorter than a header) are returned unchanged.
pub fn mutate_words(words: &[u32], rng: &mut Rng, max: usize) -> Vec<u32> {
    let Some(mut m) = Module::parse(words) else {
        return words.to_vec();
    };
    let count = 1 + rng.below(max.max(1));
    for _ in 0..count {
        mutate_once(&mut m, rng);
    }
    m.encode()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_encode_round_trips() {
        let words = vec![MAGIC, 0x0001_0000, 0, 10, 0, (2 << 16) | 17, 6, (1 << 16) | 1];
        let m = Module::parse(&words).unwrap();
        assert_eq!(m.insts.len(), 2);
        assert_eq!(m.encode(), words);
    }

    #[test]
    fn mutation_never_panics_on_junk() {
        let mut rng = Rng::new(7);
        for len in 0..40 {
            let words: Vec<u32> = (0..len).map(|_| rng.next_u64() as u32).collect();
            for _ in 0..50 {
                let _ = mutate_words(&words, &mut rng, 4);
            }
        }
    }
}

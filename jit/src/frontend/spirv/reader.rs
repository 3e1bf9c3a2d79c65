//! Reading the binary: header checks, the word-level instruction walk (for word
//! offsets) and rspirv's parser, giving a flat list of instructions in module order.
//!
//! This module only decodes; it must not interpret instructions.

use std::panic::{catch_unwind, AssertUnwindSafe};

use rspirv::binary::{parse_words, Consumer, ParseAction as Action, ParseState};
use rspirv::dr;
use rspirv::spirv;

use crate::{CompileError, Result};

/// SPIR-V's magic number in host order.
pub(crate) const MAGIC: u32 = 0x0723_0203;

use super::limits::MAX_INSTRUCTIONS;

/// One instruction with the word offset where it starts.
#[derive(Clone, Debug)]
pub(crate) struct SpvInst {
    pub op: spirv::Op,
    pub result_type: Option<u32>,
    pub result_id: Option<u32>,
    pub operands: Vec<dr::Operand>,
    /// Offset of the instruction's first word from the start of the module.
    pub word: usize,
}

/// The module header.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Header {
    /// The id bound: every id is below it.
    pub bound: u32,
}

/// Turn bytes into words: the length must be a multiple of 4 and the module must start
/// with the magic number in either byte order (swapped modules are swapped back).
pub fn words_from_bytes(bytes: &[u8]) -> Result<Vec<u32>> {
    if !bytes.len().is_multiple_of(4) {
        return Err(CompileError::invalid(format!(
            "SPIR-V module is {} bytes long, which is not a multiple of 4; the file is truncated or not SPIR-V",
            bytes.len()
        )));
    }
    if bytes.len() < 20 {
        return Err(CompileError::invalid(format!(
            "SPIR-V module is only {} bytes long; a module needs at least a 5-word header",
            bytes.len()
        )));
    }
    let le: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    if le[0] == MAGIC {
        Ok(le)
    } else if le[0] == MAGIC.swap_bytes() {
        Ok(le.into_iter().map(u32::swap_bytes).collect())
    } else {
        Err(bad_magic(le[0]))
    }
}

fn bad_magic(found: u32) -> CompileError {
    let mut e = CompileError::invalid(format!(
        "not a SPIR-V module: the first word is {found:#010x}, expected the magic number {MAGIC:#010x}"
    ));
    e.location_mut().word = Some(0);
    e
}

fn invalid_at(word: usize, message: String) -> CompileError {
    let mut e = CompileError::invalid(message);
    e.location_mut().word = Some(word);
    e
}

/// Check the header, walk the instruction stream and parse every instruction.
pub(crate) fn read(words: &[u32]) -> Result<(Header, Vec<SpvInst>)> {
    if words.len() < 5 {
        return Err(invalid_at(
            0,
            format!("SPIR-V module is only {} words long; a module needs at least a 5-word header", words.len()),
        ));
    }
    let swapped;
    let words = if words[0] == MAGIC {
        words
    } else if words[0] == MAGIC.swap_bytes() {
        swapped = words.iter().map(|w| w.swap_bytes()).collect::<Vec<_>>();
        &swapped[..]
    } else {
        return Err(bad_magic(words[0]));
    };
    let major = (words[1] >> 16) & 0xff;
    let minor = (words[1] >> 8) & 0xff;
    if major != 1 || minor > 6 {
        let mut e = CompileError::unsupported(format!(
            "SPIR-V version {major}.{minor} is not supported; spirjit reads SPIR-V 1.0 to 1.6"
        ));
        e.location_mut().word = Some(1);
        return Err(e);
    }
    let header = Header { bound: words[3] };

    // Walk the stream ourselves first: gives word offsets and catches bad word counts
    // with a precise location before the parser sees them.
    let mut starts = Vec::new();
    let mut stand_ins = Vec::new();
    let mut at = 5usize;
    while at < words.len() {
        let wc = (words[at] >> 16) as usize;
        let opcode = words[at] & 0xffff;
        if wc == 0 {
            return Err(invalid_at(
                at,
                format!("instruction at word {at} (opcode {opcode}) has word count 0; the module is corrupt"),
            ));
        }
        if at + wc > words.len() {
            return Err(invalid_at(
                at,
                format!(
                    "instruction at word {at} (opcode {opcode}) has word count {wc}, which runs past the end of \
                     the module ({} words); the module is truncated",
                    words.len()
                ),
            ));
        }
        if let Some((stand_in, op)) = spec_op_stand_in(&words[at..at + wc]) {
            stand_ins.push((starts.len(), at + 3, stand_in, op));
        }
        starts.push(at);
        if starts.len() > MAX_INSTRUCTIONS {
            let mut e = super::limits::exceeded("the number of instructions", MAX_INSTRUCTIONS);
            e.location_mut().word = Some(at);
            return Err(e);
        }
        at += wc;
    }

    let patched;
    let words = if stand_ins.is_empty() {
        words
    } else {
        let mut w = words.to_vec();
        for &(_, word, stand_in, _) in &stand_ins {
            w[word] = stand_in;
        }
        patched = w;
        &patched[..]
    };
    let mut collector = Collector { insts: Vec::with_capacity(starts.len()), starts: &starts };
    let parsed = catch_unwind(AssertUnwindSafe(|| parse_words(words, &mut collector)));
    match parsed {
        Ok(Ok(())) => {}
        Ok(Err(state)) => return Err(parse_error(state, &starts)),
        Err(_) => {
            let index = collector.insts.len();
            let word = starts.get(index).copied().unwrap_or(0);
            return Err(invalid_at(
                word,
                format!("the SPIR-V parser could not decode instruction #{} (at word {word})", index + 1),
            ));
        }
    }
    let mut insts = collector.insts;
    for (index, _, _, op) in stand_ins {
        if let Some(slot) = insts.get_mut(index).and_then(|i| i.operands.first_mut()) {
            *slot = dr::Operand::LiteralSpecConstantOpInteger(op);
        }
    }
    Ok((header, insts))
}

/// rspirv 0.13 decodes the operands of the opcode inside an `OpSpecConstantOp` as if
/// every operand of its grammar were present, so an access chain without indexes (the
/// `Indexes*` list empty, as llvm-spirv writes for `global float *p = &table[3];`) fails
/// to decode. Such an instruction (`inst`, its words) is parsed with a stand-in opcode
/// taking as many ids, and gets its own opcode back after parsing: (stand-in, opcode).
fn spec_op_stand_in(inst: &[u32]) -> Option<(u32, spirv::Op)> {
    const SPEC_CONSTANT_OP: u32 = spirv::Op::SpecConstantOp as u32;
    let (&first, &inner) = (inst.first()?, inst.get(3)?);
    if first & 0xffff != SPEC_CONSTANT_OP {
        return None;
    }
    let op = |o: spirv::Op| o as u32;
    match (inner, inst.len()) {
        // Base only: a one-operand stand-in.
        (i, 5) if i == op(spirv::Op::AccessChain) || i == op(spirv::Op::InBoundsAccessChain) => {
            let orig =
                if i == op(spirv::Op::AccessChain) { spirv::Op::AccessChain } else { spirv::Op::InBoundsAccessChain };
            Some((op(spirv::Op::SNegate), orig))
        }
        // Base and element: a two-operand stand-in.
        (i, 6) if i == op(spirv::Op::PtrAccessChain) || i == op(spirv::Op::InBoundsPtrAccessChain) => {
            let orig = if i == op(spirv::Op::PtrAccessChain) {
                spirv::Op::PtrAccessChain
            } else {
                spirv::Op::InBoundsPtrAccessChain
            };
            Some((op(spirv::Op::IAdd), orig))
        }
        _ => None,
    }
}

/// Map a parser error to an error with the word offset of the offending instruction.
fn parse_error(state: ParseState, starts: &[usize]) -> CompileError {
    let word_of = |index: usize| starts.get(index.saturating_sub(1)).copied();
    let (message, word) = match &state {
        ParseState::WordCountZero(_, i) => ("instruction has word count 0".to_string(), word_of(*i)),
        ParseState::OpcodeUnknown(_, i, op) => {
            (format!("unknown opcode {op}; the module is corrupt or uses a newer SPIR-V version"), word_of(*i))
        }
        ParseState::OperandExpected(_, i) => ("instruction has too few operands".to_string(), word_of(*i)),
        ParseState::OperandExceeded(_, i) => ("instruction has too many operands".to_string(), word_of(*i)),
        ParseState::TypeUnsupported(_, i) => {
            ("literal of an unsupported type (only 8-64 bit ints and floats)".to_string(), word_of(*i))
        }
        ParseState::SpecConstantOpIntegerIncorrect(_, i) => {
            ("OpSpecConstantOp names an unknown opcode".to_string(), word_of(*i))
        }
        ParseState::OperandError(e) => (format!("operand could not be decoded: {e}"), None),
        other => (format!("could not parse the module: {other}"), None),
    };
    match word {
        Some(w) => invalid_at(w, format!("{message} (instruction at word {w})")),
        None => CompileError::invalid(message),
    }
}

struct Collector<'a> {
    insts: Vec<SpvInst>,
    starts: &'a [usize],
}

impl Consumer for Collector<'_> {
    fn initialize(&mut self) -> Action {
        Action::Continue
    }
    fn finalize(&mut self) -> Action {
        Action::Continue
    }
    fn consume_header(&mut self, _: dr::ModuleHeader) -> Action {
        Action::Continue
    }
    fn consume_instruction(&mut self, inst: dr::Instruction) -> Action {
        let word = self.starts.get(self.insts.len()).copied().unwrap_or(0);
        self.insts.push(SpvInst {
            op: inst.class.opcode,
            result_type: inst.result_type,
            result_id: inst.result_id,
            operands: inst.operands,
            word,
        });
        Action::Continue
    }
}

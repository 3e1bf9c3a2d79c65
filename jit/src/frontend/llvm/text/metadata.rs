//! Metadata in LLVM IR text: numbered nodes (`!3 = !{...}`, also LLVM 3.2's
//! `metadata !{...}` form), named metadata (`!opencl.kernels = !{!0}`), operands
//! (strings, typed constants, node references, inline nodes), and attachments, which
//! are skipped. Specialized debug-info nodes (`!DILocation(...)`) read as null. It must
//! not interpret what the metadata says.

use super::lex::{self, Tok};
use super::Parser;
use crate::frontend::llvm::model::{Md, MdId};
use crate::Result;

impl<'a> Parser<'a> {
    /// `!name = !{!0, !1}`.
    pub(super) fn named_metadata(&mut self) -> Result<()> {
        let Tok::MdName(name) = self.next() else {
            return Err(self.expected("a metadata name"));
        };
        let name = String::from_utf8_lossy(&lex::unescape(name)?).into_owned();
        self.expect(Tok::Equal, "`=`")?;
        self.eat_word("metadata");
        self.expect(Tok::Exclaim, "`!{`")?;
        self.expect(Tok::LBrace, "`!{`")?;
        let mut ids = Vec::new();
        if !self.eat(Tok::RBrace) {
            loop {
                self.eat_word("metadata");
                match self.md_operand()? {
                    Md::Node(id) => ids.push(id),
                    Md::Null => {}
                    _ => return Err(self.invalid("named metadata operand that is not a node")),
                }
                if self.eat(Tok::RBrace) {
                    break;
                }
                self.expect(Tok::Comma, "`,` or `}`")?;
            }
        }
        self.m.named_metadata.push((name, ids));
        Ok(())
    }

    /// `!N = [distinct] !{...}` or `!N = !DIxxx(...)`.
    pub(super) fn metadata_definition(&mut self) -> Result<()> {
        let Tok::MdNum(num) = self.next() else {
            return Err(self.expected("a metadata number"));
        };
        self.expect(Tok::Equal, "`=`")?;
        self.eat_word("distinct");
        self.eat_word("metadata");
        let Some(&slot) = self.md_nums.get(&num) else {
            return Err(self.internal_here("metadata missed by the pre-scan"));
        };
        match (slot, self.peek()) {
            (None, Tok::MdName(_)) => {
                self.pos += 1;
                self.skip_parens()
            }
            (Some(id), Tok::Exclaim) => {
                let ops = self.md_node_body()?;
                self.m.metadata[id.0 as usize] = ops;
                Ok(())
            }
            _ => Err(self.expected("a metadata node")),
        }
    }

    /// `!{ op, op, ... }` from the `!`.
    fn md_node_body(&mut self) -> Result<Vec<Md>> {
        self.expect(Tok::Exclaim, "`!`")?;
        self.expect(Tok::LBrace, "`{`")?;
        let mut ops = Vec::new();
        if self.eat(Tok::RBrace) {
            return Ok(ops);
        }
        self.enter()?;
        loop {
            let op = self.md_operand();
            let op = match op {
                Ok(op) => op,
                Err(e) => {
                    self.leave();
                    return Err(e);
                }
            };
            ops.push(op);
            if self.eat(Tok::RBrace) {
                break;
            }
            if !self.eat(Tok::Comma) {
                self.leave();
                return Err(self.expected("`,` or `}`"));
            }
        }
        self.leave();
        Ok(ops)
    }

    /// One metadata operand.
    pub(super) fn md_operand(&mut self) -> Result<Md> {
        // LLVM 3.2 writes `metadata !"str"`, `metadata !3`.
        while self.eat_word("metadata") {}
        match self.peek() {
            Tok::Word("null") => {
                self.pos += 1;
                Ok(Md::Null)
            }
            Tok::MdNum(n) => {
                self.pos += 1;
                match self.md_nums.get(&n) {
                    Some(Some(id)) => Ok(Md::Node(*id)),
                    Some(None) => Ok(Md::Null),
                    None => {
                        self.pos -= 1;
                        Err(self.invalid(&format!("metadata `!{n}` is not defined")))
                    }
                }
            }
            Tok::MdName(_) => {
                // A specialized node (`!DIExpression()`).
                self.pos += 1;
                if self.peek() == Tok::LParen {
                    self.skip_parens()?;
                }
                Ok(Md::Null)
            }
            Tok::Exclaim => match self.peek_at(1) {
                Tok::Str(s) => {
                    self.pos += 2;
                    Ok(Md::Str(String::from_utf8_lossy(&lex::unescape(s)?).into_owned()))
                }
                Tok::LBrace => {
                    let ops = self.md_node_body()?;
                    self.m.metadata.push(ops);
                    Ok(Md::Node(MdId(self.m.metadata.len() as u32 - 1)))
                }
                _ => Err(self.expected("a metadata operand")),
            },
            _ => {
                let ty = self.parse_type()?;
                if self.func.is_some() && matches!(self.peek(), Tok::Local(..)) {
                    // LLVM 3.2 function-local metadata (`metadata !{i32* %x}`).
                    self.pos += 1;
                    return Ok(Md::Null);
                }
                Ok(Md::Value(self.parse_const(ty)?))
            }
        }
    }

    /// Skip the value of an attachment (`!dbg !12`, `!tbaa !{...}`, `!DILocation(...)`).
    pub(super) fn skip_md_value(&mut self) -> Result<()> {
        self.md_operand().map(|_| ())
    }

    /// Instruction attachments: `, !name !N` pairs.
    pub(super) fn skip_attachments(&mut self) -> Result<()> {
        while self.peek() == Tok::Comma && matches!(self.peek_at(1), Tok::MdName(_)) {
            self.pos += 2;
            self.skip_md_value()?;
        }
        Ok(())
    }
}

//! The tokens of the KIR text form, read from one line: literals, numbers, identifiers,
//! quoted strings, value / block references and types. Blanks between tokens are
//! skipped; every error says where (line:column) and what was expected.

use std::sync::Arc;

use super::super::types::natural_layout;
use super::super::{AddressSpace, Scalar, StructType, Type, Value};
use crate::{CompileError, Result};

/// A position in the text for messages: 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pos {
    pub line: usize,
    pub col: usize,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// The error for `what` at `pos`.
pub(super) fn error_at(pos: Pos, what: impl std::fmt::Display) -> CompileError {
    CompileError::invalid(format!("KIR text {pos}: {what}"))
}

/// A cursor over one line.
pub(super) struct Cur<'a> {
    line: &'a str,
    pos: usize,
    lineno: usize,
}

const SPACES: &[char] = &[' ', '\t'];

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.'
}

impl<'a> Cur<'a> {
    pub fn new(line: &'a str, lineno: usize) -> Cur<'a> {
        Cur { line, pos: 0, lineno }
    }

    /// The position of the next token.
    pub fn pos(&mut self) -> Pos {
        self.skip_blanks();
        Pos { line: self.lineno, col: self.line[..self.pos].chars().count() + 1 }
    }

    fn rest(&self) -> &'a str {
        &self.line[self.pos..]
    }

    pub fn skip_blanks(&mut self) {
        let r = self.rest();
        self.pos += r.len() - r.trim_start_matches(SPACES).len();
    }

    /// "expected `what`, found ..." at the next token.
    pub fn expected(&mut self, what: &str) -> CompileError {
        let pos = self.pos();
        let r = self.rest();
        let found = if r.is_empty() {
            "the end of the line".to_string()
        } else {
            let tok: String = if r.starts_with(is_ident_char) {
                r.chars().take_while(|c| is_ident_char(*c)).take(24).collect()
            } else {
                r.chars().take(1).collect()
            };
            format!("`{tok}`")
        };
        error_at(pos, format!("expected {what}, found {found}"))
    }

    pub fn at_end(&mut self) -> bool {
        self.skip_blanks();
        self.rest().is_empty()
    }

    /// Fail unless only blanks are left.
    pub fn end(&mut self) -> Result<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.expected("the end of the line"))
        }
    }

    pub fn peek(&mut self) -> Option<char> {
        self.skip_blanks();
        self.rest().chars().next()
    }

    /// Consume `lit` if it comes next.
    pub fn eat(&mut self, lit: &str) -> bool {
        self.skip_blanks();
        if self.rest().starts_with(lit) {
            self.pos += lit.len();
            true
        } else {
            false
        }
    }

    /// Consume `lit` right here (no blanks before it) if it comes next.
    pub fn eat_adjacent(&mut self, lit: &str) -> bool {
        if self.rest().starts_with(lit) {
            self.pos += lit.len();
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, lit: &str) -> Result<()> {
        if self.eat(lit) {
            Ok(())
        } else {
            Err(self.expected(&format!("`{lit}`")))
        }
    }

    /// Consume keyword `kw` if it comes next as a whole identifier.
    pub fn eat_keyword(&mut self, kw: &str) -> bool {
        self.skip_blanks();
        let r = self.rest();
        if r.starts_with(kw) && !r[kw.len()..].starts_with(is_ident_char) {
            self.pos += kw.len();
            true
        } else {
            false
        }
    }

    pub fn expect_keyword(&mut self, kw: &str) -> Result<()> {
        if self.eat_keyword(kw) {
            Ok(())
        } else {
            Err(self.expected(&format!("`{kw}`")))
        }
    }

    /// The next identifier (letters, digits, `_`, `.`) without consuming it.
    pub fn peek_ident(&mut self) -> &'a str {
        self.skip_blanks();
        let r = self.rest();
        let n = r.find(|c: char| !is_ident_char(c)).unwrap_or(r.len());
        &r[..n]
    }

    /// Consume an identifier (`what` names it in the error).
    pub fn ident(&mut self, what: &str) -> Result<&'a str> {
        let id = self.peek_ident();
        if id.is_empty() {
            return Err(self.expected(what));
        }
        self.pos += id.len();
        Ok(id)
    }

    /// An identifier right here, without blanks before it (may be empty).
    pub fn adjacent_ident(&mut self) -> &'a str {
        let r = self.rest();
        let n = r.find(|c: char| !is_ident_char(c)).unwrap_or(r.len());
        self.pos += n;
        &r[..n]
    }

    /// A bare identifier or a quoted string.
    pub fn word(&mut self, what: &str) -> Result<String> {
        if self.peek() == Some('"') {
            self.string()
        } else {
            self.ident(what).map(str::to_string)
        }
    }

    /// A Rust string literal (as `{:?}` prints one).
    pub fn string(&mut self) -> Result<String> {
        self.expect("\"")?;
        let mut out = String::new();
        let mut chars = self.rest().char_indices();
        loop {
            let Some((i, c)) = chars.next() else {
                self.pos = self.line.len();
                return Err(self.expected("the closing `\"` of a string"));
            };
            match c {
                '"' => {
                    self.pos += i + 1;
                    return Ok(out);
                }
                '\\' => {
                    let esc = chars.next().map(|(_, e)| e);
                    out.push(match esc {
                        Some('n') => '\n',
                        Some('r') => '\r',
                        Some('t') => '\t',
                        Some('0') => '\0',
                        Some(e @ ('\\' | '"' | '\'')) => e,
                        Some('u') => {
                            let mut hex = String::new();
                            let mut ok = matches!(chars.next(), Some((_, '{')));
                            for (_, h) in chars.by_ref() {
                                if h == '}' {
                                    break;
                                }
                                hex.push(h);
                            }
                            let c = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32);
                            ok &= c.is_some();
                            match c {
                                Some(c) if ok => c,
                                _ => {
                                    self.pos += i;
                                    return Err(self.expected("a `\\u{...}` escape of a character"));
                                }
                            }
                        }
                        _ => {
                            self.pos += i;
                            return Err(self.expected("an escape (`\\n`, `\\\"`, `\\u{...}`, ...)"));
                        }
                    });
                }
                c => out.push(c),
            }
        }
    }

    /// Everything up to (not including) `end`, which must come on this line.
    pub fn until(&mut self, end: char, what: &str) -> Result<&'a str> {
        let r = self.rest();
        match r.find(end) {
            Some(n) => {
                self.pos += n;
                Ok(&r[..n])
            }
            None => Err(self.expected(what)),
        }
    }

    /// The rest of the line without surrounding blanks.
    pub fn take_rest(&mut self) -> &'a str {
        let r = self.rest();
        self.pos = self.line.len();
        r.trim_matches(SPACES)
    }

    /// A decimal or `0x` hexadecimal number.
    pub fn u64(&mut self, what: &str) -> Result<u64> {
        let id = self.peek_ident();
        let parsed = match id.strip_prefix("0x") {
            Some(hex) => u64::from_str_radix(hex, 16).ok(),
            None if id.starts_with(|c: char| c.is_ascii_digit()) => id.parse().ok(),
            None => None,
        };
        match parsed {
            Some(n) => {
                self.pos += id.len();
                Ok(n)
            }
            None => Err(self.expected(what)),
        }
    }

    pub fn u32(&mut self, what: &str) -> Result<u32> {
        let pos = self.pos();
        let n = self.u64(what)?;
        u32::try_from(n).map_err(|_| error_at(pos, format!("expected {what} below 2^32, found {n}")))
    }

    /// `PREFIX` followed by a number (`v12`, `block3`, `var0`, `data1`).
    pub fn numbered(&mut self, prefix: &str, what: &str) -> Result<u32> {
        let id = self.peek_ident();
        match id.strip_prefix(prefix).filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())) {
            Some(d) => match d.parse() {
                Ok(n) => {
                    self.pos += id.len();
                    Ok(n)
                }
                Err(_) => Err(self.expected(&format!("{what} below 2^32"))),
            },
            None => Err(self.expected(what)),
        }
    }

    pub fn value(&mut self) -> Result<Value> {
        self.numbered("v", "a value (`v12`)").map(Value)
    }

    /// Comma-separated values up to the end of the line or a `)` (not consumed).
    pub fn values(&mut self) -> Result<Vec<Value>> {
        let mut out = Vec::new();
        if self.at_end() || self.peek() == Some(')') {
            return Ok(out);
        }
        loop {
            out.push(self.value()?);
            if !self.eat(",") {
                return Ok(out);
            }
        }
    }

    /// An address space by its OpenCL name.
    pub fn space(&mut self) -> Result<AddressSpace> {
        let id = self.peek_ident();
        match space_named(id) {
            Some(s) => {
                self.pos += id.len();
                Ok(s)
            }
            None => Err(self.expected("an address space (`global`, `local`, ...)")),
        }
    }

    /// True when a type starts here.
    pub fn at_type(&mut self) -> bool {
        match self.peek() {
            Some('[' | '{') => true,
            _ => {
                let id = self.peek_ident();
                id == "ptr" || scalar_named(id).is_some() || vector_named(id).is_some()
            }
        }
    }

    /// A type as `Type`'s `Display` prints it.
    pub fn ty(&mut self) -> Result<Type> {
        const WHAT: &str = "a type";
        if self.eat("[") {
            let elem = self.ty()?;
            self.expect(";")?;
            let len = self.u64("an array length")?;
            self.expect(",")?;
            self.expect_keyword("stride")?;
            let stride = self.u64("an array stride")?;
            self.expect("]")?;
            return Ok(Type::Array { elem: Box::new(elem), len, stride });
        }
        if self.eat("{") {
            let mut members = Vec::new();
            let mut layout = None;
            if !self.eat("}") {
                loop {
                    if members.is_empty() || self.eat(",") {
                        self.expect("@")?;
                        let off = self.u64("a member offset")?;
                        members.push((off, self.ty()?));
                    } else if self.eat(";") {
                        self.expect_keyword("size")?;
                        let size = self.u64("a struct size")?;
                        self.expect(",")?;
                        self.expect_keyword("align")?;
                        layout = Some((size, self.u32("a struct alignment")?));
                        self.expect("}")?;
                        break;
                    } else {
                        self.expect("}")?;
                        break;
                    }
                }
            }
            let (size, align) = layout.unwrap_or_else(|| natural_layout(&members));
            return Ok(Type::Struct(Arc::new(StructType { members, size, align })));
        }
        let id = self.peek_ident();
        if id == "ptr" {
            self.pos += id.len();
            if !self.eat_adjacent("<") {
                return Err(self.expected("`<` after `ptr`"));
            }
            let space = self.space()?;
            self.expect(">")?;
            let s = Scalar::Ptr(space);
            let suffix = self.adjacent_ident();
            if suffix.is_empty() {
                return Ok(Type::Scalar(s));
            }
            return match suffix.strip_prefix('x').and_then(vector_len) {
                Some(n) => Ok(Type::Vector(s, n)),
                None => {
                    Err(error_at(self.pos(), format!("expected a vector length after `ptr<..>`, found `{suffix}`")))
                }
            };
        }
        if let Some(s) = scalar_named(id) {
            self.pos += id.len();
            return Ok(Type::Scalar(s));
        }
        if let Some((s, n)) = vector_named(id) {
            self.pos += id.len();
            return Ok(Type::Vector(s, n));
        }
        Err(self.expected(WHAT))
    }
}

pub(super) fn space_named(id: &str) -> Option<AddressSpace> {
    [AddressSpace::Private, AddressSpace::Global, AddressSpace::Constant, AddressSpace::Local, AddressSpace::Generic]
        .into_iter()
        .find(|s| s.opencl_name() == id)
}

fn scalar_named(id: &str) -> Option<Scalar> {
    Some(match id {
        "bool" => Scalar::Bool,
        "i8" => Scalar::I8,
        "i16" => Scalar::I16,
        "i32" => Scalar::I32,
        "i64" => Scalar::I64,
        "f16" => Scalar::F16,
        "f32" => Scalar::F32,
        "f64" => Scalar::F64,
        _ => return None,
    })
}

/// A vector length of the text form: 2, 3, 4, 8 or 16.
fn vector_len(digits: &str) -> Option<u8> {
    digits.parse().ok().filter(|n| matches!(n, 2 | 3 | 4 | 8 | 16))
}

/// `f32x4` and the like.
fn vector_named(id: &str) -> Option<(Scalar, u8)> {
    let (s, n) = id.rsplit_once('x')?;
    Some((scalar_named(s)?, vector_len(n)?))
}

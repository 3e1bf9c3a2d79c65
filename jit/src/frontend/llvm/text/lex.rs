//! The lexer of LLVM IR text: the whole input as one vector of tokens that borrow from
//! it, in one pass.
//!
//! Tokens keep their raw text (numbers unparsed, strings with their `\xx` escapes);
//! the parser decides what they mean from the context. This module must not know the
//! grammar beyond single tokens.

use crate::{CompileError, Result};

/// One token. Names and strings are the raw text between the sigil/quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok<'a> {
    Eof,
    Equal,
    Comma,
    Star,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Less,
    Greater,
    Exclaim,
    Bar,
    Ellipsis,
    /// `%name`, `%12`, `%"quoted"` (quoted: `true`, escapes unresolved).
    Local(&'a str, bool),
    /// `@name`, `@12`, `@"quoted"`.
    Global(&'a str, bool),
    /// `$name` (comdats).
    Comdat(&'a str),
    /// `!name` (named metadata, attachment kinds, specialized nodes like `!DILocation`).
    MdName(&'a str),
    /// `!12`.
    MdNum(u32),
    /// `#12`.
    AttrGrp(u32),
    /// `name:`, `12:`, `"quoted":` (quoted: `true`).
    Label(&'a str, bool),
    /// `"..."`, escapes unresolved.
    Str(&'a str),
    /// `c"..."`, escapes unresolved.
    CStr(&'a str),
    /// An integer literal as written (`-12`, `u0x1F`, `s0x1F`).
    Int(&'a str),
    /// A floating-point literal as written (`1.5e+00`, `0x3FF0000000000000`, `0xH3C00`).
    Float(&'a str),
    /// A bare word: keywords, type names (`i32`), opcodes.
    Word(&'a str),
}

#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    pub tok: Tok<'a>,
    /// Byte offset of the token in the input.
    pub pos: usize,
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_')
}

/// The tokens of `src`, ending with [`Tok::Eof`].
pub fn lex(src: &str) -> Result<Vec<Token<'_>>> {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(src.len() / 4 + 1);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        let tok = match c {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
                continue;
            }
            b';' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'=' => single(&mut i, Tok::Equal),
            b',' => single(&mut i, Tok::Comma),
            b'*' => single(&mut i, Tok::Star),
            b'(' => single(&mut i, Tok::LParen),
            b')' => single(&mut i, Tok::RParen),
            b'[' => single(&mut i, Tok::LBracket),
            b']' => single(&mut i, Tok::RBracket),
            b'{' => single(&mut i, Tok::LBrace),
            b'}' => single(&mut i, Tok::RBrace),
            b'<' => single(&mut i, Tok::Less),
            b'>' => single(&mut i, Tok::Greater),
            b'|' => single(&mut i, Tok::Bar),
            b'.' if b[i..].starts_with(b"...") => {
                i += 3;
                Tok::Ellipsis
            }
            b'"' => {
                let s = string(src, &mut i)?;
                if i < b.len() && b[i] == b':' {
                    i += 1;
                    Tok::Label(s, true)
                } else {
                    Tok::Str(s)
                }
            }
            b'%' | b'@' | b'$' => {
                i += 1;
                let (name, quoted) = if i < b.len() && b[i] == b'"' {
                    (string(src, &mut i)?, true)
                } else {
                    let s = i;
                    while i < b.len() && is_name_char(b[i]) {
                        i += 1;
                    }
                    if s == i {
                        return Err(err(src, start, "a name after the sigil"));
                    }
                    (&src[s..i], false)
                };
                match c {
                    b'%' => Tok::Local(name, quoted),
                    b'@' => Tok::Global(name, quoted),
                    _ => Tok::Comdat(name),
                }
            }
            b'!' => {
                i += 1;
                if i < b.len() && b[i].is_ascii_digit() {
                    let s = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    Tok::MdNum(src[s..i].parse().map_err(|_| err(src, start, "a metadata number below 2^32"))?)
                } else if i < b.len() && (is_name_char(b[i]) || b[i] == b'\\') {
                    let s = i;
                    while i < b.len() && (is_name_char(b[i]) || b[i] == b'\\') {
                        i += 1;
                    }
                    Tok::MdName(&src[s..i])
                } else {
                    Tok::Exclaim
                }
            }
            b'#' => {
                i += 1;
                let s = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                Tok::AttrGrp(src[s..i].parse().map_err(|_| err(src, start, "an attribute group number"))?)
            }
            b'c' if b.get(i + 1) == Some(&b'"') => {
                i += 1;
                Tok::CStr(string(src, &mut i)?)
            }
            b'0'..=b'9' | b'-' | b'+' => number(src, &mut i)?,
            _ if is_name_char(c) => {
                // `u0x..`/`s0x..` hex integers.
                if (c == b'u' || c == b's') && b[i + 1..].starts_with(b"0x") {
                    i += 3;
                    while i < b.len() && b[i].is_ascii_hexdigit() {
                        i += 1;
                    }
                    Tok::Int(&src[start..i])
                } else {
                    while i < b.len() && is_name_char(b[i]) {
                        i += 1;
                    }
                    if i < b.len() && b[i] == b':' {
                        i += 1;
                        Tok::Label(&src[start..i - 1], false)
                    } else {
                        Tok::Word(&src[start..i])
                    }
                }
            }
            _ => {
                let ch = src[i..].chars().next().unwrap_or('?');
                return Err(err(src, start, &format!("a token, not `{ch}`")));
            }
        };
        out.push(Token { tok, pos: start });
    }
    out.push(Token { tok: Tok::Eof, pos: b.len() });
    Ok(out)
}

fn single<'a>(i: &mut usize, t: Tok<'a>) -> Tok<'a> {
    *i += 1;
    t
}

/// A `"..."` string at `*i` (the opening quote); returns the text between the quotes.
fn string<'a>(src: &'a str, i: &mut usize) -> Result<&'a str> {
    let start = *i;
    let b = src.as_bytes();
    let Some(len) = b[start + 1..].iter().position(|&c| c == b'"') else {
        return Err(err(src, start, "a closing `\"`"));
    };
    *i = start + 1 + len + 1;
    Ok(&src[start + 1..start + 1 + len])
}

fn number<'a>(src: &'a str, i: &mut usize) -> Result<Tok<'a>> {
    let b = src.as_bytes();
    let start = *i;
    if b[start..].starts_with(b"0x") {
        *i += 2;
        while *i < b.len() && (b[*i].is_ascii_hexdigit() || (*i == start + 2 && b"KLMHR".contains(&b[*i]))) {
            *i += 1;
        }
        return Ok(Tok::Float(&src[start..*i]));
    }
    if b[*i] == b'-' || b[*i] == b'+' {
        *i += 1;
    }
    let digits = *i;
    while *i < b.len() && b[*i].is_ascii_digit() {
        *i += 1;
    }
    if *i < b.len() && ((is_name_char(b[*i]) && b[*i] != b'.') || b[*i] == b':') && b[start].is_ascii_digit() {
        // A label or name that starts with digits (`12:`).
        while *i < b.len() && is_name_char(b[*i]) {
            *i += 1;
        }
        if *i < b.len() && b[*i] == b':' {
            *i += 1;
            return Ok(Tok::Label(&src[start..*i - 1], false));
        }
        return Err(err(src, start, "a number"));
    }
    if *i < b.len() && b[*i] == b'.' && digits < *i {
        *i += 1;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        if *i < b.len() && (b[*i] == b'e' || b[*i] == b'E') {
            let save = *i;
            *i += 1;
            if *i < b.len() && (b[*i] == b'-' || b[*i] == b'+') {
                *i += 1;
            }
            if *i < b.len() && b[*i].is_ascii_digit() {
                while *i < b.len() && b[*i].is_ascii_digit() {
                    *i += 1;
                }
            } else {
                *i = save;
            }
        }
        return Ok(Tok::Float(&src[start..*i]));
    }
    if digits == *i {
        return Err(err(src, start, "a number"));
    }
    if b[start] == b'+' {
        return Err(err(src, start, "a floating-point number after `+`"));
    }
    Ok(Tok::Int(&src[start..*i]))
}

/// The 1-based line of byte offset `pos` and its text, for messages.
pub fn line_at(src: &str, pos: usize) -> (usize, &str) {
    let mut pos = pos.min(src.len());
    while !src.is_char_boundary(pos) {
        pos -= 1;
    }
    let line = src.as_bytes()[..pos].iter().filter(|&&c| c == b'\n').count() + 1;
    let begin = src[..pos].rfind('\n').map_or(0, |p| p + 1);
    let end = src[pos..].find('\n').map_or(src.len(), |p| pos + p);
    let text = src[begin..end].trim();
    // Long lines are cut (at a character boundary) so that messages stay readable.
    let mut cut = text.len().min(160);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    (line, &text[..cut])
}

fn err(src: &str, pos: usize, expected: &str) -> CompileError {
    let (line, text) = line_at(src, pos);
    CompileError::invalid(format!("LLVM IR text: expected {expected}")).at(None, format!("line {line}: `{text}`"), None)
}

/// Resolve the `\xx` hex escapes and `\\` of a string's raw text.
pub fn unescape(raw: &str) -> Result<Vec<u8>> {
    let b = raw.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            if b.get(i + 1) == Some(&b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            let hex = |c: Option<&u8>| c.and_then(|c| (*c as char).to_digit(16));
            match (hex(b.get(i + 1)), hex(b.get(i + 2))) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                }
                _ => return Err(CompileError::invalid(format!("LLVM IR text: bad escape in string \"{raw}\""))),
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Ok(out)
}

/// A name's text with escapes resolved (kept lossily where not UTF-8).
pub fn name_text(raw: &str, quoted: bool) -> Result<String> {
    if !quoted || !raw.contains('\\') {
        return Ok(raw.to_string());
    }
    Ok(String::from_utf8_lossy(&unescape(raw)?).into_owned())
}

//! The Itanium C++ mangling subset of OpenCL builtin names (`_Z3maxDv4_iS_`,
//! `_Z6vload4mPU3AS1Kf`): the function name and its parameter types — builtin types,
//! vectors (`Dv4_f`), pointers with address-space (`U3AS1`) and cv-qualifiers,
//! opaque types by name (`11ocl_image2d`), `_Atomic` types (`U7_Atomici`, read as the
//! type they wrap), and substitutions (`S_`, `S0_`).
//!
//! It only reads names; it must not decide what a builtin means (`builtins` does).
//! Anything outside the subset is `None`, never a panic.

/// A builtin scalar type of a mangled parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    Void,
    Bool,
    /// An integer of `bits` bits; `signed` from the C type (`char` is signed).
    Int {
        bits: u32,
        signed: bool,
    },
    /// `half`, `float`, `double`.
    Float {
        bits: u32,
    },
}

/// A parameter type of a mangled name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MangledType {
    Scalar(Scalar),
    Vector(u32, Scalar),
    Pointer {
        addrspace: u32,
        is_const: bool,
        pointee: Box<MangledType>,
    },
    /// A named type: `ocl_image2d`, `ocl_sampler`, `ocl_event`, ...
    Named(String),
}

impl MangledType {
    /// The scalar (or vector element) type.
    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            MangledType::Scalar(s) | MangledType::Vector(_, s) => Some(*s),
            _ => None,
        }
    }

    /// Whether the (element) type is a signed integer.
    pub fn is_signed(&self) -> bool {
        matches!(self.scalar(), Some(Scalar::Int { signed: true, .. }))
    }

    pub fn is_float(&self) -> bool {
        matches!(self.scalar(), Some(Scalar::Float { .. }))
    }

    /// The vector length (`None` for scalars and other types).
    pub fn vec_len(&self) -> Option<u32> {
        match self {
            MangledType::Vector(n, _) => Some(*n),
            _ => None,
        }
    }
}

/// A demangled builtin: its name and parameter types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Demangled {
    pub name: String,
    pub args: Vec<MangledType>,
}

/// Demangle `_Z<len><name><params>`; `None` when `mangled` is not in the subset.
pub fn demangle(mangled: &str) -> Option<Demangled> {
    let rest = mangled.strip_prefix("_Z")?;
    let mut p = Parser { s: rest.as_bytes(), pos: 0, subs: Vec::new() };
    let name = p.source_name()?;
    let mut args = Vec::new();
    while p.pos < p.s.len() {
        if args.len() > 64 {
            return None;
        }
        args.push(p.ty(0)?);
    }
    if args == [MangledType::Scalar(Scalar::Void)] {
        args.clear();
    }
    Some(Demangled { name, args })
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    subs: Vec<(MangledType, Quals)>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn eat(&mut self, prefix: &str) -> bool {
        if self.s[self.pos..].starts_with(prefix.as_bytes()) {
            self.pos += prefix.len();
            true
        } else {
            false
        }
    }

    fn number(&mut self) -> Option<usize> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        std::str::from_utf8(&self.s[start..self.pos]).ok()?.parse().ok()
    }

    fn source_name(&mut self) -> Option<String> {
        let len = self.number()?;
        let end = self.pos.checked_add(len)?;
        let name = std::str::from_utf8(self.s.get(self.pos..end)?).ok()?.to_string();
        self.pos = end;
        Some(name)
    }

    fn ty(&mut self, depth: u32) -> Option<MangledType> {
        // Qualifiers of a type passed by value (`Kf`) do not matter.
        self.ty_q(depth).map(|(t, _)| t)
    }

    /// A type and the qualifiers written on it (address space, `const`).
    fn ty_q(&mut self, depth: u32) -> Option<(MangledType, Quals)> {
        if depth > 16 {
            return None;
        }
        let c = self.peek()?;
        // Qualifiers: vendor (`U3AS1`) and cv, in any order; the qualified type is one
        // substitution candidate.
        if matches!(c, b'K' | b'V' | b'r' | b'U') {
            let mut q = Quals { addrspace: 0, is_const: false };
            let mut others = false;
            let mut atomic = None;
            loop {
                match self.peek()? {
                    b'K' => {
                        self.pos += 1;
                        q.is_const = true;
                    }
                    b'V' | b'r' => self.pos += 1,
                    b'U' => {
                        self.pos += 1;
                        let name = self.source_name()?;
                        if let Some(n) = name.strip_prefix("AS") {
                            q.addrspace = n.parse().ok()?;
                        } else if name == "_Atomic" {
                            // `_Atomic(T)` (OpenCL 2.0's `atomic_int`) is a type of its
                            // own: one substitution candidate, under the qualifiers
                            // before it (another).
                            let (inner, _) = self.ty_q(depth + 1)?;
                            self.subs.push((inner.clone(), Quals::NONE));
                            atomic = Some(inner);
                            break;
                        }
                    }
                    _ => break,
                }
                others = true;
            }
            let inner = match atomic {
                Some(t) if !others => return Some((t, Quals::NONE)),
                Some(t) => t,
                None => self.ty_q(depth + 1)?.0,
            };
            self.subs.push((inner.clone(), q));
            return Some((inner, q));
        }
        if c == b'P' {
            self.pos += 1;
            let (inner, q) = self.ty_q(depth + 1)?;
            let t = MangledType::Pointer { addrspace: q.addrspace, is_const: q.is_const, pointee: Box::new(inner) };
            self.subs.push((t.clone(), Quals::NONE));
            return Some((t, Quals::NONE));
        }
        if c == b'S' {
            self.pos += 1;
            let idx = if self.eat("_") {
                0
            } else {
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) {
                    self.pos += 1;
                }
                let n = usize::from_str_radix(std::str::from_utf8(&self.s[start..self.pos]).ok()?, 36).ok()?;
                if !self.eat("_") {
                    return None;
                }
                n + 1
            };
            return self.subs.get(idx).cloned();
        }
        if self.eat("Dv") {
            let n = self.number()? as u32;
            if !self.eat("_") {
                return None;
            }
            let MangledType::Scalar(s) = self.ty(depth + 1)? else { return None };
            let t = MangledType::Vector(n, s);
            self.subs.push((t.clone(), Quals::NONE));
            return Some((t, Quals::NONE));
        }
        if c.is_ascii_digit() {
            let t = MangledType::Named(self.source_name()?);
            self.subs.push((t.clone(), Quals::NONE));
            return Some((t, Quals::NONE));
        }
        let s = if self.eat("Dh") {
            Scalar::Float { bits: 16 }
        } else {
            self.pos += 1;
            match c {
                b'v' => Scalar::Void,
                b'b' => Scalar::Bool,
                b'c' | b'a' => Scalar::Int { bits: 8, signed: true },
                b'h' => Scalar::Int { bits: 8, signed: false },
                b's' => Scalar::Int { bits: 16, signed: true },
                b't' => Scalar::Int { bits: 16, signed: false },
                b'i' => Scalar::Int { bits: 32, signed: true },
                b'j' => Scalar::Int { bits: 32, signed: false },
                b'l' | b'x' => Scalar::Int { bits: 64, signed: true },
                b'm' | b'y' => Scalar::Int { bits: 64, signed: false },
                b'f' => Scalar::Float { bits: 32 },
                b'd' => Scalar::Float { bits: 64 },
                _ => return None,
            }
        };
        Some((MangledType::Scalar(s), Quals::NONE))
    }
}

/// Qualifiers written on a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Quals {
    addrspace: u32,
    is_const: bool,
}

impl Quals {
    const NONE: Quals = Quals { addrspace: 0, is_const: false };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(addrspace: u32, is_const: bool, t: MangledType) -> MangledType {
        MangledType::Pointer { addrspace, is_const, pointee: Box::new(t) }
    }
    const F: MangledType = MangledType::Scalar(Scalar::Float { bits: 32 });
    const I: MangledType = MangledType::Scalar(Scalar::Int { bits: 32, signed: true });
    const J: MangledType = MangledType::Scalar(Scalar::Int { bits: 32, signed: false });
    const M: MangledType = MangledType::Scalar(Scalar::Int { bits: 64, signed: false });

    #[test]
    fn plain_builtins() {
        let d = demangle("_Z13get_global_idj").unwrap();
        assert_eq!(d.name, "get_global_id");
        assert_eq!(d.args, vec![J]);
        assert_eq!(demangle("_Z3maxii").unwrap().args, vec![I, I]);
        assert_eq!(demangle("_Z7barrierj").unwrap().args, vec![J]);
        assert_eq!(demangle("_Z12get_work_dimv").unwrap().args, vec![]);
        assert_eq!(demangle("_Z4sqrtDh").unwrap().args, vec![MangledType::Scalar(Scalar::Float { bits: 16 })]);
    }

    #[test]
    fn vectors_and_substitutions() {
        let v4f = MangledType::Vector(4, Scalar::Float { bits: 32 });
        let d = demangle("_Z8shuffle2Dv4_fS_Dv4_j").unwrap();
        assert_eq!(d.args, vec![v4f.clone(), v4f, MangledType::Vector(4, Scalar::Int { bits: 32, signed: false })]);
    }

    #[test]
    fn address_spaces_and_qualifiers() {
        let d = demangle("_Z6vload4mPU3AS1Kf").unwrap();
        assert_eq!(d.args, vec![M, p(1, true, F)]);
        let d = demangle("_Z10atomic_addPU3AS1Vii").unwrap();
        assert_eq!(d.args, vec![p(1, false, I), I]);
        let d = demangle("_Z1gPU3AS1KfPU3AS1fS0_fPU3AS1KDv4_fS3_PU3AS3Kf").unwrap();
        let v4f = MangledType::Vector(4, Scalar::Float { bits: 32 });
        assert_eq!(
            d.args,
            vec![p(1, true, F), p(1, false, F), p(1, true, F), F, p(1, true, v4f.clone()), v4f, p(3, true, F)]
        );
        // LLVM 3.2 producers put `K` first.
        let d = demangle("_Z21async_work_group_copyPU3AS1Dv16_cPKU3AS3S_m9ocl_event").unwrap();
        let v16c = MangledType::Vector(16, Scalar::Int { bits: 8, signed: true });
        assert_eq!(
            d.args,
            vec![p(1, false, v16c.clone()), p(3, true, v16c), M, MangledType::Named("ocl_event".into())]
        );
        let d = demangle("_Z17wait_group_eventsiPU3AS49ocl_event").unwrap();
        assert_eq!(d.args, vec![I, p(4, false, MangledType::Named("ocl_event".into()))]);
        let d = demangle("_Z5fractfPf").unwrap();
        assert_eq!(d.args, vec![F, p(0, false, F)]);
    }

    #[test]
    fn atomic_types_are_substitution_candidates() {
        let d = demangle(
            "_Z37atomic_compare_exchange_weak_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope",
        )
        .unwrap();
        assert_eq!(d.name, "atomic_compare_exchange_weak_explicit");
        let order = MangledType::Named("memory_order".into());
        assert_eq!(
            d.args,
            vec![p(4, false, I), p(4, false, I), I, order.clone(), order, MangledType::Named("memory_scope".into())]
        );
        let d = demangle("_Z16atomic_fetch_addPU3AS1VU7_Atomicff").unwrap();
        assert_eq!(d.args, vec![p(1, false, F), F]);
        assert_eq!(demangle("_Z11atomic_loadPU7_Atomici").unwrap().args, vec![p(0, false, I)]);
    }

    #[test]
    fn named_types() {
        let d = demangle("_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i").unwrap();
        assert_eq!(d.args[0], MangledType::Named("ocl_image2d_ro".into()));
        assert_eq!(d.args[1], MangledType::Named("ocl_sampler".into()));
    }

    #[test]
    fn garbage_is_none() {
        for s in ["", "_Z", "_Z99x", "_Z3fooS9_", "_Z3fooDv4_", "_Z3fooPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPf", "_Z3fooQ"] {
            assert!(demangle(s).is_none(), "{s}");
        }
    }
}

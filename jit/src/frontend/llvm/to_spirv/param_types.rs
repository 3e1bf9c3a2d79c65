//! The element type of a kernel's opaque pointer parameters (`ptr addrspace(1)`):
//! LLVM 15 and later no longer write it, but the SPIR-V kernel's parameter type tells
//! the runtime (and `spirjit info`) what the buffer holds. It is recovered from the
//! OpenCL argument metadata (`kernel_arg_base_type`, else `kernel_arg_type`: `float*`,
//! `uint4*`, `atomic_int*`), else from the parameter's uses (the loads, stores and
//! atomics through it and the `getelementptr`s based on it, when they agree on one
//! scalar or vector type), else it stays `i8` (any bytes).
//!
//! It reads the model and the metadata; it must not write instructions.

use super::Writer;
use crate::frontend::llvm::model::{Function, InstKind, Operand, Type, TypeId};

/// The SPIR-V element type of opaque pointer parameter `i` of kernel `f`, whose
/// OpenCL C type name the metadata gives as `type_name`, or `None` when neither the
/// name nor the uses say.
pub(crate) fn pointee(w: &mut Writer<'_>, type_name: Option<&str>, f: &Function, i: usize) -> Option<u32> {
    let named = type_name.and_then(parse_type_name);
    if let Some((scalar, len)) = named {
        let t = match scalar {
            Named::Int(bits) => w.t_int(bits),
            Named::Float(bits) => w.t_float(bits),
        };
        return Some(if len > 1 { w.t_vec(t, len) } else { t });
    }
    let t = from_uses(w, f, i)?;
    w.ty(t).ok()
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Named {
    Int(u32),
    Float(u32),
}

/// `float*`, `const uint4 *`, `unsigned char*`: the element type (and vector length)
/// of an OpenCL C pointer type name; `None` for anything else (structs, images,
/// pointers to pointers).
fn parse_type_name(name: &str) -> Option<(Named, u32)> {
    let base = name.trim().strip_suffix('*')?;
    if base.contains('*') {
        return None;
    }
    // clang's base type of `atomic_int*` is `_Atomic(int)*`.
    let base = base.trim();
    let base = base.strip_prefix("_Atomic(").and_then(|b| b.strip_suffix(')')).unwrap_or(base);
    let words: Vec<&str> = base
        .split_whitespace()
        .filter(|w| !matches!(*w, "const" | "volatile" | "restrict" | "__restrict" | "__global" | "global"))
        .collect();
    let (unsigned, word) = match words.as_slice() {
        ["unsigned"] => (true, "int"),
        [w] => (false, *w),
        ["unsigned", w] | ["signed", w] => (words[0] == "unsigned", *w),
        _ => return None,
    };
    // OpenCL 2.0's `atomic_int`, ... hold the type they wrap; `atomic_flag` an `int`.
    let word = match word.strip_prefix("atomic_") {
        Some("flag") => "int",
        Some(w) => w,
        None => word,
    };
    let digits = word.len() - word.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (scalar, len) = word.split_at(word.len() - digits);
    let len = if len.is_empty() { 1 } else { len.parse().ok()? };
    if !matches!(len, 1 | 2 | 3 | 4 | 8 | 16) {
        return None;
    }
    let scalar = scalar.strip_prefix('u').filter(|_| !unsigned).unwrap_or(scalar);
    let t = match scalar {
        "char" => Named::Int(8),
        "short" => Named::Int(16),
        "int" => Named::Int(32),
        "long" => Named::Int(64),
        "half" => Named::Float(16),
        "float" => Named::Float(32),
        "double" => Named::Float(64),
        _ => return None,
    };
    Some((t, len))
}

/// The one scalar or vector type the accesses through parameter `i` (directly or
/// through `getelementptr`s based on it) use, or `None` when there are none or they
/// disagree.
fn from_uses(w: &Writer<'_>, f: &Function, i: usize) -> Option<TypeId> {
    let m = w.m;
    let mut derived = vec![false; f.local_types.len()];
    *derived.get_mut(i)? = true;
    let is_derived = |d: &[bool], op: &Operand| matches!(op, Operand::Local(l) if d.get(l.0 as usize) == Some(&true));
    // `getelementptr`s of `getelementptr`s, in any block order (a few rounds suffice).
    for _ in 0..4 {
        let mut changed = false;
        for inst in f.blocks.iter().flat_map(|b| &b.insts) {
            if let (InstKind::Gep { base, .. }, Some(r)) = (&inst.kind, inst.result) {
                if is_derived(&derived, base) && derived.get(r.0 as usize) == Some(&false) {
                    derived[r.0 as usize] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let operand_ty = |op: &Operand| match op {
        Operand::Local(l) => f.local_types.get(l.0 as usize).copied(),
        Operand::Const(c) => m.consts.get(c.0 as usize).map(|_| m.const_ty(*c)),
        Operand::Metadata => None,
    };
    let mut found: Option<TypeId> = None;
    for inst in f.blocks.iter().flat_map(|b| &b.insts) {
        let t = match &inst.kind {
            InstKind::Load { ptr, .. } if is_derived(&derived, ptr) => Some(inst.ty),
            InstKind::Store { ptr, value, .. } if is_derived(&derived, ptr) => operand_ty(value),
            InstKind::AtomicRmw { ptr, value, .. } if is_derived(&derived, ptr) => operand_ty(value),
            InstKind::CmpXchg { ptr, new, .. } if is_derived(&derived, ptr) => operand_ty(new),
            _ => None,
        };
        let Some(t) = t else { continue };
        if !element_like(m.types.get(t.0 as usize), m) {
            return None;
        }
        match found {
            None => found = Some(t),
            Some(f) if f == t => {}
            Some(_) => return None,
        }
    }
    found
}

/// Whether `t` is an integer, float or vector of them: a buffer element.
fn element_like(t: Option<&Type>, m: &crate::frontend::llvm::model::Module) -> bool {
    match t {
        Some(Type::Int(8 | 16 | 32 | 64) | Type::Half | Type::Float | Type::Double) => true,
        Some(Type::Vector { elem, .. }) => element_like(m.types.get(elem.0 as usize), m),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_names() {
        assert_eq!(parse_type_name("float*"), Some((Named::Float(32), 1)));
        assert_eq!(parse_type_name("const uint4 *"), Some((Named::Int(32), 4)));
        assert_eq!(parse_type_name("unsigned char*"), Some((Named::Int(8), 1)));
        assert_eq!(parse_type_name("double16*"), Some((Named::Float(64), 16)));
        assert_eq!(parse_type_name("ulong*"), Some((Named::Int(64), 1)));
        assert_eq!(parse_type_name("half*"), Some((Named::Float(16), 1)));
        assert_eq!(parse_type_name("atomic_ulong*"), Some((Named::Int(64), 1)));
        assert_eq!(parse_type_name("atomic_flag*"), Some((Named::Int(32), 1)));
        assert_eq!(parse_type_name("_Atomic(unsigned int)*"), Some((Named::Int(32), 1)));
        for bad in ["float", "float**", "struct S*", "image2d_t", "float5*", "", "*", "uunsigned*", "my_t*"] {
            assert_eq!(parse_type_name(bad), None, "{bad}");
        }
    }
}

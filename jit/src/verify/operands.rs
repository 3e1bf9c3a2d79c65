//! Operand rules of each operation: how many operands, of which types, and how they
//! relate to the result type. Returns the rule broken, without the location (the
//! caller adds the block and the instruction).

use crate::ir::{BinaryOp, ConvOp, Function, Inst, InstKind, MathOp, Scalar, SubGroupOp, Type, UnaryOp, Value};

type Rule = Result<(), String>;

fn fail<T>(msg: impl Into<String>) -> Result<T, String> {
    Err(msg.into())
}

fn is_int(t: &Type) -> bool {
    t.scalar().is_some_and(Scalar::is_int)
}

fn is_float(t: &Type) -> bool {
    t.scalar().is_some_and(Scalar::is_float)
}

fn is_bool(t: &Type) -> bool {
    t.scalar() == Some(Scalar::Bool)
}

fn is_ptr(t: &Type) -> bool {
    matches!(t, Type::Scalar(Scalar::Ptr(_)))
}

fn is_int_scalar(t: &Type) -> bool {
    is_int(t) && t.lanes() == Some(1)
}

/// What kind of scalar an operation needs, for messages.
fn kind_ok(t: &Type, want: &str) -> Rule {
    let ok = match want {
        "integer" => is_int(t),
        "float" => is_float(t),
        "integer or bool" => is_int(t) || is_bool(t),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        fail(format!("operates on {want} scalars or vectors, not {t}"))
    }
}

/// `v` must have type `want` (named `what` in the message).
fn same(func: &Function, v: Value, want: &Type, what: &str) -> Rule {
    let t = func.ty(v);
    if t == want {
        Ok(())
    } else {
        fail(format!("{v} is {t}, but {what} must be {want}"))
    }
}

fn pointer(func: &Function, v: Value) -> Rule {
    if is_ptr(func.ty(v)) {
        Ok(())
    } else {
        fail(format!("{v} is {}, not a pointer", func.ty(v)))
    }
}

fn int_scalar(func: &Function, v: Value, what: &str) -> Rule {
    if is_int_scalar(func.ty(v)) {
        Ok(())
    } else {
        fail(format!("{what} {v} is {}, not an integer scalar", func.ty(v)))
    }
}

fn arity(n: usize, want: usize) -> Rule {
    if n == want {
        Ok(())
    } else {
        fail(format!("takes {want} operands, has {n}"))
    }
}

/// Operations that define a value; the others define none.
fn needs_result(kind: &InstKind) -> Option<bool> {
    use InstKind::*;
    match kind {
        Store { .. } | CopyMemory { .. } | AtomicStore { .. } | Barrier | MemoryFence => Some(false),
        Call { .. } | CallWhole { .. } | AtomicRmw { .. } | AtomicCmpXchg { .. } => None,
        _ => Some(true),
    }
}

/// Check the operands of `inst` against its operation and result type.
pub(super) fn check(func: &Function, inst: &Inst) -> Rule {
    use InstKind::*;
    match (needs_result(&inst.kind), inst.result) {
        (Some(true), None) => return fail("defines no value, but the operation has a result"),
        (Some(false), Some(_)) => return fail("defines a value, but the operation has no result"),
        _ => {}
    }
    let r = inst.result.map(|v| func.ty(v).clone());
    let r = r.as_ref();
    let res = || r.cloned().unwrap_or(Type::I8);
    let ty = |v: Value| func.ty(v);
    match &inst.kind {
        Const(bits) => {
            let t = res();
            match t.lanes() {
                Some(n) if n as usize == bits.len() => Ok(()),
                Some(n) => fail(format!("has {} components for a {t} of {n}", bits.len())),
                None => fail(format!("makes an aggregate {t}; aggregates are built with construct")),
            }
        }
        Undef | Param(_) | Call { .. } | CallWhole { .. } | Barrier | MemoryFence => Ok(()),
        Unary(op, a) => {
            let t = res();
            same(func, *a, &t, "the operand")?;
            kind_ok(
                &t,
                match op {
                    UnaryOp::INeg => "integer",
                    UnaryOp::FNeg => "float",
                    UnaryOp::Not => "integer or bool",
                },
            )
        }
        Binary(op, a, b) => {
            let t = res();
            same(func, *a, &t, "the first operand")?;
            same(func, *b, &t, "the second operand")?;
            use BinaryOp::*;
            kind_ok(
                &t,
                match op {
                    FAdd | FSub | FMul | FDiv | FRem | FMod => "float",
                    And | Or | Xor => "integer or bool",
                    _ => "integer",
                },
            )
        }
        Fma(a, b, c) => {
            let t = res();
            for v in [a, b, c] {
                same(func, *v, &t, "every operand")?;
            }
            kind_ok(&t, "float")
        }
        Icmp(_, a, b) | Fcmp(_, a, b) => {
            let float = matches!(inst.kind, Fcmp(..));
            let t = ty(*a).clone();
            same(func, *b, &t, "the second operand (the first's type)")?;
            if float {
                kind_ok(&t, "float")?;
            } else if !(is_int(&t) || is_bool(&t) || is_ptr(&t)) {
                return fail(format!("compares integers, bools or pointers, not {t}"));
            }
            let want = t.with_scalar(Scalar::Bool);
            if res() == want {
                Ok(())
            } else {
                fail(format!("gives {}, but comparing {t} gives {want}", res()))
            }
        }
        Select(c, a, b) => {
            let t = res();
            same(func, *a, &t, "the first choice")?;
            same(func, *b, &t, "the second choice")?;
            let ct = ty(*c);
            if ct == &Type::BOOL || (is_bool(ct) && ct.lanes() == t.lanes() && matches!(ct, Type::Vector(..))) {
                Ok(())
            } else {
                fail(format!("the condition {c} is {ct}, not bool or a bool vector of {t}'s length"))
            }
        }
        Convert(conv, a) => convert(conv.op, ty(*a), &res()),
        Bitcast(a) => {
            let (from, to) = (ty(*a), res());
            if from.size() == to.size() && from.lanes().is_some() && to.lanes().is_some() {
                Ok(())
            } else {
                fail(format!("reinterprets {from} as {to}; both must be scalars or vectors of one size"))
            }
        }
        Extract(a, i) => match ty(*a).component(*i) {
            Some(c) if c == res() => Ok(()),
            Some(c) => fail(format!("component {i} of {} is {c}, not {}", ty(*a), res())),
            None => fail(format!("index {i} is out of range for {}", ty(*a))),
        },
        Insert { aggregate, element, index } => {
            let t = res();
            same(func, *aggregate, &t, "the aggregate")?;
            match t.component(*index) {
                Some(c) => same(func, *element, &c, &format!("component {index}")),
                None => fail(format!("index {index} is out of range for {t}")),
            }
        }
        ExtractDyn(v, i) => {
            vector_of(ty(*v), &res())?;
            int_scalar(func, *i, "the index")
        }
        InsertDyn { vector, element, index } => {
            let t = res();
            same(func, *vector, &t, "the vector")?;
            vector_of(&t, ty(*element))?;
            int_scalar(func, *index, "the index")
        }
        Shuffle { a, b, indices } => {
            let (ta, tb, t) = (ty(*a), ty(*b), res());
            let (Some(na), Some(nb)) = (ta.lanes(), tb.lanes()) else {
                return fail(format!("shuffles {ta} and {tb}; both must be vectors or scalars"));
            };
            if ta.scalar() != tb.scalar() || t.scalar() != ta.scalar() || t.lanes() != Some(indices.len() as u32) {
                return fail(format!("shuffles {ta} and {tb} into {t} with {} indices", indices.len()));
            }
            match indices.iter().find(|i| **i != u32::MAX && **i >= na + nb) {
                Some(i) => fail(format!("index {i} is out of range for {} components", na + nb)),
                None => Ok(()),
            }
        }
        Construct(vs) => {
            let t = res();
            if t.component_count() != vs.len() as u64 {
                return fail(format!("builds {t} of {} components from {}", t.component_count(), vs.len()));
            }
            for (i, v) in vs.iter().enumerate() {
                match t.component(i as u32) {
                    Some(c) => same(func, *v, &c, &format!("component {i}"))?,
                    None => return fail(format!("builds {t}, which has no component {i}")),
                }
            }
            Ok(())
        }
        PtrAdd(p, o) => {
            pointer(func, *p)?;
            same(func, *p, &res(), "the pointer (the result's type)")?;
            int_scalar(func, *o, "the offset")
        }
        Load { ptr, .. } | AtomicLoad { ptr } => pointer(func, *ptr),
        Store { ptr, .. } | AtomicStore { ptr, .. } => pointer(func, *ptr),
        CopyMemory { dst, src, size } => {
            pointer(func, *dst)?;
            pointer(func, *src)?;
            int_scalar(func, *size, "the size")
        }
        AtomicRmw { ptr, value, .. } => {
            pointer(func, *ptr)?;
            match r {
                Some(t) => same(func, *value, t, "the operand (the result's type)"),
                None => Ok(()),
            }
        }
        AtomicCmpXchg { ptr, expected, replacement } => {
            pointer(func, *ptr)?;
            same(func, *replacement, ty(*expected), "the replacement (the expected value's type)")?;
            match r {
                Some(t) => same(func, *expected, t, "the expected value (the result's type)"),
                None => Ok(()),
            }
        }
        WorkItem(_, d) => {
            int_scalar(func, *d, "the dimension")?;
            if is_int_scalar(&res()) {
                Ok(())
            } else {
                fail(format!("gives {}, not an integer scalar", res()))
            }
        }
        WorkDim => result_is(&res(), &Type::I32),
        ArgSize(_) => result_is(&res(), &Type::I64),
        VarAddr(_) | LocalAddr(_) | DataAddr(_) => {
            if is_ptr(&res()) {
                Ok(())
            } else {
                fail(format!("gives {}, not a pointer", res()))
            }
        }
        Math(op, args) => math(func, *op, args, &res()),
        SubGroup { op, args } => {
            arity(args.len(), op.arity())?;
            if matches!(op, SubGroupOp::All | SubGroupOp::Any) && ty(args[0]) != &Type::BOOL {
                return fail(format!("{op:?} takes a bool, not {}", ty(args[0])));
            }
            Ok(())
        }
    }
}

fn result_is(r: &Type, want: &Type) -> Rule {
    if r == want {
        Ok(())
    } else {
        fail(format!("gives {r}, but the operation gives {want}"))
    }
}

/// `v` is a vector whose components are `elem`.
fn vector_of(v: &Type, elem: &Type) -> Rule {
    match v {
        Type::Vector(s, _) if &Type::Scalar(*s) == elem => Ok(()),
        _ => fail(format!("{v} is not a vector of {elem}")),
    }
}

fn convert(op: ConvOp, from: &Type, to: &Type) -> Rule {
    use ConvOp::*;
    if from.lanes().is_none() || from.lanes() != to.lanes() {
        return fail(format!("converts {from} to {to}; the component counts must match"));
    }
    let (f, t) = (from.scalar(), to.scalar());
    let int = |s: Option<Scalar>| s.is_some_and(Scalar::is_int);
    let float = |s: Option<Scalar>| s.is_some_and(Scalar::is_float);
    let ptr = |s: Option<Scalar>| matches!(s, Some(Scalar::Ptr(_)));
    let bool_ = |s: Option<Scalar>| s == Some(Scalar::Bool);
    let ok = match op {
        UToU | SToS | SToU | UToS => int(f) && int(t),
        FToS | FToU => float(f) && int(t),
        SToF | UToF => int(f) && float(t),
        FToF => float(f) && float(t),
        PtrToInt => ptr(f) && int(t),
        IntToPtr => int(f) && ptr(t),
        PtrToPtr => ptr(f) && ptr(t),
        BoolToNum => bool_(f) && (int(t) || float(t)),
        NumToBool => (int(f) || float(f)) && bool_(t),
    };
    if ok {
        Ok(())
    } else {
        fail(format!("{op:?} cannot convert {from} to {to}"))
    }
}

fn math(func: &Function, op: MathOp, args: &[Value], r: &Type) -> Rule {
    use MathOp::*;
    let (n, kind) = match op {
        FAbs | Sqrt | Floor | Ceil | Trunc | Rint | Round => (1, "float"),
        FMin | FMax | CopySign => (2, "float"),
        Mad => (3, "float"),
        IAbs | Clz | Ctz | Popcount => (1, "integer"),
        SMin | SMax | UMin | UMax | SMulHi | UMulHi => (2, "integer"),
    };
    arity(args.len(), n)?;
    for a in args {
        same(func, *a, r, "every operand (the result's type)")?;
    }
    kind_ok(r, kind)
}

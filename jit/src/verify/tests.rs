//! Tests of the verifier: each kind of rule, on functions written as KIR text.

use super::verify;
use crate::ir::parse::parse_function;

/// The verifier's message for `text` (which must parse).
fn broken(text: &str) -> String {
    let f = parse_function(text).unwrap_or_else(|e| panic!("{e}"));
    match verify(&f) {
        Ok(()) => panic!("verified:\n{f}"),
        Err(e) => e,
    }
}

#[test]
fn well_formed_functions_verify() {
    let f = parse_function(
        "block0():
    v0: i32 = const 0x0
    v1: i64 = GlobalId v0
    v2: bool = icmp Ult v1, v1
    br v2, block1(v0), block2()
block1(v3: i32):
    v4: i32 = IAdd v3, v0
    jump block1(v4)
block2():
    return
",
    )
    .unwrap();
    verify(&f).unwrap();
}

#[test]
fn operand_types_are_checked() {
    let cases = [
        (
            "block0():\n    v0: i32 = const 0x1\n    v1: i64 = const 0x1\n    v2: i32 = IAdd v0, v1\n    return\n",
            "block0: `v2: i32 = IAdd v0, v1`: v1 is i64, but the second operand must be i32",
        ),
        (
            "block0():\n    v0: i32 = const 0x1\n    v1: i32 = icmp Eq v0, v0\n    return\n",
            "block0: `v1: i32 = icmp Eq v0, v0`: gives i32, but comparing i32 gives bool",
        ),
        (
            "block0():\n    v0: i32 = const 0x1\n    v1: f32 = load v0, align 4\n    return\n",
            "block0: `v1: f32 = load v0, align 4`: v0 is i32, not a pointer",
        ),
        (
            "block0():\n    v0: i32 = const 0x1\n    v1: i32 = select v0, v0, v0\n    return\n",
            "block0: `v1: i32 = select v0, v0, v0`: the condition v0 is i32, not bool or a bool vector of i32's length",
        ),
        (
            "block0():\n    v0: i32x4 = const 0x1, 0x2, 0x3, 0x4\n    v1: i32 = extract v0, 4\n    return\n",
            "block0: `v1: i32 = extract v0, 4`: index 4 is out of range for i32x4",
        ),
        (
            "block0():\n    v0: f32 = const 0x1\n    v1: f32 = IAdd v0, v0\n    return\n",
            "block0: `v1: f32 = IAdd v0, v0`: operates on integer scalars or vectors, not f32",
        ),
        (
            "block0():\n    v0: i32x2 = const 0x1\n    return\n",
            "block0: `v0: i32x2 = const 0x1`: has 1 components for a i32x2 of 2",
        ),
        (
            "block0():\n    v0: f32 = const 0x1\n    v1: f32 = FMin v0\n    return\n",
            "block0: `v1: f32 = FMin v0`: takes 2 operands, has 1",
        ),
        (
            "block0():\n    v0: i32 = const 0x1\n    jump block1(v0)\nblock1(v1: i64):\n    return\n",
            "block0: `jump block1(v0)`: passes v0: i32 to block1 parameter v1: i64",
        ),
        (
            "block0():\n    v0: i32 = const 0x1\n    br v0, block0(), block0()\n",
            "block0: `br v0, block0(), block0()`: the condition v0 is i32, not bool",
        ),
        (
            "block0():\n    v0: f32 = const 0x1\n    v1: i32 = convert SToS v0\n    return\n",
            "block0: `v1: i32 = convert SToS v0`: SToS cannot convert f32 to i32",
        ),
    ];
    let mut wrong = Vec::new();
    for (text, want) in cases {
        let got = broken(text);
        if got != want {
            wrong.push(format!("{text}\n  got  {got}\n  want {want}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn uses_must_be_dominated_by_their_definitions() {
    // Defined in one arm of a branch, used at the join.
    let e = broken(
        "block0():
    v0: bool = const 0x1
    br v0, block1(), block2()
block1():
    v1: i32 = const 0x7
    jump block2()
block2():
    v2: i32 = IAdd v1, v1
    return
",
    );
    assert_eq!(e, "block2: `v2: i32 = IAdd v1, v1`: uses v1, whose definition in block1 does not dominate block2");
    // Used before its definition in the same block.
    let e = broken("block0():\n    v0: i32 = IAdd v1, v1\n    v1: i32 = const 0x1\n    return\n");
    assert_eq!(e, "block0: `v0: i32 = IAdd v1, v1`: uses v1 before its definition");
    // A block parameter used outside the blocks it dominates.
    let e = broken(
        "block0():
    v0: i32 = const 0x1
    v5: bool = const 0x1
    br v5, block1(v0), block2()
block1(v1: i32):
    jump block2()
block2():
    jump block3(v1)
block3(v2: i32):
    return
",
    );
    assert_eq!(e, "block2: `jump block3(v1)`: uses v1, whose definition in block1 does not dominate block2");
}

#[test]
fn structure_is_checked() {
    let mut f = parse_function("block0():\n    v0: i32 = const 0x1\n    return\n").unwrap();
    f.blocks[0].insts.push(crate::ir::InstId(0));
    assert_eq!(verify(&f).unwrap_err(), "block0: inst0 is also listed in block0");
    let mut f = parse_function("block0():\n    v0: i32 = const 0x1\n    return\n").unwrap();
    f.values[0].origin = crate::ir::ValueOrigin::BlockParam(crate::ir::BlockId(0), 0);
    assert_eq!(verify(&f).unwrap_err(), "block0: v0 is recorded with another origin than inst0");
}

/// A straight chain of 200k instructions and a chain of 20k blocks verify quickly.
#[test]
fn verification_is_linear() {
    let mut text = String::from("block0():\n    v0: i32 = const 0x1\n");
    for i in 1..200_000 {
        text.push_str(&format!("    v{i}: i32 = IAdd v{}, v0\n", i - 1));
    }
    text.push_str("    jump block1()\n");
    let blocks = 20_000;
    for b in 1..blocks {
        text.push_str(&format!(
            "block{b}():\n    v{}: i32 = IAdd v{}, v0\n    jump block{}()\n",
            199_999 + b,
            199_998 + b,
            b + 1
        ));
    }
    text.push_str(&format!("block{blocks}():\n    return\n"));
    let f = parse_function(&text).unwrap();
    let start = std::time::Instant::now();
    verify(&f).unwrap();
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "took {:?}", start.elapsed());
}
